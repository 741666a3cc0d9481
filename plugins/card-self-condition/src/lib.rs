//! Card plugin for static unit texts that change the unit itself, read as patterns so that
//! every card printing them is served:
//!
//! - "As long as <condition>, <name> gets <gains>." The conditions: "you have one or more
//!   <kind> in any arena" (or "a <kind>", "in the <arena> arena"), "you have another <kind>
//!   in ...", "you have no other units in the <arena> arena", "you have more units in the
//!   <arena> arena than your opponent", "there are one or more <kind> in ..." / "there is a
//!   <kind> in ..." (either player's units) and "<name> is in any arena" (a unit of that name in
//!   play, either player's). The gains are stat changes and keyword abilities ("+10 speed and
//!   Stun 1"), and may end with "and \"<printed ability>\""; keywords and printed abilities are
//!   the unit's own while the condition holds (`granted-abilities`).
//! - "This unit gets <gains>." with no condition (with a name instead of "this unit" such a
//!   text is often about another card, and is not claimed).
//! - "This unit gets -1 power for each damage counter on it." and "This unit gets +1 power for
//!   each other unit you have in the Space arena."
//! - "Subtract 1 from each of this unit's attack dice." (an attack die modifier, as Accuracy -1).
//! - "Damage from this unit's attack can't be prevented." (as Ferocity, for its attack damage
//!   only; Fortitude on the damaged unit still allows prevention, game 14.2).

use swtcg_card_text::card_text::{UnitFilter, gains, is_self, names_unit, stats};
use swtcg_sdk::*;

struct SelfCondition;

/// Whose units a condition counts.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Whose {
    Mine,
    Anyones,
}

/// A condition of a static text.
#[derive(Debug)]
enum Condition {
    /// No condition.
    Always,
    /// At least one unit that fits, in an arena (or in this one), the unit itself counted
    /// unless `another`.
    Have {
        whose: Whose,
        filter: UnitFilter,
        arena: Option<Arena>,
        another: bool,
    },
    /// None of the controller's other units in this arena.
    NoOtherUnitsIn(Arena),
    /// More units in this arena than the opponent.
    MoreUnitsIn(Arena),
    /// A unit of this name (either player's) in an arena (or in this one).
    Named(String, Option<Arena>),
}

/// What a printed text of these patterns says.
#[derive(Debug)]
enum Text {
    /// Stats and printed abilities (keywords included) while the condition holds.
    While(Condition, Stats, Vec<String>),
    /// Power per damage counter on the unit.
    PowerPerDamage(i32),
    /// Stats per other unit of the controller in this arena.
    PerOtherUnitIn(Arena, Stats),
    /// Added to each of the unit's attack dice.
    DiceModifier(i32),
    /// Its attack damage can't be prevented.
    UnpreventableAttack,
}

/// "the Character arena" → Some(Character); "any arena" → None.
fn place(text: &str) -> Option<Option<Arena>> {
    if text == "any arena" {
        return Some(None);
    }
    let name = text.strip_prefix("the ")?.strip_suffix(" arena")?;
    Some(Some(Arena::from_word(name)?))
}

/// "<kind> in <place>" → the filter and the place.
fn kind_in(text: &str) -> Option<(UnitFilter, Option<Arena>)> {
    let (kind, arena) = text.rsplit_once(" in ")?;
    Some((UnitFilter::read(kind)?, place(arena)?))
}

fn condition(text: &str) -> Option<Condition> {
    if let Some(rest) = text.strip_prefix("you have ") {
        if let Some(rest) = rest.strip_prefix("more units in ") {
            let (arena, tail) = rest.split_once(" than ")?;
            if tail != "your opponent" {
                return None;
            }
            return Some(Condition::MoreUnitsIn(place(arena)??));
        }
        if let Some(arena) = rest.strip_prefix("no other units in ") {
            return Some(Condition::NoOtherUnitsIn(place(arena)??));
        }
        let (another, rest) = if let Some(r) = rest.strip_prefix("another ") {
            (true, r)
        } else {
            let r = ["one or more ", "a ", "an "]
                .iter()
                .find_map(|p| rest.strip_prefix(p))?;
            (false, r)
        };
        let (filter, arena) = kind_in(rest)?;
        return Some(Condition::Have {
            whose: Whose::Mine,
            filter,
            arena,
            another,
        });
    }
    if let Some(rest) = text.strip_prefix("there ") {
        let (another, rest) = if let Some(r) = rest.strip_prefix("is another ") {
            (true, r)
        } else {
            let r = ["are one or more ", "is a ", "is an "]
                .iter()
                .find_map(|p| rest.strip_prefix(p))?;
            (false, r)
        };
        let (filter, arena) = kind_in(rest)?;
        return Some(Condition::Have {
            whose: Whose::Anyones,
            filter,
            arena,
            another,
        });
    }
    // "<name> is in any arena": a card's name, never "this unit" or a kind ("a Jedi").
    let (name, arena) = text.split_once(" is in ")?;
    let words: Vec<&str> = name.split_whitespace().collect();
    let named = !words.is_empty()
        && words.len() <= 4
        && is_self(name)
        && !["it", "he", "she", "this unit"]
            .iter()
            .any(|p| name.eq_ignore_ascii_case(p));
    named.then_some(())?;
    Some(Condition::Named(name.to_string(), place(arena)?))
}

/// `+2 power and "Pay 3 Force -> Evade 1"` → the stats and the abilities: keywords among the
/// gains and the quoted printed ability.
fn gains_with_quote(text: &str) -> Option<(Stats, Vec<String>)> {
    if let Some((change, quoted)) = text.split_once(" and \"") {
        let ability = quoted.strip_suffix('"')?;
        if ability.is_empty() || ability.contains('"') {
            return None;
        }
        let (s, mut abilities) = gains(change)?;
        abilities.push(ability.to_string());
        return Some((s, abilities));
    }
    gains(text)
}

/// The text and the name it calls the unit by.
fn read_named(text: &str) -> Option<(Text, &str)> {
    let text = text.trim().strip_suffix('.')?;
    if text == "Damage from this unit's attack can't be prevented" {
        return Some((Text::UnpreventableAttack, "this unit"));
    }
    if let Some(rest) = text.strip_prefix("Subtract ") {
        let n: i32 = rest
            .strip_suffix(" from each of this unit's attack dice")?
            .parse()
            .ok()?;
        return Some((Text::DiceModifier(-n), "this unit"));
    }
    if let Some(rest) = text.strip_prefix("As long as ") {
        let (cond, clause) = rest.split_once(", ")?;
        let (subject, change) = clause.split_once(" gets ")?;
        if !is_self(subject) {
            return None;
        }
        let (s, abilities) = gains_with_quote(change)?;
        return Some((Text::While(condition(cond)?, s, abilities), subject));
    }
    let (subject, rest) = text.split_once(" gets ")?;
    if !is_self(subject) {
        return None;
    }
    if let Some(per) = rest.strip_suffix(" power for each damage counter on it") {
        let n = per.trim_start_matches('+').parse().ok()?;
        return Some((Text::PowerPerDamage(n), subject));
    }
    if let Some((change, arena)) = rest.split_once(" for each other unit you have in ") {
        return Some((
            Text::PerOtherUnitIn(place(arena)??, stats(change)?),
            subject,
        ));
    }
    // Without a condition only "this unit": a name here is often another card's ("Rey gets +1
    // health and Damage Control 1." on Ben Solo (B)), which `understands` can't tell.
    if !subject.eq_ignore_ascii_case("this unit") {
        return None;
    }
    let (s, abilities) = gains_with_quote(rest)?;
    Some((Text::While(Condition::Always, s, abilities), subject))
}

fn read(text: &str) -> Option<Text> {
    read_named(text).map(|(text, _)| text)
}

/// The ability's text, if the name it uses is this unit's (`card_text::names_unit`).
fn mine(ability: &Ability) -> Option<(Text, UnitView)> {
    let (text, subject) = read_named(&ability.parameter)?;
    let me = host::unit(ability.unit)?;
    names_unit(subject, &me.name).then_some((text, me))
}

fn zone_of(arena: Arena) -> Zone {
    match arena {
        Arena::Space => Zone::Space,
        Arena::Ground => Zone::Ground,
        Arena::Character => Zone::Character,
    }
}

/// The arenas' zones, or the one of `arena`.
fn zones(arena: Option<Arena>) -> Vec<Zone> {
    match arena {
        Some(a) => vec![zone_of(a)],
        None => vec![Zone::Space, Zone::Ground, Zone::Character],
    }
}

/// The units in these arenas, with their views.
fn units_in(arena: Option<Arena>) -> Vec<UnitView> {
    zones(arena)
        .into_iter()
        .flat_map(|zone| host::units(Some(zone)))
        .filter_map(host::unit)
        .collect()
}

/// Whether a unit's printed name is `name`: its name without the version ("Darth Nihilus"), or
/// its first or last word ("Revan" for "Darth Revan").
fn is_named(unit: &UnitView, name: &str) -> bool {
    let short = unit.name.split(" (").next().unwrap_or(&unit.name).trim();
    let words: Vec<&str> = short.split_whitespace().collect();
    short.eq_ignore_ascii_case(name)
        || (!name.contains(' ')
            && [words.first(), words.last()]
                .into_iter()
                .flatten()
                .any(|w| w.eq_ignore_ascii_case(name)))
}

/// Whether the condition holds for the unit with the ability.
fn holds(condition: &Condition, me: &UnitView) -> bool {
    match condition {
        Condition::Always => true,
        Condition::Have {
            whose,
            filter,
            arena,
            another,
        } => units_in(*arena).iter().any(|u| {
            (!*another || u.id != me.id)
                && (*whose == Whose::Anyones || u.controller == me.controller)
                && filter.matches(u)
        }),
        Condition::NoOtherUnitsIn(arena) => !units_in(Some(*arena))
            .iter()
            .any(|u| u.id != me.id && u.controller == me.controller),
        Condition::MoreUnitsIn(arena) => {
            let units = units_in(Some(*arena));
            let mine = units
                .iter()
                .filter(|u| u.controller == me.controller)
                .count();
            mine > units.len() - mine
        }
        Condition::Named(name, arena) => units_in(*arena).iter().any(|u| is_named(u, name)),
    }
}

const NO_CHANGE: Stats = Stats {
    speed: 0,
    power: 0,
    health: 0,
};

impl Keyword for SelfCondition {
    fn understands(ability: Ability) -> bool {
        read(&ability.parameter).is_some()
    }

    fn stat_modifier(ability: Ability) -> Stats {
        let Some((text, me)) = mine(&ability) else {
            return NO_CHANGE;
        };
        match text {
            Text::While(condition, s, _) if holds(&condition, &me) => s,
            Text::PowerPerDamage(n) => Stats {
                power: n.saturating_mul(me.damage as i32),
                ..NO_CHANGE
            },
            Text::PerOtherUnitIn(arena, s) => {
                let n = units_in(Some(arena))
                    .iter()
                    .filter(|u| u.id != me.id && u.controller == me.controller)
                    .count() as i32;
                Stats {
                    speed: s.speed.saturating_mul(n),
                    power: s.power.saturating_mul(n),
                    health: s.health.saturating_mul(n),
                }
            }
            _ => NO_CHANGE,
        }
    }

    fn granted_abilities(ability: Ability) -> Vec<String> {
        match mine(&ability) {
            Some((Text::While(condition, _, abilities), me)) if holds(&condition, &me) => abilities,
            _ => Vec::new(),
        }
    }

    fn attack_die_modifier(ability: Ability, attacker: UnitId, _defender: UnitId) -> i32 {
        match read(&ability.parameter) {
            Some(Text::DiceModifier(n)) if attacker == ability.unit => n,
            _ => 0,
        }
    }

    fn damage_preventable(ability: Ability, source: UnitId, target: UnitId) -> Option<bool> {
        if !matches!(read(&ability.parameter), Some(Text::UnpreventableAttack))
            || source != ability.unit
        {
            return None;
        }
        // Only the damage of this unit's own attack dice, not other damage it does.
        let attacking = host::attack().is_some_and(|a| a.attacker == ability.unit);
        let from_dice = host::pending_damage()
            .iter()
            .any(|p| p.target == target && p.from_attack_dice);
        (attacking && from_dice).then_some(false)
    }
}

swtcg_sdk::export_keyword!(SelfCondition);

#[cfg(test)]
mod tests {
    use super::*;

    fn gains_of(text: &str) -> Option<(i32, i32, i32, Vec<String>)> {
        match read(text) {
            Some(Text::While(_, s, a)) => Some((s.speed, s.power, s.health, a)),
            _ => None,
        }
    }

    #[test]
    fn the_printed_texts_are_read() {
        assert!(matches!(
            read(
                "As long as you have more units in the Character arena than your opponent, URoRRuR'R'R gets +2 power."
            ),
            Some(Text::While(
                Condition::MoreUnitsIn(Arena::Character),
                Stats { power: 2, .. },
                _
            ))
        ));
        assert!(matches!(
            read("As long as you have one or more Tuskens in any arena, this unit gets +2 power."),
            Some(Text::While(
                Condition::Have {
                    arena: None,
                    another: false,
                    whose: Whose::Mine,
                    ..
                },
                _,
                _
            ))
        ));
        assert_eq!(
            gains_of(
                "As long as you have another Jedi in the Character arena, Luke gets +2 power and \"Pay 3 Force -> Evade 1\"."
            ),
            Some((0, 2, 0, vec!["Pay 3 Force -> Evade 1".to_string()]))
        );
        assert_eq!(
            gains_of(
                "As long as you have another Shyrack in any arena, this unit gets +10 speed and Stun 1."
            ),
            Some((10, 0, 0, vec!["Stun 1".to_string()]))
        );
        assert!(matches!(
            read(
                "As long as you have no other units in the Space arena, Techno Union Interceptor gets +10 speed, +1 power, and +1 health."
            ),
            Some(Text::While(
                Condition::NoOtherUnitsIn(Arena::Space),
                Stats {
                    speed: 10,
                    power: 1,
                    health: 1
                },
                _
            ))
        ));
        assert!(matches!(
            read("As long as there are one or more Clones in any arena, this unit gets +1 power."),
            Some(Text::While(
                Condition::Have {
                    whose: Whose::Anyones,
                    ..
                },
                _,
                _
            ))
        ));
        assert!(matches!(
            read("As long as Darth Nihilus is in any arena, Visas gets Accuracy 1 and Critical Hit 1."),
            Some(Text::While(Condition::Named(n, None), _, a)) if n == "Darth Nihilus" && a.len() == 2
        ));
        assert_eq!(
            gains_of("This unit gets +1 health and Damage Control 1."),
            Some((0, 0, 1, vec!["Damage Control 1".to_string()]))
        );
        assert!(matches!(
            read("This unit gets -1 power for each damage counter on it."),
            Some(Text::PowerPerDamage(-1))
        ));
        assert!(matches!(
            read("This unit gets +1 power for each other unit you have in the Space arena."),
            Some(Text::PerOtherUnitIn(Arena::Space, Stats { power: 1, .. }))
        ));
        assert!(matches!(
            read("Subtract 1 from each of this unit's attack dice."),
            Some(Text::DiceModifier(-1))
        ));
        assert!(matches!(
            read("Damage from this unit's attack can't be prevented."),
            Some(Text::UnpreventableAttack)
        ));
    }

    #[test]
    fn other_texts_are_not_claimed() {
        for text in [
            "This unit can't attack if you have no units in the Space arena.",
            "As long as you have 2 or more units in each arena, this unit gets +2 power.",
            "As long as there is another Old Republic or Onderon unit in the Ground arena, this unit gets Focus 2.",
            "As long as Darth Revan is in any arena, treat Juhani as a Dark Jedi.",
            "As long as you have a Bounty Hunter in the Character arena, Davik can't be attacked.",
            "As long as Figrin is in the Character arena, each of your opponent's Characters gets -10 speed and -1 power.",
            "Grogu gets + 1 health for each redemption counter on him.",
            "Each of your other Rakata gets +1 power.",
            "Rey gets +1 health and Damage Control 1.",
        ] {
            assert!(read(text).is_none(), "{text}");
        }
    }
}
