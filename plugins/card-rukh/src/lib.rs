//! Card plugin for the card text of Rukh (C) (Fires of Rebellion) that is not a keyword, read
//! as patterns so that other cards printing the same sentences are served too:
//!
//! - "Whenever your opponent deploys a unit using Hidden Cost, tap that unit." The engine notes
//!   `completed-via:<keyword>` on a unit while its completion by that keyword's route and the
//!   deploy that goes with it resolve (docs/plugin-protocol.md), and marks a deploy with
//!   `amount` 1 in `unit-enters-arena`.
//! - "Each of your opponent's units loses Precision." (API 1.1 `removed-keywords`).

use swtcg_sdk::*;

struct Rukh;

#[derive(Debug, PartialEq)]
enum Text {
    /// Tap the opponent's units deployed using this keyword's completion.
    TapDeployedUsing(String),
    /// The opponent's units lose this keyword.
    OpponentsUnitsLose(String),
}

fn read(text: &str) -> Option<Text> {
    let text = text.trim();
    if let Some(rest) = text.strip_prefix("Whenever your opponent deploys a unit using ") {
        let keyword = rest.strip_suffix(", tap that unit.")?;
        return (!keyword.is_empty()).then(|| Text::TapDeployedUsing(keyword.to_string()));
    }
    let rest = text.strip_prefix("Each of your opponent's units loses ")?;
    let keyword = rest.strip_suffix('.')?;
    // A keyword is a word or a few ("Critical Hit"), never a clause.
    let short = !keyword.is_empty() && keyword.split(' ').count() <= 3 && !keyword.contains(',');
    short.then(|| Text::OpponentsUnitsLose(keyword.to_string()))
}

impl Keyword for Rukh {
    fn understands(ability: Ability) -> bool {
        read(&ability.parameter).is_some()
    }

    fn unit_enters_arena(ability: Ability, event: Event) -> HookResult {
        let Some(Text::TapDeployedUsing(keyword)) = read(&ability.parameter) else {
            return Ok(Vec::new());
        };
        // `amount` 1: a deploy, not a move; `side`: the deploying player.
        let (Some(unit), Some(1), Some(side)) = (event.unit, event.amount, event.side) else {
            return Ok(Vec::new());
        };
        let Some(me) = host::unit(ability.unit) else {
            return Ok(Vec::new());
        };
        if side == me.controller || host::note(unit, &format!("completed-via:{keyword}")).is_none()
        {
            return Ok(Vec::new());
        }
        Ok(vec![Effect::Tap(unit)])
    }

    fn removed_keywords(ability: Ability, unit: UnitId) -> Vec<String> {
        let Some(Text::OpponentsUnitsLose(keyword)) = read(&ability.parameter) else {
            return Vec::new();
        };
        match (host::place(ability.unit), host::place(unit)) {
            (Some(me), Some(other)) if other.controller != me.controller => vec![keyword],
            _ => Vec::new(),
        }
    }

    /// Every opponent's unit, with the card's own unit asked about once rather than once per
    /// unit (the SDK's default asks `removed_keywords` about each unit in play). Only places are
    /// read (API 1.16): nothing is allocated to answer them, and the engine keeps the answer
    /// while no unit changes sides or zones, however much damage is dealt.
    fn removed_keywords_all(ability: Ability) -> Vec<LostKeywords> {
        let Some(Text::OpponentsUnitsLose(keyword)) = read(&ability.parameter) else {
            return Vec::new();
        };
        let Some(me) = host::place(ability.unit) else {
            return Vec::new();
        };
        host::units(None)
            .into_iter()
            .filter(|&unit| {
                host::place(unit).is_some_and(|other| other.controller != me.controller)
            })
            .map(|unit| LostKeywords {
                unit,
                keywords: vec![keyword.clone()],
            })
            .collect()
    }
}

swtcg_sdk::export_keyword!(Rukh);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_printed_texts_are_read() {
        assert_eq!(
            read("Whenever your opponent deploys a unit using Hidden Cost, tap that unit."),
            Some(Text::TapDeployedUsing("Hidden Cost".into()))
        );
        assert_eq!(
            read("Each of your opponent's units loses Precision."),
            Some(Text::OpponentsUnitsLose("Precision".into()))
        );
        assert_eq!(read("Each of your units gets +1 power."), None);
    }
}
