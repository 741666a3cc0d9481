//! The Star Wars TCG rules core: zones, turns, the battle phase, the attack sequence, dice and damage.
//!
//! The core knows no keyword. At every hook point (`swtcg_plugin_api::HookPoint`) it asks an
//! `AbilityHost` what the loaded abilities propose. It does no I/O: files are read by the
//! command line and handed in as text.

pub mod ability;
pub mod cards;
pub mod conflicts;
pub mod conformance;
pub mod cost;
pub mod decision;
pub mod deck;
pub mod deck_rules;
pub mod event;
pub mod fuzzing;
pub mod game;
pub mod hooks;
pub mod lock;
pub mod log;
pub mod model;
pub mod players;
pub mod plugins;
pub mod replay;
pub mod rng;
pub mod ruleset;
pub mod save;
pub mod sim;
pub mod text;

pub use decision::{Choice, Decider, Decision, DecisionKind, Player, Seats};
pub use game::{EngineError, Game, Outcome, StopAt};
pub use hooks::{AbilityHost, NoPlugins, Watched, Watcher};
pub use log::{Event, GameLog, LogEntry};
pub use model::{Arena, CardDef, GameState, Side, UnitId};
pub use ruleset::Ruleset;
