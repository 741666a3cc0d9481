//! The Intercept keyword: activated in the attack POP while another of your units in this unit's
//! arena is being attacked; the attacking unit now attacks this unit instead. It is the same
//! attack, so the attacker's dice are rolled once, against the new defender.
//!
//! An Intercept printed without a cost costs "Pay 0 Force". Each instance may be used once per
//! attack (the manifest's `limit`), and any number of units may intercept one attack. The plugin
//! only proposes the new defender: the engine keeps the old one when the attacker couldn't attack
//! this unit (Stealth) or its attack can't be retargeted (Precision), and the cost stays paid.

use swtcg_sdk::*;

struct Intercept;

impl Keyword for Intercept {
    fn activations(ability: Ability, pop: Pop, _event: Event) -> Vec<Activation> {
        if pop != Pop::Attack {
            return Vec::new();
        }
        let Some(attack) = host::attack() else {
            return Vec::new();
        };
        let (Some(me), Some(defender)) = (host::place(ability.unit), host::place(attack.defender))
        else {
            return Vec::new();
        };
        // "One of your other units": a unit can't intercept an attack on itself, nor the attack it
        // makes itself, nor an attack on an opponent's unit.
        if attack.defender == ability.unit
            || attack.attacker == ability.unit
            || defender.controller != me.controller
        {
            return Vec::new();
        }
        // "Being attacked in the same arena": the defender is in this unit's arena.
        if defender.zone != me.zone {
            return Vec::new();
        }
        vec![Activation {
            label: "Intercept".into(),
            cost: Some(ability.cost.clone().unwrap_or_else(|| "Pay 0 Force".into())),
            targets: Vec::new(),
            max_amount: None,
            replaces: false,
        }]
    }

    fn activate(ability: Ability, _index: u32, _choice: Choice, _event: Event) -> HookResult {
        if host::attack().is_none() {
            return Err("Intercept activated outside an attack".into());
        }
        Ok(vec![Effect::ChangeDefender(ability.unit)])
    }
}

swtcg_sdk::export_keyword!(Intercept);
