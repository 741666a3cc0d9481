//! The plugin-answers fuzzer's runs in the test suite: pseudo-random answer streams played to
//! the end of their games without a panic, reaching what only plugins make happen (a CI-length
//! run, and a longer one kept for changes to the engine's effects).

use std::collections::BTreeMap;

use super::*;

/// How many pseudo-random answer streams the CI-length run plays, and how long each is: about
/// 60 s in a debug build on 2 busy cores.
const GAMES: u64 = 1000;
const STREAM: usize = 64 * 1024;

/// A stream of pseudo-random bytes (xorshift64*) from a fixed seed.
fn stream(seed: u64, length: usize) -> Vec<u8> {
    let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    (0..length)
        .map(|_| {
            x ^= x >> 12;
            x ^= x << 25;
            x ^= x >> 27;
            (x.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 56) as u8
        })
        .collect()
}

/// Plays the stream of each seed; panics naming the seeds whose games broke a property.
fn run(seeds: std::ops::Range<u64>, length: usize) -> BTreeMap<String, u32> {
    let start = std::time::Instant::now();
    let games = seeds.end - seeds.start;
    let mut failed = Vec::new();
    let mut ends = BTreeMap::<&str, u32>::new();
    let (mut turns, mut decisions, mut calls, mut read) = (0, 0, 0, 0);
    // What the plugins' answers made happen, by the log's event names.
    let mut events = BTreeMap::<String, u32>::new();
    for seed in seeds {
        let data = stream(seed, length);
        match std::panic::catch_unwind(|| play(&data)) {
            Ok(played) => {
                let end = match &played.outcome {
                    Ok(Outcome::Winner(_)) => "a winner",
                    Ok(_) => "the turn limit",
                    Err(EngineError::Hook(_)) => "a plugin failure",
                    Err(_) => "a limit",
                };
                *ends.entry(end).or_default() += 1;
                turns += u64::from(played.turns);
                decisions += played.decisions;
                calls += played.calls;
                read += played.read;
                for entry in &played.log {
                    if let LogEntry::Event { event } = entry {
                        let name = format!("{event:?}");
                        let name = name.split([' ', '(', '{']).next().unwrap_or_default();
                        *events.entry(name.to_string()).or_default() += 1;
                    }
                }
            }
            Err(_) => failed.push(seed),
        }
    }
    eprintln!(
        "plugin_answers: {games} games of {length} bytes in {:.1} s, ended by {ends:?}; \
         {turns} turns, {decisions} decisions, {calls} plugin calls, {read} bytes read; \
         events {events:?}",
        start.elapsed().as_secs_f64()
    );
    assert!(
        failed.is_empty(),
        "the streams of these xorshift seeds fail: {failed:?}"
    );
    events
}

#[test]
fn pseudo_random_answer_streams_end_every_game_cleanly() {
    // Two halves on two threads: the games are independent, and the test binary runs this
    // one test alone, so one core would otherwise idle for the minute it takes in a debug
    // build.
    let half = GAMES / 2;
    let (first, second) = std::thread::scope(|scope| {
        let first = scope.spawn(|| run(0..half, STREAM));
        let second = run(half..GAMES, STREAM);
        (first.join(), second)
    });
    let mut events = first.unwrap_or_else(|panic| std::panic::resume_unwind(panic));
    for (name, count) in second {
        *events.entry(name).or_default() += count;
    }
    // The answers reach what only plugins make happen: activations, played Battle cards and
    // resolved Missions, a changed defender, plays disrupted (API 1.8) or not disruptable,
    // and failures. (Attached Equipment and boarded Pilots are rarer: 3 and 1 in 8,000
    // games.)
    for name in [
        "Activated",
        "CardPlayed",
        "MissionResolved",
        "DefenderChanged",
        "Disrupted",
        "CannotBeDisrupted",
        "PluginError",
    ] {
        assert!(
            events.contains_key(name),
            "no game logged {name}: {events:?}"
        );
    }
}

/// A longer run for a change to the engine's effects (about 5 minutes in a debug build):
/// `cargo test -p swtcg-engine --lib plugin_answers -- --ignored`.
#[test]
#[ignore]
fn ten_thousand_more_answer_streams_end_every_game_cleanly() {
    run(GAMES..GAMES + 10_000, STREAM);
}
