//! Dice notation: parsed, checked, rolled and its odds: see [`skald_fuzz::dice`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| skald_fuzz::dice(data));
