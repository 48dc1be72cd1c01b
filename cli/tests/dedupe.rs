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

#[test]
fn dedupe_reads_again_the_records_a_moves_rule_compares_in_a_streamed_file() {
    let dir = temp_dir("dedupe-streamed");
    let full = game("PB[a]PW[b]RE[B+R]", 60);
    let start = game("PB[a]PW[b]", 30);
    let other = game("PB[c]", 3);
    let file = dir.join("all.sgf");
    std::fs::write(&file, format!("{other}\n{full}\n{other}\n{start}\n")).unwrap();
    let f = file.to_str().unwrap();
    let out = sgfkit(&["dedupe", "--format", "json", "--stream-above", "1", f]);
    assert!(out.status.success(), "{out:?}");
    let text = stdout(&out);
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2, "{text}");
    let members = |v: &serde_json::Value| -> Vec<(String, String)> {
        v["members"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| {
                let r = m["record"].as_str().unwrap();
                (
                    r[r.len() - 2..].to_string(),
                    m["reason"].as_str().unwrap().to_string(),
                )
            })
            .collect()
    };
    assert_eq!(
        members(&lines[0]),
        [
            ("#1".into(), "fullest".into()),
            ("#3".into(), "exact".into())
        ]
    );
    assert_eq!(
        members(&lines[1]),
        [
            ("#2".into(), "fullest".into()),
            ("#4".into(), "prefix".into())
        ]
    );
    let summary = String::from_utf8_lossy(&out.stderr);
    assert!(summary.contains("2 records read again"), "{summary}");
}

#[test]
fn dedupe_fuzzy_groups_a_typo_of_the_same_players_and_day() {
    let dir = temp_dir("dedupe-fuzzy");
    let info = "PB[a]PW[b]DT[2020-02-02]";
    let full = game(info, 60);
    // Move 30 on another point.
    let mut typo = full.clone();
    let at = typo.match_indices(";W[").nth(14).unwrap().0;
    typo.replace_range(at + 3..at + 5, "ss");
    assert_ne!(typo, full);
    std::fs::write(dir.join("a.sgf"), &full).unwrap();
    std::fs::write(dir.join("b.sgf"), &typo).unwrap();
    let d = dir.to_str().unwrap();
    let out = sgfkit(&["dedupe", "--format", "json", d]);
    assert_eq!(stdout(&out), "");
    let out = sgfkit(&["dedupe", "--format", "json", "--fuzzy", d]);
    let v: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(v["members"][1]["reason"], "fuzzy");
}

#[test]
fn dedupe_keep_best_writes_one_record_a_game_and_never_into_an_input() {
    let dir = temp_dir("dedupe-keep");
    let input = dir.join("in");
    std::fs::create_dir_all(&input).unwrap();
    let full = game("PB[a]PW[b]C[the fullest]", 60);
    std::fs::write(input.join("a.sgf"), game("PB[a]PW[b]", 60)).unwrap();
    std::fs::write(input.join("b.sgf"), &full).unwrap();
    std::fs::write(input.join("c.sgf"), game("", 30)).unwrap();
    // Two games in one file: a copy and a game of its own.
    std::fs::write(input.join("d.sgf"), full.clone() + &game("PB[x]", 3)).unwrap();
    let out_dir = dir.join("out");
    let (i, o) = (input.to_str().unwrap(), out_dir.to_str().unwrap());
    let out = sgfkit(&["dedupe", "--keep", "best", "-o", o, i]);
    assert!(out.status.success(), "{out:?}");
    let mut written: Vec<String> = std::fs::read_dir(&out_dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    written.sort();
    assert_eq!(written, ["b-000001.sgf", "d-000002.sgf"]);
    let best = std::fs::read_to_string(out_dir.join("b-000001.sgf")).unwrap();
    assert!(best.contains("the fullest"), "{best}");
    // Again: the names are taken, so new ones; nothing overwritten.
    let out = sgfkit(&["dedupe", "--keep", "best", "-o", o, i]);
    assert!(out.status.success(), "{out:?}");
    assert_eq!(std::fs::read_dir(&out_dir).unwrap().count(), 4);
    // Into the input folder: refused.
    let inside = input.join("kept");
    let out = sgfkit(&[
        "dedupe",
        "--keep",
        "best",
        "-o",
        inside.to_str().unwrap(),
        i,
    ]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("an input or inside one"));
    assert!(!inside.exists());
}
