//! The Protect keyword: "Prevent up to X damage to one of your other units in this arena"
//! (layered, activated during the damage prevention POP; once for each instance of damage, the
//! manifest's `limit`).
//!
//! The offer lists as targets the other units of this unit's controller in its arena that have
//! damage pending which prevention can still reduce (not Ferocity damage, unless the engine says
//! the damaged unit's Fortitude allows it). The player chooses any amount up to X, even when that
//! much damage or more is pending; the offer never goes above the most damage still pending on
//! one target, since more would prevent nothing.
//!
//! Unpreventable damage to a Fortitude unit: keywords.md (Protect, [I]) lets Protect prevent
//! Ferocity damage to a protected unit that has Fortitude, and that is the default; game 14.2
//! ([S]) says only the damaged unit's own abilities may prevent it. The keyword flag
//! `protect-unpreventable = "own-abilities-only"` follows 14.2: Protect then offers no target
//! whose pending damage comes from a source with Ferocity (its printed or effect-granted texts).
//!
//! OQ-K7: when the unit leaves the arena as part of the cost ("Discard Gregor -> Protect 3"), the
//! default follows the newer wording and treats it as still in that arena until the Protect
//! resolves; the keyword flag `protect-source-left = "fizzles"` makes such a Protect do nothing.

use swtcg_sdk::*;

struct Protect;

/// X, the most this instance can prevent; `None` when the printed X is not a number.
fn x_of(ability: &Ability) -> Option<u32> {
    ability.parameter.trim().parse().ok()
}

/// Whether a unit has Ferocity, printed or granted by an effect: its damage can't be prevented.
fn has_ferocity(unit: UnitId) -> bool {
    host::abilities(unit).iter().any(|text| {
        text.trim()
            .trim_end_matches('.')
            .eq_ignore_ascii_case("Ferocity")
    })
}

/// The units this Protect may target now, each with the most it may offer to prevent there (at
/// most X and the damage prevention can still reduce on it).
fn targets(ability: &Ability, x: u32) -> Vec<(UnitId, u32)> {
    let Some(me) = host::place(ability.unit) else {
        return Vec::new();
    };
    if me.zone == Zone::BuildZone {
        return Vec::new();
    }
    // Game 14.2 under the flag: Ferocity damage, preventable only because the target has
    // Fortitude, is for the target's own abilities to prevent.
    let own_abilities_only =
        host::rule("protect-unpreventable").as_deref() == Some("own-abilities-only");
    host::pending_damage()
        .into_iter()
        .filter(|p| p.preventable && p.target != ability.unit)
        .filter(|p| !(own_abilities_only && p.source.is_some_and(has_ferocity)))
        .filter(|p| {
            host::place(p.target)
                .is_some_and(|u| u.controller == me.controller && u.zone == me.zone)
        })
        // Against secret dice (Cunning) the offer is made blind: up to X.
        .map(|p| (p.target, prevention_offer(p.target, x, |q| q.preventable)))
        .filter(|&(_, most)| most > 0)
        .collect()
}

impl Keyword for Protect {
    fn activations(ability: Ability, pop: Pop, _event: Event) -> Vec<Activation> {
        if pop != Pop::DamagePrevention {
            return Vec::new();
        }
        let Some(x) = x_of(&ability) else {
            return Vec::new();
        };
        let targets = targets(&ability, x);
        let most = targets.iter().map(|&(_, most)| most).max().unwrap_or(0);
        // An offer without targets would be an untargeted activation: offer nothing instead.
        if most == 0 {
            return Vec::new();
        }
        vec![Activation {
            label: format!("Protect {x}"),
            cost: Some(ability.cost.clone().unwrap_or_else(|| "Pay 0 Force".into())),
            targets: targets.into_iter().map(|(id, _)| id).collect(),
            max_amount: Some(most),
            replaces: false,
        }]
    }

    fn activate(ability: Ability, _index: u32, choice: Choice, _event: Event) -> HookResult {
        let x = x_of(&ability).ok_or_else(|| format!("can't read X in \"{}\"", ability.text))?;
        let target = choice
            .target
            .ok_or("Protect needs one of your other units as its target")?;
        // OQ-K7: the cost may have taken this unit out of the arena. The target was offered
        // while it was there; by default it still counts as there until Protect resolves.
        let source_left = host::unit(ability.unit).is_none_or(|me| me.zone == Zone::BuildZone);
        if source_left && host::rule("protect-source-left").as_deref() == Some("fizzles") {
            return Ok(Vec::new());
        }
        let amount = choice.amount.unwrap_or(x).min(x);
        Ok(vec![Effect::Prevent(UnitAmount {
            unit: target,
            amount,
        })])
    }
}

swtcg_sdk::export_keyword!(Protect);
