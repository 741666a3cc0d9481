//! Triggered abilities (game 13.4): "When <something happens>, [if <condition>,] <steps>." The
//! engine asks every ability at each hook this plugin subscribes to; the script's trigger says
//! which hook and event it answers. What it carries out so far:
//!
//! - moments of the turn: "When your (your opponent's, each player's) build step starts" (game
//!   6.2.1, `build-step-start`, whose step `event.side` says), "When the battle phase starts /
//!   ends" (6.3.1, 6.3.10), "When the <arena> battle step starts / ends" (6.3.3, 6.3.8, the
//!   arena in `event.arena`), "When the turn starts / ends" (6, 6.4);
//! - deeds of the card itself or of units a phrase names: "When you deploy <units>"
//!   (`unit-enters-arena` for a deploy, `amount` 1, by the card's controller), "<units> attacks
//!   [a <unit>]" and "<units> is attacked" (10.1, `attack-declared`), "<units> is discarded
//!   [from the <arena> arena]" (10.9, `unit-discarded`, a unit that left seen as it was:
//!   `host::last_seen`), "<units> is damaged" and "<units> damages [<units>]" (11.5,
//!   `damage-placed`, read from the damage instance being resolved: `host::pending_damage`);
//! - "Foresight: <steps>" and "Forewarning: <steps>" texts the keyword plugins can't read: the
//!   prediction offered at `attack-declared` and checked at `hits-counted` with the rules the two
//!   keywords share (`swtcg-prediction`);
//! - "Upkeep: <steps>" texts that print an effect rather than a cost to pay, which the Upkeep
//!   plugin can't read: the steps when the controller's build step starts, for a unit in an
//!   arena or in the build zone (game 4.3: the engine asks where the Upkeep keyword works);
//! - the conditions a static ability reads ("if this unit is in the Character arena"), checked
//!   when the trigger happens (13.4.2: what triggered then resolves);
//! - the steps of an activated ability ([`crate::steps`]), "that unit" and "it" naming the unit
//!   the trigger is about or the unit chosen;
//! - one thing asked before the steps: a unit to choose ("choose one of your opponent's units
//!   in the Ground arena") or a first step "you may ..." (then the later steps must be "if you
//!   do"), offered with the `choose` effect and carried out by `chosen`; a payment, "your
//!   opponent may pay 2 Force. If he or she does, ..." or "tap this unit unless you pay 1 build
//!   point", offered with `unless-pays` (`chosen` gets 0 for a payment made); or one of the
//!   options of "choose one: ..." or "choose an arena" ([`crate::modes`]), offered with
//!   `choose` and named by their steps or the arena. No unit to choose: nothing happens.
//!   `chosen` gets no event, so a choice or payment is asked only of a trigger about no unit or
//!   about the card itself, and an option may ask nothing more.
//!
//! A Mission's text is carried out the same way when the Mission resolves (game 7.4, the
//! `resolve` hook), as the steps of a trigger that has happened ([`resolves`]).
//!
//! A text is not claimed if any part of it is not carried out: "if" inside a step, prevention
//! (which needs the damage prevention POP), "for this attack" outside an attack, and "that
//! unit" of another unit's trigger with something asked first.

use swtcg_card_script::script::{
    self, Effect as Does, Kind, Moment, Payment, Pick, Player, Script, Trigger, UnitEvent, Units,
    Whose,
};
use swtcg_prediction::{Prediction, Predicts};
use swtcg_sdk::*;

use crate::modes;
use crate::picks;
use crate::steps::{self, Context, picks_one, subject};
use crate::units::{
    anyone, card, condition_carried_out, holds, named, names, place_carried_out, units_carried_out,
};

/// The hook a call comes from, as a trigger names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Hook {
    /// A player's build step starts or ends (the event's side is whose).
    BuildStep {
        starts: bool,
    },
    /// After a build action, naming the card it completed, if any.
    BuildAction,
    BuildRoll,
    BattlePhase {
        starts: bool,
    },
    BattleStep {
        starts: bool,
    },
    Turn {
        starts: bool,
    },
    UnitEntersArena,
    UnitDiscarded,
    AttackDeclared,
    DamagePlaced,
    HitsCounted,
    /// The damage prevention POP of an instance of damage opens (game 10.7, P7).
    DamagePrevention,
}

/// Whether this plugin tells when a trigger happens.
fn trigger_carried_out(trigger: &Trigger) -> bool {
    match trigger {
        Trigger::Moment {
            moment: Moment::BuildStep,
            ..
        } => true,
        Trigger::Moment {
            moment: Moment::BattlePhase | Moment::BattleStep(_) | Moment::Turn | Moment::BuildRoll,
            whose: Whose::Each,
            ..
        } => true,
        Trigger::Deploy(units) | Trigger::Complete(units) => phrase_carried_out(units),
        Trigger::Bounty | Trigger::Foresight | Trigger::Forewarning | Trigger::Upkeep => true,
        Trigger::Units { who, event } => {
            phrase_carried_out(who)
                && match event {
                    UnitEvent::Attacks(target) => target.as_ref().is_none_or(target_carried_out),
                    UnitEvent::IsAttacked | UnitEvent::IsDamaged => true,
                    // "Whenever <units> would be damaged, prevent N of that damage": heard when
                    // the damage's prevention POP opens (`would_be_damaged`).
                    UnitEvent::WouldBeDamaged => true,
                    // "When one of your opponent's Characters would damage Leia": the pending
                    // damage's source told too.
                    UnitEvent::WouldBeDamagedBy(by) => target_carried_out(by),
                    UnitEvent::Damages(target) => target.as_ref().is_none_or(target_carried_out),
                    UnitEvent::IsDiscarded(place) => place.as_ref().is_none_or(place_carried_out),
                    _ => false,
                }
        }
        _ => false,
    }
}

/// Whether a trigger's phrase of units can be told: the card itself, or any unit of an owner and
/// filters this plugin reads ("a Droid", "one of your Jedi").
fn phrase_carried_out(units: &Units) -> bool {
    match units.pick {
        Pick::This => true,
        Pick::Any | Pick::Each => units_carried_out(&anyone(units), false),
        _ => false,
    }
}

/// Whether the unit a trigger's deed is done to can be told: as a trigger's phrase, or "one of
/// your opponent's units" ("When this unit attacks one of your opponent's units"), which in a
/// trigger names any of them (`fires` matches the target with `anyone`).
fn target_carried_out(units: &Units) -> bool {
    match units.pick {
        Pick::Chosen {
            count: 1,
            up_to: false,
        } => units_carried_out(&anyone(units), false),
        _ => phrase_carried_out(units),
    }
}

/// Whether the trigger is about an attack, where "for this attack" means the attack declared.
fn in_an_attack(trigger: &Trigger) -> bool {
    matches!(
        trigger,
        Trigger::Units {
            event: UnitEvent::Attacks(_) | UnitEvent::IsAttacked,
            ..
        }
    )
}

/// Whether the trigger is about the card itself, which "that unit" and "it" then name.
fn about_this(trigger: &Trigger) -> bool {
    match trigger {
        Trigger::Deploy(units) | Trigger::Complete(units) | Trigger::Units { who: units, .. } => {
            units.pick == Pick::This
        }
        _ => false,
    }
}

/// Whether the trigger is about a unit ("Whenever one of your Jedi is discarded"), which "that
/// unit" then names.
fn about_a_unit(trigger: &Trigger) -> bool {
    matches!(
        trigger,
        Trigger::Deploy(_) | Trigger::Complete(_) | Trigger::Units { .. }
    )
}

/// What the ability asks of a player before its steps happen.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Asks<'a> {
    /// Nothing: the steps happen.
    Nothing,
    /// "you may ...", or a unit to choose: a `choose` offer.
    Choice,
    /// A player may pay ("your opponent may pay 2 Force. If he or she does, ..."): the later
    /// steps happen if they pay.
    MayPay(&'a Payment),
    /// The one step happens unless a player pays ("tap this unit unless you pay 1 build
    /// point").
    UnlessPaid(&'a Payment),
    /// The player picks one of the options ("choose one: ..."; [`crate::modes`]): a `choose`
    /// offer of the options' names.
    Options,
}

/// What a script asks first, if this plugin can ask it: one payment, or one choice.
fn asks(script: &Script) -> Option<Asks<'_>> {
    if modes::has_options(script) {
        return Some(Asks::Options);
    }
    let first = script.steps.first()?;
    let payable = |p: &Payment| steps::payment_cost(p).is_some() && p.who != Player::Each;
    let choosing = script.steps.iter().any(picks_one);
    match (&first.effect, &first.unless_paid) {
        (Does::Pay(payment), None) if first.optional && !choosing => {
            payable(payment).then_some(Asks::MayPay(payment))
        }
        (_, Some(payment)) if script.steps.len() == 1 && !first.optional && !choosing => {
            payable(payment).then_some(Asks::UnlessPaid(payment))
        }
        (_, None) if first.optional || choosing => Some(Asks::Choice),
        (_, None) => Some(Asks::Nothing),
        _ => None,
    }
}

/// Whether a script made by an option is "You may remove N counters from your Resource. If you
/// do, <the option>": declining the choice of options is declining to pay (`ask_or_do` makes
/// the offer optional, and only to a player who can pay), so the payment asks nothing more.
fn bought_from_resource(made: &Script) -> bool {
    let Some((first, rest)) = made.steps.split_first() else {
        return false;
    };
    first.optional
        && steps::resource_payment(first).is_some()
        && !rest.is_empty()
        && rest
            .iter()
            .all(|s| s.if_you_do && !s.optional && !picks_one(s))
}

/// Whether this plugin carries out every part of a triggered script.
pub(crate) fn carried_out(script: &Script) -> bool {
    let Some(trigger) = &script.trigger else {
        return false;
    };
    script.kind == Kind::Triggered
        && trigger_carried_out(trigger)
        && script.conditions.iter().all(condition_carried_out)
        && steps_carried_out(script, Some(trigger))
        // Several units may be about to be damaged at once: each gets the steps, which then
        // may ask nothing; about the card itself, one unit, the steps may be bought off
        // ("prevent that damage unless your opponent pays 2 Force").
        && (!would_be_damaged(trigger)
            || match asks(script) {
                Some(Asks::Nothing) => true,
                Some(Asks::UnlessPaid(_)) => about_this(trigger),
                _ => false,
            })
}

/// Whether the trigger is "<units> would be damaged [by <units>]".
fn would_be_damaged(trigger: &Trigger) -> bool {
    matches!(
        trigger,
        Trigger::Units {
            event: UnitEvent::WouldBeDamaged | UnitEvent::WouldBeDamagedBy(_),
            ..
        }
    )
}

/// Whether this plugin carries out every part of a Mission's text, whose steps happen when the
/// Mission resolves (game 7.4, the `resolve` hook): the steps of a triggered ability, with no
/// trigger, condition or limit ("Search your deck for a Location card ...", "Return up to 2
/// Ground unit cards from your discard pile to your hand").
pub(crate) fn resolves(script: &Script) -> bool {
    matches!(script.kind, Kind::Static | Kind::Played)
        && script.trigger.is_none()
        && script.conditions.is_empty()
        && !script.steps.is_empty()
        && steps_carried_out(script, None)
}

/// Whether this plugin carries out the steps of a script that happens when `trigger` does (a
/// Mission's when it resolves, with none).
fn steps_carried_out(script: &Script, trigger: Option<&Trigger>) -> bool {
    // "Choose one: ...": every option carried out, each with nothing more to ask (the choice
    // is the one thing asked).
    if modes::has_options(script) {
        return modes::options(script).is_some_and(|options| {
            options.len() >= 2
                && options.iter().all(|(_, made)| {
                    (asks(made) == Some(Asks::Nothing) || bought_from_resource(made))
                        && !picks::asks_in_turn(made)
                        && steps_carried_out(made, trigger)
                })
        });
    }
    // Several units picked one after another, or a unit and then a payment ([`picks`]), each
    // offered once the ability happens; no step is about the unit the trigger is about.
    if picks::asks_in_turn(script) {
        return script.costs.is_empty() && script.limits.is_empty() && picks::carried_out(script);
    }
    let Some(asks) = asks(script) else {
        return false;
    };
    let chosen = script.steps.iter().filter(|s| picks_one(s)).count();
    let may = script.steps.first().is_some_and(|s| s.optional);
    // Steps put off until the next build step (API 1.15 `later`) are all of a script's steps
    // or none: `chosen` then knows which part a choice belongs to.
    let waiting = script
        .steps
        .iter()
        .filter(|s| s.when_build_step_starts)
        .count();
    // "You may remove 1 counter from your Resource. If you do, ...": the change is what the
    // later steps are bought with, and a player with too few counters, or with no Resource,
    // can't make it; the choice is offered only to one who can (`ask_or_do`). Any other
    // change to a Resource bought with is not claimed (a change the Resource can't take does
    // what it can, game 16.4).
    let bought = may
        && script.steps.len() > 1
        && matches!(script.steps[0].effect, Does::ResourceCounters { .. })
        && steps::resource_payment(&script.steps[0]).is_none();
    !bought
        && script.costs.is_empty()
        && script.limits.is_empty()
        && (waiting == 0 || (waiting == script.steps.len() && trigger.is_some()))
        && steps::building_steps_ok(&script.steps)
        && chosen <= 1
        && script.steps.iter().enumerate().all(|(at, step)| {
            // "You may X. If you do, Y.": only the first step may be optional, and then every
            // later step is what happens if the player does.
            let shape = step.only_if.as_ref().is_none_or(|c| {
                steps::only_if_carried_out(c, steps::told_after(&script.steps, at))
            }) && (at == 0 || step.unless_paid.is_none())
                && if at == 0 {
                    !step.if_you_do
                } else {
                    !step.optional && step.if_you_do == may
                };
            // "That unit" is the one the trigger is about; a choice or payment answered later
            // (`chosen`) knows it only when it is the card itself.
            let that_known = trigger.is_some_and(about_this)
                || (trigger.is_some_and(about_a_unit) && asks == Asks::Nothing)
                || script.steps[..at].iter().any(picks_one);
            let paying = at == 0 && matches!(asks, Asks::MayPay(_));
            // Prevention only of the damage a "would be damaged" trigger is about ("prevent
            // 1 of that damage"), as it is about to be placed, or for a while ("prevent all
            // damage to it this turn", `steps::shield`).
            let prevents = match &step.effect {
                Does::Prevent { to, .. } => {
                    (trigger.is_some_and(would_be_damaged) && to.pick == Pick::That)
                        || steps::timed_prevention(step)
                }
                _ => true,
            };
            shape
                && prevents
                && (!step.when_attack_ends || trigger.is_some_and(in_an_attack))
                && (step.duration != Some(script::Duration::ThisAttack)
                    || trigger.is_some_and(in_an_attack))
                && (paying || steps::carried_out(step, that_known))
        })
}

fn opponent(side: Side) -> Side {
    match side {
        Side::Dark => Side::Light,
        Side::Light => Side::Dark,
    }
}

/// Whether the script's steps wait for the controller's next build step ("Bounty: ...", "...
/// when your next build step starts"): `steps_carried_out` lets that be all of them or none.
pub(crate) fn waits(script: &Script) -> bool {
    script
        .steps
        .first()
        .is_some_and(|s| s.when_build_step_starts)
}

/// The damage counters an instance put on its target: the amount less what prevention took off
/// (prevention of unpreventable damage takes nothing off).
fn placed(pending: &Pending) -> u32 {
    let prevented = if pending.preventable {
        pending.prevented
    } else {
        0
    };
    pending.amount.saturating_sub(prevented)
}

/// Bounty (keywords.md): another unit is discarded by damage from this unit, the damage
/// instance the engine is still resolving having put counters on it; not the card itself.
fn bounty_fires(event: &Event, me: &UnitView) -> bool {
    event.unit.is_some_and(|discarded| {
        discarded != me.id
            && host::pending_damage()
                .iter()
                .any(|p| p.target == discarded && p.source == Some(me.id) && placed(p) > 0)
    })
}

/// Whether the trigger happens at this call: the hook, and the event's step, arena or unit.
fn fires(trigger: &Trigger, hook: Hook, event: &Event, me: &UnitView) -> Fired {
    let when = |happens: bool| if happens { Fired::Yes(None) } else { Fired::No };
    match (trigger, hook) {
        (Trigger::Bounty, Hook::UnitDiscarded) => when(bounty_fires(event, me)),
        // Upkeep: the build step of the unit's controller (keywords.md).
        (Trigger::Upkeep, Hook::BuildStep { starts: true }) => {
            when(event.side == Some(me.controller))
        }
        (
            Trigger::Moment {
                moment: Moment::BuildStep,
                whose,
                starts,
            },
            Hook::BuildStep { starts: now },
        ) if *starts == now => when(match whose {
            Whose::Yours => event.side == Some(me.controller),
            Whose::Opponents => event.side == Some(opponent(me.controller)),
            Whose::Each => true,
        }),
        // Game 6.1.3: the roll is made once a turn, for both players.
        (
            Trigger::Moment {
                moment: Moment::BuildRoll,
                ..
            },
            Hook::BuildRoll,
        ) => Fired::Yes(None),
        (
            Trigger::Moment {
                moment: Moment::BattlePhase,
                starts,
                ..
            },
            Hook::BattlePhase { starts: now },
        )
        | (
            Trigger::Moment {
                moment: Moment::Turn,
                starts,
                ..
            },
            Hook::Turn { starts: now },
        ) => when(*starts == now),
        (
            Trigger::Moment {
                moment: Moment::BattleStep(arena),
                starts,
                ..
            },
            Hook::BattleStep { starts: now },
        ) => when(
            *starts == now && arena.is_none_or(|a| event.arena == Some(crate::units::arena(a))),
        ),
        // A deploy (`amount` 1) by the card's controller, of a unit the phrase names.
        (Trigger::Deploy(units), Hook::UnitEntersArena)
            if event.amount == Some(1) && event.side == Some(me.controller) =>
        {
            about(units, event.unit, me, host::unit)
        }
        // "When you complete this Location": the build action of its controller that completed
        // it (game 7.2; a Location is in play once completed, 16.1).
        (Trigger::Complete(units), Hook::BuildAction) if event.side == Some(me.controller) => {
            about(units, event.unit, me, host::unit)
        }
        (Trigger::Units { who, event: deed }, Hook::AttackDeclared) => match deed {
            UnitEvent::Attacks(target) => match about(who, event.attacker, me, host::unit) {
                Fired::Yes(unit) => {
                    let defender = event.defender.and_then(host::unit);
                    let fits = target.as_ref().is_none_or(|target| {
                        defender.is_some_and(|d| names(&anyone(target), &d, me))
                    });
                    if fits { Fired::Yes(unit) } else { Fired::No }
                }
                Fired::No => Fired::No,
            },
            UnitEvent::IsAttacked => about(who, event.defender, me, host::unit),
            _ => Fired::No,
        },
        (
            Trigger::Units {
                who,
                event: UnitEvent::IsDiscarded(place),
            },
            Hook::UnitDiscarded,
        ) => {
            let from = place.as_ref().is_none_or(|place| match place {
                // The arena it left (none for the build zone, game 8.4).
                script::Where::Arenas(arenas) => arenas
                    .iter()
                    .any(|&a| event.arena == Some(crate::units::arena(a))),
                _ => event.arena.is_some(),
            });
            if from {
                about(who, event.unit, me, |id| {
                    host::unit(id).or_else(|| host::last_seen(id))
                })
            } else {
                Fired::No
            }
        }
        // Game 11.5: damage counters were just placed by the damage instance the engine is
        // resolving. "<units> is damaged": a unit the phrase names got counters from it; "<units>
        // damages <units>": the instance's source is named by the first phrase and put counters
        // on a unit the second names, which is "that unit". An instance that damages several
        // units fires for the first the phrases name.
        (Trigger::Units { who, event: deed }, Hook::DamagePlaced) => {
            let pending = host::pending_damage();
            let damaged = pending.iter().filter(|p| placed(p) > 0);
            let seen = |id: UnitId| host::unit(id).or_else(|| host::last_seen(id));
            let mut fired = Fired::No;
            for p in damaged {
                fired = match deed {
                    UnitEvent::IsDamaged => about(who, Some(p.target), me, seen),
                    UnitEvent::Damages(target) => match about(who, p.source, me, seen) {
                        Fired::Yes(_) => {
                            let fits = target.as_ref().is_none_or(|target| {
                                seen(p.target).is_some_and(|t| names(&anyone(target), &t, me))
                            });
                            if fits {
                                Fired::Yes(Some(p.target))
                            } else {
                                Fired::No
                            }
                        }
                        Fired::No => Fired::No,
                    },
                    _ => Fired::No,
                };
                if fired != Fired::No {
                    break;
                }
            }
            fired
        }
        _ => Fired::No,
    }
}

/// Whether a trigger happens, and the unit it is about ("that unit", "it") if any.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Fired {
    No,
    Yes(Option<UnitId>),
}

/// Whether the event's unit is one the trigger's phrase names: the card itself for `this`, else
/// a unit of the owner and filters printed (seen as it is, or as it was for one that left play,
/// by `view`).
fn about(
    units: &Units,
    unit: Option<UnitId>,
    me: &UnitView,
    view: impl Fn(UnitId) -> Option<UnitView>,
) -> Fired {
    let Some(unit) = unit else {
        return Fired::No;
    };
    let named = match units.pick {
        Pick::This => unit == me.id,
        _ => view(unit).is_some_and(|seen| {
            // A unit that left play is named as it was in its arena.
            let mut seen = seen;
            seen.built = true;
            names(&anyone(units), &seen, me)
        }),
    };
    if named {
        Fired::Yes(Some(unit))
    } else {
        Fired::No
    }
}

/// The units the script's choosing step may choose now, if it has one.
fn choosable(script: &Script, me: &UnitView) -> Option<Vec<UnitView>> {
    let step = script.steps.iter().find(|s| picks_one(s))?;
    let units = subject(&step.effect)?;
    Some(
        named(units, me)
            .into_iter()
            .filter(|unit| steps::changes(step, unit))
            .collect(),
    )
}

/// The prediction of "Foresight: [effect]" or "Forewarning: [effect]" (the shared rules of the
/// two keywords), if the trigger is one; its notes are this plugin's own.
fn prediction(trigger: &Trigger) -> Option<Prediction> {
    match trigger {
        Trigger::Foresight => Some(Prediction {
            note: "card-script foresight",
            predicts: Predicts::ItsAttacks,
        }),
        Trigger::Forewarning => Some(Prediction {
            note: "card-script forewarning",
            predicts: Predicts::AttacksOnIt,
        }),
        _ => None,
    }
}

/// Foresight and Forewarning (keywords.md): when an attack the unit predicts is declared, its
/// controller may predict the hits (a choice of 0 to the most dice); when the hits counted are
/// the ones predicted, the steps happen. Only from an arena (game 13.7).
fn predict(
    ability: &Ability,
    script: &Script,
    rule: Prediction,
    hook: Hook,
    event: &Event,
    me: &UnitView,
) -> HookResult {
    if me.zone.arena().is_none() {
        return Ok(Vec::new());
    }
    match hook {
        Hook::AttackDeclared => Ok(rule.offer(ability, event).into_iter().collect()),
        Hook::HitsCounted if rule.correct(ability, event) => ask_or_do(ability, script, me, None),
        _ => Ok(Vec::new()),
    }
}

/// What the ability does when `hook` is called with `event`: nothing if its trigger is not this
/// one or its conditions do not hold; else its effects, or the choice it offers first.
pub(crate) fn happen(ability: &Ability, script: &Script, hook: Hook, event: &Event) -> HookResult {
    let (Some(trigger), Some(me)) = (&script.trigger, card(ability)) else {
        return Ok(Vec::new());
    };
    if !carried_out(script) {
        return Ok(Vec::new());
    }
    if let Some(rule) = prediction(trigger) {
        return predict(ability, script, rule, hook, event, &me);
    }
    if let Trigger::Units { who, event } = trigger {
        match event {
            UnitEvent::WouldBeDamaged => {
                return about_to_be_damaged(ability, script, (who, None), hook, &me);
            }
            UnitEvent::WouldBeDamagedBy(by) => {
                return about_to_be_damaged(ability, script, (who, Some(by)), hook, &me);
            }
            _ => {}
        }
    }
    let Fired::Yes(about) = fires(trigger, hook, event, &me) else {
        return Ok(Vec::new());
    };
    // Only a card in play triggers (game 13.7), save the one leaving it; a Bounty also
    // when its unit has left play (keywords.md), with the damage that discarded the other.
    let leaving = hook == Hook::UnitDiscarded && about == Some(me.id);
    let bounty = *trigger == Trigger::Bounty;
    // An Upkeep is carried out for a unit in the build zone too (game 4.3), never for a card
    // still being built there (13.7).
    let upkeep = *trigger == Trigger::Upkeep && me.built && me.zone == Zone::BuildZone;
    if (!leaving && !bounty && !upkeep && !crate::units::in_play(&me))
        || !script.conditions.iter().all(|c| holds(c, &me))
    {
        return Ok(Vec::new());
    }
    // Steps that wait for the next build step are asked for then (`later`), with anything
    // they ask first.
    if waits(script) {
        return Ok(vec![Effect::Later(0)]);
    }
    ask_or_do(ability, script, &me, about)
}

/// "Whenever <units> would be damaged, <steps>": when the prevention POP of an instance of
/// damage opens (game 10.7), the steps happen for each unit the phrase names that damage is still
/// pending on, "that damage" being what is pending on it (`steps` prevents at most that); with
/// "<units> would damage <units>" (`by`), damage whose source the first phrase names. Only a
/// card in play hears it (game 13.7).
fn about_to_be_damaged(
    ability: &Ability,
    script: &Script,
    (who, by): (&Units, Option<&Units>),
    hook: Hook,
    me: &UnitView,
) -> HookResult {
    if hook != Hook::DamagePrevention
        || !crate::units::in_play(me)
        || !script.conditions.iter().all(|c| holds(c, me))
    {
        return Ok(Vec::new());
    }
    let mut targets: Vec<UnitId> = Vec::new();
    for pending in host::pending_damage() {
        // The damage of a unit the source phrase names ("one of your opponent's Characters").
        let from_source = by.is_none_or(|by| {
            pending
                .source
                .and_then(host::unit)
                .is_some_and(|source| names(&anyone(by), &source, me))
        });
        if pending.amount > pending.prevented
            && from_source
            && !targets.contains(&pending.target)
            && matches!(
                about(who, Some(pending.target), me, host::unit),
                Fired::Yes(_)
            )
        {
            targets.push(pending.target);
        }
    }
    let mut effects = Vec::new();
    for target in targets {
        effects.extend(ask_or_do(ability, script, me, Some(target))?);
    }
    Ok(effects)
}

/// The steps a triggered script put off (`Effect::Later`), now that its controller's next
/// build step starts: its effects, or what it asks first. A unit that has left play is seen
/// as it last was, and the steps about it do nothing (with the steps that needed them done).
pub(crate) fn later(ability: &Ability, script: &Script) -> HookResult {
    let me = card(ability).ok_or("the card with the ability is gone")?;
    if !carried_out(script) || !waits(script) {
        return Err(format!(
            "\"{}\" put nothing off until the build step",
            ability.parameter
        ));
    }
    if host::unit(me.id).is_some() {
        return ask_or_do(ability, script, &me, None);
    }
    ask_or_do(ability, &without_this(script), &me, None)
}

/// The script less the steps about the card itself, and those that happen only if such a step
/// did ("If you do, ..."): what still happens once the card has left play.
fn without_this(script: &Script) -> Script {
    let mut kept = Vec::new();
    let mut dropped = false;
    for step in &script.steps {
        let about_me = subject(&step.effect).is_some_and(|u| u.pick == Pick::This);
        dropped = about_me || (dropped && step.if_you_do);
        if !dropped {
            kept.push(step.clone());
        }
    }
    Script {
        steps: kept,
        ..script.clone()
    }
}

/// A Mission resolves (the `resolve` hook): its steps, or what it asks first.
pub(crate) fn resolve(ability: &Ability, script: &Script) -> HookResult {
    match card(ability) {
        Some(me) if resolves(script) => ask_or_do(ability, script, &me, None),
        _ => Ok(Vec::new()),
    }
}

/// The effects of the steps of an ability that happens now, or the choice or payment it asks
/// for first; `about` is the unit its trigger is about.
fn ask_or_do(
    ability: &Ability,
    script: &Script,
    me: &UnitView,
    about: Option<UnitId>,
) -> HookResult {
    let offer = |payment: &Payment| -> HookResult {
        let side = steps::payer(payment, me.controller).ok_or("no one to pay")?;
        let cost = steps::payment_cost(payment).ok_or("a cost the engine can't name")?;
        Ok(vec![Effect::UnlessPays(UnlessPays { side, cost })])
    };
    // A player who can't pay what the later steps are bought with is not asked.
    let payment = script
        .steps
        .first()
        .filter(|s| s.optional && script.steps.len() > 1);
    if let Some(n) = payment.and_then(steps::resource_payment)
        && !steps::can_pay_resource(me.controller, n)
    {
        return Ok(Vec::new());
    }
    if picks::asks_in_turn(script) {
        return picks::next(script, me, &[], None);
    }
    match asks(script) {
        Some(Asks::MayPay(payment) | Asks::UnlessPaid(payment)) => offer(payment),
        Some(Asks::Options) => {
            let options = modes::options(script).ok_or("no options to choose among")?;
            // "You may remove 2 counters from your Resource. If you do, choose one: ...":
            // declining the options declines the payment.
            let optional = script
                .steps
                .iter()
                .any(|s| s.optional && matches!(s.effect, Does::ChooseOne(_)))
                || script
                    .steps
                    .first()
                    .is_some_and(|s| s.optional && steps::resource_payment(s).is_some());
            Ok(vec![Effect::Choose(Offer {
                options: options.into_iter().map(|(name, _)| name).collect(),
                optional,
            })])
        }
        Some(Asks::Choice) => match choosable(script, me) {
            Some(units) if units.is_empty() => Ok(Vec::new()),
            Some(units) => Ok(vec![Effect::Choose(Offer {
                options: unit_options(&units),
                optional: script.steps.first().is_some_and(|s| s.optional),
            })]),
            None => Ok(vec![Effect::Choose(Offer {
                options: vec![ability.text.clone()],
                optional: true,
            })]),
        },
        _ => effects(script, me, None, about),
    }
}

/// The effects of the steps, `chosen` being the unit chosen if a step chose one and `about` the
/// unit the trigger is about: "that unit" is the first of them.
fn effects(
    script: &Script,
    me: &UnitView,
    chosen: Option<UnitId>,
    about: Option<UnitId>,
) -> HookResult {
    let at = Context {
        me,
        that: chosen.or(about),
        amount: None,
        drawn: Default::default(),
    };
    let mut effects = Vec::new();
    for step in steps::replaced(&script.steps, &at) {
        // The payment itself is made by the engine (`unless-pays`).
        if !matches!(step.effect, Does::Pay(_)) {
            effects.extend(steps::effects(step, &at)?);
        }
    }
    Ok(effects)
}

/// The option `index` of the offer [`happen`] made was taken: the steps, with the unit at that
/// place of the units it offered (asked again now, as they were then).
pub(crate) fn chosen(ability: &Ability, script: &Script, index: u32) -> HookResult {
    // The prediction is the first choice of a Foresight or Forewarning in an attack; a choice
    // its steps ask after a correct prediction comes as any trigger's does.
    if let Some(rule) = script.trigger.as_ref().and_then(prediction)
        && !rule.predicted(ability)
    {
        return rule.chosen(ability, index);
    }
    let me = card(ability).ok_or("the card with the ability is gone")?;
    // Steps put off until the build step were offered by `later` as what still happens.
    let left = waits(script) && host::unit(me.id).is_none();
    let trimmed;
    let script = if left {
        trimmed = without_this(script);
        &trimmed
    } else {
        script
    };
    if !carried_out(script) && !resolves(script) {
        return Err(format!(
            "\"{}\" is no triggered ability or Mission",
            ability.parameter
        ));
    }
    if picks::asks_in_turn(script) {
        return picks::next(script, &me, &picks::answers(index), None);
    }
    // A choice or payment is asked only of a trigger about no unit or about the card itself.
    let about = script
        .trigger
        .as_ref()
        .is_some_and(about_this)
        .then_some(me.id);
    match asks(script) {
        // `unless-pays` answers 0 for a payment made, 1 for none.
        Some(Asks::MayPay(_)) if index == 0 => effects(script, &me, None, about),
        Some(Asks::UnlessPaid(_)) if index == 1 => effects(script, &me, None, about),
        Some(Asks::MayPay(_) | Asks::UnlessPaid(_)) => Ok(Vec::new()),
        Some(Asks::Options) => {
            let options = modes::options(script).ok_or("no options to choose among")?;
            let (_, made) = options
                .get(index as usize)
                .ok_or_else(|| format!("no option {index} to choose"))?;
            effects(made, &me, None, about)
        }
        _ => match choosable(script, &me) {
            Some(units) => {
                let unit = units
                    .get(index as usize)
                    .ok_or_else(|| format!("no unit {index} to choose"))?;
                effects(script, &me, Some(unit.id), about)
            }
            None => effects(script, &me, None, about),
        },
    }
}
