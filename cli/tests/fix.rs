//! `sgfkit fix` on folders: `-o DIR` mirrors the input tree, clean files
//! are copied (or left, with --in-place) byte for byte, files reached twice
//! are said, every mode ends with a summary line, and text outside the game
//! trees survives.

use std::path::Path;

mod common;
use common::{sgfkit, shared_corpus, stderr, temp_dir};

const CLEAN: &str = "(;FF[4]GM[1]SZ[19];B[pd];W[dd])";
/// Move and setup in one node (R006) and no FF (R017).
const MIXED: &str = "(;GM[1]SZ[19]AB[aa]B[bb])";
/// A Fox-style AP without version (R020) and no FF (R017).
const FOX: &str = "(;GM[1]SZ[19]AP[foxwq];B[pd])";

/// `in/clean.sgf`, `in/mixed.sgf`, `in/sub/fox.sgf`, `in/notes.txt`.
fn three_files(name: &str) -> std::path::PathBuf {
    let dir = temp_dir(name);
    let input = dir.join("in");
    std::fs::create_dir_all(input.join("sub")).unwrap();
    std::fs::write(input.join("clean.sgf"), CLEAN).unwrap();
    std::fs::write(input.join("mixed.sgf"), MIXED).unwrap();
    std::fs::write(input.join("sub/fox.sgf"), FOX).unwrap();
    std::fs::write(input.join("notes.txt"), "not a game").unwrap();
    dir
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// The last line of stderr: the summary.
fn summary(out: &std::process::Output) -> String {
    stderr(out).lines().last().unwrap_or_default().to_string()
}

#[test]
fn fix_o_mirrors_the_folder_and_copies_clean_files_unchanged() {
    let dir = three_files("o");
    let (input, output) = (dir.join("in"), dir.join("out"));
    let out = sgfkit(&["fix", "-o", s(&output), s(&input)]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        std::fs::read(output.join("clean.sgf")).unwrap(),
        CLEAN.as_bytes()
    );
    let mixed = std::fs::read_to_string(output.join("mixed.sgf")).unwrap();
    assert_eq!(mixed, "(;CA[UTF-8]GM[1]SZ[19]AB[aa]FF[4]\n;B[bb])\n");
    let fox = std::fs::read_to_string(output.join("sub/fox.sgf")).unwrap();
    assert!(fox.contains("AP[foxwq:]"), "{fox}");
    assert!(!output.join("notes.txt").exists());
    assert_eq!(
        summary(&out),
        "fixed 3 files: 2 repaired (R017 \u{d7}2, R006 \u{d7}1, R020 \u{d7}1), \
         1 unchanged (copied as they were), 0 failed"
    );
    // What fix wrote has nothing left to repair.
    let again = sgfkit(&["fix", "--dry-run", s(&output)]);
    assert_eq!(
        summary(&again),
        "dry run, nothing written: 3 files: 0 repaired, 3 unchanged, 0 failed"
    );
    // --reformat writes the clean file in the canonical form too.
    let re = dir.join("re");
    let out = sgfkit(&["fix", "--reformat", "-o", s(&re), s(&input)]);
    assert!(out.status.success());
    assert_eq!(
        std::fs::read_to_string(re.join("clean.sgf")).unwrap(),
        "(;CA[UTF-8]FF[4]GM[1]SZ[19]\n;B[pd];W[dd])\n"
    );
}

#[test]
fn fix_o_writes_text_not_read_as_it_is_in_utf8_and_copies_the_rest() {
    let dir = temp_dir("o-encodings");
    let (input, output) = (dir.join("in"), dir.join("out"));
    std::fs::create_dir_all(&input).unwrap();
    // 李昌镐 in GBK; a UTF-8 byte order mark; a clean file with a comment
    // in UTF-8.
    let name = b"\xc0\xee\xb2\xfd\xb8\xe4";
    let gbk = [&b"(;FF[4]CA[GBK]GM[1]SZ[19]PB["[..], name, b"];B[pd])"].concat();
    let bom = "\u{feff}(;FF[4]GM[1]SZ[19];B[pd])";
    let clean = "(;FF[4]CA[UTF-8]GM[1]SZ[19]PB[李昌镐];B[pd]C[好])\n";
    std::fs::write(input.join("gbk.sgf"), &gbk).unwrap();
    std::fs::write(input.join("bom.sgf"), bom).unwrap();
    std::fs::write(input.join("clean.sgf"), clean).unwrap();
    let out = sgfkit(&["fix", "-o", s(&output), s(&input)]);
    assert!(out.status.success(), "{}", stderr(&out));
    let read = |f: &str| std::fs::read_to_string(output.join(f)).unwrap();
    assert_eq!(
        read("gbk.sgf"),
        "(;CA[UTF-8]FF[4]GM[1]SZ[19]PB[李昌镐]\n;B[pd])\n"
    );
    assert_eq!(read("bom.sgf"), "(;CA[UTF-8]FF[4]GM[1]SZ[19]\n;B[pd])\n");
    assert_eq!(
        std::fs::read(output.join("clean.sgf")).unwrap(),
        clean.as_bytes()
    );
    assert_eq!(
        summary(&out),
        "fixed 3 files: 2 repaired (encoding \u{d7}2), 1 unchanged (copied as they were), 0 failed"
    );
}

#[test]
fn fix_o_refuses_to_write_over_the_folder_it_reads() {
    let dir = three_files("same");
    let input = dir.join("in");
    let out = sgfkit(&["fix", "-o", s(&input), s(&input)]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--in-place"), "{}", stderr(&out));
    assert_eq!(
        std::fs::read(input.join("mixed.sgf")).unwrap(),
        MIXED.as_bytes()
    );
}

#[test]
fn in_place_leaves_clean_files_untouched() {
    let dir = three_files("inplace");
    let input = dir.join("in");
    let clean = input.join("clean.sgf");
    // An old time, which a rewrite would change.
    let old = std::time::SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(1_000_000_000);
    std::fs::File::options()
        .write(true)
        .open(&clean)
        .unwrap()
        .set_modified(old)
        .unwrap();
    let out = sgfkit(&["fix", "--in-place", s(&input)]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(std::fs::read(&clean).unwrap(), CLEAN.as_bytes());
    assert_eq!(std::fs::metadata(&clean).unwrap().modified().unwrap(), old);
    assert_ne!(
        std::fs::read(input.join("mixed.sgf")).unwrap(),
        MIXED.as_bytes()
    );
    assert!(summary(&out).contains("2 repaired"), "{}", summary(&out));
    assert!(summary(&out).contains("1 unchanged (left as they were)"));
    // With --reformat the clean file is written in the canonical form.
    let out = sgfkit(&["fix", "--in-place", "--reformat", s(&clean)]);
    assert!(out.status.success());
    assert_ne!(std::fs::read(&clean).unwrap(), CLEAN.as_bytes());
}

#[test]
fn dry_run_sums_up_and_writes_nothing() {
    let dir = three_files("dry");
    let input = dir.join("in");
    let out = sgfkit(&["fix", "--dry-run", s(&input)]);
    assert!(out.status.success());
    assert!(out.stdout.is_empty());
    assert_eq!(
        summary(&out),
        "dry run, nothing written: 3 files: 2 repaired (R017 \u{d7}2, R006 \u{d7}1, R020 \u{d7}1), \
         1 unchanged, 0 failed"
    );
    assert_eq!(
        std::fs::read(input.join("mixed.sgf")).unwrap(),
        MIXED.as_bytes()
    );
}

#[test]
fn one_file_to_stdout_still_sums_up_on_stderr() {
    let dir = three_files("stdout");
    let out = sgfkit(&["fix", s(&dir.join("in/mixed.sgf"))]);
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "(;CA[UTF-8]GM[1]SZ[19]AB[aa]FF[4]\n;B[bb])\n"
    );
    assert!(summary(&out).starts_with("fixed 1 file: 1 repaired"));
}

#[test]
fn failed_files_are_counted() {
    let dir = three_files("failed");
    let input = dir.join("in");
    std::fs::write(input.join("empty.sgf"), "no game here").unwrap();
    let out = sgfkit(&["fix", "--dry-run", s(&input)]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        summary(&out).ends_with("1 unchanged, 1 failed"),
        "{}",
        summary(&out)
    );
}

#[cfg(unix)]
#[test]
fn hard_links_and_files_named_twice_are_said() {
    let dir = three_files("links");
    let input = dir.join("in");
    std::fs::hard_link(input.join("mixed.sgf"), input.join("sub/link.sgf")).unwrap();
    let mixed = input.join("mixed.sgf");
    let out = sgfkit(&["fix", "--dry-run", s(&input), s(&mixed)]);
    let err = stderr(&out);
    let said: Vec<&str> = err
        .lines()
        .filter(|l| l.contains("the same file as"))
        .collect();
    assert_eq!(said.len(), 2, "{err}");
    assert!(said[0].contains("sub/link.sgf"), "{err}");
    assert!(
        said[1].starts_with(&format!("sgfkit: {}: ", s(&mixed))),
        "{err}"
    );
    // Each file is fixed once.
    assert!(summary(&out).contains(": 3 files: "), "{}", summary(&out));
}

/// Text before the first game tree (gnugo's header above the game) is
/// kept at the start of the root's GC; a second fix changes nothing.
#[test]
fn text_before_the_game_tree_survives_fix() {
    let header = "On April 4, 2002, GNU Go played with Ego in the 19x19 ladder and won.";
    let dir = temp_dir("header");
    let file = dir.join("ego2.sgf");
    let copied = shared_corpus()
        .map(|c| c.join("gnugo/regression/games/ego2.sgf"))
        .filter(|p| p.is_file())
        .and_then(|p| std::fs::copy(p, &file).ok());
    if copied.is_none() {
        std::fs::write(
            &file,
            format!("{header}\nHere is the game record.\n\n(;GM[1]SZ[19]GC[ladder];B[pd])"),
        )
        .unwrap();
    }
    let out = sgfkit(&["fix", "--in-place", s(&file)]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stderr(&out).contains("warning[R022]"), "{}", stderr(&out));
    let fixed = std::fs::read_to_string(&file).unwrap();
    let gc = fixed.find("GC[").expect("a GC");
    assert!(fixed[gc..].starts_with(&format!("GC[{header}")), "{fixed}");
    assert!(
        fixed.starts_with("(;"),
        "nothing before the game tree: {fixed}"
    );
    // A second fix has nothing to repair: the file stays as it is.
    let out = sgfkit(&["fix", "--in-place", s(&file)]);
    assert!(summary(&out).contains("0 repaired"), "{}", summary(&out));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), fixed);
}
