//! Activated abilities (game 13.1, 13.6 to 13.8): "<cost> -> <effects>". The engine pays the
//! printed cost (the contract's grammar of costs, `api::cost`, must read it, so the engine pays
//! exactly what is printed); this plugin offers the ability where the script allows it and
//! turns its steps into effects. What it carries out so far:
//!
//! - steps for the card itself, for every unit a phrase names, or for one unit the player
//!   chooses ("one of your Rebel Characters", "Choose an untapped Character. Tap that
//!   Character."), the chosen unit being the offer's target;
//! - stat changes and keywords for a duration ("until end of turn", "for this attack"), Force
//!   gained or lost, cards drawn, build points, tapping and untapping, damage, damage counters
//!   put on units, counters of a kind, damage counters removed ("up to N", or N or all with no
//!   choice, API 1.12 `clear-damage`) and damage prevented (only in the damage prevention POP,
//!   for a unit with damage pending);
//! - "Choose an arena", "Choose Ground or Character" and "Choose one: ...": one offer per arena
//!   or option, named by it ([`crate::modes`]), `activate`'s index saying which;
//! - the limits "Play only during your build step" (then it is a build action, offered through
//!   `build-activations`), "Play only during battle" (the POPs, all in the battle phase), "Play
//!   only if no unit is attacking" (game 9.5: the POPs outside an attack, P1 to P3 and P9),
//!   "Play only when this unit would attack" (only as that unit's action instead of attacking,
//!   API 1.12 `actions`, game 6.3.5 b), "Play only when <this unit> / that <unit> is attacking
//!   [a <unit>]" (only such an attacker chosen) and "once per turn";
//! - a Battle card's Enhance texts, additions to its plays ([`crate::enhance`]).
//!
//! A Battle card (game 13.1.1: "Battle cards use the same arrow") is played from hand this way:
//! the engine asks with `ability.unit` = `NOT_IN_PLAY` and the player in `event.side`, and its
//! script must say nothing about the card itself (`playable_from_hand`).
//!
//! An ability works only on a unit in an arena (game 13.7). Without a build-step limit it is
//! offered in every POP that is not reserved (game 9.4); in the damage prevention POP for a
//! prevention; in the attack POP (P4, before the dice) for a change "for this attack", and then
//! only for units in the attack. A text is not claimed if any part of it is not carried out.

use swtcg_card_script::script::{
    self, Condition, Effect as Does, Kind, Limit, Moment, Pick, Script, Step, Whose,
};
use swtcg_sdk::*;

use crate::enhance;
use crate::modes;
use crate::paid::{self, Paid};
use crate::picks;
use crate::steps::{self, Context, is_this, number, picks_one, subject};
use crate::units::{condition_carried_out, holds, in_play, named};

/// The note key counting this ability's uses this turn, for "once per turn".
fn uses_key(ability: &Ability) -> String {
    format!("card-script uses {}", ability.index)
}

/// The printed cost before the arrow, if the engine pays it: with an X the player chooses
/// ("Pay X Force", [`crate::x_cost`]) too.
pub(crate) fn cost_of(text: &str) -> Option<&str> {
    let (cost, _) = api::text::split_at_arrow(text)?;
    let cost = cost.trim();
    (!cost.is_empty() && api::cost::parse_costs_with_x(cost).is_ok()).then_some(cost)
}

/// Whether this plugin carries out every part of an activated script printed as `text`: of each
/// script its options make, if it offers options ([`crate::modes`]).
pub(crate) fn carried_out(script: &Script, text: &str) -> bool {
    // An Enhance: "that unit" is the card's target and "that arena" its arena ([`enhance`]).
    if script.enhance {
        return !modes::has_options(script)
            && !crate::x_cost::has_x(text)
            && steps_carried_out(&enhance::in_arena_of(script, None), text, true);
    }
    // "Pay X Force -> ...": the steps with X bound, of one offer (no options), whose amount is
    // X (so no "up to" amount of its own).
    if crate::x_cost::has_x(text) {
        return !modes::has_options(script)
            && up_to(script).is_none()
            && crate::x_cost::bound(script, 1).is_some_and(|made| fixed_carried_out(&made, text));
    }
    fixed_carried_out(script, text)
}

/// [`carried_out`] for a script whose amounts are all told (no X the player chooses).
fn fixed_carried_out(script: &Script, text: &str) -> bool {
    if modes::has_options(script) {
        // An option about the unit the cost chose would choose its unit when it resolves, and
        // that `chosen` call could not tell which option was played; nor could the card's
        // ability an option keeps in effect (`lasts`), asked later.
        return modes::options(script).is_some_and(|options| {
            options.len() >= 2
                && options.iter().all(|(_, made)| {
                    !paid::about_the_unit_paid(made, text)
                        && !crate::lasting::lasts(made)
                        && !picks::asks_in_turn(made)
                        && carried_out(made, text)
                })
        });
    }
    if paid::about_the_unit_paid(script, text) {
        // The `chosen` call of a unit chosen when it resolves is not told the X chosen. "that"
        // unit beside a unit chosen could be either ("Tap another unit in that arena. That
        // Force Sensitive or Jedi gets ...": the unit paid with): not read.
        let that_is_ambiguous =
            script.steps.iter().any(picks_one) && script.steps.iter().any(names_that);
        return !crate::x_cost::has_x(text)
            && !that_is_ambiguous
            && !picks::asks_in_turn(script)
            && steps_carried_out(&paid::as_paid(script, None), text, true);
    }
    steps_carried_out(script, text, false)
}

/// [`fixed_carried_out`] for a script of one offer; `that_paid` says whether "that unit" names
/// the unit the cost chose until a step chooses one ("Tap one of your Dark Jedi -> That Jedi does
/// 3 dice of damage ...").
fn steps_carried_out(script: &Script, text: &str, that_paid: bool) -> bool {
    let chosen = script.steps.iter().filter(|s| picks_one(s)).count();
    let paid = match script.kind {
        Kind::Activated if script.enhance => enhance::cost_of(text).is_some(),
        Kind::Activated => cost_of(text).is_some(),
        // A Battle card printing no cost is played for nothing (`crate::battle_script`).
        Kind::Played => cost_of(text).is_none(),
        _ => false,
    };
    // Several units picked one after another, or a unit and then a payment ([`picks`]), are
    // each offered once the ability resolves.
    let shape = paid
        && script.trigger.is_none()
        && script.conditions.iter().all(condition_carried_out)
        && script.limits.iter().all(limit_carried_out)
        && !script.steps.is_empty()
        && steps::building_steps_ok(&script.steps);
    if picks::asks_in_turn(script) {
        return shape && !that_paid && !crate::x_cost::has_x(text) && picks::carried_out(script);
    }
    // "Play only when that unit is attacking": about the one unit chosen.
    let that_limited = attacking_that(script).next().is_some();
    shape
        && chosen <= 1
        && (!that_limited || (chosen == 1 && !that_paid))
        && script.steps.iter().enumerate().all(|(at, step)| {
            // "that unit" names the unit chosen before it, or the unit paid with.
            let chosen_before = that_paid || script.steps[..at].iter().any(picks_one);
            plain(step)
                && step.only_if.as_ref().is_none_or(|condition| {
                    steps::only_if_carried_out(condition, steps::told_after(&script.steps, at))
                })
                && (!step.when_attack_ends || needs_attack(script))
                && steps::carried_out(step, chosen_before)
        })
}

/// Whether a step is about "that" unit: its units, or the unit that does its damage.
fn names_that(step: &Step) -> bool {
    let by = match &step.effect {
        Does::Damage { by, .. } | Does::DiceDamage { by, .. } => by.as_ref(),
        _ => None,
    };
    subject(&step.effect)
        .into_iter()
        .chain(by)
        .any(|units| units.pick == Pick::That)
}

/// Whether a step happens as printed: no "you may", "if you do" or "unless ... pays" (its own
/// "if" is told when it happens, [`steps::only_if_carried_out`]).
fn plain(step: &Step) -> bool {
    !step.optional && !step.if_you_do && step.unless_paid.is_none()
}

fn limit_carried_out(limit: &Limit) -> bool {
    matches!(
        limit,
        Limit::During {
            moment: Moment::BuildStep,
            whose: Whose::Yours,
        } | Limit::During {
            moment: Moment::BattlePhase,
            whose: Whose::Each,
        } | Limit::If(Condition::NoAttack)
            | Limit::PerTurn(_)
    ) || matches!(limit, Limit::If(Condition::WouldAttack(units)) if units.pick == Pick::This)
        // "Play only when the battle phase starts", "... when the Space battle step starts".
        || matches!(
            limit,
            Limit::WhenStarts(Moment::BattlePhase | Moment::BattleStep(Some(_)))
                | Limit::BeforeAttacks(_)
        )
        // "Play only if you have a Dark Jedi in any arena": a condition checked when offered.
        || matches!(limit, Limit::If(condition)
            if !matches!(condition, Condition::WouldAttack(_)) && condition_carried_out(condition))
        // "Play only when Bandon is attacking", "... when that Jedi is attacking a Jedi" (the
        // unit chosen, `attacking_that`).
        || matches!(limit, Limit::If(condition @ Condition::Attacking { .. })
            if crate::statics::attacking_carried_out(condition))
}

/// Whether no unit in `arena` has attacked yet this turn, as far as the POP tells (game 6.3.11:
/// the battle steps run Space, Ground, Character): in the battle phase's POP (P1), in an earlier
/// arena's battle step, or in that arena's own before any unit there has acted (P2). Once a unit
/// there has acted (P3 and after), the play is refused even if that unit did not attack: the host
/// keeps no history of attacks to ask.
fn before_attacks_in(arena: Arena, pop: Option<Pop>, event: &Event) -> bool {
    let order = |a: Arena| {
        [Arena::Space, Arena::Ground, Arena::Character]
            .iter()
            .position(|&b| b == a)
    };
    match (pop, event.arena) {
        (Some(Pop::BattlePhase), _) => true,
        (Some(Pop::BattleStep), Some(now)) => order(now) <= order(arena),
        (Some(_), Some(now)) => order(now) < order(arena),
        _ => false,
    }
}

/// The attack limits of a script about the unit it chooses ("Play only when that unit is
/// attacking."): each unit offered must be the one attacking so.
fn attacking_that(script: &Script) -> impl Iterator<Item = &Condition> {
    script.limits.iter().filter_map(|limit| match limit {
        Limit::If(condition @ Condition::Attacking { who, .. }) if who.pick == Pick::That => {
            Some(condition)
        }
        _ => None,
    })
}

/// Whether a condition says who has units, never about the card itself ("Play only if you
/// have a Creature in any arena"): a Battle card in hand may be played under it.
fn about_players(condition: &Condition) -> bool {
    matches!(condition, Condition::Has { .. } | Condition::HasNo { .. })
        && condition_carried_out(condition)
}

/// Whether the script may be played as a build action only ("Play only during your build
/// step").
pub(crate) fn in_build_step(script: &Script) -> bool {
    script.limits.iter().any(|l| {
        matches!(
            l,
            Limit::During {
                moment: Moment::BuildStep,
                ..
            }
        )
    })
}

/// Whether a step prevents damage: the script is then played in the damage prevention POP.
fn prevents(script: &Script) -> bool {
    script
        .steps
        .iter()
        .any(|s| matches!(s.effect, Does::Prevent { .. }))
}

/// Whether a step prevents damage pending now only: the script is then played in no other POP.
/// One preventing damage for a while ("this turn") is played in any POP, before the damage.
fn prevents_now(script: &Script) -> bool {
    script
        .steps
        .iter()
        .any(|s| matches!(s.effect, Does::Prevent { .. }) && !steps::timed_prevention(s))
}

/// Whether a step lasts "for this attack" or names the attack's units: the ability is then
/// played in the attack POP (game 9.3, P4: "for this attack" boosts), before the dice, the only
/// time such a change can change the attack.
fn needs_attack(script: &Script) -> bool {
    script.steps.iter().any(|s| {
        s.duration == Some(script::Duration::ThisAttack)
            || subject(&s.effect).is_some_and(|u| matches!(u.pick, Pick::Attacker | Pick::Defender))
    })
}

/// Whether `unit` is the attacker or the defender of the current attack.
fn in_the_attack(unit: UnitId) -> bool {
    host::attack().is_some_and(|a| a.attacker == unit || a.defender == unit)
}

/// Whether the step changes a unit "for this attack": the unit must be in the attack.
fn for_this_attack(step: &Step) -> bool {
    step.duration == Some(script::Duration::ThisAttack)
}

/// The offer of the ability now, if it can be played: in a POP (`pop`) or, for a build-step
/// ability, as a build action (`pop` none).
/// A Battle card being played has no unit (`ability.unit` is `NOT_IN_PLAY`): its "card" is a
/// view made for the player holding it, which only says whose the card is. Its script must
/// not be about the card itself, its place or a use per turn, none of which a card in hand
/// has.
pub(crate) fn played_card(side: Side) -> UnitView {
    UnitView {
        id: NOT_IN_PLAY,
        name: String::new(),
        owner: side,
        controller: side,
        zone: Zone::BuildZone,
        built: false,
        tapped: false,
        damage: 0,
        speed: 0,
        power: 0,
        health: 0,
        cost: 0,
        build_counters: 0,
        unique: false,
        subtypes: Vec::new(),
        arenas: Vec::new(),
        stack_size: 0,
    }
}

/// Whether a script can be played from a card in hand: nothing in it is about the card itself.
/// Damage it does ("Snowstorm does 5 dice of damage to it") has no source unit: the engine deals
/// damage from a card not in play with none.
pub(crate) fn playable_from_hand(script: &Script) -> bool {
    let about_itself = script
        .steps
        .iter()
        .any(|s| subject(&s.effect).is_some_and(|u| u.pick == Pick::This));
    !about_itself
        && script.conditions.is_empty()
        && script.limits.iter().all(|l| match l {
            Limit::If(Condition::NoAttack) | Limit::WhenStarts(_) | Limit::BeforeAttacks(_) => true,
            // "Play only when that Jedi is attacking a Jedi": about the unit chosen.
            Limit::If(Condition::Attacking { who, .. }) => who.pick == Pick::That,
            Limit::If(condition) => about_players(condition),
            _ => false,
        })
}

/// The card whose ability is played: its unit, built, in an arena (game 13.7) or in its build
/// zone where a rule lets its abilities work there, or a Battle card in the hand of `side`.
fn player_of(ability: &Ability, script: &Script, side: Option<Side>) -> Option<UnitView> {
    if ability.unit == NOT_IN_PLAY {
        return playable_from_hand(script)
            .then_some(side)
            .flatten()
            .map(played_card);
    }
    let me = host::unit(ability.unit)?;
    // The engine asks for the abilities of a unit in its build zone only when a rule lets them
    // work there (Reserves: "works while, and only while, the card is in the build zone"), and
    // never those of a card still being built (game 13.7); a Resource's work in its Resource
    // zone (16.4).
    (me.built && (in_play(&me) || me.zone == Zone::BuildZone)).then_some(me)
}

/// When the engine asks for the ability's offers.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum When {
    /// In a POP (`activations`).
    Pop(Pop),
    /// As a build action in a build step (`build-activations`).
    BuildStep,
    /// As the action of this unit, whose turn it is to act in a battle step, instead of
    /// attacking (API 1.12 `actions`, game 6.3.5 b).
    Act(UnitId),
}

/// Whether the script says "Play only when this unit would attack": it is then used only as
/// its unit's action instead of attacking (game 6.3.5 b, 9.5).
pub(crate) fn instead_of_attacking(script: &Script) -> bool {
    script
        .limits
        .iter()
        .any(|l| matches!(l, Limit::If(Condition::WouldAttack(_))))
}

/// The ability's offers now: one, or one per option of a script that offers options ("Choose
/// an arena.", "Choose one: ..."), in the options' order and named by them. An option that
/// can't be played now (no unit to choose) is still listed, as an offer of nothing (`max-amount`
/// 0), so that the offers' numbers stay the options' when one is played; none at all when no
/// option can be played.
pub(crate) fn offers(
    ability: &Ability,
    script: &Script,
    when: When,
    event: &Event,
) -> Vec<Activation> {
    if !modes::has_options(script) {
        return offer(ability, script, when, event).into_iter().collect();
    }
    // The options are read once: `carried_out` of the whole script would read them again.
    let Some(options) = modes::options(script) else {
        return Vec::new();
    };
    if options.len() < 2
        || !options
            .iter()
            .all(|(_, made)| carried_out(made, &ability.parameter))
    {
        return Vec::new();
    }
    let made: Vec<Option<Activation>> = options
        .iter()
        .map(|(_, made)| offer(ability, made, when, event))
        .collect();
    if made.iter().all(Option::is_none) {
        return Vec::new();
    }
    made.into_iter()
        .zip(options)
        .map(|(offer, (name, _))| match offer {
            Some(offer) => Activation {
                label: name,
                ..offer
            },
            None => Activation {
                label: name,
                cost: cost_of(&ability.parameter).map(str::to_string),
                targets: Vec::new(),
                max_amount: Some(0),
                replaces: false,
            },
        })
        .collect()
}

fn offer(ability: &Ability, script: &Script, when: When, event: &Event) -> Option<Activation> {
    // A static script the plugin also claims is no ability to play; an Enhance is an addition
    // to a Battle card's play, never a unit's ability.
    if !carried_out(script, &ability.parameter) || (script.enhance && ability.unit != NOT_IN_PLAY) {
        return None;
    }
    // A unit to choose in the arena of the unit the cost will choose is chosen when the
    // ability resolves ([`paid`]): it is offered while some arena has one.
    let about_the_unit_paid = paid::about_the_unit_paid(script, &ability.parameter);
    let any_arena;
    let script = if about_the_unit_paid {
        any_arena = paid::as_paid(script, None);
        &any_arena
    } else {
        script
    };
    let me = player_of(ability, script, event.side)?;
    let pop = match when {
        When::Pop(pop) => Some(pop),
        _ => None,
    };
    let timely = match when {
        // Only the unit itself, as its action (a Battle card has no unit that acts).
        When::Act(actor) => instead_of_attacking(script) && actor == me.id,
        _ if instead_of_attacking(script) => false,
        // A Battle card is played in a POP, never as a build action.
        When::BuildStep => me.id != NOT_IN_PLAY && in_build_step(script),
        When::Pop(Pop::DamagePrevention) => !in_build_step(script) && prevents(script),
        When::Pop(Pop::Reroll | Pop::Disrupt) => false,
        When::Pop(_) => !in_build_step(script) && !prevents_now(script),
    };
    let allowed = script.limits.iter().all(|limit| match limit {
        // "Play only when no unit is attacking": in a POP outside an attack (game 9.5: P1 to
        // P3 and P9) or in the build step.
        Limit::If(Condition::NoAttack) => matches!(
            when,
            When::BuildStep
                | When::Pop(
                    Pop::BattlePhase | Pop::BattleStep | Pop::BetweenAttacks | Pop::AttackEnd
                )
        ),
        // Checked above: the unit acting is this one.
        Limit::If(Condition::WouldAttack(_)) => true,
        // The unit chosen is checked with the units offered (`attacking_that`).
        Limit::If(Condition::Attacking { who, .. }) if who.pick == Pick::That => true,
        Limit::If(condition @ Condition::Attacking { .. }) => {
            crate::statics::attacking_holds(condition, &me, &me)
        }
        // Game 9.5: in the POP right after the moment starts (P1, or P2 of that arena).
        Limit::WhenStarts(Moment::BattlePhase) => pop == Some(Pop::BattlePhase),
        Limit::WhenStarts(Moment::BattleStep(Some(arena))) => {
            pop == Some(Pop::BattleStep) && event.arena == Some(crate::units::arena(*arena))
        }
        Limit::WhenStarts(_) => false,
        Limit::BeforeAttacks(arena) => before_attacks_in(crate::units::arena(*arena), pop, event),
        Limit::If(condition) => holds(condition, &me),
        Limit::PerTurn(times) => {
            host::note(me.id, &uses_key(ability)).unwrap_or(0)
                < i32::try_from(*times).unwrap_or(i32::MAX)
        }
        _ => true,
    });
    if !timely
        || !allowed
        || !script.conditions.iter().all(|c| holds(c, &me))
        || (needs_attack(script) && (pop != Some(Pop::Attack) || host::attack().is_none()))
        // "This unit gets +2 power for this attack": only in an attack this unit is in.
        || script
            .steps
            .iter()
            .any(|s| for_this_attack(s) && is_this(s) && !in_the_attack(me.id))
    {
        return None;
    }
    let first_pick = script.steps.iter().find(|s| picks_one(s));
    let targets = match first_pick.filter(|_| !picks::asks_in_turn(script)) {
        Some(step) => {
            let mut targets = choosable(step, &me);
            // "Play only when that Jedi is attacking a Jedi": only such a unit may be chosen.
            targets.retain(|&unit| {
                attacking_that(script).all(|condition| {
                    host::unit(unit)
                        .is_some_and(|unit| crate::statics::attacking_holds(condition, &me, &unit))
                })
            });
            if targets.is_empty() {
                return None;
            }
            if about_the_unit_paid {
                Vec::new()
            } else {
                targets
            }
        }
        None => Vec::new(),
    };
    // "Pay X Force": the amount is X, from 1 to the Force (or the build points, for "Pay any
    // number of build points") the player has; the engine offers only the amounts they can pay.
    let max_amount = match crate::x_cost::most_x(&ability.parameter, || host::player(me.controller))
    {
        Some(0) => return None,
        Some(most) => Some(most),
        None => up_to(script),
    };
    // An Enhance names no units: the card's target is its "that unit" ([`enhance`]).
    let cost = if script.enhance {
        enhance::cost_of(&ability.parameter)
    } else {
        cost_of(&ability.parameter).map(str::to_string)
    };
    Some(Activation {
        label: ability.text.clone(),
        cost,
        targets,
        max_amount,
        replaces: enhance::replaces(script),
    })
}

/// The N of "remove up to N damage counters", which the player chooses from 1 to N: the offer's
/// amount.
fn up_to(script: &Script) -> Option<u32> {
    script.steps.iter().find_map(|s| match &s.effect {
        Does::RemoveDamage {
            amount: Some(amount),
            up_to: true,
            ..
        } => number(amount),
        _ => None,
    })
}

/// The units a choosing step may choose now: those its phrase names on which the step does
/// something (a prevention only for a unit with damage pending, an untap only for a tapped
/// unit, a tap only for an untapped one).
fn choosable(step: &Step, me: &UnitView) -> Vec<UnitId> {
    let Some(units) = subject(&step.effect) else {
        return Vec::new();
    };
    named(units, me)
        .into_iter()
        .filter(|unit| match &step.effect {
            Does::Prevent { .. } if !steps::timed_prevention(step) => {
                prevention_offer(unit.id, 1, |p| p.preventable) > 0
            }
            Does::Untap(_) => unit.tapped,
            Does::Tap(_) => !unit.tapped,
            _ if for_this_attack(step) => in_the_attack(unit.id),
            _ => true,
        })
        .map(|unit| unit.id)
        .collect()
}

/// The effects of playing offer `index` of the ability: of the option it names, if the script
/// offers options.
pub(crate) fn effects_of_offer(
    ability: &Ability,
    script: &Script,
    index: u32,
    choice: &Choice,
    side: Option<Side>,
) -> HookResult {
    if !modes::has_options(script) {
        return effects(ability, script, choice, side);
    }
    let options = modes::options(script).ok_or("no options to choose among")?;
    let (_, made) = options
        .get(index as usize)
        .ok_or_else(|| format!("no option {index} to play"))?;
    effects(ability, made, choice, side)
}

/// The effects of playing the ability with `target` as the chosen unit (checked against what
/// may be chosen now), and a note of the use for "once per turn". A unit to choose about the
/// unit the cost chose is offered to the player now instead ([`chosen`]).
fn effects(ability: &Ability, script: &Script, choice: &Choice, side: Option<Side>) -> HookResult {
    // "Pay X Force -> ...": X is the amount chosen, which the engine paid.
    let with_x;
    let script = if crate::x_cost::has_x(&ability.parameter) {
        let x = choice.amount.ok_or("the ability needs X chosen")?;
        with_x = crate::x_cost::bound(script, x).ok_or("an X this ability can't bind")?;
        &with_x
    } else {
        script
    };
    if !carried_out(script, &ability.parameter) {
        return Err(format!("\"{}\" is no activated ability", ability.parameter));
    }
    let about_the_unit_paid = paid::about_the_unit_paid(script, &ability.parameter);
    let paid_for_unit = if about_the_unit_paid {
        Some(paid::the_unit_paid()?)
    } else {
        None
    };
    let paid_for;
    let script = match &paid_for_unit {
        Some(paid) => {
            paid_for = paid::as_paid(script, Some(paid));
            &paid_for
        }
        None => script,
    };
    let me = playing(ability, script, side)?;
    let in_turn = picks::asks_in_turn(script);
    let mut effects = match script.steps.iter().find(|s| picks_one(s)) {
        // Things to ask one after another: the first is asked now, each of the others in the
        // `chosen` call of the one before ([`picked`]).
        _ if in_turn => picks::next(script, &me, &[], choice.amount)?,
        // The player chooses among the units the cost left to choose from.
        Some(step) if about_the_unit_paid => {
            let units: Vec<UnitView> = choosable(step, &me)
                .into_iter()
                .filter_map(host::unit)
                .collect();
            if units.is_empty() {
                Vec::new()
            } else {
                vec![Effect::Choose(Offer {
                    options: unit_options(&units),
                    optional: false,
                })]
            }
        }
        Some(step) => {
            let target = choice.target.ok_or("the ability needs a unit chosen")?;
            let attacking_so = || {
                host::unit(target).is_some_and(|unit| {
                    attacking_that(script)
                        .all(|condition| crate::statics::attacking_holds(condition, &me, &unit))
                })
            };
            if !choosable(step, &me).contains(&target) || !attacking_so() {
                return Err(format!("unit {target} is not one this ability may choose"));
            }
            steps_effects(script, &me, Some(target), choice.amount)?
        }
        // An Enhance's "that unit" is the card's target, and "that arena" its arena.
        None if script.enhance => {
            if enhance::needs_target(script) && choice.target.is_none() {
                return Err("the Enhance needs the card's target".into());
            }
            let bound = enhance::in_arena_of(script, choice.target);
            steps_effects(&bound, &me, choice.target, choice.amount)?
        }
        // "that unit" is the unit paid with, when no step chooses one.
        None => {
            let that = paid_for_unit.as_ref().map(|paid| paid.unit);
            steps_effects(script, &me, that, choice.amount)?
        }
    };
    if script.limits.iter().any(|l| matches!(l, Limit::PerTurn(_))) {
        let used = host::note(me.id, &uses_key(ability)).unwrap_or(0);
        effects.push(Effect::Note(NoteChange {
            unit: me.id,
            key: uses_key(ability),
            value: used + 1,
            duration: Duration::EndOfTurn,
        }));
    }
    Ok(effects)
}

/// The option `index` of the units an ability about the unit its cost chose offered when it
/// resolved ([`effects`]): its steps with that unit chosen, the units asked again as they were
/// then (the engine still names the unit paid with during the `chosen` call).
pub(crate) fn chosen(ability: &Ability, script: &Script, index: u32) -> HookResult {
    let paid_with = paid::the_unit_paid()?;
    let script = paid::as_paid(script, Some(&paid_with));
    // A Battle card's cost chooses among its player's units ("one of your Jedi"): the player
    // is the one who controls the unit paid with.
    let Paid { controller, .. } = paid_with;
    let me = playing(ability, &script, Some(controller))?;
    let step = script
        .steps
        .iter()
        .find(|s| picks_one(s))
        .ok_or("the ability chooses no unit")?;
    let units = choosable(step, &me);
    let unit = *units
        .get(index as usize)
        .ok_or_else(|| format!("no unit {index} to choose"))?;
    steps_effects(&script, &me, Some(unit), None)
}

/// The option `index` of what an ability asking things one after another asked ([`picks`]):
/// the next thing to ask, or the effects of its steps once everything is answered.
pub(crate) fn picked(ability: &Ability, script: &Script, index: u32) -> HookResult {
    // A Battle card is in no one's play: the host says whose it is (API 1.20 `chosen-by`).
    let me = playing(ability, script, host::chosen_by())?;
    picks::next(script, &me, &picks::answers(index), None)
}

/// The card whose ability is played ([`player_of`]), or, for a unit that paid with itself
/// ("Discard Beru from the Character arena -> ..."), returned to the supply or left the game,
/// as it was just before (game 13.8): it has left play when its effects are asked.
fn playing(ability: &Ability, script: &Script, side: Option<Side>) -> Result<UnitView, String> {
    let paid_with_itself = script.costs.iter().any(|c| {
        matches!(
            c,
            script::Cost::DiscardThis | script::Cost::RemoveThis | script::Cost::ReturnThis
        )
    });
    player_of(ability, script, side)
        .or_else(|| {
            paid_with_itself
                .then(|| host::last_seen(ability.unit))
                .flatten()
        })
        .ok_or_else(|| "the card with the ability can't play it".to_string())
}

/// The effects of every step, `chosen` being the unit chosen and `amount` the amount.
fn steps_effects(
    script: &Script,
    me: &UnitView,
    chosen: Option<UnitId>,
    amount: Option<u32>,
) -> HookResult {
    let at = Context {
        me,
        that: chosen,
        amount,
        drawn: Default::default(),
    };
    let mut effects = Vec::new();
    for step in steps::replaced(&script.steps, &at) {
        effects.extend(steps::effects(step, &at)?);
    }
    Ok(effects)
}
