//! Card plugin for unit texts that hold "as long as" a unit is attacking a kind of unit, read as
//! patterns so that every card printing them is served:
//!
//! - "This unit gets -2 power as long as it's attacking a unique Character." and "As long as
//!   it's attacking a Rebel Space unit, Devastator gets +2 power.": the unit's own stats, through
//!   `stat-modifier` while `host::attack()` shows it attacking a unit that fits. The engine runs
//!   a state check right after an attack is declared and after every effect (Intercept changing
//!   the defender), so the attack dice are rolled with these stats.
//! - "As long as this unit is attacking a Droid, it gets Stun 4.", "As long as Jango is attacking
//!   a Jedi, he gets +1 power and Critical Hit 1." and "Granta gets Fury 3 when attacking a
//!   Jedi.": keywords are granted to the unit itself (`granted-abilities`) while such an attack
//!   lasts, with the stats as above.
//! - "Each non-Jedi Character gets -2 power as long as it's attacking Obi-Wan.": power against
//!   the unit with the text (`power-against`), as Shields does.

use swtcg_card_text::card_text::{UnitFilter, gains, is_self, names_unit, stats};
use swtcg_sdk::*;

struct WhileAttacking;

/// What a printed text of these patterns says.
#[derive(Debug)]
enum Text {
    /// The unit gets these stats and keyword abilities while it attacks a unit of the filter.
    Own(UnitFilter, Stats, Vec<String>),
    /// Attackers of the filter get this much power against the unit.
    PowerOfAttackers(UnitFilter, i32),
}

const WHILE: &str = " as long as it's attacking ";
const WHEN: &str = " when attacking ";

/// "<self> gets <gains>" → the gains and the subject, if the subject is the unit itself.
fn own_gains(clause: &str) -> Option<(Stats, Vec<String>, &str)> {
    let (subject, change) = clause.split_once(" gets ")?;
    if !is_self(subject) {
        return None;
    }
    let (s, k) = gains(change.strip_suffix(" for that attack").unwrap_or(change))?;
    Some((s, k, subject))
}

/// The text and the name it calls the unit by.
fn read_named(text: &str) -> Option<(Text, &str)> {
    let text = text.trim().strip_suffix('.')?;
    // "As long as it's attacking <filter>, <self> gets <gains>"
    if let Some(rest) = text.strip_prefix("As long as it's attacking ") {
        let (filter, clause) = rest.split_once(", ")?;
        let (s, k, subject) = own_gains(clause)?;
        return Some((Text::Own(UnitFilter::read(filter)?, s, k), subject));
    }
    // "As long as <self> is attacking <filter>, it gets <gains> [for that attack]"
    if let Some(rest) = text.strip_prefix("As long as ") {
        let (subject, rest) = rest.split_once(" is attacking ")?;
        let (filter, clause) = rest.split_once(", ")?;
        if !is_self(subject) {
            return None;
        }
        let (s, k, _) = own_gains(clause)?;
        return Some((Text::Own(UnitFilter::read(filter)?, s, k), subject));
    }
    // "Each <filter> gets N power as long as it's attacking <self>"
    if let Some(rest) = text.strip_prefix("Each ") {
        let (head, target) = rest.split_once(WHILE)?;
        let (filter, change) = head.split_once(" gets ")?;
        let s = stats(change)?;
        if !is_self(target) || s.speed != 0 || s.health != 0 {
            return None;
        }
        let text = Text::PowerOfAttackers(UnitFilter::read(filter)?, s.power);
        return Some((text, target));
    }
    // "<self> gets <gains> as long as it's attacking <filter>" / "... when attacking <filter>"
    let (head, filter) = text.split_once(WHILE).or_else(|| text.split_once(WHEN))?;
    let (s, k, subject) = own_gains(head)?;
    Some((Text::Own(UnitFilter::read(filter)?, s, k), subject))
}

fn read(text: &str) -> Option<Text> {
    read_named(text).map(|(text, _)| text)
}

/// The ability's text, if the name it uses is this unit's (`card_text::names_unit`).
fn mine(ability: &Ability) -> Option<Text> {
    let (text, subject) = read_named(&ability.parameter)?;
    let me = host::unit(ability.unit)?;
    names_unit(subject, &me.name).then_some(text)
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
        match mine(&ability) {
            Some(Text::Own(filter, s, _)) if attacking(ability.unit, &filter) => s,
            _ => NO_CHANGE,
        }
    }

    fn granted_abilities(ability: Ability) -> Vec<String> {
        match mine(&ability) {
            Some(Text::Own(filter, _, keywords)) if attacking(ability.unit, &filter) => keywords,
            _ => Vec::new(),
        }
    }

    fn power_against(ability: Ability, attacker: UnitId) -> i32 {
        match mine(&ability) {
            Some(Text::PowerOfAttackers(filter, n))
                if host::unit(attacker).is_some_and(|a| filter.matches(&a)) =>
            {
                n
            }
            _ => 0,
        }
    }
}

swtcg_sdk::export_keyword!(WhileAttacking);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_printed_texts_are_read() {
        let own = |text: &str| match read(text) {
            Some(Text::Own(_, s, k)) => Some((s.speed, s.power, k)),
            _ => None,
        };
        assert_eq!(
            own("This unit gets -2 power as long as it's attacking a unique Character."),
            Some((0, -2, vec![]))
        );
        assert_eq!(
            own("As long as it's attacking a Rebel Space unit, Devastator gets +2 power."),
            Some((0, 2, vec![]))
        );
        assert_eq!(
            own("As long as this unit is attacking a Droid, it gets Stun 4."),
            Some((0, 0, vec!["Stun 4".to_string()]))
        );
        assert_eq!(
            own("As long as Jango is attacking a Jedi, he gets +1 power and Critical Hit 1."),
            Some((0, 1, vec!["Critical Hit 1".to_string()]))
        );
        assert_eq!(
            own(
                "As long as Obi-Wan Kenobi is attacking a Dark Jedi, he gets +2 power and Accuracy 1 for that attack."
            ),
            Some((0, 2, vec!["Accuracy 1".to_string()]))
        );
        assert_eq!(
            own("Klatooinian AT-ST Raider gets +2 power and Precision when attacking a non-jedi."),
            Some((0, 2, vec!["Precision".to_string()]))
        );
        assert_eq!(
            own("Granta gets Fury 3 when attacking a Jedi."),
            Some((0, 0, vec!["Fury 3".to_string()]))
        );
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
        assert!(read("This unit gets Fury 2 when attacking a damaged unit.").is_none());
        assert!(read("Each unit gets Backfire 1 when attacking Meetra.").is_none());
    }
}
