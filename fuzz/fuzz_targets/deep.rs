//! `cargo fuzz run deep`: deeply nested input built from a small seed; see
//! `sgfkit_fuzz::check_deep`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| sgfkit_fuzz::check_deep(data));
