//! The hook API shared by the engine and its keyword plugins: hook points, event records and effects.
//!
//! This crate is the only one the host and the guests share. It has no runtime dependency (no
//! wasmtime, no I/O) so that a plugin compiled for `wasm32-unknown-unknown` can use it as is.
//! Everything here is plain data with serde derives; the engine validates every proposed effect
//! before it applies one.

#[cfg(feature = "guest")]
pub mod guest;
pub mod hook;
pub mod names;
pub mod native;
pub mod text;
pub mod types;

pub use hook::{HookEvent, HookPoint, Pop};
pub use types::{
    Ability, Activation, ActivationChoice, AttackView, CardView, Completion, Delayed, DiceKind,
    DieView, Duration, Effect, HostView, NOT_IN_PLAY, PendingView, PlayerView, Query, QueryAnswer,
    QueryCall, Retarget, StatChange, Stats, UnitId, UnitView,
};

/// The version of the hook API, semver: a minor bump adds hooks or effects and keeps old plugins
/// working; a major bump may break them.
pub const API_VERSION: (u16, u16, u16) = (1, 5, 0);

/// The WIT package the API version belongs to.
pub const WIT_PACKAGE: &str = "swtcg:keyword@1.5.0";

/// Every API version the host loads plugins of, oldest first; each has its WIT under
/// `wit-history/<version>/` (the newest is `wit/`).
pub const API_HISTORY: [&str; 6] = ["1.0.0", "1.1.0", "1.2.0", "1.3.0", "1.4.0", "1.5.0"];

/// The version as text, e.g. `1.0.0`.
pub fn api_version_string() -> String {
    let (major, minor, patch) = API_VERSION;
    format!("{major}.{minor}.{patch}")
}
