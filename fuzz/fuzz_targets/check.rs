//! `cargo fuzz run check`: see `sgfkit_fuzz::check_check`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| sgfkit_fuzz::check_check(data));
