//! Hex (GM\[11\]).
//!
//! A cell is its column letter(s) followed by its row number: `a1`, `G5`, `D11`, `j10`. Columns
//! past `z` continue `aa`, `ab`, … `az`, `ba`, … `zz`, `aaa` (e.g. `aA27`, `AB6`). Values are
//! case-insensitive: a [`Point`] remembers which letters were upper case so it prints back as it
//! was read, but compares and hashes without regard to case. Stone is Point. A move is a cell or
//! one of `swap-sides`, `swap-pieces`, `resign`, `forfeit` (read in any case, printed in lower
//! case as the page writes them). The default board is 11×11.
//!
//! ```
//! use sgfkit::game::{BoardSize, Game, hex::{Hex, Move, Point}};
//! let size = BoardSize::square(30);
//! let p = Hex::read_point(b"aA27", size).unwrap();
//! assert_eq!((p.column(), p.row()), (26, 26));
//! assert_eq!(p, Point::new(26, 26));
//! let mut out = Vec::new();
//! Hex::write_point(&p, size, &mut out);
//! assert_eq!(out, b"aA27");
//! assert_eq!(Hex::read_move(b"Swap-Pieces", size), Ok(Move::SwapPieces));
//! ```

use std::hash::{Hash, Hasher};

use super::util::{decimal, fail, keyword};
use super::{BoardSize, Game, Reason, ValueResult};
use crate::grammar::value::GridPoint;

/// Hex, GM\[11\].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Hex;

/// The most column letters read (`zzzz` is column 475,254, beyond any `SZ`).
const MAX_LETTERS: usize = 4;

/// A Hex cell: 0-based column (`a` = 0, `z` = 25, `aa` = 26) and 0-based row (written 1-based).
///
/// Equality and hashing ignore the letter case kept for printing.
#[derive(Debug, Clone, Copy, Eq, PartialOrd, Ord)]
pub struct Point {
    column: u16,
    row: u16,
    upper: u8,
}

impl Point {
    /// The cell at `column` and `row` (both 0-based), printed in lower case.
    pub const fn new(column: u16, row: u16) -> Self {
        Point {
            column,
            row,
            upper: 0,
        }
    }

    /// The same cell, printed with the column letters whose bit is set in `mask` in upper case
    /// (bit 0 = leftmost letter).
    pub const fn with_uppercase(self, mask: u8) -> Self {
        Point {
            upper: mask,
            ..self
        }
    }

    /// The column, 0-based.
    pub const fn column(self) -> u16 {
        self.column
    }

    /// The row, 0-based (`a1` has row 0).
    pub const fn row(self) -> u16 {
        self.row
    }

    /// Which column letters are printed in upper case (bit 0 = leftmost letter).
    pub const fn uppercase_mask(self) -> u8 {
        self.upper
    }
}

impl PartialEq for Point {
    fn eq(&self, other: &Self) -> bool {
        self.column == other.column && self.row == other.row
    }
}

impl Hash for Point {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.column.hash(state);
        self.row.hash(state);
    }
}

/// Compressed point lists (`AB[a1:c3]`) are rectangles of Hex cells: `a1` is the upper-left
/// corner as Hex boards are drawn.
///
/// ```
/// use sgfkit::game::hex::Point;
/// use sgfkit::grammar::value::GridPoint;
/// assert_eq!(Point::at(2, 3), Point::new(2, 3));
/// assert_eq!(Point::new(2, 3).row(), 3);
/// ```
impl GridPoint for Point {
    fn col(&self) -> u16 {
        self.column
    }

    fn row(&self) -> u16 {
        self.row
    }

    fn at(col: u16, row: u16) -> Self {
        Point::new(col, row)
    }
}

/// A Hex move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    /// A stone on this cell.
    Cell(Point),
    /// `swap-sides`: the player swaps sides with the opponent.
    SwapSides,
    /// `swap-pieces`: colours are exchanged and the board reflected in the long diagonal.
    SwapPieces,
    /// `resign`.
    Resign,
    /// `forfeit`.
    Forfeit,
}

const SPECIALS: [(&str, Move); 4] = [
    ("swap-sides", Move::SwapSides),
    ("swap-pieces", Move::SwapPieces),
    ("resign", Move::Resign),
    ("forfeit", Move::Forfeit),
];

impl Game for Hex {
    const GM: u32 = 11;
    const NAME: &'static str = "Hex";
    type Point = Point;
    type Move = Move;
    stone_is_point!();

    fn default_size() -> BoardSize {
        BoardSize::square(11)
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
        match m {
            Move::Cell(p) => write_point(*p, out),
            special => {
                if let Some((word, _)) = SPECIALS.iter().find(|(_, s)| s == special) {
                    out.extend_from_slice(word.as_bytes());
                }
            }
        }
    }

    fn point_cell(p: &Point, _size: BoardSize) -> Option<(u16, u16)> {
        Some((p.column, p.row))
    }
}

/// `Point = Column Row` (Hex; `Column = Letter { Letter }` in bijective base 26 `a`..`z`, `aa`.., `Row = "1".."9" { Digit }`)
///
/// ```
/// use sgfkit::game::{BoardSize, hex::{point, Point}};
/// assert_eq!(point(b"D11", BoardSize::square(11)), Ok((&b""[..], Point::new(3, 10))));
/// assert_eq!(point(b"aa1", BoardSize::square(30)), Ok((&b""[..], Point::new(26, 0))));
/// ```
pub fn point(i: &[u8], size: BoardSize) -> ValueResult<'_, Point> {
    let n = i.iter().take_while(|c| c.is_ascii_alphabetic()).count();
    if n == 0 {
        return fail(i, Reason::BadSyntax);
    }
    if n > MAX_LETTERS {
        return fail(i, Reason::OffBoard);
    }
    let mut column: u32 = 0;
    let mut upper = 0u8;
    for (k, &c) in i[..n].iter().enumerate() {
        if c.is_ascii_uppercase() {
            upper |= 1 << k;
        }
        column = column * 26 + u32::from(c.to_ascii_lowercase() - b'a') + 1;
    }
    let column = column - 1;
    let rest = &i[n..];
    if rest.first() == Some(&b'0') {
        return fail(rest, Reason::BadSyntax);
    }
    let (rest, row) = decimal(rest)?;
    if column >= u32::from(size.columns) || row == 0 || row > size.rows {
        return fail(i, Reason::OffBoard);
    }
    Ok((
        rest,
        Point::new(column as u16, row - 1).with_uppercase(upper),
    ))
}

/// `Move = Point | "swap-sides" | "swap-pieces" | "resign" | "forfeit"` (Hex; words case-insensitive)
///
/// ```
/// use sgfkit::game::{BoardSize, hex::{move_, Move, Point}};
/// let size = BoardSize::square(11);
/// assert_eq!(move_(b"e4", size), Ok((&b""[..], Move::Cell(Point::new(4, 3)))));
/// assert!(move_(b"swap-pieces", size).is_ok());
/// ```
pub fn move_(i: &[u8], size: BoardSize) -> ValueResult<'_, Move> {
    for (word, m) in SPECIALS {
        if let Some(rest) = keyword(i, word) {
            return Ok((rest, m));
        }
    }
    point(i, size).map(|(rest, p)| (rest, Move::Cell(p)))
}

/// Appends column `n` (0-based) in bijective base 26, as Hex writes its
/// columns: `a`…`z` for 0–25, then `aa`, `ab`…, `zz`, `aaa`… The one writer
/// of such letters: diagrams label Hex columns with it, and `fix` the
/// labels it gives `L` points (in capitals).
///
/// ```
/// let mut out = Vec::new();
/// for n in [0, 25, 26, 51, 52, 701, 702] {
///     sgfkit::game::hex::write_column(n, &mut out);
///     out.push(b' ');
/// }
/// assert_eq!(out, b"a z aa az ba zz aaa ");
/// ```
pub fn write_column(n: u32, out: &mut Vec<u8>) {
    let start = out.len();
    let mut n = u64::from(n) + 1;
    while n > 0 {
        n -= 1;
        out.push(b'a' + (n % 26) as u8);
        n /= 26;
    }
    out[start..].reverse();
}

fn write_point(p: Point, out: &mut Vec<u8>) {
    let start = out.len();
    write_column(u32::from(p.column), out);
    for (k, c) in out[start..].iter_mut().enumerate() {
        if k < 8 && p.upper & (1 << k) != 0 {
            c.make_ascii_uppercase();
        }
    }
    out.extend_from_slice((u32::from(p.row) + 1).to_string().as_bytes());
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const S11: BoardSize = BoardSize::square(11);

    fn print(p: Point) -> String {
        let mut out = Vec::new();
        Hex::write_point(&p, S11, &mut out);
        String::from_utf8(out).unwrap()
    }

    fn round_trip_move(s: &str, size: BoardSize) -> Move {
        let m = Hex::read_move(s.as_bytes(), size).unwrap();
        let mut out = Vec::new();
        Hex::write_move(&m, size, &mut out);
        assert_eq!(out, s.as_bytes());
        m
    }

    #[test]
    fn spec_points() {
        let size = BoardSize::square(26);
        for (s, c, r) in [("a1", 0, 0), ("G5", 6, 4), ("D11", 3, 10), ("j10", 9, 9)] {
            let p = Hex::read_point(s.as_bytes(), size).unwrap();
            assert_eq!((p.column(), p.row()), (c, r), "{s}");
            assert_eq!(print(p), s);
        }
        assert_eq!(Hex::read_point(b"G5", size), Hex::read_point(b"g5", size));
    }

    #[test]
    fn spec_moves() {
        assert_eq!(round_trip_move("e4", S11), Move::Cell(Point::new(4, 3)));
        round_trip_move("F9", S11);
        assert_eq!(round_trip_move("resign", S11), Move::Resign);
        assert_eq!(round_trip_move("swap-pieces", S11), Move::SwapPieces);
        assert_eq!(round_trip_move("swap-sides", S11), Move::SwapSides);
        assert_eq!(round_trip_move("forfeit", S11), Move::Forfeit);
        assert_eq!(Hex::read_move(b"RESIGN", S11), Ok(Move::Resign));
        round_trip_move("c1", S11);
    }

    #[test]
    fn columns_past_z() {
        let size = BoardSize::square(800);
        let col = |s: &str| Hex::read_point(s.as_bytes(), size).unwrap().column();
        assert_eq!(col("z1"), 25);
        assert_eq!(col("aa1"), 26);
        assert_eq!(col("ab1"), 27);
        assert_eq!(col("az1"), 51);
        assert_eq!(col("ba1"), 52);
        assert_eq!(col("zz1"), 701);
        assert_eq!(col("aaa1"), 702);
        let p = Hex::read_point(b"AB6", size).unwrap();
        assert_eq!((p.column(), p.row()), (27, 5));
        assert_eq!(print(p), "AB6");
        assert_eq!(print(Point::new(26, 26)), "aa27");
        assert_eq!(print(Point::new(701, 0)), "zz1");
        assert_eq!(print(Point::new(702, 0)), "aaa1");
    }

    #[test]
    fn invalid() {
        let r = |s: &[u8]| Hex::read_point(s, S11).unwrap_err().reason;
        assert_eq!(r(b"l1"), Reason::OffBoard);
        assert_eq!(r(b"a12"), Reason::OffBoard);
        assert_eq!(r(b"a0"), Reason::BadSyntax);
        assert_eq!(r(b"a01"), Reason::BadSyntax);
        assert_eq!(r(b"a"), Reason::BadSyntax);
        assert_eq!(r(b"1a"), Reason::BadSyntax);
        assert_eq!(r(b"aa1"), Reason::OffBoard);
        assert_eq!(r(b"abcde1"), Reason::OffBoard);
        assert_eq!(r(b"a1-"), Reason::TrailingInput);
        assert_eq!(
            Hex::read_move(b"swap", S11).unwrap_err().reason,
            Reason::BadSyntax
        );
        assert_eq!(Hex::read_point(b"k11", S11), Ok(Point::new(10, 10)));
    }

    fn arb_point() -> impl Strategy<Value = (BoardSize, Point)> {
        (1u16..2000, 1u16..100).prop_flat_map(|(c, r)| {
            (0..c, 0..r, any::<u8>()).prop_map(move |(x, y, m)| {
                // only letters that exist can be upper case
                let letters = {
                    let (mut n, mut k) = (u32::from(x) + 1, 0u32);
                    while n > 0 {
                        n = (n - 1) / 26;
                        k += 1;
                    }
                    k
                };
                let mask = m & ((1u16 << letters) - 1) as u8;
                (BoardSize::new(c, r), Point::new(x, y).with_uppercase(mask))
            })
        })
    }

    proptest! {
        #[test]
        fn points_round_trip((size, p) in arb_point()) {
            let mut out = Vec::new();
            Hex::write_point(&p, size, &mut out);
            let back = Hex::read_point(&out, size).unwrap();
            prop_assert_eq!(back, p);
            prop_assert_eq!(back.uppercase_mask(), p.uppercase_mask());
            prop_assert_eq!(Hex::read_stone(&out, size), Ok(p));
        }

        #[test]
        fn moves_round_trip((size, p) in arb_point(), k in 0usize..5) {
            let m = if k == 4 { Move::Cell(p) } else { SPECIALS[k].1 };
            let mut out = Vec::new();
            Hex::write_move(&m, size, &mut out);
            prop_assert_eq!(Hex::read_move(&out, size), Ok(m));
        }
    }
}
