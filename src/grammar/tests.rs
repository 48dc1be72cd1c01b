//! One unit test (or more) per grammar rule, each asserting what the rule
//! consumed and what it left.

use super::*;
use nom_locate::LocatedSpan;

/// Records events as text, e.g. `( ; B[aa] )`.
#[derive(Default)]
struct Rec(Vec<String>);

impl<'a> Visitor<'a> for Rec {
    fn start_tree(&mut self, _: &'a [u8]) {
        self.0.push("(".into());
    }
    fn end_tree(&mut self, _: &'a [u8]) {
        self.0.push(")".into());
    }
    fn start_node(&mut self, _: &'a [u8]) {
        self.0.push(";".into());
    }
    fn property(&mut self, p: RawProperty<'a>) {
        let vals: Vec<String> = p
            .values()
            .map(|v| String::from_utf8_lossy(v).into_owned())
            .collect();
        self.0.push(format!(
            "{}{}",
            String::from_utf8_lossy(p.ident()),
            vals.iter().map(|v| format!("[{v}]")).collect::<String>()
        ));
    }
    fn junk(&mut self, s: &'a [u8], place: JunkPlace) {
        self.0
            .push(format!("junk{place:?}:{}", String::from_utf8_lossy(s)));
    }
}

const LIMITS: Limits = Limits { max_depth: 1000 };

fn rest_of(r: PResult<&[u8], ()>) -> &[u8] {
    r.map(|(rest, ())| rest).expect("rule should succeed")
}

#[test]
fn collection_reads_all_trees_and_skips_junk() {
    let mut v = Rec::default();
    let rest = rest_of(collection(&mut v, LIMITS)(
        &b"From: x\n(;A[1])\n junk (;B[2]) tail"[..],
    ));
    assert_eq!(rest, b"");
    assert_eq!(
        v.0,
        [
            "junkBefore:From: x\n",
            "(",
            ";",
            "A[1]",
            ")",
            "junkBetween:junk ",
            "(",
            ";",
            "B[2]",
            ")",
            "junkAfter:tail"
        ]
    );
}

#[test]
fn collection_without_game_tree_fails() {
    let mut v = Rec::default();
    let err = collection(&mut v, LIMITS)(&b"  no tree ( here"[..]).unwrap_err();
    match err {
        Err::Error(e) => {
            assert_eq!(e.expected, Expected::GameTree);
            assert_eq!(e.input, b"no tree ( here");
        }
        other => panic!("unexpected {other:?}"),
    }
}

#[test]
fn game_tree_stops_after_its_closing_paren() {
    let mut v = Rec::default();
    let rest = rest_of(game_tree(&mut v, LIMITS)(
        &b"(;A[1](;B[2])(;C[3]))(;D[4])"[..],
    ));
    assert_eq!(rest, b"(;D[4])");
    assert_eq!(
        v.0,
        [
            "(", ";", "A[1]", "(", ";", "B[2]", ")", "(", ";", "C[3]", ")", ")"
        ]
    );
}

#[test]
fn game_tree_needs_a_sequence() {
    let mut v = Rec::default();
    let err = game_tree(&mut v, LIMITS)(&b"()"[..]).unwrap_err();
    let Err::Failure(e) = err else {
        panic!("expected a failure")
    };
    assert_eq!(e.expected, Expected::Char(b';'));
    assert_eq!(e.input, b")");
}

#[test]
fn game_tree_unclosed_names_its_opener() {
    let src = &b"(;A[1](;B[2]"[..];
    let mut v = Rec::default();
    let Err::Failure(e) = game_tree(&mut v, LIMITS)(src).unwrap_err() else {
        panic!("expected a failure")
    };
    assert_eq!(e.expected, Expected::Char(b')'));
    assert_eq!(e.input, b"");
    assert_eq!(e.opened, Some(&src[6..]));
}

#[test]
fn game_tree_depth_limit() {
    let src = "(;B[aa]".repeat(5) + &")".repeat(5);
    let mut v = Rec::default();
    let limits = Limits { max_depth: 4 };
    let Err::Failure(e) = game_tree(&mut v, limits)(src.as_bytes()).unwrap_err() else {
        panic!("expected a failure")
    };
    assert_eq!(e.depth_limit, Some(4));
    let limits = Limits { max_depth: 5 };
    assert_eq!(
        rest_of(game_tree(&mut Rec::default(), limits)(src.as_bytes())),
        b""
    );
}

#[test]
fn game_tree_deep_nesting_uses_no_stack() {
    // Runs on the default 2 MiB test thread: 200,000 levels.
    let n = 200_000;
    let src = "(;B[aa]".repeat(n) + &")".repeat(n);
    let mut count = 0usize;
    struct Count<'c>(&'c mut usize);
    impl<'a> Visitor<'a> for Count<'_> {
        fn start_tree(&mut self, _: &'a [u8]) {}
        fn end_tree(&mut self, _: &'a [u8]) {}
        fn start_node(&mut self, _: &'a [u8]) {
            *self.0 += 1;
        }
        fn property(&mut self, _: RawProperty<'a>) {}
        fn junk(&mut self, _: &'a [u8], _: JunkPlace) {}
    }
    let limits = Limits { max_depth: 1 << 20 };
    let r = game_tree(&mut Count(&mut count), limits)(src.as_bytes());
    assert_eq!(rest_of(r), b"");
    assert_eq!(count, n);
}

#[test]
fn sequence_reads_nodes_and_leaves_subtrees() {
    let mut v = Rec::default();
    let rest = rest_of(sequence(&mut v)(&b";A[1] ;B[2];(;C[3]))"[..]));
    assert_eq!(rest, b"(;C[3]))");
    assert_eq!(v.0, [";", "A[1]", ";", "B[2]", ";"]);
}

#[test]
fn sequence_keeps_whitespace_before_what_follows() {
    let mut v = Rec::default();
    let rest = rest_of(sequence(&mut v)(&b";A[1]  )"[..]));
    assert_eq!(rest, b")");
}

#[test]
fn node_reads_properties() {
    let mut v = Rec::default();
    let rest = rest_of(node(&mut v)(&b"; B[aa] C[x\\]y] ;W[bb]"[..]));
    assert_eq!(rest, b";W[bb]");
    assert_eq!(v.0, [";", "B[aa]", "C[x\\]y]"]);
}

#[test]
fn node_rejects_stray_bytes() {
    let mut v = Rec::default();
    let Err::Failure(e) = node(&mut v)(&b";B[aa]1)"[..]).unwrap_err() else {
        panic!("expected a failure")
    };
    assert_eq!(e.expected, Expected::NodeOrTree);
    assert_eq!(e.input, b"1)");
}

#[test]
fn node_needs_semicolon() {
    let mut v = Rec::default();
    assert!(matches!(node(&mut v)(&b"B[aa]"[..]), Err(Err::Error(_))));
}

#[test]
fn property_with_whitespace_between_values() {
    let (rest, p) = property(&b"AB [aa]\n [bb];"[..]).unwrap();
    assert_eq!(rest, b";");
    assert_eq!(p.ident(), b"AB");
    assert_eq!(p.values_raw(), b"[aa]\n [bb]");
    assert_eq!(p.values().collect::<Vec<_>>(), [&b"aa"[..], b"bb"]);
}

#[test]
fn property_without_value_fails() {
    let Err(Err::Error(e)) = property(&b"AB;"[..]) else {
        panic!("expected an error")
    };
    assert_eq!(e.expected, Expected::Char(b'['));
    assert_eq!(e.input, b";");
}

#[test]
fn prop_ident_uppercase_and_ff3() {
    assert_eq!(
        prop_ident(&b"AB[x]"[..]).unwrap(),
        (&b"[x]"[..], Ident(b"AB"))
    );
    assert_eq!(
        prop_ident(&b"AddBlack[x]"[..]).unwrap(),
        (&b"[x]"[..], Ident(b"AddBlack"))
    );
    assert!(matches!(prop_ident(&b"abc[x]"[..]), Err(Err::Error(_))));
    assert!(matches!(prop_ident(&b"[x]"[..]), Err(Err::Error(_))));
}

#[test]
fn prop_value_returns_raw_content() {
    assert_eq!(
        prop_value(&b"[a\\]b]c"[..]).unwrap(),
        (&b"c"[..], &b"a\\]b"[..])
    );
    assert_eq!(prop_value(&b"[]x"[..]).unwrap(), (&b"x"[..], &b""[..]));
    assert_eq!(
        prop_value(&b"[\\\\]]"[..]).unwrap(),
        (&b"]"[..], &b"\\\\"[..])
    );
}

#[test]
fn prop_value_unclosed_is_a_failure_naming_the_opener() {
    let src = &b"[abc"[..];
    let Err(Err::Failure(e)) = prop_value(src) else {
        panic!("expected a failure")
    };
    assert_eq!(e.expected, Expected::Char(b']'));
    assert_eq!(e.input, b"");
    assert_eq!(e.opened, Some(src));
    // An escaped closing bracket does not close the value.
    assert!(matches!(prop_value(&b"[abc\\]"[..]), Err(Err::Failure(_))));
}

#[test]
fn c_value_type_stops_before_unescaped_bracket() {
    assert_eq!(
        c_value_type(&b"dd:ee]x"[..]).unwrap(),
        (&b"]x"[..], &b"dd:ee"[..])
    );
    let long = b"0123456789abcdefghij\\]klmnopqrstuvwxyz]rest";
    let (rest, v) = c_value_type(&long[..]).unwrap();
    assert_eq!(rest, b"]rest");
    assert_eq!(v.len(), long.len() - 5);
    assert_eq!(
        c_value_type(&b"no end"[..]).unwrap(),
        (&b""[..], &b"no end"[..])
    );
}

#[test]
fn rules_work_on_located_spans() {
    let src = LocatedSpan::new(&b"(;B[aa]\n;W[bb])"[..]);
    let (rest, p) = property(src.take_from(9)).unwrap();
    assert_eq!(p.ident(), b"W");
    assert_eq!(rest.location_line(), 2);
    assert_eq!(rest.location_offset(), 14);
    let mut v = Rec::default();
    let (rest, ()) = game_tree(&mut v, LIMITS)(src).unwrap();
    assert_eq!(rest.location_offset(), 15);
    assert_eq!(v.0, ["(", ";", "B[aa]", ";", "W[bb]", ")"]);
}

#[test]
fn value_end_handles_escapes_at_every_length() {
    for n in 0..40 {
        let mut v = vec![b'x'; n];
        v.extend_from_slice(b"\\]\\\\]tail");
        assert_eq!(value_end(&v), Some(n + 4), "n = {n}");
        let mut w = vec![b'y'; n];
        w.push(b'\\');
        assert_eq!(value_end(&w), None);
    }
}

#[test]
fn skip_ws_accepts_every_whitespace() {
    assert_eq!(skip_ws(&b" \t\r\n\x0b\x0c;"[..]), b";");
    assert_eq!(skip_ws(&b";"[..]), b";");
}

// ---------------------------------------------------------------------------
// The grammar against its reference copy (`super::reference`)
// ---------------------------------------------------------------------------

mod same_as_reference {
    use super::super::reference;
    use super::*;
    use proptest::prelude::*;

    /// Every visitor call, with offsets into the source.
    #[derive(Debug, Default, PartialEq)]
    struct Calls {
        base: usize,
        calls: Vec<(char, usize, usize, usize)>,
    }

    impl Calls {
        fn new(src: &[u8]) -> Self {
            Calls {
                base: src.as_ptr() as usize,
                calls: Vec::new(),
            }
        }
        fn at(&self, s: &[u8]) -> usize {
            s.as_ptr() as usize - self.base
        }
    }

    impl<'a> Visitor<'a> for Calls {
        fn start_tree(&mut self, at: &'a [u8]) {
            self.calls.push(('(', self.at(at), at.len(), 0));
        }
        fn end_tree(&mut self, at: &'a [u8]) {
            self.calls.push((')', self.at(at), at.len(), 0));
        }
        fn start_node(&mut self, at: &'a [u8]) {
            self.calls.push((';', self.at(at), at.len(), 0));
        }
        fn property(&mut self, p: RawProperty<'a>) {
            let values = self.at(p.values_raw());
            self.calls
                .push(('P', self.at(p.ident()), p.ident().len(), values));
            self.calls.push(('V', values, p.values_raw().len(), 0));
        }
        fn junk(&mut self, s: &'a [u8], place: JunkPlace) {
            self.calls.push(('J', self.at(s), s.len(), place as usize));
        }
    }

    /// A result as offsets: the rest, or the error's kind, place, expectation,
    /// opener and depth limit.
    type Outcome = Result<usize, (bool, usize, Expected, Option<usize>, Option<u32>)>;

    fn outcome<I>(r: PResult<I, ()>, offset: impl Fn(&I) -> usize) -> Outcome {
        match r {
            Ok((rest, ())) => Ok(offset(&rest)),
            Err(Err::Error(e)) => Err((
                false,
                offset(&e.input),
                e.expected,
                e.opened.as_ref().map(&offset),
                e.depth_limit,
            )),
            Err(Err::Failure(e)) => Err((
                true,
                offset(&e.input),
                e.expected,
                e.opened.as_ref().map(&offset),
                e.depth_limit,
            )),
            Err(Err::Incomplete(_)) => panic!("Incomplete escaped the grammar"),
        }
    }

    fn check(src: &[u8], max_depth: u32) -> Result<(), TestCaseError> {
        let limits = Limits { max_depth };
        let base = src.as_ptr() as usize;
        let mut want = Calls::new(src);
        let expected = outcome(
            reference::collection(&mut want, limits)(src),
            |i: &&[u8]| i.as_ptr() as usize - base,
        );
        let mut got = Calls::new(src);
        let actual = outcome(collection(&mut got, limits)(src), |i: &&[u8]| {
            i.as_ptr() as usize - base
        });
        prop_assert_eq!(
            &actual,
            &expected,
            "result of {:?}",
            String::from_utf8_lossy(src)
        );
        prop_assert_eq!(&got, &want, "events of {:?}", String::from_utf8_lossy(src));
        // The same rules over a located span.
        let mut spanned = Calls::new(src);
        let located = outcome(
            collection(&mut spanned, limits)(LocatedSpan::new(src)),
            |i: &LocatedSpan<&[u8]>| i.location_offset(),
        );
        prop_assert_eq!(&located, &expected);
        prop_assert_eq!(&spanned, &want);
        Ok(())
    }

    /// Value text: short points, escapes, structural bytes, long comments
    /// (more than 64 bytes, so that values span lanes).
    fn value() -> impl Strategy<Value = String> {
        let piece = prop_oneof![
            6 => "[a-s]{2}",
            2 => "[a-zA-Z0-9 :.+-]{0,6}",
            2 => Just("\\]".to_string()),
            2 => Just("\\\\".to_string()),
            1 => Just("\\".to_string()),
            1 => "[;()\\[\n\r\t]",
            1 => "[a-z ]{60,140}",
            1 => "[^\\]\\\\]{0,3}",
        ];
        prop::collection::vec(piece, 0..4).prop_map(|v| v.concat())
    }

    fn ws() -> impl Strategy<Value = String> {
        prop_oneof![6 => Just(String::new()), 2 => "[ \n]", 1 => "[ \t\r\n\x0b\x0c]{1,70}"]
    }

    fn ident() -> impl Strategy<Value = String> {
        prop_oneof![
            16 => "[A-Z]{1,2}",
            1 => "[A-Z][a-z]{1,6}[A-Z]?[a-z]{0,3}",
            1 => "[a-z]{1,3}[A-Z]",
            1 => "[a-z]{1,3}",
        ]
    }

    fn property() -> impl Strategy<Value = String> {
        (ident(), ws(), prop::collection::vec((value(), ws()), 1..4)).prop_map(|(id, w, vs)| {
            let mut s = id + &w;
            for (v, w) in vs {
                s += &format!("[{v}]{w}");
            }
            s
        })
    }

    fn node() -> impl Strategy<Value = String> {
        (ws(), prop::collection::vec(property(), 0..4))
            .prop_map(|(w, ps)| format!(";{w}{}", ps.concat()))
    }

    fn tree() -> impl Strategy<Value = String> {
        let leaf = (ws(), prop::collection::vec(node(), 1..5), ws())
            .prop_map(|(a, ns, b)| format!("({a}{}){b}", ns.concat()));
        leaf.prop_recursive(4, 24, 3, |inner| {
            (
                ws(),
                prop::collection::vec(node(), 1..4),
                prop::collection::vec(inner, 0..3),
                ws(),
            )
                .prop_map(|(a, ns, ts, b)| format!("({a}{}{}){b}", ns.concat(), ts.concat()))
        })
    }

    fn junk() -> impl Strategy<Value = String> {
        prop_oneof![4 => Just(String::new()), 2 => "[a-z \n:]{1,80}", 1 => "[a-zA-Z ;()\\[\\]]{1,6}"]
    }

    /// A collection: junk, trees, junk between them and after.
    fn collection_text() -> impl Strategy<Value = String> {
        (junk(), prop::collection::vec((tree(), junk()), 1..4)).prop_map(|(j, ts)| {
            let mut s = j;
            for (t, j) in ts {
                s += &t;
                s += &j;
            }
            s
        })
    }

    /// A collection, perhaps damaged: a byte deleted, inserted or the text
    /// cut short.
    fn input() -> impl Strategy<Value = Vec<u8>> {
        (
            collection_text(),
            0..6u8,
            any::<prop::sample::Index>(),
            prop::sample::select(b"()[];\\] aZb\n".to_vec()),
        )
            .prop_map(|(s, how, at, byte)| {
                let mut b = s.into_bytes();
                let k = at.index(b.len() + 1);
                match how {
                    0 if k < b.len() => {
                        b.remove(k);
                    }
                    1 => b.insert(k, byte),
                    2 => b.truncate(k),
                    _ => {}
                }
                b
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]

        #[test]
        fn same_events_as_reference(src in input(), depth in prop_oneof![4 => Just(1000u32), 1 => 1..4u32]) {
            check(&src, depth)?;
        }

        #[test]
        fn same_events_on_any_bytes(src in prop::collection::vec(prop::sample::select(b"()[];\\]aBC \n\t".to_vec()), 0..200)) {
            check(&src, 1000)?;
        }

        /// Runs of move nodes (`;B[pd]`) and the near misses around them:
        /// other idents, values of other lengths, escapes, white space,
        /// more values or properties after the move, cut short anywhere.
        #[test]
        fn same_events_on_move_nodes(
            pieces in prop::collection::vec(prop::sample::select(vec![
                ";B[pd]", ";W[dp]", ";B[pd]", ";W[tt]", ";AB[pd]", ";B[]", ";W[p]", ";B[pdq]",
                ";B[\\]]", ";W[a\\]", ";b[pd]", ";B [pd]", "; W[dd]", "[aa]", " [aa]", "C[x]",
                "\n", "(", ")", "((", "))", ";", "]", "[", "B", "pd]",
            ]), 0..40),
            cut in any::<prop::sample::Index>(),
        ) {
            let text = format!("(;GM[1]{})", pieces.concat());
            let bytes = text.as_bytes();
            check(bytes, 1000)?;
            check(&bytes[..cut.index(bytes.len() + 1)], 1000)?;
        }

        #[test]
        fn same_value_ends(v in value(), tail in "[^\\]]{0,3}") {
            let bytes = format!("{v}]{tail}").into_bytes();
            prop_assert_eq!(value_end(&bytes), reference::value_end(&bytes));
            let cut = &bytes[..bytes.len() - tail.len() - 1];
            prop_assert_eq!(value_end(cut), reference::value_end(cut));
        }
    }
}
