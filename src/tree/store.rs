//! How a [`Collection`](super::Collection) stores its nodes and properties:
//! 4 bytes a node and 8 a property for a tree as parsed, and 8 bytes for
//! each node where a variation branches off.
//!
//! A parsed tree is *frozen*: node ids are in pre-order (file order), so
//! most of a node's shape follows from its neighbours and is not stored:
//!
//! * the parent of node `i` is `i - 1`, unless the node is marked as
//!   listed in the tree's list of parents (a root, which is not in the
//!   list, or the first node of a variation other than the main line:
//!   a binary search, by id);
//! * node `i` has no next sibling, unless it is marked as listed in the
//!   tree's list of next siblings (a node whose parent has a later child:
//!   a binary search, by id);
//! * the first child of node `i` is `i + 1` if that node's parent is `i`;
//! * the properties of node `i` end where those of node `i + 1` start;
//! * the root of node `i` is the last game root with an id `<= i` (a binary
//!   search in the collection's list of games);
//! * the offset of node `i`'s `;` is one before its first property's span,
//!   as in `;B[pd]`; the few nodes where it is not (no property, white space
//!   after the `;`) are listed apart with their offset, by id (a binary
//!   search, only for diagnostics).
//!
//! A game is mostly long lines of moves: on the games of gnugo and fuego
//! (`../shared/corpus`) the tree costs 14.4 bytes a node, its properties
//! and lists included, where storing each node's parent and next sibling
//! cost 22.4.
//!
//! The first edit that changes the tree's shape or moves properties
//! *thaws* it: the nodes an edit touches, and those it adds, then store
//! those fields ([`Links`], in an [`Overlay`]), since edits append nodes and
//! properties out of order; the others keep deriving them as before.
//!
//! A property is one of two kinds ([`PropData`]):
//!
//! * **in the source**: its span `a..b` of the source is `IDENT[..]..[..]`
//!   with a short upper-case identifier directly followed by the first `[`
//!   (what nearly every property of a real file looks like), so the
//!   identifier and the values are found from the span alone;
//! * **a record**: anything else (an FF\[3\] identifier read in FF\[4\]
//!   form, white space before the first `[`, values repaired by the lenient
//!   reader or written by an edit) is described by a [`Record`] in the
//!   collection's pool: source span, where the values text is (source or
//!   pool), and the identifier's bytes.

use std::ops::Range;

/// No node / no offset.
pub(super) const NIL: u32 = u32::MAX;
/// Marks a [`TextRef`] into the pool, or a [`PropData`] that is a record.
pub(super) const POOL_BIT: u32 = 1 << 31;
/// The longest identifier stored as a bare source span: reading one back
/// scans at most this many bytes for its `[`.
pub(super) const MAX_SOURCE_IDENT: usize = 15;
/// The bytes of a record before its identifier.
const RECORD_HEADER: usize = 16;

/// The most properties a tree holds: the index of a node's first property
/// shares its `u32` with two marks.
pub(super) const MAX_PROPS: usize = (1 << 30) - 1;
/// The node is listed in the tree's parents (see the module docs).
const LISTED_PARENT: u32 = 1 << 31;
/// The node is listed in the tree's next siblings.
const LISTED_SIBLING: u32 = 1 << 30;

/// One node: 4 bytes, the index of its first property and two marks (see
/// the module docs). A node an edit adds is marked as listed, and stores
/// its links.
#[derive(Debug, Clone, Copy)]
pub(super) struct NodeData(u32);

impl NodeData {
    /// A node whose properties start at `props_start` (at most
    /// [`MAX_PROPS`]), not marked.
    #[inline]
    pub(super) fn new(props_start: usize) -> NodeData {
        NodeData(props_start as u32 & (LISTED_SIBLING - 1))
    }

    /// The index of the node's first property.
    #[inline]
    pub(super) fn props_start(self) -> usize {
        (self.0 & (LISTED_SIBLING - 1)) as usize
    }

    /// Sets the index of the node's first property, keeping the marks.
    #[inline]
    pub(super) fn set_props_start(&mut self, start: usize) {
        self.0 = (self.0 & !(LISTED_SIBLING - 1)) | (start as u32 & (LISTED_SIBLING - 1));
    }

    /// Marked: the node's parent is not the node before it.
    #[inline]
    pub(super) fn listed_parent(self) -> bool {
        self.0 & LISTED_PARENT != 0
    }

    /// Marked: the node has a next sibling.
    #[inline]
    pub(super) fn listed_sibling(self) -> bool {
        self.0 & LISTED_SIBLING != 0
    }

    #[inline]
    pub(super) fn mark_parent(&mut self) {
        self.0 |= LISTED_PARENT;
    }

    #[inline]
    pub(super) fn mark_sibling(&mut self) {
        self.0 |= LISTED_SIBLING;
    }
}

/// The parent of node `i` of a frozen tree, or NIL: see the module docs.
/// `listed` looks `i` up in the list by id of the nodes marked
/// [`NodeData::listed_parent`] that are not roots (a search with [`listed`],
/// or a [`ListWalk`] when the ids come in order).
#[inline]
pub(super) fn parent_in(
    nodes: &[NodeData],
    i: u32,
    listed: impl FnOnce(u32) -> Option<u32>,
) -> u32 {
    match nodes.get(i as usize) {
        // A root is marked but not listed.
        Some(n) if n.listed_parent() => listed(i).unwrap_or(NIL),
        Some(_) if i > 0 => i - 1,
        _ => NIL,
    }
}

/// The next sibling of node `i` of a frozen tree, or NIL. `listed` looks
/// `i` up in the list by id of the nodes marked [`NodeData::listed_sibling`].
#[inline]
pub(super) fn sibling_in(
    nodes: &[NodeData],
    i: u32,
    listed: impl FnOnce(u32) -> Option<u32>,
) -> u32 {
    match nodes.get(i as usize) {
        Some(n) if n.listed_sibling() => listed(i).unwrap_or(NIL),
        _ => NIL,
    }
}

/// The value listed for id `i` in `list` (sorted by id), or `None`.
#[inline]
pub(super) fn listed(list: &[(u32, u32)], i: u32) -> Option<u32> {
    list.binary_search_by_key(&i, |e| e.0)
        .ok()
        .map(|k| list[k].1)
}

/// Looks ids up in a list by id (the parents, siblings or odd offsets of a
/// frozen tree) in increasing order: one walk along the list, where a
/// search for each id would cost a binary search over a list larger than
/// the caches on a tree of many variations.
#[derive(Debug, Clone)]
pub(super) struct ListWalk<'l> {
    list: &'l [(u32, u32)],
    /// The first entry whose id is not below the last id asked for.
    at: usize,
}

impl<'l> ListWalk<'l> {
    /// A walk along `list` for ids from `first` on.
    pub(super) fn from(list: &'l [(u32, u32)], first: u32) -> ListWalk<'l> {
        ListWalk {
            list,
            at: list.partition_point(|e| e.0 < first),
        }
    }

    /// The value listed for id `i`, or `None`; `i` is not below the id of
    /// the previous call.
    #[inline]
    pub(super) fn get(&mut self, i: u32) -> Option<u32> {
        while self.list.get(self.at).is_some_and(|e| e.0 < i) {
            self.at += 1;
        }
        self.list.get(self.at).filter(|e| e.0 == i).map(|e| e.1)
    }
}

/// The fields a frozen tree derives from ids, stored once it is edited.
#[derive(Debug, Clone, Copy)]
pub(super) struct Links {
    pub(super) parent: u32,
    pub(super) next_sibling: u32,
    pub(super) first_child: u32,
    pub(super) last_child: u32,
    /// One past the node's last property.
    pub(super) props_end: u32,
    /// The root of the node's game tree; NIL once the node was removed.
    pub(super) root: u32,
    /// Byte offset of the `;` in the source, or NIL for a new node.
    pub(super) offset: u32,
}

/// The room for the nodes or properties edits add to `n` (a sixteenth
/// more): the first edit reserves it ([`Collection::thaw`]), and the reader
/// reserves it too, untouched, so that the allocator grows the arena in
/// place then, where it can (room never written to is not resident; a
/// copy would keep the old block resident too, for a while).
///
/// [`Collection::thaw`]: super::Collection
pub(super) fn edit_room(n: usize) -> usize {
    n / 16 + 64
}

/// The links of an edited (thawed) tree: an entry for each node an edit
/// touched (a hash map, with a bit a node to spare the lookup of the
/// others) or added (a vector, by id), and the frozen derivations for the
/// others (see the module docs), which read what the tree was when it
/// thawed.
///
/// A node gets its entry, filled with what it derives, before an edit
/// changes anything its derivation reads: its parent, children or next
/// sibling; its properties (its `;` offset follows from the first one, its
/// end from the next node's start); or the start of the next node's
/// properties. A node left alone keeps deriving what it did.
#[derive(Debug, Clone, Default)]
pub(super) struct Overlay {
    /// The nodes when the tree thawed: ids below derive their links.
    pub(super) nodes: u32,
    /// The properties when the tree thawed: where the last node's end.
    pub(super) props: u32,
    /// The game roots when the tree thawed, increasing.
    pub(super) games: Vec<u32>,
    /// One bit a node of the tree as it thawed: it has an entry in
    /// `touched` (a test that spares the hash lookup of a node no edit
    /// touched).
    marked: Vec<u64>,
    /// The entries of the nodes of the tree as it thawed that edits touched.
    touched: std::collections::HashMap<u32, Links>,
    /// The entries of the nodes edits added, in the order of their ids
    /// (from `nodes` on): a tree built by edits is all of them.
    added: Vec<Links>,
}

impl Overlay {
    /// The overlay of a tree of `nodes` nodes and `props` properties with
    /// these `games`, no node touched yet.
    pub(super) fn new(nodes: usize, props: usize, games: Vec<u32>) -> Overlay {
        Overlay {
            nodes: nodes as u32,
            props: props as u32,
            games,
            marked: vec![0; nodes.div_ceil(64)],
            touched: std::collections::HashMap::new(),
            added: Vec::new(),
        }
    }

    /// The entry of node `i`, if an edit gave it one.
    #[inline]
    pub(super) fn get(&self, i: u32) -> Option<&Links> {
        if i >= self.nodes {
            return self.added.get((i - self.nodes) as usize);
        }
        let bit = self.marked.get(i as usize / 64)? & (1 << (i % 64));
        if bit == 0 {
            return None;
        }
        self.touched.get(&i)
    }

    /// The entry of node `i`, if it has one, to change.
    #[inline]
    pub(super) fn get_mut(&mut self, i: u32) -> Option<&mut Links> {
        if i >= self.nodes {
            return self.added.get_mut((i - self.nodes) as usize);
        }
        self.get(i)?;
        self.touched.get_mut(&i)
    }

    /// Gives node `i` of the tree as it thawed its entry.
    pub(super) fn touch(&mut self, i: u32, links: Links) {
        debug_assert!(i < self.nodes);
        if let Some(word) = self.marked.get_mut(i as usize / 64) {
            *word |= 1 << (i % 64);
            self.touched.insert(i, links);
        }
    }

    /// The entry of the node an edit adds, whose id is the next one.
    pub(super) fn add(&mut self, links: Links) {
        self.added.push(links);
    }

    /// How many nodes of the tree as it thawed have an entry.
    #[cfg(test)]
    pub(super) fn touched(&self) -> usize {
        self.touched.len()
    }

    /// The heap memory of the entries and marks, about.
    pub(super) fn heap_size(&self) -> usize {
        self.marked.capacity() * size_of::<u64>()
            + self.touched.capacity() * (size_of::<(u32, Links)>() + 1)
            + self.added.capacity() * size_of::<Links>()
            + self.games.capacity() * size_of::<u32>()
    }
}

/// One property: 8 bytes, see the module docs.
///
/// * `a` without [`POOL_BIT`]: the property is the source span `a..b`;
/// * `a` with [`POOL_BIT`]: a [`Record`] at pool offset `a & !POOL_BIT`,
///   whose identifier is `b` bytes long.
#[derive(Debug, Clone, Copy)]
pub(super) struct PropData {
    a: u32,
    b: u32,
}

/// A byte range of the source or (high bit set) of the pool.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct TextRef {
    pub(super) start: u32,
    pub(super) len: u32,
}

/// A property taken apart: where its identifier and values text are.
#[derive(Debug, Clone, Copy)]
pub(super) struct Decoded {
    pub(super) ident: TextRef,
    pub(super) values: TextRef,
    /// The span in the source, `None` for a property written by an edit.
    pub(super) span: Option<(u32, u32)>,
}

/// The pool would pass 2 GiB.
#[derive(Debug)]
pub(super) struct PoolFull;

impl PropData {
    /// A property stored as its span alone, if `ident` and `values` are the
    /// source bytes `span` in the form the reader expects back: an
    /// upper-case identifier of at most [`MAX_SOURCE_IDENT`] bytes followed
    /// directly by the values text, from its `[` to the span's end.
    /// `src_addr` is the address of the source's first byte.
    #[inline]
    pub(super) fn in_source(
        src_addr: usize,
        ident: &[u8],
        values: &[u8],
        span: &Range<usize>,
    ) -> Option<PropData> {
        let ok = !ident.is_empty()
            && ident.len() <= MAX_SOURCE_IDENT
            && ident.iter().all(u8::is_ascii_uppercase)
            && values.first() == Some(&b'[')
            && ident.as_ptr() as usize == src_addr.wrapping_add(span.start)
            && values.as_ptr() as usize == src_addr.wrapping_add(span.start + ident.len())
            && span.start + ident.len() + values.len() == span.end;
        ok.then_some(PropData {
            a: span.start as u32,
            b: span.end as u32,
        })
    }

    /// A property stored as its span alone: the caller vouches that the
    /// source bytes `start..end` are an identifier of at most
    /// [`MAX_SOURCE_IDENT`] capitals directly followed by the values text
    /// (what [`PropData::in_source`] checks).
    #[inline]
    pub(super) fn plain(start: usize, end: usize) -> PropData {
        PropData {
            a: start as u32,
            b: end as u32,
        }
    }

    /// Writes a record to `pool`: the identifier's bytes, the values text
    /// (`values`, already placed) and the source span.
    pub(super) fn record(
        pool: &mut Vec<u8>,
        ident: &[u8],
        values: TextRef,
        span: Option<(u32, u32)>,
    ) -> Result<PropData, PoolFull> {
        let at = pool.len();
        if at + RECORD_HEADER + ident.len() >= POOL_BIT as usize {
            return Err(PoolFull);
        }
        let (s, e) = span.unwrap_or((NIL, NIL));
        for x in [s, e, values.start, values.len] {
            pool.extend_from_slice(&x.to_le_bytes());
        }
        pool.extend_from_slice(ident);
        Ok(PropData {
            a: at as u32 | POOL_BIT,
            b: ident.len() as u32,
        })
    }

    /// The span `a..b` of a property stored as its span alone.
    #[inline]
    pub(super) fn source_span(self) -> Option<Range<usize>> {
        (self.a & POOL_BIT == 0).then_some(self.a as usize..self.b as usize)
    }

    /// Where the parts of this property are, with `src` the source and
    /// `pool` the collection's pool. Never panics: a damaged entry (which
    /// the builder and the editing methods never write) reads as empty.
    #[inline]
    pub(super) fn decode(self, src: &[u8], pool: &[u8]) -> Decoded {
        if let Some(span) = self.source_span() {
            let k = ident_len(src.get(span).unwrap_or(&[])) as u32;
            Decoded {
                ident: TextRef {
                    start: self.a,
                    len: k,
                },
                values: TextRef {
                    start: self.a + k,
                    len: self.b.saturating_sub(self.a).saturating_sub(k),
                },
                span: Some((self.a, self.b)),
            }
        } else {
            let at = (self.a & !POOL_BIT) as usize;
            let word = |k: usize| {
                pool.get(at + 4 * k..at + 4 * k + 4)
                    .and_then(|w| w.try_into().ok())
                    .map_or(0, u32::from_le_bytes)
            };
            let (s, e) = (word(0), word(1));
            Decoded {
                ident: TextRef {
                    start: (at + RECORD_HEADER) as u32 | POOL_BIT,
                    len: self.b,
                },
                values: TextRef {
                    start: word(2),
                    len: word(3),
                },
                span: (s != NIL).then_some((s, e)),
            }
        }
    }
}

/// Copies `bytes` to the pool.
pub(super) fn pool_text(pool: &mut Vec<u8>, bytes: &[u8]) -> Result<TextRef, PoolFull> {
    let start = pool.len();
    if start + bytes.len() >= POOL_BIT as usize {
        return Err(PoolFull);
    }
    pool.extend_from_slice(bytes);
    Ok(TextRef {
        start: start as u32 | POOL_BIT,
        len: bytes.len() as u32,
    })
}

/// The length of the identifier that starts the source text `span` of a
/// property stored as its span: the bytes before the first `[`, at most
/// [`MAX_SOURCE_IDENT`] (0 if damaged).
#[inline]
pub(super) fn ident_len(span: &[u8]) -> usize {
    // Most identifiers have one or two letters.
    if span.get(1) == Some(&b'[') {
        return 1;
    }
    if span.get(2) == Some(&b'[') {
        return 2;
    }
    span.iter()
        .take(MAX_SOURCE_IDENT + 1)
        .position(|&c| c == b'[')
        .unwrap_or(0)
}
