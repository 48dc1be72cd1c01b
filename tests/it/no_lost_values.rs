//! No lost data on write: for every corpus file, `fmt` (also with
//! `--keep-encoding`) and `fix` (the same library calls the commands make:
//! lenient `read` or `parse_lenient`, `repair`, `push_sgf`)
//! keep every decoded property value. `fmt` keeps the multiset of
//! (identifier, value) exactly; `fix` may change values only where a repair
//! diagnostic says so, and every difference must be accounted for by one.

use crate::support::{corpus_dir, files_below};
use sgfkit::check::{Code, Diagnostic, RepairOptions, Severity, repair};
use sgfkit::print::{WriterConfig, push_sgf};
use sgfkit::text::{TextKind, decode};
use sgfkit::{Collection, ParseOptions};
use std::collections::BTreeMap;
use std::ops::Range;

type Key = (String, Vec<u8>);

/// Every property value of the collection with where its property stood
/// in the source (for values read from it).
fn values(c: &Collection<'_>) -> Vec<(Key, Option<Range<usize>>)> {
    let mut out = Vec::new();
    for game in c.games() {
        for node in game.descendants() {
            for p in node.properties() {
                for v in p.values() {
                    let key = (
                        p.ident().to_string(),
                        decode(v, TextKind::Text).into_owned(),
                    );
                    out.push((key, p.span()));
                }
            }
        }
    }
    out
}

fn multiset(values: &[(Key, Option<Range<usize>>)]) -> BTreeMap<&Key, i64> {
    let mut m = BTreeMap::new();
    for (k, _) in values {
        *m.entry(k).or_default() += 1;
    }
    m
}

/// What `fmt` writes, read back by the strict parser.
fn written(tree: &Collection<'_>) -> Collection<'static> {
    let mut out = Vec::new();
    push_sgf(&mut out, tree, &WriterConfig::default());
    let reread = Collection::parse_with(&out, &ParseOptions::default(), &mut ());
    match reread {
        Ok(c) => c.into_owned(),
        Err(e) => panic!(
            "printed output refused: {e}\n{}",
            String::from_utf8_lossy(&out)
        ),
    }
}

/// Differences `before → after` that no repair diagnostic accounts for: a
/// value removed or added must belong to a property of `before` whose span a
/// diagnostic touches, or (for a value the repair wrote) to an identifier
/// a diagnostic touching the same node names.
fn unexplained(
    before: &[(Key, Option<Range<usize>>)],
    after: &[(Key, Option<Range<usize>>)],
    diags: &[Diagnostic],
) -> Vec<String> {
    let (b, a) = (multiset(before), multiset(after));
    let mut keys: Vec<&Key> = b.keys().chain(a.keys()).copied().collect();
    keys.sort();
    keys.dedup();
    let touches = |span: &Range<usize>, d: &Diagnostic| {
        d.span.start < span.end && span.start < d.span.end.max(d.span.start + 1)
    };
    let mut out = Vec::new();
    for key in keys {
        let delta = a.get(key).copied().unwrap_or(0) - b.get(key).copied().unwrap_or(0);
        if delta == 0 {
            continue;
        }
        let (ident, value) = key;
        // A repair that touched a property of this identifier, or that
        // names it (a value it wrote).
        let same_ident_spans: Vec<&Range<usize>> = before
            .iter()
            .filter(|((i, _), _)| i == ident)
            .filter_map(|(_, s)| s.as_ref())
            .collect();
        let explained = diags
            .iter()
            .any(|d| same_ident_spans.iter().any(|s| touches(s, d)) || names(&d.message, ident));
        if !explained {
            out.push(format!(
                "{ident}[{}] {delta:+}",
                String::from_utf8_lossy(value)
            ));
        }
    }
    out
}

/// True if `message` names the identifier `ident` (as a word of capitals).
fn names(message: &str, ident: &str) -> bool {
    let m = message.as_bytes();
    message.match_indices(ident).any(|(at, _)| {
        let before = at.checked_sub(1).map(|k| m[k]);
        let after = m.get(at + ident.len()).copied();
        !before.is_some_and(|b| b.is_ascii_uppercase())
            && !after.is_some_and(|b| b.is_ascii_uppercase())
    })
}

#[test]
fn fmt_and_fix_keep_every_value_of_every_corpus_file() {
    let Some(dir) = corpus_dir("fmt_and_fix_keep_every_value_of_every_corpus_file") else {
        return;
    };
    let opts = ParseOptions::default();
    let mut failures = Vec::new();
    let (mut files, mut repaired_files, mut changed_values) = (0, 0, 0i64);
    for (rel, path) in files_below(&dir) {
        if !rel.to_ascii_lowercase().ends_with(".sgf") {
            continue;
        }
        let bytes = std::fs::read(&path).unwrap();
        let doc =
            sgfkit::read(&bytes, &sgfkit::ReadOptions::lenient().limits(opts.clone())).unwrap();
        let lenient_diags = doc.diagnostics().to_vec();
        let tree = doc.into_collection();
        if tree.games().len() == 0 {
            continue;
        }
        files += 1;
        let before = values(&tree);
        // The lenient reader keeps whatever the strict parser reads.
        if let Ok(strict) = sgfkit::read(&bytes, &Default::default()) {
            let strict_values = values(strict.collection());
            let (s, l) = (multiset(&strict_values), multiset(&before));
            // (Each game tree of a transcoded file is marked CA[UTF-8]: the
            // strict parser may see more game trees in the same text.)
            let marked = |k: &Key| k.0 == "CA" && k.1 == b"UTF-8";
            for (k, n) in &s {
                if l.get(k).copied().unwrap_or(0) < *n && !marked(k) {
                    failures.push(format!("{rel}: lenient reading drops {k:?}"));
                }
            }
            let more = l
                .iter()
                .any(|(k, n)| s.get(k).copied().unwrap_or(0) < *n && !marked(k));
            if more
                && !lenient_diags
                    .iter()
                    .any(|d| d.severity >= Severity::Warning)
            {
                failures.push(format!("{rel}: lenient reading adds values unannounced"));
            }
        }
        // fmt: the same values, exactly.
        let formatted = values(&written(&tree));
        if multiset(&formatted) != multiset(&before) {
            failures.push(format!("{rel}: fmt changes values"));
        }
        // fmt --keep-encoding: the lenient reader on the bytes as they are.
        let (raw_tree, _) = sgfkit::check::parse_lenient(&bytes, &opts);
        if raw_tree.games().len() > 0 {
            let raw_before = values(&raw_tree);
            if multiset(&values(&written(&raw_tree))) != multiset(&raw_before) {
                failures.push(format!("{rel}: fmt --keep-encoding changes values"));
            }
        }
        // fix: every difference accounted for by a repair.
        let mut fixed = tree;
        let diags = repair(&mut fixed, &RepairOptions::default());
        let after = values(&written(&fixed));
        let (b, a) = (multiset(&before), multiset(&after));
        if a != b {
            repaired_files += 1;
            changed_values += b
                .iter()
                .map(|(k, n)| (n - a.get(k).copied().unwrap_or(0)).abs())
                .sum::<i64>();
        }
        let lost = unexplained(&before, &after, &diags);
        if !lost.is_empty() {
            failures.push(format!(
                "{rel}: fix changes values no repair explains: {}\n  repairs: {}",
                lost.join(", "),
                diags
                    .iter()
                    .map(|d| format!("{}@{:?} {}", d.code, d.span, d.message))
                    .collect::<Vec<_>>()
                    .join("; ")
            ));
        }
    }
    eprintln!(
        "{files} files: fix changed {changed_values} values in {repaired_files}, each explained"
    );
    assert!(
        failures.is_empty(),
        "{} files:\n{}",
        failures.len(),
        failures[..failures.len().min(30)].join("\n")
    );
}

/// The accounting above can fail: a value dropped or changed with no
/// repair touching it or naming its identifier is reported.
#[test]
fn an_unexplained_change_is_reported() {
    let src = b"(;FF[3]C[keep]GN[game];B[aa];W[bb])";
    let before = values(&sgfkit::parse(src).unwrap());
    let after = values(&sgfkit::parse(b"(;FF[4]C[kept]GN[game];B[aa])").unwrap());
    let ff = Diagnostic {
        code: Code::R017,
        severity: Severity::Info,
        span: 2..7,
        position: sgfkit::Position { line: 1, column: 3 },
        message: "no FF (FF[3]) set to FF[4]".into(),
        sgfc: None,
        data_lost: false,
    };
    let lost = unexplained(&before, &after, std::slice::from_ref(&ff));
    assert_eq!(lost, ["C[keep] -1", "C[kept] +1", "W[bb] -1"]);
    // A diagnostic on the `W` property explains its removal.
    let w = Diagnostic {
        span: 29..34,
        ..ff.clone()
    };
    let lost = unexplained(&before, &after, &[ff, w]);
    assert_eq!(lost, ["C[keep] -1", "C[kept] +1"]);
}
