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
//!
//! "... or the attacker may attack Stealth units for another reason" (newer wording): an
//! attacker with the text "<this unit> can attack units with Stealth [in the <arena> arena]."
//! (Ravinak, Knights of Ren (B)), printed or granted, may attack this unit in those arenas. The
//! card plugin `card-attack-stealth` claims that text; this plugin reads it from the attacker's
//! abilities (host `abilities`, API 1.1).

use swtcg_card_text::card_text::attacks_stealth;
use swtcg_sdk::*;

struct Stealth;

/// The Velocity plugin's note: this unit's Velocity applied while it had no Stealth this turn.
const NO_STEALTH: &str = "velocity:no-stealth";

impl Keyword for Stealth {
    fn can_be_attacked(ability: Ability, attacker: UnitId) -> bool {
        if host::note(ability.unit, NO_STEALTH).is_some() {
            return true;
        }
        match host::unit(ability.unit) {
            Some(unit) => unit.tapped || unit.damage > 0 || attacks_stealth_units(attacker, &unit),
            None => true,
        }
    }
}

/// Whether `attacker` may attack Stealth units for another reason, here `defender`: one of its
/// texts says it "can attack units with Stealth" in the defender's arena.
fn attacks_stealth_units(attacker: UnitId, defender: &UnitView) -> bool {
    let Some(name) = host::unit(attacker).map(|u| u.name) else {
        return false;
    };
    let arena = match defender.zone {
        Zone::Space => Some(Arena::Space),
        Zone::Ground => Some(Arena::Ground),
        Zone::Character => Some(Arena::Character),
        _ => None,
    };
    host::abilities(attacker)
        .iter()
        .filter_map(|text| attacks_stealth(text))
        .any(|reason| reason.lets(&name, arena))
}

swtcg_sdk::export_keyword!(Stealth);
