//! The Riposte keyword: "If the attacking unit rolled at least one natural two against this unit,
//! this unit does X damage to it when the attack ends" (cumulative, triggered by the roll of a
//! natural 2 during an attack).
//!
//! It reads the natural values of the attack dice finally used against this unit, once the
//! re-roll POP is over: re-rolls can make or remove a 2, Accuracy (negative or not) can't, and
//! only one 2 counts. Fury's extra dice are attack dice and count (OQ-K17). Dice of damage
//! (Retaliate...), this unit's own attack dice and hits moved to this unit by Overkill are not
//! attack dice rolled against it. The X is damage, not dice: no die is rolled and the attacker's
//! Armor doesn't matter, though prevention does.
//!
//! The sources don't say whether the damage is done when this unit has left play before the
//! attack ends (discarded by the attack's damage, say). By default (keyword flag
//! `riposte-source-left` unset or `resolves`) it is: Riposte triggers when the hits are counted
//! and, once triggered, resolves even if its unit is discarded in the meantime (game 13.4.2), as
//! a delayed effect of the attack end. With `fizzles` it is done only by a unit still in play
//! when the attack ends, reading game 10.10 ("even if their source was discarded where the
//! keyword says so") as excluding Riposte, whose text doesn't say so.

use swtcg_sdk::*;

struct Riposte;

/// Whether a Riposte unit that left play before the attack ends does its damage anyway.
fn resolves_after_leaving() -> bool {
    host::rule("riposte-source-left").as_deref() != Some("fizzles")
}

/// The attacker and X if this unit is the defender and the attacker's final attack dice show a
/// natural 2.
fn triggered(ability: &Ability) -> Result<Option<(UnitId, u32)>, String> {
    let Some(attack) = host::attack() else {
        return Ok(None);
    };
    if attack.defender != ability.unit {
        return Ok(None);
    }
    // One natural 2 is enough and more add nothing; the natural value is the final one.
    if !attack.dice.iter().any(|die| die.natural == 2) {
        return Ok(None);
    }
    let x: u32 = ability
        .parameter
        .trim()
        .trim_end_matches('.')
        .parse()
        .map_err(|_| format!("can't read X in \"{}\"", ability.text))?;
    Ok((x > 0).then_some((attack.attacker, x)))
}

impl Keyword for Riposte {
    /// The dice are final once the re-roll POP is over, which is when the hits are counted.
    fn hits_counted(ability: Ability, _event: Event) -> HookResult {
        if !resolves_after_leaving() {
            return Ok(Vec::new());
        }
        let Some((attacker, amount)) = triggered(&ability)? else {
            return Ok(Vec::new());
        };
        Ok(vec![Effect::AtAttackEnd(Delayed::Damage(Damage {
            source: ability.unit,
            target: attacker,
            amount,
        }))])
    }

    /// With `fizzles`, the damage is done here, where only units still in play are asked.
    fn attack_end(ability: Ability, _event: Event) -> HookResult {
        if resolves_after_leaving() {
            return Ok(Vec::new());
        }
        let Some((attacker, amount)) = triggered(&ability)? else {
            return Ok(Vec::new());
        };
        // An attacker that left play takes no damage, and damage to a missing unit is invalid.
        if host::unit(attacker).is_none() {
            return Ok(Vec::new());
        }
        Ok(vec![Effect::Damage(Damage {
            source: ability.unit,
            target: attacker,
            amount,
        })])
    }
}

swtcg_sdk::export_keyword!(Riposte);
