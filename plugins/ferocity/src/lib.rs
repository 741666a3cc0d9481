//! The Ferocity keyword: "Damage from this unit can't be prevented" (isolated, static).
//!
//! The engine asks the abilities of a damage instance's source and of each damaged unit, before
//! the damage prevention POP, whether that damage may be prevented. Ferocity forbids it whenever
//! its own unit is the source, whatever made the damage: the attack dice, Overkill's moved hits,
//! Retaliate dice or any other ability whose damage comes from this unit. Damage done to the
//! Ferocity unit itself stays preventable. A Fortitude on the damaged unit answers "allowed",
//! which the engine lets win ("Units with Fortitude override this ability").

use swtcg_sdk::*;

struct Ferocity;

impl Keyword for Ferocity {
    fn damage_preventable(ability: Ability, source: UnitId, _target: UnitId) -> Option<bool> {
        // Only damage from this unit is concerned; the engine also asks when this unit is the
        // one being damaged, and then Ferocity has nothing to say.
        (source == ability.unit).then_some(false)
    }
}

swtcg_sdk::export_keyword!(Ferocity);
