//! Folders walked as their files are read (`check`, `stats`, `json`,
//! `export`), and what the walk says, in its place among the results.

mod common;

use common::{sgfkit, stderr, stdout, temp_dir};
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
/// is read after it, whatever the number of threads: a folder's skipped
/// files at the end of its walk (each in its place with `-v`), a folder
/// with nothing to read, and a path that cannot be walked (counted as
/// failed: exit status 2).
#[test]
fn what_the_walk_says_comes_in_its_place() {
    let dir = temp_dir("said-in-place");
    let first = dir.join("first");
    let empty = dir.join("empty");
    let last = dir.join("last");
    for folder in [&first, &empty, &last] {
        std::fs::create_dir_all(folder).unwrap();
    }
    std::fs::write(first.join("a.sgf"), "(;GM[1];B[aa])").unwrap();
    std::fs::write(first.join("notes.txt"), "").unwrap();
    std::fs::write(first.join("z.sgf"), "(;GM[1];B[zz])").unwrap();
    std::fs::write(empty.join("readme.txt"), "").unwrap();
    std::fs::write(last.join("b.sgf"), "(;GM[1];B[bb]").unwrap();
    // A link back to its folder's folder, followed with -L: an error of the
    // walk, in its place.
    std::fs::create_dir_all(last.join("sub")).unwrap();
    std::os::unix::fs::symlink("..", last.join("sub/up")).unwrap();
    let name = |p: &std::path::Path| p.to_str().unwrap().to_string();
    let (f, e, l) = (name(&first), name(&empty), name(&last));
    for jobs in ["1", "2"] {
        let out = sgfkit(&["-j", jobs, "check", "-L", &f, &e, &l]);
        assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
        let err = stderr(&out);
        let lines: Vec<&str> = err.lines().collect();
        let at = |what: &str| {
            lines
                .iter()
                .position(|line| line.contains(what))
                .unwrap_or_else(|| panic!("no line with {what:?} in {err}"))
        };
        let skipped_first = at(&format!("{f}: skipped 1 file"));
        let nothing = at(&format!("{e}: warning: no SGF file found"));
        let skipped_empty = at(&format!("{e}: skipped 1 file"));
        let looped = at("loops back");
        assert!(skipped_first < skipped_empty, "{err}");
        assert!(skipped_empty < nothing, "{err}");
        assert!(nothing < looped, "{err}");
        // On stdout, b.sgf's finding (its `)` missing) comes after a.sgf's
        // and z.sgf's files.
        let text = stdout(&out);
        assert!(text.contains("b.sgf"), "{text}");
        assert!(text.contains("checked 3 files"), "{text}");
        // With -v, each skipped file is said as it is met: notes.txt
        // before the count of its folder.
        let out = sgfkit(&["-j", jobs, "check", "-v", &f]);
        let err = stderr(&out);
        let listed = err.find("notes.txt: skipped").expect(&err);
        let count = err.find("skipped 1 file or folder").expect(&err);
        assert!(listed < count, "{err}");
    }
}
