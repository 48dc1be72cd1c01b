//! `sgfkit::check::repair`: against SGFC's repaired outputs, idempotence
//! (proptest), and the whole corpus.

use crate::support::{corpus_dir, files_below};
use proptest::prelude::*;
use sgfkit::check::{Code, REPORT_ONLY_CODES, RepairOptions, parse_lenient, repair};
use sgfkit::{Collection, ParseOptions};
use std::collections::BTreeMap;
use std::time::Instant;

/// The identifiers our repairs write.
const REPAIRED: &[&str] = &["KM", "DT", "RE", "TM", "LB", "MA", "TR", "DO", "IT", "FF"];

/// Every value of `ident` in the collection, in tree order.
fn values_of(c: &Collection<'_>, ident: &str) -> Vec<String> {
    let mut out = Vec::new();
    for g in c.games() {
        for n in g.descendants() {
            for p in n.properties().filter(|p| p.ident() == ident) {
                for v in p.values() {
                    out.push(String::from_utf8_lossy(v).into_owned());
                }
            }
        }
    }
    out
}

#[test]
fn repairs_match_sgfc_results() {
    let Some(dir) = corpus_dir("repairs_match_sgfc_results") else {
        return;
    };
    let dir = dir.join("suite-sgfc/test-files");
    let cases = [
        ("test.sgf", "test-result.sgf", false),
        ("test.sgf", "test-roun-result.sgf", true),
        ("strict.sgf", "strict-result.sgf", false),
        ("escaping.sgf", "escaping-result.sgf", false),
        ("reorder.sgf", "reorder-result.sgf", false),
    ];
    let mut matched = BTreeMap::new();
    for (input, expected, empty_nodes) in cases {
        let (Ok(src), Ok(want)) = (
            std::fs::read(dir.join(input)),
            std::fs::read(dir.join(expected)),
        ) else {
            eprintln!("SKIPPED {input}: not found");
            continue;
        };
        let src = sgfkit::encoding::to_utf8_per_tree(&src, &Default::default()).text;
        let (mut ours, _) = parse_lenient(&src, &ParseOptions::default());
        let opts = RepairOptions::default().remove_empty_nodes(empty_nodes);
        let diags = repair(&mut ours, &opts);
        let (theirs, _) = parse_lenient(&want, &ParseOptions::default());
        let codes: Vec<&str> = diags.iter().map(|d| d.code.as_str()).collect();
        eprintln!("{input} -> {expected}: our repairs {codes:?}");
        for ident in REPAIRED {
            let (a, b) = (values_of(&ours, ident), values_of(&theirs, ident));
            if a.is_empty() && b.is_empty() {
                continue;
            }
            let same = a == b;
            eprintln!(
                "  {ident}: {} ours {a:?} SGFC {b:?}",
                if same { "MATCH " } else { "DIFFER" }
            );
            matched.insert((expected, *ident), same);
        }
    }
    if matched.is_empty() {
        return;
    }
    // Where our repairs and SGFC's correspond, they agree.
    for key in [
        ("test-result.sgf", "KM"),
        ("test-result.sgf", "TM"),
        ("test-result.sgf", "DO"),
        ("test-result.sgf", "IT"),
        ("test-result.sgf", "TR"),
        ("test-roun-result.sgf", "KM"),
        ("test-roun-result.sgf", "DO"),
    ] {
        assert_eq!(matched.get(&key), Some(&true), "{key:?}");
    }
}

/// Properties that exercise the repairs (and some that do not).
fn prop_pool() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("B[tt]".to_string()),
        Just("W[aa]".to_string()),
        Just("B[cc]".to_string()),
        Just("AB[dd]".to_string()),
        Just("AB[ee][dd]".to_string()),
        Just("AW[ff]".to_string()),
        Just("AE[aa]".to_string()),
        Just("PL[B]".to_string()),
        (-30i32..30).prop_map(|n| format!("KI[{n}]")),
        Just("KI[x]".to_string()),
        Just("L[aa][bb]".to_string()),
        Just("M[aa][cc]".to_string()),
        Just("BM[1]".to_string()),
        Just("TE[2]".to_string()),
        Just("N[name]".to_string()),
        Just("C[comment]".to_string()),
        Just("MA[gg]".to_string()),
        Just("TR[hh]".to_string()),
        Just("PB[x]".to_string()),
        Just("BS[1]".to_string()),
        prop_oneof![
            Just("2017-1-5"),
            Just("05.01.2017"),
            Just("2017/01/05"),
            Just("2017-01-05"),
            Just("yesterday"),
            Just("1994-03-12,13"),
        ]
        .prop_map(|d| format!("DT[{d}]")),
        prop_oneof![
            Just("b+3.5"),
            Just("W+R"),
            Just("Black wins"),
            Just("draw"),
            Just("w+ resign")
        ]
        .prop_map(|r| format!("RE[{r}]")),
        prop_oneof![
            Just("6,5"),
            Just("375"),
            Just("7.5"),
            Just("5 1/2"),
            Just("x")
        ]
        .prop_map(|k| format!("KM[{k}]")),
        prop_oneof![Just("9 hours"), Just("60."), Just("1800"), Just("30:00")]
            .prop_map(|t| format!("TM[{t}]")),
    ]
}

/// A game: a root with optional FF, main-line nodes, a variation split and
/// possibly empty nodes and variations.
fn game() -> impl Strategy<Value = String> {
    let node =
        || prop::collection::vec(prop_pool(), 0..5).prop_map(|ps| format!(";{}", ps.concat()));
    (
        prop_oneof![Just(""), Just("FF[3]"), Just("FF[4]"), Just("GM[1]SZ[9]")],
        prop::collection::vec(node(), 1..5),
        prop::collection::vec(prop::collection::vec(node(), 0..3), 0..3),
    )
        .prop_map(|(ff, line, vars)| {
            let mut s = format!("(;{ff}{}", line.concat());
            if vars.len() > 1 {
                for v in vars {
                    s.push('(');
                    s.push_str(&v.concat());
                    s.push(')');
                }
            }
            s.push(')');
            s
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn repair_is_idempotent_and_strict(g in game(), fox in any::<bool>(), empty in any::<bool>()) {
        let opts = RepairOptions::default().fox_komi(fox).remove_empty_nodes(empty);
        let (mut tree, _) = parse_lenient(g.as_bytes(), &ParseOptions::default());
        let first = repair(&mut tree, &opts);
        for d in &first {
            prop_assert!(d.code.as_str().starts_with('R'));
        }
        let once = tree.to_string();
        let again = sgfkit::parse(once.as_bytes());
        prop_assert!(again.is_ok(), "{once} does not parse strictly");
        let mut again = again.unwrap_or_default();
        let second = repair(&mut again, &opts);
        for d in &second {
            prop_assert!(
                REPORT_ONLY_CODES.contains(&d.code),
                "second repair of {g} ({once}) made a change: {d}"
            );
        }
        prop_assert_eq!(again.to_string(), once);
    }
}

/// Token soup: brackets, identifiers the repairs look at, values and junk.
fn soup() -> impl Strategy<Value = Vec<u8>> {
    let token = prop_oneof![
        Just("(".to_string()),
        Just(")".to_string()),
        Just(";".to_string()),
        prop_oneof![
            Just("B"),
            Just("W"),
            Just("AB"),
            Just("AE"),
            Just("KI"),
            Just("KM"),
            Just("L"),
            Just("M"),
            Just("BM"),
            Just("TE"),
            Just("DT"),
            Just("RE"),
            Just("TM"),
            Just("FF"),
            Just("SZ"),
            Just("GM"),
            Just("C"),
            Just("PL"),
        ]
        .prop_map(str::to_string),
        "\\[[a-z0-9:.,+ ()\\\\]{0,8}\\]",
        any::<u8>().prop_map(|b| char::from(b).to_string()),
    ];
    prop::collection::vec(token, 0..60).prop_map(|t| t.concat().into_bytes())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn repair_never_panics_and_prints_strict_sgf(src in soup(), empty in any::<bool>()) {
        let (mut tree, _) = parse_lenient(&src, &ParseOptions::default());
        let opts = RepairOptions::default().fox_komi(true).remove_empty_nodes(empty);
        let _ = repair(&mut tree, &opts);
        if tree.games().len() > 0 {
            let out = tree.to_string();
            prop_assert!(sgfkit::parse(out.as_bytes()).is_ok(), "{out}");
        }
    }
}

#[test]
fn repair_over_the_corpus() {
    let Some(dir) = corpus_dir("repair_over_the_corpus") else {
        return;
    };
    let start = Instant::now();
    let opts = RepairOptions::default();
    let mut per_code: BTreeMap<Code, usize> = BTreeMap::new();
    let (mut files, mut repaired, mut data_lost) = (0usize, 0usize, 0usize);
    let mut failures = Vec::new();
    for (rel, path) in files_below(&dir) {
        if !rel.to_ascii_lowercase().ends_with(".sgf") {
            continue;
        }
        let src = std::fs::read(&path).expect("read");
        files += 1;
        let (mut tree, _) = parse_lenient(&src, &ParseOptions::default());
        if tree.games().len() == 0 {
            continue;
        }
        let diags = repair(&mut tree, &opts);
        if !diags.is_empty() {
            repaired += 1;
        }
        for d in &diags {
            *per_code.entry(d.code).or_default() += 1;
            data_lost += usize::from(d.data_lost);
        }
        let out = sgfkit::print::to_bytes(&tree);
        if let Err(e) = sgfkit::parse(&out) {
            failures.push(format!("{rel}: repaired output does not parse: {e}"));
        }
    }
    eprintln!(
        "repair over the corpus: {files} files, {repaired} repaired, {data_lost} diagnostics with data lost, {:.1} s",
        start.elapsed().as_secs_f64()
    );
    for (code, n) in &per_code {
        let summary = code.title();
        eprintln!("  {code} {n:>7}  {summary}");
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
