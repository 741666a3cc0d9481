//! Whole-game tests: random-legal self-play keeps the invariants, is deterministic and replays.

use std::sync::Arc;

use swtcg_plugin_api::{Effect, HookEvent, HookPoint, Pop};

use super::*;
use crate::decision::{DecideError, Player, Seats};
use crate::hooks::NoPlugins;
use crate::model::{CardSide, GameState, Place};
use crate::players::{GreedyPlayer, RandomPlayer};
use crate::replay::replay;

/// A deck of 60 plain units, 20 per arena, with a spread of stats.
fn plain_deck(side: CardSide) -> Vec<Arc<CardDef>> {
    let mut deck = Vec::new();
    for (i, arena) in Arena::ALL.into_iter().enumerate() {
        for copy in 0..20 {
            let cost = 2 + (copy % 5) as i32;
            let def = CardDef::unit(
                &format!("{arena} unit {}", copy % 5),
                side,
                vec![arena],
                [
                    cost,
                    10 * (1 + ((copy + i) % 6) as i32),
                    cost,
                    cost + 1 - (copy % 2) as i32,
                ],
            );
            deck.push(Arc::new(def));
        }
    }
    deck
}

/// Wraps a player and checks the state's invariants at every decision.
struct Checked<P>(P);

impl<P: Player> Player for Checked<P> {
    fn decide(&mut self, state: &GameState, decision: &Decision) -> Result<usize, DecideError> {
        state.check_conservation().map_err(DecideError)?;
        // A card in play that is no unit (an Event, a Resource) has no health to lose.
        for unit in state.units.values().filter(|u| u.place.arena().is_some()) {
            if unit.built && state.total_health(unit) <= unit.damage as i32 {
                return Err(DecideError(format!(
                    "unit {} should have been discarded",
                    unit.id
                )));
            }
        }
        self.0.decide(state, decision)
    }
}

fn random_game(seed: u64) -> (Result<Outcome, EngineError>, GameLog) {
    let mut seats = Seats {
        dark: Box::new(Checked(RandomPlayer::new(seed))),
        light: Box::new(Checked(RandomPlayer::new(seed.wrapping_add(1)))),
    };
    let mut host = NoPlugins;
    let ruleset = Arc::new(Ruleset {
        turn_limit: 25,
        ..Ruleset::default()
    });
    let decks = [plain_deck(CardSide::Dark), plain_deck(CardSide::Light)];
    let mut game = Game::from_decks(decks, seed, ruleset, &mut host, &mut seats);
    let outcome = game.play();
    if outcome.is_ok() {
        assert_eq!(game.state.check_conservation(), Ok(()));
    }
    (outcome, game.log)
}

#[test]
fn a_thousand_random_legal_games_keep_every_invariant() {
    let mut winners = [0; 3];
    for seed in 0..1000 {
        let (outcome, _) = random_game(seed);
        match outcome {
            Ok(Outcome::Winner(side)) => winners[side.index()] += 1,
            Ok(Outcome::TurnLimit) => winners[2] += 1,
            other => panic!("seed {seed}: {other:?}"),
        }
    }
    // Random players do win games: the win check is reached, not only the turn limit.
    assert!(winners[0] > 0 && winners[1] > 0, "{winners:?}");
}

#[test]
fn the_same_seed_gives_the_same_log_and_different_seeds_differ() {
    let (_, a) = random_game(77);
    let (_, b) = random_game(77);
    let (_, c) = random_game(78);
    assert_eq!(a.to_jsonl(), b.to_jsonl());
    assert_ne!(a.to_jsonl(), c.to_jsonl());
}

#[test]
fn a_log_replays_and_an_edited_die_is_named() {
    let (outcome, log) = random_game(5);
    let text = log.to_jsonl();
    let parsed = GameLog::from_jsonl("game.jsonl", &text).unwrap();
    assert_eq!(replay(&parsed, &mut NoPlugins), Ok(outcome.unwrap()));

    // Change the first attack die in the log to another face.
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    let (index, line) = lines
        .iter()
        .enumerate()
        .find(|(_, l)| l.contains("\"purpose\":\"attack\""))
        .map(|(i, l)| (i, l.clone()))
        .unwrap();
    let value = if line.contains("\"value\":6") { 1 } else { 6 };
    let edited = line
        .replace(|c: char| c.is_ascii_digit() && line.ends_with("}"), "")
        .replace("\"value\":}", &format!("\"value\":{value}}}"));
    lines[index] = edited;
    let tampered = GameLog::from_jsonl("game.jsonl", &lines.join("\n")).unwrap();
    let divergence = replay(&tampered, &mut NoPlugins).unwrap_err();
    assert_eq!(divergence.line, index + 1, "{divergence}");
    assert!(divergence.message.contains("attack"), "{divergence}");
}

#[test]
fn greedy_ai_beats_random_play_more_often_than_not() {
    let mut greedy_wins = 0;
    for seed in 0..100 {
        let mut seats = Seats {
            dark: Box::new(GreedyPlayer::default()),
            light: Box::new(RandomPlayer::new(seed)),
        };
        let mut host = NoPlugins;
        let decks = [plain_deck(CardSide::Dark), plain_deck(CardSide::Light)];
        let mut game = Game::from_decks(
            decks,
            seed,
            Arc::new(Ruleset::default()),
            &mut host,
            &mut seats,
        );
        if game.play() == Ok(Outcome::Winner(Side::Dark)) {
            greedy_wins += 1;
        }
    }
    assert!(greedy_wins > 60, "greedy won {greedy_wins} of 100");
}

/// A host that claims every hook and records the order in which the engine reaches them.
#[derive(Default)]
struct Recorder(std::cell::RefCell<Vec<HookPoint>>);

impl AbilityHost for Recorder {
    fn plugin_for(&self, _: &str) -> Option<crate::hooks::PluginId> {
        None
    }
    fn manifest(&self, plugin: crate::hooks::PluginId) -> &crate::manifest::Manifest {
        unreachable!("the recorder has no plugin {plugin}")
    }
    fn keyword_names(&self) -> Vec<String> {
        Vec::new()
    }
    fn card_plugins(&self) -> Vec<crate::hooks::PluginId> {
        Vec::new()
    }

    fn any_answers(&self, _query: swtcg_plugin_api::Query) -> bool {
        false
    }

    fn any_subscribed(&self, hook: HookPoint) -> bool {
        self.0.borrow_mut().push(hook);
        true
    }
    fn call_hook(
        &mut self,
        _: crate::hooks::PluginId,
        _: HookPoint,
        _: &swtcg_plugin_api::Ability,
        _: &HookEvent,
        _: &GameState,
    ) -> Result<Vec<Effect>, HookError> {
        Ok(Vec::new())
    }
    fn query(
        &mut self,
        _: crate::hooks::PluginId,
        _: &swtcg_plugin_api::Ability,
        call: &swtcg_plugin_api::QueryCall,
        _: &GameState,
    ) -> Result<swtcg_plugin_api::QueryAnswer, HookError> {
        Err(HookError {
            plugin: "recorder".into(),
            hook: call.query().name().into(),
            reason: "no plugin".into(),
        })
    }
}

#[test]
fn an_attack_reaches_its_hook_points_in_rule_order() {
    use swtcg_plugin_api::Pop::*;
    let mut recorder = Recorder::default();
    let mut seats = Seats {
        dark: Box::new(GreedyPlayer::default()),
        light: Box::new(GreedyPlayer::default()),
    };
    let decks = [plain_deck(CardSide::Dark), plain_deck(CardSide::Light)];
    let mut game = Game::from_decks(
        decks,
        3,
        Arc::new(Ruleset::default()),
        &mut recorder,
        &mut seats,
    );
    let _ = game.play();
    drop(game);
    let start = recorder
        .0
        .borrow()
        .iter()
        .position(|h| *h == HookPoint::AttackDeclared)
        .unwrap();
    let expected = [
        HookPoint::AttackDeclared,
        HookPoint::Pop(Attack),
        HookPoint::AttackRoll,
        HookPoint::InitialRollTriggers,
        HookPoint::Pop(Reroll),
        HookPoint::HitsCounted,
        HookPoint::Pop(PendingDamage),
        HookPoint::DamagePending,
        HookPoint::Pop(DamagePrevention),
    ];
    assert_eq!(
        &recorder.0.borrow()[start..start + expected.len()],
        &expected
    );
    for hook in [
        HookPoint::SetupStart,
        HookPoint::BuildStepStart,
        HookPoint::Pop(BattlePhase),
        HookPoint::TurnEnd,
        HookPoint::AttackEnd,
    ] {
        assert!(recorder.0.borrow().contains(&hook), "{hook} never reached");
    }
}

fn greedy_game(
    ruleset: Ruleset,
    decks: [Vec<Arc<CardDef>>; 2],
) -> (Result<Outcome, EngineError>, GameState, GameLog) {
    let mut seats = Seats {
        dark: Box::new(GreedyPlayer::default()),
        light: Box::new(GreedyPlayer::default()),
    };
    let mut host = NoPlugins;
    let mut game = Game::from_decks(decks, 9, Arc::new(ruleset), &mut host, &mut seats);
    let outcome = game.play();
    (outcome, game.state.into_inner(), game.log)
}

/// An Event card of `side` with no text.
fn event_card(name: &str, side: CardSide) -> Arc<CardDef> {
    let mut def = CardDef::unit(name, side, Vec::new(), [0; 4]);
    def.card_type = CardType::Event;
    (def.speed, def.power, def.health) = (None, None, None);
    Arc::new(def)
}

#[test]
fn each_player_puts_an_event_from_the_supply_into_the_event_zone_at_setup() {
    // Game 16.3, OQ-8: an Event of the deck list is in the supply, never in the deck; at setup
    // each player may put one into the Event zone, where it stays all game.
    let decks = [CardSide::Dark, CardSide::Light].map(|side| {
        let mut deck = plain_deck(side);
        deck.push(event_card("Rising Force", side));
        deck.push(event_card("Destruction", side));
        deck
    });
    let (outcome, state, log) = greedy_game(Ruleset::default(), decks.clone());
    assert!(outcome.is_ok(), "{outcome:?}");
    let put: Vec<&Event> = log
        .events()
        .filter(|e| matches!(e, Event::EventPut { .. }))
        .collect();
    assert_eq!(put.len(), 2, "one Event each: {put:?}");
    for side in Side::BOTH {
        let events: Vec<&crate::model::Unit> = state.held_at(side, Place::Event).collect();
        assert_eq!(events.len(), 1, "{side:?}");
        let player = state.player(side);
        assert_eq!(
            player.supply.len(),
            1,
            "the other Event stays in the supply"
        );
        assert!(
            player
                .deck
                .iter()
                .chain(&player.hand)
                .chain(&player.discard)
                .all(|&c| state.def(c).card_type != CardType::Event)
        );
    }
    // OQ-8 answered otherwise: no Event at setup.
    let (_, state, _) = greedy_game(
        Ruleset {
            events_at_setup: 0,
            ..Ruleset::default()
        },
        decks,
    );
    assert!(state.units.values().all(|u| u.place != Place::Event));
}

#[test]
fn random_games_with_events_keep_every_invariant() {
    for seed in 0..50 {
        let mut seats = Seats {
            dark: Box::new(Checked(RandomPlayer::new(seed))),
            light: Box::new(Checked(RandomPlayer::new(seed + 1))),
        };
        let mut host = NoPlugins;
        let decks = [CardSide::Dark, CardSide::Light].map(|side| {
            let mut deck = plain_deck(side);
            deck.push(event_card("Rising Force", side));
            deck
        });
        let ruleset = Arc::new(Ruleset {
            turn_limit: 15,
            ..Ruleset::default()
        });
        let mut game = Game::from_decks(decks, seed, ruleset, &mut host, &mut seats);
        let outcome = game.play();
        assert!(outcome.is_ok(), "seed {seed}: {outcome:?}");
        assert_eq!(game.state.check_conservation(), Ok(()));
    }
}

#[test]
fn force_starts_at_the_ruleset_value_and_grows_each_ready_phase() {
    // Game 6.1.2 and OQ-11: nothing in these decks spends Force.
    let ruleset = Ruleset {
        starting_force: 2,
        force_per_turn: 3,
        turn_limit: 1,
        ..Ruleset::default()
    };
    let (outcome, state, _) = greedy_game(
        ruleset,
        [plain_deck(CardSide::Dark), plain_deck(CardSide::Light)],
    );
    assert!(outcome.is_ok(), "{outcome:?}");
    assert_eq!([state.players[0].force, state.players[1].force], [5, 5]);
    let (_, state, log) = greedy_game(
        Ruleset {
            turn_limit: 3,
            ..Ruleset::default()
        },
        [plain_deck(CardSide::Dark), plain_deck(CardSide::Light)],
    );
    let gained = log
        .events()
        .filter(|e| {
            matches!(
                e,
                Event::ForceGained {
                    side: Side::Dark,
                    amount: 4
                }
            )
        })
        .count() as u32;
    assert_eq!(state.players[0].force, 4 * gained);
}

#[test]
fn drawing_from_an_empty_deck_does_nothing_or_loses_by_the_ruleset() {
    // OQ-23: with 8-card decks the decks run out during the first turns.
    let small = |side| plain_deck(side).into_iter().take(8).collect::<Vec<_>>();
    let lenient = Ruleset {
        turn_limit: 6,
        ..Ruleset::default()
    };
    let (outcome, _, _) = greedy_game(lenient, [small(CardSide::Dark), small(CardSide::Light)]);
    assert!(outcome.is_ok(), "{outcome:?}");
    let strict = Ruleset {
        turn_limit: 6,
        empty_deck_draw_does_nothing: false,
        ..Ruleset::default()
    };
    let (outcome, state, _) = greedy_game(strict, [small(CardSide::Dark), small(CardSide::Light)]);
    assert!(matches!(outcome, Ok(Outcome::Winner(_))), "{outcome:?}");
    assert!(state.players.iter().any(|p| p.deck.is_empty()));
}

/// A game over a hand-made board: a Dark attacker and a Light defender in the Ground arena,
/// with scripted dice.
fn board(dice: Vec<u8>) -> GameState {
    let mut state = GameState::new(Arc::new(Ruleset::default()), 0);
    state.dice = crate::rng::Dice::scripted(dice, None);
    for (side, stats) in [(Side::Dark, [5, 40, 3, 5]), (Side::Light, [5, 20, 3, 4])] {
        let card = state.new_card(
            Arc::new(CardDef::unit(
                "u",
                CardSide::Dark,
                vec![Arena::Ground],
                stats,
            )),
            side,
        );
        state.add_unit(crate::model::Unit::new(
            side,
            card,
            crate::model::Place::Arena(Arena::Ground),
        ));
    }
    state
}

fn header() -> crate::log::LogHeader {
    crate::log::LogHeader::new(0, Ruleset::default(), [Vec::new(), Vec::new()], Vec::new())
}

#[test]
fn dice_of_damage_hit_on_the_threshold_and_are_not_attack_dice() {
    // Game 11.4: three dice of damage showing 4, 3 and 6 do 2 damage, through the damage
    // prevention and placement chances, and are logged as dice of damage.
    let mut seats = Seats {
        dark: Box::new(GreedyPlayer::default()),
        light: Box::new(GreedyPlayer::default()),
    };
    let mut recorder = Recorder::default();
    let mut game = Game::new(board(vec![4, 3, 6]), header(), &mut recorder, &mut seats);
    let damage = game.dice_of_damage(Some(UnitId(0)), UnitId(1), 3).ok();
    assert_eq!(damage, Some(2));
    assert_eq!(game.state.unit(UnitId(1)).map(|u| u.damage), Some(2));
    assert!(
        game.log
            .entries
            .iter()
            .all(|e| !matches!(e, LogEntry::Die { purpose, .. } if purpose == "attack"))
    );
    drop(game);
    assert!(
        recorder
            .0
            .borrow()
            .contains(&HookPoint::Pop(swtcg_plugin_api::Pop::DamagePrevention))
    );
}

#[test]
fn a_reroll_changes_the_natural_value_but_keeps_the_initial_roll() {
    // Game 11.3: Fury, Focus and Backfire read the initial roll; the hits use the final dice.
    let mut seats = Seats {
        dark: Box::new(GreedyPlayer::default()),
        light: Box::new(GreedyPlayer::default()),
    };
    let mut host = NoPlugins;
    let mut game = Game::new(board(vec![4, 1, 1, 6]), header(), &mut host, &mut seats);
    game.state.attack = Some(crate::model::attack::AttackState {
        attacker: UnitId(0),
        defender: UnitId(1),
        arena: Arena::Ground,
        dice: Vec::new(),
        hits: 0,
        counted: false,
        secret: false,
        hidden: false,
    });
    for _ in 0..3 {
        let value = game.roll("attack").ok().unwrap();
        game.state
            .attack
            .as_mut()
            .unwrap()
            .dice
            .push(crate::model::attack::AttackDie {
                initial: value,
                natural: value,
                modifier: 0,
            });
    }
    assert_eq!(game.reroll_attack_die(1).ok(), Some(6));
    let dice = &game.state.attack.as_ref().unwrap().dice;
    assert_eq!((dice[1].initial, dice[1].natural), (1, 6));
    assert!(game.reroll_attack_die(7).is_err());
}

/// A host with one keyword, "Fake", whose hook answers are scripted by the test.
struct FakeHost {
    manifest: crate::manifest::Manifest,
    answers: std::collections::HashMap<HookPoint, Vec<Effect>>,
}

impl FakeHost {
    fn new(hooks: &[(HookPoint, Vec<Effect>)]) -> Self {
        Self::with_lines(hooks, "")
    }

    /// A fake host whose manifest has `more` lines too.
    fn with_lines(hooks: &[(HookPoint, Vec<Effect>)], more: &str) -> Self {
        let names: Vec<String> = hooks
            .iter()
            .map(|(h, _)| format!("\"{}\"", h.name()))
            .collect();
        let text = format!(
            "[keyword]\nid = \"fake\"\nname = \"Fake\"\nversion = \"1.0.0\"\napi = \"^1.0\"\ntemplate = \"Fake\"\nparameter = \"none\"\nclass = [\"triggered\"]\nhooks = [{}]\n{more}",
            names.join(", ")
        );
        FakeHost {
            manifest: crate::manifest::Manifest::parse("fake.toml", &text).unwrap(),
            answers: hooks.iter().cloned().collect(),
        }
    }
}

impl AbilityHost for FakeHost {
    fn plugin_for(&self, keyword: &str) -> Option<crate::hooks::PluginId> {
        keyword.eq_ignore_ascii_case("fake").then_some(0)
    }
    fn manifest(&self, _: crate::hooks::PluginId) -> &crate::manifest::Manifest {
        &self.manifest
    }
    fn keyword_names(&self) -> Vec<String> {
        vec!["Fake".into()]
    }
    fn card_plugins(&self) -> Vec<crate::hooks::PluginId> {
        Vec::new()
    }

    fn any_answers(&self, _query: swtcg_plugin_api::Query) -> bool {
        false
    }

    fn any_subscribed(&self, hook: HookPoint) -> bool {
        self.answers.contains_key(&hook)
    }
    fn call_hook(
        &mut self,
        _: crate::hooks::PluginId,
        hook: HookPoint,
        _: &swtcg_plugin_api::Ability,
        _: &HookEvent,
        _: &GameState,
    ) -> Result<Vec<Effect>, HookError> {
        Ok(self.answers.remove(&hook).unwrap_or_default())
    }
    fn query(
        &mut self,
        _: crate::hooks::PluginId,
        _: &swtcg_plugin_api::Ability,
        call: &swtcg_plugin_api::QueryCall,
        _: &GameState,
    ) -> Result<swtcg_plugin_api::QueryAnswer, HookError> {
        Err(HookError {
            plugin: "fake".into(),
            hook: call.query().name().into(),
            reason: "no queries".into(),
        })
    }
}

/// The hand-made board with the Dark unit given the "Fake" keyword.
fn fake_board(dice: Vec<u8>) -> GameState {
    let mut state = board(dice);
    let card = state.units[&UnitId(0)].cards[0];
    let mut def = (*state.cards[card.0 as usize].def).clone();
    def.abilities = vec!["Fake".into()];
    state.cards[card.0 as usize].def = Arc::new(def);
    state
}

#[test]
fn reroll_and_dice_modifier_effects_change_the_dice_before_hits_are_counted() {
    // The Dark unit (power 3) rolls 1, 1, 1; the effect re-rolls die 0 (a 6) and adds 2 to every
    // die: 8, 3, 3 -> one hit against the threshold 4.
    let mut host = FakeHost::new(&[(
        HookPoint::InitialRollTriggers,
        vec![
            Effect::Reroll { dice: vec![0] },
            Effect::DiceModifier { amount: 2 },
        ],
    )]);
    let mut seats = Seats {
        dark: Box::new(GreedyPlayer::default()),
        light: Box::new(GreedyPlayer::default()),
    };
    let mut game = Game::new(
        fake_board(vec![1, 1, 1, 6]),
        header(),
        &mut host,
        &mut seats,
    );
    let _ = game.run_from(
        crate::model::state::TurnStep::Battle(Arena::Ground),
        StopAt::AttackEnd,
    );
    assert_eq!(game.state.unit(UnitId(1)).map(|u| u.damage), Some(1));
    assert!(
        game.log
            .events()
            .any(|e| matches!(e, Event::Hits { hits: 1, .. }))
    );
}

#[test]
fn a_reroll_after_hits_are_counted_is_refused() {
    let mut host = FakeHost::new(&[(
        HookPoint::HitsCounted,
        vec![Effect::Reroll { dice: vec![0] }],
    )]);
    let mut seats = Seats {
        dark: Box::new(GreedyPlayer::default()),
        light: Box::new(GreedyPlayer::default()),
    };
    let mut game = Game::new(fake_board(vec![4, 4, 4]), header(), &mut host, &mut seats);
    let result = game.run_from(
        crate::model::state::TurnStep::Battle(Arena::Ground),
        StopAt::AttackEnd,
    );
    let err = result.unwrap_err().to_string();
    assert!(err.contains("already counted"), "{err}");
}

#[test]
fn move_and_grant_effects_move_a_unit_and_give_an_ability_until_its_duration_ends() {
    let grant = Effect::Grant {
        unit: 1,
        text: "Fake".into(),
        duration: swtcg_plugin_api::Duration::EndOfTurn,
    };
    let mut host = FakeHost::new(&[(
        HookPoint::BattleStepStart,
        vec![
            Effect::MoveUnit {
                unit: 0,
                zone: swtcg_plugin_api::Zone::BuildZone,
            },
            grant,
        ],
    )]);
    let mut seats = Seats {
        dark: Box::new(GreedyPlayer::default()),
        light: Box::new(GreedyPlayer::default()),
    };
    let mut game = Game::new(fake_board(vec![]), header(), &mut host, &mut seats);
    let _ = game.run_from(
        crate::model::state::TurnStep::Battle(Arena::Ground),
        StopAt::StepEnd,
    );
    assert_eq!(
        game.state.unit(UnitId(0)).map(|u| u.place),
        Some(crate::model::Place::BuildZone)
    );
    assert_eq!(game.state.unit(UnitId(1)).map(|u| u.granted.len()), Some(1));
    // The Light unit now has "Fake" among its abilities.
    let abilities = game.abilities_of(UnitId(1)).ok().unwrap();
    assert!(abilities.iter().any(|a| &*a.keyword == "Fake"));
    game.expire(crate::model::Duration::EndOfTurn);
    assert_eq!(game.state.unit(UnitId(1)).map(|u| u.granted.len()), Some(0));
}

#[test]
fn a_kept_ability_hears_hooks_only_where_its_manifest_names_the_zone_lasting() {
    // A Battle card's ability a `lasts` effect keeps in effect (`GameState::lasting`) is called
    // at its plugin's hooks, as a card not in play, only if the manifest's zones name `lasting`;
    // `forbids` alone is asked of it otherwise.
    for (zones, called) in [("", false), ("zones = [\"lasting\"]\n", true)] {
        let mut host = FakeHost::with_lines(
            &[(
                HookPoint::BattleStepStart,
                vec![Effect::GainForce { amount: 3 }],
            )],
            zones,
        );
        let mut state = board(vec![1, 1, 1]);
        let mut def = CardDef::unit("Kept", CardSide::Light, vec![Arena::Ground], [0, 0, 0, 0]);
        def.abilities = vec!["Fake".into()];
        let card = state.new_card(Arc::new(def), Side::Light);
        state.lasting.push(crate::model::Lasting {
            card,
            ability: 0,
            controller: Side::Light,
            duration: crate::model::Duration::EndOfTurn,
        });
        let force = state.player(Side::Light).force;
        let mut seats = Seats {
            dark: Box::new(GreedyPlayer::default()),
            light: Box::new(GreedyPlayer::default()),
        };
        let mut game = Game::new(state, header(), &mut host, &mut seats);
        let _ = game.run_from(
            crate::model::state::TurnStep::Battle(Arena::Ground),
            StopAt::AttackEnd,
        );
        let gained = game.state.player(Side::Light).force - force;
        assert_eq!(gained, if called { 3 } else { 0 }, "zones {zones:?}");
    }
}

/// Runs the ground battle step of the fake board with `host`, which must stop it with a plugin
/// failure (the ruleset stops at one): the error, and the game as it was left.
fn refused_at_the_ground_battle_step(mut host: FakeHost) -> (String, GameState) {
    let mut seats = Seats {
        dark: Box::new(GreedyPlayer::default()),
        light: Box::new(GreedyPlayer::default()),
    };
    let mut game = Game::new(fake_board(vec![]), header(), &mut host, &mut seats);
    let err = game
        .run_from(
            crate::model::state::TurnStep::Battle(Arena::Ground),
            StopAt::StepEnd,
        )
        .unwrap_err()
        .to_string();
    (err, (*game.state).clone())
}

#[test]
fn a_move_to_an_arena_off_the_type_line_is_refused() {
    let host = FakeHost::new(&[(
        HookPoint::BattleStepStart,
        vec![Effect::MoveUnit {
            unit: 0,
            zone: swtcg_plugin_api::Zone::Space,
        }],
    )]);
    let (err, state) = refused_at_the_ground_battle_step(host);
    assert!(err.contains("not an arena of its type line"), "{err}");
    assert_eq!(
        state.unit(UnitId(0)).map(|u| u.place),
        Some(crate::model::Place::Arena(Arena::Ground))
    );
}

#[test]
fn a_disrupt_outside_a_disrupt_pop_is_refused_naming_the_effect() {
    // Game 13.9: only a card or ability being played can be disrupted, in its disrupt POP; a
    // trigger proposing it at the start of a battle step is the plugin's failure, and nothing
    // of its call applies.
    let host = FakeHost::new(&[(
        HookPoint::BattleStepStart,
        vec![Effect::Tap { unit: 1 }, Effect::Disrupt { play: 0 }],
    )]);
    let (err, state) = refused_at_the_ground_battle_step(host);
    assert!(
        err.contains("Disrupt") && err.contains("disrupt POP"),
        "{err}"
    );
    assert_eq!(state.unit(UnitId(1)).map(|u| u.tapped), Some(false));
    assert!(state.plays.is_empty());
}

#[test]
fn a_units_ability_that_would_last_beyond_its_card_is_refused() {
    // API 1.14 `lasts`: only a Battle card's or Mission's ability, played or resolved, stays in
    // effect after its card; a unit's trigger proposing it is the plugin's failure, and nothing
    // of its call applies.
    let host = FakeHost::new(&[(
        HookPoint::BattleStepStart,
        vec![
            Effect::Tap { unit: 1 },
            Effect::Lasts {
                duration: swtcg_plugin_api::Duration::EndOfTurn,
            },
        ],
    )]);
    let (err, state) = refused_at_the_ground_battle_step(host);
    assert!(err.contains("can last"), "{err}");
    assert_eq!(state.unit(UnitId(1)).map(|u| u.tapped), Some(false));
    assert!(state.lasting.is_empty());
}

#[test]
fn build_counters_on_a_unit_in_play_are_refused() {
    // API 1.14 `build-counters`: only a card being built in a build zone takes build counters
    // (game 7.2); proposed for a unit in an arena, the call is the plugin's failure.
    let host = FakeHost::new(&[(
        HookPoint::BattleStepStart,
        vec![Effect::BuildCounters { unit: 1, amount: 2 }],
    )]);
    let (err, state) = refused_at_the_ground_battle_step(host);
    assert!(err.contains("no card being built"), "{err}");
    assert_eq!(state.unit(UnitId(1)).map(|u| u.build_counters), Some(0));
}

#[test]
fn effects_put_off_by_a_plugin_that_does_not_answer_later_are_refused() {
    // API 1.15 `later`: the host asks the ability again when the build step starts, so a plugin
    // whose manifest does not list the query can't put anything off; the call is its failure,
    // and nothing of it applies or waits.
    let host = FakeHost::new(&[(
        HookPoint::BattleStepStart,
        vec![Effect::Tap { unit: 1 }, Effect::Later { tag: 0 }],
    )]);
    let (err, state) = refused_at_the_ground_battle_step(host);
    assert!(err.contains("query `later`"), "{err}");
    assert_eq!(state.unit(UnitId(1)).map(|u| u.tapped), Some(false));
    assert!(state.at_build_step_start.is_empty());
}

#[test]
fn a_saved_effect_reads_as_it_was_written_before_later_existed() {
    use crate::model::{CardId, Saved, SavedEffect};
    // A Bounty's effect keeps its field `delayed` beside the others, as saves before API 1.15
    // wrote it; a saved `later` call writes its card, ability and tag there instead.
    let bounty = SavedEffect {
        side: Side::Light,
        what: Saved::Effect {
            delayed: swtcg_plugin_api::Delayed::GainForce { amount: 2 },
        },
        unit: UnitId(3),
        text: "Bounty: Gain 2 Force.".into(),
    };
    let written = serde_json::to_value(&bounty).unwrap();
    assert_eq!(
        written["delayed"],
        serde_json::json!({"delayed": "gain-force", "amount": 2})
    );
    assert!(written.get("what").is_none());
    assert_eq!(
        serde_json::from_value::<SavedEffect>(written).unwrap(),
        bounty
    );
    let later = SavedEffect {
        what: Saved::Later {
            card: CardId(7),
            ability: 1,
            tag: 0,
        },
        ..bounty
    };
    let written = serde_json::to_value(&later).unwrap();
    assert_eq!(written["tag"], 0);
    assert_eq!(
        serde_json::from_value::<SavedEffect>(written).unwrap(),
        later
    );
}

/// Runs the ground battle step of `board` with the "Fake" keyword proposing `effects` when it
/// starts: the error that stopped it, if any, and the log.
fn ground_battle_step(board: GameState, effects: Vec<Effect>) -> (Option<String>, GameLog) {
    let (error, log, _) = the_ground_step(board, effects);
    (error, log)
}

/// [`ground_battle_step`] with the game's state as it was left.
fn the_ground_step(board: GameState, effects: Vec<Effect>) -> (Option<String>, GameLog, GameState) {
    let mut host = FakeHost::new(&[(HookPoint::BattleStepStart, effects)]);
    let mut seats = Seats {
        dark: Box::new(GreedyPlayer::default()),
        light: Box::new(GreedyPlayer::default()),
    };
    let mut game = Game::new(board, header(), &mut host, &mut seats);
    let result = game.run_from(
        crate::model::state::TurnStep::Battle(Arena::Ground),
        StopAt::StepEnd,
    );
    let state = (*game.state).clone();
    (result.err().map(|e| e.to_string()), game.log.clone(), state)
}

#[test]
fn what_a_plugin_proposes_is_logged_before_it_applies_and_a_refusal_names_the_ability() {
    // Issue 19: the log says which plugin, at which hook, for which ability proposed what.
    let tap = Effect::Tap { unit: 1 };
    let (_, log) = ground_battle_step(fake_board(vec![]), vec![tap.clone()]);
    let proposed = log.entries.iter().find_map(|entry| match entry {
        LogEntry::Event {
            event:
                Event::Proposed {
                    by,
                    hook,
                    unit,
                    text,
                    effects,
                },
        } => Some((
            by.clone(),
            hook.clone(),
            *unit,
            text.clone(),
            effects.clone(),
        )),
        _ => None,
    });
    assert_eq!(
        proposed,
        Some((
            "fake@1.0.0".to_string(),
            "battle-step-start".to_string(),
            UnitId(0),
            "Fake".to_string(),
            vec![tap]
        ))
    );
    // A refused call is not logged as proposed, and its error names the ability.
    let host = FakeHost::new(&[(HookPoint::BattleStepStart, vec![Effect::Tap { unit: 77 }])]);
    let (err, _) = refused_at_the_ground_battle_step(host);
    assert!(err.contains("the ability \"Fake\" of unit 0"), "{err}");
}

#[test]
fn a_location_is_no_unit_that_effects_can_damage_or_tap() {
    // Game 16.1: a Location in an arena is in play, but no unit: damage and taps naming it are
    // refused, naming it as a Location; counters may go on it.
    let mut state = fake_board(vec![]);
    if let Some(u) = state.unit_mut(UnitId(1)) {
        u.place = crate::model::Place::Location(Arena::Ground);
    }
    let refused = |effect: Effect| ground_battle_step(state.clone(), vec![effect]).0;
    for effect in [
        Effect::Tap { unit: 1 },
        Effect::DiceOfDamage {
            source: 0,
            target: 1,
            dice: 2,
        },
    ] {
        let err = refused(effect.clone()).unwrap_or_default();
        assert!(
            err.contains("is a Location, not a unit"),
            "{effect:?}: {err}"
        );
    }
    assert_eq!(
        refused(Effect::Counters {
            unit: 1,
            kind: "corruption".into(),
            amount: 1,
        }),
        None
    );
}

/// A host whose "Fake" keyword says its unit rolls secretly (Cunning's query).
struct SecretHost {
    manifest: crate::manifest::Manifest,
}

impl SecretHost {
    fn new() -> Self {
        let text = "[keyword]\nid = \"fake\"\nname = \"Fake\"\nversion = \"1.0.0\"\napi = \"^1.1\"\ntemplate = \"Fake\"\nparameter = \"none\"\nclass = [\"isolated\", \"static\"]\nqueries = [\"secret-roll\"]\n";
        SecretHost {
            manifest: crate::manifest::Manifest::parse("fake.toml", text).unwrap(),
        }
    }
}

impl AbilityHost for SecretHost {
    fn plugin_for(&self, keyword: &str) -> Option<crate::hooks::PluginId> {
        keyword.eq_ignore_ascii_case("fake").then_some(0)
    }
    fn manifest(&self, _: crate::hooks::PluginId) -> &crate::manifest::Manifest {
        &self.manifest
    }
    fn keyword_names(&self) -> Vec<String> {
        vec!["Fake".into()]
    }
    fn card_plugins(&self) -> Vec<crate::hooks::PluginId> {
        Vec::new()
    }

    fn any_subscribed(&self, _: HookPoint) -> bool {
        false
    }
    fn any_answers(&self, query: swtcg_plugin_api::Query) -> bool {
        query == swtcg_plugin_api::Query::SecretRoll
    }
    fn call_hook(
        &mut self,
        _: crate::hooks::PluginId,
        _: HookPoint,
        _: &swtcg_plugin_api::Ability,
        _: &HookEvent,
        _: &GameState,
    ) -> Result<Vec<Effect>, HookError> {
        Ok(Vec::new())
    }
    fn query(
        &mut self,
        _: crate::hooks::PluginId,
        _: &swtcg_plugin_api::Ability,
        call: &swtcg_plugin_api::QueryCall,
        _: &GameState,
    ) -> Result<swtcg_plugin_api::QueryAnswer, HookError> {
        Ok(swtcg_plugin_api::QueryAnswer::Flag(matches!(
            call,
            swtcg_plugin_api::QueryCall::SecretRoll
        )))
    }
}

/// Passes every decision and records, per decision, the deciding side, the POP if any and the
/// attack dice it was shown.
#[derive(Default)]
struct Spy {
    seen: Vec<(Side, Option<Pop>, Vec<u8>)>,
}

impl Decider for Spy {
    fn decide(&mut self, state: &GameState, decision: &Decision) -> Result<usize, DecideError> {
        let pop = match decision.kind {
            DecisionKind::Pop { pop } => Some(pop),
            _ => None,
        };
        let dice = state
            .attack
            .as_ref()
            .map(|a| a.dice.iter().map(|d| d.natural).collect())
            .unwrap_or_default();
        self.seen.push((decision.player, pop, dice));
        Ok(decision
            .options
            .iter()
            .position(|c| *c == Choice::Pass)
            .unwrap_or(0))
    }
    fn wants_trivial(&mut self, _: &GameState, _: &Decision) -> bool {
        true
    }
}

#[test]
fn secret_attack_dice_are_hidden_from_the_defending_player_until_after_damage_prevention() {
    // Keywords.md (Cunning): the attack dice are "shown to the opponent only after damage
    // prevention". The Dark unit (power 3, "Fake" = Cunning) rolls 5, 5, 5.
    let mut host = SecretHost::new();
    let mut spy = Spy::default();
    let mut game = Game::new(fake_board(vec![5, 5, 5]), header(), &mut host, &mut spy);
    let _ = game.run_from(
        crate::model::state::TurnStep::Battle(Arena::Ground),
        StopAt::AttackEnd,
    );
    assert_eq!(game.state.unit(UnitId(1)).map(|u| u.damage), Some(3));
    drop(game);
    let light_in = |pop: Pop| {
        spy.seen
            .iter()
            .find(|(side, p, _)| *side == Side::Light && *p == Some(pop))
            .map(|(_, _, dice)| dice.clone())
    };
    let dark_in = |pop: Pop| {
        spy.seen
            .iter()
            .find(|(side, p, _)| *side == Side::Dark && *p == Some(pop))
            .map(|(_, _, dice)| dice.clone())
    };
    assert_eq!(light_in(Pop::DamagePrevention), Some(vec![0, 0, 0]));
    assert_eq!(light_in(Pop::Reroll), Some(vec![0, 0, 0]));
    assert_eq!(dark_in(Pop::DamagePrevention), Some(vec![5, 5, 5]));
    assert_eq!(light_in(Pop::AttackEnd), Some(vec![5, 5, 5]));
}

/// A host whose "Fake" keyword offers, in its controller's build step, to board the unit
/// `onto` (a Pilot's move, API 1.4 `board`), as the Pilot plugin does.
struct BoardingHost {
    manifest: crate::manifest::Manifest,
    onto: u32,
}

impl AbilityHost for BoardingHost {
    fn plugin_for(&self, keyword: &str) -> Option<crate::hooks::PluginId> {
        keyword.eq_ignore_ascii_case("fake").then_some(0)
    }
    fn manifest(&self, _: crate::hooks::PluginId) -> &crate::manifest::Manifest {
        &self.manifest
    }
    fn keyword_names(&self) -> Vec<String> {
        vec!["Fake".into()]
    }
    fn card_plugins(&self) -> Vec<crate::hooks::PluginId> {
        Vec::new()
    }
    fn any_answers(&self, query: swtcg_plugin_api::Query) -> bool {
        query == swtcg_plugin_api::Query::BuildActivations
    }
    fn any_subscribed(&self, _: HookPoint) -> bool {
        false
    }
    fn call_hook(
        &mut self,
        _: crate::hooks::PluginId,
        _: HookPoint,
        _: &swtcg_plugin_api::Ability,
        _: &HookEvent,
        _: &GameState,
    ) -> Result<Vec<Effect>, HookError> {
        Ok(Vec::new())
    }
    fn query(
        &mut self,
        _: crate::hooks::PluginId,
        _: &swtcg_plugin_api::Ability,
        call: &swtcg_plugin_api::QueryCall,
        _: &GameState,
    ) -> Result<swtcg_plugin_api::QueryAnswer, HookError> {
        use swtcg_plugin_api::{Activation, QueryAnswer, QueryCall};
        match call {
            QueryCall::BuildActivations { .. } => Ok(QueryAnswer::Activations(vec![Activation {
                label: "Board".into(),
                cost: None,
                targets: vec![self.onto],
                max_amount: None,
                replaces: false,
            }])),
            QueryCall::Activate { .. } => Ok(QueryAnswer::Effects(vec![Effect::Board {
                onto: self.onto,
            }])),
            other => Err(HookError {
                plugin: "fake".into(),
                hook: other.query().name().into(),
                reason: "not asked in this test".into(),
            }),
        }
    }
}

#[test]
fn two_abilities_of_one_pilot_card_offer_one_move_onto_a_unit() {
    // Game 12.3: "Several Pilot abilities of one card for the same subtype count as one". A
    // card with two Pilot abilities boards the Dark unit by one build action; another Pilot
    // card's own move onto it is another action.
    let mut state = board(Vec::new());
    state.step = crate::model::state::TurnStep::Build(Side::Dark);
    let mut pilot = |abilities: Vec<String>| {
        let mut def = CardDef::unit(
            "pilot",
            CardSide::Dark,
            vec![Arena::Character],
            [2, 20, 2, 2],
        );
        def.abilities = abilities;
        let card = state.new_card(Arc::new(def), Side::Dark);
        state.add_unit(crate::model::Unit::new(
            Side::Dark,
            card,
            crate::model::Place::Arena(Arena::Character),
        ))
    };
    let wedge = pilot(vec!["Fake".into(), "Fake".into()]);
    let rookie = pilot(vec!["Fake".into()]);
    let text = "[keyword]\nid = \"fake\"\nname = \"Fake\"\nversion = \"1.0.0\"\napi = \"^1.4\"\ntemplate = \"Fake\"\nparameter = \"none\"\nclass = [\"static\"]\nqueries = [\"build-activations\"]\n";
    let mut host = BoardingHost {
        manifest: crate::manifest::Manifest::parse("fake.toml", text).unwrap(),
        onto: 0,
    };
    let mut seats = Seats {
        dark: Box::new(GreedyPlayer::default()),
        light: Box::new(GreedyPlayer::default()),
    };
    let mut game = Game::new(state, header(), &mut host, &mut seats);
    let options = game.build_activation_options(Side::Dark).ok().unwrap();
    let by = |unit: UnitId| {
        options
            .iter()
            .filter(|c| matches!(c, Choice::Activate { unit: u, .. } if *u == unit))
            .count()
    };
    assert_eq!((by(wedge), by(rookie)), (1, 1), "{options:?}");
}

#[test]
fn texts_with_control_characters_in_effects_are_refused() {
    // A note key, counter kind, granted text or choice that would put an escape sequence into
    // the game state (shown to players, kept in logs) fails the call whole.
    for effect in [
        Effect::Note {
            unit: 0,
            key: "\u{1b}[2J".into(),
            value: 1,
            duration: swtcg_plugin_api::Duration::EndOfTurn,
        },
        Effect::Counters {
            unit: 0,
            kind: "shield\nPASS".into(),
            amount: 1,
        },
        Effect::Grant {
            unit: 0,
            text: "Fake\u{202e}".into(),
            duration: swtcg_plugin_api::Duration::EndOfTurn,
        },
    ] {
        let mut host = FakeHost::new(&[(HookPoint::AttackDeclared, vec![effect.clone()])]);
        let mut seats = Seats {
            dark: Box::new(GreedyPlayer::default()),
            light: Box::new(GreedyPlayer::default()),
        };
        let mut game = Game::new(fake_board(vec![4, 4, 4]), header(), &mut host, &mut seats);
        let result = game.run_from(
            crate::model::state::TurnStep::Battle(Arena::Ground),
            StopAt::AttackEnd,
        );
        let err = result.unwrap_err().to_string();
        assert!(err.contains("control or invisible"), "{effect:?}: {err}");
        let unit = game.state.unit(UnitId(0)).unwrap();
        assert!(unit.notes.is_empty() && unit.counters.is_empty() && unit.granted.is_empty());
    }
}

/// A host with one card plugin that claims the text "Shared text." and counts the
/// `understands` it is asked, keeping resolved texts across games as the registry does.
struct TextsHost {
    manifest: crate::manifest::Manifest,
    understands: u32,
    kept: crate::game::ResolvedTexts,
}

impl AbilityHost for TextsHost {
    fn plugin_for(&self, _: &str) -> Option<crate::hooks::PluginId> {
        None
    }
    fn manifest(&self, _: crate::hooks::PluginId) -> &crate::manifest::Manifest {
        &self.manifest
    }
    fn keyword_names(&self) -> Vec<String> {
        Vec::new()
    }
    fn card_plugins(&self) -> Vec<crate::hooks::PluginId> {
        vec![0]
    }
    fn any_answers(&self, query: swtcg_plugin_api::Query) -> bool {
        query == swtcg_plugin_api::Query::Understands
    }
    fn any_subscribed(&self, _: HookPoint) -> bool {
        false
    }
    fn call_hook(
        &mut self,
        _: crate::hooks::PluginId,
        _: HookPoint,
        _: &swtcg_plugin_api::Ability,
        _: &HookEvent,
        _: &GameState,
    ) -> Result<Vec<Effect>, HookError> {
        Ok(Vec::new())
    }
    fn query(
        &mut self,
        _: crate::hooks::PluginId,
        ability: &swtcg_plugin_api::Ability,
        call: &swtcg_plugin_api::QueryCall,
        _: &GameState,
    ) -> Result<swtcg_plugin_api::QueryAnswer, HookError> {
        assert_eq!(*call, swtcg_plugin_api::QueryCall::Understands);
        self.understands += 1;
        Ok(swtcg_plugin_api::QueryAnswer::Flag(
            ability.parameter == "Shared text.",
        ))
    }
    fn resolved_texts(&mut self) -> Option<&mut crate::game::ResolvedTexts> {
        Some(&mut self.kept)
    }
}

#[test]
fn a_host_that_keeps_resolved_texts_asks_understands_once_per_text_and_ruleset() {
    // Issue 21: every game starts with fresh plugin instances, and asking the card plugins about
    // each printed text again in every game instantiated them all. A host keeping resolved texts
    // is asked once per text; another ruleset (which a plugin may read) starts again.
    let text = "[card]\nid = \"card-shared\"\nname = \"Shared card text\"\nversion = \"1.0.0\"\napi = \"^1.1\"\nclass = [\"static\"]\nqueries = [\"understands\"]\n";
    let mut host = TextsHost {
        manifest: crate::manifest::Manifest::parse("card.toml", text).unwrap(),
        understands: 0,
        kept: Default::default(),
    };
    let play = |host: &mut TextsHost, ruleset: Ruleset| {
        let mut state = GameState::new(Arc::new(ruleset), 0);
        let mut def = CardDef::unit("u", CardSide::Dark, vec![Arena::Ground], [1, 1, 1, 1]);
        def.abilities = vec!["Shared text.".into(), "Other text.".into()];
        let card = state.new_card(Arc::new(def), Side::Dark);
        let mut seats = Seats {
            dark: Box::new(GreedyPlayer::default()),
            light: Box::new(GreedyPlayer::default()),
        };
        let mut game = Game::new(state, header(), host, &mut seats);
        let claimed = game.resolve_text_of(card, 0).is_some();
        let unclaimed = game.resolve_text_of(card, 1).is_none();
        assert!(claimed && unclaimed);
    };
    play(&mut host, Ruleset::default());
    assert_eq!(
        host.understands, 2,
        "each text asked once in the first game"
    );
    play(&mut host, Ruleset::default());
    assert_eq!(
        host.understands, 2,
        "a later game with the same ruleset asks nothing"
    );
    let other = Ruleset {
        name: "other".into(),
        ..Ruleset::default()
    };
    play(&mut host, other);
    assert_eq!(host.understands, 4, "another ruleset asks again");
    host.kept.clear();
    play(&mut host, Ruleset::default());
    assert_eq!(host.understands, 6, "a cleared host asks again");
}

#[test]
fn a_step_that_ends_no_modifier_leaves_the_state_and_its_revision_alone() {
    // Issue 21: the plugins' kept answers last as long as the revision; ending a duration that
    // nothing has must not advance it, and ending one that something has must.
    let mut seats = Seats {
        dark: Box::new(GreedyPlayer::default()),
        light: Box::new(GreedyPlayer::default()),
    };
    let mut host = NoPlugins;
    let mut game = Game::new(board(Vec::new()), header(), &mut host, &mut seats);
    let before = game.state.revision();
    game.expire(crate::model::Duration::EndOfTurn);
    assert_eq!(game.state.revision(), before);
    let id = *game.state.units.keys().next().unwrap();
    let modifier = crate::model::Modifier {
        speed: 0,
        power: 2,
        health: 0,
        duration: crate::model::Duration::EndOfTurn,
        source: None,
    };
    game.state.unit_mut(id).unwrap().modifiers.push(modifier);
    let with_modifier = game.state.revision();
    game.expire(crate::model::Duration::ThisAttack);
    assert_eq!(game.state.revision(), with_modifier);
    assert_eq!(game.state.unit(id).unwrap().modifiers.len(), 1);
    game.expire(crate::model::Duration::EndOfTurn);
    assert_ne!(game.state.revision(), with_modifier);
    assert!(game.state.unit(id).unwrap().modifiers.is_empty());
}

/// The fake board with three cards in the Dark Side's deck, top first: two Ground unit cards and
/// a Battle card between them; their ids. The dice all miss, so that the step's attacks end.
fn board_with_a_deck() -> (GameState, [crate::model::CardId; 3]) {
    let mut state = fake_board(vec![1; 60]);
    let unit = |name: &str| {
        Arc::new(CardDef::unit(
            name,
            CardSide::Dark,
            vec![Arena::Ground],
            [3, 20, 2, 2],
        ))
    };
    let mut battle = CardDef::unit("Surprise", CardSide::Dark, Vec::new(), [0; 4]);
    battle.card_type = crate::model::CardType::Battle;
    let cards = [
        state.new_card(unit("Trooper A"), Side::Dark),
        state.new_card(Arc::new(battle), Side::Dark),
        state.new_card(unit("Trooper B"), Side::Dark),
    ];
    state.player_mut(Side::Dark).deck = cards.to_vec();
    (state, cards)
}

/// A pick of `cards` with the given count and destination, the Dark Side's deck shuffled.
fn pick(cards: &[crate::model::CardId], count: u32, to: swtcg_plugin_api::Destination) -> Effect {
    Effect::PickCards(swtcg_plugin_api::PickCards {
        cards: cards.iter().map(|c| c.0).collect(),
        count,
        up_to: false,
        shuffle: Some(swtcg_plugin_api::Side::Dark),
        picker: swtcg_plugin_api::Side::Dark,
        to,
    })
}

/// The ground battle step of `board` with "Fake" proposing `effects` when it starts: the error
/// that stopped it, if any, and the game as it was left.
fn after_the_ground_step(board: GameState, effects: Vec<Effect>) -> (Option<String>, GameState) {
    let (error, _, state) = the_ground_step(board, effects);
    (error, state)
}

#[test]
fn picked_unit_cards_go_into_play_and_the_searched_deck_keeps_the_rest() {
    // API 1.11 `pick-cards`: both unit cards the plugin names go from the deck into the Ground
    // arena, the only arena of their type line (game 4.4); the Battle card it did not name stays
    // in the deck, which is shuffled (game 4.1).
    let (state, [a, battle, b]) = board_with_a_deck();
    let effect = pick(&[a, b], 2, swtcg_plugin_api::Destination::Play);
    let (error, state) = after_the_ground_step(state, vec![effect]);
    assert_eq!(error, None);
    assert_eq!(state.player(Side::Dark).deck, vec![battle]);
    for card in [a, b] {
        let unit = state.units.values().find(|u| u.top() == card);
        assert_eq!(
            unit.map(|u| u.place),
            Some(crate::model::Place::Arena(Arena::Ground))
        );
    }
}

#[test]
fn a_picked_card_goes_into_the_build_zone_with_its_counters_and_a_battle_card_not_into_play() {
    let (state, [a, battle, _]) = board_with_a_deck();
    let effects = vec![
        pick(&[a], 1, swtcg_plugin_api::Destination::BuildZone(2)),
        // Only a unit card can be put into play: the Battle card stays in the deck.
        pick(&[battle], 1, swtcg_plugin_api::Destination::Play),
    ];
    let (error, state) = after_the_ground_step(state, effects);
    assert_eq!(error, None);
    let built = state.units.values().find(|u| u.top() == a).unwrap();
    assert_eq!(
        (built.place, built.built, built.build_counters),
        (crate::model::Place::BuildZone, false, 2)
    );
    assert!(state.player(Side::Dark).deck.contains(&battle));
    assert_eq!(state.player(Side::Dark).deck.len(), 2);
}

#[test]
fn a_pick_of_a_card_in_no_pile_or_named_twice_is_refused_and_moves_nothing() {
    for cards in [
        // The Dark unit's own card, which is in play.
        |_: [crate::model::CardId; 3], state: &GameState| vec![state.units[&UnitId(0)].top()],
        |c: [crate::model::CardId; 3], _: &GameState| vec![c[0], c[0]],
    ] {
        let (state, ids) = board_with_a_deck();
        let listed = cards(ids, &state);
        let effect = pick(&listed, 1, swtcg_plugin_api::Destination::Hand);
        let (error, state) = after_the_ground_step(state, vec![effect]);
        let error = error.expect("refused");
        assert!(
            error.contains("no deck, discard pile or hand") || error.contains("listed twice"),
            "{error}"
        );
        assert_eq!(state.player(Side::Dark).deck, ids.to_vec());
        assert!(state.player(Side::Dark).hand.is_empty());
    }
}
