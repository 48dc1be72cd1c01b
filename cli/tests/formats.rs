//! Records of other formats on the command line: every command reads
//! them, folders are walked for them (unless --sgf-only), `convert` writes
//! them as SGF, and `fix --in-place` never writes SGF over them.

mod common;
use common::{sgfkit, stderr, stdout, temp_dir};

const NGF: &str = "Rated game\n19\nLee      9DP\nCho      9DP\nwww.cyberoro.com\n0\n0\n6\n\
                   20170316 [09:37]\n5\nBlack wins by 0.5!\n2\nPMABBREER\nPMACWEEEE\n";
const UGF: &str =
    "[Header]\nSize=9\nHdcp=0,6.5\nPlayerB=ann,3k\nWinner=W,C\n[Data]\nCC,B1,1,0\nGG,W1,2,0\n";

/// `in/a.ngf`, `in/sub/b.UGF`, `in/c.sgf`.
fn folder(name: &str) -> std::path::PathBuf {
    let dir = temp_dir(name);
    std::fs::create_dir_all(dir.join("in/sub")).unwrap();
    std::fs::write(dir.join("in/a.ngf"), NGF).unwrap();
    std::fs::write(dir.join("in/sub/b.UGF"), UGF).unwrap();
    std::fs::write(dir.join("in/c.sgf"), "(;GM[1]FF[4]SZ[9];B[ee])").unwrap();
    dir
}

#[test]
fn convert_writes_sgf_beside_the_folder_structure() {
    let dir = folder("convert");
    let out = sgfkit(&[
        "convert",
        "-o",
        dir.join("out").to_str().unwrap(),
        dir.join("in").to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let a = std::fs::read_to_string(dir.join("out/a.sgf")).unwrap();
    assert!(
        a.contains("PB[Cho]") && a.contains("RE[B+0.5]") && a.contains(";B[qd]"),
        "{a}"
    );
    let b = std::fs::read_to_string(dir.join("out/sub/b.sgf")).unwrap();
    assert!(
        b.contains("SZ[9]") && b.contains("RE[W+R]") && b.contains(";B[cc];W[gg]"),
        "{b}"
    );
    assert!(dir.join("out/c.sgf").exists());
    // Each record's reading is said.
    assert_eq!(
        stderr(&out).matches("info[I004]").count(),
        2,
        "{}",
        stderr(&out)
    );

    // One file to stdout.
    let out = sgfkit(&["convert", dir.join("in/a.ngf").to_str().unwrap()]);
    assert!(
        stdout(&out).starts_with("(;CA[UTF-8]GM[1]FF[4]AP[WBaduk NGF via sgfkit:"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn every_command_reads_records_and_the_walk_finds_them() {
    let dir = folder("walk");
    let input = dir.join("in");
    let out = sgfkit(&["check", input.to_str().unwrap()]);
    assert!(stdout(&out).contains("checked 3 files"), "{}", stdout(&out));
    let out = sgfkit(&["check", "--sgf-only", input.to_str().unwrap()]);
    assert!(stdout(&out).contains("checked 1 file:"), "{}", stdout(&out));
    let out = sgfkit(&["json", "--compact", input.join("a.ngf").to_str().unwrap()]);
    assert!(stdout(&out).contains("\"PB\""), "{}", stdout(&out));
    let out = sgfkit(&["show", input.join("sub/b.UGF").to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
}

#[test]
fn fix_in_place_refuses_to_overwrite_a_record() {
    let dir = folder("inplace");
    let ngf = dir.join("in/a.ngf");
    let out = sgfkit(&["fix", "--in-place", ngf.to_str().unwrap()]);
    assert!(!out.status.success());
    assert!(stderr(&out).contains("sgfkit convert"), "{}", stderr(&out));
    assert_eq!(std::fs::read_to_string(&ngf).unwrap(), NGF);
}
