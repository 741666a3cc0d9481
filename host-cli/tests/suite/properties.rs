//! Property tests over many random-legal games with every keyword plugin loaded: the state's
//! invariants hold at every decision, the same seed gives the same log, every log replays, and
//! the wasm plugins and their native builds play identical games.
//!
//! Each game's decks carry abilities taken from the plugins' own scenarios (every `abilities`
//! list of `plugins/*/scenarios/*.toml`), rotated by the seed so that every ability is played
//! over a run, and every loaded keyword appears in the pool. A few cards of each deck are
//! Equipment carrying the pool's Equip and "Equipped ..." texts, so that games build, equip and
//! discard Equipment. `cargo test` plays a few hundred
//! games; the ignored test plays 10,000 (run it in release:
//! `cargo test --release -p swtcg --test suite properties -- --ignored`). `SWTCG_PROPERTY_GAMES`
//! overrides either count.

use crate::common;

use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};
use std::rc::Rc;
use std::sync::Arc;
use std::time::Instant;

use swtcg_engine::decision::{DecideError, Decision};
use swtcg_engine::model::{Arena, CardDef, CardSide, CardType};
use swtcg_engine::replay::replay;
use swtcg_engine::ruleset::Ruleset;
use swtcg_engine::{AbilityHost, Game, GameLog, GameState, Outcome, Player, Seats};

/// The largest Force, build points, damage or counter count a game of this test can reach
/// honestly; a larger number means an unsigned value wrapped below zero (release builds wrap).
const BOUND: u32 = 100_000;

/// Every ability text of the plugins' scenarios, sorted and without repeats.
fn ability_pool() -> Vec<String> {
    fn collect(value: &toml::Value, into: &mut BTreeSet<String>) {
        match value {
            toml::Value::Table(table) => {
                for (key, value) in table {
                    if key == "abilities"
                        && let Some(list) = value.as_array()
                    {
                        into.extend(list.iter().filter_map(|v| v.as_str().map(String::from)));
                    }
                    collect(value, into);
                }
            }
            toml::Value::Array(items) => items.iter().for_each(|v| collect(v, into)),
            _ => {}
        }
    }
    let mut pool = BTreeSet::new();
    for (dir, _) in common::plugin_dirs() {
        let Ok(entries) = std::fs::read_dir(dir.join("scenarios")) else {
            continue;
        };
        for entry in entries {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "toml") {
                let text = std::fs::read_to_string(&path).unwrap();
                collect(&toml::from_str(&text).unwrap(), &mut pool);
            }
        }
    }
    pool.into_iter().collect()
}

/// A deck of 60 cards, 20 per arena; most carry one or two abilities of the pool, chosen by
/// the seed so that different games play different abilities. Every tenth card is an Equipment
/// of that arena with an Equip text and an "Equipped ..." text of the pool (game 16.2).
fn keyword_deck(side: CardSide, pool: &[String], seed: u64) -> Vec<Arc<CardDef>> {
    let mut deck = Vec::new();
    let offset = (seed as usize).wrapping_mul(61) + side as usize * 60;
    let equip: Vec<&String> = pool.iter().filter(|a| a.ends_with("-> Equip")).collect();
    let equipped: Vec<&String> = pool.iter().filter(|a| a.starts_with("Equipped ")).collect();
    for (a, arena) in Arena::ALL.into_iter().enumerate() {
        for i in 0..20 {
            let n = a * 20 + i;
            let cost = 2 + (i % 5) as i32;
            let mut def = CardDef::unit(
                &format!("{arena} {}", i % 7),
                side,
                vec![arena],
                [
                    cost,
                    10 * (1 + ((i + a) % 6) as i32),
                    cost + 1,
                    cost + (i % 3) as i32,
                ],
            );
            if n % 6 != 5 {
                def.abilities.push(pool[(offset + n) % pool.len()].clone());
            }
            if n % 4 == 0 {
                def.abilities
                    .push(pool[(offset + n * 7 + 3) % pool.len()].clone());
            }
            if n % 10 == 9 && !equip.is_empty() && !equipped.is_empty() {
                def.name = format!("{arena} equipment {}", i % 3);
                def.card_type = CardType::Equipment;
                def.cost = def.cost.map(|_| swtcg_engine::model::Printed::Value(1));
                (def.speed, def.power, def.health) = (None, None, None);
                def.abilities = vec![
                    equip[(offset + n) % equip.len()].clone(),
                    equipped[(offset + n) % equipped.len()].clone(),
                ];
            }
            deck.push(Arc::new(def));
        }
    }
    deck
}

/// The invariants that must hold whenever a player is asked something.
fn check_invariants(state: &GameState) -> Result<(), String> {
    // Cards conserved across all zones: every card in exactly one place.
    state.check_conservation()?;
    for side in [swtcg_engine::Side::Dark, swtcg_engine::Side::Light] {
        let p = state.player(side);
        if p.force > BOUND || p.build_points > BOUND {
            return Err(format!(
                "{side} has {} Force and {} build points: a value wrapped below zero",
                p.force, p.build_points
            ));
        }
    }
    for (id, unit) in &state.units {
        // Every unit in exactly one place: one entry, under its own id, never also departed.
        if unit.id != *id {
            return Err(format!("unit {} is filed under {id}", unit.id));
        }
        if state.departed.contains_key(id) {
            return Err(format!("unit {id} is in play and has also left play"));
        }
        if !unit.built && unit.place != swtcg_engine::model::Place::BuildZone {
            return Err(format!("unit {id} is unbuilt but in an arena"));
        }
        if unit.damage > BOUND || unit.build_counters > BOUND {
            return Err(format!(
                "unit {id} has {} damage and {} build counters",
                unit.damage, unit.build_counters
            ));
        }
        if let Some((name, n)) = unit.counters.iter().find(|(_, n)| **n > BOUND) {
            return Err(format!("unit {id} has {n} {name} counters"));
        }
        if state.total_speed(unit) < 0 || state.total_power(unit) < 0 {
            return Err(format!("unit {id} has a negative speed or power"));
        }
        // A completed Equipment waiting in the build zone is no unit and has no health.
        if unit.built
            && state.def(unit.top()).is_unit()
            && state.total_health(unit) <= unit.damage as i32
        {
            return Err(format!("unit {id} should have been discarded"));
        }
    }
    Ok(())
}

/// Wraps a player and checks the invariants at every decision, counting the checks.
struct Checked<P> {
    player: P,
    checks: Rc<RefCell<u64>>,
}

impl<P: Player> Player for Checked<P> {
    fn decide(&mut self, state: &GameState, decision: &Decision) -> Result<usize, DecideError> {
        check_invariants(state).map_err(|e| DecideError(format!("invariant broken: {e}")))?;
        *self.checks.borrow_mut() += 1;
        self.player.decide(state, decision)
    }
}

fn play(
    host: &mut dyn AbilityHost,
    pool: &[String],
    seed: u64,
    checks: &Rc<RefCell<u64>>,
) -> (Result<Outcome, String>, GameLog) {
    let player = |s: u64| -> Box<dyn Player> {
        Box::new(Checked {
            player: swtcg_engine::players::RandomPlayer::new(s),
            checks: checks.clone(),
        })
    };
    let mut seats = Seats {
        dark: player(seed),
        light: player(seed.wrapping_add(1)),
    };
    // Abilities moved onto cards they were not printed on can ask for what the engine cannot do
    // there (an Upkeep's "tap Ona" on a unit not named Ona): such a call is skipped and logged,
    // and the test lists the distinct failures instead of stopping the game.
    let ruleset = Arc::new(Ruleset {
        turn_limit: 12,
        on_plugin_error: swtcg_engine::ruleset::OnPluginError::Skip,
        ..Ruleset::default()
    });
    let decks = [
        keyword_deck(CardSide::Dark, pool, seed),
        keyword_deck(CardSide::Light, pool, seed),
    ];
    let mut game = Game::from_decks(decks, seed, ruleset, host, &mut seats);
    let result = game.play().map_err(|e| e.to_string());
    if result.is_ok()
        && let Err(e) = check_invariants(&game.state)
    {
        return (Err(format!("invariant broken at the end: {e}")), game.log);
    }
    (result, game.log)
}

/// The log's lines after the header (the headers of a wasm and a native game differ only in the
/// plugin fingerprints).
fn entries(log: &GameLog) -> Vec<String> {
    log.to_jsonl().lines().skip(1).map(String::from).collect()
}

fn run_games(count: u64) {
    let started = Instant::now();
    let (mut wasm, mut native) = common::registries();
    let loaded = started.elapsed();
    let pool = ability_pool();
    // Every loaded keyword is in the pool, so every plugin is played.
    let keywords = wasm.keyword_names();
    for keyword in &keywords {
        assert!(
            pool.iter().any(|a| a.contains(keyword.as_str())),
            "no scenario ability uses {keyword}"
        );
    }
    let checks = Rc::new(RefCell::new(0u64));
    let mut failures: BTreeMap<String, u64> = BTreeMap::new();
    let mut outcomes = [0u64; 3];
    let (mut entries_total, mut activations, mut equipped) = (0usize, 0usize, 0usize);
    for seed in 0..count {
        let (result, log) = play(&mut wasm, &pool, seed, &checks);
        let outcome = result.unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        match outcome {
            Outcome::Winner(side) => outcomes[side.index()] += 1,
            _ => outcomes[2] += 1,
        }
        let lines = entries(&log);
        entries_total += lines.len();
        for event in log.events() {
            if let swtcg_engine::Event::PluginError { message } = event {
                // The plugin and hook, then the reason without the unit's numbers.
                let key: String = message.chars().filter(|c| !c.is_ascii_digit()).collect();
                *failures.entry(key).or_default() += 1;
            }
        }
        activations += lines
            .iter()
            .filter(|l| l.contains("\"activated\"") || l.contains("\"paid\""))
            .count();
        equipped += lines.iter().filter(|l| l.contains("\"equipped\"")).count();
        // Replay of every log succeeds, through its JSON-lines text.
        let parsed = GameLog::from_jsonl("game.jsonl", &log.to_jsonl()).unwrap();
        assert_eq!(
            replay(&parsed, &mut wasm),
            Ok(outcome),
            "seed {seed}: replay"
        );
        // The native builds play the identical game.
        // The logs are compared first: where they part says why the outcomes differ.
        let (native_result, native_log) = play(&mut native, &pool, seed, &checks);
        let native_lines = entries(&native_log);
        if let Some(i) =
            (0..lines.len().max(native_lines.len())).find(|&i| lines.get(i) != native_lines.get(i))
        {
            panic!(
                "seed {seed}: wasm and native logs differ at line {}:\n{:?}\n{:?}",
                i + 2,
                lines.get(i),
                native_lines.get(i)
            );
        }
        assert_eq!(native_result, Ok(outcome), "seed {seed}: native outcome");
        // The same seed gives the same log (every tenth game, played once more).
        if seed % 10 == 0 {
            let (_, again) = play(&mut wasm, &pool, seed, &checks);
            assert_eq!(
                again.to_jsonl(),
                log.to_jsonl(),
                "seed {seed}: not deterministic"
            );
        }
    }
    println!(
        "plugins built and loaded in {loaded:.1?}; {count} games in {:.1?}: {outcomes:?} (dark, light, turn limit), {entries_total} log \
         entries, {} invariant checks, {activations} activations and payments, {equipped} \
         Equipment attached, {} keywords, {} pool abilities",
        started.elapsed() - loaded,
        checks.borrow(),
        keywords.len(),
        pool.len()
    );
    println!("{} distinct plugin failures (skipped):", failures.len());
    for (failure, times) in &failures {
        println!("  {times:>6} x {failure}");
    }
    assert!(*checks.borrow() > count, "the invariants were checked");
    assert!(activations > 0, "no plugin effect happened");
    assert!(equipped > 0 || count < 50, "no Equipment was ever attached");
    assert!(outcomes[0] + outcomes[1] > 0, "no game was won");
}

fn games(default: u64) -> u64 {
    std::env::var("SWTCG_PROPERTY_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

#[test]
fn random_games_with_every_keyword_keep_every_invariant() {
    run_games(games(100));
}

#[test]
#[ignore = "10,000 games: run in release"]
fn ten_thousand_random_games_with_every_keyword_keep_every_invariant() {
    run_games(games(10_000));
}
