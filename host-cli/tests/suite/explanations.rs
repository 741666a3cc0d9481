//! The game log explains its results (issue 22): each attack's dice with their modifiers and
//! the value they needed, damage prevented, and why a unit was discarded, through the real
//! wasm plugins of the seed decks (Armor, Accuracy, Evade), in the log and in its words.

use crate::common;

use std::io::Write;
use std::process::{Command, Stdio};

use common::{root, swtcg, temp};
use swtcg_engine::log::{DamageWhy, DiscardWhy, HitsWhy};
use swtcg_engine::{Event, GameLog};

#[test]
fn a_seed_deck_game_explains_its_hits_prevention_and_discards() {
    // Seed 2 of the seed decks has an attack into Armor, dice changed by Accuracy, damage
    // prevented and units discarded by damage (game 10.3 to 10.10, 14.4).
    let file = temp("explanations", "seed-2.jsonl");
    let played = swtcg(&["demo", "--seed", "2", "--log", file.to_str().unwrap()]);
    assert!(played.status.success(), "{}", common::stderr(&played));
    let log =
        GameLog::from_jsonl("seed-2.jsonl", &std::fs::read_to_string(&file).unwrap()).unwrap();
    let hits: Vec<&HitsWhy> = log
        .events()
        .filter_map(|e| match e {
            Event::Hits { why, .. } => why.as_ref(),
            _ => None,
        })
        .collect();
    assert!(!hits.is_empty());
    let threshold = log.header.ruleset.hit_threshold;
    for why in &hits {
        // The hits counted are the dice that reached the value, with their modifiers.
        assert!(why.hit_on >= threshold);
        assert_eq!(why.raised_by.is_empty(), why.hit_on == threshold, "{why:?}");
    }
    let counted = log.events().all(|e| match e {
        Event::Hits {
            hits,
            why: Some(why),
            ..
        } => {
            *hits as usize
                == why
                    .dice
                    .iter()
                    .filter(|(n, m)| *n as i32 + m >= why.hit_on as i32)
                    .count()
        }
        _ => true,
    });
    assert!(counted, "a hit count differs from its dice");
    assert!(
        hits.iter()
            .any(|why| why.raised_by == ["Armor"] && why.hit_on == threshold + 1),
        "no attack into Armor explained"
    );
    assert!(
        hits.iter()
            .any(|why| why.modifiers == [("Accuracy 1".to_string(), 1)]
                && why.dice.iter().all(|(_, m)| *m == 1)),
        "no Accuracy explained"
    );
    // Damage changed by abilities says which: Critical Hit added, Parry prevented.
    let damage: Vec<(u32, &DamageWhy)> = log
        .events()
        .filter_map(|e| match e {
            Event::DamagePlaced {
                amount,
                why: Some(why),
                ..
            } => Some((*amount, why)),
            _ => None,
        })
        .collect();
    for (amount, why) in &damage {
        assert_eq!(why.pending - why.prevented, *amount, "{why:?}");
    }
    assert!(damage.iter().any(|(_, why)| why.prevented > 0
        && why.prevented_by == [("Parry 1".to_string(), why.prevented)]));
    assert!(
        damage
            .iter()
            .any(|(_, why)| why.added_by == [("Critical Hit 1".to_string(), 1)])
    );
    assert!(log.events().any(|e| matches!(
        e,
        Event::Discarded {
            why: Some(DiscardWhy::Damage { damage, health }),
            ..
        } if *damage as i32 >= *health
    )));

    // The same explanations in words, as `replay --step` shows the game.
    let mut child = Command::new(env!("CARGO_BIN_EXE_swtcg"))
        .args(["replay", file.to_str().unwrap(), "--step"])
        .current_dir(root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"c\n").unwrap();
    let output = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&output.stdout);
    for words in [
        "a die hits on 5 or more, not 4, because of \"Armor\"",
        "(+1 from \"Accuracy 1\")",
        "1 added by \"Critical Hit 1\"",
        "1 prevented by \"Parry 1\"",
        "damage reached its health of",
    ] {
        assert!(text.contains(words), "no line with {words:?}");
    }
    assert!(
        !text.contains("die (attack)"),
        "attack dice are shown in their hits"
    );
    // Krrsantan (B) removed damage counters from himself (his printed text).
    assert!(
        log.events()
            .any(|e| matches!(e, Event::DamageRemoved { amount: 1, .. }))
    );
    assert!(text.contains("1 damage counters removed from Krrsantan (B)"));
}

#[test]
fn a_log_written_before_the_explanations_still_replays() {
    // The same game as logged before issue 22: no `why`, no damage-removed entries. It still
    // replays, while a log whose explanation was edited does not.
    let file = temp("explanations", "seed-1.jsonl");
    let played = swtcg(&["demo", "--seed", "1", "--log", file.to_str().unwrap()]);
    assert!(played.status.success(), "{}", common::stderr(&played));
    let text = std::fs::read_to_string(&file).unwrap();
    let mut explained = 0;
    let old: Vec<String> = text
        .lines()
        .filter(|line| !line.contains("\"event\":\"damage-removed\""))
        .map(|line| {
            let mut value: serde_json::Value = serde_json::from_str(line).unwrap();
            if let Some(event) = value.get_mut("event").and_then(|e| e.as_object_mut())
                && event.remove("why").is_some()
            {
                explained += 1;
            }
            value.to_string()
        })
        .collect();
    assert!(explained > 10, "the game explains little: {explained}");
    assert!(old.len() < text.lines().count(), "no damage was removed");
    let old_file = temp("explanations", "seed-1-old.jsonl");
    std::fs::write(&old_file, old.join("\n") + "\n").unwrap();
    let replayed = swtcg(&["replay", old_file.to_str().unwrap()]);
    assert!(replayed.status.success(), "{}", common::stdout(&replayed));
    let edited = text.replacen("\"hit_on\":4", "\"hit_on\":3", 1);
    assert_ne!(edited, text);
    let edited_file = temp("explanations", "seed-1-edited.jsonl");
    std::fs::write(&edited_file, edited).unwrap();
    let refused = swtcg(&["replay", edited_file.to_str().unwrap()]);
    assert_eq!(
        refused.status.code(),
        Some(1),
        "{}",
        common::stdout(&refused)
    );
}

#[test]
fn shields_explain_an_attack_with_fewer_dice() {
    // Shields 1 (X-Wing Red Two in the seed decks): the attacker rolls one die fewer against
    // it (game 10.3), and the hits say so.
    let file = temp("explanations", "seed-3.jsonl");
    let played = swtcg(&["demo", "--seed", "3", "--log", file.to_str().unwrap()]);
    assert!(played.status.success(), "{}", common::stderr(&played));
    let log =
        GameLog::from_jsonl("seed-3.jsonl", &std::fs::read_to_string(&file).unwrap()).unwrap();
    let shielded = log.events().any(|e| {
        matches!(e, Event::Hits { why: Some(why), .. }
            if why.power_against == [("Shields 1".to_string(), -1)])
    });
    assert!(shielded, "no attack into Shields explained");
}
