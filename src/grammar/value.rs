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
use std::hash::Hash;

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
    let (rest, digits) = real_text(i)?;
    Ok((rest, Real::from_checked_text(digits)))
}

/// The text of the `Real` that starts `i`, as [`real`] reads it, without the value built.
fn real_text<'a, E: ParseError<Input<'a>>>(i: Input<'a>) -> IResult<Input<'a>, Input<'a>, E> {
    recognize((opt(one_of("+-")), digit1, opt((char('.'), digit1)))).parse_complete(i)
}

/// True if the whole of `v` is one `Real` (what `value(real)` takes), with no value built:
/// for checks run on many values.
pub(crate) fn is_real(v: &[u8]) -> bool {
    value(real_text::<()>).parse_complete(v).is_ok()
}

/// True if the whole of `v` is one `Number` that fits an `i64` (what
/// `value(number)` takes).
pub(crate) fn is_number(v: &[u8]) -> bool {
    value(number::<()>).parse_complete(v).is_ok()
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
                let corner = |p: &P| (u64::from(p.col()), u64::from(p.row()));
                rectangle_area(corner(ul), corner(lr))
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
                for (col, row) in rectangle_cells((ul.col(), ul.row()), (lr.col(), lr.row())) {
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

/// How many cells the rectangle with corners `a` and `b` (column and row,
/// the corners in any order) holds, saturating at `u64::MAX`: the one
/// measure of a compressed point list's rectangle, for [`expand`], the
/// resource limits and the meaning format of `sgfkit-conform`.
///
/// ```
/// use sgfkit::grammar::value::rectangle_area;
/// assert_eq!(rectangle_area((3, 0), (0, 1)), 8);
/// assert_eq!(rectangle_area((0, 0), (u64::MAX, u64::MAX)), u64::MAX);
/// ```
pub fn rectangle_area(a: (u64, u64), b: (u64, u64)) -> u64 {
    let side = |x: u64, y: u64| x.abs_diff(y).saturating_add(1);
    side(a.0, b.0).saturating_mul(side(a.1, b.1))
}

/// Every cell of the rectangle with corners `a` and `b` (column and row, the
/// corners in any order): row by row, each row from left to right, the
/// order of [`expand`].
///
/// ```
/// use sgfkit::grammar::value::rectangle_cells;
/// let cells: Vec<_> = rectangle_cells((1, 1), (0, 0)).collect();
/// assert_eq!(cells, [(0, 0), (1, 0), (0, 1), (1, 1)]);
/// ```
pub fn rectangle_cells(a: (u16, u16), b: (u16, u16)) -> impl Iterator<Item = (u16, u16)> {
    let (c0, c1) = (a.0.min(b.0), a.0.max(b.0));
    let (r0, r1) = (a.1.min(b.1), a.1.max(b.1));
    (r0..=r1).flat_map(move |r| (c0..=c1).map(move |c| (c, r)))
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

mod types;
pub use types::{Color, Double, ListError, ParseRealError, PointListError, Real};

#[cfg(test)]
mod tests;
