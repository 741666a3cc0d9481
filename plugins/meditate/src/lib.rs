//! The Meditate keyword: "[cost] -> Meditate". "You may play this card from your discard pile,
//! paying the Meditate cost instead of its printed build, Force or alternative cost. If a card
//! played this way would later be discarded, it is removed from the game instead. Battle cards:
//! only when they could normally be played; Traps: only when their trigger happens; every other
//! card: only during your build step."
//!
//! The manifest's zone `discard` makes the engine ask this plugin only about cards in their
//! owner's discard pile. Its one answer is a completion route whose cost is the printed Meditate
//! cost: the engine offers a Battle card's own plays with that cost in the POPs where the card
//! could be played, a unit or Mission in the build step (a Mission resolves at once), and
//! removes the card from the game when it would be discarded again. Texts that add to the
//! keyword ("Meditate, and ...") are not read as this keyword by the engine (the parameter must
//! be empty), so they stay card text.

use swtcg_sdk::*;

struct Meditate;

impl Keyword for Meditate {
    fn completions(ability: Ability) -> Vec<Completion> {
        // The cost before the arrow is what Meditate pays; without one there is nothing to pay
        // instead, which no printed Meditate does.
        let Some(cost) = ability.cost.filter(|c| !c.trim().is_empty()) else {
            return Vec::new();
        };
        vec![Completion {
            label: "Meditate".into(),
            cost: Some(cost.trim().to_string()),
            min_counters: 0,
            force_for_missing: false,
            from_hand: false,
            anytime: false,
        }]
    }
}

swtcg_sdk::export_keyword!(Meditate);
