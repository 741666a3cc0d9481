//! Card plugin for the texts that let a unit have a Pilot, or more of them (game 12.2, 12.4,
//! OQ-20): "This unit can have a Pilot." (a Droid that may be piloted), "This unit can have up
//! to 3 Pilots." (Trexlor 906) and "This unit can have an extra Pilot." (TT-6 Landspeeder).
//!
//! The host reads these texts itself when it checks a Pilot's `board` effect (the unit's texts
//! decide whether a Droid may be piloted and how many Pilots it may have), so that the check and
//! the Pilot limit of the ruleset live in one place. This plugin only says that the texts are
//! understood: a card printing one is then served, and nothing is left unread.

use swtcg_plugin_api::guest::*;

struct PilotRoom;

/// Whether `text` is one of the sentences this plugin claims: "<subject> can have a Pilot.",
/// "<subject> can have up to <N> Pilots." or "<subject> can have an extra Pilot.", the subject
/// being "This unit" or a name.
fn claims(text: &str) -> bool {
    let text = text.trim();
    let Some((subject, rest)) = text.split_once(" can have ") else {
        return false;
    };
    if subject.is_empty() || subject.contains(['.', ',']) {
        return false;
    }
    let rest = rest.to_ascii_lowercase();
    let Some(clause) = rest.strip_suffix('.') else {
        return false;
    };
    let words: Vec<&str> = clause.split_whitespace().collect();
    match words.as_slice() {
        ["a", "pilot"] => true,
        ["up", "to", n, "pilots"] => n.parse::<u32>().is_ok(),
        [n, "extra", "pilot" | "pilots"] => {
            matches!(*n, "an" | "a" | "one") || n.parse::<u32>().is_ok()
        }
        _ => false,
    }
}

impl Keyword for PilotRoom {
    fn understands(ability: Ability) -> bool {
        claims(&ability.parameter)
    }
}

swtcg_plugin_api::export_keyword!(PilotRoom);

#[cfg(test)]
mod tests {
    use super::claims;

    #[test]
    fn pilot_room_texts_are_claimed() {
        assert!(claims("This unit can have up to 3 Pilots."));
        assert!(claims("This unit can have an extra Pilot."));
        assert!(claims("This unit can have a Pilot."));
        // Stack room and longer sentences are other texts.
        assert!(!claims("Abeloth can have more than 4 cards in her stack."));
        assert!(!claims(
            "This unit can have an extra Pilot as long as that Pilot isn't an Astromech Droid."
        ));
        assert!(!claims("Armor"));
    }
}
