//! The Backfire keyword: "When you roll at least one natural three with this unit's attack dice
//! before reroll, this unit does X dice of damage to itself when the attack ends" (cumulative,
//! triggered by the initial dice roll).
//!
//! It reads the initial natural values of this unit's own attack dice, so a 3 made by Accuracy or
//! by a re-roll never counts, while a 3 that is re-rolled away still does; dice of damage
//! (Retaliate...) are not attack dice and are never seen. Only the first 3 counts. The self-damage
//! is a delayed effect: X dice of damage from this unit to itself, rolled when the attack ends as
//! their own damage instance, so this unit's Armor and prevention apply to them; if the unit has
//! left play by then, the engine rolls nothing.
//!
//! Whether the extra dice Fury rolls belong to the initial roll is left open by the sources. By
//! default (keyword flag `initial-roll-extra-dice` unset or `ignored`) Backfire triggers with the
//! other initial-roll triggers, before Fury's dice exist, like Fury itself (OQ-K17). With
//! `counted` it looks at the start of the re-roll POP instead, when Fury's dice have been rolled
//! but nothing has been re-rolled yet.

use swtcg_sdk::*;

struct Backfire;

/// Whether the ruleset counts Fury's extra dice as part of the initial roll.
fn extra_dice_counted() -> bool {
    host::rule("initial-roll-extra-dice").as_deref() == Some("counted")
}

/// The delayed self-damage if this unit is attacking and its initial attack dice show a natural 3.
fn trigger(ability: &Ability, event: &Event) -> HookResult {
    // Only this unit's own attack dice count, never the dice of an attack against it.
    if event.attacker != Some(ability.unit) {
        return Ok(Vec::new());
    }
    let Some(attack) = host::attack() else {
        return Ok(Vec::new());
    };
    // One natural 3 is enough and more add nothing; the initial value stays after a re-roll.
    if !attack.dice.iter().any(|die| die.initial == 3) {
        return Ok(Vec::new());
    }
    let dice: u32 = ability
        .parameter
        .trim()
        .trim_end_matches('.')
        .parse()
        .map_err(|_| format!("can't read X in \"{}\"", ability.text))?;
    if dice == 0 {
        return Ok(Vec::new());
    }
    Ok(vec![Effect::AtAttackEnd(Delayed::DiceOfDamage(
        DiceOfDamage {
            source: ability.unit,
            target: ability.unit,
            dice,
        },
    ))])
}

impl Keyword for Backfire {
    fn initial_roll_triggers(ability: Ability, event: Event) -> HookResult {
        if extra_dice_counted() {
            return Ok(Vec::new());
        }
        trigger(&ability, &event)
    }

    fn pop_p5(ability: Ability, event: Event) -> HookResult {
        if !extra_dice_counted() {
            return Ok(Vec::new());
        }
        trigger(&ability, &event)
    }
}

swtcg_sdk::export_keyword!(Backfire);
