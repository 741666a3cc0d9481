//! `swtcg demo --save` and `swtcg resume`: a game paused, saved and resumed from its file ends
//! with the same log as the game played in one go, and a damaged save is refused with a clear
//! error.

use crate::common;

use common::{stderr, stdout, swtcg, temp};

#[test]
fn a_demo_saved_at_turn_2_and_resumed_gives_the_same_log_as_one_never_paused() {
    let whole = temp("save", "whole.jsonl");
    let out = swtcg(&["demo", "--seed", "7", "--log", whole.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));

    let save = temp("save", "game.json");
    let out = swtcg(&[
        "demo",
        "--seed",
        "7",
        "--save",
        save.to_str().unwrap(),
        "--pause-at-turn",
        "2",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("game paused at turn 2 and saved to"),
        "{}",
        stdout(&out)
    );

    let resumed = temp("save", "resumed.jsonl");
    let out = swtcg(&[
        "resume",
        save.to_str().unwrap(),
        "--log",
        resumed.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stdout(&out).contains("save verified"), "{}", stdout(&out));
    assert_eq!(
        std::fs::read_to_string(&resumed).unwrap(),
        std::fs::read_to_string(&whole).unwrap(),
        "the resumed game's log differs from the game played in one go"
    );

    // A save cut in half is refused, naming the file, and nothing is played.
    let text = std::fs::read_to_string(&save).unwrap();
    let cut = temp("save", "cut.json");
    std::fs::write(&cut, &text[..text.len() / 2]).unwrap();
    let out = swtcg(&["resume", cut.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("cut.json: the save is truncated"), "{err}");
    assert!(!stdout(&out).contains("wins"), "{}", stdout(&out));

    // A save whose numbers were edited is refused by its digest.
    let edited = temp("save", "edited.json");
    std::fs::write(&edited, text.replacen("\"force\": ", "\"force\": 1", 1)).unwrap();
    let out = swtcg(&["resume", edited.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("digest"), "{}", stderr(&out));
}
