//! Deep nesting, huge inputs and malformed inputs: errors, never crashes.

use sgfkit::{ErrorKind, ParseOptions};

fn nested(depth: usize) -> Vec<u8> {
    let mut s = b"(;B[aa]".repeat(depth);
    s.extend(std::iter::repeat_n(b')', depth));
    s
}

#[test]
fn depth_100_000_parses_prints_walks_and_drops() {
    // The default test thread has a 2 MiB stack.
    let src = nested(100_000);
    let tree = sgfkit::parse(&src).expect("parses");
    let root = tree.games().next().unwrap();
    assert_eq!(root.descendants().count(), 100_000);
    let deepest = root.descendants().last().unwrap();
    assert_eq!(deepest.depth(), 99_999);
    assert_eq!(deepest.number(), 99_999);
    let printed = sgfkit::print::to_bytes(&tree);
    let again = sgfkit::parse(&printed).expect("reparses");
    assert!(again == tree);
    drop(again);
    drop(tree);
}

#[test]
fn depth_1_000_000_parses_within_the_default_limit() {
    let src = nested(1_000_000);
    let tree = sgfkit::parse(&src).expect("parses");
    assert_eq!(tree.node_count(), 1_000_000);
}

#[test]
fn depth_beyond_the_limit_is_refused_clearly() {
    let src = nested(2_000);
    let err =
        sgfkit::Collection::parse_with(&src, &ParseOptions::default().max_depth(1_000), &mut ())
            .unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::DepthLimitExceeded { limit: 1_000 });
    assert_eq!(err.offset(), 1_000 * 7);
    assert!(
        err.to_string()
            .contains("nested deeper than the limit of 1000"),
        "{err}"
    );
}

#[test]
fn node_limit_is_refused_clearly() {
    let err = sgfkit::Collection::parse_with(
        b"(;B[aa];W[bb];B[cc])",
        &ParseOptions::default().max_nodes(2),
        &mut (),
    )
    .unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::TooLarge { .. }));
}

#[test]
fn truncated_inputs_report_positions() {
    let cases: &[(&[u8], &str)] = &[
        (
            b"(;B[pd",
            "1:7: expected `]` to close the value opened at 1:4, found end of input",
        ),
        (
            b"(;B[pd]",
            "1:8: expected `)` to close the game tree opened at 1:1, found end of input",
        ),
        (
            b"(;B[pd](;W[dd])",
            "1:16: expected `)` to close the game tree opened at 1:1, found end of input",
        ),
        (b"(;B", "1:4: expected `[`, found end of input"),
        (b"(", "1:1: no game tree `(;` found in the input"),
        (b"", "1:1: no game tree `(;` found in the input"),
        (
            b"(;B[aa]\n  x[bb])",
            "2:3: expected a property identifier, found `x`",
        ),
        (b"(;B[aa]\n()", "2:2: expected `;`, found `)`"),
        (
            b"(;B[aa]\n  1[bb])",
            "2:3: expected a property, `;`, `(` or `)`, found `1`",
        ),
    ];
    for (src, want) in cases {
        let err = sgfkit::parse(src).unwrap_err();
        assert_eq!(
            &err.to_string(),
            want,
            "input {:?}",
            String::from_utf8_lossy(src)
        );
    }
}

#[test]
fn bom_junk_and_ff3_identifiers_are_warnings() {
    let src = b"\xEF\xBB\xBFReceived: by mail\n(;CoPyright[x]AddBlack[aa]) trailing";
    let mut warnings = Vec::new();
    let tree =
        sgfkit::Collection::parse_with(src, &ParseOptions::default(), &mut warnings).unwrap();
    let shown: Vec<String> = warnings.iter().map(|w| w.to_string()).collect();
    assert_eq!(
        shown,
        [
            "1:1: skipped a UTF-8 byte order mark",
            "1:1: skipped 18 bytes before the first game tree",
            "2:3: FF[3] identifier `CoPyright` read as `CP`",
            "2:15: FF[3] identifier `AddBlack` read as `AB`",
            "2:29: skipped 8 bytes after the last game tree",
        ]
    );
    let root = tree.games().next().unwrap();
    assert_eq!(root.get("CP").unwrap().value(), b"x");
    assert_eq!(root.get("AB").unwrap().value(), b"aa");
}

#[test]
fn whitespace_between_every_token() {
    let t = sgfkit::parse(b" ( ; B [aa] \n [bb] ; W\t[cc] ( ; C [x] ) ( ; C [y] ) ) ").unwrap();
    assert_eq!(t.to_string(), "(;B[aa][bb]\n;W[cc]\n(;C[x])\n(;C[y]))\n");
}

#[test]
fn a_megabyte_of_escapes_is_linear() {
    let mut src = b"(;C[".to_vec();
    src.extend(b"\\]".repeat(500_000));
    src.extend(b"])");
    let t = sgfkit::parse(&src).unwrap();
    assert_eq!(
        t.games().next().unwrap().get("C").unwrap().value().len(),
        1_000_000
    );
}

#[test]
fn many_games_in_one_collection() {
    let src = b"(;GM[1];B[aa])\n".repeat(20_000);
    let t = sgfkit::parse(&src).unwrap();
    assert_eq!(t.games().len(), 20_000);
    assert_eq!(t.node_count(), 40_000);
}

/// The `.sgf` files below the corpus directories `dirs` that parse,
/// concatenated into one collection (a newline after each).
fn concatenated(corpus: &std::path::Path, dirs: &[&str]) -> Vec<u8> {
    let mut all = Vec::new();
    for d in dirs {
        for (name, path) in crate::support::files_below(&corpus.join(d)) {
            if !name.to_ascii_lowercase().ends_with(".sgf") {
                continue;
            }
            let bytes = std::fs::read(path).unwrap();
            if sgfkit::parse(&bytes).is_ok() {
                all.extend_from_slice(&bytes);
                all.push(b'\n');
            }
        }
    }
    all
}

/// The tree of `bytes` costs at most two and a half times its size;
/// returns the ratio.
#[track_caller]
fn tree_costs_at_most_two_and_a_half_times(what: &str, bytes: &[u8]) -> f64 {
    let tree = sgfkit::parse(bytes).unwrap();
    let (nodes, props) = (tree.node_count(), tree.property_count());
    let ratio = tree.heap_size() as f64 / bytes.len() as f64;
    eprintln!(
        "{what}: {} bytes, {nodes} nodes, {props} properties, tree {} bytes ({ratio:.2}x)",
        bytes.len(),
        tree.heap_size()
    );
    assert!(ratio <= 2.5, "{what}: the tree is {ratio:.2}x the file");
    ratio
}

#[test]
fn kogo_tree_costs_at_most_two_and_a_half_times_the_file() {
    let Some(dir) =
        crate::support::corpus_dir("kogo_tree_costs_at_most_two_and_a_half_times_the_file")
    else {
        return;
    };
    let bytes =
        std::fs::read(dir.join("glift/test/testdata/Kogo's Joseki Dictionary.sgf")).unwrap();
    assert_eq!(sgfkit::parse(&bytes).unwrap().node_count(), 62_749);
    // 4 bytes a node and 8 a property: 0.79x (3.02x at 32 and 24).
    assert!(tree_costs_at_most_two_and_a_half_times("Kogo", &bytes) < 1.0);
}

#[test]
fn move_dense_collection_tree_costs_at_most_two_and_a_half_times_its_size() {
    let Some(dir) = crate::support::corpus_dir(
        "move_dense_collection_tree_costs_at_most_two_and_a_half_times_its_size",
    ) else {
        return;
    };
    // gnugo's and fuego's games in one buffer: 1.05x (4.51x at 32 bytes a
    // node and 24 a property, 1.61x at 12 and 8).
    let bytes = concatenated(&dir, &["gnugo", "fuego"]);
    assert!(bytes.len() > 3_000_000, "{} bytes", bytes.len());
    tree_costs_at_most_two_and_a_half_times("gnugo+fuego", &bytes);
    // The Fox professional games are the densest (7.5 bytes a node): 1.72x
    // (7.73x and 2.76x).
    let bytes = concatenated(&dir, &["fox-pro"]);
    assert!(bytes.len() > 15_000_000, "{} bytes", bytes.len());
    tree_costs_at_most_two_and_a_half_times("fox-pro", &bytes);
}

#[test]
fn bare_moves_cost_at_most_two_and_a_half_times_their_size() {
    // The densest real form: a move a node, no spaces, no line breaks.
    let mut src = b"(;GM[1]FF[4]SZ[19]".to_vec();
    for k in 0..100_000u32 {
        let (x, y) = (b'a' + (k % 19) as u8, b'a' + (k / 19 % 19) as u8);
        src.extend_from_slice(&[b';', if k % 2 == 0 { b'B' } else { b'W' }, b'[', x, y, b']']);
    }
    src.push(b')');
    // 6 bytes a node, 12 in the tree; and a sixteenth more room that the
    // arenas keep for a first edit (counted, not resident until written).
    assert!(tree_costs_at_most_two_and_a_half_times("bare moves", &src) < 2.01 * 17.0 / 16.0);
}

#[test]
fn a_large_collection_is_not_copied() {
    // Ten megabytes of games: the tree borrows the input, it does not copy it.
    let game = b"(;GM[1]FF[4]SZ[19];B[pd];W[dp];B[pq];W[dd]C[a comment of some length])\n";
    let src = game.repeat(10_000_000 / game.len());
    let tree = sgfkit::parse(&src).unwrap();
    assert_eq!(tree.source().as_ptr(), src.as_ptr());
    assert_eq!(tree.games().len(), src.len() / game.len());
    // An owned parse keeps the same buffer too.
    let ptr = src.as_ptr();
    let owned = sgfkit::Collection::parse_owned(src, &ParseOptions::default(), &mut ()).unwrap();
    assert_eq!(owned.source().as_ptr(), ptr);
}

/// A syntax error past column 65,535 renders (a format width above 65,535
/// used to panic) and shows a window of the line, not the whole line.
#[test]
fn errors_on_huge_lines_render_a_window() {
    let mut src = b"(;C[".to_vec();
    src.extend(std::iter::repeat_n(b'x', 4_000_000));
    let err = sgfkit::parse(&src).unwrap_err();
    let shown = err.render(&src).to_string();
    assert!(shown.len() < 1_000, "{} bytes rendered", shown.len());
    assert!(shown.trim_end().ends_with('^'));
}

proptest::proptest! {
    /// Rendering at any offset of long lines of any characters never panics,
    /// stays short, and puts the caret under the spot's character.
    #[test]
    fn source_lines_render_anywhere(
        line in proptest::collection::vec(proptest::prop_oneof![
            proptest::strategy::Just('x'), proptest::strategy::Just('\t'),
            proptest::strategy::Just('\n'), proptest::strategy::Just('李'),
            proptest::strategy::Just('\u{7}'),
        ], 0..3000),
        repeat in 1usize..200,
        at in 0usize..1_000_000,
        len in 0usize..50,
    ) {
        let text: String = line.iter().collect::<String>().repeat(repeat);
        let src = text.as_bytes();
        let at = at % (src.len() + 1);
        if let Some(s) = sgfkit::error::SourceLine::around(src, at..at + len) {
            proptest::prop_assert!(s.text.chars().count() <= 112);
            proptest::prop_assert!(!s.carets.is_empty() && s.carets.len() <= 100);
            proptest::prop_assert!(!s.text.contains('\n'));
        }
        let err = sgfkit::ParseError::new(ErrorKind::TooLarge { what: "test" }, at..at + len, src);
        let shown = err.render(src).to_string();
        proptest::prop_assert!(shown.lines().count() <= 3);
    }
}
