//! The SGF grammar as nom 8 parsers.
//!
//! [`value`] holds the FF\[4\] value types (`Number`, `Real`, `Text`, `Compose`, lists, ...).

pub mod value;
