//! `swtcg cards explain`: what the grammar of card text reads in each printed ability of some
//! cards (the ability script, or the word where it stopped and what it expected there), and
//! whether the loaded plugins carry the ability out, so that a designer sees before a game
//! whether a new card's text will work.

use std::process::ExitCode;
use std::sync::Arc;

use serde::Serialize;
use swtcg_card_script::{Card, Reading, explain};
use swtcg_engine::cards::coverage::{
    AbilityClass, Missing, ability_coverage, listed_by_reserves, played_kind, read_text,
};
use swtcg_engine::model::{CardSide, CardType};
use swtcg_engine::{CardDef, Ruleset};

/// The options of `cards explain`.
pub struct Options<'a> {
    pub names: &'a [String],
    pub texts: &'a [String],
    pub json: bool,
    pub plugins: &'a crate::PluginArgs,
    pub cards: &'a crate::card_sets::CardArgs,
}

/// One ability explained.
#[derive(Serialize)]
struct Explained {
    text: String,
    /// `keyword` (a keyword ability, read by its keyword's plugin) or `card-text`.
    class: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    keyword: Option<String>,
    /// Whether the loaded plugins carry the whole ability out.
    carried_out: bool,
    /// What keeps it from being carried out: keywords without a plugin, text no plugin claims.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    missing: Vec<String>,
    /// The grammar's reading (card text only), or the script written by hand for it.
    #[serde(skip_serializing_if = "Option::is_none")]
    reading: Option<Reading>,
    /// The script written by hand for the ability, if there is one: the file and its words.
    #[serde(skip_serializing_if = "Option::is_none")]
    written: Option<Written>,
    /// For "Reserves: <ability>", the ability it lists, which the unit has in its build zone:
    /// `reading` is then the grammar's reading of that ability.
    #[serde(skip_serializing_if = "Option::is_none")]
    listed: Option<String>,
}

/// A script written by hand, as `cards explain --json` shows it.
#[derive(Serialize)]
struct Written {
    file: String,
    reads_as: String,
}

#[derive(Serialize)]
struct ExplainedCard {
    card: String,
    #[serde(rename = "type")]
    card_type: String,
    /// Whether the engine plays cards of this type at all.
    played: bool,
    abilities: Vec<Explained>,
}

pub fn run(options: Options<'_>) -> anyhow::Result<ExitCode> {
    if options.names.is_empty() && options.texts.is_empty() {
        anyhow::bail!(
            "name at least one card (`swtcg cards explain \"Darth Vader (A)\"`) or give a text \
             with --text"
        );
    }
    let loaded = options.cards.load(None)?;
    let mut cards: Vec<Arc<CardDef>> = Vec::new();
    for name in options.names {
        cards.push(loaded.db.lookup(name)?);
    }
    let mut registry = options.plugins.load(&Ruleset::default())?;
    let support = crate::support::Support::new(&mut registry, &loaded.db);
    let mut explained: Vec<ExplainedCard> = cards
        .iter()
        .map(|card| explain_card(card, &support))
        .collect();
    for text in options.texts {
        explained.push(explain_text(text, &support));
    }
    if options.json {
        println!(
            "{}",
            serde_json::to_string_pretty(&serde_json::json!({ "cards": explained }))?
        );
    } else {
        for (index, card) in explained.iter().enumerate() {
            if index > 0 {
                println!();
            }
            print_card(card);
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn explain_card(card: &CardDef, support: &crate::support::Support<'_>) -> ExplainedCard {
    let kind = played_kind(card);
    let abilities = card
        .abilities
        .iter()
        .map(|text| {
            explain_ability(card, text, kind, support, |read: &str| {
                read_text(card, read)
            })
        })
        .collect();
    ExplainedCard {
        card: format!("{}/{}", card.set, card.name),
        card_type: format!("{:?}", card.card_type).to_lowercase(),
        played: kind.is_some(),
        abilities,
    }
}

/// A text given with `--text`, read as a unit's.
fn explain_text(text: &str, support: &crate::support::Support<'_>) -> ExplainedCard {
    let reading = |read: &str| {
        swtcg_card_script::read(
            read,
            Card {
                name: "",
                played: false,
            },
        )
    };
    // A card of no name: the text can't name the card it is on.
    let card = CardDef::unit("", CardSide::Neutral, Vec::new(), [0; 4]);
    ExplainedCard {
        card: "--text".to_string(),
        card_type: "unit".to_string(),
        played: true,
        abilities: vec![explain_ability(
            &card,
            text,
            Some(CardType::Unit),
            support,
            reading,
        )],
    }
}

fn explain_ability(
    card: &CardDef,
    text: &str,
    kind: Option<CardType>,
    support: &crate::support::Support<'_>,
    read: impl FnOnce(&str) -> Reading,
) -> Explained {
    // Reserves hands its listed ability to the unit as printed: that is the text to read.
    let listed = listed_by_reserves(text, &support.keywords);
    let reading = || read(listed.as_deref().unwrap_or(text));
    let Some(kind) = kind else {
        return Explained {
            text: text.to_string(),
            class: "card-text",
            keyword: None,
            carried_out: false,
            missing: vec!["cards of this type are not played yet".to_string()],
            reading: Some(reading()),
            written: written_in(card, text),
            listed,
        };
    };
    let coverage = ability_coverage(
        card,
        text,
        kind,
        &support.keywords,
        &|keyword| support.has_plugin(keyword),
        &|card, text, kind| support.understood(card, text, kind),
    );
    let (class, keyword) = match &coverage.class {
        AbilityClass::Keyword { name, .. } => ("keyword", Some(name.clone())),
        AbilityClass::CardText => ("card-text", None),
    };
    Explained {
        text: text.to_string(),
        class,
        keyword,
        carried_out: coverage.supported(),
        missing: coverage
            .missing
            .iter()
            .map(|missing| match missing {
                Missing::CardText(whole) if whole == text && support.trap_route(card, text) => {
                    "a Trap is completed only when its trigger happens (game 16.7): this other \
                     way to complete it is not played yet"
                        .to_string()
                }
                Missing::CardText(whole) if whole == text && listed.is_some() => {
                    "no loaded plugin carries out the ability Reserves lists".to_string()
                }
                Missing::CardText(whole) if whole == text => {
                    match support.granted_not_carried_out(card, text) {
                        Some(granted) => {
                            format!("it grants \"{granted}\", which no loaded plugin carries out")
                        }
                        None => "no loaded plugin claims this text".to_string(),
                    }
                }
                other => other.label(),
            })
            .collect(),
        reading: (class == "card-text").then(reading),
        written: written_in(card, text),
        listed,
    }
}

/// The script written by hand for a printed ability, if there is one.
fn written_in(card: &CardDef, text: &str) -> Option<Written> {
    card.scripts
        .iter()
        .find(|written| written.text.trim() == text.trim())
        .map(|written| Written {
            file: written.file.clone(),
            reads_as: written.reads_as.clone(),
        })
}

fn print_card(card: &ExplainedCard) {
    let played = if card.played {
        ""
    } else {
        " (not played by the engine yet)"
    };
    println!("{} — {}{played}", card.card, card.card_type);
    if card.abilities.is_empty() {
        println!("  no abilities");
    }
    for (index, ability) in card.abilities.iter().enumerate() {
        println!("  {}. {}", index + 1, ability.text);
        if let Some(keyword) = &ability.keyword {
            println!("     keyword ability: {keyword}");
        }
        if let Some(reading) = &ability.reading {
            if let Some(listed) = &ability.listed {
                println!("     Reserves lists: \"{listed}\"");
            }
            match (&reading.script, &reading.stop) {
                (Some(script), _) => {
                    let mut lines = explain::lines(script).into_iter();
                    if let Some(written) = &ability.written {
                        println!(
                            "     written by hand in {}: \"{}\"",
                            written.file, written.reads_as
                        );
                    }
                    println!("     read: {}", lines.next().unwrap_or_default());
                    for line in lines {
                        println!("       {line}");
                    }
                }
                (None, Some(stop)) => {
                    println!("     not read: {}", stop.describe());
                    println!("       {}", reading.text);
                    let column = reading.text[..stop.offset].chars().count();
                    println!("       {}^", " ".repeat(column));
                }
                (None, None) => {}
            }
        }
        if ability.carried_out {
            println!("     carried out by the loaded plugins");
        } else {
            println!("     not carried out: {}", ability.missing.join("; "));
        }
    }
}
