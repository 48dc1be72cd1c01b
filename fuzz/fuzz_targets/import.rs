//! `cargo fuzz run import`: see `sgfkit_fuzz::check_import`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| sgfkit_fuzz::check_import(data));
