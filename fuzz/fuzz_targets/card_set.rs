//! Fuzz target: swtcg_engine::fuzzing::card_set on arbitrary bytes.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| swtcg_engine::fuzzing::card_set(data));
