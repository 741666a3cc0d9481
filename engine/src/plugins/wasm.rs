//! The wasm plugin runtime: the only module of the workspace that uses wasmtime.
//!
//! Plugins are WebAssembly components of the WIT world `swtcg:keyword/keyword`, run with no WASI
//! at all: the only imports they get are the read-only `host` functions below. Every call runs
//! with a fuel budget (deterministic) and a memory cap; a call that traps, runs out of fuel or
//! exceeds its memory returns an error, and the instance is replaced before the next call.

use sha2::{Digest, Sha256};
use swtcg_plugin_api as api;
use wasmtime::component::{Component, HasSelf, Linker};
use wasmtime::{Config, Engine, Store, StoreLimits, StoreLimitsBuilder};

use super::view::StateView;
use crate::model::GameState;
use swtcg_plugin_api::HostView;

mod bindings {
    wasmtime::component::bindgen!({
        path: "../plugin-api/wit",
        world: "keyword",
        // Host functions may trap: a call that asks the host too often is stopped.
        imports: { default: trappable },
    });
}

use bindings::swtcg::keyword::{host, types as wit};

/// Why the runtime could not compile, load or run a plugin.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct WasmError(pub String);

fn error(context: &str, err: impl std::fmt::Display) -> WasmError {
    // The alternate form shows the whole chain of causes (wasmtime and wit-component errors
    // say what is wrong only in their inner causes, e.g. which import is missing).
    WasmError(format!("{context}: {err:#}"))
}

/// The data of one plugin's store: the game it may read during a call, and its limits.
pub struct HostCtx {
    /// The game state of the call in progress, or null between calls. It is set only while
    /// the engine lends `&GameState` to a call, which outlives the call.
    view: *const GameState,
    limits: StoreLimits,
    /// Host questions asked in the call in progress. Host functions cost no fuel, so they are
    /// counted: a plugin asking more than `MAX_HOST_CALLS` in one call is stopped.
    calls: u32,
}

/// The most host questions one plugin call may ask.
const MAX_HOST_CALLS: u32 = 10_000;

// SAFETY: `view` is only dereferenced during a call, on the thread that made it, while the
// borrow it came from is alive; the store is never shared between threads during a call.
unsafe impl Send for HostCtx {}

impl HostCtx {
    /// Counts one host question and stops the call past the limit.
    fn charge(&mut self) -> wasmtime::Result<()> {
        self.calls += 1;
        if self.calls > MAX_HOST_CALLS {
            return Err(wasmtime::Error::msg(format!(
                "asked the host more than {MAX_HOST_CALLS} questions in one call"
            )));
        }
        Ok(())
    }

    fn state(&self) -> Option<&GameState> {
        // SAFETY: see the field's comment; null outside calls.
        unsafe { self.view.as_ref() }
    }
}

fn side_number(side: wit::Side) -> u8 {
    match side {
        wit::Side::Dark => 0,
        wit::Side::Light => 1,
    }
}

fn zone_number(zone: wit::Zone) -> u8 {
    match zone {
        wit::Zone::Space => 0,
        wit::Zone::Ground => 1,
        wit::Zone::Character => 2,
        wit::Zone::BuildZone => 3,
    }
}

fn to_wit_zone(zone: u8) -> wit::Zone {
    match zone {
        0 => wit::Zone::Space,
        1 => wit::Zone::Ground,
        2 => wit::Zone::Character,
        _ => wit::Zone::BuildZone,
    }
}

impl wit::Host for HostCtx {}

/// The host functions answer from `StateView`, shared with the native backend.
impl host::Host for HostCtx {
    fn unit(&mut self, id: u32) -> wasmtime::Result<Option<wit::UnitView>> {
        self.charge()?;
        Ok(self.unit_view(id))
    }

    fn units(&mut self, zone: Option<wit::Zone>) -> wasmtime::Result<Vec<u32>> {
        self.charge()?;
        Ok(self.units_in(zone))
    }

    fn attack(&mut self) -> wasmtime::Result<Option<wit::AttackView>> {
        self.charge()?;
        Ok(self.attack_view())
    }

    fn pending_damage(&mut self) -> wasmtime::Result<Vec<wit::Pending>> {
        self.charge()?;
        Ok(self.pending_view())
    }

    fn rule(&mut self, name: String) -> wasmtime::Result<Option<String>> {
        self.charge()?;
        Ok(self.state().and_then(|s| StateView(s).rule(&name)))
    }

    fn player(&mut self, side: wit::Side) -> wasmtime::Result<wit::PlayerView> {
        self.charge()?;
        Ok(self.player_view(side))
    }
}

/// The answers of the host functions, from `StateView`.
impl HostCtx {
    fn unit_view(&mut self, id: u32) -> Option<wit::UnitView> {
        let u = StateView(self.state()?).unit(id)?;
        Some(wit::UnitView {
            id: u.id,
            name: u.name,
            owner: to_wit_side(u.owner),
            controller: to_wit_side(u.controller),
            zone: to_wit_zone(u.zone),
            built: u.built,
            tapped: u.tapped,
            damage: u.damage,
            speed: u.speed,
            power: u.power,
            health: u.health,
            cost: u.cost,
            build_counters: u.build_counters,
            unique: u.unique,
            subtypes: u.subtypes,
            arenas: u.arenas.into_iter().map(to_wit_arena).collect(),
            stack_size: u.stack_size,
        })
    }

    fn units_in(&mut self, zone: Option<wit::Zone>) -> Vec<u32> {
        self.state()
            .map(|s| StateView(s).units(zone.map(zone_number)))
            .unwrap_or_default()
    }

    fn attack_view(&mut self) -> Option<wit::AttackView> {
        let a = StateView(self.state()?).attack()?;
        Some(wit::AttackView {
            attacker: a.attacker,
            defender: a.defender,
            arena: to_wit_arena(a.arena),
            dice: a
                .dice
                .iter()
                .map(|d| wit::Die {
                    initial: d.initial,
                    natural: d.natural,
                    modifier: d.modifier,
                })
                .collect(),
            hits: a.hits,
        })
    }

    fn pending_view(&mut self) -> Vec<wit::Pending> {
        let Some(state) = self.state() else {
            return Vec::new();
        };
        StateView(state)
            .pending_damage()
            .into_iter()
            .map(|p| wit::Pending {
                target: p.target,
                amount: p.amount,
                prevented: p.prevented,
                source: p.source,
                from_attack_dice: p.from_attack_dice,
                preventable: p.preventable,
            })
            .collect()
    }

    fn player_view(&mut self, side: wit::Side) -> wit::PlayerView {
        let p = match self.state() {
            Some(state) => StateView(state).player(side_number(side)),
            None => api::PlayerView {
                force: 0,
                build_points: 0,
                hand_size: 0,
                deck_size: 0,
            },
        };
        wit::PlayerView {
            force: p.force,
            build_points: p.build_points,
            hand_size: p.hand_size,
            deck_size: p.deck_size,
        }
    }
}

/// How often the epoch advances, and how many epochs one call may span: a call is stopped after
/// about `EPOCH_TICK * EPOCH_DEADLINE` of wall-clock time whatever its fuel.
const EPOCH_TICK: std::time::Duration = std::time::Duration::from_millis(10);
const EPOCH_DEADLINE: u64 = 200;

/// Advances the engine's epoch in a background thread until the engine is dropped.
fn start_epoch_ticker(engine: &Engine) {
    let weak = engine.weak();
    let spawned = std::thread::Builder::new()
        .name("swtcg-epoch".into())
        .spawn(move || {
            while let Some(engine) = weak.upgrade() {
                engine.increment_epoch();
                drop(engine);
                std::thread::sleep(EPOCH_TICK);
            }
        });
    // Without the thread only the backstop is lost; fuel still bounds every call.
    if spawned.is_err() {
        tracing::warn!("could not start the wasm epoch thread; only fuel bounds plugin calls");
    }
}

/// The wasmtime major version this runtime is built with (pinned in Cargo.toml).
const WASMTIME_MAJOR: u32 = 48;

/// The compiler and linker shared by all plugins of a registry.
pub struct WasmRuntime {
    engine: Engine,
    linker: Linker<HostCtx>,
}

impl WasmRuntime {
    /// A runtime configured for determinism: fuel metering, canonical NaNs, deterministic
    /// relaxed SIMD, no threads (not compiled in).
    pub fn new() -> Result<WasmRuntime, WasmError> {
        let mut config = Config::new();
        config.consume_fuel(true);
        // Fuel bounds every call deterministically; the epoch deadline is only a wall-clock
        // backstop for a call that somehow burns time without fuel (a host call in a loop).
        config.epoch_interruption(true);
        config.cranelift_nan_canonicalization(true);
        config.relaxed_simd_deterministic(true);
        config.wasm_component_model(true);
        let engine = Engine::new(&config).map_err(|e| error("configuring wasmtime", e))?;
        start_epoch_ticker(&engine);
        let mut linker = Linker::new(&engine);
        bindings::Keyword::add_to_linker::<HostCtx, HasSelf<HostCtx>>(&mut linker, |ctx| ctx)
            .map_err(|e| error("linking the host functions", e))?;
        Ok(WasmRuntime { engine, linker })
    }

    /// The key of a compiled plugin in a compile cache: the wasmtime version, a hash of this
    /// engine's configuration and the sha256 of the plugin. An entry under another key is never
    /// used for this plugin.
    pub fn cache_key(&self, wasm: &[u8]) -> String {
        use std::hash::{Hash, Hasher};
        let mut config = std::collections::hash_map::DefaultHasher::new();
        self.engine
            .precompile_compatibility_hash()
            .hash(&mut config);
        format!(
            "wasmtime{WASMTIME_MAJOR}-{:016x}-{}",
            config.finish(),
            sha256_hex(wasm)
        )
    }

    /// Compiles a plugin: a component, or a core module built with wit-bindgen, which is first
    /// turned into a component.
    pub fn compile(&self, wasm: &[u8]) -> Result<super::wasmtime_free::Compiled, WasmError> {
        let component = componentize(&self.engine, wasm)?;
        Component::new(&self.engine, &component)
            .map(super::wasmtime_free::Compiled)
            .map_err(|e| error("compiling the plugin", e))
    }

    /// Compiles a plugin to bytes that `load_compiled` can load without compiling again.
    pub fn precompile(&self, wasm: &[u8]) -> Result<Vec<u8>, WasmError> {
        let component = componentize(&self.engine, wasm)?;
        self.engine
            .precompile_component(&component)
            .map_err(|e| error("compiling the plugin", e))
    }

    /// Loads bytes made by `precompile`. The caller must have checked that they are the bytes
    /// it wrote under this runtime's `cache_key` (see `CompileCache`): wasmtime trusts them.
    pub fn load_compiled(
        &self,
        compiled: &[u8],
    ) -> Result<super::wasmtime_free::Compiled, WasmError> {
        // SAFETY: the bytes come from `precompile` of this same engine configuration, verified
        // by the cache's checksum before this call.
        unsafe { Component::deserialize(&self.engine, compiled) }
            .map(super::wasmtime_free::Compiled)
            .map_err(|e| error("loading the compiled plugin", e))
    }

    /// Instantiates a compiled plugin with a memory cap.
    pub fn instantiate(
        &self,
        component: &Component,
        memory: u64,
        fuel: u64,
    ) -> Result<WasmPlugin, WasmError> {
        let pre = self.linker.instantiate_pre(component).map_err(|e| error("linking the plugin (it may import something the host does not provide, such as WASI)", e))?;
        let pre = bindings::KeywordPre::new(pre)
            .map_err(|e| error("the plugin does not export the keyword world", e))?;
        let mut plugin = WasmPlugin {
            engine: self.engine.clone(),
            pre,
            memory,
            fuel,
            call_fuel: Default::default(),
            live: None,
        };
        plugin.live = Some(plugin.fresh_instance()?);
        Ok(plugin)
    }
}

/// The sha256 of bytes in lowercase hex.
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Turns a core module into a component; a component is returned as is.
fn componentize(engine: &Engine, wasm: &[u8]) -> Result<Vec<u8>, WasmError> {
    if wasm.len() < 8 || &wasm[..4] != b"\0asm" {
        return Err(WasmError("not a wasm file".into()));
    }
    // Byte 4..8 is the version: 1 for a core module, 0x0d..layer 1 for a component.
    if wasm[4..8] == [1, 0, 0, 0] {
        // wit-component trusts the section sizes of the module (a truncated module makes it
        // panic), so the module is validated first.
        wasmtime::Module::validate(engine, wasm)
            .map_err(|e| error("the core module is not valid wasm", e))?;
        return wit_component::ComponentEncoder::default()
            .module(wasm)
            .and_then(|encoder| encoder.validate(true).encode())
            .map_err(|e| error("turning the core module into a component", e));
    }
    Ok(wasm.to_vec())
}

/// A live instance and its store.
struct Live {
    store: Store<HostCtx>,
    keyword: bindings::Keyword,
}

/// One instantiated plugin.
pub struct WasmPlugin {
    engine: Engine,
    pre: bindings::KeywordPre<HostCtx>,
    memory: u64,
    fuel: u64,
    /// Fuel per call at particular hook points and queries (by manifest name), overriding `fuel`
    /// (the ruleset's `hook_fuel`).
    call_fuel: std::collections::BTreeMap<String, u64>,
    live: Option<Live>,
}

/// Calls a hook export by hook point.
macro_rules! call_hook {
    ($hooks:expr, $store:expr, $hook:expr, $ability:expr, $event:expr, { $($point:pat => $method:ident),* $(,)? }) => {
        match $hook {
            $($point => $hooks.$method($store, $ability, $event),)*
        }
    };
}

impl WasmPlugin {
    fn fresh_instance(&self) -> Result<Live, WasmError> {
        let limits = StoreLimitsBuilder::new()
            .memory_size(self.memory as usize)
            // Growing past the cap traps rather than failing quietly, so that a plugin out of
            // memory is reported as such and not as the abort its allocator turns it into.
            .trap_on_grow_failure(true)
            .instances(4)
            .tables(4)
            .memories(2)
            .build();
        let mut store = Store::new(
            &self.engine,
            HostCtx {
                view: std::ptr::null(),
                limits,
                calls: 0,
            },
        );
        store.limiter(|ctx| &mut ctx.limits);
        store.set_epoch_deadline(EPOCH_DEADLINE);
        store
            .set_fuel(self.fuel)
            .map_err(|e| error("setting fuel", e))?;
        let keyword = self
            .pre
            .instantiate(&mut store)
            .map_err(|e| error("instantiating the plugin", e))?;
        Ok(Live { store, keyword })
    }

    /// Runs one call with the game lent to the host functions and a fresh fuel budget. After
    /// a trap the instance is replaced, so the next call starts clean.
    fn with_call<R>(
        &mut self,
        state: &GameState,
        name: &str,
        call: impl FnOnce(&bindings::Keyword, &mut Store<HostCtx>) -> wasmtime::Result<R>,
    ) -> Result<R, String> {
        if self.live.is_none() {
            self.live = Some(self.fresh_instance().map_err(|e| e.0)?);
        }
        let Some(live) = self.live.as_mut() else {
            return Err("no instance".into());
        };
        live.store.data_mut().view = state;
        live.store.set_epoch_deadline(EPOCH_DEADLINE);
        live.store.data_mut().calls = 0;
        let fuel = self.call_fuel.get(name).copied().unwrap_or(self.fuel);
        let fuel_ok = live.store.set_fuel(fuel);
        let result = match fuel_ok {
            Ok(()) => call(&live.keyword, &mut live.store),
            Err(e) => Err(e),
        };
        live.store.data_mut().view = std::ptr::null();
        match result {
            Ok(value) => Ok(value),
            Err(err) => {
                // A trapped instance can't be called again: drop it; the next call makes a new one.
                self.live = None;
                Err(describe_trap(&err))
            }
        }
    }

    /// Sets the fuel per call at the named hook points and queries (the ruleset's
    /// `hook_fuel`); other calls keep the plugin's fuel.
    pub fn set_call_fuel(&mut self, fuel: std::collections::BTreeMap<String, u64>) {
        self.call_fuel = fuel;
    }

    /// Calls a hook export.
    pub fn call_hook(
        &mut self,
        hook: api::HookPoint,
        ability: &api::Ability,
        event: &api::HookEvent,
        state: &GameState,
    ) -> Result<Vec<api::Effect>, String> {
        use api::{HookPoint as H, Pop as P};
        let ability = to_wit_ability(ability);
        let event = to_wit_event(event);
        let answer = self.with_call(state, hook.name(), |k, store| {
            let hooks = k.swtcg_keyword_hooks();
            call_hook!(hooks, &mut *store, hook, &ability, event, {
                H::SetupStart => call_setup_start,
                H::SetupUnitPlaced => call_setup_unit_placed,
                H::SetupEnd => call_setup_end,
                H::TurnStart => call_turn_start,
                H::UntapStep => call_untap_step,
                H::GainForceStep => call_gain_force_step,
                H::BuildRoll => call_build_roll,
                H::BuildStepStart => call_build_step_start,
                H::BuildAction => call_build_action,
                H::BuildStepEnd => call_build_step_end,
                H::RetreatStep => call_retreat_step,
                H::BattlePhaseStart => call_battle_phase_start,
                H::BattleStepStart => call_battle_step_start,
                H::SelectNextActor => call_select_next_actor,
                H::AttackDeclared => call_attack_declared,
                H::AttackRoll => call_attack_roll,
                H::InitialRollTriggers => call_initial_roll_triggers,
                H::HitsCounted => call_hits_counted,
                H::DamagePending => call_damage_pending,
                H::DamagePlaced => call_damage_placed,
                H::UnitDiscarded => call_unit_discarded,
                H::AttackEnd => call_attack_end,
                H::BattleStepEnd => call_battle_step_end,
                H::BattlePhaseEnd => call_battle_phase_end,
                H::TurnEnd => call_turn_end,
                H::CardOrAbilityPlayed => call_card_or_ability_played,
                H::Resolve => call_resolve,
                H::UnitEntersArena => call_unit_enters_arena,
                H::UnitLeavesArena => call_unit_leaves_arena,
                H::StateCheck => call_state_check,
                H::Pop(P::BattlePhase) => call_pop_p1,
                H::Pop(P::BattleStep) => call_pop_p2,
                H::Pop(P::BetweenAttacks) => call_pop_p3,
                H::Pop(P::Attack) => call_pop_p4,
                H::Pop(P::Reroll) => call_pop_p5,
                H::Pop(P::PendingDamage) => call_pop_p6,
                H::Pop(P::DamagePrevention) => call_pop_p7,
                H::Pop(P::DamagePlacement) => call_pop_p8,
                H::Pop(P::AttackEnd) => call_pop_p9,
                H::Pop(P::Disrupt) => call_pop_p10,
            })
        })?;
        answer
            .map(|effects| effects.into_iter().map(from_wit_effect).collect())
            .map_err(|message| format!("the plugin returned an error: {message}"))
    }

    /// Calls a query export.
    pub fn query(
        &mut self,
        ability: &api::Ability,
        call: &api::QueryCall,
        state: &GameState,
    ) -> Result<api::QueryAnswer, String> {
        use api::{QueryAnswer as A, QueryCall as Q};
        let ability = to_wit_ability(ability);
        self.with_call(state, call.query().name(), |k, store| {
            let q = k.swtcg_keyword_queries();
            Ok(match call {
                Q::AttackDieModifier { attacker, defender } => {
                    A::Number(q.call_attack_die_modifier(store, &ability, *attacker, *defender)?)
                }
                Q::HitThreshold { kind } => {
                    let kind = match kind {
                        api::DiceKind::Attack => wit::DiceKind::Attack,
                        api::DiceKind::Damage => wit::DiceKind::Damage,
                    };
                    A::Threshold(q.call_hit_threshold(store, &ability, kind)?)
                }
                Q::CanBeAttacked { attacker } => {
                    A::Flag(q.call_can_be_attacked(store, &ability, *attacker)?)
                }
                Q::CanBeRetargeted { by } => {
                    let by = match by {
                        api::Retarget::Intercept => wit::Retarget::Intercept,
                        api::Retarget::Redirect => wit::Retarget::Redirect,
                        api::Retarget::Other => wit::Retarget::Other,
                    };
                    A::Flag(q.call_can_be_retargeted(store, &ability, by)?)
                }
                Q::StatModifier => {
                    let s = q.call_stat_modifier(store, &ability)?;
                    A::Stats(api::Stats {
                        speed: s.speed,
                        power: s.power,
                        health: s.health,
                    })
                }
                Q::PowerAgainst { attacker } => {
                    A::Number(q.call_power_against(store, &ability, *attacker)?)
                }
                Q::DamagePreventable { source, target } => {
                    A::MaybeFlag(q.call_damage_preventable(store, &ability, *source, *target)?)
                }
                Q::Activations { pop, event } => {
                    let offers =
                        q.call_activations(store, &ability, to_wit_pop(*pop), to_wit_event(event))?;
                    A::Activations(
                        offers
                            .into_iter()
                            .map(|o| api::Activation {
                                label: o.label,
                                cost: o.cost,
                                targets: o.targets,
                                max_amount: o.max_amount,
                            })
                            .collect(),
                    )
                }
                Q::Activate {
                    index,
                    choice,
                    event,
                } => {
                    let choice = wit::Choice {
                        target: choice.target,
                        amount: choice.amount,
                    };
                    match q.call_activate(store, &ability, *index, choice, to_wit_event(event))? {
                        Ok(effects) => {
                            A::Effects(effects.into_iter().map(from_wit_effect).collect())
                        }
                        Err(message) => {
                            return Err(wasmtime::Error::msg(format!(
                                "the plugin returned an error: {message}"
                            )));
                        }
                    }
                }
                Q::GrantedAbilities => A::Abilities(q.call_granted_abilities(store, &ability)?),
                Q::AttackArenas => A::Arenas(
                    q.call_attack_arenas(store, &ability)?
                        .into_iter()
                        .map(|o| {
                            let arena = match o.arena {
                                wit::Arena::Space => 0,
                                wit::Arena::Ground => 1,
                                wit::Arena::Character => 2,
                            };
                            (arena, o.power)
                        })
                        .collect(),
                ),
                Q::Completions => A::Completions(
                    q.call_completions(store, &ability)?
                        .into_iter()
                        .map(|c| api::Completion {
                            label: c.label,
                            cost: c.cost,
                            min_counters: c.min_counters,
                            force_for_missing: c.force_for_missing,
                            from_hand: c.from_hand,
                            anytime: c.anytime,
                        })
                        .collect(),
                ),
            })
        })
    }
}

/// A readable reason for a failed call: out of fuel, out of memory, a trap or a panic.
fn describe_trap(err: &wasmtime::Error) -> String {
    match err.downcast_ref::<wasmtime::Trap>() {
        Some(wasmtime::Trap::OutOfFuel) => {
            "ran out of fuel (the ruleset's plugin_fuel per call)".into()
        }
        Some(wasmtime::Trap::UnreachableCodeReached) => {
            "trapped: unreachable code reached (a panic or an abort in the plugin)".into()
        }
        Some(wasmtime::Trap::Interrupt) => format!(
            "stopped by the wall-clock backstop after about {} ms",
            (EPOCH_TICK * EPOCH_DEADLINE as u32).as_millis()
        ),
        Some(trap) => format!("trapped: {trap}"),
        // `trap_on_grow_failure`: the root cause says which size the plugin asked for.
        None if err.root_cause().to_string().contains("growing memory") => format!(
            "ran out of memory (the ruleset's plugin_memory per instance): {}",
            err.root_cause()
        ),
        None => format!("{err:#}"),
    }
}

fn to_wit_side(side: u8) -> wit::Side {
    if side == 0 {
        wit::Side::Dark
    } else {
        wit::Side::Light
    }
}

fn to_wit_arena(arena: u8) -> wit::Arena {
    match arena {
        0 => wit::Arena::Space,
        1 => wit::Arena::Ground,
        _ => wit::Arena::Character,
    }
}

fn to_wit_pop(pop: api::Pop) -> wit::Pop {
    use api::Pop as P;
    match pop {
        P::BattlePhase => wit::Pop::BattlePhase,
        P::BattleStep => wit::Pop::BattleStep,
        P::BetweenAttacks => wit::Pop::BetweenAttacks,
        P::Attack => wit::Pop::Attack,
        P::Reroll => wit::Pop::Reroll,
        P::PendingDamage => wit::Pop::PendingDamage,
        P::DamagePrevention => wit::Pop::DamagePrevention,
        P::DamagePlacement => wit::Pop::DamagePlacement,
        P::AttackEnd => wit::Pop::AttackEnd,
        P::Disrupt => wit::Pop::Disrupt,
    }
}

fn to_wit_ability(a: &api::Ability) -> wit::Ability {
    wit::Ability {
        unit: a.unit,
        index: a.index,
        text: a.text.clone(),
        parameter: a.parameter.clone(),
        cost: a.cost.clone(),
        under: a.under,
    }
}

fn to_wit_event(e: &api::HookEvent) -> wit::Event {
    wit::Event {
        turn: e.turn,
        side: e.side.map(to_wit_side),
        arena: e.arena.map(to_wit_arena),
        attacker: e.attacker,
        defender: e.defender,
        unit: e.unit,
        amount: e.amount,
    }
}

fn from_wit_duration(d: wit::Duration) -> api::Duration {
    match d {
        wit::Duration::ThisAttack => api::Duration::ThisAttack,
        wit::Duration::NextAttack => api::Duration::NextAttack,
        wit::Duration::EndOfBattle => api::Duration::EndOfBattle,
        wit::Duration::EndOfTurn => api::Duration::EndOfTurn,
        wit::Duration::EndOfGame => api::Duration::EndOfGame,
    }
}

fn from_wit_stats(s: wit::StatChange) -> api::StatChange {
    api::StatChange {
        unit: s.unit,
        speed: s.speed,
        power: s.power,
        health: s.health,
        duration: from_wit_duration(s.duration),
    }
}

fn from_wit_effect(effect: wit::Effect) -> api::Effect {
    use api::Effect as E;
    match effect {
        wit::Effect::Stats(s) => E::Stats(from_wit_stats(s)),
        wit::Effect::Prevent(u) => E::Prevent {
            unit: u.unit,
            amount: u.amount,
        },
        wit::Effect::AddPending(u) => E::AddPending {
            unit: u.unit,
            amount: u.amount,
        },
        wit::Effect::DiceOfDamage(d) => E::DiceOfDamage {
            source: d.source,
            target: d.target,
            dice: d.dice,
        },
        wit::Effect::Damage(d) => E::Damage {
            source: d.source,
            target: d.target,
            amount: d.amount,
        },
        wit::Effect::ChangeDefender(unit) => E::ChangeDefender { unit },
        wit::Effect::OfferSplit(hits) => E::OfferSplit { hits },
        wit::Effect::ExtraAttackDice(dice) => E::ExtraAttackDice { dice },
        wit::Effect::GainForce(amount) => E::GainForce { amount },
        wit::Effect::Tap(unit) => E::Tap { unit },
        wit::Effect::Untap(unit) => E::Untap { unit },
        wit::Effect::Counters(c) => E::Counters {
            unit: c.unit,
            kind: c.kind,
            amount: c.amount,
        },
        wit::Effect::PayOneOf(costs) => E::PayOneOf { costs },
        wit::Effect::Reroll(dice) => E::Reroll { dice },
        wit::Effect::DiceModifier(amount) => E::DiceModifier { amount },
        wit::Effect::MoveUnit(m) => E::MoveUnit {
            unit: m.unit,
            zone: zone_number(m.zone),
        },
        wit::Effect::PlaceDamage(u) => E::PlaceDamage {
            unit: u.unit,
            amount: u.amount,
        },
        wit::Effect::RemoveDamage(u) => E::RemoveDamage {
            unit: u.unit,
            amount: u.amount,
        },
        wit::Effect::Grant(g) => E::Grant {
            unit: g.unit,
            text: g.text,
            duration: from_wit_duration(g.duration),
        },
        wit::Effect::AtAttackEnd(delayed) => E::AtAttackEnd(match delayed {
            wit::Delayed::DiceOfDamage(d) => api::Delayed::DiceOfDamage {
                source: d.source,
                target: d.target,
                dice: d.dice,
            },
            wit::Delayed::Damage(d) => api::Delayed::Damage {
                source: d.source,
                target: d.target,
                amount: d.amount,
            },
            wit::Delayed::Stats(s) => api::Delayed::Stats(from_wit_stats(s)),
        }),
    }
}
