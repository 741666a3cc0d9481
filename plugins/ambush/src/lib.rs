//! The Ambush keyword: "when the opponent deploys, moves or puts a unit into this unit's arena,
//! this unit does X dice of damage to the unit that arrived"; each Ambush ability once per
//! arrival.
//!
//! The `unit-enters-arena` hook is reached once per arrival, so each instance acts once per
//! arrival. The definition says the unit "may" do the damage; doing it is always in its
//! controller's favour here, so the plugin does it without asking (a per-trigger choice needs an
//! API addition, noted in the issue). The dice are dice of damage: Armor applies, Accuracy and
//! Critical Hit don't.

use swtcg_sdk::*;

struct Ambush;

impl Keyword for Ambush {
    fn unit_enters_arena(ability: Ability, event: Event) -> HookResult {
        let (Some(arrived), Some(arena)) = (event.unit, event.arena) else {
            return Ok(Vec::new());
        };
        let (Some(me), Some(unit)) = (host::unit(ability.unit), host::unit(arrived)) else {
            return Ok(Vec::new());
        };
        let arena_zone = match arena {
            Arena::Space => Zone::Space,
            Arena::Ground => Zone::Ground,
            Arena::Character => Zone::Character,
        };
        // Only the opponent's units arriving in this unit's arena.
        if unit.controller == me.controller || me.zone != arena_zone {
            return Ok(Vec::new());
        }
        let dice = ability
            .parameter
            .trim()
            .parse()
            .map_err(|_| format!("can't read X in \"{}\"", ability.text))?;
        Ok(vec![Effect::DiceOfDamage(DiceOfDamage {
            source: ability.unit,
            target: arrived,
            dice,
        })])
    }
}

swtcg_sdk::export_keyword!(Ambush);
