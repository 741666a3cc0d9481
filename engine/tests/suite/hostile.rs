//! Hostile plugins: builds the fixture plugins of `tests/fixtures/hostile/` and proves that the
//! wasm host survives each of them.
//!
//! For every fixture the tests check that the error names the plugin (`id@version`), the hook or
//! query and the reason; that the test process never panics; that a failed call leaves the game
//! state byte-identical (a direct call, and a whole game with `on_plugin_error = "skip"` compared
//! with the same game in which no plugin implements the keyword); that the same registry answers
//! the next call correctly because a trapped instance is replaced; and that with
//! `on_plugin_error = "stop"` the game ends with the error and its log keeps everything up to it.
//!
//! The fixtures are built, staged and loaded by `hostile_support`, shared with the cascade tests
//! (`hostile_cascade.rs`).

use std::time::{Duration, Instant};

use swtcg_engine::cards::CardDb;
use swtcg_engine::conformance::{RunOptions, parse_scenario, run_scenario};
use swtcg_engine::hooks::HookError;
use swtcg_engine::log::Event;
use swtcg_engine::model::{GameState, Side, UnitId};
use swtcg_engine::plugins::{Registry, sha256_hex};
use swtcg_engine::ruleset::{OnPluginError, Ruleset};
use swtcg_engine::{AbilityHost, EngineError, NoPlugins, Outcome};
use swtcg_plugin_api::{Ability, Effect, HookEvent, HookPoint, Pop, QueryAnswer, QueryCall};

use crate::hostile_support::*;

/// The ability instance of a unit, as the engine would hand it to a plugin.
fn ability(unit: UnitId, keyword: &str, parameter: &str) -> Ability {
    Ability {
        unit: unit.0,
        index: 0,
        text: format!("{keyword} {parameter}").trim().to_string(),
        parameter: parameter.into(),
        cost: None,
        under: false,
    }
}

/// The event of an attack between two units in the Ground arena.
fn attack_event(attacker: UnitId, defender: UnitId) -> HookEvent {
    HookEvent {
        turn: 1,
        attacker: Some(attacker.0),
        defender: Some(defender.0),
        arena: Some(swtcg_plugin_api::Arena::Ground),
        ..HookEvent::default()
    }
}

/// A direct hook call that must fail and leave the state byte-identical; returns the error and
/// how long the call took.
fn failing_hook(
    registry: &mut Registry,
    keyword: &str,
    hook: HookPoint,
    ability: &Ability,
    event: &HookEvent,
    state: &GameState,
) -> (HookError, Duration) {
    let plugin = plugin(registry, keyword);
    let before = json(state);
    let started = Instant::now();
    let result = registry.call_hook(plugin, hook, ability, event, state);
    let took = started.elapsed();
    assert_eq!(json(state), before, "a failed call changed the state");
    match result {
        Err(error) => (error, took),
        Ok(effects) => panic!(
            "{keyword} {}: expected a failure, got {effects:?}",
            hook.name()
        ),
    }
}

/// Asks a `power-against` query and returns its number.
fn power_against(
    registry: &mut Registry,
    keyword: &str,
    ability: &Ability,
    attacker: UnitId,
    state: &GameState,
) -> Result<i32, HookError> {
    let plugin = plugin(registry, keyword);
    let call = QueryCall::PowerAgainst {
        attacker: attacker.0,
    };
    match registry.query(plugin, ability, &call, state)? {
        QueryAnswer::Number(n) => Ok(n),
        other => panic!("power-against answered {other:?}"),
    }
}

/// The loop fixture's scenario with other abilities on the squad and on the tank.
fn with_abilities(squad: &[&str], tank: &[&str]) -> String {
    let list = |abilities: &[&str]| {
        abilities
            .iter()
            .map(|a| format!("{a:?}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    scenario_text("loop")
        .replace("[\"Spin hook\"]", &format!("[{}]", list(squad)))
        .replace(
            "abilities = []\n\n[[act]]",
            &format!("abilities = [{}]\n\n[[act]]", list(tank)),
        )
}

// The tests.

#[test]
fn the_harmless_fixture_loads_and_answers() {
    let rules = ruleset(OnPluginError::Stop);
    let started = Instant::now();
    let mut registry = load(&["twin"], &rules).unwrap_or_else(|e| panic!("{e}"));
    eprintln!("loading twin took {:.1?}", started.elapsed());
    let at = position(&scenario_text("loop"), &rules);
    let (squad, tank) = (at.ids["squad"], at.ids["tank"]);
    let twin = ability(tank, "Twin", "");
    assert_eq!(
        power_against(&mut registry, "Twin", &twin, squad, &at.state),
        Ok(1)
    );
    assert_eq!(
        registry.fingerprints(),
        [format!(
            "hostile-twin@0.1.0 {}",
            sha256_hex(&staged_wasm("twin"))
        )]
    );
}

#[test]
fn an_endless_loop_runs_out_of_fuel_and_the_same_registry_answers_next() {
    let rules = ruleset(OnPluginError::Stop);
    let mut registry = load(&["loop"], &rules).unwrap_or_else(|e| panic!("{e}"));
    let at = position(&scenario_text("loop"), &rules);
    let (squad, tank) = (at.ids["squad"], at.ids["tank"]);
    let event = attack_event(squad, tank);
    // Host calls cost the plugin little fuel, so the loops over them take the longest.
    for (parameter, what) in [
        ("hook", "a loop"),
        ("host", "a loop over host::units"),
        ("unit", "a loop over host::unit"),
    ] {
        let (error, took) = failing_hook(
            &mut registry,
            "Spin",
            HookPoint::AttackDeclared,
            &ability(squad, "Spin", parameter),
            &event,
            &at.state,
        );
        assert_error(
            &error,
            "hostile-loop@0.1.0",
            "attack-declared",
            "ran out of fuel",
        );
        eprintln!("{what} with {FUEL} fuel ended after {took:.1?}: {error}");
        assert!(took < Duration::from_secs(5), "{what} took {took:?}");
        // The instance that ran out of fuel was replaced: the same registry answers at once.
        let calm = ability(squad, "Spin", "calm");
        assert_eq!(
            power_against(&mut registry, "Spin", &calm, squad, &at.state),
            Ok(-1)
        );
    }
    let started = Instant::now();
    let error = power_against(
        &mut registry,
        "Spin",
        &ability(tank, "Spin", "query"),
        squad,
        &at.state,
    )
    .unwrap_err();
    assert_error(
        &error,
        "hostile-loop@0.1.0",
        "power-against",
        "ran out of fuel",
    );
    eprintln!(
        "a looping query ended after {:.1?}: {error}",
        started.elapsed()
    );
    let event_ok = registry.call_hook(
        plugin(&registry, "Spin"),
        HookPoint::AttackDeclared,
        &ability(squad, "Spin", "calm"),
        &event,
        &at.state,
    );
    assert_eq!(event_ok, Ok(Vec::new()));

    // The default budget (ten times more fuel) still ends the loop quickly.
    let default = Ruleset::default();
    let mut registry = load(&["loop"], &default).unwrap_or_else(|e| panic!("{e}"));
    let (error, took) = failing_hook(
        &mut registry,
        "Spin",
        HookPoint::AttackDeclared,
        &ability(squad, "Spin", "hook"),
        &event,
        &at.state,
    );
    assert_error(
        &error,
        "hostile-loop@0.1.0",
        "attack-declared",
        "ran out of fuel",
    );
    eprintln!(
        "a loop with the default {} fuel ended after {took:.1?}",
        default.plugin_fuel
    );
}

/// API 1.2 calls pass an ability key, and the plugin asks for what it stands for once: across
/// more distinct abilities than one instance is given keys (so past an instance replacement),
/// every call still reads its own ability. The overflow fixture echoes its parameter "offers N"
/// as the `max-amount` of its activation in the attack POP.
#[test]
fn every_call_reads_its_own_ability_past_the_key_limit() {
    let rules = ruleset(OnPluginError::Stop);
    let mut registry = load(&["overflow"], &rules).unwrap_or_else(|e| panic!("{e}"));
    let at = position(&scenario_text("loop"), &rules);
    let tank = at.ids["tank"];
    let plugin = plugin(&registry, "Overflow");
    let call = QueryCall::Activations {
        pop: Pop::Attack,
        event: HookEvent::default(),
    };
    let mut offers = |n: u32| {
        let ability = ability(tank, "Overflow", &format!("offers {n}"));
        match registry.query(plugin, &ability, &call, &at.state) {
            Ok(QueryAnswer::Activations(offers)) if offers.len() == 1 => offers[0].max_amount,
            other => panic!("offers {n}: {other:?}"),
        }
    };
    for n in (0..4200).chain([0, 17, 4095, 4199, 4096, 3]) {
        assert_eq!(offers(n), Some(n));
    }
}

#[test]
fn an_endless_loop_in_a_game_is_skipped_or_stops_it() {
    let text = scenario_text("loop");
    let error = skip_equals_absent_and_stop_keeps_the_log("loop", &text);
    assert_error(
        &error,
        "hostile-loop@0.1.0",
        "attack-declared",
        "ran out of fuel",
    );
    let error =
        skip_equals_absent_and_stop_keeps_the_log("loop", &with_abilities(&["Spin host"], &[]));
    assert_error(
        &error,
        "hostile-loop@0.1.0",
        "attack-declared",
        "ran out of fuel",
    );
    // A looping query on the defender: the attack's dice are rolled as if it answered nothing.
    let text = with_abilities(&[], &["Spin query"]);
    let error = skip_equals_absent_and_stop_keeps_the_log("loop", &text);
    assert_error(
        &error,
        "hostile-loop@0.1.0",
        "power-against",
        "ran out of fuel",
    );
}

#[test]
fn a_memory_bomb_hits_the_cap_and_the_next_call_gets_fresh_memory() {
    let rules = ruleset(OnPluginError::Stop);
    let mut registry = load(&["bomb"], &rules).unwrap_or_else(|e| panic!("{e}"));
    let at = position(&scenario_text("bomb"), &rules);
    let (squad, tank) = (at.ids["squad"], at.ids["tank"]);
    let bomb = ability(squad, "Bloat", "bomb");
    for _ in 0..3 {
        let (error, took) = failing_hook(
            &mut registry,
            "Bloat",
            HookPoint::AttackDeclared,
            &bomb,
            &attack_event(squad, tank),
            &at.state,
        );
        assert_error(
            &error,
            "hostile-bomb@0.1.0",
            "attack-declared",
            "ran out of memory",
        );
        eprintln!("a memory bomb with {MEMORY} bytes ended after {took:.1?}: {error}");
        // A fresh instance has room for 256 KiB again: the bombed one was thrown away.
        assert_eq!(
            power_against(&mut registry, "Bloat", &bomb, squad, &at.state),
            Ok(2)
        );
    }
    let error = skip_equals_absent_and_stop_keeps_the_log("bomb", &scenario_text("bomb"));
    assert_error(
        &error,
        "hostile-bomb@0.1.0",
        "attack-declared",
        "ran out of memory",
    );
}

#[test]
fn traps_end_the_call_and_a_fresh_instance_takes_over() {
    let rules = ruleset(OnPluginError::Stop);
    let mut registry = load(&["trap"], &rules).unwrap_or_else(|e| panic!("{e}"));
    let at = position(&scenario_text("trap"), &rules);
    let (squad, tank) = (at.ids["squad"], at.ids["tank"]);
    let counter = ability(tank, "Snap", "count");
    for (parameter, reason) in [
        ("unreachable", "unreachable"),
        ("oob", "out of bounds memory access"),
        ("deep", "call stack exhausted"),
    ] {
        // The instance counts its calls; after the trap a fresh instance counts from 1 again.
        let calls = power_against(&mut registry, "Snap", &counter, squad, &at.state);
        let calls = calls.unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            power_against(&mut registry, "Snap", &counter, squad, &at.state),
            Ok(calls + 1)
        );
        let (error, took) = failing_hook(
            &mut registry,
            "Snap",
            HookPoint::AttackDeclared,
            &ability(squad, "Snap", parameter),
            &attack_event(squad, tank),
            &at.state,
        );
        assert_error(&error, "hostile-trap@0.1.0", "attack-declared", reason);
        eprintln!("Snap {parameter} trapped after {took:.1?}: {error}");
        assert_eq!(
            power_against(&mut registry, "Snap", &counter, squad, &at.state),
            Ok(1),
            "the trapped instance was not replaced"
        );
        // Hooks work again too.
        let calm = registry.call_hook(
            plugin(&registry, "Snap"),
            HookPoint::AttackDeclared,
            &ability(squad, "Snap", "calm"),
            &attack_event(squad, tank),
            &at.state,
        );
        assert_eq!(calm, Ok(Vec::new()));
    }
    let error = skip_equals_absent_and_stop_keeps_the_log("trap", &scenario_text("trap"));
    assert_error(
        &error,
        "hostile-trap@0.1.0",
        "attack-declared",
        "unreachable",
    );
    let error = skip_equals_absent_and_stop_keeps_the_log(
        "trap",
        &scenario_text("trap").replace("Snap unreachable", "Snap deep"),
    );
    assert_error(
        &error,
        "hostile-trap@0.1.0",
        "attack-declared",
        "call stack exhausted",
    );
}

#[test]
fn a_panic_is_reported_with_its_hook_and_the_plugin_keeps_answering() {
    let rules = ruleset(OnPluginError::Stop);
    let mut registry = load(&["panic"], &rules).unwrap_or_else(|e| panic!("{e}"));
    let at = position(&scenario_text("panic"), &rules);
    let (squad, tank) = (at.ids["squad"], at.ids["tank"]);
    let (error, _) = failing_hook(
        &mut registry,
        "Tantrum",
        HookPoint::AttackRoll,
        &ability(squad, "Tantrum", "roll"),
        &attack_event(squad, tank),
        &at.state,
    );
    assert_error(&error, "hostile-panic@0.1.0", "attack-roll", "panic");
    eprintln!("a panicking hook: {error}");
    let error = power_against(
        &mut registry,
        "Tantrum",
        &ability(tank, "Tantrum", "query"),
        squad,
        &at.state,
    )
    .unwrap_err();
    assert_error(&error, "hostile-panic@0.1.0", "power-against", "panic");
    assert_eq!(
        power_against(
            &mut registry,
            "Tantrum",
            &ability(tank, "Tantrum", "calm"),
            squad,
            &at.state
        ),
        Ok(0)
    );
    let error = skip_equals_absent_and_stop_keeps_the_log("panic", &scenario_text("panic"));
    assert_error(&error, "hostile-panic@0.1.0", "attack-roll", "panic");
}

#[test]
fn effects_on_a_unit_that_does_not_exist_are_refused_whole() {
    let text = scenario_text("cheat");
    // Cheat ghost proposes a legal Force gain and a prevention on unit 4040: the skipping game
    // must not even gain the Force, so that it equals the game without the ability.
    let error = skip_equals_absent_and_stop_keeps_the_log("cheat", &text);
    assert_error(
        &error,
        "hostile-cheat@0.1.0",
        "damage-pending",
        "invalid effect Prevent { unit: 4040, amount: 1 }",
    );
    let error = skip_equals_absent_and_stop_keeps_the_log(
        "cheat",
        &text.replace("Cheat ghost", "Cheat ghost-stats"),
    );
    assert_error(
        &error,
        "hostile-cheat@0.1.0",
        "damage-pending",
        "unit 4040 does not exist",
    );
}

#[test]
fn an_activation_that_prevents_more_than_the_amount_chosen_is_refused() {
    let text = scenario_text("cheat").replace("Cheat ghost", "Cheat greedy").replace(
        "\n[expect.unit.tank]",
        "\n[[act]]\nside = \"light\"\nuse = { unit = \"tank\", ability = \"Cheat\", target = \"tank\", amount = 1 }\n\n[expect.unit.tank]",
    );
    let error = skip_equals_absent_and_stop_keeps_the_log("cheat", &text);
    assert_error(
        &error,
        "hostile-cheat@0.1.0",
        "activate",
        "more than the amount chosen",
    );
    // The failed activation is undone whole, its cost included: the log keeps the failure,
    // not the activation, and the damage is not prevented.
    let skip = ruleset(OnPluginError::Skip);
    let mut registry = load(&["cheat"], &skip).unwrap_or_else(|e| panic!("{e}"));
    let played = play(&text, &mut registry, &skip);
    assert_eq!(played.unused_acts, 0);
    assert!(
        !played
            .log
            .events()
            .any(|e| matches!(e, Event::Activated { .. }))
    );
    assert!(
        played
            .log
            .events()
            .any(|e| matches!(e, Event::PluginError { message } if message.contains("more than the amount chosen")))
    );
    assert_eq!(played.state.units[&played.ids["tank"]].damage, 3);
}

#[test]
fn a_plugin_for_api_0_9_is_refused() {
    let error = load(&["old-api"], &ruleset(OnPluginError::Stop)).err();
    let error = error.expect("a plugin for API ^0.9 was loaded");
    // The host's version is read, not written here, so that a new API version needs no edit.
    let expected = format!(
        "plugin hostile-old-api@0.1.0 supports API ^0.9, but this host implements {}",
        swtcg_plugin_api::api_version_string()
    );
    assert!(error.contains(&expected), "{error}");
    assert!(error.contains("old-api/keyword.toml"), "{error}");
    eprintln!("{error}");
}

#[test]
fn a_manifest_whose_sha256_does_not_match_is_refused() {
    let error = load(&["sha-mismatch"], &ruleset(OnPluginError::Stop)).err();
    let error = error.expect("a wasm with the wrong sha256 was loaded");
    let actual = sha256_hex(&staged_wasm("sha-mismatch"));
    assert!(
        error.contains(&format!(
            "plugin hostile-sha-mismatch@0.1.0: the wasm's sha256 is {actual}, but the manifest says {}",
            "0".repeat(64)
        )),
        "{error}"
    );
    eprintln!("{error}");
}

#[test]
fn a_second_plugin_claiming_a_keyword_is_refused_and_the_first_keeps_working() {
    let rules = ruleset(OnPluginError::Stop);
    let mut registry = load(&["twin"], &rules).unwrap_or_else(|e| panic!("{e}"));
    let error = add(&mut registry, "twin-rival", &rules).unwrap_err();
    assert!(
        error.contains(
            "plugin hostile-twin-rival@0.1.0 claims the keyword twin, already implemented by plugin hostile-twin@0.1.0"
        ),
        "{error}"
    );
    assert!(error.contains("twin/keyword.toml"), "{error}");
    eprintln!("{error}");
    // Nothing of the refused plugin was registered, not even its own name.
    assert_eq!(registry.plugins().len(), 1);
    assert_eq!(registry.plugin_for("Doppel"), None);
    let at = position(&scenario_text("loop"), &rules);
    let (squad, tank) = (at.ids["squad"], at.ids["tank"]);
    assert_eq!(
        power_against(
            &mut registry,
            "Twin",
            &ability(tank, "Twin", ""),
            squad,
            &at.state
        ),
        Ok(1)
    );
}

/// How many mutated plugins the corrupt-wasm test compiles.
const MUTATIONS: u64 = 200;

#[test]
fn random_truncated_and_mutated_wasm_is_refused_without_a_panic() {
    let error = load(&["corrupt"], &ruleset(OnPluginError::Stop)).err();
    let error = error.expect("random bytes were loaded as a plugin");
    assert!(
        error.contains("corrupt/keyword.toml: not a wasm file"),
        "{error}"
    );
    eprintln!("{error}");

    let good = staged_wasm("twin");
    let mut cases: Vec<(String, Vec<u8>, &str)> = vec![
        ("an empty file".into(), Vec::new(), "not a wasm file"),
        (
            "a core module header and noise".into(),
            [b"\0asm\x01\0\0\0".as_slice(), &noise(1, 512)].concat(),
            "the core module is not valid wasm",
        ),
        (
            "a component header and noise".into(),
            [b"\0asm\x0d\0\x01\0".as_slice(), &noise(2, 512)].concat(),
            "compiling the plugin",
        ),
        (
            "half a plugin".into(),
            good[..good.len() / 2].to_vec(),
            "the core module is not valid wasm",
        ),
    ];
    // A real plugin cut short anywhere, and with bytes flipped anywhere: each must compile or
    // fail, never panic. Before the host validated core modules first, wit-component panicked
    // on about one in five of such inputs (a section running past the end of the file).
    for cut in (8..good.len()).step_by(97) {
        cases.push((format!("the first {cut} bytes"), good[..cut].to_vec(), ""));
    }
    for seed in 1..=MUTATIONS {
        let mut bytes = good.clone();
        let flips = noise(seed, 16);
        for pair in flips.chunks(2) {
            let at = (u64::from(pair[0]) * 251 + seed * 7919) as usize % bytes.len();
            bytes[at] ^= pair[1] | 1;
        }
        cases.push((format!("mutation {seed}"), bytes, ""));
    }
    let started = Instant::now();
    let mut refused = 0;
    for (what, bytes, reason) in &cases {
        let outcome = std::panic::catch_unwind(|| runtime().compile(bytes).map(drop));
        match outcome {
            Err(_) => panic!("compiling {what} panicked"),
            Ok(Err(error)) => {
                refused += 1;
                assert!(error.to_string().contains(reason), "{what}: {error}");
            }
            Ok(Ok(())) => assert!(reason.is_empty(), "{what} compiled"),
        }
    }
    eprintln!(
        "{} corrupt inputs, {refused} refused, in {:.1?}",
        cases.len(),
        started.elapsed()
    );
}

#[test]
fn a_plugin_slow_only_sometimes_fails_only_those_calls() {
    let rules = ruleset(OnPluginError::Stop);
    let mut registry = load(&["moody"], &rules).unwrap_or_else(|e| panic!("{e}"));
    let at = position(&scenario_text("moody"), &rules);
    let (odd, even, tank) = (at.ids["odd"], at.ids["even"], at.ids["tank"]);
    let moody = plugin(&registry, "Moody");
    for round in 0..3 {
        let (error, took) = failing_hook(
            &mut registry,
            "Moody",
            HookPoint::AttackDeclared,
            &ability(odd, "Moody", ""),
            &attack_event(odd, tank),
            &at.state,
        );
        assert_error(
            &error,
            "hostile-moody@0.1.0",
            "attack-declared",
            "ran out of fuel",
        );
        if round == 0 {
            eprintln!("Moody with an odd attacker ran out of fuel after {took:.1?}: {error}");
        }
        let answer = registry.call_hook(
            moody,
            HookPoint::AttackDeclared,
            &ability(even, "Moody", ""),
            &attack_event(even, tank),
            &at.state,
        );
        assert_eq!(answer, Ok(vec![Effect::GainForce { amount: 1 }]));
    }

    // In a game, only the odd attacker's call fails: the even one still gains its Force.
    let text = scenario_text("moody");
    let skip = ruleset(OnPluginError::Skip);
    let mut registry = load(&["moody"], &skip).unwrap_or_else(|e| panic!("{e}"));
    let skipped = play(&text, &mut registry, &skip);
    assert!(
        matches!(skipped.result, Ok(Outcome::Stopped)),
        "{:?}",
        skipped.result
    );
    assert_eq!(skipped.unused_acts, 0);
    let failures = plugin_errors(&skipped.log);
    assert_eq!(failures.len(), 1, "{failures:?}");
    assert!(failures[0].contains("ran out of fuel"), "{}", failures[0]);
    let absent = play(&text, &mut NoPlugins, &skip);
    let mut expected = absent.state.clone();
    expected.player_mut(Side::Dark).force += 1;
    assert_eq!(json(&skipped.state), json(&expected));
    assert_eq!(skipped.state.units[&tank].damage, 4);

    let stop = ruleset(OnPluginError::Stop);
    let mut registry = load(&["moody"], &stop).unwrap_or_else(|e| panic!("{e}"));
    let stopped = play(&text, &mut registry, &stop);
    match stopped.result {
        Err(EngineError::Hook(error)) => assert_error(
            &error,
            "hostile-moody@0.1.0",
            "attack-declared",
            "ran out of fuel",
        ),
        other => panic!("{other:?}"),
    }
    assert_eq!(stopped.state.player(Side::Dark).force, 0);
}

#[test]
fn imports_the_host_does_not_provide_are_refused_at_load() {
    let rules = ruleset(OnPluginError::Stop);
    // A core module importing WASI can't even become a component: there is no adapter.
    let error = load(&["wasi"], &rules).err();
    let error = error.expect("a plugin importing WASI was loaded");
    assert!(error.contains("wasi/keyword.toml: "), "{error}");
    assert!(error.contains("wasi_snapshot_preview1"), "{error}");
    eprintln!("{error}");
    // A component importing an interface of its own is refused by the host's linker.
    let error = load(&["phone"], &rules).err();
    let error = error.expect("a plugin importing hostile:evil/net was loaded");
    assert!(
        error.contains("plugin hostile-phone@0.1.0: linking the plugin"),
        "{error}"
    );
    assert!(error.contains("hostile:evil/net"), "{error}");
    eprintln!("{error}");
}

#[test]
fn one_game_survives_every_hostile_plugin_at_once() {
    let skip = ruleset(OnPluginError::Skip);
    let folders = ["bomb", "cheat", "loop", "moody", "panic", "trap"];
    let mut registry = load(&folders, &skip).unwrap_or_else(|e| panic!("{e}"));
    let text = scenario_text("moody")
        .replace(
            "abilities = [\"Moody\"]\n\n[[unit]]\nid = \"even\"",
            "abilities = [\"Moody\", \"Spin hook\", \"Bloat bomb\", \"Snap oob\"]\n\n[[unit]]\nid = \"even\"",
        )
        .replace(
            "health = 9\ncost = 5",
            "health = 9\ncost = 5\nabilities = [\"Cheat ghost\", \"Tantrum query\", \"Spin query\"]",
        )
        .replace(
            "cost = 6\nabilities = [\"Moody\"]",
            "cost = 6\nabilities = [\"Moody\", \"Tantrum roll\", \"Snap deep\"]",
        );
    let started = Instant::now();
    let played = play(&text, &mut registry, &skip);
    let took = started.elapsed();
    assert!(
        matches!(played.result, Ok(Outcome::Stopped)),
        "{:?}",
        played.result
    );
    played
        .state
        .check_conservation()
        .unwrap_or_else(|e| panic!("{e}"));
    let failures = plugin_errors(&played.log);
    eprintln!(
        "one game with every hostile plugin took {took:.1?} and logged {} failures:",
        failures.len()
    );
    for failure in &failures {
        eprintln!("  {failure}");
    }
    for needle in [
        "hostile-moody@0.1.0 failed at attack-declared: ran out of fuel",
        "hostile-loop@0.1.0 failed at attack-declared: ran out of fuel",
        "hostile-loop@0.1.0 failed at power-against: ran out of fuel",
        "hostile-bomb@0.1.0 failed at attack-declared",
        "hostile-trap@0.1.0 failed at attack-declared: trapped: wasm trap: out of bounds memory access",
        "hostile-trap@0.1.0 failed at attack-declared: trapped: wasm trap: call stack exhausted",
        "hostile-panic@0.1.0 failed at attack-roll",
        "hostile-panic@0.1.0 failed at power-against",
        "hostile-cheat@0.1.0 failed at damage-pending: invalid effect",
    ] {
        assert!(
            failures.iter().any(|f| f.contains(needle)),
            "no failure like {needle:?}"
        );
    }
    // The tank still took the dice's damage, and only the even attacker's Moody gained Force.
    assert_eq!(played.state.player(Side::Dark).force, 1);
    assert_eq!(played.state.player(Side::Light).force, 0);
    assert_eq!(played.state.units[&played.ids["tank"]].damage, 4);
}

#[test]
fn the_largest_numbers_a_plugin_may_return_do_not_break_the_host() {
    let skip = ruleset(OnPluginError::Skip);
    for squad in [
        vec!["Overflow stats"],
        vec!["Overflow force", "Overflow force"],
        vec!["Overflow modifier"],
    ] {
        let mut registry = load(&["overflow"], &skip).unwrap_or_else(|e| panic!("{e}"));
        let played = play(&with_abilities(&squad, &[]), &mut registry, &skip);
        assert!(played.result.is_ok(), "{squad:?}: {:?}", played.result);
    }
}

#[test]
fn the_fixture_scenarios_pass_the_conformance_runner_only_when_failures_are_skipped() {
    let cards = CardDb::bundled();
    let resolve = |name: &str| Err(format!("no ruleset {name}"));
    for folder in [
        "bomb", "cheat", "hoard", "loop", "moody", "panic", "snoop", "trap",
    ] {
        let origin = format!("{folder}/scenario.toml");
        let scenario =
            parse_scenario(&origin, &scenario_text(folder)).unwrap_or_else(|e| panic!("{e}"));
        // Skipping the failed calls, the game ends as the scenario expects: as if the failing
        // ability were not there.
        let skip = ruleset(OnPluginError::Skip);
        let mut registry = load(&[folder], &skip).unwrap_or_else(|e| panic!("{e}"));
        let options = RunOptions {
            cards: &cards,
            ruleset: &skip,
            resolve_ruleset: &resolve,
        };
        if let Err(failure) = run_scenario(&scenario, &mut registry, &options) {
            panic!("{origin}: {} {:?}", failure.reason, failure.diff);
        }
        // Stopping, the run fails with the plugin's error, as `swtcg check` would print it.
        let stop = ruleset(OnPluginError::Stop);
        let mut registry = load(&[folder], &stop).unwrap_or_else(|e| panic!("{e}"));
        let options = RunOptions {
            ruleset: &stop,
            ..options
        };
        let failure = run_scenario(&scenario, &mut registry, &options).unwrap_err();
        assert!(
            failure
                .reason
                .starts_with(&format!("plugin hostile-{folder}@0.1.0 failed at ")),
            "{origin}: {}",
            failure.reason
        );
    }
}

#[test]
fn exports_with_the_wrong_signatures_are_refused_at_load() {
    let rules = ruleset(OnPluginError::Stop);
    let error = load(&["crooked"], &rules).err();
    let error = error.expect("a plugin exporting crooked signatures was loaded");
    assert!(
        error
            .contains("plugin hostile-crooked@0.1.0: the plugin does not export the keyword world"),
        "{error}"
    );
    eprintln!("{error}");
}

#[test]
fn a_plugin_finds_no_file_no_environment_and_no_clock() {
    // The module imports nothing that could reach them: no WASI, only the host interfaces.
    let wasm = staged_wasm("snoop");
    assert!(
        !wasm.windows(4).any(|w| w == b"wasi"),
        "the snoop fixture imports WASI"
    );
    let rules = ruleset(OnPluginError::Stop);
    let mut registry = load(&["snoop"], &rules).unwrap_or_else(|e| panic!("{e}"));
    let at = position(&scenario_text("snoop"), &rules);
    let (squad, tank) = (at.ids["squad"], at.ids["tank"]);
    let snoop = plugin(&registry, "Snoop");
    // Files and folders: std on wasm32-unknown-unknown has none, so the plugin finds nothing
    // and proposes nothing.
    for parameter in ["file", "dir"] {
        let before = json(&at.state);
        let answer = registry.call_hook(
            snoop,
            HookPoint::AttackDeclared,
            &ability(squad, "Snoop", parameter),
            &attack_event(squad, tank),
            &at.state,
        );
        assert_eq!(answer, Ok(Vec::new()), "Snoop {parameter} found something");
        assert_eq!(json(&at.state), before);
    }
    // The environment and the clocks do not exist either: asking for them traps, and the error
    // names plugin and hook.
    for parameter in ["env", "clock", "instant"] {
        let (error, _) = failing_hook(
            &mut registry,
            "Snoop",
            HookPoint::AttackDeclared,
            &ability(squad, "Snoop", parameter),
            &attack_event(squad, tank),
            &at.state,
        );
        assert_error(&error, "hostile-snoop@0.1.0", "attack-declared", "");
        eprintln!("Snoop {parameter}: {error}");
    }
    let error = skip_equals_absent_and_stop_keeps_the_log("snoop", &scenario_text("snoop"));
    assert_error(&error, "hostile-snoop@0.1.0", "attack-declared", "trapped");
}

#[test]
fn huge_records_are_refused_by_the_hosts_limits() {
    let rules = ruleset(OnPluginError::Stop);
    let mut registry = load(&["hoard"], &rules).unwrap_or_else(|e| panic!("{e}"));
    let at = position(&scenario_text("hoard"), &rules);
    let (squad, tank) = (at.ids["squad"], at.ids["tank"]);

    // A 512 KB error message is cut before it reaches the log.
    let (error, _) = failing_hook(
        &mut registry,
        "Hoard",
        HookPoint::AttackDeclared,
        &ability(squad, "Hoard", "error"),
        &attack_event(squad, tank),
        &at.state,
    );
    assert_error(
        &error,
        "hostile-hoard@0.1.0",
        "attack-declared",
        "524288 bytes in all",
    );
    assert!(error.reason.len() < 1_000, "{} bytes", error.reason.len());

    // Too many effects, a counter kind of 100 KB and a granted text of 120 KB: each call is
    // refused whole, and the game goes on as if the ability were not there (or stops, keeping
    // its log).
    for (parameter, reason) in [
        (
            "effects",
            "proposed 1000 effects, more than the 64 one call may",
        ),
        ("counters", "a counter kind must have 1 to 64 characters"),
        ("grant", "a granted ability must be printed text"),
    ] {
        let text = scenario_text("hoard").replace("Hoard effects", &format!("Hoard {parameter}"));
        let error = skip_equals_absent_and_stop_keeps_the_log("hoard", &text);
        assert_error(&error, "hostile-hoard@0.1.0", "attack-declared", reason);
    }

    // 1,000 granted abilities are refused; the game is the one without the grant.
    let text = scenario_text("hoard").replace("Hoard effects", "Hoard granted");
    let skip = ruleset(OnPluginError::Skip);
    let mut registry = load(&["hoard"], &skip).unwrap_or_else(|e| panic!("{e}"));
    let started = Instant::now();
    let skipped = play(&text, &mut registry, &skip);
    let took = started.elapsed();
    let absent = play(&text, &mut NoPlugins, &skip);
    assert!(
        matches!(skipped.result, Ok(Outcome::Stopped)),
        "{:?}",
        skipped.result
    );
    assert_eq!(json(&skipped.state), json(&absent.state));
    let failures = plugin_errors(&skipped.log);
    assert!(
        failures.iter().all(|f| f.contains(
            "plugin hostile-hoard@0.1.0 failed at granted-abilities: granted 1000 abilities"
        )),
        "{failures:?}"
    );
    assert!(!failures.is_empty());
    eprintln!(
        "a game whose plugin grants 1,000 abilities took {took:.1?} ({} refusals)",
        failures.len()
    );
}
