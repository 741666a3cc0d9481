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

use swtcg_plugin_api::guest::*;

struct Switch;

/// The arena of a zone, or none for the build zone.
fn arena_of(zone: Zone) -> Option<Arena> {
    match zone {
        Zone::Space => Some(Arena::Space),
        Zone::Ground => Some(Arena::Ground),
        Zone::Character => Some(Arena::Character),
        Zone::BuildZone => None,
    }
}

/// The part of the parameter for the arena the unit is in now: the part whose position matches
/// that arena's position on the type line. Nothing when the unit is outside the arenas, in an
/// arena its type line doesn't list, or when the card prints no part for that arena.
fn current_part(ability: &Ability) -> Option<String> {
    let unit = host::unit(ability.unit)?;
    let arena = arena_of(unit.zone)?;
    let position = unit.arenas.iter().position(|&a| a == arena)?;
    let part = ability.parameter.split('/').nth(position)?.trim();
    // "None" is printed for an arena in which the unit gets no extra effects.
    if part.is_empty() || part.trim_end_matches('.').eq_ignore_ascii_case("none") {
        return None;
    }
    Some(part.to_string())
}

/// Whether a text starts with a word that begins a printed cost ("Tap, pay 3 Force -> ...").
fn starts_a_cost(text: &str) -> bool {
    let first = text
        .split_whitespace()
        .next()
        .unwrap_or("")
        .to_ascii_lowercase();
    matches!(
        first.as_str(),
        "pay" | "tap" | "[tap]" | "discard" | "remove" | "put" | "roll" | "return"
    )
}

/// Whether a text has the arrow between a cost and its effect (the card data writes both forms).
fn has_arrow(text: &str) -> bool {
    text.contains("->") || text.contains('→')
}

/// Whether an effect is a "Keyword: ..." form ("Upkeep: Pay 1 build point, or tap Slave I."),
/// whose text may itself contain commas.
fn colon_form(effect: &str) -> bool {
    effect
        .split_once(':')
        .is_some_and(|(head, _)| !has_arrow(head) && head.split_whitespace().count() <= 3)
}

/// Splits one part into its effects at the commas, keeping together the commas that belong to
/// one effect: everything after a "Keyword:" form, which runs to the end of the part, and the
/// commas of a cost before its arrow ("Tap, pay 3 Force -> ...").
fn effects(part: &str) -> Vec<String> {
    let mut effects: Vec<String> = Vec::new();
    let mut open = false;
    for piece in part.split(',').map(str::trim) {
        match effects.last_mut() {
            Some(last) if open => {
                last.push_str(", ");
                last.push_str(piece);
            }
            _ => effects.push(piece.to_string()),
        }
        let last = effects.last().map(String::as_str).unwrap_or("");
        open = colon_form(last) || (starts_a_cost(last) && !has_arrow(last));
    }
    effects.retain(|e| !e.is_empty());
    effects
}

/// "+10 speed", "-4 power", "+1 health" → the stat change it is, if it is one.
fn stat_change(effect: &str) -> Option<Stats> {
    let mut words = effect.trim_end_matches('.').split_whitespace();
    let amount: i32 = words.next()?.trim_start_matches('+').parse().ok()?;
    let stat = words.next()?.to_ascii_lowercase();
    if words.next().is_some() {
        return None;
    }
    let mut stats = Stats {
        speed: 0,
        power: 0,
        health: 0,
    };
    match stat.as_str() {
        "speed" => stats.speed = amount,
        "power" => stats.power = amount,
        "health" => stats.health = amount,
        _ => return None,
    }
    Some(stats)
}

impl Keyword for Switch {
    fn granted_abilities(ability: Ability) -> Vec<String> {
        let Some(part) = current_part(&ability) else {
            return Vec::new();
        };
        // Stat changes are answered by `stat_modifier`; everything else is a printed ability
        // for the engine to resolve through its keyword's plugin.
        effects(&part)
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
        for change in effects(&part).iter().filter_map(|e| stat_change(e)) {
            total.speed += change.speed;
            total.power += change.power;
            total.health += change.health;
        }
        total
    }
}

swtcg_plugin_api::export_keyword!(Switch);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_split_into_printed_effects() {
        assert_eq!(effects("Ferocity, Overkill"), ["Ferocity", "Overkill"]);
        assert_eq!(effects("Stealth"), ["Stealth"]);
        assert_eq!(
            effects("Armor, Upkeep: Pay 1 build point, remove 1 counter, or tap Slave I."),
            [
                "Armor",
                "Upkeep: Pay 1 build point, remove 1 counter, or tap Slave I."
            ]
        );
        assert_eq!(
            effects("Tap, Pay 3 Force -> Ambush 2, Fury 1"),
            ["Tap, Pay 3 Force -> Ambush 2", "Fury 1"]
        );
        assert_eq!(
            effects("Pay 1 Force -> Absorb 1 "),
            ["Pay 1 Force -> Absorb 1"]
        );
        assert_eq!(effects("+10 Speed, Stun 1"), ["+10 Speed", "Stun 1"]);
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
