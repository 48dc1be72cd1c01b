//! The `sgfkit` binary: commands, output format and exit codes.

use std::io::Write;
use std::process::{Command, Output, Stdio};

mod common;
use common::{shared_corpus, temp_file};

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
        "{}:2:8: error[L009]: value not closed by `]` before the end of the input (closed there)",
        bad.display()
    );
    assert!(stdout.contains(&want), "{stdout}");
    assert!(stdout.contains(&format!(
        "{}:1:1: warning[L001]: 4 byte(s) before the first game tree skipped: `junk`",
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
    assert_eq!(out.stdout, b"(;CA[UTF-8]B[aa]\n(;W[bb])\n(;W[cc]))\n");
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
    for cmd in ["check", "fmt", "stats", "show", "tree"] {
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
        "{}:2:7: error[S003]: move and setup properties mixed in one node (B, AB)\n  | ;B[ee]AB[aa];W[ee])\n  |       ^^^^^^\n",
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
fn check_reports_source_fixes_unless_told_not_to() {
    let f = temp_file(
        "fox.sgf",
        b"(;GM[1]FF[4]SZ[19]KM[375]HA[0]RU[Chinese]AP[foxwq];B[pd])",
    );
    let path = f.to_str().unwrap();
    let out = sgfkit(&["check", "-v", path], None);
    assert_eq!(out.status.code(), Some(0));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("info[S054]: KM[375] read as 7.5: Fox writes komi in hundredths"),
        "{stdout}"
    );
    assert!(!stdout.contains("S052"), "{stdout}");
    let out = sgfkit(&["check", "--no-source-fixes", path], None);
    assert_eq!(out.status.code(), Some(0));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(!stdout.contains("S054"), "{stdout}");
    assert!(stdout.contains("warning[S052]"), "{stdout}");
}

#[test]
fn check_reads_broken_files_leniently_and_checks_them() {
    let f = temp_file("broken.sgf", b"(;GM[1];B[aa]W[bb]");
    let out = sgfkit(&["check", f.to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains(&format!("{}:1:19: error[L005]: ", f.display())),
        "{stdout}"
    );
    assert!(stdout.contains("error[S004]"), "{stdout}");
}

#[test]
fn check_json_is_json_lines() {
    let f = temp_file("json.sgf", b"(;GM[1]FF[4];B[aa]W[bb])");
    let out = sgfkit(&["check", "--format", "json", f.to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<serde_json::Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is one JSON object"))
        .collect();
    assert_eq!(lines.len(), 2, "{stdout}");
    let d = &lines[0];
    assert_eq!(d["type"], "diagnostic");
    assert_eq!(d["path"], f.display().to_string());
    assert_eq!(d["line"], 1);
    assert_eq!(d["column"], 19);
    assert_eq!(d["code"], "S004");
    assert_eq!(d["severity"], "error");
    assert_eq!(d["sgfc"], 37);
    assert!(d["message"].as_str().unwrap().contains("white move"));
    let summary = &lines[1];
    assert_eq!(summary["type"], "summary");
    assert_eq!(summary["files"], 1);
    assert_eq!(summary["files_with_errors"], 1);
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
        &["show", path],
        &["show", "--numbers", "1", "--svg", "-", path],
        &["tree", path],
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

/// Runs `sgfkit fmt [args]` on `input`: exit code, stdout, stderr.
fn fmt_cli(args: &[&str], input: &[u8]) -> (i32, String, String) {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_sgfkit"))
        .arg("fmt")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run sgfkit");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input)
        .expect("write");
    let out = child.wait_with_output().expect("wait");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn fmt_is_lenient_by_default() {
    let (code, out, err) = fmt_cli(&[], b"junk ;GM[1];B[aa]");
    assert_eq!(code, 0);
    assert_eq!(out, "(;CA[UTF-8]GM[1]\n;B[aa])\n");
    assert!(err.contains("<stdin>:1:1: warning[L001]"), "{err}");
    assert!(err.contains("<stdin>:1:6: error[L003]"), "{err}");

    let (code, out, err) = fmt_cli(&[], b"no tree here");
    assert_eq!((code, out.as_str()), (1, ""));
    assert!(err.contains("error[L013]"), "{err}");
}

#[test]
fn fmt_strict_refuses_damage() {
    let (code, out, err) = fmt_cli(&["--strict"], b"(;B[aa]");
    assert_eq!((code, out.as_str()), (1, ""));
    assert!(err.contains("1:8"), "{err}");
    let (code, out, _) = fmt_cli(&["--strict"], b"(;B[aa])");
    assert_eq!((code, out.as_str()), (0, "(;CA[UTF-8]B[aa])\n"));
}

/// Runs `sgfkit ARGS`: exit code, stdout, stderr.
fn sgfkit_run(args: &[&str]) -> (i32, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_sgfkit"))
        .args(args)
        .output()
        .expect("run sgfkit");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn fix_cli() {
    let dir = std::env::temp_dir().join(format!("sgfkit-fix-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let a = dir.join("a.sgf");
    let b = dir.join("b.sgf");
    let (a_s, b_s) = (a.to_string_lossy(), b.to_string_lossy());
    std::fs::write(&a, "(;FF[3]GM[1]KI[13]\nRE[w+r];B[tt]").expect("write");
    std::fs::write(&b, "(;FF[4]GM[1];B[aa]W[bb])").expect("write");

    // One file: to stdout, diagnostics on stderr.
    let (code, out, err) = sgfkit_run(&["fix", &a_s]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "(;CA[UTF-8]FF[4]GM[1]KM[6.5]RE[W+R]\n;B[])\n");
    assert!(err.contains(&format!("{a_s}:2:14: error[L005]")), "{err}");
    assert!(
        err.contains(&format!(
            "{a_s}:2:1: warning[R010]: RE[w+r] corrected to RE[W+R]"
        )),
        "{err}"
    );
    assert!(err.contains("info[R017]"), "{err}");

    // Several files need --in-place or --dry-run.
    let (code, out, _) = sgfkit_run(&["fix", &a_s, &b_s]);
    assert_eq!((code, out.as_str()), (2, ""));

    // --dry-run writes nothing.
    let (code, out, err) = sgfkit_run(&["fix", "--dry-run", &a_s, &b_s]);
    assert_eq!((code, out.as_str()), (0, ""));
    assert!(err.contains("warning[R019]"), "{err}");
    assert_eq!(
        std::fs::read_to_string(&b).unwrap(),
        "(;FF[4]GM[1];B[aa]W[bb])"
    );

    // --in-place rewrites; a second run has nothing left to do.
    let (code, _, _) = sgfkit_run(&["fix", "--in-place", &a_s, &b_s]);
    assert_eq!(code, 0);
    assert_eq!(
        std::fs::read_to_string(&b).unwrap(),
        "(;CA[UTF-8]FF[4]GM[1]\n;B[aa];W[bb])\n"
    );
    let (code, _, err) = sgfkit_run(&["fix", "--in-place", &a_s, &b_s]);
    assert_eq!(
        (code, err.as_str()),
        (
            0,
            "fixed 2 files: 0 repaired, 2 unchanged (left as they were), 0 failed\n"
        )
    );

    // No game tree: exit status 1.
    std::fs::write(&a, "hello").expect("write");
    assert_eq!(sgfkit_run(&["fix", "--dry-run", &a_s]).0, 1);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Runs `sgfkit ARGS` with extra environment variables.
fn sgfkit_env(args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_sgfkit"));
    cmd.args(args).env_remove("NO_COLOR").env_remove("TERM");
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd.stdin(Stdio::null()).output().expect("run sgfkit")
}

#[test]
fn a_missing_path_is_reported_and_the_rest_is_checked() {
    let good = temp_file("after-missing/a.sgf", b"(;GM[1]FF[4];B[aa])");
    let out = sgfkit(
        &["check", "/no/such/nope.sgf", good.to_str().unwrap()],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("sgfkit: /no/such/nope.sgf: "), "{stderr}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("checked 1 file: 0 with errors"), "{stdout}");
    // The same for every command that reads files.
    for cmd in ["stats", "json"] {
        let out = sgfkit(&[cmd, "/no/such/nope.sgf", good.to_str().unwrap()], None);
        assert_eq!(out.status.code(), Some(2), "{cmd}");
        assert!(!out.stdout.is_empty(), "{cmd}: the good file is still read");
    }
    let out = sgfkit(
        &[
            "fix",
            "--dry-run",
            "/no/such/nope.sgf",
            good.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn dash_reads_standard_input_in_every_command() {
    let sgf: &[u8] = b"(;GM[1]FF[4]SZ[9];B[ee];W[cc])";
    let out = sgfkit(&["check", "-"], Some(sgf));
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("checked 1 file: 0 with errors"));
    let out = sgfkit(&["stats", "-"], Some(sgf));
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("games 1 nodes 3 properties 5"));
    let out = sgfkit(&["json", "-"], Some(sgf));
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["games"][0]["nodes"].as_array().unwrap().len(), 3);
    let out = sgfkit(&["fmt", "-"], Some(sgf));
    assert_eq!(out.stdout, b"(;CA[UTF-8]GM[1]FF[4]SZ[9]\n;B[ee];W[cc])\n");
    let out = sgfkit(&["fix", "-"], Some(sgf));
    assert_eq!(out.stdout, b"(;CA[UTF-8]GM[1]FF[4]SZ[9]\n;B[ee];W[cc])\n");
}

/// `x.sgf`, `Y.SGF`, `sub/z.Sgf`, a hidden file and folder, a text file and
/// a link `sub/loop -> ..`: three files, each once, with or without -L.
#[cfg(unix)]
#[test]
fn folders_are_walked_once_each_with_any_case_and_no_hidden_files() {
    let root = temp_file("walk-loop/x.sgf", b"(;GM[1];B[aa])");
    let dir = root.parent().unwrap().to_path_buf();
    temp_file("walk-loop/Y.SGF", b"(;GM[1];B[bb])");
    temp_file("walk-loop/sub/z.Sgf", b"(;GM[1];B[cc])");
    temp_file("walk-loop/.hidden.sgf", b"(;GM[1];B[dd])");
    temp_file("walk-loop/.git/h.sgf", b"(;GM[1];B[ee])");
    temp_file("walk-loop/notes.txt", b"(;GM[1];B[ff])");
    let link = dir.join("sub/loop");
    let _ = std::fs::remove_file(&link);
    std::os::unix::fs::symlink("..", &link).unwrap();
    let d = dir.to_str().unwrap();
    let out = sgfkit(&["stats", d], None);
    assert_eq!(out.status.code(), Some(0));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("files 3 failed 0"), "{stdout}");
    assert!(stdout.contains("games 3 nodes 6"), "{stdout}");
    let out = sgfkit(&["-j", "1", "stats", "-L", d], None);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("files 3 failed 0"), "{stdout}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("loops back"), "{stderr}");
    // Named on the command line, a file is read whatever its name.
    let out = sgfkit(&["stats", dir.join("notes.txt").to_str().unwrap()], None);
    assert!(String::from_utf8_lossy(&out.stdout).contains("files 1 failed 0"));
    // The folder named again, a folder inside it and a file of it: each
    // file read once, each repeat said once, and no "no SGF file found".
    let sub = dir.join("sub");
    let x = dir.join("x.sgf");
    let out = sgfkit(
        &["stats", d, d, sub.to_str().unwrap(), x.to_str().unwrap()],
        None,
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("files 3 failed 0"), "{stdout}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    let said: Vec<&str> = stderr.lines().filter(|l| l.contains("the same")).collect();
    assert_eq!(said.len(), 3, "{stderr}");
    assert!(said[0].contains("the same folder as"), "{stderr}");
    assert!(said[1].contains("the same folder as"), "{stderr}");
    assert!(said[2].contains("the same file as"), "{stderr}");
    assert!(!stderr.contains("no SGF file found"), "{stderr}");
    // A folder whose only file was named before it: read once, not empty.
    let z = sub.join("z.Sgf");
    let out = sgfkit(&["stats", z.to_str().unwrap(), sub.to_str().unwrap()], None);
    assert!(String::from_utf8_lossy(&out.stdout).contains("files 1 failed 0"));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("the same file as"), "{stderr}");
    assert!(!stderr.contains("no SGF file found"), "{stderr}");
}

/// An entry the walk cannot read (a folder without read permission; a
/// dangling link followed with -L) is reported and counted as failed, and
/// the files beside it and after it are still read.
#[cfg(unix)]
#[test]
fn an_unreadable_entry_is_reported_and_its_siblings_are_walked() {
    use std::os::unix::fs::PermissionsExt;
    let first = temp_file("walk-unreadable/a.sgf", b"(;GM[1];B[aa])");
    let dir = first.parent().unwrap().to_path_buf();
    temp_file("walk-unreadable/c.sgf", b"(;GM[1];B[cc])");
    temp_file("walk-unreadable/z/d.sgf", b"(;GM[1];B[dd])");
    let locked = dir.join("b-locked");
    std::fs::create_dir_all(&locked).unwrap();
    std::fs::write(locked.join("hidden-inside.sgf"), b"(;GM[1];B[ee])").unwrap();
    let link = dir.join("b-dangling.sgf");
    let _ = std::fs::remove_file(&link);
    std::os::unix::fs::symlink("nowhere.sgf", &link).unwrap();
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o000)).unwrap();
    // A privileged user reads the folder all the same: then only the link
    // is unreadable.
    let privileged = std::fs::read_dir(&locked).is_ok();
    let d = dir.to_str().unwrap();
    let out = sgfkit(&["-j", "1", "stats", "-L", d], None);
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o755)).unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let files = if privileged { 4 } else { 3 };
    assert!(
        stdout.contains(&format!("files {files} failed 0")),
        "{stdout}\n{stderr}"
    );
    assert!(stderr.contains("b-dangling.sgf"), "{stderr}");
    if !privileged {
        assert!(stderr.contains("b-locked"), "{stderr}");
    }
    // Something could not be read: status 2.
    assert_eq!(out.status.code(), Some(2), "{stderr}");
}

#[test]
fn color_always_paints_and_never_does_not() {
    let f = temp_file("color.sgf", b"(;GM[1]FF[4];B[aa]W[bb])");
    let p = f.to_str().unwrap();
    let always = sgfkit_env(&["check", "--color", "always", p], &[]);
    let text = String::from_utf8_lossy(&always.stdout);
    assert!(text.contains("\x1b[1;31merror[S004]\x1b[0m"), "{text}");
    let never = sgfkit_env(&["check", "--color", "never", p], &[]);
    assert!(!String::from_utf8_lossy(&never.stdout).contains('\x1b'));
    // auto: a pipe is not a terminal; NO_COLOR and TERM=dumb are honoured too.
    for env in [&[][..], &[("NO_COLOR", "1")], &[("TERM", "dumb")]] {
        let auto = sgfkit_env(&["check", p], env);
        assert!(!String::from_utf8_lossy(&auto.stdout).contains('\x1b'));
    }
    // The same diagnostics either way.
    let strip = |s: &str| {
        s.replace("\x1b[1;31m", "")
            .replace("\x1b[1;34m", "")
            .replace("\x1b[1m", "")
            .replace("\x1b[0m", "")
    };
    assert_eq!(strip(&text), String::from_utf8_lossy(&never.stdout));
}

#[test]
fn repeated_infos_are_counted_and_verbose_shows_each() {
    let mut sgf = b"(;GM[1]FF[4]".to_vec();
    for _ in 0..240 {
        sgf.extend_from_slice(b";B[aa]GS[1];W[bb]GS[2]");
    }
    sgf.push(b')');
    let f = temp_file("infos.sgf", &sgf);
    let p = f.to_str().unwrap();
    let out = sgfkit(&["check", p], None);
    let text = String::from_utf8_lossy(&out.stdout);
    let gs: Vec<&str> = text.lines().filter(|l| l.contains("info[S019]")).collect();
    assert_eq!(gs.len(), 1, "{text}");
    assert!(
        gs[0].ends_with("unknown property GS (kept), 480 times"),
        "{}",
        gs[0]
    );
    let out = sgfkit(&["check", "-v", "--max-findings", "0", p], None);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        text.lines().filter(|l| l.contains("info[S019]")).count(),
        480
    );
    let out = sgfkit(
        &["check", "--format", "json", "--max-findings", "0", p],
        None,
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(text.lines().filter(|l| l.contains("\"S019\"")).count(), 480);
}

#[test]
fn stats_reads_utf16_like_every_command() {
    let text = "(;GM[1]FF[4]CA[UTF-16]PB[李昌镐];B[pd])";
    let mut bytes = vec![0xFF, 0xFE];
    for u in text.encode_utf16() {
        bytes.extend_from_slice(&u.to_le_bytes());
    }
    let f = temp_file("utf16.sgf", &bytes);
    let p = f.to_str().unwrap();
    let out = sgfkit(&["stats", p], None);
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("games 1 nodes 2"));
    for args in [&["check", p][..], &["json", p], &["fmt", p]] {
        let out = sgfkit(args, None);
        assert_eq!(out.status.code(), Some(0), "{args:?}");
    }
    let out = sgfkit(&["fmt", p], None);
    assert!(String::from_utf8_lossy(&out.stdout).contains("PB[李昌镐]"));
}

#[test]
fn json_of_several_files_is_one_line_each() {
    let a = temp_file("jl/a.sgf", b"(;GM[1];B[aa])");
    let b = temp_file("jl/b.sgf", b"(;GM[1]C[two\nlines];W[bb])");
    let out = sgfkit(&["json", a.to_str().unwrap(), b.to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON object a line"))
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[1]["path"], b.display().to_string());
    assert_eq!(
        lines[1]["games"][0]["nodes"][0]["properties"][1]["value"],
        "two\nlines"
    );
}

/// On every core the output is byte for byte what one thread prints.
#[test]
fn parallel_output_equals_sequential_output() {
    let Some(corpus) = shared_corpus() else {
        eprintln!("SKIPPED parallel_output_equals_sequential_output: ../shared/corpus not found");
        return;
    };
    for sub in ["gnugo", "suite-sgfc", "suite-sgfmill"] {
        let d = corpus.join(sub);
        let d = d.to_str().unwrap();
        for args in [
            &["check", "--strict", d][..],
            &["check", "--format", "json", d],
            &["json", d],
            &["fix", "--dry-run", d],
        ] {
            let one = sgfkit(&[&["-j", "1"][..], args].concat(), None);
            let many = sgfkit(&[&["-j", "4"][..], args].concat(), None);
            assert_eq!(one.status.code(), many.status.code(), "{args:?}");
            assert!(one.stdout == many.stdout, "{args:?}: stdout differs");
            assert!(one.stderr == many.stderr, "{args:?}: stderr differs");
            assert!(!one.stdout.is_empty() || !one.stderr.is_empty(), "{args:?}");
        }
    }
}

/// One big collection is checked on every core (its game trees shared out
/// to threads), with the output of one thread byte for byte.
#[test]
fn one_big_collection_is_checked_alike_on_every_core() {
    let mut src = String::new();
    for t in 0..600 {
        src.push_str(&format!(
            "(;GM[1]FF[4]SZ[19]HA[{}]AB[dd][pp]PB[b{t}]",
            t % 3
        ));
        for k in 0..40u8 {
            let (x, y) = ((b'a' + k % 19) as char, (b'a' + k / 19) as char);
            src.push_str(&format!(";B[{x}{y}];W[{y}{x}]"));
        }
        src.push_str(";B[aa];W[aa]XZ[1];AB[dd];B[ss];B[rr]PW[w]");
        src.push_str("(;W[ba];B[ba])(;W[ca]C[v];AW[ca])(;B[qq];W[qq]))\n");
    }
    let f = temp_file("big-collection.sgf", src.as_bytes());
    let p = f.to_str().unwrap();
    for args in [
        &["check", p][..],
        &["check", "--strict", p],
        &["check", "-q", p],
        &["check", "--format", "json", p],
    ] {
        let all = ["--max-findings", "0"];
        let one = sgfkit(&[&["-j", "1"][..], args, &all].concat(), None);
        let many = sgfkit(&[&["-j", "4"][..], args, &all].concat(), None);
        assert_eq!(one.status.code(), many.status.code(), "{args:?}");
        assert!(one.stdout == many.stdout, "{args:?}: stdout differs");
        assert!(one.stderr == many.stderr, "{args:?}: stderr differs");
        // Warnings of the trees of every thread, cut at the limit per code.
        let cut = String::from_utf8_lossy(&one.stdout).contains("more `S030` diagnostics left out");
        assert_eq!(cut, !args.contains(&"-q"), "{args:?}");
    }
}

/// `fix --in-place` where the folder cannot be written: the original stays
/// as it was, the error names the file, exit status 2. (As root every folder
/// is writable: then only the injected failure of the unit tests applies.)
#[cfg(unix)]
#[test]
fn fix_in_place_in_a_read_only_folder_keeps_the_original() {
    use std::os::unix::fs::PermissionsExt;
    let f = temp_file("readonly/a.sgf", b"(;FF[3]GM[1];B[tt])");
    let dir = f.parent().unwrap();
    std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o555)).unwrap();
    let probe = dir.join("probe");
    let root_like = std::fs::write(&probe, b"").is_ok();
    let _ = std::fs::remove_file(&probe);
    let out = sgfkit(&["fix", "--in-place", f.to_str().unwrap()], None);
    std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o755)).unwrap();
    if root_like {
        eprintln!("SKIPPED the read-only part: this user can write any folder");
        assert_eq!(out.status.code(), Some(0));
        return;
    }
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not rewritten"));
    assert_eq!(std::fs::read(&f).unwrap(), b"(;FF[3]GM[1];B[tt])");
}

/// Output into a pipe that closes early ends quietly.
#[test]
fn a_closed_pipe_ends_quietly() {
    use std::io::{BufRead, BufReader};
    let mut sgf = b"(;GM[1]".to_vec();
    for _ in 0..200_000 {
        sgf.extend_from_slice(b";B[aa];W[bb]");
    }
    sgf.push(b')');
    let f = temp_file("pipe.sgf", &sgf);
    for cmd in ["json", "fmt"] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_sgfkit"))
            .args([cmd, f.to_str().unwrap()])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut first = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut first)
            .unwrap();
        assert!(!first.is_empty());
        // stdout is dropped here: the pipe closes.
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!stderr.contains("panicked"), "{cmd}: {stderr}");
        assert!(
            matches!(out.status.code(), Some(0) | None),
            "{cmd}: {:?}",
            out.status
        );
    }
}

/// Bad inputs on the command line: one clear line each and the documented
/// exit status.
#[test]
fn bad_inputs_get_one_clear_line() {
    let empty = temp_file("bad/empty.sgf", b"");
    let binary = temp_file("bad/binary.sgf", &[0u8, 159, 146, 150, 255, 0, 1, 2, 3]);
    let dir = empty.parent().unwrap();
    // A folder where a file is expected.
    let out = sgfkit(&["fmt", dir.to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("is a folder"), "{stderr}");
    // Empty and binary files: no game tree, exit 1, in every command.
    for f in [&empty, &binary] {
        let p = f.to_str().unwrap();
        for args in [
            &["check", p][..],
            &["fmt", p],
            &["json", p],
            &["stats", p],
            &["fix", p],
        ] {
            let out = sgfkit(args, None);
            assert_eq!(out.status.code(), Some(1), "{args:?}");
            let all = format!(
                "{}{}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            );
            assert!(!all.contains("panicked"), "{args:?}: {all}");
        }
    }
    // UTF-32 with a byte order mark reads like any file.
    let mut utf32 = vec![0xFF, 0xFE, 0, 0];
    for c in "(;GM[1]PB[Lee];B[aa])".chars() {
        utf32.extend_from_slice(&(c as u32).to_le_bytes());
    }
    let f = temp_file("bad/utf32.sgf", &utf32);
    let out = sgfkit(&["fmt", f.to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("PB[Lee]"));
}

/// A named pipe given on the command line is read like a file (as
/// `sgfkit check <(zcat games.sgf.gz)` needs).
#[cfg(unix)]
#[test]
fn a_named_pipe_is_read() {
    let dir = temp_file("fifo/keep", b"").parent().unwrap().to_path_buf();
    let fifo = dir.join("games.fifo");
    let _ = std::fs::remove_file(&fifo);
    let made = Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        eprintln!("SKIPPED a_named_pipe_is_read: no mkfifo");
        return;
    }
    let writer_path = fifo.clone();
    let writer = std::thread::spawn(move || {
        std::fs::write(writer_path, b"(;GM[1]FF[4];B[aa];W[bb])").unwrap();
    });
    let out = sgfkit(&["stats", fifo.to_str().unwrap()], None);
    writer.join().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("games 1 nodes 3"));
}

/// A file above `--stream-above` is read one game tree at a time: the same
/// totals as a whole read of a clean collection, positions in the whole
/// file, and on every core the same output as on one.
#[test]
fn big_files_are_streamed_with_the_same_results() {
    let mut sgf = Vec::new();
    for k in 0..300 {
        sgf.extend_from_slice(
            format!("(;GM[1]FF[4]SZ[9]GN[game {k}]\n;B[ee];W[cc]XX[{k}]").as_bytes(),
        );
        if k % 50 == 7 {
            sgf.extend_from_slice(b";B[ee]");
        }
        // Repaired by the lenient reader (L012) in three game trees.
        if k % 100 == 3 {
            sgf.extend_from_slice(b"b[x]");
        }
        sgf.extend_from_slice(b")\n");
    }
    let f = temp_file("big/collection.sgf", &sgf);
    let p = f.to_str().unwrap();
    let whole = sgfkit(&["stats", p], None);
    let streamed = sgfkit(&["stats", "--stream-above", "0", p], None);
    let totals = |o: &Output| {
        String::from_utf8_lossy(&o.stdout)
            .lines()
            .take(2)
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    // Files, failed and repaired count files, not game trees.
    assert_eq!(totals(&whole), totals(&streamed));
    assert_eq!(totals(&whole)[0], "files 1 failed 0 repaired 1");
    assert!(
        totals(&whole)[1].starts_with("games 300 nodes 906"),
        "{:?}",
        totals(&whole)
    );
    // Every finding: repeated infos are counted per game tree when
    // streamed, so the first 100 lines differ.
    let all = ["--max-findings", "0"];
    let one = sgfkit(
        &[&["-j", "1", "check", "--stream-above", "0", p][..], &all].concat(),
        None,
    );
    let many = sgfkit(
        &[&["-j", "4", "check", "--stream-above", "0", p][..], &all].concat(),
        None,
    );
    assert_eq!(one.stdout, many.stdout);
    let text = String::from_utf8_lossy(&one.stdout);
    // Game 57 (line 58) has a move on an occupied point: found at its place in the file.
    assert!(text.contains(&format!("{p}:58:")), "{text}");
    let whole_check = sgfkit(&["check", "--max-findings", "0", p], None);
    let positions = |o: &Output| {
        String::from_utf8_lossy(&o.stdout)
            .lines()
            .filter(|l| l.contains("warning[S030]"))
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    assert_eq!(positions(&one), positions(&whole_check));
    assert_eq!(positions(&one).len(), 6);
}

/// `json` reads a file above `--stream-above` one game tree at a time and
/// writes the same document: both forms, one input or several (a line a
/// file), any -j, the reader's messages at their place in the whole file.
#[test]
fn json_of_a_streamed_file_is_the_json_of_the_whole_file() {
    let mut sgf = Vec::new();
    for k in 0..200 {
        sgf.extend_from_slice(
            format!("(;GM[1]FF[4]SZ[9]GN[game {k}]\n;B[ee]\n(;W[cc]C[k{k}])(;W[dd]XX[{k}]))\n")
                .as_bytes(),
        );
        if k == 150 {
            // A repair after game 151 (three lines a game): line 454.
            sgf.extend_from_slice(b"(;GM[1]Comment[x];B[aa])\n");
        }
    }
    let f = temp_file("big-json/collection.sgf", &sgf);
    let g = temp_file("big-json/small.sgf", b"(;GM[1];B[dd])");
    let (p, q) = (f.to_str().unwrap(), g.to_str().unwrap());
    for form in [&[][..], &["--compact"][..]] {
        for inputs in [vec![p], vec![p, q]] {
            let mut whole = vec!["json"];
            whole.extend(form);
            whole.extend(&inputs);
            let mut streamed = vec!["-j", "1", "json", "--stream-above", "0"];
            streamed.extend(form);
            streamed.extend(&inputs);
            let (a, b) = (sgfkit(&whole, None), sgfkit(&streamed, None));
            streamed[1] = "3";
            let c = sgfkit(&streamed, None);
            assert_eq!(a.status.code(), Some(0), "{whole:?}");
            assert_eq!(b.status.code(), Some(0), "{streamed:?}");
            assert!(a.stdout.len() > 20_000, "{whole:?}");
            assert!(a.stdout == b.stdout, "{streamed:?}");
            assert!(b.stdout == c.stdout, "{streamed:?}");
            assert_eq!(
                String::from_utf8_lossy(&a.stderr),
                String::from_utf8_lossy(&b.stderr)
            );
            assert!(
                String::from_utf8_lossy(&b.stderr).contains(&format!("{p}:454:8: warning[L010]")),
                "{}",
                String::from_utf8_lossy(&b.stderr)
            );
        }
    }
}

#[test]
fn json_compact_is_a_line_a_game() {
    let a = temp_file("compact-a.sgf", b"(;GM[1]SZ[9];B[ee];W[cc])(;SZ[13];B[aa])");
    let b = temp_file("compact-b.sgf", b"(;GM[1];B[dd])");
    let (a, b) = (a.to_str().unwrap(), b.to_str().unwrap());
    let out = sgfkit(&["json", "--compact", a], None);
    assert_eq!(out.status.code(), Some(0));
    let stdout = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<serde_json::Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is one JSON object"))
        .collect();
    assert_eq!(lines.len(), 2, "{stdout}");
    assert_eq!(lines[0]["parent"], serde_json::json!([null, 0, 1]));
    assert_eq!(lines[0]["props"][2], serde_json::json!(["W", "cc"]));
    assert_eq!(lines[1]["size"], serde_json::json!([13, 13]));
    // Several inputs: each line names its file.
    let out = sgfkit(&["json", "--compact", a, b], None);
    let stdout = String::from_utf8(out.stdout).unwrap();
    let paths: Vec<String> = stdout
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["path"].to_string())
        .collect();
    assert_eq!(paths.len(), 3, "{stdout}");
    assert!(paths[0].contains("compact-a") && paths[2].contains("compact-b"));
}

/// `fmt` and `fix` write UTF-8 and say so: `CA[UTF-8]` first in every
/// root, in place of any other `CA`, so that readers that take a file
/// without `CA` as ISO-8859-1 (FF[4]) read a Fox game's Chinese names
/// right; `--keep-encoding` keeps the bytes and the `CA` as they are.
#[test]
fn written_sgf_declares_its_charset() {
    let Some(corpus) = shared_corpus() else {
        eprintln!("SKIPPED written_sgf_declares_its_charset: ../shared/corpus not found");
        return;
    };
    // UTF-8 without CA (as every Fox game).
    let fox = corpus.join("fox-pro/Pro/1p/1377954818019999562.sgf");
    let original = std::fs::read(&fox).expect("the Fox game");
    assert!(!original.windows(3).any(|w| w == b"CA["));
    let p = fox.to_str().unwrap();
    for args in [&["fmt", p][..], &["fmt", "--strict", p], &["fix", p]] {
        let out = sgfkit(args, None);
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        let text = String::from_utf8(out.stdout).expect("UTF-8");
        assert!(
            text.starts_with("(;CA[UTF-8]GM[1]FF[4]"),
            "{args:?}: {text}"
        );
        assert_eq!(text.matches("CA[").count(), 1, "{args:?}");
        assert!(text.contains("PB[蔡文驰]") && text.contains("PW[陈正勋]"));
    }
    let kept = sgfkit(&["fmt", "--keep-encoding", p], None);
    let text = String::from_utf8(kept.stdout).expect("UTF-8 as it was");
    assert!(text.starts_with("(;GM[1]FF[4]"), "{text}");
    assert!(!text.contains("CA["), "{text}");

    // GB2312 declared late in the root: transcoded, the CA replaced (and
    // first, where readers that sniff the start look); --keep-encoding
    // keeps the bytes and the CA.
    let gbk = temp_file(
        "charset/gbk.sgf",
        b"(;GM[1]FF[4]PB[\xc0\xee\xb2\xfd\xb8\xe4]CA[gb2312]\n(;B[pd])(;B[dd]))\n(;GM[1]FF[4]PW[x])",
    );
    let g = gbk.to_str().unwrap();
    for args in [&["fmt", g][..], &["fmt", "--strict", g], &["fix", g]] {
        let out = sgfkit(args, None);
        assert_eq!(
            String::from_utf8(out.stdout).unwrap(),
            "(;CA[UTF-8]GM[1]FF[4]PB[李昌镐]\n(;B[pd])\n(;B[dd]))\n(;CA[UTF-8]GM[1]FF[4]PW[x])\n",
            "{args:?}"
        );
    }
    let kept = sgfkit(&["fmt", "--keep-encoding", g], None);
    assert_eq!(
        kept.stdout,
        b"(;GM[1]FF[4]PB[\xc0\xee\xb2\xfd\xb8\xe4]CA[gb2312]\n(;B[pd])\n(;B[dd]))\n(;GM[1]FF[4]PW[x])\n"
    );
}

/// An input of 1 MiB or more among several is written by the thread that
/// writes, as its document is made: its line is the document it has alone,
/// on one line with its path first (with `--compact`, each line of it).
#[test]
fn json_writes_a_big_input_among_several_as_alone() {
    let game = b"(;GM[1]SZ[19]PB[Lee \\] Sedol]C[two\nlines];B[pd];W[dp](;B[qq]C[a])(;B[dd]))\n";
    let big = game.repeat((1 << 20) / game.len() + 1);
    let big = temp_file("json-big.sgf", &big);
    let small = temp_file("json-small.sgf", game);
    let head = format!(
        "{{\"path\":{},",
        serde_json::Value::from(big.display().to_string())
    );
    for compact in [false, true] {
        let run = |paths: &[&std::path::Path]| {
            let mut args = vec!["json"];
            if compact {
                args.push("--compact");
            }
            args.extend(paths.iter().map(|p| p.to_str().unwrap()));
            let out = sgfkit(&args, None);
            assert!(out.status.success(), "{args:?}");
            String::from_utf8(out.stdout).unwrap()
        };
        let alone = run(&[&big]);
        let both = run(&[&big, &small]);
        let want: String = if compact {
            alone
                .lines()
                .map(|l| format!("{head}{}\n", &l[1..]))
                .collect()
        } else {
            format!("{head}{}\n", alone[1..].replace('\n', ""))
        };
        assert!(want.len() > 1 << 20, "{}", want.len());
        assert!(both.starts_with(&want), "compact: {compact}");
        let rest = &both[want.len()..];
        assert!(
            rest.starts_with("{\"path\":") && rest.contains("json-small.sgf"),
            "{rest}"
        );
        // The same two files in a zip: the big member is written as made
        // too, under its name in the archive.
        let zip_path = big.with_file_name(format!("json-two-{compact}.zip"));
        let mut zip = zip::ZipWriter::new(std::fs::File::create(&zip_path).unwrap());
        for p in [&big, &small] {
            let name = p.file_name().unwrap().to_str().unwrap();
            zip.start_file(name, zip::write::SimpleFileOptions::default())
                .unwrap();
            zip.write_all(&std::fs::read(p).unwrap()).unwrap();
        }
        zip.finish().unwrap();
        let member = format!("{}!/json-big.sgf", zip_path.display());
        let member_head = format!("{{\"path\":{},", serde_json::Value::from(member));
        let zipped = run(&[&zip_path]);
        assert!(
            zipped.starts_with(&want.replace(&head, &member_head)),
            "compact: {compact}"
        );
    }
}
