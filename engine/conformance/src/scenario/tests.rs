//! Tests of the scenario reader: the shared examples parse, and every kind of broken file is
//! refused with its line and key.

use super::*;

// The examples are read from shared/conformance beside the repository; the path is relative
// to this file so that it does not depend on where the checkout lives.
const EXAMPLES: [(&str, &str); 6] = [
    (
        "01-attack-hits-on-four.toml",
        include_str!("../../../../../shared/conformance/examples/01-attack-hits-on-four.toml"),
    ),
    (
        "02-accuracy-against-armor.toml",
        include_str!("../../../../../shared/conformance/examples/02-accuracy-against-armor.toml"),
    ),
    (
        "03-stealth-cannot-be-attacked.toml",
        include_str!(
            "../../../../../shared/conformance/examples/03-stealth-cannot-be-attacked.toml"
        ),
    ),
    (
        "04-overkill-excess-hits.toml",
        include_str!("../../../../../shared/conformance/examples/04-overkill-excess-hits.toml"),
    ),
    (
        "05-retaliate-after-discard.toml",
        include_str!("../../../../../shared/conformance/examples/05-retaliate-after-discard.toml"),
    ),
    (
        "06-upkeep-paid-at-build-step-start.toml",
        include_str!(
            "../../../../../shared/conformance/examples/06-upkeep-paid-at-build-step-start.toml"
        ),
    ),
];

fn parse(text: &str) -> Result<Scenario, ScenarioError> {
    parse_scenario("test.toml", text)
}

fn parse_err(text: &str) -> ScenarioError {
    match parse(text) {
        Ok(scenario) => panic!("expected an error, parsed {scenario:#?}"),
        Err(err) => err,
    }
}

/// A valid battle scenario with two ground units, to which tests append tables.
const BASE: &str = r#"title = "base"
dice = [4]

[start]
phase = "battle"
arena = "ground"

[[unit]]
id = "a"
side = "dark"
arena = "ground"
cost = 1
speed = 10
power = 1
health = 1

[[unit]]
id = "b"
side = "light"
arena = "ground"
cost = 1
speed = 10
power = 1
health = 1
"#;

fn base_lines() -> usize {
    BASE.lines().count()
}

#[test]
fn all_examples_parse() {
    for (name, text) in EXAMPLES {
        if let Err(err) = parse_scenario(name, text) {
            panic!("{err}");
        }
    }
}

#[test]
fn example_one_in_detail() {
    let scenario = parse(EXAMPLES[0].1).unwrap();
    assert_eq!(scenario.dice, vec![4, 3, 5, 6]);
    assert_eq!(
        scenario.start,
        Start {
            phase: Phase::Battle,
            arena: Some(ArenaName::Ground),
            step: None,
            stop: Some(Stop::AttackEnd),
            turns: 1,
        }
    );
    assert_eq!(scenario.units.len(), 2);
    let squad = scenario.unit("squad").unwrap();
    assert_eq!(squad.line, 10);
    assert_eq!(squad.power, Some(4));
    assert_eq!(squad.type_, None);
    assert_eq!(scenario.dark, PlayerSetup::default());
    assert_eq!(scenario.acts.len(), 1);
    assert_eq!(scenario.acts[0].number, 1);
    assert_eq!(scenario.acts[0].line, 28);
    assert_eq!(
        scenario.acts[0].action,
        Action::Attack {
            unit: "squad".into(),
            defender: "tank".into()
        }
    );
    // The file writes tank before squad, which is not key order.
    let ids: Vec<&str> = scenario
        .expect
        .units
        .iter()
        .map(|(id, _)| id.as_str())
        .collect();
    assert_eq!(ids, ["tank", "squad"]);
    assert_eq!(scenario.expect.units[0].1.damage, Some(3));
    assert_eq!(scenario.expect.units[1].1.tapped, Some(true));
}

#[test]
fn examples_three_and_six_in_detail() {
    let stealth = parse(EXAMPLES[2].1).unwrap();
    assert_eq!(stealth.expect.illegal, Some(1));
    let upkeep = parse(EXAMPLES[5].1).unwrap();
    assert_eq!(upkeep.start.phase, Phase::Build);
    assert_eq!(upkeep.start.step, Some(SideName::Dark));
    assert_eq!(upkeep.dark.force, 3);
    assert_eq!(upkeep.expect.dark.unwrap().force, Some(1));
}

#[test]
fn unknown_key_names_line_and_key() {
    let text = format!("{BASE}colour = \"red\"\n");
    let err = parse_err(&text);
    assert_eq!(err.line, Some(base_lines() + 1));
    assert_eq!(err.column, Some(1));
    assert_eq!(err.key.as_deref(), Some("colour"));
    assert!(err.message.contains("unknown field"), "{err}");
    assert!(
        err.to_string()
            .starts_with(&format!("test.toml:{}:1: key `colour`: ", base_lines() + 1)),
        "{err}"
    );
}

#[test]
fn unknown_key_in_an_act() {
    let text =
        format!("{BASE}\n[[act]]\nside = \"dark\"\nattack = {{ unit = \"a\", target = \"b\" }}\n");
    let err = parse_err(&text);
    assert_eq!(err.line, Some(base_lines() + 4));
    assert_eq!(err.key.as_deref(), Some("target"));
}

#[test]
fn wrong_type_names_line_and_key() {
    let text = BASE.replace(
        "speed = 10\npower = 1\nhealth = 1\n\n[[unit]]",
        "speed = \"fast\"\npower = 1\nhealth = 1\n\n[[unit]]",
    );
    let err = parse_err(&text);
    assert_eq!(err.line, Some(13));
    assert_eq!(err.key.as_deref(), Some("speed"));
    assert!(err.message.contains("invalid type"), "{err}");
}

#[test]
fn bad_enum_value_names_key() {
    let text = BASE.replace(
        "arena = \"ground\"\n\n[[unit]]",
        "arena = \"sea\"\n\n[[unit]]",
    );
    let err = parse_err(&text);
    assert_eq!(err.line, Some(6));
    assert_eq!(err.key.as_deref(), Some("arena"));
    assert!(err.message.contains("sea"), "{err}");
}

#[test]
fn turns_need_a_turn_end_stop_and_a_sane_count() {
    let start = "phase = \"battle\"\narena = \"ground\"\n";
    let two = BASE.replacen(start, &format!("{start}turns = 2\n"), 1);
    let err = parse_err(&two);
    assert_eq!(err.key.as_deref(), Some("turns"));
    assert!(err.message.contains("turn-end"), "{err}");
    let ok = BASE.replacen(
        start,
        &format!("{start}turns = 2\nstop = \"turn-end\"\n"),
        1,
    );
    assert_eq!(parse(&ok).unwrap().start.turns, 2);
    let zero = BASE.replacen(start, &format!("{start}turns = 0\n"), 1);
    assert!(parse_err(&zero).message.contains("from 1 to"));
    assert_eq!(parse(BASE).unwrap().start.turns, 1);
}

#[test]
fn syntax_error_gives_line() {
    let text = format!("{BASE}\n[[act]\nside = \"dark\"\n");
    let err = parse_err(&text);
    assert_eq!(err.line, Some(base_lines() + 2));
    assert!(err.column.is_some());
    assert_eq!(err.key, None);
}

#[test]
fn duplicate_key_is_named() {
    let text = BASE.replace("dice = [4]\n", "dice = [4]\ndice = [5]\n");
    let err = parse_err(&text);
    assert_eq!(err.line, Some(3));
    assert_eq!(err.key.as_deref(), Some("dice"));
}

#[test]
fn missing_required_key() {
    let text = BASE.replace("title = \"base\"\n", "");
    let err = parse_err(&text);
    assert_eq!(err.key.as_deref(), Some("title"));
}

#[test]
fn act_with_two_actions() {
    let text = format!(
        "{BASE}\n[[act]]\nside = \"dark\"\nattack = {{ unit = \"a\", defender = \"b\" }}\n\
         skip = {{ unit = \"a\" }}\n"
    );
    let err = parse_err(&text);
    let header = base_lines() + 2;
    assert_eq!(err.line, Some(header + 3));
    assert_eq!(err.key.as_deref(), Some("skip"));
    assert!(err.message.contains("act 1"), "{err}");
    assert!(err.message.contains(&format!("line {header}")), "{err}");
}

#[test]
fn act_without_action() {
    let text = format!("{BASE}\n[[act]]\nside = \"dark\"\noptional = true\n");
    let err = parse_err(&text);
    assert_eq!(err.line, Some(base_lines() + 2));
    assert!(err.message.contains("act 1"), "{err}");
}

#[test]
fn act_naming_unknown_unit() {
    let text = format!(
        "{BASE}\n[[act]]\nside = \"dark\"\npass = true\n\n[[act]]\nside = \"dark\"\n\
         attack = {{ unit = \"a\", defender = \"ghost\" }}\n"
    );
    let err = parse_err(&text);
    assert_eq!(err.line, Some(base_lines() + 8));
    assert_eq!(err.key.as_deref(), Some("defender"));
    assert!(err.message.contains("act 2"), "{err}");
    assert!(err.message.contains("ghost"), "{err}");
}

#[test]
fn pass_must_be_true() {
    let text = format!("{BASE}\n[[act]]\nside = \"dark\"\npass = false\n");
    let err = parse_err(&text);
    assert_eq!(err.key.as_deref(), Some("pass"));
    let text = format!("{BASE}\n[[act]]\nside = \"light\"\npass = true\n");
    assert_eq!(parse(&text).unwrap().acts[0].action, Action::Pass);
}

#[test]
fn build_zone_unit_needs_type() {
    let text = format!(
        "{BASE}\n[[unit]]\nid = \"c\"\nside = \"dark\"\narena = \"build-zone\"\ncost = 3\n\
         speed = 1\npower = 1\nhealth = 1\n"
    );
    let err = parse_err(&text);
    assert_eq!(err.line, Some(base_lines() + 3));
    assert_eq!(err.key.as_deref(), Some("type"));
    let with_type = text.replace("cost = 3\n", "cost = 3\ntype = \"Space\"\n");
    let unit = parse(&with_type).unwrap().units.pop().unwrap();
    assert_eq!(unit.type_.as_deref(), Some("Space"));
    let with_card = format!(
        "{BASE}\n[[unit]]\nid = \"c\"\nside = \"dark\"\narena = \"build-zone\"\n\
         card = \"ANH/Luke's X-Wing (A)\"\nbuild_counters = 2\n"
    );
    let unit = parse(&with_card).unwrap().units.pop().unwrap();
    assert_eq!(unit.card.as_deref(), Some("ANH/Luke's X-Wing (A)"));
    assert_eq!(unit.cost, None);
    assert_eq!(unit.build_counters, 2);
}

#[test]
fn type_words_must_be_arenas() {
    let text = BASE.replace(
        "cost = 1\nspeed = 10\npower = 1\nhealth = 1\n\n[[unit]]",
        "type = \"Ground/Sea\"\ncost = 1\nspeed = 10\npower = 1\nhealth = 1\n\n[[unit]]",
    );
    let err = parse_err(&text);
    assert_eq!(err.key.as_deref(), Some("type"));
    assert!(err.message.contains("`Sea`"), "{err}");
}

#[test]
fn unit_without_card_needs_stats() {
    let text = BASE.replacen("power = 1\n", "", 1);
    let err = parse_err(&text);
    assert_eq!(err.key.as_deref(), Some("power"));
    assert_eq!(err.line, Some(9));
}

#[test]
fn card_reference_must_name_a_set() {
    let text = format!(
        "{BASE}\n[[unit]]\nid = \"c\"\nside = \"dark\"\narena = \"space\"\n\
         card = \"Luke's X-Wing\"\n"
    );
    assert_eq!(parse_err(&text).key.as_deref(), Some("card"));
}

#[test]
fn duplicate_unit_id() {
    let text = BASE.replace("id = \"b\"", "id = \"a\"");
    let err = parse_err(&text);
    assert_eq!(err.line, Some(18));
    assert!(err.message.contains("line 8"), "{err}");
}

#[test]
fn stack_and_pilots_are_checked() {
    let stacked = BASE.replacen("health = 1\n", "health = 1\nstack = [\"b\"]\n", 1);
    assert_eq!(parse(&stacked).unwrap().units[0].stack, ["b"]);
    let itself = BASE.replacen("health = 1\n", "health = 1\nstack = [\"a\"]\n", 1);
    assert!(parse_err(&itself).message.contains("itself"));
    let unknown = BASE.replacen("health = 1\n", "health = 1\npilots = [\"x\"]\n", 1);
    let err = parse_err(&unknown);
    assert_eq!(err.key.as_deref(), Some("pilots"));
    assert_eq!(err.line, Some(16));
    let twice = format!(
        "{}\n[[unit]]\nid = \"c\"\nside = \"light\"\narena = \"ground\"\ncost = 1\n\
         speed = 1\npower = 1\nhealth = 1\npilots = [\"b\"]\n",
        BASE.replacen("health = 1\n", "health = 1\nstack = [\"b\"]\n", 1)
    );
    assert!(parse_err(&twice).message.contains("already"));
    let cycle =
        BASE.replacen("health = 1\n", "health = 1\nstack = [\"b\"]\n", 1) + "stack = [\"a\"]\n";
    assert!(parse_err(&cycle).message.contains("cannot have its own"));
}

#[test]
fn start_checks() {
    let no_arena = BASE.replace(
        "arena = \"ground\"\n\n[[unit]]\nid = \"a\"",
        "\n[[unit]]\nid = \"a\"",
    );
    let err = parse_err(&no_arena);
    assert_eq!(err.key.as_deref(), Some("arena"));
    assert_eq!(err.line, Some(5));
    let with_step = BASE.replace(
        "phase = \"battle\"\n",
        "phase = \"battle\"\nstep = \"dark\"\n",
    );
    assert_eq!(parse_err(&with_step).key.as_deref(), Some("step"));
    let build = BASE.replace(
        "phase = \"battle\"\narena = \"ground\"\n",
        "phase = \"build\"\n",
    );
    assert_eq!(parse_err(&build).key.as_deref(), Some("step"));
    let build_arena = BASE.replace(
        "phase = \"battle\"\n",
        "phase = \"retreat\"\nstep = \"light\"\n",
    );
    assert_eq!(parse_err(&build_arena).key.as_deref(), Some("arena"));
}

#[test]
fn illegal_must_name_an_act() {
    let text = format!(
        "{BASE}\n[[act]]\nside = \"dark\"\nskip = {{ unit = \"a\" }}\n\n[expect]\nillegal = 0\n"
    );
    let err = parse_err(&text);
    assert_eq!(err.key.as_deref(), Some("illegal"));
    assert_eq!(err.line, Some(base_lines() + 7));
    let two = text.replace("illegal = 0", "illegal = 2");
    assert_eq!(parse_err(&two).key.as_deref(), Some("illegal"));
    let one = text.replace("illegal = 0", "illegal = 1");
    assert_eq!(parse(&one).unwrap().expect.illegal, Some(1));
}

#[test]
fn split_keeps_file_order() {
    let text = format!(
        "{BASE}\n[[unit]]\nid = \"c\"\nside = \"light\"\narena = \"ground\"\ncost = 1\n\
         speed = 1\npower = 1\nhealth = 1\n\n[[act]]\nside = \"dark\"\n\
         split = {{ unit = \"a\", to = {{ c = 2, b = 1 }} }}\n"
    );
    let scenario = parse(&text).unwrap();
    assert_eq!(
        scenario.acts[0].action,
        Action::Split {
            unit: "a".into(),
            to: vec![("c".into(), 2), ("b".into(), 1)],
        }
    );
    let unknown = text.replace("c = 2", "zz = 2");
    let err = parse_err(&unknown);
    assert_eq!(err.key.as_deref(), Some("to"));
}

#[test]
fn every_action_parses() {
    let text = format!(
        r#"{BASE}
[[act]]
side = "dark"
use = {{ unit = "a", ability = "Pay 1 Force -> Evade 1", target = "b", amount = 2, arena = "space" }}
[[act]]
side = "dark"
choose = {{ unit = "a", option = 2 }}
[[act]]
side = "dark"
choose = {{ unit = "a", option = "Pay 1 Force" }}
[[act]]
side = "dark"
complete = {{ unit = "a", via = "Hidden Cost", x = 3 }}
[[act]]
side = "dark"
build = {{ unit = "a", points = 4 }}
[[act]]
side = "dark"
deploy = {{ unit = "a", arena = "ground" }}
[[act]]
side = "light"
retreat = {{ unit = "b" }}
optional = true
"#
    );
    let scenario = parse(&text).unwrap();
    let actions: Vec<&Action> = scenario.acts.iter().map(|act| &act.action).collect();
    assert_eq!(
        actions,
        [
            &Action::Use {
                unit: "a".into(),
                ability: "Pay 1 Force -> Evade 1".into(),
                target: Some("b".into()),
                amount: Some(2),
                arena: Some(ArenaName::Space),
                offer: None,
            },
            &Action::Choose {
                unit: "a".into(),
                option: ChooseOption::Index(2)
            },
            &Action::Choose {
                unit: "a".into(),
                option: ChooseOption::Text("Pay 1 Force".into())
            },
            &Action::Complete {
                unit: "a".into(),
                via: Some(Via::HiddenCost),
                x: Some(3),
                stack: None
            },
            &Action::Build {
                unit: "a".into(),
                points: 4
            },
            &Action::Deploy {
                unit: "a".into(),
                arena: Some(ArenaName::Ground)
            },
            &Action::Retreat { unit: "b".into() },
        ]
    );
    assert!(scenario.acts[6].optional);
    assert_eq!(scenario.acts[6].number, 7);
    let zero = text.replace("option = 2", "option = 0");
    assert_eq!(parse_err(&zero).key.as_deref(), Some("option"));
    let bad_target = text.replace("target = \"b\"", "target = \"q\"");
    assert_eq!(parse_err(&bad_target).key.as_deref(), Some("target"));
}

#[test]
fn card_table_parses() {
    let text = format!(
        r#"{BASE}
[dark]
force = 4
hand = ["Elite Squad", "ANH/Luke's X-Wing (A)", "Some Set Card"]

[[card]]
name = "Elite Squad"
side = "dark"
type = "Ground"
subtypes = ["Imperial", "Soldier"]
cost = 6
speed = 40
power = 4
health = 5
abilities = ["Accuracy 1"]
"#
    );
    let scenario = parse(&text).unwrap();
    assert_eq!(scenario.dark.hand.len(), 3);
    let card = scenario.card("Elite Squad").unwrap();
    assert_eq!(card.line, base_lines() + 6);
    assert_eq!(card.side, Some(CardSideName::Dark));
    assert_eq!(card.type_, "Ground");
    assert!(!card.unique);
    assert_eq!(
        (card.cost, card.speed, card.power, card.health),
        (6, 40, 4, 5)
    );
    assert_eq!(card.abilities, ["Accuracy 1"]);
    let twice = format!(
        "{text}\n[[card]]\nname = \"Elite Squad\"\ntype = \"Ground\"\ncost = 1\nspeed = 1\npower = 1\nhealth = 1\n"
    );
    assert_eq!(parse_err(&twice).key.as_deref(), Some("name"));
}

#[test]
fn negative_and_out_of_range_numbers() {
    let force = format!("{BASE}\n[light]\nforce = -1\n");
    let err = parse_err(&force);
    assert_eq!(err.key.as_deref(), Some("force"));
    assert_eq!(err.line, Some(base_lines() + 3));
    let die = BASE.replace("dice = [4]", "dice = [4, 7]");
    let err = parse_err(&die);
    assert_eq!((err.line, err.column), (Some(2), Some(12)));
    let damage = BASE.replacen("health = 1\n", "health = 1\ndamage = -2\n", 1);
    assert_eq!(parse_err(&damage).key.as_deref(), Some("damage"));
}

#[test]
fn expectations_refer_to_units() {
    let text = format!("{BASE}\n[expect]\ndiscarded = [\"b\", \"nobody\"]\n");
    let err = parse_err(&text);
    assert_eq!(err.key.as_deref(), Some("discarded"));
    assert_eq!((err.line, err.column), (Some(base_lines() + 3), Some(19)));
    let unit = format!("{BASE}\n[expect.unit.ghost]\ndamage = 1\n");
    let err = parse_err(&unit);
    assert_eq!(err.key.as_deref(), Some("unit"));
    assert_eq!(err.line, Some(base_lines() + 2));
    let fine = format!(
        "{BASE}\n[expect]\nwinner = \"none\"\n[expect.unit.b]\narena = \"discard\"\n\
         [expect.light]\nhand_size = 0\n"
    );
    let expect = parse(&fine).unwrap().expect;
    assert_eq!(expect.winner, Some(Winner::None));
    assert_eq!(expect.units[0].1.arena, Some(ExpectZone::Discard));
    assert_eq!(expect.light.unwrap().hand_size, Some(0));
}

#[test]
fn display_leaves_out_missing_parts() {
    let err = ScenarioError {
        path: "x.toml".into(),
        line: None,
        column: None,
        key: None,
        message: "broken".into(),
    };
    assert_eq!(err.to_string(), "x.toml: broken");
    let err = ScenarioError {
        line: Some(3),
        key: Some("k".into()),
        ..err
    };
    assert_eq!(err.to_string(), "x.toml:3: key `k`: broken");
}

#[test]
fn odd_input_does_not_panic() {
    for text in [
        "",
        "\u{feff}",
        "title = \"é\"\n[start]\nphase = \"battle\"\nstep = \"ü\"",
        "[[act]]\n",
        "title = 'x'\n[start]\nphase = 'battle'\narena = 'space'\n[[act]]\nside = 'dark'\nchoose = { unit = 'a', option = 1.5 }\n",
        "title = 'x'\n[start]\nphase = 'battle'\narena = 'space'\n[expect]\nillegal = -5\n",
        "a = \"\u{1F600}\" \u{1F600}",
    ] {
        let _ = parse(text);
    }
}
