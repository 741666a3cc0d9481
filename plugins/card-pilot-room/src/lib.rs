//! Card plugin for the texts that let a unit have a Pilot, or more of them (game 12.2, 12.4,
//! OQ-20): "This unit can have a Pilot." (a Droid that may be piloted), "This unit can have up
//! to 3 Pilots." (Trexlor 906) and "This unit can have an extra Pilot." (TT-6 Landspeeder),
//! printed on the unit or granted to it, as a Pilot on it grants them ("The Starfighter gets
//! *This unit can have up to 2 Pilots", Grogu (K); "... an extra Pilot as long as that Pilot
//! isn't an Astromech Droid", R2-D2 (J)).
//!
//! The host reads these texts itself when it checks a Pilot's `board` effect (the unit's texts
//! decide whether a Droid may be piloted and how many Pilots it may have), so that the check and
//! the Pilot limit of the ruleset live in one place. This plugin only says that the texts are
//! understood: a card printing one is then served, and nothing is left unread.

use swtcg_sdk::text;
use swtcg_sdk::*;

struct PilotRoom;

/// Whether `text` is one of the sentences this plugin claims: "<subject> can have a Pilot.",
/// "<subject> can have up to <N> Pilots." or "<subject> can have an extra Pilot." (with the one
/// condition the host reads), the subject being "This unit" or a name: the sentences the host's
/// reader `swtcg_sdk::text::pilot_room` reads, and nothing after them.
fn claims(text: &str) -> bool {
    let Some((subject, rest)) = text.trim().split_once(" can have ") else {
        return false;
    };
    !subject.is_empty() && !subject.contains(['.', ',']) && text::pilot_room(rest).is_some()
}

impl Keyword for PilotRoom {
    fn understands(ability: Ability) -> bool {
        claims(&ability.parameter)
    }
}

swtcg_sdk::export_keyword!(PilotRoom);

#[cfg(test)]
mod tests {
    use super::claims;

    #[test]
    fn pilot_room_texts_are_claimed() {
        assert!(claims("This unit can have up to 3 Pilots."));
        assert!(claims("This unit can have an extra Pilot."));
        assert!(claims("This unit can have a Pilot."));
        // Granted by a Pilot's list, without its period (Grogu (K)).
        assert!(claims("This unit can have up to 2 Pilots"));
        // R2-D2 (J)'s grant: the host reads the subtype condition.
        assert!(claims(
            "This unit can have an extra Pilot as long as that Pilot isn't an Astromech Droid."
        ));
        // Stack room, other conditions and longer sentences are other texts.
        assert!(!claims("Abeloth can have more than 4 cards in her stack."));
        assert!(!claims(
            "This unit can have an extra Pilot as long as it is attacking."
        ));
        assert!(!claims("This unit can have a Pilot. It gets +1 power."));
        assert!(!claims("Armor"));
    }
}
