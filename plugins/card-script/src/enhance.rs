//! Enhance texts the Enhance plugin can't read (keywords.md "Enhance"; game 9.3 P10): "Enhance:
//! Pay 2 more Force -> That unit gets -6 power for this attack, instead." on a Battle card.
//!
//! The manifest's `additions = ["Enhance"]` tells the engine that such a text, once this plugin
//! claims it, is no play of its own: its offer is declared with each of the card's plays, its
//! cost paid after the card's, and the card's effects and these resolve all or none with the
//! card's target, "that unit" (a sentence ending "instead" leaves the card's own effects
//! unasked, the offer's `replaces`). "In that arena" is the arena of that unit. Everything else
//! is the activated ability's ([`crate::activated`]): the steps, limits and POPs.

use std::borrow::Cow;

use swtcg_card_script::script::{Filter, Pick, Script, Where};
use swtcg_sdk::*;

use crate::steps::subject_mut;

/// The cost an Enhance adds to the card's, as the engine reads costs: "Enhance: Pay 2 more
/// Force -> ..." costs "Pay 2 Force" (the "more" is on top of the card's own cost, which the
/// engine adds up).
pub(crate) fn cost_of(text: &str) -> Option<String> {
    let (head, rest) = text.split_once(':')?;
    if !head.trim().eq_ignore_ascii_case("enhance") {
        return None;
    }
    let (cost, _) = api::text::split_at_arrow(rest)?;
    let cost = cost
        .split_whitespace()
        .filter(|word| !word.eq_ignore_ascii_case("more"))
        .collect::<Vec<_>>()
        .join(" ");
    (!cost.is_empty() && api::cost::parse_costs(&cost).is_ok()).then_some(cost)
}

/// Whether the Enhance's steps replace the card's effects ("... instead").
pub(crate) fn replaces(script: &Script) -> bool {
    script.enhance && script.steps.iter().any(|step| step.instead)
}

/// Whether a step of the script names "that unit" or "that arena", which only the card's target
/// tells.
pub(crate) fn needs_target(script: &Script) -> bool {
    script.steps.iter().any(|step| {
        crate::steps::subject(&step.effect).is_some_and(|units| {
            units.pick == Pick::That || units.filters.contains(&Filter::In(Where::ThatArena))
        })
    })
}

/// The script with "in that arena" read as the arena of the card's target, or as any arena
/// when there is none yet (the claim, the offer), so that its steps can be checked and carried
/// out as if the arena were printed.
pub(crate) fn in_arena_of(script: &Script, target: Option<UnitId>) -> Cow<'_, Script> {
    let names_that_arena = script.steps.iter().any(|step| {
        crate::steps::subject(&step.effect)
            .is_some_and(|units| units.filters.contains(&Filter::In(Where::ThatArena)))
    });
    if !names_that_arena {
        return Cow::Borrowed(script);
    }
    let arena = match target {
        None => Where::AnyArena,
        Some(unit) => Where::Arenas(
            host::place(unit)
                .and_then(|place| place.zone.arena())
                .map(crate::units::script_arena)
                .into_iter()
                .collect(),
        ),
    };
    let mut bound = script.clone();
    for step in &mut bound.steps {
        if let Some(units) = subject_mut(&mut step.effect) {
            crate::steps::bind_that_arena(units, &arena);
        }
    }
    Cow::Owned(bound)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cost_added_is_read_without_more() {
        // ESB Hanging Around, ESB Strange Lodgings.
        assert_eq!(
            cost_of(
                "Enhance: Pay 2 more Force -> That unit gets -6 power for this attack, instead."
            )
            .as_deref(),
            Some("Pay 2 Force")
        );
        assert_eq!(
            cost_of("Enhance: Pay 3 Force -> Prevent 4 damage to that unit instead.").as_deref(),
            Some("Pay 3 Force")
        );
        assert_eq!(cost_of("Pay 2 Force -> Evade 2"), None);
        assert_eq!(
            cost_of(
                "Enhance: That unit gets +4 power and Critical Hit 4 for this attack, instead."
            ),
            None
        );
    }
}
