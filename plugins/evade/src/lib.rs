//! A minimal Evade keyword: "[cost] -> Evade X", activated in the damage prevention POP to
//! prevent up to X damage to this unit (layered; each instance once per instance of damage).
//!
//! An Evade printed without a cost costs "Pay 0 Force". The player picks any amount up to X; the
//! offer never goes above the damage still pending on the unit, since more would prevent nothing.
//! Evade is offered even when the damage can't be prevented (Ferocity): playing it is legal and
//! does nothing then, because the engine ignores prevention of damage that is not preventable
//! (game 14.2); the Ferocity and Fortitude scenarios rely on that to show the damage stays. Only
//! Absorb and Protect, whose effects go beyond preventing, hide such offers.

use swtcg_sdk::*;

struct Evade;

/// X, the most this instance can prevent; `None` when the printed X is not a number.
fn x_of(ability: &Ability) -> Option<u32> {
    ability.parameter.trim().parse().ok()
}

impl Keyword for Evade {
    fn activations(ability: Ability, pop: Pop, _event: Event) -> Vec<Activation> {
        if pop != Pop::DamagePrevention {
            return Vec::new();
        }
        let Some(x) = x_of(&ability) else {
            return Vec::new();
        };
        // Against secret dice (Cunning) the offer is made blind: up to X.
        let most = prevention_offer(ability.unit, x, |_| true);
        if most == 0 {
            return Vec::new();
        }
        vec![Activation {
            label: format!("Evade {x}"),
            cost: Some(ability.cost.clone().unwrap_or_else(|| "Pay 0 Force".into())),
            targets: Vec::new(),
            max_amount: Some(most),
            replaces: false,
        }]
    }

    fn activate(ability: Ability, _index: u32, choice: Choice, _event: Event) -> HookResult {
        let x = x_of(&ability).ok_or_else(|| format!("can't read X in \"{}\"", ability.text))?;
        let amount = choice.amount.unwrap_or(x).min(x);
        Ok(vec![Effect::Prevent(UnitAmount {
            unit: ability.unit,
            amount,
        })])
    }
}

swtcg_sdk::export_keyword!(Evade);
