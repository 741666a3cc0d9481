//! The Adapt keyword: "When this arena's battle step starts, choose one of game text separated by
//! slashes. This unit gets the chosen game text until end of turn." (layered, static).
//!
//! When the battle step of the arena the unit is in starts (game 6.3.3), its controller must pick
//! one of the slash-separated parts (the choice is not optional); the unit then has that text
//! until end of turn, even if it changes arenas later. A unit in the build zone, or in another
//! arena, adapts to nothing. Parts are read as Switch reads its parts: each part is split into its
//! effects at the commas that separate them (keeping the commas of a "Keyword: ..." form and of a
//! cost); a stat change ("+1 power") becomes a stat change until end of turn, and every other
//! effect is granted as printed text until end of turn, for its own keyword's plugin to carry
//! out. A part reading "None" gives nothing. Each Adapt of a unit chooses on its own (layered).
//!
//! A part chosen now arrives after the moment the battle step started, so an ability that
//! triggers "when this arena's battle step starts" (Velocity) and is chosen with Adapt does not
//! trigger in that battle step (game 13.4.1).

use swtcg_sdk::text;
use swtcg_sdk::*;

struct Adapt;

/// The most parts one choice may offer, and the longest text an option may have.
const MOST_PARTS: usize = 20;
const LONGEST_PART: usize = 200;

fn zone_of(arena: Arena) -> Zone {
    match arena {
        Arena::Space => Zone::Space,
        Arena::Ground => Zone::Ground,
        Arena::Character => Zone::Character,
    }
}

/// The slash-separated parts of the printed text, as printed.
fn parts(ability: &Ability) -> Vec<String> {
    ability
        .parameter
        .split('/')
        .map(|p| p.trim().to_string())
        .filter(|p| !p.is_empty())
        .collect()
}

/// Whether a part gives nothing ("None").
fn is_none(part: &str) -> bool {
    part.trim_end_matches('.').eq_ignore_ascii_case("none")
}

/// "+10 speed", "-4 power", "+1 health" → the stat change it is, if it is one.
fn stat_change(effect: &str) -> Option<Stats> {
    text::stat_change(effect).map(|(speed, power, health)| Stats {
        speed,
        power,
        health,
    })
}

impl Keyword for Adapt {
    fn understands(ability: Ability) -> bool {
        // Every part must fit in one option of a choice.
        let parts = parts(&ability);
        !parts.is_empty()
            && parts.len() <= MOST_PARTS
            && parts.iter().all(|p| p.len() <= LONGEST_PART)
    }

    fn battle_step_start(ability: Ability, event: Event) -> HookResult {
        let (Some(arena), Some(unit)) = (event.arena, host::unit(ability.unit)) else {
            return Ok(Vec::new());
        };
        // "When this arena's battle step starts": the arena the unit is in, with the unit built.
        if !unit.built || unit.zone != zone_of(arena) {
            return Ok(Vec::new());
        }
        let options = parts(&ability);
        if options.is_empty() || options.len() > MOST_PARTS {
            return Ok(Vec::new());
        }
        // "Choose one": the choice is not optional.
        Ok(vec![Effect::Choose(Offer {
            options,
            optional: false,
        })])
    }

    fn chosen(ability: Ability, index: u32) -> HookResult {
        let Some(part) = parts(&ability).into_iter().nth(index as usize) else {
            return Err(format!("no part {index} in \"{}\"", ability.text));
        };
        if is_none(&part) {
            return Ok(Vec::new());
        }
        // "This unit gets the chosen game text until end of turn."
        Ok(text::split_effects(&part)
            .into_iter()
            .map(|effect| match stat_change(&effect) {
                Some(stats) => Effect::Stats(StatChange {
                    unit: ability.unit,
                    speed: stats.speed,
                    power: stats.power,
                    health: stats.health,
                    duration: Duration::EndOfTurn,
                }),
                None => Effect::Grant(Grant {
                    unit: ability.unit,
                    text: effect,
                    duration: Duration::EndOfTurn,
                }),
            })
            .collect())
    }
}

swtcg_sdk::export_keyword!(Adapt);

#[cfg(test)]
mod tests {
    use super::*;

    fn ability(parameter: &str) -> Ability {
        Ability {
            unit: 1,
            index: 0,
            text: format!("Adapt: {parameter}"),
            parameter: parameter.into(),
            cost: None,
            under: false,
        }
    }

    #[test]
    fn parts_are_the_slash_separated_texts() {
        assert_eq!(
            parts(&ability("Armor/Stealth, +1 power/None")),
            ["Armor", "Stealth, +1 power", "None"]
        );
        assert!(is_none("None."));
    }

    #[test]
    fn parts_split_into_effects() {
        assert_eq!(
            text::split_effects("Stealth, +1 power"),
            ["Stealth", "+1 power"]
        );
        assert_eq!(
            text::split_effects("Tap, Pay 1 Force -> Evade 2, Fury 1"),
            ["Tap, Pay 1 Force -> Evade 2", "Fury 1"]
        );
        let s = stat_change("+1 power").unwrap();
        assert_eq!((s.speed, s.power, s.health), (0, 1, 0));
        assert!(stat_change("Armor").is_none());
    }
}
