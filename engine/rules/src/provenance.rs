//! Where a game's parts came from, as its log records them: the engine's name, the lock it was
//! played under and the set files it loaded besides the bundled ones.
//!
//! The locks themselves (`swtcg_registry::lock`) and the set files (`swtcg_cards`) are read by
//! other crates; the game log only keeps these records, so they live with the log.

use serde::{Deserialize, Serialize};

/// The engine as a lock and a game log name it: `swtcg-engine <version>`.
pub const ENGINE: &str = concat!("swtcg-engine ", env!("CARGO_PKG_VERSION"));

/// What a lock records in a game log: enough to tell which lock a game was played under.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LockRecord {
    /// The sha256 of the lockfile's canonical form (`Lock::sha256`).
    pub sha256: String,
    pub ruleset: String,
    pub ruleset_sha256: String,
}

/// One set file a run loaded besides the bundled sets: what a lock pins and a game log records.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetFile {
    /// The file as the user named it (`--cards`) or as the ruleset's `card_sets` wrote it;
    /// informative, since paths differ between machines.
    pub file: String,
    /// The set codes its cards carry, in file order (usually one).
    pub sets: Vec<String>,
    /// The sha256 of the file's bytes: an erratum changes it.
    pub sha256: String,
    /// The scripts written by hand beside it (`<set>.scripts.toml`), if it has one: a changed
    /// script changes how its card plays. Absent from locks and logs of set files without one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scripts: Option<ScriptsFile>,
}

/// The scripts file of a set file, as a lock pins it and a game log records it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScriptsFile {
    /// The file as it was found beside its set file; informative, like `SetFile::file`.
    pub file: String,
    /// The sha256 of the file's bytes.
    pub sha256: String,
}

/// Plugins in the log but not loaded, loaded but not in the log, and changed, by `id@version`:
/// a line each (`- `, `+ `, `~ old -> new`), for `replay` and for refusing a save.
pub fn plugin_differences(logged: &[String], loaded: &[String]) -> Vec<String> {
    let id = |fp: &str| fp.split('@').next().unwrap_or(fp).to_string();
    let mut lines = Vec::new();
    for fp in logged {
        match loaded.iter().find(|l| id(l) == id(fp)) {
            None => lines.push(format!("- {fp} (not loaded now)")),
            Some(now) if now != fp => lines.push(format!("~ {fp} -> {now}")),
            Some(_) => {}
        }
    }
    for fp in loaded {
        if !logged.iter().any(|l| id(l) == id(fp)) {
            lines.push(format!("+ {fp} (not in the log)"));
        }
    }
    if lines.is_empty() {
        lines.push("(the same plugins in another order)".into());
    }
    lines
}
