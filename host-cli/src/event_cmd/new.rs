//! `swtcg event new`: registers an event's players and decks. Each deck is read with the lock's
//! cards, checked against the lock's ruleset (its deck rules when the ruleset checks decks, and
//! every printed text carried out by the locked plugins) and copied into the event folder with
//! its sha256, so that the decks that count are the ones registered.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, bail};
use clap::Args;
use serde::Deserialize;
use swtcg_engine::Side;
use swtcg_engine::deck::{Deck, parse_deck};
use swtcg_engine::deck_rules::deck_side;
use swtcg_engine::event::{Entrant, Event, RegisteredDeck, check_name};
use swtcg_engine::model::CardSide;
use swtcg_engine::text::escape_controls;

use super::{EVENT_FILE, EventDir, no_more_plugins};
use crate::setup::{GameArgs, Setup, read_lock};

#[derive(Args)]
pub struct NewArgs {
    /// The event folder to create (or a folder without an event.toml).
    dir: PathBuf,
    /// The lockfile (`swtcg ruleset lock`) every game of the event is played and verified under.
    #[arg(long, value_name = "FILE")]
    lock: PathBuf,
    /// A player and their deck file, `NAME=DECK`, or `NAME=DARK_DECK,LIGHT_DECK` for a player
    /// with a deck of each side; repeat for each player.
    #[arg(long = "player", value_name = "NAME=DECK")]
    players: Vec<String>,
    /// A TOML file of players, each `[[player]]` with a `name` and `deck = "FILE"` or
    /// `decks = ["FILE", "FILE"]` (paths relative to the file), besides any --player.
    #[arg(long = "players", value_name = "FILE")]
    players_file: Option<PathBuf>,
    /// The event's name; default: the folder's name.
    #[arg(long)]
    name: Option<String>,
    /// Orders players within score groups when pairing, and seeds each game.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Swiss rounds; default: the usual number for the players (log2, rounded up).
    #[arg(long)]
    rounds: Option<u32>,
    /// Games per match: a match is won by the first player to win more than half of them.
    #[arg(long, default_value_t = 1)]
    best_of: u32,
}

/// A players file.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PlayersFile {
    #[serde(rename = "player", default)]
    players: Vec<PlayerLine>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PlayerLine {
    name: String,
    #[serde(default)]
    deck: Option<PathBuf>,
    #[serde(default)]
    decks: Vec<PathBuf>,
}

pub fn run(args: NewArgs) -> anyhow::Result<ExitCode> {
    if args.dir.join(EVENT_FILE).exists() {
        bail!(
            "{}: an event is here already",
            args.dir.join(EVENT_FILE).display()
        );
    }
    let mut wanted: Vec<(String, Vec<PathBuf>)> = Vec::new();
    for spec in &args.players {
        let Some((name, decks)) = spec.split_once('=') else {
            bail!("--player {spec:?}: write NAME=DECK (or NAME=DARK_DECK,LIGHT_DECK)");
        };
        let decks: Vec<PathBuf> = decks
            .split(',')
            .filter(|d| !d.is_empty())
            .map(PathBuf::from)
            .collect();
        wanted.push((name.trim().to_string(), decks));
    }
    if let Some(file) = &args.players_file {
        wanted.extend(read_players_file(file)?);
    }
    if wanted.len() < 2 {
        bail!("an event needs at least two players (--player NAME=DECK, or --players FILE)");
    }
    let lock = read_lock(&args.lock)?;
    let setup = GameArgs {
        ruleset: None,
        lock: Some(args.lock.clone()),
        plugins: no_more_plugins(),
        cards: Default::default(),
    }
    .resolve()?;
    // Read and check every deck before anything is written.
    let mut entrants = Vec::new();
    let mut sources = Vec::new();
    for (index, (name, files)) in wanted.iter().enumerate() {
        check_name(name).map_err(anyhow::Error::msg)?;
        if files.is_empty() || files.len() > 2 {
            bail!("player {name}: give one deck, or a Dark Side and a Light Side deck");
        }
        let mut decks = Vec::new();
        for file in files {
            let (deck, side, bytes) = read_deck(file, &setup)?;
            if decks.iter().any(|d: &RegisteredDeck| d.side == side) {
                bail!("player {name}: two {side} decks; give one deck of each side");
            }
            let title = deck.name.clone().unwrap_or_else(|| {
                file.file_stem()
                    .map_or("deck".into(), |s| s.to_string_lossy().into_owned())
            });
            let extension = file
                .extension()
                .map_or("txt".into(), |e| e.to_string_lossy().into_owned());
            decks.push(RegisteredDeck {
                side,
                name: title,
                file: format!("decks/{}-{}.{extension}", slug(name, index), side.name()),
                sha256: swtcg_engine::plugins::sha256_hex(&bytes),
            });
            sources.push((deck, bytes));
        }
        entrants.push(Entrant {
            name: name.clone(),
            decks,
        });
    }
    check_support(&setup, &entrants, &sources)?;
    let name = match &args.name {
        Some(name) => name.clone(),
        None => args
            .dir
            .canonicalize()
            .unwrap_or(args.dir.clone())
            .file_name()
            .map_or("event".into(), |n| n.to_string_lossy().into_owned()),
    };
    let rounds = args
        .rounds
        .unwrap_or_else(|| Event::usual_rounds(entrants.len()));
    // The event is checked before its folder is made; the lock's path is relative to it.
    let mut event = Event::new(
        name,
        String::new(),
        lock.sha256(),
        args.seed,
        rounds,
        args.best_of,
        entrants,
    )?;
    // games/ is where the commands `event pair` prints write each game's log.
    for folder in ["decks", "games"] {
        std::fs::create_dir_all(args.dir.join(folder))
            .with_context(|| format!("creating {}", args.dir.display()))?;
    }
    event.lock = crate::paths::relative(&args.lock, &args.dir)?
        .display()
        .to_string();
    let registered = event.players.iter().flat_map(|p| &p.decks);
    for (deck, (_, bytes)) in registered.zip(&sources) {
        let target = args.dir.join(&deck.file);
        std::fs::write(&target, bytes).with_context(|| format!("writing {}", target.display()))?;
    }
    let folder = EventDir {
        dir: args.dir.clone(),
        event,
    };
    folder.save()?;
    let event = &folder.event;
    println!(
        "Event {} created in {}: {} players, {} rounds, best of {}, lock {} (ruleset {}).",
        escape_controls(&event.name),
        folder.dir.join(EVENT_FILE).display(),
        event.players.len(),
        event.rounds,
        event.best_of,
        args.lock.display(),
        lock.ruleset.name
    );
    for player in &event.players {
        let decks: Vec<String> = player
            .decks
            .iter()
            .map(|d| format!("{} ({}, {})", d.name, d.side, d.file))
            .collect();
        println!(
            "  {}: {}",
            escape_controls(&player.name),
            escape_controls(&decks.join("; "))
        );
    }
    println!(
        "Next: swtcg event pair {}   (pairs round 1)",
        folder.dir.display()
    );
    Ok(ExitCode::SUCCESS)
}

/// Reads a players file; deck paths in it are relative to it.
fn read_players_file(file: &Path) -> anyhow::Result<Vec<(String, Vec<PathBuf>)>> {
    let text = crate::read_text(&file.to_path_buf())?;
    let parsed: PlayersFile = toml::from_str(&text).map_err(|err| {
        let line = err
            .span()
            .map(|span| format!(":{}", swtcg_engine::text::line_of(&text, span.start)))
            .unwrap_or_default();
        anyhow::anyhow!("{}{line}: {}", file.display(), err.message())
    })?;
    let base = file.parent().unwrap_or(Path::new("."));
    parsed
        .players
        .into_iter()
        .map(|line| {
            let mut decks: Vec<PathBuf> = line.deck.into_iter().collect();
            decks.extend(line.decks);
            if decks.is_empty() {
                bail!(
                    "{}: player {:?} has no deck (deck = \"FILE\")",
                    file.display(),
                    line.name
                );
            }
            Ok((line.name, decks.iter().map(|d| base.join(d)).collect()))
        })
        .collect()
}

/// Reads one deck with the event's cards: the deck, the side it plays and its bytes, refused
/// when it breaks the ruleset's deck rules (if the ruleset checks decks) or has no side.
fn read_deck(file: &Path, setup: &Setup) -> anyhow::Result<(Deck, Side, Vec<u8>)> {
    let bytes = std::fs::read(file).with_context(|| format!("reading {}", file.display()))?;
    let origin = file.display().to_string();
    let text = String::from_utf8(bytes.clone())
        .map_err(|e| anyhow::anyhow!("{origin}: not UTF-8 text: {e}"))?;
    let deck = parse_deck(&origin, &text, &setup.cards.db)?;
    crate::deck_cmd::print_notes(&deck);
    crate::setup::check_deck_rules(&origin, &deck, &setup.ruleset, &setup.cards.db)?;
    let side = match deck_side(&deck) {
        Some(CardSide::Light) => Side::Light,
        Some(CardSide::Dark | CardSide::YuuzhanVong) => Side::Dark,
        _ => bail!("{origin}: the deck has only Neutral cards; give it a side (TOML `side`)"),
    };
    Ok((deck, side, bytes))
}

/// Every deck's printed texts must be carried out by the locked plugins: an event's games are
/// played without `--allow-unsupported`.
fn check_support(
    setup: &Setup,
    entrants: &[Entrant],
    sources: &[(Deck, Vec<u8>)],
) -> anyhow::Result<()> {
    let mut registry = setup.load_host()?;
    let names: Vec<String> = entrants
        .iter()
        .flat_map(|p| {
            p.decks
                .iter()
                .map(move |d| format!("{}'s {}", p.name, d.name))
        })
        .collect();
    let cards: Vec<Vec<_>> = sources.iter().map(|(deck, _)| deck.expand()).collect();
    let decks: Vec<(&str, &[_])> = names
        .iter()
        .map(String::as_str)
        .zip(cards.iter().map(Vec::as_slice))
        .collect();
    crate::support::check_decks(&mut registry, &setup.cards.db, &decks, false)?;
    Ok(())
}

/// A file-name form of a player's name: lower-case letters, digits and hyphens, with the
/// player's position so that two names of one form stay apart.
fn slug(name: &str, index: usize) -> String {
    let mut slug = String::new();
    for c in name.chars().flat_map(char::to_lowercase) {
        if c.is_ascii_alphanumeric() {
            slug.push(c);
        } else if !slug.ends_with('-') && !slug.is_empty() {
            slug.push('-');
        }
    }
    let slug = slug.trim_end_matches('-');
    format!(
        "{:02}-{}",
        index + 1,
        if slug.is_empty() { "player" } else { slug }
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_keep_letters_and_digits_and_the_players_position() {
        assert_eq!(slug("Anna", 0), "01-anna");
        assert_eq!(slug("Ben O'Neil", 1), "02-ben-o-neil");
        assert_eq!(slug("Žofie", 2), "03-ofie");
        assert_eq!(slug("!!!", 9), "10-player");
    }
}
