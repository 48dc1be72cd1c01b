//! Gess (GM\[20\]).
//!
//! Point and Stone are the same and are written as in Go (two letters, column then row). A move
//! is the centre of the 3×3 piece before and after it moves, joined by a colon: `cc:ee`. The
//! colon is written unescaped by the spec; an escaped `\:` is accepted too, and printing writes
//! the plain `:`. The default board is 20×20 (18×18 inside the edges). Moving to or from the
//! perimeter is illegal in the game but is not a syntax error: see [`Move::touches_perimeter`].
//!
//! ```
//! use sgfkit::game::{Game, gess::{Gess, Move}, go::Point};
//! let size = Gess::default_size();
//! let m = Gess::read_move(b"cc:ee", size).unwrap();
//! assert_eq!(m, Move { from: Point::new(2, 2), to: Point::new(4, 4) });
//! assert!(!m.touches_perimeter(size));
//! ```

use super::go::{self, Point};
use super::util::colon;
use super::{BoardSize, Game, ValueResult};

/// Gess, GM\[20\].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Gess;

/// A Gess move: the centre of the moved 3×3 piece, before and after.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    /// Centre before the move.
    pub from: Point,
    /// Centre after the move.
    pub to: Point,
}

impl Move {
    /// True when either centre lies on the outermost row or column (outside the "edges"),
    /// which the rules forbid.
    pub fn touches_perimeter(&self, size: BoardSize) -> bool {
        let edge =
            |p: Point| p.x == 0 || p.y == 0 || p.x + 1 >= size.columns || p.y + 1 >= size.rows;
        edge(self.from) || edge(self.to)
    }
}

impl Game for Gess {
    const GM: u32 = 20;
    const NAME: &'static str = "Gess";
    type Point = Point;
    type Move = Move;
    stone_is_point!();

    fn default_size() -> BoardSize {
        BoardSize::square(20)
    }

    fn parse_point(i: &[u8], size: BoardSize) -> ValueResult<'_, Point> {
        point(i, size)
    }

    fn parse_move(i: &[u8], size: BoardSize) -> ValueResult<'_, Move> {
        move_(i, size)
    }

    fn write_point(p: &Point, _size: BoardSize, out: &mut Vec<u8>) {
        go::write_point(*p, out);
    }

    fn write_move(m: &Move, _size: BoardSize, out: &mut Vec<u8>) {
        go::write_point(m.from, out);
        out.push(b':');
        go::write_point(m.to, out);
    }

    fn point_cell(p: &Point, _size: BoardSize) -> Option<(u16, u16)> {
        Some((p.x, p.y))
    }
}

/// `Point = Letter Letter` (Gess, as Go: column then row; also the Stone)
///
/// ```
/// use sgfkit::game::{Game, gess::{point, Gess}, go::Point};
/// assert_eq!(point(b"cc", Gess::default_size()), Ok((&b""[..], Point::new(2, 2))));
/// ```
pub fn point(i: &[u8], size: BoardSize) -> ValueResult<'_, Point> {
    go::point(i, size)
}

/// `Move = Point ":" Point` (Gess: centre before and after; the ":" may be escaped)
///
/// ```
/// use sgfkit::game::{Game, gess::{move_, Gess}, go::Point};
/// let (rest, m) = move_(b"cc:ee", Gess::default_size()).unwrap();
/// assert!(rest.is_empty());
/// assert_eq!(m.to, Point::new(4, 4));
/// ```
pub fn move_(i: &[u8], size: BoardSize) -> ValueResult<'_, Move> {
    let (i, from) = point(i, size)?;
    let (i, ()) = colon(i)?;
    let (i, to) = point(i, size)?;
    Ok((i, Move { from, to }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Reason;
    use proptest::prelude::*;

    const S20: BoardSize = BoardSize::square(20);

    #[test]
    fn spec_example() {
        let m = Gess::read_move(b"cc:ee", S20).unwrap();
        let mut out = Vec::new();
        Gess::write_move(&m, S20, &mut out);
        assert_eq!(out, b"cc:ee");
        assert_eq!(Gess::read_move(br"cc\:ee", S20), Ok(m));
    }

    #[test]
    fn perimeter_and_errors() {
        let m = |s: &'static [u8]| Gess::read_move(s, S20);
        assert!(m(b"ac:ee").unwrap().touches_perimeter(S20));
        assert!(m(b"cc:et").unwrap().touches_perimeter(S20));
        assert!(!m(b"bb:ss").unwrap().touches_perimeter(S20));
        assert_eq!(m(b"cc:eu").unwrap_err().reason, Reason::OffBoard);
        assert_eq!(m(b"ccee").unwrap_err().reason, Reason::BadSyntax);
        assert_eq!(m(b"cc-ee").unwrap_err().reason, Reason::BadSyntax);
        assert_eq!(m(b"cc:ee:").unwrap_err().reason, Reason::TrailingInput);
    }

    proptest! {
        #[test]
        fn round_trip(v in proptest::collection::vec(0u8..20, 4)) {
            let m = Move { from: Point::new(v[0].into(), v[1].into()), to: Point::new(v[2].into(), v[3].into()) };
            let mut out = Vec::new();
            Gess::write_move(&m, S20, &mut out);
            prop_assert_eq!(Gess::read_move(&out, S20), Ok(m));
            let mut out = Vec::new();
            Gess::write_stone(&m.from, S20, &mut out);
            prop_assert_eq!(Gess::read_stone(&out, S20), Ok(m.from));
        }
    }
}
