//! The Hidden Cost keyword: "As long as you have a number of build counters on this card equal to
//! X or the unit's current build cost (whichever is less), you may complete it anytime by paying
//! Force for the remaining build cost, if any."
//!
//! The engine offers the completion in its owner's build step and in every POP that is not
//! reserved for re-roll, damage prevention or disrupt, lets the player deploy the card at once
//! or leave it in the build zone, and checks that the Force can be paid. The seed's two Force
//! sentences disagree (OQ-K1): by default the Force paid is the build cost still missing
//! (`hidden-cost-force = "missing"`); with `"free-at-x"` a card with at least X counters is free.

use swtcg_sdk::*;

struct HiddenCost;

impl Keyword for HiddenCost {
    fn completions(ability: Ability) -> Vec<Completion> {
        let Ok(x) = ability.parameter.trim().parse::<u32>() else {
            return Vec::new();
        };
        // Only a partially built card in the build zone can use it ("can only be played if the
        // card is partially built").
        let Some(card) = host::unit(ability.unit) else {
            return Vec::new();
        };
        if card.built || card.zone != Zone::BuildZone {
            return Vec::new();
        }
        let cost = card.cost.max(0) as u32;
        let free_at_x = host::rule("hidden-cost-force").as_deref() == Some("free-at-x")
            && card.build_counters >= x;
        vec![Completion {
            label: format!("Hidden Cost {x}"),
            cost: None,
            min_counters: x.min(cost),
            force_for_missing: !free_at_x,
            from_hand: false,
            anytime: true,
        }]
    }
}

swtcg_sdk::export_keyword!(HiddenCost);
