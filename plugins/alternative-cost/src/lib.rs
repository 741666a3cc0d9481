//! The Alternative Cost keyword: "Instead of paying the build cost of this card, you may complete
//! this card by paying the [cost] listed."
//!
//! The engine pays the listed cost in the order printed and only when every part can be paid
//! ("must be paid in full"); build counters don't matter and reductions of the build cost don't
//! change it. OQ-K12: it is used during the owner's build step, for a card in hand or in the
//! build zone. A cost the contract's grammar of costs can't read (so the engine can't pay it:
//! "Discard any number of your Creatures with combined remaining health 4 or more") is not
//! claimed: the card's text then shows as not carried out.

use swtcg_sdk::*;

struct AlternativeCost;

/// The cost as printed, without its final period.
fn cost_of(ability: &Ability) -> String {
    ability.parameter.trim().trim_end_matches('.').to_string()
}

impl Keyword for AlternativeCost {
    fn understands(ability: Ability) -> bool {
        let cost = cost_of(&ability);
        !cost.is_empty() && api::cost::parse_costs_with_x(&cost).is_ok()
    }

    fn completions(ability: Ability) -> Vec<Completion> {
        let cost = cost_of(&ability);
        if cost.is_empty() {
            return Vec::new();
        }
        // A completed unit in the build zone (a retreated one) has nothing left to complete.
        if ability.unit != u32::MAX && host::unit(ability.unit).is_some_and(|u| u.built) {
            return Vec::new();
        }
        vec![Completion {
            label: "Alternative Cost".into(),
            cost: Some(cost),
            min_counters: 0,
            force_for_missing: false,
            from_hand: true,
            anytime: false,
        }]
    }
}

swtcg_sdk::export_keyword!(AlternativeCost);

#[cfg(test)]
mod tests {
    use super::*;

    fn ability(parameter: &str) -> Ability {
        Ability {
            unit: 1,
            index: 0,
            text: format!("Alternative Cost: {parameter}"),
            parameter: parameter.into(),
            cost: None,
            under: false,
        }
    }

    #[test]
    fn only_costs_the_engine_pays_are_claimed() {
        // Xesh (C) (TAL), and a cost of the seed's kind.
        assert!(AlternativeCost::understands(ability(
            "Pay X Force, where X is 8 or less."
        )));
        assert!(AlternativeCost::understands(ability(
            "Pay 2 Force, tap a Padawan."
        )));
        // KAE Boma, TMW Razor Crest (G): costs the grammar of costs can't read.
        assert!(!AlternativeCost::understands(ability(
            "Discard any number of your Creatures with combined remaining health 4 or more from the Ground arena."
        )));
        assert!(!AlternativeCost::understands(ability(
            "Tap 2 of your unique units."
        )));
        assert!(!AlternativeCost::understands(ability("")));
    }
}
