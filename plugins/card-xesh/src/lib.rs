//! Card plugin for the card text of Xesh (C) (The Old Republic: Tales, TAL 157) that is not a
//! keyword, read as patterns so that any card printing the same sentences with another name,
//! number or keywords is served too:
//!
//! - "Xesh's speed is equal to 10 times X." and "Xesh's power and health are equal to X." X is
//!   the value the player chose for the X of the cost the unit was completed with ("Alternative
//!   Cost: Pay X Force, where X is 8 or less."), which the engine notes on the unit as `x` for
//!   as long as it is in play (docs/plugin-protocol.md). The printed `*` counts as 0, so the
//!   ability adds the whole value; a unit completed without choosing X (built with counters)
//!   has X = 0.
//! - "As long as your Force total is higher than your opponents, Xesh loses Upkeep and gets
//!   Overkill." Both halves hold while its controller has more Force than the opponent (equal
//!   is not higher): the unit's Upkeep is not paid (API 1.1 `removed-keywords`) and it has
//!   Overkill (`granted-abilities`).
//!
//! The shared rules' OQ-C1 says Xesh (C) was "not found": the card is in the bundled set file
//! `engine/data/lackey/TAL.txt` (cost X, speed, power and health `*`), and that data line is the
//! source of the texts above.

use swtcg_sdk::*;

struct Xesh;

/// What a printed text of these patterns says.
#[derive(Debug, PartialEq)]
enum Text {
    /// The unit's speed is N times X.
    SpeedTimesX(i32),
    /// The unit's power and health are X.
    PowerAndHealthX,
    /// While the controller's Force is higher than the opponent's, the unit loses the first
    /// keyword and gets the second.
    WhileMoreForce { loses: String, gets: String },
}

/// The note the engine leaves with the X chosen when the unit was completed.
const X_NOTE: &str = "x";
const FORCE_HEAD: &str = "As long as your Force total is higher than your opponent";

/// Whether a name ("Xesh", "Darth Vader") reads like the unit's name: a few words, no clause.
fn a_name(name: &str) -> bool {
    !name.is_empty() && name.split(' ').count() <= 4 && !name.contains([',', '.', '"'])
}

/// Whether a keyword name ("Overkill", "Critical Hit") reads like one.
fn a_keyword(keyword: &str) -> bool {
    !keyword.is_empty() && keyword.split(' ').count() <= 3 && !keyword.contains([',', '.', '"'])
}

fn read(text: &str) -> Option<Text> {
    let text = text.trim();
    if let Some((name, rest)) = text.split_once("'s speed is equal to ") {
        let n: i32 = rest.strip_suffix(" times X.")?.trim().parse().ok()?;
        return a_name(name).then_some(Text::SpeedTimesX(n));
    }
    if let Some(name) = text.strip_suffix("'s power and health are equal to X.") {
        return a_name(name).then_some(Text::PowerAndHealthX);
    }
    // "opponents" as printed on Xesh (C), or "opponent's".
    let rest = text.strip_prefix(FORCE_HEAD)?;
    let rest = rest
        .strip_prefix("s, ")
        .or_else(|| rest.strip_prefix("'s, "))?;
    let (name, rest) = rest.split_once(" loses ")?;
    let (loses, gets) = rest.strip_suffix('.')?.split_once(" and gets ")?;
    (a_name(name) && a_keyword(loses) && a_keyword(gets)).then(|| Text::WhileMoreForce {
        loses: loses.to_string(),
        gets: gets.to_string(),
    })
}

/// The X chosen for the unit's cost, 0 when none was chosen.
fn x_of(unit: UnitId) -> i32 {
    host::note(unit, X_NOTE).unwrap_or(0).clamp(0, 1_000)
}

/// Whether the controller of `unit` has more Force than the opponent.
fn more_force(unit: UnitId) -> bool {
    let Some(me) = host::place(unit) else {
        return false;
    };
    let opponent = match me.controller {
        Side::Dark => Side::Light,
        Side::Light => Side::Dark,
    };
    host::player(me.controller).force > host::player(opponent).force
}

impl Keyword for Xesh {
    fn understands(ability: Ability) -> bool {
        read(&ability.parameter).is_some()
    }

    fn stat_modifier(ability: Ability) -> Stats {
        let x = x_of(ability.unit);
        match read(&ability.parameter) {
            Some(Text::SpeedTimesX(n)) => Stats {
                speed: n.saturating_mul(x),
                power: 0,
                health: 0,
            },
            Some(Text::PowerAndHealthX) => Stats {
                speed: 0,
                power: x,
                health: x,
            },
            _ => Stats {
                speed: 0,
                power: 0,
                health: 0,
            },
        }
    }

    fn removed_keywords(ability: Ability, unit: UnitId) -> Vec<String> {
        match read(&ability.parameter) {
            Some(Text::WhileMoreForce { loses, .. })
                if unit == ability.unit && more_force(ability.unit) =>
            {
                vec![loses]
            }
            _ => Vec::new(),
        }
    }

    /// Only the card's own unit loses a keyword: asking about every unit in play (the SDK's
    /// default) read each of them, and the engine asked again whenever any of them changed.
    fn removed_keywords_all(ability: Ability) -> Vec<LostKeywords> {
        let unit = ability.unit;
        let keywords = Self::removed_keywords(ability, unit);
        if keywords.is_empty() {
            return Vec::new();
        }
        vec![LostKeywords { unit, keywords }]
    }

    fn granted_abilities(ability: Ability) -> Vec<String> {
        match read(&ability.parameter) {
            Some(Text::WhileMoreForce { gets, .. }) if more_force(ability.unit) => vec![gets],
            _ => Vec::new(),
        }
    }
}

swtcg_sdk::export_keyword!(Xesh);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_printed_texts_are_read() {
        assert_eq!(
            read("Xesh's speed is equal to 10 times X."),
            Some(Text::SpeedTimesX(10))
        );
        assert_eq!(
            read("Xesh's power and health are equal to X."),
            Some(Text::PowerAndHealthX)
        );
        assert_eq!(
            read(
                "As long as your Force total is higher than your opponents, Xesh loses Upkeep and gets Overkill."
            ),
            Some(Text::WhileMoreForce {
                loses: "Upkeep".into(),
                gets: "Overkill".into()
            })
        );
    }

    #[test]
    fn other_texts_are_not_claimed() {
        // The Alternative Cost and Upkeep of the card are keywords with plugins of their own.
        assert_eq!(
            read("Alternative Cost: Pay X Force, where X is 8 or less."),
            None
        );
        assert_eq!(read("Upkeep: Pay 1 Force or tap Xesh."), None);
        assert_eq!(read("Xesh's speed is equal to X times 10."), None);
        assert_eq!(
            read(
                "As long as your Force total is higher than your opponents, Xesh loses Upkeep and gets Overkill, and you may draw a card."
            ),
            None
        );
    }
}
