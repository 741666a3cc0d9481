//! Deck lists: the plain "count name" text the community exchanges, resolved against card sets.

use std::sync::Arc;

use crate::cards::CardDb;
use crate::model::CardDef;

/// The built-in demo decks: plain units from the bundled sets (`data/decks`).
pub const DEMO_DARK: &str = include_str!("../data/decks/demo-dark.txt");
pub const DEMO_LIGHT: &str = include_str!("../data/decks/demo-light.txt");

/// A deck list line that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{origin}:{line}: {message}")]
pub struct DeckError {
    pub origin: String,
    pub line: usize,
    pub message: String,
}

/// Parses a deck list: one `count name` (or `count SET/name`) per line; blank lines and lines
/// starting with `#` are ignored. Returns one definition per card, in list order.
pub fn parse_deck_list(
    origin: &str,
    text: &str,
    cards: &CardDb,
) -> Result<Vec<Arc<CardDef>>, DeckError> {
    let mut deck = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let error = |message: String| DeckError {
            origin: origin.to_string(),
            line: index + 1,
            message,
        };
        let (count, name) = line
            .split_once(char::is_whitespace)
            .ok_or_else(|| error(format!("expected `count name`, found `{line}`")))?;
        let count: u32 = count
            .trim_end_matches('x')
            .parse()
            .map_err(|_| error(format!("`{count}` is not a card count")))?;
        if count == 0 || count > 99 {
            return Err(error(format!("a count of {count} is not sensible")));
        }
        let def = cards
            .lookup(name.trim())
            .map_err(|e| error(e.to_string()))?;
        deck.extend((0..count).map(|_| def.clone()));
    }
    if deck.is_empty() {
        return Err(DeckError {
            origin: origin.to_string(),
            line: 1,
            message: "the deck list has no cards".into(),
        });
    }
    Ok(deck)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn demo_decks_are_sixty_plain_units_of_one_side() {
        let cards = CardDb::bundled();
        for (origin, text, side) in [
            ("demo-dark", DEMO_DARK, crate::Side::Dark),
            ("demo-light", DEMO_LIGHT, crate::Side::Light),
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
            for arena in crate::Arena::ALL {
                assert_eq!(
                    deck.iter().filter(|c| c.arenas == [arena]).count(),
                    20,
                    "{origin} {arena}"
                );
            }
        }
    }

    #[test]
    fn bad_lines_name_their_line() {
        let cards = CardDb::bundled();
        let err = parse_deck_list("d.txt", "4 ANH/Jawa\n\nfour Jawa\n", &cards).unwrap_err();
        assert_eq!((err.line, err.origin.as_str()), (3, "d.txt"));
        let err = parse_deck_list("d.txt", "# x\n2 No Such Card\n", &cards).unwrap_err();
        assert_eq!(err.line, 2);
        assert!(err.message.contains("No Such Card"), "{err}");
    }
}
