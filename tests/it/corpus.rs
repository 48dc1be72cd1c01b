//! Every file of ../shared/corpus: parses (or is listed as rejected with its
//! reason), never panics, prints to text that parses back to the same tree,
//! and agrees with index.tsv on game and node counts (or the difference is
//! explained).

use crate::support::{corpus_dir, files_below};
use std::collections::BTreeMap;

/// Files the strict parser rejects, with the reason (the error's message),
/// one per line: `PATH<TAB>LINE:COL: MESSAGE`.
const REJECTED: &str = include_str!("corpus-rejected.tsv");

#[test]
fn corpus_files_parse_or_are_listed() {
    let Some(dir) = corpus_dir("corpus_files_parse_or_are_listed") else {
        return;
    };
    let expected: BTreeMap<&str, &str> = REJECTED
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .filter_map(|l| l.split_once('\t'))
        .collect();
    let mut actual = BTreeMap::new();
    let mut parsed = 0;
    let mut sgf_files = 0;
    for (rel, path) in files_below(&dir) {
        if rel == "index.tsv" || rel.ends_with("README.md") || rel.ends_with("MANIFEST.tsv") {
            continue;
        }
        sgf_files += 1;
        let bytes = std::fs::read(&path).expect("read");
        match sgfkit::parse(&bytes) {
            Ok(tree) => {
                parsed += 1;
                // Printing and reading back gives the same tree.
                let printed = sgfkit::print::to_bytes(&tree);
                let again =
                    sgfkit::parse(&printed).unwrap_or_else(|e| panic!("{rel}: reprint fails: {e}"));
                assert!(again == tree, "{rel}: reprinted tree differs");
            }
            Err(e) => {
                actual.insert(rel, e.to_string());
            }
        }
    }
    eprintln!(
        "corpus: {sgf_files} files, {parsed} parsed, {} rejected",
        actual.len()
    );
    let mut diffs = Vec::new();
    for (k, v) in &actual {
        match expected.get(k.as_str()) {
            Some(e) if e == v => {}
            Some(e) => diffs.push(format!("{k}: listed as `{e}`, now `{v}`")),
            None => diffs.push(format!("{k}\t{v}   <- rejected but not listed")),
        }
    }
    for k in expected.keys() {
        if !actual.contains_key(*k) {
            diffs.push(format!("{k}: listed as rejected but parses now"));
        }
    }
    assert!(
        diffs.is_empty(),
        "corpus-rejected.tsv is out of date:\n{}",
        diffs.join("\n")
    );
}

/// Game and node counts against index.tsv. The index comes from a simple
/// byte scan; where it disagrees the reason is one of the listed kinds.
#[test]
fn corpus_counts_match_index() {
    let Some(dir) = corpus_dir("corpus_counts_match_index") else {
        return;
    };
    let index = std::fs::read_to_string(dir.join("index.tsv")).expect("index.tsv");
    let mut checked = 0;
    let mut differ = Vec::new();
    for line in index.lines().skip(1) {
        let cols: Vec<&str> = line.split('\t').collect();
        let (path, games, nodes) = (cols[0], cols[2], cols[3]);
        let bytes = std::fs::read(dir.join(path)).expect("read");
        let Ok(tree) = sgfkit::parse(&bytes) else {
            continue;
        };
        checked += 1;
        let g = tree.games().len().to_string();
        let n = tree.node_count().to_string();
        if g != games || n != nodes {
            differ.push(format!(
                "{path}: index games {games} nodes {nodes}, sgfkit games {g} nodes {n}"
            ));
        }
    }
    eprintln!(
        "index cross-check: {checked} parsed files compared, {} differ",
        differ.len()
    );
    for d in &differ {
        eprintln!("  {d}");
    }
    let allowed = include_str!("corpus-count-differences.txt");
    let unexplained: Vec<&String> = differ
        .iter()
        .filter(|d| {
            !allowed
                .lines()
                .any(|a| d.starts_with(a.split(':').next().unwrap_or("-")))
        })
        .collect();
    assert!(
        unexplained.is_empty(),
        "unexplained count differences: {unexplained:#?}"
    );
}
