//! The card database a command resolves cards in: the bundled sets, then the set files of the
//! ruleset's `card_sets` and of `--cards` (a fan expansion), each recorded by sha256.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::{Context, bail};
use clap::Args;
use swtcg_engine::Ruleset;
use swtcg_engine::cards::{CardDb, SetFile, scripts_file_name};

/// File names in a card folder that are not set files: the format definitions and keyword
/// glossary that sit beside the sets in a LackeyCCG plugin folder, and notes.
const NOT_SET_FILES: [&str; 3] = ["formats.txt", "keywords.txt", "readme.txt"];

/// `--cards`, shared by every command that resolves cards.
#[derive(Args, Clone, Default)]
pub struct CardArgs {
    /// A LackeyCCG set file (tab-separated, one header line), or a folder of them (every *.txt
    /// in it whose first line is a set file's header, with Name and Set columns; deck lists
    /// beside them are skipped), whose cards join the bundled sets: they resolve
    /// by SET/Name and by bare name like bundled cards. Repeatable. A set file whose set code
    /// is already loaded (a bundled set or another file) is refused, never merged or replaced;
    /// a file with a line that can't be read is refused whole.
    #[arg(long = "cards", value_name = "PATH")]
    pub card_files: Vec<PathBuf>,
}

/// The loaded cards and the set files they came from besides the bundled sets.
#[derive(Clone)]
pub struct LoadedCards {
    pub db: Arc<CardDb>,
    /// What a lock pins and a game log records: the ruleset's sets first, then `--cards`, each
    /// named by the path it was loaded from.
    pub set_files: Vec<SetFile>,
}

impl CardArgs {
    /// The bundled sets plus the ruleset's `card_sets` (relative to `ruleset_file`, or to the
    /// current folder for a ruleset without a file) plus `--cards`.
    pub fn load(&self, ruleset: Option<(&Ruleset, Option<&Path>)>) -> anyhow::Result<LoadedCards> {
        let mut files: Vec<(String, PathBuf)> = Vec::new();
        if let Some((ruleset, file)) = ruleset {
            let base = file
                .and_then(Path::parent)
                .map(Path::to_path_buf)
                .unwrap_or_default();
            for name in &ruleset.card_sets {
                let path = base.join(name);
                if !path.is_file() {
                    bail!(
                        "the ruleset {}'s card_sets names {name:?}, but {} is not a file",
                        ruleset.name,
                        path.display()
                    );
                }
                files.push((path.display().to_string(), path));
            }
        }
        for path in &self.card_files {
            files.extend(set_files_at(path)?);
        }
        let mut db = CardDb::bundled();
        let mut set_files = Vec::new();
        for (name, path) in files {
            let record = add_set_file(&mut db, &path)?;
            set_files.push(SetFile {
                file: name,
                ..record
            });
        }
        Ok(LoadedCards {
            db: Arc::new(db),
            set_files,
        })
    }
}

/// Adds a set file to `db`, and the scripts written by hand beside it (`FAN.scripts.toml`
/// beside `FAN.txt`) if there are any: both whole, or an error naming the file and line.
fn add_set_file(db: &mut CardDb, path: &Path) -> anyhow::Result<SetFile> {
    let name = path.display().to_string();
    let text = crate::read_text(&path.to_path_buf())?;
    let mut record = db.add_set_file(&name, &text).context("loading card sets")?;
    let scripts = PathBuf::from(scripts_file_name(&name));
    if scripts.is_file() {
        let text = crate::read_text(&scripts)?;
        let added = db
            .add_scripts(&scripts.display().to_string(), &text, &name)
            .map_err(|errors| {
                let lines: Vec<String> = errors.iter().map(ToString::to_string).collect();
                anyhow::anyhow!(
                    "loading the scripts written for {name}:\n  {}",
                    lines.join("\n  ")
                )
            })?;
        record.scripts = Some(added);
    }
    Ok(record)
}

/// Refuses a set file loaded (`got`, from `file`) for a replay whose scripts written by hand
/// are not those the game was played with (`want`): none where there were some, or others.
fn same_scripts(want: &SetFile, file: &str, got: &SetFile) -> anyhow::Result<()> {
    let sha = |set: &SetFile| set.scripts.as_ref().map(|s| s.sha256.clone());
    if sha(got) != sha(want) {
        bail!(
            "the game was played with card set {} from {} with scripts {}, but {} has {}: give \
             the same files with --cards PATH",
            want.sets.join(", "),
            want.file,
            sha(want).map_or("none".to_string(), |sha| format!("of sha256 {sha}")),
            file,
            sha(got).map_or("none".to_string(), |sha| format!("scripts of sha256 {sha}")),
        );
    }
    Ok(())
}

/// The set files a `--cards` path names: the file itself, or a folder's `*.txt` set files in
/// name order, each with the name a log records (the path as given).
fn set_files_at(path: &Path) -> anyhow::Result<Vec<(String, PathBuf)>> {
    if path.is_file() {
        return Ok(vec![(path.display().to_string(), path.to_path_buf())]);
    }
    if !path.is_dir() {
        bail!("--cards {}: no such file or folder", path.display());
    }
    let mut files: Vec<PathBuf> = std::fs::read_dir(path)
        .with_context(|| format!("--cards {}: reading the folder", path.display()))?
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter(|file| {
            file.is_file()
                && file.extension().is_some_and(|ext| ext == "txt")
                && file.file_name().is_some_and(|name| {
                    !NOT_SET_FILES.contains(&name.to_string_lossy().to_lowercase().as_str())
                })
        })
        .collect();
    files.sort();
    let mut sets = Vec::new();
    for file in files {
        if has_set_header(&crate::read_text(&file)?) {
            sets.push((file.display().to_string(), file));
        }
    }
    if sets.is_empty() {
        bail!(
            "--cards {}: the folder holds no set file (a *.txt whose first line names the Name \
             and Set columns)",
            path.display()
        );
    }
    Ok(sets)
}

/// Whether a text starts like a LackeyCCG set file: a tab-separated header naming at least the
/// Name and Set columns (a deck list or notes beside the sets don't).
fn has_set_header(text: &str) -> bool {
    let header = text
        .trim_start_matches('\u{feff}')
        .lines()
        .next()
        .unwrap_or("");
    let columns: Vec<&str> = header.split('\t').map(str::trim).collect();
    ["Name", "Set"].iter().all(|want| {
        columns
            .iter()
            .any(|column| column.eq_ignore_ascii_case(want))
    })
}

/// The cards to replay a game log with: `--cards`, then each set file the log records that
/// `--cards` did not give, looked for where the log names it (relative to the current folder,
/// then to the log's folder), then beside the log. Every recorded set file must be found with the sha256 the log
/// records, and every deck card of those sets in the log must be the card the file prints.
pub fn for_replay(
    args: &CardArgs,
    logged: &[SetFile],
    decks: &[Vec<Arc<swtcg_engine::CardDef>>; 2],
    log_path: &Path,
) -> anyhow::Result<LoadedCards> {
    let mut loaded = args.load(None)?;
    let log_dir = log_path.parent().unwrap_or(Path::new(""));
    let mut db = (*loaded.db).clone();
    for want in logged {
        if let Some(got) = loaded.set_files.iter().find(|got| got.sets == want.sets) {
            same_scripts(want, &got.file, got)?;
            if got.sha256 != want.sha256 {
                bail!(
                    "the game was played with card set {} from {} (sha256 {}), but {} has sha256 \
                     {}: give the same file",
                    want.sets.join(", "),
                    want.file,
                    want.sha256,
                    got.file,
                    got.sha256
                );
            }
            continue;
        }
        // Where it was loaded from (from here, or from the log's folder for a log moved with
        // its sets), then beside the log.
        let beside_log = Path::new(&want.file)
            .file_name()
            .map(|name| log_dir.join(name));
        let found = [PathBuf::from(&want.file), log_dir.join(&want.file)]
            .into_iter()
            .chain(beside_log)
            .find(|path| path.is_file());
        let Some(path) = found else {
            bail!(
                "the game was played with card set {} from {} (sha256 {}), which is not there: \
                 give it with --cards PATH",
                want.sets.join(", "),
                want.file,
                want.sha256
            );
        };
        let record = add_set_file(&mut db, &path)?;
        same_scripts(want, &path.display().to_string(), &record)?;
        if record.sha256 != want.sha256 {
            bail!(
                "the game was played with card set {} from {} (sha256 {}), but {} has sha256 {}: \
                 give the same file with --cards PATH",
                want.sets.join(", "),
                want.file,
                want.sha256,
                path.display(),
                record.sha256
            );
        }
        loaded.set_files.push(SetFile {
            file: want.file.clone(),
            ..record
        });
    }
    for card in decks.iter().flatten() {
        if !logged.iter().any(|file| file.sets.contains(&card.set)) {
            continue;
        }
        let printed = db.lookup(&format!("{}/{}", card.set, card.name));
        if !printed.is_ok_and(|printed| *printed == **card) {
            bail!(
                "the log's card {}/{} is not the card its set file prints: the log was edited",
                card.set,
                card.name
            );
        }
    }
    loaded.db = Arc::new(db);
    Ok(loaded)
}
