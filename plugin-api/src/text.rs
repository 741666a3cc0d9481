//! Reading the parts of printed texts that several keywords and the engine read alike: the
//! slash-separated parts of Switch and Adapt, split into their effects, and plain stat changes.
//! Shared here, in the contract rather than the guest SDK, so that the plugins and the card
//! coverage read a text the same way.

/// Subtypes that are written with a space inside them (open question OQ-3): the card importer
/// splits the Subtype column with them, so that "Jedi Knight" stays one subtype rather than
/// "Jedi" and "Knight", and the readers of card text find them in texts ("each of your Bounty
/// Hunters"). One table, so that both read a subtype alike.
pub const MULTI_WORD_SUBTYPES: &[&str] = &[
    "Yuuzhan Vong",
    "Capital Ship",
    "Jedi Knight",
    "Jedi Master",
    "Jedi Padawan",
    "Sith Lord",
    "Bounty Hunter",
    "Crime Lord",
    "Old Republic",
    "Force Sensitive",
];

/// Whether a subtype line (`subtypes`, as the host's view of a unit lists them) has a subtype
/// printed in a text as `wanted` ("Stormtroopers", "Jedi", "Lothal Rebels"): one of its
/// subtypes, or a word of one ("Jedi" is part of "Jedi Knight"), singular or plural ("Soldiers",
/// "Witches"). A subtype of several words that [`MULTI_WORD_SUBTYPES`] doesn't list ("Nite
/// Owl", printed "Mandalorian Nite Owl Warrior") is those words in a row on the line. The one
/// reading of a subtype named by text, for the card plugins and the engine.
pub fn has_subtype(subtypes: &[String], wanted: &str) -> bool {
    let mut forms = vec![wanted];
    forms.extend(wanted.strip_suffix('s'));
    forms.extend(wanted.strip_suffix("es"));
    // "Children": the one irregular plural printed for a subtype (Force Sensitive Child).
    forms.extend(wanted.strip_suffix("ren"));
    let one = subtypes.iter().any(|subtype| {
        std::iter::once(subtype.as_str())
            .chain(subtype.split_whitespace())
            .any(|s| forms.iter().any(|f| s.eq_ignore_ascii_case(f)))
    });
    // Only a phrase of several words looks for a run of words (rare: no allocation otherwise,
    // since plugins and the engine ask this at every state check).
    one || (wanted.contains(' ') && forms.iter().any(|f| in_a_row(subtypes, f)))
}

/// Whether the words of `form` follow each other on the subtype line.
fn in_a_row(subtypes: &[String], form: &str) -> bool {
    let words: Vec<&str> = subtypes.iter().flat_map(|s| s.split_whitespace()).collect();
    let wanted: Vec<&str> = form.split_whitespace().collect();
    wanted.len() > 1
        && words.windows(wanted.len()).any(|run| {
            run.iter()
                .zip(&wanted)
                .all(|(a, b)| a.eq_ignore_ascii_case(b))
        })
}

/// Whether a text changes the build cost of its own card ("This unit costs 1 fewer build counter
/// to deploy if there is an Aquatic Location in the Ground arena.", "As long as you have a
/// Campaign in your build zone, Butch costs 1 less build counter to deploy."): the card's cost
/// is counted while it is built (game 7.4, 7.6), so such a text works in the build zone, as a
/// keyword's does whose definition says so. The subject is "this unit" (card, Location,
/// Mission) or the card's `name` or a word of it; the change is "N less / fewer / more build
/// counters / points to deploy / complete".
pub fn changes_own_build_cost(text: &str, name: &str) -> bool {
    let lower = text.to_ascii_lowercase();
    let Some(at) = lower.find(" costs ") else {
        return false;
    };
    // The subject runs back from "costs" to the start or to the comma that ends a condition.
    let subject = lower[..at].rsplit(", ").next().unwrap_or("").trim();
    let name = name.to_ascii_lowercase();
    let name = name.split(" (").next().unwrap_or("").trim();
    let itself = matches!(
        subject,
        "this unit" | "this card" | "this location" | "this mission"
    ) || (!subject.is_empty()
        && (subject == name || name.split_whitespace().any(|word| word == subject)));
    let words: Vec<&str> = lower[at + " costs ".len()..].split_whitespace().collect();
    let change = matches!(
        words.as_slice(),
        [n, "less" | "fewer" | "more", "build", unit, "to", verb, ..]
            if n.parse::<u32>().is_ok()
                && matches!(*unit, "counter" | "counters" | "point" | "points")
                && (verb.starts_with("deploy") || verb.starts_with("complete"))
    );
    itself && change
}

/// Whether a text starts with a word that begins a printed cost ("Tap, pay 3 Force -> ...").
pub fn starts_a_cost(text: &str) -> bool {
    let first = text
        .split_whitespace()
        .next()
        .unwrap_or("")
        .to_ascii_lowercase();
    matches!(
        first.as_str(),
        "pay" | "tap" | "[tap]" | "discard" | "remove" | "put" | "roll" | "return"
    )
}

/// Whether a text has the arrow between a cost and its effect (the card data writes both forms).
pub fn has_arrow(text: &str) -> bool {
    ARROWS.iter().any(|arrow| text.contains(arrow))
}

/// Whether an effect is a "Keyword: ..." form ("Upkeep: Pay 1 build point, or tap Slave I."),
/// whose text may itself contain commas and runs to the end of its part.
pub fn colon_form(effect: &str) -> bool {
    effect
        .split_once(':')
        .is_some_and(|(head, _)| !has_arrow(head) && head.split_whitespace().count() <= 3)
}

/// Splits one slash-separated part into its effects at the commas, keeping together the commas
/// that belong to one effect: everything after a "Keyword:" form, and the commas of a cost
/// before its arrow ("Tap, pay 3 Force -> ...").
pub fn split_effects(part: &str) -> Vec<String> {
    let mut effects: Vec<String> = Vec::new();
    let mut open = false;
    for piece in part.split(',').map(str::trim) {
        match effects.last_mut() {
            Some(last) if open => {
                last.push_str(", ");
                last.push_str(piece);
            }
            _ => effects.push(piece.to_string()),
        }
        let last = effects.last().map(String::as_str).unwrap_or("");
        open = colon_form(last) || (starts_a_cost(last) && !has_arrow(last));
    }
    effects.retain(|effect| !effect.is_empty());
    effects
}

/// "+10 speed", "-4 power", "+1 health" → (speed, power, health) changes, if it is one.
pub fn stat_change(effect: &str) -> Option<(i32, i32, i32)> {
    let mut words = effect.trim_end_matches('.').split_whitespace();
    let amount: i32 = words.next()?.trim_start_matches('+').parse().ok()?;
    let stat = words.next()?.to_ascii_lowercase();
    if words.next().is_some() {
        return None;
    }
    match stat.as_str() {
        "speed" => Some((amount, 0, 0)),
        "power" => Some((0, amount, 0)),
        "health" => Some((0, 0, amount)),
        _ => None,
    }
}

/// The arrows the card data writes between a cost and its effect, "- >" among them (TM, TMW:
/// "Pay 1 Force - > Protect 1"). `-->` contains `->`, so at one place in a text the longer arrow
/// is the one read.
pub const ARROWS: [&str; 4] = ["-->", "->", "- >", "\u{2192}"];

/// Splits a text at its first arrow (the one that starts first; of two starting at one place,
/// the longer): the cost before it and the effect after it, untrimmed. This is the one rule the
/// engine's ability splitter and the card coverage read costs by.
pub fn split_at_arrow(text: &str) -> Option<(&str, &str)> {
    let (at, arrow) = ARROWS
        .iter()
        .filter_map(|arrow| text.find(arrow).map(|at| (at, *arrow)))
        .min_by_key(|&(at, arrow)| (at, std::cmp::Reverse(arrow.len())))?;
    Some((&text[..at], &text[at + arrow.len()..]))
}

#[cfg(test)]
mod tests {

    #[test]
    fn texts_about_their_own_build_cost() {
        // PM Sando Aqua Monster, TAL Butch (A), TAL Fury Station (A).
        assert!(changes_own_build_cost(
            "This unit costs 1 fewer build counter to deploy if there is an Aquatic Location in the Ground arena.",
            "Sando Aqua Monster"
        ));
        assert!(changes_own_build_cost(
            "As long as you have Quan-Jang or Shae Koda in any arena, Butch costs 1 less build counter to deploy.",
            "Butch (A)"
        ));
        assert!(changes_own_build_cost(
            "As long as you have a Star System in the Space arena, Fury Station costs 3 less build counters to deploy.",
            "Fury Station (A)"
        ));
        // Other cards' costs (TAL Quan-Jang (A), ROTJ Mon Mothma (A)) are not its own.
        assert!(!changes_own_build_cost(
            "Each Creature costs 1 less build counter to deploy.",
            "Quan-Jang (A)"
        ));
        assert!(!changes_own_build_cost(
            "[tap] -> Each of your Rebel units costs 1 fewer build counter to deploy.",
            "Mon Mothma (A)"
        ));
        assert!(!changes_own_build_cost(
            "Each of your Battle cards costs 2 less Force to play.",
            "Cloud City Battleground"
        ));
    }

    use super::*;

    #[test]
    fn a_subtype_of_several_words_is_those_words_in_a_row() {
        // TMW Bo-Katan Kryze (E), "Mandalorian Nite Owl Warrior", for Axe Woves A's "Nite Owl".
        let line: Vec<String> = ["Mandalorian", "Nite", "Owl", "Warrior"]
            .map(String::from)
            .to_vec();
        assert!(has_subtype(&line, "Nite Owl"));
        assert!(has_subtype(&line, "Nite Owls"));
        assert!(has_subtype(&line, "Owl"));
        assert!(!has_subtype(&line, "Owl Nite"));
        assert!(!has_subtype(&line, "Mandalorian Warrior"));
        // A listed subtype of several words stays one subtype.
        assert!(has_subtype(&["Jedi Knight".to_string()], "Jedi Knights"));
    }

    #[test]
    fn parts_split_into_effects_keeping_costs_and_colon_forms() {
        assert_eq!(
            split_effects("Ferocity, Overkill"),
            ["Ferocity", "Overkill"]
        );
        assert_eq!(
            split_effects("Tap, pay 3 Force -> Evade 2, Armor"),
            ["Tap, pay 3 Force -> Evade 2", "Armor"]
        );
        assert_eq!(
            split_effects("Upkeep: Pay 1 build point, or tap Slave I."),
            ["Upkeep: Pay 1 build point, or tap Slave I."]
        );
    }

    #[test]
    fn stat_changes_are_read() {
        assert_eq!(stat_change("+10 speed"), Some((10, 0, 0)));
        assert_eq!(stat_change("-4 power."), Some((0, -4, 0)));
        assert_eq!(stat_change("+1 health"), Some((0, 0, 1)));
        assert_eq!(stat_change("+1 power and Armor"), None);
        assert_eq!(stat_change("Armor"), None);
    }

    #[test]
    fn the_first_arrow_splits_and_the_longer_wins_at_one_place() {
        assert_eq!(
            split_at_arrow("Pay 1 Force - > Protect 1"),
            Some(("Pay 1 Force ", " Protect 1"))
        );
        assert!(has_arrow("Pay 1 Force - > Protect 1"));
        assert_eq!(
            split_at_arrow("Pay 2 Force --> Evade 2"),
            Some(("Pay 2 Force ", " Evade 2"))
        );
        assert_eq!(
            split_at_arrow("INSERT: Pay 1 Force -> Absorb 1 -> x"),
            Some(("INSERT: Pay 1 Force ", " Absorb 1 -> x"))
        );
        assert_eq!(
            split_at_arrow("Tap \u{2192} Gain 1 Force -> y").map(|p| p.0),
            Some("Tap ")
        );
        assert_eq!(split_at_arrow("no arrow"), None);
    }
}
