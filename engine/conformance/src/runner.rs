//! Runs one conformance scenario: builds the position (`runner/position.rs`), plays the script of
//! acts and dice (`runner/script.rs`), and compares the game with the expectations.

mod position;
mod script;

use std::collections::BTreeMap;

use super::scenario::{
    ArenaName, ExpectZone, Phase, Scenario, SideExpect, SideName, Stop, UnitExpect, Winner,
};
use position::{build_position, check_keywords};
use script::{AbilityNames, Script};
use swtcg_cards::CardDb;
use swtcg_rules::game::{Game, StopAt};
use swtcg_rules::hooks::AbilityHost;
use swtcg_rules::log::{Event, GameLog, LogEntry, LogHeader};
use swtcg_rules::model::state::TurnStep;
use swtcg_rules::model::{Arena, CardId, GameState, Place, Side, UnitId};
use swtcg_rules::ruleset::Ruleset;

/// Why a scenario failed: a reason line and, for unmet expectations, one line per difference.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    pub reason: String,
    /// `(what, expected, actual)` for each unmet expectation.
    pub diff: Vec<(String, String, String)>,
}

impl Failure {
    fn new(reason: impl Into<String>) -> Self {
        Failure {
            reason: reason.into(),
            diff: Vec::new(),
        }
    }
}

/// What a scenario run needs besides the scenario.
pub struct RunOptions<'a> {
    /// Card sets for `card = "SET/Name"` and hand or deck names.
    pub cards: &'a CardDb,
    /// The ruleset used when the scenario names none (the `--ruleset` of `check`).
    pub ruleset: &'a Ruleset,
    /// Resolves a scenario's `ruleset = "..."` (a built-in name or a file the caller reads).
    pub resolve_ruleset: &'a dyn Fn(&str) -> Result<Ruleset, String>,
}

/// Runs a scenario with the given abilities; `Ok` when every expectation holds.
pub fn run_scenario(
    scenario: &Scenario,
    host: &mut dyn AbilityHost,
    options: &RunOptions,
) -> Result<(), Failure> {
    let ruleset = match &scenario.ruleset {
        Some(name) => (options.resolve_ruleset)(name).map_err(Failure::new)?,
        None => options.ruleset.clone(),
    };
    let built = build_position(scenario, options.cards, ruleset)?;
    check_keywords(&built.state, &mut *host, options.cards)?;
    let names = AbilityNames::of(&*host, options.cards);

    let (step, stop) = start_of(scenario);
    let header = LogHeader::new(
        scenario.seed.unwrap_or(0),
        (*built.state.ruleset).clone(),
        [Vec::new(), Vec::new()],
        Vec::new(),
    );
    let mut script = Script::new(scenario, &built.ids, &built.cards, names);
    let mut game = Game::new(built.state, header, host, &mut script);
    let result = game.run_turns_from(step, stop, scenario.start.turns);
    let state = game.state;
    let log = game.log;

    script.follow_cards(&state);
    script.finish(&state);
    // The script's own verdicts come first: they explain any error the run ended with.
    if let Some(failure) = script.failure.take() {
        return Err(Failure::new(failure));
    }
    for (number, reason) in &script.refused {
        if scenario.expect.illegal != Some(*number) {
            return Err(Failure::new(format!("illegal act {number}: {reason}")));
        }
    }
    if let Err(err) = result {
        return Err(Failure::new(err.to_string()));
    }
    if let Some(act) = scenario.acts.get(script.next) {
        return Err(Failure::new(format!(
            "act {} never used (line {})",
            act.number, act.line
        )));
    }
    if let Some(number) = scenario.expect.illegal
        && !script.refused.iter().any(|(n, _)| *n == number)
    {
        return Err(Failure::new(format!(
            "act {number} was expected to be illegal, but the engine allowed it"
        )));
    }
    if !state.dice.unused().is_empty() {
        let unused: Vec<String> = state.dice.unused().iter().map(u8::to_string).collect();
        return Err(Failure::new(format!(
            "unused dice: [{}]",
            unused.join(", ")
        )));
    }
    compare(scenario, &state, &log, &script.ids, &built.cards)
}

fn side_of(name: SideName) -> Side {
    match name {
        SideName::Dark => Side::Dark,
        SideName::Light => Side::Light,
    }
}

fn arena_of(name: ArenaName) -> Arena {
    match name {
        ArenaName::Space => Arena::Space,
        ArenaName::Ground => Arena::Ground,
        ArenaName::Character => Arena::Character,
    }
}

fn start_of(scenario: &Scenario) -> (TurnStep, StopAt) {
    let start = &scenario.start;
    let side = side_of(start.step.unwrap_or(SideName::Dark));
    let step = match start.phase {
        Phase::Build => TurnStep::Build(side),
        Phase::Retreat => TurnStep::Retreat(side),
        Phase::Battle => TurnStep::Battle(arena_of(start.arena.unwrap_or(ArenaName::Space))),
    };
    let stop = match start.stop {
        Some(Stop::AttackEnd) => StopAt::AttackEnd,
        Some(Stop::StepEnd) | None => StopAt::StepEnd,
        Some(Stop::PhaseEnd) => StopAt::PhaseEnd,
        Some(Stop::TurnEnd) => StopAt::TurnEnd,
    };
    (step, stop)
}

fn zone_name(zone: ExpectZone) -> &'static str {
    match zone {
        ExpectZone::Space => "space",
        ExpectZone::Ground => "ground",
        ExpectZone::Character => "character",
        ExpectZone::BuildZone => "build-zone",
        ExpectZone::Discard => "discard",
        ExpectZone::ResourceZone => "resource-zone",
        ExpectZone::EventZone => "event-zone",
    }
}

/// One unmet expectation: what, expected, actual.
type Difference = (String, String, String);

/// Compares the final state with `[expect]`, collecting every difference: the discarded ids,
/// then each `[expect.unit.ID]` in file order, `[expect.dark]`, `[expect.light]` and the winner.
fn compare(
    scenario: &Scenario,
    state: &GameState,
    log: &GameLog,
    ids: &BTreeMap<String, UnitId>,
    cards: &BTreeMap<String, CardId>,
) -> Result<(), Failure> {
    let mut diff = Vec::new();
    compare_discarded(&scenario.expect.discarded, state, ids, cards, &mut diff);
    for (id, expect) in &scenario.expect.units {
        compare_unit(id, expect, state, ids, cards, &mut diff);
    }
    for (side, expect) in [
        (Side::Dark, &scenario.expect.dark),
        (Side::Light, &scenario.expect.light),
    ] {
        if let Some(expect) = expect {
            compare_player(side, expect, state, &mut diff);
            compare_seen(side, expect, log, &mut diff);
        }
    }
    if let Some(winner) = scenario.expect.winner {
        compare_winner(winner, state, &mut diff);
    }
    if diff.is_empty() {
        Ok(())
    } else {
        Err(Failure {
            reason: format!("{} expectation(s) not met", diff.len()),
            diff,
        })
    }
}

/// Whether the card a scenario id stands for is in a discard pile.
fn in_discard(state: &GameState, cards: &BTreeMap<String, CardId>, id: &str) -> bool {
    cards.get(id).is_some_and(|card| {
        Side::BOTH
            .iter()
            .any(|&s| state.player(s).discard.contains(card))
    })
}

/// `expect.discarded` (FORMAT.md "Layout"): each id's card must be in a discard pile; where it
/// is not, the difference says where its unit is.
fn compare_discarded(
    discarded: &[String],
    state: &GameState,
    ids: &BTreeMap<String, UnitId>,
    cards: &BTreeMap<String, CardId>,
    diff: &mut Vec<Difference>,
) {
    for id in discarded {
        if !in_discard(state, cards, id) {
            let place = ids
                .get(id)
                .and_then(|u| state.unit(*u))
                .map_or("not in play", |u| u.place.name());
            diff.push((format!("unit {id}"), "discarded".into(), place.to_string()));
        }
    }
}

/// `[expect.unit.ID]` (FORMAT.md "Layout", and the `equipment`, `pilots` and `counters`
/// extensions of docs/scenarios.md): each value written must be the unit's (total stats for
/// power, speed and health); a unit no longer in play meets only an `arena` of where its card
/// is ("discard").
fn compare_unit(
    id: &str,
    expect: &UnitExpect,
    state: &GameState,
    ids: &BTreeMap<String, UnitId>,
    cards: &BTreeMap<String, CardId>,
    diff: &mut Vec<Difference>,
) {
    let unit = ids.get(id).and_then(|u| state.unit(*u));
    let what = |key: &str| format!("unit {id} {key}");
    let Some(unit) = unit else {
        let actual = if in_discard(state, cards, id) {
            "discard"
        } else {
            "not in play"
        };
        if expect.arena.map(zone_name) != Some(actual)
            || expect.damage.is_some()
            || expect.tapped.is_some()
        {
            diff.push((what("state"), "in play".into(), actual.into()));
        }
        return;
    };
    let mut check = |key: &str, expected: Option<String>, actual: String| {
        if let Some(expected) = expected
            && expected != actual
        {
            diff.push((what(key), expected, actual));
        }
    };
    check(
        "damage",
        expect.damage.map(|v| v.to_string()),
        unit.damage.to_string(),
    );
    check(
        "tapped",
        expect.tapped.map(|v| v.to_string()),
        unit.tapped.to_string(),
    );
    check(
        "arena",
        expect.arena.map(|z| zone_name(z).to_string()),
        unit.place.name().to_string(),
    );
    check(
        "power",
        expect.power.map(|v| v.to_string()),
        state.total_power(unit).to_string(),
    );
    check(
        "speed",
        expect.speed.map(|v| v.to_string()),
        state.total_speed(unit).to_string(),
    );
    check(
        "health",
        expect.health.map(|v| v.to_string()),
        state.total_health(unit).to_string(),
    );
    check(
        "build_counters",
        expect.build_counters.map(|v| v.to_string()),
        unit.build_counters.to_string(),
    );
    check(
        "equipment",
        expect.equipment.map(|v| v.to_string()),
        unit.equipment.len().to_string(),
    );
    check(
        "pilots",
        expect.pilots.map(|v| v.to_string()),
        unit.pilots.len().to_string(),
    );
    for (kind, expected) in expect.counters.iter().flatten() {
        check(
            &format!("counters.{kind}"),
            Some(expected.to_string()),
            unit.counters.get(kind).copied().unwrap_or(0).to_string(),
        );
    }
}

/// `[expect.dark]` or `[expect.light]` (FORMAT.md "Layout", and the `discard_size`,
/// `removed_size`, `supply_size`, `deck_size`, `build_zone_size` and `arena_units` extensions
/// of docs/scenarios.md): each value written must be the player's.
fn compare_player(side: Side, expect: &SideExpect, state: &GameState, diff: &mut Vec<Difference>) {
    let player = state.player(side);
    let rows = [
        (
            "force",
            expect.force.map(|v| v.to_string()),
            player.force.to_string(),
        ),
        (
            "build_points",
            expect.build_points.map(|v| v.to_string()),
            player.build_points.to_string(),
        ),
        (
            "hand_size",
            expect.hand_size.map(|v| v.to_string()),
            player.hand.len().to_string(),
        ),
        (
            "discard_size",
            expect.discard_size.map(|v| v.to_string()),
            player.discard.len().to_string(),
        ),
        (
            "removed_size",
            expect.removed_size.map(|v| v.to_string()),
            player.removed.len().to_string(),
        ),
        (
            "supply_size",
            expect.supply_size.map(|v| v.to_string()),
            player.supply.len().to_string(),
        ),
        (
            "deck_size",
            expect.deck_size.map(|v| v.to_string()),
            player.deck.len().to_string(),
        ),
        (
            "build_zone_size",
            expect.build_zone_size.map(|v| v.to_string()),
            state
                .units
                .values()
                .filter(|u| u.controller == side && u.place == Place::BuildZone)
                .count()
                .to_string(),
        ),
        (
            "arena_units",
            expect.arena_units.map(|v| v.to_string()),
            state
                .units
                .values()
                .filter(|u| u.controller == side && u.in_arena().is_some() && !u.is_location())
                .count()
                .to_string(),
        ),
    ];
    for (key, expected, actual) in rows {
        if let Some(expected) = expected
            && expected != actual
        {
            diff.push((format!("{} {key}", side.name()), expected, actual));
        }
    }
}

/// `[expect.dark] seen` (the extension of docs/scenarios.md): the cards abilities showed the
/// player, as the log's `cards-revealed` entries name them, in order.
fn compare_seen(side: Side, expect: &SideExpect, log: &GameLog, diff: &mut Vec<Difference>) {
    let Some(expected) = &expect.seen else {
        return;
    };
    let seen: Vec<&str> = log
        .entries
        .iter()
        .filter_map(|entry| match entry {
            LogEntry::Event {
                event: Event::CardsRevealed { to, names, .. },
            } if *to == side => Some(names),
            _ => None,
        })
        .flatten()
        .map(String::as_str)
        .collect();
    if seen != *expected {
        diff.push((
            format!("{} seen", side.name()),
            format!("{expected:?}"),
            format!("{seen:?}"),
        ));
    }
}

/// `expect.winner` (FORMAT.md "Layout"): who has won once the run has stopped, or "none".
fn compare_winner(winner: Winner, state: &GameState, diff: &mut Vec<Difference>) {
    let expected = match winner {
        Winner::Dark => "dark",
        Winner::Light => "light",
        Winner::None => "none",
    };
    let actual = state.winner.map_or("none", Side::name);
    if expected != actual {
        diff.push(("winner".into(), expected.into(), actual.into()));
    }
}
