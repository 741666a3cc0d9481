//! Fuzz target: swtcg_engine::fuzzing::game_log on arbitrary bytes.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| swtcg_engine::fuzzing::game_log(data));
