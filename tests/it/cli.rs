//! The `sgfkit` binary: commands, output format and exit codes.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn sgfkit(args: &[&str], stdin: Option<&[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sgfkit"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run sgfkit");
    if let Some(input) = stdin {
        child.stdin.take().unwrap().write_all(input).unwrap();
    }
    drop(child.stdin.take());
    child.wait_with_output().unwrap()
}

fn temp_file(name: &str, bytes: &[u8]) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("sgfkit-cli-{}", std::process::id()));
    let p = dir.join(name);
    std::fs::create_dir_all(p.parent().unwrap()).unwrap();
    std::fs::write(&p, bytes).unwrap();
    p
}

#[test]
fn check_without_paths_checks_the_bundled_examples() {
    let out = sgfkit(&["check"], None);
    assert_eq!(out.status.code(), Some(0));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("checked 2 files: 0 with errors"),
        "{stdout}"
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("examples/sample-game.sgf"));
}

#[test]
fn check_reports_errors_with_positions_and_exits_1() {
    let bad = temp_file("bad.sgf", b"(;GM[1]\n;B[aa]C[open");
    let good = temp_file("good.sgf", b"junk(;GM[1])");
    let out = sgfkit(
        &["check", bad.to_str().unwrap(), good.to_str().unwrap()],
        None,
    );
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&out.stdout);
    let want = format!(
        "{}:2:13: error: expected `]` to close the value opened at 2:8, found end of input",
        bad.display()
    );
    assert!(stdout.contains(&want), "{stdout}");
    assert!(stdout.contains(&format!(
        "{}:1:1: warning: skipped 4 bytes before the first game tree",
        good.display()
    )));
    assert!(
        stdout.contains("checked 2 files: 1 with errors, 1 with warnings"),
        "{stdout}"
    );
}

#[test]
fn check_walks_directories_and_io_errors_exit_2() {
    let f = temp_file("walk/a.SGF", b"(;B[aa])");
    let dir = f.parent().unwrap();
    let out = sgfkit(&["check", dir.to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("checked 1 file:"));
    let out = sgfkit(&["check", "/no/such/file.sgf"], None);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn fmt_prints_canonical_text_and_errors_exit_1() {
    let out = sgfkit(&["fmt", "-"], Some(b" ( ;B [aa] ( ;W[bb] ) ( ;W[cc] ) ) "));
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(out.stdout, b"(;B[aa]\n(;W[bb])\n(;W[cc]))\n");
    let out = sgfkit(&["fmt", "--strict"], Some(b"(;B[aa]"));
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("1:8: expected `)`"));
}

#[test]
fn stats_prints_totals() {
    let f = temp_file("stats.sgf", b"(;GM[1];B[aa](;W[bb])(;W[cc]))");
    let out = sgfkit(&["stats", f.to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(0));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("games 1 nodes 4 properties 4 bytes 30"),
        "{stdout}"
    );
    assert!(stdout.contains("MB/s"));
}

#[test]
fn every_subcommand_has_help() {
    for cmd in ["check", "fmt", "stats"] {
        let out = sgfkit(&[cmd, "--help"], None);
        assert_eq!(out.status.code(), Some(0), "{cmd}");
        assert!(
            String::from_utf8_lossy(&out.stdout).contains("Usage:"),
            "{cmd}"
        );
    }
}

#[test]
fn check_runs_the_semantic_checks_with_snippets() {
    let f = temp_file("semantic.sgf", b"(;GM[1]FF[4]SZ[9]\n;B[ee]AB[aa];W[ee])");
    let out = sgfkit(&["check", f.to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&out.stdout);
    let want = format!(
        "{}:2:7: error[S003]: move and setup properties mixed in one node (B, AB)\n    ;B[ee]AB[aa];W[ee])\n          ^^^^^^\n",
        f.display()
    );
    assert!(stdout.contains(&want), "{stdout}");
    assert!(stdout.contains("warning[S030]"), "{stdout}");
    assert!(stdout.contains("checked 1 file: 1 with errors, 1 with warnings"));
    // No colours when stdout is not a terminal.
    assert!(!stdout.contains('\x1b'));
}

#[test]
fn check_warnings_only_exit_0_and_strict_adds_checks() {
    let f = temp_file("warn.sgf", b"(;GM[1]FF[4]HA[2];B[aa];W[aa])");
    let out = sgfkit(&["check", f.to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(0));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("warning[S030]"), "{stdout}");
    assert!(!stdout.contains("S033"), "{stdout}");
    let out = sgfkit(&["check", "--strict", f.to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("warning[S033]"));
}

#[test]
fn check_reads_broken_files_leniently_and_checks_them() {
    let f = temp_file("broken.sgf", b"(;GM[1];B[aa]W[bb]");
    let out = sgfkit(&["check", f.to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains(&format!("{}:1:19: error: ", f.display())),
        "{stdout}"
    );
    assert!(stdout.contains("error[L005]"), "{stdout}");
    assert!(stdout.contains("error[S004]"), "{stdout}");
}

#[cfg(feature = "serde")]
#[test]
fn check_json_is_one_array() {
    let f = temp_file("json.sgf", b"(;GM[1]FF[4];B[aa]W[bb])");
    let out = sgfkit(&["check", "--format", "json", f.to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let items = v.as_array().unwrap();
    assert_eq!(items.len(), 1);
    let d = &items[0];
    assert_eq!(d["path"], f.display().to_string());
    assert_eq!(d["line"], 1);
    assert_eq!(d["column"], 19);
    assert_eq!(d["code"], "S004");
    assert_eq!(d["severity"], "error");
    assert_eq!(d["sgfc"], 37);
    assert!(d["message"].as_str().unwrap().contains("white move"));
    assert!(String::from_utf8_lossy(&out.stderr).contains("checked 1 file: 1 with errors"));
    let out = sgfkit(&["check", "--format", "xml", f.to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(2));
}

/// Every command walks a 100,000-deep tree without recursion and in linear
/// time (a quadratic walk would not finish here).
#[test]
fn every_command_handles_a_deep_tree() {
    let n = 100_000;
    let mut src = b"(;GM[1]SZ[19]".to_vec();
    for _ in 0..n {
        src.extend_from_slice(b"(;B[aa]");
    }
    src.extend(std::iter::repeat_n(b')', n + 1));
    let f = temp_file("deep.sgf", &src);
    let path = f.to_str().unwrap();
    for args in [
        &["check", path][..],
        &["check", "--strict", path],
        &["check", "--format", "json", path],
        &["fmt", path],
        &["fix", path],
        &["json", path],
        &["stats", path],
    ] {
        let out = sgfkit(args, None);
        assert!(
            matches!(out.status.code(), Some(0 | 1)),
            "{args:?}: {:?}\n{}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        );
    }
}
