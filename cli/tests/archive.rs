//! Archives read as they are: a corpus folder packed into a zip, tar,
//! tar.gz and tar.bz2 archive exports the rows of the folder (apart from
//! `source`, `ARCHIVE!/MEMBER`), also member by member above
//! `--stream-above`; a `*.sgf.gz` is its file; damaged archives, files of
//! other formats and folders with nothing to read say so.

use std::io::Write;
use std::path::{Path, PathBuf};

mod common;
use common::{sgfkit, shared_corpus, temp_dir};

/// Every file below `dir`, as (name relative to `dir`'s parent, path),
/// sorted.
fn files(dir: &Path) -> Vec<(String, PathBuf)> {
    let base = dir.parent().unwrap();
    let mut out = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                todo.push(p);
            } else {
                let name = p.strip_prefix(base).unwrap().to_string_lossy().into_owned();
                out.push((name, p));
            }
        }
    }
    out.sort();
    out
}

fn tar_of<W: Write>(out: W, dir: &Path) -> W {
    let mut tar = tar::Builder::new(out);
    for (name, path) in files(dir) {
        tar.append_path_with_name(&path, &name).unwrap();
    }
    tar.into_inner().unwrap()
}

/// Packs the folder `dir` into `out`, of the kind its name says.
fn pack(dir: &Path, out: &Path) {
    let file = std::fs::File::create(out).unwrap();
    let name = out.file_name().unwrap().to_str().unwrap();
    if name.ends_with(".zip") {
        let mut zip = zip::ZipWriter::new(file);
        for (name, path) in files(dir) {
            zip.start_file(name, zip::write::SimpleFileOptions::default())
                .unwrap();
            zip.write_all(&std::fs::read(path).unwrap()).unwrap();
        }
        zip.finish().unwrap();
    } else if name.ends_with(".tar.gz") || name.ends_with(".tgz") {
        let gz = flate2::write::GzEncoder::new(file, Default::default());
        tar_of(gz, dir).finish().unwrap();
    } else if name.ends_with(".tar.bz2") {
        let bz = bzip2::write::BzEncoder::new(file, Default::default());
        tar_of(bz, dir).finish().unwrap();
    } else {
        tar_of(file, dir);
    }
}

/// `sgfkit export --format ndjson` of `args` into a fresh folder: the
/// lines of each table (games, moves, diagnostics), and stderr.
fn export(name: &str, args: &[&str]) -> ([Vec<String>; 3], String) {
    let out_dir = temp_dir(&format!("out-{name}"));
    let mut all = vec![
        "export",
        "--format",
        "ndjson",
        "-o",
        out_dir.to_str().unwrap(),
    ];
    all.extend(args);
    let out = sgfkit(&all);
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "{args:?}: {stderr}");
    let table = |t: &str| {
        let text = std::fs::read_to_string(out_dir.join(format!("{t}.ndjson"))).unwrap();
        text.lines().map(str::to_string).collect::<Vec<_>>()
    };
    let tables = [table("games"), table("moves"), table("diagnostics")];
    // The corpus's tables are tens of MB: not left behind in the temp dir.
    let _ = std::fs::remove_dir_all(&out_dir);
    (tables, stderr)
}

/// The lines with `"source":"PREFIX` made `"source":"`, sorted (an
/// archive's members come in the archive's order).
fn rows(lines: &[String], prefix: &str) -> Vec<String> {
    let from = format!("\"source\":\"{prefix}");
    let mut out: Vec<String> = lines
        .iter()
        .map(|l| {
            assert!(l.contains(&from), "{l} has no source {from}");
            l.replace(&from, "\"source\":\"")
        })
        .collect();
    out.sort();
    out
}

/// `got` and `want` are equal; else the first difference.
fn same(got: &[String], want: &[String], what: &str) {
    if let Some((g, w)) = got.iter().zip(want).find(|(g, w)| g != w) {
        panic!("{what}: first difference:\n got {g}\nwant {w}");
    }
    assert_eq!(got.len(), want.len(), "{what}: rows");
}

/// The tables `export` makes of the corpus folder `name`, each table's rows
/// as [`rows`] gives them; and the folder.
fn folder_rows(corpus: &Path, name: &str) -> (PathBuf, Vec<Vec<String>>) {
    let folder = corpus.join(name);
    let (tables, _) = export(&format!("folder-{name}"), &[folder.to_str().unwrap()]);
    let prefix = format!("{}/", corpus.display());
    (folder, tables.iter().map(|t| rows(t, &prefix)).collect())
}

/// The tables of the archive `a` are `expected`, apart from `source`.
fn same_tables(tables: &[Vec<String>], a: &str, expected: &[Vec<String>], what: &str) {
    for (t, want) in tables.iter().zip(expected) {
        same(&rows(t, &format!("{a}!/")), want, what);
    }
}

#[test]
fn an_archive_exports_the_rows_of_its_folder() {
    let Some(corpus) = shared_corpus() else {
        eprintln!("SKIPPED an_archive_exports_the_rows_of_its_folder: no corpus");
        return;
    };
    let (folder, expected) = folder_rows(&corpus, "fuego");
    let dir = temp_dir("packed");
    assert!(expected[0].len() > 500, "{} games", expected[0].len());
    for name in [
        "fuego.zip",
        "fuego.tar",
        "fuego.tar.gz",
        "fuego.tgz",
        "fuego.tar.bz2",
    ] {
        let archive = dir.join(name);
        pack(&folder, &archive);
        let a = archive.to_str().unwrap();
        let (tables, stderr) = export(name, &[a]);
        // `ARCHIVE!/MEMBER`, the member's path as packed.
        assert!(
            tables[0][0].starts_with(&format!("{{\"source\":\"{a}!/fuego/")),
            "{}",
            tables[0][0]
        );
        same_tables(&tables, a, &expected, name);
        assert!(stderr.contains("exported 575 games"), "{stderr}");
    }
    // Above --stream-above, still member by member: the same rows.
    let a = dir.join("fuego.tar.gz");
    let a = a.to_str().unwrap();
    let (tables, _) = export("streamed", &["--stream-above", "3000", a]);
    same_tables(&tables, a, &expected, "above --stream-above");
    // The walk takes archives in folders.
    let (tables, _) = export("walked", &[dir.to_str().unwrap()]);
    assert_eq!(tables[0].len(), 5 * expected[0].len());
}

#[test]
fn a_gzipped_file_is_that_file_in_every_command() {
    let Some(corpus) = shared_corpus() else {
        eprintln!("SKIPPED a_gzipped_file_is_that_file_in_every_command: no corpus");
        return;
    };
    let plain = files(&corpus.join("fuego"))
        .into_iter()
        .map(|(_, p)| p)
        .find(|p| p.extension().is_some_and(|e| e == "sgf"))
        .unwrap();
    let dir = temp_dir("gz");
    let gz_path = dir.join("game.sgf.gz");
    let mut gz =
        flate2::write::GzEncoder::new(std::fs::File::create(&gz_path).unwrap(), Default::default());
    gz.write_all(&std::fs::read(&plain).unwrap()).unwrap();
    gz.finish().unwrap();
    let (p, g) = (plain.to_str().unwrap(), gz_path.to_str().unwrap());
    for cmd in [
        &["fmt"][..],
        &["json"],
        &["fix", "--dry-run"],
        &["show"],
        &["tree"],
    ] {
        let a = sgfkit(&[cmd, &[p]].concat());
        let b = sgfkit(&[cmd, &[g]].concat());
        assert!(
            b.status.success(),
            "{cmd:?}: {}",
            String::from_utf8_lossy(&b.stderr)
        );
        assert_eq!(a.stdout, b.stdout, "{cmd:?}");
    }
    // Never rewritten in place.
    let before = std::fs::read(&gz_path).unwrap();
    let out = sgfkit(&["fix", "--in-place", g]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--in-place never rewrites an archive"));
    assert_eq!(std::fs::read(&gz_path).unwrap(), before);
    let (tables, _) = export("gz", &[g]);
    assert!(
        tables[0][0].starts_with(&format!("{{\"source\":\"{g}\"")),
        "{}",
        tables[0][0]
    );
    // Above --stream-above, one game tree at a time as the plain file.
    let (plain_rows, _) = export("gz-plain-streamed", &["--stream-above", "100", p]);
    let (gz_rows, _) = export("gz-streamed", &["--stream-above", "100", g]);
    for (a, b) in plain_rows.iter().zip(&gz_rows) {
        same(&rows(b, g), &rows(a, p), "streamed .sgf.gz");
    }
    // stats counts the same file, its bytes uncompressed, whole or
    // streamed (where the bytes run to the end of the last game tree).
    let totals = |args: &[&str]| {
        let out = sgfkit(&[&["stats"][..], args].concat());
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        text.lines().take(2).map(str::to_string).collect::<Vec<_>>()
    };
    let whole = totals(&[p]);
    assert_eq!(totals(&[g]), whole);
    let plain_len = std::fs::read(&plain).unwrap().trim_ascii_end().len();
    let streamed = totals(&["--stream-above", "100", g]);
    assert_eq!(streamed[0], whole[0]);
    assert_eq!(
        streamed[1],
        whole[1].replace(
            &format!("bytes {}", std::fs::metadata(&plain).unwrap().len()),
            &format!("bytes {plain_len}")
        )
    );
    // The same bytes named `.sgf`: said to be gzip, by name.
    let misnamed = dir.join("game.sgf");
    std::fs::copy(&gz_path, &misnamed).unwrap();
    let out = sgfkit(&["check", misnamed.to_str().unwrap()]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stdout.contains("error[L013]: no game tree found: a gzip-compressed file, not SGF"),
        "{stdout}"
    );
}

/// A `*.sgf.gz` is streamed by the size of its file uncompressed, as its
/// gzip trailer says, not by its compressed size: 88 bytes of gzip hold
/// 6 kB here. Streamed, the check that compares the file's game trees
/// (S022, FF differing) is not made.
#[test]
fn a_gzipped_file_is_streamed_by_its_size_uncompressed() {
    let x = "x".repeat(3000);
    let text = format!("(;GM[1]FF[4]C[{x}];B[aa])\n(;GM[1]FF[3]C[{x}];B[aa])\n");
    let dir = temp_dir("gz-size");
    let gz_path = dir.join("two.sgf.gz");
    let mut gz =
        flate2::write::GzEncoder::new(std::fs::File::create(&gz_path).unwrap(), Default::default());
    gz.write_all(text.as_bytes()).unwrap();
    gz.finish().unwrap();
    assert!(std::fs::metadata(&gz_path).unwrap().len() < 1000);
    let g = gz_path.to_str().unwrap();
    let s022 = |above: &str| {
        let out = sgfkit(&["check", "--stream-above", above, g]);
        String::from_utf8_lossy(&out.stdout).contains("warning[S022]")
    };
    assert!(s022("100000"), "read whole");
    assert!(!s022("1000"), "streamed");
}

#[test]
fn one_file_commands_refuse_an_archive_of_several() {
    let dir = temp_dir("several");
    let games = dir.join("games");
    std::fs::create_dir_all(&games).unwrap();
    std::fs::write(games.join("a.sgf"), "(;B[aa])").unwrap();
    std::fs::write(games.join("b.sgf"), "(;B[bb])").unwrap();
    let zip = dir.join("two.zip");
    pack(&games, &zip);
    let out = sgfkit(&["fmt", zip.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("two.zip: holds 2 game records"), "{stderr}");
    // `check` reads both, each named, and counts them.
    let out = sgfkit(&["check", zip.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("checked 2 files"));
    // `json` writes a line a file, as for a folder.
    let out = sgfkit(&["json", zip.to_str().unwrap()]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let paths: Vec<String> = stdout
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["path"].to_string())
        .collect();
    assert_eq!(paths.len(), 2, "{stdout}");
    assert!(paths[1].ends_with("two.zip!/games/b.sgf\""), "{paths:?}");
    let (tables, _) = export("several", &[zip.to_str().unwrap()]);
    let sources: Vec<_> = tables[0]
        .iter()
        .map(|l| l.contains("two.zip!/games/"))
        .collect();
    assert_eq!(sources, [true, true]);
}

#[test]
fn damaged_archives_are_errors_that_name_them() {
    let Some(corpus) = shared_corpus() else {
        eprintln!("SKIPPED damaged_archives_are_errors_that_name_them: no corpus");
        return;
    };
    let dir = temp_dir("damaged");
    let whole = dir.join("whole.tar.gz");
    pack(&corpus.join("fuego"), &whole);
    let bytes = std::fs::read(&whole).unwrap();
    let cut = dir.join("cut.tar.gz");
    std::fs::write(&cut, &bytes[..bytes.len() / 3]).unwrap();
    let not_zip = dir.join("fake.zip");
    std::fs::write(&not_zip, "(;GM[1])").unwrap();
    for (path, says) in [
        (&not_zip, "fake.zip: not a readable zip archive"),
        (&cut, "cut.tar.gz: "),
    ] {
        let o = dir.join("out");
        let o = o.to_str().unwrap();
        for cmd in ["check", "stats", "json", "export"] {
            let p = path.to_str().unwrap();
            let args: Vec<&str> = if cmd == "export" {
                vec!["export", "--format", "ndjson", "-o", o, p]
            } else {
                vec![cmd, p]
            };
            let out = sgfkit(&args);
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{cmd} {p}: {stderr}");
            assert!(stderr.contains(says), "{cmd} {p}: {stderr}");
            assert!(!stderr.contains("panicked"), "{stderr}");
        }
    }
    // Cut short: the members before the damage are still read.
    let out = sgfkit(&["stats", cut.to_str().unwrap()]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(!stdout.contains("games 0 "), "{stdout}");
}

#[test]
fn other_formats_and_empty_walks_say_so() {
    let Some(corpus) = shared_corpus() else {
        eprintln!("SKIPPED other_formats_and_empty_walks_say_so: no corpus");
        return;
    };
    let other = corpus.join("other-formats");
    // Records of other formats are read into SGF, saying so.
    for (file, says) in [
        ("gib/utf8.gib", "a Tygem GIB record (UTF-8) read into SGF"),
        ("ngf/even.ngf", "a WBaduk NGF record (UTF-8) read into SGF"),
        (
            "ugf/amateur.ugf",
            "a Pandanet UGF/UGI record (Shift_JIS) read into SGF",
        ),
    ] {
        let p = other.join(file);
        let out = sgfkit(&["check", p.to_str().unwrap()]);
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{stdout}");
        assert!(
            stdout.contains(&format!("1:1: info[I004]: {says}")),
            "{stdout}"
        );
    }
    // A folder holding no SGF file: a warning naming what was looked for.
    let out = sgfkit(&["check", "--sgf-only", other.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("warning: no SGF file found (looked for *.sgf, *.sgf.gz, *.zip, *.tar, *.tar.gz, *.tgz, *.tar.bz2"),
        "{stderr}"
    );
    assert_eq!(out.status.code(), Some(0), "{stderr}");
}

/// An archive of a folder holding Tygem, WBaduk and Pandanet records gives
/// the games the folder gives (a member is taken by the walk's rule), and
/// none with `--sgf-only`, as the folder.
#[test]
fn an_archive_gives_the_records_its_folder_gives() {
    let Some(corpus) = shared_corpus() else {
        eprintln!("SKIPPED an_archive_gives_the_records_its_folder_gives: no corpus");
        return;
    };
    let (folder, expected) = folder_rows(&corpus, "other-formats");
    // 3 GIB, 3 NGF, 1 UGF, 1 UGI.
    assert_eq!(expected[0].len(), 8, "{:?}", expected[0]);
    let dir = temp_dir("records");
    for name in ["records.zip", "records.tar.gz"] {
        let archive = dir.join(name);
        pack(&folder, &archive);
        let a = archive.to_str().unwrap();
        let (tables, _) = export(name, &[a]);
        same_tables(&tables, a, &expected, name);
        let out = sgfkit(&["stats", "--sgf-only", a]);
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(stdout.contains("games 0 "), "{name}: {stdout}");
    }
    // One record in an archive is read by a command that reads one file.
    let one = dir.join("one");
    std::fs::create_dir_all(&one).unwrap();
    std::fs::copy(folder.join("gib/utf8.gib"), one.join("utf8.gib")).unwrap();
    let archive = dir.join("one.zip");
    pack(&one, &archive);
    let out = sgfkit(&["fmt", archive.to_str().unwrap()]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success() && stdout.starts_with("(;"), "{stdout}");
}

/// `fix -o DIR` writes an archive's members repaired below `DIR/NAME/`,
/// byte for byte what it writes for the folder packed; `--in-place` never
/// rewrites an archive.
#[test]
fn fix_writes_the_members_of_an_archive_as_those_of_its_folder() {
    let Some(corpus) = shared_corpus() else {
        eprintln!("SKIPPED fix_writes_the_members_of_an_archive_as_those_of_its_folder: no corpus");
        return;
    };
    let folder = corpus.join("suite-sgfc");
    let dir = temp_dir("fix-archive");
    let archive = dir.join("suite.tar.gz");
    pack(&folder, &archive);
    let (from_folder, from_archive) = (dir.join("folder"), dir.join("archive"));
    let a = sgfkit(&[
        "fix",
        "-o",
        from_folder.to_str().unwrap(),
        folder.to_str().unwrap(),
    ]);
    let b = sgfkit(&[
        "fix",
        "-o",
        from_archive.to_str().unwrap(),
        archive.to_str().unwrap(),
    ]);
    assert_eq!(a.status.code(), b.status.code());
    let summary = |o: &std::process::Output| {
        String::from_utf8_lossy(&o.stderr)
            .lines()
            .last()
            .unwrap()
            .to_string()
    };
    assert_eq!(summary(&a), summary(&b));
    assert!(summary(&a).contains(" repaired ("), "{}", summary(&a));
    let written = files(&from_folder);
    assert!(written.len() > 20, "{} files", written.len());
    for (name, path) in &written {
        // `folder/x.sgf` ↔ `archive/suite/suite-sgfc/x.sgf`.
        let inner = name.strip_prefix("folder/").unwrap();
        let member = from_archive.join("suite/suite-sgfc").join(inner);
        assert_eq!(
            std::fs::read(&member).unwrap_or_default(),
            std::fs::read(path).unwrap(),
            "{inner}"
        );
    }
    assert_eq!(files(&from_archive).len(), written.len());
    let before = std::fs::read(&archive).unwrap();
    let out = sgfkit(&["fix", "--in-place", archive.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(std::fs::read(&archive).unwrap(), before);
}
