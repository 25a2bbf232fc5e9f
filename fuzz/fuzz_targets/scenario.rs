//! The scenario reader and player: see [`skald_fuzz::scenario`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| skald_fuzz::scenario(data));
