//! Card plugin for Missions (game 7.4: "A completed Mission resolves and is then discarded"): it
//! carries out the printed texts that `swtcg_card_text::played_text` reads, in every set,
//! through the `resolve` hook the engine calls when a Mission is completed (`ability.unit` is the
//! Mission, still in its build zone; the event's `side` is its controller):
//!
//! - "You gain +N Force." / "Your opponent loses N Force." / "You get +N build points this
//!   turn." and their "for each <unit>" forms ("You gain +1 Force for each of your Characters in
//!   any arena.", "You get +1 build point for each Diplomat (yours and your opponent's) in the
//!   Character arena.").
//! - "If you have N or more units in each arena, you get +M build points this turn."
//! - "Remove 1 damage counter from each of your damaged units." (the engine's remove-damage
//!   effect, which lets the controller say how many of the counters go, up to the number).
//! - "Choose an untapped <unit>. Tap that unit." / "Choose one of your opponent's untapped
//!   Space units. Tap that unit.": a choice among the units that fit, by name.
//! - "Each of your <units> gets <boost> until end of turn.", "Choose an arena. Each of your units
//!   in that arena gets ...", "Choose one: Clone, Droid or Jedi. Each unit of that type gets -3
//!   power until end of turn."
//!
//! Texts with conditions the engine can't enforce ("To complete X, you must also tap ...") and
//! anything else the reader does not know are not claimed. A choice is offered with the API 1.1
//! `choose` effect; `chosen` recomputes the same options (the game has not changed in between)
//! and answers with the effects of the one picked. Texts that would need two choices in a row
//! (a "Choose one" whose options choose again) are not claimed.

use swtcg_card_text::played_text::{
    self, ARENAS, Filter, Pick, PlayedText, Step, unit_options, units_matching,
};
use swtcg_sdk::*;

struct Mission;

fn arena_name(arena: Arena) -> &'static str {
    match arena {
        Arena::Space => "Space arena",
        Arena::Ground => "Ground arena",
        Arena::Character => "Character arena",
    }
}

/// Whether a step asks its controller to choose (a unit, an arena or a subtype).
fn chooses(step: &Step) -> bool {
    match step {
        Step::TapOne { .. } | Step::TypeGets { .. } => true,
        Step::EachGets { filter, .. } | Step::TapAll { filter } => {
            filter.place == Some(played_text::Place::Chosen)
        }
        _ => false,
    }
}

/// Whether a Mission can carry out a step: no targets of an activation, no prevention (no damage
/// is being resolved when a Mission completes), no "for this attack".
fn carried_out(step: &Step) -> bool {
    match step {
        Step::EachGets { until, .. } | Step::TypeGets { until, .. } => {
            *until == played_text::Until::EndOfTurn
        }
        Step::RemoveFromEach { filter, .. } => filter.place != Some(played_text::Place::Chosen),
        Step::TapOne { filter } => filter.place != Some(played_text::Place::Chosen),
        Step::Sequence(parts) => parts.iter().all(carried_out),
        Step::TapAll { .. }
        | Step::GainForce { .. }
        | Step::OpponentLosesForce(_)
        | Step::BuildPoints { .. }
        | Step::IfUnitsInEachArena { .. } => true,
        Step::OneGets { .. }
        | Step::Prevent { .. }
        | Step::RemoveDamage { .. }
        | Step::FromOpponentsBuildZone { .. }
        | Step::PutCounters { .. }
        | Step::PlaceDamage { .. }
        | Step::ThatGets { .. }
        | Step::Draw(_)
        | Step::EachLosesAllForce
        | Step::DiceToEach { .. }
        | Step::DiceToOne { .. }
        | Step::PlaceDamageEach { .. } => false,
    }
}

fn read(ability: &Ability) -> Option<PlayedText> {
    let text = played_text::parse(&ability.parameter)?;
    // A Mission has no cost to pay when it resolves and no "Play only" timing of its own.
    let plain = text.cost.is_none() && text.only_if.is_empty();
    let steps_ok = text.choices.iter().all(carried_out);
    // "Choose one" between steps that choose again would need two choices in a row.
    let one_choice = text.choices.len() == 1 || !text.choices.iter().any(chooses);
    (plain && steps_ok && one_choice).then_some(text)
}

/// The Mission's controller: the event's side, or the Mission's own controller.
fn controller(ability: &Ability, event_side: Option<Side>) -> Option<Side> {
    event_side.or_else(|| host::unit(ability.unit).map(|u| u.controller))
}

/// The options of a step that chooses, in a fixed order: unit names (told apart by their id
/// when two have the same name), arenas or subtypes.
fn options(step: &Step, me: Side) -> Vec<String> {
    match step {
        Step::TapOne { filter } => unit_options(&units_matching(filter, me, None)),
        Step::TypeGets { types, .. } => types.clone(),
        _ => ARENAS.iter().map(|&a| arena_name(a).to_string()).collect(),
    }
}

/// The units a filter names with `chosen` as "that arena", as ids.
fn ids(filter: &Filter, me: Side, chosen: Option<Arena>) -> Vec<UnitId> {
    units_matching(filter, me, chosen)
        .iter()
        .map(|u| u.id)
        .collect()
}

/// The effects of a step that needs no choice, or of one whose option `picked` was chosen: a
/// subtype of "Choose one: Clone, Droid or Jedi", the unit of "Choose an untapped unit", or
/// else the arena of "Choose an arena".
fn effects(step: &Step, me: Side, picked: Option<usize>) -> Vec<Effect> {
    let pick = match (step, picked) {
        (_, None) => Pick::Nothing,
        (Step::TypeGets { .. }, Some(i)) => Pick::Type(i),
        (_, Some(i)) => ARENAS.get(i).map_or(Pick::Nothing, |&a| Pick::Arena(a)),
    };
    let result = played_text::step_effects(step, me, pick, &mut |step| {
        Ok(match step {
            Step::TapOne { filter } => picked
                .and_then(|i| ids(filter, me, None).get(i).copied())
                .map(Effect::Tap)
                .into_iter()
                .collect(),
            // `carried_out` keeps a Mission with any other targeted step unread.
            _ => Vec::new(),
        })
    });
    result.unwrap_or_default()
}

/// What a step does when the Mission resolves: its effects, or the choice it offers first.
fn resolve_step(step: &Step, me: Side) -> Vec<Effect> {
    if !chooses(step) {
        return effects(step, me, None);
    }
    let options = options(step, me);
    if options.is_empty() {
        // "Choose an untapped unit" with none in play: the Mission does nothing.
        return Vec::new();
    }
    vec![Effect::Choose(Offer {
        options,
        optional: false,
    })]
}

impl Keyword for Mission {
    fn understands(ability: Ability) -> bool {
        read(&ability).is_some()
    }

    fn resolve(ability: Ability, event: Event) -> HookResult {
        let Some(text) = read(&ability) else {
            return Ok(Vec::new());
        };
        let me = controller(&ability, event.side).ok_or("the Mission has no controller")?;
        if let [step] = text.choices.as_slice() {
            return Ok(resolve_step(step, me));
        }
        Ok(vec![Effect::Choose(Offer {
            options: text.labels.clone(),
            optional: false,
        })])
    }

    fn chosen(ability: Ability, index: u32) -> HookResult {
        let text = read(&ability).ok_or_else(|| format!("can't read \"{}\"", ability.text))?;
        let me = controller(&ability, None).ok_or("the Mission is no longer in play")?;
        let index = index as usize;
        match text.choices.as_slice() {
            [step] => Ok(effects(step, me, Some(index))),
            // "Choose one" between steps that don't choose again (checked by `read`).
            steps => Ok(steps
                .get(index)
                .map(|step| effects(step, me, None))
                .unwrap_or_default()),
        }
    }
}

swtcg_sdk::export_keyword!(Mission);
