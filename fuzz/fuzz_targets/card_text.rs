//! Fuzz target: swtcg_engine::fuzzing::card_text on arbitrary bytes.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| swtcg_engine::fuzzing::card_text(data));
