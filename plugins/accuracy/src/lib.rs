//! The Accuracy keyword: "Add X to each of this unit's attack dice" (cumulative, static).
//!
//! The engine sums the modifiers of every Accuracy instance when the attack dice are rolled, so
//! Accuracy gained after the roll is too late, and it changes only the value used for hits:
//! natural values (Critical Hit, Fury, Parry...) are never touched.

use swtcg_sdk::*;

struct Accuracy;

impl Keyword for Accuracy {
    fn attack_die_modifier(ability: Ability, _attacker: UnitId, _defender: UnitId) -> i32 {
        // "Accuracy X" and "Accuracy -X": the parameter is the signed X.
        ability.parameter.trim().parse().unwrap_or(0)
    }
}

swtcg_sdk::export_keyword!(Accuracy);
