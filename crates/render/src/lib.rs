//! Board diagrams and the variation tree of sgfkit's trees: text for a
//! terminal, SVG, and PNG (feature `png`).
//!
//! A [`Diagram`] is what a picture of one node shows: the board's cells
//! (stones, markup, labels, move numbers, dimmed points), the lines and
//! arrows of `LN` and `AR`, the last move, and the coordinates of the game.
//! [`Diagram::go`] builds one for a Go node (the position from
//! [`record::position_at`](sgfkit::record::position_at)); [`Diagram::of`]
//! does it for any game that has diagrams (Go, Hex, Amazons, Lines of
//! Action) and says which game it cannot draw. The renderers only read a
//! diagram:
//!
//! * [`text()`]: Unicode (`●`, `○`, `┼`) or plain ASCII (`X`, `O`, `.`, hoshi
//!   `+`), optionally with ANSI colours;
//! * [`svg()`]: an SVG document, as a Go book draws a diagram; each stone is a
//!   `<circle class="stone black" data-point="pd">`, so programs can read it;
//! * `png()` (feature `png`): the SVG rasterised by resvg, text in system
//!   fonts;
//! * [`tree()`]: the variation tree of a game, one line per run of nodes, as
//!   `git log --graph` draws history.
//!
//! ```
//! use sgfkit_render::{self as render, Diagram, DiagramOptions, TextOptions};
//! let c = sgfkit::parse(b"(;SZ[5];B[cc];W[dc]TR[cc])")?;
//! let last = c.games().next().unwrap().main_line().last().unwrap();
//! let d = Diagram::go(last, &DiagramOptions::default())?;
//! let board = render::text(&d, &TextOptions::ascii());
//! assert_eq!(board.lines().nth(3).unwrap(), "3 . . X(O). 3");
//! assert!(render::svg(&d, &Default::default()).contains(r#"class="stone white" data-point="dc""#));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Move numbers
//!
//! With [`DiagramOptions::numbers_from`] set to `n`, moves are numbered from
//! the root (every `B` or `W`, passes included; `MN` sets the number of its
//! node's move) and each stone on the board that a move numbered `n` or later
//! put there carries that number. A move numbered `n` or later that is not on
//! the board any more (captured, or its point played again) is listed in
//! [`Diagram::notes`], as a Go book writes it under the diagram: `12 at 5`
//! when the point now shows the number 5, `12 at D4` otherwise.

use sgfkit::game::BoardSize;
use sgfkit::game::go::Color;

mod games;
mod go;
#[cfg(feature = "png")]
mod png;
mod region;
mod svg;
mod text;
mod tree;

pub use go::DiagramOptions;
#[cfg(feature = "png")]
pub use png::{Png, PngError, png};
pub use region::{Region, RegionError};
pub use svg::{SvgOptions, Theme, svg};
pub use text::{TextOptions, text};
pub use tree::{TreeOptions, tree};

/// What stands on a cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Stone {
    /// A black stone (in Hex and Lines of Action: the first player's piece;
    /// in Amazons a black amazon).
    Black,
    /// A white stone (the second player's piece; a white amazon).
    White,
    /// A square burnt by an Amazons arrow.
    Arrow,
}

impl Stone {
    /// The stone of a Go colour.
    pub const fn of(color: Color) -> Stone {
        match color {
            Color::Black => Stone::Black,
            Color::White => Stone::White,
        }
    }

    /// The word used in SVG classes: `black`, `white` or `arrow`.
    pub const fn name(self) -> &'static str {
        match self {
            Stone::Black => "black",
            Stone::White => "white",
            Stone::Arrow => "arrow",
        }
    }
}

/// A mark of `TR`, `SQ`, `CR` or `MA`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Mark {
    /// `TR`.
    Triangle,
    /// `SQ`.
    Square,
    /// `CR`.
    Circle,
    /// `MA`.
    Cross,
}

/// One cell of a [`Diagram`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Cell {
    /// The stone on it.
    pub stone: Option<Stone>,
    /// Its mark (`TR`, `SQ`, `CR`, `MA`).
    pub mark: Option<Mark>,
    /// Its label (`LB`).
    pub label: Option<String>,
    /// The number of the move that put its stone there (see
    /// [`DiagramOptions::numbers_from`]).
    pub number: Option<u32>,
    /// Dimmed (`DD`).
    pub dimmed: bool,
    /// Selected (`SL`).
    pub selected: bool,
    /// Territory (`TB`, `TW`).
    pub territory: Option<Stone>,
}

/// The shape of a board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Shape {
    /// Stones on the intersections of a grid of lines (Go).
    Lines,
    /// Pieces in the squares of a chequerboard (Amazons, Lines of Action).
    Squares,
    /// A rhombus of hexagons, each row shifted half a cell from the one
    /// above (Hex).
    Hexagons,
}

/// A line or arrow of `LN` or `AR`, between two cells (column, row).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Line {
    /// Where it starts.
    pub from: (u16, u16),
    /// Where it ends.
    pub to: (u16, u16),
    /// An arrow (`AR`) rather than a line (`LN`).
    pub arrow: bool,
}

/// A picture of one node: the board and what is drawn on it.
///
/// Cells are addressed by column and row, `(0, 0)` at the upper left, as the
/// board is drawn (Lines of Action's row 1 is the lowest row).
#[derive(Debug, Clone, PartialEq)]
pub struct Diagram {
    /// The game's name (`Go`, `Hex`, …).
    pub game: &'static str,
    /// How the board is drawn.
    pub shape: Shape,
    /// Columns and rows.
    pub size: BoardSize,
    /// The cells, row by row from the top.
    pub cells: Vec<Cell>,
    /// The label of each column, left to right.
    pub column_labels: Vec<String>,
    /// The label of each row, top to bottom.
    pub row_labels: Vec<String>,
    /// The star points (hoshi) of a Go board.
    pub star_points: Vec<(u16, u16)>,
    /// Lines and arrows (`LN`, `AR`).
    pub lines: Vec<Line>,
    /// The cell of the node's move, if it has one on the board.
    pub last_move: Option<(u16, u16)>,
    /// The part of the board drawn (the whole board by default).
    pub region: Region,
    /// Book notes on moves not visible on the board (`12 at 5`), see the
    /// module's documentation.
    pub notes: Vec<String>,
    /// Stones captured so far, black then white (Go).
    pub captures: Option<(u32, u32)>,
}

impl Diagram {
    /// An empty board of `size` drawn as `shape`, with Go-style coordinates.
    ///
    /// ```
    /// use sgfkit::game::BoardSize;
    /// use sgfkit_render::{Diagram, Shape};
    /// let d = Diagram::empty("Go", Shape::Lines, BoardSize::new(19, 3));
    /// assert_eq!(d.column_labels[8], "J"); // no I
    /// assert_eq!(d.row_labels, ["3", "2", "1"]);
    /// // Wider than 25 columns, which GTP cannot name: numbers.
    /// let d = Diagram::empty("Go", Shape::Lines, BoardSize::new(27, 3));
    /// assert_eq!(d.column_labels[26], "27");
    /// ```
    pub fn empty(game: &'static str, shape: Shape, size: BoardSize) -> Diagram {
        let (w, h) = (size.columns, size.rows);
        Diagram {
            game,
            shape,
            size,
            cells: vec![Cell::default(); usize::from(w) * usize::from(h)],
            column_labels: (0..w).map(|x| go_column_label(x, w)).collect(),
            row_labels: (0..h).map(|y| (h - y).to_string()).collect(),
            star_points: Vec::new(),
            lines: Vec::new(),
            last_move: None,
            region: Region::whole(size),
            notes: Vec::new(),
            captures: None,
        }
    }

    /// The cell at column `x`, row `y`; `None` off the board.
    pub fn cell(&self, x: u16, y: u16) -> Option<&Cell> {
        (x < self.size.columns && y < self.size.rows)
            .then(|| &self.cells[usize::from(y) * usize::from(self.size.columns) + usize::from(x)])
    }

    /// The cell at column `x`, row `y`, to change; `None` off the board.
    pub fn cell_mut(&mut self, x: u16, y: u16) -> Option<&mut Cell> {
        (x < self.size.columns && y < self.size.rows).then(|| {
            &mut self.cells[usize::from(y) * usize::from(self.size.columns) + usize::from(x)]
        })
    }

    /// Every stone with its cell, row by row.
    ///
    /// ```
    /// use sgfkit_render::{Diagram, DiagramOptions, Stone};
    /// let c = sgfkit::parse(b"(;SZ[9]AB[aa]AW[ba])")?;
    /// let d = Diagram::go(c.games().next().unwrap(), &DiagramOptions::default())?;
    /// let stones: Vec<_> = d.stones().collect();
    /// assert_eq!(stones, [((0, 0), Stone::Black), ((1, 0), Stone::White)]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn stones(&self) -> impl Iterator<Item = ((u16, u16), Stone)> + '_ {
        let w = self.size.columns.max(1);
        self.cells.iter().enumerate().filter_map(move |(i, c)| {
            let (x, y) = (i % usize::from(w), i / usize::from(w));
            let at = (u16::try_from(x).ok()?, u16::try_from(y).ok()?);
            c.stone.map(|s| (at, s))
        })
    }

    /// The label of a cell in the game's coordinates (`D4` in Go).
    pub fn coordinate(&self, (x, y): (u16, u16)) -> String {
        let col = self.column_labels.get(usize::from(x)).map_or("?", |s| s);
        let row = self.row_labels.get(usize::from(y)).map_or("?", |s| s);
        if col.chars().all(|c| c.is_ascii_digit()) {
            format!("{col}-{row}")
        } else {
            format!("{col}{row}")
        }
    }
}

/// Go's column label: `A`–`Z` without `I` up to 25 columns; on wider
/// boards, which GTP cannot name, the column's number.
fn go_column_label(x: u16, width: u16) -> String {
    const LETTERS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";
    if width <= 25 {
        char::from(LETTERS[usize::from(x)]).to_string()
    } else {
        (x + 1).to_string()
    }
}

/// Why a node has no diagram.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DiagramError {
    /// The game has no diagram in sgfkit.
    #[error("no diagram for {0}: diagrams are drawn for Go, Hex, Amazons and Lines of Action")]
    NoDiagram(String),
    /// The root's `SZ` cannot be used.
    #[error("{0}")]
    BadSize(String),
    /// The board is too large to draw (more than 52 columns or rows).
    #[error("a {0}x{1} board is too large to draw (at most 52x52)")]
    TooLarge(u16, u16),
    /// The region asked for does not fit the board.
    #[error(transparent)]
    Region(#[from] RegionError),
}

// The README's examples run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
