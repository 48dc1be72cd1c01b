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

macro_rules! props {
    ($( $id:ident => $kind:ident $(($t:ty))?, $doc:literal; )*) => {
        /// A property with its value in its Rust type, for a game `G`.
        ///
        /// There is one variant per general FF\[4\] property and per Go
        /// property (`HA`, `KM`, `TB`, `TW`), named by its identifier.
        /// Other properties of the table (obsolete FF\[1\]–FF\[3\] ones,
        /// private ones, those of other games) are [`Prop::Other`] with a
        /// [`Value`]. Point lists keep their compressed items
        /// ([`PointListItem`]) in file order.
        ///
        /// ```
        /// use sgfkit::game::{BoardSize, go::Go};
        /// use sgfkit::property::typed::Prop;
        ///
        /// let size = BoardSize::square(19);
        /// let p: Prop<Go> = Prop::parse("PB", &[b"Go Seigen"], size);
        /// assert_eq!(p, Prop::PB("Go Seigen".to_string()));
        /// assert_eq!(p.ident(), "PB");
        /// let x: Prop<Go> = Prop::parse("XY", &[b"1"], size);
        /// assert_eq!(x, Prop::Unknown { ident: "XY".into(), values: vec![b"1".to_vec()] });
        /// ```
        #[allow(clippy::upper_case_acronyms)]
        #[non_exhaustive]
        pub enum Prop<G: Game> {
            $(
                #[doc = $doc]
                $id $(($t))?,
            )*
            /// A property of the table without a variant of its own (an
            /// obsolete, private or other-game property).
            Other {
                /// The identifier.
                ident: String,
                /// The typed value.
                value: Value<G>,
            },
            /// An identifier the table does not know: the raw values.
            Unknown {
                /// The identifier.
                ident: String,
                /// The raw values, escapes intact.
                values: Vec<Vec<u8>>,
            },
            /// A value that does not fit the property's type: the raw values
            /// and the reason.
            Invalid {
                /// The identifier.
                ident: String,
                /// The raw values, escapes intact.
                values: Vec<Vec<u8>>,
                /// Why the values do not fit.
                reason: String,
            },
        }

        impl<G: Game> Prop<G> {
            /// The identifier.
            ///
            /// ```
            /// use sgfkit::property::typed::Prop;
            /// assert_eq!(Prop::<sgfkit::game::go::Go>::KM("6.5".parse().unwrap()).ident(), "KM");
            /// ```
            pub fn ident(&self) -> &str {
                match self {
                    $( props!(@pat $id $kind $(($t))?) => stringify!($id), )*
                    Prop::Other { ident, .. }
                    | Prop::Unknown { ident, .. }
                    | Prop::Invalid { ident, .. } => ident,
                }
            }

            /// The typed value (`None` for [`Prop::Unknown`] and
            /// [`Prop::Invalid`]).
            ///
            /// ```
            /// use sgfkit::property::typed::{Prop, Value};
            /// let p = Prop::<sgfkit::game::go::Go>::HA(3);
            /// assert_eq!(p.value(), Some(Value::Number(3)));
            /// ```
            pub fn value(&self) -> Option<Value<G>> {
                match self {
                    $( props!(@bind $id x $(($t))?) => Some(props!(@wrap $kind x)), )*
                    Prop::Other { value, .. } => Some(value.clone()),
                    Prop::Unknown { .. } | Prop::Invalid { .. } => None,
                }
            }

            /// The typed value, moved out (`None` for [`Prop::Unknown`] and
            /// [`Prop::Invalid`]): [`Prop::value`] without the copy.
            ///
            /// ```
            /// use sgfkit::property::typed::{Prop, Value};
            /// let p = Prop::<sgfkit::game::go::Go>::PB("Anna".into());
            /// assert_eq!(p.into_value(), Some(Value::SimpleText("Anna".into())));
            /// ```
            pub fn into_value(self) -> Option<Value<G>> {
                match self {
                    $( props!(@bind $id x $(($t))?) => Some(props!(@move $kind x)), )*
                    Prop::Other { value, .. } => Some(value),
                    Prop::Unknown { .. } | Prop::Invalid { .. } => None,
                }
            }

            /// The property `ident` with a value read for its type.
            pub(crate) fn from_value(ident: &str, value: Value<G>) -> Prop<G> {
                match (ident, value) {
                    $( (stringify!($id), props!(@unwrap $kind x)) => props!(@build $id $kind x $(($t))?), )*
                    (ident, value) => Prop::Other { ident: ident.to_string(), value },
                }
            }
        }

        impl<G: Game> Clone for Prop<G> {
            fn clone(&self) -> Self {
                match self {
                    $( props!(@bind $id x $(($t))?) => props!(@bind $id (x.clone()) $(($t))?), )*
                    Prop::Other { ident, value } => Prop::Other { ident: ident.clone(), value: value.clone() },
                    Prop::Unknown { ident, values } => Prop::Unknown { ident: ident.clone(), values: values.clone() },
                    Prop::Invalid { ident, values, reason } => Prop::Invalid {
                        ident: ident.clone(),
                        values: values.clone(),
                        reason: reason.clone(),
                    },
                }
            }
        }

        impl<G: Game> PartialEq for Prop<G> {
            fn eq(&self, other: &Self) -> bool {
                match (self, other) {
                    $( (props!(@bind $id x $(($t))?), props!(@bind $id y $(($t))?)) => props!(@eq x y $(($t))?), )*
                    (Prop::Other { ident: a, value: x }, Prop::Other { ident: b, value: y }) => a == b && x == y,
                    (Prop::Unknown { ident: a, values: x }, Prop::Unknown { ident: b, values: y }) => a == b && x == y,
                    (
                        Prop::Invalid { ident: a, values: x, reason: r },
                        Prop::Invalid { ident: b, values: y, reason: q },
                    ) => a == b && x == y && r == q,
                    _ => false,
                }
            }
        }

        impl<G: Game> fmt::Debug for Prop<G> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                match self {
                    $( props!(@bind $id x $(($t))?) => props!(@dbg f $id x $(($t))?), )*
                    Prop::Other { ident, value } => f.debug_struct("Other").field("ident", ident).field("value", value).finish(),
                    Prop::Unknown { ident, values } => f
                        .debug_struct("Unknown")
                        .field("ident", ident)
                        .field("values", &values.iter().map(|v| String::from_utf8_lossy(v)).collect::<Vec<_>>())
                        .finish(),
                    Prop::Invalid { ident, values, reason } => f
                        .debug_struct("Invalid")
                        .field("ident", ident)
                        .field("values", &values.iter().map(|v| String::from_utf8_lossy(v)).collect::<Vec<_>>())
                        .field("reason", reason)
                        .finish(),
                }
            }
        }

        /// Every identifier with a variant of its own in [`Prop`].
        pub const TYPED_IDENTS: &[&str] = &[$(stringify!($id)),*];
    };
    (@pat $id:ident $kind:ident ($t:ty)) => { Prop::$id(_) };
    (@pat $id:ident $kind:ident) => { Prop::$id };
    (@bind $id:ident $x:ident ($t:ty)) => { Prop::$id($x) };
    (@bind $id:ident $x:ident) => { Prop::$id };
    (@bind $id:ident ($e:expr) ($t:ty)) => { Prop::$id($e) };
    (@bind $id:ident ($e:expr)) => { Prop::$id };
    (@eq $x:ident $y:ident ($t:ty)) => { $x == $y };
    (@eq $x:ident $y:ident) => { true };
    (@dbg $f:ident $id:ident $x:ident ($t:ty)) => { $f.debug_tuple(stringify!($id)).field($x).finish() };
    (@dbg $f:ident $id:ident $x:ident) => { $f.write_str(stringify!($id)) };
    (@wrap None $x:ident) => { Value::None };
    (@wrap $kind:ident $x:ident) => { Value::$kind($x.clone()) };
    (@move None $x:ident) => { Value::None };
    (@move $kind:ident $x:ident) => { Value::$kind($x) };
    (@unwrap None $x:ident) => { Value::None };
    (@unwrap $kind:ident $x:ident) => { Value::$kind($x) };
    (@build $id:ident None $x:ident) => { Prop::$id };
    (@build $id:ident $kind:ident $x:ident ($t:ty)) => { Prop::$id($x) };
}

props! {
    AB => Stones(Vec<PointListItem<G::Stone>>), "Add Black (setup): stones, compressed items kept.";
    AE => Points(Vec<PointListItem<G::Point>>), "Add Empty (setup).";
    AN => SimpleText(String), "Annotation: who commented the game.";
    AP => TextPair((String, String)), "Application: name and version.";
    AR => PointPairs(Vec<(G::Point, G::Point)>), "Arrows: from and to.";
    AW => Stones(Vec<PointListItem<G::Stone>>), "Add White (setup).";
    B => Move(G::Move), "Black's move.";
    BL => Real(Real), "Black time left, seconds.";
    BM => Double(Double), "Bad move.";
    BR => SimpleText(String), "Black rank.";
    BT => SimpleText(String), "Black team.";
    C => Text(String), "Comment.";
    CA => SimpleText(String), "Charset.";
    CP => SimpleText(String), "Copyright.";
    CR => Points(Vec<PointListItem<G::Point>>), "Circle markup.";
    DD => Points(Vec<PointListItem<G::Point>>), "Dim points (inherited; empty: undim all).";
    DM => Double(Double), "Even position.";
    DO => None, "Doubtful move.";
    DT => SimpleText(String), "Date.";
    EV => SimpleText(String), "Event.";
    FF => Number(i64), "File format.";
    FG => Figure(Option<(i64, String)>), "Figure: flags and name, or none.";
    GB => Double(Double), "Good for Black.";
    GC => Text(String), "Game comment.";
    GM => Number(i64), "Game type.";
    GN => SimpleText(String), "Game name.";
    GW => Double(Double), "Good for White.";
    HA => Number(i64), "Handicap (Go).";
    HO => Double(Double), "Hotspot.";
    IT => None, "Interesting move.";
    KM => Real(Real), "Komi (Go).";
    KO => None, "Execute an illegal move.";
    LB => Labels(Vec<(G::Point, String)>), "Labels.";
    LN => PointPairs(Vec<(G::Point, G::Point)>), "Lines.";
    MA => Points(Vec<PointListItem<G::Point>>), "Cross markup.";
    MN => Number(i64), "Set move number.";
    N => SimpleText(String), "Node name.";
    OB => Number(i64), "Overtime moves left, Black.";
    ON => SimpleText(String), "Opening.";
    OT => SimpleText(String), "Overtime method.";
    OW => Number(i64), "Overtime moves left, White.";
    PB => SimpleText(String), "Black player.";
    PC => SimpleText(String), "Place.";
    PL => Color(Color), "Player to move.";
    PM => Number(i64), "Print move mode (inherited).";
    PW => SimpleText(String), "White player.";
    RE => SimpleText(String), "Result.";
    RO => SimpleText(String), "Round.";
    RU => SimpleText(String), "Rules.";
    SL => Points(Vec<PointListItem<G::Point>>), "Selected points.";
    SO => SimpleText(String), "Source.";
    SQ => Points(Vec<PointListItem<G::Point>>), "Square markup.";
    ST => Number(i64), "Variation style.";
    SZ => Size((i64, i64)), "Board size: columns and rows (equal for `SZ[n]`).";
    TB => Points(Vec<PointListItem<G::Point>>), "Black territory (Go).";
    TE => Double(Double), "Tesuji.";
    TM => Real(Real), "Time limit, seconds.";
    TR => Points(Vec<PointListItem<G::Point>>), "Triangle markup.";
    TW => Points(Vec<PointListItem<G::Point>>), "White territory (Go).";
    UC => Double(Double), "Unclear position.";
    US => SimpleText(String), "User (who entered the game).";
    V => Real(Real), "Value (estimated score).";
    VW => Points(Vec<PointListItem<G::Point>>), "View (inherited; empty: whole board).";
    W => Move(G::Move), "White's move.";
    WL => Real(Real), "White time left, seconds.";
    WR => SimpleText(String), "White rank.";
    WT => SimpleText(String), "White team.";
}

impl<G: Game> Prop<G> {
    /// Reads property `ident` (FF\[4\] form) from its raw values (escapes
    /// intact) on a board of `size`, for game `G`.
    ///
    /// Never fails: see [`Prop::Unknown`] and [`Prop::Invalid`].
    ///
    /// ```
    /// use sgfkit::game::{BoardSize, go::Go};
    /// use sgfkit::property::typed::Prop;
    ///
    /// let size = BoardSize::square(19);
    /// assert_eq!(Prop::<Go>::parse("DD", &[b""], size), Prop::DD(vec![]));
    /// assert!(matches!(Prop::<Go>::parse("AB", &[b"aa:aa"], size), Prop::Invalid { .. }));
    /// ```
    pub fn parse(ident: &str, raw_values: &[&[u8]], size: BoardSize) -> Prop<G> {
        let raw = || raw_values.iter().map(|v| v.to_vec()).collect();
        let Some(info) = lookup(ident, G::GM) else {
            return Prop::Unknown {
                ident: ident.to_string(),
                values: raw(),
            };
        };
        match Value::parse(&info.value_type, raw_values, size) {
            Ok(value) => Prop::from_value(info.ident, value),
            Err(reason) => Prop::Invalid {
                ident: ident.to_string(),
                values: raw(),
                reason,
            },
        }
    }

    /// The identifier and canonical raw values (escapes in place, without
    /// brackets), ready for [`Collection::set_property`](crate::Collection::set_property).
    /// [`Prop::Unknown`] and [`Prop::Invalid`] give their raw values back
    /// unchanged.
    ///
    /// ```
    /// use sgfkit::game::{BoardSize, go::Go};
    /// use sgfkit::property::typed::Prop;
    ///
    /// let size = BoardSize::square(19);
    /// let c: Prop<Go> = Prop::C("a]b\\c:d".to_string());
    /// assert_eq!(c.to_raw(size), ("C".to_string(), vec![b"a\\]b\\\\c:d".to_vec()]));
    /// ```
    pub fn to_raw(&self, size: BoardSize) -> (String, Vec<Vec<u8>>) {
        let values = match self {
            Prop::Unknown { values, .. } | Prop::Invalid { values, .. } => values.clone(),
            _ => self.value().map(|v| v.to_raw(size)).unwrap_or_default(),
        };
        (self.ident().to_string(), values)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::go::{Go, Move, Point};

    const S19: BoardSize = BoardSize::square(19);

    fn p(ident: &str, values: &[&[u8]]) -> Prop<Go> {
        Prop::parse(ident, values, S19)
    }

    /// A valid Go value of type `vt`.
    fn sample(vt: &ValueType) -> &'static [&'static [u8]] {
        use ValueType as V;
        match *vt {
            V::None => &[b""],
            V::Number | V::Double => &[b"1"],
            V::Real => &[b"1.5"],
            V::Color => &[b"B"],
            V::SimpleText | V::Text => &[b"x"],
            V::Point | V::Move | V::Stone => &[b"aa"],
            V::List(V::Compose(V::Point, V::Point)) => &[b"aa:bb"],
            V::List(V::Compose(_, _)) | V::Compose(_, _) => &[b"aa:x"],
            V::List(_) | V::EList(_) => &[b"aa"],
            V::Either(V::Number, _) => &[b"19"],
            V::Either(_, _) => &[b"1:x"],
            V::Unknown => &[b"?"],
        }
    }

    #[test]
    fn variants_match_the_table() {
        // Reading through the table's ValueType lands in the property's own
        // variant, and printing gives the sample back.
        for id in TYPED_IDENTS {
            let info = lookup(id, 1).unwrap();
            let raw = sample(&info.value_type);
            let prop = p(id, raw);
            assert!(
                !matches!(
                    prop,
                    Prop::Other { .. } | Prop::Invalid { .. } | Prop::Unknown { .. }
                ),
                "{id}: {prop:?}"
            );
            assert_eq!(
                prop.to_raw(S19),
                (id.to_string(), raw.iter().map(|v| v.to_vec()).collect())
            );
        }
    }

    mod props {
        use super::*;
        use crate::property::strategies::{self as st, go_value};
        use proptest::prelude::*;

        fn round_trip(vt: &ValueType, v: &Value<Go>) {
            let raw = v.to_raw(S19);
            let refs: Vec<&[u8]> = raw.iter().map(|r| r.as_slice()).collect();
            assert_eq!(
                Value::<Go>::parse(vt, &refs, S19).as_ref(),
                Ok(v),
                "{vt}: {raw:?}"
            );
        }

        proptest! {
            #[test]
            fn every_value_type_reads_back_what_it_writes(
                (id, v) in prop::sample::select(TYPED_IDENTS.to_vec()).prop_flat_map(|id| {
                    let vt = lookup(id, 1).unwrap().value_type;
                    go_value(&vt).unwrap().prop_map(move |v| (id, v))
                })
            ) {
                round_trip(&lookup(id, 1).unwrap().value_type, &v);
            }

            #[test]
            fn simple_text_decode_encode(s in st::simple_text(), compose in any::<bool>()) {
                let raw = text::encode(&s, compose);
                prop_assert_eq!(text::decode_str(raw.as_bytes(), TextKind::SimpleText), s.as_str());
            }

            #[test]
            fn text_decode_encode(s in st::text()) {
                let raw = text::encode(&s, false);
                prop_assert_eq!(text::decode_str(raw.as_bytes(), TextKind::Text), s.as_str());
            }

            #[test]
            fn props_read_back(prop in st::go_prop()) {
                let (ident, raw) = prop.to_raw(S19);
                let refs: Vec<&[u8]> = raw.iter().map(|r| r.as_slice()).collect();
                prop_assert_eq!(Prop::<Go>::parse(&ident, &refs, S19), prop);
            }

            #[test]
            fn arbitrary_values_never_panic(
                id in "[A-Z]{1,2}",
                values in prop::collection::vec(prop::collection::vec(any::<u8>(), 0..6), 0..4),
            ) {
                let refs: Vec<&[u8]> = values.iter().map(|r| r.as_slice()).collect();
                let p = Prop::<Go>::parse(&id, &refs, S19);
                let _ = p.to_raw(S19);
            }
        }
    }

    /// Examples from the FF[4] property descriptions (red-bean
    /// properties.txt).
    #[test]
    fn spec_examples() {
        // AR, LN: no one-point arrow or line, no arrow given twice.
        assert!(matches!(p("AR", &[b"cc:cc"]), Prop::Invalid { .. }));
        assert!(matches!(p("LN", &[b"cc:cc"]), Prop::Invalid { .. }));
        assert!(matches!(
            p("AR", &[b"aa:bb", b"aa:bb"]),
            Prop::Invalid { .. }
        ));
        let ar = p("AR", &[b"aa:bb", b"bb:aa"]);
        assert!(matches!(ar, Prop::AR(ref v) if v.len() == 2));
        // DD[] and VW[] clear the setting.
        assert_eq!(p("DD", &[b""]), Prop::DD(vec![]));
        assert_eq!(p("VW", &[b""]), Prop::VW(vec![]));
        // SZ: a single number is a square; SZ[19:19] is not canonical and
        // is written SZ[19]; a board is at least 1×1.
        assert_eq!(p("SZ", &[b"19"]).to_raw(S19).1, [b"19".to_vec()]);
        assert_eq!(p("SZ", &[b"19:19"]).to_raw(S19).1, [b"19".to_vec()]);
        assert_eq!(p("SZ", &[b"12:7"]), Prop::SZ((12, 7)));
        assert!(matches!(p("SZ", &[b"0"]), Prop::Invalid { .. }));
        // ST: 3 = no board markup, variations of the current node.
        assert_eq!(p("ST", &[b"3"]), Prop::ST(3));
        // DT and RE are simple texts with a recommended format.
        let dt = "1996-12-27,28,1997-01-03,04";
        assert_eq!(p("DT", &[dt.as_bytes()]), Prop::DT(dt.into()));
        for re in ["B+0.5", "W+64", "B+12.5", "B+R", "0", "?"] {
            assert_eq!(p("RE", &[re.as_bytes()]), Prop::RE(re.into()));
        }
        // KM is a real, FG is none or a composed number and text.
        assert_eq!(p("KM", &[b"5.5"]).to_raw(S19).1, [b"5.5".to_vec()]);
        assert_eq!(
            p("FG", &[b"1:Figure 1"]),
            Prop::FG(Some((1, "Figure 1".into())))
        );
        // PL is a color, GB/GW a double.
        assert_eq!(p("PL", &[b"W"]), Prop::PL(Color::White));
        assert_eq!(p("GB", &[b"2"]), Prop::GB(Double::Emphasized));
        assert!(matches!(p("GB", &[b"3"]), Prop::Invalid { .. }));
    }

    #[test]
    fn moves_and_points() {
        assert_eq!(p("B", &[b""]), Prop::B(Move::Pass));
        assert_eq!(p("W", &[b"aa"]), Prop::W(Move::Play(Point::new(0, 0))));
        assert!(matches!(p("B", &[b"zz"]), Prop::Invalid { .. }));
        assert!(matches!(p("B", &[b"aa", b"bb"]), Prop::Invalid { .. }));
        assert_eq!(
            p("AB", &[b"aa:bb", b"cc"]),
            Prop::AB(vec![
                PointListItem::Rectangle(Point::new(0, 0), Point::new(1, 1)),
                PointListItem::Point(Point::new(2, 2)),
            ])
        );
        assert!(matches!(p("AB", &[b""]), Prop::Invalid { .. }));
        assert_eq!(p("VW", &[b""]), Prop::VW(vec![]));
        assert_eq!(p("TB", &[b""]), Prop::TB(vec![]));
    }

    #[test]
    fn composes_and_escapes() {
        let ap = p("AP", &[b"My\\:App:1.0"]);
        assert_eq!(ap, Prop::AP(("My:App".into(), "1.0".into())));
        assert_eq!(ap.to_raw(S19).1, [b"My\\:App:1.0".to_vec()]);
        let c = p("C", &[b"x\\]y"]);
        assert_eq!(c, Prop::C("x]y".into()));
        assert_eq!(c.to_raw(S19).1, [b"x\\]y".to_vec()]);
        assert_eq!(p("SZ", &[b"19"]), Prop::SZ((19, 19)));
        assert_eq!(p("SZ", &[b"9:13"]).to_raw(S19).1, [b"9:13".to_vec()]);
        assert_eq!(p("FG", &[b""]), Prop::FG(None));
        assert_eq!(
            p("FG", &[b"257:Fig 1"]),
            Prop::FG(Some((257, "Fig 1".into())))
        );
        assert!(matches!(p("AR", &[b"aa:aa"]), Prop::Invalid { .. }));
    }

    #[test]
    fn others_and_unknown() {
        assert!(matches!(
            p("KI", &[b"3"]),
            Prop::Other {
                value: Value::Number(3),
                ..
            }
        ));
        assert!(matches!(
            p("CI", &[b"x"]),
            Prop::Other {
                value: Value::Raw(_),
                ..
            }
        ));
        assert!(matches!(p("ZZ", &[b"x"]), Prop::Unknown { .. }));
        // Go's properties are unknown in other games.
        let ha = Prop::<crate::game::hex::Hex>::parse("HA", &[b"3"], BoardSize::square(11));
        assert!(matches!(ha, Prop::Unknown { .. }));
    }
}

#[cfg(test)]
mod point_list_tests {
    use super::*;
    use crate::game::{
        backgammon::Backgammon, go::Go, hex::Hex, lines_of_action::LinesOfAction, octi::Octi,
        raw::Othello,
    };

    fn reason<G: Game>(ident: &str, values: &[&[u8]], size: BoardSize) -> Option<String> {
        match Prop::<G>::parse(ident, values, size) {
            Prop::Invalid { reason, .. } => Some(reason),
            _ => None,
        }
    }

    #[test]
    fn rectangles_and_duplicates() {
        let s19 = BoardSize::square(19);
        // Reversed rectangles, in both directions.
        for bad in [&b"cc:aa"[..], b"ca:ac", b"ac:ca"] {
            let r = reason::<Go>("AB", &[bad], s19).unwrap();
            assert!(r.contains("upper-left:lower-right"), "{r}");
            assert!(reason::<Go>("MA", &[bad], s19).is_some());
        }
        // Duplicates and overlaps.
        let r = reason::<Go>("AB", &[b"aa", b"bb", b"aa"], s19).unwrap();
        assert!(r.starts_with("value 3: `aa`"), "{r}");
        let r = reason::<Go>("TR", &[b"aa:cc", b"bb"], s19).unwrap();
        assert!(r.contains("value 1 `aa:cc`"), "{r}");
        assert!(reason::<Go>("SQ", &[b"aa:cc", b"cc:dd"], s19).is_some());
        // Compressed items are kept as written.
        assert_eq!(
            Prop::<Go>::parse("AE", &[b"aa:cc", b"dd"], s19)
                .to_raw(s19)
                .1,
            [b"aa:cc".to_vec(), b"dd".to_vec()]
        );
        assert_eq!(reason::<Go>("VW", &[b""], s19), None);
        // Hex: a1 is the upper-left corner.
        let s11 = BoardSize::square(11);
        assert_eq!(reason::<Hex>("AB", &[b"a1:c3", b"d1"], s11), None);
        assert!(reason::<Hex>("AB", &[b"c3:a1"], s11).is_some());
        assert!(reason::<Hex>("AB", &[b"a1", b"A1"], s11).is_some());
        // Lines of Action numbers rows from the bottom: a8 is upper-left.
        let s8 = BoardSize::square(8);
        assert_eq!(reason::<LinesOfAction>("AB", &[b"a8:c6"], s8), None);
        assert!(reason::<LinesOfAction>("AB", &[b"a1:c3"], s8).is_some());
        // Backgammon points are one row.
        let bg = BoardSize::new(24, 1);
        assert_eq!(reason::<Backgammon>("AB", &[b"a:f", b"g"], bg), None);
        assert!(reason::<Backgammon>("AB", &[b"f:a"], bg).is_some());
        assert!(reason::<Backgammon>("AW", &[b"a:f", b"c"], bg).is_some());
        // Octi: 11 is the south-west corner, so 19 is upper-left.
        let s9 = BoardSize::square(9);
        assert_eq!(reason::<Octi>("MA", &[b"19:37"], s9), None);
        assert!(reason::<Octi>("MA", &[b"11:33"], s9).is_some());
        assert!(reason::<Octi>("MA", &[b"11", b"11"], s9).is_some());
        // Games without a format: the same raw point twice is caught.
        assert!(reason::<Othello>("MA", &[b"d4", b"d4"], BoardSize::square(8)).is_some());
        assert_eq!(
            reason::<Othello>("MA", &[b"d4", b"e4"], BoardSize::square(8)),
            None
        );
    }
}
