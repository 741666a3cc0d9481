//! The engine as one library: the stage crates of `engine/` under the module paths the command
//! line, the integration tests and the benchmarks use, plus the fuzzing entry points that cross
//! every stage.
//!
//! Each stage is a crate with one job (ARCHITECTURE.md has the map): the rules core
//! (`swtcg-rules`), the card database (`swtcg-cards`), the wasm host (`swtcg-wasm-host`), the
//! plugin registry (`swtcg-registry`), the conformance runner (`swtcg-conformance`), batch
//! self-play (`swtcg-sim`) and Swiss events (`swtcg-event`). This crate adds no rule of its own.

pub mod fuzzing;

pub use swtcg_card_script as card_script;
pub use swtcg_cards as cards;
pub use swtcg_cards::{deck, deck_rules};
pub use swtcg_conformance as conformance;
pub use swtcg_event as event;
pub use swtcg_registry as plugins;
pub use swtcg_registry::{conflicts, lock};
pub use swtcg_rules::{
    ability, cost, decision, digest, game, hooks, log, model, players, provenance, reads, replay,
    rng, ruleset, save, text, view,
};
pub use swtcg_sim as sim;

pub use swtcg_rules::decision::{Choice, Decider, Decision, DecisionKind, Player, Seats};
pub use swtcg_rules::game::{EngineError, Game, Outcome, StopAt};
pub use swtcg_rules::hooks::{AbilityHost, NoPlugins, Watched, Watcher};
pub use swtcg_rules::log::{Event, GameLog, LogEntry};
pub use swtcg_rules::model::{Arena, CardDef, GameState, Side, UnitId};
pub use swtcg_rules::ruleset::Ruleset;
