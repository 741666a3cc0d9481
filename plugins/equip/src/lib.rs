//! Equip ("[cost] -> Equip", keywords.md; game 7.1, 16.2): in its controller's build step, a
//! completed Equipment in the build zone is attached to a unit whose type matches one of the
//! arenas its subtype line names ("Space - Device" goes on Space units; an Equipment whose
//! subtype line names no arena goes on any unit, the older wording). The Equip cost is paid
//! once per turn (manifest `limit = "turn"`).
//!
//! The targets are the controller's own units in an arena: the rules text says "a unit", and
//! the few cards that allow an opponent's unit say so themselves ("You can equip this Equipment
//! to your opponent's Character"), which this plugin does not read. An attached Equipment is
//! not moved by paying Equip again: the plugin works in the build zone only (manifest `zones`),
//! so once attached its Equip is no longer offered.

use swtcg_sdk::*;

struct Equip;

/// Whether a unit of type line `unit` may carry an Equipment whose subtype line names `kit`.
fn fits(kit: &[Arena], unit: &[Arena]) -> bool {
    kit.is_empty() || kit.iter().any(|a| unit.contains(a))
}

impl Keyword for Equip {
    fn build_activations(ability: Ability, event: Event) -> Vec<Activation> {
        let Some(me) = host::unit(ability.unit) else {
            return Vec::new();
        };
        // Only the controller's own build step, and only a completed Equipment waiting in the
        // build zone.
        if event.side != Some(me.controller) || !me.built || me.zone != Zone::BuildZone {
            return Vec::new();
        }
        let targets: Vec<UnitId> = host::units(None)
            .into_iter()
            .filter_map(host::unit)
            .filter(|u| u.controller == me.controller && u.zone != Zone::BuildZone && u.built)
            .filter(|u| fits(&me.arenas, &u.arenas))
            .map(|u| u.id)
            .collect();
        if targets.is_empty() {
            return Vec::new();
        }
        vec![Activation {
            label: ability.text.clone(),
            cost: ability.cost.clone(),
            targets,
            max_amount: None,
            replaces: false,
        }]
    }

    fn activate(ability: Ability, _index: u32, choice: Choice, _event: Event) -> HookResult {
        let to = choice
            .target
            .ok_or_else(|| "Equip needs the unit to attach to".to_string())?;
        Ok(vec![Effect::Attach(Attachment {
            equipment: ability.unit,
            to,
        })])
    }
}

swtcg_sdk::export_keyword!(Equip);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_equipment_fits_units_of_one_of_its_arenas() {
        assert!(fits(&[Arena::Space], &[Arena::Space]));
        assert!(!fits(&[Arena::Space], &[Arena::Ground]));
        assert!(fits(
            &[Arena::Ground, Arena::Character],
            &[Arena::Character]
        ));
        // The older wording: an Equipment naming no arena goes on any unit.
        assert!(fits(&[], &[Arena::Ground]));
    }
}
