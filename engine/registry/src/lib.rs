//! The plugin registry: loads keyword plugins from their manifests and wasm, checks API
//! compatibility, hashes and conflicts, maps printed keywords to plugins, and answers the
//! engine's hooks and queries through them.

pub mod conflicts;
pub mod flags;
pub mod lock;
#[cfg(feature = "native")]
pub mod native;

pub use swtcg_rules::{manifest, view};
pub use swtcg_wasm_host as wasm;

use std::collections::HashMap;

use swtcg_plugin_api::{Ability, Effect, HookEvent, HookPoint, QueryAnswer, QueryCall};

pub use manifest::{Manifest, ManifestError};
pub use swtcg_rules::digest::sha256_hex;
use swtcg_rules::game::ResolvedTexts;
use swtcg_rules::hooks::{AbilityHost, HookError, PluginId};
use swtcg_rules::model::GameState;
use swtcg_rules::reads::Reads;
pub use wasm::{AbiPath, MAX_WASM_BYTES, WasmError, WasmPlugin, WasmRuntime};

/// Why a plugin could not be added to a registry; names the plugin and its source.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{source_name}: {message}")]
pub struct RegistryError {
    /// Where the plugin came from (a manifest path, or `bundled:<dir>`).
    pub source_name: String,
    pub message: String,
}

/// A plugin in the registry.
pub struct LoadedPlugin {
    pub manifest: Manifest,
    /// The sha256 of the wasm the plugin was loaded from.
    pub sha256: String,
    /// Where it came from: `bundled` or a path.
    pub source: String,
    backend: Backend,
}

/// How a plugin runs.
enum Backend {
    /// A sandboxed wasm component.
    Wasm(Box<WasmPlugin>),
    /// A trusted native library (the `native` feature).
    #[cfg(feature = "native")]
    Native(native::NativePlugin),
}

impl Backend {
    fn call_hook(
        &mut self,
        hook: HookPoint,
        ability: &Ability,
        event: &HookEvent,
        state: &GameState,
    ) -> Result<Vec<Effect>, String> {
        match self {
            Backend::Wasm(p) => p.call_hook(hook, ability, event, state),
            #[cfg(feature = "native")]
            Backend::Native(p) => p.call_hook(hook, ability, event, state),
        }
    }

    fn query(
        &mut self,
        ability: &Ability,
        call: &QueryCall,
        state: &GameState,
    ) -> Result<QueryAnswer, String> {
        match self {
            Backend::Wasm(p) => p.query(ability, call, state),
            #[cfg(feature = "native")]
            Backend::Native(p) => p.query(ability, call, state),
        }
    }
}

impl Backend {
    fn query_reading(
        &mut self,
        ability: &Ability,
        call: &QueryCall,
        state: &GameState,
    ) -> Result<(QueryAnswer, Option<Reads>), String> {
        match self {
            Backend::Wasm(p) => p.query_reading(ability, call, state),
            #[cfg(feature = "native")]
            Backend::Native(p) => p.query_reading(ability, call, state),
        }
    }
}

impl LoadedPlugin {
    /// `wasm` or `native`.
    pub fn kind(&self) -> &'static str {
        match self.backend {
            Backend::Wasm(_) => "wasm",
            #[cfg(feature = "native")]
            Backend::Native(_) => "native",
        }
    }
}

/// The loaded plugins, indexed by the keywords they implement.
pub struct Registry {
    plugins: Vec<LoadedPlugin>,
    by_name: HashMap<String, PluginId>,
    /// The keyword names by their confusable skeleton (`manifest::confusable_skeleton`), with
    /// the plugin implementing each.
    by_skeleton: HashMap<String, (PluginId, String)>,
    subscribed: Vec<bool>,
    /// Whether some plugin answers each query, by its place in `Query::ALL`.
    answered: Vec<bool>,
    /// The printed texts resolved to these plugins by the games played so far; cleared when
    /// the plugins or their limits change.
    resolved_texts: ResolvedTexts,
}

impl Default for Registry {
    fn default() -> Self {
        Registry::new()
    }
}

impl Registry {
    pub fn new() -> Registry {
        Registry {
            plugins: Vec::new(),
            by_name: HashMap::new(),
            by_skeleton: HashMap::new(),
            subscribed: vec![false; HookPoint::ALL.len()],
            answered: vec![false; swtcg_plugin_api::Query::ALL.len()],
            resolved_texts: ResolvedTexts::default(),
        }
    }

    /// The plugins in load order.
    pub fn plugins(&self) -> &[LoadedPlugin] {
        &self.plugins
    }

    /// The keyword flags the loaded plugins declare.
    pub fn declared_flags(&self) -> flags::DeclaredFlags {
        flags::DeclaredFlags::new(self.plugins.iter().map(|p| &p.manifest))
    }

    /// Sets the fuel per call at the named hook points and queries for every wasm plugin (the
    /// ruleset's `hook_fuel`); native plugins run unmetered.
    pub fn set_call_fuel(&mut self, fuel: &std::collections::BTreeMap<String, u64>) {
        // Less fuel may fail an `understands` that succeeded.
        self.resolved_texts.clear();
        for plugin in &mut self.plugins {
            match &mut plugin.backend {
                Backend::Wasm(wasm) => wasm.set_call_fuel(fuel.clone()),
                #[cfg(feature = "native")]
                Backend::Native(_) => {}
            }
        }
    }

    /// Adds a plugin: checks that no loaded plugin has its id, that it supports this host's API,
    /// that its wasm matches the manifest's sha256 when one is given, and that no loaded plugin
    /// claims its keyword or an alias; then instantiates it. To let a plugin replace another
    /// (its keyword, or the plugin of the same id), callers load the replacement first and skip
    /// the plugin it replaces.
    pub fn add(
        &mut self,
        runtime: &WasmRuntime,
        manifest: Manifest,
        component: &wasmtime_free::Compiled,
        sha256: String,
        source: String,
        limits: (u64, u64),
    ) -> Result<(), RegistryError> {
        self.check(&manifest, &source)?;
        let label = format!("{}@{}", manifest.id, manifest.version);
        let fail = |message: String| RegistryError {
            source_name: source.clone(),
            message,
        };
        if let Some(expected) = manifest.wasm.as_ref().and_then(|w| w.sha256.as_ref())
            && !expected.eq_ignore_ascii_case(&sha256)
        {
            return Err(fail(format!(
                "plugin {label}: the wasm's sha256 is {sha256}, but the manifest says {expected}"
            )));
        }
        let (memory, fuel) = limits;
        let backend = runtime
            .instantiate(component, memory, fuel)
            .map_err(|e| fail(format!("plugin {label}: {e}")))?;
        self.register(manifest, sha256, source, Backend::Wasm(Box::new(backend)));
        Ok(())
    }

    /// Chooses the call path of every wasm plugin of the newest API (see `AbiPath`).
    pub fn set_abi_path(&mut self, abi: AbiPath) {
        self.resolved_texts.clear();
        for plugin in &mut self.plugins {
            match &mut plugin.backend {
                Backend::Wasm(wasm) => wasm.set_abi_path(abi),
                #[cfg(feature = "native")]
                Backend::Native(_) => {}
            }
        }
    }

    /// The call path a plugin takes; `None` for a native plugin.
    pub fn abi_path(&self, plugin: PluginId) -> Option<AbiPath> {
        match &self.plugins.get(plugin)?.backend {
            Backend::Wasm(wasm) => Some(wasm.abi_path()),
            #[cfg(feature = "native")]
            Backend::Native(_) => None,
        }
    }

    /// Adds a trusted native plugin (see `native::NativePlugin::load`), with the same checks
    /// of API range and keyword conflicts as `add`.
    #[cfg(feature = "native")]
    pub fn add_native(
        &mut self,
        manifest: Manifest,
        plugin: native::NativePlugin,
        sha256: String,
        source: String,
    ) -> Result<(), RegistryError> {
        self.check(&manifest, &source)?;
        self.register(manifest, sha256, source, Backend::Native(plugin));
        Ok(())
    }

    /// The id, API range and keyword-conflict checks every plugin passes. Every message names
    /// the plugin as `id@version`, like the errors of its calls, and the other plugin's source.
    fn check(&self, manifest: &Manifest, source: &str) -> Result<(), RegistryError> {
        let label = format!("{}@{}", manifest.id, manifest.version);
        let fail = |message: String| RegistryError {
            source_name: source.to_string(),
            message,
        };
        if let Some(other) = self.plugins.iter().find(|p| p.manifest.id == manifest.id) {
            return Err(fail(format!(
                "plugin {label} has the id of plugin {}@{} ({}), already loaded; plugin ids are \
                 unique, since locks, logs and saves name plugins by id",
                other.manifest.id, other.manifest.version, other.source
            )));
        }
        if !manifest.supports_host_api() {
            return Err(fail(format!(
                "plugin {label} supports API {}, but this host implements {}",
                manifest.api,
                swtcg_plugin_api::api_version_string()
            )));
        }
        for name in manifest.names() {
            if let Some(&other) = self.by_name.get(&name.to_ascii_lowercase()) {
                return Err(fail(format!(
                    "plugin {label} claims the keyword {name}, already implemented by plugin {} ({})",
                    self.label(other),
                    self.plugins[other].source
                )));
            }
            if let Some((other, other_name)) =
                self.by_skeleton.get(&manifest::confusable_skeleton(name))
            {
                return Err(fail(format!(
                    "plugin {label} claims the keyword {name} ({}), which looks like the keyword \
                     {other_name} ({}) of plugin {} ({}); keyword names must not be confusable",
                    spelled(name),
                    spelled(other_name),
                    self.label(*other),
                    self.plugins[*other].source
                )));
            }
        }
        Ok(())
    }

    fn register(&mut self, manifest: Manifest, sha256: String, source: String, backend: Backend) {
        // A new plugin may claim a text another resolved (or none did).
        self.resolved_texts.clear();
        let id = self.plugins.len();
        for name in manifest.names() {
            self.by_name.insert(name.to_ascii_lowercase(), id);
            self.by_skeleton
                .insert(manifest::confusable_skeleton(name), (id, name.to_string()));
        }
        for hook in &manifest.hooks {
            self.subscribed[hook.index()] = true;
        }
        for query in &manifest.queries {
            if let Some(i) = swtcg_plugin_api::Query::ALL.iter().position(|q| q == query) {
                self.answered[i] = true;
            }
        }
        self.plugins.push(LoadedPlugin {
            manifest,
            sha256,
            source,
            backend,
        });
    }

    fn label(&self, plugin: PluginId) -> String {
        let m = &self.plugins[plugin].manifest;
        format!("{}@{}", m.id, m.version)
    }
}

/// A backend's reason for a failed call, escaped (`text::escape_controls`) where it becomes a
/// `HookError`: besides a plugin's own message (escaped already) it may quote what the plugin
/// controls, such as the function names of a trap's backtrace.
fn plugin_text(reason: String) -> String {
    match swtcg_rules::text::escape_controls(&reason) {
        std::borrow::Cow::Borrowed(_) => reason,
        std::borrow::Cow::Owned(escaped) => escaped,
    }
}

/// A keyword name with every character outside ASCII written as its code point
/// (`H\u{430}voc`), so that an error about look-alike names shows how they differ.
fn spelled(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_ascii() {
                c.to_string()
            } else {
                format!("\\u{{{:x}}}", u32::from(c))
            }
        })
        .collect()
}

/// A compiled plugin under a name free of wasmtime: the type itself lives in the wasm host
/// (`wasm/compiled.rs`), the only place that names wasmtime's types.
pub mod wasmtime_free {
    pub use swtcg_wasm_host::compiled::Compiled;
}

impl AbilityHost for Registry {
    fn plugin_for(&self, keyword: &str) -> Option<PluginId> {
        self.by_name.get(&keyword.to_ascii_lowercase()).copied()
    }

    fn manifest(&self, plugin: PluginId) -> &Manifest {
        &self.plugins[plugin].manifest
    }

    fn keyword_names(&self) -> Vec<String> {
        self.plugins
            .iter()
            .flat_map(|p| p.manifest.names().map(String::from).collect::<Vec<_>>())
            .collect()
    }

    fn card_plugins(&self) -> Vec<PluginId> {
        (0..self.plugins.len())
            .filter(|&i| self.plugins[i].manifest.kind == manifest::PluginKind::Card)
            .collect()
    }

    fn any_subscribed(&self, hook: HookPoint) -> bool {
        self.subscribed[hook.index()]
    }

    fn any_answers(&self, query: swtcg_plugin_api::Query) -> bool {
        swtcg_plugin_api::Query::ALL
            .iter()
            .position(|q| *q == query)
            .is_some_and(|i| self.answered[i])
    }

    fn call_hook(
        &mut self,
        plugin: PluginId,
        hook: HookPoint,
        ability: &Ability,
        event: &HookEvent,
        state: &GameState,
    ) -> Result<Vec<Effect>, HookError> {
        // The label is made only for an error: a call that succeeds allocates nothing here.
        self.plugins[plugin]
            .backend
            .call_hook(hook, ability, event, state)
            .map_err(|reason| HookError {
                plugin: self.label(plugin),
                hook: hook.name().into(),
                reason: plugin_text(reason),
            })
    }

    fn query(
        &mut self,
        plugin: PluginId,
        ability: &Ability,
        call: &QueryCall,
        state: &GameState,
    ) -> Result<QueryAnswer, HookError> {
        let name = match call {
            QueryCall::Activate { .. } => "activate",
            other => other.query().name(),
        };
        self.plugins[plugin]
            .backend
            .query(ability, call, state)
            .map_err(|reason| HookError {
                plugin: self.label(plugin),
                hook: name.into(),
                reason: plugin_text(reason),
            })
    }

    fn query_reading(
        &mut self,
        plugin: PluginId,
        ability: &Ability,
        call: &QueryCall,
        state: &GameState,
    ) -> Result<(QueryAnswer, Option<Reads>), HookError> {
        self.plugins[plugin]
            .backend
            .query_reading(ability, call, state)
            .map_err(|reason| HookError {
                plugin: self.label(plugin),
                hook: call.query().name().into(),
                reason: plugin_text(reason),
            })
    }

    fn fingerprints(&self) -> Vec<String> {
        self.plugins
            .iter()
            .map(|p| format!("{}@{} {}", p.manifest.id, p.manifest.version, p.sha256))
            .collect()
    }

    /// Every wasm plugin called since its instance was made gets a fresh one at its next call.
    /// Native plugins are trusted code whose statics the host can't reset: they must keep no
    /// state (docs/security.md).
    fn new_game(&mut self) {
        for plugin in &mut self.plugins {
            match &mut plugin.backend {
                Backend::Wasm(wasm) => wasm.new_game(),
                #[cfg(feature = "native")]
                Backend::Native(_) => {}
            }
        }
    }

    fn resolved_texts(&mut self) -> Option<&mut ResolvedTexts> {
        Some(&mut self.resolved_texts)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The API 1.0 Accuracy fixture: its manifest text and its wasm, compiled.
    fn accuracy(runtime: &WasmRuntime) -> (String, wasmtime_free::Compiled, String) {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../tests/fixtures/api-1.0/accuracy");
        let text = std::fs::read_to_string(dir.join("keyword.toml")).unwrap();
        let wasm = std::fs::read(dir.join("plugin.wasm")).unwrap();
        let compiled = runtime.compile(&wasm).unwrap();
        (text, compiled, sha256_hex(&wasm))
    }

    /// Adds the fixture's wasm under the manifest `text`, from `source`.
    fn add(
        registry: &mut Registry,
        runtime: &WasmRuntime,
        fixture: &(String, wasmtime_free::Compiled, String),
        text: &str,
        source: &str,
    ) -> Result<(), RegistryError> {
        let manifest = Manifest::parse(source, text).unwrap();
        registry.add(
            runtime,
            manifest,
            &fixture.1,
            fixture.2.clone(),
            source.into(),
            (4 << 20, 10_000_000),
        )
    }

    #[test]
    fn plugin_ids_are_unique_and_keyword_names_not_confusable() {
        let runtime = WasmRuntime::new().unwrap();
        let fixture = accuracy(&runtime);
        let mut registry = Registry::new();
        add(
            &mut registry,
            &runtime,
            &fixture,
            &fixture.0,
            "a/keyword.toml",
        )
        .unwrap();
        // The same id for another keyword, from another folder: refused, naming both.
        let other = fixture
            .0
            .replace("name = \"Accuracy\"", "name = \"Aim\"")
            .replace("template = \"Accuracy X\"", "template = \"Aim X\"");
        let err = add(&mut registry, &runtime, &fixture, &other, "b/keyword.toml").unwrap_err();
        assert_eq!(err.source_name, "b/keyword.toml");
        assert!(
            err.message
                .contains("has the id of plugin accuracy@1.0.0 (a/keyword.toml)"),
            "{err}"
        );
        assert_eq!(registry.plugins().len(), 1);
        assert!(registry.plugin_for("Aim").is_none());

        // Another id for a keyword that only looks like Accuracy (a Cyrillic а): refused, naming
        // both names spelt out and the other plugin.
        let look_alike = fixture
            .0
            .replace("id = \"accuracy\"", "id = \"look-alike\"")
            .replace("Accuracy", "Accur\u{430}cy");
        let err = add(
            &mut registry,
            &runtime,
            &fixture,
            &look_alike,
            "c/keyword.toml",
        )
        .unwrap_err();
        assert!(
            err.message.contains(
                "claims the keyword Accurаcy (Accur\\u{430}cy), which looks like the keyword \
                 Accuracy (Accuracy) of plugin accuracy@1.0.0 (a/keyword.toml)"
            ),
            "{err}"
        );
        assert_eq!(registry.plugins().len(), 1);
    }
}
