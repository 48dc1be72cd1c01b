//! [Proptest](https://docs.rs/proptest) strategies for every value type and
//! for typed Go properties (feature `proptest`).
//!
//! Every strategy generates canonical values: what [`Value::to_raw`] writes
//! and [`Value::parse`] reads back to the same value. Texts never contain CR
//! or white space other than space (and LF in [`text`]), since decoding
//! turns those into spaces or line feeds.
//!
//! ```
//! use proptest::strategy::{Strategy, ValueTree};
//! use proptest::test_runner::TestRunner;
//! use sgfkit::game::BoardSize;
//! use sgfkit::property::{strategies, typed::Prop};
//!
//! let mut runner = TestRunner::deterministic();
//! let size = BoardSize::square(19);
//! for _ in 0..20 {
//!     let prop = strategies::go_prop().new_tree(&mut runner).unwrap().current();
//!     let (ident, raw) = prop.to_raw(size);
//!     let raw: Vec<&[u8]> = raw.iter().map(|v| v.as_slice()).collect();
//!     assert_eq!(Prop::parse(&ident, &raw, size), prop);
//! }
//! ```

use proptest::prelude::*;

use crate::game::go::{Go, Move, Point};
use crate::grammar::value::{Color, Double, GridPoint, PointListItem, Real, expand};
use crate::property::typed::{Prop, TYPED_IDENTS, Value};
use crate::property::{ValueType, lookup};

/// Any `i64` (`Number`).
///
/// ```
/// use proptest::strategy::Strategy;
/// let _ = sgfkit::property::strategies::number().boxed();
/// ```
pub fn number() -> impl Strategy<Value = i64> {
    any::<i64>()
}

/// A `Real` in SGF syntax: optional sign, digits, optional fraction.
///
/// ```
/// use proptest::strategy::Strategy;
/// let _ = sgfkit::property::strategies::real().boxed();
/// ```
pub fn real() -> impl Strategy<Value = Real> {
    "[+-]?[0-9]{1,8}(\\.[0-9]{1,4})?".prop_map(|s| s.parse().unwrap_or_else(|_| Real::from(0)))
}

/// `1` or `2`.
///
/// ```
/// use proptest::strategy::Strategy;
/// let _ = sgfkit::property::strategies::double().boxed();
/// ```
pub fn double() -> impl Strategy<Value = Double> {
    prop_oneof![Just(Double::Normal), Just(Double::Emphasized)]
}

/// `B` or `W`.
///
/// ```
/// use proptest::strategy::Strategy;
/// let _ = sgfkit::property::strategies::color().boxed();
/// ```
pub fn color() -> impl Strategy<Value = Color> {
    prop_oneof![Just(Color::Black), Just(Color::White)]
}

fn text_char(lf: bool) -> impl Strategy<Value = char> {
    prop_oneof![
        4 => any::<char>().prop_map(move |c| match c {
            '\n' if lf => '\n',
            '\t' | '\n' | '\r' | '\x0b' | '\x0c' => ' ',
            c => c,
        }),
        1 => prop::sample::select(vec![':', '\\', ']', '[', ' ', 'é', '中']),
    ]
}

/// Decoded `SimpleText`: any characters but white space other than space,
/// with plenty of `:`, `\` and `]`.
///
/// ```
/// use proptest::strategy::Strategy;
/// let _ = sgfkit::property::strategies::simple_text().boxed();
/// ```
pub fn simple_text() -> impl Strategy<Value = String> {
    prop::collection::vec(text_char(false), 0..24).prop_map(|v| v.into_iter().collect())
}

/// Decoded `Text`: as [`simple_text`], plus line feeds.
///
/// ```
/// use proptest::strategy::Strategy;
/// let _ = sgfkit::property::strategies::text().boxed();
/// ```
pub fn text() -> impl Strategy<Value = String> {
    prop::collection::vec(text_char(true), 0..40).prop_map(|v| v.into_iter().collect())
}

/// A Go point on a 19×19 board.
///
/// ```
/// use proptest::strategy::Strategy;
/// let _ = sgfkit::property::strategies::go_point().boxed();
/// ```
pub fn go_point() -> impl Strategy<Value = Point> + Clone {
    (0u8..19, 0u8..19).prop_map(|(x, y)| Point::new(x, y))
}

/// A Go move on a 19×19 board (a pass one time in eight).
///
/// ```
/// use proptest::strategy::Strategy;
/// let _ = sgfkit::property::strategies::go_move().boxed();
/// ```
pub fn go_move() -> impl Strategy<Value = Move> {
    prop_oneof![1 => Just(Move::Pass), 7 => go_point().prop_map(Move::Play)]
}

/// An item of a compressed Go point list: a point or a rectangle of two
/// different corners, upper-left then lower-right.
///
/// ```
/// use proptest::strategy::Strategy;
/// let _ = sgfkit::property::strategies::go_point_item().boxed();
/// ```
pub fn go_point_item() -> impl Strategy<Value = PointListItem<Point>> + Clone {
    prop_oneof![
        go_point().prop_map(PointListItem::Point),
        (go_point(), go_point())
            .prop_filter("a rectangle has two different corners", |(a, b)| a != b)
            .prop_map(|(a, b)| PointListItem::Rectangle(
                Point::new(a.x.min(b.x), a.y.min(b.y)),
                Point::new(a.x.max(b.x), a.y.max(b.y)),
            )),
    ]
}

/// Keeps the items that do not overlap the ones kept before them (the first
/// item is always kept), so the list gives each point once.
fn disjoint<P: GridPoint>(items: Vec<PointListItem<P>>) -> Vec<PointListItem<P>> {
    let mut kept: Vec<PointListItem<P>> = Vec::with_capacity(items.len());
    for item in items {
        kept.push(item);
        if kept.len() > 1 && expand(&kept).is_err() {
            kept.pop();
        }
    }
    kept
}

fn two_points() -> impl Strategy<Value = (Point, Point)> {
    (go_point(), go_point()).prop_filter("two different points", |(a, b)| a != b)
}

/// A Go value of type `vt` (19×19 board); `None` for types without a typed
/// form (`ValueType::Unknown` and types Go does not use).
///
/// ```
/// use proptest::strategy::Strategy;
/// use sgfkit::property::{lookup, strategies};
/// assert!(strategies::go_value(&lookup("LB", 1).unwrap().value_type).is_some());
/// ```
pub fn go_value(vt: &ValueType) -> Option<BoxedStrategy<Value<Go>>> {
    use ValueType as V;
    let list = |min: usize| prop::collection::size_range(min..6);
    Some(match *vt {
        V::None => Just(Value::None).boxed(),
        V::Number => number().prop_map(Value::Number).boxed(),
        V::Real => real().prop_map(Value::Real).boxed(),
        V::Double => double().prop_map(Value::Double).boxed(),
        V::Color => color().prop_map(Value::Color).boxed(),
        V::SimpleText => simple_text().prop_map(Value::SimpleText).boxed(),
        V::Text => text().prop_map(Value::Text).boxed(),
        V::Point => go_point().prop_map(Value::Point).boxed(),
        V::Stone => go_point().prop_map(Value::Stone).boxed(),
        V::Move => go_move().prop_map(Value::Move).boxed(),
        V::Compose(V::SimpleText, V::SimpleText) => (simple_text(), simple_text())
            .prop_map(Value::TextPair)
            .boxed(),
        V::Either(V::Number, _) => (1i64..=52, 1i64..=52).prop_map(Value::Size).boxed(),
        V::Either(V::None, _) => prop::option::of((number(), simple_text()))
            .prop_map(Value::Figure)
            .boxed(),
        V::List(e) | V::EList(e) => {
            let min = if vt.is_elist() { 0 } else { 1 };
            match *e {
                V::Point => prop::collection::vec(go_point_item(), list(min))
                    .prop_map(|v| Value::Points(disjoint(v)))
                    .boxed(),
                V::Stone => prop::collection::vec(go_point_item(), list(min))
                    .prop_map(|v| Value::Stones(disjoint(v)))
                    .boxed(),
                // Distinct pairs: an arrow or line may not be given twice.
                V::Compose(V::Point, V::Point) => prop::collection::vec(two_points(), list(min))
                    .prop_map(|mut v| {
                        let mut seen = std::collections::HashSet::new();
                        v.retain(|pair| seen.insert(*pair));
                        Value::PointPairs(v)
                    })
                    .boxed(),
                V::Compose(V::Point, V::SimpleText) => {
                    prop::collection::vec((go_point(), simple_text()), list(min))
                        .prop_map(Value::Labels)
                        .boxed()
                }
                V::Compose(V::SimpleText, V::SimpleText) => {
                    prop::collection::vec((simple_text(), simple_text()), list(min))
                        .prop_map(Value::TextPairs)
                        .boxed()
                }
                _ => return None,
            }
        }
        _ => return None,
    })
}

/// A typed Go property: one of the identifiers with a [`Prop`] variant of
/// their own (see [`TYPED_IDENTS`]) with a value of its type.
///
/// ```
/// use proptest::strategy::Strategy;
/// let _ = sgfkit::property::strategies::go_prop().boxed();
/// ```
pub fn go_prop() -> impl Strategy<Value = Prop<Go>> {
    go_prop_except(&[])
}

/// As [`go_prop`], leaving out the identifiers in `except` (for example
/// `SZ`, which changes the board the other properties are read on).
///
/// ```
/// use proptest::strategy::Strategy;
/// let _ = sgfkit::property::strategies::go_prop_except(&["SZ"]).boxed();
/// ```
pub fn go_prop_except(except: &[&str]) -> impl Strategy<Value = Prop<Go>> + use<> {
    let arms: Vec<_> = TYPED_IDENTS
        .iter()
        .filter(|id| !except.contains(id))
        .filter_map(|&id| {
            let vt = lookup(id, 1)?.value_type;
            let s = go_value(&vt)?;
            Some(s.prop_map(move |v| Prop::from_value(id, v)).boxed())
        })
        .collect();
    proptest::strategy::Union::new(arms)
}
