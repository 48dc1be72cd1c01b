//! The codes of the semantic checker.

use super::Severity;

/// Every diagnostic code [`check`](super::check) emits: code, severity, summary, and the
/// SGFC message number that corresponds, if any. See
/// [`all_codes`](crate::check::all_codes) for these and the lenient reader's.
///
/// ```
/// let (code, sev, _, sgfc) = sgfkit::check::SEMANTIC_CODES[0];
/// assert_eq!((code, sev, sgfc), ("S001", sgfkit::check::Severity::Error, Some(32)));
/// ```
pub static SEMANTIC_CODES: &[(&str, Severity, &str, Option<u32>)] = &[
    (
        "S001",
        Severity::Error,
        "root property outside the root node",
        Some(32),
    ),
    (
        "S002",
        Severity::Error,
        "game-info properties in a second node of one path",
        Some(44),
    ),
    (
        "S003",
        Severity::Error,
        "move and setup properties mixed in one node",
        Some(30),
    ),
    (
        "S004",
        Severity::Error,
        "black and white move in one node",
        Some(37),
    ),
    (
        "S005",
        Severity::Error,
        "property given twice in one node",
        Some(28),
    ),
    (
        "S006",
        Severity::Error,
        "move annotation in a node without a move",
        Some(43),
    ),
    (
        "S007",
        Severity::Error,
        "annotations that contradict each other in one node",
        Some(41),
    ),
    (
        "S008",
        Severity::Error,
        "BM and TE together in one node",
        Some(42),
    ),
    (
        "S009",
        Severity::Error,
        "value does not fit the property's type",
        Some(14),
    ),
    (
        "S010",
        Severity::Error,
        "several values for a single-value property",
        Some(13),
    ),
    (
        "S011",
        Severity::Error,
        "empty value where the type allows none",
        Some(17),
    ),
    ("S012", Severity::Error, "point outside the board", Some(14)),
    (
        "S013",
        Severity::Error,
        "point given more than once",
        Some(38),
    ),
    (
        "S014",
        Severity::Warning,
        "1x1 rectangle in a point list: write the point",
        None,
    ),
    (
        "S015",
        Severity::Warning,
        "square board written SZ[n:n]: write SZ[n]",
        Some(47),
    ),
    (
        "S016",
        Severity::Warning,
        "property not defined in the file's FF version",
        Some(40),
    ),
    (
        "S017",
        Severity::Warning,
        "obsolete FF[1]-FF[3] property",
        Some(40),
    ),
    (
        "S018",
        Severity::Warning,
        "obsolete integer komi KI",
        Some(59),
    ),
    ("S019", Severity::Info, "unknown property (kept)", Some(35)),
    (
        "S020",
        Severity::Warning,
        "identifier longer than two letters",
        Some(31),
    ),
    (
        "S021",
        Severity::Error,
        "KO without a move in the node",
        None,
    ),
    (
        "S022",
        Severity::Warning,
        "game trees of the collection have different FF",
        Some(45),
    ),
    (
        "S023",
        Severity::Warning,
        "game trees of the collection have different GM",
        Some(53),
    ),
    (
        "S024",
        Severity::Warning,
        "game trees of the collection have different CA",
        Some(74),
    ),
    (
        "S025",
        Severity::Error,
        "unusable GM or SZ: default assumed",
        Some(18),
    ),
    ("S026", Severity::Error, "file format above FF[4]", Some(46)),
    (
        "S027",
        Severity::Error,
        "FF[4] feature in an older file format",
        Some(51),
    ),
    (
        "S028",
        Severity::Error,
        "FF[4] pass `[]` in an older file format",
        Some(65),
    ),
    (
        "S029",
        Severity::Info,
        "game is not Go: no position checks",
        Some(19),
    ),
    (
        "S030",
        Severity::Warning,
        "move onto an occupied point",
        Some(58),
    ),
    ("S031", Severity::Warning, "setup without effect", Some(39)),
    (
        "S032",
        Severity::Warning,
        "strict: more than one game tree in the file",
        Some(60),
    ),
    (
        "S033",
        Severity::Warning,
        "strict: HA differs from the handicap stones",
        Some(61),
    ),
    (
        "S034",
        Severity::Warning,
        "strict: setup in the main line after the root",
        Some(62),
    ),
    (
        "S035",
        Severity::Warning,
        "strict: two moves of one colour in a row",
        Some(63),
    ),
    (
        "S036",
        Severity::Warning,
        "board larger than 52x52 for Go points",
        Some(50),
    ),
    (
        "S037",
        Severity::Error,
        "identifier longer than 100 letters",
        Some(11),
    ),
    (
        "S038",
        Severity::Error,
        "composed value `a:b` expected",
        Some(23),
    ),
    (
        "S039",
        Severity::Warning,
        "game-info value (RE, DT, KM, TM) not in the FF[4] format",
        Some(33),
    ),
    (
        "S040",
        Severity::Error,
        "VW values that do not make a view",
        Some(52),
    ),
    (
        // SGFC reports its 24 only when it moves the move (`-v`): that is
        // R007 of `sgfkit fix`.
        "S041",
        Severity::Info,
        "move in the root node",
        None,
    ),
    (
        "S042",
        Severity::Warning,
        "NUL byte in a value (kept)",
        Some(22),
    ),
    (
        "S043",
        Severity::Warning,
        "CA names no known charset",
        Some(72),
    ),
    (
        "S044",
        Severity::Warning,
        "empty text value (kept)",
        Some(17),
    ),
    (
        "S045",
        Severity::Error,
        "faulty value that SGFC corrects while reading (kept)",
        Some(15),
    ),
    (
        "S046",
        Severity::Warning,
        "CA too late for readers that sniff the charset at the start",
        Some(73),
    ),
    (
        "S047",
        Severity::Error,
        "point, move or stone that is not one of this game (not Go)",
        None,
    ),
    (
        // A warning when the tree's RU names rules that forbid it.
        "S048",
        Severity::Info,
        "suicide (a warning under rules that forbid it)",
        None,
    ),
    (
        // A warning when the tree's RU names known rules.
        "S049",
        Severity::Info,
        "ko retaken at once (a warning when RU names the rules)",
        None,
    ),
    (
        // A form defect every reader handles (`AP[foxwq]`, most Fox
        // files); `fix` adds the `:` (R020).
        "S050",
        Severity::Warning,
        "text pair (AP) without its `:version` (kept)",
        Some(23),
    ),
    (
        "S051",
        Severity::Warning,
        "result that contradicts itself: a win by 0 points",
        None,
    ),
    (
        // Fox's komi in hundredths (KM[375]) is the common case: `fix
        // --fox-komi` converts it, and the message says so.
        "S052",
        Severity::Warning,
        "Go komi no rules give (beyond 100 points)",
        None,
    ),
];
