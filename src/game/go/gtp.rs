//! Go points in GTP coordinates (the Go Text Protocol, version 2): a column
//! letter `A`–`Z` without `I`, then the row number counted from the bottom,
//! so that `Q16` is SGF `pd` on 19×19. GTP numbers boards up to 25×25 (25
//! letters); larger boards have no GTP coordinates and give
//! [`GtpError::BoardTooLarge`].

use super::{Move, Point};
use crate::game::BoardSize;

/// The column letters of GTP: `A`–`Z` without `I`.
const LETTERS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// The largest board GTP can name points on: 25×25.
pub const GTP_MAX_SIZE: u16 = 25;

/// Why a point has no GTP coordinates, or a text is not a GTP vertex.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GtpError {
    /// The board is wider or taller than 25: GTP has letters for 25 columns.
    #[error("GTP coordinates name points on boards up to 25x25, not {}x{}", .0.columns, .0.rows)]
    BoardTooLarge(BoardSize),
    /// The text is not a letter (not `I`) followed by a row number.
    #[error("`{0}` is not a GTP vertex (a column letter A-Z without I, then a row number)")]
    BadSyntax(String),
    /// The point or vertex lies outside the board.
    #[error("`{point}` is outside the {}x{} board", .size.columns, .size.rows)]
    OffBoard {
        /// The point as given (GTP text, or the SGF letters of a [`Point`]).
        point: String,
        /// The board.
        size: BoardSize,
    },
    /// `pass` was given where a point is needed.
    #[error("`pass` is a move, not a point")]
    Pass,
}

/// A GTP vertex (`Q16`) held as a number below [`Vertex::COUNT`]: no
/// allocation, and a text that lives as long as the program. Made by
/// [`Point::vertex`], for callers that name many points.
///
/// ```
/// use sgfkit::game::{BoardSize, go::Point};
/// let v = Point::new(15, 3).vertex(BoardSize::square(19))?; // SGF `pd`
/// assert_eq!((v.as_str(), v.as_bytes()), ("Q16", &b"Q16"[..]));
/// # Ok::<(), sgfkit::game::go::GtpError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Vertex(u16);

/// Every GTP vertex, at `column * 25 + row - 1` (the row counted from 1 at
/// the bottom): the letter, then the row number's one or two digits, a 0
/// after one digit.
static VERTICES: [[u8; 3]; Vertex::COUNT] = vertices();

const fn vertices() -> [[u8; 3]; Vertex::COUNT] {
    let mut all = [[0u8; 3]; Vertex::COUNT];
    let mut x = 0;
    while x < 25 {
        let mut row = 1;
        while row <= 25 {
            // Both digits fit in u8: the row is at most 25.
            let (tens, ones) = ((row / 10) as u8, (row % 10) as u8);
            all[x * 25 + row - 1] = if tens == 0 {
                [LETTERS[x], b'0' + ones, 0]
            } else {
                [LETTERS[x], b'0' + tens, b'0' + ones]
            };
            row += 1;
        }
        x += 1;
    }
    all
}

impl Vertex {
    /// The vertex as text: `Q16`.
    ///
    /// ```
    /// use sgfkit::game::{BoardSize, go::Point};
    /// assert_eq!(Point::new(0, 18).vertex(BoardSize::square(19))?.as_str(), "A1");
    /// # Ok::<(), sgfkit::game::go::GtpError>(())
    /// ```
    pub fn as_str(self) -> &'static str {
        // ASCII by construction.
        std::str::from_utf8(self.as_bytes()).unwrap_or_default()
    }

    /// The number of vertices: 25 columns of 25 rows.
    ///
    /// ```
    /// assert_eq!(sgfkit::game::go::Vertex::COUNT, 25 * 25);
    /// ```
    pub const COUNT: usize = 625;

    /// The vertex's place among all of them, below [`Vertex::COUNT`] (the
    /// dictionary index of the `vertex` column of sgfkit-export's tables):
    /// `column * 25 + row - 1`, the row counted from 1 at the bottom.
    ///
    /// ```
    /// use sgfkit::game::{BoardSize, go::Point};
    /// let size = BoardSize::square(19);
    /// assert_eq!(Point::new(0, 18).vertex(size)?.index(), 0); // A1
    /// assert_eq!(Point::new(1, 17).vertex(size)?.index(), 26); // B2
    /// # Ok::<(), sgfkit::game::go::GtpError>(())
    /// ```
    #[inline]
    pub fn index(self) -> u16 {
        self.0
    }

    /// The vertex as the bytes of its text.
    ///
    /// ```
    /// use sgfkit::game::{BoardSize, go::Point};
    /// assert_eq!(Point::new(8, 0).vertex(BoardSize::square(19))?.as_bytes(), b"J19");
    /// # Ok::<(), sgfkit::game::go::GtpError>(())
    /// ```
    #[inline]
    pub fn as_bytes(self) -> &'static [u8] {
        VERTICES.get(usize::from(self.0)).map_or(&[][..], |v| {
            let n = if v[2] == 0 { 2 } else { 3 };
            &v[..n]
        })
    }
}

fn check_size(size: BoardSize) -> Result<(), GtpError> {
    if size.fits(GTP_MAX_SIZE, GTP_MAX_SIZE) {
        Ok(())
    } else {
        Err(GtpError::BoardTooLarge(size))
    }
}

impl Point {
    /// The point in GTP coordinates on a board of `size`: column letter
    /// (`A`–`Z` without `I`) and row number from the bottom.
    ///
    /// # Errors
    /// [`GtpError::BoardTooLarge`] on a board wider or taller than 25,
    /// [`GtpError::OffBoard`] when the point is not on the board.
    ///
    /// ```
    /// use sgfkit::game::{BoardSize, go::Point};
    /// let size = BoardSize::square(19);
    /// assert_eq!(Point::new(15, 3).to_gtp(size).unwrap(), "Q16"); // SGF `pd`
    /// assert_eq!(Point::new(0, 18).to_gtp(size).unwrap(), "A1");
    /// assert_eq!(Point::new(8, 0).to_gtp(size).unwrap(), "J19"); // no I
    /// assert!(Point::new(0, 0).to_gtp(BoardSize::square(26)).is_err());
    /// ```
    pub fn to_gtp(self, size: BoardSize) -> Result<String, GtpError> {
        self.vertex(size).map(|v| v.as_str().to_string())
    }

    /// [`Point::to_gtp`] held in place, without allocating: for callers that
    /// name many points (the `vertex` column of sgfkit-export's tables).
    ///
    /// # Errors
    /// As [`Point::to_gtp`].
    ///
    /// ```
    /// use sgfkit::game::{BoardSize, go::Point};
    /// let size = BoardSize::square(19);
    /// assert_eq!(Point::new(15, 3).vertex(size)?.as_str(), "Q16");
    /// assert!(Point::new(19, 0).vertex(size).is_err());
    /// # Ok::<(), sgfkit::game::go::GtpError>(())
    /// ```
    pub fn vertex(self, size: BoardSize) -> Result<Vertex, GtpError> {
        check_size(size)?;
        if !self.is_on(size) {
            return Err(GtpError::OffBoard {
                point: self.to_string(),
                size,
            });
        }
        // On a board of at most 25×25: a column below 25, a row from 1 to 25.
        let row = size.rows - self.y;
        Ok(Vertex(self.x * 25 + row - 1))
    }

    /// The point named by a GTP vertex (`Q16`, any case, surrounding spaces
    /// ignored) on a board of `size`.
    ///
    /// GTP rows depend on the board's height, so there is no `FromStr`: the
    /// size is needed.
    ///
    /// # Errors
    /// [`GtpError::Pass`] for `pass`, [`GtpError::BadSyntax`] for anything
    /// but a letter (not `I`) and a number, [`GtpError::OffBoard`] for a
    /// vertex outside the board, [`GtpError::BoardTooLarge`] on a board over
    /// 25.
    ///
    /// ```
    /// use sgfkit::game::{BoardSize, go::Point};
    /// let size = BoardSize::square(19);
    /// assert_eq!(Point::from_gtp("Q16", size), Ok(Point::new(15, 3)));
    /// assert_eq!(Point::from_gtp("t19", size), Ok(Point::new(18, 0)));
    /// assert!(Point::from_gtp("I5", size).is_err());
    /// assert!(Point::from_gtp("A20", size).is_err());
    /// ```
    pub fn from_gtp(text: &str, size: BoardSize) -> Result<Point, GtpError> {
        check_size(size)?;
        let t = text.trim_ascii();
        if t.eq_ignore_ascii_case("pass") {
            return Err(GtpError::Pass);
        }
        let bad = || GtpError::BadSyntax(t.to_string());
        let (letter, digits) = match t.as_bytes() {
            [l, d @ ..] if !d.is_empty() && d.len() <= 3 && d.iter().all(u8::is_ascii_digit) => {
                (l.to_ascii_uppercase(), d)
            }
            _ => return Err(bad()),
        };
        let x = LETTERS.iter().position(|&c| c == letter).ok_or_else(bad)?;
        let row: u16 = std::str::from_utf8(digits)
            .ok()
            .and_then(|d| d.parse().ok())
            .ok_or_else(bad)?;
        let off = || GtpError::OffBoard {
            point: t.to_string(),
            size,
        };
        if row == 0 || row > size.rows || x >= usize::from(size.columns) {
            return Err(off());
        }
        // Both fit in u8: the board is at most 25x25.
        let y = size.rows - row;
        Ok(Point::new(x as u16, y as u16))
    }
}

impl Move {
    /// The move in GTP: `pass`, or the point's vertex ([`Point::to_gtp`]).
    ///
    /// # Errors
    /// As [`Point::to_gtp`]; a pass never fails.
    ///
    /// ```
    /// use sgfkit::game::{BoardSize, go::{Move, Point}};
    /// let size = BoardSize::square(9);
    /// assert_eq!(Move::Pass.to_gtp(size).unwrap(), "pass");
    /// assert_eq!(Move::Play(Point::new(2, 2)).to_gtp(size).unwrap(), "C7");
    /// ```
    pub fn to_gtp(self, size: BoardSize) -> Result<String, GtpError> {
        match self {
            Move::Pass => Ok("pass".to_string()),
            Move::Play(p) => p.to_gtp(size),
        }
    }

    /// The move named by GTP text: `pass` (any case) or a vertex
    /// ([`Point::from_gtp`]).
    ///
    /// # Errors
    /// As [`Point::from_gtp`], except that `pass` is [`Move::Pass`].
    ///
    /// ```
    /// use sgfkit::game::{BoardSize, go::{Move, Point}};
    /// let size = BoardSize::square(13);
    /// assert_eq!(Move::from_gtp("PASS", size), Ok(Move::Pass));
    /// assert_eq!(Move::from_gtp("n13", size), Ok(Move::Play(Point::new(12, 0))));
    /// ```
    pub fn from_gtp(text: &str, size: BoardSize) -> Result<Move, GtpError> {
        match Point::from_gtp(text, size) {
            Err(GtpError::Pass) => Ok(Move::Pass),
            r => r.map(Move::Play),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const S19: BoardSize = BoardSize::square(19);

    #[test]
    fn corners_and_letters() {
        assert_eq!(Point::new(0, 0).to_gtp(S19).unwrap(), "A19");
        assert_eq!(Point::new(18, 18).to_gtp(S19).unwrap(), "T1");
        assert_eq!(Point::new(7, 9).to_gtp(S19).unwrap(), "H10");
        assert_eq!(Point::new(8, 9).to_gtp(S19).unwrap(), "J10");
        let s25 = BoardSize::square(25);
        assert_eq!(Point::new(24, 0).to_gtp(s25).unwrap(), "Z25");
        assert_eq!(Point::from_gtp("z25", s25), Ok(Point::new(24, 0)));
        // Rectangular boards: rows count from the bottom of this board.
        let r = BoardSize::new(9, 13);
        assert_eq!(Point::new(8, 12).to_gtp(r).unwrap(), "J1");
        assert_eq!(Point::from_gtp("A13", r), Ok(Point::new(0, 0)));
    }

    #[test]
    fn errors() {
        let big = BoardSize::square(26);
        assert_eq!(
            Point::new(0, 0).to_gtp(big),
            Err(GtpError::BoardTooLarge(big))
        );
        assert_eq!(Move::Pass.to_gtp(big).unwrap(), "pass");
        assert_eq!(
            Point::from_gtp("A1", BoardSize::new(19, 30)),
            Err(GtpError::BoardTooLarge(BoardSize::new(19, 30)))
        );
        assert!(matches!(
            Point::new(19, 0).to_gtp(S19),
            Err(GtpError::OffBoard { .. })
        ));
        for bad in ["", "Q", "16", "I5", "Q-1", "Q1.5", "QQ16", "Q1234", "é5"] {
            assert!(
                matches!(Point::from_gtp(bad, S19), Err(GtpError::BadSyntax(_))),
                "{bad}"
            );
        }
        for off in ["A0", "A20", "U1", "Z19"] {
            let e = Point::from_gtp(off, S19).unwrap_err();
            assert!(matches!(e, GtpError::OffBoard { .. }), "{off}");
            assert!(e.to_string().contains("19x19"), "{e}");
        }
        assert_eq!(Point::from_gtp(" pass ", S19), Err(GtpError::Pass));
        assert_eq!(Move::from_gtp(" Pass", S19), Ok(Move::Pass));
        assert_eq!(Point::from_gtp(" d4\n", S19), Ok(Point::new(3, 15)));
    }

    proptest! {
        #[test]
        fn round_trip(c in 1u16..=25, r in 1u16..=25, x in 0u8..25, y in 0u8..25) {
            let size = BoardSize::new(c, r);
            let p = Point::new(u16::from(x) % c, u16::from(y) % r);
            let text = p.to_gtp(size).unwrap();
            prop_assert!(!text.contains('I'));
            prop_assert_eq!(Point::from_gtp(&text, size), Ok(p));
            prop_assert_eq!(Point::from_gtp(&text.to_lowercase(), size), Ok(p));
        }

        #[test]
        fn any_text_is_safe(text in "\\PC{0,6}", c in 0u16..60, r in 0u16..60) {
            let size = BoardSize::new(c, r);
            if let Ok(p) = Point::from_gtp(&text, size) {
                prop_assert!(p.is_on(size));
                prop_assert_eq!(Point::from_gtp(&p.to_gtp(size).unwrap(), size), Ok(p));
            }
        }
    }
}
