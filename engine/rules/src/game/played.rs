//! Cards that are played and then discarded (game 7.4): Battle cards played from hand in a POP,
//! and Missions, built like units, which resolve when completed.
//!
//! Their printed text is carried out by card plugins whose manifest names the card type
//! (`[card] types = ["battle"]` or `["mission"]`). A Battle card is an activated ability of a
//! card in hand (game 13.1.1: "Battle cards use the same arrow"): the plugin's `activations`
//! query offers it, with `ability.unit` = `NOT_IN_PLAY` and the event's `side` naming the
//! player. A Mission's text runs through the `resolve` hook when it is completed, with
//! `ability.unit` = the Mission in the build zone, which is discarded afterwards. Both open a
//! disrupt POP once paid for and before they resolve (game 13.3, `abilities/disrupt.rs`).

use swtcg_plugin_api::{
    Act, Completion, HookEvent, HookPoint, NOT_IN_PLAY, PlayKind, Pop, Query, QueryAnswer,
    QueryCall,
};

use super::abilities::{
    Activation, ActiveAbility, Announced, PlayedCard, offer_choices, several_offers_label,
    with_addition,
};
use super::{Flow, Game};
use crate::cost::{
    Cost, can_pay_playing, costs_for_amount, parse_costs, parse_costs_with_x, x_limit,
};
use crate::decision::{Addition, Choice};
use crate::log::Event;
use crate::manifest::{DiscardedAgain, Zone};
use crate::model::{CardId, CardType, Place, Side, UnitId};

/// The plays of a Battle card whose cost has an X ("Pay X Force -> ..."): those whose amount,
/// as X, the player can pay (game 13.8).
fn payable_x(
    state: &crate::model::GameState,
    side: Side,
    card: CardId,
    costs: &[Cost],
    choices: Vec<Choice>,
) -> impl Iterator<Item = Choice> {
    choices.into_iter().filter(move |choice| {
        costs_for_amount(costs, choice.amount())
            .is_some_and(|paid| can_pay_playing(state, side, None, Some(card), &paid))
    })
}

impl Game<'_> {
    /// The ability instances of a card not in play (`unit` = `NOT_IN_PLAY`) or of a card being
    /// built (`unit` = its id), numbered by their printed position, each naming the card it is
    /// printed on (an effect `lasts` keeps it in effect by that card).
    pub(crate) fn card_instances(
        &mut self,
        card: CardId,
        unit: UnitId,
        side: Side,
    ) -> Vec<ActiveAbility> {
        (0..self.state.def(card).abilities.len())
            .filter_map(|text| self.card_instance(card, text as u32, unit, side))
            .collect()
    }

    /// Whether a printed ability of a card not in play works on the card as it is played (game
    /// 9.3 P10): an addition declared with each of its plays, never a play of its own.
    fn is_addition(&mut self, instance: &ActiveAbility) -> bool {
        instance.card.is_some_and(|card| {
            self.resolve_text_of(card, instance.ability.index as usize)
                .is_some_and(|resolved| resolved.played_addition)
        })
    }

    /// One printed ability of a card not in play or being built, as `card_instances` makes it.
    pub(crate) fn card_instance(
        &mut self,
        card: CardId,
        text: u32,
        unit: UnitId,
        side: Side,
    ) -> Option<ActiveAbility> {
        self.resolve_text_of(card, text as usize)
            .map(|r| ActiveAbility {
                card: Some(card),
                ..r.instance(unit, text, false, side)
            })
    }

    /// The ways to play `card` from its owner's discard pile: the `completions` of its
    /// abilities whose plugin works there (manifest zone `discard`: Meditate), numbered in
    /// order, each with the keyword that offers it.
    pub(crate) fn discard_completions(
        &mut self,
        card: CardId,
        side: Side,
    ) -> Flow<Vec<(u32, String, Completion, DiscardedAgain)>> {
        let mut routes = Vec::new();
        if !self.any_answers(Query::Completions) {
            return Ok(routes);
        }
        for instance in self.card_instances(card, UnitId(NOT_IN_PLAY), side) {
            let manifest = self.host.manifest(instance.plugin);
            if !manifest.zones.contains(&Zone::Discard)
                || !manifest.queries.contains(&Query::Completions)
            {
                continue;
            }
            let again = manifest.discarded_again;
            if let QueryAnswer::Completions(list) = self.ask(&instance, QueryCall::Completions)? {
                for completion in list {
                    routes.push((
                        routes.len() as u32,
                        instance.keyword.to_string(),
                        completion,
                        again,
                    ));
                }
            }
        }
        Ok(routes)
    }

    /// The costs of the ways to play `card` from the discard pile, by route number, with where
    /// the card goes when it would be discarded again; routes whose cost the engine can't read
    /// are left out.
    fn discard_routes(
        &mut self,
        card: CardId,
        side: Side,
    ) -> Flow<Vec<(u32, Vec<Cost>, DiscardedAgain)>> {
        Ok(self
            .discard_completions(card, side)?
            .into_iter()
            .filter_map(|(number, _, completion, again)| {
                let costs = completion.cost.as_deref().map(parse_costs).transpose();
                costs
                    .ok()
                    .map(|costs| (number, costs.unwrap_or_default(), again))
            })
            .collect())
    }

    /// The Battle cards `side` may play in this POP, as decision options: each offer of each
    /// distinct Battle card in hand whose cost the player can pay (game 9.2, 13.1.1), and of
    /// each Battle card in the discard pile that a route such as Meditate lets them play there,
    /// paying the route's cost instead.
    pub(crate) fn battle_card_options(&mut self, side: Side, pop: Pop) -> Flow<Vec<Choice>> {
        let mut options = Vec::new();
        // A Battle card played counts as an activation (game 13.1.1): once a step's
        // activations are used up, none is offered, or a player choosing the refused play
        // again would keep the POP from ever ending.
        if !self.any_answers(Query::Activations) || !self.activations_left() {
            return Ok(options);
        }
        let event = HookEvent {
            side: Some(side.into()),
            ..self.hook_event()
        };
        let mut seen: Vec<(String, bool)> = Vec::new();
        let player = self.state.player(side);
        let cards: Vec<(CardId, bool)> = player
            .hand
            .iter()
            .map(|&c| (c, false))
            .chain(player.discard.iter().map(|&c| (c, true)))
            .collect();
        for (card, in_discard) in cards {
            let def = self.state.def(card);
            // Copies of one card offer the same plays: the first copy stands for them all.
            let key = (def.name.clone(), in_discard);
            if def.card_type != CardType::Battle || seen.contains(&key) {
                continue;
            }
            seen.push(key);
            // An ability may forbid it ("Your opponent can't play Battle cards this turn.").
            let act = Act::PlayBattleCard {
                side: side.into(),
                card: card.0,
            };
            if self.forbidden(act)? {
                continue;
            }
            // A card in hand is played by its printed costs; one in the discard pile only by a
            // route that plays it from there, whose cost replaces the printed one.
            let routes: Vec<(Option<u32>, Option<Vec<Cost>>)> = if in_discard {
                self.discard_routes(card, side)?
                    .into_iter()
                    .map(|(number, costs, _)| (Some(number), Some(costs)))
                    .collect()
            } else {
                vec![(None, None)]
            };
            if routes.is_empty() {
                continue;
            }
            let instances: Vec<ActiveAbility> = self
                .card_instances(card, UnitId(NOT_IN_PLAY), side)
                .into_iter()
                .filter(|a| {
                    // A plugin is asked only in the POPs its manifest names.
                    let manifest = self.host.manifest(a.plugin);
                    manifest.queries.contains(&Query::Activations)
                        && manifest.offers_activations_in(pop)
                })
                .collect();
            // Abilities that work on the card as it is played (Enhance) are no plays of their
            // own: their offers are additions declared with each play (game 9.3 P10).
            let (additions, plays): (Vec<_>, Vec<_>) =
                instances.into_iter().partition(|a| self.is_addition(a));
            let mut extras = Vec::new();
            for instance in &additions {
                if let QueryAnswer::Activations(offers) = self.ask(
                    instance,
                    QueryCall::Activations {
                        pop,
                        event: event.clone(),
                    },
                )? {
                    for (offer, activation) in offers.into_iter().enumerate() {
                        let costs = activation.cost.as_deref().map(parse_costs).transpose();
                        if let Ok(costs) = costs {
                            let addition = Addition {
                                ability: instance.ability.index,
                                offer: offer as u32,
                            };
                            extras.push((addition, activation, costs.unwrap_or_default()));
                        }
                    }
                }
            }
            for instance in plays {
                let QueryAnswer::Activations(offers) = self.ask(
                    &instance,
                    QueryCall::Activations {
                        pop,
                        event: event.clone(),
                    },
                )?
                else {
                    continue;
                };
                for (offer, activation) in offers.iter().enumerate() {
                    for (route, route_costs) in &routes {
                        let costs = match route_costs {
                            Some(costs) => costs.clone(),
                            None => match activation
                                .cost
                                .as_deref()
                                .map(parse_costs_with_x)
                                .transpose()
                            {
                                Ok(costs) => costs.unwrap_or_default(),
                                Err(_) => continue,
                            },
                        };
                        let label = several_offers_label(&offers, activation);
                        let play = |target, amount, addition| Choice::PlayCard {
                            card,
                            ability: instance.ability.index,
                            offer: offer as u32,
                            target,
                            amount,
                            from_discard: *route,
                            addition,
                            label: label.clone(),
                        };
                        // An X cost ("Pay X Force -> ...") is paid with the amount chosen: each
                        // amount is checked (game 13.8).
                        if x_limit(&costs).is_some() {
                            let choices = offer_choices(activation, |t, a| play(t, a, None));
                            options.extend(payable_x(&self.state, side, card, &costs, choices));
                        } else if can_pay_playing(&self.state, side, None, Some(card), &costs) {
                            options.extend(offer_choices(activation, |t, a| play(t, a, None)));
                        }
                        // Each addition the player can pay on top of the card's cost, after it.
                        for (addition, extra, extra_costs) in &extras {
                            let Some(both) = with_addition(activation, extra) else {
                                continue;
                            };
                            let all: Vec<Cost> = costs.iter().chain(extra_costs).cloned().collect();
                            if can_pay_playing(&self.state, side, None, Some(card), &all) {
                                options.extend(offer_choices(&both, |t, a| {
                                    play(t, a, Some(*addition))
                                }));
                            }
                        }
                    }
                }
            }
        }
        Ok(options)
    }

    /// Plays the Battle card a player chose in a POP: pays its cost, applies its effects and
    /// discards it (or, played from the discard pile by a route whose keyword says so, removes
    /// it from the game).
    pub(crate) fn play_battle_card(&mut self, side: Side, pop: Pop, choice: &Choice) -> Flow {
        let &Choice::PlayCard {
            card,
            ability,
            offer,
            target,
            amount,
            from_discard,
            addition,
            ..
        } = choice
        else {
            return Ok(());
        };
        let player = self.state.player(side);
        let (costs, again) = match from_discard {
            None if player.hand.contains(&card) => (None, None),
            Some(route) if player.discard.contains(&card) => {
                let routes = self.discard_routes(card, side)?;
                match routes.into_iter().find(|(number, ..)| *number == route) {
                    Some((_, costs, again)) => (Some(costs), Some(again)),
                    None => return Ok(()),
                }
            }
            _ => return Ok(()),
        };
        let instances = self.card_instances(card, UnitId(NOT_IN_PLAY), side);
        let Some(instance) = instances
            .iter()
            .find(|a| a.ability.index == ability)
            .cloned()
        else {
            return Ok(());
        };
        // The addition must be an ability of the card that works on it as it is played.
        let addition = match addition {
            Some(Addition { ability, offer }) => {
                let extra = instances
                    .iter()
                    .find(|a| a.ability.index == ability && self.is_addition(a));
                match extra {
                    Some(extra) => Some((extra.clone(), offer)),
                    None => return Ok(()),
                }
            }
            None => None,
        };
        let played = Activation {
            offer,
            target,
            amount,
        };
        let card = PlayedCard {
            card,
            costs,
            from_discard: again,
            addition,
            own: instances,
        };
        self.activate(
            super::abilities::Moment::Pop(pop),
            &instance,
            Some(card),
            played,
        )
    }

    /// A completed Mission resolves: after its disrupt POP (game 13.3), unless disrupted, each
    /// ability of its card whose plugin subscribes to the `resolve` hook proposes its effects;
    /// then the Mission goes to its owner's discard pile, disrupted or not (game 7.4: "A
    /// completed Mission resolves and is then discarded"). A Campaign does not resolve: unless
    /// disrupted it stays in the build zone, its text working (game 16.6, OQ-25).
    pub(crate) fn resolve_mission(&mut self, side: Side, unit: UnitId) -> Flow {
        let Some((card, own, disrupted)) = self.play_mission(side, unit)? else {
            return Ok(());
        };
        if !disrupted && self.state.def(card).is_campaign() && self.state.ruleset.campaigns_stay {
            if let Some(u) = self.state.unit_mut(unit) {
                u.place = Place::Campaign;
            }
            let name = self.state.unit_label(unit);
            self.event(Event::CampaignKept { unit, name });
            return Ok(());
        }
        let event = HookEvent {
            side: Some(side.into()),
            unit: Some(unit.0),
            ..self.hook_event()
        };
        for instance in own.into_iter().filter(|_| !disrupted) {
            if !self
                .host
                .manifest(instance.plugin)
                .hooks
                .contains(&HookPoint::Resolve)
            {
                continue;
            }
            match self.host.call_hook(
                instance.plugin,
                HookPoint::Resolve,
                &instance.ability,
                &event,
                &self.state,
            ) {
                Ok(effects) => self.apply_effects(&instance, "resolve", effects)?,
                Err(error) => self.plugin_failed(error)?,
            }
        }
        self.discard_mission(side, unit, card, disrupted);
        Ok(())
    }

    /// The trigger of a Trap in the build zone happened (game 16.7, OQ-25): the Trap is
    /// completed, and after its disrupt POP, unless disrupted, what its triggered ability
    /// proposes at `hook` happens; then it is discarded as a resolved Mission is. A Mission's
    /// text resolves after its disrupt POP (13.3), where a unit its effects name may have
    /// left play, so the ability is asked again then, at the same hook and event.
    pub(crate) fn spring_trap(
        &mut self,
        instance: &ActiveAbility,
        hook: HookPoint,
        event: &HookEvent,
    ) -> Flow {
        let unit = UnitId(instance.ability.unit);
        let side = instance.controller;
        let name = self.state.unit_label(unit);
        self.event(Event::TrapSprung {
            unit,
            name,
            hook: hook.name().to_string(),
        });
        let Some((card, _, disrupted)) = self.play_mission(side, unit)? else {
            return Ok(());
        };
        // What it proposed when its trigger happened said only that it triggered.
        if !disrupted {
            match self
                .host
                .call_hook(instance.plugin, hook, &instance.ability, event, &self.state)
            {
                Ok(effects) => self.apply_effects(instance, hook.name(), effects)?,
                Err(error) => self.plugin_failed(error)?,
            }
        }
        self.discard_mission(side, unit, card, disrupted);
        Ok(())
    }

    /// Completes the Mission `unit` and opens its disrupt POP (game 13.3: a completed Mission is
    /// a card played, and a disrupted one is discarded without resolving): its card, its own
    /// ability instances and whether it was disrupted, or none if it is gone.
    fn play_mission(
        &mut self,
        side: Side,
        unit: UnitId,
    ) -> Flow<Option<(CardId, Vec<ActiveAbility>, bool)>> {
        let Some(card) = self.state.unit(unit).map(|u| u.top()) else {
            return Ok(None);
        };
        let name = self.state.unit_label(unit);
        self.event(Event::Completed { unit, name });
        if let Some(u) = self.state.unit_mut(unit) {
            u.built = true;
        }
        let own = self.card_instances(card, unit, side);
        let def = self.state.def(card);
        let announced = Announced {
            side,
            kind: PlayKind::Mission,
            card: def.name.clone(),
            unit: Some(unit),
            text: def.abilities.join(" | "),
        };
        let disrupted = self.disrupt_pop(announced, &own)?;
        Ok(Some((card, own, disrupted)))
    }

    /// A resolved (or disrupted) Mission goes to its owner's discard pile as a card, not as a
    /// unit: no unit-discarded hook runs.
    fn discard_mission(&mut self, side: Side, unit: UnitId, card: CardId, disrupted: bool) {
        if let Some(mission) = self.state.units.remove(&unit) {
            for card in mission
                .cards
                .iter()
                .chain(&mission.pilots)
                .chain(&mission.beneath)
                .chain(&mission.equipment)
            {
                self.state.discard_card(*card);
            }
        }
        let name = self.state.def(card).name.clone();
        if !disrupted {
            self.event(Event::MissionResolved { side, card, name });
        }
    }

    /// Moves a played card from its player's hand to their discard pile, if it is still in hand
    /// (an effect of the card itself may have discarded it already). A card played from the
    /// discard pile (`from_discard`) stays there, or is removed from the game if the keyword
    /// that let it be played says so (manifest `discarded-again = "removed"`).
    pub(crate) fn discard_played(
        &mut self,
        side: Side,
        card: CardId,
        from_discard: Option<DiscardedAgain>,
    ) {
        let player = self.state.player_mut(side);
        match from_discard {
            Some(DiscardedAgain::Removed) => {
                if let Some(at) = player.discard.iter().position(|&c| c == card) {
                    player.discard.remove(at);
                    player.removed.push(card);
                }
            }
            Some(DiscardedAgain::Discard) => {}
            None => {
                if let Some(at) = player.hand.iter().position(|&c| c == card) {
                    player.hand.remove(at);
                    self.state.discard_card(card);
                }
            }
        }
    }
}
