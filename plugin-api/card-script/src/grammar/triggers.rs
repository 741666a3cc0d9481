//! Rules that read what starts a triggered ability: "When this unit attacks", "Whenever one of
//! your Jedi is discarded", "When the Space battle step starts", "At the end of your turn",
//! "Whenever you deploy a Droid".

use winnow::combinator::{alt, opt, peek};
use winnow::prelude::*;

use super::units::units;
use super::words::{R, mark, one_of, w};
use crate::script::{Arena, Moment, Pick, Player, Trigger, UnitEvent, Units, Whose};

/// "When ...,", "Whenever ...,", "At ...,": the trigger and its comma.
#[inline(never)]
pub fn trigger(input: &mut &str) -> R<Trigger> {
    (
        one_of(&["whenever", "when", "at", "each time"]),
        alt((moment_trigger, deploy, complete, battle_card, unit_trigger)),
        // The data drops the comma before "you may" ("When Maul attacks you may give him ...").
        alt((mark(",").void(), peek(w("you may")).void())),
    )
        .map(|(_, trigger, _)| trigger)
        .context("a trigger")
        .parse_next(input)
}

/// A moment of a turn: "the battle phase starts", "your build step ends", "the start of your
/// turn", "the end of each turn".
#[inline(never)]
fn moment_trigger(input: &mut &str) -> R<Trigger> {
    alt((
        // Game 6.1.3: made once a turn, for both players.
        w("the roll for build points is made").map(|_| Trigger::Moment {
            moment: Moment::BuildRoll,
            starts: true,
            whose: Whose::Each,
        }),
        (
            alt((
                w("the start of").map(|_| true),
                w("the end of").map(|_| false),
            )),
            whose,
            moment,
        )
            .map(|(starts, whose, moment)| Trigger::Moment {
                moment,
                starts,
                whose,
            }),
        (
            whose,
            moment,
            alt((
                one_of(&["starts", "begins"]).map(|_| true),
                w("ends").map(|_| false),
            )),
        )
            .map(|(whose, moment, starts)| Trigger::Moment {
                moment,
                starts,
                whose,
            }),
    ))
    .parse_next(input)
}

fn whose(input: &mut &str) -> R<Whose> {
    alt((
        one_of(&["your opponent's"]).map(|_| Whose::Opponents),
        w("your").map(|_| Whose::Yours),
        one_of(&["each player's", "each", "the", "a", "any"]).map(|_| Whose::Each),
    ))
    .parse_next(input)
}

/// A named part of the turn (game 5 to 9).
#[inline(never)]
pub fn moment(input: &mut &str) -> R<Moment> {
    alt((
        w("turn").map(|_| Moment::Turn),
        w("ready phase").map(|_| Moment::ReadyPhase),
        w("command phase").map(|_| Moment::CommandPhase),
        w("battle phase").map(|_| Moment::BattlePhase),
        w("untap step").map(|_| Moment::UntapStep),
        w("draw step").map(|_| Moment::DrawStep),
        w("build step").map(|_| Moment::BuildStep),
        w("retreat step").map(|_| Moment::RetreatStep),
        (
            opt(alt((
                w("space").map(|_| Arena::Space),
                w("ground").map(|_| Arena::Ground),
                w("character").map(|_| Arena::Character),
            ))),
            w("battle step"),
        )
            .map(|(arena, _)| Moment::BattleStep(arena)),
    ))
    .context("a part of the turn")
    .parse_next(input)
}

/// "you deploy this unit", "you deploy a Droid", "you deploy this unit to any arena".
fn deploy(input: &mut &str) -> R<Trigger> {
    let deployed_to = alt((
        super::units::place,
        (one_of(&["to", "into"]), super::units::place_after_in).map(|(_, place)| place),
    ));
    (w("you deploy"), units, opt(deployed_to))
        .map(|(_, units, place)| {
            let mut units = anyone(units);
            if let Some(place) = place {
                units.filters.push(crate::script::Filter::In(place));
            }
            Trigger::Deploy(units)
        })
        .parse_next(input)
}

/// "you complete this Mission", "you complete a Location".
fn complete(input: &mut &str) -> R<Trigger> {
    (w("you complete"), units)
        .map(|(_, units)| Trigger::Complete(anyone(units)))
        .parse_next(input)
}

/// "you play a Battle card", "your opponent plays a Battle card".
fn battle_card(input: &mut &str) -> R<Trigger> {
    alt((
        w("you play a battle card").map(|_| Trigger::BattleCard(Player::You)),
        w("your opponent plays a battle card").map(|_| Trigger::BattleCard(Player::Opponent)),
        w("a player plays a battle card").map(|_| Trigger::BattleCard(Player::Each)),
    ))
    .parse_next(input)
}

/// Units that do or suffer something.
fn unit_trigger(input: &mut &str) -> R<Trigger> {
    alt((
        // "one of your opponent's Characters would damage Leia": the unit about to be damaged
        // is the one the trigger is about, the source a unit the first phrase names.
        (units, w("would damage"), units).map(|(by, _, who)| Trigger::Units {
            who: anyone(who),
            event: UnitEvent::WouldBeDamagedBy(anyone(by)),
        }),
        (units, unit_event).map(|(who, event)| Trigger::Units {
            who: anyone(who),
            event,
        }),
    ))
    .parse_next(input)
}

/// In a trigger, "one of your Jedi" is any of them, not one chosen.
fn anyone(mut units: Units) -> Units {
    if matches!(units.pick, Pick::Chosen { count: 1, .. }) {
        units.pick = Pick::Any;
    }
    units
}

#[inline(never)]
fn unit_event(input: &mut &str) -> R<UnitEvent> {
    alt((
        (one_of(&["attacks", "attack"]), opt(units)).map(|(_, target)| UnitEvent::Attacks(target)),
        one_of(&[
            "is attacked",
            "are attacked",
            "becomes the target of an attack",
        ])
        .map(|_| UnitEvent::IsAttacked),
        one_of(&[
            "would be damaged",
            "would be dealt damage",
            "would take damage",
        ])
        .map(|_| UnitEvent::WouldBeDamaged),
        one_of(&[
            "is damaged",
            "are damaged",
            "is dealt damage",
            "takes damage",
        ])
        .map(|_| UnitEvent::IsDamaged),
        (one_of(&["damages", "damage"]), opt(units)).map(|(_, target)| UnitEvent::Damages(target)),
        (
            one_of(&["does damage", "deals damage"]),
            opt((w("to"), units).map(|(_, u)| u)),
        )
            .map(|(_, target)| UnitEvent::Damages(target)),
        later_events,
    ))
    .context("what the unit does")
    .parse_next(input)
}

#[inline(never)]
fn later_events(input: &mut &str) -> R<UnitEvent> {
    alt((
        (
            one_of(&["is discarded from", "are discarded from"]),
            super::units::place_after_in,
        )
            .map(|(_, place)| UnitEvent::IsDiscarded(Some(place))),
        one_of(&[
            "is discarded from play",
            "is discarded",
            "are discarded",
            "leaves play",
        ])
        .map(|_| UnitEvent::IsDiscarded(None)),
        one_of(&["retreats", "is retreated"]).map(|_| UnitEvent::Retreats),
        one_of(&["untaps", "becomes untapped"]).map(|_| UnitEvent::Untaps),
        one_of(&[
            "enters an arena",
            "enters play",
            "is put into an arena",
            "is deployed",
        ])
        .map(|_| UnitEvent::EntersArena),
    ))
    .parse_next(input)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Trigger {
        super::super::words::read_whole(trigger, text)
    }

    #[test]
    fn moments_of_the_turn() {
        assert_eq!(
            read("When the Space battle step starts,"),
            Trigger::Moment {
                moment: Moment::BattleStep(Some(Arena::Space)),
                starts: true,
                whose: Whose::Each
            }
        );
        assert_eq!(
            read("At the end of your turn,"),
            Trigger::Moment {
                moment: Moment::Turn,
                starts: false,
                whose: Whose::Yours
            }
        );
        assert_eq!(
            read("When your build step starts,"),
            Trigger::Moment {
                moment: Moment::BuildStep,
                starts: true,
                whose: Whose::Yours
            }
        );
        assert_eq!(
            read("When the roll for build points is made,"),
            Trigger::Moment {
                moment: Moment::BuildRoll,
                starts: true,
                whose: Whose::Each
            }
        );
    }

    #[test]
    fn a_unit_about_to_be_damaged_by_another() {
        // ANH Princess Leia (A): the unit about to be damaged is the card itself, the source
        // any of the opponent's Characters.
        let Trigger::Units { who, event } =
            read("When one of your opponent's Characters would damage this unit,")
        else {
            panic!("a unit trigger")
        };
        assert_eq!(who, Units::this());
        let UnitEvent::WouldBeDamagedBy(by) = event else {
            panic!("{event:?}")
        };
        assert_eq!(by.pick, Pick::Any);
        assert_eq!(by.owner, crate::script::Owner::Opponents);
    }

    #[test]
    fn units_that_act_or_suffer() {
        assert_eq!(
            read("When this unit attacks,"),
            Trigger::Units {
                who: Units::this(),
                event: UnitEvent::Attacks(None)
            }
        );
        let Trigger::Units { who, event } = read("Whenever one of your Jedi is discarded,") else {
            panic!()
        };
        assert_eq!(who.pick, Pick::Any);
        assert_eq!(event, UnitEvent::IsDiscarded(None));
        // Obi-Wan Kenobi (ANH): "When Obi-Wan is discarded from the Character arena, ...".
        let Trigger::Units { event, .. } =
            read("When this unit is discarded from the Character arena,")
        else {
            panic!()
        };
        assert_eq!(
            event,
            UnitEvent::IsDiscarded(Some(crate::script::Where::Arenas(vec![Arena::Character])))
        );
        assert!(matches!(
            read("Whenever you deploy a Droid,"),
            Trigger::Deploy(_)
        ));
        // KAE Cantina Band: "When you deploy this unit to any arena".
        let Trigger::Deploy(deployed) = read("When you deploy this unit to any arena,") else {
            panic!("a deploy trigger");
        };
        assert_eq!(
            deployed.filters,
            [crate::script::Filter::In(crate::script::Where::AnyArena)]
        );
        assert!(matches!(
            read("Whenever this unit attacks a Droid,"),
            Trigger::Units {
                event: UnitEvent::Attacks(Some(_)),
                ..
            }
        ));
    }
}
