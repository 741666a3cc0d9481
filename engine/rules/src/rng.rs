//! The game's only source of randomness: a seeded generator, optionally fed by a script of dice.

use std::collections::VecDeque;

use serde::{Deserialize, Serialize};

/// A small, fast, seeded generator (SplitMix64). Written out here rather than taken from a crate
/// so that a seed gives the same game on every version of every dependency, forever.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rng {
    state: u64,
}

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng { state: seed }
    }

    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform number in `0..n` (n > 0), without modulo bias.
    pub fn below(&mut self, n: u64) -> u64 {
        if n <= 1 {
            return 0;
        }
        let zone = u64::MAX - (u64::MAX % n);
        loop {
            let x = self.next_u64();
            if x < zone {
                return x % n;
            }
        }
    }

    /// Shuffles a slice in place (Fisher–Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            items.swap(i, j);
        }
    }
}

/// Why a die could not be rolled.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DiceError {
    #[error("unscripted die roll ({purpose}): the scenario's dice ran out and it gives no seed")]
    Unscripted { purpose: String },
}

/// Every six-sided die of the game (attack dice, dice of damage, re-rolls, the build roll) comes
/// from here. A scenario scripts the values; otherwise the seeded generator rolls them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Dice {
    rng: Rng,
    script: VecDeque<u8>,
    /// When false, running out of scripted dice is an error instead of using the generator.
    fallback_to_rng: bool,
    rolled: u64,
}

impl Dice {
    pub fn seeded(seed: u64) -> Self {
        Dice {
            rng: Rng::new(seed),
            script: VecDeque::new(),
            fallback_to_rng: true,
            rolled: 0,
        }
    }

    /// Dice that take `script` first; after it, the generator only if `fallback_to_rng`.
    pub fn scripted(script: Vec<u8>, seed: Option<u64>) -> Self {
        Dice {
            rng: Rng::new(seed.unwrap_or(0)),
            script: script.into(),
            fallback_to_rng: seed.is_some(),
            rolled: 0,
        }
    }

    /// Rolls one d6. `purpose` names the roll for error messages.
    pub fn roll(&mut self, purpose: &str) -> Result<u8, DiceError> {
        let value = match self.script.pop_front() {
            Some(value) => value,
            None if self.fallback_to_rng => self.rng.below(6) as u8 + 1,
            None => {
                return Err(DiceError::Unscripted {
                    purpose: purpose.to_string(),
                });
            }
        };
        self.rolled += 1;
        Ok(value)
    }

    /// Scripted dice not used yet.
    pub fn unused(&self) -> &VecDeque<u8> {
        &self.script
    }

    /// How many dice were rolled so far.
    pub fn rolled(&self) -> u64 {
        self.rolled
    }

    /// The generator, for shuffles (which are random but are not dice).
    pub fn rng(&mut self) -> &mut Rng {
        &mut self.rng
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_rolls_and_all_faces_appear() {
        let mut a = Dice::seeded(42);
        let mut b = Dice::seeded(42);
        let mut faces = [0u32; 6];
        for _ in 0..600 {
            let x = a.roll("test").unwrap();
            assert_eq!(Some(x), b.roll("test").ok());
            faces[(x - 1) as usize] += 1;
        }
        assert!(faces.iter().all(|&n| n > 50), "{faces:?}");
    }

    #[test]
    fn scripted_dice_run_out_without_a_seed() {
        let mut dice = Dice::scripted(vec![6, 1], None);
        assert_eq!(dice.roll("a"), Ok(6));
        assert_eq!(dice.roll("b"), Ok(1));
        assert!(matches!(dice.roll("c"), Err(DiceError::Unscripted { .. })));
        let mut seeded = Dice::scripted(vec![2], Some(7));
        assert_eq!(seeded.roll("a"), Ok(2));
        assert!(seeded.roll("b").is_ok());
    }
}
