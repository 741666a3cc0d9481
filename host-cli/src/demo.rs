//! `swtcg demo`: a complete game between two AI players on built-in or given decks.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::{Args, ValueEnum};
use swtcg_engine::deck::{DEMO_DARK, DEMO_LIGHT, SEED_DARK, SEED_LIGHT, parse_deck};
use swtcg_engine::log::Event;
use swtcg_engine::save::{Seat, Session};
use swtcg_engine::{Arena, Game, Outcome, Seats, Side};

#[derive(Args)]
pub struct DemoArgs {
    /// Seed of the game's dice and shuffles; the same seed plays the same game.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Dark Side deck file (a plain "count name" list, a TOML deck or a LackeyCCG .dek); default:
    /// the built-in deck `--decks` names.
    #[arg(long)]
    dark: Option<PathBuf>,
    /// Light Side deck file; default: the built-in deck `--decks` names.
    #[arg(long)]
    light: Option<PathBuf>,
    /// The built-in decks for a side without a deck file.
    #[arg(long, value_enum, default_value_t = Builtin::Seed)]
    decks: Builtin,
    /// The AI playing each side.
    #[arg(long, value_enum, default_value_t = Ai::Greedy)]
    ai: Ai,
    #[command(flatten)]
    game: crate::setup::GameArgs,
    #[command(flatten)]
    names: crate::setup::NameArgs,
    /// Play even when a deck holds cards the engine cannot carry out fully (a card type not
    /// played yet, or a printed ability no loaded plugin claims): those texts then do nothing,
    /// and the game log lists them. Without it such decks are refused with the list.
    #[arg(long)]
    allow_unsupported: bool,
    /// Write the game log (JSON lines) to this file, for `swtcg replay`.
    #[arg(long)]
    log: Option<PathBuf>,
    #[command(flatten)]
    save: crate::save_cmd::SaveArgs,
}

/// The built-in deck pairs (engine/data/decks).
#[derive(Clone, Copy, ValueEnum)]
enum Builtin {
    /// seed-dark.txt and seed-light.txt: real units with the seed cards Rukh (C), Krrsantan (B)
    /// and Xesh (C), every ability carried out by a bundled plugin.
    Seed,
    /// demo-dark.txt and demo-light.txt: 60 units without abilities each.
    Plain,
}

impl Builtin {
    /// The Dark and Light deck lists with the names their errors and logs use.
    fn lists(self) -> [(&'static str, &'static str); 2] {
        match self {
            Builtin::Seed => [("seed-dark", SEED_DARK), ("seed-light", SEED_LIGHT)],
            Builtin::Plain => [("demo-dark", DEMO_DARK), ("demo-light", DEMO_LIGHT)],
        }
    }
}

#[derive(Clone, Copy, ValueEnum)]
enum Ai {
    /// A simple greedy AI.
    Greedy,
    /// Uniformly random legal choices.
    Random,
}

/// The seat an AI plays, which a save records so that a resumed game goes on with it.
fn seat(ai: Ai, seed: u64) -> Seat {
    match ai {
        Ai::Greedy => Seat::Greedy,
        Ai::Random => Seat::Random { seed },
    }
}

pub fn run(args: DemoArgs) -> anyhow::Result<ExitCode> {
    let setup = args.game.resolve()?;
    let cards = &setup.cards.db;
    // Each deck with the name a log gives it: its TOML name, its file's name, or the built-in
    // deck's.
    let deck = |path: &Option<PathBuf>,
                (name, builtin): (&str, &str)|
     -> anyhow::Result<(crate::setup::GameDeck, String)> {
        match path {
            Some(path) => {
                let origin = path.display().to_string();
                let deck = parse_deck(&origin, &crate::read_text(path)?, cards)?;
                crate::deck_cmd::print_notes(&deck);
                // A demo under a tournament ruleset keeps its deck rules, as sim and play do.
                crate::setup::check_deck_rules(&origin, &deck, &setup.ruleset, cards)?;
                let title = deck.name.clone().unwrap_or_else(|| {
                    path.file_stem()
                        .map_or(origin.clone(), |s| s.to_string_lossy().into_owned())
                });
                Ok((
                    crate::setup::GameDeck {
                        name: origin,
                        cards: deck.expand_with_supply(cards),
                    },
                    title,
                ))
            }
            None => {
                let deck = parse_deck(name, builtin, cards)?;
                crate::setup::check_deck_rules(name, &deck, &setup.ruleset, cards)?;
                Ok((
                    crate::setup::GameDeck {
                        name: name.to_string(),
                        cards: deck.expand_with_supply(cards),
                    },
                    name.to_string(),
                ))
            }
        }
    };
    let [dark, light] = args.decks.lists();
    let ((dark, dark_title), (light, light_title)) =
        (deck(&args.dark, dark)?, deck(&args.light, light)?);
    let named = [dark, light];
    let kinds = [
        seat(args.ai, args.seed),
        seat(args.ai, args.seed.wrapping_add(1)),
    ];
    let mut seats = Seats {
        dark: kinds[0].player(),
        light: kinds[1].player(),
    };
    let mut host = setup.load_host()?;
    let unsupported = crate::support::gap_lines(&setup.check_support(
        &mut host,
        &named,
        args.allow_unsupported,
    )?);
    for line in &unsupported {
        println!("without (--allow-unsupported): {line}");
    }
    let mut session = Session::new(&mut seats, args.save.pause());
    let [dark, light] = named;
    let mut game = Game::from_decks(
        [dark.cards, light.cards],
        args.seed,
        setup.ruleset.clone(),
        &mut host,
        &mut session,
    );
    setup.fill_header(&mut game.log.header, unsupported);
    args.names.fill(
        &mut game.log.header,
        [dark_title.as_str(), light_title.as_str()],
    );
    let result = game.play();

    println!(
        "swtcg demo game, seed {}, ruleset {}",
        args.seed, game.state.ruleset.name
    );
    summarize(&game);
    if let Some(path) = &args.log {
        std::fs::write(path, game.log.to_jsonl())
            .with_context(|| format!("writing {}", path.display()))?;
        println!(
            "log written to {} ({} entries)",
            path.display(),
            game.log.entries.len()
        );
    }
    let (log, state) = (game.log.clone(), game.state.clone());
    drop(game);
    let turn = state.turn;
    let header = log.header.clone();
    match args.save.finish(kinds, log, state, &session, result)?? {
        Some(Outcome::Winner(side)) if header.names_players() => println!(
            "{} beats {} on turn {turn}.",
            header.side_named(side),
            header.side_named(side.opponent())
        ),
        Some(Outcome::Winner(side)) => println!("{side} wins on turn {turn}."),
        Some(Outcome::TurnLimit) => {
            println!("No winner after {turn} turns (the ruleset's turn limit).")
        }
        Some(Outcome::Stopped) => println!("The game stopped."),
        Some(Outcome::Abandoned(side)) => println!("The {side} left the game."),
        None => {}
    }
    Ok(ExitCode::SUCCESS)
}

/// One line per turn: the build roll, attacks, discards and who controls each arena.
fn summarize(game: &Game) {
    let state = &game.state;
    let (mut roll, mut attacks, mut discards) = (0, 0, Vec::new());
    let mut control = Vec::new();
    for event in game.log.events() {
        match event {
            Event::SetupEnded => {
                let count = |side| state_count(game, side);
                println!(
                    "Setup: Dark Side puts {} units in play, Light Side {}.",
                    count(Side::Dark),
                    count(Side::Light)
                );
            }
            Event::BuildPoints { amount } => roll = *amount,
            Event::Attack { .. } => attacks += 1,
            Event::Discarded { name, .. } => discards.push(name.clone()),
            Event::ArenaControl { arena, controller } => {
                let who =
                    controller.map_or("-", |s| if s == Side::Dark { "Dark" } else { "Light" });
                control.push(format!("{arena} {who}"));
                if *arena == Arena::Character {
                    let turn = control.len() / 3;
                    let lost = if discards.is_empty() {
                        String::new()
                    } else {
                        format!("; discarded: {}", discards.join(", "))
                    };
                    println!(
                        "Turn {turn:>2}: build roll {roll}, {attacks} attacks{lost}. Control: {}.",
                        control[control.len() - 3..].join(", ")
                    );
                    attacks = 0;
                    discards.clear();
                }
            }
            _ => {}
        }
    }
    for side in Side::BOTH {
        let p = state.player(side);
        let units = state
            .units
            .values()
            .filter(|u| u.controller == side && u.built)
            .count();
        println!(
            "{side}: {units} units in play, {} cards in hand, {} in deck, {} discarded, {} Force.",
            p.hand.len(),
            p.deck.len(),
            p.discard.len(),
            p.force
        );
    }
}

/// Units a side put in play during setup, counted from the log.
fn state_count(game: &Game, side: Side) -> usize {
    game.log
        .events()
        .filter(|e| matches!(e, Event::SetupPlaced { side: s, .. } if *s == side))
        .count()
}
