//! Abilities that ask several things one after another: units ("Remove up to 2 damage counters
//! from one of your Space units. Remove up to 2 damage counters from one of your Ground
//! units.", "Up to 2 of your units each get +2 power", "Discard one of your Ground units. If you
//! do, discard one of your opponent's Ground units ..."), one `choose` offer a unit, and then a
//! payment a player may make ("Choose one of your opponent's units in the Character arena. Tap
//! that unit unless your opponent pays 3 Force."), an `unless-pays`; each made in the `chosen`
//! call of the one before. The plugin keeps nothing between calls: what was answered before is
//! read back from the host question `chosen-before` (API 1.20), the units of each offer asked
//! again as they were then (nothing happens before the last answer, so the game is as it was).
//! The steps happen once everything is answered.

use swtcg_card_script::script::{Effect as Does, Pick, Player, Script, Step, Units};
use swtcg_sdk::*;

use crate::steps::{self, Context, subject};
use crate::units::named;

/// The most units one phrase picks one after another ("up to 4").
const MOST_PICKED: u32 = 4;

/// What the player answers to end an "up to" phrase's picks early.
const NO_OTHER: &str = "No other unit";

/// One unit to pick: for the step at `step`, which may be left unpicked (`optional`: a unit
/// of "up to N").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Slot {
    step: usize,
    optional: bool,
}

/// How many units a step's phrase picks and whether fewer may be: "one of your Jedi", "a Ground
/// unit" one, "up to 2 of your units" at most two.
fn picked_by(step: &Step) -> Option<(u32, bool)> {
    let units = match &step.effect {
        Does::Choose(units) => units,
        effect => subject(effect)?,
    };
    match units.pick {
        Pick::Chosen { count, up_to } if (1..=MOST_PICKED).contains(&count) => Some((count, up_to)),
        Pick::Any if steps::picks_one(step) => Some((1, false)),
        _ => None,
    }
}

/// The units a script picks one after another, if it picks more than one, or one before a
/// payment.
fn slots(script: &Script) -> Option<Vec<Slot>> {
    let mut slots = Vec::new();
    for (at, step) in script.steps.iter().enumerate() {
        let Some((count, up_to)) = picked_by(step) else {
            continue;
        };
        // "Up to 2": any unit may be left unpicked, the first offer's by declining it
        // (`Offer::optional`), a later one's by answering `NO_OTHER`.
        slots.extend((0..count).map(|_| Slot {
            step: at,
            optional: up_to,
        }));
    }
    (!slots.is_empty())
        .then_some(slots)
        .filter(|slots| slots.len() >= 2 || unless_step(script).is_some())
}

/// The step that happens unless a player pays, if one does.
fn unless_step(script: &Script) -> Option<&Step> {
    script.steps.iter().find(|s| s.unless_paid.is_some())
}

/// Whether the script asks several things one after another: several units, or a unit and then
/// a payment; for an activated ability, a payment alone too ("[tap] -> You get +1 build points
/// this turn unless your opponent pays 4 Force."), which a trigger asks as it always has.
pub(crate) fn asks_in_turn(script: &Script) -> bool {
    let picks = script
        .steps
        .iter()
        .filter(|s| picked_by(s).is_some())
        .count();
    slots(script).is_some()
        || (unless_step(script).is_some()
            && (picks >= 1 || script.kind == swtcg_card_script::script::Kind::Activated))
}

/// A step as it is carried out for one unit picked: its phrase picks that one unit.
fn for_one(step: &Step) -> Step {
    let mut step = step.clone();
    if let Some(units) = steps::subject_mut(&mut step.effect)
        && matches!(units.pick, Pick::Chosen { .. })
    {
        units.pick = Pick::Chosen {
            count: 1,
            up_to: false,
        };
    }
    step
}

/// Whether this plugin carries out a script that picks several units: every step as it is for
/// one unit, each happening as printed or "if you do" (the step before it happened), and "that
/// unit" named only after a unit is picked.
pub(crate) fn carried_out(script: &Script) -> bool {
    // The payment is asked last, of one step that is the last one.
    let payment_last = match unless_step(script) {
        Some(step) => {
            std::ptr::eq(step, script.steps.last().unwrap_or(step))
                && step.unless_paid.as_ref().is_some_and(|p| {
                    steps::payment_cost(p).is_some()
                        && matches!(p.who, Player::You | Player::Opponent)
                })
        }
        None => true,
    };
    asks_in_turn(script)
        && payment_last
        && script.steps.iter().enumerate().all(|(at, step)| {
            let picked_before = script.steps[..at].iter().any(|s| picked_by(s).is_some());
            !step.optional
                && step.only_if.is_none()
                && (at > 0 || !step.if_you_do)
                && !step.when_build_step_starts
                && !step.when_attack_ends
                && !matches!(step.effect, Does::ChooseOne(_) | Does::Pay(_))
                && steps::carried_out(&for_one(step), picked_before)
        })
}

/// The units a slot's step may pick now, less those picked before for the same step ("each"
/// of "up to 2" is another unit).
fn choosable(script: &Script, slot: Slot, me: &UnitView, before: &[UnitId]) -> Vec<UnitView> {
    let step = &script.steps[slot.step];
    let one = for_one(step);
    let units: Option<&Units> = match &one.effect {
        Does::Choose(units) => Some(units),
        effect => subject(effect),
    };
    let Some(units) = units else {
        return Vec::new();
    };
    named(units, me)
        .into_iter()
        .filter(|unit| !before.contains(&unit.id))
        .filter(|unit| steps::changes(step, unit))
        .collect()
}

/// Where the picks stand: the unit picked for each slot so far (none for one left unpicked),
/// and the next slot to offer with its units, if any is left.
struct Progress {
    picked: Vec<(Slot, Option<UnitId>)>,
    next: Option<(Slot, Vec<UnitView>)>,
    /// The answer to the payment, once asked: whether the player paid.
    paid: Option<bool>,
}

/// Replays the picks `answers` (the `chosen-before` indexes, then the index of the call)
/// against the offers the script makes: a slot with no unit to pick is passed over without an
/// offer, as is every slot of a step that happens "if you do" when the step before it picked
/// nothing, and the later slots of an "up to" phrase once the player answered `NO_OTHER`.
fn progress(script: &Script, me: &UnitView, answers: &[u32]) -> Result<Progress, String> {
    let slots = slots(script).unwrap_or_default();
    let mut answers = answers.iter();
    let mut picked: Vec<(Slot, Option<UnitId>)> = Vec::new();
    let mut ended_step: Option<usize> = None;
    for slot in slots {
        let step = &script.steps[slot.step];
        let before_step = slot.step.checked_sub(1);
        let skipped = ended_step == Some(slot.step)
            || (step.if_you_do
                && before_step.is_some_and(|b| {
                    picked_by(&script.steps[b]).is_some()
                        && !picked.iter().any(|(s, u)| s.step == b && u.is_some())
                }));
        if skipped {
            picked.push((slot, None));
            continue;
        }
        let same_step: Vec<UnitId> = picked
            .iter()
            .filter(|(s, _)| s.step == slot.step)
            .filter_map(|(_, u)| *u)
            .collect();
        let units = choosable(script, slot, me, &same_step);
        if units.is_empty() {
            picked.push((slot, None));
            ended_step = Some(slot.step);
            continue;
        }
        let Some(&index) = answers.next() else {
            return Ok(Progress {
                picked,
                next: Some((slot, units)),
                paid: None,
            });
        };
        match units.get(index as usize) {
            Some(unit) => picked.push((slot, Some(unit.id))),
            None if slot.optional && index as usize == units.len() => {
                picked.push((slot, None));
                ended_step = Some(slot.step);
            }
            None => return Err(format!("no unit {index} to choose")),
        }
    }
    Ok(Progress {
        picked,
        next: None,
        paid: answers.next().map(|&answer| answer == 0),
    })
}

/// The offer of a slot's units, with `NO_OTHER` last for a unit "up to N" may leave unpicked.
fn offer(slot: Slot, units: &[UnitView], first: bool) -> Effect {
    let mut options = unit_options(units);
    if slot.optional && !first {
        options.push(NO_OTHER.to_string());
    }
    Effect::Choose(Offer {
        options,
        optional: slot.optional && first,
    })
}

/// What the ability does now, with the units picked (`answers`): the next offer, or, every unit
/// picked, the effects of the steps.
pub(crate) fn next(
    script: &Script,
    me: &UnitView,
    answers: &[u32],
    amount: Option<u32>,
) -> HookResult {
    let progress = progress(script, me, answers)?;
    if let Some((slot, units)) = progress.next {
        return Ok(vec![offer(slot, &units, answers.is_empty())]);
    }
    // The payment, once every unit is picked: `chosen` then gets 0 if the player paid, 1 if
    // not. A step that picked no unit asks for none.
    let unless = unless_step(script).and_then(|s| s.unless_paid.as_ref());
    let paid = match (unless, progress.paid) {
        (Some(payment), None) => {
            let about_no_unit = script.steps.iter().any(|s| {
                s.unless_paid.is_some() && subject(&s.effect).is_some_and(|u| u.pick == Pick::That)
            }) && !progress.picked.iter().any(|(_, u)| u.is_some());
            if about_no_unit {
                return Ok(Vec::new());
            }
            let side = steps::payer(payment, me.controller).ok_or("no one to pay")?;
            let cost = steps::payment_cost(payment).ok_or("a cost the engine can't name")?;
            return Ok(vec![Effect::UnlessPays(UnlessPays { side, cost })]);
        }
        (_, paid) => paid.unwrap_or(false),
    };
    let mut effects = Vec::new();
    let mut that: Option<UnitId> = None;
    let mut happened = true;
    for (at, step) in script.steps.iter().enumerate() {
        if (step.if_you_do && !happened) || (step.unless_paid.is_some() && paid) {
            continue;
        }
        let units: Vec<UnitId> = progress
            .picked
            .iter()
            .filter(|(s, _)| s.step == at)
            .filter_map(|(_, u)| *u)
            .collect();
        let picks = picked_by(step).is_some();
        if picks && units.is_empty() {
            happened = false;
            continue;
        }
        happened = true;
        let one = for_one(step);
        // A step that picks happens for each unit picked, "that unit" being the last of them;
        // any other once, about the unit picked last before it.
        let each: Vec<Option<UnitId>> = if picks {
            units.into_iter().map(Some).collect()
        } else {
            vec![that]
        };
        for unit in each {
            that = unit;
            let at = Context {
                me,
                that,
                amount,
                drawn: Default::default(),
            };
            effects.extend(steps::effects(&one, &at)?);
        }
    }
    Ok(effects)
}

/// The answers a `chosen` call replays: the options picked before (`chosen-before`), then its
/// own.
pub(crate) fn answers(index: u32) -> Vec<u32> {
    let mut answers = host::chosen_before();
    answers.push(index);
    answers
}
