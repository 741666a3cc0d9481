//! The Ion Cannon keyword: the unit may attack a unit in the Space arena instead of one in its own
//! arena, using X power plus its other power changes (game 10.1.2).
//!
//! The engine adds the Space arena's units to the defenders the unit may choose (the player
//! picks each time between such an attack and a normal one) and rolls X plus every change to the
//! unit's printed power, stacking bonuses included. Such an attack comes from another arena, so
//! Retaliate can't answer it.

use swtcg_sdk::*;

struct IonCannon;

impl Keyword for IonCannon {
    fn attack_arenas(ability: Ability) -> Vec<OtherArena> {
        match ability.parameter.trim().parse::<i32>() {
            Ok(x) => vec![OtherArena {
                arena: Arena::Space,
                power: x,
            }],
            Err(_) => Vec::new(),
        }
    }
}

swtcg_sdk::export_keyword!(IonCannon);
