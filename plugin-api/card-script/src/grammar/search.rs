//! The search of a deck, one template the sets print in a few forms: "Search your deck for a
//! Location card, show it to your opponent, and put it into your hand. Then shuffle your deck.",
//! the older "Search your deck. You may take a Jedi card from your deck. ...", and an opponent's
//! deck searched and discarded from.

use winnow::combinator::{alt, opt};
use winnow::prelude::*;

use super::effects::clauses;
use super::words::{R, mark, number, one_of, w};
use crate::script::{Effect, Player, Step, Units, Zone};

/// The search of a deck as the sets print it: "Search your deck. You may take a Jedi card from
/// your deck. Show it to your opponent and put it into your hand. Then shuffle your deck.",
/// "Search your deck [and/or discard pile] for a Location card, show it to your opponent, and
/// put it into your hand. Then shuffle your deck.", "... put it into your build zone with 1
/// build counter on it", "... put it into its arena", and "Search your opponent's deck for a
/// Character unit card and discard it. Your opponent shuffles his or her deck."
#[inline(never)]
pub fn search(input: &mut &str) -> R<Vec<Step>> {
    let start = *input;
    let result = search_step(input);
    if result.is_err() {
        // A search written otherwise is read as plain sentences, which stop at "Search".
        *input = start;
    }
    result
}

fn search_step(input: &mut &str) -> R<Vec<Step>> {
    let optional = opt(w("you may")).parse_next(input)?.is_some();
    one_of(&["search", "searches"]).parse_next(input)?;
    let whose = alt((
        w("your opponent's deck").map(|_| Player::Opponent),
        w("your deck").map(|_| Player::You),
    ))
    .parse_next(input)?;
    let discard_pile_too = opt((
        one_of(&["and/or", "and"]),
        one_of(&["your discard pile", "discard pile"]),
    ))
    .parse_next(input)?
    .is_some();
    let (count, up_to, what) = alt((
        (w("for"), searched).map(|(_, found)| found),
        // "You may take a Jedi card": the player may take none.
        (
            mark("."),
            opt(w("you may")),
            w("take"),
            searched,
            one_of(&["from your deck", "from you deck"]),
        )
            .map(|(_, may, _, (count, up_to, what), _)| (count, up_to || may.is_some(), what)),
    ))
    .parse_next(input)?;
    let (to, counters) = if whose == Player::Opponent {
        (
            joiners,
            one_of(&["discard", "put"]),
            one_of(&["them", "it"]),
            opt(one_of(&[
                "into his or her discard pile",
                "into their discard pile",
                "in his or her discard pile",
            ])),
        )
            .map(|_| (Zone::DiscardPile, 0))
            .parse_next(input)?
    } else {
        (
            joiners,
            opt((
                one_of(&["show", "reveal"]),
                one_of(&["them", "it"]),
                opt(w("to your opponent")),
                joiners,
            )),
            w("put"),
            one_of(&["them", "it"]),
            destination,
        )
            .map(|(_, _, _, _, to)| to)
            .parse_next(input)?
    };
    (joiners, opt(w("then")), shuffled(whose)).parse_next(input)?;
    // "Then shuffle your deck and gain +1 Force.": steps after the search in its sentence.
    let after = opt((w("and"), clauses).map(|(_, steps)| steps)).parse_next(input)?;
    super::words::end_of_sentence(input)?;
    let search = Step {
        optional,
        ..Step::plain(Effect::Search {
            what,
            count,
            up_to,
            to,
            counters,
            whose,
            discard_pile_too,
        })
    };
    Ok(std::iter::once(search)
        .chain(after.unwrap_or_default())
        .collect())
}

/// What joins the parts of a search: commas, full stops, "and", "if you do".
fn joiners(input: &mut &str) -> R<()> {
    while alt((mark(","), mark("."), w("and"), w("if you do")))
        .parse_next(input)
        .is_ok()
    {}
    Ok(())
}

/// Where found cards go: "into your hand", "into your build zone with 1 build counter on it",
/// "face-down in your build zone", "into its arena"; with the build counters put on each.
fn destination(input: &mut &str) -> R<(Zone, u32)> {
    alt((
        w("into your hand").map(|_| (Zone::Hand, 0)),
        (
            opt(one_of(&["face-down", "face down"])),
            one_of(&["into your build zone", "in your build zone"]),
            opt((
                w("with"),
                number,
                one_of(&["build counters", "build counter"]),
                w("on"),
                one_of(&["each of them", "each", "them", "it"]),
            )
                .map(|(_, n, ..)| n)),
        )
            .map(|(_, _, n)| (Zone::BuildZone, n.unwrap_or(0))),
        one_of(&["into its arena", "into their arenas", "into play"]).map(|_| (Zone::Play, 0)),
    ))
    .parse_next(input)
}

/// "shuffle your deck", or for an opponent's deck searched "your opponent [then] shuffles his
/// or her deck".
fn shuffled<'a>(whose: Player) -> impl FnMut(&mut &'a str) -> R<()> {
    move |input: &mut &'a str| {
        if whose == Player::Opponent {
            (
                w("your opponent"),
                opt(w("then")),
                one_of(&["shuffles his or her deck", "shuffles their deck"]),
            )
                .map(|_| ())
                .parse_next(input)
        } else {
            // "Shuffle you deck.": a misprint of Kylo's TIE Whisper (A).
            one_of(&["shuffle your deck", "shuffle you deck"])
                .map(|_| ())
                .parse_next(input)
        }
    }
}

/// "a Jedi card", "up to 3 Clone cards", "any number of different Council Member cards".
fn searched(input: &mut &str) -> R<(u32, bool, Units)> {
    let (count, up_to) = alt((
        (w("up to"), number).map(|(_, n)| (n, true)),
        // "search your deck for any card": one card, of any kind.
        one_of(&["a", "an", "one", "any"]).map(|_| (1, false)),
    ))
    .parse_next(input)?;
    // "a Gungan unit", "a Bespin unit": the unit cards of a deck.
    let what = alt((super::units::card_phrase, super::units::unit_cards)).parse_next(input)?;
    Ok((count, up_to, what))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::script::{CardType, Filter};

    fn searched(text: &str) -> Effect {
        super::super::words::read_whole(search, text)
            .remove(0)
            .effect
    }

    #[test]
    fn searches_of_a_deck_read_as_the_sets_print_them() {
        // ANH Yavin 4 Hangar Base's older template.
        // "You may take": the player may take none.
        let Effect::Search {
            what,
            count: 1,
            up_to: true,
            to: Zone::Hand,
            whose: Player::You,
            ..
        } = searched(
            "Search your deck. You may take a Starfighter card from your deck. Show it to your \
             opponent and put it into your hand. Then shuffle your deck.",
        )
        else {
            panic!()
        };
        assert!(
            what.filters
                .contains(&Filter::Subtype("Starfighter".into()))
        );
        // 15TH Bastion: "If you do" between the search and the showing.
        let Effect::Search { what, .. } = searched(
            "search your deck for a Fel Imperial or Remnant unit card. If you do, show it to \
             your opponent and put it into your hand. Shuffle your deck.",
        ) else {
            panic!()
        };
        assert!(matches!(what.filters[0], Filter::AnyOf(_)), "{what:?}");
        // PM Otoh Gunga: units, not cards, where only cards are.
        let Effect::Search { what, .. } = searched(
            "you may search your deck for a Gungan unit, show it to your opponent, and put it \
             into your hand. Then shuffle your deck.",
        ) else {
            panic!()
        };
        assert!(what.filters.contains(&Filter::CardType(CardType::Unit)));
        // Into the build zone with counters, from the deck and the discard pile.
        let Effect::Search {
            to: Zone::BuildZone,
            counters: 1,
            discard_pile_too: false,
            ..
        } = searched(
            "Search your deck for a Jedi unit card, show it to your opponent, and put it into \
             your build zone with 1 build counter on it. Then shuffle your deck.",
        )
        else {
            panic!()
        };
        let Effect::Search {
            to: Zone::Hand,
            count: 3,
            up_to: true,
            discard_pile_too: true,
            ..
        } = searched(
            "Search your deck and/or discard pile for up to 3 Din Djarin or The Mandalorian unit \
             cards, show them to your opponent, and put them into your hand. Shuffle your deck.",
        )
        else {
            panic!()
        };
        // "any card" (TM Trait texts) and "an Equipment card" (ROTS Jedi Temple Armory style).
        let Effect::Search { what, count: 1, .. } =
            searched("search your deck for any card and put it into your hand. Shuffle your deck.")
        else {
            panic!()
        };
        assert_eq!(what.filters, [Filter::CardType(CardType::Card)]);
        let Effect::Search { what, .. } = searched(
            "Search your deck for an Equipment card, show it to your opponent, and put it into \
             your hand. Shuffle your deck.",
        ) else {
            panic!()
        };
        assert_eq!(what.filters, [Filter::CardType(CardType::Equipment)]);
        // Into play, with no showing.
        let Effect::Search { to: Zone::Play, .. } = searched(
            "Search your deck for a Creature unit card with printed build cost 3 or less and put \
             it into its arena. Shuffle your deck.",
        ) else {
            panic!()
        };
        // An opponent's deck searched and discarded from (AAA General Ashaar Khorda's second
        // option, BOBF texts).
        let Effect::Search {
            to: Zone::DiscardPile,
            whose: Player::Opponent,
            ..
        } = searched(
            "Search your opponent's deck for a Character unit card and discard it. Your opponent \
             shuffles his or her deck.",
        )
        else {
            panic!()
        };
        // A deck searched but not shuffled is no search this reads.
        let mut unshuffled = "Search your deck for a Jedi card and put it into your hand.";
        assert!(search(&mut unshuffled).is_err());
        assert!(
            unshuffled.starts_with("Search"),
            "nothing read: {unshuffled}"
        );
    }
}
