//! The two call paths into wasm plugins give the same answers to the same calls: every hook
//! call and query of every scenario and of seeded self-play games is made through the core path
//! (`AbiPath::Core`, the engine's own canonical ABI) and through wasmtime's component boundary
//! (`AbiPath::Component`), and the results compared.

mod common;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use swtcg_engine::cards::CardDb;
use swtcg_engine::conformance::{RunOptions, parse_scenario, run_scenario};
use swtcg_engine::hooks::{HookError, PluginId};
use swtcg_engine::plugins::wasmtime_free::Compiled;
use swtcg_engine::plugins::{AbiPath, Manifest, Registry, WasmRuntime, sha256_hex};
use swtcg_engine::{AbilityHost, GameState, Ruleset};
use swtcg_plugin_api::{Ability, Effect, HookEvent, HookPoint, Query, QueryAnswer, QueryCall};

#[path = "../../engine/benches/workload/mod.rs"]
mod workload;

/// The core modules host-cli/build.rs built for the bundled components.
fn wasm_dir() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("../plugins-wasm/wasm32-unknown-unknown/release")
}

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
                let bytes = std::fs::read(wasm_dir().join(format!("{stem}.wasm"))).unwrap();
                let compiled = runtime.compile(&bytes).unwrap();
                assert!(compiled.has_core_path(), "{stem} can't take the core path");
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

/// A host that makes every call through both paths, checks that the answers are the same and
/// returns the core path's.
struct BothPaths {
    core: Registry,
    component: Registry,
    hooks: usize,
    queries: usize,
    /// The plugins called at least once.
    called: BTreeSet<PluginId>,
    /// What the scenario or game being run is, for the failure message.
    context: String,
}

impl AbilityHost for BothPaths {
    fn plugin_for(&self, keyword: &str) -> Option<PluginId> {
        self.core.plugin_for(keyword)
    }

    fn manifest(&self, plugin: PluginId) -> &Manifest {
        self.core.manifest(plugin)
    }

    fn keyword_names(&self) -> Vec<String> {
        self.core.keyword_names()
    }

    fn card_plugins(&self) -> Vec<PluginId> {
        self.core.card_plugins()
    }

    fn any_subscribed(&self, hook: HookPoint) -> bool {
        self.core.any_subscribed(hook)
    }

    fn any_answers(&self, query: Query) -> bool {
        self.core.any_answers(query)
    }

    fn call_hook(
        &mut self,
        plugin: PluginId,
        hook: HookPoint,
        ability: &Ability,
        event: &HookEvent,
        state: &GameState,
    ) -> Result<Vec<Effect>, HookError> {
        let core = self.core.call_hook(plugin, hook, ability, event, state);
        let component = self
            .component
            .call_hook(plugin, hook, ability, event, state);
        assert_eq!(
            format!("{core:?}"),
            format!("{component:?}"),
            "{}: hook {} of {} for {ability:?} at {event:?}",
            self.context,
            hook.name(),
            self.core.manifest(plugin).id
        );
        self.hooks += 1;
        self.called.insert(plugin);
        core
    }

    fn query(
        &mut self,
        plugin: PluginId,
        ability: &Ability,
        call: &QueryCall,
        state: &GameState,
    ) -> Result<QueryAnswer, HookError> {
        let core = self.core.query(plugin, ability, call, state);
        let component = self.component.query(plugin, ability, call, state);
        assert_eq!(
            format!("{core:?}"),
            format!("{component:?}"),
            "{}: query {call:?} of {} for {ability:?}",
            self.context,
            self.core.manifest(plugin).id
        );
        self.queries += 1;
        self.called.insert(plugin);
        core
    }

    fn fingerprints(&self) -> Vec<String> {
        self.core.fingerprints()
    }
}

fn both_paths() -> BothPaths {
    let (core, component) = registries();
    BothPaths {
        core,
        component,
        hooks: 0,
        queries: 0,
        called: BTreeSet::new(),
        context: String::new(),
    }
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
    let mut host = both_paths();
    let mut files = Vec::new();
    for dir in [
        common::root().join("plugins"),
        common::root().join("engine/scenarios"),
        PathBuf::from("/work/shared/conformance/examples"),
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
        host.context = name.clone();
        if let Err(failure) = run_scenario(&scenario, &mut host, &options) {
            failed.push(format!("{name}: {}", failure.reason));
        }
    }
    assert!(
        failed.is_empty(),
        "failed through the core path: {failed:#?}"
    );
    // Hooks and queries were made, and every plugin was called: each has scenarios.
    eprintln!("{} hook calls, {} queries", host.hooks, host.queries);
    assert!(host.hooks > 400, "{} hook calls", host.hooks);
    assert!(host.queries > 400, "{} queries", host.queries);
    let silent: Vec<&str> = (0..host.core.plugins().len())
        .filter(|p| !host.called.contains(p))
        .map(|p| host.core.plugins()[p].source.as_str())
        .collect();
    assert!(silent.is_empty(), "plugins never called: {silent:?}");
}

#[test]
fn seeded_games_get_the_same_answers_through_both_paths() {
    let mut host = both_paths();
    let decks = workload::keyword_decks().unwrap();
    let ruleset = std::sync::Arc::new(Ruleset::default());
    for seed in 0..12 {
        host.context = format!("seed {seed}");
        workload::play_game(&mut host, &decks, &ruleset, seed).unwrap();
    }
    eprintln!("{} hook calls, {} queries", host.hooks, host.queries);
    assert!(host.hooks > 30, "{} hook calls", host.hooks);
    assert!(host.queries > 30, "{} queries", host.queries);
}
