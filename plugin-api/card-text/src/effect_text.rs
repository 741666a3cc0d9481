//! Reads the printed effects that "Keyword: [effect]" abilities carry (Deploy, Last Stand,
//! Bounty, Foresight, Forewarning...): the few sentence forms the card data uses most, so that
//! every such keyword plugin reads them the same way.
//!
//! A text this module can't read gives `None`; the plugin then answers `understands = false`
//! and the card coverage counts the ability as unsupported, rather than guessing.

use swtcg_sdk::{CounterChange, Delayed, Effect, Side, SideAmount, UnitId, UnitView};

/// One effect of a printed effect text, before it is tied to a unit and a player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// "Gain 2 Force."
    GainForce(u32),
    /// "Gain 1 build point."
    GainBuildPoints(u32),
    /// "Draw a card." / "Draw 2 cards."
    Draw(u32),
    /// "Your opponent loses 1 Force."
    OpponentLosesForce(u32),
    /// "Put 2 mastery counters on this unit." / "... on Cara." (the unit's own name).
    CountersOnSelf { kind: String, amount: u32 },
}

/// Reads an effect text: sentences separated by ". ", and clauses joined by " and ".
/// `own_name` is the name of the card that has the ability, which some texts use for "this
/// unit" ("Put 2 credit counters on Zorii.").
pub fn parse(text: &str, own_name: &str) -> Option<Vec<Outcome>> {
    let text = text.trim().trim_matches('"').trim();
    let mut outcomes = Vec::new();
    for sentence in text.split(". ") {
        let sentence = sentence.trim().trim_end_matches('.').trim();
        if sentence.is_empty() {
            continue;
        }
        for clause in sentence.split(" and ") {
            outcomes.push(clause_outcome(clause.trim(), own_name)?);
        }
    }
    (!outcomes.is_empty()).then_some(outcomes)
}

fn number(word: &str) -> Option<u32> {
    match word.to_ascii_lowercase().as_str() {
        "a" | "an" | "one" => Some(1),
        "two" => Some(2),
        "three" => Some(3),
        other => other.parse().ok(),
    }
}

fn clause_outcome(clause: &str, own_name: &str) -> Option<Outcome> {
    let words: Vec<&str> = clause.split_whitespace().collect();
    let lower: Vec<String> = words.iter().map(|w| w.to_ascii_lowercase()).collect();
    let lower: Vec<&str> = lower.iter().map(String::as_str).collect();
    match lower.as_slice() {
        ["gain", n, "force"] => Some(Outcome::GainForce(number(n)?)),
        ["gain", n, "build", "point" | "points"] => Some(Outcome::GainBuildPoints(number(n)?)),
        ["draw", n, "card" | "cards"] => Some(Outcome::Draw(number(n)?)),
        ["your", "opponent", "loses", n, "force"] => Some(Outcome::OpponentLosesForce(number(n)?)),
        ["put", n, kind, "counter" | "counters", "on", ..] => {
            let target = words[5..].join(" ");
            let own = target.eq_ignore_ascii_case("this unit")
                || (!own_name.is_empty() && names_self(&target, own_name));
            let amount = number(n).filter(|&n| n > 0)?;
            own.then(|| Outcome::CountersOnSelf {
                kind: kind.to_string(),
                amount,
            })
        }
        _ => None,
    }
}

/// A card's name without its version in parentheses: "Zorii Bliss (A)" is "Zorii Bliss", and
/// texts often use the first word alone ("Zorii").
fn short_name(name: &str) -> &str {
    name.split(" (").next().unwrap_or(name).trim()
}

/// Whether `target` names the card: its full short name or its first word.
pub fn names_self(target: &str, own_name: &str) -> bool {
    let short = short_name(own_name);
    target.eq_ignore_ascii_case(short)
        || short
            .split_whitespace()
            .next()
            .is_some_and(|first| target.eq_ignore_ascii_case(first))
}

/// The opponent of a side.
pub fn opponent(side: Side) -> Side {
    match side {
        Side::Dark => Side::Light,
        Side::Light => Side::Dark,
    }
}

/// The effects of outcomes now, for `controller`, with `unit` as "this unit".
pub fn effects_now(outcomes: &[Outcome], controller: Side, unit: UnitId) -> Vec<Effect> {
    outcomes
        .iter()
        .map(|o| match o {
            Outcome::GainForce(n) => Effect::GainForce(*n),
            Outcome::GainBuildPoints(n) => Effect::GainBuildPoints(*n),
            Outcome::Draw(n) => Effect::Draw(SideAmount {
                side: controller,
                amount: *n,
            }),
            Outcome::OpponentLosesForce(n) => Effect::LoseForce(SideAmount {
                side: opponent(controller),
                amount: *n,
            }),
            Outcome::CountersOnSelf { kind, amount } => Effect::Counters(CounterChange {
                unit,
                kind: kind.clone(),
                amount: *amount as i32,
            }),
        })
        .collect()
}

/// The outcomes as effects delayed to a later moment (Bounty's next build step), for
/// `controller`, or `None` if one of them can't wait (counters on a unit that may be gone).
pub fn delayed(outcomes: &[Outcome], controller: Side) -> Option<Vec<Delayed>> {
    outcomes
        .iter()
        .map(|o| match o {
            Outcome::GainForce(n) => Some(Delayed::GainForce(*n)),
            Outcome::GainBuildPoints(n) => Some(Delayed::GainBuildPoints(*n)),
            Outcome::Draw(n) => Some(Delayed::Draw(*n)),
            Outcome::OpponentLosesForce(n) => Some(Delayed::LoseForce(SideAmount {
                side: opponent(controller),
                amount: *n,
            })),
            Outcome::CountersOnSelf { .. } => None,
        })
        .collect()
}

/// The name of a unit in play, for `parse`'s `own_name` ("" if it is not in play).
pub fn name_of(view: Option<UnitView>) -> String {
    view.map(|v| v.name).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_common_forms_are_read() {
        assert_eq!(
            parse("Gain 2 Force.", ""),
            Some(vec![Outcome::GainForce(2)])
        );
        assert_eq!(
            parse("Gain 1 build point. ", ""),
            Some(vec![Outcome::GainBuildPoints(1)])
        );
        assert_eq!(
            parse("Draw a card and gain 1 Force.", ""),
            Some(vec![Outcome::Draw(1), Outcome::GainForce(1)])
        );
        assert_eq!(parse("Draw 2 cards.", ""), Some(vec![Outcome::Draw(2)]));
        assert_eq!(
            parse("Your opponent loses 3 Force.", ""),
            Some(vec![Outcome::OpponentLosesForce(3)])
        );
        assert_eq!(
            parse("Put 2 credit counters on Zorii.", "Zorii Bliss (A)"),
            Some(vec![Outcome::CountersOnSelf {
                kind: "credit".into(),
                amount: 2
            }])
        );
    }

    #[test]
    fn anything_else_is_not_read() {
        assert_eq!(
            parse("Gain X Force, where X is the number of cards.", ""),
            None
        );
        assert_eq!(
            parse("Put 1 damage counter on the attacking unit.", ""),
            None
        );
        assert_eq!(
            parse("Put 2 credit counters on Cara.", "Zorii Bliss (A)"),
            None
        );
        assert_eq!(
            parse("You may tap one of your opponent's Characters.", ""),
            None
        );
        assert_eq!(parse("", ""), None);
    }
}
