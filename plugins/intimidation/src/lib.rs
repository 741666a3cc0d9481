//! The Intimidation keyword: "This unit gets +10 speed, +1 power, and +1 health for each of your
//! opponent's units in this arena." A non-unique unit cannot have Intimidation (isolated,
//! static).
//!
//! The bonus is a `stat-modifier` answer, which the engine asks again at every state check, so it
//! follows the number of the opponent's units in the arena as they come and go. The unit's
//! controller decides who "your opponent" is. A non-unique unit gets nothing from the ability.
//!
//! Not expressible with API 1.0 (see the `*.toml.pending` scenario): the engine sums the answers
//! of every instance, and an instance can't see the others, so a unit with two Intimidation
//! abilities gets the bonus twice although the keyword is isolated (game 13.2.1).

use swtcg_sdk::*;

struct Intimidation;

const NONE: Stats = Stats {
    speed: 0,
    power: 0,
    health: 0,
};

impl Keyword for Intimidation {
    fn stat_modifier(ability: Ability) -> Stats {
        let Some(me) = host::unit(ability.unit) else {
            return NONE;
        };
        // "A non-unique unit cannot have Intimidation."
        if !me.unique || me.zone == Zone::BuildZone {
            return NONE;
        }
        let opponents = host::units(Some(me.zone))
            .into_iter()
            .filter_map(host::unit)
            .filter(|u| u.controller != me.controller)
            .count() as i32;
        Stats {
            speed: 10 * opponents,
            power: opponents,
            health: opponents,
        }
    }
}

swtcg_sdk::export_keyword!(Intimidation);
