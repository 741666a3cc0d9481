//! Rules that read conditions ("As long as this unit is in the Character arena", "if you have
//! another Jedi in any arena") and the limits on using an ability ("Play only during your build
//! step.").

use winnow::combinator::{alt, opt, separated};
use winnow::prelude::*;

use super::counts::{attached, counted};
use super::triggers::moment;
use super::units::{place, units};
use super::words::{R, end_of_sentence, mark, number, one_of, w};
use crate::script::{
    AttachedKind, Condition, Count, Limit, Owner, Pick, Player, UnitState, Units, Whose,
};

/// Conditions joined by "and", each of which must hold ("if ~ is in the Ground arena and has a
/// Pilot on it"): after one about the card itself, the next may leave the card unnamed.
#[inline(never)]
pub fn conditions(input: &mut &str) -> R<Vec<Condition>> {
    let first = condition(input)?;
    let about_this = match &first {
        Condition::UnitsIn { who, .. }
        | Condition::UnitsAre { who, .. }
        | Condition::Attacking { who, .. } => who.pick == Pick::This,
        Condition::AtLeast { count, .. } | Condition::AtMost { count, .. } => matches!(
            count,
            Count::Attached { on, .. } | Count::Counters { on, .. } | Count::Stack(on)
                if on.pick == Pick::This
        ),
        _ => false,
    };
    let mut all = vec![first];
    loop {
        let start = *input;
        if w("and").parse_next(input).is_err() {
            *input = start;
            break;
        }
        let after_and = *input;
        if let Ok(next) = condition(input) {
            all.push(next);
            continue;
        }
        *input = after_and;
        // "... and has a Pilot on it": read as said of the card, its words then skipped here.
        const SUBJECT: &str = "this unit ";
        let said = format!("{SUBJECT}{after_and}");
        let mut rest: &str = &said;
        let read = condition(&mut rest).ok().and_then(|next| {
            let used = (said.len() - rest.len()).checked_sub(SUBJECT.len())?;
            (about_this && used > 0).then_some((next, used))
        });
        match read.and_then(|(next, used)| Some((next, after_and.get(used..)?))) {
            Some((next, rest)) => {
                *input = rest;
                all.push(next);
            }
            None => {
                *input = start;
                break;
            }
        }
    }
    Ok(all)
}

/// A condition.
#[inline(never)]
pub fn condition(input: &mut &str) -> R<Condition> {
    alt((
        one_of(&["it's your turn", "it is your turn", "during your turn"])
            .map(|_| Condition::Turn(Whose::Yours)),
        one_of(&[
            "it's your opponent's turn",
            "it is your opponent's turn",
            "during your opponent's turn",
        ])
        .map(|_| Condition::Turn(Whose::Opponents)),
        one_of(&[
            "no unit is attacking",
            "no units are attacking",
            "no unit is being attacked",
        ])
        .map(|_| Condition::NoAttack),
        (units, one_of(&["would attack", "is about to attack"]))
            .map(|(who, _)| Condition::WouldAttack(who)),
        alt((
            controls,
            has,
            there_is,
            attacking,
            has_counters,
            has_attached,
        )),
        (units, one_of(&["is", "are"]), place)
            .map(|(who, _, place)| Condition::UnitsIn { who, place }),
        (units, one_of(&["is", "are"]), state)
            .map(|(who, _, state)| Condition::UnitsAre { who, state }),
        (one_of(&["it's", "he's", "she's", "they're"]), state).map(|(_, state)| {
            Condition::UnitsAre {
                who: Units::picked(Pick::That),
                state,
            }
        }),
        // "If that unit is a Creature, discard it.": what the unit chosen is.
        (that_unit, w("is"), units).map(|(who, _, what)| Condition::UnitIs { who, what }),
    ))
    .context("a condition")
    .parse_next(input)
}

/// "you control the Space arena", "you control any arena" (game 15.2).
#[inline(never)]
fn controls(input: &mut &str) -> R<Condition> {
    let whose = alt((
        w("you control").map(|_| Player::You),
        w("your opponent controls").map(|_| Player::Opponent),
    ))
    .parse_next(input)?;
    alt((
        the_arena.map(|arena| Condition::Controls { whose, arena }),
        one_of(&["any arena", "an arena"]).map(|_| Condition::ControlsAnArena(whose)),
    ))
    .parse_next(input)
}

/// "it's attacking a unique Character", "this unit is attacking".
#[inline(never)]
pub fn attacking(input: &mut &str) -> R<Condition> {
    (
        alt((
            one_of(&["it's", "he's", "she's", "they're"]).map(|_| Units::picked(Pick::That)),
            (units, one_of(&["is", "are"])).map(|(units, _)| units),
        )),
        w("attacking"),
        opt(units),
    )
        .map(|(who, _, target)| Condition::Attacking { who, target })
        .parse_next(input)
}

/// "there is an Aquatic Location in play", "there are no damage counters on it".
#[inline(never)]
fn there_is(input: &mut &str) -> R<Condition> {
    (
        one_of(&["there is", "there are"]),
        alt((
            (w("no"), counted).map(|(_, count)| Condition::AtMost { count, amount: 0 }),
            (number, w("or more"), counted)
                .map(|(amount, _, count)| Condition::AtLeast { count, amount }),
            units.map(|mut units| {
                units.pick = Pick::Any;
                Condition::Has {
                    whose: Player::Each,
                    units,
                }
            }),
        )),
    )
        .map(|(_, condition)| condition)
        .parse_next(input)
}

/// "~ has 1 or more captivity counters on her", "this unit has 4 or less damage counters on it":
/// counters of a kind on the units named first.
#[inline(never)]
fn has_counters(input: &mut &str) -> R<Condition> {
    (
        units,
        one_of(&["has", "have"]),
        number,
        one_of(&["or more", "or fewer", "or less"]),
        counted,
    )
        .verify_map(|(who, _, amount, which, count)| {
            // Counters of a kind on the subject, or (game 3.6) "4 or more cards in its stack".
            let count = match count {
                crate::script::Count::Counters { kind, .. } => {
                    crate::script::Count::Counters { kind, on: who }
                }
                crate::script::Count::Stack(_) => crate::script::Count::Stack(who),
                // "Daegen has 2 or more Equipment attached".
                crate::script::Count::Attached { kind, filters, .. } => {
                    crate::script::Count::Attached {
                        kind,
                        on: who,
                        filters,
                    }
                }
                _ => return None,
            };
            Some(if which == "or more" {
                Condition::AtLeast { count, amount }
            } else {
                Condition::AtMost { count, amount }
            })
        })
        .parse_next(input)
}

/// "this unit has a Pilot [on it]", "Xesh has an Equipment attached", "Ben has a Lightsaber Weapon
/// attached": one or more cards on the units named first (API 1.19 `attached`).
#[inline(never)]
fn has_attached(input: &mut &str) -> R<Condition> {
    (
        units,
        // "has a Pilot" (at least one), "doesn't have a Pilot" and "has no Pilot" (none).
        alt((
            (one_of(&["has", "have"]), one_of(&["a", "an"])).map(|_| 1),
            (
                one_of(&["doesn't have", "does not have", "don't have", "do not have"]),
                one_of(&["a", "an", "any"]),
            )
                .map(|_| 0),
            one_of(&["has no", "have no"]).map(|_| 0),
        )),
        alt((
            (
                w("pilot"),
                opt(one_of(&["on it", "on him", "on her", "on them"])),
            )
                .map(|_| (AttachedKind::Pilot, Vec::new())),
            attached.verify_map(|count| match count {
                Count::Attached { kind, filters, .. } => Some((kind, filters)),
                _ => None,
            }),
        )),
    )
        .map(|(who, least, (kind, filters))| {
            let count = Count::Attached {
                kind,
                on: who,
                filters,
            };
            match least {
                0 => Condition::AtMost { count, amount: 0 },
                amount => Condition::AtLeast { count, amount },
            }
        })
        .parse_next(input)
}

/// "you have a Droid in the Ground arena", "you have no Jedi in play", "your opponent has 3 or
/// more cards in his or her hand".
#[inline(never)]
fn has(input: &mut &str) -> R<Condition> {
    let whose = alt((
        w("you have").map(|_| Player::You),
        one_of(&["your opponent has", "an opponent has"]).map(|_| Player::Opponent),
    ))
    .parse_next(input)?;
    alt((
        // "more units in the Character arena than your opponent [has <units>]".
        (
            w("more"),
            units,
            w("than your opponent"),
            opt((w("has"), units).map(|(_, u)| u)),
        )
            .map(move |(_, units, _, theirs)| {
                let theirs = theirs.unwrap_or_else(|| units.clone());
                Condition::MoreUnits {
                    yours: owned(units, Player::You),
                    theirs: owned(
                        Units {
                            owner: Owner::Any,
                            ..theirs
                        },
                        Player::Opponent,
                    ),
                }
            }),
        (w("no"), opt(w("other")), units).map(move |(_, other, mut units)| {
            // "you have no other units in the Character arena": none but the card itself.
            units.other |= other.is_some();
            Condition::HasNo {
                whose,
                units: owned(units, whose),
            }
        }),
        (number, one_of(&["or more", "or fewer", "or less"]), counted).map(
            move |(amount, which, count)| {
                let count = match count {
                    crate::script::Count::Units(units) => {
                        crate::script::Count::Units(owned(units, whose))
                    }
                    other => other,
                };
                if which == "or more" {
                    Condition::AtLeast { count, amount }
                } else {
                    Condition::AtMost { count, amount }
                }
            },
        ),
        units
            .with_taken()
            .verify_map(move |(units, taken): (Units, &str)| match units.pick {
                // "you have 2 Jedi in the Character arena": at least that many.
                Pick::Chosen { count, .. } if count > 1 => {
                    // "you have 2 Locations in the same arena" means two together in any one
                    // arena, which no condition says: not read.
                    if taken.to_ascii_lowercase().contains("the same arena") {
                        return None;
                    }
                    Some(Condition::AtLeast {
                        count: crate::script::Count::Units(owned(units, whose)),
                        amount: count,
                    })
                }
                _ => Some(Condition::Has {
                    whose,
                    units: owned(units, whose),
                }),
            }),
    ))
    .parse_next(input)
}

/// Units "you have" are yours; "your opponent has", theirs. Any of them will do.
fn owned(mut units: Units, whose: Player) -> Units {
    if units.owner == Owner::Any {
        units.owner = if whose == Player::Opponent {
            Owner::Opponents
        } else {
            Owner::Yours
        };
    }
    if matches!(units.pick, Pick::Chosen { .. } | Pick::Each) {
        units.pick = Pick::Any;
    }
    units
}

fn state(input: &mut &str) -> R<UnitState> {
    alt((
        one_of(&["being attacked", "attacked"]).map(|_| UnitState::Attacked),
        w("untapped").map(|_| UnitState::Untapped),
        w("tapped").map(|_| UnitState::Tapped),
        w("damaged").map(|_| UnitState::Damaged),
        w("unique").map(|_| UnitState::Unique),
    ))
    .parse_next(input)
}

/// "that unit": the unit chosen or named before, which "is a <units>" is said of.
fn that_unit(input: &mut &str) -> R<Units> {
    units
        .verify(|who: &Units| who.pick == Pick::That && who.filters.is_empty() && !who.other)
        .parse_next(input)
}

/// A sentence that limits when an ability is used.
#[inline(never)]
pub fn limit(input: &mut &str) -> R<Vec<Limit>> {
    alt((any_number_of_times, only_limits)).parse_next(input)
}

/// "You may play this ability any number of times [each turn / during each attack / during your
/// build step]": no limit on how often (a card plugin's manifest sets none), and a time when one
/// is printed.
fn any_number_of_times(input: &mut &str) -> R<Vec<Limit>> {
    (
        alt((w("you may"), w("you can"))),
        one_of(&["play", "use"]),
        one_of(&["this ability", "it"]),
        w("any number of times"),
        opt(alt((
            one_of(&["each turn", "per turn", "during each attack", "each attack"]).map(|_| None),
            (one_of(&["during", "in"]), moment_of_turn)
                .map(|(_, (moment, whose))| Some(Limit::During { moment, whose })),
        ))),
        end_of_sentence,
    )
        .map(|(_, _, _, _, during, _)| during.flatten().into_iter().collect())
        .parse_next(input)
}

/// "Play only ...": the limits printed after "only".
fn only_limits(input: &mut &str) -> R<Vec<Limit>> {
    (
        alt((w("you may"), w("you can"), w("play"), w("use"))),
        opt(one_of(&["complete", "play", "use"])),
        opt(one_of(&[
            "this ability",
            "this card",
            "this mission",
            "this",
            "it",
        ])),
        w("only"),
        // "Play only when ~ would attack, and only once per turn."
        separated(1.., limit_item, (opt(mark(",")), w("and"), opt(w("only")))),
        end_of_sentence,
    )
        .map(|(_, _, _, _, limits, _)| limits)
        .parse_next(input)
}

/// "the Space arena", "the Ground arena", "the Character arena".
fn the_arena(input: &mut &str) -> R<crate::script::Arena> {
    (
        w("the"),
        alt((
            w("space").map(|_| crate::script::Arena::Space),
            w("ground").map(|_| crate::script::Arena::Ground),
            w("character").map(|_| crate::script::Arena::Character),
        )),
        w("arena"),
    )
        .map(|(_, arena, _)| arena)
        .parse_next(input)
}

fn limit_item(input: &mut &str) -> R<Limit> {
    alt((
        // "Play only before any unit in the Space arena attacks": this turn, before the first
        // attack of a unit in that arena.
        (w("before any unit in"), the_arena, w("attacks"))
            .map(|(_, arena, _)| Limit::BeforeAttacks(arena)),
        (one_of(&["once per turn", "once each turn", "once a turn"])).map(|_| Limit::PerTurn(1)),
        (one_of(&["twice per turn", "twice each turn"])).map(|_| Limit::PerTurn(2)),
        (one_of(&["during", "in"]), moment_of_turn)
            .map(|(_, (moment, whose))| Limit::During { moment, whose }),
        // "Play only during battle": in the battle phase.
        one_of(&["during battle", "during a battle"]).map(|_| Limit::During {
            moment: crate::script::Moment::BattlePhase,
            whose: Whose::Each,
        }),
        when_starts,
        (one_of(&["if", "while", "when"]), condition).map(|(_, c)| Limit::If(c)),
    ))
    .parse_next(input)
}

/// "when the battle phase starts", "when the Space battle step starts" (game 9.5).
fn when_starts(input: &mut &str) -> R<Limit> {
    (
        w("when the"),
        alt((
            w("battle phase").map(|_| crate::script::Moment::BattlePhase),
            (super::units::arena_name, w("battle step"))
                .map(|(arena, _)| crate::script::Moment::BattleStep(Some(arena))),
        )),
        one_of(&["starts", "begins"]),
    )
        .map(|(_, moment, _)| Limit::WhenStarts(moment))
        .parse_next(input)
}

/// "your build step", "the battle phase", "your opponent's turn".
fn moment_of_turn(input: &mut &str) -> R<(crate::script::Moment, Whose)> {
    let whose = alt((
        one_of(&["your opponent's"]).map(|_| Whose::Opponents),
        w("your").map(|_| Whose::Yours),
        one_of(&["the", "a", "any", "each"]).map(|_| Whose::Each),
    ))
    .parse_next(input)?;
    let moment = moment(input)?;
    Ok((moment, whose))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::script::{Arena, Moment, Where};

    fn read(text: &str) -> Condition {
        super::super::words::read_whole(condition, text)
    }

    #[test]
    fn a_number_of_units_had_is_at_least_that_many() {
        let read_one = |text| super::super::words::read_whole(condition, text);
        // "you have 2 Jedi" is "2 or more", as printed elsewhere.
        assert_eq!(
            read_one("you have 2 Jedi in the Character arena"),
            read_one("you have 2 or more Jedi in the Character arena")
        );
        assert!(matches!(
            read_one("you have 2 Jedi in the Character arena"),
            Condition::AtLeast { amount: 2, .. }
        ));
        // FOR Reach Across Time: two together in one arena, which no condition says.
        let mut input = "you have 2 Locations in the same arena";
        let read = condition(&mut input);
        assert!(read.is_err() || !input.is_empty(), "{read:?}");
    }

    #[test]
    fn conditions_joined_by_and() {
        let read_all = |text| super::super::words::read_whole(conditions, text);
        let pilot = || Count::Attached {
            kind: AttachedKind::Pilot,
            on: Units::this(),
            filters: Vec::new(),
        };
        // BOY Luke's Skyhopper (A): the second said of the card without naming it.
        assert_eq!(
            read_all("this unit is in the Ground arena and has a Pilot on it"),
            [
                Condition::UnitsIn {
                    who: Units::this(),
                    place: Where::Arenas(vec![Arena::Ground]),
                },
                Condition::AtLeast {
                    count: pilot(),
                    amount: 1,
                },
            ]
        );
        // BOBF Boba's Rancor (A): none.
        for text in ["this unit doesn't have a Pilot", "this unit has no Pilot"] {
            assert_eq!(
                read_all(text),
                [Condition::AtMost {
                    count: pilot(),
                    amount: 0,
                }]
            );
        }
        // Units joined by "and" are no second condition: "and" is left unread.
        let mut input = "you have this unit and a Jedi in the Character arena";
        let read = conditions(&mut input);
        assert!(
            read.is_err() || input.starts_with("and"),
            "{read:?} {input}"
        );
    }

    #[test]
    fn pilots_and_equipment_on_a_unit() {
        let on_this = |kind, filters: Vec<crate::script::Filter>, amount| Condition::AtLeast {
            count: Count::Attached {
                kind,
                on: Units::this(),
                filters,
            },
            amount,
        };
        // PM Falumpaset, RAS Bantha Herd.
        assert_eq!(
            read("this unit has a Pilot"),
            on_this(AttachedKind::Pilot, Vec::new(), 1)
        );
        assert_eq!(
            read("this unit has a Pilot on it"),
            on_this(AttachedKind::Pilot, Vec::new(), 1)
        );
        // TAL Daegen Lok (A), TROS Ben Solo (C), TAL Tott Doneeta (A).
        assert_eq!(
            read("~ has 2 or more Equipment attached"),
            on_this(AttachedKind::Equipment, Vec::new(), 2)
        );
        let lightsabers = || {
            vec![
                crate::script::Filter::Subtype("Lightsaber".into()),
                crate::script::Filter::Subtype("Weapon".into()),
            ]
        };
        assert_eq!(
            read("~ has a Lightsaber Weapon attached"),
            on_this(AttachedKind::Equipment, lightsabers(), 1)
        );
        assert_eq!(
            read("~ has 2 or more Lightsaber Weapons attached"),
            on_this(AttachedKind::Equipment, lightsabers(), 2)
        );
    }

    #[test]
    fn places_states_and_possessions() {
        assert_eq!(
            read("this unit is in the Character arena"),
            Condition::UnitsIn {
                who: Units::this(),
                place: Where::Arenas(vec![Arena::Character])
            }
        );
        assert!(matches!(
            read("~ is attacking"),
            Condition::Attacking { target: None, .. }
        ));
        assert!(matches!(
            read("it's attacking a unique Character"),
            Condition::Attacking {
                target: Some(_),
                ..
            }
        ));
        assert!(matches!(
            read("there are no damage counters on it"),
            Condition::AtMost { amount: 0, .. }
        ));
        // FOR Jyn Erso style: counters of a kind on the card itself.
        assert!(matches!(
            read("~ has 1 or more captivity counters on her"),
            Condition::AtLeast {
                amount: 1,
                count: crate::script::Count::Counters {
                    on: Units {
                        pick: Pick::This,
                        ..
                    },
                    ..
                }
            }
        ));
        assert!(matches!(
            read("this unit has 4 or less damage counters on it"),
            Condition::AtMost { amount: 4, .. }
        ));
        let Condition::Has { whose, units } = read("you have another Jedi in any arena") else {
            panic!()
        };
        assert_eq!(whose, Player::You);
        assert!(units.other);
        assert_eq!(units.owner, Owner::Yours);
        assert!(matches!(
            read("you have 3 or more cards in your hand"),
            Condition::AtLeast { amount: 3, .. }
        ));
        // URoRRuR'R'R (A): the opponent's units of the same phrase.
        let Condition::MoreUnits { yours, theirs } =
            read("you have more units in the Character arena than your opponent")
        else {
            panic!()
        };
        assert_eq!(yours.owner, Owner::Yours);
        assert_eq!(theirs.owner, Owner::Opponents);
        assert_eq!(yours.filters, theirs.filters);
        // Acklay: "As long as you have no other units in the Character arena, ...".
        let Condition::HasNo { units, .. } = read("you have no other units in the Character arena")
        else {
            panic!()
        };
        assert!(units.other);
    }

    #[test]
    fn limits_of_use() {
        let mut input = "Play only during your build step.";
        assert_eq!(
            limit(&mut input),
            Ok(vec![Limit::During {
                moment: Moment::BuildStep,
                whose: Whose::Yours
            }])
        );
        let mut input = "Use this ability only once per turn.";
        assert_eq!(limit(&mut input), Ok(vec![Limit::PerTurn(1)]));
        let mut input = "Play only when ~ would attack and only once per turn.";
        assert_eq!(
            limit(&mut input),
            Ok(vec![
                Limit::If(Condition::WouldAttack(Units::this())),
                Limit::PerTurn(1)
            ])
        );
        // TMW Cobb Vanth B, TROS Ben Solo (D).
        let mut input = "Play only when the battle phase starts.";
        assert_eq!(
            limit(&mut input),
            Ok(vec![Limit::WhenStarts(Moment::BattlePhase)])
        );
        let mut input = "Play only when the Character battle step starts.";
        assert_eq!(
            limit(&mut input),
            Ok(vec![Limit::WhenStarts(Moment::BattleStep(Some(
                Arena::Character
            )))])
        );
    }

    #[test]
    fn any_number_of_times_is_no_limit_but_its_time() {
        // ESB 2-1B Medical Droid (A), JG Even Piell (A).
        let mut input = "You may play this ability any number of times during your build step.";
        assert_eq!(
            limit(&mut input).unwrap(),
            vec![Limit::During {
                moment: Moment::BuildStep,
                whose: Whose::Yours
            }]
        );
        let mut input = "You may play this ability any number of times during each attack.";
        assert_eq!(limit(&mut input).unwrap(), Vec::new());
        let mut input = "You may play this ability any number of times each turn.";
        assert_eq!(limit(&mut input).unwrap(), Vec::new());
    }
}
