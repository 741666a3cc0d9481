//! The whole game state: card instances, players' zones, units in play, Force, build points, dice.

use std::collections::BTreeMap;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::{Arena, CardDef, Side, unit::Unit};
use crate::rng::Dice;
use crate::ruleset::Ruleset;

/// One physical card of the game, an index into `GameState::cards`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct CardId(pub u32);

/// A unit (or card being built) in play, an index into `GameState::units`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct UnitId(pub u32);

impl std::fmt::Display for UnitId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "u{}", self.0)
    }
}

/// One physical card: its printed definition and its owner.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CardInstance {
    pub def: Arc<CardDef>,
    pub owner: Side,
}

/// What one player has: zones that hold loose cards, and pools (game 4, 6.1).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct PlayerState {
    /// Top card first.
    pub deck: Vec<CardId>,
    pub hand: Vec<CardId>,
    pub discard: Vec<CardId>,
    /// Cards removed from the game (game 4.6).
    pub removed: Vec<CardId>,
    /// The player's supply (game 4.7, 16.5): the Subordinate cards their effects may take,
    /// outside the game, and those that left play. Empty for a deck whose cards take none, and
    /// then not written, which keeps the saves written before it byte for byte.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub supply: Vec<CardId>,
    pub force: u32,
    pub build_points: u32,
}

impl PlayerState {
    /// The cards of one of the player's piles (API 1.11 `pile`), top first.
    pub fn pile(&self, pile: swtcg_plugin_api::Pile) -> &Vec<CardId> {
        match pile {
            swtcg_plugin_api::Pile::Deck => &self.deck,
            swtcg_plugin_api::Pile::DiscardPile => &self.discard,
            swtcg_plugin_api::Pile::Hand => &self.hand,
        }
    }

    /// [`PlayerState::pile`], to change.
    pub fn pile_mut(&mut self, pile: swtcg_plugin_api::Pile) -> &mut Vec<CardId> {
        match pile {
            swtcg_plugin_api::Pile::Deck => &mut self.deck,
            swtcg_plugin_api::Pile::DiscardPile => &mut self.discard,
            swtcg_plugin_api::Pile::Hand => &mut self.hand,
        }
    }
}

/// Where the game is within a turn (game 6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "step", content = "of")]
pub enum TurnStep {
    Setup,
    Ready,
    Build(Side),
    Retreat(Side),
    BattlePhaseStart,
    Battle(Arena),
    BattlePhaseEnd,
    TurnEnd,
}

/// An effect waiting for a player's next build step to start (Bounty), with the ability that
/// made it: the player orders it among the other start-of-build-step events by that ability
/// (game 6.2.1), even if its unit has left play.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SavedEffect {
    /// The player the effect is for, whose build step runs it.
    pub side: Side,
    /// What runs then. Flattened, so that a save written before `Saved::Later` existed (its
    /// field `delayed` beside these) reads the same.
    #[serde(flatten)]
    pub what: Saved,
    /// The unit whose ability made the effect.
    pub unit: UnitId,
    /// That ability's printed text ("Bounty: Gain 2 Force.").
    pub text: String,
}

/// What a `SavedEffect` does when its build step starts.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Saved {
    /// An effect the `Delayed` vocabulary says (API 1.1 `at-build-step-start`).
    Effect { delayed: swtcg_plugin_api::Delayed },
    /// The ability is asked `later(tag)` and what it answers is carried out (API 1.15): the
    /// ability printed `ability`-th on `card`, found again even if the card has left play.
    Later {
        card: CardId,
        ability: u32,
        tag: u32,
    },
}

/// The complete state of one game. Cloning it is how AI search and transactional hooks keep a
/// copy; card definitions are shared, so a clone copies only ids and numbers.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameState {
    pub ruleset: Arc<Ruleset>,
    pub cards: Vec<CardInstance>,
    pub players: [PlayerState; 2],
    /// Units and cards in play, by id; ordered so that iteration is deterministic.
    pub units: BTreeMap<UnitId, Unit>,
    pub next_unit: u32,
    pub turn: u32,
    pub step: TurnStep,
    pub dice: Dice,
    pub winner: Option<Side>,
    /// The attack in progress (game 10).
    pub attack: Option<super::attack::AttackState>,
    /// The damage instances being resolved, innermost last (damage done while other damage
    /// resolves, such as Retaliate dice, nests).
    pub damage: Vec<super::attack::DamageInstance>,
    /// Effects waiting for the end of the current attack (Retaliate...), with the player whose
    /// ability made them.
    pub at_attack_end: Vec<(Side, swtcg_plugin_api::Delayed)>,
    /// Activations used, by unit, ability (number and text) and the period of their use limit
    /// (game 13.6).
    pub used: Vec<(UnitId, String, u64)>,
    /// Attacks declared so far, numbering "once per attack" periods.
    pub attacks_declared: u64,
    /// Damage instances so far, numbering "once for each instance of damage" periods.
    pub damage_instances: u64,
    /// Units that left play this turn, as they last were: effects that outlive their source
    /// (Retaliate dice from a discarded Ferocity unit) still ask its abilities (last known
    /// information). Cleared at the end of each turn.
    #[serde(default)]
    pub departed: BTreeMap<UnitId, Unit>,
    /// Effects waiting for a player's next build step to start (Bounty), in the order they
    /// were made.
    #[serde(default)]
    pub at_build_step_start: Vec<SavedEffect>,
    /// Attacks to make when the current attack ends (Double Strike, Tenacity): attacker,
    /// defender, and whether the attacker taps for it.
    #[serde(default)]
    pub attacks_again: Vec<(UnitId, UnitId, bool)>,
    /// Cards played from a discard pile through a keyword that removes them from the game when
    /// they would be discarded again (manifest `discarded-again = "removed"`).
    #[serde(default, alias = "meditated")]
    pub removed_when_discarded: Vec<CardId>,
    /// Pilot cards that moved onto or off a unit in the current build step: each may move once
    /// per build step (game 12.2). Emptied when a build step starts.
    #[serde(default)]
    pub pilots_moved: Vec<CardId>,
    /// The cards and abilities announced and paid for whose disrupt POP is open, the innermost
    /// last (a disrupt being disrupted, game 13.3): what the host question `playing` answers
    /// and a `disrupt` effect names. Empty between plays, and so not written then, which keeps
    /// the saves written before it byte for byte.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub plays: Vec<Play>,
    /// The number the next play gets (`PlayView::id`).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub next_play: u32,
    /// Abilities of cards played that stay in effect after their card left play (API 1.14
    /// `lasts`: "Your opponent can't play Battle cards this turn"), asked `forbids` until their
    /// duration ends. Empty most of the time, and then not written, which keeps the saves
    /// written before it byte for byte.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lasting: Vec<Lasting>,
    /// The units the costs of the activation being resolved chose (tapped, discarded, counters
    /// put on or taken off), in the order paid: what the host question `paid-with` answers
    /// (API 1.19: "Tap one of your Jedi in any arena -> ... one of your other Jedi in that
    /// arena"). Set only while the activation's effects are asked and applied, and so never
    /// written in a save made between plays.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub paid_with: Vec<UnitId>,
    /// The options picked in the offers of one ability that led to the offer whose `chosen` is
    /// being asked, outermost first: what the host question `chosen-before` answers (API 1.20:
    /// "Remove up to 2 damage counters from one of your Space units. Remove up to 2 damage
    /// counters from one of your Ground units."). Set only during a `chosen` call, and so never
    /// written in a save made between plays.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub chosen_before: Vec<u32>,
    /// The player whose ability made the offer whose `chosen` is being asked: what the host
    /// question `chosen-by` answers (API 1.20; a Battle card is in no one's play). Set only
    /// during a `chosen` call.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chosen_by: Option<Side>,
}

/// The ability of a card played that stays in effect (`GameState::lasting`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lasting {
    /// The card the ability is printed on: a Battle card or a Mission, now in a discard pile
    /// or removed from the game.
    pub card: CardId,
    /// Which of the card's printed abilities.
    pub ability: u32,
    /// The player who played it.
    pub controller: Side,
    pub duration: super::unit::Duration,
}

/// A card or ability announced and paid for, waiting for its disrupt POP to end (game 13.3).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Play {
    /// What plugins see of it (the host question `playing`).
    pub view: swtcg_plugin_api::PlayView,
    /// Whether an effect disrupted it: it will not resolve (game 13.9).
    pub disrupted: bool,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl GameState {
    /// An empty game under a ruleset, with its dice seeded.
    pub fn new(ruleset: Arc<Ruleset>, seed: u64) -> Self {
        GameState {
            ruleset,
            cards: Vec::new(),
            players: [PlayerState::default(), PlayerState::default()],
            units: BTreeMap::new(),
            next_unit: 0,
            turn: 0,
            step: TurnStep::Setup,
            dice: Dice::seeded(seed),
            winner: None,
            attack: None,
            damage: Vec::new(),
            at_attack_end: Vec::new(),
            used: Vec::new(),
            attacks_declared: 0,
            damage_instances: 0,
            departed: BTreeMap::new(),
            at_build_step_start: Vec::new(),
            attacks_again: Vec::new(),
            removed_when_discarded: Vec::new(),
            pilots_moved: Vec::new(),
            plays: Vec::new(),
            next_play: 0,
            lasting: Vec::new(),
            paid_with: Vec::new(),
            chosen_before: Vec::new(),
            chosen_by: None,
        }
    }

    pub fn player(&self, side: Side) -> &PlayerState {
        &self.players[side.index()]
    }
    pub fn player_mut(&mut self, side: Side) -> &mut PlayerState {
        &mut self.players[side.index()]
    }

    /// Creates a new card instance owned by `owner`; the caller puts it in a zone.
    pub fn new_card(&mut self, def: Arc<CardDef>, owner: Side) -> CardId {
        let id = CardId(self.cards.len() as u32);
        self.cards.push(CardInstance { def, owner });
        id
    }

    pub fn def(&self, card: CardId) -> &CardDef {
        &self.cards[card.0 as usize].def
    }
    pub fn owner(&self, card: CardId) -> Side {
        self.cards[card.0 as usize].owner
    }

    /// Puts a card into its owner's discard pile, or removes it from the game if it was played
    /// from the discard pile through a keyword that says so (`removed_when_discarded`).
    pub fn discard_card(&mut self, card: CardId) {
        let owner = self.owner(card);
        // A Subordinate leaving play returns to its owner's supply (game 14.4, 16.5).
        if self.def(card).card_type == super::CardType::Subordinate {
            self.player_mut(owner).supply.push(card);
            return;
        }
        match self.removed_when_discarded.iter().position(|&c| c == card) {
            Some(at) => {
                self.removed_when_discarded.remove(at);
                self.player_mut(owner).removed.push(card);
            }
            None => self.player_mut(owner).discard.push(card),
        }
    }

    pub fn unit(&self, id: UnitId) -> Option<&Unit> {
        self.units.get(&id)
    }
    pub fn unit_mut(&mut self, id: UnitId) -> Option<&mut Unit> {
        self.units.get_mut(&id)
    }
    /// The printed definition of a unit's top card.
    pub fn top_def(&self, unit: &Unit) -> &CardDef {
        self.def(unit.top())
    }

    /// A unit's subtypes: its top card's printed ones, then those its abilities give it
    /// (`Unit::treated_as`, "Treat Lobot as a Droid.").
    /// Borrowed when it has none of the latter, as most units: reading them allocates nothing.
    pub fn subtypes_of(&self, unit: &Unit) -> std::borrow::Cow<'_, [String]> {
        let printed = &self.top_def(unit).subtypes;
        if unit.treated_as.is_empty() {
            return std::borrow::Cow::Borrowed(printed);
        }
        let mut all = printed.clone();
        all.extend(
            unit.treated_as
                .iter()
                .filter(|s| !printed.iter().any(|p| p.eq_ignore_ascii_case(s)))
                .cloned(),
        );
        std::borrow::Cow::Owned(all)
    }

    /// Puts a new unit into play from the given cards (top first) and returns its id.
    pub fn add_unit(&mut self, mut unit: Unit) -> UnitId {
        let id = UnitId(self.next_unit);
        self.next_unit += 1;
        unit.id = id;
        self.units.insert(id, unit);
        id
    }

    /// Units of `side` that are in `arena` (built and placed there).
    pub fn units_in(&self, arena: Arena, side: Side) -> impl Iterator<Item = &Unit> {
        self.units
            .values()
            .filter(move |u| u.controller == side && u.in_arena() == Some(arena))
    }

    /// The Locations `side` controls placed in `arena` (game 16.1), in id order: the oldest first.
    pub fn locations_in(&self, arena: Arena, side: Side) -> impl Iterator<Item = &Unit> {
        self.held_at(side, super::unit::Place::Location(arena))
    }

    /// The cards `side` controls at `place`, in id order: the oldest first.
    pub fn held_at(&self, side: Side, place: super::unit::Place) -> impl Iterator<Item = &Unit> {
        self.units
            .values()
            .filter(move |u| u.controller == side && u.place == place)
    }

    /// The Resources `side` controls in their Resource zone (game 16.4), in id order: the oldest
    /// first.
    pub fn resources_of(&self, side: Side) -> impl Iterator<Item = &Unit> {
        self.held_at(side, super::unit::Place::Resource)
    }

    /// Whether `u` is a Trap in the build zone that its trigger would complete now (game 16.7,
    /// OQ-25 `trap_completion`): its abilities then hear their hooks there, and what one of
    /// them proposes completes it (`Game::spring_trap`).
    pub fn is_armed_trap(&self, u: &Unit) -> bool {
        u.place == super::unit::Place::BuildZone
            && !u.built
            && self.top_def(u).is_trap()
            && match self.ruleset.trap_completion {
                crate::ruleset::TrapCompletion::FullyBuilt => {
                    u.build_counters >= self.build_cost(u)
                }
                crate::ruleset::TrapCompletion::IgnoreRemainingCost => true,
            }
    }

    /// A short readable name for a unit in logs: its top card's name and id; a unit that left
    /// play this turn keeps its name, marked so.
    pub fn unit_label(&self, id: UnitId) -> String {
        match (self.unit(id), self.departed.get(&id)) {
            (Some(unit), _) => format!("{} [{}]", self.def(unit.top()).name, id),
            (None, Some(unit)) => format!("{} [{}] (left play)", self.def(unit.top()).name, id),
            (None, None) => format!("a unit that left play [{id}]"),
        }
    }

    /// Checks the conservation invariant: every card is in exactly one place. Returns a
    /// description of the first violation.
    pub fn check_conservation(&self) -> Result<(), String> {
        let mut seen = vec![0u8; self.cards.len()];
        let mut mark = |card: CardId, place: &str| -> Result<(), String> {
            let slot = seen
                .get_mut(card.0 as usize)
                .ok_or_else(|| format!("card {} in {place} does not exist", card.0))?;
            *slot += 1;
            if *slot > 1 {
                return Err(format!(
                    "card {} is in more than one place (again in {place})",
                    card.0
                ));
            }
            Ok(())
        };
        for side in Side::BOTH {
            let p = self.player(side);
            for (zone, cards) in [
                ("deck", &p.deck),
                ("hand", &p.hand),
                ("discard", &p.discard),
                ("removed", &p.removed),
                ("supply", &p.supply),
            ] {
                for &card in cards {
                    mark(card, zone)?;
                }
            }
        }
        for unit in self.units.values() {
            if unit.cards.is_empty() {
                return Err(format!("unit {} has no card", unit.id));
            }
            for &card in unit
                .cards
                .iter()
                .chain(&unit.pilots)
                .chain(&unit.beneath)
                .chain(&unit.equipment)
            {
                mark(card, "play")?;
            }
        }
        match seen.iter().position(|&n| n == 0) {
            Some(lost) => Err(format!(
                "card {lost} ({}) is in no zone",
                self.cards[lost].def.name
            )),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::CardSide;

    #[test]
    fn a_card_marked_removed_when_discarded_is_removed_instead_of_discarded_once() {
        let mut state = GameState::new(Arc::new(Ruleset::default()), 0);
        let def = Arc::new(CardDef::unit(
            "Xanatos (B)",
            CardSide::Dark,
            vec![Arena::Character],
            [4, 50, 4, 3],
        ));
        let removed_when_discarded = state.new_card(def.clone(), Side::Dark);
        let plain = state.new_card(def, Side::Dark);
        state.removed_when_discarded.push(removed_when_discarded);
        state.discard_card(plain);
        state.discard_card(removed_when_discarded);
        assert_eq!(state.player(Side::Dark).discard, [plain]);
        assert_eq!(state.player(Side::Dark).removed, [removed_when_discarded]);
        assert!(state.removed_when_discarded.is_empty());
        state.check_conservation().unwrap();
    }

    #[test]
    fn a_subordinate_leaving_play_returns_to_its_owners_supply() {
        // Game 14.4, 16.5: a Subordinate never goes to a discard pile.
        let mut state = GameState::new(Arc::new(Ruleset::default()), 0);
        let def = Arc::new(CardDef {
            card_type: super::super::CardType::Subordinate,
            ..CardDef::unit(
                "Blue Krill",
                CardSide::Neutral,
                vec![Arena::Ground],
                [0, 30, 0, 2],
            )
        });
        let krill = state.new_card(def, Side::Light);
        state.discard_card(krill);
        assert_eq!(state.player(Side::Light).supply, [krill]);
        assert!(state.player(Side::Light).discard.is_empty());
        state.check_conservation().unwrap();
    }
}
