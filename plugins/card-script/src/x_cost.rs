//! "Pay X Force -> <steps with X>" and "Pay any number of build points -> <steps with that
//! many>" (game 13.8): an activated ability whose X the player chooses as they pay. The offer's
//! amount is X (the engine offers each amount the player can pay and pays the cost with it), and
//! the steps are carried out with every X bound to it: a script with X bound is a script of
//! numbers, which the rest of the plugin reads as printed.

use swtcg_card_script::script::{Amount, Count, Effect, Script, Step};
use swtcg_sdk::PlayerView;
use swtcg_sdk::api;

/// The most X offered: the engine bounds an offer's amounts the same way.
const MOST_X: u32 = 20;

/// Whether the printed cost before the arrow has an X the player chooses ("Pay X Force").
pub(crate) fn has_x(text: &str) -> bool {
    x_costs(text).is_some()
}

/// The printed costs before the arrow, if they have an X the player chooses.
fn x_costs(text: &str) -> Option<Vec<api::cost::Cost>> {
    let (cost, _) = api::text::split_at_arrow(text)?;
    let costs = api::cost::parse_costs_with_x(cost.trim()).ok()?;
    api::cost::x_limit(&costs).is_some().then_some(costs)
}

/// The most X the player may choose for the ability printed as `text`, if its cost has an X:
/// its printed limit ("where X is 8 or less"), what the player has (asked of `player` only
/// then) of what X is paid in ("Pay X Force", "Pay any number of build points"), and
/// [`MOST_X`].
pub(crate) fn most_x(text: &str, player: impl FnOnce() -> PlayerView) -> Option<u32> {
    let costs = x_costs(text)?;
    let limit = api::cost::x_limit(&costs).flatten();
    let player = player();
    let have = if costs
        .iter()
        .any(|c| matches!(c, api::cost::Cost::BuildPointsX { .. }))
    {
        player.build_points
    } else {
        player.force
    };
    Some(limit.unwrap_or(MOST_X).min(have).min(MOST_X))
}

/// The script with every X the player chooses ("+X power", "X dice of damage", "gain X build
/// points", "Fury X") bound to `x`, or `None` if it has an X this plugin can't bind (an X
/// counted by a definition is the grammar's `X(Some(..))` and stays as it is).
pub(crate) fn bound(script: &Script, x: u32) -> Option<Script> {
    let mut made = script.clone();
    for step in &mut made.steps {
        bind_step(step, x)?;
    }
    Some(made)
}

fn bind_step(step: &mut Step, x: u32) -> Option<()> {
    // "+X power": the change once for each of X.
    if let Effect::Stats {
        power,
        health,
        speed,
        per,
        ..
    } = &mut step.effect
        && per.as_ref().is_some_and(is_x_text)
    {
        let times = i32::try_from(x).ok()?;
        *power = power.checked_mul(times)?;
        *health = health.checked_mul(times)?;
        *speed = speed.checked_mul(times)?;
        *per = None;
    }
    // Options of "choose one" are not looked into: such a script is not bound.
    if matches!(step.effect, Effect::ChooseOne(_)) {
        return None;
    }
    for amount in step.effect.amounts_mut() {
        if *amount == Amount::X(None) {
            *amount = Amount::Number(x);
        }
    }
    Some(())
}

/// "+X power" is read as "+1 power for each X", X kept as text.
fn is_x_text(count: &Count) -> bool {
    matches!(count, Count::Text(t) if t == "X")
}

#[cfg(test)]
mod tests {
    use super::*;
    use swtcg_card_script::{Card, read};

    fn player(force: u32, build_points: u32) -> PlayerView {
        PlayerView {
            force,
            build_points,
            hand_size: 0,
            deck_size: 0,
        }
    }

    fn script(text: &str, name: &str) -> Script {
        read(
            text,
            Card {
                name,
                played: false,
            },
        )
        .script
        .unwrap()
    }

    #[test]
    fn the_x_chosen_binds_every_x_of_the_steps() {
        // ESB Vader's Vengeance, TROS Zorii Bliss (A) costs no Force X.
        let text = "Pay X Force -> One of your units in any arena gets +X power for this attack.";
        assert!(has_x(text));
        assert_eq!(most_x(text, || player(7, 0)), Some(7));
        let made = bound(&script(text, "Vader's Vengeance"), 3).unwrap();
        assert!(matches!(
            made.steps[0].effect,
            Effect::Stats {
                power: 3,
                per: None,
                ..
            }
        ));
        // TAL Xesh (A): "Fury X".
        let xesh = "Pay X Force -> Xesh gets Fury X for this attack.";
        let made = bound(&script(xesh, "Xesh (A)"), 2).unwrap();
        assert!(format!("{:?}", made.steps[0].effect).contains("Number(2)"));
        // A limit printed after the cost.
        assert_eq!(
            most_x(
                "Pay X Force, where X is 3 or less -> Gain X build points.",
                || player(9, 0)
            ),
            Some(3)
        );
        // BOY Millennium Falcon (A): X paid in build points, as many as the player has.
        let falcon = "Pay any number of build points -> Remove that many damage counters from \
                      the Millennium Falcon. Play only during your build step.";
        assert_eq!(most_x(falcon, || player(9, 2)), Some(2));
        assert!(!has_x("Pay 2 Force -> Gain 1 build point."));
    }
}
