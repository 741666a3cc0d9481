//! The Critical Hit keyword: "If at least one natural 6 is among this unit's attack dice, this
//! unit does X more damage for this attack" (cumulative, triggered in the pending damage POP).
//!
//! It reads the natural value of the dice finally used (after re-rolls), never the value with
//! Accuracy added, so Accuracy can't make a 6. Only attacks reach the pending damage POP, so dice
//! of damage (Retaliate, Ambush...) never trigger it. The extra damage joins the attack's damage
//! instance on the defender, after any Overkill split (OQ-K3 b).

use swtcg_sdk::*;

struct CriticalHit;

impl Keyword for CriticalHit {
    fn pop_p6(ability: Ability, event: Event) -> HookResult {
        // Only this unit's own attack counts, never an attack against it.
        if event.attacker != Some(ability.unit) {
            return Ok(Vec::new());
        }
        let Some(attack) = host::attack() else {
            return Ok(Vec::new());
        };
        // Only one natural 6 counts, however many were rolled.
        if !attack.dice.iter().any(|die| die.natural == 6) {
            return Ok(Vec::new());
        }
        let x: u32 = ability
            .parameter
            .trim()
            .parse()
            .map_err(|_| format!("can't read X in \"{}\"", ability.text))?;
        if x == 0 {
            return Ok(Vec::new());
        }
        Ok(vec![Effect::AddPending(UnitAmount {
            unit: attack.defender,
            amount: x,
        })])
    }
}

swtcg_sdk::export_keyword!(CriticalHit);
