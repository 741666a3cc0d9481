//! `swtcg bench`: measures in one run, side by side, what the wasm sandbox costs against native
//! builds of the same plugins (and a built-in Rust keyword): hook dispatch, complete self-play
//! games, loading the bundled plugins, and memory. Prints each figure with its ratio, or one JSON
//! object with `--json`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use anyhow::anyhow;
use clap::Args;
use serde_json::{Value, json};
use swtcg_engine::plugins::{AbiPath, Registry, WasmRuntime};
use swtcg_engine::{AbilityHost, CardDef, Game, GameState, NoPlugins, Ruleset, Seats, Watched};
use swtcg_plugin_api::HookPoint;

use crate::bundled::BUNDLED;

/// The workloads, shared with the criterion benches of the engine.
#[path = "../../engine/benches/workload/mod.rs"]
mod workload;

use workload::{Ai, BENCH_HOOK, BuiltinCriticalHit, Played, WORKLOADS};

#[derive(Args)]
pub struct BenchArgs {
    /// Complete self-play games per plugin path (wasm, native, none), the same seeds for each.
    #[arg(long, default_value_t = 200)]
    games: u64,
    /// The first seed; games use seeds `seed..seed + games`.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// A short run with few repetitions per figure, for a quick look or a test: the figures are
    /// noisier.
    #[arg(long)]
    quick: bool,
    /// Print `{"selfplay": {"wasm_over_native": R, ...}, "workloads": [{"workload":
    /// "seed-greedy", ...}, ...], "hooks": {...}, "load": {...}, "memory": {...}}` instead of
    /// the table. Figures that were not measured are null.
    #[arg(long)]
    json: bool,
    /// A folder of native builds of the bundled plugins (`cargo build --release --manifest-path
    /// plugins/Cargo.toml`, then plugins/target/release) to compare the wasm path with; without
    /// it the native figures and ratios are null.
    #[arg(long, value_name = "DIR")]
    native: Option<PathBuf>,
    /// Complete games per plugin path of each self-play workload (seed, keyword and plain decks,
    /// greedy and random players).
    #[arg(long, default_value_t = 40)]
    workload_games: u64,
    /// Threads of the all-cores simulation; default: every core.
    #[arg(long)]
    threads: Option<usize>,
    /// Measure only these parts (the others are null); loading then goes through the usual
    /// compile cache. For profiling one part.
    #[arg(long, value_enum, value_delimiter = ',')]
    only: Vec<Part>,
}

/// The parts of a benchmark run.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Part {
    Selfplay,
    Workloads,
    Hooks,
    Load,
    Memory,
}

/// Counts heap allocations while `COUNTING` is on, for the bytes of a state clone, the
/// allocations of a game and the peak heap a game uses. Off, it costs one relaxed load per call.
struct CountingAlloc;

static COUNTING: AtomicBool = AtomicBool::new(false);
static ALLOCATED: AtomicU64 = AtomicU64::new(0);
static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);
/// Bytes allocated and not yet freed since counting started, and the most there were.
static LIVE: AtomicI64 = AtomicI64::new(0);
static PEAK: AtomicI64 = AtomicI64::new(0);

fn count_alloc(size: usize) {
    ALLOCATED.fetch_add(size as u64, Ordering::Relaxed);
    ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
    let live = LIVE.fetch_add(size as i64, Ordering::Relaxed) + size as i64;
    PEAK.fetch_max(live, Ordering::Relaxed);
}

// SAFETY: every call is passed to the system allocator unchanged; only counters are added.
unsafe impl std::alloc::GlobalAlloc for CountingAlloc {
    unsafe fn alloc(&self, layout: std::alloc::Layout) -> *mut u8 {
        if COUNTING.load(Ordering::Relaxed) {
            count_alloc(layout.size());
        }
        // SAFETY: the caller's layout is handed on as is.
        unsafe { std::alloc::System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: std::alloc::Layout) {
        if COUNTING.load(Ordering::Relaxed) {
            LIVE.fetch_sub(layout.size() as i64, Ordering::Relaxed);
        }
        // SAFETY: `ptr` came from `System.alloc` with this layout.
        unsafe { std::alloc::System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: std::alloc::Layout, size: usize) -> *mut u8 {
        if COUNTING.load(Ordering::Relaxed) {
            LIVE.fetch_sub(layout.size() as i64, Ordering::Relaxed);
            count_alloc(size);
        }
        // SAFETY: as for `dealloc`; the new size is the caller's.
        unsafe { std::alloc::System.realloc(ptr, layout, size) }
    }
}

#[global_allocator]
static GLOBAL: CountingAlloc = CountingAlloc;

/// What `f` allocated: bytes, allocations, and the most bytes it held at once (freeing what it
/// did not allocate counts as negative, so memory freed from before is not counted).
fn counted<R>(f: impl FnOnce() -> R) -> (R, u64, u64, u64) {
    ALLOCATED.store(0, Ordering::SeqCst);
    ALLOCATIONS.store(0, Ordering::SeqCst);
    LIVE.store(0, Ordering::SeqCst);
    PEAK.store(0, Ordering::SeqCst);
    COUNTING.store(true, Ordering::SeqCst);
    let result = f();
    COUNTING.store(false, Ordering::SeqCst);
    (
        result,
        ALLOCATED.load(Ordering::SeqCst),
        ALLOCATIONS.load(Ordering::SeqCst),
        PEAK.load(Ordering::SeqCst).max(0) as u64,
    )
}

/// The two registries compared: the bundled wasm plugins and, if given, their native builds.
struct Hosts {
    wasm: Registry,
    native: Option<Registry>,
}

pub fn run(args: BenchArgs) -> anyhow::Result<ExitCode> {
    let decks = workload::keyword_decks().map_err(|e| anyhow!("the keyword decks: {e}"))?;
    let wanted = |part: Part| args.only.is_empty() || args.only.contains(&part);
    // The compile cache of the run: a new one, empty for the cold start and warm after it, or
    // the usual one when loading is not measured.
    let temporary = std::env::temp_dir().join(format!("swtcg-bench-cache-{}", std::process::id()));
    let cache = match wanted(Part::Load) {
        true => temporary.clone(),
        false => crate::compile_cache::cache_dir().unwrap_or_else(|| temporary.clone()),
    };
    let result = measure(&args, &decks, &cache, wanted);
    let _ = std::fs::remove_dir_all(&temporary);
    let report = result?;
    if args.json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        print_table(&report);
    }
    Ok(ExitCode::SUCCESS)
}

/// Every wanted figure, as the JSON report.
fn measure(
    args: &BenchArgs,
    decks: &[Vec<Arc<CardDef>>; 2],
    cache: &Path,
    wanted: impl Fn(Part) -> bool,
) -> anyhow::Result<Value> {
    let (load, mut hosts) = if wanted(Part::Load) {
        measure_load(cache, args.native.as_deref())?
    } else {
        let hosts = Hosts {
            wasm: load_wasm(cache)?,
            native: args.native.as_deref().map(load_native).transpose()?,
        };
        (Value::Null, hosts)
    };
    let selfplay = match wanted(Part::Selfplay) {
        true => {
            let seeds = args.seed..args.seed + args.games.max(1);
            measure_games(args, &mut hosts, decks, Ai::Random, seeds)?
        }
        false => Value::Null,
    };
    let workloads = match wanted(Part::Workloads) {
        true => measure_workloads(args, &mut hosts)?,
        false => Value::Null,
    };
    let hooks = match wanted(Part::Hooks) {
        true => measure_hooks(args, &mut hosts)?,
        false => Value::Null,
    };
    let memory = match wanted(Part::Memory) {
        true => measure_memory(args, &mut hosts, decks, cache)?,
        false => Value::Null,
    };
    Ok(json!({
        "machine": { "cores": cores(), "quick": args.quick },
        "selfplay": selfplay,
        "workloads": workloads,
        "hooks": hooks,
        "load": load,
        "memory": memory,
    }))
}

fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// `a / b`, or null when either is missing.
fn ratio(a: Option<f64>, b: Option<f64>) -> Value {
    match (a, b) {
        (Some(a), Some(b)) if b > 0.0 => json!(round(a / b, 3)),
        _ => Value::Null,
    }
}

fn round(x: f64, digits: i32) -> f64 {
    let scale = 10f64.powi(digits);
    (x * scale).round() / scale
}

fn millis(d: Duration) -> f64 {
    round(d.as_secs_f64() * 1e3, 2)
}

// ----- loading -----

/// Loads every bundled wasm plugin into a registry through the compile cache in `cache`.
fn load_wasm(cache: &Path) -> anyhow::Result<Registry> {
    let ruleset = Ruleset::default();
    let runtime = WasmRuntime::new()?;
    let mut registry = Registry::new();
    for found in crate::plugins::bundled()? {
        let what = format!("bundled plugin {}", found.manifest.id);
        let limits = (ruleset.plugin_memory, ruleset.plugin_fuel);
        crate::plugins::add_wasm(&mut registry, &runtime, found, &what, Some(cache), limits)?;
    }
    Ok(registry)
}

fn load_native(dir: &Path) -> anyhow::Result<Registry> {
    crate::plugins::load(&crate::plugins::Load {
        overrides: &[],
        dirs: &[],
        ruleset: &Ruleset::default(),
        use_cache: false,
        native: Some(dir),
        abi: AbiPath::Core,
        lock: None,
    })
}

/// Cold start (empty compile cache), warm start (the cache the cold start filled) and the
/// native load, each of every bundled plugin.
fn measure_load(cache: &Path, native: Option<&Path>) -> anyhow::Result<(Value, Hosts)> {
    let _ = std::fs::remove_dir_all(cache);
    let start = Instant::now();
    drop(load_wasm(cache)?);
    let cold = start.elapsed();
    // The best of three warm starts: the first may still wait for the disk.
    let mut warm = Duration::MAX;
    let mut wasm = None;
    for _ in 0..3 {
        let start = Instant::now();
        let registry = load_wasm(cache)?;
        warm = warm.min(start.elapsed());
        wasm = Some(registry);
    }
    let wasm = wasm.ok_or_else(|| anyhow!("no registry was loaded"))?;
    let (native, native_time) = match native {
        Some(dir) => {
            let start = Instant::now();
            let registry = load_native(dir)?;
            (Some(registry), Some(start.elapsed()))
        }
        None => (None, None),
    };
    let figures = json!({
        "plugins": BUNDLED.len(),
        "cold_ms": millis(cold),
        "warm_ms": millis(warm),
        "native_ms": native_time.map(millis),
    });
    Ok((figures, Hosts { wasm, native }))
}

// ----- self-play -----

/// Plays `seeds` on `host` and returns what was played and how long it took.
fn timed_games(
    host: &mut dyn AbilityHost,
    decks: &[Vec<Arc<CardDef>>; 2],
    seeds: std::ops::Range<u64>,
    ai: Ai,
) -> anyhow::Result<(Played, Duration)> {
    let start = Instant::now();
    let played = workload::play_games_by(host, decks, seeds, ai).map_err(anyhow::Error::msg)?;
    Ok((played, start.elapsed()))
}

/// Every self-play workload, each over `--workload-games` seeds from `--seed`, with the ratios
/// the performance targets name: greedy self-play of the seed decks against the plain decks.
/// The workloads take turns in rounds of a few games (each round on every path), so that a
/// change of speed on the machine, which moves single runs here by half, falls on the seed and
/// the plain decks alike and leaves their ratio alone.
fn measure_workloads(args: &BenchArgs, hosts: &mut Hosts) -> anyhow::Result<Value> {
    let games = if args.quick {
        3
    } else {
        args.workload_games.max(1)
    };
    let seeds = args.seed..args.seed + games;
    let mut timings = Vec::new();
    for workload in WORKLOADS {
        let decks = workload
            .resolve()
            .map_err(|e| anyhow!("the decks of workload {}: {e}", workload.name()))?;
        timings.push((workload, Timing::warmed(hosts, decks, workload.ai)?));
    }
    let chunk = if args.quick { games } else { 10.min(games) };
    let mut first = seeds.start;
    while first < seeds.end {
        let round = first..(first + chunk).min(seeds.end);
        if !args.json {
            eprintln!(
                "bench: workloads, games {} to {} of each",
                round.start - seeds.start + 1,
                round.end - seeds.start
            );
        }
        for (_, timing) in &mut timings {
            timing.round(hosts, round.clone())?;
        }
        first = round.end;
    }
    let mut entries = Vec::new();
    for (workload, timing) in timings {
        let mut figures = timing.figures(hosts, seeds.clone())?;
        figures["workload"] = json!(workload.name());
        figures["decks"] = json!([workload.lists[0].0, workload.lists[1].0]);
        figures["ai"] = json!(workload.ai.name());
        entries.push(figures);
    }
    let ms = |name: &str| {
        entries
            .iter()
            .find(|e| e["workload"] == name)
            .and_then(|e| e["wasm_ms_per_game"].as_f64())
    };
    Ok(json!({
        "games_per_workload": games,
        "seed_greedy_over_plain_greedy": ratio(ms("seed-greedy"), ms("plain-greedy")),
        "entries": entries,
    }))
}

/// The same seeded games of `ai` on each path. The paths take turns in rounds of a few games so
/// that a change of load on the machine falls on all of them alike.
fn measure_games(
    args: &BenchArgs,
    hosts: &mut Hosts,
    decks: &[Vec<Arc<CardDef>>; 2],
    ai: Ai,
    seeds: std::ops::Range<u64>,
) -> anyhow::Result<Value> {
    let games = seeds.end - seeds.start;
    let chunk = if args.quick { games } else { 10.min(games) };
    let mut timing = Timing::warmed(hosts, decks.clone(), ai)?;
    let mut first = seeds.start;
    while first < seeds.end {
        let round = first..(first + chunk).min(seeds.end);
        timing.round(hosts, round.clone())?;
        first = round.end;
    }
    timing.figures(hosts, seeds)
}

/// The games of one workload played so far on each path, and the time they took.
struct Timing {
    decks: [Vec<Arc<CardDef>>; 2],
    ai: Ai,
    wasm: (Played, Duration),
    native: (Played, Duration),
    none: (Played, Duration),
}

impl Timing {
    /// A workload with nothing timed yet, after one game on the wasm path, so that lazily made
    /// instances and caches are warm.
    fn warmed(hosts: &mut Hosts, decks: [Vec<Arc<CardDef>>; 2], ai: Ai) -> anyhow::Result<Timing> {
        workload::play_games_by(&mut hosts.wasm, &decks, 0..1, ai).map_err(anyhow::Error::msg)?;
        let nothing = (Played::default(), Duration::ZERO);
        Ok(Timing {
            decks,
            ai,
            wasm: nothing,
            native: nothing,
            none: nothing,
        })
    }

    /// Plays `seeds` on every path, one path after the other.
    fn round(&mut self, hosts: &mut Hosts, seeds: std::ops::Range<u64>) -> anyhow::Result<()> {
        let add = |sum: &mut (Played, Duration), (p, t): (Played, Duration)| {
            *sum = (sum.0 + p, sum.1 + t);
        };
        let (decks, ai) = (&self.decks, self.ai);
        add(
            &mut self.wasm,
            timed_games(&mut hosts.wasm, decks, seeds.clone(), ai)?,
        );
        if let Some(registry) = hosts.native.as_mut() {
            add(
                &mut self.native,
                timed_games(registry, decks, seeds.clone(), ai)?,
            );
        }
        add(
            &mut self.none,
            timed_games(&mut NoPlugins, decks, seeds, ai)?,
        );
        Ok(())
    }

    /// The figures of the games played, with the allocations of one game and the plugin calls
    /// of `seeds` (played again, untimed, under a counting watcher).
    fn figures(self, hosts: &mut Hosts, seeds: std::ops::Range<u64>) -> anyhow::Result<Value> {
        let Timing {
            decks,
            ai,
            wasm,
            native,
            none,
        } = self;
        let games = seeds.end - seeds.start;
        let per_sec = |(p, t): (Played, Duration)| -> Option<f64> {
            (p.games > 0).then(|| round(p.games as f64 / t.as_secs_f64(), 1))
        };
        let ms_per_game = |(p, t): (Played, Duration)| -> Option<f64> {
            (p.games > 0).then(|| round(t.as_secs_f64() * 1e3 / p.games as f64, 4))
        };
        let native_ran = hosts.native.is_some();
        let native_time = native_ran.then_some(native.1.as_secs_f64());
        // The allocations of one game on the wasm path.
        let (_, bytes, allocations, _) =
            counted(|| workload::play_games_by(&mut hosts.wasm, &decks, 0..1, ai));
        // The plugin calls the games make, by hook and query.
        let mut counting = Watched::new(&mut hosts.wasm, workload::CallCounts::default());
        workload::play_games_by(&mut counting, &decks, seeds.clone(), ai)
            .map_err(anyhow::Error::msg)?;
        let counts = counting.into_watcher();
        let calls_per_game = counts.total() as f64 / games as f64;
        let by_kind: serde_json::Map<String, Value> = counts
            .calls
            .iter()
            .map(|(name, n)| (name.to_string(), json!(round(*n as f64 / games as f64, 1))))
            .collect();
        Ok(json!({
            "games": games,
            "seeds": [seeds.start, seeds.end - 1],
            "turns_per_game": round(wasm.0.turns as f64 / games as f64, 2),
            "log_entries_per_game": round(wasm.0.entries as f64 / games as f64, 1),
            "decisions_per_game": round(wasm.0.decisions as f64 / games as f64, 1),
            "wasm_games_per_sec": per_sec(wasm),
            "native_games_per_sec": if native_ran { per_sec(native) } else { None },
            "no_plugins_games_per_sec": per_sec(none),
            "wasm_ms_per_game": ms_per_game(wasm),
            "native_ms_per_game": if native_ran { ms_per_game(native) } else { None },
            "no_plugins_ms_per_game": ms_per_game(none),
            "wasm_over_native": ratio(Some(wasm.1.as_secs_f64()), native_time),
            "wasm_over_no_plugins": ratio(Some(wasm.1.as_secs_f64()), Some(none.1.as_secs_f64())),
            // The wasm and native games must be the same games, or the ratio compares nothing.
            "same_games": native_ran.then_some(wasm.0 == native.0),
            "plugin_calls_per_game": round(calls_per_game, 1),
            "plugin_calls_per_game_by_kind": by_kind,
            "wasm_allocations_per_game": allocations,
            "wasm_allocated_kib_per_game": round(bytes as f64 / 1024.0, 1),
        }))
    }
}

// ----- hook dispatch -----

/// Nanoseconds per call of `f`: the best of several batches, so that a batch slowed by another
/// process on the machine does not count.
fn nanos_per(iterations: u64, batches: u32, mut f: impl FnMut()) -> f64 {
    let mut best = f64::MAX;
    for _ in 0..batches {
        let start = Instant::now();
        for _ in 0..iterations {
            f();
        }
        best = best.min(start.elapsed().as_nanos() as f64 / iterations as f64);
    }
    round(best, 1)
}

/// One hook reached on the bench position, as the game loop reaches it (finding the subscribed
/// instances included): nanoseconds per dispatch.
fn dispatch_ns(
    host: &mut dyn AbilityHost,
    instances: usize,
    hook: HookPoint,
    iterations: u64,
    batches: u32,
) -> anyhow::Result<f64> {
    let state = workload::hook_position(instances, false);
    let mut seats = Seats {
        dark: Box::new(swtcg_engine::players::RandomPlayer::new(1)),
        light: Box::new(swtcg_engine::players::RandomPlayer::new(2)),
    };
    let mut game = Game::new(state, workload::bench_header(), host, &mut seats);
    game.reach_hook(hook)?;
    let mut failed = None;
    let ns = nanos_per(iterations, batches, || {
        if let Err(e) = game.reach_hook(hook) {
            failed = Some(e);
        }
    });
    match failed {
        Some(e) => Err(e.into()),
        None => Ok(ns),
    }
}

/// One direct call of the Critical Hit hook that proposes an effect: marshalling the ability
/// and event, the call, one host question and the effect back.
fn call_ns(host: &mut dyn AbilityHost, iterations: u64, batches: u32) -> anyhow::Result<f64> {
    let state = workload::hook_position(1, true);
    let ability = workload::bench_ability(&state);
    let event = workload::bench_event(&state);
    let plugin = host
        .plugin_for("Critical Hit")
        .ok_or_else(|| anyhow!("no Critical Hit plugin is loaded"))?;
    let effects = host.call_hook(plugin, BENCH_HOOK, &ability, &event, &state)?;
    if effects.len() != 1 {
        return Err(anyhow!(
            "Critical Hit proposed {effects:?} on a natural 6, not one effect"
        ));
    }
    Ok(nanos_per(iterations, batches, || {
        let effects = host.call_hook(plugin, BENCH_HOOK, &ability, &event, &state);
        std::hint::black_box(effects).ok();
    }))
}

fn measure_hooks(args: &BenchArgs, hosts: &mut Hosts) -> anyhow::Result<Value> {
    let (iterations, batches) = if args.quick { (200, 3) } else { (20_000, 7) };
    let mut builtin = BuiltinCriticalHit::new();
    let mut figures = serde_json::Map::new();
    // The wasm figures are of the default call path (`AbiPath::Core`); `wasm_component_ns` is
    // the same measure through wasmtime's component boundary, in the same run.
    let one = |wasm: f64, component: f64, native: Option<f64>, builtin: f64| {
        json!({
            "wasm_ns": wasm,
            "wasm_component_ns": component,
            "native_ns": native,
            "builtin_ns": builtin,
            "wasm_over_native": ratio(Some(wasm), native),
            "wasm_over_builtin": ratio(Some(wasm), Some(builtin)),
        })
    };
    let native_call = match hosts.native.as_mut() {
        Some(native) => Some(call_ns(native, iterations, batches)?),
        None => None,
    };
    hosts.wasm.set_abi_path(AbiPath::Component);
    let component_call = call_ns(&mut hosts.wasm, iterations, batches)?;
    hosts.wasm.set_abi_path(AbiPath::Core);
    figures.insert(
        "call".into(),
        one(
            call_ns(&mut hosts.wasm, iterations, batches)?,
            component_call,
            native_call,
            call_ns(&mut builtin, iterations, batches)?,
        ),
    );
    for instances in [0, 1, 10] {
        let n = iterations / (1 + instances as u64 / 2);
        let native = match hosts.native.as_mut() {
            Some(native) => Some(dispatch_ns(native, instances, BENCH_HOOK, n, batches)?),
            None => None,
        };
        hosts.wasm.set_abi_path(AbiPath::Component);
        let component = dispatch_ns(&mut hosts.wasm, instances, BENCH_HOOK, n, batches)?;
        hosts.wasm.set_abi_path(AbiPath::Core);
        figures.insert(
            format!("pop_{instances}"),
            one(
                dispatch_ns(&mut hosts.wasm, instances, BENCH_HOOK, n, batches)?,
                component,
                native,
                dispatch_ns(&mut builtin, instances, BENCH_HOOK, n, batches)?,
            ),
        );
    }
    // A hook no bundled plugin subscribes to, reached with ten keyword units in play.
    let unsubscribed = HookPoint::ALL
        .into_iter()
        .find(|&hook| !hosts.wasm.any_subscribed(hook))
        .ok_or_else(|| anyhow!("every hook has a subscriber"))?;
    figures.insert(
        "unsubscribed".into(),
        json!({
            "hook": unsubscribed.name(),
            "wasm_ns": dispatch_ns(&mut hosts.wasm, 10, unsubscribed, iterations * 10, batches)?,
            "no_plugins_ns": dispatch_ns(&mut NoPlugins, 10, unsubscribed, iterations * 10, batches)?,
        }),
    );
    Ok(Value::Object(figures))
}

// ----- memory -----

/// The process's resident memory now and at its peak since the last `reset_peak`, in KiB
/// (Linux `/proc/self/status`; `None` elsewhere).
fn rss_kib() -> Option<(u64, u64)> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let field = |name: &str| -> Option<u64> {
        status
            .lines()
            .find(|l| l.starts_with(name))?
            .split_whitespace()
            .nth(1)?
            .parse()
            .ok()
    };
    Some((field("VmRSS:")?, field("VmHWM:")?))
}

/// Resets the peak resident memory to the current one (Linux 4.0 and later).
fn reset_peak() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

fn mib(kib: u64) -> f64 {
    round(kib as f64 / 1024.0, 2)
}

fn measure_memory(
    args: &BenchArgs,
    hosts: &mut Hosts,
    decks: &[Vec<Arc<CardDef>>; 2],
    cache: &Path,
) -> anyhow::Result<Value> {
    // The state of a game in progress: the end of a complete game, with units in play.
    let ruleset = Arc::new(Ruleset::default());
    let mut seats = Seats {
        dark: Box::new(swtcg_engine::players::RandomPlayer::new(args.seed)),
        light: Box::new(swtcg_engine::players::RandomPlayer::new(args.seed + 1)),
    };
    let mut game = Game::from_decks(
        decks.clone(),
        args.seed,
        ruleset,
        &mut hosts.wasm,
        &mut seats,
    );
    game.play()?;
    let state: GameState = game.state.clone();
    let log_entries = game.log.entries.len();
    drop(game);
    let (clone, clone_bytes, clone_allocations, _) = counted(|| state.clone());
    drop(clone);
    let clone_ns = nanos_per(if args.quick { 100 } else { 10_000 }, 5, || {
        std::hint::black_box(state.clone());
    });

    // One game on the loaded registry: the most heap it held at once (state, log, decisions,
    // and what the plugin instances grew), and the process's resident memory.
    let (played, _, _, game_peak) =
        counted(|| workload::play_games(&mut hosts.wasm, decks, args.seed..args.seed + 1));
    played.map_err(anyhow::Error::msg)?;
    let after = rss_kib();

    // A simulation on every core: each thread loads its own registry (instances are not shared
    // between threads) from a warm compile cache and plays its share of the games.
    let threads = args.threads.unwrap_or_else(cores).max(1);
    let games = if args.quick {
        args.games.max(1)
    } else {
        args.games.max(threads as u64)
    };
    // Every thread loads from the run's compile cache, warm by now.
    reset_peak();
    let base = rss_kib();
    let start = Instant::now();
    let results: Vec<anyhow::Result<Played>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads as u64)
            .map(|t| {
                scope.spawn(move || -> anyhow::Result<Played> {
                    let mut registry = load_wasm(cache)?;
                    let share = args.seed + t * games / threads as u64
                        ..args.seed + (t + 1) * games / threads as u64;
                    workload::play_games(&mut registry, decks, share).map_err(anyhow::Error::msg)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| Err(anyhow!("a thread panicked")))
            })
            .collect()
    });
    let elapsed = start.elapsed();
    let all = rss_kib();
    let mut played = 0;
    for result in results {
        played += result?.games;
    }
    Ok(json!({
        "state_clone_bytes": clone_bytes + std::mem::size_of::<GameState>() as u64,
        "state_clone_allocations": clone_allocations,
        "state_clone_ns": clone_ns,
        "state_units": state.units.len(),
        "state_cards": state.cards.len(),
        "game_log_entries": log_entries,
        "one_game_heap_peak_kib": round(game_peak as f64 / 1024.0, 1),
        "process_rss_mib": after.map(|(rss, _)| mib(rss)),
        "all_cores_threads": threads,
        "all_cores_games": played,
        "all_cores_games_per_sec": round(played as f64 / elapsed.as_secs_f64(), 1),
        "all_cores_base_mib": base.map(|(rss, _)| mib(rss)),
        "all_cores_peak_mib": all.map(|(_, peak)| mib(peak)),
    }))
}

// ----- the table -----

fn print_table(report: &Value) {
    let f = |v: &Value| match v {
        Value::Null => "-".to_string(),
        Value::Number(n) => n.to_string(),
        other => other.to_string(),
    };
    let s = &report["selfplay"];
    if !s.is_null() {
        print_selfplay(s, &f);
    }
    let w = &report["workloads"];
    if !w.is_null() {
        print_workloads(w, &f);
    }
    let h = &report["hooks"];
    if !h.is_null() {
        print_hooks(h, &f);
    }
    let l = &report["load"];
    if !l.is_null() {
        println!(
            "Loading {} bundled plugins: cold {} ms, warm {} ms, native {} ms",
            l["plugins"],
            f(&l["cold_ms"]),
            f(&l["warm_ms"]),
            f(&l["native_ms"])
        );
    }
    let m = &report["memory"];
    if !m.is_null() {
        print_memory(m, &f);
    }
}

fn print_selfplay(s: &Value, f: &dyn Fn(&Value) -> String) {
    println!(
        "Self-play ({} games, seeds {}..={}, random-legal players, keyword decks):",
        s["games"], s["seeds"][0], s["seeds"][1]
    );
    for (path, key) in [
        ("wasm", "wasm"),
        ("native", "native"),
        ("no plugins", "no_plugins"),
    ] {
        println!(
            "  {path:<11} {:>10} games/s  {:>9} ms/game",
            f(&s[format!("{key}_games_per_sec")]),
            f(&s[format!("{key}_ms_per_game")])
        );
    }
    println!(
        "  wasm/native time {}   wasm/no-plugins time {}   same games: {}",
        f(&s["wasm_over_native"]),
        f(&s["wasm_over_no_plugins"]),
        f(&s["same_games"])
    );
    println!(
        "  {} plugin calls per game {}",
        f(&s["plugin_calls_per_game"]),
        s["plugin_calls_per_game_by_kind"]
    );
}

fn print_workloads(w: &Value, f: &dyn Fn(&Value) -> String) {
    println!(
        "Self-play workloads ({} games each, ms per game; the no-plugins path skips every \
         ability, so it is a floor, not the same games):",
        w["games_per_workload"]
    );
    println!(
        "  {:<16} {:>9} {:>9} {:>11} {:>11} {:>10} {:>10} {:>12}",
        "", "wasm", "native", "no plugins", "wasm/native", "decisions", "calls", "allocations"
    );
    for e in w["entries"].as_array().into_iter().flatten() {
        println!(
            "  {:<16} {:>9} {:>9} {:>11} {:>11} {:>10} {:>10} {:>12}",
            e["workload"].as_str().unwrap_or("?"),
            f(&e["wasm_ms_per_game"]),
            f(&e["native_ms_per_game"]),
            f(&e["no_plugins_ms_per_game"]),
            f(&e["wasm_over_native"]),
            f(&e["decisions_per_game"]),
            f(&e["plugin_calls_per_game"]),
            f(&e["wasm_allocations_per_game"]),
        );
    }
    println!(
        "  seed-greedy / plain-greedy time (wasm): {}",
        f(&w["seed_greedy_over_plain_greedy"])
    );
}

fn print_hooks(h: &Value, f: &dyn Fn(&Value) -> String) {
    println!(
        "Hook dispatch (ns; Critical Hit in the pending damage POP; wasm through the core path, \
         and through wasmtime's component boundary):"
    );
    println!(
        "  {:<26} {:>9} {:>9} {:>9} {:>9} {:>12} {:>13}",
        "", "wasm", "component", "native", "built-in", "wasm/native", "wasm/built-in"
    );
    for (label, key) in [
        ("one call with an effect", "call"),
        ("POP, 0 instances", "pop_0"),
        ("POP, 1 instance", "pop_1"),
        ("POP, 10 instances", "pop_10"),
    ] {
        let r = &h[key];
        println!(
            "  {label:<26} {:>9} {:>9} {:>9} {:>9} {:>12} {:>13}",
            f(&r["wasm_ns"]),
            f(&r["wasm_component_ns"]),
            f(&r["native_ns"]),
            f(&r["builtin_ns"]),
            f(&r["wasm_over_native"]),
            f(&r["wasm_over_builtin"])
        );
    }
    let u = &h["unsubscribed"];
    println!(
        "  unsubscribed hook {} with 10 keyword units: {} ns (no plugins: {} ns)",
        u["hook"], u["wasm_ns"], u["no_plugins_ns"]
    );
}

fn print_memory(m: &Value, f: &dyn Fn(&Value) -> String) {
    println!(
        "Memory: state clone {} bytes in {} allocations ({} ns); one game's heap peak {} KiB \
         (process {} MiB); {} threads peak {} MiB, {} games/s",
        m["state_clone_bytes"],
        m["state_clone_allocations"],
        m["state_clone_ns"],
        f(&m["one_game_heap_peak_kib"]),
        f(&m["process_rss_mib"]),
        m["all_cores_threads"],
        f(&m["all_cores_peak_mib"]),
        f(&m["all_cores_games_per_sec"])
    );
}
