//! The same seeded games with the wasm plugins and with their native builds give identical game
//! logs: the sandbox changes nothing in the rules.

use crate::common;

use std::sync::Arc;

use swtcg_engine::model::{Arena, CardDef, CardSide};
use swtcg_engine::players::{GreedyPlayer, RandomPlayer};
use swtcg_engine::plugins::Registry;
use swtcg_engine::{Game, GameLog, Player, Ruleset, Seats};

/// A deck of 60 units, 20 per arena, most of them with one of the bundled keywords.
fn keyword_deck(side: CardSide) -> Vec<Arc<CardDef>> {
    let abilities = [
        vec!["Accuracy 1"],
        vec!["Armor"],
        vec!["Stealth"],
        vec!["Overkill"],
        vec!["Retaliate 2"],
        vec!["Upkeep: Pay 1 Force or tap this unit."],
        vec![],
        vec!["Accuracy -1", "Armor"],
        vec!["Pay 1 Force -> Retaliate 1", "Stealth"],
        vec!["Overkill", "Accuracy 2"],
    ];
    let mut deck = Vec::new();
    for (a, arena) in Arena::ALL.into_iter().enumerate() {
        for i in 0..20 {
            let cost = 2 + (i % 5) as i32;
            let mut def = CardDef::unit(
                &format!("{arena} {i}"),
                side,
                vec![arena],
                [
                    cost,
                    10 * (1 + ((i + a) % 6) as i32),
                    cost + 1,
                    cost + (i % 3) as i32,
                ],
            );
            def.abilities = abilities[(i + a) % abilities.len()]
                .iter()
                .map(|s| s.to_string())
                .collect();
            deck.push(Arc::new(def));
        }
    }
    deck
}

fn play(host: &mut Registry, seed: u64, random: bool) -> GameLog {
    let player = |s: u64| -> Box<dyn Player> {
        if random {
            Box::new(RandomPlayer::new(s))
        } else {
            Box::new(GreedyPlayer::default())
        }
    };
    let mut seats = Seats {
        dark: player(seed),
        light: player(seed + 1),
    };
    let ruleset = Arc::new(Ruleset {
        turn_limit: 12,
        ..Ruleset::default()
    });
    let decks = [keyword_deck(CardSide::Dark), keyword_deck(CardSide::Light)];
    let mut game = Game::from_decks(decks, seed, ruleset, host, &mut seats);
    game.play().unwrap();
    game.log
}

#[test]
fn wasm_and_native_plugins_play_identical_games() {
    let (mut wasm, mut native) = common::registries();
    let mut activations = 0;
    for seed in 0..40 {
        let random = seed % 2 == 0;
        let a = play(&mut wasm, seed, random);
        let b = play(&mut native, seed, random);
        // The headers differ only in the plugin fingerprints (a wasm and a native hash); every
        // decision, die and event must be the same.
        let (a_lines, b_lines) = (a.to_jsonl(), b.to_jsonl());
        let a_entries: Vec<&str> = a_lines.lines().skip(1).collect();
        let b_entries: Vec<&str> = b_lines.lines().skip(1).collect();
        assert_eq!(
            a_entries.len(),
            b_entries.len(),
            "seed {seed}: different lengths"
        );
        for (i, (x, y)) in a_entries.iter().zip(&b_entries).enumerate() {
            assert_eq!(x, y, "seed {seed}: logs differ at line {}", i + 2);
        }
        activations += a_entries
            .iter()
            .filter(|l| l.contains("\"activated\"") || l.contains("\"paid\""))
            .count();
    }
    // The games really exercised the plugins: Retaliate was activated and Upkeep paid.
    assert!(activations > 0, "no plugin effect happened in 40 games");
}
