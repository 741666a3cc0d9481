//! What a text counts: amounts ("2", "a", X, "that many"), "for each Droid you have in play",
//! "the number of cards in Luke's stack", "for each Equipment attached to him": the `Count` of a
//! "for each" or an X, read here for the effects and the conditions that count.

use winnow::combinator::{alt, opt};
use winnow::prelude::*;

use super::costs::counter_kind;
use super::effects::zone_of;
use super::units::units;
use super::words::{R, count, mark, number, one_of, w};
use crate::script::{Amount, AttachedKind, Count, Filter, Owner, Pick, Units};

/// A number or X.
pub fn amount(input: &mut &str) -> R<Amount> {
    alt((number.map(Amount::Number), x)).parse_next(input)
}

/// X, or "that many" after "Pay any number of build points" ("Remove that many damage
/// counters"): the X the cost chose.
fn x(input: &mut &str) -> R<Amount> {
    one_of(&["x", "that many"])
        .map(|_| Amount::X(None))
        .parse_next(input)
}

/// A gain written with its sign ("gain +6 Force", "get +2 build points").
pub(super) fn gained(input: &mut &str) -> R<Amount> {
    let _ = opt(mark("+")).parse_next(input)?;
    amount(input)
}

/// A number, "a" or "an", or X.
pub fn amount_or_article(input: &mut &str) -> R<Amount> {
    alt((count.map(Amount::Number), x)).parse_next(input)
}

/// "for each Droid you have in play", "for each card in your hand".
pub(super) fn for_each(input: &mut &str) -> R<Count> {
    (w("for each"), counted)
        .map(|(_, count)| count)
        .parse_next(input)
}

/// A thing counted: cards in a zone, counters, stack cards, or units.
#[inline(never)]
pub fn counted(input: &mut &str) -> R<Count> {
    alt((
        (one_of(&["cards", "card"]), w("in"), zone_of).map(|(_, _, (whose, zone))| Count::Cards {
            whose,
            zone,
            filters: Vec::new(),
        }),
        // "for each Jedi Character card in your discard pile" (ROTJ Honor the Fallen): the
        // cards of a pile that the phrase names.
        (super::units::card_phrase, w("in"), zone_of).map(|(cards, _, (whose, zone))| {
            Count::Cards {
                whose,
                zone,
                filters: cards.filters,
            }
        }),
        (
            one_of(&["damage counters", "damage counter"]),
            w("on"),
            units,
        )
            .map(|(_, _, on)| Count::Counters {
                kind: Some("damage".to_string()),
                on,
            }),
        (
            opt(counter_kind),
            one_of(&["counters", "counter"]),
            w("on"),
            units,
        )
            .map(|(kind, _, _, on)| Count::Counters { kind, on }),
        (
            one_of(&["cards", "card"]),
            w("in"),
            units,
            one_of(&["'s stack", "stack"]),
        )
            .map(|(_, _, units, _)| Count::Stack(units)),
        attached,
        // "4 or more cards in its stack": the unit the sentence is about.
        (
            one_of(&["cards", "card"]),
            w("in"),
            one_of(&["its stack", "his stack", "her stack"]),
        )
            .map(|_| Count::Stack(Units::picked(Pick::That))),
        (
            // "for each of your opponent's units in the Space arena".
            opt(w("of")),
            alt((super::units::counted_units, units)),
            opt(one_of(&[
                "you have in play",
                "you have",
                "in play",
                "your opponent has in play",
                "your opponent has",
            ])),
            opt(super::units::place),
        )
            .map(|(_, mut units, whose, place)| {
                // "for each Jedi you have in any arena": the place after the owner.
                if let Some(place) = place {
                    units.filters.push(Filter::In(place));
                }
                if matches!(
                    units.pick,
                    Pick::Chosen {
                        count: 1,
                        up_to: false
                    } | Pick::Any
                ) {
                    units.pick = Pick::Each;
                }
                if matches!(whose, Some("you have in play" | "you have")) {
                    units.owner = Owner::Yours;
                } else if matches!(
                    whose,
                    Some("your opponent has in play" | "your opponent has")
                ) {
                    units.owner = Owner::Opponents;
                }
                Count::Units(units)
            }),
    ))
    .parse_next(input)
}

/// Cards on a unit (API 1.19 `attached`): "Equipment attached to him", "Lightsaber Weapons
/// attached", "Pilots on it"; Equipment with no unit named is on the unit the sentence is about.
pub fn attached(input: &mut &str) -> R<Count> {
    let on = |to: Option<Units>| to.unwrap_or_else(|| Units::picked(Pick::That));
    alt((
        (
            w("equipment attached"),
            opt((w("to"), units).map(|(_, u)| u)),
        )
            .map(move |(_, to)| Count::Attached {
                kind: AttachedKind::Equipment,
                on: on(to),
                filters: Vec::new(),
            }),
        (
            // The kind of weapon as printed ("Lightsaber"), a subtype of the Equipment.
            opt(one_of(&["lightsaber", "blaster", "melee"]).take()),
            one_of(&["weapons attached", "weapon attached"]),
            opt((w("to"), units).map(|(_, u)| u)),
        )
            .map(move |(kind, _, to)| {
                let mut filters: Vec<Filter> = kind
                    .map(|k: &str| Filter::Subtype(k.trim_end().to_string()))
                    .into_iter()
                    .collect();
                filters.push(Filter::Subtype("Weapon".to_string()));
                Count::Attached {
                    kind: AttachedKind::Equipment,
                    on: on(to),
                    filters,
                }
            }),
        // "Pilots on it": never "Pilots" alone, which names units by their subtype.
        (one_of(&["pilots on", "pilot on"]), units).map(move |(_, to)| Count::Attached {
            kind: AttachedKind::Pilot,
            on: to,
            filters: Vec::new(),
        }),
    ))
    .parse_next(input)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::script::{Arena, Player, Zone};

    #[test]
    fn the_cards_of_a_pile_a_phrase_names_are_counted() {
        // ROTJ Honor the Fallen: "Gain 1 Force for each Jedi Character card in your discard
        // pile."
        let Count::Cards {
            whose: Player::You,
            zone: Zone::DiscardPile,
            filters,
        } = super::super::words::read_whole(counted, "Jedi Character card in your discard pile")
        else {
            panic!()
        };
        assert!(
            filters.contains(&Filter::Subtype("Jedi".into())),
            "{filters:?}"
        );
        assert!(
            filters.contains(&Filter::OfArena(Arena::Character)),
            "{filters:?}"
        );
        // Every card of the pile.
        assert_eq!(
            super::super::words::read_whole(counted, "cards in your opponent's hand"),
            Count::Cards {
                whose: Player::Opponent,
                zone: Zone::Hand,
                filters: Vec::new()
            }
        );
    }
}
