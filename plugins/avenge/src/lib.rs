//! The Avenge keyword: "Whenever damage from an attacking unit causes one of your other units in
//! the same arena as this unit to be discarded, this unit does X dice of damage to the attacking
//! unit when the attack ends" (cumulative, triggered when a unit is discarded).
//!
//! The trigger is the `unit-discarded` hook. The damage that discarded the unit is the damage
//! instance still being resolved, so `host::pending_damage()` says whether its source is the
//! attacking unit and whether counters were put on the discarded unit. The dice are a delayed
//! effect of the attack's end, so they are rolled after the attack's own damage and even if this
//! unit has been discarded in the meantime (game 13.4.2); they are dice of damage, so the
//! attacker's Armor applies to them. Each discarded unit triggers Avenge once; several Avenge
//! instances of one unit are added up by the engine into one roll of their total dice (manifest
//! `instances = "add-up"`, game 13.2.2).
//!
//! Who controlled the discarded unit and which arena it was in are read from `host::last_seen`
//! (API 1.4: the unit as it was just before it left play): a unit of the attacker's own side
//! (Overkill or Area Damage aimed at it) is avenged by that side's Avenge, and a unit discarded by
//! an attack from another arena (Bombard, Ion Cannon, Barrage) is avenged in its own arena, not
//! the attacker's.

use swtcg_sdk::*;

struct Avenge;

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

impl Keyword for Avenge {
    fn unit_discarded(ability: Ability, event: Event) -> HookResult {
        let (Some(attacker), Some(discarded)) = (event.attacker, event.unit) else {
            return Ok(Vec::new());
        };
        // "Your other units": this unit's own discard never avenges itself.
        if discarded == ability.unit || discarded == attacker {
            return Ok(Vec::new());
        }
        let Some(me) = host::unit(ability.unit) else {
            return Ok(Vec::new());
        };
        if host::attack().is_none() {
            return Ok(Vec::new());
        }
        // "Damage from an attacking unit": the instance being resolved comes from the attacker
        // and put counters on the discarded unit. A discard for another reason (uniqueness, a
        // cost) or by other damage (Retaliate dice of the defender) doesn't count.
        let by_attacker = host::pending_damage()
            .iter()
            .any(|p| p.target == discarded && p.source == Some(attacker) && placed(p) > 0);
        if !by_attacker {
            return Ok(Vec::new());
        }
        // With the attacker gone there is no one left to take the dice.
        if host::unit(attacker).is_none() {
            return Ok(Vec::new());
        }
        let Some(last) = host::last_seen(discarded) else {
            return Ok(Vec::new());
        };
        // "One of your other units in this unit's arena", as it was when it left play.
        if last.controller != me.controller || last.zone != me.zone {
            return Ok(Vec::new());
        }
        let dice: u32 = ability
            .parameter
            .trim()
            .parse()
            .map_err(|_| format!("can't read X in \"{}\"", ability.text))?;
        if dice == 0 {
            return Ok(Vec::new());
        }
        Ok(vec![Effect::AtAttackEnd(Delayed::DiceOfDamage(
            DiceOfDamage {
                source: ability.unit,
                target: attacker,
                dice,
            },
        ))])
    }
}

swtcg_sdk::export_keyword!(Avenge);
