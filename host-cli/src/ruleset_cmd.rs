//! `swtcg ruleset`: check a tournament ruleset and lock it (engine, ruleset and plugins by
//! sha256) so that every game of the tournament runs the same rules.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use clap::Subcommand;
use swtcg_engine::Ruleset;
use swtcg_engine::cards::CardDb;
use swtcg_engine::lock::{ENGINE, Lock};
use swtcg_engine::plugins::Registry;
use swtcg_engine::ruleset::{Difference, differences};
use swtcg_engine::text::escape_controls;

use crate::setup::{GameArgs, locked_plugins, read_ruleset};

#[derive(Subcommand)]
pub enum RulesetCommand {
    /// Write a lockfile naming the engine version, the ruleset, every plugin a game under it
    /// loads (bundled, --plugins and the ruleset's plugin_dirs) and every set file besides the
    /// bundled sets (the ruleset's card_sets and --cards), each by sha256.
    ///
    /// Games given `--lock FILE` (sim, play, demo, replay) refuse to run when anything differs,
    /// and their logs record the lock.
    ///
    /// Example: swtcg ruleset lock examples/tournament/ruleset.toml
    Lock {
        /// The ruleset TOML file.
        ruleset: PathBuf,
        /// Where to write the lockfile; default: the ruleset's path with the extension `.lock`.
        #[arg(long, short = 'o', value_name = "FILE")]
        output: Option<PathBuf>,
        #[command(flatten)]
        plugins: crate::PluginArgs,
        #[command(flatten)]
        cards: crate::card_sets::CardArgs,
    },
    /// Check a ruleset (or a lockfile against this swtcg and its plugins): prints what it sets
    /// and loads. Exit status 0 when it loads (and matches the lock), 2 otherwise.
    ///
    /// Example: swtcg ruleset check --lock examples/tournament/ruleset.lock
    Check {
        #[command(flatten)]
        game: GameArgs,
    },
}

pub fn run(command: RulesetCommand) -> anyhow::Result<ExitCode> {
    match command {
        RulesetCommand::Lock {
            ruleset,
            output,
            plugins,
            cards,
        } => lock(&ruleset, output, plugins, cards),
        RulesetCommand::Check { game } => check(&game),
    }
}

fn lock(
    ruleset_path: &Path,
    output: Option<PathBuf>,
    plugins: crate::PluginArgs,
    cards: crate::card_sets::CardArgs,
) -> anyhow::Result<ExitCode> {
    let ruleset = read_ruleset(ruleset_path)?;
    // The format must resolve now, not at the first game of the tournament.
    swtcg_engine::deck_rules::deck_format(&ruleset, CardDb::bundled().formats())
        .map_err(anyhow::Error::msg)
        .with_context(|| ruleset_path.display().to_string())?;
    let game = GameArgs {
        ruleset: Some(ruleset_path.to_path_buf()),
        lock: None,
        plugins,
        cards,
    };
    let setup = game.resolve()?;
    let registry = setup.load_host()?;
    let output = output.unwrap_or_else(|| ruleset_path.with_extension("lock"));
    let file = relative_to(ruleset_path, &output);
    let lock = Lock::new(
        &ruleset,
        Some(file),
        locked_plugins(&registry),
        setup.cards.set_files.clone(),
    );
    std::fs::write(&output, lock.to_toml())
        .with_context(|| format!("writing {}", output.display()))?;
    println!(
        "{}: locked {ENGINE}, ruleset {} (sha256 {}), {} plugins{}",
        output.display(),
        ruleset.name,
        &lock.ruleset.sha256[..12],
        lock.plugins.len(),
        match lock.card_sets.len() {
            0 => String::new(),
            1 => ", 1 set file".to_string(),
            n => format!(", {n} set files"),
        }
    );
    Ok(ExitCode::SUCCESS)
}

/// The ruleset's path as the lockfile names it: relative to the lockfile's folder (with `..`
/// where needed), so that the event folder can move as a whole; as given when it can't be
/// found, absolute when the two share only the root.
fn relative_to(ruleset: &Path, lockfile: &Path) -> String {
    let folder = lockfile
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    crate::paths::relative(ruleset, folder)
        .map_or_else(
            |_| ruleset.display().to_string(),
            |path| path.display().to_string(),
        )
        // Lockfiles are shared between machines: `/` whatever the platform.
        .replace('\\', "/")
}

fn check(game: &GameArgs) -> anyhow::Result<ExitCode> {
    let setup = game.resolve()?;
    let format = swtcg_engine::deck_rules::deck_format(&setup.ruleset, CardDb::bundled().formats())
        .map_err(anyhow::Error::msg)?;
    let registry = setup.load_host()?;
    let r = &setup.ruleset;
    println!("ruleset {}", r.name);
    println!(
        "  format: {}",
        format.map_or("any sets".to_string(), |f| format!(
            "{} (sets {}; {} banned)",
            f.name,
            f.sets.join(", "),
            f.banned.len()
        ))
    );
    println!(
        "  decks: {}, at least {} cards",
        if r.check_decks {
            "checked before each game"
        } else {
            "not checked"
        },
        r.deck_min
    );
    println!(
        "  plugins: {} loaded; fuel {} per call{}",
        registry.plugins().len(),
        r.plugin_fuel,
        if r.hook_fuel.is_empty() {
            String::new()
        } else {
            let parts: Vec<String> = r
                .hook_fuel
                .iter()
                .map(|(h, f)| format!("{h} {f}"))
                .collect();
            format!(" ({})", parts.join(", "))
        }
    );
    for (keyword, id) in &r.keyword_plugins {
        println!("  keyword {keyword}: plugin {id}");
    }
    for (flag, value) in &r.keyword_flags {
        println!("  flag {flag} = {value}");
    }
    for set_file in &setup.cards.set_files {
        println!(
            "  card set {} from {} (sha256 {})",
            set_file.sets.join(", "),
            set_file.file,
            &set_file.sha256[..12]
        );
    }
    let changed = changed_rules(r, &registry);
    if changed.is_empty() {
        println!("  every rule as in idc-default");
    } else {
        println!("  rules that differ from idc-default (idc-default -> this ruleset):");
        for difference in changed {
            println!("    {}", escape_controls(&difference.to_string()));
        }
    }
    if setup.lock.is_some() {
        println!("the engine, the ruleset, every plugin and every set file match the lock");
    }
    Ok(ExitCode::SUCCESS)
}

/// The rules of `ruleset` that differ from the default ruleset's (its name aside). A keyword
/// flag that either leaves unset counts at the default its plugin declares, so that a ruleset
/// writing one flag does not read as unsetting the others.
fn changed_rules(ruleset: &Ruleset, registry: &Registry) -> Vec<Difference> {
    let flags = registry.declared_flags();
    let with_defaults = |ruleset: &Ruleset| Ruleset {
        keyword_flags: flags.effective(ruleset),
        ..ruleset.clone()
    };
    differences(&with_defaults(&Ruleset::default()), &with_defaults(ruleset))
        .into_iter()
        .filter(|d| d.key != "name")
        .collect()
}
