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
//! API 1.0 limit: a unit that has left play is invisible to plugins (`host::unit` answers none
//! for it, and the hook's event carries neither its controller nor its arena). Who controlled the
//! discarded unit and where it was are therefore inferred: every unit an attack's damage reaches
//! is in the defending unit's arena (the defender itself, hits moved by Overkill, Area Damage
//! dice), and it is taken to belong to the attacker's opponent. The inference is wrong for a unit
//! of the attacker's own side (Overkill or Area Damage aimed at it) and, once the defender itself
//! is gone, for attacks into another arena (Bombard, Ion Cannon, Barrage), where the attacker's
//! arena is used instead of the defender's.

use swtcg_plugin_api::guest::*;

struct Avenge;

/// The zone of an arena, to compare with a unit's zone.
fn zone_of(arena: Arena) -> Zone {
    match arena {
        Arena::Space => Zone::Space,
        Arena::Ground => Zone::Ground,
        Arena::Character => Zone::Character,
    }
}

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
        let (Some(attack), Some(me)) = (host::attack(), host::unit(ability.unit)) else {
            return Ok(Vec::new());
        };
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
        let Some(attacking) = host::unit(attacker) else {
            return Ok(Vec::new());
        };
        // The discarded unit is taken to be the defending player's (see the module comment):
        // it is "one of your units" when this unit is the attacker's opponent's.
        if me.controller == attacking.controller {
            return Ok(Vec::new());
        }
        // It was in the defending unit's arena; once the defender is gone too, the attack's
        // arena stands in for it.
        let arena = host::unit(attack.defender)
            .map(|d| d.zone)
            .unwrap_or_else(|| zone_of(attack.arena));
        if me.zone != arena {
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

swtcg_plugin_api::export_keyword!(Avenge);
