//! `sgfkit export`: the files it writes, in input order whatever -j, with
//! huge files streamed, and the formats of each build.

use std::path::Path;
use std::process::Command;

mod common;
use common::{sgfkit, shared_corpus, temp_dir};

fn read(dir: &Path, table: &str, ext: &str) -> Vec<u8> {
    std::fs::read(dir.join(format!("{table}.{ext}"))).unwrap()
}

/// The `.sgf` files under `dir`, sorted.
fn sgf_files(dir: &Path) -> Vec<String> {
    let walked = Command::new("find")
        .args([dir.to_str().unwrap(), "-name", "*.sgf"])
        .output()
        .unwrap();
    let mut paths: Vec<String> = String::from_utf8_lossy(&walked.stdout)
        .lines()
        .map(str::to_string)
        .collect();
    paths.sort_unstable();
    paths
}

fn lines(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&b| b == b'\n').count()
}

#[test]
fn ndjson_is_in_input_order_on_any_number_of_threads() {
    let Some(corpus) = shared_corpus() else {
        eprintln!("SKIPPED ndjson_is_in_input_order_on_any_number_of_threads: no corpus");
        return;
    };
    // Two folders: 619 files, some with variations, some damaged or not SGF.
    let littlego = corpus.join("littlego");
    let fuego = corpus.join("fuego");
    let (one, three) = (temp_dir("j1"), temp_dir("j3"));
    for (dir, j) in [(&one, "1"), (&three, "3")] {
        let out = sgfkit(&[
            "-j",
            j,
            "export",
            "--format",
            "ndjson",
            "-o",
            dir.to_str().unwrap(),
            littlego.to_str().unwrap(),
            fuego.to_str().unwrap(),
        ]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.code().is_some_and(|c| c <= 1), "{stderr}");
        assert!(stderr.contains("exported "), "{stderr}");
    }
    for table in ["games", "moves", "diagnostics"] {
        assert_eq!(
            read(&one, table, "ndjson"),
            read(&three, table, "ndjson"),
            "{table}"
        );
    }
    // The same rows as the library gives file by file.
    let mut want = [0usize; 3];
    let walked = Command::new("find")
        .args([
            littlego.to_str().unwrap(),
            fuego.to_str().unwrap(),
            "-iname",
            "*.sgf",
        ])
        .output()
        .unwrap();
    for path in String::from_utf8_lossy(&walked.stdout).lines() {
        let bytes = std::fs::read(path).unwrap();
        let t = sgfkit_export::tables(&bytes, path, &Default::default());
        want[0] += t.games.len();
        want[1] += t.moves.len();
        want[2] += t.diagnostics.len();
    }
    let got = ["games", "moves", "diagnostics"].map(|t| lines(&read(&one, t, "ndjson")));
    assert_eq!(got, want);
    assert!(want[1] > 30_000, "{want:?}");
}

#[test]
fn huge_files_are_streamed_with_their_games_numbered() {
    let Some(corpus) = shared_corpus() else {
        eprintln!("SKIPPED huge_files_are_streamed_with_their_games_numbered: no corpus");
        return;
    };
    // One collection of 200 games of the fuego folder.
    let paths = sgf_files(&corpus.join("fuego/regression/sgf/games"));
    let mut all = Vec::new();
    for p in paths.iter().take(200) {
        all.extend(std::fs::read(p).unwrap());
        all.push(b'\n');
    }
    let dir = temp_dir("stream");
    let file = dir.join("all.sgf");
    std::fs::write(&file, &all).unwrap();
    let (whole, streamed) = (dir.join("whole"), dir.join("streamed"));
    for (out, above) in [(&whole, "1000000000"), (&streamed, "1000")] {
        let o = sgfkit(&[
            "-j",
            "2",
            "export",
            "--format",
            "ndjson",
            "--stream-above",
            above,
            "-o",
            out.to_str().unwrap(),
            file.to_str().unwrap(),
        ]);
        assert!(o.status.code().is_some_and(|c| c <= 1), "{o:?}");
    }
    // The same moves, game numbers included.
    assert_eq!(
        read(&whole, "moves", "ndjson"),
        read(&streamed, "moves", "ndjson")
    );
    let games = read(&streamed, "games", "ndjson");
    let games = String::from_utf8(games).unwrap();
    assert!(lines(games.as_bytes()) >= 200);
    for (k, line) in games.lines().enumerate() {
        assert!(line.contains(&format!("\"game\":{k},")), "{k}: {line}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A file of 1 MiB or more is exported a part at a time by the thread
/// that writes: its rows are the library's, in their place among the small
/// files around it, on any number of threads and in every format.
#[test]
fn big_files_are_written_in_parts_in_their_place() {
    let Some(corpus) = shared_corpus() else {
        eprintln!("SKIPPED big_files_are_written_in_parts_in_their_place: no corpus");
        return;
    };
    let paths = sgf_files(&corpus.join("fuego"));
    // A collection of 1.2 MB of fuego games, a damaged tree at its end.
    let mut big = Vec::new();
    for p in &paths[3..] {
        if big.len() > 1_200_000 {
            break;
        }
        big.extend(std::fs::read(p).unwrap());
        big.push(b'\n');
    }
    big.extend_from_slice(b"(;B[aa];W[bb]");
    assert!(big.len() > 1 << 20);
    let dir = temp_dir("direct");
    let file = dir.join("big.sgf");
    std::fs::write(&file, &big).unwrap();
    let inputs = [&*paths[0], file.to_str().unwrap(), &paths[1], &paths[2]];
    // What the library gives, file by file.
    let mut want: [Vec<u8>; 3] = Default::default();
    for path in inputs {
        let bytes = std::fs::read(path).unwrap();
        let t = sgfkit_export::tables(&bytes, path, &Default::default());
        let [g, m, d] = &mut want;
        t.write_ndjson(g, m, d).unwrap();
    }
    assert!(lines(&want[1]) > 4 * 4096, "{}", lines(&want[1]));
    let mut said = Vec::new();
    for j in ["1", "2", "3"] {
        let out = dir.join(format!("j{j}"));
        let mut args = vec!["-j", j, "export", "--format", "ndjson", "-o"];
        args.push(out.to_str().unwrap());
        args.extend(inputs);
        let o = sgfkit(&args);
        assert_eq!(o.status.code(), Some(0), "{o:?}");
        for (table, want) in ["games", "moves", "diagnostics"].iter().zip(&want) {
            assert!(read(&out, table, "ndjson") == *want, "-j {j}: {table}");
        }
        let stderr = String::from_utf8_lossy(&o.stderr).to_string();
        said.push(stderr[..stderr.find(" from ").unwrap()].to_string());
    }
    #[cfg(feature = "parquet")]
    for format in ["parquet", "arrow-ipc"] {
        let out = dir.join(format);
        let mut args = vec!["-j", "2", "export", "--format", format, "-o"];
        args.push(out.to_str().unwrap());
        args.extend(inputs);
        let o = sgfkit(&args);
        assert_eq!(o.status.code(), Some(0), "{o:?}");
        let stderr = String::from_utf8_lossy(&o.stderr).to_string();
        said.push(stderr[..stderr.find(" from ").unwrap()].to_string());
    }
    // The same counts said by every run.
    assert!(said.iter().all(|s| *s == said[0]), "{said:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(not(feature = "parquet"))]
#[test]
fn parquet_needs_the_feature() {
    let dir = temp_dir("nofeature");
    let out = sgfkit(&[
        "export",
        "--format",
        "parquet",
        "-o",
        dir.to_str().unwrap(),
        "-",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("--features parquet"), "{stderr}");
    assert!(stderr.contains("--format ndjson"), "{stderr}");
}

/// `sgfkit export -o OUT a.sgf` without --format, on a game of two moves:
/// its output (it succeeded) and OUT.
fn export_without_format() -> (std::process::Output, std::path::PathBuf) {
    let dir = temp_dir("default-format");
    let sgf = dir.join("a.sgf");
    std::fs::write(&sgf, "(;GM[1]SZ[19];B[pd];W[dd])").unwrap();
    let out_dir = dir.join("out");
    let out = sgfkit(&[
        "export",
        "-o",
        out_dir.to_str().unwrap(),
        sgf.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", common::stderr(&out));
    (out, out_dir)
}

/// Without --format, a build without Parquet writes JSON Lines and says
/// so, once, with how to get Parquet.
#[cfg(not(feature = "parquet"))]
#[test]
fn without_format_a_build_without_parquet_writes_ndjson() {
    let (out, out_dir) = export_without_format();
    let stderr = common::stderr(&out);
    assert_eq!(stderr.matches("writing JSON Lines").count(), 1, "{stderr}");
    assert!(stderr.contains("--features parquet"), "{stderr}");
    assert_eq!(lines(&read(&out_dir, "games", "ndjson")), 1);
    assert_eq!(lines(&read(&out_dir, "moves", "ndjson")), 2);
}

/// Without --format, a build with Parquet writes Parquet, saying nothing
/// about it.
#[cfg(feature = "parquet")]
#[test]
fn without_format_a_build_with_parquet_writes_parquet() {
    let (out, out_dir) = export_without_format();
    assert!(!common::stderr(&out).contains("JSON Lines"));
    assert!(read(&out_dir, "games", "parquet").starts_with(b"PAR1"));
}

#[cfg(feature = "parquet")]
#[test]
fn parquet_and_arrow_files_are_written() {
    let sgf = std::env::temp_dir().join(format!("sgfkit-export-{}.sgf", std::process::id()));
    std::fs::write(&sgf, "(;PB[李]KM[6.5];B[pd];W[])(;GM[11];B[a1])").unwrap();
    for (format, ext, magic) in [
        ("parquet", "parquet", &b"PAR1"[..]),
        ("arrow-ipc", "arrow", &b"ARROW1"[..]),
    ] {
        let dir = temp_dir(format);
        let out = sgfkit(&[
            "export",
            "--format",
            format,
            "-o",
            dir.to_str().unwrap(),
            sgf.to_str().unwrap(),
        ]);
        assert_eq!(out.status.code(), Some(0), "{out:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains("exported 2 games, 2 moves"), "{stderr}");
        for table in ["games", "moves", "diagnostics"] {
            let bytes = read(&dir, table, ext);
            assert!(
                bytes.starts_with(magic) && bytes.ends_with(magic),
                "{table}.{ext}"
            );
        }
    }
}

/// Small files are exported in groups (up to 1,024 files a group): what
/// is said of each file still comes in input order, and the rows are the
/// same on any number of threads.
#[test]
fn files_of_a_group_are_reported_in_input_order() {
    let dir = temp_dir("groups");
    let input = dir.join("in");
    std::fs::create_dir_all(&input).unwrap();
    let mut paths = Vec::new();
    for k in 0..1500 {
        let p = input.join(format!("{k:04}.sgf"));
        let text = match k {
            // No game tree: one message each, at its place.
            5 | 1200 => String::new(),
            700 => "not an SGF file".to_string(),
            _ => format!(
                "(;GM[1]SZ[9]PB[b{k}];B[aa];W[b{}])",
                (b'a' + (k % 9) as u8) as char
            ),
        };
        std::fs::write(&p, text).unwrap();
        paths.push(p.to_str().unwrap().to_string());
    }
    // A missing file named between two others is reported between theirs.
    let missing = input.join("missing.sgf");
    paths.insert(1100, missing.to_str().unwrap().to_string());
    let mut outputs = Vec::new();
    for j in ["1", "3"] {
        let out_dir = dir.join(format!("ndjson-{j}"));
        let mut args = vec!["-j", j, "export", "--format", "ndjson", "-o"];
        args.push(out_dir.to_str().unwrap());
        args.extend(paths.iter().map(String::as_str));
        let out = sgfkit(&args);
        assert_eq!(out.status.code(), Some(2), "{out:?}");
        let stderr = String::from_utf8_lossy(&out.stderr).to_string();
        let said: Vec<&str> = stderr
            .lines()
            .filter(|l| !l.starts_with("exported"))
            .collect();
        assert_eq!(said.len(), 4, "{stderr}");
        for (line, name) in said
            .iter()
            .zip(["0005.sgf", "0700.sgf", "missing.sgf", "1200.sgf"])
        {
            assert!(line.contains(name), "{line} should name {name}");
        }
        assert!(
            said[0].contains("[L013]") && said[2].contains("No such file"),
            "{stderr}"
        );
        assert!(
            stderr.contains("exported 1497 games, 2994 moves"),
            "{stderr}"
        );
        outputs.push(["games", "moves", "diagnostics"].map(|t| read(&out_dir, t, "ndjson")));
    }
    assert_eq!(outputs[0], outputs[1]);
    let games = String::from_utf8(outputs[0][0].clone()).unwrap();
    let first = games.lines().next().unwrap();
    assert!(
        first.contains("0000.sgf") && first.contains("\"black\":\"b0\""),
        "{first}"
    );
    #[cfg(feature = "parquet")]
    {
        let mut files = Vec::new();
        for j in ["1", "3"] {
            let out_dir = dir.join(format!("parquet-{j}"));
            let out = sgfkit(&[
                "-j",
                j,
                "export",
                "-o",
                out_dir.to_str().unwrap(),
                input.to_str().unwrap(),
            ]);
            assert_eq!(out.status.code(), Some(1), "{out:?}");
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert!(
                stderr.contains("exported 1497 games, 2994 moves"),
                "{stderr}"
            );
            files.push(["games", "moves", "diagnostics"].map(|t| read(&out_dir, t, "parquet")));
        }
        assert_eq!(files[0], files[1]);
    }
}

#[test]
fn the_output_must_be_a_folder() {
    let dir = temp_dir("not-a-folder");
    let sgf = dir.join("a.sgf");
    std::fs::write(&sgf, b"(;B[aa])").unwrap();
    let sgf = sgf.to_str().unwrap();
    // `-` is no folder, and no standard output for three tables.
    let dash = sgfkit(&["export", "--format", "ndjson", "-o", "-", sgf]);
    assert_eq!(dash.status.code(), Some(2));
    let err = String::from_utf8_lossy(&dash.stderr);
    assert!(
        err.contains("-o -") && err.contains("into a folder"),
        "{err}"
    );
    assert!(!Path::new("-").exists());
    // A file where the folder should be is refused, and left as it was.
    let file = dir.join("plain");
    std::fs::write(&file, b"keep").unwrap();
    let out = sgfkit(&[
        "export",
        "--format",
        "ndjson",
        "-o",
        file.to_str().unwrap(),
        sgf,
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("not a folder"), "{err}");
    assert_eq!(std::fs::read(&file).unwrap(), b"keep");
    // A folder that does not exist yet is made.
    let made = dir.join("new/deeper");
    let ok = sgfkit(&[
        "export",
        "--format",
        "ndjson",
        "-o",
        made.to_str().unwrap(),
        sgf,
    ]);
    assert_eq!(ok.status.code(), Some(0));
    assert_eq!(lines(&read(&made, "moves", "ndjson")), 1);
}
