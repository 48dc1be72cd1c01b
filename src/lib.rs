//! sgfkit reads, checks, edits and writes SGF, the Smart Game Format (FF\[4\])
//! in which Go and a dozen other board games are recorded.
//!
//! # Reading Go games
//!
//! [`read`] takes a file's bytes in any encoding; [`record::GoGame`] reads a
//! game tree as a Go game: players, komi, result, the main line's moves (in
//! GTP coordinates with [`Move::to_gtp`](game::go::Move::to_gtp)) and the
//! [`Board`](game::go::Board) after any of them.
//!
//! ```
//! use sgfkit::record::GoGame;
//!
//! let bytes = std::fs::read("cli/examples/sample-game.sgf")?;
//! let doc = sgfkit::read(&bytes, &Default::default())?; // any encoding, text in UTF-8
//! for root in doc.collection().games() {
//!     let game = GoGame::new(root)?; // an error if the tree records another game
//!     let (black, white) = game.players();
//!     println!("{black:?} vs {white:?}, komi {:?}, result {:?}", game.komi(), game.result());
//!     for played in game.moves() {
//!         let (color, m) = played?; // an error for a value that is not a move on this board
//!         println!("{color} {}", m.to_gtp(game.size())?); // `B E5`, `W G7`, … `W pass`
//!     }
//!     let board = game.final_position();
//!     print!("{board}"); // one row a line: X black, O white, . empty
//!     # assert_eq!(game.players(), (Some("Black Player".into()), Some("White Player".into())));
//!     # assert_eq!((game.komi(), game.result().as_deref()), (Some(6.5), Some("B+3.5")));
//!     # assert_eq!(game.moves().next().unwrap()?.1.to_gtp(game.size())?, "E5");
//!     # assert_eq!(board.to_string().lines().next(), Some(".X......."));
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Three complete programs, each under 25 lines, are in `examples/`:
//! `moves.rs` (every game's players, komi, result and moves), `final_position.rs`
//! (the board after the last move, and the captures) and `find_errors.rs` (every
//! damaged file of a folder, with its first error).
//!
//! Where to go next:
//!
//! * [`Node::prop`] reads any property as a typed [`Prop`](property::typed::Prop)
//!   for a game you name (`node.prop::<Go>("KM")`); asked for another game's
//!   values it says so rather than misread them. [`Node::any_props`] reads a
//!   collection that mixes games, each tree with its own game.
//! * [`game`]: each game's points, moves and stones; [`game::go`] has the
//!   [`Board`](game::go::Board) that executes moves and GTP coordinates.
//! * [`record`]: Go positions at any node of any variation
//!   ([`record::position_at`]), which game a tree records and on what board.
//! * The crate `sgfkit-render`: board diagrams of any node (Go, Hex,
//!   Amazons, Lines of Action) as text, SVG or PNG, and the variation tree
//!   as text. The crate `sgfkit-export`: the games, moves and diagnostics
//!   of collections as tables, in JSON Lines, Arrow and Parquet.
//! * [`read`] with [`ReadOptions::lenient`] reads damaged files in any
//!   encoding, as every `sgfkit` command does; [`Document::check`] says what
//!   such a file gets wrong.
//!
//! # Layers
//!
//! Under the typed values, the raw structure, each layer usable on its own:
//!
//! * [`grammar`]: nom 8 combinators, one per EBNF rule of `grammar.ebnf`.
//! * [`events`]: the structure as callbacks, building nothing.
//! * [`tree`]: an arena [`Collection`] of nodes with `Copy` handles, built
//!   from the same grammar; raw values (escapes intact) and editing in
//!   place.
//! * [`stream`]: collections of any size read one game tree at a time, in
//!   bounded memory, and game trees of bytes in memory framed apart.
//! * `walk` (feature `walk`): the SGF files of folders, found as every
//!   `sgfkit` command finds them.
//! * `archive` (feature `archive`): the SGF files inside `*.sgf.gz`, zip,
//!   tar, tar.gz and tar.bz2 archives, one member at a time; [`format`](mod@format):
//!   what a file that is not SGF is (gzip, zip, Tygem GIB, WBaduk NGF,
//!   Pandanet UGF/UGI, …), which every reader names in its message.
//! * [`print`](mod@print): canonical FF\[4\] output.
//! * [`check`]: the lenient reader, which repairs damaged files and reports
//!   each repair as a diagnostic; the semantic checker ([`check::check`]),
//!   which reports what a readable tree still gets wrong; and
//!   [`check::repair()`], opt-in conversions to FF\[4\] (old properties,
//!   faulty game-info values, mixed nodes). Codes and SGFC numbers:
//!   `docs/diagnostics.md`.
//!
//! ```
//! let sgf = b"(;FF[4]GM[1]SZ[19]PB[Honinbo Shusaku];B[qd];W[dc](;B[pq])(;B[dq]))";
//! let tree = sgfkit::parse(sgf)?;
//! let game = tree.games().next().unwrap();
//! // Raw values, escapes intact, as bytes.
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
//! # Layering
//!
//! Each module imports only the modules below it; a test derives the graph
//! from the `crate::` paths of `src/` and fails on a cycle. From the bottom:
//!
//! 1. [`text`], [`format`](mod@format), `encoding`: text values, what a file
//!    is, character sets.
//! 2. [`error`]: the parse error, warnings, lines and columns.
//! 3. [`grammar`]; [`ParseOptions`]; [`events`]; [`limits`].
//! 4. [`tree`]: the arena, raw values, editing; it knows no game.
//! 5. [`game`]: each game's points, moves and stones; it knows no tree.
//! 6. [`property`]: the property table, and typed values of a tree's nodes
//!    for a game.
//! 7. [`record`]: Go games and positions, which game and board a tree
//!    records.
//! 8. Above them: [`signature`] (of Go games, and duplicates),
//!    [`print`](mod@print), `json`, [`check`],
//!    `document`, [`stream`], [`walk`], `archive`, [`merge`].
//! 9. The crate root: [`parse`], and [`Error`], which wraps each layer's
//!    error.
//!
//! Above this crate, each a crate of its own that depends on it (in
//! `crates/` of the repository): `sgfkit-export` (the tables),
//! `sgfkit-render` (the diagrams) and `sgfkit-conform` (conformance testing
//! of other readers, over the strategies of feature `proptest`); then the
//! command, `sgfkit-cli`.
//!
//! Each layer's errors are its own: [`ParseError`] (always positioned) from
//! reading, [`EditError`] from editing, [`game::GameMismatch`],
//! [`game::go::GtpError`], [`record::PositionError`] and
//! [`record::MoveReport`]; [`Error`] takes any of them through `?`.
//!
//! # Promises
//!
//! Parsing never panics and never overflows the stack, whatever the input:
//! any panic is a bug. Parse errors carry a byte offset, line and column and
//! say what was expected. Properties the crate does not know are kept and
//! printed back unchanged.
#![forbid(unsafe_code)]
// The crate docs link to the modules of every feature: with all of them (as
// docs.rs builds, see Cargo.toml) every link must resolve; a build without
// some features shows the links to what it leaves out as plain text (the
// later attribute wins).
#![deny(rustdoc::broken_intra_doc_links)]
#![cfg_attr(
    not(all(
        feature = "encoding",
        feature = "proptest",
        feature = "archive",
        feature = "walk"
    )),
    allow(rustdoc::broken_intra_doc_links)
)]

#[cfg(feature = "archive")]
pub mod archive;
mod charset;
pub mod check;
#[cfg(feature = "encoding")]
pub mod document;
#[cfg(feature = "encoding")]
pub mod encoding;
pub mod error;
pub mod events;
pub mod format;
pub mod game;
pub mod grammar;
#[cfg(feature = "encoding")]
pub mod import;
pub mod json;
pub mod limits;
pub mod merge;
mod options;
pub mod print;
pub mod property;
pub mod record;
mod scan;
pub mod signature;
pub mod stream;
pub mod structural;
mod table;
pub mod text;
pub mod tree;
#[cfg(feature = "walk")]
pub mod walk;

#[cfg(feature = "encoding")]
pub use document::{Document, ReadOptions, read, read_owned};
pub use error::{
    ErrorKind, Expected, Found, ParseError, Position, Warning, WarningKind, WarningSink,
};
pub use grammar::RawProperty;
pub use options::ParseOptions;
pub use tree::{Collection, EditError, Node, NodeId, Property};

/// The nom version the [`grammar`] and the game parsers are written in,
/// for code that calls them or writes a game of its own
/// ([`game::Game`]'s parsers return [`game::ValueResult`], a nom `IResult`).
///
/// ```
/// use sgfkit::nom::Parser;
/// let (rest, ident) = sgfkit::grammar::prop_ident.parse(&b"KM[6.5]"[..]).unwrap();
/// assert_eq!((rest, ident.0), (&b"[6.5]"[..], &b"KM"[..]));
/// ```
pub use nom;

/// Parses `src` into a [`Collection`] with the default options, dropping
/// warnings. See [`Collection::parse_with`] to keep them.
///
/// # Errors
/// A positioned syntax error, a limit exceeded, or no game tree.
pub fn parse(src: &[u8]) -> Result<Collection<'_>, ParseError> {
    Collection::parse_with(src, &ParseOptions::default(), &mut ())
}

/// Any error of the crate, so that `Result<_, sgfkit::Error>` and `?` serve
/// a whole program. Each function returns the precise error of its layer
/// (a [`ParseError`] from reading, an [`EditError`] from editing, …), which
/// converts into this one; the `Display` is the inner error's.
///
/// ```
/// fn first_move_gtp(sgf: &[u8]) -> Result<String, sgfkit::Error> {
///     let c = sgfkit::parse(sgf)?;                                  // syntax
///     let game = sgfkit::record::GoGame::new(c.games().next().unwrap())?; // not Go
///     let (_, m) = game.moves().next().unwrap()?;                  // not a move
///     Ok(m.to_gtp(game.size())?)                                     // GTP
/// }
/// assert_eq!(first_move_gtp(b"(;SZ[19];B[pd])").unwrap(), "Q16");
/// let err = first_move_gtp(b"(;GM[2];B[pd])").unwrap_err();
/// assert_eq!(err.to_string(), "this game is Othello (GM[2]), not Go");
/// assert!(matches!(err, sgfkit::Error::Position(_)));
/// let err = first_move_gtp(b"(;B[pd]").unwrap_err();
/// assert_eq!(err.to_string(), "1:8: expected `)` to close the game tree opened at 1:1, found end of input");
/// let sgfkit::Error::Parse(parse) = err else { panic!("{err:?}") };
/// assert_eq!(parse.offset(), 7);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// The input is not readable SGF ([`ParseError`]: positioned).
    Parse(ParseError),
    /// An edit of a tree was refused ([`EditError`]).
    Edit(EditError),
    /// Values of one game were asked of a tree of another
    /// ([`game::GameMismatch`]).
    WrongGame(game::GameMismatch),
    /// A tree cannot be replayed on a Go board ([`record::PositionError`]).
    Position(record::PositionError),
    /// A point has no GTP coordinates, or a text is not a GTP vertex
    /// ([`game::go::GtpError`]).
    Gtp(game::go::GtpError),
    /// A move of a record is not a move on its board
    /// ([`record::MoveReport`], from [`GoGame::moves`](record::GoGame::moves)).
    Move(record::MoveReport),
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::Parse(e) => e.fmt(f),
            Error::Edit(e) => e.fmt(f),
            Error::WrongGame(e) => e.fmt(f),
            Error::Position(e) => e.fmt(f),
            Error::Gtp(e) => e.fmt(f),
            Error::Move(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Parse(e) => Some(e),
            Error::Edit(e) => Some(e),
            Error::WrongGame(e) => Some(e),
            Error::Position(e) => Some(e),
            Error::Gtp(e) => Some(e),
            Error::Move(e) => Some(e),
        }
    }
}

/// `From` for each variant of [`Error`], for `?`.
macro_rules! from_layer_errors {
    ($($ty:ty => $variant:ident),* $(,)?) => {
        $(
            impl From<$ty> for Error {
                fn from(e: $ty) -> Error {
                    Error::$variant(e)
                }
            }
        )*
    };
}

from_layer_errors! {
    ParseError => Parse,
    EditError => Edit,
    game::GameMismatch => WrongGame,
    record::PositionError => Position,
    game::go::GtpError => Gtp,
    record::MoveReport => Move,
}

/// The README's examples, compiled and run as doc tests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
