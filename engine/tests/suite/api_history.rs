//! The API version history: plugins built against earlier API versions (1.0.0 to 1.5.0)
//! load in the newest host and still pass their keywords' scenarios.
//!
//! The fixtures in `tests/fixtures/api-<version>/` are wasm files built with the guest SDK of
//! that version and committed as built, so this test keeps meaning what it says however the SDK
//! changes: the host must keep the bindings of every API version it promises
//! (`swtcg_plugin_api::API_HISTORY`).

use std::path::{Path, PathBuf};

use swtcg_engine::Ruleset;
use swtcg_engine::cards::CardDb;
use swtcg_engine::conformance::{RunOptions, parse_scenario, run_scenario};
use swtcg_engine::plugins::{Manifest, Registry, WasmRuntime, sha256_hex};

/// The fixtures: each earlier API version's folder and the keywords built against it, whose
/// scenarios run, and the card plugins built with them that those scenarios need (for 1.3, the
/// one that reads the Equipment of Equip's scenarios).
type Fixture = (
    &'static str,
    &'static str,
    &'static [&'static str],
    &'static [&'static str],
);
const OLD: [Fixture; 6] = [
    ("1.0.0", "api-1.0", &["accuracy", "fury"], &[]),
    ("1.1.0", "api-1.1", &["evade", "tenacity"], &[]),
    ("1.2.0", "api-1.2", &["ferocity", "intimidation"], &[]),
    ("1.3.0", "api-1.3", &["equip", "lucky"], &["card-equipment"]),
    ("1.4.0", "api-1.4", &["avenge", "area-damage"], &[]),
    ("1.5.0", "api-1.5", &["critical-hit", "accuracy"], &[]),
];

fn fixtures(folder: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(folder)
}

fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_default()
}

/// A registry of the fixtures of one earlier version, loaded the way `swtcg --plugins DIR`
/// loads a folder.
fn registry_of_old_plugins(runtime: &WasmRuntime, folder: &str, keywords: &[&str]) -> Registry {
    let mut registry = Registry::new();
    let ruleset = Ruleset::default();
    for keyword in keywords {
        let dir = fixtures(folder).join(keyword);
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
            .unwrap_or_else(|e| panic!("the {folder} {keyword} plugin does not load: {e}"));
    }
    registry
}

#[test]
fn the_fixtures_really_are_built_against_their_versions() {
    for (version, folder, keywords, cards) in OLD {
        for keyword in keywords.iter().chain(cards) {
            let path = fixtures(folder).join(keyword).join("plugin.wasm");
            let wasm = std::fs::read(path).expect("wasm");
            let text = String::from_utf8_lossy(&wasm);
            // Each version names its exports `swtcg:keyword/hooks@<version>`, and no other.
            for other in swtcg_plugin_api::API_HISTORY {
                let named = text.contains(&format!("swtcg:keyword/hooks@{other}"));
                assert_eq!(named, other == version, "{folder}/{keyword} and {other}");
            }
        }
        assert!(swtcg_plugin_api::API_HISTORY.contains(&version));
        assert_ne!(swtcg_plugin_api::api_version_string(), version);
    }
}

#[test]
fn plugins_of_api_1_0_0_pass_their_scenarios_in_the_newest_host() {
    passes_its_scenarios(OLD[0]);
}

#[test]
fn plugins_of_api_1_1_0_pass_their_scenarios_in_the_newest_host() {
    passes_its_scenarios(OLD[1]);
}

#[test]
fn plugins_of_api_1_2_0_pass_their_scenarios_in_the_newest_host() {
    passes_its_scenarios(OLD[2]);
}

#[test]
fn plugins_of_api_1_3_0_pass_their_scenarios_in_the_newest_host() {
    passes_its_scenarios(OLD[3]);
}

#[test]
fn plugins_of_api_1_4_0_pass_their_scenarios_in_the_newest_host() {
    passes_its_scenarios(OLD[4]);
}

#[test]
fn plugins_of_api_1_5_0_pass_their_scenarios_in_the_newest_host() {
    passes_its_scenarios(OLD[5]);
}

/// Runs every scenario of the fixtures' keywords with the fixtures as the only plugins.
fn passes_its_scenarios((version, folder, keywords, cards): Fixture) {
    let runtime = WasmRuntime::new().expect("runtime");
    let plugins: Vec<&str> = keywords.iter().chain(cards).copied().collect();
    let mut registry = registry_of_old_plugins(&runtime, folder, &plugins);
    let cards = CardDb::bundled();
    let ruleset = Ruleset::default();
    let resolve = |name: &str| Ruleset::builtin(name).ok_or_else(|| format!("no ruleset {name}"));
    let options = RunOptions {
        cards: &cards,
        ruleset: &ruleset,
        resolve_ruleset: &resolve,
    };
    // Every scenario of the two keywords; those that need another keyword's plugin, or a card
    // plugin for a card ability the scenario's cards carry, are skipped, and must say so.
    let mut ran = 0;
    let mut skipped = 0;
    for keyword in keywords {
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
                if failure.reason.starts_with("no plugin for keyword")
                    || failure.reason.starts_with("no card plugin for the ability")
                {
                    skipped += 1;
                    continue;
                }
                panic!(
                    "{} fails with the {version} plugins: {} {:?}",
                    path.display(),
                    failure.reason,
                    failure.diff
                );
            }
            ran += 1;
        }
    }
    assert!(
        ran >= 5,
        "only {ran} scenarios ran ({skipped} needed other plugins)"
    );
}
