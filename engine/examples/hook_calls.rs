//! Repeats the `call` figure of `swtcg bench` (one direct call of Critical Hit's `pop-p6` hook
//! that asks the host for the attack and proposes an effect) with only that plugin loaded, so
//! that the call can be profiled under valgrind, which counts instructions repeatably on a
//! loaded machine (the full registry reserves more address space than valgrind allows).
//!
//! ```sh
//! cargo build --release -p swtcg          # builds the plugins for wasm32
//! cargo build --release -p swtcg -p swtcg-engine --example hook_calls
//! W=target/plugins-wasm/wasm32-unknown-unknown/release/swtcg_keyword_critical_hit.wasm
//! valgrind --tool=callgrind target/release/examples/hook_calls $W /tmp/ch.cwasm 0
//! valgrind --tool=callgrind target/release/examples/hook_calls $W /tmp/ch.cwasm 10000
//! valgrind --tool=callgrind target/release/examples/hook_calls $W /tmp/ch.cwasm 10000 component
//! ```
//!
//! The optional last argument is the call path, `core` (the default) or `component`
//! (`AbiPath`); or `pop`, which repeats the `pop_1` figure instead (the pending damage POP reached
//! through the game with one unit with Critical Hit attacking, whose plugin declines, through the
//! core path), `pop-builtin`, the same POP with the built-in Critical Hit as the only host
//! (the engine's own share of the dispatch), or `pop-none`, the `pop_0` figure (the same POP
//! with no unit with Critical Hit: what reaching a POP costs before any instance).
//!
//! Naming `-p swtcg` beside the engine keeps the features of the dependencies those of the
//! `swtcg` build, so that wasmtime is not built a second time (about 20 minutes here). The
//! difference of the two totals over 10,000 is the instructions of one call. The compiled
//! plugin is kept in the given file (compiling under valgrind is slow), under the compile
//! cache's key: a file compiled from another build of the plugin, or for another CPU
//! (valgrind's differs from the machine's), is not loaded but compiled again.

#[path = "../benches/workload/mod.rs"]
mod workload;

use std::process::ExitCode;

use swtcg_engine::players::RandomPlayer;
use swtcg_engine::plugins::{AbiPath, Manifest, Registry, WasmRuntime, sha256_hex};
use swtcg_engine::{AbilityHost, Game, Ruleset, Seats};

/// What the example repeats.
#[derive(Clone, Copy, PartialEq)]
enum Measure {
    /// One direct hook call through this path.
    Call(AbiPath),
    /// The POP reached through the game, with the plugin (`true`) or the built-in keyword, and
    /// with one unit with Critical Hit or none (the `pop_0` figure: the fixed cost of a POP).
    Pop { plugin: bool, instances: usize },
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), String> {
    let args: Vec<String> = std::env::args().collect();
    let (wasm, compiled, calls, measure) = match &args[..] {
        [_, wasm, compiled, calls] => (wasm, compiled, calls, Measure::Call(AbiPath::Core)),
        [_, wasm, compiled, calls, what] => {
            let measure = match what.as_str() {
                "core" => Measure::Call(AbiPath::Core),
                "component" => Measure::Call(AbiPath::Component),
                "pop" => Measure::Pop {
                    plugin: true,
                    instances: 1,
                },
                "pop-builtin" => Measure::Pop {
                    plugin: false,
                    instances: 1,
                },
                "pop-none" => Measure::Pop {
                    plugin: true,
                    instances: 0,
                },
                other => return Err(format!("unknown measure {other:?}")),
            };
            (wasm, compiled, calls, measure)
        }
        _ => {
            return Err("usage: hook_calls CRITICAL_HIT.wasm COMPILED_FILE CALLS \
                 [core|component|pop|pop-builtin|pop-none]"
                .into());
        }
    };
    let abi = match measure {
        Measure::Call(abi) => abi,
        Measure::Pop { .. } => AbiPath::Core,
    };
    let calls: u64 = calls.parse().map_err(|e| format!("CALLS {calls:?}: {e}"))?;
    let wasm = std::fs::read(wasm).map_err(|e| format!("{wasm}: {e}"))?;
    let runtime = WasmRuntime::new().map_err(|e| e.to_string())?;
    // The file starts with the compile cache's key of this plugin and runtime, so that a file
    // compiled from another build of the plugin, or by another engine, is compiled again.
    let key = format!("{}\n", runtime.cache_key(&wasm));
    let cached = std::fs::read(compiled).ok().and_then(|bytes| {
        let rest = bytes.strip_prefix(key.as_bytes())?;
        runtime.load_compiled(rest).ok()
    });
    let component = match cached {
        Some(component) => component,
        None => {
            let bytes = runtime.precompile(&wasm).map_err(|e| e.to_string())?;
            let file = [key.as_bytes(), &bytes].concat();
            std::fs::write(compiled, file).map_err(|e| format!("{compiled}: {e}"))?;
            runtime.load_compiled(&bytes).map_err(|e| e.to_string())?
        }
    };
    let manifest = Manifest::parse("critical-hit/keyword.toml", workload::CRITICAL_HIT_MANIFEST)
        .map_err(|e| e.to_string())?;
    let ruleset = Ruleset::default();
    let mut registry = Registry::new();
    registry
        .add(
            &runtime,
            manifest,
            &component,
            sha256_hex(&wasm),
            "critical-hit".into(),
            (ruleset.plugin_memory, ruleset.plugin_fuel),
        )
        .map_err(|e| e.to_string())?;
    if let Measure::Pop { plugin, instances } = measure {
        registry.set_abi_path(abi);
        let mut builtin = workload::BuiltinCriticalHit::new();
        let host: &mut dyn AbilityHost = if plugin { &mut registry } else { &mut builtin };
        return repeat_pop(host, instances, calls);
    }
    let state = workload::hook_position(1, true);
    let ability = workload::bench_ability(&state);
    let event = workload::bench_event(&state);
    let plugin = registry
        .plugin_for("Critical Hit")
        .ok_or("the plugin is no Critical Hit")?;
    registry.set_abi_path(abi);
    if registry.abi_path(plugin) != Some(abi) {
        return Err(format!("the plugin can't take the {abi:?} path"));
    }
    // The first call gives the ability its key; the calls measured are all alike.
    let effects = registry
        .call_hook(plugin, workload::BENCH_HOOK, &ability, &event, &state)
        .map_err(|e| e.to_string())?;
    if effects.len() != 1 {
        return Err(format!("a natural 6 made {effects:?}, not one effect"));
    }
    let start = std::time::Instant::now();
    for _ in 0..calls {
        let effects = registry.call_hook(plugin, workload::BENCH_HOOK, &ability, &event, &state);
        std::hint::black_box(effects).map_err(|e| e.to_string())?;
    }
    if calls > 0 {
        let ns = start.elapsed().as_nanos() as f64 / calls as f64;
        eprintln!("{calls} calls through the {abi:?} path, {ns:.1} ns each");
    }
    Ok(())
}

/// Reaches the pending damage POP `times` times, as `swtcg bench`'s `pop_1` does (`pop_0` with no
/// instance).
fn repeat_pop(host: &mut dyn AbilityHost, instances: usize, times: u64) -> Result<(), String> {
    let state = workload::hook_position(instances, false);
    let mut seats = Seats {
        dark: Box::new(RandomPlayer::new(1)),
        light: Box::new(RandomPlayer::new(2)),
    };
    let mut game = Game::new(state, workload::bench_header(), host, &mut seats);
    // The first POP gives the ability its key and fills the caches; the rest are all alike.
    game.reach_hook(workload::BENCH_HOOK)
        .map_err(|e| e.to_string())?;
    let start = std::time::Instant::now();
    for _ in 0..times {
        game.reach_hook(workload::BENCH_HOOK)
            .map_err(|e| e.to_string())?;
    }
    if times > 0 {
        let ns = start.elapsed().as_nanos() as f64 / times as f64;
        eprintln!("{times} POPs, {ns:.1} ns each");
    }
    Ok(())
}
