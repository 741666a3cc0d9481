//! Names of one unit (game 3.5.5, OQ-4): the ruleset's groups of different names that count as
//! the same unit for uniqueness and stacking, how they compare, and the form in which the host's
//! `rule` function hands them to plugins (Stack), so that the engine and the plugins read one
//! table.

/// OQ-4's default: the two pairs the WotC list confirms.
pub const DEFAULT_SAME_UNIT_NAMES: &[&[&str]] = &[
    &["Beru Lars", "Beru Whitesun"],
    &["Padmé Amidala", "Queen Amidala"],
];

/// The name under which the host's `rule` function answers the ruleset's `same_unit_names`,
/// in the form of [`encode_same_unit_names`].
pub const SAME_UNIT_NAMES_RULE: &str = "same-unit-names";

/// Whether two names are the same name, without regard to case or accents ("Padmé Amidala" is
/// spelt "Padme Amidala" in the card database).
pub fn same_name(a: &str, b: &str) -> bool {
    let (a, b) = (a.trim(), b.trim());
    a.chars().count() == b.chars().count()
        && a.chars().zip(b.chars()).all(|(x, y)| fold(x) == fold(y))
}

/// A letter for comparing names: lower case, accents dropped.
fn fold(c: char) -> char {
    match c {
        'á' | 'à' | 'â' | 'ä' | 'Á' | 'À' | 'Â' | 'Ä' => 'a',
        'é' | 'è' | 'ê' | 'ë' | 'É' | 'È' | 'Ê' | 'Ë' => 'e',
        'í' | 'ì' | 'î' | 'ï' | 'Í' | 'Ì' | 'Î' | 'Ï' => 'i',
        'ó' | 'ò' | 'ô' | 'ö' | 'Ó' | 'Ò' | 'Ô' | 'Ö' => 'o',
        'ú' | 'ù' | 'û' | 'ü' | 'Ú' | 'Ù' | 'Û' | 'Ü' => 'u',
        c => c.to_ascii_lowercase(),
    }
}

/// Whether two unique names (without versions) name the same unit: the same name, or two names
/// of one group.
pub fn same_unit<G: AsRef<[N]>, N: AsRef<str>>(groups: &[G], a: &str, b: &str) -> bool {
    same_name(a, b)
        || groups.iter().any(|group| {
            let group = group.as_ref();
            group.iter().any(|n| same_name(n.as_ref(), a))
                && group.iter().any(|n| same_name(n.as_ref(), b))
        })
}

/// The groups as one `rule` answer: names joined by `|`, groups by `;` (no card name holds
/// either).
pub fn encode_same_unit_names<G: AsRef<[N]>, N: AsRef<str>>(groups: &[G]) -> String {
    groups
        .iter()
        .map(|group| {
            group
                .as_ref()
                .iter()
                .map(|n| n.as_ref().trim())
                .collect::<Vec<_>>()
                .join("|")
        })
        .collect::<Vec<_>>()
        .join(";")
}

/// The groups of a `rule` answer in the form of [`encode_same_unit_names`].
pub fn decode_same_unit_names(answer: &str) -> Vec<Vec<String>> {
    answer
        .split(';')
        .map(|group| {
            group
                .split('|')
                .map(str::trim)
                .filter(|n| !n.is_empty())
                .map(String::from)
                .collect::<Vec<_>>()
        })
        .filter(|group| !group.is_empty())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_compare_without_case_or_accents() {
        assert!(same_name("Padmé Amidala", "padme amidala"));
        assert!(!same_name("Padme Amidala", "Padme Amidal"));
        assert!(!same_name("Beru Lars", "Owen Lars"));
    }

    #[test]
    fn a_group_makes_two_names_one_unit() {
        let groups = DEFAULT_SAME_UNIT_NAMES;
        assert!(same_unit(groups, "Queen Amidala", "Padme Amidala"));
        assert!(same_unit(groups, "Beru Whitesun", "Beru Lars"));
        assert!(same_unit(groups, "Jawa", "jawa"));
        assert!(!same_unit(groups, "Queen Amidala", "Beru Lars"));
        let none: &[&[&str]] = &[];
        assert!(!same_unit(none, "Queen Amidala", "Padme Amidala"));
    }

    #[test]
    fn the_rule_answer_round_trips() {
        let answer = encode_same_unit_names(DEFAULT_SAME_UNIT_NAMES);
        assert_eq!(
            answer,
            "Beru Lars|Beru Whitesun;Padmé Amidala|Queen Amidala"
        );
        let groups = decode_same_unit_names(&answer);
        assert_eq!(groups.len(), 2);
        assert!(same_unit(&groups, "Queen Amidala", "Padme Amidala"));
        assert!(decode_same_unit_names("").is_empty());
    }
}
