//! Subordinates taken from a player's supply (game 4.7, 16.5; API 1.10 `take-subordinate`):
//! which supply card an effect names, the arena it goes into, and the unit it becomes.

use crate::decision::DecisionKind;
use crate::game::{Flow, Game};
use crate::log::Event;
use crate::model::{Arena, CardId, CardType, Place, Side, Unit, UnitId};

impl Game<'_> {
    /// `side` takes the Subordinate named `name` from their supply and puts it into one of
    /// `arenas` on its type line (any arena of its type line when `arenas` is empty), tapped if
    /// `tapped`. A supply holds as many of each Subordinate as effects take: the last copy of
    /// one stays in the supply and a new card of it is taken. A supply with no such Subordinate,
    /// or one that can't go into any of those arenas, takes nothing, and the log says why.
    pub(crate) fn take_subordinate(
        &mut self,
        side: Side,
        by: Option<UnitId>,
        name: &str,
        arenas: &[Arena],
        tapped: bool,
    ) -> Flow {
        let supply = &self.state.player(side).supply;
        let Some(at) = supply.iter().position(|&card| {
            let def = self.state.def(card);
            def.card_type == CardType::Subordinate && def.is_named(name)
        }) else {
            self.event(Event::NoSubordinate {
                side,
                name: name.to_string(),
                why: "the supply holds no Subordinate of that name".into(),
            });
            return Ok(());
        };
        let found = supply[at];
        let def = self.state.cards[found.0 as usize].def.clone();
        let open: Vec<Arena> = def
            .arenas
            .iter()
            .copied()
            .filter(|arena| arenas.is_empty() || arenas.contains(arena))
            .collect();
        if open.is_empty() {
            self.event(Event::NoSubordinate {
                side,
                name: def.name.clone(),
                why: "it can't go into the arenas the effect names".into(),
            });
            return Ok(());
        }
        let copies = supply
            .iter()
            .filter(|&&card| std::sync::Arc::ptr_eq(&self.state.cards[card.0 as usize].def, &def))
            .count();
        let card: CardId = if copies > 1 {
            self.state.player_mut(side).supply.remove(at)
        } else {
            self.state.new_card(def.clone(), side)
        };
        let unit = Unit {
            tapped,
            ..Unit::new(side, card, Place::BuildZone)
        };
        let kind = |unit| DecisionKind::PlaceSubordinate { unit, by };
        let name = def.name.clone();
        self.put_into_play(unit, &open, kind, |unit, arena| {
            Some(Event::SubordinateTaken {
                side,
                unit,
                name: name.clone(),
                arena,
            })
        })
    }
}
