//! Keyword combinations whose plugins meet at the same hook point or query with conflicting
//! classes, found before a game from the decks' keywords and the plugins' manifests.
//!
//! Game 13.2 gives every keyword a stacking class (isolated, cumulative, layered, selective).
//! Two keywords that answer the same hook or query but stack by different classes combine in a
//! way the rules do not spell out (does an isolated "has it or not" answer absorb a cumulative
//! sum? which applies first?), so a tournament wants to know about them before the first game.
//! Activated abilities are left out: a player plays them one at a time, so they never combine on
//! their own.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::Manifest;
use swtcg_rules::manifest::Class;

/// The stacking classes of game 13.2.
const STACKING: [&str; 4] = ["isolated", "cumulative", "layered", "selective"];

/// A keyword found in the decks, with the plugin that implements it.
#[derive(Debug, Clone)]
pub struct KeywordInUse<'a> {
    /// The keyword as the plugin names it.
    pub keyword: String,
    pub manifest: &'a Manifest,
    /// Where it appears: `deck: card` labels.
    pub found_in: Vec<String>,
}

/// Two keywords meeting at one hook point or query with different stacking classes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Conflict {
    /// The hook point or query, by its manifest name.
    pub point: String,
    pub first: Side,
    pub second: Side,
}

/// One keyword of a conflict.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Side {
    pub keyword: String,
    pub plugin: String,
    pub class: Vec<String>,
    pub found_in: Vec<String>,
}

fn stacking(manifest: &Manifest) -> Option<&str> {
    manifest
        .class
        .iter()
        .map(String::as_str)
        .find(|c| STACKING.contains(c))
}

fn activated(manifest: &Manifest) -> bool {
    manifest.has_class(Class::Activated)
}

/// Every pair of keywords in use whose plugins subscribe to the same hook point or answer the
/// same query with different stacking classes, ordered by point and keyword.
pub fn find_conflicts(keywords: &[KeywordInUse]) -> Vec<Conflict> {
    // Each point, with the keywords (not activated) that meet there.
    let mut points: BTreeMap<String, Vec<&KeywordInUse>> = BTreeMap::new();
    for k in keywords {
        if activated(k.manifest) {
            continue;
        }
        let names = k
            .manifest
            .hooks
            .iter()
            .map(|h| h.name().to_string())
            .chain(k.manifest.queries.iter().map(|q| q.name().to_string()));
        for name in names {
            points.entry(name).or_default().push(k);
        }
    }
    let side = |k: &KeywordInUse| Side {
        keyword: k.keyword.clone(),
        plugin: format!("{}@{}", k.manifest.id, k.manifest.version),
        class: k.manifest.class.clone(),
        found_in: k.found_in.clone(),
    };
    let mut conflicts = Vec::new();
    for (point, mut at) in points {
        at.sort_by(|a, b| a.keyword.cmp(&b.keyword));
        at.dedup_by(|a, b| a.keyword == b.keyword);
        for (i, a) in at.iter().enumerate() {
            for b in &at[i + 1..] {
                if stacking(a.manifest) != stacking(b.manifest) {
                    conflicts.push(Conflict {
                        point: point.clone(),
                        first: side(a),
                        second: side(b),
                    });
                }
            }
        }
    }
    conflicts
}

#[cfg(test)]
mod tests {
    use super::*;

    fn manifest(id: &str, class: &str, hooks: &str, queries: &str) -> Manifest {
        let text = format!(
            "[keyword]\nid = \"{id}\"\nname = \"{id}\"\nversion = \"1.0.0\"\napi = \"^1\"\n\
             template = \"{id}\"\nparameter = \"none\"\nclass = [{class}]\nhooks = [{hooks}]\n\
             queries = [{queries}]\n"
        );
        Manifest::parse(id, &text).unwrap()
    }

    fn uses<'a>(m: &'a Manifest) -> KeywordInUse<'a> {
        KeywordInUse {
            keyword: m.name.clone(),
            manifest: m,
            found_in: vec![format!("deck: {}", m.name)],
        }
    }

    #[test]
    fn different_stacking_classes_at_one_point_conflict() {
        let fury = manifest(
            "fury",
            "\"cumulative\", \"triggered\"",
            "\"initial-roll-triggers\"",
            "",
        );
        let focus = manifest(
            "focus",
            "\"isolated\", \"triggered\"",
            "\"initial-roll-triggers\", \"pop-p5\"",
            "",
        );
        let armor = manifest("armor", "\"isolated\", \"static\"", "", "\"hit-threshold\"");
        let found = find_conflicts(&[uses(&fury), uses(&focus), uses(&armor)]);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].point, "initial-roll-triggers");
        assert_eq!(found[0].first.keyword, "focus");
        assert_eq!(found[0].second.keyword, "fury");
    }

    #[test]
    fn the_same_class_or_an_activated_ability_does_not_conflict() {
        let bombard = manifest(
            "bombard",
            "\"cumulative\", \"static\"",
            "",
            "\"attack-arenas\"",
        );
        let barrage = manifest(
            "barrage",
            "\"cumulative\", \"static\"",
            "",
            "\"attack-arenas\"",
        );
        let evade = manifest("evade", "\"layered\", \"activated\"", "", "\"activations\"");
        let lucky = manifest("lucky", "\"cumulative\", \"static\"", "", "\"activations\"");
        let found = find_conflicts(&[uses(&bombard), uses(&barrage), uses(&evade), uses(&lucky)]);
        assert!(found.is_empty(), "{found:?}");
    }
}
