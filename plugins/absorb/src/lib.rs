//! The Absorb keyword: "Prevent up to X damage to this unit, and it gains power for its next
//! attack equal to the amount of damage prevented this way" (activated; layered in the newer
//! wording).
//!
//! OQ-K6: the seed names no POP; the default follows the newer wording, the damage prevention
//! POP, once for each instance of damage (the manifest's `limit`). The keyword flag
//! `absorb-timing = "any"` reads the seed literally: Absorb may then also be played in the
//! pending damage POP, the other POP in which damage is pending on a unit. The engine decides
//! whether damage can be prevented only after that POP, so an Absorb played there can't yet see
//! Ferocity; the default timing never meets that case.
//!
//! Only damage actually prevented counts for the power bonus, so Absorb is not offered against
//! damage that can't be prevented (Ferocity, unless this unit has Fortitude), and the bonus is the
//! part of the chosen amount that the damage still pending lets it prevent.

use swtcg_sdk::*;

struct Absorb;

/// X, the most this instance can prevent; `None` when the printed X is not a number.
fn x_of(ability: &Ability) -> Option<u32> {
    ability.parameter.trim().parse().ok()
}

/// The damage pending on `unit` that prevention can still reduce in the current instance.
fn preventable_pending(unit: UnitId) -> u32 {
    host::pending_damage()
        .iter()
        .filter(|p| p.target == unit && p.preventable)
        .map(|p| p.amount.saturating_sub(p.prevented))
        .sum()
}

/// Whether Absorb may be played in this POP (OQ-K6).
fn usable_in(pop: Pop) -> bool {
    match pop {
        Pop::DamagePrevention => true,
        Pop::PendingDamage => host::rule("absorb-timing").as_deref() == Some("any"),
        _ => false,
    }
}

impl Keyword for Absorb {
    fn activations(ability: Ability, pop: Pop, _event: Event) -> Vec<Activation> {
        if !usable_in(pop) {
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
            label: format!("Absorb {x}"),
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
        Ok(vec![
            Effect::Prevent(UnitAmount {
                unit: ability.unit,
                amount: prevented,
            }),
            Effect::Stats(StatChange {
                unit: ability.unit,
                speed: 0,
                power: prevented as i32,
                health: 0,
                duration: Duration::NextAttack,
            }),
        ])
    }
}

swtcg_sdk::export_keyword!(Absorb);
