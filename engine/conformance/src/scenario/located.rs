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
        let key = swtcg_rules::text::toml_error_key(err, self.text);
        ScenarioError {
            path: self.path.to_owned(),
            line,
            column,
            key,
            message,
        }
    }
}
