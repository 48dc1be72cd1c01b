//! The `vertex`, `captures` and `legal` columns: the GTP vertex of each
//! move and what it did on the board, setup included, each variation
//! replayed from its parent's position.

use super::*;

/// A `moves` row's colour, vertex, captures and legality.
type Outcome = (
    Option<char>,
    Option<&'static str>,
    Option<u16>,
    Option<bool>,
);

/// The [`Outcome`] of each `moves` row of `sgf`.
fn outcomes(sgf: &str, opts: &ExportOptions) -> Vec<Outcome> {
    tables(sgf.as_bytes(), "r.sgf", opts)
        .moves
        .into_iter()
        .map(|m| (m.color, m.vertex, m.captures, m.legal))
        .collect()
}

fn main_line(sgf: &str) -> Vec<Outcome> {
    outcomes(sgf, &ExportOptions::default())
}

fn v(s: &'static str) -> Option<&'static str> {
    Some(s)
}

#[test]
fn vertex_is_gtp_of_the_top_left_point() {
    let t = tables(
        b"(;SZ[19];B[pd];W[dp];B[aa];W[as])",
        "r.sgf",
        &Default::default(),
    );
    let m: Vec<_> = t
        .moves
        .iter()
        .map(|m| (m.row, m.column, m.vertex))
        .collect();
    assert_eq!(
        m,
        [
            (Some(3), Some(15), Some("Q16")),
            (Some(15), Some(3), Some("D4")),
            (Some(0), Some(0), Some("A19")),
            (Some(18), Some(0), Some("A1")),
        ]
    );
    // A rectangle: rows from the bottom of 3.
    let t = tables(b"(;SZ[7:3];B[ga])", "r.sgf", &Default::default());
    assert_eq!(t.moves[0].vertex, Some("G3"));
}

#[test]
fn captures_of_one_and_of_several_stones() {
    // B[ab] takes the white stone in the corner.
    assert_eq!(
        main_line("(;SZ[9];B[ba];W[aa];B[ab])"),
        [
            (Some('B'), v("B9"), Some(0), Some(true)),
            (Some('W'), v("A9"), Some(0), Some(true)),
            (Some('B'), v("A8"), Some(1), Some(true)),
        ]
    );
    // Setup counts: B[bb] takes the two white stones AW sets up.
    assert_eq!(
        main_line("(;SZ[9]AW[aa][ba]AB[ca][ab];B[bb])"),
        [(Some('B'), v("B8"), Some(2), Some(true))]
    );
}

#[test]
fn suicide_ko_retake_and_occupied_point_are_not_legal() {
    // W[aa] has no liberty and takes nothing.
    assert_eq!(
        main_line("(;SZ[9]AB[ba][ab];W[aa])"),
        [(Some('W'), v("A9"), Some(0), Some(false))]
    );
    // B[cb] takes the ko; W[bb] takes it back at once.
    assert_eq!(
        main_line("(;SZ[9]AB[ba][ab][bc]AW[ca][db][cc][bb];B[cb];W[bb])"),
        [
            (Some('B'), v("C8"), Some(1), Some(true)),
            (Some('W'), v("B8"), Some(1), Some(false)),
        ]
    );
    // A stone on a stone.
    assert_eq!(
        main_line("(;SZ[9];B[ee];W[ee])"),
        [
            (Some('B'), v("E5"), Some(0), Some(true)),
            (Some('W'), v("E5"), Some(0), Some(false)),
        ]
    );
}

#[test]
fn nodes_with_other_properties_give_the_same_outcomes() {
    // Setup in the node of the move comes first: AB[ba] makes B[ab] a
    // capture.
    assert_eq!(
        main_line("(;SZ[9]AW[aa];AB[ba]B[ab])"),
        [(Some('B'), v("A8"), Some(1), Some(true))]
    );
    // The ko of the test above, each move with its time left.
    assert_eq!(
        main_line("(;SZ[9]AB[ba][ab][bc]AW[ca][db][cc][bb];B[cb]BL[10];W[bb]WL[5])"),
        [
            (Some('B'), v("C8"), Some(1), Some(true)),
            (Some('W'), v("B8"), Some(1), Some(false)),
        ]
    );
    // A suicide and a stone on a stone, with other properties.
    assert_eq!(
        main_line("(;SZ[9]AB[ba][ab];W[aa]TR[ee];B[ba]LB[ee:x])"),
        [
            (Some('W'), v("A9"), Some(0), Some(false)),
            (Some('B'), v("B9"), Some(0), Some(false)),
        ]
    );
}

#[test]
fn a_pass_is_legal_and_takes_nothing() {
    let t = tables(b"(;SZ[9];B[ee];W[])", "r.sgf", &Default::default());
    let pass = &t.moves[1];
    assert!(pass.pass);
    assert_eq!(
        (pass.vertex, pass.captures, pass.legal),
        (None, Some(0), Some(true))
    );
}

#[test]
fn boards_beyond_25_have_no_vertex() {
    let t = tables(b"(;SZ[26];B[aa];W[zz])", "r.sgf", &Default::default());
    let m: Vec<_> = t
        .moves
        .iter()
        .map(|m| (m.row, m.column, m.vertex, m.legal))
        .collect();
    assert_eq!(
        m,
        [
            (Some(0), Some(0), None, Some(true)),
            (Some(25), Some(25), None, Some(true)),
        ]
    );
    let t = tables(b"(;SZ[25];B[yy])", "r.sgf", &Default::default());
    assert_eq!(t.moves[0].vertex, Some("Z1"));
}

#[test]
fn each_variation_is_replayed_from_its_parents_position() {
    // After B[ba], the first variation plays W[ab]; the second, from the
    // same position, B[ab], which takes the white stone of the setup (on
    // the first variation's board it would be a stone on a stone). The
    // third starts from the root.
    let sgf = "(;SZ[9]AW[aa](;B[ba](;W[ab];B[ee])(;B[ab]C[takes]))(;B[ab]))";
    let all = ExportOptions::default().all_nodes(true);
    let t = tables(sgf.as_bytes(), "r.sgf", &all);
    let m: Vec<_> = t
        .moves
        .iter()
        .map(|m| (m.node_id, m.parent_id, m.vertex, m.captures, m.legal))
        .collect();
    assert_eq!(
        m,
        [
            (0, None, None, None, None), // the root: no move
            (1, Some(0), Some("B9"), Some(0), Some(true)),
            (2, Some(1), Some("A8"), Some(0), Some(true)),
            (3, Some(2), Some("E5"), Some(0), Some(true)),
            (4, Some(1), Some("A8"), Some(1), Some(true)),
            (5, Some(0), Some("A8"), Some(0), Some(true)),
        ]
    );
    // The main line alone gives the same as its rows above.
    assert_eq!(
        main_line(sgf),
        [
            (Some('B'), v("B9"), Some(0), Some(true)),
            (Some('W'), v("A8"), Some(0), Some(true)),
            (Some('B'), v("E5"), Some(0), Some(true)),
        ]
    );
}

#[test]
fn the_json_lines_hold_the_new_columns() {
    let t = tables(
        b"(;SZ[9]AB[ba][ab];W[aa];B[])",
        "r.sgf",
        &Default::default(),
    );
    let (mut g, mut m, mut d) = (Vec::new(), Vec::new(), Vec::new());
    t.write_ndjson(&mut g, &mut m, &mut d).unwrap();
    let m = String::from_utf8(m).unwrap();
    let lines: Vec<&str> = m.lines().collect();
    assert!(
        lines[0].contains(
            r#""column":0,"row":0,"vertex":"A9","pass":false,"captures":0,"legal":false"#
        ),
        "{m}"
    );
    assert!(
        lines[1].contains(r#""vertex":null,"pass":true,"captures":0,"legal":true"#),
        "{m}"
    );
}

#[cfg(feature = "arrow")]
#[test]
fn the_columns_equal_the_rows() {
    use crate::arrow::Batches;
    let sources = [
        "(;SZ[9]AW[aa](;B[ba](;W[ab];B[ee])(;B[ab]C[takes]))(;B[ab]))",
        "(;SZ[9]AB[ba][ab][bc]AW[ca][db][cc][bb];B[cb];W[bb];B[];W[ee]B[ee])",
        "(;SZ[26];B[aa];W[zz])(;GM[2];B[aa])",
        "(;SZ[9]AW[aa];AB[ba]B[ab];W[aa]TR[ee];B[ba]LB[ee:x])",
    ];
    for src in sources {
        let doc = crate::read(src.as_bytes(), &Default::default());
        for opts in [
            ExportOptions::default(),
            ExportOptions::default().all_nodes(true),
        ] {
            let rows = Batches::from_tables(&Tables::of_document(&doc, "r.sgf", &opts)).unwrap();
            let columns = Batches::of_document(&doc, "r.sgf", &opts).unwrap();
            assert_eq!(columns, rows, "{src}");
            for name in ["vertex", "captures", "legal"] {
                assert!(columns.moves.column_by_name(name).is_some(), "{name}");
            }
        }
    }
}
