//! `sgfkit dedupe`: its groups, in both formats, on generated files.

mod common;

use common::{sgfkit, stdout, temp_dir};

/// A 19×19 game of `n` moves along a line of distinct points.
fn game(info: &str, n: usize) -> String {
    let mut sgf = format!("(;GM[1]FF[4]SZ[19]{info}");
    for i in 0..n {
        let p = i * 7 + 3;
        let colour = if i % 2 == 0 { 'B' } else { 'W' };
        let (x, y) = (
            (b'a' + (p % 19) as u8) as char,
            (b'a' + (p / 19 % 19) as u8) as char,
        );
        sgf.push_str(&format!(";{colour}[{x}{y}]"));
    }
    sgf + ")"
}

#[test]
fn dedupe_prints_one_line_a_group_with_reasons_and_the_fullest() {
    let dir = temp_dir("dedupe");
    let full = game("PB[a]PW[b]", 60);
    std::fs::write(dir.join("a.sgf"), &full).unwrap();
    std::fs::write(dir.join("b.sgf"), &full).unwrap();
    std::fs::write(dir.join("c.sgf"), game("", 30)).unwrap();
    // Two games in one file: the second has other moves.
    std::fs::write(dir.join("d.sgf"), game("EV[x]", 60) + &game("", 3)).unwrap();
    let d = dir.to_str().unwrap();
    let out = sgfkit(&["dedupe", d]);
    assert!(out.status.success(), "{out:?}");
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    let a = dir.join("a.sgf");
    let b = dir.join("b.sgf");
    let c = dir.join("c.sgf");
    let d1 = dir.join("d.sgf");
    assert_eq!(
        lines[0],
        format!(
            "group 1: {} fullest (60 moves); {} exact (60 moves); {} prefix (30 moves); {}#1 same-moves (60 moves)",
            a.display(),
            b.display(),
            c.display(),
            d1.display()
        )
    );
    assert!(
        lines[1].starts_with("5 game trees (5 Go, 0 other), 1 groups of 4 records"),
        "{}",
        lines[1]
    );

    let out = sgfkit(&["dedupe", "--format", "json", d]);
    let v: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(v["fullest"], a.to_str().unwrap());
    let reasons: Vec<&str> = v["members"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["reason"].as_str().unwrap())
        .collect();
    assert_eq!(reasons, ["fullest", "exact", "prefix", "same-moves"]);
}
