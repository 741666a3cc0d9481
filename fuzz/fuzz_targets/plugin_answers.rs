//! Fuzz target: swtcg_engine::fuzzing::plugin_answers, a whole game whose plugins answer from the bytes.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| swtcg_engine::fuzzing::plugin_answers(data));
