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

#[test]
fn kogo_tree_costs_at_most_four_times_the_file() {
    let Some(dir) = crate::support::corpus_dir("kogo_tree_costs_at_most_four_times_the_file")
    else {
        return;
    };
    let bytes =
        std::fs::read(dir.join("glift/test/testdata/Kogo's Joseki Dictionary.sgf")).unwrap();
    let tree = sgfkit::parse(&bytes).unwrap();
    assert_eq!(tree.node_count(), 62_749);
    let ratio = tree.heap_size() as f64 / bytes.len() as f64;
    eprintln!(
        "Kogo: {} bytes, tree {} bytes ({ratio:.2}x)",
        bytes.len(),
        tree.heap_size()
    );
    assert!(ratio <= 4.0, "tree is {ratio:.2}x the file");
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
