//! The wasm plugin runtime: the only crate of the workspace that uses wasmtime.
//!
//! Plugins are WebAssembly components of the WIT world `swtcg:keyword/keyword`, run with no WASI
//! at all: the only imports they get are the read-only `host` functions (`versions.rs`). Every call runs
//! with a fuel budget (deterministic) and a memory cap; a call that traps, runs out of fuel or
//! exceeds its memory returns an error, and the instance is replaced before the next call.
//!
//! Plugins of the newest API are called through their main core module by default
//! (`core_abi`, `AbiPath::Core`), the same store, limits and host answers as the component
//! path, which older versions (and `AbiPath::Component`) take.

use swtcg_plugin_api as api;
use swtcg_rules::digest::sha256_hex;
use wasmtime::component::{Component, HasSelf, Linker};
use wasmtime::{Config, Engine, Store};

use swtcg_rules::model::GameState;
use swtcg_rules::reads::Reads;

/// The largest plugin wasm file the host reads or compiles: 16 MiB. A bundled plugin is about
/// 300 KB, so this leaves room for fifty times more code while refusing a file that is there
/// only to make loading slow or to fill memory (`/dev/zero`, a 7.5 MB module of nested blocks
/// took 34 s to compile). The file readers (host-cli) refuse a larger file before reading it,
/// and read at most one byte more than this, so a file growing while it is read is refused too;
/// wasm handed in otherwise is refused before it is parsed or compiled (`limits`).
pub const MAX_WASM_BYTES: u64 = 16 << 20;

pub mod compiled;
pub mod componentize;
pub(crate) mod core_abi;
mod host_ctx;
pub mod limits;

pub use host_ctx::HostCtx;
use host_ctx::{AbilityKeys, MAX_ABILITY_KEYS};

/// How calls cross into a plugin of the newest API: through wasmtime's component boundary, or
/// through the core-module path of `core_abi` (the default), which writes and reads the
/// canonical ABI itself. Plugins of older API versions, and any plugin whose main core module
/// does not have the newest API's exact core signatures, always take the component path.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum AbiPath {
    /// wasmtime's component model: typed lifting and lowering by the generated bindings.
    Component,
    /// The plugin's main core module, called with flat values (docs/plugin-protocol.md).
    #[default]
    Core,
}

/// The bindings of every API version and their conversions to the contract's types.
mod versions;
use versions::{
    bindings, bindings_1_0, bindings_1_1, bindings_1_2, bindings_1_3, bindings_1_4, bindings_1_5,
    bindings_1_6, bindings_1_7, bindings_1_8, bindings_1_9, bindings_1_10, bindings_1_11,
    bindings_1_12, bindings_1_13, bindings_1_14, bindings_1_15, bindings_1_16, bindings_1_17,
    bindings_1_18, bindings_1_19, v1_0, v1_1, v1_2, v1_3, v1_4, v1_5, v1_6, v1_7, v1_8, v1_9,
    v1_10, v1_11, v1_12, v1_13, v1_14, v1_15, v1_16, v1_17, v1_18, v1_19, v1_20,
};
pub use versions::{lost_keywords_unit_by_unit, replaces_by_old_label};

/// Why the runtime could not compile, load or run a plugin.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct WasmError(pub String);

fn error(context: &str, err: impl std::fmt::Display) -> WasmError {
    // The alternate form shows the whole chain of causes (wasmtime and wit-component errors
    // say what is wrong only in their inner causes, e.g. which import is missing).
    WasmError(format!("{context}: {err:#}"))
}

/// How often the epoch advances, and how many epochs one call may span: a call is stopped after
/// about `EPOCH_TICK * EPOCH_DEADLINE` of wall-clock time whatever its fuel.
const EPOCH_TICK: std::time::Duration = std::time::Duration::from_millis(10);
const EPOCH_DEADLINE: u64 = 200;

/// Advances the engine's epoch in a background thread until the engine is dropped.
fn start_epoch_ticker(engine: &Engine) {
    let weak = engine.weak();
    let spawned = std::thread::Builder::new()
        .name("swtcg-epoch".into())
        .spawn(move || {
            while let Some(engine) = weak.upgrade() {
                engine.increment_epoch();
                drop(engine);
                std::thread::sleep(EPOCH_TICK);
            }
        });
    // Without the thread only the backstop is lost; fuel still bounds every call.
    if spawned.is_err() {
        tracing::warn!("could not start the wasm epoch thread; only fuel bounds plugin calls");
    }
}

/// The wasmtime major version this runtime is built with (pinned in Cargo.toml).
const WASMTIME_MAJOR: u32 = 48;

/// The compiler and linker shared by all plugins of a registry.
pub struct WasmRuntime {
    engine: Engine,
    /// The host functions of the newest API (shared with plugins that link their component
    /// only when the component path is first chosen).
    linker: std::sync::Arc<Linker<HostCtx>>,
    /// The host functions of API 1.19.0 down to 1.0.0, for plugins built against them. A linker
    /// per version keeps the versions' imports from ever being matched to each other.
    linker_1_19: Linker<HostCtx>,
    linker_1_18: Linker<HostCtx>,
    linker_1_17: Linker<HostCtx>,
    linker_1_16: Linker<HostCtx>,
    linker_1_15: Linker<HostCtx>,
    linker_1_14: Linker<HostCtx>,
    linker_1_13: Linker<HostCtx>,
    linker_1_12: Linker<HostCtx>,
    linker_1_11: Linker<HostCtx>,
    linker_1_10: Linker<HostCtx>,
    linker_1_9: Linker<HostCtx>,
    linker_1_8: Linker<HostCtx>,
    linker_1_7: Linker<HostCtx>,
    linker_1_6: Linker<HostCtx>,
    linker_1_5: Linker<HostCtx>,
    linker_1_4: Linker<HostCtx>,
    linker_1_3: Linker<HostCtx>,
    linker_1_2: Linker<HostCtx>,
    linker_1_1: Linker<HostCtx>,
    linker_1_0: Linker<HostCtx>,
    /// The host functions of the newest API for the core path (`core_abi`).
    core_linker: wasmtime::Linker<HostCtx>,
    /// The path new plugins of the newest API are called through.
    abi: AbiPath,
}

impl WasmRuntime {
    /// A runtime configured for determinism: fuel metering, canonical NaNs, deterministic
    /// relaxed SIMD, no threads (not compiled in).
    pub fn new() -> Result<WasmRuntime, WasmError> {
        let mut config = Config::new();
        config.consume_fuel(true);
        // Fuel bounds every call deterministically; the epoch deadline is only a wall-clock
        // backstop for a call that somehow burns time without fuel (a host call in a loop).
        config.epoch_interruption(true);
        config.cranelift_nan_canonicalization(true);
        config.relaxed_simd_deterministic(true);
        config.wasm_component_model(true);
        // For measuring only (docs/performance.md): valgrind can't map the default reservation
        // of a linear memory (4 GiB and its guards), so a smaller one may be asked for by
        // `SWTCG_WASM_MEMORY_RESERVATION=<bytes>`. Plugins are then compiled with explicit
        // bounds checks (other code, cached apart: the compile cache's key has the
        // configuration's hash) and behave the same.
        if let Some(bytes) = std::env::var("SWTCG_WASM_MEMORY_RESERVATION")
            .ok()
            .and_then(|v| v.parse::<u64>().ok())
        {
            config.memory_reservation(bytes);
            config.memory_guard_size(0);
            config.memory_reservation_for_growth(0);
        }
        let engine = Engine::new(&config).map_err(|e| error("configuring wasmtime", e))?;
        start_epoch_ticker(&engine);
        // The host functions of one API version, in a linker of its own.
        macro_rules! linker_of {
            ($bindings:ident, $version:literal) => {{
                let mut linker = Linker::new(&engine);
                $bindings::Keyword::add_to_linker::<HostCtx, HasSelf<HostCtx>>(
                    &mut linker,
                    |ctx| ctx,
                )
                .map_err(|e| error(concat!("linking the host functions of API ", $version), e))?;
                linker
            }};
        }
        let linker = linker_of!(bindings, "1.20");
        let linker_1_19 = linker_of!(bindings_1_19, "1.19");
        let linker_1_18 = linker_of!(bindings_1_18, "1.18");
        let linker_1_17 = linker_of!(bindings_1_17, "1.17");
        let linker_1_16 = linker_of!(bindings_1_16, "1.16");
        let linker_1_15 = linker_of!(bindings_1_15, "1.15");
        let linker_1_14 = linker_of!(bindings_1_14, "1.14");
        let linker_1_13 = linker_of!(bindings_1_13, "1.13");
        let linker_1_12 = linker_of!(bindings_1_12, "1.12");
        let linker_1_11 = linker_of!(bindings_1_11, "1.11");
        let linker_1_10 = linker_of!(bindings_1_10, "1.10");
        let linker_1_9 = linker_of!(bindings_1_9, "1.9");
        let linker_1_8 = linker_of!(bindings_1_8, "1.8");
        let linker_1_7 = linker_of!(bindings_1_7, "1.7");
        let linker_1_6 = linker_of!(bindings_1_6, "1.6");
        let linker_1_5 = linker_of!(bindings_1_5, "1.5");
        let linker_1_4 = linker_of!(bindings_1_4, "1.4");
        let linker_1_3 = linker_of!(bindings_1_3, "1.3");
        let linker_1_2 = linker_of!(bindings_1_2, "1.2");
        let linker_1_1 = linker_of!(bindings_1_1, "1.1");
        let linker_1_0 = linker_of!(bindings_1_0, "1.0");
        let mut core_linker = wasmtime::Linker::new(&engine);
        core_abi::add_host_functions(&mut core_linker)
            .map_err(|e| error("linking the host functions of the core path", e))?;
        Ok(WasmRuntime {
            engine,
            linker: std::sync::Arc::new(linker),
            linker_1_19,
            linker_1_18,
            linker_1_17,
            linker_1_16,
            linker_1_15,
            linker_1_14,
            linker_1_13,
            linker_1_12,
            linker_1_11,
            linker_1_10,
            linker_1_9,
            linker_1_8,
            linker_1_7,
            linker_1_6,
            linker_1_5,
            linker_1_4,
            linker_1_3,
            linker_1_2,
            linker_1_1,
            linker_1_0,
            core_linker,
            abi: AbiPath::default(),
        })
    }

    /// Sets the path through which the plugins this runtime instantiates from now on are
    /// called (`AbiPath::Core` unless set).
    pub fn set_abi_path(&mut self, abi: AbiPath) {
        self.abi = abi;
    }

    /// The key of a compiled plugin in a compile cache: the wasmtime version, a hash of this
    /// engine's configuration and the sha256 of the plugin. An entry under another key is never
    /// used for this plugin.
    pub fn cache_key(&self, wasm: &[u8]) -> String {
        self.cache_key_for(&sha256_hex(wasm))
    }

    /// `cache_key` of the wasm whose sha256 (`sha256_hex`) is given, for a caller that has it
    /// already (a registry records it too), so that loading hashes each plugin once.
    pub fn cache_key_for(&self, wasm_sha256: &str) -> String {
        use std::hash::{Hash, Hasher};
        let mut config = std::collections::hash_map::DefaultHasher::new();
        self.engine
            .precompile_compatibility_hash()
            .hash(&mut config);
        // `core2`: the payload holds the compiled component, the SDK's promises and the
        // compiled main core module (`precompile`); entries of an older layout (`core1`: no
        // promises; none: the component alone) are never read as such.
        format!(
            "wasmtime{WASMTIME_MAJOR}-core2-{:016x}-{}",
            config.finish(),
            wasm_sha256
        )
    }

    /// Compiles a plugin: a component, or a core module built with wit-bindgen, which is first
    /// turned into a component. Wasm over the limits of `limits` is refused before wasmtime or
    /// wit-component reads it.
    pub fn compile(&self, wasm: &[u8]) -> Result<compiled::Compiled, WasmError> {
        limits::check(wasm)?;
        let bytes = componentize::componentize(wasm).map_err(WasmError)?;
        let component =
            Component::new(&self.engine, &bytes).map_err(|e| error("compiling the plugin", e))?;
        let core = self.core_module(&bytes, &component)?;
        Ok(compiled::Compiled {
            component: component.into(),
            serialized: None,
            core,
        })
    }

    /// The compiled main core module of a component, if it can take the core path (see
    /// `core_abi`): a component of an older API, or one whose main module has other imports or
    /// exports than the newest API's core signatures, keeps the component path only.
    /// The component must link with the newest API's host functions as it is, so that a plugin
    /// the component path refuses is refused whichever path is chosen.
    fn core_module(
        &self,
        bytes: &[u8],
        component: &Component,
    ) -> Result<Option<(wasmtime::Module, core_abi::Promises)>, WasmError> {
        let newest = api::api_version_string();
        let links = self
            .linker
            .instantiate_pre(component)
            .and_then(bindings::KeywordPre::new)
            .is_ok();
        if exported_api(&self.engine, component).ok().as_ref() != Some(&newest) || !links {
            return Ok(None);
        }
        let Some(main) = core_abi::main_module(bytes) else {
            return Ok(None);
        };
        let module = wasmtime::Module::new(&self.engine, main)
            .map_err(|e| error("compiling the plugin's core module", e))?;
        match core_abi::shape_error(&module) {
            None => Ok(Some((module, core_abi::Promises::of(main)))),
            Some(why) => {
                tracing::debug!("the plugin takes the component path: {why}");
                Ok(None)
            }
        }
    }

    /// Compiles a plugin to bytes that `load_compiled` can load without compiling again: the
    /// length of the compiled component (8 bytes, little-endian), the compiled component, then,
    /// when the main core module can take the core path, a byte of what its SDK promises
    /// (`core_abi::Promises`) and the compiled main core module (else nothing). Wasm over the
    /// limits of `limits` is refused first, as by `compile`.
    pub fn precompile(&self, wasm: &[u8]) -> Result<Vec<u8>, WasmError> {
        limits::check(wasm)?;
        let bytes = componentize::componentize(wasm).map_err(WasmError)?;
        let compiled = self
            .engine
            .precompile_component(&bytes)
            .map_err(|e| error("compiling the plugin", e))?;
        // SAFETY: just compiled by this engine.
        let component = unsafe { Component::deserialize(&self.engine, &compiled) }
            .map_err(|e| error("compiling the plugin", e))?;
        let core = match self.core_module(&bytes, &component)? {
            Some((module, promises)) => {
                let mut core = vec![promises.to_byte()];
                core.extend(
                    module
                        .serialize()
                        .map_err(|e| error("compiling the plugin's core module", e))?,
                );
                core
            }
            None => Vec::new(),
        };
        let mut payload = (compiled.len() as u64).to_le_bytes().to_vec();
        payload.extend_from_slice(&compiled);
        payload.extend_from_slice(&core);
        Ok(payload)
    }

    /// Loads bytes made by `precompile`. The caller must have checked that they are the bytes
    /// it wrote under this runtime's `cache_key` (see `CompileCache`): wasmtime trusts them.
    pub fn load_compiled(&self, compiled: &[u8]) -> Result<compiled::Compiled, WasmError> {
        let bad = || WasmError("loading the compiled plugin: not made by `precompile`".into());
        let (length, rest) = compiled.split_at_checked(8).ok_or_else(bad)?;
        let length = u64::from_le_bytes(length.try_into().map_err(|_| bad())?);
        let (component, core) = usize::try_from(length)
            .ok()
            .and_then(|n| rest.split_at_checked(n))
            .ok_or_else(bad)?;
        if core.is_empty() {
            // SAFETY: the bytes come from `precompile` of this same engine configuration,
            // verified by the cache's checksum before this call.
            let component = unsafe { Component::deserialize(&self.engine, component) }
                .map_err(|e| error("loading the compiled plugin", e))?;
            return Ok(compiled::Compiled {
                component: component.into(),
                serialized: None,
                core: None,
            });
        }
        let (&promises, core) = core.split_first().ok_or_else(bad)?;
        // SAFETY: as above; this part is the serialized main module of the same plugin.
        let core = unsafe { wasmtime::Module::deserialize(&self.engine, core) }
            .map_err(|e| error("loading the compiled plugin's core module", e))?;
        // The component is loaded only if the component path is chosen (`component`).
        Ok(compiled::Compiled {
            component: std::sync::OnceLock::new(),
            serialized: Some(component.into()),
            core: Some((core, core_abi::Promises::from_byte(promises))),
        })
    }

    /// The component of a compiled plugin, loaded now if it was not yet.
    fn component(&self, compiled: &compiled::Compiled) -> Result<Component, WasmError> {
        load_component(
            &self.engine,
            &compiled.component,
            compiled.serialized.as_deref(),
        )
    }

    /// Instantiates a compiled plugin with a memory cap, with the bindings of the API version
    /// it was built against (the version in the names of its exports).
    pub fn instantiate(
        &self,
        compiled: &compiled::Compiled,
        memory: u64,
        fuel: u64,
    ) -> Result<WasmPlugin, WasmError> {
        if let (AbiPath::Core, Some((module, promises))) = (self.abi, compiled.core()) {
            let core = self
                .core_linker
                .instantiate_pre(module)
                .and_then(|pre| core_abi::CorePre::new(pre, *promises));
            match core {
                Ok(core) => {
                    // The component is linked only if the component path is chosen later.
                    let lazy = LazyComponent {
                        component: compiled.component.clone(),
                        serialized: compiled.serialized.clone(),
                        linker: self.linker.clone(),
                    };
                    return self.plugin(
                        std::sync::OnceLock::new(),
                        Some(lazy),
                        Some(core),
                        memory,
                        fuel,
                    );
                }
                Err(e) => tracing::debug!("the plugin takes the component path: {e:#}"),
            }
        }
        let component = &self.component(compiled)?;
        let version = exported_api(&self.engine, component)?;
        let pre = match version.as_str() {
            "1.0.0" => Pre::V1_0(link(&self.linker_1_0, component, &version, |p| {
                bindings_1_0::KeywordPre::new(p)
            })?),
            "1.1.0" => Pre::V1_1(link(&self.linker_1_1, component, &version, |p| {
                bindings_1_1::KeywordPre::new(p)
            })?),
            "1.2.0" => Pre::V1_2(link(&self.linker_1_2, component, &version, |p| {
                bindings_1_2::KeywordPre::new(p)
            })?),
            "1.3.0" => Pre::V1_3(link(&self.linker_1_3, component, &version, |p| {
                bindings_1_3::KeywordPre::new(p)
            })?),
            "1.4.0" => Pre::V1_4(link(&self.linker_1_4, component, &version, |p| {
                bindings_1_4::KeywordPre::new(p)
            })?),
            "1.5.0" => Pre::V1_5(link(&self.linker_1_5, component, &version, |p| {
                bindings_1_5::KeywordPre::new(p)
            })?),
            "1.6.0" => Pre::V1_6(link(&self.linker_1_6, component, &version, |p| {
                bindings_1_6::KeywordPre::new(p)
            })?),
            "1.7.0" => Pre::V1_7(link(&self.linker_1_7, component, &version, |p| {
                bindings_1_7::KeywordPre::new(p)
            })?),
            "1.8.0" => Pre::V1_8(link(&self.linker_1_8, component, &version, |p| {
                bindings_1_8::KeywordPre::new(p)
            })?),
            "1.9.0" => Pre::V1_9(link(&self.linker_1_9, component, &version, |p| {
                bindings_1_9::KeywordPre::new(p)
            })?),
            "1.10.0" => Pre::V1_10(link(&self.linker_1_10, component, &version, |p| {
                bindings_1_10::KeywordPre::new(p)
            })?),
            "1.11.0" => Pre::V1_11(link(&self.linker_1_11, component, &version, |p| {
                bindings_1_11::KeywordPre::new(p)
            })?),
            "1.12.0" => Pre::V1_12(link(&self.linker_1_12, component, &version, |p| {
                bindings_1_12::KeywordPre::new(p)
            })?),
            "1.13.0" => Pre::V1_13(link(&self.linker_1_13, component, &version, |p| {
                bindings_1_13::KeywordPre::new(p)
            })?),
            "1.14.0" => Pre::V1_14(link(&self.linker_1_14, component, &version, |p| {
                bindings_1_14::KeywordPre::new(p)
            })?),
            "1.15.0" => Pre::V1_15(link(&self.linker_1_15, component, &version, |p| {
                bindings_1_15::KeywordPre::new(p)
            })?),
            "1.16.0" => Pre::V1_16(link(&self.linker_1_16, component, &version, |p| {
                bindings_1_16::KeywordPre::new(p)
            })?),
            "1.17.0" => Pre::V1_17(link(&self.linker_1_17, component, &version, |p| {
                bindings_1_17::KeywordPre::new(p)
            })?),
            "1.18.0" => Pre::V1_18(link(&self.linker_1_18, component, &version, |p| {
                bindings_1_18::KeywordPre::new(p)
            })?),
            "1.19.0" => Pre::V1_19(link(&self.linker_1_19, component, &version, |p| {
                bindings_1_19::KeywordPre::new(p)
            })?),
            _ => Pre::V1_20(link(&self.linker, component, &version, |p| {
                bindings::KeywordPre::new(p)
            })?),
        };
        // The core path is for the newest API only; a module the linker refuses keeps the
        // component path, which reports what is wrong with the plugin if anything is.
        let core = match (&pre, compiled.core()) {
            (Pre::V1_20(_), Some((module, promises))) => {
                let core = self
                    .core_linker
                    .instantiate_pre(module)
                    .and_then(|pre| core_abi::CorePre::new(pre, *promises));
                match core {
                    Ok(core) => Some(core),
                    Err(e) => {
                        tracing::debug!("the plugin takes the component path: {e:#}");
                        None
                    }
                }
            }
            _ => None,
        };
        self.plugin(pre.into(), None, core, memory, fuel)
    }

    /// A plugin of these parts, with its first instance made.
    fn plugin(
        &self,
        pre: std::sync::OnceLock<Pre>,
        lazy: Option<LazyComponent>,
        core: Option<core_abi::CorePre>,
        memory: u64,
        fuel: u64,
    ) -> Result<WasmPlugin, WasmError> {
        let mut plugin = WasmPlugin {
            engine: self.engine.clone(),
            pre,
            lazy,
            core,
            abi: self.abi,
            memory,
            fuel,
            call_fuel: Default::default(),
            live: None,
            called: false,
            recording: false,
        };
        plugin.live = Some(plugin.fresh_instance()?);
        Ok(plugin)
    }
}

/// Links a component with the host functions of its API version and checks that it exports that
/// version's keyword world (`wrap`: the version's generated `KeywordPre::new`).
fn link<T>(
    linker: &Linker<HostCtx>,
    component: &Component,
    version: &str,
    wrap: impl FnOnce(wasmtime::component::InstancePre<HostCtx>) -> wasmtime::Result<T>,
) -> Result<T, WasmError> {
    let pre = linker.instantiate_pre(component).map_err(|e| {
        error(
            "linking the plugin (it may import something the host does not provide, such as WASI)",
            e,
        )
    })?;
    wrap(pre).map_err(|e| {
        error(
            &format!("the plugin does not export the keyword world {version}"),
            e,
        )
    })
}

/// The API version of the `swtcg:keyword/hooks` interface a component exports, e.g. "1.0.0";
/// an error if it exports none or one this host does not know.
fn exported_api(engine: &Engine, component: &Component) -> Result<String, WasmError> {
    const PREFIX: &str = "swtcg:keyword/hooks@";
    let ty = component.component_type();
    let version = ty
        .exports(engine)
        .find_map(|(name, _)| name.strip_prefix(PREFIX).map(str::to_string))
        .ok_or_else(|| {
            WasmError(format!(
                "the plugin does not export the keyword world (no `{PREFIX}<version>` export)"
            ))
        })?;
    if !api::API_HISTORY.contains(&version.as_str()) {
        return Err(WasmError(format!(
            "the plugin was built against API {version}; this host loads API {}",
            api::API_HISTORY.join(", ")
        )));
    }
    Ok(version)
}

/// A compiled component, loaded from its `precompile` bytes on first need and kept.
fn load_component(
    engine: &Engine,
    component: &std::sync::OnceLock<Component>,
    serialized: Option<&[u8]>,
) -> Result<Component, WasmError> {
    if let Some(component) = component.get() {
        return Ok(component.clone());
    }
    let Some(bytes) = serialized else {
        return Err(WasmError(
            "the plugin's component was never compiled".into(),
        ));
    };
    // SAFETY: the bytes are the component part of a `precompile` payload that `load_compiled`
    // of this engine checked (the cache's checksum) and split.
    let loaded = unsafe { Component::deserialize(engine, bytes) }
        .map_err(|e| error("loading the compiled plugin", e))?;
    Ok(component.get_or_init(|| loaded).clone())
}

/// What a plugin loaded for the core path needs to link its component if the component path
/// is chosen later (`WasmPlugin::set_abi_path`): always a plugin of the newest API.
struct LazyComponent {
    component: std::sync::OnceLock<Component>,
    serialized: Option<std::sync::Arc<[u8]>>,
    linker: std::sync::Arc<Linker<HostCtx>>,
}

/// A live instance and its store.
struct Live {
    store: Store<HostCtx>,
    keyword: Bound,
}

/// A plugin linked with the bindings of its API version.
enum Pre {
    V1_0(bindings_1_0::KeywordPre<HostCtx>),
    V1_1(bindings_1_1::KeywordPre<HostCtx>),
    V1_2(bindings_1_2::KeywordPre<HostCtx>),
    V1_3(bindings_1_3::KeywordPre<HostCtx>),
    V1_4(bindings_1_4::KeywordPre<HostCtx>),
    V1_5(bindings_1_5::KeywordPre<HostCtx>),
    V1_6(bindings_1_6::KeywordPre<HostCtx>),
    V1_7(bindings_1_7::KeywordPre<HostCtx>),
    V1_8(bindings_1_8::KeywordPre<HostCtx>),
    V1_9(bindings_1_9::KeywordPre<HostCtx>),
    V1_10(bindings_1_10::KeywordPre<HostCtx>),
    V1_11(bindings_1_11::KeywordPre<HostCtx>),
    V1_12(bindings_1_12::KeywordPre<HostCtx>),
    V1_13(bindings_1_13::KeywordPre<HostCtx>),
    V1_14(bindings_1_14::KeywordPre<HostCtx>),
    V1_15(bindings_1_15::KeywordPre<HostCtx>),
    V1_16(bindings_1_16::KeywordPre<HostCtx>),
    V1_17(bindings_1_17::KeywordPre<HostCtx>),
    V1_18(bindings_1_18::KeywordPre<HostCtx>),
    V1_19(bindings_1_19::KeywordPre<HostCtx>),
    V1_20(bindings::KeywordPre<HostCtx>),
}

impl Pre {
    /// The minor version of the API the plugin was built against (1.x), which says what it
    /// may be asked: a query or host question is of the version that added it and later ones.
    fn minor(&self) -> u32 {
        match self {
            Pre::V1_0(_) => 0,
            Pre::V1_1(_) => 1,
            Pre::V1_2(_) => 2,
            Pre::V1_3(_) => 3,
            Pre::V1_4(_) => 4,
            Pre::V1_5(_) => 5,
            Pre::V1_6(_) => 6,
            Pre::V1_7(_) => 7,
            Pre::V1_8(_) => 8,
            Pre::V1_9(_) => 9,
            Pre::V1_10(_) => 10,
            Pre::V1_11(_) => 11,
            Pre::V1_12(_) => 12,
            Pre::V1_13(_) => 13,
            Pre::V1_14(_) => 14,
            Pre::V1_15(_) => 15,
            Pre::V1_16(_) => 16,
            Pre::V1_17(_) => 17,
            Pre::V1_18(_) => 18,
            Pre::V1_19(_) => 19,
            Pre::V1_20(_) => 20,
        }
    }
}

/// An instance with the bindings of its API version.
enum Bound {
    V1_0(bindings_1_0::Keyword),
    V1_1(bindings_1_1::Keyword),
    V1_2(bindings_1_2::Keyword),
    V1_3(bindings_1_3::Keyword),
    V1_4(bindings_1_4::Keyword),
    V1_5(bindings_1_5::Keyword),
    V1_6(bindings_1_6::Keyword),
    V1_7(bindings_1_7::Keyword),
    V1_8(bindings_1_8::Keyword),
    V1_9(bindings_1_9::Keyword),
    V1_10(bindings_1_10::Keyword),
    V1_11(bindings_1_11::Keyword),
    V1_12(bindings_1_12::Keyword),
    V1_13(bindings_1_13::Keyword),
    V1_14(bindings_1_14::Keyword),
    V1_15(bindings_1_15::Keyword),
    V1_16(bindings_1_16::Keyword),
    V1_17(bindings_1_17::Keyword),
    V1_18(bindings_1_18::Keyword),
    V1_19(bindings_1_19::Keyword),
    V1_20(bindings::Keyword),
    /// The newest API through the core path (boxed: its exports make it the largest variant).
    Core(Box<core_abi::CoreInstance>),
}

/// One instantiated plugin.
pub struct WasmPlugin {
    engine: Engine,
    /// The component linked with its version's bindings; set when the plugin is instantiated,
    /// or for a plugin loaded for the core path when the component path is first chosen.
    pre: std::sync::OnceLock<Pre>,
    lazy: Option<LazyComponent>,
    memory: u64,
    fuel: u64,
    /// Fuel per call at particular hook points and queries (by manifest name), overriding `fuel`
    /// (the ruleset's `hook_fuel`).
    call_fuel: std::collections::BTreeMap<String, u64>,
    live: Option<Live>,
    /// Whether the live instance has been called: its memory may hold what earlier calls left.
    called: bool,
    /// Whether the next call notes what it reads (`query_reading`).
    recording: bool,
    /// The plugin's main core module linked for the core path, if it can take it.
    core: Option<core_abi::CorePre>,
    /// The path calls take when both are possible.
    abi: AbiPath,
}

/// The macros that call a plugin's hooks and queries with its version's bindings.
#[macro_use]
mod version_calls;

impl WasmPlugin {
    /// A new instance in a new store.
    fn fresh_instance(&self) -> Result<Live, WasmError> {
        let limits = limits::Limiter::new(self.memory);
        let mut store = Store::new(
            &self.engine,
            HostCtx {
                view: std::ptr::null(),
                limits,
                calls: 0,
                keys: AbilityKeys::default(),
                guest: None,
                recording: false,
                reads: Default::default(),
            },
        );
        store.limiter(|ctx| &mut ctx.limits);
        store.set_epoch_deadline(EPOCH_DEADLINE);
        store
            .set_fuel(self.fuel)
            .map_err(|e| error("setting fuel", e))?;
        if let (Some(core), AbiPath::Core) = (&self.core, self.abi) {
            let keyword = core
                .instantiate(&mut store)
                .map(|instance| Bound::Core(Box::new(instance)))
                .map_err(|e| instantiation_error(&e))?;
            return Ok(Live { store, keyword });
        }
        let keyword = match self.component_pre()? {
            Pre::V1_0(pre) => pre.instantiate(&mut store).map(Bound::V1_0),
            Pre::V1_1(pre) => pre.instantiate(&mut store).map(Bound::V1_1),
            Pre::V1_2(pre) => pre.instantiate(&mut store).map(Bound::V1_2),
            Pre::V1_3(pre) => pre.instantiate(&mut store).map(Bound::V1_3),
            Pre::V1_4(pre) => pre.instantiate(&mut store).map(Bound::V1_4),
            Pre::V1_5(pre) => pre.instantiate(&mut store).map(Bound::V1_5),
            Pre::V1_6(pre) => pre.instantiate(&mut store).map(Bound::V1_6),
            Pre::V1_7(pre) => pre.instantiate(&mut store).map(Bound::V1_7),
            Pre::V1_8(pre) => pre.instantiate(&mut store).map(Bound::V1_8),
            Pre::V1_9(pre) => pre.instantiate(&mut store).map(Bound::V1_9),
            Pre::V1_10(pre) => pre.instantiate(&mut store).map(Bound::V1_10),
            Pre::V1_11(pre) => pre.instantiate(&mut store).map(Bound::V1_11),
            Pre::V1_12(pre) => pre.instantiate(&mut store).map(Bound::V1_12),
            Pre::V1_13(pre) => pre.instantiate(&mut store).map(Bound::V1_13),
            Pre::V1_14(pre) => pre.instantiate(&mut store).map(Bound::V1_14),
            Pre::V1_15(pre) => pre.instantiate(&mut store).map(Bound::V1_15),
            Pre::V1_16(pre) => pre.instantiate(&mut store).map(Bound::V1_16),
            Pre::V1_17(pre) => pre.instantiate(&mut store).map(Bound::V1_17),
            Pre::V1_18(pre) => pre.instantiate(&mut store).map(Bound::V1_18),
            Pre::V1_19(pre) => pre.instantiate(&mut store).map(Bound::V1_19),
            Pre::V1_20(pre) => pre.instantiate(&mut store).map(Bound::V1_20),
        }
        .map_err(|e| instantiation_error(&e))?;
        Ok(Live { store, keyword })
    }

    /// The component linked with its version's bindings, linked now for a plugin loaded for
    /// the core path.
    fn component_pre(&self) -> Result<&Pre, WasmError> {
        if let Some(pre) = self.pre.get() {
            return Ok(pre);
        }
        let Some(lazy) = &self.lazy else {
            return Err(WasmError("the plugin has no component".into()));
        };
        let component = load_component(&self.engine, &lazy.component, lazy.serialized.as_deref())?;
        let pre = lazy
            .linker
            .instantiate_pre(&component)
            .map_err(|e| error("linking the plugin", e))?;
        let pre = bindings::KeywordPre::new(pre)
            .map_err(|e| error("the plugin does not export the keyword world", e))?;
        Ok(self.pre.get_or_init(|| Pre::V1_20(pre)))
    }

    /// Whether the plugin was built against an API older than 1.7. Only a plugin older than
    /// the newest is linked at load with its version's bindings: the newest is linked lazily or
    /// takes the core path.
    fn before_1_7(&self) -> bool {
        self.pre.get().is_some_and(|pre| pre.minor() < 7)
    }

    /// Runs one call with the game lent to the host functions and a fresh fuel budget. After
    /// a trap the instance is replaced, so the next call starts clean.
    fn with_call<R>(
        &mut self,
        state: &GameState,
        name: &str,
        call: impl FnOnce(&Bound, &mut Store<HostCtx>) -> wasmtime::Result<R>,
    ) -> Result<R, String> {
        // An instance given its most ability keys starts over, its memory with them; the
        // call gives at most one more.
        if self
            .live
            .as_ref()
            .is_some_and(|live| live.store.data().keys.len() >= MAX_ABILITY_KEYS)
        {
            self.live = None;
        }
        if self.live.is_none() {
            self.live = Some(self.fresh_instance().map_err(|e| e.0)?);
        }
        let Some(live) = self.live.as_mut() else {
            return Err("no instance".into());
        };
        self.called = true;
        let data = live.store.data_mut();
        data.view = state;
        data.recording = self.recording;
        data.reads.get_mut().clear();
        live.store.set_epoch_deadline(EPOCH_DEADLINE);
        live.store.data_mut().calls = 0;
        let fuel = self.call_fuel.get(name).copied().unwrap_or(self.fuel);
        let fuel_ok = live.store.set_fuel(fuel);
        let result = match fuel_ok {
            Ok(()) => call(&live.keyword, &mut live.store),
            Err(e) => Err(e),
        };
        live.store.data_mut().view = std::ptr::null();
        match result {
            Ok(value) => Ok(value),
            Err(err) => {
                // A trapped instance can't be called again: drop it; the next call makes a new one.
                self.live = None;
                Err(describe_trap(&err))
            }
        }
    }

    /// A new game starts: an instance that has been called is dropped, so that the game's
    /// first call gets a fresh one and nothing a plugin kept in its memory crosses games
    /// (`AbilityHost::new_game`). An instance never called is as fresh as a new one.
    pub fn new_game(&mut self) {
        if self.called {
            self.live = None;
            self.called = false;
        }
    }

    /// Chooses the path of the next calls (see `AbiPath`); the live instance is replaced when
    /// the path changes.
    pub fn set_abi_path(&mut self, abi: AbiPath) {
        if abi != self.abi {
            self.abi = abi;
            self.live = None;
        }
    }

    /// The path calls take: `Core` only for a plugin that can take it.
    pub fn abi_path(&self) -> AbiPath {
        match (&self.core, self.abi) {
            (Some(_), AbiPath::Core) => AbiPath::Core,
            _ => AbiPath::Component,
        }
    }

    /// Sets the fuel per call at the named hook points and queries (the ruleset's
    /// `hook_fuel`); other calls keep the plugin's fuel.
    pub fn set_call_fuel(&mut self, fuel: std::collections::BTreeMap<String, u64>) {
        self.call_fuel = fuel;
    }

    /// Calls a hook export.
    pub fn call_hook(
        &mut self,
        hook: api::HookPoint,
        ability: &api::Ability,
        event: &api::HookEvent,
        state: &GameState,
    ) -> Result<Vec<api::Effect>, String> {
        let answer = self.with_call(state, hook.name(), |k, store| {
            Ok(match k {
                Bound::V1_0(k) => {
                    let hooks = k.swtcg_keyword_hooks();
                    let (ability, event) =
                        (v1_0::to_wit_ability(ability), v1_0::to_wit_event(event));
                    hook_call!(hooks, &mut *store, hook, &ability, event)?
                        .map(|list| list.into_iter().map(v1_0::from_wit_effect).collect())
                }
                Bound::V1_1(k) => {
                    let hooks = k.swtcg_keyword_hooks();
                    let (ability, event) =
                        (v1_1::to_wit_ability(ability), v1_1::to_wit_event(event));
                    hook_call!(hooks, &mut *store, hook, &ability, event)?
                        .map(|list| list.into_iter().map(v1_1::from_wit_effect).collect())
                }
                Bound::V1_2(k) => keyed_hook!(k, store, hook, ability, event, bindings_1_2, v1_2),
                Bound::V1_3(k) => keyed_hook!(k, store, hook, ability, event, bindings_1_3, v1_3),
                Bound::V1_4(k) => keyed_hook!(k, store, hook, ability, event, bindings_1_4, v1_4),
                Bound::V1_5(k) => keyed_hook!(k, store, hook, ability, event, bindings_1_5, v1_5),
                Bound::V1_6(k) => keyed_hook!(k, store, hook, ability, event, bindings_1_6, v1_6),
                Bound::V1_7(k) => keyed_hook!(k, store, hook, ability, event, bindings_1_7, v1_7),
                Bound::V1_8(k) => keyed_hook!(k, store, hook, ability, event, bindings_1_8, v1_8),
                Bound::V1_9(k) => keyed_hook!(k, store, hook, ability, event, bindings_1_9, v1_9),
                Bound::V1_10(k) => {
                    keyed_hook!(k, store, hook, ability, event, bindings_1_10, v1_10)
                }
                Bound::V1_11(k) => {
                    keyed_hook!(k, store, hook, ability, event, bindings_1_11, v1_11)
                }
                Bound::V1_12(k) => {
                    keyed_hook!(k, store, hook, ability, event, bindings_1_12, v1_12)
                }
                Bound::V1_13(k) => {
                    keyed_hook!(k, store, hook, ability, event, bindings_1_13, v1_13)
                }
                Bound::V1_14(k) => {
                    keyed_hook!(k, store, hook, ability, event, bindings_1_14, v1_14)
                }
                Bound::V1_15(k) => {
                    keyed_hook!(k, store, hook, ability, event, bindings_1_15, v1_15)
                }
                Bound::V1_16(k) => {
                    keyed_hook!(k, store, hook, ability, event, bindings_1_16, v1_16)
                }
                Bound::V1_17(k) => {
                    keyed_hook!(k, store, hook, ability, event, bindings_1_17, v1_17)
                }
                Bound::V1_18(k) => {
                    keyed_hook!(k, store, hook, ability, event, bindings_1_18, v1_18)
                }
                Bound::V1_19(k) => {
                    keyed_hook!(k, store, hook, ability, event, bindings_1_19, v1_19)
                }
                Bound::V1_20(k) => keyed_hook!(k, store, hook, ability, event, bindings, v1_20),
                Bound::Core(k) => k.call_hook(store, hook, ability, event)?.map(Ok),
            })
        })?;
        match answer {
            Ok(effects) => effects,
            Err(message) => Err(swtcg_rules::hooks::plugin_returned_error(&message)),
        }
    }

    /// Calls a query export. A query added after the plugin's API version gets the answer
    /// that means "no change" (the plugin can't have subscribed to it: see the manifest), e.g.
    /// `undisruptable` (API 1.8) is false: an older plugin makes no play impossible to disrupt,
    /// and `granted-abilities-for` (API 1.9) gives no abilities.
    pub fn query(
        &mut self,
        ability: &api::Ability,
        call: &api::QueryCall,
        state: &GameState,
    ) -> Result<api::QueryAnswer, String> {
        if matches!(call, api::QueryCall::Understands) {
            // `understands` is asked of an instance of its own, made for the call and dropped
            // after it, so that the game's instance never sees it: a host keeps the answers
            // across games (the rules' `ResolvedTexts`), so whether a game asks is not the
            // same in every game, and a plugin keeping count of its calls must not tell.
            let game = self.live.take();
            let called = self.called;
            let answer = self.query_live(ability, call, state);
            self.live = game;
            self.called = called;
            return answer;
        }
        self.query_live(ability, call, state)
    }

    /// `query`, with what the plugin read to answer it (`swtcg_rules::reads`). `understands`,
    /// asked of an instance of its own, and the per-unit form of `removed-keywords-all` that
    /// plugins older than 1.7 are asked (the host chooses which units from the state) say
    /// nothing of what they read.
    pub fn query_reading(
        &mut self,
        ability: &api::Ability,
        call: &api::QueryCall,
        state: &GameState,
    ) -> Result<(api::QueryAnswer, Option<Reads>), String> {
        use api::QueryCall as Q;
        if matches!(call, Q::Understands)
            || (matches!(call, Q::RemovedKeywordsAll) && self.before_1_7())
        {
            return self
                .query(ability, call, state)
                .map(|answer| (answer, None));
        }
        self.recording = true;
        let answer = self.query_live(ability, call, state);
        self.recording = false;
        let answer = answer?;
        let reads = self
            .live
            .as_mut()
            .map(|live| Reads(std::mem::take(live.store.data_mut().reads.get_mut())));
        Ok((answer, reads))
    }

    /// The answer to a query the plugin's API version asks otherwise, if it is one: a query
    /// added after the version gets "no change", and `removed-keywords-all` of a plugin before
    /// 1.7 is its per-unit form asked about each unit.
    fn answer_of_older_version(
        &mut self,
        ability: &api::Ability,
        call: &api::QueryCall,
        state: &GameState,
    ) -> Option<Result<api::QueryAnswer, String>> {
        use api::{QueryAnswer as A, QueryCall as Q};
        // A plugin on the core path is of the newest API and has no `pre` until the component
        // path is chosen; one with `pre` of an older version can't have this query.
        if matches!(call, Q::BuildCostChangeFor { .. })
            && self.pre.get().is_some_and(|pre| pre.minor() < 10)
        {
            // Before API 1.10 no plugin changes a build cost by this query.
            return Some(Ok(A::Number(0)));
        }
        if matches!(call, Q::Actions { .. }) && self.pre.get().is_some_and(|pre| pre.minor() < 12) {
            // Before API 1.12 no plugin offers an action instead of attacking.
            return Some(Ok(A::Activations(Vec::new())));
        }
        if matches!(call, Q::Forbids { .. }) && self.pre.get().is_some_and(|pre| pre.minor() < 14) {
            // Before API 1.14 no plugin forbids an act.
            return Some(Ok(A::Flag(false)));
        }
        if matches!(call, Q::Later { .. }) && self.pre.get().is_some_and(|pre| pre.minor() < 15) {
            // Before API 1.15 no plugin puts effects off until later.
            return Some(Ok(A::Effects(Vec::new())));
        }
        if matches!(call, Q::Subtypes) && self.pre.get().is_some_and(|pre| pre.minor() < 15) {
            // Before API 1.15 no plugin gives its unit subtypes.
            return Some(Ok(A::Abilities(Vec::new())));
        }
        if matches!(call, Q::RemovedKeywordsAll) && self.before_1_7() {
            // A plugin built before 1.7 has only the per-unit form: each unit is its own call,
            // with its own fuel, as the engine asked it before (`lost_keywords_unit_by_unit`).
            let lost = versions::lost_keywords_unit_by_unit(state, |unit| -> Result<_, String> {
                match self.query(ability, &Q::RemovedKeywords { unit }, state)? {
                    A::Abilities(keywords) => Ok(keywords),
                    // The engine read any other answer as nothing lost, and still does.
                    _ => Ok(Vec::new()),
                }
            });
            return Some(lost.map(A::LostKeywords));
        }
        None
    }

    /// `query` on the live instance (a fresh one if there is none).
    fn query_live(
        &mut self,
        ability: &api::Ability,
        call: &api::QueryCall,
        state: &GameState,
    ) -> Result<api::QueryAnswer, String> {
        use api::{QueryAnswer as A, QueryCall as Q};
        if let Some(answer) = self.answer_of_older_version(ability, call, state) {
            return answer;
        }
        self.with_call(state, call.query().name(), |k, store| match k {
            Bound::V1_0(k) => {
                let q = k.swtcg_keyword_queries();
                let ability = v1_0::to_wit_ability(ability);
                Ok(match call {
                    Q::StatModifierFor { .. } => A::Stats(api::Stats::default()),
                    Q::Chosen { .. } => A::Effects(Vec::new()),
                    Q::Understands => A::Flag(true),
                    Q::StacksUnder { .. } | Q::SecretRoll | Q::Undisruptable => A::Flag(false),
                Q::GrantedAbilitiesFor { .. } => A::Abilities(Vec::new()),
                    Q::RemovedKeywords { .. } => A::Abilities(Vec::new()),
                    Q::BuildActivations { .. } => A::Activations(Vec::new()),
                    Q::PilotRoom { .. } => no_room(),
                    _ => query_call!(v1_0, q, store, &ability, call),
                })
            }
            Bound::V1_1(k) => {
                let q = k.swtcg_keyword_queries();
                let ability = v1_1::to_wit_ability(ability);
                Ok(match call {
                    Q::StatModifierFor { unit } => A::Stats(v1_1::from_wit_stat_totals(
                        q.call_stat_modifier_for(store, &ability, *unit)?,
                    )),
                    Q::Chosen { index } => effects_answer(
                        q.call_chosen(store, &ability, *index)?,
                        v1_1::from_wit_effect,
                    )?,
                    Q::Understands => A::Flag(q.call_understands(store, &ability)?),
                    Q::StacksUnder { card } => {
                        let card = v1_1::to_wit_card(card);
                        A::Flag(q.call_stacks_under(store, &ability, &card)?)
                    }
                    Q::SecretRoll => A::Flag(q.call_secret_roll(store, &ability)?),
                    Q::RemovedKeywords { unit } => {
                        A::Abilities(q.call_removed_keywords(store, &ability, *unit)?)
                    }
                    Q::BuildActivations { .. } => A::Activations(Vec::new()),
                    Q::PilotRoom { .. } => no_room(),
                    Q::Undisruptable => A::Flag(false),
                Q::GrantedAbilitiesFor { .. } => A::Abilities(Vec::new()),
                    _ => query_call!(v1_1, q, store, &ability, call),
                })
            }
            Bound::V1_2(k) => Ok(keyed_query!(k, store, ability, call, bindings_1_2, v1_2, {
                Q::BuildActivations { .. } => A::Activations(Vec::new()),
                Q::PilotRoom { .. } => no_room(),
                Q::Undisruptable => A::Flag(false),
                Q::GrantedAbilitiesFor { .. } => A::Abilities(Vec::new()),
            })),
            Bound::V1_3(k) => Ok(keyed_query!(k, store, ability, call, bindings_1_3, v1_3, {
                Q::BuildActivations { event } => build_activations!(k, store, ability, event, bindings_1_3, v1_3),
                Q::PilotRoom { .. } => no_room(),
                Q::Undisruptable => A::Flag(false),
                Q::GrantedAbilitiesFor { .. } => A::Abilities(Vec::new()),
            })),
            Bound::Core(k) => k.query(store, ability, call),
            Bound::V1_4(k) => Ok(keyed_query!(k, store, ability, call, bindings_1_4, v1_4, {
                Q::BuildActivations { event } => build_activations!(k, store, ability, event, bindings_1_4, v1_4),
                Q::PilotRoom { .. } => no_room(),
                Q::Undisruptable => A::Flag(false),
                Q::GrantedAbilitiesFor { .. } => A::Abilities(Vec::new()),
            })),
            Bound::V1_5(k) => Ok(keyed_query!(k, store, ability, call, bindings_1_5, v1_5, {
                Q::BuildActivations { event } => build_activations!(k, store, ability, event, bindings_1_5, v1_5),
                Q::PilotRoom { .. } => no_room(),
                Q::Undisruptable => A::Flag(false),
                Q::GrantedAbilitiesFor { .. } => A::Abilities(Vec::new()),
            })),
            Bound::V1_6(k) => Ok(keyed_query!(k, store, ability, call, bindings_1_6, v1_6, {
                Q::BuildActivations { event } => build_activations!(k, store, ability, event, bindings_1_6, v1_6),
                Q::PilotRoom { .. } => no_room(),
                Q::Undisruptable => A::Flag(false),
                Q::GrantedAbilitiesFor { .. } => A::Abilities(Vec::new()),
            })),
            Bound::V1_7(k) => Ok(keyed_query!(k, store, ability, call, bindings_1_7, v1_7, {
                Q::RemovedKeywordsAll => removed_keywords_all!(k, store, ability, bindings_1_7, v1_7),
                Q::BuildActivations { event } => build_activations!(k, store, ability, event, bindings_1_7, v1_7),
                Q::PilotRoom { subtypes } => pilot_room!(k, store, ability, subtypes, bindings_1_7, v1_7),
                Q::Undisruptable => A::Flag(false),
                Q::GrantedAbilitiesFor { .. } => A::Abilities(Vec::new()),
            })),
            Bound::V1_8(k) => Ok(keyed_query!(k, store, ability, call, bindings_1_8, v1_8, {
                Q::RemovedKeywordsAll => removed_keywords_all!(k, store, ability, bindings_1_8, v1_8),
                Q::BuildActivations { event } => build_activations!(k, store, ability, event, bindings_1_8, v1_8),
                Q::PilotRoom { subtypes } => pilot_room!(k, store, ability, subtypes, bindings_1_8, v1_8),
                Q::Undisruptable => {
                    let q = k.swtcg_keyword_queries();
                    let ability = ability_ref!(bindings_1_8, store, ability);
                    A::Flag(q.call_undisruptable(&mut *store, ability)?)
                }
                Q::GrantedAbilitiesFor { .. } => A::Abilities(Vec::new()),
            })),
            Bound::V1_9(k) => Ok(keyed_query!(k, store, ability, call, bindings_1_9, v1_9, {
                Q::RemovedKeywordsAll => removed_keywords_all!(k, store, ability, bindings_1_9, v1_9),
                Q::BuildActivations { event } => build_activations!(k, store, ability, event, bindings_1_9, v1_9),
                Q::PilotRoom { subtypes } => pilot_room!(k, store, ability, subtypes, bindings_1_9, v1_9),
                Q::Undisruptable => {
                    let q = k.swtcg_keyword_queries();
                    let ability = ability_ref!(bindings_1_9, store, ability);
                    A::Flag(q.call_undisruptable(&mut *store, ability)?)
                }
                Q::GrantedAbilitiesFor { unit } => {
                    let q = k.swtcg_keyword_queries();
                    let ability = ability_ref!(bindings_1_9, store, ability);
                    A::Abilities(q.call_granted_abilities_for(&mut *store, ability, *unit)?)
                }
            })),
            Bound::V1_10(k) => Ok(queries_since_1_10!(k, store, ability, call, bindings_1_10, v1_10, {})),
            Bound::V1_11(k) => Ok(queries_since_1_10!(k, store, ability, call, bindings_1_11, v1_11, {})),
            Bound::V1_12(k) => Ok(queries_since_1_12!(k, store, ability, call, bindings_1_12, v1_12, {})),
            Bound::V1_13(k) => Ok(queries_since_1_12!(k, store, ability, call, bindings_1_13, v1_13, {})),
            Bound::V1_14(k) => Ok(queries_since_1_12!(k, store, ability, call, bindings_1_14, v1_14, {
                Q::Forbids { act, controller } => forbids!(k, store, ability, act, controller, bindings_1_14, v1_14),
            })),
            Bound::V1_15(k) => Ok(queries_since_1_15!(k, store, ability, call, bindings_1_15, v1_15)),
            Bound::V1_16(k) => Ok(queries_since_1_15!(k, store, ability, call, bindings_1_16, v1_16)),
            Bound::V1_17(k) => Ok(queries_since_1_15!(k, store, ability, call, bindings_1_17, v1_17)),
            Bound::V1_18(k) => Ok(queries_since_1_15!(k, store, ability, call, bindings_1_18, v1_18)),
            Bound::V1_19(k) => Ok(queries_since_1_15!(k, store, ability, call, bindings_1_19, v1_19)),
            Bound::V1_20(k) => Ok(queries_since_1_15!(k, store, ability, call, bindings, v1_20)),
        })
    }
}

/// The answer of `pilot-room` (API 1.7) for a plugin of an older version, which can't have
/// been asked it: no room for Pilots. Before 1.7 the host read the room from the unit's texts
/// itself, so an older plugin claiming those texts (`card-pilot-room` 1.1) gives none now
/// (docs/plugin-protocol.md, "Versions").
fn no_room() -> api::QueryAnswer {
    api::QueryAnswer::PilotRoom(api::RoomForPilots::default())
}

/// A query's list of effects as an answer; a plugin error or an unconvertible effect fails
/// the call.
fn effects_answer<W>(
    answer: Result<Vec<W>, String>,
    convert: fn(W) -> Result<api::Effect, String>,
) -> wasmtime::Result<api::QueryAnswer> {
    let effects = answer.map_err(|message| {
        wasmtime::Error::msg(swtcg_rules::hooks::plugin_returned_error(&message))
    })?;
    effects
        .into_iter()
        .map(convert)
        .collect::<Result<Vec<_>, _>>()
        .map(api::QueryAnswer::Effects)
        .map_err(wasmtime::Error::msg)
}

/// Why a plugin could not be instantiated. Instantiating runs the module's start function and
/// its `_initialize` export with the plugin's fuel, so running out of fuel there is said as such:
/// it is code run before any call (wasmtime 48 charges `memory.init` a unit per byte, so a start
/// function copying a 64 MB data segment ran out of fuel, which the plain trap did not say).
fn instantiation_error(err: &wasmtime::Error) -> WasmError {
    let why = match err.downcast_ref::<wasmtime::Trap>() {
        Some(wasmtime::Trap::OutOfFuel) => "its start function or `_initialize` ran out of fuel \
            (the ruleset's plugin_fuel; bulk memory and table operations such as `memory.init` \
            cost a unit per byte or element)"
            .to_string(),
        // wasmtime's own words for the counts of `limits::Limiter` name no limit.
        _ if err.to_string().starts_with("resource limit exceeded") => format!(
            "{err} (a plugin instance may have {} core instances, {} tables and {} memories)",
            limits::MAX_INSTANCES,
            limits::MAX_TABLES,
            limits::MAX_MEMORIES
        ),
        _ => describe_trap(err),
    };
    WasmError(format!("instantiating the plugin: {why}"))
}

/// A readable reason for a failed call: out of fuel, out of memory, a trap or a panic.
fn describe_trap(err: &wasmtime::Error) -> String {
    // A memory or table over its limit (`limits::Limiter`) says so itself.
    if let Some(breach) = err.downcast_ref::<limits::Breach>() {
        return breach.to_string();
    }
    match err.downcast_ref::<wasmtime::Trap>() {
        Some(wasmtime::Trap::OutOfFuel) => {
            "ran out of fuel (the ruleset's plugin_fuel per call)".into()
        }
        Some(wasmtime::Trap::UnreachableCodeReached) => {
            "trapped: unreachable code reached (a panic or an abort in the plugin)".into()
        }
        Some(wasmtime::Trap::Interrupt) => format!(
            "stopped by the wall-clock backstop after about {} ms",
            (EPOCH_TICK * EPOCH_DEADLINE as u32).as_millis()
        ),
        Some(trap) => format!("trapped: {trap}"),
        None => format!("{err:#}"),
    }
}
