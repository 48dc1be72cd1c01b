//! Lines and columns: [`LineCounter`], the one count of line ends and
//! characters, fed the input in pieces; [`Position::of`] and
//! [`PositionCursor`] over an input in memory, and the stream's positions,
//! are counted by it, and [`line_start`] finds a spot's line by the same
//! rule for the source line of a diagnostic.
//!
//! A line ends at LF, CRLF or a lone CR; CRLF is one line end, so the LF of a
//! CRLF is on the line of its CR (one column after it). Columns count
//! characters (UTF-8 sequences), not bytes; a UTF-8 byte order mark at the
//! start is no column.

use std::fmt;

const BOM: &[u8] = b"\xEF\xBB\xBF";

/// A line and column, both counted from 1. Columns count characters (UTF-8
/// sequences), not bytes; a line ends at LF, CRLF or a lone CR (the LF of a
/// CRLF stands on the line of its CR).
///
/// ```
/// use sgfkit::Position;
/// let p = Position::of(b"(;\nC[x]", 4);
/// assert_eq!((p.line, p.column), (2, 2));
/// assert_eq!(p.to_string(), "2:2");
/// // The LF of a CRLF is on the line of the CR; the next byte starts line 2.
/// assert_eq!(Position::of(b"(;\r\nC[x]", 3).to_string(), "1:4");
/// assert_eq!(Position::of(b"(;\r\nC[x]", 4).to_string(), "2:1");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Position {
    /// The 1-based line.
    pub line: u32,
    /// The 1-based column, in characters.
    pub column: u32,
}

impl Position {
    /// The position of byte `offset` in `src` (clamped to the end of `src`).
    pub fn of(src: &[u8], offset: usize) -> Position {
        PositionCursor::new(src).position(offset)
    }

    /// [`Position::of`] counted line by line: what the counter's counts are
    /// checked against.
    #[cfg(test)]
    fn of_by_lines(src: &[u8], offset: usize) -> Position {
        let offset = offset.min(src.len());
        let before = &src[..offset];
        let mut line = 1u32;
        let mut line_start = 0usize;
        let mut i = 0;
        while let Some(k) = memchr::memchr2(b'\n', b'\r', &before[i..]) {
            let at = i + k;
            // A CR directly followed by LF is counted once, at the LF.
            if before[at] == b'\n' || src.get(at + 1) != Some(&b'\n') {
                line = line.saturating_add(1);
                line_start = at + 1;
            }
            i = at + 1;
        }
        let line_start = line_start.min(offset);
        let column = before[line_start..]
            .iter()
            .filter(|&&b| (b & 0xC0) != 0x80)
            .count();
        // A byte order mark is not a column.
        let bom = line == 1 && offset >= 3 && src.starts_with(BOM);
        let column = column - usize::from(bom);
        Position {
            line,
            column: u32::try_from(column).unwrap_or(u32::MAX).saturating_add(1),
        }
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.column)
    }
}

/// Positions of many offsets of one source, in one forward pass: each
/// [`PositionCursor::position`] counts only the bytes since the offset asked
/// before, so positions asked in ascending order cost O(source) in all
/// (where [`Position::of`] for each would rescan from the start). An offset
/// before the previous one starts again from the beginning. Lines and
/// columns are counted as [`Position::of`] counts them.
///
/// ```
/// use sgfkit::error::PositionCursor;
/// use sgfkit::Position;
/// let src = "(;C[é]\r\n;B[aa]\n;W[bb])".as_bytes();
/// let mut cursor = PositionCursor::new(src);
/// for at in [0, 4, 9, 11, 17, 30] {
///     assert_eq!(cursor.position(at), Position::of(src, at));
/// }
/// assert_eq!(cursor.position(2), Position::of(src, 2));
/// ```
#[derive(Debug, Clone)]
pub struct PositionCursor<'s> {
    src: &'s [u8],
    /// The offset counted up to.
    at: usize,
    counter: LineCounter,
}

impl<'s> PositionCursor<'s> {
    /// A cursor at the start of `src`.
    pub fn new(src: &'s [u8]) -> Self {
        PositionCursor {
            src,
            at: 0,
            counter: LineCounter::default(),
        }
    }

    /// The position of byte `offset` (clamped to the end of the source), as
    /// [`Position::of`] gives it.
    pub fn position(&mut self, offset: usize) -> Position {
        let src = self.src;
        let target = offset.min(src.len());
        if target < self.at {
            *self = PositionCursor::new(src);
        }
        self.counter.feed(&src[self.at..target]);
        self.at = target;
        self.counter.position(src.get(target).copied())
    }
}

/// Lines and columns of an input fed in order, in pieces of any size (a
/// piece may end between the CR and the LF of a CRLF).
#[derive(Debug, Clone, Default)]
pub(crate) struct LineCounter {
    /// Bytes fed so far.
    fed: u64,
    /// Line ends so far, not counting a CR at the end of what was fed.
    breaks: u64,
    /// Characters since the last line end (a CR at the end of what was fed
    /// included).
    column: u64,
    /// The last byte fed is a CR: a line end, with the LF after it if one
    /// comes.
    pending_cr: bool,
    /// The input does not start with a UTF-8 byte order mark.
    not_bom: bool,
}

impl LineCounter {
    /// Counts `bytes`, the input after what was fed before.
    pub(crate) fn feed(&mut self, bytes: &[u8]) {
        let Some(&last) = bytes.last() else {
            return;
        };
        // The first three bytes: a byte order mark or not.
        let fed = usize::try_from(self.fed).unwrap_or(usize::MAX);
        for (k, &b) in bytes.iter().enumerate().take(3usize.saturating_sub(fed)) {
            self.not_bom |= BOM.get(fed + k) != Some(&b);
        }
        self.fed += bytes.len() as u64;
        let mut rest = bytes;
        if self.pending_cr {
            // The CR fed last ends its line, with this LF if it is one.
            self.pending_cr = false;
            self.breaks += 1;
            self.column = 0;
            if rest[0] == b'\n' {
                rest = &rest[1..];
            }
        }
        // A CR at the end waits for the next byte.
        let (rest, ends_in_cr) = match rest.split_last() {
            Some((b'\r', body)) => (body, true),
            _ => (rest, false),
        };
        let chars = |b: &[u8]| count_bytes(b, |b| (b & 0xC0) != 0x80) as u64;
        if memchr::memchr(b'\r', rest).is_none() {
            // The common case, no CR: line ends counted in bulk (a loop the
            // compiler vectorises), the column from the last one.
            match memchr::memrchr(b'\n', rest) {
                None => self.column += chars(rest),
                Some(last_lf) => {
                    self.breaks += count_bytes(rest, |b| b == b'\n') as u64;
                    self.column = chars(&rest[last_lf + 1..]);
                }
            }
        } else {
            let mut line_start = None;
            let mut k = 0;
            while let Some(i) = memchr::memchr2(b'\n', b'\r', &rest[k..]) {
                let at = k + i;
                self.breaks += 1;
                // CRLF is one line end.
                let crlf = rest[at] == b'\r' && rest.get(at + 1) == Some(&b'\n');
                k = at + 1 + usize::from(crlf);
                line_start = Some(k);
            }
            match line_start {
                Some(s) => self.column = chars(&rest[s..]),
                None => self.column += chars(rest),
            }
        }
        if ends_in_cr {
            self.column += 1;
            self.pending_cr = true;
        }
        debug_assert_eq!(self.pending_cr, last == b'\r');
    }

    /// The position of the byte after what was fed, `next` (`None` at the
    /// end of the input): if what was fed ends in a CR, an LF there is on
    /// the CR's line and anything else starts the next.
    pub(crate) fn position(&self, next: Option<u8>) -> Position {
        if self.pending_cr && next != Some(b'\n') {
            return Position {
                line: u32::try_from(self.breaks + 2).unwrap_or(u32::MAX),
                column: 1,
            };
        }
        let bom = self.breaks == 0 && !self.not_bom && self.fed >= 3;
        Position {
            line: u32::try_from(self.breaks + 1).unwrap_or(u32::MAX),
            column: u32::try_from(self.column - u64::from(bom) + 1).unwrap_or(u32::MAX),
        }
    }
}

/// The start of the line that holds byte `at` of `src`, looked for back to
/// `lo`: after the last line end before `at` (the CR of a CRLF whose LF is
/// at `at` ends no line before it), or `None` if there is none from `lo`.
pub(crate) fn line_start(src: &[u8], lo: usize, at: usize) -> Option<usize> {
    let crlf = at > lo && src.get(at) == Some(&b'\n') && src[at - 1] == b'\r';
    let to = at - usize::from(crlf);
    memchr::memrchr2(b'\n', b'\r', &src[lo..to]).map(|p| lo + p + 1)
}

/// The bytes of `bytes` for which `f` holds, counted in blocks of 255 in a
/// byte counter (a loop the compiler turns into vector code).
#[inline]
fn count_bytes(bytes: &[u8], f: impl Fn(u8) -> bool + Copy) -> usize {
    bytes
        .chunks(255)
        .map(|block| {
            let n = block
                .iter()
                .fold(0u8, |n, &b| n.wrapping_add(u8::from(f(b))));
            usize::from(n)
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Bytes where line ends, characters and a byte order mark meet.
    fn source() -> impl Strategy<Value = Vec<u8>> {
        proptest::collection::vec(
            prop_oneof![
                Just(b'\n'),
                Just(b'\r'),
                Just(b'a'),
                Just(0xC3u8),
                Just(0xA9u8),
                Just(0xEFu8),
                Just(0xBBu8),
                Just(0xBFu8)
            ],
            0..80,
        )
    }

    proptest! {
        /// The cursor gives what `Position::of_by_lines` gives, for offsets
        /// in any order (ascending ones in one pass).
        #[test]
        fn cursor_agrees_with_counting_by_lines(
            src in source(),
            mut offsets in proptest::collection::vec(0usize..90, 0..20),
            sorted in any::<bool>(),
        ) {
            if sorted {
                offsets.sort_unstable();
            }
            let mut cursor = PositionCursor::new(&src);
            for at in offsets {
                prop_assert_eq!(cursor.position(at), Position::of_by_lines(&src, at));
            }
        }

        /// Fed in pieces cut anywhere (between the CR and LF of a CRLF
        /// too), the counter gives each piece's end the position of the
        /// whole input.
        #[test]
        fn pieces_agree_with_whole(src in source(), cuts in proptest::collection::vec(0usize..80, 0..8)) {
            let mut cuts: Vec<usize> = cuts.into_iter().map(|c| c.min(src.len())).collect();
            cuts.sort_unstable();
            let mut counter = LineCounter::default();
            let mut at = 0;
            for cut in cuts.into_iter().chain([src.len()]) {
                counter.feed(&src[at..cut]);
                at = cut;
                prop_assert_eq!(counter.position(src.get(at).copied()), Position::of_by_lines(&src, at));
            }
        }
    }

    /// The LF of a CRLF is on the line of its CR, whether the CR and the LF
    /// come in one piece or two.
    #[test]
    fn lf_of_crlf_is_on_the_line_of_its_cr() {
        let src = b"ab\r\ncd";
        assert_eq!(Position::of(src, 2), Position { line: 1, column: 3 });
        assert_eq!(Position::of(src, 3), Position { line: 1, column: 4 });
        assert_eq!(Position::of(src, 4), Position { line: 2, column: 1 });
        let mut counter = LineCounter::default();
        counter.feed(b"ab\r");
        assert_eq!(
            counter.position(Some(b'\n')),
            Position { line: 1, column: 4 }
        );
        assert_eq!(
            counter.position(Some(b'c')),
            Position { line: 2, column: 1 }
        );
        counter.feed(b"\n");
        assert_eq!(
            counter.position(Some(b'c')),
            Position { line: 2, column: 1 }
        );
        // A lone CR at the end ends its line.
        assert_eq!(Position::of(b"ab\r", 3), Position { line: 2, column: 1 });
        // The line of the LF starts where the CR's does.
        assert_eq!(line_start(src, 0, 3), None);
        assert_eq!(line_start(src, 0, 4), Some(4));
        assert_eq!(line_start(b"x\nab\r\n", 0, 5), Some(2));
    }
}
