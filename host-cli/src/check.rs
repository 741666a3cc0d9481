//! `swtcg check`: runs conformance scenario files and reports PASS/FAIL per scenario.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;
use swtcg_engine::Ruleset;
use swtcg_engine::cards::CardDb;
use swtcg_engine::conformance::{RunOptions, parse_scenario, resolve_named_ruleset, run_scenario};
use swtcg_engine::text::escape_controls;

#[derive(Args)]
pub struct CheckArgs {
    /// Ruleset TOML file used by scenarios that name none; default: idc-default.
    #[arg(long)]
    ruleset: Option<PathBuf>,
    #[command(flatten)]
    plugins: crate::PluginArgs,
    /// Set files whose cards scenarios may name (`card = "FAN/Name"`), besides every bundled set.
    #[command(flatten)]
    cards: crate::card_sets::CardArgs,
    /// Scenario files or folders (searched recursively for *.toml).
    #[arg(required = true)]
    paths: Vec<PathBuf>,
}

/// Files that live beside scenarios but are not scenarios.
const NOT_SCENARIOS: [&str; 3] = ["Cargo.toml", "keyword.toml", "card.toml"];

fn collect(path: &Path, out: &mut Vec<PathBuf>) -> anyhow::Result<()> {
    if !path.is_dir() {
        out.push(path.to_path_buf());
        return Ok(());
    }
    let mut entries: Vec<PathBuf> = std::fs::read_dir(path)
        .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .collect();
    entries.sort();
    for entry in entries {
        let name = entry
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        if entry.is_dir() {
            // `rulesets/` folders beside scenarios hold the rulesets scenarios name.
            if name != "target" && name != "rulesets" && !name.starts_with('.') {
                collect(&entry, out)?;
            }
        } else if name.ends_with(".toml") && !NOT_SCENARIOS.contains(&name) {
            out.push(entry);
        }
    }
    Ok(())
}

pub fn run(args: CheckArgs) -> anyhow::Result<ExitCode> {
    let ruleset = match &args.ruleset {
        Some(path) => Ruleset::from_toml(&path.display().to_string(), &crate::read_text(path)?)?,
        None => Ruleset::default(),
    };
    let mut files = Vec::new();
    for path in &args.paths {
        collect(path, &mut files)?;
    }
    let mut registry = args
        .plugins
        .load_with(&ruleset, args.ruleset.as_deref(), None)?;
    let loaded = args.cards.load(Some((&ruleset, args.ruleset.as_deref())))?;
    let cards: &CardDb = &loaded.db;
    let flags = registry.declared_flags();
    let (mut passed, mut failed, mut unreadable) = (0, 0, 0);
    for file in &files {
        let name = file.display().to_string();
        let parsed = std::fs::read_to_string(file)
            .map_err(|e| format!("{name}: {e}"))
            .and_then(|text| parse_scenario(&name, &text).map_err(|e| e.to_string()));
        let scenario = match parsed {
            Ok(scenario) => scenario,
            Err(message) => {
                println!("ERROR {}", escape_controls(&message));
                unreadable += 1;
                continue;
            }
        };
        let dir = file.parent().unwrap_or(Path::new(".")).to_path_buf();
        let flags = &flags;
        let resolve = move |name: &str| {
            resolve_named_ruleset(&dir, name, &|ruleset, origin, text| {
                flags
                    .check(ruleset, origin, Some(text))
                    .map_err(|e| e.to_string())
            })
        };
        let options = RunOptions {
            cards,
            ruleset: &ruleset,
            resolve_ruleset: &resolve,
        };
        match run_scenario(&scenario, &mut registry, &options) {
            // One line per scenario, whatever a plugin's message or a file holds: a FAIL can't
            // print a line that reads as a PASS.
            Ok(()) => {
                passed += 1;
                println!(
                    "PASS {}",
                    escape_controls(&format!("{name} — {}", scenario.title))
                );
            }
            Err(failure) => {
                failed += 1;
                println!(
                    "FAIL {}",
                    escape_controls(&format!("{name} — {}: {}", scenario.title, failure.reason))
                );
                for (what, expected, actual) in failure.diff {
                    println!(
                        "    {}",
                        escape_controls(&format!("{what}: expected {expected}, got {actual}"))
                    );
                }
            }
        }
    }
    println!("{passed} passed, {failed} failed");
    Ok(ExitCode::from(match (unreadable, failed) {
        (0, 0) => 0,
        (0, _) => 1,
        _ => 2,
    }))
}
