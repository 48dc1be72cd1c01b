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
use super::{BoardSize, Game, GameResult, Reason};
use crate::grammar::value::GridPoint;

mod gtp;

pub use gtp::{GTP_MAX_SIZE, GtpError};

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
    pub x: u8,
    /// Row, 0 (`a`) to 51 (`Z`).
    pub y: u8,
}

impl Point {
    /// The point at column `x`, row `y` (0-based).
    pub const fn new(x: u8, y: u8) -> Self {
        Point { x, y }
    }

    /// True when the point lies on a board of `size`.
    pub const fn is_on(self, size: BoardSize) -> bool {
        (self.x as u16) < size.columns && (self.y as u16) < size.rows
    }
}

/// Writes the two letters; coordinates of 52 or more have no letter and print as `?`.
impl std::fmt::Display for Point {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let l = |v: u8| if v < 52 { go_letter_of(v) as char } else { '?' };
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

impl Game for Go {
    const GM: u32 = 1;
    const NAME: &'static str = "Go";
    type Point = Point;
    type Move = Move;
    stone_is_point!();

    fn default_size() -> BoardSize {
        BoardSize::square(19)
    }

    fn parse_point(i: &[u8], size: BoardSize) -> GameResult<'_, Point> {
        point(i, size)
    }

    fn parse_move(i: &[u8], size: BoardSize) -> GameResult<'_, Move> {
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
        Some((u16::from(p.x), u16::from(p.y)))
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
pub fn point(i: &[u8], size: BoardSize) -> GameResult<'_, Point> {
    match i {
        [a, b, rest @ ..] => match (go_letter(*a), go_letter(*b)) {
            (Some(x), Some(y)) => {
                let p = Point::new(x, y);
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
pub fn move_(i: &[u8], size: BoardSize) -> GameResult<'_, Move> {
    match i {
        [] => Ok((i, Move::Pass)),
        [b't', b't', rest @ ..] if size.fits(19, 19) => Ok((rest, Move::Pass)),
        _ => point(i, size).map(|(rest, p)| (rest, Move::Play(p))),
    }
}

/// Append a Go point; coordinates must be below 52 (larger ones print as `?`).
pub(crate) fn write_point(p: Point, out: &mut Vec<u8>) {
    let l = |v: u8| if v < 52 { go_letter_of(v) } else { b'?' };
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

/// The index of `c` in per-colour arrays.
const fn side(c: Color) -> usize {
    match c {
        Color::Black => 0,
        Color::White => 1,
    }
}

/// A Go position that executes SGF moves as go.html describes: the stone is placed (whatever
/// was there), adjacent opponent groups without liberties are removed, then the mover's own group
/// is removed if it has no liberties (suicide).
///
/// Illegal moves are not refused — SGF records may hold them — but reported in the
/// [`MoveOutcome`]: suicide, an immediate ko recapture, a stone played on an occupied point.
///
/// ```
/// use sgfkit::game::{BoardSize, go::{Board, Color, Move, Point}};
/// let mut b = Board::new(BoardSize::square(9));
/// b.setup(Point::new(0, 0), Some(Color::White)).unwrap();
/// b.play(Color::Black, Move::Play(Point::new(1, 0))).unwrap();
/// let out = b.play(Color::Black, Move::Play(Point::new(0, 1))).unwrap();
/// assert_eq!(out.captured, vec![Point::new(0, 0)]);
/// assert_eq!(b.get(Point::new(0, 0)), None);
/// assert_eq!(b.captured(Color::White), 1);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    size: BoardSize,
    cells: Vec<Option<Color>>,
    captured: [u32; 2],
    /// After a single-stone capture that could be retaken at once: the point the opponent must
    /// not play on, the opponent's colour, and the capturing stone.
    ko: Option<(Point, Color, Point)>,
}

/// What happened when a move was played on a [`Board`].
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[non_exhaustive]
pub struct MoveOutcome {
    /// Opponent stones removed by the move.
    pub captured: Vec<Point>,
    /// The mover's own stones removed because their group had no liberty left (suicide),
    /// including the stone just played; empty when the move was not suicide.
    pub suicide: Vec<Point>,
    /// The move retook a ko immediately (simple ko): it captured exactly the single stone
    /// that had just captured a single stone on this point.
    pub ko: bool,
    /// The colour of the stone that occupied the point before the move, if any.
    pub occupied: Option<Color>,
}

impl MoveOutcome {
    /// True when the move is suicide.
    pub fn is_suicide(&self) -> bool {
        !self.suicide.is_empty()
    }

    /// True when the move broke none of the rules this board checks (occupied point, suicide,
    /// simple ko).
    pub fn is_legal(&self) -> bool {
        self.suicide.is_empty() && !self.ko && self.occupied.is_none()
    }
}

/// Draws the board one row per line: `X` black, `O` white, `.` empty.
///
/// ```
/// use sgfkit::game::{BoardSize, go::{Board, Color, Point}};
/// let mut b = Board::new(BoardSize::new(3, 2));
/// b.setup(Point::new(1, 0), Some(Color::Black)).unwrap();
/// b.setup(Point::new(2, 1), Some(Color::White)).unwrap();
/// assert_eq!(b.to_string(), ".X.\n..O\n");
/// ```
impl std::fmt::Display for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let w = usize::from(self.size.columns).max(1);
        for row in self.cells.chunks(w) {
            for c in row {
                f.write_str(match c {
                    Some(Color::Black) => "X",
                    Some(Color::White) => "O",
                    None => ".",
                })?;
            }
            f.write_str("\n")?;
        }
        Ok(())
    }
}

/// A point outside the board was given to a [`Board`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("point {0} is outside the board")]
pub struct OffBoard(pub Point);

impl Board {
    /// An empty board. Sizes above 52 are clamped to 52.
    pub fn new(size: BoardSize) -> Self {
        let size = BoardSize::new(size.columns.min(MAX_SIZE), size.rows.min(MAX_SIZE));
        Board {
            size,
            cells: vec![None; usize::from(size.columns) * usize::from(size.rows)],
            captured: [0; 2],
            ko: None,
        }
    }

    /// The board's size.
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// The stone on `p`, or `None` for an empty point or a point off the board.
    pub fn get(&self, p: Point) -> Option<Color> {
        self.index(p).and_then(|k| self.cells[k])
    }

    /// How many stones of `color` have been removed from the board (captured by the opponent
    /// or lost by suicide).
    pub fn captured(&self, color: Color) -> u32 {
        self.captured[side(color)]
    }

    /// Set up a point (`AB`, `AW`, `AE`): `Some(color)` places a stone, `None` empties it. No
    /// captures happen. Clears any pending ko.
    ///
    /// # Errors
    /// [`OffBoard`] when `p` is not on the board.
    pub fn setup(&mut self, p: Point, stone: Option<Color>) -> Result<(), OffBoard> {
        let k = self.index(p).ok_or(OffBoard(p))?;
        self.cells[k] = stone;
        self.ko = None;
        Ok(())
    }

    /// Play a move for `color` (`B` or `W`), capturing as go.html says, and report what
    /// happened. A pass changes nothing but clears a pending ko.
    ///
    /// # Errors
    /// [`OffBoard`] when the move's point is not on the board; the board is left unchanged.
    pub fn play(&mut self, color: Color, m: Move) -> Result<MoveOutcome, OffBoard> {
        let p = match m {
            Move::Pass => {
                self.ko = None;
                return Ok(MoveOutcome::default());
            }
            Move::Play(p) => p,
        };
        let k = self.index(p).ok_or(OffBoard(p))?;
        let mut out = MoveOutcome {
            occupied: self.cells[k],
            ..MoveOutcome::default()
        };
        self.cells[k] = Some(color);
        let enemy = color.opponent();
        for n in self.neighbours(k) {
            if self.cells[n] == Some(enemy) {
                let (group, libs) = self.group(n);
                if libs == 0 {
                    for g in group {
                        self.cells[g] = None;
                        out.captured.push(self.point_at(g));
                    }
                }
            }
        }
        let (own, libs) = self.group(k);
        if libs == 0 {
            for g in own {
                self.cells[g] = None;
                out.suicide.push(self.point_at(g));
            }
        }
        self.captured[side(enemy)] += out.captured.len() as u32;
        self.captured[side(color)] += out.suicide.len() as u32;

        if let Some((ko_point, ko_color, capturer)) = self.ko {
            out.ko = ko_point == p && ko_color == color && out.captured == [capturer];
        }
        self.ko = None;
        if out.captured.len() == 1 && out.suicide.is_empty() {
            let (own, libs) = self.group(k);
            if own.len() == 1 && libs == 1 {
                self.ko = Some((out.captured[0], enemy, p));
            }
        }
        Ok(out)
    }

    /// The number of liberties of the group on `p`, or `None` when `p` is empty or off the
    /// board.
    pub fn liberties(&self, p: Point) -> Option<usize> {
        let k = self.index(p)?;
        self.cells[k]?;
        Some(self.group(k).1)
    }

    /// The points of the group on `p` (empty when `p` is empty or off the board).
    pub fn group_of(&self, p: Point) -> Vec<Point> {
        match self.index(p) {
            Some(k) if self.cells[k].is_some() => self
                .group(k)
                .0
                .into_iter()
                .map(|g| self.point_at(g))
                .collect(),
            _ => Vec::new(),
        }
    }

    /// All stones on the board, row by row.
    pub fn stones(&self) -> impl Iterator<Item = (Point, Color)> + '_ {
        self.cells
            .iter()
            .enumerate()
            .filter_map(|(k, c)| c.map(|c| (self.point_at(k), c)))
    }

    fn index(&self, p: Point) -> Option<usize> {
        p.is_on(self.size)
            .then(|| usize::from(p.y) * usize::from(self.size.columns) + usize::from(p.x))
    }

    fn point_at(&self, k: usize) -> Point {
        let w = usize::from(self.size.columns);
        Point::new((k % w) as u8, (k / w) as u8)
    }

    fn neighbours(&self, k: usize) -> impl Iterator<Item = usize> + use<> {
        let w = usize::from(self.size.columns);
        let h = usize::from(self.size.rows);
        let (x, y) = (k % w, k / w);
        [
            (x > 0).then(|| k - 1),
            (x + 1 < w).then(|| k + 1),
            (y > 0).then(|| k - w),
            (y + 1 < h).then(|| k + w),
        ]
        .into_iter()
        .flatten()
    }

    /// The group on cell `k` (which holds a stone) and its number of liberties, by an
    /// iterative flood fill.
    fn group(&self, k: usize) -> (Vec<usize>, usize) {
        let color = self.cells[k];
        let mut seen = vec![false; self.cells.len()];
        let mut liberty = vec![false; self.cells.len()];
        let mut libs = 0;
        let mut group = vec![k];
        let mut stack = vec![k];
        seen[k] = true;
        while let Some(c) = stack.pop() {
            for n in self.neighbours(c) {
                match self.cells[n] {
                    None if !liberty[n] => {
                        liberty[n] = true;
                        libs += 1;
                    }
                    s if s == color && !seen[n] => {
                        seen[n] = true;
                        group.push(n);
                        stack.push(n);
                    }
                    _ => {}
                }
            }
        }
        (group, libs)
    }
}

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
        u16::from(self.x)
    }

    fn row(&self) -> u16 {
        u16::from(self.y)
    }

    /// Coordinates above 255 saturate (they are off every Go board).
    fn at(col: u16, row: u16) -> Self {
        let c = |v: u16| u8::try_from(v).unwrap_or(u8::MAX);
        Point::new(c(col), c(row))
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
    fn spec_examples_print_back() {
        for s in ["aa", "pd", "dp", "mm", "sa", "AZ", "Za"] {
            let m = Go::read_move(s.as_bytes(), S52).unwrap();
            assert_eq!(print_move(&m), s.as_bytes());
        }
    }

    fn board(rows: &[&str]) -> Board {
        let mut b = Board::new(BoardSize::new(rows[0].len() as u16, rows.len() as u16));
        for (y, r) in rows.iter().enumerate() {
            for (x, c) in r.bytes().enumerate() {
                let s = match c {
                    b'X' => Some(Color::Black),
                    b'O' => Some(Color::White),
                    _ => None,
                };
                b.setup(Point::new(x as u8, y as u8), s).unwrap();
            }
        }
        b
    }

    fn play(b: &mut Board, c: Color, x: u8, y: u8) -> MoveOutcome {
        b.play(c, Move::Play(Point::new(x, y))).unwrap()
    }

    #[test]
    fn single_capture() {
        let mut b = board(&[".....", "..X..", ".XO..", "..X..", "....."]);
        let o = play(&mut b, Color::Black, 3, 2);
        assert_eq!(o.captured, vec![Point::new(2, 2)]);
        assert!(o.is_legal());
        assert_eq!(b.get(Point::new(2, 2)), None);
        assert_eq!(b.captured(Color::White), 1);
        assert_eq!(b.captured(Color::Black), 0);
    }

    #[test]
    fn group_and_edge_capture() {
        let mut b = board(&["OOX..", ".....", "....."]);
        let o = play(&mut b, Color::Black, 0, 1);
        assert!(o.captured.is_empty());
        assert_eq!(b.liberties(Point::new(0, 0)), Some(1));
        let mut b = board(&["OOX..", ".X...", "....."]);
        let o = play(&mut b, Color::Black, 0, 1);
        let mut c = o.captured.clone();
        c.sort();
        assert_eq!(c, vec![Point::new(0, 0), Point::new(1, 0)]);
        assert_eq!(b.captured(Color::White), 2);
        assert_eq!(b.stones().count(), 3);
    }

    #[test]
    fn multiple_groups() {
        let mut b = board(&["O.OX.", "X.X..", "....."]);
        let o = play(&mut b, Color::Black, 1, 0);
        assert_eq!(o.captured.len(), 2);
        assert_eq!(b.captured(Color::White), 2);
        assert_eq!(b.liberties(Point::new(1, 0)), Some(3));
    }

    #[test]
    fn suicide() {
        let mut b = board(&[".O...", "O....", "....."]);
        let o = play(&mut b, Color::Black, 0, 0);
        assert!(o.is_suicide());
        assert!(!o.is_legal());
        assert_eq!(o.suicide, vec![Point::new(0, 0)]);
        assert_eq!(b.get(Point::new(0, 0)), None);
        assert_eq!(b.captured(Color::Black), 1);
        // group suicide
        let mut b = board(&["X.O..", "OO...", "....."]);
        let o = play(&mut b, Color::Black, 1, 0);
        assert_eq!(o.suicide.len(), 2);
        assert_eq!(b.captured(Color::Black), 2);
        // capturing first is not suicide
        let mut b = board(&[".OX..", "OX...", "....."]);
        let o = play(&mut b, Color::Black, 0, 0);
        assert!(!o.is_suicide());
        assert_eq!(o.captured, vec![Point::new(1, 0)]);
        assert_eq!(b.liberties(Point::new(0, 0)), Some(1));
    }

    #[test]
    fn ko() {
        // .XO.
        // X.XO
        // .XO.
        let mut b = board(&[".XO.", "XO.O", ".XO."]);
        let o = play(&mut b, Color::Black, 2, 1);
        assert_eq!(o.captured, vec![Point::new(1, 1)]);
        let o = play(&mut b, Color::White, 1, 1);
        assert!(o.ko);
        assert!(!o.is_legal());
        assert_eq!(o.captured, vec![Point::new(2, 1)]);
        // after a move elsewhere the retake is fine
        let mut b = board(&[".XO.", "XO.O", ".XO."]);
        play(&mut b, Color::Black, 2, 1);
        b.play(Color::White, Move::Pass).unwrap();
        b.play(Color::Black, Move::Pass).unwrap();
        let o = play(&mut b, Color::White, 1, 1);
        assert!(!o.ko);
        assert!(o.is_legal());
    }

    #[test]
    fn single_capture_that_is_not_ko() {
        // Black captures at (1,1) but its stone keeps two liberties: retaking is no ko
        // (and here it is not even possible without suicide).
        let mut b = board(&[".XO..", "XO.O.", ".XO..", "....."]);
        b.setup(Point::new(2, 1), None).unwrap();
        b.setup(Point::new(3, 1), None).unwrap();
        let o = play(&mut b, Color::Black, 2, 1);
        assert_eq!(o.captured, vec![Point::new(1, 1)]);
        assert_eq!(b.liberties(Point::new(2, 1)), Some(2));
        let o = play(&mut b, Color::White, 1, 1);
        assert!(!o.ko);
        assert!(o.is_suicide());
        // ko state is cleared by setup
        let mut b = board(&[".XO.", "XO.O", ".XO."]);
        play(&mut b, Color::Black, 2, 1);
        b.setup(Point::new(3, 2), Some(Color::Black)).unwrap();
        assert!(!play(&mut b, Color::White, 1, 1).ko);
    }

    #[test]
    fn occupied_and_off_board() {
        let mut b = board(&["X..", "...", "..."]);
        let o = play(&mut b, Color::White, 0, 0);
        assert_eq!(o.occupied, Some(Color::Black));
        assert_eq!(b.get(Point::new(0, 0)), Some(Color::White));
        assert_eq!(
            b.play(Color::Black, Move::Play(Point::new(3, 0))),
            Err(OffBoard(Point::new(3, 0)))
        );
        assert_eq!(b.get(Point::new(7, 7)), None);
    }

    fn arb_point(size: u8) -> impl Strategy<Value = Point> {
        (0..size, 0..size).prop_map(|(x, y)| Point::new(x, y))
    }

    proptest! {
        #[test]
        fn point_round_trip(cols in 1u16..=52, rows in 1u16..=52, x in 0u8..52, y in 0u8..52) {
            let size = BoardSize::new(cols, rows);
            let pt = Point::new(x % cols as u8, y % rows as u8);
            let mut out = Vec::new();
            Go::write_point(&pt, size, &mut out);
            prop_assert_eq!(Go::read_point(&out, size), Ok(pt));
            prop_assert_eq!(Go::read_stone(&out, size), Ok(pt));
        }

        #[test]
        fn move_round_trip(n in 1u16..=52, x in 0u8..52, y in 0u8..52, pass in any::<bool>()) {
            let size = BoardSize::square(n);
            let pt = Point::new(x % n as u8, y % n as u8);
            let m = if pass { Move::Pass } else { Move::Play(pt) };
            let mut out = Vec::new();
            Go::write_move(&m, size, &mut out);
            prop_assert_eq!(Go::read_move(&out, size), Ok(m));
        }

        #[test]
        fn random_games_keep_invariants(
            moves in proptest::collection::vec((any::<bool>(), arb_point(7)), 0..120)
        ) {
            let mut b = Board::new(BoardSize::square(7));
            for (black, pt) in moves {
                let color = if black { Color::Black } else { Color::White };
                let before = b.stones().count();
                let occupied = b.get(pt).is_some();
                let caps = b.captured(Color::Black) + b.captured(Color::White);
                let o = b.play(color, Move::Play(pt)).unwrap();
                let after = b.stones().count();
                // stones removed = captured + suicide; capture counts follow
                let removed = o.captured.len() + o.suicide.len();
                prop_assert_eq!(before + usize::from(!occupied), after + removed);
                prop_assert_eq!(
                    (b.captured(Color::Black) + b.captured(Color::White) - caps) as usize,
                    removed
                );
                for &c in &o.captured {
                    prop_assert_eq!(b.get(c), None);
                }
                if o.is_suicide() {
                    prop_assert_eq!(b.get(pt), None);
                } else {
                    prop_assert_eq!(b.get(pt), Some(color));
                }
                // no group without liberties remains
                let stones: Vec<_> = b.stones().collect();
                for (s, _) in stones {
                    prop_assert!(b.liberties(s).unwrap() > 0);
                }
            }
        }
    }
}
