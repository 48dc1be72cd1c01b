//! [Proptest](https://docs.rs/proptest) strategies for every value type and
//! for typed properties of every game (feature `proptest`).
//!
//! The `go_*` functions are for Go on 19×19; [`point`], [`value`] and
//! [`prop()`] work for any game implementing [`GameStrategies`] (Go,
//! Backgammon, Lines of Action, Hex, Amazons, Octi, Gess and the [`Raw`]
//! games).
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

use crate::game::amazons::{self, Amazons};
use crate::game::backgammon::{self, Backgammon};
use crate::game::gess::{self, Gess};
use crate::game::go::{Go, Move, Point};
use crate::game::hex::{self, Hex};
use crate::game::lines_of_action::{self as loa, LinesOfAction};
use crate::game::octi::{self, Octi};
use crate::game::util::go_letter_of;
use crate::game::{BoardSize, Game, Raw, RawValue};
use crate::grammar::value::{Color, Double, GridPoint, PointListItem, Real, expand};
use crate::property::typed::{Prop, TYPED_IDENTS, Value};
use crate::property::{PROPERTIES, ValueType, lookup};

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
    (0u16..19, 0u16..19).prop_map(|(x, y)| Point::new(x, y))
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

/// A Go value of type `vt` (19×19 board); `None` for types without a typed
/// form (`ValueType::Unknown` and types Go does not use).
///
/// ```
/// use proptest::strategy::Strategy;
/// use sgfkit::property::{lookup, strategies};
/// assert!(strategies::go_value(&lookup("LB", 1).unwrap().value_type).is_some());
/// ```
pub fn go_value(vt: &ValueType) -> Option<BoxedStrategy<Value<Go>>> {
    value::<Go>(vt, BoardSize::square(19))
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

/// A game whose Point, Move and Stone values can be generated: the board
/// drawn as a grid of cells, column and row counted from the upper-left
/// corner (as [`Game::point_cell`] gives them back).
///
/// ```
/// use proptest::strategy::{Strategy, ValueTree};
/// use proptest::test_runner::TestRunner;
/// use sgfkit::game::{Game, hex::Hex};
/// use sgfkit::property::strategies::GameStrategies;
///
/// let size = Hex::default_size();
/// let mut runner = TestRunner::deterministic();
/// let m = Hex::move_strategy(size).new_tree(&mut runner).unwrap().current();
/// let mut out = Vec::new();
/// Hex::write_move(&m, size, &mut out);
/// assert_eq!(Hex::read_move(&out, size), Ok(m));
/// assert_eq!(Hex::point_cell(&Hex::cell_point(3, 4, size), size), Some((3, 4)));
/// ```
pub trait GameStrategies: Game {
    /// Columns and rows of the grid the points are generated on (default:
    /// the board size).
    fn grid(size: BoardSize) -> (u16, u16) {
        (size.columns, size.rows)
    }

    /// The point in cell (`col`, `row`) of the grid.
    fn cell_point(col: u16, row: u16, size: BoardSize) -> Self::Point;

    /// The stone in cell (`col`, `row`), for games whose stones are points
    /// (compressed stone lists); `None` otherwise (the default).
    fn cell_stone(col: u16, row: u16, size: BoardSize) -> Option<Self::Stone> {
        let _ = (col, row, size);
        None
    }

    /// Any move on a board of `size`.
    fn move_strategy(size: BoardSize) -> BoxedStrategy<Self::Move>;

    /// Any stone on a board of `size`.
    fn stone_strategy(size: BoardSize) -> BoxedStrategy<Self::Stone>;
}

fn cells(size: BoardSize, grid: (u16, u16)) -> impl Strategy<Value = (u16, u16)> + Clone {
    let _ = size;
    (0..grid.0.max(1), 0..grid.1.max(1))
}

/// A point of game `G` on a board of `size`.
///
/// ```
/// use proptest::strategy::Strategy;
/// use sgfkit::game::{Game, octi::Octi};
/// let _ = sgfkit::property::strategies::point::<Octi>(Octi::default_size()).boxed();
/// ```
pub fn point<G: GameStrategies>(size: BoardSize) -> BoxedStrategy<G::Point> {
    cells(size, G::grid(size))
        .prop_map(move |(c, r)| G::cell_point(c, r, size))
        .boxed()
}

/// A board cell, for [`expand`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
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

/// A compressed list of cells: points and rectangles (upper-left then
/// lower-right), none overlapping, at least `min` items.
fn cell_items(
    size: BoardSize,
    grid: (u16, u16),
    min: usize,
) -> BoxedStrategy<Vec<PointListItem<Cell>>> {
    let item = (cells(size, grid), cells(size, grid), any::<bool>()).prop_map(|(a, b, rect)| {
        let (ul, lr) = (
            Cell(a.0.min(b.0), a.1.min(b.1)),
            Cell(a.0.max(b.0), a.1.max(b.1)),
        );
        if rect && ul != lr {
            PointListItem::Rectangle(ul, lr)
        } else {
            PointListItem::Point(Cell(a.0, a.1))
        }
    });
    prop::collection::vec(item, min..6)
        .prop_map(disjoint)
        .boxed()
}

fn map_items<P>(items: Vec<PointListItem<Cell>>, f: impl Fn(Cell) -> P) -> Vec<PointListItem<P>> {
    items
        .into_iter()
        .map(|i| match i {
            PointListItem::Point(p) => PointListItem::Point(f(p)),
            PointListItem::Rectangle(a, b) => PointListItem::Rectangle(f(a), f(b)),
        })
        .collect()
}

/// A `list of point` (`min` = 1) or `elist of point` (`min` = 0) of game
/// `G`: points and rectangles, none overlapping.
///
/// ```
/// use proptest::strategy::Strategy;
/// use sgfkit::game::{Game, hex::Hex};
/// let _ = sgfkit::property::strategies::point_items::<Hex>(Hex::default_size(), 1).boxed();
/// ```
pub fn point_items<G: GameStrategies>(
    size: BoardSize,
    min: usize,
) -> BoxedStrategy<Vec<PointListItem<G::Point>>> {
    cell_items(size, G::grid(size), min)
        .prop_map(move |v| map_items(v, |c| G::cell_point(c.0, c.1, size)))
        .boxed()
}

/// A `list of stone` of game `G`: compressed (as [`point_items`]) when its
/// stones are points, single stones otherwise.
///
/// ```
/// use proptest::strategy::Strategy;
/// use sgfkit::game::{Game, octi::Octi};
/// let _ = sgfkit::property::strategies::stone_items::<Octi>(Octi::default_size(), 1).boxed();
/// ```
pub fn stone_items<G: GameStrategies>(
    size: BoardSize,
    min: usize,
) -> BoxedStrategy<Vec<PointListItem<G::Stone>>> {
    if G::STONE_IS_POINT && G::cell_stone(0, 0, size).is_some() {
        cell_items(size, G::grid(size), min)
            .prop_filter_map("a cell without a stone", move |v| {
                v.into_iter()
                    .map(|i| {
                        Some(match i {
                            PointListItem::Point(c) => {
                                PointListItem::Point(G::cell_stone(c.0, c.1, size)?)
                            }
                            PointListItem::Rectangle(a, b) => PointListItem::Rectangle(
                                G::cell_stone(a.0, a.1, size)?,
                                G::cell_stone(b.0, b.1, size)?,
                            ),
                        })
                    })
                    .collect()
            })
            .boxed()
    } else {
        prop::collection::vec(
            G::stone_strategy(size).prop_map(PointListItem::Point),
            min..6,
        )
        .boxed()
    }
}

/// A value of type `vt` for game `G` on a board of `size`; `None` for types
/// without a typed form.
///
/// ```
/// use proptest::strategy::Strategy;
/// use sgfkit::game::{Game, backgammon::Backgammon};
/// use sgfkit::property::{lookup, strategies};
/// let vt = lookup("B", 6).unwrap().value_type;
/// assert!(strategies::value::<Backgammon>(&vt, Backgammon::default_size()).is_some());
/// ```
pub fn value<G: GameStrategies>(
    vt: &ValueType,
    size: BoardSize,
) -> Option<BoxedStrategy<Value<G>>> {
    use ValueType as V;
    let list = |min: usize| prop::collection::size_range(min..6);
    let two = move || {
        (point::<G>(size), point::<G>(size)).prop_filter("two different points", |(a, b)| a != b)
    };
    Some(match *vt {
        V::None => Just(Value::None).boxed(),
        V::Number => number().prop_map(Value::Number).boxed(),
        V::Real => real().prop_map(Value::Real).boxed(),
        V::Double => double().prop_map(Value::Double).boxed(),
        V::Color => color().prop_map(Value::Color).boxed(),
        V::SimpleText => simple_text().prop_map(Value::SimpleText).boxed(),
        V::Text => text().prop_map(Value::Text).boxed(),
        V::Point => point::<G>(size).prop_map(Value::Point).boxed(),
        V::Stone => G::stone_strategy(size).prop_map(Value::Stone).boxed(),
        V::Move => G::move_strategy(size).prop_map(Value::Move).boxed(),
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
                V::Point => point_items::<G>(size, min).prop_map(Value::Points).boxed(),
                V::Stone => stone_items::<G>(size, min).prop_map(Value::Stones).boxed(),
                // Distinct pairs: an arrow or line may not be given twice.
                V::Compose(V::Point, V::Point) => prop::collection::vec(two(), list(min))
                    .prop_map(|mut v| {
                        let mut kept: Vec<(G::Point, G::Point)> = Vec::new();
                        v.retain(|pair| {
                            let new = !kept.contains(pair);
                            if new {
                                kept.push(pair.clone());
                            }
                            new
                        });
                        Value::PointPairs(v)
                    })
                    .boxed(),
                V::Compose(V::Point, V::SimpleText) => {
                    prop::collection::vec((point::<G>(size), simple_text()), list(min))
                        .prop_map(Value::Labels)
                        .boxed()
                }
                V::Compose(V::Stone, V::Point) => {
                    prop::collection::vec((G::stone_strategy(size), point::<G>(size)), list(min))
                        .prop_map(Value::StonePoints)
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

/// The identifiers with a typed value in game `G`: those of [`TYPED_IDENTS`]
/// the game knows and the game's own FF\[4\] properties, less `except`.
fn idents_of<G: Game>(except: &[&str]) -> Vec<&'static str> {
    let own = PROPERTIES
        .iter()
        .filter(|p| p.game == Some(G::GM) && p.versions.contains(4))
        .map(|p| p.ident);
    let mut ids: Vec<&'static str> = TYPED_IDENTS.iter().copied().chain(own).collect();
    ids.sort_unstable();
    ids.dedup();
    ids.retain(|id| !except.contains(id) && lookup(id, G::GM).is_some());
    ids
}

/// A typed property of game `G` on a board of `size`: one of the general
/// identifiers or the game's own, with a value of its type, leaving out the
/// identifiers in `except` (for example `GM` and `SZ`, which change how the
/// other properties are read).
///
/// ```
/// use proptest::strategy::{Strategy, ValueTree};
/// use proptest::test_runner::TestRunner;
/// use sgfkit::game::{Game, octi::Octi};
/// use sgfkit::property::{strategies, typed::Prop};
///
/// let size = Octi::default_size();
/// let mut runner = TestRunner::deterministic();
/// for _ in 0..20 {
///     let p = strategies::prop::<Octi>(size, &["SZ"]).new_tree(&mut runner).unwrap().current();
///     let (ident, raw) = p.to_raw(size);
///     let raw: Vec<&[u8]> = raw.iter().map(|v| v.as_slice()).collect();
///     assert_eq!(Prop::parse(&ident, &raw, size), p);
/// }
/// ```
pub fn prop<G: GameStrategies>(size: BoardSize, except: &[&str]) -> BoxedStrategy<Prop<G>> {
    let arms: Vec<_> = idents_of::<G>(except)
        .into_iter()
        .filter_map(|id| {
            let info = lookup(id, G::GM)?;
            let s = value::<G>(&info.value_type, size)?;
            let ident = info.ident;
            Some(s.prop_map(move |v| Prop::from_value(ident, v)).boxed())
        })
        .collect();
    proptest::strategy::Union::new(arms).boxed()
}

fn go_cell(col: u16, row: u16) -> Point {
    Point::new(col, row)
}

impl GameStrategies for Go {
    fn cell_point(col: u16, row: u16, _size: BoardSize) -> Point {
        go_cell(col, row)
    }
    fn cell_stone(col: u16, row: u16, _size: BoardSize) -> Option<Point> {
        Some(go_cell(col, row))
    }
    fn move_strategy(size: BoardSize) -> BoxedStrategy<Move> {
        prop_oneof![1 => Just(Move::Pass), 7 => point::<Go>(size).prop_map(Move::Play)].boxed()
    }
    fn stone_strategy(size: BoardSize) -> BoxedStrategy<Point> {
        point::<Go>(size)
    }
}

impl GameStrategies for Gess {
    fn cell_point(col: u16, row: u16, _size: BoardSize) -> Point {
        go_cell(col, row)
    }
    fn cell_stone(col: u16, row: u16, _size: BoardSize) -> Option<Point> {
        Some(go_cell(col, row))
    }
    fn move_strategy(size: BoardSize) -> BoxedStrategy<gess::Move> {
        (point::<Gess>(size), point::<Gess>(size))
            .prop_map(|(from, to)| gess::Move { from, to })
            .boxed()
    }
    fn stone_strategy(size: BoardSize) -> BoxedStrategy<Point> {
        point::<Gess>(size)
    }
}

/// A raw value of letters and digits (no `:`, `]` or `\`), maybe empty.
fn raw_word(empty: bool) -> BoxedStrategy<RawValue> {
    let re = if empty {
        "[a-z0-9+-]{0,5}"
    } else {
        "[a-z0-9+-]{1,5}"
    };
    re.prop_map(|s| RawValue::from_raw(s.as_bytes())).boxed()
}

impl GameStrategies for Amazons {
    fn cell_point(col: u16, row: u16, _size: BoardSize) -> Point {
        go_cell(col, row)
    }
    fn move_strategy(size: BoardSize) -> BoxedStrategy<amazons::Move> {
        (
            point::<Amazons>(size),
            point::<Amazons>(size),
            point::<Amazons>(size),
        )
            .prop_map(|(from, to, arrow)| amazons::Move { from, to, arrow })
            .boxed()
    }
    fn stone_strategy(_size: BoardSize) -> BoxedStrategy<RawValue> {
        raw_word(false)
    }
}

impl GameStrategies for Backgammon {
    /// `a`–`z`: White's 24 points, the bar and the tray.
    fn grid(_size: BoardSize) -> (u16, u16) {
        (26, 1)
    }
    fn cell_point(col: u16, _row: u16, _size: BoardSize) -> backgammon::Point {
        let letter = b'a' + u8::try_from(col.min(25)).unwrap_or(25);
        backgammon::Point::from_letter(letter).unwrap_or(backgammon::Point::OFF)
    }
    fn cell_stone(col: u16, row: u16, size: BoardSize) -> Option<backgammon::Point> {
        Some(Self::cell_point(col, row, size))
    }
    fn move_strategy(size: BoardSize) -> BoxedStrategy<backgammon::Move> {
        let pt = move || point::<Backgammon>(size);
        prop_oneof![
            1 => Just(backgammon::Move::Double),
            1 => Just(backgammon::Move::Take),
            1 => Just(backgammon::Move::Drop),
            4 => (1u8..=6, 1u8..=6, prop::collection::vec((pt(), pt()), 0..=4))
                .prop_map(|(a, b, moves)| backgammon::Move::Roll { dice: [a, b], moves }),
        ]
        .boxed()
    }
    fn stone_strategy(size: BoardSize) -> BoxedStrategy<backgammon::Point> {
        point::<Backgammon>(size)
    }
}

impl GameStrategies for LinesOfAction {
    /// Row 0 of the grid is the top row, written with the highest number.
    fn cell_point(col: u16, row: u16, size: BoardSize) -> loa::Point {
        let col = u8::try_from(col.min(25)).unwrap_or(25);
        loa::Point::new(col, size.rows.saturating_sub(row + 1))
    }
    fn cell_stone(col: u16, row: u16, size: BoardSize) -> Option<loa::Point> {
        Some(Self::cell_point(col, row, size))
    }
    fn grid(size: BoardSize) -> (u16, u16) {
        (size.columns.min(26), size.rows)
    }
    fn move_strategy(size: BoardSize) -> BoxedStrategy<loa::Move> {
        let pt = move || point::<LinesOfAction>(size);
        prop_oneof![
            1 => Just(loa::Move::Pass),
            1 => Just(loa::Move::Resign),
            1 => Just(loa::Move::Forfeit),
            1 => Just(loa::Move::Escape),
            8 => (
                pt(),
                pt(),
                any::<bool>(),
                prop::sample::select(vec!["", "+", "!", "++", "?!", "#"]),
            )
                .prop_map(|(from, to, capture, a)| loa::Move::Normal {
                    from,
                    to,
                    capture,
                    annotation: a.to_string(),
                }),
        ]
        .boxed()
    }
    fn stone_strategy(size: BoardSize) -> BoxedStrategy<loa::Point> {
        point::<LinesOfAction>(size)
    }
}

impl GameStrategies for Hex {
    fn cell_point(col: u16, row: u16, _size: BoardSize) -> hex::Point {
        hex::Point::new(col, row)
    }
    fn cell_stone(col: u16, row: u16, _size: BoardSize) -> Option<hex::Point> {
        Some(hex::Point::new(col, row))
    }
    fn move_strategy(size: BoardSize) -> BoxedStrategy<hex::Move> {
        prop_oneof![
            1 => Just(hex::Move::SwapSides),
            1 => Just(hex::Move::SwapPieces),
            1 => Just(hex::Move::Resign),
            1 => Just(hex::Move::Forfeit),
            8 => point::<Hex>(size).prop_map(hex::Move::Cell),
        ]
        .boxed()
    }
    fn stone_strategy(size: BoardSize) -> BoxedStrategy<hex::Point> {
        point::<Hex>(size)
    }
}

fn prong() -> impl Strategy<Value = octi::Prong> {
    (0u8..8).prop_map(|k| octi::Prong::from_letter(b'A' + k).unwrap_or(octi::Prong::A))
}

fn octi_action(size: BoardSize) -> impl Strategy<Value = octi::Action> {
    let stone = move || Octi::stone_strategy(size);
    let step = (
        point::<Octi>(size),
        prop::collection::vec(any::<u8>().prop_map(octi::Prongs::from_bits), 0..3),
    )
        .prop_map(|(to, captures)| octi::Step { to, captures });
    prop_oneof![
        point::<Octi>(size).prop_map(octi::Action::NewPod),
        (stone(), prong(), any::<bool>()).prop_map(|(stone, prong, superprong)| {
            octi::Action::AddProng {
                stone,
                prong,
                superprong,
            }
        }),
        (stone(), prong(), prong()).prop_map(|(stone, to, from)| octi::Action::Reposition {
            stone,
            to,
            from
        }),
        (stone(), prop::collection::vec(step, 1..4))
            .prop_map(|(stone, steps)| octi::Action::Move { stone, steps }),
    ]
}

impl GameStrategies for Octi {
    /// `11` is the lower-left corner.
    fn cell_point(col: u16, row: u16, size: BoardSize) -> octi::Point {
        let d = |v: u16| u8::try_from(v.clamp(1, 9)).unwrap_or(9);
        octi::Point::new(d(col + 1), d(size.rows.saturating_sub(row)))
    }
    fn grid(size: BoardSize) -> (u16, u16) {
        (size.columns.min(9), size.rows.min(9))
    }
    fn move_strategy(size: BoardSize) -> BoxedStrategy<octi::Move> {
        prop::collection::vec(octi_action(size), 1..4)
            .prop_map(|actions| octi::Move { actions })
            .boxed()
    }
    fn stone_strategy(size: BoardSize) -> BoxedStrategy<octi::Stone> {
        (point::<Octi>(size), any::<u8>())
            .prop_map(|(point, bits)| octi::Stone {
                point,
                prongs: octi::Prongs::from_bits(bits),
            })
            .boxed()
    }
}

/// Raw games: points are written as in Go (two letters), moves and stones
/// are short words.
impl<const GM: u32> GameStrategies for Raw<GM> {
    fn grid(size: BoardSize) -> (u16, u16) {
        (size.columns.min(52), size.rows.min(52))
    }
    fn cell_point(col: u16, row: u16, _size: BoardSize) -> RawValue {
        let l = |v: u16| go_letter_of(u8::try_from(v.min(51)).unwrap_or(51));
        RawValue::from_raw(&[l(col), l(row)])
    }
    fn cell_stone(col: u16, row: u16, size: BoardSize) -> Option<RawValue> {
        <Self as Game>::STONE_IS_POINT.then(|| Self::cell_point(col, row, size))
    }
    fn move_strategy(_size: BoardSize) -> BoxedStrategy<RawValue> {
        raw_word(true)
    }
    fn stone_strategy(size: BoardSize) -> BoxedStrategy<RawValue> {
        if <Self as Game>::STONE_IS_POINT {
            point::<Self>(size)
        } else {
            raw_word(false)
        }
    }
}
