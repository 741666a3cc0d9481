//! Helpers shared by the tests that run the built `swtcg` binary the way a user does.

#![allow(dead_code, reason = "each test binary uses some of the helpers")]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

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

/// Builds the plugins workspace natively (cdylibs) into one folder shared by every test that
/// needs the native builds (cargo skips the build when it is fresh). The tests compare what the
/// native and wasm builds decide, not how fast they run, so the libraries are debug builds
/// without debug info: twice as fast to build as the release profile without LTO (60 s against
/// 124 s on 2 cores), which the bench's own measurements use instead (engine/benches).
pub fn native_plugins() -> PathBuf {
    let target = Path::new(env!("CARGO_TARGET_TMPDIR")).join("native-plugins");
    let mut cargo = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()));
    cargo
        .args(["build", "--workspace", "--manifest-path"])
        .arg(root().join("plugins/Cargo.toml"))
        .arg("--target-dir")
        .arg(&target);
    for var in [
        "RUSTFLAGS",
        "CARGO_ENCODED_RUSTFLAGS",
        "CARGO_TARGET_DIR",
        "CARGO_MAKEFLAGS",
        "MAKEFLAGS",
    ] {
        cargo.env_remove(var);
    }
    cargo.env("CARGO_PROFILE_DEV_DEBUG", "false");
    let status = cargo.status().expect("cargo runs");
    assert!(status.success(), "building the native plugins failed");
    target.join("debug")
}
