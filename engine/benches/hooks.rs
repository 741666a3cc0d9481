//! Hook dispatch: one call of Critical Hit's pending damage hook (marshalling included), and the
//! pending damage POP reached with 0, 1 and 10 subscribed ability instances in play, through
//! the wasm plugin, its native build and a built-in Rust Critical Hit (the baseline). Also a
//! hook no plugin subscribes to. Run with `cargo bench -p swtcg-engine --features bench --bench hooks`.

#[path = "workload/plugins.rs"]
mod plugins;
mod workload;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use swtcg_engine::players::RandomPlayer;
use swtcg_engine::plugins::Registry;
use swtcg_engine::{AbilityHost, Game, NoPlugins, Seats};
use swtcg_plugin_api::HookPoint;
use workload::{BENCH_HOOK, BuiltinCriticalHit};

fn seats() -> Seats {
    Seats {
        dark: Box::new(RandomPlayer::new(1)),
        light: Box::new(RandomPlayer::new(2)),
    }
}

fn hosts() -> Vec<(&'static str, Box<dyn AbilityHost>)> {
    let wasm: Registry = plugins::wasm_registry();
    let native: Registry = plugins::native_registry();
    vec![
        ("wasm", Box::new(wasm)),
        ("native", Box::new(native)),
        ("builtin", Box::new(BuiltinCriticalHit::new())),
    ]
}

fn hooks(c: &mut Criterion) {
    let mut hosts = hosts();

    let mut group = c.benchmark_group("call");
    let state = workload::hook_position(1, true);
    let ability = workload::bench_ability(&state);
    let event = workload::bench_event(&state);
    for (name, host) in hosts.iter_mut() {
        let plugin = host
            .plugin_for("Critical Hit")
            .expect("Critical Hit loaded");
        let effects = host
            .call_hook(plugin, BENCH_HOOK, &ability, &event, &state)
            .expect("the call succeeds");
        assert_eq!(effects.len(), 1, "{name}: a natural 6 makes one effect");
        group.bench_function(*name, |b| {
            b.iter(|| host.call_hook(plugin, BENCH_HOOK, &ability, &event, &state))
        });
    }
    group.finish();

    let mut group = c.benchmark_group("pop");
    for instances in [0usize, 1, 10] {
        for (name, host) in hosts.iter_mut() {
            let mut seats = seats();
            let state = workload::hook_position(instances, false);
            let mut game = Game::new(state, workload::bench_header(), host.as_mut(), &mut seats);
            group.bench_with_input(BenchmarkId::new(*name, instances), &instances, |b, _| {
                b.iter(|| game.reach_hook(BENCH_HOOK).expect("the hook runs"))
            });
        }
    }
    group.finish();

    // A hook that no bundled plugin subscribes to costs one table look-up.
    let (_, wasm) = &mut hosts[0];
    let unsubscribed = HookPoint::ALL
        .into_iter()
        .find(|&hook| !wasm.any_subscribed(hook))
        .expect("some hook has no subscriber");
    let mut group = c.benchmark_group("unsubscribed");
    for (name, host) in [
        ("wasm", wasm.as_mut()),
        ("none", &mut NoPlugins as &mut dyn AbilityHost),
    ] {
        let mut seats = seats();
        let state = workload::hook_position(10, false);
        let mut game = Game::new(state, workload::bench_header(), host, &mut seats);
        group.bench_function(name, |b| {
            b.iter(|| game.reach_hook(unsubscribed).expect("the hook runs"))
        });
    }
    group.finish();
}

criterion_group!(benches, hooks);
criterion_main!(benches);
