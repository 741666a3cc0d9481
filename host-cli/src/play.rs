//! `swtcg play`: an interactive game in the terminal, against the built-in AI or hot seat, with
//! numbered legal choices, the game log as it happens, and undo of one's own last decision while
//! no hidden information has been revealed since.
//!
//! Undo replays the game from its seed with the decisions made before the undone one: the
//! engine is deterministic, so the replayed game is the same game up to that decision.

use std::io::{BufRead, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::{Args, ValueEnum};
use swtcg_engine::decision::{DecideError, Decider, Decision, describe_decision, describe_option};
use swtcg_engine::sim::Ai;
use swtcg_engine::text::escape_controls;
use swtcg_engine::{Game, GameState, LogEntry, Outcome, Player, Side};

use crate::board::{self, Viewer};
use crate::setup::GameArgs;
use crate::undo::{Answered, answer_unasked, answers_before, undo_target};

/// Who plays a game with a human in it, and which: the options `play` and `serve` share.
#[derive(Args)]
pub(crate) struct SeatArgs {
    /// Two deck files (either order; the Dark Side deck plays the Dark Side); default: the
    /// built-in seed decks that `demo` plays (engine/data/decks/seed-*.txt).
    #[arg(value_name = "DECK")]
    pub decks: Vec<PathBuf>,
    /// The opponent: the built-in AI, or a second human (hot seat: at the same terminal for
    /// `play`, in a second browser tab for `serve`).
    #[arg(long, value_enum, default_value_t = Vs::Ai)]
    pub vs: Vs,
    /// The side you play against the AI.
    #[arg(long, value_enum, default_value_t = SideArg::Dark)]
    pub side: SideArg,
    /// The AI opponent.
    #[arg(long, value_enum, default_value_t = AiArg::Greedy)]
    pub ai: AiArg,
    /// Seed of the game's dice and shuffles.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Write the game log (JSON lines) to this file when the game ends, for `swtcg replay`.
    #[arg(long, value_name = "FILE")]
    pub log: Option<PathBuf>,
    #[command(flatten)]
    pub names: crate::setup::NameArgs,
    /// Play even when a deck holds cards the engine cannot carry out fully (a card type not
    /// played yet, or a printed ability no loaded plugin claims): those texts then do nothing,
    /// and the board and the game log list them. Without it such decks are refused with the
    /// list.
    #[arg(long)]
    pub allow_unsupported: bool,
}

impl SeatArgs {
    /// Which sides humans play, Dark Side first.
    pub fn humans(&self) -> [bool; 2] {
        match (self.vs, self.side) {
            (Vs::Human, _) => [true, true],
            (Vs::Ai, SideArg::Dark) => [true, false],
            (Vs::Ai, SideArg::Light) => [false, true],
        }
    }

    /// The AI that plays the other sides (and answers "let the AI choose").
    pub fn ai(&self) -> Ai {
        match self.ai {
            AiArg::Greedy => Ai::Greedy,
            AiArg::Random => Ai::Random,
        }
    }
}

#[derive(Args)]
pub struct PlayArgs {
    #[command(flatten)]
    seats: SeatArgs,
    #[command(flatten)]
    game: GameArgs,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum Vs {
    Ai,
    Human,
}

#[derive(Clone, Copy, ValueEnum)]
pub(crate) enum SideArg {
    Dark,
    Light,
}

#[derive(Clone, Copy, ValueEnum)]
pub(crate) enum AiArg {
    Greedy,
    Random,
}

const HELP: &str = "Type the number of a choice. Other commands: u = undo your last decision \
(while no die, draw or hidden card has been revealed since), b = show the board again, \
a = let the AI choose this once, q = quit.";

pub fn run(args: PlayArgs) -> anyhow::Result<ExitCode> {
    let setup = args.game.resolve()?;
    let decks = setup.load_decks(&args.seats.decks)?;
    let mut host = setup.load_host()?;
    let unsupported = setup.check_support(&mut host, &decks, args.seats.allow_unsupported)?;
    let inert = crate::support::inert_texts(&unsupported);
    let unsupported = crate::support::gap_lines(&unsupported);
    let humans = args.seats.humans();
    let ai = args.seats.ai();
    let colour = crate::colour::stdout_enabled();
    let mut input = std::io::stdin().lock();
    println!(
        "swtcg play: {} (Dark Side) vs {} (Light Side), seed {}, ruleset {}. {HELP}",
        decks[0].name, decks[1].name, args.seats.seed, setup.ruleset.name
    );
    if !unsupported.is_empty() {
        println!("These printed texts do nothing in this game (--allow-unsupported):");
        for line in &unsupported {
            println!("  {}", escape_controls(line));
        }
    }
    let cards = [decks[0].cards.clone(), decks[1].cards.clone()];
    // The answers to replay after an undo: every decision asked before the undone one.
    let mut replayed: Vec<usize> = Vec::new();
    loop {
        let mut front = Front::new(
            humans,
            ai,
            args.seats.seed,
            replayed.clone(),
            colour,
            &mut input,
        );
        front.inert = inert.clone();
        let mut game = Game::from_decks(
            cards.clone(),
            args.seats.seed,
            setup.ruleset.clone(),
            &mut host,
            &mut front,
        );
        setup.fill_header(&mut game.log.header, unsupported.clone());
        args.seats
            .names
            .fill(&mut game.log.header, [&decks[0].name, &decks[1].name]);
        let result = game.play();
        let log = game.log.clone();
        drop(game);
        match front.request {
            Some(Request::Undo(answers)) => {
                println!("{}", crate::colour::bold("— undone —", colour));
                replayed = answers;
                continue;
            }
            Some(Request::Quit { side, reason }) => {
                println!("Game abandoned.");
                // The log says who left and where, so that it replays to this point and ends
                // there instead of reading as a log cut short.
                let mut log = log;
                log.push(LogEntry::Abandoned {
                    side,
                    reason: reason.to_string(),
                });
                write_log(&args.seats.log, &log)?;
                return Ok(ExitCode::from(1));
            }
            None => {}
        }
        // What happened after the last decision: the end of the game.
        let viewer = front.last_viewer.unwrap_or(Viewer::Everything);
        front.show_entries(&log.entries, viewer, true);
        write_log(&args.seats.log, &log)?;
        return match result {
            Ok(Outcome::Winner(side)) if log.header.names_players() => {
                println!(
                    "Game over: {} beats {}.",
                    log.header.side_named(side),
                    log.header.side_named(side.opponent())
                );
                Ok(ExitCode::SUCCESS)
            }
            Ok(Outcome::Winner(side)) => {
                println!("Game over: {side} wins.");
                Ok(ExitCode::SUCCESS)
            }
            Ok(_) => {
                println!("Game over: no winner (turn limit).");
                Ok(ExitCode::SUCCESS)
            }
            Err(err) => Err(anyhow::Error::new(err).context("the game stopped")),
        };
    }
}

fn write_log(path: &Option<PathBuf>, log: &swtcg_engine::GameLog) -> anyhow::Result<()> {
    if let Some(path) = path {
        std::fs::write(path, log.to_jsonl())
            .with_context(|| format!("writing {}", path.display()))?;
        println!("log written to {}", path.display());
    }
    Ok(())
}

/// Why a game run was cut short by the front end.
enum Request {
    /// Play again from the seed with these answers, then ask anew.
    Undo(Vec<usize>),
    /// The side asked left the game: it typed `q`, or its input ended.
    Quit { side: Side, reason: &'static str },
}

/// The decider of `swtcg play`: replays the answers of an undo silently, then asks the humans
/// at the terminal and the AI.
struct Front<'i> {
    humans: [bool; 2],
    ai: [Box<dyn Player>; 2],
    replay: Vec<usize>,
    answered: Vec<Answered>,
    /// How much of the log each side has been shown.
    shown: [usize; 2],
    log: Vec<LogEntry>,
    /// The human who last looked at the terminal (hot seat hands it over between sides).
    at_terminal: Option<Side>,
    last_viewer: Option<Viewer>,
    /// The state at the last human decision, to describe log entries with.
    last_state: Option<GameState>,
    colour: bool,
    input: &'i mut dyn BufRead,
    request: Option<Request>,
    /// Printed texts no plugin carries out in this game (`--allow-unsupported`), which the
    /// board marks.
    inert: Vec<String>,
    /// The units seen in play, to name them in log lines after they left.
    seen: board::Seen,
    /// The turn and step at which each side was last shown the board.
    board_at: [Option<(u32, swtcg_engine::model::state::TurnStep)>; 2],
}

/// One numbered line of a decision at the terminal: an option, or a group of options chosen
/// in two steps (`board::option_group`).
enum Entry {
    One(usize),
    Group {
        name: String,
        members: Vec<(usize, String)>,
    },
}

/// The options of a decision as numbered lines: consecutive options of one group together.
fn grouped(state: &GameState, options: &[swtcg_engine::Choice]) -> Vec<Entry> {
    let mut entries: Vec<Entry> = Vec::new();
    for (i, choice) in options.iter().enumerate() {
        match board::option_group(state, choice) {
            Some((group, short)) => match entries.last_mut() {
                Some(Entry::Group { name, members }) if *name == group => members.push((i, short)),
                _ => entries.push(Entry::Group {
                    name: group,
                    members: vec![(i, short)],
                }),
            },
            None => entries.push(Entry::One(i)),
        }
    }
    entries
}

/// The answer to the second step of a grouped choice.
enum Member {
    Chosen(usize),
    Back,
    Ended,
}

impl<'i> Front<'i> {
    fn new(
        humans: [bool; 2],
        ai: Ai,
        seed: u64,
        replay: Vec<usize>,
        colour: bool,
        input: &'i mut dyn BufRead,
    ) -> Self {
        Front {
            humans,
            ai: [ai.player(seed, Side::Dark), ai.player(seed, Side::Light)],
            replay,
            answered: Vec::new(),
            shown: [0; 2],
            log: Vec::new(),
            at_terminal: None,
            last_viewer: None,
            last_state: None,
            colour,
            input,
            request: None,
            inert: Vec::new(),
            seen: board::Seen::default(),
            board_at: [None; 2],
        }
    }

    /// Hot seat: before `side` decides after the other human, the screen is cleared (hiding
    /// the other side's hand) and the terminal handed over.
    fn hand_over(&mut self, side: Side) -> Result<(), DecideError> {
        if self.at_terminal == Some(side) {
            return Ok(());
        }
        if self.at_terminal.is_some() && self.humans == [true, true] {
            if std::io::stdout().is_terminal() {
                print!("\x1b[2J\x1b[H");
            }
            println!("── Hand the terminal to the {side} and press Enter ──");
            let _ = std::io::stdout().flush();
            if self.read_line().is_none() {
                self.request = Some(Request::Quit {
                    side,
                    reason: "its input ended",
                });
                return Err(DecideError("the input ended".into()));
            }
        }
        self.at_terminal = Some(side);
        Ok(())
    }

    /// Prints the log entries the viewer has not seen, as the viewer may see them (all of them
    /// once the game is `over`).
    fn show_entries(&mut self, entries: &[LogEntry], viewer: Viewer, over: bool) {
        let from = match viewer {
            Viewer::Side(side) => self.shown[side.index()],
            Viewer::Everything => self.shown[0].min(self.shown[1]),
        };
        let Some(state) = &self.last_state else {
            return;
        };
        // Secret attack dice (Cunning) wait until they are shown.
        let until = match over {
            true => entries.len(),
            false => board::visible_entries(state, entries, viewer).max(from),
        };
        // Entries are described against the latest state a human saw, with the units seen in
        // play before that state forgot them.
        let worded = self.seen.complete(state);
        for entry in &entries[from..until] {
            if let Some(text) = board::entry_text(&worded, entry, viewer) {
                println!("  {text}");
            }
        }
        match viewer {
            Viewer::Side(side) => self.shown[side.index()] = until,
            Viewer::Everything => self.shown = [until; 2],
        }
    }

    /// The second step of a grouped choice: which member (0 goes back to the whole list).
    fn ask_member(&mut self, name: &str, members: &[(usize, String)]) -> Member {
        loop {
            println!("{}:", escape_controls(name));
            for (k, (_, short)) in members.iter().enumerate() {
                println!("  {}. {}", k + 1, escape_controls(short));
            }
            println!("  0. back");
            print!("> ");
            let _ = std::io::stdout().flush();
            let Some(line) = self.read_line() else {
                return Member::Ended;
            };
            match line.parse::<usize>() {
                Ok(0) => return Member::Back,
                Ok(k) if k <= members.len() => return Member::Chosen(members[k - 1].0),
                _ => println!("Type a number from 0 to {}.", members.len()),
            }
        }
    }

    /// Reads one line; `None` at the end of the input.
    fn read_line(&mut self) -> Option<String> {
        let mut line = String::new();
        match self.input.read_line(&mut line) {
            Ok(0) | Err(_) => None,
            Ok(_) => Some(line.trim().to_string()),
        }
    }
}

impl Decider for Front<'_> {
    fn observe(&mut self, log: &[LogEntry]) {
        self.log.clear();
        self.log.extend_from_slice(log);
    }

    fn decide(&mut self, state: &GameState, decision: &Decision) -> Result<usize, DecideError> {
        let side = decision.player;
        let log_len = self.log.len();
        self.seen.see(state);
        if let Some(answer) = answer_unasked(
            &mut self.answered,
            &self.replay,
            self.humans[side.index()],
            self.ai[side.index()].as_mut(),
            state,
            decision,
            log_len,
        ) {
            return answer;
        }
        self.last_state = Some(state.clone());
        let viewer = Viewer::Side(side);
        self.last_viewer = Some(viewer);
        self.hand_over(side)?;
        // What happened since this side last looked, then the board as it is now.
        let log = std::mem::take(&mut self.log);
        self.show_entries(&log, viewer, false);
        self.log = log;
        // The board is printed when this side first looks at a step of a turn (and on `b`),
        // not at every decision: the log's lines say what changed in between.
        let moment = (state.turn, state.step);
        if self.board_at[side.index()] != Some(moment) {
            self.board_at[side.index()] = Some(moment);
            print!("{}", board::render(state, viewer, self.colour, &self.inert));
        } else {
            // What a decision spends, as of now.
            let p = state.player(side);
            println!("{side}: {} Force, {} build points", p.force, p.build_points);
        }
        // Options shown together as one choice (the counters to build a card with), then
        // their members: building is two choices, the card and then the counters.
        let entries = grouped(state, &decision.options);
        loop {
            // A decision and its options may quote what a plugin offers (a `choose` label).
            println!(
                "{} — {}:",
                crate::colour::bold(&side.to_string(), self.colour),
                escape_controls(&describe_decision(state, &decision.kind))
            );
            for (n, entry) in entries.iter().enumerate() {
                let text = match entry {
                    Entry::One(i) => describe_option(state, &decision.kind, &decision.options[*i]),
                    Entry::Group { name, members } => {
                        let shorts: Vec<&str> = members.iter().map(|(_, s)| s.as_str()).collect();
                        format!("{name} ({})", shorts.join(", "))
                    }
                };
                println!("  {}. {}", n + 1, escape_controls(&text));
            }
            print!("> ");
            let _ = std::io::stdout().flush();
            let Some(line) = self.read_line() else {
                self.request = Some(Request::Quit {
                    side,
                    reason: "its input ended",
                });
                return Err(DecideError("the input ended".into()));
            };
            match line.as_str() {
                "q" | "quit" => {
                    self.request = Some(Request::Quit {
                        side,
                        reason: "quit",
                    });
                    return Err(DecideError("the player quit".into()));
                }
                "b" | "board" => {
                    print!("{}", board::render(state, viewer, self.colour, &self.inert))
                }
                "?" | "h" | "help" => println!("{HELP}"),
                "u" | "undo" => match undo_target(&self.answered, &self.log, side) {
                    Ok(k) => {
                        let answers = answers_before(&self.answered, k);
                        self.request = Some(Request::Undo(answers));
                        return Err(DecideError("undo".into()));
                    }
                    Err(why) => println!("Can't undo: {why}."),
                },
                "a" | "ai" => {
                    let index = self.ai[side.index()].decide(state, decision)?;
                    if let Some(choice) = decision.options.get(index) {
                        let words = describe_option(state, &decision.kind, choice);
                        println!("  (the AI chooses: {})", escape_controls(&words));
                    }
                    self.answered.push(Answered {
                        side,
                        index,
                        human: true,
                        log_len,
                    });
                    return Ok(index);
                }
                text => {
                    let chosen = match text
                        .parse::<usize>()
                        .ok()
                        .and_then(|n| n.checked_sub(1).and_then(|n| entries.get(n)))
                    {
                        Some(Entry::One(i)) => Some(*i),
                        Some(Entry::Group { name, members }) => {
                            match self.ask_member(name, members) {
                                Member::Chosen(i) => Some(i),
                                Member::Back => None,
                                Member::Ended => {
                                    self.request = Some(Request::Quit {
                                        side,
                                        reason: "its input ended",
                                    });
                                    return Err(DecideError("the input ended".into()));
                                }
                            }
                        }
                        None => {
                            println!("Type a number from 1 to {}, or ? for help.", entries.len());
                            None
                        }
                    };
                    if let Some(index) = chosen {
                        self.answered.push(Answered {
                            side,
                            index,
                            human: true,
                            log_len,
                        });
                        return Ok(index);
                    }
                }
            }
        }
    }
}
