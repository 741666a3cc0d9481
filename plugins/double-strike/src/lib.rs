//! The Double Strike keyword: "You may choose an opponent's unit that this unit can attack. This
//! unit attacks that unit. Play only if this unit just attacked and only if it tapped for that
//! attack." The unit must tap for the first attack, not the second; if it untaps, it may double
//! strike again; it can't attack your own units (isolated, static, after the attack end POP).
//!
//! At the attack end POP of this unit's attack the controller is offered the opponent's units in
//! the arenas (an optional `choose`); the pick becomes an `attack-again` without tapping, which
//! the engine makes after that POP if the attack is still legal. "A unit it can attack" is the
//! engine's to judge (Stealth and other `can-be-attacked` answers, game 10.1.1): it asks
//! `chosen` for each option before the player picks and does not offer one whose attack the
//! rules forbid. The engine does not say whether
//! an attack tapped the unit, so the plugin remembers, with a `note`, which attack it asked for:
//! when that attack is declared it is marked as untapped for this attack, and no second Double
//! Strike follows it. Tenacity's extra attack (also untapped) is recognised by its note
//! `tenacity:pending`. Any later attack the unit taps for again allows another Double Strike.

use swtcg_sdk::*;

struct DoubleStrike;

/// On the unit: the defender (id + 1) of the Double Strike attack asked for, until it starts.
const PENDING: &str = "double-strike:pending";
/// On the unit: Tenacity's record of its untapped extra attack, read the same way.
const TENACITY_PENDING: &str = "tenacity:pending";
/// On the unit, for one attack: the unit did not tap for this attack.
const UNTAPPED: &str = "double-strike:untapped";

/// The units the unit may be told to attack: the opponent's units in the arenas, those of its
/// own arena first, then the others in the engine's order (`chosen` rebuilds the same list),
/// with the label offered for each. Which of them it can attack (its own arena, others with
/// Bombard and the like, not an untapped undamaged Stealth unit) the engine decides: it offers
/// only those options.
fn targets(me: &UnitView) -> Vec<(UnitId, String)> {
    let mut zones = vec![me.zone];
    zones.extend(
        [Zone::Space, Zone::Ground, Zone::Character]
            .into_iter()
            .filter(|&z| z != me.zone),
    );
    let units: Vec<UnitView> = zones
        .into_iter()
        .flat_map(|zone| host::units(Some(zone)))
        .filter_map(host::unit)
        .filter(|u| u.controller != me.controller && u.built)
        .collect();
    units
        .iter()
        .map(|u| {
            // Two units of one name are told apart by their engine number.
            let twins = units.iter().filter(|v| v.name == u.name).count();
            let label = if twins > 1 {
                format!("Attack {} (unit {})", u.name, u.id)
            } else {
                format!("Attack {}", u.name)
            };
            (u.id, label)
        })
        .collect()
}

fn note(unit: UnitId, key: &str, value: i32, duration: Duration) -> Effect {
    Effect::Note(NoteChange {
        unit,
        key: key.to_string(),
        value,
        duration,
    })
}

impl Keyword for DoubleStrike {
    fn attack_declared(ability: Ability, _event: Event) -> HookResult {
        let Some(attack) = host::attack() else {
            return Ok(Vec::new());
        };
        if attack.attacker != ability.unit {
            return Ok(Vec::new());
        }
        let Some(me) = host::unit(ability.unit) else {
            return Ok(Vec::new());
        };
        let this = attack.defender as i32 + 1;
        let untapped = note(ability.unit, UNTAPPED, 1, Duration::ThisAttack);
        // An extra attack asked for without tapping is the next attack of the unit at that
        // defender; its record is spent so that a later tapped attack counts again.
        for key in [TENACITY_PENDING, PENDING] {
            if host::note(ability.unit, key) == Some(this) {
                return Ok(vec![
                    note(ability.unit, key, 0, Duration::EndOfTurn),
                    untapped,
                ]);
            }
        }
        // Any other attack that starts with the unit untapped did not tap it either.
        if !me.tapped {
            return Ok(vec![untapped]);
        }
        Ok(Vec::new())
    }

    fn pop_p9(ability: Ability, _event: Event) -> HookResult {
        // "Play only if this unit just attacked and only if it tapped for that attack."
        let Some(attack) = host::attack() else {
            return Ok(Vec::new());
        };
        if attack.attacker != ability.unit || host::note(ability.unit, UNTAPPED) == Some(1) {
            return Ok(Vec::new());
        }
        let Some(me) = host::unit(ability.unit) else {
            return Ok(Vec::new());
        };
        if me.zone == Zone::BuildZone {
            return Ok(Vec::new());
        }
        let options: Vec<String> = targets(&me).into_iter().map(|(_, label)| label).collect();
        if options.is_empty() {
            return Ok(Vec::new());
        }
        Ok(vec![Effect::Choose(Offer {
            options: options.into_iter().take(20).collect(),
            optional: true,
        })])
    }

    fn chosen(ability: Ability, index: u32) -> HookResult {
        let Some(me) = host::unit(ability.unit) else {
            return Ok(Vec::new());
        };
        let Some(&(defender, _)) = targets(&me).get(index as usize) else {
            return Err(format!("no target number {index} to double strike"));
        };
        Ok(vec![
            note(
                ability.unit,
                PENDING,
                defender as i32 + 1,
                Duration::EndOfTurn,
            ),
            Effect::AttackAgain(ExtraAttack {
                attacker: ability.unit,
                defender,
                tap: false,
            }),
        ])
    }
}

swtcg_sdk::export_keyword!(DoubleStrike);
