//! Activations: the offers of abilities (and of Battle cards being played) in POPs and in build
//! steps, the options they make, their use limits, and playing one: its cost paid, its disrupt
//! POP, its effects asked and checked, the game put back if they fail.

use swtcg_plugin_api::{
    Act, ActivationChoice, Effect, HookEvent, PlayKind, Pop, QueryAnswer, QueryCall,
};

use super::{AMOUNT_LIMIT, ActiveAbility, Announced, Moment, Wanted};
use crate::cost::{costs_for_amount, parse_costs_with_x, x_limit};
use crate::decision::{Choice, PrintedText};
use crate::game::cascade::Work;
use crate::game::{Flow, Game};
use crate::hooks::HookError;
use crate::log::Event;
use crate::manifest::UseLimit;
use crate::model::{CardId, Side, UnitId};

/// The costs an offer prints ("Pay 2 Force"), none if it prints none; `Err` says why a cost does
/// not read. The offer was checked when it was made, but the plugin is asked for its offers again
/// when one is played, and its second answer need not be the first.
fn printed_costs(
    cost: Option<&str>,
    amount: Option<u32>,
) -> Result<Vec<crate::cost::Cost>, String> {
    let Some(cost) = cost else {
        return Ok(Vec::new());
    };
    let costs = parse_costs_with_x(cost)?;
    costs_for_amount(&costs, amount).ok_or_else(|| {
        format!("the cost \"{cost}\" has an X and no amount chosen within its limit")
    })
}

/// A Battle card being played: the card, the costs paid instead of its printed ones when it is
/// played from the discard pile, where it then goes (`from_discard`), and the addition declared
/// with it (manifest zone `played`): the ability instance of the card whose plugin works on
/// cards being played, and its offer.
pub(crate) struct PlayedCard {
    pub card: CardId,
    pub costs: Option<Vec<crate::cost::Cost>>,
    pub from_discard: Option<crate::manifest::DiscardedAgain>,
    pub addition: Option<(ActiveAbility, u32)>,
    /// The card's ability instances, found when the play was chosen: those that may say the
    /// card can't be disrupted are asked before its disrupt POP.
    pub own: Vec<ActiveAbility>,
}

/// An addition declared with a play, as `declared_addition` found it still offered: its ability
/// instance, its offer, whether it replaces the card's effects and the amount both allow.
type DeclaredAddition = (ActiveAbility, u32, bool, Option<u32>);

/// The offer of a card's play with an addition declared (Enhance, game 9.3 P10): one choice
/// serves both, so "that unit" in the addition is the card's target. An addition without
/// targets takes the card's; one with targets gives them to a card that has none, and narrows
/// the card's own to the units both allow. `None` when no unit fits both, or when the addition
/// offers nothing now (an amount of at most 0).
pub(crate) fn with_addition(
    base: &swtcg_plugin_api::Activation,
    addition: &swtcg_plugin_api::Activation,
) -> Option<swtcg_plugin_api::Activation> {
    if addition.max_amount == Some(0) {
        return None;
    }
    let targets: Vec<u32> = if addition.targets.is_empty() {
        base.targets.clone()
    } else if base.targets.is_empty() {
        addition.targets.clone()
    } else {
        let both: Vec<u32> = base
            .targets
            .iter()
            .copied()
            .filter(|t| addition.targets.contains(t))
            .collect();
        if both.is_empty() {
            return None;
        }
        both
    };
    Some(swtcg_plugin_api::Activation {
        label: format!("{} + {}", base.label, addition.label),
        cost: None,
        targets,
        max_amount: base.max_amount.or(addition.max_amount),
        replaces: addition.replaces,
    })
}

/// The player's answer to an activation's offer: which offer, and its target and amount.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Activation {
    pub offer: u32,
    pub target: Option<UnitId>,
    pub amount: Option<u32>,
}

/// What identifies one ability instance of a unit for its use limit: its number among the unit's
/// abilities and its text, so that two identical layered instances are used separately.
fn use_key(a: &ActiveAbility) -> String {
    format!("{}:{}", a.ability.index, a.ability.text)
}

/// The label a choice shows for `activation`: its own when the ability makes several offers
/// (Velocity's "+X" and "-X", the options of "Choose one"), which only their labels tell
/// apart; none for an ability's one offer, which its printed text names.
pub(crate) fn several_offers_label(
    offers: &[swtcg_plugin_api::Activation],
    activation: &swtcg_plugin_api::Activation,
) -> PrintedText {
    if offers.len() > 1 {
        PrintedText(activation.label.clone())
    } else {
        PrintedText::default()
    }
}

/// The decision options of one activation offer: one per target it allows (or one without a
/// target) and per amount from its "up to X" down to 1 (or one without an amount).
pub(crate) fn offer_choices(
    activation: &swtcg_plugin_api::Activation,
    choice: impl Fn(Option<UnitId>, Option<u32>) -> Choice,
) -> Vec<Choice> {
    let targets: Vec<Option<UnitId>> = if activation.targets.is_empty() {
        vec![None]
    } else {
        activation
            .targets
            .iter()
            .map(|&t| Some(UnitId(t)))
            .collect()
    };
    let amounts: Vec<Option<u32>> = match activation.max_amount {
        Some(max) => (1..=max.min(AMOUNT_LIMIT)).rev().map(Some).collect(),
        None => vec![None],
    };
    let mut options = Vec::with_capacity(targets.len() * amounts.len());
    for &target in &targets {
        for &amount in &amounts {
            options.push(choice(target, amount));
        }
    }
    options
}

impl Game<'_> {
    /// The activations `side` may play in this POP, as decision options (game 9.2, 13.6).
    pub(crate) fn activation_options(&mut self, side: Side, pop: Pop) -> Flow<Vec<Choice>> {
        self.offered_activations(side, Moment::Pop(pop))
    }

    /// The activations `side` may play now in their build step (game 7.1: "pay Equip costs"),
    /// as build actions: the API 1.3 `build-activations` offers.
    pub(crate) fn build_activation_options(&mut self, side: Side) -> Flow<Vec<Choice>> {
        self.offered_activations(side, Moment::BuildStep(side))
    }

    /// The activations `side` may play as the action of its unit `actor`, whose turn it is to
    /// act in a battle step, instead of attacking ("Play only when this unit would attack",
    /// game 6.3.5 b): the API 1.12 `actions` offers.
    pub(crate) fn action_options(&mut self, side: Side, actor: UnitId) -> Flow<Vec<Choice>> {
        self.offered_activations(side, Moment::Act(actor))
    }

    /// The activations of `side`'s abilities offered at `moment` whose cost they can pay.
    fn offered_activations(&mut self, side: Side, moment: Moment) -> Flow<Vec<Choice>> {
        let mut options = Vec::new();
        let query = moment.query();
        // Once a step's activations are used up (and one more was refused), nothing is offered:
        // a player skipping failures would otherwise be offered the same ability forever.
        if !self.any_answers(query) || !self.activations_left() {
            return Ok(options);
        }
        let event = self.moment_event(moment);
        let instances: Vec<ActiveAbility> = self
            .all_abilities(Wanted::Query(query))?
            .into_iter()
            .filter(|a| {
                // In a POP a plugin is asked only if its manifest names that POP.
                a.controller == side
                    && match moment {
                        Moment::Pop(pop) => self.host.manifest(a.plugin).offers_activations_in(pop),
                        Moment::BuildStep(_) | Moment::Act(_) => true,
                    }
            })
            .collect();
        // The build actions offered so far that a card's abilities would do: its card, cost
        // and effects.
        let mut offered: Vec<(CardId, Option<String>, Vec<Effect>)> = Vec::new();
        for a in instances {
            if self.used_up(&a) {
                continue;
            }
            let QueryAnswer::Activations(offers) = self.ask(&a, moment.offers(event.clone()))?
            else {
                continue;
            };
            let unit = UnitId(a.ability.unit);
            // Game 13.1: an ability that forbids it ("Your opponent can't play activated
            // abilities this turn") keeps an activated ability from being offered; build
            // actions are no activated abilities played.
            if !offers.is_empty()
                && !matches!(moment, Moment::BuildStep(_))
                && self.forbidden(Act::Activate {
                    side: side.into(),
                    unit: unit.0,
                    index: a.ability.index,
                })?
            {
                continue;
            }
            for (offer, activation) in offers.iter().enumerate() {
                // An offer the controller can't pay for is not legal (game 13.1.1). An X cost
                // ("Pay X Force") is paid with the amount chosen: each amount is checked.
                let printed = activation.cost.as_deref().unwrap_or_default();
                let costs = match parse_costs_with_x(printed) {
                    Ok(costs) => costs,
                    Err(_) if activation.cost.is_none() => Vec::new(),
                    Err(_) => continue,
                };
                let has_x = x_limit(&costs).is_some();
                if !has_x && !self.can_pay_costs(side, Some(unit), None, &costs)? {
                    continue;
                }
                let label = several_offers_label(&offers, activation);
                let choices = offer_choices(activation, |target, amount| Choice::Activate {
                    unit,
                    ability: a.ability.index,
                    keyword: a.keyword.to_string(),
                    offer: offer as u32,
                    target,
                    amount,
                    text: PrintedText(a.ability.text.clone()),
                    label: label.clone(),
                });
                for choice in choices {
                    if has_x {
                        let payable = match costs_for_amount(&costs, choice.amount()) {
                            Some(paid) => self.can_pay_costs(side, Some(unit), None, &paid)?,
                            None => false,
                        };
                        if !payable {
                            continue;
                        }
                    }
                    // A build action is offered only if what it would do is valid now (a Pilot
                    // boarding a full unit or moving twice in one step, game 12.2, 12.4): the
                    // plugin can't see every rule the host checks, and a refused action would
                    // stop the game.
                    if matches!(moment, Moment::BuildStep(_)) {
                        let Some(effects) =
                            self.valid_effects(&a, offer as u32, &choice, &event)?
                        else {
                            continue;
                        };
                        // Two abilities of one card that would do the same thing for the same
                        // cost are one action, offered once: "Several Pilot abilities of one
                        // card for the same subtype count as one" (game 12.3), so a Pilot card
                        // with two of them boards a unit, or moves off it, by one offer.
                        if let Some(card) = a.card
                            && !effects.is_empty()
                        {
                            let action = (card, activation.cost.clone(), effects);
                            if offered.contains(&action) {
                                continue;
                            }
                            offered.push(action);
                        }
                    }
                    options.push(choice);
                }
            }
        }
        Ok(options)
    }

    /// The effects the plugin would propose for `choice`, if they are all valid now (`None`
    /// otherwise): `activate` is asked without paying anything (plugin calls are pure). A call
    /// that fails is left for the activation itself to report: it counts as valid, with no
    /// effects known.
    fn valid_effects(
        &mut self,
        instance: &ActiveAbility,
        offer: u32,
        choice: &Choice,
        event: &HookEvent,
    ) -> Flow<Option<Vec<Effect>>> {
        let Choice::Activate { target, amount, .. } = choice else {
            return Ok(Some(Vec::new()));
        };
        let call = QueryCall::Activate {
            index: offer,
            choice: ActivationChoice {
                target: target.map(|t| t.0),
                amount: *amount,
            },
            event: event.clone(),
        };
        match self
            .host
            .query(instance.plugin, &instance.ability, &call, &self.state)
        {
            Ok(QueryAnswer::Effects(effects)) => {
                let rooms = self.rooms_of_boarded(instance, &effects)?;
                let valid = effects
                    .iter()
                    .all(|e| self.validate(instance, e, &rooms).is_ok());
                Ok(valid.then_some(effects))
            }
            _ => Ok(Some(Vec::new())),
        }
    }

    /// The period an activation's use limit counts in (game 13.6).
    fn use_period(&self, limit: UseLimit) -> Option<u64> {
        match limit {
            UseLimit::Attack => Some(self.state.attacks_declared),
            // The innermost damage instance being resolved: damage done inside it (Area Damage,
            // Deflect) starts instances of its own without renewing this one's uses.
            UseLimit::DamageInstance => Some(
                self.state
                    .damage
                    .last()
                    .map_or(self.state.damage_instances, |d| d.id),
            ),
            UseLimit::Turn => Some(self.state.turn as u64),
            UseLimit::None => None,
        }
    }

    /// How often an activated ability may be used: as its plugin's manifest says, and an
    /// ability of a Resource at most once per turn unless the ruleset says otherwise (P-3).
    fn use_limit(&self, a: &ActiveAbility) -> UseLimit {
        let limit = self.host.manifest(a.plugin).limit;
        let resource = self.state.ruleset.resource_abilities_once_per_turn
            && self
                .state
                .unit(UnitId(a.ability.unit))
                .is_some_and(|u| u.is_resource());
        match limit {
            UseLimit::None if resource => UseLimit::Turn,
            limit => limit,
        }
    }

    fn used_up(&self, a: &ActiveAbility) -> bool {
        let Some(period) = self.use_period(self.use_limit(a)) else {
            return false;
        };
        let key = use_key(a);
        self.state
            .used
            .iter()
            .any(|(unit, used, p)| *unit == UnitId(a.ability.unit) && *used == key && *p == period)
    }

    /// The event of the offers at `moment`: in a build step it names the player whose step it is.
    fn moment_event(&self, moment: Moment) -> HookEvent {
        match moment {
            Moment::Pop(_) => self.hook_event(),
            Moment::BuildStep(side) => HookEvent {
                side: Some(side.into()),
                ..self.hook_event()
            },
            // The acting unit, its controller and its arena.
            Moment::Act(actor) => {
                let unit = self.state.unit(actor);
                HookEvent {
                    side: unit.map(|u| u.controller.into()),
                    arena: unit.and_then(|u| u.in_arena()).map(Into::into),
                    unit: Some(actor.0),
                    ..self.hook_event()
                }
            }
        }
    }

    /// Plays an activation the player chose: pays its cost, then asks the plugin for its effects
    /// and applies them (game 13.3).
    pub(crate) fn play_activation(&mut self, pop: Pop, choice: &Choice) -> Flow {
        self.play_activation_at(Moment::Pop(pop), choice)
    }

    /// Plays an activation the player chose as the action of `actor` instead of attacking
    /// (game 6.3.5 b).
    pub(crate) fn play_action(&mut self, actor: UnitId, choice: &Choice) -> Flow {
        self.play_activation_at(Moment::Act(actor), choice)
    }

    /// Plays a build-step activation the player chose as a build action (Equip).
    pub(crate) fn play_build_activation(&mut self, side: Side, choice: &Choice) -> Flow {
        self.play_activation_at(Moment::BuildStep(side), choice)
    }

    fn play_activation_at(&mut self, moment: Moment, choice: &Choice) -> Flow {
        let Choice::Activate {
            unit,
            ability,
            offer,
            target,
            amount,
            ..
        } = choice
        else {
            return Ok(());
        };
        let Some(instance) = self
            .abilities_of(*unit)?
            .into_iter()
            .find(|a| a.ability.index == *ability)
        else {
            return Ok(());
        };
        let played = Activation {
            offer: *offer,
            target: *target,
            amount: *amount,
        };
        self.activate(moment, &instance, None, played)
    }

    /// Runs offer `played.offer` of an activated ability: of a unit's ability, or of a Battle
    /// card in hand (`card`; game 13.1.1: "Battle cards use the same arrow"), which is
    /// discarded once it resolved. The cost is paid first; a failed or invalid answer puts the
    /// game back as it was, cost included.
    pub(crate) fn activate(
        &mut self,
        moment: Moment,
        instance: &ActiveAbility,
        played_card: Option<PlayedCard>,
        played: Activation,
    ) -> Flow {
        let card = played_card.as_ref().map(|p| p.card);
        let unit = UnitId(instance.ability.unit);
        let side = instance.controller;
        let event = match card {
            // A card played from hand: the event names the player who plays it.
            Some(_) => HookEvent {
                side: Some(side.into()),
                ..self.hook_event()
            },
            None => self.moment_event(moment),
        };
        // A plugin is asked only in the POPs its manifest names, so it has nothing to play
        // in the others.
        if let Moment::Pop(pop) = moment
            && !self
                .host
                .manifest(instance.plugin)
                .offers_activations_in(pop)
        {
            return Ok(());
        }
        let QueryAnswer::Activations(offers) = self.ask(instance, moment.offers(event.clone()))?
        else {
            return Ok(());
        };
        let Some(activation) = offers.get(played.offer as usize) else {
            return Ok(());
        };
        let from_discard = played_card.as_ref().and_then(|p| p.from_discard);
        let (route_costs, addition, own) = match played_card {
            Some(p) => (p.costs, p.addition, p.own),
            None => (None, None, Vec::new()),
        };
        let mut costs = match route_costs {
            Some(costs) => costs,
            None => match printed_costs(activation.cost.as_deref(), played.amount) {
                Ok(costs) => costs,
                Err(reason) => return self.unreadable_offer(instance, moment, reason),
            },
        };
        // An addition is declared with the play and its cost paid after the card's, before any
        // effect resolves (game 9.3 P10).
        let addition = match addition {
            Some((extra, offer)) => {
                let found = self.declared_addition(
                    moment,
                    extra,
                    offer,
                    (activation, &played, &event),
                    &mut costs,
                )?;
                match found {
                    Some(addition) => Some(addition),
                    None => return Ok(()),
                }
            }
            None => None,
        };
        let payer = card.is_none().then_some(unit);
        if !self.can_pay_costs(side, payer, card, &costs)? {
            return Ok(());
        }
        // A free ability with no use limit could be played forever (by an AI, too).
        if let Err(reason) = self.charge(Work::Activation) {
            let error = HookError {
                plugin: self.plugin_label(instance.plugin),
                hook: "activate".into(),
                reason,
            };
            return self.plugin_failed(error);
        }
        // The state before the cost is paid: a failed or invalid activation leaves the game as
        // it was, cost included.
        let mut before = self.state.clone();
        let mut log_len = self.log.entries.len();
        let announced = self.announced(instance, card);
        let paid_with = self.pay_for_activation(instance, card, payer, &costs)?;
        // Game 13.3 step 3: the disrupt POP, after the costs and before the effects are asked.
        let paid_len = self.log.entries.len();
        if self.disrupt_pop(announced, &own)? {
            if let Some(card) = card {
                self.discard_played(side, card, from_discard);
            }
            return Ok(());
        }
        // Whatever the disrupt POP did (a disrupt attempt, its decisions and dice) stays: a
        // failure from here on puts the game back to after it, so that the log still replays.
        if self.log.entries.len() != paid_len {
            before = self.state.clone();
            log_len = self.log.entries.len();
        }
        let max_amount = match &addition {
            Some((_, _, _, both)) => *both,
            None => activation.max_amount,
        };
        let choice = ActivationChoice {
            target: played.target.map(|t| t.0),
            amount: played.amount,
        };
        // Every call is asked and checked before any effect applies: the card's and its
        // addition's effects resolve all or none (an addition that replaces the card's effects,
        // "... instead", leaves the card's own unasked).
        let mut calls: Vec<(&ActiveAbility, u32)> = Vec::new();
        if !addition
            .as_ref()
            .is_some_and(|(_, _, replaces, _)| *replaces)
        {
            calls.push((instance, played.offer));
        }
        if let Some((extra, offer, _, _)) = &addition {
            calls.push((extra, *offer));
        }
        // The units the costs chose are the activation's `paid-with` while its effects are
        // asked and applied (the `chosen` calls of the offers they make included), and no
        // longer: the activation that encloses this one, if any, gets its own back after.
        let outer = std::mem::replace(&mut self.state.paid_with, paid_with);
        let mut answers = Vec::with_capacity(calls.len());
        for (source, index) in calls {
            let call = QueryCall::Activate {
                index,
                choice,
                event: event.clone(),
            };
            match self.activate_effects(source, &call, played.amount.or(max_amount))? {
                Ok(effects) => answers.push((source, effects)),
                Err(error) => return self.undo_activation(before, log_len, error),
            }
        }
        for (source, effects) in answers {
            self.apply_effects(source, "activate", effects)?;
        }
        self.state.paid_with = outer;
        if let Some(card) = card {
            // Game 7.4: Battle cards are played, then discarded.
            self.discard_played(side, card, from_discard);
        }
        Ok(())
    }

    /// The addition declared with a Battle card's play (manifest zone `played`): it must still
    /// be offered and fit the player's target, and its cost is added to `costs`. `None` when
    /// the play can't go on (nothing is paid then). The addition comes back with its offer,
    /// whether it replaces the card's effects and the amount both allow.
    fn declared_addition(
        &mut self,
        moment: Moment,
        extra: ActiveAbility,
        offer: u32,
        (activation, played, event): (&swtcg_plugin_api::Activation, &Activation, &HookEvent),
        costs: &mut Vec<crate::cost::Cost>,
    ) -> Flow<Option<DeclaredAddition>> {
        let QueryAnswer::Activations(offers) = self.ask(&extra, moment.offers(event.clone()))?
        else {
            return Ok(None);
        };
        let Some(extra_offer) = offers.get(offer as usize) else {
            return Ok(None);
        };
        let Some(both) = with_addition(activation, extra_offer) else {
            return Ok(None);
        };
        if played
            .target
            .is_some_and(|t| !both.targets.is_empty() && !both.targets.contains(&t.0))
        {
            return Ok(None);
        }
        match printed_costs(extra_offer.cost.as_deref(), played.amount) {
            Ok(extra_costs) => costs.extend(extra_costs),
            Err(reason) => {
                self.unreadable_offer(&extra, moment, reason)?;
                return Ok(None);
            }
        }
        // Whether the addition's effects replace the card's ("... instead") is the offer's
        // flag (API 1.7; for older plugins the wasm host sets it from the label they used).
        Ok(Some((extra, offer, extra_offer.replaces, both.max_amount)))
    }

    /// What an activation being played is, for its disrupt POP (`playing`): a Battle card
    /// (`card`) or an activated ability of the instance's unit.
    fn announced(&self, instance: &ActiveAbility, card: Option<CardId>) -> Announced {
        let unit = UnitId(instance.ability.unit);
        let (kind, name, unit) = match card {
            Some(card) => (
                PlayKind::BattleCard,
                self.state.def(card).name.clone(),
                None,
            ),
            None => {
                let name = self
                    .state
                    .unit(unit)
                    .map(|u| self.state.top_def(u).name.clone())
                    .unwrap_or_default();
                (PlayKind::ActivatedAbility, name, Some(unit))
            }
        };
        Announced {
            side: instance.controller,
            kind,
            card: name,
            unit,
            text: instance.ability.text.clone(),
        }
    }

    /// Pays an activation's costs (by its unit, or by the player for a card played from hand or
    /// discard pile), counts its use against its limit and logs it; answers the units the costs
    /// chose (`pay_costs`).
    fn pay_for_activation(
        &mut self,
        instance: &ActiveAbility,
        card: Option<CardId>,
        payer: Option<UnitId>,
        costs: &[crate::cost::Cost],
    ) -> Flow<Vec<UnitId>> {
        let unit = UnitId(instance.ability.unit);
        let side = instance.controller;
        let paid_with = self.pay_costs(side, payer, card, costs)?;
        if card.is_none()
            && let Some(period) = self.use_period(self.use_limit(instance))
        {
            self.state.used.push((unit, use_key(instance), period));
        }
        match card {
            Some(card) => self.event(Event::CardPlayed {
                side,
                card,
                name: self.state.def(card).name.clone(),
            }),
            None => self.event(Event::Activated {
                unit,
                text: instance.ability.text.clone(),
            }),
        }
        Ok(paid_with)
    }

    /// An offer being played whose cost, as the plugin now answers, does not read: the plugin's
    /// failure at the query that made the offer, before anything is paid.
    fn unreadable_offer(
        &mut self,
        instance: &ActiveAbility,
        moment: Moment,
        reason: String,
    ) -> Flow {
        let error = HookError {
            plugin: self.plugin_label(instance.plugin),
            hook: moment.query().name().into(),
            reason: format!("an offer being played has a cost that does not read: {reason}"),
        };
        self.plugin_failed(error)
    }

    /// The effects one `activate` call proposes, checked: an "up to X" activation can't do more
    /// than the amount `chosen`, and every effect must be valid now.
    fn activate_effects(
        &mut self,
        instance: &ActiveAbility,
        call: &QueryCall,
        chosen: Option<u32>,
    ) -> Flow<Result<Vec<Effect>, HookError>> {
        let label = self.plugin_label(instance.plugin);
        let failure = |reason: String| HookError {
            plugin: label.clone(),
            hook: "activate".into(),
            reason,
        };
        let effects = match self
            .host
            .query(instance.plugin, &instance.ability, call, &self.state)
        {
            Ok(QueryAnswer::Effects(effects)) => effects,
            Ok(other) => return Ok(Err(failure(format!("answered activate with {other:?}")))),
            Err(error) => return Ok(Err(error)),
        };
        if let Some(effect) = effects.iter().find(
            |e| matches!(e, Effect::Prevent { amount: n, .. } if chosen.is_some_and(|c| *n > c)),
        ) {
            return Ok(Err(failure(format!(
                "proposed {effect:?}, more than the amount chosen ({chosen:?})"
            ))));
        }
        let rooms = self.rooms_of_boarded(instance, &effects)?;
        if let Some((effect, reason)) = effects
            .iter()
            .find_map(|e| self.validate(instance, e, &rooms).err().map(|r| (e, r)))
        {
            return Ok(Err(failure(format!("invalid effect {effect:?}: {reason}"))));
        }
        Ok(Ok(effects))
    }

    /// Puts the game back as it was before a failed activation, then reports the failure.
    fn undo_activation(
        &mut self,
        before: crate::model::GameState,
        log_len: usize,
        error: HookError,
    ) -> Flow {
        *self.state = before;
        self.log.entries.truncate(log_len);
        self.plugin_failed(error)
    }
}
