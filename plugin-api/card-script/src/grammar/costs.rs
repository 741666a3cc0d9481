//! Rules that read printed costs (game 13.8): "Pay 2 Force", "[Tap]", "Discard a card from your
//! hand", "Remove 1 mastery counter from this unit", joined by commas and "and".

use winnow::combinator::{alt, not, opt, separated};
use winnow::prelude::*;

use super::counts::amount;
use super::units::{this, units};
use super::words::{R, count, mark, one_of, w};
use crate::script::{Amount, Cost, Units};

/// Costs joined by commas and "and", before an arrow or after "Upkeep:".
#[inline(never)]
pub fn costs(input: &mut &str) -> R<Vec<Cost>> {
    separated(1.., cost, alt((mark(", and"), mark(","), w("and"))))
        .context("a cost")
        .parse_next(input)
}

/// What is paid after "pay" (or "pays", "may pay"): Force or build points.
pub fn paid(input: &mut &str) -> R<Cost> {
    alt((
        // "Pay 2 more Force": an Enhance's cost, paid on top of the card's (game 9.3 P10).
        (amount, opt(w("more")), w("force")).map(|(n, _, _)| Cost::Force(n)),
        (amount, one_of(&["build points", "build point"])).map(|(n, _)| Cost::BuildPoints(n)),
        // "Pay any number of build points -> Remove that many damage counters ...": an X the
        // player chooses (BOY Millennium Falcon (A)).
        (
            one_of(&["any number of", "any amount of"]),
            one_of(&["build points", "build point"]),
        )
            .map(|_| Cost::BuildPoints(Amount::X(None))),
    ))
    .parse_next(input)
}

/// One cost.
#[inline(never)]
pub fn cost(input: &mut &str) -> R<Cost> {
    alt((
        (w("pay"), paid).map(|(_, cost)| cost),
        // "3 Force pay -> ..." (Yoda's word order, AAA Yoda (G)), and an amount after a comma
        // that goes on paying ("Pay 2 build points, 2 Force -> ...").
        (paid, opt(w("pay"))).map(|(cost, _)| cost),
        // "tap one of your Clones" before a bare "Tap", which would stop at "one".
        (w("tap"), units).map(|(_, units)| Cost::TapUnits(units)),
        one_of(&["[tap]", "tap"]).map(|_| Cost::Tap),
        discards,
        (
            w("put the top"),
            opt(count),
            one_of(&["cards", "card"]),
            w("of your deck"),
            one_of(&["into", "in"]),
            w("your discard pile"),
        )
            .map(|(_, n, _, _, _, _)| Cost::Mill(crate::script::Amount::Number(n.unwrap_or(1)))),
        (
            w("put"),
            super::counts::amount_or_article,
            one_of(&["damage counters", "damage counter"]),
            w("on"),
            units,
        )
            .map(|(_, amount, _, _, on)| Cost::DamageCounters { on, amount }),
        (
            w("put"),
            super::counts::amount_or_article,
            counter_kind,
            one_of(&["counters", "counter"]),
            w("on"),
            units,
        )
            .map(|(_, amount, kind, _, _, on)| Cost::Counters { kind, on, amount }),
        alt((resource_counters, remove_counters, leaves_play)),
    ))
    .parse_next(input)
}

/// "Remove Maul from the game", "return this unit to your supply", "remove 2 cards from your
/// discard pile from the game" (game 4.6, 16.5).
fn leaves_play(input: &mut &str) -> R<Cost> {
    alt((
        (w("remove"), this, w("from the game")).map(|_| Cost::RemoveThis),
        (w("return"), this, w("to your supply")).map(|_| Cost::ReturnThis),
        // "Retreat Ahsoka", "retreat this unit from the Ground arena", "... and retreat her".
        (
            w("retreat"),
            alt((this.void(), one_of(&["her", "him", "it"]).void())),
            opt((w("from"), super::units::place_after_in)),
        )
            .map(|_| Cost::RetreatThis),
        (
            w("remove"),
            count,
            one_of(&["cards", "card"]),
            w("from your discard pile from the game"),
        )
            .map(|(_, n, _, _)| Cost::RemoveFromDiscard(crate::script::Amount::Number(n))),
    ))
    .parse_next(input)
}

/// "Add 1 counter", "Remove 5 counters" (a Resource's own), "add 2 counters to your Resource",
/// "remove 1 counter from your Resource" (game 16.4).
fn resource_counters(input: &mut &str) -> R<Cost> {
    let add = (
        w("add"),
        amount,
        one_of(&["counters", "counter"]),
        opt(w("to your resource")),
    )
        .map(|(_, amount, _, yours)| Cost::ResourceCounters {
            amount,
            remove: false,
            yours: yours.is_some(),
        });
    // Counters removed "from" anything else are a unit's ("from Revan"): `remove_counters`.
    let remove = (
        w("remove"),
        amount,
        one_of(&["counters", "counter"]),
        alt((
            w("from your resource").value(true),
            not(w("from")).value(false),
        )),
    )
        .map(|(_, amount, _, yours)| Cost::ResourceCounters {
            amount,
            remove: true,
            yours,
        });
    alt((add, remove)).parse_next(input)
}

/// "Discard this unit from the Ground arena", "discard a card from your hand", "discard one of
/// your units from any arena" (in that order: "a card" would also read as units).
fn discards(input: &mut &str) -> R<Cost> {
    alt((
        (
            w("discard"),
            this,
            opt((w("from"), super::units::place_after_in)),
        )
            .map(|_| Cost::DiscardThis),
        (
            w("discard"),
            count,
            one_of(&["cards", "card"]),
            w("from your hand"),
        )
            .map(|(_, n, _, _)| Cost::DiscardFromHand(crate::script::Amount::Number(n))),
        // "Pay 1 Force, Discard your hand -> ..." (ESB Emergency Repairs).
        w("discard your hand").map(|_| Cost::DiscardHand),
        // "Discard a card, [tap] -> ..." (ROTS Jar Jar Binks (C)): a card of the hand.
        (w("discard a card"), not(w("from")))
            .map(|_| Cost::DiscardFromHand(crate::script::Amount::Number(1))),
        (w("discard"), units).map(|(_, units)| Cost::DiscardUnits(units)),
    ))
    .parse_next(input)
}

/// "Remove 1 mastery counter from this unit", "remove 2 counters from Revan".
fn remove_counters(input: &mut &str) -> R<Cost> {
    (
        w("remove"),
        amount,
        opt(counter_kind),
        one_of(&["counters", "counter"]),
        w("from"),
        units,
    )
        .map(
            |(_, amount, kind, _, _, from): (_, _, _, _, _, Units)| Cost::RemoveCounters {
                kind,
                from,
                amount,
            },
        )
        .parse_next(input)
}

/// A counter's kind: one lower-case word before "counter" ("mastery", "bounty").
pub fn counter_kind(input: &mut &str) -> R<String> {
    // The kind is one word, printed lower-case but for a capital at times ("Put 1 Captivity
    // counter on ..."): kinds are compared in lower case.
    let end = input
        .char_indices()
        .find(|&(at, c)| !(c.is_ascii_lowercase() || (at == 0 && c.is_ascii_uppercase())))
        .map_or(input.len(), |(at, _)| at);
    let word = input[..end].to_ascii_lowercase();
    let rest = input[end..].trim_start_matches(' ');
    if end == 0 || word == "damage" || !(rest.starts_with("counter")) {
        return super::words::fail(input, "a kind of counter");
    }
    *input = rest;
    Ok(word)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::script::{Amount, Pick};

    fn read(text: &str) -> Vec<Cost> {
        super::super::words::read_whole(costs, text)
    }

    #[test]
    fn cards_and_units_leaving_play() {
        // AAA Maul (R), BOBF BD Droid, BOTS C-3PO (U), ROTS Jar Jar Binks (C).
        assert_eq!(read("Remove ~ from the game"), [Cost::RemoveThis]);
        assert_eq!(read("Return this unit to your supply"), [Cost::ReturnThis]);
        assert_eq!(read("Retreat ~ from this arena"), [Cost::RetreatThis]);
        assert_eq!(
            read("Put 1 damage counter on ~ and retreat her"),
            [
                Cost::DamageCounters {
                    on: Units::this(),
                    amount: Amount::Number(1)
                },
                Cost::RetreatThis
            ]
        );
        assert_eq!(
            read("Tap, remove 2 cards from your discard pile from the game"),
            [Cost::Tap, Cost::RemoveFromDiscard(Amount::Number(2))]
        );
        assert_eq!(
            read("Discard a card, [tap]"),
            [Cost::DiscardFromHand(Amount::Number(1)), Cost::Tap]
        );
    }

    #[test]
    fn counters_of_a_resource() {
        let counters = |n, remove, yours| Cost::ResourceCounters {
            amount: Amount::Number(n),
            remove,
            yours,
        };
        // FOR Rebel Family, BOBF Mandalorian Armory, BOTS Gamorrean Bodyguards, AAA Ansion.
        assert_eq!(read("Add 2 counters"), [counters(2, false, false)]);
        assert_eq!(
            read("Add 1 counter, pay 1 build point"),
            [
                counters(1, false, false),
                Cost::BuildPoints(Amount::Number(1))
            ]
        );
        assert_eq!(read("Remove 3 counters"), [counters(3, true, false)]);
        assert_eq!(
            read("Remove 1 counter from your Resource"),
            [counters(1, true, true)]
        );
        assert_eq!(
            read("Add 1 counter to your Resource"),
            [counters(1, false, true)]
        );
        // Counters of a kind on a unit are no Resource's.
        assert_eq!(
            read("Remove 1 counter from this unit"),
            [Cost::RemoveCounters {
                kind: None,
                from: Units::this(),
                amount: Amount::Number(1)
            }]
        );
    }

    #[test]
    fn force_tap_and_discards() {
        assert_eq!(
            read("[Tap], Pay 2 Force"),
            [Cost::Tap, Cost::Force(Amount::Number(2))]
        );
        assert_eq!(read("Pay X Force"), [Cost::Force(Amount::X(None))]);
        assert_eq!(read("3 Force pay"), [Cost::Force(Amount::Number(3))]);
        assert_eq!(
            read("Pay 2 build points, 2 Force"),
            [
                Cost::BuildPoints(Amount::Number(2)),
                Cost::Force(Amount::Number(2))
            ]
        );
        assert_eq!(read("Discard this unit"), [Cost::DiscardThis]);
        assert_eq!(read("Discard ~"), [Cost::DiscardThis]);
        assert_eq!(
            read("discard a card from your hand"),
            [Cost::DiscardFromHand(Amount::Number(1))]
        );
        // ESB Emergency Repairs.
        assert_eq!(
            read("Pay 1 Force, Discard your hand"),
            [Cost::Force(Amount::Number(1)), Cost::DiscardHand]
        );
        assert_eq!(
            read("Put the top 3 cards of your deck into your discard pile"),
            [Cost::Mill(Amount::Number(3))]
        );
    }

    #[test]
    fn counters_and_tapping_other_units() {
        assert_eq!(
            read("Remove 1 mastery counter from this unit"),
            [Cost::RemoveCounters {
                kind: Some("mastery".into()),
                from: Units::this(),
                amount: Amount::Number(1)
            }]
        );
        // AAA Tahl (A): "Put 1 captivity counter on Tahl -> Gain 2 Force."
        assert_eq!(
            read("Put 1 captivity counter on ~"),
            [Cost::Counters {
                kind: "captivity".into(),
                on: Units::this(),
                amount: Amount::Number(1)
            }]
        );
        let tap = read("tap one of your untapped Clones");
        let Cost::TapUnits(units) = &tap[0] else {
            panic!("{tap:?}")
        };
        assert_eq!(
            units.pick,
            Pick::Chosen {
                count: 1,
                up_to: false
            }
        );
    }
}
