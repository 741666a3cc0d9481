//! The calls into a plugin's exports with the bindings of its API version, written once as
//! macros for every version's generated types: the hooks, the queries every version has, and
//! the queries each later version added (`WasmPlugin::query_live` picks the arms of a plugin's
//! version). Macros, not functions, because each version's bindings are distinct types.

/// Calls the hook export of a hook point, with any version's bindings (every version has
/// the same hooks).
macro_rules! hook_call {
    ($hooks:expr, $store:expr, $hook:expr, $ability:expr, $event:expr) => {{
        use api::{HookPoint as H, Pop as P};
        let hooks = $hooks;
        let store = $store;
        let ability = $ability;
        let event = $event;
        match $hook {
            H::SetupStart => hooks.call_setup_start(store, ability, event),
            H::SetupUnitPlaced => hooks.call_setup_unit_placed(store, ability, event),
            H::SetupEnd => hooks.call_setup_end(store, ability, event),
            H::TurnStart => hooks.call_turn_start(store, ability, event),
            H::UntapStep => hooks.call_untap_step(store, ability, event),
            H::GainForceStep => hooks.call_gain_force_step(store, ability, event),
            H::BuildRoll => hooks.call_build_roll(store, ability, event),
            H::BuildStepStart => hooks.call_build_step_start(store, ability, event),
            H::BuildAction => hooks.call_build_action(store, ability, event),
            H::BuildStepEnd => hooks.call_build_step_end(store, ability, event),
            H::RetreatStep => hooks.call_retreat_step(store, ability, event),
            H::BattlePhaseStart => hooks.call_battle_phase_start(store, ability, event),
            H::BattleStepStart => hooks.call_battle_step_start(store, ability, event),
            H::SelectNextActor => hooks.call_select_next_actor(store, ability, event),
            H::AttackDeclared => hooks.call_attack_declared(store, ability, event),
            H::AttackRoll => hooks.call_attack_roll(store, ability, event),
            H::InitialRollTriggers => hooks.call_initial_roll_triggers(store, ability, event),
            H::HitsCounted => hooks.call_hits_counted(store, ability, event),
            H::DamagePending => hooks.call_damage_pending(store, ability, event),
            H::DamagePlaced => hooks.call_damage_placed(store, ability, event),
            H::UnitDiscarded => hooks.call_unit_discarded(store, ability, event),
            H::AttackEnd => hooks.call_attack_end(store, ability, event),
            H::BattleStepEnd => hooks.call_battle_step_end(store, ability, event),
            H::BattlePhaseEnd => hooks.call_battle_phase_end(store, ability, event),
            H::TurnEnd => hooks.call_turn_end(store, ability, event),
            H::CardOrAbilityPlayed => hooks.call_card_or_ability_played(store, ability, event),
            H::Resolve => hooks.call_resolve(store, ability, event),
            H::UnitEntersArena => hooks.call_unit_enters_arena(store, ability, event),
            H::UnitLeavesArena => hooks.call_unit_leaves_arena(store, ability, event),
            H::StateCheck => hooks.call_state_check(store, ability, event),
            H::Pop(P::BattlePhase) => hooks.call_pop_p1(store, ability, event),
            H::Pop(P::BattleStep) => hooks.call_pop_p2(store, ability, event),
            H::Pop(P::BetweenAttacks) => hooks.call_pop_p3(store, ability, event),
            H::Pop(P::Attack) => hooks.call_pop_p4(store, ability, event),
            H::Pop(P::Reroll) => hooks.call_pop_p5(store, ability, event),
            H::Pop(P::PendingDamage) => hooks.call_pop_p6(store, ability, event),
            H::Pop(P::DamagePrevention) => hooks.call_pop_p7(store, ability, event),
            H::Pop(P::DamagePlacement) => hooks.call_pop_p8(store, ability, event),
            H::Pop(P::AttackEnd) => hooks.call_pop_p9(store, ability, event),
            H::Pop(P::Disrupt) => hooks.call_pop_p10(store, ability, event),
        }
    }};
}

/// Calls one of the queries every API version has, converting with version module `$v`.
macro_rules! query_call {
    ($v:ident, $q:expr, $store:expr, $ability:expr, $call:expr) => {{
        use api::{QueryAnswer as A, QueryCall as Q};
        let (q, store, ability) = ($q, $store, $ability);
        match $call {
            Q::AttackDieModifier { attacker, defender } => {
                A::Number(q.call_attack_die_modifier(store, ability, *attacker, *defender)?)
            }
            Q::HitThreshold { kind } => {
                A::Threshold(q.call_hit_threshold(store, ability, $v::to_wit_dice_kind(*kind))?)
            }
            Q::CanBeAttacked { attacker } => {
                A::Flag(q.call_can_be_attacked(store, ability, *attacker)?)
            }
            Q::CanBeRetargeted { by } => {
                A::Flag(q.call_can_be_retargeted(store, ability, $v::to_wit_retarget(*by))?)
            }
            Q::StatModifier => A::Stats($v::from_wit_stat_totals(
                q.call_stat_modifier(store, ability)?,
            )),
            Q::PowerAgainst { attacker } => {
                A::Number(q.call_power_against(store, ability, *attacker)?)
            }
            Q::DamagePreventable { source, target } => {
                A::MaybeFlag(q.call_damage_preventable(store, ability, *source, *target)?)
            }
            Q::Activations { pop, event } => A::Activations(
                q.call_activations(
                    store,
                    ability,
                    $v::to_wit_pop(*pop),
                    $v::to_wit_event(event),
                )?
                .into_iter()
                .map($v::from_wit_activation)
                .collect(),
            ),
            Q::Activate {
                index,
                choice,
                event,
            } => effects_answer(
                q.call_activate(
                    store,
                    ability,
                    *index,
                    $v::to_wit_choice(*choice),
                    $v::to_wit_event(event),
                )?,
                $v::from_wit_effect,
            )?,
            Q::GrantedAbilities => A::Abilities(q.call_granted_abilities(store, ability)?),
            Q::AttackArenas => A::Arenas(
                q.call_attack_arenas(store, ability)?
                    .into_iter()
                    .map(|o| ($v::from_wit_arena(o.arena), o.power))
                    .collect(),
            ),
            Q::Completions => A::Completions(
                q.call_completions(store, ability)?
                    .into_iter()
                    .map($v::from_wit_completion)
                    .collect(),
            ),
            // The queries a later version added are answered by the caller.
            Q::StatModifierFor { .. }
            | Q::Chosen { .. }
            | Q::Understands
            | Q::StacksUnder { .. }
            | Q::SecretRoll
            | Q::RemovedKeywords { .. }
            | Q::RemovedKeywordsAll
            | Q::BuildActivations { .. }
            | Q::PilotRoom { .. }
            | Q::Undisruptable
            | Q::GrantedAbilitiesFor { .. }
            | Q::BuildCostChangeFor { .. }
            | Q::Actions { .. }
            | Q::Forbids { .. }
            | Q::Later { .. }
            | Q::Subtypes => A::Effects(Vec::new()),
        }
    }};
}

/// The ability of a call to a plugin of API 1.2 or later, with version `$b`'s bindings: its
/// unit and the key of the rest. A plugin that has been given `MAX_ABILITY_KEYS` keys never
/// gets a new one: `with_call` replaces its instance (and so its keys) before such a call.
macro_rules! ability_ref {
    ($b:ident, $store:expr, $ability:expr) => {
        $b::swtcg::keyword::types::AbilityRef {
            unit: $ability.unit,
            key: $store.data_mut().keys.key_of($ability),
        }
    };
}

/// A hook call to a plugin of API 1.2 or later (`ability-ref`), with version `$b`'s bindings
/// and version module `$v`'s conversions.
macro_rules! keyed_hook {
    ($k:expr, $store:expr, $hook:expr, $ability:expr, $event:expr, $b:ident, $v:ident) => {{
        let hooks = $k.swtcg_keyword_hooks();
        let ability = ability_ref!($b, $store, $ability);
        let event = $v::to_wit_event($event);
        // `collect` converts in place, in the plugin's list: a list made anew at its final
        // size cost about 200 instructions more per call.
        hook_call!(hooks, &mut *$store, $hook, ability, event)?
            .map(|list| list.into_iter().map($v::from_wit_effect).collect())
    }};
}

/// The query `forbids` (API 1.14) with version `$b`'s bindings and version module `$v`'s
/// conversions.
macro_rules! forbids {
    ($k:expr, $store:expr, $ability:expr, $act:expr, $controller:expr, $b:ident, $v:ident) => {{
        match $v::to_wit_act(*$act) {
            Some(act) => {
                let q = $k.swtcg_keyword_queries();
                let ability = ability_ref!($b, $store, $ability);
                api::QueryAnswer::Flag(q.call_forbids(
                    &mut *$store,
                    ability,
                    act,
                    $v::to_wit_side(*$controller),
                )?)
            }
            // An act newer than the plugin's version: it forbids nothing it can't know.
            None => api::QueryAnswer::Flag(false),
        }
    }};
}

/// A query call to a plugin of API 1.2 or later: the queries 1.1 added, then `$extra` (the
/// arms of the queries later versions added), then those of every version.
macro_rules! keyed_query {
    ($k:expr, $store:expr, $ability:expr, $call:expr, $b:ident, $v:ident, { $($extra:tt)* }) => {{
        use api::{QueryAnswer as A, QueryCall as Q};
        let q = $k.swtcg_keyword_queries();
        let ability = ability_ref!($b, $store, $ability);
        match $call {
            Q::StatModifierFor { unit } => A::Stats($v::from_wit_stat_totals(
                q.call_stat_modifier_for(&mut *$store, ability, *unit)?,
            )),
            Q::Chosen { index } => effects_answer(
                q.call_chosen(&mut *$store, ability, *index)?,
                $v::from_wit_effect,
            )?,
            Q::Understands => A::Flag(q.call_understands(&mut *$store, ability)?),
            Q::StacksUnder { card } => {
                let card = $v::to_wit_card(card);
                A::Flag(q.call_stacks_under(&mut *$store, ability, &card)?)
            }
            Q::SecretRoll => A::Flag(q.call_secret_roll(&mut *$store, ability)?),
            Q::RemovedKeywords { unit } => {
                A::Abilities(q.call_removed_keywords(&mut *$store, ability, *unit)?)
            }
            $($extra)*
            call => query_call!($v, q, &mut *$store, ability, call),
        }
    }};
}

/// The queries of API 1.12 and later: those since 1.10 with 1.12's `actions`, and the arms of
/// `$newer` for queries a later version added.
macro_rules! queries_since_1_12 {
    ($k:expr, $store:expr, $ability:expr, $call:expr, $b:ident, $v:ident, { $($newer:tt)* }) => {
        queries_since_1_10!($k, $store, $ability, $call, $b, $v, {
            $($newer)*
            Q::Actions { event } => {
                let q = $k.swtcg_keyword_queries();
                let ability = ability_ref!($b, $store, $ability);
                A::Activations(
                    q.call_actions(&mut *$store, ability, $v::to_wit_event(event))?
                        .into_iter()
                        .map($v::from_wit_activation)
                        .collect(),
                )
            }
        })
    };
}

/// The queries of API 1.15 and later (1.16 added none): those since 1.12 with 1.14's `forbids`
/// and 1.15's `later` and `subtypes`.
macro_rules! queries_since_1_15 {
    ($k:expr, $store:expr, $ability:expr, $call:expr, $b:ident, $v:ident) => {
        queries_since_1_12!($k, $store, $ability, $call, $b, $v, {
            Q::Forbids { act, controller } => forbids!($k, $store, $ability, act, controller, $b, $v),
            Q::Later { tag } => {
                let q = $k.swtcg_keyword_queries();
                let ability = ability_ref!($b, $store, $ability);
                effects_answer(q.call_later(&mut *$store, ability, *tag)?, $v::from_wit_effect)?
            }
            Q::Subtypes => {
                let q = $k.swtcg_keyword_queries();
                let ability = ability_ref!($b, $store, $ability);
                A::Abilities(q.call_subtypes(&mut *$store, ability)?)
            }
        })
    };
}

/// Every query of API 1.10.0 and later (1.11 added none), inside `query_live`; `$($newer)*`
/// answers the queries a later version added.
macro_rules! queries_since_1_10 {
    ($k:expr, $store:expr, $ability:expr, $call:expr, $b:ident, $v:ident, { $($newer:tt)* }) => {
        keyed_query!($k, $store, $ability, $call, $b, $v, {
                $($newer)*
                Q::RemovedKeywordsAll => removed_keywords_all!($k, $store, $ability, $b, $v),
                Q::BuildActivations { event } => build_activations!($k, $store, $ability, event, $b, $v),
                Q::PilotRoom { subtypes } => pilot_room!($k, $store, $ability, subtypes, $b, $v),
                Q::Undisruptable => {
                    let q = $k.swtcg_keyword_queries();
                    let ability = ability_ref!($b, $store, $ability);
                    A::Flag(q.call_undisruptable(&mut *$store, ability)?)
                }
                Q::GrantedAbilitiesFor { unit } => {
                    let q = $k.swtcg_keyword_queries();
                    let ability = ability_ref!($b, $store, $ability);
                    A::Abilities(q.call_granted_abilities_for(&mut *$store, ability, *unit)?)
                }
                Q::BuildCostChangeFor { unit } => {
                    let q = $k.swtcg_keyword_queries();
                    let ability = ability_ref!($b, $store, $ability);
                    A::Number(q.call_build_cost_change_for(&mut *$store, ability, *unit)?)
                }
        })
    };
}

/// The query `build-activations` (API 1.3 and later), inside `keyed_query!`.
macro_rules! build_activations {
    ($k:expr, $store:expr, $ability:expr, $event:expr, $b:ident, $v:ident) => {{
        let q = $k.swtcg_keyword_queries();
        let ability = ability_ref!($b, $store, $ability);
        A::Activations(
            q.call_build_activations(&mut *$store, ability, $v::to_wit_event($event))?
                .into_iter()
                .map($v::from_wit_activation)
                .collect(),
        )
    }};
}

/// The query `removed-keywords-all` (API 1.7 and later), inside `keyed_query!`.
macro_rules! removed_keywords_all {
    ($k:expr, $store:expr, $ability:expr, $b:ident, $v:ident) => {{
        let q = $k.swtcg_keyword_queries();
        let ability = ability_ref!($b, $store, $ability);
        A::LostKeywords(
            q.call_removed_keywords_all(&mut *$store, ability)?
                .into_iter()
                .map($v::from_wit_lost_keywords)
                .collect(),
        )
    }};
}

/// The query `pilot-room` (API 1.7 and later), inside `keyed_query!`.
macro_rules! pilot_room {
    ($k:expr, $store:expr, $ability:expr, $subtypes:expr, $b:ident, $v:ident) => {{
        let q = $k.swtcg_keyword_queries();
        let ability = ability_ref!($b, $store, $ability);
        A::PilotRoom($v::from_wit_room(q.call_pilot_room(
            &mut *$store,
            ability,
            $subtypes,
        )?))
    }};
}
