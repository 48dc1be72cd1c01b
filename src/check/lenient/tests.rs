use super::*;
use crate::check::Code;
use crate::error::Position;
use proptest::prelude::*;

/// Reads `src` leniently: the printed tree and `CODE@LINE:COL` per diagnostic.
fn run(src: &str) -> (String, Vec<String>) {
    let (c, d) = parse_lenient(src.as_bytes(), &ParseOptions::default());
    let codes = d
        .iter()
        .map(|d| format!("{}@{}", d.code, d.position))
        .collect();
    (c.to_string(), codes)
}

fn case(src: &str, printed: &str, codes: &[&str]) {
    let (p, d) = run(src);
    assert_eq!(p, printed, "printed tree of {src:?}");
    assert_eq!(d, codes, "diagnostics of {src:?}");
    // The repaired tree is strict SGF that reads back to itself.
    if !p.is_empty() {
        let again = crate::parse(p.as_bytes()).expect("strict parser accepts the output");
        assert_eq!(again.to_string(), p);
    }
}

#[test]
fn valid_input_needs_no_diagnostic() {
    case(
        "(;GM[1]FF[4]C[a \\] b];B[aa](;W[bb])(;W[cc]))",
        "(;GM[1]FF[4]C[a \\] b]\n;B[aa]\n(;W[bb])\n(;W[cc]))\n",
        &[],
    );
}

#[test]
fn junk_before_between_and_after() {
    case(
        "From: x (y)\n(;B[aa]) mid (;W[bb])\nend",
        "(;B[aa])\n(;W[bb])\n",
        &["L001@1:1", "L001@2:10", "L001@3:1"],
    );
}

#[test]
fn missing_semicolon_after_paren() {
    case("(GM[1];B[aa])", "(;GM[1]\n;B[aa])\n", &["L019@1:2"]);
    case(
        "(;FF[4](;C[var 1]) ( C[var 2]))",
        "(;FF[4]\n(;C[var 1])\n(;C[var 2]))\n",
        &["L002@1:22"],
    );
}

#[test]
fn nodes_outside_a_variation() {
    // A Fox-style file: no `(` at all, and no `)` either.
    case(
        ";GM[1]SZ[19];B[aa];W[bb]",
        "(;GM[1]SZ[19]\n;B[aa];W[bb])\n",
        &["L003@1:1"],
    );
    case(
        "(;FF[4](;C[var 1]);C[var 2]))",
        "(;FF[4]\n(;C[var 1])\n(;C[var 2]))\n",
        &["L003@1:19"],
    );
    // Properties right after a variation get a node and a variation of
    // their own; the `)` closes that variation.
    case(
        "(;A[1](;B[2])C[3])",
        "(;A[1]\n(;B[2])\n(;C[3]))\n",
        &["L003@1:14", "L005@1:19"],
    );
}

#[test]
fn empty_variations() {
    case(
        "(;B[hh]()(;W[ii])( )(;W[hi]C[h]))",
        "(;B[hh]\n(;W[ii])\n(;W[hi]C[h]))\n",
        &["L004@1:8", "L004@1:18"],
    );
}

/// A game tree that lost its `)` ends where the next game starts, as the
/// stream frames it: a `(`, `;` and a node with `GM` or `FF`. A variation
/// whose first node has neither stays a variation; so does one whose
/// `GM` comes in a later node.
#[test]
fn a_game_inside_a_tree_that_lost_its_paren_is_a_game() {
    case(
        "(;GM[1]PB[a];B[aa]\n(;GM[1]PB[b];W[bb])\n( ; FF[4]PB[c];B[cc](;W[dd])(;W[ee]))",
        "(;GM[1]PB[a]\n;B[aa])\n(;GM[1]PB[b]\n;W[bb])\n(;FF[4]PB[c]\n;B[cc]\n(;W[dd])\n(;W[ee]))\n",
        &["L005@2:1"],
    );
    // Two trees open (a variation of the first never closed): both lost
    // their `)`; one diagnostic says so.
    let (p, d) = run("(;GM[1];B[aa](;W[bb]\n(;GM[1];B[cc])");
    assert_eq!(p, "(;GM[1]\n;B[aa];W[bb])\n(;GM[1]\n;B[cc])\n");
    assert_eq!(d, ["L005@2:1"]);
    let (_, diags) = parse_lenient(b"(;GM[1];B[aa](;W[bb]\n(;GM[1];B[cc])", &Default::default());
    assert!(
        diags[0].message.starts_with("2 game tree(s) still open"),
        "{}",
        diags[0].message
    );
    // Variations, not games.
    case(
        "(;GM[1];B[aa](;W[bb])(;W[cc];GM[1]))",
        "(;GM[1]\n;B[aa]\n(;W[bb])\n(;W[cc];GM[1]))\n",
        &[],
    );
}

#[test]
fn missing_final_paren() {
    case(
        "(;GM[1];B[aa](;W[bb]",
        "(;GM[1]\n;B[aa];W[bb])\n",
        &["L005@1:21"],
    );
}

#[test]
fn property_without_values() {
    case(
        "(;LB B[aa]PL;W[bb])",
        "(;B[aa]\n;W[bb])\n",
        &["L006@1:3", "L006@1:11"],
    );
}

#[test]
fn values_without_identifier() {
    case("(;[ab][ac]B[aa])", "(;B[aa])\n", &["L007@1:3"]);
}

#[test]
fn unescaped_bracket_in_text() {
    case(
        "(;B[cc];C[username [12k]: foo])",
        "(;B[cc]\n;C[username [12k\\]: foo])\n",
        &["L008@1:11"],
    );
    // Not in a point value: there the `]` ends the value.
    case("(;B[cc]+];W[dd])", "(;B[cc]\n;W[dd])\n", &["L011@1:8"]);
    // A `]` followed by a property stays the end of the text.
    case("(;C[a]B[cc])", "(;C[a]B[cc])\n", &[]);
}

#[test]
fn truncated_values() {
    case(
        "(;B[aa];C[abc",
        "(;B[aa]\n;C[abc])\n",
        &["L009@1:10", "L005@1:14"],
    );
    // A dangling escape at the end is dropped.
    case("(;C[abc\\", "(;C[abc])\n", &["L009@1:4", "L005@1:9"]);
}

#[test]
fn lowercase_identifiers() {
    case(
        "(;AddBlack[aa]CoPyright[x])",
        "(;AB[aa]CP[x])\n",
        &["L010@1:3", "L010@1:15"],
    );
    // Nothing to read as capitals: deleted.
    case("(;xx[aa]B[bb])", "(;B[bb])\n", &["L012@1:3"]);
}

#[test]
fn stray_bytes_between_properties() {
    case(
        "(;B[aa]+-W[bb] %;W[cc])",
        "(;B[aa]W[bb]\n;W[cc])\n",
        &["L011@1:8", "L011@1:16"],
    );
}

#[test]
fn illegal_variation_start() {
    case("(;B[cc]((;W[dd]))", "(;B[cc]\n;W[dd])\n", &["L014@1:8"]);
}

#[test]
fn byte_order_mark() {
    case("\u{feff}(;B[aa])", "(;B[aa])\n", &["L015@1:1"]);
}

#[test]
fn depth_limit_flattens() {
    let opts = ParseOptions::default().max_depth(2);
    let (c, d) = parse_lenient(b"(;A[1](;B[2](;C[3](;D[4]))))", &opts);
    assert_eq!(c.to_string(), "(;A[1]\n;B[2];C[3];D[4])\n");
    assert_eq!(d.iter().map(|d| d.code).collect::<Vec<_>>(), [Code::L016]);
}

#[test]
fn no_game_tree() {
    for src in ["", "hello world", "(no tree)", "[aa]"] {
        let (c, d) = parse_lenient(src.as_bytes(), &ParseOptions::default());
        assert_eq!(c.games().len(), 0, "{src:?}");
        assert_eq!(d.last().map(|d| d.code), Some(Code::L013), "{src:?}");
    }
}

#[test]
fn positions_match_position_of() {
    let src = "x\r\n(;B[aa]\r+\n;é+W[bb]\r\n$)";
    let (_, d) = parse_lenient(src.as_bytes(), &ParseOptions::default());
    assert!(d.len() >= 3);
    for d in &d {
        assert_eq!(
            d.position,
            Position::of(src.as_bytes(), d.span.start),
            "{d}"
        );
    }
}

#[test]
fn display_and_catalogue() {
    let (_, d) = parse_lenient(b"(;B[aa]", &ParseOptions::default());
    assert_eq!(
        d[0].to_string(),
        "1:8: error[L005]: input ends with 1 game tree(s) still open: `)` assumed"
    );
}

#[test]
fn deep_nesting_needs_no_stack() {
    let n = 200_000;
    let src = "(;B[aa]".repeat(n);
    let (c, d) = parse_lenient(src.as_bytes(), &ParseOptions::default());
    assert_eq!(c.node_count(), n);
    assert_eq!(d.iter().map(|d| d.code).collect::<Vec<_>>(), [Code::L005]);
    let printed = c.to_string();
    assert!(crate::parse(printed.as_bytes()).is_ok_and(|back| back == c));
}

#[test]
fn diagnostics_are_capped_per_code() {
    let src = format!("(;{})", "+B[aa]".repeat(MAX_PER_CODE + 10));
    let (_, d) = parse_lenient(src.as_bytes(), &ParseOptions::default());
    assert_eq!(d.len(), MAX_PER_CODE + 1);
    assert!(
        d.last().unwrap().message.starts_with("10 more"),
        "{}",
        d.last().unwrap()
    );
}

/// Asserts what every lenient result must satisfy.
fn check_invariants(src: &[u8]) -> Vec<Code> {
    let (c, d) = parse_lenient(src, &ParseOptions::default());
    for d in &d {
        assert!(d.code.as_str().starts_with('L'), "{d}");
        assert_eq!(
            (d.code.severity(), d.code.sgfc()),
            (d.severity, d.sgfc),
            "{d}"
        );
        assert!(d.span.start <= d.span.end && d.span.end <= src.len(), "{d}");
    }
    if c.games().len() == 0 {
        assert!(d.iter().any(|d| d.code == Code::L013));
        return d.iter().map(|d| d.code).collect();
    }
    let printed = crate::print::to_bytes(&c);
    let strict = match crate::parse(&printed) {
        Ok(t) => t,
        Err(e) => panic!(
            "strict parser rejects {:?}: {e}",
            String::from_utf8_lossy(&printed)
        ),
    };
    assert!(strict == c, "printed form reads back to a different tree");
    let (again, more) = parse_lenient(&printed, &ParseOptions::default());
    assert!(again == c, "not a fixed point");
    assert!(more.is_empty(), "diagnostics on printed output: {more:?}");
    d.iter().map(|d| d.code).collect()
}

#[test]
fn every_recovery_keeps_the_invariants() {
    for src in [
        "(;C[a]b];W[a]c)",
        "(;C[x]]]]]]",
        "((((",
        "))));B[aa]",
        "(;C[\\",
        "(;C[a\\]",
        ";(;B[aa]",
        "( ;(B[aa])",
        "(;A[]((;B[]))",
    ] {
        check_invariants(src.as_bytes());
    }
}

fn sgfish() -> impl Strategy<Value = Vec<u8>> {
    let token = prop_oneof![
        Just(b"(".to_vec()),
        Just(b")".to_vec()),
        Just(b";".to_vec()),
        Just(b"[".to_vec()),
        Just(b"]".to_vec()),
        Just(b"\\".to_vec()),
        Just(b" ".to_vec()),
        Just(b"B".to_vec()),
        Just(b"C".to_vec()),
        Just(b"AddBlack".to_vec()),
        Just(b"xy".to_vec()),
        Just(b"[aa]".to_vec()),
        Just(b"\xEF\xBB\xBF".to_vec()),
        any::<u8>().prop_map(|b| vec![b]),
    ];
    prop::collection::vec(token, 0..40).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn arbitrary_bytes_never_panic(src in prop::collection::vec(any::<u8>(), 0..200)) {
        check_invariants(&src);
    }

    #[test]
    fn sgf_like_input_is_a_fixed_point(src in sgfish()) {
        check_invariants(&src);
    }

    /// `fill_positions` (line break to line break) agrees with counting
    /// byte by byte, on text full of CR, LF and multi-byte characters.
    #[test]
    fn positions_agree_with_counting_bytes(
        src in prop::collection::vec(prop_oneof![
            Just(b'\n'), Just(b'\r'), Just(b'a'), Just(0xC3), Just(0xA9), Just(0xE6),
        ], 0..120),
        offsets in prop::collection::vec(0usize..130, 0..8),
    ) {
        let mut diags: Vec<Diagnostic> = offsets
            .iter()
            .map(|&o| Diagnostic::from_code(Code::L001, o..o, String::new(), false))
            .collect();
        fill_positions(&src, &mut diags);
        for d in &diags {
            let target = d.span.start.min(src.len());
            let (mut line, mut column) = (1u32, 1u32);
            for (at, &b) in src[..target].iter().enumerate() {
                if b == b'\n' || (b == b'\r' && src.get(at + 1) != Some(&b'\n')) {
                    line += 1;
                    column = 1;
                } else if b & 0xC0 != 0x80 {
                    column += 1;
                }
            }
            prop_assert_eq!((d.position.line, d.position.column), (line, column));
        }
    }
}

#[test]
fn no_game_tree_says_what_is_there() {
    let message = |src: &[u8]| {
        let (c, d) = parse_lenient(src, &ParseOptions::default());
        assert_eq!(c.games().len(), 0);
        d.iter().map(|d| d.message.clone()).collect::<Vec<_>>()
    };
    assert_eq!(
        message(b"\xEF\xBB\xBF \n"),
        [
            "UTF-8 byte order mark skipped",
            "no game tree found: the input is empty (or only white space)"
        ]
    );
    assert_eq!(
        message(b""),
        ["no game tree found: the input is empty (or only white space)"]
    );
    assert_eq!(
        message(b"\x7FELF\x02\x01\x01\0\0\0\0garbage"),
        ["no game tree found: binary data (NUL or control bytes), not SGF text"]
    );
    let text = message(b"hello");
    assert_eq!(text.len(), 2, "{text:?}");
    assert!(text[0].contains("skipped"));
    assert!(text[1].ends_with("followed by a node or a property"));
}

/// Every node's id, parent, offset and properties (identifier, raw values,
/// span): what a reader of the tree can see of it.
fn shape(c: &Collection<'_>) -> Vec<String> {
    let mut out = Vec::new();
    for game in c.games() {
        for n in game.descendants() {
            let props: Vec<String> = n
                .properties()
                .map(|p| format!("{}{:?}{:?}", p.ident(), p.values_raw(), p.span()))
                .collect();
            out.push(format!(
                "{} {:?} {:?} {}",
                n.id().index(),
                n.parent().map(|p| p.id().index()),
                n.offset(),
                props.join(" ")
            ));
        }
    }
    out
}

#[test]
fn without_a_repair_the_tree_is_the_strict_one() {
    // Python's `parse` reads leniently first and keeps that tree when
    // nothing was repaired: it must then be the strict reader's, to the
    // offsets and spans (the fast path for plain properties included).
    let inputs = [
        "(;GM[1]FF[4]SZ[19];B[pd];W[dp](;B[pp])(;B[dd];W[qq]))",
        "  (;B[aa] ;W[bb]\r\n;B[cc]\n)\n(;C[two\\]trees]AB[aa][bb]\n[cc]AW[dd:ee])\n",
        "(; B[aa]C [spaced]\tW[bb];\n;)",
        "(;ABCDEFGHIJKLMNOP[long identifier]XY[1][2] [3];C[a\\\\]B[aa])",
        "(;C[]C[\\]]C[\\\\\\]];B[];TR[aa][bb][cc][dd:ff];PL[B])",
        "(;GN[a ] b]C[x]);",
    ];
    for src in inputs {
        let (lenient, diags) = parse_lenient(src.as_bytes(), &ParseOptions::default());
        if !diags.is_empty() {
            // Repaired input is not what this test is about.
            assert!(
                src.ends_with(';') || src.contains("] b]"),
                "{src:?}: {diags:?}"
            );
            continue;
        }
        let mut warnings: Vec<crate::Warning> = Vec::new();
        let strict =
            Collection::parse_with(src.as_bytes(), &ParseOptions::default(), &mut warnings)
                .expect("strict reader accepts it");
        assert!(warnings.is_empty(), "{src:?}");
        assert_eq!(shape(&lenient), shape(&strict), "{src:?}");
    }
}

#[test]
fn runs_of_moves_read_like_the_strict_reader() {
    // The reader's fast path for runs of `;B[pd]` nodes, and every way a
    // run ends and the general path takes over: the trees must be the
    // strict reader's, to the offsets and spans.
    let inputs = [
        "(;B[pd];W[dd];B[pq];W[dq])",
        "(;GM[1];B[pd]\n;W[dd]\r\n;B[pq] ;W[dq]\n)",
        "(;B[pd];W[dd](;B[aa];W[bb])(;B[cc]))",
        "(;B[pd];W[dd]C[comment];B[pq]\n;W[dq]C[x]\n;B[aa])",
        "(;B[pd];W[dd][ee];B[pq] [qq];W[dq])",
        "(;B[pd];W[];B[p];W[ddd];B[p\\]];W[\\\\a];B[tt])",
        "(;B[pd];;W[dd]; B[pq];W[dq])",
        "(;B[pd];XYZ[dd];AB[pq];W[dq]PL[B])",
        "(;B[pd]\n\n\t;W[dd]\n (;B[aa]) \n(;B[bb]\n)\n)",
        "(;B[pd];W[dd])(;B[pq];W[dq])",
        "(;B[pd];W[dd]",
    ];
    for src in inputs {
        let (lenient, diags) = parse_lenient(src.as_bytes(), &ParseOptions::default());
        let strict_src = if diags.is_empty() {
            src.to_string()
        } else {
            // Only the missing `)` at the end is repaired.
            assert_eq!(diags.len(), 1, "{src:?}: {diags:?}");
            assert_eq!(diags[0].code, Code::L005);
            format!("{src})")
        };
        let strict = crate::parse(strict_src.as_bytes()).expect("strict reader accepts it");
        assert_eq!(shape(&lenient), shape(&strict), "{src:?}");
    }
}

#[test]
fn runs_of_moves_fall_back_where_the_general_path_repairs() {
    // A node after a variation (its `(` assumed), a lower-case identifier,
    // a value that swallows an unescaped `]`, a value cut by the end.
    case(
        "(;B[pd](;W[dd]);B[pq];W[dq];B[aa])",
        "(;B[pd]\n(;W[dd])\n(;B[pq];W[dq];B[aa]))\n",
        &["L003@1:16", "L005@1:35"],
    );
    case(
        "(;B[pd];Wh[dd];B[pq])",
        "(;B[pd]\n;W[dd];B[pq])\n",
        &["L010@1:9"],
    );
    case("(;B[pd];w[dd];B[pq])", "(;B[pd]\n;;B[pq])\n", &["L012@1:9"]);
    case(
        "(;B[pd];C[a]b];B[pq])",
        "(;B[pd]\n;C[a\\]b];B[pq])\n",
        &["L008@1:11"],
    );
    case(
        "(;B[pd];W[d",
        "(;B[pd]\n;W[d])\n",
        &["L009@1:10", "L005@1:12"],
    );
    case(";B[pd];W[dd]", "(;B[pd]\n;W[dd])\n", &["L003@1:1"]);
}

#[test]
fn runs_of_moves_respect_the_limits() {
    let src = b"(;GM[1];B[pd];W[dd];B[pq];W[dq];B[aa])";
    // The node limit crossed inside a run: reported at the first node
    // too many, as the strict reader does.
    for max in 1..7 {
        let opts = ParseOptions::default().max_nodes(max);
        let (c, d) = parse_lenient(src, &opts);
        let strict = Collection::parse_with(src, &opts, &mut Vec::new());
        if max == 6 {
            assert_eq!(c.node_count(), 6);
            assert!(d.is_empty() && strict.is_ok());
            continue;
        }
        assert_eq!(c.node_count(), 0, "max {max}");
        let codes: Vec<Code> = d.iter().map(|d| d.code).collect();
        assert_eq!(codes, [Code::L017], "max {max}");
        let e = strict.expect_err("strict reader stops too");
        assert_eq!(d[0].span, e.span(), "max {max}");
        assert_eq!(d[0].span.start, 7 + 6 * (max - 1), "max {max}");
    }
    // Values longer than the limit: moves are not read as a run then.
    let opts = ParseOptions::default().max_value_len(1);
    let (c, d) = parse_lenient(src, &opts);
    assert_eq!(c.node_count(), 0);
    assert_eq!(d.iter().map(|d| d.code).collect::<Vec<_>>(), [Code::L017]);
    assert_eq!(d[0].span.start, 10);
    let opts = ParseOptions::default().max_value_len(2);
    let (c, d) = parse_lenient(src, &opts);
    assert_eq!((c.node_count(), d.len()), (6, 0));
}

#[test]
fn white_space_is_the_six_bytes() {
    for b in 0..=255u8 {
        let want = matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0B | 0x0C);
        assert_eq!(is_ws(b), want, "{b:#04x}");
    }
}
