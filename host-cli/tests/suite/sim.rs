//! Runs `swtcg sim` the way a designer does: a seeded batch, its table, its JSON, and shards
//! merged back into the result of one run.

use crate::common;

use common::{stderr, stdout, swtcg, temp};

const GAMES: &str = "100";

fn json_of(args: &[&str]) -> String {
    let out = swtcg(args);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    stdout(&out)
}

#[test]
fn shards_merge_to_the_single_run_and_the_same_seed_gives_the_same_table() {
    // The plain demo decks: many games of them take little time in a debug build.
    let run = [
        "sim",
        "engine/data/decks/demo-dark.toml",
        "engine/data/decks/demo-light.toml",
        "--games",
        GAMES,
        "--seed",
        "5",
        "-q",
    ];
    let table = swtcg(&[&run[..], &["--threads", "2"]].concat());
    assert_eq!(table.status.code(), Some(0), "{}", stderr(&table));
    let table = stdout(&table);
    for needle in [
        "Dark Side",
        "Light Side",
        "95 % CI",
        "errors",
        "turns: average",
    ] {
        assert!(table.contains(needle), "no `{needle}` in\n{table}");
    }

    let single = json_of(&[&run[..], &["--threads", "1", "--json"]].concat());
    let summary: serde_json::Value = serde_json::from_str(&single).unwrap();
    let games = summary["games"].as_u64().unwrap();
    assert_eq!(games, 100);
    let wins = summary["wins"][0].as_u64().unwrap() + summary["wins"][1].as_u64().unwrap();
    let ended = wins + summary["undecided"].as_u64().unwrap() + summary["errors"].as_u64().unwrap();
    assert_eq!(ended, games, "{single}");
    assert_eq!(summary["seeds"][0]["start"], 5);
    assert_eq!(summary["seeds"][0]["end"], 105);

    // The same seeds on another thread count print the same table.
    let single_file = temp("sim", "single.json");
    std::fs::write(&single_file, &single).unwrap();
    let again = json_of(&["sim", "merge", single_file.to_str().unwrap()]);
    assert_eq!(again, table);

    // Two shards, merged, are the single run.
    let mut files = Vec::new();
    for shard in ["1/2", "2/2"] {
        let text = json_of(&[&run[..], &["--shard", shard, "--json"]].concat());
        let file = temp("sim", &format!("shard-{}.json", &shard[..1]));
        std::fs::write(&file, text).unwrap();
        files.push(file);
    }
    let shard_games: Vec<u64> = files
        .iter()
        .map(|f| {
            let v: serde_json::Value =
                serde_json::from_str(&std::fs::read_to_string(f).unwrap()).unwrap();
            v["games"].as_u64().unwrap()
        })
        .collect();
    assert_eq!(shard_games, [50, 50]);
    let files: Vec<&str> = files.iter().map(|f| f.to_str().unwrap()).collect();
    // In either order.
    let merged = json_of(&["sim", "merge", files[1], files[0], "--json"]);
    assert_eq!(merged, single);

    // A shard merged with itself is refused, naming the seeds as the table shows them.
    let twice = swtcg(&["sim", "merge", files[0], files[0]]);
    assert_eq!(twice.status.code(), Some(2));
    assert!(
        stderr(&twice).contains("both runs played seeds 5..54; shards must not overlap"),
        "{}",
        stderr(&twice)
    );

    // One shard alone merges, but not without a word about the missing one (issue 24 case 8).
    let alone = swtcg(&["sim", "merge", files[0]]);
    assert_eq!(alone.status.code(), Some(0), "{}", stderr(&alone));
    assert!(
        stderr(&alone).contains("warning: the run's seeds 55..104 are not in these results"),
        "{}",
        stderr(&alone)
    );
    assert!(
        stdout(&alone).contains("seeds 5..54 of the run's 5..104 (missing 55..104)"),
        "{}",
        stdout(&alone)
    );
}

#[test]
fn without_decks_sim_plays_the_seed_decks_as_demo_does() {
    let out = json_of(&["sim", "--games", "1", "-q", "--json"]);
    let summary: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(summary["config"]["decks"][0]["name"], "seed-dark", "{out}");
    assert_eq!(summary["config"]["decks"][1]["name"], "seed-light", "{out}");
}

#[test]
fn bad_shards_and_deck_pairs_are_clear_errors() {
    let out = swtcg(&["sim", "--games", "4", "--shard", "3/2"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("3/2"), "{}", stderr(&out));
    let out = swtcg(&[
        "sim",
        "engine/data/decks/demo-dark.toml",
        "engine/data/decks/demo-dark.txt",
        "--games",
        "1",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("both decks play the Dark Side"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn decks_given_light_side_first_still_play_their_sides() {
    let out = swtcg(&[
        "sim",
        "engine/data/decks/demo-light.toml",
        "engine/data/decks/demo-dark.toml",
        "--games",
        "2",
        "-q",
    ]);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let dark_line = text.lines().find(|l| l.starts_with("Dark Side")).unwrap();
    assert!(dark_line.contains("Demo Dark"), "{text}");
}

#[test]
fn sim_help_has_an_example() {
    for args in [&["sim", "--help"][..], &["sim", "merge", "--help"]] {
        let out = swtcg(args);
        assert_eq!(out.status.code(), Some(0));
        assert!(
            stdout(&out).contains("Example: swtcg sim"),
            "{}",
            stdout(&out)
        );
    }
}

/// Decks with Locations (game 16.1) and Battle cards that disrupt (game 13.9), every text claimed
/// by a bundled plugin.
const LOCATION_DECKS: [&str; 2] = [
    "engine/tests/fixtures/decks/locations-dark.txt",
    "engine/tests/fixtures/decks/locations-light.txt",
];

/// Units whose every text the card-text plugin carries out.
const CARD_SCRIPT_DECKS: [&str; 2] = [
    "engine/tests/fixtures/decks/card-script-dark.txt",
    "engine/tests/fixtures/decks/card-script-light.txt",
];

#[test]
fn games_of_card_text_scripts_end_without_errors() {
    // Issue 20's acceptance: games of decks built from playable cards run in `sim` with 0
    // errors. These decks found a static aura offered as if it were an activated ability.
    for (ai, summary) in sims_without_errors(CARD_SCRIPT_DECKS, "4") {
        let used = &summary["keywords"]["Card text scripts"]["activated"];
        assert!(used.as_u64().unwrap_or(0) > 0, "{ai}: {summary}");
    }
}

/// Cards whose every text the card-text plugin carries out, with triggered texts, an Equipment,
/// attack conditions and auras.
const CARD_SCRIPT_TRIGGER_DECKS: [&str; 2] = [
    "engine/tests/fixtures/decks/card-script-triggers-dark.txt",
    "engine/tests/fixtures/decks/card-script-triggers-light.txt",
];

#[test]
fn games_of_triggered_card_texts_end_without_errors() {
    // Issue 20: triggered scripts (deploys, attacks, discards, moments), Equipment texts and
    // static changes while attacking, in games of real cards, end without errors; the greedy
    // games trigger some.
    let runs = sims_without_errors(CARD_SCRIPT_TRIGGER_DECKS, "4");
    let (_, greedy) = &runs[0];
    let triggered = &greedy["keywords"]["Card text scripts"]["triggered"];
    assert!(triggered.as_u64().unwrap_or(0) > 0, "{greedy}");
}

/// The summaries of `games` games of two decks played by the greedy and by the random AI,
/// checked to have ended without errors. Refused decks would exit 2: without
/// `--allow-unsupported`, every text must be claimed.
fn sims_without_errors(decks: [&str; 2], games: &str) -> Vec<(&'static str, serde_json::Value)> {
    ["greedy", "random"]
        .into_iter()
        .map(|ai| {
            let run = [
                "sim", decks[0], decks[1], "--games", games, "--ai", ai, "--json", "-q",
            ];
            let summary: serde_json::Value = serde_json::from_str(&json_of(&run)).unwrap();
            assert_eq!(summary["errors"], 0, "{ai}: {summary}");
            (ai, summary)
        })
        .collect()
}

#[test]
fn games_with_locations_and_disrupts_end_without_errors_and_replay() {
    // Issue 19's acceptance: "Games with Locations and Battle cards that disrupt run in `sim`
    // with 0 errors and replay exactly."
    sims_without_errors(LOCATION_DECKS, "10");
    // Logged games replay exactly, and among them Locations are placed and plays disrupted: a
    // change that stopped either would leave these decks untested.
    // Seeds where, as the engine plays today, the greedy AI disrupts and the random player
    // places Locations; the sums below fail if that stops.
    let (mut placed, mut disrupted, mut proposed) = (0, 0, 0);
    for (ai, seeds) in [("greedy", [5, 7]), ("random", [4, 5])] {
        for seed in seeds {
            let log = temp("sim", &format!("locations-{ai}-{seed}.jsonl"));
            let seed = seed.to_string();
            let log_path = log.to_str().unwrap();
            let out = swtcg(&[
                "demo",
                "--dark",
                LOCATION_DECKS[0],
                "--light",
                LOCATION_DECKS[1],
                "--ai",
                ai,
                "--seed",
                &seed,
                "--log",
                log_path,
            ]);
            assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
            let text = std::fs::read_to_string(&log).unwrap();
            placed += text.matches("\"event\":\"location-placed\"").count();
            disrupted += text.matches("\"event\":\"disrupted\"").count();
            let replay = swtcg(&["replay", log_path]);
            assert!(
                stdout(&replay).contains("replay matches"),
                "{ai} seed {seed}: {}{}",
                stdout(&replay),
                stderr(&replay)
            );
            // A log written before the engine logged what plugins propose still replays.
            proposed += text.matches("\"event\":\"proposed\"").count();
            if ai == "random" {
                continue;
            }
            let older: Vec<&str> = text
                .lines()
                .filter(|line| !line.contains("\"event\":\"proposed\""))
                .collect();
            let older_log = temp("sim", &format!("locations-{ai}-{seed}-older.jsonl"));
            std::fs::write(&older_log, older.join("\n") + "\n").unwrap();
            let replay = swtcg(&["replay", older_log.to_str().unwrap()]);
            assert!(
                stdout(&replay).contains("replay matches"),
                "{ai} seed {seed} without proposals: {}{}",
                stdout(&replay),
                stderr(&replay)
            );
        }
    }
    assert!(
        placed > 0 && disrupted > 0 && proposed > 0,
        "{placed} placed, {disrupted} disrupted, {proposed} proposed"
    );
}
