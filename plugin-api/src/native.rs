//! The trusted native path: the C ABI a plugin built as a native `cdylib` exports, and the
//! messages that cross it. Requests, answers and host questions are serde_json text, so the
//! host and the plugin share nothing but this file's types.

use serde::{Deserialize, Serialize};

use crate::{
    Ability, AttackView, Effect, HookEvent, HookPoint, PendingView, PlayerView, QueryAnswer,
    QueryCall, Side, UnitId, UnitView, Zone,
};

/// The version of this native ABI; a plugin exporting another is refused.
pub const NATIVE_ABI: u32 = 1;

/// The exported symbols of a native plugin.
pub mod symbols {
    /// `extern "C" fn() -> u32`: the plugin's `NATIVE_ABI`.
    pub const ABI: &[u8] = b"swtcg_native_abi";
    /// `extern "C" fn() -> u32`: the API version the plugin was built against, `major << 16 | minor`.
    pub const API: &[u8] = b"swtcg_native_api";
    /// `unsafe extern "C" fn(*const HostTable, *const u8, usize) -> Buffer`: one call.
    pub const CALL: &[u8] = b"swtcg_native_call";
    /// `unsafe extern "C" fn(Buffer)`: frees a buffer the plugin returned.
    pub const FREE: &[u8] = b"swtcg_native_free";
}

/// Bytes owned by whichever side allocated them; the other side copies them and hands them back
/// to be freed.
#[repr(C)]
pub struct Buffer {
    pub ptr: *mut u8,
    pub len: usize,
    pub cap: usize,
}

impl Buffer {
    /// Gives up a vector's bytes; `into_vec` takes them back on the same side.
    pub fn from_vec(mut bytes: Vec<u8>) -> Buffer {
        let buffer = Buffer {
            ptr: bytes.as_mut_ptr(),
            len: bytes.len(),
            cap: bytes.capacity(),
        };
        std::mem::forget(bytes);
        buffer
    }

    /// Takes back bytes made by `from_vec` on this side of the boundary.
    ///
    /// # Safety
    /// The buffer must come from `Buffer::from_vec` in this same binary and not be used again.
    pub unsafe fn into_vec(self) -> Vec<u8> {
        // SAFETY: guaranteed by the caller.
        unsafe { Vec::from_raw_parts(self.ptr, self.len, self.cap) }
    }

    /// Copies the bytes without taking ownership.
    ///
    /// # Safety
    /// `ptr` must point to `len` readable bytes.
    pub unsafe fn copy(&self) -> Vec<u8> {
        if self.ptr.is_null() || self.len == 0 {
            return Vec::new();
        }
        // SAFETY: guaranteed by the caller.
        unsafe { std::slice::from_raw_parts(self.ptr, self.len) }.to_vec()
    }
}

/// The host side of a call: answers host questions during the call.
#[repr(C)]
pub struct HostTable {
    /// Opaque to the plugin: the host's view of the game during the call.
    pub ctx: *const std::ffi::c_void,
    /// Answers a serialized `HostRequest` with a serialized `HostResponse`.
    pub ask: unsafe extern "C" fn(
        ctx: *const std::ffi::c_void,
        request: *const u8,
        len: usize,
    ) -> Buffer,
    /// Frees a buffer `ask` returned.
    pub free: unsafe extern "C" fn(buffer: Buffer),
}

/// What the host asks a native plugin.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Request {
    Hook {
        hook: HookPoint,
        ability: Ability,
        event: HookEvent,
    },
    Query {
        ability: Ability,
        call: QueryCall,
    },
}

/// A native plugin's answer; `Err` carries the plugin's message, or the panic it caught.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Response {
    Effects(Result<Vec<Effect>, String>),
    Answer(Result<QueryAnswer, String>),
}

/// A question of the WIT `host` interface.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum HostRequest {
    Unit(UnitId),
    Units(Option<Zone>),
    Attack,
    PendingDamage,
    Player(Side),
    Rule(String),
    /// Since API 1.1.
    Abilities(UnitId),
    /// Since API 1.1.
    Note(UnitId, String),
    /// Since API 1.1.
    CardsBeneath(UnitId),
    /// Since API 1.4.
    LastSeen(UnitId),
    /// Since API 1.5.
    DiceHidden,
    /// Since API 1.8.
    Playing,
    /// Since API 1.11.
    Pile(Side, crate::Pile),
    /// Since API 1.11.
    Printed(UnitId),
    /// Since API 1.12.
    Locations(Option<Zone>),
    /// Since API 1.13.
    Counters(UnitId),
    /// Since API 1.16.
    Place(UnitId),
    /// Since API 1.19.
    PaidWith,
    /// Since API 1.19.
    Attached(UnitId),
    /// Since API 1.20.
    ChosenBefore,
    /// Since API 1.20.
    ChosenBy,
}

/// The host's answer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum HostResponse {
    Unit(Option<UnitView>),
    Units(Vec<UnitId>),
    Attack(Option<AttackView>),
    PendingDamage(Vec<PendingView>),
    Player(PlayerView),
    Rule(Option<String>),
    /// Since API 1.1.
    Abilities(Vec<String>),
    /// Since API 1.1.
    Note(Option<i32>),
    /// Since API 1.1.
    CardsBeneath(u32),
    /// Since API 1.4.
    LastSeen(Option<UnitView>),
    /// Since API 1.5.
    DiceHidden(bool),
    /// Since API 1.8.
    Playing(Option<crate::PlayView>),
    /// Since API 1.11.
    Pile(Vec<crate::PileCard>),
    /// Since API 1.11.
    Printed(Option<crate::PileCard>),
    /// Since API 1.13.
    Counters(Vec<(String, u32)>),
    /// Since API 1.16.
    Place(Option<crate::UnitPlace>),
    /// Since API 1.19.
    Attached(Vec<crate::AttachedCard>),
    /// Since API 1.20.
    Indexes(Vec<u32>),
    /// Since API 1.20.
    Side(Option<crate::Side>),
}
