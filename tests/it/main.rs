//! sgfkit's integration tests: one binary, one module per area.

mod cli;
mod corpus;
mod ebnf;
#[cfg(feature = "encoding")]
mod fuzz_replay;
mod go_positions;
mod issues;
mod lenient;
mod robustness;
mod roundtrip;
mod spec;
mod support;
