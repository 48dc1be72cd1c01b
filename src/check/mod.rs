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
//! let codes: Vec<&str> = diags.iter().map(|d| d.code.as_str()).collect();
//! assert_eq!(codes, ["L008", "L005"]);
//! assert_eq!(diags[1].severity, Severity::Error);
//! ```
//!
//! [`crate::read`] with [`crate::ReadOptions::lenient`] decodes the bytes
//! (any encoding) and reads them with the lenient reader. [`check`] then looks at the meaning of a tree (see
//! [`semantic`]).
//! The catalogue of every code is in `docs/diagnostics.md`.

mod code;
pub mod lenient;
pub mod repair;
pub mod semantic;

mod charset_scan;
mod correctable;

pub use code::{Code, CodeInfo, UnknownCode, all_codes};
pub use lenient::{Diagnostic, MAX_PER_CODE, Severity, parse_lenient};
pub use repair::{REPORT_ONLY_CODES, RepairOptions, keep_outside_text, repair};
pub use semantic::{CheckOptions, check};

impl Diagnostic {
    /// A diagnostic of `code`, taking its severity and SGFC number from the
    /// code table; its position is filled in later, when
    /// the source is at hand.
    pub(crate) fn from_code(
        code: Code,
        span: std::ops::Range<usize>,
        mut message: String,
        data_lost: bool,
    ) -> Diagnostic {
        // `format!` reserves room for its arguments at about twice the
        // literal text: a collection of thousands of findings keeps each
        // message at its length.
        message.shrink_to_fit();
        Diagnostic {
            code,
            severity: code.severity(),
            span,
            position: crate::Position { line: 1, column: 1 },
            message,
            sgfc: code.sgfc(),
            data_lost,
        }
    }
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

    fn count(diags: &[Diagnostic], code: Code) -> usize {
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
        assert_eq!(count(&diags, Code::S013), 300);
        assert_eq!(count(&diags, Code::S031), 299);
        assert_eq!(diags.len(), 599);
        let first = &diags[0];
        assert_eq!(first.code, Code::S013);
        // AW of the first node: after `(;FF[4]SZ[52];AB[aa:ZZ]`, column 24.
        assert_eq!(
            first.position,
            crate::Position {
                line: 1,
                column: 24
            }
        );
        // Row by row, the order of the one expansion of a point list.
        assert!(first.message.starts_with("AW: points [aa][ba][ca]"));
        let s031 = diags.iter().find(|d| d.code == Code::S031).unwrap();
        assert_eq!(&src[s031.span.start..s031.span.start + 3], b"AW[");
        assert!(
            s031.message
                .ends_with("the points already holds a white stone")
        );
        for d in &diags {
            assert_eq!(d.position, crate::Position::of(&src, d.span.start));
        }

        let doubled = check(&crate::parse(&hostile(600)).unwrap(), &Default::default());
        assert_eq!(count(&doubled, Code::S013), 600);
        assert_eq!(count(&doubled, Code::S031), 599);
        assert_eq!(doubled.len(), 2 * diags.len() + 1);

        // About 200 KB: each code stops at the limit, with one note more.
        // (54 M points: past the default max_file_points, so lifted.)
        let big = hostile(10_000);
        let opts = crate::ParseOptions::default().max_file_points(u64::MAX);
        let tree = crate::Collection::parse_with(&big, &opts, &mut Vec::new()).unwrap();
        let diags = check(&tree, &Default::default());
        assert_eq!(count(&diags, Code::S013), MAX_PER_CODE + 1);
        assert_eq!(count(&diags, Code::S031), MAX_PER_CODE + 1);
        assert!(
            diags
                .iter()
                .any(|d| d.message == "more `S031` diagnostics left out")
        );
    }
}
