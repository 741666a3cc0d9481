//! Rules that read which units a text names: "this unit", "Equipped Jedi", "each of your other
//! Stormtroopers in the Ground arena", "one of your opponent's units", "that unit", "a Droid".

use winnow::combinator::{alt, opt, repeat, separated};
use winnow::prelude::*;

use super::words::{R, ahead, capitalized, fail, mark, number, one_of, self_mark, w};
use crate::script::{Arena, CardType, Filter, Owner, Pick, Side, Units, Where};
use crate::vocabulary::{MULTI_WORD_SUBTYPES, SUBTYPE_ALIASES};

/// Units as the subject or object of a sentence.
#[inline(never)]
pub fn units(input: &mut &str) -> R<Units> {
    alt((
        alt((this, equipped, that, combatant, the_one)),
        each,
        chosen,
        some,
        plural,
        named,
    ))
    .context("a unit")
    .parse_next(input)
}

/// The card the ability is on: "this unit", "this Location", its name.
pub fn this(input: &mut &str) -> R<Units> {
    alt((
        (
            w("this"),
            one_of(&[
                "unit",
                "card",
                "character",
                "location",
                "resource",
                "mission",
                "equipment",
                "starfighter",
                "capital ship",
                "vehicle",
            ]),
        )
            .void(),
        (opt(w("the")), self_mark).void(),
    ))
    .map(|_| Units::this())
    .parse_next(input)
}

/// "Equipped unit", "Equipped non-unique Stormtrooper Squad": the unit the Equipment is on.
fn equipped(input: &mut &str) -> R<Units> {
    (w("equipped"), noun_phrase)
        .map(|(_, (other, filters))| Units {
            pick: Pick::Equipped,
            owner: Owner::Any,
            other,
            filters,
        })
        .parse_next(input)
}

/// A unit named before: "that unit", "that Character", "it", "he", "she", "the chosen unit".
fn that(input: &mut &str) -> R<Units> {
    alt((
        (w("that"), noun_phrase).void(),
        (w("the chosen"), noun_phrase).void(),
        one_of(&[
            "him or her",
            "he or she",
            "it",
            "him",
            "her",
            "he",
            "she",
            "them",
            "they",
        ])
        .void(),
    ))
    .map(|_| Units::picked(Pick::That))
    .parse_next(input)
}

/// "the Jedi" after "choose one of your Jedi": the unit named before, by its subtype alone (a
/// phrase with more in it, "the Character arena", is no unit).
fn the_one(input: &mut &str) -> R<Units> {
    let start = *input;
    let (_, (other, filters)) = (w("the"), noun_phrase).parse_next(input)?;
    if other || !matches!(filters.as_slice(), [Filter::Subtype(_)]) {
        *input = start;
        return super::words::fail(input, "a unit");
    }
    Ok(Units::picked(Pick::That))
}

/// The attacking and the defending unit of the attack.
fn combatant(input: &mut &str) -> R<Units> {
    alt((
        one_of(&["the attacking unit", "the attacker"]).map(|_| Units::picked(Pick::Attacker)),
        one_of(&[
            "the defending unit",
            "the defender",
            "the unit it's attacking",
            "the unit this unit is attacking",
        ])
        .map(|_| Units::picked(Pick::Defender)),
    ))
    .parse_next(input)
}

/// Whose: "your", "your opponent's", "his or her", "each player's".
fn owner(input: &mut &str) -> R<Owner> {
    alt((
        one_of(&[
            "your opponent's",
            "your opponents'",
            "your opponents",
            "an opponent's",
            "opponent's",
        ])
        .map(|_| Owner::Opponents),
        one_of(&["your", "his or her", "their", "its controller's"]).map(|_| Owner::Yours),
    ))
    .parse_next(input)
}

/// "each of your other Jedi", "each Starfighter", "all units", "all of your units".
#[inline(never)]
fn each(input: &mut &str) -> R<Units> {
    (
        alt((
            (one_of(&["each of", "all of", "all"]), owner).map(|(_, owner)| owner),
            one_of(&["each", "every", "all"]).map(|_| Owner::Any),
        )),
        noun_phrase,
    )
        .map(|(owner, (other, filters))| Units {
            pick: Pick::Each,
            owner,
            other,
            filters,
        })
        .parse_next(input)
}

/// "one of your units", "up to 2 of your opponent's Characters", "one unit", "2 units", "any
/// one non-Jedi Character": the controller chooses.
#[inline(never)]
fn chosen(input: &mut &str) -> R<Units> {
    (
        opt(w("up to")).map(|up_to| up_to.is_some()),
        alt((one_of(&["any one", "one"]).map(|_| 1), number)),
        opt((w("of"), owner).map(|(_, owner)| owner)),
        noun_phrase,
    )
        .map(|(up_to, count, owner, (other, filters))| Units {
            pick: Pick::Chosen { count, up_to },
            owner: owner.unwrap_or(Owner::Any),
            other,
            filters,
        })
        .parse_next(input)
}

/// "a Droid", "another Jedi", "an opponent's unit": any matching unit (triggers and conditions).
#[inline(never)]
fn some(input: &mut &str) -> R<Units> {
    (
        alt((
            w("another").map(|_| true),
            one_of(&["a", "an", "any"]).map(|_| false),
        )),
        opt(owner),
        noun_phrase,
    )
        .map(|(another, owner, (other, filters))| Units {
            pick: Pick::Any,
            owner: owner.unwrap_or(Owner::Any),
            other: another || other,
            filters,
        })
        .parse_next(input)
}

/// "your units", "your opponent's Characters", "Jedi Characters", "Starfighters": every
/// matching unit.
#[inline(never)]
fn plural(input: &mut &str) -> R<Units> {
    let start = *input;
    let owner = opt(owner).parse_next(input)?;
    let (other, filters) = noun_phrase(input)?;
    let taken = &start[..start.len() - input.len()];
    // Without "your", a phrase is plural only when it ends so ("Starfighters", "Jedi
    // Characters"); "Bastila Shan" is a card's name.
    // The noun before a place or keyword after it: "units in the Character arena".
    let head = [" in ", " with ", " from "]
        .iter()
        .filter_map(|after| taken.find(after))
        .min()
        .map_or(taken, |at| &taken[..at]);
    let last = head.split_whitespace().last().unwrap_or("");
    // "Nihilus", "Kallus", "Tarkis": a name's "-us", "-ss" or "-is" is no plural (as `singular`
    // keeps them).
    let plural_s = last.ends_with('s')
        && !(last.ends_with("ss") || last.ends_with("us") || last.ends_with("is"));
    let plural = !filters.is_empty() && (plural_s || last.eq_ignore_ascii_case("units"));
    if owner.is_none() && !plural {
        *input = start;
        return fail(input, "a unit");
    }
    Ok(Units {
        pick: Pick::Each,
        owner: owner.unwrap_or(Owner::Any),
        other,
        filters,
    })
}

/// Another card named by its name: "Bastila Shan", "Quan-Jang or Shae Koda".
#[inline(never)]
fn named(input: &mut &str) -> R<Units> {
    (
        separated(1.., name, w("or")),
        // "Luke Skywalker or Princess Leia in the Character arena".
        opt(place),
    )
        .map(|(names, place): (Vec<String>, _)| {
            let mut filters: Vec<Filter> = names.into_iter().map(Filter::Named).collect();
            let filter = if filters.len() == 1 {
                filters.remove(0)
            } else {
                Filter::AnyOf(filters)
            };
            Units {
                pick: Pick::Any,
                owner: Owner::Any,
                other: false,
                filters: std::iter::once(filter)
                    .chain(place.map(Filter::In))
                    .collect(),
            }
        })
        .parse_next(input)
}

/// A card name: capitalized words, not a word the grammar reads otherwise.
fn name(input: &mut &str) -> R<String> {
    let words: Vec<&str> = repeat(1.., name_word).parse_next(input)?;
    Ok(words.join(" "))
}

fn name_word<'a>(input: &mut &'a str) -> R<&'a str> {
    capitalized
        .verify(|word: &str| !RESERVED.iter().any(|r| r.eq_ignore_ascii_case(word)))
        .parse_next(input)
}

/// Capitalized words that start sentences or name game things, never a card or subtype.
const RESERVED: [&str; 24] = [
    "When", "Whenever", "As", "If", "Each", "Pay", "This", "That", "Your", "You", "Gain", "Draw",
    "Put", "Remove", "Discard", "Tap", "Untap", "Choose", "Play", "Prevent", "Force", "Equipped",
    "One", "All",
];

/// Cards named by a phrase whose head is "card" or "cards" ("Jedi card", "Dark Side Battle
/// card"): any card matching it.
#[inline(never)]
pub fn card_phrase(input: &mut &str) -> R<Units> {
    let start = *input;
    let (other, filters) = noun_phrase(input)?;
    let cards = filters.iter().any(|f| matches!(f, Filter::CardType(_)));
    if !cards {
        *input = start;
        return fail(input, "card");
    }
    Ok(Units {
        pick: Pick::Any,
        owner: Owner::Any,
        other,
        filters,
    })
}

/// Units named where only cards can be ("search your deck for a Gungan unit"): the unit cards
/// of the phrase.
pub fn unit_cards(input: &mut &str) -> R<Units> {
    let (other, mut filters) = noun_phrase(input)?;
    if filters.iter().any(|f| matches!(f, Filter::CardType(_))) {
        return fail(input, "units");
    }
    filters.push(Filter::CardType(CardType::Unit));
    Ok(Units {
        pick: Pick::Any,
        owner: Owner::Any,
        other,
        filters,
    })
}

/// The words after a determiner: "other", adjectives, the head noun and what follows it.
/// Returns whether "other" was read and the filters.
#[inline(never)]
fn noun_phrase(input: &mut &str) -> R<(bool, Vec<Filter>)> {
    let other = opt(w("other")).parse_next(input)?.is_some();
    let mut filters = noun_core(input)?;
    // "Ground unit or Character", "Jedi Character or Sith Character unit", "Tatooine unit or
    // Tusken": alternatives of whole noun phrases.
    let mut alternatives = if filters.is_empty() {
        Vec::new()
    } else {
        comma_alternatives(input)
    };
    loop {
        let mut probe = *input;
        // "Capital ships and Battle Stations": each of either kind.
        if w("or")(&mut probe).is_err() && w("and")(&mut probe).is_err() {
            break;
        }
        match noun_core(&mut probe) {
            Ok(next) if !next.is_empty() && !filters.is_empty() => {
                *input = probe;
                alternatives.push(next);
            }
            _ => break,
        }
    }
    if !alternatives.is_empty() {
        let any = std::iter::once(filters)
            .chain(alternatives)
            .map(|mut run| {
                if run.len() == 1 {
                    run.remove(0)
                } else {
                    Filter::AllOf(run)
                }
            })
            .collect();
        filters = vec![Filter::AnyOf(any)];
    }
    while let Ok(filter) = post_modifier(input) {
        filters.push(filter);
    }
    Ok((other, filters))
}

/// "Dark Jedi, Sith, or unique Rakatan" (TAL Forcesaber), "Bounty Hunter, Tatooine unit, or
/// Tusken": alternatives listed with commas, taken only when the list ends with "or" or "and"
/// after two of them at least ("a Space unit, a Ground unit" and "a Space unit, and Saw
/// doesn't ..." are no such list). None taken leaves the input as it was.
fn comma_alternatives(input: &mut &str) -> Vec<Vec<Filter>> {
    let mut probe = *input;
    let mut listed = Vec::new();
    while mark(",")(&mut probe).is_ok() {
        let last = w("or")(&mut probe).is_ok() || w("and")(&mut probe).is_ok();
        match noun_core(&mut probe) {
            Ok(next) if !next.is_empty() => listed.push(next),
            _ => return Vec::new(),
        }
        // Two items at least: ", and Saw doesn't ..." begins a clause.
        if last {
            if listed.len() < 2 {
                return Vec::new();
            }
            *input = probe;
            return listed;
        }
    }
    Vec::new()
}

/// A noun phrase's adjectives, subtypes and head noun, without what follows the head.
fn noun_core(input: &mut &str) -> R<Vec<Filter>> {
    let mut filters: Vec<Filter> = Vec::new();
    // Adjectives and subtype words, up to the head noun (or a subtype that is the head).
    let mut head_seen = false;
    for _ in 0..8 {
        if let Ok(filter) = adjective(input) {
            filters.push(filter);
            continue;
        }
        if let Ok(filter) = head(input) {
            if let Some(filter) = filter {
                filters.push(filter);
            }
            head_seen = true;
            break;
        }
        // "a ~ card": a card of the card's own name (`read` puts the name back).
        if self_mark(input).is_ok() {
            filters.push(Filter::Named(crate::normalize::SELF.to_string()));
            head_seen = true;
            if let Ok(Some(filter)) = head(input) {
                filters.push(filter);
            }
            break;
        }
        if let Ok(subtypes) = subtype_words(input) {
            filters.extend(subtypes);
            head_seen = true;
            // A subtype may be followed by a head noun ("Jedi Characters", "Droid units"), or
            // by an arena of the type line and then the head ("Rebel Space units").
            let mut probe = *input;
            if let Ok(arena @ (Filter::OfArena(_) | Filter::AnyOf(_))) = adjective(&mut probe)
                && let Ok(noun) = head(&mut probe)
            {
                *input = probe;
                filters.push(arena);
                filters.extend(noun);
            } else if let Ok(Some(filter)) = head(input) {
                filters.push(filter);
            }
            break;
        }
        break;
    }
    if !head_seen {
        // "Equipped non-droid": a negated subtype is a head of its own.
        if matches!(filters.last(), Some(Filter::Not(inner)) if matches!(**inner, Filter::Subtype(_)))
            && !ahead(head, input)
        {
            return Ok(filters);
        }
        return head(input).map(|filter| {
            filters.extend(filter);
            filters
        });
    }
    // "a Character card", "Jedi Character unit cards": cards of units, in a zone other than
    // the arenas.
    if !filters.iter().any(|f| matches!(f, Filter::CardType(_))) {
        let card = alt((
            one_of(&["unit cards", "unit card"]).map(|_| CardType::Unit),
            one_of(&["cards", "card"]).map(|_| CardType::Card),
        ))
        .parse_next(input);
        if let Ok(card) = card {
            filters.push(Filter::CardType(card));
        }
    }
    Ok(filters)
}

/// Units counted by a phrase without a determiner ("other Tusken in any arena", "Diplomat in
/// the Character arena"): every matching unit.
#[inline(never)]
pub fn counted_units(input: &mut &str) -> R<Units> {
    (opt(owner), noun_phrase)
        .map(|(owner, (other, filters))| Units {
            pick: Pick::Each,
            owner: owner.unwrap_or(Owner::Any),
            other,
            filters,
        })
        .parse_next(input)
}

/// The head noun of a phrase about units or cards.
#[inline(never)]
fn head(input: &mut &str) -> R<Option<Filter>> {
    alt((
        // "unit card" before "unit": a card of a unit, in a zone other than the arenas.
        one_of(&["unit cards", "unit card"]).map(|_| Some(Filter::CardType(CardType::Unit))),
        one_of(&["units", "unit"]).map(|_| None),
        // "Character unit" as "Ground unit": a Character.
        one_of(&[
            "character units",
            "character unit",
            "characters",
            "character",
        ])
        .map(|_| Some(Filter::OfArena(Arena::Character))),
        alt((
            one_of(&["subordinates", "subordinate"])
                .map(|_| Some(Filter::CardType(CardType::Subordinate))),
            one_of(&["events", "event"]).map(|_| Some(Filter::CardType(CardType::Event))),
        )),
        one_of(&["cards", "card"]).map(|_| Some(Filter::CardType(CardType::Card))),
        one_of(&["battle cards", "battle card"])
            .map(|_| Some(Filter::CardType(CardType::BattleCard))),
        (
            one_of(&["missions", "mission"]),
            opt(one_of(&["cards", "card"])),
        )
            .map(|_| Some(Filter::CardType(CardType::Mission))),
        (
            one_of(&["locations", "location"]),
            opt(one_of(&["cards", "card"])),
        )
            .map(|_| Some(Filter::CardType(CardType::Location))),
        (one_of(&["equipment"]), opt(one_of(&["cards", "card"])))
            .map(|_| Some(Filter::CardType(CardType::Equipment))),
    ))
    .context("unit")
    .parse_next(input)
}

/// An adjective before the head: side, uniqueness, state, arena, a negated subtype.
#[inline(never)]
fn adjective(input: &mut &str) -> R<Filter> {
    alt((
        side.map(Filter::Side),
        w("non-unique").map(|_| Filter::Not(Box::new(Filter::Unique))),
        w("unique").map(|_| Filter::Unique),
        states,
        (
            separated(1.., arena_word, w("or")),
            winnow::combinator::not(w("arena")),
        )
            .map(|(arenas, _): (Vec<Arena>, _)| {
                let mut filters: Vec<Filter> = arenas.into_iter().map(Filter::OfArena).collect();
                if filters.len() == 1 {
                    filters.remove(0)
                } else {
                    Filter::AnyOf(filters)
                }
            }),
        non_subtype,
    ))
    .parse_next(input)
}

fn states(input: &mut &str) -> R<Filter> {
    alt((
        one_of(&[
            "partially built",
            "partially-built",
            "face-down",
            "face down",
        ])
        .map(|_| Filter::In(Where::BuildZone(Owner::Any))),
        w("untapped").map(|_| Filter::Untapped),
        w("tapped").map(|_| Filter::Tapped),
        w("damaged").map(|_| Filter::Damaged),
        w("attacking").map(|_| Filter::Attacking),
        w("defending").map(|_| Filter::Defending),
    ))
    .parse_next(input)
}

/// A side of the Force (game 3.3).
fn side(input: &mut &str) -> R<Side> {
    alt((
        w("dark side").map(|_| Side::Dark),
        w("light side").map(|_| Side::Light),
        w("neutral").map(|_| Side::Neutral),
    ))
    .parse_next(input)
}

/// "non-Droid", "non-Creature": not of a subtype.
fn non_subtype(input: &mut &str) -> R<Filter> {
    let rest = input
        .strip_prefix("non-")
        .or_else(|| input.strip_prefix("Non-"));
    let Some(mut rest) = rest else {
        return fail(input, "non-");
    };
    let mut probe = rest;
    // "non-Neutral", "non-Dark Side": a side, not a subtype.
    if let Ok(side) = side(&mut probe) {
        *input = probe;
        return Ok(Filter::Not(Box::new(Filter::Side(side))));
    }
    // "non-droid" as printed on Equipment: the subtype, whatever its case.
    let end = rest
        .find(|c: char| !(c.is_alphanumeric() || c == '-' || c == '\''))
        .unwrap_or(rest.len());
    if end == 0 {
        return fail(input, "a subtype");
    }
    let word = &rest[..end];
    rest = &rest[end..];
    *input = rest.trim_start();
    let mut chars = word.chars();
    let word: String = chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default();
    Ok(Filter::Not(Box::new(Filter::Subtype(singular(&word)))))
}

fn arena_word(input: &mut &str) -> R<Arena> {
    alt((
        w("space").map(|_| Arena::Space),
        w("ground").map(|_| Arena::Ground),
    ))
    .parse_next(input)
}

/// One or more subtypes: "Jedi", "Bounty Hunters", "Sith Creatures", "Jedi or Sith", and
/// lists of them, "Force Sensitives, Jedi, or Sith", "Agents, Assassins, and Spies" (each of
/// any of them, as "Capital ships and Battle Stations").
fn subtype_words(input: &mut &str) -> R<Vec<Filter>> {
    let first = subtype_run(input)?;
    let mut alternatives = vec![first];
    // Where the list stood before its first comma: a list of commas is one only if "or" or
    // "and" ends it ("Jedi, then ..." is no list).
    let mut before_commas: Option<(&str, usize)> = None;
    loop {
        let mut probe = *input;
        let comma = mark(",")(&mut probe).is_ok();
        let joined = w("or")(&mut probe).is_ok() || (comma && w("and")(&mut probe).is_ok());
        if !joined && !comma {
            break;
        }
        if !joined && before_commas.is_none() {
            before_commas = Some((*input, alternatives.len()));
        }
        // "Villagers or Subordinates": a card type is an alternative of its own, no subtype.
        let mut kind = probe;
        if let Ok(Some(filter)) = head(&mut kind) {
            *input = kind;
            alternatives.push(vec![filter]);
            if joined {
                before_commas = None;
            }
            continue;
        }
        // "a Dark Jedi or Dark Side unit", "Force Sensitive or Light Side Jedi": a side is an
        // alternative of its own, with any subtypes after it, never the subtypes "Dark" and
        // "Side".
        let mut of_side = probe;
        if let Ok(side) = side(&mut of_side) {
            let mut run = vec![Filter::Side(side)];
            let mut more = of_side;
            if let Ok(subtypes) = subtype_run(&mut more) {
                run.extend(subtypes);
                of_side = more;
            }
            *input = of_side;
            alternatives.push(run);
            if joined {
                before_commas = None;
            }
            continue;
        }
        if let Ok(next) = subtype_run(&mut probe) {
            *input = probe;
            alternatives.push(next);
            if joined {
                before_commas = None;
            }
            continue;
        }
        break;
    }
    if let Some((before, count)) = before_commas {
        *input = before;
        alternatives.truncate(count);
    }
    if alternatives.len() == 1 {
        return Ok(alternatives.remove(0));
    }
    let any: Vec<Filter> = alternatives
        .into_iter()
        .map(|mut run| {
            // "Dark Jedi or Sith": the words of one alternative hold together.
            if run.len() == 1 {
                run.remove(0)
            } else {
                Filter::AllOf(run)
            }
        })
        .collect();
    Ok(vec![Filter::AnyOf(any)])
}

/// Capitalized words read as subtypes, each one a filter (a multi-word subtype is one).
#[inline(never)]
fn subtype_run(input: &mut &str) -> R<Vec<Filter>> {
    let mut filters = Vec::new();
    loop {
        if let Some(multi) = MULTI_WORD_SUBTYPES
            .iter()
            .find(|multi| starts_with_words(input, multi))
        {
            let mut probe = &input[multi.len()..];
            // "Bounty Hunters": the plural of a multi-word subtype.
            probe = probe.strip_prefix('s').unwrap_or(probe);
            if probe.is_empty() || !probe.starts_with(|c: char| c.is_alphanumeric()) {
                *input = probe.trim_start_matches(' ');
                filters.push(Filter::Subtype((*multi).to_string()));
                continue;
            }
        }
        if ahead(arena_word, input) || ahead(head, input) {
            break;
        }
        match name_word(input) {
            Ok(word) => filters.push(Filter::Subtype(singular(word))),
            Err(e) if filters.is_empty() => return Err(e),
            Err(_) => break,
        }
    }
    if filters.is_empty() {
        return name_word(input).map(|word| vec![Filter::Subtype(singular(word))]);
    }
    Ok(filters)
}

fn starts_with_words(input: &str, words: &str) -> bool {
    input.len() >= words.len()
        && input.is_char_boundary(words.len())
        && input[..words.len()].eq_ignore_ascii_case(words)
}

/// A subtype's singular: "Stormtroopers" is "Stormtrooper"; "Sith" and "Jedi" stay.
pub fn singular(word: &str) -> String {
    let lower = word.to_lowercase();
    if let Some((_, subtype)) = SUBTYPE_ALIASES.iter().find(|(alias, _)| *alias == lower) {
        let mut chars = subtype.chars();
        return chars
            .next()
            .map(|c| c.to_uppercase().chain(chars).collect())
            .unwrap_or_default();
    }
    // "Spies", "Armies", "Mercenaries": but a Droid's "Series" is no plural.
    if let Some(stem) = word.strip_suffix("ies")
        && stem.len() >= 2
        && !lower.ends_with("series")
    {
        return format!("{stem}y");
    }
    let keep = word.ends_with("ss") || word.ends_with("us") || word.ends_with("is");
    match word.strip_suffix('s') {
        Some(stem) if !keep && stem.len() >= 3 => stem.to_string(),
        _ => word.to_string(),
    }
}

/// What follows the head: a place, a keyword, a printed cost.
#[inline(never)]
fn post_modifier(input: &mut &str) -> R<Filter> {
    alt((
        place.map(Filter::In),
        (w("from"), place_after_in).map(|(_, place)| Filter::In(place)),
        // 'with "Skywalker" in its name', 'with "Rancor" in its name or subtype', 'with
        // "Sabine" or "Wren" in its name' (either).
        (
            w("with"),
            separated(1..=4, super::effects::quoted_words, w("or")),
            one_of(&[
                "in its name or subtype",
                "in their names or subtypes",
                "in its name",
                "in their names",
                "in their name",
            ]),
        )
            .map(|(_, words, place): (_, Vec<String>, _)| {
                let mut each: Vec<Filter> = words
                    .into_iter()
                    .map(|words| {
                        if place.contains("subtype") {
                            Filter::AnyOf(vec![
                                Filter::Named(words.clone()),
                                Filter::Subtype(words),
                            ])
                        } else {
                            Filter::Named(words)
                        }
                    })
                    .collect();
                if each.len() == 1 {
                    each.remove(0)
                } else {
                    Filter::AnyOf(each)
                }
            }),
        counters_on,
        (w("with"), keyword_name).map(|(_, name)| Filter::WithKeyword(name)),
        (
            w("with printed build cost"),
            number,
            one_of(&["or less", "or more"]),
        )
            .map(|(_, n, which)| {
                if which == "or less" {
                    Filter::CostAtMost(n)
                } else {
                    Filter::CostAtLeast(n)
                }
            }),
        // "an untapped Character with power 4 or less": its power now.
        (w("with power"), number, one_of(&["or less", "or more"])).map(|(_, n, which)| {
            if which == "or less" {
                Filter::PowerAtMost(n)
            } else {
                Filter::PowerAtLeast(n)
            }
        }),
        stat_bound,
    ))
    .parse_next(input)
}

/// "with speed 30 or lower", "with a total health of 3 or less", "with a total build cost of 4
/// or less", "with build cost 5 or less": a total now (game 3.3).
fn stat_bound(input: &mut &str) -> R<Filter> {
    #[derive(Clone, Copy)]
    enum Stat {
        Speed,
        Health,
        BuildCost,
    }
    (
        w("with"),
        opt(one_of(&["a total", "total", "a"])),
        alt((
            w("speed").map(|_| Stat::Speed),
            w("health").map(|_| Stat::Health),
            w("build cost").map(|_| Stat::BuildCost),
        )),
        opt(w("of")),
        number,
        alt((
            one_of(&["or less", "or lower", "or fewer"]).map(|_| true),
            one_of(&["or more", "or higher", "or greater"]).map(|_| false),
        )),
    )
        .map(|(_, _, stat, _, n, at_most)| match (stat, at_most) {
            (Stat::Speed, true) => Filter::SpeedAtMost(n),
            (Stat::Speed, false) => Filter::SpeedAtLeast(n),
            (Stat::Health, true) => Filter::HealthAtMost(n),
            (Stat::Health, false) => Filter::HealthAtLeast(n),
            (Stat::BuildCost, true) => Filter::BuildCostAtMost(n),
            (Stat::BuildCost, false) => Filter::BuildCostAtLeast(n),
        })
        .parse_next(input)
}

/// 'with 1 or more captivity counters on it', 'with a mastery counter on it', 'with no damage
/// counters on it': counters of a kind on the unit.
fn counters_on(input: &mut &str) -> R<Filter> {
    (
        w("with"),
        // "with damage counters on them": one or more.
        opt(alt((
            (number, w("or more")).map(|(n, _)| Some(n)),
            one_of(&["a", "an", "one or more", "any"]).map(|_| Some(1)),
            w("no").map(|_| None),
        )))
        .map(|at_least| at_least.unwrap_or(Some(1))),
        alt((
            w("damage").map(|_| "damage".to_string()),
            super::costs::counter_kind,
        )),
        one_of(&["counters", "counter"]),
        w("on"),
        one_of(&["each of them", "it", "them", "him", "her"]),
    )
        .map(|(_, at_least, kind, ..)| match at_least {
            Some(at_least) => Filter::CountersAtLeast { kind, at_least },
            None => Filter::Not(Box::new(Filter::CountersAtLeast { kind, at_least: 1 })),
        })
        .parse_next(input)
}

/// "in the Ground arena", "in the Space or Ground arena", "in this arena", "in any arena",
/// "in play".
#[inline(never)]
pub fn place(input: &mut &str) -> R<Where> {
    alt((
        w("in play").map(|_| Where::AnyArena),
        (w("in"), place_after_in).map(|(_, p)| p),
    ))
    .parse_next(input)
}

/// A place after "in" or "from": "the Ground arena", "any arena", "this arena".
pub fn place_after_in(input: &mut &str) -> R<Where> {
    alt((
        one_of(&["this arena", "the same arena", "its arena"]).map(|_| Where::ThisArena),
        (opt(owner), w("build zone"))
            .map(|(owner, _)| Where::BuildZone(owner.unwrap_or(Owner::Any))),
        // "Choose an arena. Each of your Gamorreans in the chosen arena gets Fury 1."
        one_of(&["that arena", "the chosen arena"]).map(|_| Where::ThatArena),
        // "in any arena or your build zone", "in any arena or his or her build zone".
        (
            w("any arena or"),
            // "his or her", "their": the player the phrase's owner names, whose units they
            // are (the phrase's owner filters them).
            opt(alt((
                one_of(&["his or her", "their"]).map(|_| None),
                owner.map(Some),
            ))),
            w("build zone"),
        )
            .map(|(_, owner, _)| Where::ArenaOrBuildZone(owner.flatten().unwrap_or(Owner::Any))),
        one_of(&["any arena", "an arena", "all arenas"]).map(|_| Where::AnyArena),
        w("each arena").map(|_| Where::EachArena),
        (
            w("the"),
            separated(1.., arena_name, alt((w("or"), w("and"), mark(",")))),
            one_of(&["arenas", "arena"]),
        )
            .map(|(_, arenas, _): (_, Vec<Arena>, _)| Where::Arenas(arenas)),
    ))
    .parse_next(input)
}

pub fn arena_name(input: &mut &str) -> R<Arena> {
    alt((arena_word, w("character").map(|_| Arena::Character))).parse_next(input)
}

/// A keyword's name as printed ("Stealth", "Critical Hit").
#[inline(never)]
pub fn keyword_name(input: &mut &str) -> R<String> {
    let mut best: Option<&str> = None;
    for keyword in crate::vocabulary::GRANTED_KEYWORDS.iter() {
        if starts_with_words(input, keyword.name)
            && !input[keyword.name.len()..].starts_with(|c: char| c.is_alphanumeric())
            && best.is_none_or(|b| keyword.name.len() > b.len())
        {
            best = Some(keyword.name);
        }
    }
    match best {
        Some(name) => {
            *input = input[name.len()..].trim_start_matches(' ');
            Ok(name.to_string())
        }
        None => w("a keyword")(input).map(|_| String::new()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Units {
        super::super::words::read_whole(units, text)
    }

    #[test]
    fn self_references_and_pronouns() {
        assert_eq!(read("this unit").pick, Pick::This);
        assert_eq!(read("~").pick, Pick::This);
        assert_eq!(read("it").pick, Pick::That);
        assert_eq!(read("that Character").pick, Pick::That);
        assert_eq!(read("the defending unit").pick, Pick::Defender);
    }

    #[test]
    fn words_of_a_name_in_quotes() {
        // BOBF You're a Skywalker, BOBF The Rancor Keeper (A).
        let units = read("One of your units with \"Skywalker\" in its name");
        assert_eq!(units.filters, [Filter::Named("Skywalker".into())]);
        let units = read("a unit with \u{201c}Rancor\u{201d} in its name or subtype");
        assert_eq!(
            units.filters,
            [Filter::AnyOf(vec![
                Filter::Named("Rancor".into()),
                Filter::Subtype("Rancor".into())
            ])]
        );
        // FOR Wren Stronghold: either of two names.
        let units = read("a unit card with \"Sabine\" or \"Wren\" in its name");
        assert!(units.filters.contains(&Filter::AnyOf(vec![
            Filter::Named("Sabine".into()),
            Filter::Named("Wren".into())
        ])));
    }

    #[test]
    fn each_of_your_other_subtypes_in_an_arena() {
        let units = read("each of your other Stormtroopers in the Ground arena");
        assert_eq!(units.pick, Pick::Each);
        assert_eq!(units.owner, Owner::Yours);
        assert!(units.other);
        assert_eq!(
            units.filters,
            [
                Filter::Subtype("Stormtrooper".into()),
                Filter::In(Where::Arenas(vec![Arena::Ground]))
            ]
        );
    }

    #[test]
    fn chosen_units_with_owner_and_adjectives() {
        let units = read("one of your opponent's non-unique Ground units");
        assert_eq!(
            units.pick,
            Pick::Chosen {
                count: 1,
                up_to: false
            }
        );
        assert_eq!(units.owner, Owner::Opponents);
        assert_eq!(
            units.filters,
            [
                Filter::Not(Box::new(Filter::Unique)),
                Filter::OfArena(Arena::Ground)
            ]
        );
        // AOTC Corde (A): "any one" is one the controller chooses, of any player.
        let units = read("any one non-Jedi Character");
        assert_eq!(
            (units.pick, units.owner),
            (
                Pick::Chosen {
                    count: 1,
                    up_to: false
                },
                Owner::Any
            )
        );
        let units = read("up to 2 units in the Space or Ground arena");
        assert_eq!(
            units.pick,
            Pick::Chosen {
                count: 2,
                up_to: true
            }
        );
    }

    #[test]
    fn subtypes_plurals_and_alternatives() {
        assert_eq!(
            read("Jedi Characters").filters,
            [
                Filter::Subtype("Jedi".into()),
                Filter::OfArena(Arena::Character)
            ]
        );
        assert_eq!(
            read("each of your Bounty Hunters").filters,
            [Filter::Subtype("Bounty Hunter".into())]
        );
        assert_eq!(
            read("each Jedi or Sith").filters,
            [Filter::AnyOf(vec![
                Filter::Subtype("Jedi".into()),
                Filter::Subtype("Sith".into())
            ])]
        );
        // An alternative of two words holds together: a Jedi who is no Dark Jedi is not named.
        assert_eq!(
            read("Equipped Dark Jedi or Sith").filters,
            [Filter::AnyOf(vec![
                Filter::AllOf(vec![
                    Filter::Subtype("Dark".into()),
                    Filter::Subtype("Jedi".into())
                ]),
                Filter::Subtype("Sith".into())
            ])]
        );
        assert_eq!(
            read("a unit with Stealth").filters,
            [Filter::WithKeyword("Stealth".into())]
        );
    }

    #[test]
    fn any_arena_or_a_build_zone() {
        // JG Droid Deactivation; ESB Carbon-Freezing Chamber ("his or her build zone").
        let units =
            read("one of your opponent's Droids in any arena or your opponent's build zone");
        assert!(
            units
                .filters
                .contains(&Filter::In(Where::ArenaOrBuildZone(Owner::Opponents)))
        );
        let units = read("one of your opponent's Characters in any arena or his or her build zone");
        assert!(
            units
                .filters
                .contains(&Filter::In(Where::ArenaOrBuildZone(Owner::Any)))
        );
    }

    #[test]
    fn lists_of_subtypes_end_in_or_or_and() {
        // 15TH Force Suppression: "Tap one of your Force Sensitives, Jedi, or Sith in any arena".
        assert_eq!(
            read("one of your Force Sensitives, Jedi, or Sith").filters,
            [Filter::AnyOf(vec![
                Filter::Subtype("Force Sensitive".into()),
                Filter::Subtype("Jedi".into()),
                Filter::Subtype("Sith".into()),
            ])]
        );
        // TROS Allegiant General Enric Pryde: "Each of your opponent's Agents, Assassins, and
        // Spies gets -1 health".
        assert_eq!(
            read("each of your opponent's Agents, Assassins, and Spies").filters,
            [Filter::AnyOf(vec![
                Filter::Subtype("Agent".into()),
                Filter::Subtype("Assassin".into()),
                Filter::Subtype("Spy".into()),
            ])]
        );
        // Commas that no "or" or "and" ends make no list.
        let mut text = "one of your Jedi, Sith";
        let units = super::units(&mut text).unwrap();
        assert_eq!(units.filters, [Filter::Subtype("Jedi".into())]);
        assert_eq!(text, ", Sith");
    }

    #[test]
    fn alternatives_of_noun_phrases() {
        assert_eq!(
            read("Equipped Ground unit or Character").filters,
            [Filter::AnyOf(vec![
                Filter::OfArena(Arena::Ground),
                Filter::OfArena(Arena::Character)
            ])]
        );
        assert_eq!(
            read("Equipped Jedi Character or Sith Character unit").filters,
            [Filter::AnyOf(vec![
                Filter::AllOf(vec![
                    Filter::Subtype("Jedi".into()),
                    Filter::OfArena(Arena::Character)
                ]),
                Filter::AllOf(vec![
                    Filter::Subtype("Sith".into()),
                    Filter::OfArena(Arena::Character)
                ]),
            ])]
        );
    }

    #[test]
    fn a_side_is_an_alternative_of_its_own() {
        // 15TH Slaughter on Ossus: "when attacking a Dark Jedi or Dark Side unit".
        assert_eq!(
            read("Equipped Dark Jedi or Dark Side unit").filters,
            [Filter::AnyOf(vec![
                Filter::AllOf(vec![
                    Filter::Subtype("Dark".into()),
                    Filter::Subtype("Jedi".into())
                ]),
                Filter::Side(Side::Dark),
            ])]
        );
        // TAL Force Blade: "Equipped Force Sensitive or Light Side Jedi gets +2 power."
        assert_eq!(
            read("Equipped Force Sensitive or Light Side Jedi").filters,
            [Filter::AnyOf(vec![
                Filter::Subtype("Force Sensitive".into()),
                Filter::AllOf(vec![
                    Filter::Side(Side::Light),
                    Filter::Subtype("Jedi".into())
                ]),
            ])]
        );
    }

    #[test]
    fn a_negated_subtype_in_lower_case() {
        assert_eq!(
            read("Equipped non-droid").filters,
            [Filter::Not(Box::new(Filter::Subtype("Droid".into())))]
        );
    }

    #[test]
    fn kinds_joined_by_and_are_each_of_either() {
        let units = read("each of your Capital ships and Battle Stations");
        assert_eq!(
            units.filters,
            [Filter::AnyOf(vec![
                Filter::Subtype("Capital Ship".into()),
                Filter::AllOf(vec![
                    Filter::Subtype("Battle".into()),
                    Filter::Subtype("Station".into())
                ])
            ])]
        );
    }

    #[test]
    fn names_in_a_place() {
        assert_eq!(
            read("Luke Skywalker or Princess Leia in the Character arena").filters,
            [
                Filter::AnyOf(vec![
                    Filter::Named("Luke Skywalker".into()),
                    Filter::Named("Princess Leia".into())
                ]),
                Filter::In(Where::Arenas(vec![Arena::Character]))
            ]
        );
    }

    #[test]
    fn a_power_of_at_most_a_number() {
        assert_eq!(
            read("an untapped Character with power 4 or less").filters,
            [
                Filter::Untapped,
                Filter::OfArena(Arena::Character),
                Filter::PowerAtMost(4)
            ]
        );
    }

    #[test]
    fn the_attacking_or_defending_unit_by_its_kind() {
        // JG Lightsaber Loss, Oppo Rancisis (A); FOR Old Wounds.
        assert_eq!(
            read("an attacking Jedi").filters,
            [Filter::Attacking, Filter::Subtype("Jedi".into())]
        );
        assert_eq!(
            read("an attacking Dark Side Character").filters,
            [
                Filter::Attacking,
                Filter::Side(Side::Dark),
                Filter::OfArena(Arena::Character)
            ]
        );
        assert_eq!(
            read("one of your defending Characters").filters,
            [Filter::Defending, Filter::OfArena(Arena::Character)]
        );
    }

    #[test]
    fn a_character_unit_is_a_character() {
        // Blaster Pistol (ROTS): "Equipped Character unit gets +1 power."
        assert_eq!(
            read("Equipped Character unit").filters,
            [Filter::OfArena(Arena::Character)]
        );
    }

    #[test]
    fn a_name_ending_in_us_is_no_plural() {
        // Visas Marr (B): "As long as Darth Nihilus is in any arena, ...".
        assert_eq!(
            read("Darth Nihilus").filters,
            [Filter::Named("Darth Nihilus".into())]
        );
    }

    #[test]
    fn equipped_and_named_units() {
        let units = read("Equipped non-unique Stormtrooper Squad");
        assert_eq!(units.pick, Pick::Equipped);
        assert_eq!(
            read("Quan-Jang or Shae Koda").filters,
            [Filter::AnyOf(vec![
                Filter::Named("Quan-Jang".into()),
                Filter::Named("Shae Koda".into())
            ])]
        );
    }

    #[test]
    fn alternatives_listed_with_commas() {
        // TAL Forcesaber.
        let units = read("Equipped Dark Jedi, Sith, or unique Rakatan");
        assert_eq!(units.pick, Pick::Equipped);
        let [Filter::AnyOf(any)] = units.filters.as_slice() else {
            panic!("{:?}", units.filters);
        };
        assert_eq!(any.len(), 3);
        assert_eq!(any[1], Filter::Subtype("Sith".into()));
        // Two items make no list: the comma ends the phrase.
        let mut text = "a Space unit, and ~ doesn't count";
        let units = super::units(&mut text).expect("units");
        assert_eq!(units.filters.len(), 1);
        assert_eq!(text, ", and ~ doesn't count");
    }

    #[test]
    fn a_card_type_after_or_is_no_subtype() {
        // TMW: "[tap] -> Tap one of your opponent's Villagers or Subordinates in this arena."
        let units = read("one of your opponent's Villagers or Subordinates in this arena");
        assert_eq!(
            units.filters,
            [
                Filter::AnyOf(vec![
                    Filter::Subtype("Villager".into()),
                    Filter::CardType(CardType::Subordinate)
                ]),
                Filter::In(Where::ThisArena)
            ]
        );
    }

    #[test]
    fn a_subtype_then_an_arena_then_the_head() {
        // "Each of your Rebel Space units gets +3 power."
        assert_eq!(
            read("each of your Rebel Space units").filters,
            [
                Filter::Subtype("Rebel".into()),
                Filter::OfArena(Arena::Space)
            ]
        );
        assert_eq!(
            read("each of your other Gungan Ground units").filters,
            [
                Filter::Subtype("Gungan".into()),
                Filter::OfArena(Arena::Ground)
            ]
        );
    }

    #[test]
    fn each_arena_is_not_any_arena_and_events_are_no_subtype() {
        // "If you have 2 or more units in each arena": one in every arena, not in any one.
        assert_eq!(
            read("each of your units in each arena").filters,
            [Filter::In(Where::EachArena)]
        );
        // "Each Character gets +1 power for each Event in play."
        assert_eq!(
            read("each Event in play").filters,
            [
                Filter::CardType(CardType::Event),
                Filter::In(Where::AnyArena)
            ]
        );
    }

    #[test]
    fn counters_of_a_kind_on_units() {
        assert_eq!(
            read("one of your opponent's units with 1 or more captivity counters on it").filters,
            [Filter::CountersAtLeast {
                kind: "captivity".into(),
                at_least: 1
            }]
        );
        assert_eq!(
            read("each unit with a mastery counter on it").filters,
            [Filter::CountersAtLeast {
                kind: "mastery".into(),
                at_least: 1
            }]
        );
        assert_eq!(
            read("each unit with no damage counters on it").filters,
            [Filter::Not(Box::new(Filter::CountersAtLeast {
                kind: "damage".into(),
                at_least: 1
            }))]
        );
    }
}
