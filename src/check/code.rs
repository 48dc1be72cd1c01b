//! The diagnostic codes: one enum, and one table of what each code means.
//!
//! A code is a [`Code`] everywhere inside the program; its name (`"L010"`)
//! appears only where a diagnostic leaves it (text, JSON, the export
//! tables, Python).

use crate::check::Severity;
use std::fmt;
use std::str::FromStr;

/// One row of the code table: a code with its severity, its meaning in a
/// few words, and the number of SGFC's message for the same problem.
///
/// ```
/// use sgfkit::check::{Code, Severity};
/// let row = Code::S004.info();
/// assert_eq!((row.code, row.severity, row.sgfc), (Code::S004, Severity::Error, Some(37)));
/// assert_eq!(row.title, "black and white move in one node");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct CodeInfo {
    /// The code.
    pub code: Code,
    /// How serious a diagnostic of this code is.
    pub severity: Severity,
    /// What the code means, in a few words (the catalogue's "meaning").
    pub title: &'static str,
    /// The number of SGFC's message for the same problem, if there is one.
    pub sgfc: Option<u32>,
}

/// Lists every code once: `CODE, Severity, SGFC number, title;`. Makes the
/// [`Code`] enum (the title is the variant's documentation), its names and
/// the table [`Code::info`] reads, in the same order.
macro_rules! codes {
    ($($code:ident, $severity:ident, $sgfc:expr, $title:literal;)*) => {
        /// A diagnostic code: `E…` from decoding the bytes, `I…` from reading
        /// another record format ([`crate::import`]), `L…` from the
        /// lenient reader, `R…` from the repairs, `S…` from the semantic
        /// checker. The catalogue with examples is `docs/diagnostics.md`.
        ///
        /// Codes compare as their names do (`E004 < L001 < R022 < S001`).
        ///
        /// ```
        /// use sgfkit::check::{Code, Severity};
        /// let code: Code = "L010".parse().unwrap();
        /// assert_eq!(code, Code::L010);
        /// assert_eq!(code.to_string(), "L010");
        /// assert_eq!((code.severity(), code.sgfc()), (Severity::Warning, Some(16)));
        /// assert!(Code::E004 < Code::L001 && Code::R022 < Code::S001);
        /// ```
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[non_exhaustive]
        // The titles are plain text: the `[4]` of `FF[4]` is no link.
        #[allow(rustdoc::broken_intra_doc_links)]
        pub enum Code {
            $(
                #[doc = $title]
                $code,
            )*
        }

        /// Every code's row, in the order of [`Code`]'s variants.
        const TABLE: &[CodeInfo] = &[
            $(
                CodeInfo {
                    code: Code::$code,
                    severity: Severity::$severity,
                    title: $title,
                    sgfc: $sgfc,
                },
            )*
        ];

        impl Code {
            /// The code's name, as diagnostics print it.
            ///
            /// ```
            /// assert_eq!(sgfkit::check::Code::S043.as_str(), "S043");
            /// ```
            pub const fn as_str(self) -> &'static str {
                match self {
                    $(Code::$code => stringify!($code),)*
                }
            }
        }
    };
}

codes! {
    E001, Warning, None, "CA names no charset sgfkit decodes: ignored";
    E002, Warning, None, "the bytes do not fit the charset CA names (or a byte-order mark)";
    E003, Warning, None, "several CA with different values in one root: the first counts";
    E004, Warning, None, "malformed byte sequences in a value, replaced by U+FFFD";
    I001, Warning, None, "a move or data line of a GIB, NGF or UGF record that cannot be read: skipped";
    I002, Warning, None, "a header value of a GIB, NGF or UGF record that cannot be read: left out or kept as XG";
    I003, Warning, None, "a line or section of a GIB, NGF or UGF record of no known kind: not read";
    I004, Info, None, "a Tygem GIB, WBaduk NGF or Pandanet UGF/UGI record read into SGF";
    L001, Warning, None, "bytes outside the game trees skipped";
    L002, Error, Some(67), "`;` missing after the `(` of a variation: node start assumed";
    L003, Error, Some(66), "node outside a variation: `(` assumed";
    L004, Error, Some(12), "empty variation `()` ignored";
    L005, Error, Some(9), "`)` missing at the end of the input or where the next game starts: trees closed";
    L006, Error, Some(20), "property identifier without values ignored";
    L007, Error, Some(54), "values without a property identifier deleted";
    L008, Warning, None, "unescaped `]` inside a text value kept as text";
    L009, Error, Some(10), "value not closed before the end of the input";
    L010, Warning, Some(16), "lower-case letters in an identifier: read as its capitals";
    L011, Error, Some(8), "stray bytes inside a game tree skipped";
    L012, Error, Some(54), "identifier without capital letters: property deleted";
    L013, Error, Some(7), "no game tree in the input";
    L014, Error, Some(21), "`(` not followed by a node: ignored";
    L015, Info, None, "UTF-8 byte order mark skipped";
    L016, Error, Some(76), "nesting deeper than ParseOptions::max_depth: variation flattened";
    L017, Error, Some(5), "input too large, or beyond a limit of ParseOptions: nothing read";
    L018, Warning, Some(6), "bytes that look like SGF data skipped before the first game tree";
    L019, Error, Some(36), "`;` missing after the `(` of a game tree: node start assumed";
    R001, Warning, None, "Go pass `tt` written as `[]` (board up to 19x19; a tree that keeps FF[1-3] keeps `tt`)";
    R002, Warning, Some(59), "obsolete KI (integer komi) converted to KM = KI/2, or deleted beside KM";
    R003, Warning, Some(40), "FF[1-2] L (letters) converted to LB with letters A, B, C, ...";
    R004, Warning, Some(40), "FF[1-2] M (markup) converted to MA on empty points, TR on stones";
    R005, Warning, Some(42), "BM and TE in one node converted to DO (BM first) or IT (TE first)";
    R006, Warning, Some(30), "node mixing move and setup properties split in two";
    R007, Warning, Some(24), "move in the root node: node split in two";
    R008, Warning, Some(28), "duplicate list property merged into one (or duplicate texts joined)";
    R009, Warning, Some(15), "DT value corrected";
    R010, Warning, Some(15), "RE value corrected";
    R011, Warning, Some(15), "KM value corrected";
    R012, Warning, Some(15), "TM value corrected to seconds (an overtime part moved to OT)";
    R013, Warning, Some(33), "game-info value not in FF[4] format and not corrected (kept)";
    R014, Warning, Some(15), "Fox komi in hundredths converted (a guess, RepairOptions::fox_komi)";
    R015, Warning, Some(12), "empty variation (a leaf node without properties) removed";
    R016, Info, Some(55), "empty node removed (RepairOptions::remove_empty_nodes)";
    R017, Info, None, "FF set to 4: the output is canonical FF[4]";
    R018, Info, None, "FF not set to 4: FF[1-3] properties without an FF[4] equivalent remain";
    R019, Warning, Some(37), "black and white move in one node split in two";
    R020, Warning, Some(23), "AP without `:version`: an empty version added";
    R021, Info, None, "AP without `:version` kept: a second AP in the node";
    R022, Warning, None, "text outside the game trees kept in a root's GC (keep_outside_text)";
    R023, Warning, Some(15), "value written in its FF[4] form: white space in a Go move, BL/WL in seconds";
    R024, Warning, Some(15), "one value given several times kept once (PW[Ann][Ann]), the same property twice with one value kept once, empty TM/BL/WL removed";
    S001, Error, Some(32), "root property outside the root node";
    S002, Error, Some(44), "game-info properties in a second node of one path";
    S003, Error, Some(30), "move and setup properties mixed in one node";
    S004, Error, Some(37), "black and white move in one node";
    S005, Error, Some(28), "property given twice in one node";
    S006, Error, Some(43), "move annotation in a node without a move";
    S007, Error, Some(41), "annotations that contradict each other in one node";
    S008, Error, Some(42), "BM and TE together in one node";
    S009, Error, Some(14), "value does not fit the property's type";
    S010, Error, Some(13), "several values for a single-value property";
    S011, Error, Some(17), "empty value where the type allows none";
    S012, Error, Some(14), "point outside the board";
    S013, Error, Some(38), "point given more than once";
    S014, Warning, None, "1x1 rectangle in a point list: write the point";
    S015, Warning, Some(47), "square board written SZ[n:n]: write SZ[n]";
    S016, Warning, Some(40), "property not defined in the file's FF version";
    S017, Warning, Some(40), "obsolete FF[1]-FF[3] property";
    S018, Warning, Some(59), "obsolete integer komi KI";
    S019, Info, Some(35), "unknown property (kept)";
    S020, Warning, Some(31), "identifier longer than two letters";
    S021, Error, None, "KO without a move in the node";
    S022, Warning, Some(45), "game trees of the collection have different FF";
    S023, Warning, Some(53), "game trees of the collection have different GM";
    S024, Warning, Some(74), "game trees of the collection have different CA";
    S025, Error, Some(18), "unusable GM or SZ: default assumed";
    S026, Error, Some(46), "file format above FF[4]";
    S027, Error, Some(51), "FF[4] feature in an older file format";
    S028, Error, Some(65), "FF[4] pass `[]` in an older file format";
    S029, Info, Some(19), "game is not Go: no position checks";
    S030, Warning, Some(58), "move onto an occupied point";
    S031, Warning, Some(39), "setup without effect";
    S032, Warning, Some(60), "strict: more than one game tree in the file";
    S033, Warning, Some(61), "strict: HA differs from the handicap stones";
    S034, Warning, Some(62), "strict: setup in the main line after the root";
    S035, Warning, Some(63), "strict: two moves of one colour in a row";
    S036, Warning, Some(50), "board larger than 52x52 for Go points";
    S037, Error, Some(11), "identifier longer than 100 letters";
    S038, Error, Some(23), "composed value `a:b` expected";
    S039, Warning, Some(33), "game-info value (RE, DT, KM, TM) not in the FF[4] format";
    S040, Error, Some(52), "VW values that do not make a view";
    // SGFC reports its 24 only when it moves the move (`-v`): that is
    // R007 of `sgfkit fix`.
    S041, Info, None, "move in the root node";
    S042, Warning, Some(22), "NUL byte in a value (kept)";
    S043, Warning, Some(72), "CA names no known charset";
    S044, Warning, Some(17), "empty text value (kept)";
    S045, Error, Some(15), "faulty value that SGFC corrects while reading (kept)";
    S046, Warning, Some(73), "CA too late for readers that sniff the charset at the start";
    S047, Error, None, "point, move or stone that is not one of this game (not Go)";
    // A warning when the tree's RU names rules that forbid it.
    S048, Info, None, "suicide (a warning under rules that forbid it)";
    // A warning when the tree's RU names known rules.
    S049, Info, None, "ko retaken at once (a warning when RU names the rules)";
    // A form defect every reader handles (`AP[foxwq]`, most Fox
    // files); `fix` adds the `:` (R020).
    S050, Warning, Some(23), "text pair (AP) without its `:version` (kept)";
    S051, Warning, None, "result that contradicts itself: a win by 0 points";
    // Fox's komi in hundredths (KM[650]) is the common case: S054 reads
    // it with source fixes on; off, `fix --fox-komi` converts it, and the
    // message says so.
    S052, Warning, None, "Go komi no rules give (beyond 100 points)";
    // Read by `record::GameInfo` (TM and KM have SGFC's own checks).
    S053, Warning, None, "game information sgfkit cannot read: a rank, rules, an overtime, a komi or a handicap";
    // Read by `record::GameInfo` with the quirk of the game's source.
    S054, Info, None, "a source's quirk read as the source means it (CheckOptions::source_fixes)";
}

impl Code {
    /// How many codes there are: `code as usize` is below it.
    pub(crate) const COUNT: usize = TABLE.len();

    /// The code's row of the table.
    ///
    /// ```
    /// use sgfkit::check::Code;
    /// assert_eq!(Code::R002.info().sgfc, Some(59));
    /// ```
    pub fn info(self) -> &'static CodeInfo {
        &TABLE[self as usize]
    }

    /// How serious a diagnostic of this code is.
    ///
    /// ```
    /// use sgfkit::check::{Code, Severity};
    /// assert_eq!(Code::L005.severity(), Severity::Error);
    /// ```
    pub fn severity(self) -> Severity {
        self.info().severity
    }

    /// The number of SGFC's message for the same problem, if there is one.
    ///
    /// ```
    /// use sgfkit::check::Code;
    /// assert_eq!(Code::L005.sgfc(), Some(9));
    /// assert_eq!(Code::L001.sgfc(), None);
    /// ```
    pub fn sgfc(self) -> Option<u32> {
        self.info().sgfc
    }

    /// What the code means, in a few words.
    ///
    /// ```
    /// use sgfkit::check::Code;
    /// assert_eq!(Code::L013.title(), "no game tree in the input");
    /// ```
    pub fn title(self) -> &'static str {
        self.info().title
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.as_str())
    }
}

/// The code a problem found while decoding is reported under.
///
/// ```
/// use sgfkit::check::Code;
/// use sgfkit::encoding::WarningKind;
/// assert_eq!(Code::from(WarningKind::Malformed), Code::E004);
/// ```
#[cfg(feature = "encoding")]
impl From<crate::encoding::WarningKind> for Code {
    fn from(kind: crate::encoding::WarningKind) -> Code {
        use crate::encoding::WarningKind;
        match kind {
            WarningKind::UnknownCa => Code::E001,
            WarningKind::CaMismatch => Code::E002,
            WarningKind::MultipleCa => Code::E003,
            WarningKind::Malformed => Code::E004,
        }
    }
}

/// The error of parsing a name that is no [`Code`].
///
/// ```
/// let e = "X999".parse::<sgfkit::check::Code>().unwrap_err();
/// assert_eq!(e.to_string(), "no diagnostic code `X999`");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownCode(String);

impl fmt::Display for UnknownCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "no diagnostic code `{}`", self.0)
    }
}

impl std::error::Error for UnknownCode {}

impl FromStr for Code {
    type Err = UnknownCode;

    /// The code named `s`, exactly as [`Code::as_str`] spells it.
    fn from_str(s: &str) -> Result<Code, UnknownCode> {
        // The table is sorted by name (a test checks it).
        TABLE
            .binary_search_by(|row| row.code.as_str().cmp(s))
            .map(|k| TABLE[k].code)
            .map_err(|_| UnknownCode(s.to_string()))
    }
}

/// Every diagnostic code's row, ordered by code: the decoder's (`E…`), the
/// lenient reader's (`L…`), the repairs' (`R…`) and the semantic
/// checker's (`S…`). One tool's codes are the rows whose name starts with
/// its letter.
///
/// ```
/// use sgfkit::check::Code;
/// let all: Vec<_> = sgfkit::check::all_codes().collect();
/// assert_eq!(all[0].code, Code::E001);
/// assert!(all.iter().any(|c| c.code == Code::S001));
/// let mut repairs = all.iter().filter(|c| c.code.as_str().starts_with('R'));
/// assert!(repairs.any(|c| c.code == Code::R002 && c.sgfc == Some(59)));
/// ```
pub fn all_codes() -> impl Iterator<Item = &'static CodeInfo> {
    TABLE.iter()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each variant's row is its own, names parse back to their code, and
    /// the families split the table without a gap, each numbered in
    /// increasing order.
    #[test]
    fn table_rows_names_and_families_agree() {
        for (k, row) in TABLE.iter().enumerate() {
            assert_eq!(row.code as usize, k);
            assert_eq!(row.code.info(), row);
            assert_eq!(row.code.as_str().parse::<Code>(), Ok(row.code));
        }
        let family = |letter: &str| -> Vec<&CodeInfo> {
            TABLE
                .iter()
                .filter(|r| r.code.as_str().starts_with(letter))
                .collect()
        };
        let families = ["E", "I", "L", "R", "S"].map(family);
        assert_eq!(families.iter().map(Vec::len).sum::<usize>(), TABLE.len());
        for family in families {
            let mut last = 0;
            for row in family {
                let name = row.code.as_str();
                let n: u32 = name[1..].parse().unwrap();
                assert!(n > last, "{name} out of order");
                last = n;
            }
        }
        for bad in [
            "", "S", "S0", "S04", "S000", "S999", "S0001", "s001", "X001", " S001",
        ] {
            assert!(bad.parse::<Code>().is_err(), "{bad:?}");
        }
        let mut sorted: Vec<Code> = TABLE.iter().map(|r| r.code).collect();
        sorted.sort_by_key(|c| c.as_str());
        assert!(sorted.iter().zip(TABLE).all(|(c, r)| *c == r.code));
    }
}
