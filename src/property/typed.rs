//! Typed property values: [`Value`], read by one interpreter of the table's
//! [`ValueType`], and [`Prop`], one variant per standard property.
//!
//! Reading goes identifier → [`lookup`] → [`ValueType`] → [`Value`] →
//! [`Prop`]; writing goes back the same way and always produces canonical
//! text (see [`Prop::to_raw`]). Nothing is dropped: an identifier the table
//! does not know becomes [`Prop::Unknown`], a value that does not fit its
//! type becomes [`Prop::Invalid`] with the reason, and both keep the raw
//! values so they print back unchanged.
//!
//! ```
//! use sgfkit::game::{BoardSize, go::{Go, Move, Point}};
//! use sgfkit::property::typed::Prop;
//!
//! let size = BoardSize::square(19);
//! let b: Prop<Go> = Prop::parse("B", &[b"pd"], size);
//! assert_eq!(b, Prop::B(Move::Play(Point::new(15, 3))));
//! let lb: Prop<Go> = Prop::parse("LB", &[b"dd:1\\:2"], size);
//! assert_eq!(lb, Prop::LB(vec![(Point::new(3, 3), "1:2".to_string())]));
//! // Canonical output: `:` escaped inside the compose, SZ[19] stays SZ[19].
//! assert_eq!(lb.to_raw(size), ("LB".to_string(), vec![b"dd:1\\:2".to_vec()]));
//! let sz: Prop<Go> = Prop::parse("SZ", &[b"19:19"], size);
//! assert_eq!(sz.to_raw(size).1, [b"19".to_vec()]);
//! // Values that do not fit their type are kept with the reason.
//! let km: Prop<Go> = Prop::parse("KM", &[b"6,5"], size);
//! assert!(matches!(km, Prop::Invalid { ref ident, .. } if ident == "KM"));
//! ```

use std::fmt;

use nom::Parser;

use crate::game::{BoardSize, Game};
use crate::grammar::value::{
    Color, Double, GridPoint, PointListError, PointListItem, Real, color, double, expand, number,
    real, value,
};
use crate::property::{ValueType, lookup};
use crate::text::{self, TextKind};

type E<'a> = nom::error::Error<&'a [u8]>;

/// A property value in its Rust type, for a game `G`.
///
/// Which variant a property gets depends only on its [`ValueType`] in the
/// table (see [`Value::parse`]). Texts are decoded (escapes and soft line
/// breaks removed) and converted to UTF-8 lossily; lists keep the file order.
/// Compressed point lists are kept as written ([`PointListItem`]s, not
/// expanded), so that printing gives back the same rectangles.
///
/// ```
/// use sgfkit::game::{BoardSize, go::{Go, Point}};
/// use sgfkit::grammar::value::PointListItem;
/// use sgfkit::property::{lookup, typed::Value};
///
/// let vt = lookup("AE", 1).unwrap().value_type;
/// let v: Value<Go> = Value::parse(&vt, &[b"aa:bb", b"cc"], BoardSize::square(19)).unwrap();
/// assert_eq!(
///     v,
///     Value::Points(vec![
///         PointListItem::Rectangle(Point::new(0, 0), Point::new(1, 1)),
///         PointListItem::Point(Point::new(2, 2)),
///     ])
/// );
/// ```
#[non_exhaustive]
pub enum Value<G: Game> {
    /// `none`: the single empty value `[]`.
    None,
    /// `number`.
    Number(i64),
    /// `real`, keeping its text.
    Real(Real),
    /// `double`.
    Double(Double),
    /// `color`.
    Color(Color),
    /// `simpletext`, decoded.
    SimpleText(String),
    /// `text`, decoded.
    Text(String),
    /// `point`.
    Point(G::Point),
    /// `move` (in Go `B[]` is a pass).
    Move(G::Move),
    /// `stone`.
    Stone(G::Stone),
    /// `list of point` or `elist of point` (empty only for an elist),
    /// compressed items kept.
    Points(Vec<PointListItem<G::Point>>),
    /// `list of stone`; rectangles only in games where a stone is a point.
    Stones(Vec<PointListItem<G::Stone>>),
    /// `list of composed point ':' point` (`AR`, `LN`).
    PointPairs(Vec<(G::Point, G::Point)>),
    /// `list of composed point ':' simpletext` (`LB`).
    Labels(Vec<(G::Point, String)>),
    /// `list of composed stone ':' point` (Octi `AS`).
    StonePoints(Vec<(G::Stone, G::Point)>),
    /// `composed simpletext ':' simpletext` (`AP`).
    TextPair((String, String)),
    /// `list of composed simpletext ':' simpletext`.
    TextPairs(Vec<(String, String)>),
    /// `number | composed number ':' number` (`SZ`): columns and rows, equal
    /// for a square board (printed then as one number).
    Size((i64, i64)),
    /// `none | composed number ':' simpletext` (`FG`).
    Figure(Option<(i64, String)>),
    /// A value type the table does not give (private properties): the raw
    /// values.
    Raw(Vec<Vec<u8>>),
}

macro_rules! value_impls {
    ($($v:ident),*) => {
        impl<G: Game> Clone for Value<G> {
            fn clone(&self) -> Self {
                match self {
                    Value::None => Value::None,
                    $( Value::$v(x) => Value::$v(x.clone()), )*
                }
            }
        }

        impl<G: Game> PartialEq for Value<G> {
            fn eq(&self, other: &Self) -> bool {
                match (self, other) {
                    (Value::None, Value::None) => true,
                    $( (Value::$v(x), Value::$v(y)) => x == y, )*
                    _ => false,
                }
            }
        }

        impl<G: Game> fmt::Debug for Value<G> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                match self {
                    Value::None => f.write_str("None"),
                    $( Value::$v(x) => f.debug_tuple(stringify!($v)).field(x).finish(), )*
                }
            }
        }
    };
}

value_impls!(
    Number,
    Real,
    Double,
    Color,
    SimpleText,
    Text,
    Point,
    Move,
    Stone,
    Points,
    Stones,
    PointPairs,
    Labels,
    StonePoints,
    TextPair,
    TextPairs,
    Size,
    Figure,
    Raw
);

/// The single value of a non-list property.
fn single<'a>(values: &[&'a [u8]]) -> Result<&'a [u8], String> {
    match values {
        [v] => Ok(v),
        _ => Err(format!("expected one value, found {}", values.len())),
    }
}

fn split(raw: &[u8]) -> Result<(&[u8], &[u8]), String> {
    text::find_unescaped(raw, b':')
        .map(|i| (&raw[..i], &raw[i + 1..]))
        .ok_or_else(|| "expected a composed value `a:b`".to_string())
}

fn lossy(raw: &[u8]) -> String {
    String::from_utf8_lossy(raw).into_owned()
}

fn read_number(raw: &[u8]) -> Result<i64, String> {
    value(number::<E>)
        .parse_complete(raw)
        .map(|(_, n)| n)
        .map_err(|_| format!("not a number: `{}`", lossy(raw)))
}

fn read_simple(raw: &[u8]) -> String {
    text::decode_str(raw, TextKind::SimpleText).into_owned()
}

fn game_err(what: &str, raw: &[u8], e: crate::game::ValueError<'_>) -> String {
    format!("not a {what}: `{}` ({})", lossy(raw), e.reason)
}

fn read_point<G: Game>(raw: &[u8], size: BoardSize) -> Result<G::Point, String> {
    G::read_point(raw, size).map_err(|e| game_err("point", raw, e))
}

fn read_stone<G: Game>(raw: &[u8], size: BoardSize) -> Result<G::Stone, String> {
    G::read_stone(raw, size).map_err(|e| game_err("stone", raw, e))
}

/// Runs `item` over the values: `list of` (at least one value) or, with
/// `empty_ok`, `elist of` (a single `[]` is the empty list).
fn read_list<T>(
    values: &[&[u8]],
    empty_ok: bool,
    mut item: impl FnMut(&[u8]) -> Result<T, String>,
) -> Result<Vec<T>, String> {
    if empty_ok && matches!(values, [v] if v.is_empty()) {
        return Ok(Vec::new());
    }
    if values.is_empty() {
        return Err("expected at least one value".to_string());
    }
    values
        .iter()
        .enumerate()
        .map(|(i, v)| item(v).map_err(|e| format!("value {}: {e}", i + 1)))
        .collect()
}

/// One item of a (possibly compressed) point list.
fn read_item<P: PartialEq>(
    raw: &[u8],
    compressed: bool,
    read: impl Fn(&[u8]) -> Result<P, String>,
) -> Result<PointListItem<P>, String> {
    match text::find_unescaped(raw, b':') {
        Some(i) if compressed => {
            let (a, b) = (read(&raw[..i])?, read(&raw[i + 1..])?);
            if a == b {
                Err(format!(
                    "1×1 rectangle `{}` (write a single point)",
                    lossy(raw)
                ))
            } else {
                Ok(PointListItem::Rectangle(a, b))
            }
        }
        _ => read(raw).map(PointListItem::Point),
    }
}

/// A board cell, for [`expand`].
#[derive(Clone, Copy, PartialEq, Eq)]
struct Cell(u16, u16);

impl GridPoint for Cell {
    fn col(&self) -> u16 {
        self.0
    }

    fn row(&self) -> u16 {
        self.1
    }

    fn at(col: u16, row: u16) -> Self {
        Cell(col, row)
    }
}

/// Checks a compressed point list (FF\[4\] §3.5.1): rectangles written
/// upper-left then lower-right, and no point given twice (overlap or
/// duplicate). Returns `false` without checking when the game's points are
/// not on a grid (`cell` gives `None`).
fn check_grid<P>(
    items: &[PointListItem<P>],
    values: &[&[u8]],
    cell: impl Fn(&P) -> Option<(u16, u16)>,
) -> Result<bool, String> {
    let shown = |i: usize| lossy(values.get(i).copied().unwrap_or_default());
    let cells: Option<Vec<PointListItem<Cell>>> = items
        .iter()
        .map(|item| {
            Some(match item {
                PointListItem::Point(p) => PointListItem::Point(cell(p).map(|(c, r)| Cell(c, r))?),
                PointListItem::Rectangle(a, b) => {
                    let (a, b) = (cell(a)?, cell(b)?);
                    PointListItem::Rectangle(Cell(a.0, a.1), Cell(b.0, b.1))
                }
            })
        })
        .collect();
    let Some(cells) = cells else {
        return Ok(false);
    };
    expand(&cells).map(|_| true).map_err(|e| match e {
        PointListError::ReversedRectangle { index } => format!(
            "value {}: rectangle `{}` is not written upper-left:lower-right",
            index + 1,
            shown(index)
        ),
        PointListError::Duplicate { index, first, .. } if index == first => format!(
            "value {}: `{}` gives a point twice",
            index + 1,
            shown(index)
        ),
        PointListError::Duplicate { index, first, .. } => format!(
            "value {}: `{}` gives a point already given by value {} `{}`",
            index + 1,
            shown(index),
            first + 1,
            shown(first)
        ),
        e => format!("value {}: `{}`: {e}", e.index() + 1, shown(e.index())),
    })
}

/// Without a grid: no single point given twice (rectangles are not
/// checked).
fn check_distinct<P: std::hash::Hash + Eq>(
    items: &[PointListItem<P>],
    values: &[&[u8]],
) -> Result<(), String> {
    let mut seen = std::collections::HashMap::new();
    for (i, item) in items.iter().enumerate() {
        if let PointListItem::Point(p) = item
            && let Some(first) = seen.insert(p, i)
        {
            return Err(format!(
                "value {}: `{}` is already given by value {}",
                i + 1,
                lossy(values.get(i).copied().unwrap_or_default()),
                first + 1
            ));
        }
    }
    Ok(())
}

impl<G: Game> Value<G> {
    /// Reads raw values (escapes intact, as between `[` and `]`) as a value
    /// of type `vt` on a board of `size`.
    ///
    /// Compressed point lists (`list of point`, and `list of stone` in games
    /// whose stones are points) are checked as FF\[4\] §3.5.1 asks, on the
    /// grid the game gives ([`Game::point_cell`]): no 1×1 rectangle, each
    /// rectangle written upper-left `:` lower-right, and no point given twice
    /// (duplicates or overlapping rectangles). The items are kept as written.
    ///
    /// # Errors
    /// A message saying why the values do not fit `vt`.
    ///
    /// ```
    /// use sgfkit::game::{BoardSize, go::Go};
    /// use sgfkit::property::{ValueType, typed::Value};
    ///
    /// let size = BoardSize::square(19);
    /// assert_eq!(Value::<Go>::parse(&ValueType::Number, &[b"3"], size), Ok(Value::Number(3)));
    /// assert!(Value::<Go>::parse(&ValueType::Number, &[b"3", b"4"], size).is_err());
    /// let points = ValueType::List(&ValueType::Point);
    /// let reversed = Value::<Go>::parse(&points, &[b"cc:aa"], size).unwrap_err();
    /// assert!(reversed.contains("upper-left:lower-right"));
    /// let overlap = Value::<Go>::parse(&points, &[b"aa:cc", b"bb"], size).unwrap_err();
    /// assert!(overlap.contains("already given by value 1"));
    /// ```
    pub fn parse(vt: &ValueType, values: &[&[u8]], size: BoardSize) -> Result<Value<G>, String> {
        use ValueType as V;
        match *vt {
            V::None => match single(values)? {
                [] => Ok(Value::None),
                v => Err(format!("expected an empty value, found `{}`", lossy(v))),
            },
            V::Number => read_number(single(values)?).map(Value::Number),
            V::Real => {
                let v = single(values)?;
                value(real::<E>)
                    .parse_complete(v)
                    .map(|(_, r)| Value::Real(r))
                    .map_err(|_| format!("not a real: `{}`", lossy(v)))
            }
            V::Double => {
                let v = single(values)?;
                value(double::<E>)
                    .parse_complete(v)
                    .map(|(_, d)| Value::Double(d))
                    .map_err(|_| format!("not a double (1 or 2): `{}`", lossy(v)))
            }
            V::Color => {
                let v = single(values)?;
                value(color::<E>)
                    .parse_complete(v)
                    .map(|(_, c)| Value::Color(c))
                    .map_err(|_| format!("not a color (B or W): `{}`", lossy(v)))
            }
            V::SimpleText => Ok(Value::SimpleText(read_simple(single(values)?))),
            V::Text => Ok(Value::Text(
                text::decode_str(single(values)?, TextKind::Text).into_owned(),
            )),
            V::Point => read_point::<G>(single(values)?, size).map(Value::Point),
            V::Stone => read_stone::<G>(single(values)?, size).map(Value::Stone),
            V::Move => {
                let v = single(values)?;
                G::read_move(v, size)
                    .map(Value::Move)
                    .map_err(|e| game_err("move", v, e))
            }
            V::Compose(V::SimpleText, V::SimpleText) => {
                let (a, b) = split(single(values)?)?;
                Ok(Value::TextPair((read_simple(a), read_simple(b))))
            }
            V::Either(V::Number, V::Compose(V::Number, V::Number)) => {
                let v = single(values)?;
                let (c, r) = match text::find_unescaped(v, b':') {
                    Some(i) => (read_number(&v[..i])?, read_number(&v[i + 1..])?),
                    None => read_number(v).map(|n| (n, n))?,
                };
                if c < 1 || r < 1 {
                    Err(format!("a board is at least 1×1, not `{}`", lossy(v)))
                } else {
                    Ok(Value::Size((c, r)))
                }
            }
            V::Either(V::None, V::Compose(V::Number, V::SimpleText)) => match single(values)? {
                [] => Ok(Value::Figure(None)),
                v => {
                    let (a, b) = split(v)?;
                    Ok(Value::Figure(Some((read_number(a)?, read_simple(b)))))
                }
            },
            V::List(e) | V::EList(e) => {
                let empty_ok = vt.is_elist();
                match *e {
                    V::Point => {
                        let items = read_list(values, empty_ok, |v| {
                            read_item(v, true, |p| read_point::<G>(p, size))
                        })?;
                        if !check_grid(&items, values, |p| G::point_cell(p, size))? {
                            check_distinct(&items, values)?;
                        }
                        Ok(Value::Points(items))
                    }
                    V::Stone => {
                        let items = read_list(values, empty_ok, |v| {
                            read_item(v, G::STONE_IS_POINT, |p| read_stone::<G>(p, size))
                        })?;
                        if G::STONE_IS_POINT {
                            check_grid(&items, values, |s| G::stone_cell(s, size))?;
                        }
                        Ok(Value::Stones(items))
                    }
                    V::Compose(V::Point, V::Point) => {
                        let mut seen = std::collections::HashSet::new();
                        read_list(values, empty_ok, |v| {
                            let (a, b) = split(v)?;
                            let (a, b) = (read_point::<G>(a, size)?, read_point::<G>(b, size)?);
                            if a == b {
                                Err(format!("both ends are the same point `{}`", lossy(v)))
                            } else if !seen.insert((a.clone(), b.clone())) {
                                Err(format!("`{}` is given twice", lossy(v)))
                            } else {
                                Ok((a, b))
                            }
                        })
                        .map(Value::PointPairs)
                    }
                    V::Compose(V::Point, V::SimpleText) => read_list(values, empty_ok, |v| {
                        let (a, b) = split(v)?;
                        Ok((read_point::<G>(a, size)?, read_simple(b)))
                    })
                    .map(Value::Labels),
                    V::Compose(V::Stone, V::Point) => read_list(values, empty_ok, |v| {
                        let (a, b) = split(v)?;
                        Ok((read_stone::<G>(a, size)?, read_point::<G>(b, size)?))
                    })
                    .map(Value::StonePoints),
                    V::Compose(V::SimpleText, V::SimpleText) => read_list(values, empty_ok, |v| {
                        let (a, b) = split(v)?;
                        Ok((read_simple(a), read_simple(b)))
                    })
                    .map(Value::TextPairs),
                    _ => Ok(Value::Raw(values.iter().map(|v| v.to_vec()).collect())),
                }
            }
            _ => Ok(Value::Raw(values.iter().map(|v| v.to_vec()).collect())),
        }
    }

    /// The canonical raw values (escapes in place, without brackets): `]`
    /// and `\` always escaped, `:` escaped only inside composed values, an
    /// empty list as one `[]`, a square size as one number.
    ///
    /// ```
    /// use sgfkit::game::{BoardSize, go::Go};
    /// use sgfkit::property::typed::Value;
    ///
    /// let size = BoardSize::square(19);
    /// let v: Value<Go> = Value::TextPair(("My:App".into(), "1.0]".into()));
    /// assert_eq!(v.to_raw(size), [b"My\\:App:1.0\\]".to_vec()]);
    /// assert_eq!(Value::<Go>::Size((19, 19)).to_raw(size), [b"19".to_vec()]);
    /// assert_eq!(Value::<Go>::Points(vec![]).to_raw(size), [b"".to_vec()]);
    /// ```
    pub fn to_raw(&self, size: BoardSize) -> Vec<Vec<u8>> {
        fn enc(s: &str, compose: bool) -> Vec<u8> {
            text::encode(s, compose).into_owned().into_bytes()
        }
        fn pair(mut a: Vec<u8>, b: Vec<u8>) -> Vec<u8> {
            a.push(b':');
            a.extend_from_slice(&b);
            a
        }
        fn nonempty(v: Vec<Vec<u8>>) -> Vec<Vec<u8>> {
            if v.is_empty() { vec![Vec::new()] } else { v }
        }
        let point = |p: &G::Point| {
            let mut out = Vec::new();
            G::write_point(p, size, &mut out);
            out
        };
        let stone = |s: &G::Stone| {
            let mut out = Vec::new();
            G::write_stone(s, size, &mut out);
            out
        };
        fn items<P>(v: &[PointListItem<P>], w: impl Fn(&P) -> Vec<u8>) -> Vec<Vec<u8>> {
            nonempty(
                v.iter()
                    .map(|i| match i {
                        PointListItem::Point(p) => w(p),
                        PointListItem::Rectangle(a, b) => pair(w(a), w(b)),
                    })
                    .collect(),
            )
        }
        match self {
            Value::None => vec![Vec::new()],
            Value::Number(n) => vec![n.to_string().into_bytes()],
            Value::Real(r) => vec![r.as_str().as_bytes().to_vec()],
            Value::Double(d) => vec![d.to_string().into_bytes()],
            Value::Color(c) => vec![c.to_string().into_bytes()],
            Value::SimpleText(s) | Value::Text(s) => vec![enc(s, false)],
            Value::Point(p) => vec![point(p)],
            Value::Stone(s) => vec![stone(s)],
            Value::Move(m) => {
                let mut out = Vec::new();
                G::write_move(m, size, &mut out);
                vec![out]
            }
            Value::Points(v) => items(v, point),
            Value::Stones(v) => items(v, stone),
            Value::PointPairs(v) => {
                nonempty(v.iter().map(|(a, b)| pair(point(a), point(b))).collect())
            }
            Value::Labels(v) => nonempty(
                v.iter()
                    .map(|(a, b)| pair(point(a), enc(b, true)))
                    .collect(),
            ),
            Value::StonePoints(v) => {
                nonempty(v.iter().map(|(a, b)| pair(stone(a), point(b))).collect())
            }
            Value::TextPair((a, b)) => vec![pair(enc(a, true), enc(b, true))],
            Value::TextPairs(v) => nonempty(
                v.iter()
                    .map(|(a, b)| pair(enc(a, true), enc(b, true)))
                    .collect(),
            ),
            Value::Size((c, r)) if c == r => vec![c.to_string().into_bytes()],
            Value::Size((c, r)) => vec![format!("{c}:{r}").into_bytes()],
            Value::Figure(None) => vec![Vec::new()],
            Value::Figure(Some((n, s))) => vec![pair(n.to_string().into_bytes(), enc(s, true))],
            Value::Raw(v) => nonempty(v.clone()),
        }
    }
}

mod standard;
pub use standard::{Prop, TYPED_IDENTS};

#[cfg(test)]
mod tests;
