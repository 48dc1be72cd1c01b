//! Building a [`Collection`] from the grammar's events (or the lenient
//! reader's): nodes are appended in pre-order, so the tree comes out frozen
//! (see `store`).

use super::store::{
    MAX_PROPS, MAX_SOURCE_IDENT, NIL, NodeData, Overlay, PoolFull, PropData, TextRef, edit_room,
    listed, parent_in, pool_text,
};
use super::{Collection, MAX_SOURCE_LEN, NodeId};
use crate::ParseOptions;
use crate::error::{ErrorKind, ParseError, WarningSink};
use crate::events::{self, Handler};
use crate::grammar::RawProperty;
use crate::limits::{LimitHit, Meter};
use std::borrow::Cow;
use std::ops::Range;

/// What a tree whose text pool is full reports.
const POOL_FULL: &str = "the tree's text pool holds at most 4 GiB";

/// A collection's arena without its source (so it can be paired with a
/// borrowed or an owned source).
pub(super) struct Parts {
    pool: Vec<u8>,
    nodes: Vec<NodeData>,
    /// The nodes marked as listed in them, by id (see `store`).
    parents: Vec<(u32, u32)>,
    siblings: Vec<(u32, u32)>,
    props: Vec<PropData>,
    games: Vec<u32>,
    odd_offsets: Vec<(u32, u32)>,
    /// Properties that came for a node other than the last one started (no
    /// reader in the crate sends them): added by editing once built.
    late: Vec<(u32, PropData)>,
}

impl Parts {
    pub(super) fn with_source(self, src: Cow<'_, [u8]>) -> Collection<'_> {
        let mut c = Collection {
            src,
            pool: self.pool,
            nodes: self.nodes,
            parents: self.parents,
            siblings: self.siblings,
            props: self.props,
            games: self.games,
            odd_offsets: self.odd_offsets,
            overlay: Overlay::default(),
            thawed: false,
            edited: false,
        };
        for (node, prop) in self.late {
            // The builder counted them against the limit on properties.
            let _ = c.append_prop(NodeId(node), prop);
        }
        c
    }
}

/// Parses `src` into the arena of a collection.
pub(super) fn build_parts(
    src: &[u8],
    options: &ParseOptions,
    warnings: &mut dyn WarningSink,
) -> Result<Parts, ParseError> {
    let mut b = Builder::new(src, options)?;
    events::parse_events(src, options, &mut b, warnings)?;
    b.finish(src)
}

/// Parses `src` (the same bytes as `source`) into a collection.
pub(super) fn build<'a>(
    src: &[u8],
    options: &ParseOptions,
    warnings: &mut dyn WarningSink,
    source: Cow<'a, [u8]>,
) -> Result<Collection<'a>, ParseError> {
    Ok(build_parts(src, options, warnings)?.with_source(source))
}

/// Builds a tree from events (see [`Handler`]); the events' offsets and
/// slices must come from the `src` given to [`Builder::new`].
pub(crate) struct Builder {
    parts: Parts,
    /// The address of the source's first byte: a property whose slices are
    /// where its span says is stored as its span alone.
    src_addr: usize,
    /// For each open game tree: the node its first node hangs from.
    attach: Vec<u32>,
    /// The node properties go to.
    current: u32,
    max_nodes: usize,
    /// The most properties the tree may hold: [`MAX_PROPS`], lower in tests.
    max_props: usize,
    overflow: bool,
    /// Value lengths and points counted against the limits.
    meter: Meter,
    /// The limit crossed, if one was (then `overflow` is set too).
    limit_hit: Option<LimitHit>,
    /// The last node started, with its offset, until its first property
    /// shows whether the offset follows from it.
    pending: Option<(u32, u32)>,
}

impl Builder {
    /// A builder for a tree over `src`: feed it the events of `src` (from the
    /// strict grammar or another reader), then call [`Builder::finish`].
    pub(crate) fn new(src: &[u8], options: &ParseOptions) -> Result<Builder, ParseError> {
        if src.len() > MAX_SOURCE_LEN {
            return Err(ParseError::new(
                ErrorKind::TooLarge {
                    what: "the tree indexes at most 2 GiB of source",
                },
                0..0,
                src,
            ));
        }
        // Reserved from a first estimate, not grown by doubling (a vector
        // that doubles holds up to twice what it needs, and copies itself
        // each time): see `estimate`; a large arena with the room a first
        // edit reserves (`arena`). What is left over is given back in
        // `finish`, in place since the estimate is close.
        let (nodes, props) = estimate(src);
        Ok(Builder {
            parts: Parts {
                pool: Vec::new(),
                nodes: arena(nodes),
                parents: Vec::new(),
                siblings: Vec::new(),
                props: arena(props),
                games: Vec::new(),
                odd_offsets: Vec::new(),
                late: Vec::new(),
            },
            pending: None,
            src_addr: src.as_ptr() as usize,
            attach: Vec::new(),
            current: NIL,
            max_nodes: options.max_nodes,
            max_props: MAX_PROPS,
            overflow: false,
            meter: Meter::new(options),
            limit_hit: None,
        })
    }

    pub(super) fn finish(mut self, src: &[u8]) -> Result<Parts, ParseError> {
        self.settle_offset(None);
        let max = self.max_props;
        if self.parts.props.len() + self.parts.late.len() > max && !self.overflow {
            // Counted once at the end, not per property: the first property
            // past the limit is where the tree could not go on.
            let first_over = self.parts.props.get(max).copied().or_else(|| {
                let k = max.saturating_sub(self.parts.props.len());
                self.parts.late.get(k).map(|&(_, p)| p)
            });
            let offset = first_over
                .and_then(|p| p.decode(src, &self.parts.pool).span)
                .map_or(0, |(start, _)| start as usize);
            self.limit(LimitHit {
                what: "the tree holds at most 2^30 - 1 properties",
                offset,
            });
        }
        if self.overflow {
            let hit = self.limit_hit.unwrap_or(LimitHit {
                what: POOL_FULL,
                offset: 0,
            });
            let at = hit.offset.min(src.len());
            return Err(ParseError::new(
                ErrorKind::TooLarge { what: hit.what },
                at..(at + 1).min(src.len()),
                src,
            ));
        }
        // Give back what the reservation overestimated, so a tree costs
        // about what it holds (a large block shrinks in place).
        // Next siblings were listed as each next one came: put them in
        // order of id.
        self.parts.siblings.sort_unstable();
        shrink(&mut self.parts.nodes);
        shrink(&mut self.parts.parents);
        shrink(&mut self.parts.siblings);
        shrink(&mut self.parts.props);
        shrink(&mut self.parts.pool);
        shrink(&mut self.parts.games);
        shrink(&mut self.parts.odd_offsets);
        Ok(self.parts)
    }

    /// The builder with room for `max` properties only: the limit of
    /// [`MAX_PROPS`] tested on a small tree.
    #[cfg(test)]
    pub(super) fn max_props(mut self, max: usize) -> Builder {
        self.max_props = max;
        self
    }

    /// Adds a property whose identifier and values text are not a slice of
    /// the source (a reader repaired them): both go to the pool.
    /// `ident` must be upper-case letters, `values_raw` `[..]` groups that the
    /// strict grammar reads back as they are; `span` is where the property
    /// stood in the source.
    pub(crate) fn property_repaired(
        &mut self,
        ident: &[u8],
        values_raw: &[u8],
        span: Range<usize>,
    ) {
        if self.overflow || self.current == NIL {
            return;
        }
        if let Err(hit) = self.meter.property(ident, values_raw, span.start) {
            // The rewritten values are not the source's: point at the property.
            self.limit(LimitHit {
                offset: span.start,
                ..hit
            });
            return;
        }
        self.first_property(span.start);
        let span = Some((span.start as u32, span.end as u32));
        match pool_text(&mut self.parts.pool, values_raw)
            .and_then(|v| PropData::record(&mut self.parts.pool, ident, v, span))
        {
            Ok(p) => self.push_prop(p),
            Err(PoolFull) => self.pool_full(span),
        }
    }

    /// Adds the property `src[start..end]` (`src` as given to
    /// [`Builder::new`]) whose identifier is the `ident_len` capital letters
    /// at `start`, directly followed by its values text: what
    /// [`Handler::property`] does for such a property, without checking its
    /// form again (the lenient reader's common case).
    #[inline]
    pub(crate) fn plain_property(
        &mut self,
        src: &[u8],
        start: usize,
        ident_len: usize,
        end: usize,
    ) {
        if self.overflow || self.current == NIL {
            return;
        }
        let values_at = start + ident_len;
        let ident = &src[start..values_at];
        if let Err(hit) = self.meter.property(ident, &src[values_at..end], values_at) {
            self.limit(hit);
            return;
        }
        self.first_property(start);
        if ident_len <= MAX_SOURCE_IDENT {
            self.push_prop(PropData::plain(start, end));
        } else {
            let prop = RawProperty::new(ident, &src[values_at..end]);
            self.property_record(prop, &(start..end));
        }
    }

    /// How many nodes [`Builder::push_move`] may append now: none unless
    /// the last node started is the current one, its offset is settled
    /// (its first property came directly after its `;`), no limit was
    /// crossed and a move's values text passes the limits; then up to the
    /// node limit.
    #[inline]
    pub(crate) fn move_room(&self) -> usize {
        let len = self.parts.nodes.len();
        if self.overflow
            || self.pending.is_some()
            || self.current as usize + 1 != len
            || !self.meter.short_value_fits(4)
        {
            return 0;
        }
        self.max_nodes.saturating_sub(len)
    }

    /// Appends the node `;X[ab]` at `at` (one capital, then a two-byte
    /// value without `]` or `\`) as a child of the current node, as
    /// [`Builder::plain_node`] would, without its checks: the caller makes
    /// sure [`Builder::move_room`] allows it.
    #[inline]
    pub(crate) fn push_move(&mut self, at: usize) {
        let id = self.parts.nodes.len() as u32;
        self.parts.nodes.push(NodeData::new(self.parts.props.len()));
        self.parts.props.push(PropData::plain(at + 1, at + 6));
        self.current = id;
    }

    /// A node whose `;` at `at` is directly followed by its first property
    /// `src[at + 1..end]` (an identifier of `ident_len` capitals directly
    /// followed by its values text): what [`Handler::start_node`] then
    /// [`Builder::plain_property`] do, in one step for the common case of a
    /// node that continues the current sequence (the lenient reader's
    /// `;B[pd]`).
    #[inline]
    pub(crate) fn plain_node(&mut self, src: &[u8], at: usize, ident_len: usize, end: usize) {
        let id = self.parts.nodes.len();
        if self.overflow
            || self.pending.is_some()
            || self.current as usize + 1 != id
            || id >= self.max_nodes
        {
            self.start_node(at);
            self.plain_property(src, at + 1, ident_len, end);
            return;
        }
        // The node's offset is one before its first property's: nothing
        // to list (what `settle_offset` would find).
        self.parts.nodes.push(NodeData::new(self.parts.props.len()));
        self.current = id as u32;
        let start = at + 1;
        let values_at = start + ident_len;
        let ident = &src[start..values_at];
        if let Err(hit) = self.meter.property(ident, &src[values_at..end], values_at) {
            self.limit(hit);
            return;
        }
        if ident_len <= MAX_SOURCE_IDENT {
            self.parts.props.push(PropData::plain(start, end));
        } else {
            let prop = RawProperty::new(ident, &src[values_at..end]);
            self.property_record(prop, &(start..end));
        }
    }

    /// Stops building at the first limit crossed.
    #[cold]
    fn limit(&mut self, hit: LimitHit) {
        if self.limit_hit.is_none() {
            self.limit_hit = Some(hit);
        }
        self.overflow = true;
    }

    /// Finishes the tree over a source the collection borrows.
    pub(crate) fn finish_borrowed(self, src: &[u8]) -> Result<Collection<'_>, ParseError> {
        Ok(self.finish(src)?.with_source(Cow::Borrowed(src)))
    }

    /// Lists the pending node's offset unless it is one before
    /// `first_prop`, the start of the node's first property.
    #[inline]
    fn settle_offset(&mut self, first_prop: Option<usize>) {
        if let Some((id, offset)) = self.pending.take()
            && first_prop != Some(offset as usize + 1)
        {
            self.parts.odd_offsets.push((id, offset));
        }
    }

    /// A property starting at `start` goes to the current node.
    #[inline]
    fn first_property(&mut self, start: usize) {
        if self.pending.is_some_and(|(id, _)| id == self.current) {
            self.settle_offset(Some(start));
        }
    }

    #[inline]
    fn push_prop(&mut self, p: PropData) {
        if self.current as usize + 1 == self.parts.nodes.len() {
            self.parts.props.push(p);
        } else {
            self.parts.late.push((self.current, p));
        }
    }

    /// A property that is not stored as its span alone.
    #[cold]
    fn property_record(&mut self, prop: RawProperty<'_>, span: &Range<usize>) {
        let values_raw = prop.values_raw();
        let values_start = span.end.wrapping_sub(values_raw.len());
        let in_source = values_raw.as_ptr() as usize == self.src_addr.wrapping_add(values_start);
        let pool = &mut self.parts.pool;
        let values = if in_source {
            Ok(TextRef {
                start: values_start as u32,
                len: values_raw.len() as u32,
            })
        } else {
            pool_text(pool, values_raw)
        };
        let read;
        let ident = if prop.ident().iter().all(u8::is_ascii_uppercase) {
            prop.ident()
        } else {
            read = events::normalize_ident(prop.ident());
            read.as_bytes()
        };
        let span = Some((span.start as u32, span.end as u32));
        match values.and_then(|v| PropData::record(pool, ident, v, span)) {
            Ok(p) => self.push_prop(p),
            Err(PoolFull) => self.pool_full(span),
        }
    }

    /// The text pool could not take the property at `span`.
    #[cold]
    fn pool_full(&mut self, span: Option<(u32, u32)>) {
        self.limit(LimitHit {
            what: POOL_FULL,
            offset: span.map_or(0, |(start, _)| start as usize),
        });
    }
}

/// The nodes and properties a tree over `src` is expected to hold, counted
/// in one pass the compiler vectorises: a node per `;`, and a property per
/// `[` that does not follow a `]` (the first value of `AB[aa][bb]`). Both
/// counts include the `;` and `[` inside values, so they bound what the
/// grammar reads (the lenient reader may add a node for a missing `;`: the
/// vector then grows), and are close for real games, whose comments are a
/// small part of them.
fn estimate(src: &[u8]) -> (usize, usize) {
    let first = src.first().copied();
    let (mut nodes, mut props) = (
        usize::from(first == Some(b';')),
        usize::from(first == Some(b'[')),
    );
    for (&b, &before) in src.iter().skip(1).zip(src) {
        nodes += usize::from(b == b';');
        props += usize::from(b == b'[' && before != b']');
    }
    (nodes + 1, props + 1)
}

/// Gives back the spare capacity of `v` when it is worth a reallocation
/// (an eighth of what it holds or more): an estimate that was close is
/// kept as it is.
fn shrink<T>(v: &mut Vec<T>) {
    if v.capacity() - v.len() >= v.len() / 8 {
        v.shrink_to_fit();
    }
}

/// An arena of `n` elements' capacity; of 256 KiB or more, with the room
/// a first edit reserves ([`edit_room`]) besides, never written to unless
/// an edit comes: the pages of a block that large are the block's own,
/// and not resident until written, while growing it at the first edit
/// would copy it and keep the old block resident for a while (`fix` of a
/// 6.5 MB collection peaked 7.7 MB higher).
fn arena<T>(n: usize) -> Vec<T> {
    if n.saturating_mul(size_of::<T>()) >= 256 << 10 {
        reserve(n.saturating_add(edit_room(n)))
    } else {
        reserve(n)
    }
}

/// A vector of `n` elements' capacity, or less if the allocator refuses
/// (it then grows as needed).
fn reserve<T>(n: usize) -> Vec<T> {
    let mut v = Vec::new();
    if v.try_reserve_exact(n).is_err() {
        let _ = v.try_reserve_exact(n / 8);
    }
    v
}

impl<'a> Handler<'a> for Builder {
    #[inline]
    fn start_tree(&mut self, _offset: usize) {
        self.attach.push(self.current);
    }

    #[inline]
    fn end_tree(&mut self, _offset: usize) {
        self.current = self.attach.pop().unwrap_or(NIL);
    }

    #[inline]
    fn start_node(&mut self, offset: usize) {
        if self.overflow {
            return;
        }
        let parts = &mut self.parts;
        if parts.nodes.len() >= self.max_nodes {
            self.limit(LimitHit {
                what: "more nodes than ParseOptions::max_nodes",
                offset,
            });
            return;
        }
        let id = parts.nodes.len() as u32;
        let parent = self.current;
        let mut node = NodeData::new(parts.props.len());
        if parent == NIL {
            // A root: marked, not listed.
            node.mark_parent();
            parts.games.push(id);
        } else if parent + 1 != id {
            node.mark_parent();
            parts.parents.push((id, parent));
            // The parent has children already (all nodes after it are in
            // its subtree): its last one is the ancestor of the last node
            // that hangs from it. Each node is passed at most once over the
            // whole build, since the subtrees walked up are closed.
            let mut x = id - 1;
            while (x as usize) < parts.nodes.len() {
                let up = parent_in(&parts.nodes, x, |x| listed(&parts.parents, x));
                if up == parent {
                    parts.nodes[x as usize].mark_sibling();
                    parts.siblings.push((x, id));
                    break;
                }
                x = up;
            }
        }
        parts.nodes.push(node);
        self.current = id;
        self.settle_offset(None);
        self.pending = Some((id, offset as u32));
    }

    #[inline]
    fn property(&mut self, prop: RawProperty<'a>, span: Range<usize>) {
        if self.overflow || self.current == NIL {
            return;
        }
        let values_raw = prop.values_raw();
        let values_at = span.end.wrapping_sub(values_raw.len());
        if let Err(hit) = self.meter.property(prop.ident(), values_raw, values_at) {
            self.limit(hit);
            return;
        }
        self.first_property(span.start);
        match PropData::in_source(self.src_addr, prop.ident(), prop.values_raw(), &span) {
            Some(p) => self.push_prop(p),
            None => self.property_record(prop, &span),
        }
    }
}
