//! The Stealth keyword: "This unit can't be attacked unless it's tapped or has damage counters
//! on it."
//!
//! Only the choice of a defender asks it, so other kinds of damage (Overkill's moved hits) still
//! reach an untapped, undamaged Stealth unit, as the seed text says.
//!
//! "A unit can't gain Stealth after its Velocity has applied" (keywords.md Velocity; Stealth's
//! newer wording): the Velocity plugin notes [`NO_STEALTH`] on a unit whose Velocity applied
//! while it had no Stealth, and a Stealth the unit has while that note lasts (the rest of the
//! turn) was gained afterwards, so it does nothing.

use swtcg_plugin_api::guest::*;

struct Stealth;

/// The Velocity plugin's note: this unit's Velocity applied while it had no Stealth this turn.
const NO_STEALTH: &str = "velocity:no-stealth";

impl Keyword for Stealth {
    fn can_be_attacked(ability: Ability, _attacker: UnitId) -> bool {
        if host::note(ability.unit, NO_STEALTH).is_some() {
            return true;
        }
        match host::unit(ability.unit) {
            Some(unit) => unit.tapped || unit.damage > 0,
            None => true,
        }
    }
}

swtcg_plugin_api::export_keyword!(Stealth);
