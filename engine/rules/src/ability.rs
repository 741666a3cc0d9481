//! The ability-text parser: splits a printed ability into its cost and effect and names the
//! keyword it uses, so that each keyword can be handed to the plugin that implements it.

/// A printed ability, taken apart.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParsedAbility {
    /// The text as printed.
    pub text: String,
    /// The activation cost before the arrow ("Pay 2 Force" in "Pay 2 Force -> Evade 2").
    pub cost: Option<String>,
    /// The keyword the effect starts with, spelled as in the keyword list; `None` for card text.
    pub keyword: Option<String>,
    /// What follows the keyword: its X, its cost list or its granted effects.
    pub parameter: String,
    /// Whether the parameter is at most an amount ("2", "-1", "X+1"); keywords whose manifest
    /// says their parameter is a number or nothing accept only such abilities.
    pub plain: bool,
}

impl ParsedAbility {
    /// Whether a keyword with this manifest parameter shape reads this ability: a number or
    /// nothing must be plain; costs, effects and free text may be anything.
    pub fn fits(&self, shape: crate::manifest::ParameterShape) -> bool {
        use crate::manifest::ParameterShape as S;
        self.plain || !matches!(shape, S::None | S::Number)
    }
}

/// How a Pilot ability is printed: "[Pilot] Starfighter Pilot. The Starfighter gets: ...".
pub const PILOT_PREFIX: &str = "[Pilot]";

/// Parses one printed ability against the known keyword names (from the bundled keyword list
/// and the loaded plugins). Card text that starts with no keyword has `keyword: None`.
pub fn parse_ability(text: &str, keywords: &[String]) -> ParsedAbility {
    let text = text.trim();
    // "INSERT: ...", "Switch: ...", "Upkeep: ..." wrap everything after the colon, arrows included.
    if let Some(keyword) = leading_keyword(text, keywords)
        && text[keyword.len()..].starts_with(':')
    {
        let parameter = text[keyword.len() + 1..].trim().to_string();
        return ParsedAbility {
            text: text.into(),
            cost: None,
            keyword: Some(keyword.clone()),
            parameter,
            plain: true,
        };
    }
    // "[Pilot] ..." is Pilot whatever arrows the abilities it grants hold.
    if let Some(head) = text.get(..PILOT_PREFIX.len())
        && head.eq_ignore_ascii_case(PILOT_PREFIX)
    {
        return ParsedAbility {
            text: text.into(),
            cost: None,
            keyword: Some("Pilot".into()),
            parameter: text[PILOT_PREFIX.len()..].trim().into(),
            plain: true,
        };
    }
    let (cost, effect) = match swtcg_plugin_api::text::split_at_arrow(text) {
        Some((cost, effect)) => (Some(cost.trim().to_string()), effect.trim()),
        None => (None, text),
    };
    // A keyword counts only after a plain cost: "As long as ..., X gets "Pay 2 Force -> Evade 2""
    // is card text. Whether what follows the keyword fits is the keyword's own grammar (`fits`):
    // "Evade X, where X is ..." is card text for Evade, "Redirect to a Crime unit" is Redirect's.
    let keyword =
        leading_keyword(effect, keywords).filter(|_| cost.as_deref().is_none_or(plain_cost));
    // "Evade 2 (Prevent up to 2 damage to this unit.)": a keyword printed with its reminder
    // text, which says nothing more than the keyword (the Jedi Guardians files print it).
    let effect = match keyword {
        Some(k) => without_reminder(effect, k.len()),
        None => effect,
    };
    let plain = keyword.is_none_or(|k| plain_parameter(effect.get(k.len()..).unwrap_or("")));
    let keyword = keyword.cloned();
    let parameter = match &keyword {
        Some(k) => effect[k.len()..]
            .trim_start_matches([':', ' '])
            .trim()
            .to_string(),
        None => effect.to_string(),
    };
    // "Critical Hit 2." ends its sentence: the amount is "2".
    let parameter = if keyword.is_some() && plain {
        parameter.trim_end_matches('.').trim_end().to_string()
    } else {
        parameter
    };
    ParsedAbility {
        text: text.into(),
        cost,
        keyword,
        parameter,
        plain,
    }
}

/// `effect` without a reminder in parentheses that follows its keyword (`keyword_len` bytes) and
/// amount and ends the text ("Overkill (When this unit attacks, ...)."), else `effect` itself.
fn without_reminder(effect: &str, keyword_len: usize) -> &str {
    let rest = &effect[keyword_len..];
    let Some(open) = rest.find('(') else {
        return effect;
    };
    let closes_the_text = rest
        .trim_end()
        .trim_end_matches('.')
        .trim_end()
        .ends_with(')');
    let amount = &rest[..open];
    if closes_the_text && rest[open..].matches('(').count() == 1 && plain_parameter(amount) {
        effect[..keyword_len + open].trim_end()
    } else {
        effect
    }
}

/// Whether the text before an arrow reads like a cost rather than card text around a quoted or
/// conditional grant.
pub fn plain_cost(cost: &str) -> bool {
    const CONDITIONS: [&str; 8] = [
        "as long as",
        "when",
        "whenever",
        "each",
        "if",
        "at ",
        "choose",
        "during",
    ];
    let lower = cost.trim().to_ascii_lowercase();
    !cost.contains(['"', '\u{201c}', '\u{201d}', '*'])
        && !cost.trim_end_matches('.').contains(". ")
        && !CONDITIONS
            .iter()
            .any(|condition| lower.starts_with(condition))
}

/// Whether what follows a keyword is at most an amount ("2", "+1", "-1", "X", "X+1"), with an
/// optional final period and an optional ": text" ("Reduced Cost 2: If ...").
pub fn plain_parameter(rest: &str) -> bool {
    let amount = rest.split_once(':').map_or(rest, |(amount, _)| amount);
    let amount = amount.trim().trim_end_matches('.').trim();
    if amount.is_empty() {
        return true;
    }
    let digits = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_digit());
    let unsigned = amount.strip_prefix(['+', '-']).unwrap_or(amount);
    if digits(unsigned) {
        return true;
    }
    match unsigned.strip_prefix(['X', 'x']) {
        Some("") => true,
        Some(offset) => offset
            .strip_prefix(['+', '-'])
            .is_some_and(|number| digits(number.trim())),
        None => false,
    }
}

/// The longest keyword that `text` starts with, followed by the end or a separator.
fn leading_keyword<'k>(text: &str, keywords: &'k [String]) -> Option<&'k String> {
    let mut best: Option<&String> = None;
    for keyword in keywords {
        let Some(head) = text.get(..keyword.len()) else {
            continue;
        };
        let boundary = text[keyword.len()..]
            .chars()
            .next()
            .is_none_or(|c| matches!(c, ' ' | ':' | '.' | ','));
        if head.eq_ignore_ascii_case(keyword)
            && boundary
            && best.is_none_or(|b| keyword.len() > b.len())
        {
            best = Some(keyword);
        }
    }
    best
}
