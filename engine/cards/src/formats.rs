//! Import of LackeyCCG `formats.txt`: which sets (and, if listed, which banned cards) make up
//! each play format.
//!
//! The file looks like XML (`<formatdefinitions><format><label>Standard</label><set>KAE</set>
//! ...</format></formatdefinitions>`) but is not guaranteed to be well-formed XML, so it is read by
//! a small purpose-built tokenizer that reports problems with line numbers.

use thiserror::Error;

/// One play format, e.g. "Standard".
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Format {
    /// The `<label>`, e.g. `Standard` or `TOR - The Old Republic`.
    pub name: String,
    /// Set codes from the `<set>` tags, in file order. Sets the engine does not bundle may appear.
    pub sets: Vec<String>,
    /// Card names from `<banned>` tags. The bundled file has none, but Lackey plugins for other
    /// games use the tag, so a community update could add bans without a code change.
    pub banned: Vec<String>,
}

/// A malformed `formats.txt`.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}: {message}")]
pub struct FormatError {
    /// The 1-based line where the problem was found.
    pub line: usize,
    pub message: String,
}

/// Parses the whole `formats.txt`. The `<formatdefinitions>` wrapper is optional, so a file with
/// bare `<format>` blocks reads the same way.
pub fn parse_formats(text: &str) -> Result<Vec<Format>, FormatError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut tokens = Tokenizer {
        text,
        position: 0,
        line: 1,
    };
    let mut formats = Vec::new();
    let mut in_definitions = false;
    let mut seen_definitions = false;
    let mut current: Option<(Format, usize)> = None;

    while let Some(token) = tokens.next_token()? {
        let line = token.line;
        let error = |message: String| Err(FormatError { line, message });
        match token.kind {
            TokenKind::Text(content) => {
                let Some((format, _)) = current.as_mut() else {
                    return error(format!(
                        "unexpected text {content:?} outside a <format> element"
                    ));
                };
                return error(format!(
                    "unexpected text {content:?} inside format {:?}; values belong in <label>, <set> or <banned>",
                    format.name
                ));
            }
            TokenKind::Open(tag) => match tag.as_str() {
                "formatdefinitions"
                    if !in_definitions && !seen_definitions && current.is_none() =>
                {
                    in_definitions = true;
                    seen_definitions = true;
                }
                "format" if current.is_none() => current = Some((Format::default(), line)),
                "format" => return error("<format> inside another <format>".to_string()),
                "label" | "set" | "banned" => {
                    let Some((format, _)) = current.as_mut() else {
                        return error(format!("<{tag}> outside a <format> element"));
                    };
                    let value = tokens.element_text(&tag, line)?;
                    match tag.as_str() {
                        "label" if !format.name.is_empty() => {
                            return error(format!("second <label> in format {:?}", format.name));
                        }
                        "label" => format.name = value,
                        "set" => format.sets.push(value),
                        _ => format.banned.push(value),
                    }
                }
                _ => return error(format!("unexpected tag <{tag}>")),
            },
            TokenKind::Close(tag) => match tag.as_str() {
                "format" => {
                    let Some((format, start)) = current.take() else {
                        return error("</format> without a matching <format>".to_string());
                    };
                    if format.name.is_empty() {
                        return Err(FormatError {
                            line: start,
                            message: "<format> without a <label>".to_string(),
                        });
                    }
                    formats.push(format);
                }
                "formatdefinitions" if in_definitions && current.is_none() => {
                    in_definitions = false
                }
                _ => return error(format!("unexpected closing tag </{tag}>")),
            },
        }
    }
    if let Some((format, start)) = current {
        return Err(FormatError {
            line: start,
            message: format!("<format> {:?} is never closed", format.name),
        });
    }
    if in_definitions {
        return Err(FormatError {
            line: tokens.line,
            message: "<formatdefinitions> is never closed".to_string(),
        });
    }
    Ok(formats)
}

struct Token {
    line: usize,
    kind: TokenKind,
}

enum TokenKind {
    Open(String),
    Close(String),
    /// Non-whitespace text between tags, trimmed and with entities decoded.
    Text(String),
}

struct Tokenizer<'a> {
    text: &'a str,
    position: usize,
    line: usize,
}

impl<'a> Tokenizer<'a> {
    /// Moves past `length` bytes, counting the line breaks crossed so that errors point at the
    /// right line.
    fn advance(&mut self, length: usize) {
        let end = (self.position + length).min(self.text.len());
        self.line += self.text.as_bytes()[self.position..end]
            .iter()
            .filter(|&&b| b == b'\n')
            .count();
        self.position = end;
    }

    fn rest(&self) -> &'a str {
        self.text.get(self.position..).unwrap_or("")
    }

    /// The next tag or text run, skipping whitespace and `<!-- comments -->`.
    fn next_token(&mut self) -> Result<Option<Token>, FormatError> {
        loop {
            let rest = self.rest();
            let trimmed = rest.trim_start();
            self.advance(rest.len() - trimmed.len());
            if trimmed.is_empty() {
                return Ok(None);
            }
            let line = self.line;
            if trimmed.starts_with("<!--") {
                let Some(end) = trimmed.find("-->") else {
                    return Err(FormatError {
                        line,
                        message: "comment is never closed".to_string(),
                    });
                };
                self.advance(end + 3);
                continue;
            }
            if trimmed.starts_with('<') {
                let Some(end) = trimmed.find('>') else {
                    return Err(FormatError {
                        line,
                        message: "tag is missing its closing '>'".to_string(),
                    });
                };
                let inside = trimmed[1..end].trim();
                self.advance(end + 1);
                let (closing, name) = match inside.strip_prefix('/') {
                    Some(name) => (true, name.trim()),
                    None => (false, inside),
                };
                if name.is_empty()
                    || !name
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
                {
                    return Err(FormatError {
                        line,
                        message: format!("malformed tag <{inside}>"),
                    });
                }
                // Tag names are matched case-insensitively, as Lackey itself is lenient about them.
                let name = name.to_ascii_lowercase();
                let kind = if closing {
                    TokenKind::Close(name)
                } else {
                    TokenKind::Open(name)
                };
                return Ok(Some(Token { line, kind }));
            }
            let end = trimmed.find('<').unwrap_or(trimmed.len());
            let content = decode_entities(trimmed[..end].trim());
            self.advance(end);
            return Ok(Some(Token {
                line,
                kind: TokenKind::Text(content),
            }));
        }
    }

    /// Reads the text of a simple element whose opening tag was just consumed, up to and including
    /// its closing tag.
    fn element_text(&mut self, tag: &str, line: usize) -> Result<String, FormatError> {
        let rest = self.rest();
        let Some(end) = rest.find('<') else {
            return Err(FormatError {
                line,
                message: format!("<{tag}> is never closed"),
            });
        };
        let value = decode_entities(rest[..end].trim());
        self.advance(end);
        match self.next_token()? {
            Some(Token {
                kind: TokenKind::Close(closing),
                ..
            }) if closing == tag => {}
            Some(Token { line, .. }) => {
                return Err(FormatError {
                    line,
                    message: format!("expected </{tag}>"),
                });
            }
            None => {
                return Err(FormatError {
                    line,
                    message: format!("<{tag}> is never closed"),
                });
            }
        }
        if value.is_empty() {
            return Err(FormatError {
                line,
                message: format!("empty <{tag}>"),
            });
        }
        Ok(value)
    }
}

/// Decodes the five predefined XML entities, so that a label such as `R&amp;D` reads naturally.
fn decode_entities(text: &str) -> String {
    if !text.contains('&') {
        return text.to_string();
    }
    text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&apos;", "'")
        .replace("&amp;", "&")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_sets_bans_and_optional_wrapper() {
        let text = "<format><label>Mine &amp; Yours</label>\n\t<set>ANH</set><set> ROTS </set>\n<!-- old -->\n<banned>Jar Jar Binks (A)</banned>\n</format>";
        let formats = parse_formats(text).unwrap_or_default();
        assert_eq!(
            formats,
            vec![Format {
                name: "Mine & Yours".to_string(),
                sets: vec!["ANH".to_string(), "ROTS".to_string()],
                banned: vec!["Jar Jar Binks (A)".to_string()],
            }]
        );
    }

    #[test]
    fn malformed_input_reports_the_line() {
        let check = |text: &str, line: usize, fragment: &str| {
            let error = parse_formats(text).err();
            assert!(
                error
                    .as_ref()
                    .is_some_and(|e| e.line == line && e.message.contains(fragment)),
                "{text:?} gave {error:?}, expected line {line} containing {fragment:?}"
            );
        };
        check(
            "<formatdefinitions>\n<format>\n<label>A</label>\n<set>ANH</sets>\n</format>",
            4,
            "expected </set>",
        );
        check(
            "<format>\n<label>A</label>\n<set>ANH</set>\n",
            1,
            "never closed",
        );
        check(
            "<formatdefinitions>\n<format><label>A</label></format>\n",
            3,
            "<formatdefinitions> is never closed",
        );
        check(
            "<format>\n<label>A</label>\n<legal>ANH</legal>\n</format>",
            3,
            "unexpected tag <legal>",
        );
        check(
            "<format>\n<set>ANH</set>\n</format>",
            1,
            "without a <label>",
        );
        check(
            "stray\n<format><label>A</label></format>",
            1,
            "outside a <format>",
        );
        check(
            "<format><label>A</label>\n\nANH\n</format>",
            3,
            "unexpected text \"ANH\"",
        );
        check(
            "<format><label>A</label>\n<set></set></format>",
            2,
            "empty <set>",
        );
        check(
            "<format><label>A</label>\n<set>ANH</set\n</format>",
            2,
            "malformed tag",
        );
        check(
            "<format><label>A</label></format>\n</format>",
            2,
            "without a matching",
        );
        check("<format><format>", 1, "inside another");
        check(
            "<format><label>A</label><label>B</label></format>",
            1,
            "second <label>",
        );
        check("<format><label>A</label>\n<set>ANH", 2, "never closed");
    }

    #[test]
    fn empty_file_has_no_formats() {
        assert_eq!(parse_formats(""), Ok(vec![]));
        assert_eq!(
            parse_formats("<formatdefinitions>\n</formatdefinitions>"),
            Ok(vec![])
        );
    }
}
