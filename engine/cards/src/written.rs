//! Scripts written by hand (issue 20): for a printed ability the grammar of card text can't read,
//! or reads wrongly, a designer writes what it does in a `<set>.scripts.toml` beside the set file
//! (`FAN.scripts.toml` beside `FAN.txt`), in the words the grammar reads. Each entry names a card
//! of that set file and one of its printed abilities; the words must read whole into a script,
//! or the file is refused at that line with the word where the grammar stopped. The card then
//! keeps the script (`CardDef::scripts`), and a card plugin is asked about the ability with its
//! words instead of the printed text, so it is carried out exactly as a printed text of the same
//! words would be.
//!
//! ```toml
//! [[ability]]
//! card = "Yoda (A)"
//! text = "When end the battle phase does, if Yoda in the Character arena is, +1 Force you gain."
//! reads_as = "When the battle phase ends, if Yoda is in the Character arena, you gain 1 Force."
//! ```
//!
//! The engine does no I/O: the host reads the file and hands in its name and text.

use std::sync::Arc;

use serde::Deserialize;
use swtcg_rules::model::{CardType, WrittenScript};
use swtcg_rules::text::line_of;
use thiserror::Error;

use super::{CardDb, name_key};

pub use swtcg_rules::provenance::ScriptsFile;

/// The name of the scripts file beside a set file: `FAN.txt` -> `FAN.scripts.toml`.
pub fn scripts_file_name(set_file: &str) -> String {
    let stem = set_file.strip_suffix(".txt").unwrap_or(set_file);
    format!("{stem}.scripts.toml")
}

/// One problem of a scripts file, at its line.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{file}:{line}: {message}")]
pub struct ScriptsError {
    pub file: String,
    /// The 1-based line of the entry or value at fault.
    pub line: usize,
    pub message: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    #[serde(default)]
    ability: Vec<Entry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Entry {
    card: toml::Spanned<String>,
    text: toml::Spanned<String>,
    reads_as: toml::Spanned<String>,
}

impl CardDb {
    /// Adds the scripts of a scripts file to the cards of the set file `set_file` (as it was
    /// loaded, by [`CardDb::add_set_file`] or a bundled set): every script, or none when one is
    /// at fault. Returns what a lock or a game log records of it.
    pub fn add_scripts(
        &mut self,
        file: &str,
        text: &str,
        set_file: &str,
    ) -> Result<ScriptsFile, Vec<ScriptsError>> {
        let error = |line: usize, message: String| ScriptsError {
            file: file.to_string(),
            line,
            message,
        };
        let parsed: File = toml::from_str(text).map_err(|e| {
            let line = e.span().map_or(1, |span| line_of(text, span.start));
            vec![error(line, e.message().to_string())]
        })?;
        let sets: Vec<String> = self
            .sets
            .iter()
            .zip(&self.set_files)
            .filter(|(_, from)| from.as_str() == set_file)
            .map(|(set, _)| set.clone())
            .collect();
        let mut errors = Vec::new();
        let mut adds: Vec<(usize, WrittenScript)> = Vec::new();
        for entry in &parsed.ability {
            let line = line_of(text, entry.card.span().start);
            let wanted = entry.card.get_ref().trim();
            let found: Vec<usize> = self
                .cards
                .iter()
                .enumerate()
                .filter(|(_, card)| sets.contains(&card.set))
                .filter(|(_, card)| card.name == wanted || name_key(&card.name) == name_key(wanted))
                .map(|(index, _)| index)
                .collect();
            if found.is_empty() {
                errors.push(error(
                    line,
                    format!("no card named {wanted:?} in {set_file}"),
                ));
                continue;
            }
            let printed = entry.text.get_ref().trim();
            for index in found {
                let card = &self.cards[index];
                let Some(ability) = card.abilities.iter().find(|a| a.trim() == printed) else {
                    errors.push(error(
                        line_of(text, entry.text.span().start),
                        format!(
                            "{} prints no ability {printed:?}; its abilities are {:?}",
                            card.name, card.abilities
                        ),
                    ));
                    break;
                };
                // The words are read as the card's own text, as a game reads them.
                let reads_as = entry.reads_as.get_ref().trim();
                let reading = swtcg_card_script::read(
                    reads_as,
                    swtcg_card_script::Card {
                        name: &card.name,
                        played: matches!(card.card_type, CardType::Battle | CardType::Mission),
                    },
                );
                if let Some(stop) = reading.stop {
                    errors.push(error(
                        line_of(text, entry.reads_as.span().start),
                        format!(
                            "the grammar of card text can't read reads_as {reads_as:?}: {}",
                            stop.describe()
                        ),
                    ));
                    break;
                }
                let twice = card.scripts.iter().any(|w| w.text == *ability)
                    || adds.iter().any(|(i, w)| *i == index && w.text == *ability);
                if twice {
                    errors.push(error(
                        line,
                        format!("{} has a script for {printed:?} already", card.name),
                    ));
                    break;
                }
                adds.push((
                    index,
                    WrittenScript {
                        text: ability.clone(),
                        reads_as: reads_as.to_string(),
                        file: file.to_string(),
                    },
                ));
            }
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        for (index, written) in adds {
            Arc::make_mut(&mut self.cards[index]).scripts.push(written);
        }
        Ok(ScriptsFile {
            file: file.to_string(),
            sha256: swtcg_rules::digest::sha256_hex(text.as_bytes()),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SET: &str = "Name\tSet\tImageFile\tSide\tType\tSubtype\tCost\tSpeed\tPower\tHealth\tRarity\tNumber\tUsage\tText\n\
        Yoda (Z)\tFAN\tFAN001\tL\tCharacter\tJedi Master\t5\t40\t4\t4\tR\t1\t\tWhen end the battle phase does, +1 Force you gain. | Evade 2\n";

    const SCRIPTS: &str = r#"
[[ability]]
card = "Yoda (Z)"
text = "When end the battle phase does, +1 Force you gain."
reads_as = "When the battle phase ends, you gain 1 Force."
"#;

    fn fan() -> CardDb {
        let mut db = CardDb::new();
        db.add_set_file("FAN.txt", SET).expect("set file");
        db
    }

    #[test]
    fn a_script_is_kept_by_its_card_and_asked_instead_of_the_text() {
        let mut db = fan();
        let record = db
            .add_scripts("FAN.scripts.toml", SCRIPTS, "FAN.txt")
            .expect("scripts");
        assert_eq!(record.file, "FAN.scripts.toml");
        assert_eq!(record.sha256.len(), 64);
        let yoda = db.lookup("FAN/Yoda (Z)").expect("card");
        assert_eq!(yoda.scripts.len(), 1);
        assert_eq!(
            yoda.card_text_parameter("When end the battle phase does, +1 Force you gain."),
            "When the battle phase ends, you gain 1 Force."
        );
        // Another ability of the card is still asked as printed.
        assert_eq!(yoda.card_text_parameter("Evade 2"), "Evade 2");
        assert_eq!(scripts_file_name("fan/FAN.txt"), "fan/FAN.scripts.toml");
    }

    #[test]
    fn a_fault_names_the_file_and_line_and_adds_nothing() {
        let mut db = fan();
        let fault = |scripts: &str| {
            let mut db = fan();
            db.add_scripts("FAN.scripts.toml", scripts, "FAN.txt")
                .unwrap_err()[0]
                .to_string()
        };
        assert_eq!(
            fault(&SCRIPTS.replace("\"Yoda (Z)\"", "\"Yoda (Q)\"")),
            "FAN.scripts.toml:3: no card named \"Yoda (Q)\" in FAN.txt"
        );
        let unknown_text = fault(&SCRIPTS.replace("+1 Force you gain.\"", "+2 Force you gain.\""));
        assert!(
            unknown_text.starts_with("FAN.scripts.toml:4: Yoda (Z) prints no ability"),
            "{unknown_text}"
        );
        // Words the grammar can't read: where it stopped.
        let unread = fault(&SCRIPTS.replace("you gain 1 Force.", "you gain 1 health."));
        assert!(
            unread.starts_with("FAN.scripts.toml:5: the grammar of card text can't read reads_as")
                && unread.contains("stopped at \"health.\""),
            "{unread}"
        );
        // A key the format does not know, at its line.
        let unknown_key = fault(&format!("{SCRIPTS}script = \"x\"\n"));
        assert!(
            unknown_key.starts_with("FAN.scripts.toml:6: "),
            "{unknown_key}"
        );
        // The same ability twice: nothing is added.
        let twice = format!("{SCRIPTS}\n{}", SCRIPTS.trim_start());
        assert!(
            db.add_scripts("FAN.scripts.toml", &twice, "FAN.txt")
                .is_err()
        );
        assert!(db.lookup("FAN/Yoda (Z)").expect("card").scripts.is_empty());
    }
}
