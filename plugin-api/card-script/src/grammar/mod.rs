//! The grammar of one printed ability, written with winnow: an ability is a cost and an arrow, a
//! trigger, a condition, or none of them, then sentences of effects, then the limits of its use.
//! Each file reads one part of speech of the game's text; `words` holds the error that remembers
//! where reading stopped.
//!
//! The main rules are `#[inline(never)]`: with the plugins' LTO, winnow's combinators would
//! otherwise inline the grammar into a few functions larger than the host lets a plugin's
//! function be (`limits::MAX_FUNCTION_BYTES`; the bundled plugins keep to half of it).

mod choices;
mod conditions;
mod costs;
mod counts;
mod effects;
mod players;
mod prevention;
mod search;
mod triggers;
mod units;
pub(crate) mod words;

use winnow::combinator::{alt, opt, repeat};
use winnow::prelude::*;

use crate::script::{Amount, Count, Effect, Kind, Limit, Script, Step};
use words::{Expected, R, end_of_sentence, mark, number, one_of, w};

/// Reads a prepared text as one ability. `played` says that the card is a Battle card or a
/// Mission, whose plain text is carried out when it is played.
pub fn ability(text: &str, played: bool) -> Result<Script, Expected> {
    let mut rule = move |input: &mut &str| whole(input, played);
    rule.parse(text).map_err(|error| error.into_inner())
}

#[inline(never)]
fn whole(input: &mut &str, played: bool) -> R<Script> {
    alt((
        (costs::costs, mark("->"), body).map(|(costs, _, body)| activated(costs, body, false)),
        (triggers::trigger, opt(leading_condition), body).map(
            |(trigger, conditions, (steps, limits))| Script {
                kind: Kind::Triggered,
                trigger: Some(trigger),
                conditions: conditions.unwrap_or_default(),
                costs: Vec::new(),
                steps,
                limits,
                enhance: false,
            },
        ),
        alt((enhance, extra_draw_when_draw_step_starts, bounty)),
        reduced_cost,
        prediction,
        upkeep,
        (
            one_of(&["as long as", "while"]),
            conditions::conditions,
            mark(","),
            body,
        )
            .map(|(_, conditions, _, (steps, limits))| Script {
                kind: Kind::Static,
                trigger: None,
                conditions,
                costs: Vec::new(),
                steps,
                limits,
                enhance: false,
            }),
        (opt(completion_costs), body).map(move |(costs, (steps, limits))| Script {
            kind: if played { Kind::Played } else { Kind::Static },
            trigger: None,
            conditions: Vec::new(),
            costs: costs.unwrap_or_default(),
            steps,
            limits,
            enhance: false,
        }),
        // The data prints some limits and completion costs as abilities of their own ("Play
        // only during your build step.", "To complete Plan of Attack, you must also tap ..."):
        // a script with no steps, which limits or costs the card's other abilities.
        (opt(completion_costs), repeat(0.., conditions::limit))
            .verify(
                |(costs, limits): &(Option<Vec<crate::script::Cost>>, Vec<Vec<Limit>>)| {
                    costs.is_some() || !limits.is_empty()
                },
            )
            .map(move |(costs, limits)| Script {
                kind: if played { Kind::Played } else { Kind::Static },
                trigger: None,
                conditions: Vec::new(),
                costs: costs.unwrap_or_default(),
                steps: Vec::new(),
                limits: limits.into_iter().flatten().collect(),
                enhance: false,
            }),
    ))
    .map(trailing_condition)
    .parse_next(input)
}

/// "When your draw step starts, draw 1 extra card." (ROTJ Princess Leia (J), Occupied Bespin):
/// one card more than the draw step's, a rule of the player's draw step as "draw 1 extra card
/// during your draw step" is (game 6.2.1).
fn extra_draw_when_draw_step_starts(input: &mut &str) -> R<Script> {
    (
        one_of(&[
            "when your draw step starts",
            "at the start of your draw step",
        ]),
        mark(","),
        opt(w("you")),
        one_of(&["draws", "draw"]),
        counts::amount_or_article,
        w("extra"),
        one_of(&["cards", "card"]),
        end_of_sentence,
    )
        .map(|(_, _, _, _, amount, _, _, _)| Script {
            kind: Kind::Static,
            trigger: None,
            conditions: Vec::new(),
            costs: Vec::new(),
            steps: vec![Step::plain(Effect::ExtraDraws {
                who: crate::script::Player::You,
                amount,
            })],
            limits: Vec::new(),
            enhance: false,
        })
        .parse_next(input)
}

/// "Enhance: Pay 2 more Force -> That unit gets -6 power for this attack, instead." (keywords.md
/// "Enhance"; game 9.3 P10): an addition to a Battle card's play, declared and paid with it. Its
/// steps replace the card's effects when one says "instead", and add to them otherwise ("Also,
/// put 1 counter of any type on that unit."). The texts the Enhance plugin reads are its; the
/// engine offers the others to the card plugins.
fn enhance(input: &mut &str) -> R<Script> {
    (
        w("enhance"),
        mark(":"),
        costs::costs,
        mark("->"),
        opt((w("also"), opt(mark(",")))),
        body,
    )
        .map(|(_, _, costs, _, _, body)| activated(costs, body, true))
        .parse_next(input)
}

/// An activated ability's script ("<costs> -> <body>"), an Enhance's when `enhance`.
fn activated(
    costs: Vec<crate::script::Cost>,
    (steps, limits): (Vec<Step>, Vec<Limit>),
    enhance: bool,
) -> Script {
    Script {
        kind: Kind::Activated,
        trigger: None,
        conditions: Vec::new(),
        costs,
        steps,
        limits,
        enhance,
    }
}

/// "Bounty: Put 2 mastery counters on Cara." (keywords.md): when another unit is discarded by
/// damage from this unit, the bonus happens when the controller's next build step starts.
fn bounty(input: &mut &str) -> R<Script> {
    (w("bounty"), mark(":"), alt((bare_bonus, body)))
        .map(|(_, _, (mut steps, limits))| {
            for step in &mut steps {
                step.when_build_step_starts = true;
            }
            Script {
                kind: Kind::Triggered,
                trigger: Some(crate::script::Trigger::Bounty),
                conditions: Vec::new(),
                costs: Vec::new(),
                steps,
                limits,
                enhance: false,
            }
        })
        .parse_next(input)
}

/// "Foresight: Put 1 corruption counter on another Character.", "Forewarning: Prevent up to 3
/// damage to ~." (keywords.md): the steps happen when the unit's controller predicted the hits
/// of its attack (of an attack on it) correctly. The texts the keyword plugins read are theirs;
/// the engine offers the others to the card plugins.
fn prediction(input: &mut &str) -> R<Script> {
    (
        alt((
            w("foresight").map(|_| crate::script::Trigger::Foresight),
            w("forewarning").map(|_| crate::script::Trigger::Forewarning),
        )),
        mark(":"),
        body,
    )
        .map(|(trigger, _, (steps, limits))| Script {
            kind: Kind::Triggered,
            trigger: Some(trigger),
            conditions: Vec::new(),
            costs: Vec::new(),
            steps,
            limits,
            enhance: false,
        })
        .parse_next(input)
}

/// "Upkeep: Put 1 credit counter on one of your Locations." (keywords.md): an Upkeep that prints
/// an effect, not a cost, is a trigger of the controller's build step whose steps must happen.
/// The texts the Upkeep plugin reads (costs to pay) are its; the engine offers the others to
/// the card plugins.
fn upkeep(input: &mut &str) -> R<Script> {
    (w("upkeep"), mark(":"), body)
        .map(|(_, _, (steps, limits))| Script {
            kind: Kind::Triggered,
            trigger: Some(crate::script::Trigger::Upkeep),
            conditions: Vec::new(),
            costs: Vec::new(),
            steps,
            limits,
            enhance: false,
        })
        .parse_next(input)
}

/// "Reduced Cost 5: If you have 2 or more Subordinates in any arena." (keywords.md): the card
/// may be completed with 5 build counters while the condition holds. The texts the Reduced Cost
/// plugin reads are its; the engine offers the others to the card plugins.
fn reduced_cost(input: &mut &str) -> R<Script> {
    (
        w("reduced cost"),
        number,
        mark(":"),
        w("if"),
        conditions::condition,
        end_of_sentence,
    )
        .map(|(_, x, _, _, condition, _)| Script {
            kind: Kind::Static,
            trigger: None,
            conditions: vec![condition],
            costs: Vec::new(),
            steps: vec![Step::plain(Effect::ReducedCost(x))],
            limits: Vec::new(),
            enhance: false,
        })
        .parse_next(input)
}

/// "Bounty: 2 build points.": a bonus printed as what is gained alone (RAS Boba Fett (C)).
fn bare_bonus(input: &mut &str) -> R<(Vec<Step>, Vec<Limit>)> {
    (number, players::resource_gained, end_of_sentence)
        .map(|(n, force, _)| {
            let gained = players::player_gain(crate::script::Player::You, Amount::Number(n), force);
            (vec![Step::plain(gained)], Vec::new())
        })
        .parse_next(input)
}

/// "When this unit attacks, if you have a Droid in play, ...": conditions checked with the
/// trigger.
fn leading_condition(input: &mut &str) -> R<Vec<crate::script::Condition>> {
    (w("if"), conditions::conditions, mark(","))
        .map(|(_, c, _)| c)
        .parse_next(input)
}

/// A static ability whose condition follows its effect ("... gets Critical Hit 3 as long as it's
/// attacking") keeps it as the ability's condition: [`sentence`] left it on the last step.
fn trailing_condition(mut script: Script) -> Script {
    for step in &mut script.steps {
        if script.kind == Kind::Static
            && let Some(condition) = step.only_if.take()
        {
            script.conditions.push(condition);
        }
    }
    script
}

/// "To complete Obi-Wan's Task, you must also tap one of your untapped Jedi in the Character
/// arena.": what completing a Mission costs besides its build counters (game 16.2).
fn completion_costs(input: &mut &str) -> R<Vec<crate::script::Cost>> {
    (
        w("to complete"),
        units::this,
        mark(","),
        opt(alt((w("you must also"), w("you must")))),
        costs::costs,
        end_of_sentence,
    )
        .map(|(_, _, _, _, costs, _)| costs)
        .parse_next(input)
}

/// Sentences of effects, then sentences that limit the ability's use.
#[inline(never)]
fn body(input: &mut &str) -> R<(Vec<Step>, Vec<Limit>)> {
    let mut steps: Vec<Step> = Vec::new();
    let mut limits = Vec::new();
    loop {
        if !steps.is_empty() {
            if input.is_empty() {
                break;
            }
            if let Ok(found) = conditions::limit(input) {
                limits.extend(found);
                continue;
            }
        }
        steps.extend(sentence(input)?);
    }
    Ok((steps, limits))
}

/// One sentence of effects: "If you do, untap this unit.", "Roll a die. If you roll 4 or more,
/// ...", "Gain X Force, where X is the number of Droids you have in play."
#[inline(never)]
fn sentence(input: &mut &str) -> R<Vec<Step>> {
    if let Ok(roll) = roll(input) {
        return Ok(vec![roll]);
    }
    if let Ok(search) = search::search(input) {
        return Ok(search);
    }
    if let Ok(discard) = choices::hand_discard(input) {
        return Ok(vec![discard]);
    }
    let if_you_do = opt(one_of(&[
        "if you do,",
        "if you do",
        "if he or she does,",
        "if they do,",
    ]))
    .parse_next(input)?
    .is_some();
    // "Draw 2 cards. Then discard 3 cards from your hand.": the next step, in order.
    let _ = opt(w("then")).parse_next(input)?;
    let only_if =
        opt((w("if"), conditions::condition, mark(",")).map(|(_, c, _)| c)).parse_next(input)?;
    // "If you do, when the attack ends, Anakin does 2 damage to himself." (game 10.9).
    let mut when_attack_ends = opt(attack_ends).parse_next(input)?.is_some();
    if when_attack_ends {
        mark(",").parse_next(input)?;
    }
    // "When your next build step starts, put 2 damage counters on the chosen Creature."
    let mut when_build_step_starts = !when_attack_ends
        && opt((build_step_starts, mark(",")))
            .parse_next(input)?
            .is_some();
    // "Until end of turn, each of your Jedi gets ...": the duration of the sentence's changes,
    // printed first.
    let leading = opt((effects::duration, mark(",")).map(|(d, _)| d)).parse_next(input)?;
    // "This turn, when that Character would be damaged, prevent up to 2 of that damage.": the
    // damage to those units prevented for the duration.
    let shielded = match leading {
        Some(_) => opt(shielded_units).parse_next(input)?,
        None => None,
    };
    let mut steps = effects::clauses(input)?;
    if let Some(units) = shielded {
        match steps.as_mut_slice() {
            [
                Step {
                    effect: Effect::Prevent { to, .. },
                    ..
                },
            ] if to.pick == crate::script::Pick::That && to.filters.is_empty() => *to = units,
            _ => return words::fail(input, "the damage prevented"),
        }
    }
    if let Some(duration) = leading {
        for step in &mut steps {
            if matches!(
                step.effect,
                Effect::Stats { .. } | Effect::Grant { .. } | Effect::Prevent { .. }
            ) {
                step.duration.get_or_insert(duration);
            }
        }
    }
    when_attack_ends |= opt(attack_ends).parse_next(input)?.is_some();
    when_build_step_starts |= opt(build_step_starts).parse_next(input)?.is_some();
    let trailing = opt(alt((
        // "This unit can't attack if you have no units in the Space arena.": for a static
        // ability as "as long as", else as the step's "if".
        (
            one_of(&["as long as", "while", "if"]),
            conditions::condition,
        )
            .map(|(_, c)| c),
        // "gets Backfire 2 when attacking a Tatooine unit": the unit that gets it attacks.
        (
            one_of(&["when attacking", "while attacking"]),
            opt(units::units),
        )
            .map(|(_, target)| crate::script::Condition::Attacking {
                who: crate::script::Units::picked(crate::script::Pick::That),
                target,
            }),
    )))
    .parse_next(input)?;

    if let Some(count) = opt(x_definition).parse_next(input)? {
        for step in &mut steps {
            define_x(&mut step.effect, &count);
        }
    }
    // "Prevent 4 damage to that unit instead.": an Enhance's steps in place of the card's.
    let instead = opt((opt(mark(",")), w("instead")))
        .parse_next(input)?
        .is_some();
    end_of_sentence(input)?;
    for step in &mut steps {
        step.when_attack_ends = when_attack_ends;
        step.when_build_step_starts = when_build_step_starts;
        step.instead = instead;
    }
    if let Some(first) = steps.first_mut() {
        first.if_you_do = if_you_do;
        first.only_if = only_if;
    }
    if let Some(last) = steps.last_mut()
        && trailing.is_some()
    {
        last.only_if = trailing;
    }
    Ok(steps)
}

/// "when that Character would be damaged,", "whenever that unit would be damaged,": the units
/// whose damage a timed prevention that follows prevents.
fn shielded_units(input: &mut &str) -> R<crate::script::Units> {
    (
        one_of(&["when", "whenever"]),
        units::units,
        w("would be damaged"),
        mark(","),
    )
        .map(|(_, units, _, _)| units)
        .parse_next(input)
}

/// "when the attack ends", "when this attack ends": a step that waits for the attack's end.
fn attack_ends(input: &mut &str) -> R<()> {
    one_of(&["when the attack ends", "when this attack ends"])
        .void()
        .parse_next(input)
}

/// "when your next build step starts", "at the start of your next build step": a step that
/// waits for the controller's next build step (game 6.2.1).
fn build_step_starts(input: &mut &str) -> R<()> {
    one_of(&[
        "when your next build step starts",
        "at the start of your next build step",
    ])
    .void()
    .parse_next(input)
}

/// "Roll a die. If you roll 4 or more, ...", "roll a die: on a 5 or 6, ...".
#[inline(never)]
fn roll(input: &mut &str) -> R<Step> {
    (
        one_of(&["roll a die."]),
        w("if you roll"),
        alt((
            (number, w("or more")).map(|(n, _)| (n, 6)),
            (number, one_of(&["or less", "or fewer"])).map(|(n, _)| (1, n)),
            (number, w("or"), number).map(|(a, _, b)| (a.min(b), a.max(b))),
            number.map(|n| (n, n)),
        )),
        mark(","),
        effects::clauses,
        end_of_sentence,
    )
        .map(|(_, _, (at_least, at_most), _, then, _)| {
            Step::plain(Effect::Roll {
                at_least,
                at_most,
                then,
            })
        })
        .parse_next(input)
}

/// ", where X is the number of cards in Xesh's stack": what X counts. A definition the grammar
/// can't read further is kept as its text.
fn x_definition(input: &mut &str) -> R<Count> {
    (
        opt(mark(",")),
        one_of(&["where x is equal to", "where x is", "where x equals"]),
        alt((
            (w("the number of"), counts::counted).map(|(_, c)| c),
            text_to_period.map(Count::Text),
        )),
    )
        .map(|(_, _, count)| count)
        .parse_next(input)
}

fn text_to_period(input: &mut &str) -> R<String> {
    let end = input.find('.').unwrap_or(input.len());
    if end == 0 {
        return words::fail(input, "what X is");
    }
    let text = input[..end].trim().to_string();
    *input = &input[end..];
    Ok(text)
}

/// Gives every X of an effect the count that defines it.
fn define_x(effect: &mut Effect, count: &Count) {
    // "+X power": counted by the definition.
    if let Effect::Stats { per, .. } = effect
        && *per == Some(Count::Text("X".to_string()))
    {
        *per = Some(count.clone());
    }
    // "Lucky X, where X is the number of units your opponent has in the Character arena."
    for amount in effect.amounts_mut() {
        if *amount == Amount::X(None) {
            *amount = Amount::X(Some(count.clone()));
        }
    }
}
