//! `swtcg event report`: a match's game logs count only once each is verified: played with the
//! event's seed for that game, by the table's players with their registered decks, under the
//! event's lock, and replaying move for move through the engine as `swtcg replay LOG --lock
//! LOCK` does (`replay::load_for_replay`).

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::{Context, bail};
use clap::Args;
use swtcg_engine::event::{Ending, GameResult};
use swtcg_engine::log::Event as LogEvent;
use swtcg_engine::text::escape_controls;
use swtcg_engine::{CardDef, GameLog, Side};

use super::{EventDir, no_more_plugins};
use crate::setup::Setup;

#[derive(Args)]
pub struct ReportArgs {
    /// The event folder (made by `swtcg event new`).
    dir: PathBuf,
    /// The round of the match.
    #[arg(long)]
    round: u32,
    /// The match's table in that round (as `swtcg event pair` printed it).
    #[arg(long)]
    table: u32,
    /// A game log of the match (`swtcg play --log`), in the order the games were played;
    /// repeat `--log` for each game of a longer match.
    #[arg(long = "log", value_name = "FILE", required = true)]
    logs: Vec<PathBuf>,
    /// Report a match that was reported already again, replacing its games.
    #[arg(long)]
    replace: bool,
}

/// Where a counted game's log is kept in the event folder.
pub fn log_name(round: u32, table: u32, game: u32) -> String {
    format!("games/round-{round}-table-{table}-game-{game}.jsonl")
}

pub fn run(args: ReportArgs) -> anyhow::Result<ExitCode> {
    let mut folder = EventDir::open(&args.dir)?;
    let table = folder.event.table(args.round, args.table)?;
    if !table.games.is_empty() && !args.replace {
        bail!(
            "round {}, table {} is reported already ({}); give --replace to report it again",
            args.round,
            args.table,
            folder.event.describe_match(table)
        );
    }
    let setup = folder.setup()?;
    match report(&mut folder, &setup, args.round, args.table, &args.logs)? {
        Ok(()) => Ok(ExitCode::SUCCESS),
        Err(refusal) => {
            println!("{refusal}");
            Ok(ExitCode::from(1))
        }
    }
}

/// Verifies the logs of one match and, when every one verifies, copies them into the event
/// folder, records the match and prints it. A log that does not verify is the inner error:
/// nothing is recorded then.
pub fn report(
    folder: &mut EventDir,
    setup: &Setup,
    round: u32,
    table: u32,
    logs: &[PathBuf],
) -> anyhow::Result<Result<(), String>> {
    let mut games = Vec::new();
    let mut texts = Vec::new();
    for (index, path) in logs.iter().enumerate() {
        let game = index as u32 + 1;
        match verify(folder, setup, round, table, game, path) {
            Ok((result, bytes)) => {
                games.push(result);
                texts.push(bytes);
            }
            Err(err) => {
                return Ok(Err(format!(
                    "{}: not counted (round {round}, table {table}, game {game}): {}",
                    path.display(),
                    escape_controls(&format!("{err:#}"))
                )));
            }
        }
    }
    let before = folder.event.table(round, table)?.games.len();
    let mut event = folder.event.clone();
    if let Err(err) = event.record(round, table, games.clone()) {
        return Ok(Err(err.to_string()));
    }
    std::fs::create_dir_all(folder.path("games"))?;
    for (game, (path, bytes)) in games.iter().zip(logs.iter().zip(&texts)) {
        let target = folder.path(&game.log);
        let same = std::fs::canonicalize(path).ok() == std::fs::canonicalize(&target).ok();
        if !same {
            std::fs::write(&target, bytes)
                .with_context(|| format!("writing {}", target.display()))?;
        }
    }
    // A report that replaces a longer one leaves no log of a game that no longer counts.
    for game in games.len() + 1..=before {
        let stale = folder.path(&log_name(round, table, game as u32));
        if stale.is_file() {
            std::fs::remove_file(&stale)
                .with_context(|| format!("removing {}", stale.display()))?;
        }
    }
    folder.event = event;
    folder.save()?;
    let recorded = folder.event.table(round, table)?;
    println!(
        "Round {round}, table {table}: {}",
        escape_controls(&folder.event.describe_match(recorded))
    );
    for (number, game) in recorded.games.iter().enumerate() {
        println!(
            "  game {}: {} ({} replays under the lock)",
            number + 1,
            escape_controls(&folder.event.describe_game(game)),
            game.log
        );
    }
    Ok(Ok(()))
}

/// Verifies game `game` of a table from the log at `path` and returns how it counts (with the
/// name its log gets in the event folder) and the log's bytes.
fn verify(
    folder: &EventDir,
    setup: &Setup,
    round: u32,
    table: u32,
    game: u32,
    path: &Path,
) -> anyhow::Result<(GameResult, Vec<u8>)> {
    let event = &folder.event;
    let bytes = std::fs::read(path).with_context(|| format!("reading {}", path.display()))?;
    let origin = path.display().to_string();
    let text = String::from_utf8(bytes.clone())
        .map_err(|e| anyhow::anyhow!("{origin}: not UTF-8 text: {e}"))?;
    let log = GameLog::from_jsonl(&origin, &text)?;
    let seed = event.game_seed(round, table, game);
    if log.header.seed != seed {
        bail!(
            "the game was played with seed {}, but game {game} of this table is played with \
             seed {seed} (the command `swtcg event pair` printed)",
            log.header.seed
        );
    }
    let players = &event.table(round, table)?.players;
    let [dark, light] = seated(folder, setup, players, &log)?;
    let mut host = crate::replay::load_for_replay(
        &log,
        path,
        Some(&folder.lock_path()),
        &no_more_plugins(),
        &Default::default(),
    )?;
    let outcome =
        swtcg_engine::replay::replay(&log, &mut host).map_err(|d| anyhow::anyhow!("{d}"))?;
    let Some((ending, winner)) = Ending::of(outcome) else {
        bail!("the game stopped before it ended");
    };
    let names = [dark, light];
    Ok((
        GameResult {
            log: log_name(round, table, game),
            sha256: swtcg_engine::plugins::sha256_hex(&bytes),
            ending,
            winner: winner.map(|side| names[side.index()].clone()),
            turn: last_turn(&log),
            dark: names[0].clone(),
            light: names[1].clone(),
        },
        bytes,
    ))
}

/// Who played the Dark Side and who the Light Side, checked against the registered decks: the
/// players the log names, or else the one way of seating the table's players whose registered
/// decks are the log's decks.
fn seated(
    folder: &EventDir,
    setup: &Setup,
    players: &[String; 2],
    log: &GameLog,
) -> anyhow::Result<[String; 2]> {
    let fits = |player: &str, side: Side| -> anyhow::Result<bool> {
        if folder.event.deck(player, side).is_none() {
            return Ok(false);
        }
        let (_, cards) = folder.registered_cards(setup, player, side)?;
        Ok(same_cards(&cards, &log.header.decks[side.index()]))
    };
    if log.header.names_players() {
        let named: Vec<String> = log
            .header
            .players
            .iter()
            .map(|p| p.name.clone().unwrap_or_default())
            .collect();
        for (side, name) in Side::BOTH.into_iter().zip(&named) {
            if !players.contains(name) {
                bail!(
                    "the log names {name:?} as the {side} player, who is not at this table ({} vs {})",
                    players[0],
                    players[1]
                );
            }
            if !fits(name, side)? {
                let registered = folder
                    .event
                    .deck(name, side)
                    .map_or("none".to_string(), |d| format!("{} ({})", d.name, d.file));
                bail!(
                    "the {side} deck in the log is not {name}'s registered {side} deck: {registered}"
                );
            }
        }
        if named[0] == named[1] {
            bail!("the log names {:?} for both sides", named[0]);
        }
        return Ok([named[0].clone(), named[1].clone()]);
    }
    let [a, b] = players;
    let mut ways = Vec::new();
    for [dark, light] in [[a, b], [b, a]] {
        if fits(dark, Side::Dark)? && fits(light, Side::Light)? {
            ways.push([dark.clone(), light.clone()]);
        }
    }
    match ways.len() {
        1 => Ok(ways.remove(0)),
        0 => bail!("the log's decks are not the registered decks of {a} and {b}"),
        _ => bail!(
            "the log names no players, and either of {a} and {b} could have played either side \
             with these decks: play with --dark-name and --light-name"
        ),
    }
}

/// Whether two decks hold the same cards, in any order.
fn same_cards(a: &[Arc<CardDef>], b: &[Arc<CardDef>]) -> bool {
    let key = |deck: &[Arc<CardDef>]| {
        let mut cards: Vec<String> = deck
            .iter()
            .map(|card| serde_json::to_string(card.as_ref()).unwrap_or_default())
            .collect();
        cards.sort();
        cards
    };
    a.len() == b.len() && key(a) == key(b)
}

/// The turn a game ended on, from its log.
fn last_turn(log: &GameLog) -> u32 {
    log.events()
        .filter_map(|event| match event {
            LogEvent::TurnStarted { turn }
            | LogEvent::Winner { turn, .. }
            | LogEvent::TurnLimit { turn } => Some(*turn),
            _ => None,
        })
        .last()
        .unwrap_or(0)
}
