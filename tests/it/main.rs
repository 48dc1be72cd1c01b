//! sgfkit's integration tests: one binary, one module per area.

mod cli;
mod corpus;
mod ebnf;
mod go_positions;
mod lenient;
mod other_games;
mod repair;
mod robustness;
mod roundtrip;
mod spec;
mod support;
