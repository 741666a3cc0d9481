//! The Armor keyword: the unit is hit only by die results of 5 or more.
//!
//! It changes the number needed, not the die, so Accuracy still helps against it. The engine
//! asks it for attack dice and for dice of damage (Retaliate, Ambush...); Overkill's moved hits
//! are not dice and never ask.

use swtcg_sdk::*;

struct Armor;

impl Keyword for Armor {
    fn hit_threshold(_ability: Ability, _kind: DiceKind) -> Option<u8> {
        Some(5)
    }
}

swtcg_sdk::export_keyword!(Armor);
