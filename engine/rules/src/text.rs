//! Small helpers for text: positions in text files, and text from outside (a plugin, a file)
//! made safe to print on a terminal.

use std::borrow::Cow;
use std::fmt::Write;

// Every error about a text file (manifest, ruleset, lock, deck, event, scenario) finds its line
// with these three functions, so that a line and a column mean the same thing in every message.

/// The 1-based line of a byte offset in `text`.
pub fn line_of(text: &str, offset: usize) -> usize {
    position_of(text, offset).0
}

/// The 1-based line and character column of a byte offset in `text`. The offset comes from
/// another crate (a toml span), so it is clamped to the text, and a column inside a character
/// is counted lossily rather than trusted.
pub fn position_of(text: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
    let before = &text.as_bytes()[..offset];
    let line_start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |at| at + 1);
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    let column = String::from_utf8_lossy(&before[line_start..])
        .chars()
        .count()
        + 1;
    (line, column)
}

/// The key a toml error is about, if it is about one.
///
/// Unknown and missing fields name the key in the message. For other errors the toml crate keeps
/// the dotted key path privately and only shows it, as a last line "in `a.b`", when the error has
/// no input to quote; so a copy without input is rendered and that line read back. A duplicate
/// key is named by the text its span covers.
pub fn toml_error_key(err: &toml::de::Error, text: &str) -> Option<String> {
    let message = err.message();
    for prefix in ["unknown field `", "missing field `"] {
        if let Some(rest) = message.strip_prefix(prefix) {
            return rest.split('`').next().map(str::to_owned);
        }
    }
    if message == "duplicate key" {
        let span = err.span()?;
        let key = text.get(span)?.trim().trim_matches(['"', '\'']);
        return (!key.is_empty()).then(|| key.to_owned());
    }
    let mut bare = err.clone();
    bare.set_input(None);
    let rendered = bare.to_string();
    let last = rendered.trim_end().lines().last()?;
    if last == message.trim_end() {
        return None;
    }
    let path = last.strip_prefix("in `")?.strip_suffix('`')?;
    path.rsplit('.').next().map(str::to_owned)
}

/// The 1-based line where a TOML key is written: the first key, in document order, whose
/// dotted path ends with `path` (`["flags", "x", "default"]` finds `keyword.flags.x.default`,
/// written in a `[keyword.flags.x]` table or inline). A table's own key is found at its
/// header. `None` when the text is not TOML or no key has that path, e.g. a missing key.
pub fn key_line(text: &str, path: &[&str]) -> Option<usize> {
    let document = toml::de::DeTable::parse(text).ok()?;
    let mut found = None;
    find_key(document.get_ref(), &mut Vec::new(), path, &mut found);
    found.map(|offset| line_of(text, offset))
}

/// Depth-first search of a parsed table for the earliest-written key whose path ends with
/// `wanted`; `trail` is the path of `table`.
fn find_key<'a>(
    table: &'a toml::de::DeTable<'_>,
    trail: &mut Vec<&'a str>,
    wanted: &[&str],
    found: &mut Option<usize>,
) {
    for (key, value) in table.iter() {
        trail.push(key.get_ref().as_ref());
        if trail.ends_with(wanted) {
            let at = key.span().start;
            *found = Some(found.map_or(at, |f: usize| f.min(at)));
        }
        match value.get_ref() {
            toml::de::DeValue::Table(inner) => find_key(inner, trail, wanted, found),
            toml::de::DeValue::Array(items) => {
                for item in items.iter() {
                    if let toml::de::DeValue::Table(inner) = item.get_ref() {
                        find_key(inner, trail, wanted, found);
                    }
                }
            }
            _ => {}
        }
        trail.pop();
    }
}

/// Text from outside made safe to print: every control character (C0, DEL, C1: the ANSI
/// escape sequences start with one), and every invisible format character that reorders or
/// hides text (`is_hiding_format`), becomes a visible escape, `\n`, `\r`, `\t` or `\u{1b}`; so
/// a plugin's message can't move the cursor, recolour or clear the terminal, or start a line
/// of its own that reads like the host's (`PASS ...`). Printable text, backslashes included, is
/// unchanged, so escaping twice gives what escaping once gave. Borrowed when nothing changes.
pub fn escape_controls(text: &str) -> Cow<'_, str> {
    escape(text, false)
}

/// `escape_controls`, but newlines stay: for the host's own messages of several lines, whose
/// parts from outside were escaped already.
pub fn escape_controls_but_newlines(text: &str) -> Cow<'_, str> {
    escape(text, true)
}

fn escape(text: &str, keep_newlines: bool) -> Cow<'_, str> {
    let escaped =
        |c: char| (c.is_control() && !(keep_newlines && c == '\n')) || is_hiding_format(c);
    if !text.chars().any(escaped) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        match c {
            c if !escaped(c) => out.push(c),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c => {
                let _ = write!(out, "\\u{{{:x}}}", u32::from(c));
            }
        }
    }
    Cow::Owned(out)
}

/// Unicode format characters that reorder or hide text on a terminal: the soft hyphen, the
/// bidirectional marks, embeddings, overrides and isolates ("Trojan Source"), the zero-width
/// characters, the line and paragraph separators, the invisible operators, the byte-order mark
/// and the interlinear annotation marks.
pub fn is_hiding_format(c: char) -> bool {
    matches!(
        c,
        '\u{00AD}'
            | '\u{061C}'
            | '\u{180E}'
            | '\u{200B}'..='\u{200F}'
            | '\u{2028}'..='\u{202E}'
            | '\u{2060}'..='\u{2064}'
            | '\u{2066}'..='\u{206F}'
            | '\u{FEFF}'
            | '\u{FFF9}'..='\u{FFFB}'
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_lines_and_characters_from_one() {
        let text = "a = 1\nnamé = \"x\"\n";
        assert_eq!(position_of(text, 0), (1, 1));
        assert_eq!(position_of(text, 6), (2, 1));
        // The column counts characters: "é" is two bytes and one column.
        assert_eq!(position_of(text, text.find("\"x").unwrap()), (2, 8));
        // An offset past the end is clamped to it, not trusted.
        assert_eq!(position_of(text, 999), (3, 1));
        assert_eq!(line_of(text, 7), 2);
    }

    #[test]
    fn key_lines_follow_dotted_paths_headers_and_inline_tables() {
        let text = "[keyword]\nid = \"x\"\nversion = \"1\"\n\n[keyword.flags.fast]\n\
                    description = \"d\"\ndefault = \"a\"\n[wasm]\nsha256 = \"00\"\n\
                    [[act]]\nplay = { card = \"c\" }\n";
        assert_eq!(key_line(text, &["version"]), Some(3));
        assert_eq!(key_line(text, &["flags", "fast"]), Some(5));
        assert_eq!(key_line(text, &["flags", "fast", "default"]), Some(7));
        assert_eq!(key_line(text, &["sha256"]), Some(9));
        assert_eq!(key_line(text, &["play", "card"]), Some(11));
        assert_eq!(key_line(text, &["flags", "fast", "values"]), None);
        assert_eq!(key_line("not = = toml", &["not"]), None);
    }

    #[test]
    fn controls_become_visible_escapes_and_printable_text_stays() {
        let forged = "ok\n\u{1b}[2K\rPASS all.toml\u{9b}31m\u{7f}\u{0}\t\u{202e}evil";
        let escaped = escape_controls(forged);
        assert_eq!(
            escaped,
            "ok\\n\\u{1b}[2K\\rPASS all.toml\\u{9b}31m\\u{7f}\\u{0}\\t\\u{202e}evil"
        );
        assert!(
            !escaped
                .chars()
                .any(|c| c.is_control() || is_hiding_format(c))
        );
        // Escaping twice changes nothing more; clean text is borrowed as it is.
        assert_eq!(escape_controls(&escaped), escaped);
        let clean = "Hаvoc \\n 1 «two» 🚀";
        assert!(matches!(escape_controls(clean), Cow::Borrowed(_)));
        assert_eq!(escape_controls_but_newlines("a\nb\u{1b}c"), "a\nb\\u{1b}c");
    }
}
