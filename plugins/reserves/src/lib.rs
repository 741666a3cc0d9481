//! The Reserves keyword: "Reserves: [Ability]" means "The following ability works while, and
//! only while, it's in the build zone" (layered, static). Retreated units use Reserves.
//!
//! The manifest lists the build zone, so the engine asks this plugin there, and it gives the
//! unit the listed ability only while the unit is a completed unit in its owner's build zone
//! (a retreated unit, or one completed and not yet deployed): in an arena the ability does
//! nothing, and a card still being built uses no ability (game 13.7). The listed text is handed
//! back as printed, so it keeps its own type ("activated abilities granted by Reserves may be
//! disrupted") and its own cost.
//!
//! The manifest's `grants = "in-build-zone"` makes the engine let the listed ability work in the
//! build zone whatever its keyword (INSERT's grants work there only if their own keyword does).
//! A Reserves granted by INSERT ("INSERT: Reserves: ...") grants in turn: the engine follows
//! grants a few levels deep.

use swtcg_sdk::*;

struct Reserves;

impl Keyword for Reserves {
    fn granted_abilities(ability: Ability) -> Vec<String> {
        let listed = ability.parameter.trim();
        if listed.is_empty() {
            return Vec::new();
        }
        match host::unit(ability.unit) {
            Some(unit) if unit.zone == Zone::BuildZone && unit.built => vec![listed.to_string()],
            _ => Vec::new(),
        }
    }

    fn understands(ability: Ability) -> bool {
        !ability.parameter.trim().is_empty()
    }
}

swtcg_sdk::export_keyword!(Reserves);
