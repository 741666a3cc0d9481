//! The trusted native path: keyword plugins built as native `cdylib`s from the same source as
//! their wasm builds, loaded with libloading. No sandbox: only for first-party plugins and as
//! the speed reference for the wasm path.

use std::ffi::c_void;
use std::path::Path;

use libloading::Library;
use swtcg_plugin_api::native::{
    Buffer, HostRequest, HostResponse, HostTable, NATIVE_ABI, Request, Response, symbols,
};
use swtcg_plugin_api::{Ability, Effect, HookEvent, HookPoint, HostView, QueryAnswer, QueryCall};

use std::cell::RefCell;
use swtcg_rules::model::GameState;
use swtcg_rules::reads::{Read, Reading, Reads};
use swtcg_rules::view::StateView;

type CallFn = unsafe extern "C" fn(*const HostTable, *const u8, usize) -> Buffer;
type FreeFn = unsafe extern "C" fn(Buffer);
type VersionFn = extern "C" fn() -> u32;

/// A loaded native plugin.
pub struct NativePlugin {
    call: CallFn,
    free: FreeFn,
    /// The minor API version the plugin was built against: one before 1.7 says that an offer
    /// replaces a played card's effects by its label (`replaces_by_old_label`) and answers
    /// `removed-keywords` one unit at a time (`lost_keywords_unit_by_unit`); one before 1.8 is
    /// never asked `undisruptable`.
    minor: u32,
    /// Kept last so the library outlives the function pointers taken from it.
    _library: Library,
}

impl NativePlugin {
    /// Loads a native plugin and checks its ABI and API versions.
    ///
    /// # Safety
    /// Loading a library runs its initializers and trusts its code completely: use it only for
    /// trusted plugins built from this repository's plugin sources.
    pub unsafe fn load(path: &Path) -> Result<NativePlugin, String> {
        let fail =
            |what: &str, err: &dyn std::fmt::Display| format!("{}: {what}: {err}", path.display());
        // SAFETY: the caller trusts the library (see above).
        let library = unsafe { Library::new(path) }.map_err(|e| fail("loading the library", &e))?;
        // SAFETY: the symbols are declared by `swtcg_plugin_api::export_keyword!` with these types.
        let (abi, api, call, free) = unsafe {
            let abi = *library
                .get::<VersionFn>(symbols::ABI)
                .map_err(|e| fail("not a swtcg native plugin", &e))?;
            let api = *library
                .get::<VersionFn>(symbols::API)
                .map_err(|e| fail("no API version", &e))?;
            let call = *library
                .get::<CallFn>(symbols::CALL)
                .map_err(|e| fail("no call entry", &e))?;
            let free = *library
                .get::<FreeFn>(symbols::FREE)
                .map_err(|e| fail("no free entry", &e))?;
            (abi, api, call, free)
        };
        if abi() != NATIVE_ABI {
            return Err(format!(
                "{}: native ABI {} is not the host's {NATIVE_ABI}",
                path.display(),
                abi()
            ));
        }
        let (host_major, host_minor, _) = swtcg_plugin_api::API_VERSION;
        // A plugin of an older minor version works (a minor version only adds); one of a newer
        // minor may need what this host does not have.
        if api() >> 16 != host_major as u32 || api() & 0xffff > host_minor as u32 {
            return Err(format!(
                "{}: built against API {}.{}, the host implements {}",
                path.display(),
                api() >> 16,
                api() & 0xffff,
                swtcg_plugin_api::api_version_string()
            ));
        }
        Ok(NativePlugin {
            call,
            free,
            minor: api() & 0xffff,
            _library: library,
        })
    }

    fn request(&mut self, request: &Request, state: &GameState) -> Result<Response, String> {
        self.request_noting(request, state, None)
    }

    /// `request`, noting every host question and its answer in `reads` if given.
    fn request_noting(
        &mut self,
        request: &Request,
        state: &GameState,
        reads: Option<&RefCell<Vec<Read>>>,
    ) -> Result<Response, String> {
        let bytes = serde_json::to_vec(request).map_err(|e| e.to_string())?;
        let view = Reading {
            view: StateView(state),
            reads,
        };
        let table = HostTable {
            ctx: &view as *const Reading as *const c_void,
            ask: host_ask,
            free: host_free,
        };
        // SAFETY: the table and request outlive the call; the returned buffer is the plugin's,
        // copied and then handed back to its `free`.
        let copy = unsafe {
            let answer = (self.call)(&table, bytes.as_ptr(), bytes.len());
            let copy = answer.copy();
            (self.free)(answer);
            copy
        };
        serde_json::from_slice(&copy).map_err(|e| format!("unreadable answer: {e}"))
    }

    pub fn call_hook(
        &mut self,
        hook: HookPoint,
        ability: &Ability,
        event: &HookEvent,
        state: &GameState,
    ) -> Result<Vec<Effect>, String> {
        let request = Request::Hook {
            hook,
            ability: ability.clone(),
            event: event.clone(),
        };
        match self.request(&request, state)? {
            Response::Effects(result) => {
                result.map_err(|m| swtcg_rules::hooks::plugin_returned_error(&m))
            }
            Response::Answer(result) => Err(result
                .err()
                .unwrap_or_else(|| "answered a hook with a query answer".into())),
        }
    }

    pub fn query(
        &mut self,
        ability: &Ability,
        call: &QueryCall,
        state: &GameState,
    ) -> Result<QueryAnswer, String> {
        self.query_noting(ability, call, state, None)
    }

    /// `query`, with what the plugin read to answer it (`swtcg_rules::reads`). The per-unit
    /// form of `removed-keywords-all` that plugins older than 1.7 are asked (the host chooses
    /// which units from the state) says nothing of what it read.
    pub fn query_reading(
        &mut self,
        ability: &Ability,
        call: &QueryCall,
        state: &GameState,
    ) -> Result<(QueryAnswer, Option<Reads>), String> {
        if matches!(call, QueryCall::RemovedKeywordsAll) && self.minor < 7 {
            return self
                .query(ability, call, state)
                .map(|answer| (answer, None));
        }
        let reads = RefCell::new(Vec::new());
        let answer = self.query_noting(ability, call, state, Some(&reads))?;
        Ok((answer, Some(Reads(reads.into_inner()))))
    }

    fn query_noting(
        &mut self,
        ability: &Ability,
        call: &QueryCall,
        state: &GameState,
        reads: Option<&RefCell<Vec<Read>>>,
    ) -> Result<QueryAnswer, String> {
        if matches!(call, QueryCall::RemovedKeywordsAll) && self.minor < 7 {
            // A plugin built before API 1.7 has only the per-unit form; the wasm host asks
            // its older versions the same way (`lost_keywords_unit_by_unit`).
            let lost =
                swtcg_wasm_host::lost_keywords_unit_by_unit(state, |unit| -> Result<_, String> {
                    match self.query(ability, &QueryCall::RemovedKeywords { unit }, state)? {
                        QueryAnswer::Abilities(keywords) => Ok(keywords),
                        // The engine read any other answer as nothing lost, and still does.
                        _ => Ok(Vec::new()),
                    }
                })?;
            return Ok(QueryAnswer::LostKeywords(lost));
        }
        if matches!(call, QueryCall::Undisruptable) && self.minor < 8 {
            // A plugin built before API 1.8 has no `undisruptable` (it could not even read the
            // request): no change, the answer the wasm host gives its older versions.
            return Ok(QueryAnswer::Flag(false));
        }
        if matches!(call, QueryCall::BuildCostChangeFor { .. }) && self.minor < 10 {
            // Before API 1.10 no plugin changes a build cost by this query.
            return Ok(QueryAnswer::Number(0));
        }
        if matches!(call, QueryCall::Actions { .. }) && self.minor < 12 {
            // Before API 1.12 no plugin offers an action instead of attacking.
            return Ok(QueryAnswer::Activations(Vec::new()));
        }
        if matches!(call, QueryCall::Forbids { .. }) && self.minor < 14 {
            // Before API 1.14 no plugin forbids an act.
            return Ok(QueryAnswer::Flag(false));
        }
        if matches!(call, QueryCall::Subtypes) && self.minor < 15 {
            // Before API 1.15 no plugin gives its unit subtypes.
            return Ok(QueryAnswer::Abilities(Vec::new()));
        }
        if matches!(call, QueryCall::Later { .. }) && self.minor < 15 {
            // Before API 1.15 no plugin puts effects off until later.
            return Ok(QueryAnswer::Effects(Vec::new()));
        }
        if matches!(call, QueryCall::GrantedAbilitiesFor { .. }) && self.minor < 9 {
            // Before API 1.9 no plugin gives other units abilities by this query.
            return Ok(QueryAnswer::Abilities(Vec::new()));
        }
        let request = Request::Query {
            ability: ability.clone(),
            call: call.clone(),
        };
        match self.request_noting(&request, state, reads)? {
            Response::Answer(Ok(QueryAnswer::Activations(mut offers))) if self.minor < 7 => {
                // Before API 1.7 an offer's label said whether it replaces a played card's
                // effects; the wasm host's conversion of those versions reads it the same way.
                for offer in &mut offers {
                    offer.replaces = swtcg_wasm_host::replaces_by_old_label(&offer.label);
                }
                Ok(QueryAnswer::Activations(offers))
            }
            Response::Answer(result) => {
                result.map_err(|m| swtcg_rules::hooks::plugin_returned_error(&m))
            }
            Response::Effects(_) => Err("answered a query with effects".into()),
        }
    }
}

/// Answers a plugin's host question from the `Reading` of the call in progress.
unsafe extern "C" fn host_ask(ctx: *const c_void, request: *const u8, len: usize) -> Buffer {
    // SAFETY: `ctx` is the `Reading` lent by `NativePlugin::request_noting` for this call, and
    // `request` points to `len` bytes owned by the plugin for the duration of this call.
    let (view, bytes) = unsafe {
        (
            &*(ctx as *const Reading),
            std::slice::from_raw_parts(request, len),
        )
    };
    let response = match serde_json::from_slice::<HostRequest>(bytes) {
        Ok(HostRequest::Unit(id)) => HostResponse::Unit(view.unit(id)),
        Ok(HostRequest::Units(zone)) => HostResponse::Units(view.units(zone)),
        Ok(HostRequest::Attack) => HostResponse::Attack(view.attack()),
        Ok(HostRequest::PendingDamage) => HostResponse::PendingDamage(view.pending_damage()),
        Ok(HostRequest::Player(side)) => HostResponse::Player(view.player(side)),
        Ok(HostRequest::Rule(name)) => HostResponse::Rule(view.rule(&name)),
        Ok(HostRequest::Abilities(id)) => HostResponse::Abilities(view.abilities(id)),
        Ok(HostRequest::Note(id, key)) => HostResponse::Note(view.note(id, &key)),
        Ok(HostRequest::CardsBeneath(id)) => HostResponse::CardsBeneath(view.cards_beneath(id)),
        Ok(HostRequest::LastSeen(id)) => HostResponse::LastSeen(view.last_seen(id)),
        Ok(HostRequest::DiceHidden) => HostResponse::DiceHidden(view.dice_hidden()),
        Ok(HostRequest::Playing) => HostResponse::Playing(view.playing()),
        Ok(HostRequest::Pile(side, pile)) => HostResponse::Pile(view.pile_cards(side, pile)),
        Ok(HostRequest::Printed(id)) => HostResponse::Printed(view.printed(id)),
        Ok(HostRequest::Locations(zone)) => HostResponse::Units(view.locations(zone)),
        Ok(HostRequest::Counters(id)) => HostResponse::Counters(view.counters(id)),
        Ok(HostRequest::Place(id)) => HostResponse::Place(view.place(id)),
        Ok(HostRequest::PaidWith) => HostResponse::Units(view.paid_with()),
        Ok(HostRequest::Attached(id)) => HostResponse::Attached(view.attached(id)),
        Ok(HostRequest::ChosenBefore) => HostResponse::Indexes(view.chosen_before()),
        Ok(HostRequest::ChosenBy) => HostResponse::Side(view.chosen_by()),
        Err(_) => HostResponse::Units(Vec::new()),
    };
    Buffer::from_vec(serde_json::to_vec(&response).unwrap_or_default())
}

/// Frees an answer of `host_ask` once the plugin has copied it.
unsafe extern "C" fn host_free(buffer: Buffer) {
    // SAFETY: every buffer given to the plugin comes from `Buffer::from_vec` in `host_ask`.
    drop(unsafe { buffer.into_vec() });
}
