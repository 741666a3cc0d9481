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

use swtcg_sdk::*;

struct Pilot;

/// A Pilot ability taken apart.
struct PilotText {
    /// The subtypes it may pilot, each a phrase of one or more words ("Capital Ship").
    subtypes: Vec<String>,
    /// The listed speed, power and health changes, summed.
    stats: Stats,
    /// The other listed items, as printed.
    grants: Vec<String>,
}

/// Splits "Speeder, Starfighter, or Transport" and "Creature and Speeder" into their phrases.
fn phrases(list: &str) -> Vec<String> {
    list.split(',')
        .flat_map(|part| part.split(" and "))
        .flat_map(|part| part.split(" or "))
        .map(|part| {
            let part = part.trim();
            let part = part
                .strip_prefix("and ")
                .or_else(|| part.strip_prefix("or "))
                .unwrap_or(part);
            part.trim().to_string()
        })
        .filter(|part| !part.is_empty())
        .collect()
}

/// Reads a stat item such as "+20 speed", "+3 Power" or "+10 speed and +1 health"; `None` when
/// the item is anything else (an ability).
fn stat_item(item: &str) -> Option<Stats> {
    let mut stats = Stats {
        speed: 0,
        power: 0,
        health: 0,
    };
    let text = item.trim().trim_end_matches('.');
    for part in text.split(" and ").flat_map(|p| p.split(',')) {
        let mut words = part.split_whitespace();
        let amount = words.next()?;
        let stat = words.next()?;
        if words.next().is_some() || !amount.starts_with(['+', '-']) {
            return None;
        }
        let amount: i32 = amount.parse().ok()?;
        match stat.to_ascii_lowercase().as_str() {
            "speed" => stats.speed += amount,
            "power" => stats.power += amount,
            "health" => stats.health += amount,
            _ => return None,
        }
    }
    Some(stats)
}

/// Finds `needle` in `haystack` ignoring ASCII case, returning its byte position.
fn find_ignore_case(haystack: &str, needle: &str) -> Option<usize> {
    haystack
        .to_ascii_lowercase()
        .find(&needle.to_ascii_lowercase())
}

/// Parses what follows "[Pilot]": "<subtypes> Pilot. The <subtypes> gets[:.] <items>", the
/// items separated by "*" or a single one ("The Starfighter gets Stun 3.").
fn parse(parameter: &str) -> Option<PilotText> {
    let text = parameter.trim();
    let head_end = find_ignore_case(text, " Pilot.")?;
    let mut subtypes = phrases(&text[..head_end]);
    let rest = &text[head_end + " Pilot.".len()..];
    let gets = find_ignore_case(rest, " gets")?;
    // The subject before "gets" names the subtypes again ("The Speeder or Transport"); it is
    // read too, so that a misprint in the first list ("Capitol Ship") still finds its unit.
    let subject = &rest[..gets];
    let lower = subject.to_ascii_lowercase();
    let start = ["the ", "this "]
        .iter()
        .filter_map(|article| lower.rfind(article).map(|i| i + article.len()))
        .max()
        .unwrap_or(0);
    for phrase in phrases(&subject[start..]) {
        if !subtypes.iter().any(|s| s.eq_ignore_ascii_case(&phrase)) {
            subtypes.push(phrase);
        }
    }
    if subtypes.is_empty() {
        return None;
    }
    let list = rest[gets + " gets".len()..].trim_start_matches([':', '.', ' ']);
    let items: Vec<&str> = if list.contains('*') {
        list.split('*').collect()
    } else {
        vec![list]
    };
    let mut stats = Stats {
        speed: 0,
        power: 0,
        health: 0,
    };
    let mut grants = Vec::new();
    for item in items {
        // A list entry's closing period is the list's punctuation, not the ability's ("*
        // Critical Hit 2." grants "Critical Hit 2"); quotes around a single grant go too.
        let item = item
            .trim()
            .trim_matches(['"', '\u{201c}', '\u{201d}'])
            .trim()
            .trim_end_matches('.')
            .trim();
        if item.is_empty() {
            continue;
        }
        match stat_item(item) {
            Some(s) => {
                stats.speed += s.speed;
                stats.power += s.power;
                stats.health += s.health;
            }
            None => grants.push(item.to_string()),
        }
    }
    Some(PilotText {
        subtypes,
        stats,
        grants,
    })
}

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
            |pilot| pilot.stats,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn printed_pilot_texts_are_read() {
        let elite =
            parse("Starfighter Pilot. The Starfighter gets: * +20 speed. * Critical Hit 2.")
                .unwrap();
        assert_eq!(elite.subtypes, ["Starfighter"]);
        assert_eq!((elite.stats.speed, elite.stats.power), (20, 0));
        assert_eq!(elite.grants, ["Critical Hit 2"]);

        let helmsman = parse("Capital Ship Pilot. The Capital Ship gets +20 Speed.").unwrap();
        assert_eq!(helmsman.stats.speed, 20);
        assert!(helmsman.grants.is_empty());

        let griss = parse("Capitol Ship Pilot. The Capital Ship gets: * +10 speed *Critical hit 1")
            .unwrap();
        assert_eq!(griss.subtypes, ["Capitol Ship", "Capital Ship"]);

        let komari = parse(
            "Creature and Cultist Pilot. The Creature and Cultist Pilot. The Creature or Cultist \
             gets: *+2 Power *Ferocity *Overkill",
        )
        .unwrap();
        assert_eq!(komari.subtypes, ["Creature", "Cultist"]);
        assert_eq!(komari.stats.power, 2);
        assert_eq!(komari.grants, ["Ferocity", "Overkill"]);

        let mod_bike = parse("Cyborg Pilot. The Cyborg gets: *+10 speed and +1 health").unwrap();
        assert_eq!((mod_bike.stats.speed, mod_bike.stats.health), (10, 1));

        let biggs = parse(
            "Starfighter Pilot. This Starfighter gets \"Discard this Starfighter and Biggs from \
             the Space arena -> Prevent all damage to one of your other space units.\"",
        )
        .unwrap();
        assert_eq!(biggs.grants.len(), 1);
        assert!(biggs.grants[0].starts_with("Discard this Starfighter"));

        let jango = parse(
            "Gunship, Patrol Ship, and Transport Pilot. The Gunship, Patrol Ship, or Transport \
             gets: *+20 speed *Damage Control 1",
        )
        .unwrap();
        assert_eq!(jango.subtypes, ["Gunship", "Patrol Ship", "Transport"]);
        assert!(parse("Pilot text").is_none());
    }
}
