//! Runs every file of the fuzz corpora (`fuzz/corpus/<target>/`) and every crash the fuzzers found
//! (`fuzz/regressions/<target>/`) through its reader in `swtcg_engine::fuzzing`, on stable and in
//! the normal `cargo test`: a crash found once stays fixed, without cargo-fuzz in CI.

use std::path::{Path, PathBuf};

use swtcg_engine::fuzzing::TARGETS;

fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz")
}

/// The files of one folder, sorted; none if the folder does not exist.
fn files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .map(|e| e.unwrap().path())
                .filter(|p| p.is_file() && p.file_name().is_none_or(|n| n != ".keep"))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files
}

#[test]
fn every_corpus_and_regression_file_reads_without_a_panic() {
    let mut counts = Vec::new();
    for (name, target) in TARGETS {
        let corpus = files(&fuzz_dir().join("corpus").join(name));
        let regressions = files(&fuzz_dir().join("regressions").join(name));
        // Every target has a seed corpus, so that a fuzzer run starts from real files.
        assert!(!corpus.is_empty(), "fuzz/corpus/{name} is empty");
        for path in corpus.iter().chain(&regressions) {
            let data = std::fs::read(path).unwrap();
            let outcome = std::panic::catch_unwind(|| target(&data));
            assert!(outcome.is_ok(), "{name}: {} panics", path.display());
        }
        counts.push(format!("{name} {}+{}", corpus.len(), regressions.len()));
    }
    eprintln!("corpus+regression files: {}", counts.join(", "));
}

#[test]
fn small_broken_inputs_are_errors_not_panics() {
    // The kinds of input a fuzzer tries first: empty, invalid UTF-8, cut JSON, NUL bytes.
    for (name, target) in TARGETS {
        for input in [
            &b""[..],
            b"\xff\xfe",
            b"[",
            b"{\"format\": 1",
            b"0 \n\0",
            b"=\n[[x",
        ] {
            let outcome = std::panic::catch_unwind(|| target(input));
            assert!(outcome.is_ok(), "{name} panics on {input:?}");
        }
    }
}
