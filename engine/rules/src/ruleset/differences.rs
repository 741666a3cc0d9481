//! What differs between two rulesets, key by key (`turn_limit: 40 -> 30`): a lock names each key
//! a run changed instead of two hashes, and `swtcg ruleset check` each rule that differs from the
//! default ruleset.

use std::collections::BTreeMap;
use std::fmt;

use serde_json::Value;

use super::Ruleset;

/// One key whose value differs between two rulesets.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Difference {
    /// The key as a TOML path: `turn_limit`, `keyword_flags.overkill-health`,
    /// `keyword_plugins."Critical Hit"`, `format.banned`.
    pub key: String,
    /// The value in the first ruleset, as TOML writes it; `None` where it is not set.
    pub from: Option<String>,
    /// The value in the second ruleset.
    pub to: Option<String>,
}

impl fmt::Display for Difference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = |value: &Option<String>| value.clone().unwrap_or_else(|| "(not set)".into());
        write!(
            f,
            "{}: {} -> {}",
            self.key,
            side(&self.from),
            side(&self.to)
        )
    }
}

/// Every key whose value differs from `from` to `to`, in the order of their paths. Tables are
/// compared key by key (so one changed flag is one difference); lists are compared whole.
pub fn differences(from: &Ruleset, to: &Ruleset) -> Vec<Difference> {
    let (mut a, mut b) = (BTreeMap::new(), BTreeMap::new());
    flatten("", &serde_json::to_value(from).unwrap_or_default(), &mut a);
    flatten("", &serde_json::to_value(to).unwrap_or_default(), &mut b);
    let keys: std::collections::BTreeSet<&String> = a.keys().chain(b.keys()).collect();
    keys.into_iter()
        .filter(|key| set(&a, key) != set(&b, key))
        .map(|key| Difference {
            key: key.clone(),
            from: set(&a, key).map(render),
            to: set(&b, key).map(render),
        })
        .collect()
}

/// The value at `key`, where an empty list counts as not set: a format named without `sets`
/// writes `sets = []`, which says nothing a missing key doesn't.
fn set<'a>(values: &'a BTreeMap<String, Value>, key: &str) -> Option<&'a Value> {
    values
        .get(key)
        .filter(|value| !matches!(value, Value::Array(items) if items.is_empty()))
}

/// Puts every value that is no table under its path; a null (an unset option) is left out.
fn flatten(path: &str, value: &Value, out: &mut BTreeMap<String, Value>) {
    match value {
        Value::Object(table) => {
            for (key, value) in table {
                let key = toml_key(key);
                let path = if path.is_empty() {
                    key
                } else {
                    format!("{path}.{key}")
                };
                flatten(&path, value, out);
            }
        }
        Value::Null => {}
        value => {
            out.insert(path.to_string(), value.clone());
        }
    }
}

/// A key as TOML writes it: bare when it can be, else quoted.
fn toml_key(key: &str) -> String {
    let bare = !key.is_empty()
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    if bare {
        key.to_string()
    } else {
        Value::String(key.to_string()).to_string()
    }
}

/// A value as TOML writes it inline: `"remaining"`, `30`, `true`, `["ANH", "AOTC"]`.
fn render(value: &Value) -> String {
    match value {
        Value::Array(items) => {
            let items: Vec<String> = items.iter().map(render).collect();
            format!("[{}]", items.join(", "))
        }
        Value::Object(table) => {
            let items: Vec<String> = table
                .iter()
                .map(|(k, v)| format!("{} = {}", toml_key(k), render(v)))
                .collect();
            format!("{{ {} }}", items.join(", "))
        }
        value => value.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(from: &Ruleset, to: &Ruleset) -> Vec<String> {
        differences(from, to)
            .iter()
            .map(|d| d.to_string())
            .collect()
    }

    #[test]
    fn the_same_ruleset_has_no_differences() {
        assert!(differences(&Ruleset::default(), &Ruleset::default()).is_empty());
    }

    #[test]
    fn each_changed_key_is_named_with_both_values() {
        let event = Ruleset::from_toml(
            "e.toml",
            "turn_limit = 30\n[keyword_flags]\noverkill-health = \"printed\"\n\
             [keyword_plugins]\n\"Critical Hit\" = \"critical-hit\"\n\
             [format]\nname = \"Vintage\"\nbanned = [\"Jawa\", \"Tank Droid\"]\n\
             [limits]\nhook_depth = 8\n",
        )
        .unwrap();
        let mut default = Ruleset::default();
        default.keyword_flags.retain(|k, _| k == "overkill-health");
        assert_eq!(
            lines(&default, &event),
            [
                "format.banned: (not set) -> [\"Jawa\", \"Tank Droid\"]",
                "format.name: (not set) -> \"Vintage\"",
                "keyword_flags.overkill-health: \"remaining\" -> \"printed\"",
                "keyword_plugins.\"Critical Hit\": (not set) -> \"critical-hit\"",
                "limits.hook_depth: 16 -> 8",
                "turn_limit: 40 -> 30",
            ]
        );
        // The other way round, old and new swap.
        assert_eq!(
            lines(&event, &default)[2],
            "keyword_flags.overkill-health: \"printed\" -> \"remaining\""
        );
    }
}
