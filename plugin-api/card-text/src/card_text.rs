//! Reads the parts that unit card texts share, for card plugins: who a sentence is about ("this
//! unit", "it", or the card's own name such as "Vader" on Darth Vader (B)), a filter of units ("a
//! unique Character", "a Rebel Space unit", "non-Jedi Character"), stat changes ("+10 speed and +1
//! power") and what a unit "gets": stat changes and keyword abilities ("+1 power and Critical Hit
//! 1").
//!
//! As with `effect_text`, a phrase this module can't read gives `None`, so that a plugin claims
//! only the texts it can carry out completely.

use crate::vocabulary::SUBTYPE_ALIASES;
use swtcg_plugin_api::text::stat_change;
use swtcg_sdk::{Arena, Stats, UnitView};

/// Words that start a sentence about something other than one unit by its name.
const NOT_A_NAME: &[&str] = &[
    "each", "one", "your", "all", "choose", "damage", "this", "that", "these", "discard", "pay",
    "tap", "when", "whenever", "as", "if", "any", "another", "other", "you", "a", "an", "the",
];

/// Whether a sentence's subject names the unit that prints it: "this unit", "it" ("he", "she"
/// after the name), or a name of
/// one to four capitalised words ("Vader's TIE Fighter", "URoRRuR'R'R"). A printed unit text
/// that calls a unit by name means the card itself; the name is not checked against the card,
/// which a plugin can't see when it is asked whether it understands a text.
pub fn is_self(subject: &str) -> bool {
    let subject = subject.trim();
    if ["this unit", "it", "he", "she"]
        .iter()
        .any(|s| subject.eq_ignore_ascii_case(s))
    {
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

/// Whether a subject that `is_self` accepted names this unit: "this unit" or a pronoun, the
/// card's name without its version ("Vader's TIE Fighter"), or one word of it ("Luke" for Luke
/// Skywalker, "Vader" for Darth Vader, "Zeb" for Garazeb "Zeb" Orrelios). `is_self` can't see the card, so a plugin checks
/// this with the unit's name before it acts: a text such as "Pay 2 Force -> Shae Koda gets ..."
/// printed on another card (Quan-Jang) then does nothing rather than boost the wrong unit.
pub fn names_unit(subject: &str, unit_name: &str) -> bool {
    let subject = subject.trim();
    if ["this unit", "it", "he", "she"]
        .iter()
        .any(|s| subject.eq_ignore_ascii_case(s))
    {
        return true;
    }
    let short = unit_name.split(" (").next().unwrap_or(unit_name).trim();
    let words: Vec<&str> = short
        .split_whitespace()
        .map(|w| w.trim_matches('"'))
        .collect();
    subject.eq_ignore_ascii_case(short) || words.iter().any(|w| w.eq_ignore_ascii_case(subject))
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
        let (speed, power, health) = stat_change(part.trim())?;
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

/// A keyword ability as a text gives it: one to three capitalised words and an optional number
/// ("Stun 4", "Critical Hit 2", "Armor"), no clause and no stat change. Whether a plugin
/// implements the keyword is the engine's business when the ability is granted.
pub fn keyword_phrase(text: &str) -> Option<String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let (last, names) = words.split_last()?;
    let names = if last.parse::<u32>().is_ok() {
        names
    } else {
        &words[..]
    };
    let ok = !names.is_empty()
        && names.len() <= 3
        && names.iter().all(|w| {
            w.chars().next().is_some_and(char::is_uppercase) && w.chars().all(char::is_alphabetic)
        });
    ok.then(|| words.join(" "))
}

/// "Pay 4 Force" → 4, in any case: the printed cost of paying Force, the one cost card plugins
/// claim (the engine pays it for every activation). Any other cost, or more words ("Pay 2 more
/// Force", which Enhance reads as its own addition), is not read.
pub fn force_cost(cost: &str) -> Option<u32> {
    match cost.split_whitespace().collect::<Vec<_>>().as_slice() {
        [pay, n, force]
            if pay.eq_ignore_ascii_case("pay") && force.eq_ignore_ascii_case("force") =>
        {
            n.parse().ok()
        }
        _ => None,
    }
}

/// What a unit "gets": stat changes and keyword abilities joined by commas and "and" ("+1 power
/// and Critical Hit 1", "Ferocity, Precision, and Overkill"). `None` if any part is neither.
pub fn gains(text: &str) -> Option<(Stats, Vec<String>)> {
    let mut total = Stats {
        speed: 0,
        power: 0,
        health: 0,
    };
    let mut keywords = Vec::new();
    let text = text.trim().trim_end_matches('.');
    let parts = text
        .split(", ")
        .flat_map(|p| p.split(" and "))
        .map(|p| p.trim().trim_start_matches("and ").trim());
    let mut any = false;
    for part in parts {
        if part.is_empty() {
            continue;
        }
        any = true;
        match stat_change(part) {
            Some((speed, power, health)) => {
                total.speed += speed;
                total.power += power;
                total.health += health;
            }
            None => keywords.push(keyword_phrase(part)?),
        }
    }
    any.then_some((total, keywords))
}

/// Which units a text speaks of: every test must hold, negated ones ("non-Jedi") must not.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnitFilter {
    tests: Vec<(bool, Test)>,
}

/// Capitalised words of filters that are no subtype: card types, a card's side ("Dark Side"),
/// "Neutral". ("Dark" alone is a subtype: Dark Jedi.)
const NOT_SUBTYPES: &[&str] = &[
    "subordinate",
    "location",
    "equipment",
    "campaign",
    "mission",
    "battle",
    "side",
    "neutral",
];

/// The arena a word of a unit filter names: an arena word, or "Characters", the plural that
/// filters print for the units of the Character arena ("each of your Characters"; the other
/// arena words take "units" instead).
fn arena_word(word: &str) -> Option<Arena> {
    if word.eq_ignore_ascii_case("characters") {
        return Some(Arena::Character);
    }
    Arena::from_word(word)
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
            // A filter is made of names: capitalised words only (after "non-" either case), no
            // clause, and no word the filter can't see on a unit: card types (Subordinate,
            // Location...), a card's side ("Dark Side unit") or "Neutral".
            let capitalised = negated || word.chars().next().is_some_and(char::is_uppercase);
            let lower = word.to_ascii_lowercase();
            let unseen = NOT_SUBTYPES
                .iter()
                .any(|n| lower == *n || lower.strip_suffix('s') == Some(n));
            if !capitalised || unseen || !word.chars().all(|c| c.is_alphanumeric() || c == '-') {
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

/// Whether one of the unit's subtypes has this word, singular or plural ("Tuskens"), or the
/// subtype word of a people's name (`SUBTYPE_ALIASES`).
fn has_subtype_word(unit: &UnitView, word: &str) -> bool {
    let singular = word.strip_suffix('s');
    let alias = SUBTYPE_ALIASES
        .iter()
        .find(|(name, _)| word.eq_ignore_ascii_case(name))
        .map(|(_, subtype)| *subtype);
    unit.subtypes.iter().any(|subtype| {
        subtype.split_whitespace().any(|w| {
            w.eq_ignore_ascii_case(word)
                || singular.is_some_and(|s| w.eq_ignore_ascii_case(s))
                || alias.is_some_and(|a| w.eq_ignore_ascii_case(a))
        })
    })
}

/// A unit's static "Prevent all damage to <subject>." or "Prevent all damage to and from
/// <subject>." (Bendu (A), the Spirit cards): what `prevent_all` reads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PreventAll {
    /// Whom the text names: "this unit" or the card's name ("Luke's Spirit").
    pub subject: String,
    /// Whether damage *from* the subject is prevented too ("to and from").
    pub from: bool,
}

/// Reads "Prevent all damage to [and from] <subject>." when it is an ability that prevents
/// automatically: no activation cost ("... -> Prevent all damage to Padme." is a choice the
/// player makes) and no one-shot wording ("... this turn", "until end of turn"), with a subject
/// that `is_self` accepts and that is "this unit", a pronoun, or a name whose words are all
/// capitalised (so "Padme this turn" is not a name). `None` for every other text, so that a
/// card plugin claims only this static text and Redirect (keywords.md: "no ability that
/// automatically prevents all damage to it") tells it from the activated ones.
pub fn prevent_all(text: &str) -> Option<PreventAll> {
    let text = text.trim();
    if text.contains("->") {
        return None;
    }
    let rest = text
        .strip_prefix("Prevent all damage to ")
        .or_else(|| text.strip_prefix("prevent all damage to "))?;
    let (from, subject) = match rest.strip_prefix("and from ") {
        Some(subject) => (true, subject),
        None => (false, rest),
    };
    let subject = subject.trim().strip_suffix('.').unwrap_or(subject).trim();
    // One sentence only: a second one would be an effect this reader does not carry out.
    if subject.contains(". ") {
        return None;
    }
    let pronoun = ["this unit", "it", "he", "she"]
        .iter()
        .any(|s| subject.eq_ignore_ascii_case(s));
    let capitalised = subject
        .split_whitespace()
        .all(|w| w.chars().next().is_some_and(char::is_uppercase));
    (is_self(subject) && (pronoun || capitalised)).then(|| PreventAll {
        subject: subject.to_string(),
        from,
    })
}

/// "<subject> can attack units with Stealth[ in the <arena>[ or <arena>] arena]." (Ravinak,
/// Kijimi Snowtrooper Garrison, Knights of Ren (B)): the attacker "may attack Stealth units for
/// another reason" (keywords.md Stealth, newer wording).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AttacksStealth {
    /// Who may attack them: "This unit" or the card's name; `is_self` accepts it.
    pub subject: String,
    /// The arenas whose Stealth units it may attack; empty: any arena.
    pub arenas: Vec<Arena>,
}

impl AttacksStealth {
    /// Whether the unit named `attacker` (the one printing or granted the text) may attack a
    /// Stealth unit in `arena`.
    pub fn lets(&self, attacker: &str, arena: Option<Arena>) -> bool {
        names_unit(&self.subject, attacker)
            && (self.arenas.is_empty() || arena.is_some_and(|a| self.arenas.contains(&a)))
    }
}

/// Reads the one sentence of [`AttacksStealth`], nothing before or after it; `None` for every
/// other text.
pub fn attacks_stealth(text: &str) -> Option<AttacksStealth> {
    let text = text.trim();
    let text = text.strip_suffix('.').unwrap_or(text).trim();
    let (subject, rest) = text.split_once(" can attack units with Stealth")?;
    if !is_self(subject) || subject.contains(['.', ',']) {
        return None;
    }
    let rest = rest.trim();
    let arenas = if rest.is_empty() {
        Vec::new()
    } else {
        let names = rest
            .strip_prefix("in the ")?
            .strip_suffix(" arenas")
            .or_else(|| rest.strip_prefix("in the ")?.strip_suffix(" arena"))?;
        let mut arenas = Vec::new();
        for name in names.split(" or ").flat_map(|n| n.split(", ")) {
            arenas.push(Arena::from_word(name)?);
        }
        arenas
    };
    Some(AttacksStealth {
        subject: subject.trim().to_string(),
        arenas,
    })
}

#[cfg(test)]
mod tests {

    use super::*;
    use swtcg_sdk::{Side, Zone};

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
    fn names_are_checked_against_the_unit() {
        assert!(names_unit("Vader", "Darth Vader (B)"));
        assert!(names_unit(
            "Vader's TIE Fighter",
            "Vader's TIE Fighter (B) (Promo)"
        ));
        assert!(names_unit("Luke", "Luke Skywalker (C)"));
        assert!(names_unit("this unit", "Sandtrooper"));
        assert!(names_unit("Zeb", "Garazeb \"Zeb\" Orrelios (C)"));
        assert!(!names_unit("Shae Koda", "Quan-Jang (A)"));
        assert!(!names_unit("Rey", "Ben Solo (B)"));
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
    fn gains_are_stats_and_keywords() {
        let (s, k) = gains("+1 power and Critical Hit 1").unwrap();
        assert_eq!((s.power, k), (1, vec!["Critical Hit 1".to_string()]));
        let (_, k) = gains("Ferocity, Precision, and Overkill").unwrap();
        assert_eq!(k, ["Ferocity", "Precision", "Overkill"]);
        let (s, k) = gains("+10 speed, +1 power, and +1 health").unwrap();
        assert_eq!((s.speed, s.power, s.health, k.len()), (10, 1, 1, 0));
        assert!(gains("+1 power for each damage counter on it").is_none());
        assert!(gains("can't be attacked").is_none());
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
        assert_eq!(UnitFilter::read("Subordinates"), None);
        assert_eq!(UnitFilter::read("a Dark Side unit"), None);
        let rakatan = unit(false, &["Rakatan", "Force Sensitive"], &[Arena::Character]);
        assert!(UnitFilter::read("Rakata").unwrap().matches(&rakatan));
        assert!(UnitFilter::read("a non-jedi").unwrap().matches(&trooper));
    }

    #[test]
    fn static_prevent_all_is_told_from_activated_and_one_shot_texts() {
        assert_eq!(
            prevent_all("Prevent all damage to and from Luke's Spirit."),
            Some(PreventAll {
                subject: "Luke's Spirit".into(),
                from: true
            })
        );
        assert_eq!(
            prevent_all("Prevent all damage to this unit."),
            Some(PreventAll {
                subject: "this unit".into(),
                from: false
            })
        );
        assert!(prevent_all("Prevent all damage to and from Bendu.").is_some());
        assert!(
            prevent_all(
                "Put 1 damage counter on Padme and retreat her -> Prevent all damage to Padme."
            )
            .is_none()
        );
        assert!(prevent_all("Prevent all damage to Padme this turn.").is_none());
        assert!(prevent_all("Prevent all damage to that unit this turn.").is_none());
        assert!(prevent_all("Prevent all damage to one of your Space units.").is_none());
        assert!(prevent_all("Prevent all damage to Rey. Draw a card.").is_none());
        assert!(prevent_all("Prevent 2 damage to this unit.").is_none());
    }

    #[test]
    fn attacking_stealth_units_is_read() {
        let any = attacks_stealth("This unit can attack units with Stealth.").unwrap();
        assert!(any.arenas.is_empty());
        assert!(any.lets("Ravinak", Some(Arena::Space)));
        let ground =
            attacks_stealth("This unit can attack units with Stealth in the Ground arena.")
                .unwrap();
        assert_eq!(ground.arenas, vec![Arena::Ground]);
        assert!(!ground.lets("Kijimi Snowtrooper Garrison", Some(Arena::Character)));
        let knights = attacks_stealth(
            "Knights of Ren can attack units with Stealth in the Ground or Character arena.",
        )
        .unwrap();
        assert_eq!(knights.arenas, vec![Arena::Ground, Arena::Character]);
        assert!(knights.lets("Knights of Ren (B)", Some(Arena::Character)));
        // Granted to another unit by name, it lets only that unit.
        assert!(!knights.lets("Kylo Ren (A)", Some(Arena::Character)));
        assert_eq!(
            attacks_stealth("This unit can attack units with Stealth. Draw a card."),
            None
        );
        assert_eq!(
            attacks_stealth("This unit can attack units with Stealth in the sky."),
            None
        );
        assert_eq!(
            attacks_stealth("Each unit can attack units with Stealth."),
            None
        );
        assert_eq!(attacks_stealth("Stealth"), None);
    }

    #[test]
    fn force_costs_are_read_in_any_case_and_nothing_else() {
        assert_eq!(force_cost("Pay 4 Force"), Some(4));
        assert_eq!(force_cost(" pay 12  force "), Some(12));
        assert_eq!(force_cost("Pay X Force"), None);
        assert_eq!(force_cost("Pay 2 more Force"), None);
        assert_eq!(force_cost("Pay 2 build points"), None);
        assert_eq!(force_cost("Tap"), None);
    }
}
