//! Per-game `Point`, `Move` and `Stone` values (SGF FF\[4\] §3.4–3.5).
//!
//! The grammar hands property values over raw (escapes intact). A [`Game`] turns such a raw value
//! into typed data and back. FF\[4\] defines value formats for seven games; each has its own module:
//!
//! | GM | game | module | `Stone` |
//! |---|---|---|---|
//! | 1 | Go | [`go`] | = Point |
//! | 6 | Backgammon | [`backgammon`] | = Point |
//! | 9 | Lines of Action | [`lines_of_action`] | = Point |
//! | 11 | Hex | [`hex`] | = Point |
//! | 18 | Amazons | [`amazons`] | not specified (raw) |
//! | 19 | Octi | [`octi`] | pod + prongs |
//! | 20 | Gess | [`gess`] | = Point |
//!
//! Every other game number gets [`Raw`], which keeps each value byte-for-byte.
//! The trait is not sealed: a program can define its own game (see `examples/custom_game.rs`).
//!
//! These modules know values, not trees. Reading a tree's properties for a
//! game is [`Node::prop`](crate::Node::prop) (which checks that the tree
//! records that game); what a tree means as a game record (a Go game's
//! players, moves and positions; which game a tree records) is in
//! [`record`](crate::record).
//!
//! ```
//! use sgfkit::game::{BoardSize, Game, go::{Go, Move, Point}};
//!
//! let size = BoardSize::square(19);
//! assert_eq!(Go::read_move(b"pd", size), Ok(Move::Play(Point::new(15, 3))));
//! assert_eq!(Go::read_move(b"tt", size), Ok(Move::Pass));
//! let mut out = Vec::new();
//! Go::write_point(&Point::new(15, 3), size, &mut out);
//! assert_eq!(out, b"pd");
//! ```

use std::fmt::Debug;
use std::hash::Hash;

use nom::IResult;
use nom::error::{ErrorKind, ParseError};

/// For a game whose Stone is its Point (FF\[4\] §3.4: Go, Backgammon,
/// Lines of Action, Hex, Gess): the Stone items of [`Game`], all delegating
/// to the Point ones. Used inside `impl Game` blocks, where `Point`,
/// `BoardSize` and `ValueResult` are in scope.
macro_rules! stone_is_point {
    () => {
        const STONE_IS_POINT: bool = true;
        type Stone = Point;

        fn parse_stone(i: &[u8], size: BoardSize) -> ValueResult<'_, Point> {
            Self::parse_point(i, size)
        }

        fn write_stone(s: &Point, size: BoardSize, out: &mut Vec<u8>) {
            Self::write_point(s, size, out);
        }

        fn stone_cell(s: &Point, size: BoardSize) -> Option<(u16, u16)> {
            Self::point_cell(s, size)
        }
    };
}

pub mod amazons;
pub mod backgammon;
mod dispatch;
pub use dispatch::UnknownGame;
pub mod gess;
pub mod go;
pub mod hex;
pub mod lines_of_action;
pub mod octi;
pub mod raw;

pub use raw::{Raw, RawValue};

/// A board size, from `SZ[n]` (square) or `SZ[columns:rows]`.
///
/// ```
/// use sgfkit::game::BoardSize;
/// assert_eq!(BoardSize::square(19), BoardSize::new(19, 19));
/// assert!(BoardSize::new(9, 13).fits(9, 13));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BoardSize {
    /// Number of columns (left to right).
    pub columns: u16,
    /// Number of rows (top to bottom, or bottom to top for games numbering rows that way).
    pub rows: u16,
}

impl BoardSize {
    /// A `columns` × `rows` board.
    pub const fn new(columns: u16, rows: u16) -> Self {
        BoardSize { columns, rows }
    }

    /// An `n` × `n` board, as written `SZ[n]`.
    pub const fn square(n: u16) -> Self {
        BoardSize {
            columns: n,
            rows: n,
        }
    }

    /// True when both dimensions are at most `columns` and `rows`.
    pub const fn fits(self, columns: u16, rows: u16) -> bool {
        self.columns <= columns && self.rows <= rows
    }
}

/// Typed access for one game asked of a tree that records another: the
/// error of [`Node::require_game`](crate::Node::require_game), and the reason
/// of the [`Prop::Invalid`](crate::property::typed::Prop::Invalid) that
/// [`Node::prop`](crate::Node::prop) gives instead of misreading a value.
///
/// ```
/// use sgfkit::game::{GameMismatch, GameType};
/// let m = GameMismatch { tree: Ok(GameType::Othello), asked: 1, asked_name: "Go" };
/// assert_eq!(m.to_string(), "this game is Othello (GM[2]), not Go");
/// let c = sgfkit::parse(b"(;GM[123])")?;
/// let m = c.games().next().unwrap().require_game::<sgfkit::game::go::Go>().unwrap_err();
/// assert_eq!(m.to_string(), "this game is GM[123] (no game of FF[4]), not Go");
/// # Ok::<(), sgfkit::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct GameMismatch {
    /// The game of the tree ([`Node::game`](crate::Node::game)).
    pub tree: Result<GameType, UnknownGame>,
    /// The `GM` number of the game asked for ([`Game::GM`]).
    pub asked: u32,
    /// The name of the game asked for ([`Game::NAME`]).
    pub asked_name: &'static str,
}

impl std::fmt::Display for GameMismatch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.tree {
            Ok(g) => write!(f, "this game is {g} (GM[{}])", g.gm())?,
            Err(e) => write!(f, "this game is GM[{}] (no game of FF[4])", e.value)?,
        }
        write!(f, ", not {}", self.asked_name)
    }
}

impl std::error::Error for GameMismatch {}

/// Why a game value was rejected.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum Reason {
    /// The bytes do not have the game's value syntax (e.g. `B[p]` in Go).
    #[error("invalid syntax")]
    BadSyntax,
    /// The value is well formed but names a point outside the board given by `SZ`.
    #[error("point outside the board")]
    OffBoard,
    /// A number is outside its allowed range (e.g. a Backgammon die of 7).
    #[error("number out of range")]
    OutOfRange,
    /// A value parsed, but bytes remain after it (only from the `read_*` functions).
    #[error("unexpected bytes after the value")]
    TrailingInput,
}

/// The error of every game parser: what went wrong and the input left where it went wrong.
///
/// It implements nom's [`ParseError`], so game parsers compose with nom combinators; nom's own
/// failures (a missing `tag`, …) become [`Reason::BadSyntax`].
///
/// ```
/// use sgfkit::game::{BoardSize, Game, Reason, go::Go};
/// let err = Go::read_point(b"zz", BoardSize::square(19)).unwrap_err();
/// assert_eq!(err.reason, Reason::OffBoard);
/// assert_eq!(err.input, b"zz");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{reason} at `{}`", String::from_utf8_lossy(input))]
pub struct ValueError<'a> {
    /// The input remaining at the point of failure (a suffix of the value).
    pub input: &'a [u8],
    /// What went wrong.
    pub reason: Reason,
}

impl<'a> ValueError<'a> {
    /// An error with `reason` at `input`.
    pub const fn new(input: &'a [u8], reason: Reason) -> Self {
        ValueError { input, reason }
    }

    /// The byte offset of the failure inside `value`, the whole value that was parsed.
    ///
    /// ```
    /// use sgfkit::game::{BoardSize, Game, hex::Hex};
    /// let value = b"c0";
    /// let err = Hex::read_point(value, BoardSize::square(11)).unwrap_err();
    /// assert_eq!(err.offset_in(value), 1); // rows start at 1
    /// ```
    pub fn offset_in(&self, value: &[u8]) -> usize {
        value.len().saturating_sub(self.input.len())
    }
}

impl<'a> ParseError<&'a [u8]> for ValueError<'a> {
    fn from_error_kind(input: &'a [u8], _kind: ErrorKind) -> Self {
        ValueError::new(input, Reason::BadSyntax)
    }

    fn append(_input: &'a [u8], _kind: ErrorKind, other: Self) -> Self {
        other
    }
}

/// The result of every game parser: a nom `IResult` over bytes with a [`ValueError`].
pub type ValueResult<'a, T> = IResult<&'a [u8], T, ValueError<'a>>;

/// A game's Point, Move and Stone value types with their parsers and printers.
///
/// Parsers are nom parsers in complete mode over the raw value bytes (escapes intact, without the
/// brackets); they may leave input unconsumed, and never return `Err::Incomplete`. The `read_*`
/// helpers run them on a whole value. The board size is context: parsers reject points off the
/// board with [`Reason::OffBoard`]. Printers append the value (without brackets) to `out`, and
/// `parse(print(v)) == v` holds for every value.
///
/// The trait is open: implement it for your own game (any GM number).
///
/// ```
/// use sgfkit::game::{BoardSize, Game, backgammon::{Backgammon, Move}};
/// let size = Backgammon::default_size();
/// let m = Backgammon::read_move(b"31hefe", size).unwrap();
/// let mut out = Vec::new();
/// Backgammon::write_move(&m, size, &mut out);
/// assert_eq!(out, b"31hefe");
/// ```
pub trait Game: Sized + 'static {
    /// The `GM` number (FF\[4\] numbers 1–40; a user game may pick any).
    const GM: u32;
    /// The game's name, e.g. `"Go"`.
    const NAME: &'static str;
    /// True when `Stone` is `Point` (FF\[4\] §3.4): then "list of stone" properties allow
    /// compressed point lists (`AB[aa:cc]`).
    const STONE_IS_POINT: bool;
    /// A point (`AB`, `MA`, `LB` ...).
    type Point: Clone + Debug + PartialEq + Eq + Hash;
    /// A move (`B`, `W`).
    type Move: Clone + Debug + PartialEq;
    /// A stone (`AB`, `AW` in games with pieces).
    type Stone: Clone + Debug + PartialEq;

    /// The size when a game tree has no `SZ`.
    fn default_size() -> BoardSize;

    /// Parse a point at the start of `i` on a board of `size`.
    ///
    /// # Errors
    /// `Err::Error` with a [`ValueError`] when no point starts here or it is off the board.
    fn parse_point(i: &[u8], size: BoardSize) -> ValueResult<'_, Self::Point>;

    /// Parse a move at the start of `i` on a board of `size`.
    ///
    /// # Errors
    /// `Err::Error` with a [`ValueError`] when no move starts here.
    fn parse_move(i: &[u8], size: BoardSize) -> ValueResult<'_, Self::Move>;

    /// Parse a stone at the start of `i` on a board of `size`.
    ///
    /// # Errors
    /// `Err::Error` with a [`ValueError`] when no stone starts here.
    fn parse_stone(i: &[u8], size: BoardSize) -> ValueResult<'_, Self::Stone>;

    /// Append the SGF form of `p` to `out`.
    fn write_point(p: &Self::Point, size: BoardSize, out: &mut Vec<u8>);

    /// Append the SGF form of `m` to `out`.
    fn write_move(m: &Self::Move, size: BoardSize, out: &mut Vec<u8>);

    /// Append the SGF form of `s` to `out`.
    fn write_stone(s: &Self::Stone, size: BoardSize, out: &mut Vec<u8>);

    /// Where `p` lies on a board of `size`: its column and row, 0-based, counted from the
    /// upper-left corner as the board is drawn. Used to check compressed point lists
    /// (FF\[4\] §3.5.1: a rectangle is written upper-left `:` lower-right, and no point may be
    /// given twice). The default, `None`, means the game's points are not on a grid: then
    /// rectangles are kept unchecked and only points given twice are caught.
    ///
    /// ```
    /// use sgfkit::game::{BoardSize, Game, go::{Go, Point}, lines_of_action::{self as loa, LinesOfAction}};
    /// let size = BoardSize::square(8);
    /// assert_eq!(Go::point_cell(&Point::new(2, 5), size), Some((2, 5)));
    /// // Lines of Action numbers its rows from the bottom: a1 is the lower-left corner.
    /// assert_eq!(LinesOfAction::point_cell(&loa::Point::new(0, 0), size), Some((0, 7)));
    /// ```
    fn point_cell(p: &Self::Point, size: BoardSize) -> Option<(u16, u16)> {
        let _ = (p, size);
        None
    }

    /// As [`Game::point_cell`], for a stone of a game whose stones are points
    /// ([`Game::STONE_IS_POINT`]). The default is `None`.
    ///
    /// ```
    /// use sgfkit::game::{BoardSize, Game, hex::{Hex, Point}};
    /// assert_eq!(Hex::stone_cell(&Point::new(1, 2), BoardSize::square(11)), Some((1, 2)));
    /// ```
    fn stone_cell(s: &Self::Stone, size: BoardSize) -> Option<(u16, u16)> {
        let _ = (s, size);
        None
    }

    /// Parse a whole value as a point.
    ///
    /// # Errors
    /// As [`Game::parse_point`], plus [`Reason::TrailingInput`] when bytes remain.
    fn read_point(value: &[u8], size: BoardSize) -> Result<Self::Point, ValueError<'_>> {
        whole(Self::parse_point(value, size))
    }

    /// Parse a whole value as a move.
    ///
    /// # Errors
    /// As [`Game::parse_move`], plus [`Reason::TrailingInput`] when bytes remain.
    fn read_move(value: &[u8], size: BoardSize) -> Result<Self::Move, ValueError<'_>> {
        whole(Self::parse_move(value, size))
    }

    /// Parse a whole value as a stone.
    ///
    /// # Errors
    /// As [`Game::parse_stone`], plus [`Reason::TrailingInput`] when bytes remain.
    fn read_stone(value: &[u8], size: BoardSize) -> Result<Self::Stone, ValueError<'_>> {
        whole(Self::parse_stone(value, size))
    }
}

/// Turn a parser result into a whole-value result: remaining bytes are an error, and nom's
/// `Incomplete` (which complete-mode parsers do not produce) is mapped to `BadSyntax`.
fn whole<'a, T>(r: ValueResult<'a, T>) -> Result<T, ValueError<'a>> {
    match r {
        Ok(([], v)) => Ok(v),
        Ok((rest, _)) => Err(ValueError::new(rest, Reason::TrailingInput)),
        Err(nom::Err::Error(e) | nom::Err::Failure(e)) => Err(e),
        Err(nom::Err::Incomplete(_)) => Err(ValueError::new(&[], Reason::BadSyntax)),
    }
}

/// Every game number FF\[4\] lists (1–40), with its name.
///
/// ```
/// use sgfkit::game::GameType;
/// assert_eq!(GameType::from_gm(11), Some(GameType::Hex));
/// assert_eq!(GameType::Hex.gm(), 11);
/// assert_eq!(GameType::Hex.name(), "Hex");
/// assert!(GameType::Othello.is_raw());
/// assert_eq!(GameType::from_gm(41), None);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum GameType {
    /// GM\[1\]
    Go = 1,
    /// GM\[2\]
    Othello = 2,
    /// GM\[3\]
    Chess = 3,
    /// GM\[4\]
    GomokuRenju = 4,
    /// GM\[5\]
    NineMensMorris = 5,
    /// GM\[6\]
    Backgammon = 6,
    /// GM\[7\]
    ChineseChess = 7,
    /// GM\[8\]
    Shogi = 8,
    /// GM\[9\]
    LinesOfAction = 9,
    /// GM\[10\]
    Ataxx = 10,
    /// GM\[11\]
    Hex = 11,
    /// GM\[12\]
    Jungle = 12,
    /// GM\[13\]
    Neutron = 13,
    /// GM\[14\]
    PhilosophersFootball = 14,
    /// GM\[15\]
    Quadrature = 15,
    /// GM\[16\]
    Trax = 16,
    /// GM\[17\]
    Tantrix = 17,
    /// GM\[18\]
    Amazons = 18,
    /// GM\[19\]
    Octi = 19,
    /// GM\[20\]
    Gess = 20,
    /// GM\[21\]
    Twixt = 21,
    /// GM\[22\]
    Zertz = 22,
    /// GM\[23\]
    Plateau = 23,
    /// GM\[24\]
    Yinsh = 24,
    /// GM\[25\]
    Punct = 25,
    /// GM\[26\]
    Gobblet = 26,
    /// GM\[27\]
    Hive = 27,
    /// GM\[28\]
    Exxit = 28,
    /// GM\[29\]
    Hnefatal = 29,
    /// GM\[30\]
    Kuba = 30,
    /// GM\[31\]
    Tripples = 31,
    /// GM\[32\]
    Chase = 32,
    /// GM\[33\]
    TumblingDown = 33,
    /// GM\[34\]
    Sahara = 34,
    /// GM\[35\]
    Byte = 35,
    /// GM\[36\]
    Focus = 36,
    /// GM\[37\]
    Dvonn = 37,
    /// GM\[38\]
    Tamsk = 38,
    /// GM\[39\]
    Gipf = 39,
    /// GM\[40\]
    Kropki = 40,
}

impl GameType {
    /// All game types, in GM order.
    pub const ALL: [GameType; 40] = {
        use GameType::*;
        [
            Go,
            Othello,
            Chess,
            GomokuRenju,
            NineMensMorris,
            Backgammon,
            ChineseChess,
            Shogi,
            LinesOfAction,
            Ataxx,
            Hex,
            Jungle,
            Neutron,
            PhilosophersFootball,
            Quadrature,
            Trax,
            Tantrix,
            Amazons,
            Octi,
            Gess,
            Twixt,
            Zertz,
            Plateau,
            Yinsh,
            Punct,
            Gobblet,
            Hive,
            Exxit,
            Hnefatal,
            Kuba,
            Tripples,
            Chase,
            TumblingDown,
            Sahara,
            Byte,
            Focus,
            Dvonn,
            Tamsk,
            Gipf,
            Kropki,
        ]
    };

    /// The game with number `gm`, or `None` outside 1–40.
    pub const fn from_gm(gm: u32) -> Option<GameType> {
        if gm >= 1 && gm <= 40 {
            Some(Self::ALL[(gm - 1) as usize])
        } else {
            None
        }
    }

    /// The `GM` number.
    pub const fn gm(self) -> u32 {
        self as u32
    }

    /// The game's name as FF\[4\] writes it.
    pub const fn name(self) -> &'static str {
        use GameType::*;
        match self {
            Go => "Go",
            Othello => "Othello",
            Chess => "Chess",
            GomokuRenju => "Gomoku + Renju",
            NineMensMorris => "Nine Men's Morris",
            Backgammon => "Backgammon",
            ChineseChess => "Chinese chess",
            Shogi => "Shogi",
            LinesOfAction => "Lines of Action",
            Ataxx => "Ataxx",
            Hex => "Hex",
            Jungle => "Jungle",
            Neutron => "Neutron",
            PhilosophersFootball => "Philosopher's Football",
            Quadrature => "Quadrature",
            Trax => "Trax",
            Tantrix => "Tantrix",
            Amazons => "Amazons",
            Octi => "Octi",
            Gess => "Gess",
            Twixt => "TwixT",
            Zertz => "Zertz",
            Plateau => "Plateau",
            Yinsh => "Yinsh",
            Punct => "Punct",
            Gobblet => "Gobblet",
            Hive => "Hive",
            Exxit => "Exxit",
            Hnefatal => "Hnefatal",
            Kuba => "Kuba",
            Tripples => "Tripples",
            Chase => "Chase",
            TumblingDown => "Tumbling Down",
            Sahara => "Sahara",
            Byte => "Byte",
            Focus => "Focus",
            Dvonn => "Dvonn",
            Tamsk => "Tamsk",
            Gipf => "Gipf",
            Kropki => "Kropki",
        }
    }

    /// The board size when `SZ` is missing: the size of the game's [`Game`] implementation
    /// (FF\[4\] defines it for Go 19, chess 8, Lines of Action 8, Hex 11, Amazons 10, Gess 20;
    /// other games get the placeholder of [`Raw::default_size`] or, for Octi and Backgammon,
    /// the value documented in their module).
    pub fn default_size(self) -> BoardSize {
        match self {
            GameType::Go => go::Go::default_size(),
            GameType::Backgammon => backgammon::Backgammon::default_size(),
            GameType::LinesOfAction => lines_of_action::LinesOfAction::default_size(),
            GameType::Hex => hex::Hex::default_size(),
            GameType::Amazons => amazons::Amazons::default_size(),
            GameType::Octi => octi::Octi::default_size(),
            GameType::Gess => gess::Gess::default_size(),
            GameType::Chess => raw::Chess::default_size(),
            _ => Raw::<0>::default_size(),
        }
    }

    /// True when FF\[4\] gives this game no Point/Move format, so sgfkit reads it with [`Raw`].
    pub const fn is_raw(self) -> bool {
        !matches!(
            self,
            GameType::Go
                | GameType::Backgammon
                | GameType::LinesOfAction
                | GameType::Hex
                | GameType::Amazons
                | GameType::Octi
                | GameType::Gess
        )
    }

    /// True when FF\[4\] §3.4 reduces this game's Stone to Point (Go, Othello, Gomoku/Renju,
    /// Backgammon, Lines of Action, Hex, Gess), so compressed point lists apply to stones.
    pub const fn stone_is_point(self) -> bool {
        matches!(
            self,
            GameType::Go
                | GameType::Othello
                | GameType::GomokuRenju
                | GameType::Backgammon
                | GameType::LinesOfAction
                | GameType::Hex
                | GameType::Gess
        )
    }
}

/// Writes the name, e.g. `Lines of Action`.
impl std::fmt::Display for GameType {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Byte helpers shared by the game modules.
pub(crate) mod util {
    use super::{Reason, ValueError, ValueResult};

    /// A nom-style error result.
    pub(crate) fn fail<T>(i: &[u8], reason: Reason) -> ValueResult<'_, T> {
        Err(nom::Err::Error(ValueError::new(i, reason)))
    }

    /// Go-style coordinate letter: `a`–`z` = 0–25, `A`–`Z` = 26–51.
    pub(crate) fn go_letter(c: u8) -> Option<u8> {
        match c {
            b'a'..=b'z' => Some(c - b'a'),
            b'A'..=b'Z' => Some(c - b'A' + 26),
            _ => None,
        }
    }

    /// Inverse of [`go_letter`]; `v` must be below 52.
    pub(crate) fn go_letter_of(v: u8) -> u8 {
        if v < 26 { b'a' + v } else { b'A' + (v - 26) }
    }

    /// A decimal number of at most 5 digits without sign, fitting in u16.
    pub(crate) fn decimal(i: &[u8]) -> ValueResult<'_, u16> {
        let n = i.iter().take_while(|c| c.is_ascii_digit()).count();
        if n == 0 {
            return fail(i, Reason::BadSyntax);
        }
        let mut v: u32 = 0;
        for &c in &i[..n] {
            v = v * 10 + u32::from(c - b'0');
            if v > u32::from(u16::MAX) {
                return fail(i, Reason::OutOfRange);
            }
        }
        Ok((&i[n..], v as u16))
    }

    /// Expect the byte `c`.
    pub(crate) fn byte(i: &[u8], c: u8) -> ValueResult<'_, u8> {
        match i.first() {
            Some(&b) if b == c => Ok((&i[1..], b)),
            _ => fail(i, Reason::BadSyntax),
        }
    }

    /// A `:` separator, written plain or escaped as `\:` (printers write it plain).
    pub(crate) fn colon(i: &[u8]) -> ValueResult<'_, ()> {
        match i {
            [b':', rest @ ..] => Ok((rest, ())),
            [b'\\', b':', rest @ ..] => Ok((rest, ())),
            _ => fail(i, Reason::BadSyntax),
        }
    }

    /// Case-insensitive keyword match.
    pub(crate) fn keyword<'a>(i: &'a [u8], word: &str) -> Option<&'a [u8]> {
        let w = word.as_bytes();
        if i.len() >= w.len() && i[..w.len()].eq_ignore_ascii_case(w) {
            Some(&i[w.len()..])
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use proptest::test_runner::TestCaseError;

    #[test]
    fn game_types_round_trip() {
        for gm in 1..=40 {
            let g = GameType::from_gm(gm).unwrap();
            assert_eq!(g.gm(), gm);
            assert!(!g.name().is_empty());
        }
        assert_eq!(GameType::from_gm(0), None);
        assert_eq!(GameType::from_gm(41), None);
        assert_eq!(GameType::from_gm(20), Some(GameType::Gess));
        assert_eq!(GameType::Kropki.gm(), 40);
        assert_eq!(GameType::LinesOfAction.to_string(), "Lines of Action");
        assert_eq!(GameType::Hex.default_size(), BoardSize::square(11));
        assert_eq!(GameType::Chess.default_size(), BoardSize::square(8));
        assert_eq!(GameType::Go.default_size(), BoardSize::square(19));
    }

    #[test]
    fn stone_reduction_matches_games() {
        assert_eq!(go::Go::STONE_IS_POINT, GameType::Go.stone_is_point());
        assert_eq!(
            backgammon::Backgammon::STONE_IS_POINT,
            GameType::Backgammon.stone_is_point()
        );
        assert_eq!(
            lines_of_action::LinesOfAction::STONE_IS_POINT,
            GameType::LinesOfAction.stone_is_point()
        );
        assert_eq!(hex::Hex::STONE_IS_POINT, GameType::Hex.stone_is_point());
        assert_eq!(
            amazons::Amazons::STONE_IS_POINT,
            GameType::Amazons.stone_is_point()
        );
        assert_eq!(octi::Octi::STONE_IS_POINT, GameType::Octi.stone_is_point());
        assert_eq!(gess::Gess::STONE_IS_POINT, GameType::Gess.stone_is_point());
        const { assert!(raw::Othello::STONE_IS_POINT) };
        const { assert!(!raw::Chess::STONE_IS_POINT) };
        assert_eq!(raw::Shogi::NAME, "Shogi");
    }

    /// Parse arbitrary bytes with `G`: no panic, no `Incomplete`, and whatever parses prints
    /// to bytes that parse back to the same value and print identically (a fixed point).
    fn robust<G: Game>(bytes: &[u8], size: BoardSize) -> Result<(), TestCaseError> {
        for r in [
            G::parse_point(bytes, size).map(|_| ()),
            G::parse_move(bytes, size).map(|_| ()),
            G::parse_stone(bytes, size).map(|_| ()),
        ] {
            prop_assert!(!matches!(r, Err(nom::Err::Incomplete(_))));
        }
        if let Ok(p) = G::read_point(bytes, size) {
            let mut out = Vec::new();
            G::write_point(&p, size, &mut out);
            let back = G::read_point(&out, size);
            prop_assert_eq!(back.as_ref(), Ok(&p));
            let mut again = Vec::new();
            G::write_point(&back.unwrap(), size, &mut again);
            prop_assert_eq!(&again, &out);
        }
        if let Ok(m) = G::read_move(bytes, size) {
            let mut out = Vec::new();
            G::write_move(&m, size, &mut out);
            let back = G::read_move(&out, size);
            prop_assert_eq!(back.as_ref(), Ok(&m));
            let mut again = Vec::new();
            G::write_move(&back.unwrap(), size, &mut again);
            prop_assert_eq!(&again, &out);
        }
        if let Ok(s) = G::read_stone(bytes, size) {
            let mut out = Vec::new();
            G::write_stone(&s, size, &mut out);
            let back = G::read_stone(&out, size);
            prop_assert_eq!(back.as_ref(), Ok(&s));
        }
        Ok(())
    }

    fn sgf_ish() -> impl Strategy<Value = Vec<u8>> {
        prop_oneof![
            proptest::collection::vec(any::<u8>(), 0..12),
            "[a-zA-Z0-9:+!x,\\-]{0,14}".prop_map(String::into_bytes),
            "[a-z]{1,3}[0-9]{1,3}([-:][A-Za-z][0-9]{1,2}[+!]{0,2})?".prop_map(String::into_bytes),
            "[1-9]{2}[A-H]{0,3}([-+][0-9A-H]{1,2}x?){0,3}".prop_map(String::into_bytes),
            "(double|take|drop|[0-9]{2}[a-z]{0,9})".prop_map(String::into_bytes),
        ]
    }

    proptest! {
        #[test]
        fn all_games_are_robust(bytes in sgf_ish(), c in 0u16..60, r in 0u16..60) {
            let size = BoardSize::new(c, r);
            robust::<go::Go>(&bytes, size)?;
            robust::<backgammon::Backgammon>(&bytes, size)?;
            robust::<lines_of_action::LinesOfAction>(&bytes, size)?;
            robust::<hex::Hex>(&bytes, size)?;
            robust::<amazons::Amazons>(&bytes, size)?;
            robust::<octi::Octi>(&bytes, size)?;
            robust::<gess::Gess>(&bytes, size)?;
            robust::<raw::Othello>(&bytes, size)?;
        }
    }

    #[test]
    fn whole_value_errors() {
        let e = go::Go::read_point(b"aab", BoardSize::square(19)).unwrap_err();
        assert_eq!(e.reason, Reason::TrailingInput);
        assert_eq!(e.input, b"b");
        assert_eq!(e.offset_in(b"aab"), 2);
    }
}
