//! `sgfkit_export` on the move-dense collection (every `.sgf` of
//! ../shared/corpus gnugo and fuego concatenated into one buffer), each stage
//! alone, throughput in bytes of SGF input:
//!
//! * `read`: [`sgfkit::read`] (lenient) alone, the floor of every export;
//! * `rows`: [`tables`] without the semantic checks (reading included);
//! * `rows-checked`: [`tables`] with them, as `sgfkit export` runs by default;
//! * `batches`: [`Batches::from_tables`] on rows computed beforehand;
//! * `columns`: [`Batches::of_document`] on a document read beforehand: the
//!   batches straight from the tree, without checks (what `sgfkit export
//!   --no-check` does for a big file, less the reading);
//! * `columns-read`: [`sgfkit_export::arrow::batches`] without checks, the
//!   reading included;
//! * `parquet`, `parquet-2-threads`: those batches written by
//!   [`ParquetFiles`] into memory, the columns encoded on 1 or 2 threads.
//!
//! Without ../shared/corpus the benchmark says so and measures nothing.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sgfkit_export::arrow::Batches;
use sgfkit_export::parquet::ParquetFiles;
use sgfkit_export::{ExportOptions, tables};

// The corpus finder of the core crate's benchmarks.
#[path = "../../../benches/support/mod.rs"]
mod support;

fn dense() -> Option<Vec<u8>> {
    let corpus = support::corpus_dir()?;
    let mut out = Vec::new();
    for dir in ["gnugo", "fuego"] {
        for p in support::sgf_files(&corpus.join(dir)) {
            out.extend(std::fs::read(p).ok()?);
        }
    }
    Some(out)
}

fn export(c: &mut Criterion) {
    let Some(src) = dense() else {
        eprintln!("SKIPPED the export benchmarks: ../shared/corpus not found");
        return;
    };
    let fast = ExportOptions::default().semantic_checks(false);
    let rows = tables(&src, "dense.sgf", &fast);
    let batches = Batches::from_tables(&rows).expect("batches");
    let mut g = c.benchmark_group("export-dense");
    g.sample_size(10);
    g.throughput(Throughput::Bytes(src.len() as u64));
    g.bench_function("read", |b| {
        b.iter(|| sgfkit::read(&src, &sgfkit::ReadOptions::lenient()).unwrap())
    });
    g.bench_function("rows", |b| b.iter(|| tables(&src, "dense.sgf", &fast)));
    g.bench_function("rows-checked", |b| {
        b.iter(|| tables(&src, "dense.sgf", &ExportOptions::default()))
    });
    g.bench_function("batches", |b| {
        b.iter(|| Batches::from_tables(&rows).expect("batches"))
    });
    let doc = sgfkit::read(&src, &sgfkit::ReadOptions::lenient()).unwrap();
    g.bench_function("columns", |b| {
        b.iter(|| Batches::of_document(&doc, "dense.sgf", &fast).expect("batches"))
    });
    g.bench_function("columns-read", |b| {
        b.iter(|| sgfkit_export::arrow::batches(&src, "dense.sgf", &fast).expect("batches"))
    });
    for (name, threads) in [("parquet", 1), ("parquet-2-threads", 2)] {
        g.bench_function(name, |b| {
            b.iter(|| {
                let mut files = ParquetFiles::new(Vec::new(), Vec::new(), Vec::new())
                    .expect("start")
                    .threads(threads);
                files.write(&batches).expect("write");
                files.finish().expect("finish")
            })
        });
    }
    g.finish();
}

criterion_group!(benches, export);
criterion_main!(benches);
