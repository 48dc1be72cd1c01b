//! `cargo fuzz run repair`: see `sgfkit_fuzz::check_repair`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| sgfkit_fuzz::check_repair(data));
