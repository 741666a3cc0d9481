//! Cascades without end: plugins whose every answer is valid but sets off another hook, another
//! saved effect, another attack or another grant (fixture `cascade`, one mode per "Cascade X";
//! the cases of issue 17). The engine bounds each by a ruleset limit (`Ruleset::limits`,
//! game/cascade.rs), and these tests prove it for each mode, with both failure policies:
//!
//! - with `on_plugin_error = "stop"` the game ends with an error that names the plugin, the hook
//!   and the limit; no stack overflow and no endless loop; the log is kept up to and including
//!   the failure; cards are conserved; the refused call applied nothing;
//! - with `"skip"` the game goes on past the refused calls and ends its step.
//!
//! And a plugin that answers from a count kept in its own memory (fixture `tally`) gives every
//! game the same result whichever games its host played before: each game gets fresh instances.

use std::sync::Arc;
use std::time::Instant;

use crate::hostile_support::*;
use swtcg_engine::decision::Seats;
use swtcg_engine::log::{Event, LogEntry};
use swtcg_engine::model::{Arena, CardDef, CardSide, Side};
use swtcg_engine::players::GreedyPlayer;
use swtcg_engine::ruleset::{Limits, OnPluginError, Ruleset};
use swtcg_engine::sim::{Ai, GameEnd, play_game};
use swtcg_engine::{EngineError, Game, Outcome, StopAt};

/// The plugin every cascade error must name.
const PLUGIN: &str = "hostile-cascade@0.1.0";

/// A Ground battle step in which the Dark Side's unit, printing `Cascade <mode>`, attacks the
/// Light Side's. Power 0 rolls no attack dice, so that an attack made again and again needs no
/// dice; the attack dice of `damage` and `later` come from `dice`.
fn scenario(mode: &str, power: u32, dice: &[u8]) -> String {
    format!(
        r#"title = "Cascade {mode}"
rules = ["game 10"]
seed = 7
dice = {dice:?}

[start]
phase = "battle"
arena = "ground"
stop = "step-end"

[[unit]]
id = "squad"
side = "dark"
arena = "ground"
speed = 40
power = {power}
health = 5
cost = 6
abilities = ["Cascade {mode}"]

[[unit]]
id = "tank"
side = "light"
arena = "ground"
speed = 20
power = 0
health = 50
cost = 5
abilities = []

[[act]]
side = "dark"
attack = {{ unit = "squad", defender = "tank" }}
"#
    )
}

/// A ruleset with the failure policy and the default limits but a small `hook_depth`, so that
/// the deepest cascade stays cheap in a debug build, and per-unit limits smaller still, so that
/// a cascade of grants, notes or counters (each at a state check, nested) meets its own limit
/// before the depth limit.
fn cascade_ruleset(on_plugin_error: OnPluginError) -> Ruleset {
    Ruleset {
        limits: Limits {
            hook_depth: 8,
            granted_per_unit: 4,
            notes_per_unit: 4,
            counter_kinds_per_unit: 4,
            ..Limits::default()
        },
        ..ruleset(on_plugin_error)
    }
}

/// Plays a cascade mode under `stop` and checks what every cascade must end with; returns the
/// game for checks of its own.
fn stops_with_the_limit(mode: &str, power: u32, dice: &[u8], hook: &str, limit: &str) -> Played {
    let stop = cascade_ruleset(OnPluginError::Stop);
    let mut registry = load(&["cascade"], &stop).unwrap_or_else(|e| panic!("{e}"));
    let started = Instant::now();
    let played = play(&scenario(mode, power, dice), &mut registry, &stop);
    let took = started.elapsed();
    let error = match &played.result {
        Err(EngineError::Hook(error)) => error.clone(),
        other => panic!("Cascade {mode}: the game did not stop with the plugin's error: {other:?}"),
    };
    assert_error(&error, PLUGIN, hook, limit);
    assert!(
        matches!(
            played.log.entries.last(),
            Some(LogEntry::Event { event: Event::PluginError { message } }) if *message == error.to_string()
        ),
        "Cascade {mode}: the log does not end with the failure"
    );
    assert!(
        played
            .log
            .events()
            .any(|e| matches!(e, Event::Attack { .. })),
        "Cascade {mode}: the log lost the attack before the failure"
    );
    played
        .state
        .check_conservation()
        .unwrap_or_else(|e| panic!("Cascade {mode}: {e}"));
    eprintln!(
        "Cascade {mode}: stopped after {took:.1?} with {} log entries: {error}",
        played.log.entries.len()
    );
    played
}

/// Plays a cascade mode under `skip`: the refused calls are logged and the step ends.
fn skips_to_the_end_of_the_step(mode: &str, power: u32, dice: &[u8], limit: &str) -> Played {
    let skip = cascade_ruleset(OnPluginError::Skip);
    let mut registry = load(&["cascade"], &skip).unwrap_or_else(|e| panic!("{e}"));
    let played = play(&scenario(mode, power, dice), &mut registry, &skip);
    assert!(
        matches!(played.result, Ok(Outcome::Stopped)),
        "Cascade {mode}: {:?}",
        played.result
    );
    let errors = plugin_errors(&played.log);
    assert!(
        !errors.is_empty() && errors.iter().all(|e| e.contains(limit)),
        "Cascade {mode}: {errors:?}"
    );
    played
        .state
        .check_conservation()
        .unwrap_or_else(|e| panic!("Cascade {mode}: {e}"));
    played
}

#[test]
fn a_state_check_that_triggers_itself_stops_at_the_depth_limit() {
    // Issue 17, case 1: it overflowed the stack. Each level applied its Force before reaching
    // the next state check; the refused call, one level too deep, gained nothing.
    let played = stops_with_the_limit("force", 0, &[], "state-check", "limits.hook_depth");
    let depth = cascade_ruleset(OnPluginError::Stop).limits.hook_depth;
    assert_eq!(played.state.player(Side::Dark).force, depth);
    skips_to_the_end_of_the_step("force", 0, &[], "limits.hook_depth");
}

#[test]
fn damage_that_causes_damage_stops_at_the_depth_limit() {
    // Issue 17, case 1: a damage-pending answer of new damage overflowed the stack too.
    let dice = [6, 6];
    stops_with_the_limit("damage", 2, &dice, "damage-pending", "limits.hook_depth");
    skips_to_the_end_of_the_step("damage", 2, &dice, "limits.hook_depth");
}

#[test]
fn damage_saved_for_the_attack_end_that_saves_more_stops_at_the_step_limit() {
    // Issue 17, case 2: an endless loop, no recursion; the step's effects are counted.
    let dice = [6, 6];
    stops_with_the_limit(
        "later",
        2,
        &dice,
        "damage-pending",
        "limits.effects_per_step",
    );
    skips_to_the_end_of_the_step("later", 2, &dice, "limits.effects_per_step");
}

#[test]
fn an_attack_that_asks_to_attack_again_stops_at_the_attack_limit() {
    // Issue 17, case 3: a unit of power 0 attacking again without end, the log growing.
    let played = stops_with_the_limit(
        "again",
        0,
        &[],
        "attack-declared",
        "limits.attacks_per_step",
    );
    let attacks = played
        .log
        .events()
        .filter(|e| matches!(e, Event::Attack { .. }))
        .count();
    // The unit's own attack, then as many extra attacks as the limit allows.
    assert_eq!(attacks as u32, Limits::default().attacks_per_step + 1);
    skips_to_the_end_of_the_step("again", 0, &[], "limits.attacks_per_step");
}

#[test]
fn grants_that_grant_again_stop_at_the_unit_limit() {
    // Issue 17, case 4: the granted instances doubled at every hook.
    let played = stops_with_the_limit("grant", 0, &[], "state-check", "limits.granted_per_unit");
    let squad = played.ids["squad"];
    let granted = played.state.unit(squad).map(|u| u.granted.len());
    assert_eq!(
        granted,
        Some(cascade_ruleset(OnPluginError::Stop).limits.granted_per_unit as usize),
        "the unit holds exactly the limit, the refused grant applied nothing"
    );
    skips_to_the_end_of_the_step("grant", 0, &[], "limits.granted_per_unit");
}

#[test]
fn notes_and_counter_kinds_without_end_stop_at_the_unit_limits() {
    let played = stops_with_the_limit("note", 0, &[], "state-check", "limits.notes_per_unit");
    let squad = played.ids["squad"];
    let notes = played.state.unit(squad).map(|u| u.notes.len());
    let limits = cascade_ruleset(OnPluginError::Stop).limits;
    assert_eq!(notes, Some(limits.notes_per_unit as usize));
    let played = stops_with_the_limit(
        "counter",
        0,
        &[],
        "state-check",
        "limits.counter_kinds_per_unit",
    );
    let kinds = played
        .state
        .unit(played.ids["squad"])
        .map(|u| u.counters.len());
    assert_eq!(kinds, Some(limits.counter_kinds_per_unit as usize));
}

/// Plays the `free` scenario with the greedy AI on both sides, which takes every activation it
/// is offered.
fn greedy_free(ruleset: &Ruleset) -> Played {
    let mut registry = load(&["cascade"], ruleset).unwrap_or_else(|e| panic!("{e}"));
    let position = position(&scenario("free", 0, &[]), ruleset);
    let mut seats = Seats {
        dark: Box::new(TakesEveryAbility::default()),
        light: Box::new(TakesEveryAbility::default()),
    };
    let header = header_for(&registry, ruleset, 7);
    let mut game = Game::new(position.state, header, &mut registry, &mut seats);
    let result = game.run_from(
        swtcg_engine::model::state::TurnStep::Battle(Arena::Ground),
        StopAt::StepEnd,
    );
    Played {
        state: game.state.into_inner(),
        log: game.log,
        result,
        unused_acts: 0,
        ids: position.ids,
    }
}

/// The greedy AI, but playing every ability offered however often (the greedy AI keeps to 20 a
/// step): the engine's bound, not the AI, must stop a free ability.
#[derive(Default)]
struct TakesEveryAbility(GreedyPlayer);

impl swtcg_engine::Player for TakesEveryAbility {
    fn decide(
        &mut self,
        state: &swtcg_engine::model::GameState,
        decision: &swtcg_engine::Decision,
    ) -> Result<usize, swtcg_engine::decision::DecideError> {
        let activation = decision
            .options
            .iter()
            .position(|c| matches!(c, swtcg_engine::Choice::Activate { .. }));
        match activation {
            Some(index) => Ok(index),
            None => self.0.decide(state, decision),
        }
    }
}

#[test]
fn a_free_ability_without_a_use_limit_stops_at_the_activation_limit() {
    // Issue 17, case 5: the AI took it forever.
    let stop = cascade_ruleset(OnPluginError::Stop);
    let played = greedy_free(&stop);
    let error = match &played.result {
        Err(EngineError::Hook(error)) => error.clone(),
        other => panic!("the game did not stop with the plugin's error: {other:?}"),
    };
    assert_error(&error, PLUGIN, "activate", "limits.activations_per_step");
    let played_abilities = played
        .log
        .events()
        .filter(|e| matches!(e, Event::Activated { .. }))
        .count();
    assert_eq!(
        played_abilities as u32,
        Limits::default().activations_per_step,
        "the refused activation was not played"
    );
    // With `skip` the refused activation is the last one offered in the step, and the game
    // goes on to the step's end.
    let skip = cascade_ruleset(OnPluginError::Skip);
    let played = greedy_free(&skip);
    assert!(
        matches!(played.result, Ok(Outcome::Stopped)),
        "{:?}",
        played.result
    );
    let errors = plugin_errors(&played.log);
    assert!(
        !errors.is_empty()
            && errors
                .iter()
                .all(|e| e.contains("limits.activations_per_step")),
        "{errors:?}"
    );
}

#[test]
fn the_limits_are_ruleset_settings() {
    // A tournament may allow a deeper cascade: the same state check then gains more Force.
    let mut deeper = cascade_ruleset(OnPluginError::Stop);
    deeper.limits.hook_depth = 12;
    let mut registry = load(&["cascade"], &deeper).unwrap_or_else(|e| panic!("{e}"));
    let played = play(&scenario("force", 0, &[]), &mut registry, &deeper);
    assert!(
        matches!(played.result, Err(EngineError::Hook(_))),
        "{:?}",
        played.result
    );
    assert_eq!(played.state.player(Side::Dark).force, 12);
}

/// A deck of 60 plain units, 20 for each arena, each printing an Upkeep that the `tally`
/// fixture claims.
fn tally_deck(side: CardSide) -> Vec<Arc<CardDef>> {
    let arenas = [Arena::Space, Arena::Ground, Arena::Character];
    (0..60)
        .map(|i| {
            let mut def = CardDef::unit(
                &format!("Tally {}", i % 15),
                side,
                vec![arenas[i % 3]],
                [2 + (i % 4) as i32, 10 * (1 + (i % 5) as i32), 3, 4],
            );
            def.abilities = vec!["Upkeep: Pay 1 Force".into()];
            Arc::new(def)
        })
        .collect()
}

#[test]
fn a_plugin_counting_its_calls_gives_each_game_the_same_result_in_any_order() {
    // Issue 17, case 9: plugin memory survived from game to game, so `sim -t 1` and `-t 2`
    // (whose threads play different games before each one) differed. `tally` claims Upkeep
    // and gives its unit +3 power and health on every third call it answers.
    let decks = [tally_deck(CardSide::Dark), tally_deck(CardSide::Light)];
    let ruleset = Arc::new(ruleset(OnPluginError::Stop));
    let seeds = [1_u64, 2, 3, 4];
    let ai = [Ai::Greedy, Ai::Greedy];
    // One host for all the games, in order, then in the reverse order, then a host per game.
    let mut shared = load(&["tally"], &ruleset).unwrap_or_else(|e| panic!("{e}"));
    let forward: Vec<_> = seeds
        .iter()
        .map(|&seed| play_game(&decks, seed, &ruleset, &mut shared, ai))
        .collect();
    let mut shared = load(&["tally"], &ruleset).unwrap_or_else(|e| panic!("{e}"));
    let mut backward: Vec<_> = seeds
        .iter()
        .rev()
        .map(|&seed| play_game(&decks, seed, &ruleset, &mut shared, ai))
        .collect();
    backward.reverse();
    let alone: Vec<_> = seeds
        .iter()
        .map(|&seed| {
            let mut own = load(&["tally"], &ruleset).unwrap_or_else(|e| panic!("{e}"));
            play_game(&decks, seed, &ruleset, &mut own, ai)
        })
        .collect();
    for record in &forward {
        assert!(
            !matches!(record.end, GameEnd::Error(_)),
            "seed {}: {:?}",
            record.seed,
            record.end
        );
        let upkeep = record.keywords.get("Upkeep").map_or(0, |c| c.triggered);
        assert!(
            upkeep > 0,
            "seed {}: the plugin never changed a unit",
            record.seed
        );
    }
    assert_eq!(forward, alone);
    assert_eq!(backward, alone);
}

#[test]
fn the_deepest_cascade_a_ruleset_may_allow_fits_a_threads_stack() {
    // `limits.hook_depth` may be raised to `MAX_HOOK_DEPTH`; the test runs on a thread of the
    // 2 MiB stack that test threads (and `swtcg sim`'s threads) get, in a debug build, whose
    // frames are the largest. Damage that causes damage takes the deepest path per level
    // (effects, damage, the damage hooks, the state check).
    let mut deepest = cascade_ruleset(OnPluginError::Stop);
    deepest.limits.hook_depth = swtcg_engine::ruleset::MAX_HOOK_DEPTH;
    let played = std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(move || {
            let mut registry = load(&["cascade"], &deepest).unwrap_or_else(|e| panic!("{e}"));
            play(&scenario("damage", 2, &[6, 6]), &mut registry, &deepest).result
        })
        .unwrap_or_else(|e| panic!("{e}"))
        .join()
        .unwrap_or_else(|_| panic!("the cascade panicked"));
    match played {
        Err(EngineError::Hook(error)) => {
            assert!(error.reason.contains("65 levels deep"), "{error}")
        }
        other => panic!("{other:?}"),
    }
}
