//! Applying effects: a call's effects checked as a whole and applied, the effects saved for later
//! (attack end, build step start), choices a plugin offers, and the effects that move units,
//! defenders, hits, dice and payments.

use swtcg_plugin_api::{Delayed, Effect, HookEvent, HookPoint, QueryAnswer, QueryCall, Retarget};

use super::{ActiveAbility, CHOICE_DEPTH_LIMIT, EFFECTS_PER_CALL};
use crate::cost::{can_pay, can_pay_playing, parse_costs};
use crate::decision::{Choice, DecisionKind};
use crate::game::{Flow, Game};
use crate::hooks::HookError;
use crate::log::Event;
use crate::model::attack::{AttackDie, PendingDamage};
use crate::model::{Duration, Modifier, Saved, SavedEffect, Side, UnitId};

fn duration_of(d: swtcg_plugin_api::Duration) -> Duration {
    use swtcg_plugin_api::Duration as D;
    match d {
        D::ThisAttack => Duration::ThisAttack,
        D::NextAttack => Duration::NextAttack,
        D::EndOfBattle => Duration::EndOfBattle,
        D::EndOfTurn => Duration::EndOfTurn,
        D::EndOfGame => Duration::EndOfGame,
    }
}

/// Damage an effect starts, dealt once the effects are applied: its source (none for a card not
/// in play), its target, its dice (none for an amount) and its amount.
type NewDamage = (Option<UnitId>, UnitId, Option<u32>, u32);

/// The source of damage an effect names: a unit, or none for a card being played ("Snowstorm
/// does 5 dice of damage to it": a Battle card is no unit in play, game 11).
fn damage_source(source: u32) -> Option<UnitId> {
    (source != swtcg_plugin_api::NOT_IN_PLAY).then_some(UnitId(source))
}

/// Which ability `source` is, as `Game::picked` tells abilities apart.
fn picker(source: &ActiveAbility) -> super::Picker {
    (source.plugin, source.ability.unit, source.ability.index)
}

impl Game<'_> {
    /// Validates every effect of one call, then applies them all; one invalid effect discards
    /// the whole call, so the state is never half-changed.
    pub(crate) fn apply_effects(
        &mut self,
        source: &ActiveAbility,
        hook: &str,
        effects: Vec<Effect>,
    ) -> Flow {
        if effects.is_empty() {
            return Ok(());
        }
        if effects.len() > EFFECTS_PER_CALL {
            let reason = format!(
                "proposed {} effects, more than the {EFFECTS_PER_CALL} one call may",
                effects.len()
            );
            return self.plugin_failed(self.refusal(source, hook, reason));
        }
        let choices = effects
            .iter()
            .filter(|e| matches!(e, Effect::Choose { .. }))
            .count();
        if choices > 1 {
            let reason = format!("proposed {choices} choices; one call may offer one");
            return self.plugin_failed(self.refusal(source, hook, reason));
        }
        let rooms = self.rooms_of_boarded(source, &effects)?;
        if let Some((effect, reason)) = effects
            .iter()
            .find_map(|e| self.validate(source, e, &rooms).err().map(|r| (e, r)))
        {
            let reason = format!("invalid effect {effect:?}: {reason}");
            return self.plugin_failed(self.refusal(source, hook, reason));
        }
        // The cascade bounds (game/cascade.rs): checked last, so that only effects that would
        // apply are counted, and before anything applies.
        if let Err(reason) = self
            .unit_room(&effects)
            .and_then(|()| self.enter_cascade(effects.len()))
        {
            return self.plugin_failed(self.refusal(source, hook, reason));
        }
        // What the plugin proposed is in the log (and the `-v` trace) before it applies, so
        // that a reader sees which ability did what (issue 19).
        self.event(Event::Proposed {
            by: self.plugin_label(source.plugin),
            hook: hook.to_string(),
            unit: UnitId(source.ability.unit),
            text: source.ability.text.clone(),
            effects: effects.clone(),
        });
        let applied = self.apply_valid_effects(source, effects);
        self.cascade.leave();
        applied
    }

    /// The failure of a call whose effects are refused, naming the plugin, the hook and the
    /// ability whose answer it was (its printed text and unit).
    fn refusal(&self, source: &ActiveAbility, hook: &str, reason: String) -> HookError {
        HookError {
            plugin: self.plugin_label(source.plugin),
            hook: hook.to_string(),
            reason: format!(
                "{reason} (the ability \"{}\" of {})",
                crate::text::escape_controls(&source.ability.text),
                match source.ability.unit {
                    swtcg_plugin_api::NOT_IN_PLAY => "a card being played".to_string(),
                    unit => format!("unit {unit}"),
                }
            ),
        }
    }

    /// Applies a call's effects, all of them valid, then runs the state check.
    fn apply_valid_effects(&mut self, source: &ActiveAbility, effects: Vec<Effect>) -> Flow {
        let mut new_damage = Vec::new();
        for effect in effects {
            match effect {
                Effect::ChangeDefender { unit } => self.change_defender(source, UnitId(unit))?,
                Effect::PayOneOf { costs } => {
                    self.pay_one_of(UnitId(source.ability.unit), &costs)?
                }
                Effect::AtBuildStepStart(delayed) => {
                    self.state.at_build_step_start.push(SavedEffect {
                        side: source.controller,
                        what: Saved::Effect { delayed },
                        unit: UnitId(source.ability.unit),
                        text: source.ability.text.clone(),
                    })
                }
                Effect::Later { tag } => {
                    // Validation made sure the ability is printed on a card.
                    if let (Some(card), Some(ability)) = (source.card, self.printed_index(source)) {
                        self.state.at_build_step_start.push(SavedEffect {
                            side: source.controller,
                            what: Saved::Later { card, ability, tag },
                            unit: UnitId(source.ability.unit),
                            text: source.ability.text.clone(),
                        })
                    }
                }
                Effect::Choose { options, optional } => {
                    self.offer_choice(source, options, optional)?
                }
                Effect::Board { onto } => self.board(source, UnitId(onto)),
                Effect::Disembark { from } => self.disembark(source, UnitId(from)),
                Effect::Disrupt { play } => self.mark_disrupted(play, source.controller),
                Effect::UnlessPays { side, cost } => {
                    self.offer_payment(source, side.into(), &cost)?
                }
                Effect::TakeSubordinate {
                    name,
                    arenas,
                    tapped,
                } => {
                    let arenas: Vec<_> = arenas.into_iter().map(Into::into).collect();
                    let by = (source.ability.unit != swtcg_plugin_api::NOT_IN_PLAY)
                        .then_some(UnitId(source.ability.unit));
                    self.take_subordinate(source.controller, by, &name, &arenas, tapped)?
                }
                Effect::Lasts { duration } => {
                    // Validation made sure the ability is a played card's.
                    if let Some(card) = source.card {
                        let lasting = crate::model::Lasting {
                            card,
                            ability: source.ability.index,
                            controller: source.controller,
                            duration: duration_of(duration),
                        };
                        if !self.state.lasting.contains(&lasting) {
                            self.state.lasting.push(lasting);
                        }
                    }
                }
                Effect::PickCards(pick) => {
                    let by = (source.ability.unit != swtcg_plugin_api::NOT_IN_PLAY)
                        .then_some(UnitId(source.ability.unit));
                    self.pick_cards(by, pick)?
                }
                other => self.apply_for(
                    source.controller,
                    Some(&source.ability.text),
                    other,
                    &mut new_damage,
                )?,
            }
        }
        self.deal_new_damage(new_damage)?;
        self.state_check()
    }

    /// Applies one valid effect that needs nothing of the ability that proposed it but whose it
    /// is, `controller` (every effect a delayed effect becomes is one): damage it does is added
    /// to `new_damage`, dealt after the call's other effects. The effects that need their
    /// ability are applied by `apply_valid_effects` and never come here.
    fn apply_for(
        &mut self,
        controller: Side,
        text: Option<&str>,
        effect: Effect,
        new_damage: &mut Vec<NewDamage>,
    ) -> Flow {
        match effect {
            Effect::Stats(change) => {
                if let Some(unit) = self.state.unit_mut(UnitId(change.unit)) {
                    unit.modifiers.push(Modifier {
                        speed: change.speed,
                        power: change.power,
                        health: change.health,
                        duration: duration_of(change.duration),
                        source: text.map(std::sync::Arc::from),
                    });
                }
            }
            Effect::Prevent { unit, amount } => self.prevent_pending(UnitId(unit), amount, text),
            Effect::AddPending { unit, amount } => self.add_pending(UnitId(unit), amount, text),
            Effect::DiceOfDamage {
                source,
                target,
                dice,
            } => new_damage.push((damage_source(source), UnitId(target), Some(dice), 0)),
            Effect::Damage {
                source,
                target,
                amount,
            } => new_damage.push((damage_source(source), UnitId(target), None, amount)),
            Effect::OfferSplit { hits } => self.split_hits(hits)?,
            Effect::ExtraAttackDice { dice } => self.extra_attack_dice(dice)?,
            Effect::GainForce { amount } => {
                let force = &mut self.state.player_mut(controller).force;
                *force = force.saturating_add(amount);
            }
            Effect::Tap { unit } | Effect::Untap { unit } => {
                let tap = matches!(effect, Effect::Tap { .. });
                if let Some(u) = self.state.unit_mut(UnitId(unit)) {
                    u.tapped = tap;
                }
            }
            Effect::Counters { unit, kind, amount } => {
                if let Some(u) = self.state.unit_mut(UnitId(unit)) {
                    let count = u.counters.entry(kind).or_insert(0);
                    *count = count.saturating_add_signed(amount);
                }
            }
            Effect::AtAttackEnd(delayed) => self.state.at_attack_end.push((controller, delayed)),
            Effect::Draw { side, cards } => {
                for _ in 0..cards {
                    self.draw(side.into())?;
                }
            }
            Effect::GainBuildPoints { amount } => {
                let points = &mut self.state.player_mut(controller).build_points;
                *points = points.saturating_add(amount);
            }
            // Game 7.1: a player's build points, never below none.
            Effect::BuildPoints { side, amount } => {
                let points = &mut self.state.player_mut(side.into()).build_points;
                *points = points.saturating_add_signed(amount);
            }
            Effect::Reveal { cards, to } => self.reveal(&cards, to.into()),
            Effect::BuildCounters { unit, amount } => self.put_build_counters(UnitId(unit), amount),
            Effect::LoseForce { side, amount } => {
                let force = &mut self.state.player_mut(side.into()).force;
                *force = force.saturating_sub(amount);
            }
            Effect::PlayerGainsForce { side, amount } => {
                let force = &mut self.state.player_mut(side.into()).force;
                *force = force.saturating_add(amount);
            }
            Effect::Note {
                unit,
                key,
                value,
                duration,
            } => {
                if let Some(u) = self.state.unit_mut(UnitId(unit)) {
                    u.notes.insert(key, (value, duration_of(duration)));
                }
            }
            Effect::AttackAgain {
                attacker,
                defender,
                tap,
            } => self
                .state
                .attacks_again
                .push((UnitId(attacker), UnitId(defender), tap)),
            Effect::PutBeneath { unit, from } => self.put_beneath(UnitId(unit), UnitId(from)),
            Effect::Attach { equipment, to } => self.attach(UnitId(equipment), UnitId(to)),
            Effect::Reroll { dice } => {
                for index in dice {
                    self.reroll_attack_die(index as usize)?;
                }
            }
            Effect::DiceModifier { amount } => {
                if let Some(attack) = self.state.attack.as_mut() {
                    for die in &mut attack.dice {
                        die.modifier = die.modifier.saturating_add(amount);
                    }
                }
            }
            Effect::MoveUnit { unit, zone } => self.move_unit(UnitId(unit), zone)?,
            Effect::DiscardUnit { unit } => {
                let text = text.unwrap_or("an ability").to_string();
                self.discard_unit(UnitId(unit), crate::log::DiscardWhy::Ability { text })?
            }
            Effect::PlaceDamage { unit, amount } => {
                // Game 11.5: counters, not damage: no prevention, no damage hooks.
                if let Some(u) = self.state.unit_mut(UnitId(unit)) {
                    u.damage = u.damage.saturating_add(amount);
                    if amount > 0 {
                        self.event(Event::DamageCountersPlaced {
                            unit: UnitId(unit),
                            amount,
                        });
                    }
                }
            }
            Effect::RemoveDamage { unit, amount } => self.remove_damage(UnitId(unit), amount)?,
            Effect::ClearDamage { unit, amount } => self.clear_damage(UnitId(unit), amount),
            Effect::Grant {
                unit,
                text,
                duration,
            } => {
                if let Some(u) = self.state.unit_mut(UnitId(unit)) {
                    u.granted.push((text, duration_of(duration)));
                }
            }
            Effect::ChangeDefender { .. }
            | Effect::PayOneOf { .. }
            | Effect::AtBuildStepStart(_)
            | Effect::Choose { .. }
            | Effect::Board { .. }
            | Effect::Disembark { .. }
            | Effect::Disrupt { .. }
            | Effect::UnlessPays { .. }
            | Effect::TakeSubordinate { .. }
            | Effect::PickCards(_)
            | Effect::Lasts { .. }
            | Effect::Later { .. } => {}
        }
        Ok(())
    }

    /// Puts build counters on a card being built (game 7.2), which validation checked it is.
    fn put_build_counters(&mut self, unit: UnitId, amount: u32) {
        if let Some(u) = self.state.unit_mut(unit) {
            u.build_counters = u.build_counters.saturating_add(amount);
            self.event(Event::BuildCounters {
                unit,
                points: amount,
            });
        }
    }

    /// Prevents `amount` of the damage pending on `unit` in the damage being resolved.
    fn prevent_pending(&mut self, unit: UnitId, amount: u32, text: Option<&str>) {
        if let Some(p) = self
            .state
            .damage
            .last_mut()
            .and_then(|d| d.pending.iter_mut().find(|p| p.target == unit))
        {
            let before = p.prevented;
            p.prevented = (p.prevented + amount).min(p.amount);
            if let Some(text) = text
                && p.prevented > before
            {
                p.prevented_by
                    .push((text.to_string(), p.prevented - before));
            }
        }
    }

    /// Adds `amount` to the damage pending on `unit` in the damage being resolved (a new
    /// preventable amount if none was pending on it).
    fn add_pending(&mut self, unit: UnitId, amount: u32, text: Option<&str>) {
        let added_by: Vec<(String, u32)> = text
            .filter(|_| amount > 0)
            .map(|text| (text.to_string(), amount))
            .into_iter()
            .collect();
        if let Some(d) = self.state.damage.last_mut() {
            match d.pending.iter_mut().find(|p| p.target == unit) {
                Some(p) => {
                    p.amount += amount;
                    p.added_by.extend(added_by);
                }
                None => d.pending.push(PendingDamage {
                    target: unit,
                    amount,
                    prevented: 0,
                    from_attack_dice: false,
                    preventable: true,
                    added_by,
                    prevented_by: Vec::new(),
                }),
            }
        }
    }

    /// Deals the damage a call's effects caused, after all its effects applied: dice of damage
    /// rolled, or an amount, each from its source to its target.
    fn deal_new_damage(&mut self, new_damage: Vec<NewDamage>) -> Flow {
        for (source, target, dice, amount) in new_damage {
            match dice {
                Some(dice) => {
                    self.dice_of_damage(source, target, dice)?;
                }
                None => self.resolve_damage(
                    source,
                    vec![PendingDamage {
                        target,
                        amount,
                        prevented: 0,
                        from_attack_dice: false,
                        preventable: true,
                        added_by: Vec::new(),
                        prevented_by: Vec::new(),
                    }],
                )?,
            }
        }
        Ok(())
    }

    /// Runs the effects saved for the end of the attack (Retaliate...), in the order they were
    /// activated, even if their source has left play (game 10.10).
    pub(crate) fn run_attack_end_effects(&mut self) -> Flow {
        // Effects saved while these resolve run too, in the same attack end.
        while !self.state.at_attack_end.is_empty() {
            for (side, delayed) in std::mem::take(&mut self.state.at_attack_end) {
                self.run_delayed(side, delayed)?;
            }
        }
        Ok(())
    }

    /// Takes the effects saved for `side`'s build step (Bounty), in the order they were made;
    /// they run even if their source has left play.
    pub(crate) fn take_build_step_start_effects(&mut self, side: Side) -> Vec<SavedEffect> {
        let (mine, others): (Vec<_>, Vec<_>) = std::mem::take(&mut self.state.at_build_step_start)
            .into_iter()
            .partition(|s| s.side == side);
        self.state.at_build_step_start = others;
        mine
    }

    /// Where the ability of `source` is printed on its card (API 1.15 `later` finds it again
    /// there): the first of the card's printed texts that is the ability's.
    pub(super) fn printed_index(&self, source: &ActiveAbility) -> Option<u32> {
        let card = source.card?;
        self.state
            .def(card)
            .abilities
            .iter()
            .position(|text| text.trim() == source.ability.text.trim())
            .map(|i| i as u32)
    }

    /// What a saved `later` call answers, carried out now that its player's build step starts
    /// (API 1.15): the ability is found again on its card and asked `later(tag)`, with its
    /// unit, which may have left play since (`turn_end` keeps such a unit as it last was, so
    /// that `last-seen` answers for it), or with no unit (`NOT_IN_PLAY`) if there is none.
    pub(super) fn run_later(&mut self, saved: &SavedEffect) -> Flow {
        let Saved::Later { card, ability, tag } = saved.what else {
            return Ok(());
        };
        let known =
            self.state.unit(saved.unit).is_some() || self.state.departed.contains_key(&saved.unit);
        let unit = if known {
            saved.unit
        } else {
            UnitId(swtcg_plugin_api::NOT_IN_PLAY)
        };
        let Some(instance) = self.card_instance(card, ability, unit, saved.side) else {
            return Ok(());
        };
        let effects = match self.ask(&instance, QueryCall::Later { tag })? {
            swtcg_plugin_api::QueryAnswer::Effects(effects) => effects,
            _ => Vec::new(),
        };
        self.apply_effects(&instance, "later", effects)
    }

    /// One delayed effect, for the player whose ability made it: applied as the effect it is
    /// (`Delayed::effect`), by the one path every effect takes, even if the ability that made
    /// it has left play (game 10.10). Dice of damage at a target that has left play are not
    /// rolled. As before this path existed, no state check runs after it here.
    pub(super) fn run_delayed(&mut self, side: Side, delayed: Delayed) -> Flow {
        let effect = delayed.effect(side.into());
        if let Effect::DiceOfDamage { target, .. } = effect
            && self.state.unit(UnitId(target)).is_none()
        {
            return Ok(());
        }
        let mut new_damage = Vec::new();
        self.apply_for(side, None, effect, &mut new_damage)?;
        self.deal_new_damage(new_damage)
    }

    /// API 1.1 `choose`: the ability's controller picks an option (or declines an optional
    /// offer), and the plugin's `chosen` answers with the effects of that option.
    fn offer_choice(
        &mut self,
        source: &ActiveAbility,
        options: Vec<String>,
        optional: bool,
    ) -> Flow {
        if self.too_many_choices(source)? {
            return Ok(());
        }
        let mut choices: Vec<Choice> = Vec::with_capacity(options.len() + 1);
        if optional {
            choices.push(Choice::Pass);
        }
        // The answer of `chosen` for each option is known before the player picks (plugin
        // calls are pure), so an option whose effects the rules forbid is never offered: the
        // player can't choose it, and the decision stays open for the legal ones.
        let mut answers: Vec<Option<Vec<Effect>>> = Vec::with_capacity(options.len());
        for (i, text) in options.into_iter().enumerate() {
            let answer = self.chosen_answer(source, i as u32)?;
            if let Some(effects) = &answer
                && !self.choice_allowed(effects)?
            {
                answers.push(None);
                continue;
            }
            answers.push(answer);
            choices.push(Choice::Option {
                index: i as u32 + 1,
                text,
            });
        }
        if choices.is_empty() {
            return Ok(());
        }
        let unit = UnitId(source.ability.unit);
        let picked = self.decide(
            source.controller,
            DecisionKind::ChooseOption { unit },
            choices,
        )?;
        let Choice::Option { index, .. } = picked else {
            return Ok(());
        };
        let known = answers.get_mut(index as usize - 1).and_then(Option::take);
        let effects = match known {
            Some(effects) => effects,
            // A call that failed when asked ahead is asked again, so that its error is
            // reported as the ruleset says.
            None => match self.ask_chosen(source, index - 1)? {
                QueryAnswer::Effects(effects) => effects,
                _ => return Ok(()),
            },
        };
        self.apply_chosen(source, index - 1, effects)
    }

    /// API 1.8 `unless-pays`: `side` may pay `cost` if they can (decision `pay-or-not`, the
    /// cost or `Pass`); then the ability's `chosen` gets 0 if they paid and 1 if not, and its
    /// effects apply ("Disrupt a Battle card unless your opponent pays 2 Force").
    fn offer_payment(&mut self, source: &ActiveAbility, side: Side, cost: &str) -> Flow {
        if self.too_many_choices(source)? {
            return Ok(());
        }
        // The effect was validated: the cost reads.
        let costs = parse_costs(cost).unwrap_or_default();
        let unit = UnitId(source.ability.unit);
        // A cost about the unit itself ("Tap -> Ambush 5") is the ability's unit's when its
        // controller pays.
        let own = (side == source.controller && self.state.unit(unit).is_some()).then_some(unit);
        let paid = can_pay_playing(&self.state, side, own, None, &costs)
            && matches!(
                self.decide(
                    side,
                    DecisionKind::PayOrNot { unit },
                    vec![
                        Choice::Pass,
                        Choice::Option {
                            index: 1,
                            text: cost.trim().to_string(),
                        },
                    ],
                )?,
                Choice::Option { .. }
            );
        if paid {
            self.pay_costs(side, own, None, &costs)?;
        }
        self.event(Event::UnlessPays {
            side,
            cost: cost.trim().to_string(),
            paid,
        });
        let index = u32::from(!paid);
        let effects = match self.ask_chosen(source, index)? {
            QueryAnswer::Effects(effects) => effects,
            _ => return Ok(()),
        };
        self.apply_chosen(source, index, effects)
    }

    /// Whether the ability has offered too many choices in a row (a plugin whose every answer
    /// offers another would never end): then its failure is reported, as the ruleset says.
    fn too_many_choices(&mut self, source: &ActiveAbility) -> Flow<bool> {
        if self.choice_depth < CHOICE_DEPTH_LIMIT {
            return Ok(false);
        }
        let error = HookError {
            plugin: self.plugin_label(source.plugin),
            hook: "chosen".into(),
            reason: format!("offered more than {CHOICE_DEPTH_LIMIT} choices in a row"),
        };
        self.plugin_failed(error)?;
        Ok(true)
    }

    /// Applies what `chosen` answered for the option `picked`, one level of choices deeper: the
    /// offers its effects make are told that option was picked (`chosen-before`).
    fn apply_chosen(&mut self, source: &ActiveAbility, picked: u32, effects: Vec<Effect>) -> Flow {
        self.choice_depth += 1;
        self.picked.push((picker(source), picked));
        let applied = self.apply_effects(source, "chosen", effects);
        self.picked.pop();
        self.choice_depth -= 1;
        applied
    }

    /// The effects `chosen` answers for option `index`, asked ahead of the player's pick; `None`
    /// when the call fails (it is asked again, and its error reported, only if picked).
    fn chosen_answer(&mut self, source: &ActiveAbility, index: u32) -> Flow<Option<Vec<Effect>>> {
        self.tell_chosen_before(source);
        let answer = self.host.query(
            source.plugin,
            &source.ability,
            &QueryCall::Chosen { index },
            &self.state,
        );
        self.tell_chosen_before_nothing();
        Ok(match answer {
            Ok(QueryAnswer::Effects(effects)) => Some(effects),
            _ => None,
        })
    }

    /// Asks `chosen` for option `index`, as the engine asks any query.
    fn ask_chosen(&mut self, source: &ActiveAbility, index: u32) -> Flow<QueryAnswer> {
        self.tell_chosen_before(source);
        let answer = self.ask(source, QueryCall::Chosen { index });
        self.tell_chosen_before_nothing();
        answer
    }

    /// Sets what `chosen-before` and `chosen-by` answer during a `chosen` call of `source`: the
    /// options picked in the offers `source` made that led to this one, the innermost run of
    /// them (an ability whose effects led to `source`'s offer made its own, which are not
    /// `source`'s), and its controller.
    fn tell_chosen_before(&mut self, source: &ActiveAbility) {
        let picker = picker(source);
        let run = self
            .picked
            .iter()
            .rev()
            .take_while(|(by, _)| *by == picker)
            .count();
        let before = &self.picked[self.picked.len() - run..];
        self.state.chosen_before = before.iter().map(|&(_, index)| index).collect();
        self.state.chosen_by = Some(source.controller);
    }

    /// `chosen-before` and `chosen-by` answer nothing outside a `chosen` call.
    fn tell_chosen_before_nothing(&mut self) {
        self.state.chosen_before.clear();
        self.state.chosen_by = None;
    }

    /// Whether the rules allow what a player's choice would do: each attack it asks for must
    /// be at a defender the attacker may choose (game 10.1.1: not a Stealth unit that is
    /// untapped and undamaged, not a "can't be attacked" unit, only the arenas it may attack).
    /// The attacker's own tapped state is not asked: an extra attack is made by a unit that
    /// just attacked.
    fn choice_allowed(&mut self, effects: &[Effect]) -> Flow<bool> {
        for effect in effects {
            if let Effect::AttackAgain {
                attacker, defender, ..
            } = effect
                && !self
                    .legal_defenders(UnitId(*attacker))?
                    .contains(&UnitId(*defender))
            {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Consume: the top card of a discarded unit goes face down beneath `unit` (validated:
    /// the card is still in its owner's discard pile).
    fn put_beneath(&mut self, unit: UnitId, from: UnitId) {
        let Some(card) = self.state.departed.get(&from).map(|u| u.top()) else {
            return;
        };
        let owner = self.state.owner(card);
        let discard = &mut self.state.player_mut(owner).discard;
        let Some(position) = discard.iter().position(|&c| c == card) else {
            return;
        };
        discard.remove(position);
        match self.state.unit_mut(unit) {
            Some(u) => u.beneath.push(card),
            // Validated by `validate`; should the unit be gone, the card stays where it was.
            None => self.state.player_mut(owner).discard.insert(position, card),
        }
    }

    /// "May remove up to N damage counters" (game 14.5): the unit's controller chooses how many.
    fn remove_damage(&mut self, unit: UnitId, up_to: u32) -> Flow {
        let Some((side, damage)) = self.state.unit(unit).map(|u| (u.controller, u.damage)) else {
            return Ok(());
        };
        let most = up_to.min(damage);
        if most == 0 {
            return Ok(());
        }
        // The options are the numbers of counters; "0", declining, is first and so the default.
        let options = (0..=most)
            .map(|n| Choice::Option {
                index: n + 1,
                text: n.to_string(),
            })
            .collect();
        let removed = match self.decide(side, DecisionKind::RemoveDamage { unit }, options)? {
            Choice::Option { text, .. } => text.parse::<u32>().unwrap_or(0),
            _ => 0,
        };
        if let Some(u) = self.state.unit_mut(unit) {
            let removed = removed.min(u.damage);
            u.damage -= removed;
            if removed > 0 {
                self.event(Event::DamageRemoved {
                    unit,
                    amount: removed,
                });
            }
        }
        Ok(())
    }

    /// "Remove N damage counters" (game 14.5) with no choice: N of them, or all the unit has
    /// if it has fewer.
    fn clear_damage(&mut self, unit: UnitId, amount: u32) {
        let removed = self.state.unit(unit).map_or(0, |u| amount.min(u.damage));
        if removed == 0 {
            return;
        }
        if let Some(u) = self.state.unit_mut(unit) {
            u.damage -= removed;
        }
        self.event(Event::DamageRemoved {
            unit,
            amount: removed,
        });
    }

    /// Moves a unit into an arena of its type line or into the build zone (game 4.4, 8.5).
    pub(crate) fn move_unit(&mut self, unit: UnitId, zone: swtcg_plugin_api::Zone) -> Flow {
        let place = match zone.arena() {
            Some(arena) => crate::model::Place::Arena(arena.into()),
            None => crate::model::Place::BuildZone,
        };
        let Some(was_in_arena) = self.state.unit(unit).map(|u| u.in_arena().is_some()) else {
            return Ok(());
        };
        // Moved from an arena to the build zone, the unit retreats (game 8.1): an ability that
        // forbids it ("This unit can't retreat.") makes the move do nothing.
        if was_in_arena
            && place == crate::model::Place::BuildZone
            && self.forbidden(swtcg_plugin_api::Act::Retreat {
                unit: unit.0,
                in_retreat_step: false,
            })?
        {
            return Ok(());
        }
        let Some(u) = self.state.unit_mut(unit) else {
            return Ok(());
        };
        u.place = place;
        match place {
            crate::model::Place::Arena(arena) => {
                self.event(Event::Deployed { unit, arena });
                // `amount` 0: moved by an effect, not deployed (Deploy triggers on 1).
                let event = HookEvent {
                    unit: Some(unit.0),
                    arena: Some(arena.into()),
                    amount: Some(0),
                    ..self.hook_event()
                };
                self.hook(HookPoint::UnitEntersArena, event)
            }
            crate::model::Place::BuildZone => {
                self.event(Event::Retreated { unit });
                if was_in_arena {
                    let event = HookEvent {
                        unit: Some(unit.0),
                        ..self.hook_event()
                    };
                    self.hook(HookPoint::UnitLeavesArena, event)?;
                }
                Ok(())
            }
            // No effect moves a Location, a Resource, a completed Campaign or an Event
            // (validation refuses it, game 16.1, 16.3, 16.4, 16.6).
            crate::model::Place::Location(_)
            | crate::model::Place::Resource
            | crate::model::Place::Campaign
            | crate::model::Place::Event => Ok(()),
        }
    }

    /// Intercept and Redirect (game 10.2, 10.11): the attack targets `unit` instead, if the
    /// attacker could attack it and its attack may be retargeted; otherwise the activation is
    /// paid but the defender does not change.
    fn change_defender(&mut self, source: &ActiveAbility, unit: UnitId) -> Flow {
        let Some(attack) = self.state.attack.clone() else {
            return Ok(());
        };
        let by = if unit.0 == source.ability.unit {
            Retarget::Intercept
        } else {
            Retarget::Redirect
        };
        // The new defender must be in the defender's arena (which is the attacker's, except for
        // Bombard-like attacks into another arena).
        let arena = self
            .state
            .unit(attack.defender)
            .and_then(|d| d.in_arena())
            .unwrap_or(attack.arena);
        let same_arena = self.state.unit(unit).and_then(|u| u.in_arena()) == Some(arena);
        let legal = same_arena
            && unit != attack.attacker
            && self.can_be_retargeted(attack.attacker, by)?
            && self.can_be_attacked(attack.attacker, unit)?;
        if legal {
            if let Some(a) = self.state.attack.as_mut() {
                a.defender = unit;
            }
            self.event(Event::DefenderChanged {
                attacker: attack.attacker,
                defender: unit,
            });
        }
        Ok(())
    }

    /// Overkill (game 10.6.1): the attacker's controller may move up to `hits` hits from the
    /// defender to another unit in the arena; the moved hits are damage from the ability, not
    /// from the dice.
    fn split_hits(&mut self, hits: u32) -> Flow {
        let Some(attack) = self.state.attack.clone() else {
            return Ok(());
        };
        let side = self
            .state
            .unit(attack.attacker)
            .map_or(Side::Dark, |u| u.controller);
        let mut options = vec![Choice::Pass];
        // "Another unit in the same arena" as the defending unit.
        let arena = self
            .state
            .unit(attack.defender)
            .and_then(|d| d.in_arena())
            .unwrap_or(attack.arena);
        let others: Vec<UnitId> = self
            .state
            .units
            .values()
            .filter(|u| {
                u.in_arena() == Some(arena) && u.id != attack.defender && u.id != attack.attacker
            })
            .map(|u| u.id)
            .collect();
        for to in others {
            options.extend((1..=hits).map(|n| Choice::Split { to, hits: n }));
        }
        if let Choice::Split { to, hits } = self.decide(
            side,
            DecisionKind::SplitHits {
                attacker: attack.attacker,
            },
            options,
        )? && let Some(d) = self.state.damage.last_mut()
        {
            if let Some(p) = d.pending.iter_mut().find(|p| p.target == attack.defender) {
                p.amount = p.amount.saturating_sub(hits);
            }
            d.pending.push(PendingDamage {
                target: to,
                amount: hits,
                prevented: 0,
                from_attack_dice: false,
                preventable: true,
                added_by: Vec::new(),
                prevented_by: Vec::new(),
            });
        }
        Ok(())
    }

    /// Fury: roll more attack dice, which count for hits like the others (OQ-K17).
    fn extra_attack_dice(&mut self, dice: u32) -> Flow {
        let Some(attack) = self.state.attack.clone() else {
            return Ok(());
        };
        let modifier = self.attack_die_modifier(attack.attacker, attack.defender)?;
        for _ in 0..dice {
            let value = self.roll("attack")?;
            if let Some(a) = self.state.attack.as_mut() {
                a.dice.push(AttackDie {
                    initial: value,
                    natural: value,
                    modifier,
                });
            }
        }
        Ok(())
    }

    /// Upkeep-style payment: the controller pays one of the costs they can pay, choosing when
    /// several can be paid; if none can, nothing happens (OQ-K14).
    fn pay_one_of(&mut self, unit: UnitId, costs: &[String]) -> Flow {
        let Some(side) = self.state.unit(unit).map(|u| u.controller) else {
            return Ok(());
        };
        let payable: Vec<(String, Vec<crate::cost::Cost>)> = costs
            .iter()
            .filter_map(|text| parse_costs(text).ok().map(|c| (text.clone(), c)))
            .filter(|(_, c)| can_pay(&self.state, unit, c))
            .collect();
        let chosen = match payable.len() {
            0 => return Ok(()),
            1 => 0,
            _ => {
                let options = payable
                    .iter()
                    .enumerate()
                    .map(|(i, (text, _))| Choice::Option {
                        index: i as u32 + 1,
                        text: text.clone(),
                    })
                    .collect();
                match self.decide(side, DecisionKind::ChooseCost { unit }, options)? {
                    Choice::Option { index, .. } => index as usize - 1,
                    _ => 0,
                }
            }
        };
        let (text, cost) = &payable[chosen.min(payable.len() - 1)];
        self.event(Event::Paid {
            unit,
            cost: text.clone(),
        });
        self.pay_costs(side, Some(unit), None, cost)?;
        Ok(())
    }
}
