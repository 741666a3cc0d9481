//! The guest SDK: what a keyword plugin uses to implement the WIT world `swtcg:keyword`.
//!
//! A plugin is one struct, one `impl Keyword for ThatStruct` overriding the hooks and queries
//! its manifest subscribes to (every method defaults to "no effect"), and one
//! `swtcg_sdk::export_keyword!(ThatStruct);`. The contract it builds on is the crate
//! `swtcg-plugin-api` (`api` here); a plugin depends on this crate, and on no other to talk to
//! the engine.
//!
//! The SDK knows no keyword and no card text: a plugin that reads printed text ("Gain 2 Force.",
//! a Battle card's steps) depends on the reader of card text, `swtcg-card-text`, besides it.

/// Bindings generated from `plugin-api/wit/keyword.wit`, the contract's WIT.
#[allow(missing_docs, clippy::all)]
pub mod bindings {
    wit_bindgen::generate!({
        path: "../wit",
        world: "keyword",
        pub_export_macro: true,
        export_macro_name: "export_bindings",
        default_bindings_module: "swtcg_sdk::bindings",
        generate_all,
    });
}

pub use bindings::swtcg::keyword::types::*;

/// The contract this SDK implements. `export_keyword!` reaches it as `$crate::api`, so that a
/// plugin needs no dependency on it.
pub use swtcg_plugin_api as api;
/// The parts of the contract that plugins read texts and names with, so that they reach them
/// through this crate: `swtcg_sdk::text`, `swtcg_sdk::names`, `swtcg_sdk::NOT_IN_PLAY`.
pub use swtcg_plugin_api::{NOT_IN_PLAY, names, text};

/// What a module built with this SDK promises the host beyond the canonical ABI
/// (`api::SDK_PROMISES`), in its custom section `api::SDK_SECTION`, which the engine's core
/// call path reads.
///
/// `post-return-frees-nothing-for-empty`: the `cabi_post_` function of an export frees nothing
/// when the export's result is an empty list or an `ok` holding an empty list. wit-bindgen (0.61,
/// the version `plugins/Cargo.lock` pins; check again before moving to another) lowers an empty
/// returned list without allocating a block, and its post-return functions free a list through
/// `cabi_dealloc` with the list's length, which frees nothing for zero bytes. So the host may
/// skip the call, a full entry into the plugin, for the most common answer of all: "no effect".
#[cfg(target_arch = "wasm32")]
#[used]
// The attribute can't name `api::SDK_SECTION`; `host-cli/tests/suite/abi_paths.rs` checks that every
// bundled plugin carries the promises.
#[unsafe(link_section = "swtcg-sdk")]
static SDK_PROMISES: [u8; api::SDK_PROMISES.len()] = text_bytes(api::SDK_PROMISES);

/// The bytes of `text` as an array (a custom section's static needs one).
#[cfg(target_arch = "wasm32")]
const fn text_bytes<const N: usize>(text: &str) -> [u8; N] {
    let (bytes, mut out, mut i) = (text.as_bytes(), [0; N], 0);
    while i < N {
        out[i] = bytes[i];
        i += 1;
    }
    out
}

#[cfg(not(target_arch = "wasm32"))]
#[doc(hidden)]
pub mod native;

#[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
mod alloc;

/// Every wasm plugin allocates through size classes (see `alloc`): most of what a call
/// allocates is small and freed before it returns, where dlmalloc costs a sizeable part of it.
#[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
#[global_allocator]
static ALLOCATOR: alloc::SizeClasses = alloc::SizeClasses::new();

mod enums;

/// Read-only questions about the game during a call (the WIT `host` interface). In a wasm
/// plugin they are the component's imports; in a native build they go through the host's
/// table of the call in progress.
pub mod host {
    #[cfg(target_arch = "wasm32")]
    pub use super::bindings::swtcg::keyword::host::*;

    #[cfg(not(target_arch = "wasm32"))]
    pub use super::native::host::*;

    /// The attack in progress. A wasm plugin asks `attack-inline` (API 1.6), whose answer the
    /// host writes without allocating a block in the plugin's memory (a call into the plugin
    /// that costs about as much as the question), and `attack` only for an attack of more than
    /// eight dice. The answer is the same as `attack`'s.
    #[cfg(target_arch = "wasm32")]
    pub fn attack() -> Option<super::AttackView> {
        use super::bindings::swtcg::keyword::host as wit;
        let a = wit::attack_inline()?;
        let (d0, d1, d2, d3, d4, d5, d6, d7) = a.dice;
        let dice = [d0, d1, d2, d3, d4, d5, d6, d7];
        let Some(dice) = dice.get(..a.dice_count as usize) else {
            return wit::attack();
        };
        Some(super::AttackView {
            attacker: a.attacker,
            defender: a.defender,
            arena: a.arena,
            dice: dice.to_vec(),
            hits: a.hits,
        })
    }
}

/// The names a player chooses a unit by in a `choose` offer ("Choose an untapped unit"), told
/// apart by their id when two have the same name, in the order of `units`: the option a
/// `chosen` call's index names is the unit at that place.
pub fn unit_options(units: &[UnitView]) -> Vec<String> {
    units
        .iter()
        .map(|u| {
            let twin = units.iter().any(|o| o.id != u.id && o.name == u.name);
            if twin {
                format!("{} (unit {})", u.name, u.id)
            } else {
                u.name.clone()
            }
        })
        .collect()
}

/// The most an offer to prevent up to `x` damage to `unit` may name now: `x`, at most the damage
/// still pending on `unit` in the current instance that `counts` (e.g. only the preventable).
///
/// While the attack dice are hidden from the player the offer is for (Cunning: host
/// `dice-hidden`), the damage from them shows as none, yet the player may prevent it blind
/// (keywords.md: "With a Cunning attacker a damage prevention POP always happens, even if no
/// damage results"): then the offer names `x`, whatever the dice did, so that it shows nothing
/// of them.
pub fn prevention_offer(unit: UnitId, x: u32, counts: impl Fn(&Pending) -> bool) -> u32 {
    let pending: Vec<Pending> = host::pending_damage()
        .into_iter()
        .filter(|p| p.target == unit && counts(p))
        .collect();
    if pending.iter().any(|p| p.from_attack_dice) && host::dice_hidden() {
        return x;
    }
    let left: u32 = pending
        .iter()
        .map(|p| p.amount.saturating_sub(p.prevented))
        .sum();
    x.min(left)
}

/// The ability instance a call is about, in full: its unit and what its key stands for. Calls
/// of API 1.0 and 1.1 passed it as the WIT record `ability`; since 1.2 they pass an
/// `AbilityRef` and the SDK builds this (see `ability_keys`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ability {
    /// The unit that has the ability.
    pub unit: UnitId,
    /// Which of the unit's abilities it is; layered instances of one keyword differ here.
    pub index: u32,
    /// The printed text, e.g. "Pay 2 Force -> Evade 2".
    pub text: String,
    /// What follows the keyword: "2" for "Evade 2", the cost list of an Upkeep.
    pub parameter: String,
    /// The activation cost before the arrow, if the ability has one.
    pub cost: Option<String>,
    /// Whether it is printed on a card under the top card of the unit's stack (INSERT).
    pub under: bool,
}

/// What a hook returns: proposed effects, or an error message naming what went wrong.
pub type HookResult = Result<Vec<Effect>, String>;

/// The ability instances of calls (API 1.2): a call passes the unit and a key, and the details
/// a key stands for are asked of the host once and kept for the life of the instance, so that a
/// call copies no strings into the plugin. Keywords still get the whole `Ability`.
#[doc(hidden)]
pub mod ability_keys {
    use super::{Ability, AbilityDetails, AbilityRef};
    use std::cell::RefCell;

    /// Keys at or past this are asked of the host at every call instead of kept, so that a
    /// host handing out sparse keys could not make the table grow without bound. The host
    /// numbers the keys of one instance from 0, one per distinct ability text it calls about.
    const MOST_KEPT: usize = 4096;

    std::thread_local! {
        /// The details of each key, by key, as far as they were asked.
        static KEPT: RefCell<Vec<Option<AbilityDetails>>> = const { RefCell::new(Vec::new()) };
    }

    /// The ability a call is about, in full.
    pub fn resolve(ability: AbilityRef) -> Ability {
        let key = ability.key as usize;
        let whole = |d: &AbilityDetails| Ability {
            unit: ability.unit,
            index: d.index,
            text: d.text.clone(),
            parameter: d.parameter.clone(),
            cost: d.cost.clone(),
            under: d.under,
        };
        if key >= MOST_KEPT {
            return whole(&details(ability.key));
        }
        KEPT.with_borrow_mut(|kept| {
            if kept.len() <= key {
                kept.resize(key + 1, None);
            }
            whole(kept[key].get_or_insert_with(|| details(ability.key)))
        })
    }

    /// Asks the host what a key stands for. The host gave the key for this call, so it always
    /// knows it; a host that does not is broken, and the call stops with a message saying so.
    fn details(key: u32) -> AbilityDetails {
        match super::bindings::swtcg::keyword::host::describe_ability(key) {
            Some(details) => details,
            None => panic!("the host does not know the ability key {key} it called with"),
        }
    }
}

/// Declares the trait with one defaulted method per hook, and the macro that exports it.
macro_rules! keyword_trait {
    ($($hook:ident),* $(,)?) => {
        /// One keyword's rules. Override the hooks and queries your manifest lists; every
        /// other method means "no effect" and is never called by the engine.
        pub trait Keyword {
            $(
                #[doc = concat!("The `", stringify!($hook), "` hook (see docs/plugin-protocol.md).")]
                fn $hook(_ability: Ability, _event: Event) -> HookResult {
                    Ok(Vec::new())
                }
            )*

            /// Added to each attack die's value when this ability's unit attacks.
            fn attack_die_modifier(_ability: Ability, _attacker: UnitId, _defender: UnitId) -> i32 {
                0
            }
            /// The value a die must reach to hit this ability's unit, if the keyword changes it.
            fn hit_threshold(_ability: Ability, _kind: DiceKind) -> Option<u8> {
                None
            }
            /// Whether `attacker` may choose this ability's unit as its defender.
            fn can_be_attacked(_ability: Ability, _attacker: UnitId) -> bool {
                true
            }
            /// Whether the attack of this ability's unit may be retargeted.
            fn can_be_retargeted(_ability: Ability, _by: Retarget) -> bool {
                true
            }
            /// Changes to the total stats of this ability's unit.
            fn stat_modifier(_ability: Ability) -> Stats {
                Stats { speed: 0, power: 0, health: 0 }
            }
            /// Power added against this ability's unit when `attacker` attacks it.
            fn power_against(_ability: Ability, _attacker: UnitId) -> i32 {
                0
            }
            /// Whether damage from `source` to `target` may be prevented: `None` leaves it alone,
            /// `Some(false)` forbids prevention, `Some(true)` allows it anyway.
            fn damage_preventable(_ability: Ability, _source: UnitId, _target: UnitId) -> Option<bool> {
                None
            }
            /// The activations this ability offers its controller in this POP.
            fn activations(_ability: Ability, _pop: Pop, _event: Event) -> Vec<Activation> {
                Vec::new()
            }
            /// The player took offer `index` of `activations` and paid its cost.
            fn activate(_ability: Ability, _index: u32, _choice: Choice, _event: Event) -> HookResult {
                Ok(Vec::new())
            }
            /// Printed abilities this ability gives its unit now.
            fn granted_abilities(_ability: Ability) -> Vec<String> {
                Vec::new()
            }
            /// Other ways to complete the card with this ability.
            fn completions(_ability: Ability) -> Vec<Completion> {
                Vec::new()
            }
            /// Arenas this ability's unit may attack besides its own, with its base power there.
            fn attack_arenas(_ability: Ability) -> Vec<OtherArena> {
                Vec::new()
            }
            /// Changes this ability gives to another unit's total stats (since API 1.1).
            fn stat_modifier_for(_ability: Ability, _unit: UnitId) -> Stats {
                Stats { speed: 0, power: 0, health: 0 }
            }
            /// The controller picked option `index` of this ability's `choose` effect (since
            /// API 1.1).
            fn chosen(_ability: Ability, _index: u32) -> HookResult {
                Ok(Vec::new())
            }
            /// Whether this plugin can carry out this printed ability (since API 1.1).
            fn understands(_ability: Ability) -> bool {
                true
            }
            /// Whether `card` may be under the stack whose top card has this ability (since
            /// API 1.1).
            fn stacks_under(_ability: Ability, _card: CardView) -> bool {
                false
            }
            /// Whether this ability's unit rolls its attack dice secretly (since API 1.1).
            fn secret_roll(_ability: Ability) -> bool {
                false
            }
            /// Keywords this ability makes `unit` lose (since API 1.1).
            fn removed_keywords(_ability: Ability, _unit: UnitId) -> Vec<String> {
                Vec::new()
            }
            /// Keywords this ability makes every unit in play lose, in one call (since API
            /// 1.7). By default it asks `removed_keywords` about each unit in play, in the
            /// host's order, and leaves out the units that lose nothing, so that a plugin that
            /// implements only `removed_keywords` answers this too.
            fn removed_keywords_all(ability: Ability) -> Vec<LostKeywords> {
                host::units(None)
                    .into_iter()
                    .filter_map(|unit| {
                        let keywords = Self::removed_keywords(ability.clone(), unit);
                        (!keywords.is_empty()).then_some(LostKeywords { unit, keywords })
                    })
                    .collect()
            }
            /// The activations this ability offers its controller in their build step (since
            /// API 1.3); the player's choice runs through `activate`.
            fn build_activations(_ability: Ability, _event: Event) -> Vec<Activation> {
                Vec::new()
            }
            /// The room for Pilots this ability gives its unit when a Pilot card of these
            /// subtypes boards it (since API 1.7); by default none.
            fn pilot_room(_ability: Ability, _subtypes: Vec<String>) -> RoomForPilots {
                RoomForPilots { allows_a_pilot: false, up_to: None, extra: 0 }
            }
            /// Whether this ability makes the play being announced (`host::playing`)
            /// impossible to disrupt (since API 1.8); by default not.
            fn undisruptable(_ability: Ability) -> bool {
                false
            }
            /// Printed abilities this ability gives another unit in play now, an aura (since
            /// API 1.9); by default none.
            fn granted_abilities_for(_ability: Ability, _unit: UnitId) -> Vec<String> {
                Vec::new()
            }
            /// Build counters more (positive) or fewer (negative) the card `unit` being built
            /// needs because of this ability (since API 1.10); by default none.
            fn build_cost_change_for(_ability: Ability, _unit: UnitId) -> i32 {
                0
            }
            /// The activations this ability offers the unit whose turn it is to act in a
            /// battle step (`event.unit`) as its action instead of attacking (game 6.3.5 b;
            /// since API 1.12); the player's choice runs through `activate`. By default none.
            fn actions(_ability: Ability, _event: Event) -> Vec<Activation> {
                Vec::new()
            }
            /// Whether this ability forbids the act ("Characters can't retreat.", "Your
            /// opponent can't play Battle cards this turn."), `controller` being the ability's
            /// controller; asked of abilities in play and of those a `lasts` effect keeps in
            /// effect (`ability.unit` = `NOT_IN_PLAY`; since API 1.14). By default not.
            fn forbids(_ability: Ability, _act: Act, _controller: Side) -> bool {
                false
            }
            /// The effects this ability put off with `Effect::Later(tag)`, now that its
            /// controller's next build step starts; its unit may have left play since
            /// (`host::last_seen` then answers as it last was; since API 1.15). By default none.
            fn later(_ability: Ability, _tag: u32) -> HookResult {
                Ok(Vec::new())
            }
            /// Subtypes this ability gives its own unit ("Treat Lobot as a Droid."), written as a
            /// card's type line writes them (since API 1.15). By default none.
            fn subtypes(_ability: Ability) -> Vec<String> {
                Vec::new()
            }
        }

        /// Calls the trait method of a hook point (the native path's dispatch).
        #[cfg(not(target_arch = "wasm32"))]
        pub(crate) fn dispatch_hook<T: Keyword>(hook: api::HookPoint, ability: Ability, event: Event) -> HookResult {
            let name = hook.name();
            $(
                if name.len() == stringify!($hook).len()
                    && name.bytes().zip(stringify!($hook).bytes()).all(|(a, b)| a == b || (a == b'-' && b == b'_'))
                {
                    return <T as Keyword>::$hook(ability, event);
                }
            )*
            Err(format!("no hook {name}"))
        }

        /// Exports `$ty: Keyword` as the plugin's component exports.
        #[macro_export]
        macro_rules! export_keyword {
            ($ty:ident) => {
                const _: () = {
                    use $crate::bindings::exports::swtcg::keyword::{hooks, queries};
                    use $crate::*;

                    impl hooks::Guest for $ty {
                        $(
                            fn $hook(ability: AbilityRef, event: Event) -> HookResult {
                                <$ty as Keyword>::$hook($crate::ability_keys::resolve(ability), event)
                            }
                        )*
                    }

                    impl queries::Guest for $ty {
                        fn attack_die_modifier(ability: AbilityRef, attacker: UnitId, defender: UnitId) -> i32 {
                            <$ty as Keyword>::attack_die_modifier($crate::ability_keys::resolve(ability), attacker, defender)
                        }
                        fn hit_threshold(ability: AbilityRef, kind: DiceKind) -> Option<u8> {
                            <$ty as Keyword>::hit_threshold($crate::ability_keys::resolve(ability), kind)
                        }
                        fn can_be_attacked(ability: AbilityRef, attacker: UnitId) -> bool {
                            <$ty as Keyword>::can_be_attacked($crate::ability_keys::resolve(ability), attacker)
                        }
                        fn can_be_retargeted(ability: AbilityRef, by: Retarget) -> bool {
                            <$ty as Keyword>::can_be_retargeted($crate::ability_keys::resolve(ability), by)
                        }
                        fn stat_modifier(ability: AbilityRef) -> Stats {
                            <$ty as Keyword>::stat_modifier($crate::ability_keys::resolve(ability))
                        }
                        fn power_against(ability: AbilityRef, attacker: UnitId) -> i32 {
                            <$ty as Keyword>::power_against($crate::ability_keys::resolve(ability), attacker)
                        }
                        fn damage_preventable(ability: AbilityRef, source: UnitId, target: UnitId) -> Option<bool> {
                            <$ty as Keyword>::damage_preventable($crate::ability_keys::resolve(ability), source, target)
                        }
                        fn activations(ability: AbilityRef, pop: Pop, event: Event) -> Vec<Activation> {
                            <$ty as Keyword>::activations($crate::ability_keys::resolve(ability), pop, event)
                        }
                        fn activate(ability: AbilityRef, index: u32, choice: Choice, event: Event) -> HookResult {
                            <$ty as Keyword>::activate($crate::ability_keys::resolve(ability), index, choice, event)
                        }
                        fn granted_abilities(ability: AbilityRef) -> Vec<String> {
                            <$ty as Keyword>::granted_abilities($crate::ability_keys::resolve(ability))
                        }
                        fn completions(ability: AbilityRef) -> Vec<Completion> {
                            <$ty as Keyword>::completions($crate::ability_keys::resolve(ability))
                        }
                        fn attack_arenas(ability: AbilityRef) -> Vec<OtherArena> {
                            <$ty as Keyword>::attack_arenas($crate::ability_keys::resolve(ability))
                        }
                        fn stat_modifier_for(ability: AbilityRef, unit: UnitId) -> Stats {
                            <$ty as Keyword>::stat_modifier_for($crate::ability_keys::resolve(ability), unit)
                        }
                        fn chosen(ability: AbilityRef, index: u32) -> HookResult {
                            <$ty as Keyword>::chosen($crate::ability_keys::resolve(ability), index)
                        }
                        fn understands(ability: AbilityRef) -> bool {
                            <$ty as Keyword>::understands($crate::ability_keys::resolve(ability))
                        }
                        fn stacks_under(ability: AbilityRef, card: CardView) -> bool {
                            <$ty as Keyword>::stacks_under($crate::ability_keys::resolve(ability), card)
                        }
                        fn secret_roll(ability: AbilityRef) -> bool {
                            <$ty as Keyword>::secret_roll($crate::ability_keys::resolve(ability))
                        }
                        fn removed_keywords(ability: AbilityRef, unit: UnitId) -> Vec<String> {
                            <$ty as Keyword>::removed_keywords($crate::ability_keys::resolve(ability), unit)
                        }
                        fn removed_keywords_all(ability: AbilityRef) -> Vec<LostKeywords> {
                            <$ty as Keyword>::removed_keywords_all($crate::ability_keys::resolve(ability))
                        }
                        fn build_activations(ability: AbilityRef, event: Event) -> Vec<Activation> {
                            <$ty as Keyword>::build_activations($crate::ability_keys::resolve(ability), event)
                        }
                        fn pilot_room(ability: AbilityRef, subtypes: Vec<String>) -> RoomForPilots {
                            <$ty as Keyword>::pilot_room($crate::ability_keys::resolve(ability), subtypes)
                        }
                        fn undisruptable(ability: AbilityRef) -> bool {
                            <$ty as Keyword>::undisruptable($crate::ability_keys::resolve(ability))
                        }
                        fn granted_abilities_for(ability: AbilityRef, unit: UnitId) -> Vec<String> {
                            <$ty as Keyword>::granted_abilities_for($crate::ability_keys::resolve(ability), unit)
                        }
                        fn build_cost_change_for(ability: AbilityRef, unit: UnitId) -> i32 {
                            <$ty as Keyword>::build_cost_change_for($crate::ability_keys::resolve(ability), unit)
                        }
                        fn actions(ability: AbilityRef, event: Event) -> Vec<Activation> {
                            <$ty as Keyword>::actions($crate::ability_keys::resolve(ability), event)
                        }
                        fn forbids(ability: AbilityRef, act: Act, controller: Side) -> bool {
                            <$ty as Keyword>::forbids($crate::ability_keys::resolve(ability), act, controller)
                        }
                        fn later(ability: AbilityRef, tag: u32) -> HookResult {
                            <$ty as Keyword>::later($crate::ability_keys::resolve(ability), tag)
                        }
                        fn subtypes(ability: AbilityRef) -> Vec<String> {
                            <$ty as Keyword>::subtypes($crate::ability_keys::resolve(ability))
                        }
                    }

                    #[cfg(target_arch = "wasm32")]
                    $crate::bindings::export_bindings!($ty);
                };

                /// The native C ABI of this plugin (the trusted path, loaded with libloading).
                #[cfg(not(target_arch = "wasm32"))]
                #[unsafe(no_mangle)]
                pub extern "C" fn swtcg_native_abi() -> u32 {
                    $crate::api::native::NATIVE_ABI
                }

                #[cfg(not(target_arch = "wasm32"))]
                #[unsafe(no_mangle)]
                pub extern "C" fn swtcg_native_api() -> u32 {
                    let (major, minor, _) = $crate::api::API_VERSION;
                    (major as u32) << 16 | minor as u32
                }

                /// # Safety
                /// `table` must point to a live host table and `request` to `len` bytes.
                #[cfg(not(target_arch = "wasm32"))]
                #[unsafe(no_mangle)]
                pub unsafe extern "C" fn swtcg_native_call(
                    table: *const $crate::api::native::HostTable,
                    request: *const u8,
                    len: usize,
                ) -> $crate::api::native::Buffer {
                    // SAFETY: forwarded from the caller.
                    unsafe { $crate::native::serve::<$ty>(table, request, len) }
                }

                /// # Safety
                /// `buffer` must come from `swtcg_native_call` of this plugin.
                #[cfg(not(target_arch = "wasm32"))]
                #[unsafe(no_mangle)]
                pub unsafe extern "C" fn swtcg_native_free(buffer: $crate::api::native::Buffer) {
                    // SAFETY: forwarded from the caller.
                    drop(unsafe { buffer.into_vec() });
                }
            };
        }
    };
}

keyword_trait!(
    setup_start,
    setup_unit_placed,
    setup_end,
    turn_start,
    untap_step,
    gain_force_step,
    build_roll,
    build_step_start,
    build_action,
    build_step_end,
    retreat_step,
    battle_phase_start,
    battle_step_start,
    select_next_actor,
    attack_declared,
    attack_roll,
    initial_roll_triggers,
    hits_counted,
    damage_pending,
    damage_placed,
    unit_discarded,
    attack_end,
    battle_step_end,
    battle_phase_end,
    turn_end,
    card_or_ability_played,
    resolve,
    unit_enters_arena,
    unit_leaves_arena,
    state_check,
    pop_p1,
    pop_p2,
    pop_p3,
    pop_p4,
    pop_p5,
    pop_p6,
    pop_p7,
    pop_p8,
    pop_p9,
    pop_p10,
);
