//! The closed vocabulary of effects a hook may propose; the engine validates each before applying it.

use serde::{Deserialize, Serialize};

/// One proposed change to the game. Hooks return a list of these and never change the game
/// themselves; the engine checks every effect against the rules and the ability's parameters and
/// applies all of a hook's effects or none of them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "type")]
pub enum Effect {
    /// Change the power of a unit for a duration (`this-attack`, `end-of-turn`, ...).
    ModifyPower {
        unit: u32,
        amount: i32,
        duration: String,
    },
    /// Change the speed of a unit for a duration.
    ModifySpeed {
        unit: u32,
        amount: i32,
        duration: String,
    },
    /// Add a modifier to each attack die's value for hit counting (never its natural value).
    ModifyDice { amount: i32 },
    /// Change the number a die must reach to hit the given unit.
    SetHitThreshold { unit: u32, threshold: u8 },
    /// The attack now targets another unit (Intercept, Redirect).
    ChangeDefender { unit: u32 },
    /// Prevent up to `amount` of the damage pending on a unit.
    PreventDamage { unit: u32, amount: u32 },
    /// Add damage pending on a unit in the current damage instance.
    AddPendingDamage { unit: u32, amount: u32 },
    /// Roll dice of damage from a source unit at a target unit.
    DealDiceOfDamage { source: u32, target: u32, dice: u32 },
    /// Move hits of the current attack from the defender to another unit (Overkill).
    SplitHits { to: u32, hits: u32 },
    /// Pay Force.
    PayForce { side: u8, amount: u32 },
    /// Gain Force.
    GainForce { side: u8, amount: u32 },
    /// Tap or untap a unit.
    Tap { unit: u32, tapped: bool },
    /// Add (positive) or remove (negative) counters of a kind on a unit.
    Counters {
        unit: u32,
        kind: String,
        amount: i32,
    },
    /// Give a unit an ability, as printed text, for a duration.
    GrantAbility {
        unit: u32,
        text: String,
        duration: String,
    },
    /// Ask a player to choose among options; the answer comes back in a later call.
    OfferChoice {
        side: u8,
        prompt: String,
        options: Vec<String>,
    },
    /// Run an effect when the current attack ends (Retaliate, Backfire...).
    AtAttackEnd { effect: Box<Effect> },
}

/// Why the engine refused a proposed effect.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EffectError {
    pub effect: Effect,
    pub reason: String,
}

impl std::fmt::Display for EffectError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "effect {:?} refused: {}", self.effect, self.reason)
    }
}

impl std::error::Error for EffectError {}
