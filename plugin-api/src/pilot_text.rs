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
    for item in items {
        // A list entry's closing period is the list's punctuation, not the ability's ("*
        // Critical Hit 2." grants "Critical Hit 2"); quotes around a single grant go too,
        // before or after that period ('* "Pay 1 Force -> Retaliate 2".').
        let item = item
            .trim()
            .trim_end_matches('.')
            .trim()
            .trim_matches(['"', '\u{201c}', '\u{201d}'])
            .trim()
            .trim_end_matches('.')
            .trim();
        if item.is_empty() {
            continue;
        }
        match stat_item(item) {
            Some(s) => {
                stats.speed += s.speed;
                stats.power += s.power;
                stats.health += s.health;
            }
            None => grants.push(item.to_string()),
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
        assert!(biggs.grants[0].starts_with("Discard this Starfighter"));

        let jango = parse(
            "Gunship, Patrol Ship, and Transport Pilot. The Gunship, Patrol Ship, or Transport \
             gets: *+20 speed *Damage Control 1",
        )
        .unwrap();
        assert_eq!(jango.subtypes, ["Gunship", "Patrol Ship", "Transport"]);
        assert!(parse("Pilot text").is_none());
    }
}
