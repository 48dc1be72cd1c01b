//! Conformance testing of SGF readers: SGF files of known [meaning]
//! generated from sgfkit's [proptest strategies](sgfkit::property::strategies),
//! the meaning format any reader can print, the comparison of two readings,
//! and shrinking a file on which another program reads something else.
//!
//! * [`Generator`]: valid FF\[4\] files, reproducible from a seed, in a
//!   [`Profile`] (plain, tricky escapes and line breaks, compressed lists…)
//!   and for the games of [`GameChoice`];
//! * [`meaning::Meaning`]: what a file says, read by sgfkit, written and read
//!   back as JSON, and [`Meaning::first_difference`](meaning::Meaning::first_difference)
//!   between two readings;
//! * [`shrink()`]: the smallest file on which a reader still disagrees.
//!
//! `sgfkit gen` and `sgfkit conform` are the command-line faces of this
//! crate; `docs/conformance.md` in the repository describes the whole
//! toolkit, and `examples/conformance.rs` property-tests a Rust reader.
//!
//! ```
//! use sgfkit_conform::{GameChoice, Generator, Profile};
//! use sgfkit_conform::meaning::Meaning;
//!
//! let generator = Generator::new(Profile::Tricky, GameChoice::Any, 42);
//! for i in 0..20 {
//!     let sgf = generator.file(i);
//!     let tree = sgfkit::parse(&sgf)?; // every generated file is valid FF[4]
//!     let meaning = Meaning::of(&tree);
//!     // A reader under test prints its reading; sgfkit's agrees with itself.
//!     assert_eq!(meaning.first_difference(&Meaning::from_json(&meaning.to_json())?), None);
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod generate;
pub mod meaning;
mod profile;
mod render;
mod shrink;

pub use generate::Generator;
pub use profile::{GAMES, GameChoice, PROFILES, Profile};
pub use shrink::shrink;

#[cfg(test)]
mod tests;

// The README's examples run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
