//! The Retaliate keyword: activated in the attack POP while a unit in the same arena attacks
//! this unit; X dice of damage to the attacker when the attack ends, even if this unit has been
//! discarded by then.
//!
//! A Retaliate printed without a cost costs "Pay 0 Force". Each instance may be used once per
//! attack (the manifest's `limit`), and several instances resolve in the order they were
//! activated. Attacks from another arena (Bombard, Ion Cannon) can't be answered: the attacker
//! must be in this unit's arena. The dice are dice of damage, not attack dice, so the engine
//! applies the attacker's Armor to them and never this unit's Accuracy or Critical Hit.

use swtcg_sdk::*;

struct Retaliate;

/// Whether X is one of the forms `dice` reads: a number, or the unit's power.
fn readable(parameter: &str) -> bool {
    let x = parameter.trim();
    let lower = x.to_ascii_lowercase();
    x.parse::<u32>().is_ok() || power_based(&lower)
}

/// "Retaliate X, where X is equal to the unit's power" and the short form "Retaliate power".
fn power_based(lower: &str) -> bool {
    lower == "power"
        || (lower.starts_with("x,") && lower.contains("equal to") && lower.ends_with("power"))
}

/// X: a number, or the unit's total power now for "Retaliate X, where X is equal to the unit's
/// power" (Kashyyyk System's grant) and the short form "Retaliate power". The seed fixes power
/// at the time Retaliate is activated, so this is read when the offer is made and when it is
/// activated, never when the dice are rolled.
fn dice(ability: &Ability) -> Option<u32> {
    let x = ability.parameter.trim();
    if let Ok(n) = x.parse() {
        return Some(n);
    }
    if power_based(&x.to_ascii_lowercase()) {
        return host::unit(ability.unit).map(|u| u.power.max(0) as u32);
    }
    None
}

/// The printed cost with its X replaced by the value of X ("Pay X Force" → "Pay 3 Force"), so
/// that the engine can check and pay it; "Pay 0 Force" when no cost is printed (seed).
fn cost(ability: &Ability, x: Option<u32>) -> Option<String> {
    let printed = ability.cost.clone().unwrap_or_else(|| "Pay 0 Force".into());
    if !printed.split_whitespace().any(|w| w == "X") {
        return Some(printed);
    }
    let x = x?.to_string();
    let words: Vec<&str> = printed
        .split_whitespace()
        .map(|w| if w == "X" { x.as_str() } else { w })
        .collect();
    Some(words.join(" "))
}

impl Keyword for Retaliate {
    /// The manifest's parameter is free text, so that the power form reaches the plugin; any
    /// other X ("Retaliate" alone, "Retaliate two") is not claimed and stays inert card text.
    fn understands(ability: Ability) -> bool {
        readable(&ability.parameter)
    }

    fn activations(ability: Ability, pop: Pop, _event: Event) -> Vec<Activation> {
        if pop != Pop::Attack {
            return Vec::new();
        }
        let Some(attack) = host::attack() else {
            return Vec::new();
        };
        let (Some(me), Some(attacker)) = (host::place(ability.unit), host::place(attack.attacker))
        else {
            return Vec::new();
        };
        if attack.defender != ability.unit || me.zone != attacker.zone {
            return Vec::new();
        }
        // A cost that depends on an X the plugin can't read can't be paid, so it isn't offered;
        // an unreadable X with a fixed cost is reported when activated.
        let Some(cost) = cost(&ability, dice(&ability)) else {
            return Vec::new();
        };
        vec![Activation {
            label: format!("Retaliate {}", ability.parameter.trim()),
            cost: Some(cost),
            targets: Vec::new(),
            max_amount: None,
            replaces: false,
        }]
    }

    fn activate(ability: Ability, _index: u32, _choice: Choice, _event: Event) -> HookResult {
        let attack = host::attack().ok_or("Retaliate activated outside an attack")?;
        let dice = dice(&ability).ok_or_else(|| format!("can't read X in \"{}\"", ability.text))?;
        Ok(vec![Effect::AtAttackEnd(Delayed::DiceOfDamage(
            DiceOfDamage {
                source: ability.unit,
                target: attack.attacker,
                dice,
            },
        ))])
    }
}

swtcg_sdk::export_keyword!(Retaliate);
