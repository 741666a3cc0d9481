//! Fuzz target: swtcg_engine::fuzzing::ability on arbitrary bytes.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| swtcg_engine::fuzzing::ability(data));
