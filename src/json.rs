//! A collection as JSON, with every property typed and decoded (feature
//! `serde`).
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
pub fn write_json<W: Write>(collection: &Collection<'_>, mut out: W) -> io::Result<()> {
    let mut w = JsonOut {
        buf: Vec::with_capacity(FLUSH_AT + 1024),
        scratch: Vec::new(),
        out: &mut out,
    };
    w.buf.extend_from_slice(b"{\"games\":[");
    for (k, g) in collection.games().enumerate() {
        if k > 0 {
            w.buf.push(b',');
        }
        let gm = match g.prop::<Go>("GM") {
            Some(Prop::GM(n)) => n,
            _ => 1,
        };
        match gm {
            1 => w.game::<Go>(g, gm)?,
            6 => w.game::<Backgammon>(g, gm)?,
            9 => w.game::<LinesOfAction>(g, gm)?,
            11 => w.game::<Hex>(g, gm)?,
            18 => w.game::<Amazons>(g, gm)?,
            19 => w.game::<Octi>(g, gm)?,
            20 => w.game::<Gess>(g, gm)?,
            _ => w.game::<Raw<0>>(g, gm)?,
        }
    }
    w.buf.extend_from_slice(b"]}\n");
    w.out.write_all(&w.buf)
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
pub fn write_json_compact<W: Write>(collection: &Collection<'_>, mut out: W) -> io::Result<()> {
    let mut w = JsonOut {
        buf: Vec::with_capacity(FLUSH_AT + 1024),
        scratch: Vec::new(),
        out: &mut out,
    };
    for g in collection.games() {
        let gm = match g.prop::<Go>("GM") {
            Some(Prop::GM(n)) => n,
            _ => 1,
        };
        match gm {
            1 => w.compact_game::<Go>(g, gm)?,
            6 => w.compact_game::<Backgammon>(g, gm)?,
            9 => w.compact_game::<LinesOfAction>(g, gm)?,
            11 => w.compact_game::<Hex>(g, gm)?,
            18 => w.compact_game::<Amazons>(g, gm)?,
            19 => w.compact_game::<Octi>(g, gm)?,
            20 => w.compact_game::<Gess>(g, gm)?,
            _ => w.compact_game::<Raw<0>>(g, gm)?,
        }
        w.buf.push(b'\n');
    }
    w.out.write_all(&w.buf)
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
}

impl<W: Write> JsonOut<'_, W> {
    fn flush_some(&mut self) -> io::Result<()> {
        if self.buf.len() >= FLUSH_AT {
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
        let size = root.board_size::<G>();
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
            for (k, p) in n.typed_props_in::<G>(size, other).enumerate() {
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
        let size = root.board_size::<G>();
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
            for (k, p) in n.typed_props_in::<G>(size, other).enumerate() {
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
        if n < 0 {
            self.buf.push(b'-');
        }
        let mut digits = [0u8; 20];
        let mut at = digits.len();
        let mut m = n.unsigned_abs();
        loop {
            at -= 1;
            digits[at] = b'0' + (m % 10) as u8;
            m /= 10;
            if m == 0 {
                break;
            }
        }
        self.buf.extend_from_slice(&digits[at..]);
    }

    /// A JSON string, escaped as serde_json escapes it.
    fn str(&mut self, s: &str) {
        // Writing to a Vec cannot fail.
        let _ = serde_json::to_writer(&mut self.buf, s);
    }

    /// Bytes as a JSON string (UTF-8, lossy).
    fn lossy(&mut self, b: &[u8]) {
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
mod tests {
    use super::*;
    use serde_json::json;
    use std::path::Path;

    /// The document built the slow way, a `serde_json::Value` per node (the
    /// writer before it wrote JSON text itself): the reference the writer
    /// must match byte for byte.
    fn reference(collection: &Collection<'_>) -> Vec<u8> {
        fn game<G: Game>(root: Node<'_, '_>, gm: i64, out: &mut Vec<u8>) {
            let size = root.board_size::<G>();
            let index: HashMap<_, usize> = root
                .descendants()
                .enumerate()
                .map(|(i, n)| (n.id(), i))
                .collect();
            let name = crate::game::GameType::from_gm(u32::try_from(gm).unwrap_or(0))
                .map_or("unknown", |t| t.name());
            let head = json!({ "gm": gm, "game": name, "size": [size.columns, size.rows] });
            let head = serde_json::to_string(&head).unwrap();
            out.extend_from_slice(&head.as_bytes()[..head.len() - 1]);
            out.extend_from_slice(b",\"nodes\":[");
            for (i, n) in root.descendants().enumerate() {
                out.extend_from_slice(if i == 0 { b"\n" } else { b",\n" });
                let props: Vec<Json> = n
                    .props_on::<G>(size)
                    .iter()
                    .map(|p| prop(p, size))
                    .collect();
                let node = json!({
                    "id": i,
                    "parent": n.parent().map(|p| index[&p.id()]),
                    "children": n.children().map(|c| index[&c.id()]).collect::<Vec<_>>(),
                    "properties": props,
                });
                serde_json::to_writer(&mut *out, &node).unwrap();
            }
            out.extend_from_slice(b"]}");
        }
        fn raw(values: &[Vec<u8>]) -> Json {
            values
                .iter()
                .map(|v| Json::from(String::from_utf8_lossy(v).into_owned()))
                .collect()
        }
        fn prop<G: Game>(p: &Prop<G>, size: BoardSize) -> Json {
            match p {
                Prop::Unknown { ident, values } => {
                    json!({ "ident": ident, "unknown": true, "raw": raw(values) })
                }
                Prop::Invalid {
                    ident,
                    values,
                    reason,
                } => {
                    json!({ "ident": ident, "invalid": reason, "raw": raw(values) })
                }
                _ => {
                    let v = p.value().map_or(Json::Null, |v| value(&v, size));
                    json!({ "ident": p.ident(), "value": v })
                }
            }
        }
        fn value<G: Game>(v: &Value<G>, size: BoardSize) -> Json {
            let sgf = |f: &dyn Fn(&mut Vec<u8>)| {
                let mut out = Vec::new();
                f(&mut out);
                Json::from(String::from_utf8_lossy(&out).into_owned())
            };
            let point = |p: &G::Point| sgf(&|o| G::write_point(p, size, o));
            let stone = |s: &G::Stone| sgf(&|o| G::write_stone(s, size, o));
            fn items<P>(v: &[PointListItem<P>], f: impl Fn(&P) -> Json) -> Json {
                v.iter()
                    .map(|i| match i {
                        PointListItem::Point(p) => f(p),
                        PointListItem::Rectangle(a, b) => json!([f(a), f(b)]),
                    })
                    .collect()
            }
            match v {
                Value::None => Json::Null,
                Value::Number(n) => json!(n),
                Value::Real(r) => serde_json::Number::from_f64(r.value())
                    .map_or_else(|| json!(r.as_str()), Json::Number),
                Value::Double(d) => json!(if *d == Double::Normal { 1 } else { 2 }),
                Value::Color(c) => json!(c.to_string()),
                Value::SimpleText(s) | Value::Text(s) => json!(s),
                Value::Point(p) => point(p),
                Value::Stone(s) => stone(s),
                Value::Move(m) => sgf(&|o| G::write_move(m, size, o)),
                Value::Points(v) => items(v, point),
                Value::Stones(v) => items(v, stone),
                Value::PointPairs(v) => {
                    v.iter().map(|(a, b)| json!([point(a), point(b)])).collect()
                }
                Value::Labels(v) => v.iter().map(|(a, b)| json!([point(a), b])).collect(),
                Value::StonePoints(v) => {
                    v.iter().map(|(a, b)| json!([stone(a), point(b)])).collect()
                }
                Value::TextPair((a, b)) => json!([a, b]),
                Value::TextPairs(v) => v.iter().map(|(a, b)| json!([a, b])).collect(),
                Value::Size((c, r)) => json!([c, r]),
                Value::Figure(f) => f.as_ref().map_or(Json::Null, |(n, s)| json!([n, s])),
                Value::Raw(v) => raw(v),
            }
        }
        let mut out = b"{\"games\":[".to_vec();
        for (k, g) in collection.games().enumerate() {
            if k > 0 {
                out.push(b',');
            }
            let gm = match g.prop::<Go>("GM") {
                Some(Prop::GM(n)) => n,
                _ => 1,
            };
            match gm {
                1 => game::<Go>(g, gm, &mut out),
                6 => game::<Backgammon>(g, gm, &mut out),
                9 => game::<LinesOfAction>(g, gm, &mut out),
                11 => game::<Hex>(g, gm, &mut out),
                18 => game::<Amazons>(g, gm, &mut out),
                19 => game::<Octi>(g, gm, &mut out),
                20 => game::<Gess>(g, gm, &mut out),
                _ => game::<Raw<0>>(g, gm, &mut out),
            }
        }
        out.extend_from_slice(b"]}\n");
        out
    }

    fn written(c: &Collection<'_>) -> Vec<u8> {
        let mut out = Vec::new();
        write_json(c, &mut out).unwrap();
        out
    }

    #[test]
    fn matches_the_value_based_writer() {
        let samples: &[&[u8]] = &[
            b"(;GM[1]SZ[9]KM[6.5]XY[z]HA[x]AB[aa:bb][cc]MN[-9223372036854775808]OB[0];B[ee]MN[-12]C[hi\\]\"\x01\xc3\xa9\xff]LB[aa:x](;W[]TR[bb])(;W[cc]AR[aa:bb]))",
            b"(;GM[11]SZ[11];B[c3]AP[a\\:b:1.0]FG[257:fig]V[1e400]BM[2]PL[W])",
            b"(;GM[6]CO[c]MI[a:b][c:d]RE[W+1];B[12]DO[]IT[])",
            b"(;GM[19]AS[x:aa];TS[a])(;GM[123]B[zz]FG[]DD[])(;GM[2]PB[A]B[aa]N[x\ny])",
        ];
        for s in samples {
            let c = crate::parse(s).unwrap();
            assert_eq!(
                String::from_utf8_lossy(&written(&c)),
                String::from_utf8_lossy(&reference(&c))
            );
        }
        // An edited tree: ids no longer in pre-order.
        let mut c = crate::parse(b"(;GM[1];B[aa](;W[bb])(;W[cc]))")
            .unwrap()
            .into_owned();
        let root = c.games().next().unwrap().id();
        c.add_child(root).unwrap();
        assert_eq!(written(&c), reference(&c));
        // The real games of the corpus, a sample of each source.
        let Some(dir) = Path::new(env!("CARGO_MANIFEST_DIR"))
            .ancestors()
            .map(|d| d.join("shared/corpus"))
            .find(|d| d.is_dir())
        else {
            eprintln!("SKIPPED the corpus part: shared/corpus not found");
            return;
        };
        let mut checked = 0;
        for src in std::fs::read_dir(&dir).unwrap().flatten() {
            let mut files: Vec<_> = walk(&src.path());
            files.sort();
            for f in files.iter().step_by(files.len() / 40 + 1) {
                let Ok(bytes) = std::fs::read(f) else {
                    continue;
                };
                let Ok(c) = crate::parse(&bytes) else {
                    continue;
                };
                assert_eq!(written(&c), reference(&c), "{}", f.display());
                checked += 1;
            }
        }
        assert!(checked > 100, "{checked}");
    }

    fn walk(p: &Path) -> Vec<std::path::PathBuf> {
        let mut out = Vec::new();
        let mut stack = vec![p.to_path_buf()];
        while let Some(d) = stack.pop() {
            for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
                let p = e.path();
                if p.is_dir() {
                    stack.push(p);
                } else if p.extension().is_some_and(|x| x.eq_ignore_ascii_case("sgf")) {
                    out.push(p);
                }
            }
        }
        out
    }

    #[test]
    fn compact_holds_what_the_node_objects_hold() {
        let sgf: &[u8] =
            b"(;GM[1]SZ[9]KM[6.5]XY[z]HA[x];B[ee](;W[cc]C[a\\]b])(;W[gg]AB[aa:bb]))(;GM[11];B[c3])";
        let c = crate::parse(sgf).unwrap();
        let full = to_json(&c);
        let mut out = Vec::new();
        write_json_compact(&c, &mut out).unwrap();
        let lines: Vec<Json> = out
            .split(|&b| b == b'\n')
            .filter(|l| !l.is_empty())
            .map(|l| serde_json::from_slice(l).unwrap())
            .collect();
        assert_eq!(lines.len(), 2);
        for (g, compact) in full["games"].as_array().unwrap().iter().zip(&lines) {
            for key in ["game", "gm", "size"] {
                assert_eq!(g[key], compact[key]);
            }
            let nodes = g["nodes"].as_array().unwrap();
            assert_eq!(compact["parent"].as_array().unwrap().len(), nodes.len());
            for (i, n) in nodes.iter().enumerate() {
                assert_eq!(compact["parent"][i], n["parent"]);
                let flat = compact["props"][i].as_array().unwrap();
                let props = n["properties"].as_array().unwrap();
                assert_eq!(flat.len(), 2 * props.len());
                for (k, p) in props.iter().enumerate() {
                    assert_eq!(flat[2 * k], p["ident"]);
                    let v = &flat[2 * k + 1];
                    if p.get("value").is_some() {
                        assert_eq!(v, &p["value"]);
                    } else {
                        assert_eq!(v["raw"], p["raw"]);
                        assert_eq!(v.get("invalid"), p.get("invalid"));
                        assert_eq!(v.get("unknown"), p.get("unknown"));
                    }
                }
            }
        }
        assert_eq!(lines[0]["props"][0][7]["unknown"], true);
        assert_eq!(lines[0]["props"][2], json!(["W", "cc", "C", "a]b"]));
    }

    #[test]
    fn a_node_of_many_properties_streams() {
        // 200,000 comments in one node: linear time, written in pieces.
        let n = 200_000;
        let mut sgf = b"(;".to_vec();
        for i in 0..n {
            sgf.extend_from_slice(format!("C[{i}]").as_bytes());
        }
        sgf.push(b')');
        let c = crate::parse(&sgf).unwrap();
        struct Pieces(Vec<u8>, usize, usize);
        impl Write for Pieces {
            fn write(&mut self, b: &[u8]) -> io::Result<usize> {
                self.0.extend_from_slice(b);
                self.1 += 1;
                self.2 = self.2.max(b.len());
                Ok(b.len())
            }
            fn flush(&mut self) -> io::Result<()> {
                Ok(())
            }
        }
        let mut out = Pieces(Vec::new(), 0, 0);
        write_json(&c, &mut out).unwrap();
        assert!(out.1 > 10, "written in {} pieces", out.1);
        assert!(out.2 < 2 * FLUSH_AT, "largest piece {}", out.2);
        let j: Json = serde_json::from_slice(&out.0).unwrap();
        let props = j["games"][0]["nodes"][0]["properties"].as_array().unwrap();
        assert_eq!(props.len(), n);
        for (i, p) in props.iter().enumerate() {
            assert_eq!(p, &json!({"ident": "C", "value": i.to_string()}));
        }
    }

    #[test]
    fn invalid_and_lists() {
        let c = crate::parse(b"(;GM[1]AB[aa:bb][cc]KM[6,5]LB[dd:x\\:y]SZ[19:19]VW[])").unwrap();
        let j = to_json(&c);
        let props = &j["games"][0]["nodes"][0]["properties"];
        assert_eq!(props[1]["value"], json!([["aa", "bb"], "cc"]));
        assert_eq!(props[2]["raw"], json!(["6,5"]));
        assert!(props[2]["invalid"].as_str().unwrap().contains("6,5"));
        assert_eq!(props[3]["value"], json!([["dd", "x:y"]]));
        assert_eq!(props[4]["value"], json!([19, 19]));
        assert_eq!(props[5]["value"], json!([]));
    }

    #[test]
    fn deep_trees_stay_flat() {
        let sgf = "(;B[aa]".repeat(2000) + &")".repeat(2000);
        let c = crate::parse(sgf.as_bytes()).unwrap();
        let j = to_json(&c);
        assert_eq!(j["games"][0]["nodes"].as_array().unwrap().len(), 2000);
        assert_eq!(j["games"][0]["nodes"][1999]["parent"], 1998);
    }
}
