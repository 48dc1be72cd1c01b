//! Peak memory (issue 38): the bytes the library holds at once while
//! `sgfkit stats`, `check`, `fmt` and `export` read the move-dense collection
//! (every `.sgf` of `../shared/corpus/gnugo` and `fuego` in one buffer, as
//! `scripts/memory.sh` builds dense.sgf), counted by a global allocator
//! that keeps the live total and its peak. Allocated bytes, unlike the
//! resident set, do not depend on the allocator or the machine's load; the
//! process's baseline is not in them.
//!
//! The allocator counts every thread of this test binary: it holds this
//! one test, so that nothing else allocates while it counts.

use peak_alloc::PeakAlloc;
use sgfkit::ReadOptions;
use sgfkit::check::CheckOptions;
use std::hint::black_box;
use std::path::{Path, PathBuf};

#[global_allocator]
static ALLOC: PeakAlloc = PeakAlloc;

/// The most bytes live at once while `f` runs, on top of what was live
/// before.
fn peak_of(f: impl FnOnce()) -> usize {
    let before = ALLOC.current_usage();
    ALLOC.reset_peak_usage();
    f();
    ALLOC.peak_usage().saturating_sub(before)
}

/// Every `.sgf` of gnugo and fuego, in byte order of their paths, in one
/// buffer; `None` without the corpus.
fn dense() -> Option<Vec<u8>> {
    let mut out = Vec::new();
    for p in sgf_files(&["gnugo", "fuego"])? {
        out.extend(std::fs::read(p).ok()?);
    }
    (!out.is_empty()).then_some(out)
}

/// The paths of every `.sgf` in these folders of the corpus, in byte
/// order; `None` without the corpus.
fn sgf_files(names: &[&str]) -> Option<Vec<PathBuf>> {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus");
    let mut paths: Vec<PathBuf> = Vec::new();
    let mut folders: Vec<PathBuf> = names.iter().map(|n| corpus.join(n)).collect();
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).ok()? {
            let path = entry.ok()?.path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "sgf") {
                paths.push(path);
            }
        }
    }
    paths.sort_by(|a, b| {
        a.as_os_str()
            .as_encoded_bytes()
            .cmp(b.as_os_str().as_encoded_bytes())
    });
    Some(paths)
}

/// A collection with non-UTF-8 trees, as `scripts/memory.sh` builds
/// mixed.sgf: `dense`, then the first 300 fox-pro files that are not UTF-8
/// (GB18030 without `CA`, some with malformed sequences).
fn mixed(dense: &[u8]) -> Option<Vec<u8>> {
    let mut out = dense.to_vec();
    let mut fox = 0;
    for p in sgf_files(&["fox-pro"])? {
        let bytes = std::fs::read(p).ok()?;
        if fox < 300 && std::str::from_utf8(&bytes).is_err() {
            out.extend(bytes);
            fox += 1;
        }
    }
    Some(out)
}

/// `stats` reads each file into memory and gives it to the reader: it
/// holds at most two and a half times the input, the input and its
/// transcoded copy while it is decoded (dense.sgf has trees in Latin-1 and
/// GB18030), then one copy of the text and the tree (1.05 times the input
/// for these games). `check` then checks the tree: its findings come on
/// top (2,409 on dense.sgf, a message each), within the same bound. A
/// collection with trees to transcode, some with malformed sequences,
/// holds the text and the tree, not the input beside them.
#[test]
fn commands_on_dense_stay_within_a_few_times_the_input() {
    let Some(input) = dense() else {
        eprintln!("skipped: ../shared/corpus (gnugo, fuego) not found");
        return;
    };
    let n = input.len();
    let lenient = ReadOptions::lenient();
    let stats = peak_of(|| {
        let bytes = input.clone();
        let doc = sgfkit::read_owned(bytes, &lenient).unwrap();
        black_box(doc.collection().node_count());
    });
    let check = peak_of(|| {
        let bytes = input.clone();
        let doc = sgfkit::read_owned(bytes, &lenient).unwrap();
        black_box(doc.check(&CheckOptions::default()).len());
    });
    // `fmt` prints the tree as it goes: a buffer of the writer's on top.
    let fmt = peak_of(|| {
        let doc = sgfkit::read_owned(input.clone(), &lenient).unwrap();
        let config = sgfkit::print::WriterConfig::default();
        sgfkit::print::Writer::new(std::io::sink(), config)
            .write(doc.collection())
            .unwrap();
    });
    // `export` of a big file: checked, then its rows made and written as
    // JSON Lines one at a time, or as Arrow batches a part at a time (the
    // rows of all of it are 25 times the input).
    let ndjson = peak_of(|| {
        let doc = sgfkit::read_owned(input.clone(), &lenient).unwrap();
        let options = sgfkit_export::ExportOptions::default();
        let (mut g, mut m, mut d) = (std::io::sink(), std::io::sink(), std::io::sink());
        sgfkit_export::write_ndjson(&doc, "dense.sgf", &options, &mut g, &mut m, &mut d).unwrap();
    });
    let export = peak_of(|| {
        let doc = sgfkit::read_owned(input.clone(), &lenient).unwrap();
        let options = sgfkit_export::ExportOptions::default();
        for t in sgfkit_export::Tables::of_document_in_parts(&doc, "dense.sgf", &options, 4096) {
            let sink = &mut std::io::sink();
            t.write_ndjson(sink, &mut std::io::sink(), &mut std::io::sink())
                .unwrap();
        }
    });
    // The text of a collection with trees to transcode, some malformed:
    // the input goes once decoded, the warnings placed in it first.
    let mixed = mixed(&input).expect("fox-pro beside gnugo and fuego");
    let m = mixed.len();
    let mut warned = 0;
    let stats_mixed = peak_of(|| {
        let doc = sgfkit::read_owned(mixed.clone(), &lenient).unwrap();
        warned = doc.encoding_warnings().len();
        black_box(doc.collection().node_count());
    });
    assert!(
        warned > 0,
        "mixed: no encoding warning to keep the input for"
    );
    let ratio = |peak: usize| peak as f64 / n as f64;
    eprintln!(
        "mixed: {m} bytes, {warned} encoding warnings; stats at most {stats_mixed} bytes ({:.2}x)",
        stats_mixed as f64 / m as f64
    );
    // The text is 1.16 times the input (GB18030's two-byte characters take
    // three bytes in UTF-8), the tree 1.15, and each warning keeps the
    // bytes its source line is made from (542 × at most 802).
    assert!(
        stats_mixed <= 2 * m + 3 * m / 4,
        "stats on mixed: {stats_mixed} bytes for {m} ({:.2}x)",
        stats_mixed as f64 / m as f64
    );
    eprintln!(
        "dense: {n} bytes; at most: stats {stats} bytes ({:.2}x), check {check} ({:.2}x), \
         fmt {fmt} ({:.2}x), export as JSON Lines {ndjson} ({:.2}x), in parts {export} ({:.2}x)",
        ratio(stats),
        ratio(check),
        ratio(fmt),
        ratio(ndjson),
        ratio(export),
    );
    // Each bound, in bytes.
    for (what, peak, bound) in [
        ("stats", stats, 2 * n + n / 2),
        ("check", check, 2 * n + n / 2),
        ("fmt", fmt, 2 * n + n / 2),
        ("export as JSON Lines", ndjson, 2 * n + n / 2),
        ("export in parts", export, 3 * n + n / 2),
    ] {
        assert!(
            peak <= bound,
            "{what}: {peak} bytes for {n} ({:.2}x)",
            ratio(peak)
        );
    }
}
