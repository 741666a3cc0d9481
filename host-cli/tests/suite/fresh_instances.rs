//! `swtcg sim` with a plugin that keeps state in its own memory: the results are the same for
//! every number of threads and every shard split (issue 17, case 9), because every game gets
//! fresh plugin instances. The plugin is the hostile fixture `tally`
//! (engine/tests/fixtures/hostile/tally): it claims the Upkeep of the seed decks' Xesh (C) and
//! gives its unit +3/+3 on every third call it answers, so its answers depend on the calls it
//! answered before.

use crate::common;

use std::path::Path;

use common::{root, stderr, stdout, swtcg, temp};

/// Builds the hostile fixtures' `cascade` crate for wasm (into the folder the engine's hostile
/// tests build the same workspace in, so that one build serves both) and stages the `tally`
/// folder: its manifest beside the wasm.
fn tally_folder() -> String {
    let source = root().join("engine/tests/fixtures/hostile");
    let target = Path::new(env!("CARGO_TARGET_TMPDIR")).join("hostile-fixtures");
    let manifest = source.join("Cargo.toml");
    let mut cargo = common::nested_cargo(
        &[
            "build",
            "--release",
            "--workspace",
            "--target",
            "wasm32-unknown-unknown",
            "--manifest-path",
            manifest.to_str().unwrap(),
        ],
        &target,
    );
    cargo.current_dir(&source);
    let out = cargo.output().expect("cargo runs");
    assert!(
        out.status.success(),
        "building the hostile fixtures failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let folder = temp("fresh", "tally");
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::copy(
        source.join("tally/keyword.toml"),
        folder.join("keyword.toml"),
    )
    .unwrap();
    std::fs::copy(
        target.join("wasm32-unknown-unknown/release/hostile_cascade.wasm"),
        folder.join("plugin.wasm"),
    )
    .unwrap();
    folder.display().to_string()
}

/// `swtcg sim` of the seed decks with the `tally` plugin and more arguments; its `--json`.
fn sim(tally: &str, more: &[&str]) -> String {
    let mut args = vec![
        "sim",
        "engine/data/decks/seed-dark.txt",
        "engine/data/decks/seed-light.txt",
        "--plugins",
        tally,
        "--games",
        "24",
        "--json",
    ];
    args.extend(more);
    let out = swtcg(&args);
    assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr(&out));
    stdout(&out)
}

#[test]
fn a_stateful_plugin_gives_the_same_results_on_any_threads_and_shards() {
    let tally = tally_folder();
    let one = sim(&tally, &["--threads", "1"]);
    let two = sim(&tally, &["--threads", "2"]);
    assert_eq!(one, two, "-t 1 and -t 2 differ");
    let shards: Vec<String> = ["1/2", "2/2"]
        .iter()
        .map(|shard| {
            let path = temp("fresh", &format!("shard-{}.json", &shard[..1]));
            std::fs::write(&path, sim(&tally, &["--shard", shard])).unwrap();
            path.display().to_string()
        })
        .collect();
    let out = swtcg(&["sim", "merge", &shards[0], &shards[1], "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), one, "the merged shards differ from one run");
    // The plugin really played: its Upkeep triggered in the games.
    let summary: serde_json::Value = serde_json::from_str(&one).unwrap();
    let upkeep = &summary["keywords"]["Upkeep"]["triggered"];
    assert!(upkeep.as_u64().is_some_and(|n| n > 0), "{summary}");
}
