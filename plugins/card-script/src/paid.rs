//! Activated abilities about the unit their cost chose (API 1.19 `paid-with`): "Tap one of your
//! untapped Jedi in any arena -> Prevent all damage to one of your other Jedi in that arena",
//! "Discard a Location from any arena -> Put 2 damage counters on a unit in that arena".
//!
//! The engine pays the cost, and so chooses that unit, after the ability is played and before
//! its effects are asked (game 13.3). A step about "that arena" or about "other" units is read
//! against the unit paid with when the ability resolves: one unit to choose is chosen then (an
//! offer the engine puts to the player, whose `chosen` call names it), not as the target of the
//! play, which is chosen before the cost is paid.

use swtcg_card_script::script::{self, Filter, Script, Where};
use swtcg_sdk::*;

use crate::modes;
use crate::steps::subject_mut;

/// The unit a cost chose and the arena it was in when it was chosen.
pub(crate) struct Paid {
    pub unit: UnitId,
    pub controller: Side,
    /// None for a unit that was in no arena (a Location is in its arena).
    pub arena: Option<script::Arena>,
}

/// Whether the effects of an activated ability printed as `text` are about the unit its cost
/// chose: the cost chooses one of several units ("Tap one of your Jedi", "Discard a Location
/// from any arena") and a step names units "in that arena" (no arena is chosen by the text
/// itself), "other" units, which the unit paid with is not, or "that unit" when no step
/// chooses one.
pub(crate) fn about_the_unit_paid(script: &Script, text: &str) -> bool {
    let chooses = crate::activated::cost_of(text)
        .and_then(|cost| api::cost::parse_costs(cost).ok())
        .is_some_and(|costs| {
            costs.iter().any(|c| {
                matches!(
                    c,
                    api::cost::Cost::TapUnit(_)
                        | api::cost::Cost::DiscardUnit(_)
                        | api::cost::Cost::DamageUnit { .. }
                        | api::cost::Cost::CountersUnit { .. }
                        | api::cost::Cost::RemoveCountersUnit { .. }
                )
            })
        });
    // "that unit" with no unit chosen by a step is the unit paid with ("Remove 2 captivity
    // counters from a unit -> Put 2 damage counters on that unit").
    let that_is_paid = !script.steps.iter().any(crate::steps::picks_one);
    chooses
        && !modes::has_options(script)
        && script.steps.iter().any(|s| {
            crate::steps::subject(&s.effect).is_some_and(|u| {
                u.other
                    || u.filters.contains(&Filter::In(Where::ThatArena))
                    || (that_is_paid && u.pick == script::Pick::That)
            })
        })
}

/// The unit the costs of the activation being resolved chose first, where it was then.
pub(crate) fn the_unit_paid() -> Result<Paid, String> {
    let unit = *host::paid_with()
        .first()
        .ok_or("the engine names no unit the cost chose")?;
    // A unit discarded for the cost has left play: where it was is its last view's.
    let (controller, zone) = match host::place(unit) {
        Some(place) => (place.controller, place.zone),
        None => {
            let seen = host::last_seen(unit).ok_or("the unit the cost chose is unknown")?;
            (seen.controller, seen.zone)
        }
    };
    Ok(Paid {
        unit,
        controller,
        arena: zone.arena().map(crate::units::script_arena),
    })
}

/// The script with its steps read against the unit paid with: "in that arena" is that unit's
/// arena and "other" units are not that unit. With no unit yet (`paid` none: when the ability
/// is offered, before its cost is paid) "that arena" is any arena, so that the offer is made
/// while some arena has a unit to choose.
pub(crate) fn as_paid(script: &Script, paid: Option<&Paid>) -> Script {
    let mut made = script.clone();
    for step in &mut made.steps {
        let Some(units) = subject_mut(&mut step.effect) else {
            continue;
        };
        let arena = match paid {
            None => Where::AnyArena,
            Some(paid) => Where::Arenas(paid.arena.into_iter().collect()),
        };
        crate::steps::bind_that_arena(units, &arena);
        if let Some(paid) = paid
            && units.other
        {
            units
                .filters
                .push(Filter::Not(Box::new(Filter::Id(paid.unit))));
        }
    }
    made
}
