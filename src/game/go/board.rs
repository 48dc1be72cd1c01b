//! [`Board`]: a Go position that executes SGF moves, with its chains kept
//! up to date move by move (see [`chains`](super::chains)).

use super::chains::{
    Cells, Chains, EMPTY, cell_of, colour, empty_grid, other, point_at, stone as cell,
};
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
    /// Cells from one row to the next in `cells` (columns + 1).
    stride: usize,
    /// The number of cells of the grid in use.
    n: usize,
    /// The points, with a ring of edge cells around them (see
    /// [`chains`](super::chains)).
    cells: Box<Cells>,
    captured: [u32; 2],
    /// Whose turn it is: the opponent of the last move's colour (Black on a
    /// new board), or what [`Board::set_to_move`] said.
    to_move: Color,
    /// After a single-stone capture that could be retaken at once: the point the opponent must
    /// not play on, the opponent's colour, and the capturing stone.
    ko: Option<(Point, Color, Point)>,
    /// The groups of `cells`; derived data, left out of equality.
    chains: Chains,
}

/// What a move did, counted: [`MoveOutcome`] without the lists of removed
/// stones, which cost an allocation on each capture. Given per move by
/// [`apply_node`](crate::record::apply_node).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub struct MoveSummary {
    /// The colour of the stone that stood on the point before, if any.
    pub occupied: Option<Color>,
    /// The move retook a ko at once (simple ko).
    pub ko: bool,
    /// The mover's stones removed by suicide (0 when the move was not).
    pub suicide: u32,
    /// The opponent's stones the move captured.
    pub captured: u32,
}

impl MoveSummary {
    /// What a pass did: nothing.
    const PASS: MoveSummary = MoveSummary {
        occupied: None,
        ko: false,
        suicide: 0,
        captured: 0,
    };

    /// True when the move broke none of the rules a [`Board`] checks: not
    /// on an occupied point, not suicide, not an immediate ko retake.
    pub fn is_legal(&self) -> bool {
        self.suicide == 0 && !self.ko && self.occupied.is_none()
    }
}

/// Two boards are equal when their positions are: the same size, the same
/// stones on the same points and the same side to move. Capture counts and
/// a pending ko are left out, so that a repeated position is found equal
/// however it was reached (positional superko compares positions this way).
/// [`Hash`] agrees: it hashes [`Board::zobrist`].
///
/// ```
/// use sgfkit::game::{BoardSize, go::{Board, Color, Move, Point}};
/// let mut a = Board::new(BoardSize::square(9));
/// let b = a.clone();
/// a.play(Color::Black, Move::Play(Point::new(2, 2))).unwrap();
/// assert_ne!(a, b);
/// a.setup(Point::new(2, 2), None).unwrap();
/// assert_ne!(a, b); // White to move now
/// a.set_to_move(Color::Black);
/// assert_eq!(a, b);
/// assert_eq!(a.zobrist(), b.zobrist());
/// ```
impl PartialEq for Board {
    fn eq(&self, other: &Self) -> bool {
        self.size == other.size && self.to_move == other.to_move && self.cells == other.cells
    }
}

impl Eq for Board {}

impl std::hash::Hash for Board {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.size.hash(state);
        state.write_u64(self.zobrist());
    }
}

/// The Zobrist key of a stone of `colour` on cell `k`: splitmix64 of the
/// pair, so that no table of keys needs to be kept (or agreed on).
const fn zobrist_key(k: usize, colour: Color) -> u64 {
    splitmix64((k as u64) << 1 | side(colour) as u64)
}

/// The key XORed in when White is to move.
const WHITE_TO_MOVE: u64 = splitmix64(u64::MAX);

/// Sebastiano Vigna's splitmix64 finaliser: a well-mixed 64-bit value of `x`.
const fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let cells: Vec<Option<Color>> = self.rows().flatten().collect();
        f.debug_struct("Board")
            .field("size", &self.size)
            .field("cells", &cells)
            .field("captured", &self.captured)
            .field("to_move", &self.to_move)
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
        self.summary().is_legal()
    }

    /// The counts of this outcome, without the lists.
    pub fn summary(&self) -> MoveSummary {
        let count = |v: &Vec<Point>| u32::try_from(v.len()).unwrap_or(u32::MAX);
        MoveSummary {
            occupied: self.occupied,
            ko: self.ko,
            suicide: count(&self.suicide),
            captured: count(&self.captured),
        }
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
        for row in self.rows() {
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

/// A [`Board`]'s position kept for later, without the groups the board
/// keeps to play moves: the cells, the captures, whose turn and the ko.
/// About a ninth of a board's memory (on 19×19, 420 bytes of cells where
/// the board with its groups holds 3,780), for the positions a walk over variations comes back
/// to; [`Board::restore`] puts one back, and the board regroups its stones
/// at the next move.
///
/// ```
/// use sgfkit::game::{BoardSize, go::{Board, Color, Move, Point}};
/// let mut b = Board::new(BoardSize::square(9));
/// b.play(Color::Black, Move::Play(Point::new(2, 2))).unwrap();
/// let branch = b.snapshot();
/// b.play(Color::White, Move::Play(Point::new(3, 2))).unwrap();
/// b.restore(&branch);
/// assert_eq!(b.get(Point::new(3, 2)), None);
/// assert_eq!(b.to_move(), Color::White);
/// // The restored board plays on as the one the snapshot was taken of.
/// b.play(Color::White, Move::Play(Point::new(2, 3))).unwrap();
/// assert_eq!(b.liberties(Point::new(2, 2)), Some(3));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Snapshot {
    size: BoardSize,
    cells: Box<Cells>,
    captured: [u32; 2],
    to_move: Color,
    ko: Option<(Point, Color, Point)>,
}

impl Snapshot {
    /// The size of the board the snapshot was taken of.
    ///
    /// ```
    /// use sgfkit::game::{BoardSize, go::Board};
    /// let b = Board::new(BoardSize::new(13, 9));
    /// assert_eq!(b.snapshot().size(), BoardSize::new(13, 9));
    /// ```
    pub fn size(&self) -> BoardSize {
        self.size
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
        let (stride, n, cells) = empty_grid(size);
        Board {
            size,
            stride,
            n,
            cells,
            captured: [0; 2],
            to_move: Color::Black,
            ko: None,
            chains: Chains::new(stride, n),
        }
    }

    /// The board's position, without its groups (see [`Snapshot`]).
    pub fn snapshot(&self) -> Snapshot {
        Snapshot {
            size: self.size,
            cells: self.cells.clone(),
            captured: self.captured,
            to_move: self.to_move,
            ko: self.ko,
        }
    }

    /// Puts back the position of `snapshot`, taken of this board or of any
    /// other: the board's groups are found again, in one pass over the
    /// board, at the next move. A snapshot of a board of the same size
    /// costs no allocation.
    pub fn restore(&mut self, snapshot: &Snapshot) {
        if self.size == snapshot.size {
            self.cells.copy_from_slice(&snapshot.cells);
        } else {
            let (stride, n, _) = empty_grid(snapshot.size);
            (self.size, self.stride, self.n) = (snapshot.size, stride, n);
            self.cells = snapshot.cells.clone();
            self.chains = Chains::new(stride, n);
        }
        self.captured = snapshot.captured;
        self.to_move = snapshot.to_move;
        self.ko = snapshot.ko;
        self.chains.stale = true;
    }

    /// The board's size.
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// The stone on `p`, or `None` for an empty point or a point off the board.
    pub fn get(&self, p: Point) -> Option<Color> {
        self.index(p).and_then(|k| colour(self.cells[k]))
    }

    /// How many stones of `color` the opponent's moves have captured. Stones
    /// a player loses by suicide are not counted: a move's
    /// [`MoveOutcome::suicide`] lists them.
    pub fn captured(&self, color: Color) -> u32 {
        self.captured[side(color)]
    }

    /// Whose turn it is: the opponent of the last move played (Black on a
    /// new board), unless [`Board::set_to_move`] said otherwise since.
    /// Setup does not change it.
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// Sets whose turn it is (what `PL` says in SGF).
    pub fn set_to_move(&mut self, color: Color) {
        self.to_move = color;
    }

    /// The point the side to move may not play on at once because it would
    /// retake a ko (simple ko: the last move captured one stone there with
    /// a single stone that now has one liberty); `None` when there is no
    /// such point.
    ///
    /// ```
    /// use sgfkit::game::{BoardSize, go::{Board, Color, Move, Point}};
    /// // .XO.
    /// // X.XO
    /// // .XO.
    /// let mut b = Board::new(BoardSize::new(4, 3));
    /// for (x, y, c) in [(1, 0, Color::Black), (0, 1, Color::Black), (1, 2, Color::Black),
    ///                   (2, 0, Color::White), (3, 1, Color::White), (2, 2, Color::White),
    ///                   (2, 1, Color::Black)] {
    ///     b.setup(Point::new(x, y), Some(c)).unwrap();
    /// }
    /// b.play(Color::White, Move::Play(Point::new(1, 1))).unwrap(); // takes (2, 1)
    /// assert_eq!(b.ko_point(), Some(Point::new(2, 1)));
    /// assert!(!b.is_legal(Color::Black, Move::Play(Point::new(2, 1))));
    /// ```
    pub fn ko_point(&self) -> Option<Point> {
        self.ko
            .filter(|&(_, banned, _)| banned == self.to_move)
            .map(|(p, _, _)| p)
    }

    /// The Zobrist hash of the position: the stones and the side to move
    /// (what [`PartialEq`] compares), as a 64-bit value. Equal positions of
    /// one board size have equal hashes, whatever moves led to them; a
    /// table of the hashes seen finds a repeated position (superko).
    ///
    /// ```
    /// use sgfkit::game::{BoardSize, go::{Board, Color, Move, Point}};
    /// let mut b = Board::new(BoardSize::square(9));
    /// let start = b.zobrist();
    /// b.play(Color::Black, Move::Play(Point::new(4, 4))).unwrap();
    /// assert_ne!(b.zobrist(), start);
    /// ```
    pub fn zobrist(&self) -> u64 {
        let mut h = if self.to_move == Color::White {
            WHITE_TO_MOVE
        } else {
            0
        };
        for (k, &c) in self.cells.iter().enumerate() {
            if let Some(colour) = colour(c) {
                h ^= zobrist_key(k, colour);
            }
        }
        h
    }

    /// What [`Board::play`] would do with the move, without playing it:
    /// the outcome on a copy of the board.
    ///
    /// # Errors
    /// [`OffBoard`] when the move's point is not on the board.
    ///
    /// ```
    /// use sgfkit::game::{BoardSize, go::{Board, Color, Move, Point}};
    /// let mut b = Board::new(BoardSize::square(5));
    /// b.setup(Point::new(1, 0), Some(Color::White)).unwrap();
    /// b.setup(Point::new(0, 1), Some(Color::White)).unwrap();
    /// let out = b.check_move(Color::Black, Move::Play(Point::new(0, 0))).unwrap();
    /// assert!(out.is_suicide());
    /// assert_eq!(b.get(Point::new(0, 0)), None); // not played
    /// ```
    pub fn check_move(&self, color: Color, m: Move) -> Result<MoveOutcome, OffBoard> {
        self.clone().play(color, m)
    }

    /// True when `color` may play `m` here: a pass, or a stone on an empty
    /// point of the board that is neither suicide nor an immediate ko
    /// retake (the rules this board checks; see [`MoveOutcome::is_legal`]).
    /// The board is not changed.
    ///
    /// ```
    /// use sgfkit::game::{BoardSize, go::{Board, Color, Move, Point}};
    /// let mut b = Board::new(BoardSize::square(5));
    /// b.setup(Point::new(2, 2), Some(Color::White)).unwrap();
    /// assert!(b.is_legal(Color::Black, Move::Pass));
    /// assert!(!b.is_legal(Color::Black, Move::Play(Point::new(2, 2))));
    /// assert!(!b.is_legal(Color::Black, Move::Play(Point::new(9, 9))));
    /// assert!(b.is_legal(Color::Black, Move::Play(Point::new(2, 3))));
    /// ```
    pub fn is_legal(&self, color: Color, m: Move) -> bool {
        let p = match m {
            Move::Pass => return true,
            Move::Play(p) => p,
        };
        match self.index(p) {
            Some(k) if self.cells[k] == EMPTY => {}
            _ => return false,
        }
        self.check_move(color, m).is_ok_and(|out| out.is_legal())
    }

    /// Set up a point (`AB`, `AW`, `AE`): `Some(color)` places a stone, `None` empties it. No
    /// captures happen. Clears any pending ko.
    ///
    /// # Errors
    /// [`OffBoard`] when `p` is not on the board.
    pub fn setup(&mut self, p: Point, stone: Option<Color>) -> Result<(), OffBoard> {
        let k = self.index(p).ok_or(OffBoard(p))?;
        self.ko = None;
        let v = stone.map_or(EMPTY, cell);
        let cells = &mut self.cells;
        if cells[k] == v {
            return Ok(());
        }
        if self.chains.stale {
            cells[k] = v;
            return Ok(());
        }
        if cells[k] != EMPTY {
            self.chains.lift(cells, k);
        }
        if v != EMPTY && !self.chains.stale {
            // Setup captures nothing.
            let _ = self.chains.place(cells, k, v);
        } else {
            cells[k] = v;
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
        let played = self.execute(color, m, Some(&mut out.captured), Some(&mut out.suicide))?;
        out.occupied = played.occupied;
        out.ko = played.ko;
        Ok(out)
    }

    /// [`Board::play`] that counts what the move did instead of listing
    /// the removed stones: the same position results, without an allocation.
    ///
    /// # Errors
    /// [`OffBoard`] when the move's point is not on the board; the board is left unchanged.
    ///
    /// ```
    /// use sgfkit::game::{BoardSize, go::{Board, Color, Move, Point}};
    /// let mut b = Board::new(BoardSize::square(9));
    /// b.setup(Point::new(0, 0), Some(Color::White)).unwrap();
    /// b.setup(Point::new(1, 0), Some(Color::Black)).unwrap();
    /// let s = b.play_counted(Color::Black, Move::Play(Point::new(0, 1))).unwrap();
    /// assert_eq!((s.captured, s.is_legal()), (1, true));
    /// ```
    #[inline]
    pub fn play_counted(&mut self, color: Color, m: Move) -> Result<MoveSummary, OffBoard> {
        self.execute(color, m, None, None)
    }

    /// [`Board::play`] without the list of captured stones: the same
    /// position results; the stones lost by suicide, if any, are appended
    /// to `suicide`.
    ///
    /// # Errors
    /// [`OffBoard`] when the move's point is not on the board; the board is left unchanged.
    pub(crate) fn play_noting_suicide(
        &mut self,
        color: Color,
        m: Move,
        suicide: &mut Vec<Point>,
    ) -> Result<MoveSummary, OffBoard> {
        self.execute(color, m, None, Some(suicide))
    }

    /// Lets the chains go stale: setup that follows writes its cells only,
    /// and the next move regroups the whole board in one pass. Worth it
    /// before setup of many points (a board cleared by `AE`, a position set
    /// up by `AB` and `AW`), where regrouping stone by stone costs more.
    pub(crate) fn defer_groups(&mut self) {
        self.chains.stale = true;
    }

    /// The move itself: removed stones are appended to `captured` and
    /// `suicide` when given; gives the colour that was on the point, whether
    /// the move retook a ko and how many stones suicide removed.
    #[inline(always)]
    fn execute(
        &mut self,
        color: Color,
        m: Move,
        captured: Option<&mut Vec<Point>>,
        suicide: Option<&mut Vec<Point>>,
    ) -> Result<MoveSummary, OffBoard> {
        let p = match m {
            Move::Pass => {
                self.ko = None;
                self.to_move = color.opponent();
                return Ok(MoveSummary::PASS);
            }
            Move::Play(p) => p,
        };
        let k = self.index(p).ok_or(OffBoard(p))?;
        let me = cell(color);
        // The cells through a local slice (see `Chains::place`).
        let cells = &mut *self.cells;
        let was = cells[k];
        let chains = &mut self.chains;
        // Whether the move may capture: `place` tells (the common case,
        // nothing to capture, then looks at no neighbour again); a stone
        // not placed stone by stone may capture anything around it.
        let mut maybe_dead = true;
        if was != me {
            if was != EMPTY && !chains.stale {
                chains.lift(cells, k);
            }
            if chains.stale {
                cells[k] = me;
            } else {
                maybe_dead = chains.place(cells, k, me);
            }
        }
        if chains.stale {
            chains.rebuild(cells);
        }
        Ok(self.settle(color, p, k, was, maybe_dead, captured, suicide))
    }

    /// [`Board::play_counted`] for a stone on `p` (not a pass), the
    /// checker's lone moves: a stone on an empty point that captures
    /// nothing and is not suicide, the common case, costs its placing
    /// only. Public for sgfkit-export's replay.
    ///
    /// # Errors
    /// [`OffBoard`] when `p` is not on the board; the board is left unchanged.
    #[doc(hidden)]
    #[inline(always)]
    pub fn play_stone_counted(&mut self, color: Color, p: Point) -> Result<MoveSummary, OffBoard> {
        let k = self.index(p).ok_or(OffBoard(p))?;
        if self.chains.stale || self.cells[k] != EMPTY {
            return Ok(self.play_stone_slowly(color, p));
        }
        let maybe_dead = self.chains.place(&mut self.cells, k, cell(color));
        if !maybe_dead && !self.chains.no_liberty(k) {
            // Nothing taken and no suicide: no ko retaken, none to note.
            self.ko = None;
            self.to_move = color.opponent();
            return Ok(MoveSummary::PASS);
        }
        Ok(self.settle_placed(color, p, k, maybe_dead))
    }

    /// [`Board::play_stone_counted`] on an occupied point or stale
    /// chains (`p` on the board): the general move.
    #[inline(never)]
    fn play_stone_slowly(&mut self, color: Color, p: Point) -> MoveSummary {
        self.execute(color, Move::Play(p), None, None)
            .unwrap_or(MoveSummary::PASS)
    }

    /// [`Board::settle`] for a stone just placed on the empty cell `k`
    /// that may capture or be suicide.
    #[inline(never)]
    fn settle_placed(&mut self, color: Color, p: Point, k: usize, maybe_dead: bool) -> MoveSummary {
        self.settle(color, p, k, EMPTY, maybe_dead, None, None)
    }

    /// The rest of a move of `color` on `p` (cell `k`, which held `was`)
    /// once its stone stands with its chain: captures (only looked for when
    /// `maybe_dead`), suicide, the capture counts and the ko.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn settle(
        &mut self,
        color: Color,
        p: Point,
        k: usize,
        was: u8,
        maybe_dead: bool,
        mut captured: Option<&mut Vec<Point>>,
        suicide: Option<&mut Vec<Point>>,
    ) -> MoveSummary {
        let cells = &mut *self.cells;
        let chains = &mut self.chains;
        let them = other(cell(color));
        let (mut taken, mut last) = (0, 0);
        if maybe_dead {
            // All four, in order: a chain is removed from the first of its
            // stones met, which fixes the order of the captured points.
            for n in chains.neighbours(k) {
                if cells[n] == them && chains.no_liberty(n) {
                    taken += chains.remove(cells, n, captured.as_deref_mut());
                    last = n;
                }
            }
        }
        let mut lost = 0;
        if chains.no_liberty(k) {
            lost = chains.remove(cells, k, suicide);
        }
        let enemy = color.opponent();
        self.captured[side(enemy)] += taken;
        self.to_move = enemy;

        // With one stone taken, it is the stone `last` the removal began at.
        let mut ko = false;
        if let Some((ko_point, ko_color, capturer)) = self.ko {
            ko = ko_point == p
                && ko_color == color
                && taken == 1
                && point_at(last, self.stride) == capturer;
        }
        self.ko = None;
        if taken == 1 && lost == 0 && chains.single_with_one_liberty(cells, k) {
            self.ko = Some((point_at(last, self.stride), enemy, p));
        }
        MoveSummary {
            occupied: colour(was),
            ko,
            suicide: lost,
            captured: taken,
        }
    }

    /// The number of liberties of the group on `p`, or `None` when `p` is empty or off the
    /// board.
    pub fn liberties(&self, p: Point) -> Option<usize> {
        let k = self.index(p)?;
        colour(self.cells[k])?;
        Some(self.group(k).1)
    }

    /// The points of the group on `p` (empty when `p` is empty or off the board).
    pub fn group_of(&self, p: Point) -> Vec<Point> {
        match self.index(p) {
            Some(k) if colour(self.cells[k]).is_some() => self
                .group(k)
                .0
                .into_iter()
                .map(|g| point_at(g, self.stride))
                .collect(),
            _ => Vec::new(),
        }
    }

    /// All stones on the board, row by row.
    pub fn stones(&self) -> impl Iterator<Item = (Point, Color)> + '_ {
        let w = usize::from(self.size.columns);
        (0..usize::from(self.size.rows)).flat_map(move |y| {
            let row = (y + 1) * self.stride + 1;
            self.cells[row..row + w]
                .iter()
                .enumerate()
                .filter_map(move |(x, &c)| Some((Point::new(x as u16, y as u16), colour(c)?)))
        })
    }

    /// The rows of the board, top first, each point's stone left to right
    /// (none on a board without columns).
    fn rows(&self) -> impl Iterator<Item = impl Iterator<Item = Option<Color>> + '_> + '_ {
        let w = usize::from(self.size.columns);
        let h = if w == 0 { 0 } else { self.size.rows };
        (0..usize::from(h)).map(move |y| {
            let row = (y + 1) * self.stride + 1;
            self.cells[row..row + w].iter().map(|&c| colour(c))
        })
    }

    /// The cell of `p`, when `p` is on the board.
    #[inline]
    fn index(&self, p: Point) -> Option<usize> {
        p.is_on(self.size).then(|| cell_of(p, self.stride))
    }

    /// The group on cell `k` (which holds a stone) and its number of liberties, by a flood
    /// fill (for the queries; moves use the chains).
    fn group(&self, k: usize) -> (Vec<usize>, usize) {
        let me = self.cells[k];
        let mut seen = vec![false; self.n];
        let mut liberty = vec![false; self.n];
        let mut libs = 0;
        let mut group = vec![k];
        let mut stack = vec![k];
        seen[k] = true;
        while let Some(c) = stack.pop() {
            for n in self.chains.neighbours(c) {
                match self.cells[n] {
                    EMPTY if !liberty[n] => {
                        liberty[n] = true;
                        libs += 1;
                    }
                    s if s == me && !seen[n] => {
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

#[cfg(test)]
mod tests;
