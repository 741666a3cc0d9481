//! Builds the bundled keyword plugins for the criterion benches, both for wasm32 (as
//! host-cli/build.rs does, into the same folder, so a built `swtcg` makes this a no-op) and as
//! native libraries (as host-cli/tests/suite/differential.rs does, into the same folder), and loads
//! them into registries.

#![allow(dead_code, reason = "each bench binary uses some of the helpers")]

use std::path::{Path, PathBuf};
use std::process::Command;

use swtcg_engine::Ruleset;
use swtcg_engine::plugins::native::NativePlugin;
use swtcg_engine::plugins::wasmtime_free::Compiled;
use swtcg_engine::plugins::{Manifest, Registry, WasmRuntime, sha256_hex};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn target_tmp() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
}

/// Runs cargo on the plugins workspace with the outer build's settings removed.
fn cargo_build(target_dir: &Path, wasm: bool) {
    let mut cargo = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()));
    cargo
        .args(["build", "--release", "--workspace", "--manifest-path"])
        .arg(repo().join("plugins/Cargo.toml"))
        .arg("--target-dir")
        .arg(target_dir);
    for (name, _) in std::env::vars_os() {
        let name = name.to_string_lossy().into_owned();
        if name.starts_with("CARGO_") || name == "RUSTFLAGS" || name.ends_with("MAKEFLAGS") {
            cargo.env_remove(name);
        }
    }
    if wasm {
        cargo.args(["--target", "wasm32-unknown-unknown"]);
    } else {
        // As in the differential test: no LTO, so that the native libraries build quickly.
        cargo
            .env("CARGO_PROFILE_RELEASE_LTO", "false")
            .env("CARGO_PROFILE_RELEASE_CODEGEN_UNITS", "16");
    }
    let status = cargo.status().expect("cargo runs");
    assert!(status.success(), "building the plugins failed");
}

/// Each plugin folder's manifest and crate file stem (`swtcg_keyword_<dir>`).
pub fn plugin_dirs() -> Vec<(Manifest, String)> {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(repo().join("plugins"))
        .expect("plugins/ is readable")
        .map(|e| e.expect("plugins/ is readable").path())
        .filter(|p| p.join("keyword.toml").is_file())
        .collect();
    dirs.sort();
    dirs.into_iter()
        .map(|dir| {
            let text = std::fs::read_to_string(dir.join("keyword.toml")).expect("manifest");
            let manifest = Manifest::parse("keyword.toml", &text).expect("manifest parses");
            let name = dir.file_name().and_then(|n| n.to_str()).unwrap_or_default();
            (
                manifest,
                format!("swtcg_keyword_{}", name.replace('-', "_")),
            )
        })
        .collect()
}

/// The wasm core modules of every plugin, built if needed.
pub fn wasm_modules() -> Vec<(Manifest, Vec<u8>)> {
    let target = target_tmp().join("../plugins-wasm");
    cargo_build(&target, true);
    let dir = target.join("wasm32-unknown-unknown/release");
    plugin_dirs()
        .into_iter()
        .map(|(manifest, stem)| {
            let bytes = std::fs::read(dir.join(format!("{stem}.wasm"))).expect("wasm built");
            (manifest, bytes)
        })
        .collect()
}

/// A registry of every plugin from compiled components.
pub fn wasm_registry_from(
    runtime: &WasmRuntime,
    plugins: &[(Manifest, Vec<u8>, Compiled)],
) -> Registry {
    let ruleset = Ruleset::default();
    let mut registry = Registry::new();
    for (manifest, bytes, compiled) in plugins {
        registry
            .add(
                runtime,
                manifest.clone(),
                compiled,
                sha256_hex(bytes),
                manifest.id.clone(),
                (ruleset.plugin_memory, ruleset.plugin_fuel),
            )
            .expect("the plugin loads");
    }
    registry
}

/// A registry of every plugin as wasm.
pub fn wasm_registry() -> Registry {
    let runtime = WasmRuntime::new().expect("wasmtime starts");
    let compiled: Vec<_> = wasm_modules()
        .into_iter()
        .map(|(manifest, bytes)| {
            let compiled = runtime.compile(&bytes).expect("the plugin compiles");
            (manifest, bytes, compiled)
        })
        .collect();
    wasm_registry_from(&runtime, &compiled)
}

/// A registry of every plugin as a native library, built if needed.
pub fn native_registry() -> Registry {
    let target = target_tmp().join("native-plugins");
    cargo_build(&target, false);
    let mut registry = Registry::new();
    for (manifest, stem) in plugin_dirs() {
        let library = target.join("release").join(format!(
            "{}{stem}{}",
            std::env::consts::DLL_PREFIX,
            std::env::consts::DLL_SUFFIX
        ));
        // SAFETY: this repository's own plugins, just built.
        let plugin = unsafe { NativePlugin::load(&library) }.expect("the native plugin loads");
        registry
            .add_native(manifest, plugin, String::new(), stem)
            .expect("the plugin registers");
    }
    registry
}
