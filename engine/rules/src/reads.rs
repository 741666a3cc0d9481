//! What a plugin read of the game to answer a query: every host question it asked with the
//! answer it got, so that the answer can be kept for as long as those questions would still be
//! answered the same (issue 21).
//!
//! A plugin's answer is a function of the ability, the call and what the host told it during
//! the call (hooks and queries are pure, docs/plugin-protocol.md). If every question it asked
//! would get the same answer now, the plugin would ask the same questions in the same order
//! and answer the same: its kept answer is the answer it would give. This holds across changes
//! of the state that the plugin never looked at, which the revision-keyed memo could not see:
//! a Switch reads its own unit, and damage on another unit no longer asks it again.

use std::cell::RefCell;
use std::sync::Arc;

use swtcg_plugin_api::{
    AttachedCard, AttackView, HostView, PendingView, Pile, PileCard, PlayView, PlayerView, Side,
    UnitId, UnitPlace, UnitView, Zone,
};

use crate::model::{CardDef, GameState, Unit, attack::AttackState};
use crate::view::StateView;

/// One host question and the answer the plugin got. A unit's view is kept as `Seen`, without
/// copying its strings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Read {
    Unit(UnitId, Option<Seen>),
    LastSeen(UnitId, Option<Seen>),
    Units(Option<Zone>, Vec<UnitId>),
    Locations(Option<Zone>, Vec<UnitId>),
    Attack(Option<AttackView>),
    PendingDamage(Vec<PendingView>),
    Player(Side, PlayerView),
    Rule(String, Option<String>),
    Abilities(UnitId, Vec<String>),
    Note(UnitId, String, Option<i32>),
    CardsBeneath(UnitId, u32),
    DiceHidden(bool),
    Playing(Option<PlayView>),
    Pile(Side, Pile, Vec<PileCard>),
    Printed(UnitId, Option<PileCard>),
    Counters(UnitId, Vec<(String, u32)>),
    /// A unit's controller and zone alone (API 1.16): the answer holds while they do, however
    /// the unit's damage or stats change.
    Place(UnitId, Option<UnitPlace>),
    /// The units an activation's costs chose (API 1.19).
    PaidWith(Vec<UnitId>),
    /// The Pilots and Equipment on a unit (API 1.19).
    Attached(UnitId, Vec<AttachedCard>),
    /// The options picked in the offers before the one whose `chosen` is asked (API 1.20).
    ChosenBefore(Vec<u32>),
    /// The player whose ability made that offer (API 1.20).
    ChosenBy(Option<Side>),
}

impl Read {
    /// Whether the question would get the same answer from `view`.
    fn holds(&self, view: &StateView<'_>) -> bool {
        match self {
            Read::Unit(id, seen) => view.seen(*id) == *seen,
            Read::LastSeen(id, seen) => view.last_seen_as(*id) == *seen,
            Read::Units(zone, seen) => view.ids_are(*zone, false, seen),
            Read::Locations(zone, seen) => view.ids_are(*zone, true, seen),
            Read::Attack(seen) => view.attack() == *seen,
            Read::PendingDamage(seen) => view.pending_damage() == *seen,
            Read::Player(side, seen) => view.player(*side) == *seen,
            Read::Rule(name, seen) => view.rule(name) == *seen,
            Read::Abilities(id, seen) => view.abilities(*id) == *seen,
            Read::Note(id, key, seen) => view.note(*id, key) == *seen,
            Read::CardsBeneath(id, seen) => view.cards_beneath(*id) == *seen,
            Read::DiceHidden(seen) => view.dice_hidden() == *seen,
            Read::Playing(seen) => view.playing() == *seen,
            Read::Pile(side, pile, seen) => view.pile_cards(*side, *pile) == *seen,
            Read::Printed(id, seen) => view.printed(*id) == *seen,
            Read::Counters(id, seen) => view.counters_are(*id, seen),
            Read::Place(id, seen) => view.place(*id) == *seen,
            Read::PaidWith(seen) => view.paid_with() == *seen,
            Read::Attached(id, seen) => view.attached(*id) == *seen,
            Read::ChosenBefore(seen) => view.chosen_before() == *seen,
            Read::ChosenBy(seen) => view.chosen_by() == *seen,
        }
    }
}

/// Everything one call read, in the order it asked.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Reads(pub Vec<Read>);

impl Reads {
    /// Whether every question would get the same answer in `state`.
    pub fn still_hold(&self, state: &GameState) -> bool {
        let view = StateView(state);
        self.0.iter().all(|read| read.holds(&view))
    }
}

/// The game lent to a plugin call, as `StateView` answers it, writing down every question and
/// its answer when `reads` is given (a query whose answer may be kept).
pub struct Reading<'a> {
    pub view: StateView<'a>,
    pub reads: Option<&'a RefCell<Vec<Read>>>,
}

impl<'a> Reading<'a> {
    fn note(&self, read: impl FnOnce() -> Read) {
        if let Some(reads) = self.reads {
            reads.borrow_mut().push(read());
        }
    }

    /// The attack in progress, read straight from the state (the wasm host writes its dice
    /// into guest memory without copying them into a view first), noted as `attack` would be.
    pub fn attack_state(&self) -> Option<&'a AttackState> {
        self.note(|| Read::Attack(self.view.attack()));
        self.view.0.attack.as_ref()
    }
}

impl HostView for Reading<'_> {
    fn unit(&self, id: UnitId) -> Option<UnitView> {
        self.note(|| Read::Unit(id, self.view.seen(id)));
        self.view.unit(id)
    }

    fn units(&self, zone: Option<Zone>) -> Vec<UnitId> {
        let answer = self.view.units(zone);
        self.note(|| Read::Units(zone, answer.clone()));
        answer
    }

    fn locations(&self, zone: Option<Zone>) -> Vec<UnitId> {
        let answer = self.view.locations(zone);
        self.note(|| Read::Locations(zone, answer.clone()));
        answer
    }

    fn attack(&self) -> Option<AttackView> {
        let answer = self.view.attack();
        self.note(|| Read::Attack(answer.clone()));
        answer
    }

    fn pending_damage(&self) -> Vec<PendingView> {
        let answer = self.view.pending_damage();
        self.note(|| Read::PendingDamage(answer.clone()));
        answer
    }

    fn player(&self, side: Side) -> PlayerView {
        let answer = self.view.player(side);
        self.note(|| Read::Player(side, answer));
        answer
    }

    fn rule(&self, name: &str) -> Option<String> {
        let answer = self.view.rule(name);
        self.note(|| Read::Rule(name.to_string(), answer.clone()));
        answer
    }

    fn abilities(&self, id: UnitId) -> Vec<String> {
        let answer = self.view.abilities(id);
        self.note(|| Read::Abilities(id, answer.clone()));
        answer
    }

    fn note(&self, id: UnitId, key: &str) -> Option<i32> {
        let answer = self.view.note(id, key);
        Reading::note(self, || Read::Note(id, key.to_string(), answer));
        answer
    }

    fn cards_beneath(&self, id: UnitId) -> u32 {
        let answer = self.view.cards_beneath(id);
        self.note(|| Read::CardsBeneath(id, answer));
        answer
    }

    fn last_seen(&self, id: UnitId) -> Option<UnitView> {
        self.note(|| Read::LastSeen(id, self.view.last_seen_as(id)));
        self.view.last_seen(id)
    }

    fn dice_hidden(&self) -> bool {
        let answer = self.view.dice_hidden();
        self.note(|| Read::DiceHidden(answer));
        answer
    }

    fn playing(&self) -> Option<PlayView> {
        let answer = self.view.playing();
        self.note(|| Read::Playing(answer.clone()));
        answer
    }

    fn pile_cards(&self, side: Side, pile: Pile) -> Vec<PileCard> {
        let answer = self.view.pile_cards(side, pile);
        self.note(|| Read::Pile(side, pile, answer.clone()));
        answer
    }

    fn printed(&self, id: UnitId) -> Option<PileCard> {
        let answer = self.view.printed(id);
        self.note(|| Read::Printed(id, answer.clone()));
        answer
    }

    fn counters(&self, id: UnitId) -> Vec<(String, u32)> {
        let answer = self.view.counters(id);
        self.note(|| Read::Counters(id, answer.clone()));
        answer
    }

    fn place(&self, id: UnitId) -> Option<UnitPlace> {
        let answer = self.view.place(id);
        self.note(|| Read::Place(id, answer));
        answer
    }

    fn paid_with(&self) -> Vec<UnitId> {
        let answer = self.view.paid_with();
        self.note(|| Read::PaidWith(answer.clone()));
        answer
    }

    fn attached(&self, id: UnitId) -> Vec<AttachedCard> {
        let answer = self.view.attached(id);
        self.note(|| Read::Attached(id, answer.clone()));
        answer
    }

    fn chosen_before(&self) -> Vec<u32> {
        let answer = self.view.chosen_before();
        self.note(|| Read::ChosenBefore(answer.clone()));
        answer
    }

    fn chosen_by(&self) -> Option<Side> {
        let answer = self.view.chosen_by();
        self.note(|| Read::ChosenBy(answer));
        answer
    }
}

/// What the view of a unit shows, kept without its strings: the card definition the view was
/// read from (shared, so that it can't be freed and its place taken by another) stands for
/// the name, uniqueness, printed subtypes and arenas, the subtypes abilities give the unit
/// (`Unit::treated_as`, shown among its subtypes; empty, so not allocated, for almost every
/// unit) are kept as they were, and the rest are numbers. Two `Seen` are equal when their views
/// would be, or not equal for a definition replaced by an equal copy, which only asks the plugin
/// again.
#[derive(Debug, Clone)]
pub struct Seen {
    def: Arc<CardDef>,
    treated_as: Vec<String>,
    numbers: SeenNumbers,
}

/// The fields of a unit's view that are not its card's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct SeenNumbers {
    id: UnitId,
    owner: Side,
    controller: Side,
    zone: Zone,
    built: bool,
    tapped: bool,
    damage: u32,
    speed: i32,
    power: i32,
    health: i32,
    cost: i32,
    build_counters: u32,
    stack_size: u32,
}

// Every field of a unit's view is in `Seen`: its card's (name, unique, subtypes, arenas) as the
// definition and the subtypes abilities give it, the others in `SeenNumbers`. This pattern names them all, so that a field added to
// the view fails to compile here until `Seen` keeps it too.
const _: fn(UnitView) = |UnitView {
                             id: _,
                             name: _,
                             owner: _,
                             controller: _,
                             zone: _,
                             built: _,
                             tapped: _,
                             damage: _,
                             speed: _,
                             power: _,
                             health: _,
                             cost: _,
                             build_counters: _,
                             unique: _,
                             subtypes: _,
                             arenas: _,
                             stack_size: _,
                         }| {};

impl PartialEq for Seen {
    fn eq(&self, other: &Seen) -> bool {
        self.numbers == other.numbers
            && Arc::ptr_eq(&self.def, &other.def)
            && self.treated_as == other.treated_as
    }
}

impl Eq for Seen {}

impl StateView<'_> {
    /// What `unit(id)` would show, as `Seen`.
    fn seen(&self, id: UnitId) -> Option<Seen> {
        let unit = self.0.unit(crate::model::UnitId(id))?;
        Some(self.seen_of(unit))
    }

    /// What `last_seen(id)` would show, as `Seen`.
    fn last_seen_as(&self, id: UnitId) -> Option<Seen> {
        let id = crate::model::UnitId(id);
        if self.0.unit(id).is_some() {
            return None;
        }
        Some(self.seen_of(self.0.departed.get(&id)?))
    }

    /// The fields of `StateView::view_of`, its card's as the card's definition.
    fn seen_of(&self, unit: &Unit) -> Seen {
        let state = self.0;
        Seen {
            def: state.cards[unit.top().0 as usize].def.clone(),
            treated_as: unit.treated_as.clone(),
            numbers: SeenNumbers {
                id: unit.id.0,
                owner: unit.owner.into(),
                controller: unit.controller.into(),
                zone: crate::view::zone_of(unit.place),
                built: unit.built,
                tapped: unit.tapped,
                damage: unit.damage,
                speed: state.total_speed(unit),
                power: state.total_power(unit),
                health: state.total_health(unit),
                cost: state.build_cost(unit) as i32,
                build_counters: unit.build_counters,
                stack_size: unit.cards.len() as u32,
            },
        }
    }

    /// Whether `units(zone)` (or, with `locations`, `locations(zone)`) would answer `seen`,
    /// without making the list.
    fn ids_are(&self, zone: Option<Zone>, locations: bool, seen: &[UnitId]) -> bool {
        let mut now = self.ids_in(zone, locations);
        seen.iter().all(|&id| now.next() == Some(id)) && now.next().is_none()
    }

    /// Whether `counters(id)` would answer `seen`, without copying the names.
    fn counters_are(&self, id: UnitId, seen: &[(String, u32)]) -> bool {
        let Some(unit) = self.0.unit(crate::model::UnitId(id)) else {
            return seen.is_empty();
        };
        let mut now = unit.counters.iter().filter(|&(_, &amount)| amount > 0);
        seen.iter()
            .all(|(kind, amount)| now.next().is_some_and(|(k, a)| k == kind && a == amount))
            && now.next().is_none()
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::model::{CardDef, CardSide, Place, Side as CoreSide, Unit as CoreUnit};
    use crate::ruleset::Ruleset;

    fn game() -> (GameState, crate::model::UnitId, crate::model::UnitId) {
        let mut state = GameState::new(Arc::new(Ruleset::default()), 1);
        let card = |name: &str, side| {
            Arc::new(CardDef::unit(
                name,
                side,
                vec![crate::model::Arena::Space],
                [2, 30, 3, 4],
            ))
        };
        let a = state.new_card(card("TIE Fighter", CardSide::Dark), CoreSide::Dark);
        let b = state.new_card(card("X-Wing", CardSide::Light), CoreSide::Light);
        let space = Place::Arena(crate::model::Arena::Space);
        let a = state.add_unit(CoreUnit::new(CoreSide::Dark, a, space));
        let b = state.add_unit(CoreUnit::new(CoreSide::Light, b, space));
        (state, a, b)
    }

    /// The reads of a call that asked about unit `a`, the units in Space and the Dark player.
    fn reads_of(state: &GameState, a: crate::model::UnitId) -> Reads {
        let reads = RefCell::new(Vec::new());
        let reading = Reading {
            view: StateView(state),
            reads: Some(&reads),
        };
        reading.unit(a.0);
        reading.units(Some(Zone::Space));
        reading.player(Side::Dark);
        Reads(reads.into_inner())
    }

    #[test]
    fn reads_hold_until_something_read_changes() {
        let (mut state, a, b) = game();
        let reads = reads_of(&state, a);
        assert_eq!(reads.0.len(), 3);
        assert!(reads.still_hold(&state));
        // Damage on a unit the call never looked at changes nothing it read.
        state.unit_mut(b).unwrap().damage = 2;
        assert!(reads.still_hold(&state));
        // Its own unit's damage, a unit leaving Space, and the player's Force each do.
        let mut damaged = state.clone();
        damaged.unit_mut(a).unwrap().damage = 1;
        assert!(!reads.still_hold(&damaged));
        let mut left = state.clone();
        left.unit_mut(b).unwrap().place = Place::BuildZone;
        assert!(!reads.still_hold(&left));
        let mut richer = state.clone();
        richer.player_mut(CoreSide::Dark).force += 1;
        assert!(!reads.still_hold(&richer));
    }

    #[test]
    fn counters_read_hold_until_a_kind_of_them_changes() {
        let (mut state, a, _) = game();
        state
            .unit_mut(a)
            .unwrap()
            .counters
            .insert("mastery".into(), 2);
        let reads = RefCell::new(Vec::new());
        let reading = Reading {
            view: StateView(&state),
            reads: Some(&reads),
        };
        assert_eq!(reading.counters(a.0), [("mastery".to_string(), 2)]);
        let reads = Reads(reads.into_inner());
        assert!(reads.still_hold(&state));
        // A kind at 0 is no counter: the answer is the same.
        state
            .unit_mut(a)
            .unwrap()
            .counters
            .insert("credit".into(), 0);
        assert!(reads.still_hold(&state));
        let mut more = state.clone();
        more.unit_mut(a)
            .unwrap()
            .counters
            .insert("credit".into(), 1);
        assert!(!reads.still_hold(&more));
        let mut fewer = state.clone();
        fewer
            .unit_mut(a)
            .unwrap()
            .counters
            .insert("mastery".into(), 1);
        assert!(!reads.still_hold(&fewer));
    }

    #[test]
    fn place_reads_hold_until_the_controller_or_zone_changes() {
        let (mut state, a, b) = game();
        let reads = RefCell::new(Vec::new());
        let reading = Reading {
            view: StateView(&state),
            reads: Some(&reads),
        };
        let place = reading.place(a.0).expect("a is in play");
        assert_eq!(place.zone, StateView(&state).unit(a.0).unwrap().zone);
        assert_eq!(reading.place(99), None);
        let reads = Reads(reads.into_inner());
        assert_eq!(reads.0.len(), 2);
        // Damage, tapping and stats are not part of a place: the answer still holds.
        state.unit_mut(a).unwrap().damage = 2;
        state.unit_mut(a).unwrap().tapped = true;
        state.unit_mut(b).unwrap().place = Place::BuildZone;
        assert!(reads.still_hold(&state));
        let mut moved = state.clone();
        moved.unit_mut(a).unwrap().place = Place::BuildZone;
        assert!(!reads.still_hold(&moved));
        let mut taken = state.clone();
        taken.unit_mut(a).unwrap().controller = taken.unit(a).unwrap().controller.opponent();
        assert!(!reads.still_hold(&taken));
    }

    #[test]
    fn paid_with_and_attached_reads_hold_until_they_change() {
        let (mut state, a, b) = game();
        state.paid_with = vec![b];
        let pilot = state.new_card(
            Arc::new(CardDef::unit(
                "Rebel Pilot",
                CardSide::Light,
                vec![crate::model::Arena::Character],
                [1, 20, 1, 1],
            )),
            CoreSide::Light,
        );
        state.unit_mut(b).unwrap().pilots.push(pilot);
        let reads = RefCell::new(Vec::new());
        let reading = Reading {
            view: StateView(&state),
            reads: Some(&reads),
        };
        assert_eq!(reading.paid_with(), [b.0]);
        let attached = reading.attached(b.0);
        assert_eq!(attached.len(), 1);
        assert_eq!(attached[0].attached_as, swtcg_plugin_api::AttachedAs::Pilot);
        assert_eq!(attached[0].card.name, "Rebel Pilot");
        assert!(reading.attached(a.0).is_empty());
        let reads = Reads(reads.into_inner());
        assert!(reads.still_hold(&state));
        // Another activation's units, or the Pilot gone, and the answers no longer hold.
        let mut paid_again = state.clone();
        paid_again.paid_with = vec![a];
        assert!(!reads.still_hold(&paid_again));
        let mut disembarked = state.clone();
        disembarked.unit_mut(b).unwrap().pilots.clear();
        assert!(!reads.still_hold(&disembarked));
        // Damage changes neither.
        state.unit_mut(b).unwrap().damage = 1;
        assert!(reads.still_hold(&state));
    }

    #[test]
    fn chosen_before_reads_hold_while_the_same_options_were_picked() {
        let (mut state, _, _) = game();
        state.chosen_before = vec![2];
        state.chosen_by = Some(CoreSide::Light);
        let reads = RefCell::new(Vec::new());
        let reading = Reading {
            view: StateView(&state),
            reads: Some(&reads),
        };
        assert_eq!(reading.chosen_before(), [2]);
        assert_eq!(reading.chosen_by(), Some(Side::Light));
        let reads = Reads(reads.into_inner());
        assert!(reads.still_hold(&state));
        let mut other = state.clone();
        other.chosen_before = vec![0];
        assert!(!reads.still_hold(&other));
        let mut by_the_other = state.clone();
        by_the_other.chosen_by = Some(CoreSide::Dark);
        assert!(!reads.still_hold(&by_the_other));
        state.chosen_before.clear();
        assert!(!reads.still_hold(&state));
    }

    #[test]
    fn a_unit_is_seen_again_alike_until_its_view_would_change() {
        let (mut state, a, _) = game();
        let seen = StateView(&state).seen(a.0);
        assert!(seen.is_some());
        assert_eq!(StateView(&state).seen(a.0), seen);
        state.unit_mut(a).unwrap().tapped = true;
        assert_ne!(StateView(&state).seen(a.0), seen);
        state.unit_mut(a).unwrap().tapped = false;
        state.unit_mut(a).unwrap().static_bonus = [0, 1, 0];
        assert_ne!(
            StateView(&state).seen(a.0),
            seen,
            "its power is part of its view"
        );
        state.unit_mut(a).unwrap().static_bonus = [0, 0, 0];
        assert_eq!(StateView(&state).seen(a.0), seen);
        // A subtype an ability gives it is among the subtypes its view shows (API 1.15).
        state.unit_mut(a).unwrap().treated_as = vec!["Assassin".to_string()];
        assert_ne!(
            StateView(&state).seen(a.0),
            seen,
            "the subtypes abilities give it are part of its view"
        );
        state.unit_mut(a).unwrap().treated_as.clear();
        assert_eq!(StateView(&state).seen(a.0), seen);
        // Another definition of its card (a copy that reads alike) is another view.
        let card = state.unit(a).unwrap().top();
        let copy = Arc::new((*state.cards[card.0 as usize].def).clone());
        state.cards[card.0 as usize].def = copy;
        assert_ne!(StateView(&state).seen(a.0), seen);
        assert_eq!(StateView(&state).seen(99), None);
    }

    #[test]
    fn a_call_that_is_not_recorded_notes_nothing() {
        let (state, a, _) = game();
        let reading = Reading {
            view: StateView(&state),
            reads: None,
        };
        assert!(reading.unit(a.0).is_some());
        assert!(reading.attack_state().is_none());
    }
}
