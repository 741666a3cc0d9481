//! Located errors: what the conversion of a scenario needs to point an error at its file, line,
//! column and key.

use std::ops::Range;

use swtcg_rules::text::position_of;

use super::ScenarioError;

/// Everything the conversion needs to build located errors.
pub(super) struct Ctx<'a> {
    pub(super) path: &'a str,
    pub(super) text: &'a str,
}

impl Ctx<'_> {
    /// The 1-based line at which `span` starts.
    pub(super) fn line(&self, span: &Range<usize>) -> usize {
        position_of(self.text, span.start).0
    }

    /// An error pointing at the start of `span`.
    pub(super) fn error(
        &self,
        span: &Range<usize>,
        key: Option<&str>,
        message: String,
    ) -> ScenarioError {
        let (line, column) = position_of(self.text, span.start);
        ScenarioError {
            path: self.path.to_owned(),
            line: Some(line),
            column: Some(column),
            key: key.map(str::to_owned),
            message,
        }
    }

    /// Converts a syntax or type error from the toml crate, naming the key when it can be found.
    pub(super) fn toml_error(&self, err: &toml::de::Error) -> ScenarioError {
        let message = err.message().to_owned();
        let (line, column) = match err.span() {
            Some(span) => {
                let (line, column) = position_of(self.text, span.start);
                (Some(line), Some(column))
            }
            None => (None, None),
        };
        let key = toml_error_key(err, self.text);
        ScenarioError {
            path: self.path.to_owned(),
            line,
            column,
            key,
            message,
        }
    }
}

/// The key a toml error is about, if it is about one.
///
/// Unknown and missing fields name the key in the message. For other errors the toml crate keeps
/// the dotted key path privately and only shows it, as a last line "in `a.b`", when the error has
/// no input to quote; so a copy without input is rendered and that line read back. A duplicate
/// key is named by the text its span covers.
fn toml_error_key(err: &toml::de::Error, text: &str) -> Option<String> {
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
