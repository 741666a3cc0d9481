//! Card plugin for "When <moment>, <effect>." texts printed on units and Locations, read by
//! pattern so that one plugin serves every card printing such a sentence.
//!
//! The moment is read here and answered by its hook (game 6, 6.2.1, 6.3.1, 6.3.3, 6.4.1):
//!
//! - "When your build step starts, " → `build-step-start`, only in its controller's build step
//!   (`event.side`), after the draw;
//! - "When the Space / Ground / Character battle step starts, " → `battle-step-start` of that
//!   arena (`event.arena`);
//! - "When the battle phase starts, " → `battle-phase-start`;
//! - "When the turn starts, " / "When each turn starts, " → `turn-start`;
//! - "When the turn ends, " / "When each turn ends, " → `turn-end` (a turn has both players'
//!   steps, so "the turn" and "each turn" are the same moment).
//!
//! The effect is read by the shared reader of played texts (`swtcg_card_text::played_text`):
//! gains of Force and build points ("gain 1 Force for each Jedi you have in any arena"), "your
//! opponent loses N Force", their sequences ("you gain 1 Force and your opponent loses 1
//! Force"), draws, "each player loses all of his or her Force", "<this card> does N dice of
//! damage to each unit in the X arena", "put N damage counters on each unit in the X arena",
//! boosts of each of your units until end of turn, and the forms that choose one unit ("choose
//! one of your opponent's units in the X arena. Do N dice of damage to that unit.", "remove up
//! to N damage counters from one of your <units>", taps, counters, one unit's boost), offered
//! with the `choose` effect and carried out by `chosen`. Two forms about the unit itself are
//! read here and offered with the `unless-pays` effect: "tap this unit unless you pay <cost>"
//! and "your opponent may pay <cost>. If he or she does, tap this unit."
//!
//! Anything else is not claimed: conditions ("if Jango attacked last turn"), "you may", costs
//! the engine can't pay, and "remove N damage counters from each ...", which the engine's
//! `remove-damage` (the unit's controller chooses how many, game 14.5) can't make mandatory.

use swtcg_card_text::card_text::names_unit;
use swtcg_card_text::effect_text::opponent;
use swtcg_card_text::played_text::{
    self, Filter, Pick, Place, Step, Until, boost_effects, capitalized, strip, unit_options,
    units_matching,
};
use swtcg_sdk::*;

struct WhenText;

/// When a text's effect happens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Moment {
    YourBuildStep,
    BattlePhase,
    BattleStep(Arena),
    TurnStart,
    TurnEnd,
}

/// What a text does at its moment.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Deed {
    /// An effect sentence of the shared reader.
    Step(Step),
    /// "tap this unit unless you pay 1 build point": the controller pays the cost or the unit
    /// taps.
    TapUnlessYouPay(String),
    /// "your opponent may pay 2 Force. If he or she does, tap this unit."
    OpponentMayPayToTap(String),
}

/// A whole text read: its moment and its deed.
#[derive(Debug, Clone, PartialEq, Eq)]
struct MomentText {
    moment: Moment,
    deed: Deed,
}

/// The moments whose words are fixed, with the words that start their texts.
const MOMENTS: [(&str, Moment); 6] = [
    ("When your build step starts, ", Moment::YourBuildStep),
    ("When the battle phase starts, ", Moment::BattlePhase),
    ("When the turn starts, ", Moment::TurnStart),
    ("When each turn starts, ", Moment::TurnStart),
    ("When the turn ends, ", Moment::TurnEnd),
    ("When each turn ends, ", Moment::TurnEnd),
];

/// The sentences after "your opponent may pay <cost>." that tap the unit if they paid.
const IF_PAID_TAP: [&str; 3] = [
    "If he or she does, tap this unit",
    "If they do, tap this unit",
    "If your opponent does, tap this unit",
];

/// Reads a whole printed text; `None` unless every part of it is carried out.
fn read(text: &str) -> Option<MomentText> {
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let (moment, rest) = moment(&text)?;
    let deed = unit_deed(rest).or_else(|| step_deed(rest))?;
    Some(MomentText { moment, deed })
}

/// "When the Ground battle step starts, <rest>" → the moment and the rest.
fn moment(text: &str) -> Option<(Moment, &str)> {
    for (prefix, moment) in MOMENTS {
        if let Some(rest) = strip(text, prefix) {
            return Some((moment, rest));
        }
    }
    let rest = strip(text, "When the ")?;
    let (arena, rest) = rest.split_once(" battle step starts, ")?;
    Some((Moment::BattleStep(Arena::from_word(arena)?), rest))
}

/// The two forms about the unit itself that offer a payment.
fn unit_deed(rest: &str) -> Option<Deed> {
    let rest = rest.trim_end_matches('.');
    if let Some(cost) = strip(rest, "tap this unit unless you pay ") {
        return payable(cost).map(Deed::TapUnlessYouPay);
    }
    let (cost, then) = strip(rest, "your opponent may pay ")?.split_once(". ")?;
    if !IF_PAID_TAP.iter().any(|s| then.eq_ignore_ascii_case(s)) {
        return None;
    }
    payable(cost).map(Deed::OpponentMayPayToTap)
}

/// "1 build point" → "Pay 1 build point", if the engine can pay it (the contract's grammar of
/// costs, which `unless-pays` is read by).
fn payable(cost: &str) -> Option<String> {
    let cost = format!("Pay {}", cost.trim());
    let costs = api::cost::parse_costs(&cost).ok()?;
    (!costs.is_empty()).then_some(cost)
}

/// An effect sentence of the shared reader, with no cost, no "Play only" and no "Choose one".
fn step_deed(rest: &str) -> Option<Deed> {
    let text = played_text::parse(&capitalized(rest))?;
    let plain = text.cost.is_none() && text.only_if.is_empty();
    match text.choices.as_slice() {
        [step] if plain && carried_out(step) => Some(Deed::Step(step.clone())),
        _ => None,
    }
}

/// Whether this plugin carries a step out exactly as printed at a moment: no damage is being
/// resolved (no prevention), no attack ("for this attack"), no arena chosen, at most one unit
/// chosen.
fn carried_out(step: &Step) -> bool {
    let here = |filter: &Filter| filter.place != Some(Place::Chosen);
    match step {
        Step::GainForce { .. }
        | Step::OpponentLosesForce(_)
        | Step::BuildPoints { .. }
        | Step::Draw(_)
        | Step::EachLosesAllForce
        | Step::IfUnitsInEachArena { .. } => true,
        Step::Sequence(parts) => parts.iter().all(carried_out),
        Step::EachGets { filter, until, .. } => *until == Until::EndOfTurn && here(filter),
        Step::OneGets {
            filter,
            until,
            against,
            ..
        } => *until == Until::EndOfTurn && against.is_none() && here(filter),
        Step::TapAll { filter }
        | Step::TapOne { filter }
        | Step::RemoveDamage { filter, .. }
        | Step::PlaceDamage { filter, .. }
        | Step::PutCounters { filter, .. }
        | Step::PlaceDamageEach { filter, .. }
        | Step::DiceToEach { filter, .. }
        | Step::DiceToOne { filter, .. } => here(filter),
        // "Remove 1 damage counter from each ..." must remove it; the engine's remove-damage
        // lets the unit's controller keep it.
        Step::RemoveFromEach { .. }
        | Step::Prevent { .. }
        | Step::TypeGets { .. }
        | Step::FromOpponentsBuildZone { .. }
        | Step::ThatGets { .. } => false,
    }
}

/// The phrase of the one unit a step chooses, if it chooses one.
fn chosen_from(step: &Step) -> Option<&Filter> {
    match step {
        Step::TapOne { filter }
        | Step::RemoveDamage { filter, .. }
        | Step::PlaceDamage { filter, .. }
        | Step::PutCounters { filter, .. }
        | Step::DiceToOne { filter, .. }
        | Step::OneGets { filter, .. } => Some(filter),
        _ => None,
    }
}

/// The units a step may choose, for the player `me`, in id order.
fn candidates(filter: &Filter, me: Side) -> Vec<UnitView> {
    units_matching(filter, me, None)
}

/// Whether the card the ability is printed on is the one a sentence's subject names ("Asteroid
/// Field does ..."): `understands` can't see the card, so a text naming another card does
/// nothing rather than act for it.
fn by_this_card(ability: &Ability, by: &Option<String>) -> bool {
    by.as_deref().is_none_or(|name| {
        host::unit(ability.unit).is_some_and(|unit| names_unit(name, &unit.name))
    })
}

/// The effects of a step for the player `me`; `target` is the unit chosen by a step that
/// chooses one. A step whose subject is another card's name does nothing.
fn effects(ability: &Ability, step: &Step, me: Side, target: Option<UnitId>) -> Vec<Effect> {
    let result = played_text::step_effects(step, me, Pick::Nothing, &mut |step| {
        let on_target =
            |effects: &dyn Fn(UnitId) -> Vec<Effect>| target.map(effects).unwrap_or_default();
        Ok(match step {
            Step::DiceToEach { by, dice, .. } => {
                if !by_this_card(ability, by) {
                    return Err("the text names another card".into());
                }
                played_text::affected(step, me, Pick::Nothing)
                    .into_iter()
                    .map(|unit| {
                        Effect::DiceOfDamage(DiceOfDamage {
                            source: ability.unit,
                            target: unit,
                            dice: *dice,
                        })
                    })
                    .collect()
            }
            Step::DiceToOne { by, dice, .. } => {
                if !by_this_card(ability, by) {
                    return Err("the text names another card".into());
                }
                on_target(&|unit| {
                    vec![Effect::DiceOfDamage(DiceOfDamage {
                        source: ability.unit,
                        target: unit,
                        dice: *dice,
                    })]
                })
            }
            Step::TapOne { .. } => on_target(&|unit| vec![Effect::Tap(unit)]),
            Step::RemoveDamage { up_to, .. } => on_target(&|unit| {
                vec![Effect::RemoveDamage(UnitAmount {
                    unit,
                    amount: *up_to,
                })]
            }),
            Step::PlaceDamage { amount, .. } => on_target(&|unit| {
                vec![Effect::PlaceDamage(UnitAmount {
                    unit,
                    amount: *amount,
                })]
            }),
            Step::PutCounters { kind, amount, .. } => on_target(&|unit| {
                vec![Effect::Counters(CounterChange {
                    unit,
                    kind: kind.clone(),
                    amount: *amount as i32,
                })]
            }),
            Step::OneGets { boost, until, .. } => {
                on_target(&|unit| boost_effects(unit, boost, *until))
            }
            // `carried_out` claims no other step that targets.
            _ => Vec::new(),
        })
    });
    result.unwrap_or_default()
}

/// What a deed does when its moment comes: its effects, or the choice or payment it offers
/// first.
fn happen(ability: &Ability, deed: &Deed, me: Side) -> Vec<Effect> {
    match deed {
        Deed::TapUnlessYouPay(cost) => vec![Effect::UnlessPays(UnlessPays {
            side: me,
            cost: cost.clone(),
        })],
        Deed::OpponentMayPayToTap(cost) => vec![Effect::UnlessPays(UnlessPays {
            side: opponent(me),
            cost: cost.clone(),
        })],
        Deed::Step(step) => match chosen_from(step) {
            None => effects(ability, step, me, None),
            Some(filter) => {
                let options = unit_options(&candidates(filter, me));
                if options.is_empty() {
                    // "Choose one of your opponent's units" with none in play: nothing happens.
                    return Vec::new();
                }
                vec![Effect::Choose(Offer {
                    options,
                    optional: false,
                })]
            }
        },
    }
}

/// The controller of the ability's card, if it is in play.
fn controller(ability: &Ability) -> Option<Side> {
    host::unit(ability.unit).map(|u| u.controller)
}

/// A hook of moment `now`: the effects of the ability if its text is of that moment.
fn at(ability: Ability, event: Event, now: Moment) -> HookResult {
    let Some(text) = read(&ability.parameter) else {
        return Ok(Vec::new());
    };
    let Some(me) = controller(&ability) else {
        return Ok(Vec::new());
    };
    // "When your build step starts": the build step of the card's controller only.
    let yours = now != Moment::YourBuildStep || event.side == Some(me);
    if text.moment != now || !yours {
        return Ok(Vec::new());
    }
    Ok(happen(&ability, &text.deed, me))
}

impl Keyword for WhenText {
    fn understands(ability: Ability) -> bool {
        read(&ability.parameter).is_some()
    }

    fn build_step_start(ability: Ability, event: Event) -> HookResult {
        at(ability, event, Moment::YourBuildStep)
    }

    fn battle_phase_start(ability: Ability, event: Event) -> HookResult {
        at(ability, event, Moment::BattlePhase)
    }

    fn battle_step_start(ability: Ability, event: Event) -> HookResult {
        let Some(arena) = event.arena else {
            return Ok(Vec::new());
        };
        at(ability, event, Moment::BattleStep(arena))
    }

    fn turn_start(ability: Ability, event: Event) -> HookResult {
        at(ability, event, Moment::TurnStart)
    }

    fn turn_end(ability: Ability, event: Event) -> HookResult {
        at(ability, event, Moment::TurnEnd)
    }

    fn chosen(ability: Ability, index: u32) -> HookResult {
        let text =
            read(&ability.parameter).ok_or_else(|| format!("can't read \"{}\"", ability.text))?;
        let me = controller(&ability).ok_or("the card is no longer in play")?;
        // `unless-pays`: index 0 if the player paid, 1 if not.
        let tap = |tapped: bool| {
            if tapped {
                vec![Effect::Tap(ability.unit)]
            } else {
                Vec::new()
            }
        };
        match &text.deed {
            Deed::TapUnlessYouPay(_) => Ok(tap(index == 1)),
            Deed::OpponentMayPayToTap(_) => Ok(tap(index == 0)),
            Deed::Step(step) => {
                let filter = chosen_from(step).ok_or("the text chooses no unit")?;
                // Calls are pure and the game has not changed since the offer: the same units,
                // in the same order.
                let units = candidates(filter, me);
                let unit = units
                    .get(index as usize)
                    .ok_or_else(|| format!("no option {index}"))?;
                Ok(effects(&ability, step, me, Some(unit.id)))
            }
        }
    }
}

swtcg_sdk::export_keyword!(WhenText);

#[cfg(test)]
mod tests {
    use super::*;

    fn step(text: &str) -> Step {
        match read(text).map(|t| t.deed) {
            Some(Deed::Step(step)) => step,
            other => panic!("{text}: {other:?}"),
        }
    }

    fn moment_of(text: &str) -> Moment {
        read(text).unwrap_or_else(|| panic!("{text}")).moment
    }

    #[test]
    fn every_moment_is_read() {
        for (text, moment) in [
            (
                "When your build step starts, you gain 2 Force.",
                Moment::YourBuildStep,
            ),
            (
                "When the Space battle step starts, gain 2 Force.",
                Moment::BattleStep(Arena::Space),
            ),
            (
                "When the Ground battle step starts, gain 1 Force.",
                Moment::BattleStep(Arena::Ground),
            ),
            (
                "When the Character battle step starts, put 1 damage counter on each unit in the Character arena.",
                Moment::BattleStep(Arena::Character),
            ),
            (
                "When the battle phase starts, your opponent may pay 1 Force. If he or she does, tap this unit.",
                Moment::BattlePhase,
            ),
            ("When the turn starts, draw a card.", Moment::TurnStart),
            ("When each turn starts, gain 1 Force.", Moment::TurnStart),
            (
                "When the turn ends, you gain 1 Force and your opponent loses 1 Force.",
                Moment::TurnEnd,
            ),
            (
                "When each turn ends, each player loses all of his or her Force.",
                Moment::TurnEnd,
            ),
        ] {
            assert_eq!(moment_of(text), moment, "{text}");
        }
    }

    #[test]
    fn the_printed_effects_are_read_by_the_shared_reader() {
        assert_eq!(
            step("When your build step starts, gain 1 build point."),
            Step::BuildPoints {
                amount: 1,
                per: None
            }
        );
        assert_eq!(
            step("When your build step starts, draw 1 card."),
            Step::Draw(1)
        );
        assert!(matches!(
            step("When your build step starts, gain 1 Force for each Jedi you have in any arena."),
            Step::GainForce {
                amount: 1,
                per: Some(_)
            }
        ));
        assert!(matches!(
            step(
                "When the Space battle step starts, Asteroid Field does 2 dice of damage to each unit in the Space arena."
            ),
            Step::DiceToEach { dice: 2, .. }
        ));
        assert!(matches!(
            step(
                "When the Character battle step starts, choose one of your opponent's units in the Character arena. Do 3 dice of damage to that Character."
            ),
            Step::DiceToOne { dice: 3, .. }
        ));
        assert!(matches!(
            step(
                "When the Ground battle step starts, remove up to 2 damage counters from one of your Space or Ground units."
            ),
            Step::RemoveDamage { up_to: 2, .. }
        ));
    }

    #[test]
    fn payments_about_the_unit_itself_are_read() {
        assert_eq!(
            read("When your build step starts, tap this unit unless you pay 1 build point.")
                .map(|t| t.deed),
            Some(Deed::TapUnlessYouPay("Pay 1 build point".into()))
        );
        assert_eq!(
            read("When the Ground battle step starts, your opponent may pay 2 Force. If he or she does, tap this unit.")
                .map(|t| t.deed),
            Some(Deed::OpponentMayPayToTap("Pay 2 Force".into()))
        );
    }

    #[test]
    fn texts_not_carried_out_exactly_are_not_claimed() {
        for text in [
            // A condition, a "you may", a second sentence it can't read.
            "When your build step starts, if Jango attacked last turn, gain 1 build point, and your opponent loses 1 Force.",
            "When your build step starts, you may remove up to X damage counters from this unit.",
            "When your build step starts, gain 1 build point and 1 Force. If this Location is discarded from play, choose one of your Space units and put 3 damage counters on it.",
            // Mandatory removal of damage counters, which the engine lets a player decline.
            "When the Character battle step starts, remove 1 damage counter from each unit in the Character arena.",
            // Other moments and unknown arenas.
            "When the next battle step starts, you gain control of one of your opponent's neutral units in that arena.",
            "When the battle phase ends, gain 1 Force.",
            "When your draw step starts, draw 1 extra card.",
            "Gain 1 Force.",
            // A payment the engine can't read, and another consequence of paying.
            "When the Ground battle step starts, your opponent may pay 3 Force. If he or she does, retreat Greedo.",
            "When the battle phase starts, your opponent may pay 2 Force and remove 1 damage counter from this unit. If he or she does, tap this unit, and it gets \"This unit can't attack or be attacked until end of turn.\"",
            // "at random" and an arena chosen.
            "When the Character battle step starts, choose an untapped unit in the Character arena at random. Tap that unit.",
            "When the battle phase starts, choose an arena. Each of your Gamorreans in the chosen arena gets Fury 1 and Armor until end of turn.",
        ] {
            assert_eq!(read(text), None, "{text}");
        }
    }
}
