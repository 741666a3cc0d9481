//! `swtcg cards import` and `swtcg cards coverage`, run the way a user does.

use crate::common;

use common::{root, stderr, stdout, swtcg, temp};

use std::process::Output;

const HEADER: &str = "Name\tSet\tSide\tType\tCost\tSpeed\tPower\tHealth\tText";

#[test]
fn every_bundled_set_file_imports_without_errors() {
    let mut files: Vec<String> = std::fs::read_dir(root().join("engine/data/lackey"))
        .unwrap()
        .filter_map(|entry| entry.ok())
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".txt") && name != "formats.txt" && name != "keywords.txt")
        .map(|name| format!("engine/data/lackey/{name}"))
        .collect();
    files.sort();
    assert_eq!(files.len(), 21, "{files:?}");
    let args: Vec<&str> = ["cards", "import"]
        .into_iter()
        .chain(files.iter().map(String::as_str))
        .collect();
    let out = swtcg(&args);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(0), "{text}{}", stderr(&out));
    for file in &files {
        let line = text
            .lines()
            .find(|line| line.starts_with(&format!("{file}: ")))
            .unwrap_or_else(|| panic!("no line for {file} in\n{text}"));
        assert!(line.ends_with(" cards imported"), "{line}");
        let error_prefix = format!("{file}:");
        assert!(
            !text.lines().any(|line| line
                .strip_prefix(&error_prefix)
                .is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_digit()))),
            "{text}"
        );
    }
    assert!(
        text.contains("engine/data/lackey/ANH.txt: 186 cards imported"),
        "{text}"
    );
    let anh = text.lines().find(|line| line.starts_with("ANH: "));
    assert_eq!(
        anh,
        Some("ANH: 186 cards (121 units, 38 battles, 27 missions)"),
        "{text}"
    );
    assert!(!text.contains("could not be imported"), "{text}");
}

#[test]
fn a_bad_line_is_reported_and_the_rest_still_imports() {
    let file = temp("cards", "BAD.txt");
    std::fs::write(
        &file,
        format!(
            "{HEADER}\n\
             Good One\tBAD\tL\tGround\t2\t20\t2\t2\tStealth\n\
             Broken\tBAD\tQ\tGround\t2\t20\t2\t2\t\n\
             Short\tBAD\tL\n\
             Good Two\tBAD\tD\tSpace\t3\t30\t3\t3\t\n"
        ),
    )
    .unwrap();
    let path = file.to_str().unwrap();
    let out = swtcg(&["cards", "import", path]);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{text}{}", stderr(&out));
    assert!(
        text.contains(&format!("{path}: 2 cards imported")),
        "{text}"
    );
    assert!(
        text.contains(&format!(
            "{path}:3: unknown Side \"Q\" (expected L, D, N or Y)"
        )),
        "{text}"
    );
    assert!(
        text.contains(&format!(
            "{path}:4: expected 9 tab-separated fields as in the header, found 3"
        )),
        "{text}"
    );
    assert!(text.contains("BAD: 2 cards (2 units)"), "{text}");
    assert!(text.contains("2 lines could not be imported"), "{text}");
}

#[test]
fn an_unreadable_file_exits_2_and_the_others_still_import() {
    let missing = temp("cards", "missing.txt");
    let out = swtcg(&[
        "cards",
        "import",
        missing.to_str().unwrap(),
        "engine/data/lackey/IA.txt",
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    assert!(
        stderr(&out).contains(missing.to_str().unwrap()),
        "{}",
        stderr(&out)
    );
    assert!(
        stdout(&out).contains("engine/data/lackey/IA.txt: 30 cards imported"),
        "{}",
        stdout(&out)
    );
}

fn json(out: &Output) -> serde_json::Value {
    assert_eq!(out.status.code(), Some(0), "{}", stderr(out));
    serde_json::from_str(&stdout(out)).unwrap_or_else(|e| panic!("{e}: {}", stdout(out)))
}

#[test]
fn coverage_json_covers_every_bundled_set() {
    let report = json(&swtcg(&["cards", "coverage", "--json"]));
    let sets = report["sets"].as_array().expect("a sets array");
    assert_eq!(sets.len(), 21, "{report}");
    let anh = sets
        .iter()
        .find(|set| set["set"] == "ANH")
        .expect("ANH is in the report");
    assert_eq!(anh["cards"], 186);
    let units = anh["units"].as_u64().unwrap();
    let played = anh["played"].as_u64().unwrap();
    let playable = anh["playable"].as_u64().unwrap();
    let units_playable = anh["units_playable"].as_u64().unwrap();
    // Battle cards and Missions count among the playable cards, units among them too.
    assert!(
        units > 0 && units_playable > 0 && units_playable <= units,
        "{anh}"
    );
    assert!(
        playable > units_playable && playable <= played,
        "the bundled card plugins make some ANH Battle cards or Missions playable: {anh}"
    );
    for set in sets {
        let counts: Vec<u64> = set["unsupported"]
            .as_array()
            .unwrap()
            .iter()
            .map(|entry| {
                assert!(entry["text"].is_string(), "{entry}");
                entry["count"].as_u64().unwrap()
            })
            .collect();
        assert!(counts.windows(2).all(|pair| pair[0] >= pair[1]), "{set}");
    }
}

#[test]
fn coverage_of_a_file_and_a_set_code() {
    let file = temp("cards", "MINE.txt");
    std::fs::write(
        &file,
        format!(
            "{HEADER}\n\
             Sneaky\tMINE\tL\tGround\t2\t20\t2\t2\tStealth\n\
             Plain\tMINE\tL\tGround\t2\t20\t2\t2\t\n\
             Chatty\tMINE\tD\tSpace\t3\t30\t3\t3\tThis unit gets +1 power for each card in your opponent's build zone.\n\
             Fight\tMINE\tD\tBattle\t3\t\t\t\tDraw a card.\n\
             Humming\tMINE\tD\tGround\t2\t20\t2\t2\tThis unit hums a tune.\n"
        ),
    )
    .unwrap();
    let report = json(&swtcg(&[
        "cards",
        "coverage",
        "--json",
        file.to_str().unwrap(),
        "ia",
    ]));
    let sets = report["sets"].as_array().unwrap();
    assert_eq!(sets.len(), 2, "{report}");
    let mut mine = sets[0].clone();
    let grammar = mine
        .as_object_mut()
        .and_then(|set| set.remove("grammar"))
        .unwrap_or_default();
    assert_eq!(
        mine,
        serde_json::json!({
            "set": "MINE",
            "cards": 5,
            "played": 5,
            "units": 4,
            "playable": 3,
            "units_playable": 2,
            // A Battle card's "Draw a card.", printing no cost, is played for nothing
            // (card-script): Fight is playable.
            "unsupported": [
                {"text": "This unit gets +1 power for each card in your opponent's build zone.", "count": 1},
                {"text": "This unit hums a tune.", "count": 1},
            ],
        })
    );
    // The grammar of card text reads the first two texts, carried out or not, and stops at the
    // verb it does not know in the third, naming what it expected there.
    assert_eq!(
        (grammar["texts"].as_u64(), grammar["read"].as_u64()),
        (Some(3), Some(2)),
        "{grammar}"
    );
    let stop = &grammar["stops"][0];
    assert_eq!(stop["count"], 1, "{grammar}");
    assert_eq!(stop["example"], "This unit hums a tune.", "{grammar}");
    let described = stop["example_stop"].as_str().unwrap_or_default();
    assert!(
        described.starts_with("stopped at \"hums\": expected \"gets\""),
        "{described}"
    );
    assert_eq!(sets[1]["set"], "IA");

    let out = swtcg(&["cards", "coverage", file.to_str().unwrap(), "--top", "5"]);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(0), "{text}{}", stderr(&out));
    assert!(
        text.contains(
            "Battle cards, Missions, Equipment, Locations and Resources are \
         played"
        ),
        "{text}"
    );
    assert!(text.contains("MINE"), "{text}");
    assert!(
        text.contains(
            "     1  This unit gets +1 power for each card in your opponent's build zone."
        ),
        "{text}"
    );
    assert!(
        text.contains("MINE: the grammar reads 2 of 3 card-text abilities; where it stops most:")
            && text.contains("        e.g. This unit hums a tune."),
        "{text}"
    );
}

#[test]
fn an_unknown_set_code_lists_the_loaded_ones() {
    let out = swtcg(&["cards", "coverage", "NOPE"]);
    assert_eq!(out.status.code(), Some(2));
    let message = stderr(&out);
    assert!(
        message.contains("\"NOPE\" is neither a file nor a loaded set")
            && message.contains("ANH, ROTS, AOTC, SR, BOY, JG, ESB, RAS, PM, ROTJ, KAE"),
        "{message}"
    );
}

#[test]
fn cards_commands_have_examples() {
    for command in ["import", "coverage", "explain"] {
        let out = swtcg(&["cards", command, "--help"]);
        assert_eq!(out.status.code(), Some(0));
        assert!(
            stdout(&out).contains(&format!("Example: swtcg cards {command}")),
            "{}",
            stdout(&out)
        );
    }
}

#[test]
fn explain_reads_the_ability_a_reserves_text_lists() {
    // Reserves hands its listed ability to the unit in the build zone: JG Even Piell (A)'s is
    // read and carried out, JG Yoda (E)'s (in Yoda's word order) is not, and neither is his
    // Reserves text, whatever Reserves' own plugin says.
    let out = swtcg(&["cards", "explain", "JG/Even Piell (A)", "JG/Yoda (E)"]);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(0), "{text}{}", stderr(&out));
    let piell = text.split("JG/Yoda (E)").next().unwrap();
    assert!(
        piell.contains(
            "  3. Reserves: Tap -> You gain 1 Force. Play only during your build step.\n     \
             Reserves lists: \"Tap -> You gain 1 Force. Play only during your build step.\"\n     \
             read: activated"
        ) && piell.matches("carried out by the loaded plugins").count() == 3,
        "{text}"
    );
    let yoda = text.split("JG/Yoda (E)").nth(1).unwrap();
    assert!(
        yoda.contains(
            "     Reserves lists: \"Tap -> Up to 2 damage to one of your units prevent.\""
        ) && yoda.contains(
            "     not carried out: no loaded plugin carries out the ability Reserves lists"
        ),
        "{text}"
    );
}

#[test]
fn explain_shows_each_abilitys_script_or_where_the_grammar_stopped() {
    // R2-D2 (G)'s text is read and carried out by the card-script plugin; Darth Vader (A)'s first
    // ability stops at a word the grammar does not know yet, and his keywords are keywords.
    let out = swtcg(&["cards", "explain", "ESB/R2-D2 (G)", "ANH/Darth Vader (A)"]);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(0), "{text}{}", stderr(&out));
    assert!(
        text.contains("ESB/R2-D2 (G) — unit")
            && text.contains("     read: static")
            && text.contains("do: each of your units (in the Space arena) gets +20 speed")
            && text.contains("     carried out by the loaded plugins"),
        "{text}"
    );
    assert!(
        text.contains("ANH/Darth Vader (A) — unit")
            && text.contains("     not read: stopped at \"other\"")
            && text.contains("     keyword ability: Evade")
            && text.contains("     not carried out: no loaded plugin claims this text"),
        "{text}"
    );

    // A designer's own text: the caret stands under the word where reading stopped.
    let out = swtcg(&[
        "cards",
        "explain",
        "--text",
        "Pay 2 Force -> Gain 2 health.",
    ]);
    let text = stdout(&out);
    let caret = format!("\n{}^\n", " ".repeat("       Pay 2 Force -> Gain 2 ".len()));
    assert!(
        text.contains("not read: stopped at \"health.\": expected \"force\", \"build points\"")
            && text.contains(&format!("       Pay 2 Force -> Gain 2 health.{caret}")),
        "{text}"
    );

    // --json: the script in the shape of swtcg-card-script's types.
    let report = json(&swtcg(&["cards", "explain", "--json", "ESB/R2-D2 (G)"]));
    let ability = &report["cards"][0]["abilities"][0];
    assert_eq!(ability["class"], "card-text", "{report}");
    assert_eq!(ability["carried_out"], true, "{report}");
    let script = &ability["reading"]["script"];
    assert_eq!(script["kind"], "static", "{report}");
    assert_eq!(
        script["steps"][0]["effect"]["stats"]["speed"], 20,
        "{report}"
    );
}

#[test]
fn explain_refuses_an_unknown_card_and_an_empty_call() {
    let out = swtcg(&["cards", "explain", "Darth Vaderr (A)"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("unknown card"), "{}", stderr(&out));
    let out = swtcg(&["cards", "explain"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("name at least one card"),
        "{}",
        stderr(&out)
    );
}
