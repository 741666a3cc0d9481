//! Lockfiles for tournaments: the engine version, the ruleset and every plugin by sha256, and the
//! check that a run matches them.
//!
//! `swtcg ruleset lock RULESET` writes one; a run given `--lock` refuses to start when anything
//! it loaded differs, and its game log records the lock.

use serde::{Deserialize, Serialize};

use swtcg_cards::SetFile;
use swtcg_rules::ruleset::{Ruleset, differences};

/// The version of the lockfile format.
pub const LOCK_FORMAT: u32 = 1;

pub use swtcg_rules::provenance::{ENGINE, LockRecord};

/// A lockfile.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Lock {
    pub format: u32,
    /// `swtcg-engine <version>`.
    pub engine: String,
    pub ruleset: LockedRuleset,
    /// Every plugin a run loads, in load order.
    #[serde(rename = "plugin", default)]
    pub plugins: Vec<LockedPlugin>,
    /// Every set file a run loads besides the bundled sets (the ruleset's `card_sets`), by
    /// sha256. Left out while empty, so that locks without fan sets keep their hash.
    #[serde(rename = "card_set", default, skip_serializing_if = "Vec::is_empty")]
    pub card_sets: Vec<SetFile>,
}

/// The ruleset of a lock.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LockedRuleset {
    pub name: String,
    /// The ruleset file, relative to the lockfile; a run given only the lock reads it.
    pub file: Option<String>,
    /// `ruleset_sha256` of the parsed ruleset.
    pub sha256: String,
    /// Every value of the ruleset, so that a run whose ruleset differs is told each key that
    /// changed. Locks written before values were stored have none, and keep their hash: it is
    /// left out of the lock's canonical form while absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub values: Option<Ruleset>,
}

/// One plugin of a lock.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LockedPlugin {
    pub id: String,
    pub version: String,
    /// The keyword it implements, then its aliases.
    pub keywords: Vec<String>,
    /// The sha256 of its wasm (or of its native library).
    pub sha256: String,
    /// Where it was loaded from when the lock was written (`bundled` or a path); informative,
    /// not checked, since paths differ between machines.
    #[serde(default)]
    pub source: String,
}

/// A lockfile that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{origin}{}: {message}", line.map(|l| format!(":{l}")).unwrap_or_default())]
pub struct LockError {
    pub origin: String,
    pub line: Option<usize>,
    pub message: String,
}

/// The differences between a run and its lock, one line each.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the run does not match the lock:\n  {}", .0.join("\n  "))]
pub struct LockMismatch(pub Vec<String>);

/// The sha256 of a ruleset's canonical form (its JSON with every key, in declaration order), so
/// that comments, layout and keys left at their defaults do not change it, but every value does.
pub fn ruleset_sha256(ruleset: &Ruleset) -> String {
    let json = serde_json::to_vec(ruleset).unwrap_or_default();
    swtcg_rules::digest::sha256_hex(&json)
}

impl Lock {
    /// A lock for this engine, a ruleset (read from `file`, if any), the loaded plugins and the
    /// loaded set files.
    pub fn new(
        ruleset: &Ruleset,
        file: Option<String>,
        plugins: Vec<LockedPlugin>,
        card_sets: Vec<SetFile>,
    ) -> Lock {
        Lock {
            format: LOCK_FORMAT,
            engine: ENGINE.to_string(),
            ruleset: LockedRuleset {
                name: ruleset.name.clone(),
                file,
                sha256: ruleset_sha256(ruleset),
                values: Some(ruleset.clone()),
            },
            plugins,
            card_sets,
        }
    }

    /// The lockfile text.
    pub fn to_toml(&self) -> String {
        let body = toml::to_string(self).unwrap_or_default();
        format!(
            "# Written by `swtcg ruleset lock`; a run given `--lock` with this file refuses any\n\
             # engine, ruleset or plugin that differs. Regenerate it, don't edit it.\n{body}"
        )
    }

    /// Reads a lockfile; `origin` names it in errors.
    pub fn from_toml(origin: &str, text: &str) -> Result<Lock, LockError> {
        let lock: Lock = toml::from_str(text).map_err(|err| LockError {
            origin: origin.to_string(),
            line: err
                .span()
                .map(|span| swtcg_rules::text::line_of(text, span.start)),
            message: err.message().to_string(),
        })?;
        // A lock names each plugin once: a run never loads two plugins of one id.
        for (i, plugin) in lock.plugins.iter().enumerate() {
            if lock.plugins[..i].iter().any(|p| p.id == plugin.id) {
                return Err(LockError {
                    origin: origin.to_string(),
                    line: None,
                    message: format!("the plugin id {} is locked twice", plugin.id),
                });
            }
        }
        // The values stand for the hash: values edited by hand, or a hash, would say
        // different things about the locked ruleset.
        if let Some(values) = &lock.ruleset.values
            && ruleset_sha256(values) != lock.ruleset.sha256
        {
            return Err(LockError {
                origin: origin.to_string(),
                line: None,
                message: format!(
                    "the ruleset's values have sha256 {}, but the lock names {}: the lock was \
                     edited; lock the ruleset again",
                    ruleset_sha256(values),
                    lock.ruleset.sha256
                ),
            });
        }
        if lock.format != LOCK_FORMAT {
            return Err(LockError {
                origin: origin.to_string(),
                line: None,
                message: format!(
                    "lock format {} is not supported (this engine reads {LOCK_FORMAT})",
                    lock.format
                ),
            });
        }
        Ok(lock)
    }

    /// The sha256 of the lock's canonical form, which a game log records.
    pub fn sha256(&self) -> String {
        let json = serde_json::to_vec(self).unwrap_or_default();
        swtcg_rules::digest::sha256_hex(&json)
    }

    /// What a game log records of this lock.
    pub fn record(&self) -> LockRecord {
        LockRecord {
            sha256: self.sha256(),
            ruleset: self.ruleset.name.clone(),
            ruleset_sha256: self.ruleset.sha256.clone(),
        }
    }

    /// Checks a run against the lock: the same engine, a ruleset with the same sha256, exactly
    /// the locked plugins (same id, version, keywords and sha256; none missing, none extra) and
    /// exactly the locked set files (same set codes and sha256). Every difference is listed.
    pub fn check(
        &self,
        engine: &str,
        ruleset: &Ruleset,
        plugins: &[LockedPlugin],
        card_sets: &[SetFile],
    ) -> Result<(), LockMismatch> {
        let mut problems = Vec::new();
        if self.engine != engine {
            problems.push(format!(
                "engine: the lock names {}, this is {engine}",
                self.engine
            ));
        }
        let sha = ruleset_sha256(ruleset);
        if self.ruleset.sha256 != sha {
            let changed = self
                .ruleset
                .values
                .as_ref()
                .map(|locked| differences(locked, ruleset))
                .unwrap_or_default();
            if changed.is_empty() {
                problems.push(format!(
                    "ruleset: the lock names {} with sha256 {}, the run has {} with sha256 {sha}{}",
                    self.ruleset.name,
                    self.ruleset.sha256,
                    ruleset.name,
                    if self.ruleset.values.is_none() {
                        " (the lock predates stored values: lock the ruleset again to see which \
                         keys differ)"
                    } else {
                        ""
                    }
                ));
            } else {
                let lines: Vec<String> = changed.iter().map(|d| format!("    {d}")).collect();
                problems.push(format!(
                    "ruleset: the lock names {} with other values (the lock's -> the run's):\n{}",
                    self.ruleset.name,
                    lines.join("\n")
                ));
            }
        }
        // Each loaded plugin answers at most one locked plugin of its id, so that a second
        // plugin of a locked id (two folders with the same id) is extra, not a match.
        let mut matched = vec![false; plugins.len()];
        for locked in &self.plugins {
            let found = plugins
                .iter()
                .enumerate()
                .find(|(i, p)| !matched[*i] && p.id == locked.id);
            let Some((i, p)) = found else {
                problems.push(format!(
                    "plugin {}@{}: locked but not loaded",
                    locked.id, locked.version
                ));
                continue;
            };
            matched[i] = true;
            if p.version != locked.version {
                problems.push(format!(
                    "plugin {}: the lock names version {}, the run loaded {} ({})",
                    locked.id, locked.version, p.version, p.source
                ));
            } else if p.sha256 != locked.sha256 {
                problems.push(format!(
                    "plugin {}@{}: the lock names sha256 {}, the run loaded {} ({})",
                    locked.id, locked.version, locked.sha256, p.sha256, p.source
                ));
            } else if p.keywords != locked.keywords {
                problems.push(format!(
                    "plugin {}@{}: the lock names keywords {:?}, the run's plugin implements {:?}",
                    locked.id, locked.version, locked.keywords, p.keywords
                ));
            }
        }
        for (p, _) in plugins.iter().zip(&matched).filter(|(_, m)| !**m) {
            problems.push(format!(
                "plugin {}@{} ({}): loaded but not in the lock",
                p.id, p.version, p.source
            ));
        }
        check_set_files(&self.card_sets, card_sets, &mut problems);
        if problems.is_empty() {
            Ok(())
        } else {
            Err(LockMismatch(problems))
        }
    }
}

/// Lists how the loaded set files differ from the locked ones; a set file is known by the set
/// codes it holds, since its path differs between machines.
fn check_set_files(locked: &[SetFile], loaded: &[SetFile], problems: &mut Vec<String>) {
    for want in locked {
        match loaded.iter().find(|set| set.sets == want.sets) {
            None => problems.push(format!(
                "card set {} ({}): locked but not loaded",
                want.sets.join(", "),
                want.file
            )),
            Some(got) if got.sha256 != want.sha256 => problems.push(format!(
                "card set {} ({}): the lock names sha256 {}, the run loaded {} from {}",
                want.sets.join(", "),
                want.file,
                want.sha256,
                got.sha256,
                got.file
            )),
            Some(got) => {
                let sha = |set: &SetFile| set.scripts.as_ref().map(|s| s.sha256.clone());
                match (sha(want), sha(got)) {
                    (Some(want_sha), Some(got_sha)) if want_sha != got_sha => {
                        problems.push(format!(
                            "card set {} ({}): the lock names scripts sha256 {want_sha}, the run \
                             loaded {got_sha} from {}",
                            want.sets.join(", "),
                            want.file,
                            got.scripts.as_ref().map_or("", |s| s.file.as_str())
                        ))
                    }
                    (Some(_), None) => problems.push(format!(
                        "card set {} ({}): its scripts are locked but were not loaded",
                        want.sets.join(", "),
                        want.file
                    )),
                    (None, Some(_)) => problems.push(format!(
                        "card set {} ({}): scripts were loaded beside it but are not in the lock",
                        want.sets.join(", "),
                        want.file
                    )),
                    _ => {}
                }
            }
        }
    }
    for got in loaded {
        if !locked.iter().any(|want| want.sets == got.sets) {
            problems.push(format!(
                "card set {} ({}): loaded but not in the lock",
                got.sets.join(", "),
                got.file
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plugin(id: &str, sha: &str) -> LockedPlugin {
        LockedPlugin {
            id: id.into(),
            version: "1.0.0".into(),
            keywords: vec![id.to_uppercase()],
            sha256: sha.into(),
            source: "bundled".into(),
        }
    }

    fn lock() -> Lock {
        Lock::new(
            &Ruleset::default(),
            Some("idc-default.toml".into()),
            vec![plugin("accuracy", "aa"), plugin("armor", "bb")],
            Vec::new(),
        )
    }

    fn set_file(code: &str, sha: &str) -> SetFile {
        SetFile {
            file: format!("sets/{code}.txt"),
            sets: vec![code.into()],
            sha256: sha.into(),
            scripts: None,
        }
    }

    #[test]
    fn a_lock_reads_back_what_it_wrote() {
        let lock = lock();
        let text = lock.to_toml();
        assert_eq!(Lock::from_toml("t.lock", &text).unwrap(), lock);
        assert!(text.contains("[[plugin]]"), "{text}");
    }

    #[test]
    fn the_same_run_matches() {
        let lock = lock();
        let plugins = [plugin("accuracy", "aa"), plugin("armor", "bb")];
        lock.check(ENGINE, &Ruleset::default(), &plugins, &[])
            .unwrap();
    }

    #[test]
    fn every_difference_is_named() {
        let lock = lock();
        let ruleset = Ruleset {
            hit_threshold: 5,
            ..Ruleset::default()
        };
        let plugins = [plugin("accuracy", "cc"), plugin("stealth", "dd")];
        let err = lock
            .check("swtcg-engine 9.9.9", &ruleset, &plugins, &[])
            .unwrap_err();
        let text = err.to_string();
        assert_eq!(err.0.len(), 5, "{text}");
        for needle in [
            "engine",
            "ruleset",
            "accuracy@1.0.0: the lock names sha256 aa",
            "armor@1.0.0: locked but not loaded",
            "stealth@1.0.0 (bundled): loaded but not in the lock",
        ] {
            assert!(text.contains(needle), "missing `{needle}` in {text}");
        }
    }

    #[test]
    fn a_changed_ruleset_names_each_key_that_changed() {
        let locked = Ruleset::from_toml(
            "e.toml",
            "name = \"open\"\n[keyword_flags]\noverkill-health = \"remaining\"\n",
        )
        .unwrap();
        let run = Ruleset::from_toml(
            "e.toml",
            "name = \"open\"\nturn_limit = 31\n[keyword_flags]\noverkill-health = \"printed\"\n",
        )
        .unwrap();
        let plugins = [plugin("accuracy", "aa")];
        let lock = Lock::new(&locked, None, plugins.to_vec(), Vec::new());
        // The values go through the lockfile and back.
        let lock = Lock::from_toml("t.lock", &lock.to_toml()).unwrap();
        assert_eq!(lock.ruleset.values.as_ref(), Some(&locked));
        lock.check(ENGINE, &locked, &plugins, &[]).unwrap();
        let err = lock.check(ENGINE, &run, &plugins, &[]).unwrap_err();
        assert_eq!(
            err.0,
            [
                "ruleset: the lock names open with other values (the lock's -> the run's):\n    \
              keyword_flags.overkill-health: \"remaining\" -> \"printed\"\n    \
              turn_limit: 40 -> 31"
            ],
            "{err}"
        );
    }

    #[test]
    fn a_lock_without_values_reads_keeps_its_hash_and_names_the_hashes() {
        let mut old = lock();
        old.ruleset.values = None;
        let text = old.to_toml();
        assert!(!text.contains("values"), "{text}");
        let read = Lock::from_toml("old.lock", &text).unwrap();
        assert_eq!(read, old);
        // The canonical form has no trace of the new key, so the hash logs recorded stays.
        let json = serde_json::to_string(&read).unwrap();
        assert!(!json.contains("values"), "{json}");
        let run = Ruleset {
            turn_limit: 31,
            ..Ruleset::default()
        };
        let plugins = [plugin("accuracy", "aa"), plugin("armor", "bb")];
        let err = read.check(ENGINE, &run, &plugins, &[]).unwrap_err();
        assert!(err.0[0].contains("with sha256"), "{err}");
        assert!(err.0[0].contains("lock the ruleset again"), "{err}");
    }

    #[test]
    fn values_that_do_not_match_the_locked_hash_are_refused() {
        let text = lock()
            .to_toml()
            .replace("turn_limit = 40", "turn_limit = 41");
        let err = Lock::from_toml("t.lock", &text).unwrap_err();
        assert!(err.message.contains("the lock was edited"), "{err}");
    }

    #[test]
    fn set_files_are_pinned_by_sha256() {
        let plugins = [plugin("accuracy", "aa"), plugin("armor", "bb")];
        let mut locked = lock();
        // A lock without set files keeps the canonical form (and so the hash) it always had.
        let json = serde_json::to_string(&locked).unwrap();
        assert!(!json.contains("card_set"), "{json}");
        locked.card_sets = vec![set_file("FAN", "f1"), set_file("FAN2", "f2")];
        let text = locked.to_toml();
        assert!(text.contains("[[card_set]]"), "{text}");
        assert_eq!(Lock::from_toml("t.lock", &text).unwrap(), locked);
        let same = [set_file("FAN", "f1"), set_file("FAN2", "f2")];
        locked
            .check(ENGINE, &Ruleset::default(), &plugins, &same)
            .unwrap();
        // An erratum, a missing file and an extra one are each named.
        let run = [set_file("FAN", "f9"), set_file("EXTRA", "e1")];
        let err = locked
            .check(ENGINE, &Ruleset::default(), &plugins, &run)
            .unwrap_err();
        assert_eq!(
            err.0,
            [
                "card set FAN (sets/FAN.txt): the lock names sha256 f1, the run loaded f9 from sets/FAN.txt",
                "card set FAN2 (sets/FAN2.txt): locked but not loaded",
                "card set EXTRA (sets/EXTRA.txt): loaded but not in the lock",
            ],
            "{err}"
        );
    }

    #[test]
    fn the_scripts_beside_a_set_file_are_pinned_by_sha256() {
        let plugins = [plugin("accuracy", "aa"), plugin("armor", "bb")];
        let with_scripts = |sha: &str| SetFile {
            scripts: Some(swtcg_cards::ScriptsFile {
                file: "sets/FAN.scripts.toml".into(),
                sha256: sha.into(),
            }),
            ..set_file("FAN", "f1")
        };
        let mut locked = lock();
        locked.card_sets = vec![with_scripts("s1")];
        let text = locked.to_toml();
        assert_eq!(Lock::from_toml("t.lock", &text).unwrap(), locked);
        locked
            .check(ENGINE, &Ruleset::default(), &plugins, &[with_scripts("s1")])
            .unwrap();
        let changed = locked
            .check(ENGINE, &Ruleset::default(), &plugins, &[with_scripts("s2")])
            .unwrap_err();
        assert_eq!(
            changed.0,
            [
                "card set FAN (sets/FAN.txt): the lock names scripts sha256 s1, the run loaded s2 \
              from sets/FAN.scripts.toml"
            ]
        );
        let missing = locked
            .check(
                ENGINE,
                &Ruleset::default(),
                &plugins,
                &[set_file("FAN", "f1")],
            )
            .unwrap_err();
        assert_eq!(
            missing.0,
            ["card set FAN (sets/FAN.txt): its scripts are locked but were not loaded"]
        );
    }

    #[test]
    fn a_second_plugin_of_a_locked_id_is_extra() {
        // Two folders with the same plugin id: the lock's one entry matches one of them only.
        let lock = lock();
        let mut twin = plugin("armor", "bb");
        twin.keywords = vec!["ARMOUR".into()];
        twin.source = "extra/keyword.toml".into();
        let plugins = [plugin("accuracy", "aa"), plugin("armor", "bb"), twin];
        let err = lock
            .check(ENGINE, &Ruleset::default(), &plugins, &[])
            .unwrap_err();
        assert_eq!(
            err.0,
            ["plugin armor@1.0.0 (extra/keyword.toml): loaded but not in the lock"],
            "{err}"
        );
        // And a lockfile naming one id twice is refused.
        let mut doubled = lock.clone();
        doubled.plugins.push(plugin("armor", "cc"));
        let err = Lock::from_toml("t.lock", &doubled.to_toml()).unwrap_err();
        assert!(err.message.contains("armor is locked twice"), "{err}");
    }

    #[test]
    fn the_ruleset_hash_ignores_layout_but_not_values() {
        let a = Ruleset::from_toml("a", "name = \"t\"\n# a comment\nhit_threshold = 4\n").unwrap();
        let b = Ruleset::from_toml("b", "hit_threshold = 4\nname = \"t\"").unwrap();
        let c = Ruleset::from_toml("c", "name = \"t\"\nhit_threshold = 5").unwrap();
        assert_eq!(ruleset_sha256(&a), ruleset_sha256(&b));
        assert_ne!(ruleset_sha256(&a), ruleset_sha256(&c));
    }

    #[test]
    fn a_bad_lockfile_names_file_and_line() {
        let err = Lock::from_toml("t.lock", "format = 1\nengin = \"x\"\n").unwrap_err();
        assert_eq!(err.line, Some(2), "{err}");
        assert!(err.to_string().starts_with("t.lock:2:"), "{err}");
        let mut other = lock();
        other.format = 7;
        let err = Lock::from_toml("t.lock", &toml::to_string(&other).unwrap()).unwrap_err();
        assert!(err.message.contains("format 7"), "{err}");
    }
}
