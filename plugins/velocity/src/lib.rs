//! The Velocity keyword: "When this arena's battle step starts, you may give this unit +X speed
//! until end of turn. If this unit doesn't have Stealth, you may give it -X speed until end of
//! turn instead." (selective; static, triggered at the start of the arena's battle step).
//!
//! The choice is an activation in the battle step POP (P2), which follows the start of the step
//! at once. That POP's event does not say whose battle step it is, so the plugin marks the units
//! that may use Velocity when the step starts: at `battle-step-start`, which names the arena,
//! each Velocity of a unit in that arena gives the unit a copy of its text ending with the
//! marker ": armed for the <arena> battle step" until the end of the battle (after a colon, so
//! that the engine still reads the copy as Velocity with a plain X). Only that copy offers the
//! speed change, and only while the unit is still in the marked arena. So a unit that enters the
//! arena after the step started (a Hidden Cost deployment in the POP) gets no Velocity there, and
//! a unit in another arena is never offered it in this step.
//!
//! The two offers, "+X" and "-X", differ only in their label, which a script's `use` act can't
//! name; the "-X" offer therefore takes the unit itself as its target, so that
//! `use = { unit, ability = "Velocity", target = <the unit> }` picks it.
//!
//! "Velocity cannot reduce a unit's speed below 0": by default the reduction is at most the
//! unit's total speed when Velocity applies, so no hidden negative speed eats later bonuses.
//! The keyword flag `velocity-floor = "total"` takes the full X off instead and relies on the
//! engine's floor of 0 for total speed.
//!
//! "If this unit doesn't have Stealth": the plugin reads the unit's printed and granted texts
//! (host question `abilities`, API 1.1) when it offers and when it applies "-X".
//!
//! "A unit can't gain Stealth after its Velocity has applied" (keywords.md; Stealth's newer
//! wording): when Velocity applies to a unit without Stealth, the unit gets the note
//! [`NO_STEALTH`] until end of turn, and the Stealth plugin reads it: a Stealth the unit gets
//! later (from a condition that becomes true, or a grant) does nothing that turn. A unit that
//! already had Stealth keeps it. The speed change itself stays as it is.

use swtcg_sdk::*;

struct Velocity;

/// The note on a unit whose Velocity applied while it had no Stealth: until end of turn it can't
/// gain Stealth. The Stealth plugin reads the same key.
const NO_STEALTH: &str = "velocity:no-stealth";

/// The start of the marker that the armed copy of a Velocity ability carries.
const ARMED: &str = ": armed for the ";
/// The end of that marker.
const ARMED_END: &str = " battle step";

/// X, the speed change; `None` when the printed X is not a number.
fn x_of(ability: &Ability) -> Option<i32> {
    let x = ability.parameter.split(':').next().unwrap_or_default();
    x.trim()
        .trim_end_matches('.')
        .parse()
        .ok()
        .filter(|x: &i32| *x >= 0)
}

/// Whether the unit has Stealth now, printed or granted by an effect. Each keyword is its own
/// ability text, so a whole text "Stealth" is the keyword.
fn has_stealth(unit: UnitId) -> bool {
    // A Stealth gained after an earlier Velocity applied does not count (see the module docs).
    if host::note(unit, NO_STEALTH).is_some() {
        return false;
    }
    host::abilities(unit).iter().any(|text| {
        text.trim()
            .trim_end_matches('.')
            .eq_ignore_ascii_case("Stealth")
    })
}

fn arena_name(arena: Arena) -> &'static str {
    match arena {
        Arena::Space => "Space",
        Arena::Ground => "Ground",
        Arena::Character => "Character",
    }
}

fn zone_of(arena: Arena) -> Zone {
    match arena {
        Arena::Space => Zone::Space,
        Arena::Ground => Zone::Ground,
        Arena::Character => Zone::Character,
    }
}

/// The arena whose battle step armed this copy of Velocity, if it is an armed copy.
fn armed_for(ability: &Ability) -> Option<Zone> {
    let (_, rest) = ability.text.rsplit_once(ARMED)?;
    let name = rest.strip_suffix(ARMED_END)?;
    [Arena::Space, Arena::Ground, Arena::Character]
        .into_iter()
        .find(|&a| arena_name(a) == name)
        .map(zone_of)
}

impl Keyword for Velocity {
    fn battle_step_start(ability: Ability, event: Event) -> HookResult {
        // An armed copy never arms again; the printed ability arms once per battle step.
        if armed_for(&ability).is_some() {
            return Ok(Vec::new());
        }
        let (Some(arena), Some(unit)) = (event.arena, host::unit(ability.unit)) else {
            return Ok(Vec::new());
        };
        // "Velocity only triggers if the unit that has Velocity is in the arena at the start of
        // the battle step."
        if !unit.built || unit.zone != zone_of(arena) {
            return Ok(Vec::new());
        }
        Ok(vec![Effect::Grant(Grant {
            unit: ability.unit,
            text: format!("{}{ARMED}{}{ARMED_END}", ability.text, arena_name(arena)),
            duration: Duration::EndOfBattle,
        })])
    }

    fn activations(ability: Ability, pop: Pop, _event: Event) -> Vec<Activation> {
        if pop != Pop::BattleStep {
            return Vec::new();
        }
        let (Some(zone), Some(x)) = (armed_for(&ability), x_of(&ability)) else {
            return Vec::new();
        };
        // A unit that has left the arena since its step started can't use it any more.
        if host::unit(ability.unit).is_none_or(|u| u.zone != zone) {
            return Vec::new();
        }
        let mut offers = vec![Activation {
            label: format!("Velocity +{x}"),
            cost: ability.cost.clone(),
            targets: Vec::new(),
            max_amount: None,
            replaces: false,
        }];
        // "If this unit doesn't have Stealth, you may give it -X speed ... instead."
        if !has_stealth(ability.unit) {
            offers.push(Activation {
                label: format!("Velocity -{x}"),
                cost: ability.cost.clone(),
                targets: vec![ability.unit],
                max_amount: None,
                replaces: false,
            });
        }
        offers
    }

    fn activate(ability: Ability, index: u32, _choice: Choice, _event: Event) -> HookResult {
        let x = x_of(&ability).ok_or_else(|| format!("can't read X in \"{}\"", ability.text))?;
        let Some(unit) = host::unit(ability.unit) else {
            return Ok(Vec::new());
        };
        let stealth = has_stealth(ability.unit);
        if index > 0 && stealth {
            return Err("a unit with Stealth can't take -X speed from Velocity".into());
        }
        // "A unit can't gain Stealth after its Velocity has applied."
        let mut effects = Vec::new();
        if !stealth {
            effects.push(Effect::Note(NoteChange {
                unit: ability.unit,
                key: NO_STEALTH.into(),
                value: 1,
                duration: Duration::EndOfTurn,
            }));
        }
        let speed = match index {
            0 => x,
            // "Velocity cannot reduce a unit's speed below 0."
            _ if host::rule("velocity-floor").as_deref() == Some("total") => -x,
            _ => -x.min(unit.speed.max(0)),
        };
        if speed != 0 {
            effects.push(Effect::Stats(StatChange {
                unit: ability.unit,
                speed,
                power: 0,
                health: 0,
                duration: Duration::EndOfTurn,
            }));
        }
        Ok(effects)
    }
}

swtcg_sdk::export_keyword!(Velocity);
