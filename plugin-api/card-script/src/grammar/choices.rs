//! Rules that read what a player chooses when an ability is played or happens: "Choose one:
//! <steps>, or <steps>", a unit ("Choose an untapped Character") or an arena ("Choose an arena",
//! "Choose Space or Ground.") that later steps name.

use winnow::combinator::{alt, opt, repeat, separated};
use winnow::prelude::*;

use super::units::{card_phrase, units};
use super::words::{R, end_of_sentence, mark, number, one_of, w};
use crate::script::{CardType, Effect, Filter, Owner, Pick, Player, Step, Units};

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

/// "Look at your opponent's hand. If there are any Battle or Mission cards there, choose one of
/// them. Your opponent discards that card.", "Look at your opponent's hand and choose one of
/// those cards. Your opponent discards it.", "Look at your opponent's hand. You may choose and
/// discard a card from his or her hand.": the sentences of a look at a hand and the discard
/// it leads to, read as one step. Reads nothing when they are written otherwise.
pub(super) fn hand_discard(input: &mut &str) -> R<Step> {
    let start = *input;
    let result = hand_discard_step(input);
    if result.is_err() {
        *input = start;
    }
    result
}

fn hand_discard_step(input: &mut &str) -> R<Step> {
    (
        w("look at your opponent's hand"),
        alt((mark("."), mark(", and"), mark(","), w("and"))),
    )
        .parse_next(input)?;
    let (what, count, up_to) = alt((
        (
            opt((
                w("if"),
                one_of(&["there are any", "your opponent has any"]),
                alt((kinds_of_cards, card_phrase)),
                w("there"),
                mark(","),
            )
                .map(|(_, _, cards, _, _)| cards)),
            opt(w("then")),
            w("choose one of"),
            one_of(&["those cards", "them"]),
            mark("."),
            w("your opponent discards"),
            one_of(&["that card", "it"]),
        )
            .map(|(cards, ..)| (cards, 1, false)),
        // "You may": the player may pick none.
        (
            w("you may"),
            opt(w("choose and")),
            w("discard"),
            alt((
                (w("up to"), number).map(|(_, n)| (n, true)),
                one_of(&["a", "one"]).map(|_| (1, true)),
            )),
            one_of(&["cards", "card"]),
            w("from"),
            one_of(&["his or her hand", "their hand"]),
        )
            .map(|(_, _, _, (count, up_to), ..)| (None, count, up_to)),
    ))
    .parse_next(input)?;
    end_of_sentence(input)?;
    let what = what.unwrap_or(Units {
        pick: Pick::Any,
        owner: Owner::Any,
        other: false,
        filters: vec![Filter::CardType(CardType::Card)],
    });
    Ok(Step::plain(Effect::DiscardFromHand {
        whose: Player::Opponent,
        what,
        count,
        up_to,
    }))
}

/// "Battle or Mission cards": cards of any of the kinds named, which the phrases of units don't
/// read (a "Battle" alone is no head of theirs).
fn kinds_of_cards(input: &mut &str) -> R<Units> {
    let kinds: Vec<CardType> = separated(
        2..,
        alt((
            w("battle").map(|_| CardType::BattleCard),
            w("mission").map(|_| CardType::Mission),
            w("equipment").map(|_| CardType::Equipment),
            w("location").map(|_| CardType::Location),
            w("unit").map(|_| CardType::Unit),
        )),
        alt((mark(", or").void(), mark(",").void(), w("or").void())),
    )
    .parse_next(input)?;
    one_of(&["cards", "card"]).parse_next(input)?;
    Ok(Units {
        pick: Pick::Any,
        owner: Owner::Any,
        other: false,
        filters: vec![Filter::AnyOf(
            kinds.into_iter().map(Filter::CardType).collect(),
        )],
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Effect {
        super::super::words::read_whole(hand_discard, text).effect
    }

    #[test]
    fn options_that_print_one_limit_each_read_as_one_ability_limit() {
        // TM IG-11 (D): the limit after each option is the ability's (normalize.rs).
        let reading = crate::read(
            "Tap -> Choose one: Add 2 counters to your Resource. Play only during your build \
             step. Or: Draw 2 cards. Play only during your build step.",
            crate::Card {
                name: "IG-11 (D)",
                played: false,
            },
        );
        let script = reading.script.expect("read");
        assert_eq!(script.limits.len(), 1, "{script:?}");
        assert!(
            matches!(&script.steps[0].effect, Effect::ChooseOne(options) if options.len() == 2),
            "{script:?}"
        );
    }

    #[test]
    fn a_look_at_the_opponents_hand_and_the_card_it_discards() {
        let Effect::DiscardFromHand {
            whose,
            what,
            count,
            up_to,
        } = read(
            "Look at your opponent's hand. If there are any Battle or Mission cards there, \
             choose one of them. Your opponent discards that card.",
        )
        else {
            panic!()
        };
        assert_eq!((whose, count, up_to), (Player::Opponent, 1, false));
        assert_eq!(
            what.filters,
            [Filter::AnyOf(vec![
                Filter::CardType(CardType::BattleCard),
                Filter::CardType(CardType::Mission)
            ])]
        );
        let Effect::DiscardFromHand { what, .. } = read(
            "Look at your opponent's hand and choose one of those cards. Your opponent \
             discards it.",
        ) else {
            panic!()
        };
        assert_eq!(what.filters, [Filter::CardType(CardType::Card)]);
        assert!(matches!(
            read(
                "Look at your opponent's hand. You may discard up to 2 cards from his or her hand."
            ),
            Effect::DiscardFromHand {
                count: 2,
                up_to: true,
                ..
            }
        ));
    }

    #[test]
    fn a_look_written_otherwise_reads_nothing() {
        let mut input = "Look at your opponent's hand. Then you gain +1 Force.";
        assert!(hand_discard(&mut input).is_err());
        assert_eq!(
            input,
            "Look at your opponent's hand. Then you gain +1 Force."
        );
    }
}
