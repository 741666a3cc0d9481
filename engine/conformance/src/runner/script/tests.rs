//! The script's reading of out-of-turn acts (FORMAT.md "Acts wait for their unit's turn, except
//! an expected illegal one"), asked of single decisions.

use super::*;
use crate::parse_scenario;
use crate::runner::position::build_position;
use swtcg_rules::hooks::NoPlugins;
use swtcg_rules::model::{Arena, Side};
use swtcg_rules::ruleset::Ruleset;

/// Builds a scenario's position and script and hands them to `check`.
fn script_of(text: &str, check: impl Fn(&GameState, &Script, &BTreeMap<String, UnitId>)) {
    let scenario = parse_scenario("test.toml", text).unwrap();
    let cards = CardDb::bundled();
    let built = build_position(&scenario, &cards, Ruleset::default()).unwrap_or_else(|f| {
        panic!("{}", f.reason);
    });
    let names = AbilityNames::of(&NoPlugins, &cards);
    let script = Script::new(&scenario, &built.ids, &built.cards, names);
    check(&built.state, &script, &built.ids);
}

fn act_decision(player: Side, unit: UnitId, defender: UnitId) -> Decision {
    Decision {
        player,
        kind: DecisionKind::Act { unit },
        options: vec![Choice::Attack { defender }, Choice::Skip],
    }
}

const OTHER_PLAYER: &str =
    include_str!("../../../../scenarios/slower-unit-may-not-attack-first.toml");
const SAME_PLAYER: &str =
    include_str!("../../../../scenarios/slower-unit-of-one-player-may-not-attack-first.toml");

#[test]
fn the_expected_illegal_attack_is_refused_at_the_other_players_faster_unit_citing_the_rule() {
    script_of(OTHER_PLAYER, |state, script, ids| {
        let decision = act_decision(Side::Light, ids["wing"], ids["tie"]);
        match script.fit(state, &script.acts[0], &decision) {
            Fit::Refused(reason) => assert_eq!(
                reason,
                "it is not tie's turn to act: wing acts now (game 6.3.5: units act in order of \
                 speed)"
            ),
            _ => panic!("the TIE's attack was not refused at the X-wing's action"),
        }
    });
    // Not named by `expect.illegal`, the same act waits for the TIE's turn.
    script_of(
        &OTHER_PLAYER.replace("illegal = 1", ""),
        |state, script, ids| {
            let decision = act_decision(Side::Light, ids["wing"], ids["tie"]);
            assert!(matches!(
                script.fit(state, &script.acts[0], &decision),
                Fit::Later
            ));
        },
    );
}

#[test]
fn the_expected_illegal_attack_is_refused_at_a_faster_unit_of_its_own_player() {
    script_of(SAME_PLAYER, |state, script, ids| {
        let decision = act_decision(Side::Dark, ids["walker"], ids["rebel"]);
        match script.fit(state, &script.acts[0], &decision) {
            Fit::Refused(reason) => {
                assert!(reason.starts_with("it is not trooper's turn to act: walker acts now"))
            }
            _ => panic!("the trooper's attack was not refused at the walker's action"),
        }
        // Where the player picks among tied units, a unit not among them is refused too.
        let tied = Decision {
            player: Side::Dark,
            kind: DecisionKind::ChooseActor {
                arena: Arena::Ground,
            },
            options: vec![Choice::Actor {
                unit: ids["walker"],
            }],
        };
        match script.fit(state, &script.acts[0], &tied) {
            Fit::Refused(reason) => assert!(reason.contains("walker acts now"), "{reason}"),
            _ => panic!("the trooper's attack was not refused among the tied units"),
        }
    });
}
