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

use serde_json::{Value as Json, json};

use crate::game::{
    BoardSize, Game, amazons::Amazons, backgammon::Backgammon, gess::Gess, go::Go, hex::Hex,
    lines_of_action::LinesOfAction, octi::Octi, raw::Raw,
};
use crate::grammar::value::{Double, PointListItem};
use crate::property::typed::{Prop, Value};
use crate::{Collection, Node};

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

/// Writes the collection as JSON (the schema of the [module
/// documentation](self)) to `out`, one node at a time: memory use does not
/// grow with the size of the collection beyond an index of its nodes. Each
/// node stands on a line of its own.
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
    out.write_all(b"{\"games\":[")?;
    for (k, g) in collection.games().enumerate() {
        if k > 0 {
            out.write_all(b",")?;
        }
        let gm = match g.prop::<Go>("GM") {
            Some(Prop::GM(n)) => n,
            _ => 1,
        };
        match gm {
            1 => write_game::<Go, _>(g, gm, &mut out)?,
            6 => write_game::<Backgammon, _>(g, gm, &mut out)?,
            9 => write_game::<LinesOfAction, _>(g, gm, &mut out)?,
            11 => write_game::<Hex, _>(g, gm, &mut out)?,
            18 => write_game::<Amazons, _>(g, gm, &mut out)?,
            19 => write_game::<Octi, _>(g, gm, &mut out)?,
            20 => write_game::<Gess, _>(g, gm, &mut out)?,
            _ => write_game::<Raw<0>, _>(g, gm, &mut out)?,
        }
    }
    out.write_all(b"]}\n")
}

fn write_game<G: Game, W: Write>(root: Node<'_, '_>, gm: i64, out: &mut W) -> io::Result<()> {
    let size = root.board_size::<G>();
    let index: HashMap<_, usize> = root
        .descendants()
        .enumerate()
        .map(|(i, n)| (n.id(), i))
        .collect();
    let name = crate::game::GameType::from_gm(u32::try_from(gm).unwrap_or(0))
        .map_or("unknown", |t| t.name());
    let head = json!({ "gm": gm, "game": name, "size": [size.columns, size.rows] });
    let head = serde_json::to_string(&head).map_err(io::Error::other)?;
    // The header object without its closing brace, then the nodes.
    out.write_all(&head.as_bytes()[..head.len() - 1])?;
    out.write_all(b",\"nodes\":[")?;
    for (i, n) in root.descendants().enumerate() {
        out.write_all(if i == 0 { b"\n" } else { b",\n" })?;
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
        serde_json::to_writer(&mut *out, &node).map_err(io::Error::other)?;
    }
    out.write_all(b"]}")
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
        } => json!({ "ident": ident, "invalid": reason, "raw": raw(values) }),
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
        Value::Real(r) => {
            serde_json::Number::from_f64(r.value()).map_or_else(|| json!(r.as_str()), Json::Number)
        }
        Value::Double(d) => json!(if *d == Double::Normal { 1 } else { 2 }),
        Value::Color(c) => json!(c.to_string()),
        Value::SimpleText(s) | Value::Text(s) => json!(s),
        Value::Point(p) => point(p),
        Value::Stone(s) => stone(s),
        Value::Move(m) => sgf(&|o| G::write_move(m, size, o)),
        Value::Points(v) => items(v, point),
        Value::Stones(v) => items(v, stone),
        Value::PointPairs(v) => v.iter().map(|(a, b)| json!([point(a), point(b)])).collect(),
        Value::Labels(v) => v.iter().map(|(a, b)| json!([point(a), b])).collect(),
        Value::StonePoints(v) => v.iter().map(|(a, b)| json!([stone(a), point(b)])).collect(),
        Value::TextPair((a, b)) => json!([a, b]),
        Value::TextPairs(v) => v.iter().map(|(a, b)| json!([a, b])).collect(),
        Value::Size((c, r)) => json!([c, r]),
        Value::Figure(f) => f.as_ref().map_or(Json::Null, |(n, s)| json!([n, s])),
        Value::Raw(v) => raw(v),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
