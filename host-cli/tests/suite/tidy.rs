//! The architecture invariants that a reader can't keep in their head, checked over the source
//! tree (rust-analyzer's `tidy.rs` is the model): every file says its job, wasmtime stays in the
//! wasm host, no file grows past 1,500 lines without a reason, and the code map of
//! ARCHITECTURE.md names every source file.

use std::path::{Path, PathBuf};

use crate::common::root;

/// The folders whose Rust files are checked: the workspace's crates, the plugins and the fuzz
/// targets. Build output and hidden folders inside them are skipped.
const CHECKED: &[&str] = &["engine", "plugin-api", "host-cli", "plugins", "fuzz"];

/// The files that may name wasmtime's API: the wasm host (ARCHITECTURE.md, "wasmtime is used
/// in `engine/src/plugins/wasm.rs` and its submodules only").
const WASM_HOST: &[&str] = &["engine/src/plugins/wasm.rs", "engine/src/plugins/wasm/"];

/// A path into wasmtime's API and a `use` of it, spelt in two pieces so that this file doesn't
/// name them itself.
const WASMTIME_PATH: &str = concat!("wasm", "time::");
const WASMTIME_USE: &str = concat!("use wasm", "time");

/// A file may be longer than this only with a line giving the reason, starting with
/// [`LONG_FILE_REASON`].
const MAX_LINES: usize = 1_500;

/// The start of the line that says why a file is longer than [`MAX_LINES`].
const LONG_FILE_REASON: &str = "// tidy: long file: ";

/// The crates' source folders, whose files the code map must name.
const MAPPED: &[&str] = &["engine/src", "plugin-api/src", "host-cli/src"];

/// Every `.rs` file under `dir`, as a path relative to the repository root with `/`.
fn rust_files(dir: &Path, into: &mut Vec<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if name.starts_with('.') || name == "target" {
            continue;
        }
        if path.is_dir() {
            rust_files(&path, into);
        } else if name.ends_with(".rs") {
            let relative = path.strip_prefix(root()).unwrap_or(&path).to_path_buf();
            into.push(slashed(&relative));
        }
    }
}

fn slashed(path: &Path) -> String {
    path.components()
        .filter(|c| !matches!(c, std::path::Component::CurDir))
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect::<Vec<_>>()
        .join("/")
}

fn checked_files() -> Vec<String> {
    let mut files = Vec::new();
    for dir in CHECKED {
        rust_files(&root().join(dir), &mut files);
    }
    files.sort();
    assert!(
        files.len() > 200,
        "the walk found only {} files",
        files.len()
    );
    files
}

fn read(file: &str) -> String {
    std::fs::read_to_string(root().join(file)).unwrap()
}

/// Lists `problems` in the panic message, one a line, if there are any.
fn none(what: &str, problems: Vec<String>) {
    assert!(problems.is_empty(), "{what}:\n  {}", problems.join("\n  "));
}

#[test]
fn every_rust_file_starts_with_a_line_saying_its_job() {
    let problems = checked_files()
        .into_iter()
        .filter(|file| !read(file).starts_with("//!"))
        .collect();
    none("files without a `//!` first line", problems);
}

#[test]
fn only_the_wasm_host_names_wasmtime() {
    let problems = checked_files()
        .into_iter()
        .filter(|file| !WASM_HOST.iter().any(|host| file.starts_with(host)))
        .filter(|file| {
            read(file).lines().any(|line| {
                let code = line.split("//").next().unwrap_or("");
                code.contains(WASMTIME_PATH) || code.trim_start().starts_with(WASMTIME_USE)
            })
        })
        .collect();
    none(
        "files outside the wasm host that name wasmtime's API",
        problems,
    );
    // Only the engine depends on wasmtime (and the workspace pins its version).
    for manifest in ["plugin-api/Cargo.toml", "host-cli/Cargo.toml"] {
        let text = read(manifest);
        let table: toml::Table = toml::from_str(&text).unwrap();
        for section in ["dependencies", "dev-dependencies", "build-dependencies"] {
            let named = table
                .get(section)
                .and_then(|deps| deps.get("wasmtime"))
                .is_some();
            assert!(!named, "{manifest} depends on wasmtime in [{section}]");
        }
    }
}

#[test]
fn no_file_is_over_1500_lines_without_a_reason() {
    let problems = checked_files()
        .into_iter()
        .filter_map(|file| {
            let text = read(&file);
            let lines = text.lines().count();
            let reason = text
                .lines()
                .any(|line| line.trim_start().starts_with(LONG_FILE_REASON));
            (lines > MAX_LINES && !reason).then(|| format!("{file}: {lines} lines"))
        })
        .collect();
    none(
        &format!("files over {MAX_LINES} lines without a `{LONG_FILE_REASON}...` line"),
        problems,
    );
}

#[test]
fn the_code_map_names_every_source_file() {
    let map = read("ARCHITECTURE.md");
    let mut files = Vec::new();
    for dir in MAPPED {
        rust_files(&root().join(dir), &mut files);
    }
    let problems = files
        .into_iter()
        .filter(|file| {
            let path = PathBuf::from(file);
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            // Tests beside the code are named by their module; a folder module by its folder.
            if name == "tests.rs" {
                return false;
            }
            let key = if name == "mod.rs" {
                let folder = path.parent().unwrap().file_name().unwrap();
                format!("{}/", folder.to_string_lossy())
            } else {
                name
            };
            !map.contains(&key)
        })
        .collect();
    none(
        "source files the code map of ARCHITECTURE.md doesn't name",
        problems,
    );
}
