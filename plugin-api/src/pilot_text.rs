//! Reading a Pilot ability's text (game 12, keywords.md Pilot): "<subtypes> Pilot. The
//! <subtypes> gets: * <item> * <item>", the subtypes it may pilot, the listed stat changes and
//! the other listed items, which it grants. The Pilot plugin carries the text out by this
//! reading, and `cards coverage` checks the items granted by it.

use crate::types::Stats;

/// A Pilot ability taken apart.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PilotText {
    /// The subtypes it may pilot, each a phrase of one or more words ("Capital Ship").
    pub subtypes: Vec<String>,
    /// The listed speed, power and health changes, summed.
    pub stats: Stats,
    /// The other listed items, as printed.
    pub grants: Vec<String>,
}

/// Splits "Speeder, Starfighter, or Transport" and "Creature and Speeder" into their phrases.
fn phrases(list: &str) -> Vec<String> {
    list.split(',')
        .flat_map(|part| part.split(" and "))
        .flat_map(|part| part.split(" or "))
        .map(|part| {
            let part = part.trim();
            let part = part
                .strip_prefix("and ")
                .or_else(|| part.strip_prefix("or "))
                .unwrap_or(part);
            part.trim().to_string()
        })
        .filter(|part| !part.is_empty())
        .collect()
}

/// Reads a stat item such as "+20 speed", "+3 Power" or "+10 speed and +1 health"; `None` when
/// the item is anything else (an ability).
fn stat_item(item: &str) -> Option<Stats> {
    let mut stats = Stats {
        speed: 0,
        power: 0,
        health: 0,
    };
    let text = item.trim().trim_end_matches('.');
    for part in text.split(" and ").flat_map(|p| p.split(',')) {
        let mut words = part.split_whitespace();
        let amount = words.next()?;
        let stat = words.next()?;
        if words.next().is_some() || !amount.starts_with(['+', '-']) {
            return None;
        }
        let amount: i32 = amount.parse().ok()?;
        match stat.to_ascii_lowercase().as_str() {
            "speed" => stats.speed += amount,
            "power" => stats.power += amount,
            "health" => stats.health += amount,
            _ => return None,
        }
    }
    Some(stats)
}

/// Finds `needle` in `haystack` ignoring ASCII case, returning its byte position.
fn find_ignore_case(haystack: &str, needle: &str) -> Option<usize> {
    haystack
        .to_ascii_lowercase()
        .find(&needle.to_ascii_lowercase())
}

/// The items of a list printed with dashes ("- +20 speed. - Lucky 2", "-+20 speed -Fury 2", the
/// TAL rows): a dash at the start or after a space begins an item, unless an arrow ("->") or a
/// negative number ("gets -2 power") follows it.
fn dash_items(list: &str) -> Vec<&str> {
    let bytes = list.as_bytes();
    let mut items = Vec::new();
    let mut start = None;
    for (at, &b) in bytes.iter().enumerate() {
        let after_space = at == 0 || bytes[at - 1].is_ascii_whitespace();
        let next = bytes.get(at + 1).copied();
        let begins =
            b == b'-' && after_space && !next.is_some_and(|n| n == b'>' || n.is_ascii_digit());
        if begins {
            if let Some(from) = start {
                items.push(&list[from..at]);
            }
            start = Some(at + 1);
        }
    }
    if let Some(from) = start {
        items.push(&list[from..]);
    }
    items
}

/// An item without the list's punctuation: a list entry's closing period or comma is the
/// list's, not the ability's ("* Critical Hit 2." grants "Critical Hit 2", "*+20 speed, *"),
/// and quotes around a single grant go too, before or after that period ('* "Pay 1 Force ->
/// Retaliate 2".', JG's single quotes: "gets 'This Patrol Ship may attack ...'").
fn unquoted(item: &str) -> &str {
    let item = item.trim().trim_end_matches(['.', ',']).trim();
    let item = item.trim_matches(['"', '\u{201c}', '\u{201d}']).trim();
    let item = match item.strip_prefix('\'').and_then(|i| i.strip_suffix('\'')) {
        Some(inner) => inner.trim(),
        None => item,
    };
    item.trim_end_matches(['.', ',']).trim()
}

/// A list printed on one line without stars, "gets Accuracy 1 and Lucky 2" (ROTJ Lando
/// Calrissian (I)): keywords joined by "and", each an item of its own. An item is split only
/// when every part is a short phrase with a capital (a keyword and its number), so that "+10
/// speed and +1 health" and "... and draw a card" stay whole.
fn keywords_of_one_line(item: &str) -> Vec<&str> {
    let parts: Vec<&str> = item.trim().trim_end_matches('.').split(" and ").collect();
    if parts.len() > 1 && parts.iter().all(|part| keyword_like(part)) {
        parts
    } else {
        vec![item]
    }
}

/// Words a sentence starts with, never a keyword's name.
const SENTENCE_STARTS: [&str; 11] = [
    "This", "Each", "Your", "When", "Whenever", "If", "As", "All", "Other", "Pay", "Tap",
];

/// Whether a phrase may be a keyword and its number ("Lucky 2", "Critical Hit 4"): one to three
/// words, the first with a capital and no word a sentence starts with.
fn keyword_like(phrase: &str) -> bool {
    let words: Vec<&str> = phrase.split_whitespace().collect();
    (1..=3).contains(&words.len())
        && words[0].starts_with(|c: char| c.is_ascii_uppercase())
        && !SENTENCE_STARTS.contains(&words[0])
}

/// An item granted to the piloted unit, as that unit's own text: the piloted unit named by its
/// subtype ("Retreat this Starfighter", "if the Starfighter has 1 or more damage counters") is
/// "this unit", and an item printed as what the unit gets under a condition ("+3 power as long
/// as it's using Bombard ...", "Critical Hit 4 as long as it's attacking an Assault Walker",
/// "+1 health for each card in Daragon Family's stack") says that it gets it.
fn granted_text(item: &str, subtypes: &[String]) -> String {
    let mut text = item.to_string();
    for subtype in subtypes {
        for article in ["this", "the"] {
            text = unit_for_phrase(&text, &format!("{article} {subtype}"));
        }
    }
    if gets_under_condition(&text) {
        text = format!("This unit gets {text}");
    }
    text
}

/// `text` with every whole-word `phrase` (ignoring ASCII case) made "this unit", "This unit"
/// where the phrase starts with a capital.
fn unit_for_phrase(text: &str, phrase: &str) -> String {
    let lower = text.to_ascii_lowercase();
    let mut out = String::with_capacity(text.len());
    let mut last = 0;
    for (at, _) in lower.match_indices(&phrase.to_ascii_lowercase()) {
        let end = at + phrase.len();
        let before = text[..at].chars().next_back();
        let after = text[end..].chars().next();
        // Matches never overlap; one inside a longer word is left.
        if before.is_some_and(char::is_alphanumeric) || after.is_some_and(char::is_alphanumeric) {
            continue;
        }
        out.push_str(&text[last..at]);
        let capital = text[at..].starts_with(|c: char| c.is_ascii_uppercase());
        out.push_str(if capital { "This unit" } else { "this unit" });
        last = end;
    }
    out.push_str(&text[last..]);
    out
}

/// Whether an item is what the unit gets, printed without "This unit gets": a stat change
/// with more words than a plain one, or a keyword (a short phrase with a capital) "as long as"
/// something is so.
fn gets_under_condition(item: &str) -> bool {
    let first = item.chars().next();
    if first.is_some_and(|c| c == '+' || c == '-') {
        return item.split_whitespace().nth(1).is_some_and(|stat| {
            ["power", "health", "speed"].contains(&stat.to_ascii_lowercase().as_str())
        });
    }
    item.find(" as long as ")
        .is_some_and(|at| keyword_like(&item[..at]))
}

/// The items a printed Pilot ability ("[Pilot] Starfighter Pilot. The Starfighter gets: ...",
/// the marker the importer writes) grants the unit it pilots, as that unit's texts; none for any
/// other text.
pub fn granted_by(text: &str) -> Option<Vec<String>> {
    text.trim()
        .strip_prefix("[Pilot]")
        .and_then(parse)
        .map(|pilot| pilot.grants)
}

/// Parses what follows "[Pilot]": "<subtypes> Pilot. The <subtypes> gets[:.] <items>", the
/// items separated by "*" or a single one ("The Starfighter gets Stun 3.").
pub fn parse(parameter: &str) -> Option<PilotText> {
    let text = parameter.trim();
    let head_end = find_ignore_case(text, " Pilot.")?;
    let mut subtypes = phrases(&text[..head_end]);
    let rest = &text[head_end + " Pilot.".len()..];
    let gets = find_ignore_case(rest, " gets")?;
    // The subject before "gets" names the subtypes again ("The Speeder or Transport"); it is
    // read too, so that a misprint in the first list ("Capitol Ship") still finds its unit.
    let subject = &rest[..gets];
    let lower = subject.to_ascii_lowercase();
    let start = ["the ", "this "]
        .iter()
        .filter_map(|article| lower.rfind(article).map(|i| i + article.len()))
        .max()
        .unwrap_or(0);
    for phrase in phrases(&subject[start..]) {
        if !subtypes.iter().any(|s| s.eq_ignore_ascii_case(&phrase)) {
            subtypes.push(phrase);
        }
    }
    if subtypes.is_empty() {
        return None;
    }
    let list = rest[gets + " gets".len()..].trim_start_matches([':', '.', ' ']);
    let items: Vec<&str> = if list.contains('*') {
        list.split('*').collect()
    } else if list.starts_with('-') {
        dash_items(list)
    } else {
        vec![list]
    };
    let mut stats = Stats {
        speed: 0,
        power: 0,
        health: 0,
    };
    let mut grants = Vec::new();
    for item in items.into_iter().flat_map(keywords_of_one_line) {
        let item = unquoted(item);
        if item.is_empty() {
            continue;
        }
        match stat_item(item) {
            Some(s) => {
                stats.speed += s.speed;
                stats.power += s.power;
                stats.health += s.health;
            }
            None => grants.push(granted_text(item, &subtypes)),
        }
    }
    Some(PilotText {
        subtypes,
        stats,
        grants,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_quoted_item_loses_its_quotes_and_period() {
        // BOY Jek Porkins (A).
        let jek =
            parse("Starfighter Pilot. The Starfighter gets: * \"Pay 1 Force -> Retaliate 2\".")
                .unwrap();
        assert_eq!(jek.grants, ["Pay 1 Force -> Retaliate 2"]);
    }

    #[test]
    fn keywords_on_one_line_are_items_of_their_own() {
        // ROTJ Lando Calrissian (I).
        let lando = parse(
            "Starfighter and transport Pilot. The Starfighter or Transport gets Accuracy 1 and \
             Lucky 2",
        )
        .unwrap();
        assert_eq!(lando.grants, ["Accuracy 1", "Lucky 2"]);
        // A sentence with "and" stays whole.
        let whole =
            parse("Speeder Pilot. The Speeder gets: * Pay 1 Force -> Evade 1 and draw").unwrap();
        assert_eq!(whole.grants, ["Pay 1 Force -> Evade 1 and draw"]);
    }

    #[test]
    fn the_piloted_unit_named_by_its_subtype_is_this_unit() {
        // ANH Wedge Antilles (A).
        let wedge = parse(
            "Starfighter Pilot. The Starfighter gets: * +20 speed. * +2 power. * Pay 1 Force -> \
             Retreat this Starfighter. Play only if no unit is attacking and only if the \
             Starfighter has 1 or more damage counters on it.",
        )
        .unwrap();
        assert_eq!(
            wedge.grants,
            [
                "Pay 1 Force -> Retreat this unit. Play only if no unit is attacking and only if \
                 this unit has 1 or more damage counters on it"
            ]
        );
        // JG Boba Fett (B): in single quotes; "this Patrol Ship" at the start of a sentence.
        let boba = parse(
            "Patrol Ship Pilot. the Patrol Ship gets 'This Patrol Ship may attack a unit in the \
             Character arena.'",
        )
        .unwrap();
        assert_eq!(
            boba.grants,
            ["This unit may attack a unit in the Character arena"]
        );
        // "Starfighters" is another word.
        let other = parse(
            "Starfighter Pilot. The Starfighter gets: * Each of the Starfighters gets Lucky 1",
        )
        .unwrap();
        assert_eq!(other.grants, ["Each of the Starfighters gets Lucky 1"]);
    }

    #[test]
    fn what_the_unit_gets_under_a_condition_says_it_gets_it() {
        // ESB Lieutenant Wes Janson (A), TIE Bomber Pilot; TMW The Mythrol (B)'s comma.
        let wes = parse(
            "Speeder Pilot. The Speeder gets Critical Hit 4 as long as it's attacking an Assault \
             Walker.",
        )
        .unwrap();
        assert_eq!(
            wes.grants,
            ["This unit gets Critical Hit 4 as long as it's attacking an Assault Walker"]
        );
        let bomber = parse(
            "Starfighter Pilot. The Starfighter gets +3 power as long as it's using Bombard to \
             attack a Ground unit.",
        )
        .unwrap();
        assert_eq!(
            bomber.grants,
            ["This unit gets +3 power as long as it's using Bombard to attack a Ground unit"]
        );
        let mythrol = parse("Speeder Pilot. The Speeder gets: * +20 speed, * Lucky 1").unwrap();
        assert_eq!((mythrol.stats.speed, mythrol.grants.len()), (20, 1));
    }

    #[test]
    fn items_listed_with_dashes_are_read() {
        // TAL Oss Wilum (A), Adari Vaal (A).
        let oss = parse(
            "Starfighter Pilot. The Starfighter gets:   -+20 speed  - Lucky 2   - Pay 1 Force -> Intercept",
        )
        .unwrap();
        assert_eq!(oss.stats.speed, 20);
        assert_eq!(oss.grants, ["Lucky 2", "Pay 1 Force -> Intercept"]);
        let adari = parse(
            "Creature Pilot. The Creature gets:   - +20 speed.   - Each Sith gets -2 power when attacking this unit.",
        )
        .unwrap();
        assert_eq!(
            adari.grants,
            ["Each Sith gets -2 power when attacking this unit"]
        );
    }

    #[test]
    fn printed_pilot_texts_are_read() {
        let elite =
            parse("Starfighter Pilot. The Starfighter gets: * +20 speed. * Critical Hit 2.")
                .unwrap();
        assert_eq!(elite.subtypes, ["Starfighter"]);
        assert_eq!((elite.stats.speed, elite.stats.power), (20, 0));
        assert_eq!(elite.grants, ["Critical Hit 2"]);

        let helmsman = parse("Capital Ship Pilot. The Capital Ship gets +20 Speed.").unwrap();
        assert_eq!(helmsman.stats.speed, 20);
        assert!(helmsman.grants.is_empty());

        let griss = parse("Capitol Ship Pilot. The Capital Ship gets: * +10 speed *Critical hit 1")
            .unwrap();
        assert_eq!(griss.subtypes, ["Capitol Ship", "Capital Ship"]);

        let komari = parse(
            "Creature and Cultist Pilot. The Creature and Cultist Pilot. The Creature or Cultist \
             gets: *+2 Power *Ferocity *Overkill",
        )
        .unwrap();
        assert_eq!(komari.subtypes, ["Creature", "Cultist"]);
        assert_eq!(komari.stats.power, 2);
        assert_eq!(komari.grants, ["Ferocity", "Overkill"]);

        let mod_bike = parse("Cyborg Pilot. The Cyborg gets: *+10 speed and +1 health").unwrap();
        assert_eq!((mod_bike.stats.speed, mod_bike.stats.health), (10, 1));

        let biggs = parse(
            "Starfighter Pilot. This Starfighter gets \"Discard this Starfighter and Biggs from \
             the Space arena -> Prevent all damage to one of your other space units.\"",
        )
        .unwrap();
        assert_eq!(biggs.grants.len(), 1);
        assert!(biggs.grants[0].starts_with("Discard this unit and Biggs"));

        let jango = parse(
            "Gunship, Patrol Ship, and Transport Pilot. The Gunship, Patrol Ship, or Transport \
             gets: *+20 speed *Damage Control 1",
        )
        .unwrap();
        assert_eq!(jango.subtypes, ["Gunship", "Patrol Ship", "Transport"]);
        assert!(parse("Pilot text").is_none());
    }
}
