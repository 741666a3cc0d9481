//! Runs the tournament tools the way an organiser does: lock the example ruleset, play under the
//! lock, refuse what does not match, check keyword conflicts, and replay logs step by step and
//! under other plugin versions.

use crate::common;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use common::{root, stderr, stdout, swtcg, temp};

const IMPERIAL: &str = "examples/tournament/imperial.toml";
const REBEL: &str = "examples/tournament/rebel.toml";

/// A copy of the example ruleset in a temporary folder, locked there.
fn locked_copy(name: &str, extra: &str) -> (PathBuf, PathBuf) {
    let ruleset = temp("tournament", &format!("{name}.toml"));
    let text = std::fs::read_to_string(root().join("examples/tournament/ruleset.toml")).unwrap();
    // Extra keys go first: the file ends inside its [keyword_flags] table.
    std::fs::write(&ruleset, format!("{extra}{text}")).unwrap();
    let out = swtcg(&["ruleset", "lock", ruleset.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let lock = ruleset.with_extension("lock");
    // Every bundled plugin is locked: one per folder of plugins/.
    let bundled = std::fs::read_dir(root().join("plugins"))
        .unwrap()
        .filter(|e| e.as_ref().unwrap().path().join("keyword.toml").is_file())
        .count();
    assert!(
        stdout(&out).contains(&format!("{bundled} plugins")),
        "{}",
        stdout(&out)
    );
    (ruleset, lock)
}

#[test]
fn a_game_under_a_lock_records_it_and_a_changed_ruleset_is_refused() {
    let (ruleset, lock) = locked_copy("open", "");
    let lock_arg = lock.to_str().unwrap();
    let out = swtcg(&[
        "sim", IMPERIAL, REBEL, "--games", "4", "--lock", lock_arg, "-q",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("ruleset example-open-2026"),
        "{}",
        stdout(&out)
    );

    let log = temp("tournament", "locked.jsonl");
    let out = swtcg(&[
        "demo",
        "--lock",
        lock_arg,
        "--dark",
        IMPERIAL,
        "--light",
        REBEL,
        "--log",
        log.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let header = std::fs::read_to_string(&log).unwrap();
    let header: serde_json::Value = serde_json::from_str(header.lines().next().unwrap()).unwrap();
    assert_eq!(header["lock"]["ruleset"], "example-open-2026");
    let out = swtcg(&["replay", log.to_str().unwrap(), "--lock", lock_arg]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    assert!(
        stdout(&out).contains("played under lock"),
        "{}",
        stdout(&out)
    );

    // Another lock (another ruleset) is not the log's.
    let (_, other) = locked_copy("other", "starting_force = 1\n");
    let out = swtcg(&[
        "replay",
        log.to_str().unwrap(),
        "--lock",
        other.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("not played under the lock"),
        "{}",
        stderr(&out)
    );

    // Changing the ruleset after locking it is refused, naming what differs.
    let text = std::fs::read_to_string(&ruleset).unwrap();
    std::fs::write(&ruleset, text.replace("turn_limit = 30", "turn_limit = 31")).unwrap();
    let out = swtcg(&["sim", IMPERIAL, REBEL, "--games", "1", "--lock", lock_arg]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("ruleset: the lock names example-open-2026"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn the_rulesets_deck_rules_refuse_a_deck_with_a_banned_card() {
    let ruleset = temp("tournament", "banned.toml");
    std::fs::write(
        &ruleset,
        "name = \"no-tanks\"\ncheck_decks = true\n[format]\nname = \"Vintage\"\nbanned = [\"Tank Droid\"]\n",
    )
    .unwrap();
    let out = swtcg(&[
        "sim",
        IMPERIAL,
        REBEL,
        "--games",
        "1",
        "--ruleset",
        ruleset.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(
        err.contains("imperial.toml") && err.contains("banned"),
        "{err}"
    );
}

#[test]
fn keyword_check_reports_critical_hit_and_overkill_at_pop_p6() {
    let out = swtcg(&["keywords", "check", IMPERIAL, REBEL]);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(text.contains("CONFLICT at pop-p6: Critical Hit"), "{text}");
    assert!(
        text.contains("Overkill (isolated, triggered; Rebel Keywords: Chewbacca (L))"),
        "{text}"
    );
    assert!(text.ends_with("1 conflict\n"), "{text}");

    let out = swtcg(&[
        "keywords",
        "check",
        "engine/data/decks/demo-dark.toml",
        "engine/data/decks/demo-light.toml",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    assert!(stdout(&out).contains("keywords in the decks: none"));
}

/// The folder holding the wasm builds of the bundled plugins, beside the test's binary.
fn plugin_builds() -> PathBuf {
    let bin = Path::new(env!("CARGO_BIN_EXE_swtcg"));
    let target = bin.parent().and_then(Path::parent).unwrap();
    target.join("plugins-wasm/wasm32-unknown-unknown/release")
}

#[test]
fn replay_steps_through_a_log_and_finds_where_other_plugins_change_the_game() {
    let log = temp("tournament", "keywords.jsonl");
    let out = swtcg(&[
        "demo",
        "--seed",
        "1",
        "--dark",
        IMPERIAL,
        "--light",
        REBEL,
        "--log",
        log.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));

    // Stepping: Enter twice, then run to the end.
    let mut child = Command::new(env!("CARGO_BIN_EXE_swtcg"))
        .args(["replay", log.to_str().unwrap(), "--step"])
        .current_dir(root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"\n\nc\n").unwrap();
    let out = child.wait_with_output().unwrap();
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert_eq!(
        text.matches("=== Turn").count(),
        3,
        "a board at each paused decision:\n{text}"
    );
    assert!(text.contains("-> "), "{text}");
    assert!(text.contains("replay matches all"), "{text}");

    // Critical Hit 1.0.1 that does nothing: the Shields plugin's wasm under Critical Hit's
    // manifest. The replay names the first line where the game changes (in this game a
    // Critical Hit adds damage).
    let dir = temp("tournament", "crit-noop");
    std::fs::create_dir_all(&dir).unwrap();
    let manifest =
        std::fs::read_to_string(root().join("plugins/critical-hit/keyword.toml")).unwrap();
    let wasm = plugin_builds().join("swtcg_keyword_shields.wasm");
    assert!(wasm.is_file(), "no plugin build at {}", wasm.display());
    // The wasm goes into the plugin's folder: a manifest may not name a file outside it.
    std::fs::copy(&wasm, dir.join("plugin.wasm")).unwrap();
    let manifest = format!(
        "{}\n[wasm]\nfile = \"plugin.wasm\"\n",
        manifest.replace("version = \"1.0.0\"", "version = \"1.0.1\"")
    );
    std::fs::write(dir.join("keyword.toml"), &manifest).unwrap();
    let out = swtcg(&[
        "replay",
        log.to_str().unwrap(),
        "--against-plugins",
        dir.to_str().unwrap(),
    ]);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{text}\n{}", stderr(&out));
    assert!(text.contains("~ critical-hit@1.0.0"), "{text}");
    assert!(text.contains("replay diverges at line"), "{text}");

    // The same plugin again under another version number changes nothing.
    std::fs::copy(
        plugin_builds().join("swtcg_keyword_critical_hit.wasm"),
        dir.join("plugin.wasm"),
    )
    .unwrap();
    let out = swtcg(&[
        "replay",
        log.to_str().unwrap(),
        "--against-plugins",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    assert!(stdout(&out).contains("under the other plugins matches"));
}

#[test]
fn the_example_lockfile_is_current() {
    // The lock names the plugin builds of these sources; a change to a plugin or to the plugin
    // API changes their hashes, and the example must then be locked again.
    let out = swtcg(&[
        "ruleset",
        "check",
        "--lock",
        "examples/tournament/ruleset.lock",
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "examples/tournament/ruleset.lock is stale; run `swtcg ruleset lock \
         examples/tournament/ruleset.toml`:\n{}",
        stderr(&out)
    );
    assert!(stdout(&out).contains("match the lock"), "{}", stdout(&out));
}

#[test]
fn tournament_commands_have_help_with_examples() {
    for args in [
        &["ruleset", "lock", "--help"][..],
        &["ruleset", "check", "--help"],
        &["keywords", "check", "--help"],
        &["replay", "--help"],
    ] {
        let out = swtcg(args);
        assert_eq!(out.status.code(), Some(0));
        assert!(
            stdout(&out).contains("Example: swtcg"),
            "{args:?}: {}",
            stdout(&out)
        );
    }
}
