//! Saved games: a paused and resumed game plays exactly like one never paused, and a damaged,
//! edited or mismatched save is refused before any player is asked anything.

use super::*;
use crate::decision::Seats;
use crate::hooks::NoPlugins;
use crate::model::{Arena, CardDef, CardSide};
use crate::ruleset::Ruleset;

/// A deck of 60 plain units, 20 per arena, with a spread of stats.
fn deck(side: CardSide) -> Vec<Arc<CardDef>> {
    let mut deck = Vec::new();
    for (i, arena) in Arena::ALL.into_iter().enumerate() {
        for copy in 0..20 {
            let cost = 2 + (copy % 5) as i32;
            let def = CardDef::unit(
                &format!("{arena} unit {}", copy % 5),
                side,
                vec![arena],
                [cost, 10 * (1 + ((copy + i) % 6) as i32), cost, cost + 1],
            );
            deck.push(Arc::new(def));
        }
    }
    deck
}

fn seats_of(kinds: [Seat; 2]) -> Seats {
    Seats {
        dark: kinds[0].player(),
        light: kinds[1].player(),
    }
}

fn random_seats(seed: u64) -> [Seat; 2] {
    [
        Seat::Random { seed },
        Seat::Random {
            seed: seed.wrapping_add(1),
        },
    ]
}

fn ruleset() -> Arc<Ruleset> {
    Arc::new(Ruleset {
        turn_limit: 20,
        ..Ruleset::default()
    })
}

/// The whole game, never paused: its log.
fn uninterrupted(seed: u64, kinds: [Seat; 2]) -> GameLog {
    let mut seats = seats_of(kinds);
    let mut host = NoPlugins;
    let decks = [deck(CardSide::Dark), deck(CardSide::Light)];
    let mut game = Game::from_decks(decks, seed, ruleset(), &mut host, &mut seats);
    game.play().unwrap();
    game.log
}

/// A new game paused at `pause`, saved, as JSON.
fn paused_save(seed: u64, kinds: [Seat; 2], pause: Pause) -> String {
    let mut seats = seats_of(kinds);
    let mut host = NoPlugins;
    let decks = [deck(CardSide::Dark), deck(CardSide::Light)];
    let mut session = Session::new(&mut seats, pause);
    let mut game = Game::from_decks(decks, seed, ruleset(), &mut host, &mut session);
    let result = game.play();
    let (log, state) = (game.log.clone(), game.state.clone());
    drop(game);
    assert_eq!(
        outcome(&session, result),
        Ok(None),
        "seed {seed}: the game paused"
    );
    SavedGame::new(kinds, log, state, &session).to_json()
}

/// Loads a save, verifies it and plays it on (pausing again at `pause`); returns the log and,
/// when it paused, the new save's JSON.
fn resume(text: &str, pause: Pause) -> Result<(GameLog, Option<String>), String> {
    let saved = SavedGame::from_json("game.json", text).map_err(|e| e.to_string())?;
    let mut host = NoPlugins;
    saved
        .verify("game.json", &mut host)
        .map_err(|e| e.to_string())?;
    let mut seats = seats_of(saved.body.seats);
    let mut session = Session::resume(&saved, &mut seats, pause);
    let mut game = saved.game(&mut host, &mut session);
    let result = game.play();
    let (log, state) = (game.log.clone(), game.state.clone());
    drop(game);
    match outcome(&session, result).map_err(|e| e.to_string())? {
        Some(_) => Ok((log, None)),
        None => {
            let again = SavedGame::new(saved.body.seats, log.clone(), state, &session);
            Ok((log, Some(again.to_json())))
        }
    }
}

#[test]
fn a_saved_and_resumed_game_plays_like_one_never_paused() {
    // Seeds whose games last past turn 1 (most random games here are won in turn 1).
    for seed in [1, 5] {
        let kinds = random_seats(seed);
        let whole = uninterrupted(seed, kinds);
        let text = paused_save(seed, kinds, Pause::AtTurn(2));
        let (resumed, again) = resume(&text, Pause::Never).unwrap();
        assert!(again.is_none());
        assert_eq!(resumed.to_jsonl(), whole.to_jsonl(), "seed {seed}");
    }
}

#[test]
fn a_game_saved_twice_still_plays_like_one_never_paused() {
    let kinds = random_seats(1);
    let whole = uninterrupted(1, kinds);
    let first = paused_save(1, kinds, Pause::AfterDecisions(20));
    let (_, second) = resume(&first, Pause::AfterDecisions(60)).unwrap();
    let second = second.expect("paused again");
    assert_ne!(first, second);
    let (resumed, _) = resume(&second, Pause::Never).unwrap();
    assert_eq!(resumed.to_jsonl(), whole.to_jsonl());
}

#[test]
fn a_truncated_save_is_refused_at_every_length() {
    let text = paused_save(5, random_seats(5), Pause::AfterDecisions(12));
    // Every cut of the file, in steps small enough to cut inside every kind of value.
    for len in (0..text.len() - 1).step_by(97) {
        let err = SavedGame::from_json("game.json", &text[..len]).unwrap_err();
        assert!(
            err.message.contains("truncated") || err.message.contains("empty"),
            "cut at {len}: {err}"
        );
        assert!(err.to_string().starts_with("game.json: "));
    }
}

#[test]
fn an_edited_save_is_refused_by_its_digest() {
    let text = paused_save(5, random_seats(5), Pause::AfterDecisions(15));
    let saved = SavedGame::from_json("game.json", &text).unwrap();
    let mut edited = saved.clone();
    edited.body.state.players[0].force += 1;
    let err = SavedGame::from_json("game.json", &edited.to_json()).unwrap_err();
    assert!(err.message.contains("digest"), "{err}");
    // Garbage that is not JSON at all.
    let err = SavedGame::from_json("game.json", "{\"format\": 1, oops}").unwrap_err();
    assert!(err.message.contains("not a valid save"), "{err}");
    let mut future = saved;
    future.format = 99;
    let err = SavedGame::from_json("game.json", &future.to_json()).unwrap_err();
    assert!(err.message.contains("format 99"), "{err}");
}

#[test]
fn a_save_written_before_a_field_was_renamed_still_loads() {
    // Saves written before `GameState::removed_when_discarded` had that name spell it
    // `meditated`, and their digest hashes that spelling; a save is compact or pretty alike.
    let text = paused_save(1, random_seats(1), Pause::AtTurn(2));
    let saved = SavedGame::from_json("game.json", &text).unwrap();
    let old = text.replace("\"removed_when_discarded\"", "\"meditated\"");
    assert_ne!(old, text);
    let old = old.replace(&saved.digest, &written_digest(&old).unwrap());
    let loaded = SavedGame::from_json("old.json", &old).unwrap();
    assert_eq!(loaded.body, saved.body);
    let compact = serde_json::to_string(&saved).unwrap();
    assert_eq!(SavedGame::from_json("c.json", &compact).unwrap(), saved);
}

#[test]
fn compact_json_drops_the_space_between_tokens_and_keeps_the_space_in_strings() {
    let pretty = "{\n  \"a b\": [\n    1,\n    \"x \\\" \\\\ y\"\n  ]\n}";
    assert_eq!(compact_json(pretty), "{\"a b\":[1,\"x \\\" \\\\ y\"]}");
    let value: serde_json::Value = serde_json::from_str(pretty).unwrap();
    assert_eq!(compact_json(pretty), serde_json::to_string(&value).unwrap());
}

/// Re-signs an edited body, as a careful forger would.
fn resign(mut saved: SavedGame) -> String {
    saved.digest = digest(&saved.body);
    saved.to_json()
}

#[test]
fn a_save_whose_state_does_not_follow_from_its_log_is_refused_before_play() {
    let text = paused_save(6, random_seats(6), Pause::AfterDecisions(15));
    let saved = SavedGame::from_json("game.json", &text).unwrap();

    // More Force than the logged game gives: conservation holds, the digest is right.
    let mut richer = saved.clone();
    richer.body.state.players[1].force += 3;
    let richer = SavedGame::from_json("game.json", &resign(richer)).unwrap();
    let err = richer.verify("game.json", &mut NoPlugins).unwrap_err();
    assert!(err.message.contains("state differs"), "{err}");

    // A logged die changed: the replay gives another log.
    let mut loaded = saved.clone();
    let die = loaded
        .body
        .log
        .entries
        .iter_mut()
        .find_map(|e| match e {
            LogEntry::Die { value, .. } => Some(value),
            _ => None,
        })
        .unwrap();
    *die = if *die == 6 { 1 } else { 6 };
    let loaded = SavedGame::from_json("game.json", &resign(loaded)).unwrap();
    let err = loaded.verify("game.json", &mut NoPlugins).unwrap_err();
    assert!(err.message.contains("another log"), "{err}");

    // A card moved from the deck to the hand breaks nothing visible but the replay.
    let mut drawn = saved.clone();
    let card = drawn.body.state.players[0].deck.remove(0);
    drawn.body.state.players[0].hand.push(card);
    let drawn = SavedGame::from_json("game.json", &resign(drawn)).unwrap();
    assert!(drawn.verify("game.json", &mut NoPlugins).is_err());

    // A card lost from every zone is caught on load.
    let mut lost = saved.clone();
    lost.body.state.players[0].deck.pop();
    let err = SavedGame::from_json("game.json", &resign(lost)).unwrap_err();
    assert!(err.message.contains("inconsistent"), "{err}");

    // Saved with a plugin that is not loaded now.
    let mut plugged = saved;
    plugged.body.log.header.plugins = vec!["armor@1.0.0 abc".into()];
    let plugged = SavedGame::from_json("game.json", &resign(plugged)).unwrap();
    let err = plugged.verify("game.json", &mut NoPlugins).unwrap_err();
    assert!(err.message.contains("armor@1.0.0"), "{err}");
}

#[test]
fn other_players_than_the_saved_ones_are_refused_before_they_decide() {
    let text = paused_save(7, random_seats(7), Pause::AfterDecisions(15));
    let saved = SavedGame::from_json("game.json", &text).unwrap();
    saved.verify("game.json", &mut NoPlugins).unwrap();
    let mut seats = seats_of([Seat::Greedy, Seat::Greedy]);
    let mut host = NoPlugins;
    let mut session = Session::resume(&saved, &mut seats, Pause::Never);
    let mut game = saved.game(&mut host, &mut session);
    let err = game.play().unwrap_err();
    assert!(err.to_string().contains("other players"), "{err}");
    // The game stopped inside the saved decisions: it never got past the saved log.
    assert!(game.log.entries.len() <= saved.body.log.entries.len());
}

#[test]
fn a_finished_game_can_be_saved_and_verified() {
    let kinds = random_seats(2);
    let mut seats = seats_of(kinds);
    let mut host = NoPlugins;
    let decks = [deck(CardSide::Dark), deck(CardSide::Light)];
    let mut session = Session::new(&mut seats, Pause::Never);
    let mut game = Game::from_decks(decks, 2, ruleset(), &mut host, &mut session);
    let result = game.play();
    let (log, state) = (game.log.clone(), game.state.clone());
    drop(game);
    assert!(matches!(outcome(&session, result), Ok(Some(_))));
    let text = SavedGame::new(kinds, log, state, &session).to_json();
    let saved = SavedGame::from_json("done.json", &text).unwrap();
    assert!(saved.is_over());
    saved.verify("done.json", &mut NoPlugins).unwrap();
}

#[test]
fn a_cut_log_names_its_line_and_one_cut_between_lines_does_not_replay() {
    let log = uninterrupted(5, random_seats(5));
    let text = log.to_jsonl();
    // Cut inside a line: the reader names that line.
    let lines: Vec<&str> = text.lines().collect();
    let keep = lines.len() / 2;
    let mut cut = lines[..keep].join("\n");
    cut.push('\n');
    cut.push_str(&lines[keep][..lines[keep].len() / 2]);
    let err = GameLog::from_jsonl("game.jsonl", &cut).unwrap_err();
    assert_eq!(err.line, keep + 1, "{err}");
    assert!(err.to_string().starts_with("game.jsonl:"), "{err}");
    // Cut between lines: the log reads, but replay says where it falls short.
    let short = GameLog::from_jsonl("game.jsonl", &lines[..keep].join("\n")).unwrap();
    let divergence = crate::replay::replay(&short, &mut NoPlugins).unwrap_err();
    assert!(divergence.line <= keep + 1, "{divergence}");
    // A damaged header is refused on line 1.
    let err =
        GameLog::from_jsonl("game.jsonl", &text.replacen("\"seed\"", "\"sed\"", 1)).unwrap_err();
    assert_eq!(err.line, 1, "{err}");
}
