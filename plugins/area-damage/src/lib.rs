//! The Area Damage keyword: "Whenever damage from this unit's attack causes a unit to be
//! discarded, this unit may do X dice of damage to another unit in the same arena as the
//! discarded unit" (cumulative, triggered when a unit is discarded).
//!
//! "May" and "another unit" are choices of the attacking player, and a hook can't ask a player
//! for a target: its effects happen as proposed. So Area Damage is offered as an activation
//! without a cost in the damage placement POP of the attack's damage instance, the POP where
//! discards are checked and "when discarded" triggers are played (game 9.3 P8, 10.8, 10.9):
//! passing declines it. The dice are dice of damage: the target's Armor applies, and they are a
//! new damage instance with its own prevention chance.
//!
//! "Whenever ... a unit": each unit the attack's damage discarded triggers it once, in the arena
//! that unit was in (`host::last_seen`, API 1.4: the unit as it was just before it left play,
//! which for an attack into another arena with Bombard and the like is not the attacker's
//! arena). So the activation offers one use per discarded unit not yet avenged, each with the
//! units of that unit's arena, this unit excepted, as targets; a use is recorded by a note on
//! this unit naming the discarded unit, for the rest of the attack. The manifest sets no use
//! limit: the notes count the uses.
//!
//! "Damage from this unit's attack" is the attack's own damage instance (attack dice hits,
//! Critical Hit damage, hits moved by Overkill): the instance whose source is this unit, during
//! its attack, with damage from the attack dice. A unit it discarded got counters from it and
//! had, when it left, at least as many counters as its health (game 10.8.1). Area Damage's own
//! dice are not the attack's damage, so a unit they discard doesn't trigger it again; while they
//! are resolved the innermost damage instance is theirs, so the remaining uses wait until the
//! attack's damage placement POP goes on.
//!
//! Several instances are added up by the engine into one use of their total dice (manifest
//! `instances = "add-up"`, game 13.2.2).

use swtcg_sdk::*;

struct AreaDamage;

/// On this unit, for the attack: the discarded unit (the key's number) has had its use.
const USED: &str = "area-damage:used:";

/// X, the dice rolled; `None` when the printed X is not a number.
fn x_of(ability: &Ability) -> Option<u32> {
    ability.parameter.trim().parse().ok()
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

fn used_key(discarded: UnitId) -> String {
    format!("{USED}{discarded}")
}

/// The units this unit's attack damage has discarded in the damage instance being resolved
/// whose use is still open, each with the units Area Damage may target for it: the units in
/// its arena other than this one (a unit whose arena has none left is left out). In the order
/// of the pending damage, so that `activate` finds the same list.
fn open_uses(ability: &Ability) -> Vec<(UnitId, Vec<UnitId>)> {
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
    if !attack_damage {
        return Vec::new();
    }
    let mut uses: Vec<(UnitId, Vec<UnitId>)> = Vec::new();
    for p in &pending {
        let target = p.target;
        if placed(p) == 0 || uses.iter().any(|(d, _)| *d == target) {
            continue;
        }
        // Still in play: not discarded.
        if host::unit(target).is_some() {
            continue;
        }
        let Some(last) = host::last_seen(target) else {
            continue;
        };
        // Discarded by damage: it left with counters up to its health (game 10.8.1).
        if (last.damage as i64) < i64::from(last.health) || last.zone == Zone::BuildZone {
            continue;
        }
        if host::note(ability.unit, &used_key(target)) == Some(1) {
            continue;
        }
        let targets: Vec<UnitId> = host::units(Some(last.zone))
            .into_iter()
            .filter(|&id| id != ability.unit)
            .collect();
        // With no other unit left in that arena there is nothing to do.
        if !targets.is_empty() {
            uses.push((target, targets));
        }
    }
    uses
}

impl Keyword for AreaDamage {
    fn activations(ability: Ability, pop: Pop, _event: Event) -> Vec<Activation> {
        if pop != Pop::DamagePlacement {
            return Vec::new();
        }
        let Some(x) = x_of(&ability) else {
            return Vec::new();
        };
        if x == 0 {
            return Vec::new();
        }
        open_uses(&ability)
            .into_iter()
            .map(|(_, targets)| Activation {
                label: format!("Area Damage {x}"),
                cost: None,
                targets,
                max_amount: None,
                replaces: false,
            })
            .collect()
    }

    fn activate(ability: Ability, index: u32, choice: Choice, _event: Event) -> HookResult {
        let dice = x_of(&ability).ok_or_else(|| format!("can't read X in \"{}\"", ability.text))?;
        let target = choice
            .target
            .ok_or("Area Damage needs a unit to do its dice of damage to")?;
        let uses = open_uses(&ability);
        let Some((discarded, targets)) = uses.get(index as usize) else {
            return Err(format!("no Area Damage use number {index} is open"));
        };
        if !targets.contains(&target) {
            return Err(format!(
                "unit {target} is not in the arena of the discarded unit {discarded}"
            ));
        }
        Ok(vec![
            Effect::Note(NoteChange {
                unit: ability.unit,
                key: used_key(*discarded),
                value: 1,
                duration: Duration::ThisAttack,
            }),
            Effect::DiceOfDamage(DiceOfDamage {
                source: ability.unit,
                target,
                dice,
            }),
        ])
    }
}

swtcg_sdk::export_keyword!(AreaDamage);
