//! Regression tests for bugs the fuzzers found (see `fuzz/README.md`), one
//! test per bug, each naming its minimised input.

use sgfkit::check::Code;

/// `fuzz/regressions/repair-root-move-only.sgf` (the `repair` target): a
/// root holding only a move was left alone, then given `FF[4]`, so a second
/// repair split it: repairing was not idempotent.
#[test]
fn a_move_alone_in_the_root_is_split_at_once() {
    use sgfkit::check::{RepairOptions, parse_lenient, repair};
    let (mut tree, _) = parse_lenient(b";W[", &Default::default());
    let first = repair(&mut tree, &RepairOptions::default());
    assert!(first.iter().any(|d| d.code == Code::R007), "{first:?}");
    let printed = tree.to_string();
    assert_eq!(printed, "(;FF[4]\n;W[])\n");
    let mut again = sgfkit::parse(printed.as_bytes()).unwrap().into_owned();
    assert!(repair(&mut again, &RepairOptions::default()).is_empty());
    assert_eq!(again.to_string(), printed);
}

/// `fuzz/regressions/repair-empty-values-merged.sgf` (the `repair` target):
/// merging `AW[][]` with `AW[]` left no value (the empty values were dropped
/// as "none" beside real values, but there were none), so the node could not
/// be rewritten: its repairs (the merge, `M` to `MA`) were reported and lost,
/// and a second repair found them again.
#[test]
fn duplicate_lists_of_empty_values_merge_into_one_empty_value() {
    use sgfkit::check::{RepairOptions, parse_lenient, repair};
    let (mut tree, _) = parse_lenient(b"(M[]AW[][]AW[]W[", &Default::default());
    let first = repair(&mut tree, &RepairOptions::default());
    let codes: Vec<_> = first.iter().map(|d| d.code).collect();
    assert!(
        codes.contains(&Code::R008) && codes.contains(&Code::R004),
        "{codes:?}"
    );
    let printed = tree.to_string();
    assert_eq!(printed, "(;AW[]FF[4]\n;MA[]W[])\n");
    let mut again = sgfkit::parse(printed.as_bytes()).unwrap().into_owned();
    let second = repair(&mut again, &RepairOptions::default());
    assert!(second.is_empty(), "{second:?}");
    assert_eq!(again.to_string(), printed);
}

/// `fuzz/regressions/repair-letters-after-merge.sgf` (the `repair` target):
/// `L[]` and `L[][bb]` were passed over by the `L` to `LB` conversion (a value
/// that is not a point) and then merged into `L[bb]`, which a second repair
/// converted: repairing was not idempotent.
#[test]
fn an_l_left_by_a_merge_is_converted_in_the_same_repair() {
    use sgfkit::check::{RepairOptions, parse_lenient, repair};
    let (mut tree, _) = parse_lenient(b"(L[]L[][bb", &Default::default());
    let first = repair(&mut tree, &RepairOptions::default());
    let codes: Vec<_> = first.iter().map(|d| d.code).collect();
    assert!(
        codes.contains(&Code::R008) && codes.contains(&Code::R003),
        "{codes:?}"
    );
    let printed = tree.to_string();
    let mut again = sgfkit::parse(printed.as_bytes()).unwrap().into_owned();
    let second = repair(&mut again, &RepairOptions::default());
    assert!(second.is_empty(), "{second:?}\n{printed}");
    assert_eq!(again.to_string(), printed);
    assert!(printed.contains("LB[bb:A]"), "{printed}");
}

/// `fuzz/regressions/repair-markup-not-a-point.sgf` (the `repair` target):
/// `M[a99999:ss]` was converted to `MA[a99999:ss]`, which the reader refuses
/// (a rectangle of more points than any board), so the repaired file did not
/// read back. The reader's point limit now counts `M` as the list of points
/// the property table says it is, so that file is refused whole before any
/// repair; an `M` whose values are not points, within the limit, stays as it
/// is.
#[test]
fn an_m_that_is_not_a_point_is_not_made_an_ma() {
    use sgfkit::check::{RepairOptions, parse_lenient, repair};
    let input = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fuzz/regressions/repair-markup-not-a-point.sgf"
    ))
    .unwrap();
    let (_, diags) = parse_lenient(&input, &Default::default());
    assert!(diags.iter().any(|d| d.code == Code::L017), "{diags:?}");
    let (mut tree, _) = parse_lenient(b"(;M[x])", &Default::default());
    let first = repair(&mut tree, &RepairOptions::default());
    assert!(first.iter().all(|d| d.code != Code::R004), "{first:?}");
    let printed = tree.to_string();
    assert!(printed.contains("M[x]"), "{printed}");
    let mut again = sgfkit::parse(printed.as_bytes()).unwrap().into_owned();
    let second = repair(&mut again, &RepairOptions::default());
    assert!(second.iter().all(|d| d.code != Code::R004), "{second:?}");
    assert_eq!(again.to_string(), printed);
    // A point and a rectangle of points are still converted.
    let (mut tree, _) = parse_lenient(b"(;M[aa][bb:cc])", &Default::default());
    let first = repair(&mut tree, &RepairOptions::default());
    assert!(first.iter().any(|d| d.code == Code::R004), "{first:?}");
    assert!(tree.to_string().contains("MA[aa][bb:cc]"), "{tree}");
}

/// `fuzz/regressions/deep-junk-tree-without-semicolon` (the `deep` target,
/// a timeout): `(M[0(;)` a hundred thousand times. Each skipped piece of
/// junk got its line and column counted from the start of the input, so
/// the strict parser took quadratic time. A `(` followed by a property is a
/// tree without its `;`, which the strict parser now refuses where it
/// stands; junk without tree content is still skipped, each warning placed
/// by one cursor moving forward (`cli/tests/scaling.rs` times both).
#[test]
fn junk_between_many_trees_is_placed_in_one_pass() {
    use sgfkit::{Collection, ErrorKind, Expected, ParseOptions, Warning, WarningKind};
    let data = std::fs::read(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("fuzz/regressions/deep-junk-tree-without-semicolon"),
    )
    .unwrap();
    assert_eq!(data, b"\xff\xff\xff\xff(M[0(;)");
    let fuzzed = b"(M[0(;)".repeat(100_000);
    let err = sgfkit::parse(&fuzzed).unwrap_err();
    assert!(
        matches!(
            err.kind(),
            ErrorKind::Syntax {
                expected: Expected::Char(b';'),
                ..
            }
        ),
        "{err}"
    );
    assert_eq!(err.to_string(), "1:2: expected `;`, found `M`");
    // The lenient reader assumes the `;` and reads `M[0` as a value that
    // runs to the end of the input (no `]` closes it), saying both.
    let (tree, diags) = sgfkit::check::parse_lenient(&fuzzed, &ParseOptions::default());
    assert_eq!(tree.games().len(), 1);
    let codes: Vec<_> = diags.iter().map(|d| d.code).collect();
    assert_eq!(codes, [Code::L019, Code::L009, Code::L005]);

    // Junk without tree content: a warning each, at its own column.
    let n = 100_000;
    let src = b"(;)x".repeat(n);
    let mut warnings: Vec<Warning> = Vec::new();
    let tree = Collection::parse_with(&src, &ParseOptions::default(), &mut warnings).unwrap();
    assert_eq!(tree.games().len(), n);
    assert_eq!(warnings.len(), n);
    for (k, w) in warnings.iter().enumerate() {
        assert!(matches!(w.kind(), WarningKind::SkippedJunk { .. }));
        assert_eq!(
            (w.position().line, w.position().column as usize),
            (1, 4 * k + 4)
        );
    }
}

/// `fuzz/regressions/{parse,repair,roundtrip}-ustar-in-a-value.sgf`: a game
/// tree whose printed text had `ustar` at byte 257 (inside a value) was
/// taken for a tar archive, so the lenient reader found no game tree in
/// the printer's output. Text that starts a game tree is SGF.
#[test]
fn a_game_tree_with_ustar_at_byte_257_is_sgf() {
    let mut text = b"(;C[".to_vec();
    text.resize(257, b'x');
    text.extend_from_slice(b"ustar  ]B[aa])");
    assert_eq!(sgfkit::format::sniff(&text), None);
    assert_eq!(sgfkit::parse(&text).unwrap().games().len(), 1);
}
