//! The Bounty keyword: "When another unit is discarded by damage from this unit, you gain the
//! following when your next build step starts" (Lackey; keywords.md: it still triggers if the
//! unit with Bounty has left play, it works in the build zone, and a unit can't collect a
//! bounty on itself).
//!
//! The trigger is the `unit-discarded` hook. The damage that discarded the unit is the damage
//! instance the engine is still resolving (a unit is discarded by the state check that follows
//! the placing of damage counters), so `host::pending_damage()` tells whether this unit is its
//! source and whether counters were put on the discarded unit. A discard for another reason
//! (uniqueness, a cost) or by another unit's damage doesn't count. The bonus is an
//! `at-build-step-start` effect, which the engine runs for this ability's controller after the
//! draw of their next build step even if this unit has left play by then. Several Bounty
//! abilities of one unit each pay their own bonus (layered); the manifest lets Bounty work in
//! the build zone.
//!
//! Only bonuses that can wait for the build step as `at-build-step-start` effects (gaining Force
//! or build points, drawing, the opponent losing Force) are this plugin's; it does not
//! understand any other bonus text, which the engine then offers the card plugins: the
//! card-text plugin (`card-script`) reads "Bounty: <steps>" with the grammar of card text and
//! carries the steps out when the build step starts (API 1.15 `later`).

use swtcg_card_text::effect_text::{self, delayed, parse};
use swtcg_sdk::*;

struct Bounty;

/// The damage counters an instance put on its target: the amount less what prevention took off
/// (prevention of unpreventable damage takes nothing off).
fn placed(pending: &Pending) -> u32 {
    let prevented = if pending.preventable {
        pending.prevented
    } else {
        0
    };
    pending.amount.saturating_sub(prevented)
}

/// The bonus as effects that wait for the next build step of `controller`, if the text can be
/// read.
fn bonus(parameter: &str, controller: Side) -> Option<Vec<Delayed>> {
    delayed(&parse(parameter, "")?, controller)
}

impl Keyword for Bounty {
    fn unit_discarded(ability: Ability, event: Event) -> HookResult {
        let Some(discarded) = event.unit else {
            return Ok(Vec::new());
        };
        // "A unit can't collect a bounty on itself."
        if discarded == ability.unit {
            return Ok(Vec::new());
        }
        let by_me = host::pending_damage()
            .iter()
            .any(|p| p.target == discarded && p.source == Some(ability.unit) && placed(p) > 0);
        if !by_me {
            return Ok(Vec::new());
        }
        // The Bounty unit may have left play: its controller is then taken to be the discarded
        // unit's opponent, who collects bounties on the units it discards.
        let controller = host::unit(ability.unit)
            .map(|u| u.controller)
            .or(event.side.map(effect_text::opponent))
            .unwrap_or(Side::Dark);
        let Some(bonus) = bonus(&ability.parameter, controller) else {
            return Ok(Vec::new());
        };
        Ok(bonus.into_iter().map(Effect::AtBuildStepStart).collect())
    }

    fn understands(ability: Ability) -> bool {
        // Which player collects does not change whether the text can be read.
        bonus(&ability.parameter, Side::Dark).is_some()
    }
}

swtcg_sdk::export_keyword!(Bounty);
