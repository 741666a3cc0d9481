//! `swtcg event simulate`: a whole event played by the greedy AI, to try an event before it is
//! held. Each round is paired as `event pair` does, each game is played under the event's lock
//! with the players' registered decks and the event's seed for it, and its log is written into
//! the event folder and reported as `event report` does: verified by replay before it counts.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, bail};
use clap::Args;
use swtcg_engine::decision::Seats;
use swtcg_engine::event::{Ending, GameResult};
use swtcg_engine::log::Participant;
use swtcg_engine::plugins::Registry;
use swtcg_engine::sim::{Ai, Bounded};
use swtcg_engine::text::escape_controls;
use swtcg_engine::{Game, Side};

use super::report::{log_name, report};
use super::{EventDir, print_standings};
use crate::setup::Setup;

#[derive(Args)]
pub struct SimulateArgs {
    /// The event folder (made by `swtcg event new`).
    dir: PathBuf,
    /// Play until this many rounds are paired and reported; default: every planned round.
    #[arg(long)]
    rounds: Option<u32>,
}

pub fn run(args: SimulateArgs) -> anyhow::Result<ExitCode> {
    let mut folder = EventDir::open(&args.dir)?;
    let target = args.rounds.unwrap_or(folder.event.rounds);
    if target > folder.event.rounds {
        bail!(
            "the event has {} rounds planned (swtcg event new --rounds)",
            folder.event.rounds
        );
    }
    let setup = folder.setup()?;
    let mut host = setup.load_host()?;
    std::fs::create_dir_all(folder.path("games"))?;
    loop {
        let unreported = folder.event.unreported();
        if unreported.is_empty() {
            if folder.event.played.len() as u32 >= target {
                break;
            }
            folder.event.pair_next()?;
            folder.save()?;
            print_pairing(&folder);
            continue;
        }
        for (round, table) in unreported {
            let logs = play_match(&folder, &setup, &mut host, round, table)?;
            if let Err(refusal) = report(&mut folder, &setup, round, table, &logs)? {
                println!("{refusal}");
                return Ok(ExitCode::from(1));
            }
        }
    }
    println!();
    print_standings(&folder.event);
    Ok(ExitCode::SUCCESS)
}

/// The last paired round in one line per table.
fn print_pairing(folder: &EventDir) {
    let Some(round) = folder.event.played.last() else {
        return;
    };
    let mut seats: Vec<String> = round
        .tables
        .iter()
        .map(|t| format!("table {}: {} vs {}", t.number, t.players[0], t.players[1]))
        .collect();
    seats.extend(round.bye.iter().map(|bye| format!("bye: {bye}")));
    println!(
        "Round {} paired: {}",
        round.number,
        escape_controls(&seats.join("; "))
    );
}

/// Plays a table's match with the greedy AI, game after game until it is decided, and returns
/// the logs written into the event folder.
fn play_match(
    folder: &EventDir,
    setup: &Setup,
    host: &mut Registry,
    round: u32,
    table: u32,
) -> anyhow::Result<Vec<PathBuf>> {
    let event = &folder.event;
    let mut probe = event.table(round, table)?.clone();
    probe.games.clear();
    let mut logs = Vec::new();
    while event.match_goes_on(&probe) {
        let game = probe.games.len() as u32 + 1;
        let [dark, light] = event.sides(round, table, game)?;
        let (dark_deck, dark_cards) = folder.registered_cards(setup, dark, Side::Dark)?;
        let (light_deck, light_cards) = folder.registered_cards(setup, light, Side::Light)?;
        let seed = event.game_seed(round, table, game);
        let mut seats = Bounded::new(Seats {
            dark: Ai::Greedy.player(seed, Side::Dark),
            light: Ai::Greedy.player(seed, Side::Light),
        });
        let mut run = Game::from_decks(
            [dark_cards, light_cards],
            seed,
            setup.ruleset.clone(),
            host,
            &mut seats,
        );
        setup.fill_header(&mut run.log.header, Vec::new());
        run.log.header.players = [
            Participant {
                name: Some(dark.to_string()),
                deck: Some(dark_deck),
            },
            Participant {
                name: Some(light.to_string()),
                deck: Some(light_deck),
            },
        ];
        let result = run.play();
        let (log, turn) = (run.log.clone(), run.state.turn);
        drop(run);
        let path = folder.path(&log_name(round, table, game));
        std::fs::write(&path, log.to_jsonl())
            .with_context(|| format!("writing {}", path.display()))?;
        let outcome = result.with_context(|| {
            format!(
                "round {round}, table {table}, game {game} (seed {seed}) stopped; its log is {}",
                path.display()
            )
        })?;
        let Some((ending, winner)) = Ending::of(outcome) else {
            bail!("round {round}, table {table}, game {game} (seed {seed}) stopped early");
        };
        let names = [dark.to_string(), light.to_string()];
        probe.games.push(GameResult {
            log: log_name(round, table, game),
            sha256: String::new(),
            dark: names[0].clone(),
            light: names[1].clone(),
            ending,
            winner: winner.map(|side| names[side.index()].clone()),
            turn,
        });
        logs.push(path);
    }
    Ok(logs)
}
