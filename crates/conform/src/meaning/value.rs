//! One property's values as meaning [`Item`]s: read by the property's type
//! for the tree's game, then written in the game's notation.

use super::Item;
use super::grid::{self, Grid};
use sgfkit::game::{BoardSize, Game};
use sgfkit::grammar::value::{MAX_EXPANDED_POINTS, PointListItem};
use sgfkit::property::typed::{Prop, Value};
use sgfkit::text::find_unescaped;

fn lossy(raw: &[u8]) -> String {
    String::from_utf8_lossy(raw).into_owned()
}

fn written(raw: &[&[u8]]) -> Vec<Item> {
    raw.iter().map(|v| Item::One(lossy(v))).collect()
}

/// A `number | composed number ':' ...` value as written: one item, or a
/// pair split at the first unescaped `:`.
fn split_written(raw: &[u8]) -> (String, Option<String>) {
    match find_unescaped(raw, b':') {
        Some(i) => (lossy(&raw[..i]), Some(lossy(&raw[i + 1..]))),
        None => (lossy(raw), None),
    }
}

fn point<G: Game>(p: &G::Point, size: BoardSize) -> String {
    let mut out = Vec::new();
    G::write_point(p, size, &mut out);
    lossy(&out)
}

fn stone<G: Game>(s: &G::Stone, size: BoardSize) -> String {
    let mut out = Vec::new();
    G::write_stone(s, size, &mut out);
    lossy(&out)
}

/// Expands a compressed list: each point once, sorted by its text. A
/// rectangle whose corners have no cells stays a pair of its corners.
fn expand<T>(
    items: &[PointListItem<T>],
    cell: impl Fn(&T) -> Option<(u16, u16)>,
    at: impl Fn(u16, u16) -> Option<T>,
    write: impl Fn(&T) -> String,
) -> Vec<Item> {
    let mut out = Vec::new();
    for item in items {
        match item {
            PointListItem::Point(p) => out.push(Item::One(write(p))),
            PointListItem::Rectangle(a, b) => {
                let cells = cell(a)
                    .zip(cell(b))
                    .and_then(|(ca, cb)| grid::rectangle(ca, cb, MAX_EXPANDED_POINTS));
                match cells {
                    Some(cells) => {
                        for (c, r) in cells {
                            match at(c, r) {
                                Some(p) => out.push(Item::One(write(&p))),
                                None => return vec![Item::Pair(write(a), write(b))],
                            }
                        }
                    }
                    None => out.push(Item::Pair(write(a), write(b))),
                }
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

/// The meaning of property `ident` with raw values `raw` in a tree of game
/// `G` on a board of `size`.
pub(crate) fn items<G: Grid>(ident: &str, raw: &[&[u8]], size: BoardSize) -> Vec<Item> {
    let prop = Prop::<G>::parse(ident, raw, size);
    let Some(value) = prop.value() else {
        // Unknown identifiers and values that do not fit their type.
        return written(raw);
    };
    let one = |s: String| vec![Item::One(s)];
    match value {
        Value::None => one(String::new()),
        Value::Number(_) | Value::Real(_) | Value::Double(_) | Value::Color(_) | Value::Raw(_) => {
            written(raw)
        }
        Value::SimpleText(s) | Value::Text(s) => one(s),
        Value::Point(p) => one(point::<G>(&p, size)),
        Value::Stone(s) => one(stone::<G>(&s, size)),
        Value::Move(m) => {
            let mut out = Vec::new();
            G::write_move(&m, size, &mut out);
            one(lossy(&out))
        }
        Value::Points(v) => expand(
            &v,
            |p| grid::point_cell::<G>(p, size),
            |c, r| G::point_at(c, r, size),
            |p| point::<G>(p, size),
        ),
        Value::Stones(v) => expand(
            &v,
            |s| G::stone_cell_of(s, size),
            |c, r| G::stone_at(c, r, size),
            |s| stone::<G>(s, size),
        ),
        Value::PointPairs(v) => v
            .iter()
            .map(|(a, b)| Item::Pair(point::<G>(a, size), point::<G>(b, size)))
            .collect(),
        Value::Labels(v) => v
            .into_iter()
            .map(|(p, s)| Item::Pair(point::<G>(&p, size), s))
            .collect(),
        Value::StonePoints(v) => v
            .iter()
            .map(|(s, p)| Item::Pair(stone::<G>(s, size), point::<G>(p, size)))
            .collect(),
        Value::TextPair((a, b)) => vec![Item::Pair(a, b)],
        Value::TextPairs(v) => v.into_iter().map(|(a, b)| Item::Pair(a, b)).collect(),
        Value::Size(_) => raw
            .iter()
            .map(|v| match split_written(v) {
                (a, Some(b)) => Item::Pair(a, b),
                (a, None) => Item::One(a),
            })
            .collect(),
        Value::Figure(None) => one(String::new()),
        Value::Figure(Some((_, text))) => {
            let number = split_written(raw.first().copied().unwrap_or_default()).0;
            vec![Item::Pair(number, text)]
        }
        // A value type this crate does not know yet: as written.
        _ => written(raw),
    }
}
