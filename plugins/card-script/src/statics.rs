//! Static abilities (game 13.1.3): stat changes that hold while the card is in play and the
//! script's conditions hold — "<units> gets +N power, +N health, +N speed", optionally "As long
//! as this unit is in the <arena> arena" — for the card itself or every unit a phrase names.

use swtcg_card_script::script::{Effect, Kind, Script, Step};
use swtcg_sdk::*;

use crate::units::{condition_carried_out, holds, names, units_carried_out};

/// Whether this plugin carries out every part of a static script.
pub(crate) fn carried_out(script: &Script) -> bool {
    script.kind == Kind::Static
        && script.trigger.is_none()
        && script.costs.is_empty()
        && script.limits.is_empty()
        && script.conditions.iter().all(condition_carried_out)
        && !script.steps.is_empty()
        && script.steps.iter().all(step_carried_out)
}

fn step_carried_out(step: &Step) -> bool {
    let plain = !step.optional
        && !step.if_you_do
        && step.only_if.is_none()
        && step.unless_opponent_pays.is_none()
        && step.duration.is_none();
    plain
        && match &step.effect {
            Effect::Stats { who, per: None, .. } => units_carried_out(who, false),
            _ => false,
        }
}

pub(crate) const NO_CHANGE: Stats = Stats {
    speed: 0,
    power: 0,
    health: 0,
};

/// The stats `unit` gets from a static script on `me`, while `me` is in play (not being built)
/// and the script's conditions hold.
pub(crate) fn change_for(script: &Script, me: &UnitView, unit: &UnitView) -> Stats {
    if !carried_out(script)
        || me.zone == Zone::BuildZone
        || !script.conditions.iter().all(|c| holds(c, me))
    {
        return NO_CHANGE;
    }
    let mut change = NO_CHANGE;
    for step in &script.steps {
        if let Effect::Stats {
            who,
            power,
            health,
            speed,
            ..
        } = &step.effect
            && names(who, unit, me)
        {
            change.power += power;
            change.health += health;
            change.speed += speed;
        }
    }
    change
}
