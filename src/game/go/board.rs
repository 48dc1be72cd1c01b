//! [`Board`]: a Go position that executes SGF moves, with its chains kept
//! up to date move by move (see [`chains`](super::chains)).

use super::chains::{Chains, NONE};
use super::{Color, MAX_SIZE, Move, Point};
use crate::game::BoardSize;

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
/// A move costs what the stones it touches cost: the board keeps its groups
/// (chains) and their liberties up to date instead of searching them at each
/// move. Setup that removes or replaces a stone of a larger group, and a move
/// onto a stone of such a group, cost one pass over the board.
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
#[derive(Clone)]
pub struct Board {
    size: BoardSize,
    cells: Vec<Option<Color>>,
    captured: [u32; 2],
    /// After a single-stone capture that could be retaken at once: the point the opponent must
    /// not play on, the opponent's colour, and the capturing stone.
    ko: Option<(Point, Color, Point)>,
    /// The groups of `cells`; derived data, left out of equality.
    chains: Chains,
    /// A reused list of removed stones, for [`Board::play_noting_occupied`].
    removed: Vec<Point>,
}

/// Two boards are equal when their positions are: size, stones, capture
/// counts and pending ko.
impl PartialEq for Board {
    fn eq(&self, other: &Self) -> bool {
        self.size == other.size
            && self.cells == other.cells
            && self.captured == other.captured
            && self.ko == other.ko
    }
}

impl Eq for Board {}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Board")
            .field("size", &self.size)
            .field("cells", &self.cells)
            .field("captured", &self.captured)
            .field("ko", &self.ko)
            .finish_non_exhaustive()
    }
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
            chains: Chains::new(size),
            removed: Vec::new(),
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
        self.ko = None;
        if self.cells[k] == stone {
            return Ok(());
        }
        if self.chains.stale {
            self.cells[k] = stone;
            return Ok(());
        }
        if self.cells[k].is_some() {
            self.chains.lift(&mut self.cells, k);
        }
        match stone {
            Some(c) if !self.chains.stale => self.chains.place(&mut self.cells, k, c),
            _ => self.cells[k] = stone,
        }
        Ok(())
    }

    /// Play a move for `color` (`B` or `W`), capturing as go.html says, and report what
    /// happened. A pass changes nothing but clears a pending ko.
    ///
    /// # Errors
    /// [`OffBoard`] when the move's point is not on the board; the board is left unchanged.
    pub fn play(&mut self, color: Color, m: Move) -> Result<MoveOutcome, OffBoard> {
        let mut out = MoveOutcome::default();
        let (occupied, ko) = self.execute(color, m, &mut out.captured, &mut out.suicide)?;
        out.occupied = occupied;
        out.ko = ko;
        Ok(out)
    }

    /// [`Board::play`] for a caller that wants to know only what stood on
    /// the point before (`None`: it was empty, or the move is a pass): the
    /// same position results, without building the lists of removed stones.
    ///
    /// # Errors
    /// [`OffBoard`] when the move's point is not on the board; the board is left unchanged.
    pub(crate) fn play_noting_occupied(
        &mut self,
        color: Color,
        m: Move,
    ) -> Result<Option<Color>, OffBoard> {
        let mut captured = std::mem::take(&mut self.removed);
        let mut suicide = Vec::new();
        captured.clear();
        let r = self.execute(color, m, &mut captured, &mut suicide);
        self.removed = captured;
        r.map(|(occupied, _)| occupied)
    }

    /// Lets the chains go stale: setup that follows writes its cells only,
    /// and the next move regroups the whole board in one pass. Worth it
    /// before setup of many points (a board cleared by `AE`, a position set
    /// up by `AB` and `AW`), where regrouping stone by stone costs more.
    pub(crate) fn defer_groups(&mut self) {
        self.chains.stale = true;
    }

    /// The move itself: removed stones are appended to `captured` and
    /// `suicide`; gives the colour that was on the point and whether the
    /// move retook a ko.
    fn execute(
        &mut self,
        color: Color,
        m: Move,
        captured: &mut Vec<Point>,
        suicide: &mut Vec<Point>,
    ) -> Result<(Option<Color>, bool), OffBoard> {
        let p = match m {
            Move::Pass => {
                self.ko = None;
                return Ok((None, false));
            }
            Move::Play(p) => p,
        };
        let k = self.index(p).ok_or(OffBoard(p))?;
        let occupied = self.cells[k];
        let chains = &mut self.chains;
        match self.cells[k] {
            Some(c) if c == color => {}
            Some(_) => {
                if !chains.stale {
                    chains.lift(&mut self.cells, k);
                }
                if chains.stale {
                    self.cells[k] = Some(color);
                } else {
                    chains.place(&mut self.cells, k, color);
                }
            }
            None if chains.stale => self.cells[k] = Some(color),
            None => chains.place(&mut self.cells, k, color),
        }
        if chains.stale {
            chains.rebuild(&self.cells);
        }
        let enemy = color.opponent();
        for n in chains.neighbours(k) {
            if n != NONE && self.cells[usize::from(n)] == Some(enemy) && chains.no_liberty(n) {
                chains.remove(&mut self.cells, n, captured);
            }
        }
        if chains.no_liberty(k as u16) {
            chains.remove(&mut self.cells, k as u16, suicide);
        }
        self.captured[side(enemy)] += captured.len() as u32;
        self.captured[side(color)] += suicide.len() as u32;

        let mut ko = false;
        if let Some((ko_point, ko_color, capturer)) = self.ko {
            ko = ko_point == p && ko_color == color && captured[..] == [capturer];
        }
        self.ko = None;
        if captured.len() == 1
            && suicide.is_empty()
            && chains.single_with_one_liberty(&self.cells, k)
        {
            self.ko = Some((captured[0], enemy, p));
        }
        Ok((occupied, ko))
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
        point_at(k, self.size.columns)
    }

    /// The group on cell `k` (which holds a stone) and its number of liberties, by a flood
    /// fill (for the queries; moves use the chains).
    fn group(&self, k: usize) -> (Vec<usize>, usize) {
        let color = self.cells[k];
        let mut seen = vec![false; self.cells.len()];
        let mut liberty = vec![false; self.cells.len()];
        let mut libs = 0;
        let mut group = vec![k];
        let mut stack = vec![k];
        seen[k] = true;
        while let Some(c) = stack.pop() {
            for n in self.chains.neighbours(c) {
                if n == NONE {
                    continue;
                }
                let n = usize::from(n);
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

/// The point of cell `k` on a board `columns` wide.
pub(super) fn point_at(k: usize, columns: u16) -> Point {
    let w = usize::from(columns).max(1);
    Point::new((k % w) as u8, (k / w) as u8)
}

#[cfg(test)]
mod tests;
