//! The Parry keyword: "If the attacking unit rolled at least one natural 1 against this unit,
//! prevent X damage to this unit" (cumulative, triggered in the damage prevention POP).
//!
//! Only the natural values of the attack dice finally used count, so Accuracy can't make or
//! unmake a 1, and only one 1 counts. It protects only the unit being attacked, and only from the
//! damage of the attack dice: dice of damage (Retaliate...) and hits moved by Overkill are not
//! attack dice against this unit. Unpreventable damage (Ferocity) is left to the engine, which
//! ignores prevention of it.

use swtcg_plugin_api::guest::*;

struct Parry;

impl Keyword for Parry {
    fn pop_p7(ability: Ability, _event: Event) -> HookResult {
        let Some(attack) = host::attack() else {
            return Ok(Vec::new());
        };
        if attack.defender != ability.unit {
            return Ok(Vec::new());
        }
        // The damage being prevented must be this attack's dice damage to this unit.
        let Some(pending) = host::pending_damage()
            .into_iter()
            .find(|p| p.target == ability.unit && p.from_attack_dice && p.amount > p.prevented)
        else {
            return Ok(Vec::new());
        };
        if !attack.dice.iter().any(|die| die.natural == 1) {
            return Ok(Vec::new());
        }
        let x: u32 = ability
            .parameter
            .trim()
            .parse()
            .map_err(|_| format!("can't read X in \"{}\"", ability.text))?;
        let amount = x.min(pending.amount - pending.prevented);
        if amount == 0 {
            return Ok(Vec::new());
        }
        Ok(vec![Effect::Prevent(UnitAmount {
            unit: ability.unit,
            amount,
        })])
    }
}

swtcg_plugin_api::export_keyword!(Parry);
