use super::*;
use proptest::prelude::*;
use std::fmt;

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
fn rectangles_take_their_corners_in_any_order() {
    for (a, b) in [((1, 0), (0, 2)), ((0, 2), (1, 0)), ((0, 0), (1, 2))] {
        let cells: Vec<_> = rectangle_cells(a, b).collect();
        assert_eq!(cells, [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2), (1, 2)]);
        let wide = |p: (u16, u16)| (u64::from(p.0), u64::from(p.1));
        assert_eq!(rectangle_area(wide(a), wide(b)), 6);
    }
    assert_eq!(rectangle_area((0, 0), (u64::MAX, 1)), u64::MAX);
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
    // Far apart (no table over the bounding box): the same order and checks.
    let far = [
        Rectangle(Pt(0, 0), Pt(1, 1)),
        Rectangle(Pt(5000, 5000), Pt(5001, 5000)),
    ];
    assert_eq!(
        expand(&far),
        Ok(vec![
            Pt(0, 0),
            Pt(1, 0),
            Pt(0, 1),
            Pt(1, 1),
            Pt(5000, 5000),
            Pt(5001, 5000)
        ])
    );
    assert_eq!(
        expand(&[far[0], far[1], Rectangle(Pt(4000, 4999), Pt(5000, 5000))]),
        Err(PointListError::Duplicate {
            index: 2,
            first: 1,
            col: 5000,
            row: 5000
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

    /// `is_real` takes exactly the values `value(real)` reads.
    #[test]
    fn is_real_agrees_with_the_real_rule(raw in prop::collection::vec(prop::sample::select(b"+-.0129e ".to_vec()), 0..8)) {
        prop_assert_eq!(is_real(&raw), value(real::<E>).parse_complete(&raw).is_ok(), "{:?}", raw);
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
