//! Where the memory of a command goes: the bytes allocated in each step of
//! reading, checking and writing a file, counted by a global allocator
//! that keeps the live total and its peak (`peak_alloc`). Allocated bytes
//! do not move with the machine's load, so these are the figures to compare
//! before and after a change; the whole process's peak RSS is
//! `scripts/memory.sh`.
//!
//! ```sh
//! cargo run --release -p sgfkit-cli --example alloc-count -- FILE...
//! ```
//!
//! With no FILE it reads every `.sgf` of `../shared/corpus/gnugo` and
//! `fuego` concatenated in byte order of their paths (dense.sgf of
//! `scripts/memory.sh`).
//! For each input it prints, in bytes and per byte of input:
//!
//! * each step alone: the bytes it keeps (what it returns) and its peak
//!   (the most it held at once, what it keeps included), on top of what
//!   was live before it;
//! * the tree's parts: nodes and properties as counted, and the spare
//!   capacity of its vectors (`Collection::heap_size` less the counts);
//! * each command as the `sgfkit` command runs it on one file, made of
//!   these steps: its peak of live bytes over the whole run, input
//!   included.

use peak_alloc::PeakAlloc;
use sgfkit::check::CheckOptions;
use sgfkit::encoding::DecodeOptions;
use sgfkit::print::{Writer, WriterConfig};
use sgfkit::{Document, ParseOptions, ReadOptions};
use std::hint::black_box;
use std::io;
use std::path::{Path, PathBuf};

#[global_allocator]
static ALLOC: PeakAlloc = PeakAlloc;

/// What one step allocated, on top of what was live before it.
#[derive(Debug, Clone, Copy)]
struct Step {
    /// Still live when the step returned (its result).
    kept: usize,
    /// The most live at once during the step.
    peak: usize,
}

/// Runs `f`, counting what it allocates.
fn step<T>(f: impl FnOnce() -> T) -> (T, Step) {
    let before = ALLOC.current_usage();
    ALLOC.reset_peak_usage();
    let out = f();
    let kept = ALLOC.current_usage().saturating_sub(before);
    let peak = ALLOC.peak_usage().saturating_sub(before);
    (out, Step { kept, peak })
}

/// The peak of live bytes while `f` runs, counted from nothing: `f`
/// allocates everything it uses (the input included).
fn peak_of(f: impl FnOnce()) -> usize {
    step(f).1.peak
}

fn main() -> io::Result<()> {
    let args: Vec<PathBuf> = std::env::args_os().skip(1).map(PathBuf::from).collect();
    let inputs: Vec<(String, Vec<u8>)> = if args.is_empty() {
        let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus");
        match dense(&corpus) {
            Some(bytes) => vec![("dense.sgf (gnugo + fuego)".to_string(), bytes)],
            None => {
                eprintln!(
                    "alloc-count: no FILE and no {}: nothing to count",
                    corpus.display()
                );
                return Ok(());
            }
        }
    } else {
        let mut v = Vec::new();
        for p in &args {
            v.push((p.display().to_string(), std::fs::read(p)?));
        }
        v
    };
    for (name, bytes) in &inputs {
        report(name, bytes);
    }
    Ok(())
}

/// Every `.sgf` of gnugo and fuego, in sorted order, in one buffer.
fn dense(corpus: &Path) -> Option<Vec<u8>> {
    let mut paths = Vec::new();
    let mut folders = vec![corpus.join("gnugo"), corpus.join("fuego")];
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
    if paths.is_empty() {
        return None;
    }
    // In the order of `LC_ALL=C sort` (scripts/memory.sh).
    paths.sort_by(|a, b| {
        a.as_os_str()
            .as_encoded_bytes()
            .cmp(b.as_os_str().as_encoded_bytes())
    });
    let mut out = Vec::new();
    for p in paths {
        out.extend(std::fs::read(p).ok()?);
    }
    Some(out)
}

fn report(name: &str, input: &[u8]) {
    let n = input.len();
    let per = |b: usize| b as f64 / n as f64;
    let line = |what: &str, s: Step| {
        println!(
            "| {what} | {} | {:.2} | {} | {:.2} |",
            s.kept,
            per(s.kept),
            s.peak,
            per(s.peak)
        );
    };
    println!("\n## {name}: {n} bytes\n");
    println!("| step | kept (bytes) | ÷ input | peak (bytes) | ÷ input |");
    println!("|---|---:|---:|---:|---:|");
    let limits = ParseOptions::default();
    let lenient = ReadOptions::lenient();

    // The input, read whole as every command reads a file.
    let (bytes, s) = step(|| input.to_vec());
    line("input (the file read)", s);
    // Decoding alone: a copy only when some game tree is not UTF-8.
    let (decoded, s) =
        step(|| sgfkit::encoding::to_utf8_per_tree(&bytes, &DecodeOptions::default()));
    line(
        if decoded.transcoded {
            "decoded copy (to_utf8_per_tree, transcoded)"
        } else {
            "decoding (to_utf8_per_tree, UTF-8 borrowed)"
        },
        s,
    );
    // The lenient reader on the text: the tree and its diagnostics kept,
    // its buffers (the reservations of the tree's vectors included) in the
    // peak.
    let ((tree, diags), s) = step(|| sgfkit::check::parse_lenient(&decoded.text, &limits));
    line("lenient reader (tree + diagnostics kept)", s);
    let counted = tree.node_count() * 4 + tree.property_count() * 8 + tree.games().len() * 4;
    let heap = tree.heap_size();
    println!(
        "| · tree: {} nodes × 4 + {} properties × 8 + {} games × 4 | {counted} | {:.2} | | |",
        tree.node_count(),
        tree.property_count(),
        tree.games().len(),
        per(counted)
    );
    println!(
        "| · tree: branches (8 bytes a listed parent or sibling), pool, odd offsets, spare capacity (heap_size − counts) | {} | {:.2} | | |",
        heap.saturating_sub(counted),
        per(heap.saturating_sub(counted))
    );
    let diag_bytes = s.kept.saturating_sub(heap);
    println!(
        "| · diagnostics ({}) and the rest | {diag_bytes} | {:.2} | | |",
        diags.len(),
        per(diag_bytes)
    );
    drop((tree, diags));
    drop(decoded);

    // The one read path, as the commands call it.
    let (doc, s) = step(|| sgfkit::read(&bytes, &lenient).unwrap_or_else(|e| Document::unread(&e)));
    line("sgfkit::read, lenient (decoding + reader)", s);
    let (found, s) = step(|| doc.check(&CheckOptions::default()));
    line(
        &format!("check: Document::check ({} findings)", found.len()),
        s,
    );
    drop(found);
    let (owned, s) = step(|| sgfkit::read(&bytes, &lenient).map(|d| d.into_owned()));
    line(
        "sgfkit::read then into_owned (a copy when the tree borrowed)",
        s,
    );
    drop(owned);
    let (owned, s) = step(|| sgfkit::read_owned(bytes.clone(), &lenient));
    line(
        "sgfkit::read_owned of a copy of the input (the copy included)",
        s,
    );
    drop(owned);
    let (_, s) = step(|| sgfkit::json::write_json(doc.collection(), io::sink()));
    line("json: write_json to a writer", s);
    let (out, s) = step(|| {
        let mut out = Vec::new();
        sgfkit::print::push_sgf(&mut out, doc.collection(), &WriterConfig::default());
        out
    });
    line("push_sgf into a buffer (fmt of several files)", s);
    drop(out);
    let (_, s) = step(|| Writer::new(io::sink(), WriterConfig::default()).write(doc.collection()));
    line("fmt: print::Writer to a writer", s);
    drop(doc);
    let options = sgfkit_export::ExportOptions::default();
    let (tables, s) = step(|| sgfkit_export::tables(&bytes, name, &options));
    line(
        &format!(
            "export: tables ({} games, {} moves, {} diagnostics rows)",
            tables.games.len(),
            tables.moves.len(),
            tables.diagnostics.len()
        ),
        s,
    );
    let (_, s) = step(|| tables.write_ndjson(&mut io::sink(), &mut io::sink(), &mut io::sink()));
    line("export: write_ndjson", s);
    drop(tables);
    drop(bytes);

    // Each command on one file, as the command runs it: peak of live bytes,
    // the input included.
    println!("\n| command (one file, library steps) | peak (bytes) | ÷ input |");
    println!("|---|---:|---:|");
    let command = |what: &str, peak: usize| println!("| {what} | {peak} | {:.2} |", per(peak));
    command(
        "stats: read_owned, counts",
        peak_of(|| {
            let doc = sgfkit::read_owned(input.to_vec(), &lenient)
                .unwrap_or_else(|e| Document::unread(&e));
            black_box(doc.collection().node_count());
        }),
    );
    command(
        "check -q: read_owned, Document::check",
        peak_of(|| {
            let doc = sgfkit::read_owned(input.to_vec(), &lenient)
                .unwrap_or_else(|e| Document::unread(&e));
            black_box(doc.check(&CheckOptions::default()).len());
        }),
    );
    command(
        "fix --dry-run: read_owned, repair",
        peak_of(|| {
            let mut doc = sgfkit::read_owned(input.to_vec(), &lenient)
                .unwrap_or_else(|e| Document::unread(&e));
            let found = sgfkit::check::repair(doc.collection_mut(), &Default::default());
            black_box(found.len());
        }),
    );
    command(
        "json: read_owned, write_json to a writer",
        peak_of(|| {
            let doc = sgfkit::read_owned(input.to_vec(), &lenient)
                .unwrap_or_else(|e| Document::unread(&e));
            let _ = sgfkit::json::write_json(doc.collection(), io::sink());
        }),
    );
    command(
        "fmt: read_owned, print::Writer to a writer",
        peak_of(|| {
            let doc = sgfkit::read_owned(input.to_vec(), &lenient)
                .unwrap_or_else(|e| Document::unread(&e));
            let _ = Writer::new(io::sink(), WriterConfig::default()).write(doc.collection());
        }),
    );
    command(
        "export ndjson (a file under 1 MiB): read, write_ndjson into the group's text",
        peak_of(|| {
            let bytes = input.to_vec();
            let doc = sgfkit_export::read(&bytes, &options);
            let mut text: [Vec<u8>; 3] = Default::default();
            let [g, m, d] = &mut text;
            let _ = sgfkit_export::write_ndjson(&doc, name, &options, g, m, d);
        }),
    );
    command(
        "export ndjson (a file of 1 MiB or more): read_owned, write_ndjson to writers",
        peak_of(|| {
            let doc = sgfkit::read_owned(input.to_vec(), &lenient)
                .unwrap_or_else(|e| Document::unread(&e));
            let (mut g, mut m, mut d) = (io::sink(), io::sink(), io::sink());
            let _ = sgfkit_export::write_ndjson(&doc, name, &options, &mut g, &mut m, &mut d);
        }),
    );
    command(
        "export parquet (a file of 1 MiB or more): read_owned, tables in parts of 4,096 rows",
        peak_of(|| {
            let doc = sgfkit::read_owned(input.to_vec(), &lenient)
                .unwrap_or_else(|e| Document::unread(&e));
            for t in sgfkit_export::Tables::of_document_in_parts(&doc, name, &options, 4096) {
                let _ = t.write_ndjson(&mut io::sink(), &mut io::sink(), &mut io::sink());
            }
        }),
    );
}
