//! Every scenario of every bundled keyword plugin (`plugins/*/scenarios/*.toml`) as a test of its
//! own, run in this process through the plugins' real wasm builds.
//!
//! libtest-mimic makes one test per file found at run time (`#[test]` functions can't), so a
//! failing scenario is named by its own test and one plugin's scenarios run alone with
//! `cargo test -p swtcg --test plugin_scenarios -- overkill/`. The scenarios run as
//! `swtcg check plugins` runs them: with the bundled cards, the default ruleset, and a
//! scenario's `ruleset = "file"` read beside it, whose keyword flags some plugin must declare.

#[path = "suite/common.rs"]
mod common;

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use libtest_mimic::{Arguments, Failed, Trial};
use swtcg_engine::cards::CardDb;
use swtcg_engine::conformance::{RunOptions, parse_scenario, resolve_named_ruleset, run_scenario};
use swtcg_engine::plugins::Registry;
use swtcg_engine::plugins::flags::DeclaredFlags;
use swtcg_engine::ruleset::Ruleset;

/// Runs one scenario file against the shared registry.
fn run(path: &Path, registry: &Mutex<Registry>, flags: &DeclaredFlags) -> Result<(), Failed> {
    let name = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| format!("{name}: {e}"))?;
    let scenario = parse_scenario(&name, &text).map_err(|e| e.to_string())?;
    let dir = path.parent().unwrap().to_path_buf();
    let resolve = move |name: &str| {
        resolve_named_ruleset(&dir, name, &|ruleset, origin, text| {
            flags
                .check(ruleset, origin, Some(text))
                .map_err(|e| e.to_string())
        })
    };
    let cards = CardDb::bundled();
    let options = RunOptions {
        cards: &cards,
        ruleset: &Ruleset::default(),
        resolve_ruleset: &resolve,
    };
    // A scenario that panicked elsewhere poisons nothing a later one reads: the registry starts
    // each game afresh (`AbilityHost::new_game`).
    let mut registry = registry
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    run_scenario(&scenario, &mut *registry, &options).map_err(|failure| {
        let diff: Vec<String> = failure
            .diff
            .iter()
            .map(|(what, expected, actual)| format!("{what}: expected {expected}, got {actual}"))
            .collect();
        Failed::from(format!("{}\n{}", failure.reason, diff.join("\n")))
    })
}

/// Every plugin scenario file, as (plugin folder name, file), sorted.
fn scenario_files() -> Vec<(String, PathBuf)> {
    let mut files = Vec::new();
    for (dir, _) in common::plugin_dirs() {
        let plugin = dir.file_name().unwrap().to_string_lossy().into_owned();
        let Ok(entries) = std::fs::read_dir(dir.join("scenarios")) else {
            continue;
        };
        for entry in entries {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "toml") {
                files.push((plugin.clone(), path));
            }
        }
    }
    files.sort();
    files
}

fn main() {
    let args = Arguments::from_args();
    let files = scenario_files();
    // Each of the 60 keywords has scenarios: far fewer files means the walk went wrong.
    assert!(
        files.len() > 600,
        "found only {} plugin scenarios",
        files.len()
    );
    // One registry for the whole run (compiling 76 plugins takes seconds), shared by the trials;
    // it lives as long as the process.
    let registry = common::wasm_registry();
    let flags: &'static DeclaredFlags = Box::leak(Box::new(registry.declared_flags()));
    let shared: &'static Mutex<Registry> = Box::leak(Box::new(Mutex::new(registry)));
    let trials = files
        .into_iter()
        .map(|(plugin, path)| {
            let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
            Trial::test(format!("{plugin}/{stem}"), move || {
                run(&path, shared, flags)
            })
        })
        .collect();
    libtest_mimic::run(&args, trials).exit();
}
