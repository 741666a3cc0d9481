//! A deck's supply (game 4.7, 16.5): the Subordinate cards its cards' texts take ("Take 1
//! 50/3/3 Dark Jedi Warrior Subordinate ..."), found among the loaded sets' Subordinate cards,
//! so that a player brings to a game the supply their deck needs, as a player at a table does.

use std::sync::Arc;

use swtcg_card_script::script::{Effect, Step};
use swtcg_rules::model::{CardDef, CardType};

use crate::CardDb;
use crate::coverage::read_text;

/// The names of the Subordinates a card's printed texts take, as printed, with the stats they
/// print ("50/3/3"), in text order.
pub fn subordinates_taken(card: &CardDef) -> Vec<(String, String)> {
    let mut taken = Vec::new();
    for text in card.abilities.iter().flat_map(|text| with_granted(text)) {
        if let Some(script) = read_text(card, &text).script {
            collect(&script.steps, &mut taken);
        }
    }
    taken
}

/// A printed text and the texts it grants its unit as printed: after a keyword and a colon
/// ("INSERT: Remove 2 counters from your Resource -> Take 1 50/1/3 Skiff Speeder Subordinate
/// ...", "Reserves: ...") and a Pilot's items ("Pay 3 Force -> Take 1 40/3/3 Rakatan Sub-Predor
/// Subordinate ..."), so that the supply holds what those take too.
fn with_granted(text: &str) -> Vec<String> {
    let mut texts = vec![text.to_string()];
    let trimmed = text.trim();
    if let Some(items) = swtcg_plugin_api::pilot_text::granted_by(trimmed) {
        texts.extend(items);
    } else if let Some((keyword, rest)) = trimmed.split_once(':')
        && !keyword.is_empty()
        && keyword.chars().all(char::is_alphabetic)
    {
        texts.push(rest.trim().to_string());
    }
    texts
}

/// The Subordinates one printed text of `card` takes, by name and printed stats.
pub fn taken_by_text(card: &CardDef, text: &str) -> Vec<(String, String)> {
    let mut taken = Vec::new();
    if let Some(script) = read_text(card, text).script {
        collect(&script.steps, &mut taken);
    }
    taken
}

fn collect(steps: &[Step], taken: &mut Vec<(String, String)>) {
    for step in steps {
        match &step.effect {
            Effect::TakeSubordinate { name, stats, .. }
                if !taken.iter().any(|(n, _)| n == name) =>
            {
                taken.push((name.clone(), stats.clone()));
            }
            Effect::Roll { then, .. } => collect(then, taken),
            Effect::ChooseOne(options) => options.iter().for_each(|o| collect(o, taken)),
            _ => {}
        }
    }
}

/// The Subordinate card of the loaded sets that a text names: the same name, or the name
/// without its version; of several, the first whose printed stats are the text's.
pub fn find_subordinate(db: &CardDb, name: &str, stats: &str) -> Option<Arc<CardDef>> {
    find_among(db.cards(), name, stats)
}

/// [`find_subordinate`] among some cards.
pub fn find_among(cards: &[Arc<CardDef>], name: &str, stats: &str) -> Option<Arc<CardDef>> {
    let named: Vec<&Arc<CardDef>> = cards
        .iter()
        .filter(|def| def.card_type == CardType::Subordinate && def.is_named(name))
        .collect();
    named
        .iter()
        .find(|def| printed_stats(def) == stats)
        .or(named.first())
        .map(|def| Arc::clone(def))
}

/// A card's speed, power and health as a Subordinate's text prints them: "50/3/3".
fn printed_stats(def: &CardDef) -> String {
    let stat = |p: &Option<swtcg_rules::model::Printed>| p.map_or(0, |p| p.value()).to_string();
    format!(
        "{}/{}/{}",
        stat(&def.speed),
        stat(&def.power),
        stat(&def.health)
    )
}

/// The supply a deck's cards need: one card of each Subordinate their texts take (and those
/// the Subordinates' own texts take), not counting Subordinates the deck already lists. The
/// game takes as many copies of each as effects ask for (`GameState::supply`).
pub fn supply_for(deck: &[Arc<CardDef>], db: &CardDb) -> Vec<Arc<CardDef>> {
    let mut supply: Vec<Arc<CardDef>> = Vec::new();
    let listed =
        |def: &CardDef, supply: &[Arc<CardDef>]| deck.iter().chain(supply).any(|d| **d == *def);
    let mut to_read: Vec<Arc<CardDef>> = Vec::new();
    for def in deck {
        if !to_read.iter().any(|d| **d == **def) {
            to_read.push(Arc::clone(def));
        }
    }
    // A Subordinate's own text may take another: read those too. Each Subordinate is added,
    // and so read, once: the loop ends with the cards of the database.
    while let Some(card) = to_read.pop() {
        for (name, stats) in subordinates_taken(&card) {
            if let Some(found) = find_subordinate(db, &name, &stats)
                && !listed(&found, &supply)
            {
                supply.push(Arc::clone(&found));
                to_read.push(found);
            }
        }
    }
    supply
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_deck_brings_the_subordinates_its_cards_take() {
        let db = CardDb::bundled();
        // Darth Malak (D) (KAE) takes "1 50/3/3 Dark Jedi Warrior Subordinate".
        let malak = db.lookup("KAE/Darth Malak (D)").expect("card");
        let taken = subordinates_taken(&malak);
        assert_eq!(
            taken,
            vec![("Dark Jedi Warrior".to_string(), "50/3/3".to_string())]
        );
        let supply = supply_for(&[Arc::clone(&malak), malak], &db);
        assert_eq!(supply.len(), 1);
        assert_eq!(supply[0].name, "Dark Jedi Warrior");
        assert_eq!(supply[0].card_type, CardType::Subordinate);
        // A card that takes none brings none.
        let plain = db.lookup("ANH/Darth Vader (A)").expect("card");
        assert!(supply_for(&[plain], &db).is_empty());
    }

    #[test]
    fn texts_granted_by_insert_and_pilots_take_subordinates_too() {
        let db = CardDb::bundled();
        // BOTS Jabba's Sail Barge (D): "INSERT: ... -> Take 1 50/1/3 Skiff Speeder Subordinate".
        let barge = db.lookup("BOTS/Jabba's Sail Barge (D)").expect("card");
        assert_eq!(
            subordinates_taken(&barge),
            vec![("Skiff Speeder".to_string(), "50/1/3".to_string())]
        );
        // TAL Predor Skal'nas (B): a Pilot item "Pay 3 Force -> Take 1 40/3/3 Rakatan
        // Sub-Predor Subordinate ...".
        let predor = db.lookup("TAL/Predor Skal'nas (B)").expect("card");
        assert!(
            subordinates_taken(&predor)
                .iter()
                .any(|(name, _)| name == "Rakatan Sub-Predor")
        );
    }

    #[test]
    fn a_subordinate_is_found_by_its_name_without_its_version() {
        let db = CardDb::bundled();
        let bd1 = find_subordinate(&db, "BD-1", "70/1/2").expect("BD-1 (A)");
        assert_eq!(bd1.name, "BD-1 (A)");
        assert!(find_subordinate(&db, "No Such Droid", "1/1/1").is_none());
    }
}
