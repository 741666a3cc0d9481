//! Deck files: the plain "count name" list, LackeyCCG's `.dek` (the format the community
//! exchanges, `deck/lackey_dek.rs`) and a TOML deck format with a name, a side and a format; all
//! resolved against the card database, and written back by `deck/write.rs` and `write_dek`.
//!
//! A plain list:
//!
//! ```text
//! # Jawa rush
//! 4 ANH/Jawa        # a comment may follow a card
//! 2 Zam Wesell (B)
//! ```
//!
//! The same deck in TOML (unknown keys are errors naming the file, line and key):
//!
//! ```toml
//! name = "Jawa rush"
//! side = "dark"          # or "light"
//! format = "Vintage"     # optional: a format of formats.txt
//!
//! [[card]]
//! count = 4
//! name = "ANH/Jawa"
//! ```
//!
//! A LackeyCCG `.dek` deck is XML, one `<card>` per copy, the id being the LackeyCCG image name:
//!
//! ```xml
//! <deck version="0.8">
//!     <meta>
//!         <game>starwars</game>
//!     </meta>
//!     <superzone name="Deck">
//!         <card><name id="ANH085_Jawa">Jawa</name><set>ANH</set></card>
//!     </superzone>
//! </deck>
//! ```
//!
//! Parsing checks only what the file says (syntax, counts, card names, the format's name); the
//! deck-building rules (60 cards, 4 copies, one side, formats, the IDC unit limits) are checked by
//! [`crate::deck_rules::validate`].

mod lackey_dek;
mod write;

use std::sync::Arc;

use serde::Deserialize;
use toml::Spanned;

pub use lackey_dek::write_dek;
pub use write::{card_reference, write_plain, write_toml};

use crate::CardDb;
use swtcg_rules::model::{CardDef, Side};
use swtcg_rules::text::line_of;

/// The seed decks, `swtcg demo`'s default: real units of the bundled sets with the seed cards
/// Rukh (C) (Dark only), Krrsantan (B) and Xesh (C), every ability of them carried out by a
/// bundled plugin (`data/decks`).
pub const SEED_DARK: &str = include_str!("../../data/decks/seed-dark.txt");
pub const SEED_LIGHT: &str = include_str!("../../data/decks/seed-light.txt");
/// The plain demo decks: units without abilities from the bundled sets (`data/decks`), for games
/// that need no plugin.
pub const DEMO_DARK: &str = include_str!("../../data/decks/demo-dark.txt");
pub const DEMO_LIGHT: &str = include_str!("../../data/decks/demo-light.txt");
/// The demo decks in the TOML deck format: the same cards, with a name and a side.
pub const DEMO_DARK_TOML: &str = include_str!("../../data/decks/demo-dark.toml");
pub const DEMO_LIGHT_TOML: &str = include_str!("../../data/decks/demo-light.toml");

/// The most copies one line may ask for; more is a typo, not a deck.
const MAX_COUNT: i64 = 99;

/// A deck file that could not be read: the file, the 1-based line and, for TOML decks, the key.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{origin}:{line}: {}{message}", key.as_ref().map(|k| format!("key `{k}`: ")).unwrap_or_default())]
pub struct DeckError {
    pub origin: String,
    pub line: usize,
    /// The TOML key the problem is about (`name`, `count`, an unknown key...), if any.
    pub key: Option<String>,
    pub message: String,
}

/// Something a reader did on the deck's behalf that its author may want to know: a name read in
/// another spelling, a card found outside the set the file gave, a superzone left out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeckNote {
    pub origin: String,
    /// The 1-based line the note is about.
    pub line: usize,
    pub message: String,
}

impl std::fmt::Display for DeckNote {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}: {}", self.origin, self.line, self.message)
    }
}

/// A parsed deck: what the file declares and its cards, resolved to printings.
#[derive(Debug, Clone, PartialEq)]
pub struct Deck {
    /// The deck's name (TOML `name`); plain lists have none.
    pub name: Option<String>,
    /// The side the deck declares (TOML `side`); plain lists have none.
    pub side: Option<Side>,
    /// The format the deck is built for (TOML `format`), as named in `formats.txt`.
    pub format: Option<String>,
    /// One entry per line of the file, in file order: the count, the printing it names and the
    /// 1-based line (of the card's `name` in TOML; of its first copy in a `.dek`).
    pub cards: Vec<(u32, Arc<CardDef>, usize)>,
    /// What the reader noted, in file order, each once.
    pub notes: Vec<DeckNote>,
}

impl Deck {
    /// A deck of these entries that declares no name, side or format (a plain list, a `.dek`).
    pub fn unnamed(cards: Vec<(u32, Arc<CardDef>, usize)>, notes: Vec<DeckNote>) -> Deck {
        Deck {
            name: None,
            side: None,
            format: None,
            cards,
            notes,
        }
    }

    /// A deck of these cards in this order (a game log's deck), one entry per run of copies of
    /// a printing, its "line" the 1-based position of the run's first copy.
    pub fn from_cards(cards: &[Arc<CardDef>]) -> Deck {
        let mut entries: Vec<(u32, Arc<CardDef>, usize)> = Vec::new();
        for (index, card) in cards.iter().enumerate() {
            match entries.last_mut() {
                Some((count, last, _)) if **last == **card => *count += 1,
                _ => entries.push((1, Arc::clone(card), index + 1)),
            }
        }
        Deck::unnamed(entries, Vec::new())
    }

    /// The deck as the game takes it: one definition per card, in file order.
    pub fn expand(&self) -> Vec<Arc<CardDef>> {
        self.cards
            .iter()
            .flat_map(|(count, card, _)| (0..*count).map(|_| Arc::clone(card)))
            .collect()
    }

    /// The deck as the game takes it with its supply: its cards, then the Subordinates their
    /// texts take that the deck does not list (`supply::supply_for`), which the game puts into
    /// the player's supply, not the deck (game 4.7, 16.5).
    pub fn expand_with_supply(&self, cards: &CardDb) -> Vec<Arc<CardDef>> {
        let mut all = self.expand();
        let supply = crate::supply::supply_for(&all, cards);
        all.extend(supply);
        all
    }

    /// The number of cards in the deck.
    pub fn card_count(&self) -> u32 {
        self.cards.iter().map(|(count, _, _)| count).sum()
    }
}

/// Parses a deck file in any of the three formats, told apart by content. The text is a LackeyCCG
/// `.dek` when it starts with `<` (XML: a plain list starts with a count, TOML never with `<`). It
/// is a TOML deck when it parses as a TOML table with a `card` key, or when its first line that is
/// not blank or a comment does not start with a digit (so that a broken TOML deck gets TOML
/// errors); otherwise it is a plain list.
pub fn parse_deck(origin: &str, text: &str, cards: &CardDb) -> Result<Deck, DeckError> {
    if lackey_dek::is_dek(text) {
        lackey_dek::parse_dek(origin, text, cards)
    } else if is_toml_deck(text) {
        parse_toml_deck(origin, text, cards)
    } else {
        parse_plain_deck(origin, text, cards)
    }
}

/// Parses a deck file (either format, see [`parse_deck`]) into one definition per card, in list
/// order.
pub fn parse_deck_list(
    origin: &str,
    text: &str,
    cards: &CardDb,
) -> Result<Vec<Arc<CardDef>>, DeckError> {
    parse_deck(origin, text, cards).map(|deck| deck.expand())
}

fn is_toml_deck(text: &str) -> bool {
    if text
        .parse::<toml::Table>()
        .is_ok_and(|table| table.contains_key("card"))
    {
        return true;
    }
    let first = text
        .lines()
        .map(|line| line.trim().trim_start_matches('\u{feff}'))
        .find(|line| !line.is_empty() && !line.starts_with('#'));
    first.is_some_and(|line| !line.starts_with(|c: char| c.is_ascii_digit()))
}

/// Parses a plain list: one `count name` (or `count SET/name`, `4x name`) per line; blank lines
/// and everything from a `#` on are ignored (no card name contains `#`).
fn parse_plain_deck(origin: &str, text: &str, cards: &CardDb) -> Result<Deck, DeckError> {
    let mut entries = Vec::new();
    let mut notes = Notes::new(origin);
    for (index, raw) in text.lines().enumerate() {
        let line = raw
            .split('#')
            .next()
            .unwrap_or_default()
            .trim()
            .trim_start_matches('\u{feff}');
        if line.is_empty() {
            continue;
        }
        let error = |message: String| DeckError {
            origin: origin.to_string(),
            line: index + 1,
            key: None,
            message,
        };
        let (count, name) = line
            .split_once(char::is_whitespace)
            .ok_or_else(|| error(format!("expected `count name`, found `{line}`")))?;
        let count: i64 = count
            .trim_end_matches('x')
            .parse()
            .map_err(|_| error(format!("`{count}` is not a card count")))?;
        let count = checked_count(count).map_err(error)?;
        let def = cards
            .lookup(name.trim())
            .map_err(|e| error(e.to_string()))?;
        notes.spelling(index + 1, name.trim(), &def);
        entries.push((count, def, index + 1));
    }
    if entries.is_empty() {
        return Err(DeckError {
            origin: origin.to_string(),
            line: 1,
            key: None,
            message: "the deck list has no cards".into(),
        });
    }
    Ok(Deck::unnamed(entries, notes.into_vec()))
}

fn checked_count(count: i64) -> Result<u32, String> {
    if (1..=MAX_COUNT).contains(&count) {
        Ok(count as u32)
    } else {
        Err(format!(
            "a count of {count} is not sensible (1 to {MAX_COUNT})"
        ))
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDeck {
    name: Option<Spanned<String>>,
    side: Option<Spanned<String>>,
    format: Option<Spanned<String>>,
    #[serde(default)]
    card: Vec<RawCard>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCard {
    count: Spanned<i64>,
    name: Spanned<String>,
}

fn parse_toml_deck(origin: &str, text: &str, cards: &CardDb) -> Result<Deck, DeckError> {
    let raw: RawDeck = toml::from_str(text).map_err(|err| DeckError {
        origin: origin.to_string(),
        line: err.span().map_or(1, |span| line_of(text, span.start)),
        key: swtcg_rules::text::toml_error_key(&err, text),
        message: err.message().trim_end().to_string(),
    })?;
    let error = |span: std::ops::Range<usize>, key: &str, message: String| DeckError {
        origin: origin.to_string(),
        line: line_of(text, span.start),
        key: Some(key.to_string()),
        message,
    };
    let name = match raw.name {
        Some(name) if name.get_ref().trim().is_empty() => {
            return Err(error(
                name.span(),
                "name",
                "the deck name must not be empty".into(),
            ));
        }
        Some(name) => Some(name.into_inner().trim().to_string()),
        None => None,
    };
    let side = match raw.side {
        Some(side) => Some(match side.get_ref().trim().to_ascii_lowercase().as_str() {
            "dark" => Side::Dark,
            "light" => Side::Light,
            other => {
                return Err(error(
                    side.span(),
                    "side",
                    format!(
                        "`{other}` is not a side (\"dark\" or \"light\"; Yuuzhan Vong decks play in the dark seat)"
                    ),
                ));
            }
        }),
        None => None,
    };
    let format = match raw.format {
        Some(format) => {
            let known = cards.formats();
            let wanted = format.get_ref().trim();
            if known.is_empty() {
                Some(wanted.to_string())
            } else if let Some(found) = known
                .iter()
                .find(|known| known.name.eq_ignore_ascii_case(wanted))
            {
                Some(found.name.clone())
            } else {
                let names: Vec<&str> = known.iter().map(|f| f.name.as_str()).collect();
                return Err(error(
                    format.span(),
                    "format",
                    format!(
                        "unknown format {wanted:?} (known formats: {})",
                        names.join(", ")
                    ),
                ));
            }
        }
        None => None,
    };
    if raw.card.is_empty() {
        return Err(DeckError {
            origin: origin.to_string(),
            line: 1,
            key: Some("card".into()),
            message: "the deck has no [[card]] entries".into(),
        });
    }
    let mut entries = Vec::with_capacity(raw.card.len());
    let mut notes = Notes::new(origin);
    for card in raw.card {
        let count = checked_count(*card.count.get_ref())
            .map_err(|message| error(card.count.span(), "count", message))?;
        let def = cards
            .lookup(card.name.get_ref())
            .map_err(|e| error(card.name.span(), "name", e.to_string()))?;
        let line = line_of(text, card.name.span().start);
        notes.spelling(line, card.name.get_ref(), &def);
        entries.push((count, def, line));
    }
    Ok(Deck {
        name,
        side,
        format,
        cards: entries,
        notes: notes.into_vec(),
    })
}

/// The notes of one deck file, each message kept once (a `.dek` names a card once per copy).
struct Notes {
    origin: String,
    notes: Vec<DeckNote>,
}

impl Notes {
    fn new(origin: &str) -> Self {
        Notes {
            origin: origin.to_string(),
            notes: Vec::new(),
        }
    }

    fn add(&mut self, line: usize, message: String) {
        if !self.notes.iter().any(|note| note.message == message) {
            self.notes.push(DeckNote {
                origin: self.origin.clone(),
                line,
                message,
            });
        }
    }

    /// Notes a card name that was found under another spelling than the one written (not for
    /// capitalisation alone, which every deck tool varies).
    fn spelling(&mut self, line: usize, written: &str, card: &CardDef) {
        let written = written.trim();
        let name = match written.split_once('/') {
            Some((set, name)) if set.trim().eq_ignore_ascii_case(&card.set) => name.trim(),
            _ => written,
        };
        if name.to_lowercase() != card.name.to_lowercase() {
            self.add(
                line,
                format!("{written:?} read as \"{}/{}\"", card.set, card.name),
            );
        }
    }

    fn into_vec(self) -> Vec<DeckNote> {
        self.notes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn demo_decks_are_sixty_plain_units_of_one_side() {
        let cards = CardDb::bundled();
        for (origin, text, side) in [
            ("demo-dark", DEMO_DARK, swtcg_rules::Side::Dark),
            ("demo-light", DEMO_LIGHT, swtcg_rules::Side::Light),
        ] {
            let deck = parse_deck_list(origin, text, &cards).unwrap();
            assert_eq!(deck.len(), 60, "{origin}");
            for card in &deck {
                assert!(
                    card.is_unit() && card.abilities.is_empty(),
                    "{origin}: {} is not a plain unit",
                    card.name
                );
                assert!(card.side.playable_by(side), "{origin}: {}", card.name);
            }
            for arena in swtcg_rules::Arena::ALL {
                assert_eq!(
                    deck.iter().filter(|c| c.arenas == [arena]).count(),
                    20,
                    "{origin} {arena}"
                );
            }
        }
    }

    #[test]
    fn toml_demo_decks_hold_the_same_cards_as_the_plain_lists() {
        let cards = CardDb::bundled();
        for (plain, toml, name, side) in [
            (DEMO_DARK, DEMO_DARK_TOML, "Demo Dark", Side::Dark),
            (DEMO_LIGHT, DEMO_LIGHT_TOML, "Demo Light", Side::Light),
        ] {
            let plain = parse_deck("plain", plain, &cards).unwrap();
            let toml = parse_deck("toml", toml, &cards).unwrap();
            assert_eq!(
                (plain.name.as_deref(), plain.side, plain.format.as_deref()),
                (None, None, None)
            );
            assert_eq!(
                (toml.name.as_deref(), toml.side, toml.format.as_deref()),
                (Some(name), Some(side), None)
            );
            assert_eq!(plain.expand(), toml.expand());
            assert_eq!(toml.card_count(), 60);
        }
    }

    #[test]
    fn plain_lists_keep_counts_lines_and_comments() {
        let cards = CardDb::bundled();
        let deck = parse_deck(
            "d.txt",
            "# a deck\n4 ANH/Jawa   # scavengers\n\n2x Zam Wesell (B)\n",
            &cards,
        )
        .unwrap();
        let entries: Vec<(u32, &str, usize)> = deck
            .cards
            .iter()
            .map(|(count, card, line)| (*count, card.name.as_str(), *line))
            .collect();
        assert_eq!(entries, [(4, "Jawa", 2), (2, "Zam Wesell (B)", 4)]);
        assert_eq!(deck.card_count(), 6);
        assert_eq!(deck.expand().len(), 6);
    }

    #[test]
    fn names_written_otherwise_are_found_with_a_note() {
        let cards = CardDb::bundled();
        let deck = parse_deck(
            "d.txt",
            "4 Shaak-Ti (A)\n2 anh/yv664 light freighter\n1 LUKE'S X-WING (A)\n",
            &cards,
        )
        .unwrap_or_else(|error| panic!("{error}"));
        assert_eq!(deck.card_count(), 7);
        let notes: Vec<String> = deck.notes.iter().map(ToString::to_string).collect();
        assert_eq!(
            notes,
            [
                "d.txt:1: \"Shaak-Ti (A)\" read as \"AOTC/Shaak Ti (A)\"",
                "d.txt:2: \"anh/yv664 light freighter\" read as \"ANH/YV-664 Light Freighter\"",
            ]
        );
        let deck = parse_deck(
            "d.toml",
            "[[card]]\ncount = 1\nname = \"Cordé (A)\"\n",
            &cards,
        )
        .unwrap_or_else(|error| panic!("{error}"));
        assert_eq!(
            deck.notes
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>(),
            ["d.toml:3: \"Cordé (A)\" read as \"AOTC/Corde (A)\""]
        );
    }

    #[test]
    fn toml_decks_read_name_side_format_and_cards() {
        let cards = CardDb::bundled();
        let text = "# my deck\nname = \"Jawas\"\nside = \"dark\"\nformat = \"vintage\"\n\n[[card]]\ncount = 4\nname = \"ANH/Jawa\" # comment\n\n[[card]]\nname = \"Zam Wesell (B)\"\ncount = 2\n";
        let deck = parse_deck("d.toml", text, &cards).unwrap();
        assert_eq!(deck.name.as_deref(), Some("Jawas"));
        assert_eq!(deck.side, Some(Side::Dark));
        assert_eq!(deck.format.as_deref(), Some("Vintage"));
        let entries: Vec<(u32, &str, usize)> = deck
            .cards
            .iter()
            .map(|(count, card, line)| (*count, card.name.as_str(), *line))
            .collect();
        assert_eq!(entries, [(4, "Jawa", 8), (2, "Zam Wesell (B)", 11)]);
    }

    #[test]
    fn bad_lines_name_their_line() {
        let cards = CardDb::bundled();
        let err = parse_deck_list("d.txt", "4 ANH/Jawa\n\nfour Jawa\n", &cards).unwrap_err();
        assert_eq!((err.line, err.origin.as_str()), (3, "d.txt"));
        let err = parse_deck_list("d.txt", "# x\n2 No Such Card\n", &cards).unwrap_err();
        assert_eq!(err.line, 2);
        assert!(err.message.contains("No Such Card"), "{err}");
        let err = parse_deck_list("d.txt", "0 ANH/Jawa\n", &cards).unwrap_err();
        assert!(err.message.contains("count of 0"), "{err}");
        let err = parse_deck_list("d.txt", "# nothing\n\n", &cards).unwrap_err();
        assert_eq!(err.to_string(), "d.txt:1: the deck list has no cards");
    }

    #[test]
    fn toml_errors_name_file_line_and_key() {
        let cards = CardDb::bundled();
        let check = |text: &str, line: usize, key: &str, fragment: &str| {
            let err = parse_deck("d.toml", text, &cards).unwrap_err();
            assert_eq!(
                (err.line, err.key.as_deref()),
                (line, Some(key)),
                "{text:?}: {err}"
            );
            assert!(err.message.contains(fragment), "{text:?}: {err}");
            assert!(
                err.to_string()
                    .starts_with(&format!("d.toml:{line}: key `{key}`: ")),
                "{err}"
            );
        };
        let card = "[[card]]\ncount = 4\nname = \"ANH/Jawa\"\n";
        check(
            &format!("name = \"x\"\ncolour = \"red\"\n{card}"),
            2,
            "colour",
            "unknown field",
        );
        check(
            &format!("name = \"x\"\n{card}rarity = \"C\"\n"),
            5,
            "rarity",
            "unknown field",
        );
        check(&format!("side = \"grey\"\n{card}"), 1, "side", "not a side");
        check(
            &format!("format = \"Standrd\"\n{card}"),
            1,
            "format",
            "known formats: Standard, Vintage",
        );
        check(
            "[[card]]\ncount = 4\nname = \"ANH/Jawa\"\n[[card]]\ncount = 0\nname = \"ANH/Jawa\"\n",
            5,
            "count",
            "count of 0",
        );
        check(
            "[[card]]\ncount = 4\nname = \"ANH/Jawa\"\n[[card]]\ncount = 1\nname = \"Jawwa\"\n",
            6,
            "name",
            "unknown card \"Jawwa\"",
        );
        check(
            "name = \"x\"\n[[card]]\ncount = \"four\"\nname = \"ANH/Jawa\"\n",
            3,
            "count",
            "",
        );
        check("[[card]]\ncount = 4\n", 1, "name", "missing field");
        check("name = \"x\"\nside = \"dark\"\n", 1, "card", "no [[card]]");
        // Broken TOML is reported as TOML, not as a plain list.
        let err = parse_deck("d.toml", "name = \"x\n[[card]]\n", &cards).unwrap_err();
        assert_eq!(err.line, 1, "{err}");
        assert!(!err.message.contains("count name"), "{err}");
    }
}
