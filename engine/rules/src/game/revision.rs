//! The game state with a revision number that every change advances, so that work computed
//! from the state (plugins' answers to pure queries) is kept while the state stays the same.

use std::ops::{Deref, DerefMut};

use crate::model::GameState;

/// A `GameState` whose revision advances at every mutable access (`DerefMut`): nothing can
/// change the state without the revision moving on, so equal revisions mean an unchanged state.
/// A mutable access that changes nothing advances it too, which only costs a recomputation.
/// Deliberately not `Clone`: `game.state.clone()` is a `GameState`, through `Deref`.
#[derive(Debug)]
pub struct TrackedState {
    state: GameState,
    revision: u64,
}

impl TrackedState {
    pub fn new(state: GameState) -> Self {
        TrackedState { state, revision: 0 }
    }

    /// The revision of the state: it differs from an earlier one if the state may have changed
    /// since.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// The state, no longer tracked.
    pub fn into_inner(self) -> GameState {
        self.state
    }
}

impl Deref for TrackedState {
    type Target = GameState;
    fn deref(&self) -> &GameState {
        &self.state
    }
}

impl DerefMut for TrackedState {
    fn deref_mut(&mut self) -> &mut GameState {
        self.revision = self.revision.wrapping_add(1);
        &mut self.state
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ruleset::Ruleset;

    #[test]
    fn reading_keeps_the_revision_and_any_mutable_access_advances_it() {
        let mut tracked =
            TrackedState::new(GameState::new(std::sync::Arc::new(Ruleset::default()), 1));
        let start = tracked.revision();
        let _ = tracked.turn;
        let _ = tracked.units.len();
        assert_eq!(tracked.revision(), start);
        tracked.turn += 1;
        assert_ne!(tracked.revision(), start);
        let after = tracked.revision();
        let _: &mut GameState = &mut tracked;
        assert_ne!(tracked.revision(), after);
    }
}
