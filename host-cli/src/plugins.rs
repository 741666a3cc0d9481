//! Loading keyword plugins for a run: the bundled ones compiled into the binary and plugin
//! folders named with `--plugins`, compiled through the compile cache (`compile_cache`).

use std::borrow::Cow;
use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use swtcg_engine::Ruleset;
use swtcg_engine::lock::{ENGINE, Lock, LockedPlugin};
use swtcg_engine::plugins::{AbiPath, MAX_WASM_BYTES, Manifest, Registry, WasmRuntime, sha256_hex};

use crate::bundled::BUNDLED;
use crate::compile_cache::{cache_dir, compile};
use crate::plugin_files;

/// A plugin found on disk or in the binary, not yet loaded.
pub struct Found {
    pub manifest: Manifest,
    /// The wasm component: a bundled plugin's is the binary's own bytes, not copied.
    pub wasm: Cow<'static, [u8]>,
    /// The sha256 of `wasm` when it is known without hashing it (a bundled plugin's, which
    /// build.rs computed).
    pub known_sha256: Option<&'static str>,
    /// `bundled` or the manifest's path.
    pub source: String,
}

impl Found {
    /// The sha256 of the wasm (lowercase hex): known for a bundled plugin, hashed otherwise.
    pub fn sha256(&self) -> String {
        match self.known_sha256 {
            Some(known) => known.to_string(),
            None => sha256_hex(&self.wasm),
        }
    }
}

/// The bundled plugins.
pub fn bundled() -> anyhow::Result<Vec<Found>> {
    BUNDLED
        .iter()
        .map(|p| {
            let origin = format!("bundled:plugins/{}/keyword.toml", p.dir);
            let manifest = Manifest::parse(&origin, p.manifest)?;
            Ok(Found {
                manifest,
                wasm: Cow::Borrowed(p.component),
                known_sha256: Some(p.sha256),
                source: "bundled".into(),
            })
        })
        .collect()
}

/// Whether something is at `path`, without following a symlink there: a `keyword.toml` that is
/// a FIFO, a folder or a symlink leading elsewhere is found, and then refused with its reason by
/// `read_plugin`, rather than passed over in silence.
fn exists(path: &Path) -> bool {
    std::fs::symlink_metadata(path).is_ok()
}

/// The plugins of a folder: the folder itself if it holds a `keyword.toml`, else each
/// sub-folder that does. Each manifest must name its wasm file in `[wasm]`.
pub fn in_dir(dir: &Path) -> anyhow::Result<Vec<Found>> {
    let mut manifests = Vec::new();
    if exists(&dir.join("keyword.toml")) {
        manifests.push(dir.join("keyword.toml"));
    } else {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
            .with_context(|| format!("reading plugin folder {}", dir.display()))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.is_dir())
            .map(|p| p.join("keyword.toml"))
            .filter(|p| exists(p))
            .collect();
        entries.sort();
        manifests.extend(entries);
    }
    if manifests.is_empty() {
        bail!(
            "{}: no keyword.toml in this folder or its sub-folders",
            dir.display()
        );
    }
    manifests.iter().map(|path| read_plugin(path)).collect()
}

/// Reads one manifest and the wasm it names. Both must be regular files inside the manifest's
/// folder after resolving symlinks, the manifest at most `MAX_MANIFEST_BYTES` and the wasm at
/// most `MAX_WASM_BYTES` (`plugin_files::read_inside`): a manifest naming `../../etc/passwd`,
/// `/dev/zero`, a FIFO or a symlink out of its folder is refused before a byte is read.
pub fn read_plugin(path: &Path) -> anyhow::Result<Found> {
    let origin = path.display().to_string();
    let manifest = Manifest::parse(&origin, &plugin_files::read_manifest(path)?)?;
    let Some(wasm) = &manifest.wasm else {
        bail!("{origin}: the manifest has no [wasm] table naming the plugin's wasm file");
    };
    let folder = plugin_files::plugin_folder(path)?;
    let what = format!("[wasm] file {}", wasm.file);
    let bytes = plugin_files::read_inside(
        &origin,
        &what,
        &folder,
        &folder.join(&wasm.file),
        MAX_WASM_BYTES,
    )?;
    Ok(Found {
        manifest,
        wasm: Cow::Owned(bytes),
        known_sha256: None,
        source: origin,
    })
}

/// Options for building a registry.
pub struct Load<'a> {
    /// Folders whose plugins replace every other plugin of their id or keyword, from `dirs` as
    /// well as bundled (a replay under other plugin versions).
    pub overrides: &'a [PathBuf],
    pub dirs: &'a [PathBuf],
    pub ruleset: &'a Ruleset,
    pub use_cache: bool,
    /// A folder of native builds of the bundled plugins to use instead of their wasm.
    pub native: Option<&'a Path>,
    /// The call path of the wasm plugins of the newest API.
    pub abi: AbiPath,
    /// The run's lock: the plugins found are checked against it before any is compiled, read
    /// from the compile cache or instantiated.
    pub lock: Option<&'a Lock>,
}

/// Compiles a found plugin through the cache (`compile`) and adds it to `registry`, its wasm
/// hashed once for both; `what` names the plugin in an error.
pub fn add_wasm(
    registry: &mut Registry,
    runtime: &WasmRuntime,
    found: Found,
    what: &str,
    cache: Option<&Path>,
    limits: (u64, u64),
) -> anyhow::Result<()> {
    let sha256 = found.sha256();
    add_hashed(registry, runtime, found, sha256, what, cache, limits)
}

/// `add_wasm` for a wasm already hashed (`sha256`: `sha256_hex` of its bytes).
fn add_hashed(
    registry: &mut Registry,
    runtime: &WasmRuntime,
    found: Found,
    sha256: String,
    what: &str,
    cache: Option<&Path>,
    limits: (u64, u64),
) -> anyhow::Result<()> {
    let compiled =
        compile(runtime, &found.wasm, &sha256, cache).with_context(|| what.to_string())?;
    registry.add(
        runtime,
        found.manifest,
        &compiled,
        sha256,
        found.source,
        limits,
    )?;
    Ok(())
}

/// A plugin a run will load, hashed, before anything of it is compiled or instantiated.
struct Planned {
    found: Found,
    sha256: String,
    /// The native build to run instead of the wasm (`--native`).
    native: Option<PathBuf>,
}

/// A plugin as a lock names it.
pub fn as_locked(manifest: &Manifest, sha256: &str, source: &str) -> LockedPlugin {
    LockedPlugin {
        id: manifest.id.clone(),
        version: manifest.version.to_string(),
        keywords: manifest.names().map(String::from).collect(),
        sha256: sha256.to_string(),
        source: source.to_string(),
    }
}

/// Whether a plugin (bundled, or of a folder under an override) is replaced by a folder plugin:
/// one with its id (a newer build of the same plugin), or one claiming one of its keywords (a
/// rule variant).
fn replaced_by(bundled: &Manifest, folders: &[Planned]) -> bool {
    folders.iter().any(|p| {
        let m = &p.found.manifest;
        m.id == bundled.id
            || m.names()
                .any(|n| bundled.names().any(|b| b.eq_ignore_ascii_case(n)))
    })
}

/// Builds the registry for a run: plugins of `--plugins` folders first (two of them with one
/// id, or claiming one keyword, is an error), then the bundled plugins not replaced by a folder
/// plugin (of their id or one of their keywords), so that a folder can replace a bundled plugin.
/// Under a lock, every plugin is hashed and checked against it first: a plugin outside the lock
/// is refused before it is compiled, read from the cache or instantiated.
pub fn load(options: &Load) -> anyhow::Result<Registry> {
    let mut runtime = WasmRuntime::new()?;
    runtime.set_abi_path(options.abi);
    let cache = if options.use_cache { cache_dir() } else { None };
    let limits = (options.ruleset.plugin_memory, options.ruleset.plugin_fuel);
    let mut planned = Vec::new();
    for dir in options.overrides {
        for found in in_dir(dir)? {
            let sha256 = found.sha256();
            planned.push(Planned {
                found,
                sha256,
                native: None,
            });
        }
    }
    let overriding = planned.len();
    for dir in options.dirs {
        for found in in_dir(dir)? {
            if replaced_by(&found.manifest, &planned[..overriding]) {
                continue;
            }
            let sha256 = found.sha256();
            planned.push(Planned {
                found,
                sha256,
                native: None,
            });
        }
    }
    let folder_plugins = planned.len();
    for (found, dir) in bundled()?.into_iter().zip(BUNDLED.iter().map(|b| b.dir)) {
        if replaced_by(&found.manifest, &planned[..folder_plugins]) {
            continue;
        }
        let (sha256, native) = match options.native {
            Some(folder) => {
                let file = native_file(folder, dir);
                let bytes = std::fs::read(&file)
                    .with_context(|| format!("reading the native plugin {}", file.display()))?;
                (sha256_hex(&bytes), Some(file))
            }
            None => (found.sha256(), None),
        };
        planned.push(Planned {
            found,
            sha256,
            native,
        });
    }
    if let Some(lock) = options.lock {
        let as_locked: Vec<LockedPlugin> = planned
            .iter()
            .map(|p| {
                let source = p
                    .native
                    .as_ref()
                    .map_or(p.found.source.clone(), |f| f.display().to_string());
                as_locked(&p.found.manifest, &p.sha256, &source)
            })
            .collect();
        // The set files are checked against the lock where the cards are loaded
        // (`Setup::load_host`); here the lock is held against its own, so that only the engine,
        // the ruleset and the plugins count before anything is compiled.
        lock.check(ENGINE, options.ruleset, &as_locked, &lock.card_sets)?;
    }
    let mut registry = Registry::new();
    for plan in planned {
        let what = if plan.found.source == "bundled" {
            format!("bundled plugin {}", plan.found.manifest.id)
        } else {
            plan.found.source.clone()
        };
        match plan.native {
            Some(file) => load_native(&mut registry, plan.found, &file, plan.sha256)?,
            // Under a lock every wasm here has the sha256 the lock names for its id (checked
            // above), and `compile` reads only a cache entry whose header names that sha256.
            None => add_hashed(
                &mut registry,
                &runtime,
                plan.found,
                plan.sha256,
                &what,
                cache.as_deref(),
                limits,
            )?,
        }
    }
    Ok(registry)
}

/// The native build of a bundled plugin: `lib<crate>.so` (or the platform's name) for the
/// crate `swtcg-keyword-<dir>` (card plugins too: `swtcg-keyword-card-rukh` in `card-rukh/`).
fn native_file(folder: &Path, dir: &str) -> PathBuf {
    use std::env::consts::{DLL_PREFIX, DLL_SUFFIX};
    folder.join(format!(
        "{DLL_PREFIX}swtcg_keyword_{}{DLL_SUFFIX}",
        dir.replace('-', "_")
    ))
}

/// Loads the native build of a bundled plugin from `file`, whose bytes hash to `sha256`.
#[cfg(feature = "native")]
fn load_native(
    registry: &mut Registry,
    found: Found,
    file: &Path,
    sha256: String,
) -> anyhow::Result<()> {
    // SAFETY: `--native` is the trusted path: the user names a folder of native builds of
    // this repository's own plugins.
    let plugin = unsafe { swtcg_engine::plugins::native::NativePlugin::load(file) }
        .map_err(anyhow::Error::msg)?;
    registry.add_native(found.manifest, plugin, sha256, file.display().to_string())?;
    Ok(())
}

#[cfg(not(feature = "native"))]
fn load_native(_: &mut Registry, _: Found, _: &Path, _: String) -> anyhow::Result<()> {
    bail!("this swtcg was built without the `native` feature")
}
