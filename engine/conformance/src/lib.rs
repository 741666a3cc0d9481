//! Conformance scenarios (shared/conformance/FORMAT.md, version 1): parsing and running them.

mod ability_name;
mod named_ruleset;
pub mod runner;
pub mod scenario;

pub use named_ruleset::resolve_named_ruleset;
pub use runner::{Failure, RunOptions, run_scenario};
pub use scenario::{Scenario, ScenarioError, parse_scenario};
