//! sgfkit's integration tests: one binary, one module per area.

mod catalogue;
mod corpus;
mod corpus_check;
mod ebnf;
#[cfg(feature = "encoding")]
mod examples;
#[cfg(feature = "encoding")]
mod fuzz_replay;
mod game_check;
mod game_facts;
mod go_positions;
#[cfg(feature = "encoding")]
mod import;
mod issues;
mod layers;
mod lenient;
mod limits;
mod no_lost_values;
mod other_games;
mod repair;
mod robustness;
mod roundtrip;
mod sgfc;
#[cfg(feature = "encoding")]
mod signature;
mod source_fixes;
mod spec;
mod stream;
mod support;
