//! The Focus keyword: "When you roll at least one natural five with this unit's attack dice
//! before reroll, this unit gets +X power for its next attack" (cumulative, triggered by the
//! initial dice roll).
//!
//! It reads the initial natural values of this unit's own attack dice, so a 5 made by Accuracy
//! or by a re-roll never counts, while a 5 that is re-rolled away still does; dice of damage
//! (Retaliate...) are not attack dice and are never seen. Only the first 5 counts. The bonus is a
//! "next attack" modifier, which the engine turns into a bonus for the unit's next attack when
//! that attack is declared and ends with it, so each attack can trigger Focus again.
//!
//! Whether the extra dice Fury rolls belong to the initial roll is left open by the sources. By
//! default (keyword flag `initial-roll-extra-dice` unset or `ignored`) Focus triggers with the
//! other initial-roll triggers, before Fury's dice exist, like Fury itself (OQ-K17). With
//! `counted` it looks at the start of the re-roll POP instead, when Fury's dice have been rolled
//! but nothing has been re-rolled yet.

use swtcg_sdk::*;

struct Focus;

/// Whether the ruleset counts Fury's extra dice as part of the initial roll.
fn extra_dice_counted() -> bool {
    host::rule("initial-roll-extra-dice").as_deref() == Some("counted")
}

/// X: a signed number ("Focus 2", "Focus -1"). Texts such as "Focus X, where X is the number of
/// cards in ...'s stack" are card text that the engine gives to a card plugin, never to this one.
fn x_of(ability: &Ability) -> Result<i32, String> {
    ability
        .parameter
        .trim()
        .trim_end_matches('.')
        .parse()
        .map_err(|_| format!("can't read X in \"{}\"", ability.text))
}

/// The Focus bonus if this unit is attacking and its initial attack dice show a natural 5.
fn trigger(ability: &Ability, event: &Event) -> HookResult {
    // Only this unit's own attack dice count, never the dice of an attack against it.
    if event.attacker != Some(ability.unit) {
        return Ok(Vec::new());
    }
    let Some(attack) = host::attack() else {
        return Ok(Vec::new());
    };
    // One natural 5 is enough and more add nothing; the initial value stays after a re-roll.
    if !attack.dice.iter().any(|die| die.initial == 5) {
        return Ok(Vec::new());
    }
    let x = x_of(ability)?;
    if x == 0 {
        return Ok(Vec::new());
    }
    Ok(vec![Effect::Stats(StatChange {
        unit: ability.unit,
        speed: 0,
        power: x,
        health: 0,
        duration: Duration::NextAttack,
    })])
}

impl Keyword for Focus {
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

swtcg_sdk::export_keyword!(Focus);
