//! A deck with a card an event bans, through every command an organiser or player uses: no
//! command plays it under the event's lock, `deck validate` checks it against the event's own
//! format in advance, and `replay --lock` refuses a logged game whose deck breaks the rules
//! (issue 24, case 2).

use crate::common;

use common::{stderr, stdout, swtcg, temp};

const IMPERIAL: &str = "examples/tournament/imperial.toml";
const REBEL: &str = "examples/tournament/rebel.toml";

#[test]
fn a_banned_card_is_refused_by_every_command_under_the_lock() {
    let ruleset = temp("banned", "no-tanks.toml");
    std::fs::write(
        &ruleset,
        "name = \"no-tanks\"\ncheck_decks = true\n[format]\nname = \"Vintage\"\nbanned = [\"Tank Droid\"]\n",
    )
    .unwrap();
    let out = swtcg(&["ruleset", "lock", ruleset.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let lock = ruleset.with_extension("lock");
    let lock = lock.to_str().unwrap();

    let refused = |args: &[&str]| {
        let out = swtcg(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stdout(&out));
        let err = stderr(&out);
        assert!(
            err.contains("imperial.toml") && err.contains("banned"),
            "{args:?}: {err}"
        );
    };
    refused(&["sim", IMPERIAL, REBEL, "--games", "1", "--lock", lock]);
    refused(&["demo", "--dark", IMPERIAL, "--light", REBEL, "--lock", lock]);
    refused(&["play", IMPERIAL, REBEL, "--lock", lock]);

    // In advance, against the event's own format and bans.
    let out = swtcg(&["deck", "validate", IMPERIAL, "--lock", lock]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stdout(&out).contains("Tank Droid"), "{}", stdout(&out));
    let out = swtcg(&["deck", "validate", REBEL, "--lock", lock]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));

    // A game played under the lock with legal decks replays under it; the same log with a
    // banned card put into a deck is refused before it replays.
    let log = temp("banned", "game.jsonl");
    let out = swtcg(&[
        "demo",
        "--decks",
        "plain",
        "--lock",
        lock,
        "--log",
        log.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}{}", stdout(&out), stderr(&out));
    let out = swtcg(&["replay", log.to_str().unwrap(), "--lock", lock]);
    assert!(stdout(&out).contains("replay matches"), "{}", stderr(&out));

    let tank_log = temp("banned", "tank.jsonl");
    let out = swtcg(&[
        "demo",
        "--dark",
        IMPERIAL,
        "--light",
        REBEL,
        "--log",
        tank_log.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let tank_header: serde_json::Value = serde_json::from_str(
        std::fs::read_to_string(&tank_log)
            .unwrap()
            .lines()
            .next()
            .unwrap(),
    )
    .unwrap();
    let tank = tank_header["decks"][0]
        .as_array()
        .unwrap()
        .iter()
        .find(|card| card["name"] == "Tank Droid")
        .unwrap()
        .clone();
    let text = std::fs::read_to_string(&log).unwrap();
    let (header, rest) = text.split_once('\n').unwrap();
    let mut header: serde_json::Value = serde_json::from_str(header).unwrap();
    header["decks"][0][0] = tank;
    let edited = temp("banned", "edited.jsonl");
    std::fs::write(&edited, format!("{header}\n{rest}")).unwrap();
    let out = swtcg(&["replay", edited.to_str().unwrap(), "--lock", lock]);
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    let err = stderr(&out);
    assert!(
        err.contains("the Dark Side deck: the deck breaks the ruleset no-tanks's deck rules")
            && err.contains("\"ROTS/Tank Droid\" (line 1) is banned"),
        "{err}"
    );
}
