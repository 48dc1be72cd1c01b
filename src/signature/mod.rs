//! Signatures of Go games: short keys that records of the same game share,
//! and the duplicate finder built on them.
//!
//! * [`dyer`]: Dave Dyer's signature exactly as SGFC prints it with `-g`:
//!   the points of moves 20, 40, 60, then 31, 51, 71 of the main line.
//! * [`dyer_symmetric`]: the same under the board's symmetries, the
//!   smallest string of them.
//! * [`line_hash`]: a 64-bit hash of the main line (its setup and its first
//!   `n` moves or all of them), as recorded and under the board's
//!   symmetries ([`MainLine`]).
//! * [`GameSignature`] and [`find_duplicates`]: groups of records of one
//!   game (exact copies, the same moves, a board symmetry, an unfinished
//!   record), by hash grouping, never comparing all pairs.
//!
//! # Symmetries
//!
//! A square board of side `s` has 8 symmetries; with `m = s - 1` they map
//! the point `(x, y)` (column, row, 0-based from the top left) to
//! `(x, y)`, `(m-y, x)`, `(m-x, m-y)`, `(y, m-x)` (the rotations by 0, 90,
//! 180 and 270 degrees), `(m-x, y)`, `(x, m-y)`, `(y, x)` and
//! `(m-y, m-x)` (the reflections), in the order of [`Symmetry::ALL`]. A
//! board that is not square has the first four that keep its shape:
//! identity, both mirrors and the half turn. A pass stays a pass.
//!
//! # Colours and handicaps
//!
//! The hashes cover each move's colour and point and the setup stones
//! (`AB`, `AW`, `AE`) before the first move, so a handicap game recorded
//! with `HA[2]AB[dd][pp]` and one whose handicap stones are Black moves are
//! different records, never grouped: a missed duplicate rather than a false
//! one. Colours are never swapped.
//!
//! # Collisions on the test corpus
//!
//! Measured on the Go game trees of the shared test corpus (23,343 trees;
//! a test, `collision_rates_on_the_corpus`, measures them again): distinct
//! games are distinct setups and move sequences, up to symmetry for the
//! symmetric forms.
//!
//! | signature | distinct games | distinct signatures | signatures shared by 2+ games |
//! |---|---|---|---|
//! | [`dyer`] | 22,792 | 11,647 | 54 |
//! | [`dyer_symmetric`] | 22,573 | 11,626 | 62 |
//! | [`dyer`], games of 71 moves or more | 11,205 | 11,152 | 41 |
//! | [`line_hash`], `hash` | 22,792 | 22,792 | 0 |
//! | [`line_hash`], `symmetric` | 22,573 | 22,573 | 0 |
//!
//! Dyer's signature cannot tell games apart that agree on its six moves
//! (every game shorter than 20 moves has `------ ------`), nor games that
//! differ only after move 71; the hashes cover every move.
//!
//! # Duplicates at scale
//!
//! [`find_duplicates`] holds one [`GameSignature`] a record. Its moves, kept
//! for the rules that compare them (the prefix rule, [`Rules::fuzzy`]), are
//! most of its size; a caller with millions of records drops them
//! ([`GameSignature::drop_moves`]) and reads again only the records
//! [`needs_moves`] names, as `sgfkit dedupe` does. On the benchmark of
//! `scripts/dedupe-bench.py` (1,012,000 Go games in 0.72 GB, 2,000 planted
//! duplicates of each kind; 2 cores): 28 s and 284 MiB peak (keeping every
//! record's moves: 22 s and 520 MiB), 6,529 records read again, no group
//! joining two games, every planted exact copy, copy with other game
//! information, re-encoded copy and symmetry found, 1,996 of 2,000
//! unfinished starts (the other 4 start a finished corpus game and a longer
//! one: which game they record cannot be told); with `--fuzzy` 29 s and
//! 344 MiB, 24,876 records read again, all 2,000 one-move typos found.
//!
//! # Hash
//!
//! FNV-1a 64 (Fowler, Noll, Vo), written out here: its values are fixed
//! forever, unlike those of std's `DefaultHasher`, so signatures can be
//! stored and compared across versions.

mod duplicates;

pub use duplicates::{
    FUZZY_BUCKET, FUZZY_MOVES, GameSignature, Group, MIN_MOVES, Member, Reason, Rules,
    find_duplicates, needs_moves,
};

use crate::game::BoardSize;
use crate::game::Game;
use crate::game::go::{Color, Go, Move, Point};
use crate::record::GoGame;
use crate::tree::Node;

/// One of the 8 symmetries of a square board (see the [module](self) docs
/// for how each maps a point).
///
/// ```
/// use sgfkit::game::{BoardSize, go::Point};
/// use sgfkit::signature::Symmetry;
/// let size = BoardSize::square(19);
/// let p = Point::new(15, 3); // pd
/// assert_eq!(Symmetry::Rotate90.apply(p, size), Point::new(15, 15)); // pp
/// assert_eq!(Symmetry::Transpose.apply(p, size), Point::new(3, 15)); // dp
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Symmetry {
    /// `(x, y)`.
    Identity,
    /// A quarter turn: `(m-y, x)`.
    Rotate90,
    /// A half turn: `(m-x, m-y)`.
    Rotate180,
    /// Three quarter turns: `(y, m-x)`.
    Rotate270,
    /// Left and right swapped: `(m-x, y)`.
    MirrorX,
    /// Top and bottom swapped: `(x, m-y)`.
    MirrorY,
    /// The main diagonal: `(y, x)`.
    Transpose,
    /// The other diagonal: `(m-y, m-x)`.
    AntiTranspose,
}

impl Symmetry {
    /// The 8 symmetries, identity first.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::Rotate90,
        Symmetry::Rotate180,
        Symmetry::Rotate270,
        Symmetry::MirrorX,
        Symmetry::MirrorY,
        Symmetry::Transpose,
        Symmetry::AntiTranspose,
    ];

    /// The symmetries of a board of `size`: all 8 on a square board; on
    /// another, the 4 that keep its shape.
    ///
    /// ```
    /// use sgfkit::game::BoardSize;
    /// use sgfkit::signature::Symmetry;
    /// assert_eq!(Symmetry::of(BoardSize::square(19)).len(), 8);
    /// assert_eq!(Symmetry::of(BoardSize { columns: 19, rows: 13 }).len(), 4);
    /// ```
    pub fn of(size: BoardSize) -> &'static [Symmetry] {
        if size.columns == size.rows {
            &Symmetry::ALL
        } else {
            &[
                Symmetry::Identity,
                Symmetry::Rotate180,
                Symmetry::MirrorX,
                Symmetry::MirrorY,
            ]
        }
    }

    /// The image of `p` on a board of `size`. A point off the board (or a
    /// symmetry the board does not have) gives a point that may be off it.
    pub fn apply(self, p: Point, size: BoardSize) -> Point {
        let mx = size.columns.saturating_sub(1);
        let my = size.rows.saturating_sub(1);
        let (x, y) = (p.x, p.y);
        let (x, y) = match self {
            Symmetry::Identity => (x, y),
            Symmetry::Rotate90 => (my.saturating_sub(y), x),
            Symmetry::Rotate180 => (mx.saturating_sub(x), my.saturating_sub(y)),
            Symmetry::Rotate270 => (y, mx.saturating_sub(x)),
            Symmetry::MirrorX => (mx.saturating_sub(x), y),
            Symmetry::MirrorY => (x, my.saturating_sub(y)),
            Symmetry::Transpose => (y, x),
            Symmetry::AntiTranspose => (my.saturating_sub(y), mx.saturating_sub(x)),
        };
        Point::new(x, y)
    }

    /// The image of a move: a pass stays a pass.
    pub fn apply_move(self, m: Move, size: BoardSize) -> Move {
        match m {
            Move::Pass => Move::Pass,
            Move::Play(p) => Move::Play(self.apply(p, size)),
        }
    }
}

/// The move numbers Dyer's signature reads, in the order it writes them.
const DYER_MOVES: [usize; 6] = [20, 40, 60, 31, 51, 71];

/// The moves of the main line as SGFC counts them for its signature: one a
/// node that has a move (its `B` if that is a move on the board, else its
/// `W`), root first.
fn sgfc_moves<'c, 'a>(game: &GoGame<'c, 'a>) -> impl Iterator<Item = Move> + use<'c, 'a> {
    let size = game.size();
    game.main_line().filter_map(move |node| {
        ["B", "W"]
            .into_iter()
            .find_map(|ident| Go::read_move(node.get(ident)?.value(), size).ok())
    })
}

/// Writes the six moves as SGFC does: two letters each, `--` for a move
/// the line does not reach, a space between the two halves; a pass ends
/// the string there (SGFC stores a pass as an empty value, and its first
/// byte, a NUL, ends the C string it prints).
fn render_dyer(moves: &[Option<Move>; 6]) -> String {
    let mut out = *b"------ ------";
    for (k, m) in moves.iter().enumerate() {
        let at = if k < 3 { 2 * k } else { 2 * k + 1 };
        match m {
            None => {}
            Some(Move::Pass) => out[at] = 0,
            Some(Move::Play(p)) => {
                let letters = p.to_string();
                let b = letters.as_bytes();
                out[at] = b[0];
                out[at + 1] = b[1];
            }
        }
    }
    let end = out.iter().position(|&b| b == 0).unwrap_or(out.len());
    String::from_utf8_lossy(&out[..end]).into_owned()
}

/// The six moves of Dyer's signature of the game at `root`, and its board.
fn dyer_moves(root: Node<'_, '_>) -> Option<([Option<Move>; 6], BoardSize)> {
    let game = GoGame::new(root).ok()?;
    let mut picked = [None; 6];
    for (i, m) in sgfc_moves(&game).take(71).enumerate() {
        if let Some(k) = DYER_MOVES.iter().position(|&n| n == i + 1) {
            picked[k] = Some(m);
        }
    }
    Some((picked, game.size()))
}

/// Dyer's signature of the Go game at `root`, byte for byte what SGFC
/// prints with `-g` (`Game signature - tree 1: '...'`): the points of
/// moves 20, 40 and 60, a space, then those of moves 31, 51 and 71 of the
/// main line, as SGF letters in the file's orientation.
///
/// Moves are counted as SGFC counts them: one per node of the main line
/// (the root included) that has a move, `B` before `W` when a node has
/// both; a value that is not a move on the board is no move. A move the
/// line does not reach is `--`. A pass (`[]`, or `[tt]` on boards up to
/// 19×19) ends the string where it would be written, as it ends SGFC's. No
/// symmetry is applied: see [`dyer_symmetric`]. `None` when the tree is
/// not a Go game (or its `SZ` is unusable).
///
/// ```
/// let mut sgf = String::from("(;GM[1]SZ[19]");
/// for i in 1..=80u8 {
///     let colour = if i % 2 == 1 { 'B' } else { 'W' };
///     let x = (b'a' + i % 19) as char;
///     let y = (b'a' + i / 19) as char;
///     sgf.push_str(&format!(";{colour}[{x}{y}]"));
/// }
/// sgf.push(')');
/// let c = sgfkit::parse(sgf.as_bytes())?;
/// let root = c.games().next().unwrap();
/// assert_eq!(sgfkit::signature::dyer(root).as_deref(), Some("bbccdd mbncod"));
///
/// let short = sgfkit::parse(b"(;SZ[19];B[pd];W[dp])")?;
/// let root = short.games().next().unwrap();
/// assert_eq!(sgfkit::signature::dyer(root).as_deref(), Some("------ ------"));
/// # Ok::<(), sgfkit::Error>(())
/// ```
pub fn dyer(root: Node<'_, '_>) -> Option<String> {
    dyer_moves(root).map(|(moves, _)| render_dyer(&moves))
}

/// Dyer's signature made independent of the board's orientation: the
/// smallest (bytewise) of the whole signature strings of the game under
/// each symmetry of its board (8 on a square board; see the
/// [module](self) docs). Kombilo's symmetric signature.
///
/// ```
/// use sgfkit::signature::{dyer, dyer_symmetric};
/// let line = |f: &dyn Fn(u8) -> (u8, u8)| {
///     let mut sgf = String::from("(;SZ[19]");
///     for i in 1..=71u8 {
///         let (x, y) = f(i);
///         let colour = if i % 2 == 1 { 'B' } else { 'W' };
///         sgf.push_str(&format!(";{colour}[{}{}]", (b'a' + x) as char, (b'a' + y) as char));
///     }
///     sgf + ")"
/// };
/// let a = line(&|i| (i % 19, i / 19));
/// let b = line(&|i| (18 - i % 19, i / 19)); // mirrored
/// let (a, b) = (sgfkit::parse(a.as_bytes())?, sgfkit::parse(b.as_bytes())?);
/// let (a, b) = (a.games().next().unwrap(), b.games().next().unwrap());
/// assert_ne!(dyer(a), dyer(b));
/// assert_eq!(dyer_symmetric(a), dyer_symmetric(b));
/// # Ok::<(), sgfkit::Error>(())
/// ```
pub fn dyer_symmetric(root: Node<'_, '_>) -> Option<String> {
    let (moves, size) = dyer_moves(root)?;
    Symmetry::of(size)
        .iter()
        .map(|s| render_dyer(&moves.map(|m| m.map(|m| s.apply_move(m, size)))))
        .min()
}

/// FNV-1a, 64 bits.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Fnv(u64);

impl Fnv {
    pub(crate) const fn new() -> Self {
        Fnv(0xcbf2_9ce4_8422_2325)
    }

    pub(crate) fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }

    pub(crate) const fn finish(self) -> u64 {
        self.0
    }
}

/// FNV-1a 64 of `bytes`: the hash every signature uses.
///
/// ```
/// assert_eq!(sgfkit::signature::fnv1a(b""), 0xcbf2_9ce4_8422_2325);
/// assert_eq!(sgfkit::signature::fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
/// ```
pub fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h = Fnv::new();
    h.write(bytes);
    h.finish()
}

/// A move in two bytes: bit 15 White, then 12 bits of point
/// (`x * 64 + y`), `0xfff` a pass.
pub(crate) fn pack(color: Color, m: Move) -> u16 {
    let point = match m {
        Move::Pass => 0xfff,
        Move::Play(p) => (p.x.min(63) << 6) | p.y.min(63),
    };
    point | if color == Color::White { 0x8000 } else { 0 }
}

/// The setup before the first move and the moves of a Go game's main
/// line, ready to hash under any symmetry.
#[derive(Debug, Clone)]
pub(crate) struct Line {
    pub(crate) size: BoardSize,
    /// The stones on the board before the first move.
    pub(crate) setup: Vec<(Point, Color)>,
    /// The moves, in order (values that are not moves left out).
    pub(crate) moves: Vec<(Color, Move)>,
}

impl Line {
    pub(crate) fn of(root: Node<'_, '_>) -> Option<Line> {
        let game = GoGame::new(root).ok()?;
        let setup = game.board_after(0).stones().collect();
        let moves = game.moves().filter_map(Result::ok).collect();
        Some(Line {
            size: game.size(),
            setup,
            moves,
        })
    }

    /// The hasher after the board size and the setup under `s` (sorted, so
    /// that the order the file lists them in does not count).
    pub(crate) fn start(&self, s: Symmetry) -> Fnv {
        let mut h = Fnv::new();
        h.write(&self.size.columns.to_le_bytes());
        h.write(&self.size.rows.to_le_bytes());
        let mut setup: Vec<u16> = self
            .setup
            .iter()
            .map(|&(p, c)| pack(c, Move::Play(s.apply(p, self.size))))
            .collect();
        setup.sort_unstable();
        for v in setup {
            h.write(&v.to_le_bytes());
        }
        // Ends the setup, so that stones and moves never run together.
        h.write(&[0xff, 0xff]);
        h
    }

    /// The packed moves under `s`.
    pub(crate) fn packed(&self, s: Symmetry) -> impl Iterator<Item = u16> + '_ {
        self.moves
            .iter()
            .map(move |&(c, m)| pack(c, s.apply_move(m, self.size)))
    }

    /// The hash of the setup and the first `n` moves under `s`.
    pub(crate) fn hash(&self, s: Symmetry, n: usize) -> u64 {
        let mut h = self.start(s);
        for v in self.packed(s).take(n) {
            h.write(&v.to_le_bytes());
        }
        h.finish()
    }
}

/// A hash of a Go game's main line ([`line_hash`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MainLine {
    /// The hash in the file's orientation.
    pub hash: u64,
    /// The smallest of the hashes under the board's symmetries (8 on a
    /// square board): equal for a game and its rotations and reflections.
    pub symmetric: u64,
    /// How many moves it covers.
    pub moves: usize,
}

/// A 64-bit hash (FNV-1a) of the board size, the setup stones before the
/// first move (sorted) and the first `n` moves of the main line of the Go
/// game at `root` (all of them with `None`; fewer when the line is
/// shorter), each move's colour and point: as recorded and as the minimum
/// over the board's symmetries. Moves are counted as
/// [`GoGame::moves`](crate::record::GoGame::moves) counts them; a value that
/// is not a move is left out. `None` when the tree is not a Go game.
///
/// ```
/// use sgfkit::signature::line_hash;
/// let a = sgfkit::parse(b"(;SZ[19];B[pd];W[dp];B[pp];W[dd])")?;
/// let b = sgfkit::parse(b"(;SZ[19]PB[someone];B[dd];W[pp];B[dp];W[pd];B[qc])")?; // mirrored, one more move
/// let (a, b) = (a.games().next().unwrap(), b.games().next().unwrap());
/// let (la, lb) = (line_hash(a, None).unwrap(), line_hash(b, Some(4)).unwrap());
/// assert_eq!((la.moves, lb.moves), (4, 4));
/// assert_ne!(la.hash, lb.hash);
/// assert_eq!(la.symmetric, lb.symmetric);
/// assert_ne!(la.symmetric, line_hash(b, None).unwrap().symmetric);
/// # Ok::<(), sgfkit::Error>(())
/// ```
pub fn line_hash(root: Node<'_, '_>, n: Option<usize>) -> Option<MainLine> {
    let line = Line::of(root)?;
    let n = n.unwrap_or(usize::MAX).min(line.moves.len());
    let symmetric = Symmetry::of(line.size)
        .iter()
        .map(|&s| line.hash(s, n))
        .min()
        .unwrap_or(0);
    Some(MainLine {
        hash: line.hash(Symmetry::Identity, n),
        symmetric,
        moves: n,
    })
}
