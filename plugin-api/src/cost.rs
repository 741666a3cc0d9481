//! The grammar of printed costs (game 13.8): "Pay 2 Force", "Pay 1 build point", "[Tap]",
//! "Discard a card from your hand"... read into `Cost`s. It is part of the contract so that the
//! engine, which pays costs, and the plugins, which offer activations with a printed cost, read
//! a cost the same way: a plugin claims a text only if `parse_costs` reads its cost, and the
//! engine then pays exactly that.

use crate::{Allegiance, Arena};

/// The kind under which a Resource's counters are kept (game 16.4: "Add 1 counter ->", "add 1
/// counter to this Resource", "remove 1 counter from your Resource"): the engine pays the costs
/// with them, and a plugin proposes `counters` of this kind to change them.
pub const RESOURCE_COUNTER: &str = "resource";

/// One cost the engine knows how to pay.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Cost {
    Force(u32),
    BuildPoints(u32),
    /// Tap the unit whose ability it is ([Tap]); impossible if it is already tapped.
    TapThis,
    /// A benefit written as an Upkeep "cost": "Gain 1 Force".
    GainForce(u32),
    /// A benefit written as an Upkeep "cost": "Draw a card", "draw 2 cards"; payable with that
    /// many cards in the deck. Read since December 2026.
    Draw(u32),
    /// "Your opponent loses 1 Force", written as an Upkeep "cost" (15TH Abeloth (A): "Gain 1
    /// Force or your opponent loses 1 Force"): always payable, the opponent losing what they
    /// have, at most. Read since December 2026.
    OpponentLosesForce(u32),
    /// Tap one of your untapped units the player chooses ("tap a Padawan", "tap one of your
    /// untapped Jedi in any arena"), never the unit whose ability it is.
    TapUnit(CostUnits),
    /// Tap a unit by its name ("Tap Frog Lady", "tap Ezra Bridger"): the unit whose ability it
    /// is if the name is its own (the engine tells), else one of the payer's untapped units in an
    /// arena of that name, which the player chooses. Since API 1.13 (the cost grammar of the
    /// swtcg-plugin-api crate).
    TapNamed(String),
    /// Discard one of your units the player chooses from an arena ("Discard one of your Jedi
    /// from the Character arena"), never the unit whose ability it is ("Discard this unit" is
    /// `DiscardThis`). Since API 1.13 (the cost grammar of the swtcg-plugin-api crate).
    DiscardUnit(CostUnits),
    /// Discard the unit whose ability it is ("Discard Gregor", "discard this unit"); the engine
    /// discards it after the other costs, through the usual discard (game 14.4).
    DiscardThis(String),
    /// "Pay X Force", with "where X is N or less" as `max`: the player chooses X when paying
    /// (0 up to `max` and the Force they have), and [`with_x`] turns it into `Force(X)`. Until X
    /// is chosen it can't be paid.
    ForceX {
        max: Option<u32>,
    },
    /// "Pay X build points", "Pay any number of build points": as [`Cost::ForceX`], paid in
    /// build points (0 up to `max` and the build points the player has). Read since December
    /// 2026.
    BuildPointsX {
        max: Option<u32>,
    },
    /// "Discard a card from your hand", "discard 2 cards from your hand": the player chooses
    /// each card (never the card being played). Since API 1.8.
    DiscardFromHand(u32),
    /// "Discard your hand": every card in it but the one being played. Since API 1.8.
    DiscardHand,
    /// "Put the top 3 cards of your deck into your discard pile": payable only with that many
    /// cards in the deck. Since API 1.8.
    MillOwn(u32),
    /// "Discard the top card from your opponent's deck": payable only with that many cards in
    /// the opponent's deck. Read since December 2026.
    MillOpponent(u32),
    /// "Discard the top card from each player's deck": payable only with that many cards in
    /// each deck. Read since December 2026.
    MillEach(u32),
    /// "Put 1 damage counter on this unit" (or on the unit by its name): counters, not damage
    /// (game 11.5), which may discard the unit. Since API 1.8.
    DamageThis {
        amount: u32,
        name: String,
    },
    /// "Put 1 captivity counter on this unit" (or on the unit by its name): counters of a named
    /// kind on the unit whose ability it is (API 1.13 counters). Read since December 2026.
    CountersThis {
        kind: String,
        amount: u32,
        name: String,
    },
    /// "Remove 1 mastery counter from this unit" (or from the unit by its name): payable only with
    /// that many counters of the kind on the unit whose ability it is. Read since December 2026.
    RemoveCountersThis {
        kind: String,
        amount: u32,
        name: String,
    },
    /// "Put 1 damage counter on one of your other units", "put 2 damage counters on one of your
    /// Sith Lords": counters, not damage (game 11.5), on a unit of the payer that they choose.
    /// Read since December 2026.
    DamageUnit {
        amount: u32,
        units: CostUnits,
    },
    /// "Put 1 captivity counter on one of your other unique units in any arena": counters of a
    /// named kind on a unit of the payer that they choose. Read since December 2026.
    CountersUnit {
        kind: String,
        amount: u32,
        units: CostUnits,
    },
    /// "Remove 1 mastery counter from a unit": counters of a named kind taken off a unit in play
    /// (either player's) that has that many, which the payer chooses. Read since December 2026.
    RemoveCountersUnit {
        kind: String,
        amount: u32,
    },
    /// "Remove 2 cards from your discard pile from the game", "remove a card from your discard
    /// pile from the game": cards of the payer's discard pile that they choose, removed from the
    /// game (game 4.6); payable with that many there. Read since December 2026.
    RemoveFromDiscard(u32),
    /// "Remove Maul from the game", "remove this unit from the game": the unit whose ability it
    /// is leaves play, its cards removed from the game (game 4.6); it is not discarded. Read
    /// since December 2026.
    RemoveThis(String),
    /// "Retreat this unit", "Retreat Ahsoka", "retreat her" (after a cost that names her): the unit
    /// whose ability it is moves from its arena to its owner's build zone (game 8.5), payable only
    /// while it is in an arena and nothing forbids its retreat. Read since December 2026.
    RetreatThis(String),
    /// "Return this unit to your supply" (a Subordinate, game 16.5): the unit whose ability it
    /// is leaves play and goes back to its owner's supply; it is not discarded. Read since
    /// December 2026.
    ReturnThis(String),
    /// Counters added to a Resource or removed from it (game 16.4, 13.8): "Add 1 counter" and
    /// "Remove 5 counters" printed on a Resource are that Resource's own (`yours` false: payable
    /// only by a Resource in its player's Resource zone); "Add 2 counters to your Resource" and
    /// "Remove 1 counter from your Resource" are the payer's Resource's (`yours`). Counters are
    /// removed only where there are that many. Read since December 2026.
    ResourceCounters {
        amount: u32,
        remove: bool,
        yours: bool,
    },
}

/// The units a cost lets its payer choose among: their own units (not Locations, unless a kind
/// says so) in an arena, of one of `kinds`, in one of `arenas`, never the unit whose ability it
/// is unless `itself` says so. Read from "one of your [untapped] [other] [unique] [damaged]
/// <kinds> [in <arenas>]".
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct CostUnits {
    /// Any one of these, as printed and singular ("Jedi", "Dark Jedi", "Character", "Light
    /// Side unit", "Location"); none for any unit. Each word of a kind must hold: "unit" says
    /// nothing more, "Character", "Space" and "Ground" name the arena of the card's type line,
    /// "Light Side", "Dark Side" and "neutral" its side, "Location" a Location, any other word a
    /// subtype ([`crate::text::has_subtype`]).
    pub kinds: Vec<String>,
    pub unique: bool,
    pub damaged: bool,
    /// The arenas it may be in; none for any.
    pub arenas: Vec<Arena>,
    /// "in this arena": the arena of the unit whose ability it is.
    pub this_arena: bool,
    /// Whether the unit whose ability it is may be the one chosen: damage counters put on "one
    /// of your Droids" may go on the Droid paying, on "one of your other units" never. A unit
    /// tapped or discarded to pay is always another (it is the one that pays by tapping itself
    /// or being discarded, `TapThis` and `DiscardThis`).
    pub itself: bool,
}

/// What [`CostUnits::admits`] needs to know of one unit of the payer.
#[derive(Debug, Clone, Copy)]
pub struct UnitFacts<'a> {
    pub subtypes: &'a [String],
    /// The arenas of its card's type line.
    pub type_line: &'a [Arena],
    pub allegiance: Allegiance,
    pub unique: bool,
    pub damaged: bool,
    pub location: bool,
    /// The arena it is in.
    pub arena: Arena,
    /// Whether that is the arena of the unit whose ability it is.
    pub in_this_arena: bool,
}

impl CostUnits {
    /// Whether the unit described by `facts` is one of these (untapped-ness and who controls
    /// it are the payer's to check).
    pub fn admits(&self, facts: &UnitFacts) -> bool {
        let kind_fits = |kind: &String| {
            let words: Vec<&str> = kind.split_whitespace().collect();
            let location = words.iter().any(|w| w.eq_ignore_ascii_case("location"));
            let mut i = 0;
            while i < words.len() {
                let word = words[i].to_ascii_lowercase();
                let next_is_side = words
                    .get(i + 1)
                    .is_some_and(|w| w.eq_ignore_ascii_case("side"));
                let holds = match word.as_str() {
                    "unit" | "location" => true,
                    "light" if next_is_side => {
                        i += 1;
                        facts.allegiance == Allegiance::Light
                    }
                    "dark" if next_is_side => {
                        i += 1;
                        facts.allegiance == Allegiance::Dark
                    }
                    "neutral" => facts.allegiance == Allegiance::Neutral,
                    _ => match Arena::from_word(&word) {
                        Some(arena) => facts.type_line.contains(&arena),
                        None => crate::text::has_subtype(facts.subtypes, words[i]),
                    },
                };
                if !holds {
                    return false;
                }
                i += 1;
            }
            location == facts.location
        };
        let kinds = if self.kinds.is_empty() {
            !facts.location
        } else {
            self.kinds.iter().any(kind_fits)
        };
        kinds
            && (!self.unique || facts.unique)
            && (!self.damaged || facts.damaged)
            && (!self.this_arena || facts.in_this_arena)
            && (self.arenas.is_empty() || self.arenas.contains(&facts.arena))
    }
}

/// Parses a printed cost, or several joined by commas and "and", paid in order, where every
/// amount is a number. Returns an error naming the part the engine does not understand, or the
/// X that would have to be chosen first.
pub fn parse_costs(text: &str) -> Result<Vec<Cost>, String> {
    let costs = parse_costs_with_x(text)?;
    if costs
        .iter()
        .any(|c| matches!(c, Cost::ForceX { .. } | Cost::BuildPointsX { .. }))
    {
        return Err(format!(
            "the cost \"{}\" has an X, which only a completion lets the player choose",
            text.trim()
        ));
    }
    Ok(costs)
}

/// The X of a cost, if it has one: `Some(max)`, `max` being the printed limit ("where X is 8 or
/// less") if any.
pub fn x_limit(costs: &[Cost]) -> Option<Option<u32>> {
    costs.iter().find_map(|c| match c {
        Cost::ForceX { max } | Cost::BuildPointsX { max } => Some(*max),
        _ => None,
    })
}

/// The costs with X chosen: every "Pay X Force" becomes "Pay `x` Force". `None` when `x` is
/// above the printed limit.
pub fn with_x(costs: &[Cost], x: u32) -> Option<Vec<Cost>> {
    costs
        .iter()
        .map(|c| match c {
            Cost::ForceX { max } | Cost::BuildPointsX { max } if max.is_some_and(|max| x > max) => {
                None
            }
            Cost::ForceX { .. } => Some(Cost::Force(x)),
            Cost::BuildPointsX { .. } => Some(Cost::BuildPoints(x)),
            other => Some(other.clone()),
        })
        .collect()
}

/// Parses a printed cost like [`parse_costs`], also "Pay X Force" (optionally limited by a
/// following "where X is N or less"), whose X the player chooses when paying.
pub fn parse_costs_with_x(text: &str) -> Result<Vec<Cost>, String> {
    let cleaned = text.trim().trim_end_matches('.');
    let mut costs: Vec<Cost> = Vec::new();
    for part in cleaned
        .split([',', ';'])
        .flat_map(|part| part.split(" and "))
        .map(str::trim)
        .filter(|part| !part.is_empty())
    {
        // "where X is 8 or less" limits the X of the cost before it ("Pay X Force, where X is 8
        // or less"); it is no cost of its own.
        if let Some(limit) = x_limit_clause(part) {
            match costs.last_mut() {
                Some(Cost::ForceX { max } | Cost::BuildPointsX { max }) if max.is_none() => {
                    *max = Some(limit)
                }
                _ => return Err(format!("\"{part}\" follows no cost with an X")),
            }
            continue;
        }
        costs.push(parse_one(part)?);
    }
    Ok(costs)
}

/// "where X is 8 or less" → 8.
fn x_limit_clause(part: &str) -> Option<u32> {
    let lower = part.to_ascii_lowercase();
    let rest = lower.strip_prefix("where x is ")?;
    rest.strip_suffix(" or less")?.trim().parse().ok()
}

/// A count as printed: a number, or "a", "an", "one" to "five".
fn count(word: &str) -> Option<u32> {
    match word {
        "a" | "an" | "one" => Some(1),
        "two" => Some(2),
        "three" => Some(3),
        "four" => Some(4),
        "five" => Some(5),
        _ => word.parse().ok(),
    }
}

fn number_before(words: &[&str], unit: &str) -> Option<u32> {
    let at = words.iter().position(|w| {
        w.eq_ignore_ascii_case(unit) || w.eq_ignore_ascii_case(&format!("{unit}s"))
    })?;
    words.get(at.checked_sub(1)?)?.parse().ok()
}

fn parse_one(part: &str) -> Result<Cost, String> {
    let lower = part.to_ascii_lowercase();
    let words: Vec<&str> = lower.split_whitespace().collect();
    match words.first().copied() {
        Some("pay") if words == ["pay", "x", "force"] => Some(Cost::ForceX { max: None }),
        // "Pay X build points", "Pay any number of build points" (BOY Millennium Falcon (A)).
        Some("pay")
            if matches!(
                words.get(1..),
                Some(["x", "build", "point" | "points"])
                    | Some(["any", "number" | "amount", "of", "build", "points"])
            ) =>
        {
            Some(Cost::BuildPointsX { max: None })
        }
        // "2 Force pay -> Evade 3", "Alternative Cost: 9 Force pay." (the Yoda cards of AOTC,
        // AAA and BOBF print their costs in his word order): paid as "Pay 2 Force".
        Some("x") if words.get(1..) == Some(&["force", "pay"][..]) => {
            Some(Cost::ForceX { max: None })
        }
        Some(n) if count(n).is_some() && words.get(1..) == Some(&["force", "pay"][..]) => {
            count(n).map(Cost::Force)
        }
        // "Pay 2 -> Evade 2" (Ki-Adi-Mundi (A), JG): the data leaves out the Force that every
        // "Pay N" of an activated ability means.
        Some("pay") if words.len() == 2 => count(words[1]).map(Cost::Force),
        // "Pay 1 build point, 1 Force -> Equip" (Jedi Lightsaber, ROTS): a second amount after
        // a comma goes on paying.
        Some(n) if count(n).is_some() && matches!(words.get(1..), Some(["force"])) => {
            count(n).map(Cost::Force)
        }
        Some(n)
            if count(n).is_some()
                && matches!(words.get(1..), Some(["build", "point" | "points"])) =>
        {
            count(n).map(Cost::BuildPoints)
        }
        Some("pay") if lower.ends_with("force") => number_before(&words, "force").map(Cost::Force),
        Some("pay") if lower.contains("build point") => {
            number_before(&words, "build").map(Cost::BuildPoints)
        }
        Some("gain") if lower.ends_with("force") => {
            number_before(&words, "force").map(Cost::GainForce)
        }
        Some("draw") => match words[..] {
            ["draw", n, "card" | "cards"] => count(n).filter(|&n| n > 0).map(Cost::Draw),
            _ => None,
        },
        Some("your") => match words[..] {
            ["your", "opponent", "loses", n, "force"] => count(n).map(Cost::OpponentLosesForce),
            _ => None,
        },
        Some("tap") if words.len() <= 3 && (lower.contains("this") || words.len() == 1) => {
            Some(Cost::TapThis)
        }
        Some("[tap]") => Some(Cost::TapThis),
        Some("tap") => chosen_units(part, "tap", &["in"])
            .map(Cost::TapUnit)
            .or_else(|| named(part).map(Cost::TapNamed)),
        Some("discard") => discard(part, &words),
        Some("put") => put(part, &words),
        Some("add") => resource_counters(&words),
        Some("remove") => resource_counters(&words).or_else(|| remove(part, &words)),
        Some("return") => return_to_supply(part, &words),
        Some("retreat") => retreat(part, &words),
        _ => None,
    }
    .ok_or_else(|| format!("the engine can't pay the cost \"{part}\" yet"))
}

/// "Discard your hand", "discard a card from your hand", "discard 2 cards from your hand", or
/// "discard <this unit's name>".
fn discard(part: &str, words: &[&str]) -> Option<Cost> {
    match words {
        ["discard", "your", "hand"] => Some(Cost::DiscardHand),
        // "Discard a card, [tap] -> Gain 1 build point" (ROTS Jar Jar Binks (C)): a card is one
        // of the hand, the only pile a player discards from by choice.
        ["discard", "a", "card"] => Some(Cost::DiscardFromHand(1)),
        ["discard", n, "card" | "cards", "from", "your", "hand"]
        | ["discard", n, "card" | "cards", "from", "hand"] => {
            count(n).filter(|&n| n > 0).map(Cost::DiscardFromHand)
        }
        // "Discard the top card from your deck" (Hell's Anvil (B)): the top of the deck into
        // the discard pile, as "put the top card of your deck into your discard pile".
        [
            "discard",
            "the",
            "top",
            "card",
            "from" | "of",
            "your",
            "deck",
        ] => Some(Cost::MillOwn(1)),
        [
            "discard",
            "the",
            "top",
            n,
            "cards",
            "from" | "of",
            "your",
            "deck",
        ] => count(n).filter(|&n| n > 0).map(Cost::MillOwn),
        // "Discard the top card from your opponent's deck" (KAE Mandalorian Guard Squad),
        // "... from each player's deck" (AAA Zam Wesell's KYD-21 Blaster (A)).
        ["discard", "the", "top", rest @ ..] => {
            let (n, whose) = match rest {
                ["card", "from" | "of", whose @ ..] => (1, whose),
                [n, "cards", "from" | "of", whose @ ..] => (count(n).filter(|&n| n > 0)?, whose),
                _ => return None,
            };
            match whose {
                ["your", "opponent's", "deck"] => Some(Cost::MillOpponent(n)),
                ["each", "player's", "deck"] => Some(Cost::MillEach(n)),
                _ => None,
            }
        }
        // "Discard Beru from the Character arena", "discard this unit from the Space arena":
        // the unit itself, from the arena it is in (its ability works only there, game 13.7;
        // the arena printed is the one of its type line).
        [
            _,
            ..,
            "from",
            "the",
            "space" | "ground" | "character",
            "arena",
        ] if names_itself(part) => {
            let named = part.trim()["discard".len()..].trim();
            let end = named
                .to_ascii_lowercase()
                .rfind(" from ")
                .unwrap_or(named.len());
            Some(Cost::DiscardThis(named[..end].trim().to_string()))
        }
        // "Discard one of your Jedi from the Character arena": a unit the player chooses.
        ["discard", "one", "of", "your", ..] => {
            chosen_units(part, "discard", &["from"]).map(Cost::DiscardUnit)
        }
        // Any other "from" or "a ..." names a card to choose, which this grammar does not read.
        _ if words.len() >= 2 && !words.contains(&"from") && words[1] != "a" => Some(
            Cost::DiscardThis(part.trim()["discard".len()..].trim().to_string()),
        ),
        _ => None,
    }
}

/// Whether the words after "discard" name the unit itself: "this unit" (card, Location) or a
/// name, never a unit to choose ("one of your units", "a Droid", "another unit").
fn names_itself(part: &str) -> bool {
    let mut words = part.split_whitespace().skip(1);
    match words.next() {
        Some(this) if this.eq_ignore_ascii_case("this") => words.next().is_some_and(|w| {
            ["unit", "card", "location"]
                .iter()
                .any(|k| w.eq_ignore_ascii_case(k))
        }),
        Some(name) => {
            name.starts_with(char::is_uppercase)
                && ![
                    "One", "A", "An", "Another", "Your", "Each", "All", "Any", "X", "Up",
                ]
                .contains(&name)
        }
        None => false,
    }
}

/// "Put the top card of your deck into your discard pile", "put the top 3 cards of your deck in
/// your discard pile", "put 1 damage counter on this unit", "put 2 damage counters on Anakin".
fn put(part: &str, words: &[&str]) -> Option<Cost> {
    match words {
        [
            "put",
            "the",
            "top",
            "card",
            "of",
            "your",
            "deck",
            "into" | "in",
            "your",
            "discard",
            "pile",
        ] => Some(Cost::MillOwn(1)),
        [
            "put",
            "the",
            "top",
            n,
            "cards",
            "of",
            "your",
            "deck",
            "into" | "in",
            "your",
            "discard",
            "pile",
        ] => count(n).filter(|&n| n > 0).map(Cost::MillOwn),
        // "Put 1 damage counter on one of your other units": a unit the player chooses.
        [
            "put",
            n,
            "damage",
            "counter" | "counters",
            "on",
            "one",
            "of",
            ..,
        ] => {
            let amount = count(n).filter(|&n| n > 0)?;
            let units = on_one_of_yours(part)?;
            Some(Cost::DamageUnit { amount, units })
        }
        ["put", n, "damage", "counter" | "counters", "on", ..] if words.len() > 5 => {
            let amount = count(n).filter(|&n| n > 0)?;
            let name = itself_after(part, " on ")?;
            Some(Cost::DamageThis { amount, name })
        }
        [
            "put",
            n,
            kind,
            "counter" | "counters",
            "on",
            "one",
            "of",
            ..,
        ] if counter_kind(kind) => {
            let amount = count(n).filter(|&n| n > 0)?;
            let units = on_one_of_yours(part)?;
            Some(Cost::CountersUnit {
                kind: kind.to_string(),
                amount,
                units,
            })
        }
        // "Put 1 captivity counter on Jabba": counters of a kind on the unit itself.
        ["put", n, kind, "counter" | "counters", "on", ..]
            if words.len() > 5 && counter_kind(kind) =>
        {
            let amount = count(n).filter(|&n| n > 0)?;
            let name = itself_after(part, " on ")?;
            Some(Cost::CountersThis {
                kind: kind.to_string(),
                amount,
                name,
            })
        }
        _ => None,
    }
}

/// "Remove 1 mastery counter from this unit", "remove 2 credit counters from Boba": counters of a
/// kind taken off the unit itself.
fn remove(part: &str, words: &[&str]) -> Option<Cost> {
    match words {
        // "Remove 1 mastery counter from a unit [in any arena]": any unit in play that has them.
        [
            "remove",
            n,
            kind,
            "counter" | "counters",
            "from",
            "a",
            "unit",
            rest @ ..,
        ] if counter_kind(kind) && matches!(rest, [] | ["in", "any", "arena"]) => {
            let amount = count(n).filter(|&n| n > 0)?;
            Some(Cost::RemoveCountersUnit {
                kind: kind.to_string(),
                amount,
            })
        }
        [
            "remove",
            n,
            "card" | "cards",
            "from",
            "your",
            "discard",
            "pile",
            "from",
            "the",
            "game",
        ] => count(n).filter(|&n| n > 0).map(Cost::RemoveFromDiscard),
        // "Remove Maul from the game", "remove this unit from the game".
        ["remove", .., "from", "the", "game"] if names_itself(part) => {
            let named = part.trim()["remove".len()..].trim();
            let end = named.len() - " from the game".len();
            Some(Cost::RemoveThis(named[..end].trim().to_string()))
        }
        ["remove", n, kind, "counter" | "counters", "from", ..]
            if words.len() > 5 && counter_kind(kind) =>
        {
            let amount = count(n).filter(|&n| n > 0)?;
            let name = itself_after(part, " from ")?;
            Some(Cost::RemoveCountersThis {
                kind: kind.to_string(),
                amount,
                name,
            })
        }
        _ => None,
    }
}

/// "Retreat this unit", "Retreat Luke from this arena", "retreat this unit from the Ground
/// arena", "retreat her": the unit itself (game 8.5), named, or by a pronoun after a cost that
/// named it ("Put 1 damage counter on Padme and retreat her").
fn retreat(part: &str, words: &[&str]) -> Option<Cost> {
    let named = part.trim()["retreat".len()..].trim();
    let end = [
        "from this arena",
        "from the space arena",
        "from the ground arena",
        "from the character arena",
    ]
    .iter()
    .find_map(|tail| named.to_ascii_lowercase().strip_suffix(tail).map(str::len))
    .unwrap_or(named.len());
    let named = named[..end].trim();
    match words {
        ["retreat", "her" | "him" | "it"] => Some(Cost::RetreatThis("this unit".into())),
        [_, _, ..] if !named.is_empty() && names_itself(&format!("retreat {named}")) => {
            Some(Cost::RetreatThis(named.to_string()))
        }
        _ => None,
    }
}

/// "Return this unit to your supply", "return Life Day to your supply": the unit itself (game
/// 16.5).
fn return_to_supply(part: &str, words: &[&str]) -> Option<Cost> {
    match words {
        ["return", .., "to", "your", "supply"] if names_itself(part) => {
            let named = part.trim()["return".len()..].trim();
            let end = named.len() - " to your supply".len();
            Some(Cost::ReturnThis(named[..end].trim().to_string()))
        }
        _ => None,
    }
}

/// "Add 1 counter", "Remove 5 counters" (a Resource's own), "add 2 counters to your Resource",
/// "remove 1 counter from your Resource" (game 16.4).
fn resource_counters(words: &[&str]) -> Option<Cost> {
    let (remove, amount, rest) = match words {
        ["add", n, "counter" | "counters", rest @ ..] => (false, n, rest),
        ["remove", n, "counter" | "counters", rest @ ..] => (true, n, rest),
        _ => return None,
    };
    let yours = match (remove, rest) {
        (_, []) => false,
        (false, ["to", "your", "resource"]) | (true, ["from", "your", "resource"]) => true,
        _ => return None,
    };
    let amount = count(amount).filter(|&n| n > 0)?;
    Some(Cost::ResourceCounters {
        amount,
        remove,
        yours,
    })
}

/// A counter's kind as printed before "counter(s)": one word, not damage or build counters
/// (which are no kind of their own) and not "any" ("1 counter of any type" is a choice).
fn counter_kind(word: &str) -> bool {
    !matches!(word, "damage" | "build" | "any" | "more" | "of")
        && word.chars().all(|c| c.is_ascii_lowercase())
}

/// The unit itself as printed after `joint` ("this unit", "Anakin", "~"'s name): only the unit
/// whose ability it is, never a unit to choose ("one of your units", "each unit").
fn itself_after(part: &str, joint: &str) -> Option<String> {
    let at = part.to_ascii_lowercase().find(joint)?;
    let name = part[at + joint.len()..].trim().trim_end_matches('.');
    let named = name.eq_ignore_ascii_case("this unit")
        || (name.starts_with(|c: char| c.is_uppercase())
            && !name.to_ascii_lowercase().contains(" of ")
            && !name.starts_with("Each"));
    named.then(|| name.to_string())
}

/// The name after the verb of "Tap Frog Lady", "tap Jabba the Hutt", "Tap BB-8": words that
/// start with a capital letter or a digit, "the" and "of" between them; `None` for anything else.
fn named(part: &str) -> Option<String> {
    let words: Vec<&str> = part.split_whitespace().skip(1).collect();
    let capital = |w: &&str| w.starts_with(|c: char| c.is_uppercase() || c.is_ascii_digit());
    let fits = words.first().is_some_and(capital)
        && words.last().is_some_and(capital)
        && words
            .iter()
            .all(|w| capital(w) || matches!(*w, "the" | "of"));
    fits.then(|| words.join(" ").trim_end_matches('.').to_string())
}

/// After `verb`: "one of your [untapped] [other] [unique] [damaged] <kinds> [<in|from> any arena |
/// the <arena> [or <arena>] arena | this arena]", or "a"/"an" and one kind ("tap a Padawan").
/// Each word of a kind is capitalized ("Jedi", "Light Side"), or is "unit(s)" or "neutral";
/// kinds are joined by "or". Anything else ("with printed build cost 4 or more", "you control",
/// "or your build zone") is not read.
fn chosen_units(part: &str, verb: &str, arena_words: &[&str]) -> Option<CostUnits> {
    let (first, rest) = part.trim().split_once(char::is_whitespace)?;
    if !first.eq_ignore_ascii_case(verb) {
        return None;
    }
    units_phrase(rest, arena_words).map(|(units, _)| units)
}

/// The units after " on " of "Put 1 damage counter on one of your [other] <kinds> ...": the unit
/// paying may be the one chosen unless "other" is printed.
fn on_one_of_yours(part: &str) -> Option<CostUnits> {
    let at = part.to_ascii_lowercase().find(" on ")?;
    let (mut units, other) = units_phrase(&part[at + " on ".len()..], &["in"])?;
    units.itself = !other;
    Some(units)
}

/// The phrase of [`chosen_units`] after its verb, and whether it says "other". "yout" is the
/// data's "your" (AAA Mother Zalem (A)).
fn units_phrase(phrase: &str, arena_words: &[&str]) -> Option<(CostUnits, bool)> {
    let words: Vec<&str> = phrase.split_whitespace().collect();
    let lower: Vec<String> = words.iter().map(|w| w.to_ascii_lowercase()).collect();
    let mut at = match lower.get(0..3) {
        Some([one, of, your])
            if one == "one" && of == "of" && (your == "your" || your == "yout") =>
        {
            3
        }
        _ if matches!(lower.first().map(String::as_str), Some("a" | "an")) => 1,
        _ => return None,
    };
    let mut units = CostUnits::default();
    let mut other = false;
    // Adjectives: only an untapped unit can be tapped, so "untapped" adds nothing.
    while let Some(word) = lower.get(at) {
        match word.as_str() {
            "untapped" => {}
            "other" => other = true,
            "unique" => units.unique = true,
            "damaged" => units.damaged = true,
            _ => break,
        }
        at += 1;
    }
    let end = lower[at..]
        .iter()
        .position(|w| arena_words.contains(&w.as_str()))
        .map_or(words.len(), |p| at + p);
    let mut kind: Vec<&str> = Vec::new();
    for (i, word) in words[at..end].iter().enumerate() {
        let is_or = lower[at + i] == "or";
        if is_or {
            units.kinds.push(singular_kind(&kind)?);
            kind.clear();
            continue;
        }
        let plain = matches!(lower[at + i].as_str(), "unit" | "units" | "neutral");
        if !plain && !word.starts_with(char::is_uppercase) {
            return None;
        }
        kind.push(word);
    }
    units.kinds.push(singular_kind(&kind)?);
    // "units" alone is any unit.
    if units.kinds.iter().all(|k| k == "unit") {
        units.kinds.clear();
    }
    match &lower[end.min(lower.len())..] {
        [] => {}
        [_, any, arena] if any == "any" && arena == "arena" => {}
        [_, this, arena] if this == "this" && arena == "arena" => units.this_arena = true,
        [_, the, rest @ .., arena] if the == "the" && arena == "arena" && !rest.is_empty() => {
            for (i, word) in rest.iter().enumerate() {
                match (Arena::from_word(word), i % 2) {
                    (Some(arena), 0) => units.arenas.push(arena),
                    (None, 1) if word == "or" => {}
                    _ => return None,
                }
            }
        }
        _ => return None,
    }
    Some((units, other))
}

/// A kind's words with its last word singular ("Dark Jedi", "Clones" → "Clone", "Children" →
/// "Child", "units" → "unit"); `None` for no words.
fn singular_kind(words: &[&str]) -> Option<String> {
    let (last, first) = words.split_last()?;
    let last = if last.eq_ignore_ascii_case("children") {
        last[..last.len() - 3].to_string()
    } else if let Some(stem) = last.strip_suffix("ies") {
        // "Spies" → "Spy", "Armies" → "Army".
        format!("{stem}y")
    } else {
        last.strip_suffix('s').unwrap_or(last).to_string()
    };
    let mut all: Vec<&str> = first.to_vec();
    all.push(&last);
    Some(all.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn printed_costs_parse() {
        assert_eq!(parse_costs("Pay 2 Force"), Ok(vec![Cost::Force(2)]));
        assert_eq!(parse_costs("Pay 0 Force"), Ok(vec![Cost::Force(0)]));
        assert_eq!(
            parse_costs("Pay 1 build point"),
            Ok(vec![Cost::BuildPoints(1)])
        );
        assert_eq!(parse_costs("tap this unit."), Ok(vec![Cost::TapThis]));
        assert_eq!(parse_costs("Gain 1 Force."), Ok(vec![Cost::GainForce(1)]));
        // The data's shorthands: JG Ki-Adi-Mundi (A), ROTS Jedi Lightsaber and Sith Lightsaber.
        assert_eq!(parse_costs("Pay 2"), Ok(vec![Cost::Force(2)]));
        // Yoda's word order (AOTC Yoda (A) "2 Force pay -> Evade 3", AAA "X Force pay").
        assert_eq!(parse_costs("2 Force pay"), Ok(vec![Cost::Force(2)]));
        assert_eq!(parse_costs("9 Force pay."), Ok(vec![Cost::Force(9)]));
        assert_eq!(
            parse_costs_with_x("X Force pay"),
            Ok(vec![Cost::ForceX { max: None }])
        );
        assert!(parse_costs("2 Force gain").is_err());
        assert_eq!(
            parse_costs("Pay 1 build point, 1 Force"),
            Ok(vec![Cost::BuildPoints(1), Cost::Force(1)])
        );
        assert_eq!(
            parse_costs("Pay 1 Force, 1 build point"),
            Ok(vec![Cost::Force(1), Cost::BuildPoints(1)])
        );
        assert_eq!(
            parse_costs("Pay 1 Force, tap this unit"),
            Ok(vec![Cost::Force(1), Cost::TapThis])
        );
        assert_eq!(
            parse_costs("Discard Gregor"),
            Ok(vec![Cost::DiscardThis("Gregor".into())])
        );
        // The unit itself from its arena (ANH Beru Lars (A), ESB YV-664 Light Freighter), but
        // never a unit to choose.
        assert_eq!(
            parse_costs("Discard Beru from the Character arena"),
            Ok(vec![Cost::DiscardThis("Beru".into())])
        );
        assert_eq!(
            parse_costs("Discard this unit from the Space arena"),
            Ok(vec![Cost::DiscardThis("this unit".into())])
        );
        assert!(parse_costs("Discard a Droid from the Ground arena").is_err());
    }

    #[test]
    fn counters_on_chosen_units_and_units_leaving_play_parse() {
        let units = |kinds: &[&str], itself: bool| CostUnits {
            kinds: kinds.iter().map(|k| k.to_string()).collect(),
            itself,
            ..CostUnits::default()
        };
        // ROTS Mas Amedda (A): no "other", so the unit paying may take the counter.
        assert_eq!(
            parse_costs("Put a damage counter on one of your units"),
            Ok(vec![Cost::DamageUnit {
                amount: 1,
                units: units(&[], true)
            }])
        );
        // AAA Mother Zalem (A) prints "yout".
        assert_eq!(
            parse_costs("Put 1 damage counter on one of yout other units"),
            Ok(vec![Cost::DamageUnit {
                amount: 1,
                units: units(&[], false)
            }])
        );
        // KAE Yuthura Ban (A).
        assert_eq!(
            parse_costs("Put 1 damage counter on one of your other Sith in the Character arena"),
            Ok(vec![Cost::DamageUnit {
                amount: 1,
                units: CostUnits {
                    arenas: vec![Arena::Character],
                    ..units(&["Sith"], false)
                }
            }])
        );
        // TROS Darth Vader's Helmet (B).
        assert_eq!(
            parse_costs("Pay 1 Force, put 1 corruption counter on one of your Jedi"),
            Ok(vec![
                Cost::Force(1),
                Cost::CountersUnit {
                    kind: "corruption".into(),
                    amount: 1,
                    units: units(&["Jedi"], true)
                }
            ])
        );
        // FOR Bo-Katan Kryze (C): any unit with the counter.
        assert_eq!(
            parse_costs("Remove 1 mastery counter from a unit"),
            Ok(vec![Cost::RemoveCountersUnit {
                kind: "mastery".into(),
                amount: 1
            }])
        );
        // BOTS C-3PO (U), 15TH Vibro-mop.
        assert_eq!(
            parse_costs("Remove a card from your discard pile from the game"),
            Ok(vec![Cost::RemoveFromDiscard(1)])
        );
        assert_eq!(
            parse_costs("Tap, Remove 2 cards from your discard pile from the game"),
            Ok(vec![Cost::TapThis, Cost::RemoveFromDiscard(2)])
        );
        // AAA Maul (R), FOR Purrgil Swarm; BOBF BD Droid, 15TH Life Day.
        assert_eq!(
            parse_costs("Remove Maul from the game"),
            Ok(vec![Cost::RemoveThis("Maul".into())])
        );
        assert_eq!(
            parse_costs("Remove this unit from the game"),
            Ok(vec![Cost::RemoveThis("this unit".into())])
        );
        assert_eq!(
            parse_costs("Return this unit to your supply"),
            Ok(vec![Cost::ReturnThis("this unit".into())])
        );
        // BOBF Ahsoka Tano (O), TROS Pasaana Treadable, AOTC Padme Amidala (C).
        assert_eq!(
            parse_costs("Retreat Ahsoka"),
            Ok(vec![Cost::RetreatThis("Ahsoka".into())])
        );
        assert_eq!(
            parse_costs("Retreat this unit from the Ground arena"),
            Ok(vec![Cost::RetreatThis("this unit".into())])
        );
        assert_eq!(
            parse_costs("Put 1 damage counter on Padme and retreat her"),
            Ok(vec![
                Cost::DamageThis {
                    amount: 1,
                    name: "Padme".into()
                },
                Cost::RetreatThis("this unit".into())
            ])
        );
        assert!(parse_costs("Retreat one of your units").is_err());
        // ROTS Jar Jar Binks (C): "a card" is one of the hand.
        assert_eq!(
            parse_costs("Discard a card, [tap]"),
            Ok(vec![Cost::DiscardFromHand(1), Cost::TapThis])
        );
        // Cards of another pile, and a unit to choose, are not read.
        assert!(
            parse_costs(
                "Remove a Starfighter unit card from your discard pile or hand from the game"
            )
            .is_err()
        );
        assert!(parse_costs("Return one of your Subordinates to your supply").is_err());
        assert!(parse_costs("Put 1 corruption counter on a unit in any arena").is_err());
        // "Spies" is the Spy subtype.
        assert_eq!(
            parse_costs("Pay 3 Force, tap one of your Spies"),
            Ok(vec![Cost::Force(3), Cost::TapUnit(units(&["Spy"], false))])
        );
    }

    #[test]
    fn benefits_written_as_upkeep_costs_parse() {
        // BOTS Jabba's Sail Barge (C), FOR Karina's Egg (A), 15TH Abeloth (A).
        assert_eq!(parse_costs("Draw a card."), Ok(vec![Cost::Draw(1)]));
        assert_eq!(
            parse_costs("Gain 2 Force and draw a card"),
            Ok(vec![Cost::GainForce(2), Cost::Draw(1)])
        );
        assert_eq!(
            parse_costs("your opponent loses 1 Force"),
            Ok(vec![Cost::OpponentLosesForce(1)])
        );
        assert!(parse_costs("Draw a card from your discard pile").is_err());
    }

    #[test]
    fn the_tops_of_other_decks_parse() {
        // KAE Mandalorian Guard Squad, AAA Zam Wesell's KYD-21 Blaster (A).
        assert_eq!(
            parse_costs("Discard the top card from your opponent's deck"),
            Ok(vec![Cost::MillOpponent(1)])
        );
        assert_eq!(
            parse_costs("Discard the top card from each player's deck"),
            Ok(vec![Cost::MillEach(1)])
        );
        assert_eq!(
            parse_costs("discard the top 2 cards of your opponent's deck"),
            Ok(vec![Cost::MillOpponent(2)])
        );
        assert_eq!(
            parse_costs("Discard the top card from your deck"),
            Ok(vec![Cost::MillOwn(1)])
        );
        assert!(parse_costs("Discard the top card from your discard pile").is_err());
    }

    #[test]
    fn counters_of_a_resource_parse() {
        let counters = |amount, remove, yours| Cost::ResourceCounters {
            amount,
            remove,
            yours,
        };
        // FOR Rebel Family, 15TH Czerka Corporation, BOBF Mandalorian Armory: a Resource's own.
        assert_eq!(
            parse_costs("Add 2 counters"),
            Ok(vec![counters(2, false, false)])
        );
        assert_eq!(
            parse_costs("Remove 4 counters"),
            Ok(vec![counters(4, true, false)])
        );
        assert_eq!(
            parse_costs("Add 1 counter, pay 1 build point"),
            Ok(vec![counters(1, false, false), Cost::BuildPoints(1)])
        );
        // BOTS Gamorrean Bodyguards, AAA Ansion: the payer's Resource.
        assert_eq!(
            parse_costs("Remove 1 counter from your Resource"),
            Ok(vec![counters(1, true, true)])
        );
        assert_eq!(
            parse_costs("Add 1 counter to your Resource"),
            Ok(vec![counters(1, false, true)])
        );
        assert!(parse_costs("Remove 0 counters").is_err());
    }

    #[test]
    fn counters_of_a_kind_on_the_unit_itself_parse() {
        // AAA Tahl (A), BOBF Pyke Henchmen, TAL Sylvar (A).
        assert_eq!(
            parse_costs("Put 1 captivity counter on Tahl"),
            Ok(vec![Cost::CountersThis {
                kind: "captivity".into(),
                amount: 1,
                name: "Tahl".into()
            }])
        );
        assert_eq!(
            parse_costs(
                "Remove 1 credit counter from this unit, put 1 corruption counter on this unit"
            ),
            Ok(vec![
                Cost::RemoveCountersThis {
                    kind: "credit".into(),
                    amount: 1,
                    name: "this unit".into()
                },
                Cost::CountersThis {
                    kind: "corruption".into(),
                    amount: 1,
                    name: "this unit".into()
                }
            ])
        );
        // "A counter of any type" is no kind (counters on a unit to choose are
        // `counters_on_chosen_units_and_units_leaving_play_parse`).
        assert!(parse_costs("Remove 1 counter of any type from this unit").is_err());
    }

    #[test]
    fn hand_deck_and_counter_costs_of_real_cards_parse() {
        // There Will Be No Bargain (BOTS), Desperate Times (ESB), Upkeep texts.
        assert_eq!(
            parse_costs("Pay 4 Force, discard a card from your hand"),
            Ok(vec![Cost::Force(4), Cost::DiscardFromHand(1)])
        );
        assert_eq!(
            parse_costs("Discard your hand"),
            Ok(vec![Cost::DiscardHand])
        );
        assert_eq!(
            parse_costs("discard 2 cards from your hand"),
            Ok(vec![Cost::DiscardFromHand(2)])
        );
        assert_eq!(
            parse_costs("Put the top 3 cards of your deck into your discard pile."),
            Ok(vec![Cost::MillOwn(3)])
        );
        assert_eq!(
            parse_costs("put the top card of your deck in your discard pile"),
            Ok(vec![Cost::MillOwn(1)])
        );
        assert_eq!(
            parse_costs("Tap one of your untapped Droids"),
            Ok(vec![Cost::TapUnit(CostUnits {
                kinds: vec!["Droid".into()],
                ..CostUnits::default()
            })])
        );
        assert_eq!(
            parse_costs("Discard the top card from your deck"),
            Ok(vec![Cost::MillOwn(1)])
        );
        // Zutton (A) (RAS): "Discard 1 card from hand".
        assert_eq!(
            parse_costs("Discard 1 card from hand"),
            Ok(vec![Cost::DiscardFromHand(1)])
        );
        assert_eq!(
            parse_costs("Put 1 damage counter on this unit"),
            Ok(vec![Cost::DamageThis {
                amount: 1,
                name: "this unit".into()
            }])
        );
        assert_eq!(
            parse_costs("Pay 3 Force, put 1 damage counter on this unit"),
            Ok(vec![
                Cost::Force(3),
                Cost::DamageThis {
                    amount: 1,
                    name: "this unit".into()
                }
            ])
        );
    }

    #[test]
    fn costs_that_name_a_card_to_choose_are_not_read() {
        for text in [
            "discard a card from your opponent's hand",
            "Discard one of your other units from any arena or your build zone",
            "Tap one of your units with printed build cost 4 or more in the Ground arena",
            "tap an untapped Character you control",
            "Tap one of your defending Characters",
            "Discard 0 cards from your hand",
            "Put 1 damage counter on a unit in any arena",
            "Remove 2 counters from a Resource",
            "Add 1 counter to your opponent's Resource",
        ] {
            let read = parse_costs(text);
            assert!(
                read.as_ref().is_err_and(|why| why.contains("can't pay")),
                "{text}: {read:?}"
            );
        }
    }

    #[test]
    fn costs_that_choose_one_of_your_units_parse() {
        let units = |kinds: &[&str]| CostUnits {
            kinds: kinds.iter().map(|k| k.to_string()).collect(),
            ..CostUnits::default()
        };
        // Protection of the Master (ANH), Strike Me Down (ANH), Force Throw (ESB), Magic Hand
        // Thing (TM), Lando's Trickery (RAS), Han's Sacrifice (RAS), Pateesa (B) (BOTS).
        assert_eq!(
            parse_costs("Tap one of your untapped Jedi in any arena"),
            Ok(vec![Cost::TapUnit(units(&["Jedi"]))])
        );
        assert_eq!(
            parse_costs("Discard one of your Jedi from the Character arena"),
            Ok(vec![Cost::DiscardUnit(CostUnits {
                arenas: vec![Arena::Character],
                ..units(&["Jedi"])
            })])
        );
        assert_eq!(
            parse_costs("Tap one of your untapped Dark Jedi in the Ground or Character arena"),
            Ok(vec![Cost::TapUnit(CostUnits {
                arenas: vec![Arena::Ground, Arena::Character],
                ..units(&["Dark Jedi"])
            })])
        );
        assert_eq!(
            parse_costs("Tap one of your Force Sensitive Children in any arena"),
            Ok(vec![Cost::TapUnit(units(&["Force Sensitive Child"]))])
        );
        assert_eq!(
            parse_costs("Tap one of your untapped neutral units"),
            Ok(vec![Cost::TapUnit(units(&["neutral unit"]))])
        );
        assert_eq!(
            parse_costs("tap one of your Force Sensitives or Jedi in any arena"),
            Ok(vec![Cost::TapUnit(units(&["Force Sensitive", "Jedi"]))])
        );
        assert_eq!(
            parse_costs("Discard one of your damaged units from any arena"),
            Ok(vec![Cost::DiscardUnit(CostUnits {
                damaged: true,
                ..CostUnits::default()
            })])
        );
        assert_eq!(
            parse_costs("Discard one of your other units from this arena"),
            Ok(vec![Cost::DiscardUnit(CostUnits {
                this_arena: true,
                ..CostUnits::default()
            })])
        );
        assert_eq!(
            parse_costs("tap a Padawan"),
            Ok(vec![Cost::TapUnit(units(&["Padawan"]))])
        );
    }

    #[test]
    fn a_unit_to_tap_by_its_name() {
        // TMW Frog Man (A), FOR Maul (S), TROS D-0 (B), BOTS Star Jewel (B).
        assert_eq!(
            parse_costs("Tap Frog Lady"),
            Ok(vec![Cost::TapNamed("Frog Lady".into())])
        );
        assert_eq!(
            parse_costs("Pay 6 Force, tap Ezra Bridger."),
            Ok(vec![Cost::Force(6), Cost::TapNamed("Ezra Bridger".into())])
        );
        assert_eq!(
            parse_costs("Tap BB-8"),
            Ok(vec![Cost::TapNamed("BB-8".into())])
        );
        assert_eq!(
            parse_costs("tap Jabba the Hutt"),
            Ok(vec![Cost::TapNamed("Jabba the Hutt".into())])
        );
        assert!(parse_costs("Tap any 2 of your Child cards").is_err());
    }

    #[test]
    fn chosen_units_admit_by_kind_side_type_line_and_arena() {
        let subtypes = ["Imperial".to_string(), "Dark".into(), "Jedi Knight".into()];
        let vader = UnitFacts {
            subtypes: &subtypes,
            type_line: &[Arena::Character],
            allegiance: Allegiance::Dark,
            unique: true,
            damaged: false,
            location: false,
            arena: Arena::Character,
            in_this_arena: false,
        };
        let cost = |text: &str| match parse_costs(text).unwrap().remove(0) {
            Cost::TapUnit(units) | Cost::DiscardUnit(units) => units,
            other => panic!("{other:?}"),
        };
        assert!(cost("Tap one of your untapped Dark Jedi in the Character arena").admits(&vader));
        assert!(cost("Tap one of your Dark Side Characters").admits(&vader));
        assert!(cost("Tap one of your unique units in any arena").admits(&vader));
        assert!(!cost("Tap one of your Light Side units").admits(&vader));
        assert!(!cost("Tap one of your Jedi in the Space arena").admits(&vader));
        assert!(!cost("Tap one of your Space units").admits(&vader));
        assert!(!cost("Discard one of your damaged units from any arena").admits(&vader));
        assert!(!cost("Discard one of your Locations from any arena").admits(&vader));
        assert!(!cost("Discard one of your units from this arena").admits(&vader));
    }

    #[test]
    fn x_costs_parse_with_their_limit_and_only_where_x_may_be_chosen() {
        assert_eq!(
            parse_costs_with_x("Pay X Force, where X is 8 or less."),
            Ok(vec![Cost::ForceX { max: Some(8) }])
        );
        assert_eq!(
            parse_costs_with_x("Pay X Force"),
            Ok(vec![Cost::ForceX { max: None }])
        );
        assert_eq!(
            parse_costs_with_x("Pay X Force, tap this unit"),
            Ok(vec![Cost::ForceX { max: None }, Cost::TapThis])
        );
        assert!(parse_costs("Pay X Force").unwrap_err().contains("has an X"));
        // Build points chosen the same way.
        for text in ["Pay X build points", "Pay any number of build points"] {
            let costs = parse_costs_with_x(text).unwrap();
            assert_eq!(costs, vec![Cost::BuildPointsX { max: None }]);
            assert_eq!(with_x(&costs, 3), Some(vec![Cost::BuildPoints(3)]));
        }
        // A limit must follow an X cost.
        assert!(parse_costs_with_x("Pay 2 Force, where X is 8 or less").is_err());
    }

    #[test]
    fn choosing_x_replaces_it_within_the_limit() {
        let costs = parse_costs_with_x("Pay X Force, where X is 8 or less").unwrap();
        assert_eq!(x_limit(&costs), Some(Some(8)));
        assert_eq!(with_x(&costs, 3), Some(vec![Cost::Force(3)]));
        assert_eq!(with_x(&costs, 8), Some(vec![Cost::Force(8)]));
        assert_eq!(with_x(&costs, 9), None);
        assert_eq!(x_limit(&[Cost::Force(2)]), None);
    }
}
