//! The Surge keyword: "Whenever another unit damages this unit, you may give a unit of your choice
//! in this arena +X power until end of turn." (cumulative, triggered during the damage placement
//! POP).
//!
//! "You may" makes it an activation, offered in the damage placement POP (P8) of an instance of
//! damage that placed counters on this unit and whose source is another unit, once for each such
//! instance (the manifest's `limit`). Any damage counts, not only an attack's: Retaliate dice,
//! Overkill's moved hits. Damage prevented in full places no counters, so Surge doesn't occur.
//! The targets are every unit in this unit's arena: itself, another of its controller's units or
//! an opponent's unit. Damage counters put on a unit directly are not damage and never reach the
//! placement POP (OQ-19).
//!
//! Several Surge instances on one unit are offered one by one; giving all of them to one unit adds
//! their X together, as the cumulative class asks.
//!
//! Game 13.4.2: once triggered, Surge resolves even if its unit is discarded in the meantime. When
//! the damage that triggers it also discards this unit (game 10.8.1), the unit is gone before the
//! placement POP, so no activation can be offered; instead the `unit-discarded` hook about this
//! unit itself, reached while that damage is still being resolved, offers the same choice through
//! the `choose` effect: one option per unit now in the arena the unit was in (`host::last_seen`),
//! optional ("you may"), and `chosen` gives the picked unit the power.

use swtcg_sdk::*;

struct Surge;

/// X, the power given; `None` when the printed X is not a number.
fn x_of(ability: &Ability) -> Option<i32> {
    ability
        .parameter
        .trim()
        .trim_end_matches('.')
        .parse()
        .ok()
        .filter(|x: &i32| *x >= 0)
}

/// Whether the current instance of damage placed counters on `unit` and came from another unit.
fn damaged_by_another(unit: UnitId) -> bool {
    host::pending_damage().iter().any(|p| {
        // What was placed: the amount less what prevention could take off it.
        let prevented = if p.preventable { p.prevented } else { 0 };
        p.target == unit && p.amount > prevented && p.source.is_some_and(|s| s != unit)
    })
}

/// The units a Surge whose unit has left play may give its power to: those now in the arena the
/// unit was in, in the host's order, so that the offer and `chosen` see the same list.
fn targets_after_leaving(unit: UnitId) -> Vec<UnitView> {
    let Some(last) = host::last_seen(unit) else {
        return Vec::new();
    };
    if last.zone == Zone::BuildZone {
        return Vec::new();
    }
    host::units(Some(last.zone))
        .into_iter()
        .filter_map(host::unit)
        .collect()
}

/// What Surge does, whether activated in the placement POP or chosen after its unit left: the
/// chosen unit gets +X power until end of turn.
fn surge(target: UnitId, x: i32) -> Effect {
    Effect::Stats(StatChange {
        unit: target,
        speed: 0,
        power: x,
        health: 0,
        duration: Duration::EndOfTurn,
    })
}

impl Keyword for Surge {
    fn unit_discarded(ability: Ability, event: Event) -> HookResult {
        // Only this unit's own discard by damage from another unit that put counters on it; a
        // unit still in play is offered the activation in the placement POP instead.
        if event.unit != Some(ability.unit)
            || host::unit(ability.unit).is_some()
            || !damaged_by_another(ability.unit)
        {
            return Ok(Vec::new());
        }
        let Some(x) = x_of(&ability) else {
            return Ok(Vec::new());
        };
        let options: Vec<String> = targets_after_leaving(ability.unit)
            .iter()
            .map(|u| format!("Surge {x}: {} gets +{x} power until end of turn", u.name))
            .collect();
        if options.is_empty() {
            return Ok(Vec::new());
        }
        Ok(vec![Effect::Choose(Offer {
            options,
            optional: true,
        })])
    }

    fn chosen(ability: Ability, index: u32) -> HookResult {
        let x = x_of(&ability).ok_or_else(|| format!("can't read X in \"{}\"", ability.text))?;
        let Some(target) = targets_after_leaving(ability.unit)
            .get(index as usize)
            .map(|u| u.id)
        else {
            return Ok(Vec::new());
        };
        Ok(vec![surge(target, x)])
    }

    fn activations(ability: Ability, pop: Pop, _event: Event) -> Vec<Activation> {
        if pop != Pop::DamagePlacement || !damaged_by_another(ability.unit) {
            return Vec::new();
        }
        let (Some(me), Some(x)) = (host::place(ability.unit), x_of(&ability)) else {
            return Vec::new();
        };
        if me.zone == Zone::BuildZone {
            return Vec::new();
        }
        vec![Activation {
            label: format!("Surge {x}"),
            cost: ability.cost.clone(),
            targets: host::units(Some(me.zone)),
            max_amount: None,
            replaces: false,
        }]
    }

    fn activate(ability: Ability, _index: u32, choice: Choice, _event: Event) -> HookResult {
        let x = x_of(&ability).ok_or_else(|| format!("can't read X in \"{}\"", ability.text))?;
        let target = choice
            .target
            .ok_or("Surge needs a unit to give the power to")?;
        Ok(vec![surge(target, x)])
    }
}

swtcg_sdk::export_keyword!(Surge);
