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
/// "Witches"). The one reading of a subtype named by text, for the card plugins and the engine.
pub fn has_subtype(subtypes: &[String], wanted: &str) -> bool {
    let mut forms = vec![wanted];
    forms.extend(wanted.strip_suffix('s'));
    forms.extend(wanted.strip_suffix("es"));
    // "Children": the one irregular plural printed for a subtype (Force Sensitive Child).
    forms.extend(wanted.strip_suffix("ren"));
    subtypes.iter().any(|subtype| {
        std::iter::once(subtype.as_str())
            .chain(subtype.split_whitespace())
            .any(|s| forms.iter().any(|f| s.eq_ignore_ascii_case(f)))
    })
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
    use super::*;

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
