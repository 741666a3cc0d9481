//! LackeyCCG `.dek` decks, the format the community exchanges: read into a [`Deck`] and written
//! from one.
//!
//! The layout is LackeyCCG's own, as in the decks the IDC's plugin ships (`starwars/decks/`):
//! a `<deck version="0.8">` root, a `<meta>` naming the game, and `<superzone>`s whose `<card>`
//! elements stand for one copy each, `<card><name id="IMAGE">NAME</name><set>CODE</set></card>`,
//! the id being the card's LackeyCCG image name. Names are XML text, so `&apos;` and `&amp;` are
//! read as `'` and `&`. The game is played from the `Deck` superzone; the others LackeyCCG knows
//! (`Sideboard`, `Supply`, `Outside the game`...) have no place in this game, so their cards are
//! left out with a note, as is any element LackeyCCG may add that this reader does not know.

use std::fmt::Write as _;
use std::sync::Arc;

use roxmltree::{Document, Node};

use super::{Deck, DeckError, Notes};
use crate::{CardDb, LookupError};
use swtcg_rules::model::CardDef;

/// The superzone the game is played from.
const DECK_ZONE: &str = "Deck";

/// The game name of the IDC's LackeyCCG plugin, written in `<meta>`.
const LACKEY_GAME: &str = "starwars";

/// Whether a deck file's text is a `.dek`: XML starts with `<` (after a byte order mark and
/// blanks), which neither a plain list nor a TOML deck can.
pub(super) fn is_dek(text: &str) -> bool {
    text.trim_start_matches('\u{feff}')
        .trim_start()
        .starts_with('<')
}

/// Reads a `.dek` deck. Each card resolves as `SET/Name` when its set is loaded, else (and when
/// that set has no such card but another loaded set has) by its bare name, with a note. A file that is not well-formed XML,
/// whose root is not `<deck>`, with a `<card>` lacking a name, or without cards in its `Deck`
/// superzone is an error naming the line.
pub(super) fn parse_dek(origin: &str, text: &str, cards: &CardDb) -> Result<Deck, DeckError> {
    let error = |line: usize, message: String| DeckError {
        origin: origin.to_string(),
        line,
        key: None,
        message,
    };
    let document = Document::parse(text).map_err(|err| {
        error(
            usize::try_from(err.pos().row).unwrap_or(1),
            format!("not a well-formed LackeyCCG .dek (XML) file: {err}"),
        )
    })?;
    let mut lines = Lines::new(text);
    let root = document.root_element();
    if root.tag_name().name() != "deck" {
        return Err(error(
            lines.at(root.range().start),
            format!(
                "the root element is <{}>, not <deck>: a LackeyCCG .dek starts with <deck version=\"0.8\">",
                root.tag_name().name()
            ),
        ));
    }
    let mut entries: Vec<(u32, Arc<CardDef>, usize)> = Vec::new();
    let mut notes = Notes::new(origin);
    for zone in root.children().filter(Node::is_element) {
        let line = lines.at(zone.range().start);
        if !zone.has_tag_name("superzone") {
            if !zone.has_tag_name("meta") {
                notes.add(
                    line,
                    format!(
                        "<{}> is not a .dek element; ignored",
                        zone.tag_name().name()
                    ),
                );
            }
            continue;
        }
        let zone_name = zone.attribute("name").unwrap_or_default();
        let zone_cards = zone.children().filter(|node| node.has_tag_name("card"));
        if zone_name != DECK_ZONE {
            let count = zone_cards.count();
            if count > 0 {
                notes.add(
                    line,
                    format!(
                        "the {zone_name:?} superzone's {count} card{} are not played and were left out",
                        if count == 1 { "" } else { "s" }
                    ),
                );
            }
            continue;
        }
        for card in zone_cards {
            let line = lines.at(card.range().start);
            let def = read_card(card, cards, line, &mut notes).map_err(|m| error(line, m))?;
            match entries
                .iter_mut()
                .find(|(_, seen, _)| Arc::ptr_eq(seen, &def))
            {
                Some((count, _, _)) => *count = count.saturating_add(1),
                None => entries.push((1, def, line)),
            }
        }
    }
    if entries.is_empty() {
        return Err(error(
            lines.at(root.range().start),
            format!("the deck has no cards: a .dek holds them in <superzone name=\"{DECK_ZONE}\">"),
        ));
    }
    Ok(Deck::unnamed(entries, notes.into_vec()))
}

/// One `<card>`: its name (all the text of `<name>`, entities decoded) resolved with its `<set>`.
fn read_card(
    card: Node<'_, '_>,
    cards: &CardDb,
    line: usize,
    notes: &mut Notes,
) -> Result<Arc<CardDef>, String> {
    let text_of = |tag: &str| {
        card.children()
            .find(|node| node.has_tag_name(tag))
            .map(|node| {
                node.descendants()
                    .filter(Node::is_text)
                    .filter_map(|node| node.text())
                    .collect::<String>()
            })
    };
    let name = text_of("name").ok_or("a <card> without a <name>")?;
    let name = name.trim();
    if name.is_empty() {
        return Err("a <card> with an empty <name>".into());
    }
    let set = text_of("set");
    let set = set.as_deref().map(str::trim).filter(|set| !set.is_empty());
    let loaded = set.and_then(|set| {
        cards
            .sets()
            .iter()
            .find(|loaded| loaded.eq_ignore_ascii_case(set))
    });
    let (def, why_bare) = match (set, loaded) {
        (_, Some(loaded)) => match cards.lookup(&format!("{loaded}/{name}")) {
            Ok(def) => (def, None),
            // A card the set lacks but another loaded set prints is read from that one; an
            // unknown or ambiguous name is reported as the set sees it.
            Err(LookupError::NotInSet { .. }) => (
                cards.lookup(name).map_err(|error| error.to_string())?,
                Some(format!("set {loaded} has no card {name:?}; read as")),
            ),
            Err(error) => return Err(error.to_string()),
        },
        (Some(set), None) => (
            cards
                .lookup(name)
                .map_err(|error| format!("{error} (its set {set} is not loaded)"))?,
            Some(format!("set {set} is not loaded; {name:?} read as")),
        ),
        (None, None) => (cards.lookup(name).map_err(|error| error.to_string())?, None),
    };
    match why_bare {
        Some(why) => notes.add(line, format!("{why} \"{}/{}\"", def.set, def.name)),
        None => notes.spelling(line, name, &def),
    }
    Ok(def)
}

/// Writes a deck as a `.dek` in LackeyCCG's layout: one `<card>` per copy in the deck's order,
/// with the card's LackeyCCG image name as its id (its name, for cards whose set file has no
/// ImageFile column), and the five XML entities escaped as LackeyCCG escapes them. The deck's
/// name, side and format have no place in a `.dek` and are not written.
pub fn write_dek(deck: &Deck) -> String {
    let mut out = format!(
        "<deck version=\"0.8\">\n\t<meta>\n\t\t<game>{LACKEY_GAME}</game>\n\t</meta>\n\t<superzone name=\"{DECK_ZONE}\">\n"
    );
    for (count, card, _) in &deck.cards {
        let id = card.image.as_deref().unwrap_or(&card.name);
        for _ in 0..*count {
            // Writing to a String cannot fail.
            let _ = writeln!(
                out,
                "\t\t<card><name id=\"{}\">{}</name><set>{}</set></card>",
                escape(id),
                escape(&card.name),
                escape(&card.set)
            );
        }
    }
    out.push_str("\t</superzone>\n</deck>\n");
    out
}

/// Text or an attribute value with XML's five special characters escaped.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            other => out.push(other),
        }
    }
    out
}

/// The 1-based lines of byte offsets asked for in increasing order, counted once through the
/// text (a deck of many copies would otherwise count from the start for each).
struct Lines<'a> {
    text: &'a str,
    offset: usize,
    line: usize,
}

impl<'a> Lines<'a> {
    fn new(text: &'a str) -> Self {
        Lines {
            text,
            offset: 0,
            line: 1,
        }
    }

    fn at(&mut self, offset: usize) -> usize {
        if offset < self.offset {
            self.offset = 0;
            self.line = 1;
        }
        let end = offset.min(self.text.len());
        self.line += self.text.as_bytes()[self.offset.min(end)..end]
            .iter()
            .filter(|&&b| b == b'\n')
            .count();
        self.offset = end;
        self.line
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deck::{DeckNote, parse_deck};

    /// A Light Side deck in the layout LackeyCCG writes: ids and set codes from the set files,
    /// `&apos;` in names, and the plugin's other superzones, one holding a sideboard.
    const LIGHT_REBELS: &str = include_str!("../../../tests/fixtures/decks/light-rebels.dek");
    /// A `.dek` edited by hand: an XML prolog and a comment, names spelled as people spell them,
    /// copies apart, a numeric character reference.
    const HAND_EDITED: &str = include_str!("../../../tests/fixtures/decks/hand-edited.dek");

    fn entries(deck: &Deck) -> Vec<(u32, String, usize)> {
        deck.cards
            .iter()
            .map(|(count, card, line)| (*count, format!("{}/{}", card.set, card.name), *line))
            .collect()
    }

    fn notes(deck: &Deck) -> Vec<(usize, &str)> {
        deck.notes
            .iter()
            .map(|note| (note.line, note.message.as_str()))
            .collect()
    }

    #[test]
    fn the_communitys_layout_gives_one_copy_per_card_and_leaves_the_sideboard_out() {
        let cards = CardDb::bundled();
        let deck = parse_deck("light-rebels.dek", LIGHT_REBELS, &cards)
            .unwrap_or_else(|error| panic!("{error}"));
        assert_eq!(deck.card_count(), 60);
        assert_eq!(
            (deck.name.as_deref(), deck.side, deck.format.as_deref()),
            (None, None, None)
        );
        let entries = entries(&deck);
        assert_eq!(entries.len(), 15);
        assert_eq!(entries[0], (4, "ROTS/ARC-170 Starfighter".to_string(), 6));
        assert_eq!(entries[4], (4, "ANH/Luke's X-Wing (A)".to_string(), 22));
        assert_eq!(entries[14], (4, "AOTC/Padme Amidala (D)".to_string(), 62));
        assert_eq!(
            deck.notes,
            [DeckNote {
                origin: "light-rebels.dek".into(),
                line: 69,
                message: "the \"Sideboard\" superzone's 3 cards are not played and were left out"
                    .into()
            }]
        );
        // The same cards as the plain list it was made from.
        let plain = parse_deck(
            "demo-light.txt",
            &crate::deck::DEMO_LIGHT.replace("AOTC/Naboo Royal Starship", "ANH/Luke's X-Wing (A)"),
            &cards,
        )
        .unwrap_or_else(|error| panic!("{error}"));
        assert_eq!(deck.expand(), plain.expand());
    }

    #[test]
    fn writing_gives_the_communitys_layout_back() {
        let cards = CardDb::bundled();
        let deck = parse_deck("light-rebels.dek", LIGHT_REBELS, &cards)
            .unwrap_or_else(|error| panic!("{error}"));
        // The fixture less its other superzones, which have no place in this game.
        let start = LIGHT_REBELS
            .find("\t<superzone name=\"Supply\">")
            .unwrap_or(0);
        let end = LIGHT_REBELS.find("</deck>").unwrap_or(0);
        let expected = format!("{}{}", &LIGHT_REBELS[..start], &LIGHT_REBELS[end..]);
        assert_eq!(write_dek(&deck), expected);
    }

    #[test]
    fn names_are_read_as_people_write_them_with_a_note() {
        let cards = CardDb::bundled();
        let deck = parse_deck("hand-edited.dek", HAND_EDITED, &cards)
            .unwrap_or_else(|error| panic!("{error}"));
        assert_eq!(
            entries(&deck),
            [
                (2, "ANH/Luke's X-Wing (A)".to_string(), 8),
                (2, "ANH/YV-664 Light Freighter".to_string(), 9),
                (1, "AOTC/Shaak Ti (A)".to_string(), 10),
                (1, "AOTC/Corde (A)".to_string(), 11),
                (1, "BOTS/Luke's X-wing (H)".to_string(), 14),
            ]
        );
        // Capitalisation alone ("X-Wing (H)") is not worth a note.
        assert_eq!(
            notes(&deck),
            [
                (8, "\"Luke’s X-Wing (A)\" read as \"ANH/Luke's X-Wing (A)\""),
                (
                    9,
                    "\"YV664 Light Freighter\" read as \"ANH/YV-664 Light Freighter\""
                ),
                (10, "\"Shaak-Ti (A)\" read as \"AOTC/Shaak Ti (A)\""),
                (11, "\"Cordé (A)\" read as \"AOTC/Corde (A)\""),
            ]
        );
    }

    fn dek(cards: &str) -> String {
        format!(
            "<deck version=\"0.8\">\n\t<meta>\n\t\t<game>starwars</game>\n\t</meta>\n\t<superzone name=\"Deck\">\n{cards}\t</superzone>\n</deck>\n"
        )
    }

    fn card(name: &str, set: &str) -> String {
        format!("\t\t<card><name id=\"x\">{name}</name><set>{set}</set></card>\n")
    }

    #[test]
    fn the_set_code_chooses_the_printing_and_falls_back_to_the_bare_name() {
        let cards = CardDb::bundled();
        // "R2-D2 (U)" alone is printed differently in TROS and TMW: the set settles it.
        let text = dek(&[
            card("R2-D2 (U)", "TMW"),
            card("Jawa", "LEG"),
            card("Jawa", "TAL"),
            card("Jawa", "ANH"),
        ]
        .concat());
        let deck = parse_deck("d.dek", &text, &cards).unwrap_or_else(|error| panic!("{error}"));
        assert_eq!(
            entries(&deck),
            [
                (1, "TMW/R2-D2 (U)".to_string(), 6),
                (3, "ANH/Jawa".to_string(), 7)
            ]
        );
        assert_eq!(
            notes(&deck),
            [
                (7, "set LEG is not loaded; \"Jawa\" read as \"ANH/Jawa\""),
                (8, "set TAL has no card \"Jawa\"; read as \"ANH/Jawa\""),
            ]
        );
        let error = parse_deck("d.dek", &dek(&card("Jawwa", "LEG")), &cards)
            .err()
            .map(|error| error.to_string());
        assert_eq!(
            error.as_deref(),
            Some(
                "d.dek:6: unknown card \"Jawwa\"; did you mean \"Jawa\"? (its set LEG is not loaded)"
            )
        );
    }

    #[test]
    fn broken_files_are_errors_naming_the_line() {
        let cards = CardDb::bundled();
        let check = |text: &str, line: usize, fragment: &str| {
            let error = parse_deck("d.dek", text, &cards)
                .err()
                .unwrap_or_else(|| panic!("{text:?} was read"));
            assert_eq!(
                (error.origin.as_str(), error.line),
                ("d.dek", line),
                "{error}"
            );
            assert!(error.message.contains(fragment), "{error}");
        };
        let jawa = card("Jawa", "ANH");
        check(
            &dek(&format!(
                "{jawa}\t\t<card><name id=\"x\">Jawa</name><set>ANH</set>\n"
            )),
            8,
            "not a well-formed LackeyCCG .dek (XML) file: expected 'card' tag, not 'superzone'",
        );
        check(&dek(&card("Han & Leia", "ANH")), 6, "not a well-formed");
        check(
            &dek(&card("Han&rsquo;s Courage", "ANH")),
            6,
            "unknown entity",
        );
        check(
            "<decklist>\n</decklist>\n",
            1,
            "the root element is <decklist>, not <deck>",
        );
        check(
            &dek(&format!("{jawa}\t\t<card><set>ANH</set></card>\n")),
            7,
            "without a <name>",
        );
        check(&dek(&card(" ", "ANH")), 6, "an empty <name>");
        check(
            &dek(&format!("{jawa}{}", card("Jawwa", "ANH"))),
            7,
            "unknown card \"ANH/Jawwa\"; did you mean \"ANH/Jawa\"?",
        );
        check(&dek(""), 1, "the deck has no cards");
        check(
            &dek("").replace("\"Deck\"", "\"Sideboard\""),
            1,
            "<superzone name=\"Deck\">",
        );
        check("<deck version=\"0.8\">\n", 1, "opened but never closed");
    }

    #[test]
    fn xml_characters_are_escaped_and_read_back() {
        let mut cards = CardDb::new();
        let errors = cards.add_set(
            "FAN.txt",
            "Name\tSet\tImageFile\tSide\tType\tCost\tSpeed\tPower\tHealth\n\
             Han & Leia's \"<Falcon>\"\tFAN\tFAN001_Han_&_Leia\tL\tSpace\t5\t50\t5\t5\n\
             Jawa\tFAN\t\tN\tGround\t1\t10\t1\t1\n",
        );
        assert_eq!(errors, vec![]);
        let deck = parse_deck(
            "fan.txt",
            "2 Han & Leia's \"<Falcon>\"\n1 FAN/Jawa\n",
            &cards,
        )
        .unwrap_or_else(|error| panic!("{error}"));
        let written = write_dek(&deck);
        assert!(
            written.contains(
                "\t\t<card><name id=\"FAN001_Han_&amp;_Leia\">Han &amp; Leia&apos;s &quot;&lt;Falcon&gt;&quot;</name><set>FAN</set></card>\n"
            ),
            "{written}"
        );
        // A card without an image name is written with its name as the id.
        assert!(
            written.contains("<card><name id=\"Jawa\">Jawa</name><set>FAN</set></card>"),
            "{written}"
        );
        let again =
            parse_deck("fan.dek", &written, &cards).unwrap_or_else(|error| panic!("{error}"));
        assert_eq!(again.expand(), deck.expand());
        assert_eq!(again.notes, vec![]);
    }

    #[test]
    fn lines_are_counted_forward_and_again_from_the_start() {
        let mut lines = Lines::new("a\nb\nc\n");
        assert_eq!(
            [lines.at(0), lines.at(2), lines.at(4), lines.at(99)],
            [1, 2, 3, 4]
        );
        assert_eq!(lines.at(3), 2);
    }
}
