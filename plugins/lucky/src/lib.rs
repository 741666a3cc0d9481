//! The Lucky keyword: "Each time this unit attacks or is attacked, you may reroll up to X of this
//! unit's attack dice or have your opponent reroll up to X attack dice against this unit"
//! (cumulative, static), written as the minimal plugin the re-roll rulings of Focus, Backfire and
//! Riposte need.
//!
//! It is offered in the re-roll POP, which comes after every triggered effect of the initial roll,
//! once per attack (the manifest's `limit`); the player chooses how many dice, from 1 to X but
//! never more than were rolled. The activation API lets a player choose a unit and an amount but
//! not which dice, so this plugin picks them for the player: the dice worst for the re-rolling
//! side, that is this unit's lowest dice for hits when it attacks and the attacker's highest dice
//! when it is attacked, the first one among equal dice. Several Lucky instances on one unit are
//! added up by the engine into one Lucky of their total X (manifest `instances = "add-up"`,
//! game 13.2.2).

use swtcg_sdk::*;

struct Lucky;

/// X, if it is a number.
fn x_of(ability: &Ability) -> Option<u32> {
    ability.parameter.trim().trim_end_matches('.').parse().ok()
}

/// The most dice this instance may have re-rolled now, if its unit attacks or is attacked.
fn most(ability: &Ability) -> Option<(AttackView, u32)> {
    let attack = host::attack()?;
    if attack.attacker != ability.unit && attack.defender != ability.unit {
        return None;
    }
    let most = x_of(ability)?.min(attack.dice.len() as u32);
    (most > 0).then_some((attack, most))
}

impl Keyword for Lucky {
    fn activations(ability: Ability, pop: Pop, _event: Event) -> Vec<Activation> {
        if pop != Pop::Reroll {
            return Vec::new();
        }
        let Some((_, most)) = most(&ability) else {
            return Vec::new();
        };
        vec![Activation {
            label: format!("Lucky {}", ability.parameter.trim()),
            cost: None,
            targets: Vec::new(),
            max_amount: Some(most),
            replaces: false,
        }]
    }

    fn activate(ability: Ability, _index: u32, choice: Choice, _event: Event) -> HookResult {
        let (attack, most) =
            most(&ability).ok_or("Lucky activated outside an attack by or against its unit")?;
        let amount = choice.amount.unwrap_or(most).min(most) as usize;
        let attacking = attack.attacker == ability.unit;
        // Dice by their value for hits, the worst for the re-rolling side first; the sort is
        // stable, so among equal dice the first rolled comes first.
        let mut order: Vec<(u32, i64)> = attack
            .dice
            .iter()
            .enumerate()
            .map(|(i, die)| (i as u32, die.natural as i64 + die.modifier as i64))
            .collect();
        if attacking {
            order.sort_by_key(|&(_, value)| value);
        } else {
            order.sort_by_key(|&(_, value)| std::cmp::Reverse(value));
        }
        let dice: Vec<u32> = order.into_iter().take(amount).map(|(i, _)| i).collect();
        Ok(vec![Effect::Reroll(dice)])
    }
}

swtcg_sdk::export_keyword!(Lucky);
