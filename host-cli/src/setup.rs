//! What every command that plays games sets up the same way: the ruleset, the lockfile, the
//! plugins (checked against both) and the two decks (checked against the ruleset's deck rules).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::{Context, bail};
use clap::Args;
use swtcg_engine::cards::CardDb;
use swtcg_engine::deck::{Deck, SEED_DARK, SEED_LIGHT, parse_deck};
use swtcg_engine::deck_rules::{deck_side, side_name, validate};
use swtcg_engine::lock::{ENGINE, Lock, LockedPlugin};
use swtcg_engine::model::CardSide;
use swtcg_engine::plugins::Registry;
use swtcg_engine::{AbilityHost, CardDef, Ruleset, Side};

use crate::card_sets::{CardArgs, LoadedCards};

/// The ruleset, lock and plugin options shared by `sim`, `play` and `demo`.
#[derive(Args, Clone)]
pub struct GameArgs {
    /// Ruleset TOML file; default: the built-in idc-default ruleset (or the lock's ruleset).
    #[arg(long, value_name = "FILE")]
    pub ruleset: Option<PathBuf>,
    /// Lockfile written by `swtcg ruleset lock`: refuse to play unless the engine, the ruleset
    /// and every plugin match it. Without --ruleset, the lock's ruleset file is used.
    #[arg(long, value_name = "FILE")]
    pub lock: Option<PathBuf>,
    #[command(flatten)]
    pub plugins: crate::PluginArgs,
    #[command(flatten)]
    pub cards: CardArgs,
}

/// `--dark-name` and `--light-name`: who plays each side, written into the game log's header
/// with each deck's name, so that results name people and decks.
#[derive(Args, Clone, Default)]
pub struct NameArgs {
    /// The Dark Side player's name, written into the game log (`swtcg event` reads it).
    #[arg(long, value_name = "NAME")]
    pub dark_name: Option<String>,
    /// The Light Side player's name, written into the game log.
    #[arg(long, value_name = "NAME")]
    pub light_name: Option<String>,
}

impl NameArgs {
    /// Names the players and their decks (`decks`, Dark Side first) in a log header, when a
    /// name was given.
    pub fn fill(&self, header: &mut swtcg_engine::log::LogHeader, decks: [&str; 2]) {
        let names = [&self.dark_name, &self.light_name];
        if names.iter().all(|n| n.is_none()) {
            return;
        }
        for (index, name) in names.into_iter().enumerate() {
            header.players[index] = swtcg_engine::log::Participant {
                name: name.clone(),
                deck: Some(decks[index].to_string()),
            };
        }
    }
}

/// A resolved ruleset and lock, ready to load plugins for any number of games.
#[derive(Clone)]
pub struct Setup {
    pub ruleset: Arc<Ruleset>,
    pub ruleset_file: Option<PathBuf>,
    pub lock: Option<Lock>,
    pub plugins: crate::PluginArgs,
    /// The bundled cards, the ruleset's `card_sets` and `--cards`.
    pub cards: LoadedCards,
}

impl GameArgs {
    /// Reads the ruleset and the lock.
    pub fn resolve(&self) -> anyhow::Result<Setup> {
        let lock = match &self.lock {
            Some(path) => Some(read_lock(path)?),
            None => None,
        };
        let ruleset_file = match (&self.ruleset, &lock, &self.lock) {
            (Some(file), _, _) => Some(file.clone()),
            (None, Some(lock), Some(lock_path)) => lock
                .ruleset
                .file
                .as_ref()
                .map(|file| lock_path.parent().unwrap_or(Path::new(".")).join(file)),
            _ => None,
        };
        let ruleset = match &ruleset_file {
            Some(path) => read_ruleset(path)?,
            None => match &lock {
                Some(lock) => Ruleset::builtin(&lock.ruleset.name).with_context(|| {
                    format!(
                        "the lock names ruleset {:?} without a file, and it is not built in",
                        lock.ruleset.name
                    )
                })?,
                None => Ruleset::default(),
            },
        };
        let cards = self.cards.load(Some((&ruleset, ruleset_file.as_deref())))?;
        Ok(Setup {
            ruleset: Arc::new(ruleset),
            ruleset_file,
            lock,
            plugins: self.plugins.clone(),
            cards,
        })
    }
}

/// Reads a ruleset file.
pub fn read_ruleset(path: &Path) -> anyhow::Result<Ruleset> {
    Ok(Ruleset::from_toml(
        &path.display().to_string(),
        &crate::read_text(&path.to_path_buf())?,
    )?)
}

/// Reads a lockfile.
pub fn read_lock(path: &Path) -> anyhow::Result<Lock> {
    Ok(Lock::from_toml(
        &path.display().to_string(),
        &crate::read_text(&path.to_path_buf())?,
    )?)
}

/// The loaded plugins as a lock names them.
pub fn locked_plugins(registry: &Registry) -> Vec<LockedPlugin> {
    registry
        .plugins()
        .iter()
        .map(|p| crate::plugins::as_locked(&p.manifest, &p.sha256, &p.source))
        .collect()
}

impl Setup {
    /// Loads the plugins (bundled, `--plugins`, the ruleset's `plugin_dirs`), applies the
    /// ruleset's per-hook fuel, and checks the ruleset's `keyword_plugins` and the lock.
    pub fn load_host(&self) -> anyhow::Result<Registry> {
        let mut registry = self.plugins.load_with(
            &self.ruleset,
            self.ruleset_file.as_deref(),
            self.lock.as_ref(),
        )?;
        registry.set_call_fuel(&self.ruleset.hook_fuel);
        for (keyword, id) in &self.ruleset.keyword_plugins {
            match registry.plugin_for(keyword) {
                Some(plugin) if registry.manifest(plugin).id == *id => {}
                Some(plugin) => bail!(
                    "the ruleset wants plugin {id} for keyword {keyword}, but {}@{} ({}) implements it",
                    registry.manifest(plugin).id,
                    registry.manifest(plugin).version,
                    registry.plugins()[plugin].source
                ),
                None => bail!(
                    "the ruleset wants plugin {id} for keyword {keyword}, but no loaded plugin implements it"
                ),
            }
        }
        // The plugins were checked against the lock before they were loaded; this checks the
        // registry as it came out, in case loading and the check ever disagree.
        if let Some(lock) = &self.lock {
            lock.check(
                ENGINE,
                &self.ruleset,
                &locked_plugins(&registry),
                &self.cards.set_files,
            )?;
        }
        Ok(registry)
    }

    /// The lock's record for game logs.
    pub fn lock_record(&self) -> Option<swtcg_engine::lock::LockRecord> {
        self.lock.as_ref().map(Lock::record)
    }

    /// Writes what this setup adds to a game log's header: the lock, the set files, the ruleset
    /// file (absolute, so that a replay from anywhere finds its `plugin_dirs`) and the texts
    /// the game plays without.
    pub fn fill_header(&self, header: &mut swtcg_engine::log::LogHeader, unsupported: Vec<String>) {
        header.lock = self.lock_record();
        header.card_sets = self.cards.set_files.clone();
        header.ruleset_file = self.ruleset_file.as_ref().map(|file| {
            std::fs::canonicalize(file)
                .unwrap_or_else(|_| file.clone())
                .display()
                .to_string()
        });
        header.unsupported = unsupported;
    }

    /// Reads the two decks of a game (see [`load_decks`]) in this setup's cards.
    pub fn load_decks(&self, paths: &[PathBuf]) -> anyhow::Result<[GameDeck; 2]> {
        load_decks(paths, &self.ruleset, &self.cards.db)
    }

    /// The cards of the decks that the loaded plugins don't carry out fully: an error listing
    /// them, unless `allow` (`--allow-unsupported`), when they are returned for the game log
    /// (`support::gap_lines`) and the board (`support::inert_texts`).
    pub fn check_support(
        &self,
        registry: &mut Registry,
        decks: &[GameDeck; 2],
        allow: bool,
    ) -> anyhow::Result<Vec<(Arc<CardDef>, Vec<swtcg_engine::cards::coverage::Gap>)>> {
        let decks: Vec<(&str, &[Arc<CardDef>])> = decks
            .iter()
            .map(|deck| (deck.name.as_str(), deck.cards.as_slice()))
            .collect();
        crate::support::check_decks(registry, &self.cards.db, &decks, allow)
    }
}

/// With the ruleset's `check_decks`, refuses a deck that breaks the deck rules or the ruleset's
/// format (its sets and bans), listing each problem; `origin` names the deck.
pub fn check_deck_rules(
    origin: &str,
    deck: &Deck,
    ruleset: &Ruleset,
    cards: &CardDb,
) -> anyhow::Result<()> {
    if !ruleset.check_decks {
        return Ok(());
    }
    let format = swtcg_engine::deck_rules::deck_format(ruleset, cards.formats())
        .map_err(anyhow::Error::msg)?;
    let problems = validate(deck, cards, format.as_ref(), ruleset.deck_min);
    if problems.is_empty() {
        return Ok(());
    }
    let lines: Vec<String> = problems
        .iter()
        .map(|v| format!("  {}: {}", v.rule, v.message))
        .collect();
    bail!(
        "{origin}: the deck breaks the ruleset {}'s deck rules:\n{}",
        ruleset.name,
        lines.join("\n")
    )
}

/// A deck ready to play: its name, the side it plays and its cards.
pub struct GameDeck {
    pub name: String,
    pub cards: Vec<Arc<CardDef>>,
}

/// Reads the two decks of a game (default: the built-in seed decks, as `demo` plays them) and returns them Dark Side
/// first, whatever order they were given in. With the ruleset's `check_decks`, a deck that
/// breaks the deck rules or the ruleset's format is refused.
pub fn load_decks(
    paths: &[PathBuf],
    ruleset: &Ruleset,
    cards: &CardDb,
) -> anyhow::Result<[GameDeck; 2]> {
    let mut decks: Vec<(String, Deck)> = match paths {
        // The seed decks, as `demo` plays them: real units whose every ability a bundled plugin
        // carries out.
        [] => vec![
            (
                "seed-dark".to_string(),
                parse_deck("seed-dark", SEED_DARK, cards)?,
            ),
            (
                "seed-light".to_string(),
                parse_deck("seed-light", SEED_LIGHT, cards)?,
            ),
        ],
        [a, b] => [a, b]
            .iter()
            .map(|path| -> anyhow::Result<_> {
                let origin = path.display().to_string();
                let deck = parse_deck(&origin, &crate::read_text(path)?, cards)?;
                crate::deck_cmd::print_notes(&deck);
                Ok((origin, deck))
            })
            .collect::<anyhow::Result<_>>()?,
        _ => bail!("give two deck files, or none for the built-in seed decks"),
    };
    let seat = |deck: &Deck| match deck_side(deck) {
        Some(CardSide::Light) => Some(Side::Light),
        Some(CardSide::Dark | CardSide::YuuzhanVong) => Some(Side::Dark),
        _ => None,
    };
    let seats = [seat(&decks[0].1), seat(&decks[1].1)];
    match seats {
        [Some(a), Some(b)] if a == b => bail!(
            "both decks play the {} ({} and {}); a game needs one Dark Side and one Light Side deck",
            side_name(if a == Side::Dark {
                CardSide::Dark
            } else {
                CardSide::Light
            }),
            decks[0].0,
            decks[1].0
        ),
        [Some(Side::Light), _] | [_, Some(Side::Dark)] => decks.swap(0, 1),
        _ => {}
    }
    let mut out = Vec::new();
    for (origin, deck) in decks {
        check_deck_rules(&origin, &deck, ruleset, cards)?;
        let name = deck.name.clone().unwrap_or_else(|| {
            Path::new(&origin)
                .file_stem()
                .map_or(origin.clone(), |s| s.to_string_lossy().into_owned())
        });
        out.push(GameDeck {
            name,
            cards: deck.expand_with_supply(cards),
        });
    }
    let mut out = out.into_iter();
    match (out.next(), out.next()) {
        (Some(dark), Some(light)) => Ok([dark, light]),
        _ => bail!("two decks are needed"),
    }
}
