//! Tests of typed values and properties.

use super::*;

mod values {
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

mod point_lists {
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
