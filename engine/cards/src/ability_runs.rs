//! Splitting a run of abilities printed in one `|`-entry of a set file into its abilities.
//!
//! The set files separate a card's abilities with `|`, but some rows (most of Jedi Guardians)
//! print several in one entry, ended by `;` or `.`: "Pay 1 Force -> Maul gets +20 speed until end
//! of turn; Pay 2 Force -> Maul gets +3 power for this attack", "... +1 power. Overkill (When
//! this unit attacks, ...). Pay 3 Force -> Evade 3", "Pay 1 Force -> Evade 1 (...). Reserves:
//! Tap -> You gain 1 Force.". A person reads each as its own ability, and so does the importer:
//! an entry is split where, after a sentence ends (`.`, `;` or a reminder's `)` followed by a
//! space, outside parentheses and quotes), a new ability plainly begins:
//! - a cost and its arrow in one sentence ("Pay 2 Force -> Evade 2", "Tap -> ..."),
//! - a keyword whose template has a colon ("Reserves:", "Upkeep:", "Bounty:") or `[Pilot]`,
//! - a keyword followed by its reminder text in parentheses ("Overkill (When ...", "Shields 1 (").
//!
//! Anything else stays one ability: "Play only ..." and "If you do, ..." go on the ability before
//! them, and a granted ability in quotes is never split. Once a Pilot's text (`[Pilot]`) starts,
//! the rest of the entry is the Pilot's.

use swtcg_plugin_api::text::starts_a_cost;

/// The keywords whose template is "Keyword: ..." (keywords.md).
const COLON_KEYWORDS: [&str; 13] = [
    "Adapt:",
    "Alternative Cost:",
    "Bounty:",
    "Deploy:",
    "Enhance:",
    "Foresight:",
    "Forewarning:",
    "INSERT:",
    "Last Stand:",
    "Reserves:",
    "Stack:",
    "Switch:",
    "Upkeep:",
];

/// The abilities of one entry, in order: the entry itself when it prints one.
pub fn split_ability_run(entry: &str) -> Vec<String> {
    let marked = marked_pilot(entry);
    let entry = marked.as_deref().unwrap_or(entry);
    let mut abilities = Vec::new();
    let mut start = 0;
    for at in sentence_ends(entry) {
        let rest = &entry[at..];
        if entry[start..at].trim_start().starts_with("[Pilot]") {
            break;
        }
        let before = entry[start..at].trim().trim_end_matches(';').trim_end();
        // A cost with no arrow yet is not an ability: "Pay 6 Force. Tap one of your Jedi -> ..."
        // (Force Suppression) is one cost misprinted with a period.
        let unfinished_cost = starts_a_cost(before) && !before.contains("->");
        if !unfinished_cost && begins_an_ability(rest) {
            if !before.is_empty() {
                abilities.push(before.to_string());
            }
            start = at;
        }
    }
    let last = entry[start..].trim().trim_end_matches(';').trim_end();
    if !last.is_empty() {
        abilities.push(last.to_string());
    }
    abilities
}

/// A Pilot ability printed without its marker ("Transport Pilot. The Transport gets: * Parry 2"
/// in the TMW rows, "Creature Pilot. The Creature gets: - +20 speed" in TAL's), with the marker
/// every other set prints put back: "<subtypes> Pilot. The <subtypes> gets", the subtypes words
/// alone.
fn marked_pilot(entry: &str) -> Option<String> {
    let text = entry.trim();
    if text.starts_with("[Pilot]") {
        return None;
    }
    let words = |part: &str| {
        !part.trim().is_empty()
            && part.len() <= 60
            && part
                .chars()
                .all(|c| c.is_alphanumeric() || matches!(c, ' ' | ',' | '\'' | '-'))
    };
    // Subtypes are capitalized, joined by "and" and "or" ("Speeder, Squad, and Transport"):
    // "Any Speeder with Dack on it can have an extra Pilot." is no Pilot ability.
    let subtypes = |part: &str| {
        words(part)
            && part
                .split([' ', ','])
                .filter(|w| !w.is_empty())
                .all(|w| w.starts_with(|c: char| c.is_uppercase()) || matches!(w, "and" | "or"))
    };
    let (head, rest) = text.split_once(" Pilot. The ")?;
    let (subject, _) = rest.split_once(" gets")?;
    (subtypes(head) && words(subject)).then(|| format!("[Pilot] {text}"))
}

/// The byte offsets where a sentence may start: after a `.`, `;` or `)` (or a quote closing
/// after one) and spaces, outside parentheses and quotes.
fn sentence_ends(entry: &str) -> Vec<usize> {
    let mut ends = Vec::new();
    let mut depth = 0u32;
    let (mut double, mut single) = (false, false);
    let chars: Vec<(usize, char)> = entry.char_indices().collect();
    for (i, &(_, c)) in chars.iter().enumerate() {
        let prev = i.checked_sub(1).map(|p| chars[p].1);
        let next = chars.get(i + 1).map(|&(_, n)| n);
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            '"' => double = !double,
            '“' => double = true,
            '”' => double = false,
            // A single quote opens after a space and before a word ('Pay 1 Force -> ...') and
            // closes before a space or the end; an apostrophe ("Obi-Wan's") does neither.
            '\'' if !single => {
                single = prev.is_none_or(char::is_whitespace)
                    && next.is_some_and(|n| n.is_alphanumeric() || n == '[');
            }
            '\'' => single = !next.is_none_or(|n| n.is_whitespace() || n == '.' || n == ','),
            _ => {}
        }
        let outside = depth == 0 && !double && !single;
        // A quote that closes after its sentence's end ("... -> Evade 3.' Reserves: ...") ends
        // that sentence too.
        let closes_a_sentence =
            matches!(c, '\'' | '"' | '”') && matches!(prev, Some('.' | ')' | ';'));
        if outside
            && (matches!(c, '.' | ';' | ')') || closes_a_sentence)
            && next.is_some_and(char::is_whitespace)
            && let Some(&(start, _)) = chars[i + 1..].iter().find(|(_, n)| !n.is_whitespace())
        {
            ends.push(start);
        }
    }
    ends
}

/// Whether `rest` begins a new ability (see the module's list).
fn begins_an_ability(rest: &str) -> bool {
    if rest.starts_with("[Pilot]") || COLON_KEYWORDS.iter().any(|k| rest.starts_with(k)) {
        return true;
    }
    // A cost and its arrow in the sentence that starts here.
    let sentence_end = rest.find(". ").unwrap_or(rest.len());
    let sentence = &rest[..sentence_end];
    if starts_a_cost(rest) && sentence.contains("->") {
        return true;
    }
    keyword_with_reminder(rest)
}

/// "Overkill (When ...", "Shields 1 (Each ...", "Critical Hit 2 (While ...": capitalized words,
/// a number perhaps, then a reminder in parentheses.
fn keyword_with_reminder(rest: &str) -> bool {
    let Some(open) = rest.find(" (") else {
        return false;
    };
    let words: Vec<&str> = rest[..open].split(' ').collect();
    let name = match words.split_last() {
        Some((last, name)) if last.chars().all(|c| c.is_ascii_digit()) => name,
        _ => &words[..],
    };
    !name.is_empty()
        && name.len() <= 2
        && name.iter().all(|w| {
            w.starts_with(|c: char| c.is_ascii_uppercase())
                && w.chars().skip(1).all(|c| c.is_ascii_lowercase())
        })
        && !["Play", "Choose", "If", "Or", "Then"].contains(&name[0])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pilot_ability_printed_without_its_marker_gets_it() {
        // TMW Din Djarin (G); TAL Shae Koda (B).
        assert_eq!(
            split_ability_run("Transport Pilot. The Transport gets: * Parry 2 * Riposte 1"),
            ["[Pilot] Transport Pilot. The Transport gets: * Parry 2 * Riposte 1"]
        );
        assert_eq!(
            split_ability_run(
                "Speeder and Transport Pilot. The Speeder or Transport gets: * +1 power"
            ),
            ["[Pilot] Speeder and Transport Pilot. The Speeder or Transport gets: * +1 power"]
        );
        // A sentence about Pilots is no Pilot ability.
        let text =
            "Any Speeder with Dack on it can have an extra Pilot. The Speeder gets +1 power.";
        assert!(
            split_ability_run(text)
                .iter()
                .all(|a| !a.starts_with("[Pilot]"))
        );
    }

    #[test]
    fn one_ability_stays_whole() {
        for text in [
            "Pay 2 Force -> One of your Jedi gets +2 power. Play only during your build step.",
            "When Vader attacks, you may pay 2 Force. If you do, draw a card.",
            "[tap] -> Choose one: Draw 2 cards. Or: Put 2 build counters on a card.",
            "Equipped unit gets \"Pay 1 Force -> Intercept\" and \"Pay 1 Force -> Protect 1.\"",
            "Jango gets Accuracy 1 (Add +1 to each of this unit_s attack dice.) as long as he's attacking a Jedi.",
            // 15TH Force Suppression and ESB Decoy Tactics: costs misprinted with "." and ";".
            "Pay 6 Force. Tap one of your Jedi in any arena -> Each player can't gain Force.",
            "Discard one of your units from any arena; Pay X Force -> Put the card into the arena.",
        ] {
            assert_eq!(split_ability_run(text), vec![text.to_string()], "{text}");
        }
    }

    #[test]
    fn runs_of_jedi_guardians_abilities_split() {
        // JG Darth Maul (E).
        assert_eq!(
            split_ability_run(
                "Pay 1 Force -> Maul gets +20 speed until end of turn; Pay 2 Force -> Maul gets +3 power for this attack; Pay 4 Force -> Evade 2 (Prevent up to 2 damage to this unit. )"
            ),
            vec![
                "Pay 1 Force -> Maul gets +20 speed until end of turn",
                "Pay 2 Force -> Maul gets +3 power for this attack",
                "Pay 4 Force -> Evade 2 (Prevent up to 2 damage to this unit. )",
            ]
        );
        // JG Jedi Youngling, Mace Windu (D), Corporate Alliance Tank Droid.
        assert_eq!(
            split_ability_run(
                "Pay 1 Force -> Evade 1 (Prevent up to 1 damage to this unit). Reserves: Tap, Pay 1 build point -> You gain 2 Force. Play only during your build step."
            ),
            vec![
                "Pay 1 Force -> Evade 1 (Prevent up to 1 damage to this unit).",
                "Reserves: Tap, Pay 1 build point -> You gain 2 Force. Play only during your build step.",
            ]
        );
        assert_eq!(
            split_ability_run(
                "As long as Mace is in the Character arena, each of your other Jedi gets +1 power. Overkill (When this unit attacks, you may divide hits.). Pay 3 Force -> Evade 3 (Prevent up to 3 damage to this unit. )"
            ),
            vec![
                "As long as Mace is in the Character arena, each of your other Jedi gets +1 power.",
                "Overkill (When this unit attacks, you may divide hits.).",
                "Pay 3 Force -> Evade 3 (Prevent up to 3 damage to this unit. )",
            ]
        );
        assert_eq!(
            split_ability_run(
                "Overkill (When this unit attacks, you may divide hits.) Shields 1 (Each unit gets -1 power as long as it_s attacking this unit.)"
            ),
            vec![
                "Overkill (When this unit attacks, you may divide hits.)",
                "Shields 1 (Each unit gets -1 power as long as it_s attacking this unit.)",
            ]
        );
    }

    #[test]
    fn a_pilot_text_and_a_quoted_ability_keep_their_arrows() {
        // JG Obi-Wan Kenobi (J): the Pilot's text is the rest of the entry.
        assert_eq!(
            split_ability_run(
                "Pay 2 Force -> Evade 2 (Prevent up to 2 damage to this unit. ); [Pilot] Starfighter Pilot. the Starfighter gets 'Pay 3 Force -> Evade 4.' Pay 1 Force -> Evade 1"
            ),
            vec![
                "Pay 2 Force -> Evade 2 (Prevent up to 2 damage to this unit. )",
                "[Pilot] Starfighter Pilot. the Starfighter gets 'Pay 3 Force -> Evade 4.' Pay 1 Force -> Evade 1",
            ]
        );
        // JG Depa Billaba (A): the granted ability in single quotes stays with its sentence.
        assert_eq!(
            split_ability_run(
                "As long as Mace Windu is in the Character arena, Depa gets 'Pay 1 Force -> Evade 3 (Prevent up to 3 damage to this unit).' Reserves: Tap -> You gain 1 Force."
            ),
            vec![
                "As long as Mace Windu is in the Character arena, Depa gets 'Pay 1 Force -> Evade 3 (Prevent up to 3 damage to this unit).'",
                "Reserves: Tap -> You gain 1 Force.",
            ]
        );
    }
}
