//! Carries out the steps that `played_text` reads: asks the host for the units a filter names in
//! play and turns a boost, or a whole step, into effects, so that every plugin playing Battle
//! cards and Missions (and additions to them, Enhance) resolves a step alike. `played_text`
//! re-exports all of it.

use super::{Boost, Condition, Filter, PlayedText, Step, Until, has_subtype};
use crate::effect_text::opponent;
use swtcg_sdk::{
    Arena, Duration, Effect, Grant, Side, SideAmount, StatChange, UnitAmount, UnitId, UnitView,
    host,
};

/// The duration of a boost as the API names it.
pub fn duration(until: Until) -> Duration {
    match until {
        Until::ThisAttack => Duration::ThisAttack,
        Until::EndOfTurn => Duration::EndOfTurn,
    }
}

/// The effects of a boost on one unit: one stat change (if any) and one grant per ability.
pub fn boost_effects(unit: UnitId, boost: &Boost, until: Until) -> Vec<Effect> {
    let duration = duration(until);
    let mut effects = Vec::new();
    if (boost.speed, boost.power, boost.health) != (0, 0, 0) {
        effects.push(Effect::Stats(StatChange {
            unit,
            speed: boost.speed,
            power: boost.power,
            health: boost.health,
            duration,
        }));
    }
    effects.extend(boost.abilities.iter().map(|text| {
        Effect::Grant(Grant {
            unit,
            text: text.clone(),
            duration,
        })
    }));
    effects
}

/// The units in an arena a filter names, for the player `me`, in id order (asks the host).
pub fn units_matching(filter: &Filter, me: Side, chosen: Option<Arena>) -> Vec<UnitView> {
    host::units(None)
        .into_iter()
        .filter_map(host::unit)
        .filter(|u| filter.matches(u, me, chosen))
        .collect()
}

/// The names a player chooses a unit by: the SDK's, kept here for the readers that use it.
pub use swtcg_sdk::unit_options;

/// How many units `side` controls in an arena (asks the host).
pub fn units_in(arena: Arena, side: Side) -> usize {
    host::units(None)
        .into_iter()
        .filter_map(host::unit)
        .filter(|u| u.controller == side && u.zone.arena() == Some(arena))
        .count()
}

/// The most Force one `lose-force` effect may take (the engine's bound on an effect's number).
const MOST_FORCE_LOST: u32 = 1_000;

/// The arenas in the order "Choose an arena" offers them.
pub const ARENAS: [Arena; 3] = [Arena::Space, Arena::Ground, Arena::Character];

/// What the player picked for a step besides a target: an arena ("Choose an arena. ... in that
/// arena") or one of a [`Step::TypeGets`] step's subtypes, by position.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Pick {
    #[default]
    Nothing,
    Arena(Arena),
    Type(usize),
}

impl Pick {
    /// The arena picked, if any: "that arena" of a filter.
    pub fn arena(self) -> Option<Arena> {
        match self {
            Pick::Arena(arena) => Some(arena),
            _ => None,
        }
    }
}

/// Whether every "Play only ..." restriction of a text holds for the player `me` (asks the
/// host).
pub fn allowed(text: &PlayedText, me: Side) -> bool {
    text.only_if.iter().all(|condition| match condition {
        Condition::NoAttack => host::attack().is_none(),
        Condition::MoreUnitsIn(arena) => units_in(*arena, me) > units_in(*arena, opponent(me)),
    })
}

/// The units a step that targets no unit acts on now, for the player `me` with `pick`: each
/// unit a boost reaches, each untapped unit "tap all" taps, each damaged unit "remove from
/// each" heals. Empty for any other step.
pub fn affected(step: &Step, me: Side, pick: Pick) -> Vec<UnitId> {
    let chosen = pick.arena();
    match (step, pick) {
        (Step::EachGets { filter, .. }, _) => units_matching(filter, me, chosen)
            .iter()
            .map(|u| u.id)
            .collect(),
        // Tapping a tapped unit is no change: "tap all" taps the untapped ones.
        (Step::TapAll { filter }, _) => units_matching(filter, me, chosen)
            .iter()
            .filter(|u| !u.tapped)
            .map(|u| u.id)
            .collect(),
        (Step::PlaceDamageEach { filter, .. }, _) | (Step::DiceToEach { filter, .. }, _) => {
            units_matching(filter, me, chosen)
                .iter()
                .map(|u| u.id)
                .collect()
        }
        (Step::RemoveFromEach { filter, .. }, _) => units_matching(filter, me, chosen)
            .iter()
            .filter(|u| u.damage > 0)
            .map(|u| u.id)
            .collect(),
        (Step::TypeGets { types, .. }, Pick::Type(t)) => {
            let Some(wanted) = types.get(t) else {
                return Vec::new();
            };
            host::units(None)
                .into_iter()
                .filter_map(host::unit)
                .filter(|u| u.built && u.zone.arena().is_some() && has_subtype(u, wanted))
                .map(|u| u.id)
                .collect()
        }
        _ => Vec::new(),
    }
}

/// The effects of a step for the player `me` with `pick`, in printed order. Steps on units the
/// player targets (one unit, "that unit", a unit of a build zone) and dice of damage, whose
/// source is the card, are carried out by `targeted`, which knows the target and the card,
/// also inside a sequence or a condition; its error fails the whole step, so that nothing is
/// half done.
pub fn step_effects(
    step: &Step,
    me: Side,
    pick: Pick,
    targeted: &mut dyn FnMut(&Step) -> Result<Vec<Effect>, String>,
) -> Result<Vec<Effect>, String> {
    let each = |filter: &Option<Filter>| {
        filter
            .as_ref()
            .map_or(1, |f| units_matching(f, me, None).len() as u32)
    };
    Ok(match step {
        Step::GainForce { amount, per } => match amount.saturating_mul(each(per)) {
            0 => Vec::new(),
            gain => vec![Effect::GainForce(gain)],
        },
        Step::OpponentLosesForce(amount) => vec![Effect::LoseForce(SideAmount {
            side: opponent(me),
            amount: *amount,
        })],
        Step::BuildPoints { amount, per } => match amount.saturating_mul(each(per)) {
            0 => Vec::new(),
            gain => vec![Effect::GainBuildPoints(gain)],
        },
        Step::IfUnitsInEachArena { at_least, then } => {
            if ARENAS
                .iter()
                .all(|&a| units_in(a, me) >= *at_least as usize)
            {
                step_effects(then, me, pick, targeted)?
            } else {
                Vec::new()
            }
        }
        Step::Sequence(parts) => {
            let mut all = Vec::new();
            for part in parts {
                all.extend(step_effects(part, me, pick, targeted)?);
            }
            all
        }
        Step::EachGets { boost, until, .. } | Step::TypeGets { boost, until, .. } => {
            affected(step, me, pick)
                .into_iter()
                .flat_map(|unit| boost_effects(unit, boost, *until))
                .collect()
        }
        Step::TapAll { .. } => affected(step, me, pick)
            .into_iter()
            .map(Effect::Tap)
            .collect(),
        Step::RemoveFromEach { amount, .. } => affected(step, me, pick)
            .into_iter()
            .map(|unit| {
                Effect::RemoveDamage(UnitAmount {
                    unit,
                    amount: *amount,
                })
            })
            .collect(),
        Step::Draw(cards) => vec![Effect::Draw(SideAmount {
            side: me,
            amount: *cards,
        })],
        // "Each player loses all of his or her Force": each loses what they have, the Dark
        // Side first, in losses the engine's bound on one effect's number allows.
        Step::EachLosesAllForce => [Side::Dark, Side::Light]
            .into_iter()
            .flat_map(|side| {
                let mut left = host::player(side).force;
                std::iter::from_fn(move || {
                    let amount = left.min(MOST_FORCE_LOST);
                    left -= amount;
                    (amount > 0).then_some(Effect::LoseForce(SideAmount { side, amount }))
                })
            })
            .collect(),
        Step::PlaceDamageEach { amount, .. } => affected(step, me, pick)
            .into_iter()
            .map(|unit| {
                Effect::PlaceDamage(UnitAmount {
                    unit,
                    amount: *amount,
                })
            })
            .collect(),
        Step::OneGets { .. }
        | Step::DiceToEach { .. }
        | Step::DiceToOne { .. }
        | Step::Prevent { .. }
        | Step::RemoveDamage { .. }
        | Step::TapOne { .. }
        | Step::FromOpponentsBuildZone { .. }
        | Step::PutCounters { .. }
        | Step::PlaceDamage { .. }
        | Step::ThatGets { .. } => targeted(step)?,
    })
}
