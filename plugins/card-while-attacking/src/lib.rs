//! Card plugin for unit texts that hold "as long as" a unit is attacking a kind of unit, read as
//! patterns so that every card printing them is served:
//!
//! - "This unit gets -2 power as long as it's attacking a unique Character." and "As long as
//!   it's attacking a Rebel Space unit, Devastator gets +2 power.": the unit's own stats, through
//!   `stat-modifier` while `host::attack()` shows it attacking a unit that fits. The engine runs
//!   a state check right after an attack is declared and after every effect (Intercept changing
//!   the defender), so the attack dice are rolled with these stats.
//! - "As long as this unit is attacking a Droid, it gets Stun 4.": the keyword is granted to the
//!   unit itself (`granted-abilities`) while such an attack lasts.
//! - "Each non-Jedi Character gets -2 power as long as it's attacking Obi-Wan.": power against
//!   the unit with the text (`power-against`), as Shields does.

use swtcg_plugin_api::guest::card_text::{UnitFilter, is_self, stats};
use swtcg_plugin_api::guest::*;

struct WhileAttacking;

/// What a printed text of these patterns says.
#[derive(Debug)]
enum Text {
    /// The unit gets these stats while it attacks a unit of the filter.
    OwnStats(UnitFilter, Stats),
    /// The unit has this printed ability while it attacks a unit of the filter.
    OwnKeyword(UnitFilter, String),
    /// Attackers of the filter get this much power against the unit.
    PowerOfAttackers(UnitFilter, i32),
}

const WHILE: &str = " as long as it's attacking ";

/// A keyword ability as a text grants it: capitalised words and an optional number ("Stun 4",
/// "Critical Hit 2", "Armor"), no clause and no stat change.
fn keyword_phrase(text: &str) -> Option<String> {
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

fn read(text: &str) -> Option<Text> {
    let text = text.trim().strip_suffix('.')?;
    // "As long as it's attacking <filter>, <self> gets <stats>"
    if let Some(rest) = text.strip_prefix("As long as it's attacking ") {
        let (filter, clause) = rest.split_once(", ")?;
        let (subject, change) = clause.split_once(" gets ")?;
        if !is_self(subject) {
            return None;
        }
        return Some(Text::OwnStats(UnitFilter::read(filter)?, stats(change)?));
    }
    // "As long as <self> is attacking <filter>, it gets <keyword or stats>"
    if let Some(rest) = text.strip_prefix("As long as ") {
        let (subject, rest) = rest.split_once(" is attacking ")?;
        let (filter, change) = rest.split_once(", it gets ")?;
        if !is_self(subject) {
            return None;
        }
        let filter = UnitFilter::read(filter)?;
        return match stats(change) {
            Some(s) => Some(Text::OwnStats(filter, s)),
            None => Some(Text::OwnKeyword(filter, keyword_phrase(change)?)),
        };
    }
    // "Each <filter> gets N power as long as it's attacking <self>"
    if let Some(rest) = text.strip_prefix("Each ") {
        let (head, target) = rest.split_once(WHILE)?;
        let (filter, change) = head.split_once(" gets ")?;
        let s = stats(change)?;
        if !is_self(target) || s.speed != 0 || s.health != 0 {
            return None;
        }
        return Some(Text::PowerOfAttackers(UnitFilter::read(filter)?, s.power));
    }
    // "<self> gets <stats> as long as it's attacking <filter>"
    let (head, filter) = text.split_once(WHILE)?;
    let (subject, change) = head.split_once(" gets ")?;
    if !is_self(subject) {
        return None;
    }
    Some(Text::OwnStats(UnitFilter::read(filter)?, stats(change)?))
}

/// Whether the unit with the ability is attacking a unit that passes `filter` now.
fn attacking(unit: UnitId, filter: &UnitFilter) -> bool {
    let Some(attack) = host::attack() else {
        return false;
    };
    attack.attacker == unit && host::unit(attack.defender).is_some_and(|d| filter.matches(&d))
}

const NO_CHANGE: Stats = Stats {
    speed: 0,
    power: 0,
    health: 0,
};

impl Keyword for WhileAttacking {
    fn understands(ability: Ability) -> bool {
        read(&ability.parameter).is_some()
    }

    fn stat_modifier(ability: Ability) -> Stats {
        match read(&ability.parameter) {
            Some(Text::OwnStats(filter, s)) if attacking(ability.unit, &filter) => s,
            _ => NO_CHANGE,
        }
    }

    fn granted_abilities(ability: Ability) -> Vec<String> {
        match read(&ability.parameter) {
            Some(Text::OwnKeyword(filter, keyword)) if attacking(ability.unit, &filter) => {
                vec![keyword]
            }
            _ => Vec::new(),
        }
    }

    fn power_against(ability: Ability, attacker: UnitId) -> i32 {
        match read(&ability.parameter) {
            Some(Text::PowerOfAttackers(filter, n))
                if host::unit(attacker).is_some_and(|a| filter.matches(&a)) =>
            {
                n
            }
            _ => 0,
        }
    }
}

swtcg_plugin_api::export_keyword!(WhileAttacking);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_printed_texts_are_read() {
        assert!(matches!(
            read("This unit gets -2 power as long as it's attacking a unique Character."),
            Some(Text::OwnStats(_, Stats { power: -2, .. }))
        ));
        assert!(matches!(
            read("As long as it's attacking a Rebel Space unit, Devastator gets +2 power."),
            Some(Text::OwnStats(_, Stats { power: 2, .. }))
        ));
        assert!(matches!(
            read("As long as this unit is attacking a Droid, it gets Stun 4."),
            Some(Text::OwnKeyword(_, k)) if k == "Stun 4"
        ));
        assert!(matches!(
            read("As long as this unit is attacking a Tatooine Character, it gets Critical Hit 2."),
            Some(Text::OwnKeyword(_, k)) if k == "Critical Hit 2"
        ));
        assert!(matches!(
            read("Each non-Jedi Character gets -2 power as long as it's attacking Obi-Wan."),
            Some(Text::PowerOfAttackers(_, -2))
        ));
    }

    #[test]
    fn other_texts_are_not_claimed() {
        assert!(read("One of your units gets +3 power for this attack if it is attacking a unit that has shields.").is_none());
        assert!(
            read("Each of your units gets Accuracy 1 as long as it's attacking that unit.")
                .is_none()
        );
        assert!(read("This unit gets +2 power.").is_none());
    }
}
