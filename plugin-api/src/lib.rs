//! The hook API shared by the engine and its keyword plugins: hook points, event records and effects.
//!
//! This crate is the contract, the only one the host and the guests share. It has no runtime
//! dependency (no wasmtime, no I/O) so that a plugin compiled for `wasm32-unknown-unknown` can
//! use it as is. Everything here is plain data with serde derives; the engine validates every
//! proposed effect before it applies one. Plugins are written against the guest SDK, the
//! `swtcg-sdk` crate in `sdk/`, which builds on this one.

pub mod cost;
pub mod hook;
pub mod names;
pub mod native;
pub mod pilot_text;
pub mod text;
pub mod types;

pub use hook::{HookEvent, HookPoint, Pop};
pub use types::{
    Ability, Act, Activation, ActivationChoice, Allegiance, Arena, AttachedAs, AttachedCard,
    AttackView, CardKind, CardView, Completion, Delayed, Destination, DiceKind, DieView, Duration,
    Effect, HostView, LostKeywords, NOT_IN_PLAY, NotInEnum, PendingView, PickCards, Pile, PileCard,
    PlayKind, PlayView, PlayerView, Query, QueryAnswer, QueryCall, Retarget, RoomForPilots, Side,
    StatChange, Stats, UnitId, UnitPlace, UnitView, Zone,
};

/// The version of the hook API, semver: a minor bump adds hooks or effects and keeps old plugins
/// working; a major bump may break them.
pub const API_VERSION: (u16, u16, u16) = (1, 20, 0);

/// The WIT package the API version belongs to.
pub const WIT_PACKAGE: &str = "swtcg:keyword@1.20.0";

/// The promise that an export's `cabi_post_` function frees nothing when the export returned an
/// empty list or an `ok` holding one (see `SDK_PROMISES`).
macro_rules! no_post_for_empty {
    () => {
        "post-return-frees-nothing-for-empty"
    };
}

/// The custom section of a wasm plugin's core module in which the guest SDK lists what it
/// promises the host beyond the canonical ABI, one promise a line. The engine's core call path
/// relies on a promise only where a module makes it: modules built otherwise get every step of
/// the canonical ABI.
pub const SDK_SECTION: &str = "swtcg-sdk";

/// A promise of `SDK_SECTION`: after an empty answer the host may skip the post-return call.
pub const NO_POST_FOR_EMPTY: &str = no_post_for_empty!();

/// The text of `SDK_SECTION` in every plugin built with the guest SDK (`swtcg-sdk`): each
/// promise it keeps.
pub const SDK_PROMISES: &str = concat!(no_post_for_empty!(), "\n");

/// Every API version the host loads plugins of, oldest first; each has its WIT under
/// `wit-history/<version>/` (the newest is `wit/`).
pub const API_HISTORY: [&str; 21] = [
    "1.0.0", "1.1.0", "1.2.0", "1.3.0", "1.4.0", "1.5.0", "1.6.0", "1.7.0", "1.8.0", "1.9.0",
    "1.10.0", "1.11.0", "1.12.0", "1.13.0", "1.14.0", "1.15.0", "1.16.0", "1.17.0", "1.18.0",
    "1.19.0", "1.20.0",
];

/// The version as text, e.g. `1.0.0`.
pub fn api_version_string() -> String {
    let (major, minor, patch) = API_VERSION;
    format!("{major}.{minor}.{patch}")
}
