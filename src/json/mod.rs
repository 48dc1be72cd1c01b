//! A collection as JSON, with every property typed and decoded.
//!
//! # Schema
//!
//! ```text
//! { "games": [ Game, ... ] }
//!
//! Game = { "gm": 1, "game": "Go",          // GM of the root (1 if absent)
//!          "size": [columns, rows],         // SZ, or the game's default
//!          "nodes": [ Node, ... ] }         // pre-order (file order)
//! Node = { "id": 0,                         // index in "nodes": the node number
//!          "parent": null | id,
//!          "children": [id, ...],           // the first continues the main line
//!          "properties": [ Property, ... ] }
//! Property =
//!     { "ident": "KM", "value": Value }                          // read by its type
//!   | { "ident": "XY", "unknown": true, "raw": ["..."] }        // not in the table
//!   | { "ident": "KM", "invalid": "reason", "raw": ["..."] }    // does not fit its type
//! Value (by value type) =
//!     none: null | number: 7 | real: 6.5 | double: 1 or 2 | color: "B" or "W"
//!   | simpletext, text: the decoded string
//!   | point, move, stone: the canonical SGF text ("pd"; a Go pass is "")
//!   | list of point / stone: ["aa", ["bb", "dd"], ...]   (rectangles as pairs, as written)
//!   | list of composed point ':' point: [["aa", "bb"], ...]
//!   | list of composed point ':' simpletext: [["aa", "label"], ...]
//!   | composed simpletext ':' simpletext: ["name", "version"]
//!   | SZ: [columns, rows] | FG: null or [flags, "name"]
//!   | private properties of unknown type: ["raw", ...]
//! ```
//!
//! Keys are written in alphabetical order. [`write_json_compact`] writes
//! the same values in a compact form, one line a game tree.
//!
//! Raw values are the bytes between `[` and `]`, escapes intact, as UTF-8
//! (lossy). Games of types without a game module read with
//! [`Raw`] syntax (points and moves as written). The nodes
//! are a flat list, so deep trees do not nest.
//!
//! ```
//! let c = sgfkit::parse(b"(;GM[1]SZ[9]KM[6.5]XY[z];B[ee]C[hi\\]])")?;
//! let j = sgfkit::json::to_json(&c);
//! let game = &j["games"][0];
//! assert_eq!(game["size"], serde_json::json!([9, 9]));
//! assert_eq!(game["nodes"][0]["properties"][2], serde_json::json!({"ident": "KM", "value": 6.5}));
//! assert_eq!(game["nodes"][0]["properties"][3]["unknown"], true);
//! assert_eq!(game["nodes"][1]["parent"], 0);
//! assert_eq!(game["nodes"][1]["properties"][0]["value"], "ee");
//! assert_eq!(game["nodes"][1]["properties"][1]["value"], "hi]");
//! # Ok::<(), sgfkit::Error>(())
//! ```

use std::collections::HashMap;
use std::io::{self, Write};

use serde_json::Value as Json;

use crate::game::{
    BoardSize, Game, amazons::Amazons, backgammon::Backgammon, gess::Gess, go::Go, hex::Hex,
    lines_of_action::LinesOfAction, octi::Octi, raw::Raw,
};
use crate::grammar::value::{Color, Double, PointListItem};
use crate::property::typed::{Prop, Value};
use crate::{Collection, Node, NodeId};

/// The collection as JSON; see the [module documentation](self) for the
/// schema. For large collections, [`write_json`] streams the same document
/// without holding it all in memory.
///
/// ```
/// let c = sgfkit::parse(b"(;GM[11]SZ[11];B[c3])")?;
/// let j = sgfkit::json::to_json(&c);
/// assert_eq!(j["games"][0]["game"], "Hex");
/// # Ok::<(), sgfkit::Error>(())
/// ```
pub fn to_json(collection: &Collection<'_>) -> Json {
    let mut buf = Vec::new();
    // Writing to memory cannot fail, and the writer emits valid JSON.
    let _ = write_json(collection, &mut buf);
    serde_json::from_slice(&buf).unwrap_or(Json::Null)
}

/// The writer hands its buffer to `out` once it holds this many bytes.
const FLUSH_AT: usize = 1 << 16;

/// Writes the collection as JSON (the schema of the [module
/// documentation](self)) to `out`, one node at a time: memory use does not
/// grow with the size of the collection beyond an index of its nodes (none
/// for a tree as parsed), and a node with millions of properties is written
/// in pieces of about 64 KiB. Each node stands on a line of its own; keys
/// are in alphabetical order.
///
/// ```
/// let c = sgfkit::parse(b"(;GM[1]SZ[9];B[ee])")?;
/// let mut out = Vec::new();
/// sgfkit::json::write_json(&c, &mut out).unwrap();
/// let j: serde_json::Value = serde_json::from_slice(&out).unwrap();
/// assert_eq!(j["games"][0]["nodes"][1]["properties"][0]["value"], "ee");
/// # Ok::<(), sgfkit::Error>(())
/// ```
///
/// # Errors
/// Whatever `out` returns.
pub fn write_json<W: Write>(collection: &Collection<'_>, out: W) -> io::Result<()> {
    write_json_with(collection, out, &JsonOptions::default())
}

/// Writes the games of the collection as [`write_json`] writes them inside
/// `{"games":[` and `]}`, separated by commas, and returns how many there
/// were: the pieces of one document made from several collections, e.g.
/// the game trees of a huge file read one at a time
/// ([`stream`](crate::stream)), each parsed alone. The caller writes the
/// brackets, and a comma between two non-empty pieces.
///
/// ```
/// let one = sgfkit::parse(b"(;GM[1]SZ[9];B[ee])")?;
/// let two = sgfkit::parse(b"(;GM[1]SZ[9];W[cc])")?;
/// let mut out = b"{\"games\":[".to_vec();
/// assert_eq!(sgfkit::json::write_json_games(&one, &mut out).unwrap(), 1);
/// out.push(b',');
/// sgfkit::json::write_json_games(&two, &mut out).unwrap();
/// out.extend_from_slice(b"]}\n");
///
/// let both = sgfkit::parse(b"(;GM[1]SZ[9];B[ee])(;GM[1]SZ[9];W[cc])")?;
/// let mut whole = Vec::new();
/// sgfkit::json::write_json(&both, &mut whole).unwrap();
/// assert_eq!(out, whole);
/// # Ok::<(), sgfkit::Error>(())
/// ```
///
/// # Errors
/// Whatever `out` returns.
pub fn write_json_games<W: Write>(collection: &Collection<'_>, mut out: W) -> io::Result<usize> {
    write_games(collection, &mut out, false, 1)
}

/// Writes the collection in the compact form: one JSON object a game tree,
/// each on a line of its own (JSON Lines), with the nodes as two parallel
/// arrays, `"parent"` (the parent's number, `null` for the root) and
/// `"props"` (each node's properties as one flat array `ident, value,
/// ident, value, ...`). Values are written as in the [node-per-object
/// form](self); a property that is unknown or does not fit its type has
/// the object `{"unknown":true,"raw":[...]}` or
/// `{"invalid":"reason","raw":[...]}` as its value. Nodes are numbered in
/// pre-order (file order), as in the node-per-object form.
///
/// ```text
/// {"game":"Go","gm":1,"size":[19,19],"parent":[null,0,1],"props":[["GM",1,"SZ",[19,19]],["B","pd"],["W","dd"]]}
/// ```
///
/// ```
/// let c = sgfkit::parse(b"(;GM[1]SZ[9];B[ee](;W[cc])(;W[gg]XY[1]))")?;
/// let mut out = Vec::new();
/// sgfkit::json::write_json_compact(&c, &mut out).unwrap();
/// let j: serde_json::Value = serde_json::from_slice(&out).unwrap();
/// assert_eq!(j["parent"], serde_json::json!([null, 0, 1, 1]));
/// assert_eq!(j["props"][1], serde_json::json!(["B", "ee"]));
/// assert_eq!(j["props"][3][3]["unknown"], true);
/// # Ok::<(), sgfkit::Error>(())
/// ```
///
/// # Errors
/// Whatever `out` returns.
pub fn write_json_compact<W: Write>(collection: &Collection<'_>, out: W) -> io::Result<()> {
    write_json_with(collection, out, &JsonOptions::default().compact(true))
}

/// How [`write_json_with`] writes a collection.
///
/// ```
/// let opts = sgfkit::json::JsonOptions::default().compact(true).threads(2);
/// assert!(opts.compact);
/// assert_eq!(opts.threads, 2);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub struct JsonOptions {
    /// The compact form of [`write_json_compact`] (one line a game tree)
    /// instead of the document of [`write_json`].
    pub compact: bool,
    /// The most threads that write a big collection's game trees at once
    /// (0 and 1: none besides the caller's), as tasks of rayon's current
    /// pool (feature `parallel`; without it the trees are written one after
    /// another). The trees are written in batches of a few thousand nodes
    /// and properties, each batch into memory on a thread, and handed to
    /// `out` in order, so memory grows by a few batches' text, not with the
    /// collection; a tree too big for a batch is written in pieces on the
    /// caller's thread, as with one thread. The bytes are the same
    /// whatever the number of threads.
    pub threads: usize,
}

impl JsonOptions {
    /// Sets [`JsonOptions::compact`].
    pub fn compact(mut self, compact: bool) -> Self {
        self.compact = compact;
        self
    }

    /// Sets [`JsonOptions::threads`].
    pub fn threads(mut self, threads: usize) -> Self {
        self.threads = threads;
        self
    }
}

/// Writes the collection as [`write_json`] (or, with
/// [`JsonOptions::compact`], as [`write_json_compact`]) does, the game
/// trees of a big collection written on several threads
/// ([`JsonOptions::threads`]).
///
/// ```
/// use sgfkit::json::{JsonOptions, write_json, write_json_with};
/// let src = "(;GM[1]SZ[9];B[ee];W[cc])".repeat(5_000);
/// let c = sgfkit::parse(src.as_bytes())?;
/// let mut one = Vec::new();
/// write_json(&c, &mut one).unwrap();
/// let mut two = Vec::new();
/// write_json_with(&c, &mut two, &JsonOptions::default().threads(2)).unwrap();
/// assert_eq!(one, two);
/// # Ok::<(), sgfkit::Error>(())
/// ```
///
/// # Errors
/// Whatever `out` returns.
pub fn write_json_with<W: Write>(
    collection: &Collection<'_>,
    mut out: W,
    options: &JsonOptions,
) -> io::Result<()> {
    if options.compact {
        write_games(collection, &mut out, true, options.threads)?;
        return Ok(());
    }
    out.write_all(b"{\"games\":[")?;
    write_games(collection, &mut out, false, options.threads)?;
    out.write_all(b"]}\n")
}

/// The work (nodes and properties) of a batch of game trees written into
/// memory on one thread ([`JsonOptions::threads`]): about 0.2 MB of JSON
/// for move-dense games.
#[cfg(feature = "parallel")]
const BATCH_WORK: usize = 4_096;

/// Writes the game trees of `collection`, separated by commas (or, in the
/// compact form, each followed by a line break), and returns how many
/// there were: batches of trees on `threads` threads, or all on this one.
fn write_games<W: Write>(
    collection: &Collection<'_>,
    out: &mut W,
    compact: bool,
    threads: usize,
) -> io::Result<usize> {
    #[cfg(feature = "parallel")]
    if threads > 1 {
        let runs = collection.game_runs(usize::MAX, BATCH_WORK);
        if runs.len() > 1 {
            return write_batches(collection, &runs, out, compact, threads);
        }
    }
    let _ = threads;
    let mut w = JsonOut::new(out, FLUSH_AT);
    w.games(collection.games(), compact, true)?;
    w.out.write_all(&w.buf)?;
    Ok(collection.games().len())
}

/// [`write_games`] in batches (`runs`): up to `threads` batches at a time
/// written into memory by rayon's tasks, then handed to `out` in order; a
/// batch of more than a few times [`BATCH_WORK`] (one big tree) is written
/// in pieces straight to `out`.
#[cfg(feature = "parallel")]
fn write_batches<W: Write>(
    collection: &Collection<'_>,
    runs: &[std::ops::Range<usize>],
    out: &mut W,
    compact: bool,
    threads: usize,
) -> io::Result<usize> {
    use rayon::prelude::*;
    let games: Vec<Node<'_, '_>> = collection.games().collect();
    let heavy = |r: &std::ops::Range<usize>| collection.run_work(r) > 4 * BATCH_WORK;
    let mut texts: Vec<Vec<u8>> = vec![Vec::new(); threads.min(runs.len())];
    let mut k = 0;
    while k < runs.len() {
        if heavy(&runs[k]) {
            let mut w = JsonOut::new(out, FLUSH_AT);
            w.games(games[runs[k].clone()].iter().copied(), compact, k == 0)?;
            w.out.write_all(&w.buf)?;
            k += 1;
            continue;
        }
        let mut end = k;
        while end < runs.len() && end - k < threads && !heavy(&runs[end]) {
            end += 1;
        }
        // The batches' texts, in buffers reused from window to window.
        texts.par_iter_mut().zip(k..end).for_each(|(text, i)| {
            let mut sink = io::sink();
            text.clear();
            let mut w = JsonOut {
                buf: std::mem::take(text),
                scratch: Vec::new(),
                out: &mut sink,
                flush_at: usize::MAX,
            };
            // Into memory: nothing is handed to the sink, nothing fails.
            let _ = w.games(games[runs[i].clone()].iter().copied(), compact, i == 0);
            *text = w.buf;
        });
        for text in &texts[..end - k] {
            out.write_all(text)?;
        }
        k = end;
    }
    Ok(games.len())
}

/// The numbers of a game's nodes (their index in its `"nodes"`).
enum Numbers {
    /// Ids in pre-order: a node's number is its id minus the root's.
    Preorder(usize),
    /// After edits: a map from id to number.
    Map(HashMap<NodeId, usize>),
}

impl Numbers {
    fn of(&self, id: NodeId) -> usize {
        match self {
            Numbers::Preorder(root) => id.index() - root,
            Numbers::Map(m) => m.get(&id).copied().unwrap_or(0),
        }
    }
}

/// The JSON text written so far (handed to `out` in pieces) and a buffer
/// for SGF text.
struct JsonOut<'w, W> {
    buf: Vec<u8>,
    scratch: Vec<u8>,
    out: &'w mut W,
    /// `buf` is handed to `out` once it holds this many bytes.
    flush_at: usize,
}

/// `s` as a JSON string, appended to `out`: the one JSON string writer of
/// the crate (the typed trees here, the export's rows, the meaning). Text
/// that needs no escape is copied between quotes; other text is escaped by
/// serde_json. Public for sgfkit-export's JSON Lines.
#[doc(hidden)]
pub fn write_str(out: &mut Vec<u8>, s: &str) {
    if !s.bytes().any(needs_escape) {
        out.reserve(s.len() + 2);
        out.push(b'"');
        out.extend_from_slice(s.as_bytes());
        out.push(b'"');
        return;
    }
    // Writing to a Vec cannot fail.
    let _ = serde_json::to_writer(out, s);
}

/// True for the bytes serde_json escapes in a string: `"`, `\\` and the
/// control characters below U+0020.
#[inline]
fn needs_escape(b: u8) -> bool {
    b < 0x20 || b == b'"' || b == b'\\'
}

impl<'w, W: Write> JsonOut<'w, W> {
    fn new(out: &'w mut W, flush_at: usize) -> Self {
        JsonOut {
            buf: Vec::with_capacity(flush_at.min(FLUSH_AT) + 1024),
            scratch: Vec::new(),
            out,
            flush_at,
        }
    }

    /// The game trees of `roots`, each read as the game its `GM` names:
    /// separated by commas (`first`: none before the first), or in the
    /// compact form each followed by a line break.
    fn games<'c, 'a: 'c>(
        &mut self,
        roots: impl Iterator<Item = Node<'c, 'a>>,
        compact: bool,
        first: bool,
    ) -> io::Result<()> {
        for (k, g) in roots.enumerate() {
            if !compact && (k > 0 || !first) {
                self.buf.push(b',');
            }
            let gm = match g.prop::<Go>("GM") {
                Some(Prop::GM(n)) => n,
                _ => 1,
            };
            match gm {
                1 => self.any_game::<Go>(g, gm, compact)?,
                6 => self.any_game::<Backgammon>(g, gm, compact)?,
                9 => self.any_game::<LinesOfAction>(g, gm, compact)?,
                11 => self.any_game::<Hex>(g, gm, compact)?,
                18 => self.any_game::<Amazons>(g, gm, compact)?,
                19 => self.any_game::<Octi>(g, gm, compact)?,
                20 => self.any_game::<Gess>(g, gm, compact)?,
                _ => self.any_game::<Raw<0>>(g, gm, compact)?,
            }
            if compact {
                self.buf.push(b'\n');
            }
        }
        Ok(())
    }

    fn any_game<G: Game>(&mut self, root: Node<'_, '_>, gm: i64, compact: bool) -> io::Result<()> {
        if compact {
            self.compact_game::<G>(root, gm)
        } else {
            self.game::<G>(root, gm)
        }
    }

    fn flush_some(&mut self) -> io::Result<()> {
        if self.buf.len() >= self.flush_at {
            self.out.write_all(&self.buf)?;
            self.buf.clear();
        }
        Ok(())
    }

    /// The head of a game's object, `{"game":..,"gm":..,"size":[..]`,
    /// and the numbers of its nodes.
    fn head(&mut self, root: Node<'_, '_>, gm: i64, size: BoardSize) -> Numbers {
        let numbers = if root.collection().ids_in_preorder() {
            Numbers::Preorder(root.id().index())
        } else {
            Numbers::Map(
                root.descendants()
                    .enumerate()
                    .map(|(i, n)| (n.id(), i))
                    .collect(),
            )
        };
        let name = crate::game::GameType::from_gm(u32::try_from(gm).unwrap_or(0))
            .map_or("unknown", |t| t.name());
        self.buf.extend_from_slice(b"{\"game\":");
        self.str(name);
        self.buf.extend_from_slice(b",\"gm\":");
        self.int(gm);
        self.buf.extend_from_slice(b",\"size\":[");
        self.int(i64::from(size.columns));
        self.buf.push(b',');
        self.int(i64::from(size.rows));
        self.buf.push(b']');
        numbers
    }

    fn compact_game<G: Game>(&mut self, root: Node<'_, '_>, gm: i64) -> io::Result<()> {
        let size = root.typed_size::<G>();
        let other = root.require_game::<G>().err();
        let numbers = self.head(root, gm, size);
        self.buf.extend_from_slice(b",\"parent\":[");
        for (i, n) in root.descendants().enumerate() {
            if i > 0 {
                self.buf.push(b',');
            }
            match n.parent() {
                Some(p) => self.int(numbers.of(p.id()) as i64),
                None => self.buf.extend_from_slice(b"null"),
            }
            self.flush_some()?;
        }
        self.buf.extend_from_slice(b"],\"props\":[");
        for (i, n) in root.descendants().enumerate() {
            self.buf
                .extend_from_slice(if i == 0 { b"[" } else { b",[" });
            for (k, p) in n.typed_props_in::<G>(size, other.clone()).enumerate() {
                if k > 0 {
                    self.buf.push(b',');
                }
                self.str(p.ident());
                self.buf.push(b',');
                match p {
                    Prop::Unknown { values, .. } => {
                        self.buf.extend_from_slice(b"{\"raw\":");
                        self.raw(&values);
                        self.buf.extend_from_slice(b",\"unknown\":true}");
                    }
                    Prop::Invalid { values, reason, .. } => {
                        self.buf.extend_from_slice(b"{\"invalid\":");
                        self.str(&reason);
                        self.buf.extend_from_slice(b",\"raw\":");
                        self.raw(&values);
                        self.buf.push(b'}');
                    }
                    p => match p.into_value() {
                        Some(v) => self.value(&v, size),
                        None => self.buf.extend_from_slice(b"null"),
                    },
                }
                self.flush_some()?;
            }
            self.buf.push(b']');
        }
        self.buf.extend_from_slice(b"]}");
        Ok(())
    }

    fn game<G: Game>(&mut self, root: Node<'_, '_>, gm: i64) -> io::Result<()> {
        let size = root.typed_size::<G>();
        let other = root.require_game::<G>().err();
        let numbers = self.head(root, gm, size);
        self.buf.extend_from_slice(b",\"nodes\":[");
        for (i, n) in root.descendants().enumerate() {
            self.buf
                .extend_from_slice(if i == 0 { b"\n" } else { b",\n" });
            self.buf.extend_from_slice(b"{\"children\":[");
            for (k, c) in n.children().enumerate() {
                if k > 0 {
                    self.buf.push(b',');
                }
                self.int(numbers.of(c.id()) as i64);
            }
            self.buf.extend_from_slice(b"],\"id\":");
            self.int(i as i64);
            self.buf.extend_from_slice(b",\"parent\":");
            match n.parent() {
                Some(p) => self.int(numbers.of(p.id()) as i64),
                None => self.buf.extend_from_slice(b"null"),
            }
            self.buf.extend_from_slice(b",\"properties\":[");
            for (k, p) in n.typed_props_in::<G>(size, other.clone()).enumerate() {
                if k > 0 {
                    self.buf.push(b',');
                }
                self.prop(p, size);
                self.flush_some()?;
            }
            self.buf.extend_from_slice(b"]}");
            self.flush_some()?;
        }
        self.buf.extend_from_slice(b"]}");
        Ok(())
    }

    fn int(&mut self, n: i64) {
        self.buf
            .extend_from_slice(itoa::Buffer::new().format(n).as_bytes());
    }

    /// A JSON string, escaped as serde_json escapes it.
    fn str(&mut self, s: &str) {
        write_str(&mut self.buf, s);
    }

    /// `b` (text that needs no escape) between quotes.
    fn plain(&mut self, b: &[u8]) {
        self.buf.reserve(b.len() + 2);
        self.buf.push(b'"');
        self.buf.extend_from_slice(b);
        self.buf.push(b'"');
    }

    /// Bytes as a JSON string (UTF-8, lossy).
    fn lossy(&mut self, b: &[u8]) {
        // Printable ASCII without `"` and `\\` (points, moves, most values)
        // is already what the checks below would write.
        if b.iter().all(|&c| c < 0x80 && !needs_escape(c)) {
            self.plain(b);
            return;
        }
        match std::str::from_utf8(b) {
            Ok(s) => self.str(s),
            Err(_) => self.str(&String::from_utf8_lossy(b)),
        }
    }

    fn raw(&mut self, values: &[Vec<u8>]) {
        self.buf.push(b'[');
        for (k, v) in values.iter().enumerate() {
            if k > 0 {
                self.buf.push(b',');
            }
            self.lossy(v);
        }
        self.buf.push(b']');
    }

    fn prop<G: Game>(&mut self, p: Prop<G>, size: BoardSize) {
        self.buf.extend_from_slice(b"{\"ident\":");
        match p {
            Prop::Unknown { ident, values } => {
                self.str(&ident);
                self.buf.extend_from_slice(b",\"raw\":");
                self.raw(&values);
                self.buf.extend_from_slice(b",\"unknown\":true}");
            }
            Prop::Invalid {
                ident,
                values,
                reason,
            } => {
                self.str(&ident);
                self.buf.extend_from_slice(b",\"invalid\":");
                self.str(&reason);
                self.buf.extend_from_slice(b",\"raw\":");
                self.raw(&values);
                self.buf.push(b'}');
            }
            p => {
                self.str(p.ident());
                self.buf.extend_from_slice(b",\"value\":");
                match p.into_value() {
                    Some(v) => self.value(&v, size),
                    None => self.buf.extend_from_slice(b"null"),
                }
                self.buf.push(b'}');
            }
        }
    }

    /// SGF text written by `f`, as a JSON string.
    fn sgf(&mut self, f: impl FnOnce(&mut Vec<u8>)) {
        let mut scratch = std::mem::take(&mut self.scratch);
        scratch.clear();
        f(&mut scratch);
        self.lossy(&scratch);
        self.scratch = scratch;
    }

    fn point<G: Game>(&mut self, p: &G::Point, size: BoardSize) {
        self.sgf(|o| G::write_point(p, size, o));
    }

    fn stone<G: Game>(&mut self, s: &G::Stone, size: BoardSize) {
        self.sgf(|o| G::write_stone(s, size, o));
    }

    fn items<P>(&mut self, v: &[PointListItem<P>], mut f: impl FnMut(&mut Self, &P)) {
        self.buf.push(b'[');
        for (k, item) in v.iter().enumerate() {
            if k > 0 {
                self.buf.push(b',');
            }
            match item {
                PointListItem::Point(p) => f(self, p),
                PointListItem::Rectangle(a, b) => {
                    self.buf.push(b'[');
                    f(self, a);
                    self.buf.push(b',');
                    f(self, b);
                    self.buf.push(b']');
                }
            }
        }
        self.buf.push(b']');
    }

    /// A list of pairs, each written by `f` as a two-element array.
    fn pairs<A, B>(&mut self, v: &[(A, B)], mut f: impl FnMut(&mut Self, &A, &B)) {
        self.buf.push(b'[');
        for (k, (a, b)) in v.iter().enumerate() {
            if k > 0 {
                self.buf.push(b',');
            }
            self.buf.push(b'[');
            f(self, a, b);
            self.buf.push(b']');
        }
        self.buf.push(b']');
    }

    fn value<G: Game>(&mut self, v: &Value<G>, size: BoardSize) {
        match v {
            Value::None => self.buf.extend_from_slice(b"null"),
            Value::Number(n) => self.int(*n),
            Value::Real(r) => match serde_json::Number::from_f64(r.value()) {
                // Writing to a Vec cannot fail.
                Some(n) => drop(serde_json::to_writer(&mut self.buf, &n)),
                None => self.str(r.as_str()),
            },
            Value::Double(d) => self
                .buf
                .push(if *d == Double::Normal { b'1' } else { b'2' }),
            Value::Color(c) => self.buf.extend_from_slice(match c {
                Color::Black => b"\"B\"",
                Color::White => b"\"W\"",
            }),
            Value::SimpleText(s) | Value::Text(s) => self.str(s),
            Value::Point(p) => self.point::<G>(p, size),
            Value::Stone(s) => self.stone::<G>(s, size),
            Value::Move(m) => self.sgf(|o| G::write_move(m, size, o)),
            Value::Points(v) => self.items(v, |w, p| w.point::<G>(p, size)),
            Value::Stones(v) => self.items(v, |w, s| w.stone::<G>(s, size)),
            Value::PointPairs(v) => self.pairs(v, |w, a, b| {
                w.point::<G>(a, size);
                w.buf.push(b',');
                w.point::<G>(b, size);
            }),
            Value::Labels(v) => self.pairs(v, |w, a, b| {
                w.point::<G>(a, size);
                w.buf.push(b',');
                w.str(b);
            }),
            Value::StonePoints(v) => self.pairs(v, |w, a, b| {
                w.stone::<G>(a, size);
                w.buf.push(b',');
                w.point::<G>(b, size);
            }),
            Value::TextPair((a, b)) => {
                self.buf.push(b'[');
                self.str(a);
                self.buf.push(b',');
                self.str(b);
                self.buf.push(b']');
            }
            Value::TextPairs(v) => self.pairs(v, |w, a, b| {
                w.str(a);
                w.buf.push(b',');
                w.str(b);
            }),
            Value::Size((c, r)) => {
                self.buf.push(b'[');
                self.int(*c);
                self.buf.push(b',');
                self.int(*r);
                self.buf.push(b']');
            }
            Value::Figure(f) => match f {
                None => self.buf.extend_from_slice(b"null"),
                Some((n, s)) => {
                    self.buf.push(b'[');
                    self.int(*n);
                    self.buf.push(b',');
                    self.str(s);
                    self.buf.push(b']');
                }
            },
            Value::Raw(v) => self.raw(v),
        }
    }
}

#[cfg(test)]
mod tests;
