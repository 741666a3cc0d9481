//! The API version history: plugins built against the first API version (1.0.0) load in the
//! newest host and still pass their keywords' scenarios.
//!
//! The fixtures in `tests/fixtures/api-1.0/` are wasm files built with the guest SDK of API
//! 1.0.0 and committed as built, so this test keeps meaning what it says however the SDK
//! changes: the host must keep the bindings of every API version it promises
//! (`swtcg_plugin_api::API_HISTORY`).

use std::path::{Path, PathBuf};

use swtcg_engine::Ruleset;
use swtcg_engine::cards::CardDb;
use swtcg_engine::conformance::{RunOptions, parse_scenario, run_scenario};
use swtcg_engine::plugins::{Manifest, Registry, WasmRuntime, sha256_hex};

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/api-1.0")
}

fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_default()
}

/// A registry of the 1.0.0 fixtures, loaded the way `swtcg --plugins DIR` loads a folder.
fn registry_of_old_plugins(runtime: &WasmRuntime) -> Registry {
    let mut registry = Registry::new();
    let ruleset = Ruleset::default();
    for keyword in ["accuracy", "fury"] {
        let dir = fixtures().join(keyword);
        let path = dir.join("keyword.toml");
        let text = std::fs::read_to_string(&path).expect("fixture manifest");
        let manifest = Manifest::parse(&path.display().to_string(), &text).expect("manifest");
        let wasm = std::fs::read(dir.join("plugin.wasm")).expect("fixture wasm");
        let compiled = runtime.compile(&wasm).expect("compiles");
        registry
            .add(
                runtime,
                manifest,
                &compiled,
                sha256_hex(&wasm),
                path.display().to_string(),
                (ruleset.plugin_memory, ruleset.plugin_fuel),
            )
            .unwrap_or_else(|e| panic!("the 1.0.0 {keyword} plugin does not load: {e}"));
    }
    registry
}

#[test]
fn the_fixtures_really_are_built_against_api_1_0_0() {
    for keyword in ["accuracy", "fury"] {
        let wasm = std::fs::read(fixtures().join(keyword).join("plugin.wasm")).expect("wasm");
        let text = String::from_utf8_lossy(&wasm);
        assert!(text.contains("swtcg:keyword/hooks@1.0.0"), "{keyword}");
        assert!(!text.contains("swtcg:keyword/hooks@1.1"), "{keyword}");
    }
    assert_eq!(swtcg_plugin_api::API_HISTORY[0], "1.0.0");
    assert_ne!(swtcg_plugin_api::api_version_string(), "1.0.0");
}

#[test]
fn plugins_of_api_1_0_0_pass_their_scenarios_in_the_newest_host() {
    let runtime = WasmRuntime::new().expect("runtime");
    let mut registry = registry_of_old_plugins(&runtime);
    let cards = CardDb::bundled();
    let ruleset = Ruleset::default();
    let resolve = |name: &str| Ruleset::builtin(name).ok_or_else(|| format!("no ruleset {name}"));
    let options = RunOptions {
        cards: &cards,
        ruleset: &ruleset,
        resolve_ruleset: &resolve,
    };
    // Every scenario of the two keywords; those that need another keyword's plugin are
    // skipped, and must say so.
    let mut ran = 0;
    for keyword in ["accuracy", "fury"] {
        let dir = repository().join("plugins").join(keyword).join("scenarios");
        let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
            .expect("scenario folder")
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "toml"))
            .collect();
        files.sort();
        for path in files {
            let text = std::fs::read_to_string(&path).expect("scenario");
            let scenario = parse_scenario(&path.display().to_string(), &text).expect("parses");
            if let Err(failure) = run_scenario(&scenario, &mut registry, &options) {
                if failure.reason.starts_with("no plugin for keyword") {
                    continue;
                }
                panic!(
                    "{} fails with the 1.0.0 plugins: {} {:?}",
                    path.display(),
                    failure.reason,
                    failure.diff
                );
            }
            ran += 1;
        }
    }
    assert!(ran >= 5, "only {ran} scenarios ran");
}
