//! The guest SDK: what a keyword plugin uses to implement the WIT world `swtcg:keyword`.
//!
//! A plugin is one struct, one `impl Keyword for ThatStruct` overriding the hooks and queries
//! its manifest subscribes to (every method defaults to "no effect"), and one
//! `swtcg_plugin_api::export_keyword!(ThatStruct);`.

/// Bindings generated from `wit/keyword.wit`.
#[allow(missing_docs, clippy::all)]
pub mod bindings {
    wit_bindgen::generate!({
        path: "wit",
        world: "keyword",
        pub_export_macro: true,
        export_macro_name: "export_bindings",
        default_bindings_module: "swtcg_plugin_api::guest::bindings",
        generate_all,
    });
}

pub use bindings::swtcg::keyword::types::*;

#[cfg(not(target_arch = "wasm32"))]
#[doc(hidden)]
pub mod native;

pub mod card_text;
pub mod effect_text;
pub mod played_text;
pub mod prediction;

/// Read-only questions about the game during a call (the WIT `host` interface). In a wasm
/// plugin they are the component's imports; in a native build they go through the host's
/// table of the call in progress.
pub mod host {
    #[cfg(target_arch = "wasm32")]
    pub use super::bindings::swtcg::keyword::host::*;

    #[cfg(not(target_arch = "wasm32"))]
    pub use super::native::host::*;
}

/// What a hook returns: proposed effects, or an error message naming what went wrong.
pub type HookResult = Result<Vec<Effect>, String>;

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
        }

        /// Calls the trait method of a hook point (the native path's dispatch).
        #[cfg(not(target_arch = "wasm32"))]
        pub(crate) fn dispatch_hook<T: Keyword>(hook: crate::HookPoint, ability: Ability, event: Event) -> HookResult {
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
                    use $crate::guest::bindings::exports::swtcg::keyword::{hooks, queries};
                    use $crate::guest::*;

                    impl hooks::Guest for $ty {
                        $(
                            fn $hook(ability: Ability, event: Event) -> HookResult {
                                <$ty as Keyword>::$hook(ability, event)
                            }
                        )*
                    }

                    impl queries::Guest for $ty {
                        fn attack_die_modifier(ability: Ability, attacker: UnitId, defender: UnitId) -> i32 {
                            <$ty as Keyword>::attack_die_modifier(ability, attacker, defender)
                        }
                        fn hit_threshold(ability: Ability, kind: DiceKind) -> Option<u8> {
                            <$ty as Keyword>::hit_threshold(ability, kind)
                        }
                        fn can_be_attacked(ability: Ability, attacker: UnitId) -> bool {
                            <$ty as Keyword>::can_be_attacked(ability, attacker)
                        }
                        fn can_be_retargeted(ability: Ability, by: Retarget) -> bool {
                            <$ty as Keyword>::can_be_retargeted(ability, by)
                        }
                        fn stat_modifier(ability: Ability) -> Stats {
                            <$ty as Keyword>::stat_modifier(ability)
                        }
                        fn power_against(ability: Ability, attacker: UnitId) -> i32 {
                            <$ty as Keyword>::power_against(ability, attacker)
                        }
                        fn damage_preventable(ability: Ability, source: UnitId, target: UnitId) -> Option<bool> {
                            <$ty as Keyword>::damage_preventable(ability, source, target)
                        }
                        fn activations(ability: Ability, pop: Pop, event: Event) -> Vec<Activation> {
                            <$ty as Keyword>::activations(ability, pop, event)
                        }
                        fn activate(ability: Ability, index: u32, choice: Choice, event: Event) -> HookResult {
                            <$ty as Keyword>::activate(ability, index, choice, event)
                        }
                        fn granted_abilities(ability: Ability) -> Vec<String> {
                            <$ty as Keyword>::granted_abilities(ability)
                        }
                        fn completions(ability: Ability) -> Vec<Completion> {
                            <$ty as Keyword>::completions(ability)
                        }
                        fn attack_arenas(ability: Ability) -> Vec<OtherArena> {
                            <$ty as Keyword>::attack_arenas(ability)
                        }
                        fn stat_modifier_for(ability: Ability, unit: UnitId) -> Stats {
                            <$ty as Keyword>::stat_modifier_for(ability, unit)
                        }
                        fn chosen(ability: Ability, index: u32) -> HookResult {
                            <$ty as Keyword>::chosen(ability, index)
                        }
                        fn understands(ability: Ability) -> bool {
                            <$ty as Keyword>::understands(ability)
                        }
                        fn stacks_under(ability: Ability, card: CardView) -> bool {
                            <$ty as Keyword>::stacks_under(ability, card)
                        }
                        fn secret_roll(ability: Ability) -> bool {
                            <$ty as Keyword>::secret_roll(ability)
                        }
                        fn removed_keywords(ability: Ability, unit: UnitId) -> Vec<String> {
                            <$ty as Keyword>::removed_keywords(ability, unit)
                        }
                    }

                    #[cfg(target_arch = "wasm32")]
                    $crate::guest::bindings::export_bindings!($ty);
                };

                /// The native C ABI of this plugin (the trusted path, loaded with libloading).
                #[cfg(not(target_arch = "wasm32"))]
                #[unsafe(no_mangle)]
                pub extern "C" fn swtcg_native_abi() -> u32 {
                    $crate::native::NATIVE_ABI
                }

                #[cfg(not(target_arch = "wasm32"))]
                #[unsafe(no_mangle)]
                pub extern "C" fn swtcg_native_api() -> u32 {
                    let (major, minor, _) = $crate::API_VERSION;
                    (major as u32) << 16 | minor as u32
                }

                /// # Safety
                /// `table` must point to a live host table and `request` to `len` bytes.
                #[cfg(not(target_arch = "wasm32"))]
                #[unsafe(no_mangle)]
                pub unsafe extern "C" fn swtcg_native_call(
                    table: *const $crate::native::HostTable,
                    request: *const u8,
                    len: usize,
                ) -> $crate::native::Buffer {
                    // SAFETY: forwarded from the caller.
                    unsafe { $crate::guest::native::serve::<$ty>(table, request, len) }
                }

                /// # Safety
                /// `buffer` must come from `swtcg_native_call` of this plugin.
                #[cfg(not(target_arch = "wasm32"))]
                #[unsafe(no_mangle)]
                pub unsafe extern "C" fn swtcg_native_free(buffer: $crate::native::Buffer) {
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
