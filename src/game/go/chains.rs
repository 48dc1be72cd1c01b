//! The groups of a [`Board`](super::Board), kept up to date stone by stone.
//!
//! Every stone belongs to a chain: the stones of its colour connected to it.
//! A chain is a circular list of its cells (`next`), named by one of them
//! (`head`), with its number of stones and its pseudo-liberties: how many
//! (stone, empty neighbour) pairs it has. A chain has no liberty exactly when
//! that count is 0, which is all a move needs to know, so no liberty set is
//! kept.
//!
//! Placing a stone touches its four neighbours and joins chains (the smaller
//! one is relabelled, so a stone is relabelled O(log n) times at most);
//! removing a chain touches its stones and their neighbours. Taking one stone
//! out of a chain of several (setup that empties or replaces it, a move onto
//! it) can split the chain: the chains are then marked stale and rebuilt in
//! one pass over the board before the next move.

use super::Color;
use super::board::point_at;
use crate::game::BoardSize;

/// No cell: a missing neighbour, or a stone not yet given a chain.
pub(super) const NONE: u16 = u16::MAX;

/// Edge bits of [`Chains::edges`]: the cell has a neighbour to the left,
/// right, above, below.
const LEFT: u8 = 1;
const RIGHT: u8 = 2;
const UP: u8 = 4;
const DOWN: u8 = 8;

#[derive(Debug, Clone)]
pub(super) struct Chains {
    columns: u16,
    /// Per cell, which neighbours it has ([`LEFT`] …).
    edges: Vec<u8>,
    /// Per stone, the cell that names its chain.
    head: Vec<u16>,
    /// Per stone, the next stone of its chain (a circular list).
    next: Vec<u16>,
    /// Per chain (at its head), its number of stones.
    len: Vec<u16>,
    /// Per chain (at its head), its (stone, empty neighbour) pairs.
    plibs: Vec<u16>,
    /// A work list for removals and rebuilds.
    scratch: Vec<u16>,
    /// True when the chains no longer describe the cells; [`Chains::rebuild`]
    /// makes them right again.
    pub(super) stale: bool,
}

impl Chains {
    /// The largest chain [`Chains::lift`] regroups at once.
    const REGROUP: usize = 64;

    /// The chains of an empty board of `size` (at most 52×52).
    pub(super) fn new(size: BoardSize) -> Chains {
        let (w, h) = (usize::from(size.columns), usize::from(size.rows));
        // One row's pattern with both vertical neighbours, copied row by
        // row; the first and last rows then lose theirs. A board is made
        // per game, so this runs once per game, not per cell and bit.
        let row: Vec<u8> = (0..w)
            .map(|x| (u8::from(x > 0) * LEFT) | (u8::from(x + 1 < w) * RIGHT) | UP | DOWN)
            .collect();
        let n = w * h;
        let mut edges = Vec::with_capacity(n);
        for _ in 0..h {
            edges.extend_from_slice(&row);
        }
        if let Some(first) = edges.get_mut(..w) {
            first.iter_mut().for_each(|e| *e &= !UP);
        }
        if let Some(last) = edges.get_mut(n.saturating_sub(w)..) {
            last.iter_mut().for_each(|e| *e &= !DOWN);
        }
        Chains {
            columns: size.columns,
            edges,
            head: vec![NONE; n],
            next: vec![0; n],
            len: vec![0; n],
            plibs: vec![0; n],
            scratch: Vec::new(),
            stale: false,
        }
    }

    /// The neighbours of cell `k` (left, right, above, below), [`NONE`]
    /// where the board ends.
    #[inline]
    pub(super) fn neighbours(&self, k: usize) -> [u16; 4] {
        let e = self.edges[k];
        let k = k as u16;
        let w = self.columns;
        [
            if e & LEFT != 0 { k - 1 } else { NONE },
            if e & RIGHT != 0 { k + 1 } else { NONE },
            if e & UP != 0 { k - w } else { NONE },
            if e & DOWN != 0 { k + w } else { NONE },
        ]
    }

    /// True when the chain of stone `k` has no liberty.
    #[inline]
    pub(super) fn no_liberty(&self, k: u16) -> bool {
        self.plibs[usize::from(self.head[usize::from(k)])] == 0
    }

    /// True when stone `k` is alone in its chain and has exactly one liberty.
    pub(super) fn single_with_one_liberty(&self, cells: &[Option<Color>], k: usize) -> bool {
        cells[k].is_some()
            && self.len[usize::from(self.head[k])] == 1
            && self
                .neighbours(k)
                .iter()
                .filter(|&&n| n != NONE && cells[usize::from(n)].is_none())
                .count()
                == 1
    }

    /// Puts a stone of `color` on the empty cell `k` and joins it to the
    /// chains of its colour around it (no captures).
    pub(super) fn place(&mut self, cells: &mut [Option<Color>], k: usize, color: Color) {
        cells[k] = Some(color);
        let mut libs = 0;
        let around = self.neighbours(k);
        for n in around {
            if n == NONE {
                continue;
            }
            match cells[usize::from(n)] {
                None => libs += 1,
                Some(_) => {
                    let h = usize::from(self.head[usize::from(n)]);
                    self.plibs[h] -= 1;
                }
            }
        }
        self.head[k] = k as u16;
        self.next[k] = k as u16;
        self.len[k] = 1;
        self.plibs[k] = libs;
        for n in around {
            if n != NONE && cells[usize::from(n)] == Some(color) {
                let (a, b) = (self.head[k], self.head[usize::from(n)]);
                if a != b {
                    self.join(a, b);
                }
            }
        }
    }

    /// Joins the chains named `a` and `b`: the smaller is relabelled.
    fn join(&mut self, a: u16, b: u16) {
        let (a, b) = (usize::from(a), usize::from(b));
        let (big, small) = if self.len[a] >= self.len[b] {
            (a, b)
        } else {
            (b, a)
        };
        let mut s = small;
        loop {
            self.head[s] = big as u16;
            s = usize::from(self.next[s]);
            if s == small {
                break;
            }
        }
        self.next.swap(big, small);
        self.len[big] += self.len[small];
        self.plibs[big] += self.plibs[small];
    }

    /// Empties the stone on cell `k`. The neighbours' chains gain the
    /// liberty; the rest of its chain stays one chain when `k` was a leaf
    /// (one neighbour in the chain), else it may fall apart and is regrouped
    /// when it has at most [`Chains::REGROUP`] stones. A larger chain makes
    /// the chains stale instead, and the caller writes the cell.
    pub(super) fn lift(&mut self, cells: &mut [Option<Color>], k: usize) {
        let h = usize::from(self.head[k]);
        let n = usize::from(self.len[h]);
        let colour = cells[k];
        // A stone with one neighbour of its chain is a leaf: the rest stays
        // connected, and only loses the stone and its (stone, empty) pairs.
        let (mut same, mut empty) = (0, 0u16);
        if n > 1 {
            for nb in self.neighbours(k) {
                if nb != NONE {
                    match cells[usize::from(nb)] {
                        None => empty += 1,
                        c if c == colour => same += 1,
                        _ => {}
                    }
                }
            }
        }
        if n > Self::REGROUP && same != 1 {
            self.stale = true;
            return;
        }
        cells[k] = None;
        for nb in self.neighbours(k) {
            // Stones of the colour next to `k` belong to its chain, which is
            // counted again below.
            if nb != NONE && cells[usize::from(nb)].is_some_and(|c| Some(c) != colour) {
                let nh = usize::from(self.head[usize::from(nb)]);
                self.plibs[nh] += 1;
            }
        }
        if n == 1 {
            return;
        }
        if same == 1 {
            self.unlink_leaf(k, h, empty);
            return;
        }
        let mut members = [0u16; Self::REGROUP];
        let mut count = 0;
        let mut s = self.next[k];
        while usize::from(s) != k && count < Self::REGROUP {
            members[count] = s;
            self.head[usize::from(s)] = NONE;
            count += 1;
            s = self.next[usize::from(s)];
        }
        let mut stack = [0u16; Self::REGROUP];
        for &m in &members[..count] {
            if self.head[usize::from(m)] != NONE {
                continue;
            }
            let r = usize::from(m);
            self.head[r] = m;
            self.next[r] = m;
            let (mut len, mut libs) = (0u16, 0u16);
            let mut top = 1;
            stack[0] = m;
            while top > 0 {
                top -= 1;
                let st = stack[top];
                len += 1;
                for nb in self.neighbours(usize::from(st)) {
                    if nb == NONE {
                        continue;
                    }
                    let c = cells[usize::from(nb)];
                    if c.is_none() {
                        libs += 1;
                    } else if c == colour && self.head[usize::from(nb)] == NONE {
                        self.head[usize::from(nb)] = m;
                        self.next[usize::from(nb)] = self.next[r];
                        self.next[r] = nb;
                        stack[top] = nb;
                        top += 1;
                    }
                }
            }
            self.len[r] = len;
            self.plibs[r] = libs;
        }
    }

    /// Takes the leaf stone `k` (already emptied; `empty` empty neighbours
    /// besides itself) out of its chain named `h`; its one neighbour of the
    /// chain gains `k` as a liberty.
    fn unlink_leaf(&mut self, k: usize, h: usize, empty: u16) {
        // The stone before `k` in the circular list.
        let mut q = usize::from(self.next[k]);
        while usize::from(self.next[q]) != k {
            q = usize::from(self.next[q]);
        }
        let after = self.next[k];
        self.next[q] = after;
        let (len, plibs) = (self.len[h] - 1, self.plibs[h] + 1 - empty);
        let head = if h == k {
            // Rename the chain after the stone that followed `k`.
            let mut s = after;
            loop {
                self.head[usize::from(s)] = after;
                s = self.next[usize::from(s)];
                if s == after {
                    break;
                }
            }
            usize::from(after)
        } else {
            h
        };
        self.len[head] = len;
        self.plibs[head] = plibs;
    }

    /// Removes the chain of stone `start` from the board, appending its
    /// points to `out` in the order of a depth-first search from `start`
    /// (left, right, above, below).
    pub(super) fn remove(
        &mut self,
        cells: &mut [Option<Color>],
        start: u16,
        out: &mut Vec<super::Point>,
    ) {
        let colour = cells[usize::from(start)];
        let h = self.head[usize::from(start)];
        let mut stack = std::mem::take(&mut self.scratch);
        stack.clear();
        let first = out.len();
        cells[usize::from(start)] = None;
        out.push(point_at(usize::from(start), self.columns));
        stack.push(start);
        while let Some(c) = stack.pop() {
            for n in self.neighbours(usize::from(c)) {
                if n != NONE && cells[usize::from(n)] == colour && self.head[usize::from(n)] == h {
                    cells[usize::from(n)] = None;
                    out.push(point_at(usize::from(n), self.columns));
                    stack.push(n);
                }
            }
        }
        // Each removed stone's neighbours gain a liberty.
        let w = usize::from(self.columns);
        for p in &out[first..] {
            let s = usize::from(p.y) * w + usize::from(p.x);
            for n in self.neighbours(s) {
                if n != NONE && cells[usize::from(n)].is_some() {
                    let nh = usize::from(self.head[usize::from(n)]);
                    self.plibs[nh] += 1;
                }
            }
        }
        debug_assert_eq!(out.len() - first, usize::from(self.len[usize::from(h)]));
        self.scratch = stack;
    }

    /// Recomputes every chain from the cells, in one pass over the board.
    pub(super) fn rebuild(&mut self, cells: &[Option<Color>]) {
        for (k, c) in cells.iter().enumerate() {
            if c.is_some() {
                self.head[k] = NONE;
            }
        }
        let mut stack = std::mem::take(&mut self.scratch);
        stack.clear();
        for k in 0..cells.len() {
            let Some(colour) = cells[k] else { continue };
            if self.head[k] != NONE {
                continue;
            }
            let h = k as u16;
            self.head[k] = h;
            self.next[k] = h;
            let (mut len, mut libs) = (0u16, 0u16);
            stack.push(h);
            while let Some(s) = stack.pop() {
                len += 1;
                for n in self.neighbours(usize::from(s)) {
                    if n == NONE {
                        continue;
                    }
                    match cells[usize::from(n)] {
                        None => libs += 1,
                        Some(c) if c == colour && self.head[usize::from(n)] == NONE => {
                            self.head[usize::from(n)] = h;
                            self.next[usize::from(n)] = self.next[k];
                            self.next[k] = n;
                            stack.push(n);
                        }
                        _ => {}
                    }
                }
            }
            self.len[k] = len;
            self.plibs[k] = libs;
        }
        self.scratch = stack;
        self.stale = false;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The row-copied edge table equals the per-cell definition on every
    /// board shape up to 52×52, thin boards included.
    #[test]
    fn edges_match_the_per_cell_definition() {
        for w in 1..=52u16 {
            for h in 1..=52u16 {
                let c = Chains::new(BoardSize::new(w, h));
                let (w, h) = (usize::from(w), usize::from(h));
                for y in 0..h {
                    for x in 0..w {
                        let want = (u8::from(x > 0) * LEFT)
                            | (u8::from(x + 1 < w) * RIGHT)
                            | (u8::from(y > 0) * UP)
                            | (u8::from(y + 1 < h) * DOWN);
                        assert_eq!(c.edges[y * w + x], want, "{w}x{h} at ({x}, {y})");
                    }
                }
            }
        }
    }
}
