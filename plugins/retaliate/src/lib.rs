//! The Retaliate keyword: activated in the attack POP while a unit in the same arena attacks
//! this unit; X dice of damage to the attacker when the attack ends, even if this unit has been
//! discarded by then.
//!
//! A Retaliate printed without a cost costs "Pay 0 Force". Each instance may be used once per
//! attack (the manifest's `limit`). Attacks from another arena (Bombard, Ion Cannon) can't be
//! answered: the attacker must be in this unit's arena.

use swtcg_plugin_api::guest::*;

struct Retaliate;

/// X: a number, or "power" for the unit's total power when activated.
fn dice(ability: &Ability) -> Option<u32> {
    let x = ability.parameter.trim();
    if x.eq_ignore_ascii_case("power") {
        return host::unit(ability.unit).map(|u| u.power.max(0) as u32);
    }
    x.parse().ok()
}

impl Keyword for Retaliate {
    fn activations(ability: Ability, pop: Pop, _event: Event) -> Vec<Activation> {
        if pop != Pop::Attack {
            return Vec::new();
        }
        let Some(attack) = host::attack() else { return Vec::new() };
        let (Some(me), Some(attacker)) = (host::unit(ability.unit), host::unit(attack.attacker)) else {
            return Vec::new();
        };
        if attack.defender != ability.unit || me.zone != attacker.zone {
            return Vec::new();
        }
        vec![Activation {
            label: format!("Retaliate {}", ability.parameter.trim()),
            cost: Some(ability.cost.clone().unwrap_or_else(|| "Pay 0 Force".into())),
            targets: Vec::new(),
            max_amount: None,
        }]
    }

    fn activate(ability: Ability, _index: u32, _choice: Choice, _event: Event) -> HookResult {
        let attack = host::attack().ok_or("Retaliate activated outside an attack")?;
        let dice = dice(&ability).ok_or_else(|| format!("can't read X in \"{}\"", ability.text))?;
        Ok(vec![Effect::AtAttackEnd(Delayed::DiceOfDamage(DiceOfDamage { source: ability.unit, target: attack.attacker, dice }))])
    }
}

swtcg_plugin_api::export_keyword!(Retaliate);
