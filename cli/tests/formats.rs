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

/// An archive of records is converted member by member: to stdout one
/// after the other, to `-o FILE` as one collection, to `-o DIR` below a
/// folder named as the archive; a member whose path leaves the archive's
/// folder is not written (said, exit status 2), the others are.
#[test]
fn convert_reads_every_member_of_an_archive() {
    use std::io::Write;
    let dir = temp_dir("convert-archive");
    let zip_path = dir.join("records.zip");
    let mut zip = zip::ZipWriter::new(std::fs::File::create(&zip_path).unwrap());
    for (name, text) in [
        ("a.ngf", NGF),
        ("sub/b.UGF", UGF),
        ("c.sgf", "(;GM[1]FF[4]SZ[9];B[ee])"),
        ("../out.ngf", NGF),
    ] {
        zip.start_file(name, zip::write::SimpleFileOptions::default())
            .unwrap();
        zip.write_all(text.as_bytes()).unwrap();
    }
    zip.finish().unwrap();
    let archive = zip_path.to_str().unwrap();

    let out = sgfkit(&["convert", archive]);
    assert_eq!(
        stdout(&out).matches("(;CA[UTF-8]").count(),
        4,
        "{}",
        stdout(&out)
    );

    let file = dir.join("all.sgf");
    let out = sgfkit(&["convert", "-o", file.to_str().unwrap(), archive]);
    assert!(out.status.success(), "{}", stderr(&out));
    let all = std::fs::read_to_string(&file).unwrap();
    assert_eq!(all.matches("(;CA[UTF-8]").count(), 4, "{all}");
    assert!(
        all.contains("PB[Cho]") && all.contains(";B[cc];W[gg]"),
        "{all}"
    );

    let to = dir.join("out");
    let out = sgfkit(&["convert", "-o", to.to_str().unwrap(), archive]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("records.zip!/../out.ngf: not written: no place to write it"),
        "{}",
        stderr(&out)
    );
    let a = std::fs::read_to_string(to.join("records/a.sgf")).unwrap();
    assert!(a.contains("PB[Cho]") && a.contains("RE[B+0.5]"), "{a}");
    let b = std::fs::read_to_string(to.join("records/sub/b.sgf")).unwrap();
    assert!(b.contains("RE[W+R]"), "{b}");
    assert!(to.join("records/c.sgf").exists());
    assert!(!to.join("out.sgf").exists() && !dir.join("out.sgf").exists());
}
