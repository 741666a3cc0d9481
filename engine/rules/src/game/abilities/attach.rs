//! Equipment and Pilots (game 12, 16): the rules for attaching an Equipment, a Pilot boarding a
//! unit or disembarking, and carrying each out.

use super::{ActiveAbility, PilotRoom};
use crate::game::Game;
use crate::log::Event;
use crate::model::{CardType, UnitId};

impl Game<'_> {
    /// Game 16.2 and keywords.md Equip: an ability attaches its own card, a completed Equipment
    /// in its controller's build zone, in that player's build step, to a completed unit in play
    /// whose type line has one of the arenas of the Equipment's subtype line (an Equipment whose
    /// subtype line names no arena goes on any unit: the older wording "to any unit").
    pub(super) fn check_attach(
        &self,
        source: &ActiveAbility,
        equipment: u32,
        to: u32,
    ) -> Result<(), String> {
        if equipment != source.ability.unit {
            return Err(format!(
                "an ability attaches only its own card, unit {}, not unit {equipment}",
                source.ability.unit
            ));
        }
        if self.state.step != crate::model::state::TurnStep::Build(source.controller) {
            return Err("Equipment is attached only in its controller's build step".into());
        }
        let Some(e) = self.state.unit(UnitId(equipment)) else {
            return Err(format!("unit {equipment} does not exist"));
        };
        let kit = self.state.top_def(e);
        if kit.card_type != CardType::Equipment
            || !e.built
            || e.place != crate::model::Place::BuildZone
            || e.controller != source.controller
        {
            return Err(format!(
                "unit {equipment} is not a completed Equipment in its controller's build zone"
            ));
        }
        let Some(t) = self.state.unit(UnitId(to)) else {
            return Err(format!("unit {to} does not exist"));
        };
        let target = self.state.top_def(t);
        if !t.built || !target.is_unit() {
            return Err(format!("unit {to} is not a completed unit"));
        }
        if !kit.arenas.is_empty() && !kit.arenas.iter().any(|a| target.arenas.contains(a)) {
            return Err(format!(
                "{} goes on {} units; {} is not one",
                kit.name,
                kit.arenas
                    .iter()
                    .map(|a| a.name())
                    .collect::<Vec<_>>()
                    .join("/"),
                target.name
            ));
        }
        Ok(())
    }

    /// Attaches the completed Equipment `equipment` (a card in the build zone) to `unit`: its
    /// card leaves the build zone and belongs to the unit from now on (game 3.6.8, 4.10).
    pub(super) fn attach(&mut self, equipment: UnitId, unit: UnitId) {
        if self.state.unit(unit).is_none() {
            return;
        }
        let Some(kit) = self.state.units.remove(&equipment) else {
            return;
        };
        let card = kit.top();
        if let Some(u) = self.state.unit_mut(unit) {
            // The Equipment's own card, and what effects put with it in the build zone
            // (face-down cards beneath it: `put-beneath` accepts any unit), which would
            // otherwise be in no zone.
            u.equipment.extend(kit.cards.iter().chain(&kit.equipment));
            u.beneath.extend(&kit.beneath);
            u.pilots.extend(&kit.pilots);
        }
        let name = self.state.def(card).name.clone();
        self.event(Event::Equipped {
            equipment,
            card,
            unit,
            name,
        });
    }

    /// Game 12.2, 12.4 and keywords.md Pilot: an ability moves its own card, a Pilot that is a
    /// unit of its own (nothing stacked, piloting or equipped with it) in its controller's
    /// Character arena, onto another of that player's units in an arena, in that player's build
    /// step, once per build step. The unit may not be a Droid unless one of its abilities lets
    /// it have a Pilot, and may not already have as many Pilots as it may: `room`, what its
    /// abilities answered to the query `pilot-room` for this Pilot (`Game::pilot_room`: the
    /// ruleset's `pilot_limit`, OQ-20, or more; "This unit can have up to 3 Pilots" printed on
    /// it, or granted by a Pilot already on it: "The Starfighter gets *This unit can have up to
    /// 2 Pilots"). `None` when it was not asked: no room beyond the ruleset's. Which subtypes the
    /// Pilot may fly is the plugin's to read: it offers only those units.
    pub(super) fn check_board(
        &self,
        source: &ActiveAbility,
        onto: u32,
        room: Option<PilotRoom>,
    ) -> Result<(), String> {
        let side = source.controller;
        if self.state.step != crate::model::state::TurnStep::Build(side) {
            return Err("a Pilot moves onto a unit only in its controller's build step".into());
        }
        let Some(pilot) = self.state.unit(UnitId(source.ability.unit)) else {
            return Err(format!("unit {} does not exist", source.ability.unit));
        };
        let card = pilot.top();
        if source.card != Some(card)
            || pilot.cards.len() != 1
            || !pilot.pilots.is_empty()
            || !pilot.equipment.is_empty()
            || !pilot.beneath.is_empty()
        {
            return Err(format!(
                "unit {} is not the ability's own Pilot card standing alone as a unit",
                source.ability.unit
            ));
        }
        if pilot.controller != side || pilot.in_arena() != Some(crate::model::Arena::Character) {
            return Err(format!(
                "unit {} is not a unit in its controller's Character arena",
                source.ability.unit
            ));
        }
        if self.state.pilots_moved.contains(&card) {
            return Err(format!(
                "{} already moved onto or off a unit this build step",
                self.state.def(card).name
            ));
        }
        if onto == source.ability.unit {
            return Err("a Pilot can't pilot itself".into());
        }
        let Some(target) = self.state.unit(UnitId(onto)) else {
            return Err(format!("unit {onto} does not exist"));
        };
        let def = self.state.top_def(target);
        if target.controller != side || target.in_arena().is_none() || !def.is_unit() {
            return Err(format!(
                "{} is not one of the Pilot's controller's units in an arena",
                def.name
            ));
        }
        let room = room.unwrap_or(PilotRoom {
            allows_a_pilot: false,
            limit: self.state.ruleset.pilot_limit,
        });
        // "Treat Lobot as a Droid." makes it one here too.
        let droid = self
            .state
            .subtypes_of(target)
            .iter()
            .any(|s| s.eq_ignore_ascii_case("Droid"));
        if droid && !room.allows_a_pilot {
            return Err(format!(
                "{} is a Droid and none of its abilities lets it have a Pilot",
                def.name
            ));
        }
        let limit = room.limit;
        if target.pilots.len() as u32 >= limit {
            return Err(format!(
                "{} already has {} Pilot(s), as many as it may have ({limit})",
                def.name,
                target.pilots.len()
            ));
        }
        Ok(())
    }

    /// Game 12.2: an ability moves its own card, a Pilot piloting the unit `from`, off it into
    /// the Character arena, in its controller's build step, once per build step.
    pub(super) fn check_disembark(&self, source: &ActiveAbility, from: u32) -> Result<(), String> {
        let side = source.controller;
        if self.state.step != crate::model::state::TurnStep::Build(side) {
            return Err("a Pilot moves off a unit only in its controller's build step".into());
        }
        if from != source.ability.unit {
            return Err(format!(
                "an ability moves its Pilot card off unit {}, the one it pilots, not unit {from}",
                source.ability.unit
            ));
        }
        let Some(unit) = self.state.unit(UnitId(from)) else {
            return Err(format!("unit {from} does not exist"));
        };
        let Some(card) = source.card.filter(|c| unit.pilots.contains(c)) else {
            return Err(format!(
                "the ability is not on a Pilot card piloting unit {from}"
            ));
        };
        if unit.controller != side {
            return Err(format!("unit {from} is not its controller's"));
        }
        if self.state.pilots_moved.contains(&card) {
            return Err(format!(
                "{} already moved onto or off a unit this build step",
                self.state.def(card).name
            ));
        }
        Ok(())
    }

    /// Moves the ability's own Pilot card, a unit of its own, onto `onto` (game 12.2): the card
    /// leaves its unit, which is gone with its damage, tap and counters, and pilots `onto`.
    pub(super) fn board(&mut self, source: &ActiveAbility, onto: UnitId) {
        let pilot = UnitId(source.ability.unit);
        if self.state.unit(onto).is_none() || self.state.unit(pilot).is_none() {
            return;
        }
        let Some(unit) = self.state.units.remove(&pilot) else {
            return;
        };
        let card = unit.top();
        if let Some(u) = self.state.unit_mut(onto) {
            u.pilots.push(card);
        }
        self.state.pilots_moved.push(card);
        let name = self.state.def(card).name.clone();
        self.event(Event::Boarded {
            pilot,
            card,
            unit: onto,
            name,
        });
    }

    /// Moves the ability's own Pilot card off `from` into its controller's Character arena
    /// (game 12.2), where it is a unit of its own again: completed, untapped and undamaged (the
    /// rules say nothing of either), its own text active again (12.5).
    pub(super) fn disembark(&mut self, source: &ActiveAbility, from: UnitId) {
        let Some(card) = source.card else {
            return;
        };
        let Some(u) = self.state.unit_mut(from) else {
            return;
        };
        let Some(position) = u.pilots.iter().position(|&c| c == card) else {
            return;
        };
        u.pilots.remove(position);
        let owner = self.state.owner(card);
        let pilot = self.state.add_unit(crate::model::Unit {
            controller: source.controller,
            ..crate::model::Unit::new(
                owner,
                card,
                crate::model::Place::Arena(crate::model::Arena::Character),
            )
        });
        self.state.pilots_moved.push(card);
        let name = self.state.def(card).name.clone();
        self.event(Event::Disembarked {
            from,
            card,
            pilot,
            name,
        });
    }
}
