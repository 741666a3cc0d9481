//! Fan expansions, run the way a fan designer and an organiser run them: a new set file
//! (`examples/fan-set/FAN.txt`, units printing existing keywords) loaded with `--cards` or a
//! ruleset's `card_sets` into every command that resolves cards, pinned by a lock, recorded in
//! game logs and demanded by replay; and decks holding texts no plugin carries out.

use crate::common;

use std::path::Path;

use common::{root, stderr, stdout, swtcg, temp};

const FAN: &str = "examples/fan-set/FAN.txt";
const DARK: &str = "examples/fan-set/fan-dark.txt";
const LIGHT: &str = "examples/fan-set/fan-light.dek";

/// Copies the example fan set folder into a temporary one, so that a test can change it.
fn copy_example(group: &str) -> std::path::PathBuf {
    let dir = temp(group, "fan-set");
    std::fs::create_dir_all(&dir).unwrap();
    for entry in std::fs::read_dir(root().join("examples/fan-set")).unwrap() {
        let path = entry.unwrap().path();
        std::fs::copy(&path, dir.join(path.file_name().unwrap())).unwrap();
    }
    dir
}

/// Two games of the example's fan decks (in `dir`) under a lock, as an organiser runs them.
fn sim_under_lock(dir: &Path, lock: &Path) -> std::process::Output {
    let (dark, light) = (dir.join("fan-dark.txt"), dir.join("fan-light.dek"));
    swtcg(&[
        "sim",
        dark.to_str().unwrap(),
        light.to_str().unwrap(),
        "--lock",
        lock.to_str().unwrap(),
        "--games",
        "2",
        "--quiet",
    ])
}

#[test]
fn a_fan_deck_needs_its_set_file_and_then_validates_with_every_card_supported() {
    let without = swtcg(&["deck", "validate", DARK]);
    assert_eq!(without.status.code(), Some(2), "{}", stdout(&without));
    assert!(
        stderr(&without).contains("unknown set \"FAN\""),
        "{}",
        stderr(&without)
    );
    for deck in [DARK, LIGHT] {
        let out = swtcg(&["deck", "validate", deck, "--cards", FAN]);
        assert!(out.status.success(), "{}{}", stdout(&out), stderr(&out));
        assert!(stdout(&out).starts_with("VALID"), "{}", stdout(&out));
        assert!(!stdout(&out).contains("UNSUPPORTED"), "{}", stdout(&out));
    }
    // A folder of set files works too; the deck lists beside the set file are not set files.
    let out = swtcg(&[
        "deck",
        "validate",
        LIGHT,
        "--cards",
        "examples/fan-set",
        "--json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let report: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(report["valid"], true);
    assert_eq!(report["unsupported"], serde_json::json!([]));
}

#[test]
fn keywords_check_sees_the_fan_units_keywords() {
    let out = swtcg(&["keywords", "check", DARK, LIGHT, "--cards", FAN, "--json"]);
    assert!(
        out.status.code() == Some(0) || out.status.code() == Some(1),
        "{}",
        stderr(&out)
    );
    let text = stdout(&out);
    // Overkill (Shadow Stormtrooper Squad) and Critical Hit (Inquisitor Trainee) meet at POP P6.
    assert!(text.contains("Shadow Stormtrooper Squad (A)"), "{text}");
}

#[test]
fn fan_decks_play_record_their_set_and_replay_only_with_the_same_file() {
    let log = temp("fan-sets", "fan.jsonl");
    let log_arg = log.to_str().unwrap();
    let out = swtcg(&[
        "demo", "--dark", DARK, "--light", LIGHT, "--cards", FAN, "--log", log_arg,
    ]);
    assert!(out.status.success(), "{}{}", stdout(&out), stderr(&out));
    let text = std::fs::read_to_string(&log).unwrap();
    let header: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    assert_eq!(header["card_sets"][0]["file"], FAN);
    assert_eq!(header["card_sets"][0]["sets"], serde_json::json!(["FAN"]));
    let fan_cards = header["decks"][0]
        .as_array()
        .unwrap()
        .iter()
        .filter(|card| card["set"] == "FAN")
        .count();
    assert_eq!(fan_cards, 12, "the Dark deck's three FAN units, four each");

    // From the repository root the recorded path is found.
    let out = swtcg(&["replay", log_arg]);
    assert!(out.status.success(), "{}{}", stdout(&out), stderr(&out));
    assert!(stdout(&out).contains("replay matches"), "{}", stdout(&out));

    // From elsewhere the set file is demanded, and a changed one refused.
    let elsewhere = log.parent().unwrap();
    let replay_from = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_swtcg"))
            .args(args)
            .current_dir(elsewhere)
            .output()
            .unwrap()
    };
    let out = replay_from(&["replay", log_arg]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("give it with --cards PATH"),
        "{}",
        stderr(&out)
    );
    let fan = root().join(FAN);
    let out = replay_from(&["replay", log_arg, "--cards", fan.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let changed = temp("fan-sets", "FAN.txt");
    let erratum = std::fs::read_to_string(&fan)
        .unwrap()
        .replace("Overkill", "Overkill 2");
    std::fs::write(&changed, erratum).unwrap();
    let out = replay_from(&["replay", log_arg, "--cards", changed.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("give the same file"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_fan_set_runs_many_games_without_an_error() {
    let out = swtcg(&[
        "sim", DARK, LIGHT, "--cards", FAN, "--games", "20", "--json", "--quiet",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let result: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(result["games"], 20, "{result}");
    assert_eq!(result["errors"], 0, "{result}");
}

#[test]
fn a_ruleset_carries_its_fan_set_and_the_lock_refuses_an_erratum() {
    let dir = copy_example("fan-sets-lock");
    let ruleset = dir.join("ruleset.toml");
    let lock = dir.join("ruleset.lock");
    let out = swtcg(&["ruleset", "lock", ruleset.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("1 set file"), "{}", stdout(&out));
    let locked = std::fs::read_to_string(&lock).unwrap();
    assert!(locked.contains("[[card_set]]"), "{locked}");
    assert!(locked.contains("sets = [\"FAN\"]"), "{locked}");

    // No --cards: the ruleset brings the set, and its decks play under the lock.
    let sim = |lock: &Path| sim_under_lock(&dir, lock);
    let out = sim(&lock);
    assert!(out.status.success(), "{}{}", stdout(&out), stderr(&out));

    // An erratum to the set file changes its sha256: the lock refuses it.
    let set = dir.join("FAN.txt");
    let text = std::fs::read_to_string(&set).unwrap();
    std::fs::write(&set, text.replace("Overkill", "Overkill 2")).unwrap();
    let out = sim(&lock);
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    let message = stderr(&out);
    assert!(message.contains("card set FAN"), "{message}");
    assert!(message.contains("the lock names sha256"), "{message}");
}

#[test]
fn a_set_file_may_not_take_a_loaded_set_code() {
    let clash = temp("fan-sets", "ANH-fan.txt");
    let text = std::fs::read_to_string(root().join(FAN))
        .unwrap()
        .replace("\tFAN\t", "\tANH\t");
    std::fs::write(&clash, text).unwrap();
    let out = swtcg(&["deck", "validate", DARK, "--cards", clash.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let message = stderr(&out);
    assert!(message.contains("ANH-fan.txt"), "{message}");
    assert!(
        message.contains("set ANH is already loaded from ANH.txt"),
        "{message}"
    );
    // The same file twice is the same clash.
    let out = swtcg(&["deck", "validate", DARK, "--cards", FAN, "--cards", FAN]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("set FAN is already loaded"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_scenario_may_name_cards_of_a_fan_set() {
    // The fan unit's stats come from the set file: it attacks with its printed power 3 (three
    // dice, all hits), and the Rebel Squad (health 2) is discarded.
    let scenario = temp("fan-sets", "fan-scenario.toml");
    std::fs::write(
        &scenario,
        r#"title = "A fan unit named by SET/Name plays with the stats its set file prints"
rules = ["game 10.3", "game 10.5"]
dice = [6, 6, 6]

[start]
phase = "battle"
arena = "ground"
stop = "attack-end"

[[unit]]
id = "trooper"
card = "FAN/Shadow Stormtrooper Squad (A)"
side = "dark"
arena = "ground"

[[unit]]
id = "rebels"
card = "ANH/Rebel Squad"
side = "light"
arena = "ground"

[[act]]
side = "dark"
attack = { unit = "trooper", defender = "rebels" }

[expect]
discarded = ["rebels"]

[expect.unit.trooper]
power = 3
health = 4
tapped = true
"#,
    )
    .unwrap();
    let out = swtcg(&["check", scenario.to_str().unwrap()]);
    assert!(
        stdout(&out).contains("unknown set \"FAN\""),
        "{}",
        stdout(&out)
    );
    let out = swtcg(&["check", "--cards", FAN, scenario.to_str().unwrap()]);
    assert!(out.status.success(), "{}{}", stdout(&out), stderr(&out));
    assert!(
        stdout(&out).contains("1 passed, 0 failed"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn a_deck_with_text_no_plugin_carries_out_is_refused_unless_allowed() {
    // Princess Leia (K)'s printed prevention ("... would damage Leia or a unit she is piloting")
    // is carried out by no plugin: it would silently never happen.
    let deck = temp("fan-sets", "leia.txt");
    let seed = std::fs::read_to_string(root().join("engine/data/decks/seed-light.txt")).unwrap();
    std::fs::write(
        &deck,
        seed.replace("4 ROTS/AT-AP", "4 ROTJ/Princess Leia (K)"),
    )
    .unwrap();
    let deck = deck.to_str().unwrap();
    let out = swtcg(&["deck", "validate", deck]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("UNSUPPORTED 1 card"), "{text}");
    assert!(
        text.contains(
            "ROTJ/Princess Leia (K): \"Whenever one of your opponent's units would damage Leia"
        ),
        "{text}"
    );

    let out = swtcg(&["demo", "--light", deck]);
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    assert!(
        stderr(&out).contains("--allow-unsupported"),
        "{}",
        stderr(&out)
    );
    let out = swtcg(&[
        "sim",
        "engine/data/decks/seed-dark.txt",
        deck,
        "-n",
        "1",
        "-q",
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));

    let log = temp("fan-sets", "leia.jsonl");
    let out = swtcg(&[
        "demo",
        "--light",
        deck,
        "--allow-unsupported",
        "--log",
        log.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = std::fs::read_to_string(&log).unwrap();
    let header: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    let unsupported = header["unsupported"].as_array().unwrap();
    assert_eq!(unsupported.len(), 1, "{header}");
    assert!(
        unsupported[0]
            .as_str()
            .unwrap()
            .starts_with("ROTJ/Princess Leia (K): "),
        "{header}"
    );
    let out = swtcg(&["replay", log.to_str().unwrap()]);
    assert!(
        stdout(&out).contains("played without these printed texts"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn every_wizards_set_is_bundled_for_the_wotc_format() {
    // A Dark Side deck of units from the seven Wizards sets added last, checked as WOTC.
    let deck = temp("fan-sets", "wotc.txt");
    std::fs::write(
        &deck,
        "4 SR/Aurra Sing (A)\n4 BOY/Chariot Light Assault Vehicle\n4 JG/Darth Maul (E)\n\
         4 ESB/Admiral Firmus Piett (B)\n4 RAS/IG-88 (A)\n4 PM/Aurra Sing (C)\n\
         4 ROTJ/Darth Vader (P)\n",
    )
    .unwrap();
    let out = swtcg(&[
        "deck",
        "validate",
        deck.to_str().unwrap(),
        "--format",
        "WOTC",
    ]);
    let text = stdout(&out);
    assert!(text.contains("format WOTC"), "{text}{}", stderr(&out));
    assert!(
        !text.contains("game 2.6"),
        "every card is legal in WOTC: {text}"
    );
}

/// A fan card whose text the grammar can't read, and the script its designer wrote for it in
/// `FAN.scripts.toml` beside the set file.
const ORACLE: &str = "Temple Oracle (A)\tFAN\tFAN007\tL\tCharacter\tJedi Seer\t3\t30\t2\t3\tR\t7\t\tWhen ends the battle phase, 1 Force you gain.\t\tFAN\t\n";
const ORACLE_SCRIPT: &str = r#"# "When the battle phase ends, you gain 1 Force."
[[ability]]
card = "Temple Oracle (A)"
text = "When ends the battle phase, 1 Force you gain."
reads_as = "When the battle phase ends, you gain 1 Force."
"#;

#[test]
fn a_script_written_beside_a_fan_set_file_makes_its_card_playable_and_is_pinned() {
    let dir = copy_example("fan-sets-scripts");
    let set = dir.join("FAN.txt");
    let mut text = std::fs::read_to_string(&set).unwrap();
    text.push_str(ORACLE);
    std::fs::write(&set, text).unwrap();
    let set_arg = set.to_str().unwrap();
    let explain = |json: bool| {
        let mut args = vec![
            "cards",
            "explain",
            "--cards",
            set_arg,
            "FAN/Temple Oracle (A)",
        ];
        if json {
            args.push("--json");
        }
        swtcg(&args)
    };
    // Without a script the grammar stops, and nothing carries the text out.
    let out = explain(false);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("not read: stopped at"),
        "{}",
        stdout(&out)
    );
    assert!(stdout(&out).contains("not carried out"), "{}", stdout(&out));

    let scripts = dir.join("FAN.scripts.toml");
    std::fs::write(&scripts, ORACLE_SCRIPT).unwrap();
    let out = explain(false);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("written by hand in ") && stdout(&out).contains("FAN.scripts.toml"),
        "{}",
        stdout(&out)
    );
    assert!(
        stdout(&out).contains("carried out by the loaded plugins"),
        "{}",
        stdout(&out)
    );
    let out = explain(true);
    let report: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let ability = &report["cards"][0]["abilities"][0];
    assert_eq!(ability["carried_out"], true, "{ability}");
    assert_eq!(
        ability["reading"]["script"]["kind"], "triggered",
        "{ability}"
    );
    assert!(
        ability["written"]["file"]
            .as_str()
            .unwrap()
            .ends_with("FAN.scripts.toml")
    );

    // The lock pins the scripts beside the set file: a changed script is refused.
    let ruleset = dir.join("ruleset.toml");
    let out = swtcg(&["ruleset", "lock", ruleset.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let locked = std::fs::read_to_string(dir.join("ruleset.lock")).unwrap();
    assert!(locked.contains("FAN.scripts.toml"), "{locked}");
    let lock = dir.join("ruleset.lock");
    let sim = || sim_under_lock(&dir, &lock);
    let out = sim();
    assert!(out.status.success(), "{}{}", stdout(&out), stderr(&out));
    std::fs::write(
        &scripts,
        ORACLE_SCRIPT.replace("gain 1 Force.\"", "gain 2 Force.\""),
    )
    .unwrap();
    let out = sim();
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    assert!(
        stderr(&out).contains("the lock names scripts sha256"),
        "{}",
        stderr(&out)
    );

    // A game log records the scripts, and a replay with other scripts is refused.
    let log = dir.join("game.jsonl");
    let (dark, light) = (dir.join("fan-dark.txt"), dir.join("fan-light.dek"));
    let out = swtcg(&[
        "demo",
        "--dark",
        dark.to_str().unwrap(),
        "--light",
        light.to_str().unwrap(),
        "--cards",
        set_arg,
        "--log",
        log.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}{}", stdout(&out), stderr(&out));
    let replay = || swtcg(&["replay", log.to_str().unwrap(), "--cards", set_arg]);
    let out = replay();
    assert!(out.status.success(), "{}{}", stdout(&out), stderr(&out));
    std::fs::write(&scripts, ORACLE_SCRIPT).unwrap();
    let out = replay();
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    assert!(
        stderr(&out).contains("with scripts of sha256") && stderr(&out).contains("FAN.txt"),
        "{}",
        stderr(&out)
    );

    // A script that names no printed ability is refused at its line, and nothing is loaded.
    std::fs::write(
        &scripts,
        ORACLE_SCRIPT.replace("1 Force you gain.\"", "2 Force you gain.\""),
    )
    .unwrap();
    let out = explain(false);
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    let message = stderr(&out);
    assert!(
        message.contains("FAN.scripts.toml:4: Temple Oracle (A) prints no ability"),
        "{message}"
    );
}
