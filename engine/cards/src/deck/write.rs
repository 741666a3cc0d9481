//! Writing a deck as a plain "count name" list or a TOML deck, naming each card so that reading
//! the file back gives the same printings.

use serde::Serialize;

use super::Deck;
use crate::CardDb;
use swtcg_rules::model::{CardDef, Side};

/// How a deck file names a card: its bare name when that resolves to this very printing, else
/// `SET/Name` (a name printed differently in several sets, or a reprint whose bare name resolves
/// to another set's printing).
pub fn card_reference(card: &CardDef, cards: &CardDb) -> String {
    match cards.lookup(&card.name) {
        Ok(found) if *found == *card => card.name.clone(),
        _ => format!("{}/{}", card.set, card.name),
    }
}

/// The deck as a plain list: its name as a comment, if it has one, then `count name` per entry.
/// A plain list has no side or format, so those are not written.
pub fn write_plain(deck: &Deck, cards: &CardDb) -> String {
    let mut out = String::new();
    if let Some(name) = &deck.name {
        out.push_str(&format!("# {}\n", name.replace('\n', " ")));
    }
    for (count, card, _) in &deck.cards {
        out.push_str(&format!("{count} {}\n", card_reference(card, cards)));
    }
    out
}

#[derive(Serialize)]
struct TomlDeck<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    name: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    side: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    format: Option<&'a str>,
    card: Vec<TomlCard>,
}

#[derive(Serialize)]
struct TomlCard {
    count: u32,
    name: String,
}

/// The deck in the TOML deck format: `name`, `side` and `format` when the deck has them, then a
/// `[[card]]` table per entry.
pub fn write_toml(deck: &Deck, cards: &CardDb) -> String {
    let toml_deck = TomlDeck {
        name: deck.name.as_deref(),
        side: deck.side.map(|side| match side {
            Side::Dark => "dark",
            Side::Light => "light",
        }),
        format: deck.format.as_deref(),
        card: deck
            .cards
            .iter()
            .map(|(count, card, _)| TomlCard {
                count: *count,
                name: card_reference(card, cards),
            })
            .collect(),
    };
    // A struct of strings and numbers always serialises.
    toml::to_string(&toml_deck).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deck::{parse_deck, write_dek};

    const LIGHT_REBELS: &str = include_str!("../../../tests/fixtures/decks/light-rebels.dek");

    #[test]
    fn a_bare_name_is_written_only_when_it_reads_back_as_the_same_printing() {
        let cards = CardDb::bundled();
        let reference = |written: &str| {
            let card = cards
                .lookup(written)
                .unwrap_or_else(|error| panic!("{error}"));
            card_reference(&card, &cards)
        };
        assert_eq!(reference("ANH/Jawa"), "Jawa");
        assert_eq!(reference("TT-8L/Y7 Gatekeeper"), "TT-8L/Y7 Gatekeeper");
        // Printed differently in TROS and TMW.
        assert_eq!(reference("TMW/R2-D2 (U)"), "TMW/R2-D2 (U)");
        assert_eq!(reference("TROS/R2-D2 (U)"), "TROS/R2-D2 (U)");

        // An identical reprint reads back as the first set's printing, so the second set's is
        // written with its set.
        let mut reprints = CardDb::new();
        for set in ["ONE", "TWO"] {
            reprints.add_set(
                &format!("{set}.txt"),
                &format!("Name\tSet\tSide\tType\tCost\tSpeed\tPower\tHealth\nJawa\t{set}\tN\tGround\t1\t10\t1\t1\n"),
            );
        }
        let two = reprints
            .lookup("TWO/Jawa")
            .unwrap_or_else(|error| panic!("{error}"));
        assert_eq!(card_reference(&two, &reprints), "TWO/Jawa");
        let one = reprints
            .lookup("Jawa")
            .unwrap_or_else(|error| panic!("{error}"));
        assert_eq!(card_reference(&one, &reprints), "Jawa");
    }

    #[test]
    fn toml_and_plain_decks_are_written_as_they_are_read() {
        let cards = CardDb::bundled();
        let text = "name = \"Droids\"\nside = \"light\"\nformat = \"Vintage\"\n\n[[card]]\ncount = 4\nname = \"Jawa\"\n\n[[card]]\ncount = 2\nname = \"TMW/R2-D2 (U)\"\n";
        let deck = parse_deck("d.toml", text, &cards).unwrap_or_else(|error| panic!("{error}"));
        assert_eq!(write_toml(&deck, &cards), text);
        assert_eq!(
            write_plain(&deck, &cards),
            "# Droids\n4 Jawa\n2 TMW/R2-D2 (U)\n"
        );
    }

    #[test]
    fn dek_to_toml_or_plain_and_back_keeps_the_cards() {
        let cards = CardDb::bundled();
        let dek = parse_deck("light-rebels.dek", LIGHT_REBELS, &cards)
            .unwrap_or_else(|error| panic!("{error}"));
        let written = write_dek(&dek);
        for (origin, text) in [
            ("light-rebels.toml", write_toml(&dek, &cards)),
            ("light-rebels.txt", write_plain(&dek, &cards)),
        ] {
            let middle =
                parse_deck(origin, &text, &cards).unwrap_or_else(|error| panic!("{error}"));
            assert_eq!(middle.expand(), dek.expand(), "{origin}");
            assert_eq!(middle.notes, vec![], "{origin}");
            assert_eq!(write_dek(&middle), written, "{origin}");
        }
    }
}
