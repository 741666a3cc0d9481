//! The API version history: plugins built against earlier API versions (1.0.0 to 1.8.0, 1.11.0
//! to 1.19.0) load in the newest host and still pass their keywords' scenarios.
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
/// one that reads the Equipment of Equip's scenarios; for 1.6, the one that reads the Battle
/// cards Enhance adds to).
type Fixture = (
    &'static str,
    &'static str,
    &'static [&'static str],
    &'static [&'static str],
);
const OLD: [Fixture; 18] = [
    ("1.0.0", "api-1.0", &["accuracy", "fury"], &[]),
    ("1.1.0", "api-1.1", &["evade", "tenacity"], &[]),
    ("1.2.0", "api-1.2", &["ferocity", "intimidation"], &[]),
    ("1.3.0", "api-1.3", &["equip", "lucky"], &["card-equipment"]),
    ("1.4.0", "api-1.4", &["avenge", "area-damage"], &[]),
    ("1.5.0", "api-1.5", &["critical-hit", "accuracy"], &[]),
    ("1.6.0", "api-1.6", &["enhance"], &["card-battle"]),
    ("1.7.0", "api-1.7", &["evade", "redirect"], &[]),
    ("1.8.0", "api-1.8", &["evade", "card-disrupt"], &[]),
    ("1.11.0", "api-1.11", &["evade", "critical-hit"], &[]),
    ("1.12.0", "api-1.12", &["evade", "critical-hit"], &[]),
    ("1.13.0", "api-1.13", &["evade", "critical-hit"], &[]),
    ("1.14.0", "api-1.14", &["evade", "critical-hit"], &[]),
    ("1.15.0", "api-1.15", &["evade", "critical-hit"], &[]),
    ("1.16.0", "api-1.16", &["evade", "critical-hit"], &[]),
    ("1.17.0", "api-1.17", &["evade", "critical-hit"], &[]),
    ("1.18.0", "api-1.18", &["evade", "critical-hit"], &[]),
    ("1.19.0", "api-1.19", &["evade", "critical-hit"], &[]),
];

/// The Pilot keyword and the card plugin `card-pilot-room` as built against 1.6.0: the card
/// plugin claims the Pilot-room texts, which that host read itself. (Pilot's own scenarios need
/// the plugins of the keywords its Pilots grant, so they are not run here.)
const OLD_PILOTS: (&str, &[&str]) = ("api-1.6", &["pilot", "card-pilot-room"]);

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
    let (pilots_folder, pilots) = OLD_PILOTS;
    let pilots: Fixture = ("1.6.0", pilots_folder, pilots, &[]);
    for (version, folder, keywords, cards) in OLD.into_iter().chain([pilots]) {
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

#[test]
fn plugins_of_api_1_6_0_pass_their_scenarios_in_the_newest_host() {
    passes_its_scenarios(OLD[6]);
}

#[test]
fn plugins_of_api_1_7_0_pass_their_scenarios_in_the_newest_host() {
    passes_its_scenarios(OLD[7]);
}

#[test]
fn plugins_of_api_1_8_0_pass_their_scenarios_in_the_newest_host() {
    passes_its_scenarios(OLD[8]);
}

#[test]
fn plugins_of_api_1_11_0_pass_their_scenarios_in_the_newest_host() {
    passes_its_scenarios(OLD[9]);
}

#[test]
fn plugins_of_api_1_12_0_pass_their_scenarios_in_the_newest_host() {
    passes_its_scenarios(OLD[10]);
}

#[test]
fn plugins_of_api_1_13_0_pass_their_scenarios_in_the_newest_host() {
    passes_its_scenarios(OLD[11]);
}

#[test]
fn plugins_of_api_1_14_0_pass_their_scenarios_in_the_newest_host() {
    passes_its_scenarios(OLD[12]);
}

#[test]
fn plugins_of_api_1_15_0_pass_their_scenarios_in_the_newest_host() {
    passes_its_scenarios(OLD[13]);
}

#[test]
fn plugins_of_api_1_16_0_pass_their_scenarios_in_the_newest_host() {
    passes_its_scenarios(OLD[14]);
}

#[test]
fn plugins_of_api_1_17_0_pass_their_scenarios_in_the_newest_host() {
    passes_its_scenarios(OLD[15]);
}

#[test]
fn plugins_of_api_1_18_0_pass_their_scenarios_in_the_newest_host() {
    passes_its_scenarios(OLD[16]);
}

#[test]
fn plugins_of_api_1_19_0_pass_their_scenarios_in_the_newest_host() {
    passes_its_scenarios(OLD[17]);
}

/// The ruleset a scenario of the folder `dir` names: a built-in one, or a file beside it
/// (`ruleset = "../rulesets/plugin-errors-skip.toml"`), as `swtcg check` reads it.
fn ruleset_in(dir: &Path, name: &str) -> Result<Ruleset, String> {
    if let Some(ruleset) = Ruleset::builtin(name) {
        return Ok(ruleset);
    }
    let path = dir.join(name);
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    Ruleset::from_toml(&path.display().to_string(), &text).map_err(|e| e.to_string())
}

/// The scenario of a file of `plugins/<keyword>/scenarios/`, run with `registry`.
fn run_one(registry: &mut Registry, keyword: &str, file: &str) -> Result<(), String> {
    let dir = repository().join("plugins").join(keyword).join("scenarios");
    let path = dir.join(file);
    let text = std::fs::read_to_string(&path).expect("scenario");
    let scenario = parse_scenario(&path.display().to_string(), &text).expect("parses");
    let cards = CardDb::bundled();
    let ruleset = Ruleset::default();
    let resolve = |name: &str| ruleset_in(&dir, name);
    let options = RunOptions {
        cards: &cards,
        ruleset: &ruleset,
        resolve_ruleset: &resolve,
    };
    run_scenario(&scenario, registry, &options).map_err(|f| f.reason)
}

#[test]
fn a_1_6_enhance_saying_instead_by_its_label_still_replaces_the_cards_effect() {
    // Before 1.7 an addition said that it replaces the card's effects by a label starting
    // with "Instead: "; the host's conversion of those versions reads it into `replaces`.
    let wasm = std::fs::read(fixtures("api-1.6").join("enhance/plugin.wasm")).expect("wasm");
    assert!(String::from_utf8_lossy(&wasm).contains("Instead: "));
    let runtime = WasmRuntime::new().expect("runtime");
    let mut registry = registry_of_old_plugins(&runtime, "api-1.6", &["enhance", "card-battle"]);
    // The card's +1 would make a fifth attack die, which the scenario does not script.
    run_one(
        &mut registry,
        "enhance",
        "instead-replaces-the-cards-boost.toml",
    )
    .expect("the 1.6 Enhance replaces the card's boost");
}

#[test]
fn a_1_6_card_pilot_room_claims_its_texts_but_gives_no_room() {
    // Before 1.7 the host read "This unit can have up to 3 Pilots." itself; since, the room is
    // the answer of the query `pilot-room`, which a 1.6 plugin can't give (the host answers
    // "no room" for it, docs/plugin-protocol.md "Versions"). Its texts still load as claimed,
    // but Trexlor 906 takes no second Pilot: the bundled card-pilot-room is built for 1.7.
    let (folder, plugins) = OLD_PILOTS;
    let runtime = WasmRuntime::new().expect("runtime");
    let mut registry = registry_of_old_plugins(&runtime, folder, plugins);
    let refused = run_one(
        &mut registry,
        "card-pilot-room",
        "pilot-limit-three-by-card-text.toml",
    )
    .expect_err("no room for a second Pilot");
    assert!(refused.contains("illegal"), "{refused}");
    // A unit without such a text boards as before.
    run_one(
        &mut registry,
        "pilot",
        "move-onto-a-unit-in-the-build-step.toml",
    )
    .expect("a Pilot boards a unit with room");
}

/// Runs every scenario of the fixtures' keywords with the fixtures as the only plugins.
fn passes_its_scenarios((version, folder, keywords, cards): Fixture) {
    let runtime = WasmRuntime::new().expect("runtime");
    let plugins: Vec<&str> = keywords.iter().chain(cards).copied().collect();
    let mut registry = registry_of_old_plugins(&runtime, folder, &plugins);
    let cards = CardDb::bundled();
    let ruleset = Ruleset::default();
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
        let resolve = |name: &str| ruleset_in(&dir, name);
        let options = RunOptions {
            cards: &cards,
            ruleset: &ruleset,
            resolve_ruleset: &resolve,
        };
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
