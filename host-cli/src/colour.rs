//! Terminal colour: used only when the output is a terminal and `NO_COLOR` is not set.

use std::io::IsTerminal;

/// Whether to colour what goes to stdout.
pub fn stdout_enabled() -> bool {
    std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none()
}

fn paint(text: &str, code: &str, on: bool) -> String {
    if on {
        format!("\x1b[{code}m{text}\x1b[0m")
    } else {
        text.to_string()
    }
}

pub fn bold(text: &str, on: bool) -> String {
    paint(text, "1", on)
}

pub fn red(text: &str, on: bool) -> String {
    paint(text, "31", on)
}

pub fn blue(text: &str, on: bool) -> String {
    paint(text, "34", on)
}
