//! What scripts forbid (API 1.14 `forbids`): a unit to retreat or attack ("Characters can't
//! retreat.", "This unit can't attack if you have no units in the Space arena.") and a player
//! to play Battle cards or activated abilities ("Your opponent can't play Battle cards this
//! turn."). A static ability forbids it while its card is in play and its conditions hold. A
//! Battle card or Mission forbids it for the turn: its step proposes `lasts`, and the host then
//! asks the card's ability with `ability.unit` = `NOT_IN_PLAY` until the turn ends.

use swtcg_card_script::script::{
    self, Effect as Does, Pick, Player, PlayerAct, Script, Step, UnitRule, Units,
};
use swtcg_sdk::*;

use crate::steps::sides_of;
use crate::units::{holds, names, units_carried_out};

/// Whether an effect is a prohibition this plugin tells the host of.
pub(crate) fn is_prohibition(effect: &Does) -> bool {
    matches!(
        effect,
        Does::Rule {
            rule: UnitRule::CantRetreat | UnitRule::CantRetreatInRetreatStep | UnitRule::CantAttack,
            ..
        } | Does::Forbid { .. }
    )
}

/// Whether a prohibition of a static ability is carried out: about the card itself or every
/// unit a phrase names, or about a player.
pub(crate) fn static_carried_out(step: &Step) -> bool {
    is_prohibition(&step.effect) && step.duration.is_none() && about_known(&step.effect)
}

/// Whether a prohibition of a card played (a Battle card, a Mission) is carried out: it lasts
/// the turn ("this turn"), and is about every unit a phrase names or a player, never the card
/// itself, which is no unit.
pub(crate) fn played_carried_out(step: &Step) -> bool {
    is_prohibition(&step.effect)
        && step.duration == Some(script::Duration::ThisTurn)
        && about_known(&step.effect)
        && !matches!(&step.effect, Does::Rule { who, .. } if who.pick == Pick::This)
}

/// Whether a script has a prohibition that lasts beyond the card: only a card played can
/// propose `lasts` (the host refuses it of a unit's ability).
pub(crate) fn lasts(script: &Script) -> bool {
    script
        .steps
        .iter()
        .any(|s| is_prohibition(&s.effect) && s.duration.is_some())
}

fn about_known(effect: &Does) -> bool {
    match effect {
        Does::Rule { who, .. } => {
            matches!(who.pick, Pick::This | Pick::Each) && units_carried_out(who, false)
        }
        Does::Forbid { who, .. } => matches!(who, Player::You | Player::Opponent | Player::Each),
        _ => false,
    }
}

/// Whether a text may forbid anything: a cheap look before the script is read, since every
/// ability of this plugin in play is asked before each act.
pub(crate) fn may_forbid(text: &str) -> bool {
    let lower = text.to_ascii_lowercase();
    lower.contains("can't") || lower.contains("cannot") || lower.contains("can\u{2019}t")
}

/// Whether the script forbids `act`, `me` being its card (for a card played, a view made for
/// its controller). A static script forbids only while its conditions hold; a card played for
/// the turn it was played in (the host stops asking when the turn ends).
pub(crate) fn forbids(script: &Script, me: &UnitView, act: &Act, played: bool) -> bool {
    if !played && !script.conditions.iter().all(|c| holds(c, me)) {
        return false;
    }
    script.steps.iter().any(|step| {
        let known = if played {
            played_carried_out(step)
        } else {
            static_carried_out(step)
        };
        known && step_forbids(&step.effect, me, act)
    })
}

fn step_forbids(effect: &Does, me: &UnitView, act: &Act) -> bool {
    match (effect, act) {
        (Does::Rule { who, rule }, Act::Retreat(retreat)) => {
            let forbidden = match rule {
                UnitRule::CantRetreat => true,
                UnitRule::CantRetreatInRetreatStep => retreat.in_retreat_step,
                _ => false,
            };
            forbidden && names_unit(who, retreat.unit, me)
        }
        (
            Does::Rule {
                who,
                rule: UnitRule::CantAttack,
            },
            Act::Attack(unit),
        ) => names_unit(who, *unit, me),
        (
            Does::Forbid {
                who,
                act: PlayerAct::BattleCards,
            },
            Act::PlayBattleCard(play),
        ) => sides_of(*who, me.controller).contains(&play.side),
        (
            Does::Forbid {
                who,
                act: PlayerAct::ActivatedAbilities,
            },
            Act::Activate(play),
        ) => sides_of(*who, me.controller).contains(&play.side),
        _ => false,
    }
}

/// Whether the phrase names the unit `id` now.
fn names_unit(who: &Units, id: UnitId, me: &UnitView) -> bool {
    if who.pick == Pick::This {
        return id == me.id;
    }
    host::unit(id).is_some_and(|unit| names(who, &unit, me))
}
