//! The grammar's words: the error that remembers the furthest place a text was read to and what
//! the grammar expected there, and the parsers of words, phrases and numbers every rule is made
//! of. Each word parser takes the spaces after its word, so rules never mention spaces.

use winnow::error::{AddContext, ErrMode, ParserError};
use winnow::stream::Stream;

/// The grammar's error: how much text was left where reading stopped furthest, and what it
/// expected there. Branches that stop at the same place merge their expectations, so a stop
/// lists every word that would have been read on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Expected {
    pub remaining: usize,
    pub what: Vec<&'static str>,
}

impl Expected {
    fn at(input: &str, what: &'static str) -> Expected {
        Expected {
            remaining: input.len(),
            what: vec![what],
        }
    }
}

impl<'a> ParserError<&'a str> for Expected {
    type Inner = Self;

    fn from_input(input: &&'a str) -> Self {
        Expected {
            remaining: input.len(),
            what: Vec::new(),
        }
    }

    fn or(self, other: Self) -> Self {
        // Less text left means read further: that stop is the one a reader wants to see.
        match self.remaining.cmp(&other.remaining) {
            std::cmp::Ordering::Less => self,
            std::cmp::Ordering::Greater => other,
            std::cmp::Ordering::Equal => {
                let mut merged = self;
                for what in other.what {
                    if !merged.what.contains(&what) {
                        merged.what.push(what);
                    }
                }
                merged
            }
        }
    }

    fn into_inner(self) -> Result<Self::Inner, Self> {
        Ok(self)
    }
}

impl<'a> AddContext<&'a str, &'static str> for Expected {
    /// A label names what a rule reads ("a number", "a unit"): it replaces the words expected
    /// only where the rule stopped at its first word, so a deeper stop keeps its own words.
    fn add_context(
        self,
        input: &&'a str,
        token_start: &<&'a str as Stream>::Checkpoint,
        context: &'static str,
    ) -> Self {
        let mut start = *input;
        start.reset(token_start);
        if self.remaining == start.len() {
            Expected {
                remaining: self.remaining,
                what: vec![context],
            }
        } else {
            self
        }
    }
}

/// What every rule returns.
pub type R<T> = Result<T, ErrMode<Expected>>;

/// Stops reading here, expecting `what`.
pub fn fail<T>(input: &str, what: &'static str) -> R<T> {
    Err(ErrMode::Backtrack(Expected::at(input, what)))
}

/// Spaces after a word.
fn spaces(input: &mut &str) {
    *input = input.trim_start_matches(' ');
}

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '\'' || c == '-'
}

/// A phrase of one or more words, in any case, ending at a word's end.
pub fn w<'a>(phrase: &'static str) -> impl FnMut(&mut &'a str) -> R<()> {
    move |input: &mut &'a str| {
        let len = phrase.len();
        // `get` is None unless `len` falls on a character's boundary (fuzzed: a phrase's length
        // may end inside a character of the text).
        let matched = input
            .get(..len)
            .zip(input.get(len..))
            .filter(|(head, _)| head.eq_ignore_ascii_case(phrase));
        let Some((_, rest)) = matched else {
            return fail(input, phrase);
        };
        // A possessive ends the word: "this unit's attack" reads "this unit", then "'s".
        let possessive = rest
            .strip_prefix("'s")
            .is_some_and(|after| !after.starts_with(char::is_alphanumeric));
        let ends = !phrase.ends_with(is_word_char) || !rest.starts_with(is_word_char) || possessive;
        if ends {
            *input = &input[len..];
            spaces(input);
            Ok(())
        } else {
            fail(input, phrase)
        }
    }
}

/// The first of several phrases that matches.
pub fn one_of<'a>(phrases: &'static [&'static str]) -> impl FnMut(&mut &'a str) -> R<&'static str> {
    move |input: &mut &'a str| {
        let mut error: Option<Expected> = None;
        for phrase in phrases {
            match w(phrase)(input) {
                Ok(()) => return Ok(phrase),
                Err(ErrMode::Backtrack(e)) => {
                    error = Some(match error {
                        None => e,
                        Some(before) => before.or(e),
                    })
                }
                Err(other) => return Err(other),
            }
        }
        Err(ErrMode::Backtrack(
            error.unwrap_or_else(|| Expected::at(input, "a word")),
        ))
    }
}

/// A number written in digits or as a word up to ten; "a" and "an" are one where `article`.
fn number_with(input: &mut &str, article: bool) -> R<u32> {
    let digits: usize = input.chars().take_while(char::is_ascii_digit).count();
    if digits > 0 && digits <= 4 {
        let value = input[..digits].parse().unwrap_or(0);
        let rest = &input[digits..];
        if !rest.starts_with(is_word_char) {
            *input = rest;
            spaces(input);
            return Ok(value);
        }
    }
    const WORDS: [(&str, u32); 11] = [
        ("one", 1),
        ("two", 2),
        ("three", 3),
        ("four", 4),
        ("five", 5),
        ("six", 6),
        ("seven", 7),
        ("eight", 8),
        ("nine", 9),
        ("ten", 10),
        ("zero", 0),
    ];
    for (word, value) in WORDS {
        if w(word)(input).is_ok() {
            return Ok(value);
        }
    }
    if article && (w("a")(input).is_ok() || w("an")(input).is_ok()) {
        return Ok(1);
    }
    fail(input, "a number")
}

/// A number in digits or words ("2", "two").
pub fn number(input: &mut &str) -> R<u32> {
    number_with(input, false)
}

/// A number, or "a"/"an" for one ("draw a card").
pub fn count(input: &mut &str) -> R<u32> {
    number_with(input, true)
}

/// A signed change: "+2", "-1".
pub fn signed(input: &mut &str) -> R<i32> {
    let sign = match input.chars().next() {
        Some('+') => 1,
        Some('-') => -1,
        _ => return fail(input, "+N or -N"),
    };
    let mut rest = &input[1..];
    let value =
        number(&mut rest).map_err(|_| ErrMode::Backtrack(Expected::at(input, "+N or -N")))?;
    *input = rest;
    Ok(sign * value as i32)
}

/// A capitalized word (a subtype, a name): letters, digits, hyphens and inner apostrophes, not
/// a possessive's "'s" (left for the rule after it).
pub fn capitalized<'a>(input: &mut &'a str) -> R<&'a str> {
    let first = input.chars().next();
    let mut end = input
        .char_indices()
        .find(|&(_, c)| !is_word_char(c))
        .map_or(input.len(), |(at, _)| at);
    let word = &input[..end];
    // "4-LOM" and "2-1B" are names; "2" is a number.
    let starts = first.is_some_and(|c| c.is_uppercase() || c.is_ascii_digit());
    if !starts || !word.chars().any(char::is_alphabetic) {
        return fail(input, "a name");
    }
    if let Some(stem) = word.strip_suffix("'s").or_else(|| word.strip_suffix('\'')) {
        end = stem.len();
    }
    let word = &input[..end];
    *input = &input[end..];
    spaces(input);
    Ok(word)
}

/// The self mark of a prepared text (its own name, `~`), with a possessive left for the rule
/// after it.
pub fn self_mark(input: &mut &str) -> R<()> {
    match input.strip_prefix(crate::normalize::SELF) {
        Some(rest) => {
            *input = rest;
            spaces(input);
            Ok(())
        }
        None => fail(input, "the card's name"),
    }
}

/// A sentence's end: a period, or the end of the text (the data often leaves it out).
pub fn end_of_sentence(input: &mut &str) -> R<()> {
    if let Some(rest) = input.strip_prefix('.') {
        *input = rest;
        spaces(input);
        Ok(())
    } else if input.is_empty() {
        Ok(())
    } else {
        fail(input, "`.`")
    }
}

/// A punctuation mark, with the spaces after it.
pub fn mark<'a>(mark: &'static str) -> impl FnMut(&mut &'a str) -> R<()> {
    move |input: &mut &'a str| match input.strip_prefix(mark) {
        Some(rest) => {
            *input = rest;
            spaces(input);
            Ok(())
        }
        None => fail(input, mark),
    }
}

/// Whether a rule would read at this place, without reading.
pub fn ahead<'a, T>(mut rule: impl FnMut(&mut &'a str) -> R<T>, input: &&'a str) -> bool {
    let mut probe = *input;
    rule(&mut probe).is_ok()
}

/// A rule's reading of a whole text, for the rules' tests: it panics, naming the text, when the
/// rule fails or leaves words over.
#[cfg(test)]
pub fn read_whole<'a, T>(mut rule: impl FnMut(&mut &'a str) -> R<T>, text: &'a str) -> T {
    let mut input = text;
    let read = rule(&mut input).unwrap_or_else(|e| panic!("{text}: {e:?}"));
    assert_eq!(input, "", "{text}: left over");
    read
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_match_whole_words_in_any_case() {
        let mut text = "Units get";
        assert!(w("unit")(&mut text).is_err());
        assert!(w("units")(&mut text).is_ok());
        assert_eq!(text, "get");
    }

    #[test]
    fn a_phrase_never_cuts_a_character() {
        // "é" is two bytes: the phrase's length ends inside it.
        let mut text = "ué";
        assert!(w("un")(&mut text).is_err());
        assert_eq!(text, "ué");
    }

    #[test]
    fn numbers_read_digits_words_and_articles() {
        assert_eq!(number(&mut "12 cards"), Ok(12));
        assert_eq!(number(&mut "two cards"), Ok(2));
        assert!(number(&mut "a card").is_err());
        assert_eq!(count(&mut "a card"), Ok(1));
        assert_eq!(signed(&mut "+10 speed"), Ok(10));
        assert_eq!(signed(&mut "-1 power"), Ok(-1));
    }

    #[test]
    fn a_stop_is_the_furthest_with_all_it_expected() {
        let a = Expected {
            remaining: 5,
            what: vec!["x"],
        };
        let b = Expected {
            remaining: 3,
            what: vec!["y"],
        };
        let c = Expected {
            remaining: 3,
            what: vec!["z"],
        };
        assert_eq!(a.clone().or(b.clone()), b);
        assert_eq!(b.or(c).what, ["y", "z"]);
    }

    #[test]
    fn capitalized_words_leave_the_possessive() {
        let mut text = "Xesh's stack";
        assert_eq!(capitalized(&mut text), Ok("Xesh"));
        assert_eq!(text, "'s stack");
    }
}
