//! `Collection`, `Node` and `Diagnostic` (a node's `Properties` view is in
//! [`crate::properties`]).
//!
//! A `Collection` and every `Node` of it share one
//! `Arc<RwLock<sgfkit::Collection<'static>>>`: a node is that `Arc` and a
//! node id, so handing out nodes costs no copy of the tree. Each method
//! takes what it needs from the tree under the lock, lets the lock go, and
//! only then makes Python objects (making them may run arbitrary Python
//! code, which may edit the same tree).

use crate::go;
use crate::properties::{Properties, decoded_props, decoded_values, text_kind};
use crate::read::Parsed;
use pyo3::exceptions::{PyIndexError, PyOSError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString};
use sgfkit::NodeId;
use sgfkit::check::Diagnostic as CheckDiagnostic;
use sgfkit::print::{WriterConfig, push_game, push_sgf};
use sgfkit::text::{decode_str, encode};
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::sync::{Arc, PoisonError, RwLock, RwLockReadGuard, RwLockWriteGuard};

/// What a collection and its nodes share: the tree, and what reading it
/// found.
#[derive(Debug)]
pub(crate) struct Doc {
    tree: RwLock<sgfkit::Collection<'static>>,
    /// What reading found, positioned: decoding problems, then the
    /// parser's warnings or the lenient reader's repairs.
    findings: Vec<DiagData>,
    charsets: Vec<&'static str>,
}

pub(crate) type Shared = Arc<Doc>;

/// The tree, for reading (a panic elsewhere does not make it unusable:
/// every edit leaves it consistent).
pub(crate) fn read(t: &Shared) -> RwLockReadGuard<'_, sgfkit::Collection<'static>> {
    t.tree.read().unwrap_or_else(PoisonError::into_inner)
}

fn write(t: &Shared) -> RwLockWriteGuard<'_, sgfkit::Collection<'static>> {
    t.tree.write().unwrap_or_else(PoisonError::into_inner)
}

fn edit_error(e: sgfkit::tree::EditError) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// The canonical text of the tree (of the game tree `game` is in, if
/// given), as `sgfkit fmt` writes it: each root declaring `CA[UTF-8]`
/// unless `keep_ca` (the tree is UTF-8: every reader here decodes to it).
fn sgf_bytes(tree: &Shared, game: Option<NodeId>, keep_ca: bool) -> Vec<u8> {
    let c = read(tree);
    let config = WriterConfig::default().declare_utf8(!keep_ca);
    let mut out = Vec::with_capacity(c.source().len() + 64);
    match game {
        Some(id) => push_game(&mut out, c.node(id), &config),
        None => push_sgf(&mut out, &c, &config),
    }
    out
}

/// SGF text as `str` (values an edit made invalid UTF-8, which no
/// reader here makes, shown with U+FFFD).
fn text(bytes: Vec<u8>) -> String {
    String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into())
}

/// Writes `bytes` to the file at `path`, an `OSError` naming it if that fails.
fn write_sgf(path: &Path, bytes: &[u8]) -> PyResult<()> {
    std::fs::write(path, bytes).map_err(|e| PyOSError::new_err(format!("{}: {e}", path.display())))
}

// ---------------------------------------------------------------------------
// Diagnostics

/// A diagnostic made without Python (while detached).
#[derive(Debug, Clone)]
pub(crate) struct DiagData {
    pub(crate) code: Option<&'static str>,
    pub(crate) severity: &'static str,
    pub(crate) line: u32,
    pub(crate) column: u32,
    pub(crate) offset: usize,
    pub(crate) message: String,
    pub(crate) sgfc: Option<u32>,
}

impl DiagData {
    pub(crate) fn from_check(d: &CheckDiagnostic) -> DiagData {
        DiagData {
            code: Some(d.code.as_str()),
            severity: match d.severity {
                sgfkit::check::Severity::Info => "info",
                sgfkit::check::Severity::Warning => "warning",
                _ => "error",
            },
            line: d.position.line,
            column: d.position.column,
            offset: d.span.start,
            message: d.message.clone(),
            sgfc: d.sgfc,
        }
    }
}

/// One finding: `code` (`"L008"`, `"S004"`, … or None for a decoding
/// problem), `severity` (`"error"`, `"warning"` or `"info"`), `line` and
/// `column` (1-based), `offset` (bytes), `message`, and `sgfc`, the number
/// of SGFC's message for the same problem (or None). `str(d)` is the line
/// `sgfkit check` prints: `LINE:COLUMN: severity[CODE]: message`.
#[pyclass(frozen, get_all, module = "sgfkit")]
#[derive(Debug)]
pub(crate) struct Diagnostic {
    code: Option<&'static str>,
    severity: &'static str,
    line: u32,
    column: u32,
    offset: usize,
    message: String,
    sgfc: Option<u32>,
}

impl From<DiagData> for Diagnostic {
    fn from(d: DiagData) -> Self {
        Diagnostic {
            code: d.code,
            severity: d.severity,
            line: d.line,
            column: d.column,
            offset: d.offset,
            message: d.message,
            sgfc: d.sgfc,
        }
    }
}

#[pymethods]
impl Diagnostic {
    fn __str__(&self) -> String {
        let code = self.code.map(|c| format!("[{c}]")).unwrap_or_default();
        format!(
            "{}:{}: {}{code}: {}",
            self.line, self.column, self.severity, self.message
        )
    }

    fn __repr__(&self) -> String {
        let code = self.code.map_or("None".to_string(), |c| format!("'{c}'"));
        format!(
            "Diagnostic(code={code}, severity='{}', line={}, column={}, message={:?})",
            self.severity, self.line, self.column, self.message
        )
    }
}

// ---------------------------------------------------------------------------
// Collection

/// An SGF collection: one or more game trees (`games`, a list of root
/// `Node`s), with what reading it found (`diagnostics`). Made by `parse`,
/// `read_file` or `iter_games`; `Collection()` is an empty one to build
/// games in (`add_game()`). `len(c)`, `c[i]` and `for game in c` go over
/// the game roots.
#[pyclass(frozen, module = "sgfkit")]
#[derive(Debug)]
pub(crate) struct Collection {
    tree: Shared,
}

impl Collection {
    /// The collection of `p`, with what reading it found.
    pub(crate) fn new(p: Parsed) -> Collection {
        Collection {
            tree: Arc::new(Doc {
                tree: RwLock::new(p.collection),
                findings: p.diagnostics,
                charsets: p.charsets,
            }),
        }
    }

    /// A collection made here (empty, or a library call's result), with
    /// nothing found reading it.
    pub(crate) fn of_tree(collection: sgfkit::Collection<'static>) -> Collection {
        Collection::new(Parsed {
            collection,
            diagnostics: Vec::new(),
            charsets: Vec::new(),
        })
    }

    pub(crate) fn games_vec(&self) -> Vec<Node> {
        let ids: Vec<NodeId> = read(&self.tree).games().map(|g| g.id()).collect();
        ids.into_iter()
            .map(|id| Node::new(&self.tree, id))
            .collect()
    }
}

#[pymethods]
impl Collection {
    #[new]
    fn empty() -> Collection {
        Collection::of_tree(sgfkit::Collection::new())
    }

    /// The root node of each game tree, in file order.
    #[getter]
    fn games(&self) -> Vec<Node> {
        self.games_vec()
    }

    /// What reading found: decoding problems and (lenient mode) each
    /// repair, or (strict mode) each warning, in file order. For the
    /// checks of `sgfkit check` call `sgfkit.check(data)`.
    #[getter]
    fn diagnostics(&self) -> Vec<Diagnostic> {
        self.tree
            .findings
            .iter()
            .cloned()
            .map(Diagnostic::from)
            .collect()
    }

    /// The character set each game tree was read in (`"UTF-8"`, `"GBK"`,
    /// `"Shift_JIS"`, …), in file order.
    #[getter]
    fn encodings(&self) -> Vec<&'static str> {
        self.tree.charsets.clone()
    }

    /// The number of nodes in all game trees.
    #[getter]
    fn node_count(&self) -> usize {
        read(&self.tree).node_count()
    }

    /// Adds an empty game tree (a root node with no properties) at the end
    /// and returns its root.
    fn add_game(&self) -> Node {
        let id = write(&self.tree).add_game();
        Node::new(&self.tree, id)
    }

    /// The collection in canonical FF[4] form, as `sgfkit fmt` writes it:
    /// UTF-8, each game tree's root declaring it with `CA[UTF-8]` (its
    /// first property, in place of any other `CA`) so that other readers
    /// decode it right; `keep_ca=True` writes each root's `CA` as the tree
    /// holds it instead.
    #[pyo3(signature = (*, keep_ca = false))]
    fn to_sgf(&self, py: Python<'_>, keep_ca: bool) -> String {
        let tree = self.tree.clone();
        text(py.detach(|| sgf_bytes(&tree, None, keep_ca)))
    }

    /// Writes `to_sgf()` (same `keep_ca`) to the file at `path` (`str` or
    /// `os.PathLike`) in UTF-8, replacing it if it exists; raises `OSError`
    /// when it cannot.
    #[pyo3(signature = (path, *, keep_ca = false))]
    fn write_file(&self, py: Python<'_>, path: PathBuf, keep_ca: bool) -> PyResult<()> {
        let tree = self.tree.clone();
        py.detach(|| write_sgf(&path, &sgf_bytes(&tree, None, keep_ca)))
    }

    /// The collection as JSON, every value typed: the schema of `sgfkit
    /// json` (README "JSON"); `compact=True` writes one line a game tree as
    /// `sgfkit json --compact` does.
    #[pyo3(signature = (*, compact = false))]
    fn to_json(&self, py: Python<'_>, compact: bool) -> PyResult<String> {
        let tree = self.tree.clone();
        let out = py.detach(|| {
            let c = read(&tree);
            let mut out = Vec::new();
            let r = if compact {
                sgfkit::json::write_json_compact(&c, &mut out)
            } else {
                sgfkit::json::write_json(&c, &mut out)
            };
            r.map(|()| out)
        });
        let out = out.map_err(|e| PyValueError::new_err(e.to_string()))?;
        String::from_utf8(out).map_err(|e| PyValueError::new_err(e.to_string()))
    }

    fn __len__(&self) -> usize {
        read(&self.tree).games().len()
    }

    fn __getitem__(&self, index: isize) -> PyResult<Node> {
        let ids: Vec<NodeId> = read(&self.tree).games().map(|g| g.id()).collect();
        let i = if index < 0 {
            index + ids.len() as isize
        } else {
            index
        };
        usize::try_from(i)
            .ok()
            .and_then(|i| ids.get(i))
            .map(|&id| Node::new(&self.tree, id))
            .ok_or_else(|| PyIndexError::new_err("game index out of range"))
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(PyList::new(py, self.games_vec())?
            .as_any()
            .try_iter()?
            .into_any())
    }

    fn __repr__(&self) -> String {
        let c = read(&self.tree);
        format!(
            "<sgfkit.Collection: {} game(s), {} node(s)>",
            c.games().len(),
            c.node_count()
        )
    }
}

// ---------------------------------------------------------------------------
// Node

/// A node of a game tree: a cheap handle (the collection's tree and the
/// node's id). Nodes compare equal when they are the same node of the same
/// collection.
#[pyclass(frozen, eq, hash, module = "sgfkit")]
#[derive(Debug, Clone)]
pub(crate) struct Node {
    pub(crate) tree: Shared,
    pub(crate) id: NodeId,
}

impl PartialEq for Node {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.tree, &other.tree) && self.id == other.id
    }
}

impl Hash for Node {
    fn hash<H: Hasher>(&self, state: &mut H) {
        (Arc::as_ptr(&self.tree) as usize).hash(state);
        self.id.hash(state);
    }
}

impl Node {
    pub(crate) fn new(tree: &Shared, id: NodeId) -> Node {
        Node {
            tree: tree.clone(),
            id,
        }
    }

    /// Runs `f` on this node under the read lock.
    pub(crate) fn with<R>(&self, f: impl FnOnce(sgfkit::Node<'_, 'static>) -> R) -> R {
        let c = read(&self.tree);
        f(c.node(self.id))
    }

    fn nodes(&self, ids: Vec<NodeId>) -> Vec<Node> {
        ids.into_iter()
            .map(|id| Node::new(&self.tree, id))
            .collect()
    }
}

/// The node of the `n`-th move of `g`'s main line (the root for 0), the
/// moves counted as `GoGame::moves` (and so `Node.moves()`) counts them.
fn move_node(g: &sgfkit::record::GoGame<'_, '_>, n: usize) -> Option<NodeId> {
    use sgfkit::game::Game;
    if n == 0 {
        return Some(g.root().id());
    }
    let size = g.size();
    let mut played = 0;
    for node in g.main_line() {
        played += ["B", "W"]
            .into_iter()
            .filter(|ident| {
                node.get(ident)
                    .is_some_and(|p| sgfkit::game::go::Go::read_move(p.value(), size).is_ok())
            })
            .count();
        if played >= n {
            return Some(node.id());
        }
    }
    None
}

/// Values given to `set`: one `str`, or an iterable of `str`.
fn values_arg(value: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    if let Ok(s) = value.cast::<PyString>() {
        return Ok(vec![s.to_cow()?.into_owned()]);
    }
    value
        .try_iter()?
        .map(|v| v.and_then(|v| Ok(v.cast::<PyString>()?.to_cow()?.into_owned())))
        .collect()
}

#[pymethods]
impl Node {
    /// The properties: a read-only mapping, ident → list of decoded values
    /// (`str`), in file order.
    #[getter]
    fn properties(&self) -> Properties {
        Properties::new(self.clone())
    }

    /// The first value of `ident` (decoded), or `default` when the node
    /// has no such property; `get_all(ident)` gives every value.
    #[pyo3(signature = (ident, default = None))]
    fn get<'py>(
        &self,
        py: Python<'py>,
        ident: &str,
        default: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        let first = self.with(|n| {
            let p = n.properties().find(|p| p.ident() == ident)?;
            Some(decode_str(p.value(), text_kind(ident)).into_owned())
        });
        Ok(match first {
            Some(v) => Some(PyString::new(py, &v).into_any()),
            None => default,
        })
    }

    /// Every value of `ident`, decoded (an empty list when there is none).
    fn get_all(&self, ident: &str) -> Vec<String> {
        self.with(|n| decoded_values(n, ident)).unwrap_or_default()
    }

    /// The children, the main line first.
    #[getter]
    fn children(&self) -> Vec<Node> {
        let ids = self.with(|n| n.children().map(|c| c.id()).collect());
        self.nodes(ids)
    }

    /// The parent, or None for a root (and for a removed node).
    #[getter]
    fn parent(&self) -> Option<Node> {
        let id = self.with(|n| n.parent().map(|p| p.id()));
        id.map(|id| Node::new(&self.tree, id))
    }

    /// The collection this node belongs to (for `iter_games`' roots, a
    /// collection of that one game tree, with its `diagnostics`).
    #[getter]
    fn collection(&self) -> Collection {
        Collection {
            tree: self.tree.clone(),
        }
    }

    /// The root of this node's game tree.
    #[getter]
    fn root(&self) -> Node {
        let id = self.with(|n| n.game_root().id());
        Node::new(&self.tree, id)
    }

    /// This node and the first child of each node after it.
    fn main_line(&self) -> Vec<Node> {
        let ids = self.with(|n| n.main_line().map(|c| c.id()).collect());
        self.nodes(ids)
    }

    /// The node's number in its game tree: the root is 0, nodes counted in
    /// file order (pre-order).
    #[getter]
    fn number(&self) -> usize {
        self.with(|n| n.number())
    }

    /// 0 for a root, 1 for its children, …
    #[getter]
    fn depth(&self) -> usize {
        self.with(|n| n.depth())
    }

    /// Sets property `ident` to `value`: a `str` or an iterable of `str`
    /// (plain text: `]`, `\` are escaped here), replacing every value it
    /// had, in its place; `None` removes the property.
    fn set(&self, ident: &str, value: &Bound<'_, PyAny>) -> PyResult<()> {
        if value.is_none() {
            write(&self.tree)
                .remove_property(self.id, ident)
                .map_err(edit_error)?;
            return Ok(());
        }
        let values = values_arg(value)?;
        let raw: Vec<String> = values
            .iter()
            .map(|v| encode(v, false).into_owned())
            .collect();
        write(&self.tree)
            .set_property(self.id, ident, &raw)
            .map_err(edit_error)?;
        Ok(())
    }

    /// Adds a child after the existing ones (so the main line when it is
    /// the first), with `properties` (a mapping ident → `str` or list of
    /// `str`) if given, and returns it.
    #[pyo3(signature = (properties = None))]
    fn append_child(&self, properties: Option<&Bound<'_, PyAny>>) -> PyResult<Node> {
        let mut props = Vec::new();
        if let Some(map) = properties {
            for item in map.call_method0("items")?.try_iter()? {
                let (k, v): (String, Bound<'_, PyAny>) = item?.extract()?;
                let raw: Vec<String> = values_arg(&v)?
                    .iter()
                    .map(|s| encode(s, false).into_owned())
                    .collect();
                props.push((k, raw));
            }
        }
        let mut c = write(&self.tree);
        let id = c.add_child(self.id).map_err(edit_error)?;
        for (k, raw) in props {
            if let Err(e) = c.set_property(id, &k, &raw) {
                let _ = c.remove_subtree(id);
                return Err(edit_error(e));
            }
        }
        Ok(Node::new(&self.tree, id))
    }

    /// Removes this node and everything below it from the collection (a
    /// root: its whole game tree). The handle stays readable (a detached
    /// node without parent) but can no longer be edited.
    fn remove(&self) -> PyResult<()> {
        write(&self.tree)
            .remove_subtree(self.id)
            .map_err(edit_error)
    }

    /// The game tree this node is in, alone, in canonical FF[4] form: as
    /// `Collection.to_sgf` writes it (same `keep_ca`).
    #[pyo3(signature = (*, keep_ca = false))]
    fn to_sgf(&self, py: Python<'_>, keep_ca: bool) -> String {
        let tree = self.tree.clone();
        let id = self.id;
        text(py.detach(|| sgf_bytes(&tree, Some(id), keep_ca)))
    }

    /// Writes `to_sgf()` (the game tree this node is in; same `keep_ca`)
    /// to the file at `path` in UTF-8, as `Collection.write_file` does.
    #[pyo3(signature = (path, *, keep_ca = false))]
    fn write_file(&self, py: Python<'_>, path: PathBuf, keep_ca: bool) -> PyResult<()> {
        let tree = self.tree.clone();
        let id = self.id;
        py.detach(|| write_sgf(&path, &sgf_bytes(&tree, Some(id), keep_ca)))
    }

    // --- Go: the game of the tree this node is in, read from its root ----

    /// The board size of this node's Go game: an `int` (19) for a square
    /// board, `(columns, rows)` otherwise. Raises ValueError when the tree
    /// is not a Go game (`GM` other than 1) or its `SZ` is unusable; so do
    /// the other Go properties below.
    #[getter]
    fn size<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let size = self.with(|n| go::game(n).map(|g| g.size()))?;
        go::size_object(py, size)
    }

    /// The game-information facts of the game tree this node is in, read
    /// from its root, for any game (`GM`): players with their ranks, rules,
    /// time control, komi, handicap, result, event, round, place.
    #[getter]
    fn info(&self) -> crate::info::GameInfo {
        self.read_info(true)
    }

    /// `info`, with the choice of mending the known mistakes of the
    /// server a record comes from (`source_fixes=False`: the values as the
    /// file writes them; docs/sources.md).
    #[pyo3(signature = (*, source_fixes = true))]
    fn read_info(&self, source_fixes: bool) -> crate::info::GameInfo {
        let options = sgfkit::record::InfoOptions::default().source_fixes(source_fixes);
        self.with(|n| crate::info::GameInfo::read(n, &options))
    }

    /// The komi (`KM`) as a float, or None when missing or not a number.
    #[getter]
    fn komi(&self) -> PyResult<Option<f64>> {
        self.with(|n| go::game(n).map(|g| g.komi()))
    }

    /// The handicap (`HA`), or None.
    #[getter]
    fn handicap(&self) -> PyResult<Option<u32>> {
        self.with(|n| go::game(n).map(|g| g.handicap()))
    }

    /// The players' names `(black, white)` (`PB`, `PW`), each None when
    /// missing.
    #[getter]
    fn players(&self) -> PyResult<(Option<String>, Option<String>)> {
        self.with(|n| go::game(n).map(|g| g.players()))
    }

    /// The result as written (`RE`: `"B+R"`, `"W+2.5"`, `"0"`), or None.
    #[getter]
    fn result(&self) -> PyResult<Option<String>> {
        self.with(|n| go::game(n).map(|g| g.result()))
    }

    /// The winner the result names, `"B"` or `"W"`, or None (a draw, no
    /// result, one that names no winner); read as the tables' `winner`
    /// column reads it (`"w+t"` is White).
    #[getter]
    fn winner(&self) -> PyResult<Option<&'static str>> {
        self.with(|n| go::game(n).map(|g| go::color_str(g.winner())))
    }

    /// The date as written (`DT`), or None.
    #[getter]
    fn date(&self) -> PyResult<Option<String>> {
        self.with(|n| go::game(n).map(|g| g.date()))
    }

    /// The moves of the game's main line: a list of `(color, point)`,
    /// color `"B"` or `"W"`, point `(row, col)` with row 0 at the top and
    /// column 0 at the left, as SGF and the `moves` table count them
    /// (`B[pd]` is `(3, 15)`; docs/coordinates.md), or None for a pass.
    /// A node with both `B` and `W` gives both, Black's first; a value
    /// that is not a move on the board is left out.
    fn moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let moves = self.with(go::main_line_moves)?;
        go::moves_list(py, &moves)
    }

    /// This node's move as `(color, point)` (as in `moves()`), or None: `B`
    /// if the node has one, else `W` (as sgfmill's `get_move`).
    #[getter(r#move)]
    fn node_move<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        let m = self.with(go::node_move)?;
        m.map(|m| go::move_object(py, m)).transpose()
    }

    /// The position after the first `n` moves of the main line (`n=0`:
    /// the setup before the first move; past the end: the final position).
    fn board_at(&self, n: usize) -> PyResult<go::Board> {
        self.with(|node| go::game(node).map(|g| go::Board::new(g.board_after(n))))
    }

    /// The node of the `n`-th move of the main line (`n=1`: the first
    /// move; `n=0`: the root), so that `node_at_move(n).move` is
    /// `moves()[n - 1]` (a node with both `B` and `W` holds two moves);
    /// `IndexError` past the last move.
    fn node_at_move(&self, n: usize) -> PyResult<Node> {
        let id = self.with(|node| go::game(node).map(|g| move_node(&g, n)))?;
        id.map(|id| Node::new(&self.tree, id)).ok_or_else(|| {
            PyIndexError::new_err(format!("move {n}: the main line has fewer moves"))
        })
    }

    /// The position at this node: every setup and move from the root down
    /// to it, in whatever variation it is.
    fn board(&self) -> PyResult<go::Board> {
        self.with(go::position_at)
    }

    fn __repr__(&self) -> String {
        let (number, props) = self.with(|n| (n.number(), decoded_props(n)));
        let mut s = format!("<sgfkit.Node {number}:");
        for (ident, values) in props.iter().take(6) {
            s.push(' ');
            s.push_str(ident);
            for v in values.iter().take(3) {
                let short: String = v.chars().take(20).collect();
                s.push('[');
                s.push_str(&short);
                s.push(']');
            }
        }
        if props.len() > 6 {
            s.push_str(" …");
        }
        s.push('>');
        s
    }
}
