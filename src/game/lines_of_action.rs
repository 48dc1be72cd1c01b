//! Lines of Action (GM\[9\]).
//!
//! A point is one letter (the column, left to right) and a number (the row, normally 1–n from
//! bottom to top): `a5`, `C8`, `d4`. Values are case-insensitive: a [`Point`] remembers whether
//! its letter was upper case and prints back as read, but compares and hashes without regard to
//! case. Stone is Point. A move is source and destination separated by `-` (or `:` for a
//! capture), optionally followed by an annotation such as `+` or `!` (kept verbatim); or one of
//! `Pass`, `Resign`, `Forfeit`, `Escape` (Gemma only), read in any case and printed as listed
//! here. The default board is 8×8.
//!
//! ```
//! use sgfkit::game::{BoardSize, Game, lines_of_action::{LinesOfAction, Move, Point}};
//! let size = LinesOfAction::default_size();
//! let m = LinesOfAction::read_move(b"C2:C5++", size).unwrap();
//! let Move::Normal { from, to, capture, annotation } = &m else { unreachable!() };
//! assert_eq!((*from, *to, *capture), (Point::new(2, 1), Point::new(2, 4), true));
//! assert_eq!(annotation, "++");
//! let mut out = Vec::new();
//! LinesOfAction::write_move(&m, size, &mut out);
//! assert_eq!(out, b"C2:C5++");
//! assert_eq!(LinesOfAction::read_move(b"resign", size), Ok(Move::Resign));
//! ```

use std::hash::{Hash, Hasher};

use super::util::{colon, decimal, fail, keyword};
use super::{BoardSize, Game, Reason, ValueResult};

/// Lines of Action, GM\[9\].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct LinesOfAction;

/// A square: 0-based column (`a` = 0) and 0-based row (`1` = 0).
///
/// Equality and hashing ignore the letter case kept for printing.
#[derive(Debug, Clone, Copy, Eq, PartialOrd, Ord)]
pub struct Point {
    column: u8,
    row: u16,
    upper: bool,
}

impl Point {
    /// The square at `column` (0–25) and `row` (0-based), printed with a lower-case letter.
    pub const fn new(column: u8, row: u16) -> Self {
        Point {
            column,
            row,
            upper: false,
        }
    }

    /// The same square, printed with an upper-case letter when `upper` is true.
    pub const fn with_uppercase(self, upper: bool) -> Self {
        Point { upper, ..self }
    }

    /// The column, 0-based.
    pub const fn column(self) -> u8 {
        self.column
    }

    /// The row, 0-based (`a1` has row 0).
    pub const fn row(self) -> u16 {
        self.row
    }

    /// True when the letter prints in upper case.
    pub const fn is_uppercase(self) -> bool {
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

/// A Lines of Action move.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Move {
    /// A piece moved from one square to another.
    Normal {
        /// Source square.
        from: Point,
        /// Destination square.
        to: Point,
        /// Written with `:` (a capture) rather than `-`.
        capture: bool,
        /// Trailing commentary such as `+` or `!`, verbatim (may be empty).
        annotation: String,
    },
    /// `Pass`.
    Pass,
    /// `Resign`.
    Resign,
    /// `Forfeit`.
    Forfeit,
    /// `Escape` (Gemma variation only).
    Escape,
}

const SPECIALS: [(&str, Move); 4] = [
    ("Pass", Move::Pass),
    ("Resign", Move::Resign),
    ("Forfeit", Move::Forfeit),
    ("Escape", Move::Escape),
];

impl Game for LinesOfAction {
    const GM: u32 = 9;
    const NAME: &'static str = "Lines of Action";
    type Point = Point;
    type Move = Move;
    stone_is_point!();

    fn default_size() -> BoardSize {
        BoardSize::square(8)
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
            Move::Normal {
                from,
                to,
                capture,
                annotation,
            } => {
                write_point(*from, out);
                out.push(if *capture { b':' } else { b'-' });
                write_point(*to, out);
                out.extend_from_slice(annotation.as_bytes());
            }
            special => {
                if let Some((word, _)) = SPECIALS.iter().find(|(_, s)| s == special) {
                    out.extend_from_slice(word.as_bytes());
                }
            }
        }
    }

    /// Rows are numbered from the bottom, so row 1 is the last row drawn.
    fn point_cell(p: &Point, size: BoardSize) -> Option<(u16, u16)> {
        Some((u16::from(p.column), size.rows.checked_sub(p.row + 1)?))
    }
}

/// `Point = Letter Row` (Lines of Action; `Letter = "a".."z" | "A".."Z"`, `Row = "1".."9" { Digit }`, rows from the bottom)
///
/// ```
/// use sgfkit::game::{BoardSize, lines_of_action::{point, Point}};
/// assert_eq!(point(b"C8", BoardSize::square(8)), Ok((&b""[..], Point::new(2, 7))));
/// assert!(point(b"a9", BoardSize::square(8)).is_err());
/// ```
pub fn point(i: &[u8], size: BoardSize) -> ValueResult<'_, Point> {
    let Some(&c) = i.first().filter(|c| c.is_ascii_alphabetic()) else {
        return fail(i, Reason::BadSyntax);
    };
    let rest = &i[1..];
    if rest.first() == Some(&b'0') {
        return fail(rest, Reason::BadSyntax);
    }
    let (rest, row) = decimal(rest)?;
    let column = c.to_ascii_lowercase() - b'a';
    if u16::from(column) >= size.columns || row == 0 || row > size.rows {
        return fail(i, Reason::OffBoard);
    }
    Ok((
        rest,
        Point::new(column, row - 1).with_uppercase(c.is_ascii_uppercase()),
    ))
}

/// Annotation characters: printable ASCII punctuation except `\`, `]` and `:`.
fn is_annotation(c: u8) -> bool {
    c.is_ascii_punctuation() && !matches!(c, b'\\' | b']' | b':')
}

/// `Move = "Pass" | "Resign" | "Forfeit" | "Escape" | Point ( "-" | ":" ) Point { Annotation }` (Lines of Action; words case-insensitive, `:` a capture)
///
/// ```
/// use sgfkit::game::{BoardSize, lines_of_action::{move_, Move}};
/// let (rest, m) = move_(b"C2:C5++", BoardSize::square(8)).unwrap();
/// assert!(rest.is_empty());
/// assert!(matches!(m, Move::Normal { capture: true, .. }));
/// ```
pub fn move_(i: &[u8], size: BoardSize) -> ValueResult<'_, Move> {
    for (word, m) in SPECIALS {
        if let Some(rest) = keyword(i, word) {
            return Ok((rest, m));
        }
    }
    let (rest, from) = point(i, size)?;
    let (rest, capture) = match rest.first() {
        Some(b'-') => (&rest[1..], false),
        _ => (colon(rest)?.0, true),
    };
    let (rest, to) = point(rest, size)?;
    let n = rest.iter().take_while(|&&c| is_annotation(c)).count();
    let annotation = String::from_utf8_lossy(&rest[..n]).into_owned();
    Ok((
        &rest[n..],
        Move::Normal {
            from,
            to,
            capture,
            annotation,
        },
    ))
}

fn write_point(p: Point, out: &mut Vec<u8>) {
    let c = b'a' + p.column.min(25);
    out.push(if p.upper { c.to_ascii_uppercase() } else { c });
    out.extend_from_slice((u32::from(p.row) + 1).to_string().as_bytes());
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const S8: BoardSize = BoardSize::square(8);

    fn round_trip(s: &str) -> Move {
        let m = LinesOfAction::read_move(s.as_bytes(), S8).unwrap();
        let mut out = Vec::new();
        LinesOfAction::write_move(&m, S8, &mut out);
        assert_eq!(out, s.as_bytes());
        m
    }

    #[test]
    fn spec_points() {
        for (s, c, r) in [("a5", 0, 4), ("C8", 2, 7), ("d4", 3, 3)] {
            let p = LinesOfAction::read_point(s.as_bytes(), S8).unwrap();
            assert_eq!((p.column(), p.row()), (c, r));
            let mut out = Vec::new();
            LinesOfAction::write_point(&p, S8, &mut out);
            assert_eq!(out, s.as_bytes());
        }
        assert_eq!(
            LinesOfAction::read_point(b"C8", S8),
            LinesOfAction::read_point(b"c8", S8)
        );
    }

    #[test]
    fn spec_moves() {
        assert_eq!(
            round_trip("e1-e3"),
            Move::Normal {
                from: Point::new(4, 0),
                to: Point::new(4, 2),
                capture: false,
                annotation: String::new()
            }
        );
        round_trip("C2:C5++");
        round_trip("c5-c6");
        round_trip("e1-e3!");
        for s in ["Pass", "Resign", "Forfeit", "Escape"] {
            round_trip(s);
        }
        assert_eq!(LinesOfAction::read_move(b"resign", S8), Ok(Move::Resign));
        assert_eq!(LinesOfAction::read_move(b"PASS", S8), Ok(Move::Pass));
        // an escaped colon is read as a capture too
        let m = LinesOfAction::read_move(br"c2\:c5", S8).unwrap();
        assert!(matches!(m, Move::Normal { capture: true, .. }));
    }

    #[test]
    fn invalid() {
        let r = |s: &[u8]| LinesOfAction::read_move(s, S8).unwrap_err().reason;
        assert_eq!(r(b"i1-a1"), Reason::OffBoard);
        assert_eq!(r(b"a9-a1"), Reason::OffBoard);
        assert_eq!(r(b"a0-a1"), Reason::BadSyntax);
        assert_eq!(r(b"a1a2"), Reason::BadSyntax);
        assert_eq!(r(b"a1-"), Reason::BadSyntax);
        assert_eq!(r(b"a1-a2x"), Reason::TrailingInput);
        assert_eq!(r(b""), Reason::BadSyntax);
        assert_eq!(
            LinesOfAction::read_point(b"5a", S8).unwrap_err().reason,
            Reason::BadSyntax
        );
    }

    fn arb_point(size: BoardSize) -> impl Strategy<Value = Point> {
        (0..size.columns.min(26) as u8, 0..size.rows, any::<bool>())
            .prop_map(|(c, r, u)| Point::new(c, r).with_uppercase(u))
    }

    fn arb_move(size: BoardSize) -> impl Strategy<Value = Move> {
        prop_oneof![
            Just(Move::Pass),
            Just(Move::Resign),
            Just(Move::Forfeit),
            Just(Move::Escape),
            (
                arb_point(size),
                arb_point(size),
                any::<bool>(),
                "[-+!?#=]{0,3}"
            )
                .prop_map(|(from, to, capture, annotation)| Move::Normal {
                    from,
                    to,
                    capture,
                    annotation
                }),
        ]
    }

    proptest! {
        #[test]
        fn points_round_trip(p in arb_point(BoardSize::new(26, 120))) {
            let size = BoardSize::new(26, 120);
            let mut out = Vec::new();
            LinesOfAction::write_point(&p, size, &mut out);
            let back = LinesOfAction::read_point(&out, size).unwrap();
            prop_assert_eq!(back, p);
            prop_assert_eq!(back.is_uppercase(), p.is_uppercase());
            prop_assert_eq!(LinesOfAction::read_stone(&out, size), Ok(p));
        }

        #[test]
        fn moves_round_trip(m in arb_move(S8)) {
            let mut out = Vec::new();
            LinesOfAction::write_move(&m, S8, &mut out);
            prop_assert_eq!(LinesOfAction::read_move(&out, S8), Ok(m.clone()));
            let mut again = Vec::new();
            LinesOfAction::write_move(&LinesOfAction::read_move(&out, S8).unwrap(), S8, &mut again);
            prop_assert_eq!(again, out);
        }
    }
}
