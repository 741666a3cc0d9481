//! Cards picked from players' decks, discard piles and hands by an ability (API 1.11
//! `pick-cards`): "Search your deck for a Jedi card, show it to your opponent, and put it into
//! your hand. Then shuffle your deck.", "Return a Sith card from your discard pile to your
//! hand". The plugin names the cards its text allows; the ability's controller picks among
//! them, one decision a card, and the engine moves them and shuffles the deck searched.

use swtcg_plugin_api::{Destination, HookEvent, HookPoint, PickCards, Pile};

use crate::decision::{Choice, DecisionKind};
use crate::game::{Flow, Game};
use crate::log::Event;
use crate::model::{Arena, CardId, CardType, GameState, Place, Side, Unit, UnitId};

/// The most cards one `pick-cards` may list (a deck holds 60; both players' piles together
/// stay below this).
pub(crate) const PICK_LIMIT: usize = 400;

/// The player and pile `card` is in, if it is in a deck, a discard pile or a hand.
fn pile_of(state: &GameState, card: CardId) -> Option<(Side, Pile)> {
    [Side::Dark, Side::Light].into_iter().find_map(|side| {
        let player = state.player(side);
        Pile::ALL
            .iter()
            .find(|&&pile| player.pile(pile).contains(&card))
            .map(|&pile| (side, pile))
    })
}

/// Why a `pick-cards` effect can't be carried out in `state`, if it can't: each card listed
/// once and in a pile, and the numbers within bounds.
pub(crate) fn pick_error(state: &GameState, pick: &PickCards) -> Option<String> {
    if pick.count as usize > PICK_LIMIT {
        return Some(format!("{} cards to pick is beyond the limit", pick.count));
    }
    if let Destination::BuildZone(counters) = pick.to
        && counters > super::EFFECT_LIMIT
    {
        return Some(format!("{counters} build counters is beyond the limit"));
    }
    cards_error(state, &pick.cards)
}

/// Why cards an effect lists (`pick-cards`, `reveal`) can't be its cards, if they can't: each
/// listed once and in a deck, a discard pile or a hand, and not too many.
pub(crate) fn cards_error(state: &GameState, cards: &[u32]) -> Option<String> {
    if cards.len() > PICK_LIMIT {
        return Some(format!("more than {PICK_LIMIT} cards listed"));
    }
    for (i, &card) in cards.iter().enumerate() {
        if cards[..i].contains(&card) {
            return Some(format!("card {card} is listed twice"));
        }
        if (card as usize) >= state.cards.len() || pile_of(state, CardId(card)).is_none() {
            return Some(format!("card {card} is in no deck, discard pile or hand"));
        }
    }
    None
}

impl Game<'_> {
    /// Shows `cards` (each in a deck, a discard pile or a hand) to `to`: logged, by the player
    /// whose they are, in the order listed (API 1.13 `reveal`).
    pub(crate) fn reveal(&mut self, cards: &[u32], to: Side) {
        for owner in [Side::Dark, Side::Light] {
            let names: Vec<String> = cards
                .iter()
                .filter(|&&card| {
                    pile_of(&self.state, CardId(card)).is_some_and(|(o, _)| o == owner)
                })
                .map(|&card| self.state.def(CardId(card)).name.clone())
                .collect();
            if !names.is_empty() {
                self.event(Event::CardsRevealed { to, owner, names });
            }
        }
    }

    /// `pick.picker` picks cards of `pick` one at a time and each goes where `pick.to` says;
    /// then the deck `pick.shuffle` names is shuffled. `by` is the unit whose ability it is
    /// (none for a card being played).
    pub(crate) fn pick_cards(&mut self, by: Option<UnitId>, pick: PickCards) -> Flow {
        let side: Side = pick.picker.into();
        let mut left: Vec<CardId> = pick.cards.iter().map(|&c| CardId(c)).collect();
        let mut picked = 0;
        while picked < pick.count {
            left.retain(|&card| pile_of(&self.state, card).is_some());
            if left.is_empty() {
                break;
            }
            let kind = DecisionKind::PickCard { by };
            let name = |state: &GameState, card: CardId| state.def(card).name.clone();
            let Some(card) = self.decide_among(side, kind, &left, name, pick.up_to)? else {
                break;
            };
            left.retain(|&c| c != card);
            picked += 1;
            self.put_picked(side, by, card, pick.to)?;
        }
        if let Some(whose) = pick.shuffle {
            let whose: Side = whose.into();
            let mut deck = std::mem::take(&mut self.state.player_mut(whose).deck);
            self.state.dice.rng().shuffle(&mut deck);
            self.state.player_mut(whose).deck = deck;
            self.event(Event::DeckShuffled { side: whose });
        }
        Ok(())
    }

    /// Moves one picked card from its pile to `to`, for its owner.
    fn put_picked(
        &mut self,
        side: Side,
        by: Option<UnitId>,
        card: CardId,
        to: Destination,
    ) -> Flow {
        let Some((owner, pile)) = pile_of(&self.state, card) else {
            return Ok(());
        };
        let def = self.state.cards[card.0 as usize].def.clone();
        let is_unit = matches!(def.card_type, CardType::Unit | CardType::Subordinate);
        if to == Destination::Play && (!is_unit || def.arenas.is_empty()) {
            // Only a unit card can be put into play; any other card stays where it is.
            return Ok(());
        }
        self.state
            .player_mut(owner)
            .pile_mut(pile)
            .retain(|&c| c != card);
        self.event(Event::CardPicked {
            side,
            owner,
            name: def.name.clone(),
            to: destination_words(to).to_string(),
        });
        match to {
            Destination::Hand => self.state.player_mut(owner).hand.push(card),
            Destination::DiscardPile => self.state.player_mut(owner).discard.push(card),
            Destination::Removed => self.state.player_mut(owner).removed.push(card),
            Destination::BuildZone(counters) => {
                self.state.add_unit(Unit {
                    built: false,
                    build_counters: counters,
                    ..Unit::new(owner, card, Place::BuildZone)
                });
            }
            Destination::Play => {
                let unit = Unit::new(owner, card, Place::BuildZone);
                let kind = |unit| DecisionKind::PlaceCard { unit, by };
                self.put_into_play(unit, &def.arenas, kind, |_, _| None)?;
            }
        }
        Ok(())
    }

    /// Puts `unit`, a new unit of a card an effect brings into play (a card picked, a
    /// Subordinate taken), into one of `arenas`: the only one, or the one its controller
    /// chooses (the decision `kind` names the unit). It is made in the build zone first, so that
    /// the decision can name it; `entered` may log its entry. It enters without being deployed:
    /// the `unit-enters-arena` hook runs with amount 0 (a deploy's is 1).
    pub(super) fn put_into_play(
        &mut self,
        unit: Unit,
        arenas: &[Arena],
        kind: impl Fn(UnitId) -> DecisionKind,
        entered: impl Fn(UnitId, Arena) -> Option<Event>,
    ) -> Flow {
        let side = unit.controller;
        let unit = self.state.add_unit(unit);
        let arena = match arenas {
            [only] => *only,
            _ => {
                let options = arenas
                    .iter()
                    .map(|&arena| Choice::Deploy { unit, arena })
                    .collect();
                match self.decide(side, kind(unit), options)? {
                    Choice::Deploy { arena, .. } => arena,
                    _ => arenas[0],
                }
            }
        };
        if let Some(u) = self.state.unit_mut(unit) {
            u.place = Place::Arena(arena);
        }
        if let Some(event) = entered(unit, arena) {
            self.event(event);
        }
        let event = HookEvent {
            unit: Some(unit.0),
            arena: Some(arena.into()),
            amount: Some(0),
            side: Some(side.into()),
            ..self.hook_event()
        };
        self.hook(HookPoint::UnitEntersArena, event)
    }
}

/// Where a picked card goes, in the log's words.
fn destination_words(to: Destination) -> &'static str {
    match to {
        Destination::Hand => "hand",
        Destination::DiscardPile => "discard pile",
        Destination::BuildZone(_) => "build zone",
        Destination::Play => "play",
        Destination::Removed => "removed from the game",
    }
}
