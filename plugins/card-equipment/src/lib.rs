//! Card plugin for Equipment texts "Equipped <units> [also] gets <stats and keywords>." (game
//! 16.2: an Equipment's text affects the "equipped" unit). The ability instance belongs to the
//! unit the Equipment is attached to (manifest zone `equipped`): while that unit matches
//! `<units>`, `stat-modifier` gives it the stats and `granted-abilities` the keywords.
//!
//! `<units>` is "unit", or alternatives joined by "or", each a `card_text::UnitFilter`
//! ("Starfighter", "Ground unit", "non-Droid Character") or a unit's name ("Yoda", "Boba
//! Fett"), with an optional leading "unique" or "non-unique" for them all ("unique Jedi or
//! Sith"). "also gets" reads as "gets": the card's other "Equipped" texts apply on their own.
//! Quoted abilities, conditions ("with "Fett" in its name", "unless it has Parry 2") and
//! anything else `card_text::gains` can't read are not claimed.

use swtcg_card_text::card_text::{UnitFilter, gains};
use swtcg_sdk::*;

struct EquipmentText;

/// Whether the units must be unique, must not be, or either.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Uniqueness {
    Any,
    Unique,
    NonUnique,
}

/// One alternative of `<units>`: a filter, which a unit's name may also satisfy.
#[derive(Debug)]
struct Alternative {
    /// The words as printed, compared with the unit's name.
    words: String,
    /// `None` for a phrase that is only a name ("Boba Fett").
    filter: Option<UnitFilter>,
}

/// What one printed text says.
#[derive(Debug)]
struct Text {
    uniqueness: Uniqueness,
    /// Empty for "unit": any unit.
    alternatives: Vec<Alternative>,
    change: Stats,
    keywords: Vec<String>,
}

/// Whether a phrase may be a unit's name: one to four capitalised words.
fn is_name(phrase: &str) -> bool {
    let words: Vec<&str> = phrase.split_whitespace().collect();
    !words.is_empty()
        && words.len() <= 4
        && words.iter().all(|w| {
            w.chars().next().is_some_and(char::is_uppercase)
                && w.chars().all(|c| c.is_alphanumeric() || "'-".contains(c))
        })
}

fn read(text: &str) -> Option<Text> {
    let text = text.trim();
    let rest = text.strip_prefix("Equipped ")?;
    let (who, what) = rest
        .split_once(" also gets ")
        .or_else(|| rest.split_once(" gets "))?;
    let (change, keywords) = gains(what)?;
    let (uniqueness, who) = if let Some(w) = who.strip_prefix("unique ") {
        (Uniqueness::Unique, w)
    } else if let Some(w) = who.strip_prefix("non-unique ") {
        (Uniqueness::NonUnique, w)
    } else {
        (Uniqueness::Any, who)
    };
    let mut alternatives = Vec::new();
    if who != "unit" {
        for phrase in who.split(" or ") {
            let phrase = phrase.trim();
            let filter = UnitFilter::read(phrase);
            if filter.is_none() && !is_name(phrase) {
                return None;
            }
            alternatives.push(Alternative {
                words: phrase.to_string(),
                filter,
            });
        }
    }
    Some(Text {
        uniqueness,
        alternatives,
        change,
        keywords,
    })
}

/// The name without its version letter: "Yoda (A)" is "Yoda".
fn short_name(name: &str) -> &str {
    name.split(" (").next().unwrap_or(name).trim()
}

/// Whether the equipped unit is one the text speaks of.
fn matches(text: &Text, unit: &UnitView) -> bool {
    let unique_ok = match text.uniqueness {
        Uniqueness::Any => true,
        Uniqueness::Unique => unit.unique,
        Uniqueness::NonUnique => !unit.unique,
    };
    unique_ok
        && (text.alternatives.is_empty()
            || text.alternatives.iter().any(|alt| {
                alt.filter.as_ref().is_some_and(|f| f.matches(unit))
                    || alt.words.eq_ignore_ascii_case(short_name(&unit.name))
            }))
}

const NO_CHANGE: Stats = Stats {
    speed: 0,
    power: 0,
    health: 0,
};

/// The printed text read, if the unit that has the ability (the equipped unit) matches it.
fn applying(ability: &Ability) -> Option<Text> {
    let text = read(&ability.parameter)?;
    let unit = host::unit(ability.unit)?;
    matches(&text, &unit).then_some(text)
}

impl Keyword for EquipmentText {
    fn understands(ability: Ability) -> bool {
        read(&ability.parameter).is_some()
    }

    fn stat_modifier(ability: Ability) -> Stats {
        applying(&ability).map_or(NO_CHANGE, |t| t.change)
    }

    fn granted_abilities(ability: Ability) -> Vec<String> {
        applying(&ability).map_or_else(Vec::new, |t| t.keywords)
    }
}

swtcg_sdk::export_keyword!(EquipmentText);

#[cfg(test)]
mod tests {
    use super::*;

    fn unit(name: &str, unique: bool, subtypes: &[&str], arenas: &[Arena]) -> UnitView {
        UnitView {
            id: 1,
            name: name.into(),
            owner: Side::Light,
            controller: Side::Light,
            zone: Zone::Character,
            built: true,
            tapped: false,
            damage: 0,
            speed: 10,
            power: 1,
            health: 1,
            cost: 1,
            build_counters: 0,
            unique,
            subtypes: subtypes.iter().map(|s| s.to_string()).collect(),
            arenas: arenas.to_vec(),
            stack_size: 1,
        }
    }

    #[test]
    fn the_printed_texts_are_read() {
        let booster = read("Equipped Starfighter gets +2 power.").unwrap();
        assert_eq!((booster.change.power, booster.keywords.len()), (2, 0));
        let stick = read("Equipped Jedi gets +20 speed.").unwrap();
        assert_eq!(stick.change.speed, 20);
        let mando =
            read("Equipped Mandalorian gets +1 power, Critical Hit 1, and Area Damage 1.").unwrap();
        assert_eq!(mando.keywords, ["Critical Hit 1", "Area Damage 1"]);
        let unique = read("Equipped unique unit gets +2 health and Fortitude.").unwrap();
        assert_eq!(unique.uniqueness, Uniqueness::Unique);
        assert!(unique.alternatives.is_empty());
        let paz = read("Equipped Paz Vizsla also gets Ferocity.").unwrap();
        assert_eq!(paz.keywords, ["Ferocity"]);
    }

    #[test]
    fn texts_it_cannot_carry_out_are_not_claimed() {
        for text in [
            "Equipped Yoda also gets Stun 3 and \u{201c}Upkeep: Gain 1 Force.\u{201d}",
            "Equipped Ground unit or Character gets +1 power and Parry 2 unless it has Parry 2 or more.",
            "Equipped unit with \"Gideon\" in its name also gets Ferocity.",
            "Equipped unit gets -1 power for each corruption counter on it.",
            "Equipped Crime Lord gets \"[Tap], Pay 1 build point -> Take 1 Crime Gang.\"",
            "Pay 1 build point -> Equip",
        ] {
            assert!(read(text).is_none(), "{text}");
        }
    }

    #[test]
    fn the_equipped_unit_must_match() {
        let booster = read("Equipped Starfighter gets +2 power.").unwrap();
        let xwing = unit(
            "Red Five",
            false,
            &["Rebel", "Starfighter"],
            &[Arena::Space],
        );
        let cruiser = unit("Cruiser", false, &["Capital Ship"], &[Arena::Space]);
        assert!(matches(&booster, &xwing));
        assert!(!matches(&booster, &cruiser));
        let either = read("Equipped unique Jedi or Sith gets +1 health.").unwrap();
        let vader = unit(
            "Darth Vader (B)",
            true,
            &["Sith", "Lord"],
            &[Arena::Character],
        );
        let padawan = unit("Padawan", false, &["Jedi", "Padawan"], &[Arena::Character]);
        assert!(matches(&either, &vader));
        assert!(!matches(&either, &padawan));
        let named = read("Equipped Boba Fett also gets Ferocity.").unwrap();
        let boba = unit(
            "Boba Fett (A)",
            true,
            &["Bounty", "Hunter"],
            &[Arena::Character],
        );
        assert!(matches(&named, &boba));
        assert!(!matches(&named, &vader));
        let arenas = read("Equipped Ground unit or Character gets +1 power.").unwrap();
        let trooper = unit("Trooper", false, &["Stormtrooper"], &[Arena::Ground]);
        assert!(matches(&arenas, &trooper));
        assert!(!matches(&arenas, &xwing));
    }
}
