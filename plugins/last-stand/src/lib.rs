//! The Last Stand keyword: "When this unit is discarded from any arena, you get the listed
//! effect" (keywords.md, Lackey: "When this unit is discarded from any arena, gain the listed
//! effect").
//!
//! The trigger is the `unit-discarded` hook about this unit itself. The unit has left play when
//! that hook is reached, so its controller and arena come from the event, which the engine fills
//! with the side that controlled the discarded unit and the arena it was in (none for a unit
//! discarded from the build zone, which doesn't trigger Last Stand). The effect is read with the
//! shared `effect_text` reader and given to that controller. Counters "on this unit" can't be
//! put on a unit that has gone, so such texts, like any text the reader can't read, are not
//! understood and do nothing.
//!
//! The engine calls the discarded unit's own abilities at this hook with their last texts
//! (game/abilities/dispatch.rs `dispatch_hook`), which is how this instance is reached after its
//! unit left.

use swtcg_card_text::effect_text::{Outcome, effects_now, parse};
use swtcg_sdk::*;

struct LastStand;

impl Keyword for LastStand {
    fn unit_discarded(ability: Ability, event: Event) -> HookResult {
        // Only this unit's own discard, and only from an arena.
        if event.unit != Some(ability.unit) || event.arena.is_none() {
            return Ok(Vec::new());
        }
        // The engine fills the event's side with the discarded unit's controller: "you".
        let Some(controller) = event.side else {
            return Ok(Vec::new());
        };
        let Some(outcomes) = parse(&ability.parameter, "") else {
            return Ok(Vec::new());
        };
        Ok(effects_now(&outcomes, controller, ability.unit))
    }

    fn understands(ability: Ability) -> bool {
        // Counters on the discarded unit itself have nowhere to go.
        parse(&ability.parameter, "").is_some_and(|outcomes| {
            !outcomes
                .iter()
                .any(|o| matches!(o, Outcome::CountersOnSelf { .. }))
        })
    }
}

swtcg_sdk::export_keyword!(LastStand);
