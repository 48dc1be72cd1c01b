//! What the three newcomer programs in `examples/` (moves, final_position,
//! find_errors) do, done here with the same library calls on corpus files,
//! so that the calls they rely on keep their behaviour. CI runs the programs
//! themselves.

use std::path::Path;

use sgfkit::check::Severity;
use sgfkit::game::go::{Color, Move};
use sgfkit::record::{GoGame, position_at};

use crate::support::{corpus_dir, files_below};

/// A clean UTF-8 game with Chinese names (fox-pro).
const FOX: &str = "fox-pro/Pro/1p/1377954818019999562.sgf";

/// What `examples/moves.rs` prints for the games of `bytes`.
fn moves_output(bytes: &[u8]) -> Vec<String> {
    let doc = sgfkit::read(bytes, &Default::default()).unwrap();
    let mut out = Vec::new();
    for root in doc.collection().games() {
        let game = GoGame::new(root).unwrap();
        let (black, white) = game.players();
        let komi = game.komi().map_or("?".to_string(), |k| k.to_string());
        let result = game.result().unwrap_or("?".to_string());
        let name = |n: Option<String>| n.unwrap_or("?".to_string());
        out.push(format!(
            "{} vs {}, komi {komi}, result {result}",
            name(black),
            name(white)
        ));
        for (color, m) in game.moves().flatten() {
            out.push(format!("{color} {}", m.to_gtp(game.size()).unwrap()));
        }
    }
    out
}

/// What `examples/find_errors.rs` prints for one file: its first error.
fn first_error(bytes: &[u8]) -> Option<String> {
    let doc = sgfkit::read(bytes, &sgfkit::ReadOptions::lenient()).unwrap();
    let found = doc.check(&Default::default());
    let d = found.iter().find(|d| d.severity == Severity::Error)?;
    Some(format!("{}: {}", d.position, d.message))
}

#[test]
fn moves_of_a_fox_game() {
    let Some(dir) = corpus_dir("moves_of_a_fox_game") else {
        return;
    };
    let out = moves_output(&std::fs::read(dir.join(FOX)).unwrap());
    assert_eq!(
        out[..3],
        ["蔡文驰 vs 陈正勋, komi 0, result W+R", "B D3", "W Q16"]
    );
    // One line per node after the root: 220 moves.
    assert_eq!(out.len(), 221);
    assert!(
        out[1..]
            .iter()
            .all(|l| l.starts_with("B ") || l.starts_with("W "))
    );
}

#[test]
fn moves_in_several_encodings_and_games() {
    let gbk = b"(;CA[GBK]PB[\xc0\xee\xb2\xfd\xb8\xe4]PW[Cho]KM[6.5]SZ[9];B[ee];W[])(;SZ[13];B[aa])";
    assert_eq!(
        moves_output(gbk),
        [
            "李昌镐 vs Cho, komi 6.5, result ?",
            "B E5",
            "W pass",
            "? vs ?, komi ?, result ?",
            "B A13",
        ]
    );
}

#[test]
fn final_position_of_a_fox_game() {
    let Some(dir) = corpus_dir("final_position_of_a_fox_game") else {
        return;
    };
    let bytes = std::fs::read(dir.join(FOX)).unwrap();
    let doc = sgfkit::read(&bytes, &Default::default()).unwrap();
    let root = doc.collection().games().next().unwrap();
    let game = GoGame::new(root).unwrap();
    let board = game.final_position();
    let text = board.to_string();
    let rows: Vec<&str> = text.lines().collect();
    assert_eq!(rows.len(), 19);
    assert!(rows.iter().all(|r| r.len() == 19), "{text}");
    assert_eq!(rows[0], ".........O.X.X.....");
    assert_eq!(rows[18], "O.OX...............");
    assert_eq!(
        (board.captured(Color::White), board.captured(Color::Black)),
        (8, 17)
    );
    // The same as the position at the last node, reached node by node.
    assert_eq!(position_at(game.last_node()).unwrap().0, board);
}

#[test]
fn find_errors_in_damaged_files() {
    // Latin-1, with a missing `)`: read, repaired, reported.
    let e = first_error(b"(;GM[1]PB[Ren\xe9];B[aa]").unwrap();
    assert_eq!(
        e,
        "1:22: input ends with 1 game tree(s) still open: `)` assumed"
    );
    assert_eq!(first_error(b"(;GM[1]SZ[9];B[aa];W[bb])"), None);
    // Warnings alone do not make an error.
    assert_eq!(first_error(b"(;FF[4]SZ[19:19];B[aa])"), None);
    let Some(dir) = corpus_dir("find_errors_in_damaged_files") else {
        return;
    };
    let sgfc = dir.join("suite-sgfc");
    let flagged: Vec<String> = files_below(&sgfc)
        .into_iter()
        .filter(|(rel, _)| rel.to_ascii_lowercase().ends_with(".sgf"))
        .filter_map(|(rel, path)| Some(format!("{rel}:{}", first_error(&read(&path))?)))
        .collect();
    let expected = [
        "extracted-inline/tests__load-properties__L0057.sgf:1:10: `;` missing before the first property of a variation: assumed",
        "extracted-inline/tests__trigger-errors__L0087.sgf:1:8: input ends with 1 game tree(s) still open: `)` assumed",
    ];
    for line in expected {
        assert!(
            flagged.iter().any(|f| f == line),
            "{line} not in {flagged:#?}"
        );
    }
    // A clean game is not flagged.
    assert_eq!(first_error(&read(&dir.join(FOX))), None);
}

#[test]
fn gtp_round_trips_on_corpus_games() {
    let Some(dir) = corpus_dir("gtp_round_trips_on_corpus_games") else {
        return;
    };
    let (mut games, mut moves) = (0, 0);
    for source in ["gnugo", "fuego"] {
        for (_, path) in files_below(&dir.join(source)) {
            let bytes = read(&path);
            let Ok(doc) = sgfkit::read(&bytes, &Default::default()) else {
                continue;
            };
            for root in doc.collection().games() {
                let Ok(game) = GoGame::new(root) else {
                    continue;
                };
                games += 1;
                let size = game.size();
                for (_, m) in game.moves().flatten() {
                    let Ok(text) = m.to_gtp(size) else {
                        continue;
                    };
                    assert_eq!(Move::from_gtp(&text, size), Ok(m), "{}", path.display());
                    moves += 1;
                }
            }
        }
    }
    eprintln!("GTP round trip: {games} games, {moves} moves");
    assert!(
        games > 1000 && moves > 50_000,
        "{games} games, {moves} moves"
    );
}

fn read(path: &Path) -> Vec<u8> {
    std::fs::read(path).unwrap()
}
