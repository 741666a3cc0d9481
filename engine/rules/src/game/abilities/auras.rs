//! Auras: the printed abilities abilities in play give other units (API 1.9
//! `granted-abilities-for`: "As long as this unit is in the Character arena, each of your other
//! Stormtroopers gets Accuracy 1."), recomputed at every state check like static stat changes,
//! so that a unit's abilities stay a pure function of the state.

use swtcg_plugin_api::{Query, QueryAnswer, QueryCall};

use super::{GRANT_TEXT_LIMIT, GRANTS_PER_ANSWER, Wanted};
use crate::game::{Flow, Game};
use crate::hooks::{HookError, PluginId};
use crate::model::UnitId;

impl Game<'_> {
    /// Asks every ability in play whose plugin lists `granted-abilities-for` about every other
    /// unit in play (a Location is no unit and gets nothing, game 16.1), and keeps each unit's
    /// texts on it (`Unit::aura_granted`) until the next check. The auras are read with the
    /// grants of the previous check, as lost keywords are; the unit's instances of them work as
    /// its own (`collect_instances`). An answer granting too much is the plugin's failure.
    pub(crate) fn refresh_aura_grants(&mut self) -> Flow {
        if !self.any_answers(Query::GrantedAbilitiesFor) {
            return Ok(());
        }
        let ids: Vec<UnitId> = self.state.units.keys().copied().collect();
        let locations: Vec<bool> = self.state.units.values().map(|u| u.is_location()).collect();
        let mut grants: Vec<Vec<String>> = vec![Vec::new(); ids.len()];
        // Without an aura in play, no unit is given anything.
        let any = self.units_may_give(Wanted::Query(Query::GrantedAbilitiesFor))?;
        for &source in ids.iter().filter(|_| any) {
            for a in self.answering(source, Query::GrantedAbilitiesFor)? {
                for (j, &other) in ids.iter().enumerate() {
                    if other == source || locations[j] {
                        continue;
                    }
                    let call = QueryCall::GrantedAbilitiesFor { unit: other.0 };
                    let QueryAnswer::Abilities(texts) = self.ask(&a, call)? else {
                        continue;
                    };
                    if !self.grants_within_limits(a.plugin, Query::GrantedAbilitiesFor, &texts)? {
                        continue;
                    }
                    grants[j].extend(texts);
                }
            }
        }
        for (id, texts) in ids.into_iter().zip(grants) {
            // Written only when they changed: a write advances the state's revision, which
            // drops the answers kept for it (`memo.rs`).
            if self.state.unit(id).is_some_and(|u| u.aura_granted != texts)
                && let Some(unit) = self.state.unit_mut(id)
            {
                unit.aura_granted = texts;
            }
        }
        Ok(())
    }

    /// Whether an answer granting `texts` (of `granted-abilities` or `granted-abilities-for`)
    /// keeps within the limits: at most `GRANTS_PER_ANSWER` texts, each at most
    /// `GRANT_TEXT_LIMIT` bytes. More is the plugin's failure, reported here.
    pub(super) fn grants_within_limits(
        &mut self,
        plugin: PluginId,
        query: Query,
        texts: &[String],
    ) -> Flow<bool> {
        if texts.len() <= GRANTS_PER_ANSWER && texts.iter().all(|t| t.len() <= GRANT_TEXT_LIMIT) {
            return Ok(true);
        }
        let error = HookError {
            plugin: self.plugin_label(plugin),
            hook: query.name().to_string(),
            reason: format!(
                "granted {} abilities; an answer may grant at most {GRANTS_PER_ANSWER}, each at \
                 most {GRANT_TEXT_LIMIT} bytes long",
                texts.len()
            ),
        };
        self.plugin_failed(error)?;
        Ok(false)
    }
}
