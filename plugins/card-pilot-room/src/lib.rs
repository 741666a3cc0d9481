//! Card plugin for the texts that let a unit have a Pilot, or more of them (game 12.2, 12.4,
//! OQ-20): "This unit can have a Pilot." (a Droid that may be piloted), "This unit can have up
//! to 3 Pilots." (Trexlor 906) and "This unit can have an extra Pilot." (TT-6 Landspeeder),
//! printed on the unit or granted to it, as a Pilot on it grants them ("The Starfighter gets
//! *This unit can have up to 2 Pilots", Grogu (K); "... an extra Pilot as long as that Pilot
//! isn't an Astromech Droid", R2-D2 (J)), or printed on a Pilot card about the units it pilots:
//! "Any Starfighter with R2-D2 on it can have an extra Pilot if that Pilot isn't an Astromech
//! Droid." (R2-D2 (D), BOY), "Any Speeder with Dack on it can have an extra Pilot." (Dack Ralter
//! (A), ESB). Such a text works while its card pilots a unit (the manifest's `pilot` zone), and
//! only for a unit of the kind it names: printed on R2-D2 in the Character arena it gives R2-D2
//! itself no room.
//!
//! When a Pilot's `board` effect names the unit, the host asks each of its abilities the query
//! `pilot-room` (API 1.7) with the boarding Pilot's subtypes, and adds the answers up with the
//! ruleset's `pilot_limit` (game 12.4, OQ-20): the largest of the limit and every "up to N",
//! plus every extra Pilot. This plugin reads the sentence and answers for its one text; the
//! condition "as long as that Pilot isn't a <subtype>" is read here, against the subtypes the
//! host passes. The host reads no text: before API 1.7 it read these sentences itself.

use swtcg_sdk::*;

struct PilotRoom;

/// What a "can have" sentence about Pilots says (game 12.2, 12.4, OQ-20).
#[derive(Debug, Clone, PartialEq, Eq)]
enum Room {
    /// "can have a Pilot": a Droid may be piloted.
    APilot,
    /// "can have up to N Pilots".
    UpTo(u32),
    /// "can have an extra Pilot" ("1 extra Pilot", "2 extra Pilots"), not counted for a Pilot
    /// that has every word of `unless` among its subtypes ("as long as that Pilot isn't an
    /// Astromech Droid", R2-D2 (J)); the words are in lower case.
    Extra { count: u32, unless: Vec<String> },
}

/// Reads the words after "can have " (any case, with or without the sentence's period); `None`
/// for anything else, a condition of another kind included ("as long as it is attacking"), so
/// that a text this plugin can't carry out is never claimed.
fn room(clause: &str) -> Option<Room> {
    let clause = clause.trim().to_ascii_lowercase().replace('\u{2019}', "'");
    let clause = clause.strip_suffix('.').unwrap_or(&clause);
    if clause.contains('.') {
        return None;
    }
    let words: Vec<&str> = clause.split_whitespace().collect();
    match words.as_slice() {
        ["a", "pilot"] => Some(Room::APilot),
        ["up", "to", n, "pilots"] => n.parse().ok().map(Room::UpTo),
        [n, "extra", "pilot" | "pilots", condition @ ..] => {
            let count = match *n {
                "an" | "a" | "one" => 1,
                other => other.parse().ok()?,
            };
            let unless = match condition {
                [] => Vec::new(),
                [
                    "as",
                    "long",
                    "as",
                    "that",
                    "pilot",
                    "isn't" | "isnt",
                    rest @ ..,
                ]
                | ["as", "long", "as", "that", "pilot", "is", "not", rest @ ..]
                | ["if", "that", "pilot", "isn't" | "isnt", rest @ ..]
                | ["if", "that", "pilot", "is", "not", rest @ ..] => match rest {
                    ["a" | "an", subtype @ ..] if !subtype.is_empty() => {
                        subtype.iter().map(|w| w.to_string()).collect()
                    }
                    _ => return None,
                },
                _ => return None,
            };
            Some(Room::Extra { count, unless })
        }
        _ => None,
    }
}

/// The room a text claimed by this plugin gives: "<subject> can have a Pilot.", "<subject> can
/// have up to <N> Pilots." or "<subject> can have an extra Pilot." (with the one condition read
/// above), the subject being "This unit", a name, or "Any <kind> with <Pilot's name> on it";
/// nothing after the sentence. `None` for any other text, which this plugin does not claim.
fn read(text: &str) -> Option<Room> {
    read_with_kind(text).map(|(room, _)| room)
}

/// [`read`], with the kind of unit an "Any <kind> with <name> on it" subject names (the
/// Starfighter a Pilot card's text is about).
fn read_with_kind(text: &str) -> Option<(Room, Option<String>)> {
    let (subject, rest) = text.trim().split_once(" can have ")?;
    if subject.is_empty() || subject.contains(['.', ',']) {
        return None;
    }
    let kind = match subject.strip_prefix("Any ") {
        Some(any) => {
            let (kind, on) = any.split_once(" with ")?;
            if !on.ends_with(" on it") || kind.contains(' ') || kind.is_empty() {
                return None;
            }
            Some(kind.to_string())
        }
        None => None,
    };
    room(rest).map(|room| (room, kind))
}

/// The answer of `pilot-room` for a text's room when a Pilot of `subtypes` boards: every room
/// lets a Droid have a Pilot (IDC: "This unit can have a Pilot"; a unit that may have more
/// Pilots may have one); an extra Pilot counts unless the boarding Pilot has every word of its
/// "isn't a <subtype>" among its subtypes.
fn answer(room: &Room, subtypes: &[String]) -> RoomForPilots {
    let has = |word: &String| {
        subtypes
            .iter()
            .flat_map(|s| s.split_whitespace())
            .any(|s| s.eq_ignore_ascii_case(word))
    };
    let (up_to, extra) = match room {
        Room::APilot => (None, 0),
        Room::UpTo(n) => (Some(*n), 0),
        Room::Extra { count, unless } if unless.is_empty() || !unless.iter().all(has) => {
            (None, *count)
        }
        Room::Extra { .. } => (None, 0),
    };
    RoomForPilots {
        allows_a_pilot: true,
        up_to,
        extra,
    }
}

impl Keyword for PilotRoom {
    fn understands(ability: Ability) -> bool {
        read(&ability.parameter).is_some()
    }

    fn pilot_room(ability: Ability, subtypes: Vec<String>) -> RoomForPilots {
        let none = RoomForPilots {
            allows_a_pilot: false,
            up_to: None,
            extra: 0,
        };
        match read_with_kind(&ability.parameter) {
            // "Any Starfighter with R2-D2 on it": the ability is on the unit being boarded only
            // while R2-D2 pilots it (or is printed on it), and gives room only to a Starfighter.
            Some((room, Some(kind))) => {
                let of_kind = host::unit(ability.unit)
                    .is_some_and(|unit| api::text::has_subtype(&unit.subtypes, &kind));
                if of_kind {
                    answer(&room, &subtypes)
                } else {
                    none
                }
            }
            Some((room, None)) => answer(&room, &subtypes),
            None => none,
        }
    }
}

swtcg_sdk::export_keyword!(PilotRoom);

#[cfg(test)]
mod tests {
    use super::*;

    fn words(list: &[&str]) -> Vec<String> {
        list.iter().map(|w| w.to_string()).collect()
    }

    /// The limit the host works out from these texts' answers for a Pilot of `subtypes`, as it
    /// adds them up (game 12.4, OQ-20): the largest of `limit` and every "up to", plus every
    /// extra; texts this plugin does not claim give nothing.
    fn capacity(texts: &[&str], limit: u32, subtypes: &[&str]) -> u32 {
        let subtypes = words(subtypes);
        let answers: Vec<RoomForPilots> = texts
            .iter()
            .filter_map(|t| read(t))
            .map(|r| answer(&r, &subtypes))
            .collect();
        let most = answers.iter().filter_map(|a| a.up_to).fold(limit, u32::max);
        answers
            .iter()
            .fold(most, |sum, a| sum.saturating_add(a.extra))
    }

    fn allows_a_pilot(text: &str) -> bool {
        read(text).is_some_and(|r| answer(&r, &[]).allows_a_pilot)
    }

    #[test]
    fn pilot_room_texts_are_claimed() {
        assert!(read("This unit can have up to 3 Pilots.").is_some());
        assert!(read("This unit can have an extra Pilot.").is_some());
        assert!(read("This unit can have a Pilot.").is_some());
        // Granted by a Pilot's list, without its period (Grogu (K)).
        assert!(read("This unit can have up to 2 Pilots").is_some());
        // R2-D2 (J)'s grant: the subtype condition is read here.
        assert!(
            read(
                "This unit can have an extra Pilot as long as that Pilot isn't an Astromech Droid."
            )
            .is_some()
        );
        // Stack room, other conditions and longer sentences are other texts.
        assert!(read("Abeloth can have more than 4 cards in her stack.").is_none());
        assert!(read("This unit can have an extra Pilot as long as it is attacking.").is_none());
        assert!(read("This unit can have a Pilot. It gets +1 power.").is_none());
        assert!(read("Armor").is_none());
        // Printed on a Pilot card about the unit it pilots (R2-D2 (D), Dack Ralter (A)).
        assert_eq!(
            read_with_kind(
                "Any Starfighter with R2-D2 on it can have an extra Pilot if that Pilot isn't an Astromech Droid."
            ),
            Some((
                Room::Extra {
                    count: 1,
                    unless: words(&["astromech", "droid"])
                },
                Some("Starfighter".to_string())
            ))
        );
        assert!(read("Any Speeder with Dack on it can have an extra Pilot.").is_some());
        assert!(read("Any Speeder with Dack in its stack can have an extra Pilot.").is_none());
    }

    #[test]
    fn pilot_room_sentences_are_read() {
        assert_eq!(room("a Pilot."), Some(Room::APilot));
        assert_eq!(room("up to 3 Pilots."), Some(Room::UpTo(3)));
        assert_eq!(room("up to 2 Pilots"), Some(Room::UpTo(2)));
        let extra = |count, unless: &[&str]| Room::Extra {
            count,
            unless: words(unless),
        };
        assert_eq!(room("an extra Pilot."), Some(extra(1, &[])));
        assert_eq!(room("2 extra Pilots."), Some(extra(2, &[])));
        assert_eq!(
            room("an extra Pilot as long as that Pilot isn\u{2019}t an Astromech Droid."),
            Some(extra(1, &["astromech", "droid"]))
        );
        assert_eq!(room("an extra Pilot as long as it is attacking."), None);
        assert_eq!(room("more than 4 cards in her stack."), None);
        assert_eq!(room("a Pilot. It gets +1 power."), None);
    }

    #[test]
    fn an_extra_pilot_may_be_conditional_on_its_subtype() {
        // R2-D2 (J)'s grant: another Astromech Droid Pilot gets no extra room.
        let r2 =
            ["This unit can have an extra Pilot as long as that Pilot isn't an Astromech Droid."];
        assert_eq!(capacity(&r2, 1, &["Rebel", "Officer"]), 2);
        assert_eq!(capacity(&r2, 1, &["Rebel", "Astromech Droid"]), 1);
        // A condition of another kind is not claimed, so it gives nothing.
        let other = ["This unit can have an extra Pilot as long as it is attacking."];
        assert_eq!(capacity(&other, 1, &["Rebel", "Officer"]), 1);
    }

    #[test]
    fn card_texts_change_the_pilot_limit() {
        // Trexlor 906, TT-6 Landspeeder, and a unit saying nothing.
        let trexlor = ["This unit can have up to 3 Pilots.", "Armor"];
        assert_eq!(capacity(&trexlor, 1, &[]), 3);
        let tt6 = ["This unit can have an extra Pilot.", "Damage Control 1"];
        assert_eq!(capacity(&tt6, 1, &[]), 2);
        assert_eq!(capacity(&tt6, 2, &[]), 3);
        assert_eq!(capacity(&["Critical Hit 1"], 1, &[]), 1);
        assert_eq!(capacity(&["Critical Hit 1"], 2, &[]), 2);
        // The larger of the ruleset's limit and "up to" counts, and extras come on top.
        let both = [
            "This unit can have up to 2 Pilots",
            "This unit can have an extra Pilot.",
        ];
        assert_eq!(capacity(&both, 1, &[]), 3);
        assert_eq!(capacity(&both, 4, &[]), 5);
        // A stack limit is not a Pilot limit.
        let abeloth = "Abeloth can have more than 4 cards in her stack.";
        assert_eq!(capacity(&[abeloth], 1, &[]), 1);
        assert!(!allows_a_pilot(abeloth));
        assert!(allows_a_pilot("This unit can have a Pilot."));
        assert!(allows_a_pilot(trexlor[0]));
        assert!(!allows_a_pilot("Armor"));
    }

    #[test]
    fn a_text_not_claimed_gives_no_room() {
        let ability = |text: &str| Ability {
            unit: 1,
            index: 0,
            text: text.into(),
            parameter: text.into(),
            cost: None,
            under: false,
        };
        let none = PilotRoom::pilot_room(ability("Armor"), Vec::new());
        assert!(!none.allows_a_pilot && none.up_to.is_none() && none.extra == 0);
        let up_to =
            PilotRoom::pilot_room(ability("This unit can have up to 3 Pilots."), Vec::new());
        assert_eq!(
            (up_to.allows_a_pilot, up_to.up_to, up_to.extra),
            (true, Some(3), 0)
        );
    }
}
