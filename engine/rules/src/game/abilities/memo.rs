//! The answers of queries asked again and again (granted abilities, removed keywords, stat
//! modifiers, completion routes, activations offered), kept so that a plugin is not asked the
//! same question again at every hook and every decision (issue 21: most plugin calls of a
//! greedy game were these repeated questions).
//!
//! A plugin's answer is a function of the ability, the call and what it read of the game
//! (hooks and queries are pure, docs/plugin-protocol.md). An answer is kept with what the
//! plugin read to give it (`crate::reads`): it is the answer again while the state is at the
//! revision it was given at, and at a later revision if every question the plugin asked would
//! still get the same answer. A host that can't say what its plugins read has its answers kept
//! for one revision only. Only answers are kept: a call that failed is asked again, and fails
//! again, as before.

use std::rc::Rc;

use rustc_hash::FxHashMap;

use swtcg_plugin_api::{Ability, Pop, QueryAnswer, QueryCall, UnitId};

use crate::hooks::PluginId;
use crate::model::GameState;
use crate::reads::Reads;

/// The queries whose answers are kept, with the arguments that tell one slot from another. A
/// call with an event (activations) has one slot per POP, and the whole call is compared on a
/// hit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum StaticCall {
    StatModifier,
    StatModifierFor(UnitId),
    GrantedAbilities,
    /// `granted-abilities-for` about one other unit (API 1.9).
    GrantedAbilitiesFor(UnitId),
    /// `build-cost-change-for` about one card being built (API 1.10).
    BuildCostChangeFor(UnitId),
    /// `removed-keywords-all`: the engine no longer asks the per-unit form (API 1.7).
    RemovedKeywordsAll,
    /// The greedy AI's every build option asks the routes of each card in the build zone.
    Completions,
    /// Every decision in a POP asks each instance what it offers.
    Activations(Pop),
    BuildActivations,
    /// `subtypes`, asked of every unit's abilities at each refresh of static effects (API 1.15).
    Subtypes,
}

impl StaticCall {
    /// The call as a kept one, if its answer is kept. `activate` and `chosen` are not: they
    /// are what a player does, asked once.
    fn of(call: &QueryCall) -> Option<StaticCall> {
        match *call {
            QueryCall::StatModifier => Some(StaticCall::StatModifier),
            QueryCall::StatModifierFor { unit } => Some(StaticCall::StatModifierFor(unit)),
            QueryCall::GrantedAbilities => Some(StaticCall::GrantedAbilities),
            QueryCall::GrantedAbilitiesFor { unit } => Some(StaticCall::GrantedAbilitiesFor(unit)),
            QueryCall::BuildCostChangeFor { unit } => Some(StaticCall::BuildCostChangeFor(unit)),
            QueryCall::RemovedKeywordsAll => Some(StaticCall::RemovedKeywordsAll),
            QueryCall::Completions => Some(StaticCall::Completions),
            QueryCall::Activations { pop, .. } => Some(StaticCall::Activations(pop)),
            QueryCall::BuildActivations { .. } => Some(StaticCall::BuildActivations),
            QueryCall::Subtypes => Some(StaticCall::Subtypes),
            _ => None,
        }
    }
}

/// Which instance an answer is of: its plugin, unit, number and whether it is printed under the
/// top card. The ability and the call themselves are compared on a hit, so that the key copies
/// no string.
type Key = (PluginId, UnitId, u32, bool, StaticCall);

/// One kept answer with the ability and the call it answers, the revision it was last known to
/// hold at, and what the plugin read to give it.
#[derive(Debug)]
struct Kept {
    revision: u64,
    ability: Rc<Ability>,
    call: QueryCall,
    answer: QueryAnswer,
    reads: Option<Reads>,
}

/// The kept answers of one game.
#[derive(Debug, Default)]
pub(crate) struct QueryMemo {
    answers: FxHashMap<Key, Kept>,
}

impl QueryMemo {
    /// Whether answers to `call` are kept (the host is then asked what the plugin read).
    pub(crate) fn keeps(call: &QueryCall) -> bool {
        StaticCall::of(call).is_some()
    }

    /// The kept answer to `call` for the ability, if the state is still at the revision it was
    /// last known to hold at, or if everything the plugin read would be read the same in
    /// `state`, the state the plugin would be asked in.
    pub(crate) fn get(
        &mut self,
        revision: u64,
        plugin: PluginId,
        ability: &Rc<Ability>,
        call: &QueryCall,
        state: &GameState,
    ) -> Option<QueryAnswer> {
        let slot = StaticCall::of(call)?;
        let kept = self.answers.get_mut(&key(plugin, ability, slot))?;
        // The same instance shares its ability with the one kept: no strings to compare.
        if !(Rc::ptr_eq(&kept.ability, ability) || kept.ability == *ability) || kept.call != *call {
            return None;
        }
        if kept.revision != revision {
            if !kept
                .reads
                .as_ref()
                .is_some_and(|reads| reads.still_hold(state))
            {
                return None;
            }
            kept.revision = revision;
        }
        Some(kept.answer.clone())
    }

    /// Keeps a plugin's answer to a kept query, given at `revision` after reading `reads`.
    pub(crate) fn keep(
        &mut self,
        revision: u64,
        plugin: PluginId,
        ability: &Rc<Ability>,
        call: &QueryCall,
        answer: &QueryAnswer,
        reads: Option<Reads>,
    ) {
        let Some(slot) = StaticCall::of(call) else {
            return;
        };
        self.answers.insert(
            key(plugin, ability, slot),
            Kept {
                revision,
                ability: Rc::clone(ability),
                call: call.clone(),
                answer: answer.clone(),
                reads,
            },
        );
    }
}

fn key(plugin: PluginId, ability: &Ability, call: StaticCall) -> Key {
    (plugin, ability.unit, ability.index, ability.under, call)
}

#[cfg(test)]
mod tests {
    use super::*;
    use swtcg_plugin_api::{Activation, HookEvent, HostView};

    fn ability() -> Rc<Ability> {
        Rc::new(Ability {
            unit: 3,
            index: 0,
            text: "Evade 1".into(),
            parameter: "1".into(),
            cost: None,
            under: false,
        })
    }

    fn offers(pop: Pop, amount: i32) -> QueryCall {
        QueryCall::Activations {
            pop,
            event: HookEvent {
                amount: Some(amount),
                ..HookEvent::default()
            },
        }
    }

    fn evade() -> QueryAnswer {
        QueryAnswer::Activations(vec![Activation {
            label: "Evade".into(),
            cost: None,
            targets: Vec::new(),
            max_amount: None,
            replaces: false,
        }])
    }

    fn state() -> GameState {
        GameState::new(std::sync::Arc::new(crate::ruleset::Ruleset::default()), 1)
    }

    #[test]
    fn an_answer_is_kept_for_its_revision_ability_and_whole_call() {
        let state = state();
        let mut memo = QueryMemo::default();
        let answer = evade();
        let call = offers(Pop::DamagePrevention, 2);
        memo.keep(7, 1, &ability(), &call, &answer, None);
        assert_eq!(
            memo.get(7, 1, &ability(), &call, &state),
            Some(answer.clone())
        );
        // Another event in the same POP, another POP, plugin or ability: not this answer.
        assert_eq!(
            memo.get(7, 1, &ability(), &offers(Pop::DamagePrevention, 3), &state),
            None
        );
        assert_eq!(
            memo.get(7, 1, &ability(), &offers(Pop::Reroll, 2), &state),
            None
        );
        assert_eq!(memo.get(7, 2, &ability(), &call, &state), None);
        let other = Rc::new(Ability {
            text: "Evade 2".into(),
            ..(*ability()).clone()
        });
        assert_eq!(memo.get(7, 1, &other, &call, &state), None);
        // With no word of what the plugin read, a changed state forgets it; what a player does
        // is never kept.
        assert_eq!(memo.get(8, 1, &ability(), &call, &state), None);
        let activate = QueryCall::Activate {
            index: 0,
            choice: Default::default(),
            event: HookEvent::default(),
        };
        memo.keep(8, 1, &ability(), &activate, &answer, None);
        assert_eq!(memo.get(8, 1, &ability(), &activate, &state), None);
    }

    #[test]
    fn an_answer_outlives_its_revision_while_what_the_plugin_read_is_unchanged() {
        let mut state = state();
        let mut memo = QueryMemo::default();
        let call = offers(Pop::DamagePrevention, 2);
        let read = |state: &GameState| {
            crate::reads::Read::Player(
                swtcg_plugin_api::Side::Dark,
                crate::view::StateView(state).player(swtcg_plugin_api::Side::Dark),
            )
        };
        memo.keep(
            7,
            1,
            &ability(),
            &call,
            &evade(),
            Some(Reads(vec![read(&state)])),
        );
        // The Light Side's Force was never read: the answer still holds at revision 8.
        state.player_mut(crate::model::Side::Light).force += 3;
        assert_eq!(memo.get(8, 1, &ability(), &call, &state), Some(evade()));
        // The Dark Side's Force was: at revision 9 it is asked again.
        state.player_mut(crate::model::Side::Dark).force += 1;
        assert_eq!(memo.get(9, 1, &ability(), &call, &state), None);
    }
}
