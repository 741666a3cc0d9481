//! Card plugin for "When Obi-Wan is discarded from the Character arena, you gain +4 Force." and
//! every text of that pattern: a unit, discarded from the arena named (or "any arena"), gives
//! its controller the effect.
//!
//! The trigger is the `unit-discarded` hook about this unit itself: the engine asks the departed
//! unit's abilities at that moment and fills the event with the side that controlled it and the
//! arena it left (none for the build zone). The effect is read with the shared `effect_text`
//! reader after the card wording is brought to its form ("you gain +4 Force" is "gain 4
//! Force"); counters on the discarded unit have nowhere to go, so such texts, like any effect
//! the reader can't read, are not claimed.

use swtcg_card_text::card_text::is_self;
use swtcg_card_text::effect_text::{Outcome, effects_now, parse};
use swtcg_sdk::*;

struct WhenDiscarded;

/// What a printed text of this pattern says.
#[derive(Debug, PartialEq)]
struct Text {
    /// The arena the unit must be discarded from; none for "any arena".
    arena: Option<Arena>,
    outcomes: Vec<Outcome>,
}

fn arena_named(word: &str) -> Option<Option<Arena>> {
    match word.to_ascii_lowercase().as_str() {
        "the space arena" => Some(Some(Arena::Space)),
        "the ground arena" => Some(Some(Arena::Ground)),
        "the character arena" => Some(Some(Arena::Character)),
        "any arena" => Some(None),
        _ => None,
    }
}

/// "you gain +4 Force" → "gain 4 Force": the effect reader's wording.
fn plain_effect(effect: &str) -> String {
    let effect = effect.trim();
    let effect = effect
        .strip_prefix("you ")
        .or_else(|| effect.strip_prefix("You "))
        .unwrap_or(effect);
    effect
        .split_whitespace()
        .map(|w| match w.strip_prefix('+') {
            Some(n) if n.parse::<u32>().is_ok() => n,
            _ => w,
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn read(text: &str) -> Option<Text> {
    let rest = text.trim().strip_prefix("When ")?;
    let (subject, rest) = rest.split_once(" is discarded from ")?;
    if !is_self(subject) {
        return None;
    }
    let (place, effect) = rest.split_once(", ")?;
    let arena = arena_named(place)?;
    let outcomes = parse(&plain_effect(effect), "")?;
    if outcomes
        .iter()
        .any(|o| matches!(o, Outcome::CountersOnSelf { .. }))
    {
        return None;
    }
    Some(Text { arena, outcomes })
}

impl Keyword for WhenDiscarded {
    fn understands(ability: Ability) -> bool {
        read(&ability.parameter).is_some()
    }

    fn unit_discarded(ability: Ability, event: Event) -> HookResult {
        let Some(text) = read(&ability.parameter) else {
            return Ok(Vec::new());
        };
        // Only this unit's own discard, from an arena, and from the arena named.
        let (Some(unit), Some(from), Some(controller)) = (event.unit, event.arena, event.side)
        else {
            return Ok(Vec::new());
        };
        if unit != ability.unit || text.arena.is_some_and(|a| a != from) {
            return Ok(Vec::new());
        }
        Ok(effects_now(&text.outcomes, controller, ability.unit))
    }
}

swtcg_sdk::export_keyword!(WhenDiscarded);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_printed_texts_are_read() {
        assert_eq!(
            read("When Obi-Wan is discarded from the Character arena, you gain +4 Force."),
            Some(Text {
                arena: Some(Arena::Character),
                outcomes: vec![Outcome::GainForce(4)]
            })
        );
        assert_eq!(
            read("When Leia is discarded from the Character arena, draw 3 cards."),
            Some(Text {
                arena: Some(Arena::Character),
                outcomes: vec![Outcome::Draw(3)]
            })
        );
        assert_eq!(
            read("When Tantive IV is discarded from the Space arena, your opponent loses 3 Force."),
            Some(Text {
                arena: Some(Arena::Space),
                outcomes: vec![Outcome::OpponentLosesForce(3)]
            })
        );
    }

    #[test]
    fn other_texts_are_not_claimed() {
        assert_eq!(
            read(
                "When R5-D4 is discarded from the Character arena, search your deck. You may take an Astromech Droid card from your deck."
            ),
            None
        );
        assert_eq!(
            read(
                "When Vader's TIE Fighter is discarded from the Character arena, you may pay 2 Force."
            ),
            None
        );
    }
}
