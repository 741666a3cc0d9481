//! The answers of static queries (granted abilities, removed keywords, stat modifiers), kept
//! while the state's revision stays the same, so that an unchanged game does not ask a plugin
//! the same question again at every hook (issue 21: most plugin calls of a greedy game were
//! these repeated questions).
//!
//! A plugin's answer is a function of the ability, the call and the state it sees (hooks and
//! queries are pure, docs/plugin-protocol.md), so an answer kept for the same revision is the
//! answer the plugin would give. Only answers are kept: a call that failed is asked again, and
//! fails again, as before.

use std::collections::HashMap;

use swtcg_plugin_api::{Ability, QueryAnswer, QueryCall, UnitId};

use crate::hooks::PluginId;

/// The static queries whose answers are kept, with their arguments.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum StaticCall {
    StatModifier,
    StatModifierFor(UnitId),
    GrantedAbilities,
    /// `removed-keywords-all`: the engine no longer asks the per-unit form (API 1.7).
    RemovedKeywordsAll,
}

impl StaticCall {
    /// The call as a kept one, if it is a static query.
    fn of(call: &QueryCall) -> Option<StaticCall> {
        match *call {
            QueryCall::StatModifier => Some(StaticCall::StatModifier),
            QueryCall::StatModifierFor { unit } => Some(StaticCall::StatModifierFor(unit)),
            QueryCall::GrantedAbilities => Some(StaticCall::GrantedAbilities),
            QueryCall::RemovedKeywordsAll => Some(StaticCall::RemovedKeywordsAll),
            _ => None,
        }
    }
}

/// Which instance an answer is of: its plugin, unit, number and whether it is printed under the
/// top card. The ability itself is compared on a hit, so that the key copies no string.
type Key = (PluginId, UnitId, u32, bool, StaticCall);

/// The kept answers of one revision of the state.
#[derive(Debug, Default)]
pub(crate) struct QueryMemo {
    revision: u64,
    answers: HashMap<Key, (Ability, QueryAnswer)>,
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
        let call = StaticCall::of(call)?;
        self.forget_before(revision);
        let (kept, answer) = self.answers.get(&key(plugin, ability, call))?;
        (kept == ability).then(|| answer.clone())
    }

    /// Keeps a plugin's answer to a static query for this revision of the state.
    pub(crate) fn keep(
        &mut self,
        revision: u64,
        plugin: PluginId,
        ability: &Ability,
        call: &QueryCall,
        answer: &QueryAnswer,
    ) {
        let Some(call) = StaticCall::of(call) else {
            return;
        };
        self.forget_before(revision);
        self.answers.insert(
            key(plugin, ability, call),
            (ability.clone(), answer.clone()),
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
