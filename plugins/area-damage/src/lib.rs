//! The Area Damage keyword: "Whenever damage from this unit's attack causes a unit to be
//! discarded, this unit may do X dice of damage to another unit in the same arena as the
//! discarded unit" (cumulative, triggered when a unit is discarded).
//!
//! "May" and "another unit" are choices of the attacking player, and in API 1.0 a hook can't
//! ask a player anything: its effects happen as proposed. So Area Damage is offered as an
//! activation without a cost in the damage placement POP of the attack's damage instance, the
//! POP where discards are checked and "when discarded" triggers are played (game 9.3 P8, 10.8,
//! 10.9): passing declines it, and the targets are the units in the discarded unit's arena other
//! than this unit. The dice are dice of damage: the target's Armor applies, and they are a new
//! damage instance with its own prevention chance.
//!
//! "Damage from this unit's attack" is the attack's own damage instance (attack dice hits,
//! Critical Hit damage, hits moved by Overkill): the instance whose source is this unit, during
//! its attack, with damage from the attack dice. Area Damage's own dice are not the attack's
//! damage, so a unit they discard doesn't trigger it again.
//!
//! Several instances are added up by the engine into one use of their total dice (manifest
//! `instances = "add-up"`, game 13.2.2).
//!
//! API 1.0 limits: an activation's use is counted per attack (the manifest's `limit`), so one
//! instance is offered once per attack even when the attack discards two units (the defender and
//! the unit Overkill moved hits to); and a unit that left play is invisible, so the discarded unit's arena is taken to be the
//! defending unit's, or the attack's arena once the defender is gone too, which is wrong for
//! attacks into another arena (Bombard and the like).

use swtcg_plugin_api::guest::*;

struct AreaDamage;

/// X, the dice rolled; `None` when the printed X is not a number.
fn x_of(ability: &Ability) -> Option<u32> {
    ability.parameter.trim().parse().ok()
}

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

/// The units Area Damage may target now: the units in the discarded unit's arena other than this
/// one, if this unit's attack damage has just discarded a unit; empty otherwise.
fn targets(ability: &Ability) -> Vec<UnitId> {
    let Some(attack) = host::attack() else {
        return Vec::new();
    };
    if attack.attacker != ability.unit {
        return Vec::new();
    }
    let pending = host::pending_damage();
    let attack_damage = pending
        .iter()
        .any(|p| p.from_attack_dice && p.source == Some(ability.unit));
    // A target of this instance that got counters and is no longer in play was discarded by them.
    let discarded = pending
        .iter()
        .any(|p| placed(p) > 0 && host::unit(p.target).is_none());
    if !attack_damage || !discarded {
        return Vec::new();
    }
    // Every unit the attack's damage reaches is in the defending unit's arena.
    let arena = host::unit(attack.defender)
        .map(|d| d.zone)
        .unwrap_or_else(|| zone_of(attack.arena));
    host::units(Some(arena))
        .into_iter()
        .filter(|&id| id != ability.unit)
        .collect()
}

impl Keyword for AreaDamage {
    fn activations(ability: Ability, pop: Pop, _event: Event) -> Vec<Activation> {
        if pop != Pop::DamagePlacement {
            return Vec::new();
        }
        let Some(x) = x_of(&ability) else {
            return Vec::new();
        };
        let targets = targets(&ability);
        // With no other unit left in that arena there is nothing to do.
        if x == 0 || targets.is_empty() {
            return Vec::new();
        }
        vec![Activation {
            label: format!("Area Damage {x}"),
            cost: None,
            targets,
            max_amount: None,
        }]
    }

    fn activate(ability: Ability, _index: u32, choice: Choice, _event: Event) -> HookResult {
        let dice = x_of(&ability).ok_or_else(|| format!("can't read X in \"{}\"", ability.text))?;
        let target = choice
            .target
            .ok_or("Area Damage needs a unit to do its dice of damage to")?;
        Ok(vec![Effect::DiceOfDamage(DiceOfDamage {
            source: ability.unit,
            target,
            dice,
        })])
    }
}

swtcg_plugin_api::export_keyword!(AreaDamage);
