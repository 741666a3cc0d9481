//! The battle phase (game 6.3), the attack sequence (game 10), damage (game 14) and the end of
//! turn with the win check (game 6.4, 15).

use swtcg_plugin_api::{HookEvent, HookPoint, Pop};

use super::cascade::Work;
use super::{Flow, Game, Halt, StopAt};
use crate::decision::{Choice, DecisionKind};
use crate::log::{DamageWhy, Event, HitsWhy};
use crate::model::attack::{AttackDie, AttackState, DamageInstance, PendingDamage};
use crate::model::{Arena, Duration, Side, UnitId};

/// The most attack dice one attack rolls, whatever the power plugins give a unit.
const MAX_ATTACK_DICE: i64 = 1_000;

impl Game<'_> {
    /// Game 6.3.1–6.3.2: "battle phase starts" effects, then the battle phase POP.
    pub(crate) fn battle_phase_start(&mut self) -> Flow {
        self.hook(HookPoint::BattlePhaseStart, self.hook_event())?;
        self.pop(Pop::BattlePhase)
    }

    /// Game 6.3.3–6.3.8: one arena's battle step.
    pub(crate) fn battle_step(&mut self, arena: Arena) -> Flow {
        let _span = tracing::debug_span!("battle_step", arena = arena.name()).entered();
        let event = HookEvent {
            arena: Some(arena.into()),
            ..self.hook_event()
        };
        self.hook(HookPoint::BattleStepStart, event.clone())?;
        self.pop(Pop::BattleStep)?;
        // OQ-27: unless the ruleset lets units that enter the arena during its step act in it,
        // only the units present when the step starts may act.
        let present: Option<Vec<UnitId>> =
            (!self.state.ruleset.entering_units_may_act).then(|| {
                self.state
                    .units
                    .values()
                    .filter(|u| u.in_arena() == Some(arena))
                    .map(|u| u.id)
                    .collect()
            });
        while let Some(actor) = self.next_actor(arena, present.as_deref())? {
            self.act(actor, arena)?;
            self.pop(Pop::BetweenAttacks)?;
        }
        self.hook(HookPoint::BattleStepEnd, event)
    }

    /// Game 6.3.10: "battle phase ends" effects; "until end of battle" effects expire (OQ-K10).
    pub(crate) fn battle_phase_end(&mut self) -> Flow {
        self.expire(Duration::EndOfBattle);
        self.state_check()?;
        self.hook(HookPoint::BattlePhaseEnd, self.hook_event())
    }

    /// Game 6.4 and 15: "turn ends" effects, "until end of turn" effects expire, unspent build
    /// points are lost, then a player controlling two arenas wins.
    pub(crate) fn turn_end(&mut self) -> Flow {
        self.hook(HookPoint::TurnEnd, self.hook_event())?;
        self.expire(Duration::EndOfTurn);
        // Units that left play are forgotten, save those an ability's effects put off until a
        // build step still name (API 1.15 `later`: "It still triggers if the unit with Bounty
        // has left play").
        let waiting: Vec<UnitId> = self
            .state
            .at_build_step_start
            .iter()
            .filter(|s| matches!(s.what, crate::model::Saved::Later { .. }))
            .map(|s| s.unit)
            .collect();
        self.state.departed.retain(|id, _| waiting.contains(id));
        for side in Side::BOTH {
            self.state.player_mut(side).build_points = 0;
        }
        self.state_check()?;
        for arena in Arena::ALL {
            let controller = self.state.arena_controller(arena);
            self.event(Event::ArenaControl { arena, controller });
        }
        if let Some(side) = self.state.arena_winner() {
            self.state.winner = Some(side);
            self.event(Event::Winner {
                side,
                turn: self.state.turn,
            });
            return Err(Halt::GameOver);
        }
        Ok(())
    }

    /// Game 6.3.5: the untapped unit with the highest total speed acts; between players the
    /// Dark Side wins ties; between one player's units that player picks.
    fn next_actor(&mut self, arena: Arena, eligible: Option<&[UnitId]>) -> Flow<Option<UnitId>> {
        let state = &self.state;
        let ready: Vec<(UnitId, Side, i32)> = state
            .units
            .values()
            .filter(|u| !u.tapped && u.in_arena() == Some(arena))
            .filter(|u| eligible.is_none_or(|ids| ids.contains(&u.id)))
            .map(|u| (u.id, u.controller, state.total_speed(u)))
            .collect();
        let Some(fastest) = ready.iter().map(|r| r.2).max() else {
            return Ok(None);
        };
        let side = if ready.iter().any(|r| r.2 == fastest && r.1 == Side::Dark) {
            Side::Dark
        } else {
            Side::Light
        };
        let options: Vec<Choice> = ready
            .iter()
            .filter(|r| r.2 == fastest && r.1 == side)
            .map(|r| Choice::Actor { unit: r.0 })
            .collect();
        let event = HookEvent {
            arena: Some(arena.into()),
            side: Some(side.into()),
            ..self.hook_event()
        };
        self.hook(HookPoint::SelectNextActor, event)?;
        match self.decide(side, DecisionKind::ChooseActor { arena }, options)? {
            Choice::Actor { unit } => Ok(Some(unit)),
            other => Err(super::EngineError::Decision(format!(
                "expected a unit to act, got {other:?}"
            ))
            .into()),
        }
    }

    /// The units `attacker` may choose as its defender (game 10.1.1): the opponent's units in
    /// its arena that no keyword forbids it to attack.
    pub(crate) fn legal_defenders(&mut self, attacker: UnitId) -> Flow<Vec<UnitId>> {
        let Some(unit) = self.state.unit(attacker) else {
            return Ok(Vec::new());
        };
        let Some(arena) = unit.in_arena() else {
            return Ok(Vec::new());
        };
        let opponent = unit.controller.opponent();
        let mut candidates: Vec<UnitId> =
            self.state.units_in(arena, opponent).map(|u| u.id).collect();
        // Game 10.1.2: Bombard, Ion Cannon and Barrage open other arenas to the attack.
        for (other, _) in self.attack_arenas(attacker)? {
            if other != arena {
                candidates.extend(self.state.units_in(other, opponent).map(|u| u.id));
            }
        }
        let mut legal = Vec::with_capacity(candidates.len());
        for defender in candidates {
            if self.can_be_attacked(attacker, defender)? {
                legal.push(defender);
            }
        }
        Ok(legal)
    }

    /// The attacker's total power against `defender`: in another arena (Bombard...) the X of
    /// the keyword plus every change to the unit's printed power (stacking bonuses included).
    fn attack_power(&mut self, attacker: UnitId, defender: UnitId) -> Flow<i32> {
        let Some(unit) = self.state.unit(attacker) else {
            return Ok(0);
        };
        let total = self.state.total_power(unit);
        let (own, target) = (
            unit.in_arena(),
            self.state.unit(defender).and_then(|d| d.in_arena()),
        );
        if target.is_none() || own == target {
            return Ok(total);
        }
        let printed = self.state.top_def(unit).power_value();
        let base = self
            .attack_arenas(attacker)?
            .into_iter()
            .filter(|(a, _)| Some(*a) == target)
            .map(|(_, x)| x)
            .max();
        Ok(base.map_or(total, |x| {
            x.saturating_add(total.saturating_sub(printed)).max(0)
        }))
    }

    /// Game 6.3.5: the acting unit attacks, uses an ability that says "Play only when this unit
    /// would attack" instead (b), or does nothing; in every case it becomes tapped.
    fn act(&mut self, actor: UnitId, arena: Arena) -> Flow {
        self.charge_attack(Work::Action)?;
        let side = self.state.unit(actor).map_or(Side::Dark, |u| u.controller);
        let mut options: Vec<Choice> = if self.may_attack(actor)? {
            self.legal_defenders(actor)?
                .into_iter()
                .map(|defender| Choice::Attack { defender })
                .collect()
        } else {
            Vec::new()
        };
        options.extend(self.action_options(side, actor)?);
        options.push(Choice::Skip);
        let choice = self.decide(side, DecisionKind::Act { unit: actor }, options)?;
        match choice {
            Choice::Attack { defender } => {
                self.tap_actor(actor);
                self.attack(actor, defender, arena)?;
                self.attacks_again()
            }
            // The ability's cost is paid first (a [tap] cost taps the unit itself), then the
            // unit taps whatever happened.
            Choice::Activate { .. } => {
                self.play_action(actor, &choice)?;
                self.tap_actor(actor);
                Ok(())
            }
            _ => {
                self.tap_actor(actor);
                Ok(())
            }
        }
    }

    /// Whether `unit` may attack at all: no ability forbids it ("This unit can't attack if you
    /// have no units in the Space arena.", API 1.14 `forbids`).
    fn may_attack(&mut self, unit: UnitId) -> Flow<bool> {
        Ok(!self.forbidden(swtcg_plugin_api::Act::Attack { unit: unit.0 })?)
    }

    /// The acting unit becomes tapped (game 6.3.5), if it is still in play.
    fn tap_actor(&mut self, actor: UnitId) {
        if let Some(unit) = self.state.unit_mut(actor)
            && !unit.tapped
        {
            unit.tapped = true;
        }
    }

    /// Attacks effects asked for when an attack ended (Double Strike, Tenacity), each made if
    /// the attacker may still attack that defender; attacks they ask for follow in turn.
    fn attacks_again(&mut self) -> Flow {
        while !self.state.attacks_again.is_empty() {
            let (attacker, defender, tap) = self.state.attacks_again.remove(0);
            let Some(arena) = self.state.unit(attacker).and_then(|u| u.in_arena()) else {
                continue;
            };
            if !self.may_attack(attacker)? || !self.legal_defenders(attacker)?.contains(&defender) {
                continue;
            }
            if tap && let Some(unit) = self.state.unit_mut(attacker) {
                unit.tapped = true;
            }
            self.charge_attack(Work::Attack)?;
            self.attack(attacker, defender, arena)?;
        }
        Ok(())
    }

    /// Game 10: the attack sequence with its POPs P4–P9.
    fn attack(&mut self, attacker: UnitId, defender: UnitId, arena: Arena) -> Flow {
        let _span =
            tracing::debug_span!("attack", attacker = attacker.0, defender = defender.0).entered();
        // 10.1: declare. "Next attack" bonuses become bonuses for this attack.
        if let Some(unit) = self.state.unit_mut(attacker) {
            for modifier in &mut unit.modifiers {
                if modifier.duration == Duration::NextAttack {
                    modifier.duration = Duration::ThisAttack;
                }
            }
            // Granted abilities and notes "for the next attack" end with it too.
            for (_, duration) in &mut unit.granted {
                if *duration == Duration::NextAttack {
                    *duration = Duration::ThisAttack;
                }
            }
            for (_, duration) in unit.notes.values_mut() {
                if *duration == Duration::NextAttack {
                    *duration = Duration::ThisAttack;
                }
            }
        }
        self.state.attacks_declared += 1;
        self.state.attack = Some(AttackState {
            attacker,
            defender,
            arena,
            dice: Vec::new(),
            hits: 0,
            counted: false,
            secret: false,
            hidden: false,
        });
        self.event(Event::Attack { attacker, defender });
        // Static abilities that hold "as long as it's attacking ..." change with the attack's
        // start: the state check recomputes the static stats (and keyword losses) with the
        // attack in view, before anyone reads the attacker's power.
        self.state_check()?;
        self.hook(HookPoint::AttackDeclared, self.hook_event())?;
        // 10.2: the attack POP.
        self.pop(Pop::Attack)?;

        // 10.3: roll one attack die per point of the attacker's total power against the
        // defender (Shields-like changes included), never fewer than none. Accuracy-like
        // modifiers are fixed now: gained after the roll, they are too late.
        let defender = self.state.attack.as_ref().map_or(defender, |a| a.defender);
        let power = self.attack_power(attacker, defender)?;
        // Power is summed wide and capped: a plugin's extreme answer can't overflow or roll
        // millions of dice.
        let against = self.power_against(attacker, defender)?;
        let change = against.iter().map(|(_, n)| *n as i64).sum::<i64>();
        let power = (power as i64 + change).clamp(0, MAX_ATTACK_DICE) as i32;
        let modifiers = self.attack_die_modifiers(attacker, defender)?;
        let modifier = modifiers
            .iter()
            .fold(0i32, |total, (_, n)| total.saturating_add(*n));
        let secret = self.secret_roll(attacker)?;
        if let Some(attack) = self.state.attack.as_mut() {
            attack.secret = secret;
        }
        let mut dice = Vec::with_capacity(power as usize);
        for _ in 0..power {
            let value = self.roll("attack")?;
            dice.push(AttackDie {
                initial: value,
                natural: value,
                modifier,
            });
        }
        if let Some(attack) = self.state.attack.as_mut() {
            attack.dice = dice;
        }
        self.hook(HookPoint::AttackRoll, self.hook_event())?;
        self.hook(HookPoint::InitialRollTriggers, self.hook_event())?;
        // 10.4: the re-roll POP.
        self.pop(Pop::Reroll)?;

        // 10.5: count hits against the current defender.
        let defender = self.state.attack.as_ref().map_or(defender, |a| a.defender);
        let (threshold, raised_by) =
            self.hit_threshold_why(defender, swtcg_plugin_api::DiceKind::Attack)?;
        let dice: Vec<(u8, i32)> = self.state.attack.as_ref().map_or(Vec::new(), |a| {
            a.dice.iter().map(|d| (d.natural, d.modifier)).collect()
        });
        let hits = dice
            .iter()
            .filter(|(natural, modifier)| *natural as i64 + *modifier as i64 >= threshold as i64)
            .count() as u32;
        if let Some(attack) = self.state.attack.as_mut() {
            attack.hits = hits;
            attack.counted = true;
        }
        self.event(Event::Hits {
            attacker,
            hits,
            why: Some(HitsWhy {
                defender,
                dice,
                hit_on: threshold,
                raised_by,
                modifiers,
                power_against: against,
            }),
        });
        let event = HookEvent {
            amount: Some(hits as i32),
            ..self.hook_event()
        };
        self.hook(HookPoint::HitsCounted, event)?;

        // 10.6: each hit becomes one damage pending on the defender; the pending damage POP
        // (Critical Hit, Overkill) works on that instance before prevention.
        let pending = vec![PendingDamage {
            target: defender,
            amount: hits,
            prevented: 0,
            from_attack_dice: true,
            preventable: true,
            added_by: Vec::new(),
            prevented_by: Vec::new(),
        }];
        self.state.damage_instances += 1;
        let id = self.state.damage_instances;
        self.state.damage.push(DamageInstance {
            id,
            source: Some(attacker),
            pending,
        });
        let resolved = self
            .pop(Pop::PendingDamage)
            .and_then(|()| self.resolve_current_damage());
        self.state.damage.pop();
        resolved?;

        // 10.10: the attack ends: delayed effects, "when the attack ends" effects, then the
        // attack end POP.
        self.run_attack_end_effects()?;
        self.hook(HookPoint::AttackEnd, self.hook_event())?;
        self.pop(Pop::AttackEnd)?;
        self.state.attack = None;
        self.expire(Duration::ThisAttack);
        self.state_check()?;
        if self.stop == StopAt::AttackEnd {
            return Err(Halt::Stop);
        }
        Ok(())
    }

    /// Game 10.7–10.9 and 13.5: one instance of damage from `source`: it gets its own
    /// prevention and placement chances.
    pub(crate) fn resolve_damage(
        &mut self,
        source: Option<UnitId>,
        pending: Vec<PendingDamage>,
    ) -> Flow {
        self.state.damage_instances += 1;
        let id = self.state.damage_instances;
        self.state.damage.push(DamageInstance {
            id,
            source,
            pending,
        });
        let resolved = self.resolve_current_damage();
        self.state.damage.pop();
        resolved
    }

    /// The prevention POP, then counters are placed on units still in play, then discards and
    /// the placement POP, for the innermost damage instance.
    fn resolve_current_damage(&mut self) -> Flow {
        let Some(instance) = self.state.damage.last() else {
            return Ok(());
        };
        let total: u32 = instance.pending.iter().map(|p| p.amount).sum();
        let first = instance.pending.first().map(|p| p.target.0);
        let event = HookEvent {
            unit: first,
            amount: Some(total as i32),
            ..self.hook_event()
        };
        // Game 14.2: which damage prevention can reduce is known before the prevention POP, so
        // that prevention abilities can tell (Ferocity, Fortitude).
        let source = instance.source;
        let targets: Vec<UnitId> = instance.pending.iter().map(|p| p.target).collect();
        for (i, target) in targets.into_iter().enumerate() {
            let preventable = self.damage_preventable(source, target)?;
            // Written only when it changes: a write advances the state's revision, which drops
            // the plugins' answers kept for it (`abilities/memo.rs`).
            let pending = self.state.damage.last().and_then(|d| d.pending.get(i));
            if pending.is_some_and(|p| p.preventable != preventable)
                && let Some(p) = self
                    .state
                    .damage
                    .last_mut()
                    .and_then(|d| d.pending.get_mut(i))
            {
                p.preventable = preventable;
            }
        }
        self.hook(HookPoint::DamagePending, event.clone())?;
        self.pop(Pop::DamagePrevention)?;
        // Cunning: the secret attack dice are shown once their damage's prevention POP ends.
        let attack_damage = self
            .state
            .damage
            .last()
            .is_some_and(|d| d.pending.iter().any(|p| p.from_attack_dice));
        if attack_damage && let Some(attack) = self.state.attack.as_mut() {
            attack.secret = false;
        }
        let Some(instance) = self.state.damage.last().cloned() else {
            return Ok(());
        };
        // Unpreventable damage keeps its full amount.
        let placed: Vec<(UnitId, u32, Option<DamageWhy>)> = instance
            .pending
            .iter()
            .map(|p| {
                let prevented = if p.preventable {
                    p.prevented.min(p.amount)
                } else {
                    0
                };
                // Explained when something changed the damage: an ability added to it or
                // prevented some of it.
                let why = (prevented > 0 || !p.added_by.is_empty()).then(|| DamageWhy {
                    pending: p.amount,
                    prevented,
                    added_by: p.added_by.clone(),
                    prevented_by: if p.preventable {
                        p.prevented_by.clone()
                    } else {
                        Vec::new()
                    },
                });
                (p.target, p.amount - prevented, why)
            })
            .collect();
        for (target, amount, why) in placed {
            // OQ-18 / game 10.12: a unit that left play takes no damage.
            let Some(unit) = self.state.unit_mut(target) else {
                continue;
            };
            if amount == 0 || !unit.built {
                continue;
            }
            unit.damage += amount;
            self.event(Event::DamagePlaced {
                unit: target,
                amount,
                why,
            });
        }
        self.state_check()?;
        self.hook(HookPoint::DamagePlaced, event)?;
        self.pop(Pop::DamagePlacement)
    }

    /// Re-rolls one attack die of the current attack (game 11.3): its natural value changes, its
    /// initial value stays for the initial-roll triggers. Returns the new value.
    pub(crate) fn reroll_attack_die(&mut self, index: usize) -> Flow<u8> {
        let exists = self
            .state
            .attack
            .as_ref()
            .is_some_and(|a| index < a.dice.len());
        if !exists {
            return Err(
                super::EngineError::Invariant(format!("no attack die {index} to re-roll")).into(),
            );
        }
        let value = self.roll("re-roll")?;
        if let Some(die) = self
            .state
            .attack
            .as_mut()
            .and_then(|a| a.dice.get_mut(index))
        {
            die.natural = value;
        }
        Ok(value)
    }

    /// "Does X dice of damage" (game 11.4): X dice that are not attack dice; each that reaches
    /// the target's hit threshold does 1 damage from `source`, as one damage instance with its
    /// own prevention chance (game 13.5). Returns the damage pending before prevention.
    pub(crate) fn dice_of_damage(
        &mut self,
        source: Option<UnitId>,
        target: UnitId,
        dice: u32,
    ) -> Flow<u32> {
        let threshold = self.hit_threshold(target, swtcg_plugin_api::DiceKind::Damage)?;
        let mut damage = 0;
        for _ in 0..dice {
            if self.roll("dice of damage")? >= threshold {
                damage += 1;
            }
        }
        self.resolve_damage(
            source,
            vec![PendingDamage {
                target,
                amount: damage,
                prevented: 0,
                from_attack_dice: false,
                preventable: true,
                added_by: Vec::new(),
                prevented_by: Vec::new(),
            }],
        )?;
        Ok(damage)
    }

    /// A Play-or-Pass chance (game 9.2, OQ-17): players alternate, the Dark Side first; each
    /// plays one activation or passes; it ends when both pass in a row.
    pub(crate) fn pop(&mut self, pop: Pop) -> Flow {
        let _span = tracing::trace_span!("pop", pop = pop.id()).entered();
        self.hook(HookPoint::Pop(pop), self.hook_event())?;
        let mut side = if self.state.ruleset.pop_dark_side_first {
            Side::Dark
        } else {
            Side::Light
        };
        let mut passes = 0;
        // A disrupt POP ends once its play is disrupted: nothing is left to answer.
        while passes < 2 && !(pop == Pop::Disrupt && self.innermost_play_disrupted()) {
            let mut options = vec![Choice::Pass];
            options.extend(self.activation_options(side, pop)?);
            options.extend(self.battle_card_options(side, pop)?);
            // "Any time" completions (Hidden Cost) may be used in POPs that are not reserved.
            if super::completion::allows_anytime(pop) {
                options.extend(self.completion_options(side, true)?);
            }
            let choice = self.decide(side, DecisionKind::Pop { pop }, options)?;
            match choice {
                Choice::Pass => passes += 1,
                Choice::CompleteVia { .. } => {
                    passes = 0;
                    self.complete_via(side, &choice, true)?;
                }
                Choice::PlayCard { .. } => {
                    passes = 0;
                    self.play_battle_card(side, pop, &choice)?;
                }
                _ => {
                    passes = 0;
                    self.play_activation(pop, &choice)?;
                }
            }
            side = side.opponent();
        }
        Ok(())
    }

    /// Ends the modifiers of one duration.
    pub(crate) fn expire(&mut self, duration: Duration) {
        if self.state.lasting.iter().any(|l| l.duration == duration) {
            self.state.lasting.retain(|l| l.duration != duration);
        }
        // Most steps end nothing: the state is then not touched, so its revision stays.
        let ends = |u: &crate::model::Unit| {
            u.modifiers.iter().any(|m| m.duration == duration)
                || u.granted.iter().any(|(_, d)| *d == duration)
                || u.notes.values().any(|(_, d)| *d == duration)
        };
        if !self.state.units.values().any(ends) {
            return;
        }
        for unit in self.state.units.values_mut() {
            unit.modifiers.retain(|m| m.duration != duration);
            unit.granted.retain(|(_, d)| *d != duration);
            unit.notes.retain(|_, (_, d)| *d != duration);
        }
    }
}
