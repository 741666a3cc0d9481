//! `swtcg sim`: seeded batch self-play between AIs on all cores, shards over seed ranges, and the
//! merge of shard results (the arithmetic is `swtcg_engine::sim`).

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use clap::{Args, Subcommand, ValueEnum};
use serde::Serialize;
use swtcg_engine::lock::ruleset_sha256;
use swtcg_engine::sim::{
    Ai, DeckId, GameEnd, GameRecord, SeedRange, SimConfig, SimSummary, play_game, shard_seeds,
};
use swtcg_engine::{AbilityHost, Side};

use crate::setup::GameArgs;

#[derive(Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct SimArgs {
    #[command(subcommand)]
    command: Option<SimCommand>,
    #[command(flatten)]
    run: RunArgs,
}

#[derive(Subcommand)]
enum SimCommand {
    /// Merge the `--json` results of shards (or any runs over disjoint seeds with the same engine,
    /// ruleset, decks, AI and plugins) into one result, the same as one run over all the seeds.
    ///
    /// Example: swtcg sim merge shard-1.json shard-2.json
    Merge {
        /// Result files written by `swtcg sim --json`.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Print the merged result as JSON instead of a table.
        #[arg(long)]
        json: bool,
    },
}

#[derive(Args)]
struct RunArgs {
    /// Two deck files (either order; the Dark Side deck plays the Dark Side); default: the
    /// built-in seed decks that `demo` plays (engine/data/decks/seed-*.txt).
    #[arg(value_name = "DECK")]
    decks: Vec<PathBuf>,
    /// How many games the whole run has (all shards together).
    #[arg(long, short = 'n', default_value_t = 100)]
    games: u64,
    /// The first seed: game i of the run plays seed S+i.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads; default: one per core.
    #[arg(long, short = 't')]
    threads: Option<usize>,
    /// Play only shard I of N (1-based) of the run's seeds, e.g. `--shard 2/4`; merge the shards'
    /// `--json` results with `swtcg sim merge`.
    #[arg(long, value_name = "I/N", value_parser = parse_shard)]
    shard: Option<(u64, u64)>,
    /// The AI of both sides.
    #[arg(long, value_enum, default_value_t = AiArg::Greedy)]
    ai: AiArg,
    /// The Dark Side's AI, instead of --ai.
    #[arg(long, value_enum)]
    dark_ai: Option<AiArg>,
    /// The Light Side's AI, instead of --ai.
    #[arg(long, value_enum)]
    light_ai: Option<AiArg>,
    /// Print the result as JSON (for `swtcg sim merge` and other tools) instead of a table.
    #[arg(long)]
    json: bool,
    /// No progress bar (it is drawn on stderr only when stderr is a terminal).
    #[arg(long, short = 'q')]
    quiet: bool,
    /// Play even when a deck holds cards the engine cannot carry out fully (a card type not
    /// played yet, or a printed ability no loaded plugin claims): those texts then do nothing,
    /// and the game log lists them. Without it such decks are refused with the list.
    #[arg(long)]
    allow_unsupported: bool,
    #[command(flatten)]
    game: GameArgs,
}

#[derive(Clone, Copy, ValueEnum)]
enum AiArg {
    /// The greedy AI: deterministic, so a game varies only with the dice.
    Greedy,
    /// Uniformly random legal choices.
    Random,
}

impl From<AiArg> for Ai {
    fn from(ai: AiArg) -> Ai {
        match ai {
            AiArg::Greedy => Ai::Greedy,
            AiArg::Random => Ai::Random,
        }
    }
}

fn parse_shard(text: &str) -> Result<(u64, u64), String> {
    let (i, n) = text
        .split_once('/')
        .ok_or_else(|| format!("`{text}` is not I/N (e.g. 2/4)"))?;
    let i: u64 = i.trim().parse().map_err(|e| format!("`{i}`: {e}"))?;
    let n: u64 = n.trim().parse().map_err(|e| format!("`{n}`: {e}"))?;
    if n == 0 || i == 0 || i > n {
        return Err(format!("shard {i}/{n}: I must be from 1 to N"));
    }
    Ok((i, n))
}

pub fn run(args: SimArgs) -> anyhow::Result<ExitCode> {
    match args.command {
        Some(SimCommand::Merge { files, json }) => merge(&files, json),
        None => simulate(args.run),
    }
}

fn simulate(args: RunArgs) -> anyhow::Result<ExitCode> {
    let setup = args.game.resolve()?;
    let decks = setup.load_decks(&args.decks)?;
    let (index, count) = args.shard.unwrap_or((1, 1));
    let seeds = shard_seeds(args.seed, args.games, index, count)?;
    let ai = [
        Ai::from(args.dark_ai.unwrap_or(args.ai)),
        Ai::from(args.light_ai.unwrap_or(args.ai)),
    ];
    // Load once here, so that a bad plugin or lock fails before any thread starts, and to name
    // the plugins in the result.
    let mut host = setup.load_host()?;
    let unsupported = setup.check_support(&mut host, &decks, args.allow_unsupported)?;
    if !unsupported.is_empty() && !args.quiet {
        eprintln!("playing without these texts (--allow-unsupported):");
        for line in crate::support::gap_lines(&unsupported) {
            eprintln!("  {line}");
        }
    }
    let config = SimConfig {
        engine: swtcg_engine::lock::ENGINE.to_string(),
        ruleset: setup.ruleset.name.clone(),
        ruleset_sha256: ruleset_sha256(&setup.ruleset),
        decks: [
            DeckId::new(&decks[0].name, &decks[0].cards),
            DeckId::new(&decks[1].name, &decks[1].cards),
        ],
        ai,
        plugins: host.fingerprints(),
    };
    drop(host);
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .clamp(1, seeds.len().max(1) as usize);
    let started = Instant::now();
    let decks = Arc::new([decks[0].cards.clone(), decks[1].cards.clone()]);
    let next = Arc::new(AtomicU64::new(0));
    let (send, receive) = mpsc::channel::<anyhow::Result<GameRecord>>();
    let mut workers = Vec::new();
    for _ in 0..threads {
        let (setup, decks, next, send) = (setup.clone(), decks.clone(), next.clone(), send.clone());
        workers.push(std::thread::spawn(move || {
            let mut host = match setup.load_host() {
                Ok(host) => host,
                Err(err) => {
                    let _ = send.send(Err(err));
                    return;
                }
            };
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= seeds.len() {
                    return;
                }
                let seed = seeds.start + i;
                let record = play_guarded(&decks, seed, &setup.ruleset, &mut host, ai);
                if record.panicked {
                    // A panic may leave a plugin instance mid-call: start from fresh ones.
                    match setup.load_host() {
                        Ok(fresh) => host = fresh,
                        Err(err) => {
                            let _ = send.send(Err(err));
                            return;
                        }
                    }
                }
                if send.send(Ok(record.record)).is_err() {
                    return;
                }
            }
        }));
    }
    drop(send);
    let mut summary = SimSummary::new(config);
    summary.run = Some(SeedRange {
        start: args.seed,
        end: args.seed + args.games,
    });
    let progress = !args.quiet && std::io::stderr().is_terminal();
    let mut last_drawn = Instant::now();
    for record in receive {
        summary.add(&record?);
        if progress && (last_drawn.elapsed() > Duration::from_millis(100)) {
            draw_progress(summary.games, seeds.len(), started.elapsed());
            last_drawn = Instant::now();
        }
    }
    for worker in workers {
        let _ = worker.join();
    }
    if progress {
        draw_progress(summary.games, seeds.len(), started.elapsed());
        eprintln!();
    }
    if summary.games != seeds.len() {
        bail!(
            "only {} of {} games were played",
            summary.games,
            seeds.len()
        );
    }
    let seconds = started.elapsed().as_secs_f64();
    if !args.quiet {
        eprintln!(
            "{} games in {seconds:.2} s on {threads} thread{} ({:.1} games/s)",
            summary.games,
            if threads == 1 { "" } else { "s" },
            summary.games as f64 / seconds.max(1e-9)
        );
    }
    print_result(&summary, args.json)?;
    Ok(exit_code(&summary))
}

/// A game's record, and whether the engine panicked (a bug, recorded as an error so that one
/// bad game does not lose a long run).
struct Guarded {
    record: GameRecord,
    panicked: bool,
}

fn play_guarded(
    decks: &[Vec<Arc<swtcg_engine::CardDef>>; 2],
    seed: u64,
    ruleset: &Arc<swtcg_engine::Ruleset>,
    host: &mut dyn AbilityHost,
    ai: [Ai; 2],
) -> Guarded {
    let played = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        play_game(decks, seed, ruleset, host, ai)
    }));
    match played {
        Ok(record) => Guarded {
            record,
            panicked: false,
        },
        Err(payload) => {
            let message = payload
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "unknown panic".into());
            Guarded {
                record: GameRecord {
                    seed,
                    end: GameEnd::Error(format!("the engine panicked: {message}")),
                    turns: 0,
                    keywords: Default::default(),
                },
                panicked: true,
            }
        }
    }
}

fn draw_progress(done: u64, total: u64, elapsed: Duration) {
    const WIDTH: u64 = 40;
    let filled = (done * WIDTH).checked_div(total).unwrap_or(WIDTH);
    let bar: String = (0..WIDTH)
        .map(|i| if i < filled { '#' } else { '-' })
        .collect();
    let rate = done as f64 / elapsed.as_secs_f64().max(1e-9);
    eprint!("\r[{bar}] {done}/{total} games, {rate:.0}/s ");
    let _ = std::io::stderr().flush();
}

/// 1 when a game ended in an engine error, so that scripts notice; else 0.
fn exit_code(summary: &SimSummary) -> ExitCode {
    if summary.errors > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

fn merge(files: &[PathBuf], json: bool) -> anyhow::Result<ExitCode> {
    let mut merged: Option<SimSummary> = None;
    for file in files {
        let text = crate::read_text(file)?;
        let summary: SimSummary = serde_json::from_str(&text)
            .with_context(|| format!("{}: not a `swtcg sim --json` result", file.display()))?;
        match &mut merged {
            None => merged = Some(summary),
            Some(into) => into
                .merge(&summary)
                .with_context(|| format!("merging {}", file.display()))?,
        }
    }
    let Some(summary) = merged else {
        bail!("no result files given");
    };
    let missing = summary.missing();
    if !missing.is_empty() {
        eprintln!(
            "warning: the run's seeds {} are not in these results: a shard is missing, so this \
             is not the whole run's result",
            seeds_text(&missing)
        );
    }
    print_result(&summary, json)?;
    Ok(exit_code(&summary))
}

/// The JSON form: the summary (which `merge` reads back) and, for other tools, the derived
/// rates (ignored when read back).
#[derive(Serialize)]
struct Report<'a> {
    #[serde(flatten)]
    summary: &'a SimSummary,
    derived: Derived,
}

#[derive(Serialize)]
struct Derived {
    /// Per side, Dark Side first: the win rate over games that ended without error and its 95 %
    /// Wilson interval.
    win_rate: [Option<[f64; 3]>; 2],
    average_turns: Option<f64>,
}

fn print_result(summary: &SimSummary, json: bool) -> anyhow::Result<()> {
    if json {
        let rate = |side| summary.win_rate(side).map(|r| [r.rate, r.low, r.high]);
        let report = Report {
            summary,
            derived: Derived {
                win_rate: [rate(Side::Dark), rate(Side::Light)],
                average_turns: summary.average_turns(),
            },
        };
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        print!("{}", table(summary, crate::colour::stdout_enabled()));
    }
    Ok(())
}

fn seeds_text(seeds: &[SeedRange]) -> String {
    let parts: Vec<String> = seeds
        .iter()
        .map(|r| {
            if r.len() == 1 {
                r.start.to_string()
            } else {
                format!("{}..{}", r.start, r.end - 1)
            }
        })
        .collect();
    if parts.is_empty() {
        "none".into()
    } else {
        parts.join(", ")
    }
}

/// The result as a table; the same summary always gives the same text.
fn table(s: &SimSummary, colour: bool) -> String {
    let bold = |text: &str| crate::colour::bold(text, colour);
    let c = &s.config;
    let mut out = String::new();
    out += &format!(
        "{} {} games, seeds {}{}, ruleset {}, {} vs {} AI\n\n",
        bold("swtcg sim:"),
        s.games,
        seeds_text(&s.seeds),
        match (s.run, s.missing().is_empty()) {
            (Some(run), false) => format!(
                " of the run's {}..{} (missing {})",
                run.start,
                run.end - 1,
                seeds_text(&s.missing())
            ),
            _ => String::new(),
        },
        c.ruleset,
        c.ai[0].name(),
        c.ai[1].name()
    );
    out += &bold(&format!(
        "{:<11} {:<24} {:>7} {:>8}  {:<17}\n",
        "side", "deck", "wins", "win rate", "95 % CI"
    ));
    for side in Side::BOTH {
        let deck = &c.decks[side.index()].name;
        let (rate, ci) = match s.win_rate(side) {
            Some(r) => (
                format!("{:.1} %", 100.0 * r.rate),
                format!("{:.1} – {:.1} %", 100.0 * r.low, 100.0 * r.high),
            ),
            None => ("-".into(), "-".into()),
        };
        out += &format!(
            "{:<11} {:<24} {:>7} {:>8}  {:<17}\n",
            side.to_string(),
            truncate(deck, 24),
            s.wins[side.index()],
            rate,
            ci
        );
    }
    out += &format!("{:<36} {:>7}\n", "undecided (turn limit)", s.undecided);
    out += &format!("{:<36} {:>7}\n", "errors", s.errors);
    match s.average_turns() {
        Some(avg) => {
            out += &format!(
                "\nturns: average {avg:.2}, least {}, most {}\n",
                s.turns_min.unwrap_or(0),
                s.turns_max.unwrap_or(0)
            )
        }
        None => out += "\nturns: no game ended without error\n",
    }
    if s.keywords.is_empty() {
        out += "\nkeywords: none triggered or was activated\n";
    } else {
        out += &format!(
            "\n{}",
            bold(&format!(
                "{:<24} {:>10} {:>10} {:>12}\n",
                "keyword", "triggered", "activated", "per game"
            ))
        );
        for (keyword, count) in &s.keywords {
            let per_game = (count.triggered + count.activated) as f64 / s.games.max(1) as f64;
            out += &format!(
                "{:<24} {:>10} {:>10} {:>12.2}\n",
                truncate(keyword, 24),
                count.triggered,
                count.activated,
                per_game
            );
        }
    }
    if !s.error_examples.is_empty() {
        out += &format!("\n{}\n", bold("errors (lowest seeds):"));
        for (seed, message) in &s.error_examples {
            out += &format!("  seed {seed}: {message}\n");
        }
    }
    out
}

fn truncate(text: &str, width: usize) -> String {
    if text.chars().count() <= width {
        text.to_string()
    } else {
        let mut cut: String = text.chars().take(width - 1).collect();
        cut.push('…');
        cut
    }
}
