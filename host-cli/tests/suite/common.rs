//! Helpers shared by the tests that run the built `swtcg` binary the way a user does.

#![allow(dead_code, reason = "each test binary uses some of the helpers")]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use swtcg_engine::plugins::native::NativePlugin;
use swtcg_engine::plugins::{Manifest, Registry, WasmRuntime, sha256_hex};
use swtcg_engine::ruleset::Ruleset;

/// The repository's root, where a user runs `swtcg`.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Runs `swtcg` with `args` from the repository's root.
pub fn swtcg(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_swtcg"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("the swtcg binary runs")
}

pub fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

pub fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// A file in this test process's own temporary folder; `group` keeps test binaries apart.
pub fn temp(group: &str, name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("swtcg-{group}-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// The plugin folders of `plugins/` with their crate's library name (the package name with
/// underscores), sorted.
pub fn plugin_dirs() -> Vec<(PathBuf, String)> {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(root().join("plugins"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.join("keyword.toml").is_file())
        .collect();
    dirs.sort();
    dirs.into_iter()
        .map(|d| {
            let cargo = std::fs::read_to_string(d.join("Cargo.toml")).unwrap();
            let table: toml::Table = toml::from_str(&cargo).unwrap();
            let name = table["package"]["name"].as_str().unwrap().replace('-', "_");
            (d, name)
        })
        .collect()
}

/// Variables of the outer cargo that must not reach a nested one (the list of
/// host-cli/build.rs): flags and profiles meant for the host, the outer target folder, the outer
/// jobserver and the wrapper `cargo clippy` installs.
const LEAKY_VARS: &[&str] = &[
    "CARGO_ENCODED_RUSTFLAGS",
    "RUSTFLAGS",
    "CARGO_TARGET_DIR",
    "CARGO_MAKEFLAGS",
    "MAKEFLAGS",
    "MFLAGS",
    "RUSTC_WORKSPACE_WRAPPER",
];

/// Prefixes of the same kind of variables: `CARGO_BUILD_TARGET`, `CARGO_PROFILE_RELEASE_LTO`...
const LEAKY_PREFIXES: &[&str] = &["CARGO_BUILD_", "CARGO_PROFILE_"];

/// `cargo` for a build inside a test (plugins, fixtures), run with `args` into `target_dir`,
/// without the outer cargo's variables, which would rebuild the nested workspace with the
/// host's flags or into the host's target folder.
pub fn nested_cargo(args: &[&str], target_dir: &Path) -> Command {
    let mut cargo = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()));
    cargo.args(args).arg("--target-dir").arg(target_dir);
    for (name, _) in std::env::vars_os() {
        let Some(name) = name.to_str() else { continue };
        if LEAKY_VARS.contains(&name) || LEAKY_PREFIXES.iter().any(|p| name.starts_with(p)) {
            cargo.env_remove(name);
        }
    }
    cargo
}

/// Builds the plugins workspace natively (cdylibs) into one folder shared by every test that
/// needs the native builds (cargo skips the build when it is fresh). The tests compare what the
/// native and wasm builds decide, not how fast they run, so the libraries are debug builds
/// without debug info: twice as fast to build as the release profile without LTO (60 s against
/// 124 s on 2 cores), which the bench's own measurements use instead (engine/benches).
pub fn native_plugins() -> PathBuf {
    let target = Path::new(env!("CARGO_TARGET_TMPDIR")).join("native-plugins");
    let manifest = root().join("plugins/Cargo.toml");
    let mut cargo = nested_cargo(
        &[
            "build",
            "--workspace",
            "--manifest-path",
            manifest.to_str().unwrap(),
        ],
        &target,
    );
    cargo.env("CARGO_PROFILE_DEV_DEBUG", "false");
    let status = cargo.status().expect("cargo runs");
    assert!(status.success(), "building the native plugins failed");
    target.join("debug")
}

/// The core modules host-cli/build.rs built for the bundled components.
pub fn wasm_dir() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("../plugins-wasm/wasm32-unknown-unknown/release")
}

/// Every keyword plugin's manifest, with its crate's library name, from `plugin_dirs`.
fn plugin_manifests() -> Vec<(Manifest, String)> {
    plugin_dirs()
        .into_iter()
        .map(|(dir, stem)| {
            let text = std::fs::read_to_string(dir.join("keyword.toml")).unwrap();
            (Manifest::parse("keyword.toml", &text).unwrap(), stem)
        })
        .collect()
}

/// A registry with every keyword plugin's bundled wasm build.
pub fn wasm_registry() -> Registry {
    let runtime = WasmRuntime::new().unwrap();
    let wasm_dir = wasm_dir();
    let ruleset = Ruleset::default();
    let mut wasm = Registry::new();
    for (manifest, stem) in plugin_manifests() {
        let bytes = std::fs::read(wasm_dir.join(format!("{stem}.wasm"))).unwrap();
        let compiled = runtime.compile(&bytes).unwrap();
        wasm.add(
            &runtime,
            manifest,
            &compiled,
            sha256_hex(&bytes),
            stem,
            (ruleset.plugin_memory, ruleset.plugin_fuel),
        )
        .unwrap();
    }
    wasm
}

/// Both registries with every keyword plugin: the bundled wasm builds and the native builds.
pub fn registries() -> (Registry, Registry) {
    let wasm = wasm_registry();
    let native_dir = native_plugins();
    let mut native = Registry::new();
    for (manifest, stem) in plugin_manifests() {
        let library = native_dir.join(format!(
            "{}{stem}{}",
            std::env::consts::DLL_PREFIX,
            std::env::consts::DLL_SUFFIX
        ));
        // SAFETY: these are this repository's own plugins, just built.
        let plugin = unsafe { NativePlugin::load(&library) }.unwrap();
        native
            .add_native(manifest, plugin, String::new(), stem)
            .unwrap();
    }
    (wasm, native)
}
