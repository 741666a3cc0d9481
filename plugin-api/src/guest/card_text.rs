//! Reads the parts that unit card texts share, for card plugins: who a sentence is about ("this
//! unit", "it", or the card's own name such as "Vader" on Darth Vader (B)), a filter of units ("a
//! unique Character", "a Rebel Space unit", "non-Jedi Character", "other Jawa"), and stat changes
//! ("+10 speed and +1 power").
//!
//! As with `effect_text`, a phrase this module can't read gives `None`, so that a plugin claims
//! only the texts it can carry out completely.

use super::{Arena, Stats, UnitView};

/// Words that start a sentence about something other than one unit by its name.
const NOT_A_NAME: &[&str] = &[
    "each", "one", "your", "all", "choose", "damage", "this", "that", "these", "discard", "pay",
    "tap", "when", "whenever", "as", "if", "any", "another", "other", "you", "a", "an", "the",
];

/// Whether a sentence's subject names the unit that prints it: "this unit", "it", or a name of
/// one to four capitalised words ("Vader's TIE Fighter", "URoRRuR'R'R"). A printed unit text
/// that calls a unit by name means the card itself; the name is not checked against the card,
/// which a plugin can't see when it is asked whether it understands a text.
pub fn is_self(subject: &str) -> bool {
    let subject = subject.trim();
    if subject.eq_ignore_ascii_case("this unit") || subject.eq_ignore_ascii_case("it") {
        return true;
    }
    let words: Vec<&str> = subject.split_whitespace().collect();
    if words.is_empty() || words.len() > 4 {
        return false;
    }
    let first = words[0].to_ascii_lowercase();
    !NOT_A_NAME.contains(&first.as_str())
        && words[0].chars().next().is_some_and(char::is_uppercase)
        && words
            .iter()
            .all(|w| w.chars().all(|c| c.is_alphanumeric() || "'-.".contains(c)))
}

/// Stat changes joined by "and" or commas: "+10 speed and +1 power", "-20 speed", "+1 Power".
pub fn stats(text: &str) -> Option<Stats> {
    let mut total = Stats {
        speed: 0,
        power: 0,
        health: 0,
    };
    let text = text.trim().trim_end_matches('.');
    let mut any = false;
    for part in text.split(" and ").flat_map(|p| p.split(", ")) {
        let (speed, power, health) = crate::text::stat_change(part.trim())?;
        total.speed += speed;
        total.power += power;
        total.health += health;
        any = true;
    }
    any.then_some(total)
}

/// One condition of a filter.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Test {
    Unique,
    /// The arena is on the unit's type line ("Space unit", "Character").
    Arena(Arena),
    /// A word of one of the unit's subtypes ("Jedi" matches "Jedi Knight").
    Subtype(String),
}

/// Which units a text speaks of: every test must hold, negated ones ("non-Jedi") must not.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnitFilter {
    tests: Vec<(bool, Test)>,
}

fn arena_word(word: &str) -> Option<Arena> {
    match word.to_ascii_lowercase().as_str() {
        "space" => Some(Arena::Space),
        "ground" => Some(Arena::Ground),
        "character" | "characters" => Some(Arena::Character),
        _ => None,
    }
}

impl UnitFilter {
    /// Reads "a unique Character", "a Rebel Space unit", "non-Jedi Character", "Droid",
    /// "Imperial Starfighters", "Capital Ships". An article may lead; "unit(s)" adds nothing.
    /// Words that are no arena are subtypes, a trailing plural "s" dropped when matching.
    pub fn read(text: &str) -> Option<UnitFilter> {
        let mut words: Vec<&str> = text.split_whitespace().collect();
        if matches!(
            words.first().map(|w| w.to_ascii_lowercase()).as_deref(),
            Some("a" | "an")
        ) {
            words.remove(0);
        }
        let mut tests = Vec::new();
        for word in words {
            let lower = word.to_ascii_lowercase();
            if lower == "unit" || lower == "units" {
                continue;
            }
            if lower == "unique" {
                tests.push((false, Test::Unique));
                continue;
            }
            let (negated, word) = match word.strip_prefix("non-") {
                Some(rest) => (true, rest),
                None => (false, word),
            };
            // A filter is made of names: capitalised words only, no clause.
            if !word.chars().next().is_some_and(char::is_uppercase)
                || !word.chars().all(|c| c.is_alphanumeric() || c == '-')
            {
                return None;
            }
            let test = match arena_word(word) {
                Some(arena) => Test::Arena(arena),
                None => Test::Subtype(word.to_string()),
            };
            tests.push((negated, test));
        }
        (!tests.is_empty()).then_some(UnitFilter { tests })
    }

    /// Whether a unit in play passes the filter.
    pub fn matches(&self, unit: &UnitView) -> bool {
        self.tests.iter().all(|(negated, test)| {
            let holds = match test {
                Test::Unique => unit.unique,
                Test::Arena(arena) => unit.arenas.contains(arena),
                Test::Subtype(word) => has_subtype_word(unit, word),
            };
            holds != *negated
        })
    }
}

/// Whether one of the unit's subtypes has this word, singular or plural ("Tuskens").
fn has_subtype_word(unit: &UnitView, word: &str) -> bool {
    let singular = word.strip_suffix('s');
    unit.subtypes.iter().any(|subtype| {
        subtype.split_whitespace().any(|w| {
            w.eq_ignore_ascii_case(word) || singular.is_some_and(|s| w.eq_ignore_ascii_case(s))
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::guest::{Side, Zone};

    fn unit(unique: bool, subtypes: &[&str], arenas: &[Arena]) -> UnitView {
        UnitView {
            id: 1,
            name: "Test".into(),
            owner: Side::Dark,
            controller: Side::Dark,
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
    fn subjects_naming_the_unit_are_told_from_others() {
        assert!(is_self("this unit"));
        assert!(is_self("Vader's TIE Fighter"));
        assert!(is_self("URoRRuR'R'R"));
        assert!(!is_self("One of your units"));
        assert!(!is_self("each of your Starfighters"));
        assert!(!is_self("your opponent"));
    }

    #[test]
    fn stat_changes_are_summed() {
        let both = stats("+10 speed and +1 power").unwrap();
        assert_eq!((both.speed, both.power, both.health), (10, 1, 0));
        assert_eq!(stats("-20 speed.").map(|s| s.speed), Some(-20));
        assert_eq!(stats("+1 Power").map(|s| s.power), Some(1));
        assert!(stats("+1 power and Accuracy 1").is_none());
    }

    #[test]
    fn filters_match_uniqueness_arenas_and_subtype_words() {
        let luke = unit(true, &["Rebel", "Jedi Padawan"], &[Arena::Character]);
        let trooper = unit(false, &["Imperial", "Stormtrooper"], &[Arena::Character]);
        let wing = unit(false, &["Rebel", "Starfighter"], &[Arena::Space]);
        let unique_character = UnitFilter::read("a unique Character").unwrap();
        assert!(unique_character.matches(&luke));
        assert!(!unique_character.matches(&trooper));
        let rebel_space = UnitFilter::read("a Rebel Space unit").unwrap();
        assert!(rebel_space.matches(&wing));
        assert!(!rebel_space.matches(&luke));
        let non_jedi = UnitFilter::read("non-Jedi Character").unwrap();
        assert!(non_jedi.matches(&trooper));
        assert!(!non_jedi.matches(&luke));
        let troopers = UnitFilter::read("Stormtroopers").unwrap();
        assert!(troopers.matches(&trooper));
        assert_eq!(UnitFilter::read("unit that has shields"), None);
    }
}
