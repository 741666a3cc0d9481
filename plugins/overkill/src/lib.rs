//! The Overkill keyword: in the pending damage POP of this unit's attack, the hits in excess of
//! the defending unit's remaining health (OQ-K3 a) may be moved to another unit in the arena.
//!
//! The engine asks the attacker's controller how many excess hits to move and where; the moved
//! hits are damage from the ability, not from dice, so Armor, Shields and Parry don't touch
//! them, and both units take their damage in one damage instance ("in tandem").

use swtcg_sdk::*;

struct Overkill;

impl Keyword for Overkill {
    fn pop_p6(ability: Ability, event: Event) -> HookResult {
        if event.attacker != Some(ability.unit) {
            return Ok(Vec::new());
        }
        let Some(attack) = host::attack() else {
            return Ok(Vec::new());
        };
        let Some(defender) = host::unit(attack.defender) else {
            return Ok(Vec::new());
        };
        // OQ-K3 (a): the seed says "remaining health" first and "health" later; the ruleset's
        // `overkill-health` flag picks, remaining health by default.
        let damage = match host::rule("overkill-health").as_deref() {
            Some("printed") => 0,
            _ => defender.damage as i32,
        };
        let remaining = (defender.health - damage).max(0) as u32;
        let excess = attack.hits.saturating_sub(remaining);
        if excess == 0 {
            return Ok(Vec::new());
        }
        Ok(vec![Effect::OfferSplit(excess)])
    }
}

swtcg_sdk::export_keyword!(Overkill);
