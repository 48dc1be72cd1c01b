//! The lenient reader over the whole corpus: no panic, every file with game
//! tree content recovered, printed output accepted by the strict parser, and
//! the same tree as the strict parser wherever that one succeeds.

use crate::support::{corpus_dir, files_below};
use sgfkit::check::{Code, Severity, parse_lenient};
use sgfkit::{Collection, ParseOptions, Warning, WarningKind};
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

/// True if `src` has `(` or `;` followed (after whitespace) by a property
/// identifier with a capital and a `[`: something a reader can recover.
fn has_tree_content(src: &[u8]) -> bool {
    let ws = |k: &mut usize| {
        while *k < src.len() && src[*k].is_ascii_whitespace() {
            *k += 1;
        }
    };
    src.iter().enumerate().any(|(at, &b)| {
        if b != b'(' && b != b';' {
            return false;
        }
        let mut k = at + 1;
        ws(&mut k);
        if b == b'(' && src.get(k) == Some(&b';') {
            return true;
        }
        let start = k;
        while k < src.len() && src[k].is_ascii_alphabetic() {
            k += 1;
        }
        let upper = src[start..k].iter().any(u8::is_ascii_uppercase);
        ws(&mut k);
        upper && src.get(k) == Some(&b'[')
    })
}

#[test]
fn lenient_reader_over_the_corpus() {
    let Some(dir) = corpus_dir("lenient_reader_over_the_corpus") else {
        return;
    };
    let opts = ParseOptions::default();
    let mut per_code: BTreeMap<Code, usize> = BTreeMap::new();
    let (mut files, mut with_diags, mut recovered, mut strict_ok) = (0, 0, 0, 0);
    let mut more_than_strict = 0;
    let (mut strict_time, mut lenient_valid_time) = (Duration::ZERO, Duration::ZERO);
    let mut failures = Vec::new();
    for (rel, path) in files_below(&dir) {
        let src = std::fs::read(&path).expect("read");
        files += 1;
        let t = Instant::now();
        let (tree, diags) = parse_lenient(&src, &opts);
        let lenient_time = t.elapsed();
        for d in &diags {
            *per_code.entry(d.code).or_default() += 1;
            assert!(
                d.code.as_str().starts_with('L'),
                "{rel}: {d} is no code of the lenient reader"
            );
        }
        if !diags.is_empty() {
            with_diags += 1;
        }
        let errors = diags
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .count();
        if errors > 0 {
            recovered += 1;
        }
        if has_tree_content(&src) && tree.node_count() == 0 {
            failures.push(format!("{rel}: nothing recovered"));
            continue;
        }
        if tree.games().len() > 0 {
            let printed = sgfkit::print::to_bytes(&tree);
            match sgfkit::parse(&printed) {
                Ok(back) if back == tree => {}
                Ok(_) => failures.push(format!("{rel}: printed form reads back differently")),
                Err(e) => failures.push(format!("{rel}: strict parser rejects the output: {e}")),
            }
        }
        let mut warnings: Vec<Warning> = Vec::new();
        let t = Instant::now();
        let strict = Collection::parse_with(&src, &opts, &mut warnings);
        if let Ok(strict) = strict {
            strict_time += t.elapsed();
            lenient_valid_time += lenient_time;
            strict_ok += 1;
            // Where the strict parser skipped game tree content as junk (a
            // Fox file starting `;GM[1]` with no `(`), the lenient reader
            // must recover more, not the same.
            let skipped_content = warnings.iter().any(|w| {
                matches!(w.kind(), WarningKind::SkippedJunk { .. })
                    && has_tree_content(&src[w.span()])
            });
            if skipped_content {
                more_than_strict += 1;
                if tree.node_count() <= strict.node_count() {
                    failures.push(format!("{rel}: skipped content not recovered"));
                }
                continue;
            }
            if strict != tree {
                failures.push(format!("{rel}: tree differs from the strict parser's"));
            }
            if let Some(d) = diags.iter().find(|d| d.severity == Severity::Error) {
                failures.push(format!("{rel}: error on a strictly valid file: {d}"));
            }
        }
    }
    eprintln!(
        "lenient corpus: {files} files, {strict_ok} strictly valid, {with_diags} with diagnostics, \
         {recovered} needed recovery (error diagnostics), \
         {more_than_strict} strictly valid but with tree content the strict parser skips"
    );
    eprintln!(
        "  on strictly valid files (debug build): strict {:.2} s, lenient {:.2} s",
        strict_time.as_secs_f64(),
        lenient_valid_time.as_secs_f64()
    );
    for (code, n) in &per_code {
        eprintln!("  {code}: {n}");
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The way `sgfkit fmt` and `fix` read a file: decoded to UTF-8 first (so
/// UTF-16 files count too), then read leniently. Every file with game tree
/// content is recovered; the files without any are named.
#[test]
fn every_decoded_corpus_file_with_a_game_tree_is_recovered() {
    let Some(dir) = corpus_dir("every_decoded_corpus_file_with_a_game_tree_is_recovered") else {
        return;
    };
    let mut without = Vec::new();
    let mut failures = Vec::new();
    let mut files = 0;
    for (rel, path) in files_below(&dir) {
        files += 1;
        let raw = std::fs::read(&path).expect("read");
        let decoded = sgfkit::encoding::to_utf8_per_tree(&raw, &Default::default());
        let (tree, _) = parse_lenient(&decoded.text, &ParseOptions::default());
        if !has_tree_content(&decoded.text) {
            without.push(rel);
            continue;
        }
        if tree.node_count() == 0 {
            failures.push(rel);
        }
    }
    eprintln!(
        "decoded corpus: {files} files, {} without game tree content: {without:?}",
        without.len()
    );
    assert!(failures.is_empty(), "not recovered: {failures:?}");
}

/// A file that starts `;GM[1]` without its `(` (a Fox record): the strict
/// reader refuses it, pointing at the `;`, instead of skipping the root and
/// the first moves and returning the variations as games; the lenient
/// reader reads one game.
#[test]
fn a_tree_without_its_opening_parenthesis_is_refused_strict_and_read_lenient() {
    use sgfkit::{ErrorKind, Expected};
    let strict = sgfkit::parse(b";B[](;)").unwrap_err();
    assert!(matches!(
        strict.kind(),
        ErrorKind::Syntax {
            expected: Expected::Char(b'('),
            ..
        }
    ));
    assert_eq!(strict.to_string(), "1:1: expected `(`, found `;`");
    // Between trees and after the last, too.
    let between = sgfkit::parse(b"(;B[aa])\n;W[bb](;B[cc])").unwrap_err();
    assert_eq!(between.to_string(), "2:1: expected `(`, found `;`");
    let after = sgfkit::parse(b"(;B[aa]) ;W[bb]").unwrap_err();
    assert_eq!(after.to_string(), "1:10: expected `(`, found `;`");
    // Plain text (a mail, a header with `;` and `[`) is still skipped.
    let mut warnings: Vec<Warning> = Vec::new();
    let text = b"Subject: Re[2]: a game; see [1]\n(;B[aa])\ncontent-type: x; charset=y";
    let c = Collection::parse_with(text, &ParseOptions::default(), &mut warnings).unwrap();
    assert_eq!(c.games().len(), 1);
    assert_eq!(warnings.len(), 2, "{warnings:?}");

    let Some(corpus) = corpus_dir("a_tree_without_its_opening_parenthesis") else {
        return;
    };
    let path = corpus.join("fox-pro/Pro/9p/1550647789080010073.sgf");
    let bytes = std::fs::read(&path).unwrap();
    assert!(bytes.starts_with(b";"), "{}", path.display());
    let err = sgfkit::read(&bytes, &Default::default()).unwrap_err();
    assert_eq!(
        (err.position().line, err.position().column),
        (1, 1),
        "{err}"
    );
    let doc = sgfkit::read(&bytes, &sgfkit::ReadOptions::lenient()).unwrap();
    assert_eq!(doc.collection().games().len(), 1);
    let root = doc.collection().games().next().unwrap();
    assert_eq!(root.get("FF").unwrap().value(), b"4");
    assert!(
        doc.diagnostics().iter().any(|d| d.code == Code::L003),
        "{:?}",
        doc.diagnostics()
    );
}
