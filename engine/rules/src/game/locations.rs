//! Locations (game 16.1): completed in the build zone, then placed in an arena of their type
//! line, at most `locations_per_arena` of one player's in an arena (OQ-24).
//!
//! A placed Location is a `Unit` record whose place is `Place::Location(arena)`: its abilities
//! work as those of a card in play, but it is no unit of that arena (`Unit::in_arena` is none),
//! so it can't attack or be attacked, takes no damage, has no health and does not count toward
//! controlling the arena.

use super::{Flow, Game};
use crate::decision::{Choice, DecisionKind};
use crate::log::Event;
use crate::model::{Arena, CardType, Place, Side, UnitId};
use crate::ruleset::OverLimit;

impl Game<'_> {
    /// Whether a card in play is a Location card (built or not).
    pub(crate) fn is_location_card(&self, unit: UnitId) -> bool {
        self.state
            .unit(unit)
            .is_some_and(|u| self.state.top_def(u).card_type == CardType::Location)
    }

    /// The arenas of the type line of the Location `unit` where its controller may place it
    /// now: all of them, unless the ruleset refuses Locations beyond `locations_per_arena`
    /// (OQ-24) and that arena is full.
    pub(crate) fn location_arenas(&self, unit: UnitId) -> Vec<Arena> {
        let state = &self.state;
        let Some(u) = state.unit(unit) else {
            return Vec::new();
        };
        let limit = state.ruleset.locations_per_arena as usize;
        if limit == 0 {
            return Vec::new();
        }
        let refuse = state.ruleset.location_over_limit == OverLimit::Refuse;
        state
            .top_def(u)
            .arenas
            .iter()
            .copied()
            .filter(|&arena| !refuse || state.locations_in(arena, u.controller).count() < limit)
            .collect()
    }

    /// A Location just completed goes into an arena of its type line (game 16.1): the only one
    /// it may go to, or the one its controller chooses (`prefer`, a route's arena, if it is one
    /// of them). With no arena open to it (OQ-24 `refuse`), it stays completed in the build
    /// zone, to be placed in a later build step.
    pub(crate) fn place_completed_location(
        &mut self,
        side: Side,
        unit: UnitId,
        prefer: Option<Arena>,
    ) -> Flow {
        let arenas = self.location_arenas(unit);
        let arena = match (prefer, arenas.as_slice()) {
            (Some(arena), _) if arenas.contains(&arena) => arena,
            (_, []) => return Ok(()),
            (_, [only]) => *only,
            _ => {
                let options = arenas
                    .iter()
                    .map(|&arena| Choice::Deploy { unit, arena })
                    .collect();
                match self.decide(side, DecisionKind::PlaceLocation { unit }, options)? {
                    Choice::Deploy { arena, .. } => arena,
                    _ => return Ok(()),
                }
            }
        };
        self.place_location(side, unit, arena)
    }

    /// Puts the completed Location `unit` into `arena`. If its controller has as many Locations
    /// there as the ruleset allows, the oldest goes to its owner's discard pile first (OQ-24
    /// `replace`; `refuse` never offers that arena).
    pub(crate) fn place_location(&mut self, side: Side, unit: UnitId, arena: Arena) -> Flow {
        let limit = self.state.ruleset.locations_per_arena as usize;
        let replaced = |unit, by, name| Event::LocationReplaced { unit, by, name };
        self.place_within_limit(side, unit, Place::Location(arena), limit, replaced)?;
        if self.state.unit(unit).is_none() {
            return Ok(());
        }
        let name = self.state.unit_label(unit);
        self.event(Event::LocationPlaced { unit, arena, name });
        Ok(())
    }
}
