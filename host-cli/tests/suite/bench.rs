//! `swtcg bench --json` with a tiny workload: every figure the issue asks for is reported, the
//! wasm and native paths played the same games, and the ratios are the ratios of the figures.

use crate::common;

use common::{stderr, stdout, swtcg};

fn number(value: &serde_json::Value, path: &str) -> f64 {
    let mut v = value;
    for key in path.split('.') {
        v = &v[key];
    }
    v.as_f64()
        .unwrap_or_else(|| panic!("{path} is not a number: {v}"))
}

#[test]
fn bench_json_reports_every_figure_with_its_ratios() {
    let native = common::native_plugins();
    let out = swtcg(&[
        "bench",
        "--games",
        "5",
        "--quick",
        "--json",
        "--threads",
        "2",
        "--native",
        native.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let report: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("JSON");

    assert_eq!(report["selfplay"]["games"], 5);
    assert_eq!(report["selfplay"]["same_games"], true, "{report}");
    for key in [
        "wasm_games_per_sec",
        "native_games_per_sec",
        "no_plugins_games_per_sec",
        "turns_per_game",
    ] {
        assert!(number(&report["selfplay"], key) > 0.0, "selfplay.{key}");
    }
    // The ratio is wasm time over native time for the same games.
    let ratio = number(&report, "selfplay.wasm_over_native");
    let expected = number(&report, "selfplay.native_games_per_sec")
        / number(&report, "selfplay.wasm_games_per_sec");
    assert!(
        (ratio - expected).abs() / expected < 0.01,
        "{ratio} vs {expected}"
    );

    for part in ["call", "pop_0", "pop_1", "pop_10"] {
        for key in [
            "wasm_ns",
            "wasm_component_ns",
            "native_ns",
            "builtin_ns",
            "wasm_over_native",
            "wasm_over_builtin",
        ] {
            assert!(
                number(&report["hooks"][part], key) > 0.0,
                "hooks.{part}.{key}"
            );
        }
    }
    assert!(number(&report, "hooks.unsubscribed.wasm_ns") > 0.0);

    // Every bundled plugin is loaded: one per folder of plugins/.
    let bundled =
        std::fs::read_dir(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../plugins"))
            .unwrap()
            .filter(|e| e.as_ref().unwrap().path().join("keyword.toml").is_file())
            .count();
    assert_eq!(report["load"]["plugins"], bundled as u64);
    for key in ["cold_ms", "warm_ms", "native_ms"] {
        assert!(number(&report["load"], key) > 0.0, "load.{key}");
    }
    for key in [
        "state_clone_bytes",
        "state_clone_ns",
        "one_game_heap_peak_kib",
        "all_cores_games_per_sec",
    ] {
        assert!(number(&report["memory"], key) > 0.0, "memory.{key}");
    }
    assert_eq!(report["memory"]["all_cores_threads"], 2);
}

#[test]
fn bench_without_native_builds_reports_null_ratios() {
    let out = swtcg(&[
        "bench", "--games", "2", "--quick", "--json", "--only", "selfplay",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let report: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("JSON");
    assert!(report["selfplay"]["wasm_over_native"].is_null());
    assert!(report["selfplay"]["wasm_games_per_sec"].as_f64().unwrap() > 0.0);
    assert!(report["hooks"].is_null() && report["load"].is_null());
}
