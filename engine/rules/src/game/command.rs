//! The ready phase and the command phase: untap, Force, the build roll, build steps and retreat
//! steps (game 6.1, 6.2, 7, 8).

use swtcg_plugin_api::{Act, CardView, HookEvent, HookPoint, Query, QueryAnswer, QueryCall};

use super::{Flow, Game};
use crate::decision::{Choice, DecisionKind};
use crate::log::{Event, LogEntry};
use crate::model::{Arena, CardType, Place, Side, UnitId};

impl Game<'_> {
    /// Game 6.1: untap step, gain Force step, roll for build points.
    pub(crate) fn ready_phase(&mut self) -> Flow {
        let _span = tracing::debug_span!("ready_phase", turn = self.state.turn).entered();
        self.event(Event::TurnStarted {
            turn: self.state.turn,
        });
        self.hook(HookPoint::TurnStart, self.hook_event())?;
        // Game 6.1.1: the Dark Side untaps first, then the Light Side; the order matters only
        // to effects that watch it, so the hook is reached once per side.
        for side in Side::BOTH {
            for unit in self
                .state
                .units
                .values_mut()
                .filter(|u| u.controller == side)
            {
                unit.tapped = false;
            }
            let event = HookEvent {
                side: Some(side.into()),
                ..self.hook_event()
            };
            self.hook(HookPoint::UntapStep, event)?;
        }
        let gain = self.state.ruleset.force_per_turn;
        for side in Side::BOTH {
            self.state.player_mut(side).force += gain;
            self.event(Event::ForceGained { side, amount: gain });
            let event = HookEvent {
                side: Some(side.into()),
                amount: Some(gain as i32),
                ..self.hook_event()
            };
            self.hook(HookPoint::GainForceStep, event)?;
        }
        // Game 6.1.3: the Light Side rolls one die; each player gets that many build points.
        let roll = self.roll("build roll")?;
        for side in Side::BOTH {
            let bonus = self.state.ruleset.build_bonus_all_arenas
                && Arena::ALL
                    .iter()
                    .all(|&arena| self.state.units_in(arena, side).next().is_some());
            self.state.player_mut(side).build_points = roll as u32 + bonus as u32;
        }
        self.event(Event::BuildPoints {
            amount: roll as u32,
        });
        let event = HookEvent {
            amount: Some(roll as i32),
            ..self.hook_event()
        };
        self.hook(HookPoint::BuildRoll, event)
    }

    /// Game 6.2.1, 7: the start-of-step events (the draw), then build actions until the player
    /// ends the step.
    pub(crate) fn build_step(&mut self, side: Side) -> Flow {
        let _span = tracing::debug_span!("build_step", side = side.name()).entered();
        let event = HookEvent {
            side: Some(side.into()),
            ..self.hook_event()
        };
        // Game 12.2: each Pilot card may move onto or off a unit once in this build step.
        self.state.pilots_moved.clear();
        self.draw(side)?;
        // Effects saved for this build step (Bounty) come with its start: the hook runs them,
        // ordered with the abilities it triggers.
        self.hook(HookPoint::BuildStepStart, event.clone())?;
        loop {
            let mut options = self.build_options(side);
            self.drop_forbidden_completions(side, &mut options)?;
            options.extend(self.completion_options(side, false)?);
            options.extend(self.stack_options(side)?);
            options.extend(self.build_activation_options(side)?);
            let choice = self.decide(side, DecisionKind::BuildAction, options)?;
            if choice == Choice::Pass {
                break;
            }
            let from = self.log.entries.len();
            self.apply_build_choice(side, choice)?;
            self.state_check()?;
            // The card the action completed, if any ("When you complete this Location").
            let completed = self.log.entries[from..]
                .iter()
                .find_map(|entry| match entry {
                    LogEntry::Event {
                        event: Event::Completed { unit, .. },
                    } => Some(unit.0),
                    _ => None,
                });
            let action = HookEvent {
                unit: completed,
                ..event.clone()
            };
            self.hook(HookPoint::BuildAction, action)?;
            self.opponents_anytime_actions(side.opponent())?;
        }
        self.hook(HookPoint::BuildStepEnd, event)
    }

    /// Game 6.2.5, OQ-13: after each completed build action of the active player, `other` may
    /// use "any time" completions (Hidden Cost), one after another, until they pass. Asked only
    /// when they have one to use.
    fn opponents_anytime_actions(&mut self, other: Side) -> Flow {
        if !self.state.ruleset.act_in_opponents_build_step {
            return Ok(());
        }
        loop {
            let mut options = vec![Choice::Pass];
            options.extend(self.completion_options(other, true)?);
            if options.len() == 1 {
                return Ok(());
            }
            let choice = self.decide(other, DecisionKind::OpponentsBuildStep, options)?;
            if choice == Choice::Pass {
                return Ok(());
            }
            self.complete_via(other, &choice, true)?;
            self.state_check()?;
        }
    }

    /// Every legal build action of `side` now, `Pass` (end the step) first.
    pub fn build_options(&self, side: Side) -> Vec<Choice> {
        let state = &self.state;
        let points = state.player(side).build_points;
        let mut options = vec![Choice::Pass];
        for card in self.distinct_hand_buildable(side) {
            options.extend((1..=points).map(|points| Choice::StartBuild { card, points }));
        }
        for unit in state
            .units
            .values()
            .filter(|u| u.controller == side && u.place == Place::BuildZone)
        {
            if unit.built {
                let def = state.top_def(unit);
                // A completed Equipment waits in the build zone until Equip attaches it
                // (game 16.2): the arenas of its subtype line are where it may go, not its own.
                if def.card_type == CardType::Equipment {
                    continue;
                }
                // A completed Location that could not be placed (OQ-24 `refuse`) goes where
                // there is room now (game 16.1).
                if def.card_type == CardType::Location {
                    options.extend(self.location_arenas(unit.id).into_iter().map(|arena| {
                        Choice::Deploy {
                            unit: unit.id,
                            arena,
                        }
                    }));
                    continue;
                }
                options.extend(def.arenas.iter().map(|&arena| Choice::Deploy {
                    unit: unit.id,
                    arena,
                }));
                continue;
            }
            // A fully built Trap waits for its trigger (game 16.7): more counters do nothing.
            if state.top_def(unit).is_trap() && unit.build_counters >= state.build_cost(unit) {
                continue;
            }
            options.extend((1..=points).map(|points| Choice::AddCounters {
                unit: unit.id,
                points,
            }));
            if unit.build_counters < state.build_cost(unit) {
                continue;
            }
            let def = state.top_def(unit);
            // A Trap is completed by its trigger, never by a build action (game 16.7).
            if def.is_trap() {
                continue;
            }
            // Equipment never stacks: a completed one just waits to be equipped.
            if def.card_type == CardType::Equipment {
                options.push(Choice::Complete { unit: unit.id });
                continue;
            }
            // A Location never stacks either; it is completed when there is an arena it may go
            // into (game 16.1, OQ-24).
            if def.card_type == CardType::Location {
                if !self.location_arenas(unit.id).is_empty() {
                    options.push(Choice::Complete { unit: unit.id });
                }
                continue;
            }
            // Nor does a Resource; it is completed into its player's Resource zone when there
            // is room there (game 16.4, P-2).
            if def.card_type == CardType::Resource {
                if self.resource_room(side) {
                    options.push(Choice::Complete { unit: unit.id });
                }
                continue;
            }
            match def
                .is_unique()
                .then(|| state.unit_named(side, def.unique_name()))
                .flatten()
            {
                None => options.push(Choice::Complete { unit: unit.id }),
                Some(stack) if (stack.cards.len() as u32) < state.ruleset.stack_limit => {
                    // Game 3.6.4 and OQ-6 (b): a cheaper version goes under; an equal or dearer
                    // one may go on top, or under where the ruleset allows it.
                    let top_cost = state.top_def(stack).cost_value();
                    let dearer = def.cost_value() >= top_cost;
                    if dearer {
                        options.push(Choice::CompleteIntoStack {
                            unit: unit.id,
                            stack: stack.id,
                            on_top: true,
                        });
                    }
                    if !dearer || state.ruleset.stack_higher_cost_underneath {
                        options.push(Choice::CompleteIntoStack {
                            unit: unit.id,
                            stack: stack.id,
                            on_top: false,
                        });
                    }
                }
                Some(_) => {}
            }
        }
        // Game 3.6.5 and OQ-6 (c): move a card from inside a stack to its top by paying the
        // difference in build cost in build points.
        for unit in state
            .units
            .values()
            .filter(|u| u.controller == side && u.built)
        {
            let top = state.top_def(unit);
            let top_cost = top.cost_value();
            for &card in &unit.cards[1..] {
                // Cards another card's Stack lets under it never go on top (keywords.md Stack).
                if !state.same_unit(state.def(card).unique_name(), top.unique_name()) {
                    continue;
                }
                let difference = state.def(card).cost_value() - top_cost;
                if difference >= 0 && difference as u32 <= points {
                    options.push(Choice::Restack {
                        unit: unit.id,
                        card,
                    });
                }
            }
        }
        options
    }

    /// Leaves out the completions with build counters that an ability forbids (API 1.15 act
    /// `complete`: "To complete Obi-Wan's Task, you must also tap ...", whose route with that
    /// cost `completions` offers instead; "You may complete this Mission only if ...").
    fn drop_forbidden_completions(&mut self, side: Side, options: &mut Vec<Choice>) -> Flow {
        let mut forbidden = Vec::new();
        for choice in options.iter() {
            if let Choice::Complete { unit } | Choice::CompleteIntoStack { unit, .. } = *choice
                && !forbidden.contains(&unit)
                && self.completion_forbidden(side, unit)?
            {
                forbidden.push(unit);
            }
        }
        if !forbidden.is_empty() {
            options.retain(|choice| match choice {
                Choice::Complete { unit } | Choice::CompleteIntoStack { unit, .. } => {
                    !forbidden.contains(unit)
                }
                _ => true,
            });
        }
        Ok(())
    }

    /// Whether an ability in play, or the card's own text, forbids completing `unit` with its
    /// build counters.
    fn completion_forbidden(&mut self, side: Side, unit: UnitId) -> Flow<bool> {
        let act = Act::Complete { unit: unit.0 };
        if !self.any_answers(Query::Forbids) {
            return Ok(false);
        }
        if self.forbidden(act)? {
            return Ok(true);
        }
        let Some(card) = self.state.unit(unit).map(|u| u.top()) else {
            return Ok(false);
        };
        for own in self.own_completion_texts(unit, card, side, Query::Forbids) {
            let call = QueryCall::Forbids {
                act,
                controller: side.into(),
            };
            if let QueryAnswer::Flag(true) = self.ask(&own, call)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Whether a card in the build zone is a Mission, which resolves when completed.
    fn is_mission(&self, unit: UnitId) -> bool {
        self.state
            .unit(unit)
            .is_some_and(|u| self.state.top_def(u).card_type == CardType::Mission)
    }

    fn apply_build_choice(&mut self, side: Side, choice: Choice) -> Flow {
        match choice {
            Choice::CompleteVia { .. } => self.complete_via(side, &choice, false)?,
            Choice::Activate { .. } => self.play_build_activation(side, &choice)?,
            Choice::StartBuild { card, points } => {
                self.state.player_mut(side).build_points -= points;
                let unit = self.put_from_hand(side, card, Place::BuildZone, false);
                if let Some(u) = self.state.unit_mut(unit) {
                    u.build_counters = points;
                }
                self.event(Event::BuildCounters { unit, points });
            }
            Choice::AddCounters { unit, points } => {
                self.state.player_mut(side).build_points -= points;
                if let Some(u) = self.state.unit_mut(unit) {
                    u.build_counters += points;
                }
                self.event(Event::BuildCounters { unit, points });
            }
            Choice::Complete { unit } if self.is_mission(unit) => {
                self.resolve_mission(side, unit)?;
            }
            Choice::Complete { unit } if self.is_location_card(unit) => {
                if let Some(u) = self.state.unit_mut(unit) {
                    u.built = true;
                }
                let name = self.state.unit_label(unit);
                self.event(Event::Completed { unit, name });
                self.place_completed_location(side, unit, None)?;
            }
            Choice::Complete { unit } if self.is_resource_card(unit) => {
                if let Some(u) = self.state.unit_mut(unit) {
                    u.built = true;
                }
                let name = self.state.unit_label(unit);
                self.event(Event::Completed { unit, name });
                self.place_resource(side, unit)?;
            }
            Choice::Deploy { unit, arena } if self.is_location_card(unit) => {
                self.place_location(side, unit, arena)?;
            }
            Choice::Complete { unit } => {
                if let Some(u) = self.state.unit_mut(unit) {
                    u.built = true;
                }
                let name = self.state.unit_label(unit);
                self.event(Event::Completed { unit, name });
            }
            Choice::CompleteIntoStack {
                unit,
                stack,
                on_top,
            } => self.join_stack(unit, stack, on_top),
            Choice::Deploy { unit, arena } => {
                if let Some(u) = self.state.unit_mut(unit) {
                    u.place = Place::Arena(arena);
                }
                self.event(Event::Deployed { unit, arena });
                let event = HookEvent {
                    unit: Some(unit.0),
                    arena: Some(arena.into()),
                    // `amount` 1: deployed (Deploy triggers on it); side: who deployed.
                    amount: Some(1),
                    side: Some(side.into()),
                    ..self.hook_event()
                };
                self.hook(HookPoint::UnitEntersArena, event)?;
            }
            Choice::Restack { unit, card } => {
                let state = &mut self.state;
                let Some(u) = state.units.get(&unit) else {
                    return Ok(());
                };
                let top_cost = state.def(u.top()).cost_value();
                let difference = (state.def(card).cost_value() - top_cost).max(0) as u32;
                state.player_mut(side).build_points -= difference;
                if let Some(u) = state.unit_mut(unit) {
                    u.cards.retain(|&c| c != card);
                    u.cards.insert(0, card);
                }
                self.event(Event::Stacked {
                    unit,
                    stack: unit,
                    on_top: true,
                });
            }
            _ => {}
        }
        Ok(())
    }

    /// Stack (keywords.md): a card ready to complete may go under a stack of its player whose
    /// top card's Stack lists it: never on top, within the 4-card limit, and at most one
    /// version of each listed unique unit.
    pub(crate) fn stack_options(&mut self, side: Side) -> Flow<Vec<Choice>> {
        if !self.any_answers(Query::StacksUnder) {
            return Ok(Vec::new());
        }
        let state = &self.state;
        let ready: Vec<UnitId> = state
            .units
            .values()
            .filter(|u| u.controller == side && u.place == Place::BuildZone && !u.built)
            .filter(|u| state.top_def(u).is_unit())
            .filter(|u| u.build_counters >= state.build_cost(u))
            .map(|u| u.id)
            .collect();
        let stacks: Vec<UnitId> = state
            .units
            .values()
            .filter(|u| u.controller == side && u.built)
            .filter(|u| (u.cards.len() as u32) < state.ruleset.stack_limit)
            .map(|u| u.id)
            .collect();
        let mut options = Vec::new();
        for &unit in &ready {
            for &stack in &stacks {
                if self.may_stack_under(unit, stack)? {
                    options.push(Choice::CompleteIntoStack {
                        unit,
                        stack,
                        on_top: false,
                    });
                }
            }
        }
        Ok(options)
    }

    /// Whether the card of `unit` (being completed) may go under `stack` by its top card's
    /// Stack: a card of another name than the stack's, unique versions not repeated.
    fn may_stack_under(&mut self, unit: UnitId, stack: UnitId) -> Flow<bool> {
        let (Some(u), Some(s)) = (self.state.unit(unit), self.state.unit(stack)) else {
            return Ok(false);
        };
        let card = self.state.top_def(u);
        let name = card.unique_name();
        // A version of the stack's own unit stacks by the normal rules (game 3.6.4); a listed
        // unique unit may be there once; listed non-unique cards several times.
        let own = self
            .state
            .same_unit(self.state.top_def(s).unique_name(), name);
        let repeated = card.is_unique()
            && s.cards
                .iter()
                .any(|&c| self.state.same_unit(self.state.def(c).unique_name(), name));
        if own || repeated {
            return Ok(false);
        }
        let view = card_view(card);
        self.stack_allows(stack, view)
    }

    /// Whether a Stack ability of the top card of `stack` lets `card` be under it.
    pub(crate) fn stack_allows(&mut self, stack: UnitId, card: CardView) -> Flow<bool> {
        for a in self.answering(stack, Query::StacksUnder)? {
            let call = QueryCall::StacksUnder { card: card.clone() };
            if self.ask(&a, call)? == QueryAnswer::Flag(true) {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Completes `unit` into the stack `stack`: its card joins the stack and the damage, tapped
    /// state and attachments of the stack stay (OQ-6 (d)).
    fn join_stack(&mut self, unit: UnitId, stack: UnitId, on_top: bool) {
        if unit == stack || self.state.unit(stack).is_none() {
            return;
        }
        let Some(joining) = self.state.units.remove(&unit) else {
            return;
        };
        if let Some(target) = self.state.unit_mut(stack) {
            // Every card of the joining unit goes with it: its card, and what effects put with
            // it in the build zone (face-down cards beneath it: `put-beneath` accepts any unit),
            // which would otherwise be in no zone.
            if on_top {
                target.cards.splice(0..0, joining.cards.iter().copied());
            } else {
                target.cards.extend(&joining.cards);
            }
            target.beneath.extend(&joining.beneath);
            target.pilots.extend(&joining.pilots);
            target.equipment.extend(&joining.equipment);
        }
        self.event(Event::Stacked {
            unit,
            stack,
            on_top,
        });
    }

    /// Game 8.1: the player may retreat any number of untapped units in arenas: each taps and
    /// moves to the build zone.
    pub(crate) fn retreat_step(&mut self, side: Side) -> Flow {
        let _span = tracing::debug_span!("retreat_step", side = side.name()).entered();
        let event = HookEvent {
            side: Some(side.into()),
            ..self.hook_event()
        };
        self.hook(HookPoint::RetreatStep, event)?;
        loop {
            let mut options = vec![Choice::Pass];
            let ready: Vec<UnitId> = self
                .state
                .units
                .values()
                .filter(|u| u.controller == side && !u.tapped && u.in_arena().is_some())
                .map(|u| u.id)
                .collect();
            // An ability may forbid a unit to retreat ("Characters can't retreat.").
            for unit in ready {
                let act = Act::Retreat {
                    unit: unit.0,
                    in_retreat_step: true,
                };
                if !self.forbidden(act)? {
                    options.push(Choice::Retreat { unit });
                }
            }
            let Choice::Retreat { unit } = self.decide(side, DecisionKind::Retreat, options)?
            else {
                return Ok(());
            };
            if let Some(u) = self.state.unit_mut(unit) {
                u.tapped = true;
                u.place = Place::BuildZone;
            }
            self.event(Event::Retreated { unit });
            let event = HookEvent {
                unit: Some(unit.0),
                ..self.hook_event()
            };
            self.hook(HookPoint::UnitLeavesArena, event)?;
        }
    }
}

/// What the Stack keyword reads of a card (API 1.1 `card-view`).
pub(crate) fn card_view(def: &crate::model::CardDef) -> CardView {
    CardView {
        name: def.name.clone(),
        subtypes: def.subtypes.clone(),
        arenas: def.arenas.iter().map(|&a| a.into()).collect(),
        unique: def.is_unique(),
    }
}
