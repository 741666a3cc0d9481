//! Small helpers for text: positions in text files, and text from outside (a plugin, a file)
//! made safe to print on a terminal.

use std::borrow::Cow;
use std::fmt::Write;

/// The 1-based line of a byte offset in `text`.
pub fn line_of(text: &str, offset: usize) -> usize {
    let end = offset.min(text.len());
    text.as_bytes()[..end]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
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
