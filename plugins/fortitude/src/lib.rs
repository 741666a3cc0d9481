//! The Fortitude keyword: this unit may prevent damage to itself even when that damage can't be
//! prevented (Ferocity), with Evade, Absorb and other prevention (isolated, static).
//!
//! It answers "allowed" only for damage to its own unit: the engine also asks it when this unit
//! is the source of the damage, and a unit with both Ferocity and Fortitude must still do damage
//! that can't be prevented. Damage counters put directly on a unit are not damage and never reach
//! this question.

use swtcg_sdk::*;

struct Fortitude;

impl Keyword for Fortitude {
    fn damage_preventable(ability: Ability, _source: UnitId, target: UnitId) -> Option<bool> {
        // "Only for damage to itself, not for other units."
        (target == ability.unit).then_some(true)
    }
}

swtcg_sdk::export_keyword!(Fortitude);
