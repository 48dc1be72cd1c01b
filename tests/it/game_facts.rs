//! Game facts on real files: every distinct non-empty `BR`/`WR`, `RU`,
//! `TM` and `OT` value of the corpus, read by `Rank::read`,
//! `Rules::from_ru` and `TimeControl::read`, with the share read and each
//! value not read named.

use std::collections::BTreeMap;

use sgfkit::ReadOptions;
use sgfkit::game::go::Rules;
use sgfkit::record::{Rank, RankError, TimeControl};
use sgfkit::text::{TextKind, decode_str};

use crate::support::{corpus_dir, files_below};

/// Each distinct non-empty text of the root properties `idents` in the
/// corpus, with the number of times it is given; `None` without the corpus.
fn root_texts(test: &str, idents: &[&str]) -> Option<BTreeMap<String, usize>> {
    let dir = corpus_dir(test)?;
    let mut texts: BTreeMap<String, usize> = BTreeMap::new();
    let options = ReadOptions::lenient();
    for (rel, path) in files_below(&dir) {
        if !rel.to_ascii_lowercase().ends_with(".sgf") {
            continue;
        }
        let Ok(bytes) = std::fs::read(&path) else {
            continue;
        };
        let Ok(doc) = sgfkit::read(&bytes, &options) else {
            continue;
        };
        for root in doc.collection().games() {
            for ident in idents {
                if let Some(p) = root.get(ident) {
                    let text = decode_str(p.value(), TextKind::SimpleText);
                    if !text.trim().is_empty() {
                        *texts.entry(text.into_owned()).or_default() += 1;
                    }
                }
            }
        }
    }
    Some(texts)
}

/// Prints how many of `texts`' values `read` reads, and each one it does
/// not; fails below 99 %.
fn share_read(what: &str, texts: &BTreeMap<String, usize>, read: impl Fn(&str) -> bool) {
    let total: usize = texts.values().sum();
    let unread: Vec<(&String, &usize)> = texts.iter().filter(|(t, _)| !read(t)).collect();
    let unread_count: usize = unread.iter().map(|u| *u.1).sum();
    eprintln!(
        "{what}: {total} values ({} distinct), {unread_count} not read ({:.2} % read)",
        texts.len(),
        100.0 * (total - unread_count) as f64 / total.max(1) as f64
    );
    for (text, n) in &unread {
        eprintln!("  not read: {text:?} ×{n}");
    }
    if total > 0 {
        assert!(
            (total - unread_count) * 100 >= total * 99,
            "fewer than 99 % of the {what} values read"
        );
    }
}

#[test]
fn corpus_rules_are_read() {
    let Some(texts) = root_texts("corpus_rules_are_read", &["RU"]) else {
        return;
    };
    share_read("rules", &texts, |t| Rules::from_ru(t).is_some());
}

#[test]
fn corpus_ranks_are_read() {
    let Some(texts) = root_texts("corpus_ranks_are_read", &["BR", "WR"]) else {
        return;
    };
    let (mut ranks, mut no_rank, mut unread) = (0usize, 0usize, Vec::new());
    for (text, n) in &texts {
        match Rank::read(text) {
            Ok(_) => ranks += n,
            // Values that say why they give no rank are read too.
            Err(RankError::Unranked(_) | RankError::Rating(_) | RankError::Empty) => no_rank += n,
            Err(e) => unread.push((text.clone(), *n, e.to_string())),
        }
    }
    let total: usize = texts.values().sum();
    let unread_count: usize = unread.iter().map(|u| u.1).sum();
    eprintln!(
        "ranks: {total} values ({} distinct): {ranks} ranks, {no_rank} unranked or ratings, \
         {unread_count} not read ({:.2} % read)",
        texts.len(),
        100.0 * (total - unread_count) as f64 / total.max(1) as f64
    );
    for (text, n, reason) in &unread {
        eprintln!("  not read: {text:?} ×{n}: {reason}");
    }
    if total > 0 {
        assert!(
            (total - unread_count) * 100 >= total * 99,
            "fewer than 99 % of the rank values read"
        );
    }
}

#[test]
fn corpus_time_controls_are_read() {
    let Some(texts) = root_texts("corpus_time_controls_are_read", &["TM", "OT"]) else {
        return;
    };
    // Each text read alone: as TM if it is one, else as OT (the two share
    // no form, so the property need not be kept).
    let read = |t: &str| {
        TimeControl::read(Some(t), None).problems.is_empty()
            || TimeControl::read(None, Some(t)).problems.is_empty()
    };
    share_read("time", &texts, read);
}
