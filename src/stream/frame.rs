//! The byte scan that finds top-level game trees: it knows `[...]` values
//! with their `\` escapes, parentheses, and the junk rule of the grammar
//! (a tree starts at `(` followed, after white space, by `;`).

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum State {
    /// Between game trees.
    Junk,
    /// After a `(` (at input offset `paren`) that starts a tree if a `;`
    /// follows, white space allowed.
    Opening { paren: u64 },
    /// In a tree, `depth` parentheses deep, outside values.
    Tree { depth: u64 },
    /// In a value of a tree.
    Value { depth: u64 },
    /// In a value, right after a `\`.
    Escape { depth: u64 },
}

/// What the framer found, at input offsets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Event {
    /// A game tree starts at the `(` at this offset.
    Start(u64),
    /// A game tree ends before this offset (after its `)`).
    End(u64),
}

/// The byte scan that finds game trees, fed the input a piece at a time.
#[derive(Debug, Clone, Copy)]
pub(super) struct Framer {
    pub(super) state: State,
}

impl Default for Framer {
    fn default() -> Self {
        Framer { state: State::Junk }
    }
}

impl Framer {
    pub(super) fn in_tree(&self) -> bool {
        matches!(
            self.state,
            State::Tree { .. } | State::Value { .. } | State::Escape { .. }
        )
    }

    /// Scans `buf` (input from offset `base`) from `*pos` up to the next
    /// event or the end of `buf`. Between calls `buf` may grow at the end
    /// and lose bytes at the front before `*pos`.
    pub(super) fn scan(&mut self, buf: &[u8], base: u64, pos: &mut usize) -> Option<Event> {
        while *pos < buf.len() {
            match self.state {
                State::Junk => match memchr::memchr(b'(', &buf[*pos..]) {
                    Some(k) => {
                        self.state = State::Opening {
                            paren: base + (*pos + k) as u64,
                        };
                        *pos += k + 1;
                    }
                    None => *pos = buf.len(),
                },
                State::Opening { paren } => {
                    let b = buf[*pos];
                    if is_ws(b) {
                        *pos += 1;
                    } else if b == b';' {
                        self.state = State::Tree { depth: 1 };
                        *pos += 1;
                        return Some(Event::Start(paren));
                    } else {
                        // Not a tree: this byte may be the next `(`.
                        self.state = State::Junk;
                    }
                }
                State::Tree { .. } | State::Value { .. } | State::Escape { .. } => {
                    if let Some(end) = self.scan_tree(buf, pos) {
                        return Some(Event::End(base + end as u64));
                    }
                }
            }
        }
        None
    }

    /// Scans a tree from `*pos` to its end (returned: the index after its
    /// `)`) or to the end of `buf`. A plain loop: SGF has a bracket every
    /// three bytes or so, too dense for memchr, except in long values.
    fn scan_tree(&mut self, buf: &[u8], pos: &mut usize) -> Option<usize> {
        let (mut depth, mut in_value, mut escaped) = match self.state {
            State::Tree { depth } => (depth, false, false),
            State::Value { depth } => (depth, true, false),
            State::Escape { depth } => (depth, true, true),
            _ => return None,
        };
        let mut i = *pos;
        let mut end = None;
        let mut value_len = 0;
        while i < buf.len() {
            let b = buf[i];
            i += 1;
            if in_value {
                if escaped {
                    escaped = false;
                } else if b == b']' {
                    in_value = false;
                } else if b == b'\\' {
                    escaped = true;
                } else {
                    value_len += 1;
                    if value_len == 16 {
                        // A long value (a comment): skip to its `]` or `\`.
                        value_len = 0;
                        i = memchr::memchr2(b']', b'\\', &buf[i..]).map_or(buf.len(), |k| i + k);
                    }
                }
            } else {
                match b {
                    b'[' => {
                        in_value = true;
                        value_len = 0;
                    }
                    b'(' => depth += 1,
                    b')' => {
                        depth -= 1;
                        if depth == 0 {
                            end = Some(i);
                            break;
                        }
                    }
                    _ => {}
                }
            }
        }
        *pos = i;
        self.state = match (end, in_value, escaped) {
            (Some(_), ..) => State::Junk,
            (None, false, _) => State::Tree { depth },
            (None, true, false) => State::Value { depth },
            (None, true, true) => State::Escape { depth },
        };
        end
    }
}

/// White space as the grammar knows it.
fn is_ws(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0B | 0x0C)
}
