//! The Stack keyword: "Stack: [list]" — the listed cards may be put under this unit as part of
//! its stack, but never on top (keywords.md, Stack).
//!
//! The plugin only reads the list: the engine asks `stacks-under` when a card could complete
//! into the stack (and keeps it off the top, within the 4-card limit, one version of each
//! listed unique unit), and again at state checks, discarding listed cards the top card no
//! longer lets be there. A card listed by name also lets in the same unit under another name
//! (game 3.5.5, OQ-4: the ruleset's `same_unit_names`, by default Beru Lars / Beru Whitesun and
//! Padmé Amidala / Queen Amidala).

use swtcg_sdk::*;

struct Stack;

/// One entry of the list.
#[derive(Debug, PartialEq)]
enum Listed {
    /// "Din Djarin": cards of that name, any version.
    Name(String),
    /// "any unique Sith Character": cards whose subtypes contain the phrase, unique if
    /// `unique`, in the Character arena if `character`.
    Kind {
        unique: bool,
        subtypes: Vec<String>,
        character: bool,
    },
}

/// Reads the list, or `None` for a criterion this plugin can't check (a name part, an
/// expansion symbol, game text).
fn read(parameter: &str) -> Option<Vec<Listed>> {
    // The list ends at the first sentence end; what follows is other text.
    let list = parameter.split(". ").next().unwrap_or("").trim();
    let list = list.trim_end_matches('.').trim();
    if list.is_empty() || list.contains('"') || list.contains('\u{201c}') {
        return None;
    }
    let mut unique_kind: Option<bool> = None;
    let mut entries = Vec::new();
    let normalised = list.replace(", and ", ", ").replace(", or ", ", ");
    for part in normalised.split(", ") {
        for item in part.split(" and ").flat_map(|p| p.split(" or ")) {
            let item = item.trim();
            if item.is_empty() {
                continue;
            }
            let lower = item.to_ascii_lowercase();
            let kind = if let Some(rest) = lower.strip_prefix("any unique ") {
                unique_kind = Some(true);
                Some((true, &item[item.len() - rest.len()..]))
            } else if let Some(rest) = lower.strip_prefix("any ") {
                unique_kind = Some(false);
                Some((false, &item[item.len() - rest.len()..]))
            } else {
                // After "Any unique Agent, ..." every item is a kind of the same sort.
                unique_kind.map(|unique| (unique, item))
            };
            entries.push(match kind {
                Some((unique, words)) => kind_entry(unique, words)?,
                None => Listed::Name(item.trim_start_matches("the ").to_string()),
            });
        }
    }
    (!entries.is_empty()).then_some(entries)
}

fn kind_entry(unique: bool, words: &str) -> Option<Listed> {
    let lower = words.to_ascii_lowercase();
    if lower.contains(" with ") || lower.starts_with("unit") || lower.starts_with("card") {
        return None;
    }
    let mut subtypes: Vec<String> = words.split_whitespace().map(str::to_string).collect();
    let character = subtypes.last().is_some_and(|w| w == "Character");
    if character {
        subtypes.pop();
    }
    Some(Listed::Kind {
        unique,
        subtypes,
        character,
    })
}

/// Whether two unique names (without versions) name the same unit (game 3.5.5): the ruleset's
/// names of one unit (OQ-4, `same_unit_names`), as the host's `rule` gives them; a host that
/// doesn't give them has the default table.
fn same_unit(a: &str, b: &str) -> bool {
    use swtcg_sdk::names;
    match host::rule(names::SAME_UNIT_NAMES_RULE) {
        Some(answer) => names::same_unit(&names::decode_same_unit_names(&answer), a, b),
        None => names::same_unit(names::DEFAULT_SAME_UNIT_NAMES, a, b),
    }
}

/// A card's name without its version: "Din Djarin (C)" is "Din Djarin".
fn unique_name(name: &str) -> &str {
    let mut name = name.trim();
    for _ in 0..2 {
        if let Some(open) = name.rfind(" (")
            && name.ends_with(')')
        {
            name = &name[..open];
        }
    }
    name
}

/// Whether the card's subtypes contain the listed words as a run of whole subtypes ("Lost
/// Tribe Sith" matches Lost, Tribe, Sith; "Jedi" does not match "Jedi Knight").
fn has_subtypes(card: &CardView, words: &[String]) -> bool {
    if words.is_empty() {
        return true;
    }
    let wanted = words.join(" ").to_ascii_lowercase();
    (0..card.subtypes.len()).any(|start| {
        (start + 1..=card.subtypes.len())
            .any(|end| card.subtypes[start..end].join(" ").to_ascii_lowercase() == wanted)
    })
}

fn matches(entry: &Listed, card: &CardView) -> bool {
    match entry {
        Listed::Name(name) => same_unit(unique_name(&card.name), name),
        Listed::Kind {
            unique,
            subtypes,
            character,
        } => {
            (!unique || card.unique)
                && (!character || card.arenas.contains(&Arena::Character))
                && has_subtypes(card, subtypes)
        }
    }
}

impl Keyword for Stack {
    fn stacks_under(ability: Ability, card: CardView) -> bool {
        read(&ability.parameter).is_some_and(|list| list.iter().any(|e| matches(e, &card)))
    }

    fn understands(ability: Ability) -> bool {
        read(&ability.parameter).is_some()
    }
}

swtcg_sdk::export_keyword!(Stack);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_unit_under_another_name() {
        assert!(same_unit("Queen Amidala", "Padmé Amidala"));
        assert!(same_unit("padme amidala", "Padme Amidala"));
        assert!(same_unit("Beru Whitesun", "Beru Lars"));
        assert!(!same_unit("Beru Lars", "Owen Lars"));
        assert!(!same_unit("Queen Amidala", "Beru Lars"));
    }

    #[test]
    fn lists_are_read() {
        assert_eq!(
            read("Din Djarin and Grogu."),
            Some(vec![
                Listed::Name("Din Djarin".into()),
                Listed::Name("Grogu".into())
            ])
        );
        assert_eq!(
            read("Boba Fett, Din Djarin, and any Tatooine Character."),
            Some(vec![
                Listed::Name("Boba Fett".into()),
                Listed::Name("Din Djarin".into()),
                Listed::Kind {
                    unique: false,
                    subtypes: vec!["Tatooine".into()],
                    character: true
                }
            ])
        );
        assert_eq!(
            read("Any unique Apprentice, Assassin, and Bounty Hunter.").map(|l| l.len()),
            Some(3)
        );
        assert_eq!(
            read("Any unique Character with the same expansion symbol as X."),
            None
        );
        assert_eq!(
            read("Any unique unit with \"Force in its game text or subtype."),
            None
        );
    }
}
