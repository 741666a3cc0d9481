//! The Double Damage keyword: "Put 1 additional damage counter on the defending unit for each 1
//! damage that wasn't prevented" (isolated, static, played in the damage placement POP); the
//! counters are in addition to those placed normally.
//!
//! In the damage placement POP of this unit's attack, the plugin counts the damage of the attack
//! dice (Critical Hit's damage included, which joins it) that was placed on the defending unit,
//! after prevention. Hits Overkill moved to a second unit are not doubled: that unit is not a
//! defending unit (OQ-K3 d). Damage this unit does when it is not attacking has no defending
//! unit to double on.
//!
//! API 1.0 limit: there is no effect that puts damage counters, so the extra counters are
//! proposed as `damage` from this unit, a new damage instance. Game 11.5 says counters are not
//! damage: they can't be prevented, not even with Fortitude, and trigger no "when damaged"
//! effect. As damage they get a prevention chance (Evade can take some off) and trigger what
//! damage triggers (Stun a second time). That instance is not attack-dice damage, so it is never
//! doubled again. Being isolated, two instances of Double Damage should count once, but each
//! instance can't see the others, so each adds its own counters.

use swtcg_sdk::*;

struct DoubleDamage;

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

impl Keyword for DoubleDamage {
    fn pop_p8(ability: Ability, event: Event) -> HookResult {
        // Only this unit's own attack has a defending unit to put counters on.
        if event.attacker != Some(ability.unit) {
            return Ok(Vec::new());
        }
        let Some(attack) = host::attack() else {
            return Ok(Vec::new());
        };
        // A defender the normal counters discarded takes no more.
        if host::unit(attack.defender).is_none() {
            return Ok(Vec::new());
        }
        let extra: u32 = host::pending_damage()
            .iter()
            .filter(|p| {
                p.target == attack.defender && p.source == Some(ability.unit) && p.from_attack_dice
            })
            .map(placed)
            .sum();
        if extra == 0 {
            return Ok(Vec::new());
        }
        // Game 11.5: the extra counters are not damage: no prevention, no "when damaged".
        Ok(vec![Effect::PlaceDamage(UnitAmount {
            unit: attack.defender,
            amount: extra,
        })])
    }
}

swtcg_sdk::export_keyword!(DoubleDamage);
