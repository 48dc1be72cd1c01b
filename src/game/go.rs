//! Go (GM\[1\]): points, moves, a board that executes moves, and GTP
//! coordinates.
//!
//! To read a Go game from a tree (players, moves, the position after any of
//! them), see [`record::GoGame`](crate::record::GoGame); this module knows
//! values and never sees a tree.
//!
//! A point is two letters, column then row, `a`=1 … `z`=26, `A`=27 … `Z`=52 (boards up to
//! 52×52; smaller boards use the upper-left part). Stone is Point. A pass is `[]`, or `[tt]` on
//! boards up to 19×19 (FF\[3\] compatibility); on larger boards `tt` is an ordinary point.
//! Printing writes a pass as the empty value.
//!
//! ```
//! use sgfkit::game::{BoardSize, Game, go::{Go, Move, Point}};
//! assert_eq!(Go::read_move(b"tt", BoardSize::square(19)), Ok(Move::Pass));
//! assert_eq!(Go::read_move(b"tt", BoardSize::square(21)), Ok(Move::Play(Point::new(19, 19))));
//! assert_eq!(Go::read_move(b"", BoardSize::square(21)), Ok(Move::Pass));
//! ```

use super::util::{fail, go_letter, go_letter_of};
use super::{BoardSize, Game, Reason, ValueResult};
use crate::grammar::value::GridPoint;

mod board;
mod chains;
mod gtp;
mod rules;

pub use board::{Board, MoveOutcome, MoveSummary, OffBoard, Snapshot};
pub use gtp::{GTP_MAX_SIZE, GtpError, Vertex};
pub use rules::Rules;

/// The game of Go, GM\[1\].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Go;

/// The largest board whose points can be written (52×52).
pub const MAX_SIZE: u16 = 52;

/// A point on the board, 0-based: `x` is the column from the left, `y` the row from the top.
///
/// `Display` writes the SGF letters; [`Point::to_gtp`] and [`Point::from_gtp`]
/// convert to and from GTP coordinates (`Q16`), which depend on the board's
/// height.
///
/// ```
/// use sgfkit::game::{BoardSize, go::Point};
/// assert_eq!(Point::new(0, 26).to_string(), "aA");
/// assert_eq!(Point::new(15, 3).to_string(), "pd");
/// assert_eq!(Point::new(15, 3).to_gtp(BoardSize::square(19)).unwrap(), "Q16");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    /// Column, 0 (`a`) to 51 (`Z`).
    pub x: u16,
    /// Row, 0 (`a`) to 51 (`Z`).
    pub y: u16,
}

impl Point {
    /// The point at column `x`, row `y` (0-based). Coordinates and board
    /// sizes ([`BoardSize`]) are both `u16`.
    pub const fn new(x: u16, y: u16) -> Self {
        Point { x, y }
    }

    /// True when the point lies on a board of `size`.
    pub const fn is_on(self, size: BoardSize) -> bool {
        self.x < size.columns && self.y < size.rows
    }
}

/// Writes the two letters; coordinates of 52 or more have no letter and print as `?`.
impl std::fmt::Display for Point {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let l = |v: u16| match u8::try_from(v) {
            Ok(v) if v < 52 => go_letter_of(v) as char,
            _ => '?',
        };
        write!(f, "{}{}", l(self.x), l(self.y))
    }
}

/// A Go move: a pass or a stone played on a point.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    /// `[]` (or `[tt]` on boards up to 19×19); printed as `[]`.
    Pass,
    /// A stone on this point.
    Play(Point),
}

/// Writes the point's SGF letters (`pd`), or `pass`; [`Move::to_gtp`] gives
/// the GTP form (`Q16`), which needs the board's height.
///
/// ```
/// use sgfkit::game::go::{Move, Point};
/// assert_eq!(Move::Play(Point::new(15, 3)).to_string(), "pd");
/// assert_eq!(Move::Pass.to_string(), "pass");
/// ```
impl std::fmt::Display for Move {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Move::Pass => f.write_str("pass"),
            Move::Play(p) => p.fmt(f),
        }
    }
}

impl Game for Go {
    const GM: u32 = 1;
    const NAME: &'static str = "Go";
    type Point = Point;
    type Move = Move;
    stone_is_point!();

    fn default_size() -> BoardSize {
        BoardSize::square(19)
    }

    fn parse_point(i: &[u8], size: BoardSize) -> ValueResult<'_, Point> {
        point(i, size)
    }

    fn parse_move(i: &[u8], size: BoardSize) -> ValueResult<'_, Move> {
        move_(i, size)
    }

    fn write_point(p: &Point, _size: BoardSize, out: &mut Vec<u8>) {
        write_point(*p, out);
    }

    fn write_move(m: &Move, _size: BoardSize, out: &mut Vec<u8>) {
        if let Move::Play(p) = m {
            write_point(*p, out);
        }
    }

    fn point_cell(p: &Point, _size: BoardSize) -> Option<(u16, u16)> {
        Some((p.x, p.y))
    }
}

/// `Point = Letter Letter` (Go; `Letter = "a".."z" | "A".."Z"`, column then row, boards up to 52×52)
///
/// A Go point on a board of `size` (also used by Amazons and Gess); a point off the board is
/// [`Reason::OffBoard`].
///
/// ```
/// use sgfkit::game::{BoardSize, go::{point, Point}};
/// assert_eq!(point(b"pdx", BoardSize::square(19)), Ok((&b"x"[..], Point::new(15, 3))));
/// assert!(point(b"tt", BoardSize::square(19)).is_err());
/// ```
pub fn point(i: &[u8], size: BoardSize) -> ValueResult<'_, Point> {
    match i {
        [a, b, rest @ ..] => match (go_letter(*a), go_letter(*b)) {
            (Some(x), Some(y)) => {
                let p = Point::new(x.into(), y.into());
                if p.is_on(size) {
                    Ok((rest, p))
                } else {
                    fail(i, Reason::OffBoard)
                }
            }
            _ => fail(i, Reason::BadSyntax),
        },
        _ => fail(i, Reason::BadSyntax),
    }
}

/// `Move = "" | "tt" | Point` (Go; `tt` is a pass only on boards up to 19×19)
///
/// ```
/// use sgfkit::game::{BoardSize, go::{move_, Move, Point}};
/// assert_eq!(move_(b"", BoardSize::square(19)), Ok((&b""[..], Move::Pass)));
/// assert_eq!(move_(b"tt", BoardSize::square(19)), Ok((&b""[..], Move::Pass)));
/// assert_eq!(move_(b"tt", BoardSize::square(21)), Ok((&b""[..], Move::Play(Point::new(19, 19)))));
/// ```
pub fn move_(i: &[u8], size: BoardSize) -> ValueResult<'_, Move> {
    match i {
        [] => Ok((i, Move::Pass)),
        [b't', b't', rest @ ..] if size.fits(19, 19) => Ok((rest, Move::Pass)),
        _ => point(i, size).map(|(rest, p)| (rest, Move::Play(p))),
    }
}

/// The move of a `B` or `W` property whose values text is `[]` or two
/// letters on the board (`[pd]`), as [`Go::read_move`] reads its first
/// value; `None` for anything else (another form, a point off the board),
/// which the general reader handles. The replay's fast path; public for
/// sgfkit-export's replay.
#[doc(hidden)]
#[inline]
pub fn quick_move(values_raw: &[u8], size: BoardSize) -> Option<Move> {
    match *values_raw {
        [b'[', b']'] => Some(Move::Pass),
        [b'[', a, b, b']'] => {
            let p = Point::new(go_letter(a)?.into(), go_letter(b)?.into());
            if a == b't' && b == b't' && size.fits(19, 19) {
                Some(Move::Pass)
            } else {
                p.is_on(size).then_some(Move::Play(p))
            }
        }
        _ => None,
    }
}

/// The point of one raw value `[pd]` (exactly two letters on the board),
/// as [`point`] reads the value; `None` for anything else.
#[inline]
pub(crate) fn quick_point(value_raw: &[u8], size: BoardSize) -> Option<Point> {
    let [b'[', a, b, b']'] = *value_raw else {
        return None;
    };
    let p = Point::new(go_letter(a)?.into(), go_letter(b)?.into());
    p.is_on(size).then_some(p)
}

/// Append a Go point; coordinates must be below 52 (larger ones print as `?`).
pub(crate) fn write_point(p: Point, out: &mut Vec<u8>) {
    let l = |v: u16| match u8::try_from(v) {
        Ok(v) if v < 52 => go_letter_of(v),
        _ => b'?',
    };
    out.push(l(p.x));
    out.push(l(p.y));
}

/// A player's colour: the same type as the SGF `Color` value ([`crate::grammar::value::Color`]),
/// re-exported here so that board code and property values share it.
///
/// ```
/// use sgfkit::game::go::Color;
/// assert_eq!(Color::Black, sgfkit::grammar::value::Color::Black);
/// assert_eq!(Color::Black.opponent(), Color::White);
/// ```
pub use crate::grammar::value::Color;

/// The columns and rows of compressed point lists (`AB[aa:cc]`) are Go points.
///
/// ```
/// use sgfkit::game::go::Point;
/// use sgfkit::grammar::value::GridPoint;
/// assert_eq!(Point::at(2, 3), Point::new(2, 3));
/// assert_eq!(Point::new(2, 3).row(), 3);
/// ```
impl GridPoint for Point {
    fn col(&self) -> u16 {
        self.x
    }

    fn row(&self) -> u16 {
        self.y
    }

    fn at(col: u16, row: u16) -> Self {
        Point::new(col, row)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::ValueError;
    use proptest::prelude::*;

    const S19: BoardSize = BoardSize::square(19);
    const S52: BoardSize = BoardSize::square(52);

    fn p(s: &str) -> Point {
        Go::read_point(s.as_bytes(), S52).unwrap()
    }

    fn print_move(m: &Move) -> Vec<u8> {
        let mut out = Vec::new();
        Go::write_move(m, S52, &mut out);
        out
    }

    #[test]
    fn points() {
        assert_eq!(p("aa"), Point::new(0, 0));
        assert_eq!(p("pd"), Point::new(15, 3));
        assert_eq!(p("zA"), Point::new(25, 26));
        assert_eq!(p("ZZ"), Point::new(51, 51));
        assert_eq!(
            Go::read_point(b"ma", BoardSize::square(13)),
            Ok(Point::new(12, 0))
        );
        let e = Go::read_point(b"na", BoardSize::square(13)).unwrap_err();
        assert_eq!(e, ValueError::new(b"na", Reason::OffBoard));
        let e = Go::read_point(b"a", S19).unwrap_err();
        assert_eq!(e.reason, Reason::BadSyntax);
        let e = Go::read_point(b"a1", S19).unwrap_err();
        assert_eq!(e.reason, Reason::BadSyntax);
        assert_eq!(
            Go::read_point(b"", S19).unwrap_err().reason,
            Reason::BadSyntax
        );
    }

    #[test]
    fn rectangular_boards() {
        let size = BoardSize::new(9, 13);
        assert_eq!(Go::read_point(b"im", size), Ok(Point::new(8, 12)));
        assert_eq!(
            Go::read_point(b"ja", size).unwrap_err().reason,
            Reason::OffBoard
        );
        assert_eq!(
            Go::read_point(b"an", size).unwrap_err().reason,
            Reason::OffBoard
        );
    }

    #[test]
    fn limits_52() {
        assert_eq!(Go::read_point(b"ZZ", S52), Ok(Point::new(51, 51)));
        assert_eq!(
            Go::read_point(b"ZZ", BoardSize::square(51))
                .unwrap_err()
                .reason,
            Reason::OffBoard
        );
        assert_eq!(
            Go::read_point(b"Za", BoardSize::square(60)),
            Ok(Point::new(51, 0))
        );
        let mut out = Vec::new();
        Go::write_point(&Point::new(51, 26), S52, &mut out);
        assert_eq!(out, b"ZA");
        assert_eq!(Board::new(BoardSize::square(60)).size(), S52);
    }

    #[test]
    fn pass_rules() {
        assert_eq!(Go::read_move(b"", S19), Ok(Move::Pass));
        assert_eq!(Go::read_move(b"", S52), Ok(Move::Pass));
        assert_eq!(Go::read_move(b"tt", S19), Ok(Move::Pass));
        assert_eq!(Go::read_move(b"tt", BoardSize::square(9)), Ok(Move::Pass));
        assert_eq!(Go::read_move(b"tt", BoardSize::new(19, 9)), Ok(Move::Pass));
        assert_eq!(
            Go::read_move(b"tt", BoardSize::square(20)),
            Ok(Move::Play(Point::new(19, 19)))
        );
        assert_eq!(
            Go::read_move(b"tt", BoardSize::new(20, 19))
                .unwrap_err()
                .reason,
            Reason::OffBoard
        );
        assert_eq!(
            Go::read_move(b"tt", BoardSize::new(25, 25)),
            Ok(Move::Play(Point::new(19, 19)))
        );
        // `tt` is a point, never a pass, where a point is expected.
        assert_eq!(
            Go::read_point(b"tt", S19).unwrap_err().reason,
            Reason::OffBoard
        );
        assert_eq!(print_move(&Move::Pass), b"");
        assert_eq!(print_move(&Go::read_move(b"tt", S19).unwrap()), b"");
        assert_eq!(print_move(&Move::Play(Point::new(19, 19))), b"tt");
        assert_eq!(
            Go::read_move(b"ss", S19),
            Ok(Move::Play(Point::new(18, 18)))
        );
    }

    #[test]
    fn quick_move_agrees_with_read_move() {
        let sizes = [S19, S52, BoardSize::square(9), BoardSize::new(20, 19)];
        let texts: [&[u8]; 10] = [
            b"[]",
            b"[pd]",
            b"[tt]",
            b"[ss]",
            b"[zz]",
            b"[ZZ]",
            b"[a1]",
            b"[pd][qq]",
            b"[p]",
            b"[\\]]",
        ];
        for size in sizes {
            for text in texts {
                let first = crate::grammar::RawValues::new(text).next().unwrap_or(&[]);
                if let Some(m) = quick_move(text, size) {
                    assert_eq!(Go::read_move(first, size), Ok(m), "{text:?}");
                }
            }
            assert_eq!(
                quick_move(b"[pd]", S19),
                Some(Move::Play(Point::new(15, 3)))
            );
            assert_eq!(quick_move(b"[pd][qq]", size), None);
        }
        assert_eq!(quick_move(b"[tt]", S19), Some(Move::Pass));
        assert_eq!(quick_move(b"[tt]", BoardSize::new(20, 19)), None);
    }

    #[test]
    fn spec_examples_print_back() {
        for s in ["aa", "pd", "dp", "mm", "sa", "AZ", "Za"] {
            let m = Go::read_move(s.as_bytes(), S52).unwrap();
            assert_eq!(print_move(&m), s.as_bytes());
        }
    }

    proptest! {
        #[test]
        fn point_round_trip(cols in 1u16..=52, rows in 1u16..=52, x in 0u16..52, y in 0u16..52) {
            let size = BoardSize::new(cols, rows);
            let pt = Point::new(x % cols, y % rows);
            let mut out = Vec::new();
            Go::write_point(&pt, size, &mut out);
            prop_assert_eq!(Go::read_point(&out, size), Ok(pt));
            prop_assert_eq!(Go::read_stone(&out, size), Ok(pt));
        }

        #[test]
        fn move_round_trip(n in 1u16..=52, x in 0u16..52, y in 0u16..52, pass in any::<bool>()) {
            let size = BoardSize::square(n);
            let pt = Point::new(x % n, y % n);
            let m = if pass { Move::Pass } else { Move::Play(pt) };
            let mut out = Vec::new();
            Go::write_move(&m, size, &mut out);
            prop_assert_eq!(Go::read_move(&out, size), Ok(m));
        }
    }
}
