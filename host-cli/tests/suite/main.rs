//! The integration tests of the `swtcg` binary, as one test binary: the tests share one build
//! of their fixtures (compiled plugins, native builds) and run in parallel, where one binary
//! per file ran one file at a time and linked wasmtime twenty-one times. Each module is one
//! former test file; `cargo test -p swtcg --test suite MODULE::` runs one of them.

mod common;

mod abi_paths;
mod banned_decks;
mod bench;
mod cards;
mod cli;
mod deck;
mod demo;
mod differential;
mod event;
mod explanations;
mod fan_sets;
mod fresh_instances;
mod hostile_files;
mod kept_answers;
mod no_recompile;
mod play;
mod plugin_folders;
mod plugin_limits;
mod properties;
mod rule_changes;
mod save;
mod serve;
mod sim;
mod tidy;
mod tournament;
mod webdriver;
