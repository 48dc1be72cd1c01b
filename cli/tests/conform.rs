//! `sgfkit gen` and `sgfkit conform` end to end: determinism, the sgfmill
//! adapter on plain files, and a deliberately broken reader.

use std::path::{Path, PathBuf};
use std::process::Command;

fn sgfkit() -> Command {
    Command::new(env!("CARGO_BIN_EXE_sgfkit"))
}

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sgfkit-conform-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// The Python that has sgfmill: `SGFKIT_TEST_PYTHON` (set by .ci/run to
/// its virtualenv), else `python3`; `None` (and a message) without one.
fn python_with(module: &str) -> Option<String> {
    let python = std::env::var("SGFKIT_TEST_PYTHON").unwrap_or_else(|_| "python3".into());
    let ok = Command::new(&python)
        .args(["-c", &format!("import {module}")])
        .output()
        .is_ok_and(|o| o.status.success());
    if !ok {
        eprintln!(
            "SKIPPED: {python} cannot import {module} (set SGFKIT_TEST_PYTHON to a Python with it; .ci/run does)"
        );
    }
    ok.then_some(python)
}

fn files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut v: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let p = e.unwrap().path();
            (
                p.file_name().unwrap().to_string_lossy().into_owned(),
                std::fs::read(&p).unwrap(),
            )
        })
        .collect();
    v.sort();
    v
}

#[test]
fn gen_is_deterministic() {
    let run = |seed: &str, name: &str| {
        let dir = scratch(name);
        let out = sgfkit()
            .args([
                "gen",
                "--profile",
                "tricky",
                "--game",
                "any",
                "--count",
                "12",
                "--seed",
                seed,
                "-o",
            ])
            .arg(&dir)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let f = files(&dir);
        let _ = std::fs::remove_dir_all(&dir);
        f
    };
    let a = run("11", "a");
    assert_eq!(a.len(), 24);
    assert_eq!(a[0].0, "0000.json");
    assert_eq!(a[1].0, "0000.sgf");
    assert_eq!(a, run("11", "b"));
    assert_ne!(a, run("12", "c"));
    // Each .json is what `sgfkit meaning` says of its .sgf.
    let dir = scratch("m");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("x.sgf"), &a[1].1).unwrap();
    let out = sgfkit()
        .arg("meaning")
        .arg(dir.join("x.sgf"))
        .output()
        .unwrap();
    assert_eq!(out.stdout, a[0].1);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn sgfmill_agrees_on_plain_files() {
    let Some(python) = python_with("sgfmill") else {
        return;
    };
    let dir = scratch("sgfmill");
    let adapter = repo().join("conformance/adapters/sgfmill_meaning.py");
    let out = sgfkit()
        .args([
            "conform",
            "--count",
            "100",
            "--profile",
            "plain",
            "--seed",
            "1",
            "-o",
        ])
        .arg(&dir)
        .arg("--")
        .arg(&python)
        .arg(&adapter)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        stdout.lines().last(),
        Some("100 files, 100 agree, 0 differ, 0 failed, 0 timed out"),
        "{stdout}"
    );
    assert!(out.status.success());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_broken_reader_is_reported_with_a_shrunk_file() {
    let Some(python) = python_with("json") else {
        return;
    };
    let dir = scratch("broken");
    let adapter = repo().join("conformance/adapters/broken_drop_last_move.py");
    let out = sgfkit()
        .args([
            "conform",
            "--count",
            "6",
            "--shrink-runs",
            "150",
            "--format",
            "json",
            "-o",
        ])
        .arg(&dir)
        .arg("--")
        .arg(&python)
        .arg(&adapter)
        .arg(env!("CARGO_BIN_EXE_sgfkit"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        report["summary"],
        "6 files, 0 agree, 6 differ, 0 failed, 0 timed out"
    );
    let first = &report["problems"][0];
    assert_eq!(first["outcome"], "differ");
    assert_eq!(first["reader"], "absent");
    assert!(
        first["where"].as_str().unwrap().ends_with(": B")
            || first["where"].as_str().unwrap().ends_with(": W")
    );
    // The shrunk file is a single move, and the broken reader still drops it.
    let shrunk = std::fs::read_to_string(first["shrunk"].as_str().unwrap()).unwrap();
    let one_move = shrunk.len() <= 8
        && (shrunk.starts_with("(;B[") || shrunk.starts_with("(;W["))
        && shrunk.ends_with("])");
    assert!(one_move, "{shrunk}");
    let _ = std::fs::remove_dir_all(&dir);
}
