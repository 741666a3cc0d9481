//! What an organiser is told about rules that changed or were mistyped: a keyword flag no
//! plugin declares (or a value it doesn't) is refused with the file, line and key and a guess; a
//! run whose ruleset differs from its lock names each key that changed; `ruleset check` lists
//! the rules that differ from the default; a replay lists only the plugins that differ.

use crate::common;

use std::path::{Path, PathBuf};

use common::{root, stderr, stdout, swtcg, temp};
use swtcg_engine::Ruleset;
use swtcg_engine::plugins::Manifest;
use swtcg_engine::plugins::flags::DeclaredFlags;

const IMPERIAL: &str = "examples/tournament/imperial.toml";
const REBEL: &str = "examples/tournament/rebel.toml";

/// A copy of the example tournament ruleset with its `[keyword_flags]` line replaced by `flags`.
fn event_ruleset(name: &str, flags: &str) -> PathBuf {
    let path = temp("rules", &format!("{name}.toml"));
    let text = std::fs::read_to_string(root().join("examples/tournament/ruleset.toml")).unwrap();
    let line = "overkill-health = \"remaining\"       # OQ-K3 (a), stated so that players can read it here";
    assert!(text.contains(line), "the example ruleset changed: {text}");
    std::fs::write(&path, text.replace(line, flags)).unwrap();
    path
}

/// The 1-based line of the first line of `path` that starts with `start`.
fn line_of(path: &Path, start: &str) -> usize {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .position(|l| l.starts_with(start))
        .unwrap()
        + 1
}

#[test]
fn a_mistyped_keyword_flag_or_value_is_refused_with_file_line_key_and_a_guess() {
    let name = event_ruleset("flag-name", "overkil-health = \"printed\"");
    let line = line_of(&name, "overkil-health");
    let value = event_ruleset("flag-value", "overkill-health = \"printd\"");
    for (ruleset, expected) in [
        (
            &name,
            format!(
                "{}:{line}: key `keyword_flags.overkil-health`: no loaded plugin declares the \
                 keyword flag `overkil-health`; did you mean `overkill-health`?",
                name.display()
            ),
        ),
        (
            &value,
            format!(
                "{}:{line}: key `keyword_flags.overkill-health`: \"printd\" is not a value of \
                 `overkill-health` (plugin overkill@1.0.0 declares \"remaining\", \"printed\"); \
                 did you mean \"printed\"?",
                value.display()
            ),
        ),
    ] {
        let ruleset = ruleset.to_str().unwrap();
        // Locking it, checking it and playing under it are all refused.
        for args in [
            &["ruleset", "lock", ruleset][..],
            &["ruleset", "check", "--ruleset", ruleset],
            &["sim", IMPERIAL, REBEL, "--games", "1", "--ruleset", ruleset],
        ] {
            let out = swtcg(args);
            assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stdout(&out));
            assert!(
                stderr(&out).contains(&expected),
                "{args:?}: {}",
                stderr(&out)
            );
        }
    }
    // A scenario's ruleset is held to the same check.
    let dir = temp("rules", "scenario");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::copy(&name, dir.join("typo.toml")).unwrap();
    let scenario =
        std::fs::read_to_string(root().join("plugins/overkill/scenarios/printed-health-flag.toml"))
            .unwrap();
    let scenario = scenario
        .lines()
        .map(|l| {
            if l.starts_with("ruleset = ") {
                "ruleset = \"typo.toml\""
            } else {
                l
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    std::fs::write(dir.join("scenario.toml"), scenario).unwrap();
    let out = swtcg(&["check", dir.join("scenario.toml").to_str().unwrap()]);
    assert_ne!(out.status.code(), Some(0), "{}", stdout(&out));
    assert!(
        stdout(&out).contains("did you mean `overkill-health`?"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn a_ruleset_changed_after_locking_names_each_key_that_changed() {
    let ruleset = event_ruleset("changed", "overkill-health = \"remaining\"");
    let out = swtcg(&["ruleset", "lock", ruleset.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let lock = ruleset.with_extension("lock");
    let text = std::fs::read_to_string(&ruleset).unwrap();
    std::fs::write(
        &ruleset,
        text.replace(
            "overkill-health = \"remaining\"",
            "overkill-health = \"printed\"",
        )
        .replace("turn_limit = 30", "turn_limit = 31"),
    )
    .unwrap();
    let out = swtcg(&[
        "sim",
        IMPERIAL,
        REBEL,
        "--games",
        "1",
        "--lock",
        lock.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    let err = stderr(&out);
    assert!(
        err.contains(
            "ruleset: the lock names example-open-2026 with other values (the lock's -> the \
             run's):\n    keyword_flags.overkill-health: \"remaining\" -> \"printed\"\n    \
             turn_limit: 30 -> 31\n"
        ),
        "{err}"
    );
    assert!(
        !err.contains("sha256"),
        "no hashes when the keys are known: {err}"
    );
}

#[test]
fn ruleset_check_prints_every_rule_that_differs_from_the_default() {
    let ruleset = event_ruleset("check", "overkill-health = \"printed\"");
    let out = swtcg(&["ruleset", "check", "--ruleset", ruleset.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    let start = text
        .find("rules that differ from idc-default (idc-default -> this ruleset):\n")
        .unwrap_or_else(|| panic!("{text}"));
    let listed: Vec<&str> = text[start..].lines().skip(1).map(str::trim).collect();
    assert_eq!(
        listed,
        [
            "check_decks: false -> true",
            "format.banned: (not set) -> [\"Zam's Airspeeder (A)\"]",
            "format.name: (not set) -> \"Vintage\"",
            "hook_fuel.state-check: (not set) -> 2000000",
            "keyword_flags.overkill-health: \"remaining\" -> \"printed\"",
            "keyword_plugins.\"Critical Hit\": (not set) -> \"critical-hit\"",
            "keyword_plugins.Overkill: (not set) -> \"overkill\"",
            "turn_limit: 40 -> 30",
        ],
        "{text}"
    );
    // The default ruleset differs in nothing; the flags it leaves to their plugins don't count.
    let out = swtcg(&["ruleset", "check"]);
    assert!(
        stdout(&out).contains("every rule as in idc-default"),
        "{}",
        stdout(&out)
    );
}

/// The folder holding the wasm builds of the bundled plugins, beside the test's binary.
fn plugin_builds() -> PathBuf {
    let bin = Path::new(env!("CARGO_BIN_EXE_swtcg"));
    let target = bin.parent().and_then(Path::parent).unwrap();
    target.join("plugins-wasm/wasm32-unknown-unknown/release")
}

#[test]
fn a_replay_under_other_plugins_lists_only_those_that_differ() {
    // Critical Hit 1.0.1: the bundled build under another version number, as a folder plugin.
    let dir = temp("rules", "crit-1.0.1");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::copy(
        plugin_builds().join("swtcg_keyword_critical_hit.wasm"),
        dir.join("plugin.wasm"),
    )
    .unwrap();
    let manifest =
        std::fs::read_to_string(root().join("plugins/critical-hit/keyword.toml")).unwrap();
    std::fs::write(
        dir.join("keyword.toml"),
        format!(
            "{}\n[wasm]\nfile = \"plugin.wasm\"\n",
            manifest.replace("version = \"1.0.0\"", "version = \"1.0.1\"")
        ),
    )
    .unwrap();
    let log = temp("rules", "crit.jsonl");
    let out = swtcg(&[
        "demo",
        "--seed",
        "1",
        "--plugins",
        dir.to_str().unwrap(),
        "--log",
        log.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let out = swtcg(&["replay", log.to_str().unwrap()]);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(0), "{text}");
    let note = text
        .lines()
        .position(|l| l.ends_with("note: the log was played with other plugins than these:"))
        .unwrap_or_else(|| panic!("{text}"));
    let lines: Vec<&str> = text.lines().skip(note + 1).take(2).collect();
    assert!(
        lines[0].starts_with("  ~ critical-hit@1.0.1 ")
            && lines[0].contains(" -> critical-hit@1.0.0 "),
        "{text}"
    );
    assert!(
        lines[1].contains("replay matches all"),
        "one plugin differs: {text}"
    );
    assert!(!text.contains("absorb@"), "{text}");
}

#[test]
fn every_flag_a_plugin_reads_is_declared_and_the_defaults_agree() {
    let mut manifests = Vec::new();
    for (dir, _) in common::plugin_dirs() {
        let path = dir.join("keyword.toml");
        let manifest = Manifest::parse(
            &path.display().to_string(),
            &std::fs::read_to_string(&path).unwrap(),
        )
        .unwrap();
        // Every `host::rule("NAME")` of the plugin's source names a flag its manifest declares
        // (the host's own `same-unit-names` aside).
        let source = std::fs::read_to_string(dir.join("src/lib.rs")).unwrap();
        for read in source.split("host::rule(\"").skip(1) {
            let flag = read.split('"').next().unwrap();
            assert!(
                manifest.flags.iter().any(|f| f.name == flag),
                "{} reads the flag {flag} but does not declare it",
                path.display()
            );
        }
        manifests.push(manifest);
    }
    let declared = DeclaredFlags::new(&manifests);
    // The default ruleset's flags are declared, at the default they have there, and plugins
    // declaring one flag agree on its values and default.
    for (name, value) in Ruleset::default().keyword_flags {
        assert_eq!(declared.default_of(&name), Some(value.as_str()), "{name}");
    }
    for (name, declarers) in declared.all() {
        for d in declarers {
            assert_eq!(
                d.flag.values, declarers[0].flag.values,
                "{name}: {}",
                d.plugin
            );
            assert_eq!(
                d.flag.default, declarers[0].flag.default,
                "{name}: {}",
                d.plugin
            );
        }
    }
    assert!(declared.all().contains_key("resilience-instances"));
}
