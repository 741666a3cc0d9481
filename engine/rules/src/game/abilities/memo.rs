//! The answers of queries asked again and again of an unchanged game (granted abilities, removed
//! keywords, stat modifiers, completion routes, activations offered), kept while the state's
//! revision stays the same, so that a plugin is not asked the same question again at every hook
//! and every decision (issue 21: most plugin calls of a greedy game were these repeated
//! questions).
//!
//! A plugin's answer is a function of the ability, the call and the state it sees (hooks and
//! queries are pure, docs/plugin-protocol.md), so an answer kept for the same revision is the
//! answer the plugin would give. Only answers are kept: a call that failed is asked again, and
//! fails again, as before.

use std::collections::HashMap;

use swtcg_plugin_api::{Ability, Pop, QueryAnswer, QueryCall, UnitId};

use crate::hooks::PluginId;

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
    /// `removed-keywords-all`: the engine no longer asks the per-unit form (API 1.7).
    RemovedKeywordsAll,
    /// The greedy AI's every build option asks the routes of each card in the build zone.
    Completions,
    /// Every decision in a POP asks each instance what it offers.
    Activations(Pop),
    BuildActivations,
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
            QueryCall::RemovedKeywordsAll => Some(StaticCall::RemovedKeywordsAll),
            QueryCall::Completions => Some(StaticCall::Completions),
            QueryCall::Activations { pop, .. } => Some(StaticCall::Activations(pop)),
            QueryCall::BuildActivations { .. } => Some(StaticCall::BuildActivations),
            _ => None,
        }
    }
}

/// Which instance an answer is of: its plugin, unit, number and whether it is printed under the
/// top card. The ability and the call themselves are compared on a hit, so that the key copies
/// no string.
type Key = (PluginId, UnitId, u32, bool, StaticCall);

/// One kept answer with the ability and the call it answers.
#[derive(Debug)]
struct Kept {
    ability: Ability,
    call: QueryCall,
    answer: QueryAnswer,
}

/// The kept answers of one revision of the state.
#[derive(Debug, Default)]
pub(crate) struct QueryMemo {
    revision: u64,
    answers: HashMap<Key, Kept>,
}

impl QueryMemo {
    /// The kept answer to `call` for the ability, if the state is still at the revision it was
    /// kept for.
    pub(crate) fn get(
        &mut self,
        revision: u64,
        plugin: PluginId,
        ability: &Ability,
        call: &QueryCall,
    ) -> Option<QueryAnswer> {
        let slot = StaticCall::of(call)?;
        self.forget_before(revision);
        let kept = self.answers.get(&key(plugin, ability, slot))?;
        (kept.ability == *ability && kept.call == *call).then(|| kept.answer.clone())
    }

    /// Keeps a plugin's answer to a kept query for this revision of the state.
    pub(crate) fn keep(
        &mut self,
        revision: u64,
        plugin: PluginId,
        ability: &Ability,
        call: &QueryCall,
        answer: &QueryAnswer,
    ) {
        let Some(slot) = StaticCall::of(call) else {
            return;
        };
        self.forget_before(revision);
        self.answers.insert(
            key(plugin, ability, slot),
            Kept {
                ability: ability.clone(),
                call: call.clone(),
                answer: answer.clone(),
            },
        );
    }

    /// Drops every answer kept for another revision.
    fn forget_before(&mut self, revision: u64) {
        if self.revision != revision {
            self.answers.clear();
            self.revision = revision;
        }
    }
}

fn key(plugin: PluginId, ability: &Ability, call: StaticCall) -> Key {
    (plugin, ability.unit, ability.index, ability.under, call)
}

#[cfg(test)]
mod tests {
    use super::*;
    use swtcg_plugin_api::{Activation, HookEvent};

    fn ability() -> Ability {
        Ability {
            unit: 3,
            index: 0,
            text: "Evade 1".into(),
            parameter: "1".into(),
            cost: None,
            under: false,
        }
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

    #[test]
    fn an_answer_is_kept_for_its_revision_ability_and_whole_call() {
        let mut memo = QueryMemo::default();
        let answer = QueryAnswer::Activations(vec![Activation {
            label: "Evade".into(),
            cost: None,
            targets: Vec::new(),
            max_amount: None,
            replaces: false,
        }]);
        let call = offers(Pop::DamagePrevention, 2);
        memo.keep(7, 1, &ability(), &call, &answer);
        assert_eq!(memo.get(7, 1, &ability(), &call), Some(answer.clone()));
        // Another event in the same POP, another POP, plugin or ability: not this answer.
        assert_eq!(
            memo.get(7, 1, &ability(), &offers(Pop::DamagePrevention, 3)),
            None
        );
        assert_eq!(memo.get(7, 1, &ability(), &offers(Pop::Reroll, 2)), None);
        assert_eq!(memo.get(7, 2, &ability(), &call), None);
        let other = Ability {
            text: "Evade 2".into(),
            ..ability()
        };
        assert_eq!(memo.get(7, 1, &other, &call), None);
        // A changed state forgets it; what a player does is never kept.
        assert_eq!(memo.get(8, 1, &ability(), &call), None);
        let activate = QueryCall::Activate {
            index: 0,
            choice: Default::default(),
            event: HookEvent::default(),
        };
        memo.keep(8, 1, &ability(), &activate, &answer);
        assert_eq!(memo.get(8, 1, &ability(), &activate), None);
    }
}
