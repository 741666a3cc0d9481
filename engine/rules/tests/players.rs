//! The AI players against the demo decks of the bundled card database.

use std::sync::Arc;

use swtcg_cards::CardDb;
use swtcg_cards::deck::{DEMO_DARK, DEMO_LIGHT, parse_deck_list};
use swtcg_rules::decision::{DecideError, Decision};
use swtcg_rules::decision::{Decider, Seats};
use swtcg_rules::game::Game;
use swtcg_rules::model::GameState;
use swtcg_rules::players::GreedyPlayer;
use swtcg_rules::{NoPlugins, Ruleset};

/// Seats that give up after a number of decisions, so that a player stuck in a loop fails
/// the test instead of hanging it.
struct Bounded {
    seats: Seats,
    left: u32,
}

impl Decider for Bounded {
    fn decide(&mut self, state: &GameState, decision: &Decision) -> Result<usize, DecideError> {
        if self.left == 0 {
            return Err(DecideError(format!(
                "too many decisions; the last asked: {}",
                decision.kind.describe()
            )));
        }
        self.left -= 1;
        self.seats.decide(state, decision)
    }
}

#[test]
fn the_greedy_player_does_not_restack_equal_versions_forever() {
    // Seed 9 of the demo decks gives the Dark Side two versions of equal cost in one stack;
    // a greedy player that always restacked swapped them back and forth without end.
    let cards = CardDb::bundled();
    let decks = [
        parse_deck_list("dark", DEMO_DARK, &cards).unwrap(),
        parse_deck_list("light", DEMO_LIGHT, &cards).unwrap(),
    ];
    for seed in [9, 1, 2] {
        let mut decider = Bounded {
            seats: Seats {
                dark: Box::new(GreedyPlayer::default()),
                light: Box::new(GreedyPlayer::default()),
            },
            left: 5_000,
        };
        let mut host = NoPlugins;
        let mut game = Game::from_decks(
            decks.clone(),
            seed,
            Arc::new(Ruleset::default()),
            &mut host,
            &mut decider,
        );
        let outcome = game.play();
        assert!(outcome.is_ok(), "seed {seed}: {outcome:?}");
    }
}
