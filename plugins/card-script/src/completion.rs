//! What a Mission says about its own completion (API 1.15): "To complete Obi-Wan's Task, you
//! must also tap one of your untapped Jedi in the Character arena." is a cost paid with the
//! build counters (game 7.2): the plain completion is forbidden (the act `complete`) and
//! `completions` offers the route with that cost instead; "You may complete this Mission only
//! if you have a Jedi in the Character arena." forbids the plain completion while the condition
//! does not hold. The host asks these of the card's own text while it is being built, as it
//! asks "Reduced Cost 5: If <condition>." (keywords.md) of a card of any type: a route with 5
//! build counters while the condition holds.

use swtcg_card_script::script::{Effect, Kind, Limit, Script};
use swtcg_sdk::*;

use crate::units::{condition_carried_out, holds};

/// Whether a text may be about completing its card: a quick look before it is read.
pub(crate) fn may_be_about_completing(text: &str) -> bool {
    text.to_ascii_lowercase().contains("complete")
}

/// The cost printed after "you must (also)" in "To complete ~, you must also <cost>.", as the
/// engine's grammar of costs reads it.
fn printed_cost(text: &str) -> Option<&str> {
    let lower = text.to_ascii_lowercase();
    let start = ["you must also ", "you must "]
        .iter()
        .find_map(|w| lower.find(w).map(|at| at + w.len()))?;
    let end = start + lower[start..].find('.')?;
    let cost = text[start..end].trim();
    api::cost::parse_costs(cost).is_ok().then_some(cost)
}

/// Whether the script is a condition on completing the card alone ("You may complete this
/// Mission only if ..."): no steps, no costs, only limits with a condition.
fn only_if(script: &Script) -> bool {
    script.steps.is_empty()
        && script.costs.is_empty()
        && !script.limits.is_empty()
        && script.limits.iter().all(|l| matches!(l, Limit::If(_)))
}

/// Whether this plugin carries out what the text says about completing its card: a cost the
/// engine can pay, or a condition it can tell. `resolves` says whether the rest of the text
/// (steps that happen when the Mission resolves) is carried out too.
pub(crate) fn claimed(script: &Script, text: &str, resolves: impl Fn(&Script) -> bool) -> bool {
    if script.kind != Kind::Played || !may_be_about_completing(text) {
        return false;
    }
    if !script.costs.is_empty() {
        return printed_cost(text).is_some()
            && (script.steps.is_empty() || resolves(&without_costs(script)));
    }
    only_if(script)
        && script.limits.iter().all(|l| match l {
            Limit::If(condition) => condition_carried_out(condition),
            _ => false,
        })
}

/// The script as it resolves: the completion costs were paid when it was completed.
pub(crate) fn without_costs(script: &Script) -> Script {
    Script {
        costs: Vec::new(),
        ..script.clone()
    }
}

/// Whether the text forbids completing `unit`, its own card, with build counters alone: it
/// has a cost to pay with them, or a condition that does not hold now.
pub(crate) fn forbids(script: &Script, me: &UnitView, unit: UnitId) -> bool {
    if unit != me.id || me.built {
        return false;
    }
    if !script.costs.is_empty() {
        return true;
    }
    only_if(script)
        && script.limits.iter().any(|l| match l {
            Limit::If(condition) => !holds(condition, me),
            _ => false,
        })
}

/// The route that completes the card with its build counters and the printed cost (game 7.2),
/// in its owner's build step.
pub(crate) fn routes(script: &Script, text: &str, me: &UnitView) -> Vec<Completion> {
    if script.costs.is_empty() || me.built || me.zone != Zone::BuildZone {
        return Vec::new();
    }
    let Some(cost) = printed_cost(text) else {
        return Vec::new();
    };
    vec![Completion {
        label: format!("build counters and {}", cost.to_ascii_lowercase()),
        cost: Some(cost.to_string()),
        min_counters: me.cost.max(0) as u32,
        force_for_missing: false,
        from_hand: false,
        anytime: false,
    }]
}

/// Whether a text may be a Reduced Cost: a quick look before it is read.
pub(crate) fn may_be_reduced_cost(text: &str) -> bool {
    text.get(..12)
        .is_some_and(|head| head.eq_ignore_ascii_case("reduced cost"))
}

/// Whether the script is a "Reduced Cost X: If <condition>." one.
pub(crate) fn is_reduced_cost(script: &Script) -> bool {
    script
        .steps
        .iter()
        .any(|step| matches!(step.effect, Effect::ReducedCost(_)))
}

/// "Reduced Cost X: If <condition>." (keywords.md): a route that completes the card being built
/// with X build counters, in its owner's build step, while the condition holds ("must be met in
/// order for you to be able to pay the Reduced Cost"). X replaces the printed build cost, and
/// "other reductions ... still apply on top (Reduced Cost 6 and '1 less' -> 5 counters)": the
/// route needs X plus what the card's build cost is changed by now. One no lower than the build
/// cost changes nothing, so it is not offered.
pub(crate) fn reduced(script: &Script, me: &UnitView) -> Vec<Completion> {
    if me.built || me.zone != Zone::BuildZone || !crate::statics::carried_out(script) {
        return Vec::new();
    }
    let Some(x) = script.steps.iter().find_map(|step| match step.effect {
        Effect::ReducedCost(x) => Some(x),
        _ => None,
    }) else {
        return Vec::new();
    };
    let Some(printed) = host::printed(me.id).and_then(|card| card.cost) else {
        return Vec::new();
    };
    let counters = (x as i32).saturating_add(me.cost - printed).max(0);
    if counters >= me.cost.max(0) || !script.conditions.iter().all(|c| holds(c, me)) {
        return Vec::new();
    }
    vec![Completion {
        label: format!("Reduced Cost {x}"),
        cost: None,
        min_counters: counters as u32,
        force_for_missing: false,
        from_hand: false,
        anytime: false,
    }]
}
