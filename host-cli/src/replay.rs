//! `swtcg replay`: verify a game log by playing its decisions again from its seed, step through
//! it, check it against a lock, or replay it under other plugin versions to find where they
//! change the game.

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, bail};
use clap::Args;
use swtcg_engine::decision::{DecideError, Decider, Decision};
use swtcg_engine::lock::ENGINE;
use swtcg_engine::plugins::Registry;
use swtcg_engine::replay::{ReplayDecider, replay_with};
use swtcg_engine::{AbilityHost, GameLog, GameState, LogEntry, Outcome};

use crate::board::{self, Viewer};
use crate::setup::{locked_plugins, read_lock};

#[derive(Args)]
pub struct ReplayArgs {
    /// The game log (JSON lines) written by `swtcg demo --log` or `swtcg play --log`.
    log: PathBuf,
    /// Show the game as it replays: at each decision the board (both hands: a replay hides
    /// nothing), what happened since the last one and the choice made; Enter goes on, `c`
    /// runs to the end without stopping, `q` stops.
    #[arg(long)]
    step: bool,
    /// Replay under the plugins of this folder (replacing the bundled ones for the same
    /// keywords) and report the first line where the game differs from the log.
    #[arg(long, value_name = "DIR")]
    against_plugins: Option<PathBuf>,
    /// Check that the log was played under this lock and that the plugins loaded now match it.
    #[arg(long, value_name = "FILE")]
    lock: Option<PathBuf>,
    #[command(flatten)]
    plugins: crate::PluginArgs,
    /// The set files the game was played with (the log records them by sha256); a set file the
    /// log names is also looked for at its recorded path, from here and from the log's folder.
    #[command(flatten)]
    cards: crate::card_sets::CardArgs,
}

pub fn run(args: ReplayArgs) -> anyhow::Result<ExitCode> {
    let origin = args.log.display().to_string();
    let log = GameLog::from_jsonl(&origin, &crate::read_text(&args.log)?)?;
    let mut plugins = args.plugins.clone();
    if let Some(dir) = &args.against_plugins {
        plugins.overrides.push(dir.clone());
    }
    let mut host = load_for_replay(&log, &args.log, args.lock.as_deref(), &plugins, &args.cards)?;
    if let Some(record) = &log.header.lock {
        println!(
            "{origin}: played under lock {} (ruleset {})",
            &record.sha256[..12],
            record.ruleset
        );
    }
    let loaded = host.fingerprints();
    if loaded != log.header.plugins {
        if args.against_plugins.is_some() {
            println!("{origin}: replaying under other plugins:");
            for line in swtcg_engine::provenance::plugin_differences(&log.header.plugins, &loaded) {
                println!("  {line}");
            }
        } else {
            println!("{origin}: note: the log was played with other plugins than these:");
            for line in swtcg_engine::provenance::plugin_differences(&log.header.plugins, &loaded) {
                println!("  {line}");
            }
        }
    }
    if !log.header.unsupported.is_empty() {
        println!("{origin}: played without these printed texts (--allow-unsupported):");
        for line in &log.header.unsupported {
            println!("  {}", swtcg_engine::text::escape_controls(line));
        }
    }
    let mut stepper = Stepper::new(&log, args.step);
    let result = replay_with(&log, &mut host, &mut stepper);
    stepper.flush_rest();
    match result {
        Ok(outcome) => {
            let ending = match outcome {
                Outcome::Winner(side) => format!("{} wins", log.header.side_named(side)),
                Outcome::TurnLimit => "no winner (turn limit)".into(),
                Outcome::Stopped => "stopped".into(),
                Outcome::Abandoned(side) => format!(
                    "abandoned by the {side} at line {} (no result)",
                    log.entries.len() + 1
                ),
            };
            let under = if args.against_plugins.is_some() {
                " under the other plugins"
            } else {
                ""
            };
            println!(
                "{origin}: replay{under} matches all {} entries; {ending}",
                log.entries.len()
            );
            Ok(ExitCode::SUCCESS)
        }
        Err(divergence) => {
            let turn = turn_at(&log, divergence.line);
            println!("{origin}: {divergence} (turn {turn})");
            Ok(ExitCode::from(1))
        }
    }
}

/// Loads what replaying `log` (read from `log_path`) needs, as `swtcg replay` does: its set
/// files, and the plugins with the ruleset's plugin folders found through the lock's ruleset
/// file or the one the log records; under a lock, it checks that the log was played under it
/// and that the plugins loaded match it. `swtcg event report` verifies games with it.
pub(crate) fn load_for_replay(
    log: &GameLog,
    log_path: &Path,
    lock_path: Option<&Path>,
    plugins: &crate::PluginArgs,
    cards: &crate::card_sets::CardArgs,
) -> anyhow::Result<Registry> {
    let origin = log_path.display().to_string();
    let cards =
        crate::card_sets::for_replay(cards, &log.header.card_sets, &log.header.decks, log_path)
            .with_context(|| origin.clone())?;
    let lock = lock_path.map(read_lock).transpose()?;
    if let (Some(path), Some(lock)) = (lock_path, &lock)
        && log.header.lock.as_ref() != Some(&lock.record())
    {
        bail!(
            "{origin}: the log was not played under the lock {}",
            path.display()
        );
    }
    // The ruleset's plugin folders are relative to its file: the lock's ruleset file, else the
    // one the log recorded, else (a log of an older version) the current folder.
    let ruleset_file = match (lock_path, &lock) {
        (Some(path), Some(lock)) => lock
            .ruleset
            .file
            .as_ref()
            .map(|file| path.parent().unwrap_or(Path::new(".")).join(file)),
        _ => log
            .header
            .ruleset_file
            .as_ref()
            .map(PathBuf::from)
            .filter(|file| file.is_file()),
    };
    let loaded = plugins.load_with(&log.header.ruleset, ruleset_file.as_deref(), lock.as_ref());
    let mut host = match lock_path {
        Some(path) => loaded.with_context(|| format!("checking {}", path.display()))?,
        None => loaded?,
    };
    host.set_call_fuel(&log.header.ruleset.hook_fuel);
    if let (Some(path), Some(lock)) = (lock_path, &lock) {
        // The decks as played must keep the locked ruleset's deck rules: a game a command let
        // through without them (or an edited log) does not pass the after-the-fact check.
        for (side, deck) in ["Dark Side", "Light Side"].iter().zip(&log.header.decks) {
            crate::setup::check_deck_rules(
                &format!("{origin}: the {side} deck"),
                &swtcg_engine::deck::Deck::from_cards(deck),
                &log.header.ruleset,
                &cards.db,
            )?;
        }
        lock.check(
            ENGINE,
            &log.header.ruleset,
            &locked_plugins(&host),
            &cards.set_files,
        )
        .with_context(|| format!("checking {}", path.display()))?;
    }
    Ok(host)
}

/// The turn a log line belongs to, counted from the log's turn events.
fn turn_at(log: &GameLog, line: usize) -> u32 {
    log.entries
        .iter()
        .take(line.saturating_sub(2))
        .rev()
        .find_map(|e| match e {
            LogEntry::Event {
                event: swtcg_engine::Event::TurnStarted { turn },
            } => Some(*turn),
            _ => None,
        })
        .unwrap_or(0)
}

/// Answers with the log's decisions and, when stepping, shows each one with the board and the
/// log entries since the previous one, waiting for Enter.
struct Stepper<'a> {
    inner: ReplayDecider,
    log: &'a GameLog,
    /// The index in the log's entries of each decision.
    decision_at: Vec<usize>,
    asked: usize,
    printed: usize,
    pausing: bool,
    showing: bool,
    /// The state at the last decision shown, to describe the entries after it.
    last_state: Option<GameState>,
    /// The units seen in play, to name them in log lines after they left.
    seen: board::Seen,
    input: std::io::StdinLock<'static>,
}

impl<'a> Stepper<'a> {
    fn new(log: &'a GameLog, step: bool) -> Self {
        let decision_at = log
            .entries
            .iter()
            .enumerate()
            .filter(|(_, e)| matches!(e, LogEntry::Decision { .. }))
            .map(|(i, _)| i)
            .collect();
        Stepper {
            inner: ReplayDecider::new(log),
            log,
            decision_at,
            asked: 0,
            printed: 0,
            pausing: step,
            showing: step,
            last_state: None,
            seen: board::Seen::default(),
            input: std::io::stdin().lock(),
        }
    }

    fn print_entries(&mut self, state: &GameState, until: usize) {
        let until = until.min(self.log.entries.len());
        let worded = self.seen.complete(state);
        for index in self.printed..until {
            if let Some(text) =
                board::entry_text(&worded, &self.log.entries[index], Viewer::Everything)
            {
                // Lines are numbered as in the file: the header is line 1.
                println!("{:>6}  {text}", index + 2);
            }
        }
        self.printed = self.printed.max(until);
    }

    /// Prints what is left of the log after the last decision (the game's end).
    fn flush_rest(&mut self) {
        if self.showing
            && let Some(state) = self.last_state.take()
        {
            self.print_entries(&state, self.log.entries.len());
        }
    }
}

impl Decider for Stepper<'_> {
    fn decide(&mut self, state: &GameState, decision: &Decision) -> Result<usize, DecideError> {
        let answer = self.inner.decide(state, decision)?;
        self.seen.see(state);
        if self.showing {
            self.last_state = Some(state.clone());
            let at = self
                .decision_at
                .get(self.asked)
                .copied()
                .unwrap_or(self.log.entries.len());
            self.print_entries(state, at);
            if self.pausing {
                print!("{}", board::render(state, Viewer::Everything, false, &[]));
            }
            println!(
                "{:>6}  {} decides {}:",
                at + 2,
                decision.player,
                swtcg_engine::decision::describe_decision(state, &decision.kind)
            );
            for (i, choice) in decision.options.iter().enumerate() {
                let mark = if i == answer { "->" } else { "  " };
                println!(
                    "        {mark} {}. {}",
                    i + 1,
                    swtcg_engine::decision::describe_option(state, &decision.kind, choice)
                );
            }
            self.printed = at + 1;
            if self.pausing {
                print!("[Enter] next, c: run to the end, q: stop showing > ");
                let _ = std::io::stdout().flush();
                let mut line = String::new();
                match self.input.read_line(&mut line) {
                    Ok(0) | Err(_) => self.pausing = false,
                    Ok(_) => match line.trim() {
                        "c" => self.pausing = false,
                        "q" => {
                            self.pausing = false;
                            self.showing = false;
                        }
                        _ => {}
                    },
                }
            }
        }
        self.asked += 1;
        Ok(answer)
    }

    fn wants_trivial(&mut self, state: &GameState, decision: &Decision) -> bool {
        self.inner.wants_trivial(state, decision)
    }
}
