//! The battle phase (game 6.3), the attack sequence (game 10), damage (game 14) and the end of
//! turn with the win check (game 6.4, 15).

use swtcg_plugin_api::{HookEvent, HookPoint, Pop};

use super::{Flow, Game, Halt, StopAt};
use crate::decision::{Choice, DecisionKind};
use crate::log::Event;
use crate::model::{Arena, Duration, Side, UnitId};

/// One attack die: its natural value and what modifies its value for hit counting (game 11.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AttackDie {
    /// The natural value of the initial roll, which Fury, Focus and Backfire read (game 11.3).
    pub initial: u8,
    /// The natural value now showing, after any re-roll; Critical Hit, Parry and Riposte read it.
    pub natural: u8,
    pub modifier: i32,
}

/// The attack in progress (game 10).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AttackState {
    pub attacker: UnitId,
    pub defender: UnitId,
    pub arena: Arena,
    pub dice: Vec<AttackDie>,
    pub hits: u32,
}

/// Damage pending on one unit in one damage instance (game 10.6–10.8).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PendingDamage {
    pub target: UnitId,
    pub amount: u32,
    pub prevented: u32,
}

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
            arena: Some(arena as u8),
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
            arena: Some(arena as u8),
            side: Some(side as u8),
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

    /// The units `attacker` may choose as its defender (game 10.1.1).
    pub fn legal_defenders(&self, attacker: UnitId) -> Vec<UnitId> {
        let Some(unit) = self.state.unit(attacker) else {
            return Vec::new();
        };
        let Some(arena) = unit.in_arena() else {
            return Vec::new();
        };
        self.state
            .units_in(arena, unit.controller.opponent())
            .map(|u| u.id)
            .collect()
    }

    /// Game 6.3.5: the acting unit attacks or does nothing; either way it taps.
    fn act(&mut self, actor: UnitId, arena: Arena) -> Flow {
        let side = self.state.unit(actor).map_or(Side::Dark, |u| u.controller);
        let mut options: Vec<Choice> = self
            .legal_defenders(actor)
            .into_iter()
            .map(|defender| Choice::Attack { defender })
            .collect();
        options.push(Choice::Skip);
        let choice = self.decide(side, DecisionKind::Act { unit: actor }, options)?;
        if let Some(unit) = self.state.unit_mut(actor) {
            unit.tapped = true;
        }
        match choice {
            Choice::Attack { defender } => self.attack(actor, defender, arena),
            _ => Ok(()),
        }
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
        }
        self.attack = Some(AttackState {
            attacker,
            defender,
            arena,
            dice: Vec::new(),
            hits: 0,
        });
        self.event(Event::Attack { attacker, defender });
        self.hook(HookPoint::AttackDeclared, self.hook_event())?;
        // 10.2: the attack POP.
        self.pop(Pop::Attack)?;

        // 10.3: roll one attack die per point of the attacker's total power.
        let power = self
            .state
            .unit(attacker)
            .map_or(0, |u| self.state.total_power(u));
        let mut dice = Vec::with_capacity(power as usize);
        for _ in 0..power {
            let value = self.roll("attack")?;
            dice.push(AttackDie {
                initial: value,
                natural: value,
                modifier: 0,
            });
        }
        if let Some(attack) = self.attack.as_mut() {
            attack.dice = dice;
        }
        self.hook(HookPoint::AttackRoll, self.hook_event())?;
        self.hook(HookPoint::InitialRollTriggers, self.hook_event())?;
        // 10.4: the re-roll POP.
        self.pop(Pop::Reroll)?;

        // 10.5: count hits against the current defender.
        let defender = self.attack.as_ref().map_or(defender, |a| a.defender);
        let threshold = self.state.ruleset.hit_threshold as i32;
        let hits = self.attack.as_ref().map_or(0, |a| {
            a.dice
                .iter()
                .filter(|d| d.natural as i32 + d.modifier >= threshold)
                .count() as u32
        });
        if let Some(attack) = self.attack.as_mut() {
            attack.hits = hits;
        }
        self.event(Event::Hits { attacker, hits });
        let event = HookEvent {
            amount: Some(hits as i32),
            ..self.hook_event()
        };
        self.hook(HookPoint::HitsCounted, event)?;

        // 10.6: each hit becomes one damage pending on the defender; the pending damage POP.
        self.pop(Pop::PendingDamage)?;
        let pending = vec![PendingDamage {
            target: defender,
            amount: hits,
            prevented: 0,
        }];
        self.resolve_damage(Some(attacker), pending)?;

        // 10.10: the attack ends: delayed effects, then the attack end POP.
        self.hook(HookPoint::AttackEnd, self.hook_event())?;
        self.pop(Pop::AttackEnd)?;
        self.attack = None;
        self.expire(Duration::ThisAttack);
        self.state_check()?;
        if self.stop == StopAt::AttackEnd {
            return Err(Halt::Stop);
        }
        Ok(())
    }

    /// Game 10.7–10.9 and 13.5: one instance of damage: the prevention POP, then counters are
    /// placed on units still in play, then discards and the placement POP.
    pub(crate) fn resolve_damage(
        &mut self,
        source: Option<UnitId>,
        pending: Vec<PendingDamage>,
    ) -> Flow {
        let total: u32 = pending.iter().map(|p| p.amount).sum();
        let event = HookEvent {
            unit: pending.first().map(|p| p.target.0),
            amount: Some(total as i32),
            ..self.hook_event()
        };
        self.hook(HookPoint::DamagePending, event.clone())?;
        self.pop(Pop::DamagePrevention)?;
        for packet in &pending {
            let amount = packet.amount.saturating_sub(packet.prevented);
            // OQ-18 / game 10.12: a unit that left play takes no damage.
            let Some(unit) = self.state.unit_mut(packet.target) else {
                continue;
            };
            if amount == 0 || !unit.built {
                continue;
            }
            unit.damage += amount;
            self.event(Event::DamagePlaced {
                unit: packet.target,
                amount,
            });
        }
        let _ = source;
        self.state_check()?;
        self.hook(HookPoint::DamagePlaced, event)?;
        self.pop(Pop::DamagePlacement)
    }

    /// Re-rolls one attack die of the current attack (game 11.3): its natural value changes, its
    /// initial value stays for the initial-roll triggers. Returns the new value.
    #[cfg_attr(
        not(test),
        expect(
            dead_code,
            reason = "applied by the plugin host's effects, which come next"
        )
    )]
    pub(crate) fn reroll_attack_die(&mut self, index: usize) -> Flow<u8> {
        let exists = self.attack.as_ref().is_some_and(|a| index < a.dice.len());
        if !exists {
            return Err(
                super::EngineError::Invariant(format!("no attack die {index} to re-roll")).into(),
            );
        }
        let value = self.roll("re-roll")?;
        if let Some(die) = self.attack.as_mut().and_then(|a| a.dice.get_mut(index)) {
            die.natural = value;
        }
        Ok(value)
    }

    /// "Does X dice of damage" (game 11.4): X dice that are not attack dice; each that reaches
    /// the hit threshold does 1 damage from `source` to `target`, as one damage instance with
    /// its own prevention chance (game 13.5). Returns the damage pending before prevention.
    #[cfg_attr(
        not(test),
        expect(
            dead_code,
            reason = "applied by the plugin host's effects, which come next"
        )
    )]
    pub(crate) fn dice_of_damage(
        &mut self,
        source: Option<UnitId>,
        target: UnitId,
        dice: u32,
    ) -> Flow<u32> {
        let threshold = self.state.ruleset.hit_threshold;
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
            }],
        )?;
        Ok(damage)
    }

    /// A Play-or-Pass chance (game 9.2, OQ-17): players alternate, the Dark Side first; each
    /// plays one thing or passes; it ends when both pass in a row.
    pub(crate) fn pop(&mut self, pop: Pop) -> Flow {
        let _span = tracing::trace_span!("pop", pop = pop.id()).entered();
        self.hook(HookPoint::Pop(pop), self.hook_event())?;
        let mut side = if self.state.ruleset.pop_dark_side_first {
            Side::Dark
        } else {
            Side::Light
        };
        let mut passes = 0;
        while passes < 2 {
            // No ability can be played yet: the options are the pass alone, which the players
            // are asked only when they want to see it (a script checking an act).
            let choice = self.decide(side, DecisionKind::Pop { pop }, vec![Choice::Pass])?;
            passes = if choice == Choice::Pass {
                passes + 1
            } else {
                0
            };
            side = side.opponent();
        }
        Ok(())
    }

    /// Ends the modifiers of one duration.
    fn expire(&mut self, duration: Duration) {
        for unit in self.state.units.values_mut() {
            unit.modifiers.retain(|m| m.duration != duration);
        }
    }
}
