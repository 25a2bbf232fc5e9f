//! Every system's commands, decoded and decided at an online table: see [`skald_fuzz::table`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| skald_fuzz::table(data));
