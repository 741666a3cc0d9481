//! Validation: every effect a plugin proposes is checked against the rules and the limits before
//! anything applies.

use swtcg_plugin_api::Effect;

use super::{
    ActiveAbility, COUNTER_KIND_LIMIT, DICE_LIMIT, EFFECT_LIMIT, GRANT_TEXT_LIMIT, OPTIONS_LIMIT,
    Rooms,
};
use crate::cost::parse_costs;
use crate::game::{Flow, Game};
use crate::model::UnitId;

/// Whether an effect carries a number beyond the limits of an effect. A delayed effect is
/// checked as the effect it is when it runs (`Delayed::effect`), so that its limits are those
/// of that effect and are written once.
fn too_big(effect: &Effect, controller: swtcg_plugin_api::Side) -> bool {
    match effect {
        Effect::Stats(c) => [c.speed, c.power, c.health]
            .iter()
            .any(|v| v.unsigned_abs() > EFFECT_LIMIT),
        Effect::Prevent { amount, .. }
        | Effect::AddPending { amount, .. }
        | Effect::Damage { amount, .. }
        | Effect::GainForce { amount } => *amount > EFFECT_LIMIT,
        Effect::DiceOfDamage { dice, .. } | Effect::ExtraAttackDice { dice } => *dice > DICE_LIMIT,
        Effect::Counters { amount, .. } => amount.unsigned_abs() > EFFECT_LIMIT,
        Effect::AtAttackEnd(d) | Effect::AtBuildStepStart(d) => {
            too_big(&d.clone().effect(controller), controller)
        }
        Effect::Draw { cards: amount, .. }
        | Effect::GainBuildPoints { amount }
        | Effect::LoseForce { amount, .. }
        | Effect::PlayerGainsForce { amount, .. } => *amount > EFFECT_LIMIT,
        Effect::Note { value, .. } => value.unsigned_abs() > EFFECT_LIMIT,
        Effect::BuildPoints { amount, .. } => amount.unsigned_abs() > EFFECT_LIMIT,
        _ => false,
    }
}

/// Whether a text an effect carries holds a control or hiding formatting character. Matched in
/// place, so that validating an effect without text allocates nothing.
fn has_hidden_text(effect: &Effect) -> bool {
    let hidden = |text: &str| {
        text.chars()
            .any(|c| c.is_control() || crate::text::is_hiding_format(c))
    };
    match effect {
        Effect::Note { key: text, .. }
        | Effect::Counters { kind: text, .. }
        | Effect::Grant { text, .. } => hidden(text),
        Effect::Choose { options: texts, .. } | Effect::PayOneOf { costs: texts } => {
            texts.iter().any(|t| hidden(t))
        }
        _ => false,
    }
}

/// The units an effect acts on as units (damage, stats, taps, moves, attacks, attachments): a
/// Location or a Resource is none of them (game 16.1, 16.4), though it may carry counters and
/// notes, hold cards beneath it and be the source of damage.
fn acted_on(effect: &Effect) -> [Option<u32>; 2] {
    match effect {
        Effect::Stats(change) => [Some(change.unit), None],
        Effect::Prevent { unit, .. }
        | Effect::AddPending { unit, .. }
        | Effect::ChangeDefender { unit }
        | Effect::Tap { unit }
        | Effect::Untap { unit }
        | Effect::MoveUnit { unit, .. }
        | Effect::Grant { unit, .. }
        | Effect::PlaceDamage { unit, .. }
        | Effect::RemoveDamage { unit, .. }
        | Effect::ClearDamage { unit, .. } => [Some(*unit), None],
        Effect::DiceOfDamage { target, .. } | Effect::Damage { target, .. } => {
            [Some(*target), None]
        }
        Effect::AttackAgain {
            attacker, defender, ..
        } => [Some(*attacker), Some(*defender)],
        Effect::Attach { to, .. } => [Some(*to), None],
        Effect::Board { onto } => [Some(*onto), None],
        Effect::Disembark { from } => [Some(*from), None],
        _ => [None, None],
    }
}

impl Game<'_> {
    /// The room for Pilots each unit a `board` effect among `effects` names gives the Pilot
    /// boarding it, the source's own card (API 1.7 `pilot-room`; game 12.2, 12.4), which
    /// `validate` checks the effect against. Asked before any effect is checked because a
    /// query calls plugins, which `validate` does not.
    pub(super) fn rooms_of_boarded(
        &mut self,
        source: &ActiveAbility,
        effects: &[Effect],
    ) -> Flow<Rooms> {
        let mut rooms = Vec::new();
        for effect in effects {
            let Effect::Board { onto } = effect else {
                continue;
            };
            let pilot = self
                .state
                .unit(UnitId(source.ability.unit))
                .map(|u| u.top());
            let (Some(card), Some(_)) = (pilot, self.state.unit(UnitId(*onto))) else {
                continue;
            };
            let subtypes = self.state.def(card).subtypes.clone();
            let room = self.pilot_room(UnitId(*onto), &subtypes)?;
            rooms.push((*onto, room));
        }
        Ok(rooms)
    }

    /// Why the ability can't propose `lasts`, if it can't: only the text of a Battle card or a
    /// Mission being played or resolved lasts beyond its card; an ability in play is in effect
    /// as long as its unit is anyway.
    fn lasts_error(&self, source: &ActiveAbility) -> Option<String> {
        let played = source.card.is_some_and(|card| {
            matches!(
                self.state.def(card).card_type,
                crate::model::CardType::Battle | crate::model::CardType::Mission
            )
        });
        (!played).then(|| "only the ability of a Battle card or Mission played can last".into())
    }

    /// API 1.15 `later`: the ability must be printed on a card, to be found again when the
    /// build step starts, and its plugin must answer `later`.
    fn later_error(&self, source: &ActiveAbility) -> Option<String> {
        if !self
            .host
            .manifest(source.plugin)
            .queries
            .contains(&swtcg_plugin_api::Query::Later)
        {
            return Some("the plugin's manifest does not list the query `later`".into());
        }
        self.printed_index(source)
            .is_none()
            .then(|| "only an ability printed on a card can put effects off until later".into())
    }

    /// Game 7.2: build counters go on a card being built, never on a completed unit.
    fn check_build_counters(&self, unit: u32, amount: u32) -> Result<(), String> {
        match self.state.unit(UnitId(unit)) {
            _ if amount > EFFECT_LIMIT => Err(format!("{amount} is beyond the limit")),
            Some(u) if u.place == crate::model::Place::BuildZone && !u.built => Ok(()),
            _ => Err(format!(
                "unit {unit} is no card being built in a build zone"
            )),
        }
    }

    /// Checks one proposed effect against the rules; the reason is reported with the plugin.
    /// `rooms` holds what `rooms_of_boarded` found for these effects.
    pub(super) fn validate(
        &self,
        source: &ActiveAbility,
        effect: &Effect,
        rooms: &Rooms,
    ) -> Result<(), String> {
        // Numbers beyond any card's reach are refused before they can overflow a pool.
        let too_big = too_big(effect, source.controller.into());
        if too_big {
            return Err(format!(
                "a number beyond the limits of an effect ({EFFECT_LIMIT}, or {DICE_LIMIT} dice)"
            ));
        }
        // Strings a plugin puts into the game are shown to players and kept in logs: no control
        // or hiding character may reach them (docs/security.md, "No control of the terminal").
        let has_hidden = has_hidden_text(effect);
        if has_hidden {
            return Err("a text with a control or invisible formatting character".into());
        }
        self.acts_on_units(effect)?;
        let exists = |id: u32| self.state.unit(UnitId(id)).is_some();
        let damage = self.state.damage.last();
        let attack = self.state.attack.as_ref();
        match effect {
            Effect::Stats(change) if !exists(change.unit) => {
                Err(format!("unit {} does not exist", change.unit))
            }
            Effect::Prevent { unit, .. } | Effect::AddPending { unit, .. } => match damage {
                None => Err("no damage is being resolved".into()),
                Some(d)
                    if !d.pending.iter().any(|p| p.target.0 == *unit)
                        && matches!(effect, Effect::Prevent { .. }) =>
                {
                    Err(format!("no damage is pending on unit {unit}"))
                }
                Some(_) if !exists(*unit) => Err(format!("unit {unit} does not exist")),
                Some(_) => Ok(()),
            },
            Effect::DiceOfDamage { target, .. } | Effect::Damage { target, .. }
                if !exists(*target) =>
            {
                Err(format!("unit {target} does not exist"))
            }
            Effect::ChangeDefender { unit } if attack.is_none() => {
                Err(format!("no attack to give defender {unit}"))
            }
            Effect::ChangeDefender { unit } if !exists(*unit) => {
                Err(format!("unit {unit} does not exist"))
            }
            Effect::OfferSplit { hits } => match attack {
                None => Err("no attack whose hits could be split".into()),
                Some(a) if *hits > a.hits => Err(format!(
                    "can't split {hits} hits of an attack with {}",
                    a.hits
                )),
                Some(_) => Ok(()),
            },
            Effect::ExtraAttackDice { .. } | Effect::AtAttackEnd(_) if attack.is_none() => {
                Err("no attack in progress".into())
            }
            Effect::Tap { unit } | Effect::Untap { unit } | Effect::Counters { unit, .. }
                if !exists(*unit) =>
            {
                Err(format!("unit {unit} does not exist"))
            }
            Effect::Counters { unit, kind, amount } => self.check_counters(*unit, kind, *amount),
            Effect::PayOneOf { costs } => costs.iter().try_for_each(|c| parse_costs(c).map(drop)),
            Effect::Reroll { dice } => check_reroll(attack, dice),
            Effect::DiceModifier { amount } => check_dice_modifier(attack, *amount),
            Effect::MoveUnit { unit, zone } => self.check_move(*unit, *zone),
            Effect::PlaceDamage { unit, amount }
            | Effect::RemoveDamage { unit, amount }
            | Effect::ClearDamage { unit, amount }
                if !exists(*unit) || *amount > EFFECT_LIMIT =>
            {
                Err(format!(
                    "unit {unit} does not exist, or {amount} is beyond the limit"
                ))
            }
            Effect::Grant { unit, .. } if !exists(*unit) => {
                Err(format!("unit {unit} does not exist"))
            }
            Effect::Grant { text, .. }
                if text.trim().is_empty() || text.len() > GRANT_TEXT_LIMIT =>
            {
                Err("a granted ability must be printed text of at most 500 characters".into())
            }
            Effect::Choose { options, .. }
                if options.is_empty()
                    || options.len() > OPTIONS_LIMIT
                    || options.iter().any(|o| o.trim().is_empty() || o.len() > 200) =>
            {
                Err(format!(
                    "a choice needs 1 to {OPTIONS_LIMIT} options of printed text (at most 200 characters each)"
                ))
            }
            Effect::Note { unit, key, .. } => {
                if !exists(*unit) {
                    Err(format!("unit {unit} does not exist"))
                } else if key.is_empty() || key.len() > 64 {
                    Err("a note's key must have 1 to 64 characters".into())
                } else {
                    Ok(())
                }
            }
            Effect::AttackAgain {
                attacker, defender, ..
            } => self.check_attack_again(*attacker, *defender),
            Effect::PutBeneath { unit, from } => self.check_put_beneath(*unit, *from),
            Effect::Attach { equipment, to } => self.check_attach(source, *equipment, *to),
            Effect::Board { onto } => {
                let room = rooms.iter().find(|(unit, _)| unit == onto).map(|r| r.1);
                self.check_board(source, *onto, room)
            }
            Effect::Disembark { from } => self.check_disembark(source, *from),
            Effect::Disrupt { play } => self.disrupt_error(*play).map_or(Ok(()), Err),
            Effect::UnlessPays { cost, .. } => parse_costs(cost)
                .map(|_| ())
                .map_err(|why| format!("the cost offered does not read: {why}")),
            Effect::PickCards(pick) => {
                super::piles::pick_error(&self.state, pick).map_or(Ok(()), Err)
            }
            Effect::Reveal { cards, .. } => {
                super::piles::cards_error(&self.state, cards).map_or(Ok(()), Err)
            }
            Effect::Lasts { .. } => self.lasts_error(source).map_or(Ok(()), Err),
            Effect::Later { .. } => self.later_error(source).map_or(Ok(()), Err),
            Effect::BuildCounters { unit, amount } => self.check_build_counters(*unit, *amount),
            Effect::DiscardUnit { unit } if !exists(*unit) => {
                Err(format!("unit {unit} does not exist"))
            }
            // A card's name, and each arena at most once: what a printed "Take ..." can say.
            Effect::TakeSubordinate { name, arenas, .. } => {
                if name.trim().is_empty() || name.len() > 200 {
                    Err("a Subordinate's name must have 1 to 200 characters".into())
                } else if (1..arenas.len()).any(|i| arenas[..i].contains(&arenas[i])) {
                    Err("an arena is named twice".into())
                } else {
                    Ok(())
                }
            }
            _ => Ok(()),
        }
    }
    /// A `counters` effect: a kind of 1 to `COUNTER_KIND_LIMIT` characters, and no more removed
    /// than the unit has.
    fn check_counters(&self, unit: u32, kind: &str, amount: i32) -> Result<(), String> {
        if kind.trim().is_empty() || kind.len() > COUNTER_KIND_LIMIT {
            return Err(format!(
                "a counter kind must have 1 to {COUNTER_KIND_LIMIT} characters (this one has {})",
                kind.len()
            ));
        }
        let have = self
            .state
            .unit(UnitId(unit))
            .and_then(|u| u.counters.get(kind))
            .copied()
            .unwrap_or(0) as i64;
        if have + (amount as i64) < 0 {
            Err(format!("unit {unit} has only {have} {kind} counters"))
        } else {
            Ok(())
        }
    }

    /// A `move-unit` effect: a built unit, to the build zone or an arena of its type line.
    /// Refuses an effect that acts as on a unit on a Location, a Resource, a completed Campaign
    /// or an Event, which are no units (game 16.1, 16.3, 16.4, 16.6).
    fn acts_on_units(&self, effect: &Effect) -> Result<(), String> {
        for id in acted_on(effect).into_iter().flatten() {
            match self.state.unit(UnitId(id)) {
                Some(u) if u.is_location() => {
                    return Err(format!("card {id} is a Location, not a unit (game 16.1)"));
                }
                Some(u) if u.is_resource() => {
                    return Err(format!("card {id} is a Resource, not a unit (game 16.4)"));
                }
                Some(u) if u.is_campaign() => {
                    return Err(format!("card {id} is a Campaign, not a unit (game 16.6)"));
                }
                Some(u) if u.is_event() => {
                    return Err(format!("card {id} is an Event, not a unit (game 16.3)"));
                }
                _ => {}
            }
        }
        Ok(())
    }

    fn check_move(&self, unit: u32, zone: swtcg_plugin_api::Zone) -> Result<(), String> {
        match self.state.unit(UnitId(unit)) {
            None => Err(format!("unit {unit} does not exist")),
            Some(u) if !u.built => Err(format!("unit {unit} is being built")),
            // A completed Campaign stays in its build zone until it leaves play (game 16.6), an
            // Event in its Event zone (16.3).
            Some(u) if u.is_campaign() || u.is_event() => Err(format!(
                "card {unit} is a completed Campaign or an Event, which stays where it is (game \
                 16.3, 16.6)"
            )),
            Some(_) if zone == swtcg_plugin_api::Zone::EventZone => Err(format!(
                "card {unit} can't be moved to the Event zone: only an Event goes there, at setup \
                 (game 16.3)"
            )),
            // Only a completed Resource goes to the Resource zone, as it is completed (game
            // 16.4): no effect moves a card there.
            Some(_) if zone == swtcg_plugin_api::Zone::ResourceZone => Err(format!(
                "card {unit} can't be moved to the Resource zone: only a Resource goes there, \
                 as it is completed (game 16.4)"
            )),
            // Only units go to arenas: an Equipment's subtype arenas name where it may be
            // equipped, not where it may stand (game 16.2).
            Some(u)
                if !self.state.top_def(u).is_unit()
                    && zone != swtcg_plugin_api::Zone::BuildZone =>
            {
                Err(format!("card {unit} in the build zone is not a unit"))
            }
            Some(u) => match zone.arena() {
                None => Ok(()),
                Some(arena)
                    if self
                        .state
                        .top_def(u)
                        .arenas
                        .iter()
                        .any(|&a| swtcg_plugin_api::Arena::from(a) == arena) =>
                {
                    Ok(())
                }
                Some(_) => Err(format!(
                    "unit {unit} can't go to zone {zone}: not an arena of its type line"
                )),
            },
        }
    }

    /// An `attack-again` effect: only during an attack, within the battle step's attacks, by a
    /// unit in an arena at a unit that exists.
    fn check_attack_again(&self, attacker: u32, defender: u32) -> Result<(), String> {
        if self.state.attack.is_none() {
            return Err("another attack can only be asked for during an attack".into());
        }
        // Counted with the extra attacks already asked for: an attack that asks for another at
        // every declaration would never end.
        if self.attacks_left() == 0 {
            return Err(format!(
                "another attack would be more than the {} of one battle step (the ruleset's \
                 limits.attacks_per_step): an endless cascade",
                self.state.ruleset.limits.attacks_per_step
            ));
        }
        let defender_exists = self.state.unit(UnitId(defender)).is_some();
        match (self.state.unit(UnitId(attacker)), defender_exists) {
            (Some(u), true) if u.in_arena().is_some() => Ok(()),
            _ => Err(format!(
                "unit {attacker} can't attack unit {defender}: one is not in an arena"
            )),
        }
    }

    /// A `put-beneath` effect: the top card of a discarded unit, still in its owner's discard
    /// pile, beneath a unit that exists.
    fn check_put_beneath(&self, unit: u32, from: u32) -> Result<(), String> {
        let card = self.state.departed.get(&UnitId(from)).map(|u| u.top());
        match card {
            _ if self.state.unit(UnitId(unit)).is_none() => {
                Err(format!("unit {unit} does not exist"))
            }
            Some(card)
                if self
                    .state
                    .player(self.state.owner(card))
                    .discard
                    .contains(&card) =>
            {
                Ok(())
            }
            _ => Err(format!(
                "unit {from} was not discarded, or its top card left the discard pile"
            )),
        }
    }
}

/// A `reroll` effect: during an attack whose hits are not counted yet, naming each of its dice
/// at most once.
fn check_reroll(
    attack: Option<&crate::model::attack::AttackState>,
    dice: &[u32],
) -> Result<(), String> {
    match attack {
        None => Err("no attack whose dice could be re-rolled".into()),
        Some(a) if a.counted => Err("the hits are already counted".into()),
        Some(a) if dice.iter().any(|&i| i as usize >= a.dice.len()) => {
            Err(format!("the attack has only {} dice", a.dice.len()))
        }
        Some(_) => {
            let mut sorted = dice.to_vec();
            sorted.sort_unstable();
            sorted.dedup();
            if sorted.len() == dice.len() {
                Ok(())
            } else {
                Err("a die is named twice".into())
            }
        }
    }
}

/// A `dice-modifier` effect: during an attack whose hits are not counted yet, within
/// `DICE_LIMIT`.
fn check_dice_modifier(
    attack: Option<&crate::model::attack::AttackState>,
    amount: i32,
) -> Result<(), String> {
    match attack {
        None => Err("no attack whose dice could change".into()),
        Some(a) if a.counted => Err("the hits are already counted".into()),
        Some(_) if amount.unsigned_abs() > DICE_LIMIT => {
            Err(format!("a dice modifier beyond {DICE_LIMIT}"))
        }
        Some(_) => Ok(()),
    }
}
