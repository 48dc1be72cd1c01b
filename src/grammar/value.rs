//! The FF\[4\] value types (sgf4 §3) as nom 8 parsers, one function per EBNF rule.
//!
//! Every parser here works on the content of **one** property value: the bytes between `[`
//! and `]`, escapes intact, exactly as the grammar hands them over. The parsers are generic
//! over the nom error type `E`, so they can be used with `nom::error::Error`, `()` or any
//! other [`ParseError`]. They run in complete mode only and never return `Err::Incomplete`.
//!
//! Like any nom parser, the scalar rules ([`number`], [`real`], [`double`], [`color`],
//! [`none`]) stop where their rule stops and return the rest of the input; wrap them in
//! [`value`] to require that the whole property value is used. [`text()`], [`simple_text`] and
//! [`compose`] always consume the whole value.
//!
//! `list of` and `elist of` range over the several values of one property, so [`list`],
//! [`elist`], [`point_list`] and [`epoint_list`] are plain functions over a slice of raw
//! values (`&[&[u8]]`) rather than nom parsers, and report the index of the first bad value.
//!
//! ```
//! use sgfkit::grammar::value::{compose, number, real, simple_text, value, Color, color};
//! use nom::Parser;
//!
//! type E<'a> = nom::error::Error<&'a [u8]>;
//!
//! // KM[6.5]
//! let (_, komi) = value(real::<E>).parse_complete(b"6.5").unwrap();
//! assert_eq!((komi.value(), komi.to_string()), (6.5, "6.5".to_string()));
//! // PL[W]
//! assert_eq!(value(color::<E>).parse_complete(b"W").unwrap().1, Color::White);
//! // A Number is not a Real: `value` rejects what `number` leaves over.
//! assert!(value(number::<E>).parse_complete(b"6.5").is_err());
//! // FG[257:Figure 1] is a compose of number and simple text.
//! let (_, (flags, name)) = compose(number::<E>, simple_text::<E>)
//!     .parse_complete(b"257:Figure 1")
//!     .unwrap();
//! assert_eq!((flags, &*name), (257, &b"Figure 1"[..]));
//! ```

use std::borrow::Cow;
use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::str::FromStr;

use nom::character::complete::{char, digit1, one_of};
use nom::combinator::{all_consuming, opt, recognize};
use nom::error::{ErrorKind, ParseError};
use nom::{Err, IResult, Parser};

use crate::text::{self, TextKind};

/// The input of every value parser: the raw content of one property value.
type Input<'a> = &'a [u8];

/// `None = ""`
///
/// Matches the empty string, so it always succeeds and consumes nothing. Use
/// `value(none)` to check that a property value is empty.
///
/// ```
/// use sgfkit::grammar::value::{none, value};
/// use nom::Parser;
///
/// type E<'a> = nom::error::Error<&'a [u8]>;
/// assert_eq!(none::<E>(b""), Ok((&b""[..], ())));
/// assert_eq!(none::<E>(b"x"), Ok((&b"x"[..], ())));
/// assert!(value(none::<E>).parse_complete(b"x").is_err());
/// ```
pub fn none<'a, E: ParseError<Input<'a>>>(i: Input<'a>) -> IResult<Input<'a>, (), E> {
    Ok((i, ()))
}

/// `Number = [("+"|"-")] Digit { Digit }`
///
/// Returns the value as an `i64`. A number that does not fit fails with
/// [`ErrorKind::TooLarge`] (an `Err::Error`, never a panic).
///
/// ```
/// use sgfkit::grammar::value::number;
///
/// type E<'a> = nom::error::Error<&'a [u8]>;
/// assert_eq!(number::<E>(b"12"), Ok((&b""[..], 12)));
/// assert_eq!(number::<E>(b"-3:x"), Ok((&b":x"[..], -3)));
/// assert_eq!(number::<E>(b"+007"), Ok((&b""[..], 7)));
/// assert!(number::<E>(b"+").is_err());
/// assert!(number::<E>(b"99999999999999999999").is_err());
/// ```
pub fn number<'a, E: ParseError<Input<'a>>>(i: Input<'a>) -> IResult<Input<'a>, i64, E> {
    let (rest, (sign, digits)) = (opt(one_of("+-")), digit1).parse_complete(i)?;
    let negative = sign == Some('-');
    let mut n: i64 = 0;
    for &d in digits {
        let d = i64::from(d - b'0');
        // Accumulate towards the sign so that i64::MIN parses.
        n = n
            .checked_mul(10)
            .and_then(|n| {
                if negative {
                    n.checked_sub(d)
                } else {
                    n.checked_add(d)
                }
            })
            .ok_or_else(|| Err::Error(E::from_error_kind(i, ErrorKind::TooLarge)))?;
    }
    Ok((rest, n))
}

/// `Real = Number ["." Digit { Digit }]`
///
/// This is the SGF syntax, not Rust's: `inf`, `NaN`, `1e3`, `.5` and `5.` are not Reals (the
/// parser stops before `e3`, and before the `.` of `5.`). The result keeps its text, see
/// [`Real`].
///
/// ```
/// use sgfkit::grammar::value::{real, value};
/// use nom::Parser;
///
/// type E<'a> = nom::error::Error<&'a [u8]>;
/// let (rest, km) = real::<E>(b"-0.50").unwrap();
/// assert_eq!((rest, km.value(), km.as_str()), (&b""[..], -0.5, "-0.50"));
/// assert_eq!(real::<E>(b"5.").unwrap().0, b".");
/// assert_eq!(real::<E>(b"1e3").unwrap().0, b"e3");
/// assert!(real::<E>(b".5").is_err());
/// assert!(value(real::<E>).parse_complete(b"inf").is_err());
/// ```
pub fn real<'a, E: ParseError<Input<'a>>>(i: Input<'a>) -> IResult<Input<'a>, Real, E> {
    let (rest, digits) =
        recognize((opt(one_of("+-")), digit1, opt((char('.'), digit1)))).parse_complete(i)?;
    Ok((rest, Real::from_checked_text(digits)))
}

/// `Double = ("1" | "2")`
///
/// ```
/// use sgfkit::grammar::value::{double, Double};
///
/// type E<'a> = nom::error::Error<&'a [u8]>;
/// assert_eq!(double::<E>(b"2"), Ok((&b""[..], Double::Emphasized)));
/// assert_eq!(double::<E>(b"12"), Ok((&b"2"[..], Double::Normal)));
/// assert!(double::<E>(b"3").is_err());
/// ```
pub fn double<'a, E: ParseError<Input<'a>>>(i: Input<'a>) -> IResult<Input<'a>, Double, E> {
    match i.first() {
        Some(b'1') => Ok((&i[1..], Double::Normal)),
        Some(b'2') => Ok((&i[1..], Double::Emphasized)),
        _ => Err(Err::Error(E::from_error_kind(i, ErrorKind::OneOf))),
    }
}

/// `Color = ("B" | "W")`
///
/// ```
/// use sgfkit::grammar::value::{color, Color};
///
/// type E<'a> = nom::error::Error<&'a [u8]>;
/// assert_eq!(color::<E>(b"B"), Ok((&b""[..], Color::Black)));
/// assert_eq!(color::<E>(b"Wx"), Ok((&b"x"[..], Color::White)));
/// assert!(color::<E>(b"b").is_err());
/// ```
pub fn color<'a, E: ParseError<Input<'a>>>(i: Input<'a>) -> IResult<Input<'a>, Color, E> {
    match i.first() {
        Some(b'B') => Ok((&i[1..], Color::Black)),
        Some(b'W') => Ok((&i[1..], Color::White)),
        _ => Err(Err::Error(E::from_error_kind(i, ErrorKind::OneOf))),
    }
}

/// `SimpleText = { any character (handling see below) }`
///
/// Consumes the whole input and decodes it with [`text::decode`] as
/// [`TextKind::SimpleText`]: escapes removed, soft line breaks removed, every other white
/// space character turned into a space. Never fails. Inside [`compose`], the part it gets
/// still holds its `\:` escapes, which are decoded here.
///
/// ```
/// use sgfkit::grammar::value::simple_text;
///
/// type E<'a> = nom::error::Error<&'a [u8]>;
/// let (rest, name) = simple_text::<E>(b"Go\\]\nSeigen").unwrap();
/// assert_eq!((rest, &*name), (&b""[..], &b"Go] Seigen"[..]));
/// ```
pub fn simple_text<'a, E: ParseError<Input<'a>>>(
    i: Input<'a>,
) -> IResult<Input<'a>, Cow<'a, [u8]>, E> {
    Ok((&i[i.len()..], text::decode(i, TextKind::SimpleText)))
}

/// `Text = { any character (handling see below) }`
///
/// Consumes the whole input and decodes it with [`text::decode`] as [`TextKind::Text`]:
/// escapes and soft line breaks removed, hard line breaks written as `\n`, other white space
/// turned into a space. Never fails.
///
/// ```
/// use sgfkit::grammar::value::text;
///
/// type E<'a> = nom::error::Error<&'a [u8]>;
/// let (rest, comment) = text::<E>(b"won\\\r\nderful\r\n:\\)").unwrap();
/// assert_eq!((rest, &*comment), (&b""[..], &b"wonderful\n:)"[..]));
/// ```
pub fn text<'a, E: ParseError<Input<'a>>>(i: Input<'a>) -> IResult<Input<'a>, Cow<'a, [u8]>, E> {
    Ok((&i[i.len()..], text::decode(i, TextKind::Text)))
}

/// `Compose = ValueType ":" ValueType`
///
/// Splits the input on its first `:` not escaped by `\` ([`text::find_unescaped`]), runs `a`
/// on the left part and `b` on the right part, and returns both results. Each parser must
/// consume its whole part. Both parts keep their escapes (such as `\:`) for text parsers to
/// decode. A second unescaped `:` belongs to the right part. Consumes the whole input.
///
/// Errors: `Err::Error` with [`ErrorKind::Char`] if there is no unescaped `:`, with
/// [`ErrorKind::Eof`] if a parser leaves part of its side, or the error of `a` or `b`. Error
/// positions are sub-slices of the input.
///
/// ```
/// use sgfkit::grammar::value::{compose, number, simple_text};
/// use nom::Parser;
///
/// type E<'a> = nom::error::Error<&'a [u8]>;
/// // AP[My\:App:1.0]
/// let (rest, (name, version)) = compose(simple_text::<E>, simple_text::<E>)
///     .parse_complete(b"My\\:App:1.0")
///     .unwrap();
/// assert_eq!((rest, &*name, &*version), (&b""[..], &b"My:App"[..], &b"1.0"[..]));
/// // SZ[19:13]
/// let mut size = compose(number::<E>, number::<E>);
/// assert_eq!(size.parse_complete(b"19:13").unwrap().1, (19, 13));
/// assert!(size.parse_complete(b"19").is_err());
/// assert!(size.parse_complete(b"19:13x").is_err());
/// ```
pub fn compose<'a, A, B, E>(
    mut a: A,
    mut b: B,
) -> impl Parser<Input<'a>, Output = (A::Output, B::Output), Error = E>
where
    A: Parser<Input<'a>, Error = E>,
    B: Parser<Input<'a>, Error = E>,
    E: ParseError<Input<'a>>,
{
    move |i: Input<'a>| -> IResult<Input<'a>, (A::Output, B::Output), E> {
        let (left, right) = split_compose(i).map_err(Err::Error)?;
        let x = whole(&mut a, left)?;
        let y = whole(&mut b, right)?;
        Ok((&i[i.len()..], (x, y)))
    }
}

/// Requires `p` to consume the whole property value (nom's `all_consuming`).
///
/// ```
/// use sgfkit::grammar::value::{number, value};
/// use nom::Parser;
///
/// type E<'a> = nom::error::Error<&'a [u8]>;
/// assert_eq!(value(number::<E>).parse_complete(b"42"), Ok((&b""[..], 42)));
/// assert!(value(number::<E>).parse_complete(b"42 ").is_err());
/// ```
pub fn value<'a, P, E>(p: P) -> impl Parser<Input<'a>, Output = P::Output, Error = E>
where
    P: Parser<Input<'a>, Error = E>,
    E: ParseError<Input<'a>>,
{
    all_consuming(p)
}

/// `list of`: `PropValue { PropValue }`, over the raw values of one property.
///
/// Runs `p` on each value; `p` must consume the whole value. The results keep the file order.
///
/// # Errors
///
/// [`ListError::NoValues`] if `values` is empty, [`ListError::Invalid`] with the index of the
/// first value `p` rejects (or does not consume completely).
///
/// ```
/// use sgfkit::grammar::value::{list, number, ListError};
///
/// type E<'a> = nom::error::Error<&'a [u8]>;
/// let values: [&[u8]; 3] = [b"1", b"-2", b"3"];
/// assert_eq!(list(number::<E>, &values), Ok(vec![1, -2, 3]));
/// let values: [&[u8]; 2] = [b"1", b"x"];
/// assert!(matches!(list(number::<E>, &values), Err(ListError::Invalid { index: 1, .. })));
/// assert!(matches!(list(number::<E>, &[]), Err(ListError::NoValues)));
/// ```
pub fn list<'a, P>(mut p: P, values: &[Input<'a>]) -> Result<Vec<P::Output>, ListError<P::Error>>
where
    P: Parser<Input<'a>>,
{
    if values.is_empty() {
        return Err(ListError::NoValues);
    }
    values
        .iter()
        .enumerate()
        .map(|(index, &v)| {
            whole(&mut p, v).map_err(|e| ListError::Invalid {
                index,
                error: inner(e, v),
            })
        })
        .collect()
}

/// `elist of`: `((PropValue { PropValue }) | None)`, "list or `[]`".
///
/// Exactly one empty value is the empty list; anything else is a [`list`] (so `[][]` or
/// `[aa][]` are errors when `p` rejects the empty string).
///
/// # Errors
///
/// As [`list`].
///
/// ```
/// use sgfkit::grammar::value::{elist, number};
///
/// type E<'a> = nom::error::Error<&'a [u8]>;
/// assert_eq!(elist(number::<E>, &[b""]), Ok(vec![]));
/// assert_eq!(elist(number::<E>, &[b"4", b"5"]), Ok(vec![4, 5]));
/// assert!(elist(number::<E>, &[b"", b""]).is_err());
/// ```
pub fn elist<'a, P>(p: P, values: &[Input<'a>]) -> Result<Vec<P::Output>, ListError<P::Error>>
where
    P: Parser<Input<'a>>,
{
    if let [v] = values
        && v.is_empty()
    {
        return Ok(Vec::new());
    }
    list(p, values)
}

/// One value of a compressed point list (sgf4 §3.5.1): a point, or a rectangle written as
/// `upper-left:lower-right`.
///
/// ```
/// use sgfkit::grammar::value::PointListItem;
///
/// let item: PointListItem<(u8, u8)> = PointListItem::Rectangle((0, 2), (8, 2));
/// assert_ne!(item, PointListItem::Point((0, 2)));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PointListItem<P> {
    /// A single point, `AB[aa]`.
    Point(P),
    /// A rectangle given by its upper-left and lower-right corners, `AB[ac:ic]`.
    Rectangle(P, P),
}

/// `list of point`, where each value may be a rectangle: "list of (point | composition of
/// point ":" point)".
///
/// A value with an unescaped `:` is a [`PointListItem::Rectangle`] whose two parts must each
/// be a whole point; any other value is a [`PointListItem::Point`]. The items keep the file
/// order and are not checked against each other: see [`expand`].
///
/// # Errors
///
/// As [`list`].
///
/// ```
/// use sgfkit::grammar::value::{point_list, PointListItem};
/// use nom::{bytes::complete::take, Parser};
///
/// type E<'a> = nom::error::Error<&'a [u8]>;
/// // A toy point: two bytes.
/// let point = |i| take::<_, _, E>(2usize).parse_complete(i);
/// let values: [&[u8]; 2] = [b"ac:ic", b"gb"];
/// assert_eq!(
///     point_list(point, &values),
///     Ok(vec![
///         PointListItem::Rectangle(&b"ac"[..], &b"ic"[..]),
///         PointListItem::Point(&b"gb"[..]),
///     ])
/// );
/// assert!(point_list(point, &[b"ac:i"]).is_err());
/// ```
pub fn point_list<'a, P, E>(
    mut point: impl Parser<Input<'a>, Output = P, Error = E>,
    values: &[Input<'a>],
) -> Result<Vec<PointListItem<P>>, ListError<E>>
where
    E: ParseError<Input<'a>>,
{
    let item = |i: Input<'a>| -> IResult<Input<'a>, PointListItem<P>, E> {
        let parsed = match text::find_unescaped(i, b':') {
            Some(colon) => {
                let ul = whole(&mut point, &i[..colon])?;
                let lr = whole(&mut point, &i[colon + 1..])?;
                PointListItem::Rectangle(ul, lr)
            }
            None => PointListItem::Point(whole(&mut point, i)?),
        };
        Ok((&i[i.len()..], parsed))
    };
    list(item, values)
}

/// `elist of point`, compressed: a single empty value is the empty list, otherwise as
/// [`point_list`].
///
/// # Errors
///
/// As [`list`].
///
/// ```
/// use sgfkit::grammar::value::{epoint_list, PointListItem};
/// use nom::{bytes::complete::take, Parser};
///
/// type E<'a> = nom::error::Error<&'a [u8]>;
/// let point = |i| take::<_, _, E>(2usize).parse_complete(i);
/// // VW[]
/// assert_eq!(epoint_list(point, &[b""]), Ok(vec![]));
/// assert_eq!(epoint_list(point, &[b"aa"]), Ok(vec![PointListItem::Point(&b"aa"[..])]));
/// ```
pub fn epoint_list<'a, P, E>(
    point: impl Parser<Input<'a>, Output = P, Error = E>,
    values: &[Input<'a>],
) -> Result<Vec<PointListItem<P>>, ListError<E>>
where
    E: ParseError<Input<'a>>,
{
    if let [v] = values
        && v.is_empty()
    {
        return Ok(Vec::new());
    }
    point_list(point, values)
}

/// A point on a rectangular grid, as needed to expand compressed point lists.
///
/// `col` grows to the right and `row` grows downwards, so a rectangle's upper-left corner has
/// the smaller column and the smaller row. `at(p.col(), p.row())` must equal `p`.
///
/// ```
/// use sgfkit::grammar::value::GridPoint;
///
/// #[derive(Debug, Clone, Copy, PartialEq, Eq)]
/// struct Pt(u16, u16);
/// impl GridPoint for Pt {
///     fn col(&self) -> u16 { self.0 }
///     fn row(&self) -> u16 { self.1 }
///     fn at(col: u16, row: u16) -> Self { Pt(col, row) }
/// }
/// assert_eq!(Pt::at(3, 4).row(), 4);
/// ```
pub trait GridPoint: Copy + Eq {
    /// The column, counted from 0 at the left edge.
    fn col(&self) -> u16;
    /// The row, counted from 0 at the top edge.
    fn row(&self) -> u16;
    /// The point in column `col` and row `row`.
    fn at(col: u16, row: u16) -> Self;
}

/// The most points [`expand`] will produce, to keep hostile input from allocating gigabytes.
///
/// ```
/// use sgfkit::grammar::value::MAX_EXPANDED_POINTS;
///
/// // Room for a 1024×1024 board, far beyond the 52×52 of Go.
/// assert_eq!(MAX_EXPANDED_POINTS, 1024 * 1024);
/// ```
pub const MAX_EXPANDED_POINTS: usize = 1 << 20;

/// Expands a compressed point list into its points, checking the rules of sgf4 §3.5.1.
///
/// Items keep their order; a rectangle gives its points row by row, each row from left to
/// right.
///
/// # Errors
///
/// Each error names the index of the offending item (= the index of its property value):
///
/// * [`PointListError::SingleCellRectangle`]: "1x1 Rectangles are illegal - they've to be
///   listed as single point";
/// * [`PointListError::ReversedRectangle`]: the first corner is right of or below the second;
/// * [`PointListError::Duplicate`]: "the points have to be unique, i.e. overlap and
///   duplication are forbidden";
/// * [`PointListError::TooManyPoints`]: more than [`MAX_EXPANDED_POINTS`] points in total.
///
/// ```
/// use sgfkit::grammar::value::{expand, GridPoint, PointListError, PointListItem::*};
///
/// #[derive(Debug, Clone, Copy, PartialEq, Eq)]
/// struct Pt(u16, u16);
/// impl GridPoint for Pt {
///     fn col(&self) -> u16 { self.0 }
///     fn row(&self) -> u16 { self.1 }
///     fn at(col: u16, row: u16) -> Self { Pt(col, row) }
/// }
///
/// // AB[aa:bb][dd]
/// let items = [Rectangle(Pt(0, 0), Pt(1, 1)), Point(Pt(3, 3))];
/// assert_eq!(
///     expand(&items),
///     Ok(vec![Pt(0, 0), Pt(1, 0), Pt(0, 1), Pt(1, 1), Pt(3, 3)])
/// );
/// // AB[aa:aa]
/// assert_eq!(
///     expand(&[Rectangle(Pt(0, 0), Pt(0, 0))]),
///     Err(PointListError::SingleCellRectangle { index: 0 })
/// );
/// // AB[aa:bb][bb]
/// assert!(matches!(
///     expand(&[Rectangle(Pt(0, 0), Pt(1, 1)), Point(Pt(1, 1))]),
///     Err(PointListError::Duplicate { index: 1, first: 0, col: 1, row: 1 })
/// ));
/// ```
pub fn expand<P: GridPoint>(items: &[PointListItem<P>]) -> Result<Vec<P>, PointListError> {
    // Check the rectangles and the total size before allocating anything.
    let mut total: u64 = 0;
    for (index, item) in items.iter().enumerate() {
        let area = match item {
            PointListItem::Point(_) => 1,
            PointListItem::Rectangle(ul, lr) => {
                if ul.col() == lr.col() && ul.row() == lr.row() {
                    return Err(PointListError::SingleCellRectangle { index });
                }
                if ul.col() > lr.col() || ul.row() > lr.row() {
                    return Err(PointListError::ReversedRectangle { index });
                }
                (u64::from(lr.col() - ul.col()) + 1) * (u64::from(lr.row() - ul.row()) + 1)
            }
        };
        total += area;
        if total > MAX_EXPANDED_POINTS as u64 {
            return Err(PointListError::TooManyPoints { index });
        }
    }
    let mut points = Vec::with_capacity(usize::try_from(total).unwrap_or(0));
    // Which value first gave each point: a table over the items' bounding
    // box when it is not much larger than the list (always on a Go board),
    // else a hash map.
    let (mut c0, mut r0, mut c1, mut r1) = (u16::MAX, u16::MAX, 0u16, 0u16);
    for item in items {
        let (ul, lr) = match *item {
            PointListItem::Point(p) => (p, p),
            PointListItem::Rectangle(ul, lr) => (ul, lr),
        };
        c0 = c0.min(ul.col());
        r0 = r0.min(ul.row());
        c1 = c1.max(lr.col());
        r1 = r1.max(lr.row());
    }
    let width = usize::from(c1.saturating_sub(c0)) + 1;
    let cells = width * (usize::from(r1.saturating_sub(r0)) + 1);
    let mut table: Vec<u32> = Vec::new();
    let mut seen: HashMap<(u16, u16), usize> = HashMap::new();
    let dense = !items.is_empty() && cells <= 4 * points.capacity() + 4096;
    // (A point outside the box, from a `GridPoint` whose `at` is not
    // exact, goes to the map.)
    if dense {
        table = vec![u32::MAX; cells];
    } else {
        seen.reserve(points.capacity());
    }
    let cell_of = |p: &P| -> Option<usize> {
        let (dc, dr) = (p.col().checked_sub(c0)?, p.row().checked_sub(r0)?);
        let k = usize::from(dr) * width + usize::from(dc);
        (usize::from(dc) < width && k < cells).then_some(k)
    };
    let duplicate = |index: usize, first: usize, col: u16, row: u16| PointListError::Duplicate {
        index,
        first,
        col,
        row,
    };
    for (index, item) in items.iter().enumerate() {
        match *item {
            // The common case, a rectangle in the table: one row at a time.
            PointListItem::Rectangle(ul, lr) if dense => {
                for row in ul.row()..=lr.row() {
                    let base = usize::from(row - r0) * width;
                    for col in ul.col()..=lr.col() {
                        let k = base + usize::from(col - c0);
                        let first = table[k];
                        if first != u32::MAX {
                            return Err(duplicate(index, first as usize, col, row));
                        }
                        table[k] = index as u32;
                        points.push(P::at(col, row));
                    }
                }
            }
            PointListItem::Rectangle(ul, lr) => {
                for row in ul.row()..=lr.row() {
                    for col in ul.col()..=lr.col() {
                        let p = P::at(col, row);
                        match seen.entry((p.col(), p.row())) {
                            Entry::Occupied(first) => {
                                return Err(duplicate(index, *first.get(), p.col(), p.row()));
                            }
                            Entry::Vacant(slot) => {
                                slot.insert(index);
                                points.push(p);
                            }
                        }
                    }
                }
            }
            PointListItem::Point(p) => {
                let first = match cell_of(&p).filter(|_| dense) {
                    Some(k) => {
                        let first = table[k];
                        table[k] = first.min(index as u32);
                        (first != u32::MAX).then_some(first as usize)
                    }
                    None => match seen.entry((p.col(), p.row())) {
                        Entry::Occupied(first) => Some(*first.get()),
                        Entry::Vacant(slot) => {
                            slot.insert(index);
                            None
                        }
                    },
                };
                if let Some(first) = first {
                    return Err(duplicate(index, first, p.col(), p.row()));
                }
                points.push(p);
            }
        }
    }
    Ok(points)
}

/// A `Real` value, keeping the text it was written with.
///
/// `KM[6.5]` prints back as `6.5` and `KM[6.50]` as `6.50`: [`Display`](fmt::Display) writes
/// the original text. Equality and hashing compare that text, so `6.5` and `6.50` are
/// different `Real`s with the same [`value`](Real::value).
///
/// ```
/// use sgfkit::grammar::value::Real;
///
/// let km: Real = "6.5".parse().unwrap();
/// assert_eq!(km.value(), 6.5);
/// assert_eq!(km.to_string(), "6.5");
/// assert!("1e3".parse::<Real>().is_err());
/// assert_eq!(Real::from_f64(0.1).unwrap().as_str(), "0.1");
/// assert_eq!(Real::from(-7).as_str(), "-7");
/// ```
#[derive(Debug, Clone)]
pub struct Real {
    text: Box<str>,
    value: f64,
}

impl Real {
    /// The value as an `f64` (correctly rounded; infinite only for absurdly long numbers).
    ///
    /// ```
    /// let r: sgfkit::grammar::value::Real = "-0.25".parse().unwrap();
    /// assert_eq!(r.value(), -0.25);
    /// ```
    pub fn value(&self) -> f64 {
        self.value
    }

    /// The text as written in the file, e.g. `"6.50"` or `"+7"`.
    ///
    /// ```
    /// let r: sgfkit::grammar::value::Real = "+7".parse().unwrap();
    /// assert_eq!(r.as_str(), "+7");
    /// ```
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The shortest `Real` text that reads back as `x`, or `None` if `x` is not finite.
    ///
    /// ```
    /// use sgfkit::grammar::value::Real;
    ///
    /// assert_eq!(Real::from_f64(6.5).unwrap().as_str(), "6.5");
    /// assert_eq!(Real::from_f64(1e21).unwrap().as_str(), "1000000000000000000000");
    /// assert!(Real::from_f64(f64::NAN).is_none());
    /// ```
    pub fn from_f64(x: f64) -> Option<Real> {
        // Rust's `Display` for a finite f64 never uses an exponent and always has a digit
        // before the point, so its output is valid `Real` syntax.
        x.is_finite().then(|| Real {
            text: x.to_string().into_boxed_str(),
            value: x,
        })
    }

    /// Builds a `Real` from bytes already matched by the `Real` rule (ASCII only).
    fn from_checked_text(digits: &[u8]) -> Real {
        let text: String = digits.iter().map(|&b| char::from(b)).collect();
        let value = text.parse::<f64>().unwrap_or(f64::NAN);
        Real {
            text: text.into_boxed_str(),
            value,
        }
    }
}

impl PartialEq for Real {
    fn eq(&self, other: &Real) -> bool {
        self.text == other.text
    }
}

impl Eq for Real {}

impl Hash for Real {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.text.hash(state);
    }
}

impl From<i64> for Real {
    fn from(n: i64) -> Real {
        Real {
            text: n.to_string().into_boxed_str(),
            // Rounds for |n| > 2^53, as `as` does.
            value: n as f64,
        }
    }
}

impl FromStr for Real {
    type Err = ParseRealError;

    fn from_str(s: &str) -> Result<Real, ParseRealError> {
        value(real::<()>)
            .parse_complete(s.as_bytes())
            .map(|(_, r)| r)
            .map_err(|_| ParseRealError)
    }
}

impl fmt::Display for Real {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// The error of `str::parse::<Real>()`: the string is not `Number ["." Digit {Digit}]`.
///
/// ```
/// use sgfkit::grammar::value::Real;
///
/// let err = "5.".parse::<Real>().unwrap_err();
/// assert_eq!(err.to_string(), "not an SGF Real (`[+-]digits[.digits]`)");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("not an SGF Real (`[+-]digits[.digits]`)")]
pub struct ParseRealError;

/// A `Double` value (sgf4 §3.1): `1` is normal, `2` emphasized (`GB[2]`: "very good for
/// black").
///
/// ```
/// use sgfkit::grammar::value::Double;
///
/// assert_eq!(Double::Emphasized.to_string(), "2");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Double {
    /// `1`
    Normal,
    /// `2`
    Emphasized,
}

impl fmt::Display for Double {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Double::Normal => "1",
            Double::Emphasized => "2",
        })
    }
}

/// A `Color` value: `B` or `W`.
///
/// ```
/// use sgfkit::grammar::value::Color;
///
/// assert_eq!(Color::Black.opponent(), Color::White);
/// assert_eq!(Color::White.to_string(), "W");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Color {
    /// `B`
    Black,
    /// `W`
    White,
}

impl Color {
    /// The other colour.
    ///
    /// ```
    /// use sgfkit::grammar::value::Color;
    ///
    /// assert_eq!(Color::White.opponent(), Color::Black);
    /// ```
    pub const fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::Black => "B",
            Color::White => "W",
        })
    }
}

/// Why [`list`], [`elist`], [`point_list`] or [`epoint_list`] rejected a property's values.
///
/// ```
/// use sgfkit::grammar::value::{list, color, ListError};
///
/// type E<'a> = nom::error::Error<&'a [u8]>;
/// let err = list(color::<E>, &[b"B", b"X"]).unwrap_err();
/// assert_eq!(err.index(), Some(1));
/// assert_eq!(err.to_string(), "value 1 is not valid");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ListError<E> {
    /// There were no values at all (a property always has at least one).
    #[error("a list needs at least one value")]
    NoValues,
    /// The value at `index` (0-based) did not match, or was not consumed completely.
    #[error("value {index} is not valid")]
    Invalid {
        /// Index of the value in the property's list of values.
        index: usize,
        /// The value parser's error.
        error: E,
    },
}

impl<E> ListError<E> {
    /// The index of the offending value, if there is one.
    ///
    /// ```
    /// use sgfkit::grammar::value::ListError;
    ///
    /// assert_eq!(ListError::<()>::NoValues.index(), None);
    /// ```
    pub fn index(&self) -> Option<usize> {
        match self {
            ListError::NoValues => None,
            ListError::Invalid { index, .. } => Some(*index),
        }
    }
}

/// Why [`expand`] rejected a compressed point list. `index` is the 0-based index of the
/// offending value.
///
/// ```
/// use sgfkit::grammar::value::PointListError;
///
/// let e = PointListError::ReversedRectangle { index: 2 };
/// assert_eq!(e.index(), 2);
/// assert_eq!(e.to_string(), "value 2: rectangle corners must be upper-left then lower-right");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PointListError {
    /// `AB[aa:aa]`: a 1×1 rectangle must be written as a single point.
    #[error("value {index}: a 1x1 rectangle must be written as a single point")]
    SingleCellRectangle {
        /// The value's index.
        index: usize,
    },
    /// `AB[bb:aa]`: the first corner is right of or below the second.
    #[error("value {index}: rectangle corners must be upper-left then lower-right")]
    ReversedRectangle {
        /// The value's index.
        index: usize,
    },
    /// `AB[aa:bb][ab]`: a point is listed twice (overlap or duplicate).
    #[error("value {index}: point at column {col}, row {row} is already given by value {first}")]
    Duplicate {
        /// The value's index.
        index: usize,
        /// The index of the value that first gave the point.
        first: usize,
        /// The point's column.
        col: u16,
        /// The point's row.
        row: u16,
    },
    /// The list would expand to more than [`MAX_EXPANDED_POINTS`] points.
    #[error("value {index}: the list expands to more than {MAX_EXPANDED_POINTS} points")]
    TooManyPoints {
        /// The value's index.
        index: usize,
    },
}

impl PointListError {
    /// The index of the offending value.
    ///
    /// ```
    /// use sgfkit::grammar::value::PointListError;
    ///
    /// assert_eq!(PointListError::SingleCellRectangle { index: 4 }.index(), 4);
    /// ```
    pub fn index(&self) -> usize {
        match *self {
            PointListError::SingleCellRectangle { index }
            | PointListError::ReversedRectangle { index }
            | PointListError::Duplicate { index, .. }
            | PointListError::TooManyPoints { index } => index,
        }
    }
}

/// Splits a compose value on its first unescaped `:`.
fn split_compose<'a, E: ParseError<Input<'a>>>(i: Input<'a>) -> Result<(Input<'a>, Input<'a>), E> {
    match text::find_unescaped(i, b':') {
        Some(colon) => Ok((&i[..colon], &i[colon + 1..])),
        None => Err(E::from_error_kind(i, ErrorKind::Char)),
    }
}

/// Runs `p` in complete mode on `i` and requires it to consume all of `i`. A leftover gives
/// an `Err::Error` with [`ErrorKind::Eof`] at the leftover; `Err::Failure` stays a failure.
fn whole<'a, P: Parser<Input<'a>>>(p: &mut P, i: Input<'a>) -> Result<P::Output, Err<P::Error>> {
    match p.parse_complete(i) {
        Ok((rest, _)) if !rest.is_empty() => Err(Err::Error(
            <P::Error as ParseError<_>>::from_error_kind(rest, ErrorKind::Eof),
        )),
        Ok((_, o)) => Ok(o),
        // Complete mode never asks for more input; treat it as an error all the same.
        Err(Err::Incomplete(_)) => Err(Err::Error(<P::Error as ParseError<_>>::from_error_kind(
            i,
            ErrorKind::Complete,
        ))),
        Err(e) => Err(e),
    }
}

/// The error inside an `Err::Error` or `Err::Failure` (`whole` never gives `Incomplete`).
fn inner<'a, E: ParseError<Input<'a>>>(e: Err<E>, i: Input<'a>) -> E {
    match e {
        Err::Error(e) | Err::Failure(e) => e,
        Err::Incomplete(_) => E::from_error_kind(i, ErrorKind::Complete),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    type E<'a> = nom::error::Error<&'a [u8]>;

    fn err_kind<O: fmt::Debug>(r: IResult<&[u8], O, E<'_>>) -> ErrorKind {
        match r {
            Err(Err::Error(e)) => e.code,
            other => panic!("expected Err::Error, got {other:?}"),
        }
    }

    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
    struct Pt(u16, u16);

    impl GridPoint for Pt {
        fn col(&self) -> u16 {
            self.0
        }
        fn row(&self) -> u16 {
            self.1
        }
        fn at(col: u16, row: u16) -> Self {
            Pt(col, row)
        }
    }

    /// A Go-like point for tests: two letters `a`..=`z`.
    fn pt(i: &[u8]) -> IResult<&[u8], Pt, E<'_>> {
        let letter = |b: u8| b.is_ascii_lowercase().then(|| u16::from(b - b'a'));
        match i {
            [c, r, rest @ ..] => match (letter(*c), letter(*r)) {
                (Some(c), Some(r)) => Ok((rest, Pt(c, r))),
                _ => Err(Err::Error(E::from_error_kind(i, ErrorKind::Alpha))),
            },
            _ => Err(Err::Error(E::from_error_kind(i, ErrorKind::Eof))),
        }
    }

    fn print_pt(p: Pt) -> String {
        [p.0, p.1]
            .iter()
            .map(|&c| char::from(b'a' + c as u8))
            .collect()
    }

    #[test]
    fn none_rule() {
        assert_eq!(none::<E>(b""), Ok((&b""[..], ())));
        assert_eq!(none::<E>(b"1"), Ok((&b"1"[..], ())));
        assert_eq!(value(none::<E>).parse_complete(b""), Ok((&b""[..], ())));
        assert!(value(none::<E>).parse_complete(b" ").is_err());
    }

    #[test]
    fn number_rule() {
        assert_eq!(number::<E>(b"0"), Ok((&b""[..], 0)));
        assert_eq!(number::<E>(b"-0"), Ok((&b""[..], 0)));
        assert_eq!(number::<E>(b"+12"), Ok((&b""[..], 12)));
        assert_eq!(number::<E>(b"-12"), Ok((&b""[..], -12)));
        assert_eq!(number::<E>(b"12.5"), Ok((&b".5"[..], 12)));
        assert_eq!(number::<E>(b"3:4"), Ok((&b":4"[..], 3)));
        assert_eq!(number::<E>(b"1 "), Ok((&b" "[..], 1)));
        assert_eq!(
            number::<E>(b"9223372036854775807"),
            Ok((&b""[..], i64::MAX))
        );
        assert_eq!(
            number::<E>(b"-9223372036854775808"),
            Ok((&b""[..], i64::MIN))
        );
        assert_eq!(
            err_kind(number::<E>(b"9223372036854775808")),
            ErrorKind::TooLarge
        );
        assert_eq!(
            err_kind(number::<E>(b"-9223372036854775809")),
            ErrorKind::TooLarge
        );
        assert_eq!(err_kind(number::<E>(b"")), ErrorKind::Digit);
        assert_eq!(err_kind(number::<E>(b"-")), ErrorKind::Digit);
        assert_eq!(err_kind(number::<E>(b"+-1")), ErrorKind::Digit);
        assert_eq!(err_kind(number::<E>(b" 1")), ErrorKind::Digit);
        assert_eq!(err_kind(number::<E>(b"x")), ErrorKind::Digit);
        // Non-ASCII digits are not digits.
        assert!(number::<E>("٣".as_bytes()).is_err());
    }

    #[test]
    fn real_rule() {
        let ok = |s: &[u8], rest: &[u8], text: &str, v: f64| {
            let (r, real) = real::<E>(s).unwrap();
            assert_eq!((r, real.as_str(), real.value()), (rest, text, v), "{s:?}");
        };
        ok(b"6.5", b"", "6.5", 6.5);
        ok(b"6.50", b"", "6.50", 6.5);
        ok(b"+0.5", b"", "+0.5", 0.5);
        ok(b"-12", b"", "-12", -12.0);
        ok(b"007.25", b"", "007.25", 7.25);
        ok(b"5.", b".", "5", 5.0);
        ok(b"5.x", b".x", "5", 5.0);
        ok(b"1e3", b"e3", "1", 1.0);
        ok(b"1.5.5", b".5", "1.5", 1.5);
        ok(b"2,5", b",5", "2", 2.0);
        for bad in [&b""[..], b".5", b"-.5", b"inf", b"NaN", b"+", b" 1", b"e3"] {
            assert!(real::<E>(bad).is_err(), "{bad:?}");
        }
        for bad in [
            "5.", "1e3", "1E3", "inf", "-inf", "infinity", "NaN", "0x10", " 1", "1 ",
        ] {
            assert_eq!(bad.parse::<Real>(), Err(ParseRealError), "{bad}");
        }
        // Long numbers do not fail, they round.
        let long = format!("1{}", "0".repeat(400));
        assert_eq!(long.parse::<Real>().unwrap().value(), f64::INFINITY);
        assert_eq!(long.parse::<Real>().unwrap().to_string(), long);
    }

    #[test]
    fn real_type() {
        let a: Real = "6.5".parse().unwrap();
        let b: Real = "6.50".parse().unwrap();
        assert_ne!(a, b);
        assert_eq!(a.value(), b.value());
        assert_eq!(a, Real::from_f64(6.5).unwrap());
        assert_eq!(Real::from_f64(-0.0).unwrap().as_str(), "-0");
        assert_eq!(Real::from_f64(1e-7).unwrap().as_str(), "0.0000001");
        assert!(Real::from_f64(f64::INFINITY).is_none());
        assert_eq!(Real::from(i64::MIN).as_str(), "-9223372036854775808");
        assert_eq!(format!("KM[{a}]"), "KM[6.5]");
    }

    #[test]
    fn double_rule() {
        assert_eq!(double::<E>(b"1"), Ok((&b""[..], Double::Normal)));
        assert_eq!(double::<E>(b"2"), Ok((&b""[..], Double::Emphasized)));
        assert_eq!(double::<E>(b"21"), Ok((&b"1"[..], Double::Emphasized)));
        for bad in [&b""[..], b"0", b"3", b" 1", b"+1"] {
            assert_eq!(err_kind(double::<E>(bad)), ErrorKind::OneOf, "{bad:?}");
        }
        assert!(value(double::<E>).parse_complete(b"11").is_err());
    }

    #[test]
    fn color_rule() {
        assert_eq!(color::<E>(b"B"), Ok((&b""[..], Color::Black)));
        assert_eq!(color::<E>(b"W"), Ok((&b""[..], Color::White)));
        assert_eq!(color::<E>(b"WB"), Ok((&b"B"[..], Color::White)));
        for bad in [&b""[..], b"w", b"b", b"X", b" B"] {
            assert_eq!(err_kind(color::<E>(bad)), ErrorKind::OneOf, "{bad:?}");
        }
        assert_eq!(Color::Black.opponent().opponent(), Color::Black);
    }

    #[test]
    fn text_rules() {
        let raw = b"a\\:b\\]c\\\nd\r\ne\tf";
        let (rest, t) = text::<E>(raw).unwrap();
        assert_eq!((rest, &*t), (&b""[..], &b"a:b]cd\ne f"[..]));
        let (rest, t) = simple_text::<E>(raw).unwrap();
        assert_eq!((rest, &*t), (&b""[..], &b"a:b]cd e f"[..]));
        // The empty value is the empty text.
        assert_eq!(text::<E>(b""), Ok((&b""[..], Cow::Borrowed(&b""[..]))));
        // The rest is the end of the input, not some other empty slice.
        let (rest, _) = text::<E>(raw).unwrap();
        assert_eq!(rest.as_ptr(), raw[raw.len()..].as_ptr());
        // Borrowed when nothing changes.
        assert!(matches!(
            simple_text::<E>(b"plain"),
            Ok((_, Cow::Borrowed(_)))
        ));
    }

    #[test]
    fn compose_rule() {
        let mut nn = compose(number::<E>, number::<E>);
        assert_eq!(nn.parse_complete(b"19:13"), Ok((&b""[..], (19, 13))));
        assert_eq!(nn.parse_complete(b"-1:+2"), Ok((&b""[..], (-1, 2))));
        assert_eq!(err_kind(nn.parse_complete(b"19")), ErrorKind::Char);
        assert_eq!(err_kind(nn.parse_complete(b"19\\:13")), ErrorKind::Char);
        // Leftovers on either side.
        let input = b"19x:13";
        match nn.parse_complete(input) {
            Err(Err::Error(e)) => {
                assert_eq!((e.input, e.code), (&b"x"[..], ErrorKind::Eof));
                assert_eq!(e.input.as_ptr(), input[2..].as_ptr());
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(err_kind(nn.parse_complete(b"19:13:1")), ErrorKind::Eof);
        assert_eq!(err_kind(nn.parse_complete(b":13")), ErrorKind::Digit);
        assert_eq!(err_kind(nn.parse_complete(b"19:")), ErrorKind::Digit);

        // LB[aa:a\:b]: the second `:` stays in the text part.
        let mut label = compose(pt, simple_text::<E>);
        let (rest, (p, t)) = label.parse_complete(b"cd:a\\:b:c").unwrap();
        assert_eq!((rest, p, &*t), (&b""[..], Pt(2, 3), &b"a:b:c"[..]));
        // AP[My\:App:1.0]: the escaped `:` stays in the first part.
        let mut app = compose(simple_text::<E>, simple_text::<E>);
        let (_, (name, version)) = app.parse_complete(b"My\\:App:1.0").unwrap();
        assert_eq!((&*name, &*version), (&b"My:App"[..], &b"1.0"[..]));
        // An escaped backslash before the `:` does not escape it.
        let (_, (a, b)) = app.parse_complete(b"a\\\\:b").unwrap();
        assert_eq!((&*a, &*b), (&b"a\\"[..], &b"b"[..]));
        // Empty halves are allowed for text.
        let (_, (a, b)) = app.parse_complete(b":").unwrap();
        assert_eq!((&*a, &*b), (&b""[..], &b""[..]));
    }

    #[test]
    fn compose_keeps_failure() {
        use nom::combinator::cut;
        let mut p = compose(cut(number::<E>), number::<E>);
        assert!(matches!(p.parse_complete(b"x:1"), Err(Err::Failure(_))));
        assert!(matches!(p.parse_complete(b"1:x"), Err(Err::Error(_))));
    }

    #[test]
    fn value_rule() {
        assert_eq!(value(number::<E>).parse_complete(b"-5"), Ok((&b""[..], -5)));
        assert_eq!(
            err_kind(value(number::<E>).parse_complete(b"5 ")),
            ErrorKind::Eof
        );
        assert_eq!(
            err_kind(value(color::<E>).parse_complete(b"BW")),
            ErrorKind::Eof
        );
    }

    #[test]
    fn list_rules() {
        let v: [&[u8]; 3] = [b"B", b"W", b"B"];
        assert_eq!(
            list(color::<E>, &v),
            Ok(vec![Color::Black, Color::White, Color::Black])
        );
        match list(number::<E>, &[b"1", b"2x", b"y"]) {
            Err(ListError::Invalid { index, error }) => {
                assert_eq!(
                    (index, error.input, error.code),
                    (1, &b"x"[..], ErrorKind::Eof)
                );
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(list(number::<E>, &[]), Err(ListError::NoValues));
        assert!(matches!(
            list(number::<E>, &[b""]),
            Err(ListError::Invalid { index: 0, .. })
        ));
        // A list of none is fine with empty values.
        assert_eq!(list(none::<E>, &[b"", b""]), Ok(vec![(), ()]));

        assert_eq!(elist(number::<E>, &[b""]), Ok(vec![]));
        assert_eq!(elist(number::<E>, &[b"7"]), Ok(vec![7]));
        assert_eq!(elist(number::<E>, &[]), Err(ListError::NoValues));
        assert!(matches!(
            elist(number::<E>, &[b"", b""]),
            Err(ListError::Invalid { index: 0, .. })
        ));
        assert!(matches!(
            elist(number::<E>, &[b"1", b""]),
            Err(ListError::Invalid { index: 1, .. })
        ));
        // elist of text: `[]` is the empty list, not one empty text.
        assert_eq!(elist(text::<E>, &[b""]), Ok(vec![]));
    }

    #[test]
    fn point_list_rule() {
        use PointListItem::{Point, Rectangle};
        // The DD_VW.html example: VW[aa:bi][ca:ce][ge:ie][ga:ia][gc:ic][gb][ib]
        let values: [&[u8]; 7] = [
            b"aa:bi", b"ca:ce", b"ge:ie", b"ga:ia", b"gc:ic", b"gb", b"ib",
        ];
        let items = point_list(pt, &values).unwrap();
        assert_eq!(
            items,
            vec![
                Rectangle(Pt(0, 0), Pt(1, 8)),
                Rectangle(Pt(2, 0), Pt(2, 4)),
                Rectangle(Pt(6, 4), Pt(8, 4)),
                Rectangle(Pt(6, 0), Pt(8, 0)),
                Rectangle(Pt(6, 2), Pt(8, 2)),
                Point(Pt(6, 1)),
                Point(Pt(8, 1)),
            ]
        );
        let points = expand(&items).unwrap();
        assert_eq!(points.len(), 18 + 5 + 3 + 3 + 3 + 2);
        assert_eq!(&points[..3], &[Pt(0, 0), Pt(1, 0), Pt(0, 1)]);
        assert_eq!(points.last(), Some(&Pt(8, 1)));

        for bad in [
            &b"aa:"[..],
            b":aa",
            b"aa:bbc",
            b"a",
            b"aa\\:bb",
            b"",
            b"aa::bb",
        ] {
            assert!(
                matches!(
                    point_list(pt, &[b"cc", bad]),
                    Err(ListError::Invalid { index: 1, .. })
                ),
                "{bad:?}"
            );
        }
        assert_eq!(point_list(pt, &[]), Err(ListError::NoValues));
        assert_eq!(epoint_list(pt, &[b""]), Ok(vec![]));
        assert_eq!(
            epoint_list(pt, &[b"ab:cd"]),
            Ok(vec![Rectangle(Pt(0, 1), Pt(2, 3))])
        );
        assert!(epoint_list(pt, &[b"", b"aa"]).is_err());
    }

    #[test]
    fn expand_rules() {
        use PointListItem::{Point, Rectangle};
        assert_eq!(expand::<Pt>(&[]), Ok(vec![]));
        assert_eq!(
            expand(&[
                Point(Pt(1, 1)),
                Rectangle(Pt(2, 0), Pt(3, 1)),
                Point(Pt(0, 0))
            ]),
            Ok(vec![
                Pt(1, 1),
                Pt(2, 0),
                Pt(3, 0),
                Pt(2, 1),
                Pt(3, 1),
                Pt(0, 0)
            ])
        );
        // Lines are rectangles too.
        assert_eq!(
            expand(&[Rectangle(Pt(0, 2), Pt(0, 4))]),
            Ok(vec![Pt(0, 2), Pt(0, 3), Pt(0, 4)])
        );
        assert_eq!(
            expand(&[Point(Pt(0, 0)), Rectangle(Pt(5, 5), Pt(5, 5))]),
            Err(PointListError::SingleCellRectangle { index: 1 })
        );
        for (ul, lr) in [
            (Pt(1, 1), Pt(0, 0)),
            (Pt(1, 0), Pt(0, 1)),
            (Pt(0, 1), Pt(1, 0)),
        ] {
            assert_eq!(
                expand(&[Rectangle(ul, lr)]),
                Err(PointListError::ReversedRectangle { index: 0 }),
                "{ul:?}:{lr:?}"
            );
        }
        assert_eq!(
            expand(&[Point(Pt(3, 3)), Point(Pt(3, 3))]),
            Err(PointListError::Duplicate {
                index: 1,
                first: 0,
                col: 3,
                row: 3
            })
        );
        assert_eq!(
            expand(&[
                Rectangle(Pt(0, 0), Pt(2, 2)),
                Point(Pt(5, 5)),
                Rectangle(Pt(2, 2), Pt(3, 3)),
            ]),
            Err(PointListError::Duplicate {
                index: 2,
                first: 0,
                col: 2,
                row: 2
            })
        );
        // Errors about a rectangle's shape come before overlaps, whatever the order.
        assert_eq!(
            expand(&[
                Point(Pt(0, 0)),
                Point(Pt(0, 0)),
                Rectangle(Pt(1, 1), Pt(1, 1))
            ]),
            Err(PointListError::SingleCellRectangle { index: 2 })
        );
        // Hostile sizes are refused before allocating.
        assert_eq!(
            expand(&[Point(Pt(0, 0)), Rectangle(Pt(0, 1), Pt(u16::MAX, u16::MAX))]),
            Err(PointListError::TooManyPoints { index: 1 })
        );
        let side = 1024u16; // exactly MAX_EXPANDED_POINTS
        assert_eq!(
            expand(&[Rectangle(Pt(0, 0), Pt(side - 1, side - 1))]).map(|v| v.len()),
            Ok(MAX_EXPANDED_POINTS)
        );
    }

    #[test]
    fn errors_display() {
        let e: ListError<E> = ListError::NoValues;
        assert_eq!(e.to_string(), "a list needs at least one value");
        let e = PointListError::Duplicate {
            index: 3,
            first: 1,
            col: 2,
            row: 0,
        };
        assert_eq!(
            e.to_string(),
            "value 3: point at column 2, row 0 is already given by value 1"
        );
        assert_eq!(
            PointListError::TooManyPoints { index: 0 }.to_string(),
            "value 0: the list expands to more than 1048576 points"
        );
    }

    /// Valid `SimpleText` for use inside a compose value, without white space but space.
    fn simple_string() -> impl Strategy<Value = String> {
        let pool = prop_oneof![
            3 => any::<char>().prop_map(|c| if c.is_ascii_whitespace() || c == '\x0b' { ' ' } else { c }),
            1 => prop::sample::select(vec![':', '\\', ']', 'é', '\0']),
        ];
        prop::collection::vec(pool, 0..20).prop_map(|v| v.into_iter().collect())
    }

    fn item() -> impl Strategy<Value = PointListItem<Pt>> {
        let p = (0u16..26, 0u16..26).prop_map(|(c, r)| Pt(c, r));
        prop_oneof![
            p.clone().prop_map(PointListItem::Point),
            (p.clone(), p).prop_map(|(a, b)| PointListItem::Rectangle(a, b)),
        ]
    }

    proptest! {
        #[test]
        fn number_print_parse(n in any::<i64>()) {
            let s = n.to_string();
            prop_assert_eq!(value(number::<E>).parse_complete(s.as_bytes()), Ok((&b""[..], n)));
        }

        #[test]
        fn number_matches_std(s in "[+-]?[0-9]{1,22}") {
            let ours = value(number::<E>).parse_complete(s.as_bytes()).map(|(_, n)| n).ok();
            prop_assert_eq!(ours, s.parse::<i64>().ok());
        }

        #[test]
        fn real_print_parse(s in "[+-]?[0-9]{1,15}(\\.[0-9]{1,15})?") {
            let r: Real = s.parse().unwrap();
            prop_assert_eq!(r.to_string(), s.clone());
            prop_assert_eq!(r.value(), s.parse::<f64>().unwrap());
            let (rest, r2) = real::<E>(s.as_bytes()).unwrap();
            prop_assert!(rest.is_empty());
            prop_assert_eq!(r2, r);
        }

        #[test]
        fn real_from_f64(x in any::<f64>().prop_filter("finite", |x| x.is_finite())) {
            let r = Real::from_f64(x).unwrap();
            let back: Real = r.to_string().parse().unwrap();
            prop_assert_eq!(back.value(), x);
            prop_assert_eq!(back, r);
        }

        #[test]
        fn real_rejects_rust_only_syntax(s in "[+-]?([0-9]*\\.|\\.[0-9]+|[0-9]+[eE][+-]?[0-9]+|inf|NaN)") {
            prop_assert!(s.parse::<Real>().is_err());
        }

        #[test]
        fn double_color_print_parse(d in prop::sample::select(vec![Double::Normal, Double::Emphasized]),
                                    c in prop::sample::select(vec![Color::Black, Color::White])) {
            let ds = d.to_string();
            let cs = c.to_string();
            prop_assert_eq!(value(double::<E>).parse_complete(ds.as_bytes()), Ok((&b""[..], d)));
            prop_assert_eq!(value(color::<E>).parse_complete(cs.as_bytes()), Ok((&b""[..], c)));
        }

        #[test]
        fn compose_number_simple_text(n in any::<i64>(), s in simple_string()) {
            let raw = format!("{n}:{}", crate::text::encode(&s, true));
            let (rest, (m, t)) = compose(number::<E>, simple_text::<E>)
                .parse_complete(raw.as_bytes())
                .unwrap();
            prop_assert!(rest.is_empty());
            prop_assert_eq!(m, n);
            prop_assert_eq!(String::from_utf8(t.into_owned()).unwrap(), s);
        }

        #[test]
        fn compose_text_text(a in simple_string(), b in simple_string()) {
            let raw = format!("{}:{}", crate::text::encode(&a, true), crate::text::encode(&b, true));
            let (_, (x, y)) = compose(simple_text::<E>, text::<E>)
                .parse_complete(raw.as_bytes())
                .unwrap();
            prop_assert_eq!(&*x, a.as_bytes());
            prop_assert_eq!(&*y, b.as_bytes());
        }

        #[test]
        fn never_incomplete(raw in prop::collection::vec(prop::sample::select(b"+-.:0129BW\\ a".to_vec()), 0..12)) {
            fn check<O: fmt::Debug>(r: IResult<&[u8], O, E<'_>>) -> Result<(), TestCaseError> {
                prop_assert!(!matches!(r, Err(Err::Incomplete(_))), "{:?}", r);
                Ok(())
            }
            let raw = &raw[..];
            check(none::<E>(raw))?;
            check(number::<E>(raw))?;
            check(real::<E>(raw))?;
            check(double::<E>(raw))?;
            check(color::<E>(raw))?;
            check(text::<E>(raw))?;
            check(simple_text::<E>(raw))?;
            check(value(number::<E>).parse_complete(raw))?;
            check(value(real::<E>).parse_complete(raw))?;
            check(compose(real::<E>, number::<E>).parse_complete(raw))?;
            check(compose(color::<E>, simple_text::<E>).parse_complete(raw))?;
        }

        #[test]
        fn compose_never_panics(raw in prop::collection::vec(any::<u8>(), 0..32)) {
            let _ = compose(number::<E>, simple_text::<E>).parse_complete(&raw);
            let _ = compose(real::<E>, real::<E>).parse_complete(&raw);
            let _ = point_list(pt, &[&raw[..]]);
        }

        #[test]
        fn point_list_print_parse_expand(items in prop::collection::vec(item(), 1..8)) {
            let printed: Vec<String> = items
                .iter()
                .map(|it| match *it {
                    PointListItem::Point(p) => print_pt(p),
                    PointListItem::Rectangle(a, b) => format!("{}:{}", print_pt(a), print_pt(b)),
                })
                .collect();
            let values: Vec<&[u8]> = printed.iter().map(|s| s.as_bytes()).collect();
            let parsed = point_list(pt, &values).unwrap();
            prop_assert_eq!(&parsed, &items);

            // A naive model of the expansion rules.
            let mut model: Vec<(Pt, usize)> = Vec::new();
            let mut expected = Ok(());
            'outer: for (index, it) in items.iter().enumerate() {
                let cells: Vec<Pt> = match *it {
                    PointListItem::Point(p) => vec![p],
                    PointListItem::Rectangle(a, b) => {
                        if a == b {
                            expected = Err(PointListError::SingleCellRectangle { index });
                            break 'outer;
                        }
                        if a.0 > b.0 || a.1 > b.1 {
                            expected = Err(PointListError::ReversedRectangle { index });
                            break 'outer;
                        }
                        (a.1..=b.1).flat_map(|r| (a.0..=b.0).map(move |c| Pt(c, r))).collect()
                    }
                };
                for c in cells {
                    if let Some(&(_, first)) = model.iter().find(|(q, _)| *q == c) {
                        // A shape error later in the list still wins over this overlap,
                        // since `expand` checks shapes first.
                        if expected.is_ok() {
                            expected = Err(PointListError::Duplicate { index, first, col: c.0, row: c.1 });
                        }
                        continue 'outer;
                    }
                    model.push((c, index));
                }
            }
            let expected = expected.map(|()| model.into_iter().map(|(p, _)| p).collect::<Vec<_>>());
            prop_assert_eq!(expand(&parsed), expected);
        }
    }
}
