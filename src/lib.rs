//! sgfkit: read, check, edit and write SGF (Smart Game Format, FF[4]).
//!
//! The crate is being built; see README.md.
#![forbid(unsafe_code)]

#[cfg(feature = "encoding")]
pub mod encoding;
