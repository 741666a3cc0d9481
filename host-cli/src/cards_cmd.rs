//! `swtcg cards`: import LackeyCCG set files and report which cards the engine can play with the
//! loaded keyword plugins.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use clap::Subcommand;
use serde::Serialize;
use swtcg_engine::cards::CardDb;
use swtcg_engine::cards::coverage::{SetCoverage, coverage, total};
use swtcg_engine::model::CardType;
use swtcg_engine::{CardDef, Ruleset};

mod explain;

#[derive(Subcommand)]
pub enum CardsCommand {
    /// Import LackeyCCG set files (tab-separated, one header line) and report what was read.
    ///
    /// Prints `FILE: N cards imported` per file and `FILE:LINE: message` for each line that
    /// could not be imported (the other lines still load), then the card kinds of each set.
    /// Nothing is kept: to play with a set file's cards, give it to any command with --cards.
    /// Exit status: 0 no errors, 1 some lines failed, 2 a file could not be read.
    ///
    /// Example: swtcg cards import engine/data/lackey/ANH.txt my-set.txt
    Import {
        /// Set files to import, e.g. engine/data/lackey/ANH.txt.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Show what the grammar of card text reads in each ability of some cards, and whether the
    /// loaded plugins carry it out.
    ///
    /// For each printed ability: a keyword ability names its keyword; card text shows the
    /// ability script the grammar read (its kind, trigger, conditions, costs, steps and limits)
    /// or the word where the grammar stopped and what it expected there; then whether the loaded
    /// plugins carry the ability out. Cards are named as in decks (`Name`, `SET/Name`); --text
    /// reads a text of your own as a unit's.
    ///
    /// Example: swtcg cards explain "ANH/Darth Vader (A)" "Jungles of Dagobah"
    ///
    /// Example: swtcg cards explain --text "Whenever this unit attacks, gain 1 Force."
    Explain {
        /// Cards to explain, as decks name them (`Luke Skywalker (A)`, `ESB/Dagobah System`).
        #[arg(value_name = "CARD")]
        names: Vec<String>,
        /// A printed text to read as a unit's ability (repeatable).
        #[arg(long = "text", value_name = "TEXT")]
        texts: Vec<String>,
        /// Print `{"cards": [{"card", "type", "played", "abilities": [{"text", "class",
        /// "keyword", "carried_out", "missing", "reading": {"text", "script", "stop": {"offset",
        /// "word", "expected"}}, "listed"}]}]}` instead ("listed": the ability a Reserves text
        /// lists, which "reading" then reads).
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        plugins: crate::PluginArgs,
        #[command(flatten)]
        cards: crate::card_sets::CardArgs,
    },
    /// Report which cards the loaded keyword plugins make playable, per set.
    ///
    /// Units (and Subordinates), Battle cards, Missions, Equipment, Locations and Resources are
    /// played by the engine today; such a card is playable when every ability it prints is a
    /// keyword ability whose plugin is loaded (for INSERT and Switch, also every keyword they
    /// grant) or a text that a card plugin reading its type claims. Lists each set's most
    /// frequent unsupported abilities on those cards: card text that needs a card plugin, or
    /// "keyword X (no plugin)".
    ///
    /// Example: swtcg cards coverage ANH TAL --top 5
    ///
    /// Example: swtcg cards coverage --cards fan/FAN.txt FAN
    Coverage {
        /// Set files to import, or codes of loaded sets (ANH, ROTS, ..., or a --cards set);
        /// default: every loaded set.
        #[arg(value_name = "FILE_OR_SET")]
        sets_or_files: Vec<String>,
        /// Print `{"sets": [{"set", "cards", "played", "units", "playable", "units_playable",
        /// "unsupported": [{"text", "count"}]}]}` with every unsupported ability instead of the
        /// table.
        #[arg(long)]
        json: bool,
        /// How many of the most frequent unsupported abilities to list per set.
        #[arg(long, default_value_t = 10)]
        top: usize,
        #[command(flatten)]
        plugins: crate::PluginArgs,
        #[command(flatten)]
        cards: crate::card_sets::CardArgs,
    },
}

pub fn run(command: CardsCommand) -> anyhow::Result<ExitCode> {
    match command {
        CardsCommand::Import { files } => Ok(import(&files)),
        CardsCommand::Explain {
            names,
            texts,
            json,
            plugins,
            cards,
        } => explain::run(explain::Options {
            names: &names,
            texts: &texts,
            json,
            plugins: &plugins,
            cards: &cards,
        }),
        CardsCommand::Coverage {
            sets_or_files,
            json,
            top,
            plugins,
            cards,
        } => report(&sets_or_files, json, top, &plugins, &cards),
    }
}

fn import(files: &[PathBuf]) -> ExitCode {
    let mut db = CardDb::new();
    let mut unreadable = false;
    let mut failed_lines = 0;
    for file in files {
        let name = file.display().to_string();
        let text = match std::fs::read_to_string(file) {
            Ok(text) => text,
            Err(err) => {
                eprintln!("{name}: {err}");
                unreadable = true;
                continue;
            }
        };
        let before = db.len();
        let errors = db.add_set(&name, &text);
        println!("{name}: {} cards imported", db.len() - before);
        for error in &errors {
            println!("{error}");
        }
        failed_lines += errors.len();
    }
    for set in db.sets() {
        println!("{}", set_summary(set, &db.cards_in_set(set)));
    }
    if failed_lines > 0 {
        let lines = if failed_lines == 1 { "line" } else { "lines" };
        println!("{failed_lines} {lines} could not be imported");
    }
    if !db.is_empty() {
        // Importing only checks the files: say how to play with them.
        eprintln!(
            "hint: `cards import` keeps nothing; play with these cards by giving the set file to \
             any command with --cards FILE, or name it in a ruleset's card_sets (docs/fan-sets.md)"
        );
    }
    if unreadable {
        ExitCode::from(2)
    } else if failed_lines > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// `ANH: 186 cards (120 units, 10 subordinates, 20 battles, ...)`, kinds in `CardType` order.
fn set_summary(set: &str, cards: &[Arc<CardDef>]) -> String {
    const KINDS: [(CardType, &str, &str); 10] = [
        (CardType::Unit, "unit", "units"),
        (CardType::Subordinate, "subordinate", "subordinates"),
        (CardType::Battle, "battle", "battles"),
        (CardType::Mission, "mission", "missions"),
        (CardType::Location, "location", "locations"),
        (CardType::Equipment, "equipment", "equipment"),
        (CardType::Event, "event", "events"),
        (CardType::Resource, "resource", "resources"),
        (CardType::Reminder, "reminder", "reminders"),
        (CardType::Other, "of another type", "of other types"),
    ];
    let kinds: Vec<String> = KINDS
        .iter()
        .filter_map(|(kind, one, many)| {
            let count = cards.iter().filter(|card| card.card_type == *kind).count();
            let label = if count == 1 { one } else { many };
            (count > 0).then(|| format!("{count} {label}"))
        })
        .collect();
    format!("{set}: {} cards ({})", cards.len(), kinds.join(", "))
}

fn report(
    sets_or_files: &[String],
    json: bool,
    top: usize,
    plugins: &crate::PluginArgs,
    card_args: &crate::card_sets::CardArgs,
) -> anyhow::Result<ExitCode> {
    let loaded = card_args.load(None)?;
    let cards = select(&loaded.db, sets_or_files)?;
    let mut registry = plugins.load(&Ruleset::default())?;
    let plugin_count = registry.plugins().len();
    let support = crate::support::Support::new(&mut registry, &loaded.db);
    let sets = coverage(
        cards.iter().map(Arc::as_ref),
        &support.keywords,
        &|keyword| support.has_plugin(keyword),
        &|card, text, kind| support.understood(card, text, kind),
    );
    if json {
        println!("{}", serde_json::to_string_pretty(&to_json(&sets))?);
    } else {
        print_table(&sets, top, plugin_count);
    }
    Ok(ExitCode::SUCCESS)
}

/// The cards the arguments name, in argument order: every card of an existing file (imported;
/// its bad lines are reported on stderr), or the loaded cards of a set code (bundled or from
/// `--cards`).
fn select(bundled: &CardDb, sets_or_files: &[String]) -> anyhow::Result<Vec<Arc<CardDef>>> {
    if sets_or_files.is_empty() {
        return Ok(bundled.cards().to_vec());
    }
    let mut cards = Vec::new();
    for argument in sets_or_files {
        let path = Path::new(argument);
        if path.is_file() {
            let text = crate::read_text(&path.to_path_buf())?;
            let mut db = CardDb::new();
            for error in db.add_set(argument, &text) {
                eprintln!("warning: {error}");
            }
            cards.extend(db.cards().iter().cloned());
        } else if let Some(set) = bundled
            .sets()
            .iter()
            .find(|set| set.eq_ignore_ascii_case(argument))
        {
            cards.extend(bundled.cards_in_set(set));
        } else {
            anyhow::bail!(
                "{argument:?} is neither a file nor a loaded set; the loaded sets are {}",
                bundled.sets().join(", ")
            );
        }
    }
    Ok(cards)
}

/// The `--json` report; fields serialise in this order.
#[derive(Serialize)]
struct JsonReport<'a> {
    sets: Vec<JsonSet<'a>>,
}

#[derive(Serialize)]
struct JsonSet<'a> {
    set: &'a str,
    cards: usize,
    played: usize,
    units: usize,
    playable: usize,
    units_playable: usize,
    unsupported: Vec<JsonUnsupported<'a>>,
    grammar: JsonGrammar<'a>,
}

/// What the grammar of card text reads of a set's card-text abilities.
#[derive(Serialize)]
struct JsonGrammar<'a> {
    texts: usize,
    read: usize,
    /// Texts with a script written by hand, which the grammar is not asked to read.
    written: usize,
    stops: Vec<JsonStop<'a>>,
}

#[derive(Serialize)]
struct JsonStop<'a> {
    expected: &'a str,
    count: usize,
    example: &'a str,
    example_stop: &'a str,
}

#[derive(Serialize)]
struct JsonUnsupported<'a> {
    text: &'a str,
    count: usize,
}

fn to_json(sets: &[SetCoverage]) -> JsonReport<'_> {
    JsonReport {
        sets: sets
            .iter()
            .map(|set| JsonSet {
                set: &set.set,
                cards: set.cards,
                played: set.played,
                units: set.units,
                playable: set.playable,
                units_playable: set.units_playable,
                unsupported: set
                    .unsupported
                    .iter()
                    .map(|(text, count)| JsonUnsupported {
                        text,
                        count: *count,
                    })
                    .collect(),
                grammar: JsonGrammar {
                    texts: set.texts,
                    read: set.texts_read,
                    written: set.texts_written,
                    stops: set
                        .grammar_stops
                        .iter()
                        .map(|stop| JsonStop {
                            expected: &stop.expected,
                            count: stop.count,
                            example: &stop.example,
                            example_stop: &stop.example_stop,
                        })
                        .collect(),
                },
            })
            .collect(),
    }
}

fn percent(part: usize, whole: usize) -> String {
    if whole == 0 {
        return "-".to_string();
    }
    format!("{:.1}%", part as f64 * 100.0 / whole as f64)
}

fn print_table(sets: &[SetCoverage], top: usize, plugin_count: usize) {
    println!(
        "Units (and Subordinates), Battle cards, Missions, Equipment, Locations and Resources are \
         played by the engine today. \
         Such a card is playable when every ability it prints is a keyword ability with a loaded \
         plugin or text a card plugin claims ({plugin_count} plugins loaded); keyword-only \
         units print only keyword abilities, supported or not. \
         Texts are the card-text abilities of those cards; % read is the share the grammar of \
         card text reads into a script (`cards explain` shows it), carried out or not."
    );
    println!();
    println!(
        "{:<8} {:>6} {:>7} {:>9} {:>8} {:>6} {:>9} {:>8} {:>13} {:>7} {:>7}",
        "set",
        "cards",
        "played",
        "playable",
        "% cards",
        "units",
        "playable",
        "% units",
        "keyword-only",
        "texts",
        "% read"
    );
    let all = total(sets, "all");
    let mut rows: Vec<&SetCoverage> = sets.iter().collect();
    if sets.len() > 1 {
        rows.push(&all);
    }
    for set in &rows {
        println!(
            "{:<8} {:>6} {:>7} {:>9} {:>8} {:>6} {:>9} {:>8} {:>13} {:>7} {:>7}",
            set.set,
            set.cards,
            set.played,
            set.playable,
            percent(set.playable, set.cards),
            set.units,
            set.units_playable,
            percent(set.units_playable, set.units),
            set.keyword_only,
            set.texts,
            percent(set.texts_read, set.texts)
        );
    }
    if top == 0 {
        return;
    }
    for set in &rows {
        println!();
        if set.unsupported.is_empty() {
            println!(
                "{}: every ability on its played cards is supported",
                set.set
            );
            continue;
        }
        println!(
            "{}: the {} most frequent unsupported abilities (of {}):",
            set.set,
            top.min(set.unsupported.len()),
            set.unsupported.len()
        );
        for (text, count) in set.unsupported.iter().take(top) {
            println!("{count:>6}  {text}");
        }
    }
    print_grammar_stops(&rows, top);
}

/// Where the grammar of card text stops most, per set: the next piece of grammar to write.
fn print_grammar_stops(rows: &[&SetCoverage], top: usize) {
    for set in rows {
        println!();
        if set.grammar_stops.is_empty() {
            println!(
                "{}: the grammar reads all {} card-text abilities",
                set.set, set.texts
            );
            continue;
        }
        let written = match set.texts_written {
            0 => String::new(),
            n => format!(" ({n} have scripts written by hand)"),
        };
        println!(
            "{}: the grammar reads {} of {} card-text abilities{written}; where it stops most:",
            set.set, set.texts_read, set.texts
        );
        for stop in set.grammar_stops.iter().take(top) {
            println!("{:>6}  expected {}", stop.count, stop.expected);
            println!("        e.g. {}", stop.example);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summaries_name_the_card_kinds() {
        let db = CardDb::bundled();
        let summary = set_summary("IA", &db.cards_in_set("IA"));
        assert!(summary.starts_with("IA: 30 cards ("), "{summary}");
        assert!(summary.contains(" units"), "{summary}");
    }

    #[test]
    fn unknown_sets_list_the_loaded_codes() {
        let db = CardDb::bundled();
        let error = select(&db, &["NOPE".to_string()])
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(
            error.contains("\"NOPE\" is neither a file nor a loaded set")
                && error.contains("ANH, ROTS, AOTC"),
            "{error}"
        );
        let anh = select(&db, &["anh".to_string()]).unwrap_or_default();
        assert!(anh.iter().all(|card| card.set == "ANH") && !anh.is_empty());
    }
}
