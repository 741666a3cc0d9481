//! The Pilot keyword: "[Pilot] <subtype(s)> Pilot. The <subtype> gets: * ..." (layered, static;
//! game 12): while the Pilot card pilots a unit of a listed subtype, that unit gets the listed
//! speed, power and health changes and the listed abilities.
//!
//! The engine puts the abilities of a card piloting a unit among that unit's abilities (the
//! manifest's `pilot` zone) and ignores the card's other text there unless its own keyword works
//! on a Pilot (Upkeep). This plugin answers for the piloted unit: `stat-modifier` gives the
//! listed stat changes ("+20 speed", "+10 speed and +1 health") and `granted-abilities` the
//! other listed items, handed back as printed, so each keeps its own type and keyword ("Critical
//! Hit 2", "Pay 1 Force -> Evade 1"); card text among them does nothing, as card text does.
//!
//! The same text on a Pilot card that is an ordinary unit does nothing (game 12.5): the plugin
//! then finds the text among the unit's own printed abilities, or the unit's subtypes don't
//! match.
//!
//! Moving (game 12.2, API 1.4): in its controller's build step, `build-activations` offers a
//! Pilot card that is a unit in the Character arena to board one of its controller's other
//! units in an arena with a subtype its Pilot line names (effect `board`), and a Pilot card
//! piloting a unit to move off into the Character arena (effect `disembark`). The host checks
//! the rest and offers only what it would allow: the unit is no Droid (unless a text says it can
//! have a Pilot), it has room for another Pilot (the ruleset's `pilot_limit`, OQ-20), and the
//! card has not moved yet in this build step.

use swtcg_sdk::api::pilot_text::{PilotText, parse};
use swtcg_sdk::*;

struct Pilot;

/// Whether a unit has every word of a subtype phrase ("Capital Ship": Capital and Ship, whether
/// the card lists them as one subtype or two), a plural ("Transports") matching its singular.
fn has_subtype(unit: &UnitView, phrase: &str) -> bool {
    let words: Vec<&str> = unit
        .subtypes
        .iter()
        .flat_map(|s| s.split_whitespace())
        .collect();
    phrase.split_whitespace().all(|word| {
        words.iter().any(|s| {
            s.eq_ignore_ascii_case(word)
                || (word.len() == s.len() + 1
                    && word.to_ascii_lowercase().ends_with('s')
                    && word
                        .get(..s.len())
                        .is_some_and(|head| head.eq_ignore_ascii_case(s)))
        })
    })
}

/// The Pilot text, if this instance is on a card piloting a unit of a listed subtype now.
///
/// The API doesn't say whether an instance is printed on a piloting card; a text among the
/// unit's own printed abilities is its own (a Pilot card in play as a unit, game 12.5), and a
/// unit of none of the listed subtypes can't be piloted by it either.
fn piloting(ability: &Ability) -> Option<PilotText> {
    let pilot = parse(&ability.parameter)?;
    let unit = host::unit(ability.unit)?;
    let fits = pilot.subtypes.iter().any(|s| has_subtype(&unit, s));
    (fits && !own_text(ability)).then_some(pilot)
}

/// Whether the instance is printed on the unit's own card (a Pilot card that is a unit), not on
/// a card piloting it: its text is among the unit's own printed abilities.
fn own_text(ability: &Ability) -> bool {
    host::abilities(ability.unit)
        .iter()
        .any(|text| text.trim() == ability.text.trim())
}

/// The units a Pilot card that is the unit `me` may board: its controller's other completed
/// units in an arena with a subtype its Pilot line names.
fn boardable(me: &UnitView, pilot: &PilotText) -> Vec<UnitId> {
    host::units(None)
        .into_iter()
        .filter(|&id| id != me.id)
        .filter_map(host::unit)
        .filter(|u| u.controller == me.controller && u.built && u.zone != Zone::BuildZone)
        .filter(|u| pilot.subtypes.iter().any(|s| has_subtype(u, s)))
        .map(|u| u.id)
        .collect()
}

impl Keyword for Pilot {
    fn build_activations(ability: Ability, event: Event) -> Vec<Activation> {
        let Some(me) = host::unit(ability.unit) else {
            return Vec::new();
        };
        if event.side != Some(me.controller) {
            return Vec::new();
        }
        let Some(pilot) = parse(&ability.parameter) else {
            return Vec::new();
        };
        if !own_text(&ability) {
            // On a card piloting this unit: it may move off into the Character arena.
            return vec![Activation {
                label: format!("Move off into the Character arena ({})", ability.text),
                cost: None,
                targets: Vec::new(),
                max_amount: None,
                replaces: false,
            }];
        }
        if !me.built || me.zone != Zone::Character {
            return Vec::new();
        }
        let targets = boardable(&me, &pilot);
        if targets.is_empty() {
            return Vec::new();
        }
        vec![Activation {
            label: format!("Board ({})", ability.text),
            cost: None,
            targets,
            max_amount: None,
            replaces: false,
        }]
    }

    fn activate(ability: Ability, _index: u32, choice: Choice, _event: Event) -> HookResult {
        if !own_text(&ability) {
            return Ok(vec![Effect::Disembark(ability.unit)]);
        }
        let onto = choice
            .target
            .ok_or_else(|| "boarding needs the unit to pilot".to_string())?;
        Ok(vec![Effect::Board(onto)])
    }

    fn stat_modifier(ability: Ability) -> Stats {
        piloting(&ability).map_or(
            Stats {
                speed: 0,
                power: 0,
                health: 0,
            },
            |pilot| Stats {
                speed: pilot.stats.speed,
                power: pilot.stats.power,
                health: pilot.stats.health,
            },
        )
    }

    fn granted_abilities(ability: Ability) -> Vec<String> {
        piloting(&ability).map_or_else(Vec::new, |pilot| pilot.grants)
    }

    fn understands(ability: Ability) -> bool {
        parse(&ability.parameter).is_some()
    }
}

swtcg_sdk::export_keyword!(Pilot);
