//! Rules that read what players do and may not do: "gain 2 Force", "your opponent loses 1
//! Force", "draw a card", "you pay 1 build point", "your opponent chooses and discards a card
//! from his or her hand", "Your opponent can't play Battle cards", and who pays.

use winnow::combinator::{alt, opt};
use winnow::prelude::*;

use super::costs::paid;
use super::counts::{amount, amount_or_article, gained};
use super::units::units;
use super::words::{R, mark, one_of, w};
use crate::script::{Amount, Effect, Owner, Payment, Pick, Player, PlayerAct, UnitRule};

/// The player who pays in "unless <player> pays" and "<player> may pay": "pays" reads as "pay".
pub(super) fn payer(input: &mut &str) -> R<Player> {
    alt((
        one_of(&["your opponent", "its controller", "that player"]).map(|_| Player::Opponent),
        w("you").map(|_| Player::You),
    ))
    .parse_next(input)
}

/// "your opponent pays 2 Force", "you pay 1 build point".
pub(super) fn payment(input: &mut &str) -> R<Payment> {
    (payer, one_of(&["pays", "pay"]), paid)
        .map(|(who, _, cost)| Payment {
            who,
            costs: vec![cost],
        })
        .parse_next(input)
}

/// A player as a subject: "you", "your opponent", "each player".
fn player(input: &mut &str) -> R<Player> {
    alt((
        one_of(&["your opponent", "each opponent", "that player's opponent"])
            .map(|_| Player::Opponent),
        one_of(&["each player", "both players"]).map(|_| Player::Each),
        w("the dark side").map(|_| Player::DarkSide),
        w("the light side").map(|_| Player::LightSide),
        one_of(&["its controller", "that unit's controller", "that player"])
            .map(|_| Player::Controller),
        w("you").map(|_| Player::You),
    ))
    .parse_next(input)
}

/// A player's gains and losses: "gain 2 Force", "your opponent loses 1 Force", "draw a card".
#[inline(never)]
pub(super) fn player_effect(input: &mut &str) -> R<Effect> {
    let who = opt(player).parse_next(input)?.unwrap_or(Player::You);
    alt((
        (one_of(&["gains", "gain"]), gained, w("force")).map(move |(_, amount, _)| Effect::Force {
            who,
            amount,
            lose: false,
        }),
        (
            one_of(&["loses", "lose"]),
            alt((
                amount,
                one_of(&["all of his or her", "all of their", "all of your", "all"])
                    .map(|_| Amount::All),
            )),
            w("force"),
        )
            .map(move |(_, amount, _)| Effect::Force {
                who,
                amount,
                lose: true,
            }),
        (
            one_of(&["gains", "gain", "gets", "get"]),
            alt((
                // "you get -1 build point this turn": a loss.
                (mark("-"), amount).map(|(_, amount)| (amount, true)),
                gained.map(|amount| (amount, false)),
            )),
            opt(w("extra")),
            one_of(&["build points", "build point"]),
        )
            .map(move |(_, (amount, lose), _, _)| Effect::BuildPoints {
                who,
                amount,
                lose,
            }),
        alt((
            // "draw 1 extra card during your draw step" (BOY Han Solo (A)): a rule of the
            // player's draw step.
            (
                one_of(&["draws", "draw"]),
                amount_or_article,
                w("extra"),
                one_of(&["cards", "card"]),
                one_of(&[
                    "during your draw step",
                    "during his or her draw step",
                    "during their draw step",
                ]),
            )
                .map(move |(_, amount, _, _, _)| Effect::ExtraDraws { who, amount }),
            (
                one_of(&["draws", "draw"]),
                amount_or_article,
                one_of(&["cards", "card"]),
            )
                .map(move |(_, amount, _)| Effect::Draw { who, amount }),
        )),
        (one_of(&["pays", "pay"]), paid).map(move |(_, cost)| {
            Effect::Pay(Payment {
                who,
                costs: vec![cost],
            })
        }),
        (one_of(&["can't", "cannot"]), forbidden).map(move |(_, forbidden)| forbidden(who)),
        // "your opponent chooses and discards a card from his or her hand": the discarding
        // player chooses, as in any discard from hand.
        (
            opt(one_of(&["chooses and", "choose and"])),
            one_of(&["discards", "discard"]),
            amount_or_article,
            one_of(&["cards", "card"]),
            opt(one_of(&[
                "from his or her hand",
                "from their hand",
                "from your hand",
            ])),
        )
            .map(move |(_, _, amount, _, _)| Effect::DiscardCards { who, amount }),
        // "Your opponent discards his or her hand.", "Discard your hand." (ANH Destroy
        // Alderaan, AOTC Plot the Secession).
        (
            one_of(&["discards", "discard"]),
            one_of(&["his or her hand", "their hand", "your hand"]),
        )
            .map(move |_| Effect::DiscardHand(who)),
        // "Your opponent discards that Character.": the unit chosen before is discarded, with
        // no choice left to the player who discards it.
        (
            one_of(&["discards", "discard"]),
            units.verify(|u| u.pick == Pick::That),
        )
            .map(|(_, units)| Effect::Discard(units)),
    ))
    .parse_next(input)
}

/// What a player can't do: "play Battle cards", "play activated abilities", "retreat any
/// Characters during his or her retreat step" (a rule about the player's units).
fn forbidden(input: &mut &str) -> R<Box<dyn Fn(Player) -> Effect>> {
    alt((
        (
            one_of(&["play", "use", "activate"]),
            alt((
                w("battle cards").map(|_| PlayerAct::BattleCards),
                w("activated abilities").map(|_| PlayerAct::ActivatedAbilities),
            )),
        )
            .map(|(_, act)| -> Box<dyn Fn(Player) -> Effect> {
                Box::new(move |who| Effect::Forbid { who, act })
            }),
        (
            w("retreat"),
            opt(w("any")),
            units,
            opt(one_of(&[
                "during his or her retreat step",
                "during your retreat step",
                "during their retreat step",
            ])),
        )
            .map(|(_, _, units, in_step)| -> Box<dyn Fn(Player) -> Effect> {
                let rule = if in_step.is_some() {
                    UnitRule::CantRetreatInRetreatStep
                } else {
                    UnitRule::CantRetreat
                };
                Box::new(move |player| {
                    let mut who = units.clone();
                    // "your opponent can't retreat any Characters": the player's own units.
                    if who.owner == Owner::Any {
                        who.owner = match player {
                            Player::Opponent => Owner::Opponents,
                            _ => Owner::Yours,
                        };
                    }
                    if matches!(who.pick, Pick::Any | Pick::Chosen { .. }) {
                        who.pick = Pick::Each;
                    }
                    Effect::Rule { who, rule }
                })
            }),
    ))
    .parse_next(input)
}

/// "and 1 Force" after a gain of build points (or "and 1 build point" after Force): a second
/// gain of the same player.
pub(super) fn also_gained(who: Player) -> impl FnMut(&mut &str) -> R<Effect> {
    move |input: &mut &str| {
        (w("and"), gained, resource_gained)
            .map(|(_, amount, force)| player_gain(who, amount, force))
            .parse_next(input)
    }
}

/// What a bare gain names: Force (true) or build points (false).
pub(super) fn resource_gained(input: &mut &str) -> R<bool> {
    alt((
        w("force").map(|_| true),
        one_of(&["build points", "build point"]).map(|_| false),
    ))
    .parse_next(input)
}

/// A gain of Force (`force`) or of build points by `who`.
pub(super) fn player_gain(who: Player, amount: Amount, force: bool) -> Effect {
    if force {
        Effect::Force {
            who,
            amount,
            lose: false,
        }
    } else {
        Effect::BuildPoints {
            who,
            amount,
            lose: false,
        }
    }
}

/// The player a player's effect is about.
pub(super) fn player_of(effect: &Effect) -> Option<Player> {
    match effect {
        Effect::Force { who, .. }
        | Effect::Draw { who, .. }
        | Effect::BuildPoints { who, .. }
        | Effect::DiscardCards { who, .. }
        | Effect::DiscardHand(who) => Some(*who),
        _ => None,
    }
}

/// Makes a player's effect about `who` instead.
pub(super) fn set_player(effect: &mut Effect, player: Player) {
    match effect {
        Effect::Force { who, .. }
        | Effect::Draw { who, .. }
        | Effect::BuildPoints { who, .. }
        | Effect::DiscardCards { who, .. }
        | Effect::DiscardHand(who) => *who = player,
        _ => {}
    }
}
