//! One reading path: every command (check, fmt, fix, json, stats, whole and
//! streamed) agrees with the library's lenient `read` on which files have a
//! game tree and what it holds, over the lenient reader's own test inputs,
//! every corpus file the strict parser refuses and a sample of the rest.
//! Each command runs once over all the files (not once per file), so the
//! test stays quick.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::process::Output;

mod common;
use common::{sgfkit, shared_corpus};

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap()
}

/// Reads a Rust string literal starting at `s[0] == '"'` (the escapes the
/// test files use); `None` if it is not one.
fn rust_string(s: &str) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    let mut chars = s.strip_prefix('"')?.chars();
    loop {
        match chars.next()? {
            '"' => return Some(out),
            '\\' => match chars.next()? {
                'n' => out.push(b'\n'),
                'r' => out.push(b'\r'),
                't' => out.push(b'\t'),
                '0' => out.push(0),
                '\\' => out.push(b'\\'),
                '"' => out.push(b'"'),
                '\'' => out.push(b'\''),
                'x' => {
                    let hex: String = chars.by_ref().take(2).collect();
                    out.push(u8::from_str_radix(&hex, 16).ok()?);
                }
                '\n' => {
                    // A line continuation: skip the next line's indentation.
                    let rest = chars.as_str().trim_start();
                    chars = rest.chars();
                }
                _ => return None,
            },
            c => {
                let mut buf = [0; 4];
                out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
            }
        }
    }
}

/// The inputs of the lenient reader's unit tests: the literals given to
/// `case(…)`, `run(…)` and `parse_lenient(…)` there, assigned to `src`,
/// or listed in a `for src in [...]`.
fn lenient_test_inputs() -> Vec<Vec<u8>> {
    let src = std::fs::read_to_string(repo().join("src/check/lenient/tests.rs")).unwrap();
    let mut out = Vec::new();
    for call in [
        "case(",
        "run(",
        "parse_lenient(b",
        "let src = ",
        "let src = b",
    ] {
        for (at, _) in src.match_indices(call) {
            let rest = src[at + call.len()..].trim_start();
            if let Some(s) = rust_string(rest) {
                out.push(s);
            }
        }
    }
    for (at, _) in src.match_indices("for src in [") {
        let list = &src[at + 12..];
        let list = &list[..list.find(']').unwrap_or(0)];
        for (k, _) in list.match_indices('"').step_by(2) {
            if let Some(s) = rust_string(&list[k..]) {
                out.push(s);
            }
        }
    }
    out
}

/// What the library reads in a file: game trees and nodes.
fn reference(bytes: &[u8]) -> (usize, usize) {
    let doc = sgfkit::read(bytes, &sgfkit::ReadOptions::lenient()).unwrap();
    let c = doc.collection();
    (c.games().len(), c.node_count())
}

/// The files of `stderr` lines `PATH:LINE:COL: error[L013]: no game tree…`.
fn refused_in(stderr: &[u8]) -> BTreeSet<String> {
    String::from_utf8_lossy(stderr)
        .lines()
        .filter_map(|l| l.split_once(": error[L013]: ").map(|(at, _)| at))
        .filter_map(|at| at.rsplitn(3, ':').nth(2))
        .map(str::to_string)
        .collect()
}

/// `games G nodes N` of `stats` output.
fn stats_totals(out: &Output) -> (usize, usize) {
    let text = String::from_utf8_lossy(&out.stdout);
    let words: Vec<&str> = text.split_whitespace().collect();
    let after = |w: &str| {
        let k = words.iter().position(|x| *x == w).unwrap();
        words[k + 1].parse::<usize>().unwrap()
    };
    (after("games"), after("nodes"))
}

#[test]
fn every_command_agrees_with_the_library_on_every_file() {
    let mut inputs: Vec<(String, Vec<u8>)> = lenient_test_inputs()
        .into_iter()
        .enumerate()
        .map(|(k, b)| (format!("lenient test input {k}"), b))
        .collect();
    assert!(
        inputs.len() > 25,
        "the lenient tests' inputs were not found: {}",
        inputs.len()
    );
    // Damage seen in real files, as the issue reported it.
    for (k, b) in [
        &b"(;C[foo [3d]: bar];B[aa])"[..],
        b"junk ;GM[1];B[aa]",
        b"(;GM[1];B[aa]W[bb]",
        b"(;GM[1]C[open",
        b"(;B[aa])(;W[bb]",
        b"((;B[aa]))",
        b"(;b[aa]c[x])",
        b"no tree here",
        b"",
    ]
    .iter()
    .enumerate()
    {
        inputs.push((format!("hand-made {k}"), b.to_vec()));
    }
    if let Some(corpus) = shared_corpus() {
        let list = std::fs::read_to_string(repo().join("tests/it/corpus-rejected.tsv")).unwrap();
        let rejected: Vec<&str> = list
            .lines()
            .filter(|l| !l.starts_with('#'))
            .filter_map(|l| l.split('\t').next())
            .collect();
        for rel in &rejected {
            inputs.push((rel.to_string(), std::fs::read(corpus.join(rel)).unwrap()));
        }
        // A sample of the rest: every 40th file of the index.
        let index = std::fs::read_to_string(corpus.join("index.tsv")).unwrap_or_default();
        for line in index.lines().skip(1).step_by(40) {
            let rel = line.split('\t').next().unwrap();
            if rel.to_ascii_lowercase().ends_with(".sgf")
                && let Ok(b) = std::fs::read(corpus.join(rel))
            {
                inputs.push((rel.to_string(), b));
            }
        }
    } else {
        eprintln!("SKIPPED the corpus part: ../shared/corpus not found");
    }
    let dir = std::env::temp_dir().join(format!("sgfkit-agreement-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for sub in ["all", "fix"] {
        std::fs::create_dir_all(dir.join(sub)).unwrap();
    }
    let mut names = BTreeMap::new();
    let mut paths = Vec::new();
    let (mut games, mut nodes) = (0, 0);
    let mut refused = BTreeSet::new();
    for (k, (name, bytes)) in inputs.iter().enumerate() {
        let p = dir.join("all").join(format!("{k:05}.sgf"));
        std::fs::write(&p, bytes).unwrap();
        std::fs::write(dir.join("fix").join(format!("{k:05}.sgf")), bytes).unwrap();
        let (g, n) = reference(bytes);
        games += g;
        nodes += n;
        let path = p.display().to_string();
        if g == 0 {
            refused.insert(path.clone());
        }
        names.insert(path.clone(), (name.clone(), g));
        paths.push(path);
    }
    let all = dir.join("all").display().to_string();
    let path_args: Vec<&str> = paths.iter().map(String::as_str).collect();
    let with = |cmd: &[&'static str]| -> Vec<&str> {
        cmd.iter()
            .copied()
            .chain(path_args.iter().copied())
            .collect()
    };
    let show = |set: &BTreeSet<String>| {
        set.iter()
            .map(|p| names.get(p).map_or(p.clone(), |n| n.0.clone()))
            .collect::<Vec<_>>()
    };
    let expect_status = if refused.is_empty() { 0 } else { 1 };
    eprintln!(
        "{} inputs, {} without a game tree, {games} games, {nodes} nodes",
        inputs.len(),
        refused.len()
    );

    // stats, whole and streamed: the library's totals.
    let stats = sgfkit(&["stats", &all]);
    assert_eq!(stats_totals(&stats), (games, nodes), "stats");
    assert_eq!(stats.status.code(), Some(expect_status), "stats");

    // json: one line per file, the library's game trees.
    let json = sgfkit(&["json", &all]);
    let mut json_refused = BTreeSet::new();
    for line in String::from_utf8_lossy(&json.stdout).lines() {
        let v: serde_json::Value = serde_json::from_str(line).expect("JSON Lines");
        let path = v["path"].as_str().unwrap().to_string();
        let n = v["games"].as_array().unwrap().len();
        assert_eq!(n, names[&path].1, "json: {}", names[&path].0);
        if n == 0 {
            json_refused.insert(path);
        }
    }
    assert_eq!(show(&json_refused), show(&refused), "json");

    // check, whole and streamed: an L013 (no game tree) exactly where the
    // library finds none.
    for streamed in [false, true] {
        let mut args = vec!["check", "--format", "json", &all];
        if streamed {
            args.extend(["--stream-above", "0"]);
        }
        let check = sgfkit(&args);
        assert_ne!(check.status.code(), Some(2), "{args:?}");
        let no_tree: BTreeSet<String> = String::from_utf8_lossy(&check.stdout)
            .lines()
            .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
            .filter(|v| v["code"] == "L013")
            .map(|v| v["path"].as_str().unwrap().to_string())
            .collect();
        assert_eq!(show(&no_tree), show(&refused), "{args:?}");
    }

    // fmt (UTF-8 and bytes kept) and fix: the same files refused, and
    // what they write is the library's tree.
    for args in [
        with(&["fmt"]),
        with(&["fmt", "--keep-encoding"]),
        with(&["fix", "--dry-run"]),
    ] {
        let out = sgfkit(&args);
        assert_eq!(
            show(&refused_in(&out.stderr)),
            show(&refused),
            "{:?}",
            &args[..2]
        );
        assert_eq!(out.status.code(), Some(expect_status), "{:?}", &args[..2]);
        if args[0] == "fmt" {
            let tree = sgfkit::parse(&out.stdout).expect("fmt writes strict SGF");
            assert_eq!((tree.games().len(), tree.node_count()), (games, nodes));
        }
    }
    let fix_dir = dir.join("fix").display().to_string();
    let fix = sgfkit(&["fix", "--in-place", &fix_dir]);
    assert_eq!(fix.status.code(), Some(expect_status), "fix --in-place");
    for (k, (name, bytes)) in inputs.iter().enumerate() {
        let written = std::fs::read(dir.join("fix").join(format!("{k:05}.sgf"))).unwrap();
        let (g, _) = reference(bytes);
        if g == 0 {
            assert_eq!(
                &written, bytes,
                "{name}: a file without a tree is left alone"
            );
        } else {
            let tree = sgfkit::parse(&written).expect("fix writes strict SGF");
            assert_eq!(tree.games().len(), g, "fix --in-place: {name}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
