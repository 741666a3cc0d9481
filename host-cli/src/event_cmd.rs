//! `swtcg event`: a small Swiss event for organisers who don't program. An event folder holds
//! `event.toml` (players, registered decks, rounds, results), the registered decks and the
//! counted game logs; the pairing, tiebreak and standings arithmetic is the engine's
//! (`swtcg_engine::event`), and every game counts only once its log replays under the event's
//! lock with the players' registered decks (docs/tournaments.md).

mod new;
mod report;
mod simulate;

use std::path::{Component, Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::{Context, bail};
use clap::{Args, Subcommand};
use swtcg_engine::deck::parse_deck;
use swtcg_engine::event::standings::{percent, to_f64};
use swtcg_engine::event::{Event, Standing};
use swtcg_engine::lock::Lock;
use swtcg_engine::text::escape_controls;
use swtcg_engine::{CardDef, Side};

use crate::setup::{GameArgs, Setup, read_lock};

/// The event file inside an event folder.
pub const EVENT_FILE: &str = "event.toml";

#[derive(Subcommand)]
pub enum EventCommand {
    /// Create an event folder: players with their decks (copied into the folder and checked
    /// against the lock's deck rules), the lock every game is played under, the rounds.
    ///
    /// Example: swtcg event new spring-open --lock examples/tournament/ruleset.lock
    /// --player "Anna=examples/tournament/imperial.toml" --player "Ben=examples/tournament/rebel.toml"
    New(new::NewArgs),
    /// Pair the next round (Swiss: score groups, no rematches, the bye to the lowest-ranked
    /// player without one) and print the tables with the command that plays each game.
    ///
    /// Example: swtcg event pair spring-open
    Pair(DirArgs),
    /// Record a match from its game logs, each verified first: replayed under the event's lock
    /// (as `swtcg replay LOG --lock LOCK`), with the players' registered decks and the event's
    /// seed for that game. Exit status 1 when a log does not verify; nothing is recorded then.
    ///
    /// Example: swtcg event report spring-open --round 1 --table 2 --log game.jsonl
    Report(report::ReportArgs),
    /// Print the standings: match points, then opponents' match-win percentage, game-win
    /// percentage and opponents' game-win percentage (each at least 33 %).
    ///
    /// Example: swtcg event standings spring-open --json
    Standings(StandingsArgs),
    /// Play the event's matches with the greedy AI: pair each round, play every game under the
    /// lock, write its log into the event folder and report it as `event report` does.
    ///
    /// Example: swtcg event simulate spring-open --rounds 3
    Simulate(simulate::SimulateArgs),
}

#[derive(Args)]
pub struct DirArgs {
    /// The event folder (made by `swtcg event new`).
    dir: PathBuf,
}

#[derive(Args)]
pub struct StandingsArgs {
    /// The event folder (made by `swtcg event new`).
    dir: PathBuf,
    /// Print the standings as JSON.
    #[arg(long)]
    json: bool,
}

pub fn run(command: EventCommand) -> anyhow::Result<ExitCode> {
    match command {
        EventCommand::New(args) => new::run(args),
        EventCommand::Pair(args) => pair(args),
        EventCommand::Report(args) => report::run(args),
        EventCommand::Standings(args) => standings(args),
        EventCommand::Simulate(args) => simulate::run(args),
    }
}

/// An event folder and its event file.
pub struct EventDir {
    pub dir: PathBuf,
    pub event: Event,
}

impl EventDir {
    /// Reads `DIR/event.toml`.
    pub fn open(dir: &Path) -> anyhow::Result<EventDir> {
        let file = dir.join(EVENT_FILE);
        if !file.is_file() {
            bail!(
                "{}: no event here (create one with `swtcg event new {}`)",
                file.display(),
                dir.display()
            );
        }
        let text = crate::read_text(&file)?;
        let event = Event::from_toml(&file.display().to_string(), &text)?;
        Ok(EventDir {
            dir: dir.to_path_buf(),
            event,
        })
    }

    /// Writes the event file: to a temporary file first, renamed over the old one, so that an
    /// interrupted write never leaves half an event.
    pub fn save(&self) -> anyhow::Result<()> {
        let file = self.dir.join(EVENT_FILE);
        let temporary = self.dir.join(format!("{EVENT_FILE}.new"));
        std::fs::write(&temporary, self.event.to_toml()?)
            .with_context(|| format!("writing {}", temporary.display()))?;
        std::fs::rename(&temporary, &file).with_context(|| format!("writing {}", file.display()))
    }

    /// A path the event file names, relative to the event folder, with `folder/..` taken
    /// out so that the commands printed for players read plainly.
    pub fn path(&self, relative: &str) -> PathBuf {
        let mut path = PathBuf::new();
        for part in self.dir.join(relative).components() {
            match part {
                Component::ParentDir
                    if matches!(path.components().next_back(), Some(Component::Normal(_))) =>
                {
                    path.pop();
                }
                part => path.push(part),
            }
        }
        if path.as_os_str().is_empty() {
            path.push(".");
        }
        path
    }

    pub fn lock_path(&self) -> PathBuf {
        self.path(&self.event.lock)
    }

    /// Reads the event's lock, refusing another lock than the one the event was created with.
    pub fn lock(&self) -> anyhow::Result<Lock> {
        let path = self.lock_path();
        let lock = read_lock(&path)?;
        if lock.sha256() != self.event.lock_sha256 {
            bail!(
                "{}: the lock is not the one the event was created with (sha256 {} then, {} now); \
                 an event's games are all played under one lock",
                path.display(),
                &self.event.lock_sha256[..12.min(self.event.lock_sha256.len())],
                &lock.sha256()[..12]
            );
        }
        Ok(lock)
    }

    /// The ruleset, lock and cards every game of the event is played with.
    pub fn setup(&self) -> anyhow::Result<Setup> {
        self.lock()?;
        GameArgs {
            ruleset: None,
            lock: Some(self.lock_path()),
            plugins: no_more_plugins(),
            cards: Default::default(),
        }
        .resolve()
    }

    /// A player's registered deck for a side, read from the event folder and checked against
    /// its sha256 from registration: its name and cards.
    pub fn registered_cards(
        &self,
        setup: &Setup,
        player: &str,
        side: Side,
    ) -> anyhow::Result<(String, Vec<Arc<CardDef>>)> {
        let Some(deck) = self.event.deck(player, side) else {
            bail!("{player} has no registered {side} deck");
        };
        let path = self.path(&deck.file);
        let bytes = std::fs::read(&path).with_context(|| format!("reading {}", path.display()))?;
        if swtcg_engine::plugins::sha256_hex(&bytes) != deck.sha256 {
            bail!(
                "{}: {player}'s {side} deck changed after it was registered; a deck stays as \
                 registered for the whole event",
                path.display()
            );
        }
        let text = String::from_utf8(bytes)
            .map_err(|e| anyhow::anyhow!("{}: not UTF-8 text: {e}", path.display()))?;
        let parsed = parse_deck(&path.display().to_string(), &text, &setup.cards.db)?;
        Ok((
            deck.name.clone(),
            parsed.expand_with_supply(&setup.cards.db),
        ))
    }
}

/// The plugins of an event's games: the bundled ones and the folders the lock's ruleset names
/// (`plugin_dirs`), nothing from the command line.
pub fn no_more_plugins() -> crate::PluginArgs {
    crate::PluginArgs {
        dirs: Vec::new(),
        no_cache: false,
        native: None,
        abi: crate::AbiArg::Core,
        overrides: Vec::new(),
    }
}

/// `swtcg event pair DIR`.
fn pair(args: DirArgs) -> anyhow::Result<ExitCode> {
    let mut folder = EventDir::open(&args.dir)?;
    folder.event.pair_next()?;
    folder.save()?;
    print_round(&folder, folder.event.played.len() as u32);
    println!(
        "Play each match, then report it: swtcg event report {} --round {} --table T --log GAME.jsonl",
        folder.dir.display(),
        folder.event.played.len()
    );
    Ok(ExitCode::SUCCESS)
}

/// Prints a paired round: each table with its players' points and, for each game of the
/// match, who plays which side and the command that plays it under the event's lock.
pub fn print_round(folder: &EventDir, number: u32) {
    let event = &folder.event;
    let Some(round) = event.played.get(number as usize - 1) else {
        return;
    };
    let points = points_by_name(event);
    let named = |name: &str| escape_controls(name).into_owned();
    println!(
        "Round {number} of {} of {}:",
        event.rounds,
        escape_controls(&event.name)
    );
    for table in &round.tables {
        let [a, b] = &table.players;
        println!(
            "  table {}: {} ({} points) vs {} ({} points)",
            table.number,
            named(a),
            points(a),
            named(b),
            points(b)
        );
        for game in 1..=event.best_of {
            let Ok([dark, light]) = event.sides(number, table.number, game) else {
                continue;
            };
            let deck = |player: &str, side| {
                event
                    .deck(player, side)
                    .map(|d| folder.path(&d.file).display().to_string())
                    .unwrap_or_default()
            };
            let log = folder.path(&report::log_name(number, table.number, game));
            println!(
                "    game {game}: {} plays the Dark Side, {} the Light Side:",
                event.named(dark, Some(Side::Dark)),
                event.named(light, Some(Side::Light))
            );
            println!(
                "      swtcg play {} {} --vs human --lock {} --seed {} --dark-name {} --light-name {} --log {}",
                shell_word(&deck(dark, Side::Dark)),
                shell_word(&deck(light, Side::Light)),
                shell_word(&folder.lock_path().display().to_string()),
                event.game_seed(number, table.number, game),
                shell_word(dark),
                shell_word(light),
                shell_word(&log.display().to_string())
            );
        }
    }
    if let Some(bye) = &round.bye {
        println!(
            "  bye: {} ({} points; the bye counts as a match won)",
            named(bye),
            points(bye)
        );
    }
}

/// A word for a POSIX shell: quoted when it holds anything but plain characters, and escaped
/// for the terminal.
fn shell_word(word: &str) -> String {
    let plain = !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./,:+@".contains(c));
    if plain {
        word.to_string()
    } else {
        escape_controls(&format!("'{}'", word.replace('\'', "'\\''"))).into_owned()
    }
}

/// Each player's match points from the standings, by name.
fn points_by_name(event: &Event) -> impl Fn(&str) -> u32 {
    let lines = event.standings();
    let points: Vec<(String, u32)> = lines
        .iter()
        .map(|l| (event.players[l.player].name.clone(), l.match_points))
        .collect();
    move |name: &str| {
        points
            .iter()
            .find(|(n, _)| n == name)
            .map_or(0, |(_, p)| *p)
    }
}

/// `swtcg event standings DIR [--json]`.
fn standings(args: StandingsArgs) -> anyhow::Result<ExitCode> {
    let folder = EventDir::open(&args.dir)?;
    let event = &folder.event;
    let lines = event.standings();
    if args.json {
        let json = serde_json::json!({
            "event": event.name,
            "rounds_paired": event.played.len(),
            "rounds": event.rounds,
            "best_of": event.best_of,
            "unreported": event
                .unreported()
                .iter()
                .map(|(round, table)| serde_json::json!({"round": round, "table": table}))
                .collect::<Vec<_>>(),
            "standings": lines.iter().map(|l| standing_json(event, l)).collect::<Vec<_>>(),
        });
        println!("{}", serde_json::to_string_pretty(&json)?);
        return Ok(ExitCode::SUCCESS);
    }
    print_standings(event);
    Ok(ExitCode::SUCCESS)
}

fn standing_json(event: &Event, line: &Standing) -> serde_json::Value {
    let player = &event.players[line.player];
    serde_json::json!({
        "rank": line.rank,
        "player": player.name,
        "decks": player.decks.iter().map(|d| &d.name).collect::<Vec<_>>(),
        "match_points": line.match_points,
        "wins": line.wins,
        "losses": line.losses,
        "draws": line.draws,
        "byes": line.byes,
        "game_points": line.game_points,
        "games": line.games,
        "match_win": to_f64(line.mwp),
        "opponents_match_win": to_f64(line.omwp),
        "game_win": to_f64(line.gwp),
        "opponents_game_win": to_f64(line.ogwp),
        "opponents": line.opponents.iter().map(|o| &event.players[*o].name).collect::<Vec<_>>(),
    })
}

/// The standings as a table, with what is still to be reported.
pub fn print_standings(event: &Event) {
    let lines = event.standings();
    let unreported = event.unreported();
    let state = if unreported.is_empty() {
        "every match reported".to_string()
    } else {
        let tables: Vec<String> = unreported
            .iter()
            .map(|(round, table)| format!("round {round} table {table}"))
            .collect();
        format!("not reported yet: {}", tables.join(", "))
    };
    println!(
        "{}: standings after round {} of {} ({state})",
        escape_controls(&event.name),
        event.played.len(),
        event.rounds
    );
    let rows: Vec<[String; 7]> = lines
        .iter()
        .map(|l| {
            let byes = if l.byes > 0 {
                format!(" ({} bye{})", l.byes, if l.byes == 1 { "" } else { "s" })
            } else {
                String::new()
            };
            [
                l.rank.to_string(),
                escape_controls(&event.named(&event.players[l.player].name, None)).into_owned(),
                l.match_points.to_string(),
                format!("{}-{}-{}{byes}", l.wins, l.losses, l.draws),
                percent(l.omwp),
                percent(l.gwp),
                percent(l.ogwp),
            ]
        })
        .collect();
    let header = ["Rank", "Player", "Points", "W-L-D", "OMW%", "GW%", "OGW%"].map(String::from);
    let mut widths = header.clone().map(|h| h.chars().count());
    for row in &rows {
        for (width, cell) in widths.iter_mut().zip(row) {
            *width = (*width).max(cell.chars().count());
        }
    }
    for row in std::iter::once(&header).chain(&rows) {
        let cells: Vec<String> = row
            .iter()
            .zip(widths)
            .enumerate()
            .map(|(column, (cell, width))| {
                if column == 1 || column == 3 {
                    format!("{cell:<width$}")
                } else {
                    format!("{cell:>width$}")
                }
            })
            .collect();
        println!("  {}", cells.join("  ").trim_end());
    }
}
