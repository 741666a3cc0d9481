//! How a scenario's `use` act names one of a unit's abilities (FORMAT.md, "Abilities are written
//! as printed"): by its text as printed, by enough of the text's start to be unambiguous, or by
//! its keyword when only one of the unit's abilities has that keyword; never by the name of the
//! card plugin that carries the ability out.

/// One ability of a unit, as a name is matched against it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Known<'a> {
    /// The text as printed (or as granted: "Velocity 20" armed for a battle step).
    pub text: &'a str,
    /// The keyword the ability is, spelled as in the keyword list; `None` for card text.
    pub keyword: Option<&'a str>,
    /// For card text, the name of the card plugin that carries it out, if it is known.
    pub card_plugin: Option<&'a str>,
}

/// How a name matched an ability.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum By {
    /// The whole text.
    Text,
    /// The keyword the ability is.
    Keyword,
    /// The start of the text.
    Start,
}

/// The ability text a name stands for among `abilities`, and how it matched: `Ok(None)` when it
/// names none of them, an error saying why when it names several or names a card plugin instead
/// of the text.
///
/// The whole text wins over a keyword, and a keyword over the start of a text, so that
/// `"Retaliate 2"` names that ability even if the unit also has `"Pay 0 Force -> Retaliate 2"`,
/// and `"Evade"` names the one Evade ability of a unit whose other text starts with "Evade".
pub(super) fn named<'a>(
    wanted: &str,
    abilities: &[Known<'a>],
) -> Result<Option<(&'a str, By)>, String> {
    let want = normalize(wanted);
    if want.is_empty() {
        return Ok(None);
    }
    let distinct = |matching: &dyn Fn(&Known) -> bool| {
        let mut texts: Vec<&'a str> = Vec::new();
        for ability in abilities.iter().filter(|a| matching(a)) {
            if !texts
                .iter()
                .any(|t| normalize(t) == normalize(ability.text))
            {
                texts.push(ability.text);
            }
        }
        texts
    };
    if let Some(text) = distinct(&|a| normalize(a.text) == want).first() {
        return Ok(Some((text, By::Text)));
    }
    match distinct(&|a| a.keyword.is_some_and(|k| normalize(k) == want)).as_slice() {
        [] => {}
        [text] => return Ok(Some((text, By::Keyword))),
        several => {
            return Err(format!(
                "\"{}\" is the keyword of more than one of its abilities ({}): write the one meant \
                 as printed",
                wanted.trim(),
                quoted(several)
            ));
        }
    }
    match distinct(&|a| normalize(a.text).starts_with(&want)).as_slice() {
        [] => {}
        [text] => return Ok(Some((text, By::Start))),
        several => {
            return Err(format!(
                "\"{}\" is the start of more than one of its abilities ({}): write more of the \
                 one meant",
                wanted.trim(),
                quoted(several)
            ));
        }
    }
    if let Some(ability) = abilities
        .iter()
        .find(|a| a.card_plugin.is_some_and(|p| normalize(p) == want))
    {
        return Err(format!(
            "\"{}\" is the name of the card plugin that carries out \"{}\", not an ability as \
             printed: write the printed text",
            wanted.trim(),
            ability.text
        ));
    }
    Ok(None)
}

/// The abilities' distinct texts, quoted and joined for a message; "none" for no abilities.
pub(super) fn listed(abilities: &[Known]) -> String {
    let mut texts: Vec<&str> = Vec::new();
    for ability in abilities {
        if !texts
            .iter()
            .any(|t| normalize(t) == normalize(ability.text))
        {
            texts.push(ability.text);
        }
    }
    if texts.is_empty() {
        "none".to_string()
    } else {
        quoted(&texts)
    }
}

fn quoted(texts: &[&str]) -> String {
    texts
        .iter()
        .map(|t| format!("\"{t}\""))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A text as compared: case, runs of white space and the curly apostrophe of some printings do
/// not matter.
pub(super) fn normalize(text: &str) -> String {
    text.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .replace('\u{2019}', "'")
        .to_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    const LUKE: [Known; 3] = [
        Known {
            text: "Pay 2 Force -> Evade 1",
            keyword: Some("Evade"),
            card_plugin: None,
        },
        Known {
            text: "Pay 2 Force -> Luke gets +20 speed until the end of turn.",
            keyword: None,
            card_plugin: Some("Force boost card text"),
        },
        Known {
            text: "Armor",
            keyword: Some("Armor"),
            card_plugin: None,
        },
    ];

    #[test]
    fn a_card_ability_is_named_by_its_printed_text_or_its_start() {
        let speed = LUKE[1].text;
        assert_eq!(named(speed, &LUKE), Ok(Some((speed, By::Text))));
        assert_eq!(
            named("pay 2 force ->  LUKE gets", &LUKE),
            Ok(Some((speed, By::Start)))
        );
        let evade = LUKE[0].text;
        assert_eq!(named("Evade", &LUKE), Ok(Some((evade, By::Keyword))));
        assert_eq!(named(evade, &LUKE), Ok(Some((evade, By::Text))));
    }

    #[test]
    fn a_start_of_two_texts_is_ambiguous_and_names_both() {
        let error = named("Pay 2 Force", &LUKE).unwrap_err();
        assert!(error.contains("start of more than one"), "{error}");
        assert!(
            error.contains(LUKE[0].text) && error.contains(LUKE[1].text),
            "{error}"
        );
    }

    #[test]
    fn a_card_plugin_name_is_refused_naming_the_printed_text() {
        let error = named("Force boost card text", &LUKE).unwrap_err();
        assert!(
            error.contains("card plugin") && error.contains(LUKE[1].text),
            "{error}"
        );
    }

    #[test]
    fn an_unknown_name_names_nothing() {
        assert_eq!(named("Juggle", &LUKE), Ok(None));
        assert_eq!(named("Evade 1", &LUKE), Ok(None));
        assert_eq!(
            listed(&LUKE[..2]),
            format!("\"{}\", \"{}\"", LUKE[0].text, LUKE[1].text)
        );
    }

    #[test]
    fn a_whole_text_wins_over_a_keyword_and_a_keyword_over_a_start() {
        let guard = [
            Known {
                text: "Retaliate 2",
                keyword: Some("Retaliate"),
                card_plugin: None,
            },
            Known {
                text: "Pay 0 Force -> Retaliate 2",
                keyword: Some("Retaliate"),
                card_plugin: None,
            },
        ];
        assert_eq!(
            named("Retaliate 2", &guard),
            Ok(Some(("Retaliate 2", By::Text)))
        );
        let error = named("Retaliate", &guard).unwrap_err();
        assert!(error.contains("keyword of more than one"), "{error}");
        let evasive = [
            Known {
                text: "Evade 1",
                keyword: Some("Evade"),
                card_plugin: None,
            },
            Known {
                text: "Evade attacks when tapped.",
                keyword: None,
                card_plugin: Some("x"),
            },
        ];
        assert_eq!(named("Evade", &evasive), Ok(Some(("Evade 1", By::Keyword))));
    }
}
