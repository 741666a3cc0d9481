//! Loading every bundled plugin: compiling from wasm (a cold start), loading precompiled code
//! (a warm compile cache) and instantiating; and cloning a game state for AI search. Run with
//! `cargo bench -p swtcg-engine --features bench --bench load`.

#[path = "workload/plugins.rs"]
mod plugins;
mod workload;

use std::sync::Arc;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use swtcg_engine::players::RandomPlayer;
use swtcg_engine::plugins::WasmRuntime;
use swtcg_engine::{Game, Ruleset, Seats};

fn load(c: &mut Criterion) {
    let modules = plugins::wasm_modules();
    let runtime = WasmRuntime::new().expect("wasmtime starts");
    let precompiled: Vec<_> = modules
        .iter()
        .map(|(_, bytes)| runtime.precompile(bytes).expect("the plugin compiles"))
        .collect();

    let mut group = c.benchmark_group("load");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(20));
    group.bench_function("cold", |b| {
        b.iter(|| {
            let runtime = WasmRuntime::new().expect("wasmtime starts");
            let compiled: Vec<_> = modules
                .iter()
                .map(|(m, bytes)| {
                    (
                        m.clone(),
                        bytes.clone(),
                        runtime.compile(bytes).expect("compiles"),
                    )
                })
                .collect();
            plugins::wasm_registry_from(&runtime, &compiled)
        })
    });
    group.bench_function("warm", |b| {
        b.iter(|| {
            let runtime = WasmRuntime::new().expect("wasmtime starts");
            let compiled: Vec<_> = modules
                .iter()
                .zip(&precompiled)
                .map(|((m, bytes), pre)| {
                    (
                        m.clone(),
                        bytes.clone(),
                        runtime.load_compiled(pre).expect("loads"),
                    )
                })
                .collect();
            plugins::wasm_registry_from(&runtime, &compiled)
        })
    });
    group.finish();

    // A game state at the end of a complete game, cloned as an AI search would.
    let decks = workload::keyword_decks().expect("the keyword decks parse");
    let mut registry = plugins::wasm_registry();
    let mut seats = Seats {
        dark: Box::new(RandomPlayer::new(1)),
        light: Box::new(RandomPlayer::new(2)),
    };
    let mut game = Game::from_decks(
        decks,
        1,
        Arc::new(Ruleset::default()),
        &mut registry,
        &mut seats,
    );
    game.play().expect("the game runs");
    let state = game.state.clone();
    c.bench_function("state_clone", |b| b.iter(|| state.clone()));
}

criterion_group!(benches, load);
criterion_main!(benches);
