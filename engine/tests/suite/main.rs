//! The engine's integration tests as one binary: every stage together, through the public API
//! (`swtcg_engine`), with real and hostile plugins.
//!
//! One binary links wasmtime once and runs every module's tests in parallel; `cargo test -p
//! swtcg-engine --test suite hostile::` runs one module.

mod api_history;
mod core_abi;
mod fuzz_corpus;
mod hostile;
mod hostile_cascade;
mod hostile_modules;
mod hostile_support;

/// The benchmarks' workloads (a position, an ability and an event to call plugins with), shared
/// with `engine/benches` and `swtcg bench`.
#[path = "../../benches/workload/mod.rs"]
mod workload;
