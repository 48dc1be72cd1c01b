//! `cargo fuzz run roundtrip`: see `sgfkit_fuzz::check_roundtrip`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| sgfkit_fuzz::check_roundtrip(data));
