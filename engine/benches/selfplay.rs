//! Complete self-play games of every workload users run (`workload::WORKLOADS`: the seed, keyword
//! and plain decks, by the greedy AI and by random-legal players), the same seeds through the
//! wasm plugins, their native builds and no plugins at all. Run with
//! `cargo bench -p swtcg-engine --features bench --bench selfplay` (`-- seed-greedy` for one workload).

#[path = "workload/plugins.rs"]
mod plugins;
mod workload;

use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use swtcg_engine::{AbilityHost, NoPlugins};

/// Games per measured iteration: one seed range, so every path plays the same games.
const GAMES: u64 = 10;

fn selfplay(c: &mut Criterion) {
    let mut wasm = plugins::wasm_registry();
    let mut native = plugins::native_registry();
    for workload in workload::WORKLOADS {
        let decks = workload.resolve().expect("the workload's decks parse");
        let hosts: [(&str, &mut dyn AbilityHost); 3] = [
            ("wasm", &mut wasm),
            ("native", &mut native),
            ("no-plugins", &mut NoPlugins),
        ];
        let mut group = c.benchmark_group(format!("selfplay/{}", workload.name()));
        group
            .throughput(Throughput::Elements(GAMES))
            .sample_size(10)
            .measurement_time(Duration::from_secs(10));
        let mut played = Vec::new();
        let seeds = 1..1 + GAMES;
        for (name, host) in hosts {
            let play = |host: &mut dyn AbilityHost| {
                workload::play_games_by(host, &decks, seeds.clone(), workload.ai)
                    .expect("the games run")
            };
            played.push(play(host));
            group.bench_function(name, |b| b.iter(|| play(host)));
        }
        group.finish();
        assert_eq!(played[0], played[1], "wasm and native play the same games");
    }
}

criterion_group!(benches, selfplay);
criterion_main!(benches);
