//! Set files added on top of the bundled sets (a fan expansion, an erratum file): adding one to a
//! [`CardDb`] whole or not at all, and the record of it that lockfiles and game logs keep.
//!
//! The engine does no I/O: the host reads the file and hands in its name and text.

use thiserror::Error;

use super::{CardDb, ImportError, parse_set};

pub use swtcg_rules::provenance::SetFile;

/// Why a set file could not be added. Nothing of the file is added then.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SetFileError {
    /// Some lines could not be read: a user's set file is refused whole rather than played
    /// with cards missing.
    #[error("{} could not be imported:\n  {}", .file, .errors.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n  "))]
    Lines {
        file: String,
        errors: Vec<ImportError>,
    },
    /// The file holds no card.
    #[error("{file}: the set file holds no card")]
    Empty { file: String },
    /// A set code of the file is already loaded, from a bundled set or another set file.
    #[error(
        "{file}: set {set} is already loaded from {loaded_from}; a set file may not replace a \
         loaded set (give the fan set a code of its own)"
    )]
    Clash {
        file: String,
        set: String,
        loaded_from: String,
    },
}

impl CardDb {
    /// Adds a user's set file: every card of it, or nothing when a line fails to import or one of
    /// its set codes is already loaded (set codes are compared ignoring case, as lookups do).
    /// Returns what a lock or a game log records of it.
    pub fn add_set_file(&mut self, file: &str, text: &str) -> Result<SetFile, SetFileError> {
        let import = parse_set(file, text);
        if !import.errors.is_empty() {
            return Err(SetFileError::Lines {
                file: file.to_string(),
                errors: import.errors,
            });
        }
        if import.cards.is_empty() {
            return Err(SetFileError::Empty {
                file: file.to_string(),
            });
        }
        let mut sets: Vec<String> = Vec::new();
        for card in &import.cards {
            if !sets.contains(&card.set) {
                sets.push(card.set.clone());
            }
        }
        for set in &sets {
            if let Some(loaded_from) = self.set_file_of(set) {
                return Err(SetFileError::Clash {
                    file: file.to_string(),
                    set: set.clone(),
                    loaded_from: loaded_from.to_string(),
                });
            }
        }
        self.add_import(file, import);
        Ok(SetFile {
            file: file.to_string(),
            sets,
            sha256: swtcg_rules::digest::sha256_hex(text.as_bytes()),
            scripts: None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FAN: &str = "Name\tSet\tSide\tType\tSubtype\tCost\tSpeed\tPower\tHealth\tText\n\
        Fan Trooper (A)\tFAN\tD\tCharacter\tTrooper\t2\t20\t2\t2\tOverkill\n\
        Luke's X-Wing (A)\tFAN\tL\tSpace\tFighter\t3\t40\t3\t3\t\n";

    #[test]
    fn a_fan_set_resolves_by_set_and_by_bare_name() {
        let mut db = CardDb::bundled();
        let record = db.add_set_file("sets/FAN.txt", FAN).unwrap();
        assert_eq!(record.sets, vec!["FAN".to_string()]);
        assert_eq!(record.sha256.len(), 64);
        assert_eq!(db.lookup("FAN/Fan Trooper (A)").unwrap().set, "FAN");
        assert_eq!(
            db.lookup("Fan Trooper (A)").unwrap().abilities,
            ["Overkill"]
        );
        // The fan set reprints a bundled name with other text: the bare name is now ambiguous.
        assert!(matches!(
            db.lookup("Luke's X-Wing (A)"),
            Err(crate::LookupError::Ambiguous { .. })
        ));
    }

    #[test]
    fn a_set_code_already_loaded_is_refused_naming_both_files() {
        let mut db = CardDb::bundled();
        let before = db.len();
        let text = FAN.replace("\tFAN\t", "\tANH\t");
        let error = db.add_set_file("my/ANH.txt", &text).unwrap_err();
        assert_eq!(
            error,
            SetFileError::Clash {
                file: "my/ANH.txt".into(),
                set: "ANH".into(),
                loaded_from: "ANH.txt".into(),
            }
        );
        assert_eq!(db.len(), before, "nothing of the refused file is added");
        db.add_set_file("FAN.txt", FAN).unwrap();
        let again = db.add_set_file("copy/FAN.txt", &FAN.replace("\tFAN\t", "\tfan\t"));
        assert!(
            matches!(again, Err(SetFileError::Clash { ref loaded_from, .. }) if loaded_from == "FAN.txt"),
            "{again:?}"
        );
    }

    #[test]
    fn a_file_with_a_bad_line_adds_nothing_and_names_the_line() {
        let mut db = CardDb::new();
        let text = format!("{FAN}Broken (A)\tFAN\tD\tCharacter\n");
        let error = db.add_set_file("FAN.txt", &text).unwrap_err();
        let message = error.to_string();
        assert!(message.contains("FAN.txt:4"), "{message}");
        assert!(db.is_empty());
        assert!(matches!(
            db.add_set_file("empty.txt", FAN.lines().next().unwrap_or_default()),
            Err(SetFileError::Empty { .. })
        ));
    }

    #[test]
    fn an_erratum_changes_the_sha256() {
        let a = CardDb::new().add_set_file("FAN.txt", FAN).unwrap();
        let b = CardDb::new()
            .add_set_file("FAN.txt", &FAN.replace("Overkill", "Overkill 2"))
            .unwrap();
        assert_ne!(a.sha256, b.sha256);
    }
}
