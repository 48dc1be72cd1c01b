//! The lenient reader's diagnostics: how serious, which codes, and where
//! (line and column, found for all of them in one pass).

use crate::check::Code;
use crate::error::Position;
use std::fmt;
use std::ops::Range;

/// How serious a [`Diagnostic`] is.
///
/// ```
/// use sgfkit::check::Severity;
/// assert!(Severity::Error > Severity::Warning);
/// assert_eq!(Severity::Info.to_string(), "info");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Severity {
    /// Worth knowing; nothing was wrong with the SGF itself.
    Info,
    /// Not what FF\[4\] prescribes, but read without doubt.
    Warning,
    /// The file breaks the grammar; the reader had to guess.
    Error,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Info => "info",
            Severity::Warning => "warning",
            Severity::Error => "error",
        })
    }
}

/// One repair or remark of the lenient reader.
///
/// Displays as `LINE:COL: severity[CODE]: message`.
///
/// ```
/// use sgfkit::check::parse_lenient;
/// let (_, diags) = parse_lenient(b"(;B[aa]\n+W[bb])", &Default::default());
/// assert_eq!(diags[0].to_string(), "2:1: error[L011]: stray bytes `+` inside a game tree (skipped)");
/// assert_eq!(diags[0].span, 8..9);
/// assert_eq!(diags[0].sgfc, Some(8));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// The stable code.
    pub code: Code,
    /// How serious it is.
    pub severity: Severity,
    /// The bytes of the input concerned.
    pub span: Range<usize>,
    /// Line and column of `span.start`.
    pub position: Position,
    /// What was found and what the reader did, in words.
    pub message: String,
    /// The number of SGFC's message for the same problem, if there is one.
    pub sgfc: Option<u32>,
    /// True when something of the game tree's content was dropped.
    pub data_lost: bool,
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {}[{}]: {}",
            self.position, self.severity, self.code, self.message
        )
    }
}

impl std::error::Error for Diagnostic {}

/// The most diagnostics kept per code; further ones are counted and
/// summarized in one last diagnostic of that code (keeps memory bounded on
/// hostile input).
///
/// ```
/// use sgfkit::check::{parse_lenient, MAX_PER_CODE};
/// let src = format!("(;{})", "+B[aa]".repeat(MAX_PER_CODE + 5));
/// let (_, diags) = parse_lenient(src.as_bytes(), &Default::default());
/// assert_eq!(diags.len(), MAX_PER_CODE + 1);
/// assert!(diags[MAX_PER_CODE].message.starts_with("5 more"));
/// ```
pub const MAX_PER_CODE: usize = 1000;

/// Computes every diagnostic's position in one pass over the input.
pub(crate) fn fill_positions(src: &[u8], diags: &mut [Diagnostic]) {
    let mut order: Vec<usize> = (0..diags.len()).collect();
    order.sort_by_key(|&k| diags[k].span.start);
    // Characters (bytes that do not continue a UTF-8 sequence) in `b`.
    let chars = |b: &[u8]| {
        let n = b.iter().filter(|&&b| b & 0xC0 != 0x80).count();
        u32::try_from(n).unwrap_or(u32::MAX)
    };
    // `at`: how far lines are counted; `counted`: how far the characters
    // of the current line are (only those before a diagnostic are: the
    // lines between are only searched for their end).
    let (mut at, mut counted, mut line, mut column) = (0usize, 0usize, 1u32, 1u32);
    for k in order {
        let target = diags[k].span.start.min(src.len());
        // From line break to line break: a LF, or a CR not followed by LF
        // (a CR before LF is a character of its line).
        // The line breaks up to `target` are counted in bulk (plain loops
        // the compiler vectorizes), not one memchr call per line.
        if at < target {
            let region = &src[at..target];
            let lf = count_where(region, region, |a, _| a == b'\n');
            let cr = count_where(region, region, |a, _| a == b'\r');
            let crlf = if cr == 0 {
                0
            } else {
                let next = &src[at + 1..(target + 1).min(src.len())];
                count_where(region, next, |a, b| a == b'\r' && b == b'\n')
            };
            let breaks = lf + cr - crlf;
            if breaks > 0 {
                line = line.saturating_add(u32::try_from(breaks).unwrap_or(u32::MAX));
                column = 1;
                // The last break: a LF, or a CR not followed by LF.
                let mut end = region.len();
                while let Some(j) = memchr::memrchr2(b'\n', b'\r', &region[..end]) {
                    let i = at + j;
                    if src[i] == b'\n' || src.get(i + 1) != Some(&b'\n') {
                        counted = i + 1;
                        break;
                    }
                    end = j;
                }
            }
            at = target;
        }
        if counted < target {
            column = column.saturating_add(chars(&src[counted..target]));
            counted = target;
        }
        diags[k].position = Position { line, column };
    }
}

/// The message of L001: `len` bytes skipped at `place` ("before the first
/// game tree" …), showing an excerpt of them. The one wording of the code,
/// whether the lenient or the strict reader skipped them.
pub(crate) fn skipped_message(place: &str, skipped: &[u8]) -> String {
    let len = skipped.len();
    format!(
        "{len} byte(s) {place} skipped: `{}`",
        super::excerpt(skipped)
    )
}

/// The message of L010: identifier `ident` (with lower-case letters) read
/// as `read`.
pub(crate) fn lowercase_ident_message(ident: &[u8], read: &str) -> String {
    format!("identifier `{}` read as `{read}`", super::excerpt(ident))
}

/// The message of L015.
pub(crate) const BOM_MESSAGE: &str = "UTF-8 byte order mark skipped";

/// How many `k` satisfy `pred(a[k], b[k])` (over the shorter of the two):
/// counted in bytes per chunk of 128, a loop the compiler vectorizes.
#[inline]
fn count_where(a: &[u8], b: &[u8], pred: impl Fn(u8, u8) -> bool + Copy) -> usize {
    let n = a.len().min(b.len());
    let (a, b) = (&a[..n], &b[..n]);
    let mut total = 0usize;
    let mut ca = a.chunks_exact(128);
    let mut cb = b.chunks_exact(128);
    for (x, y) in (&mut ca).zip(&mut cb) {
        let hits = x
            .iter()
            .zip(y)
            .fold(0u8, |acc, (&p, &q)| acc.wrapping_add(u8::from(pred(p, q))));
        total += usize::from(hits);
    }
    let rest = ca.remainder().iter().zip(cb.remainder());
    total + rest.filter(|&(&p, &q)| pred(p, q)).count()
}
