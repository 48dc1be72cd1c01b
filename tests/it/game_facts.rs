//! Game facts on real files: every distinct non-empty `BR`/`WR`, `RU`,
//! `TM`, `OT`, `KM`, `HA` and `DT` value of the corpus, read by
//! `Rank::read`, `Rules::from_ru`, `TimeControl::read` and `GameInfo::read`,
//! with the share read and each value not read named (and, with
//! `SGFKIT_LIST_FACTS=1`, each value read with its reading).

use std::collections::BTreeMap;

use sgfkit::game::go::Rules;
use sgfkit::record::{Date, Fact, GameInfo, Rank, RankError, TimeControl};
use sgfkit::text::{TextKind, decode_str};

/// Each distinct non-empty text of the root properties `idents` in the
/// corpus, with the number of times it is given; `None` without the corpus.
fn root_texts(test: &str, idents: &[&str]) -> Option<BTreeMap<String, usize>> {
    let mut texts: BTreeMap<String, usize> = BTreeMap::new();
    let found = each_corpus_game(test, |_, root| {
        for ident in idents {
            if let Some(p) = root.get(ident) {
                let text = decode_str(p.value(), TextKind::SimpleText);
                if !text.trim().is_empty() {
                    *texts.entry(text.into_owned()).or_default() += 1;
                }
            }
        }
    });
    found.then_some(texts)
}

/// Prints how many of `texts`' values `read` reads, and each one it does
/// not with the reason; fails below 99 %.
fn share_read(
    what: &str,
    texts: &BTreeMap<String, usize>,
    read: impl Fn(&str) -> Result<(), String>,
) {
    let total: usize = texts.values().sum();
    let unread: Vec<(&String, &usize, String)> = texts
        .iter()
        .filter_map(|(t, n)| read(t).err().map(|e| (t, n, e)))
        .collect();
    let unread_count: usize = unread.iter().map(|u| *u.1).sum();
    eprintln!(
        "{what}: {total} values ({} distinct), {unread_count} not read ({:.2} % read)",
        texts.len(),
        100.0 * (total - unread_count) as f64 / total.max(1) as f64
    );
    for (text, n, reason) in &unread {
        eprintln!("  not read: {text:?} ×{n}: {reason}");
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
    share_read("rules", &texts, |t| {
        Rules::from_ru(t)
            .map(|_| ())
            .ok_or_else(|| "names rules sgfkit does not know".to_string())
    });
}

#[test]
fn corpus_ranks_are_read() {
    let Some(texts) = root_texts("corpus_ranks_are_read", &["BR", "WR"]) else {
        return;
    };
    let (mut ranks, mut no_rank, mut unread) = (0usize, 0usize, Vec::new());
    let list = std::env::var_os("SGFKIT_LIST_FACTS").is_some();
    for (text, n) in &texts {
        match Rank::read(text) {
            Ok(r) => {
                ranks += n;
                if list {
                    eprintln!("  read: {text:?} ×{n} → {r}");
                }
            }
            // Values that say why they give no rank are read too.
            Err(
                e @ (RankError::Unranked(_)
                | RankError::Rating(_)
                | RankError::Title(_)
                | RankError::Empty),
            ) => {
                no_rank += n;
                if list {
                    eprintln!("  no rank: {text:?} ×{n}: {e}");
                }
            }
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
        let as_ot = TimeControl::read(None, Some(t)).problems;
        if TimeControl::read(Some(t), None).problems.is_empty() || as_ot.is_empty() {
            return Ok(());
        }
        Err(as_ot
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join("; "))
    };
    share_read("time", &texts, read);
}

/// Each distinct text of one fact in the corpus: how often it is given
/// and how [`GameInfo::read`] reads it (the reading shown, or the reason).
type Readings = BTreeMap<String, (usize, Result<String, String>)>;

/// A fact with its value shown as text.
fn shown<T>(fact: &Fact<T>, show: impl Fn(&T) -> String) -> (String, Result<String, String>) {
    (
        fact.text.clone(),
        fact.value.as_ref().map(show).map_err(Clone::clone),
    )
}

/// The readings of `KM`, `HA` and `DT` over the corpus, in one pass, as
/// [`GameInfo::read`] gives them; `None` without the corpus.
fn komi_handicap_dates(test: &str) -> Option<[Readings; 3]> {
    let mut out: [Readings; 3] = Default::default();
    let found = each_corpus_game(test, |_, root| {
        let info = GameInfo::read(root);
        let facts = [
            info.komi.as_ref().map(|f| shown(f, f64::to_string)),
            info.handicap.as_ref().map(|f| shown(f, u32::to_string)),
            info.dates.as_ref().map(|f| {
                shown(f, |d| {
                    d.iter().map(Date::to_string).collect::<Vec<_>>().join(",")
                })
            }),
        ];
        for (readings, fact) in out.iter_mut().zip(facts) {
            if let Some((text, value)) = fact {
                readings.entry(text).or_insert((0, value)).0 += 1;
            }
        }
    });
    found.then_some(out)
}

/// Prints the share of `readings` read and each value not read with its
/// reason (and each value read with its reading when `SGFKIT_LIST_FACTS`
/// is set); fails below 99 %.
fn share_read_with_reasons(what: &str, readings: &Readings) {
    let list = std::env::var_os("SGFKIT_LIST_FACTS").is_some();
    let texts: BTreeMap<String, usize> =
        readings.iter().map(|(t, (n, _))| (t.clone(), *n)).collect();
    share_read(what, &texts, |t| readings[t].1.clone().map(|_| ()));
    if list {
        for (text, (n, read)) in readings
            .iter()
            .filter_map(|(t, (n, v))| Some((t, (n, v.as_ref().ok()?))))
        {
            eprintln!("  read: {text:?} ×{n} → {read}");
        }
    }
}

#[test]
fn corpus_komi_handicap_and_dates_are_read() {
    let Some([komi, handicap, dates]) =
        komi_handicap_dates("corpus_komi_handicap_and_dates_are_read")
    else {
        return;
    };
    share_read_with_reasons("komi", &komi);
    share_read_with_reasons("handicap", &handicap);
    share_read_with_reasons("dates", &dates);
}

/// Calls `f` with each game tree of every `.sgf` file of the corpus (read
/// leniently, as every command reads) and the file's relative path;
/// `false` (and a message saying the test is skipped) without the corpus.
pub(crate) fn each_corpus_game(test: &str, mut f: impl FnMut(&str, sgfkit::Node<'_, '_>)) -> bool {
    let Some(dir) = crate::support::corpus_dir(test) else {
        return false;
    };
    let options = sgfkit::ReadOptions::lenient();
    for (rel, path) in crate::support::files_below(&dir) {
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
            f(&rel, root);
        }
    }
    true
}
