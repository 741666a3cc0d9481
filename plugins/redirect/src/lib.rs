//! A minimal Redirect keyword: activated in the attack POP while this unit is being attacked;
//! the attacker attacks another of your units in this arena, chosen by you, instead.
//!
//! A Redirect printed without a cost costs "Pay 0 Force"; each instance may be used once per
//! attack. A unit with "an ability that automatically prevents all damage to it" (keywords.md) is
//! never offered: one of its printed or granted abilities (host question `abilities`) is the
//! static "Prevent all damage to [and from] <its name or this unit>." that the SDK's
//! `card_text::prevent_all` reads, with no cost and no "this turn" (Bendu, the Spirit cards;
//! `card-prevent-all` carries it out). "Prevent all damage to Padme" behind a cost is a choice,
//! not automatic, and doesn't count. "Redirect to a Crime unit" limits the choice to units with that subtype. Other text
//! after the keyword ("and you may draw a card") is not carried out yet. The engine keeps the
//! defender when the attacker couldn't attack the chosen unit (Stealth) or its attack can't be
//! retargeted (Precision with the `precision-blocks = "all"` flag); the cost stays paid.

use swtcg_card_text::card_text::{names_unit, prevent_all};
use swtcg_sdk::*;

struct Redirect;

/// Whether the unit has an ability that automatically prevents all damage to it (keywords.md
/// Redirect): a static "Prevent all damage to [and from] <this unit>." naming it.
fn prevents_all_damage_to_itself(unit: &UnitView) -> bool {
    host::abilities(unit.id)
        .iter()
        .any(|text| prevent_all(text).is_some_and(|p| names_unit(&p.subject, &unit.name)))
}

/// The subtype of "to a Crime unit", if the printed Redirect names one.
fn required_subtype(parameter: &str) -> Option<String> {
    let rest = parameter
        .trim()
        .trim_end_matches('.')
        .strip_prefix("to a")?;
    let rest = rest.strip_prefix('n').unwrap_or(rest).trim();
    let subtype = rest.strip_suffix("unit")?.trim();
    (!subtype.is_empty()).then(|| subtype.to_string())
}

impl Keyword for Redirect {
    fn activations(ability: Ability, pop: Pop, _event: Event) -> Vec<Activation> {
        if pop != Pop::Attack {
            return Vec::new();
        }
        let Some(attack) = host::attack() else {
            return Vec::new();
        };
        let Some(me) = host::unit(ability.unit) else {
            return Vec::new();
        };
        if attack.defender != ability.unit {
            return Vec::new();
        }
        let subtype = required_subtype(&ability.parameter);
        let targets: Vec<UnitId> = host::units(Some(me.zone))
            .into_iter()
            .filter(|&id| id != ability.unit && id != attack.attacker)
            .filter_map(host::unit)
            .filter(|u| u.controller == me.controller)
            .filter(|u| {
                subtype
                    .as_ref()
                    .is_none_or(|s| u.subtypes.iter().any(|t| t.eq_ignore_ascii_case(s)))
            })
            .filter(|u| !prevents_all_damage_to_itself(u))
            .map(|u| u.id)
            .collect();
        // An offer without targets would be an untargeted activation: offer nothing instead.
        if targets.is_empty() {
            return Vec::new();
        }
        vec![Activation {
            label: "Redirect".into(),
            cost: Some(ability.cost.clone().unwrap_or_else(|| "Pay 0 Force".into())),
            targets,
            max_amount: None,
            replaces: false,
        }]
    }

    fn activate(_ability: Ability, _index: u32, choice: Choice, _event: Event) -> HookResult {
        if host::attack().is_none() {
            return Err("Redirect activated outside an attack".into());
        }
        let target = choice
            .target
            .ok_or("Redirect needs a unit to redirect the attack to")?;
        Ok(vec![Effect::ChangeDefender(target)])
    }
}

swtcg_sdk::export_keyword!(Redirect);
