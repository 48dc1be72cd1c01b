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
//! [`crate::read_lenient`] does what [`crate::read`] does (any encoding)
//! with the lenient reader. [`check`] then looks at the meaning of a tree (see
//! [`semantic`]).
//! The catalogue of every code is in `docs/diagnostics.md`.

pub mod lenient;
pub mod repair;
pub mod semantic;

mod charset_scan;
mod correctable;

pub use lenient::{CODES, Diagnostic, MAX_PER_CODE, Severity, parse_lenient};
pub use repair::{REPAIR_CODES, REPORT_ONLY_CODES, RepairOptions, repair};
pub use semantic::{CheckOptions, SEMANTIC_CODES, check};

/// One row of a code table: code, severity, summary, SGFC message number.
///
/// ```
/// let row: &sgfkit::check::CodeInfo = &sgfkit::check::SEMANTIC_CODES[3];
/// assert_eq!(row.0, "S004");
/// ```
pub type CodeInfo = (&'static str, Severity, &'static str, Option<u32>);

/// Every diagnostic code of sgfkit: the lenient reader's ([`CODES`], `L…`),
/// the semantic checker's ([`SEMANTIC_CODES`], `S…`) and the repairs'
/// ([`REPAIR_CODES`], `R…`).
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
    all_codes().find(|c| c.0 == code)
}
