//! The Damage Control keyword: "When your build step starts, you may remove up to X damage
//! counters from this unit" (cumulative, triggered when the build step starts).
//!
//! At the `build-step-start` hook of the unit's controller (game 6.2.1) it proposes the removal of
//! up to X damage counters, never more than the unit has; the engine asks the controller how
//! many (0 declines). Removing damage counters is not prevention (game 14.5).
//!
//! X is a number, or "X+N, where X is the number of cards in <name>'s stack" (Darth Sion (A)),
//! read from the unit's stack size. Several instances with plain numbers are added up by the engine
//! into one use (manifest `instances = "add-up"`, game 13.2.2).

use swtcg_sdk::*;

struct DamageControl;

/// X for this unit now: a printed number, or the stack-size form of Darth Sion (A).
fn x_of(ability: &Ability, me: &UnitView) -> Result<u32, String> {
    let text = ability.parameter.trim().trim_end_matches('.');
    if let Ok(n) = text.parse() {
        return Ok(n);
    }
    let unreadable = || format!("can't read X in \"{}\"", ability.text);
    let (formula, rule) = text.split_once(',').ok_or_else(unreadable)?;
    let rule = rule.trim().to_ascii_lowercase();
    if !(rule.starts_with("where x is the number of cards in") && rule.ends_with("stack")) {
        return Err(unreadable());
    }
    let formula = formula.replace(' ', "");
    let plus: u32 = match formula
        .strip_prefix('X')
        .or_else(|| formula.strip_prefix('x'))
    {
        Some("") => 0,
        Some(rest) => rest
            .strip_prefix('+')
            .and_then(|n| n.parse().ok())
            .ok_or_else(unreadable)?,
        None => return Err(unreadable()),
    };
    Ok(me.stack_size.saturating_add(plus))
}

impl Keyword for DamageControl {
    fn build_step_start(ability: Ability, event: Event) -> HookResult {
        let Some(me) = host::unit(ability.unit) else {
            return Ok(Vec::new());
        };
        // "Your build step": the opponent's build step doesn't trigger it.
        if event.side != Some(me.controller) {
            return Ok(Vec::new());
        }
        let removable = x_of(&ability, &me)?.min(me.damage);
        if removable == 0 {
            return Ok(Vec::new());
        }
        // "You may remove up to X": the engine asks the controller how many, 0 declining.
        Ok(vec![Effect::RemoveDamage(UnitAmount {
            unit: ability.unit,
            amount: removable,
        })])
    }
}

swtcg_sdk::export_keyword!(DamageControl);
