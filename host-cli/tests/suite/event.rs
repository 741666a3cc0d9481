//! Runs a whole event the way an organiser does, from the command line: register eight
//! players under a lock, pair, play one game at the terminal (abandoned), simulate the rest of
//! three rounds with the AI, and check that the standings count every match and that every
//! counted game replays under the lock; then the refusals: a tampered log, a deck changed
//! after registration, a second report of a match.

use crate::common;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use common::{root, stderr, stdout, swtcg, temp};

const IMPERIAL: &str = "examples/tournament/imperial.toml";
const REBEL: &str = "examples/tournament/rebel.toml";
const DEMO_DARK: &str = "engine/data/decks/demo-dark.toml";
const DEMO_LIGHT: &str = "engine/data/decks/demo-light.toml";

/// The example tournament ruleset copied into `dir` and locked there.
fn locked_ruleset(dir: &Path) -> PathBuf {
    let ruleset = dir.join("ruleset.toml");
    std::fs::copy(root().join("examples/tournament/ruleset.toml"), &ruleset).unwrap();
    let out = swtcg(&["ruleset", "lock", ruleset.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    ruleset.with_extension("lock")
}

fn arg(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// The event file as TOML.
fn event_file(dir: &Path) -> toml::Table {
    toml::from_str(&std::fs::read_to_string(dir.join("event.toml")).unwrap()).unwrap()
}

#[test]
fn an_eight_player_three_round_simulated_event_counts_only_games_that_replay_under_the_lock() {
    let base = temp("event", "spring");
    std::fs::create_dir_all(&base).unwrap();
    let lock = locked_ruleset(&base);
    let dir = base.join("spring-open");
    // Six players on the command line, two in a players file; two players bring a deck of
    // each side.
    let players = base.join("players.toml");
    std::fs::write(
        &players,
        format!(
            "[[player]]\nname = \"Gus\"\ndecks = [{:?}, {:?}]\n\n[[player]]\nname = \"Hana\"\ndeck = {:?}\n",
            root().join(IMPERIAL),
            root().join(REBEL),
            root().join(DEMO_LIGHT)
        ),
    )
    .unwrap();
    let out = swtcg(&[
        "event",
        "new",
        arg(&dir),
        "--lock",
        arg(&lock),
        "--player",
        &format!("Anna={IMPERIAL}"),
        "--player",
        &format!("Ben={REBEL}"),
        "--player",
        &format!("Carl={DEMO_DARK}"),
        "--player",
        &format!("Dora={DEMO_LIGHT}"),
        "--player",
        &format!("Eve={DEMO_DARK},{DEMO_LIGHT}"),
        "--player",
        &format!("Finn={DEMO_DARK}"),
        "--players",
        arg(&players),
        "--seed",
        "7",
    ]);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(0), "{text}{}", stderr(&out));
    assert!(
        text.contains("8 players, 3 rounds, best of 1"),
        "the usual rounds for 8 players: {text}"
    );
    assert!(
        text.contains("Anna: Imperial Keywords (Dark Side"),
        "{text}"
    );
    let event = event_file(&dir);
    assert_eq!(event["lock"].as_str(), Some("../ruleset.lock"));

    // Round 1: the tables and the command that plays each game.
    let out = swtcg(&["event", "pair", arg(&dir)]);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(0), "{text}{}", stderr(&out));
    assert_eq!(text.matches("  table ").count(), 4, "{text}");
    let command = text
        .lines()
        .find_map(|l| l.trim().strip_prefix("swtcg play "))
        .expect("a command per game");

    // Table 1's game is played at the terminal with the printed command, and the Dark Side
    // player quits at the first decision: an abandoned game, lost by whoever left.
    let words: Vec<&str> = command.split_whitespace().collect();
    let log = base.join("table-1.jsonl");
    let at = words.iter().position(|w| *w == "--log").unwrap();
    let mut words: Vec<String> = words.iter().map(|w| w.to_string()).collect();
    words[at + 1] = arg(&log).to_string();
    let mut child = Command::new(env!("CARGO_BIN_EXE_swtcg"))
        .arg("play")
        .args(&words)
        .current_dir(root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"q\n").unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let dark = words[words.iter().position(|w| w == "--dark-name").unwrap() + 1].clone();
    let light = words[words.iter().position(|w| w == "--light-name").unwrap() + 1].clone();
    let report_table_1 = || {
        swtcg(&[
            "event",
            "report",
            arg(&dir),
            "--round",
            "1",
            "--table",
            "1",
            "--log",
            arg(&log),
        ])
    };
    let out = report_table_1();
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(0), "{text}{}", stderr(&out));
    assert!(
        text.contains(&format!("{dark} (")) && text.contains("left the game on turn"),
        "{text}"
    );
    assert!(text.contains(&format!(": {light} (")), "{text}");

    // A second report of the match is refused without --replace.
    let out = report_table_1();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("reported already"),
        "{}",
        stderr(&out)
    );

    // The rest of three rounds with the AI.
    let out = swtcg(&["event", "simulate", arg(&dir), "--rounds", "3"]);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(0), "{text}{}", stderr(&out));
    assert!(text.contains("Round 3 paired"), "{text}");
    assert!(text.contains(" beats "), "results name the players: {text}");
    assert!(text.contains("(every match reported)"), "{text}");

    // The standings count every match: 12 matches, 3 points each unless drawn.
    let out = swtcg(&["event", "standings", arg(&dir), "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let standings: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let lines = standings["standings"].as_array().unwrap();
    assert_eq!(lines.len(), 8);
    assert_eq!(standings["unreported"].as_array().unwrap().len(), 0);
    let sum = |key: &str| lines.iter().map(|l| l[key].as_u64().unwrap()).sum::<u64>();
    assert_eq!(sum("wins") + sum("draws") / 2, 12);
    assert_eq!(sum("match_points"), 3 * 12 - sum("draws") / 2);
    for line in lines {
        assert_eq!(line["opponents"].as_array().unwrap().len(), 3, "{line}");
        assert!(
            line["opponents_match_win"].as_f64().unwrap() >= 0.33,
            "{line}"
        );
    }
    let ranks: Vec<u64> = lines.iter().map(|l| l["rank"].as_u64().unwrap()).collect();
    assert!(ranks.windows(2).all(|w| w[0] <= w[1]), "{ranks:?}");

    // Every counted game replays under the lock, and the event file names each log by
    // sha256.
    let event = event_file(&dir);
    let rounds = event["round"].as_array().unwrap();
    assert_eq!(rounds.len(), 3);
    let mut counted = 0;
    for table in rounds.iter().flat_map(|r| r["table"].as_array().unwrap()) {
        for game in table["game"].as_array().unwrap() {
            let file = dir.join(game["log"].as_str().unwrap());
            let bytes = std::fs::read(&file).unwrap();
            assert_eq!(
                swtcg_engine::plugins::sha256_hex(&bytes),
                game["sha256"].as_str().unwrap()
            );
            let out = swtcg(&["replay", arg(&file), "--lock", arg(&lock)]);
            let text = stdout(&out);
            assert_eq!(out.status.code(), Some(0), "{text}{}", stderr(&out));
            assert!(text.contains("replay matches all"), "{text}");
            counted += 1;
        }
    }
    assert_eq!(counted, 12);
    let out = swtcg(&["event", "pair", arg(&dir)]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("all 3 rounds"), "{}", stderr(&out));

    // A tampered log is not counted, and the match keeps its result.
    let counted_log = dir.join("games/round-2-table-1-game-1.jsonl");
    let tampered = base.join("tampered.jsonl");
    let text = std::fs::read_to_string(&counted_log).unwrap();
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    let die = lines
        .iter()
        .position(|l| l.contains("\"entry\":\"die\""))
        .unwrap();
    let mut entry: serde_json::Value = serde_json::from_str(&lines[die]).unwrap();
    let value = entry["value"].as_u64().unwrap();
    entry["value"] = (value % 6 + 1).into();
    lines[die] = entry.to_string();
    std::fs::write(&tampered, lines.join("\n") + "\n").unwrap();
    let before = std::fs::read_to_string(dir.join("event.toml")).unwrap();
    let report = |log: &Path| {
        swtcg(&[
            "event",
            "report",
            arg(&dir),
            "--round",
            "2",
            "--table",
            "1",
            "--log",
            arg(log),
            "--replace",
        ])
    };
    let out = report(&tampered);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{text}{}", stderr(&out));
    assert!(
        text.contains("not counted") && text.contains(&format!("diverges at line {}", die + 1)),
        "{text}"
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("event.toml")).unwrap(),
        before
    );

    // A registered deck changed during the event: its player's games no longer verify.
    let table: &toml::Table = rounds[1]["table"].as_array().unwrap()[0]
        .as_table()
        .unwrap();
    let game = &table["game"].as_array().unwrap()[0];
    let dark = game["dark"].as_str().unwrap();
    let players = event["player"].as_array().unwrap();
    let deck = players
        .iter()
        .find(|p| p["name"].as_str() == Some(dark))
        .and_then(|p| {
            p["deck"]
                .as_array()
                .unwrap()
                .iter()
                .find(|d| d["side"].as_str() == Some("dark"))
        })
        .unwrap();
    let deck_file = dir.join(deck["file"].as_str().unwrap());
    let mut deck_text = std::fs::read_to_string(&deck_file).unwrap();
    deck_text.push_str("\n# one more line\n");
    std::fs::write(&deck_file, deck_text).unwrap();
    let out = report(&counted_log);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{text}{}", stderr(&out));
    assert!(text.contains("changed after it was registered"), "{text}");
}

#[test]
fn an_event_refuses_players_it_cannot_seat_and_decks_that_break_its_rules() {
    let base = temp("event", "refusals");
    std::fs::create_dir_all(&base).unwrap();
    let lock = locked_ruleset(&base);
    let dir = base.join("refused");
    // The keyword decks hold cards outside the ruleset's Vintage format.
    let out = swtcg(&[
        "event",
        "new",
        arg(&dir),
        "--lock",
        arg(&lock),
        "--player",
        "Anna=engine/data/decks/keywords-dark.txt",
        "--player",
        &format!("Ben={REBEL}"),
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(
        err.contains("keywords-dark.txt") && err.contains("Vintage"),
        "{err}"
    );
    assert!(!dir.join("event.toml").exists());
    // Two Dark Side decks for one player.
    let out = swtcg(&[
        "event",
        "new",
        arg(&dir),
        "--lock",
        arg(&lock),
        "--player",
        &format!("Anna={IMPERIAL},{DEMO_DARK}"),
        "--player",
        &format!("Ben={REBEL}"),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("two Dark Side decks"),
        "{}",
        stderr(&out)
    );
    // Two players who can only play the Dark Side can never be paired.
    let out = swtcg(&[
        "event",
        "new",
        arg(&dir),
        "--lock",
        arg(&lock),
        "--player",
        &format!("Anna={IMPERIAL}"),
        "--player",
        &format!("Ben={DEMO_DARK}"),
        "--rounds",
        "1",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let out = swtcg(&["event", "pair", arg(&dir)]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("one Dark Side and one Light Side deck"),
        "{}",
        stderr(&out)
    );
    let out = swtcg(&["event", "standings", arg(&base.join("nothing-here"))]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("no event here"), "{}", stderr(&out));
}
