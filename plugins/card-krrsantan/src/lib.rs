//! Card plugin for the card text of Krrsantan (B) (The Book of Boba Fett) that is not a
//! keyword, read as patterns so that any card printing the same sentences with another name or
//! number is served too:
//!
//! - "When the Ground battle step ends and when the Character battle step ends, if Krrsantan was
//!   no damage during that battle step, you may remove 1 damage counter from him." OQ-C2 reads
//!   "was no damage" as "was dealt no damage": a step in which damage counters were placed on
//!   the unit gives nothing.
//! - "Krrsantan gets Accuracy -1 when attacking a unique unit with the Character in its type."

use swtcg_sdk::*;

struct Krrsantan;

/// What a printed text of this pattern says.
#[derive(Debug, PartialEq)]
enum Text {
    /// Remove up to N damage counters at the end of a Ground or Character battle step without
    /// damage.
    Recover(u32),
    /// Accuracy -N (or +N) when attacking a unique Character.
    AccuracyAgainstUniqueCharacters(i32),
}

const RECOVER_HEAD: &str =
    "When the Ground battle step ends and when the Character battle step ends, if ";
const RECOVER_MIDDLE: &str = " was no damage during that battle step, you may remove ";
const ACCURACY_TAIL: &str = " when attacking a unique unit with the Character in its type.";

fn read(text: &str) -> Option<Text> {
    let text = text.trim();
    if let Some(rest) = text.strip_prefix(RECOVER_HEAD) {
        let (_, after) = rest.split_once(RECOVER_MIDDLE)?;
        let mut words = after.split_whitespace();
        let n: u32 = words.next()?.parse().ok()?;
        let tail: Vec<&str> = words.collect();
        let ok = matches!(
            tail.as_slice(),
            [
                "damage",
                "counter" | "counters",
                "from",
                "him." | "her." | "it."
            ]
        );
        return ok.then_some(Text::Recover(n));
    }
    let head = text.strip_suffix(ACCURACY_TAIL)?;
    let (_, amount) = head.split_once(" gets Accuracy ")?;
    let n: i32 = amount.trim().parse().ok()?;
    Some(Text::AccuracyAgainstUniqueCharacters(n))
}

/// The note that says damage counters were placed on the unit during the battle step of an
/// arena this turn.
fn damaged_key(arena: Arena) -> String {
    format!("card-krrsantan:damaged-in-{}", arena.word())
}

fn arena_of_step(event: &Event) -> Option<Arena> {
    event.arena
}

impl Keyword for Krrsantan {
    fn understands(ability: Ability) -> bool {
        read(&ability.parameter).is_some()
    }

    fn damage_placed(ability: Ability, event: Event) -> HookResult {
        if !matches!(read(&ability.parameter), Some(Text::Recover(_))) {
            return Ok(Vec::new());
        }
        // Only damage during a battle step counts; the event's arena is the attack's (or the
        // step's) arena, and none outside the battle phase.
        let Some(arena) = arena_of_step(&event) else {
            return Ok(Vec::new());
        };
        let placed: u32 = host::pending_damage()
            .iter()
            .filter(|p| p.target == ability.unit)
            .map(|p| {
                p.amount
                    .saturating_sub(if p.preventable { p.prevented } else { 0 })
            })
            .sum();
        if placed == 0 {
            return Ok(Vec::new());
        }
        Ok(vec![Effect::Note(NoteChange {
            unit: ability.unit,
            key: damaged_key(arena),
            value: 1,
            duration: Duration::EndOfTurn,
        })])
    }

    fn battle_step_end(ability: Ability, event: Event) -> HookResult {
        let Some(Text::Recover(n)) = read(&ability.parameter) else {
            return Ok(Vec::new());
        };
        let Some(arena) = event.arena else {
            return Ok(Vec::new());
        };
        if arena == Arena::Space {
            return Ok(Vec::new());
        }
        let Some(unit) = host::unit(ability.unit) else {
            return Ok(Vec::new());
        };
        if unit.damage == 0 || host::note(ability.unit, &damaged_key(arena)).is_some() {
            return Ok(Vec::new());
        }
        Ok(vec![Effect::RemoveDamage(UnitAmount {
            unit: ability.unit,
            amount: n,
        })])
    }

    fn attack_die_modifier(ability: Ability, attacker: UnitId, defender: UnitId) -> i32 {
        let Some(Text::AccuracyAgainstUniqueCharacters(n)) = read(&ability.parameter) else {
            return 0;
        };
        if attacker != ability.unit {
            return 0;
        }
        match host::unit(defender) {
            Some(d) if d.unique && d.arenas.contains(&Arena::Character) => n,
            _ => 0,
        }
    }
}

swtcg_sdk::export_keyword!(Krrsantan);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_printed_texts_are_read() {
        assert_eq!(
            read(
                "When the Ground battle step ends and when the Character battle step ends, if Krrsantan was no damage during that battle step, you may remove 1 damage counter from him."
            ),
            Some(Text::Recover(1))
        );
        assert_eq!(
            read(
                "Krrsantan gets Accuracy -1 when attacking a unique unit with the Character in its type."
            ),
            Some(Text::AccuracyAgainstUniqueCharacters(-1))
        );
        assert_eq!(read("Krrsantan gets +1 power."), None);
    }
}
