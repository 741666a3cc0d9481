//! `swtcg deck`: check deck files against the deck-building rules and the formats, and convert
//! them between the deck formats (`deck_cmd/convert.rs`).

mod convert;

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::bail;
use clap::Subcommand;
use serde::Serialize;
use swtcg_engine::deck::{Deck, parse_deck};
use swtcg_engine::deck_rules::{deck_side, find_format, side_name, validate};
use swtcg_engine::model::CardSide;

use crate::setup::GameArgs;

#[derive(Subcommand)]
pub enum DeckCommand {
    /// Check a deck file against the deck-building rules: at least 60 cards (game 2.3), at most 4
    /// copies of a card (2.4), one side (2.5), the format's sets and bans (2.6), and the IDC unit
    /// limits (at least 36 units, 12 per arena, no arena with more than twice the units of
    /// another; a multi-arena unit counts in each of its arenas). Then lists each card the
    /// engine cannot carry out fully with the loaded plugins (a card type not played yet, or a
    /// printed ability no plugin claims), with its text: `play`, `demo` and `sim` refuse such
    /// a deck unless given --allow-unsupported.
    ///
    /// The deck is a plain "count name" list, a TOML deck (`name`, `side`, `format`, and
    /// `[[card]]` tables with `count` and `name`; see engine/data/decks/) or a LackeyCCG `.dek`.
    /// Card names may be written as people write them (any apostrophe, "Shaak-Ti" for "Shaak
    /// Ti", "Corde" for "Cordé", "YV664" for "YV-664"): such a name, and a `.dek` card found
    /// outside its set or left out in another superzone, is a `note:` on stderr. Cards of
    /// --cards set files (and of the ruleset's card_sets) resolve like bundled ones. Prints
    /// `VALID ...` or one `rule: message` line per problem, then `UNSUPPORTED ...` lines. Exit
    /// status: 0 valid, 1 rules broken, 2 the file could not be read or parsed (the message
    /// names file, line and key) or the format is unknown.
    ///
    /// Example: swtcg deck validate engine/data/decks/demo-dark.toml --format Vintage
    ///
    /// Example: swtcg deck validate my-fan-deck.txt --cards fan/FAN.txt --json
    Validate {
        /// The deck file (.toml, .dek or a plain list).
        deck: PathBuf,
        /// Check the format's legal sets and banned cards (a label of formats.txt, e.g.
        /// "Standard", "Vintage", "WOTC"); overrides the deck's own `format` and the ruleset's.
        #[arg(long)]
        format: Option<String>,
        /// Print `{"deck", "cards", "side", "format", "valid", "problems": [{"rule", "card",
        /// "line", "message"}], "unsupported": [{"card", "text"}]}` instead of lines.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        game: GameArgs,
    },
    Convert(convert::ConvertArgs),
}

pub fn run(cmd: DeckCommand) -> anyhow::Result<ExitCode> {
    match cmd {
        DeckCommand::Validate {
            deck,
            format,
            json,
            game,
        } => validate_file(&deck, format.as_deref(), json, &game),
        DeckCommand::Convert(args) => convert::run(&args),
    }
}

/// The `--json` report of `deck validate`.
#[derive(Serialize)]
struct Report {
    deck: String,
    cards: u32,
    side: String,
    format: Option<String>,
    valid: bool,
    problems: Vec<Problem>,
    unsupported: Vec<Unsupported>,
}

#[derive(Serialize)]
struct Problem {
    rule: &'static str,
    card: Option<String>,
    line: Option<usize>,
    message: String,
}

#[derive(Serialize)]
struct Unsupported {
    card: String,
    text: String,
}

fn validate_file(
    path: &PathBuf,
    format: Option<&str>,
    json: bool,
    game: &GameArgs,
) -> anyhow::Result<ExitCode> {
    let setup = game.resolve()?;
    let cards = &setup.cards.db;
    let origin = path.display().to_string();
    let deck = parse_deck(&origin, &crate::read_text(path)?, cards)?;
    print_notes(&deck);
    let format = match format.or(deck.format.as_deref()) {
        Some(name) => match find_format(cards.formats(), name) {
            Some(found) => Some(found.clone()),
            None => {
                let known: Vec<&str> = cards.formats().iter().map(|f| f.name.as_str()).collect();
                bail!(
                    "unknown format {name:?}; the known formats are: {}",
                    known.join(", ")
                );
            }
        },
        None => swtcg_engine::deck_rules::deck_format(&setup.ruleset, cards.formats())
            .map_err(anyhow::Error::msg)?,
    };
    let name = deck.name.clone().unwrap_or_else(|| {
        path.file_stem().map_or_else(
            || origin.clone(),
            |stem| stem.to_string_lossy().into_owned(),
        )
    });
    let side = match deck_side(&deck) {
        Some(CardSide::YuuzhanVong) => "Yuuzhan Vong, Dark Side seat".to_string(),
        Some(side) => side_name(side).to_string(),
        None => "Neutral".to_string(),
    };
    let violations = validate(&deck, cards, format.as_ref(), setup.ruleset.deck_min);
    let mut registry = setup.load_host()?;
    let support = crate::support::Support::new(&mut registry, cards);
    let unsupported = support.unsupported(&deck.expand());
    let code = if violations.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    };
    if json {
        let report = Report {
            deck: name,
            cards: deck.card_count(),
            side,
            format: format.map(|f| f.name),
            valid: violations.is_empty(),
            problems: violations
                .into_iter()
                .map(|v| Problem {
                    rule: v.rule,
                    card: v.card,
                    line: v.line,
                    message: v.message,
                })
                .collect(),
            unsupported: unsupported
                .iter()
                .flat_map(|(card, gaps)| {
                    gaps.iter().map(|gap| Unsupported {
                        card: format!("{}/{}", card.set, card.name),
                        text: gap.describe(),
                    })
                })
                .collect(),
        };
        println!("{}", serde_json::to_string_pretty(&report)?);
        return Ok(code);
    }
    let summary = format!(
        "{name} ({} cards, {side}, {})",
        deck.card_count(),
        format.map_or("no format".to_string(), |f| format!("format {}", f.name))
    );
    if violations.is_empty() {
        println!("VALID {summary}");
    } else {
        for violation in &violations {
            println!("{}: {}", violation.rule, violation.message);
        }
        println!(
            "INVALID {summary}: {} problem{}",
            violations.len(),
            if violations.len() == 1 { "" } else { "s" }
        );
    }
    if !unsupported.is_empty() {
        let lines = crate::support::gap_lines(&unsupported);
        println!(
            "UNSUPPORTED {} card{} the engine cannot carry out fully (play them with \
             --allow-unsupported; these texts then do nothing):",
            unsupported.len(),
            if unsupported.len() == 1 { "" } else { "s" }
        );
        for line in lines {
            println!("  {line}");
        }
    }
    Ok(code)
}

/// What the deck reader noted (names read in another spelling, superzones left out), on stderr so
/// that the verdict on stdout stays one line.
pub(crate) fn print_notes(deck: &Deck) {
    for note in &deck.notes {
        let note = note.to_string();
        eprintln!("note: {}", swtcg_engine::text::escape_controls(&note));
    }
}
