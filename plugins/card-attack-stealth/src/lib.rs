//! Card plugin for "This unit can attack units with Stealth." and its arena-bound forms ("...
//! in the Ground arena.", Kijimi Snowtrooper Garrison; "Knights of Ren can attack units with
//! Stealth in the Ground or Character arena.", Knights of Ren (B)).
//!
//! keywords.md (Stealth, newer wording): a Stealth unit becomes the defender if it "has at least
//! 1 damage counter, is tapped, or the attacker may attack Stealth units for another reason".
//! The Stealth plugin answers whether its unit can be attacked, so it reads this text from the
//! attacker's abilities (`card_text::attacks_stealth`, the one reader of it). This plugin only
//! says that the text is understood: a card printing it is then served, and nothing is left
//! unread.

use swtcg_card_text::card_text::attacks_stealth;
use swtcg_sdk::*;

struct AttackStealth;

impl Keyword for AttackStealth {
    fn understands(ability: Ability) -> bool {
        attacks_stealth(&ability.parameter).is_some()
    }
}

swtcg_sdk::export_keyword!(AttackStealth);
