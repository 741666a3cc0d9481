//! The game loop: runs setup, turns, phases and steps, asking players and abilities at each point.
//!
//! Control flow: every step function returns `Flow`, so `?` carries three ways out of the
//! nested rules: a scenario's stop point was reached, the game is over, or an error stopped it.
//! The log and the state stay readable after any of them.

mod abilities;
mod battle;
mod cascade;
mod command;
mod completion;
mod costs;
mod event_zone;
mod locations;
mod played;
mod resources;
mod revision;
mod setup;
mod stats;

use std::sync::Arc;

use swtcg_plugin_api::{HookEvent, HookPoint};
use tracing::{debug, trace};

use crate::decision::{Choice, Decider, Decision, DecisionKind};
use crate::hooks::{AbilityHost, HookError};
use crate::log::{DiscardWhy, Event, GameLog, LogEntry, LogHeader};
use crate::model::{Arena, CardDef, CardId, CardType, GameState, Side, UnitId, state::TurnStep};
use crate::rng::DiceError;
use crate::ruleset::Ruleset;
pub use revision::TrackedState;

pub use abilities::ActiveAbility;
pub use abilities::ResolvedTexts;
pub use abilities::{card_plugin_for, claim_game};

/// Where a run stops early (the conformance format's `stop`), or `Never` for a whole game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StopAt {
    Never,
    AttackEnd,
    StepEnd,
    PhaseEnd,
    TurnEnd,
}

/// How a run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// A player controlled two arenas at the end of a turn (game 15.1).
    Winner(Side),
    /// The ruleset's turn limit was reached with no winner.
    TurnLimit,
    /// The run reached its stop point.
    Stopped,
    /// A player left the game before it ended (quit or conceded at a decision): the log ends
    /// with an `abandoned` entry, and a replay of it ends there.
    Abandoned(Side),
}

/// Why a game could not go on. The state is left as it was when the error happened.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EngineError {
    #[error(transparent)]
    Dice(#[from] DiceError),
    #[error("{0}")]
    Decision(String),
    #[error(transparent)]
    Hook(#[from] HookError),
    #[error("game state invariant broken: {0}")]
    Invariant(String),
    /// A ruleset limit on the cascade of effects was reached where no one plugin's call is to
    /// blame (units acting again and again in one battle step).
    #[error("{0}")]
    Limit(String),
}

/// The three ways out of a step, carried by `?`.
#[derive(Debug)]
pub(crate) enum Halt {
    Stop,
    GameOver,
    Error(EngineError),
}

impl<E: Into<EngineError>> From<E> for Halt {
    fn from(err: E) -> Self {
        Halt::Error(err.into())
    }
}

pub(crate) type Flow<T = ()> = Result<T, Halt>;

/// Where a unit leaving play goes: its owners' discard piles (game 14.4), back to the supply (a
/// Subordinate, game 16.5: "Return this unit to your supply"), or out of the game (game 4.6).
pub(crate) enum Leaving {
    Discarded(DiscardWhy),
    ToSupply,
    RemovedFromGame,
}

/// The order of the steps of a turn (game 6).
const TURN: [TurnStep; 11] = [
    TurnStep::Ready,
    TurnStep::Build(Side::Dark),
    TurnStep::Build(Side::Light),
    TurnStep::Retreat(Side::Dark),
    TurnStep::Retreat(Side::Light),
    TurnStep::BattlePhaseStart,
    TurnStep::Battle(Arena::Space),
    TurnStep::Battle(Arena::Ground),
    TurnStep::Battle(Arena::Character),
    TurnStep::BattlePhaseEnd,
    TurnStep::TurnEnd,
];

/// A game in progress: the state, its log, and the players and abilities it asks.
pub struct Game<'a> {
    /// The state, with a revision that every change advances (`revision.rs`).
    pub state: TrackedState,
    pub log: GameLog,
    host: &'a mut dyn AbilityHost,
    players: &'a mut dyn Decider,
    stop: StopAt,
    /// How often each hook point was reached, by `HookPoint::index`.
    hook_counts: Vec<u64>,
    parse_cache: abilities::ParseCache,
    /// How many `choose` effects are being resolved inside one another.
    choice_depth: u32,
    /// The options picked in the offers being resolved inside one another, each with the
    /// ability whose offer it was: what `chosen-before` answers that ability (API 1.20).
    picked: Vec<(abilities::Picker, u32)>,
    /// How deeply effects are nested now and what the current step has resolved, against the
    /// ruleset's limits.
    cascade: cascade::Cascade,
    /// The units in the order their abilities are collected (Dark Side's first, game 13.4.3),
    /// each with what its instances may be called for at `unit_order_at`'s revision, a list
    /// kept between hooks so that reaching one allocates nothing for it.
    unit_order: Vec<(Side, UnitId, abilities::Subscriptions)>,
    /// The revision of the state `unit_order` was made at, with what the instances of every
    /// unit in it may be called for, looked at once per revision: a hook or query none of them
    /// may answer collects nothing without a look at each unit (most hooks, with decks of few
    /// abilities).
    unit_order_at: Option<(u64, abilities::Subscriptions)>,
    /// The instances asked at a hook, a list kept between hooks for the same reason.
    hook_instances: Vec<abilities::ActiveAbility>,
    /// Each unit's instances, by unit id, kept while what they are built from is unchanged.
    unit_instances: Vec<Option<abilities::UnitInstances>>,
    /// Answers of static queries kept while the state is unchanged (`abilities/memo.rs`).
    query_memo: abilities::QueryMemo,
    /// The revision at which lost keywords and static stats were last refreshed with nothing
    /// written and nothing logged: a state check at that revision would find the same answers
    /// (the plugins' answers are a function of the state, as the memo assumes), so it skips them.
    statics_fresh_at: Option<u64>,
}

impl<'a> Game<'a> {
    /// A game over an already built state (scenarios build theirs by hand).
    pub fn new(
        state: GameState,
        header: LogHeader,
        host: &'a mut dyn AbilityHost,
        players: &'a mut dyn Decider,
    ) -> Self {
        host.new_game();
        Game {
            state: TrackedState::new(state),
            log: GameLog::new(header),
            host,
            players,
            stop: StopAt::Never,
            hook_counts: vec![0; HookPoint::ALL.len()],
            parse_cache: Default::default(),
            choice_depth: 0,
            picked: Vec::new(),
            cascade: Default::default(),
            unit_order: Vec::new(),
            unit_order_at: None,
            hook_instances: Vec::new(),
            unit_instances: Vec::new(),
            query_memo: Default::default(),
            statics_fresh_at: None,
        }
    }

    /// A new game between two decks: cards are created, decks shuffled with the seeded
    /// generator, and the log header written. Call `play` to run it. A deck's Subordinates
    /// and Events are its player's supply (game 4.7, 16.3, 16.5), never shuffled into the deck.
    pub fn from_decks(
        decks: [Vec<Arc<CardDef>>; 2],
        seed: u64,
        ruleset: Arc<Ruleset>,
        host: &'a mut dyn AbilityHost,
        players: &'a mut dyn Decider,
    ) -> Self {
        let header = LogHeader::new(seed, (*ruleset).clone(), decks.clone(), host.fingerprints());
        let mut state = GameState::new(ruleset, seed);
        for side in Side::BOTH {
            for def in &decks[side.index()] {
                let card = state.new_card(def.clone(), side);
                let player = state.player_mut(side);
                match def.card_type {
                    CardType::Subordinate | CardType::Event => player.supply.push(card),
                    _ => player.deck.push(card),
                }
            }
            let mut deck = std::mem::take(&mut state.player_mut(side).deck);
            state.dice.rng().shuffle(&mut deck);
            state.player_mut(side).deck = deck;
        }
        Game::new(state, header, host, players)
    }

    /// Plays a whole game: setup, then turns until a winner or the ruleset's turn limit.
    pub fn play(&mut self) -> Result<Outcome, EngineError> {
        self.stop = StopAt::Never;
        let result = self.setup().and_then(|()| {
            loop {
                if self.state.turn >= self.state.ruleset.turn_limit {
                    self.event(Event::TurnLimit {
                        turn: self.state.turn,
                    });
                    return Ok(Outcome::TurnLimit);
                }
                self.state.turn += 1;
                self.run_steps(0)?;
            }
        });
        self.finish(result)
    }

    /// Runs from the start of `step` of the current turn until `stop` (scenarios).
    pub fn run_from(&mut self, step: TurnStep, stop: StopAt) -> Result<Outcome, EngineError> {
        self.run_turns_from(step, stop, 1)
    }

    /// Runs from the start of `step` of the current turn for `turns` turns: the current turn to
    /// its end, then whole turns, honouring `stop` in the last one only (scenarios whose effects
    /// last into a later turn). A win ends the run early.
    pub fn run_turns_from(
        &mut self,
        step: TurnStep,
        stop: StopAt,
        turns: u32,
    ) -> Result<Outcome, EngineError> {
        let turns = turns.max(1);
        self.stop = if turns == 1 { stop } else { StopAt::Never };
        let start = TURN.iter().position(|s| *s == step).unwrap_or(0);
        // Static keyword bonuses and losses hold from the first moment of a hand-built
        // position.
        let result = self
            .refresh_aura_grants()
            .and_then(|()| self.refresh_lost_keywords())
            .and_then(|()| self.refresh_treated_subtypes())
            .and_then(|()| self.refresh_static_stats())
            .and_then(|()| self.refresh_cost_changes())
            .and_then(|()| self.run_steps(start))
            .and_then(|()| {
                for later in 2..=turns {
                    if later == turns {
                        self.stop = stop;
                    }
                    self.state.turn += 1;
                    self.run_steps(0)?;
                }
                Ok(())
            })
            .map(|()| Outcome::Stopped);
        self.finish(result)
    }

    fn finish(&mut self, result: Flow<Outcome>) -> Result<Outcome, EngineError> {
        match result {
            Ok(outcome) => Ok(outcome),
            Err(Halt::Stop) => Ok(Outcome::Stopped),
            Err(Halt::GameOver) => match self.state.winner {
                Some(side) => Ok(Outcome::Winner(side)),
                None => Err(EngineError::Invariant(
                    "the game ended without a winner".into(),
                )),
            },
            Err(Halt::Error(err)) => Err(err),
        }
    }

    /// Runs the steps of the current turn from `TURN[start]` to the end of the turn, honouring
    /// the stop point.
    fn run_steps(&mut self, start: usize) -> Flow {
        let first = TURN[start];
        for &step in &TURN[start..] {
            self.state.step = step;
            match step {
                TurnStep::Setup => {}
                TurnStep::Ready => self.ready_phase()?,
                TurnStep::Build(side) => self.build_step(side)?,
                TurnStep::Retreat(side) => self.retreat_step(side)?,
                TurnStep::BattlePhaseStart => self.battle_phase_start()?,
                TurnStep::Battle(arena) => self.battle_step(arena)?,
                TurnStep::BattlePhaseEnd => self.battle_phase_end()?,
                TurnStep::TurnEnd => self.turn_end()?,
            }
            let phase_over = matches!(
                step,
                TurnStep::Retreat(Side::Light) | TurnStep::BattlePhaseEnd | TurnStep::Ready
            );
            let stop = match self.stop {
                // A run that stops at the end of an attack ends with its step if no attack came.
                StopAt::StepEnd | StopAt::AttackEnd => step == first,
                StopAt::PhaseEnd => phase_over,
                StopAt::TurnEnd => step == TurnStep::TurnEnd,
                StopAt::Never => false,
            };
            if stop {
                return Err(Halt::Stop);
            }
        }
        Ok(())
    }

    /// Reaches a hook point outside the game loop, with the event the loop would give it now
    /// (the turn and the attack in progress), and applies what the subscribed plugins propose.
    /// For benchmarks and tools that measure or probe one hook on a built position.
    pub fn reach_hook(&mut self, hook: HookPoint) -> Result<(), EngineError> {
        let event = self.hook_event();
        match self.hook(hook, event) {
            Ok(()) | Err(Halt::Stop | Halt::GameOver) => Ok(()),
            Err(Halt::Error(err)) => Err(err),
        }
    }

    /// How often each hook point has been reached in this game.
    pub fn hook_count(&self, hook: HookPoint) -> u64 {
        self.hook_counts[hook.index()]
    }

    // ----- the engine's primitives: events, dice, decisions, hooks -----

    pub(crate) fn event(&mut self, event: Event) {
        debug!(?event, "event");
        self.log.push(LogEntry::Event { event });
    }

    /// Rolls one die from the game's dice and logs it.
    pub(crate) fn roll(&mut self, purpose: &str) -> Flow<u8> {
        let value = self.state.dice.roll(purpose)?;
        trace!(purpose, value, "die");
        self.log.push(LogEntry::Die {
            purpose: purpose.to_string(),
            value,
        });
        Ok(value)
    }

    /// Asks `player` to choose one of `items`, offered as numbered options with the text
    /// `label` gives each, in the order given (and a pass after them if `may_pass`). `None`
    /// when there is none to choose or the player passes.
    pub(crate) fn decide_among<T: Copy>(
        &mut self,
        player: Side,
        kind: DecisionKind,
        items: &[T],
        label: impl Fn(&GameState, T) -> String,
        may_pass: bool,
    ) -> Flow<Option<T>> {
        if items.is_empty() {
            return Ok(None);
        }
        let mut options: Vec<Choice> = items
            .iter()
            .enumerate()
            .map(|(i, &item)| Choice::Option {
                index: i as u32 + 1,
                text: label(&self.state, item),
            })
            .collect();
        if may_pass {
            options.push(Choice::Pass);
        }
        Ok(match self.decide(player, kind, options)? {
            Choice::Option { index, .. } => items.get(index as usize - 1).copied(),
            _ => None,
        })
    }

    /// Asks `player` to choose among `options`. A decision with a single option is answered
    /// without asking unless the decider wants to see it (a script may want to refuse an act).
    pub(crate) fn decide(
        &mut self,
        player: Side,
        kind: DecisionKind,
        options: Vec<Choice>,
    ) -> Flow<Choice> {
        let decision = Decision {
            player,
            kind,
            options,
        };
        let trivial = decision.options.len() <= 1
            && !matches!(
                decision.kind,
                DecisionKind::Act { .. } | DecisionKind::BuildAction | DecisionKind::Retreat
            );
        if trivial && !self.players.wants_trivial(&self.state, &decision) {
            return Ok(decision.options.into_iter().next().unwrap_or(Choice::Pass));
        }
        self.players.observe(&self.log.entries);
        // Cunning: while the attack dice are secret, the defending player decides on a view
        // of the game without them.
        let index = self
            .players
            .decide(&seen_by(&self.state, player), &decision)
            .map_err(|err| EngineError::Decision(err.0))?;
        let Decision {
            player,
            kind,
            mut options,
        } = decision;
        if index >= options.len() {
            return Err(EngineError::Decision(format!(
                "{player} answered option {index} of {} for {}",
                options.len(),
                kind.describe()
            ))
            .into());
        }
        let choice = options.swap_remove(index);
        debug!(side = %player, kind = kind.describe(), ?choice, "decision");
        self.log.push(LogEntry::Decision {
            side: player,
            kind,
            choice: choice.clone(),
            trivial,
        });
        Ok(choice)
    }

    /// Reaches a hook point: it is counted and traced, and the subscribed plugins are asked.
    pub(crate) fn hook(&mut self, hook: HookPoint, event: HookEvent) -> Flow {
        self.hook_counts[hook.index()] += 1;
        let _span = tracing::trace_span!("hook", hook = hook.name()).entered();
        trace!(?event, "hook reached");
        // The start of a build step also runs the effects saved for it (Bounty), which no
        // plugin needs to subscribe to.
        let saved = hook == HookPoint::BuildStepStart
            && self
                .state
                .at_build_step_start
                .iter()
                .any(|s| Some(s.side.into()) == event.side);
        if !self.host.any_subscribed(hook) && !saved {
            return Ok(());
        }
        self.dispatch_hook(hook, &event)
    }

    /// The small event record for a hook, filled with the current turn and attack.
    pub(crate) fn hook_event(&self) -> HookEvent {
        HookEvent {
            turn: self.state.turn,
            attacker: self.state.attack.as_ref().map(|a| a.attacker.0),
            defender: self.state.attack.as_ref().map(|a| a.defender.0),
            // The attack's arena, else the arena whose battle step is running (POPs P2, P3).
            arena: self
                .state
                .attack
                .as_ref()
                .map(|a| a.arena.into())
                .or(match self.state.step {
                    TurnStep::Battle(arena) => Some(arena.into()),
                    _ => None,
                }),
            ..HookEvent::default()
        }
    }

    /// Draws a card for `side`; an empty deck does nothing (OQ-23) or loses the game.
    pub(crate) fn draw(&mut self, side: Side) -> Flow {
        let player = self.state.player_mut(side);
        if player.deck.is_empty() {
            if self.state.ruleset.empty_deck_draw_does_nothing {
                return Ok(());
            }
            self.state.winner = Some(side.opponent());
            self.event(Event::Winner {
                side: side.opponent(),
                turn: self.state.turn,
            });
            return Err(Halt::GameOver);
        }
        let card = player.deck.remove(0);
        player.hand.push(card);
        self.event(Event::Drew { side });
        Ok(())
    }

    /// Discards every unit whose damage reached its health, and the later of two unstacked
    /// units of one unique name (game 14.3, 3.5.3). Runs after every change that could matter.
    pub(crate) fn state_check(&mut self) -> Flow {
        self.hook(HookPoint::StateCheck, self.hook_event())?;
        self.refresh_statics()?;
        self.check_listed_stack_cards()?;
        loop {
            let doomed: Vec<UnitId> = self
                .state
                .units
                .values()
                // Only units have health: a completed Equipment waiting in the build zone, or a
                // completed Mission resolving there, is no unit (game 16.2, 7.4).
                .filter(|u| {
                    u.built
                        && self.state.top_def(u).is_unit()
                        && self.state.total_health(u) <= u.damage as i32
                })
                .map(|u| u.id)
                .collect();
            // Project open question P-1: units whose damage reaches their health at one moment
            // (two discarded by one damage instance) leave together, or one at a time with
            // each one's hooks in between (the default).
            if doomed.len() > 1 && self.state.ruleset.simultaneous_discards {
                self.discard_units_together(&doomed)?;
                continue;
            }
            let doomed = match doomed.first() {
                Some(&id) => Some((id, self.damage_why(id))),
                None => self
                    .state
                    .uniqueness_conflict()
                    .map(|id| (id, DiscardWhy::Unique)),
            };
            match doomed {
                Some((id, why)) => self.discard_unit(id, why)?,
                None => return Ok(()),
            }
        }
    }

    /// Refreshes the abilities auras give units, the keywords units lose, their static stat
    /// changes and the build cost changes of cards being built, unless the last refresh
    /// was at this revision and changed nothing. A refresh that wrote something is not the
    /// last word: lost keywords are read with the losses of the previous check, so the next
    /// check runs again on the new state, as it always did.
    fn refresh_statics(&mut self) -> Flow {
        let revision = self.state.revision();
        if self.statics_fresh_at == Some(revision) {
            return Ok(());
        }
        let logged = self.log.entries.len();
        self.refresh_aura_grants()?;
        self.refresh_lost_keywords()?;
        self.refresh_treated_subtypes()?;
        self.refresh_static_stats()?;
        self.refresh_cost_changes()?;
        if self.state.revision() == revision && self.log.entries.len() == logged {
            self.statics_fresh_at = Some(revision);
        }
        Ok(())
    }

    /// Stack (keywords.md): a card under a stack by its top card's Stack, whose top no longer
    /// lets it be there (the Stack card lost the ability or is no longer on top), goes to its
    /// owner's discard pile.
    fn check_listed_stack_cards(&mut self) -> Flow {
        // Without a plugin answering `stacks-under`, no stack can hold cards of other names.
        if !self.any_answers(swtcg_plugin_api::Query::StacksUnder) {
            return Ok(());
        }
        let mut strays: Vec<(UnitId, CardId)> = Vec::new();
        let mixed: Vec<(UnitId, Vec<CardId>)> = self
            .state
            .units
            .values()
            .filter(|u| u.cards.len() > 1)
            .map(|u| {
                let top = self.state.top_def(u).unique_name();
                let listed = u.cards[1..]
                    .iter()
                    .copied()
                    .filter(|&c| !self.state.same_unit(self.state.def(c).unique_name(), top))
                    .collect();
                (u.id, listed)
            })
            .filter(|(_, listed): &(UnitId, Vec<CardId>)| !listed.is_empty())
            .collect();
        for (stack, listed) in mixed {
            for card in listed {
                let view = command::card_view(self.state.def(card));
                if !self.stack_allows(stack, view)? {
                    strays.push((stack, card));
                }
            }
        }
        for (stack, card) in strays {
            if let Some(u) = self.state.unit_mut(stack) {
                u.cards.retain(|&c| c != card);
            }
            self.state.discard_card(card);
            let name = self.state.def(card).name.clone();
            self.event(Event::CardDiscarded {
                card,
                name,
                from: stack,
            });
        }
        Ok(())
    }

    /// Why a unit whose damage reached its health is discarded: the two numbers.
    fn damage_why(&self, id: UnitId) -> DiscardWhy {
        match self.state.unit(id) {
            Some(unit) => DiscardWhy::Damage {
                damage: unit.damage,
                health: self.state.total_health(unit),
            },
            None => DiscardWhy::Damage {
                damage: 0,
                health: 0,
            },
        }
    }

    /// Puts the completed card `unit` of `side` at `place`, where a player may have at most
    /// `limit` cards (a Location's arena, OQ-24; the Resource zone, P-2): if they have that many
    /// there, the oldest go to their owners' discard piles first, each logged as `replaced`
    /// says (the ruleset's `replace`; its `refuse` never lets the card come here).
    pub(crate) fn place_within_limit(
        &mut self,
        side: Side,
        unit: UnitId,
        place: crate::model::Place,
        limit: usize,
        replaced: fn(UnitId, UnitId, String) -> Event,
    ) -> Flow {
        loop {
            let there: Vec<UnitId> = self.state.held_at(side, place).map(|u| u.id).collect();
            if there.is_empty() || there.len() < limit {
                break;
            }
            let name = self.state.unit_label(there[0]);
            self.event(replaced(there[0], unit, name));
            self.discard_unit(there[0], DiscardWhy::Replaced)?;
        }
        if let Some(u) = self.state.unit_mut(unit) {
            u.built = true;
            u.place = place;
        }
        Ok(())
    }

    /// Puts a unit's cards into their owners' discard piles (game 14.4, OQ-22), for the reason
    /// `why`, which the log gives.
    pub(crate) fn discard_unit(&mut self, id: UnitId, why: DiscardWhy) -> Flow {
        match self.leave_play(id, why) {
            Some(unit) => self.discarded_hooks(id, &unit),
            None => Ok(()),
        }
    }

    /// Units discarded at one moment (`simultaneous_discards`): all leave play first, then the
    /// hooks of each run, so that each sees the others gone.
    fn discard_units_together(&mut self, ids: &[UnitId]) -> Flow {
        let whys: Vec<DiscardWhy> = ids.iter().map(|&id| self.damage_why(id)).collect();
        let gone: Vec<(UnitId, crate::model::Unit)> = ids
            .iter()
            .zip(whys)
            .filter_map(|(&id, why)| self.leave_play(id, why).map(|unit| (id, unit)))
            .collect();
        for (id, unit) in &gone {
            self.discarded_hooks(*id, unit)?;
        }
        Ok(())
    }

    /// A unit that leaves play without being discarded to pay a cost ("Return this unit to your
    /// supply", "Remove Maul from the game"): it leaves its arena, and no "when discarded"
    /// ability hears it.
    pub(crate) fn leave_play_as_cost(&mut self, id: UnitId, leaving: Leaving) -> Flow {
        let Some(unit) = self.leave_play_to(id, leaving) else {
            return Ok(());
        };
        if unit.is_location() || unit.is_campaign() || unit.is_event() {
            return Ok(());
        }
        match unit.in_arena() {
            Some(arena) => {
                let event = HookEvent {
                    unit: Some(id.0),
                    side: Some(unit.controller.into()),
                    arena: Some(arena.into()),
                    ..self.hook_event()
                };
                self.hook(HookPoint::UnitLeavesArena, event)
            }
            None => Ok(()),
        }
    }

    /// Takes a unit out of play into its owners' discard piles (game 14.4) and logs it; its
    /// hooks are the caller's. The unit as it last was, or none if it was not in play.
    fn leave_play(&mut self, id: UnitId, why: DiscardWhy) -> Option<crate::model::Unit> {
        self.leave_play_to(id, Leaving::Discarded(why))
    }

    /// Takes a unit out of play as `leaving` says and logs it; its hooks are the caller's. The
    /// unit as it last was, or none if it was not in play.
    fn leave_play_to(&mut self, id: UnitId, leaving: Leaving) -> Option<crate::model::Unit> {
        let unit = self.state.units.remove(&id)?;
        self.state.departed.insert(id, unit.clone());
        let name = self.state.def(unit.top()).name.clone();
        let mut leaving_cards: Vec<_> = unit.cards.clone();
        leaving_cards.extend(&unit.beneath);
        // OQ-22 (game 14.4): the unit's Equipment goes to its owners' discard piles with it.
        leaving_cards.extend(&unit.equipment);
        if self.state.ruleset.pilots_discarded_with_unit {
            leaving_cards.extend(&unit.pilots);
        } else {
            // The pilots stay in play as units of their own in their owner's build zone.
            for &pilot in &unit.pilots {
                let owner = self.state.owner(pilot);
                self.state.add_unit(crate::model::Unit {
                    tapped: true,
                    ..crate::model::Unit::new(owner, pilot, crate::model::Place::BuildZone)
                });
            }
        }
        // Removed from the game (game 4.6), the unit's own cards go with it; what was attached
        // to it is discarded.
        let removed = match leaving {
            Leaving::RemovedFromGame => unit.cards.len() + unit.beneath.len(),
            _ => 0,
        };
        for (at, card) in leaving_cards.into_iter().enumerate() {
            if at < removed {
                let owner = self.state.owner(card);
                self.state.player_mut(owner).removed.push(card);
            } else {
                self.state.discard_card(card);
            }
        }
        match leaving {
            Leaving::Discarded(why) => self.event(Event::Discarded {
                unit: id,
                name,
                why: Some(why),
            }),
            Leaving::ToSupply => self.event(Event::LeftPlay {
                unit: id,
                name,
                to: crate::log::LeftTo::Supply,
            }),
            Leaving::RemovedFromGame => self.event(Event::LeftPlay {
                unit: id,
                name,
                to: crate::log::LeftTo::RemovedFromGame,
            }),
        }
        Some(unit)
    }

    /// The hooks of a unit that was discarded: it left its arena, and it was discarded.
    fn discarded_hooks(&mut self, id: UnitId, unit: &crate::model::Unit) -> Flow {
        // A Location, a Campaign or an Event is no unit: abilities about units leaving play or
        // being discarded (Avenge, "when this unit is discarded") are not about it (game 16.1,
        // 16.3, 16.6).
        if unit.is_location() || unit.is_campaign() || unit.is_event() {
            return Ok(());
        }
        // The discarded unit's side and arena: it is gone from play when its hooks run.
        let event = HookEvent {
            unit: Some(id.0),
            side: Some(unit.controller.into()),
            arena: unit.in_arena().map(Into::into),
            ..self.hook_event()
        };
        if unit.in_arena().is_some() {
            self.hook(HookPoint::UnitLeavesArena, event.clone())?;
        }
        self.hook(HookPoint::UnitDiscarded, event)
    }
}

/// The game as `player` may see it now: the whole game, or `secret_view` while the attack dice
/// of an attacker of the other player are secret (Cunning).
pub(crate) fn seen_by(state: &GameState, player: Side) -> std::borrow::Cow<'_, GameState> {
    let hidden = state
        .attack
        .as_ref()
        .filter(|a| a.secret)
        .and_then(|a| state.unit(a.attacker))
        .is_some_and(|u| u.controller != player);
    if hidden {
        std::borrow::Cow::Owned(secret_view(state))
    } else {
        std::borrow::Cow::Borrowed(state)
    }
}

/// The game as the opponent of a Cunning attacker sees it while the dice are secret: the dice,
/// the hits and the damage they made are not shown.
pub fn secret_view(state: &GameState) -> GameState {
    let mut view = state.clone();
    if let Some(attack) = view.attack.as_mut() {
        attack.hidden = true;
        for die in &mut attack.dice {
            *die = crate::model::attack::AttackDie {
                initial: 0,
                natural: 0,
                modifier: 0,
            };
        }
        attack.hits = 0;
    }
    for instance in &mut view.damage {
        for pending in instance.pending.iter_mut().filter(|p| p.from_attack_dice) {
            pending.amount = 0;
            pending.prevented = 0;
        }
    }
    view
}

#[cfg(test)]
mod tests;
