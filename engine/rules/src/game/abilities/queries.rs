//! The rules the game asks abilities about where they apply: the arenas a unit may attack, attack
//! dice, hit thresholds, who may be attacked or retargeted, power against an attacker, damage
//! prevention, lost keywords, static stat changes, the room for Pilots and the acts abilities
//! forbid (a retreat, an attack, a Battle card or an activated ability played).

use swtcg_plugin_api::{Act, DiceKind, Query, QueryAnswer, QueryCall, Retarget, Stats};

use super::{AMOUNT_LIMIT, PilotRoom, Wanted};
use crate::game::{Flow, Game};
use crate::model::UnitId;

impl Game<'_> {
    /// The other arenas the unit's abilities let it attack, with the keyword's X there.
    pub(crate) fn attack_arenas(&mut self, unit: UnitId) -> Flow<Vec<(crate::model::Arena, i32)>> {
        let mut arenas = Vec::new();
        for a in self.answering(unit, Query::AttackArenas)? {
            if let QueryAnswer::Arenas(list) = self.ask(&a, QueryCall::AttackArenas)? {
                for (arena, power) in list {
                    arenas.push((arena.into(), power));
                }
            }
        }
        Ok(arenas)
    }

    /// Sum of Accuracy-like modifiers of the attacker's abilities (cumulative, game 13.2.2).
    pub(crate) fn attack_die_modifier(&mut self, attacker: UnitId, defender: UnitId) -> Flow<i32> {
        Ok(self
            .attack_die_modifiers(attacker, defender)?
            .iter()
            .fold(0i32, |total, (_, n)| total.saturating_add(*n)))
    }

    /// Each change to the attack dice of `attacker` against `defender` with the printed text
    /// of the ability that makes it (the log's explanation of the hits).
    pub(crate) fn attack_die_modifiers(
        &mut self,
        attacker: UnitId,
        defender: UnitId,
    ) -> Flow<Vec<(String, i32)>> {
        let mut changes = Vec::new();
        for a in self.answering(attacker, Query::AttackDieModifier)? {
            if let QueryAnswer::Number(n) = self.ask(
                &a,
                QueryCall::AttackDieModifier {
                    attacker: attacker.0,
                    defender: defender.0,
                },
            )? && n != 0
            {
                changes.push((a.ability.text.clone(), n));
            }
        }
        Ok(changes)
    }

    /// Whether `attacker` rolls its attack dice secretly (Cunning): any of its abilities says so.
    pub(crate) fn secret_roll(&mut self, attacker: UnitId) -> Flow<bool> {
        for a in self.answering(attacker, Query::SecretRoll)? {
            if self.ask(&a, QueryCall::SecretRoll)? == QueryAnswer::Flag(true) {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// The value a die must reach to hit `target`: the ruleset's, or the highest a keyword of
    /// the target asks for (Armor).
    pub(crate) fn hit_threshold(&mut self, target: UnitId, kind: DiceKind) -> Flow<u8> {
        Ok(self.hit_threshold_why(target, kind)?.0)
    }

    /// The hit threshold of `hit_threshold`, with the printed texts of the abilities that
    /// raised it above the ruleset's (the log's explanation of the hits).
    pub(crate) fn hit_threshold_why(
        &mut self,
        target: UnitId,
        kind: DiceKind,
    ) -> Flow<(u8, Vec<String>)> {
        let base = self.state.ruleset.hit_threshold;
        let mut threshold = base;
        let mut raised_by = Vec::new();
        for a in self.answering(target, Query::HitThreshold)? {
            if let QueryAnswer::Threshold(Some(t)) =
                self.ask(&a, QueryCall::HitThreshold { kind })?
            {
                threshold = threshold.max(t);
                if t > base {
                    raised_by.push(a.ability.text.clone());
                }
            }
        }
        Ok((threshold, raised_by))
    }

    /// Whether `attacker` may choose `defender`: "can't" beats "can" (game 1.1.3).
    pub(crate) fn can_be_attacked(&mut self, attacker: UnitId, defender: UnitId) -> Flow<bool> {
        for a in self.answering(defender, Query::CanBeAttacked)? {
            if self.ask(
                &a,
                QueryCall::CanBeAttacked {
                    attacker: attacker.0,
                },
            )? == QueryAnswer::Flag(false)
            {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Whether the attack of `attacker` may be retargeted in this way (Precision).
    pub(crate) fn can_be_retargeted(&mut self, attacker: UnitId, by: Retarget) -> Flow<bool> {
        for a in self.answering(attacker, Query::CanBeRetargeted)? {
            if self.ask(&a, QueryCall::CanBeRetargeted { by })? == QueryAnswer::Flag(false) {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Power changes of the defender's abilities against this attacker (Shields).
    /// Each with the printed text of the ability that makes it (the log's explanation of the
    /// number of attack dice).
    pub(crate) fn power_against(
        &mut self,
        attacker: UnitId,
        defender: UnitId,
    ) -> Flow<Vec<(String, i32)>> {
        let mut changes = Vec::new();
        for a in self.answering(defender, Query::PowerAgainst)? {
            if let QueryAnswer::Number(n) = self.ask(
                &a,
                QueryCall::PowerAgainst {
                    attacker: attacker.0,
                },
            )? && n != 0
            {
                changes.push((a.ability.text.clone(), n));
            }
        }
        Ok(changes)
    }

    /// Whether damage from `source` to `target` may be prevented (game 14.2): the abilities of
    /// both units are asked; one allowing it (Fortitude on the target) beats one forbidding it
    /// (Ferocity on the source).
    pub(crate) fn damage_preventable(
        &mut self,
        source: Option<UnitId>,
        target: UnitId,
    ) -> Flow<bool> {
        let Some(source) = source else {
            return Ok(true);
        };
        let mut asked = self.answering(source, Query::DamagePreventable)?;
        if target != source {
            asked.extend(self.answering(target, Query::DamagePreventable)?);
        }
        let mut forbidden = false;
        for a in asked {
            match self.ask(
                &a,
                QueryCall::DamagePreventable {
                    source: source.0,
                    target: target.0,
                },
            )? {
                QueryAnswer::MaybeFlag(Some(true)) => return Ok(true),
                QueryAnswer::MaybeFlag(Some(false)) => forbidden = true,
                _ => {}
            }
        }
        Ok(!forbidden)
    }

    /// Recomputes the keywords abilities make units lose ("Each of your opponent's units loses
    /// Precision"), so that ability lists stay a pure function of the state. The abilities that
    /// remove keywords are read with the losses of the previous check.
    pub(crate) fn refresh_lost_keywords(&mut self) -> Flow {
        if !self.any_answers(Query::RemovedKeywords) {
            return Ok(());
        }
        let ids: Vec<UnitId> = self.state.units.keys().copied().collect();
        let mut lost: Vec<Vec<String>> = vec![Vec::new(); ids.len()];
        // Without an ability in play that removes keywords, every unit loses none.
        let any = self.units_may_give(Wanted::Query(Query::RemovedKeywords))?;
        for &source in ids.iter().filter(|_| any) {
            for a in self.answering(source, Query::RemovedKeywords)? {
                // One call answers for every unit (API 1.7); the hosts ask an older plugin
                // about each unit in turn, as the engine did itself before.
                let QueryAnswer::LostKeywords(entries) =
                    self.ask(&a, QueryCall::RemovedKeywordsAll)?
                else {
                    continue;
                };
                // An ability makes a unit lose at most AMOUNT_LIMIT keywords, however many
                // entries name the unit.
                let mut taken = vec![0usize; ids.len()];
                for entry in entries {
                    // An entry for a unit not in play changes nothing.
                    if let Ok(i) = ids.binary_search(&UnitId(entry.unit)) {
                        let room = (AMOUNT_LIMIT as usize).saturating_sub(taken[i]);
                        let before = lost[i].len();
                        lost[i].extend(entry.keywords.into_iter().take(room));
                        taken[i] += lost[i].len() - before;
                    }
                }
            }
        }
        for (id, mut names) in ids.into_iter().zip(lost) {
            names.sort();
            names.dedup();
            // Written only when they changed: a write advances the state's revision, which
            // drops the answers kept for it (`memo.rs`).
            if self
                .state
                .unit(id)
                .is_some_and(|u| u.lost_keywords != names)
                && let Some(unit) = self.state.unit_mut(id)
            {
                unit.lost_keywords = names;
            }
        }
        Ok(())
    }

    /// Recomputes the static stat changes keywords give each unit (Intimidation, Inspiration...)
    /// so that total stats stay a pure function of the state.
    /// API 1.15 `subtypes`: the subtypes each unit's own abilities give it ("Treat Lobot as a
    /// Droid."), kept on the unit (`Unit::treated_as`) until the next check, before the stats,
    /// which may count units by subtype. Written only when they changed.
    pub(crate) fn refresh_treated_subtypes(&mut self) -> Flow {
        if !self.any_answers(Query::Subtypes) {
            return Ok(());
        }
        // Only abilities in play give subtypes: without one, no unit is asked (as for stats),
        // and only those that had some are written again.
        let any = self.units_may_give(Wanted::Query(Query::Subtypes))?;
        if !any && self.state.units.values().all(|u| u.treated_as.is_empty()) {
            return Ok(());
        }
        let ids: Vec<UnitId> = self.state.units.keys().copied().collect();
        for id in ids {
            let mut treated: Vec<String> = Vec::new();
            let asked = if any {
                self.answering(id, Query::Subtypes)?
            } else {
                Vec::new()
            };
            for a in asked {
                if let QueryAnswer::Abilities(words) = self.ask(&a, QueryCall::Subtypes)? {
                    for word in words {
                        let word = word.trim();
                        // A subtype as a type line writes it; a few at most.
                        if !word.is_empty()
                            && word.len() <= 40
                            && treated.len() < 16
                            && !treated.iter().any(|t| t.eq_ignore_ascii_case(word))
                        {
                            treated.push(word.to_string());
                        }
                    }
                }
            }
            if self.state.unit(id).is_some_and(|u| u.treated_as != treated)
                && let Some(unit) = self.state.unit_mut(id)
            {
                unit.treated_as = treated;
            }
        }
        Ok(())
    }

    pub(crate) fn refresh_static_stats(&mut self) -> Flow {
        let own = self.any_answers(Query::StatModifier);
        let others = self.any_answers(Query::StatModifierFor);
        if !own && !others {
            return Ok(());
        }
        let ids: Vec<UnitId> = self.state.units.keys().copied().collect();
        // A Location has no stats to change (game 16.1): no ability is asked about it.
        let locations: Vec<bool> = self.state.units.values().map(|u| u.is_location()).collect();
        let mut sums = vec![Stats::default(); ids.len()];
        // Each unit's changes with the text of the ability making each, for the board's
        // explanation.
        let mut from: Vec<Vec<(String, [i32; 3])>> = vec![Vec::new(); ids.len()];
        let add = |sum: &mut Stats, s: Stats| {
            sum.speed = sum.speed.saturating_add(s.speed);
            sum.power = sum.power.saturating_add(s.power);
            sum.health = sum.health.saturating_add(s.health);
        };
        let nonzero = |s: &Stats| (s.speed, s.power, s.health) != (0, 0, 0);
        // Only abilities in play change stats: without one, every unit's change is none.
        let own = own && self.units_may_give(Wanted::Query(Query::StatModifier))?;
        let others = others && self.units_may_give(Wanted::Query(Query::StatModifierFor))?;
        for (i, &id) in ids.iter().enumerate() {
            if own {
                for a in self.answering(id, Query::StatModifier)? {
                    if let QueryAnswer::Stats(s) = self.ask(&a, QueryCall::StatModifier)?
                        && nonzero(&s)
                    {
                        add(&mut sums[i], s);
                        from[i].push((a.ability.text.clone(), [s.speed, s.power, s.health]));
                    }
                }
            }
            // Abilities that change other units' stats (Inspiration) are asked about every
            // other unit in play.
            if others {
                for a in self.answering(id, Query::StatModifierFor)? {
                    for (j, &other) in ids.iter().enumerate() {
                        if other == id || locations[j] {
                            continue;
                        }
                        let call = QueryCall::StatModifierFor { unit: other.0 };
                        if let QueryAnswer::Stats(s) = self.ask(&a, call)?
                            && nonzero(&s)
                        {
                            add(&mut sums[j], s);
                            from[j].push((a.ability.text.clone(), [s.speed, s.power, s.health]));
                        }
                    }
                }
            }
        }
        for ((id, sum), from) in ids.into_iter().zip(sums).zip(from) {
            let bonus = [sum.speed, sum.power, sum.health];
            // Written only when it changed, as the lost keywords are.
            if self
                .state
                .unit(id)
                .is_some_and(|u| u.static_bonus != bonus || u.static_from != from)
                && let Some(unit) = self.state.unit_mut(id)
            {
                unit.static_bonus = bonus;
                unit.static_from = from;
            }
        }
        Ok(())
    }

    /// Asks every ability in play whose plugin lists `build-cost-change-for` (API 1.10) about
    /// every card being built in a build zone, and keeps the sum of the answers on the card
    /// (`Unit::cost_change`) until the next check: its build cost (game 7.4) counts it. A card's
    /// own abilities are asked about it only when they work in the build zone (a text about its
    /// own cost, `Resolved::works_in_build_zone`): the others are not in play while it is built.
    pub(crate) fn refresh_cost_changes(&mut self) -> Flow {
        if !self.any_answers(Query::BuildCostChangeFor) {
            return Ok(());
        }
        // Most state checks find no card being built and no change left over: nothing to ask
        // or write, and nothing allocated (this runs at every state check).
        let stale = |u: &crate::model::Unit| !u.built || u.cost_change != 0;
        if !self.state.units.values().any(stale) {
            return Ok(());
        }
        let building: Vec<UnitId> = self
            .state
            .units
            .values()
            .filter(|u| !u.built)
            .map(|u| u.id)
            .collect();
        let mut changes = vec![0i32; building.len()];
        if !building.is_empty() && self.units_may_give(Wanted::Query(Query::BuildCostChangeFor))? {
            let sources: Vec<UnitId> = self.state.units.keys().copied().collect();
            for source in sources {
                for a in self.answering(source, Query::BuildCostChangeFor)? {
                    for (i, &card) in building.iter().enumerate() {
                        let call = QueryCall::BuildCostChangeFor { unit: card.0 };
                        if let QueryAnswer::Number(n) = self.ask(&a, call)? {
                            // A change beyond any printed cost is a plugin's mistake, bounded.
                            changes[i] = changes[i].saturating_add(n.clamp(-100, 100));
                        }
                    }
                }
            }
        }
        // A card completed since the last check keeps no change (its cost is its printed one);
        // each is written only when it changed, as the static stats are.
        let ids: Vec<UnitId> = self.state.units.keys().copied().collect();
        for id in ids {
            let change = building
                .iter()
                .position(|&b| b == id)
                .map_or(0, |i| changes[i]);
            if self.state.unit(id).is_some_and(|u| u.cost_change != change)
                && let Some(unit) = self.state.unit_mut(id)
            {
                unit.cost_change = change;
            }
        }
        Ok(())
    }

    /// The room for Pilots `unit`'s abilities give a Pilot card of `subtypes` boarding it
    /// (API 1.7 `pilot-room`, asked of every ability of the unit, printed or granted): whether
    /// any lets it have a Pilot at all, and how many it may have, the largest of the ruleset's
    /// `pilot_limit` and every "up to", plus every extra (game 12.4, OQ-20). The rules read no
    /// text: what a text allows is its plugin's answer.
    pub(crate) fn pilot_room(&mut self, unit: UnitId, subtypes: &[String]) -> Flow<PilotRoom> {
        let mut allows_a_pilot = false;
        let mut most = self.state.ruleset.pilot_limit;
        let mut extra: u32 = 0;
        for a in self.answering(unit, Query::PilotRoom)? {
            let call = QueryCall::PilotRoom {
                subtypes: subtypes.to_vec(),
            };
            if let QueryAnswer::PilotRoom(room) = self.ask(&a, call)? {
                allows_a_pilot |= room.allows_a_pilot;
                most = most.max(room.up_to.unwrap_or(0));
                extra = extra.saturating_add(room.extra);
            }
        }
        Ok(PilotRoom {
            allows_a_pilot,
            limit: most.saturating_add(extra),
        })
    }

    /// Whether an ability forbids `act` (API 1.14 `forbids`): the abilities in play are asked,
    /// the Dark Side's first, then those a played card left in effect (`GameState::lasting`),
    /// in the order they were played, until one answers yes.
    pub(crate) fn forbidden(&mut self, act: Act) -> Flow<bool> {
        if !self.any_answers(Query::Forbids) {
            return Ok(false);
        }
        let mut asked = self.all_abilities(Wanted::Query(Query::Forbids))?;
        self.collect_lasting(&mut asked, |manifest| {
            manifest.queries.contains(&Query::Forbids)
        });
        for instance in asked {
            let call = QueryCall::Forbids {
                act,
                controller: instance.controller.into(),
            };
            if let QueryAnswer::Flag(true) = self.ask(&instance, call)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Whether any loaded plugin answers a query at all (a quick way past static checks).
    pub(crate) fn any_answers(&self, query: Query) -> bool {
        self.host.any_answers(query)
    }
}
