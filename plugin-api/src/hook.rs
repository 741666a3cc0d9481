//! Hook points: every Play-or-Pass chance (POP) and game moment where abilities are asked what they do.

use serde::{Deserialize, Serialize};

use crate::types::{Arena, Side};

/// The ten Play-or-Pass chances of game 9.3, by their rule ids P1–P10.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Pop {
    /// P1: after "battle phase starts" effects.
    BattlePhase,
    /// P2: after each arena's "battle step starts" effects.
    BattleStep,
    /// P3: after each unit has acted and its attack-end effects resolved.
    BetweenAttacks,
    /// P4: after the attack is declared and "when attacks / is attacked" effects.
    Attack,
    /// P5 (reserved): after the attack dice are rolled and initial-roll triggers resolved.
    Reroll,
    /// P6: hits are assigned and turned into pending damage.
    PendingDamage,
    /// P7 (reserved): before damage counters are placed.
    DamagePrevention,
    /// P8: counters are placed and discards checked.
    DamagePlacement,
    /// P9: after "when the attack ends" effects.
    AttackEnd,
    /// P10 (reserved): after a card or ability is announced and paid, before it resolves.
    Disrupt,
}

impl Pop {
    pub const ALL: [Pop; 10] = [
        Pop::BattlePhase,
        Pop::BattleStep,
        Pop::BetweenAttacks,
        Pop::Attack,
        Pop::Reroll,
        Pop::PendingDamage,
        Pop::DamagePrevention,
        Pop::DamagePlacement,
        Pop::AttackEnd,
        Pop::Disrupt,
    ];

    /// The rule id, `P1` to `P10`.
    pub fn id(self) -> &'static str {
        match self {
            Pop::BattlePhase => "P1",
            Pop::BattleStep => "P2",
            Pop::BetweenAttacks => "P3",
            Pop::Attack => "P4",
            Pop::Reroll => "P5",
            Pop::PendingDamage => "P6",
            Pop::DamagePrevention => "P7",
            Pop::DamagePlacement => "P8",
            Pop::AttackEnd => "P9",
            Pop::Disrupt => "P10",
        }
    }

    /// The name used in the IDC keyword texts.
    pub fn name(self) -> &'static str {
        match self {
            Pop::BattlePhase => "battle phase POP",
            Pop::BattleStep => "battle step POP",
            Pop::BetweenAttacks => "between-attacks POP",
            Pop::Attack => "attack POP",
            Pop::Reroll => "re-roll POP",
            Pop::PendingDamage => "pending damage POP",
            Pop::DamagePrevention => "damage prevention POP",
            Pop::DamagePlacement => "damage placement POP",
            Pop::AttackEnd => "attack end POP",
            Pop::Disrupt => "disrupt POP",
        }
    }

    /// Reserved POPs admit only their own kind of effect (game 9.4).
    pub fn is_reserved(self) -> bool {
        matches!(self, Pop::Reroll | Pop::DamagePrevention | Pop::Disrupt)
    }
}

/// Every point in the game where the engine asks the registered abilities what they propose
/// (game 17). The names are stable: manifests subscribe to them by `name()`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum HookPoint {
    SetupStart,
    SetupUnitPlaced,
    SetupEnd,
    TurnStart,
    UntapStep,
    GainForceStep,
    BuildRoll,
    BuildStepStart,
    BuildAction,
    BuildStepEnd,
    RetreatStep,
    BattlePhaseStart,
    BattleStepStart,
    SelectNextActor,
    AttackDeclared,
    AttackRoll,
    InitialRollTriggers,
    HitsCounted,
    DamagePending,
    DamagePlaced,
    UnitDiscarded,
    AttackEnd,
    BattleStepEnd,
    BattlePhaseEnd,
    TurnEnd,
    CardOrAbilityPlayed,
    Resolve,
    UnitEntersArena,
    UnitLeavesArena,
    StateCheck,
    /// A Play-or-Pass chance; the POP says which.
    Pop(Pop),
}

impl HookPoint {
    /// Every hook point, game moments first, then the ten POPs.
    pub const ALL: [HookPoint; 40] = [
        HookPoint::SetupStart,
        HookPoint::SetupUnitPlaced,
        HookPoint::SetupEnd,
        HookPoint::TurnStart,
        HookPoint::UntapStep,
        HookPoint::GainForceStep,
        HookPoint::BuildRoll,
        HookPoint::BuildStepStart,
        HookPoint::BuildAction,
        HookPoint::BuildStepEnd,
        HookPoint::RetreatStep,
        HookPoint::BattlePhaseStart,
        HookPoint::BattleStepStart,
        HookPoint::SelectNextActor,
        HookPoint::AttackDeclared,
        HookPoint::AttackRoll,
        HookPoint::InitialRollTriggers,
        HookPoint::HitsCounted,
        HookPoint::DamagePending,
        HookPoint::DamagePlaced,
        HookPoint::UnitDiscarded,
        HookPoint::AttackEnd,
        HookPoint::BattleStepEnd,
        HookPoint::BattlePhaseEnd,
        HookPoint::TurnEnd,
        HookPoint::CardOrAbilityPlayed,
        HookPoint::Resolve,
        HookPoint::UnitEntersArena,
        HookPoint::UnitLeavesArena,
        HookPoint::StateCheck,
        HookPoint::Pop(Pop::BattlePhase),
        HookPoint::Pop(Pop::BattleStep),
        HookPoint::Pop(Pop::BetweenAttacks),
        HookPoint::Pop(Pop::Attack),
        HookPoint::Pop(Pop::Reroll),
        HookPoint::Pop(Pop::PendingDamage),
        HookPoint::Pop(Pop::DamagePrevention),
        HookPoint::Pop(Pop::DamagePlacement),
        HookPoint::Pop(Pop::AttackEnd),
        HookPoint::Pop(Pop::Disrupt),
    ];

    /// The stable name a manifest uses to subscribe, e.g. `attack-declared` or `pop-p4`.
    pub fn name(self) -> &'static str {
        match self {
            HookPoint::SetupStart => "setup-start",
            HookPoint::SetupUnitPlaced => "setup-unit-placed",
            HookPoint::SetupEnd => "setup-end",
            HookPoint::TurnStart => "turn-start",
            HookPoint::UntapStep => "untap-step",
            HookPoint::GainForceStep => "gain-force-step",
            HookPoint::BuildRoll => "build-roll",
            HookPoint::BuildStepStart => "build-step-start",
            HookPoint::BuildAction => "build-action",
            HookPoint::BuildStepEnd => "build-step-end",
            HookPoint::RetreatStep => "retreat-step",
            HookPoint::BattlePhaseStart => "battle-phase-start",
            HookPoint::BattleStepStart => "battle-step-start",
            HookPoint::SelectNextActor => "select-next-actor",
            HookPoint::AttackDeclared => "attack-declared",
            HookPoint::AttackRoll => "attack-roll",
            HookPoint::InitialRollTriggers => "initial-roll-triggers",
            HookPoint::HitsCounted => "hits-counted",
            HookPoint::DamagePending => "damage-pending",
            HookPoint::DamagePlaced => "damage-placed",
            HookPoint::UnitDiscarded => "unit-discarded",
            HookPoint::AttackEnd => "attack-end",
            HookPoint::BattleStepEnd => "battle-step-end",
            HookPoint::BattlePhaseEnd => "battle-phase-end",
            HookPoint::TurnEnd => "turn-end",
            HookPoint::CardOrAbilityPlayed => "card-or-ability-played",
            HookPoint::Resolve => "resolve",
            HookPoint::UnitEntersArena => "unit-enters-arena",
            HookPoint::UnitLeavesArena => "unit-leaves-arena",
            HookPoint::StateCheck => "state-check",
            HookPoint::Pop(Pop::BattlePhase) => "pop-p1",
            HookPoint::Pop(Pop::BattleStep) => "pop-p2",
            HookPoint::Pop(Pop::BetweenAttacks) => "pop-p3",
            HookPoint::Pop(Pop::Attack) => "pop-p4",
            HookPoint::Pop(Pop::Reroll) => "pop-p5",
            HookPoint::Pop(Pop::PendingDamage) => "pop-p6",
            HookPoint::Pop(Pop::DamagePrevention) => "pop-p7",
            HookPoint::Pop(Pop::DamagePlacement) => "pop-p8",
            HookPoint::Pop(Pop::AttackEnd) => "pop-p9",
            HookPoint::Pop(Pop::Disrupt) => "pop-p10",
        }
    }

    /// The inverse of `name`.
    pub fn from_name(name: &str) -> Option<HookPoint> {
        HookPoint::ALL.into_iter().find(|hook| hook.name() == name)
    }

    /// A dense index in `0..ALL.len()`, for subscription tables.
    /// A match, not a search: the game reaches a hook point at every step, and an unsubscribed
    /// hook should cost one table look-up.
    pub fn index(self) -> usize {
        match self {
            HookPoint::SetupStart => 0,
            HookPoint::SetupUnitPlaced => 1,
            HookPoint::SetupEnd => 2,
            HookPoint::TurnStart => 3,
            HookPoint::UntapStep => 4,
            HookPoint::GainForceStep => 5,
            HookPoint::BuildRoll => 6,
            HookPoint::BuildStepStart => 7,
            HookPoint::BuildAction => 8,
            HookPoint::BuildStepEnd => 9,
            HookPoint::RetreatStep => 10,
            HookPoint::BattlePhaseStart => 11,
            HookPoint::BattleStepStart => 12,
            HookPoint::SelectNextActor => 13,
            HookPoint::AttackDeclared => 14,
            HookPoint::AttackRoll => 15,
            HookPoint::InitialRollTriggers => 16,
            HookPoint::HitsCounted => 17,
            HookPoint::DamagePending => 18,
            HookPoint::DamagePlaced => 19,
            HookPoint::UnitDiscarded => 20,
            HookPoint::AttackEnd => 21,
            HookPoint::BattleStepEnd => 22,
            HookPoint::BattlePhaseEnd => 23,
            HookPoint::TurnEnd => 24,
            HookPoint::CardOrAbilityPlayed => 25,
            HookPoint::Resolve => 26,
            HookPoint::UnitEntersArena => 27,
            HookPoint::UnitLeavesArena => 28,
            HookPoint::StateCheck => 29,
            HookPoint::Pop(pop) => 30 + pop as usize,
        }
    }

    /// The rule of game.md that defines this moment, for logs and documentation.
    pub fn rule(self) -> &'static str {
        match self {
            HookPoint::SetupStart | HookPoint::SetupUnitPlaced | HookPoint::SetupEnd => "game 5",
            HookPoint::TurnStart => "game 6",
            HookPoint::UntapStep => "game 6.1.1",
            HookPoint::GainForceStep => "game 6.1.2",
            HookPoint::BuildRoll => "game 6.1.3",
            HookPoint::BuildStepStart => "game 6.2.1",
            HookPoint::BuildAction => "game 7",
            HookPoint::BuildStepEnd | HookPoint::RetreatStep => "game 8",
            HookPoint::BattlePhaseStart => "game 6.3.1",
            HookPoint::BattleStepStart => "game 6.3.3",
            HookPoint::SelectNextActor => "game 6.3.5",
            HookPoint::AttackDeclared => "game 10.1",
            HookPoint::AttackRoll | HookPoint::InitialRollTriggers => "game 10.3",
            HookPoint::HitsCounted => "game 10.5",
            HookPoint::DamagePending => "game 10.7",
            HookPoint::DamagePlaced => "game 10.8",
            HookPoint::UnitDiscarded => "game 10.9",
            HookPoint::AttackEnd => "game 10.10",
            HookPoint::BattleStepEnd => "game 6.3.8",
            HookPoint::BattlePhaseEnd => "game 6.3.10",
            HookPoint::TurnEnd => "game 6.4",
            HookPoint::CardOrAbilityPlayed | HookPoint::Resolve => "game 13.3",
            HookPoint::UnitEntersArena | HookPoint::UnitLeavesArena => "game 4.4",
            HookPoint::StateCheck => "game 14.3",
            HookPoint::Pop(_) => "game 9.3",
        }
    }
}

impl std::fmt::Display for HookPoint {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The small record every hook receives: ids and numbers describing the event, never the whole
/// game state. Unit ids are the engine's.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct HookEvent {
    pub turn: u32,
    /// The player whose step it is, or who acts; `None` for moments shared by both.
    pub side: Option<Side>,
    /// The arena whose battle step is running, or where the event happens.
    pub arena: Option<Arena>,
    /// The attacking unit during an attack.
    pub attacker: Option<u32>,
    /// The defending unit during an attack.
    pub defender: Option<u32>,
    /// The unit the event is about (placed, discarded, damaged, entering...).
    pub unit: Option<u32>,
    /// A number belonging to the event: the build roll, damage pending, hits counted...
    pub amount: Option<i32>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_hook_has_a_unique_name_that_round_trips() {
        let mut names: Vec<&str> = HookPoint::ALL.iter().map(|hook| hook.name()).collect();
        for hook in HookPoint::ALL {
            assert_eq!(HookPoint::from_name(hook.name()), Some(hook));
            assert_eq!(HookPoint::ALL[hook.index()], hook);
        }
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), HookPoint::ALL.len());
    }

    #[test]
    fn reserved_pops_are_the_three_of_rule_9_4() {
        let reserved: Vec<&str> = Pop::ALL
            .iter()
            .filter(|p| p.is_reserved())
            .map(|p| p.id())
            .collect();
        assert_eq!(reserved, ["P5", "P7", "P10"]);
    }
}
