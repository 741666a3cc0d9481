//! The Star Wars TCG rules core: zones, turns, the battle phase, the attack sequence, dice and
//! damage, and what the game keeps of itself (its log, replays and saves).
//!
//! The core knows no keyword and runs no plugin. At every hook point
//! (`swtcg_plugin_api::HookPoint`) it asks an `AbilityHost` what the loaded abilities propose;
//! the plugin registry (`swtcg-registry`) is one such host, `NoPlugins` another. It does no I/O:
//! files are read by the command line and handed in as text. It does not depend on wasmtime, so
//! a rules test builds without compiling cranelift.

pub mod ability;
pub mod cost;
pub mod decision;
pub mod digest;
pub mod game;
pub mod hooks;
pub mod log;
pub mod manifest;
pub mod model;
pub mod players;
pub mod provenance;
pub mod reads;
pub mod replay;
pub mod rng;
pub mod ruleset;
pub mod save;
pub mod text;
pub mod view;

pub use decision::{Choice, Decider, Decision, DecisionKind, Player, Seats};
pub use game::{EngineError, Game, Outcome, StopAt};
pub use hooks::{AbilityHost, NoPlugins, Watched, Watcher};
pub use log::{Event, GameLog, LogEntry};
pub use model::{Arena, CardDef, GameState, Side, UnitId};
pub use ruleset::Ruleset;
