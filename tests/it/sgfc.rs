//! Conformance with SGFC, measured: our diagnostics (lenient reader and
//! semantic checker) against SGFC's expected output on its own test files,
//! message class by message class (SGFC's message numbers).
//!
//! Run with `--nocapture` to see the table (it is copied into
//! docs/diagnostics.md).

use crate::support::shared_dir;
use sgfkit::check::{CheckOptions, all_codes, check, parse_lenient};
use std::collections::{BTreeMap, BTreeSet};

/// SGFC numbers whose lines we reproduce exactly on every test file where
/// SGFC reports them. The set may grow, never shrink.
const REPRODUCED: &[u32] = &[
    6, 8, 10, 11, 12, 13, 15, 16, 18, 19, 21, 22, 23, 28, 30, 31, 32, 35, 36, 37, 38, 39, 40, 41,
    42, 43, 44, 45, 46, 47, 50, 51, 52, 53, 54, 58, 59, 60, 61, 62, 65, 66, 67, 72, 74,
];

/// SGFC numbers triggered by the inputs of SGFC's `tests/trigger-errors.c`
/// (extracted to `suite-sgfc/extracted-inline`). May grow, never shrink.
/// (24, a move in the root, left both lists on purpose: SGFC reports it
/// only while it corrects the file with `-v`, which is `sgfkit fix`'s R007;
/// `check` reports S041 without an SGFC number.)
const TRIGGERED: &[u32] = &[
    9, 10, 11, 12, 13, 14, 16, 17, 18, 19, 20, 21, 23, 28, 30, 31, 32, 33, 35, 37, 38, 39, 40, 41,
    42, 43, 44, 45, 47, 50, 51, 52, 53, 54, 58, 59, 60, 61, 62, 63, 65, 66, 67,
];

/// SGFC's test files: input, expected output, and whether SGFC ran with
/// `-r` (our `strict`).
const RUNS: &[(&str, &str, bool)] = &[
    ("test.sgf", "test-output.txt", false),
    ("test.sgf", "test-roun-output.txt", true),
    ("strict.sgf", "strict-output.txt", true),
    ("escaping.sgf", "escaping-output.txt", false),
    ("reorder.sgf", "reorder-output.txt", false),
    ("mixed-encoding.sgf", "mixed-encoding-output.txt", false),
];

/// The inputs of `tests/trigger-errors.c`, by the line of the C file they
/// were extracted from: the SGFC number each test expects, and whether the
/// test turns on strict checking.
const TRIGGERS: &[(&str, u32, bool)] = &[
    ("L0057", 6, false),
    ("L0078", 8, false),
    ("L0087", 9, false),
    ("L0096", 10, false),
    ("L0105", 11, false),
    ("L0114", 12, false),
    ("L0123", 13, false),
    ("L0132", 14, false),
    ("L0141", 15, false),
    ("L0150", 16, false),
    ("L0159", 17, false),
    ("L0168", 17, false),
    ("L0177", 18, false),
    ("L0186", 19, false),
    ("L0195", 20, false),
    ("L0204", 21, false),
    ("L0213", 23, false),
    ("L0223", 24, false),
    ("L0233", 25, false),
    ("L0242", 28, false),
    ("L0252", 29, false),
    ("L0261", 30, false),
    ("L0272", 31, false),
    ("L0281", 32, false),
    ("L0290", 33, false),
    ("L0299", 35, false),
    ("L0318", 37, false),
    ("L0327", 38, false),
    ("L0336", 39, false),
    ("L0345", 40, false),
    ("L0354", 41, false),
    ("L0363", 42, false),
    ("L0372", 43, false),
    ("L0381", 44, false),
    ("L0390", 45, false),
    ("L0400", 47, false),
    ("L0409", 50, false),
    ("L0418", 51, false),
    ("L0427", 52, false),
    ("L0438", 53, false),
    ("L0448", 54, false),
    ("L0458", 55, false),
    ("L0468", 56, false),
    ("L0479", 57, false),
    ("L0488", 58, false),
    ("L0497", 59, false),
    ("L0508", 60, true),
    ("L0520", 61, true),
    ("L0531", 62, true),
    ("L0541", 63, true),
    ("L0550", 65, false),
    ("L0559", 66, false),
    ("L0568", 67, false),
];

/// SGFC number → lines where it is reported (0: no position).
type ByNumber = BTreeMap<u32, BTreeSet<u32>>;

/// Reads SGFC's console output: `Line:L Col:C - Error N ...` or
/// `Warning N ...` without a position.
fn expected(output: &str) -> ByNumber {
    let mut out = ByNumber::new();
    for line in output.lines() {
        let (pos, rest) = match line.strip_prefix("Line:") {
            Some(r) => {
                let (l, rest) = r.split_once(' ').unwrap_or((r, ""));
                let rest = rest.split_once(" - ").map_or(rest, |(_, m)| m);
                (l.parse().unwrap_or(0), rest)
            }
            None => (0, line),
        };
        let rest = rest
            .strip_prefix("Fatal error ")
            .or_else(|| rest.strip_prefix("Error "))
            .or_else(|| rest.strip_prefix("Warning "));
        let Some(rest) = rest else { continue };
        let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
        if let Ok(n) = digits.parse() {
            out.entry(n).or_default().insert(pos);
        }
    }
    out
}

/// Our diagnostics on `src`, by SGFC number.
fn ours(src: &[u8], strict: bool) -> ByNumber {
    let (tree, mut diags) = parse_lenient(src, &Default::default());
    diags.extend(check(&tree, &CheckOptions::default().strict(strict)));
    let mut out = ByNumber::new();
    for d in diags {
        if let Some(n) = d.sgfc {
            out.entry(n).or_default().insert(d.position.line);
        }
    }
    out
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Status {
    Reproduced,
    Differs,
    NotCovered,
}

#[test]
fn sgfc_conformance() {
    let Some(dir) = shared_dir().map(|s| s.join("corpus/suite-sgfc")) else {
        eprintln!("SKIPPED sgfc_conformance: ../shared/corpus not found");
        return;
    };
    let files = dir.join("test-files");
    let covered: BTreeSet<u32> = all_codes().filter_map(|c| c.sgfc).collect();
    // Number → (status, notes per run).
    let mut table: BTreeMap<u32, (Status, Vec<String>)> = BTreeMap::new();
    for (input, output, strict) in RUNS {
        let (Ok(src), Ok(want)) = (
            std::fs::read(files.join(input)),
            std::fs::read_to_string(files.join(output)),
        ) else {
            eprintln!("SKIPPED {input}/{output}: not found");
            continue;
        };
        let want = expected(&want);
        let got = ours(&src, *strict);
        for (n, lines) in &want {
            let ours = got.get(n).cloned().unwrap_or_default();
            // A message without a position matches any of ours.
            let same = if lines.iter().all(|l| *l == 0) {
                !ours.is_empty()
            } else {
                &ours == lines
            };
            let status = if !covered.contains(n) {
                Status::NotCovered
            } else if same {
                Status::Reproduced
            } else {
                Status::Differs
            };
            let entry = table.entry(*n).or_insert((status, Vec::new()));
            entry.0 = entry.0.max(status);
            let show = |s: &BTreeSet<u32>| {
                s.iter()
                    .map(|l| {
                        if *l == 0 {
                            "-".to_string()
                        } else {
                            l.to_string()
                        }
                    })
                    .collect::<Vec<_>>()
                    .join(",")
            };
            if status == Status::Differs {
                entry.1.push(format!(
                    "{output}: SGFC lines {}, ours {}",
                    show(lines),
                    if ours.is_empty() {
                        "none".to_string()
                    } else {
                        show(&ours)
                    }
                ));
            }
        }
    }
    if table.is_empty() {
        return;
    }
    println!("| SGFC # | sgfkit codes | status | notes |");
    println!("|---|---|---|---|");
    for (n, (status, notes)) in &table {
        let codes: Vec<&str> = all_codes()
            .filter(|c| c.sgfc == Some(*n))
            .map(|c| c.code.as_str())
            .collect();
        let status = match status {
            Status::Reproduced => "reproduced",
            Status::Differs => "differs",
            Status::NotCovered => "not covered",
        };
        println!(
            "| {n} | {} | {status} | {} |",
            if codes.is_empty() {
                "–".to_string()
            } else {
                codes.join(", ")
            },
            notes.join("; ")
        );
    }
    let count = |s: Status| table.values().filter(|(st, _)| *st == s).count();
    println!(
        "\n{} message classes: {} reproduced, {} differ, {} not covered",
        table.len(),
        count(Status::Reproduced),
        count(Status::Differs),
        count(Status::NotCovered)
    );
    let reproduced: BTreeSet<u32> = table
        .iter()
        .filter(|(_, (s, _))| *s == Status::Reproduced)
        .map(|(n, _)| *n)
        .collect();
    for n in REPRODUCED {
        assert!(
            reproduced.contains(n),
            "SGFC #{n} is no longer reproduced: {:?}",
            table.get(n)
        );
    }
    let new: Vec<_> = reproduced
        .iter()
        .filter(|n| !REPRODUCED.contains(n))
        .collect();
    if !new.is_empty() {
        println!("newly reproduced (add to REPRODUCED): {new:?}");
    }
}

#[test]
fn sgfc_trigger_errors() {
    let Some(dir) = shared_dir().map(|s| s.join("corpus/suite-sgfc/extracted-inline")) else {
        eprintln!("SKIPPED sgfc_trigger_errors: ../shared/corpus not found");
        return;
    };
    let mut triggered = BTreeSet::new();
    let mut missed = BTreeSet::new();
    for (line, n, strict) in TRIGGERS {
        let path = dir.join(format!("tests__trigger-errors__{line}.sgf"));
        let Ok(src) = std::fs::read(&path) else {
            eprintln!("SKIPPED {}: not found", path.display());
            return;
        };
        if ours(&src, *strict).contains_key(n) {
            triggered.insert(*n);
        } else {
            missed.insert(*n);
        }
    }
    let missed: Vec<_> = missed.difference(&triggered).collect();
    println!(
        "trigger-errors.c inputs: {} numbers triggered {:?}; not triggered {:?}",
        triggered.len(),
        triggered,
        missed
    );
    for n in TRIGGERED {
        assert!(triggered.contains(n), "SGFC #{n} is no longer triggered");
    }
}
