//! sgfkit reads, checks, edits and writes SGF, the Smart Game Format (FF\[4\])
//! in which Go and a dozen other board games are recorded.
//!
//! ```
//! let sgf = b"(;FF[4]GM[1]SZ[19]PB[Honinbo Shusaku];B[qd];W[dc](;B[pq])(;B[dq]))";
//! let tree = sgfkit::parse(sgf)?;
//! let game = tree.games().next().unwrap();
//! assert_eq!(game.get("PB").unwrap().value(), b"Honinbo Shusaku");
//! // The main line is the first child of each node.
//! assert_eq!(game.main_line().count(), 4);
//! // Print canonical FF[4] text.
//! assert_eq!(
//!     tree.to_string(),
//!     "(;FF[4]GM[1]SZ[19]PB[Honinbo Shusaku]\n;B[qd];W[dc]\n(;B[pq])\n(;B[dq]))\n"
//! );
//! # Ok::<(), sgfkit::Error>(())
//! ```
//!
//! # Layers
//!
//! * [`grammar`]: nom 8 combinators, one per EBNF rule of `grammar.ebnf`.
//! * [`events`]: the structure as callbacks, building nothing.
//! * [`tree`]: an arena [`Collection`] of nodes with `Copy` handles, built
//!   from the same grammar; editing in place.
//! * [`print`](mod@print): canonical FF\[4\] output.
//! * [`check`]: the lenient reader, which repairs damaged files and reports
//!   each repair as a diagnostic; the semantic checker ([`check::check`]),
//!   which reports what a readable tree still gets wrong; and
//!   [`check::repair()`], opt-in conversions to FF\[4\] (old properties,
//!   faulty game-info values, mixed nodes). Codes and SGFC numbers:
//!   `docs/diagnostics.md`.
//!
//! # Promises
//!
//! Parsing never panics and never overflows the stack, whatever the input:
//! any panic is a bug. Errors carry a byte offset, line and column and say
//! what was expected. Properties the crate does not know are kept and
//! printed back unchanged.
#![forbid(unsafe_code)]
#![deny(rustdoc::broken_intra_doc_links)]

pub mod check;
#[cfg(feature = "encoding")]
pub mod document;
#[cfg(feature = "encoding")]
pub mod encoding;
pub mod error;
pub mod events;
pub mod game;
pub mod grammar;
#[cfg(feature = "serde")]
pub mod json;
pub mod print;
pub mod property;
pub mod text;
pub mod tree;

#[cfg(feature = "encoding")]
pub use document::{Document, read};
pub use error::{Error, ErrorKind, Expected, Found, Position, Warning, WarningKind, WarningSink};
pub use grammar::RawProperty;
pub use tree::{Collection, EditError, Node, NodeId, Property};

/// Options for parsing. Build with [`ParseOptions::default`] and the builder
/// methods.
///
/// ```
/// let opts = sgfkit::ParseOptions::default().max_depth(100);
/// let deep = "(;B[aa]".repeat(101) + &")".repeat(101);
/// assert!(sgfkit::Collection::parse_with(deep.as_bytes(), &opts, &mut ()).is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct ParseOptions {
    /// The deepest nesting of game trees accepted. Default 1,048,576: the
    /// parser itself needs no stack per level, so this only bounds memory.
    pub max_depth: u32,
    /// The most nodes a tree may have. Default: no limit below 2³¹.
    pub max_nodes: usize,
}

impl Default for ParseOptions {
    fn default() -> Self {
        ParseOptions {
            max_depth: 1 << 20,
            max_nodes: (u32::MAX >> 1) as usize,
        }
    }
}

impl ParseOptions {
    /// Sets [`ParseOptions::max_depth`].
    pub fn max_depth(mut self, depth: u32) -> Self {
        self.max_depth = depth;
        self
    }

    /// Sets [`ParseOptions::max_nodes`].
    pub fn max_nodes(mut self, nodes: usize) -> Self {
        self.max_nodes = nodes;
        self
    }
}

/// Parses `src` into a [`Collection`] with the default options, dropping
/// warnings. See [`Collection::parse_with`] to keep them.
///
/// # Errors
/// A positioned syntax error, a limit exceeded, or no game tree.
pub fn parse(src: &[u8]) -> Result<Collection<'_>, Error> {
    Collection::parse_with(src, &ParseOptions::default(), &mut ())
}

/// The README's examples, compiled and run as doc tests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
