//! Output a person can act on: `check` bounds the findings of a file
//! (`--max-findings`), gives binary data one finding, sums up by code
//! (`--summary`), lists the files with errors (`-l`); the walk says what it
//! skipped; `stats --by-code`; help texts and error lines.

mod common;
use common::{sgfkit, stderr, stdout, temp_dir};

/// A file with 20 findings: 16 properties without values (L006), 4
/// properties given twice in a node (S005).
fn twenty_findings() -> String {
    let mut sgf = String::from("(;GM[1]FF[4]SZ[19]");
    for k in 0..16 {
        let (x, y) = (b'a' + (k % 19) as u8, b'a' + (k / 19) as u8);
        sgf.push_str(&format!(";B[{}{}]XX", x as char, y as char));
    }
    for k in 0..4 {
        sgf.push_str(&format!(";W[s{}]C[a]C[b]", (b'a' + k) as char));
    }
    sgf.push(')');
    sgf
}

#[test]
fn max_findings_prints_n_then_how_many_more_by_code() {
    let dir = temp_dir("max");
    let f = dir.join("twenty.sgf");
    std::fs::write(&f, twenty_findings()).unwrap();
    let p = f.to_str().unwrap();
    let findings = |text: &str| {
        text.lines()
            .filter(|l| l.starts_with(&format!("{p}:")))
            .count()
    };
    let all = sgfkit(&["check", "--max-findings", "0", p]);
    assert_eq!(findings(&stdout(&all)), 20, "{}", stdout(&all));
    let out = sgfkit(&["check", "--max-findings", "5", p]);
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().filter(|l| l.starts_with(p)).collect();
    assert_eq!(lines.len(), 6, "{text}");
    assert_eq!(
        lines[5],
        format!("{p}: \u{2026} and 15 more: L006 \u{d7}11, S005 \u{d7}4")
    );
    assert_eq!(out.status.code(), Some(1));
    // The same in JSON: five findings, then one object with the rest.
    let out = sgfkit(&["check", "--format", "json", "--max-findings", "5", p]);
    let objects: Vec<serde_json::Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(objects.len(), 7);
    assert_eq!(objects[5]["type"], "more");
    assert_eq!(objects[5]["findings"], 15);
    assert_eq!(objects[5]["by_code"][0]["code"], "L006");
    assert_eq!(objects[5]["by_code"][0]["findings"], 11);
}

#[test]
fn binary_data_is_one_finding() {
    let dir = temp_dir("binary");
    let f = dir.join("random.sgf");
    // Bytes of every value, as random data holds them (no `(;`).
    let bytes: Vec<u8> = (0..200_000u32)
        .map(|k| (k.wrapping_mul(2_654_435_761) >> 13) as u8)
        .map(|b| if b == b'(' { 0 } else { b })
        .collect();
    std::fs::write(&f, bytes).unwrap();
    let out = sgfkit(&["check", f.to_str().unwrap()]);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text.lines().count(), 2, "{text}");
    assert!(
        text.contains("error[L013]: no game tree found: binary data"),
        "{text}"
    );
}

#[test]
fn summary_counts_by_code_and_files_and_l_lists_files_with_errors() {
    let dir = temp_dir("summary");
    std::fs::write(dir.join("a.sgf"), twenty_findings()).unwrap();
    std::fs::write(dir.join("b.sgf"), "(;GM[1]FF[4];B[aa]XX)").unwrap();
    // Warnings only (an AP without version).
    std::fs::write(dir.join("c.sgf"), "(;GM[1]FF[4]AP[foxwq])").unwrap();
    std::fs::write(dir.join("d.sgf"), "(;GM[1]FF[4]SZ[19];B[pd])").unwrap();
    let d = dir.to_str().unwrap();
    let out = sgfkit(&["check", "--summary", d]);
    let text = stdout(&out);
    let row = |code: &str| {
        text.lines()
            .find(|l| l.starts_with(code))
            .map(|l| l.split_whitespace().take(4).collect::<Vec<_>>().join(" "))
    };
    assert_eq!(row("L006").as_deref(), Some("L006 error 17 2"), "{text}");
    assert_eq!(row("S005").as_deref(), Some("S005 error 4 1"), "{text}");
    assert_eq!(row("S050").as_deref(), Some("S050 warning 1 1"), "{text}");
    assert!(!text.contains("XX"), "no findings printed: {text}");
    assert!(text.ends_with("checked 4 files: 2 with errors, 1 with warnings\n"));
    // JSON: one summary object with the same counts.
    let out = sgfkit(&["check", "--summary", "--format", "json", d]);
    let json = stdout(&out);
    let lines: Vec<&str> = json.lines().collect();
    assert_eq!(lines.len(), 1, "{lines:?}");
    let v: serde_json::Value = serde_json::from_str(lines[0]).unwrap();
    let l006 = v["by_code"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["code"] == "L006")
        .unwrap();
    assert_eq!(
        (l006["findings"].as_u64(), l006["files"].as_u64()),
        (Some(17), Some(2))
    );
    // -l: exactly the files with errors, one a line, nothing else.
    let out = sgfkit(&["check", "-l", d]);
    assert_eq!(out.status.code(), Some(1));
    let a = dir.join("a.sgf");
    let b = dir.join("b.sgf");
    assert_eq!(stdout(&out), format!("{}\n{}\n", a.display(), b.display()));
}

#[test]
fn the_walk_says_what_it_skipped_and_v_lists_it() {
    let dir = temp_dir("skipped");
    std::fs::write(dir.join("a.sgf"), "(;GM[1])").unwrap();
    std::fs::write(dir.join("notes.txt"), "x").unwrap();
    std::fs::write(dir.join("game.gib"), "x").unwrap();
    std::fs::write(dir.join(".hidden.sgf"), "(;GM[1])").unwrap();
    let d = dir.to_str().unwrap();
    // A Tygem record is read (into SGF); with --sgf-only it is skipped.
    let out = sgfkit(&["check", d]);
    let err = stderr(&out);
    assert!(
        err.contains(&format!(
            "sgfkit: {d}: skipped 2 files or folders: 1 not named as SGF, 1 hidden"
        )),
        "{err}"
    );
    let out = sgfkit(&["check", "--sgf-only", d]);
    let err = stderr(&out);
    assert!(
        err.contains(&format!(
            "sgfkit: {d}: skipped 3 files or folders: 2 not named as SGF, 1 hidden"
        )),
        "{err}"
    );
    assert!(!err.contains("notes.txt"), "{err}");
    let out = sgfkit(&["check", "-v", "--sgf-only", d]);
    let err = stderr(&out);
    for name in ["notes.txt", "game.gib", ".hidden.sgf"] {
        assert!(err.contains(&format!("{name}: skipped: ")), "{err}");
    }
}

#[test]
fn stats_by_code_and_help_that_says_what_repaired_means() {
    let dir = temp_dir("stats");
    std::fs::write(dir.join("a.sgf"), "(;GM[1];B[aa]XX;W[bb]YY)").unwrap();
    std::fs::write(dir.join("b.sgf"), "(;GM[1];B[aa]XX)").unwrap();
    std::fs::write(dir.join("c.sgf"), "(;GM[1];B[aa])").unwrap();
    let out = sgfkit(&["stats", "--by-code", dir.to_str().unwrap()]);
    let text = stdout(&out);
    assert!(text.starts_with("files 3 failed 0 repaired 2\n"), "{text}");
    let row = text.lines().find(|l| l.starts_with("L006")).unwrap();
    assert_eq!(
        row.split_whitespace().take(4).collect::<Vec<_>>(),
        ["L006", "error", "3", "2"]
    );
    let help = stdout(&sgfkit(&["stats", "--help"]));
    assert!(
        help.contains("`repaired`, files that do not follow the SGF grammar"),
        "{help}"
    );
    assert!(help.contains("--by-code"));
}

#[test]
fn help_texts_have_no_markdown_escapes_and_j_only_where_it_applies() {
    for cmd in [
        "check", "fmt", "fix", "stats", "json", "export", "meaning", "gen", "conform", "show",
        "tree", "split", "join", "merge",
    ] {
        let help = stdout(&sgfkit(&[cmd, "--help"]));
        assert!(!help.contains("\\["), "{cmd}: {help}");
        let many = !matches!(cmd, "show" | "tree" | "meaning" | "gen" | "merge");
        assert_eq!(help.contains("--threads"), many, "{cmd}");
    }
    assert!(stdout(&sgfkit(&["fmt", "--help"])).contains("canonical FF[4] form"));
}

#[test]
fn errors_start_with_sgfkit_and_the_path() {
    let dir = temp_dir("errors");
    let d = dir.to_str().unwrap();
    for cmd in [
        &["check"][..],
        &["fmt"],
        &["show"],
        &["tree"],
        &["stats"],
        &["json"],
    ] {
        let missing = dir.join("missing.sgf");
        let out = sgfkit(&[cmd, &[missing.to_str().unwrap()]].concat());
        let err = stderr(&out);
        assert!(
            err.starts_with(&format!("sgfkit: {}: ", missing.display())),
            "{cmd:?}: {err}"
        );
    }
    // A folder where a file is expected.
    let out = sgfkit(&["show", d]);
    assert!(
        stderr(&out).starts_with(&format!("sgfkit: {d}: is a folder")),
        "{}",
        stderr(&out)
    );
}

/// `check -v` names the encoding each game tree was read in: one line when
/// all trees were read alike, one a tree (at its line) when they differ, so
/// that a finding about malformed UTF-8 never sits under "read as
/// windows-1252" alone.
#[test]
fn verbose_names_the_encoding_of_each_tree_when_they_differ() {
    let mixed = common::temp_file(
        "mixed-encodings.sgf",
        b"(;CA[ISO-8859-1]PB[Ren\xe9])\n(;PB[\xe6\xad\xbb\xe6?\xbb])\n",
    );
    let out = stdout(&sgfkit(&["check", "-v", mixed.to_str().unwrap()]));
    let read_as: Vec<&str> = out.lines().filter(|l| l.contains(" read as ")).collect();
    assert_eq!(read_as.len(), 2, "{out}");
    assert!(
        read_as[0].ends_with(":1: game tree read as windows-1252 (CaProperty)"),
        "{out}"
    );
    assert!(
        read_as[1].ends_with(":2: game tree read as UTF-8 (MostlyUtf8)"),
        "{out}"
    );
    assert!(out.contains(":2:7: warning[E004]"), "{out}");
    let alike = common::temp_file("alike-encodings.sgf", "(;PB[李])(;PB[王])".as_bytes());
    let out = stdout(&sgfkit(&["check", "-v", alike.to_str().unwrap()]));
    let read_as: Vec<&str> = out.lines().filter(|l| l.contains(" read as ")).collect();
    assert_eq!(read_as.len(), 1, "{out}");
    assert!(
        read_as[0].ends_with("alike-encodings.sgf: read as UTF-8 (ValidUtf8)"),
        "{out}"
    );
}
