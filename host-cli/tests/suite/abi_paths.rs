//! The two call paths into wasm plugins give the same answers to the same calls: every hook
//! call and query of every scenario and of seeded self-play games is made through the core path
//! (`AbiPath::Core`, the engine's own canonical ABI) and through wasmtime's component boundary
//! (`AbiPath::Component`), and the results compared.

use crate::common;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use swtcg_engine::cards::CardDb;
use swtcg_engine::conformance::{RunOptions, parse_scenario, run_scenario};
use swtcg_engine::hooks::{HookCall, HookError, PluginId, QueryAsked};
use swtcg_engine::plugins::wasmtime_free::Compiled;
use swtcg_engine::plugins::{AbiPath, Manifest, Registry, WasmRuntime, sha256_hex};
use swtcg_engine::{AbilityHost, Ruleset, Watched, Watcher};
use swtcg_plugin_api::{Effect, QueryAnswer};

#[path = "../../../engine/benches/workload/mod.rs"]
mod workload;

/// A bundled plugin: its manifest, its wasm, its crate's library name and its compiled form.
type Plugin = (Manifest, Vec<u8>, String, Compiled);

/// The runtime and every bundled plugin compiled, once for all tests (compiling is the slow
/// part).
fn compiled() -> &'static (WasmRuntime, Vec<Plugin>) {
    static COMPILED: OnceLock<(WasmRuntime, Vec<Plugin>)> = OnceLock::new();
    COMPILED.get_or_init(|| {
        let runtime = WasmRuntime::new().unwrap();
        let plugins = common::plugin_dirs()
            .into_iter()
            .map(|(dir, stem)| {
                let text = std::fs::read_to_string(dir.join("keyword.toml")).unwrap();
                let manifest = Manifest::parse("keyword.toml", &text).unwrap();
                let bytes = std::fs::read(common::wasm_dir().join(format!("{stem}.wasm"))).unwrap();
                let compiled = runtime.compile(&bytes).unwrap();
                assert!(compiled.has_core_path(), "{stem} can't take the core path");
                assert!(
                    compiled.skips_empty_post_return(),
                    "{stem} lacks the guest SDK's promises (its `swtcg-sdk` section)"
                );
                (manifest, bytes, stem, compiled)
            })
            .collect();
        (runtime, plugins)
    })
}

/// Every bundled plugin twice: a registry on each path.
fn registries() -> (Registry, Registry) {
    let (runtime, plugins) = compiled();
    let ruleset = Ruleset::default();
    let (mut core, mut component) = (Registry::new(), Registry::new());
    for (manifest, bytes, stem, compiled) in plugins {
        for registry in [&mut core, &mut component] {
            registry
                .add(
                    runtime,
                    manifest.clone(),
                    compiled,
                    sha256_hex(bytes),
                    stem.clone(),
                    (ruleset.plugin_memory, ruleset.plugin_fuel),
                )
                .unwrap();
        }
    }
    component.set_abi_path(AbiPath::Component);
    for (i, plugin) in core.plugins().iter().enumerate() {
        assert_eq!(core.abi_path(i), Some(AbiPath::Core), "{}", plugin.source);
        assert_eq!(
            component.abi_path(i),
            Some(AbiPath::Component),
            "{}",
            plugin.source
        );
    }
    (core, component)
}

/// Watches the calls made through the core path's registry: makes each again through the
/// component path's, checks that the answers are the same, and counts them.
struct ComponentPath {
    component: Registry,
    hooks: usize,
    queries: usize,
    /// The plugins called at least once.
    called: BTreeSet<PluginId>,
    /// What the scenario or game being run is, for the failure message.
    context: String,
}

impl Watcher for ComponentPath {
    fn hook_called(
        &mut self,
        core: &dyn AbilityHost,
        call: HookCall<'_>,
        answer: &Result<Vec<Effect>, HookError>,
    ) {
        let HookCall {
            plugin,
            hook,
            ability,
            event,
            state,
        } = call;
        let component = self
            .component
            .call_hook(plugin, hook, ability, event, state);
        assert_eq!(
            format!("{answer:?}"),
            format!("{component:?}"),
            "{}: hook {} of {} for {ability:?} at {event:?}",
            self.context,
            hook.name(),
            core.manifest(plugin).id
        );
        self.hooks += 1;
        self.called.insert(plugin);
    }

    fn query_asked(
        &mut self,
        core: &dyn AbilityHost,
        asked: QueryAsked<'_>,
        answer: &Result<QueryAnswer, HookError>,
    ) {
        let QueryAsked {
            plugin,
            ability,
            call,
            state,
        } = asked;
        let component = self.component.query(plugin, ability, call, state);
        assert_eq!(
            format!("{answer:?}"),
            format!("{component:?}"),
            "{}: query {call:?} of {} for {ability:?}",
            self.context,
            core.manifest(plugin).id
        );
        self.queries += 1;
        self.called.insert(plugin);
    }
}

/// The core path's registry, and the watcher that repeats its calls through the component path.
fn both_paths() -> (Registry, ComponentPath) {
    let (core, component) = registries();
    let watcher = ComponentPath {
        component,
        hooks: 0,
        queries: 0,
        called: BTreeSet::new(),
        context: String::new(),
    };
    (core, watcher)
}

/// The scenario files under `dir`, recursively, as `swtcg check` finds them.
fn scenario_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.map(|e| e.unwrap().path()).collect();
    entries.sort();
    for entry in entries {
        let name = entry.file_name().unwrap().to_string_lossy().to_string();
        if entry.is_dir() {
            if name != "target" && name != "rulesets" && !name.starts_with('.') {
                scenario_files(&entry, out);
            }
        } else if name.ends_with(".toml")
            && !["Cargo.toml", "keyword.toml", "card.toml"].contains(&name.as_str())
        {
            out.push(entry);
        }
    }
}

fn resolve_ruleset(dir: &Path, name: &str) -> Result<Ruleset, String> {
    if let Some(ruleset) = Ruleset::builtin(name) {
        return Ok(ruleset);
    }
    let path = dir.join(name);
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    Ruleset::from_toml(&path.display().to_string(), &text).map_err(|e| e.to_string())
}

#[test]
fn every_scenario_gets_the_same_answers_through_both_paths() {
    let (mut core, watcher) = both_paths();
    let mut host = Watched::new(&mut core, watcher);
    let mut files = Vec::new();
    for dir in [
        common::root().join("plugins"),
        common::root().join("engine/scenarios"),
        common::root().join("../shared/conformance/examples"),
    ] {
        scenario_files(&dir, &mut files);
    }
    assert!(files.len() > 500, "only {} scenarios found", files.len());
    let cards = CardDb::bundled();
    let ruleset = Ruleset::default();
    let mut failed = Vec::new();
    for file in &files {
        let name = file.display().to_string();
        let text = std::fs::read_to_string(file).unwrap();
        let scenario = parse_scenario(&name, &text).unwrap();
        let dir = file.parent().unwrap().to_path_buf();
        let resolve = move |name: &str| resolve_ruleset(&dir, name);
        let options = RunOptions {
            cards: &cards,
            ruleset: &ruleset,
            resolve_ruleset: &resolve,
        };
        host.watcher.context = name.clone();
        if let Err(failure) = run_scenario(&scenario, &mut host, &options) {
            failed.push(format!("{name}: {}", failure.reason));
        }
    }
    assert!(
        failed.is_empty(),
        "failed through the core path: {failed:#?}"
    );
    // Hooks and queries were made, and every plugin was called: each has scenarios.
    let seen = host.into_watcher();
    eprintln!("{} hook calls, {} queries", seen.hooks, seen.queries);
    assert!(seen.hooks > 400, "{} hook calls", seen.hooks);
    assert!(seen.queries > 400, "{} queries", seen.queries);
    let silent: Vec<&str> = (0..core.plugins().len())
        .filter(|p| !seen.called.contains(p))
        .map(|p| core.plugins()[p].source.as_str())
        .collect();
    assert!(silent.is_empty(), "plugins never called: {silent:?}");
}

#[test]
fn seeded_games_get_the_same_answers_through_both_paths() {
    let (mut core, watcher) = both_paths();
    let mut host = Watched::new(&mut core, watcher);
    let decks = workload::keyword_decks().unwrap();
    let ruleset = std::sync::Arc::new(Ruleset::default());
    for seed in 0..12 {
        host.watcher.context = format!("seed {seed}");
        workload::play_game(&mut host, &decks, &ruleset, seed).unwrap();
    }
    let seen = host.into_watcher();
    eprintln!("{} hook calls, {} queries", seen.hooks, seen.queries);
    assert!(seen.hooks > 30, "{} hook calls", seen.hooks);
    assert!(seen.queries > 30, "{} queries", seen.queries);
}
