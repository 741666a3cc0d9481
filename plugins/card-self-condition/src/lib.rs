//! Card plugin for static unit texts that change the unit itself, read as patterns so that
//! every card printing them is served:
//!
//! - "As long as you have <condition>, <name> gets <stats>." with the conditions "one or more
//!   <kind> in any arena" (or "in the <arena> arena"), "another <kind> in the <arena> arena" and
//!   "more units in the <arena> arena than your opponent"; the stats may be followed by "and
//!   \"<printed ability>\"", which the unit has while the condition holds (`granted-abilities`).
//! - "This unit gets -1 power for each damage counter on it."
//! - "Subtract 1 from each of this unit's attack dice." (an attack die modifier, as Accuracy -1).
//! - "Damage from this unit's attack can't be prevented." (as Ferocity, for its attack damage
//!   only; Fortitude on the damaged unit still allows prevention, game 14.2).

use swtcg_plugin_api::guest::card_text::{UnitFilter, is_self, stats};
use swtcg_plugin_api::guest::*;

struct SelfCondition;

/// A condition on the units of the ability's controller.
#[derive(Debug)]
enum Condition {
    /// At least one unit of theirs that fits, in an arena (or in this one), the unit itself
    /// counted unless `another`.
    Have {
        filter: UnitFilter,
        arena: Option<Arena>,
        another: bool,
    },
    /// More units in this arena than the opponent.
    MoreUnitsIn(Arena),
}

/// What a printed text of these patterns says.
#[derive(Debug)]
enum Text {
    /// Stats and maybe a printed ability while the condition holds.
    While(Condition, Stats, Option<String>),
    /// Power per damage counter on the unit.
    PowerPerDamage(i32),
    /// Added to each of the unit's attack dice.
    DiceModifier(i32),
    /// Its attack damage can't be prevented.
    UnpreventableAttack,
}

fn arena_of(name: &str) -> Option<Arena> {
    match name {
        "Space" => Some(Arena::Space),
        "Ground" => Some(Arena::Ground),
        "Character" => Some(Arena::Character),
        _ => None,
    }
}

/// "the Character arena" → Some(Character); "any arena" → None.
fn place(text: &str) -> Option<Option<Arena>> {
    if text == "any arena" {
        return Some(None);
    }
    let name = text.strip_prefix("the ")?.strip_suffix(" arena")?;
    Some(Some(arena_of(name)?))
}

fn condition(text: &str) -> Option<Condition> {
    if let Some(rest) = text.strip_prefix("more units in ") {
        let (arena, tail) = rest.split_once(" than ")?;
        if tail != "your opponent" {
            return None;
        }
        return Some(Condition::MoreUnitsIn(place(arena)??));
    }
    let (another, rest) = if let Some(r) = text.strip_prefix("another ") {
        (true, r)
    } else if let Some(r) = text.strip_prefix("one or more ") {
        (false, r)
    } else {
        return None;
    };
    let (kind, arena) = rest.split_once(" in ")?;
    Some(Condition::Have {
        filter: UnitFilter::read(kind)?,
        arena: place(arena)?,
        another,
    })
}

/// `+2 power and "Pay 3 Force -> Evade 1"` → the stats and the quoted ability.
fn gains(text: &str) -> Option<(Stats, Option<String>)> {
    if let Some((change, quoted)) = text.split_once(" and \"") {
        let ability = quoted.strip_suffix('"')?;
        if ability.is_empty() || ability.contains('"') {
            return None;
        }
        return Some((stats(change)?, Some(ability.to_string())));
    }
    Some((stats(text)?, None))
}

fn read(text: &str) -> Option<Text> {
    let text = text.trim().strip_suffix('.')?;
    if text == "Damage from this unit's attack can't be prevented" {
        return Some(Text::UnpreventableAttack);
    }
    if let Some(rest) = text.strip_prefix("Subtract ") {
        let n: i32 = rest
            .strip_suffix(" from each of this unit's attack dice")?
            .parse()
            .ok()?;
        return Some(Text::DiceModifier(-n));
    }
    if let Some(rest) = text.strip_prefix("As long as you have ") {
        let (cond, clause) = rest.split_once(", ")?;
        let (subject, change) = clause.split_once(" gets ")?;
        if !is_self(subject) {
            return None;
        }
        let (s, ability) = gains(change)?;
        return Some(Text::While(condition(cond)?, s, ability));
    }
    let (subject, rest) = text.split_once(" gets ")?;
    let per = rest.strip_suffix(" power for each damage counter on it")?;
    if !is_self(subject) {
        return None;
    }
    Some(Text::PowerPerDamage(
        per.trim_start_matches('+').parse().ok()?,
    ))
}

fn zone_of(arena: Arena) -> Zone {
    match arena {
        Arena::Space => Zone::Space,
        Arena::Ground => Zone::Ground,
        Arena::Character => Zone::Character,
    }
}

/// Whether the condition holds for the unit with the ability.
fn holds(condition: &Condition, me: &UnitView) -> bool {
    match condition {
        Condition::Have {
            filter,
            arena,
            another,
        } => {
            let zones: Vec<Zone> = match arena {
                Some(a) => vec![zone_of(*a)],
                None => vec![Zone::Space, Zone::Ground, Zone::Character],
            };
            zones.into_iter().any(|zone| {
                host::units(Some(zone)).into_iter().any(|id| {
                    (!*another || id != me.id)
                        && host::unit(id)
                            .is_some_and(|u| u.controller == me.controller && filter.matches(&u))
                })
            })
        }
        Condition::MoreUnitsIn(arena) => {
            let (mut mine, mut theirs) = (0, 0);
            for id in host::units(Some(zone_of(*arena))) {
                match host::unit(id) {
                    Some(u) if u.controller == me.controller => mine += 1,
                    Some(_) => theirs += 1,
                    None => {}
                }
            }
            mine > theirs
        }
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
        let Some(me) = host::unit(ability.unit) else {
            return NO_CHANGE;
        };
        match read(&ability.parameter) {
            Some(Text::While(condition, s, _)) if holds(&condition, &me) => s,
            Some(Text::PowerPerDamage(n)) => Stats {
                power: n.saturating_mul(me.damage as i32),
                ..NO_CHANGE
            },
            _ => NO_CHANGE,
        }
    }

    fn granted_abilities(ability: Ability) -> Vec<String> {
        let Some(me) = host::unit(ability.unit) else {
            return Vec::new();
        };
        match read(&ability.parameter) {
            Some(Text::While(condition, _, Some(granted))) if holds(&condition, &me) => {
                vec![granted]
            }
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

swtcg_plugin_api::export_keyword!(SelfCondition);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_printed_texts_are_read() {
        assert!(matches!(
            read(
                "As long as you have more units in the Character arena than your opponent, URoRRuR'R'R gets +2 power."
            ),
            Some(Text::While(
                Condition::MoreUnitsIn(Arena::Character),
                Stats { power: 2, .. },
                None
            ))
        ));
        assert!(matches!(
            read("As long as you have one or more Tuskens in any arena, this unit gets +2 power."),
            Some(Text::While(
                Condition::Have {
                    arena: None,
                    another: false,
                    ..
                },
                _,
                None
            ))
        ));
        assert!(matches!(
            read("As long as you have another Jedi in the Character arena, Luke gets +2 power and \"Pay 3 Force -> Evade 1\"."),
            Some(Text::While(Condition::Have { another: true, .. }, _, Some(a))) if a == "Pay 3 Force -> Evade 1"
        ));
        assert!(matches!(
            read("This unit gets -1 power for each damage counter on it."),
            Some(Text::PowerPerDamage(-1))
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
        assert!(read("This unit can't attack if you have no units in the Space arena.").is_none());
        assert!(
            read("As long as you have 2 or more units in each arena, this unit gets +2 power.")
                .is_none()
        );
        assert!(read("This unit gets +2 power.").is_none());
    }
}
