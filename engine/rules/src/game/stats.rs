//! Derived values of the state: total stats, build costs, arena control and uniqueness (pure).

use crate::model::{Arena, GameState, Side, Unit, UnitId};

/// The largest size a total stat can reach. Plugins may propose any number their types allow;
/// stats are summed wide and kept within this range, so no sum can overflow.
const STAT_LIMIT: i64 = 1_000_000;

fn total(parts: &[i64]) -> i32 {
    parts.iter().sum::<i64>().clamp(-STAT_LIMIT, STAT_LIMIT) as i32
}

impl GameState {
    /// Total speed: printed speed, +10 per card under the top (game 3.6.3), modifiers; never
    /// below 0.
    pub fn total_speed(&self, unit: &Unit) -> i32 {
        let printed = self.top_def(unit).speed_value();
        let bonus: i64 = unit.modifiers.iter().map(|m| m.speed as i64).sum();
        total(&[
            printed as i64,
            10 * unit.cards_under() as i64,
            bonus,
            unit.static_bonus[0] as i64,
        ])
        .max(0)
    }

    /// Total power: printed power, +1 per card under the top, modifiers; never below 0 (game 10.3).
    pub fn total_power(&self, unit: &Unit) -> i32 {
        let printed = self.top_def(unit).power_value();
        let bonus: i64 = unit.modifiers.iter().map(|m| m.power as i64).sum();
        total(&[
            printed as i64,
            unit.cards_under() as i64,
            bonus,
            unit.static_bonus[1] as i64,
        ])
        .max(0)
    }

    /// Total health: printed health, +1 per card under the top, modifiers (game 3.6.3, 14.3).
    pub fn total_health(&self, unit: &Unit) -> i32 {
        let printed = self.top_def(unit).health_value();
        let bonus: i64 = unit.modifiers.iter().map(|m| m.health as i64).sum();
        total(&[
            printed as i64,
            unit.cards_under() as i64,
            bonus,
            unit.static_bonus[2] as i64,
        ])
    }

    /// The build counters a card in the build zone needs to be completed (game 7.4): its
    /// printed cost with what abilities in play change of it while it is built
    /// (`Unit::cost_change`; a completed unit's cost is its printed one), never below the
    /// ruleset's minimum (OQ-15).
    pub fn build_cost(&self, unit: &Unit) -> u32 {
        let change = if unit.built { 0 } else { unit.cost_change };
        self.top_def(unit)
            .cost_value()
            .saturating_add(change)
            .max(self.ruleset.minimum_build_cost)
            .max(0) as u32
    }

    /// The player controlling an arena: the only one with units there (game 15.2).
    pub fn arena_controller(&self, arena: Arena) -> Option<Side> {
        let dark = self.units_in(arena, Side::Dark).next().is_some();
        let light = self.units_in(arena, Side::Light).next().is_some();
        match (dark, light) {
            (true, false) => Some(Side::Dark),
            (false, true) => Some(Side::Light),
            _ => None,
        }
    }

    /// A player who controls at least two arenas (game 15.1).
    pub fn arena_winner(&self) -> Option<Side> {
        Side::BOTH.into_iter().find(|&side| {
            Arena::ALL
                .iter()
                .filter(|&&arena| self.arena_controller(arena) == Some(side))
                .count()
                >= 2
        })
    }

    /// The unit that must go when one player has two unstacked completed units of one unique
    /// name in play: the one that arrived later, which has the higher id (game 3.5.3).
    pub fn uniqueness_conflict(&self) -> Option<UnitId> {
        let in_play: Vec<&Unit> = self.units.values().filter(|u| u.built).collect();
        for (i, later) in in_play.iter().enumerate() {
            let def = self.top_def(later);
            if !def.is_unique() {
                continue;
            }
            let clash = in_play[..i].iter().any(|earlier| {
                earlier.controller == later.controller && {
                    let other = self.top_def(earlier);
                    other.is_unique() && self.same_unit(other.unique_name(), def.unique_name())
                }
            });
            if clash {
                return Some(later.id);
            }
        }
        None
    }

    /// The completed unit of `side` in play that carries the unique name `name` (or another
    /// name of the same unit, game 3.5.5), if any.
    pub fn unit_named(&self, side: Side, name: &str) -> Option<&Unit> {
        self.units.values().find(|u| {
            u.built && u.controller == side && {
                let def = self.top_def(u);
                def.is_unique() && self.same_unit(def.unique_name(), name)
            }
        })
    }

    /// Whether two unique names (without versions) name the same unit: the same name, or two
    /// names of one group of the ruleset's `same_unit_names` (game 3.5.5, OQ-4).
    pub fn same_unit(&self, a: &str, b: &str) -> bool {
        a == b || swtcg_plugin_api::names::same_unit(&self.ruleset.same_unit_names, a, b)
    }
}
