//! Runs the core rules scenarios of `engine/scenarios/`, one test per file, and the shared
//! conformance examples, with no plugin: the rules core and the runner need no wasmtime.
//!
//! libtest-mimic gives each scenario file a test of its own (`cargo test -p swtcg-rules --test
//! scenarios -- retreat` runs one), which `#[test]` functions cannot do for files found at run
//! time.

use std::path::{Path, PathBuf};

use libtest_mimic::{Arguments, Failed, Trial};
use swtcg_cards::CardDb;
use swtcg_conformance::{
    Failure, RunOptions, Scenario, parse_scenario, resolve_named_ruleset, run_scenario,
};
use swtcg_rules::{NoPlugins, Ruleset};

/// Runs a parsed scenario with the bundled cards and the default ruleset.
fn run_parsed(scenario: &Scenario) -> Result<(), Failure> {
    let cards = CardDb::bundled();
    let ruleset = Ruleset::default();
    // The OQ variants of engine/rulesets, named relative to the core scenarios' folder as
    // `swtcg check` reads a ruleset relative to its scenario; no plugin declares flags here.
    let resolve = |name: &str| resolve_named_ruleset(&scenarios_dir(), name, &|_, _, _| Ok(()));
    let options = RunOptions {
        cards: &cards,
        ruleset: &ruleset,
        resolve_ruleset: &resolve,
    };
    run_scenario(scenario, &mut NoPlugins, &options)
}

fn run(path: &Path) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let scenario = parse_scenario(&path.display().to_string(), &text).map_err(|e| e.to_string())?;
    run_parsed(&scenario).map_err(|f| format!("{}: {} {:?}", path.display(), f.reason, f.diff))
}

fn files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    files
}

/// The core scenarios' folder, `engine/scenarios/`.
fn scenarios_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios")
}

/// One core scenario file as a test: it must cite a rule of game.md and pass.
fn core_scenario(path: &Path) -> Result<(), Failed> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let scenario = parse_scenario(&path.display().to_string(), &text).map_err(|e| e.to_string())?;
    if !scenario.rules.iter().any(|r| r.starts_with("game ")) {
        return Err(format!("{} cites no rule of game.md", path.display()).into());
    }
    run(path).map_err(Failed::from)
}

/// The shared examples live beside the repository (`../shared`), as in CI.
fn example(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/conformance/examples")
        .join(name)
}

fn shared_example_01_passes() {
    run(&example("01-attack-hits-on-four.toml")).unwrap();
}

fn shared_examples_needing_keywords_fail_naming_the_missing_plugin() {
    for (file, keyword) in [
        ("02-accuracy-against-armor.toml", "Accuracy"),
        ("03-stealth-cannot-be-attacked.toml", "Stealth"),
        ("04-overkill-excess-hits.toml", "Overkill"),
        ("05-retaliate-after-discard.toml", "Retaliate"),
        ("06-upkeep-paid-at-build-step-start.toml", "Upkeep"),
    ] {
        let err = run(&example(file)).unwrap_err();
        assert!(
            err.contains(&format!("no plugin for keyword {keyword}")),
            "{file}: {err}"
        );
    }
}

fn a_scenario_with_wrong_expectations_fails_with_a_diff() {
    let text = std::fs::read_to_string(example("01-attack-hits-on-four.toml"))
        .unwrap()
        .replace("damage = 3", "damage = 2");
    let scenario = parse_scenario("x.toml", &text).unwrap();
    let failure = run_parsed(&scenario).unwrap_err();
    assert_eq!(
        failure.diff,
        vec![(
            "unit tank damage".to_string(),
            "2".to_string(),
            "3".to_string()
        )]
    );
}

fn scripted_dice_that_run_out_or_are_left_over_fail() {
    let base = std::fs::read_to_string(example("01-attack-hits-on-four.toml")).unwrap();
    let short = parse_scenario(
        "x.toml",
        &base.replace("dice = [4, 3, 5, 6]", "dice = [4, 3]"),
    )
    .unwrap();
    let failure = run_parsed(&short).unwrap_err();
    assert!(
        failure.reason.contains("unscripted die roll"),
        "{}",
        failure.reason
    );
    let long = parse_scenario(
        "x.toml",
        &base.replace("dice = [4, 3, 5, 6]", "dice = [4, 3, 5, 6, 1]"),
    )
    .unwrap();
    let failure = run_parsed(&long).unwrap_err();
    assert!(
        failure.reason.contains("unused dice: [1]"),
        "{}",
        failure.reason
    );
    let seeded = parse_scenario(
        "x.toml",
        &base.replace("dice = [4, 3, 5, 6]", "seed = 3\ndice = [4, 3, 5]"),
    )
    .unwrap();
    // With a seed the fourth die comes from the generator: the run may meet or miss its
    // expectation, but it never fails for want of dice.
    if let Err(failure) = run_parsed(&seeded) {
        assert!(failure.reason.contains("expectation"), "{}", failure.reason);
    }
}

fn an_unused_act_fails() {
    let text = std::fs::read_to_string(example("01-attack-hits-on-four.toml")).unwrap()
        + "\n[[act]]\nside = \"light\"\nretreat = { unit = \"tank\" }\n";
    let scenario = parse_scenario("x.toml", &text).unwrap();
    let failure = run_parsed(&scenario).unwrap_err();
    assert!(
        failure.reason.contains("act 2 never used"),
        "{}",
        failure.reason
    );
}

/// A core scenario's text.
fn core(name: &str) -> String {
    std::fs::read_to_string(scenarios_dir().join(name)).unwrap()
}

fn an_expected_illegal_attack_out_of_speed_order_is_refused_at_the_faster_units_action() {
    // FORMAT.md: the act `expect.illegal` names does not wait for its unit's turn. Without
    // `expect.illegal` the same act waits, the slower unit attacks legally once the faster unit
    // has done nothing, and the faster unit's own attack (act 2) is then refused: it is tapped.
    for (file, fast) in [
        ("slower-unit-may-not-attack-first.toml", "wing"),
        (
            "slower-unit-of-one-player-may-not-attack-first.toml",
            "walker",
        ),
    ] {
        let text = core(file);
        run_parsed(&parse_scenario(file, &text).unwrap()).unwrap();
        let waiting = parse_scenario(file, &text.replace("illegal = 1\n", "")).unwrap();
        let failure = run_parsed(&waiting).unwrap_err();
        assert_eq!(
            failure.reason,
            format!("illegal act 2: {fast} is tapped and can't act"),
            "{file}"
        );
    }
}

fn an_act_for_a_slower_unit_not_expected_illegal_waits_for_its_turn() {
    // The same act named by `expect.illegal` no longer waits: it is refused at the X-wing's
    // action, and nobody attacks, so the dice of the TIE's attack are left over.
    let file = "an-act-for-a-slower-unit-waits-for-its-turn.toml";
    let text = core(file);
    run_parsed(&parse_scenario(file, &text).unwrap()).unwrap();
    let expected_illegal = text.replace(
        "[expect.unit.wing]",
        "[expect]\nillegal = 1\n[expect.unit.wing]",
    );
    let failure = run_parsed(&parse_scenario(file, &expected_illegal).unwrap()).unwrap_err();
    assert_eq!(failure.reason, "unused dice: [6, 6]");
}

fn main() {
    let args = Arguments::from_args();
    let scenarios = files(&scenarios_dir());
    assert!(scenarios.len() >= 15, "only {} scenarios", scenarios.len());
    let mut trials: Vec<Trial> = scenarios
        .into_iter()
        .map(|path| {
            let name = path.file_stem().unwrap().to_string_lossy().into_owned();
            Trial::test(format!("scenario::{name}"), move || core_scenario(&path))
        })
        .collect();
    // The runner's own behaviour, shown on the shared examples and edited copies of them.
    let checks: [(&str, fn()); 7] = [
        ("shared_example_01_passes", shared_example_01_passes),
        (
            "shared_examples_needing_keywords_fail_naming_the_missing_plugin",
            shared_examples_needing_keywords_fail_naming_the_missing_plugin,
        ),
        (
            "a_scenario_with_wrong_expectations_fails_with_a_diff",
            a_scenario_with_wrong_expectations_fails_with_a_diff,
        ),
        (
            "scripted_dice_that_run_out_or_are_left_over_fail",
            scripted_dice_that_run_out_or_are_left_over_fail,
        ),
        ("an_unused_act_fails", an_unused_act_fails),
        (
            "an_expected_illegal_attack_out_of_speed_order_is_refused_at_the_faster_units_action",
            an_expected_illegal_attack_out_of_speed_order_is_refused_at_the_faster_units_action,
        ),
        (
            "an_act_for_a_slower_unit_not_expected_illegal_waits_for_its_turn",
            an_act_for_a_slower_unit_not_expected_illegal_waits_for_its_turn,
        ),
    ];
    trials.extend(checks.into_iter().map(|(name, check)| {
        Trial::test(name, move || {
            check();
            Ok(())
        })
    }));
    libtest_mimic::run(&args, trials).exit();
}
