//! Events (game 4.8, 16.3, OQ-8): at setup each player may put Events from their supply into
//! their Event zone, where each is a `Unit` record in no arena (`Place::Event`), in play all game
//! with its text working, no unit.

use super::{Flow, Game};
use crate::decision::{Choice, DecisionKind};
use crate::log::Event;
use crate::model::{CardId, CardType, Place, Side, Unit};

impl Game<'_> {
    /// OQ-8: before the setup hooks, each player (the Dark Side first) may put up to the
    /// ruleset's `events_at_setup` Events from their supply into their Event zone, one at a
    /// time, each of a name not put there yet.
    pub(crate) fn put_events(&mut self) -> Flow {
        let limit = self.state.ruleset.events_at_setup;
        for side in Side::BOTH {
            for _ in 0..limit {
                let options = self.event_options(side);
                if options.len() == 1 {
                    break;
                }
                let Choice::PutEvent { card } =
                    self.decide(side, DecisionKind::PutEvent, options)?
                else {
                    break;
                };
                self.put_event(side, card);
            }
        }
        Ok(())
    }

    /// Pass, then one option per name of the Events in `side`'s supply that is not in their
    /// Event zone already.
    fn event_options(&self, side: Side) -> Vec<Choice> {
        let state = &self.state;
        let mut names: Vec<&str> = state
            .held_at(side, Place::Event)
            .map(|u| state.top_def(u).name.as_str())
            .collect();
        let mut options = vec![Choice::Pass];
        for &card in &state.player(side).supply {
            let def = state.def(card);
            if def.card_type == CardType::Event && !names.contains(&def.name.as_str()) {
                names.push(def.name.as_str());
                options.push(Choice::PutEvent { card });
            }
        }
        options
    }

    /// Moves an Event from `side`'s supply into their Event zone.
    fn put_event(&mut self, side: Side, card: CardId) {
        let supply = &mut self.state.player_mut(side).supply;
        let Some(at) = supply.iter().position(|&c| c == card) else {
            return;
        };
        supply.remove(at);
        let unit = self.state.add_unit(Unit::new(side, card, Place::Event));
        let name = self.state.unit_label(unit);
        self.event(Event::EventPut { unit, name });
    }
}
