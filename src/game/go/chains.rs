//! The groups of a [`Board`](super::Board), kept up to date stone by stone,
//! on a bordered grid.
//!
//! The grid has one ring of [`EDGE`] cells around the board: a cell's four
//! neighbours are always `k - 1`, `k + 1`, `k - stride` and `k + stride`,
//! with no test for the board's edge. Rows are `stride = columns + 1` cells
//! apart, so the edge cell that ends a row also starts the next one (54 × 53
//! cells for 52×52; 21 × 20 for 19×19).
//!
//! Every stone belongs to a chain: the stones of its colour connected to it.
//! A chain is a circular list of its cells (`next`), named by one of them
//! (`head`), with its number of stones and its pseudo-liberties: how many
//! (stone, empty neighbour) pairs it has. A chain has no liberty exactly when
//! that count is 0, which is all a move needs to know, so no liberty set is
//! kept.
//!
//! An empty or edge cell is its own `head`, with counts nobody reads: a
//! stone's neighbours can all gain or lose a pseudo-liberty without a test
//! of what they hold (and each empty neighbour counts on its own entry, so
//! the updates do not wait for one another).
//!
//! Placing a stone touches its four neighbours and joins chains (the smaller
//! one is relabelled, so a stone is relabelled O(log n) times at most);
//! removing a chain touches its stones and their neighbours. Taking one stone
//! out of a chain of several (setup that empties or replaces it, a move onto
//! it) can split the chain: the chains are then marked stale and rebuilt in
//! one pass over the board before the next move.

use super::{Color, Point};
use crate::game::BoardSize;

/// An empty point.
pub(super) const EMPTY: u8 = 0;
/// A black stone.
pub(super) const BLACK: u8 = 1;
/// A white stone.
pub(super) const WHITE: u8 = 2;
/// A cell of the ring around the board.
pub(super) const EDGE: u8 = 3;

/// The grid's cells: [`EMPTY`], [`BLACK`], [`WHITE`] or [`EDGE`].
pub(super) type Cells = [u8];

/// The cell value of a stone of `c`.
#[inline]
pub(super) const fn stone(c: Color) -> u8 {
    match c {
        Color::Black => BLACK,
        Color::White => WHITE,
    }
}

/// The stone of a cell value, `None` for an empty or edge cell.
#[inline]
pub(super) const fn colour(v: u8) -> Option<Color> {
    match v {
        BLACK => Some(Color::Black),
        WHITE => Some(Color::White),
        _ => None,
    }
}

/// The cell value of the other colour's stone (`v` holds a stone).
#[inline]
pub(super) const fn other(v: u8) -> u8 {
    3 - v
}

/// The grid of an empty board of `size` (at most 52×52): its stride, its
/// number of cells, and the cells with their edge ring.
pub(super) fn empty_grid(size: BoardSize) -> (usize, usize, Box<Cells>) {
    let (w, h) = (usize::from(size.columns), usize::from(size.rows));
    let stride = w + 1;
    let n = (h + 2) * stride;
    let mut cells = vec![EMPTY; n].into_boxed_slice();
    cells[..stride].fill(EDGE);
    cells[(h + 1) * stride..].fill(EDGE);
    for y in 1..=h {
        cells[y * stride] = EDGE;
    }
    (stride, n, cells)
}

/// The cell of `p` on a grid `stride` wide (`p` on the board).
#[inline]
pub(super) fn cell_of(p: Point, stride: usize) -> usize {
    (usize::from(p.y) + 1) * stride + usize::from(p.x) + 1
}

/// The point of cell `k` (on the board) of a grid `stride` wide.
#[inline]
pub(super) fn point_at(k: usize, stride: usize) -> Point {
    Point::new((k % stride - 1) as u16, (k / stride - 1) as u16)
}

/// A cell's place in the chains: one entry per cell, so that a stone's
/// chain data is one bounds check and usually one cache line away.
#[derive(Debug, Clone, Copy, Default)]
struct Link {
    /// Per stone, the cell that names its chain; another cell names
    /// itself.
    head: u16,
    /// Per stone, the next stone of its chain (a circular list).
    next: u16,
    /// Per chain (at its head), its number of stones.
    len: u16,
    /// Per chain (at its head), its (stone, empty neighbour) pairs.
    plibs: u16,
}

/// The cells of the largest grid, 52×52 with its edge ring.
const MAX_CELLS: usize = 54 * 53;

/// The links of an empty grid of up to [`MAX_CELLS`] cells: every cell
/// names itself.
static EMPTY_LINKS: [Link; MAX_CELLS] = {
    let mut links = [Link {
        head: 0,
        next: 0,
        len: 0,
        plibs: 0,
    }; MAX_CELLS];
    let mut k = 0;
    while k < MAX_CELLS {
        links[k].head = k as u16;
        k += 1;
    }
    links
};

#[derive(Debug)]
pub(super) struct Chains {
    stride: usize,
    /// The grid's number of cells.
    n: usize,
    /// Per cell, its place in the chains.
    links: Box<[Link]>,
    /// A work list for removals and rebuilds.
    scratch: Vec<u16>,
    /// The stones of the chain being removed, in the order found.
    found: Vec<u16>,
    /// True when the chains no longer describe the cells; [`Chains::rebuild`]
    /// makes them right again.
    pub(super) stale: bool,
}

/// A copy of the chains; the work lists, empty between calls, are not
/// copied (a board is copied for every variation the checker waits on).
impl Clone for Chains {
    fn clone(&self) -> Self {
        Chains {
            stride: self.stride,
            n: self.n,
            links: self.links.clone(),
            scratch: Vec::new(),
            found: Vec::new(),
            stale: self.stale,
        }
    }
}

impl Chains {
    /// The largest chain [`Chains::lift`] regroups at once.
    const REGROUP: usize = 64;

    /// The chains of an empty grid `stride` wide with `n` cells.
    pub(super) fn new(stride: usize, n: usize) -> Chains {
        // Copied from a template (one copy, where filling them in one by
        // one cost a board of every small file a loop over its cells).
        let links = match EMPTY_LINKS.get(..n) {
            Some(template) => Box::from(template),
            None => (0..n)
                .map(|k| Link {
                    head: k as u16,
                    ..Link::default()
                })
                .collect(),
        };
        Chains {
            stride,
            n,
            links,
            scratch: Vec::new(),
            found: Vec::new(),
            stale: false,
        }
    }

    /// The neighbours of cell `k` (left, right, above, below); edge cells
    /// where the board ends.
    #[inline(always)]
    pub(super) fn neighbours(&self, k: usize) -> [usize; 4] {
        let s = self.stride;
        [
            k.wrapping_sub(1),
            k.wrapping_add(1),
            k.wrapping_sub(s),
            k.wrapping_add(s),
        ]
    }

    /// The head of the chain of stone `k`.
    #[inline(always)]
    fn head_of(&self, k: usize) -> usize {
        usize::from(self.links[k].head)
    }

    /// True when the chain of stone `k` has no liberty.
    #[inline]
    pub(super) fn no_liberty(&self, k: usize) -> bool {
        self.links[self.head_of(k)].plibs == 0
    }

    /// True when stone `k` is alone in its chain and has exactly one liberty.
    pub(super) fn single_with_one_liberty(&self, cells: &Cells, k: usize) -> bool {
        colour(cells[k]).is_some()
            && self.links[self.head_of(k)].len == 1
            && self
                .neighbours(k)
                .iter()
                .filter(|&&n| cells[n] == EMPTY)
                .count()
                == 1
    }

    /// Puts a stone `me` ([`BLACK`] or [`WHITE`]) on the empty cell `k` and
    /// joins it to the chains of its colour around it (no captures). True
    /// when a neighbour holds an opponent's stone whose chain the stone
    /// took the last liberty of.
    #[inline(always)]
    pub(super) fn place(&mut self, cells: &mut Cells, k: usize, me: u8) -> bool {
        // The links through a local slice: its address stays in a register
        // across the stores below (through `self` it would be read again
        // after each).
        let around = self.neighbours(k);
        // As long as the cells (one link a cell): a cell's bounds check
        // covers its link's.
        let links = &mut self.links[..cells.len()];
        cells[k] = me;
        let mut libs = 0;
        let them = other(me);
        // The fewest pseudo-liberties left to an opponent's chain around
        // (one value to carry, where a flag per neighbour would take a
        // register each).
        let mut low = u16::MAX;
        for n in around {
            // Without a test: an empty or edge neighbour counts down its
            // own unused counter.
            let c = cells[n];
            libs += u16::from(c == EMPTY);
            let h = usize::from(links[n].head);
            let left = links[h].plibs.wrapping_sub(1);
            links[h].plibs = left;
            low = low.min(if c == them { left } else { u16::MAX });
        }
        let k16 = k as u16;
        links[k] = Link {
            head: k16,
            next: k16,
            len: 1,
            plibs: libs,
        };
        for n in around {
            if cells[n] == me {
                let (a, b) = (links[k].head, links[n].head);
                if a != b {
                    join(links, usize::from(a), usize::from(b));
                }
            }
        }
        low == 0
    }

    /// Empties the stone on cell `k`. The neighbours' chains gain the
    /// liberty; the rest of its chain stays one chain when `k` was a leaf
    /// (one neighbour in the chain), else it may fall apart and is regrouped
    /// when it has at most [`Chains::REGROUP`] stones. A larger chain makes
    /// the chains stale instead, and the caller writes the cell.
    pub(super) fn lift(&mut self, cells: &mut Cells, k: usize) {
        let h = self.head_of(k);
        let n = usize::from(self.links[h].len);
        let me = cells[k];
        // A stone with one neighbour of its chain is a leaf: the rest stays
        // connected, and only loses the stone and its (stone, empty) pairs.
        let (mut same, mut empty) = (0, 0u16);
        if n > 1 {
            for nb in self.neighbours(k) {
                match cells[nb] {
                    EMPTY => empty += 1,
                    c if c == me => same += 1,
                    _ => {}
                }
            }
        }
        if n > Self::REGROUP && same != 1 {
            self.stale = true;
            return;
        }
        cells[k] = EMPTY;
        self.links[k].head = k as u16;
        let them = other(me);
        for nb in self.neighbours(k) {
            // Stones of the colour next to `k` belong to its chain, which is
            // counted again below.
            if cells[nb] == them {
                let nh = self.head_of(nb);
                self.links[nh].plibs += 1;
            }
        }
        if n == 1 {
            return;
        }
        if same == 1 {
            self.unlink_leaf(k, h, empty);
            return;
        }
        const NONE: u16 = u16::MAX;
        let mut members = [0u16; Self::REGROUP];
        let mut count = 0;
        let mut s = self.links[k].next;
        while usize::from(s) != k && count < Self::REGROUP {
            members[count] = s;
            self.links[usize::from(s)].head = NONE;
            count += 1;
            s = self.links[usize::from(s)].next;
        }
        let mut stack = [0u16; Self::REGROUP];
        for &m in &members[..count] {
            let r = usize::from(m);
            if self.links[r].head != NONE {
                continue;
            }
            self.links[r].head = m;
            self.links[r].next = m;
            let (mut len, mut libs) = (0u16, 0u16);
            let mut top = 1;
            stack[0] = m;
            while top > 0 {
                top -= 1;
                let st = usize::from(stack[top % Self::REGROUP]);
                len += 1;
                for nb in self.neighbours(st) {
                    let c = cells[nb];
                    if c == EMPTY {
                        libs += 1;
                    } else if c == me && self.links[nb].head == NONE {
                        self.links[nb].head = m;
                        self.links[nb].next = self.links[r].next;
                        self.links[r].next = nb as u16;
                        stack[top % Self::REGROUP] = nb as u16;
                        top += 1;
                    }
                }
            }
            self.links[r].len = len;
            self.links[r].plibs = libs;
        }
    }

    /// Takes the leaf stone `k` (already emptied; `empty` empty neighbours
    /// besides itself) out of its chain named `h`; its one neighbour of the
    /// chain gains `k` as a liberty.
    fn unlink_leaf(&mut self, k: usize, h: usize, empty: u16) {
        // The stone before `k` in the circular list.
        let mut q = usize::from(self.links[k].next);
        while usize::from(self.links[q].next) != k {
            q = usize::from(self.links[q].next);
        }
        let after = self.links[k].next;
        self.links[q].next = after;
        let (len, plibs) = (self.links[h].len - 1, self.links[h].plibs + 1 - empty);
        let head = if h == k {
            // Rename the chain after the stone that followed `k`.
            let mut s = after;
            loop {
                self.links[usize::from(s)].head = after;
                s = self.links[usize::from(s)].next;
                if s == after {
                    break;
                }
            }
            usize::from(after)
        } else {
            h
        };
        self.links[head].len = len;
        self.links[head].plibs = plibs;
    }

    /// Removes the chain of stone `start` from the board and gives its
    /// number of stones; with `out`, appends their points in the order of a
    /// depth-first search from `start` (left, right, above, below).
    pub(super) fn remove(
        &mut self,
        cells: &mut Cells,
        start: usize,
        out: Option<&mut Vec<Point>>,
    ) -> u32 {
        let me = cells[start];
        let h = self.links[start].head;
        let mut stack = std::mem::take(&mut self.scratch);
        let mut found = std::mem::take(&mut self.found);
        stack.clear();
        found.clear();
        cells[start] = EMPTY;
        self.links[start].head = start as u16;
        found.push(start as u16);
        stack.push(start as u16);
        while let Some(c) = stack.pop() {
            for n in self.neighbours(usize::from(c)) {
                if cells[n] == me && self.links[n].head == h {
                    cells[n] = EMPTY;
                    self.links[n].head = n as u16;
                    found.push(n as u16);
                    stack.push(n as u16);
                }
            }
        }
        // Each removed stone's neighbours gain a liberty.
        for &s in &found {
            for n in self.neighbours(usize::from(s)) {
                let nh = self.head_of(n);
                self.links[nh].plibs = self.links[nh].plibs.wrapping_add(1);
            }
        }
        debug_assert_eq!(found.len(), usize::from(self.links[usize::from(h)].len));
        if let Some(out) = out {
            out.extend(found.iter().map(|&s| point_at(usize::from(s), self.stride)));
        }
        let count = found.len() as u32;
        self.scratch = stack;
        self.found = found;
        count
    }

    /// Recomputes every chain from the cells, in one pass over the board.
    pub(super) fn rebuild(&mut self, cells: &Cells) {
        for (k, (link, &c)) in self.links.iter_mut().zip(cells.iter()).enumerate() {
            link.head = if matches!(c, BLACK | WHITE) {
                u16::MAX
            } else {
                k as u16
            };
        }
        let mut stack = std::mem::take(&mut self.scratch);
        stack.clear();
        for k in 0..self.n {
            let me = cells[k];
            if !matches!(me, BLACK | WHITE) || self.links[k].head != u16::MAX {
                continue;
            }
            let h = k as u16;
            self.links[k].head = h;
            self.links[k].next = h;
            let (mut len, mut libs) = (0u16, 0u16);
            stack.push(h);
            while let Some(s) = stack.pop() {
                len += 1;
                for n in self.neighbours(usize::from(s)) {
                    let c = cells[n];
                    if c == EMPTY {
                        libs += 1;
                    } else if c == me && self.links[n].head == u16::MAX {
                        self.links[n].head = h;
                        self.links[n].next = self.links[k].next;
                        self.links[k].next = n as u16;
                        stack.push(n as u16);
                    }
                }
            }
            self.links[k].len = len;
            self.links[k].plibs = libs;
        }
        self.scratch = stack;
        self.stale = false;
    }
}

/// Joins the chains named `a` and `b` in `links`: the smaller is
/// relabelled.
fn join(links: &mut [Link], a: usize, b: usize) {
    let (big, small) = if links[a].len >= links[b].len {
        (a, b)
    } else {
        (b, a)
    };
    let mut s = small;
    loop {
        links[s].head = big as u16;
        s = usize::from(links[s].next);
        if s == small {
            break;
        }
    }
    let t = links[big].next;
    links[big].next = links[small].next;
    links[small].next = t;
    links[big].len += links[small].len;
    links[big].plibs += links[small].plibs;
}

impl Chains {
    /// True when the chains describe `cells` (or are marked stale): every
    /// stone's chain has the stones and pseudo-liberties of a fresh
    /// [`Chains::rebuild`], and every other cell names itself.
    #[cfg(test)]
    pub(super) fn consistent(&self, cells: &Cells) -> bool {
        if self.stale {
            return true;
        }
        let mut fresh = self.clone();
        fresh.rebuild(cells);
        (0..self.n).all(|k| {
            if !matches!(cells[k], BLACK | WHITE) {
                return usize::from(self.links[k].head) == k;
            }
            let (h, f) = (self.head_of(k), fresh.head_of(k));
            // Same partition: heads agree on who is together.
            let together = (0..self.n).all(|j| {
                !matches!(cells[j], BLACK | WHITE)
                    || (self.head_of(j) == h) == (fresh.head_of(j) == f)
            });
            together
                && self.links[h].len == fresh.links[f].len
                && self.links[h].plibs == fresh.links[f].plibs
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The edge ring: on every board shape up to 52×52, thin boards
    /// included, a cell is an edge cell exactly when it is off the board,
    /// and every on-board cell's neighbours are the points around it or
    /// edge cells.
    #[test]
    fn the_ring_surrounds_every_board() {
        for w in 1..=52u16 {
            for h in 1..=52u16 {
                let (stride, n, cells) = empty_grid(BoardSize::new(w, h));
                assert_eq!(cells.len(), n);
                let chains = Chains::new(stride, n);
                // The template covers every grid: each cell names itself.
                assert!(n <= MAX_CELLS);
                assert!((0..n).all(|k| usize::from(chains.links[k].head) == k));
                assert!(chains.links.iter().all(|l| l.len == 0 && l.plibs == 0));
                let (wu, hu) = (usize::from(w), usize::from(h));
                for y in 0..hu {
                    for x in 0..wu {
                        let p = Point::new(x as u16, y as u16);
                        let k = cell_of(p, stride);
                        assert_eq!(cells[k], EMPTY, "{w}x{h} at ({x}, {y})");
                        assert_eq!(point_at(k, stride), p);
                        let want = [
                            (x > 0).then(|| (x - 1, y)),
                            (x + 1 < wu).then_some((x + 1, y)),
                            (y > 0).then(|| (x, y - 1)),
                            (y + 1 < hu).then_some((x, y + 1)),
                        ];
                        for (nb, want) in chains.neighbours(k).into_iter().zip(want) {
                            match want {
                                Some((a, b)) => {
                                    assert_eq!(nb, cell_of(Point::new(a as u16, b as u16), stride));
                                }
                                None => assert_eq!(cells[nb], EDGE, "{w}x{h} at ({x}, {y})"),
                            }
                        }
                    }
                }
                let inside = cells[..n].iter().filter(|&&c| c == EMPTY).count();
                assert_eq!(inside, wu * hu);
            }
        }
    }
}
