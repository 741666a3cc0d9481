//! The Fury keyword: "When you roll at least one natural four with this unit's attack dice before
//! reroll, roll X additional attack dice" (cumulative, triggered by the initial roll).
//!
//! It reads the initial natural values (before any re-roll), never the value with Accuracy
//! added, so Accuracy can't make a 4; only the first 4 counts, and the extra dice, rolled by the
//! engine as attack dice with the same modifier, can't trigger it again (OQ-K17) because the hook
//! is reached once per attack.

use swtcg_sdk::*;

struct Fury;

impl Keyword for Fury {
    fn initial_roll_triggers(ability: Ability, event: Event) -> HookResult {
        // Only this unit's own attack dice count.
        if event.attacker != Some(ability.unit) {
            return Ok(Vec::new());
        }
        let Some(attack) = host::attack() else {
            return Ok(Vec::new());
        };
        if !attack.dice.iter().any(|die| die.initial == 4) {
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
        Ok(vec![Effect::ExtraAttackDice(x)])
    }
}

swtcg_sdk::export_keyword!(Fury);
