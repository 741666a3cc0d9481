//! The Upkeep keyword: when the build step of the unit's controller starts, they must pay one of
//! the listed costs that they can pay; if none can be paid in full, Upkeep is ignored (OQ-K14).
//!
//! Each Upkeep instance is paid on its own (layered). It works in the build zone too (its
//! manifest lists that zone). The engine checks which costs can be paid and asks the player when
//! several can.

use swtcg_plugin_api::guest::*;

struct Upkeep;

/// "Pay 1 Force or tap this unit." → ["Pay 1 Force", "tap this unit"].
fn costs(parameter: &str) -> Vec<String> {
    parameter
        .trim()
        .trim_end_matches('.')
        .split(" or ")
        .flat_map(|part| part.split(", or "))
        .map(|c| c.trim().trim_end_matches(',').to_string())
        .filter(|c| !c.is_empty())
        .collect()
}

impl Keyword for Upkeep {
    fn build_step_start(ability: Ability, event: Event) -> HookResult {
        let Some(unit) = host::unit(ability.unit) else { return Ok(Vec::new()) };
        if event.side != Some(unit.controller) {
            return Ok(Vec::new());
        }
        Ok(vec![Effect::PayOneOf(costs(&ability.parameter))])
    }
}

swtcg_plugin_api::export_keyword!(Upkeep);
