//! `swtcg demo`'s default decks, the seed decks: every card in them is playable with the bundled
//! plugins, and demo games use the seed cards' abilities.

use crate::common;

use std::collections::{BTreeMap, BTreeSet};

use common::{root, stdout, swtcg, temp};

/// The built-in seed decks, as `swtcg demo` plays them by default.
const DECKS: [&str; 2] = [
    "engine/data/decks/seed-dark.txt",
    "engine/data/decks/seed-light.txt",
];

/// The `SET/Name` entries of a plain deck list.
fn deck_cards(path: &str) -> Vec<(String, String)> {
    let text = std::fs::read_to_string(root().join(path)).unwrap();
    text.lines()
        .map(|line| line.split('#').next().unwrap().trim())
        .filter(|line| !line.is_empty())
        .map(|line| {
            let (_, card) = line.split_once(' ').unwrap();
            let (set, name) = card.split_once('/').unwrap();
            (set.to_string(), name.to_string())
        })
        .collect()
}

#[test]
fn every_card_of_the_seed_decks_is_playable_with_the_bundled_plugins() {
    // `cards coverage` reads set files: one per set with the decks' cards, each line copied from
    // the bundled set file with its header.
    let mut by_set: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for deck in DECKS {
        for (set, name) in deck_cards(deck) {
            by_set.entry(set).or_default().insert(name);
        }
    }
    let mut files = Vec::new();
    let mut units = 0;
    for (set, names) in &by_set {
        let data =
            std::fs::read_to_string(root().join(format!("engine/data/lackey/{set}.txt"))).unwrap();
        let mut lines = data.lines();
        let mut out = vec![lines.next().unwrap()];
        for name in names {
            let line = data
                .lines()
                .find(|l| l.split('\t').next() == Some(name.as_str()))
                .unwrap_or_else(|| panic!("{set}/{name} is not in the bundled set"));
            out.push(line);
            units += 1;
        }
        let file = temp("demo", &format!("{set}.txt"));
        std::fs::write(&file, out.join("\n") + "\n").unwrap();
        files.push(file.to_string_lossy().into_owned());
    }
    let mut args = vec!["cards", "coverage", "--json"];
    args.extend(files.iter().map(String::as_str));
    let out = swtcg(&args);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let sets = json["sets"].as_array().unwrap();
    let count = |key: &str| sets.iter().map(|s| s[key].as_u64().unwrap()).sum::<u64>();
    assert_eq!(count("units"), units, "{json}");
    assert_eq!(
        count("playable"),
        units,
        "not every card is playable: {json}"
    );
}

/// What one demo game's log shows of the seed cards' abilities.
#[derive(Default, Debug)]
struct SeedUse {
    /// Xesh (C) completed by its Alternative Cost with an X chosen.
    xesh_with_x: bool,
    /// Xesh (C)'s Upkeep paid.
    xesh_upkeep: bool,
    /// An ability of Krrsantan (B) used: an activation or its damage counter removal.
    krrsantan: bool,
    /// An ability of Rukh (C) used: an activation.
    rukh: bool,
}

fn seed_use(log: &str) -> SeedUse {
    let entries: Vec<serde_json::Value> = log
        .lines()
        .skip(1)
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    // Unit ids to card names, from the events that name them ("Xesh (C) [u12]").
    let mut names: BTreeMap<u64, String> = BTreeMap::new();
    for event in entries.iter().filter_map(|e| e.get("event")) {
        if let (Some(unit), Some(name)) = (event["unit"].as_u64(), event["name"].as_str()) {
            names.insert(unit, name.split(" [").next().unwrap().to_string());
        }
    }
    let is = |unit: &serde_json::Value, card: &str| {
        unit.as_u64()
            .and_then(|u| names.get(&u))
            .is_some_and(|n| n == card)
    };
    let mut seen = SeedUse::default();
    for (i, entry) in entries.iter().enumerate() {
        if let Some(event) = entry.get("event") {
            let unit = &event["unit"];
            match event["event"].as_str() {
                Some("activated") if is(unit, "Krrsantan (B)") => seen.krrsantan = true,
                Some("activated") if is(unit, "Rukh (C)") => seen.rukh = true,
                Some("paid") if is(unit, "Xesh (C)") => seen.xesh_upkeep = true,
                _ => {}
            }
            continue;
        }
        let choice = &entry["choice"];
        let kind = &entry["kind"];
        if choice["choice"] == "complete-via"
            && choice["label"] == "Alternative Cost"
            && choice["x"].is_u64()
            && entries
                .get(i + 1)
                .is_some_and(|next| is(&next["event"]["unit"], "Xesh (C)"))
        {
            seen.xesh_with_x = true;
        }
        if kind["kind"] == "remove-damage" && is(&kind["unit"], "Krrsantan (B)") {
            seen.krrsantan = true;
        }
    }
    seen
}

#[test]
fn demo_games_between_the_seed_decks_use_the_seed_cards_abilities() {
    let mut all = SeedUse::default();
    for seed in 1..=4 {
        let log = temp("demo", &format!("seed-{seed}.jsonl"));
        let out = swtcg(&[
            "demo",
            "--seed",
            &seed.to_string(),
            "--log",
            log.to_str().unwrap(),
        ]);
        assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
        let game = seed_use(&std::fs::read_to_string(&log).unwrap());
        all.xesh_with_x |= game.xesh_with_x;
        all.xesh_upkeep |= game.xesh_upkeep;
        all.krrsantan |= game.krrsantan;
        all.rukh |= game.rukh;
    }
    assert!(
        all.xesh_with_x && all.xesh_upkeep && all.krrsantan && all.rukh,
        "in demo games 1 to 4 some seed card never used an ability: {all:?}"
    );
}

#[test]
fn the_plain_demo_decks_stay_available() {
    let log = temp("demo", "plain.jsonl");
    let out = swtcg(&[
        "demo",
        "--decks",
        "plain",
        "--seed",
        "2",
        "--log",
        log.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    let log = std::fs::read_to_string(&log).unwrap();
    let header: serde_json::Value = serde_json::from_str(log.lines().next().unwrap()).unwrap();
    let dark: Vec<&str> = header["decks"][0]
        .as_array()
        .unwrap()
        .iter()
        .map(|card| card["name"].as_str().unwrap())
        .collect();
    assert!(dark.contains(&"Jawa"), "{dark:?}");
    assert!(!dark.contains(&"Rukh (C)"), "{dark:?}");
}
