//! The attack in progress and the damage being resolved, kept in the state so that plugins can
//! read them and a saved game can resume mid-attack.

use serde::{Deserialize, Serialize};

use super::{Arena, UnitId};

/// One attack die: its natural value and what modifies its value for hit counting (game 11.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct AttackDie {
    /// The natural value of the initial roll, which Fury, Focus and Backfire read (game 11.3).
    pub initial: u8,
    /// The natural value now showing, after any re-roll; Critical Hit, Parry and Riposte read it.
    pub natural: u8,
    pub modifier: i32,
}

/// The attack in progress (game 10).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AttackState {
    pub attacker: UnitId,
    pub defender: UnitId,
    pub arena: Arena,
    pub dice: Vec<AttackDie>,
    pub hits: u32,
    /// Whether the hits have been counted (game 10.5): dice can't change after that.
    #[serde(default)]
    pub counted: bool,
    /// Whether the dice are rolled secretly (Cunning): until the damage prevention POP of the
    /// attack's damage has ended, the defending player decides without seeing them.
    #[serde(default)]
    pub secret: bool,
    /// Whether this is the view of the game a secret roll's opponent gets (`secret_view`):
    /// the dice, hits and damage from the dice are blanked, and plugins are told so.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub hidden: bool,
}

/// Damage pending on one unit in one damage instance (game 10.6–10.8).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PendingDamage {
    pub target: UnitId,
    pub amount: u32,
    pub prevented: u32,
    /// Whether the damage comes from attack dice hits, not from an ability (Overkill).
    pub from_attack_dice: bool,
    /// Whether prevention can reduce it (game 14.2), decided before the prevention POP.
    #[serde(default = "yes")]
    pub preventable: bool,
    /// The abilities that added to it (Critical Hit), with what each added, by printed text;
    /// for the log's explanation of the damage placed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub added_by: Vec<(String, u32)>,
    /// The abilities that prevented some of it (Evade, Protect), with what each prevented.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub prevented_by: Vec<(String, u32)>,
}

fn yes() -> bool {
    true
}

/// One instance of damage being resolved: its source and the damage pending on each unit
/// (game 10.6–10.8, 13.5).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DamageInstance {
    /// The instance's number, for "once for each instance of damage" limits.
    #[serde(default)]
    pub id: u64,
    pub source: Option<UnitId>,
    pub pending: Vec<PendingDamage>,
}
