//! Which units a script names: a `Units` phrase ("each of your other Clones in this arena") and
//! the conditions about units ("As long as this unit is in the Ground arena") read against the
//! host's view of the game, for the unit `me` whose ability it is.

use swtcg_card_script::script::{
    self, AttachedKind, CardType, Condition, Count, Filter, Owner, Pick, Player, Side as CardSide,
    UnitState, Units, Where,
};
use swtcg_card_script::vocabulary::has_subtype;
use swtcg_sdk::*;

/// Whether this plugin can tell a filter from the host's view of a unit.
pub(crate) fn filter_carried_out(filter: &Filter) -> bool {
    match filter {
        Filter::Subtype(_)
        | Filter::OfArena(_)
        | Filter::Unique
        | Filter::Tapped
        | Filter::Untapped
        | Filter::Damaged
        | Filter::Attacking
        | Filter::Defending
        | Filter::CountersAtLeast { .. }
        | Filter::Id(_) => true,
        Filter::In(place) => place_carried_out(place),
        // Another card by its name: a unit whose name has the words ("Darth Nihilus").
        Filter::Named(_) => true,
        // Its totals now, which the host's view has.
        Filter::PowerAtMost(_)
        | Filter::PowerAtLeast(_)
        | Filter::SpeedAtMost(_)
        | Filter::SpeedAtLeast(_)
        | Filter::HealthAtMost(_)
        | Filter::HealthAtLeast(_)
        | Filter::BuildCostAtMost(_)
        | Filter::BuildCostAtLeast(_) => true,
        // Its card's side and printed build cost, which the host shows of its top card (API
        // 1.11 `printed`).
        Filter::Side(_) | Filter::CostAtMost(_) | Filter::CostAtLeast(_) => true,
        // Locations in play, which are no units: a phrase of Locations is looked for among
        // them (API 1.12 `locations`, [`named`]). Only a phrase's own filter says so: "a unit
        // or Location" is not read.
        Filter::CardType(CardType::Location) => true,
        // The card types a card being built may be ("Each of your Mission cards costs 1 fewer
        // build counter to complete") and a Subordinate ("Each of your Rebel Soldier
        // Subordinates gets Accuracy 1."), told from its top card as printed.
        Filter::CardType(
            CardType::Unit | CardType::Mission | CardType::Equipment | CardType::Subordinate,
        ) => true,
        Filter::Not(inner) => !names_locations(inner) && filter_carried_out(inner),
        Filter::AnyOf(filters) | Filter::AllOf(filters) => filters
            .iter()
            .all(|f| !names_locations(f) && filter_carried_out(f)),
        // Its keywords and other card types are not in the host's view of a unit.
        _ => false,
    }
}

/// Whether a filter names Locations.
fn names_locations(filter: &Filter) -> bool {
    match filter {
        Filter::CardType(CardType::Location) => true,
        Filter::Not(inner) => names_locations(inner),
        Filter::AnyOf(filters) | Filter::AllOf(filters) => filters.iter().any(names_locations),
        _ => false,
    }
}

/// Whether this plugin can tell a filter from a card in a pile as the host shows it (API 1.11
/// `pile-cards`): what is printed on it.
pub(crate) fn card_filter_carried_out(filter: &Filter) -> bool {
    match filter {
        Filter::Subtype(_)
        | Filter::OfArena(_)
        | Filter::Side(_)
        | Filter::Unique
        | Filter::Named(_)
        | Filter::CostAtMost(_)
        | Filter::CostAtLeast(_)
        | Filter::BuildCostAtMost(_)
        | Filter::BuildCostAtLeast(_)
        | Filter::CardType(_) => true,
        Filter::Not(inner) => card_filter_carried_out(inner),
        Filter::AnyOf(filters) | Filter::AllOf(filters) => {
            filters.iter().all(card_filter_carried_out)
        }
        // A card in a pile has no place in play, no state and no keywords the host shows.
        _ => false,
    }
}

/// Whether a card in a pile fits a filter [`card_filter_carried_out`] accepts. The words read
/// as subtypes may be words of its name instead: "a Luke Skywalker card", "a Darth Maul unit
/// card" name cards as often as "a Jedi card" names a subtype.
pub(crate) fn card_fits(filter: &Filter, card: &PileCard) -> bool {
    match filter {
        Filter::Subtype(subtype) => {
            has_subtype(&card.subtypes, subtype) || in_name(&card.name, subtype)
        }
        Filter::OfArena(a) => card.arenas.contains(&arena(*a)),
        Filter::Side(side) => {
            card.allegiance
                == match side {
                    CardSide::Dark => Allegiance::Dark,
                    CardSide::Light => Allegiance::Light,
                    CardSide::Neutral => Allegiance::Neutral,
                }
        }
        Filter::Unique => card.unique,
        Filter::Named(name) => in_name(&card.name, name),
        Filter::CostAtMost(n) => card.cost.is_some_and(|c| i64::from(c) <= i64::from(*n)),
        Filter::CostAtLeast(n) => card.cost.is_some_and(|c| i64::from(c) >= i64::from(*n)),
        // A card in a pile has no changes: its build cost is the printed one.
        Filter::BuildCostAtMost(n) => card_fits(&Filter::CostAtMost(*n), card),
        Filter::BuildCostAtLeast(n) => card_fits(&Filter::CostAtLeast(*n), card),
        Filter::CardType(kind) => match kind {
            CardType::Card => true,
            CardType::Unit => card.kind == CardKind::Unit,
            CardType::Subordinate => card.kind == CardKind::Subordinate,
            CardType::BattleCard => card.kind == CardKind::Battle,
            CardType::Mission => card.kind == CardKind::Mission,
            CardType::Equipment => card.kind == CardKind::Equipment,
            CardType::Location => card.kind == CardKind::Location,
            CardType::Event => card.kind == CardKind::Event,
        },
        Filter::Not(inner) => !card_fits(inner, card),
        Filter::AnyOf(filters) => filters.iter().any(|f| card_fits(f, card)),
        Filter::AllOf(filters) => filters.iter().all(|f| card_fits(f, card)),
        _ => false,
    }
}

/// Whether this plugin can tell a place from the host's view of a unit.
pub(crate) fn place_carried_out(place: &Where) -> bool {
    matches!(
        place,
        Where::Arenas(_) | Where::AnyArena | Where::ThisArena | Where::ArenaOrBuildZone(_)
    )
}

/// Whether the units are picked in a way a static ability or an activation carries out: the
/// card itself, every matching unit, or (`chosen`) one matching unit the player chooses.
pub(crate) fn units_carried_out(units: &Units, chosen: bool) -> bool {
    let pick = match units.pick {
        // "Equipped <units>": the unit an Equipment is attached to.
        Pick::This | Pick::Each | Pick::Equipped => true,
        Pick::Chosen {
            count: 1,
            up_to: false,
        }
        | Pick::Any => chosen,
        _ => false,
    };
    pick && units.filters.iter().all(filter_carried_out)
}

/// The unit whose ability it is, as it is or, when it has just left play (a discard's
/// trigger), as it was.
pub(crate) fn card(ability: &Ability) -> Option<UnitView> {
    host::unit(ability.unit).or_else(|| host::last_seen(ability.unit))
}

/// Every unit a phrase read as "any" names ("a Droid", "one of your Jedi" in a trigger or a
/// condition): the phrase as `Pick::Each`, which [`names`] and [`units_carried_out`] read.
pub(crate) fn anyone(units: &Units) -> Units {
    Units {
        pick: Pick::Each,
        ..units.clone()
    }
}

/// Whether the card is in play (game 4.3, 16.3, 16.4): in an arena, a Resource in its player's
/// Resource zone (API 1.17), an Event in its Event zone (API 1.18), or a Mission whose text
/// works in its build zone.
pub(crate) fn in_play(me: &UnitView) -> bool {
    me.zone.arena().is_some()
        || matches!(me.zone, Zone::ResourceZone | Zone::EventZone)
        || (me.zone == Zone::BuildZone && works_in_build_zone(me))
}

/// A completed Campaign, whose text works in its build zone (game 16.6), or a Trap there, whose
/// triggers the engine lets hear their hooks only once its trigger would complete it (16.7).
pub(crate) fn works_in_build_zone(me: &UnitView) -> bool {
    (me.built && mission_of(me, "Campaign")) || mission_of(me, "Trap")
}

/// Whether a card's subtypes name it a Mission of the subtype `kind` ("Mission - Trap"): the
/// whole subtype, as the engine reads the Type column.
pub(crate) fn mission_of(me: &UnitView, kind: &str) -> bool {
    me.subtypes.iter().any(|s| s.eq_ignore_ascii_case(kind))
}

/// The SDK's arena of a script's arena.
pub(crate) fn arena(arena: script::Arena) -> Arena {
    match arena {
        script::Arena::Space => Arena::Space,
        script::Arena::Ground => Arena::Ground,
        script::Arena::Character => Arena::Character,
    }
}

/// An arena of the host's as the scripts name it: the other way from [`arena`].
pub(crate) fn script_arena(arena: Arena) -> script::Arena {
    match arena {
        Arena::Space => script::Arena::Space,
        Arena::Ground => script::Arena::Ground,
        Arena::Character => script::Arena::Character,
    }
}

/// Whether `unit` is in `place`, `me` being the card with the text.
fn in_place(place: &Where, unit: &UnitView, me: &UnitView) -> bool {
    let here = unit.zone.arena();
    match place {
        Where::Arenas(arenas) => arenas.iter().any(|&a| here == Some(arena(a))),
        Where::AnyArena => here.is_some(),
        // A unit waiting in that build zone, completed or retreated (game 4.3), not a card
        // being built.
        Where::ArenaOrBuildZone(owner) => {
            here.is_some()
                || (unit.built && unit.zone == Zone::BuildZone && owned(*owner, unit, me))
        }
        Where::ThisArena => here.is_some() && here == me.zone.arena(),
        // A card being built in a build zone of that owner ("one of your partially built
        // Starfighter cards", "a face-down Character card in your build zone").
        Where::BuildZone(owner) => {
            !unit.built && unit.zone == Zone::BuildZone && owned(*owner, unit, me)
        }
        // An arena chosen or named earlier in the text: not carried out yet
        // (`place_carried_out`). "in each arena" in a condition means one in every arena: not
        // carried out yet.
        Where::ThatArena | Where::EachArena => false,
    }
}

fn matches(filter: &Filter, unit: &UnitView, me: &UnitView) -> bool {
    matching(filter, unit, me, false)
}

/// Whether a unit fits a filter; `by_name` lets the words read as subtypes be the unit's name
/// instead: "Equipped Grogu", "Equipped Ahsoka Tano or Alexsander Kallus" name units as often
/// as subtypes, with no determiner to tell them apart (the grammar reads the words as subtypes).
fn matching(filter: &Filter, unit: &UnitView, me: &UnitView, by_name: bool) -> bool {
    match filter {
        Filter::Subtype(subtype) => {
            has_subtype(&unit.subtypes, subtype) || (by_name && in_name(&unit.name, subtype))
        }
        Filter::OfArena(a) => unit.arenas.contains(&arena(*a)),
        Filter::In(place) => in_place(place, unit, me),
        Filter::Unique => unit.unique,
        Filter::Tapped => unit.tapped,
        Filter::Untapped => !unit.tapped,
        Filter::Damaged => unit.damage > 0,
        Filter::Attacking => host::attack().is_some_and(|a| a.attacker == unit.id),
        Filter::Defending => host::attack().is_some_and(|a| a.defender == unit.id),
        // Damage counters are the view's; the other kinds the host tells (API 1.13 `counters`).
        Filter::CountersAtLeast { kind, at_least } if kind == "damage" => unit.damage >= *at_least,
        Filter::CountersAtLeast { kind, at_least } => host::counters(unit.id)
            .iter()
            .any(|c| c.kind.eq_ignore_ascii_case(kind) && c.amount >= *at_least),
        Filter::Named(name) => in_name(&unit.name, name),
        Filter::Id(id) => unit.id == *id,
        Filter::PowerAtMost(n) => i64::from(unit.power) <= i64::from(*n),
        Filter::PowerAtLeast(n) => i64::from(unit.power) >= i64::from(*n),
        Filter::SpeedAtMost(n) => i64::from(unit.speed) <= i64::from(*n),
        Filter::SpeedAtLeast(n) => i64::from(unit.speed) >= i64::from(*n),
        Filter::HealthAtMost(n) => i64::from(unit.health) <= i64::from(*n),
        Filter::HealthAtLeast(n) => i64::from(unit.health) >= i64::from(*n),
        // The build cost now (game 3.3: "total build cost" includes changes).
        Filter::BuildCostAtMost(n) => i64::from(unit.cost) <= i64::from(*n),
        Filter::BuildCostAtLeast(n) => i64::from(unit.cost) >= i64::from(*n),
        // What is printed on its top card, the same for a unit as for a card in a pile.
        Filter::Side(_) | Filter::CostAtMost(_) | Filter::CostAtLeast(_) | Filter::CardType(_) => {
            host::printed(unit.id).is_some_and(|card| card_fits(filter, &card))
        }
        Filter::Not(inner) => !matching(inner, unit, me, by_name),
        Filter::AnyOf(filters) => filters.iter().any(|f| matching(f, unit, me, by_name)),
        Filter::AllOf(filters) => filters.iter().all(|f| matching(f, unit, me, by_name)),
        _ => false,
    }
}

/// Whether the words of `words` are words of a card's name ("Revan" of "Darth Revan (A)",
/// "Ahsoka Tano" of "Ahsoka Tano (B)").
fn in_name(name: &str, words: &str) -> bool {
    let name: Vec<&str> = name
        .split(|c: char| c.is_whitespace() || c == '(' || c == ')')
        .filter(|w| !w.is_empty())
        .collect();
    // Compared as names are (`names::same_name`: case and accents aside, "Padme" is "Padmé").
    words
        .split_whitespace()
        .all(|word| name.iter().any(|n| names::same_name(n, word)))
}

/// Whether `target` is one of the units a phrase names, `me` being the card with the text: the
/// card itself for `this`, else a unit in an arena (a card being built is no unit yet) of the
/// owner and filters printed. For a chosen unit this says which units may be chosen.
pub(crate) fn names(units: &Units, target: &UnitView, me: &UnitView) -> bool {
    if names_cards_being_built(units) {
        return names_being_built(units, target, me);
    }
    match units.pick {
        Pick::This => target.id == me.id,
        // An Equipment's text is an ability of the unit it is attached to (manifest zone
        // `equipped`): `me` is that unit.
        Pick::Equipped => {
            target.id == me.id && units.filters.iter().all(|f| matching(f, target, me, true))
        }
        Pick::Each | Pick::Chosen { .. } | Pick::Any => {
            owned(units.owner, target, me)
                && target.built
                && (target.zone.arena().is_some() || waiting_named(units, target))
                && !(units.other && target.id == me.id)
                && units.filters.iter().all(|f| matches(f, target, me))
        }
        _ => false,
    }
}

/// Whether a phrase naming units "in any arena or <a> build zone" may name `target`, a unit
/// waiting in a build zone (its place filter tells whose).
fn waiting_named(units: &Units, target: &UnitView) -> bool {
    target.zone == Zone::BuildZone
        && units
            .filters
            .iter()
            .any(|f| matches!(f, Filter::In(Where::ArenaOrBuildZone(_))))
}

/// Whether a phrase names cards being built ("one of your partially built Starfighter cards"):
/// its place is a build zone.
pub(crate) fn names_cards_being_built(units: &Units) -> bool {
    units
        .filters
        .iter()
        .any(|f| matches!(f, Filter::In(Where::BuildZone(_))))
}

/// Whether a phrase of one card being built names `target` ("one of your partially built
/// Starfighter cards"), by its owner and filters: the card's subtypes and type line as printed,
/// which its controller's plugin may see.
fn names_being_built(units: &Units, target: &UnitView, me: &UnitView) -> bool {
    matches!(units.pick, Pick::Chosen { count: 1, .. } | Pick::Any)
        && being_built(units, target, me)
}

/// Whether a phrase of "each" names `target`, a card being built in a build zone, `me` being the
/// card with the text: the cards a cost change is about ("Each of your Droids costs 1 fewer
/// build counter to deploy") are those not yet in play, with the phrase's owner and filters.
pub(crate) fn names_card_being_built(units: &Units, target: &UnitView, me: &UnitView) -> bool {
    matches!(units.pick, Pick::Each | Pick::Any) && being_built(units, target, me)
}

/// Whether `target` is a card being built in a build zone of the phrase's owner that fits its
/// filters.
fn being_built(units: &Units, target: &UnitView, me: &UnitView) -> bool {
    owned(units.owner, target, me)
        && !target.built
        && target.zone == Zone::BuildZone
        && units.filters.iter().all(|f| matches(f, target, me))
}

/// Whether `target` is controlled by the player a phrase's owner names, `me` being the card
/// with the text.
fn owned(owner: Owner, target: &UnitView, me: &UnitView) -> bool {
    match owner {
        Owner::Any => true,
        Owner::Yours => target.controller == me.controller,
        Owner::Opponents => target.controller != me.controller,
    }
}

/// Every unit in play a phrase names.
pub(crate) fn named(units: &Units, me: &UnitView) -> Vec<UnitView> {
    if matches!(units.pick, Pick::This | Pick::Equipped) {
        return [me.clone()]
            .into_iter()
            .filter(|unit| names(units, unit, me))
            .collect();
    }
    // A phrase of Locations ("a Naboo Location in the Ground arena") names Locations in play,
    // which are no units (game 16.1); a phrase of cards being built, the cards in build zones.
    let in_play = if units.filters.iter().any(names_locations) {
        host::locations(None)
    } else if names_cards_being_built(units) {
        host::units(Some(Zone::BuildZone))
    } else if units
        .filters
        .iter()
        .any(|f| matches!(f, Filter::In(Where::ArenaOrBuildZone(_))))
    {
        // "in any arena or his or her build zone": the units waiting in build zones too.
        let mut all = host::units(None);
        all.extend(host::units(Some(Zone::BuildZone)));
        all
    } else {
        host::units(None)
    };
    in_play
        .into_iter()
        .filter_map(host::unit)
        .filter(|unit| names(units, unit, me))
        .collect()
}

/// Whether this plugin can tell a condition from the game.
pub(crate) fn condition_carried_out(condition: &Condition) -> bool {
    match condition {
        // "As long as this unit is unique", "... is tapped": the card itself.
        Condition::UnitsAre { who, .. } => who.pick == Pick::This && who.filters.is_empty(),
        // The card itself, or another card by its name ("As long as Darth Nihilus is in any
        // arena"): either player's unit of that name; "another" one is not the card itself
        // ("If another Entertainer or Rebel is in this arena", `names`).
        Condition::UnitsIn { who, place } => {
            place_carried_out(place)
                && (who.pick == Pick::This
                    || (matches!(who.pick, Pick::Any | Pick::Each)
                        && who.filters.iter().all(filter_carried_out)))
        }
        // "As long as you have more units in the Character arena than your opponent".
        Condition::MoreUnits { yours, theirs } => [yours, theirs]
            .iter()
            .all(|units| units.pick == Pick::Any && units.filters.iter().all(filter_carried_out)),
        // "As long as you have one or more Tuskens in any arena".
        Condition::AtLeast {
            count: Count::Units(units),
            ..
        }
        | Condition::AtMost {
            count: Count::Units(units),
            ..
        } => {
            matches!(units.pick, Pick::Any | Pick::Each)
                && units.filters.iter().all(filter_carried_out)
        }
        // "As long as there are no damage counters on it", the card itself.
        Condition::AtLeast {
            count: count @ Count::Counters { on, .. },
            ..
        }
        | Condition::AtMost {
            count: count @ Count::Counters { on, .. },
            ..
        } => on.pick == Pick::This && count_carried_out(count),
        // "As long as ~ has 4 or more cards in its stack", "As long as this unit has a Pilot":
        // the card itself.
        Condition::AtLeast {
            count: count @ (Count::Stack(_) | Count::Attached { .. }),
            ..
        }
        | Condition::AtMost {
            count: count @ (Count::Stack(_) | Count::Attached { .. }),
            ..
        } => count_carried_out(count),
        Condition::NoAttack => true,
        // "If you control the Space arena", "if you control any arena" (game 15.2).
        Condition::Controls { whose, .. } | Condition::ControlsAnArena(whose) => {
            matches!(whose, Player::You | Player::Opponent)
        }
        // "As long as you have another Jedi in any arena", "if there is a Tusken in the Ground
        // arena", "you have no Droids": a determiner says the phrase names units by their
        // subtypes, not a card by its name.
        Condition::Has { whose, units } | Condition::HasNo { whose, units } => {
            matches!(whose, Player::You | Player::Opponent | Player::Each)
                && units.pick == Pick::Any
                && units.filters.iter().all(filter_carried_out)
        }
        _ => false,
    }
}

/// Whether a condition holds now.
pub(crate) fn holds(condition: &Condition, me: &UnitView) -> bool {
    match condition {
        Condition::UnitsAre { who, state } if who.pick == Pick::This => in_state(*state, me),
        Condition::UnitsIn { who, place } if who.pick == Pick::This => in_place(place, me, me),
        Condition::UnitsIn { who, place } => {
            named(who, me).iter().any(|unit| in_place(place, unit, me))
        }
        Condition::MoreUnits { yours, theirs } => named(yours, me).len() > named(theirs, me).len(),
        Condition::AtLeast {
            count: Count::Units(units),
            amount,
        } => named(units, me).len() >= *amount as usize,
        Condition::AtMost {
            count: Count::Units(units),
            amount,
        } => named(units, me).len() <= *amount as usize,
        Condition::AtLeast {
            count: count @ (Count::Counters { .. } | Count::Stack(_) | Count::Attached { .. }),
            amount,
        } => i64::from(counted(count, me)) >= i64::from(*amount),
        Condition::AtMost {
            count: count @ (Count::Counters { .. } | Count::Stack(_) | Count::Attached { .. }),
            amount,
        } => i64::from(counted(count, me)) <= i64::from(*amount),
        Condition::NoAttack => host::attack().is_none(),
        Condition::Controls { whose, arena: a } => controls(side_of(*whose, me), arena(*a)),
        Condition::ControlsAnArena(whose) => {
            let side = side_of(*whose, me);
            [Arena::Space, Arena::Ground, Arena::Character]
                .into_iter()
                .any(|a| controls(side, a))
        }
        Condition::Has { whose, units } => any_of(*whose, units, me),
        Condition::HasNo { whose, units } => !any_of(*whose, units, me),
        _ => false,
    }
}

/// Whether a unit is in a state a condition names ("this unit is tapped", "that unit is
/// damaged", "this unit is unique").
pub(crate) fn in_state(state: UnitState, unit: &UnitView) -> bool {
    match state {
        UnitState::Tapped => unit.tapped,
        UnitState::Untapped => !unit.tapped,
        UnitState::Damaged => unit.damage > 0,
        UnitState::Unique => unit.unique,
        UnitState::Attacked => host::attack().is_some_and(|a| a.defender == unit.id),
    }
}

/// The pile of a zone a count names, if it is a pile.
fn pile(zone: script::Zone) -> Option<Pile> {
    match zone {
        script::Zone::Hand => Some(Pile::Hand),
        script::Zone::Deck => Some(Pile::Deck),
        script::Zone::DiscardPile => Some(Pile::DiscardPile),
        _ => None,
    }
}

/// Whether a filter names a card by words of its name, itself or among alternatives.
fn names_a_name(filter: &Filter) -> bool {
    match filter {
        Filter::Named(_) => true,
        Filter::Not(inner) => names_a_name(inner),
        Filter::AnyOf(filters) | Filter::AllOf(filters) => filters.iter().any(names_a_name),
        _ => false,
    }
}

/// The side a condition's player is, for the card `me`: its controller or the opponent.
fn side_of(whose: Player, me: &UnitView) -> Side {
    match whose {
        Player::Opponent => match me.controller {
            Side::Dark => Side::Light,
            Side::Light => Side::Dark,
        },
        _ => me.controller,
    }
}

/// Whether `side` controls an arena: it has a unit there and the opponent has none (game 15.2;
/// Locations are no units, and `units` never lists them).
fn controls(side: Side, arena: Arena) -> bool {
    let (mut mine, mut theirs) = (false, false);
    for unit in host::units(Some(Zone::from(arena)))
        .into_iter()
        .filter_map(host::unit)
    {
        if unit.controller == side {
            mine = true;
        } else {
            theirs = true;
        }
    }
    mine && !theirs
}

/// Whether a unit in play of `whose` (the card's controller, the opponent or either) is one a
/// phrase names.
fn any_of(whose: Player, units: &Units, me: &UnitView) -> bool {
    named(units, me).iter().any(|unit| match whose {
        Player::You => unit.controller == me.controller,
        Player::Opponent => unit.controller != me.controller,
        _ => true,
    })
}

/// Whether this plugin counts what "for each ..." or an X counts: units a phrase names, the
/// counters of a kind on the card itself ("for each damage counter on it", "for each mastery
/// counter on him") or the cards in its stack ("where X is the number of cards in Luke's
/// stack").
pub(crate) fn count_carried_out(count: &Count) -> bool {
    match count {
        Count::Units(units) => units.pick == Pick::Each && units_carried_out(units, false),
        Count::Counters {
            kind: Some(kind),
            on,
        } => !kind.is_empty() && matches!(on.pick, Pick::This | Pick::That),
        Count::Stack(units) => units.pick == Pick::This,
        // "for each Jedi Character card in your discard pile": a pile of either player, its
        // cards told by what is printed on them (API 1.11 `pile-cards`). Not a card with a
        // word "in its name" (TMW Axe Woves A's "Nite Owl"): a name is matched by whole words,
        // which "Nite Owls (B)" and "Nite Owl's Kom'rk-class Fighter" don't have.
        Count::Cards {
            whose,
            zone,
            filters,
        } => {
            matches!(whose, Player::You | Player::Opponent)
                && pile(*zone).is_some()
                && filters
                    .iter()
                    .all(|f| card_filter_carried_out(f) && !names_a_name(f))
        }
        // Pilots or Equipment on the card itself (API 1.19 `attached`), told by what is
        // printed on them.
        Count::Attached { on, filters, .. } => {
            matches!(on.pick, Pick::This | Pick::That)
                && on.filters.is_empty()
                && filters.iter().all(card_filter_carried_out)
        }
        _ => false,
    }
}

/// What "for each ..." counts now.
pub(crate) fn counted(count: &Count, me: &UnitView) -> i32 {
    let n = match count {
        Count::Units(units) => named(units, me).len(),
        // Damage counters are the view's; the other kinds the host tells (API 1.13 `counters`).
        Count::Counters {
            kind: Some(kind), ..
        } if kind != "damage" => host::counters(me.id)
            .into_iter()
            .find(|c| c.kind.eq_ignore_ascii_case(kind))
            .map_or(0, |c| c.amount as usize),
        Count::Counters { .. } => me.damage as usize,
        Count::Stack(_) => me.stack_size as usize,
        Count::Cards {
            whose,
            zone,
            filters,
        } => pile(*zone).map_or(0, |pile| {
            host::pile_cards(side_of(*whose, me), pile)
                .iter()
                .filter(|card| filters.iter().all(|f| card_fits(f, card)))
                .count()
        }),
        Count::Attached { kind, filters, .. } => host::attached(me.id)
            .iter()
            .filter(|a| {
                a.attached_as
                    == match kind {
                        AttachedKind::Pilot => AttachedAs::Pilot,
                        AttachedKind::Equipment => AttachedAs::Equipment,
                    }
                    && filters.iter().all(|f| card_fits(f, &a.card))
            })
            .count(),
        _ => 0,
    };
    i32::try_from(n).unwrap_or(i32::MAX)
}
