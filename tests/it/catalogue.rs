//! docs/diagnostics.md lists every diagnostic code: the table must equal
//! `sgfkit::check::all_codes()` both ways, and every example must produce its
//! code.

use sgfkit::check::{
    CheckOptions, Code, RepairOptions, Severity, all_codes, check, keep_outside_text,
    parse_lenient, repair,
};
use std::collections::BTreeMap;

const DOC: &str = include_str!("../../docs/diagnostics.md");

struct Row {
    severity: String,
    sgfc: Option<u32>,
    summary: String,
    example: Option<String>,
}

/// The rows of the catalogue table, by code.
fn rows() -> BTreeMap<String, Row> {
    let mut out = BTreeMap::new();
    for line in DOC.lines() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        // `| code | severity | sgfc | meaning | example |` splits into 7.
        if cells.len() != 7
            || !cells[1].starts_with(['L', 'S', 'R', 'E', 'I'])
            || cells[1].len() != 4
        {
            continue;
        }
        let example = cells[5]
            .strip_prefix('`')
            .and_then(|e| e.strip_suffix('`'))
            .map(str::to_string);
        let row = Row {
            severity: cells[2].to_string(),
            sgfc: cells[3].parse().ok(),
            summary: cells[4].to_string(),
            example,
        };
        assert!(
            out.insert(cells[1].to_string(), row).is_none(),
            "{} twice in the catalogue",
            cells[1]
        );
    }
    out
}

#[test]
fn catalogue_equals_the_code_tables() {
    let rows = rows();
    let mut codes = 0;
    for info in all_codes() {
        codes += 1;
        let code = info.code;
        let row = rows
            .get(code.as_str())
            .unwrap_or_else(|| panic!("{code} missing from docs/diagnostics.md"));
        assert_eq!(row.severity, info.severity.to_string(), "{code}: severity");
        assert_eq!(row.sgfc, info.sgfc, "{code}: SGFC number");
        assert_eq!(row.summary, info.title, "{code}: meaning");
    }
    assert_eq!(
        rows.len(),
        codes,
        "docs/diagnostics.md lists codes that do not exist"
    );
}

#[test]
fn every_example_produces_its_code() {
    for (name, row) in rows() {
        let Some(example) = row.example else { continue };
        let code: Code = name.parse().unwrap();
        let (mut tree, mut diags) = parse_lenient(example.as_bytes(), &Default::default());
        let strict = row.summary.starts_with("strict:");
        diags.extend(check(&tree, &CheckOptions::default().strict(strict)));
        if name.starts_with('R') {
            let kept = keep_outside_text(&mut tree, &diags);
            diags.extend(kept);
            let all = RepairOptions::default()
                .fox_komi(true)
                .remove_empty_nodes(true);
            diags.extend(repair(&mut tree, &all));
        }
        assert!(
            diags.iter().any(|d| d.code == code),
            "{code}: `{example}` gives {:?}",
            diags.iter().map(|d| d.code).collect::<Vec<_>>()
        );
        if name.starts_with('S') && row.severity == Severity::Error.to_string() {
            assert!(diags.iter().any(|d| d.severity == Severity::Error));
        }
    }
}
