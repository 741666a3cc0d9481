//! The Persuade keyword: "Prevent up to X damage to this unit, and the attacking unit, if any,
//! loses power for its next attack equal to the amount of damage prevented this way." (layered,
//! activated during the damage prevention POP).
//!
//! It mirrors Absorb: offered in the damage prevention POP once for each instance of damage (the
//! manifest's `limit`), only against damage that prevention can reduce (not Ferocity's, unless
//! this unit has Fortitude), and the power taken is the part of the chosen amount that the damage
//! still pending lets it prevent. "Up to X": the player chooses the amount.
//!
//! "The attacking unit" is the unit of the attack in progress, whether this unit is its defender
//! or a unit its damage reached in another way (Overkill); when this unit is itself the attacker
//! (damage from a Retaliate at the end of its own attack) no unit is attacking it, so only the
//! prevention happens. Outside an attack there is no attacking unit either. The power loss lasts
//! for the attacker's next attack; the engine keeps total power at 0 or more.

use swtcg_sdk::*;

struct Persuade;

/// X, the most this instance can prevent; `None` when the printed X is not a number.
fn x_of(ability: &Ability) -> Option<u32> {
    ability.parameter.trim().trim_end_matches('.').parse().ok()
}

/// The damage pending on `unit` that prevention can still reduce in the current instance.
fn preventable_pending(unit: UnitId) -> u32 {
    host::pending_damage()
        .iter()
        .filter(|p| p.target == unit && p.preventable)
        .map(|p| p.amount.saturating_sub(p.prevented))
        .sum()
}

impl Keyword for Persuade {
    fn activations(ability: Ability, pop: Pop, _event: Event) -> Vec<Activation> {
        if pop != Pop::DamagePrevention {
            return Vec::new();
        }
        let Some(x) = x_of(&ability) else {
            return Vec::new();
        };
        // Against secret dice (Cunning) the offer is made blind: up to X. What is really
        // prevented is worked out in `activate`, on the whole game.
        let most = prevention_offer(ability.unit, x, |p| p.preventable);
        if most == 0 {
            return Vec::new();
        }
        vec![Activation {
            label: format!("Persuade {x}"),
            cost: Some(ability.cost.clone().unwrap_or_else(|| "Pay 0 Force".into())),
            targets: Vec::new(),
            max_amount: Some(most),
            replaces: false,
        }]
    }

    fn activate(ability: Ability, _index: u32, choice: Choice, _event: Event) -> HookResult {
        let x = x_of(&ability).ok_or_else(|| format!("can't read X in \"{}\"", ability.text))?;
        // "Equal to the amount of damage prevented this way": never more than what is still
        // pending and preventable, whatever amount was chosen.
        let prevented = choice
            .amount
            .unwrap_or(x)
            .min(x)
            .min(preventable_pending(ability.unit));
        if prevented == 0 {
            return Ok(Vec::new());
        }
        let mut effects = vec![Effect::Prevent(UnitAmount {
            unit: ability.unit,
            amount: prevented,
        })];
        // "The attacking unit, if any": the attacker of the attack in progress, if it is another
        // unit and still in play (a stat change on a unit that left play would be refused).
        if let Some(attack) = host::attack()
            && attack.attacker != ability.unit
            && host::unit(attack.attacker).is_some()
        {
            effects.push(Effect::Stats(StatChange {
                unit: attack.attacker,
                speed: 0,
                power: -(prevented as i32),
                health: 0,
                duration: Duration::NextAttack,
            }));
        }
        Ok(effects)
    }
}

swtcg_sdk::export_keyword!(Persuade);
