//! The Stun keyword: "When this unit damages another unit, that unit gets -X power until end of
//! battle" (cumulative, triggered in the damage placement POP).
//!
//! It works for any damage this unit is the source of (attack dice, Retaliate dice, other
//! abilities), but only where damage counters were actually placed: damage prevented in full
//! stuns no one. "End of battle" is the end of the battle phase (OQ-K10).

use swtcg_sdk::*;

struct Stun;

impl Keyword for Stun {
    fn pop_p8(ability: Ability, _event: Event) -> HookResult {
        let mut effects = Vec::new();
        for pending in host::pending_damage() {
            if pending.source != Some(ability.unit) || pending.target == ability.unit {
                continue;
            }
            // What was placed: the amount less what prevention could take off it.
            let prevented = if pending.preventable {
                pending.prevented
            } else {
                0
            };
            if pending.amount <= prevented || host::unit(pending.target).is_none() {
                continue;
            }
            let x: i32 = ability
                .parameter
                .trim()
                .parse()
                .map_err(|_| format!("can't read X in \"{}\"", ability.text))?;
            effects.push(Effect::Stats(StatChange {
                unit: pending.target,
                speed: 0,
                power: -x,
                health: 0,
                duration: Duration::EndOfBattle,
            }));
        }
        Ok(effects)
    }
}

swtcg_sdk::export_keyword!(Stun);
