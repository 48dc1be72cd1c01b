//! Go: moves as Python tuples, `Board`, GTP coordinates.
//!
//! Points are `(row, col)` in SGF's order, row 0 at the top and column 0 at
//! the left, as the `moves` table's `row` and `column` (docs/coordinates.md):
//! `B[pd]` is `(3, 15)`, GTP `Q16` on 19x19. Colours are `"B"` and `"W"`.
//! Move tuples (`("B", (3, 15))`, `("W", None)`) are immutable, so `moves()`
//! hands out tuples made once per process: a list of 300 moves costs 300
//! reference counts, not 600 new tuples.

use pyo3::exceptions::{PyImportError, PyIndexError, PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBytes, PyDict, PyList, PyString, PyTuple};
use sgfkit::game::go::{self, Color, Go, Move, Point};
use sgfkit::game::{BoardSize, Game};
use sgfkit::record::GoGame;

/// A move free of Python: colour and `(row, col)`, None for a pass.
pub(crate) type MoveData = (Color, Option<(u16, u16)>);

/// The Go game of the tree `n` is in, or a ValueError saying why not.
pub(crate) fn game<'c>(n: sgfkit::Node<'c, 'static>) -> PyResult<GoGame<'c, 'static>> {
    GoGame::new(n).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// `(row, col)` of an SGF point: row 0 at the top, column 0 at the left.
fn row_col(p: Point, size: BoardSize) -> Option<(u16, u16)> {
    p.is_on(size).then_some((p.y, p.x))
}

/// The SGF point of `(row, col)`, if on the board.
fn sgf_point(row: i64, col: i64, size: BoardSize) -> Option<Point> {
    let (row, col) = (u16::try_from(row).ok()?, u16::try_from(col).ok()?);
    (row < size.rows && col < size.columns && size.rows <= 52 && size.columns <= 52)
        .then(|| Point::new(col, row))
}

/// A row or column given from Python: any integral number, as
/// `operator.index` takes it (int, numpy integers), else a float with an
/// integral value (pandas makes floats of nullable integer columns with
/// nulls); `None` for a missing one (None, NaN, `pandas.NA`), which makes
/// the point a pass. `what` names it in errors.
///
/// # Errors
/// ValueError for a float that is not a whole number or an integer too
/// large; TypeError for anything else.
pub(crate) fn coordinate(v: &Bound<'_, PyAny>, what: &str) -> PyResult<Option<i64>> {
    if v.is_none() {
        return Ok(None);
    }
    let py = v.py();
    match v.extract::<i64>() {
        Ok(i) => return Ok(Some(i)),
        Err(e) if e.is_instance_of::<PyOverflowError>(py) => {
            return Err(PyValueError::new_err(format!(
                "{what} {v} is not on any board"
            )));
        }
        Err(_) => {}
    }
    if v.get_type().name()? == "NAType" {
        return Ok(None);
    }
    let Ok(f) = v.extract::<f64>() else {
        return Err(PyTypeError::new_err(format!(
            "{what} must be an integer, not {}",
            v.get_type().name()?
        )));
    };
    if f.is_nan() {
        return Ok(None);
    }
    if f.fract() != 0.0 || !f.is_finite() || f.abs() > 1e15 {
        return Err(PyValueError::new_err(format!(
            "{what} {f} is not a whole number"
        )));
    }
    // Integral and small: exact as i64.
    Ok(Some(f as i64))
}

/// A point given from Python: `None`, or a pair `(row, col)` (a tuple, a
/// list, any sequence of two) of [`coordinate`]s. `None` (a pass) when the
/// point or either of its numbers is missing.
fn point_arg(point: &Bound<'_, PyAny>) -> PyResult<Option<(i64, i64)>> {
    if point.is_none() {
        return Ok(None);
    }
    let pair = || PyTypeError::new_err("a point is (row, col) or None");
    if point.len().map_err(|_| pair())? != 2 {
        return Err(pair());
    }
    let row = coordinate(&point.get_item(0)?, "row")?;
    let col = coordinate(&point.get_item(1)?, "col")?;
    Ok(row.zip(col))
}

fn move_data(color: Color, m: Move, size: BoardSize) -> Option<MoveData> {
    match m {
        Move::Pass => Some((color, None)),
        Move::Play(p) => row_col(p, size).map(|rc| (color, Some(rc))),
    }
}

/// The move a property's raw values `raw` (`[pd]`, `[]`, …) give on a
/// board of `size`, exactly as `Go::read_move` reads its first value: the
/// two shapes nearly every move has (two letters; empty) are read in
/// place, the rest through the values iterator and `Go::read_move`.
fn raw_move(raw: &[u8], size: BoardSize) -> Option<Move> {
    match *raw {
        [b'[', b']'] => return Some(Move::Pass),
        [b'[', x, y, b']'] => {
            if let (Some(px), Some(py)) = (letter(x), letter(y)) {
                // `tt` is a pass on boards up to 19x19 (`go::move_`).
                if (x, y) == (b't', b't') && size.fits(19, 19) {
                    return Some(Move::Pass);
                }
                let p = Point::new(px.into(), py.into());
                return p.is_on(size).then_some(Move::Play(p));
            }
        }
        _ => {}
    }
    let first = sgfkit::grammar::RawValues::new(raw).next().unwrap_or(&[]);
    Go::read_move(first, size).ok()
}

/// A Go point letter: `a`–`z` are 0–25, `A`–`Z` 26–51.
fn letter(c: u8) -> Option<u8> {
    match c {
        b'a'..=b'z' => Some(c - b'a'),
        b'A'..=b'Z' => Some(c - b'A' + 26),
        _ => None,
    }
}

/// The moves of the main line of `n`'s game, as `GoGame::moves` gives
/// them, each as its key in the table of move tuples ([`move_key`]): each
/// node's properties are looked at once for both `B` and `W` (the first
/// of each, as `Node::get` finds them).
pub(crate) fn main_line_moves(n: sgfkit::Node<'_, 'static>) -> PyResult<Vec<u16>> {
    let g = game(n)?;
    let size = g.size();
    let mut out = Vec::with_capacity(512);
    for node in g.main_line() {
        let (mut b, mut w) = (None, None);
        for (ident, raw) in node.raw_properties() {
            match ident {
                b"B" if b.is_none() => b = Some(raw),
                b"W" if w.is_none() => w = Some(raw),
                _ => {}
            }
        }
        if let Some(k) = b.and_then(|raw| raw_key(raw, Color::Black, size)) {
            out.push(k);
        }
        if let Some(k) = w.and_then(|raw| raw_key(raw, Color::White, size)) {
            out.push(k);
        }
    }
    Ok(out)
}

/// The key ([`move_key`]) of the move `color` plays with the raw values
/// `raw`, as `raw_move` and `move_data` give it, with the shape nearly
/// every move has (two letters `a`–`s`, which `tt` is not) computed in
/// place.
#[inline]
fn raw_key(raw: &[u8], color: Color, size: BoardSize) -> Option<u16> {
    if let [b'[', x @ b'a'..=b's', y @ b'a'..=b's', b']'] = *raw {
        let (col, row) = (u16::from(x - b'a'), u16::from(y - b'a'));
        if col < size.columns && row < size.rows {
            return Some(move_key((color, Some((row, col)))));
        }
    }
    let m = raw_move(raw, size)?;
    move_data(color, m, size).map(move_key)
}

/// The move of node `n`: `B` if it has a valid one, else `W`.
pub(crate) fn node_move(n: sgfkit::Node<'_, 'static>) -> PyResult<Option<MoveData>> {
    let size = game(n)?.size();
    Ok([("B", Color::Black), ("W", Color::White)]
        .into_iter()
        .find_map(|(ident, color)| {
            let m = raw_move(n.get(ident)?.values_raw(), size)?;
            move_data(color, m, size)
        }))
}

/// The position at node `n`.
pub(crate) fn position_at(n: sgfkit::Node<'_, 'static>) -> PyResult<Board> {
    sgfkit::record::position_at(n)
        .map(|(board, _)| Board::new(board))
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

/// `19` for a square board, `(columns, rows)` otherwise.
pub(crate) fn size_object(py: Python<'_>, size: BoardSize) -> PyResult<Bound<'_, PyAny>> {
    if size.columns == size.rows {
        Ok(size.columns.into_pyobject(py)?.into_any())
    } else {
        Ok((size.columns, size.rows).into_pyobject(py)?.into_any())
    }
}

/// A board size given as `19` or `(columns, rows)`.
/// A board size given as `19` or `(columns, rows)`, any integral numbers
/// ([`coordinate`]).
fn size_arg(size: &Bound<'_, PyAny>) -> PyResult<BoardSize> {
    let bad = || PyValueError::new_err("size is an int or (columns, rows)");
    let number = |v: &Bound<'_, PyAny>| -> PyResult<u16> {
        coordinate(v, "size")?
            .and_then(|n| u16::try_from(n).ok())
            .ok_or_else(bad)
    };
    if size.is_instance_of::<PyTuple>() || size.is_instance_of::<PyList>() {
        if size.len()? != 2 {
            return Err(bad());
        }
        return Ok(BoardSize::new(
            number(&size.get_item(0)?)?,
            number(&size.get_item(1)?)?,
        ));
    }
    Ok(BoardSize::square(number(size)?))
}

// ---------------------------------------------------------------------------
// Move tuples made once

/// Points have letters `a`–`z`, `A`–`Z`: at most 52 rows and columns.
const MAX: usize = 52;

/// The tuples of every move: `("B", (row, col))` at `row * MAX + col`,
/// the same for `"W"` after them, then `("B", None)` and `("W", None)`;
/// [`move_key`] gives a move's index.
struct MoveCache {
    all: Vec<Py<PyTuple>>,
}

static CACHE: PyOnceLock<MoveCache> = PyOnceLock::new();

fn cache(py: Python<'_>) -> PyResult<&MoveCache> {
    if let Some(c) = CACHE.get(py) {
        return Ok(c);
    }
    let b = PyString::intern(py, "B");
    let w = PyString::intern(py, "W");
    let mut all = Vec::with_capacity(2 * MAX * MAX + 2);
    for color in [&b, &w] {
        for row in 0..MAX {
            for col in 0..MAX {
                let point = PyTuple::new(py, [row, col])?;
                let m = PyTuple::new(py, [color.as_any(), point.as_any()])?;
                all.push(m.unbind());
            }
        }
    }
    let none = py.None();
    for color in [&b, &w] {
        all.push(PyTuple::new(py, [color.as_any(), none.bind(py)])?.unbind());
    }
    // Another thread may have filled it meanwhile: either table is right.
    let _ = CACHE.set(py, MoveCache { all });
    Ok(CACHE.get(py).expect("just set"))
}

/// The index of move `m` in the table of move tuples. Rows and columns
/// are below 52 (`row_col` keeps to the board, and boards have at most
/// 52 rows and columns), so every key is in the table.
fn move_key((color, at): MoveData) -> u16 {
    let k = u16::from(color == Color::White);
    let m = MAX as u16;
    match at {
        None => 2 * m * m + k,
        Some((row, col)) => k * m * m + row * m + col,
    }
}

fn cached(c: &MoveCache, key: u16) -> &Py<PyTuple> {
    &c.all[usize::from(key)]
}

pub(crate) fn move_object(py: Python<'_>, m: MoveData) -> PyResult<Bound<'_, PyAny>> {
    Ok(cached(cache(py)?, move_key(m)).bind(py).clone().into_any())
}

/// The list of the moves of `keys` ([`move_key`]), made in one go.
pub(crate) fn moves_list<'py>(py: Python<'py>, keys: &[u16]) -> PyResult<Bound<'py, PyList>> {
    let c = cache(py)?;
    PyList::new(py, keys.iter().map(|&k| cached(c, k).bind(py)))
}

// ---------------------------------------------------------------------------
// Board

/// A Go position: `get(row, col)` (or `get("Q16")`) is `"B"`, `"W"` or
/// None; `captures` is `(by_black, by_white)`, the stones each player has
/// taken; `to_numpy()` is an `int8` array `[row, col]` (1 black, -1 white,
/// 0 empty; row 0 at the top, as `get`); `str(board)` draws it, top row
/// first (`X` black, `O` white, `.` empty).
#[pyclass(frozen, eq, hash, module = "sgfkit")]
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct Board {
    board: go::Board,
}

impl Board {
    pub(crate) fn new(board: go::Board) -> Board {
        Board { board }
    }

    fn at(&self, row: i64, col: i64) -> PyResult<Option<Color>> {
        let size = self.board.size();
        let p = sgf_point(row, col, size).ok_or_else(|| {
            PyIndexError::new_err(format!(
                "({row}, {col}) is not on the {}x{} board",
                size.columns, size.rows
            ))
        })?;
        Ok(self.board.get(p))
    }
}

pub(crate) fn color_str(c: Option<Color>) -> Option<&'static str> {
    c.map(|c| match c {
        Color::Black => "B",
        Color::White => "W",
    })
}

#[pymethods]
impl Board {
    /// The board size: an `int` for a square board, else `(columns, rows)`.
    #[getter]
    fn size<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        size_object(py, self.board.size())
    }

    /// `"B"`, `"W"` or None at `(row, col)` (row 0 at the top; any
    /// integral numbers), or at a GTP vertex (`"Q16"`).
    #[pyo3(signature = (row, col = None))]
    fn get(
        &self,
        row: &Bound<'_, PyAny>,
        col: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Option<&'static str>> {
        let color = match col {
            Some(col) => {
                let rc = coordinate(row, "row")?.zip(coordinate(col, "col")?);
                let (r, c) = rc.ok_or_else(|| PyValueError::new_err("a pass is not a point"))?;
                self.at(r, c)?
            }
            None => {
                let text: String = row.extract()?;
                match Move::from_gtp(&text, self.board.size())
                    .map_err(|e| PyValueError::new_err(e.to_string()))?
                {
                    Move::Pass => return Err(PyValueError::new_err("`pass` is not a point")),
                    Move::Play(p) => self.board.get(p),
                }
            }
        };
        Ok(color_str(color))
    }

    /// `(by_black, by_white)`: how many stones each player has captured.
    #[getter]
    fn captures(&self) -> (u32, u32) {
        (
            self.board.captured(Color::White),
            self.board.captured(Color::Black),
        )
    }

    /// Every stone: a list of `(color, (row, col))`.
    fn stones(&self) -> Vec<(&'static str, (u16, u16))> {
        let size = self.board.size();
        self.board
            .stones()
            .filter_map(|(p, c)| Some((color_str(Some(c))?, row_col(p, size)?)))
            .collect()
    }

    /// The position as a numpy `int8` array of shape `(rows, columns)`:
    /// 1 black, -1 white, 0 empty, indexed `[row, col]` with row 0 at the
    /// top, as `str(board)` draws it. Needs numpy.
    fn to_numpy<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let np = py.import("numpy").map_err(|e| {
            PyImportError::new_err(format!(
                "Board.to_numpy needs numpy (pip install numpy): {e}"
            ))
        })?;
        let size = self.board.size();
        let (rows, cols) = (usize::from(size.rows), usize::from(size.columns));
        let mut cells = vec![0u8; rows * cols];
        for (p, c) in self.board.stones() {
            if let Some((r, col)) = row_col(p, size) {
                cells[usize::from(r) * cols + usize::from(col)] = match c {
                    Color::Black => 1,
                    Color::White => 0xff, // -1 as int8
                };
            }
        }
        let kwargs = PyDict::new(py);
        kwargs.set_item("dtype", "int8")?;
        let flat = np
            .getattr("frombuffer")?
            .call((PyBytes::new(py, &cells),), Some(&kwargs))?;
        flat.call_method1("reshape", (rows, cols))?
            .call_method0("copy")
    }

    /// The position's Zobrist hash: a 64-bit number of the stones and the
    /// side to move. `hash(board)` and `==` follow the same two things
    /// (not the capture counts), so a set of boards finds a repeated
    /// position.
    #[getter]
    fn zobrist(&self) -> u64 {
        self.board.zobrist()
    }

    /// Whose turn it is: the colour after the last move (`PL` when a node
    /// says so; Black on an empty board).
    #[getter]
    fn to_move(&self) -> Option<&'static str> {
        color_str(Some(self.board.to_move()))
    }

    /// The point the side to move may not play on at once (a ko just
    /// taken), or None.
    #[getter]
    fn ko_point(&self) -> Option<(u16, u16)> {
        self.board
            .ko_point()
            .and_then(|p| row_col(p, self.board.size()))
    }

    fn __str__(&self) -> String {
        self.board.to_string()
    }

    fn __repr__(&self) -> String {
        let size = self.board.size();
        format!(
            "<sgfkit.Board {}x{}: {} stones, captures {:?}>",
            size.columns,
            size.rows,
            self.board.stones().count(),
            self.captures()
        )
    }
}

// ---------------------------------------------------------------------------
// GTP

/// The GTP vertex of `point`: `(row, col)` from the top left (as in
/// `moves()` and the `moves` table), any integral numbers ([`coordinate`]);
/// `"pass"` for None or a missing number. `size` is an int or `(columns,
/// rows)`. `to_gtp((3, 15))` is `"Q16"`. GTP has no letters beyond 25
/// columns: larger boards raise ValueError.
#[pyfunction]
#[pyo3(signature = (point, size = None))]
pub(crate) fn to_gtp(
    point: &Bound<'_, PyAny>,
    size: Option<&Bound<'_, PyAny>>,
) -> PyResult<String> {
    let size = size
        .map(size_arg)
        .transpose()?
        .unwrap_or(BoardSize::square(19));
    let m = match point_arg(point)? {
        None => Move::Pass,
        Some((row, col)) => Move::Play(sgf_point(row, col, size).ok_or_else(|| {
            PyValueError::new_err(format!(
                "({row}, {col}) is not on the {}x{} board",
                size.columns, size.rows
            ))
        })?),
    };
    m.to_gtp(size)
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

/// The point of a GTP vertex (`"Q16"` → `(3, 15)` on 19x19, any case), or None
/// for `"pass"`; ValueError when it is not on a board of `size`.
#[pyfunction]
#[pyo3(signature = (vertex, size = None))]
pub(crate) fn from_gtp(
    vertex: &str,
    size: Option<&Bound<'_, PyAny>>,
) -> PyResult<Option<(u16, u16)>> {
    let size = size
        .map(size_arg)
        .transpose()?
        .unwrap_or(BoardSize::square(19));
    match Move::from_gtp(vertex, size).map_err(|e| PyValueError::new_err(e.to_string()))? {
        Move::Pass => Ok(None),
        Move::Play(p) => row_col(p, size)
            .map(Some)
            .ok_or_else(|| PyValueError::new_err(format!("{vertex} is not on the board"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The in-place reading of `[xy]` and `[]` is `Go::read_move` of the
    /// first value, for every pair of bytes on boards of every kind.
    #[test]
    fn raw_move_reads_as_read_move() {
        let sizes = [
            (1, 1),
            (9, 9),
            (19, 19),
            (20, 20),
            (25, 13),
            (13, 25),
            (52, 52),
        ];
        for (c, r) in sizes {
            let size = BoardSize::new(c, r);
            assert_eq!(raw_move(b"[]", size), Some(Move::Pass));
            for x in 0..=255u8 {
                for y in 0..=255u8 {
                    let raw = [b'[', x, y, b']'];
                    let first = sgfkit::grammar::RawValues::new(&raw).next().unwrap();
                    let want = Go::read_move(first, size).ok();
                    assert_eq!(raw_move(&raw, size), want, "{raw:?} on {c}x{r}");
                }
            }
        }
    }

    #[test]
    fn move_keys_index_the_table() {
        let m = MAX as u16;
        assert_eq!(move_key((Color::Black, Some((0, 0)))), 0);
        assert_eq!(move_key((Color::White, Some((51, 51)))), 2 * m * m - 1);
        assert_eq!(move_key((Color::Black, None)), 2 * m * m);
        assert_eq!(move_key((Color::White, None)), 2 * m * m + 1);
    }
}
