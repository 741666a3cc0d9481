//! The words of the game that the readers of printed text know by name: the keywords an effect
//! may grant a unit, with what is printed after each (a number or not) and whether it comes with
//! a cost, and the subtypes that are not one plain word. A sentence naming any other keyword is
//! not read, so that a plugin claims no text it would carry out wrongly.
//!
//! This is the one list of names in the readers: a keyword that an effect may newly grant is
//! added here, not to a reader.

/// A keyword that an effect may grant a unit ("One of your units gets Accuracy 1 until end of
/// turn."), as it is printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GrantedKeyword {
    /// The keyword as printed: "Critical Hit".
    pub name: &'static str,
    /// Whether a number follows it: "Accuracy 1", "Evade 2"; never "Overkill 1".
    pub number: bool,
    /// Whether it is an activated keyword, which an effect grants in quotes with its cost
    /// before the arrow: `"Pay 2 Force -> Intercept"`. The others are granted bare.
    pub cost: bool,
}

/// A keyword granted bare with a number: "Accuracy 1".
const fn numbered(name: &'static str) -> GrantedKeyword {
    GrantedKeyword {
        name,
        number: true,
        cost: false,
    }
}

/// A keyword granted bare without a number: "Overkill".
const fn plain(name: &'static str) -> GrantedKeyword {
    GrantedKeyword {
        name,
        number: false,
        cost: false,
    }
}

/// An activated keyword granted in quotes with its cost, with a number or not:
/// `"Pay 1 Force -> Evade 2"`, `"Pay 2 Force -> Intercept"`.
const fn activated(name: &'static str, number: bool) -> GrantedKeyword {
    GrantedKeyword {
        name,
        number,
        cost: true,
    }
}

/// Every keyword an effect may grant, sorted by name, each once (tested).
pub const GRANTED_KEYWORDS: [GrantedKeyword; 43] = [
    activated("Absorb", true),
    numbered("Accuracy"),
    activated("Ambush", true),
    numbered("Area Damage"),
    plain("Armor"),
    numbered("Avenge"),
    numbered("Backfire"),
    numbered("Barrage"),
    numbered("Bombard"),
    plain("Consume"),
    numbered("Critical Hit"),
    plain("Cunning"),
    numbered("Damage Control"),
    activated("Deflect", true),
    plain("Double Damage"),
    plain("Double Strike"),
    activated("Evade", true),
    plain("Ferocity"),
    numbered("Focus"),
    plain("Fortitude"),
    numbered("Fury"),
    plain("Inspiration"),
    activated("Intercept", false),
    plain("Intimidation"),
    numbered("Ion Cannon"),
    numbered("Lucky"),
    activated("Meditate", false),
    plain("Overkill"),
    numbered("Overload"),
    numbered("Parry"),
    activated("Persuade", true),
    plain("Precision"),
    activated("Protect", true),
    activated("Redirect", false),
    numbered("Resilience"),
    activated("Retaliate", true),
    numbered("Riposte"),
    numbered("Shields"),
    plain("Stealth"),
    numbered("Stun"),
    numbered("Surge"),
    numbered("Tenacity"),
    activated("Velocity", true),
];

/// Keywords printed before a colon and the ability they make ("Upkeep: Pay 1 Force or tap this
/// unit.", "Bounty: Gain 2 Force."), whose plugins read what follows.
pub const COLON_KEYWORDS: [&str; 5] = ["Bounty", "Foresight", "Forewarning", "Reserves", "Upkeep"];

/// Whether a text is an ability of a keyword printed before a colon ([`COLON_KEYWORDS`]): the
/// keyword's plugin, or the card plugins if it can't, read it as any printed ability.
pub fn colon_keyword_ability(text: &str) -> bool {
    text.split_once(':').is_some_and(|(head, _)| {
        COLON_KEYWORDS
            .iter()
            .any(|k| head.trim().eq_ignore_ascii_case(k))
    })
}

/// Subtypes written with a space inside them: the contract's table, which the card importer
/// splits the Subtype column with.
pub use swtcg_plugin_api::text::MULTI_WORD_SUBTYPES;

/// Names of peoples printed in texts whose subtype is another word, in lower case, with that
/// subtype word ("each of your other Rakata": the subtype is Rakatan).
pub const SUBTYPE_ALIASES: [(&str, &str); 1] = [("rakata", "rakatan")];

/// The one reading of a subtype named by text, shared with the engine (which pays costs that
/// name one): the contract's.
pub use swtcg_plugin_api::text::has_subtype;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_keywords_are_sorted_and_each_once() {
        let names: Vec<&str> = GRANTED_KEYWORDS.iter().map(|k| k.name).collect();
        let mut sorted = names.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(names, sorted);
    }

    #[test]
    fn a_subtype_is_matched_singular_or_plural_and_by_its_words() {
        let line = ["Jedi Knight".to_string(), "Clone".to_string()];
        assert!(has_subtype(&line, "Jedi"));
        assert!(has_subtype(&line, "Jedi Knights"));
        assert!(has_subtype(&line, "Clones"));
        assert!(!has_subtype(&line, "Sith"));
        assert!(has_subtype(&["Witch".to_string()], "Witches"));
    }
}
