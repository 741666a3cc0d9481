//! Deck-building rules: what makes a [`Deck`] legal to play (game 2.3–2.6) and the unit limits
//! that the community's (IDC) deck validator enforces.
//!
//! [`validate`] reports every broken rule, not just the first, each naming the rule and, where
//! there is one, the card and its line:
//!
//! - **game 2.3** at least 60 cards (the minimum is a parameter; there is no maximum, OQ-2);
//! - **game 2.4** at most 4 copies of one card, counted across lines and printings: a card is its
//!   full name with its version letter, so Jango Fett (A) and Jango Fett (B) are different cards,
//!   and a promotional printing ("Zam Wesell (B) (Promo)", "Jango Fett (D) (Promo 1)") is the same
//!   card as the regular one;
//! - **game 2.5** one side: Light and Dark Side cards never mix, Neutral cards go anywhere; by
//!   OQ-1 a Yuuzhan Vong deck holds Yuuzhan Vong and Neutral cards only and plays in the Dark Side
//!   seat;
//! - **game 2.6** the format's sets and bans (`formats.txt`): a card is legal when any printing of
//!   it (same name, promos included) is in one of the format's sets, because a deck names one
//!   printing but the card may be reprinted in a legal set;
//! - **IDC** at least 36 units, at least 12 units in each arena, and no arena with more than twice
//!   the units of another. Only cards of type Unit count: Subordinates are tokens from the supply
//!   (game 16.5), not deck units. A multi-arena unit (Space/Ground, ...) counts once towards the 36
//!   and once in *each* arena it lists, since it can be deployed to any of them.

use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::sync::Arc;

use crate::deck::Deck;
use crate::{CardDb, Format};
use swtcg_rules::Ruleset;
use swtcg_rules::model::{Arena, CardDef, CardSide, CardType, Side};

/// The deck minimum of game 2.3, for callers without a ruleset that says otherwise.
pub const DECK_MIN: u32 = 60;
/// Game 2.4: copies of one card.
pub const MAX_COPIES: u32 = 4;
/// IDC: units in a deck.
pub const MIN_UNITS: u32 = 36;
/// IDC: units in each arena.
pub const MIN_UNITS_PER_ARENA: u32 = 12;

/// One broken deck-building rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    /// The rule: "game 2.3", "game 2.4", "game 2.5" (with ", OQ-1" for Yuuzhan Vong), "game 2.6",
    /// "IDC: units", "IDC: units per arena" or "IDC: arena balance".
    pub rule: &'static str,
    /// The card at fault, as `SET/Name` for one line or as the card's name for counts across
    /// lines; `None` for rules about the whole deck.
    pub card: Option<String>,
    /// The deck line of the card at fault.
    pub line: Option<usize>,
    /// What is wrong, naming the card, the format or the numbers.
    pub message: String,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.rule, self.message)
    }
}

/// What counts as one card for game 2.4 and 2.6: the name without a promotional suffix
/// (" (Promo)", " (Promo 1)", " (Promo alt)"...), keeping the version letter.
pub fn card_key(name: &str) -> &str {
    let name = name.trim();
    if let Some(open) = name.rfind(" (")
        && name.ends_with(')')
        && name[open + 2..].to_ascii_lowercase().starts_with("promo")
    {
        return name[..open].trim_end();
    }
    name
}

/// The format decks must be legal in under `ruleset`: its own, completed from the named format of
/// `known` when it lists no sets. `Err` names an unknown format.
pub fn deck_format(ruleset: &Ruleset, known: &[Format]) -> Result<Option<Format>, String> {
    let Some(rule) = &ruleset.format else {
        return Ok(None);
    };
    let mut format = Format {
        name: rule.name.clone(),
        sets: rule.sets.clone(),
        banned: rule.banned.clone(),
    };
    if rule.sets.is_empty() {
        let Some(base) = find_format(known, &rule.name) else {
            let names: Vec<&str> = known.iter().map(|f| f.name.as_str()).collect();
            return Err(format!(
                "format {:?} lists no sets and is not a known format ({})",
                rule.name,
                names.join(", ")
            ));
        };
        format.sets = base.sets.clone();
        format.banned.extend(base.banned.iter().cloned());
    }
    Ok(Some(format))
}

/// A format by name, ignoring case.
pub fn find_format<'a>(formats: &'a [Format], name: &str) -> Option<&'a Format> {
    formats
        .iter()
        .find(|format| format.name.eq_ignore_ascii_case(name.trim()))
}

/// The side a deck plays: the one it declares, else the side of most of its Light, Dark and
/// Yuuzhan Vong cards (ties go to the side met first). Yuuzhan Vong is reported as such; it
/// plays in the Dark Side seat (OQ-1). `None` for a deck of Neutral cards only.
pub fn deck_side(deck: &Deck) -> Option<CardSide> {
    let mut counts: Vec<(CardSide, u32)> = Vec::new();
    for (count, card, _) in &deck.cards {
        if card.side == CardSide::Neutral {
            continue;
        }
        match counts.iter_mut().find(|(side, _)| *side == card.side) {
            Some((_, total)) => *total += count,
            None => counts.push((card.side, *count)),
        }
    }
    let count_of = |wanted: CardSide| {
        counts
            .iter()
            .find(|(side, _)| *side == wanted)
            .map_or(0, |(_, n)| *n)
    };
    match deck.side {
        Some(Side::Light) => Some(CardSide::Light),
        Some(Side::Dark) if count_of(CardSide::YuuzhanVong) > count_of(CardSide::Dark) => {
            Some(CardSide::YuuzhanVong)
        }
        Some(Side::Dark) => Some(CardSide::Dark),
        None => {
            // The first maximum in order of appearance.
            let mut best: Option<(CardSide, u32)> = None;
            for &(side, total) in &counts {
                if best.is_none_or(|(_, most)| total > most) {
                    best = Some((side, total));
                }
            }
            best.map(|(side, _)| side)
        }
    }
}

/// A side as the rules name it: "Dark Side", "Light Side", "Neutral", "Yuuzhan Vong".
pub fn side_name(side: CardSide) -> &'static str {
    match side {
        CardSide::Dark => "Dark Side",
        CardSide::Light => "Light Side",
        CardSide::Neutral => "Neutral",
        CardSide::YuuzhanVong => "Yuuzhan Vong",
    }
}

/// Every deck-building rule the deck breaks, in rule order (cards in line order within a rule).
/// `cards` is the database the deck was read from (for the other printings of its cards),
/// `format` the format to check against, if any, and `deck_min` the deck minimum (game 2.3:
/// [`DECK_MIN`]).
pub fn validate(
    deck: &Deck,
    cards: &CardDb,
    format: Option<&Format>,
    deck_min: u32,
) -> Vec<Violation> {
    let mut violations = Vec::new();
    deck_size(deck, deck_min, &mut violations);
    copies(deck, &mut violations);
    sides(deck, &mut violations);
    if let Some(format) = format {
        legality(deck, cards, format, &mut violations);
    }
    units(deck, &mut violations);
    violations
}

/// "1 card", "2 cards".
fn plural(count: u32, word: &str) -> String {
    if count == 1 {
        format!("{count} {word}")
    } else {
        format!("{count} {word}s")
    }
}

fn reference(card: &CardDef) -> String {
    format!("{}/{}", card.set, card.name)
}

/// Game 2.3.
fn deck_size(deck: &Deck, deck_min: u32, violations: &mut Vec<Violation>) {
    let total = deck.card_count();
    if total < deck_min {
        violations.push(Violation {
            rule: "game 2.3",
            card: None,
            line: None,
            message: format!(
                "the deck has {}; a deck needs at least {deck_min}",
                plural(total, "card")
            ),
        });
    }
}

/// The deck's distinct cards (by [`card_key`]) in order of first appearance, with their total
/// count, lines and first entry.
fn distinct_cards(deck: &Deck) -> Vec<(&str, u32, Vec<usize>, &Arc<CardDef>)> {
    let mut cards: Vec<(&str, u32, Vec<usize>, &Arc<CardDef>)> = Vec::new();
    let mut index: HashMap<&str, usize> = HashMap::new();
    for (count, card, line) in &deck.cards {
        let key = card_key(&card.name);
        match index.get(key) {
            Some(&at) => {
                cards[at].1 += count;
                cards[at].2.push(*line);
            }
            None => {
                index.insert(key, cards.len());
                cards.push((key, *count, vec![*line], card));
            }
        }
    }
    cards
}

fn lines_text(lines: &[usize]) -> String {
    let lines: Vec<String> = lines.iter().map(usize::to_string).collect();
    match lines.as_slice() {
        [one] => format!("line {one}"),
        _ => format!("lines {}", lines.join(", ")),
    }
}

/// Game 2.4.
fn copies(deck: &Deck, violations: &mut Vec<Violation>) {
    for (key, total, lines, _) in distinct_cards(deck) {
        if total > MAX_COPIES {
            violations.push(Violation {
                rule: "game 2.4",
                card: Some(key.to_string()),
                line: lines.first().copied(),
                message: format!(
                    "{total} copies of \"{key}\" ({}); a deck may hold at most {MAX_COPIES} copies of one card",
                    lines_text(&lines)
                ),
            });
        }
    }
}

/// Game 2.5 and OQ-1.
fn sides(deck: &Deck, violations: &mut Vec<Violation>) {
    let Some(side) = deck_side(deck) else {
        return;
    };
    for (_, card, line) in &deck.cards {
        if card.side == CardSide::Neutral || card.side == side {
            continue;
        }
        let vong = side == CardSide::YuuzhanVong || card.side == CardSide::YuuzhanVong;
        let deck_says = match (deck.side, side) {
            (Some(_), CardSide::YuuzhanVong) => {
                "a Yuuzhan Vong deck (it declares the dark seat and most of its cards are Yuuzhan Vong)"
                    .to_string()
            }
            (Some(_), side) => format!("a {} deck", side_name(side)),
            (None, side) => format!("a deck whose other cards are mostly {}", side_name(side)),
        };
        let why = if vong {
            "Yuuzhan Vong decks hold only Yuuzhan Vong and Neutral cards and play in the Dark Side seat (OQ-1)"
        } else {
            "a deck may not hold both Light Side and Dark Side cards"
        };
        violations.push(Violation {
            rule: if vong { "game 2.5, OQ-1" } else { "game 2.5" },
            card: Some(reference(card)),
            line: Some(*line),
            message: format!(
                "\"{}\" (line {line}) is a {} card in {deck_says}; {why}",
                reference(card),
                side_name(card.side)
            ),
        });
    }
}

/// Game 2.6: legal sets and banned cards.
fn legality(deck: &Deck, cards: &CardDb, format: &Format, violations: &mut Vec<Violation>) {
    let legal_set = |set: &str| {
        format
            .sets
            .iter()
            .any(|legal| legal.eq_ignore_ascii_case(set))
    };
    for (key, _, lines, card) in distinct_cards(deck) {
        let line = lines.first().copied();
        // The sets that print this card, in load order, the deck's own printing included.
        let mut printed_in: Vec<&str> = vec![card.set.as_str()];
        for printing in cards.cards() {
            if card_key(&printing.name) == key && !printed_in.contains(&printing.set.as_str()) {
                printed_in.push(printing.set.as_str());
            }
        }
        if !printed_in.iter().any(|set| legal_set(set)) {
            violations.push(Violation {
                rule: "game 2.6",
                card: Some(reference(card)),
                line,
                message: format!(
                    "\"{}\" (line {}) is not legal in {}: \"{key}\" is printed only in {}, and {} allows {}",
                    reference(card),
                    line.unwrap_or_default(),
                    format.name,
                    printed_in.join(", "),
                    format.name,
                    format.sets.join(", ")
                ),
            });
        }
        if format
            .banned
            .iter()
            .any(|banned| card_key(banned).eq_ignore_ascii_case(key))
        {
            violations.push(Violation {
                rule: "game 2.6",
                card: Some(reference(card)),
                line,
                message: format!(
                    "\"{}\" (line {}) is banned in {}",
                    reference(card),
                    line.unwrap_or_default(),
                    format.name
                ),
            });
        }
    }
}

/// The IDC unit limits.
fn units(deck: &Deck, violations: &mut Vec<Violation>) {
    let mut total = 0;
    let mut per_arena: BTreeMap<Arena, u32> = Arena::ALL.iter().map(|&a| (a, 0)).collect();
    for (count, card, _) in &deck.cards {
        if card.card_type != CardType::Unit {
            continue;
        }
        total += count;
        for arena in &card.arenas {
            *per_arena.entry(*arena).or_default() += count;
        }
    }
    let counts_text = || {
        Arena::ALL
            .iter()
            .map(|arena| format!("{} {}", per_arena[arena], arena.name()))
            .collect::<Vec<_>>()
            .join(", ")
    };
    if total < MIN_UNITS {
        violations.push(Violation {
            rule: "IDC: units",
            card: None,
            line: None,
            message: format!(
                "the deck has {}; a deck needs at least {MIN_UNITS}",
                plural(total, "unit")
            ),
        });
    }
    for arena in Arena::ALL {
        let count = per_arena[&arena];
        if count < MIN_UNITS_PER_ARENA {
            violations.push(Violation {
                rule: "IDC: units per arena",
                card: None,
                line: None,
                message: format!(
                    "the deck has {}; each arena needs at least {MIN_UNITS_PER_ARENA} (units: {}; a multi-arena unit counts in each of its arenas)",
                    plural(count, &format!("{} unit", arena.name())),
                    counts_text()
                ),
            });
        }
    }
    // The most crowded arena against the emptiest one: if that pair is within twice, all are.
    // Ties name the arena that battles first (`max_by_key` keeps the last maximum).
    let most = Arena::ALL
        .iter()
        .copied()
        .rev()
        .max_by_key(|arena| per_arena[arena]);
    let fewest = Arena::ALL
        .iter()
        .copied()
        .min_by_key(|arena| per_arena[arena]);
    if let (Some(most), Some(fewest)) = (most, fewest)
        && per_arena[&most] > 2 * per_arena[&fewest]
    {
        violations.push(Violation {
            rule: "IDC: arena balance",
            card: None,
            line: None,
            message: format!(
                "the deck has {}, more than twice its {}; no arena may have more than twice the units of another (units: {})",
                plural(per_arena[&most], &format!("{} unit", most.name())),
                plural(per_arena[&fewest], &format!("{} unit", fewest.name())),
                counts_text()
            ),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_named_format_takes_the_known_formats_sets_and_adds_bans() {
        let known = CardDb::bundled().formats().to_vec();
        let r = swtcg_rules::Ruleset::from_toml(
            "t.toml",
            "[format]\nname = \"Vintage\"\nbanned = [\"Jawa\"]\n",
        )
        .unwrap();
        let format = deck_format(&r, &known).unwrap().unwrap();
        let vintage = find_format(&known, "Vintage").unwrap();
        assert_eq!(format.sets, vintage.sets);
        assert!(format.banned.contains(&"Jawa".to_string()));
        let unknown =
            swtcg_rules::Ruleset::from_toml("t.toml", "[format]\nname = \"Nope\"\n").unwrap();
        assert!(deck_format(&unknown, &known).unwrap_err().contains("Nope"));
    }
    use crate::deck::{
        DEMO_DARK, DEMO_DARK_TOML, DEMO_LIGHT, DEMO_LIGHT_TOML, SEED_DARK, SEED_LIGHT, parse_deck,
    };

    fn db() -> CardDb {
        CardDb::bundled()
    }

    fn deck(cards: &CardDb, text: &str) -> Deck {
        parse_deck("test", text, cards).unwrap_or_else(|e| panic!("{e}"))
    }

    fn format<'a>(cards: &'a CardDb, name: &str) -> &'a Format {
        find_format(cards.formats(), name).unwrap_or_else(|| panic!("no format {name}"))
    }

    /// A valid Dark Side base of 48 cards: 16 plain units per arena, room for what a test adds.
    const BASE: &str = "4 ANH/TIE Fighter DS-3-12\n4 AOTC/Droid Starfighter Squadron\n4 AOTC/Droid Starfighter Wing\n4 ANH/Carrack Cruiser\n4 AOTC/Battle Droid Squad\n4 ANH/Stormtrooper Squad\n4 ANH/Death Star Guard Squad\n4 AOTC/Destroyer Droid Squad\n4 AOTC/Geonosian Guard\n4 AOTC/Geonosian Warrior\n4 ROTS/Security Droid\n4 ANH/Jawa\n";

    fn rules(violations: &[Violation]) -> Vec<&'static str> {
        violations.iter().map(|v| v.rule).collect()
    }

    #[test]
    fn demo_decks_are_valid_without_a_format_and_in_vintage() {
        let cards = db();
        let vintage = format(&cards, "Vintage");
        for text in [DEMO_DARK, DEMO_LIGHT, DEMO_DARK_TOML, DEMO_LIGHT_TOML] {
            let deck = deck(&cards, text);
            assert_eq!(validate(&deck, &cards, None, DECK_MIN), vec![]);
            assert_eq!(validate(&deck, &cards, Some(vintage), DECK_MIN), vec![]);
            assert_eq!(
                validate(&deck, &cards, Some(format(&cards, "WOTC")), DECK_MIN),
                vec![]
            );
        }
        assert_eq!(deck_side(&deck(&cards, DEMO_DARK)), Some(CardSide::Dark));
        assert_eq!(deck_side(&deck(&cards, DEMO_LIGHT)), Some(CardSide::Light));
    }

    #[test]
    fn seed_decks_are_valid_with_their_seed_cards() {
        let cards = db();
        for (text, side, seeds) in [
            (
                SEED_DARK,
                CardSide::Dark,
                &["Rukh (C)", "Krrsantan (B)", "Xesh (C)"][..],
            ),
            (
                SEED_LIGHT,
                CardSide::Light,
                &["Krrsantan (B)", "Xesh (C)"][..],
            ),
        ] {
            let deck = deck(&cards, text);
            assert_eq!(validate(&deck, &cards, None, DECK_MIN), vec![]);
            assert_eq!(deck_side(&deck), Some(side));
            for seed in seeds {
                assert!(
                    deck.cards.iter().any(|(_, card, _)| card.name == *seed),
                    "{side:?} seed deck without {seed}"
                );
            }
            // No format holds the seed cards' sets (FOR, BOBF, TAL) together.
            let standard = format(&cards, "Standard");
            assert!(!validate(&deck, &cards, Some(standard), DECK_MIN).is_empty());
        }
    }

    #[test]
    fn demo_decks_are_not_standard() {
        let cards = db();
        let standard = format(&cards, "Standard");
        let violations = validate(&deck(&cards, DEMO_DARK), &cards, Some(standard), DECK_MIN);
        assert!(!violations.is_empty());
        assert!(
            violations.iter().all(|v| v.rule == "game 2.6"),
            "{violations:?}"
        );
        let first = &violations[0];
        assert_eq!(first.card.as_deref(), Some("ANH/TIE Fighter DS-3-12"));
        assert_eq!(first.line, Some(3));
        assert!(
            first.message.starts_with(
                "\"ANH/TIE Fighter DS-3-12\" (line 3) is not legal in Standard: \"TIE Fighter DS-3-12\" is printed only in ANH, and Standard allows KAE, TM"
            ),
            "{}",
            first.message
        );
    }

    #[test]
    fn too_few_cards() {
        let cards = db();
        let violations = validate(&deck(&cards, BASE), &cards, None, DECK_MIN);
        assert_eq!(rules(&violations), ["game 2.3"]);
        assert_eq!(
            violations[0].message,
            "the deck has 48 cards; a deck needs at least 60"
        );
        // The minimum comes from the caller (a ruleset).
        assert_eq!(validate(&deck(&cards, BASE), &cards, None, 48), vec![]);
    }

    #[test]
    fn too_many_copies_across_lines_and_promo_printings() {
        let cards = db();
        let text = format!(
            "{BASE}3 AOTC/Zam Wesell (B)\n2 AOTC/Zam Wesell (B) (Promo)\n4 AOTC/Zam Wesell (A)\n3 AOTC/Jango Fett (D) (Promo 1)\n"
        );
        let violations = validate(&deck(&cards, &text), &cards, None, DECK_MIN);
        assert_eq!(rules(&violations), ["game 2.4"], "{violations:?}");
        let v = &violations[0];
        assert_eq!(
            (v.card.as_deref(), v.line),
            (Some("Zam Wesell (B)"), Some(13))
        );
        assert_eq!(
            v.message,
            "5 copies of \"Zam Wesell (B)\" (lines 13, 14); a deck may hold at most 4 copies of one card"
        );
        // Versions are different cards: 4 + 4 of two versions of one unique card is legal.
        let text =
            format!("{BASE}4 AOTC/Zam Wesell (B)\n4 AOTC/Zam Wesell (A)\n4 ANH/Sandtrooper\n");
        let violations = validate(&deck(&cards, &text), &cards, None, DECK_MIN);
        assert_eq!(violations, vec![]);
        assert_eq!(card_key("Jango Fett (D) (Promo 2)"), "Jango Fett (D)");
        assert_eq!(
            card_key("Obi-Wan Kenobi (B) (Promo alt)"),
            "Obi-Wan Kenobi (B)"
        );
        assert_eq!(card_key("Jango Fett (D)"), "Jango Fett (D)");
    }

    #[test]
    fn light_and_dark_cards_do_not_mix() {
        let cards = db();
        let text = format!(
            "{BASE}4 AOTC/Clone Squad\n4 AOTC/Zam Wesell (B)\n4 ANH/Imperial Sentry Droid\n"
        );
        let plain = deck(&cards, &text);
        let violations = validate(&plain, &cards, None, DECK_MIN);
        assert_eq!(rules(&violations), ["game 2.5"], "{violations:?}");
        let v = &violations[0];
        assert_eq!(
            (v.card.as_deref(), v.line),
            (Some("AOTC/Clone Squad"), Some(13))
        );
        assert_eq!(
            v.message,
            "\"AOTC/Clone Squad\" (line 13) is a Light Side card in a deck whose other cards are mostly Dark Side; a deck may not hold both Light Side and Dark Side cards"
        );
        // A deck declaring the light side has every Dark Side card named instead.
        let mut declared = plain.clone();
        declared.side = Some(Side::Light);
        let violations = validate(&declared, &cards, None, DECK_MIN);
        assert!(violations.len() > 10, "{violations:?}");
        assert!(violations.iter().all(|v| v.rule == "game 2.5"));
        assert_eq!(
            violations[0].message,
            "\"ANH/TIE Fighter DS-3-12\" (line 1) is a Dark Side card in a Light Side deck; a deck may not hold both Light Side and Dark Side cards"
        );
        // Jawa (line 12) is Neutral and never named.
        assert!(violations.iter().all(|v| v.line != Some(12)));
    }

    #[test]
    fn yuuzhan_vong_decks_hold_only_vong_and_neutral_cards() {
        let cards = db();
        // The bundled data has one Yuuzhan Vong card, an Event.
        let vong = cards
            .cards()
            .iter()
            .find(|card| card.side == CardSide::YuuzhanVong)
            .map(|card| format!("{}/{}", card.set, card.name))
            .unwrap_or_else(|| panic!("no Yuuzhan Vong card"));
        let text = format!("{BASE}4 {vong}\n4 AOTC/Zam Wesell (A)\n4 AOTC/Zam Wesell (B)\n");
        let violations = validate(&deck(&cards, &text), &cards, None, DECK_MIN);
        assert_eq!(rules(&violations), ["game 2.5, OQ-1"], "{violations:?}");
        assert_eq!(
            violations[0].message,
            format!(
                "\"{vong}\" (line 13) is a Yuuzhan Vong card in a deck whose other cards are mostly Dark Side; Yuuzhan Vong decks hold only Yuuzhan Vong and Neutral cards and play in the Dark Side seat (OQ-1)"
            )
        );
        // A deck of mostly Yuuzhan Vong cards that declares the dark seat is a Yuuzhan Vong deck,
        // whose Dark Side cards break the rule; its Neutral cards are fine.
        let unit = |name: &str, side| {
            let mut card = CardDef::unit(name, side, vec![Arena::Ground], [2, 30, 2, 2]);
            card.set = "YV".into();
            Arc::new(card)
        };
        let vong_deck = Deck {
            name: Some("Vong".into()),
            side: Some(Side::Dark),
            format: None,
            cards: vec![
                (4, unit("Vong Warrior", CardSide::YuuzhanVong), 1),
                (4, unit("Vong Slayer", CardSide::YuuzhanVong), 2),
                (4, unit("Stormtrooper", CardSide::Dark), 3),
                (4, unit("Jawa", CardSide::Neutral), 4),
            ],
            notes: Vec::new(),
        };
        assert_eq!(deck_side(&vong_deck), Some(CardSide::YuuzhanVong));
        let violations: Vec<Violation> = validate(&vong_deck, &cards, None, 16)
            .into_iter()
            .filter(|v| v.rule.starts_with("game"))
            .collect();
        assert_eq!(rules(&violations), ["game 2.5, OQ-1"], "{violations:?}");
        assert_eq!(
            (violations[0].card.as_deref(), violations[0].line),
            (Some("YV/Stormtrooper"), Some(3))
        );
        assert!(
            violations[0].message.starts_with(
                "\"YV/Stormtrooper\" (line 3) is a Dark Side card in a Yuuzhan Vong deck"
            ),
            "{}",
            violations[0].message
        );
        // The light seat is not open to Yuuzhan Vong.
        let mut light = vong_deck.clone();
        light.side = Some(Side::Light);
        let violations = validate(&light, &cards, None, 16);
        assert_eq!(
            violations
                .iter()
                .filter(|v| v.rule == "game 2.5, OQ-1")
                .count(),
            2,
            "{violations:?}"
        );
    }

    #[test]
    fn format_legality_uses_every_printing_and_the_ban_list() {
        // The bundled data has no reprint across sets that matters to a format (only R2-D2 (U),
        // in TMW and TROS, both Standard), so two small sets stand in for one.
        let header = "Name\tSet\tSide\tType\tCost\tSpeed\tPower\tHealth\tRarity";
        let mut small = CardDb::new();
        small.add_set(
            "OLD.txt",
            &format!("{header}\nJawa\tOLD\tN\tGround\t2\t30\t1\t2\tC\nOld Only\tOLD\tN\tGround\t2\t30\t1\t2\tC\nZam (B)\tOLD\tD\tCharacter\t3\t40\t3\t3\tR\n"),
        );
        small.add_set(
            "NEW.txt",
            &format!("{header}\nJawa\tNEW\tN\tGround\t2\t30\t1\t2\tC\nZam (B) (Promo)\tNEW\tD\tCharacter\t3\t40\t3\t3\tP\n"),
        );
        assert_eq!(small.import_errors(), &[]);
        let new_only = Format {
            name: "New".into(),
            sets: vec!["NEW".into()],
            banned: Vec::new(),
        };
        let one = deck(&small, "1 OLD/Jawa\n1 OLD/Zam (B)\n1 OLD/Old Only\n");
        let violations: Vec<Violation> = validate(&one, &small, Some(&new_only), 3)
            .into_iter()
            .filter(|v| !v.rule.starts_with("IDC"))
            .collect();
        assert_eq!(rules(&violations), ["game 2.6"], "{violations:?}");
        assert_eq!(
            (violations[0].card.as_deref(), violations[0].line),
            (Some("OLD/Old Only"), Some(3))
        );
        assert_eq!(
            violations[0].message,
            "\"OLD/Old Only\" (line 3) is not legal in New: \"Old Only\" is printed only in OLD, and New allows NEW"
        );

        let cards = db();
        let standard = format(&cards, "Standard");
        let mut banning = standard.clone();
        banning.sets.push("ANH".into());
        banning.banned.push("Jawa".into());
        let violations = validate(&deck(&cards, DEMO_LIGHT), &cards, Some(&banning), DECK_MIN);
        let banned: Vec<&Violation> = violations
            .iter()
            .filter(|v| v.message.contains("banned"))
            .collect();
        assert_eq!(banned.len(), 1, "{violations:?}");
        assert_eq!(banned[0].rule, "game 2.6");
        assert_eq!(
            banned[0].message,
            "\"ANH/Jawa\" (line 16) is banned in Standard"
        );
    }

    #[test]
    fn too_few_units_and_units_per_arena() {
        let cards = db();
        // 24 units (8 Space, 8 Ground, 8 Character) and 36 other cards.
        let mut others = String::new();
        let mut added = 0;
        for card in cards.cards_in_set("AOTC") {
            if added == 9 {
                break;
            }
            if card.card_type != CardType::Unit
                && card.card_type != CardType::Subordinate
                && card.side != CardSide::Light
                && !card.name.contains("(Promo")
            {
                others.push_str(&format!("4 AOTC/{}\n", card.name));
                added += 1;
            }
        }
        assert_eq!(added, 9);
        let text = format!(
            "4 ANH/TIE Fighter DS-3-12\n4 AOTC/Droid Starfighter Squadron\n4 AOTC/Battle Droid Squad\n4 ANH/Stormtrooper Squad\n4 AOTC/Geonosian Guard\n4 AOTC/Geonosian Warrior\n{others}"
        );
        let violations = validate(&deck(&cards, &text), &cards, None, DECK_MIN);
        assert_eq!(
            rules(&violations),
            [
                "IDC: units",
                "IDC: units per arena",
                "IDC: units per arena",
                "IDC: units per arena"
            ],
            "{violations:?}"
        );
        assert_eq!(
            violations[0].message,
            "the deck has 24 units; a deck needs at least 36"
        );
        assert_eq!(
            violations[1].message,
            "the deck has 8 space units; each arena needs at least 12 (units: 8 space, 8 ground, 8 character; a multi-arena unit counts in each of its arenas)"
        );
    }

    #[test]
    fn arena_balance_and_multi_arena_units() {
        let cards = db();
        // 12 Space, 12 Ground, 36 Character.
        let text = "4 ANH/TIE Fighter DS-3-12\n4 AOTC/Droid Starfighter Squadron\n4 AOTC/Droid Starfighter Wing\n4 AOTC/Battle Droid Squad\n4 ANH/Stormtrooper Squad\n4 ANH/Death Star Guard Squad\n4 AOTC/Geonosian Guard\n4 AOTC/Geonosian Warrior\n4 ROTS/Security Droid\n4 ANH/Jawa\n4 AOTC/Zam Wesell (B)\n4 AOTC/Zam Wesell (A)\n4 ANH/Sandtrooper\n4 AOTC/Jango Fett (A)\n4 AOTC/Jango Fett (B)\n";
        let violations = validate(&deck(&cards, text), &cards, None, DECK_MIN);
        assert_eq!(rules(&violations), ["IDC: arena balance"], "{violations:?}");
        assert_eq!(
            violations[0].message,
            "the deck has 36 character units, more than twice its 12 space units; no arena may have more than twice the units of another (units: 12 space, 12 ground, 36 character)"
        );
        // A Ground/Character unit counts in both arenas (and once towards the 36).
        let multi = cards
            .cards()
            .iter()
            .find(|card| {
                card.card_type == CardType::Unit
                    && card.arenas == [Arena::Ground, Arena::Character]
                    && card.side == CardSide::Dark
                    && cards
                        .lookup(&format!("{}/{}", card.set, card.name))
                        .is_ok_and(|found| Arc::ptr_eq(&found, card))
            })
            .unwrap_or_else(|| panic!("no Dark Side Ground/Character unit"));
        let with_multi = format!(
            "4 ANH/TIE Fighter DS-3-12\n4 AOTC/Droid Starfighter Squadron\n4 AOTC/Droid Starfighter Wing\n4 AOTC/Battle Droid Squad\n4 ANH/Stormtrooper Squad\n4 {}/{}\n4 AOTC/Geonosian Guard\n4 AOTC/Geonosian Warrior\n4 ROTS/Security Droid\n4 ANH/Jawa\n4 AOTC/Zam Wesell (B)\n4 AOTC/Zam Wesell (A)\n4 ANH/Sandtrooper\n4 AOTC/Jango Fett (A)\n4 AOTC/Jango Fett (B)\n",
            multi.set, multi.name
        );
        let violations = validate(&deck(&cards, &with_multi), &cards, None, DECK_MIN);
        assert_eq!(rules(&violations), ["IDC: arena balance"], "{violations:?}");
        assert!(
            violations[0]
                .message
                .ends_with("(units: 12 space, 12 ground, 40 character)"),
            "{}",
            violations[0].message
        );
    }
}
