//! Fuzz target: see `bridge_laws_fuzz::lin`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| bridge_laws_fuzz::lin(data));
