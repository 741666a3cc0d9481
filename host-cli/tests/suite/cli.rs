//! Runs the built `swtcg` binary the way a user does.

use crate::common;

use common::{root, stdout, swtcg, temp};

use std::path::Path;

#[test]
fn check_passes_shared_example_01() {
    let out = swtcg(&[
        "check",
        "../shared/conformance/examples/01-attack-hits-on-four.toml",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    assert!(
        stdout(&out).ends_with("1 passed, 0 failed\n"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn check_passes_every_shared_example_through_the_wasm_plugins() {
    let out = swtcg(&["check", "../shared/conformance/examples"]);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.ends_with("6 passed, 0 failed\n"), "{text}");
}

#[test]
fn an_ability_no_plugin_carries_out_fails_naming_it() {
    // Every keyword of the IDC list has a bundled plugin, so the missing piece a user meets is
    // card text that no card plugin claims (the engine test `scenarios.rs` covers a keyword
    // whose plugin is not loaded).
    let example = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../shared/conformance/examples/01-attack-hits-on-four.toml"),
    )
    .unwrap();
    let file = temp("cli", "needs-card-text.toml");
    std::fs::write(
        &file,
        example.replace(
            "cost = 5\n",
            "cost = 5\nabilities = [\"Pay 2 Force -> Juggle three lightsabers.\"]\n",
        ),
    )
    .unwrap();
    let out = swtcg(&["check", file.to_str().unwrap()]);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(
        text.contains(
            "no card plugin for the ability \"Pay 2 Force -> Juggle three lightsabers.\""
        ),
        "{text}"
    );
    assert!(text.ends_with("0 passed, 1 failed\n"), "{text}");
}

#[test]
fn a_card_ability_named_ambiguously_by_its_plugin_or_not_at_all_is_a_clear_error() {
    // Luke Skywalker (B): "Pay 2 Force -> Evade 1 | Pay 2 Force -> Luke gets +20 speed until the
    // end of turn." Its scenario names the speed text by the start of its printed text; each
    // other name fails, saying why and listing what Luke can use.
    let scenario = std::fs::read_to_string(
        common::root().join("plugins/card-script/scenarios/luke-pays-for-speed.toml"),
    )
    .unwrap();
    let written = "ability = \"Pay 2 Force -> Luke gets +20 speed\"";
    assert!(scenario.contains(written), "{scenario}");
    let dir = temp("cli", "ability-names");
    std::fs::create_dir_all(&dir).unwrap();
    for (file, name) in [
        ("ambiguous.toml", "Pay 2 Force"),
        ("plugin.toml", "Card text scripts"),
        ("unknown.toml", "Pay 2 Force -> Luke juggles"),
    ] {
        let text = scenario.replace(written, &format!("ability = \"{name}\""));
        std::fs::write(dir.join(file), text).unwrap();
    }
    let out = swtcg(&["check", dir.to_str().unwrap()]);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{text}");
    let speed = "\"Pay 2 Force -> Luke gets +20 speed until the end of turn.\"";
    let evade = "\"Pay 2 Force -> Evade 1\"";
    for expected in [
        format!(
            "act 1 (line 34): \"Pay 2 Force\" is the start of more than one of its abilities \
             ({evade}, {speed}): write more of the one meant; luke's abilities: {speed}, {evade}"
        ),
        format!(
            "act 1 (line 34): \"Card text scripts\" is the name of the card plugin that \
             carries out {speed}, not an ability as printed: write the printed text; luke can use \
             now: {speed}"
        ),
        format!(
            "act 1 (line 34): luke has no ability \"Pay 2 Force -> Luke juggles\"; its \
             abilities: {speed}, {evade}"
        ),
    ] {
        assert!(text.contains(&expected), "{expected}\nnot in\n{text}");
    }
    assert!(text.ends_with("0 passed, 3 failed\n"), "{text}");
}

#[test]
fn check_runs_the_core_scenarios() {
    let out = swtcg(&["check", "engine/scenarios"]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
}

#[test]
fn a_malformed_scenario_names_file_line_and_key_and_exits_2() {
    let bad = temp("cli", "bad.toml");
    std::fs::write(
        &bad,
        "title = \"x\"\n[start]\nphase = \"battle\"\narena = \"ground\"\ncolour = \"red\"\n",
    )
    .unwrap();
    let out = swtcg(&["check", bad.to_str().unwrap()]);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(2), "{text}");
    assert!(text.contains("bad.toml:5"), "{text}");
    assert!(text.contains("colour"), "{text}");
    assert!(text.ends_with("0 passed, 0 failed\n"), "{text}");

    let unknown_unit = temp("cli", "unknown-unit.toml");
    let example =
        std::fs::read_to_string("../shared/conformance/examples/01-attack-hits-on-four.toml")
            .or_else(|_| {
                std::fs::read_to_string(
                    Path::new(env!("CARGO_MANIFEST_DIR"))
                        .join("../../shared/conformance/examples/01-attack-hits-on-four.toml"),
                )
            })
            .unwrap();
    std::fs::write(
        &unknown_unit,
        example.replace("defender = \"tank\"", "defender = \"tonk\""),
    )
    .unwrap();
    let out = swtcg(&["check", unknown_unit.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stdout(&out).contains("tonk"), "{}", stdout(&out));
}

#[test]
fn a_bad_ruleset_is_a_clear_error() {
    let bad = temp("cli", "ruleset.toml");
    std::fs::write(&bad, "name = \"x\"\nturn_limt = 3\n").unwrap();
    let out = swtcg(&[
        "check",
        "--ruleset",
        bad.to_str().unwrap(),
        "engine/scenarios",
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        err.contains("ruleset.toml:2") && err.contains("turn_limt"),
        "{err}"
    );
}

#[test]
fn demo_plays_a_whole_game_and_its_log_replays() {
    let log = temp("cli", "demo.jsonl");
    let out = swtcg(&["demo", "--seed", "3", "--log", log.to_str().unwrap()]);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("Turn  1:"), "{text}");
    assert!(
        text.contains("wins on turn") || text.contains("No winner"),
        "{text}"
    );

    let replayed = swtcg(&["replay", log.to_str().unwrap()]);
    assert_eq!(replayed.status.code(), Some(0), "{}", stdout(&replayed));
    assert!(stdout(&replayed).contains("replay matches"));

    // Change one die of the log: the replay names the line.
    let text = std::fs::read_to_string(&log).unwrap();
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    let index = lines
        .iter()
        .position(|l| l.contains("\"entry\":\"die\""))
        .unwrap();
    let value = if lines[index].contains("\"value\":1}") {
        2
    } else {
        1
    };
    lines[index] = format!(
        "{}\"value\":{value}}}",
        &lines[index][..lines[index].find("\"value\"").unwrap()]
    );
    std::fs::write(&log, lines.join("\n")).unwrap();
    let out = swtcg(&["replay", log.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stdout(&out).contains(&format!("line {}", index + 1)),
        "{}",
        stdout(&out)
    );
}

#[test]
fn the_same_seed_prints_the_same_game() {
    let a = swtcg(&["demo", "--seed", "11"]);
    let b = swtcg(&["demo", "--seed", "11"]);
    assert_eq!(stdout(&a), stdout(&b));
}

#[test]
fn help_explains_each_command_with_an_example() {
    for command in ["demo", "check", "replay"] {
        let out = swtcg(&[command, "--help"]);
        assert!(
            stdout(&out).contains("Example:"),
            "{command}: {}",
            stdout(&out)
        );
    }
}

#[test]
fn check_runs_a_plugins_scenarios_and_counts_them() {
    // Every plugin scenario runs as its own test in `tests/plugin_scenarios.rs`; this is the
    // command line's way to the same runner, on one plugin's folder.
    let out = swtcg(&["check", "plugins/overkill"]);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(0), "{text}");
    let scenarios = std::fs::read_dir(root().join("plugins/overkill/scenarios"))
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .path()
                .extension()
                .is_some_and(|x| x == "toml")
        })
        .count();
    assert!(scenarios > 0);
    assert_eq!(
        text.lines().last(),
        Some(format!("{scenarios} passed, 0 failed").as_str()),
        "{text}"
    );
}

#[test]
fn the_keyword_coverage_document_is_current() {
    let out = swtcg(&["plugins", "docs", "plugins"]);
    assert_eq!(out.status.code(), Some(0));
    let document =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/keywords.md"))
            .unwrap();
    assert!(
        stdout(&out) == document,
        "docs/keywords.md is stale: run `swtcg plugins docs plugins > docs/keywords.md`"
    );
}

#[test]
fn plugins_list_shows_every_seed_keyword_loaded_as_wasm() {
    let out = swtcg(&["plugins", "list"]);
    let text = stdout(&out);
    for keyword in [
        "Absorb",
        "Accuracy",
        "Alternative Cost",
        "Ferocity",
        "Hidden Cost",
        "INSERT",
        "Intercept",
        "Overkill",
        "Precision",
        "Elude",
        "Protect",
        "Retaliate",
        "Stealth",
        "Switch",
        "Upkeep",
    ] {
        let line = text
            .lines()
            .find(|l| l.contains(&format!(" {keyword}")) || l.contains(&format!(", {keyword}")));
        let line = line.unwrap_or_else(|| panic!("{keyword} is not listed:\n{text}"));
        assert!(
            line.contains(" wasm "),
            "{keyword} is not loaded as wasm: {line}"
        );
    }
}

/// The compile cache entry of a bundled plugin in `cache`, found by the start of the wasm's
/// sha256 that `plugins list` prints.
fn cache_entry(cache: &Path, listed: &str, id: &str) -> std::path::PathBuf {
    let line = listed
        .lines()
        .find(|l| l.starts_with(&format!("{id} ")))
        .unwrap_or_else(|| panic!("{id} is not listed:\n{listed}"));
    let sha = line.rsplit("sha256:").next().unwrap();
    std::fs::read_dir(cache)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| {
            let name = p.file_name().unwrap().to_string_lossy();
            name.contains(sha) && name.ends_with(".cwasm")
        })
        .unwrap_or_else(|| panic!("no cache entry for {id} ({sha})"))
}

#[test]
fn a_compile_cache_entry_is_only_ever_the_module_it_names() {
    let cache = temp("cli", "cache");
    let _ = std::fs::remove_dir_all(&cache);
    let run = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_swtcg"))
            .args(args)
            .current_dir(common::root())
            .env("SWTCG_CACHE_DIR", &cache)
            .output()
            .unwrap()
    };
    // Accuracy against Armor: both plugins decide the result.
    let example = [
        "check",
        "../shared/conformance/examples/02-accuracy-against-armor.toml",
    ];
    let passes = |why: &str| {
        let out = run(&example);
        let warnings = String::from_utf8_lossy(&out.stderr).into_owned();
        assert_eq!(
            out.status.code(),
            Some(0),
            "{why}: {}{warnings}",
            stdout(&out)
        );
        warnings
    };
    assert_eq!(passes("the first run"), "");
    let listed = stdout(&run(&["plugins", "list"]));
    let accuracy = cache_entry(&cache, &listed, "accuracy");
    let armor = cache_entry(&cache, &listed, "armor");
    let entry_names = |text: &str, entries: &[&Path]| {
        for entry in entries {
            assert!(
                text.contains(&entry.display().to_string()),
                "{} is not named:\n{text}",
                entry.display()
            );
        }
    };

    // Damage in the middle of a payload: the checksum no longer matches.
    let mut bytes = std::fs::read(&accuracy).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0xff;
    bytes[middle + 1] ^= 0xff;
    std::fs::write(&accuracy, &bytes).unwrap();
    let warnings = passes("a damaged entry");
    assert!(
        warnings.contains("does not match its checksum"),
        "{warnings}"
    );
    entry_names(&warnings, &[&accuracy]);
    assert_eq!(passes("the damaged entry was replaced"), "");

    // Two entries swapped: each holds the other plugin's code under a valid checksum. Each is
    // recognised by the key in its header, recompiled and replaced.
    let (a, b) = (
        std::fs::read(&accuracy).unwrap(),
        std::fs::read(&armor).unwrap(),
    );
    std::fs::write(&accuracy, &b).unwrap();
    std::fs::write(&armor, &a).unwrap();
    let warnings = passes("swapped entries");
    assert_eq!(
        warnings.matches("holds the compiled plugin").count(),
        2,
        "{warnings}"
    );
    entry_names(&warnings, &[&accuracy, &armor]);
    assert_eq!(passes("the swapped entries were replaced"), "");

    // A valid header and checksum over a payload wasmtime can't load: replaced, not failing
    // every run.
    let header_end = a.iter().position(|&b| b == b'\n').unwrap();
    let header = String::from_utf8(a[..header_end].to_vec()).unwrap();
    let key = header.split(' ').nth(1).unwrap();
    let garbage = vec![0x5a_u8; 4096];
    let crc = crc32(&garbage);
    std::fs::write(
        &accuracy,
        [
            format!("swtcg-cache {key} crc32:{crc:08x}\n").as_bytes(),
            &garbage,
        ]
        .concat(),
    )
    .unwrap();
    let warnings = passes("a garbage payload with a valid checksum");
    assert!(warnings.contains("wasmtime can't load it"), "{warnings}");
    entry_names(&warnings, &[&accuracy]);
    assert_eq!(passes("the garbage entry was replaced"), "");

    // A symlink at an entry's path: never followed, replaced itself; its target is unchanged.
    #[cfg(unix)]
    {
        let victim = temp("cli", "victim");
        std::fs::write(&victim, b"not a cache entry").unwrap();
        std::fs::remove_file(&armor).unwrap();
        std::os::unix::fs::symlink(&victim, &armor).unwrap();
        let warnings = passes("a symlinked entry");
        assert!(warnings.contains("symlink"), "{warnings}");
        assert_eq!(std::fs::read(&victim).unwrap(), b"not a cache entry");
        assert!(std::fs::symlink_metadata(&armor).unwrap().is_file());
        assert_eq!(passes("the symlink was replaced"), "");
    }
}

/// The CRC-32 (IEEE) of `bytes`, as the cache's header line gives it.
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &byte in bytes {
        crc ^= u32::from(byte);
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xedb8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}
