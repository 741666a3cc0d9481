//! The Reduced Cost keyword: "Reduced Cost X: [condition]" means "This card's cost is X if the
//! listed condition is met" (selective, static); the condition always starts with "If" and must
//! be met when the cost is paid.
//!
//! For a unit card being built, X replaces the build cost: the plugin offers, through the
//! `completions` query, a way to complete the card with X build counters while the condition
//! holds, and the engine offers it in its owner's build step beside the normal completion (the
//! player selects which to use). It is not offered when X is not below the current build cost,
//! since the normal completion then does the same. On a Battle card X would replace the Force
//! cost of playing it (keywords.md); no card of the bundled sets prints both, so the plugin
//! offers nothing for Battle cards, and such a card would be played at its printed cost.
//!
//! The plugin reads the conditions the card data prints that the host lets it check: a named
//! card or a unit of some subtypes in some arenas ("If Boba Fett is in any arena", "If you have
//! a Jedi in any arena", "If a Droid is in the Ground arena", "If you have 2 or more
//! Mandalorians in any arena", "If your opponent has 3 or more units in the Space arena") and
//! "If your Force total is 0". It says it doesn't understand the others (Locations, Resources,
//! Subordinates, captivity counters, cards in a discard pile), which then do nothing.

use swtcg_sdk::*;

struct ReducedCost;

/// Whose units a condition counts.
#[derive(Clone, Copy, PartialEq)]
enum Who {
    You,
    Opponent,
    Anyone,
}

/// Which units one alternative of a condition's subject accepts.
enum Filter {
    /// A card name without its version: "Boba Fett" is "Boba Fett (T)" too.
    Name(String),
    /// A unit with "Wolf" in its name.
    NameContains(String),
    /// A unit with every one of these subtype words (none: any unit), unique if asked.
    Subtypes { words: Vec<String>, unique: bool },
}

/// Where a condition looks.
struct Place {
    arenas: Vec<Zone>,
    /// "or your build zone": completed units of the card's controller there count too.
    own_build_zone: bool,
}

/// A condition the plugin can check.
enum Condition {
    /// "If your Force total is N."
    ForceIs(u32),
    /// At least `at_least` units of `who` in `place` matching one of `filters`.
    Count {
        who: Who,
        filters: Vec<Filter>,
        place: Place,
        at_least: u32,
    },
}

/// Words that name cards other than units, which the host can't see in play.
const NOT_UNITS: [&str; 8] = [
    "location",
    "facility",
    "resource",
    "subordinate",
    "equipment",
    "mission",
    "battle",
    "card",
];

/// Strips a prefix ignoring ASCII case.
fn strip_prefix_ci<'t>(text: &'t str, prefix: &str) -> Option<&'t str> {
    let head = text.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix)
        .then(|| &text[prefix.len()..])
}

/// Reads "any arena", "any arena or your build zone", "the Space arena", "the Ground or
/// Character arena".
fn place(text: &str) -> Option<Place> {
    let text = text.trim().to_ascii_lowercase();
    let all = vec![Zone::Space, Zone::Ground, Zone::Character];
    match text.as_str() {
        "any arena" => {
            return Some(Place {
                arenas: all,
                own_build_zone: false,
            });
        }
        "any arena or your build zone" => {
            return Some(Place {
                arenas: all,
                own_build_zone: true,
            });
        }
        _ => {}
    }
    let names = text.strip_prefix("the ")?.strip_suffix(" arena")?;
    let mut arenas = Vec::new();
    for name in names.split(" or ") {
        arenas.push(Zone::from(Arena::from_word(name)?));
    }
    Some(Place {
        arenas,
        own_build_zone: false,
    })
}

/// Splits a subject into its alternatives: "Finn, Poe Dameron, or Rey", "Clone or Lothal Rebel".
fn alternatives(subject: &str) -> Vec<&str> {
    subject
        .split(',')
        .flat_map(|part| part.split(" or "))
        .map(|part| {
            let part = part.trim();
            part.strip_prefix("or ").unwrap_or(part).trim()
        })
        .filter(|part| !part.is_empty())
        .collect()
}

/// Reads one alternative after an article or a count: subtype words ("Capital Ship", "unique
/// unit", "Final Order unit", "Mandalorians") or `unit with "Wolf" in its name`.
fn subtype_filter(text: &str) -> Option<Filter> {
    if let Some(rest) = strip_prefix_ci(text, "unit with \"")
        && let Some(name) = rest.strip_suffix("\" in its name")
    {
        return Some(Filter::NameContains(name.to_string()));
    }
    let mut words = Vec::new();
    let mut unique = false;
    for word in text.split_whitespace() {
        match word {
            "unit" | "units" => {}
            "unique" => unique = true,
            _ => {
                let lower = word.to_ascii_lowercase();
                let starts_upper = word.chars().next().is_some_and(char::is_uppercase);
                if !starts_upper || NOT_UNITS.iter().any(|w| lower.starts_with(w)) {
                    return None;
                }
                words.push(word.to_string());
            }
        }
    }
    Some(Filter::Subtypes { words, unique })
}

/// Reads a card name alternative: capitalised, no quotes, no card type.
fn name_filter(text: &str) -> Option<Filter> {
    let lower = text.to_ascii_lowercase();
    let plain = text.chars().next().is_some_and(char::is_uppercase)
        && !text.contains(['"', '\u{201c}', '\u{201d}'])
        && !lower
            .split_whitespace()
            .any(|w| NOT_UNITS.iter().any(|n| w.starts_with(n)));
    plain.then(|| Filter::Name(text.to_string()))
}

/// Reads "a Droid", "an Imperial Officer", "2 or more Mandalorians"; names only with `names`.
fn subject(text: &str, names: bool) -> Option<(Vec<Filter>, u32)> {
    let text = text.trim();
    let (at_least, rest, by_name) = if let Some(rest) = strip_prefix_ci(text, "a ") {
        (1, rest, false)
    } else if let Some(rest) = strip_prefix_ci(text, "an ") {
        (1, rest, false)
    } else if let Some((count, rest)) = text.split_once(" or more ")
        && let Ok(count) = count.trim().parse::<u32>()
    {
        (count, rest, false)
    } else if names {
        (1, text, true)
    } else {
        return None;
    };
    let mut filters = Vec::new();
    for alternative in alternatives(rest) {
        filters.push(if by_name {
            name_filter(alternative)?
        } else {
            subtype_filter(alternative)?
        });
    }
    (!filters.is_empty()).then_some((filters, at_least))
}

/// Splits "<subject> in <place>" at the last " in " followed by a place.
fn subject_and_place(text: &str) -> Option<(&str, Place)> {
    let mut end = text.len();
    while let Some(at) = text[..end].rfind(" in ") {
        if let Some(place) = place(&text[at + " in ".len()..]) {
            return Some((&text[..at], place));
        }
        end = at;
    }
    None
}

/// Reads the condition after "Reduced Cost X:".
fn condition(text: &str) -> Option<Condition> {
    let text = text.trim().trim_end_matches(['.', ',', ' ']);
    let text = strip_prefix_ci(text, "If ")?.trim();
    if let Some(rest) = strip_prefix_ci(text, "your Force total is ") {
        return rest.trim().parse().ok().map(Condition::ForceIs);
    }
    let (who, subject_text, place, names) = if let Some(rest) = strip_prefix_ci(text, "you have ") {
        let (s, p) = subject_and_place(rest)?;
        (Who::You, s, p, false)
    } else if let Some(rest) = strip_prefix_ci(text, "your opponent has ") {
        let (s, p) = subject_and_place(rest)?;
        (Who::Opponent, s, p, false)
    } else if let Some(rest) = strip_prefix_ci(text, "there is ") {
        let (s, p) = subject_and_place(rest)?;
        (Who::Anyone, s, p, false)
    } else {
        // "<subject> is in <place>" (also the misprint "is any arena").
        let at = text.rfind(" is ")?;
        let tail = &text[at + " is ".len()..];
        let tail = strip_prefix_ci(tail, "in ").unwrap_or(tail);
        (Who::Anyone, &text[..at], place(tail)?, true)
    };
    let (filters, at_least) = subject(subject_text, names)?;
    Some(Condition::Count {
        who,
        filters,
        place,
        at_least,
    })
}

/// X and the condition of "X: If ...".
fn parse(parameter: &str) -> Option<(u32, Condition)> {
    let (x, rest) = parameter.split_once(':')?;
    Some((x.trim().parse().ok()?, condition(rest)?))
}

/// The name without its version letters: "Boba Fett (T)" and "Ghost (E) (Promo)" lose them.
fn base_name(name: &str) -> &str {
    let mut name = name.trim();
    for _ in 0..2 {
        if let Some(open) = name.rfind(" (")
            && name.ends_with(')')
        {
            name = name[..open].trim_end();
        }
    }
    name
}

/// Whether a unit has a subtype word (subtypes listed as "Capital Ship" count word by word), a
/// plural ("Mandalorians") matching its singular.
fn has_word(unit: &UnitView, word: &str) -> bool {
    unit.subtypes
        .iter()
        .flat_map(|s| s.split_whitespace())
        .any(|s| {
            s.eq_ignore_ascii_case(word)
                || (word.len() == s.len() + 1
                    && word.to_ascii_lowercase().ends_with('s')
                    && word
                        .get(..s.len())
                        .is_some_and(|head| head.eq_ignore_ascii_case(s)))
        })
}

fn matches(filter: &Filter, unit: &UnitView) -> bool {
    match filter {
        Filter::Name(name) => base_name(&unit.name).eq_ignore_ascii_case(name),
        Filter::NameContains(part) => unit
            .name
            .to_ascii_lowercase()
            .contains(&part.to_ascii_lowercase()),
        Filter::Subtypes { words, unique } => {
            (!unique || unit.unique) && words.iter().all(|w| has_word(unit, w))
        }
    }
}

/// Whether the condition holds now for a card controlled by `me`.
fn holds(condition: &Condition, me: Side) -> bool {
    match condition {
        Condition::ForceIs(force) => host::player(me).force == *force,
        Condition::Count {
            who,
            filters,
            place,
            at_least,
        } => {
            let count = host::units(None)
                .into_iter()
                .filter_map(host::unit)
                .filter(|u| match who {
                    Who::You => u.controller == me,
                    Who::Opponent => u.controller != me,
                    Who::Anyone => true,
                })
                .filter(|u| {
                    place.arenas.contains(&u.zone)
                        || (place.own_build_zone
                            && u.zone == Zone::BuildZone
                            && u.controller == me
                            && u.built)
                })
                .filter(|u| filters.iter().any(|f| matches(f, u)))
                .count();
            count as u32 >= *at_least
        }
    }
}

impl Keyword for ReducedCost {
    fn completions(ability: Ability) -> Vec<Completion> {
        let Some((x, condition)) = parse(&ability.parameter) else {
            return Vec::new();
        };
        // A card in hand has no controller to read "you" from; every printed X is at least 1,
        // so a card must be in the build zone with build counters anyway.
        let Some(card) = host::unit(ability.unit) else {
            return Vec::new();
        };
        if card.built || card.zone != Zone::BuildZone {
            return Vec::new();
        }
        // "The condition must be met in order for you to be able to pay the Reduced Cost", and
        // a Reduced Cost no lower than the build cost changes nothing.
        if x >= card.cost.max(0) as u32 || !holds(&condition, card.controller) {
            return Vec::new();
        }
        vec![Completion {
            label: format!("Reduced Cost {x}"),
            cost: None,
            min_counters: x,
            force_for_missing: false,
            from_hand: false,
            anytime: false,
        }]
    }

    fn understands(ability: Ability) -> bool {
        parse(&ability.parameter).is_some()
    }
}

swtcg_sdk::export_keyword!(ReducedCost);

#[cfg(test)]
mod tests {
    use super::*;

    /// The conditions of the card data (engine/data/lackey), and whether the plugin reads them.
    #[test]
    fn printed_conditions_are_read_or_refused() {
        let read = [
            "3: If Boba Fett is in any arena. ",
            "2: If Jango Fett is in any arena.",
            "1: If Anakin Skywalker, Darra Thel-Tanis, or Ferus Olin is in any arena.",
            "5: If Finn, Poe Dameron, or Rey is in any arena.",
            "6: If Darth Revan or Revan is in any arena.",
            "2: If you have a Warrior in any arena.",
            "3: If you have a Crime Gang or Crime Lord in any arena.",
            "2: If you have a unique unit in the Space arena.",
            "2: If you have a Sandcrawler in the Ground arena.",
            "4: If you have 2 or more Mandalorians in any arena.",
            "5: If your opponent has 3 or more units in the Space arena.",
            "4: If your Force total is 0.",
            "2: If a Droid is in the Ground arena.",
            "2: If a Capital Ship is any arena.",
            "5: If a Clone or Lothal Rebel is in any arena.",
            "6: If a Final Order unit is in any arena.",
            "3: If a Wolf or unit with \"Wolf\" in its name is in any arena.",
            "5: If a Nite Owl is in any arena,",
            "1: If there is a Jawa in any arena.",
            "4: If Kuiil is in any arena or your build zone",
            "2: If Poe Dameron is in the Character arena.",
        ];
        for text in read {
            assert!(parse(text).is_some(), "{text}");
        }
        let refused = [
            "4: If a Location is in any arena.",
            "2: If you have a Location in any arena.",
            "5: If you have an Imperial Facility in any arena.",
            "5: If you have 2 or more Subordinates in any arena.",
            "2: If an Aquatic Location is in the Ground or Character arena.",
            "1: If you have an Old Republic Speeder in any arena and a Resource in play.",
            "4: If a unit in any arena has 1 or more captivity counters on it.",
            "4: If 3 or more units in any arena have 1 or more captivity counters on each of them.",
            "4:  If your opponent has 1 or more units with 1 or more captivity counters on them in each arena.",
            "1: If your opponent has a Force Sensitive or Jedi in any arena or build zone with 2 or more captivity counters on it.",
            "4: If there are 2 or more cards with \"Prison\" and/or \"Prisoner\" in their names in your discard pile.",
        ];
        for text in refused {
            assert!(parse(text).is_none(), "{text}");
        }
    }
}
