//! The lenient reader's fast path: runs of nodes of the common shape
//! (`;B[pd];W[dd]`, a node of plain properties) read in one loop, the
//! builder called as the general path in [`super::Reader::inside`] would.

use super::{Reader, is_ws};
use crate::grammar::value_end;

impl Reader<'_> {
    /// At a `;` inside a game tree (after any `(` it implies): starts the
    /// node, and reads the nodes that follow in the common shape — each
    /// `;` directly followed by properties that [`Reader::plain_at`]
    /// accepts, as in `;B[pd];W[dd]` — in one loop, without going back to
    /// [`Reader::inside`] for every token. Stops (leaving the rest to the
    /// general path) at anything else; the builder sees the same calls
    /// either way.
    pub(super) fn nodes_from(&mut self, mut at: usize) {
        let src = self.src;
        // A node after a variation implies a `(`, which the general path
        // reports: only the first `;` is read here then.
        let more = !self.stack.last().is_some_and(|o| o.has_child);
        loop {
            let room = self.b.move_room();
            if room > 0
                && let Some(mut next) = self.move_at(at)
            {
                // A run of moves, `;B[pd];W[dd]...`: what the general path
                // below does for each, with the reader's state set once.
                self.close_node();
                self.in_node = true;
                if let Some(top) = self.stack.last_mut() {
                    top.has_node = true;
                }
                let mut n = 0;
                loop {
                    self.b.push_move(at);
                    n += 1;
                    if !more || n == room || src.get(next) != Some(&b';') {
                        break;
                    }
                    let Some(after) = self.move_at(next) else {
                        break;
                    };
                    at = next;
                    next = after;
                }
                self.nodes += n;
                self.i = next;
                if !more || src.get(next) != Some(&b';') {
                    return;
                }
                at = next;
                continue;
            }
            let first = at + 1;
            let Some((id_end, end, mut next)) = self.plain_at(first) else {
                self.start_node(at);
                self.i = first;
                return;
            };
            self.close_node();
            self.b.plain_node(src, at, id_end - first, end);
            self.in_node = true;
            self.nodes += 1;
            if let Some(top) = self.stack.last_mut() {
                top.has_node = true;
            }
            // The node's other properties.
            while src.get(next).is_some_and(u8::is_ascii_uppercase) {
                let Some((id_end, end, after)) = self.plain_at(next) else {
                    break;
                };
                self.b.plain_property(src, next, id_end - next, end);
                next = after;
            }
            // The white space skipped to `next` means nothing to the
            // general path either.
            self.i = next;
            if !more || src.get(next) != Some(&b';') {
                return;
            }
            at = next;
        }
    }

    /// Whether the `;` at `at` starts the commonest node of all, a move
    /// such as `;B[pd]` (one capital, a two-byte value) with nothing more in
    /// the node: what follows, after white space, is `;`, `(`, `)` or the
    /// end. Then where that next token starts. The same node as
    /// [`Reader::plain_at`] reads, in fewer steps.
    #[inline(always)]
    fn move_at(&self, at: usize) -> Option<usize> {
        let src = self.src;
        let [x, b'[', a, b, b']'] = *src.get(at + 1..at + 6)? else {
            return None;
        };
        if !x.is_ascii_uppercase() || matches!(a, b']' | b'\\') || matches!(b, b']' | b'\\') {
            return None;
        }
        let mut next = at + 6;
        match src.get(next) {
            // The commonest by far: the next move follows.
            Some(b';') => return Some(next),
            Some(&c) if is_ws(c) => next = self.ws_from(next + 1),
            _ => {}
        }
        match src.get(next) {
            None | Some(b';' | b'(' | b')') => Some(next),
            Some(_) => None,
        }
    }

    /// At a letter: the common case of [`Reader::property`] — inside a
    /// node, an identifier of capitals directly followed by its values,
    /// each closed by a `]` that [`Reader::closes_value`] accepts — read
    /// without the general path's bookkeeping. Returns false, having
    /// changed nothing, for anything else: the general path then reads the
    /// property (and reports what it repairs).
    #[inline]
    pub(super) fn plain_property(&mut self) -> bool {
        if !self.in_node {
            return false;
        }
        let start = self.i;
        let Some((id_end, end, next)) = self.plain_at(start) else {
            return false;
        };
        self.i = next;
        self.b.plain_property(self.src, start, id_end - start, end);
        true
    }

    /// Whether a property of the common shape starts at `start` (see
    /// [`Reader::plain_property`]): then where its identifier ends, where
    /// its values end (after the last `]`), and where the next token
    /// starts (after white space).
    #[inline(always)]
    fn plain_at(&self, start: usize) -> Option<(usize, usize, usize)> {
        let src = self.src;
        let mut id_end = start;
        while src.get(id_end).is_some_and(u8::is_ascii_uppercase) {
            id_end += 1;
        }
        if id_end == start || src.get(id_end) != Some(&b'[') {
            return None;
        }
        let mut open = id_end;
        loop {
            let body = open + 1;
            let close = body + value_end(src.get(body..)?)?;
            let next = self.ws_from(close + 1);
            match src.get(next) {
                Some(b'[') => open = next,
                None | Some(b';' | b'(' | b')') => return Some((id_end, close + 1, next)),
                Some(_) if self.property_at(next) => return Some((id_end, close + 1, next)),
                Some(_) => return None,
            }
        }
    }
}
