//! Amazons (GM\[18\]).
//!
//! A point is written as in Go: two letters, column then row, `a`=1 … `z`=26, `A`=27 … `Z`=52.
//! A move is three points concatenated: from, to, and where the arrow lands (`djddgd`). FF\[4\]
//! lists Amazons without reducing Stone to Point and gives no Stone format, so a stone is kept
//! as a [`RawValue`]. The default board is 10×10.
//!
//! ```
//! use sgfkit::game::{Game, amazons::{Amazons, Move}, go::Point};
//! let size = Amazons::default_size();
//! let m = Amazons::read_move(b"djddgd", size).unwrap();
//! assert_eq!(m, Move { from: Point::new(3, 9), to: Point::new(3, 3), arrow: Point::new(6, 3) });
//! ```

use super::go::{self, Point};
use super::raw::RawValue;
use super::{BoardSize, Game, ValueResult};

/// Amazons, GM\[18\].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Amazons;

/// An Amazons move: an amazon moves and shoots an arrow.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    /// Where the amazon moves from.
    pub from: Point,
    /// Where it moves to.
    pub to: Point,
    /// Where its arrow lands.
    pub arrow: Point,
}

impl Game for Amazons {
    const GM: u32 = 18;
    const NAME: &'static str = "Amazons";
    const STONE_IS_POINT: bool = false;
    type Point = Point;
    type Move = Move;
    type Stone = RawValue;

    fn default_size() -> BoardSize {
        BoardSize::square(10)
    }

    fn parse_point(i: &[u8], size: BoardSize) -> ValueResult<'_, Point> {
        point(i, size)
    }

    fn parse_move(i: &[u8], size: BoardSize) -> ValueResult<'_, Move> {
        move_(i, size)
    }

    /// Stones have no FF\[4\] format here: the whole value, kept raw.
    fn parse_stone(i: &[u8], size: BoardSize) -> ValueResult<'_, RawValue> {
        super::Raw::<18>::parse_stone(i, size)
    }

    fn write_point(p: &Point, _size: BoardSize, out: &mut Vec<u8>) {
        go::write_point(*p, out);
    }

    fn write_move(m: &Move, _size: BoardSize, out: &mut Vec<u8>) {
        for p in [m.from, m.to, m.arrow] {
            go::write_point(p, out);
        }
    }

    fn point_cell(p: &Point, _size: BoardSize) -> Option<(u16, u16)> {
        Some((p.x, p.y))
    }

    fn write_stone(s: &RawValue, _size: BoardSize, out: &mut Vec<u8>) {
        out.extend_from_slice(s.as_raw());
    }
}

/// `Point = Letter Letter` (Amazons, as Go: column then row, `a`..`z` then `A`..`Z`)
///
/// ```
/// use sgfkit::game::{Game, amazons::{point, Amazons}, go::Point};
/// assert_eq!(point(b"dj", Amazons::default_size()), Ok((&b""[..], Point::new(3, 9))));
/// assert!(point(b"kk", Amazons::default_size()).is_err());
/// ```
pub fn point(i: &[u8], size: BoardSize) -> ValueResult<'_, Point> {
    go::point(i, size)
}

/// `Move = Point Point Point` (Amazons: from, to, arrow)
///
/// ```
/// use sgfkit::game::{Game, amazons::{move_, Amazons}, go::Point};
/// let (rest, m) = move_(b"djddgd", Amazons::default_size()).unwrap();
/// assert!(rest.is_empty());
/// assert_eq!(m.arrow, Point::new(6, 3));
/// ```
pub fn move_(i: &[u8], size: BoardSize) -> ValueResult<'_, Move> {
    let (i, from) = point(i, size)?;
    let (i, to) = point(i, size)?;
    let (i, arrow) = point(i, size)?;
    Ok((i, Move { from, to, arrow }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Reason;
    use proptest::prelude::*;

    const S10: BoardSize = BoardSize::square(10);

    #[test]
    fn spec_examples() {
        for s in ["djddgd", "addgad", "gjehea"] {
            let m = Amazons::read_move(s.as_bytes(), S10).unwrap();
            let mut out = Vec::new();
            Amazons::write_move(&m, S10, &mut out);
            assert_eq!(out, s.as_bytes());
        }
        // default start position points
        for s in ["dj", "gj", "ag", "jg", "da", "ga", "ad", "jd"] {
            assert!(Amazons::read_point(s.as_bytes(), S10).is_ok(), "{s}");
        }
    }

    #[test]
    fn invalid() {
        let r = |s: &[u8]| Amazons::read_move(s, S10).unwrap_err().reason;
        assert_eq!(r(b"djdd"), Reason::BadSyntax);
        assert_eq!(r(b"djddkd"), Reason::OffBoard);
        assert_eq!(r(b"djddgdx"), Reason::TrailingInput);
        assert_eq!(r(b""), Reason::BadSyntax);
    }

    #[test]
    fn stones_are_raw() {
        let s = Amazons::read_stone(b"whatever", S10).unwrap();
        let mut out = Vec::new();
        Amazons::write_stone(&s, S10, &mut out);
        assert_eq!(out, b"whatever");
    }

    proptest! {
        #[test]
        fn moves_round_trip(n in 1u16..=52, v in proptest::collection::vec(0u8..52, 6)) {
            let size = BoardSize::square(n);
            let pt = |k: usize| Point::new(u16::from(v[k]) % n, u16::from(v[k + 1]) % n);
            let m = Move { from: pt(0), to: pt(2), arrow: pt(4) };
            let mut out = Vec::new();
            Amazons::write_move(&m, size, &mut out);
            prop_assert_eq!(Amazons::read_move(&out, size), Ok(m));
            let mut out = Vec::new();
            Amazons::write_point(&m.to, size, &mut out);
            prop_assert_eq!(Amazons::read_point(&out, size), Ok(m.to));
        }
    }
}
