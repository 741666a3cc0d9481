//! The Shields keyword: "The attacking unit gets -X power against this unit" (cumulative,
//! static).
//!
//! The engine asks it only when the attack dice are rolled against this unit, so Shields never
//! touches dice of damage, hits moved to this unit by Overkill, or a roll already made.

use swtcg_sdk::*;

struct Shields;

impl Keyword for Shields {
    fn power_against(ability: Ability, _attacker: UnitId) -> i32 {
        // "Shields X": X is printed as a positive number and taken off the attacker's power.
        -ability.parameter.trim().parse::<i32>().unwrap_or(0)
    }
}

swtcg_sdk::export_keyword!(Shields);
