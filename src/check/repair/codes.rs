//! The codes [`repair`](super::repair) emits, with their severity, summary
//! and SGFC message number.

use crate::check::Severity;

/// Every code [`repair`](super::repair) emits: code, severity, summary, and the SGFC
/// message number that corresponds, if any.
///
/// ```
/// let (code, _, summary, sgfc) = sgfkit::check::REPAIR_CODES[1];
/// assert_eq!((code, sgfc), ("R002", Some(59)));
/// assert!(summary.contains("KI"));
/// ```
pub static REPAIR_CODES: &[(&str, Severity, &str, Option<u32>)] = &[
    (
        "R001",
        Severity::Warning,
        "Go pass written as the tree's format writes it: `[]` in FF[4], `tt` in FF[1-3] (board up to 19x19)",
        None,
    ),
    (
        "R002",
        Severity::Warning,
        "obsolete KI (integer komi) converted to KM = KI/2, or deleted beside KM",
        Some(59),
    ),
    (
        "R003",
        Severity::Warning,
        "FF[1-2] L (letters) converted to LB with letters A, B, C, ...",
        Some(40),
    ),
    (
        "R004",
        Severity::Warning,
        "FF[1-2] M (markup) converted to MA on empty points, TR on stones",
        Some(40),
    ),
    (
        "R005",
        Severity::Warning,
        "BM and TE in one node converted to DO (BM first) or IT (TE first)",
        Some(42),
    ),
    (
        "R006",
        Severity::Warning,
        "node mixing move and setup properties split in two",
        Some(30),
    ),
    (
        "R007",
        Severity::Warning,
        "move in the root node: node split in two",
        Some(24),
    ),
    (
        "R008",
        Severity::Warning,
        "duplicate list property merged into one (or duplicate texts joined)",
        Some(28),
    ),
    ("R009", Severity::Warning, "DT value corrected", Some(15)),
    ("R010", Severity::Warning, "RE value corrected", Some(15)),
    ("R011", Severity::Warning, "KM value corrected", Some(15)),
    (
        "R012",
        Severity::Warning,
        "TM value corrected to seconds (an overtime part moved to OT)",
        Some(15),
    ),
    (
        "R013",
        Severity::Warning,
        "game-info value not in FF[4] format and not corrected (kept)",
        Some(33),
    ),
    (
        "R014",
        Severity::Warning,
        "Fox komi in hundredths converted (a guess, RepairOptions::fox_komi)",
        Some(15),
    ),
    (
        "R015",
        Severity::Warning,
        "empty variation (a leaf node without properties) removed",
        Some(12),
    ),
    (
        "R016",
        Severity::Info,
        "empty node removed (RepairOptions::remove_empty_nodes)",
        Some(55),
    ),
    (
        "R017",
        Severity::Info,
        "FF set to 4: the output is canonical FF[4]",
        None,
    ),
    (
        "R018",
        Severity::Info,
        "FF not set to 4: FF[1-3] properties without an FF[4] equivalent remain",
        None,
    ),
    (
        "R019",
        Severity::Warning,
        "black and white move in one node split in two",
        Some(37),
    ),
    (
        "R020",
        Severity::Warning,
        "AP without `:version`: an empty version added",
        Some(23),
    ),
    (
        "R021",
        Severity::Info,
        "AP without `:version` kept: a second AP in the node",
        None,
    ),
    (
        "R022",
        Severity::Warning,
        "text outside the game trees kept in a root's GC (keep_outside_text)",
        None,
    ),
    (
        "R023",
        Severity::Warning,
        "value written in its FF[4] form: white space in a Go move, BL/WL in seconds",
        Some(15),
    ),
    (
        "R024",
        Severity::Warning,
        "repeated values dropped (a list's repeats, copies of a single value), empty TM/BL/WL removed",
        Some(15),
    ),
];

/// The codes that only report and change nothing: a second [`repair`](super::repair) emits
/// them again.
///
/// ```
/// assert!(sgfkit::check::REPORT_ONLY_CODES.contains(&"R013"));
/// ```
pub const REPORT_ONLY_CODES: &[&str] = &["R013", "R018", "R021"];
