//! An event's own plugin folder, as an organiser sets one up: a bundled plugin exported as a
//! folder (`plugins export`), named by the ruleset's `plugin_dirs`, locked, played, and its
//! games replayed from anywhere and against another version of the plugin (issue 24, cases 1
//! and 6).

use crate::common;

use std::path::Path;
use std::process::{Command, Output};

use common::{root, stderr, stdout, swtcg, temp};

/// `swtcg` run from `dir` instead of the repository root.
fn swtcg_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_swtcg"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("the swtcg binary runs")
}

#[test]
fn an_exported_plugin_in_plugin_dirs_plays_locks_and_replays_from_anywhere() {
    let event = temp("plugin-folders", "event");
    let _ = std::fs::remove_dir_all(&event);
    std::fs::create_dir_all(&event).unwrap();
    let variant = event.join("variants/overkill");
    let out = swtcg(&["plugins", "export", "overkill", variant.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(variant.join("overkill.wasm").is_file());
    let out = swtcg(&["plugins", "validate", variant.to_str().unwrap()]);
    assert!(stdout(&out).starts_with("OK overkill"), "{}", stdout(&out));
    // The export carries the plugin's scenarios and the rulesets they name, and they pass
    // through the exported plugin, which replaces the bundled one.
    let shipped = std::fs::read_dir(root().join("plugins/overkill/scenarios"))
        .unwrap()
        .count();
    let exported = std::fs::read_dir(variant.join("scenarios"))
        .unwrap()
        .count();
    assert_eq!(exported, shipped);
    assert!(variant.join("rulesets/printed-health.toml").is_file());
    let scenarios = variant.join("scenarios");
    let out = swtcg(&[
        "check",
        scenarios.to_str().unwrap(),
        "--plugins",
        variant.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}{}", stdout(&out), stderr(&out));
    assert!(
        stdout(&out).contains(&format!("{shipped} passed")),
        "{}",
        stdout(&out)
    );
    // Exporting over a folder that holds something is refused.
    let out = swtcg(&["plugins", "export", "overkill", variant.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));

    std::fs::write(
        event.join("ruleset.toml"),
        "name = \"folder-event\"\nplugin_dirs = [\"variants\"]\n",
    )
    .unwrap();
    let out = swtcg_in(&event, &["ruleset", "lock", "ruleset.toml"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let lock = std::fs::read_to_string(event.join("ruleset.lock")).unwrap();
    assert!(lock.contains("variants/overkill/keyword.toml"), "{lock}");

    let log = event.join("game.jsonl");
    let out = swtcg_in(
        &event,
        &["demo", "--lock", "ruleset.lock", "--log", "game.jsonl"],
    );
    assert!(out.status.success(), "{}{}", stdout(&out), stderr(&out));
    let log = log.to_str().unwrap();
    let lock = event.join("ruleset.lock");

    // Case 1: from the repository root (which has its own plugins/ folder) and from the
    // event's parent, with and without the lock, the ruleset's folder is found.
    for dir in [root(), event.parent().unwrap().to_path_buf()] {
        let out = swtcg_in(&dir, &["replay", log, "--lock", lock.to_str().unwrap()]);
        assert!(
            stdout(&out).contains("replay matches"),
            "from {}: {}{}",
            dir.display(),
            stdout(&out),
            stderr(&out)
        );
        let out = swtcg_in(&dir, &["replay", log]);
        assert!(
            stdout(&out).contains("replay matches"),
            "from {}: {}{}",
            dir.display(),
            stdout(&out),
            stderr(&out)
        );
    }

    // Case 6: another version of the event's plugin replaces it for a comparison, instead of
    // clashing with it over the keyword.
    let other = temp("plugin-folders", "other");
    let _ = std::fs::remove_dir_all(&other);
    let out = swtcg(&["plugins", "export", "overkill", other.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let manifest = other.join("keyword.toml");
    let text = std::fs::read_to_string(&manifest).unwrap();
    std::fs::write(
        &manifest,
        text.replace("version = \"1.0.0\"", "version = \"1.1.0\""),
    )
    .unwrap();
    let out = swtcg(&["replay", log, "--against-plugins", other.to_str().unwrap()]);
    let text = stdout(&out);
    assert!(out.status.success(), "{text}{}", stderr(&out));
    assert!(text.contains("~ overkill@1.0.0"), "{text}");
    assert!(text.contains("-> overkill@1.1.0"), "{text}");
    assert!(text.contains("under the other plugins"), "{text}");
}
