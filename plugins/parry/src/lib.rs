//! The Parry keyword: "If the attacking unit rolled at least one natural 1 against this unit,
//! prevent X damage to this unit" (cumulative, triggered in the damage prevention POP).
//!
//! Only the natural values of the attack dice finally used count, so Accuracy can't make or
//! unmake a 1, and only one 1 counts. It protects only the unit being attacked, and only from the
//! damage of the attack dice: dice of damage (Retaliate...) and hits moved by Overkill are not
//! attack dice against this unit. Unpreventable damage (Ferocity) is left to the engine, which
//! ignores prevention of it unless the damaged unit has Fortitude.
//!
//! "Gaining it after the roll is too late": when the attack dice are rolled, the defending unit's
//! Parry notes that it was there (`attack-roll` hook, a note for this attack), and in the damage
//! prevention POP only a Parry with that note prevents; a Parry granted later, in the pending
//! damage POP, finds none.
//!
//! OQ-K8: Fortitude lets its unit prevent unpreventable damage "with Parry", while Parry "can't
//! affect unpreventable damage". The keyword flag `parry-unpreventable` settles it: `fortitude`
//! (the default, Fortitude wins) lets the engine's answer stand; `never` makes Parry prevent
//! nothing when the attacker has Ferocity, even against a unit with Fortitude. The plugin sees
//! the damage's preventability only after Fortitude has been counted, so under `never` it looks
//! for the Ferocity keyword on the attacker: other card texts making damage unpreventable are
//! not seen.

use swtcg_sdk::*;

struct Parry;

/// Whether a unit has a keyword ability written exactly as its name ("Ferocity").
fn has_keyword(unit: UnitId, name: &str) -> bool {
    host::abilities(unit)
        .iter()
        .any(|text| text.trim().trim_end_matches('.').eq_ignore_ascii_case(name))
}

/// The note a Parry leaves on its unit when the attack dice are rolled against it.
const AT_ROLL: &str = "parry-at-roll";

impl Keyword for Parry {
    fn attack_roll(ability: Ability, _event: Event) -> HookResult {
        let Some(attack) = host::attack() else {
            return Ok(Vec::new());
        };
        if attack.defender != ability.unit {
            return Ok(Vec::new());
        }
        Ok(vec![Effect::Note(NoteChange {
            unit: ability.unit,
            key: AT_ROLL.into(),
            value: 1,
            duration: Duration::ThisAttack,
        })])
    }

    fn pop_p7(ability: Ability, _event: Event) -> HookResult {
        let Some(attack) = host::attack() else {
            return Ok(Vec::new());
        };
        if attack.defender != ability.unit {
            return Ok(Vec::new());
        }
        // Gained after the roll: too late.
        if host::note(ability.unit, AT_ROLL).is_none() {
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
        if host::rule("parry-unpreventable").as_deref() == Some("never")
            && has_keyword(attack.attacker, "Ferocity")
        {
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

swtcg_sdk::export_keyword!(Parry);
