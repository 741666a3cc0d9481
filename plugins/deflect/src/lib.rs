//! The Deflect keyword: in the damage prevention POP, "prevent X damage to this unit, and this
//! unit may do that same amount of damage to any unit of your choice in its arena (itself
//! included)"; it must deflect as much as it can up to X, once per source of damage.
//!
//! The offer's targets are the units in this unit's arena; the amount is fixed (as much as can
//! be prevented, up to X). The deflected damage is new damage from this unit, so Ferocity makes
//! it unpreventable and it may itself be deflected. Damage that can't be prevented can't be
//! deflected. The engine resolves the new damage as its own instance right away, inside the
//! current prevention POP, where the keyword places it after every prevention has resolved: the
//! order only matters when both instances would discard the same unit (noted in the issue).

use swtcg_sdk::*;

struct Deflect;

/// How much this instance deflects now: min(X, the preventable damage still pending on it).
fn amount(ability: &Ability) -> u32 {
    let Ok(x) = ability.parameter.trim().parse::<u32>() else {
        return 0;
    };
    let pending: u32 = host::pending_damage()
        .into_iter()
        .filter(|p| p.target == ability.unit && p.preventable)
        .map(|p| p.amount.saturating_sub(p.prevented))
        .sum();
    x.min(pending)
}

impl Keyword for Deflect {
    fn activations(ability: Ability, pop: Pop, _event: Event) -> Vec<Activation> {
        if pop != Pop::DamagePrevention {
            return Vec::new();
        }
        // Against secret dice (Cunning) the offer is made blind: up to X. How much is really
        // deflected is worked out in `activate`, on the whole game.
        let x = ability.parameter.trim().parse::<u32>().unwrap_or(0);
        let n = prevention_offer(ability.unit, x, |p| p.preventable);
        let Some(me) = host::unit(ability.unit) else {
            return Vec::new();
        };
        if n == 0 || me.zone == Zone::BuildZone {
            return Vec::new();
        }
        vec![Activation {
            label: format!("Deflect {n}"),
            cost: Some(ability.cost.clone().unwrap_or_else(|| "Pay 0 Force".into())),
            targets: host::units(Some(me.zone)),
            max_amount: None,
            replaces: false,
        }]
    }

    fn activate(ability: Ability, _index: u32, choice: Choice, _event: Event) -> HookResult {
        let n = amount(&ability);
        let target = choice
            .target
            .ok_or("Deflect needs a unit to do the damage to")?;
        if n == 0 {
            return Ok(Vec::new());
        }
        Ok(vec![
            Effect::Prevent(UnitAmount {
                unit: ability.unit,
                amount: n,
            }),
            Effect::Damage(Damage {
                source: ability.unit,
                target,
                amount: n,
            }),
        ])
    }
}

swtcg_sdk::export_keyword!(Deflect);
