//! Card names as a person writes them: the key under which two spellings of one name meet.
//!
//! Deck lists are typed by hand or exported by other tools, so the same card arrives as
//! "Luke’s X-wing (H)", "luke's x wing (h)" or "Luke's X-Wing (H)". [`name_key`] maps all of
//! these to one key; [`crate::CardDb::lookup`] tries the exact name first and falls back
//! to the key, and refuses to choose when a key stands for two different cards.

use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::is_combining_mark;

/// The key of a written card name. Two names have the same key when they differ only in:
///
/// - capitalisation ("X-wing" and "X-Wing", "Tie" and "TIE");
/// - the kind of apostrophe or quotation mark (’ ‘ ' ` and “ ” ");
/// - hyphens, dashes, underscores and runs of spaces between words ("Shaak-Ti", "Shaak Ti");
/// - accents ("Cordé" and "Corde"), and compatibility forms such as full-width letters;
/// - a missing hyphen or space between letters and digits ("YV664" and "YV-664").
///
/// The key is a list of tokens joined by single spaces: each run of letters, each run of digits,
/// and each other character on its own ("Luke's X-Wing (A)" is `luke ' s x wing ( a )`).
pub fn name_key(name: &str) -> String {
    let unified: String = name.chars().map(unify_mark).collect();
    let mut key = String::with_capacity(name.len() + 8);
    let mut previous = Class::Separator;
    for c in unified.nfkd().filter(|c| !is_combining_mark(*c)) {
        let class = classify(c);
        if class == Class::Separator {
            previous = class;
            continue;
        }
        let joins_previous = class == previous && class != Class::Other;
        if !key.is_empty() && !joins_previous {
            key.push(' ');
        }
        key.extend(c.to_lowercase());
        previous = class;
    }
    key
}

/// What a character contributes to a key.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Class {
    Letter,
    Digit,
    /// Punctuation and symbols: each is a token of its own.
    Other,
    /// Spaces, hyphens, dashes and underscores: they only separate tokens.
    Separator,
}

fn classify(c: char) -> Class {
    if c.is_alphabetic() {
        Class::Letter
    } else if c.is_numeric() {
        Class::Digit
    } else if c.is_whitespace()
        || matches!(
            c,
            '-' | '_' | '\u{2010}'..='\u{2015}' | '\u{2212}' | '\u{fe58}' | '\u{fe63}' | '\u{ff0d}'
        )
    {
        Class::Separator
    } else {
        Class::Other
    }
}

/// The one apostrophe and the one double quotation mark that every variant of them stands for.
/// This runs before the compatibility decomposition, which would split the acute accent used as
/// an apostrophe into a space and a combining mark.
fn unify_mark(c: char) -> char {
    match c {
        '\u{2018}' | '\u{2019}' | '\u{201a}' | '\u{201b}' | '\u{2032}' | '\u{02bc}' | '`'
        | '\u{00b4}' | '\u{ff07}' => '\'',
        '\u{201c}' | '\u{201d}' | '\u{201e}' | '\u{201f}' | '\u{2033}' | '\u{ff02}' => '"',
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;
    use crate::{CardDb, LookupError};

    fn same(a: &str, b: &str) {
        assert_eq!(name_key(a), name_key(b), "{a:?} and {b:?}");
    }

    #[test]
    fn the_key_splits_words_digits_and_punctuation() {
        assert_eq!(name_key("Luke's X-Wing (A)"), "luke ' s x wing ( a )");
        assert_eq!(name_key("YV-664 Light Freighter"), "yv 664 light freighter");
        assert_eq!(name_key("TT-8L/Y7 Gatekeeper"), "tt 8 l / y 7 gatekeeper");
        assert_eq!(name_key("  "), "");
    }

    #[test]
    fn apostrophes_and_quotes_of_every_kind_meet() {
        for written in [
            "Luke’s X-Wing (A)",
            "Luke‘s X-Wing (A)",
            "Luke`s X-Wing (A)",
            "Luke´s X-Wing (A)",
        ] {
            same(written, "Luke's X-Wing (A)");
        }
        same("Derek “Hobbie” Klivian (A)", "Derek \"Hobbie\" Klivian (A)");
    }

    #[test]
    fn case_hyphens_spaces_accents_and_digits_meet() {
        same("Luke's X-wing (H)", "LUKE'S X-WING (H)");
        same("Outland Tie Fighter", "Outland TIE Fighter");
        same("Shaak-Ti (A)", "Shaak Ti (A)");
        same("Shaak   Ti (A)", "Shaak\u{2013}Ti (A)");
        same("Cordé (A)", "Corde (A)");
        same("YV664 Light Freighter", "YV-664 Light Freighter");
        same("R2D2 (U)", "R2-D2 (U)");
        same("Ｊａｗａ", "Jawa");
    }

    #[test]
    fn different_words_stay_apart() {
        assert_ne!(name_key("Lukes X-Wing (A)"), name_key("Luke's X-Wing (A)"));
        assert_ne!(name_key("ShaakTi (A)"), name_key("Shaak Ti (A)"));
        assert_ne!(name_key("Xesh (A)"), name_key("Xesh (B)"));
        assert_ne!(name_key("Xesh (A)"), name_key("Xesh A"));
    }

    /// A lookup that must succeed, as `SET/Name`.
    fn found(db: &CardDb, written: &str) -> String {
        db.lookup(written)
            .map(|card| format!("{}/{}", card.set, card.name))
            .unwrap_or_else(|error| panic!("{written:?}: {error}"))
    }

    #[test]
    fn bundled_cards_are_found_as_people_write_them() {
        let db = CardDb::bundled();
        for (written, printed) in [
            ("Luke’s X-Wing (A)", "ANH/Luke's X-Wing (A)"),
            ("Luke‘s X-Wing (A)", "ANH/Luke's X-Wing (A)"),
            ("Luke's X-Wing (H)", "BOTS/Luke's X-wing (H)"),
            ("Outland Tie Fighter", "TMW/Outland TIE Fighter"),
            ("Shaak-Ti (A)", "AOTC/Shaak Ti (A)"),
            ("Cordé (A)", "AOTC/Corde (A)"),
            ("YV664 Light Freighter", "ANH/YV-664 Light Freighter"),
            ("anh/yv664 light freighter", "ANH/YV-664 Light Freighter"),
            ("AOTC/Shaak–Ti (A)", "AOTC/Shaak Ti (A)"),
        ] {
            assert_eq!(found(&db, written), printed, "{written:?}");
        }
    }

    #[test]
    fn no_two_bundled_names_share_a_key() {
        let db = CardDb::bundled();
        let mut names_by_key: HashMap<String, &str> = HashMap::new();
        for card in db.cards() {
            let name = card.name.as_str();
            let first = names_by_key.entry(name_key(name)).or_insert(name);
            assert_eq!(*first, name, "two names, one key");
        }
    }

    /// A set whose names differ only in spelling but whose cards play differently.
    fn look_alikes() -> CardDb {
        let mut db = CardDb::new();
        let errors = db.add_set(
            "ONE.txt",
            "Name\tSet\tSide\tType\tCost\tSpeed\tPower\tHealth\n\
             Tie Fighter\tONE\tD\tSpace\t2\t30\t2\t2\n\
             TIE Fighter\tONE\tD\tSpace\t3\t40\t3\t3\n\
             Shaak-Ti (A)\tONE\tL\tCharacter\t4\t30\t4\t4\n\
             Jawa\tONE\tN\tGround\t1\t10\t1\t1\n",
        );
        assert_eq!(errors, vec![]);
        let errors = db.add_set(
            "TWO.txt",
            "Name\tSet\tSide\tType\tCost\tSpeed\tPower\tHealth\n\
             Shaak Ti (A)\tTWO\tL\tCharacter\t5\t30\t5\t5\n\
             jawa\tTWO\tN\tGround\t1\t10\t1\t1\n",
        );
        assert_eq!(errors, vec![]);
        db
    }

    #[test]
    fn the_exact_spelling_wins_and_two_cards_are_never_guessed_between() {
        let db = look_alikes();
        assert_eq!(found(&db, "Tie Fighter"), "ONE/Tie Fighter");
        assert_eq!(found(&db, "TIE Fighter"), "ONE/TIE Fighter");
        assert_eq!(found(&db, "Shaak Ti (A)"), "TWO/Shaak Ti (A)");
        assert_eq!(found(&db, "Shaak-Ti (A)"), "ONE/Shaak-Ti (A)");
        // Two names, one card: the first set's printing, as for reprints.
        assert_eq!(found(&db, "JAWA"), "ONE/Jawa");
        for (written, candidates) in [
            ("tie fighter", ["ONE/Tie Fighter", "ONE/TIE Fighter"]),
            ("Tie-Fighter", ["ONE/Tie Fighter", "ONE/TIE Fighter"]),
            ("Shaak–Ti (A)", ["ONE/Shaak-Ti (A)", "TWO/Shaak Ti (A)"]),
        ] {
            assert_eq!(
                db.lookup(written),
                Err(LookupError::AmbiguousSpelling {
                    written: written.to_string(),
                    candidates: candidates.map(str::to_string).to_vec(),
                }),
                "{written:?}"
            );
        }
        assert_eq!(
            db.lookup("ONE/tie fighter")
                .map_err(|error| error.to_string()),
            Err(
                "\"ONE/tie fighter\" matches different cards: \"ONE/Tie Fighter\", \
                 \"ONE/TIE Fighter\"; write one of them exactly"
                    .to_string()
            )
        );
    }

    #[test]
    fn an_unknown_name_lists_the_equally_near_names() {
        let db = CardDb::bundled();
        let message = db
            .lookup("Bao Dur (C)")
            .err()
            .map(|error| error.to_string())
            .unwrap_or_default();
        assert_eq!(
            message,
            "unknown card \"Bao Dur (C)\"; did you mean \"Bao-Dur (A)\" or \"Bao-Dur (B)\"?"
        );
        match db.lookup("Cordé (B)") {
            Err(LookupError::UnknownCard { suggestions, .. }) => {
                assert_eq!(suggestions.first().map(String::as_str), Some("Corde (A)"));
            }
            other => panic!("unexpected {other:?}"),
        }
    }
}
