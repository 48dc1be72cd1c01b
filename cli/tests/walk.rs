//! Folders walked as their files are read (`check`, `stats`, `json`,
//! `export`), and what the walk says, in its place among the results.

mod common;

use common::{stderr, stdout, temp_dir};
use std::io::Write;
use std::process::{Command, Stdio};
use std::time::Duration;

/// `stats -j 1 - DIR` reads standard input before it walks DIR: a file put
/// into DIR while the command waits for its standard input is found. A
/// command that listed its inputs before reading the first would have
/// walked DIR already, and not count the file.
#[test]
fn a_folder_is_walked_as_its_files_are_taken() {
    let dir = temp_dir("walked-late");
    std::fs::write(dir.join("a.sgf"), "(;GM[1];B[aa])").unwrap();
    let d = dir.to_str().unwrap();
    for command in [&["stats"][..], &["check", "-q"], &["json", "--compact"]] {
        let _ = std::fs::remove_file(dir.join("b.sgf"));
        let mut child = Command::new(env!("CARGO_BIN_EXE_sgfkit"))
            .args(["-j", "1"])
            .args(command)
            .args(["-", d])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("run sgfkit");
        // Time for a command that lists first to have walked the folder.
        std::thread::sleep(Duration::from_millis(300));
        std::fs::write(dir.join("b.sgf"), "(;GM[1];B[bb])").unwrap();
        let mut stdin = child.stdin.take().unwrap();
        stdin.write_all(b"(;GM[1];B[cc])").unwrap();
        drop(stdin);
        let out = child.wait_with_output().unwrap();
        let (text, err) = (stdout(&out), stderr(&out));
        match command[0] {
            "stats" => assert!(text.contains("files 3 failed 0"), "{text}{err}"),
            "check" => assert!(text.contains("checked 3 files"), "{text}{err}"),
            _ => assert!(text.contains("b.sgf"), "{text}{err}"),
        }
    }
}

/// What the walk says comes after what was read before it and before what
/// is read after it, in the one stream of stdout and stderr together,
/// whatever the number of threads: a folder's skipped files at the end of
/// its walk (each in its place with `-v`), a folder with nothing to read,
/// and a path that cannot be walked (counted as failed: exit status 2).
#[test]
fn what_the_walk_says_comes_in_its_place() {
    let dir = temp_dir("said-in-place");
    let first = dir.join("first");
    let empty = dir.join("empty");
    let last = dir.join("last");
    for folder in [&first, &empty, &last] {
        std::fs::create_dir_all(folder).unwrap();
    }
    // Each game lacks its `)`: a finding that names its file.
    std::fs::write(first.join("a.sgf"), "(;GM[1];B[aa]").unwrap();
    std::fs::write(first.join("notes.txt"), "").unwrap();
    std::fs::write(first.join("z.sgf"), "(;GM[1];B[zz]").unwrap();
    std::fs::write(empty.join("readme.txt"), "").unwrap();
    std::fs::write(last.join("b.sgf"), "(;GM[1];B[bb]").unwrap();
    // A link back to its folder's folder, followed with -L: an error of the
    // walk, met after b.sgf.
    std::fs::create_dir_all(last.join("sub")).unwrap();
    std::os::unix::fs::symlink("..", last.join("sub/up")).unwrap();
    let name = |p: &std::path::Path| p.to_str().unwrap().to_string();
    let (f, e, l) = (name(&first), name(&empty), name(&last));
    let bin = env!("CARGO_BIN_EXE_sgfkit");
    for jobs in ["1", "2"] {
        // stdout and stderr as one stream, as in a terminal or a log.
        let out = Command::new("sh")
            .arg("-c")
            .arg(format!(
                "'{bin}' -j {jobs} check -L '{f}' '{e}' '{l}' 2>&1; echo \"status $?\""
            ))
            .output()
            .expect("run sh");
        let all = stdout(&out);
        assert!(all.contains("status 2"), "{all}");
        assert!(all.contains("checked 3 files"), "{all}");
        let order = [
            at_in(&all, "a.sgf:"),
            at_in(&all, "z.sgf:"),
            at_in(&all, &format!("{f}: skipped 1 file")),
            at_in(&all, &format!("{e}: skipped 1 file")),
            at_in(&all, &format!("{e}: warning: no SGF file found")),
            at_in(&all, "b.sgf:"),
            at_in(&all, "loops back"),
        ];
        assert!(order.is_sorted(), "{order:?} in {all}");
        // With -v, each skipped file is said as it is met: notes.txt
        // after a.sgf and before z.sgf and the count of its folder.
        let out = Command::new("sh")
            .arg("-c")
            .arg(format!("'{bin}' -j {jobs} check -v '{f}' 2>&1"))
            .output()
            .expect("run sh");
        let all = stdout(&out);
        let order = [
            at_in(&all, "a.sgf:"),
            at_in(&all, "notes.txt: skipped"),
            at_in(&all, "z.sgf:"),
            at_in(&all, "skipped 1 file or folder"),
        ];
        assert!(order.is_sorted(), "{order:?} in {all}");
    }
}

/// Where `what` is in `text`.
fn at_in(text: &str, what: &str) -> usize {
    text.find(what)
        .unwrap_or_else(|| panic!("no {what:?} in {text}"))
}
