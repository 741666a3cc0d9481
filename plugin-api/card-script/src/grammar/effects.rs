//! Rules that read what an ability does: the clauses of its sentences ("each of your Jedi gets
//! +1 power", "gain 2 Force", "put 1 damage counter on that unit"), each with the words around
//! it ("you may", "until end of turn", "unless your opponent pays 2 Force").

use winnow::combinator::{alt, opt, repeat, separated};
use winnow::prelude::*;

use super::costs::{counter_kind, paid};
use super::counts::{amount, amount_or_article, counted, for_each};
use super::players::{also_gained, payer, payment, player_effect, player_of, set_player};
use super::units::{keyword_name, units};
use super::words::{R, ahead, count, fail, mark, number, one_of, signed, w};
use crate::script::{
    Amount, Arena, CostAction, Count, Disrupted, Duration, Effect, Filter, Keyword, Owner, Payment,
    Pick, Player, Resource, Step, UnitRule, Units, Zone,
};
use swtcg_plugin_api::cost::RESOURCE_COUNTER;

/// Clauses joined by commas and "and", with "you may" before any of them.
#[inline(never)]
pub fn clauses(input: &mut &str) -> R<Vec<Step>> {
    let mut steps = step(input)?;
    loop {
        let start = *input;
        if alt((
            mark(", and then"),
            mark(", and"),
            mark(", then"),
            w("and then"),
            w("and"),
            mark(","),
        ))
        .parse_next(input)
        .is_err()
        {
            *input = start;
            break;
        }
        // "Each player discards his or her hand, then draws 7 cards.": a verb of the third
        // person with no player before it has the player of the clause before.
        let same_player = ahead(
            one_of(&["draws", "discards", "gains", "loses", "pays", "gets"]),
            input,
        );
        match step(input) {
            Ok(mut next) => {
                if same_player && let Some(who) = steps.last().and_then(|s| player_of(&s.effect)) {
                    for step in &mut next {
                        set_player(&mut step.effect, who);
                    }
                }
                steps.extend(next);
            }
            Err(winnow::error::ErrMode::Backtrack(_)) => {
                *input = start;
                break;
            }
            Err(e) => return Err(e),
        }
    }
    Ok(steps)
}

/// One clause with its modifiers. A clause may hold two effects on the same units ("gets +2
/// power and Precision"): each becomes a step with the clause's modifiers.
#[inline(never)]
pub fn step(input: &mut &str) -> R<Vec<Step>> {
    // "your opponent may pay 2 Force": the payment is the optional step.
    if let Some(payment) = opt((payer, w("may pay"), paid).map(|(who, _, cost)| Payment {
        who,
        costs: vec![cost],
    }))
    .parse_next(input)?
    {
        return Ok(vec![Step {
            optional: true,
            ..Step::plain(Effect::Pay(payment))
        }]);
    }
    // "Unless your opponent pays 5 Force, he or she discards that card." (ANH Error in
    // Judgment): the payment before the effect, whose "he or she" is the player who may pay.
    if let Some(payment) =
        opt((w("unless"), payment, mark(",")).map(|(_, payment, _)| payment)).parse_next(input)?
    {
        let pronoun = opt(w("he or she")).parse_next(input)?.is_some();
        let mut steps = step(input)?;
        for step in &mut steps {
            if step.unless_paid.is_some() {
                return fail(input, "one payment");
            }
            if pronoun {
                set_player(&mut step.effect, payment.who);
            }
            step.unless_paid = Some(payment.clone());
        }
        return Ok(steps);
    }
    let optional = opt(one_of(&["you may", "may"]))
        .parse_next(input)?
        .is_some();
    let mut effects = effect.context("an effect").parse_next(input)?;
    let mut duration = opt(duration).parse_next(input)?;
    if let Some(count) = opt(for_each).parse_next(input)? {
        // "+1 power for each ...", "+1 build point for each Diplomat ...": the amount counts.
        // "+1 power and Stun 1 for each Equipment" counts the keyword's number too, which no
        // effect says: not read.
        if effects.len() > 1 {
            return super::words::fail(input, "one amount to count");
        }
        let counted = match effects.first_mut() {
            Some(Effect::Stats { per, .. }) => {
                *per = Some(count);
                true
            }
            Some(effect) => per_each(effect, count),
            None => false,
        };
        if !counted {
            return super::words::fail(input, "an amount to count");
        }
        if duration.is_none() {
            duration = opt(self::duration).parse_next(input)?;
        }
    }
    // "gain 1 build point and 1 Force": the second gain's verb and player are the first's.
    if let Some(
        &Effect::Force {
            who, lose: false, ..
        }
        | &Effect::BuildPoints {
            who, lose: false, ..
        },
    ) = effects.last()
        && let Some(more) = opt(also_gained(who)).parse_next(input)?
    {
        effects.push(more);
    }
    let unless_paid = opt((w("unless"), payment).map(|(_, payment)| payment)).parse_next(input)?;
    Ok(effects
        .into_iter()
        .map(|effect| Step {
            optional,
            duration,
            unless_paid: unless_paid.clone(),
            ..Step::plain(effect)
        })
        .collect())
}

/// Makes an effect's amount one per counted thing; false unless it has one amount, a number.
fn per_each(effect: &mut Effect, count: Count) -> bool {
    let Ok([amount]) = <[&mut Amount; 1]>::try_from(effect.amounts_mut()) else {
        return false;
    };
    let Amount::Number(per) = *amount else {
        return false;
    };
    *amount = Amount::ForEach { per, count };
    true
}

/// How long a change lasts.
#[inline(never)]
pub fn duration(input: &mut &str) -> R<Duration> {
    alt((
        one_of(&[
            "for this attack",
            "for that attack",
            "for the attack",
            "during this attack",
        ])
        .map(|_| Duration::ThisAttack),
        one_of(&[
            "until end of turn",
            "until the end of the turn",
            "until end of the turn",
            "until the end of turn",
            "this turn",
            "for the rest of the turn",
        ])
        .map(|_| Duration::ThisTurn),
        one_of(&[
            "until the end of battle",
            "until end of battle",
            "until end of battle phase",
            "until the end of the battle phase",
            "until end of the battle phase",
            "this battle phase",
            "for the rest of the battle phase",
        ])
        .map(|_| Duration::ThisBattlePhase),
        // "Until he is discarded" lasts as long as the unit is in play: an effect on a unit
        // ends when it leaves play, so this is the rest of the game for that unit.
        one_of(&[
            "until end of game",
            "until the end of the game",
            "until the game ends",
            "for the rest of the game",
            "until it is discarded",
            "until he is discarded",
            "until she is discarded",
            "until ~ is discarded",
            "until that unit is discarded",
            "until it leaves play",
        ])
        .map(|_| Duration::ThisGame),
    ))
    .parse_next(input)
}

/// What an effect does.
#[inline(never)]
fn effect(input: &mut &str) -> R<Vec<Effect>> {
    alt((
        // "Put 3 damage counters on a unit in the Ground arena and 1 damage counter on this
        // unit.": counters on two units, the verb printed once.
        (
            damage_counters_on,
            w("and"),
            amount_or_article,
            one_of(&["damage counters", "damage counter"]),
            w("on"),
            units,
        )
            .map(|(first, _, amount, _, _, on)| vec![first, Effect::DamageCounters { on, amount }]),
        alt((
            super::choices::choose_one,
            player_effect,
            imperative,
            keyword.map(Effect::UseKeyword),
        ))
        .map(|e| vec![e]),
        // "Each of your other Gungan units costs 1 fewer build point to deploy and each gets +1
        // power.": a second verb of the same units.
        (
            units,
            unit_verb,
            opt((w("and"), opt(w("each")), unit_verb).map(|(_, _, verb)| verb)),
        )
            .map(|(who, verb, and): (Units, UnitVerb, Option<UnitVerb>)| {
                let mut effects = verb(who.clone());
                if let Some(and) = and {
                    effects.extend(and(who));
                }
                effects
            }),
        // "give it +5 power for this attack": what the unit gets.
        (w("give"), units, gains).map(|(_, who, verb)| verb(who)),
        one_of(&[
            "the attack ends",
            "that attack ends",
            "end the attack",
            "end that attack",
        ])
        .map(|_| vec![Effect::EndAttack]),
        w("you win the game").map(|_| vec![Effect::WinGame]),
    ))
    .parse_next(input)
}

/// A verb after units: gets, can't, costs, does damage.
type UnitVerb = Box<dyn FnOnce(Units) -> Vec<Effect>>;

#[inline(never)]
fn unit_verb(input: &mut &str) -> R<UnitVerb> {
    alt((
        (
            // "Up to 2 of your Padawans each get Critical Hit 1": each of those chosen.
            one_of(&[
                "gets",
                "get",
                "also gets",
                "gains",
                "gain",
                "each gets",
                "each get",
            ]),
            gains,
        )
            .map(|(_, g)| g),
        // "Your opponent's units can't retreat from the Character arena.": those there.
        (
            one_of(&["can't", "cannot", "can not"]),
            rule,
            opt((w("from"), super::units::place_after_in)),
        )
            .map(|(_, rule, from)| -> UnitVerb {
                Box::new(move |mut who: Units| {
                    if let Some((_, place)) = from {
                        who.filters.push(Filter::In(place));
                    }
                    vec![Effect::Rule { who, rule }]
                })
            }),
        (one_of(&["must attack", "must attack if able"])).map(|_| boxed_rule(UnitRule::MustAttack)),
        can_attack_in,
        one_of(&["can have an extra pilot", "can have 1 extra pilot"])
            .map(|_| boxed_rule(UnitRule::ExtraPilot)),
        one_of(&[
            "doesn't untap during your next untap step",
            "does not untap during your next untap step",
            "doesn't untap during its controller's next untap step",
        ])
        .map(|_| boxed_rule(UnitRule::SkipsNextUntap)),
        alt((cost_change, does_damage, stats_counted)),
        (
            one_of(&["is", "are"]),
            one_of(&["treated as", "considered"]),
            subtype_as,
        )
            .map(|(_, _, subtype)| -> UnitVerb {
                Box::new(move |who| vec![Effect::TreatAs { who, subtype }])
            }),
    ))
    .parse_next(input)
}

/// "does 2 damage to that unit", "does 4 dice of damage to each unit in the Space arena", and
/// "Anakin does 2 damage to himself", where the unit is the source and the target.
fn does_damage(input: &mut &str) -> R<UnitVerb> {
    let _ = one_of(&["does", "deals", "do", "deal"]).parse_next(input)?;
    alt((
        (
            amount,
            w("damage to"),
            one_of(&["himself", "herself", "itself", "themselves"]),
        )
            .map(|(amount, _, _)| -> UnitVerb {
                Box::new(move |who| vec![Effect::SelfDamage { who, amount }])
            }),
        damage_done.map(|effect| -> UnitVerb { Box::new(move |who| vec![done_by(effect, who)]) }),
    ))
    .parse_next(input)
}

/// Damage done by `who`: by the ability's card when it is the card itself, else by the unit named
/// ("That Jedi does 3 dice of damage to ..."). A bare name is the card's own ("Log Trap does 6
/// dice of damage to that unit"): a text read without its card's name (a Battle card in hand,
/// whose name the plugin is not told) has it as a name, not as the card itself.
fn done_by(effect: Effect, who: Units) -> Effect {
    let bare_name = who.pick == Pick::Any
        && who.owner == Owner::Any
        && !who.other
        && matches!(who.filters.as_slice(), [Filter::Named(_)]);
    let named = (who.pick != Pick::This && !bare_name).then_some(who);
    match effect {
        Effect::Damage { to, amount, .. } => Effect::Damage {
            to,
            amount,
            by: named,
        },
        Effect::DiceDamage { to, dice, .. } => Effect::DiceDamage {
            to,
            dice,
            by: named,
        },
        other => other,
    }
}

/// "can attack units in the Space arena", "can attack your opponent's units in the Ground or
/// Character arena": a rule for each arena named.
fn can_attack_in(input: &mut &str) -> R<UnitVerb> {
    (
        w("can attack"),
        opt(w("your opponent's")),
        w("units in the"),
        separated(
            1..,
            super::units::arena_name,
            alt((w("or"), w("and"), mark(","))),
        ),
        w("arena"),
    )
        .map(
            |(_, _, _, arenas, _): (_, _, _, Vec<Arena>, _)| -> UnitVerb {
                Box::new(move |who| {
                    arenas
                        .into_iter()
                        .map(|arena| Effect::Rule {
                            who: who.clone(),
                            rule: UnitRule::CanAttackIn(arena),
                        })
                        .collect()
                })
            },
        )
        .parse_next(input)
}

/// "'s power is equal to the number of Jawas in this arena", "'s power and health are equal to
/// the number of Creatures you have in any arena", "'s speed equals 10 times the number of ...":
/// a unit whose printed stat is `*` (worth 0) gets 1 (or the times printed) for each thing
/// counted, as "+1 power for each ..." gives.
fn stats_counted(input: &mut &str) -> R<UnitVerb> {
    let (_, _, stats, _, times, _, count) = (
        w("'s"),
        opt(w("printed")),
        separated(
            1..=3,
            one_of(&["power", "health", "speed"]),
            alt((mark(","), w("and"))),
        ),
        one_of(&["is equal to", "are equal to", "equals", "equal"]),
        opt((number, w("times")).map(|(n, _)| n)),
        w("the number of"),
        counted,
    )
        .parse_next(input)?;
    let stats: Vec<&'static str> = stats;
    let times = i32::try_from(times.unwrap_or(1)).unwrap_or(1);
    let of = |stat: &str| if stats.contains(&stat) { times } else { 0 };
    let (power, health, speed) = (of("power"), of("health"), of("speed"));
    Ok(Box::new(move |who| {
        vec![Effect::Stats {
            who,
            power,
            health,
            speed,
            per: Some(count),
        }]
    }))
}

fn boxed_rule(rule: UnitRule) -> UnitVerb {
    Box::new(move |who| vec![Effect::Rule { who, rule }])
}

/// What units can't do.
#[inline(never)]
fn rule(input: &mut &str) -> R<UnitRule> {
    alt((
        w("be attacked").map(|_| UnitRule::CantBeAttacked),
        w("attack").map(|_| UnitRule::CantAttack),
        one_of(&["retreat or be retreated", "retreat", "be retreated"])
            .map(|_| UnitRule::CantRetreat),
        w("untap").map(|_| UnitRule::CantUntap),
        w("be discarded").map(|_| UnitRule::CantBeDiscarded),
    ))
    .parse_next(input)
}

/// "costs 1 less build counter to deploy", "cost 1 more Force to play".
#[inline(never)]
fn cost_change(input: &mut &str) -> R<UnitVerb> {
    (
        one_of(&["costs", "cost"]),
        number,
        one_of(&["less", "fewer", "more"]),
        alt((
            one_of(&["build counters", "build counter"]).map(|_| Resource::BuildCounters),
            one_of(&["build points", "build point"]).map(|_| Resource::BuildPoints),
            w("force").map(|_| Resource::Force),
        )),
        w("to"),
        alt((
            w("deploy").map(|_| CostAction::Deploy),
            w("complete").map(|_| CostAction::Complete),
            w("attach").map(|_| CostAction::Attach),
            one_of(&["play", "use"]).map(|_| CostAction::Play),
        )),
    )
        .map(|(_, n, which, resource, _, action)| -> UnitVerb {
            let change = if which == "more" {
                n as i32
            } else {
                -(n as i32)
            };
            Box::new(move |what| {
                vec![Effect::CostChange {
                    what,
                    change,
                    resource,
                    action,
                }]
            })
        })
        .parse_next(input)
}

/// "a Jedi", "a Bodyguard Soldier", "Imperial": the subtype units are treated as having.
fn subtype_as(input: &mut &str) -> R<String> {
    // "Treat ~ as Imperial.", "Treat ~ as Farmer Creature." (15TH Aphra's Team (A), TM Din's
    // Strike Team (A)) print no article.
    let _ = opt(one_of(&["an", "a"])).parse_next(input)?;
    let words: Vec<&str> = repeat(1.., super::words::capitalized).parse_next(input)?;
    Ok(words.join(" "))
}

/// What units get: stat changes, keywords, quoted abilities, joined by commas and "and".
#[inline(never)]
fn gains(input: &mut &str) -> R<UnitVerb> {
    let items: Vec<Gain> =
        separated(1.., gain, alt((mark(", and"), w("and"), mark(",")))).parse_next(input)?;
    let mut power = 0;
    let mut health = 0;
    let mut speed = 0;
    let mut keywords = Vec::new();
    let mut abilities = Vec::new();
    // "+X power": the change counted by a definition of X that follows ("where X is the
    // number of ..."), the unread X until then; never beside a printed number, which it would
    // multiply.
    let x = items.iter().any(|item| matches!(item, Gain::StatX(..)));
    if x && items.iter().any(|item| matches!(item, Gain::Stat(..))) {
        return super::words::fail(input, "+N power");
    }
    for item in items {
        match item {
            Gain::Stat(stat, n) | Gain::StatX(stat, n) => match stat {
                "power" => power += n,
                "health" => health += n,
                _ => speed += n,
            },
            Gain::Keyword(keyword) => keywords.push(keyword),
            Gain::Quoted(text) => abilities.push(text),
            Gain::Subtypes(texts) => abilities.extend(texts),
        }
    }
    let stats = power != 0 || health != 0 || speed != 0;
    let grants = !keywords.is_empty() || !abilities.is_empty();
    // "gets +2 power and Precision": the stats and the abilities are two effects on the same
    // units. One unit chosen is chosen once: "One of your Jedi gets +20 speed and Stun 4" gives
    // the second to "that unit".
    Ok(Box::new(move |who: Units| {
        let mut effects = Vec::new();
        let mut who = who;
        if stats {
            let first = who.clone();
            if first.pick
                == (Pick::Chosen {
                    count: 1,
                    up_to: false,
                })
            {
                who = Units::picked(Pick::That);
            }
            effects.push(Effect::Stats {
                who: first,
                power,
                health,
                speed,
                per: x.then(|| Count::Text("X".to_string())),
            });
        }
        if grants || !stats {
            effects.push(Effect::Grant {
                who,
                keywords,
                abilities,
            });
        }
        effects
    }))
}

enum Gain {
    Stat(&'static str, i32),
    /// "+X power", "-X speed": the sign.
    StatX(&'static str, i32),
    Keyword(Keyword),
    Quoted(String),
    /// "the Forest subtype": the abilities "Treat this unit as a Forest." granted.
    Subtypes(Vec<String>),
}

fn gain(input: &mut &str) -> R<Gain> {
    alt((
        (signed, one_of(&["power", "health", "speed"])).map(|(n, stat)| Gain::Stat(stat, n)),
        (
            alt((w("+x").map(|_| 1), w("-x").map(|_| -1))),
            one_of(&["power", "health", "speed"]),
        )
            .map(|(sign, stat)| Gain::StatX(stat, sign)),
        quoted.map(Gain::Quoted),
        subtypes_given.map(Gain::Subtypes),
        keyword.map(Gain::Keyword),
    ))
    .context("+N power, a keyword or a quoted ability")
    .parse_next(input)
}

/// "the Forest subtype", "the Assassin and Bounty Hunter subtypes": a unit that gets a subtype
/// is treated as one, which is the ability "Treat this unit as a Forest." granted to it, one
/// per subtype.
fn subtypes_given(input: &mut &str) -> R<Vec<String>> {
    w("the").parse_next(input)?;
    let names: Vec<String> = separated(
        1..,
        repeat(1.., super::words::capitalized).map(|words: Vec<&str>| words.join(" ")),
        w("and"),
    )
    .parse_next(input)?;
    let _ = one_of(&["subtypes", "subtype"]).parse_next(input)?;
    Ok(names
        .iter()
        .map(|name| {
            let article = if name.starts_with(['A', 'E', 'I', 'O', 'U']) {
                "an"
            } else {
                "a"
            };
            format!("Treat this unit as {article} {name}.")
        })
        .collect())
}

/// A keyword with its amount ("Accuracy 1", "Critical Hit X", "Stealth").
fn keyword(input: &mut &str) -> R<Keyword> {
    let name = keyword_name(input)?;
    if name.is_empty() {
        return fail(input, "a keyword");
    }
    let amount = opt(amount).parse_next(input)?;
    Ok(Keyword {
        name,
        amount,
        costs: Vec::new(),
    })
}

/// An ability in quotes, kept as its text: it is read as an ability of its own when granted.
fn quoted(input: &mut &str) -> R<String> {
    // 'Pay 2 Force -> This unit gets +3 power for this attack.': single quotes, closed after the
    // quoted text's last full stop (an apostrophe inside, "opponent's", closes nothing).
    if let Some(rest) = input.strip_prefix('\'') {
        let Some(end) = rest.find(".'") else {
            return fail(input, "a closing '");
        };
        let text = rest[..=end].trim().to_string();
        *input = rest[end + 2..].trim_start_matches(' ');
        return Ok(text);
    }
    let Some(rest) = input.strip_prefix('"') else {
        return fail(input, "\"");
    };
    let Some(end) = rest.find('"') else {
        return fail(input, "a closing \"");
    };
    let text = rest[..end].trim().to_string();
    *input = rest[end + 1..].trim_start_matches(' ');
    Ok(text)
}

/// Words in quotes that a card's name has ('with "Luke" in its name'), straight or curly
/// quotes.
pub(super) fn quoted_words(input: &mut &str) -> R<String> {
    let Some(rest) = input
        .strip_prefix('"')
        .or_else(|| input.strip_prefix('\u{201c}'))
    else {
        return fail(input, "\"");
    };
    let Some(end) = rest.find(['"', '\u{201d}']) else {
        return fail(input, "a closing \"");
    };
    let words = rest[..end].trim().to_string();
    let after = &rest[end..];
    let after = after
        .chars()
        .next()
        .map_or(after, |c| &after[c.len_utf8()..]);
    if words.is_empty() || words.contains(['.', '>']) {
        return fail(input, "a name in quotes");
    }
    *input = after.trim_start_matches(' ');
    Ok(words)
}

/// "your hand", "your opponent's discard pile".
pub(super) fn zone_of(input: &mut &str) -> R<(Player, Zone)> {
    (
        alt((
            one_of(&["your opponent's", "his or her opponent's"]).map(|_| Player::Opponent),
            one_of(&["your", "his or her", "its owner's", "their"]).map(|_| Player::You),
        )),
        alt((
            w("hand").map(|_| Zone::Hand),
            w("deck").map(|_| Zone::Deck),
            w("discard pile").map(|_| Zone::DiscardPile),
            w("build zone").map(|_| Zone::BuildZone),
        )),
    )
        .parse_next(input)
}

/// Imperatives whose subject is the ability's controller: "untap this unit", "put 1 damage
/// counter on each unit", "prevent all damage to that unit".
#[inline(never)]
fn imperative(input: &mut &str) -> R<Effect> {
    alt((moves, counters, super::prevention::prevent, others)).parse_next(input)
}

/// Imperatives that tap, untap, discard, retreat, return or choose units.
#[inline(never)]
fn moves(input: &mut &str) -> R<Effect> {
    alt((
        (w("untap"), units).map(|(_, u)| Effect::Untap(u)),
        (w("tap"), units).map(|(_, u)| Effect::Tap(u)),
        (w("discard"), units).map(|(_, u)| Effect::Discard(u)),
        (w("retreat"), units).map(|(_, u)| Effect::Retreat(u)),
        // "from your opponent's discard pile": cards the opponent owns.
        (w("return"), units, w("from"), zone_of, w("to"), zone_of).map(
            |(_, mut what, _, (whose, from), _, (_, to))| {
                if whose == Player::Opponent {
                    what.owner = crate::script::Owner::Opponents;
                }
                Effect::Move { what, from, to }
            },
        ),
        (
            w("return"),
            units,
            w("to"),
            one_of(&[
                "its owner's hand",
                "their owner's hand",
                "his or her owner's hand",
                "your hand",
                "its owners hand",
                "owner's hand",
            ]),
        )
            .map(|(_, u, _, _)| Effect::ReturnToHand(u)),
        super::choices::choosing,
        relocations,
    ))
    .parse_next(input)
}

/// Imperatives that show a card, look at a hand or move a unit into an arena.
fn relocations(input: &mut &str) -> R<Effect> {
    alt((
        take_subordinate,
        (
            w("look at"),
            alt((
                w("your opponent's hand").map(|_| Player::Opponent),
                w("your hand").map(|_| Player::You),
            )),
        )
            .map(|(_, whose)| Effect::LookAtHand(whose)),
        // Showing a card being built chooses it for the steps after ("Put 1 build counter on
        // it").
        (w("show"), units, w("to your opponent")).map(|(_, u, _)| Effect::Choose(u)),
        (
            w("put"),
            units,
            one_of(&["into the", "in the"]),
            super::units::arena_name,
            w("arena"),
        )
            .map(|(_, who, _, arena, _)| Effect::MoveTo { who, arena }),
        (
            w("move"),
            units,
            one_of(&["into the", "to the"]),
            super::units::arena_name,
            w("arena"),
        )
            .map(|(_, who, _, arena, _)| Effect::MoveTo { who, arena }),
    ))
    .parse_next(input)
}

/// "Take 1 50/3/3 Dark Jedi Warrior Subordinate with \"Cunning\" and put it into the Ground
/// or Character arena", "take 2 40/2/2 Czerka Guard Subordinates and put them into their arena
/// tapped" (game 16.5). The printed stats name one card of the supply; a text without them
/// ("Take 1 Jedi Subordinate") chooses among several and is not read here.
#[inline(never)]
fn take_subordinate(input: &mut &str) -> R<Effect> {
    let (_, count, stats) = (w("take"), count, subordinate_stats).parse_next(input)?;
    let name = subordinate_name(input)?;
    let abilities: Vec<String> = opt((
        w("with"),
        separated(1.., quoted, alt((mark(", and"), mark(","), w("and")))),
    ))
    .map(|found: Option<(_, Vec<String>)>| {
        found
            .map(|(_, texts)| texts.into_iter().filter(|t| !t.is_empty()).collect())
            .unwrap_or_default()
    })
    .parse_next(input)?;
    let (_, _, _, arenas, tapped) = (
        w("and put"),
        one_of(&["it", "them"]),
        // "and put it in the Ground arena" (BOBF): as "into".
        one_of(&["into", "in"]),
        alt((
            one_of(&["its arena", "their arena", "its arenas", "their arenas"]).map(|_| Vec::new()),
            (
                w("the"),
                separated(1.., super::units::arena_name, alt((mark(","), w("or")))),
                one_of(&["arenas", "arena"]),
            )
                .map(|(_, arenas, _)| arenas),
        )),
        opt(alt((mark(", tapped"), w("tapped")))).map(|t| t.is_some()),
    )
        .parse_next(input)?;
    Ok(Effect::TakeSubordinate {
        count,
        name,
        stats,
        abilities,
        arenas,
        tapped,
    })
}

/// A Subordinate's printed speed, power and health: "50/3/3", "70/*/*".
fn subordinate_stats(input: &mut &str) -> R<String> {
    let end = input.find(' ').unwrap_or(input.len());
    let word = &input[..end];
    let parts: Vec<&str> = word.split('/').collect();
    let stat = |p: &str| !p.is_empty() && p.chars().all(|c| c.is_ascii_digit() || c == '*');
    if parts.len() != 3 || !parts.iter().all(|p| stat(p)) {
        return fail(input, "a Subordinate's speed/power/health");
    }
    *input = input[end..].trim_start_matches(' ');
    Ok(word.to_string())
}

/// The name before "Subordinate" or "Subordinates": the words of one card's name, with no
/// sentence's end or quote inside.
fn subordinate_name(input: &mut &str) -> R<String> {
    let lower = input.to_ascii_lowercase();
    let Some(at) = lower.find(" subordinate") else {
        return fail(input, "a Subordinate's name");
    };
    let name = input[..at].trim();
    if name.is_empty() || name.contains(['.', '"', ':']) {
        return fail(input, "a Subordinate's name");
    }
    let rest = &input[at + " subordinate".len()..];
    let rest = rest
        .strip_prefix('s')
        .filter(|r| !r.starts_with(char::is_alphanumeric))
        .unwrap_or(rest);
    if rest.starts_with(char::is_alphanumeric) {
        return fail(input, "a Subordinate's name");
    }
    let name = name.to_string();
    *input = rest.trim_start_matches(' ');
    Ok(name)
}

/// "Put 2 damage counters on that unit".
fn damage_counters_on(input: &mut &str) -> R<Effect> {
    (
        w("put"),
        amount_or_article,
        one_of(&["damage counters", "damage counter"]),
        w("on"),
        units,
    )
        .map(|(_, amount, _, _, on)| Effect::DamageCounters { on, amount })
        .parse_next(input)
}

/// Imperatives about damage counters and counters of other kinds.
#[inline(never)]
fn counters(input: &mut &str) -> R<Effect> {
    alt((
        (
            w("put"),
            amount_or_article,
            one_of(&["build counters", "build counter"]),
            w("on"),
            units,
        )
            .map(|(_, amount, _, _, on)| Effect::BuildCounters { on, amount }),
        damage_counters_on,
        (
            w("put"),
            amount_or_article,
            counter_kind,
            one_of(&["counters", "counter"]),
            w("on"),
            units,
        )
            .map(|(_, amount, kind, _, _, on)| Effect::Counters {
                kind,
                on,
                amount,
                remove: false,
            }),
        resource_counters,
        // A Resource's counters (game 16.4): "add 1 counter to this Resource".
        (
            w("add"),
            amount_or_article,
            one_of(&["counters", "counter"]),
            w("to"),
            super::units::this,
        )
            .map(|(_, amount, _, _, on)| Effect::Counters {
                kind: RESOURCE_COUNTER.to_string(),
                on,
                amount,
                remove: false,
            }),
        remove_damage,
        (
            w("remove"),
            amount_or_article,
            counter_kind,
            one_of(&["counters", "counter"]),
            w("from"),
            units,
        )
            .map(|(_, amount, kind, _, _, on)| Effect::Counters {
                kind,
                on,
                amount,
                remove: true,
            }),
    ))
    .parse_next(input)
}

/// Counters of a player's Resource (game 16.4): "add 2 counters to your Resource", "remove up
/// to 2 counters from your opponent's Resource" (a Resource never has fewer than none, so "up
/// to" says nothing more).
fn resource_counters(input: &mut &str) -> R<Effect> {
    let whose = || {
        alt((
            w("your opponent's resource").value(Player::Opponent),
            w("your resource").value(Player::You),
        ))
    };
    alt((
        (
            w("add"),
            amount_or_article,
            one_of(&["counters", "counter"]),
            w("to"),
            whose(),
        )
            .map(|(_, amount, _, _, whose)| Effect::ResourceCounters {
                whose,
                amount,
                remove: false,
            }),
        (
            w("remove"),
            opt(w("up to")),
            amount_or_article,
            one_of(&["counters", "counter"]),
            w("from"),
            whose(),
        )
            .map(|(_, _, amount, _, _, whose)| Effect::ResourceCounters {
                whose,
                amount,
                remove: true,
            }),
    ))
    .parse_next(input)
}

/// What follows "does" or "deal": "2 damage to <units>" or "4 dice of damage to <units>" (each
/// die that hits does 1 damage, game 11.2).
fn damage_done(input: &mut &str) -> R<Effect> {
    (
        amount,
        alt((
            (w("damage to"), units).map(|(_, to)| (to, false)),
            (one_of(&["dice of damage to", "die of damage to"]), units).map(|(_, to)| (to, true)),
        )),
    )
        .map(|(amount, (to, dice))| {
            if dice {
                Effect::DiceDamage {
                    to,
                    dice: amount,
                    by: None,
                }
            } else {
                Effect::Damage {
                    to,
                    amount,
                    by: None,
                }
            }
        })
        .parse_next(input)
}

/// Damage dealt and subtypes treated as.
#[inline(never)]
fn others(input: &mut &str) -> R<Effect> {
    alt((
        (one_of(&["deal", "do"]), damage_done).map(|(_, effect)| effect),
        (w("treat"), units, w("as"), subtype_as)
            .map(|(_, who, _, subtype)| Effect::TreatAs { who, subtype }),
        (w("disrupt"), separated(1.., disrupted, w("or"))).map(|(_, what)| Effect::Disrupt(what)),
        // Rebel Marine Squad: "Subtract 1 from each of this unit's attack dice."
        (
            alt((
                (w("subtract"), number, w("from")).map(|(_, n, _)| -(n as i32)),
                (w("add"), opt(mark("+")), number, w("to")).map(|(_, _, n, _)| n as i32),
            )),
            w("each of"),
            super::units::this,
            one_of(&["'s attack dice", "'s attack die"]),
        )
            .map(|(change, _, who, _)| Effect::AttackDice { who, change }),
        (
            w("damage from"),
            units,
            opt(one_of(&["'s attacks", "'s attack"])),
            one_of(&["can't be prevented", "cannot be prevented"]),
        )
            .map(|(_, who, attack, _)| Effect::Rule {
                who,
                rule: if attack.is_some() {
                    UnitRule::AttackDamageCantBePrevented
                } else {
                    UnitRule::DamageCantBePrevented
                },
            }),
    ))
    .parse_next(input)
}

/// What a disrupt cancels: "a Battle card", "that Battle card", "an activated ability".
fn disrupted(input: &mut &str) -> R<Disrupted> {
    alt((
        one_of(&["a battle card", "battle card"]).map(|_| Disrupted::BattleCard),
        w("that battle card").map(|_| Disrupted::ThatBattleCard),
        one_of(&["an activated ability", "activated ability"]).map(|_| Disrupted::ActivatedAbility),
    ))
    .parse_next(input)
}

/// "remove up to 2 damage counters from this unit", "remove all damage counters from it".
#[inline(never)]
fn remove_damage(input: &mut &str) -> R<Effect> {
    (
        w("remove"),
        alt((
            w("all").map(|_| (None, false)),
            (w("up to"), amount_or_article).map(|(_, n)| (Some(n), true)),
            amount_or_article.map(|n| (Some(n), false)),
        )),
        one_of(&["damage counters", "damage counter"]),
        w("from"),
        units,
    )
        .map(|(_, (amount, up_to), _, _, from)| Effect::RemoveDamage {
            from,
            amount,
            up_to,
        })
        .parse_next(input)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::script::{Arena, Cost, Filter, Where};

    fn read(text: &str) -> Vec<Step> {
        super::super::words::read_whole(clauses, text)
    }

    fn one(text: &str) -> Effect {
        let mut steps = read(text);
        assert_eq!(steps.len(), 1, "{text}: {steps:?}");
        steps.remove(0).effect
    }

    #[test]
    fn a_second_verb_or_counters_printed_once() {
        // PM Boss Nass (A): the same units cost less and get more.
        let steps = read(
            "each of your other Gungan units costs 1 fewer build point to deploy and each gets +1 power",
        );
        assert_eq!(steps.len(), 2, "{steps:?}");
        assert!(
            matches!(steps[0].effect, Effect::CostChange { .. }),
            "{steps:?}"
        );
        assert!(
            matches!(steps[1].effect, Effect::Stats { power: 1, .. }),
            "{steps:?}"
        );
        // PM Sebulba's Podracer (A): "put" once for two units.
        let steps = read(
            "put 3 damage counters on a unit in the Ground arena and 1 damage counter on this unit",
        );
        assert_eq!(steps.len(), 2, "{steps:?}");
        assert!(
            matches!(&steps[1].effect, Effect::DamageCounters { on, amount: Amount::Number(1) } if on.pick == Pick::This),
            "{steps:?}"
        );
    }

    #[test]
    fn damage_is_done_by_the_card_or_by_the_unit_named() {
        // ESB Force Throw: "that Jedi" does the dice, not the card.
        let Effect::DiceDamage { by: Some(by), .. } =
            one("That Jedi does 3 dice of damage to each other unit in the Character arena")
        else {
            panic!("dice of damage done by that Jedi");
        };
        assert_eq!(by.pick, Pick::That);
        // The card itself, by "~" or by a bare name (ROTJ Log Trap read without its name).
        assert!(matches!(
            one("~ does 4 dice of damage to that unit"),
            Effect::DiceDamage { by: None, .. }
        ));
        assert!(matches!(
            one("Log Trap does 6 dice of damage to that unit"),
            Effect::DiceDamage { by: None, .. }
        ));
    }

    #[test]
    fn equipment_counted_on_the_unit() {
        // TAL Odan-Urr (A), TAL Hunter-Class Fighter.
        let Effect::Stats {
            per: Some(count), ..
        } = one("~ gets +1 health for each Equipment attached to him")
        else {
            panic!("a stat for each Equipment");
        };
        assert!(matches!(
            count,
            Count::Attached {
                kind: crate::script::AttachedKind::Equipment,
                ..
            }
        ));
        // "+1 power and Stun 1 for each Equipment": the keyword's number would count too.
        let mut input = "~ gets +1 power and Stun 1 for each Equipment attached to it";
        assert!(clauses(&mut input).is_err() || !input.is_empty());
    }

    #[test]
    fn counters_of_a_resource() {
        let counters = |whose, n, remove| Effect::ResourceCounters {
            whose,
            amount: Amount::Number(n),
            remove,
        };
        // BOBF Tusken Tribal Chief (A), TM Klatooinian Pirate, TMW R2-D2 (U).
        assert_eq!(
            one("Add 2 counters to  your Resource"),
            counters(Player::You, 2, false)
        );
        assert_eq!(
            one("remove up to 2 counters from your opponent's Resource"),
            counters(Player::Opponent, 2, true)
        );
        assert_eq!(
            one("remove 1 counter from your opponent's Resource"),
            counters(Player::Opponent, 1, true)
        );
        // TROS Dejarik: the Resource itself.
        assert_eq!(
            one("add 1 counter to this Resource"),
            Effect::Counters {
                kind: "resource".into(),
                on: Units::this(),
                amount: Amount::Number(1),
                remove: false
            }
        );
    }

    /// A search as a whole sentence reads it ("Search ... Then shuffle your deck.").

    #[test]
    fn an_arena_is_chosen_among_those_named() {
        // BOY Stormtrooper Assault: "Choose Ground or Character. Each of your units in that
        // arena gets +1 power until end of turn."
        assert_eq!(
            one("Choose Ground or Character"),
            Effect::ChooseArenaOf(vec![Arena::Ground, Arena::Character])
        );
        assert_eq!(
            one("Choose Space, Ground, or Character"),
            Effect::ChooseArenaOf(vec![Arena::Space, Arena::Ground, Arena::Character])
        );
        assert_eq!(one("Choose an arena"), Effect::ChooseArena);
        // A unit is a unit chosen, not an arena.
        assert!(matches!(one("Choose a Character"), Effect::Choose(_)));
    }

    #[test]
    fn discards_from_hand_by_the_player_who_discards() {
        // BOY Womp Rat, AOTC Shu Mai (A).
        let Effect::DiscardCards {
            who: Player::Opponent,
            amount: Amount::Number(1),
        } = one("your opponent chooses and discards 1 card from his or her hand")
        else {
            panic!()
        };
        let steps = read("Draw a card, then discard a card from your hand");
        assert!(matches!(
            steps[1].effect,
            Effect::DiscardCards {
                who: Player::You,
                ..
            }
        ));
    }

    #[test]
    fn one_unit_chosen_gets_both_changes() {
        // SR Out of His Misery: one Jedi is chosen, and it gets the speed and the Stun.
        let steps = read("One of your Jedi gets +20 speed and Stun 4 until end of battle");
        let [first, second] = steps.as_slice() else {
            panic!("{steps:?}")
        };
        let (Effect::Stats { who: chosen, .. }, Effect::Grant { who: that, .. }) =
            (&first.effect, &second.effect)
        else {
            panic!("{steps:?}")
        };
        assert_eq!(
            chosen.pick,
            Pick::Chosen {
                count: 1,
                up_to: false
            }
        );
        assert_eq!(that.pick, Pick::That);
        // Each unit of a kind gets both, as printed.
        let steps = read("Each of your Jedi gets +1 power and Stealth");
        let Effect::Grant { who, .. } = &steps[1].effect else {
            panic!("{steps:?}")
        };
        assert_eq!(who.pick, Pick::Each);
    }

    #[test]
    fn stats_and_keywords_for_units() {
        let Effect::Stats { who, power, .. } =
            one("each of your other Jedi in the Character arena gets +1 power")
        else {
            panic!()
        };
        assert_eq!(power, 1);
        assert_eq!(who.owner, Owner::Yours);
        assert_eq!(
            who.filters[1],
            Filter::In(Where::Arenas(vec![Arena::Character]))
        );
        let Effect::Grant { keywords, .. } = one("~ gets Critical Hit 2 and Stealth") else {
            panic!()
        };
        assert_eq!(keywords.len(), 2);
        assert_eq!(keywords[0].amount, Some(Amount::Number(2)));
        let Effect::Grant { abilities, .. } = one(
            "Each of your Jedi gets \"Remove 1 mastery counter from this unit -> Gain 2 Force.\"",
        ) else {
            panic!()
        };
        assert_eq!(
            abilities,
            ["Remove 1 mastery counter from this unit -> Gain 2 Force."]
        );
    }

    #[test]
    fn player_effects_and_their_conjunctions() {
        // Obi-Wan Kenobi (F): "you gain +4 Force" is a gain of 4.
        assert_eq!(
            one("you gain +4 Force"),
            Effect::Force {
                who: Player::You,
                amount: Amount::Number(4),
                lose: false
            }
        );
        // Cloud City Prison.
        assert_eq!(
            one("each player loses all of his or her Force"),
            Effect::Force {
                who: Player::Each,
                amount: Amount::All,
                lose: true
            }
        );
        // Throne Room: the place after "you have" is the counted units'.
        let Effect::Force {
            amount:
                Amount::ForEach {
                    count: Count::Units(units),
                    ..
                },
            ..
        } = one("gain 1 Force for each Jedi you have in any arena")
        else {
            panic!()
        };
        assert_eq!(units.owner, Owner::Yours);
        assert_eq!(units.filters.last(), Some(&Filter::In(Where::AnyArena)));
        // ESB Alter the Deal: "draws" has the player of the clause before.
        let steps = read("each player discards his or her hand, then draws 7 cards");
        assert_eq!(steps[0].effect, Effect::DiscardHand(Player::Each));
        assert_eq!(
            steps[1].effect,
            Effect::Draw {
                who: Player::Each,
                amount: Amount::Number(7)
            }
        );
        let steps = read("gain 1 Force and draw a card");
        assert_eq!(steps.len(), 2);
        assert_eq!(
            steps[1].effect,
            Effect::Draw {
                who: Player::You,
                amount: Amount::Number(1)
            }
        );
        assert_eq!(
            one("your opponent loses 2 Force"),
            Effect::Force {
                who: Player::Opponent,
                amount: Amount::Number(2),
                lose: true
            }
        );
    }

    #[test]
    fn durations_options_and_payments() {
        let steps = read("you may untap this unit");
        assert!(steps[0].optional);
        let steps = read("it gets +2 power until end of turn");
        assert_eq!(steps[0].duration, Some(Duration::ThisTurn));
        // FOR Mon Mothma (F), BOTS Pateesa (B): as long as the unit is in play.
        let steps = read("it gets Fortitude until it is discarded");
        assert_eq!(steps[0].duration, Some(Duration::ThisGame));
        let steps = read("~ gets +2 power and +2 health until he is discarded");
        assert_eq!(steps[0].duration, Some(Duration::ThisGame));
        let steps = read("prevent that damage unless your opponent pays 2 Force");
        assert_eq!(
            steps[0].unless_paid,
            Some(Payment {
                who: Player::Opponent,
                costs: vec![Cost::Force(Amount::Number(2))]
            })
        );
        // Bespin Twin-Pod Cloud Car.
        let steps = read("your opponent may pay 2 Force");
        assert!(steps[0].optional);
        assert_eq!(
            steps[0].effect,
            Effect::Pay(Payment {
                who: Player::Opponent,
                costs: vec![Cost::Force(Amount::Number(2))]
            })
        );
        // Rebel Assault Frigate.
        let steps = read("tap this unit unless you pay 1 build point");
        assert_eq!(
            steps[0].unless_paid,
            Some(Payment {
                who: Player::You,
                costs: vec![Cost::BuildPoints(Amount::Number(1))]
            })
        );
        let Effect::Stats { per, .. } = one("~ gets +1 power for each Droid you have in play")
        else {
            panic!()
        };
        assert!(matches!(per, Some(Count::Units(_))));
    }

    #[test]
    fn a_payment_may_come_before_the_effect_it_spares() {
        // ANH Error in Judgment: "he or she" is the player who may pay.
        let steps = read("Unless your opponent pays 5 Force, he or she discards that card");
        assert_eq!(steps.len(), 1);
        assert_eq!(
            steps[0].unless_paid,
            Some(Payment {
                who: Player::Opponent,
                costs: vec![Cost::Force(Amount::Number(5))],
            })
        );
        assert!(matches!(&steps[0].effect, Effect::Discard(units) if units.pick == Pick::That));
        // "he or she loses 2 Force": the pronoun names the paying player.
        let steps = read("Unless your opponent pays 2 Force, he or she loses 2 Force");
        assert!(matches!(
            steps[0].effect,
            Effect::Force {
                who: Player::Opponent,
                lose: true,
                ..
            }
        ));
    }

    #[test]
    fn counters_damage_rules_and_costs() {
        assert!(matches!(
            one("put 1 mastery counter on this unit"),
            Effect::Counters { remove: false, .. }
        ));
        assert!(matches!(
            one("remove up to 2 damage counters from one of your units"),
            Effect::RemoveDamage { up_to: true, .. }
        ));
        assert!(matches!(
            one("this unit can't be attacked"),
            Effect::Rule {
                rule: UnitRule::CantBeAttacked,
                ..
            }
        ));
        assert!(matches!(
            one("each of your Droids costs 1 less build counter to deploy"),
            Effect::CostChange {
                change: -1,
                action: CostAction::Deploy,
                ..
            }
        ));
        assert!(matches!(
            one("prevent all damage to ~"),
            Effect::Prevent { amount: None, .. }
        ));
    }

    #[test]
    fn choosing_a_unit_is_choosing_one() {
        // Imperial Detention Block: "Choose an untapped non-Jedi Character."
        let Effect::Choose(units) = one("Choose an untapped non-Jedi Character") else {
            panic!()
        };
        assert_eq!(
            units.pick,
            Pick::Chosen {
                count: 1,
                up_to: false
            }
        );
    }

    #[test]
    fn a_change_to_the_attack_dice() {
        assert_eq!(
            one("Subtract 1 from each of this unit's attack dice"),
            Effect::AttackDice {
                who: Units::this(),
                change: -1
            }
        );
    }

    #[test]
    fn dice_of_damage_are_not_damage() {
        // Fire Ant Cannon, and the battle step texts of Locations (Hoth Icefields).
        assert!(matches!(
            one("~ does 4 dice of damage to that unit"),
            Effect::DiceDamage {
                dice: Amount::Number(4),
                ..
            }
        ));
        assert!(matches!(
            one("do 2 dice of damage to that unit"),
            Effect::DiceDamage {
                dice: Amount::Number(2),
                ..
            }
        ));
        assert!(matches!(
            one("~ does 1 die of damage to each unit in the Space arena"),
            Effect::DiceDamage { .. }
        ));
    }
}
