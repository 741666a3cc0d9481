//! The Alternative Cost keyword: "Instead of paying the build cost of this card, you may complete
//! this card by paying the [cost] listed."
//!
//! The engine pays the listed cost in the order printed and only when every part can be paid
//! ("must be paid in full"); build counters don't matter and reductions of the build cost don't
//! change it. OQ-K12: it is used during the owner's build step, for a card in hand or in the
//! build zone.

use swtcg_sdk::*;

struct AlternativeCost;

impl Keyword for AlternativeCost {
    fn completions(ability: Ability) -> Vec<Completion> {
        let cost = ability.parameter.trim().trim_end_matches('.').to_string();
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
