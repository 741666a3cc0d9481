//! Keyword flags: the flags the loaded plugins declare in their manifests
//! (`[keyword.flags.NAME]`), and the check that refuses a ruleset's `[keyword_flags]` entry that
//! no loaded plugin declares, or a value its plugin does not declare, so that a typo can't make
//! a plugin fall back to its default in silence.

use std::collections::BTreeMap;

use serde::Deserialize;

use swtcg_rules::manifest::{FlagDeclaration, Manifest};
use swtcg_rules::ruleset::Ruleset;
use swtcg_rules::text::{escape_controls, line_of};

/// One plugin's declaration of a flag.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Declared {
    /// The declaring plugin as `id@version`.
    pub plugin: String,
    pub flag: FlagDeclaration,
}

/// Every flag the loaded plugins declare, by name; one flag may be declared by several plugins
/// (Focus and Backfire both read `initial-roll-extra-dice`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DeclaredFlags {
    by_name: BTreeMap<String, Vec<Declared>>,
}

/// A ruleset's keyword flag that the loaded plugins don't declare; names the ruleset file, the
/// line (when the ruleset's text is known) and the key.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{origin}{}: key `keyword_flags.{key}`: {message}", line.map(|l| format!(":{l}")).unwrap_or_default())]
pub struct FlagError {
    pub origin: String,
    pub line: Option<usize>,
    /// The flag's name as the ruleset writes it.
    pub key: String,
    pub message: String,
}

/// The `[keyword_flags]` of a ruleset's text, each key with where it is written.
#[derive(Deserialize)]
struct FlagSpans {
    #[serde(default)]
    keyword_flags: BTreeMap<toml::Spanned<String>, toml::Value>,
}

/// The line of each `[keyword_flags]` key in a ruleset's text, by name; empty if the text does
/// not parse (the ruleset was read from it, so it does).
fn flag_lines(text: &str) -> BTreeMap<String, usize> {
    toml::from_str::<FlagSpans>(text)
        .map(|spans| {
            spans
                .keyword_flags
                .into_keys()
                .map(|key| (key.get_ref().clone(), line_of(text, key.span().start)))
                .collect()
        })
        .unwrap_or_default()
}

/// The names among `candidates` nearest `written` by edit distance, if any is near enough to be
/// a typo of it: at most two edits, or a quarter of the name's length. Of equally near names,
/// all are given (up to three).
pub fn nearest<'a>(written: &str, candidates: impl IntoIterator<Item = &'a str>) -> Vec<&'a str> {
    let max = (written.chars().count() / 4).max(2);
    let mut scored: Vec<(usize, &str)> = candidates
        .into_iter()
        .map(|c| (strsim::levenshtein(written, c), c))
        .filter(|&(d, _)| d <= max)
        .collect();
    scored.sort();
    let best = scored.first().map(|&(d, _)| d);
    scored
        .into_iter()
        .take_while(|&(d, _)| Some(d) == best)
        .take(3)
        .map(|(_, c)| c)
        .collect()
}

/// "; did you mean `a`?" (or "`a` or `b`"), or nothing.
fn did_you_mean(near: &[&str], quote: &str) -> String {
    match near {
        [] => String::new(),
        [init @ .., last] if !init.is_empty() => {
            let init: Vec<String> = init.iter().map(|n| format!("{quote}{n}{quote}")).collect();
            format!(
                "; did you mean {} or {quote}{last}{quote}?",
                init.join(", ")
            )
        }
        [only, ..] => format!("; did you mean {quote}{only}{quote}?"),
    }
}

impl DeclaredFlags {
    /// The flags the plugins of these manifests declare.
    pub fn new<'a>(manifests: impl IntoIterator<Item = &'a Manifest>) -> DeclaredFlags {
        let mut by_name: BTreeMap<String, Vec<Declared>> = BTreeMap::new();
        for manifest in manifests {
            for flag in &manifest.flags {
                by_name
                    .entry(flag.name.clone())
                    .or_default()
                    .push(Declared {
                        plugin: format!("{}@{}", manifest.id, manifest.version),
                        flag: flag.clone(),
                    });
            }
        }
        DeclaredFlags { by_name }
    }

    /// Every declared flag by name, each with the plugins declaring it.
    pub fn all(&self) -> &BTreeMap<String, Vec<Declared>> {
        &self.by_name
    }

    /// The value a plugin uses for a flag the ruleset leaves unset: its first declarer's default.
    pub fn default_of(&self, name: &str) -> Option<&str> {
        self.by_name
            .get(name)
            .and_then(|declared| declared.first())
            .map(|d| d.flag.default.as_str())
    }

    /// The ruleset's keyword flags with every declared flag it leaves unset at its declared
    /// default: the settings the plugins play by.
    pub fn effective(&self, ruleset: &Ruleset) -> BTreeMap<String, String> {
        let mut flags = ruleset.keyword_flags.clone();
        for name in self.by_name.keys() {
            if let Some(default) = self.default_of(name) {
                flags
                    .entry(name.clone())
                    .or_insert_with(|| default.to_string());
            }
        }
        flags
    }

    /// Checks a ruleset's keyword flags: each must be declared by a loaded plugin, with a value
    /// every plugin declaring it accepts. An entry the built-in default ruleset has, at the same
    /// value, is accepted undeclared, since an older plugin replacing a bundled one may read it
    /// without declaring it. `origin` names the ruleset in the error and `text`, the ruleset's
    /// TOML when it was read from a file, gives the line of the key.
    pub fn check(
        &self,
        ruleset: &Ruleset,
        origin: &str,
        text: Option<&str>,
    ) -> Result<(), FlagError> {
        let defaults = Ruleset::default().keyword_flags;
        let lines = text.map(flag_lines).unwrap_or_default();
        let error = |key: &str, message: String| FlagError {
            origin: origin.to_string(),
            line: lines.get(key).copied(),
            key: escape_controls(key).into_owned(),
            message,
        };
        for (name, value) in &ruleset.keyword_flags {
            let Some(declared) = self.by_name.get(name) else {
                if defaults.get(name) == Some(value) {
                    continue;
                }
                let near = nearest(name, self.by_name.keys().map(String::as_str));
                let hint = if near.is_empty() {
                    let names: Vec<&str> = self.by_name.keys().map(String::as_str).collect();
                    if names.is_empty() {
                        "; the loaded plugins declare no flags".to_string()
                    } else {
                        format!("; the loaded plugins declare {}", names.join(", "))
                    }
                } else {
                    did_you_mean(&near, "`")
                };
                return Err(error(
                    name,
                    format!(
                        "no loaded plugin declares the keyword flag `{}`{hint}",
                        escape_controls(name)
                    ),
                ));
            };
            for d in declared {
                if d.flag.values.contains(value) {
                    continue;
                }
                let near = nearest(value, d.flag.values.iter().map(String::as_str));
                return Err(error(
                    name,
                    format!(
                        "\"{}\" is not a value of `{name}` (plugin {} declares {}){}",
                        escape_controls(value),
                        d.plugin,
                        d.flag
                            .values
                            .iter()
                            .map(|v| format!("\"{v}\""))
                            .collect::<Vec<_>>()
                            .join(", "),
                        did_you_mean(&near, "\"")
                    ),
                ));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn manifest(id: &str, flags: &str) -> Manifest {
        let text = format!(
            "[keyword]\nid = \"{id}\"\nname = \"{id}\"\nversion = \"1.0.0\"\napi = \"^1.0\"\n\
             template = \"{id}\"\nparameter = \"none\"\nclass = [\"static\"]\n{flags}"
        );
        Manifest::parse("k.toml", &text).unwrap()
    }

    const OVERKILL: &str = "[keyword.flags.overkill-health]\nvalues = [\"remaining\", \"printed\"]\n\
                            default = \"remaining\"\ndescription = \"OQ-K3\"\n";

    fn declared() -> DeclaredFlags {
        let overkill = manifest("overkill", OVERKILL);
        let focus = manifest(
            "focus",
            "[keyword.flags.initial-roll-extra-dice]\nvalues = [\"ignored\", \"counted\"]\n\
             default = \"ignored\"\ndescription = \"Fury's dice\"\n",
        );
        let old = manifest("armor", "");
        DeclaredFlags::new([&overkill, &focus, &old])
    }

    fn ruleset(text: &str) -> Ruleset {
        Ruleset::from_toml("event.toml", text).unwrap()
    }

    #[test]
    fn declared_flags_and_values_pass() {
        let text = "name = \"e\"\n[keyword_flags]\noverkill-health = \"printed\"\n\
                    initial-roll-extra-dice = \"counted\"\n";
        declared()
            .check(&ruleset(text), "event.toml", Some(text))
            .unwrap();
        // The default ruleset sets flags of plugins not loaded here, at their defaults.
        declared()
            .check(&Ruleset::default(), "idc-default", None)
            .unwrap();
    }

    #[test]
    fn an_unknown_flag_is_refused_with_file_line_key_and_a_guess() {
        let text = "name = \"e\"\n\n[keyword_flags]\noverkil-health = \"printed\"\n";
        let err = declared()
            .check(&ruleset(text), "event.toml", Some(text))
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "event.toml:4: key `keyword_flags.overkil-health`: no loaded plugin declares the \
             keyword flag `overkil-health`; did you mean `overkill-health`?"
        );
        // Nothing near: the declared flags are listed. Inline tables have lines too.
        let text = "keyword_flags = { colour = \"red\" }\n";
        let err = declared()
            .check(&ruleset(text), "event.toml", Some(text))
            .unwrap_err();
        assert_eq!(err.line, Some(1), "{err}");
        assert!(
            err.message
                .ends_with("declare initial-roll-extra-dice, overkill-health"),
            "{err}"
        );
        // A default flag at another value than the default is not exempt.
        let text = "[keyword_flags]\nabsorb-timing = \"any\"\n";
        let err = declared()
            .check(&ruleset(text), "event.toml", Some(text))
            .unwrap_err();
        assert_eq!((err.line, err.key.as_str()), (Some(2), "absorb-timing"));
    }

    #[test]
    fn an_undeclared_value_is_refused_with_a_guess() {
        let text = "[keyword_flags]\noverkill-health = \"printd\"\n";
        let err = declared()
            .check(&ruleset(text), "event.toml", Some(text))
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "event.toml:2: key `keyword_flags.overkill-health`: \"printd\" is not a value of \
             `overkill-health` (plugin overkill@1.0.0 declares \"remaining\", \"printed\"); did \
             you mean \"printed\"?"
        );
        // Without the text (a ruleset from a log), the key is still named.
        let err = declared()
            .check(&ruleset(text), "game.jsonl", None)
            .unwrap_err();
        assert!(
            err.to_string()
                .starts_with("game.jsonl: key `keyword_flags.overkill-health`")
        );
    }

    #[test]
    fn every_declarer_must_accept_the_value() {
        let narrow = manifest(
            "overkill-house",
            &OVERKILL.replace("\"remaining\", \"printed\"", "\"remaining\", \"house\""),
        );
        let flags = DeclaredFlags::new([&manifest("overkill", OVERKILL), &narrow]);
        let text = "[keyword_flags]\noverkill-health = \"printed\"\n";
        let err = flags
            .check(&ruleset(text), "event.toml", Some(text))
            .unwrap_err();
        assert!(err.message.contains("overkill-house@1.0.0"), "{err}");
        assert_eq!(flags.all()["overkill-health"].len(), 2);
    }

    #[test]
    fn effective_flags_fill_in_declared_defaults() {
        let text = "[keyword_flags]\noverkill-health = \"printed\"\n";
        let effective = declared().effective(&ruleset(text));
        assert_eq!(effective["overkill-health"], "printed");
        assert_eq!(effective["initial-roll-extra-dice"], "ignored");
    }

    #[test]
    fn nearest_names_ties_and_nothing_near() {
        assert_eq!(nearest("printd", ["printed", "remaining"]), ["printed"]);
        assert_eq!(nearest("ab", ["ac", "ad", "zzzz"]), ["ac", "ad"]);
        assert!(nearest("colour", ["overkill-health"]).is_empty());
    }
}
