//! Preparing a printed text for the grammar: the data's typography and typos made plain, reminder
//! text left out, and the card's own name replaced by `~`, so that the grammar reads "Vader gets
//! +1 power" on Darth Vader as it reads "this unit gets +1 power".

use swtcg_plugin_api::text::ARROWS;

/// The mark that stands for the card's own name in a prepared text.
pub const SELF: char = '~';

/// Words of a card's name that don't name it alone: titles and short words. "Darth Vader" is
/// called "Vader" in its text, never "Darth".
const TITLES: [&str; 17] = [
    "darth",
    "the",
    "of",
    "captain",
    "general",
    "admiral",
    "count",
    "lord",
    "master",
    "commander",
    "emperor",
    "jedi",
    "sith",
    "queen",
    "senator",
    "chancellor",
    "grand",
];

/// Words of the game that name cards too ("Retreat Underground", "Tyranus's Return", "In Search
/// of the Unknown"): as a single word they are the verb, never the card.
const GAME_WORDS: [&str; 44] = [
    "retreat",
    "return",
    "search",
    "move",
    "attack",
    "strike",
    "call",
    "gain",
    "draw",
    "pay",
    "tap",
    "untap",
    "discard",
    "choose",
    "prevent",
    "put",
    "remove",
    "deploy",
    "build",
    "take",
    // The game's nouns: "Grogu's Mind Force" is not named by "Pay 2 Force", nor "Space Slug" by
    // "the Space arena".
    "force",
    "power",
    "health",
    "speed",
    "damage",
    "counter",
    "unit",
    "units",
    "arena",
    "space",
    "ground",
    "character",
    "point",
    "points",
    "card",
    "cards",
    "hand",
    "deck",
    "battle",
    "step",
    "phase",
    "turn",
    "stack",
    "mission",
];

/// The text as the grammar reads it. `played` cards (Battle cards, Missions) are named in their
/// text by their whole name only ("To complete Plan of Attack, ..."); units by any word of it.
pub fn prepare(text: &str, name: &str) -> String {
    prepare_card(text, name, false)
}

/// [`prepare`] for a card that is played (`played`) or static.
pub fn prepare_card(text: &str, name: &str, played: bool) -> String {
    let plain = typography(text);
    let without_reminders = strip_reminders(&plain);
    let spaced = without_reminders
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    let mut spaced = spaced.replace(" .", ".").replace(" ,", ",");
    // "... during his or her draw step.." (ESB Bespin System): one period ends the text.
    while spaced.ends_with("..") {
        spaced.pop();
    }
    // "if this unit is the Character arena" (ANH Imperial Sentry Droid): the data leaves out
    // the "in" of "is in the <arena> arena".
    let mut spaced = mend_missing_in(&spaced);
    for (misspelt, meant) in MISSPELLINGS {
        if spaced.contains(misspelt) {
            spaced = spaced.replace(misspelt, meant);
        }
    }
    let spaced = shared_option_limit(&spaced).unwrap_or(spaced);
    // An Equipment's "Equipped ..." text is an ability of the unit it is attached to, and a
    // name in it names that unit ("Equipped Grogu also gets ..." on Grogu's Mind Force), never
    // the Equipment.
    let equipped = spaced
        .get(..9)
        .is_some_and(|head| head.eq_ignore_ascii_case("equipped "));
    // A keyword's template leads with its one-word name and a colon ("Bounty: ..."): that word
    // is the keyword even on a card whose name holds it (Kubaz Bounty Hunter).
    let (keyword, body) = match spaced.split_once(':') {
        Some((head, _)) if !head.is_empty() && head.chars().all(char::is_alphabetic) => {
            spaced.split_at(head.len() + 1)
        }
        _ => ("", spaced.as_str()),
    };
    let named = if equipped {
        body.to_string()
    } else {
        replace_names(body, name, !played)
    };
    format!("{keyword}{named}").trim().to_string()
}

/// "Choose one: Gain 1 build point. Play only during your build step. Or: Draw a card. Play only
/// during your build step." (BOBF Book of Boba Fett, TM IG-11 (D)): a limit printed after every
/// option alike is the ability's, read once after the last option ("Choose one: Gain 1 build
/// point. Or: Draw a card. Play only during your build step."). Options with different limits,
/// or one without, are left as printed.
fn shared_option_limit(text: &str) -> Option<String> {
    const CHOOSE: &str = "Choose one:";
    let at = text.find(CHOOSE)? + CHOOSE.len();
    let (head, body) = text.split_at(at);
    let options: Vec<&str> = body.split("Or:").map(str::trim).collect();
    if options.len() < 2 {
        return None;
    }
    let mut limit: Option<&str> = None;
    let mut bare = Vec::new();
    for option in &options {
        // A limit inside a quoted ability belongs to that ability.
        if option.contains('"') {
            return None;
        }
        let (steps, this) = option.split_once("Play only")?;
        let this = this.trim().trim_end_matches('.');
        if limit.is_some_and(|limit| limit != this) || !steps.trim_end().ends_with('.') {
            return None;
        }
        limit = Some(this);
        bare.push(steps.trim());
    }
    Some(format!(
        "{head} {} Play only {}.",
        bare.join(" Or: "),
        limit?
    ))
}

/// Words the data misspells, as a person reads them ("Shufle you deck." on TM Jawa Camp Leader,
/// "during you build step" on AOTC San Hill (A)): whole phrases, so that no word is changed
/// inside another.
const MISSPELLINGS: [(&str, &str); 15] = [
    ("Shufle ", "Shuffle "),
    ("Shuffle you deck", "Shuffle your deck"),
    ("during you build step", "during your build step"),
    ("You opponent ", "Your opponent "),
    (
        "look at your opponents hand",
        "look at your opponent's hand",
    ),
    // ANH Luke Skywalker (D)'s Pilot item.
    ("as long as its attacking", "as long as it's attacking"),
    // FOR Thrawn's Assault Force (C), Chimaera (G); AAA Dooku (D); TROS Steadfast Garrison
    // Troopers.
    (" is any arena", " is in any arena"),
    (" in any area,", " in any arena,"),
    (" captivity count on", " captivity counter on"),
    // KAE Sith Governor, whose other text counts mastery counters.
    (" master counter on", " mastery counter on"),
    // ANH Learning the Force, AOTC Spirit of the Fallen, FOR Tatooine Campfire; IA Kayn Somos
    // (A); TM How Uncharacteristic.
    (" of you Characters", " of your Characters"),
    (" of you Imperial", " of your Imperial"),
    ("one of you opponent", "one of your opponent"),
    // JG Obi-Wan's Maneuver.
    ("Space of Ground", "Space or Ground"),
    // JG R2-D2 (E)'s Reserves: "Prevent 1 damage to one your Space or Ground units."
    (" one your ", " one of your "),
];

/// "is the Space arena", "is the Ground arena", "is the Character arena" read as "is in the ...
/// arena": a unit is never an arena.
fn mend_missing_in(text: &str) -> String {
    let mut out = text.to_string();
    for arena in ["Space", "Ground", "Character"] {
        out = out.replace(
            &format!(" is the {arena} arena"),
            &format!(" is in the {arena} arena"),
        );
    }
    out
}

/// Curly quotes and apostrophes made straight; the data's `?` and `_` for an apostrophe
/// ("don?t", "unit_s") read as one; every arrow written `->`.
fn typography(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let chars: Vec<char> = text.chars().collect();
    for (at, &c) in chars.iter().enumerate() {
        let before = at.checked_sub(1).and_then(|b| chars.get(b)).copied();
        let after = chars.get(at + 1).copied();
        let between_letters =
            before.is_some_and(char::is_alphabetic) && after.is_some_and(char::is_alphabetic);
        match c {
            '\u{2018}' | '\u{2019}' | '`' => out.push('\''),
            '\u{201c}' | '\u{201d}' => out.push('"'),
            '?' | '_' if between_letters => out.push('\''),
            '\u{2013}' | '\u{2014}' => out.push('-'),
            _ => out.push(c),
        }
    }
    let mut arrowed = out;
    for arrow in ARROWS {
        if arrow != "->" {
            arrowed = arrowed.replace(arrow, "->");
        }
    }
    arrowed
}

/// Text in parentheses left out: the data puts reminder text there ("Evade 3 (Prevent up to 3
/// damage to this unit.)"), and a version letter ("Darth Vader (A)").
fn strip_reminders(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut depth = 0usize;
    for c in text.chars() {
        match c {
            '(' => depth += 1,
            ')' if depth > 0 => depth -= 1,
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out
}

/// The card's name, and each word of it that names it alone ("Vader"), replaced by [`SELF`]
/// where it stands as a whole word. A single word followed by another capitalized word is left:
/// "Luke's Speeder" on Luke Skywalker names another card.
fn replace_names(text: &str, name: &str, single_words: bool) -> String {
    let name = strip_reminders(name).trim().to_string();
    if name.is_empty() {
        return text.to_string();
    }
    let mended = mend_misprinted_name(text, &name);
    let mut out = replace_word(&mended, &name, false, &name);
    if !single_words {
        return out;
    }
    for word in name.split_whitespace() {
        let word = word.trim_matches(|c: char| !c.is_alphanumeric() && c != '-');
        let lower = word.to_lowercase();
        // A keyword's name is the keyword ("Stun 3" on Stun Ring).
        if word.chars().count() < 3
            || TITLES.contains(&lower.as_str())
            || GAME_WORDS.contains(&lower.as_str())
            || crate::vocabulary::GRANTED_KEYWORDS
                .iter()
                .any(|k| k.name.eq_ignore_ascii_case(word))
        {
            continue;
        }
        out = replace_word(&out, word, true, &name);
    }
    out
}

/// The text with the card's name written as printed where the text misprints it by one letter
/// ("Imperial-Class Star Destoyer gets ..." on Imperial-Class Star Destroyer). Long names only,
/// and whole words: a short name one letter off is as likely another name ("Dooku", "Tooku").
fn mend_misprinted_name(text: &str, name: &str) -> String {
    const LONG: usize = 12;
    let target: Vec<char> = name.chars().collect();
    let n = target.len();
    if n < LONG {
        return text.to_string();
    }
    let chars: Vec<char> = text.chars().collect();
    let word = |at: usize| {
        chars
            .get(at)
            .is_some_and(|&c| c.is_alphanumeric() || c == '-')
    };
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    'text: while at < chars.len() {
        // A run of whole words: a word starts at `at` and one ends at `end`.
        if word(at) && (at == 0 || !word(at - 1)) {
            for len in [n, n - 1, n + 1] {
                let end = at + len;
                if end <= chars.len()
                    && word(end - 1)
                    && !word(end)
                    && one_letter_apart(&chars[at..end], &target)
                {
                    out.push_str(name);
                    at = end;
                    continue 'text;
                }
            }
        }
        out.push(chars[at]);
        at += 1;
    }
    out
}

/// Whether two words differ by exactly one letter added, dropped or changed.
fn one_letter_apart(a: &[char], b: &[char]) -> bool {
    let (short, long) = if a.len() <= b.len() { (a, b) } else { (b, a) };
    if long.len() - short.len() > 1 || a == b {
        return false;
    }
    let same_start = short.iter().zip(long).take_while(|(x, y)| x == y).count();
    if short.len() == long.len() {
        short[same_start + 1..] == long[same_start + 1..]
    } else {
        short[same_start..] == long[same_start + 1..]
    }
}

/// Replaces `word` where it is a whole word. With `alone`, not where another capitalized word
/// follows ("Luke's Speeder", "Boba Fett").
fn replace_word(text: &str, word: &str, alone: bool, name: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(word) {
        let before = rest[..at].chars().next_back();
        let after_text = &rest[at + word.len()..];
        let after = after_text.chars().next();
        let whole = !before.is_some_and(|c| c.is_alphanumeric() || c == '-')
            && !after.is_some_and(|c| c.is_alphanumeric() || c == '-');
        // "each other Jawa" on Jawa Leader is a subtype, not the card: a word of the name after
        // a determiner is a kind of unit.
        // So is one ending a run of capitalized words after one ("a Bounty Hunter unit card"
        // on Kubaz Bounty Hunter).
        let followed = alone
            && (next_word_capitalized(after_text)
                || after_determiner(&rest[..at])
                || after_determiner(without_capitalized_end(&rest[..at])));
        // 'with "Sunrider" in its name' on Andur Sunrider (A): words in quotes are the words a
        // name has, not this card.
        let quoted = before == Some('"') && after == Some('"');
        // "a Darth Maul unit card" on Maul (R): a name after a title is another card's, unless
        // the title is the card's own ("Admiral Piett" on Admiral Firmus Piett).
        let titled = after_title(&rest[..at], name);
        out.push_str(&rest[..at]);
        if whole && !followed && !quoted && !titled {
            out.push(SELF);
        } else {
            out.push_str(word);
        }
        rest = after_text;
    }
    out.push_str(rest);
    out
}

/// Whether the word before the end of `text` is a title that starts a name ("Darth", "General"),
/// capitalized as in a name, and not a word of the card's own `name`.
fn after_title(text: &str, name: &str) -> bool {
    let word = text.trim_end_matches(' ').rsplit(' ').next().unwrap_or("");
    word.starts_with(char::is_uppercase)
        && !matches!(word, "The" | "Of")
        && TITLES.contains(&word.to_lowercase().as_str())
        && !name.split_whitespace().any(|w| w == word)
}

/// Whether the word before the end of `text` is a determiner or "other".
fn after_determiner(text: &str) -> bool {
    const DETERMINERS: [&str; 12] = [
        "each", "other", "another", "a", "an", "your", "of", "every", "all", "any", "non", "no",
    ];
    let word = text
        .trim_end_matches([' ', '-'])
        .rsplit(' ')
        .next()
        .unwrap_or("")
        .to_lowercase();
    DETERMINERS.contains(&word.as_str())
}

/// `text` without the capitalized words it ends with ("return a Bounty " -> "return a "), or
/// all of it if it ends with none.
fn without_capitalized_end(text: &str) -> &str {
    let mut end = text.trim_end_matches(' ');
    let mut stripped = false;
    while let Some((head, last)) = end.rsplit_once(' ')
        && last.chars().next().is_some_and(char::is_uppercase)
    {
        end = head;
        stripped = true;
    }
    if stripped { end } else { text }
}

/// Whether the word after `text`'s possessive or space starts with a capital letter.
fn next_word_capitalized(text: &str) -> bool {
    let text = text.strip_prefix("'s").unwrap_or(text);
    let Some(text) = text.strip_prefix(' ') else {
        return false;
    };
    text.chars().next().is_some_and(char::is_uppercase)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_limit_printed_after_every_option_is_the_abilitys() {
        // TM IG-11 (D), BOBF Book of Boba Fett (two spaces in the data).
        assert_eq!(
            prepare(
                "Tap -> Choose one: Add 2 counters to your Resource. Play only during your build \
                 step. Or: Draw 2 cards. Play only during your build step.",
                "IG-11 (D)"
            ),
            "Tap -> Choose one: Add 2 counters to your Resource. Or: Draw 2 cards. Play only \
             during your build step."
        );
        // Different limits, or an option without one, stay as printed.
        let different = "Choose one: Draw a card. Play only during your build step. Or: Gain 1 \
                         Force. Play only when no unit is attacking.";
        assert_eq!(prepare(different, "X"), different);
        let one = "Choose one: Draw a card. Or: Gain 1 Force. Play only during your build step.";
        assert_eq!(prepare(one, "X"), one);
    }

    #[test]
    fn typos_quotes_and_reminders_are_made_plain() {
        assert_eq!(
            prepare(
                "Leia don?t get \u{201c}Evade 2\u{201d} (Prevent 2 damage.) .",
                "X"
            ),
            "Leia don't get \"Evade 2\"."
        );
        assert_eq!(prepare("the unit_s health", "X"), "the unit's health");
        // ANH Imperial Sentry Droid.
        assert_eq!(
            prepare("if this unit is the Character arena, look", "X"),
            "if this unit is in the Character arena, look"
        );
        assert_eq!(
            prepare("Pay 1 Force \u{2192} Gain 2 Force.", "X"),
            "Pay 1 Force -> Gain 2 Force."
        );
    }

    #[test]
    fn misspelt_phrases_are_read_as_meant() {
        // TM Jawa Camp Leader; AOTC San Hill (A).
        assert_eq!(prepare("Shufle you deck.", ""), "Shuffle your deck.");
        assert_eq!(
            prepare(
                "You opponent gets +1 build points this turn. Play only during you build step.",
                ""
            ),
            "Your opponent gets +1 build points this turn. Play only during your build step."
        );
        // FOR Thrawn's Assault Force (C), AAA Dooku (D).
        assert_eq!(
            prepare(
                "As long as Grand Admiral Thrawn is any arena, X gets Double Strike.",
                ""
            ),
            "As long as Grand Admiral Thrawn is in any arena, X gets Double Strike."
        );
        assert_eq!(
            prepare("As long as Yoda is in any area, X gets Stun 1.", ""),
            "As long as Yoda is in any arena, X gets Stun 1."
        );
        // ANH Learning the Force, JG Obi-Wan's Maneuver.
        assert_eq!(
            prepare(
                "You gain +1 Force for each of you Characters in any arena.",
                ""
            ),
            "You gain +1 Force for each of your Characters in any arena."
        );
        assert_eq!(
            prepare("Prevent 1 damage to one of your Space of Ground units.", ""),
            "Prevent 1 damage to one of your Space or Ground units."
        );
    }

    #[test]
    fn the_cards_own_name_becomes_the_self_mark() {
        assert_eq!(
            prepare("Vader gets +1 power.", "Darth Vader (A)"),
            "~ gets +1 power."
        );
        assert_eq!(
            prepare("Darth Vader gets +1 power.", "Darth Vader (A)"),
            "~ gets +1 power."
        );
        assert_eq!(prepare("Untap Boba.", "Boba Fett (B)"), "Untap ~.");
        // Another card named after this one, and a word inside another word, are left alone.
        assert_eq!(
            prepare("Luke's Speeder gets +1 power.", "Luke Skywalker"),
            "Luke's Speeder gets +1 power."
        );
        assert_eq!(
            prepare("Lukeson attacks.", "Luke Skywalker"),
            "Lukeson attacks."
        );
        assert_eq!(prepare("~'s stack", "X"), "~'s stack");
        // AAA Maul (R): a name after a title ("Darth Maul") is another card's.
        assert_eq!(
            prepare("Search your deck for a Darth Maul unit card.", "Maul (R)"),
            "Search your deck for a Darth Maul unit card."
        );
        assert_eq!(
            prepare("Remove Maul from the game", "Maul (R)"),
            "Remove ~ from the game"
        );
        // TAL Andur Sunrider (A): a word of the name in quotes is a word other names have.
        assert_eq!(
            prepare(
                "Whenever one of your other units with \"Sunrider\" in its name would be damaged, prevent 1 of that damage.",
                "Andur Sunrider (A)"
            ),
            "Whenever one of your other units with \"Sunrider\" in its name would be damaged, prevent 1 of that damage."
        );
        assert_eq!(
            prepare("each other Jawa gets +1 power.", "Jawa Leader"),
            "each other Jawa gets +1 power."
        );
        assert_eq!(prepare("Xesh's stack", "Xesh (C)"), "~'s stack");
        // A long name misprinted by one letter is the card's; a short one isn't.
        assert_eq!(
            prepare(
                "Imperial-Class Star Destoyer gets +1 power.",
                "Imperial-Class Star Destroyer"
            ),
            "~ gets +1 power."
        );
        assert_eq!(
            prepare("Tooku gets +1 power.", "Dooku (A)"),
            "Tooku gets +1 power."
        );
        // A Battle card is named by its whole name; a game word of its name is the verb.
        assert_eq!(
            prepare_card("Retreat one of your units.", "Retreat Underground", true),
            "Retreat one of your units."
        );
        assert_eq!(prepare("Return it.", "Tyranus's Return"), "Return it.");
        // An Equipment's "Equipped ..." text names the equipped unit, not the Equipment.
        assert_eq!(
            prepare("Equipped Grogu also gets Shields 1.", "Grogu's Pram (A)"),
            "Equipped Grogu also gets Shields 1."
        );
        // A word of the name that is one of the game's nouns is that noun.
        assert_eq!(
            prepare("Pay 2 Force -> Evade 3.", "Grogu's Mind Force (A)"),
            "Pay 2 Force -> Evade 3."
        );
        assert_eq!(
            prepare(
                "Whenever this unit attacks, gain 1 Force.",
                "Force 57 Outcasts"
            ),
            "Whenever this unit attacks, gain 1 Force."
        );
    }

    #[test]
    fn a_keyword_in_a_cards_name_stays_the_keyword() {
        // TMW Stun Ring: "Stun" is the keyword, not the card.
        assert_eq!(
            prepare(
                "When one of your units attacks, it gets Stun 3.",
                "Stun Ring"
            ),
            "When one of your units attacks, it gets Stun 3."
        );
        assert_eq!(
            prepare("Stun Ring can't be disrupted.", "Stun Ring"),
            "~ can't be disrupted."
        );
    }
}
