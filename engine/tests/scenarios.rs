//! Runs the core rules scenarios of `engine/scenarios/` and the shared conformance examples.

use std::path::{Path, PathBuf};

use swtcg_engine::NoPlugins;
use swtcg_engine::Ruleset;
use swtcg_engine::cards::CardDb;
use swtcg_engine::conformance::{Failure, RunOptions, Scenario, parse_scenario, run_scenario};

/// Runs a parsed scenario with the bundled cards and the default ruleset.
fn run_parsed(scenario: &Scenario) -> Result<(), Failure> {
    let cards = CardDb::bundled();
    let ruleset = Ruleset::default();
    // A built-in ruleset by name, or a ruleset file relative to the core scenarios' folder (as
    // `swtcg check` reads one relative to its scenario): the OQ variants of engine/rulesets.
    let resolve = |name: &str| {
        Ruleset::builtin(name).map(Ok).unwrap_or_else(|| {
            let path = Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("scenarios")
                .join(name);
            let text =
                std::fs::read_to_string(&path).map_err(|e| format!("no ruleset {name}: {e}"))?;
            Ruleset::from_toml(&path.display().to_string(), &text).map_err(|e| e.to_string())
        })
    };
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

#[test]
fn every_core_rules_scenario_passes() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
    let scenarios = files(&dir);
    assert!(scenarios.len() >= 15, "only {} scenarios", scenarios.len());
    let failures: Vec<String> = scenarios.iter().filter_map(|p| run(p).err()).collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn each_core_scenario_cites_a_rule_of_game_md() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
    for path in files(&dir) {
        let scenario = parse_scenario("", &std::fs::read_to_string(&path).unwrap()).unwrap();
        assert!(
            scenario.rules.iter().any(|r| r.starts_with("game ")),
            "{} cites no rule",
            path.display()
        );
    }
}

/// The shared examples live beside the repository (`../shared`), as in CI.
fn example(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../shared/conformance/examples")
        .join(name)
}

#[test]
fn shared_example_01_passes() {
    run(&example("01-attack-hits-on-four.toml")).unwrap();
}

#[test]
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

#[test]
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

#[test]
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

#[test]
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
    std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("scenarios")
            .join(name),
    )
    .unwrap()
}

#[test]
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

#[test]
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
