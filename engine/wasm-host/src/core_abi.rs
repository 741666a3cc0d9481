//! The core-module call path of the newest plugin API: the plugin component's main core module
//! run with wasmtime's core API, its host imports and its exports crossed by this module's own
//! code for the canonical ABI of `plugin-api/wit/keyword.wit`.
//!
//! A plugin on disk stays a component. wit-component embeds the plugin's main core module in it
//! unchanged apart from its custom sections: its exports are the lifted functions
//! (`swtcg:keyword/hooks@<version>#pop-p6`, `cabi_post_...`, `cabi_realloc`, `memory`) and its
//! imports the lowered host functions (`swtcg:keyword/host@<version>`, e.g. `attack` taking a
//! return pointer). The component's other core modules (wit-component's shim and fix-up
//! modules) only route those imports through a table so that the lowering can use the main
//! module's `cabi_realloc`; here the imports are the host functions below, which call
//! `cabi_realloc` themselves. wasmtime 48's component boundary (export look-up, typed lifting
//! and lowering, post-return bookkeeping) cost about 5,300 instructions a call
//! (docs/performance.md, change 8); this path writes and reads the same layouts directly.
//!
//! Only the newest API takes this path, and only when the main module's imports and exports are
//! exactly the expected core signatures (`shape_error`); any other plugin keeps the component
//! path, which is always correct. Every read of guest memory is bounds-checked and alignment-
//! checked, every discriminant and string validated, as wasmtime's lifting does: a plugin
//! returning bad pointers gets an error, and its instance is replaced like after a trap.

// tidy: long file: the canonical ABI of every record of keyword.wit in one place, so that
// it reads step for step against the component path it must equal.

use swtcg_plugin_api as api;
use wasmtime::{ExternType, InstancePre, Memory, Module, Store};
use wasmtime::{ModuleExport, TypedFunc, ValType};

use super::HostCtx;

mod exports;
mod host;
use exports::{Export, ExportAt, Exports, Funcs};
pub(crate) use host::add_host_functions;
use host::*;

/// Shorthand for the errors of this module: a failed call, reported like a trap.
type Result<T> = wasmtime::Result<T>;

fn fail<T>(message: impl Into<String>) -> Result<T> {
    Err(wasmtime::Error::msg(message.into()))
}

/// The `host` functions of the newest API with their lowered core signatures: the number of
/// `i32` parameters (the return pointer last, for a result that does not fit one value) and of
/// `i32` results.
const HOST_FUNCTIONS: [(&str, usize, usize); 23] = [
    ("unit", 2, 0),
    ("units", 3, 0),
    ("attack", 1, 0),
    ("attack-inline", 1, 0),
    ("pending-damage", 1, 0),
    ("player", 2, 0),
    ("rule", 3, 0),
    ("abilities", 2, 0),
    ("note", 4, 0),
    ("cards-beneath", 1, 1),
    ("describe-ability", 2, 0),
    ("last-seen", 2, 0),
    ("dice-hidden", 0, 1),
    ("playing", 1, 0),
    ("pile-cards", 3, 0),
    ("printed", 2, 0),
    ("locations", 3, 0),
    ("counters", 2, 0),
    ("place", 2, 0),
    ("paid-with", 1, 0),
    ("attached", 2, 0),
    ("chosen-before", 1, 0),
    ("chosen-by", 1, 0),
];

/// The flat parameters of a hook export: the `ability-ref` (2) and the `event` (13).
const HOOK_PARAMS: usize = 15;

/// The query exports with their core signatures (all `i32`): parameters, results. A result
/// that does not fit one value comes back as a pointer; `activate` has more than 16 flat
/// parameters, so it takes a pointer to them.
const QUERY_EXPORTS: [(&str, usize, usize); 28] = [
    ("attack-die-modifier", 4, 1),
    ("hit-threshold", 3, 1),
    ("can-be-attacked", 3, 1),
    ("can-be-retargeted", 3, 1),
    ("stat-modifier", 2, 1),
    ("power-against", 3, 1),
    ("damage-preventable", 4, 1),
    ("activations", 16, 1),
    ("activate", 1, 1),
    ("granted-abilities", 2, 1),
    ("completions", 2, 1),
    ("attack-arenas", 2, 1),
    ("stat-modifier-for", 3, 1),
    ("chosen", 3, 1),
    ("understands", 2, 1),
    ("stacks-under", 9, 1),
    ("secret-roll", 2, 1),
    ("removed-keywords", 3, 1),
    ("build-activations", 15, 1),
    ("pilot-room", 4, 1),
    ("removed-keywords-all", 2, 1),
    ("undisruptable", 2, 1),
    ("granted-abilities-for", 3, 1),
    ("build-cost-change-for", 3, 1),
    ("actions", 15, 1),
    ("forbids", 7, 1),
    ("later", 3, 1),
    ("subtypes", 2, 1),
];

fn host_module() -> String {
    format!("swtcg:keyword/host@{}", api::api_version_string())
}

fn hook_export(hook: api::HookPoint) -> String {
    format!(
        "swtcg:keyword/hooks@{}#{}",
        api::api_version_string(),
        hook.name()
    )
}

fn query_export(name: &str) -> String {
    format!("swtcg:keyword/queries@{}#{name}", api::api_version_string())
}

/// The main core module of a component made by wit-component: the one core module that exports
/// `cabi_realloc`. `None` when there is not exactly one, or the component does not parse.
pub(super) fn main_module(component: &[u8]) -> Option<&[u8]> {
    let mut main = None;
    for payload in wasmparser::Parser::new(0).parse_all(component) {
        if let wasmparser::Payload::ModuleSection {
            unchecked_range, ..
        } = payload.ok()?
        {
            let module = component.get(unchecked_range)?;
            if exports_realloc(module)? && main.replace(module).is_some() {
                return None;
            }
        }
    }
    main
}

fn exports_realloc(module: &[u8]) -> Option<bool> {
    for payload in wasmparser::Parser::new(0).parse_all(module) {
        if let wasmparser::Payload::ExportSection(reader) = payload.ok()? {
            for export in reader {
                if export.ok()?.name == "cabi_realloc" {
                    return Some(true);
                }
            }
        }
    }
    Some(false)
}

fn is_i32_func(ty: &ExternType, params: usize, results: usize) -> bool {
    match ty {
        ExternType::Func(f) => {
            f.params().len() == params
                && f.params().all(|p| matches!(p, ValType::I32))
                && f.results().len() == results
                && f.results().all(|r| matches!(r, ValType::I32))
        }
        _ => false,
    }
}

/// Why a main module can't take the core path (it imports or exports something else than the
/// newest API's core signatures), or `None` if it can.
pub(super) fn shape_error(module: &Module) -> Option<String> {
    let host = host_module();
    for import in module.imports() {
        let expected = HOST_FUNCTIONS
            .iter()
            .find(|f| import.module() == host && f.0 == import.name());
        match expected {
            Some(&(_, params, results)) if is_i32_func(&import.ty(), params, results) => {}
            _ => {
                return Some(format!(
                    "it imports `{}` `{}`, which is no host function of API {} with its core signature",
                    import.module(),
                    import.name(),
                    api::api_version_string()
                ));
            }
        }
    }
    match module.get_export("memory") {
        Some(ExternType::Memory(m)) if !m.is_64() && !m.is_shared() => {}
        _ => return Some("it exports no 32-bit memory `memory`".into()),
    }
    let mut expected: Vec<(String, usize, usize)> = vec![("cabi_realloc".into(), 4, 1)];
    expected.extend(
        api::HookPoint::ALL
            .iter()
            .map(|&hook| (hook_export(hook), HOOK_PARAMS, 1)),
    );
    expected.extend(
        QUERY_EXPORTS
            .iter()
            .map(|&(name, params, results)| (query_export(name), params, results)),
    );
    for (name, params, results) in &expected {
        match module.get_export(name) {
            Some(ty) if is_i32_func(&ty, *params, *results) => {}
            _ => return Some(format!("it exports no `{name}` with its core signature")),
        }
    }
    for export in module.exports() {
        let (name, ty) = (export.name(), export.ty());
        if name.starts_with("cabi_post_") && !is_i32_func(&ty, 1, 0) {
            return Some(format!("its `{name}` is no post-return function"));
        }
        if name == "_initialize" && !is_i32_func(&ty, 0, 0) {
            return Some("its `_initialize` takes or returns values".into());
        }
    }
    None
}

/// The guest's memory and allocator, kept in the store's `HostCtx` for the host functions.
pub(super) struct Guest {
    memory: Memory,
    realloc: TypedFunc<(i32, i32, i32, i32), i32>,
}

/// What a plugin's SDK promises beyond the canonical ABI, from the main module's custom section
/// `swtcg-sdk` (one promise a line; the guest SDK, the crate `swtcg-sdk`, writes it). A
/// module without the section promises nothing and gets every step of the canonical ABI.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Promises {
    /// `post-return-frees-nothing-for-empty`: an export's post-return function frees nothing
    /// when its result is an empty list or an `ok` holding one, so the call may be skipped.
    pub(crate) no_post_for_empty: bool,
}

impl Promises {
    /// The promises of a core module's `swtcg-sdk` sections; unknown lines promise nothing.
    pub(crate) fn of(module: &[u8]) -> Promises {
        let mut promises = Promises::default();
        for payload in wasmparser::Parser::new(0).parse_all(module) {
            let Ok(wasmparser::Payload::CustomSection(section)) = payload else {
                continue;
            };
            if section.name() != api::SDK_SECTION {
                continue;
            }
            for line in section.data().split(|&b| b == b'\n') {
                if line == api::NO_POST_FOR_EMPTY.as_bytes() {
                    promises.no_post_for_empty = true;
                }
            }
        }
        promises
    }

    /// The promises as one byte of the compile cache's payload.
    pub(crate) fn to_byte(self) -> u8 {
        u8::from(self.no_post_for_empty)
    }

    /// The promises a compile cache payload's byte holds (`to_byte`).
    pub(crate) fn from_byte(byte: u8) -> Promises {
        Promises {
            no_post_for_empty: byte & 1 != 0,
        }
    }
}

/// A core module linked with the host functions, ready to instantiate.
pub(super) struct CorePre {
    pre: InstancePre<HostCtx>,
    promises: Promises,
    /// The API's exports, found in the module once.
    exports: Exports,
    memory: ModuleExport,
    realloc: ModuleExport,
    initialize: Option<ModuleExport>,
}

type HookParams = (
    i32,
    i32,
    i32,
    i32,
    i32,
    i32,
    i32,
    i32,
    i32,
    i32,
    i32,
    i32,
    i32,
    i32,
    i32,
);
type Flat16 = (
    i32,
    i32,
    i32,
    i32,
    i32,
    i32,
    i32,
    i32,
    i32,
    i32,
    i32,
    i32,
    i32,
    i32,
    i32,
    i32,
);
type Flat9 = (i32, i32, i32, i32, i32, i32, i32, i32, i32);

/// A lifted export result, as far as its post-return function may care.
trait Lifted {
    /// An empty list, or an `ok` holding one: what `Promises::no_post_for_empty` is about.
    fn is_empty_list(&self) -> bool {
        false
    }
}

impl<T> Lifted for Vec<T> {
    fn is_empty_list(&self) -> bool {
        self.is_empty()
    }
}

impl<T> Lifted for std::result::Result<Vec<T>, String> {
    fn is_empty_list(&self) -> bool {
        matches!(self, Ok(list) if list.is_empty())
    }
}

impl Lifted for Option<u8> {}
impl Lifted for Option<bool> {}
impl Lifted for api::Stats {}
impl Lifted for api::RoomForPilots {}

/// A live instance of a core module: its memory and its exports.
pub(super) struct CoreInstance {
    instance: wasmtime::Instance,
    memory: Memory,
    promises: Promises,
    exports: Exports,
}

impl CorePre {
    /// The module linked with the host functions; refused if it lacks an export of the API.
    pub(super) fn new(pre: InstancePre<HostCtx>, promises: Promises) -> Result<CorePre> {
        let module = pre.module();
        let exports = Exports::find(module)?;
        let memory = module
            .get_export_index("memory")
            .ok_or_else(|| wasmtime::Error::msg("the plugin exports no memory"))?;
        let realloc = ExportAt::find(module, "cabi_realloc")?.func;
        let initialize = module.get_export_index("_initialize");
        Ok(CorePre {
            pre,
            promises,
            exports,
            memory,
            realloc,
            initialize,
        })
    }

    /// A fresh instance in `store`, whose `HostCtx` gets the instance's memory and allocator.
    /// Its exports are looked up at their first calls; their types were checked when the plugin
    /// was compiled (`shape_error`).
    pub(super) fn instantiate(&self, store: &mut Store<HostCtx>) -> Result<CoreInstance> {
        let instance = self.pre.instantiate(&mut *store)?;
        let Some(memory) = instance
            .get_module_export(&mut *store, &self.memory)
            .and_then(wasmtime::Extern::into_memory)
        else {
            return fail("the plugin exports no memory");
        };
        let Some(realloc) = instance
            .get_module_export(&mut *store, &self.realloc)
            .and_then(wasmtime::Extern::into_func)
        else {
            return fail("the plugin exports no cabi_realloc");
        };
        let realloc = realloc.typed(&*store)?;
        store.data_mut().guest = Some(Guest { memory, realloc });
        // wit-component runs `_initialize` when the component is instantiated.
        if let Some(init) = self
            .initialize
            .as_ref()
            .and_then(|at| instance.get_module_export(&mut *store, at))
            .and_then(wasmtime::Extern::into_func)
        {
            init.typed::<(), ()>(&*store)?.call(&mut *store, ())?;
        }
        Ok(CoreInstance {
            instance,
            memory,
            promises: self.promises,
            exports: self.exports.clone(),
        })
    }
}

// ----- values of the WIT enums -----

/// A `side`, `arena` or `zone` read from the plugin: the contract's one conversion from a case
/// number, whose error ("invalid side 2") fails the call. They are written as `u8::from(value)`.
fn lift<T: TryFrom<u8, Error = api::NotInEnum>>(value: u8) -> Result<T> {
    T::try_from(value).or_else(|e| fail(e.to_string()))
}

fn lift_duration(value: u8) -> Result<api::Duration> {
    use api::Duration as D;
    Ok(match value {
        0 => D::ThisAttack,
        1 => D::NextAttack,
        2 => D::EndOfBattle,
        3 => D::EndOfTurn,
        4 => D::EndOfGame,
        _ => return fail(format!("invalid duration {value}")),
    })
}

fn pop_value(pop: api::Pop) -> i32 {
    api::Pop::ALL.iter().position(|&p| p == pop).unwrap_or(0) as i32
}

/// The parameters of a hook export and of `build-activations`: the ability's unit and key, then
/// the event's 13 flat values.
fn hook_params(unit: i32, key: i32, event: &api::HookEvent) -> HookParams {
    let e = flat_event(event);
    (
        unit, key, e[0], e[1], e[2], e[3], e[4], e[5], e[6], e[7], e[8], e[9], e[10], e[11], e[12],
    )
}

/// The 13 flat values of an `event`: `turn`, then each option as its case and its value.
fn flat_event(e: &api::HookEvent) -> [i32; 13] {
    let opt = |v: Option<i32>| match v {
        Some(v) => (1, v),
        None => (0, 0),
    };
    let side = opt(e.side.map(|s| u8::from(s).into()));
    let arena = opt(e.arena.map(|a| u8::from(a).into()));
    let attacker = opt(e.attacker.map(|u| u as i32));
    let defender = opt(e.defender.map(|u| u as i32));
    let unit = opt(e.unit.map(|u| u as i32));
    let amount = opt(e.amount);
    [
        e.turn as i32,
        side.0,
        side.1,
        arena.0,
        arena.1,
        attacker.0,
        attacker.1,
        defender.0,
        defender.1,
        unit.0,
        unit.1,
        amount.0,
        amount.1,
    ]
}

// ----- reading guest memory -----

/// Guest memory being lifted from: every read is checked.
#[derive(Clone, Copy)]
struct Mem<'a>(&'a [u8]);

impl<'a> Mem<'a> {
    fn bytes(self, ptr: u32, len: u32) -> Result<&'a [u8]> {
        let start = ptr as usize;
        match start
            .checked_add(len as usize)
            .and_then(|end| self.0.get(start..end))
        {
            Some(bytes) => Ok(bytes),
            None => fail(format!(
                "the plugin pointed outside its memory ({len} bytes at {ptr})"
            )),
        }
    }

    /// Checks that `size` bytes at `ptr`, aligned to `align`, are in memory.
    fn record(self, ptr: u32, size: u32, align: u32) -> Result<u32> {
        if !ptr.is_multiple_of(align) {
            return fail(format!("the plugin returned an unaligned pointer {ptr}"));
        }
        self.bytes(ptr, size).map(|_| ptr)
    }

    fn u8(self, ptr: u32) -> Result<u8> {
        Ok(self.bytes(ptr, 1)?[0])
    }

    fn u32(self, ptr: u32) -> Result<u32> {
        let b = self.bytes(ptr, 4)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    fn i32(self, ptr: u32) -> Result<i32> {
        self.u32(ptr).map(|v| v as i32)
    }

    /// A `bool`: any byte but 0 is true, as the canonical ABI and wasmtime read it.
    fn bool(self, ptr: u32) -> Result<bool> {
        Ok(self.u8(ptr)? != 0)
    }

    /// The string whose pointer and length are at `at`.
    fn string(self, at: u32) -> Result<String> {
        let (ptr, len) = (self.u32(at)?, self.u32(at.wrapping_add(4))?);
        self.string_at(ptr, len)
    }

    fn string_at(self, ptr: u32, len: u32) -> Result<String> {
        match std::str::from_utf8(self.bytes(ptr, len)?) {
            Ok(s) => Ok(s.to_string()),
            Err(_) => fail("the plugin returned a string that is not UTF-8"),
        }
    }

    /// The elements of the list whose pointer and length are at `at`: their addresses.
    fn list(self, at: u32, size: u32, align: u32) -> Result<impl Iterator<Item = u32>> {
        let (ptr, len) = (self.u32(at)?, self.u32(at.wrapping_add(4))?);
        let Some(total) = len.checked_mul(size) else {
            return fail("the plugin returned a list longer than its memory");
        };
        self.record(ptr, total, align)?;
        Ok((0..len).map(move |i| ptr + i * size))
    }

    fn strings(self, at: u32) -> Result<Vec<String>> {
        self.list(at, 8, 4)?.map(|s| self.string(s)).collect()
    }

    fn option_string(self, at: u32) -> Result<Option<String>> {
        match self.u8(at)? {
            0 => Ok(None),
            1 => self.string(at + 4).map(Some),
            v => fail(format!("invalid option case {v}")),
        }
    }

    fn option_u32(self, at: u32) -> Result<Option<u32>> {
        match self.u8(at)? {
            0 => Ok(None),
            1 => self.u32(at + 4).map(Some),
            v => fail(format!("invalid option case {v}")),
        }
    }

    /// A `stats` record (12 bytes).
    fn stats(self, at: u32) -> Result<api::Stats> {
        let at = self.record(at, 12, 4)?;
        Ok(api::Stats {
            speed: self.i32(at)?,
            power: self.i32(at + 4)?,
            health: self.i32(at + 8)?,
        })
    }

    /// The `len` elements of `size` bytes of a list at `ptr`, aligned to `align`, checked at
    /// once: each element's bytes.
    fn elements(
        self,
        ptr: u32,
        len: u32,
        size: u32,
        align: u32,
    ) -> Result<impl Iterator<Item = Fields<'a>>> {
        let Some(total) = len.checked_mul(size) else {
            return fail("the plugin returned a list longer than its memory");
        };
        self.record(ptr, total, align)?;
        Ok(self
            .bytes(ptr, total)?
            .chunks_exact(size as usize)
            .map(Fields))
    }

    /// A `list<string>` whose pointer and length are `ptr` and `len`.
    fn strings_at(self, ptr: u32, len: u32) -> Result<Vec<String>> {
        self.elements(ptr, len, 8, 4)?
            .map(|s| self.string_at(s.u32(0), s.u32(4)))
            .collect()
    }

    /// A `delayed` variant (24 bytes: the case, then its payload at 4) in `f` from `at`.
    fn delayed(self, f: &Fields<'_>, at: usize) -> Result<api::Delayed> {
        use api::Delayed as D;
        let p = at + 4;
        Ok(match f.u8(at) {
            0 => D::DiceOfDamage {
                source: f.u32(p),
                target: f.u32(p + 4),
                dice: f.u32(p + 8),
            },
            1 => D::Damage {
                source: f.u32(p),
                target: f.u32(p + 4),
                amount: f.u32(p + 8),
            },
            2 => D::Stats(f.stat_change(p)?),
            3 => D::GainForce { amount: f.u32(p) },
            4 => D::GainBuildPoints { amount: f.u32(p) },
            5 => D::Draw { cards: f.u32(p) },
            6 => D::LoseForce {
                side: lift(f.u8(p))?,
                amount: f.u32(p + 4),
            },
            v => return fail(format!("invalid delayed effect case {v}")),
        })
    }

    /// An `effect` variant (28 bytes: the case, then its payload at 4); its strings and lists
    /// are read from `self`.
    fn effect(self, f: &Fields<'_>) -> Result<api::Effect> {
        use api::Effect as E;
        let p = 4;
        let (a, b) = (f.u32(p), f.u32(p + 4));
        Ok(match f.u8(0) {
            0 => E::Stats(f.stat_change(p)?),
            1 => E::Prevent { unit: a, amount: b },
            2 => E::AddPending { unit: a, amount: b },
            3 => E::DiceOfDamage {
                source: a,
                target: b,
                dice: f.u32(p + 8),
            },
            4 => E::Damage {
                source: a,
                target: b,
                amount: f.u32(p + 8),
            },
            5 => E::ChangeDefender { unit: a },
            6 => E::OfferSplit { hits: a },
            7 => E::ExtraAttackDice { dice: a },
            8 => E::GainForce { amount: a },
            9 => E::Tap { unit: a },
            10 => E::Untap { unit: a },
            11 => E::Counters {
                unit: a,
                kind: self.string_at(b, f.u32(p + 8))?,
                amount: f.i32(p + 12),
            },
            12 => E::PayOneOf {
                costs: self.strings_at(a, b)?,
            },
            13 => E::AtAttackEnd(self.delayed(f, p)?),
            14 => E::Reroll {
                dice: self.elements(a, b, 4, 4)?.map(|d| d.u32(0)).collect(),
            },
            15 => E::DiceModifier { amount: a as i32 },
            16 => E::MoveUnit {
                unit: a,
                zone: lift(f.u8(p + 4))?,
            },
            17 => E::Grant {
                unit: a,
                text: self.string_at(b, f.u32(p + 8))?,
                duration: lift_duration(f.u8(p + 12))?,
            },
            18 => E::PlaceDamage { unit: a, amount: b },
            19 => E::RemoveDamage { unit: a, amount: b },
            20 => E::Draw {
                side: lift(f.u8(p))?,
                cards: b,
            },
            21 => E::GainBuildPoints { amount: a },
            22 => E::LoseForce {
                side: lift(f.u8(p))?,
                amount: b,
            },
            23 => E::Choose {
                options: self.strings_at(a, b)?,
                optional: f.bool(p + 8),
            },
            24 => E::Note {
                unit: a,
                key: self.string_at(b, f.u32(p + 8))?,
                value: f.i32(p + 12),
                duration: lift_duration(f.u8(p + 16))?,
            },
            25 => E::AttackAgain {
                attacker: a,
                defender: b,
                tap: f.bool(p + 8),
            },
            26 => E::AtBuildStepStart(self.delayed(f, p)?),
            27 => E::PutBeneath { unit: a, from: b },
            28 => E::Attach {
                equipment: a,
                to: b,
            },
            29 => E::Board { onto: a },
            30 => E::Disembark { from: a },
            31 => E::Disrupt { play: a },
            32 => E::UnlessPays {
                side: lift(f.u8(p))?,
                cost: self.string_at(b, f.u32(p + 8))?,
            },
            // The record take-subordinate (API 1.10): the name's string at 4, the arenas'
            // list (one byte an arena) at 12, `tapped` at 20.
            33 => E::TakeSubordinate {
                name: self.string_at(a, b)?,
                arenas: self
                    .elements(f.u32(p + 8), f.u32(p + 12), 1, 1)?
                    .map(|arena| lift(arena.u8(0)))
                    .collect::<Result<_>>()?,
                tapped: f.bool(p + 16),
            },
            34 => E::DiscardUnit { unit: a },
            // The record pick-cards (API 1.11): the cards' list at 4, `count` at 12, `up-to`
            // at 16, the option `shuffle` at 17 (its side at 18), `picker` at 19, the variant
            // `to` at 20 (its case, then its build counters at 24).
            35 => E::PickCards(api::PickCards {
                cards: self.elements(a, b, 4, 4)?.map(|c| c.u32(0)).collect(),
                count: f.u32(p + 8),
                up_to: f.bool(p + 12),
                shuffle: match f.u8(p + 13) {
                    0 => None,
                    1 => Some(lift(f.u8(p + 14))?),
                    v => return fail(format!("invalid option case {v}")),
                },
                picker: lift(f.u8(p + 15))?,
                to: match f.u8(p + 16) {
                    0 => api::Destination::Hand,
                    1 => api::Destination::DiscardPile,
                    2 => api::Destination::BuildZone(f.u32(p + 20)),
                    3 => api::Destination::Play,
                    4 => api::Destination::Removed,
                    v => return fail(format!("invalid destination case {v}")),
                },
            }),
            36 => E::ClearDamage { unit: a, amount: b },
            // The record build-point-change (API 1.13): `side` at 4, `amount` at 8.
            37 => E::BuildPoints {
                side: lift(f.u8(p))?,
                amount: f.i32(p + 4),
            },
            // The record reveal (API 1.13): the cards' list at 4, `to` at 12.
            38 => E::Reveal {
                cards: self.elements(a, b, 4, 4)?.map(|c| c.u32(0)).collect(),
                to: lift(f.u8(p + 8))?,
            },
            // The duration of `lasts` (API 1.14), one byte at 4.
            39 => E::Lasts {
                duration: lift_duration(f.u8(p))?,
            },
            // The record unit-amount of build-counters (API 1.14).
            40 => E::BuildCounters { unit: a, amount: b },
            // The tag of `later` (API 1.15).
            41 => E::Later { tag: a },
            // The record side-amount of player-gains-force (API 1.19): the side's case, then
            // the amount.
            42 => E::PlayerGainsForce {
                side: lift(f.u8(p))?,
                amount: b,
            },
            v => return fail(format!("invalid effect case {v}")),
        })
    }

    /// A `result<list<effect>, string>` at `at` (12 bytes): the effects, or the plugin's error.
    fn effects_result(self, at: u32) -> Result<std::result::Result<Vec<api::Effect>, String>> {
        let at = self.record(at, 12, 4)?;
        let (ptr, len) = (self.u32(at + 4)?, self.u32(at + 8)?);
        match self.u8(at)? {
            0 => {
                let mut effects = Vec::with_capacity(len.min(64) as usize);
                for f in self.elements(ptr, len, 28, 4)? {
                    effects.push(self.effect(&f)?);
                }
                Ok(Ok(effects))
            }
            1 => Ok(Err(self.string_at(ptr, len)?)),
            v => fail(format!("invalid result case {v}")),
        }
    }

    /// A `list<activation>` whose pointer and length are at `at` (40 bytes an element since
    /// API 1.7 added `replaces`, the bool at 36).
    fn activations(self, at: u32) -> Result<Vec<api::Activation>> {
        let at = self.record(at, 8, 4)?;
        self.list(at, 40, 4)?
            .map(|a| {
                Ok(api::Activation {
                    label: self.string(a)?,
                    cost: self.option_string(a + 8)?,
                    targets: self
                        .list(a + 20, 4, 4)?
                        .map(|t| self.u32(t))
                        .collect::<Result<_>>()?,
                    max_amount: self.option_u32(a + 28)?,
                    replaces: self.bool(a + 36)?,
                })
            })
            .collect()
    }

    /// A `room-for-pilots` record at `at` (16 bytes, API 1.7): `allows-a-pilot` at 0, the
    /// `option<u32>` `up-to` at 4 (its case) and 8, `extra` at 12.
    fn room_for_pilots(self, at: u32) -> Result<api::RoomForPilots> {
        let at = self.record(at, 16, 4)?;
        Ok(api::RoomForPilots {
            allows_a_pilot: self.bool(at)?,
            up_to: self.option_u32(at + 4)?,
            extra: self.u32(at + 12)?,
        })
    }

    /// A `list<lost-keywords>` whose pointer and length are at `at` (API 1.7): 12 bytes an
    /// element, the `unit-id` at 0 and its `list<string>` at 4.
    fn lost_keywords(self, at: u32) -> Result<Vec<api::LostKeywords>> {
        let at = self.record(at, 8, 4)?;
        self.list(at, 12, 4)?
            .map(|l| {
                Ok(api::LostKeywords {
                    unit: self.u32(l)?,
                    keywords: self.strings(l + 4)?,
                })
            })
            .collect()
    }

    /// A `list<completion>` whose pointer and length are at `at`.
    fn completions(self, at: u32) -> Result<Vec<api::Completion>> {
        let at = self.record(at, 8, 4)?;
        self.list(at, 28, 4)?
            .map(|c| {
                Ok(api::Completion {
                    label: self.string(c)?,
                    cost: self.option_string(c + 8)?,
                    min_counters: self.u32(c + 20)?,
                    force_for_missing: self.bool(c + 24)?,
                    from_hand: self.bool(c + 25)?,
                    anytime: self.bool(c + 26)?,
                })
            })
            .collect()
    }
}

/// The bytes of one record or list element, already checked to be in guest memory: its fields
/// are read at fixed offsets inside it (an offset past its end reads as zero, which the record
/// sizes rule out).
struct Fields<'a>(&'a [u8]);

impl Fields<'_> {
    fn u8(&self, at: usize) -> u8 {
        self.0.get(at).copied().unwrap_or(0)
    }

    fn u32(&self, at: usize) -> u32 {
        self.0
            .get(at..at + 4)
            .and_then(|b| <[u8; 4]>::try_from(b).ok())
            .map_or(0, u32::from_le_bytes)
    }

    fn i32(&self, at: usize) -> i32 {
        self.u32(at) as i32
    }

    /// A `bool`: any byte but 0 is true, as the canonical ABI and wasmtime read it.
    fn bool(&self, at: usize) -> bool {
        self.u8(at) != 0
    }

    /// A `stat-change` record (20 bytes) from `at`.
    fn stat_change(&self, at: usize) -> Result<api::StatChange> {
        Ok(api::StatChange {
            unit: self.u32(at),
            speed: self.i32(at + 4),
            power: self.i32(at + 8),
            health: self.i32(at + 12),
            duration: lift_duration(self.u8(at + 16))?,
        })
    }
}

impl CoreInstance {
    fn mem<'a>(&self, store: &'a Store<HostCtx>) -> Mem<'a> {
        Mem(self.memory.data(store))
    }

    /// Runs the post-return function of an export after its result was lifted.
    fn post<P>(store: &mut Store<HostCtx>, funcs: &Funcs<P>, ret: i32) -> Result<()> {
        match &funcs.post {
            Some(post) => post.call(store, ret),
            None => Ok(()),
        }
    }

    /// Calls an export returning a pointer, lifts what it points to, then runs its post-return,
    /// unless the plugin's SDK promised that it frees nothing for the empty answer it gave.
    fn call_lift<P: wasmtime::WasmParams, R: Lifted>(
        &self,
        store: &mut Store<HostCtx>,
        export: &Export<P>,
        params: P,
        lift: impl FnOnce(Mem<'_>, u32) -> Result<R>,
    ) -> Result<R> {
        let funcs = export.funcs(store, &self.instance)?;
        let ret = funcs.func.call(&mut *store, params)?;
        let value = lift(self.mem(store), ret as u32)?;
        // Most calls answer "nothing", and the post-return call is a full entry into the
        // plugin (about a tenth of a hook call's time) that would free nothing.
        if !(self.promises.no_post_for_empty && value.is_empty_list()) {
            Self::post(store, funcs, ret)?;
        }
        Ok(value)
    }

    /// Calls an export returning one scalar.
    fn call_scalar<P: wasmtime::WasmParams>(
        &self,
        store: &mut Store<HostCtx>,
        export: &Export<P>,
        params: P,
    ) -> Result<i32> {
        let funcs = export.funcs(store, &self.instance)?;
        let value = funcs.func.call(&mut *store, params)?;
        Self::post(store, funcs, value)?;
        Ok(value)
    }

    /// Calls a hook export: the proposed effects, or the error message the plugin returned.
    pub(super) fn call_hook(
        &self,
        store: &mut Store<HostCtx>,
        hook: api::HookPoint,
        ability: &api::Ability,
        event: &api::HookEvent,
    ) -> Result<std::result::Result<Vec<api::Effect>, String>> {
        let key = store.data_mut().keys.key_of(ability) as i32;
        let Some(export) = self.exports.hooks.get(hook.index()) else {
            return fail("no such hook");
        };
        let params = hook_params(ability.unit as i32, key, event);
        self.call_lift(store, export, params, |m, ret| m.effects_result(ret))
    }

    /// The `activations` query: the ability, the POP and the event as 16 flat parameters.
    fn query_activations(
        &self,
        store: &mut Store<HostCtx>,
        (unit, key): (i32, i32),
        pop: api::Pop,
        event: &api::HookEvent,
    ) -> Result<Vec<api::Activation>> {
        let e = flat_event(event);
        let params = (
            unit,
            key,
            pop_value(pop),
            e[0],
            e[1],
            e[2],
            e[3],
            e[4],
            e[5],
            e[6],
            e[7],
            e[8],
            e[9],
            e[10],
            e[11],
            e[12],
        );
        self.call_lift(store, &self.exports.activations, params, |m, at| {
            m.activations(at)
        })
    }

    /// The `activate` query.
    fn query_activate(
        &self,
        store: &mut Store<HostCtx>,
        (unit, key): (i32, i32),
        index: u32,
        choice: &api::ActivationChoice,
        event: &api::HookEvent,
    ) -> Result<std::result::Result<Vec<api::Effect>, String>> {
        // More than 16 flat parameters: they go in guest memory, allocated with the
        // guest's allocator (the callee owns them), and the export gets their address.
        let e = flat_event(event);
        let mut r = Record::<68>::new();
        r.i32(0, unit);
        r.i32(4, key);
        r.u32(8, index);
        if let Some(target) = choice.target {
            r.u8(12, 1);
            r.u32(16, target);
        }
        if let Some(amount) = choice.amount {
            r.u8(20, 1);
            r.u32(24, amount);
        }
        r.i32(28, e[0]);
        r.u8(32, e[1] as u8);
        r.u8(33, e[2] as u8);
        r.u8(34, e[3] as u8);
        r.u8(35, e[4] as u8);
        for (i, at) in [36, 44, 52, 60].into_iter().enumerate() {
            r.u8(at, e[5 + 2 * i] as u8);
            r.i32(at + 4, e[6 + 2 * i]);
        }
        let params = lower_bytes(&mut *store, 4, &r.0)? as i32;
        self.call_lift(store, &self.exports.activate, params, |m, at| {
            m.effects_result(at)
        })
    }

    /// The `stacks-under` query: the card's name, subtypes and arenas lowered into guest memory.
    fn query_stacks_under(
        &self,
        store: &mut Store<HostCtx>,
        (unit, key): (i32, i32),
        card: &api::CardView,
    ) -> Result<i32> {
        let name = lower_bytes(&mut *store, 1, card.name.as_bytes())?;
        let (subtypes, count) = lower_strings(&mut *store, &card.subtypes)?;
        let arenas: Vec<u8> = card.arenas.iter().map(|&a| a.into()).collect();
        let arenas_ptr = lower_bytes(&mut *store, 1, &arenas)?;
        let params = (
            unit,
            key,
            name as i32,
            card.name.len() as i32,
            subtypes as i32,
            count as i32,
            arenas_ptr as i32,
            arenas.len() as i32,
            i32::from(card.unique),
        );
        self.call_scalar(store, &self.exports.stacks_under, params)
    }

    /// The `hit-threshold` query: the `option<u8>` at the plugin's return pointer.
    fn query_hit_threshold(
        &self,
        store: &mut Store<HostCtx>,
        (unit, key): (i32, i32),
        kind: api::DiceKind,
    ) -> Result<Option<u8>> {
        let kind = match kind {
            api::DiceKind::Attack => 0,
            api::DiceKind::Damage => 1,
        };
        self.call_lift(
            store,
            &self.exports.hit_threshold,
            (unit, key, kind),
            |m, at| match m.u8(m.record(at, 2, 1)?)? {
                0 => Ok(None),
                1 => m.u8(at + 1).map(Some),
                v => fail(format!("invalid option case {v}")),
            },
        )
    }

    /// The `pilot-room` query (API 1.7): the boarding Pilot's subtypes lowered into guest
    /// memory as a `list<string>`, which the plugin then owns, as for `stacks-under`.
    fn query_pilot_room(
        &self,
        store: &mut Store<HostCtx>,
        (unit, key): (i32, i32),
        subtypes: &[String],
    ) -> Result<api::RoomForPilots> {
        let (list, count) = lower_strings(&mut *store, subtypes)?;
        let params = (unit, key, list as i32, count as i32);
        self.call_lift(store, &self.exports.pilot_room, params, |m, at| {
            m.room_for_pilots(at)
        })
    }

    /// Calls a query export.
    /// `damage-preventable` (an `option<bool>`, 2 bytes).
    fn query_damage_preventable(
        &self,
        store: &mut Store<HostCtx>,
        (unit, key): (i32, i32),
        (source, target): (u32, u32),
    ) -> Result<Option<bool>> {
        self.call_lift(
            store,
            &self.exports.damage_preventable,
            (unit, key, source as i32, target as i32),
            |m, at| match m.u8(m.record(at, 2, 1)?)? {
                0 => Ok(None),
                1 => m.bool(at + 1).map(Some),
                v => fail(format!("invalid option case {v}")),
            },
        )
    }

    // tidy: long function: one arm per query of the API, each reading step for step against
    // the component path's (`queries_since_*!` in lib.rs).
    pub(super) fn query(
        &self,
        store: &mut Store<HostCtx>,
        ability: &api::Ability,
        call: &api::QueryCall,
    ) -> Result<api::QueryAnswer> {
        use api::{QueryAnswer as A, QueryCall as Q};
        let unit = ability.unit as i32;
        let key = store.data_mut().keys.key_of(ability) as i32;
        let effects = |answer: std::result::Result<Vec<api::Effect>, String>| match answer {
            Ok(effects) => Ok(A::Effects(effects)),
            Err(message) => fail(swtcg_rules::hooks::plugin_returned_error(&message)),
        };
        Ok(match call {
            Q::AttackDieModifier { attacker, defender } => A::Number(self.call_scalar(
                store,
                &self.exports.attack_die_modifier,
                (unit, key, *attacker as i32, *defender as i32),
            )?),
            Q::HitThreshold { kind } => {
                A::Threshold(self.query_hit_threshold(store, (unit, key), *kind)?)
            }
            Q::CanBeAttacked { attacker } => A::Flag(
                self.call_scalar(
                    store,
                    &self.exports.can_be_attacked,
                    (unit, key, *attacker as i32),
                )? != 0,
            ),
            Q::CanBeRetargeted { by } => {
                let by = match by {
                    api::Retarget::Intercept => 0,
                    api::Retarget::Redirect => 1,
                    api::Retarget::Other => 2,
                };
                A::Flag(
                    self.call_scalar(store, &self.exports.can_be_retargeted, (unit, key, by))? != 0,
                )
            }
            Q::StatModifier => A::Stats(self.call_lift(
                store,
                &self.exports.stat_modifier,
                (unit, key),
                |m, at| m.stats(at),
            )?),
            Q::PowerAgainst { attacker } => A::Number(self.call_scalar(
                store,
                &self.exports.power_against,
                (unit, key, *attacker as i32),
            )?),
            Q::DamagePreventable { source, target } => A::MaybeFlag(
                self.query_damage_preventable(store, (unit, key), (*source, *target))?,
            ),
            Q::Activations { pop, event } => {
                A::Activations(self.query_activations(store, (unit, key), *pop, event)?)
            }
            Q::Activate {
                index,
                choice,
                event,
            } => effects(self.query_activate(store, (unit, key), *index, choice, event)?)?,
            // Both about the ability's own unit, both answered with a list of strings.
            Q::GrantedAbilities | Q::Subtypes => {
                let export = match call {
                    Q::GrantedAbilities => &self.exports.granted_abilities,
                    _ => &self.exports.subtypes,
                };
                A::Abilities(self.call_lift(store, export, (unit, key), |m, at| {
                    m.strings(m.record(at, 8, 4)?)
                })?)
            }
            Q::Completions => A::Completions(self.call_lift(
                store,
                &self.exports.completions,
                (unit, key),
                |m, at| m.completions(at),
            )?),
            Q::AttackArenas => A::Arenas(self.call_lift(
                store,
                &self.exports.attack_arenas,
                (unit, key),
                |m, at| {
                    m.list(m.record(at, 8, 4)?, 8, 4)?
                        .map(|o| Ok((lift(m.u8(o)?)?, m.i32(o + 4)?)))
                        .collect()
                },
            )?),
            Q::StatModifierFor { unit: other } => A::Stats(self.call_lift(
                store,
                &self.exports.stat_modifier_for,
                (unit, key, *other as i32),
                |m, at| m.stats(at),
            )?),
            Q::Chosen { index } | Q::Later { tag: index } => {
                let export = match call {
                    Q::Chosen { .. } => &self.exports.chosen,
                    _ => &self.exports.later,
                };
                effects(
                    self.call_lift(store, export, (unit, key, *index as i32), |m, at| {
                        m.effects_result(at)
                    })?,
                )?
            }
            // Yes-or-no questions about the ability alone.
            Q::Understands | Q::SecretRoll | Q::Undisruptable => {
                let export = match call {
                    Q::Understands => &self.exports.understands,
                    Q::SecretRoll => &self.exports.secret_roll,
                    _ => &self.exports.undisruptable,
                };
                A::Flag(self.call_scalar(store, export, (unit, key))? != 0)
            }
            Q::StacksUnder { card } => {
                A::Flag(self.query_stacks_under(store, (unit, key), card)? != 0)
            }
            // Both about another unit, both answered with a list of strings.
            Q::RemovedKeywords { unit: other } | Q::GrantedAbilitiesFor { unit: other } => {
                let export = match call {
                    Q::RemovedKeywords { .. } => &self.exports.removed_keywords,
                    _ => &self.exports.granted_abilities_for,
                };
                let params = (unit, key, *other as i32);
                A::Abilities(self.call_lift(store, export, params, |m, at| {
                    m.strings(m.record(at, 8, 4)?)
                })?)
            }
            Q::BuildCostChangeFor { unit: card } => A::Number(self.call_scalar(
                store,
                &self.exports.build_cost_change_for,
                (unit, key, *card as i32),
            )?),
            Q::BuildActivations { event } | Q::Actions { event } => {
                let export = match call {
                    Q::Actions { .. } => &self.exports.actions,
                    _ => &self.exports.build_activations,
                };
                A::Activations(self.call_lift(
                    store,
                    export,
                    hook_params(unit, key, event),
                    |m, at| m.activations(at),
                )?)
            }
            Q::PilotRoom { subtypes } => {
                A::PilotRoom(self.query_pilot_room(store, (unit, key), subtypes)?)
            }
            // The act flattens to its case and three numbers (the longest case, `activate`),
            // the shorter cases' unused places zero; then the controller.
            Q::Forbids { act, controller } => {
                let (case, a, b, c) = match *act {
                    api::Act::Retreat {
                        unit: u,
                        in_retreat_step,
                    } => (0, u as i32, i32::from(in_retreat_step), 0),
                    api::Act::Attack { unit: u } => (1, u as i32, 0, 0),
                    api::Act::PlayBattleCard { side, card } => {
                        (2, i32::from(u8::from(side)), card as i32, 0)
                    }
                    api::Act::Activate {
                        side,
                        unit: u,
                        index,
                    } => (3, i32::from(u8::from(side)), u as i32, index as i32),
                    api::Act::Complete { unit: u } => (4, u as i32, 0, 0),
                };
                let controller = i32::from(u8::from(*controller));
                let params = (unit, key, case, a, b, c, controller);
                A::Flag(self.call_scalar(store, &self.exports.forbids, params)? != 0)
            }
            Q::RemovedKeywordsAll => A::LostKeywords(self.call_lift(
                store,
                &self.exports.removed_keywords_all,
                (unit, key),
                |m, at| m.lost_keywords(at),
            )?),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn le(words: &[u32]) -> Vec<u8> {
        words.iter().flat_map(|w| w.to_le_bytes()).collect()
    }

    #[test]
    fn the_sdk_promises_are_read_from_their_section_and_kept_as_a_byte() {
        // A module of its header and one custom section, `swtcg-sdk`, holding `text`.
        let module = |name: &str, text: &str| {
            let mut bytes = b"\0asm\x01\0\0\0".to_vec();
            let body = [&[name.len() as u8][..], name.as_bytes(), text.as_bytes()].concat();
            bytes.push(0);
            bytes.push(body.len() as u8);
            bytes.extend(body);
            bytes
        };
        let promised = Promises::of(&module("swtcg-sdk", api::SDK_PROMISES));
        assert!(promised.no_post_for_empty);
        assert_eq!(Promises::from_byte(promised.to_byte()), promised);
        for (name, text) in [
            ("swtcg-sdk", "post-return-frees-nothing\n"),
            ("swtcg-sdk", "xpost-return-frees-nothing-for-empty\n"),
            ("other", "post-return-frees-nothing-for-empty\n"),
        ] {
            let promises = Promises::of(&module(name, text));
            assert_eq!(promises, Promises::default(), "{name}: {text}");
            assert_eq!(Promises::from_byte(promises.to_byte()), promises);
        }
    }

    #[test]
    fn reads_past_the_end_or_beyond_4_gib_are_errors() {
        let memory = le(&[0, 16, 1, 0]);
        let m = Mem(&memory);
        assert!(m.u32(12).is_ok());
        assert!(m.u32(13).is_err());
        assert!(m.u32(u32::MAX - 1).is_err());
        assert!(m.bytes(u32::MAX, u32::MAX).is_err());
        // A list of 2^30 effects of 28 bytes overflows 32 bits: an error, not a wrap.
        let memory = le(&[0, 16, 1 << 30, 0]);
        assert!(Mem(&memory).effects_result(0).is_err());
    }

    #[test]
    fn unaligned_records_and_lists_are_errors() {
        let memory = le(&[0, 0, 0, 0, 0, 0, 0, 0]);
        let m = Mem(&memory);
        assert!(m.effects_result(2).is_err());
        assert!(m.effects_result(0).is_ok());
        let memory = le(&[0, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
        assert!(Mem(&memory).effects_result(0).is_err());
    }

    #[test]
    fn every_effect_case_reads_its_own_fields() {
        // Case 16, move-unit of unit 7 to zone 3 (the build zone); case 20, draw 2 for side 1.
        let memory = le(&[16, 7, 3, 0, 0, 0, 0, 20, 1, 2, 0, 0, 0, 0]);
        let m = Mem(&memory);
        let effect = |at: usize| m.effect(&Fields(&memory[at..at + 28]));
        assert_eq!(
            effect(0).unwrap(),
            api::Effect::MoveUnit {
                unit: 7,
                zone: api::Zone::BuildZone
            }
        );
        assert_eq!(
            effect(28).unwrap(),
            api::Effect::Draw {
                side: api::Side::Light,
                cards: 2
            }
        );
        // Zone 6 and side 2 are no values of their enums (4 is the Resource zone of 1.17, 5 the
        // Event zone of 1.18).
        let memory = le(&[16, 7, 6, 0, 0, 0, 0, 20, 2, 2, 0, 0, 0, 0]);
        let m = Mem(&memory);
        assert!(m.effect(&Fields(&memory[0..28])).is_err());
        assert!(m.effect(&Fields(&memory[28..56])).is_err());
        // Case 31, disrupt play 12 (API 1.8); 39 is no case.
        let memory = le(&[31, 12, 0, 0, 0, 0, 0, 39, 12, 0, 0, 0, 0, 0]);
        let m = Mem(&memory);
        assert_eq!(
            m.effect(&Fields(&memory[0..28])).unwrap(),
            api::Effect::Disrupt { play: 12 }
        );
        assert!(m.effect(&Fields(&memory[28..56])).is_err());
        // Case 32, unless-pays: the side at 4 and the cost's string (pointer, length) at 8
        // (API 1.8, the last case); the text "Pay 2 Force" lies at 28.
        let mut memory = le(&[32, 1, 28, 11, 0, 0, 0]);
        memory.extend_from_slice(b"Pay 2 Force\0");
        let m = Mem(&memory);
        assert_eq!(
            m.effect(&Fields(&memory[0..28])).unwrap(),
            api::Effect::UnlessPays {
                side: api::Side::Light,
                cost: "Pay 2 Force".into()
            }
        );
        // Case 33, take-subordinate (API 1.10): the name "BD-1" at 28, the arenas Ground and
        // Character (1, 2) at 32, tapped.
        let mut memory = le(&[33, 28, 4, 32, 2, 1, 0]);
        memory.extend_from_slice(b"BD-1");
        memory.extend_from_slice(&[1, 2, 0, 0]);
        let m = Mem(&memory);
        assert_eq!(
            m.effect(&Fields(&memory[0..28])).unwrap(),
            api::Effect::TakeSubordinate {
                name: "BD-1".into(),
                arenas: vec![api::Arena::Ground, api::Arena::Character],
                tapped: true
            }
        );
        // Case 34, discard-unit 9 (API 1.10).
        let memory = le(&[34, 9, 0, 0, 0, 0, 0]);
        assert_eq!(
            Mem(&memory).effect(&Fields(&memory[0..28])).unwrap(),
            api::Effect::DiscardUnit { unit: 9 }
        );
        // Case 35, pick-cards (API 1.11): the cards 5 and 8 (a list at 28), count 1, up to,
        // the Light Side's deck shuffled, the Light Side picking, into the build zone with 3
        // counters.
        let memory = le(&[35, 28, 2, 1, 0x01_01_01_01, 2, 3, 5, 8]);
        assert_eq!(
            Mem(&memory).effect(&Fields(&memory[0..28])).unwrap(),
            api::Effect::PickCards(api::PickCards {
                cards: vec![5, 8],
                count: 1,
                up_to: true,
                shuffle: Some(api::Side::Light),
                picker: api::Side::Light,
                to: api::Destination::BuildZone(3),
            })
        );
        // Case 36, clear-damage of 2 counters from unit 9 (API 1.12).
        let memory = le(&[36, 9, 2, 0, 0, 0, 0]);
        assert_eq!(
            Mem(&memory).effect(&Fields(&memory[0..28])).unwrap(),
            api::Effect::ClearDamage { unit: 9, amount: 2 }
        );
        // Case 37, build-points: the Light Side loses 1 (API 1.13).
        let memory = le(&[37, 1, u32::MAX, 0, 0, 0, 0]);
        assert_eq!(
            Mem(&memory).effect(&Fields(&memory[0..28])).unwrap(),
            api::Effect::BuildPoints {
                side: api::Side::Light,
                amount: -1
            }
        );
        // Case 38, reveal: the cards 5 and 8 (a list at 28) shown to the Dark Side (API 1.13).
        let memory = le(&[38, 28, 2, 0, 0, 0, 0, 5, 8]);
        assert_eq!(
            Mem(&memory).effect(&Fields(&memory[0..28])).unwrap(),
            api::Effect::Reveal {
                cards: vec![5, 8],
                to: api::Side::Dark
            }
        );
        // Case 39, lasts until end of turn (API 1.14; end-of-turn is the fourth duration).
        let memory = le(&[39, 3, 0, 0, 0, 0, 0]);
        assert_eq!(
            Mem(&memory).effect(&Fields(&memory[0..28])).unwrap(),
            api::Effect::Lasts {
                duration: api::Duration::EndOfTurn
            }
        );
        // Case 40, 2 build counters on unit 5 (API 1.14).
        let memory = le(&[40, 5, 2, 0, 0, 0, 0]);
        assert_eq!(
            Mem(&memory).effect(&Fields(&memory[0..28])).unwrap(),
            api::Effect::BuildCounters { unit: 5, amount: 2 }
        );
        // Case 41, the effects put off with tag 7 (API 1.15).
        let memory = le(&[41, 7, 0, 0, 0, 0, 0]);
        assert_eq!(
            Mem(&memory).effect(&Fields(&memory[0..28])).unwrap(),
            api::Effect::Later { tag: 7 }
        );
        // A duration that is no duration is refused.
        let memory = le(&[39, 5, 0, 0, 0, 0, 0]);
        assert!(Mem(&memory).effect(&Fields(&memory[0..28])).is_err());
        // A destination case that is no case is refused.
        let memory = le(&[35, 28, 0, 1, 0, 9, 0]);
        assert!(Mem(&memory).effect(&Fields(&memory[0..28])).is_err());
        // An arena byte that is no arena is refused.
        let mut memory = le(&[33, 28, 4, 32, 1, 0, 0]);
        memory.extend_from_slice(b"BD-1");
        memory.extend_from_slice(&[7, 0, 0, 0]);
        let m = Mem(&memory);
        assert!(m.effect(&Fields(&memory[0..28])).is_err());
    }

    #[test]
    fn an_event_flattens_to_cases_and_values() {
        let event = api::HookEvent {
            turn: 3,
            side: Some(api::Side::Light),
            arena: Some(api::Arena::Character),
            attacker: None,
            defender: Some(9),
            unit: None,
            amount: Some(-2),
        };
        assert_eq!(flat_event(&event), [3, 1, 1, 1, 2, 0, 0, 1, 9, 0, 0, 1, -2]);
    }
}
