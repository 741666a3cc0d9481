//! Shared by the hostile-plugin tests (`hostile.rs`, `hostile_cascade.rs`): builds the fixture
//! plugins of `tests/fixtures/hostile/` once per test run, stages each as a plugin folder, loads
//! them the way `swtcg --plugins` does, and plays the fixture scenarios directly with `Game`.
//!
//! The fixtures are a cargo workspace of their own, built for `wasm32-unknown-unknown` into
//! `CARGO_TARGET_TMPDIR` (shared by every test binary, so the second build is a no-op). Each is
//! then staged as a plugin folder (`keyword.toml` beside `plugin.wasm`).

// Each test binary uses a part of these helpers.
#![allow(dead_code)]

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};
use std::time::Instant;

use swtcg_engine::conformance::parse_scenario;
use swtcg_engine::conformance::scenario::UnitZone;
use swtcg_engine::conformance::scenario::{Action, ArenaName, Phase, Scenario, SideName, Stop};
use swtcg_engine::decision::{Choice, DecideError, Decider, Decision, DecisionKind};
use swtcg_engine::hooks::{HookError, PluginId};
use swtcg_engine::log::{Event, GameLog, LogEntry, LogHeader};
use swtcg_engine::model::state::TurnStep;
use swtcg_engine::model::{Arena, CardDef, CardSide, GameState, Place, Side, Unit, UnitId};
use swtcg_engine::plugins::wasmtime_free::Compiled;
use swtcg_engine::plugins::{Manifest, Registry, WasmRuntime, sha256_hex};
use swtcg_engine::rng::Dice;
use swtcg_engine::ruleset::{OnPluginError, Ruleset};
use swtcg_engine::{AbilityHost, EngineError, Game, NoPlugins, Outcome, StopAt};

// Building and staging the fixtures.

/// The only target plugins are built for.
pub const WASM_TARGET: &str = "wasm32-unknown-unknown";

/// Each fixture folder and the built module that becomes its `plugin.wasm`; `None` for the
/// folder whose wasm is random bytes. Manifest-only folders reuse the harmless twin.
pub const FOLDERS: [(&str, Option<&str>); 19] = [
    ("bomb", Some("hostile_bomb")),
    ("cascade", Some("hostile_cascade")),
    ("cheat", Some("hostile_cheat")),
    ("corrupt", None),
    ("crooked", Some("hostile_crooked")),
    ("hoard", Some("hostile_hoard")),
    ("loop", Some("hostile_loop")),
    ("moody", Some("hostile_moody")),
    ("old-api", Some("hostile_twin")),
    ("overflow", Some("hostile_overflow")),
    ("panic", Some("hostile_panic")),
    ("phone", Some("hostile_phone")),
    ("sha-mismatch", Some("hostile_twin")),
    ("snoop", Some("hostile_snoop")),
    ("tally", Some("hostile_cascade")),
    ("trap", Some("hostile_trap")),
    ("twin", Some("hostile_twin")),
    ("twin-rival", Some("hostile_twin")),
    ("wasi", Some("hostile_wasi")),
];

/// Environment variables of the outer cargo that must not reach the nested build (the same list
/// as host-cli/build.rs): flags meant for the host, the outer target directory and jobserver.
pub const LEAKY_VARS: &[&str] = &[
    "CARGO_ENCODED_RUSTFLAGS",
    "RUSTFLAGS",
    "CARGO_TARGET_DIR",
    "CARGO_MAKEFLAGS",
    "MAKEFLAGS",
    "MFLAGS",
    "RUSTC_WORKSPACE_WRAPPER",
];

/// Prefixes of the same kind of variables.
pub const LEAKY_PREFIXES: &[&str] = &["CARGO_BUILD_", "CARGO_PROFILE_"];

/// The staged plugin folders, built once per test run.
pub struct Fixtures {
    /// One folder per entry of `FOLDERS`, holding `keyword.toml` and `plugin.wasm`.
    pub staged: PathBuf,
}

/// The fixture workspace in the source tree.
pub fn source_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/hostile")
}

/// The fixtures, built and staged by the first test that needs them.
pub fn fixtures() -> &'static Fixtures {
    static FIXTURES: OnceLock<Result<Fixtures, String>> = OnceLock::new();
    match FIXTURES.get_or_init(build_and_stage) {
        Ok(fixtures) => fixtures,
        Err(message) => panic!("{message}"),
    }
}

/// Builds the fixture workspace and stages one plugin folder per fixture.
pub fn build_and_stage() -> Result<Fixtures, String> {
    let source = source_dir();
    let target = Path::new(env!("CARGO_TARGET_TMPDIR")).join("hostile-fixtures");
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut command = Command::new(&cargo);
    command
        .args(["build", "--release", "--workspace", "--target", WASM_TARGET])
        .arg("--manifest-path")
        .arg(source.join("Cargo.toml"))
        .arg("--target-dir")
        .arg(&target)
        .current_dir(&source);
    for (name, _) in std::env::vars_os() {
        let Some(name) = name.to_str() else { continue };
        if LEAKY_VARS.contains(&name) || LEAKY_PREFIXES.iter().any(|p| name.starts_with(p)) {
            command.env_remove(name);
        }
    }
    let started = Instant::now();
    let output = command
        .output()
        .map_err(|e| format!("cannot run {cargo:?}: {e}"))?;
    if !output.status.success() {
        return Err(format!(
            "building the hostile fixtures failed ({}):\n{}\n(command: {command:?})",
            output.status,
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    eprintln!("built the hostile fixtures in {:.1?}", started.elapsed());

    let built = target.join(WASM_TARGET).join("release");
    let staged = target.join("staged");
    for (folder, module) in FOLDERS {
        let dir = staged.join(folder);
        std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let manifest = source.join(folder).join("keyword.toml");
        let text = std::fs::read(&manifest).map_err(|e| format!("{}: {e}", manifest.display()))?;
        write_atomically(&dir.join("keyword.toml"), &text)?;
        let wasm = match module {
            Some(name) => {
                let path = built.join(format!("{name}.wasm"));
                std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?
            }
            None => noise(0x5eed, 4096),
        };
        write_atomically(&dir.join("plugin.wasm"), &wasm)?;
    }
    Ok(Fixtures { staged })
}

/// Writes a staged file so that a test process running at the same time (another `cargo test`
/// shares the staging folder) reads either the old or the new file, never half of one.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), String> {
    if std::fs::read(path).is_ok_and(|old| old == bytes) {
        return Ok(());
    }
    let partial = path.with_extension(format!("partial-{}", std::process::id()));
    std::fs::write(&partial, bytes)
        .and_then(|()| std::fs::rename(&partial, path))
        .map_err(|e| format!("{}: {e}", path.display()))
}

/// Deterministic random bytes (xorshift64*), so that a failure can be reproduced.
pub fn noise(seed: u64, len: usize) -> Vec<u8> {
    let mut state = seed.max(1);
    (0..len)
        .map(|_| {
            state ^= state >> 12;
            state ^= state << 25;
            state ^= state >> 27;
            (state.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 56) as u8
        })
        .collect()
}

/// The staged wasm of a fixture folder.
pub fn staged_wasm(folder: &str) -> Vec<u8> {
    let path = fixtures().staged.join(folder).join("plugin.wasm");
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

// Loading plugins.

/// The fuel of one plugin call in these tests: a tenth of the default, so that loops end fast.
pub const FUEL: u64 = 1_000_000;

/// The memory of one plugin instance in these tests: half the default, so that bombs end fast.
pub const MEMORY: u64 = 2 << 20;

/// The ruleset of these tests: small fuel and memory, and the given failure policy.
pub fn ruleset(on_plugin_error: OnPluginError) -> Ruleset {
    Ruleset {
        name: "hostile".into(),
        on_plugin_error,
        plugin_fuel: FUEL,
        plugin_memory: MEMORY,
        ..Ruleset::default()
    }
}

/// One runtime for every test, so that compiled fixtures can be shared.
pub fn runtime() -> &'static WasmRuntime {
    static RUNTIME: OnceLock<WasmRuntime> = OnceLock::new();
    RUNTIME.get_or_init(|| WasmRuntime::new().unwrap_or_else(|e| panic!("{e}")))
}

/// Compiles a plugin once per test run (compiling is the slow part of loading).
pub fn compile(wasm: &[u8]) -> Result<Arc<Compiled>, String> {
    static CACHE: OnceLock<Mutex<HashMap<String, Arc<Compiled>>>> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    let key = sha256_hex(wasm);
    if let Some(hit) = cache
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .get(&key)
    {
        return Ok(hit.clone());
    }
    let compiled = Arc::new(runtime().compile(wasm).map_err(|e| e.to_string())?);
    cache
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .insert(key, compiled.clone());
    Ok(compiled)
}

/// Adds a staged fixture folder to a registry the way `swtcg --plugins DIR` does
/// (host-cli/src/plugins.rs): read the manifest and the wasm it names, compile, add. The error
/// is the message the command line would print.
pub fn add(registry: &mut Registry, folder: &str, ruleset: &Ruleset) -> Result<(), String> {
    let dir = fixtures().staged.join(folder);
    let path = dir.join("keyword.toml");
    let origin = path.display().to_string();
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{origin}: {e}"))?;
    let manifest = Manifest::parse(&origin, &text).map_err(|e| e.to_string())?;
    let file = manifest
        .wasm
        .as_ref()
        .map(|w| dir.join(&w.file))
        .ok_or_else(|| format!("{origin}: no [wasm] table"))?;
    let wasm = std::fs::read(&file).map_err(|e| format!("{}: {e}", file.display()))?;
    let compiled = compile(&wasm).map_err(|e| format!("{origin}: {e}"))?;
    registry
        .add(
            runtime(),
            manifest,
            &compiled,
            sha256_hex(&wasm),
            origin,
            (ruleset.plugin_memory, ruleset.plugin_fuel),
        )
        .map_err(|e| e.to_string())
}

/// A registry of the given fixture folders.
pub fn load(folders: &[&str], ruleset: &Ruleset) -> Result<Registry, String> {
    let mut registry = Registry::new();
    for folder in folders {
        add(&mut registry, folder, ruleset)?;
    }
    Ok(registry)
}

/// The plugin implementing a keyword; the keyword must be loaded.
pub fn plugin(registry: &Registry, keyword: &str) -> PluginId {
    registry
        .plugin_for(keyword)
        .unwrap_or_else(|| panic!("no plugin for {keyword}"))
}

// Positions and games.

/// A fixture's scenario file.
pub fn scenario_text(folder: &str) -> String {
    let path = source_dir().join(folder).join("scenario.toml");
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The engine's side of a scenario's side name.
pub fn side_of(side: SideName) -> Side {
    match side {
        SideName::Dark => Side::Dark,
        SideName::Light => Side::Light,
    }
}

/// The engine's arena of a scenario's arena name.
pub fn arena_of(arena: ArenaName) -> Arena {
    match arena {
        ArenaName::Space => Arena::Space,
        ArenaName::Ground => Arena::Ground,
        ArenaName::Character => Arena::Character,
    }
}

/// A scenario's position as a game state, with its unit handles mapped to unit ids. Only what
/// the fixture scenarios use is supported: built units in arenas, Force and scripted dice.
pub struct Position {
    pub scenario: Scenario,
    pub state: GameState,
    pub ids: BTreeMap<String, UnitId>,
}

/// Builds the position of a scenario's text under a ruleset.
pub fn position(text: &str, ruleset: &Ruleset) -> Position {
    let scenario = parse_scenario("scenario.toml", text).unwrap_or_else(|e| panic!("{e}"));
    let mut state = GameState::new(Arc::new(ruleset.clone()), scenario.seed.unwrap_or(0));
    state.dice = Dice::scripted(scenario.dice.clone(), scenario.seed);
    state.turn = 1;
    for (side, setup) in [(Side::Dark, &scenario.dark), (Side::Light, &scenario.light)] {
        state.player_mut(side).force = setup.force.clamp(0, u32::MAX as i64) as u32;
    }
    let mut ids = BTreeMap::new();
    for spec in &scenario.units {
        let side = side_of(spec.side);
        let arena = match spec.arena {
            UnitZone::Space => Arena::Space,
            UnitZone::Ground => Arena::Ground,
            UnitZone::Character => Arena::Character,
            UnitZone::BuildZone | UnitZone::ResourceZone | UnitZone::EventZone => {
                panic!("unit {}: the fixture scenarios use arenas", spec.id)
            }
        };
        let stat = |value: Option<i64>| value.unwrap_or(0) as i32;
        let card_side = match side {
            Side::Dark => CardSide::Dark,
            Side::Light => CardSide::Light,
        };
        let mut def = CardDef::unit(
            &spec.id,
            card_side,
            vec![arena],
            [
                stat(spec.cost),
                stat(spec.speed),
                stat(spec.power),
                stat(spec.health),
            ],
        );
        def.abilities = spec.abilities.clone().unwrap_or_default();
        let card = state.new_card(Arc::new(def), side);
        let id = state.add_unit(Unit {
            damage: spec.damage,
            tapped: spec.tapped,
            ..Unit::new(side, card, Place::Arena(arena))
        });
        ids.insert(spec.id.clone(), id);
    }
    Position {
        scenario,
        state,
        ids,
    }
}

/// A scenario's acts as a decider: attack acts answer the acting unit's decision (and pick it
/// among tied actors), use acts answer a POP with the matching activation; every other
/// decision takes its default (skip or pass).
pub struct Script {
    acts: Vec<(Side, Action)>,
    ids: BTreeMap<String, UnitId>,
    next: usize,
}

impl Script {
    fn id(&self, handle: &str) -> Option<UnitId> {
        self.ids.get(handle).copied()
    }

    /// The option an act picks in a decision, and whether the act is used up by it.
    fn answer(&self, action: &Action, decision: &Decision) -> Option<(usize, bool)> {
        let find = |wanted: &dyn Fn(&Choice) -> bool| decision.options.iter().position(wanted);
        match (&decision.kind, action) {
            (DecisionKind::ChooseActor { .. }, Action::Attack { unit, .. }) => {
                let unit = self.id(unit)?;
                find(&|c| *c == Choice::Actor { unit }).map(|i| (i, false))
            }
            (DecisionKind::Act { unit: acting }, Action::Attack { unit, defender })
                if Some(*acting) == self.id(unit) =>
            {
                let defender = self.id(defender)?;
                find(&|c| *c == Choice::Attack { defender }).map(|i| (i, true))
            }
            (
                DecisionKind::Pop { .. },
                Action::Use {
                    unit,
                    target,
                    amount,
                    ..
                },
            ) => {
                let unit = self.id(unit)?;
                let target = target.as_deref().map(|t| self.id(t));
                find(&|c| {
                    matches!(c, Choice::Activate { unit: u, target: t, amount: a, .. }
                        if *u == unit && a == amount && target.is_none_or(|want| want == *t))
                })
                .map(|i| (i, true))
            }
            _ => None,
        }
    }
}

impl Decider for Script {
    fn decide(&mut self, _state: &GameState, decision: &Decision) -> Result<usize, DecideError> {
        let picked = self
            .acts
            .get(self.next)
            .filter(|(side, _)| *side == decision.player)
            .and_then(|(_, action)| self.answer(action, decision));
        if let Some((index, used)) = picked {
            if used {
                self.next += 1;
            }
            return Ok(index);
        }
        let default = match decision.kind {
            DecisionKind::Act { .. } => Choice::Skip,
            _ => Choice::Pass,
        };
        Ok(decision
            .options
            .iter()
            .position(|c| *c == default)
            .unwrap_or(0))
    }
}

/// How a game went: its final state and log, and how the run ended.
pub struct Played {
    pub state: GameState,
    pub log: GameLog,
    pub result: Result<Outcome, EngineError>,
    /// Acts of the scenario the game never used.
    pub unused_acts: usize,
    /// The unit ids of the scenario's handles.
    pub ids: BTreeMap<String, UnitId>,
}

/// The log header of a fixture game.
pub fn header_for(host: &dyn AbilityHost, ruleset: &Ruleset, seed: u64) -> LogHeader {
    LogHeader::new(
        seed,
        ruleset.clone(),
        [Vec::new(), Vec::new()],
        host.fingerprints(),
    )
}

/// Plays a battle-step scenario with the given abilities, directly with `Game`.
pub fn play(text: &str, host: &mut dyn AbilityHost, ruleset: &Ruleset) -> Played {
    let Position {
        scenario,
        state,
        ids,
    } = position(text, ruleset);
    let step = match scenario.start.phase {
        Phase::Battle => {
            TurnStep::Battle(arena_of(scenario.start.arena.unwrap_or(ArenaName::Space)))
        }
        other => panic!("the fixture scenarios start in a battle step, not {other:?}"),
    };
    let stop = match scenario.start.stop {
        Some(Stop::AttackEnd) => StopAt::AttackEnd,
        Some(Stop::StepEnd) | None => StopAt::StepEnd,
        Some(Stop::PhaseEnd) => StopAt::PhaseEnd,
        Some(Stop::TurnEnd) => StopAt::TurnEnd,
    };
    let header = header_for(host, ruleset, scenario.seed.unwrap_or(0));
    let mut script = Script {
        acts: scenario
            .acts
            .iter()
            .map(|a| (side_of(a.side), a.action.clone()))
            .collect(),
        ids: ids.clone(),
        next: 0,
    };
    let mut game = Game::new(state, header, host, &mut script);
    let result = game.run_from(step, stop);
    let (state, log) = (game.state.into_inner(), game.log);
    Played {
        state,
        log,
        result,
        unused_acts: script.acts.len() - script.next,
        ids,
    }
}

/// The state as the bytes compared by these tests.
pub fn json(state: &GameState) -> String {
    serde_json::to_string(state).unwrap_or_else(|e| panic!("serializing the state: {e}"))
}

/// The messages of the plugin errors of a log.
pub fn plugin_errors(log: &GameLog) -> Vec<String> {
    log.events()
        .filter_map(|event| match event {
            Event::PluginError { message } => Some(message.clone()),
            _ => None,
        })
        .collect()
}

/// Checks that an error names the plugin, the hook or query, and the reason.
pub fn assert_error(error: &HookError, plugin: &str, hook: &str, reason: &str) {
    assert_eq!(error.plugin, plugin, "{error}");
    assert_eq!(error.hook, hook, "{error}");
    assert!(error.reason.contains(reason), "{error}");
    let text = error.to_string();
    assert!(
        text.starts_with(&format!("plugin {plugin} failed at {hook}: ")),
        "{text}"
    );
}

/// Plays a fixture scenario with each failure policy and checks what the ruleset promises.
///
/// With `on_plugin_error = "skip"` the game must end byte-identical to the same game in which
/// no plugin implements the keyword (the printed text stays, so the states can be compared
/// byte for byte), and its log must name each failure. With `"stop"` the game must end with
/// the plugin's error, and its log must be the skipping game's log up to and including the
/// failure. Returns the error the game stopped with.
pub fn skip_equals_absent_and_stop_keeps_the_log(folder: &str, text: &str) -> HookError {
    let skip = ruleset(OnPluginError::Skip);
    let mut registry = load(&[folder], &skip).unwrap_or_else(|e| panic!("{e}"));
    let started = Instant::now();
    let skipped = play(text, &mut registry, &skip);
    let skip_time = started.elapsed();
    let absent = play(text, &mut NoPlugins, &skip);
    assert!(
        matches!(absent.result, Ok(Outcome::Stopped)),
        "{:?}",
        absent.result
    );
    assert!(
        absent
            .log
            .events()
            .any(|e| matches!(e, Event::Attack { .. })),
        "the scenario of {folder} never attacks"
    );
    assert!(
        matches!(skipped.result, Ok(Outcome::Stopped)),
        "{folder}: a skipped failure stopped the game: {:?}",
        skipped.result
    );
    assert_eq!(skipped.unused_acts, 0, "{folder}: acts were never used");
    assert_eq!(
        json(&skipped.state),
        json(&absent.state),
        "{folder}: skipping the failed call changed the game"
    );
    skipped
        .state
        .check_conservation()
        .unwrap_or_else(|e| panic!("{folder}: {e}"));
    let failures = plugin_errors(&skipped.log);
    assert!(!failures.is_empty(), "{folder}: no plugin error was logged");

    let stop = ruleset(OnPluginError::Stop);
    let mut registry = load(&[folder], &stop).unwrap_or_else(|e| panic!("{e}"));
    let stopped = play(text, &mut registry, &stop);
    let error = match stopped.result {
        Err(EngineError::Hook(error)) => error,
        other => panic!("{folder}: the game did not stop with the plugin's error: {other:?}"),
    };
    assert_eq!(error.to_string(), failures[0], "{folder}");
    let kept = stopped.log.entries.len();
    assert!(kept <= skipped.log.entries.len(), "{folder}");
    assert_eq!(
        stopped.log.entries[..],
        skipped.log.entries[..kept],
        "{folder}: the stopped game's log is not the game up to the failure"
    );
    assert!(
        matches!(
            stopped.log.entries.last(),
            Some(LogEntry::Event { event: Event::PluginError { message } }) if *message == failures[0]
        ),
        "{folder}: the stopped game's log does not end with the failure"
    );
    assert!(
        stopped
            .log
            .events()
            .any(|e| matches!(e, Event::Attack { .. })),
        "{folder}: the log lost the attack before the failure"
    );
    eprintln!(
        "{folder}: a skipping game took {skip_time:.1?}; it stopped with: {error} ({kept} log entries kept)"
    );
    error
}
