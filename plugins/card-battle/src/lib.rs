//! Card plugin for Battle cards (game 7.4, 9.3, 13.1.1): it carries out the printed texts that
//! `swtcg_card_text::played_text` reads, in every set, so one plugin serves every card of a
//! pattern:
//!
//! - "[Pay N Force ->] One of your <units> gets <boost> for this attack." Offered in the attack
//!   POP (P4, before the dice) for the attacking unit, if it is the player's and fits.
//! - "[Pay N Force ->] One of your <units> gets <boost> until end of turn." and "Each of your
//!   <units> [in the X arena] gets <boost> until end of turn." Offered in every POP that is not
//!   reserved (game 9.4: not the re-roll, damage prevention or disrupt POP).
//! - "Pay N Force -> Prevent up to N / N / all damage to one of your <units>." Offered in the
//!   damage prevention POP (P7) for units with damage still pending.
//! - "Pay N Force -> Remove up to N damage counters from one of your <units>." and "Choose an
//!   untapped unit. Tap that unit." and "Choose an arena. Tap all of your opponent's untapped
//!   units in that arena." Offered in every POP that is not reserved.
//! - "[Pay N Force ->] Put N damage counters on one of your opponent's <units>.": counters, not
//!   damage (game 11.5), so nothing prevents them. Offered in every POP that is not reserved.
//! - "Pay N Force -> Choose a Ground unit in your opponent's build zone. Put that unit into the
//!   Ground arena. If it's tapped, untap it." (and the Character form): a completed unit of the
//!   opponent's build zone goes into the arena, untapped. Offered in every POP not reserved.
//! - "Choose one: A, or B": one offer per choice, each with its own timing; "Choose an arena":
//!   one offer per arena.
//! - "Play only if no unit is attacking." and "Play only if you have more units in the X arena
//!   than your opponent." are checked; any other restriction makes the text unread.
//!
//! An offer that would do nothing (no unit fits) is not made. The offers keep fixed positions
//! (one per choice and arena), because `activate` names the offer by its position and is not
//! told the POP: a position with nothing to offer holds an offer no player can pick (no target,
//! no amount from 1 up).

use swtcg_card_text::played_text::{
    self, ARENAS, Amount, Filter, Pick, PlayedText, Step, Until, affected, allowed, boost_effects,
    units_matching,
};
use swtcg_sdk::*;

struct Battle;

fn arena_name(arena: Arena) -> &'static str {
    match arena {
        Arena::Space => "Space",
        Arena::Ground => "Ground",
        Arena::Character => "Character",
    }
}

/// Whether a step needs an arena chosen ("in that arena").
fn in_chosen_arena(step: &Step) -> bool {
    let filter = match step {
        Step::OneGets { filter, .. }
        | Step::EachGets { filter, .. }
        | Step::Prevent { filter, .. }
        | Step::RemoveDamage { filter, .. }
        | Step::RemoveFromEach { filter, .. }
        | Step::TapOne { filter }
        | Step::TapAll { filter }
        | Step::PlaceDamage { filter, .. } => filter,
        _ => return false,
    };
    filter.place == Some(played_text::Place::Chosen)
}

/// The fixed offer positions of a text: each choice, with each arena or subtype it may pick.
fn slots(text: &PlayedText) -> Vec<(usize, Pick)> {
    let mut slots = Vec::new();
    for (index, step) in text.choices.iter().enumerate() {
        if in_chosen_arena(step) {
            slots.extend(ARENAS.iter().map(|&a| (index, Pick::Arena(a))));
        } else if let Step::TypeGets { types, .. } = step {
            slots.extend((0..types.len()).map(|t| (index, Pick::Type(t))));
        } else {
            slots.push((index, Pick::Nothing));
        }
    }
    slots
}

/// Whether a Battle card can carry out a step (Missions' build points are not for battle).
fn playable(step: &Step) -> bool {
    match step {
        Step::OneGets { .. }
        | Step::EachGets { .. }
        | Step::TypeGets { .. }
        | Step::Prevent { .. }
        | Step::RemoveDamage { .. }
        | Step::RemoveFromEach { .. }
        | Step::TapOne { .. }
        | Step::TapAll { .. }
        | Step::FromOpponentsBuildZone { .. }
        | Step::PlaceDamage { .. }
        | Step::OpponentLosesForce(_) => true,
        Step::GainForce { per, .. } => per.is_none(),
        Step::Sequence(parts) => parts.iter().all(playable),
        // Counters and "that unit" are read for the additions of Enhance, not as a card's own.
        Step::BuildPoints { .. }
        | Step::IfUnitsInEachArena { .. }
        | Step::PutCounters { .. }
        | Step::ThatGets { .. }
        | Step::Draw(_)
        | Step::EachLosesAllForce
        | Step::DiceToEach { .. }
        | Step::DiceToOne { .. }
        | Step::PlaceDamageEach { .. } => false,
    }
}

fn read(ability: &Ability) -> Option<PlayedText> {
    played_text::parse(&ability.parameter).filter(|t| t.choices.iter().all(playable))
}

/// Game 9.4: general effects can't be used in the reserved POPs.
fn general(pop: Pop) -> bool {
    !matches!(pop, Pop::Reroll | Pop::DamagePrevention | Pop::Disrupt)
}

/// The damage pending on `unit` in the current damage instance and not yet prevented.
fn still_pending(unit: UnitId) -> u32 {
    host::pending_damage()
        .iter()
        .filter(|p| p.target == unit)
        .map(|p| p.amount.saturating_sub(p.prevented))
        .sum()
}

/// Whether a unit has a keyword ability now ("a unit that has shields").
fn has_keyword(unit: UnitId, keyword: &str) -> bool {
    host::abilities(unit).iter().any(|text| {
        text.get(..keyword.len())
            .is_some_and(|head| head.eq_ignore_ascii_case(keyword))
            && text[keyword.len()..]
                .chars()
                .next()
                .is_none_or(|c| c == ' ')
    })
}

/// The attacking unit, if it is `me`'s, fits `filter` and (for `against`) attacks a unit with
/// that keyword: the only unit "for this attack" boosts may go to.
fn boostable_attacker(filter: &Filter, me: Side, against: Option<&str>) -> Option<UnitId> {
    let attack = host::attack()?;
    let attacker = host::unit(attack.attacker)?;
    let fits = filter.matches(&attacker, me, None)
        && against.is_none_or(|keyword| has_keyword(attack.defender, keyword));
    fits.then_some(attacker.id)
}

/// The units a targeted step may be played on now, in this POP (`None`: the step takes no
/// target); an empty list means it can't be played.
fn targets(step: &Step, pop: Pop, me: Side, pick: Pick) -> Option<Vec<UnitId>> {
    let chosen = pick.arena();
    let ids = |filter: &Filter| -> Vec<UnitId> {
        units_matching(filter, me, chosen)
            .iter()
            .map(|u| u.id)
            .collect()
    };
    match step {
        Step::OneGets {
            filter,
            until: Until::ThisAttack,
            against,
            ..
        } => Some(
            (pop == Pop::Attack)
                .then(|| boostable_attacker(filter, me, against.as_deref()))
                .flatten()
                .into_iter()
                .collect(),
        ),
        Step::OneGets { filter, .. }
        | Step::TapOne { filter }
        | Step::PlaceDamage { filter, .. } => Some(if general(pop) {
            ids(filter)
        } else {
            Vec::new()
        }),
        Step::RemoveDamage { filter, .. } => Some(if general(pop) {
            units_matching(filter, me, chosen)
                .iter()
                .filter(|u| u.damage > 0)
                .map(|u| u.id)
                .collect()
        } else {
            Vec::new()
        }),
        Step::FromOpponentsBuildZone { arena } => Some(if general(pop) {
            from_build_zone(*arena, me)
        } else {
            Vec::new()
        }),
        Step::Prevent { filter, .. } => Some(if pop == Pop::DamagePrevention {
            // Against secret dice (Cunning) the offer is made blind.
            ids(filter)
                .into_iter()
                .filter(|&u| prevention_offer(u, 1, |_| true) > 0)
                .collect()
        } else {
            Vec::new()
        }),
        _ => None,
    }
}

/// The opponent's completed units in their build zone that may go into `arena`: only a unit
/// whose type line has it (a card being built is not a unit yet).
fn from_build_zone(arena: Arena, me: Side) -> Vec<UnitId> {
    host::units(Some(Zone::BuildZone))
        .into_iter()
        .filter_map(host::unit)
        .filter(|u| u.controller != me && u.built && u.arenas.contains(&arena))
        .map(|u| u.id)
        .collect()
}

/// The offer at one position now, if it can be played.
fn offer(
    text: &PlayedText,
    pop: Pop,
    me: Side,
    (index, pick): (usize, Pick),
) -> Option<Activation> {
    let step = text.choices.get(index)?;
    let mut label = text.labels.get(index).cloned().unwrap_or_default();
    match pick {
        Pick::Arena(arena) => label.push_str(&format!(" ({} arena)", arena_name(arena))),
        Pick::Type(t) => {
            if let Step::TypeGets { types, .. } = step {
                label.push_str(&format!(" ({})", types.get(t)?));
            }
        }
        Pick::Nothing => {}
    }
    let cost = text.cost.map(|n| format!("Pay {n} Force"));
    if let Some(targets) = targets(step, pop, me, pick) {
        if targets.is_empty() {
            return None;
        }
        let max_amount = match step {
            Step::Prevent {
                amount: Amount::UpTo(n),
                ..
            } => Some(*n),
            _ => None,
        };
        return Some(Activation {
            label,
            cost,
            targets,
            max_amount,
            replaces: false,
        });
    }
    // Untargeted: in a POP open to general effects, and only if it does something.
    let does_something = match step {
        Step::GainForce { .. } | Step::OpponentLosesForce(_) | Step::Sequence(_) => true,
        _ => !affected(step, me, pick).is_empty(),
    };
    (general(pop) && does_something).then_some(Activation {
        label,
        cost,
        targets: Vec::new(),
        max_amount: None,
        replaces: false,
    })
}

/// An offer that no player can pick, holding a position.
fn placeholder() -> Activation {
    Activation {
        label: "(not now)".into(),
        cost: None,
        targets: Vec::new(),
        max_amount: Some(0),
        replaces: false,
    }
}

impl Keyword for Battle {
    fn understands(ability: Ability) -> bool {
        read(&ability).is_some()
    }

    fn activations(ability: Ability, pop: Pop, event: Event) -> Vec<Activation> {
        let (Some(text), Some(me)) = (read(&ability), event.side) else {
            return Vec::new();
        };
        if !allowed(&text, me) {
            return Vec::new();
        }
        let mut offers: Vec<Option<Activation>> = slots(&text)
            .into_iter()
            .map(|slot| offer(&text, pop, me, slot))
            .collect();
        while offers.last().is_some_and(Option::is_none) {
            offers.pop();
        }
        offers
            .into_iter()
            .map(|o| o.unwrap_or_else(placeholder))
            .collect()
    }

    fn activate(ability: Ability, index: u32, choice: Choice, event: Event) -> HookResult {
        let text = read(&ability).ok_or_else(|| format!("can't read \"{}\"", ability.text))?;
        let me = event.side.ok_or("no player plays the card")?;
        let &(step_index, pick) = slots(&text)
            .get(index as usize)
            .ok_or_else(|| format!("no offer {index}"))?;
        let step = &text.choices[step_index];
        let target = || {
            choice
                .target
                .ok_or_else(|| "the card needs a target".to_string())
        };
        let chosen = pick.arena();
        // A target must still fit: the offer was made in this POP, the cost paid since.
        let fits = |filter: &Filter, unit: UnitId| {
            if host::unit(unit).is_some_and(|u| filter.matches(&u, me, chosen)) {
                Ok(unit)
            } else {
                Err(format!(
                    "unit {unit} is not one of the units the card names"
                ))
            }
        };
        played_text::step_effects(step, me, pick, &mut |step| {
            Ok(match step {
                Step::OneGets {
                    filter,
                    boost,
                    until,
                    ..
                } => boost_effects(fits(filter, target()?)?, boost, *until),
                Step::Prevent { filter, amount } => {
                    let unit = fits(filter, target()?)?;
                    let amount = match amount {
                        Amount::UpTo(n) => choice.amount.unwrap_or(*n).min(*n),
                        Amount::Exactly(n) => *n,
                        Amount::All => still_pending(unit),
                    };
                    vec![Effect::Prevent(UnitAmount { unit, amount })]
                }
                Step::RemoveDamage { filter, up_to } => vec![Effect::RemoveDamage(UnitAmount {
                    unit: fits(filter, target()?)?,
                    amount: *up_to,
                })],
                Step::TapOne { filter } => vec![Effect::Tap(fits(filter, target()?)?)],
                Step::PlaceDamage { amount, filter } => vec![Effect::PlaceDamage(UnitAmount {
                    unit: fits(filter, target()?)?,
                    amount: *amount,
                })],
                Step::FromOpponentsBuildZone { arena } => {
                    let unit = target()?;
                    if !from_build_zone(*arena, me).contains(&unit) {
                        return Err(format!(
                            "unit {unit} is not a unit of the opponent's build zone that may go there"
                        ));
                    }
                    let tapped = host::unit(unit).is_some_and(|u| u.tapped);
                    let mut effects = vec![Effect::MoveUnit(UnitMove {
                        unit,
                        zone: match arena {
                            Arena::Space => Zone::Space,
                            Arena::Ground => Zone::Ground,
                            Arena::Character => Zone::Character,
                        },
                    })];
                    if tapped {
                        effects.push(Effect::Untap(unit));
                    }
                    effects
                }
                // Counters and "that unit" are the additions of Enhance (`playable` refuses
                // them as a card's own).
                _ => Vec::new(),
            })
        })
    }
}

swtcg_sdk::export_keyword!(Battle);
