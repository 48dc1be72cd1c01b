//! `sgfkit show` and `sgfkit tree`: diagrams and the variation tree.

use std::process::Output;

mod common;
use common::{sgfkit, temp_file};

/// Runs sgfkit and asserts it succeeded (its stderr in the failure message).
fn sgfkit_ok(args: &[&str]) -> Output {
    let out = sgfkit(args);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

const GAME: &[u8] =
    b"(;SZ[5]PB[Ann]PW[Bob]RE[W+R]C[start];B[cc];W[dc]C[Hane.](;B[dd];W[cd])(;B[cd]))";

#[test]
fn ascii_into_a_pipe_with_info_and_comment() {
    let f = temp_file("game.sgf", GAME);
    let out = sgfkit(&["show", "--move", "2", f.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0));
    let stdout = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines[0], "  A B C D E");
    assert_eq!(lines[3], "3 . . X(O). 3");
    assert!(
        lines.contains(&"Black: Ann   White: Bob   result W+R"),
        "{stdout}"
    );
    assert!(
        lines.contains(&"Go node 2, move 2 (W D3), captured: 0 black, 0 white"),
        "{stdout}"
    );
    assert_eq!(lines.last(), Some(&"Hane."));
    // The main line's end by default; a node of the variation by number.
    let last = sgfkit(&["show", f.to_str().unwrap()]);
    assert!(String::from_utf8_lossy(&last.stdout).contains("2 . .(O)X . 2"));
    let var = sgfkit(&["show", "--node", "5", f.to_str().unwrap()]);
    let var = String::from_utf8(var.stdout).unwrap();
    assert!(var.contains("2 . .(X). . 2"), "{var}");
}

#[test]
fn svg_file() {
    let f = temp_file("svg.sgf", GAME);
    let svg = f.with_extension("svg");
    sgfkit_ok(&[
        "show",
        "--numbers",
        "1",
        "--coords",
        "--svg",
        svg.to_str().unwrap(),
        f.to_str().unwrap(),
    ]);
    let text = std::fs::read_to_string(&svg).unwrap();
    assert_eq!(text.matches("class=\"stone ").count(), 4);
    assert_eq!(text.matches("class=\"number\"").count(), 4);
}

#[cfg(feature = "png")]
#[test]
fn png_file() {
    let f = temp_file("png.sgf", GAME);
    let png = f.with_extension("png");
    sgfkit_ok(&[
        "show",
        "--theme",
        "dark",
        "--png",
        png.to_str().unwrap(),
        f.to_str().unwrap(),
    ]);
    assert_eq!(&std::fs::read(&png).unwrap()[1..4], b"PNG");
}

#[test]
fn other_games_and_bad_requests_exit_2() {
    let chess = temp_file("chess.sgf", b"(;GM[3];B[e2e4])");
    let out = sgfkit(&["show", chess.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no diagram for Chess"));
    let f = temp_file("bad.sgf", GAME);
    for args in [
        &["show", "--node", "99"][..],
        &["show", "--move", "9"],
        &["show", "--game", "2"],
        &["show", "--range", "a1:z9"],
    ] {
        let mut args = args.to_vec();
        args.push(f.to_str().unwrap());
        let out = sgfkit(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(!out.stderr.is_empty(), "{args:?}");
    }
    let hex = temp_file("hex.sgf", b"(;GM[11]SZ[3];B[b2])");
    let out = sgfkit(&["show", hex.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains(" 2 .(X). 2"));
}

#[test]
fn tree_numbers_the_nodes_show_takes() {
    let f = temp_file("tree.sgf", GAME);
    let out = sgfkit(&["tree", f.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "* 0        root  \"start\"\n\
         * 1-2      1 B C3 … 2 W D3  \"Hane.\"\n\
         |\\\n\
         * | 3-4      3 B D2 … 4 W C2\n \
         /\n\
         * 5        3 B C2\n"
    );
}

#[test]
fn game_facts_under_the_board() {
    let sgf = "(;SZ[5]PB[Lee Changho]BR[9 Dan Professional]PW[Ann]WR[NR]KM[6.5]RU[jp]\
               TM[3600]OT[5x30 byo-yomi];B[cc])";
    let f = temp_file("facts.sgf", sgf.as_bytes());
    let out = sgfkit_ok(&["show", f.to_str().unwrap()]);
    let stdout = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    // The rank as read; a rank text that gives none, as written.
    assert!(
        lines.contains(&"Black: Lee Changho 9p   White: Ann NR   komi 6.5"),
        "{stdout}"
    );
    assert!(
        lines.contains(&"Rules: japanese   Time: 1:00:00 + 5×30 s byo-yomi"),
        "{stdout}"
    );
    // Other overtimes, and rules sgfkit does not know (their text).
    let sgf = "(;SZ[5]RU[house]TM[30:00]OT[25/600 Canadian];B[cc])(;SZ[5]TM[90]OT[10 fischer])";
    let f = temp_file("facts2.sgf", sgf.as_bytes());
    let out = sgfkit_ok(&["show", f.to_str().unwrap()]);
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        stdout.contains("Rules: house   Time: 30:00 + 25 moves / 10:00 canadian"),
        "{stdout}"
    );
    let out = sgfkit_ok(&["show", "--game", "2", f.to_str().unwrap()]);
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(stdout.contains("Time: 1:30 + 10 s fischer"), "{stdout}");
}
