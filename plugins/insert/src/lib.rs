//! The INSERT keyword: "When this card is in play or stacked under the unit, the unit gets the
//! following effect" (layered, static).
//!
//! The manifest lists the arenas, the build zone and the stack, so the engine asks this plugin
//! for an INSERT printed on any card of a unit's stack, in an arena or in the build zone, and
//! gives the granted ability to the unit (the top card of the stack). The granted text is handed
//! back as printed, so it keeps its own type: "Pay 1 Force -> Retaliate 4" stays an activated
//! ability with its cost, and the engine lets it work in the build zone only if its own keyword
//! works there ("as per the rule for that effect").
//!
//! OQ-K5: the INSERT card on top of the stack grants the effect too (the seed's "in play"). The
//! ruleset flag `insert-top-card = "no"` takes the other reading, where only cards under the top
//! grant; `ability.under` says whether this INSERT is printed on a card under the top.

use swtcg_sdk::*;

struct Insert;

impl Keyword for Insert {
    fn granted_abilities(ability: Ability) -> Vec<String> {
        let effect = ability.parameter.trim();
        if effect.is_empty() {
            return Vec::new();
        }
        if host::rule("insert-top-card").as_deref() == Some("no") && !ability.under {
            return Vec::new();
        }
        vec![effect.to_string()]
    }
}

swtcg_sdk::export_keyword!(Insert);
