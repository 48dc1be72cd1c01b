//! Backgammon (GM\[6\]).
//!
//! A point is one lowercase letter: `a` is White's 1-point (Black's 24) … `x` White's 24-point,
//! `y` the bar, `z` the bear-off tray. Stone is Point. A move is a dice roll (two digits 1–6)
//! followed by 0 to 4 from/to letter pairs (hits are not marked), or one of the cube actions
//! `double`, `take`, `drop`. The board size is not used.
//!
//! ```
//! use sgfkit::game::{Game, backgammon::{Backgammon, Move, Point}};
//! let size = Backgammon::default_size();
//! let m = Backgammon::read_move(b"61yg", size).unwrap();
//! assert_eq!(m, Move::Roll { dice: [6, 1], moves: vec![(Point::BAR, Point::pip(7).unwrap())] });
//! assert_eq!(Backgammon::read_move(b"double", size), Ok(Move::Double));
//! ```

use super::util::{fail, keyword};
use super::{BoardSize, Game, Reason, ValueResult};

/// Backgammon, GM\[6\].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Backgammon;

/// A Backgammon point: one of White's points 1–24, the bar or the bear-off tray.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point(u8);

impl Point {
    /// The bar (`y`).
    pub const BAR: Point = Point(24);
    /// The bear-off tray (`z`).
    pub const OFF: Point = Point(25);

    /// White's `n`-point (1–24), written `a`–`x`; `None` outside 1–24.
    pub const fn pip(n: u8) -> Option<Point> {
        if n >= 1 && n <= 24 {
            Some(Point(n - 1))
        } else {
            None
        }
    }

    /// The point written with `letter` (`a`–`z`).
    pub const fn from_letter(letter: u8) -> Option<Point> {
        if letter >= b'a' && letter <= b'z' {
            Some(Point(letter - b'a'))
        } else {
            None
        }
    }

    /// The letter this point is written with.
    pub const fn letter(self) -> u8 {
        b'a' + self.0
    }

    /// White's point number (1–24), or `None` for the bar and the tray. Black's number is
    /// `25 - n`.
    pub const fn white_pip(self) -> Option<u8> {
        if self.0 < 24 { Some(self.0 + 1) } else { None }
    }
}

/// A Backgammon move.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Move {
    /// Dice roll and the checkers moved, as (from, to) pairs (at most 4).
    Roll {
        /// The two dice, 1–6 each, in the order written.
        dice: [u8; 2],
        /// 0 to 4 (from, to) pairs.
        moves: Vec<(Point, Point)>,
    },
    /// `double` (initial and later doubles, beavers too).
    Double,
    /// `take`.
    Take,
    /// `drop`.
    Drop,
}

impl Game for Backgammon {
    const GM: u32 = 6;
    const NAME: &'static str = "Backgammon";
    type Point = Point;
    type Move = Move;
    stone_is_point!();

    /// Backgammon has no `SZ`; this is the 24 points in a row and is ignored by the parsers.
    fn default_size() -> BoardSize {
        BoardSize::new(24, 1)
    }

    fn parse_point(i: &[u8], size: BoardSize) -> ValueResult<'_, Point> {
        point(i, size)
    }

    fn parse_move(i: &[u8], size: BoardSize) -> ValueResult<'_, Move> {
        move_(i, size)
    }

    fn write_point(p: &Point, _size: BoardSize, out: &mut Vec<u8>) {
        out.push(p.letter());
    }

    fn write_move(m: &Move, _size: BoardSize, out: &mut Vec<u8>) {
        match m {
            Move::Double => out.extend_from_slice(b"double"),
            Move::Take => out.extend_from_slice(b"take"),
            Move::Drop => out.extend_from_slice(b"drop"),
            Move::Roll { dice, moves } => {
                out.extend(dice.iter().map(|d| b'0' + d));
                for (from, to) in moves {
                    out.push(from.letter());
                    out.push(to.letter());
                }
            }
        }
    }

    /// The points lie in one row, `a` to `z`.
    fn point_cell(p: &Point, _size: BoardSize) -> Option<(u16, u16)> {
        Some((u16::from(p.0), 0))
    }
}

/// `Point = "a".."z"` (Backgammon; `a`..`x` White's 1..24-point, `y` bar, `z` bear-off)
///
/// The size is ignored (Backgammon has no `SZ`); it is taken for the same signature as the
/// other games.
///
/// ```
/// use sgfkit::game::{Game, backgammon::{point, Backgammon, Point}};
/// let size = Backgammon::default_size();
/// assert_eq!(point(b"y", size), Ok((&b""[..], Point::from_letter(b'y').unwrap())));
/// assert!(point(b"A", size).is_err());
/// ```
pub fn point(i: &[u8], _size: BoardSize) -> ValueResult<'_, Point> {
    match i.first().and_then(|&c| Point::from_letter(c)) {
        Some(p) => Ok((&i[1..], p)),
        None => fail(i, Reason::BadSyntax),
    }
}

// Die = "1".."6"
fn die(i: &[u8]) -> ValueResult<'_, u8> {
    match i.first() {
        Some(c @ b'1'..=b'6') => Ok((&i[1..], c - b'0')),
        Some(b'0' | b'7'..=b'9') => fail(i, Reason::OutOfRange),
        _ => fail(i, Reason::BadSyntax),
    }
}

/// `Move = "double" | "take" | "drop" | Die Die { Point Point }` (Backgammon; `Die = "1".."6"`, at most 4 pairs)
///
/// ```
/// use sgfkit::game::{Game, backgammon::{move_, Backgammon, Move}};
/// let size = Backgammon::default_size();
/// assert_eq!(move_(b"take", size), Ok((&b""[..], Move::Take)));
/// assert!(matches!(move_(b"31hefe", size), Ok(([], Move::Roll { dice: [3, 1], .. }))));
/// ```
pub fn move_(i: &[u8], size: BoardSize) -> ValueResult<'_, Move> {
    for (word, m) in [
        ("double", Move::Double),
        ("take", Move::Take),
        ("drop", Move::Drop),
    ] {
        if let Some(rest) = i.strip_prefix(word.as_bytes()) {
            return Ok((rest, m));
        }
    }
    if keyword(i, "double")
        .or(keyword(i, "take"))
        .or(keyword(i, "drop"))
        .is_some()
    {
        // the page writes the cube actions in lowercase only
        return fail(i, Reason::BadSyntax);
    }
    let (i, d1) = die(i)?;
    let (mut i, d2) = die(i)?;
    let mut moves = Vec::new();
    while moves.len() < 4 {
        let Ok((rest, from)) = point(i, size) else {
            break;
        };
        let (rest, to) = point(rest, size)?;
        moves.push((from, to));
        i = rest;
    }
    Ok((
        i,
        Move::Roll {
            dice: [d1, d2],
            moves,
        },
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn size() -> BoardSize {
        Backgammon::default_size()
    }

    fn round_trip(s: &str) -> Move {
        let m = Backgammon::read_move(s.as_bytes(), size()).unwrap();
        let mut out = Vec::new();
        Backgammon::write_move(&m, size(), &mut out);
        assert_eq!(out, s.as_bytes(), "{s}");
        m
    }

    #[test]
    fn spec_examples() {
        let pip = |n| Point::pip(n).unwrap();
        assert_eq!(
            round_trip("31hefe"),
            Move::Roll {
                dice: [3, 1],
                moves: vec![(pip(8), pip(5)), (pip(6), pip(5))]
            }
        );
        assert_eq!(
            round_trip("61yg"),
            Move::Roll {
                dice: [6, 1],
                moves: vec![(Point::BAR, pip(7))]
            }
        );
        assert_eq!(
            round_trip("66"),
            Move::Roll {
                dice: [6, 6],
                moves: vec![]
            }
        );
        let m = round_trip("66fzezdzcz");
        assert_eq!(
            m,
            Move::Roll {
                dice: [6, 6],
                moves: vec![
                    (pip(6), Point::OFF),
                    (pip(5), Point::OFF),
                    (pip(4), Point::OFF),
                    (pip(3), Point::OFF)
                ]
            }
        );
        assert_eq!(round_trip("double"), Move::Double);
        assert_eq!(round_trip("take"), Move::Take);
        assert_eq!(round_trip("drop"), Move::Drop);
        round_trip("66fzfzfzfz");
    }

    #[test]
    fn points() {
        assert_eq!(
            Backgammon::read_point(b"a", size()),
            Ok(Point::pip(1).unwrap())
        );
        assert_eq!(
            Backgammon::read_point(b"x", size()),
            Ok(Point::pip(24).unwrap())
        );
        assert_eq!(Backgammon::read_point(b"y", size()), Ok(Point::BAR));
        assert_eq!(Backgammon::read_point(b"z", size()), Ok(Point::OFF));
        assert_eq!(Point::OFF.white_pip(), None);
        assert_eq!(Point::pip(0), None);
        assert_eq!(
            Backgammon::read_point(b"A", size()).unwrap_err().reason,
            Reason::BadSyntax
        );
        assert_eq!(
            Backgammon::read_point(b"ab", size()).unwrap_err().reason,
            Reason::TrailingInput
        );
    }

    #[test]
    fn invalid_moves() {
        let r = |s: &[u8]| Backgammon::read_move(s, size()).unwrap_err().reason;
        assert_eq!(r(b"71"), Reason::OutOfRange);
        assert_eq!(r(b"30"), Reason::OutOfRange);
        assert_eq!(r(b"3"), Reason::BadSyntax);
        assert_eq!(r(b""), Reason::BadSyntax);
        assert_eq!(r(b"31h"), Reason::BadSyntax);
        assert_eq!(r(b"31hA"), Reason::BadSyntax);
        assert_eq!(r(b"66fzfzfzfzfz"), Reason::TrailingInput);
        assert_eq!(r(b"Double"), Reason::BadSyntax);
        assert_eq!(r(b"doubles"), Reason::TrailingInput);
    }

    fn arb_point() -> impl Strategy<Value = Point> {
        (b'a'..=b'z').prop_map(|c| Point::from_letter(c).unwrap())
    }

    fn arb_move() -> impl Strategy<Value = Move> {
        prop_oneof![
            Just(Move::Double),
            Just(Move::Take),
            Just(Move::Drop),
            (
                1u8..=6,
                1u8..=6,
                proptest::collection::vec((arb_point(), arb_point()), 0..=4)
            )
                .prop_map(|(a, b, moves)| Move::Roll {
                    dice: [a, b],
                    moves
                }),
        ]
    }

    proptest! {
        #[test]
        fn moves_round_trip(m in arb_move()) {
            let mut out = Vec::new();
            Backgammon::write_move(&m, size(), &mut out);
            prop_assert_eq!(Backgammon::read_move(&out, size()), Ok(m));
        }

        #[test]
        fn points_round_trip(p in arb_point()) {
            let mut out = Vec::new();
            Backgammon::write_point(&p, size(), &mut out);
            prop_assert_eq!(Backgammon::read_point(&out, size()), Ok(p));
            prop_assert_eq!(Backgammon::read_stone(&out, size()), Ok(p));
        }
    }
}
