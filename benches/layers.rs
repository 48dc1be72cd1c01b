//! Throughput of the layers above the parser, on trees parsed beforehand:
//! the semantic checks (`sgfkit::check::check`), typed access (every
//! property of every node as `Prop<G>`), JSON writing and printing.
//!
//! Two inputs, both from ../shared/corpus:
//!
//! * `real-games`: the fox-pro and gnugo files, one tree a file (files that
//!   do not parse are skipped);
//! * `move-dense`: every `.sgf` of gnugo and fuego that parses,
//!   concatenated into one buffer (byte-order marks dropped), parsed as one
//!   collection.
//!
//! Throughput is bytes of input (MB/s). Without ../shared/corpus the
//! benchmarks print a line and do nothing. Results: benches/README.md.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sgfkit::Collection;
use sgfkit::check::CheckOptions;
use sgfkit::game::GameType;
use sgfkit::game::go::Go;
use sgfkit::print::{WriterConfig, push_sgf};
use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

mod support;
use support::{corpus_dir, sgf_files};

/// The files of `sources` that parse, read into memory.
fn read_files(corpus: &Path, sources: &[&str]) -> Vec<Vec<u8>> {
    let mut files: Vec<Vec<u8>> = sources
        .iter()
        .flat_map(|s| sgf_files(&corpus.join(s)))
        .filter_map(|p| std::fs::read(p).ok())
        .collect();
    files.retain(|b| sgfkit::parse(b).is_ok());
    files
}

/// Every property of every node, typed for Go; the count keeps the work.
fn typed_all(c: &Collection<'_>) -> usize {
    let mut n = 0;
    for g in c.games() {
        let size = g
            .board_size(GameType::Go)
            .map_or(GameType::Go.default_size(), |(size, _)| size);
        for node in g.descendants() {
            n += node.props_on::<Go>(size).len();
        }
    }
    n
}

fn bench_layers(c: &mut Criterion, name: &str, trees: &[Collection<'_>], bytes: usize) {
    let mut g = c.benchmark_group(name);
    g.sample_size(10);
    g.warm_up_time(Duration::from_millis(500));
    g.measurement_time(Duration::from_secs(3));
    g.throughput(Throughput::BytesDecimal(bytes as u64));
    let opts = CheckOptions::default();
    g.bench_function("check", |b| {
        b.iter(|| {
            trees
                .iter()
                .map(|t| sgfkit::check::check(t, &opts).len())
                .sum::<usize>()
        })
    });
    g.bench_function("typed", |b| {
        b.iter(|| trees.iter().map(typed_all).sum::<usize>())
    });
    let mut out = Vec::with_capacity(bytes * 8);
    g.bench_function("json", |b| {
        b.iter(|| {
            for t in trees {
                out.clear();
                sgfkit::json::write_json(t, &mut out).unwrap();
                black_box(&out);
            }
        })
    });
    let config = WriterConfig::default();
    let mut out = Vec::with_capacity(bytes * 2);
    g.bench_function("print", |b| {
        b.iter(|| {
            for t in trees {
                out.clear();
                push_sgf(&mut out, t, &config);
                black_box(&out);
            }
        })
    });
    g.finish();
}

fn layers(c: &mut Criterion) {
    let Some(corpus) = corpus_dir() else {
        eprintln!("../shared/corpus not found: skipping the layer benchmarks");
        return;
    };
    let files = read_files(&corpus, &["fox-pro", "gnugo"]);
    let bytes: usize = files.iter().map(Vec::len).sum();
    let trees: Vec<Collection<'_>> = files.iter().filter_map(|f| sgfkit::parse(f).ok()).collect();
    eprintln!("real-games: {} files, {bytes} bytes", trees.len());
    if !trees.is_empty() {
        bench_layers(c, "real-games", &trees, bytes);
    }

    let mut dense = Vec::new();
    for s in ["gnugo", "fuego"] {
        for p in sgf_files(&corpus.join(s)) {
            if let Ok(b) = std::fs::read(p) {
                // A byte-order mark is only allowed at the start of a file;
                // a file that does not parse would spoil the collection.
                let b = b.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&b);
                if sgfkit::parse(b).is_err() {
                    continue;
                }
                dense.extend_from_slice(b);
                dense.push(b'\n');
            }
        }
    }
    match sgfkit::parse(&dense) {
        Ok(tree) => {
            eprintln!(
                "move-dense: {} bytes, {} games",
                dense.len(),
                tree.games().len()
            );
            bench_layers(c, "move-dense", std::slice::from_ref(&tree), dense.len());
        }
        Err(e) => eprintln!("move-dense collection does not parse ({e}): skipped"),
    }
}

criterion_group!(benches, layers);
criterion_main!(benches);
