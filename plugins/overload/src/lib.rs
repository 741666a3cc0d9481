//! The Overload keyword: "When this unit attacks, you may give it +X power for that attack. If
//! you do, it does X dice of damage to itself when the attack ends." (cumulative, static).
//!
//! When its unit's attack is declared (game 10.1.3), the controller is offered one optional
//! choice. Taking it gives the unit +X power for this attack (so it rolls X more attack dice, in
//! another arena too) and saves X dice of damage from the unit to itself for the end of the attack
//! (game 10.10): they are dice of damage, so the unit's own Armor applies to them and its
//! prevention may answer them, and they are not rolled if the unit has left play by then.
//!
//! Cumulative (game 13.2.2): the X of all the unit's Overloads add up into one Overload, so the
//! player takes or declines the sum once. Every instance is asked at the same moment, so each one
//! reads the unit's abilities (`host::abilities`): only the instance whose text is the first
//! Overload listed makes the offer, for the sum. Two instances with that same text can't tell
//! themselves apart; both offer, and a note on the unit for this attack makes sure only the first
//! offer taken applies. An Overload another keyword grants through a query (Switch) is not listed
//! by the host: it then offers its own X on its own.

use swtcg_sdk::*;

struct Overload;

/// The note that says the unit's Overload was used in this attack.
const USED: &str = "overload-used";

/// X of "Overload X" (after an optional cost), if the text is one.
fn overload_x(text: &str) -> Option<u32> {
    let effect = text.rsplit("->").next().unwrap_or(text).trim();
    let rest = effect
        .strip_prefix("Overload")?
        .trim()
        .trim_end_matches('.');
    rest.parse().ok()
}

/// The X this instance offers, or none if another instance of the unit makes the offer.
fn offered_x(ability: &Ability) -> Option<u32> {
    let own = overload_x(&ability.text)?;
    let listed: Vec<(String, u32)> = host::abilities(ability.unit)
        .into_iter()
        .filter_map(|text| overload_x(&text).map(|x| (text.trim().to_string(), x)))
        .collect();
    if !listed.iter().any(|(text, _)| text == ability.text.trim()) {
        return Some(own);
    }
    let leader = listed
        .first()
        .is_some_and(|(text, _)| text == ability.text.trim());
    leader.then(|| listed.iter().map(|(_, x)| x).sum())
}

impl Keyword for Overload {
    fn attack_declared(ability: Ability, event: Event) -> HookResult {
        // "When this unit attacks": only its own attacks.
        if event.attacker != Some(ability.unit) {
            return Ok(Vec::new());
        }
        let Some(x) = offered_x(&ability).filter(|&x| x > 0) else {
            return Ok(Vec::new());
        };
        // "You may give it +X power": the player may decline.
        Ok(vec![Effect::Choose(Offer {
            options: vec![format!(
                "Overload {x}: +{x} power for this attack, then {x} dice of damage to itself"
            )],
            optional: true,
        })])
    }

    fn chosen(ability: Ability, _index: u32) -> HookResult {
        // A second offer of the same Overload (identical texts) adds nothing.
        if host::note(ability.unit, USED).is_some() {
            return Ok(Vec::new());
        }
        let Some(x) = offered_x(&ability).filter(|&x| x > 0) else {
            return Ok(Vec::new());
        };
        let unit = ability.unit;
        Ok(vec![
            Effect::Note(NoteChange {
                unit,
                key: USED.into(),
                value: x as i32,
                duration: Duration::ThisAttack,
            }),
            // "+X power for that attack".
            Effect::Stats(StatChange {
                unit,
                speed: 0,
                power: x as i32,
                health: 0,
                duration: Duration::ThisAttack,
            }),
            // "If you do, it does X dice of damage to itself when the attack ends."
            Effect::AtAttackEnd(Delayed::DiceOfDamage(DiceOfDamage {
                source: unit,
                target: unit,
                dice: x,
            })),
        ])
    }
}

swtcg_sdk::export_keyword!(Overload);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn x_is_read() {
        assert_eq!(overload_x("Overload 2"), Some(2));
        assert_eq!(overload_x("Overload 1."), Some(1));
        assert_eq!(overload_x("Overload X"), None);
        assert_eq!(overload_x("Fury 2"), None);
    }
}
