//! Complete self-play games between random-legal players on the keyword decks, the same seeds
//! through the wasm plugins, their native builds and no plugins at all. Run with
//! `cargo bench -p swtcg-engine --bench selfplay`.

#[path = "workload/plugins.rs"]
mod plugins;
mod workload;

use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use swtcg_engine::{AbilityHost, NoPlugins};

/// Games per measured iteration: one seed range, so every path plays the same games.
const GAMES: u64 = 10;

fn selfplay(c: &mut Criterion) {
    let decks = workload::keyword_decks().expect("the keyword decks parse");
    let mut wasm = plugins::wasm_registry();
    let mut native = plugins::native_registry();
    let hosts: [(&str, &mut dyn AbilityHost); 3] = [
        ("wasm", &mut wasm),
        ("native", &mut native),
        ("no-plugins", &mut NoPlugins),
    ];
    let mut group = c.benchmark_group("selfplay");
    group
        .throughput(Throughput::Elements(GAMES))
        .sample_size(10)
        .measurement_time(Duration::from_secs(10));
    let mut played = Vec::new();
    for (name, host) in hosts {
        played.push(workload::play_games(host, &decks, 1..1 + GAMES).expect("the games run"));
        group.bench_function(name, |b| {
            b.iter(|| workload::play_games(host, &decks, 1..1 + GAMES).expect("the games run"))
        });
    }
    group.finish();
    assert_eq!(played[0], played[1], "wasm and native play the same games");
}

criterion_group!(benches, selfplay);
criterion_main!(benches);
