//! Resources (game 4.9, 16.4): built in the build zone like other cards, then kept in their
//! player's Resource zone, at most `resources_in_play` of one player's (P-2: the oldest
//! replaced, or the completion refused); their activated abilities are paid by adding counters
//! to the Resource or removing them ("Add 1 counter ->", "Remove 5 counters ->"), each once per
//! turn unless the ruleset says otherwise (P-3).
//!
//! A Resource in the Resource zone is a `Unit` record whose place is `Place::Resource`: its
//! abilities work as those of a card in play, but it is in no arena (`Unit::in_arena` is none),
//! so every rule about the units of an arena passes it by. Its counters are those of the kind
//! `model::RESOURCE_COUNTER`.

use super::{Flow, Game};
use crate::log::Event;
use crate::model::{CardType, Place, Side, UnitId};
use crate::ruleset::OverLimit;

impl Game<'_> {
    /// Whether a card in play is a Resource card (built or not).
    pub(crate) fn is_resource_card(&self, unit: UnitId) -> bool {
        self.state
            .unit(unit)
            .is_some_and(|u| self.state.top_def(u).card_type == CardType::Resource)
    }

    /// Whether `side` may complete a Resource now: always, unless the ruleset refuses Resources
    /// beyond `resources_in_play` (P-2) and they have that many.
    pub(crate) fn resource_room(&self, side: Side) -> bool {
        let state = &self.state;
        let limit = state.ruleset.resources_in_play as usize;
        limit > 0
            && (state.ruleset.resource_over_limit == OverLimit::Replace
                || state.resources_of(side).count() < limit)
    }

    /// Puts the Resource `unit`, just completed, into its controller's Resource zone (game
    /// 16.4). If they have as many Resources there as the ruleset allows, the oldest goes to its
    /// owner's discard pile first (P-2 `replace`; `refuse` never lets it be completed).
    pub(crate) fn place_resource(&mut self, side: Side, unit: UnitId) -> Flow {
        let limit = self.state.ruleset.resources_in_play as usize;
        let replaced = |unit, by, name| Event::ResourceReplaced { unit, by, name };
        self.place_within_limit(side, unit, Place::Resource, limit, replaced)?;
        if self.state.unit(unit).is_none() {
            return Ok(());
        }
        let name = self.state.unit_label(unit);
        self.event(Event::ResourcePlaced { unit, name });
        Ok(())
    }
}
