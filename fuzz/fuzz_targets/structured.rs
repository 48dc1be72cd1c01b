//! `cargo fuzz run structured`: options and input fuzzed together; see
//! `sgfkit_fuzz::check_structured`.
#![no_main]

use arbitrary::Arbitrary;

#[derive(Debug, Arbitrary)]
struct Input {
    opts: u8,
    input: Vec<u8>,
}

libfuzzer_sys::fuzz_target!(|i: Input| sgfkit_fuzz::check_structured(i.opts, &i.input));
