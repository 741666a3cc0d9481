//! The steps of an activated or triggered script, turned into effects: which steps this plugin
//! carries out, which units each is about, and the effects it proposes. The kinds of ability
//! differ in when they happen and what they may choose ([`crate::activated`],
//! [`crate::triggered`]); what a step does is the same for both.

use swtcg_card_script::script::{
    self, Amount, Cost, Count, Effect as Does, Owner, Payment, Pick, Player, Script, Step, Units,
};
use swtcg_sdk::*;

use crate::granted::{ability_texts, keyword_texts};
use crate::units::{
    arena, card_filter_carried_out, card_fits, count_carried_out, counted, named, units_carried_out,
};

/// The most Subordinates one step takes: the sets print at most 3.
const MOST_SUBORDINATES: u32 = 5;

/// The most cards one search or return picks: the sets print at most 4 ("up to 4").
const MOST_PICKED: u32 = 10;

/// Whether the cards a phrase names can be told from what is printed on them.
fn cards_carried_out(what: &Units) -> bool {
    !what.other && what.filters.iter().all(card_filter_carried_out)
}

/// How many cards a phrase about cards in a pile picks and whether fewer may be: "a Sith
/// card" one, "up to 2 Jedi unit cards" at most two.
fn picked_count(what: &Units) -> Option<(u32, bool)> {
    match what.pick {
        Pick::Any => Some((1, false)),
        Pick::Chosen { count, up_to } if (1..=MOST_PICKED).contains(&count) => Some((count, up_to)),
        _ => None,
    }
}

/// The cards of `side`'s `piles` that a phrase names, as the host numbers them.
fn cards_in(what: &Units, side: Side, piles: &[Pile]) -> Vec<u32> {
    piles
        .iter()
        .flat_map(|&pile| host::pile_cards(side, pile))
        .filter(|card| what.filters.iter().all(|f| card_fits(f, card)))
        .map(|card| card.card)
        .collect()
}

/// Whether a step is about the card itself.
pub(crate) fn is_this(step: &Step) -> bool {
    subject(&step.effect).is_some_and(|u| u.pick == Pick::This)
}

/// Whether a step picks the one unit the player chooses.
pub(crate) fn picks_one(step: &Step) -> bool {
    match &step.effect {
        Does::Choose(units) => is_one(units),
        effect => subject(effect).is_some_and(is_one),
    }
}

/// Whether a step does something to `unit`, which it may then choose: an untap only to a tapped
/// unit, a tap only to an untapped one.
pub(crate) fn changes(step: &Step, unit: &UnitView) -> bool {
    match &step.effect {
        Does::Untap(_) => unit.tapped,
        Does::Tap(_) => !unit.tapped,
        Does::MoveTo { arena, .. } => may_move_to(unit, *arena),
        _ => true,
    }
}

/// Whether a unit may be moved into an arena: one of its type line's (game 4.2; the engine
/// refuses any other), and not the one it is in.
fn may_move_to(unit: &UnitView, to: script::Arena) -> bool {
    let to = crate::units::arena(to);
    unit.built && unit.arenas.contains(&to) && unit.zone != Zone::from(to)
}

/// Whether a step's phrase names one unit the player chooses: "one of your Jedi", and in a
/// step "a"/"an" ("Put 1 captivity counter on a Ground unit or Character").
fn is_one(units: &Units) -> bool {
    matches!(
        units.pick,
        Pick::Chosen {
            count: 1,
            up_to: false
        } | Pick::Any
    )
}

/// The units of an effect that is about units, borrowed as the effect is (one list of the
/// effects for [`subject`] and [`subject_mut`]).
macro_rules! units_of {
    ($effect:expr) => {
        match $effect {
            Does::Stats { who, .. } | Does::Grant { who, .. } => Some(who),
            Does::Damage { to, .. } | Does::DiceDamage { to, .. } | Does::Prevent { to, .. } => {
                Some(to)
            }
            Does::SelfDamage { who, .. } => Some(who),
            Does::DamageCounters { on, .. }
            | Does::Counters { on, .. }
            | Does::BuildCounters { on, .. } => Some(on),
            Does::RemoveDamage { from, .. } => Some(from),
            Does::Tap(units)
            | Does::Untap(units)
            | Does::Choose(units)
            | Does::Retreat(units)
            | Does::Discard(units) => Some(units),
            Does::MoveTo { who, .. } => Some(who),
            _ => None,
        }
    };
}

/// The units a step's effect is about, if it is about units.
pub(crate) fn subject(effect: &Does) -> Option<&Units> {
    units_of!(effect)
}

/// The units a step's effect is about, to be bound to what a pronoun names.
pub(crate) fn subject_mut(effect: &mut Does) -> Option<&mut Units> {
    units_of!(effect)
}

/// Whether the units of a step can be told: as a static ability's, or one chosen unit, or
/// (`that_known`) "that unit", the unit chosen by an earlier step or the one the trigger is
/// about, or the attacking unit.
fn units_ok(units: &Units, that_known: bool) -> bool {
    // A card being built is chosen by what is printed on it.
    if crate::units::names_cards_being_built(units) {
        return matches!(
            units.pick,
            Pick::Chosen {
                count: 1,
                up_to: false
            } | Pick::Any
        ) && !units.other
            && units.filters.iter().all(|f| match f {
                script::Filter::In(script::Where::BuildZone(_))
                | script::Filter::CardType(script::CardType::Card) => true,
                other => crate::units::filter_carried_out(other),
            });
    }
    match units.pick {
        Pick::That => that_known && units.filters.is_empty(),
        Pick::Attacker | Pick::Defender => units.filters.is_empty() && !units.other,
        _ => units_carried_out(units, true),
    }
}

/// The Resource of `side` in the Resource zone (the oldest, when a ruleset lets a player have
/// several: P-2), if they have one.
fn resource_of(side: Side) -> Option<UnitId> {
    host::units(Some(Zone::ResourceZone))
        .into_iter()
        .find(|&id| host::place(id).is_some_and(|p| p.controller == side))
}

/// The counters on a Resource (game 16.4).
fn resource_counters(unit: UnitId) -> u32 {
    host::counters(unit)
        .into_iter()
        .find(|c| c.kind == api::cost::RESOURCE_COUNTER)
        .map_or(0, |c| c.amount)
}

/// The number of counters a step removes from its controller's own Resource, if it is such a
/// step ("remove 2 counters from your Resource"): what "You may ... If you do, ..." buys the
/// later steps with.
pub(crate) fn resource_payment(step: &Step) -> Option<u32> {
    match &step.effect {
        Does::ResourceCounters {
            whose: Player::You,
            amount,
            remove: true,
        } => number(amount),
        _ => None,
    }
}

/// Whether the controller `side` can make a Resource payment of `n` counters: they have a
/// Resource with that many on it.
pub(crate) fn can_pay_resource(side: Side, n: u32) -> bool {
    resource_of(side).is_some_and(|unit| resource_counters(unit) >= n)
}

/// A printed number ("2").
pub(crate) fn number(amount: &Amount) -> Option<u32> {
    match amount {
        Amount::Number(n) => Some(*n),
        _ => None,
    }
}

/// Whether an amount can be told when the step happens: a number, or a number for each unit
/// in play a phrase names ("gain 1 Force for each Jedi you have in any arena").
fn amount_carried_out(amount: &Amount) -> bool {
    match amount {
        Amount::Number(_) => true,
        // "Gain X Force, where X is the number of cards in ~'s stack": one for each.
        Amount::ForEach { count, .. } | Amount::X(Some(count)) => counted_here(count),
        _ => false,
    }
}

/// Whether a step counts what a count names when it happens: as a static ability counts, but
/// the damage counters only of the card itself (the count reads the card's, never those of a
/// unit chosen or named by the trigger).
fn counted_here(count: &Count) -> bool {
    count_carried_out(count)
        && !matches!(count, Count::Counters { on, .. } | Count::Attached { on, .. }
            if on.pick != Pick::This)
}

/// The value of an amount [`amount_carried_out`] accepts, now.
fn value(amount: &Amount, me: &UnitView) -> u32 {
    match amount {
        Amount::Number(n) => *n,
        Amount::ForEach { per, count } => {
            per.saturating_mul(u32::try_from(counted(count, me)).unwrap_or(0))
        }
        Amount::X(Some(count)) => u32::try_from(counted(count, me)).unwrap_or(0),
        _ => 0,
    }
}

/// The most Force one `lose-force` effect takes (the engine bounds an effect's number).
const MOST_FORCE_LOST: u32 = 1_000;

/// The cost of a payment as the engine reads a printed cost ("Pay 2 Force"), if it is one
/// this plugin can name.
pub(crate) fn payment_cost(payment: &Payment) -> Option<String> {
    let [cost] = payment.costs.as_slice() else {
        return None;
    };
    match cost {
        Cost::Force(Amount::Number(n)) => Some(format!("Pay {n} Force")),
        Cost::BuildPoints(Amount::Number(n)) => Some(format!(
            "Pay {n} build point{}",
            if *n == 1 { "" } else { "s" }
        )),
        _ => None,
    }
}

/// The side of a payment's player, the card's controller being `me`.
pub(crate) fn payer(payment: &Payment, me: Side) -> Option<Side> {
    match payment.who {
        Player::You => Some(me),
        Player::Opponent => Some(opponent(me)),
        _ => None,
    }
}

/// The sides a player of a step names, the card's controller being `me`: "each player" both;
/// none for the controller of a unit (which the step would have to name).
pub(crate) fn sides_of(who: Player, me: Side) -> Vec<Side> {
    match who {
        Player::You => vec![me],
        Player::Opponent => vec![opponent(me)],
        Player::Each => vec![Side::Dark, Side::Light],
        Player::DarkSide => vec![Side::Dark],
        Player::LightSide => vec![Side::Light],
        Player::Controller => Vec::new(),
    }
}

/// Whether the steps keep cards being built apart from units in play: build counters go only on
/// a card being built chosen before, and a card being built chosen gets nothing but build
/// counters (the host's other effects are for units in play).
pub(crate) fn building_steps_ok(steps: &[Step]) -> bool {
    let chooses_building = |s: &Step| matches!(&s.effect, Does::Choose(units) if crate::units::names_cards_being_built(units));
    let Some(at) = steps.iter().position(chooses_building) else {
        return !steps
            .iter()
            .any(|s| matches!(s.effect, Does::BuildCounters { .. }));
    };
    steps[..at]
        .iter()
        .all(|s| !matches!(s.effect, Does::BuildCounters { .. }))
        && steps[at + 1..]
            .iter()
            .all(|s| matches!(s.effect, Does::BuildCounters { .. }))
}

/// Reads "in that arena" in a step's units as `arena` (the arena of the unit paid with, or of a
/// Battle card's target): the one place `paid` and `enhance` bind it.
pub(crate) fn bind_that_arena(units: &mut Units, arena: &script::Where) {
    read_place_as(units, &script::Where::ThatArena, arena);
}

/// Reads the place `printed` in the units' filters as `meant`.
fn read_place_as(units: &mut Units, printed: &script::Where, meant: &script::Where) {
    for filter in &mut units.filters {
        if matches!(filter, script::Filter::In(place) if place == printed) {
            *filter = script::Filter::In(meant.clone());
        }
    }
}

/// Whether the steps print a replacement this plugin carries out: "Gain 1 Force. If another
/// Rebel is in this arena, gain 2 Force instead." ([`replaced`]), in an activated or triggered
/// ability, each "instead" step with its own "if" and after a step of its own that it
/// replaces. (An Enhance's "instead" replaces the card's effects, [`crate::enhance`]; nested
/// steps, of options or rolls, print none.)
pub(crate) fn replacements_ok(script: &Script) -> bool {
    let nested_none = script.steps.iter().all(|step| match &step.effect {
        Does::ChooseOne(options) => options.iter().flatten().all(|s| !s.instead),
        Does::Roll { then, .. } => then.iter().all(|s| !s.instead),
        _ => true,
    });
    let instead = script.steps.iter().any(|step| step.instead);
    nested_none
        && (script.enhance
            || !instead
            || (matches!(
                script.kind,
                script::Kind::Activated | script::Kind::Triggered
            ) && script.steps.iter().enumerate().all(|(at, step)| {
                !step.instead || (at > 0 && step.only_if.is_some() && !script.steps[at - 1].instead)
            })))
}

/// The steps before a step's own "if" is told: an "instead" step's condition is told before
/// the step it replaces happens, and so is not told after it.
pub(crate) fn told_after(steps: &[Step], at: usize) -> &[Step] {
    &steps[..at - usize::from(at > 0 && steps[at].instead)]
}

/// The effects of steps in order, a step replaced ("If <condition>, <effect> instead.") when
/// the next step's condition holds; that step is skipped when it does not (its own "if").
pub(crate) fn replaced<'s>(steps: &'s [Step], at: &Context) -> impl Iterator<Item = &'s Step> {
    steps.iter().enumerate().filter_map(move |(index, step)| {
        let replaced = steps.get(index + 1).is_some_and(|next| {
            next.instead
                && next
                    .only_if
                    .as_ref()
                    .is_some_and(|condition| holds_now(condition, at))
        });
        (!replaced).then_some(step)
    })
}

/// Whether this plugin tells a step's own "if" ("If the Jedi is tapped, untap him or her.")
/// after the steps `before` it: the effects of one call are all proposed before any applies,
/// so the condition is told as the game is when the ability happens, and the steps before may
/// change nothing it reads (a choice, stats, keywords).
pub(crate) fn only_if_carried_out(condition: &script::Condition, before: &[Step]) -> bool {
    let known = match condition {
        script::Condition::UnitsAre { who, .. } if who.pick == Pick::That => who.filters.is_empty(),
        // What the unit is no step changes: the steps before may do anything.
        script::Condition::UnitIs { who, what } if who.pick == Pick::That => {
            return crate::units::units_carried_out(&crate::units::anyone(what), false);
        }
        other => crate::units::condition_carried_out(other),
    };
    // A unit retreated or put into an arena keeps its tapped state ("Retreat one of your Trade
    // Federation units from any arena. If it's untapped, tap it."), which such a condition reads.
    let tapped_state = matches!(
        condition,
        script::Condition::UnitsAre {
            state: script::UnitState::Tapped | script::UnitState::Untapped,
            ..
        }
    );
    known
        && before.iter().all(|s| match s.effect {
            Does::Choose(_) | Does::Stats { .. } | Does::Grant { .. } => true,
            Does::Retreat(_) | Does::MoveTo { .. } | Does::Move { .. } => tapped_state,
            _ => false,
        })
}

/// Whether a step's own "if" holds now, "that unit" being the one chosen or named before.
fn holds_now(condition: &script::Condition, at: &Context) -> bool {
    match condition {
        script::Condition::UnitsAre { who, state } if who.pick == Pick::That => {
            let Some(unit) = at.that.and_then(host::unit) else {
                return false;
            };
            crate::units::in_state(*state, &unit)
        }
        script::Condition::UnitIs { who, what } if who.pick == Pick::That => at
            .that
            .and_then(host::unit)
            .is_some_and(|unit| crate::units::names(&crate::units::anyone(what), &unit, at.me)),
        other => crate::units::holds(other, at.me),
    }
}

/// Whether this plugin carries out what a step does, `that_known` saying whether "that unit"
/// names a unit here. The step's "you may", "if you do" and "if" are the kind of ability's to
/// tell; a duration belongs to a change of stats or keywords only.
pub(crate) fn carried_out(step: &Step, that_known: bool) -> bool {
    // "Your opponent can't play Battle cards this turn": a card played keeps its ability in
    // effect for the turn (API 1.14 `lasts`), which then answers `forbids`.
    if crate::forbids::is_prohibition(&step.effect) {
        return crate::forbids::played_carried_out(step);
    }
    // Damage done by a unit other than the ability's card: "that" unit, named before.
    if let Does::Damage { by: Some(by), .. } | Does::DiceDamage { by: Some(by), .. } = &step.effect
        && !(by.pick == Pick::That && that_known && !by.other)
    {
        return false;
    }
    // "... when the attack ends": damage waits for it (the effect `at-attack-end`, whose
    // delayed effects are damage, stats, Force, build points and draws).
    if step.when_attack_ends
        && !matches!(step.effect, Does::Damage { .. } | Does::SelfDamage { .. })
    {
        return false;
    }
    let lasting = matches!(step.effect, Does::Stats { .. } | Does::Grant { .. });
    // Build points gained "this turn" are the turn's anyway (the engine empties the pool at the
    // end of the turn).
    let for_the_turn = matches!(step.effect, Does::BuildPoints { .. })
        && step.duration == Some(script::Duration::ThisTurn);
    // "Prevent all damage to that unit this turn": one unit's damage prevented for a while
    // ([`shield`]).
    // "Prevent all damage done by Space units this turn": the card's ability kept in effect
    // ([`crate::lasting`]).
    let shields = timed_prevention(step)
        && (crate::lasting::prevention_carried_out(step)
            || subject(&step.effect)
                .is_some_and(|u| matches!(u.pick, Pick::This | Pick::That) || is_one(u)));
    // Nothing but a change of stats or keywords has a duration; one printed with none lasts as
    // [`date_changes`] and [`undated`] tell.
    if !lasting && step.duration.is_some() && !for_the_turn && !shields {
        return false;
    }
    let units = subject(&step.effect).is_none_or(|units| units_ok(units, that_known));
    units
        && match &step.effect {
            // "+1 power for each ...", "+X power, where X is ...": counted when the step
            // happens, and the change lasts as it was then.
            Does::Stats { per, .. } => per.as_ref().is_none_or(counted_here),
            Does::Grant {
                keywords,
                abilities,
                ..
            } => {
                !(keywords.is_empty() && abilities.is_empty())
                    && keyword_texts(keywords).is_some()
                    && ability_texts(abilities).is_some()
            }
            // Either player loses Force or draws; only the ability's controller gains Force or
            // build points here (the effects `gain-force` and `gain-build-points` are theirs).
            // Each player loses Force; all of it, too.
            Does::Force {
                who,
                amount,
                lose: true,
            } => {
                matches!(who, Player::You | Player::Opponent | Player::Each)
                    && (*amount == Amount::All || amount_carried_out(amount))
            }
            Does::Draw { who, amount } => {
                matches!(who, Player::You | Player::Opponent | Player::Each)
                    && amount_carried_out(amount)
            }
            // Either player, or each (API 1.19 `player-gains-force` for the opponent's).
            Does::Force {
                who: Player::You | Player::Opponent | Player::Each,
                amount,
                lose: false,
            } => amount_carried_out(amount),
            // Either player's build points, gained or lost (API 1.13 `build-points`).
            Does::BuildPoints { who, amount, .. } => {
                *who != Player::Controller && amount_carried_out(amount)
            }
            // A player's Resource's counters (game 16.4; API 1.17 lists the Resource zone).
            Does::ResourceCounters { whose, amount, .. } => {
                matches!(whose, Player::You | Player::Opponent) && amount_carried_out(amount)
            }
            // "Put 1 build counter on it": on the card being built chosen before (API 1.14
            // `build-counters`; [`building_steps_ok`] checks that it is one).
            Does::BuildCounters { on, amount } => on.pick == Pick::That && number(amount).is_some(),
            // "Look at your opponent's hand": its cards shown to the controller (API 1.13
            // `reveal`).
            Does::LookAtHand(Player::Opponent) => true,
            Does::Damage { amount, .. }
            | Does::SelfDamage { amount, .. }
            | Does::DiceDamage { dice: amount, .. }
            | Does::DamageCounters { amount, .. }
            | Does::Counters { amount, .. } => amount_carried_out(amount),
            // "Remove up to N damage counters": the player chooses how many (remove-damage);
            // "remove N" and "remove all" remove them with no choice (API 1.12 clear-damage).
            Does::RemoveDamage {
                amount: Some(amount),
                ..
            } => number(amount).is_some(),
            Does::RemoveDamage {
                amount: None,
                up_to: false,
                ..
            } => true,
            // Only damage done by some units a kept prevention prevents (`shields`).
            Does::Prevent { amount, by, .. } => {
                (by.is_none() || shields) && amount.as_ref().is_none_or(|a| number(a).is_some())
            }
            // A retreat moves the unit into its owner's build zone (game 8.4), the effect
            // `move-unit` there.
            // A discard is the effect `discard-unit` (API 1.10, game 14.4).
            Does::Tap(_)
            | Does::Untap(_)
            | Does::Choose(_)
            | Does::Retreat(_)
            | Does::Discard(_) => true,
            // "Move one of your Characters from the Space arena into the Character arena", "put
            // one of your Starfighters from your build zone into the Space arena": the effect
            // `move-unit`, for a unit whose type line has that arena ([`changes`]).
            Does::MoveTo { .. } => true,
            // The supply card of that name is the Subordinate taken, with its printed
            // abilities (game 16.5): the engine finds it and puts it into the arena.
            Does::TakeSubordinate { count, .. } => (1..=MOST_SUBORDINATES).contains(count),
            // The engine lets the player pick among the cards whose printed features fit
            // (API 1.11 `pick-cards`), moves them and shuffles the deck searched.
            Does::Search {
                what,
                count,
                to,
                whose,
                ..
            } => {
                cards_carried_out(what)
                    && (1..=MOST_PICKED).contains(count)
                    && match whose {
                        // Into play (its arena) the engine can do too, but no scenario proves a
                        // card's text of it yet.
                        Player::You => {
                            matches!(to, script::Zone::Hand | script::Zone::BuildZone)
                        }
                        // "Search your opponent's deck for up to 3 Location cards and discard
                        // them": the searching player picks, and the deck is shuffled.
                        Player::Opponent => matches!(to, script::Zone::DiscardPile),
                        _ => false,
                    }
            }
            // "Discard a card from your hand", "your opponent discards 2 cards from his or her
            // hand": a pick of the discarding player's (API 1.11 `pick-cards`).
            Does::DiscardCards { who, amount } => {
                matches!(who, Player::You | Player::Opponent)
                    && number(amount).is_some_and(|n| (1..=MOST_PICKED).contains(&n))
            }
            // "Your opponent discards his or her hand": every card of it, picked by its player.
            // "Each player discards his or her hand": each picks all of theirs.
            Does::DiscardHand(who) => {
                matches!(who, Player::You | Player::Opponent | Player::Each)
            }
            // "Look at your opponent's hand. Choose one of those cards. Your opponent discards
            // that card.": a pick of the controller's among the opponent's cards in hand (API
            // 1.11 `pick-cards`, the picker another player than the cards' owner).
            Does::DiscardFromHand {
                whose: Player::Opponent,
                what,
                count,
                ..
            } => cards_carried_out(what) && (1..=MOST_PICKED).contains(count),
            // "Return a Sith card from your discard pile to your hand": a pick from the
            // player's own discard pile.
            Does::Move {
                what,
                from: script::Zone::DiscardPile,
                to: script::Zone::Hand,
            } => {
                // "return this card from your discard pile to your hand": the card itself, its
                // unit discarded.
                let itself = what.pick == Pick::This && what.filters.is_empty();
                what.owner != Owner::Opponents
                    && cards_carried_out(what)
                    && (itself || picked_count(what).is_some())
            }
            _ => false,
        }
}

/// Whether a step prevents damage for a while: "Prevent all damage to that unit this turn."
pub(crate) fn timed_prevention(step: &Step) -> bool {
    matches!(step.effect, Does::Prevent { .. }) && step.duration.is_some()
}

/// What a unit whose damage is prevented for a while gets for that while: the triggered ability
/// this plugin carries out when each instance of damage to it opens its prevention POP (game
/// 10.7), as printed on a unit ("Whenever this unit would be damaged, prevent 2 of that
/// damage."), `most` of each instance or all of it. A granted text, not a hidden mark: the board
/// shows the unit with it until it ends.
fn shield(most: Option<u32>) -> String {
    match most {
        Some(n) => format!("Whenever this unit would be damaged, prevent {n} of that damage."),
        None => "Whenever this unit would be damaged, prevent that damage.".to_string(),
    }
}

fn duration(duration: Option<script::Duration>) -> Duration {
    match duration {
        Some(script::Duration::ThisAttack) => Duration::ThisAttack,
        Some(script::Duration::ThisBattlePhase) => Duration::EndOfBattle,
        Some(script::Duration::ThisGame) => Duration::EndOfGame,
        Some(script::Duration::ThisTurn) => Duration::EndOfTurn,
        None => undated(),
    }
}

/// Reads "in each arena" in the units a step is about ("it does 1 damage to each of your Droids
/// in each arena") as in any arena: every such unit wherever it is. In a condition the words say
/// one in every arena ("if you have a unit in each arena"), which conditions keep.
pub(crate) fn each_arena_is_any(script: &mut swtcg_card_script::script::Script) {
    for step in &mut script.steps {
        if let Some(units) = subject_mut(&mut step.effect)
            && units.pick == Pick::Each
        {
            read_place_as(units, &script::Where::EachArena, &script::Where::AnyArena);
        }
    }
}

/// A change of stats or keywords that a played card or an activated ability prints with no
/// duration lasts until end of turn: the official rulings of JG Close Pursuit ("Choose one of
/// your opponent's units ... That unit gets -20 speed."), ESB Precise Attack and RAS Princess
/// Leia (I) say "This effect lasts until end of turn." The script then says so; a triggered
/// ability's is told when it happens ([`undated`]).
pub(crate) fn date_changes(script: &mut swtcg_card_script::script::Script) {
    use swtcg_card_script::script::Kind;
    fn date(steps: &mut [Step]) {
        for step in steps {
            match &mut step.effect {
                Does::Stats { .. } | Does::Grant { .. } => {
                    step.duration.get_or_insert(script::Duration::ThisTurn);
                }
                Does::ChooseOne(options) => options.iter_mut().for_each(|o| date(o)),
                _ => {}
            }
        }
    }
    if matches!(script.kind, Kind::Played | Kind::Activated) {
        date(&mut script.steps);
    }
}

/// How long a triggered ability's change printed with no duration lasts ("Whenever this unit
/// attacks a Droid, it gets Critical Hit 1."): no ruling says, so the rule
/// `trigger-change-lasts` does: until end of turn, as the rulings say of played cards
/// ([`date_changes`]), by default; "attack": for the attack, when it happens in one.
fn undated() -> Duration {
    if host::attack().is_some() && host::rule("trigger-change-lasts").as_deref() == Some("attack") {
        Duration::ThisAttack
    } else {
        Duration::EndOfTurn
    }
}

/// What a step is carried out with: the card whose ability it is, the unit "that unit" names
/// (the one chosen, or the one the trigger is about), and the amount the player chose for "up
/// to N".
pub(crate) struct Context<'a> {
    pub me: &'a UnitView,
    pub that: Option<UnitId>,
    pub amount: Option<u32>,
    /// The cards the steps before this one have each player draw (the Dark Side's, the Light
    /// Side's): "Draw 2 cards, then discard a card from your hand" may discard one of them,
    /// the top cards of the deck now.
    pub drawn: std::cell::Cell<[u32; 2]>,
}

/// The place of a side in [`Context::drawn`].
fn drawn_at(side: Side) -> usize {
    match side {
        Side::Dark => 0,
        Side::Light => 1,
    }
}

/// The cards in the hand of `side` when a step happens: those in it now and the ones the steps
/// before it draw (the top cards of the deck now).
fn hand_then(side: Side, at: &Context) -> Vec<u32> {
    let drawn = at.drawn.get()[drawn_at(side)] as usize;
    host::pile_cards(side, Pile::Hand)
        .into_iter()
        .chain(host::pile_cards(side, Pile::Deck).into_iter().take(drawn))
        .map(|card| card.card)
        .collect()
}

/// The top card of the ability's unit, if it is in its owner's discard pile: the unit was
/// discarded ("When this unit is discarded from the Ground arena, ... return this card from your
/// discard pile to your hand."). The host still knows a unit that left play as it was printed.
fn own_discarded_card(me: &UnitView) -> Vec<u32> {
    let Some(printed) = host::printed(me.id) else {
        return Vec::new();
    };
    host::pile_cards(me.owner, Pile::DiscardPile)
        .into_iter()
        .map(|card| card.card)
        .filter(|&card| card == printed.card)
        .collect()
}

fn opponent(side: Side) -> Side {
    match side {
        Side::Dark => Side::Light,
        Side::Light => Side::Dark,
    }
}

/// The effects of one step that [`carried_out`] accepts.
pub(crate) fn effects(step: &Step, at: &Context) -> HookResult {
    let me = at.me;
    // "If the Jedi is tapped, untap him or her.": nothing unless the condition holds now.
    if let Some(condition) = &step.only_if
        && !holds_now(condition, at)
    {
        return Ok(Vec::new());
    }
    let units: Vec<UnitId> = match subject(&step.effect) {
        Some(units) => match units.pick {
            // The one unit chosen ("one of", "a"), or named before ("that unit").
            Pick::Chosen { .. } | Pick::Any | Pick::That => at.that.into_iter().collect(),
            Pick::Attacker => host::attack().map(|a| a.attacker).into_iter().collect(),
            Pick::Defender => host::attack().map(|a| a.defender).into_iter().collect(),
            _ => named(units, me).into_iter().map(|u| u.id).collect(),
        },
        None => Vec::new(),
    };
    let side = |who: &Player| {
        if *who == Player::You {
            me.controller
        } else {
            opponent(me.controller)
        }
    };
    // The players a Force step is about: both for "each player".
    let sides = |who: &Player| match who {
        Player::Each => vec![Side::Dark, Side::Light],
        who => vec![side(who)],
    };
    let amount_of = |amount: &Amount| value(amount, me);
    // Damage is done by the ability's card, or by "that" unit the text names ("That Jedi does 3
    // dice of damage": `carried_out` saw that it is known).
    let source = match &step.effect {
        Does::Damage { by: Some(_), .. } | Does::DiceDamage { by: Some(_), .. } => {
            at.that.ok_or("no unit to do the damage")?
        }
        _ => me.id,
    };
    let mut effects = Vec::new();
    match &step.effect {
        // The card's ability stays in effect for the turn, and forbids what it says then.
        effect if crate::forbids::is_prohibition(effect) => {
            effects.push(Effect::Lasts(Duration::EndOfTurn));
        }
        Does::Stats {
            power,
            health,
            speed,
            per,
            ..
        } => {
            let times = per.as_ref().map_or(1, |count| counted(count, me));
            // Told here, not for every step: a change with no duration asks the host.
            let lasts = duration(step.duration);
            effects.extend(units.iter().map(|&unit| {
                Effect::Stats(StatChange {
                    unit,
                    speed: speed.saturating_mul(times),
                    power: power.saturating_mul(times),
                    health: health.saturating_mul(times),
                    duration: lasts,
                })
            }))
        }
        Does::Grant {
            keywords,
            abilities,
            ..
        } => {
            let texts = keyword_texts(keywords)
                .unwrap_or_default()
                .into_iter()
                .chain(ability_texts(abilities).unwrap_or_default());
            let lasts = duration(step.duration);
            for text in texts {
                effects.extend(units.iter().map(|&unit| {
                    Effect::Grant(Grant {
                        unit,
                        text: text.clone(),
                        duration: lasts,
                    })
                }));
            }
        }
        Does::Force {
            who,
            amount,
            lose: false,
        } => match who {
            Player::You => effects.push(Effect::GainForce(amount_of(amount))),
            // "Your opponent gains 4 Force", "Each player gains 1 Force" (API 1.19).
            Player::Opponent | Player::Each => {
                for side in sides(who) {
                    effects.push(Effect::PlayerGainsForce(SideAmount {
                        side,
                        amount: amount_of(amount),
                    }));
                }
            }
            _ => return Err("no player to gain Force".to_string()),
        },
        Does::Force {
            who, amount: how, ..
        } => {
            for side in sides(who) {
                // "Loses all of his or her Force": what they have, in losses the engine allows.
                let mut left = match how {
                    Amount::All => host::player(side).force,
                    amount => amount_of(amount),
                };
                while left > 0 {
                    let amount = left.min(MOST_FORCE_LOST);
                    left -= amount;
                    effects.push(Effect::LoseForce(SideAmount { side, amount }));
                }
            }
        }
        Does::Draw { who, amount } => {
            let amount = amount_of(amount);
            for side in sides(who) {
                let mut drawn = at.drawn.get();
                drawn[drawn_at(side)] = drawn[drawn_at(side)].saturating_add(amount);
                at.drawn.set(drawn);
                effects.push(Effect::Draw(SideAmount { side, amount }));
            }
        }
        // The player discarding chooses the cards (game 4.2), among those in hand when the
        // step happens: the hand now and the cards the steps before it draw.
        Does::DiscardCards { who, amount } => {
            let side = side(who);
            effects.push(Effect::PickCards(PickCards {
                cards: hand_then(side, at),
                count: amount_of(amount),
                up_to: false,
                shuffle: None,
                picker: side,
                to: Destination::DiscardPile,
            }));
        }
        // The whole hand: its player picks each card (their order is theirs to choose).
        Does::DiscardHand(who) => {
            for side in sides(who) {
                let cards = hand_then(side, at);
                if !cards.is_empty() {
                    effects.push(Effect::PickCards(PickCards {
                        count: u32::try_from(cards.len()).unwrap_or(u32::MAX),
                        cards,
                        up_to: false,
                        shuffle: None,
                        picker: side,
                        to: Destination::DiscardPile,
                    }));
                }
            }
        }
        Does::DiscardFromHand {
            whose,
            what,
            count,
            up_to,
        } => effects.push(Effect::PickCards(PickCards {
            cards: cards_in(what, side(whose), &[Pile::Hand]),
            count: *count,
            up_to: *up_to,
            shuffle: None,
            picker: me.controller,
            to: Destination::DiscardPile,
        })),
        Does::BuildPoints {
            who: Player::You,
            amount,
            lose: false,
        } => effects.push(Effect::GainBuildPoints(amount_of(amount))),
        Does::BuildPoints { who, amount, lose } => {
            let n = i32::try_from(amount_of(amount)).unwrap_or(i32::MAX);
            effects.extend(sides_of(*who, me.controller).into_iter().map(|side| {
                Effect::BuildPoints(BuildPointChange {
                    side,
                    amount: if *lose { -n } else { n },
                })
            }));
        }
        // The player's Resource (the oldest, when a ruleset lets them have several: P-2), its
        // counters never taken below none; with no Resource, nothing happens.
        Does::ResourceCounters {
            whose,
            amount,
            remove,
        } => {
            for side in sides_of(*whose, me.controller) {
                let Some(unit) = resource_of(side) else {
                    continue;
                };
                let mut n = i32::try_from(amount_of(amount)).unwrap_or(i32::MAX);
                if *remove {
                    let there = resource_counters(unit);
                    n = -n.min(i32::try_from(there).unwrap_or(i32::MAX));
                }
                if n != 0 {
                    effects.push(Effect::Counters(CounterChange {
                        unit,
                        kind: api::cost::RESOURCE_COUNTER.to_string(),
                        amount: n,
                    }));
                }
            }
        }
        Does::LookAtHand(whose) => {
            for side in sides_of(*whose, me.controller) {
                effects.push(Effect::Reveal(Reveal {
                    cards: host::pile_cards(side, Pile::Hand)
                        .into_iter()
                        .map(|card| card.card)
                        .collect(),
                    to: me.controller,
                }));
            }
        }
        Does::BuildCounters { amount, .. } => effects.extend(units.iter().map(|&unit| {
            Effect::BuildCounters(UnitAmount {
                unit,
                amount: amount_of(amount),
            })
        })),
        // "that unit does 2 damage to itself": each unit is its damage's source.
        Does::SelfDamage { amount, .. } => effects.extend(units.iter().map(|&unit| {
            let damage = Damage {
                source: unit,
                target: unit,
                amount: amount_of(amount),
            };
            if step.when_attack_ends {
                Effect::AtAttackEnd(Delayed::Damage(damage))
            } else {
                Effect::Damage(damage)
            }
        })),
        Does::Damage { amount, .. } if step.when_attack_ends => {
            effects.extend(units.iter().map(|&target| {
                Effect::AtAttackEnd(Delayed::Damage(Damage {
                    source,
                    target,
                    amount: amount_of(amount),
                }))
            }))
        }
        Does::Damage { amount, .. } => effects.extend(units.iter().map(|&target| {
            Effect::Damage(Damage {
                source,
                target,
                amount: amount_of(amount),
            })
        })),
        Does::DiceDamage { dice, .. } => effects.extend(units.iter().map(|&target| {
            Effect::DiceOfDamage(DiceOfDamage {
                source,
                target,
                dice: amount_of(dice),
            })
        })),
        Does::DamageCounters { amount, .. } => effects.extend(units.iter().map(|&unit| {
            Effect::PlaceDamage(UnitAmount {
                unit,
                amount: amount_of(amount),
            })
        })),
        Does::Counters {
            kind,
            amount,
            remove,
            ..
        } => {
            let n = i32::try_from(amount_of(amount)).unwrap_or(i32::MAX);
            effects.extend(units.iter().map(|&unit| {
                Effect::Counters(CounterChange {
                    unit,
                    kind: kind.clone(),
                    amount: if *remove { -n } else { n },
                })
            }));
        }
        Does::RemoveDamage {
            amount: Some(amount),
            up_to: true,
            ..
        } => {
            let most = number(amount).unwrap_or(0);
            let amount = at.amount.unwrap_or(most).min(most);
            effects.extend(
                units
                    .iter()
                    .map(|&unit| Effect::RemoveDamage(UnitAmount { unit, amount })),
            );
        }
        // "Remove N damage counters" (all it has if fewer), "remove all damage counters".
        Does::RemoveDamage { amount, .. } => {
            for &unit in &units {
                let amount = match amount {
                    Some(amount) => number(amount).unwrap_or(0),
                    None => host::unit(unit).map_or(0, |u| u.damage),
                };
                if amount > 0 {
                    effects.push(Effect::ClearDamage(UnitAmount { unit, amount }));
                }
            }
        }
        // The card's ability kept in effect for the while, and what it prevents now.
        Does::Prevent { .. } if crate::lasting::prevention_carried_out(step) => {
            effects.extend(crate::lasting::prevent_pending(step));
            effects.push(Effect::Lasts(duration(step.duration)));
        }
        Does::Prevent { amount, .. } => {
            let most = amount.as_ref().and_then(number);
            for &unit in &units {
                // Damage pending now (the ability played in its prevention POP) is prevented
                // now: the shield below hears only the prevention POPs still to open.
                let now = prevention_offer(unit, most.unwrap_or(u32::MAX), |p| p.preventable);
                if now > 0 {
                    effects.push(Effect::Prevent(UnitAmount { unit, amount: now }));
                }
                if step.duration.is_some() {
                    effects.push(Effect::Grant(Grant {
                        unit,
                        text: shield(most),
                        duration: duration(step.duration),
                    }));
                }
            }
        }
        Does::Tap(_) => effects.extend(units.iter().map(|&unit| Effect::Tap(unit))),
        Does::Untap(_) => effects.extend(units.iter().map(|&unit| Effect::Untap(unit))),
        Does::Discard(_) => effects.extend(units.iter().map(|&unit| Effect::DiscardUnit(unit))),
        Does::Retreat(_) => effects.extend(units.iter().map(|&unit| {
            Effect::MoveUnit(UnitMove {
                unit,
                zone: Zone::BuildZone,
            })
        })),
        Does::MoveTo { arena, .. } => effects.extend(
            units
                .iter()
                .filter_map(|&unit| host::unit(unit))
                .filter(|unit| may_move_to(unit, *arena))
                .map(|unit| {
                    Effect::MoveUnit(UnitMove {
                        unit: unit.id,
                        zone: Zone::from(crate::units::arena(*arena)),
                    })
                }),
        ),
        Does::Choose(_) => {}
        Does::TakeSubordinate {
            count,
            name,
            arenas,
            tapped,
            ..
        } => {
            let arenas: Vec<Arena> = arenas.iter().map(|&a| arena(a)).collect();
            effects.extend((0..*count).map(|_| {
                Effect::TakeSubordinate(TakeSubordinate {
                    name: name.clone(),
                    arenas: arenas.clone(),
                    tapped: *tapped,
                })
            }));
        }
        Does::Search {
            what,
            count,
            up_to,
            to,
            counters,
            whose,
            discard_pile_too,
        } => {
            let searched = side(whose);
            let piles: &[Pile] = if *discard_pile_too {
                &[Pile::Deck, Pile::DiscardPile]
            } else {
                &[Pile::Deck]
            };
            effects.push(Effect::PickCards(PickCards {
                cards: cards_in(what, searched, piles),
                count: *count,
                up_to: *up_to,
                shuffle: Some(searched),
                picker: me.controller,
                to: match to {
                    script::Zone::BuildZone => Destination::BuildZone(*counters),
                    script::Zone::Play => Destination::Play,
                    script::Zone::DiscardPile => Destination::DiscardPile,
                    _ => Destination::Hand,
                },
            }));
        }
        Does::Move { what, .. } => {
            let (count, up_to) = picked_count(what).unwrap_or((1, false));
            let cards = if what.pick == Pick::This {
                own_discarded_card(me)
            } else {
                cards_in(what, me.controller, &[Pile::DiscardPile])
            };
            if cards.is_empty() {
                return Ok(effects);
            }
            effects.push(Effect::PickCards(PickCards {
                cards,
                count,
                up_to,
                shuffle: None,
                picker: me.controller,
                to: Destination::Hand,
            }));
        }
        _ => return Err("a step this plugin does not carry out".to_string()),
    }
    Ok(effects)
}
