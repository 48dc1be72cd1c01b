//! `cargo fuzz run parse`: see `sgfkit_fuzz::check_parse`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| sgfkit_fuzz::check_parse(data));
