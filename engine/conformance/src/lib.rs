//! Conformance scenarios (shared/conformance/FORMAT.md, version 1): parsing and running them.

mod ability_name;
pub mod runner;
pub mod scenario;

pub use runner::{Failure, RunOptions, run_scenario};
pub use scenario::{Scenario, ScenarioError, parse_scenario};
