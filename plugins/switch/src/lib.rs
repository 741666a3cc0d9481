//! The Switch keyword: "As long as this unit is in the first arena listed on its type line, it
//! gets the effects listed to the left of the first slash", the second arena the effects after
//! the first slash, the third arena those after the second slash (layered, static).
//!
//! The parts follow the unit's type line (`arenas` in printed order), so "Switch: Ferocity,
//! Overkill/Stealth" on a Ground/Character unit gives Ferocity and Overkill in the Ground arena
//! and Stealth in the Character arena. A part reading "None", or a missing part, gives nothing.
//! Keywords in the current part are granted through the `granted-abilities` query, and the
//! engine resolves each through its own plugin; plain stat changes ("+10 speed", "-4 power")
//! have no keyword to resolve them, so Switch answers them itself through `stat-modifier`.
//! Outside the arenas no part applies (OQ-K13): the manifest leaves out the build zone, and the
//! plugin checks the zone as well so that a grant can never reach a unit that is not in an arena.

use swtcg_sdk::text;
use swtcg_sdk::*;

struct Switch;

/// The part of the parameter for the arena the unit is in now: the part whose position matches
/// that arena's position on the type line. Nothing when the unit is outside the arenas, in an
/// arena its type line doesn't list, or when the card prints no part for that arena.
fn current_part(ability: &Ability) -> Option<String> {
    let unit = host::unit(ability.unit)?;
    let arena = unit.zone.arena()?;
    let position = unit.arenas.iter().position(|&a| a == arena)?;
    let part = ability.parameter.split('/').nth(position)?.trim();
    // "None" is printed for an arena in which the unit gets no extra effects.
    if part.is_empty() || part.trim_end_matches('.').eq_ignore_ascii_case("none") {
        return None;
    }
    Some(part.to_string())
}

/// "+10 speed", "-4 power", "+1 health" → the stat change it is, if it is one.
fn stat_change(effect: &str) -> Option<Stats> {
    text::stat_change(effect).map(|(speed, power, health)| Stats {
        speed,
        power,
        health,
    })
}

impl Keyword for Switch {
    fn granted_abilities(ability: Ability) -> Vec<String> {
        let Some(part) = current_part(&ability) else {
            return Vec::new();
        };
        // Stat changes are answered by `stat_modifier`; everything else is a printed ability
        // for the engine to resolve through its keyword's plugin.
        text::split_effects(&part)
            .into_iter()
            .filter(|e| stat_change(e).is_none())
            .collect()
    }

    fn stat_modifier(ability: Ability) -> Stats {
        let mut total = Stats {
            speed: 0,
            power: 0,
            health: 0,
        };
        let Some(part) = current_part(&ability) else {
            return total;
        };
        for change in text::split_effects(&part)
            .iter()
            .filter_map(|e| stat_change(e))
        {
            total.speed += change.speed;
            total.power += change.power;
            total.health += change.health;
        }
        total
    }
}

swtcg_sdk::export_keyword!(Switch);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_split_into_printed_effects() {
        assert_eq!(
            text::split_effects("Ferocity, Overkill"),
            ["Ferocity", "Overkill"]
        );
        assert_eq!(text::split_effects("Stealth"), ["Stealth"]);
        assert_eq!(
            text::split_effects(
                "Armor, Upkeep: Pay 1 build point, remove 1 counter, or tap Slave I."
            ),
            [
                "Armor",
                "Upkeep: Pay 1 build point, remove 1 counter, or tap Slave I."
            ]
        );
        assert_eq!(
            text::split_effects("Tap, Pay 3 Force -> Ambush 2, Fury 1"),
            ["Tap, Pay 3 Force -> Ambush 2", "Fury 1"]
        );
        assert_eq!(
            text::split_effects("Pay 1 Force -> Absorb 1 "),
            ["Pay 1 Force -> Absorb 1"]
        );
        assert_eq!(
            text::split_effects("+10 Speed, Stun 1"),
            ["+10 Speed", "Stun 1"]
        );
    }

    #[test]
    fn stat_changes_are_read() {
        let s = stat_change("-4 power").unwrap();
        assert_eq!((s.speed, s.power, s.health), (0, -4, 0));
        let s = stat_change("+10 Speed").unwrap();
        assert_eq!((s.speed, s.power, s.health), (10, 0, 0));
        assert!(stat_change("Accuracy 1").is_none());
        assert!(stat_change("+1 power and Critical Hit 1").is_none());
    }
}
