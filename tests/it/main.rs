//! sgfkit's integration tests: one binary, one module per area.

mod catalogue;
mod cli;
mod corpus;
mod corpus_check;
mod ebnf;
mod go_positions;
mod lenient;
mod robustness;
mod roundtrip;
mod sgfc;
mod spec;
mod support;
