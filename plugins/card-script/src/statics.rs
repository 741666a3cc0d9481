//! Static abilities (game 13.1.3): stat changes and keywords that hold while the card is in play
//! and the script's conditions hold — "<units> gets +N power, +N health, +N speed" and "<units>
//! gets Accuracy 1", optionally "As long as this unit is in the <arena> arena" or "as long as
//! it's attacking <units>" (the unit getting the change, while it attacks) — for the card
//! itself or every unit a phrase names. Keywords given to other units are an aura (API 1.9
//! `granted-abilities-for`).

use swtcg_card_script::script::{
    Amount, Condition, CostAction, Count, Effect, Filter, Keyword, Kind, Pick, Player, Resource,
    Script, Step, Trigger, UnitRule, Units, Where,
};
use swtcg_card_script::vocabulary::GRANTED_KEYWORDS;
use swtcg_sdk::Effect as SdkEffect;
use swtcg_sdk::*;

use crate::granted::{ability_texts, keyword_text, keyword_texts};
use crate::units::{
    anyone, condition_carried_out, count_carried_out, counted, holds, names,
    names_card_being_built, units_carried_out,
};

/// Whether this plugin carries out every part of a static script.
pub(crate) fn carried_out(script: &Script) -> bool {
    script.kind == Kind::Static
        && script.trigger.is_none()
        && script.costs.is_empty()
        && script.limits.is_empty()
        && script
            .conditions
            .iter()
            .all(|c| condition_carried_out(c) || attacking_carried_out(c))
        && !script.steps.is_empty()
        && script.steps.iter().all(step_carried_out)
}

/// Whether a static script of a card is in effect now: the card is in play (in an arena, or a
/// Resource in its Resource zone) and the script's conditions hold.
fn in_effect(script: &Script, me: &UnitView) -> bool {
    me.built && crate::units::in_play(me) && script.conditions.iter().all(|c| holds(c, me))
}

/// The cards a static script draws more for the player whose build step starts (`side`):
/// "draw 1 extra card during your draw step" (BOY Han Solo (A)). The draw is one of the events
/// that start a build step (game 6.2.1), so the extra cards come with them, while the card is in
/// an arena and the script's conditions hold.
pub(crate) fn extra_draws(script: &Script, me: &UnitView, side: Option<Side>) -> Vec<SdkEffect> {
    let Some(side) = side else {
        return Vec::new();
    };
    if !in_effect(script, me) {
        return Vec::new();
    }
    script
        .steps
        .iter()
        .filter_map(|step| match &step.effect {
            Effect::ExtraDraws {
                who,
                amount: Amount::Number(n),
            } if crate::steps::sides_of(*who, me.controller).contains(&side) => {
                Some(SdkEffect::Draw(SideAmount { side, amount: *n }))
            }
            _ => None,
        })
        .collect()
}

/// The subtypes the script gives its own card now ("Treat Lobot as a Droid.", API 1.15
/// `subtypes`): the subtype as printed ("Dark Jedi"), as the card data writes a type line's,
/// while the card is in an arena and the script's conditions hold.
pub(crate) fn subtypes(script: &Script, me: &UnitView) -> Vec<String> {
    if !in_effect(script, me) {
        return Vec::new();
    }
    script
        .steps
        .iter()
        .filter_map(|step| match &step.effect {
            Effect::TreatAs { who, subtype } if who.pick == Pick::This => Some(subtype),
            _ => None,
        })
        .map(|subtype| subtype.trim().to_string())
        .collect()
}

/// Whether this plugin tells an attack condition of a static script: the unit that gets the
/// change ("as long as it's attacking", "when attacking") or the card itself attacks a unit of
/// a phrase, or the card itself ("Each unit gets Backfire 1 when attacking Meetra").
pub(crate) fn attacking_carried_out(condition: &Condition) -> bool {
    let Condition::Attacking { who, target } = condition else {
        return false;
    };
    matches!(who.pick, Pick::That | Pick::This)
        && who.filters.is_empty()
        && target.as_ref().is_none_or(|target| match target.pick {
            Pick::This => true,
            Pick::Any | Pick::Each => units_carried_out(&anyone(target), false),
            _ => false,
        })
}

/// Whether an attack condition holds for `unit`, the unit that would get the change, `me`
/// being the card with the text: the attacker of the current attack is the unit the condition
/// names, and its defender fits.
pub(crate) fn attacking_holds(condition: &Condition, me: &UnitView, unit: &UnitView) -> bool {
    let Condition::Attacking { who, target } = condition else {
        return false;
    };
    let Some(attack) = host::attack() else {
        return false;
    };
    let attacker = if who.pick == Pick::This {
        me.id
    } else {
        unit.id
    };
    attack.attacker == attacker
        && target.as_ref().is_none_or(|target| match target.pick {
            Pick::This => attack.defender == me.id,
            _ => host::unit(attack.defender)
                .is_some_and(|defender| names(&anyone(target), &defender, me)),
        })
}

/// Whether a static script this plugin carries out changes stats.
pub(crate) fn changes_stats(script: &Script) -> bool {
    carried_out(script)
        && script
            .steps
            .iter()
            .any(|s| matches!(s.effect, Effect::Stats { .. }))
}

/// Whether a static script this plugin carries out gives keywords or abilities.
pub(crate) fn grants(script: &Script) -> bool {
    carried_out(script)
        && script
            .steps
            .iter()
            .any(|s| matches!(s.effect, Effect::Grant { .. } | Effect::UseKeyword(_)))
}

/// Whether every change of a static script is for the card itself (or the unit an Equipment is
/// attached to, which is the ability's unit): no other unit need be looked at.
pub(crate) fn only_itself(script: &Script) -> bool {
    script.steps.iter().all(|s| match &s.effect {
        Effect::Stats { who, .. } | Effect::Grant { who, .. } => {
            matches!(who.pick, Pick::This | Pick::Equipped)
        }
        Effect::CostChange { what, .. } => matches!(what.pick, Pick::This | Pick::Equipped),
        _ => true,
    })
}

/// Whether a static script uses a keyword printed as its own ability in a form its keyword
/// plugin reads ("Overkill", "Accuracy 1"): only with reminder text after it is that form this
/// plugin's ("Overkill (When ...)"). A keyword whose number is counted ("Lucky X, where X is
/// ...") is not such a form.
pub(crate) fn uses_keyword(script: &Script) -> bool {
    script
        .steps
        .iter()
        .any(|s| matches!(&s.effect, Effect::UseKeyword(k) if keyword_text(k).is_some()))
}

/// A keyword whose number the text counts ("Lucky X, where X is the number of units your
/// opponent has in the Character arena"): its name and what is counted, if this plugin counts
/// it.
fn counted_keyword(keyword: &Keyword) -> Option<(&'static str, &Count)> {
    let known = GRANTED_KEYWORDS
        .iter()
        .find(|k| k.name.eq_ignore_ascii_case(&keyword.name))?;
    match &keyword.amount {
        Some(Amount::X(Some(count)))
            if known.number
                && !known.cost
                && keyword.costs.is_empty()
                && count_carried_out(count) =>
        {
            Some((known.name, count))
        }
        _ => None,
    }
}

/// An activated keyword whose number the text counts ("Pay 2 Force -> Evade X, where X is the
/// number of cards in Luke's stack"): the printed cost the engine pays, the keyword's name and
/// what is counted, if this plugin counts it. The card gives itself the keyword with the number
/// counted now (`counted_activation_text`), which the keyword's plugin carries out.
pub(crate) fn counted_activation<'s>(
    script: &'s Script,
    text: &'s str,
) -> Option<(&'s str, &'static str, &'s Count)> {
    let [step] = script.steps.as_slice() else {
        return None;
    };
    let Effect::UseKeyword(keyword) = &step.effect else {
        return None;
    };
    let known = GRANTED_KEYWORDS
        .iter()
        .find(|k| k.name.eq_ignore_ascii_case(&keyword.name))?;
    let cost = crate::activated::cost_of(text)?;
    let plain = plain_step(step);
    match &keyword.amount {
        Some(Amount::X(Some(count)))
            if script.kind == Kind::Activated
                && script.trigger.is_none()
                && script.conditions.is_empty()
                && script.limits.is_empty()
                && plain
                && known.cost
                && known.number
                && count_carried_out(count) =>
        {
            Some((cost, known.name, count))
        }
        _ => None,
    }
}

/// The ability a counted activated keyword gives its card now ("Pay 2 Force -> Evade 3"), none
/// while it counts nothing or while the card is not in play.
pub(crate) fn counted_activation_text(script: &Script, text: &str, me: &UnitView) -> Vec<String> {
    let Some((cost, name, count)) = counted_activation(script, text) else {
        return Vec::new();
    };
    let n = counted(count, me);
    if n > 0 && me.built && crate::units::in_play(me) {
        vec![format!("{cost} -> {name} {n}")]
    } else {
        Vec::new()
    }
}

/// Whether a step of a static ability happens as printed, always: no "you may", "if you do",
/// "if", "unless ... pays" or duration.
fn plain_step(step: &Step) -> bool {
    !step.optional
        && !step.if_you_do
        && step.only_if.is_none()
        && step.unless_paid.is_none()
        && step.duration.is_none()
}

fn step_carried_out(step: &Step) -> bool {
    plain_step(step)
        && match &step.effect {
            Effect::Stats { who, per, .. } => {
                units_carried_out(who, false)
                    && per.as_ref().is_none_or(|count| {
                        // "for each damage counter on it": "it" is the card itself only in a
                        // text about the card itself.
                        count_carried_out(count)
                            && (who.pick == Pick::This || matches!(count, Count::Units(_)))
                    })
            }
            // A keyword printed with its reminder text ("Overkill (When this unit attacks,
            // ...)"), which the engine's reader of keyword abilities does not take: the card
            // gives itself the keyword, and its plugin carries it out.
            Effect::UseKeyword(keyword) => {
                keyword_text(keyword).is_some() || counted_keyword(keyword).is_some()
            }
            Effect::AttackDice { who, .. } => who.pick == Pick::This,
            // "Draw 1 extra card during your draw step." (`extra_draws`).
            Effect::ExtraDraws {
                who,
                amount: Amount::Number(_),
            } => matches!(who, Player::You | Player::Opponent | Player::Each),
            // "Treat Lobot as a Droid." (API 1.15 `subtypes`): the card itself.
            Effect::TreatAs { who, subtype } => {
                who.pick == Pick::This && who.filters.is_empty() && !subtype.trim().is_empty()
            }
            // "Reduced Cost 5: If ..." (API 1.15 `completions`, asked of the card's own text
            // while it is being built: `completion::reduced`).
            Effect::ReducedCost(_) => true,
            // "Leia can't be attacked." (`can-be-attacked`).
            Effect::Rule {
                who,
                rule: UnitRule::CantBeAttacked,
            } => who.pick == Pick::This,
            // "Damage from Vader can't be prevented.", "Damage from this unit's attack can't be
            // prevented." (`damage-preventable`).
            Effect::Rule {
                who,
                rule: UnitRule::DamageCantBePrevented | UnitRule::AttackDamageCantBePrevented,
            } => who.pick == Pick::This,
            Effect::Grant {
                who,
                keywords,
                abilities,
            } => {
                units_carried_out(who, false)
                    && !(keywords.is_empty() && abilities.is_empty())
                    && keyword_texts(keywords).is_some()
                    && ability_texts(abilities).is_some()
            }
            // "Each of your Clones costs 1 fewer build counter to deploy." (API 1.10
            // `build-cost-change-for`): the build cost of the cards being built that the phrase
            // names, while the card is in play. A card's own cost ("This unit costs 1 fewer
            // build counter to deploy if ...") changes while the card is built: the engine lets
            // such a text work in the build zone (game 7.4, 7.6; the contract's
            // `text::changes_own_build_cost`, which `crate::claimed_script` checks too).
            // "costs 1 fewer build point to deploy" is the same: a build point pays one build
            // counter (game 7.1), so the card needs one fewer. "Emperor Palpatine costs 1 less"
            // names every card of that name.
            Effect::CostChange {
                what,
                resource: Resource::BuildCounters | Resource::BuildPoints,
                action: CostAction::Deploy | CostAction::Complete,
                ..
            } => {
                (matches!(what.pick, Pick::Each | Pick::Any)
                    && units_carried_out(&crate::units::anyone(what), false))
                    || own_cost(what)
            }
            // "Characters can't retreat.", "you can't play Battle cards" (API 1.14 `forbids`).
            effect if crate::forbids::is_prohibition(effect) => {
                crate::forbids::static_carried_out(step)
            }
            _ => false,
        }
}

/// Whether a cost change's phrase is the card itself ("This unit costs 1 fewer ...").
fn own_cost(what: &Units) -> bool {
    what.pick == Pick::This && what.filters.is_empty() && !what.other
}

/// Whether a static script changes its own card's build cost.
pub(crate) fn changes_own_cost(script: &Script) -> bool {
    script
        .steps
        .iter()
        .any(|s| matches!(&s.effect, Effect::CostChange { what, .. } if own_cost(what)))
}

/// Whether a static script this plugin carries out changes build costs.
pub(crate) fn changes_costs(script: &Script) -> bool {
    carried_out(script)
        && script
            .steps
            .iter()
            .any(|s| matches!(s.effect, Effect::CostChange { .. }))
}

/// The build counters more (positive) or fewer (negative) the card being built `unit` needs
/// because of a static script on `me` that changes costs ([`changes_costs`], which the caller
/// has checked): the changes of every step whose phrase names it, while the script works.
pub(crate) fn cost_change_for(script: &Script, me: &UnitView, unit: &UnitView) -> i32 {
    if unit.zone != Zone::BuildZone {
        return 0;
    }
    // The card's own cost changes while it is built and the conditions hold (game 7.6); other
    // cards' while it is in play.
    let itself = unit.id == me.id;
    let working = if itself {
        !me.built && script.conditions.iter().all(|c| holds(c, me))
    } else {
        works(script, me, unit)
    };
    if !working {
        return 0;
    }
    script
        .steps
        .iter()
        .map(|step| match &step.effect {
            Effect::CostChange { what, change, .. }
                if (itself && own_cost(what)) || names_card_being_built(what, unit, me) =>
            {
                *change
            }
            _ => 0,
        })
        .fold(0i32, i32::saturating_add)
}

pub(crate) const NO_CHANGE: Stats = Stats {
    speed: 0,
    power: 0,
    health: 0,
};

/// Whether a static script on `me`, one this plugin carries out (the caller has checked
/// [`carried_out`]), works now for `unit`: `me` is in play (not being built) and the script's
/// conditions hold.
fn works(script: &Script, me: &UnitView, unit: &UnitView) -> bool {
    crate::units::in_play(me)
        && script.conditions.iter().all(|c| match c {
            Condition::Attacking { .. } => attacking_holds(c, me, unit),
            _ => holds(c, me),
        })
}

/// The stats `unit` gets from a static script on `me` that changes stats ([`changes_stats`],
/// which the caller has checked).
pub(crate) fn change_for(script: &Script, me: &UnitView, unit: &UnitView) -> Stats {
    if !works(script, me, unit) {
        return NO_CHANGE;
    }
    let mut change = NO_CHANGE;
    for step in &script.steps {
        if let Effect::Stats {
            who,
            power,
            health,
            speed,
            per,
        } = &step.effect
            && names(who, unit, me)
        {
            let times = per.as_ref().map_or(1, |count| counted(count, me));
            change.power = change.power.saturating_add(power.saturating_mul(times));
            change.health = change.health.saturating_add(health.saturating_mul(times));
            change.speed = change.speed.saturating_add(speed.saturating_mul(times));
        }
    }
    change
}

/// The keywords `unit` gets from a static script on `me` that grants them ([`grants`], which
/// the caller has checked), as printed texts.
pub(crate) fn keywords_for(script: &Script, me: &UnitView, unit: &UnitView) -> Vec<String> {
    if !works(script, me, unit) {
        return Vec::new();
    }
    script
        .steps
        .iter()
        .filter_map(|step| match &step.effect {
            Effect::Grant {
                who,
                keywords,
                abilities,
            } if names(who, unit, me) => {
                let mut texts = keyword_texts(keywords)?;
                texts.extend(ability_texts(abilities)?);
                Some(texts)
            }
            Effect::UseKeyword(keyword) if unit.id == me.id => {
                keyword_text(keyword).map(|k| vec![k]).or_else(|| {
                    // The number counted now; none of the keyword while it counts nothing.
                    let (name, count) = counted_keyword(keyword)?;
                    let n = counted(count, me);
                    Some(if n > 0 {
                        vec![format!("{name} {n}")]
                    } else {
                        Vec::new()
                    })
                })
            }
            _ => None,
        })
        .flatten()
        .collect()
}

/// Reads "it" ("he", "she") in a static script as the card itself when its condition is about
/// the card ("As long as this unit is attacking a Droid, it gets Stun 4."; "As long as Jango is
/// attacking a Jedi, he gets +1 power").
pub(crate) fn bind_it(script: &mut Script) {
    if script.kind == Kind::Triggered {
        bind_returned(script);
        return bind_it_at_a_moment(script);
    }
    if script.kind != Kind::Static {
        return;
    }
    // "This unit gets +4 power as long as there are no damage counters on it": "it" of a
    // condition's count is the card when every step is about the card.
    let steps_about_this = !script.steps.is_empty()
        && script.steps.iter().all(|s| {
            matches!(&s.effect, Effect::Stats { who, .. } | Effect::Grant { who, .. }
                if who.pick == Pick::This)
        });
    if steps_about_this {
        for condition in &mut script.conditions {
            if let Condition::AtLeast {
                count: Count::Counters { on, .. } | Count::Attached { on, .. },
                ..
            }
            | Condition::AtMost {
                count: Count::Counters { on, .. } | Count::Attached { on, .. },
                ..
            } = condition
                && on.pick == Pick::That
                && on.filters.is_empty()
            {
                on.pick = Pick::This;
            }
        }
    }
    // "As long as this unit has 4 or less damage counters on it, it gets Shields 2.", "As long
    // as ~ has 4 or more cards in its stack, it gets Inspiration.": a condition on the card's
    // own counters or stack is about the card too.
    let about_this = script.conditions.iter().any(|c| match c {
        Condition::UnitsIn { who, .. }
        | Condition::Attacking { who, .. }
        | Condition::UnitsAre { who, .. } => who.pick == Pick::This,
        Condition::AtLeast {
            count: Count::Counters { on, .. } | Count::Stack(on) | Count::Attached { on, .. },
            ..
        }
        | Condition::AtMost {
            count: Count::Counters { on, .. } | Count::Stack(on) | Count::Attached { on, .. },
            ..
        } => on.pick == Pick::This,
        _ => false,
    });
    if !about_this {
        return;
    }
    // "As long as Obi-Wan Kenobi is attacking a Dark Jedi, he gets +2 power and Accuracy 1 for
    // that attack.": the condition holds for that attack only, so "for that attack" says nothing
    // more of the static change.
    let while_attacking = script
        .conditions
        .iter()
        .any(|c| matches!(c, Condition::Attacking { who, .. } if who.pick == Pick::This));
    for step in &mut script.steps {
        if let Effect::Stats { who, .. } | Effect::Grant { who, .. } = &mut step.effect
            && who.pick == Pick::That
            && who.filters.is_empty()
        {
            who.pick = Pick::This;
            if while_attacking
                && step.duration == Some(swtcg_card_script::script::Duration::ThisAttack)
            {
                step.duration = None;
            }
        }
    }
}

/// Reads "return him to your hand" in a trigger on the card's own discard ("When Durge is
/// discarded from the Character arena, you may return him to your hand.") as the card moving
/// from its owner's discard pile to the hand: the unit "him" named is no longer in play.
fn bind_returned(script: &mut Script) {
    let own_discard = matches!(&script.trigger, Some(Trigger::Units {
            who,
            event: swtcg_card_script::script::UnitEvent::IsDiscarded(_),
        }) if who.pick == Pick::This);
    if !own_discard {
        return;
    }
    for step in &mut script.steps {
        if let Effect::ReturnToHand(who) = &step.effect
            && who.pick == Pick::That
            && who.filters.is_empty()
        {
            step.effect = Effect::Move {
                what: Units::picked(Pick::This),
                from: swtcg_card_script::script::Zone::DiscardPile,
                to: swtcg_card_script::script::Zone::Hand,
            };
        }
    }
}

/// Reads "it" ("he", "her") in a triggered script as the card itself when the trigger is a
/// moment of the turn, about no unit, and its condition is about the card ("When the battle
/// phase starts, if Aayla is in the Character arena, remove all damage counters from her."), up
/// to the first step that chooses a unit.
fn bind_it_at_a_moment(script: &mut Script) {
    let at_a_moment = matches!(script.trigger, Some(Trigger::Moment { .. }));
    let about_this = script.conditions.iter().any(|c| match c {
        Condition::UnitsIn { who, .. } | Condition::UnitsAre { who, .. } => who.pick == Pick::This,
        _ => false,
    });
    if !at_a_moment || !about_this {
        return;
    }
    for step in &mut script.steps {
        if crate::steps::picks_one(step) || matches!(step.effect, Effect::Choose(_)) {
            return;
        }
        if let Some(who) = crate::steps::subject_mut(&mut step.effect)
            && who.pick == Pick::That
            && who.filters.is_empty()
        {
            who.pick = Pick::This;
        }
    }
}

/// Reads a static change for another card by its name ("Rey gets +1 health and Damage Control
/// 1." on Ben Solo (B), "Qui-Gon Jinn gets Damage Control 1." on Tahl (A)) as a change for every
/// unit of that name in play, either player's, as a condition naming a card is read
/// (`units::holds`): the name picks no one unit to choose.
pub(crate) fn bind_named(script: &mut Script) {
    if script.kind != Kind::Static {
        return;
    }
    for step in &mut script.steps {
        if let Effect::Stats { who, .. } | Effect::Grant { who, .. } = &mut step.effect
            && who.pick == Pick::Any
            && !who.filters.is_empty()
            && who
                .filters
                .iter()
                .all(|f| matches!(f, Filter::Named(name) if !name.contains(swtcg_card_script::normalize::SELF)))
        {
            who.pick = Pick::Each;
        }
    }
}

/// Reads "that arena" in a static script as the one arena its condition names ("As long as
/// Momaw is in the Character arena, each Stormtrooper in that arena gets -20 speed."): the
/// phrase then needs no choice, and the script is carried out as if the arena were printed.
pub(crate) fn bind_that_arena(script: &mut Script) {
    if script.kind != Kind::Static {
        return;
    }
    let named = script.conditions.iter().find_map(|c| match c {
        Condition::UnitsIn {
            who,
            place: Where::Arenas(arenas),
        } if who.pick == Pick::This && arenas.len() == 1 => Some(arenas.clone()),
        _ => None,
    });
    let Some(arenas) = named else {
        return;
    };
    for step in &mut script.steps {
        if let Effect::Stats { who, .. } | Effect::Grant { who, .. } = &mut step.effect {
            for filter in &mut who.filters {
                if *filter == Filter::In(Where::ThatArena) {
                    *filter = Filter::In(Where::Arenas(arenas.clone()));
                }
            }
        }
    }
}

/// Whether damage from `source` to `target` may be prevented, as a static script on `me` says:
/// `Some(false)` when the card's damage can't be ("Damage from Vader can't be prevented."), or
/// only its attack's damage ("Damage from this unit's attack can't be prevented.": the damage
/// of its attack dice while it attacks, as Ferocity); `None` when the script says nothing of it.
pub(crate) fn preventable(
    script: &Script,
    me: &UnitView,
    source: UnitId,
    target: UnitId,
) -> Option<bool> {
    if source != me.id {
        return None;
    }
    let rule = script.steps.iter().find_map(|step| match &step.effect {
        Effect::Rule { who, rule } if who.pick == Pick::This => Some(*rule),
        _ => None,
    })?;
    if !carried_out(script) || !works(script, me, me) {
        return None;
    }
    match rule {
        UnitRule::DamageCantBePrevented => Some(false),
        UnitRule::AttackDamageCantBePrevented => {
            let attacking = host::attack().is_some_and(|a| a.attacker == me.id);
            let from_dice = host::pending_damage()
                .iter()
                .any(|p| p.target == target && p.from_attack_dice);
            (attacking && from_dice).then_some(false)
        }
        _ => None,
    }
}

/// What a static script on `me` adds to each of `attacker`'s attack dice ("Subtract 1 from each
/// of this unit's attack dice."): for the card's own attacks.
pub(crate) fn dice_change(script: &Script, me: &UnitView, attacker: UnitId) -> i32 {
    if attacker != me.id {
        return 0;
    }
    let change = script
        .steps
        .iter()
        .map(|step| match &step.effect {
            Effect::AttackDice { who, change } if who.pick == Pick::This => *change,
            _ => 0,
        })
        .sum();
    if change != 0 && carried_out(script) && works(script, me, me) {
        change
    } else {
        0
    }
}

/// Whether a static script on `me` lets it be attacked: not while its "can't be attacked"
/// holds ("As long as you have a Bounty Hunter in the Character arena, Davik can't be
/// attacked.").
pub(crate) fn may_be_attacked(script: &Script, me: &UnitView) -> bool {
    let forbids = script.steps.iter().any(|step| {
        matches!(
            &step.effect,
            Effect::Rule {
                who,
                rule: UnitRule::CantBeAttacked,
            } if who.pick == Pick::This
        )
    });
    !(forbids && carried_out(script) && works(script, me, me))
}
