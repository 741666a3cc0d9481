//! Rules that read what a player chooses when an ability is played or happens: "Choose one:
//! <steps>, or <steps>", a unit ("Choose an untapped Character") or an arena ("Choose an arena",
//! "Choose Space or Ground.") that later steps name.

use winnow::combinator::{alt, repeat, separated};
use winnow::prelude::*;

use super::units::units;
use super::words::{R, mark, one_of, w};
use crate::script::{Effect, Pick};

/// "Choose one: gain 1 build point, or remove up to 2 damage counters from ...", "Choose one:
/// Gain 1 Force. Or: ...": one of several lists of steps.
#[inline(never)]
pub(super) fn choose_one(input: &mut &str) -> R<Effect> {
    (
        w("choose one:"),
        separated(
            2..,
            super::effects::clauses,
            alt((
                (mark("."), w("or:")).void(),
                mark(", or").void(),
                w("or").void(),
            )),
        ),
    )
        .map(|(_, options)| Effect::ChooseOne(options))
        .parse_next(input)
}

/// "Choose an untapped Character", "Choose an arena", "Choose Space or Ground.": a unit or an
/// arena that later steps name ("that unit", "that arena").
pub(super) fn choosing(input: &mut &str) -> R<Effect> {
    alt((
        // An arena among those named, the end of the sentence next.
        (w("choose"), arenas_named, peek_period)
            .map(|(_, arenas, _)| Effect::ChooseArenaOf(arenas)),
        // "a"/"an" after "choose" is one unit chosen.
        (w("choose"), units).map(|(_, mut u)| {
            if u.pick == Pick::Any {
                u.pick = Pick::Chosen {
                    count: 1,
                    up_to: false,
                };
            }
            Effect::Choose(u)
        }),
        one_of(&["choose an arena", "choose one arena"]).map(|_| Effect::ChooseArena),
    ))
    .parse_next(input)
}

/// "Space or Ground", "Space, Ground, or Character": two or more arenas named as a choice.
fn arenas_named(input: &mut &str) -> R<Vec<crate::script::Arena>> {
    (
        super::units::arena_name,
        repeat(
            1..,
            (
                alt((mark(", or").void(), w("or").void(), mark(",").void())),
                super::units::arena_name,
            )
                .map(|(_, a)| a),
        ),
    )
        .map(|(first, rest): (_, Vec<_>)| std::iter::once(first).chain(rest).collect())
        .parse_next(input)
}

/// The end of a sentence next, not read.
fn peek_period(input: &mut &str) -> R<()> {
    if input.starts_with('.') || input.is_empty() {
        Ok(())
    } else {
        super::words::fail(input, "the end of the sentence")
    }
}
