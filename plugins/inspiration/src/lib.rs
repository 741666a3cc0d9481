//! The Inspiration keyword: "Each of your other units in this arena gets +10 speed, +1 power, and
//! +1 health." A non-unique card cannot have Inspiration (isolated, static).
//!
//! The bonus is a `stat-modifier-for` answer, which the engine asks about every other unit in
//! play at each state check, so it follows the units as they enter and leave the arena and ends
//! when the inspiring unit leaves it. The engine asks an isolated keyword once per unit, so two
//! instances on one unit give the bonus once, while two inspiring units each give theirs.

use swtcg_sdk::*;

struct Inspiration;

const NONE: Stats = Stats {
    speed: 0,
    power: 0,
    health: 0,
};

impl Keyword for Inspiration {
    fn stat_modifier_for(ability: Ability, unit: UnitId) -> Stats {
        let Some(me) = host::unit(ability.unit) else {
            return NONE;
        };
        // "A non-unique card cannot have Inspiration": printed on or granted to a non-unique
        // unit, the ability does nothing.
        if !me.unique || me.zone == Zone::BuildZone {
            return NONE;
        }
        let Some(other) = host::unit(unit) else {
            return NONE;
        };
        // Only "your other units in this arena": the engine never asks about the unit itself,
        // and units being built or in another arena or the opponent's get nothing.
        if other.id == me.id
            || other.controller != me.controller
            || other.zone != me.zone
            || !other.built
        {
            return NONE;
        }
        Stats {
            speed: 10,
            power: 1,
            health: 1,
        }
    }
}

swtcg_sdk::export_keyword!(Inspiration);
