//! The Consume keyword: "This unit gets +10 speed, +1 power, and +1 health for each face-down
//! card beneath it. Whenever damage from this unit causes another unit to be discarded, put the
//! top card of its stack face-down beneath this unit" (isolated, static).
//!
//! The bonus is the `stat-modifier` query, counted from `host::cards-beneath`, which the engine
//! asks again at every state check, so a card put beneath counts from the next one. The second
//! sentence is the `unit-discarded` hook: the damage that discarded the unit is the damage
//! instance still being resolved, so `host::pending_damage()` tells whether this unit is its
//! source and whether counters were put on the discarded unit. The `put-beneath` effect takes
//! only the discarded stack's top card from its owner's discard pile; the other cards of that
//! stack stay there. The face-down cards are not part of this unit's stack and go to the discard
//! pile with it (OQ-22). Consume is isolated: a unit with several instances counts its cards
//! once and takes one card per discard.

use swtcg_sdk::*;

struct Consume;

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

impl Keyword for Consume {
    fn stat_modifier(ability: Ability) -> Stats {
        let cards = host::cards_beneath(ability.unit).min(1_000) as i32;
        Stats {
            speed: 10 * cards,
            power: cards,
            health: cards,
        }
    }

    fn unit_discarded(ability: Ability, event: Event) -> HookResult {
        let Some(discarded) = event.unit else {
            return Ok(Vec::new());
        };
        // "Another unit": and a unit that has gone has nothing to put cards beneath.
        if discarded == ability.unit || host::unit(ability.unit).is_none() {
            return Ok(Vec::new());
        }
        let by_me = host::pending_damage()
            .iter()
            .any(|p| p.target == discarded && p.source == Some(ability.unit) && placed(p) > 0);
        if !by_me {
            return Ok(Vec::new());
        }
        Ok(vec![Effect::PutBeneath(Beneath {
            unit: ability.unit,
            from: discarded,
        })])
    }
}

swtcg_sdk::export_keyword!(Consume);
