//! The position a scenario starts from as a game state (`[dark]`, `[light]`, `[[unit]]`,
//! `[[card]]`), with the check that the host carries out every ability on it.

use std::collections::BTreeMap;
use std::sync::Arc;

use super::{Failure, side_of};
use crate::scenario::{CardSideName, Scenario, UnitSpec, UnitZone};
use swtcg_cards::CardDb;
use swtcg_rules::ability::parse_ability;
use swtcg_rules::game::card_plugin_for;
use swtcg_rules::hooks::AbilityHost;
use swtcg_rules::model::{
    Arena, CardDef, CardId, CardSide, CardType, GameState, Place, Printed, Side, Unit, UnitId,
};
use swtcg_rules::rng::Dice;
use swtcg_rules::ruleset::Ruleset;

/// The scenario's position as a game state, with its unit ids mapped to the engine's.
pub(super) struct Built {
    pub(super) state: GameState,
    pub(super) ids: BTreeMap<String, UnitId>,
    /// The top card each unit id stands for (stacked and piloting entries have their own).
    pub(super) cards: BTreeMap<String, CardId>,
}

fn card_side(side: Side) -> CardSide {
    match side {
        Side::Dark => CardSide::Dark,
        Side::Light => CardSide::Light,
    }
}

/// The type-line arenas of a "Ground/Character"-style string.
fn arenas_of(type_line: &str) -> Vec<Arena> {
    type_line.split('/').filter_map(Arena::parse).collect()
}

/// The card type a written-out card's `type` names: a Battle card or Mission (played, then
/// discarded, game 7.4), else a unit whose type line lists its arenas.
fn card_type_of(type_line: &str) -> CardType {
    match type_line.trim().to_ascii_lowercase().as_str() {
        "battle" => CardType::Battle,
        "mission" => CardType::Mission,
        _ => CardType::Unit,
    }
}

fn printed(value: i64) -> Option<Printed> {
    Some(Printed::Value(
        value.clamp(i32::MIN as i64, i32::MAX as i64) as i32,
    ))
}

/// A Battle card or Mission has no speed, power or health (its printed stats are blank): a
/// written-out one keeps none, so that no state check treats it as a unit with 0 health.
fn played_card_stats(def: &mut CardDef) {
    if matches!(def.card_type, CardType::Battle | CardType::Mission) {
        (def.speed, def.power, def.health) = (None, None, None);
    }
}

/// The card a `[[unit]]` stands for: from its set reference, overridden by the keys written.
fn unit_def(spec: &UnitSpec, cards: &CardDb) -> Result<CardDef, Failure> {
    let side = card_side(side_of(spec.side));
    let mut def = match &spec.card {
        Some(reference) => {
            let found = cards.lookup(reference).map_err(|e| {
                Failure::new(format!("unit `{}` (line {}): {e}", spec.id, spec.line))
            })?;
            (*found).clone()
        }
        None => {
            let arenas = match (&spec.type_, spec.arena) {
                (Some(t), _) => arenas_of(t),
                (None, UnitZone::Space) => vec![Arena::Space],
                (None, UnitZone::Ground) => vec![Arena::Ground],
                (None, UnitZone::Character) => vec![Arena::Character],
                (None, UnitZone::BuildZone | UnitZone::ResourceZone | UnitZone::EventZone) => {
                    Vec::new()
                }
            };
            CardDef::unit(&spec.id, side, arenas, [0; 4])
        }
    };
    if let Some(name) = &spec.name {
        def.name = name.clone();
    } else if spec.card.is_none() {
        def.name = spec.id.clone();
    }
    if let Some(t) = &spec.type_ {
        def.arenas = arenas_of(t);
        // A written type of "Battle" or "Mission" makes the card one; an arena type line keeps
        // the card type of the set's card (a Subordinate stays one).
        if card_type_of(t) != CardType::Unit {
            def.card_type = card_type_of(t);
        }
    }
    if let Some(subtypes) = &spec.subtypes {
        def.subtypes = subtypes.clone();
    }
    for (slot, value) in [
        (&mut def.cost, spec.cost),
        (&mut def.speed, spec.speed),
        (&mut def.power, spec.power),
        (&mut def.health, spec.health),
    ] {
        if let Some(value) = value {
            *slot = printed(value);
        }
    }
    played_card_stats(&mut def);
    if let Some(abilities) = &spec.abilities {
        def.abilities = abilities.clone();
    }
    match spec.unique {
        Some(true) if def.version.is_none() => def.version = Some(String::new()),
        Some(false) => def.version = None,
        _ => {}
    }
    Ok(def)
}

/// A hand or deck card: a `[[card]]` of the scenario, else a card of the sets.
fn named_card(
    scenario: &Scenario,
    name: &str,
    owner: Side,
    cards: &CardDb,
) -> Result<CardDef, Failure> {
    if let Some(spec) = scenario.card(name) {
        let side = match spec.side {
            Some(CardSideName::Dark) => CardSide::Dark,
            Some(CardSideName::Light) => CardSide::Light,
            Some(CardSideName::Neutral) => CardSide::Neutral,
            None => card_side(owner),
        };
        let mut def = CardDef::unit(&spec.name, side, arenas_of(&spec.type_), [0; 4]);
        def.card_type = card_type_of(&spec.type_);
        def.subtypes = spec.subtypes.clone();
        def.abilities = spec.abilities.clone();
        def.version = spec.unique.then(String::new);
        (def.cost, def.speed, def.power, def.health) = (
            printed(spec.cost),
            printed(spec.speed),
            printed(spec.power),
            printed(spec.health),
        );
        played_card_stats(&mut def);
        return Ok(def);
    }
    cards
        .lookup(name)
        .map(|def| (*def).clone())
        .map_err(|e| Failure::new(format!("{owner} card `{name}`: {e}")))
}

pub(super) fn build_position(
    scenario: &Scenario,
    cards: &CardDb,
    ruleset: Ruleset,
) -> Result<Built, Failure> {
    let mut state = GameState::new(Arc::new(ruleset), scenario.seed.unwrap_or(0));
    state.dice = Dice::scripted(scenario.dice.clone(), scenario.seed);
    state.turn = 1;
    for (side, setup) in [(Side::Dark, &scenario.dark), (Side::Light, &scenario.light)] {
        let player = state.player_mut(side);
        player.force = setup.force.clamp(0, u32::MAX as i64) as u32;
        player.build_points = setup.build_points.clamp(0, u32::MAX as i64) as u32;
        for (zone, names) in [(0, &setup.hand), (1, &setup.deck), (2, &setup.discard)] {
            for name in names {
                let def = named_card(scenario, name, side, cards)?;
                let card = state.new_card(Arc::new(def), side);
                let player = state.player_mut(side);
                match zone {
                    0 => player.hand.push(card),
                    1 => player.deck.push(card),
                    _ => player.discard.push(card),
                }
            }
        }
    }

    // Cards first, so that stacked and piloting entries can be attached to their units.
    let mut card_of = BTreeMap::new();
    for spec in &scenario.units {
        let mut def = unit_def(spec, cards)?;
        // A Mission, Equipment, Location or Resource from a set stays one: it is built like a
        // unit, and resolves (Mission), waits to be equipped (Equipment), goes into an arena of
        // its type line (Location, game 16.1) or into the Resource zone (16.4) when completed;
        // an Event stays one in its Event zone (16.3).
        def.card_type = match def.card_type {
            _ if spec.equipment_card => CardType::Equipment,
            CardType::Subordinate
            | CardType::Mission
            | CardType::Equipment
            | CardType::Location
            | CardType::Resource
            | CardType::Event => def.card_type,
            _ => CardType::Unit,
        };
        let card = state.new_card(Arc::new(def), side_of(spec.side));
        card_of.insert(spec.id.clone(), card);
    }
    let attached: Vec<&String> = scenario
        .units
        .iter()
        .flat_map(|u| u.stack.iter().chain(&u.pilots).chain(&u.equipment))
        .collect();
    let mut ids = BTreeMap::new();
    for spec in scenario.units.iter().filter(|u| !attached.contains(&&u.id)) {
        let side = side_of(spec.side);
        let place = match spec.arena {
            UnitZone::Space => Place::Arena(Arena::Space),
            UnitZone::Ground => Place::Arena(Arena::Ground),
            UnitZone::Character => Place::Arena(Arena::Character),
            UnitZone::BuildZone => Place::BuildZone,
            UnitZone::ResourceZone => Place::Resource,
            UnitZone::EventZone => Place::Event,
        };
        // A Location written in an arena is placed there: in play, but no unit of it.
        let place = match place.arena() {
            Some(arena) if state.def(card_of[&spec.id]).card_type == CardType::Location => {
                Place::Location(arena)
            }
            _ => place,
        };
        if place == Place::Event && state.def(card_of[&spec.id]).card_type != CardType::Event {
            return Err(Failure::new(format!(
                "unit `{}` (line {}): only an Event card can be in the Event zone (game 16.3)",
                spec.id, spec.line
            )));
        }
        if place == Place::Resource && state.def(card_of[&spec.id]).card_type != CardType::Resource
        {
            return Err(Failure::new(format!(
                "unit `{}` (line {}): only a Resource card can be in the Resource zone (game 16.4)",
                spec.id, spec.line
            )));
        }
        // A completed Campaign written in the build zone stays there, its text working (game
        // 16.6): a card of its own place, apart from the cards being built.
        let place = if place == Place::BuildZone
            && spec.build_counters == 0
            && state.def(card_of[&spec.id]).is_campaign()
        {
            Place::Campaign
        } else {
            place
        };
        let mut stack = vec![card_of[&spec.id]];
        stack.extend(spec.stack.iter().map(|id| card_of[id]));
        let unit = Unit {
            cards: stack,
            pilots: spec.pilots.iter().map(|id| card_of[id]).collect(),
            // A card in the build zone with build counters is being built; without, it is a
            // completed or retreated unit.
            built: !(place == Place::BuildZone && spec.build_counters > 0),
            build_counters: spec.build_counters,
            damage: spec.damage,
            counters: spec.counters.clone(),
            tapped: spec.tapped,
            equipment: spec.equipment.iter().map(|id| card_of[id]).collect(),
            ..Unit::new(side, card_of[&spec.id], place)
        };
        let id = state.add_unit(unit);
        ids.insert(spec.id.clone(), id);
        for attached in spec.stack.iter().chain(&spec.pilots).chain(&spec.equipment) {
            ids.insert(attached.clone(), id);
        }
    }
    // Each player's supply holds the Subordinates their cards take (game 4.7, 16.5), as a
    // deck's does in a game (`Deck::expand_with_supply`).
    for side in [Side::Dark, Side::Light] {
        let theirs: Vec<Arc<CardDef>> = state
            .cards
            .iter()
            .filter(|c| c.owner == side)
            .map(|c| Arc::clone(&c.def))
            .collect();
        for def in swtcg_cards::supply::supply_for(&theirs, cards) {
            let card = state.new_card(def, side);
            state.player_mut(side).supply.push(card);
        }
    }
    Ok(Built {
        state,
        ids,
        cards: card_of,
    })
}

/// Every keyword on the board must have a plugin; card text needs a card plugin.
pub(super) fn check_keywords(
    state: &GameState,
    host: &mut dyn AbilityHost,
    cards: &CardDb,
) -> Result<(), Failure> {
    // The IDC keyword list and every keyword a loaded plugin implements (a fan keyword may be
    // in no list).
    let mut names = cards.keyword_names().to_vec();
    names.extend(host.keyword_names());
    // The cards in play (attached ones included) and the Battle cards in the players' hands.
    let mut cards_to_check: Vec<CardId> = state
        .units
        .values()
        .flat_map(|unit| {
            unit.cards
                .iter()
                .chain(&unit.pilots)
                .chain(&unit.equipment)
                .copied()
        })
        .collect();
    cards_to_check.extend(
        state
            .players
            .iter()
            .flat_map(|p| &p.hand)
            .filter(|&&card| state.def(card).card_type == CardType::Battle),
    );
    {
        for card in cards_to_check {
            let def = &state.cards[card.0 as usize].def;
            for text in &def.abilities {
                let parsed = parse_ability(text, &names);
                if card_plugin_for(host, state, text, def, def.card_type).is_some() {
                    continue;
                }
                match parsed.keyword {
                    // A keyword that works only on some card types (Equip: Equipment) does
                    // nothing on another card.
                    Some(keyword)
                        if host.plugin_for(&keyword).is_some_and(|p| {
                            let m = host.manifest(p);
                            !m.card_types.is_empty() && !m.reads_card_type(def.card_type)
                        }) =>
                    {
                        return Err(Failure::new(format!(
                            "the {keyword} plugin works only on {:?} cards, not on {} (ability \"{text}\")",
                            host.plugin_for(&keyword)
                                .map(|p| host.manifest(p).card_types.clone())
                                .unwrap_or_default(),
                            def.name
                        )));
                    }
                    Some(keyword)
                        if host
                            .plugin_for(&keyword)
                            .is_some_and(|p| parsed.fits(host.manifest(p).parameter)) => {}
                    Some(keyword) if host.plugin_for(&keyword).is_some() => {
                        return Err(Failure::new(format!(
                            "no card plugin for the ability \"{text}\" of {}: the {keyword} plugin reads only a number after the keyword",
                            def.name
                        )));
                    }
                    Some(keyword) => {
                        return Err(Failure::new(format!(
                            "no plugin for keyword {keyword} (ability \"{text}\" of {})",
                            def.name
                        )));
                    }
                    None => {
                        return Err(Failure::new(format!(
                            "no card plugin for the ability \"{text}\" of {}",
                            def.name
                        )));
                    }
                }
            }
        }
    }
    Ok(())
}
