//! The Tenacity keyword: "Whenever this unit does less than X damage, after damage prevention,
//! for its first attack each turn, it may attack the same target again without tapping"
//! (cumulative, triggered after damage placement).
//!
//! When the unit's first attack of the turn is declared, each instance notes its X under its own
//! index for that attack (`tenacity:x:<index>`) and the unit is noted as having attacked this
//! turn. When the attack's damage has been placed, the instance with the lowest index adds up
//! the noted X of all instances (cumulative) and, if the attack did less damage than that after
//! prevention and the target is still in play, offers to attack it again (an optional `choose`);
//! the pick becomes an `attack-again` without tapping, which the engine makes after the attack
//! end POP if the attack is still legal. The extra attack is not the first of the turn, so it
//! can't trigger Tenacity again. Its defender is noted as `tenacity:pending` (id + 1) so that
//! Double Strike knows the unit did not tap for it.

use swtcg_sdk::*;

struct Tenacity;

/// On the unit until the turn ends: it has attacked this turn.
const ATTACKED: &str = "tenacity:attacked";
/// On the unit: the defender (id + 1) of the extra attack asked for.
const PENDING: &str = "tenacity:pending";
/// The most ability indices looked at for the notes of the unit's instances.
const MAX_INDEX: u32 = 64;

fn x_key(index: u32) -> String {
    format!("tenacity:x:{index}")
}

fn note(unit: UnitId, key: String, value: i32, duration: Duration) -> Effect {
    Effect::Note(NoteChange {
        unit,
        key,
        value,
        duration,
    })
}

/// The current attack if this ability's unit is the attacker and its target is still in play.
fn own_attack(ability: &Ability) -> Option<(AttackView, UnitView)> {
    let attack = host::attack()?;
    if attack.attacker != ability.unit {
        return None;
    }
    let defender = host::unit(attack.defender)?;
    Some((attack, defender))
}

impl Keyword for Tenacity {
    fn attack_declared(ability: Ability, _event: Event) -> HookResult {
        let Some(attack) = host::attack() else {
            return Ok(Vec::new());
        };
        if attack.attacker != ability.unit || host::note(ability.unit, ATTACKED).is_some() {
            return Ok(Vec::new());
        }
        let x: i32 = ability
            .parameter
            .trim()
            .trim_start_matches('+')
            .parse()
            .map_err(|_| format!("can't read X in \"{}\"", ability.text))?;
        Ok(vec![
            note(ability.unit, ATTACKED.into(), 1, Duration::EndOfTurn),
            note(ability.unit, x_key(ability.index), x, Duration::ThisAttack),
        ])
    }

    fn damage_placed(ability: Ability, _event: Event) -> HookResult {
        let Some((_, defender)) = own_attack(&ability) else {
            return Ok(Vec::new());
        };
        // Only the damage instance of the attack's own hits counts, not damage its abilities
        // do on the side (dice of damage and the like are instances of their own).
        let pending = host::pending_damage();
        if !pending.iter().any(|p| p.from_attack_dice) {
            return Ok(Vec::new());
        }
        // The first attack of the turn carries the notes of every instance; the lowest index
        // speaks for them all.
        let noted: Vec<(u32, i32)> = (0..MAX_INDEX)
            .filter_map(|i| host::note(ability.unit, &x_key(i)).map(|x| (i, x)))
            .collect();
        if noted.first().map(|(i, _)| *i) != Some(ability.index) {
            return Ok(Vec::new());
        }
        let x: i64 = noted.iter().map(|(_, x)| *x as i64).sum();
        // "after damage prevention": what was pending minus what was prevented, where
        // prevention could reduce it.
        let done: i64 = pending
            .iter()
            .filter(|p| p.source == Some(ability.unit))
            .map(|p| {
                let prevented = if p.preventable { p.prevented } else { 0 };
                p.amount.saturating_sub(prevented) as i64
            })
            .sum();
        if done >= x {
            return Ok(Vec::new());
        }
        Ok(vec![Effect::Choose(Offer {
            options: vec![format!("Attack {} again", defender.name)],
            optional: true,
        })])
    }

    fn chosen(ability: Ability, _index: u32) -> HookResult {
        let Some((attack, _)) = own_attack(&ability) else {
            return Ok(Vec::new());
        };
        Ok(vec![
            note(
                ability.unit,
                PENDING.into(),
                attack.defender as i32 + 1,
                Duration::EndOfTurn,
            ),
            Effect::AttackAgain(ExtraAttack {
                attacker: ability.unit,
                defender: attack.defender,
                tap: false,
            }),
        ])
    }
}

swtcg_sdk::export_keyword!(Tenacity);
