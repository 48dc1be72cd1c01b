//! Where the top-level game trees of SGF bytes are: the one scan of tree
//! boundaries, shared by [`crate::stream`], [`crate::encoding`] and the
//! lenient reader.
//!
//! The rule is the lenient reader's, which on input the grammar accepts is
//! the grammar's ([`crate::grammar::collection`]): a game tree starts at a
//! `(` followed, after white space, by `;`; it ends at the `)` that
//! balances that `(`, counting only parentheses outside values (`[...]`,
//! where `\` escapes the next byte). Anything before, between and after the
//! trees is junk. Two more openings hold tree content that the grammar
//! refuses to skip: a `(` followed by a property (`(GM[1]...`, a tree whose
//! `;` is missing) and a `;` followed by a property (`;GM[1]...`, a tree
//! whose `(` is missing, as Fox writes them), which starts a tree one deep
//! at the `;` ([`opens_tree_at`]). So every reader of the trees (the
//! stream, [`crate::stream::split_games`], the charset detection and the
//! lenient reader of a whole buffer) finds the same trees, and no node is
//! skipped as junk.
//!
//! # A game tree that lost its `)`
//!
//! Inside a tree, a `(` followed, after white space, by `;` and a node
//! whose properties include `GM` or `FF` ([`opens_lost_game`]) starts a new
//! game tree: the open one lacks its `)` and ends just before that `(`
//! ([`Event::Lost`]). `GM` and `FF` are root properties, which FF\[4\]
//! allows in root nodes only, so such a variation is the next game of a
//! collection whose tree before it was not closed; a `GM` in a node within
//! a sequence (`;B[aa];GM[1]`) starts nothing. Without this rule such a
//! tree would swallow every game after it as its variations. The look-ahead
//! reads one node, and at most [`MAX_PROBE`] bytes after the `(`: a `GM`
//! or `FF` further on starts no game.
//!
//! The rule is part of the framing, which the stream,
//! [`crate::stream::split_games`] and the charset detection share. The
//! lenient reader of a whole buffer applies it (closing the open trees
//! there, `L005`) only to input that leaves a tree open at its end
//! ([`leaves_a_tree_open`]): input whose parentheses balance reads as the
//! grammar reads it, such a variation included, where the stream still
//! ends the tree before it. The strict parser ([`crate::parse`]) does not frame: it
//! still reads such a variation as a variation, and a tree without its `)`
//! as an error; a framed tree that lost its `)` fails to parse strictly
//! too. [`crate::stream::separate_lost_games`] sets apart such variations
//! of a tree read strictly by the same rule
//! ([`crate::stream::starts_lost_game`] asks [`opens_lost_game`]).
//!
//! The scan comes in two forms: [`Framer`], a state machine fed the input a
//! piece at a time (the streamer reads in chunks), and [`tree_ranges`], the
//! fast path over a whole buffer (every file's charset detection goes
//! through it), which looks at 64 bytes at a time
//! ([`crate::structural::tree_mask`]). The tests hold them to
//! each other and to a plain byte loop.
//!
//! The scan works on bytes: it is exact for charsets in which the bytes
//! `(`, `)`, `;`, `[`, `]` and `\` always stand for those characters. In
//! Shift_JIS, Big5 and GBK a two-byte character ending in `0x5C` or `0x5D`
//! can end a value early or late; UTF-16 and UTF-32 must be transcoded
//! first.

use crate::grammar::{is_ws, opens_tree};
use crate::structural::{LANE, find_value_byte, tree_mask, value_close};
use std::ops::Range;

/// Whether a game tree starts at `at`, outside the trees: a `(` followed,
/// after white space, by `;` or a property, or a `;` followed by a
/// property (see [`property_at`]).
#[inline]
pub(crate) fn opens_tree_at(bytes: &[u8], at: usize) -> bool {
    match bytes.get(at) {
        Some(b'(') => opens_tree(bytes, at) || property_at(bytes, ws_from(bytes, at + 1)),
        Some(b';') => property_at(bytes, ws_from(bytes, at + 1)),
        _ => false,
    }
}

/// Where the next game tree starts at or after `from` ([`opens_tree_at`]):
/// a memchr search from each `(` or `;` to the next.
pub(crate) fn next_tree_start(bytes: &[u8], from: usize) -> Option<usize> {
    let mut k = from;
    while let Some(off) = memchr::memchr2(b'(', b';', bytes.get(k..)?) {
        let at = k + off;
        if opens_tree_at(bytes, at) {
            return Some(at);
        }
        k = at + 1;
    }
    None
}

/// Whether a property starts at `k`: letters, a capital among them, then
/// `[` after optional white space (`B[`, `GM [`, FF\[3\]'s `AddBlack[`).
pub(crate) fn property_at(bytes: &[u8], k: usize) -> bool {
    let rest = bytes.get(k..).unwrap_or_default();
    let letters = rest.iter().take_while(|b| b.is_ascii_alphabetic()).count();
    letters > 0
        && rest[..letters].iter().any(u8::is_ascii_uppercase)
        && bytes.get(ws_from(bytes, k + letters)) == Some(&b'[')
}

/// The first byte at or after `k` that is not white space (or the end).
pub(crate) fn ws_from(bytes: &[u8], mut k: usize) -> usize {
    while k < bytes.len() && is_ws(bytes[k]) {
        k += 1;
    }
    k
}

/// The most bytes after a `(` inside a tree that [`opens_lost_game`] looks
/// at: a `GM` or `FF` whose `[` lies further on starts no game. It bounds
/// what the stream holds while it looks (64 KiB; the root nodes of real
/// games name `GM` and `FF` in their first hundred bytes or so).
pub(crate) const MAX_PROBE: usize = 64 << 10;

/// Whether the `(` at `paren`, inside a game tree, starts a game tree of
/// its own because the tree it is in lost its `)`: it is followed, after
/// white space, by `;` and a node with a `GM` or `FF` property (before the
/// next `;`, `(` or `)` outside values, and within [`MAX_PROBE`] bytes).
/// An identifier is the capitals of a run of letters, as
/// [`crate::events::normalize_ident`] has it.
pub(crate) fn opens_lost_game(bytes: &[u8], paren: usize) -> bool {
    let rest = bytes.get(paren + 1..).unwrap_or_default();
    Probe::default().feed(rest).1 == Some(Verdict::Game)
}

/// Whether the parentheses of `bytes` outside values leave a game tree
/// open at its end: more `(` than `)` after them, or a value that never
/// closes. Only then did a tree lose its `)`: the lenient reader ends a
/// tree at a `(` that [`opens_lost_game`] inside a tree only in such input,
/// so that input whose parentheses balance reads as the grammar reads it.
/// Outside the trees only where one starts counts ([`next_tree_start`]):
/// brackets and parentheses in the junk between trees are text, as the
/// grammar skips them. One pass, a memchr search from each bracket to the
/// next.
pub(crate) fn leaves_a_tree_open(bytes: &[u8]) -> bool {
    let mut depth = 0usize;
    let mut i = 0;
    loop {
        if depth == 0 {
            let Some(at) = next_tree_start(bytes, i) else {
                return false;
            };
            i = at + 1;
            depth = 1;
            continue;
        }
        let Some(k) = memchr::memchr3(b'(', b')', b'[', &bytes[i..]) else {
            return true;
        };
        let at = i + k;
        i = at + 1;
        match bytes[at] {
            b'(' => depth += 1,
            b')' => depth -= 1,
            _ => match value_close(bytes, i) {
                Some(close) => i = close + 1,
                None => return true,
            },
        }
    }
}

#[cfg(test)]
thread_local! {
    /// The bytes every [`Probe`] of this thread has looked at.
    static PROBED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// What a [`Probe`] decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// The `(` starts a game tree of its own.
    Game,
    /// The `(` opens a variation (or is junk within the tree).
    Variation,
}

/// Where a [`Probe`] stands in the node after the `(`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
enum Phase {
    /// Before the node's `;`.
    #[default]
    Before,
    /// In the node, outside values.
    Node,
    /// In a value.
    Value,
    /// In a value, right after a `\`.
    Escape,
}

/// The look-ahead of [`opens_lost_game`] as a state machine, so that the
/// [`Framer`] can feed it the input a piece at a time and never reads a
/// byte twice.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Probe {
    /// Bytes looked at so far.
    seen: usize,
    phase: Phase,
    /// The capitals of the current run of letters (the first two).
    caps: [u8; 2],
    /// How many capitals the run has (at most 3: more than two).
    n_caps: u8,
    /// A run of letters was read, perhaps followed by white space: a `[`
    /// now makes it a property identifier.
    in_ident: bool,
    /// White space followed the run: a letter starts a new run.
    spaced: bool,
}

impl Probe {
    /// Reads `bytes`, the input after the last byte fed: how many it took,
    /// and the verdict once it is known. The byte that decides is not
    /// taken: the `[` of `GM[` for [`Verdict::Game`], the `;`, `(` or `)`
    /// that ends the node (or the byte that is not the node's `;`) for
    /// [`Verdict::Variation`], unless the verdict comes from reaching
    /// [`MAX_PROBE`].
    pub(crate) fn feed(&mut self, bytes: &[u8]) -> (usize, Option<Verdict>) {
        let room = MAX_PROBE - self.seen;
        let window = &bytes[..bytes.len().min(room)];
        let mut i = 0;
        let mut verdict = None;
        while i < window.len() {
            let b = window[i];
            match self.phase {
                Phase::Before => {
                    if b == b';' {
                        self.phase = Phase::Node;
                    } else if !is_ws(b) {
                        verdict = Some(Verdict::Variation);
                        break;
                    }
                }
                Phase::Node => match b {
                    b'[' => {
                        if self.in_ident && self.n_caps == 2 && matches!(&self.caps, b"GM" | b"FF")
                        {
                            verdict = Some(Verdict::Game);
                            break;
                        }
                        self.in_ident = false;
                        self.phase = Phase::Value;
                    }
                    b';' | b'(' | b')' => {
                        verdict = Some(Verdict::Variation);
                        break;
                    }
                    _ if b.is_ascii_alphabetic() => {
                        if !self.in_ident || self.spaced {
                            self.in_ident = true;
                            self.spaced = false;
                            self.n_caps = 0;
                        }
                        if b.is_ascii_uppercase() {
                            if let Some(slot) = self.caps.get_mut(usize::from(self.n_caps)) {
                                *slot = b;
                            }
                            self.n_caps = (self.n_caps + 1).min(3);
                        }
                    }
                    _ if is_ws(b) => self.spaced = self.in_ident,
                    _ => self.in_ident = false,
                },
                Phase::Value => {
                    // Skip to the value's `]` or `\`.
                    match find_value_byte(&window[i..]) {
                        Some(k) => {
                            i += k;
                            self.phase = if window[i] == b']' {
                                Phase::Node
                            } else {
                                Phase::Escape
                            };
                        }
                        None => i = window.len() - 1,
                    }
                }
                Phase::Escape => self.phase = Phase::Value,
            }
            i += 1;
        }
        self.seen += i;
        #[cfg(test)]
        PROBED.with(|p| p.set(p.get() + i));
        if verdict.is_none() && self.seen == MAX_PROBE {
            verdict = Some(Verdict::Variation);
        }
        (i, verdict)
    }

    /// The probe stopped inside a value (`Some(escaped)`: right after a
    /// `\` in it) or outside (`None`).
    fn in_value(&self) -> Option<bool> {
        match self.phase {
            Phase::Value => Some(false),
            Phase::Escape => Some(true),
            Phase::Before | Phase::Node => None,
        }
    }
}

/// Top-level game trees of `bytes`, as byte ranges in input order, each
/// from where it starts ([`opens_tree_at`]) to just past its `)`, to just
/// before the `(` of the next game for a tree that lost its `)` (see the
/// [module docs](self)), or to the end of the input for a last tree left
/// open. The same trees as a [`Framer`] fed `bytes` finds.
pub(crate) fn tree_ranges(bytes: &[u8]) -> Vec<Range<usize>> {
    if let Some(lone) = lone_tree(bytes) {
        return lone;
    }
    let mut trees = Vec::new();
    let mut split = Splitter::default();
    split.seek(bytes, 0);
    let mut chunks = bytes.chunks_exact(LANE);
    let mut base = 0usize;
    for chunk in &mut chunks {
        if split.skip_to == usize::MAX {
            return trees;
        }
        let lanes: &[u8; LANE] = chunk.try_into().unwrap_or(&[0; LANE]);
        split.step(bytes, lanes, base, &mut trees);
        base += LANE;
    }
    // The tail, padded with zero bytes (which are not special).
    let mut lanes = [0u8; LANE];
    let tail = chunks.remainder();
    lanes[..tail.len()].copy_from_slice(tail);
    split.step(bytes, &lanes, base, &mut trees);
    if split.depth > 0 {
        // Left open: the tree runs to the end.
        trees.push(split.start..bytes.len());
    }
    trees
}

/// The trees of `bytes` when that is clear without a scan: the input has a
/// single `(`, where the first tree starts, ends with `)`, and has no other
/// `)` after the `(`. Then the tree runs from the `(` to the end, whatever
/// the values hold: it either ends at that last `)` or, were that `)`
/// inside a value, is left open and runs to the end all the same. Most
/// single-game files look like this. Input where no tree starts has none.
fn lone_tree(bytes: &[u8]) -> Option<Vec<Range<usize>>> {
    let Some(start) = next_tree_start(bytes, 0) else {
        return Some(Vec::new());
    };
    let last = bytes.len() - 1;
    let lone = bytes[start] == b'('
        && bytes[last] == b')'
        && start < last
        && memchr::memchr(b'(', &bytes[start + 1..]).is_none()
        && memchr::memchr(b')', &bytes[start + 1..last]).is_none();
    lone.then(|| std::iter::once(start..bytes.len()).collect())
}

/// The state of [`tree_ranges`] between steps.
#[derive(Default)]
struct Splitter {
    /// Open parentheses of the current tree (0: after the last tree).
    depth: usize,
    /// Where the current tree starts.
    start: usize,
    /// The bytes before this index are looked at no more: those of the
    /// current tree's opening, or all of them past the last tree
    /// (`usize::MAX`).
    skip_to: usize,
    /// Inside a bracketed value.
    in_value: bool,
    /// The first byte of the next step is escaped (it follows a `\` inside a value).
    escaped: bool,
}

impl Splitter {
    /// Finds the next tree from `from` on ([`next_tree_start`], a search
    /// over the junk): the tree is then open, one deep.
    fn seek(&mut self, bytes: &[u8], from: usize) {
        match next_tree_start(bytes, from) {
            Some(start) => {
                self.start = start;
                self.depth = 1;
                self.skip_to = start + 1;
            }
            None => self.skip_to = usize::MAX,
        }
    }

    /// The bits of `mask`, the special bytes of the lane at `base`, that
    /// are not before [`Splitter::skip_to`].
    #[inline(always)]
    fn unskipped(&self, mask: u64, base: usize) -> u64 {
        match self.skip_to.saturating_sub(base) {
            0 => mask,
            k if k >= LANE => 0,
            k => mask & (u64::MAX << k),
        }
    }

    /// Takes the special bytes of `lanes`, which are the bytes of `bytes`
    /// from `base` on (zero bytes past its end).
    #[inline(always)]
    fn step(
        &mut self,
        bytes: &[u8],
        lanes: &[u8; LANE],
        base: usize,
        trees: &mut Vec<Range<usize>>,
    ) {
        let mut mask = self.unskipped(tree_mask(lanes), base);
        if self.escaped {
            mask &= !1;
            self.escaped = false;
        }
        while mask != 0 {
            let k = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            let b = lanes[k % LANE];
            if self.in_value {
                if b == b']' {
                    self.in_value = false;
                } else if b == b'\\' {
                    // The next byte is escaped, whatever it is.
                    if k + 1 < LANE {
                        mask &= !(1u64 << (k + 1));
                    } else {
                        self.escaped = true;
                    }
                }
            } else {
                match b {
                    b'[' => {
                        // A two-byte value (`[pd]`, the most common of all)
                        // ends three bytes on: skip it in one go.
                        let next = (mask >> k) >> 1;
                        if next & 0b111 == 0b100 && lanes[(k + 3) % LANE] == b']' {
                            mask &= mask - 1;
                        } else {
                            self.in_value = true;
                        }
                    }
                    b'(' => {
                        let paren = base + k;
                        if opens_lost_game(bytes, paren) {
                            // The open tree lost its `)`: a new one starts.
                            trees.push(self.start..paren);
                            self.start = paren;
                            self.depth = 1;
                        } else {
                            self.depth += 1;
                        }
                    }
                    b')' => {
                        self.depth -= 1;
                        if self.depth == 0 {
                            let end = base + k + 1;
                            trees.push(self.start..end);
                            // Outside the trees only where the next one
                            // starts counts.
                            self.seek(bytes, end);
                            mask = self.unskipped(mask, base);
                        }
                    }
                    _ => {}
                }
            }
        }
    }
}

/// Where a [`Framer`] stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum State {
    /// Between game trees.
    Junk,
    /// After a `(` or `;` (at input offset `at`) that starts a tree if
    /// what follows makes it one ([`opens_tree_at`]), read so far as far
    /// as `phase`.
    Opening { at: u64, phase: Opener },
    /// In a tree, `depth` parentheses deep, outside values.
    Tree { depth: u64 },
    /// After a `(` (at input offset `paren`) inside a tree, `depth` deep
    /// counting it, while `probe` finds out whether it starts a game tree
    /// of its own ([`opens_lost_game`]).
    Probing {
        paren: u64,
        depth: u64,
        probe: Probe,
    },
    /// In a value of a tree.
    Value { depth: u64 },
    /// In a value, right after a `\`.
    Escape { depth: u64 },
}

/// How far a [`Framer`] has read what follows a `(` or `;` outside the
/// trees ([`State::Opening`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Opener {
    /// After the `(`, white space perhaps: a `;` or a property may follow.
    Paren,
    /// After the `;`, white space perhaps: a property may follow.
    Semicolon,
    /// In a run of letters (with a capital among them or not).
    Letters { capital: bool },
    /// White space after the run: a `[` makes it a property.
    Spaced { capital: bool },
}

impl Opener {
    /// The phase after byte `b`, or `None` if no tree starts (`b` is not
    /// taken). A `[` after a property's letters is not taken either: it
    /// opens the tree's first value.
    #[inline]
    fn after(self, b: u8) -> Result<Opener, Started> {
        use Opener::*;
        match (self, b) {
            (Paren, b';') => Err(Started::Taking),
            (Letters { capital: true } | Spaced { capital: true }, b'[') => Err(Started::Before),
            (Letters { capital }, _) if is_ws(b) => Ok(Spaced { capital }),
            (Paren | Semicolon | Spaced { .. }, _) if is_ws(b) => Ok(self),
            (Paren | Semicolon, _) if b.is_ascii_alphabetic() => Ok(Letters {
                capital: b.is_ascii_uppercase(),
            }),
            (Letters { capital }, _) if b.is_ascii_alphabetic() => Ok(Letters {
                capital: capital || b.is_ascii_uppercase(),
            }),
            _ => Err(Started::No),
        }
    }
}

/// What the byte that ends a [`State::Opening`] decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Started {
    /// A tree starts, this byte (the `;` after a `(`) in it.
    Taking,
    /// A tree starts; this byte (a property's first `[`) is the tree's to read.
    Before,
    /// No tree starts; this byte is junk to look at again.
    No,
}

/// What a [`Framer`] found, at input offsets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Event {
    /// A game tree starts at this offset (its `(`, or the `;` of a tree
    /// whose `(` is missing).
    Start(u64),
    /// A game tree ends before this offset (after its `)`).
    End(u64),
    /// The game tree open lost its `)`: it ends before this offset, where
    /// the `(` of the next one is (see [`opens_lost_game`]).
    Lost(u64),
}

/// The scan of game-tree boundaries (see the [module docs](self)), fed the
/// input a piece at a time.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Framer {
    pub(crate) state: State,
}

impl Default for Framer {
    fn default() -> Self {
        Framer { state: State::Junk }
    }
}

impl Framer {
    /// Scans `buf` (input from offset `base`) from `*pos` up to the next
    /// event or the end of `buf`. Between calls `buf` may grow at the end
    /// and lose bytes at the front before `*pos`.
    pub(crate) fn scan(&mut self, buf: &[u8], base: u64, pos: &mut usize) -> Option<Event> {
        while *pos < buf.len() {
            match self.state {
                State::Junk => match memchr::memchr2(b'(', b';', &buf[*pos..]) {
                    Some(k) => {
                        let at = *pos + k;
                        let phase = if buf[at] == b'(' {
                            Opener::Paren
                        } else {
                            Opener::Semicolon
                        };
                        self.state = State::Opening {
                            at: base + at as u64,
                            phase,
                        };
                        *pos = at + 1;
                    }
                    None => *pos = buf.len(),
                },
                State::Opening { at, phase } => match phase.after(buf[*pos]) {
                    Ok(phase) => {
                        self.state = State::Opening { at, phase };
                        *pos += 1;
                    }
                    Err(Started::No) => self.state = State::Junk,
                    Err(started) => {
                        self.state = State::Tree { depth: 1 };
                        *pos += usize::from(started == Started::Taking);
                        return Some(Event::Start(at));
                    }
                },
                State::Probing {
                    paren,
                    depth,
                    mut probe,
                } => {
                    let (took, verdict) = probe.feed(&buf[*pos..]);
                    *pos += took;
                    self.state = match (verdict, probe.in_value()) {
                        (None, _) => State::Probing {
                            paren,
                            depth,
                            probe,
                        },
                        // The `[` of `GM[` comes next, outside values.
                        (Some(Verdict::Game), _) => State::Tree { depth: 1 },
                        (Some(Verdict::Variation), None) => State::Tree { depth },
                        (Some(Verdict::Variation), Some(false)) => State::Value { depth },
                        (Some(Verdict::Variation), Some(true)) => State::Escape { depth },
                    };
                    if verdict == Some(Verdict::Game) {
                        return Some(Event::Lost(paren));
                    }
                }
                State::Tree { .. } | State::Value { .. } | State::Escape { .. } => {
                    if let Some(end) = self.scan_tree(buf, base, pos) {
                        return Some(Event::End(base + end as u64));
                    }
                }
            }
        }
        None
    }

    /// Scans a tree from `*pos` to its end (returned: the index after its
    /// `)`), to a `(` in it (the state then [`State::Probing`]) or to the
    /// end of `buf`. A plain loop: SGF has a bracket every three bytes or
    /// so, too dense for a search, except in long values
    /// ([`find_value_byte`]).
    fn scan_tree(&mut self, buf: &[u8], base: u64, pos: &mut usize) -> Option<usize> {
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
                        i = find_value_byte(&buf[i..]).map_or(buf.len(), |k| i + k);
                    }
                }
            } else {
                match b {
                    b'[' => {
                        in_value = true;
                        value_len = 0;
                    }
                    b'(' => {
                        *pos = i;
                        self.state = State::Probing {
                            paren: base + (i - 1) as u64,
                            depth: depth + 1,
                            probe: Probe::default(),
                        };
                        return None;
                    }
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

#[cfg(test)]
mod tests;
