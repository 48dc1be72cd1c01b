//! Conformance testing of other SGF readers (feature `proptest`): SGF files of known [meaning](crate::meaning) generated from
//! the exported [proptest strategies](crate::property::strategies), and
//! shrinking a file on which another program reads something else.
//!
//! `sgfkit gen` and `sgfkit conform` are the command-line faces of this
//! module; `docs/conformance.md` describes the whole toolkit.
//!
//! ```
//! use sgfkit::conform::{GameChoice, Generator, Profile};
//! use sgfkit::meaning::Meaning;
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
mod profile;
mod render;
mod shrink;

pub use generate::Generator;
pub use profile::{GAMES, GameChoice, PROFILES, Profile};
pub use shrink::shrink;

#[cfg(test)]
mod tests;
