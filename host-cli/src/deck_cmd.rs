//! `swtcg deck`: check deck files against the deck-building rules and the formats, and convert
//! them between the deck formats (`deck_cmd/convert.rs`).

mod convert;

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::bail;
use clap::Subcommand;
use swtcg_engine::cards::CardDb;
use swtcg_engine::deck::{Deck, parse_deck};
use swtcg_engine::deck_rules::{DECK_MIN, deck_side, find_format, side_name, validate};
use swtcg_engine::model::CardSide;

#[derive(Subcommand)]
pub enum DeckCommand {
    /// Check a deck file against the deck-building rules: at least 60 cards (game 2.3), at most 4
    /// copies of a card (2.4), one side (2.5), the format's sets and bans (2.6), and the IDC unit
    /// limits (at least 36 units, 12 per arena, no arena with more than twice the units of
    /// another; a multi-arena unit counts in each of its arenas).
    ///
    /// The deck is a plain "count name" list, a TOML deck (`name`, `side`, `format`, and
    /// `[[card]]` tables with `count` and `name`; see engine/data/decks/) or a LackeyCCG `.dek`.
    /// Card names may be written as people write them (any apostrophe, "Shaak-Ti" for "Shaak
    /// Ti", "Corde" for "Cordé", "YV664" for "YV-664"): such a name, and a `.dek` card found
    /// outside its set or left out in another superzone, is a `note:` on stderr. Prints `VALID ...` or
    /// one `rule: message` line per problem. Exit status: 0 valid, 1 rules broken, 2 the file
    /// could not be read or parsed (the message names file, line and key) or the format is
    /// unknown.
    ///
    /// Example: swtcg deck validate engine/data/decks/demo-dark.toml --format Vintage
    Validate {
        /// The deck file (.toml, .dek or a plain list).
        deck: PathBuf,
        /// Check the format's legal sets and banned cards (a label of formats.txt, e.g.
        /// "Standard", "Vintage"); overrides the deck's own `format`.
        #[arg(long)]
        format: Option<String>,
    },
    Convert(convert::ConvertArgs),
}

pub fn run(cmd: DeckCommand) -> anyhow::Result<ExitCode> {
    match cmd {
        DeckCommand::Validate { deck, format } => validate_file(&deck, format.as_deref()),
        DeckCommand::Convert(args) => convert::run(&args),
    }
}

fn validate_file(path: &PathBuf, format: Option<&str>) -> anyhow::Result<ExitCode> {
    let cards = CardDb::bundled();
    let origin = path.display().to_string();
    let deck = parse_deck(&origin, &crate::read_text(path)?, &cards)?;
    print_notes(&deck);
    let format_name = format.or(deck.format.as_deref());
    let format = match format_name {
        Some(name) => match find_format(cards.formats(), name) {
            Some(found) => Some(found),
            None => {
                let known: Vec<&str> = cards.formats().iter().map(|f| f.name.as_str()).collect();
                bail!(
                    "unknown format {name:?}; the known formats are: {}",
                    known.join(", ")
                );
            }
        },
        None => None,
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
    let summary = format!(
        "{name} ({} cards, {side}, {})",
        deck.card_count(),
        format.map_or("no format".to_string(), |f| format!("format {}", f.name))
    );
    let violations = validate(&deck, &cards, format, DECK_MIN);
    if violations.is_empty() {
        println!("VALID {summary}");
        return Ok(ExitCode::SUCCESS);
    }
    for violation in &violations {
        println!("{}: {}", violation.rule, violation.message);
    }
    println!(
        "INVALID {summary}: {} problem{}",
        violations.len(),
        if violations.len() == 1 { "" } else { "s" }
    );
    Ok(ExitCode::from(1))
}

/// What the deck reader noted (names read in another spelling, superzones left out), on stderr so
/// that the verdict on stdout stays one line.
fn print_notes(deck: &Deck) {
    for note in &deck.notes {
        let note = note.to_string();
        eprintln!("note: {}", swtcg_engine::text::escape_controls(&note));
    }
}
