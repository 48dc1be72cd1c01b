//! Lines and columns of a streamed input: the input's [`LineCounter`] fed
//! as the buffer moves on, so positions are those [`Position::of`] gives
//! over the whole input.

use crate::error::{LineCounter, Position};

/// The line counter of a streamed input and the offset it is fed up to.
#[derive(Debug, Default)]
pub(super) struct StreamLines {
    /// The input offset fed up to.
    fed: u64,
    counter: LineCounter,
}

impl StreamLines {
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
        self.counter.feed(bytes);
        self.fed = to;
    }

    /// The line and column of the offset fed up to, whose byte `buf` (input
    /// from offset `base`) holds.
    pub(super) fn position(&self, buf: &[u8], base: u64) -> Position {
        let next = self
            .fed
            .checked_sub(base)
            .and_then(|k| buf.get(usize::try_from(k).ok()?))
            .copied();
        self.counter.position(next)
    }
}
