//! The `swtcg` command line: one subcommand per thing users do (play, resume, demo, sim, replay,
//! check, cards, deck, plugins, keywords, ruleset, event, bench), each in a module of its own;
//! this file only declares them and dispatches.

mod bench;
mod board;
mod bundled;
mod card_sets;
mod cards_cmd;
mod check;
mod colour;
mod compile_cache;
mod coverage;
mod deck_cmd;
mod demo;
mod event_cmd;
mod keywords_cmd;
mod paths;
mod play;
mod plugin_files;
mod plugins;
mod plugins_cmd;
mod replay;
mod ruleset_cmd;
mod save_cmd;
mod serve;
mod setup;
mod sim;
mod support;
mod undo;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// A rules engine for the Star Wars Trading Card Game (WotC 2002–2005, continued by the IDC).
#[derive(Parser)]
#[command(name = "swtcg", version, about, long_about = None)]
struct Cli {
    /// Show what the engine does: -v for phases, steps, decisions and events, -vv for every POP,
    /// hook and die. RUST_LOG overrides it.
    #[arg(short, long, action = clap::ArgAction::Count, global = true)]
    verbose: u8,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Play a complete game between two AI players and print a summary.
    ///
    /// Without deck files it plays the built-in seed decks: 60 real units each from the bundled
    /// card sets with the seed cards Rukh (C), Krrsantan (B) and Xesh (C), every ability carried
    /// out by a bundled plugin (`--decks plain`: the plain demo decks, units without abilities).
    ///
    /// Example: swtcg demo --seed 7 --log game.jsonl
    Demo(demo::DemoArgs),
    /// Run conformance scenarios (shared/conformance/FORMAT.md, version 1).
    ///
    /// Prints `PASS` or `FAIL` per scenario, a diff for each failure, then `N passed, N failed`.
    /// Exit status: 0 all passed, 1 some failed, 2 a file could not be read or parsed.
    /// Folders are searched recursively for *.toml files, skipping Cargo.toml, keyword.toml,
    /// card.toml, and target and rulesets folders.
    ///
    /// Example: swtcg check ../shared/conformance/examples/01-attack-hits-on-four.toml
    Check(check::CheckArgs),
    /// Import LackeyCCG set files and report which cards the loaded plugins make playable.
    ///
    /// Example: swtcg cards coverage ANH --top 5
    #[command(subcommand)]
    Cards(cards_cmd::CardsCommand),
    /// Check deck files against the deck-building rules and the formats; convert decks between
    /// LackeyCCG's .dek, the plain list and TOML.
    ///
    /// Example: swtcg deck validate engine/data/decks/demo-dark.toml --format Vintage
    #[command(subcommand)]
    Deck(deck_cmd::DeckCommand),
    /// List, validate or create keyword plugins.
    #[command(subcommand)]
    Plugins(plugins_cmd::PluginsCommand),
    /// Replay a game log and verify that the same seed and decisions give the same game.
    ///
    /// Fails (exit status 1) at the first line where the replayed game differs from the log.
    /// --step shows the game decision by decision; --against-plugins DIR replays it under other
    /// plugin versions and names the first line where they change the game.
    ///
    /// Example: swtcg demo --log game.jsonl && swtcg replay game.jsonl --step
    Replay(replay::ReplayArgs),
    /// Play many seeded games between AIs on all cores and print win rates with 95 %
    /// confidence intervals, turns, keyword counts and errors.
    ///
    /// Game i of a run plays seed S+i, so a run can be split with --shard I/N over machines and
    /// the shards' --json results merged with `swtcg sim merge` into the result of one run.
    /// Exit status: 0, 1 when a game ended in an engine error, 2 on bad input.
    ///
    /// Example: swtcg sim --games 1000 --seed 1
    ///
    /// Example: swtcg sim a.toml b.toml -n 10000 --shard 1/2 --json > 1.json
    ///
    /// Example: swtcg sim merge 1.json 2.json   (after shard 2/2 ran elsewhere)
    Sim(sim::SimArgs),
    /// Check tournament rulesets and lock them: engine, ruleset and plugins by sha256.
    ///
    /// Example: swtcg ruleset lock examples/tournament/ruleset.toml
    #[command(subcommand)]
    Ruleset(ruleset_cmd::RulesetCommand),
    /// Check the keywords of decks before a game: combinations whose plugins meet at one hook
    /// with conflicting classes.
    ///
    /// Example: swtcg keywords check examples/tournament/imperial.toml examples/tournament/rebel.toml
    #[command(subcommand)]
    Keywords(keywords_cmd::KeywordsCommand),
    /// Play a game in the terminal, against the built-in AI or hot seat.
    ///
    /// Shows the board, the game log as it happens and numbered legal choices at every
    /// decision; `u` undoes your last decision while no hidden information has been revealed
    /// since. A hand and the cards being built face down are shown only to their owner.
    ///
    /// Exit status: 0 the game ended, 1 it was abandoned (q or end of input), 2 bad input.
    ///
    /// Example: swtcg play --vs ai --side light --log game.jsonl
    Play(play::PlayArgs),
    /// Measure the wasm sandbox against native plugins: hook dispatch, self-play, loading, memory.
    ///
    /// Example: swtcg bench --native plugins/target/release --json
    Bench(bench::BenchArgs),
    /// Run a small Swiss event: register players and decks under a lock, pair rounds, report
    /// matches with their game logs (each verified by replay before it counts), print the
    /// standings with the usual tiebreaks, or simulate the whole event with AI players.
    ///
    /// Example: swtcg event new spring-open --lock examples/tournament/ruleset.lock --player "Anna=examples/tournament/imperial.toml" --player "Ben=examples/tournament/rebel.toml"
    ///
    /// Example: swtcg event simulate spring-open && swtcg event standings spring-open
    #[command(subcommand)]
    Event(event_cmd::EventCommand),
    /// Resume a game saved with `swtcg demo --save FILE --pause-at-turn N`.
    ///
    /// The save is checked first by replaying its decisions from its seed: a truncated, damaged
    /// or edited save, or one saved with other plugins, is refused before the game goes on.
    ///
    /// Example: swtcg demo --save game.json --pause-at-turn 5 && swtcg resume game.json
    Resume(save_cmd::ResumeArgs),
    /// Play a game on a local web board: the binary serves the page, against the built-in AI
    /// or hot seat (each side in its own browser tab, sent only what that side may see).
    ///
    /// Prints the address of each human side's page (with its seat token) and serves until
    /// Ctrl-C; the board's wire format is in docs/web-board.md.
    ///
    /// Example: swtcg serve --side light --log game.jsonl   (then open the printed address)
    ///
    /// Example: swtcg serve --replay game.jsonl   (the replay viewer)
    Serve(serve::ServeArgs),
}

fn main() -> ExitCode {
    restore_sigpipe();
    let cli = Cli::parse();
    init_tracing(cli.verbose);
    let result = match cli.command {
        Command::Demo(args) => demo::run(args),
        Command::Check(args) => check::run(args),
        Command::Replay(args) => replay::run(args),
        Command::Resume(args) => save_cmd::run(args),
        Command::Plugins(command) => plugins_cmd::run(command),
        Command::Deck(command) => deck_cmd::run(command),
        Command::Cards(command) => cards_cmd::run(command),
        Command::Sim(args) => sim::run(args),
        Command::Ruleset(command) => ruleset_cmd::run(command),
        Command::Keywords(command) => keywords_cmd::run(command),
        Command::Play(args) => play::run(args),
        Command::Bench(args) => bench::run(args),
        Command::Event(command) => event_cmd::run(command),
        Command::Serve(args) => serve::run(args),
    };
    match result {
        Ok(code) => code,
        Err(err) => {
            // What came from a plugin or a file was escaped where it entered; this is the last
            // guard before the terminal, keeping only the newlines of the host's own messages.
            let message = format!("{err:#}");
            eprintln!(
                "error: {}",
                swtcg_engine::text::escape_controls_but_newlines(&message)
            );
            ExitCode::from(2)
        }
    }
}

/// Rust ignores SIGPIPE, so printing into a closed pipe (`swtcg ... | head`) would panic; a
/// command-line tool should end quietly instead, as other Unix tools do.
fn restore_sigpipe() {
    #[cfg(unix)]
    // SAFETY: setting a signal's disposition to its default before any thread starts.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

fn init_tracing(verbose: u8) {
    let default = match verbose {
        0 => "warn",
        1 => "swtcg_engine=debug",
        _ => "swtcg_engine=trace",
    };
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new(default));
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_target(false)
        .init();
}

/// Reads a text file, naming it in the error.
pub(crate) fn read_text(path: &PathBuf) -> anyhow::Result<String> {
    std::fs::read_to_string(path).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))
}

/// Where plugins come from, shared by every command that plays.
#[derive(clap::Args, Clone)]
pub(crate) struct PluginArgs {
    /// A folder of keyword plugins (a plugin folder with keyword.toml, or a folder of them) to
    /// load besides the bundled ones; its plugins replace bundled ones for the same keyword.
    #[arg(long = "plugins", value_name = "DIR")]
    pub dirs: Vec<PathBuf>,
    /// Compile plugins without reading or writing the compile cache.
    #[arg(long)]
    pub no_cache: bool,
    /// Run the bundled keywords from trusted native builds in this folder instead of wasm (the
    /// `lib<crate>.so` files of `cargo build --release` in plugins/); no sandbox, for first-party
    /// plugins and speed comparisons.
    #[arg(long, value_name = "DIR")]
    pub native: Option<PathBuf>,
    /// How calls cross into wasm plugins of the newest API: `core` (the default) calls the
    /// plugin's core module and does the canonical ABI in the engine, `component` goes through
    /// wasmtime's component boundary (docs/plugin-protocol.md). Both give the same answers.
    #[arg(long, value_name = "PATH", default_value = "core")]
    pub abi: AbiArg,
    /// Folders whose plugins replace any other plugin of their id or keyword, the ruleset's
    /// `plugin_dirs` ones included (`replay --against-plugins`); not a command-line option.
    #[arg(skip)]
    pub overrides: Vec<PathBuf>,
}

/// The values of `--abi`.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum AbiArg {
    Core,
    Component,
}

impl AbiArg {
    pub(crate) fn path(self) -> swtcg_engine::plugins::AbiPath {
        match self {
            AbiArg::Core => swtcg_engine::plugins::AbiPath::Core,
            AbiArg::Component => swtcg_engine::plugins::AbiPath::Component,
        }
    }
}

impl PluginArgs {
    /// Loads the bundled plugins, the `--plugins` folders and the ruleset's plugin folders.
    pub(crate) fn load(
        &self,
        ruleset: &swtcg_engine::Ruleset,
    ) -> anyhow::Result<swtcg_engine::plugins::Registry> {
        self.load_with(ruleset, None, None)
    }

    /// Loads the bundled plugins, the `--plugins` folders and the folders the ruleset names
    /// (relative to the ruleset file, `ruleset_file`, when there is one); under a `lock`, a
    /// plugin outside it is refused before it is compiled or instantiated.
    pub(crate) fn load_with(
        &self,
        ruleset: &swtcg_engine::Ruleset,
        ruleset_file: Option<&std::path::Path>,
        lock: Option<&swtcg_engine::lock::Lock>,
    ) -> anyhow::Result<swtcg_engine::plugins::Registry> {
        let base = ruleset_file
            .and_then(|f| f.parent())
            .unwrap_or(std::path::Path::new("."));
        let mut dirs = self.dirs.clone();
        dirs.extend(ruleset.plugin_dirs.iter().map(|d| base.join(d)));
        let registry = plugins::load(&plugins::Load {
            overrides: &self.overrides,
            dirs: &dirs,
            ruleset,
            use_cache: !self.no_cache,
            native: self.native.as_deref(),
            abi: self.abi.path(),
            lock,
        })?;
        check_keyword_flags(&registry, ruleset, ruleset_file)?;
        Ok(registry)
    }
}

/// Refuses a ruleset whose `[keyword_flags]` names a flag no loaded plugin declares, or a value
/// its plugins don't declare (`DeclaredFlags::check`), naming the ruleset file, the key's line
/// in it and the key.
pub(crate) fn check_keyword_flags(
    registry: &swtcg_engine::plugins::Registry,
    ruleset: &swtcg_engine::Ruleset,
    ruleset_file: Option<&std::path::Path>,
) -> anyhow::Result<()> {
    let text = ruleset_file.and_then(|file| std::fs::read_to_string(file).ok());
    let origin = ruleset_file.map_or_else(
        || format!("ruleset {}", ruleset.name),
        |file| file.display().to_string(),
    );
    registry
        .declared_flags()
        .check(ruleset, &origin, text.as_deref())?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    /// Clap checks a command's arguments only when the command is parsed, so a clash between
    /// flattened option groups (two fields of one name) would panic at a user's first call:
    /// this checks every command at once.
    #[test]
    fn every_command_line_is_well_formed() {
        super::Cli::command().debug_assert();
    }
}
