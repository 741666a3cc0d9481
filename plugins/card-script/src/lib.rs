//! The card-text plugin: a printed text is read by the one grammar of card text
//! (`swtcg-card-script`) into an ability script, and this plugin claims the text when it carries
//! out every part of the script (`understands` asks [`carried_out`]). What it carries out so far:
//! static stat changes (game 13.1.3) — "<units> gets +N power, +N health, +N speed", optionally
//! "As long as this unit is in the <arena> arena" — for the units a script names by owner,
//! "other", subtype, arena (by type line or where they are), uniqueness, tapped and damaged.
//!
//! A text is read with the name of the card it is printed on (`host::unit(ability.unit)`, which
//! `understands` sees too: the host asks it with the card in an otherwise empty game), so "As
//! long as Figrin is in the Character arena, ..." is claimed on Figrin D'an. A text naming
//! another card is not claimed yet.

use std::cell::RefCell;
use std::collections::HashMap;

use swtcg_card_script::script::{
    Condition, Effect, Filter, Kind, Owner, Pick, Script, Step, Units, Where,
};
use swtcg_card_script::{Card, read};
use swtcg_sdk::*;

struct CardScript;

thread_local! {
    /// Scripts read in this game, by text and the name of the card it is on: a static query is
    /// asked again at every state change, and reading a text is the costly part.
    static READ: RefCell<HashMap<(String, String), Option<Script>>> = RefCell::new(HashMap::new());
}

/// The script of an ability's text, if the grammar reads it whole, read with the name of the
/// card the ability is on (the unit's top card: this plugin's manifest lists no zone where the
/// text could be on another card of the unit). A claim and a play so read the same script. A
/// host that shows no card (older hosts asked `understands` in an empty game) gets the text
/// read with no name, so that no name can be taken for the card's own.
fn script(ability: &Ability) -> Option<Script> {
    let name = host::unit(ability.unit).map(|unit| unit.name).unwrap_or_default();
    script_of(&ability.parameter, &name)
}

fn script_of(text: &str, name: &str) -> Option<Script> {
    READ.with(|read_before| {
        let mut read_before = read_before.borrow_mut();
        if let Some(script) = read_before.get(&(text.to_string(), name.to_string())) {
            return script.clone();
        }
        let script = read(
            text,
            Card {
                name,
                played: false,
            },
        )
        .script;
        read_before.insert((text.to_string(), name.to_string()), script.clone());
        script
    })
}

/// Whether this plugin carries out every part of a script.
fn carried_out(script: &Script) -> bool {
    script.kind == Kind::Static
        && script.trigger.is_none()
        && script.costs.is_empty()
        && script.limits.is_empty()
        && script.conditions.iter().all(condition_carried_out)
        && !script.steps.is_empty()
        && script.steps.iter().all(step_carried_out)
}

fn condition_carried_out(condition: &Condition) -> bool {
    match condition {
        Condition::UnitsIn { who, place } => who.pick == Pick::This && place_carried_out(place),
        _ => false,
    }
}

fn place_carried_out(place: &Where) -> bool {
    matches!(place, Where::Arenas(_) | Where::AnyArena | Where::ThisArena)
}

fn step_carried_out(step: &Step) -> bool {
    let plain = !step.optional
        && !step.if_you_do
        && step.only_if.is_none()
        && step.unless_opponent_pays.is_none()
        && step.duration.is_none();
    plain
        && match &step.effect {
            Effect::Stats { who, per: None, .. } => units_carried_out(who),
            _ => false,
        }
}

fn units_carried_out(units: &Units) -> bool {
    matches!(units.pick, Pick::This | Pick::Each) && units.filters.iter().all(filter_carried_out)
}

fn filter_carried_out(filter: &Filter) -> bool {
    match filter {
        Filter::Subtype(_)
        | Filter::OfArena(_)
        | Filter::Unique
        | Filter::Tapped
        | Filter::Untapped
        | Filter::Damaged => true,
        Filter::In(place) => place_carried_out(place),
        Filter::Not(inner) => filter_carried_out(inner),
        Filter::AnyOf(filters) => filters.iter().all(filter_carried_out),
        // A card's side (Dark Side, Neutral), its printed cost, its keywords and names are not
        // in the host's view of a unit, or not told apart from this card's own name.
        _ => false,
    }
}

fn arena_zone(arena: swtcg_card_script::script::Arena) -> Zone {
    match arena {
        swtcg_card_script::script::Arena::Space => Zone::Space,
        swtcg_card_script::script::Arena::Ground => Zone::Ground,
        swtcg_card_script::script::Arena::Character => Zone::Character,
    }
}

fn of_arena(arena: swtcg_card_script::script::Arena) -> Arena {
    match arena {
        swtcg_card_script::script::Arena::Space => Arena::Space,
        swtcg_card_script::script::Arena::Ground => Arena::Ground,
        swtcg_card_script::script::Arena::Character => Arena::Character,
    }
}

/// Whether `unit` is in `place`, `me` being the card with the text.
fn in_place(place: &Where, unit: &UnitView, me: &UnitView) -> bool {
    match place {
        Where::Arenas(arenas) => arenas.iter().any(|&a| unit.zone == arena_zone(a)),
        Where::AnyArena => unit.zone != Zone::BuildZone,
        Where::ThisArena => unit.zone != Zone::BuildZone && unit.zone == me.zone,
        // Cards being built are no units in an arena: not carried out yet.
        Where::BuildZone(_) => false,
        // An arena chosen or named earlier in the text: not carried out yet.
        Where::ThatArena => false,
    }
}

/// Whether one of the unit's subtypes is this word or phrase, singular or plural.
fn has_subtype(unit: &UnitView, wanted: &str) -> bool {
    unit.subtypes.iter().any(|subtype| {
        subtype.eq_ignore_ascii_case(wanted)
            || subtype
                .strip_suffix('s')
                .is_some_and(|s| s.eq_ignore_ascii_case(wanted))
            || wanted
                .strip_suffix('s')
                .is_some_and(|w| w.eq_ignore_ascii_case(subtype))
    })
}

fn matches(filter: &Filter, unit: &UnitView, me: &UnitView) -> bool {
    match filter {
        Filter::Subtype(subtype) => has_subtype(unit, subtype),
        Filter::OfArena(arena) => unit.arenas.contains(&of_arena(*arena)),
        Filter::In(place) => in_place(place, unit, me),
        Filter::Unique => unit.unique,
        Filter::Tapped => unit.tapped,
        Filter::Untapped => !unit.tapped,
        Filter::Damaged => unit.damage > 0,
        Filter::Not(inner) => !matches(inner, unit, me),
        Filter::AnyOf(filters) => filters.iter().any(|f| matches(f, unit, me)),
        _ => false,
    }
}

/// Whether `target` is one of the units a script names, `me` being the card with the text.
fn names(units: &Units, target: &UnitView, me: &UnitView) -> bool {
    match units.pick {
        Pick::This => target.id == me.id,
        Pick::Each => {
            let owner = match units.owner {
                Owner::Any => true,
                Owner::Yours => target.controller == me.controller,
                Owner::Opponents => target.controller != me.controller,
            };
            // Units in arenas only: a card being built is no unit yet.
            owner
                && target.zone != Zone::BuildZone
                && !(units.other && target.id == me.id)
                && units.filters.iter().all(|f| matches(f, target, me))
        }
        _ => false,
    }
}

fn holds(condition: &Condition, me: &UnitView) -> bool {
    match condition {
        Condition::UnitsIn { who, place } if who.pick == Pick::This => in_place(place, me, me),
        _ => false,
    }
}

const NO_CHANGE: Stats = Stats {
    speed: 0,
    power: 0,
    health: 0,
};

/// The stats `target` gets from the ability's text, while its card is in play and the text's
/// conditions hold.
fn change_for(ability: &Ability, target: UnitId) -> Stats {
    let (Some(me), Some(unit)) = (host::unit(ability.unit), host::unit(target)) else {
        return NO_CHANGE;
    };
    let Some(script) = script(ability) else {
        return NO_CHANGE;
    };
    if !carried_out(&script)
        || me.zone == Zone::BuildZone
        || !script.conditions.iter().all(|c| holds(c, &me))
    {
        return NO_CHANGE;
    }
    let mut change = NO_CHANGE;
    for step in &script.steps {
        if let Effect::Stats {
            who,
            power,
            health,
            speed,
            ..
        } = &step.effect
            && names(who, &unit, &me)
        {
            change.power += power;
            change.health += health;
            change.speed += speed;
        }
    }
    change
}

impl Keyword for CardScript {
    fn understands(ability: Ability) -> bool {
        script(&ability).is_some_and(|script| carried_out(&script))
    }

    fn stat_modifier(ability: Ability) -> Stats {
        change_for(&ability, ability.unit)
    }

    fn stat_modifier_for(ability: Ability, unit: UnitId) -> Stats {
        change_for(&ability, unit)
    }
}

swtcg_sdk::export_keyword!(CardScript);

#[cfg(test)]
mod tests {
    use super::*;

    fn claimed(text: &str) -> bool {
        claimed_on(text, "")
    }

    fn claimed_on(text: &str, name: &str) -> bool {
        script_of(text, name).is_some_and(|script| carried_out(&script))
    }

    #[test]
    fn static_stat_changes_are_claimed() {
        assert!(claimed("Each of your other Clones gets +1 power."));
        assert!(claimed(
            "As long as this unit is in the Ground arena, each of your other Ground units gets +10 speed."
        ));
        assert!(claimed("This unit gets +1 power and +1 health."));
    }

    #[test]
    fn texts_it_does_not_carry_out_are_not_claimed() {
        // Another card named by its name, a condition of another kind, a side, a grant of a
        // keyword.
        assert!(!claimed(
            "As long as Figrin is in the Character arena, each of your opponent's Characters gets -10 speed."
        ));
        assert!(!claimed(
            "This unit gets -2 power as long as it's attacking a unique Character."
        ));
        assert!(!claimed("Each Neutral unit gets +1 power."));
        assert!(!claimed("Each non-Neutral unit gets -1 power."));
        // Subordinates are a card type, which the host's view of a unit does not carry.
        assert!(!claimed(
            "Each of your Subordinates gets +10 speed and +1 power."
        ));
        assert!(!claimed("Each of your Jedi gets Stealth."));
        assert!(!claimed("Gain 2 Force."));
    }

    #[test]
    fn a_text_naming_its_own_card_is_claimed_on_that_card() {
        let text = "As long as Figrin is in the Character arena, each of your opponent's Characters gets -10 speed.";
        assert!(claimed_on(text, "Figrin D'an (A)"));
        assert!(!claimed_on(text, "Darth Vader (G)"));
    }
}
