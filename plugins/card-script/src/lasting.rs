//! Abilities a played card leaves in effect for a while: "Prevent all damage done by Space units
//! this turn." A Battle card or Mission printing one proposes `lasts` as it resolves (API 1.14);
//! the engine then calls its ability, the card in a discard pile and `ability.unit` =
//! `NOT_IN_PLAY`, at the hooks this plugin lists, because the manifest's `zones` names
//! `lasting`. Prohibitions kept so ("Your opponent can't play Battle cards this
//! turn.") are answered by the `forbids` query instead ([`crate::forbids`]).

use swtcg_card_script::script::{Effect as Does, Owner, Pick, Script, Step, Units};
use swtcg_sdk::*;

use crate::units::{anyone, names, units_carried_out};

/// Whether a step is a prevention a played card keeps in effect: the damage some units do, or
/// the damage done to every unit a phrase names, prevented for a while ("Prevent all damage done
/// by Ground units this turn.", "Prevent all damage done to units in the Character arena this
/// turn."). A prevention of one unit's damage is its unit's for the while instead
/// ([`crate::steps`]' shield). Neither phrase may be about a player ("your units"): the
/// ability is not told its controller at a hook.
pub(crate) fn prevention_carried_out(step: &Step) -> bool {
    let Does::Prevent {
        to,
        amount: None,
        by,
    } = &step.effect
    else {
        return false;
    };
    let about_no_player = |units: &Units| {
        units.pick == Pick::Each
            && units.owner == Owner::Any
            && !units.other
            && units_carried_out(units, false)
    };
    step.duration.is_some()
        && !step.optional
        && step.only_if.is_none()
        && about_no_player(to)
        && by.as_ref().is_none_or(about_no_player)
}

/// Whether a script keeps something in effect beyond its card (a prohibition, a prevention for a
/// while): only a card played can, and the host refuses `lasts` of a unit's ability.
pub(crate) fn lasts(script: &Script) -> bool {
    crate::forbids::lasts(script) || script.steps.iter().any(prevention_carried_out)
}

/// The damage pending now that a kept prevention prevents: all of each instance's damage to a
/// unit its phrase names, done by a unit its source phrase names (game 10.7: at the prevention
/// POP of each instance of damage, the hook `pop-p7`).
pub(crate) fn prevent(script: &Script) -> Vec<Effect> {
    let mut effects = Vec::new();
    for step in script.steps.iter().filter(|s| prevention_carried_out(s)) {
        effects.extend(prevent_pending(step));
    }
    effects
}

/// The effects of a kept prevention's step on the damage pending now.
pub(crate) fn prevent_pending(step: &Step) -> Vec<Effect> {
    let Does::Prevent { to, by, .. } = &step.effect else {
        return Vec::new();
    };
    // No phrase here is about a player or "other" units (`prevention_carried_out`), so the
    // view of the card asked about them is never read for its controller.
    let card = crate::activated::played_card(Side::Dark);
    let named = |units: &Units, unit: Option<UnitId>| {
        unit.and_then(host::unit)
            .is_some_and(|unit| names(&anyone(units), &unit, &card))
    };
    // Each unit the phrase names with damage pending, all of its damage from the sources the
    // phrase names (the SDK's `prevention_offer` adds it up).
    let mut targets: Vec<UnitId> = Vec::new();
    for pending in host::pending_damage() {
        if !targets.contains(&pending.target) && named(to, Some(pending.target)) {
            targets.push(pending.target);
        }
    }
    targets
        .into_iter()
        .filter_map(|unit| {
            let amount = prevention_offer(unit, u32::MAX, |p| {
                p.preventable && by.as_ref().is_none_or(|by| named(by, p.source))
            });
            (amount > 0).then_some(Effect::Prevent(UnitAmount { unit, amount }))
        })
        .collect()
}
