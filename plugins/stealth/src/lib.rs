//! The Stealth keyword: "This unit can't be attacked unless it's tapped or has damage counters
//! on it."
//!
//! Only the choice of a defender asks it, so other kinds of damage (Overkill's moved hits) still
//! reach an untapped, undamaged Stealth unit, as the seed text says.

use swtcg_plugin_api::guest::*;

struct Stealth;

impl Keyword for Stealth {
    fn can_be_attacked(ability: Ability, _attacker: UnitId) -> bool {
        match host::unit(ability.unit) {
            Some(unit) => unit.tapped || unit.damage > 0,
            None => true,
        }
    }
}

swtcg_plugin_api::export_keyword!(Stealth);
