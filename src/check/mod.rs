//! Reading and checking files that do not follow the grammar to the letter.
//!
//! [`parse_lenient`] reads what a person would read in a damaged or
//! hand-written file — junk around the game trees, missing `;`, `(` or `)`,
//! unescaped `]` in comments, truncated files — into an ordinary
//! [`Collection`](crate::Collection), and reports every repair as a
//! [`Diagnostic`]. [`repair()`] then converts what FF\[4\] spells
//! differently (FF\[1\]–FF\[3\] properties, faulty game-info values, nodes
//! mixing move and setup), again with a diagnostic per change.
//!
//! ```
//! use sgfkit::check::{parse_lenient, Severity};
//!
//! let (tree, diags) = parse_lenient(b"(;GM[1]C[a [1] b];B[aa]", &Default::default());
//! assert_eq!(tree.to_string(), "(;GM[1]C[a [1\\] b]\n;B[aa])\n");
//! let codes: Vec<&str> = diags.iter().map(|d| d.code).collect();
//! assert_eq!(codes, ["L008", "L005"]);
//! assert_eq!(diags[1].severity, Severity::Error);
//! ```
//!
//! [`crate::read`] with [`crate::ReadOptions::lenient`] decodes the bytes
//! (any encoding) and reads them with the lenient reader. [`check`] then looks at the meaning of a tree (see
//! [`semantic`]).
//! The catalogue of every code is in `docs/diagnostics.md`.

pub mod lenient;
pub mod repair;
pub mod semantic;

mod charset_scan;
mod correctable;

pub use lenient::{CODES, Diagnostic, MAX_PER_CODE, Severity, parse_lenient};
pub use repair::{REPAIR_CODES, REPORT_ONLY_CODES, RepairOptions, keep_outside_text, repair};
pub use semantic::{CheckOptions, SEMANTIC_CODES, check};

/// One row of a code table: code, severity, summary, SGFC message number.
///
/// ```
/// let row: &sgfkit::check::CodeInfo = &sgfkit::check::SEMANTIC_CODES[3];
/// assert_eq!(row.0, "S004");
/// ```
pub type CodeInfo = (&'static str, Severity, &'static str, Option<u32>);

/// The codes of the problems found while decoding the bytes
/// ([`WarningKind::code`](crate::encoding::WarningKind::code)): their
/// positions are in the original bytes.
///
/// ```
/// use sgfkit::encoding::WarningKind;
/// let code = WarningKind::Malformed.code();
/// assert!(sgfkit::check::ENCODING_CODES.iter().any(|c| c.0 == code));
/// ```
pub static ENCODING_CODES: &[CodeInfo] = &[
    (
        "E001",
        Severity::Warning,
        "CA names no charset sgfkit decodes: ignored",
        None,
    ),
    (
        "E002",
        Severity::Warning,
        "the bytes do not fit the charset CA names (or a byte-order mark)",
        None,
    ),
    (
        "E003",
        Severity::Warning,
        "several CA with different values in one root: the first counts",
        None,
    ),
    (
        "E004",
        Severity::Warning,
        "malformed byte sequences in a value, replaced by U+FFFD",
        None,
    ),
];

/// Every diagnostic code of sgfkit: the lenient reader's ([`CODES`], `L…`),
/// the semantic checker's ([`SEMANTIC_CODES`], `S…`), the repairs'
/// ([`REPAIR_CODES`], `R…`) and the decoder's ([`ENCODING_CODES`], `E…`).
///
/// ```
/// let all: Vec<_> = sgfkit::check::all_codes().collect();
/// assert_eq!(all[0].0, "L001");
/// assert!(all.iter().any(|c| c.0 == "S001"));
/// ```
pub fn all_codes() -> impl Iterator<Item = &'static CodeInfo> {
    CODES
        .iter()
        .chain(SEMANTIC_CODES.iter())
        .chain(REPAIR_CODES.iter())
        .chain(ENCODING_CODES.iter())
}

impl Diagnostic {
    /// A diagnostic of a catalogued `code`, taking its severity and SGFC
    /// number from the code tables; its position is filled in later, when
    /// the source is at hand.
    pub(crate) fn from_code(
        code: &'static str,
        span: std::ops::Range<usize>,
        message: String,
        data_lost: bool,
    ) -> Diagnostic {
        // Every code used by the crate is catalogued (a test checks it).
        let (severity, sgfc) = code_info(code).map_or((Severity::Error, None), |c| (c.1, c.3));
        Diagnostic {
            code,
            severity,
            span,
            position: crate::Position { line: 1, column: 1 },
            message,
            sgfc,
            data_lost,
        }
    }
}

/// The table row of `code` (from [`all_codes`]).
///
/// ```
/// let (_, sev, _, sgfc) = sgfkit::check::code_info("S004").unwrap();
/// assert_eq!((*sev, *sgfc), (sgfkit::check::Severity::Error, Some(37)));
/// assert!(sgfkit::check::code_info("X999").is_none());
/// ```
pub fn code_info(code: &str) -> Option<&'static CodeInfo> {
    // Each table lists its codes in order from 1: the row is found by the
    // code's number (every diagnostic looks its code up), and by a search
    // when a table ever leaves a gap.
    let table: &'static [CodeInfo] = match code.as_bytes().first() {
        Some(b'L') => CODES,
        Some(b'S') => SEMANTIC_CODES,
        Some(b'R') => REPAIR_CODES,
        Some(b'E') => ENCODING_CODES,
        _ => return None,
    };
    let by_number = code
        .get(1..)
        .filter(|n| n.bytes().all(|b| b.is_ascii_digit()))
        .and_then(|n| n.parse::<usize>().ok())
        .and_then(|n| table.get(n.checked_sub(1)?))
        .filter(|c| c.0 == code);
    by_number.or_else(|| table.iter().find(|c| c.0 == code))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `(;FF[4]SZ[52]` and `nodes` nodes `;AB[aa:ZZ]AW[aa:ZZ]`: every node sets
    /// up the whole 52x52 board twice.
    fn hostile(nodes: usize) -> Vec<u8> {
        let mut s = b"(;FF[4]SZ[52]".to_vec();
        for _ in 0..nodes {
            s.extend_from_slice(b";AB[aa:ZZ]AW[aa:ZZ]");
        }
        s.push(b')');
        s
    }

    /// `code_info` finds each row by the code's number: the same row as a
    /// search of every table, and nothing for what is no code.
    #[test]
    fn code_info_finds_every_row_by_number() {
        for row in all_codes() {
            let found = code_info(row.0).unwrap();
            assert!(std::ptr::eq(found, row), "{}", row.0);
        }
        for bad in [
            "", "S", "S0", "S04", "S000", "S999", "S0001", "s001", "X001", "S+01", "L 01", "R",
        ] {
            assert_eq!(
                code_info(bad).map(|c| c.0),
                all_codes().find(|c| c.0 == bad).map(|c| c.0),
                "{bad:?}"
            );
        }
    }

    fn count(diags: &[Diagnostic], code: &str) -> usize {
        diags.iter().filter(|d| d.code == code).count()
    }

    /// Whole-board setup in every node: each node gives S013 (AW repeats
    /// AB's points) and, from the second node on, S031 (AW sets up what is
    /// there already), at the right places; twice the nodes give twice the
    /// diagnostics, and past the per-code limit one note counts the rest.
    #[test]
    fn hostile_setup_is_reported_in_linear_time() {
        let src = hostile(300);
        let tree = crate::parse(&src).unwrap();
        let diags = check(&tree, &CheckOptions::default());
        assert_eq!(count(&diags, "S013"), 300);
        assert_eq!(count(&diags, "S031"), 299);
        assert_eq!(diags.len(), 599);
        let first = &diags[0];
        assert_eq!(first.code, "S013");
        // AW of the first node: after `(;FF[4]SZ[52];AB[aa:ZZ]`, column 24.
        assert_eq!(
            first.position,
            crate::Position {
                line: 1,
                column: 24
            }
        );
        assert!(first.message.starts_with("AW: points [aa][ab][ac]"));
        let s031 = diags.iter().find(|d| d.code == "S031").unwrap();
        assert_eq!(&src[s031.span.start..s031.span.start + 3], b"AW[");
        assert!(
            s031.message
                .ends_with("the points already holds a white stone")
        );
        for d in &diags {
            assert_eq!(d.position, crate::Position::of(&src, d.span.start));
        }

        let doubled = check(&crate::parse(&hostile(600)).unwrap(), &Default::default());
        assert_eq!(count(&doubled, "S013"), 600);
        assert_eq!(count(&doubled, "S031"), 599);
        assert_eq!(doubled.len(), 2 * diags.len() + 1);

        // About 200 KB: each code stops at the limit, with one note more.
        // (54 M points: past the default max_file_points, so lifted.)
        let big = hostile(10_000);
        let opts = crate::ParseOptions::default().max_file_points(u64::MAX);
        let tree = crate::Collection::parse_with(&big, &opts, &mut Vec::new()).unwrap();
        let diags = check(&tree, &Default::default());
        assert_eq!(count(&diags, "S013"), MAX_PER_CODE + 1);
        assert_eq!(count(&diags, "S031"), MAX_PER_CODE + 1);
        assert!(
            diags
                .iter()
                .any(|d| d.message == "more `S031` diagnostics left out")
        );
    }
}
