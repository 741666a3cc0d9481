//! `swtcg deck convert`: a deck from one deck format into another (LackeyCCG `.dek`, the plain
//! "count name" list, TOML).

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, bail};
use clap::{Args, ValueEnum};
use swtcg_engine::cards::CardDb;
use swtcg_engine::deck::{parse_deck, write_dek, write_plain, write_toml};

/// Convert a deck between LackeyCCG's `.dek`, the plain "count name" list and the TOML deck.
///
/// IN may be any of the three (told apart by its content). OUT's format is `--to`, or else its
/// extension: `.dek`, `.txt` (plain) or `.toml`. Each card is written by its bare name, or as
/// `SET/Name` where the bare name would read back as another printing. A `.dek` holds only cards,
/// so a deck's name, side and format are not written to one; its other superzones (`Sideboard`...)
/// are not played and are left out with a `note:` on stderr, as are names read in another
/// spelling. An existing OUT is kept unless `--force` is given. Exit status: 0 written, 2 IN could
/// not be read (the message names file and line) or OUT could not be written.
///
/// Example: swtcg deck convert rebels.dek rebels.toml
#[derive(Args)]
pub struct ConvertArgs {
    /// The deck to read: a LackeyCCG .dek, a plain list or a TOML deck.
    #[arg(value_name = "IN")]
    input: PathBuf,
    /// The file to write.
    #[arg(value_name = "OUT")]
    output: PathBuf,
    /// The format to write, instead of the one OUT's extension names.
    #[arg(long, value_enum, value_name = "FORMAT")]
    to: Option<DeckFormat>,
    /// Overwrite OUT if it exists.
    #[arg(long)]
    force: bool,
    #[command(flatten)]
    cards: crate::card_sets::CardArgs,
}

/// A deck file format `deck convert` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum DeckFormat {
    /// LackeyCCG's XML deck, one `<card>` per copy.
    Dek,
    /// One `count name` line per card.
    Plain,
    /// The TOML deck: `name`, `side`, `format` and `[[card]]` tables.
    Toml,
}

impl DeckFormat {
    fn from_extension(path: &Path) -> Option<Self> {
        let extension = path.extension()?.to_str()?.to_ascii_lowercase();
        match extension.as_str() {
            "dek" => Some(DeckFormat::Dek),
            "txt" => Some(DeckFormat::Plain),
            "toml" => Some(DeckFormat::Toml),
            _ => None,
        }
    }

    fn description(self) -> &'static str {
        match self {
            DeckFormat::Dek => "LackeyCCG .dek",
            DeckFormat::Plain => "plain list",
            DeckFormat::Toml => "TOML deck",
        }
    }
}

pub fn run(args: &ConvertArgs) -> anyhow::Result<ExitCode> {
    let Some(format) = args.to.or_else(|| DeckFormat::from_extension(&args.output)) else {
        bail!(
            "{}: cannot tell the deck format from the extension; name it .dek, .txt or .toml, or give --to dek|plain|toml",
            args.output.display()
        );
    };
    // Checked before reading too, so that a refusal is not preceded by the deck's notes;
    // `write_new` makes the check that counts.
    if !args.force && args.output.exists() {
        bail!(exists_message(&args.output));
    }
    let loaded = args.cards.load(None)?;
    let cards: &CardDb = &loaded.db;
    let origin = args.input.display().to_string();
    let deck = parse_deck(&origin, &crate::read_text(&args.input)?, cards)?;
    super::print_notes(&deck);
    let text = match format {
        DeckFormat::Dek => write_dek(&deck),
        DeckFormat::Plain => write_plain(&deck, cards),
        DeckFormat::Toml => write_toml(&deck, cards),
    };
    write_new(&args.output, &text, args.force)?;
    println!(
        "wrote {} ({} cards, {})",
        args.output.display(),
        deck.card_count(),
        format.description()
    );
    Ok(ExitCode::SUCCESS)
}

/// Writes the file, refusing to replace an existing one unless `force`: without it the file is
/// created only if absent, in one step, so that nothing written in between is lost.
fn write_new(path: &Path, text: &str, force: bool) -> anyhow::Result<()> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true);
    if force {
        options.create(true).truncate(true);
    } else {
        options.create_new(true);
    }
    let mut file = options.open(path).map_err(|error| {
        if error.kind() == std::io::ErrorKind::AlreadyExists {
            anyhow::anyhow!(exists_message(path))
        } else {
            anyhow::anyhow!("{}: {error}", path.display())
        }
    })?;
    file.write_all(text.as_bytes())
        .with_context(|| format!("{}: writing the deck", path.display()))
}

fn exists_message(path: &Path) -> String {
    format!(
        "{}: the file exists; give --force to overwrite it",
        path.display()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_extension_names_the_format() {
        for (path, format) in [
            ("deck.dek", Some(DeckFormat::Dek)),
            ("a/b/Deck.DEK", Some(DeckFormat::Dek)),
            ("deck.txt", Some(DeckFormat::Plain)),
            ("deck.toml", Some(DeckFormat::Toml)),
            ("deck.xml", None),
            ("deck", None),
        ] {
            assert_eq!(
                DeckFormat::from_extension(Path::new(path)),
                format,
                "{path}"
            );
        }
    }
}
