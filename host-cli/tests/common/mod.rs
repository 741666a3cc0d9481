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
