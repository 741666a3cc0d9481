//! Paying printed costs (game 13.8): whether a player can pay them, and paying those that need
//! no choice. The grammar of costs is the contract's (`swtcg_plugin_api::cost`), so that plugins
//! claim only costs the engine pays; the costs that need the player's choice or the game's
//! rules (a card from hand, a discard, damage counters) are paid by `Game::pay_costs`.

use crate::model::{CardId, GameState, RESOURCE_COUNTER, Side, UnitId};

pub use swtcg_plugin_api::cost::{
    Cost, CostUnits, UnitFacts, parse_costs, parse_costs_with_x, with_x, x_limit,
};

/// The costs paid for an offer made with `amount`: their X that amount (game 13.8: "Pay X
/// Force -> ..."), costs with no X as they are; `None` when they have an X and the amount is
/// missing or above the printed limit.
pub fn costs_for_amount(costs: &[Cost], amount: Option<u32>) -> Option<Vec<Cost>> {
    if x_limit(costs).is_none() {
        return Some(costs.to_vec());
    }
    amount.and_then(|x| with_x(costs, x))
}

/// A unit of `side` the cost `units` admits, other than `except` and `already` (untapped if
/// `to_tap`).
fn unit_for_cost(
    state: &GameState,
    side: Side,
    except: Option<UnitId>,
    units: &CostUnits,
    to_tap: bool,
    already: &[UnitId],
) -> Option<UnitId> {
    units_for_cost(state, side, except, units, to_tap).find(|id| !already.contains(id))
}

/// The units `side` may choose to pay a cost that taps (`to_tap`: untapped ones only) or
/// discards "one of your <units>" for the ability of `except` (or a card being played, `None`):
/// their units in an arena that `units` admits, other than `except`, in play order.
pub fn units_for_cost<'a>(
    state: &'a GameState,
    side: Side,
    except: Option<UnitId>,
    units: &'a CostUnits,
    to_tap: bool,
) -> impl Iterator<Item = UnitId> + 'a {
    let this_arena = except
        .and_then(|u| state.unit(u))
        .and_then(|u| u.in_arena());
    state
        .units
        .values()
        .filter(move |u| {
            let Some(arena) = u.in_arena() else {
                return false;
            };
            if (Some(u.id) == except && !units.itself)
                || u.controller != side
                || (to_tap && u.tapped)
            {
                return false;
            }
            let def = state.top_def(u);
            // At most the three arenas: no allocation for each unit a cost looks at.
            let mut line = [swtcg_plugin_api::Arena::Space; 3];
            let arenas = def.arenas.len().min(3);
            for (slot, &a) in line.iter_mut().zip(&def.arenas) {
                *slot = a.into();
            }
            let subtypes = state.subtypes_of(u);
            units.admits(&UnitFacts {
                subtypes: &subtypes,
                type_line: &line[..arenas],
                allegiance: def.side.allegiance(),
                unique: def.is_unique(),
                damaged: u.damage > 0,
                location: u.is_location(),
                arena: arena.into(),
                in_this_arena: this_arena == Some(arena),
            })
        })
        .map(|u| u.id)
}

/// The units `side` may choose to tap for "tap <name>" for the ability of `except` (or a card
/// being played, `None`): their untapped units in an arena of that name ([`names_unit`]), other
/// than `except`, in play order.
pub fn units_named_for_cost<'a>(
    state: &'a GameState,
    side: Side,
    except: Option<UnitId>,
    name: &'a str,
) -> impl Iterator<Item = UnitId> + 'a {
    state
        .units
        .values()
        .filter(move |u| {
            Some(u.id) != except
                && u.controller == side
                && !u.tapped
                && u.in_arena().is_some()
                && !u.is_location()
                && names_unit(state, u.id, name)
        })
        .map(|u| u.id)
}

/// Whether "Discard <name>" names the unit itself: "this unit" (card, Location), its name, its
/// name without the version ("Gregor" for "Gregor (A)"), or one word of it ("Beru").
pub fn names_unit(state: &GameState, unit: UnitId, name: &str) -> bool {
    let Some(u) = state.unit(unit) else {
        return false;
    };
    let def = state.top_def(u);
    let name = name.trim().trim_end_matches('.');
    ["this unit", "this card", "this location"]
        .iter()
        .any(|this| name.eq_ignore_ascii_case(this))
        || name.eq_ignore_ascii_case(&def.name)
        || name.eq_ignore_ascii_case(def.unique_name())
        // A card names itself by one word of its name ("Discard Beru from the Character arena"
        // on Beru Lars (A)).
        || (!name.contains(' ')
            && def
                .unique_name()
                .split_whitespace()
                .any(|word| word.eq_ignore_ascii_case(name)))
}

/// Whether the controller of `unit` can pay every cost, in order.
pub fn can_pay(state: &GameState, unit: UnitId, costs: &[Cost]) -> bool {
    state
        .unit(unit)
        .is_some_and(|u| can_pay_as(state, u.controller, Some(unit), costs))
}

/// Whether `side` can pay every cost, in order, for the ability of `unit`, or for a card not in
/// play (`None`: a card in hand, which can't tap or discard itself).
pub fn can_pay_as(state: &GameState, side: Side, unit: Option<UnitId>, costs: &[Cost]) -> bool {
    can_pay_playing(state, side, unit, None, costs)
}

/// Whether `side` can pay every cost, in order, for the ability of `unit` or for `card` being
/// played from their hand, which can't pay for itself: it is no card of the hand to discard.
pub fn can_pay_playing(
    state: &GameState,
    side: Side,
    unit: Option<UnitId>,
    card: Option<CardId>,
    costs: &[Cost],
) -> bool {
    let player = state.player(side);
    let (mut force, mut points) = (player.force, player.build_points);
    let mut tapped = unit.and_then(|u| state.unit(u)).is_none_or(|u| u.tapped);
    let mut others = Vec::new();
    let played_in_hand = card.is_some_and(|c| player.hand.contains(&c));
    let mut hand = player.hand.len() - usize::from(played_in_hand);
    let mut deck = player.deck.len();
    let mut discard = player.discard.len();
    let mut opponent_deck = state.player(side.opponent()).deck.len();
    // Counters of each kind removed by the costs before, from the unit itself.
    let mut removed: Vec<(&str, u32)> = Vec::new();
    // Counters removed by the costs before from a Resource.
    let mut resource_removed = 0;
    for cost in costs {
        match cost {
            Cost::Force(n) if force >= *n => force -= n,
            Cost::BuildPoints(n) if points >= *n => points -= n,
            Cost::TapThis if !tapped => tapped = true,
            Cost::GainForce(n) => force += n,
            Cost::OpponentLosesForce(_) => {}
            Cost::Draw(n) if deck >= *n as usize => deck -= *n as usize,
            // "tap Frog Lady": the unit itself if that is its name, else another unit of that name.
            Cost::TapNamed(name) if unit.is_some_and(|u| names_unit(state, u, name)) => {
                if tapped {
                    return false;
                }
                tapped = true;
            }
            Cost::TapNamed(name) => {
                match units_named_for_cost(state, side, unit, name).find(|id| !others.contains(id))
                {
                    Some(other) => others.push(other),
                    None => return false,
                }
            }
            Cost::TapUnit(units) | Cost::DiscardUnit(units) => {
                let to_tap = matches!(cost, Cost::TapUnit(_));
                match unit_for_cost(state, side, unit, units, to_tap, &others) {
                    Some(other) => others.push(other),
                    None => return false,
                }
            }
            // Counters on a unit of the payer's: any one the cost admits will do (a unit may get
            // several costs' counters, so none is set aside).
            Cost::DamageUnit { units, .. } | Cost::CountersUnit { units, .. } => {
                if units_for_cost(state, side, unit, units, false)
                    .next()
                    .is_none()
                {
                    return false;
                }
            }
            Cost::RemoveCountersUnit { kind, amount } => {
                if units_with_counters(state, kind, *amount).next().is_none() {
                    return false;
                }
            }
            Cost::RemoveFromDiscard(n) if discard >= *n as usize => discard -= *n as usize,
            Cost::RemoveThis(name) | Cost::ReturnThis(name)
                if unit.is_some_and(|u| names_unit(state, u, name)) => {}
            // Game 8.5: only a unit in an arena retreats (`Game::can_pay_costs` asks whether
            // an ability forbids it).
            Cost::RetreatThis(name)
                if unit.is_some_and(|u| {
                    names_unit(state, u, name)
                        && state.unit(u).is_some_and(|u| u.in_arena().is_some())
                }) => {}
            Cost::DiscardThis(name) if unit.is_some_and(|u| names_unit(state, u, name)) => {}
            Cost::DiscardFromHand(n) if hand >= *n as usize => hand -= *n as usize,
            Cost::DiscardHand => hand = 0,
            Cost::MillOwn(n) if deck >= *n as usize => deck -= *n as usize,
            // The opponent's deck: cards the player's own costs don't take.
            Cost::MillOpponent(n) if opponent_deck >= *n as usize => {
                opponent_deck -= *n as usize;
            }
            Cost::MillEach(n) if deck >= *n as usize && opponent_deck >= *n as usize => {
                deck -= *n as usize;
                opponent_deck -= *n as usize;
            }
            Cost::DamageThis { name, .. } | Cost::CountersThis { name, .. }
                if unit.is_some_and(|u| names_unit(state, u, name)) => {}
            // "Remove 1 mastery counter from this unit": that many of the kind on it, after what
            // the costs before took off.
            Cost::RemoveCountersThis { kind, amount, name }
                if unit.is_some_and(|u| names_unit(state, u, name)) =>
            {
                let on = unit
                    .and_then(|u| state.unit(u))
                    .and_then(|u| u.counters.get(kind).copied())
                    .unwrap_or(0);
                let gone: u32 = removed
                    .iter()
                    .filter(|(k, _)| *k == kind.as_str())
                    .map(|(_, n)| n)
                    .sum();
                if on < gone.saturating_add(*amount) {
                    return false;
                }
                removed.push((kind.as_str(), *amount));
            }
            // Game 16.4: counters added to a Resource, or removed from it where there are that
            // many after what the costs before took off.
            Cost::ResourceCounters {
                amount,
                remove,
                yours,
            } => {
                let gone = if *remove { resource_removed } else { 0 };
                if resource_for_cost(state, side, unit, *amount + gone, *remove, *yours).is_none() {
                    return false;
                }
                if *remove {
                    resource_removed += amount;
                }
            }
            // An X not yet chosen can't be paid (`with_x` chooses it).
            _ => return false,
        }
    }
    true
}

/// The units in an arena, either player's, with at least `amount` counters of `kind` on them ("Remove
/// 1 mastery counter from a unit"), in play order.
pub fn units_with_counters<'a>(
    state: &'a GameState,
    kind: &'a str,
    amount: u32,
) -> impl Iterator<Item = UnitId> + 'a {
    state
        .units
        .values()
        .filter(move |u| {
            u.in_arena().is_some() && u.counters.get(kind).is_some_and(|&n| n >= amount)
        })
        .map(|u| u.id)
}

/// Pays the costs as `side`, for the ability of `unit` or for a card not in play (`None`); call
/// only after `can_pay_as`.
pub fn pay_as(state: &mut GameState, controller: Side, unit: Option<UnitId>, costs: &[Cost]) {
    for cost in costs {
        match cost {
            Cost::Force(n) => state.player_mut(controller).force -= n,
            Cost::BuildPoints(n) => state.player_mut(controller).build_points -= n,
            Cost::GainForce(n) => state.player_mut(controller).force += n,
            Cost::OpponentLosesForce(n) => {
                let force = &mut state.player_mut(controller.opponent()).force;
                *force = force.saturating_sub(*n);
            }
            Cost::TapThis => {
                if let Some(u) = unit.and_then(|u| state.unit_mut(u)) {
                    u.tapped = true;
                }
            }
            // The game pays these (`Game::pay_costs`): it discards through the discard's rules and
            // asks the player which cards and which unit to tap; an X not chosen is never paid
            // (`can_pay` refuses it).
            Cost::DiscardThis(_)
            | Cost::ForceX { .. }
            | Cost::BuildPointsX { .. }
            | Cost::DiscardFromHand(_)
            | Cost::DiscardHand
            | Cost::MillOwn(_)
            | Cost::MillOpponent(_)
            | Cost::MillEach(_)
            | Cost::DamageThis { .. }
            | Cost::CountersThis { .. }
            | Cost::RemoveCountersThis { .. }
            | Cost::ResourceCounters { .. }
            | Cost::Draw(_)
            | Cost::TapUnit(_)
            | Cost::TapNamed(_)
            | Cost::DiscardUnit(_)
            | Cost::DamageUnit { .. }
            | Cost::CountersUnit { .. }
            | Cost::RemoveCountersUnit { .. }
            | Cost::RemoveFromDiscard(_)
            | Cost::RemoveThis(_)
            | Cost::ReturnThis(_)
            | Cost::RetreatThis(_) => {}
        }
    }
}

/// The Resource whose counters pay a cost of the ability of `unit` (game 16.4): the unit itself
/// if it is a Resource in the Resource zone (a Resource's own "Add 1 counter"), or, for "your
/// Resource" (`yours`), the oldest of `side`'s Resources that can pay it. Counters are removed
/// only from a Resource with at least `amount`.
pub fn resource_for_cost(
    state: &GameState,
    side: Side,
    unit: Option<UnitId>,
    amount: u32,
    remove: bool,
    yours: bool,
) -> Option<UnitId> {
    let enough = |u: &&crate::model::Unit| {
        !remove || u.counters.get(RESOURCE_COUNTER).copied().unwrap_or(0) >= amount
    };
    if yours {
        state.resources_of(side).find(enough).map(|u| u.id)
    } else {
        unit.and_then(|u| state.unit(u))
            .filter(|u| u.is_resource())
            .filter(enough)
            .map(|u| u.id)
    }
}
