//! The buffers a [`Checker`] reuses from node to node and keeps on its
//! thread from one [`check`] to the next.

use super::*;

/// The buffers of [`Checker`], reused from node to node so that checking a
/// node allocates nothing in the common case, and kept on the thread from
/// one [`check`] to the next (see [`Scratch::reused`]).
#[derive(Default)]
pub(super) struct Scratch<'c> {
    pub(super) props: Vec<Property<'c>>,
    pub(super) infos: Vec<Option<&'static PropertyInfo>>,
    /// The identifiers of a node's properties, as text.
    pub(super) idents: Vec<&'c str>,
    pub(super) seen: Vec<&'c str>,
    /// Per identifier of one or two capital letters (see [`ident_slot`]),
    /// the stamp of the node that last gave it; `ident_stamp` is the
    /// current node's.
    pub(super) ident_marks: Vec<u32>,
    pub(super) ident_stamp: u32,
    pub(super) values: Vec<&'c [u8]>,
    pub(super) marks: PointMarks,
    pub(super) kids: Vec<Node<'c, 'c>>,
    /// The variations waiting in [`Checker::tree`].
    pub(super) pending: Vec<Pending<'c>>,
}

thread_local! {
    /// The buffers of the last [`check`] on this thread (empty, their
    /// capacity kept): a checker of every small file would otherwise grow
    /// them again.
    static KEPT_SCRATCH: std::cell::Cell<Option<Scratch<'static>>> = const { std::cell::Cell::new(None) };
}

/// An empty vector of `U` in the allocation of `v` (emptied), when `T` and
/// `U` have one size and alignment (the buffers of [`Scratch`] differ only
/// in lifetimes); else a new one.
fn recycle<T, U>(mut v: Vec<T>) -> Vec<U> {
    v.clear();
    // In-place collection keeps the allocation; no element is made.
    v.into_iter().filter_map(|_| None).collect()
}

impl Scratch<'_> {
    /// The buffers kept on this thread by [`Scratch::keep`], else new ones.
    pub(super) fn reused<'c>() -> Scratch<'c> {
        let Some(kept) = KEPT_SCRATCH.with(|k| k.take()) else {
            return Scratch::default();
        };
        Scratch {
            props: recycle(kept.props),
            infos: kept.infos,
            idents: recycle(kept.idents),
            seen: recycle(kept.seen),
            ident_marks: kept.ident_marks,
            ident_stamp: kept.ident_stamp,
            values: recycle(kept.values),
            marks: kept.marks,
            kids: recycle(kept.kids),
            pending: recycle(kept.pending),
        }
    }

    /// Keeps these buffers, emptied, for the next checker on this thread.
    pub(super) fn keep(self) {
        let kept = Scratch::<'static> {
            props: recycle(self.props),
            infos: self.infos,
            idents: recycle(self.idents),
            seen: recycle(self.seen),
            ident_marks: self.ident_marks,
            ident_stamp: self.ident_stamp,
            values: recycle(self.values),
            marks: self.marks,
            kids: recycle(self.kids),
            pending: recycle(self.pending),
        };
        KEPT_SCRATCH.with(|k| k.set(Some(kept)));
    }

    /// Starts a node for [`Scratch::ident_given`]: no identifier given yet.
    pub(super) fn next_ident_node(&mut self) {
        if self.ident_marks.is_empty() {
            self.ident_marks = vec![0; IDENT_SLOTS];
        }
        if self.ident_stamp == u32::MAX {
            self.ident_marks.fill(0);
            self.ident_stamp = 0;
        }
        self.ident_stamp += 1;
    }

    /// Notes identifier slot `slot` as given in the current node; true
    /// when it was given before in it.
    pub(super) fn ident_given(&mut self, slot: usize) -> bool {
        let twice = self.ident_marks[slot] == self.ident_stamp;
        self.ident_marks[slot] = self.ident_stamp;
        twice
    }
}

/// The slots of [`ident_slot`].
const IDENT_SLOTS: usize = 27 * 27;

/// A slot of its own for each identifier of one or two capital letters
/// (below [`IDENT_SLOTS`]); `None` for any other.
pub(super) fn ident_slot(ident: &str) -> Option<usize> {
    let cap = |b: u8| b.is_ascii_uppercase().then(|| usize::from(b - b'A') + 1);
    match *ident.as_bytes() {
        [a] => Some(cap(a)? * 27),
        [a, b] => Some(cap(a)? * 27 + cap(b)?),
        _ => None,
    }
}
