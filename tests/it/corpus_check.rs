//! The semantic checker over the whole shared corpus: no panic, and the
//! number of diagnostics per code (printed; run with `--nocapture`).

use crate::support::{corpus_dir, files_below};
use sgfkit::check::{CheckOptions, Code, all_codes, check, parse_lenient};
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;
use std::time::Instant;

/// What one thread found: code → (diagnostics, files), files, bytes, files
/// without any diagnostic.
#[derive(Default)]
struct Tally {
    counts: BTreeMap<Code, (usize, usize)>,
    files: usize,
    bytes: usize,
    clean: usize,
}

fn tally(paths: &[PathBuf]) -> Tally {
    let strict = CheckOptions::default().strict(true);
    let mut t = Tally::default();
    for path in paths {
        let Ok(src) = std::fs::read(path) else {
            continue;
        };
        t.files += 1;
        t.bytes += src.len();
        let (tree, mut diags) = parse_lenient(&src, &Default::default());
        diags.extend(check(&tree, &strict));
        if diags.is_empty() {
            t.clean += 1;
        }
        let mut seen = BTreeSet::new();
        for d in &diags {
            let e = t.counts.entry(d.code).or_default();
            e.0 += 1;
            if seen.insert(d.code) {
                e.1 += 1;
            }
        }
    }
    t
}

#[test]
fn corpus_checks_without_panic_and_counts_codes() {
    let Some(dir) = corpus_dir("corpus_checks_without_panic_and_counts_codes") else {
        return;
    };
    let start = Instant::now();
    let paths: Vec<PathBuf> = files_below(&dir)
        .into_iter()
        .filter(|(rel, _)| rel.ends_with(".sgf") || rel.ends_with(".SGF"))
        .map(|(_, p)| p)
        .collect();
    // A few threads: the test must stay well under a minute in debug builds.
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get().clamp(1, 4));
    let chunk = paths.len().div_ceil(threads).max(1);
    let parts: Vec<Tally> = std::thread::scope(|s| {
        let handles: Vec<_> = paths
            .chunks(chunk)
            .map(|c| s.spawn(move || tally(c)))
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("no panic while checking"))
            .collect()
    });
    let mut all = Tally::default();
    for p in parts {
        all.files += p.files;
        all.bytes += p.bytes;
        all.clean += p.clean;
        for (code, (n, f)) in p.counts {
            let e = all.counts.entry(code).or_default();
            e.0 += n;
            e.1 += f;
        }
    }
    println!(
        "checked {} files ({} MB) in {:.1} s on {threads} threads (strict): {} without any diagnostic",
        all.files,
        all.bytes / 1_000_000,
        start.elapsed().as_secs_f64(),
        all.clean
    );
    println!("| code | severity | diagnostics | files | meaning |");
    println!("|---|---|---|---|---|");
    for row in all_codes() {
        if let Some((n, f)) = all.counts.get(&row.code) {
            println!(
                "| {} | {} | {n} | {f} | {} |",
                row.code, row.severity, row.title
            );
        }
    }
    assert!(all.files > 0);
}
