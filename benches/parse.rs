//! Throughput of sgfkit's event API and tree building over the real Go games
//! of ../shared/corpus (fox-pro, gnugo, fuego, glift), with sgf-parse 4.2.8
//! measured on the same bytes in the same group, so the ratio comes from one
//! run. Files are read into memory first; throughput is bytes of input.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sgfkit::events::{Handler, parse_events};
use sgfkit::{ParseOptions, RawProperty};
use std::hint::black_box;
use std::ops::Range;
use std::path::{Path, PathBuf};

/// Every `.sgf` file of the four real-game sources that sgfkit accepts (the
/// comparison is over the same bytes for every parser).
fn corpus() -> Vec<Vec<u8>> {
    let mut dir = Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf();
    let shared = loop {
        if dir.join("shared/corpus").is_dir() {
            break dir.join("shared/corpus");
        }
        if !dir.pop() {
            eprintln!("../shared/corpus not found: benchmarking the bundled examples only");
            return vec![include_bytes!("../cli/examples/sample-game.sgf").to_vec()];
        }
    };
    let mut files = Vec::new();
    for src in ["fox-pro", "gnugo", "fuego", "glift"] {
        let mut stack: Vec<PathBuf> = vec![shared.join(src)];
        while let Some(d) = stack.pop() {
            for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
                let p = e.path();
                if p.is_dir() {
                    stack.push(p);
                } else if p.extension().is_some_and(|x| x.eq_ignore_ascii_case("sgf"))
                    && let Ok(b) = std::fs::read(&p)
                {
                    files.push(b);
                }
            }
        }
    }
    files.retain(|b| sgfkit::parse(b).is_ok());
    files
}

#[derive(Default)]
struct Count {
    nodes: usize,
    props: usize,
}

impl<'a> Handler<'a> for Count {
    fn start_node(&mut self, _: usize) {
        self.nodes += 1;
    }
    fn property(&mut self, p: RawProperty<'a>, _: Range<usize>) {
        self.props += p.ident().len();
    }
}

fn throughput(c: &mut Criterion) {
    let files = corpus();
    let total: usize = files.iter().map(Vec::len).sum();
    // sgf-parse works on &str: give it the files that are UTF-8 (the ratio
    // is computed on that subset too).
    let utf8: Vec<&str> = files
        .iter()
        .filter_map(|b| std::str::from_utf8(b).ok())
        .collect();
    let utf8_total: usize = utf8.iter().map(|s| s.len()).sum();
    eprintln!(
        "corpus: {} files, {total} bytes; UTF-8 subset {} files, {utf8_total} bytes",
        files.len(),
        utf8.len()
    );
    let opts = ParseOptions::default();

    let mut g = c.benchmark_group("real-go-games");
    g.sample_size(10);
    g.throughput(Throughput::Bytes(total as u64));
    g.bench_function("sgfkit-events", |b| {
        b.iter(|| {
            let mut n = Count::default();
            for f in &files {
                parse_events(f, &opts, &mut n, &mut ()).unwrap();
            }
            black_box(n.nodes + n.props)
        })
    });
    g.bench_function("sgfkit-tree", |b| {
        b.iter(|| {
            let mut nodes = 0;
            for f in &files {
                let t = sgfkit::Collection::parse_with(f, &opts, &mut ()).unwrap();
                nodes += t.games().len();
                black_box(&t);
            }
            black_box(nodes)
        })
    });
    g.finish();

    let mut g = c.benchmark_group("real-go-games-utf8");
    g.sample_size(10);
    g.throughput(Throughput::Bytes(utf8_total as u64));
    g.bench_function("sgfkit-events", |b| {
        b.iter(|| {
            let mut n = Count::default();
            for f in &utf8 {
                parse_events(f.as_bytes(), &opts, &mut n, &mut ()).unwrap();
            }
            black_box(n.nodes)
        })
    });
    g.bench_function("sgfkit-tree", |b| {
        b.iter(|| {
            for f in &utf8 {
                black_box(sgfkit::Collection::parse_with(f.as_bytes(), &opts, &mut ()).unwrap());
            }
        })
    });
    g.bench_function("sgf-parse-4.2.8", |b| {
        b.iter(|| {
            for f in &utf8 {
                let _ = black_box(sgf_parse::parse(f));
            }
        })
    });
    g.finish();
}

criterion_group!(benches, throughput);
criterion_main!(benches);
