//! Paying printed costs (game 13.8) that need the game: cards the player chooses from their
//! hand, the whole hand, the top cards of the deck, damage counters and counters of a kind, the unit the player chooses
//! to tap or discard, and the discard of the unit itself. The costs that need nothing but the
//! state (Force, build points, tapping the unit itself) are paid by `cost::pay_as`, which this
//! calls first.

use super::{Flow, Game, Leaving};
use crate::cost::{Cost, CostUnits, pay_as};
use crate::decision::DecisionKind;
use crate::log::{DiscardWhy, Event};
use crate::model::{CardId, RESOURCE_COUNTER, Side, UnitId};

impl Game<'_> {
    /// Pays `costs` as `side`, for the ability of `unit` or for `card` being played from their
    /// hand (never discarded to pay for itself); call only after `cost::can_pay_playing`.
    ///
    /// A unit discarded as a cost ("Discard this unit") leaves play here, before its ability
    /// resolves (OQ-K7: the plugin decides, by the ruleset's flag, whether it still counts as
    /// where it was); damage counters put on it as a cost may discard it at the next state
    /// check, as any counters do (game 14.3).
    ///
    /// Answers the units the player chose to pay with (tapped, discarded, counters put on or
    /// taken off), in the order paid: the host question `paid-with` of the activation (API 1.19).
    pub(crate) fn pay_costs(
        &mut self,
        side: Side,
        unit: Option<UnitId>,
        card: Option<CardId>,
        costs: &[Cost],
    ) -> Flow<Vec<UnitId>> {
        // `pick_unit` gathers the units chosen in `paid_with`, apart from those of an
        // activation whose effects are paying this ("unless your opponent pays 2 Force").
        let outer = std::mem::take(&mut self.state.paid_with);
        let paid = self.pay_each(side, unit, card, costs);
        let chosen = std::mem::replace(&mut self.state.paid_with, outer);
        paid.map(|()| chosen)
    }

    /// Pays each of `costs` in turn (`pay_costs`).
    fn pay_each(
        &mut self,
        side: Side,
        unit: Option<UnitId>,
        card: Option<CardId>,
        costs: &[Cost],
    ) -> Flow {
        pay_as(&mut self.state, side, unit, costs);
        for cost in costs {
            match cost {
                Cost::DiscardFromHand(n) => {
                    for _ in 0..*n {
                        self.discard_chosen_from_hand(side, unit, card)?;
                    }
                }
                Cost::DiscardHand => {
                    let hand: Vec<CardId> = self.state.player(side).hand.clone();
                    for discarded in hand.into_iter().filter(|&c| Some(c) != card) {
                        self.discard_from_hand(side, discarded);
                    }
                }
                Cost::MillOwn(n) => self.mill(side, *n),
                Cost::MillOpponent(n) => self.mill(side.opponent(), *n),
                Cost::MillEach(n) => {
                    self.mill(side, *n);
                    self.mill(side.opponent(), *n);
                }
                Cost::DamageThis { amount, .. } => {
                    if let Some(unit) = unit {
                        self.damage_counters_for_cost(unit, *amount);
                    }
                }
                // Counters of a kind on the unit itself, or taken off it (`can_pay_playing`
                // saw that enough were there).
                Cost::CountersThis { kind, amount, .. } => {
                    if let Some(u) = unit.and_then(|u| self.state.unit_mut(u)) {
                        let count = u.counters.entry(kind.clone()).or_insert(0);
                        *count = count.saturating_add(*amount);
                    }
                }
                Cost::RemoveCountersThis { kind, amount, .. } => {
                    if let Some(count) = unit
                        .and_then(|u| self.state.unit_mut(u))
                        .and_then(|u| u.counters.get_mut(kind))
                    {
                        *count = count.saturating_sub(*amount);
                    }
                }
                // Game 16.4: `can_pay_playing` saw the Resource there, with enough counters.
                Cost::ResourceCounters {
                    amount,
                    remove,
                    yours,
                } => {
                    let state = &self.state;
                    let paying =
                        crate::cost::resource_for_cost(state, side, unit, *amount, *remove, *yours);
                    if let Some(u) = paying.and_then(|u| self.state.unit_mut(u)) {
                        let count = u.counters.entry(RESOURCE_COUNTER.to_string()).or_insert(0);
                        *count = if *remove {
                            count.saturating_sub(*amount)
                        } else {
                            count.saturating_add(*amount)
                        };
                    }
                }
                Cost::Draw(n) => {
                    for _ in 0..*n {
                        self.draw(side)?;
                    }
                }
                Cost::DiscardThis(_) => {
                    if let Some(unit) = unit {
                        self.discard_unit(unit, DiscardWhy::Cost)?;
                    }
                }
                Cost::TapNamed(name) => {
                    let itself = unit.filter(|&u| crate::cost::names_unit(&self.state, u, name));
                    match itself.and_then(|u| self.state.unit_mut(u)) {
                        Some(u) => u.tapped = true,
                        None => {
                            let named: Vec<UnitId> =
                                crate::cost::units_named_for_cost(&self.state, side, unit, name)
                                    .collect();
                            self.pick_unit_for_cost(side, unit, named, true)?
                        }
                    }
                }
                Cost::TapUnit(units) => self.unit_chosen_for_cost(side, unit, units, true)?,
                Cost::DiscardUnit(units) => self.unit_chosen_for_cost(side, unit, units, false)?,
                Cost::DamageUnit { .. }
                | Cost::CountersUnit { .. }
                | Cost::RemoveCountersUnit { .. } => {
                    self.pay_counters_on_chosen(side, unit, cost)?
                }
                Cost::RemoveFromDiscard(n) => {
                    for _ in 0..*n {
                        self.remove_chosen_from_discard(side, unit)?;
                    }
                }
                Cost::RemoveThis(_) | Cost::ReturnThis(_) | Cost::RetreatThis(_) => {
                    if let Some(unit) = unit {
                        self.pay_with_itself(unit, cost)?;
                    }
                }
                Cost::Force(_)
                | Cost::BuildPoints(_)
                | Cost::TapThis
                | Cost::GainForce(_)
                | Cost::OpponentLosesForce(_)
                | Cost::ForceX { .. }
                | Cost::BuildPointsX { .. } => {}
            }
        }
        Ok(())
    }

    /// The player picks a card of their hand (not the one being played) and discards it: one
    /// option per distinct name, in hand order, since copies of a card are alike.
    fn discard_chosen_from_hand(
        &mut self,
        side: Side,
        unit: Option<UnitId>,
        card: Option<CardId>,
    ) -> Flow {
        let hand: Vec<CardId> = self.state.player(side).hand.clone();
        let kind = DecisionKind::DiscardForCost { unit };
        let others = hand.into_iter().filter(|&c| Some(c) != card);
        if let Some(discarded) = self.pick_card_by_name(side, others, kind)? {
            self.discard_from_hand(side, discarded);
        }
        Ok(())
    }

    /// "Tap one of your untapped Jedi", "discard one of your Jedi from the Character arena"
    /// (game 13.8): the player picks which of their units the cost admits, other than the unit
    /// whose ability it is, is tapped (`to_tap`) or discarded (one option per unit, named with
    /// its id, in play order).
    fn unit_chosen_for_cost(
        &mut self,
        side: Side,
        unit: Option<UnitId>,
        units: &CostUnits,
        to_tap: bool,
    ) -> Flow {
        let chosen: Vec<UnitId> =
            crate::cost::units_for_cost(&self.state, side, unit, units, to_tap).collect();
        self.pick_unit_for_cost(side, unit, chosen, to_tap)
    }

    /// The player picks one of `chosen` (one option per unit, named with its id, in the order
    /// given), which is tapped (`to_tap`) or discarded to pay a cost of the ability of `unit`.
    fn pick_unit_for_cost(
        &mut self,
        side: Side,
        unit: Option<UnitId>,
        chosen: Vec<UnitId>,
        to_tap: bool,
    ) -> Flow {
        let kind = if to_tap {
            DecisionKind::TapForCost { unit }
        } else {
            DecisionKind::DiscardUnitForCost { unit }
        };
        let Some(picked) = self.pick_unit(side, chosen, kind)? else {
            return Ok(());
        };
        if to_tap {
            if let Some(u) = self.state.unit_mut(picked) {
                u.tapped = true;
            }
            Ok(())
        } else {
            self.discard_unit(picked, DiscardWhy::Cost)
        }
    }

    /// Counters put on, or taken off, a unit the player chooses (`Cost::DamageUnit`,
    /// `CountersUnit`, `RemoveCountersUnit`); any other cost pays nothing here.
    fn pay_counters_on_chosen(&mut self, side: Side, unit: Option<UnitId>, cost: &Cost) -> Flow {
        match cost {
            Cost::DamageUnit { amount, units } => {
                let chosen =
                    crate::cost::units_for_cost(&self.state, side, unit, units, false).collect();
                if let Some(picked) =
                    self.pick_unit(side, chosen, DecisionKind::CountersForCost { unit })?
                {
                    self.damage_counters_for_cost(picked, *amount);
                }
            }
            Cost::CountersUnit {
                kind,
                amount,
                units,
            } => {
                let chosen =
                    crate::cost::units_for_cost(&self.state, side, unit, units, false).collect();
                if let Some(u) = self
                    .pick_unit(side, chosen, DecisionKind::CountersForCost { unit })?
                    .and_then(|picked| self.state.unit_mut(picked))
                {
                    let count = u.counters.entry(kind.clone()).or_insert(0);
                    *count = count.saturating_add(*amount);
                }
            }
            Cost::RemoveCountersUnit { kind, amount } => {
                let chosen = crate::cost::units_with_counters(&self.state, kind, *amount).collect();
                if let Some(count) = self
                    .pick_unit(side, chosen, DecisionKind::CountersForCost { unit })?
                    .and_then(|picked| self.state.unit_mut(picked))
                    .and_then(|u| u.counters.get_mut(kind))
                {
                    *count = count.saturating_sub(*amount);
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// The unit whose ability it is pays with itself without being discarded: removed from the
    /// game, back to the supply, or retreated (game 8.5; `can_pay_costs` saw that nothing
    /// forbids the retreat). Any other cost pays nothing here.
    fn pay_with_itself(&mut self, unit: UnitId, cost: &Cost) -> Flow {
        match cost {
            Cost::RemoveThis(_) => self.leave_play_as_cost(unit, Leaving::RemovedFromGame),
            Cost::ReturnThis(_) => self.leave_play_as_cost(unit, Leaving::ToSupply),
            Cost::RetreatThis(_) => self.move_unit(unit, swtcg_plugin_api::Zone::BuildZone),
            _ => Ok(()),
        }
    }

    /// Whether `side` can pay `costs` for the ability of `unit` or for `card` being played
    /// (`cost::can_pay_playing`), and no ability forbids the retreat a cost makes ("Retreat this
    /// unit -> ..." on a unit that "can't retreat", game 8.1, 8.5).
    pub(crate) fn can_pay_costs(
        &mut self,
        side: Side,
        unit: Option<UnitId>,
        card: Option<CardId>,
        costs: &[Cost],
    ) -> Flow<bool> {
        if !crate::cost::can_pay_playing(&self.state, side, unit, card, costs) {
            return Ok(false);
        }
        match unit {
            Some(unit) if costs.iter().any(|c| matches!(c, Cost::RetreatThis(_))) => {
                let act = swtcg_plugin_api::Act::Retreat {
                    unit: unit.0,
                    in_retreat_step: false,
                };
                Ok(!self.forbidden(act)?)
            }
            _ => Ok(true),
        }
    }

    /// Damage counters put on `unit` to pay a cost. Game 11.5: counters, not damage, so nothing
    /// prevents them.
    fn damage_counters_for_cost(&mut self, unit: UnitId, amount: u32) {
        if let Some(u) = self.state.unit_mut(unit) {
            u.damage = u.damage.saturating_add(amount);
            self.event(Event::DamagePlaced {
                unit,
                amount,
                why: None,
            });
        }
    }

    /// The player picks one of `chosen` to pay a cost (`kind` says which decision: a unit to
    /// tap, to discard, or to put counters on or take them off), each named with its id; the
    /// unit picked is among those the payment chose (`pay_costs`).
    fn pick_unit(
        &mut self,
        side: Side,
        chosen: Vec<UnitId>,
        kind: DecisionKind,
    ) -> Flow<Option<UnitId>> {
        let picked =
            self.decide_among(side, kind, &chosen, |state, u| state.unit_label(u), false)?;
        self.state.paid_with.extend(picked);
        Ok(picked)
    }

    /// The player picks one of `cards` to pay a cost (`kind` says which decision): one option per
    /// distinct name, in the order given, since copies of a card are alike. `None` when there is
    /// none to pick.
    fn pick_card_by_name(
        &mut self,
        side: Side,
        cards: impl Iterator<Item = CardId>,
        kind: DecisionKind,
    ) -> Flow<Option<CardId>> {
        let mut distinct: Vec<CardId> = Vec::new();
        for c in cards {
            let name = &self.state.def(c).name;
            if !distinct.iter().any(|&k| &self.state.def(k).name == name) {
                distinct.push(c);
            }
        }
        self.decide_among(
            side,
            kind,
            &distinct,
            |state, c| state.def(c).name.clone(),
            false,
        )
    }

    /// The player picks a card of their discard pile and removes it from the game (game 4.6) to
    /// pay a cost of the ability of `unit`: one option per distinct name, in pile order.
    fn remove_chosen_from_discard(&mut self, side: Side, unit: Option<UnitId>) -> Flow {
        let pile: Vec<CardId> = self.state.player(side).discard.clone();
        let kind = DecisionKind::RemoveForCost { unit };
        let Some(removed) = self.pick_card_by_name(side, pile.into_iter(), kind)? else {
            return Ok(());
        };
        let player = self.state.player_mut(side);
        if let Some(at) = player.discard.iter().position(|&c| c == removed) {
            player.discard.remove(at);
            player.removed.push(removed);
            let name = self.state.def(removed).name.clone();
            self.event(Event::RemovedFromGame {
                side,
                card: removed,
                name,
            });
        }
        Ok(())
    }

    /// Puts the top `n` cards of `side`'s deck into their discard pile (as many as there are),
    /// and logs each.
    fn mill(&mut self, side: Side, n: u32) {
        for _ in 0..n {
            let player = self.state.player_mut(side);
            if player.deck.is_empty() {
                break;
            }
            let top = player.deck.remove(0);
            self.state.discard_card(top);
            let name = self.state.def(top).name.clone();
            self.event(Event::DiscardedFromDeck {
                side,
                card: top,
                name,
            });
        }
    }

    /// Moves a card from `side`'s hand to their discard pile, and logs it.
    fn discard_from_hand(&mut self, side: Side, card: CardId) {
        let player = self.state.player_mut(side);
        let Some(at) = player.hand.iter().position(|&c| c == card) else {
            return;
        };
        player.hand.remove(at);
        self.state.discard_card(card);
        let name = self.state.def(card).name.clone();
        self.event(Event::DiscardedFromHand { side, card, name });
    }
}
