//! Tests of the semantic checker.

use super::values::{date_ok, plain_real, result_ok};
use super::*;
use crate::error::Position;

fn codes(src: &str) -> Vec<Code> {
    let t = crate::parse(src.as_bytes()).unwrap();
    check(&t, &CheckOptions::default())
        .into_iter()
        .map(|d| d.code)
        .collect()
}

fn strict_codes(src: &str) -> Vec<Code> {
    let t = crate::parse(src.as_bytes()).unwrap();
    check(&t, &CheckOptions::default().strict(true))
        .into_iter()
        .map(|d| d.code)
        .collect()
}

#[test]
fn clean_files_are_clean() {
    assert!(
        codes("(;FF[4]GM[1]SZ[19]CA[UTF-8]PB[a]KM[6.5];B[pd]C[x];W[dp]BM[1](;B[dd])(;B[pp]))")
            .is_empty()
    );
    assert!(codes("(;FF[4]AB[aa:cc]AW[dd];B[ee])").is_empty());
}

#[test]
fn one_per_code() {
    assert_eq!(codes("(;;B[aa];GM[1])"), [Code::S001]);
    assert_eq!(codes("(;PB[x];B[aa];PW[y])"), [Code::S002]);
    assert_eq!(codes("(;FF[4];B[aa]PL[W])"), [Code::S003]);
    assert_eq!(codes("(;FF[4];B[aa]W[bb])"), [Code::S004]);
    assert_eq!(codes("(;FF[4];B[aa]C[a]C[b])"), [Code::S005]);
    assert_eq!(codes("(;FF[4];TE[1])"), [Code::S006]);
    assert_eq!(codes("(;FF[4];GB[1]GW[1])"), [Code::S007]);
    assert_eq!(codes("(;FF[4];B[aa]BM[1]TE[1])"), [Code::S008]);
    assert_eq!(codes("(;FF[4];B[aa]BL[x])"), [Code::S009]);
    assert_eq!(codes("(;FF[4];B[aa][bb])"), [Code::S010]);
    assert_eq!(codes("(;FF[4];B[aa]BL[])"), [Code::S011]);
    assert_eq!(codes("(;FF[4]SZ[9];B[jj])"), [Code::S012]);
    assert_eq!(codes("(;FF[4]AB[aa][aa])"), [Code::S013]);
    assert_eq!(codes("(;FF[4]MA[aa]TR[aa])"), [Code::S013]);
    assert_eq!(codes("(;FF[4]AB[aa:bb]AW[bb])"), [Code::S013]);
    assert_eq!(codes("(;FF[4]AB[aa:aa])"), [Code::S014]);
    assert_eq!(codes("(;FF[4]SZ[9:9])"), [Code::S015]);
    assert_eq!(codes("(;FF[3]AP[x:1])"), [Code::S016]);
    assert_eq!(codes("(;FF[4];B[aa]CH[1])"), [Code::S017]);
    assert_eq!(codes("(;FF[4]KI[13])"), [Code::S018]);
    assert_eq!(codes("(;FF[4]XY[1])"), [Code::S019]);
    assert_eq!(codes("(;FF[4]XYZ[1])"), [Code::S020, Code::S019]);
    assert_eq!(codes("(;FF[4];KO[])"), [Code::S021]);
    assert_eq!(codes("(;FF[4])(;FF[3])"), [Code::S022]);
    assert_eq!(codes("(;GM[1])(;GM[1])(;GM[2])"), [Code::S023, Code::S029]);
    assert_eq!(
        codes("(;FF[4]CA[UTF-8])(;FF[4]CA[utf-8])(;FF[4]CA[GB2312])"),
        [Code::S024]
    );
    // Without FF the file is FF[1], as FF[4] specifies.
    assert_eq!(codes("(;CA[UTF-8])"), [Code::S016]);
    assert_eq!(codes("(;GM[Go])"), [Code::S025]);
    assert_eq!(codes("(;FF[5])"), [Code::S026]);
    assert_eq!(codes("(;FF[3]AB[aa:bb])"), [Code::S027]);
    assert_eq!(codes("(;FF[3]SZ[9:11])"), [Code::S027]);
    assert_eq!(codes("(;FF[3];B[])"), [Code::S028]);
    assert_eq!(codes("(;GM[2])"), [Code::S029]);
    assert_eq!(codes("(;;B[aa];W[aa])"), [Code::S030]);
    assert_eq!(codes("(;;B[aa];AB[aa])"), [Code::S031]);
    assert_eq!(codes("(;AE[aa])"), [Code::S031]);
    assert_eq!(strict_codes("(;)(;)"), [Code::S032]);
    assert_eq!(strict_codes("(;HA[3]AB[aa][bb])"), [Code::S033]);
    assert_eq!(strict_codes("(;AB[aa][bb])"), [Code::S033]);
    assert!(strict_codes("(;HA[2]AB[aa][bb])").is_empty());
    assert_eq!(strict_codes("(;;B[aa];AB[bb])"), [Code::S034]);
    assert!(strict_codes("(;;B[aa](;W[bb])(;AB[bb]))").is_empty());
    assert_eq!(strict_codes("(;;B[aa];B[bb])"), [Code::S035]);
    assert_eq!(codes("(;SZ[53])"), [Code::S036]);
    assert_eq!(codes(&format!("(;{}[1])", "X".repeat(101))), [Code::S037]);
    assert_eq!(codes("(;FF[4]LB[aa])"), [Code::S038]);
    assert_eq!(codes("(;FF[4]AP[])"), [Code::S038]);
    assert_eq!(codes("(;FF[4]RE[john wins])"), [Code::S039]);
    assert_eq!(codes("(;FF[4]VW[][aa])"), [Code::S040]);
    assert_eq!(codes("(;FF[4]B[aa])"), [Code::S041]);
    assert_eq!(codes("(;FF[4]C[a\u{0}b])"), [Code::S042]);
    assert_eq!(codes("(;FF[4]CA[xyz-123])"), [Code::S043]);
    assert_eq!(codes("(;FF[4]GN[])"), [Code::S044]);
    assert_eq!(codes("(;FF[4]RE[draw])"), [Code::S045]);
    assert_eq!(codes("(;FF[4]GM[11]SZ[5];B[zz])")[1..], [Code::S047]); // after S029
    assert_eq!(codes("(;FF[4]SZ[5]AW[ba][ab];B[aa])"), [Code::S048]);
    let ko = "(;FF[4]SZ[4]AB[ba][ab][bc][cb]AW[ca][db][cc];W[bb];B[cb])";
    assert_eq!(codes(ko), [Code::S049]);
    let late = format!("(;FF[4]C[{}]CA[UTF-8])", "x".repeat(1000));
    assert_eq!(codes(&late), [Code::S046]);
    assert_eq!(codes("(;FF[4]TM[1 hour])"), [Code::S045]);
    assert_eq!(codes("(;FF[4]TM[30:00(5x1:00)])"), [Code::S039]);
    assert_eq!(codes("(;FF[4];B[c c])"), [Code::S045]);
    assert_eq!(codes("(;FF[4];B[aa]BL[34.])"), [Code::S045]);
    assert!(codes("(;FF[4]CA[ UTF-8 ])").is_empty());
    assert_eq!(codes("(;FF[3]VW[aa][bb][cc])"), [Code::S040]);
    assert!(codes("(;FF[3]VW[aa][cc])").is_empty());
    assert_eq!(codes("(;FF[4]DT[last summer])"), [Code::S039]);
    assert_eq!(codes("(;FF[4]AP[Sabaki])"), [Code::S050]);
    assert_eq!(codes("(;FF[4]RE[W+0.0])"), [Code::S051]);
    assert_eq!(
        codes("(;FF[4]BR[strong]WR[3d]RU[house]OT[later])"),
        [Code::S053; 3]
    );
    assert!(codes("(;FF[4]BR[NR]WR[2042]RU[Tromp/Taylor]OT[5x30 byo-yomi])").is_empty());
    assert!(!codes("(;FF[4]GM[6]RU[house])").contains(&Code::S053)); // rules of Go only
    // A handicap FF[4] allows as a Number that no game has; a KM or HA
    // that is no Real or Number is the value checks' (reported once).
    assert_eq!(codes("(;FF[4]HA[-1])"), [Code::S053]);
    assert_eq!(codes("(;FF[4]HA[99999999999])"), [Code::S053]);
    assert_eq!(codes("(;FF[4]HA[abc])"), [Code::S009]);
    assert_eq!(codes("(;FF[4]KM[abc])"), [Code::S039]);
    assert!(codes("(;FF[4]HA[+3]KM[-0.5])").is_empty());
    assert!(!codes("(;FF[4]GM[6]HA[-1])").contains(&Code::S053));
    assert!(codes("(;FF[4]RE[W+0.5])").is_empty());
    assert_eq!(codes("(;FF[4]KM[375])"), [Code::S052]);
    assert!(codes("(;FF[4]KM[-99.5])").is_empty());
    assert!(
        codes("(;FF[4]GM[2]KM[375])")
            .iter()
            .all(|c| *c != Code::S052)
    );
    let fox_src = crate::parse(b"(;FF[4]KM[750]AP[GNU Go:3.8]AP[foxwq])").unwrap();
    // Source fixes on (the default): the komi is read as Fox means it.
    let fox = check(&fox_src, &CheckOptions::default());
    let s054 = fox.iter().find(|d| d.code == Code::S054).unwrap();
    assert_eq!(codes("(;FF[4]US[GoGoD95]WR[9d])"), [Code::S054]);
    assert_eq!(
        s054.message,
        "KM[750] read as 7.5: Fox writes komi in hundredths, of stones under Chinese rules (a stone is two points)"
    );
    assert_eq!(&fox_src.source()[s054.span.clone()], b"KM[750]");
    assert!(fox.iter().all(|d| d.code != Code::S052));
    let fox = check(&fox_src, &CheckOptions::default().source_fixes(false));
    assert!(fox.iter().all(|d| d.code != Code::S054));
    let s052 = fox.iter().find(|d| d.code == Code::S052).unwrap();
    assert!(
        s052.message
            .ends_with("(7.5): `sgfkit fix --fox-komi` converts it"),
        "{}",
        s052.message
    );
    assert_eq!(codes("(;FF[4]AP[GNU Go:3.8]AP[foxwq])"), [Code::S050]);
    // Under Chinese rules Fox counts komi in stones.
    let fox = check(
        &crate::parse(b"(;FF[4]KM[375]RU[Chinese]AP[foxwq:1])").unwrap(),
        &CheckOptions::default().source_fixes(false),
    );
    assert!(fox[0].message.contains("(7.5)"), "{}", fox[0].message);
    assert!(strict_codes("(;;B[aa](;W[bb];W[cc])(;W[dd];B[ee];B[ff]))").contains(&Code::S035));
    assert_eq!(
        strict_codes("(;;B[aa](;W[bb])(;W[dd];B[ee];B[ff]))"),
        [Code::S032; 0]
    );
}

/// Charset names are known from a table, the same with or without the
/// `encoding` feature: an unknown `CA` is S043, known names and their
/// common spellings are not.
#[test]
fn ca_names_are_known_without_a_decoder() {
    assert_eq!(codes("(;FF[4]CA[klingon])"), [Code::S043]);
    for known in [
        "UTF-8",
        "sjis",
        "ISO8859_15",
        "windows-1251",
        "csISOLatin2",
        "UTF-32",
    ] {
        assert_eq!(codes(&format!("(;FF[4]CA[{known}])")), [], "{known}");
    }
    // A CA past the start the sniffing readers look at: an unknown name
    // counts as their default, a known one as itself.
    let pad = "C[".to_string() + &"x".repeat(1000) + "]";
    assert_eq!(codes(&format!("(;FF[4]{pad}CA[ISO-8859-1])")), []);
    assert_eq!(codes(&format!("(;FF[4]{pad}CA[koi8-r])")), [Code::S046]);
    assert_eq!(codes(&format!("(;FF[4]{pad}CA[klingon])")), [Code::S043]);
}

#[test]
fn every_code_is_tested_above() {
    let src = include_str!("tests.rs");
    for row in crate::check::all_codes().filter(|r| r.code.as_str().starts_with('S')) {
        let code = row.code;
        assert!(
            src.matches(&format!("[Code::{code}")).count() >= 1,
            "{code} has no test"
        );
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(300))]
    /// Whatever the lenient reader makes of any bytes, checking it does
    /// not panic, and positions agree with `Position::of`.
    #[test]
    fn never_panics(src in proptest::collection::vec(
        proptest::prop_oneof![
            proptest::prelude::Just(b'('), proptest::prelude::Just(b')'),
            proptest::prelude::Just(b';'), proptest::prelude::Just(b'['),
            proptest::prelude::Just(b']'), proptest::prelude::Just(b':'),
            proptest::prelude::Just(b'\n'), b'A'..=b'Z', b'a'..=b'f', proptest::prelude::any::<u8>()
        ],
        0..200,
    )) {
        let (tree, _) = crate::check::parse_lenient(&src, &Default::default());
        for strict in [false, true] {
            for d in check(&tree, &CheckOptions::default().strict(strict)) {
                proptest::prop_assert_eq!(d.position, Position::of(&src, d.span.start));
            }
        }
    }
}

#[test]
fn edited_trees_have_no_spans_but_are_checked() {
    let mut c = Collection::new();
    let root = c.add_game();
    let node = c.add_child(root).unwrap();
    c.set_property(node, "B", &[b"aa".to_vec()]).unwrap();
    c.set_property(node, "W", &[b"bb".to_vec()]).unwrap();
    let d = check(&c, &CheckOptions::default());
    assert_eq!(d.iter().map(|d| d.code).collect::<Vec<_>>(), [Code::S004]);
}

#[test]
fn results_and_dates() {
    for ok in [
        "0", "Draw", "Void", "?", "B+R", "W+Resign", "B+3.5", "W+12", "B+", "W+T", "B+F",
    ] {
        assert!(result_ok(ok.as_bytes()), "{ok}");
    }
    for bad in ["", "B+x", "Black wins", "B+3.5.1", "W+."] {
        assert!(!result_ok(bad.as_bytes()), "{bad}");
    }
    for ok in [
        "2024",
        "2024-05",
        "2024-05-01",
        "2024-05-01,02",
        "2024-05-01,06-02,03",
        "1996-05,06",
        "1996,1997",
    ] {
        assert!(date_ok(ok.as_bytes()), "{ok}");
    }
    for bad in [
        "",
        "24-05-01",
        "2024-13",
        "2024-05-32",
        "2019-02-30",
        "2024/05/01",
        "01,2024",
        "2024,05",
    ] {
        assert!(!date_ok(bad.as_bytes()), "{bad}");
    }
}

#[test]
fn other_games_use_their_own_values() {
    // Hex points are letter + number.
    assert!(
        codes("(;GM[11]FF[4]SZ[5];B[c3])")
            .iter()
            .all(|c| *c == Code::S029)
    );
    assert!(codes("(;GM[11]FF[4]SZ[5];B[zz])").contains(&Code::S047));
}

#[test]
fn deep_and_wide_trees() {
    let deep = "(;B[aa]".repeat(20_000) + &")".repeat(20_000);
    let t = crate::parse(deep.as_bytes()).unwrap();
    let d = check(&t, &CheckOptions::default().strict(true));
    assert!(
        d.iter()
            .all(|d| matches!(d.code, Code::S030 | Code::S035 | Code::S041))
    );
    let wide = format!("(;;B[aa]{})", "(;W[bb])".repeat(5_000));
    let t = crate::parse(wide.as_bytes()).unwrap();
    assert!(check(&t, &CheckOptions::default()).is_empty());
}

#[test]
fn positions_count_lines() {
    let t = crate::parse(b"(;FF[4]\r\n;B[aa]\n;W[aa])").unwrap();
    let d = check(&t, &CheckOptions::default());
    assert_eq!(d[0].position, Position { line: 3, column: 2 });
    assert_eq!(d[0].position, Position::of(t.source(), d[0].span.start));
}

/// The shortcut for plain reals accepts only what the typed reading
/// accepts, and every plain real.
#[test]
fn plain_reals_are_valid_reals() {
    let alphabet = b"+-0.1a e";
    let size = BoardSize::square(19);
    let mut texts: Vec<Vec<u8>> = vec![vec![]];
    for _ in 0..4 {
        let longer: Vec<Vec<u8>> = texts
            .iter()
            .flat_map(|t| alphabet.iter().map(move |&c| [t.as_slice(), &[c]].concat()))
            .collect();
        texts.extend(longer);
    }
    texts.sort();
    texts.dedup();
    let mut plain = 0;
    for t in &texts {
        let typed_ok = !matches!(Prop::<Go>::parse("BL", &[t], size), Prop::Invalid { .. });
        if plain_real(t) {
            plain += 1;
            assert!(typed_ok, "{:?}", String::from_utf8_lossy(t));
        }
    }
    assert!(plain > 20);
    for ok in ["0", "12.5", "-3", "+0.25"] {
        assert!(plain_real(ok.as_bytes()), "{ok}");
    }
    for bad in ["", ".5", "5.", "1e3", "+", "1.2.3", " 1"] {
        assert!(!plain_real(bad.as_bytes()), "{bad}");
    }
}

/// A collection of `trees` game trees of about 100 nodes each, with
/// something for many codes in each: occupied points (S030), setup without
/// effect (S031), game information below the root (S002), an unknown
/// property (S019), two moves of one colour (S035, strict), a handicap
/// that does not match (S033, strict), variations.
fn many_trees(trees: usize) -> String {
    let mut s = String::new();
    for t in 0..trees {
        s.push_str(&format!(
            "(;GM[1]FF[4]SZ[19]HA[{}]AB[dd][pp]PB[b{t}]",
            t % 3
        ));
        for k in 0..40 {
            let (x, y) = (
                (b'a' + (k % 19) as u8) as char,
                (b'a' + (k / 19) as u8) as char,
            );
            s.push_str(&format!(";B[{x}{y}];W[{y}{x}]"));
        }
        s.push_str(";B[aa];W[aa]XZ[1];AB[dd];B[ss];B[rr]PW[w]");
        s.push_str("(;W[ba];B[ba])(;W[ca]C[v];AW[ca])(;B[qq];W[qq]))");
    }
    s
}

#[test]
fn checking_on_threads_gives_what_one_thread_gives() {
    let src = many_trees(700);
    let t = crate::parse(src.as_bytes()).unwrap();
    assert!(t.node_count() > 60_000);
    for strict in [false, true] {
        let opts = CheckOptions::default().strict(strict);
        let one = check(&t, &opts);
        // Codes over the limit are cut across the trees of every thread.
        assert!(one.iter().filter(|d| d.code == Code::S030).count() == MAX_PER_CODE + 1);
        assert!(one.iter().any(|d| d.code == Code::S019));
        assert_eq!(strict, one.iter().any(|d| d.code == Code::S035));
        for threads in [2, 3, 8] {
            let many = check(&t, &opts.clone().threads(threads));
            assert!(one == many, "strict {strict}, {threads} threads");
        }
    }
}

#[test]
fn trees_are_shared_out_in_runs_of_about_equal_nodes() {
    let src = many_trees(700);
    let t = crate::parse(src.as_bytes()).unwrap();
    let games: Vec<_> = t.games().collect();
    assert_eq!(
        split_games(&t, &games, 1),
        vec![Range { start: 0, end: 700 }]
    );
    let parts = split_games(&t, &games, 3);
    assert_eq!(parts.len(), 3);
    assert_eq!(parts[0].start, 0);
    assert_eq!(parts[2].end, 700);
    assert!(parts.windows(2).all(|w| w[0].end == w[1].start));
    assert!(parts.iter().all(|p| p.len().abs_diff(700 / 3) <= 2));
    // Small collections stay on one thread.
    let src = many_trees(10);
    let small = crate::parse(src.as_bytes()).unwrap();
    let games: Vec<_> = small.games().collect();
    assert_eq!(
        split_games(&small, &games, 8),
        vec![Range { start: 0, end: 10 }]
    );
}

/// The tree walk reads a lone `B`/`W` below the root from its raw property;
/// everything else (the root, passes, points off the board or unreadable,
/// other games, boards too large, nodes with more properties) falls back to
/// the property list, with the same diagnostics at the same places.
#[test]
fn lone_moves_and_their_fallbacks() {
    // Each diagnostic as line, column and code.
    type Want = &'static [(u32, u32, Code)];
    let cases: &[(&str, Want)] = &[
        ("(;SZ[5];B[cc];W[cc])", &[(1, 15, Code::S030)]),
        ("(;B[aa];W[aa])", &[(1, 3, Code::S041), (1, 9, Code::S030)]),
        (
            "(;SZ[5];B[ff];W[])",
            &[(1, 9, Code::S012), (1, 15, Code::S028)],
        ),
        ("(;FF[3]SZ[5];B[];W[tt])", &[(1, 14, Code::S028)]),
        ("(;GM[2];B[aa];W[aa])", &[(1, 3, Code::S029)]),
        ("(;SZ[5];B[cc]BL[10];W[cc]C[x])", &[(1, 21, Code::S030)]),
        (
            "(;SZ[5];B[Cc];W[c c])",
            &[(1, 9, Code::S012), (1, 15, Code::S045)],
        ),
        ("(;SZ[60];B[cc];W[cc])", &[(1, 3, Code::S036)]),
        (
            "(;SZ[5];B[cc];B[cc];W[cc];W[cc])",
            &[
                (1, 15, Code::S030),
                (1, 21, Code::S030),
                (1, 27, Code::S030),
            ],
        ),
    ];
    for (src, want) in cases {
        let t = crate::parse(src.as_bytes()).unwrap();
        let got: Vec<(u32, u32, Code)> = check(&t, &CheckOptions::default())
            .into_iter()
            .map(|d| (d.position.line, d.position.column, d.code))
            .collect();
        assert_eq!(&got, want, "{src}");
    }
}

/// Every value [`quiet_single`](super::values::quiet_single) lets pass
/// without the value checks is one in which those checks
/// ([`Checker::value_in`]) find nothing, for every property of a Go game
/// in FF[1] to FF[4].
fn quiet_values_are_clean(ident: &str, body: &[u8], ff: u8) -> Result<(), String> {
    let Some(pi) = lookup(ident, 1) else {
        return Ok(());
    };
    let info = TreeInfo {
        game: GameType::Go,
        gm: 1,
        ff,
        size: BoardSize::square(19),
        size_ok: true,
    };
    let mut raw = vec![b'['];
    raw.extend_from_slice(body);
    raw.push(b']');
    if !super::values::quiet_single(ident, pi, &info, &raw) {
        return Ok(());
    }
    let mut src = b"(;GM[1];".to_vec();
    src.extend_from_slice(ident.as_bytes());
    src.extend_from_slice(&raw);
    src.push(b')');
    let t = crate::parse(&src).map_err(|e| e.to_string())?;
    let node = t.games().next().unwrap().first_child().unwrap();
    let p = node.properties().next().unwrap();
    let mut ck = Checker::new(false);
    let mut values: Vec<&[u8]> = p.values().collect();
    ck.value_in(&p, pi, &info, &(0..0), &mut values);
    match ck.diags.first() {
        None => Ok(()),
        Some(d) => Err(format!(
            "{ident}[{}] in FF[{ff}]: quiet, but {} {}",
            String::from_utf8_lossy(body),
            d.code,
            d.message
        )),
    }
}

#[test]
fn quiet_single_values_are_clean_for_every_property() {
    let bodies: [&[u8]; 16] = [
        b"x",
        b"  ",
        b"",
        b"0",
        b"-3",
        b"+12",
        b"12.5",
        b"1e3",
        b"B+R",
        b"2024-01-01",
        b"aa",
        b"zz",
        b"a:b",
        b"B",
        b"\n",
        b"99999999999999999999",
    ];
    for pi in crate::property::PROPERTIES {
        for body in bodies {
            for ff in 1..=4 {
                quiet_values_are_clean(pi.ident, body, ff).unwrap();
            }
        }
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]

    /// The same for generated values of the identifiers of a game record.
    #[test]
    fn quiet_single_values_are_clean(
        ident in proptest::sample::select(vec![
            "C", "N", "GN", "PB", "PW", "BR", "WR", "RE", "DT", "KM", "TM", "HA", "RU", "PC",
            "EV", "RO", "SO", "US", "AN", "CP", "GC", "ON", "OT", "MN", "OB", "OW", "PL", "BL",
            "WL", "AP", "CA", "ST", "SZ", "FF", "GM", "V", "DM", "GB", "TE", "BM", "VW", "AB",
        ]),
        body in proptest::collection::vec(proptest::prop_oneof![
            proptest::prelude::Just(b' '), proptest::prelude::Just(b'\t'),
            proptest::prelude::Just(b'\n'), proptest::prelude::Just(b'.'),
            proptest::prelude::Just(b'+'), proptest::prelude::Just(b'-'),
            proptest::prelude::Just(b':'), b'0'..=b'9', b'a'..=b'z', b'A'..=b'Z',
        ], 0..12),
        ff in 1u8..=4,
    ) {
        let r = quiet_values_are_clean(ident, &body, ff);
        proptest::prop_assert!(r.is_ok(), "{}", r.unwrap_err());
    }
}

/// The lone moves read straight from the arena of a parsed tree give what
/// the same tree gives once an edit thawed it (no arena, every node
/// through its handle): the same diagnostics, in the same order.
#[test]
fn lone_move_runs_check_as_the_nodes_do() {
    for src in [
        // Moves onto stones, a variation of each kind, a move off the
        // board, a node of two moves.
        "(;GM[1]SZ[9];B[ee];W[ee];B[dd](;W[cc];B[cc];W[cc])(;W[dc];B[ed]W[fe])(;W[jj];B[aa]))",
        // Strict: two moves of a colour in a row in the main line and in a
        // variation, setup after the root.
        "(;HA[2]AB[cc][gg];B[dd];B[ee];W[ff](;W[gg];W[hh];B[hh])(;AB[aa];B[bb];B[bb]))",
        // Properties stored as records in the run, a pass, a capture.
        "(;GM[1]SZ[5];B [aa];W[aa];AddBlack[bb];B[];W[ba];B[ab];W[bb];B[cc];B[cc])",
        // Another game (no board), an unusual size.
        "(;GM[2];B[aa];W[aa])(;SZ[3:2];B[cb];W[cb];B[dd])",
    ] {
        let frozen = crate::parse(src.as_bytes()).unwrap();
        assert!(frozen.preorder().is_some());
        let mut thawed = frozen.clone();
        for root in frozen.games().map(|g| g.id()) {
            if frozen.node(root).first_child().is_some() {
                thawed.move_child(root, 0, 0).unwrap();
            }
        }
        assert!(thawed.preorder().is_none(), "{src}");
        for options in [
            CheckOptions::default(),
            CheckOptions::default().strict(true),
        ] {
            let (a, b) = (check(&frozen, &options), check(&thawed, &options));
            assert!(!a.is_empty(), "{src}");
            assert_eq!(a, b, "{src}");
        }
    }
}

/// A suicide and an immediate ko retake are reported where they are
/// played, lone moves and others alike: information without `RU`, a
/// warning when `RU` names rules that forbid them.
#[test]
fn suicide_and_ko_retake() {
    let found = |src: &str| -> Vec<(Code, Severity, u32, u32, String)> {
        let t = crate::parse(src.as_bytes()).unwrap();
        check(&t, &CheckOptions::default())
            .into_iter()
            .filter(|d| matches!(d.code, Code::S048 | Code::S049))
            .map(|d| {
                (
                    d.code,
                    d.severity,
                    d.position.line,
                    d.position.column,
                    d.message,
                )
            })
            .collect()
    };
    // Black at aa between two white stones: suicide (a lone move, and one
    // with a comment, which the walk checks node by node).
    let suicide = "(;FF[4]SZ[5]AW[ba][ab];B[aa])";
    let d = found(suicide);
    assert_eq!(d.len(), 1, "{d:?}");
    assert_eq!(
        (d[0].0, d[0].1, d[0].2, d[0].3),
        (Code::S048, Severity::Info, 1, 24)
    );
    assert_eq!(d[0].4, "B[aa] is suicide: it removes its own stone");
    let d = found("(;FF[4]SZ[5]RU[Japanese]AW[ba][ab];C[x]B[aa])");
    assert_eq!((d[0].0, d[0].1), (Code::S048, Severity::Warning), "{d:?}");
    assert!(
        d[0].4.ends_with("which Japanese rules forbid"),
        "{}",
        d[0].4
    );
    // New Zealand rules allow it: information.
    let d = found("(;FF[4]SZ[5]RU[NZ]AW[ba][ab];B[aa])");
    assert_eq!((d[0].0, d[0].1), (Code::S048, Severity::Info));
    // Ko: W takes at bb, B retakes at cb at once.
    //   . X O .
    //   X . X O
    //   . X O .
    let ko = "(;FF[4]SZ[4]AB[ba][ab][bc][cb]AW[ca][db][cc];W[bb];B[cb])";
    let d = found(ko);
    assert_eq!(d.len(), 1, "{d:?}");
    assert_eq!((d[0].0, d[0].1), (Code::S049, Severity::Info));
    assert_eq!(d[0].4, "B[cb] retakes the ko at once");
    let d = found(&ko.replace("SZ[4]", "SZ[4]RU[Chinese]"));
    assert_eq!((d[0].0, d[0].1), (Code::S049, Severity::Warning));
    // Retaking after a move elsewhere is fine; so is a capture that is no ko.
    assert!(
        found("(;FF[4]SZ[4]AB[ba][ab][bc][cb]AW[ca][db][cc];W[bb];B[dd];W[ad];B[cb])").is_empty()
    );
    // In a variation, from the variation's own position.
    let d = found("(;FF[4]SZ[4]AB[ba][ab][bc][cb]AW[ca][db][cc];W[bb](;B[dd])(;B[cb]))");
    assert_eq!(d.len(), 1, "{d:?}");
    assert_eq!(d[0].0, Code::S049);
}
