//! Exact odds of dice notation against its rolls: see [`skald_fuzz::odds`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| skald_fuzz::odds(data));
