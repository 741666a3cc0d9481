//! The cascade bounds: how deeply plugins' effects nest, and how much one game step may resolve,
//! measured against the ruleset's `limits` (docs/security.md).
//!
//! A plugin's effect can reach a hook whose triggered effects reach another hook, and so on; a
//! saved effect can save another one; an extra attack can ask for another. No rule of the game
//! needs more than a handful of these, so each chain is counted and a plugin that would go past
//! a limit fails with an error naming the limit, before any of its effects apply.

use std::collections::BTreeMap;

use swtcg_plugin_api::Effect;

use super::{EngineError, Flow, Game};
use crate::model::UnitId;
use crate::model::state::TurnStep;
use crate::ruleset::Limits;

/// What the game has resolved so far in the current step, and how deeply effects are nested now.
#[derive(Debug, Default)]
pub(crate) struct Cascade {
    /// Effect resolutions in progress, one inside another.
    depth: u32,
    /// The step whose work is counted below, as (turn, step); other steps start from nothing.
    step: Option<(u32, TurnStep)>,
    effects: u32,
    activations: u32,
    actions: u32,
    attacks: u32,
}

/// A piece of work one of the limits counts.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Work {
    /// A call's effects, about to be applied.
    Effects(usize),
    /// An activated ability, about to be played.
    Activation,
    /// A unit's action in a battle step (game 6.3.5), about to be chosen.
    Action,
    /// An extra attack asked for by an effect (Double Strike), about to be made.
    Attack,
}

impl Cascade {
    /// Starts counting afresh when the game has moved to another step.
    fn in_step(&mut self, turn: u32, step: TurnStep) {
        if self.step != Some((turn, step)) {
            *self = Cascade {
                depth: self.depth,
                step: Some((turn, step)),
                ..Cascade::default()
            };
        }
    }

    /// Whether `work` still fits the step's limits; if so it is counted. `Err` says which limit
    /// it would break, in words for a plugin error.
    pub(crate) fn charge(
        &mut self,
        limits: &Limits,
        turn: u32,
        step: TurnStep,
        work: Work,
    ) -> Result<(), String> {
        self.in_step(turn, step);
        let (count, add, limit, what, name) = match work {
            Work::Effects(n) => (
                &mut self.effects,
                u32::try_from(n).unwrap_or(u32::MAX),
                limits.effects_per_step,
                "effects resolved",
                "effects_per_step",
            ),
            Work::Activation => (
                &mut self.activations,
                1,
                limits.activations_per_step,
                "activated abilities played",
                "activations_per_step",
            ),
            Work::Action => (
                &mut self.actions,
                1,
                limits.attacks_per_step,
                "unit actions",
                "attacks_per_step",
            ),
            Work::Attack => (
                &mut self.attacks,
                1,
                limits.attacks_per_step,
                "extra attacks",
                "attacks_per_step",
            ),
        };
        let total = count.saturating_add(add);
        // A refused activation still counts as tried (see `activations_left`).
        if matches!(work, Work::Activation) {
            *count = total;
        }
        if total > limit {
            return Err(format!(
                "more than {limit} {what} in one game step (the ruleset's limits.{name}): \
                 an endless cascade"
            ));
        }
        *count = total;
        Ok(())
    }

    /// How many more extra attacks the step has room for, without counting one: an extra
    /// attack asked for now is refused when the extra attacks made and asked for fill it.
    pub(crate) fn attacks_left(&self, limits: &Limits, turn: u32, step: TurnStep) -> u32 {
        let made = if self.step == Some((turn, step)) {
            self.attacks
        } else {
            0
        };
        limits.attacks_per_step.saturating_sub(made)
    }

    /// Whether activations may still be offered in the step: until one more than the limit has
    /// been tried and refused (so that the refusal is reported), then never again in the step,
    /// so that a player skipping failures is not offered the same ability forever.
    pub(crate) fn activations_left(&self, limits: &Limits, turn: u32, step: TurnStep) -> bool {
        self.step != Some((turn, step)) || self.activations <= limits.activations_per_step
    }

    /// Enters one more level of nested effects, or says why that would be too deep.
    pub(crate) fn enter(&mut self, limits: &Limits) -> Result<(), String> {
        if self.depth >= limits.hook_depth {
            return Err(format!(
                "its effects reach hooks whose effects reach hooks {} levels deep (the ruleset's \
                 limits.hook_depth): an endless cascade",
                self.depth + 1
            ));
        }
        self.depth += 1;
        Ok(())
    }

    /// Leaves a level entered with `enter`.
    pub(crate) fn leave(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }
}

impl Game<'_> {
    /// Counts `work` against the current step's limits (`Err`: the limit it would break).
    pub(crate) fn charge(&mut self, work: Work) -> Result<(), String> {
        let (turn, step) = (self.state.turn, self.state.step);
        self.cascade
            .charge(&self.state.ruleset.limits, turn, step, work)
    }

    /// Whether activations may still be offered in this step.
    pub(crate) fn activations_left(&self) -> bool {
        let (turn, step) = (self.state.turn, self.state.step);
        self.cascade
            .activations_left(&self.state.ruleset.limits, turn, step)
    }

    /// Attacks this battle step may still make, less the extra attacks already asked for.
    pub(crate) fn attacks_left(&self) -> u32 {
        let (turn, step) = (self.state.turn, self.state.step);
        let asked = u32::try_from(self.state.attacks_again.len()).unwrap_or(u32::MAX);
        self.cascade
            .attacks_left(&self.state.ruleset.limits, turn, step)
            .saturating_sub(asked)
    }

    /// A unit's action or an extra attack: counted, and past the limit the game stops. Units
    /// act again only when effects untap them, and extra attacks past the limit are refused
    /// when asked for (`attacks_left`), so this is a plugin's doing that no one call shows:
    /// the game ends whatever `on_plugin_error` says.
    pub(crate) fn charge_attack(&mut self, work: Work) -> Flow {
        self.charge(work).map_err(|reason| {
            EngineError::Limit(format!("turn {}: {reason}", self.state.turn)).into()
        })
    }

    /// Enters one more level of nested effects for a call proposing `effects` effects, counting
    /// them against the step: `Err` names the limit that refuses the call.
    pub(crate) fn enter_cascade(&mut self, effects: usize) -> Result<(), String> {
        self.cascade.enter(&self.state.ruleset.limits)?;
        if let Err(reason) = self.charge(Work::Effects(effects)) {
            self.cascade.leave();
            return Err(reason);
        }
        Ok(())
    }

    /// Whether each unit a call's effects pile things onto has room for them: granted
    /// abilities, note keys and counter kinds, per the ruleset's limits.
    pub(crate) fn unit_room(&self, effects: &[Effect]) -> Result<(), String> {
        // Most calls pile nothing onto a unit: they cost no map here (apply_effects is hot).
        let piles = |e: &Effect| {
            matches!(
                e,
                Effect::Grant { .. } | Effect::Note { .. } | Effect::Counters { .. }
            )
        };
        if !effects.iter().any(piles) {
            return Ok(());
        }
        let limits = &self.state.ruleset.limits;
        // Per unit: granted abilities added, and the note keys and counter kinds named.
        let mut added: BTreeMap<u32, (u32, Vec<&str>, Vec<&str>)> = BTreeMap::new();
        for effect in effects {
            match effect {
                Effect::Grant { unit, .. } => added.entry(*unit).or_default().0 += 1,
                Effect::Note { unit, key, .. } => added.entry(*unit).or_default().1.push(key),
                Effect::Counters { unit, kind, .. } => added.entry(*unit).or_default().2.push(kind),
                _ => {}
            }
        }
        for (id, (grants, keys, kinds)) in added {
            let Some(unit) = self.state.unit(UnitId(id)) else {
                continue;
            };
            let granted = u32::try_from(unit.granted.len())
                .unwrap_or(u32::MAX)
                .saturating_add(grants);
            if granted > limits.granted_per_unit {
                return Err(format!(
                    "unit {id} would have {granted} granted abilities, more than the ruleset's \
                     limits.granted_per_unit ({})",
                    limits.granted_per_unit
                ));
            }
            let new_keys = distinct_new(keys, |k| unit.notes.contains_key(k));
            let notes = unit.notes.len().saturating_add(new_keys);
            if notes > limits.notes_per_unit as usize {
                return Err(format!(
                    "unit {id} would have {notes} notes, more than the ruleset's \
                     limits.notes_per_unit ({})",
                    limits.notes_per_unit
                ));
            }
            let new_kinds = distinct_new(kinds, |k| unit.counters.contains_key(k));
            let counters = unit.counters.len().saturating_add(new_kinds);
            if counters > limits.counter_kinds_per_unit as usize {
                return Err(format!(
                    "unit {id} would have {counters} kinds of counters, more than the ruleset's \
                     limits.counter_kinds_per_unit ({})",
                    limits.counter_kinds_per_unit
                ));
            }
        }
        Ok(())
    }
}

/// How many of `names` are new: not yet `known`, each counted once.
fn distinct_new(mut names: Vec<&str>, known: impl Fn(&str) -> bool) -> usize {
    names.sort_unstable();
    names.dedup();
    names.into_iter().filter(|n| !known(n)).count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Side;

    #[test]
    fn work_is_counted_per_step_and_refused_past_the_limit() {
        let limits = Limits {
            effects_per_step: 5,
            attacks_per_step: 2,
            ..Limits::default()
        };
        let build = TurnStep::Build(Side::Dark);
        let mut cascade = Cascade::default();
        assert!(cascade.charge(&limits, 1, build, Work::Effects(5)).is_ok());
        let err = cascade
            .charge(&limits, 1, build, Work::Effects(1))
            .unwrap_err();
        assert!(err.contains("limits.effects_per_step"), "{err}");
        // The refused work was not counted, and another step starts from nothing.
        assert!(cascade.charge(&limits, 2, build, Work::Effects(5)).is_ok());
        assert!(cascade.charge(&limits, 2, build, Work::Attack).is_ok());
        assert!(cascade.charge(&limits, 2, build, Work::Action).is_ok());
        assert_eq!(cascade.attacks_left(&limits, 2, build), 1);
        assert_eq!(cascade.attacks_left(&limits, 3, build), 2);
    }

    #[test]
    fn nesting_stops_at_the_depth_limit_and_unwinds() {
        let limits = Limits {
            hook_depth: 2,
            ..Limits::default()
        };
        let mut cascade = Cascade::default();
        assert!(cascade.enter(&limits).is_ok());
        assert!(cascade.enter(&limits).is_ok());
        let err = cascade.enter(&limits).unwrap_err();
        assert!(err.contains("limits.hook_depth"), "{err}");
        cascade.leave();
        assert!(cascade.enter(&limits).is_ok());
    }
}
