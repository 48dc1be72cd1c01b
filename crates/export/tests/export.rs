//! The export tables against the crate's own readers on the corpus's Go
//! games, and spot checks of values.

// The corpus finder of the core crate's tests (it walks up to ../shared).
#[path = "../../../tests/it/support.rs"]
mod support;

use sgfkit::game::go::Move;
use sgfkit::record::GoGame;
use sgfkit_export::{ExportOptions, tables};
use support::{corpus_dir, files_below};

#[derive(Debug, Default, PartialEq)]
struct Counts {
    games: usize,
    go_games: usize,
    moves: usize,
    passes: usize,
    /// Moves of every node of every variation.
    all_moves: usize,
}

#[test]
fn corpus_tables_count_what_the_api_counts() {
    let Some(corpus) = corpus_dir("corpus_tables_count_what_the_api_counts") else {
        return;
    };
    let (mut api, mut table) = (Counts::default(), Counts::default());
    let opts = ExportOptions::default();
    let all = ExportOptions::default().all_nodes(true);
    for (dir, step) in [
        ("gnugo", 1),
        ("fuego", 1),
        ("glift", 1),
        ("littlego", 1),
        ("fox-pro", 7),
    ] {
        for (rel, path) in files_below(&corpus.join(dir)).iter().step_by(step) {
            let bytes = std::fs::read(path).expect("read corpus file");
            // The API's counts.
            let doc = sgfkit::read(&bytes, &sgfkit::ReadOptions::lenient()).unwrap();
            for root in doc.collection().games() {
                api.games += 1;
                let Ok(game) = GoGame::new(root) else {
                    continue;
                };
                api.go_games += 1;
                api.moves += game.moves().flatten().count();
                api.passes += game
                    .moves()
                    .flatten()
                    .filter(|(_, m)| *m == Move::Pass)
                    .count();
                for node in root.descendants() {
                    let one = |ident| {
                        node.get(ident).is_some_and(|p| {
                            <sgfkit::game::go::Go as sgfkit::game::Game>::read_move(
                                p.value(),
                                game.size(),
                            )
                            .is_ok()
                        })
                    };
                    api.all_moves += usize::from(one("B")) + usize::from(one("W"));
                }
            }
            // The tables'.
            let t = tables(&bytes, rel, &opts);
            table.games += t.games.len();
            let go: Vec<_> = t.games.iter().filter_map(|g| g.move_count).collect();
            table.go_games += go.len();
            table.moves += t.moves.len();
            let counted: u32 = go.iter().sum();
            assert_eq!(counted as usize, t.moves.len(), "{rel}");
            table.passes += t.moves.iter().filter(|m| m.pass).count();
            let t = tables(&bytes, rel, &all);
            table.all_moves += t.moves.iter().filter(|m| m.color.is_some()).count();
            let diags: u32 = t.games.iter().map(|g| g.diagnostic_count).sum();
            if !t.games.is_empty() {
                assert_eq!(diags as usize, t.diagnostics.len(), "{rel}");
            }
        }
    }
    eprintln!("{api:?}");
    assert_eq!(table, api);
    assert!(
        api.go_games > 3000 && api.moves > 300_000 && api.passes > 100,
        "{api:?}"
    );
}

#[test]
fn fox_game_values() {
    let Some(corpus) = corpus_dir("fox_game_values") else {
        return;
    };
    let path = corpus.join("fox-pro/Pro/1p/1377954818019999562.sgf");
    let bytes = std::fs::read(path).expect("read the Fox game");
    let t = tables(&bytes, "fox.sgf", &ExportOptions::default());
    let g = &t.games[0];
    assert_eq!(g.black.as_deref(), Some("蔡文驰"));
    assert_eq!(g.white.as_deref(), Some("陈正勋"));
    assert_eq!(g.komi, Some(0.0));
    assert_eq!(g.result.as_deref(), Some("W+R"));
    assert_eq!((g.winner, g.result_kind), (Some('W'), Some("resign")));
    assert_eq!((g.board_columns, g.board_rows), (Some(19), Some(19)));
    assert_eq!(g.move_count.map(|n| n as usize), Some(t.moves.len()));
    assert_eq!(t.moves[0].color, Some('B'));
}

#[test]
fn gnugo_game_with_score() {
    let Some(corpus) = corpus_dir("gnugo_game_with_score") else {
        return;
    };
    // A game of the corpus whose result is a score.
    let files = files_below(&corpus.join("gnugo"));
    let scored = files.iter().find_map(|(rel, path)| {
        let bytes = std::fs::read(path).ok()?;
        let t = tables(&bytes, rel, &ExportOptions::default());
        let g = t.games.into_iter().next()?;
        (g.result_kind == Some("score")).then_some(g)
    });
    let g = scored.expect("a game won on points in gnugo/");
    let re = g.result.as_deref().unwrap();
    let points: f64 = re[2..].parse().unwrap();
    assert_eq!(g.margin, Some(points), "{re}");
    assert_eq!(g.winner, re.chars().next().map(|c| c.to_ascii_uppercase()));
}

/// The `moves` columns built straight from the tree equal the columns of
/// the rows, on every file of gnugo and fuego and part of the rest (main
/// line and every node; with the checks on a fifth of the files, as they
/// change only the diagnostics, built from rows both ways).
#[cfg(feature = "arrow")]
#[test]
fn corpus_columns_equal_the_rows() {
    use sgfkit_export::Tables;
    use sgfkit_export::arrow::Batches;
    let Some(corpus) = corpus_dir("corpus_columns_equal_the_rows") else {
        return;
    };
    let fast = ExportOptions::default().semantic_checks(false);
    let options = [fast.clone(), fast.all_nodes(true), ExportOptions::default()];
    let (mut moves, mut files) = (0, 0);
    for (dir, step) in [
        ("gnugo", 1),
        ("fuego", 1),
        ("fox-pro", 10),
        ("glift", 5),
        ("littlego", 5),
        ("sabaki-app", 1),
        ("suite-sgfc", 1),
        ("suite-sgfmill", 1),
    ] {
        let dir = corpus.join(dir);
        if !dir.is_dir() {
            continue;
        }
        for (rel, path) in files_below(&dir).iter().step_by(step) {
            let bytes = std::fs::read(path).expect("read corpus file");
            let doc = sgfkit::read(&bytes, &sgfkit::ReadOptions::lenient()).unwrap();
            files += 1;
            let n = if files % 5 == 0 { 3 } else { 2 };
            for opts in &options[..n] {
                let rows = Batches::from_tables(&Tables::of_document(&doc, rel, opts)).unwrap();
                let columns = Batches::of_document(&doc, rel, opts).unwrap();
                moves += columns.moves.num_rows();
                assert_eq!(columns, rows, "{rel} {opts:?}");
            }
        }
    }
    assert!(moves > 100_000, "{moves}");
}

/// The schema `docs/export.md` documents (column, type, nullable) and the
/// README's short form of it (column, type) are the Arrow schemas, column
/// for column and in order: the docs cannot drift from the code.
#[cfg(feature = "arrow")]
#[test]
fn documented_schemas_are_the_arrow_schemas() {
    use arrow_schema::DataType;
    use sgfkit_export::arrow::{diagnostics_schema, games_schema, moves_schema};

    // The repository root, where the docs are.
    let root = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."));
    let read = |p: &str| std::fs::read_to_string(root.join(p)).unwrap();
    let type_name = |t: &DataType| match t {
        DataType::Utf8 => "utf8",
        DataType::UInt8 => "uint8",
        DataType::UInt16 => "uint16",
        DataType::UInt32 => "uint32",
        DataType::Float64 => "float64",
        DataType::Boolean => "bool",
        DataType::Date32 => "date32",
        DataType::Map(..) => "map",
        other => panic!("a type the docs do not name: {other}"),
    };
    // The names between backquotes in a cell: "`a`, `b`" is two columns.
    let names = |cell: &str| -> Vec<String> {
        cell.split('`')
            .skip(1)
            .step_by(2)
            .map(str::to_string)
            .collect()
    };
    let schemas = [
        ("games", games_schema()),
        ("moves", moves_schema()),
        ("diagnostics", diagnostics_schema()),
    ];

    // docs/export.md: a `### `table`` heading, then rows of
    // | columns | types | null? | meaning |, one type per column or one for all.
    let doc = read("docs/export.md");
    for (table, schema) in &schemas {
        let heading = format!("### `{table}`\n");
        let at = doc
            .find(&heading)
            .unwrap_or_else(|| panic!("no {heading:?}"));
        let mut documented = Vec::new();
        for line in doc[at + heading.len()..]
            .lines()
            .skip_while(|l| !l.starts_with('|'))
        {
            let Some(row) = line.strip_prefix('|') else {
                break;
            };
            let cells: Vec<&str> = row.split('|').map(str::trim).collect();
            let cols = names(cells[0]);
            if cols.is_empty() {
                continue; // the header and the |---| line
            }
            let types: Vec<&str> = cells[1].split(", ").collect();
            let nullable = match cells[2] {
                "yes" => true,
                "no" => false,
                other => panic!("{table}: null? is {other:?}"),
            };
            for (k, c) in cols.into_iter().enumerate() {
                let t = types.get(k).unwrap_or(&types[0]).to_string();
                documented.push((c, t, nullable));
            }
        }
        let actual: Vec<(String, String, bool)> = schema
            .fields()
            .iter()
            .map(|f| {
                let t = type_name(f.data_type()).to_string();
                (f.name().clone(), t, f.is_nullable())
            })
            .collect();
        assert_eq!(documented, actual, "docs/export.md, table {table}");
    }

    // README.md: | `table` | key | columns |; in a cell, a type word
    // after one or more names is their type ("`a`, `b` uint16; `c` utf8"),
    // names without one (the key `source`, `game` of moves) are only named.
    let readme = read("README.md");
    for (table, schema) in &schemas {
        let start = format!("| `{table}` | ");
        let line = readme
            .lines()
            .find(|l| l.starts_with(&start))
            .unwrap_or_else(|| panic!("README: no row {start:?}"));
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        let mut documented = Vec::new();
        for cell in &cells[2..4] {
            let mut pending: Vec<&str> = Vec::new();
            for (k, piece) in cell.split('`').enumerate() {
                if k % 2 == 1 {
                    pending.push(piece);
                    documented.push((piece.to_string(), None));
                    continue;
                }
                let word = piece
                    .trim_start_matches([',', ';', ' '])
                    .split_whitespace()
                    .next();
                let word = word.map(|w| w.trim_end_matches([',', ';']));
                if let Some(t) = word.filter(|w| !w.starts_with('(') && !pending.is_empty()) {
                    let n = documented.len();
                    for d in &mut documented[n - pending.len()..] {
                        d.1 = Some(t.to_string());
                    }
                    pending.clear();
                }
            }
        }
        let actual: Vec<(String, Option<String>)> = schema
            .fields()
            .iter()
            .zip(&documented)
            .map(|(f, (_, t))| {
                let typed = t.as_ref().map(|_| type_name(f.data_type()).to_string());
                (f.name().clone(), typed)
            })
            .collect();
        assert_eq!(
            documented.len(),
            schema.fields().len(),
            "README, table {table}"
        );
        assert_eq!(documented, actual, "README, table {table}");
    }
}

/// The `captures` and `legal` of every move of every variation (`--all-nodes`)
/// are what `Board::play` reports for it on the position of its parent node
/// (`position_at`), on Go games of the corpus with and without variations.
#[test]
fn corpus_captures_and_legality_are_the_boards_from_the_parent_position() {
    use sgfkit::game::go::{Board, Color, Point};
    use sgfkit::record::position_at;
    let Some(corpus) = corpus_dir("corpus_captures_and_legality_are_the_boards") else {
        return;
    };
    let all = ExportOptions::default().all_nodes(true);
    let (mut checked, mut variations, mut captures, mut illegal) = (0usize, 0usize, 0usize, 0usize);
    for (dir, step) in [("gnugo", 5), ("fox-pro", 25), ("glift", 1)] {
        for (rel, path) in files_below(&corpus.join(dir)).iter().step_by(step) {
            let bytes = std::fs::read(path).expect("read corpus file");
            let doc = sgfkit::read(&bytes, &sgfkit::ReadOptions::lenient()).unwrap();
            let t = sgfkit_export::Tables::of_document(&doc, rel, &all);
            let nodes: Vec<Vec<_>> = doc
                .collection()
                .games()
                .map(|root| root.descendants().collect())
                .collect();
            for m in &t.moves {
                let Some(color) = m.color else {
                    assert_eq!((m.captures, m.legal), (None, None), "{rel}");
                    continue;
                };
                let node = nodes[m.game as usize][m.node_id as usize];
                // Setup or both colours in the node: the position before
                // the move is not the parent's.
                if ["AB", "AW", "AE"].iter().any(|p| node.get(p).is_some())
                    || (node.get("B").is_some() && node.get("W").is_some())
                {
                    continue;
                }
                let Some(parent) = node.parent() else {
                    continue;
                };
                let (mut board, _): (Board, _) = position_at(parent).expect("a Go game");
                let mv = match (m.column, m.row) {
                    (Some(c), Some(r)) => Move::Play(Point::new(c, r)),
                    _ => Move::Pass,
                };
                let color = if color == 'B' {
                    Color::Black
                } else {
                    Color::White
                };
                let out = board.play(color, mv).expect("on the board");
                assert_eq!(
                    (m.captures, m.legal),
                    (Some(out.captured.len() as u16), Some(out.is_legal())),
                    "{rel}, node {}",
                    m.node_id
                );
                checked += 1;
                variations += usize::from(parent.first_child() != Some(node));
                captures += out.captured.len();
                illegal += usize::from(!out.is_legal());
            }
        }
    }
    eprintln!(
        "{checked} moves, {variations} first moves of a later variation, {captures} stones captured, {illegal} not legal"
    );
    assert!(
        checked > 150_000 && variations > 5000 && captures > 10_000 && illegal > 10,
        "{checked} {variations} {captures} {illegal}"
    );
}
