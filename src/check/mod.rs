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

pub mod lenient;
pub mod repair;

pub use lenient::{CODES, Diagnostic, MAX_PER_CODE, Severity, parse_lenient};
pub use repair::{REPAIR_CODES, REPORT_ONLY_CODES, RepairOptions, repair};
