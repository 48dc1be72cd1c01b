//! Bad paths and inputs on the command line, in every command: a missing
//! file, a folder where a file is expected, a FIFO, an empty file, UTF-16
//! and UTF-32 files (with and without a byte order mark), a binary file,
//! and files beyond the resource limits. Each gets one clear line and the
//! exit status `--help` documents (0 read, 1 a file with an error, 2 a path
//! that could not be read).

use std::process::{Command, Output};

mod common;
use common::{sgfkit, temp_file};

const COMMANDS: [&[&str]; 5] = [
    &["check"],
    &["fmt"],
    &["json"],
    &["stats"],
    &["fix", "--dry-run"],
];

/// The commands that show one file (a diagram, the variation tree): they
/// answer a missing, empty or binary file as the others do.
const VIEWS: [&[&str]; 2] = [&["show"], &["tree"]];

/// The lines a command wrote about the file: its stderr, and for `check`
/// its diagnostic lines (not the source snippets under them).
fn lines_about(cmd: &str, path: &str, out: &Output) -> Vec<String> {
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let mut lines: Vec<String> = stderr
        .lines()
        .filter(|l| l.contains(path))
        .map(str::to_string)
        .collect();
    if cmd == "check" {
        lines.extend(
            stdout
                .lines()
                .filter(|l| l.starts_with(path))
                .map(str::to_string),
        );
    }
    lines
}

/// Runs every command (and the views) on `path`: the exit status, and
/// exactly one line about the file containing `says`.
fn every_command(path: &str, status: i32, says: &str) {
    for cmd in COMMANDS.into_iter().chain(VIEWS) {
        let args = [cmd, &[path]].concat();
        let out = sgfkit(&args);
        let lines = lines_about(cmd[0], path, &out);
        assert_eq!(out.status.code(), Some(status), "{args:?}: {lines:?}");
        assert_eq!(lines.len(), 1, "{args:?}: {lines:?}");
        assert!(lines[0].contains(says), "{args:?}: {lines:?}");
        let all = String::from_utf8_lossy(&out.stderr);
        assert!(!all.contains("panicked"), "{args:?}: {all}");
    }
}

#[test]
fn a_missing_file() {
    let p = temp_file("missing/keep", b"").with_file_name("nothing-here.sgf");
    every_command(p.to_str().unwrap(), 2, "No such file");
}

#[test]
fn an_empty_file() {
    let p = temp_file("empty.sgf", b"");
    every_command(
        p.to_str().unwrap(),
        1,
        "error[L013]: no game tree found: the input is empty",
    );
}

#[test]
fn a_binary_file() {
    let mut elf = b"\x7FELF\x02\x01\x01\0\0\0\0\0\0\0\0\0".to_vec();
    elf.extend((0..=255u8).cycle().take(2000));
    let p = temp_file("binary.sgf", &elf);
    every_command(p.to_str().unwrap(), 1, "binary data");
}

/// `fmt` formats files; the other commands walk a folder for `*.sgf`.
#[test]
fn a_folder_given_to_fmt() {
    let dir = temp_file("folder/a.sgf", b"(;B[aa])");
    let dir = dir.parent().unwrap().to_str().unwrap();
    for args in [&["fmt", dir][..], &["fmt", "--strict", dir]] {
        let out = sgfkit(args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(stderr.contains("is a folder"), "{args:?}: {stderr}");
    }
}

/// UTF-16 and UTF-32, little and big endian, with and without a byte
/// order mark: every command reads them as the same game.
#[test]
fn utf16_and_utf32_files() {
    let text = "(;GM[1]FF[4]PB[李昌镐]PW[Lee];B[aa];W[bb])";
    let utf16 = |big: bool| -> Vec<u8> {
        text.encode_utf16()
            .flat_map(|u| {
                if big {
                    u.to_be_bytes()
                } else {
                    u.to_le_bytes()
                }
            })
            .collect()
    };
    let utf32 = |big: bool| -> Vec<u8> {
        text.chars()
            .flat_map(|c| {
                let c = c as u32;
                if big {
                    c.to_be_bytes()
                } else {
                    c.to_le_bytes()
                }
            })
            .collect()
    };
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("utf16le-bom", [&[0xFF, 0xFE][..], &utf16(false)].concat()),
        ("utf16be-bom", [&[0xFE, 0xFF][..], &utf16(true)].concat()),
        ("utf16le", utf16(false)),
        ("utf16be", utf16(true)),
        (
            "utf32le-bom",
            [&[0xFF, 0xFE, 0, 0][..], &utf32(false)].concat(),
        ),
        (
            "utf32be-bom",
            [&[0, 0, 0xFE, 0xFF][..], &utf32(true)].concat(),
        ),
        ("utf32le", utf32(false)),
        ("utf32be", utf32(true)),
    ];
    for (name, bytes) in cases {
        let f = temp_file(&format!("wide/{name}.sgf"), &bytes);
        let p = f.to_str().unwrap();
        for cmd in COMMANDS {
            let out = sgfkit(&[cmd, &[p]].concat());
            assert_eq!(out.status.code(), Some(0), "{name} {cmd:?}");
        }
        let fmt = sgfkit(&["fmt", p]);
        let printed = String::from_utf8(fmt.stdout).unwrap();
        assert!(printed.contains("PB[李昌镐]"), "{name}: {printed}");
        assert!(printed.contains(";B[aa];W[bb]"), "{name}: {printed}");
        let json = sgfkit(&["json", p]);
        assert!(
            String::from_utf8_lossy(&json.stdout).contains("李昌镐"),
            "{name}"
        );
        // Bytes cannot be kept in a wide encoding: written in UTF-8, said once.
        let kept = sgfkit(&["fmt", "--keep-encoding", p]);
        assert_eq!(kept.status.code(), Some(0), "{name}");
        assert!(String::from_utf8_lossy(&kept.stdout).contains("PB[李昌镐]"));
        let stderr = String::from_utf8_lossy(&kept.stderr);
        assert_eq!(stderr.lines().count(), 1, "{name}: {stderr}");
        assert!(stderr.contains("written in UTF-8"), "{name}: {stderr}");
    }
}

/// A FIFO is read like a file by every command (as `sgfkit check <(zcat
/// games.sgf.gz)` needs).
#[cfg(unix)]
#[test]
fn a_fifo_in_every_command() {
    let dir = temp_file("fifo/keep", b"").parent().unwrap().to_path_buf();
    for (k, cmd) in COMMANDS.iter().enumerate() {
        let fifo = dir.join(format!("games{k}.sgf"));
        let _ = std::fs::remove_file(&fifo);
        let made = Command::new("mkfifo").arg(&fifo).status();
        if !made.is_ok_and(|s| s.success()) {
            eprintln!("SKIPPED a_fifo_in_every_command: no mkfifo");
            return;
        }
        let writer_path = fifo.clone();
        let writer = std::thread::spawn(move || {
            std::fs::write(writer_path, b"(;GM[1]FF[4];B[aa];W[bb])").unwrap();
        });
        let out = sgfkit(&[*cmd, &[fifo.to_str().unwrap()]].concat());
        writer.join().unwrap();
        assert_eq!(out.status.code(), Some(0), "{cmd:?}: {out:?}");
        let all = String::from_utf8_lossy(&out.stdout);
        if cmd[0] == "fmt" {
            assert_eq!(all, "(;CA[UTF-8]GM[1]FF[4]\n;B[aa];W[bb])\n");
        }
    }
}

/// A file beyond a limit given on the command line: one positioned line,
/// exit status 1, in every command; within the limit it reads as usual.
#[test]
fn limits_on_the_command_line() {
    let f = temp_file(
        "limits.sgf",
        b"(;GM[1]FF[4]AB[aa:ss]\nC[a comment];B[aa](;W[bb])(;W[cc]))",
    );
    let p = f.to_str().unwrap();
    let cases: [(&str, &str, &str); 5] = [
        ("--max-points=100", "1:16:", "max_points"),
        ("--max-file-points=300", "1:16:", "max_file_points"),
        ("--max-value-len=5", "2:3:", "max_value_len"),
        ("--max-nodes=2", "2:20:", "max_nodes"),
        ("--max-depth=1", "2:19:", "nested deeper than 1"),
    ];
    for (flag, at, says) in cases {
        for cmd in COMMANDS {
            let args = [&[flag][..], cmd, &[p]].concat();
            let out = sgfkit(&args);
            let lines = lines_about(cmd[0], p, &out);
            if flag.starts_with("--max-depth") && cmd[0] == "stats" {
                // Flattening is a repair: stats counts repairs, lists none.
                assert_eq!(out.status.code(), Some(0));
                continue;
            }
            let hit: Vec<&String> = lines.iter().filter(|l| l.contains(says)).collect();
            // (Each variation nested too deep is flattened and said so.)
            assert!(!hit.is_empty(), "{args:?}: {lines:?}");
            assert!(
                hit.len() == 1 || says.contains("nested"),
                "{args:?}: {lines:?}"
            );
            assert!(
                hit[0].starts_with(&format!("{p}:{at}")),
                "{args:?}: {hit:?}"
            );
            // Nesting is flattened (a repair); the other limits refuse the file.
            let status = if flag.starts_with("--max-depth") && cmd[0] != "check" {
                0
            } else {
                1
            };
            assert_eq!(out.status.code(), Some(status), "{args:?}: {lines:?}");
        }
        // The flag goes after the command as well.
        let out = sgfkit(&["stats", flag, p]);
        assert_ne!(out.status.code(), Some(2), "stats {flag}");
    }
    for cmd in COMMANDS {
        let out = sgfkit(&[cmd, &[p]].concat());
        assert_eq!(out.status.code(), Some(0), "{cmd:?} at the defaults");
    }
}

/// The exit statuses are documented where users look.
#[test]
fn exit_statuses_are_documented() {
    let help = sgfkit(&["--help"]);
    let help = String::from_utf8_lossy(&help.stdout);
    assert!(help.contains("Exit status: 0"), "{help}");
    assert!(
        help.contains("2 when some path could not be read"),
        "{help}"
    );
    let readme = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../README.md"),
    )
    .unwrap();
    assert!(readme.contains("**Exit status.**"));
    assert!(readme.contains("docs/limits.md"));
}
