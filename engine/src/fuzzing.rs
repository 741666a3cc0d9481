//! Entry points for fuzzing the engine's readers: one small pure function per input format, called
//! by the cargo-fuzz targets of `fuzz/` and by the corpus regression test of `engine/tests`.
//!
//! Each function takes arbitrary bytes, reads them as the format's text and checks what must hold
//! for any input: the reader returns a value or an error, never panics; an error names the file it
//! was given; and where a format is written back (game logs, saves) what was read writes back to
//! text that reads as the same value. A broken property panics, which is how the fuzzer notices.
//! One target reads no file: `plugin_answers` plays a game whose plugins answer from the bytes.

use std::sync::OnceLock;

pub mod plugin_answers;

pub use plugin_answers::plugin_answers;

use crate::cards::CardDb;

/// The name every fuzzed input is given, so that errors can be checked to name it.
pub const ORIGIN: &str = "fuzz-input";

/// The bytes as text: invalid UTF-8 is replaced, as a reader of a file in the wrong encoding would
/// see it after `from_utf8_lossy` (the command line rejects such files before parsing).
fn text(data: &[u8]) -> std::borrow::Cow<'_, str> {
    String::from_utf8_lossy(data)
}

/// Panics unless an error message names the input.
fn names_origin(message: String) {
    assert!(
        message.contains(ORIGIN),
        "an error does not name its file: {message}"
    );
}

/// The bundled card database, built once.
fn cards() -> &'static CardDb {
    static CARDS: OnceLock<CardDb> = OnceLock::new();
    CARDS.get_or_init(CardDb::bundled)
}

/// A plugin manifest (`keyword.toml`).
pub fn manifest(data: &[u8]) {
    if let Err(err) = crate::plugins::Manifest::parse(ORIGIN, &text(data)) {
        names_origin(err.to_string());
    }
}

/// A ruleset file.
pub fn ruleset(data: &[u8]) {
    if let Err(err) = crate::ruleset::Ruleset::from_toml(ORIGIN, &text(data)) {
        names_origin(err.to_string());
    }
}

/// A conformance scenario.
pub fn scenario(data: &[u8]) {
    if let Err(err) = crate::conformance::parse_scenario(ORIGIN, &text(data)) {
        names_origin(err.to_string());
    }
}

/// A LackeyCCG set file: every line is a card or an error naming the file.
pub fn card_set(data: &[u8]) {
    let import = crate::cards::lackey::parse_set(ORIGIN, &text(data));
    for error in import.errors {
        names_origin(error.to_string());
    }
}

/// An ability text, against the keywords the bundled cards know.
pub fn ability(data: &[u8]) {
    let keywords = cards().keyword_names();
    let _ = crate::ability::parse_ability(&text(data), keywords);
}

/// A printed text, read by the grammar of card text as a unit's and as a Battle card's: a
/// reading gives a script or a stop, never both; a stop names a place inside the prepared text;
/// a script reads in words; and the same text reads the same twice. A text longer than the
/// grammar reads (`MAX_TEXT`) stops at once.
pub fn card_text(data: &[u8]) {
    use crate::card_script::{Card, explain, read};
    let text = text(data);
    for played in [false, true] {
        let card = Card {
            name: "Zam Wesell (C)",
            played,
        };
        let reading = read(&text, card);
        assert_ne!(
            reading.script.is_some(),
            reading.stop.is_some(),
            "a reading has a script or a stop"
        );
        if let Some(stop) = &reading.stop {
            assert!(
                reading.text.is_char_boundary(stop.offset),
                "a stop inside a character"
            );
            let _ = stop.describe();
        }
        if let Some(script) = &reading.script {
            assert!(!explain::lines(script).is_empty());
        }
        assert_eq!(read(&text, card), reading, "a second reading differs");
    }
}

/// A deck file, in either format, against the bundled cards.
pub fn deck(data: &[u8]) {
    if let Err(err) = crate::deck::parse_deck(ORIGIN, &text(data), cards()) {
        names_origin(err.to_string());
    }
}

/// A game log: what reads writes back to text that reads as the same log.
pub fn game_log(data: &[u8]) {
    match crate::log::GameLog::from_jsonl(ORIGIN, &text(data)) {
        Ok(log) => {
            let again = crate::log::GameLog::from_jsonl(ORIGIN, &log.to_jsonl());
            assert_eq!(
                again.as_ref(),
                Ok(&log),
                "a log does not read back as itself"
            );
        }
        Err(err) => names_origin(err.to_string()),
    }
}

/// A saved game: what reads writes back to text that reads as the same save.
pub fn saved_game(data: &[u8]) {
    match crate::save::SavedGame::from_json(ORIGIN, &text(data)) {
        Ok(saved) => {
            let again = crate::save::SavedGame::from_json(ORIGIN, &saved.to_json());
            assert_eq!(
                again.as_ref(),
                Ok(&saved),
                "a save does not read back as itself"
            );
        }
        Err(err) => names_origin(err.to_string()),
    }
}

/// A fuzz target: a reader run on arbitrary bytes.
pub type Target = fn(&[u8]);

/// Every target by name, for the corpus regression test.
pub const TARGETS: [(&str, Target); 10] = [
    ("manifest", manifest),
    ("ruleset", ruleset),
    ("scenario", scenario),
    ("card_set", card_set),
    ("ability", ability),
    ("card_text", card_text),
    ("deck", deck),
    ("game_log", game_log),
    ("saved_game", saved_game),
    ("plugin_answers", plugin_answers),
];
