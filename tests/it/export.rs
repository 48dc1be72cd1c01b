//! The export tables against the crate's own readers on the corpus's Go
//! games, and spot checks of values.

use crate::support::{corpus_dir, files_below};
use sgfkit::export::{ExportOptions, tables};
use sgfkit::game::go::Move;
use sgfkit::record::GoGame;

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
            let doc = sgfkit::read_lenient(&bytes, &Default::default(), &Default::default());
            for root in doc.collection().games() {
                api.games += 1;
                let Ok(game) = GoGame::new(root) else {
                    continue;
                };
                api.go_games += 1;
                api.moves += game.moves().count();
                api.passes += game.moves().filter(|(_, m)| *m == Move::Pass).count();
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
    use sgfkit::export::Tables;
    use sgfkit::export::arrow::Batches;
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
            let doc = sgfkit::read_lenient(&bytes, &Default::default(), &Default::default());
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
