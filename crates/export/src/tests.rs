//! The rows and columns on small inputs; the corpus is in tests/export.rs.

use super::*;
use crate::moves::Numbers;

mod replay;

const TREE: &[u8] = b"(;GM[1]FF[4]SZ[9]PB[B]PW[W]KM[7]RE[B+R]AP[x:1]C[root]\
    ;B[ee]C[first]TR[aa][bb];W[]\
    (;B[cc]W[gg];C[no move])\
    (;B[dd]))";

fn t(opts: &ExportOptions) -> Tables {
    tables(TREE, "t.sgf", opts)
}

/// A game with ranks, rules, a time control and clocks on some moves.
const CLOCKS: &[u8] = b"(;GM[1]SZ[19]BR[3d]WR[9p]RU[Japanese]TM[1800]OT[5x30 byo-yomi]\
    ;B[pd]BL[1795.5];W[dd]WL[25]OW[4]C[hm];B[pp]XX[1];W[]BL[9]WL[12.1])";

#[test]
fn game_facts_and_clocks() {
    let t = tables(CLOCKS, "c.sgf", &ExportOptions::default());
    let g = &t.games[0];
    assert_eq!(
        (
            g.black_rank.as_deref(),
            g.black_rank_kind,
            g.black_rank_level
        ),
        (Some("3d"), Some("dan"), Some(3))
    );
    assert_eq!(
        (g.white_rank_kind, g.white_rank_level),
        (Some("pro"), Some(9))
    );
    assert_eq!(
        (g.rules.as_deref(), g.ruleset),
        (Some("Japanese"), Some("japanese"))
    );
    assert_eq!(
        (g.main_time_s, g.overtime),
        (Some(1800.0), Some("byo-yomi"))
    );
    assert_eq!(
        (g.overtime_periods, g.overtime_period_s),
        (Some(5), Some(30.0))
    );
    assert_eq!((g.overtime_stones, g.fischer_increment_s), (None, None));
    let clocks: Vec<(Option<f64>, Option<u32>)> = t
        .moves
        .iter()
        .map(|m| (m.time_left_s, m.periods_left))
        .collect();
    // The last node gives both clocks; the mover (White) gets WL.
    assert_eq!(
        clocks,
        [
            (Some(1795.5), None),
            (Some(25.0), Some(4)),
            (None, None),
            (Some(12.1), None)
        ]
    );
    // BL, WL, OB, OW stay in the node's properties too.
    assert_eq!(
        t.moves[1].properties,
        [entry("WL", &["25"]), entry("OW", &["4"])]
    );
    let mut json = Vec::new();
    t.write_ndjson(&mut json, &mut std::io::sink(), &mut std::io::sink())
        .unwrap();
    let json = String::from_utf8(json).unwrap();
    assert!(json.contains(r#""ruleset":"japanese","main_time_s":1800,"overtime":"byo-yomi","overtime_periods":5,"overtime_period_s":30,"overtime_stones":null"#), "{json}");
}

#[test]
fn unread_facts_are_null() {
    let sgf = b"(;BR[NR]WR[Meijin]RU[house]TM[soon]OT[25/600 Canadian]KM[six];B[aa]BL[later])";
    let t = tables(sgf, "u.sgf", &ExportOptions::default());
    let g = &t.games[0];
    assert_eq!(
        (
            g.black_rank.as_deref(),
            g.black_rank_kind,
            g.black_rank_level
        ),
        (Some("NR"), None, None)
    );
    assert_eq!(
        (g.white_rank_kind, g.ruleset, g.rules.as_deref()),
        (None, None, Some("house"))
    );
    assert_eq!(
        (g.main_time_s, g.overtime, g.overtime_periods),
        (None, Some("canadian"), None)
    );
    assert_eq!(
        (g.overtime_stones, g.overtime_period_s, g.komi),
        (Some(25), Some(600.0), None)
    );
    assert_eq!(
        (t.moves[0].time_left_s, t.moves[0].periods_left),
        (None, None)
    );
}

#[test]
fn main_line_moves() {
    let t = t(&ExportOptions::default());
    let g = &t.games[0];
    assert_eq!(
        (g.move_count, g.node_count, g.variation_count),
        (Some(4), 6, 1)
    );
    assert_eq!(
        (g.board_columns, g.board_rows, g.komi),
        (Some(9), Some(9), Some(7.0))
    );
    // Columns of their own are not repeated in the map.
    let keys: Vec<&str> = g.properties.iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(keys, ["FF", "AP", "C"]);
    assert_eq!(g.properties[1].1, ["x:1"]);
    let m: Vec<_> = t
        .moves
        .iter()
        .map(|m| (m.move_number, m.node_id, m.color, m.column, m.row, m.pass))
        .collect();
    assert_eq!(
        m,
        [
            (1, 1, Some('B'), Some(4), Some(4), false),
            (2, 2, Some('W'), None, None, true),
            (3, 3, Some('B'), Some(2), Some(2), false),
            (4, 3, Some('W'), Some(6), Some(6), false),
        ]
    );
    assert_eq!(t.moves[0].comment.as_deref(), Some("first"));
    assert_eq!(
        t.moves[0].properties,
        [("TR".to_string(), vec!["aa".to_string(), "bb".to_string()])]
    );
    assert_eq!(t.moves[0].parent_id, Some(0));
}

#[test]
fn all_nodes_give_every_node_with_its_parent() {
    let t = t(&ExportOptions::default().all_nodes(true));
    let m: Vec<_> = t
        .moves
        .iter()
        .map(|m| (m.node_id, m.parent_id, m.move_number, m.color))
        .collect();
    assert_eq!(
        m,
        [
            (0, None, 0, None),
            (1, Some(0), 1, Some('B')),
            (2, Some(1), 2, Some('W')),
            (3, Some(2), 3, Some('B')),
            (3, Some(2), 4, Some('W')),
            (4, Some(3), 4, None),
            (5, Some(2), 3, Some('B')),
        ]
    );
    // The main line's count is the same either way.
    assert_eq!(t.games[0].move_count, Some(4));
}

#[test]
fn diagnostics_belong_to_their_game() {
    // The second tree's `SZ[0]` and the third's missing `)`.
    let t = tables(
        b"(;FF[4]C[ok])\n(;FF[4]SZ[0])\n(;FF[4]B[aa]",
        "d.sgf",
        &Default::default(),
    );
    assert_eq!(t.games.len(), 3);
    let per_game: Vec<u32> = t.games.iter().map(|g| g.diagnostic_count).collect();
    let total: u32 = per_game.iter().sum();
    assert_eq!(total as usize, t.diagnostics.len());
    assert_eq!(per_game[0], 0);
    assert!(
        t.diagnostics
            .iter()
            .any(|d| d.game == Some(1) && d.line == 2)
    );
    let open = t
        .diagnostics
        .iter()
        .find(|d| d.code == sgfkit::check::Code::L005)
        .unwrap();
    assert_eq!((open.game, open.severity), (Some(2), "error"));
    // SZ[0] is no board: no size, no moves.
    assert_eq!(
        (t.games[1].board_columns, t.games[1].move_count),
        (None, None)
    );
}

#[test]
fn nothing_readable_gives_diagnostics_only() {
    let t = tables(b"no game here", "x.sgf", &Default::default());
    assert!(t.games.is_empty() && t.moves.is_empty());
    assert!(!t.diagnostics.is_empty());
    assert!(t.diagnostics.iter().all(|d| d.game.is_none()));
}

#[test]
fn other_games_have_game_rows_only() {
    let t = tables(
        b"(;GM[6]PB[x]PW[y]RE[W+3];W[0/1])",
        "bg.sgf",
        &Default::default(),
    );
    assert_eq!(t.games[0].gm, 6);
    assert_eq!(t.games[0].move_count, None);
    assert_eq!(
        (t.games[0].winner, t.games[0].margin),
        (Some('W'), Some(3.0))
    );
    assert!(t.moves.is_empty());
}

#[test]
fn encodings_are_decoded() {
    // 李昌镐 in GBK, declared.
    let t = tables(
        b"(;CA[gbk]PB[\xc0\xee\xb2\xfd\xb8\xe4]KM[375]DT[2018-01-02])",
        "f.sgf",
        &Default::default(),
    );
    assert_eq!(t.games[0].black.as_deref(), Some("李昌镐"));
    assert_eq!(t.games[0].first_date, Some((2018, 1, 2)));
    // The map says the tree was transcoded.
    assert!(
        t.games[0]
            .properties
            .iter()
            .any(|(k, v)| k == "CA" && v[0] == "UTF-8")
    );
}

#[test]
fn ndjson_rows() {
    let t = t(&ExportOptions::default());
    let (mut g, mut m, mut d) = (Vec::new(), Vec::new(), Vec::new());
    t.write_ndjson(&mut g, &mut m, &mut d).unwrap();
    let g = String::from_utf8(g).unwrap();
    assert_eq!(g.lines().count(), 1);
    assert!(g.contains(r#""komi":7,"handicap":null,"result":"B+R","winner":"B","margin":null,"result_kind":"resign""#), "{g}");
    assert!(
        g.contains(r#""properties":{"FF":["4"],"AP":["x:1"],"C":["root"]}"#),
        "{g}"
    );
    let m = String::from_utf8(m).unwrap();
    assert_eq!(m.lines().count(), 4);
    assert!(
        m.lines()
            .nth(1)
            .unwrap()
            .contains(r#""color":"W","column":null,"row":null,"vertex":null,"pass":true"#)
    );
}

#[cfg(feature = "arrow")]
mod columns {
    use super::*;
    use crate::arrow::{Batches, IpcFiles, games_schema, moves_schema};
    use arrow_array::Array;
    use arrow_array::cast::AsArray;
    use arrow_array::types::{Date32Type, UInt16Type, UInt32Type};

    #[test]
    fn batches_hold_the_rows() {
        let t = tables(
            "(;PB[李]DT[1970-01-02]KM[6.5]AP[a:1][b];B[ai];W[])".as_bytes(),
            "c.sgf",
            &Default::default(),
        );
        let b = Batches::from_tables(&t).unwrap();
        assert_eq!(b.games.schema(), games_schema());
        assert_eq!(b.moves.schema(), moves_schema());
        let g = &b.games;
        assert_eq!(
            g.column_by_name("black")
                .unwrap()
                .as_string::<i32>()
                .value(0),
            "李"
        );
        let date = g
            .column_by_name("first_date")
            .unwrap()
            .as_primitive::<Date32Type>();
        assert_eq!(date.value(0), 1);
        let m = &b.moves;
        let col = m
            .column_by_name("column")
            .unwrap()
            .as_primitive::<UInt16Type>();
        let row = m
            .column_by_name("row")
            .unwrap()
            .as_primitive::<UInt16Type>();
        assert_eq!((col.value(0), row.value(0)), (0, 8));
        assert!(col.is_null(1));
        let n = m
            .column_by_name("move_number")
            .unwrap()
            .as_primitive::<UInt32Type>();
        assert_eq!(n.values().to_vec(), [1, 2]);
        let props = g.column_by_name("properties").unwrap().as_map();
        let keys = props.keys().as_string::<i32>();
        let k: Vec<&str> = keys.iter().flatten().collect();
        assert_eq!(k, ["AP"]);
        let values = props.value(0);
        let lists = values.column(1).as_list::<i32>();
        let first = lists.value(0);
        let ap: Vec<&str> = first.as_string::<i32>().iter().flatten().collect();
        assert_eq!(ap, ["a:1", "b"]);
    }

    #[test]
    fn ipc_files_read_back() {
        let t = t(&ExportOptions::default());
        let b = Batches::from_tables(&t).unwrap();
        let mut files = IpcFiles::new(Vec::new(), Vec::new(), Vec::new()).unwrap();
        files.write(&b).unwrap();
        files.write(&b).unwrap();
        let [_, moves, _] = files.finish().unwrap();
        let reader =
            arrow_ipc::reader::FileReader::try_new(std::io::Cursor::new(moves), None).unwrap();
        let rows: usize = reader.map(|b| b.unwrap().num_rows()).sum();
        assert_eq!(rows, 2 * t.moves.len());
    }

    #[test]
    fn ipc_stream_reads_back() {
        let b = crate::arrow::batches(TREE, "s.sgf", &Default::default()).unwrap();
        let bytes = crate::arrow::ipc_stream(&b.games).unwrap();
        let mut r =
            arrow_ipc::reader::StreamReader::try_new(std::io::Cursor::new(bytes), None).unwrap();
        assert_eq!(r.next().unwrap().unwrap(), b.games);
    }

    #[test]
    fn columns_from_the_tree_equal_the_rows() {
        let comments = "(;GM[1]C[a\\]b]LB[aa:x][bb:y\\:z];B[aa]C[x]C[dup]W[bb]XY[1];W[tt]C[ü])";
        for src in [
            TREE,
            comments.as_bytes(),
            b"(;GM[2];B[aa])(;SZ[0];B[aa])",
            CLOCKS,
        ] {
            let doc = crate::read(src, &Default::default());
            for opts in [
                ExportOptions::default(),
                ExportOptions::default().all_nodes(true),
            ] {
                let rows = Batches::from_tables(&Tables::of_document(&doc, "r.sgf", &opts));
                let columns = Batches::of_document(&doc, "r.sgf", &opts).unwrap();
                assert_eq!(columns, rows.unwrap());
            }
        }
    }

    #[test]
    fn placed_batches_equal_placed_rows() {
        let src = b"(;B[aa]\n;W[bb]";
        let at = sgfkit::Position { line: 4, column: 9 };
        let mut t = tables(src, "p.sgf", &Default::default());
        t.place(3, at);
        let mut b = crate::arrow::batches(src, "p.sgf", &Default::default()).unwrap();
        b.place(3, at).unwrap();
        assert!(b.diagnostics.num_rows() > 0);
        assert_eq!(b, Batches::from_tables(&t).unwrap());
    }

    #[test]
    fn concatenated_batches_equal_the_rows_of_both() {
        let (a, b) = (&b"(;B[aa];W[bb])"[..], &b"(;AB[cc]C[x];B[]"[..]);
        let opts = ExportOptions::default();
        let mut t = tables(a, "a.sgf", &opts);
        t.append(&mut tables(b, "b.sgf", &opts));
        let parts = [
            crate::arrow::batches(a, "a.sgf", &opts).unwrap(),
            crate::arrow::batches(b, "b.sgf", &opts).unwrap(),
        ];
        assert_eq!(
            Batches::concat(&parts).unwrap(),
            Batches::from_tables(&t).unwrap()
        );
    }

    #[test]
    fn built_columns_of_many_files_equal_their_rows() {
        use crate::arrow::BatchesBuilder;
        let files: [&[u8]; 5] = [
            TREE,
            b"(;GM[1]C[a\\]b]LB[aa:x][bb:y\\:z];B[aa]C[x]C[dup]W[bb]XY[1];W[tt]C[\xc3\xbc])",
            b"no game tree here",
            b"(;GM[2];B[aa])(;SZ[0];B[aa])",
            b"(;B[aa];W[bb]",
        ];
        for opts in [
            ExportOptions::default(),
            ExportOptions::default().all_nodes(true),
        ] {
            let mut rows = Tables::default();
            let mut parts = Vec::new();
            let mut appended = BatchesBuilder::default();
            for (i, src) in files.iter().enumerate() {
                let doc = crate::read(src, &Default::default());
                let name = format!("f{i}.sgf");
                rows.append(&mut Tables::of_document(&doc, &name, &opts));
                let mut b = BatchesBuilder::default();
                b.push_document(&doc, &name, &opts);
                let mut again = BatchesBuilder::default();
                again.push_document(&doc, &name, &opts);
                appended.append(&mut again);
                assert_eq!(again.counts(), [0; 3]);
                parts.push(b);
            }
            let want = Batches::from_tables(&rows).unwrap();
            let all = BatchesBuilder::concat(parts);
            assert_eq!(
                all.counts(),
                [rows.games.len(), rows.moves.len(), rows.diagnostics.len()]
            );
            assert_eq!(all.diagnostics(), &rows.diagnostics[..]);
            assert_eq!(all.finish().unwrap(), want);
            assert_eq!(appended.finish().unwrap(), want);
        }
    }

    #[test]
    fn placed_builder_equals_placed_rows() {
        use crate::arrow::BatchesBuilder;
        let src = b"(;B[aa]\n;W[bb]";
        let at = sgfkit::Position { line: 4, column: 9 };
        let mut t = tables(src, "p.sgf", &Default::default());
        t.place(3, at);
        let doc = crate::read(src, &Default::default());
        let mut b = BatchesBuilder::default();
        b.push_document(&doc, "p.sgf", &Default::default());
        b.place(3, at);
        assert_eq!(b.finish().unwrap(), Batches::from_tables(&t).unwrap());
    }

    #[cfg(feature = "parquet")]
    #[test]
    fn parquet_files_are_the_same_on_any_number_of_threads() {
        use crate::parquet::ParquetFiles;
        let src: Vec<u8> = TREE.repeat(500);
        let b = crate::arrow::batches(&src, "j.sgf", &Default::default()).unwrap();
        let write = |threads| {
            let mut f = ParquetFiles::new(Vec::new(), Vec::new(), Vec::new())
                .unwrap()
                .threads(threads);
            f.write(&b).unwrap();
            f.write(&b).unwrap();
            f.finish().unwrap()
        };
        let one = write(1);
        assert_eq!(write(2), one);
        assert_eq!(write(7), one);
    }

    #[cfg(feature = "parquet")]
    #[test]
    fn parquet_files_read_back() {
        let b = crate::arrow::batches(TREE, "p.sgf", &Default::default()).unwrap();
        let mut files =
            crate::parquet::ParquetFiles::new(Vec::new(), Vec::new(), Vec::new()).unwrap();
        files.write(&b).unwrap();
        let [games, moves, _] = files.finish().unwrap();
        for (bytes, want) in [(games, &b.games), (moves, &b.moves)] {
            assert_eq!(&read_back(bytes), want);
        }
    }

    /// The one record batch of a Parquet file.
    #[cfg(feature = "parquet")]
    fn read_back(bytes: Vec<u8>) -> arrow_array::RecordBatch {
        use ::parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
        let reader = ParquetRecordBatchReaderBuilder::try_new(bytes::Bytes::from(bytes))
            .unwrap()
            .build()
            .unwrap();
        let mut got: Vec<_> = reader.map(Result::unwrap).collect();
        assert_eq!(got.len(), 1);
        got.remove(0)
    }

    /// `write_builder` (the `source` column as a dictionary) reads back as
    /// the batches of `finish` do: the same rows, values and schema, on
    /// several files gathered in one builder.
    #[cfg(feature = "parquet")]
    #[test]
    fn parquet_of_a_builder_reads_back_as_its_batches() {
        use crate::arrow::BatchesBuilder;
        use crate::parquet::ParquetFiles;
        let build = || {
            let parts: Vec<BatchesBuilder> = ["a.sgf", "b/c.sgf", "a.sgf"]
                .iter()
                .map(|name| {
                    let doc = sgfkit::read(TREE, &Default::default()).unwrap();
                    let mut b = BatchesBuilder::default();
                    b.push_document(&doc, name, &Default::default());
                    b
                })
                .collect();
            BatchesBuilder::concat(parts)
        };
        let want = build().finish().unwrap();
        let mut files = ParquetFiles::new(Vec::new(), Vec::new(), Vec::new()).unwrap();
        files.write_builder(build()).unwrap();
        let written = files.finish().unwrap();
        for (bytes, (_, want)) in written.into_iter().zip(want.each()) {
            assert_eq!(&read_back(bytes), want);
        }
        let sources = want.moves.column(0).as_string::<i32>();
        assert_eq!(sources.value(0), "a.sgf");
        assert_eq!(sources.value(sources.len() - 1), "a.sgf");
        assert!(sources.iter().any(|s| s == Some("b/c.sgf")));
    }
}

/// `TREE` with a new first variation after the root (`;B[aa]`), so that
/// node numbers no longer follow the arena's order.
fn edited_tree() -> sgfkit::Collection<'static> {
    let doc = sgfkit::read(TREE, &Default::default()).unwrap();
    let mut c = doc.into_collection();
    let root = c.games().next().unwrap().id();
    let new = c.add_child(root).unwrap();
    c.set_property(new, "B", ["aa"]).unwrap();
    c.move_child(root, 1, 0).unwrap();
    c
}

#[test]
fn edited_trees_are_numbered_in_file_order() {
    let c = edited_tree();
    let numbers = Numbers::of_tree(c.games().next().unwrap());
    let root = c.games().next().unwrap();
    let got: Vec<u32> = root.descendants().map(|n| numbers.of(n)).collect();
    let want: Vec<u32> = (0..7).collect();
    assert_eq!(got, want);
    assert_eq!(numbers.of(root.first_child().unwrap()), 1);
    assert!(matches!(numbers, Numbers::Counted(_)));
}

#[test]
fn edited_trees_give_rows_in_file_order() {
    let c = edited_tree();
    let mut t = Tables::default();
    let opts = ExportOptions::default().all_nodes(true);
    let root = c.games().next().unwrap();
    let source: Arc<str> = Arc::from("e.sgf");
    let go = GoGame::new(root).unwrap();
    move_rows(root, &go, 0, &opts, &mut |m: &MoveView<'_, '_, '_>| {
        t.moves.push(m.to_row(&source))
    });
    let ids: Vec<(u32, Option<u32>)> = t.moves.iter().map(|m| (m.node_id, m.parent_id)).collect();
    // The new node is the root's first child now: node 1, then the old main line.
    assert_eq!(&ids[..3], [(0, None), (1, Some(0)), (2, Some(0))]);
    assert_eq!(t.moves[1].column, Some(0));
}

/// Node and leaf counts walked the slow way, to check [`tree_shape`].
fn walked_shape(root: Node<'_, '_>) -> (u32, u32) {
    let nodes = root.descendants().count() as u32;
    let leaves = root
        .descendants()
        .filter(|n| n.first_child().is_none())
        .count() as u32;
    (nodes, leaves)
}

#[test]
fn tree_shapes_counted_on_the_arena_are_the_walked_ones() {
    let sgf: &[u8] = b"(;B[aa](;W[bb](;B[cc])(;B[dd];W[ee]))(;W[ff]));(;C[x])\
        (;GM[1](;B[aa])(;B[bb])(;B[cc](;W[dd])(;W[ee](;B[ff]))))(;)";
    let doc = crate::read(sgf, &Default::default());
    let c = doc.collection();
    let shapes: Vec<(u32, u32)> = c.games().map(tree_shape).collect();
    let walked: Vec<(u32, u32)> = c.games().map(walked_shape).collect();
    assert_eq!(shapes, walked);
    assert_eq!(shapes[0], (6, 3));
    assert!(c.games().all(|g| c.shape_in_preorder(g.id()).is_some()));
    // Not a root: no shape.
    let child = c.games().next().unwrap().first_child().unwrap();
    assert_eq!(c.shape_in_preorder(child.id()), None);
    // An edited tree is walked.
    let e = edited_tree();
    let root = e.games().next().unwrap();
    assert_eq!(e.shape_in_preorder(root.id()), None);
    assert_eq!(tree_shape(root), walked_shape(root));
    assert_eq!(tree_shape(root), (7, 3));
}

/// A root with `AP` three times (as ~8,600 Fox roots have it twice) and a
/// move with `TR` twice: one key each, all the values in file order.
const REPEATED: &[u8] = b"(;GM[1]FF[4]AP[GNU Go:3.8]SZ[9]AP[foxwq]XX[1]AP[a][b]\
    ;B[ee]TR[aa]LB[bb:x]TR[cc][dd];W[ff]TR[gg])";

fn entry(key: &str, values: &[&str]) -> PropertyEntry {
    (
        key.to_string(),
        values.iter().map(|v| v.to_string()).collect(),
    )
}

#[test]
fn a_repeated_property_is_one_entry_with_every_value() {
    let t = tables(REPEATED, "r.sgf", &ExportOptions::default());
    assert_eq!(
        t.games[0].properties,
        [
            entry("FF", &["4"]),
            entry("AP", &["GNU Go:3.8", "foxwq", "a", "b"]),
            entry("XX", &["1"])
        ]
    );
    assert_eq!(
        t.moves[0].properties,
        [entry("TR", &["aa", "cc", "dd"]), entry("LB", &["bb:x"])]
    );
    assert_eq!(t.moves[1].properties, [entry("TR", &["gg"])]);
    // Identifiers of more than two letters take the general path: nothing
    // merged that differs, the order kept.
    let t = tables(
        b"(;GM[1]MULTIGOGM[1]XY[2]MULTIGOGM[3]MULTIGO[4])",
        "l.sgf",
        &Default::default(),
    );
    assert_eq!(
        t.games[0].properties,
        [
            entry("MULTIGOGM", &["1", "3"]),
            entry("XY", &["2"]),
            entry("MULTIGO", &["4"])
        ]
    );
}

#[test]
fn ndjson_writes_a_repeated_property_as_one_key() {
    let t = tables(REPEATED, "r.sgf", &ExportOptions::default());
    let (mut g, mut m, mut d) = (Vec::new(), Vec::new(), Vec::new());
    t.write_ndjson(&mut g, &mut m, &mut d).unwrap();
    let g = String::from_utf8(g).unwrap();
    assert!(
        g.contains(r#""properties":{"FF":["4"],"AP":["GNU Go:3.8","foxwq","a","b"],"XX":["1"]}"#),
        "{g}"
    );
    let m = String::from_utf8(m).unwrap();
    let first = m.lines().next().unwrap();
    assert!(
        first.contains(r#""properties":{"TR":["aa","cc","dd"],"LB":["bb:x"]}"#),
        "{first}"
    );
    assert_eq!(first.matches("\"TR\"").count(), 1, "{first}");
}

#[test]
fn repeated_identifiers_are_found_in_one_pass() {
    use super::properties::idents_repeat;
    let repeat = |idents: &[&[u8]]| idents_repeat(idents.iter().copied());
    assert!(!repeat(&[]));
    assert!(!repeat(&[b"A", b"Z", b"AA", b"AZ", b"ZA", b"ZZ", b"B"]));
    assert!(repeat(&[b"ZZ", b"AP", b"ZZ"]));
    assert!(repeat(&[b"A", b"B", b"A"]));
    // Not one or two capital letters: the caller's general path.
    assert!(repeat(&[b"AP", b"MULTIGOGM"]));
    assert!(repeat(&[b"ap"]));
}

#[cfg(feature = "arrow")]
#[test]
fn arrow_maps_hold_a_repeated_property_once() {
    use crate::arrow::Batches;
    use arrow_array::Array;
    use arrow_array::cast::AsArray;
    let doc = sgfkit::read(REPEATED, &Default::default()).unwrap();
    for opts in [
        ExportOptions::default(),
        ExportOptions::default().all_nodes(true),
    ] {
        let columns = Batches::of_document(&doc, "r.sgf", &opts).unwrap();
        let rows = Batches::from_tables(&Tables::of_document(&doc, "r.sgf", &opts)).unwrap();
        assert_eq!(columns, rows);
    }
    let b = Batches::of_document(&doc, "r.sgf", &Default::default()).unwrap();
    // Each map as (key, values) pairs.
    let entries = |batch: &arrow_array::RecordBatch, row: usize| -> Vec<(String, Vec<String>)> {
        let map = batch.column_by_name("properties").unwrap().as_map();
        let one = map.value(row);
        let keys = one.column(0).as_string::<i32>();
        let lists = one.column(1).as_list::<i32>();
        (0..one.len())
            .map(|i| {
                let values = lists.value(i);
                let values = values.as_string::<i32>();
                (
                    keys.value(i).to_string(),
                    values.iter().flatten().map(str::to_string).collect(),
                )
            })
            .collect()
    };
    assert_eq!(
        entries(&b.games, 0),
        [
            entry("FF", &["4"]),
            entry("AP", &["GNU Go:3.8", "foxwq", "a", "b"]),
            entry("XX", &["1"])
        ]
    );
    assert_eq!(
        entries(&b.moves, 0),
        [entry("TR", &["aa", "cc", "dd"]), entry("LB", &["bb:x"])]
    );
    assert_eq!(entries(&b.moves, 1), [entry("TR", &["gg"])]);
}

proptest::proptest! {
    /// The tables' `winner`, `margin` and `result_kind` and
    /// `GoGame::winner` give the one reading of `RE`, `GameResult::read`,
    /// for any text: FF[4] forms, the spellings SGFC corrects and noise.
    #[test]
    fn the_tables_and_go_game_read_a_result_alike(
        re in proptest::prop_oneof![
            "(B|W|b|w)\\+(R|Resign|T|Time|F|Forfeit|r|resign|time over|[0-9]{1,3}(\\.[05])?|,5|x| 3,5)?",
            "(Black|White|black|white|zwart) (wins|resigns|lost|wins by [0-9]{1,2}( 1/2| 3/4)? points?|wins on time)\\.?( extra)?",
            "(0|Draw|draw|jigo|Void|\\?| B\\+R |W\\+0\\.0)",
            "[ -~]{0,12}",
        ]
    ) {
        let escaped = re.replace('\\', "\\\\").replace(']', "\\]");
        let sgf = format!("(;GM[1]SZ[19]RE[{escaped}];B[pd])");
        let t = tables(sgf.as_bytes(), "p.sgf", &Default::default());
        let read = sgfkit::record::GameResult::read(&re);
        let row = &t.games[0];
        proptest::prop_assert_eq!(row.winner, read.and_then(|r| r.winner).map(|c| c.letter()));
        proptest::prop_assert_eq!(row.margin, read.and_then(|r| r.margin));
        proptest::prop_assert_eq!(row.result_kind, read.and_then(|r| r.kind.as_str()));
        let c = sgfkit::parse(sgf.as_bytes()).unwrap();
        let game = sgfkit::record::GoGame::new(c.games().next().unwrap()).unwrap();
        proptest::prop_assert_eq!(game.winner(), read.and_then(|r| r.winner));
    }
}
