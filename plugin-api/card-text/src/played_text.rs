//! Reads the printed texts of played cards, Battle cards and Missions (game 7.4, 13.1.1), into
//! steps the card plugins carry out: "Pay 3 Force -> One of your units gets +30 speed and
//! Accuracy 1 until end of turn.", "Your opponent loses 4 Force.", "Choose an untapped non-Jedi
//! Character. Tap that Character."
//!
//! The reader is pure: [`parse`] turns a whole printed text into a [`PlayedText`], or `None` for
//! any word it does not know, so that a plugin claims (`understands`) only texts it carries out
//! completely, timing restrictions ("Play only if ...") included. [`Filter::matches`] decides
//! which units a phrase such as "your Soldiers in the Ground arena" names. Carrying a step out,
//! which asks the host for the units in play ([`step_effects`]), is `resolve`'s, re-exported
//! here. The keywords and subtypes the reader knows by name are the crate's `vocabulary`.

use crate::card_text::{force_cost, is_self};
use crate::vocabulary::{GRANTED_KEYWORDS, GrantedKeyword, MULTI_WORD_SUBTYPES};
use swtcg_plugin_api::text::stat_change;
use swtcg_sdk::{Arena, Side, UnitView};

mod resolve;

pub use resolve::{
    ARENAS, Pick, affected, allowed, boost_effects, duration, step_effects, unit_options, units_in,
    units_matching,
};

/// Words that look like a subtype in a phrase but are not one.
const NOT_SUBTYPES: [&str; 12] = [
    "other",
    "another",
    "opponent's",
    "your",
    "each",
    "all",
    "that",
    "this",
    "those",
    "these",
    "any",
    "the",
];

/// A whole printed text of a Battle card or Mission.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayedText {
    /// Force paid before the arrow ("Pay 4 Force ->"), if the text has a cost.
    pub cost: Option<u32>,
    /// What the card does: one step, or several the player chooses one of ("Choose one: prevent
    /// up to 2 damage to one of your units, or one of your units gets +3 power for this attack").
    pub choices: Vec<Step>,
    /// The printed words of each choice, for the player to pick by.
    pub labels: Vec<String>,
    /// "Play only ..." restrictions, all of which must hold.
    pub only_if: Vec<Condition>,
}

/// One thing a card does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// "One of your <units> gets <boost> for this attack / until end of turn." `against`: "if it
    /// is attacking a unit that has <keyword>".
    OneGets {
        filter: Filter,
        boost: Boost,
        until: Until,
        against: Option<String>,
    },
    /// "Each of your <units> gets <boost> until end of turn."
    EachGets {
        filter: Filter,
        boost: Boost,
        until: Until,
    },
    /// "Choose one: Clone, Droid or Jedi. Each unit of that type gets -3 power until end of
    /// turn." Every unit in an arena with the chosen subtype, whoever controls it.
    TypeGets {
        types: Vec<String>,
        boost: Boost,
        until: Until,
    },
    /// "Prevent up to 2 damage to one of your Characters."
    Prevent { filter: Filter, amount: Amount },
    /// "Remove up to 2 damage counters from one of your Space units."
    RemoveDamage { filter: Filter, up_to: u32 },
    /// "Remove 1 damage counter from each of your damaged units."
    RemoveFromEach { filter: Filter, amount: u32 },
    /// "Choose an untapped unit. Tap that unit."
    TapOne { filter: Filter },
    /// "Tap all of your opponent's untapped units in that arena."
    TapAll { filter: Filter },
    /// "You gain +2 Force." or, with `per`, "You gain +1 Force for each of your Characters in
    /// any arena."
    GainForce { amount: u32, per: Option<Filter> },
    /// "Your opponent loses 4 Force."
    OpponentLosesForce(u32),
    /// "You get +3 build points this turn." or, with `per`, "You get +1 build point for each
    /// Diplomat (yours and your opponent's) in the Character arena."
    BuildPoints { amount: u32, per: Option<Filter> },
    /// "If you have 2 or more units in each arena, <step>."
    IfUnitsInEachArena { at_least: u32, then: Box<Step> },
    /// "Choose a Ground unit in your opponent's build zone. Put that unit into the Ground arena.
    /// If it's tapped, untap it.": a completed unit of the opponent's build zone whose type
    /// line has the arena goes into it, untapped.
    FromOpponentsBuildZone { arena: Arena },
    /// "Put 2 corruption counters on a unit in any arena.": counters of a kind (not damage) on
    /// one unit the phrase names.
    PutCounters {
        kind: String,
        amount: u32,
        filter: Filter,
    },
    /// "Put 3 damage counters on one of your opponent's units in any arena.": damage counters
    /// put on one unit the phrase names, which is not damage (game 11.5: it can't be
    /// prevented and triggers nothing that damage triggers).
    PlaceDamage { amount: u32, filter: Filter },
    /// "That unit gets +2 power for this attack." / "That Jedi or Sith also gets Critical Hit 2
    /// for this attack.": the unit the card already chose (its target), so only a part added to
    /// a card's effect (Enhance) can carry it out.
    ThatGets { boost: Boost, until: Until },
    /// "Gain 1 Force, and your opponent loses 1 Force." / "You gain 1 Force and your opponent
    /// loses 1 Force." / "Gain 1 build point and 1 Force.": gains and losses of Force or build
    /// points and draws that all happen, in order (no choice in any of them).
    Sequence(Vec<Step>),
    /// "Draw 1 card." / "Draw a card.": the player draws.
    Draw(u32),
    /// "Each player loses all of his or her Force."
    EachLosesAllForce,
    /// "Asteroid Field does 2 dice of damage to each unit in the Space arena." / "Do 2 dice of
    /// damage to each of your opponent's units.": dice of damage rolled at each unit the phrase
    /// names, from the card that prints the text. `by` is the subject as printed when the
    /// sentence names the card ("Asteroid Field"), for the plugin to check against the card's
    /// name (`card_text::names_unit`).
    DiceToEach {
        by: Option<String>,
        dice: u32,
        filter: Filter,
    },
    /// "Choose one of your opponent's units in the Character arena. Do 3 dice of damage to that
    /// Character." (or "Concentrated Fire does 4 dice of damage to that unit."): dice of damage
    /// from the card at one unit the player chooses; `by` as for [`Step::DiceToEach`].
    DiceToOne {
        by: Option<String>,
        dice: u32,
        filter: Filter,
    },
    /// "Put 1 damage counter on each unit in the Character arena.": damage counters on each unit
    /// the phrase names, which is not damage (game 11.5).
    PlaceDamageEach { amount: u32, filter: Filter },
}

/// How much damage a prevention prevents.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Amount {
    /// "up to N": the player picks 1 to N.
    UpTo(u32),
    /// "N damage".
    Exactly(u32),
    /// "all damage".
    All,
}

/// What a unit gets: stat changes and abilities, as printed ("Accuracy 1", "Pay 2 Force ->
/// Intercept").
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Boost {
    pub speed: i32,
    pub power: i32,
    pub health: i32,
    pub abilities: Vec<String>,
}

/// How long a boost lasts (game 13.1.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Until {
    /// "for this attack": only during an attack, for a unit in it.
    ThisAttack,
    /// "until end of turn".
    EndOfTurn,
}

/// A "Play only ..." restriction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Condition {
    /// "Play only if no unit is attacking." / "Play only when no unit is attacking."
    NoAttack,
    /// "Play only if you have more units in the Space arena than your opponent."
    MoreUnitsIn(Arena),
}

/// Whose units a phrase names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Whose {
    Yours,
    Opponents,
    Anyone,
}

/// Where a phrase's units are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// "in the Ground arena".
    Arena(Arena),
    /// "in that arena": the arena the player chose ("Choose an arena.").
    Chosen,
}

/// One kind of unit a phrase allows: a type-line arena ("Space units", "Characters"), a subtype
/// ("Starfighters") or both ("Jedi Character units").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Kind {
    pub arena: Option<Arena>,
    /// The subtype as printed, possibly plural ("Stormtroopers").
    pub subtype: Option<String>,
}

/// The units a phrase such as "your untapped Soldiers in the Ground arena" names. Only units in
/// an arena count: a card in the build zone is not where battle effects reach (game 8.3).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Filter {
    pub whose: Whose,
    /// Alternatives ("Space or Ground units"); empty: any unit.
    pub kinds: Vec<Kind>,
    /// "non-Jedi": subtypes the unit must not have.
    pub except: Vec<String>,
    pub untapped: bool,
    pub damaged: bool,
    pub unique: bool,
    pub place: Option<Place>,
}

impl Filter {
    fn new(whose: Whose) -> Filter {
        Filter {
            whose,
            kinds: Vec::new(),
            except: Vec::new(),
            untapped: false,
            damaged: false,
            unique: false,
            place: None,
        }
    }

    /// Whether `unit` is one of the units the phrase names, for the player `me`; `chosen` is the
    /// arena the player chose, for "in that arena".
    pub fn matches(&self, unit: &UnitView, me: Side, chosen: Option<Arena>) -> bool {
        let Some(arena) = unit.zone.arena() else {
            return false;
        };
        let whose = match self.whose {
            Whose::Yours => unit.controller == me,
            Whose::Opponents => unit.controller != me,
            Whose::Anyone => true,
        };
        let place = match self.place {
            None => true,
            Some(Place::Arena(a)) => a == arena,
            Some(Place::Chosen) => chosen == Some(arena),
        };
        let kind = self.kinds.is_empty()
            || self.kinds.iter().any(|k| {
                k.arena.is_none_or(|a| unit.arenas.contains(&a))
                    && k.subtype.as_deref().is_none_or(|s| has_subtype(unit, s))
            });
        let except = self.except.iter().any(|s| has_subtype(unit, s));
        // A Location is never among the units the host lists (game 16.1), so no filter sees one.
        unit.built
            && whose
            && place
            && kind
            && !except
            && (!self.untapped || !unit.tapped)
            && (!self.damaged || unit.damage > 0)
            && (!self.unique || unit.unique)
    }
}

/// Whether a unit has a subtype printed as `wanted` ("Stormtroopers", "Jedi"): one of its
/// subtypes, or a word of one ("Jedi" is part of "Jedi Knight"), singular or plural (the
/// grammar crate's one reading of a subtype, `vocabulary::has_subtype`).
pub fn has_subtype(unit: &UnitView, wanted: &str) -> bool {
    crate::vocabulary::has_subtype(&unit.subtypes, wanted)
}

/// Reads a whole printed text; `None` if any part of it is not understood.
pub fn parse(text: &str) -> Option<PlayedText> {
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if text.contains('|') {
        return None;
    }
    let (cost, body) = match split_arrow(&text) {
        Some((cost, body)) => (Some(force_cost(cost)?), body),
        None => (None, text.as_str()),
    };
    let mut sentences = sentences(body);
    let mut only_if = Vec::new();
    while let Some(last) = sentences.last() {
        if !starts_with_word(last, "Play only") {
            break;
        }
        only_if.push(condition(last)?);
        sentences.pop();
    }
    let choices = body_steps(&sentences)?;
    let labels = if choices.len() > 1 {
        let body = sentences.join(". ");
        let body = strip(&body, "Choose one: ").unwrap_or(&body).to_string();
        body.split(", or ").map(capitalized).collect()
    } else {
        vec![sentences.join(". ")]
    };
    Some(PlayedText {
        cost,
        choices,
        labels,
        only_if,
    })
}

/// The cost and effect of "cost -> effect", with either arrow; an arrow inside quotes belongs to
/// an ability the effect gives ('One of your units gets "Pay 2 Force -> Intercept" ...').
fn split_arrow(text: &str) -> Option<(&str, &str)> {
    let mut quoted = false;
    for (at, c) in text.char_indices() {
        match c {
            '"' => quoted = !quoted,
            '-' if !quoted && text[at..].starts_with("->") => {
                return Some((text[..at].trim(), text[at + 2..].trim()));
            }
            '→' if !quoted => return Some((text[..at].trim(), text[at + c.len_utf8()..].trim())),
            _ => {}
        }
    }
    None
}

fn words(text: &str) -> Vec<&str> {
    text.split_whitespace().collect()
}

/// The sentences of a text, without their full stops ("for this attack.." counts as one).
fn sentences(body: &str) -> Vec<String> {
    let body = body.trim().trim_end_matches('.').trim();
    body.split(". ")
        .map(|s| s.trim().trim_end_matches('.').trim().to_string())
        .filter(|s| !s.is_empty())
        .collect()
}

/// Whether `text` starts with `prefix`, ignoring case.
fn starts_with_word(text: &str, prefix: &str) -> bool {
    text.len() >= prefix.len()
        && text.is_char_boundary(prefix.len())
        && text[..prefix.len()].eq_ignore_ascii_case(prefix)
}

/// `text` without `prefix` (ignoring case), if it starts with it: how the readers of printed
/// text take a sentence's known start off.
pub fn strip<'a>(text: &'a str, prefix: &str) -> Option<&'a str> {
    starts_with_word(text, prefix).then(|| &text[prefix.len()..])
}

/// `text` without `suffix` (ignoring case), if it ends with it.
fn strip_end<'a>(text: &'a str, suffix: &str) -> Option<&'a str> {
    let at = text.len().checked_sub(suffix.len())?;
    (text.is_char_boundary(at) && text[at..].eq_ignore_ascii_case(suffix)).then(|| &text[..at])
}

fn condition(sentence: &str) -> Option<Condition> {
    let rest = strip(sentence, "Play only ")?;
    let rest = strip(rest, "if ").or_else(|| strip(rest, "when "))?;
    if rest.eq_ignore_ascii_case("no unit is attacking") {
        return Some(Condition::NoAttack);
    }
    let rest = strip(rest, "you have more units in the ")?;
    let arena = strip_end(rest, " arena than your opponent")?;
    Some(Condition::MoreUnitsIn(Arena::from_word(arena)?))
}

/// The steps of the effect's sentences: one step, or the alternatives of a "Choose one".
fn body_steps(sentences: &[String]) -> Option<Vec<Step>> {
    if let Some(steps) = plain_sentences(sentences) {
        return Some(vec![steps]);
    }
    match sentences {
        [one] => {
            let alternatives = strip(one, "Choose one: ").unwrap_or(one);
            let parts: Vec<&str> = alternatives.split(", or ").collect();
            if parts.len() == 1 && strip(one, "Choose one: ").is_some() {
                return None;
            }
            let steps: Option<Vec<Step>> = parts.iter().map(|p| step(p, false)).collect();
            steps
        }
        [first, second] => {
            if first.eq_ignore_ascii_case("Choose an arena") {
                let step = step(second, true)?;
                return Some(vec![step]);
            }
            if let Some(types) = strip(first, "Choose one: ") {
                let types = type_list(types)?;
                let rest = strip(second, "Each unit of that type gets ")?;
                let (boost, until) = boost_until(rest)?;
                return Some(vec![Step::TypeGets {
                    types,
                    boost,
                    until,
                }]);
            }
            Some(vec![
                choose_and_tap(first, second).or_else(|| choose_and_damage(first, second))?,
            ])
        }
        [first, second, third] => Some(vec![from_opponents_build_zone(first, second, third)?]),
        _ => None,
    }
}

/// "Choose a Character in your opponent's build zone." + "Put that Character into the Character
/// arena." + "If that Character is tapped, untap that Character." (or "a Ground unit" ... "that
/// unit" ... "If it's tapped, untap it.").
fn from_opponents_build_zone(first: &str, second: &str, third: &str) -> Option<Step> {
    let phrase = strip(first, "Choose a ")?;
    let noun = strip_end(phrase, " in your opponent's build zone")?;
    let (arena, that) = match noun.to_ascii_lowercase().as_str() {
        "character" => (Arena::Character, "Character"),
        "ground unit" => (Arena::Ground, "unit"),
        "space unit" => (Arena::Space, "unit"),
        _ => return None,
    };
    let put = strip(second, &format!("Put that {that} into the "))?;
    if Arena::from_word(strip_end(put, " arena")?)? != arena {
        return None;
    }
    let untaps = third.eq_ignore_ascii_case("If it's tapped, untap it")
        || third.eq_ignore_ascii_case(&format!("If that {that} is tapped, untap that {that}"));
    untaps.then_some(Step::FromOpponentsBuildZone { arena })
}

/// "Clone, Droid or Jedi" → the three subtypes.
fn type_list(text: &str) -> Option<Vec<String>> {
    let (head, last) = text.rsplit_once(" or ")?;
    let mut types: Vec<String> = head.split(", ").map(|s| s.trim().to_string()).collect();
    types.push(last.trim().to_string());
    types.iter().all(|t| is_subtype_word(t)).then_some(types)
}

/// "Choose an untapped unit." + "Tap that unit."
fn choose_and_tap(first: &str, second: &str) -> Option<Step> {
    let phrase = strip(first, "Choose ")?;
    let filter = one_of(phrase)?;
    let noun = strip(second, "Tap that ")?;
    names_chosen(phrase, noun).then_some(Step::TapOne { filter })
}

/// Whether "that <noun>" names the unit chosen by `phrase`: "that unit", or a word of the
/// phrase ("Choose an untapped non-Jedi Character. Tap that Character.").
fn names_chosen(phrase: &str, noun: &str) -> bool {
    noun.eq_ignore_ascii_case("unit")
        || phrase
            .split_whitespace()
            .any(|w| w.eq_ignore_ascii_case(noun) || singular_forms(w).contains(&noun))
}

/// A word as printed and its possible singulars ("Soldiers" → "Soldier").
fn singular_forms(word: &str) -> Vec<&str> {
    let mut forms = vec![word];
    forms.extend(word.strip_suffix('s'));
    forms.extend(word.strip_suffix("es"));
    forms
}

/// "Choose one of your opponent's units in the Character arena." + "Do 3 dice of damage to that
/// Character." (or "<this card's name> does 3 dice of damage to that unit.").
fn choose_and_damage(first: &str, second: &str) -> Option<Step> {
    let phrase = strip(first, "Choose ")?;
    let filter = one_of(phrase)?;
    let (by, dice, target) = dice_of_damage(second)?;
    let noun = strip(target, "that ")?;
    names_chosen(phrase, noun).then_some(Step::DiceToOne { by, dice, filter })
}

/// "Do 2 dice of damage to <target>" or "<subject> does 2 dice of damage to <target>", whose
/// subject is the card itself (`card_text::is_self`) → the subject as printed (none for "Do"),
/// the number of dice and the target's words.
fn dice_of_damage(sentence: &str) -> Option<(Option<String>, u32, &str)> {
    let (by, rest) = match strip(sentence, "Do ") {
        Some(rest) => (None, rest),
        None => {
            let (subject, rest) = sentence.split_once(" does ")?;
            if !is_self(subject) {
                return None;
            }
            (Some(subject.trim().to_string()), rest)
        }
    };
    let (n, rest) = rest.split_once(' ')?;
    let target = strip(rest, "dice of damage to ").or_else(|| strip(rest, "die of damage to "))?;
    let dice = n.parse().ok().filter(|&n| n > 0)?;
    Some((by, dice, target))
}

/// "each unit in the Space arena", "each of your opponent's units", "each of your Jedi" → the
/// filter of the units "each" names.
fn each_of(phrase: &str) -> Option<Filter> {
    let rest = strip(phrase, "each ")?;
    if let Some(rest) = strip(rest, "of your opponent's ") {
        return noun_phrase(rest, Whose::Opponents);
    }
    if let Some(rest) = strip(rest, "of your ") {
        return noun_phrase(rest, Whose::Yours);
    }
    noun_phrase(rest, Whose::Anyone)
}

/// "one of your X", "one of your opponent's X", "a X", "an X" → the filter.
fn one_of(phrase: &str) -> Option<Filter> {
    if let Some(rest) = strip(phrase, "one of your opponent's ") {
        return noun_phrase(rest, Whose::Opponents);
    }
    if let Some(rest) = strip(phrase, "one of your ") {
        return noun_phrase(rest, Whose::Yours);
    }
    let rest = strip(phrase, "an ").or_else(|| strip(phrase, "a "))?;
    noun_phrase(rest, Whose::Anyone)
}

/// One effect sentence; `chosen_arena`: the sentence follows "Choose an arena." and must say
/// "in that arena".
fn step(sentence: &str, chosen_arena: bool) -> Option<Step> {
    let s = sentence.trim();
    let step = one_step(s)?;
    let uses_chosen = match &step {
        Step::OneGets { filter, .. }
        | Step::EachGets { filter, .. }
        | Step::Prevent { filter, .. }
        | Step::RemoveDamage { filter, .. }
        | Step::RemoveFromEach { filter, .. }
        | Step::TapOne { filter }
        | Step::TapAll { filter }
        | Step::PutCounters { filter, .. }
        | Step::PlaceDamage { filter, .. }
        | Step::DiceToEach { filter, .. }
        | Step::DiceToOne { filter, .. }
        | Step::PlaceDamageEach { filter, .. } => filter.place == Some(Place::Chosen),
        _ => false,
    };
    (uses_chosen == chosen_arena).then_some(step)
}

fn one_step(s: &str) -> Option<Step> {
    if let Some(both) = sequence(s) {
        return Some(both);
    }
    if let Some(rest) = strip(s, "One of your ") {
        let (phrase, rest) = split_gets(rest)?;
        let filter = noun_phrase(phrase, Whose::Yours)?;
        let (rest, against) = match rest.split_once(" if it is attacking a unit that has ") {
            Some((head, keyword)) => (head, Some(known_keyword_name(keyword)?)),
            None => (rest, None),
        };
        let (boost, until) = boost_until(rest)?;
        if against.is_some() && until != Until::ThisAttack {
            return None;
        }
        return Some(Step::OneGets {
            filter,
            boost,
            until,
            against,
        });
    }
    if let Some(rest) = strip(s, "Each of your ") {
        let (phrase, rest) = split_gets(rest)?;
        let filter = noun_phrase(phrase, Whose::Yours)?;
        let (boost, until) = boost_until(rest)?;
        // "Each of your units gets ... for this attack" names units outside the attack too.
        return (until == Until::EndOfTurn).then_some(Step::EachGets {
            filter,
            boost,
            until,
        });
    }
    if let Some(rest) = strip(s, "Prevent ") {
        let (amount, rest) = if let Some(rest) = strip(rest, "all damage to ") {
            (Amount::All, rest)
        } else if let Some(rest) = strip(rest, "up to ") {
            let (n, rest) = rest.split_once(' ')?;
            (Amount::UpTo(n.parse().ok()?), strip(rest, "damage to ")?)
        } else {
            let (n, rest) = rest.split_once(' ')?;
            (Amount::Exactly(n.parse().ok()?), strip(rest, "damage to ")?)
        };
        let filter = one_of(rest).filter(|f| f.whose == Whose::Yours)?;
        return Some(Step::Prevent { filter, amount });
    }
    if let Some(rest) = strip(s, "Remove up to ") {
        let (n, rest) = rest.split_once(' ')?;
        // The card data prints "up to 3 damage counter" once; it means counters.
        let rest =
            strip(rest, "damage counters from ").or_else(|| strip(rest, "damage counter from "))?;
        let filter = one_of(rest).filter(|f| f.whose == Whose::Yours)?;
        return Some(Step::RemoveDamage {
            filter,
            up_to: n.parse().ok()?,
        });
    }
    if let Some(rest) = strip(s, "Remove ") {
        let (n, rest) = rest.split_once(' ')?;
        let rest = strip(rest, "damage counter from each of your ")
            .or_else(|| strip(rest, "damage counters from each of your "))?;
        let filter = noun_phrase(rest, Whose::Yours)?;
        return Some(Step::RemoveFromEach {
            filter,
            amount: n.parse().ok().filter(|&n| n > 0)?,
        });
    }
    if let Some(rest) = strip(s, "Put ") {
        let (n, rest) = rest.split_once(' ')?;
        let (kind, rest) = rest.split_once(' ')?;
        let rest = strip(rest, "counters on ").or_else(|| strip(rest, "counter on "))?;
        let plain_word = kind.chars().all(|c| c.is_ascii_lowercase());
        if !plain_word {
            return None;
        }
        // Damage counters are no counters of a kind: they are placed as damage counters
        // (game 11.5), on one unit.
        if kind == "damage" {
            if rest.starts_with("each ") {
                return Some(Step::PlaceDamageEach {
                    amount: n.parse().ok().filter(|&n| n > 0)?,
                    filter: each_of(rest)?,
                });
            }
            return Some(Step::PlaceDamage {
                amount: n.parse().ok().filter(|&n| n > 0)?,
                filter: one_of(rest)?,
            });
        }
        return Some(Step::PutCounters {
            kind: kind.to_string(),
            amount: n.parse().ok().filter(|&n| n > 0)?,
            filter: one_of(rest)?,
        });
    }
    if let Some(rest) = strip(s, "That ") {
        let (_, rest) = rest
            .split_once(" also gets ")
            .or_else(|| rest.split_once(" gets "))?;
        let (boost, until) = boost_until(rest)?;
        return Some(Step::ThatGets { boost, until });
    }
    if let Some(rest) = strip(s, "Tap all of your opponent's ") {
        let filter = noun_phrase(rest, Whose::Opponents)?;
        return Some(Step::TapAll { filter });
    }
    if let Some(rest) = strip(s, "Your opponent loses ") {
        let n = strip_end(rest, " Force")?;
        return Some(Step::OpponentLosesForce(n.parse().ok()?));
    }
    if let Some(rest) = strip(s, "You gain ").or_else(|| strip(s, "Gain ")) {
        // "Gain 1 build point and 1 Force": two gains with one verb, in order.
        if let Some((first, second)) = rest.split_once(" and ")
            && let (Some(first), Some(second)) = (gain(first), gain(second))
        {
            return Some(Step::Sequence(vec![first, second]));
        }
        return gain(rest);
    }
    if let Some(rest) = strip(s, "Draw ") {
        let cards = if rest.eq_ignore_ascii_case("a card") {
            1
        } else {
            let (n, rest) = rest.split_once(' ')?;
            let plural = rest.eq_ignore_ascii_case("cards") || rest.eq_ignore_ascii_case("card");
            n.parse().ok().filter(|&n| n > 0 && plural)?
        };
        return Some(Step::Draw(cards));
    }
    if s.eq_ignore_ascii_case("Each player loses all of his or her Force")
        || s.eq_ignore_ascii_case("Each player loses all of their Force")
    {
        return Some(Step::EachLosesAllForce);
    }
    if let Some((by, dice, target)) = dice_of_damage(s) {
        return Some(Step::DiceToEach {
            by,
            dice,
            filter: each_of(target)?,
        });
    }
    if let Some(rest) = strip(s, "You get +") {
        let (n, rest) = rest.split_once(' ')?;
        let amount = n.parse().ok()?;
        let rest = strip(rest, "build points")
            .or_else(|| strip(rest, "build point"))?
            .trim();
        if rest.eq_ignore_ascii_case("this turn") {
            return Some(Step::BuildPoints { amount, per: None });
        }
        let phrase = strip(rest, "for each ")?;
        let (noun, place) = phrase.split_once(" (yours and your opponent's) ")?;
        let per = noun_phrase(&format!("{noun} {place}"), Whose::Anyone)?;
        return Some(Step::BuildPoints {
            amount,
            per: Some(per),
        });
    }
    if let Some(rest) = strip(s, "If you have ") {
        let (n, rest) = rest.split_once(' ')?;
        let then = strip(rest, "or more units in each arena, ")?;
        let then = one_step(&capitalized(then))?;
        // Only a gain with no choice in it: the condition is checked when the card resolves.
        let gain = matches!(
            then,
            Step::BuildPoints { per: None, .. } | Step::GainForce { per: None, .. }
        );
        return gain.then_some(Step::IfUnitsInEachArena {
            at_least: n.parse().ok()?,
            then: Box::new(then),
        });
    }
    None
}

/// What follows "Gain": "2 Force", "+1 Force", "1 build point", "1 Force for each of your
/// Characters in any arena", "1 Force for each Jedi you have in any arena".
fn gain(rest: &str) -> Option<Step> {
    let (n, rest) = rest.split_once(' ')?;
    let amount = n.trim_start_matches('+').parse().ok()?;
    if rest.eq_ignore_ascii_case("Force") {
        return Some(Step::GainForce { amount, per: None });
    }
    if rest.eq_ignore_ascii_case("build point") || rest.eq_ignore_ascii_case("build points") {
        return Some(Step::BuildPoints { amount, per: None });
    }
    let phrase = strip(rest, "Force for each ")?;
    // The card data prints "for each of you Characters" once; it means "your".
    let per = match strip(phrase, "of your ").or_else(|| strip(phrase, "of you ")) {
        Some(units) => noun_phrase(units, Whose::Yours)?,
        // "for each Jedi you have in any arena": the player's units, where the phrase says.
        None => {
            let (noun, place) = phrase.split_once(" you have ")?;
            noun_phrase(&format!("{noun} {place}"), Whose::Yours)?
        }
    };
    Some(Step::GainForce {
        amount,
        per: Some(per),
    })
}

/// "Gain 1 Force, and your opponent loses 1 Force." / "You gain 1 Force and your opponent loses
/// 1 Force.": gains and draws that need no choice, in order.
fn sequence(s: &str) -> Option<Step> {
    let (first, second) = s.split_once(", and ").or_else(|| s.split_once(" and "))?;
    let parts = vec![one_step(first)?, one_step(&capitalized(second))?];
    parts.iter().all(plain).then_some(Step::Sequence(parts))
}

/// Whether a step needs no choice and no target (a gain, a loss of Force, a draw), so that it
/// can follow another in one effect.
fn plain(step: &Step) -> bool {
    matches!(
        step,
        Step::GainForce { per: None, .. }
            | Step::OpponentLosesForce(_)
            | Step::BuildPoints { per: None, .. }
            | Step::Draw(_)
    )
}

/// Several sentences in one printed ability, each a plain step ("Your opponent loses 2 Force.
/// You gain +2 Force.", Capture Obi-Wan): carried out in printed order (game 13.5).
fn plain_sentences(sentences: &[String]) -> Option<Step> {
    let steps: Option<Vec<Step>> = sentences.iter().map(|s| one_step(s)).collect();
    let steps = steps?;
    (steps.len() > 1 && steps.iter().all(plain)).then_some(Step::Sequence(steps))
}

/// A clause with its first letter upper case ("you get" → "You get"), to read it as a sentence.
pub fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_ascii_uppercase().to_string() + chars.as_str())
        .unwrap_or_default()
}

/// "Characters gets +2 power ..." → ("Characters", "+2 power ...").
fn split_gets(text: &str) -> Option<(&str, &str)> {
    text.split_once(" gets ")
        .or_else(|| text.split_once(" get "))
}

/// "+2 power and Accuracy 1 for this attack" → the boost and its duration.
fn boost_until(text: &str) -> Option<(Boost, Until)> {
    let (boost, until) = if let Some(b) = strip_end(text, " for this attack") {
        (b, Until::ThisAttack)
    } else if let Some(b) = strip_end(text, " until end of turn") {
        (b, Until::EndOfTurn)
    } else {
        return None;
    };
    Some((boost_of(boost)?, until))
}

/// "+10 speed and Stun 2", "+20 speed, +2 power, and Precision", "\"Pay 2 Force -> Intercept\"".
fn boost_of(text: &str) -> Option<Boost> {
    let mut boost = Boost::default();
    for item in boost_items(text)? {
        if let Some((speed, power, health)) = stat_change(&item) {
            boost.speed += speed;
            boost.power += power;
            boost.health += health;
        } else {
            boost.abilities.push(granted_ability(&item)?);
        }
    }
    let empty = boost == Boost::default();
    (!empty).then_some(boost)
}

/// The items of a boost, split at ", " and " and " outside quotes.
fn boost_items(text: &str) -> Option<Vec<String>> {
    let mut items = Vec::new();
    let mut rest = text.trim();
    while !rest.is_empty() {
        let (item, after) = if let Some(quoted) = rest.strip_prefix('"') {
            let end = quoted.find('"')?;
            (format!("\"{}\"", &quoted[..end]), &quoted[end + 1..])
        } else {
            let end = [", ", " and "]
                .iter()
                .filter_map(|sep| rest.find(sep))
                .min()
                .unwrap_or(rest.len());
            (rest[..end].to_string(), &rest[end..])
        };
        items.push(item.trim().to_string());
        let after = after.trim_start();
        let after = after.strip_prefix(',').unwrap_or(after).trim_start();
        rest = strip(after, "and ").unwrap_or(after).trim_start();
    }
    (!items.is_empty() && items.iter().all(|i| !i.is_empty())).then_some(items)
}

/// A keyword ability a boost gives, as it is printed on a unit: "Accuracy 1", "Overkill", or a
/// quoted activated keyword `"Pay 2 Force -> Intercept"`: a keyword of the vocabulary that an
/// effect grants so, with a number exactly if the keyword takes one.
fn granted_ability(item: &str) -> Option<String> {
    if let Some(inner) = item.strip_prefix('"').and_then(|i| i.strip_suffix('"')) {
        let (cost, keyword) = split_arrow(inner)?;
        force_cost(cost)?;
        let (granted, number) = keyword_with_number(keyword, true)?;
        if granted.number != number.is_some() {
            return None;
        }
        return Some(format!("{cost} -> {keyword}"));
    }
    let (granted, number) = keyword_with_number(item, false)?;
    if granted.number != number.is_some() {
        return None;
    }
    Some(match number {
        Some(n) => format!("{} {n}", granted.name),
        None => granted.name.to_string(),
    })
}

/// "Critical Hit 6" → (Critical Hit, Some(6)) if the name is that of a keyword an effect grants
/// with a cost (`cost`) or without one.
fn keyword_with_number(text: &str, cost: bool) -> Option<(GrantedKeyword, Option<i32>)> {
    let text = text.trim();
    GRANTED_KEYWORDS
        .iter()
        .filter(|k| k.cost == cost)
        .find_map(|&keyword| {
            let rest = strip(text, keyword.name)?;
            if rest.is_empty() {
                return Some((keyword, None));
            }
            let n = rest.strip_prefix(' ')?.parse().ok()?;
            Some((keyword, Some(n)))
        })
}

/// "shields" → "Shields", for "a unit that has shields": a keyword an effect grants without a
/// cost.
fn known_keyword_name(text: &str) -> Option<String> {
    GRANTED_KEYWORDS
        .iter()
        .filter(|k| !k.cost)
        .find(|k| k.name.eq_ignore_ascii_case(text.trim()))
        .map(|k| k.name.to_string())
}

/// Whether a word can be a subtype: capitalized letters (and hyphens), not a phrase word.
fn is_subtype_word(word: &str) -> bool {
    let mut chars = word.chars();
    chars.next().is_some_and(|c| c.is_ascii_uppercase())
        && word.chars().all(|c| c.is_ascii_alphabetic() || c == '-')
        && !NOT_SUBTYPES.iter().any(|w| w.eq_ignore_ascii_case(word))
        && Arena::from_word(word).is_none()
        && !word.eq_ignore_ascii_case("Characters")
}

/// "untapped non-Jedi Character", "Soldiers in the Ground arena", "Space or Ground units" → the
/// filter, for the player `whose`.
fn noun_phrase(phrase: &str, whose: Whose) -> Option<Filter> {
    let mut filter = Filter::new(whose);
    let mut phrase = phrase.trim();
    if let Some(head) = strip_end(phrase, " in that arena") {
        filter.place = Some(Place::Chosen);
        phrase = head;
    } else if let Some(head) = strip_end(phrase, " in any arena") {
        phrase = head;
    } else if let Some((head, arena)) = phrase.rsplit_once(" in the ") {
        filter.place = Some(Place::Arena(Arena::from_word(strip_end(arena, " arena")?)?));
        phrase = head;
    }
    let mut rest: Vec<&str> = words(phrase);
    while let Some(&first) = rest.first() {
        match first.to_ascii_lowercase().as_str() {
            "untapped" => filter.untapped = true,
            "damaged" => filter.damaged = true,
            "unique" => filter.unique = true,
            word if word.starts_with("non-") => {
                let subtype = &first[4..];
                if !is_subtype_word(subtype) {
                    return None;
                }
                filter.except.push(subtype.to_string());
            }
            _ => break,
        }
        rest.remove(0);
    }
    let nouns = rest.join(" ");
    let alternatives: Vec<&str> = nouns.split(" or ").collect();
    let count = alternatives.len();
    for (i, alternative) in alternatives.into_iter().enumerate() {
        let mut kind_words = words(alternative);
        // "Space or Ground units": the last alternative's noun goes with the others too.
        if i + 1 < count && kind_words.len() == 1 && Arena::from_word(kind_words[0]).is_some() {
            kind_words.push("units");
        }
        let kind = kind_of(&kind_words)?;
        if kind.arena.is_none() && kind.subtype.is_none() && count > 1 {
            return None;
        }
        filter.kinds.push(kind);
    }
    // "units" alone is every unit.
    filter
        .kinds
        .retain(|k| k.arena.is_some() || k.subtype.is_some());
    Some(filter)
}

/// The kind of one alternative: "units", "Space units", "Characters", "Starfighters", "Jedi
/// Character units", "Bounty Hunters".
fn kind_of(words: &[&str]) -> Option<Kind> {
    let is_units = |w: &str| w.eq_ignore_ascii_case("unit") || w.eq_ignore_ascii_case("units");
    let is_character =
        |w: &str| w.eq_ignore_ascii_case("Character") || w.eq_ignore_ascii_case("Characters");
    let none = Kind {
        arena: None,
        subtype: None,
    };
    match words {
        [units] if is_units(units) => Some(none),
        [character] if is_character(character) => Some(Kind {
            arena: Some(Arena::Character),
            subtype: None,
        }),
        [arena, units] if is_units(units) && Arena::from_word(arena).is_some() => Some(Kind {
            arena: Arena::from_word(arena),
            subtype: None,
        }),
        [subtype] if is_subtype_word(subtype) => Some(Kind {
            arena: None,
            subtype: Some(subtype.to_string()),
        }),
        [subtype, units] if is_units(units) && is_subtype_word(subtype) => Some(Kind {
            arena: None,
            subtype: Some(subtype.to_string()),
        }),
        [subtype, character] if is_character(character) && is_subtype_word(subtype) => Some(Kind {
            arena: Some(Arena::Character),
            subtype: Some(subtype.to_string()),
        }),
        [subtype, arena, units]
            if is_units(units) && is_subtype_word(subtype) && Arena::from_word(arena).is_some() =>
        {
            Some(Kind {
                arena: Arena::from_word(arena),
                subtype: Some(subtype.to_string()),
            })
        }
        [first, second] => {
            let two = format!("{first} {second}");
            let plain = two.strip_suffix('s').unwrap_or(&two);
            MULTI_WORD_SUBTYPES
                .iter()
                .any(|m| m.eq_ignore_ascii_case(plain) || m.eq_ignore_ascii_case(&two))
                .then(|| Kind {
                    arena: None,
                    subtype: Some(plain.to_string()),
                })
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use swtcg_sdk::Zone;
    use swtcg_sdk::{Duration, Effect, Grant, StatChange};

    fn yours(kinds: Vec<Kind>) -> Filter {
        Filter {
            kinds,
            ..Filter::new(Whose::Yours)
        }
    }

    fn subtype(s: &str) -> Kind {
        Kind {
            arena: None,
            subtype: Some(s.into()),
        }
    }

    fn arena(a: Arena) -> Kind {
        Kind {
            arena: Some(a),
            subtype: None,
        }
    }

    fn view(subtypes: &[&str], arenas: Vec<Arena>, zone: Zone, controller: Side) -> UnitView {
        UnitView {
            id: 1,
            name: "Test".into(),
            owner: controller,
            controller,
            zone,
            built: true,
            tapped: false,
            damage: 0,
            speed: 10,
            power: 2,
            health: 3,
            cost: 3,
            build_counters: 0,
            unique: false,
            subtypes: subtypes.iter().map(|s| s.to_string()).collect(),
            arenas,
            stack_size: 1,
        }
    }

    #[test]
    fn boosts_for_this_attack_and_until_end_of_turn_are_read() {
        let text = parse(
            "Pay 3 Force -> One of your units gets +30 speed and Accuracy 1 until end of turn.",
        )
        .unwrap();
        assert_eq!(text.cost, Some(3));
        assert_eq!(
            text.choices,
            vec![Step::OneGets {
                filter: yours(vec![]),
                boost: Boost {
                    speed: 30,
                    abilities: vec!["Accuracy 1".into()],
                    ..Boost::default()
                },
                until: Until::EndOfTurn,
                against: None,
            }]
        );
        let text = parse(
            "Pay 2 Force -> One of your units gets +1 power and Critical Hit 1 for this attack..",
        )
        .unwrap();
        assert_eq!(
            text.choices,
            vec![Step::OneGets {
                filter: yours(vec![]),
                boost: Boost {
                    power: 1,
                    abilities: vec!["Critical Hit 1".into()],
                    ..Boost::default()
                },
                until: Until::ThisAttack,
                against: None,
            }]
        );
        let text = parse(
            "One of your units gets +3 power for this attack if it is attacking a unit that has shields.",
        )
        .unwrap();
        assert!(matches!(
            &text.choices[0],
            Step::OneGets { against: Some(k), until: Until::ThisAttack, .. } if k == "Shields"
        ));
        assert_eq!(text.cost, None);
    }

    #[test]
    fn each_of_your_units_with_places_and_subtypes_are_read() {
        let text =
            parse("Pay 4 Force -> Each of your Soldiers in the Ground arena gets Accuracy 1 until end of turn.")
                .unwrap();
        let Step::EachGets { filter, boost, .. } = &text.choices[0] else {
            panic!("{text:?}");
        };
        assert_eq!(filter.kinds, vec![subtype("Soldiers")]);
        assert_eq!(filter.place, Some(Place::Arena(Arena::Ground)));
        assert_eq!(boost.abilities, vec!["Accuracy 1".to_string()]);
        let text =
            parse("Pay 3 Force -> Each of your Stormtrooper gets +1 power until end of turn.")
                .unwrap();
        assert!(matches!(&text.choices[0], Step::EachGets { boost, .. } if boost.power == 1));
        let text = parse(
            "Pay 9 Force -> Choose an arena. Each of your units in that arena gets +3 power until end of turn.",
        )
        .unwrap();
        assert!(matches!(
            &text.choices[0],
            Step::EachGets { filter, .. } if filter.place == Some(Place::Chosen)
        ));
        // "in that arena" without an arena chosen, and a chosen arena never used, are not read.
        assert_eq!(
            parse("Each of your units in that arena gets +3 power until end of turn."),
            None
        );
        assert_eq!(
            parse("Choose an arena. Each of your units gets +3 power until end of turn."),
            None
        );
    }

    #[test]
    fn preventions_removals_and_choices_are_read() {
        let text = parse("Pay 2 Force -> Prevent up to 3 damage to one of your Characters, or prevent 1 damage to one of your Space or Ground units.").unwrap();
        assert_eq!(
            text.choices,
            vec![
                Step::Prevent {
                    filter: yours(vec![arena(Arena::Character)]),
                    amount: Amount::UpTo(3)
                },
                Step::Prevent {
                    filter: yours(vec![arena(Arena::Space), arena(Arena::Ground)]),
                    amount: Amount::Exactly(1)
                },
            ]
        );
        let text = parse("Pay 4 Force -> Choose one: prevent up to 2 damage to one of your units, or one of your units gets +3 power for this attack.").unwrap();
        assert_eq!(text.choices.len(), 2);
        let text =
            parse("Pay 1 Force -> Remove up to 2 damage counters from one of your Space units.")
                .unwrap();
        assert_eq!(
            text.choices,
            vec![Step::RemoveDamage {
                filter: yours(vec![arena(Arena::Space)]),
                up_to: 2
            }]
        );
        let text = parse("Remove 1 damage counter from each of your damaged units.").unwrap();
        assert!(matches!(
            &text.choices[0],
            Step::RemoveFromEach { filter, amount: 1 } if filter.damaged
        ));
    }

    #[test]
    fn taps_and_mission_gains_are_read() {
        let text = parse("Choose an untapped non-Jedi Character. Tap that Character.").unwrap();
        let Step::TapOne { filter } = &text.choices[0] else {
            panic!("{text:?}");
        };
        assert_eq!(filter.whose, Whose::Anyone);
        assert!(filter.untapped);
        assert_eq!(filter.except, vec!["Jedi".to_string()]);
        assert_eq!(filter.kinds, vec![arena(Arena::Character)]);
        let text =
            parse("Choose one of your opponent's untapped Space units. Tap that unit.").unwrap();
        assert!(
            matches!(&text.choices[0], Step::TapOne { filter } if filter.whose == Whose::Opponents)
        );
        let text = parse(
            "Pay 12 Force -> Choose an arena. Tap all of your opponent's untapped units in that arena.",
        )
        .unwrap();
        assert!(matches!(&text.choices[0], Step::TapAll { .. }));
        assert_eq!(
            parse("Your opponent loses 4 Force.").unwrap().choices,
            vec![Step::OpponentLosesForce(4)]
        );
        assert_eq!(
            parse("You get +3 build points this turn.").unwrap().choices,
            vec![Step::BuildPoints {
                amount: 3,
                per: None
            }]
        );
        let text = parse("You gain +1 Force for each of you Characters in any arena.").unwrap();
        assert!(matches!(
            &text.choices[0],
            Step::GainForce {
                amount: 1,
                per: Some(_)
            }
        ));
        let text =
            parse("If you have 2 or more units in each arena, you get +3 build points this turn.")
                .unwrap();
        assert!(matches!(
            &text.choices[0],
            Step::IfUnitsInEachArena { at_least: 2, .. }
        ));
        let text = parse("You get +1 build point for each Diplomat (yours and your opponent's) in the Character arena.").unwrap();
        assert!(
            matches!(&text.choices[0], Step::BuildPoints { per: Some(f), .. } if f.whose == Whose::Anyone)
        );
        let text = parse(
            "Choose one: Clone, Droid or Jedi. Each unit of that type gets -3 power until end of turn.",
        )
        .unwrap();
        assert!(matches!(&text.choices[0], Step::TypeGets { types, .. } if types.len() == 3));
    }

    #[test]
    fn restrictions_are_read_and_unknown_words_refused() {
        let text = parse("One of your Ground units gets +3 power for this attack. Play only if you have more units in the Space arena than your opponent.").unwrap();
        assert_eq!(text.only_if, vec![Condition::MoreUnitsIn(Arena::Space)]);
        let text = parse("Pay 7 Force -> Choose an untapped unit. Tap that unit. Play only if no unit is attacking.").unwrap();
        assert_eq!(text.only_if, vec![Condition::NoAttack]);
        for refused in [
            "Play only before any of your Space units attack. Pay 5 Force -> Tap all units.",
            "Pay 5 Force -> One of your Starfighters gets Critical Hit 6 until end of turn. Tap all your other units in the Space arena. Play only before any of your Space units attack.",
            "Tap one of your untapped units in the Character arena -> One of your other Characters gets +40 speed until end of turn.",
            "Each of your Dark Side units that has power 5 or more gets +3 power until end of turn.",
            "One of your units gets \"Pay 1 Force -> This unit gets +2 power\" until end of turn.",
            "One of your units gets Flying 2 until end of turn.",
            "Your opponent discards his or her hand.",
            "To complete Obi-Wan's Task, you must also tap one of your untapped Jedi in the Character arena.",
            "Pay 4 Force -> Prevent all damage to one of your units in the Character arena. Retreat that unit.",
            "Pay 6 Force -> One of your units gets +2 power for this attack | Pay 1 Force -> Meditate",
        ] {
            assert_eq!(parse(refused), None, "{refused}");
        }
    }

    #[test]
    fn force_gains_in_sequence_counters_and_that_unit_are_read() {
        assert_eq!(
            parse("Gain 1 Force, and your opponent loses 1 Force.")
                .unwrap()
                .choices,
            vec![Step::Sequence(vec![
                Step::GainForce {
                    amount: 1,
                    per: None
                },
                Step::OpponentLosesForce(1)
            ])]
        );
        // Only choiceless gains go in a sequence.
        assert_eq!(
            parse("Gain 1 Force, and one of your units gets +1 power until end of turn."),
            None
        );
        // Several sentences in one ability, each a plain step, in printed order (Capture
        // Obi-Wan); one that chooses keeps the whole text unread.
        assert_eq!(
            parse("Your opponent loses 2 Force. You gain +2 Force.")
                .unwrap()
                .choices,
            vec![Step::Sequence(vec![
                Step::OpponentLosesForce(2),
                Step::GainForce {
                    amount: 2,
                    per: None
                },
            ])]
        );
        assert_eq!(
            parse("You gain 2 Force. Choose an untapped unit. Tap that unit."),
            None
        );
        let text = parse("Put 2 corruption counters on a unit in any arena.").unwrap();
        assert!(matches!(
            &text.choices[0],
            Step::PutCounters { kind, amount: 2, filter } if kind == "corruption" && filter.whose == Whose::Anyone
        ));
        let text = parse("Put 2 damage counters on a unit in any arena.").unwrap();
        assert!(matches!(
            &text.choices[0],
            Step::PlaceDamage { amount: 2, filter } if filter.whose == Whose::Anyone
        ));
        assert_eq!(parse("Put 0 damage counters on a unit in any arena."), None);
        let text = parse("That Jedi or Sith also gets Critical Hit 2 for this attack.").unwrap();
        assert!(matches!(
            &text.choices[0],
            Step::ThatGets { boost, until: Until::ThisAttack } if boost.abilities == ["Critical Hit 2"]
        ));
    }

    #[test]
    fn granted_abilities_keep_their_printed_form() {
        let text = parse("One of your units gets \"Pay 2 Force -> Intercept\" until end of turn.")
            .unwrap();
        assert!(matches!(
            &text.choices[0],
            Step::OneGets { boost, .. } if boost.abilities == ["Pay 2 Force -> Intercept"]
        ));
        assert_eq!(
            parse("One of your units gets \"Pay 2 Force -> Intercept 2\" until end of turn."),
            None
        );
        let text = parse(
            "Pay 4 Force -> Each of your Characters gets +10 speed and Stun 2 until end of turn.",
        )
        .unwrap();
        assert!(matches!(
            &text.choices[0],
            Step::EachGets { boost, .. } if boost.speed == 10 && boost.abilities == ["Stun 2"]
        ));
    }

    #[test]
    fn filters_match_units_by_owner_place_type_and_subtype() {
        let trooper = view(
            &["Imperial", "Clone", "Stormtrooper"],
            vec![Arena::Ground],
            Zone::Ground,
            Side::Dark,
        );
        let knight = view(
            &["Jedi Knight"],
            vec![Arena::Character],
            Zone::Character,
            Side::Light,
        );
        let stormtroopers = yours(vec![subtype("Stormtroopers")]);
        assert!(stormtroopers.matches(&trooper, Side::Dark, None));
        assert!(!stormtroopers.matches(&trooper, Side::Light, None));
        assert!(yours(vec![subtype("Jedi")]).matches(&knight, Side::Light, None));
        let mut non_jedi = Filter::new(Whose::Anyone);
        non_jedi.except.push("Jedi".into());
        assert!(!non_jedi.matches(&knight, Side::Dark, None));
        assert!(non_jedi.matches(&trooper, Side::Light, None));
        let in_space = Filter {
            place: Some(Place::Arena(Arena::Space)),
            ..Filter::new(Whose::Anyone)
        };
        assert!(!in_space.matches(&trooper, Side::Dark, None));
        let chosen = Filter {
            place: Some(Place::Chosen),
            ..Filter::new(Whose::Anyone)
        };
        assert!(chosen.matches(&trooper, Side::Dark, Some(Arena::Ground)));
        assert!(!chosen.matches(&trooper, Side::Dark, Some(Arena::Space)));
        // A card in the build zone is in no arena.
        let retreated = view(&[], vec![Arena::Ground], Zone::BuildZone, Side::Dark);
        assert!(!Filter::new(Whose::Anyone).matches(&retreated, Side::Dark, None));
        let characters = yours(vec![arena(Arena::Character)]);
        assert!(characters.matches(&knight, Side::Light, None));
        assert!(!characters.matches(&trooper, Side::Dark, None));
    }

    #[test]
    fn boosts_become_stat_changes_and_grants() {
        let boost = Boost {
            power: 2,
            abilities: vec!["Accuracy 1".into()],
            ..Boost::default()
        };
        let effects = boost_effects(7, &boost, Until::ThisAttack);
        assert_eq!(effects.len(), 2);
        assert!(matches!(
            &effects[0],
            Effect::Stats(StatChange {
                unit: 7,
                power: 2,
                duration: Duration::ThisAttack,
                ..
            })
        ));
        assert!(matches!(
            &effects[1],
            Effect::Grant(Grant { unit: 7, text, duration: Duration::ThisAttack }) if text == "Accuracy 1"
        ));
    }

    #[test]
    fn gains_draws_and_losses_of_moments_are_read() {
        let one = |text: &str| parse(text).map(|t| t.choices).unwrap_or_default();
        assert_eq!(
            one("Gain 1 build point."),
            [Step::BuildPoints {
                amount: 1,
                per: None
            }]
        );
        assert_eq!(
            one("Gain 1 build point and 1 Force."),
            [Step::Sequence(vec![
                Step::BuildPoints {
                    amount: 1,
                    per: None
                },
                Step::GainForce {
                    amount: 1,
                    per: None
                },
            ])]
        );
        assert_eq!(
            one("You gain 1 Force and your opponent loses 1 Force."),
            [Step::Sequence(vec![
                Step::GainForce {
                    amount: 1,
                    per: None
                },
                Step::OpponentLosesForce(1),
            ])]
        );
        assert_eq!(one("Draw 1 card."), [Step::Draw(1)]);
        assert_eq!(one("Draw a card."), [Step::Draw(1)]);
        assert_eq!(one("Draw 2 cards."), [Step::Draw(2)]);
        assert_eq!(
            one("Each player loses all of his or her Force."),
            [Step::EachLosesAllForce]
        );
        let read = one("Gain 1 Force for each Jedi you have in any arena.");
        let [Step::GainForce { per: Some(per), .. }] = read.as_slice() else {
            panic!("not read");
        };
        assert_eq!(
            (per.whose, per.kinds.clone()),
            (Whose::Yours, vec![subtype("Jedi")])
        );
        for refused in [
            "Draw 0 cards.",
            "Draw 1 Force.",
            "Gain 1 build point and 1 card.",
            "Each player loses 2 Force.",
            "Gain 1 Force for each Jedi your opponent has in any arena.",
        ] {
            assert_eq!(parse(refused), None, "{refused}");
        }
    }

    #[test]
    fn dice_of_damage_and_counters_on_each_unit_are_read() {
        let one = |text: &str| parse(text).map(|t| t.choices).unwrap_or_default();
        let read = one("Asteroid Field does 2 dice of damage to each unit in the Space arena.");
        let [
            Step::DiceToEach {
                by,
                dice: 2,
                filter,
            },
        ] = read.as_slice()
        else {
            panic!("not read");
        };
        assert_eq!(by.as_deref(), Some("Asteroid Field"));
        assert_eq!(filter.whose, Whose::Anyone);
        assert!(filter.kinds.is_empty());
        assert_eq!(filter.place, Some(Place::Arena(Arena::Space)));
        assert!(matches!(
            one("Do 1 dice of damage to each of your opponent's Characters.").as_slice(),
            [Step::DiceToEach { by: None, dice: 1, filter }] if filter.whose == Whose::Opponents
        ));
        let read = one(
            "Choose one of your opponent's units in the Character arena. Do 3 dice of damage to \
             that Character.",
        );
        let [
            Step::DiceToOne {
                by: None,
                dice: 3,
                filter,
            },
        ] = read.as_slice()
        else {
            panic!("not read");
        };
        assert_eq!(filter.whose, Whose::Opponents);
        assert_eq!(filter.place, Some(Place::Arena(Arena::Character)));
        assert!(matches!(
            one("Choose one of your opponent's units in the Space arena. Concentrated Fire does 4 dice of damage to that unit.").as_slice(),
            [Step::DiceToOne { by: Some(name), dice: 4, .. }] if name == "Concentrated Fire"
        ));
        let read = one("Put 1 damage counter on each unit in the Character arena.");
        let [Step::PlaceDamageEach { amount: 1, filter }] = read.as_slice() else {
            panic!("not read");
        };
        assert_eq!(filter.place, Some(Place::Arena(Arena::Character)));
        assert!(matches!(
            one("Remove up to 3 damage counter from one of your Characters.").as_slice(),
            [Step::RemoveDamage { up_to: 3, .. }]
        ));
        for refused in [
            // A subject that is no card's name, a target that is no unit chosen, a phrase of
            // units the reader does not know.
            "Each player does 2 dice of damage to each unit in the Space arena.",
            "Choose one of your opponent's units. Do 3 dice of damage to that Jedi.",
            "Do 0 dice of damage to each unit.",
            "Put 1 damage counter on each other unit with 1 or more captivity counters on it in the Ground and Character arena.",
            "Do 2 dice of damage to each non-Volcanic unit in the arena.",
        ] {
            assert_eq!(parse(refused), None, "{refused}");
        }
    }

    #[test]
    fn reads_putting_a_unit_of_the_opponents_build_zone_into_its_arena() {
        for (text, arena) in [
            (
                "Pay 3 Force -> Choose a Ground unit in your opponent's build zone. Put that unit \
                 into the ground arena. If it's tapped, untap it.",
                Arena::Ground,
            ),
            (
                "Pay 3 Force -> Choose a Character in your opponent's build zone. Put that \
                 Character into the Character arena. If that Character is tapped, untap that \
                 Character.",
                Arena::Character,
            ),
        ] {
            let read = parse(text).unwrap();
            assert_eq!(read.cost, Some(3));
            assert_eq!(read.choices, [Step::FromOpponentsBuildZone { arena }]);
        }
        // Another arena than the unit's, or no untap: not this pattern.
        assert!(
            parse(
                "Pay 3 Force -> Choose a Ground unit in your opponent's build zone. Put that \
                 unit into the Space arena. If it's tapped, untap it."
            )
            .is_none()
        );
        assert!(
            parse(
                "Pay 6 Force -> Choose a Space unit in your opponent's build zone. Put that unit \
                 into the Space arena. If it's untapped, tap it."
            )
            .is_none()
        );
    }
}

// tidy: long file: the sentence forms of played cards' texts, hand-written; the card-text
// grammar (issue 20) replaces them. (At the end of the file, so that no line number in the
// plugins' panic locations moves and their wasm stays byte for byte the same.)
