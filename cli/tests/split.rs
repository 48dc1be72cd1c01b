//! `sgfkit split` and `sgfkit join`: a folder split and joined again holds
//! the same games, a broken game in a collection does not hide the games
//! after it, and file names from game-info values are safe.

use sgfkit::ReadOptions;
use sgfkit_conform::meaning::Meaning;
use std::path::Path;

mod common;
use common::{sgfkit, shared_corpus, stderr, temp_dir, temp_file};

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// The meaning of each game tree of the collection at `path`, one JSON
/// line each, sorted: the games as a multiset.
fn games(path: &Path) -> Vec<String> {
    let bytes = std::fs::read(path).unwrap();
    let doc = sgfkit::read(&bytes, &ReadOptions::lenient()).unwrap();
    let meaning = Meaning::of(doc.collection());
    let mut games: Vec<String> = meaning
        .games
        .into_iter()
        .map(|g| Meaning { games: vec![g] }.to_json())
        .collect();
    games.sort();
    games
}

/// The files of `dir`, sorted.
fn files(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn split_then_join_of_the_corpus_gives_the_same_games() {
    let Some(corpus) = shared_corpus() else {
        return;
    };
    let dir = temp_dir("corpus");
    let (parts, joined, direct) = (
        dir.join("parts"),
        dir.join("joined.sgf"),
        dir.join("direct.sgf"),
    );
    let out = sgfkit(&["split", s(&corpus), "-o", s(&parts)]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out)); // some files hold no game
    let split = files(&parts).len();
    assert!(split > 20_000, "{split}");
    let out = sgfkit(&["join", s(&parts), "-o", s(&joined)]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stderr(&out).ends_with(&format!(
            "sgfkit: {split} games written to {}\n",
            s(&joined)
        )),
        "{}",
        stderr(&out)
    );
    sgfkit(&["join", s(&corpus), "-o", s(&direct)]);
    let (a, b) = (games(&joined), games(&direct));
    assert_eq!(a.len(), split);
    assert!(a == b, "the games differ");
    // Each part holds one game tree.
    let one = parts.join(&files(&parts)[0]);
    assert_eq!(games(&one).len(), 1);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Four games; the second has lost its `)`, the third has junk inside it
/// that the lenient reader skips.
const BROKEN: &str = "(;GM[1]PB[one];B[aa];W[bb])\n\
                      (;GM[1]PB[two];B[cc];W[dd]\n\
                      (;GM[1]PB[three];B[ee] junk ;W[ff])\n\
                      (;GM[1]PB[four];B[gg])\n";

#[test]
fn a_broken_game_in_the_middle_is_reported_and_the_games_after_it_are_found() {
    let input = temp_file("broken/collection.sgf", BROKEN.as_bytes());
    // Read whole, and one game tree at a time.
    for stream_above in ["1000000", "0"] {
        let dir = temp_dir(&format!("broken-{stream_above}"));
        let out = sgfkit(&[
            "split",
            s(&input),
            "-o",
            s(&dir),
            "--name",
            "{n}-{PB}",
            "--stream-above",
            stream_above,
        ]);
        let err = stderr(&out);
        assert_eq!(
            files(&dir),
            [
                "000001-one.sgf",
                "000002-two.sgf",
                "000003-three.sgf",
                "000004-four.sgf"
            ],
            "{err}"
        );
        let two = std::fs::read_to_string(dir.join("000002-two.sgf")).unwrap();
        assert_eq!(two, "(;CA[UTF-8]GM[1]PB[two]\n;B[cc];W[dd])\n");
        let four = std::fs::read_to_string(dir.join("000004-four.sgf")).unwrap();
        assert_eq!(four, "(;CA[UTF-8]GM[1]PB[four]\n;B[gg])\n");
        // Read whole or streamed, the broken game ends where the next one
        // starts: the missing `)` is reported there, and nothing is
        // swallowed.
        assert!(err.contains("collection.sgf:3:1: error[L005]"), "{err}");
        assert!(!err.contains("inside the one before it"), "{err}");
        assert!(err.contains("sgfkit: 4 games written"), "{err}");
    }
}

#[test]
fn names_from_game_info_are_safe_and_collisions_numbered() {
    let input = temp_file(
        "names/games.sgf",
        "(;GM[1]PB[../../etc]PW[a\\\\b:c]DT[2020-01-02];B[aa])\
         (;GM[1]PB[../../etc]PW[a\\\\b:c]DT[2020-01-02];B[bb])\
         (;GM[1]PB[.hidden\u{7}]PW[李 昌鎬])\
         (;GM[1]PB[..])"
            .as_bytes(),
    );
    let dir = temp_dir("names");
    let out = sgfkit(&[
        "split",
        s(&input),
        "-o",
        s(&dir),
        "--name",
        "{PB}-{PW}-{DT}",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        files(&dir),
        [
            "etc-a_b_c-2020-01-02-2.sgf",
            "etc-a_b_c-2020-01-02.sgf",
            "hidden-李_昌鎬-unknown.sgf",
            "unknown-unknown-unknown.sgf",
        ]
    );
    // The default names: the input's stem and the game's number; a second
    // run never writes over the first.
    let dir = temp_dir("default-names");
    for _ in 0..2 {
        sgfkit(&["split", s(&input), "-o", s(&dir)]);
    }
    let names = files(&dir);
    assert_eq!(names.len(), 8);
    assert_eq!(names[..2], ["games-000001-2.sgf", "games-000001.sgf"]);
    let out = sgfkit(&["split", s(&input), "-o", s(&dir), "--name", "{pb}"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("unknown placeholder `{pb}`"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn join_converts_encodings_to_utf8_and_refuses_to_write_over_an_input() {
    let dir = temp_dir("join");
    std::fs::write(dir.join("a.sgf"), b"(;CA[ISO-8859-1]GM[1]PB[Ren\xe9])").unwrap();
    std::fs::write(dir.join("b.sgf"), "(;GM[1]PB[李])(;GM[1];B[aa])").unwrap();
    let joined = dir.join("out.sgf");
    let out = sgfkit(&[
        "join",
        s(&dir.join("a.sgf")),
        s(&dir.join("b.sgf")),
        "-o",
        s(&joined),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        std::fs::read_to_string(&joined).unwrap(),
        "(;CA[UTF-8]GM[1]PB[René])\n(;CA[UTF-8]GM[1]PB[李])\n(;CA[UTF-8]GM[1]\n;B[aa])\n"
    );
    let before = std::fs::read(dir.join("a.sgf")).unwrap();
    let out = sgfkit(&["join", s(&dir), "-o", s(&dir.join("a.sgf"))]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("is also an input"),
        "{}",
        stderr(&out)
    );
    assert_eq!(std::fs::read(dir.join("a.sgf")).unwrap(), before);
}

#[test]
fn merge_writes_one_tree_and_says_each_conflict() {
    let dir = temp_dir("merge");
    let a = dir.join("a.sgf");
    let b = dir.join("b.sgf");
    std::fs::write(&a, "(;GM[1]PB[Lee]RE[W+R];B[pd];W[dd]C[good];B[pp])").unwrap();
    std::fs::write(&b, "(;GM[1]PB[Lee]RE[W+2.5];B[pd];W[dd];B[dp])").unwrap();
    let out_path = dir.join("merged.sgf");
    let out = sgfkit(&["merge", s(&a), s(&b), "-o", s(&out_path)]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stderr(&out),
        "sgfkit: warning: game info differs: RE: kept `W+R`, record 2 says `W+2.5` (kept in the root's GC)\n"
    );
    assert_eq!(
        std::fs::read_to_string(&out_path).unwrap(),
        "(;CA[UTF-8]GM[1]PB[Lee]RE[W+R]GC[merge: RE[W+2.5\\] in record 2]\n;B[pd];W[dd]C[good]\n(;B[pp])\n(;B[dp]))\n"
    );
    // A record merged with itself is the record.
    let out = sgfkit(&["merge", s(&a), s(&a), "-o", "-"]);
    assert_eq!(
        common::stdout(&out),
        "(;CA[UTF-8]GM[1]PB[Lee]RE[W+R]\n;B[pd];W[dd]C[good];B[pp])\n"
    );
}
