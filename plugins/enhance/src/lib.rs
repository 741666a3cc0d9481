//! The Enhance keyword: "Enhance: [effect]" (keywords.md "Enhance"; game 7.5, 9.3 P10). "Lets
//! you add the listed effect by paying an extra cost; the text says whether it replaces
//! ("instead") or adds to ("also") the normal effect. It must be declared and paid before any
//! effect resolves and before the disrupt POP. Some Enhance texts use extra build counters on the
//! card as the condition instead of a payment."
//!
//! The manifest's zone `played` tells the engine that this ability works on a card as it is
//! played. On a Battle card, its `activations` (asked with `ability.unit` = `NOT_IN_PLAY`) are
//! not plays of their own: the engine offers each of the card's plays a second time with the
//! offer here declared, both costs paid (this one after the card's), and applies the card's
//! effects and these all or none, with one target for both ("that unit" is the card's target).
//! An offer that replaces the card's effects says so with `replaces` (API 1.7). Read:
//!
//! - "Enhance: Pay N Force -> Also, <effect>." and "Enhance: Pay N more Force -> ..." (the extra
//!   Force, on top of the card's), "-> That <unit> also gets <boost> <duration>.", and
//!   "-> <effect> instead.", each with optional "Play only ..." restrictions, where <effect> is a
//!   played-card sentence of `swtcg_card_text::played_text` that this plugin carries out: gaining Force,
//!   the opponent losing Force, "put N <kind> counters on <a unit>", "that unit gets <boost>",
//!   "each of your <units> gets <boost> until end of turn".
//! - On a Mission, through the `resolve` hook the engine runs when it is completed: "Enhance: If
//!   there is (you have) at least N more build counter(s) on <card> [when you complete it],
//!   [you may also] <effect>." The effect happens if the Mission has at least N build counters
//!   beyond its build cost; "you may" lets the controller decline (an optional `choose`).
//!
//! Not claimed (`understands` false), so that the card's own play still works and coverage stays
//! honest: other payments (tapping or discarding units, X costs), "can't be disrupted" (there is
//! no disrupt yet), "Get that card's effects", searches, draws and effects that refer to what
//! the card's effect did ("up to X, where X is the number removed this way").

use swtcg_card_text::card_text;
use swtcg_card_text::played_text::{
    self, Pick, PlayedText, Step, Until, allowed, boost_effects, capitalized, units_matching,
};
use swtcg_sdk::NOT_IN_PLAY;
use swtcg_sdk::*;

struct Enhance;

/// A printed Enhance, read.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Addition {
    /// On a Battle card: the extra Force and the effect, added to the card's or replacing it.
    Paid {
        force: u32,
        replaces: bool,
        text: PlayedText,
    },
    /// On a Mission: the build counters needed beyond its build cost, and the effect, which the
    /// controller may decline when `optional`.
    Overbuilt {
        extra: u32,
        optional: bool,
        text: PlayedText,
    },
}

/// `text` without `prefix`, ignoring case.
fn strip<'a>(text: &'a str, prefix: &str) -> Option<&'a str> {
    let head = text.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix)
        .then(|| &text[prefix.len()..])
}

/// "Pay 2 Force" or "Pay 2 more Force" → 2; any other payment is not read. The plain form is
/// the SDK's reader (`card_text::force_cost`); "more" is Enhance's own wording, a cost added to
/// the Battle card's, which the SDK's reader refuses, so it is read here.
fn force_cost(cost: &str) -> Option<u32> {
    match cost.split_whitespace().collect::<Vec<_>>().as_slice() {
        [pay, n, more, force] if more.eq_ignore_ascii_case("more") => {
            card_text::force_cost(&format!("{pay} {n} {force}"))
        }
        _ => card_text::force_cost(cost),
    }
}

/// Whether this plugin carries out a step as an addition to a Battle card.
fn paid_step(step: &Step) -> bool {
    match step {
        Step::GainForce { per, .. } => per.is_none(),
        Step::OpponentLosesForce(_) | Step::ThatGets { .. } => true,
        Step::Sequence(parts) => parts.iter().all(paid_step),
        Step::PutCounters { filter, .. } => filter.place != Some(played_text::Place::Chosen),
        Step::EachGets { filter, until, .. } => {
            *until == Until::EndOfTurn && filter.place != Some(played_text::Place::Chosen)
        }
        _ => false,
    }
}

/// Whether this plugin carries out a step when a Mission resolves: effects without a choice.
fn resolved_step(step: &Step) -> bool {
    match step {
        Step::GainForce { per, .. } | Step::BuildPoints { per, .. } => per.is_none(),
        Step::OpponentLosesForce(_) => true,
        Step::Sequence(parts) => parts.iter().all(resolved_step),
        Step::EachGets { filter, until, .. } => {
            *until == Until::EndOfTurn && filter.place != Some(played_text::Place::Chosen)
        }
        Step::RemoveFromEach { filter, .. } | Step::TapAll { filter } => {
            filter.place != Some(played_text::Place::Chosen)
        }
        _ => false,
    }
}

/// A played-card text with one step that `fits`, no cost of its own and, for a Mission, no
/// "Play only" restriction.
fn one_step(sentences: &str, fits: fn(&Step) -> bool) -> Option<PlayedText> {
    let text = played_text::parse(sentences)?;
    let ok = text.cost.is_none() && text.choices.len() == 1 && text.choices.iter().all(fits);
    ok.then_some(text)
}

/// Reads the text after "Enhance:".
fn read(parameter: &str) -> Option<Addition> {
    let parameter = parameter.split_whitespace().collect::<Vec<_>>().join(" ");
    if let Some(addition) = read_overbuilt(&parameter) {
        return Some(addition);
    }
    let (cost, effect) = parameter
        .split_once("->")
        .or_else(|| parameter.split_once('→'))?;
    let force = force_cost(cost.trim())?;
    let effect = effect.trim().trim_end_matches('.');
    // The effect is the first sentence; "Play only ..." restrictions may follow it.
    let (first, rest) = match effect.split_once(". ") {
        Some((first, rest)) => (first.trim(), Some(rest.trim())),
        None => (effect, None),
    };
    let (sentence, replaces) = if let Some(also) = strip(first, "Also, ") {
        (capitalized(also.trim()), false)
    } else if let Some(instead) = first.strip_suffix(" instead") {
        (instead.trim().to_string(), true)
    } else if first.contains(" also ") {
        (first.to_string(), false)
    } else {
        // Neither "also" nor "instead": the text does not say how it composes.
        return None;
    };
    let whole = match rest {
        Some(rest) => format!("{sentence}. {rest}."),
        None => format!("{sentence}."),
    };
    let text = one_step(&whole, paid_step)?;
    Some(Addition::Paid {
        force,
        replaces,
        text,
    })
}

/// "If there is at least 1 more build counter on Relax for a Moment [when you complete it],
/// [you may also] <effect>": the extra counters, whether the player may decline, the effect.
fn read_overbuilt(parameter: &str) -> Option<Addition> {
    let rest = strip(parameter, "If there is at least ")
        .or_else(|| strip(parameter, "If there are at least "))
        .or_else(|| strip(parameter, "If you have at least "))?;
    let (n, rest) = rest.split_once(' ')?;
    let extra: u32 = n.parse().ok().filter(|&n| n > 0)?;
    let rest =
        strip(rest, "more build counters on ").or_else(|| strip(rest, "more build counter on "))?;
    // The card's own name, up to the comma before the effect (names hold no comma here).
    let (_, effect) = rest.split_once(", ")?;
    let (optional, effect) = match strip(effect, "you may also ") {
        Some(effect) => (true, effect),
        None => (false, strip(effect, "also ").unwrap_or(effect)),
    };
    let text = one_step(
        &format!("{}.", capitalized(effect.trim().trim_end_matches('.'))),
        resolved_step,
    )?;
    text.only_if.is_empty().then_some(Addition::Overbuilt {
        extra,
        optional,
        text,
    })
}

/// The units a step gives counters to, for the player `me`.
fn ids(filter: &played_text::Filter, me: Side) -> Vec<UnitId> {
    units_matching(filter, me, None)
        .iter()
        .map(|u| u.id)
        .collect()
}

/// The effects of a step; `target` is the unit the player chose for the play.
fn effects(step: &Step, me: Side, target: Option<UnitId>) -> Result<Vec<Effect>, String> {
    played_text::step_effects(step, me, Pick::Nothing, &mut |step| {
        let unit = target.ok_or_else(|| "the Enhance needs the card's target".to_string())?;
        Ok(match step {
            Step::ThatGets { boost, until } => {
                if host::unit(unit).is_none() {
                    return Err(format!("unit {unit} is not in play"));
                }
                boost_effects(unit, boost, *until)
            }
            Step::PutCounters {
                kind,
                amount,
                filter,
            } => {
                if !ids(filter, me).contains(&unit) {
                    return Err(format!(
                        "unit {unit} is not one of the units the Enhance names"
                    ));
                }
                vec![Effect::Counters(CounterChange {
                    unit,
                    kind: kind.clone(),
                    amount: *amount as i32,
                })]
            }
            _ => return Err("the Enhance's effect is not carried out".into()),
        })
    })
}

/// Whether a Mission has at least `extra` build counters beyond its build cost (game 7.5).
fn overbuilt(mission: UnitId, extra: u32) -> bool {
    host::unit(mission)
        .is_some_and(|m| i64::from(m.build_counters) >= i64::from(m.cost.max(0)) + i64::from(extra))
}

impl Keyword for Enhance {
    fn understands(ability: Ability) -> bool {
        read(&ability.parameter).is_some()
    }

    fn activations(ability: Ability, _pop: Pop, event: Event) -> Vec<Activation> {
        // Only a card being played from hand or discard pile: the card's play sets the timing.
        if ability.unit != NOT_IN_PLAY {
            return Vec::new();
        }
        let (
            Some(Addition::Paid {
                force,
                replaces,
                text,
            }),
            Some(me),
        ) = (read(&ability.parameter), event.side)
        else {
            return Vec::new();
        };
        if !allowed(&text, me) {
            return Vec::new();
        }
        let Some(step) = text.choices.first() else {
            return Vec::new();
        };
        // A step that names its own unit offers the units that fit; none, no addition.
        let targets = match step {
            Step::PutCounters { filter, .. } => {
                let targets = ids(filter, me);
                if targets.is_empty() {
                    return Vec::new();
                }
                targets
            }
            _ => Vec::new(),
        };
        let label = text.labels.first().cloned().unwrap_or_default();
        // What the addition does, for the player; whether it replaces the card's effects is
        // the flag `replaces`, which the engine reads (docs/plugin-protocol.md, "Battle cards
        // and Missions").
        vec![Activation {
            label: if replaces {
                format!("{label} instead")
            } else {
                format!("Also: {label}")
            },
            cost: (force > 0).then(|| format!("Pay {force} Force")),
            targets,
            max_amount: None,
            replaces,
        }]
    }

    fn activate(ability: Ability, index: u32, choice: Choice, event: Event) -> HookResult {
        let Some(Addition::Paid { text, .. }) = read(&ability.parameter) else {
            return Err(format!("can't read \"{}\"", ability.text));
        };
        let me = event.side.ok_or("no player plays the card")?;
        let step = text
            .choices
            .get(index as usize)
            .ok_or_else(|| format!("no offer {index}"))?;
        effects(step, me, choice.target)
    }

    fn resolve(ability: Ability, event: Event) -> HookResult {
        let Some(Addition::Overbuilt {
            extra,
            optional,
            text,
        }) = read(&ability.parameter)
        else {
            return Ok(Vec::new());
        };
        if !overbuilt(ability.unit, extra) {
            return Ok(Vec::new());
        }
        let me = event
            .side
            .or_else(|| host::unit(ability.unit).map(|u| u.controller))
            .ok_or("the Mission has no controller")?;
        let Some(step) = text.choices.first() else {
            return Ok(Vec::new());
        };
        if optional {
            return Ok(vec![Effect::Choose(Offer {
                options: text.labels.clone(),
                optional: true,
            })]);
        }
        effects(step, me, None)
    }

    fn chosen(ability: Ability, _index: u32) -> HookResult {
        let Some(Addition::Overbuilt { text, .. }) = read(&ability.parameter) else {
            return Err(format!("can't read \"{}\"", ability.text));
        };
        let me = host::unit(ability.unit)
            .map(|u| u.controller)
            .ok_or("the Mission is no longer in play")?;
        match text.choices.first() {
            Some(step) => effects(step, me, None),
            None => Ok(Vec::new()),
        }
    }
}

swtcg_sdk::export_keyword!(Enhance);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn battle_card_additions_are_read_with_how_they_compose() {
        let Some(Addition::Paid {
            force,
            replaces,
            text,
        }) = read("Pay 2 Force -> Also, put 2 corruption counters on a unit in any arena.")
        else {
            panic!("not read");
        };
        assert_eq!((force, replaces), (2, false));
        assert!(matches!(
            &text.choices[..],
            [Step::PutCounters { kind, amount: 2, .. }] if kind == "corruption"
        ));
        let Some(Addition::Paid {
            force, replaces, ..
        }) = read("Pay 3 more Force -> That unit also gets +2 power until end of turn.")
        else {
            panic!("not read");
        };
        assert_eq!((force, replaces), (3, false));
        let Some(Addition::Paid { replaces, text, .. }) = read(
            "Pay 2 Force -> That unit gets +2 power and Precision for this attack instead. Play only if no unit is attacking.",
        ) else {
            panic!("not read");
        };
        assert!(replaces);
        assert_eq!(text.only_if, vec![played_text::Condition::NoAttack]);
    }

    #[test]
    fn mission_additions_need_extra_build_counters() {
        let Some(Addition::Overbuilt {
            extra, optional, ..
        }) = read(
            "If there is at least 2 more build counters on Test Mission, you may also gain 3 Force.",
        )
        else {
            panic!("not read");
        };
        assert_eq!((extra, optional), (2, true));
        let Some(Addition::Overbuilt { optional, .. }) = read(
            "If you have at least 1 more build counter on Test Mission when you complete it, your opponent loses 2 Force.",
        ) else {
            panic!("not read");
        };
        assert!(!optional);
    }

    #[test]
    fn texts_it_cannot_carry_out_are_not_claimed() {
        for text in [
            "Pay 2 Force -> Also, Come to Mama can't be disrupted",
            "Pay 1 more Force -> Rakatan Ruthlessness can't be disrupted.",
            "Pay the costs of a Battle card in your opponent's discard pile -> Get that card's effects. Play only when that card could be played.",
            "Tap one of your Capital Ships or Fleets in the Space arena-> put 2 more damage counters on that unit.",
            "Discard one of your Jedi Knights from any arena -> Gain 4 Force instead. Then choose one: Put 1 mastery counter on one of your units. Or: Remove up to 2 corruption counters on one of your units.",
            "If there is at least 1 more build counter on Relax for a Moment, you may also remove up to X damage counters from that unit, where X is the number of captivity counters removed this way.",
            "If there is at least 1 more build counter on Tribal Dance, search your deck for a card with \"Gaderffii\" or \"Tusken\" in its name. show it to your opponent, and put it into your hand. Shuffle your deck.",
            "Pay 2 Force -> Put 2 corruption counters on a unit in any arena.",
        ] {
            assert_eq!(read(text), None, "{text}");
        }
    }
}
