//! `swtcg keywords check`: before a game, report keyword combinations in the decks whose plugins
//! meet at the same hook point or query with conflicting classes (`swtcg_engine::conflicts`).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Subcommand;
use swtcg_engine::AbilityHost;
use swtcg_engine::cards::coverage::keyword_ability;
use swtcg_engine::conflicts::{KeywordInUse, find_conflicts};
use swtcg_engine::deck::parse_deck;

use crate::setup::GameArgs;

#[derive(Subcommand)]
pub enum KeywordsCommand {
    /// Report keyword combinations in the decks whose plugins subscribe to the same hook point
    /// (or answer the same query) with conflicting stacking classes (game 13.2: isolated,
    /// cumulative, layered, selective), so that a tournament can rule on them before a game.
    /// Activated abilities are left out: players play them one at a time.
    ///
    /// Exit status: 0 no conflict, 1 conflicts found, 2 a deck or plugin could not be read.
    ///
    /// Example: swtcg keywords check examples/tournament/imperial.toml examples/tournament/rebel.toml
    Check {
        /// Deck files (TOML or plain lists); keywords are looked for across all of them, since
        /// an attacker's keyword meets the defender's.
        #[arg(required = true)]
        decks: Vec<PathBuf>,
        /// Print the conflicts as JSON.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        game: GameArgs,
    },
}

pub fn run(command: KeywordsCommand) -> anyhow::Result<ExitCode> {
    match command {
        KeywordsCommand::Check { decks, json, game } => check(&decks, json, &game),
    }
}

fn check(paths: &[PathBuf], json: bool, game: &GameArgs) -> anyhow::Result<ExitCode> {
    let setup = game.resolve()?;
    let cards = &setup.cards.db;
    let registry = setup.load_host()?;
    let names = registry.keyword_names();
    // Keyword (as its plugin names it) -> plugin and the cards that print it.
    let mut found: BTreeMap<String, (usize, Vec<String>)> = BTreeMap::new();
    let mut missing: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for path in paths {
        let origin = path.display().to_string();
        let deck = parse_deck(&origin, &crate::read_text(path)?, cards)?;
        crate::deck_cmd::print_notes(&deck);
        let deck_name = deck.name.clone().unwrap_or_else(|| stem(path));
        for (_, card, _) in &deck.cards {
            for text in &card.abilities {
                let Some((keyword, _)) = keyword_ability(text, cards.keyword_names()) else {
                    continue;
                };
                let label = format!("{deck_name}: {}", card.name);
                match registry.plugin_for(&keyword) {
                    Some(plugin) => {
                        let entry = found
                            .entry(registry.manifest(plugin).name.clone())
                            .or_insert((plugin, Vec::new()));
                        if !entry.1.contains(&label) {
                            entry.1.push(label);
                        }
                    }
                    None if !names.iter().any(|n| n.eq_ignore_ascii_case(&keyword)) => {
                        let entry = missing.entry(keyword).or_default();
                        if !entry.contains(&label) {
                            entry.push(label);
                        }
                    }
                    None => {}
                }
            }
        }
    }
    let in_use: Vec<KeywordInUse> = found
        .iter()
        .map(|(keyword, (plugin, found_in))| KeywordInUse {
            keyword: keyword.clone(),
            manifest: registry.manifest(*plugin),
            found_in: found_in.clone(),
        })
        .collect();
    let conflicts = find_conflicts(&in_use);
    if json {
        let report = serde_json::json!({
            "keywords": found.keys().collect::<Vec<_>>(),
            "without_plugin": missing,
            "conflicts": conflicts,
        });
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        println!(
            "keywords in the decks: {}",
            if found.is_empty() {
                "none".to_string()
            } else {
                found.keys().cloned().collect::<Vec<_>>().join(", ")
            }
        );
        for (keyword, labels) in &missing {
            println!(
                "no plugin for keyword {keyword} ({}): those abilities do nothing",
                labels.join(", ")
            );
        }
        for c in &conflicts {
            println!(
                "CONFLICT at {}: {} ({}; {}) and {} ({}; {})",
                c.point,
                c.first.keyword,
                c.first.class.join(", "),
                grouped(&c.first.found_in),
                c.second.keyword,
                c.second.class.join(", "),
                grouped(&c.second.found_in)
            );
        }
        println!(
            "{} conflict{}",
            conflicts.len(),
            if conflicts.len() == 1 { "" } else { "s" }
        );
    }
    Ok(if conflicts.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// `deck: card` labels as `deck: card, card; deck: card`.
fn grouped(labels: &[String]) -> String {
    let mut decks: Vec<(&str, Vec<&str>)> = Vec::new();
    for label in labels {
        let (deck, card) = label.split_once(": ").unwrap_or(("", label));
        match decks.iter_mut().find(|(d, _)| *d == deck) {
            Some((_, cards)) => cards.push(card),
            None => decks.push((deck, vec![card])),
        }
    }
    decks
        .iter()
        .map(|(deck, cards)| format!("{deck}: {}", cards.join(", ")))
        .collect::<Vec<_>>()
        .join("; ")
}

fn stem(path: &Path) -> String {
    path.file_stem().map_or_else(
        || path.display().to_string(),
        |s| s.to_string_lossy().into_owned(),
    )
}
