//! The card database: the community's LackeyCCG set files bundled with the engine, lookup of
//! cards by `SET/Name` or bare name for decks, scenarios and tests, the formats, and decks with
//! the deck rules they must keep (`deck`, `deck_rules`).

mod ability_runs;
pub mod coverage;
pub mod deck;
pub mod deck_rules;
pub mod formats;
pub mod lackey;
pub mod names;
pub mod set_files;
pub mod supply;
pub mod written;

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use thiserror::Error;

use swtcg_rules::model::CardDef;

pub use formats::{Format, FormatError, parse_formats};
pub use lackey::{ImportError, MULTI_WORD_SUBTYPES, SetImport, parse_set, parse_set_with};
pub use names::name_key;
pub use set_files::{SetFile, SetFileError};
pub use written::{ScriptsError, ScriptsFile, scripts_file_name};

/// The bundled set files, in the order bare names are resolved: the original Wizards of the Coast
/// sets first, then the community (IDC) sets, then the Old Republic set TAL.
pub const BUNDLED_SETS: [(&str, &str); 21] = [
    ("ANH.txt", include_str!("../../data/lackey/ANH.txt")),
    ("ROTS.txt", include_str!("../../data/lackey/ROTS.txt")),
    ("AOTC.txt", include_str!("../../data/lackey/AOTC.txt")),
    ("SR.txt", include_str!("../../data/lackey/SR.txt")),
    ("BOY.txt", include_str!("../../data/lackey/BOY.txt")),
    ("JG.txt", include_str!("../../data/lackey/JG.txt")),
    ("ESB.txt", include_str!("../../data/lackey/ESB.txt")),
    ("RAS.txt", include_str!("../../data/lackey/RAS.txt")),
    ("PM.txt", include_str!("../../data/lackey/PM.txt")),
    ("ROTJ.txt", include_str!("../../data/lackey/ROTJ.txt")),
    ("KAE.txt", include_str!("../../data/lackey/KAE.txt")),
    ("TM.txt", include_str!("../../data/lackey/TM.txt")),
    ("TROS.txt", include_str!("../../data/lackey/TROS.txt")),
    ("15TH.txt", include_str!("../../data/lackey/15TH.txt")),
    ("AAA.txt", include_str!("../../data/lackey/AAA.txt")),
    ("FOR.txt", include_str!("../../data/lackey/FOR.txt")),
    ("BOTS.txt", include_str!("../../data/lackey/BOTS.txt")),
    ("TMW.txt", include_str!("../../data/lackey/TMW.txt")),
    ("BOBF.txt", include_str!("../../data/lackey/BOBF.txt")),
    ("IA.txt", include_str!("../../data/lackey/IA.txt")),
    ("TAL.txt", include_str!("../../data/lackey/TAL.txt")),
];

/// The scripts written by hand for bundled cards whose printed text the grammar of card text
/// can't read (`written`): (scripts file, the set file it belongs to, its text).
pub const BUNDLED_SCRIPTS: [(&str, &str, &str); 2] = [
    (
        "AOTC.scripts.toml",
        "AOTC.txt",
        include_str!("../../data/lackey/AOTC.scripts.toml"),
    ),
    (
        "AAA.scripts.toml",
        "AAA.txt",
        include_str!("../../data/lackey/AAA.scripts.toml"),
    ),
];

/// The bundled Lackey format definitions.
pub const BUNDLED_FORMATS: &str = include_str!("../../data/lackey/formats.txt");

/// The bundled keyword glossary: `Keyword<TAB>Markdown description` per line.
pub const BUNDLED_KEYWORDS: &str = include_str!("../../data/lackey/keywords.txt");

/// The most suggestions an unknown-name error offers; more would bury the likely one.
const MAX_SUGGESTIONS: usize = 3;

/// The most suggestions when more than [`MAX_SUGGESTIONS`] names are equally near: they are all
/// listed (none is preferred over an equal), up to this many.
const MAX_TIED_SUGGESTIONS: usize = 8;

/// Why a card reference could not be resolved.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum LookupError {
    #[error("empty card reference")]
    Empty,
    #[error("unknown card {name:?}{}", did_you_mean(suggestions))]
    UnknownCard {
        name: String,
        suggestions: Vec<String>,
    },
    #[error("unknown set {set:?} in card reference {reference:?} (loaded sets: {})", known.join(", "))]
    UnknownSet {
        set: String,
        reference: String,
        known: Vec<String>,
    },
    #[error("set {set} has no card {name:?}; it is printed in {}", found_in.join(", "))]
    NotInSet {
        set: String,
        name: String,
        found_in: Vec<String>,
    },
    #[error(
        "{name:?} is printed differently in {}; write SET/Name, e.g. \"{}/{name}\"",
        sets.join(", "),
        sets.first().map_or("", String::as_str)
    )]
    Ambiguous { name: String, sets: Vec<String> },
    #[error(
        "{written:?} matches different cards: {}; write one of them exactly",
        quoted(candidates).join(", ")
    )]
    AmbiguousSpelling {
        written: String,
        /// `SET/Name` of each card it could mean, in load order.
        candidates: Vec<String>,
    },
}

fn quoted(names: &[String]) -> Vec<String> {
    names.iter().map(|name| format!("{name:?}")).collect()
}

fn did_you_mean(suggestions: &[String]) -> String {
    match suggestions {
        [] => String::new(),
        [only] => format!("; did you mean {only:?}?"),
        [init @ .., last] => {
            let init: Vec<String> = init.iter().map(|name| format!("{name:?}")).collect();
            format!("; did you mean {} or {last:?}?", init.join(", "))
        }
    }
}

/// All imported cards, shared through `Arc` so that every copy of a card in a game points at one
/// definition.
#[derive(Debug, Clone, Default)]
pub struct CardDb {
    /// Every printing in load order (sets in the order added, rows in file order).
    cards: Vec<Arc<CardDef>>,
    /// Set codes in the order their first card was loaded.
    sets: Vec<String>,
    /// The file each set code was first loaded from, beside `sets`.
    set_files: Vec<String>,
    /// Indices into `cards` by exact name, in load order.
    by_name: HashMap<String, Vec<usize>>,
    /// Indices into `cards` by [`name_key`], for names written as a person writes them.
    by_key: HashMap<String, Vec<usize>>,
    formats: Vec<Format>,
    keywords: Vec<String>,
    /// Every problem met while loading, kept so that callers of [`CardDb::bundled`], which cannot
    /// fail, can still report them.
    import_errors: Vec<ImportError>,
}

impl CardDb {
    /// An empty database, for tests and scenarios that define their own cards.
    pub fn new() -> Self {
        Self::default()
    }

    /// The database of every bundled set, format and keyword. It never panics: a problem in the
    /// bundled data skips that line and is listed by [`CardDb::import_errors`].
    pub fn bundled() -> Self {
        let mut db = Self::new();
        for (file_name, text) in BUNDLED_SETS {
            db.add_set(file_name, text);
        }
        for (file_name, set_file, text) in BUNDLED_SCRIPTS {
            if let Err(errors) = db.add_scripts(file_name, text, set_file) {
                db.import_errors
                    .extend(errors.into_iter().map(|error| ImportError {
                        file: error.file,
                        line: error.line,
                        message: error.message,
                    }));
            }
        }
        match parse_formats(BUNDLED_FORMATS) {
            Ok(formats) => db.formats = formats,
            Err(error) => db.import_errors.push(ImportError {
                file: "formats.txt".to_string(),
                line: error.line,
                message: error.message,
            }),
        }
        db.keywords = keyword_names(BUNDLED_KEYWORDS);
        db
    }

    /// Imports one set file, adding its cards after those already loaded, and returns the lines
    /// that could not be imported. Adding the same file twice adds its printings twice.
    pub fn add_set(&mut self, file_name: &str, text: &str) -> Vec<ImportError> {
        let import = parse_set(file_name, text);
        let errors = import.errors.clone();
        self.add_import(file_name, import);
        errors
    }

    /// Adds the cards of an imported set file after those already loaded.
    fn add_import(&mut self, file_name: &str, import: SetImport) {
        for card in import.cards {
            if !self.sets.contains(&card.set) {
                self.sets.push(card.set.clone());
                self.set_files.push(file_name.to_string());
            }
            let index = self.cards.len();
            self.by_name
                .entry(card.name.clone())
                .or_default()
                .push(index);
            self.by_key
                .entry(name_key(&card.name))
                .or_default()
                .push(index);
            self.cards.push(Arc::new(card));
        }
        self.import_errors.extend(import.errors);
    }

    /// The file a set code (matched ignoring case) was loaded from, if it is loaded.
    pub fn set_file_of(&self, code: &str) -> Option<&str> {
        self.sets
            .iter()
            .position(|set| set.eq_ignore_ascii_case(code))
            .and_then(|index| self.set_files.get(index))
            .map(String::as_str)
    }

    /// Finds a card by `SET/Name` (`ANH/Luke's X-Wing (A)`) or by bare name (`Luke's X-Wing (A)`).
    ///
    /// Names are matched exactly, or else ignoring capitalisation, or else as a person writes
    /// them (the same [`name_key`]: any apostrophe, hyphen or space, accents, "YV664" for
    /// "YV-664"); the closest spelling that matches wins. When a set holds several printings of a
    /// name (alternate art, promos), the first non-promo one in file order is returned. A name
    /// printed in several sets, or a spelling several names share, resolves to the first non-promo
    /// printing in set order, but only if all of them play identically; otherwise the caller must
    /// say which, and the error lists the candidates.
    pub fn lookup(&self, reference: &str) -> Result<Arc<CardDef>, LookupError> {
        let reference = reference.trim();
        if reference.is_empty() {
            return Err(LookupError::Empty);
        }
        // Names may contain '/' themselves (`TT-8L/Y7 Gatekeeper`), so the prefix is only a set
        // code if such a set is loaded.
        if let Some((prefix, name)) = reference.split_once('/')
            && let Some(set) = self
                .sets
                .iter()
                .find(|set| set.eq_ignore_ascii_case(prefix.trim()))
        {
            return self.lookup_in_set(set, name.trim());
        }
        let printings = self.printings(reference, None);
        if printings.is_empty() {
            if let Some((prefix, _)) = reference.split_once('/')
                && looks_like_set_code(prefix)
            {
                return Err(LookupError::UnknownSet {
                    set: prefix.to_string(),
                    reference: reference.to_string(),
                    known: self.sets.clone(),
                });
            }
            return Err(LookupError::UnknownCard {
                name: reference.to_string(),
                suggestions: self.suggestions(reference, None),
            });
        }
        self.choose(reference, &printings)
    }

    fn lookup_in_set(&self, set: &str, name: &str) -> Result<Arc<CardDef>, LookupError> {
        let in_set = self.printings(name, Some(set));
        if !in_set.is_empty() {
            return self.choose(&format!("{set}/{name}"), &in_set);
        }
        let printings = self.printings(name, None);
        if printings.is_empty() {
            return Err(LookupError::UnknownCard {
                name: format!("{set}/{name}"),
                suggestions: self
                    .suggestions(name, Some(set))
                    .into_iter()
                    .map(|name| format!("{set}/{name}"))
                    .collect(),
            });
        }
        let mut found_in: Vec<String> = Vec::new();
        for card in printings {
            if !found_in.contains(&card.set) {
                found_in.push(card.set.clone());
            }
        }
        Err(LookupError::NotInSet {
            set: set.to_string(),
            name: name.to_string(),
            found_in,
        })
    }

    /// The printing that `written` means among the printings it matched, or why it is ambiguous.
    fn choose(
        &self,
        written: &str,
        printings: &[&Arc<CardDef>],
    ) -> Result<Arc<CardDef>, LookupError> {
        // One representative per set and name, in set order, so that alternate printings inside
        // a set do not make a name ambiguous.
        let mut representatives: Vec<&Arc<CardDef>> = Vec::new();
        for set in &self.sets {
            let mut names: Vec<&str> = Vec::new();
            for card in printings.iter().filter(|card| &card.set == set) {
                if !names.contains(&card.name.as_str()) {
                    names.push(&card.name);
                }
            }
            for name in names {
                let same: Vec<&Arc<CardDef>> = printings
                    .iter()
                    .copied()
                    .filter(|card| &card.set == set && card.name == name)
                    .collect();
                if let Some(card) = preferred_printing(&same) {
                    representatives.push(card);
                }
            }
        }
        let Some(first) = representatives.first() else {
            return Err(LookupError::UnknownCard {
                name: written.to_string(),
                suggestions: Vec::new(),
            });
        };
        if representatives
            .iter()
            .all(|card| same_game_text(card, first))
        {
            return Ok(Arc::clone(
                preferred_printing(&representatives).unwrap_or(first),
            ));
        }
        if representatives.iter().all(|card| card.name == first.name) {
            return Err(LookupError::Ambiguous {
                name: first.name.clone(),
                sets: representatives
                    .iter()
                    .map(|card| card.set.clone())
                    .collect(),
            });
        }
        Err(LookupError::AmbiguousSpelling {
            written: written.to_string(),
            candidates: representatives
                .iter()
                .map(|card| format!("{}/{}", card.set, card.name))
                .collect(),
        })
    }

    /// The printings a written name matches, in load order and limited to one set if given: those
    /// with exactly this name, else those with this name ignoring case, else those with its
    /// [`name_key`].
    fn printings(&self, name: &str, set: Option<&str>) -> Vec<&Arc<CardDef>> {
        let in_set = |card: &&Arc<CardDef>| set.is_none_or(|set| card.set == set);
        let exact: Vec<&Arc<CardDef>> = self
            .by_name
            .get(name)
            .into_iter()
            .flatten()
            .filter_map(|&index| self.cards.get(index))
            .filter(in_set)
            .collect();
        if !exact.is_empty() {
            return exact;
        }
        let keyed: Vec<&Arc<CardDef>> = self
            .by_key
            .get(&name_key(name))
            .into_iter()
            .flatten()
            .filter_map(|&index| self.cards.get(index))
            .filter(in_set)
            .collect();
        let lower = name.to_lowercase();
        let same_but_case: Vec<&Arc<CardDef>> = keyed
            .iter()
            .copied()
            .filter(|card| card.name.to_lowercase() == lower)
            .collect();
        if same_but_case.is_empty() {
            keyed
        } else {
            same_but_case
        }
    }

    /// The names nearest to `query`, compared by their [`name_key`]: names starting with it first,
    /// then names containing it, then names within a small edit distance, nearest first. At most
    /// [`MAX_SUGGESTIONS`], except that names as near as the last one listed are listed too (up
    /// to [`MAX_TIED_SUGGESTIONS`]): of two equally near names, neither is preferred.
    fn suggestions(&self, query: &str, set: Option<&str>) -> Vec<String> {
        let query = name_key(query);
        if query.is_empty() {
            return Vec::new();
        }
        let query_len = query.chars().count();
        let max_distance = (query_len / 4).max(2);
        let mut scored: Vec<((u8, usize), usize, &str)> = Vec::new();
        let mut seen: HashSet<&str> = HashSet::new();
        for (order, card) in self.cards.iter().enumerate() {
            if set.is_some_and(|set| card.set != set) || !seen.insert(card.name.as_str()) {
                continue;
            }
            let name = name_key(&card.name);
            let name_len = name.chars().count();
            let score = if name.starts_with(&query) {
                Some((0, name_len.saturating_sub(query_len)))
            } else if query_len >= 3 && name.contains(&query) {
                Some((1, name_len.saturating_sub(query_len)))
            } else {
                let distance = strsim::levenshtein(&query, &name);
                (distance <= max_distance).then_some((2, distance))
            };
            if let Some(score) = score {
                scored.push((score, order, card.name.as_str()));
            }
        }
        scored.sort();
        let mut suggestions = Vec::new();
        let mut last_score = None;
        for (score, _, name) in scored {
            let full = suggestions.len() >= MAX_SUGGESTIONS && last_score != Some(score);
            if full || suggestions.len() >= MAX_TIED_SUGGESTIONS {
                break;
            }
            suggestions.push(name.to_string());
            last_score = Some(score);
        }
        suggestions
    }

    /// Set codes in load order.
    pub fn sets(&self) -> &[String] {
        &self.sets
    }

    /// The printings of one set in file order; the code is matched ignoring case.
    pub fn cards_in_set(&self, code: &str) -> Vec<Arc<CardDef>> {
        self.cards
            .iter()
            .filter(|card| card.set.eq_ignore_ascii_case(code))
            .cloned()
            .collect()
    }

    /// Every printing in load order.
    pub fn cards(&self) -> &[Arc<CardDef>] {
        &self.cards
    }

    pub fn len(&self) -> usize {
        self.cards.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    /// The bundled play formats (empty for a database not made by [`CardDb::bundled`]).
    pub fn formats(&self) -> &[Format] {
        &self.formats
    }

    /// The keyword names of the bundled glossary, e.g. "Absorb", "Alternative Cost", "Elude".
    pub fn keyword_names(&self) -> &[String] {
        &self.keywords
    }

    /// Every line that failed to import so far, across all sets (and the bundled formats).
    pub fn import_errors(&self) -> &[ImportError] {
        &self.import_errors
    }
}

/// The keyword names of the bundled glossary, without loading the card sets.
pub fn bundled_keyword_names() -> Vec<String> {
    keyword_names(BUNDLED_KEYWORDS)
}

/// The first column of each non-blank line of a keyword glossary, trimmed.
fn keyword_names(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|line| line.split('\t').next())
        .map(|name| name.trim_start_matches('\u{feff}').trim())
        .filter(|name| !name.is_empty())
        .map(str::to_string)
        .collect()
}

/// Whether a card is a promotional printing, which is not preferred when several printings exist.
/// The files mark promos inconsistently: by rarity `P`, by collector number `P`, or in the name.
fn is_promo(card: &CardDef) -> bool {
    card.rarity.as_deref() == Some("P")
        || card.number.as_deref() == Some("P")
        || card.name.to_ascii_lowercase().contains("(promo")
}

/// The first non-promo printing, or the first printing if all are promos.
fn preferred_printing<'a>(printings: &[&'a Arc<CardDef>]) -> Option<&'a Arc<CardDef>> {
    printings
        .iter()
        .copied()
        .find(|card| !is_promo(card))
        .or_else(|| printings.first().copied())
}

/// Whether two printings play identically: same side, type, arenas, subtypes, stats and text.
fn same_game_text(a: &CardDef, b: &CardDef) -> bool {
    (
        a.side,
        a.card_type,
        &a.arenas,
        &a.subtypes,
        a.cost,
        a.speed,
        a.power,
        a.health,
        &a.abilities,
    ) == (
        b.side,
        b.card_type,
        &b.arenas,
        &b.subtypes,
        b.cost,
        b.speed,
        b.power,
        b.health,
        &b.abilities,
    )
}

/// Whether a reference prefix was probably meant as a set code (short, no spaces), so that a typo
/// in the code gets a clearer error than "unknown card".
fn looks_like_set_code(prefix: &str) -> bool {
    (1..=6).contains(&prefix.len()) && prefix.chars().all(|c| c.is_ascii_alphanumeric())
}

#[cfg(test)]
mod tests {
    use super::*;
    use swtcg_rules::model::{Arena, CardSide, CardType, Printed};

    /// Row counts from the README table of the bundled data.
    const EXPECTED_ROWS: [(&str, usize); 21] = [
        ("ANH", 186),
        ("ROTS", 111),
        ("AOTC", 189),
        ("SR", 93),
        ("BOY", 110),
        ("JG", 109),
        ("ESB", 216),
        ("RAS", 110),
        ("PM", 90),
        ("ROTJ", 110),
        ("KAE", 210),
        ("TM", 300),
        ("TROS", 240),
        ("15TH", 90),
        ("AAA", 175),
        ("FOR", 210),
        ("BOTS", 150),
        ("TMW", 240),
        ("BOBF", 182),
        ("IA", 30),
        ("TAL", 290),
    ];

    #[test]
    fn every_bundled_set_imports_without_errors() {
        for (file_name, text) in BUNDLED_SETS {
            let import = parse_set(file_name, text);
            assert_eq!(import.errors, vec![], "{file_name}");
        }
        let db = CardDb::bundled();
        assert_eq!(db.import_errors(), &[]);
        let sets: Vec<&str> = db.sets().iter().map(String::as_str).collect();
        let expected: Vec<&str> = EXPECTED_ROWS.iter().map(|(code, _)| *code).collect();
        assert_eq!(sets, expected);
        for (code, rows) in EXPECTED_ROWS {
            assert_eq!(db.cards_in_set(code).len(), rows, "{code}");
        }
        assert_eq!(
            db.len(),
            EXPECTED_ROWS.iter().map(|(_, rows)| rows).sum::<usize>()
        );
    }

    #[test]
    fn bundled_cards_are_well_formed() {
        let db = CardDb::bundled();
        for card in db.cards() {
            assert!(
                !card.name.is_empty() && card.name == card.name.trim(),
                "{card:?}"
            );
            if card.card_type == CardType::Unit {
                assert!(!card.arenas.is_empty(), "{card:?}");
                assert!(
                    card.speed.is_some() && card.power.is_some() && card.health.is_some(),
                    "{card:?}"
                );
            }
            for subtype in &card.subtypes {
                assert!(
                    Arena::parse(subtype).is_none() && !subtype.contains('/'),
                    "{card:?}"
                );
            }
            assert!(
                card.abilities.iter().all(|ability| !ability.contains('|')),
                "{card:?}"
            );
            // Doubled quotes only appear inside CSV-quoted fields, which must have been unescaped.
            assert!(
                card.abilities
                    .iter()
                    .all(|ability| !ability.contains("\"\"")),
                "{card:?}"
            );
        }
        let units = db
            .cards()
            .iter()
            .filter(|card| card.card_type == CardType::Unit)
            .count();
        assert!(units > 1400, "{units}");
    }

    #[test]
    fn xesh_c_is_in_tal_with_its_abilities() {
        let db = CardDb::bundled();
        let xesh = db
            .lookup("TAL/Xesh (C)")
            .unwrap_or_else(|error| panic!("{error}"));
        assert_eq!(xesh.set, "TAL");
        assert_eq!(xesh.side, CardSide::Neutral);
        assert_eq!(xesh.card_type, CardType::Unit);
        assert_eq!(xesh.arenas, vec![Arena::Character]);
        assert_eq!(xesh.subtypes, vec!["Force Sensitive", "Assassin"]);
        assert_eq!(xesh.version.as_deref(), Some("C"));
        assert_eq!(
            (xesh.cost, xesh.speed, xesh.power, xesh.health),
            (
                Some(Printed::X),
                Some(Printed::Star),
                Some(Printed::Star),
                Some(Printed::Star)
            )
        );
        assert_eq!(xesh.number.as_deref(), Some("157"));
        assert_eq!(
            xesh.abilities,
            vec![
                "Alternative Cost: Pay X Force, where X is 8 or less.",
                "Upkeep: Pay 1 Force or tap Xesh.",
                "Xesh's speed is equal to 10 times X.",
                "Xesh's power and health are equal to X.",
                "As long as your Force total is higher than your opponents, Xesh loses Upkeep and gets Overkill.",
            ]
        );
        assert!(
            db.cards_in_set("TAL")
                .iter()
                .filter(|card| card.unique_name() == "Xesh")
                .count()
                >= 5
        );
    }

    #[test]
    fn bundled_quoted_text_is_unescaped() {
        let db = CardDb::bundled();
        let xesh = db
            .lookup("Xesh (B)")
            .unwrap_or_else(|error| panic!("{error}"));
        assert!(
            xesh.abilities[0].contains("with \"This unit's power"),
            "{:?}",
            xesh.abilities
        );
        assert!(!xesh.abilities[1].ends_with('"'), "{:?}", xesh.abilities);
    }

    #[test]
    fn lookup_by_set_and_name_and_bare_name() {
        let db = CardDb::bundled();
        let by_set = db
            .lookup("ANH/Luke's X-Wing (A)")
            .unwrap_or_else(|error| panic!("{error}"));
        assert_eq!(
            (by_set.name.as_str(), by_set.set.as_str()),
            ("Luke's X-Wing (A)", "ANH")
        );
        assert_eq!(by_set.arenas, vec![Arena::Space]);
        let bare = db
            .lookup("Luke's X-Wing (A)")
            .unwrap_or_else(|error| panic!("{error}"));
        assert!(Arc::ptr_eq(&by_set, &bare));
        let loose = db
            .lookup("  anh/luke's x-wing (a) ")
            .unwrap_or_else(|error| panic!("{error}"));
        assert!(Arc::ptr_eq(&by_set, &loose));
        // Names containing '/' work with and without a set.
        let gatekeeper = db
            .lookup("TT-8L/Y7 Gatekeeper")
            .unwrap_or_else(|error| panic!("{error}"));
        assert_eq!(gatekeeper.set, "BOTS");
        assert!(db.lookup("BOTS/TT-8L/Y7 Gatekeeper").is_ok());
    }

    #[test]
    fn alternate_printings_within_a_set_resolve_to_the_first() {
        let db = CardDb::bundled();
        // KAE prints Meetra Surik (B) twice with a punctuation difference; the first row wins.
        let meetra = db
            .lookup("Meetra Surik (B)")
            .unwrap_or_else(|error| panic!("{error}"));
        assert_eq!(meetra.number.as_deref(), Some("32"));
        assert_eq!(
            db.cards_in_set("KAE")
                .iter()
                .filter(|card| card.name == "Meetra Surik (B)")
                .count(),
            2
        );
        let promo = db
            .lookup("Zam Wesell (B) (Promo)")
            .unwrap_or_else(|error| panic!("{error}"));
        assert_eq!(promo.version.as_deref(), Some("B"));
        assert_eq!(promo.unique_name(), "Zam Wesell");
    }

    #[test]
    fn differently_printed_names_are_ambiguous() {
        let db = CardDb::bundled();
        let error = db.lookup("R2-D2 (U)").err();
        assert_eq!(
            error,
            Some(LookupError::Ambiguous {
                name: "R2-D2 (U)".to_string(),
                sets: vec!["TROS".to_string(), "TMW".to_string()]
            })
        );
        let message = error.map(|error| error.to_string()).unwrap_or_default();
        assert!(
            message.contains("TROS, TMW") && message.contains("\"TROS/R2-D2 (U)\""),
            "{message}"
        );
        let tmw = db
            .lookup("TMW/R2-D2 (U)")
            .unwrap_or_else(|error| panic!("{error}"));
        assert_eq!(tmw.cost, Some(Printed::Value(3)));
    }

    #[test]
    fn identical_reprints_resolve_to_the_first_non_promo_printing() {
        let header = "Name\tSet\tSide\tType\tCost\tSpeed\tPower\tHealth\tRarity\tText";
        let mut db = CardDb::new();
        let errors = db.add_set(
            "ONE.txt",
            &format!("{header}\nJawa\tONE\tN\tGround\t2\t30\t1\t2\tP\tScavenge\n"),
        );
        assert_eq!(errors, vec![]);
        db.add_set(
            "TWO.txt",
            &format!("{header}\nJawa\tTWO\tN\tGround\t2.0\t30\t1\t2\tC\tScavenge\n"),
        );
        db.add_set(
            "THREE.txt",
            &format!("{header}\nJawa\tTHREE\tN\tGround\t2\t30\t1\t2\tC\tScavenge\n"),
        );
        assert_eq!(db.sets(), ["ONE", "TWO", "THREE"]);
        let jawa = db.lookup("Jawa").unwrap_or_else(|error| panic!("{error}"));
        assert_eq!(jawa.set, "TWO");
        db.add_set(
            "FOUR.txt",
            &format!("{header}\nJawa\tFOUR\tN\tGround\t2\t30\t2\t2\tC\tScavenge\n"),
        );
        let error = db
            .lookup("Jawa")
            .err()
            .map(|error| error.to_string())
            .unwrap_or_default();
        assert_eq!(
            error,
            "\"Jawa\" is printed differently in ONE, TWO, THREE, FOUR; write SET/Name, e.g. \"ONE/Jawa\""
        );
        assert_eq!(
            db.lookup("FOUR/Jawa").map(|card| card.power),
            Ok(Some(Printed::Value(2)))
        );
    }

    #[test]
    fn unknown_names_suggest_close_ones() {
        let db = CardDb::bundled();
        match db.lookup("Xesh") {
            Err(LookupError::UnknownCard { suggestions, .. }) => {
                // All five are equally near: none is left out for another.
                assert_eq!(
                    suggestions,
                    vec!["Xesh (A)", "Xesh (B)", "Xesh (C)", "Xesh (D)", "Xesh (E)"]
                );
            }
            other => panic!("unexpected {other:?}"),
        }
        let message = db
            .lookup("Luke's X-Wng (A)")
            .err()
            .map(|error| error.to_string())
            .unwrap_or_default();
        assert!(
            message.starts_with("unknown card \"Luke's X-Wng (A)\"; did you mean"),
            "{message}"
        );
        assert!(message.contains("\"Luke's X-Wing (A)\""), "{message}");
        match db.lookup("zzzzzzzzzzzzzzzzzzzzzz") {
            Err(LookupError::UnknownCard { suggestions, .. }) => assert!(suggestions.is_empty()),
            other => panic!("unexpected {other:?}"),
        }
        assert_eq!(db.lookup(" "), Err(LookupError::Empty));
    }

    #[test]
    fn set_errors_are_specific() {
        let db = CardDb::bundled();
        match db.lookup("ANH/Xesh (C)") {
            Err(LookupError::NotInSet { set, found_in, .. }) => {
                assert_eq!((set.as_str(), found_in), ("ANH", vec!["TAL".to_string()]));
            }
            other => panic!("unexpected {other:?}"),
        }
        match db.lookup("XYZ/Xesh (C)") {
            Err(LookupError::UnknownSet { set, known, .. }) => {
                assert_eq!((set.as_str(), known.len()), ("XYZ", 21))
            }
            other => panic!("unexpected {other:?}"),
        }
        match db.lookup("TAL/Xesh (Z)") {
            Err(LookupError::UnknownCard { name, suggestions }) => {
                assert_eq!(name, "TAL/Xesh (Z)");
                assert_eq!(
                    suggestions,
                    [
                        "TAL/Xesh (A)",
                        "TAL/Xesh (B)",
                        "TAL/Xesh (C)",
                        "TAL/Xesh (D)",
                        "TAL/Xesh (E)"
                    ]
                );
            }
            other => panic!("unexpected {other:?}"),
        }
    }

    #[test]
    fn bundled_formats_and_keywords() {
        let db = CardDb::bundled();
        assert_eq!(db.formats().len(), 11);
        let standard = db.formats().iter().find(|format| format.name == "Standard");
        let standard_sets = standard
            .map(|format| format.sets.clone())
            .unwrap_or_default();
        assert_eq!(
            standard_sets,
            [
                "KAE", "TM", "TROS", "15TH", "AAA", "FOR", "BOTS", "TMW", "BOBF", "IA"
            ]
        );
        assert!(standard_sets.iter().all(|set| db.sets().contains(set)));
        assert!(
            db.formats()
                .iter()
                .any(|format| format.name == "TOR - The Old Republic"
                    && format.sets.contains(&"TAL".to_string()))
        );
        assert!(db.formats().iter().all(|format| format.banned.is_empty()));

        let keywords = db.keyword_names();
        assert_eq!(keywords.len(), 61);
        for expected in ["Absorb", "Alternative Cost", "Elude", "Velocity"] {
            assert!(
                keywords.iter().any(|keyword| keyword == expected),
                "{expected}"
            );
        }
        assert_eq!(keyword_names("\u{feff}A \tx\r\n\r\nB\r\n"), ["A", "B"]);
    }

    #[test]
    fn add_set_reports_errors_and_keeps_them() {
        let mut db = CardDb::new();
        let errors = db.add_set("X.txt", "Name\tSide\tType\nGood\tL\tSpace\nBad\tQ\tSpace\n");
        assert_eq!(errors.len(), 1);
        assert_eq!(
            errors[0].to_string(),
            "X.txt:3: unknown Side \"Q\" (expected L, D, N or Y)"
        );
        assert_eq!(db.import_errors(), errors.as_slice());
        assert_eq!(db.len(), 1);
        assert_eq!(db.sets(), ["X"]);
    }
}
