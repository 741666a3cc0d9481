//! Calling plugins: every subscribed instance at a hook, what triggered resolved in the order its
//! controller chooses, one instance asked a query, and a failed call reported as the ruleset says.

use swtcg_plugin_api::{Effect, HookEvent, HookPoint, Pop, Query, QueryAnswer, QueryCall};

use super::{ActiveAbility, QueryMemo, Wanted};
use crate::decision::{Choice, DecisionKind};
use crate::game::{EngineError, Flow, Game};
use crate::hooks::{HookError, PluginId};
use crate::log::Event;
use crate::manifest::Class;
use crate::model::{Saved, SavedEffect, Side, UnitId};
use crate::ruleset::OnPluginError;

/// One thing a player resolves at a hook, in the order they choose (game 13.4.3): an ability
/// that triggered, or an effect saved for this moment (a Bounty's, at the start of the build
/// step, game 6.2.1).
enum Resolving {
    Triggered(ActiveAbility, Vec<Effect>),
    Saved(SavedEffect),
}

impl Resolving {
    /// How the player names it when ordering: the ability and its unit.
    fn choice(&self) -> Choice {
        match self {
            Resolving::Triggered(a, _) => Choice::Trigger {
                unit: UnitId(a.ability.unit),
                text: a.ability.text.clone(),
            },
            Resolving::Saved(s) => Choice::Trigger {
                unit: s.unit,
                text: s.text.clone(),
            },
        }
    }
}

impl Game<'_> {
    /// A failed plugin call: the ruleset decides whether the game stops (with the log saved) or
    /// goes on without that call's effects.
    pub(crate) fn plugin_failed(&mut self, error: HookError) -> Flow {
        self.event(Event::PluginError {
            message: error.to_string(),
        });
        match self.state.ruleset.on_plugin_error {
            OnPluginError::Stop => Err(EngineError::Hook(error).into()),
            OnPluginError::Skip => Ok(()),
        }
    }

    /// Calls every subscribed ability instance at a hook and applies what each proposes.
    pub(crate) fn dispatch_hook(&mut self, hook: HookPoint, event: &HookEvent) -> Flow {
        // The instances go into a list the game keeps between hooks (taken here, so that a hook
        // reached while this one resolves uses a list of its own).
        let mut candidates = std::mem::take(&mut self.hook_instances);
        candidates.clear();
        self.collect_all_abilities(Wanted::Hook(hook), &mut candidates)?;
        if hook == HookPoint::UnitDiscarded {
            // Units that left play keep their last abilities for this moment: the discarded
            // unit itself (Last Stand) and a departed source of the damage being resolved
            // (Bounty "even if the attacking unit leaves play").
            let gone = [
                event.unit.map(UnitId),
                self.state.damage.last().and_then(|d| d.source),
            ];
            for id in gone.into_iter().flatten() {
                if self.state.unit(id).is_none()
                    && !candidates.iter().any(|a| a.ability.unit == id.0)
                {
                    candidates.extend(self.abilities_where(id, Wanted::Hook(hook))?);
                }
            }
            // Stable: the Dark Side's first (game 13.4.3), each side's order kept.
            candidates.sort_by_key(|a| a.controller);
        } else if matches!(
            hook,
            HookPoint::DamagePlaced | HookPoint::Pop(Pop::DamagePlacement)
        ) {
            // The source of the damage being placed keeps its last abilities too: deflected
            // damage is placed before the damage it came from (keywords.md Deflect: all of it
            // is applied together), so a source it discarded still damaged its target (Stun).
            let source = self.state.damage.last().and_then(|d| d.source);
            if let Some(id) = source
                && self.state.unit(id).is_none()
                && !candidates.iter().any(|a| a.ability.unit == id.0)
            {
                candidates.extend(self.abilities_where(id, Wanted::Hook(hook))?);
            }
        }
        // A played card's ability kept in effect hears the hooks too, where its plugin's
        // manifest lets it (zone `lasting`), after the abilities in play, in the order the
        // cards were played.
        if !self.state.lasting.is_empty() {
            self.collect_lasting(&mut candidates, |manifest| {
                manifest.zones.contains(&crate::manifest::Zone::Lasting)
            });
        }
        // The instances asked, kept in place at the front of the candidates' list.
        let mut kept = 0;
        for at in 0..candidates.len() {
            let a = &candidates[at];
            let manifest = self.host.manifest(a.plugin);
            if !manifest.hooks.contains(&hook) {
                continue;
            }
            // Game 13.2.1: an isolated keyword acts once per unit however many instances it has.
            if candidates[..kept]
                .iter()
                .any(|b| b.plugin == a.plugin && b.ability.unit == a.ability.unit)
                && manifest.has_class(Class::Isolated)
            {
                continue;
            }
            candidates.swap(kept, at);
            kept += 1;
        }
        candidates.truncate(kept);
        let mut instances = candidates;
        // Every instance is asked at the same moment (game 13.4.1); what triggered then resolves
        // even if its conditions stop being true (13.4.2), the Dark Side's first, each player
        // choosing the order of their own (13.4.3).
        let mut triggered: Vec<(ActiveAbility, Vec<Effect>)> = Vec::new();
        for instance in &instances {
            match self
                .host
                .call_hook(instance.plugin, hook, &instance.ability, event, &self.state)
            {
                Ok(effects) if !effects.is_empty() => triggered.push((instance.clone(), effects)),
                Ok(_) => {}
                Err(error) => self.plugin_failed(error)?,
            }
        }
        instances.clear();
        self.hook_instances = instances;
        // Game 6.2.1: the effects saved for this build step (Bounty) are start-of-step events
        // too, which the player orders with the triggered ones (Upkeep, Damage Control); they
        // come first unless the player picks otherwise.
        let saved = match hook {
            HookPoint::BuildStepStart => Side::BOTH
                .into_iter()
                .filter(|&s| event.side == Some(s.into()))
                .flat_map(|s| self.take_build_step_start_effects(s))
                .collect(),
            _ => Vec::new(),
        };
        // Most hooks trigger nothing: nothing to order or resolve.
        if triggered.is_empty() && saved.is_empty() {
            return Ok(());
        }
        for side in Side::BOTH {
            let mut mine: Vec<Resolving> = saved
                .iter()
                .filter(|s| s.side == side)
                .cloned()
                .map(Resolving::Saved)
                .chain(
                    triggered
                        .iter()
                        .filter(|(a, _)| a.controller == side)
                        .cloned()
                        .map(|(a, effects)| Resolving::Triggered(a, effects)),
                )
                .collect();
            while !mine.is_empty() {
                let next = if mine.len() == 1 {
                    0
                } else {
                    let options = mine.iter().map(Resolving::choice).collect();
                    let chosen =
                        self.decide(side, DecisionKind::OrderTriggers { hook }, options)?;
                    mine.iter().position(|r| r.choice() == chosen).unwrap_or(0)
                };
                match mine.remove(next) {
                    Resolving::Triggered(instance, effects) => {
                        self.resolve_triggered(&instance, hook, event, effects)?
                    }
                    Resolving::Saved(saved) => match saved.what {
                        Saved::Effect { delayed } => self.run_delayed(saved.side, delayed)?,
                        Saved::Later { .. } => self.run_later(&saved)?,
                    },
                }
            }
        }
        Ok(())
    }

    /// The abilities a `lasts` effect keeps in effect (`GameState::lasting`), in the order they
    /// were played, as instances of cards not in play, whose plugin's manifest `wanted` accepts
    /// (the zone `lasting` for hooks, the query for `forbids`).
    pub(crate) fn collect_lasting(
        &mut self,
        into: &mut Vec<ActiveAbility>,
        wanted: impl Fn(&crate::manifest::Manifest) -> bool,
    ) {
        for lasting in self.state.lasting.clone() {
            if let Some(instance) = self.card_instance(
                lasting.card,
                lasting.ability,
                UnitId(swtcg_plugin_api::NOT_IN_PLAY),
                lasting.controller,
            ) && wanted(self.host.manifest(instance.plugin))
            {
                into.push(instance);
            }
        }
    }

    /// What a triggered ability proposed happens; a Trap's trigger completes the Trap, which
    /// resolves with it (game 16.7). A Trap sprung by another of its triggers at this moment
    /// is gone, and its other triggers with it.
    fn resolve_triggered(
        &mut self,
        instance: &ActiveAbility,
        hook: HookPoint,
        event: &HookEvent,
        effects: Vec<Effect>,
    ) -> Flow {
        let on_trap = instance
            .card
            .is_some_and(|card| self.state.def(card).is_trap());
        if !on_trap {
            return self.apply_effects(instance, hook.name(), effects);
        }
        match self.state.unit(UnitId(instance.ability.unit)) {
            Some(u) if self.state.is_armed_trap(u) => self.spring_trap(instance, hook, event),
            _ => Ok(()),
        }
    }

    /// Asks one ability instance a query. A failed query counts as a plugin failure and answers
    /// "no change" when the ruleset lets the game go on.
    pub(crate) fn ask(&mut self, instance: &ActiveAbility, call: QueryCall) -> Flow<QueryAnswer> {
        // Offers in a POP are made to a player, who decides without secret attack dice
        // (Cunning): the plugin computes them from what that player sees (host `dice-hidden`).
        // What an offer does when played (`activate`) is worked out on the whole game.
        let seen = match call {
            QueryCall::Activations { .. } => crate::game::seen_by(&self.state, instance.controller),
            _ => std::borrow::Cow::Borrowed(&*self.state),
        };
        let revision = self.state.revision();
        let kept = QueryMemo::keeps(&call);
        if kept
            && let Some(answer) =
                self.query_memo
                    .get(revision, instance.plugin, &instance.ability, &call, &seen)
        {
            return Ok(answer);
        }
        let answer = if kept {
            self.host
                .query_reading(instance.plugin, &instance.ability, &call, &seen)
        } else {
            self.host
                .query(instance.plugin, &instance.ability, &call, &seen)
                .map(|answer| (answer, None))
        };
        match answer {
            Ok((answer, reads)) => {
                if kept {
                    self.query_memo.keep(
                        revision,
                        instance.plugin,
                        &instance.ability,
                        &call,
                        &answer,
                        reads,
                    );
                }
                Ok(answer)
            }
            Err(error) => {
                self.plugin_failed(error)?;
                Ok(QueryAnswer::Effects(Vec::new()))
            }
        }
    }

    /// The instances of a unit whose plugin answers `query`.
    pub(crate) fn answering(&mut self, unit: UnitId, query: Query) -> Flow<Vec<ActiveAbility>> {
        let all = self.abilities_where(unit, Wanted::Query(query))?;
        let mut answering: Vec<ActiveAbility> = Vec::new();
        for a in all {
            let manifest = self.host.manifest(a.plugin);
            if !manifest.queries.contains(&query) {
                continue;
            }
            // Game 13.2.1: an isolated keyword counts once however many instances a unit has.
            let isolated = manifest.has_class(Class::Isolated);
            if isolated && answering.iter().any(|b| b.plugin == a.plugin) {
                continue;
            }
            answering.push(a);
        }
        Ok(answering)
    }

    pub(super) fn plugin_label(&self, plugin: PluginId) -> String {
        let m = self.host.manifest(plugin);
        format!("{}@{}", m.id, m.version)
    }
}
