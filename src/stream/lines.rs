//! Lines and columns of a streamed input, counted as [`Position::of`]
//! counts them over a whole input.

use crate::error::Position;

const BOM: &[u8] = b"\xEF\xBB\xBF";

/// Counts lines and columns over the input, fed in order, the way
/// [`Position::of`] does over a whole input.
#[derive(Debug, Default)]
pub(super) struct LineCounter {
    /// The input offset fed up to.
    fed: u64,
    /// Line breaks so far (LF, CRLF, lone CR).
    breaks: u64,
    /// Characters since the last line break.
    column: u64,
    /// The last byte fed was a CR.
    after_cr: bool,
    /// The input does not start with a UTF-8 byte order mark (which is no
    /// column).
    not_bom: bool,
}

impl LineCounter {
    /// Feeds the input up to offset `to`, from `buf` (input from offset
    /// `base`, holding what was not fed yet).
    pub(super) fn advance(&mut self, buf: &[u8], base: u64, to: u64) {
        if to <= self.fed {
            return;
        }
        let from = self.fed.saturating_sub(base) as usize;
        let Some(bytes) = buf.get(from..(to - base) as usize) else {
            return;
        };
        // The first three bytes: a byte order mark or not.
        for (k, &b) in bytes
            .iter()
            .enumerate()
            .take(3u64.saturating_sub(self.fed) as usize)
        {
            let at = self.fed as usize + k;
            self.not_bom |= BOM.get(at) != Some(&b);
        }
        let mut line_start = None;
        if memchr::memchr(b'\r', bytes).is_none() {
            // No CR (most files): count the LFs at once.
            let lf = memchr::memchr_iter(b'\n', bytes).count() as u64;
            let lf_after_cr = u64::from(self.after_cr && bytes.first() == Some(&b'\n'));
            self.breaks += lf - lf_after_cr;
            line_start = memchr::memrchr(b'\n', bytes).map(|k| k + 1);
        } else {
            self.count_breaks(bytes, &mut line_start);
        }
        let tail = match line_start {
            Some(s) => {
                self.column = 0;
                &bytes[s..]
            }
            None => bytes,
        };
        self.column += tail.iter().filter(|&&b| (b & 0xC0) != 0x80).count() as u64;
        if let Some(&last) = bytes.last() {
            self.after_cr = last == b'\r';
        }
        self.fed = to;
    }

    /// Counts the line breaks of `bytes` one by one (it has a CR), and
    /// where the last line starts.
    fn count_breaks(&mut self, bytes: &[u8], line_start: &mut Option<usize>) {
        for k in memchr::memchr2_iter(b'\n', b'\r', bytes) {
            let after_cr = if k == 0 {
                self.after_cr
            } else {
                bytes[k - 1] == b'\r'
            };
            // CRLF is one break, counted at the CR.
            if bytes[k] == b'\r' || !after_cr {
                self.breaks += 1;
            }
            *line_start = Some(k + 1);
        }
    }

    /// The line and column of the offset fed up to.
    pub(super) fn position(&self) -> Position {
        let mut column = self.column;
        if self.breaks == 0 && !self.not_bom && self.fed >= 3 {
            column -= 1;
        }
        Position {
            line: u32::try_from(self.breaks + 1).unwrap_or(u32::MAX),
            column: u32::try_from(column + 1).unwrap_or(u32::MAX),
        }
    }
}
