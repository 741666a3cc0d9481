//! The Upkeep keyword: when the build step of the unit's controller starts, they must pay one of
//! the listed costs that they can pay; if none can be paid in full, Upkeep is ignored (OQ-K14).
//!
//! Each Upkeep instance is paid on its own (layered). It works in the build zone too (its
//! manifest lists that zone), but only for a unit: a card still being built there uses no
//! ability (game 13.7), so its Upkeep is not paid. The engine checks which costs can be paid and asks the player when
//! several can, and the player orders several Upkeeps that trigger together (game 13.4.3).

use swtcg_sdk::*;

struct Upkeep;

/// The listed alternatives, as costs the engine reads. "Pay 1 Force or tap this unit." gives
/// ["Pay 1 Force", "tap this unit"]; a list "A, B, or C" (the seed's template: "Pay 1 build
/// point, discard a card from your hand, or tap Shae") gives its three items. Without an "or"
/// the whole text is one cost, whose comma-separated parts are all paid in order.
fn costs(parameter: &str, name: &str) -> Vec<String> {
    let text = parameter.trim().trim_end_matches('.');
    let parts: Vec<&str> = if text.contains(" or ") {
        text.split(" or ")
            .flat_map(|part| part.split(','))
            .collect()
    } else {
        vec![text]
    };
    parts
        .into_iter()
        .map(|c| c.trim())
        .filter(|c| !c.is_empty())
        .map(|c| tap_self(c, name))
        .collect()
}

/// Card text names its own unit ("tap Ona" on Ona Nobis (A), "tap it"); that is the engine's
/// "tap this unit". Other tap costs ("tap one of your Slaves") are left as printed.
fn tap_self(cost: &str, name: &str) -> String {
    let Some(rest) = cost
        .strip_prefix("tap ")
        .or_else(|| cost.strip_prefix("Tap "))
    else {
        return cost.to_string();
    };
    let rest = rest.trim();
    // The unit's name without its version letter: "Ona Nobis (A)" -> "Ona Nobis".
    let base = name.split(" (").next().unwrap_or(name).trim();
    let names_itself = rest.eq_ignore_ascii_case("it")
        || rest.eq_ignore_ascii_case(base)
        || (base
            .get(..rest.len())
            .is_some_and(|head| head.eq_ignore_ascii_case(rest))
            && base[rest.len()..].starts_with(' '));
    if names_itself {
        "tap this unit".to_string()
    } else {
        cost.to_string()
    }
}

/// Whether the engine reads every listed cost (the contract's grammar of costs), so that the
/// Upkeep can be carried out as printed. `understands` does not see the card, so a cost naming
/// a unit ("tap Ona", "tap Hell's Anvil") is read as naming this one, as `tap_self` reads it
/// once the unit is known.
fn every_cost_reads(parameter: &str) -> bool {
    let listed = costs(parameter, "");
    !listed.is_empty()
        && listed.iter().all(|cost| {
            let named_tap = cost
                .strip_prefix("tap ")
                .or_else(|| cost.strip_prefix("Tap "))
                .is_some_and(|rest| rest.starts_with(|c: char| c.is_uppercase()));
            named_tap || api::cost::parse_costs(cost).is_ok()
        })
}

impl Keyword for Upkeep {
    /// An Upkeep whose costs the engine can't all read is not carried out: the player could
    /// not pay it as printed (a cost left out would make another one mandatory).
    fn understands(ability: Ability) -> bool {
        every_cost_reads(&ability.parameter)
    }

    fn build_step_start(ability: Ability, event: Event) -> HookResult {
        let Some(unit) = host::unit(ability.unit) else {
            return Ok(Vec::new());
        };
        // Game 13.7: abilities of partially built cards can't be used; the seed's "even if that
        // unit is in the build zone" is about a unit, not a card still being built.
        if !unit.built {
            return Ok(Vec::new());
        }
        // "You" is the unit's controller: the opponent's build step doesn't trigger it.
        if event.side != Some(unit.controller) {
            return Ok(Vec::new());
        }
        Ok(vec![Effect::PayOneOf(costs(
            &ability.parameter,
            &unit.name,
        ))])
    }
}

swtcg_sdk::export_keyword!(Upkeep);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn upkeeps_of_real_cards_are_understood_only_if_every_cost_reads() {
        for parameter in [
            "Pay 1 build point, discard 1 card from your hand, or tap this unit.",
            "Put 1 damage counter on Dengar.",
            "Discard the top card from your deck or tap Hell's Anvil.",
            "Put the top 3 cards of your deck into your discard pile.",
            "Pay 1 build point or tap Ona.",
            "Gain 1 Force.",
        ] {
            assert!(every_cost_reads(parameter), "{parameter}");
        }
        for parameter in [
            "Remove a card in your discard pile from the game or tap this unit.",
            "Return one of your units to your hand.",
            "",
        ] {
            assert!(!every_cost_reads(parameter), "{parameter}");
        }
    }
}
