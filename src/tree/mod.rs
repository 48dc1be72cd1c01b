//! The game tree: an arena of nodes with `Copy` handles, built from the
//! grammar's events.
//!
//! A [`Collection`] owns flat vectors of nodes and properties; a [`NodeId`]
//! is an index into them and a [`Node`] is a handle (collection + id) with the
//! navigation methods. Property identifiers and values are not copied: they
//! are byte ranges of the source, which the collection borrows (or owns, see
//! [`Collection::into_owned`]). Edited values live in a side buffer of the
//! collection.
//!
//! Nothing here recurses on the depth of the tree: walking, printing,
//! comparing and dropping a tree nested 100,000 levels deep is safe on a
//! 2 MiB stack.
//!
//! ```
//! let sgf = b"(;GM[1]SZ[9];B[ee];W[gc](;B[cg])(;B[gg]))";
//! let tree = sgfkit::parse(sgf)?;
//! let game = tree.games().next().unwrap();
//! let moves: Vec<String> = game
//!     .main_line()
//!     .filter_map(|n| n.get("B").or(n.get("W")))
//!     .map(|p| String::from_utf8_lossy(p.value()).into_owned())
//!     .collect();
//! assert_eq!(moves, ["ee", "gc", "cg"]);
//! # Ok::<(), sgfkit::Error>(())
//! ```

mod edit;
mod typed;

pub use edit::EditError;
pub(crate) use edit::NewProp;

use crate::ParseOptions;
use crate::error::{Error, ErrorKind, WarningSink};
use crate::events::{self, Handler};
use crate::grammar::{RawProperty, RawValues};
use std::borrow::Cow;
use std::fmt;
use std::ops::Range;

const NIL: u32 = u32::MAX;
const POOL_BIT: u32 = 1 << 31;
/// The largest source the tree can index: offsets are 31-bit.
pub const MAX_SOURCE_LEN: usize = (POOL_BIT - 1) as usize;

/// A handle to a node of a [`Collection`]: an index into its arena.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(u32);

impl NodeId {
    /// The arena index.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A byte range of the source or (high bit set) of the edit pool.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct TextRef {
    start: u32,
    len: u32,
}

#[derive(Debug, Clone)]
struct NodeData {
    parent: u32,
    /// The root of the node's game tree (itself for a root), so that
    /// reaching it costs nothing on deep trees.
    root: u32,
    first_child: u32,
    last_child: u32,
    next_sibling: u32,
    props_start: u32,
    props_len: u32,
    /// Byte offset of the `;` in the source, or NIL for a new node.
    offset: u32,
}

#[derive(Debug, Clone)]
struct PropData {
    ident: TextRef,
    /// The raw values text, `[..][..]`, escapes intact.
    values: TextRef,
    /// Byte span in the source (NIL start for edited properties).
    span_start: u32,
    span_end: u32,
}

/// A parsed (or built) SGF collection: one or more game trees.
///
/// Parse with [`crate::parse`] or [`Collection::parse_with`]; build one from
/// scratch with [`Collection::new`] and the editing methods.
#[derive(Clone)]
pub struct Collection<'a> {
    src: Cow<'a, [u8]>,
    pool: Vec<u8>,
    nodes: Vec<NodeData>,
    props: Vec<PropData>,
    games: Vec<u32>,
    /// False while node ids are in pre-order (as parsed): then node numbers
    /// are id differences.
    edited: bool,
}

impl Default for Collection<'_> {
    fn default() -> Self {
        Collection::new()
    }
}

impl fmt::Debug for Collection<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Collection")
            .field("games", &self.games.len())
            .field("nodes", &self.node_count())
            .field("properties", &self.property_count())
            .finish()
    }
}

impl<'a> Collection<'a> {
    /// An empty collection (no game trees yet).
    pub fn new() -> Self {
        Collection {
            src: Cow::Borrowed(&[]),
            pool: Vec::new(),
            nodes: Vec::new(),
            props: Vec::new(),
            games: Vec::new(),
            edited: false,
        }
    }

    /// Parses `src` with `options`, sending warnings to `warnings`.
    ///
    /// # Errors
    /// A positioned syntax error, a depth or size limit, or no game tree.
    pub fn parse_with(
        src: &'a [u8],
        options: &ParseOptions,
        warnings: &mut dyn WarningSink,
    ) -> Result<Collection<'a>, Error> {
        let parts = build(src, options, warnings)?;
        Ok(parts.with_source(Cow::Borrowed(src)))
    }

    /// Parses bytes the collection then owns (for example text transcoded to
    /// UTF-8), so the result is not tied to a borrow.
    ///
    /// # Errors
    /// As [`Collection::parse_with`].
    pub fn parse_owned(
        src: Vec<u8>,
        options: &ParseOptions,
        warnings: &mut dyn WarningSink,
    ) -> Result<Collection<'static>, Error> {
        let parts = build(&src, options, warnings)?;
        Ok(parts.with_source(Cow::Owned(src)))
    }

    /// The same collection owning its source bytes.
    pub fn into_owned(self) -> Collection<'static> {
        Collection {
            src: Cow::Owned(self.src.into_owned()),
            pool: self.pool,
            nodes: self.nodes,
            props: self.props,
            games: self.games,
            edited: self.edited,
        }
    }

    /// The heap memory the tree itself holds, in bytes: its node and
    /// property arenas and its edit buffer (not the source it borrows).
    ///
    /// A parsed tree costs 32 bytes a node and 24 a property; for real
    /// games that is about 3 to 4 times the size of the file.
    ///
    /// ```
    /// let t = sgfkit::parse(b"(;GM[1];B[aa];W[bb])")?;
    /// assert_eq!(t.heap_size() % 4, 0);
    /// assert!(t.heap_size() >= 3 * 32 + 3 * 24);
    /// # Ok::<(), sgfkit::Error>(())
    /// ```
    pub fn heap_size(&self) -> usize {
        self.nodes.capacity() * size_of::<NodeData>()
            + self.props.capacity() * size_of::<PropData>()
            + self.pool.capacity()
            + self.games.capacity() * size_of::<u32>()
    }

    /// The bytes the collection was parsed from.
    pub fn source(&self) -> &[u8] {
        &self.src
    }

    /// The root nodes of the game trees, in file order.
    pub fn games(&self) -> impl ExactSizeIterator<Item = Node<'_, 'a>> + '_ {
        self.games.iter().map(move |&i| Node {
            coll: self,
            id: NodeId(i),
        })
    }

    /// The handle of node `id`.
    ///
    /// # Panics
    /// If `id` does not belong to this collection.
    pub fn node(&self, id: NodeId) -> Node<'_, 'a> {
        assert!(id.index() < self.nodes.len(), "NodeId out of range");
        Node { coll: self, id }
    }

    /// The number of nodes in all game trees (nodes removed by editing are
    /// not counted).
    pub fn node_count(&self) -> usize {
        self.games().map(|g| g.descendants().count()).sum()
    }

    /// The number of properties in all game trees.
    pub fn property_count(&self) -> usize {
        self.games()
            .flat_map(|g| g.descendants())
            .map(|n| n.data().props_len as usize)
            .sum()
    }

    fn text(&self, r: TextRef) -> &[u8] {
        let (buf, start) = if r.start & POOL_BIT != 0 {
            (&self.pool[..], r.start & !POOL_BIT)
        } else {
            (&self.src[..], r.start)
        };
        &buf[start as usize..(start + r.len) as usize]
    }
}

/// A node of a [`Collection`]: a cheap `Copy` handle with navigation methods.
#[derive(Clone, Copy)]
pub struct Node<'c, 'a> {
    coll: &'c Collection<'a>,
    id: NodeId,
}

impl fmt::Debug for Node<'_, '_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut d = f.debug_struct("Node");
        d.field("id", &self.id.0);
        for p in self.properties() {
            d.field(p.ident(), &String::from_utf8_lossy(p.values_raw()));
        }
        d.finish()
    }
}

impl PartialEq for Node<'_, '_> {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.coll, other.coll) && self.id == other.id
    }
}

impl<'c, 'a> Node<'c, 'a> {
    fn data(&self) -> &'c NodeData {
        &self.coll.nodes[self.id.index()]
    }

    fn at(&self, i: u32) -> Option<Node<'c, 'a>> {
        (i != NIL).then_some(Node {
            coll: self.coll,
            id: NodeId(i),
        })
    }

    /// This node's id.
    pub fn id(&self) -> NodeId {
        self.id
    }

    /// The parent node; `None` for the root of a game tree.
    pub fn parent(&self) -> Option<Node<'c, 'a>> {
        self.at(self.data().parent)
    }

    /// True for the root node of a game tree.
    pub fn is_root(&self) -> bool {
        self.data().parent == NIL
    }

    /// The first child: the next move of the main line from here.
    pub fn first_child(&self) -> Option<Node<'c, 'a>> {
        self.at(self.data().first_child)
    }

    /// The next sibling (the next variation at the same point).
    pub fn next_sibling(&self) -> Option<Node<'c, 'a>> {
        self.at(self.data().next_sibling)
    }

    /// The children, in file order: the first continues the main line, the
    /// others are variations.
    pub fn children(&self) -> impl Iterator<Item = Node<'c, 'a>> + use<'c, 'a> {
        std::iter::successors(self.first_child(), |n| n.next_sibling())
    }

    /// The number of children.
    pub fn child_count(&self) -> usize {
        self.children().count()
    }

    /// This node and the first child of each node after it: the main line.
    pub fn main_line(&self) -> impl Iterator<Item = Node<'c, 'a>> + use<'c, 'a> {
        std::iter::successors(Some(*self), |n| n.first_child())
    }

    /// This node and all below it, in pre-order (file order), without
    /// recursion.
    pub fn descendants(&self) -> Descendants<'c, 'a> {
        Descendants {
            top: *self,
            next: Some(*self),
        }
    }

    /// The root node of this node's game tree.
    pub fn game_root(&self) -> Node<'c, 'a> {
        Node {
            coll: self.coll,
            id: NodeId(self.data().root),
        }
    }

    /// The node's number in its game tree: the root is 0 and nodes are
    /// numbered in file order (pre-order), as the FF\[4\] spec suggests.
    ///
    /// ```
    /// let t = sgfkit::parse(b"(;C[root](;C[a];C[b](;C[c])(;C[d];C[e]))(;C[f]))")?;
    /// let root = t.games().next().unwrap();
    /// let nums: Vec<(String, usize)> = root
    ///     .descendants()
    ///     .map(|n| (String::from_utf8_lossy(n.get("C").unwrap().value()).into_owned(), n.number()))
    ///     .collect();
    /// assert_eq!(nums[5], ("e".to_string(), 5));
    /// assert_eq!(nums[6], ("f".to_string(), 6));
    /// # Ok::<(), sgfkit::Error>(())
    /// ```
    pub fn number(&self) -> usize {
        let root = self.game_root();
        if !self.coll.edited {
            return self.id.index() - root.id.index();
        }
        root.descendants()
            .position(|n| n.id == self.id)
            .unwrap_or(0)
    }

    /// The depth: 0 for a root, 1 for its children, …
    pub fn depth(&self) -> usize {
        let mut d = 0;
        let mut n = *self;
        while let Some(p) = n.parent() {
            d += 1;
            n = p;
        }
        d
    }

    /// The byte offset of this node's `;` in the source (`None` for nodes
    /// added by editing).
    pub fn offset(&self) -> Option<usize> {
        let o = self.data().offset;
        (o != NIL).then_some(o as usize)
    }

    /// The properties, in file order.
    pub fn properties(&self) -> impl ExactSizeIterator<Item = Property<'c>> + use<'c, 'a> {
        let d = self.data();
        let coll = self.coll;
        coll.props[d.props_start as usize..(d.props_start + d.props_len) as usize]
            .iter()
            .map(move |p| Property {
                ident: coll.text(p.ident),
                values_raw: coll.text(p.values),
                span: (p.span_start != NIL).then_some(p.span_start as usize..p.span_end as usize),
            })
    }

    /// The first property with identifier `ident` (FF\[4\] form, e.g. `"AB"`).
    pub fn get(&self, ident: &str) -> Option<Property<'c>> {
        self.properties()
            .find(|p| p.ident_bytes() == ident.as_bytes())
    }

    /// The collection this node belongs to.
    pub fn collection(&self) -> &'c Collection<'a> {
        self.coll
    }
}

/// Pre-order iterator over a node and its descendants; see
/// [`Node::descendants`].
#[derive(Debug, Clone)]
pub struct Descendants<'c, 'a> {
    top: Node<'c, 'a>,
    next: Option<Node<'c, 'a>>,
}

impl<'c, 'a> Iterator for Descendants<'c, 'a> {
    type Item = Node<'c, 'a>;
    fn next(&mut self) -> Option<Node<'c, 'a>> {
        let cur = self.next?;
        self.next = if let Some(c) = cur.first_child() {
            Some(c)
        } else {
            let mut n = cur;
            loop {
                if n.id == self.top.id {
                    break None;
                }
                if let Some(s) = n.next_sibling() {
                    break Some(s);
                }
                match n.parent() {
                    Some(p) => n = p,
                    None => break None,
                }
            }
        };
        Some(cur)
    }
}

/// A property of a node: its identifier and raw values, borrowed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Property<'c> {
    ident: &'c [u8],
    values_raw: &'c [u8],
    span: Option<Range<usize>>,
}

impl<'c> Property<'c> {
    /// The identifier in FF\[4\] form (`AB`, `C`, a private `XY`, …).
    pub fn ident(&self) -> &'c str {
        std::str::from_utf8(self.ident).unwrap_or("")
    }

    fn ident_bytes(&self) -> &'c [u8] {
        self.ident
    }

    /// The raw values text: `[..][..]` as in the file (whitespace between
    /// values included), or as written by an edit.
    pub fn values_raw(&self) -> &'c [u8] {
        self.values_raw
    }

    /// The values, each the raw bytes between `[` and `]`, escapes intact.
    pub fn values(&self) -> RawValues<'c> {
        RawValues::new(self.values_raw)
    }

    /// The first value, raw (most properties have exactly one).
    pub fn value(&self) -> &'c [u8] {
        self.values().next().unwrap_or(&[])
    }

    /// The byte span in the source, from the identifier to the last `]`
    /// (`None` for a property written by an edit).
    pub fn span(&self) -> Option<Range<usize>> {
        self.span.clone()
    }
}

/// Structural equality: the same game trees, node by node, with the same
/// properties in the same order and the same raw values. Source positions
/// and whitespace between values do not count.
impl PartialEq for Collection<'_> {
    fn eq(&self, other: &Self) -> bool {
        if self.games.len() != other.games.len() {
            return false;
        }
        self.games().zip(other.games()).all(|(a, b)| {
            let mut da = a.descendants();
            let mut db = b.descendants();
            loop {
                match (da.next(), db.next()) {
                    (None, None) => return true,
                    (Some(x), Some(y)) => {
                        if !same_node(x, y) {
                            return false;
                        }
                    }
                    _ => return false,
                }
            }
        })
    }
}

impl Eq for Collection<'_> {}

fn same_node(x: Node<'_, '_>, y: Node<'_, '_>) -> bool {
    // Same shape: the pre-order walk matches when each node has the same
    // number of children and the same properties.
    x.child_count() == y.child_count()
        && x.properties().len() == y.properties().len()
        && x.properties()
            .zip(y.properties())
            .all(|(p, q)| p.ident == q.ident && p.values().eq(q.values()))
}

// ---------------------------------------------------------------------------
// Building from events
// ---------------------------------------------------------------------------

/// A collection's arena without its source (so it can be paired with a
/// borrowed or an owned source).
struct Parts {
    pool: Vec<u8>,
    nodes: Vec<NodeData>,
    props: Vec<PropData>,
    games: Vec<u32>,
}

impl Parts {
    fn with_source(self, src: Cow<'_, [u8]>) -> Collection<'_> {
        Collection {
            src,
            pool: self.pool,
            nodes: self.nodes,
            props: self.props,
            games: self.games,
            edited: false,
        }
    }
}

fn build(
    src: &[u8],
    options: &ParseOptions,
    warnings: &mut dyn WarningSink,
) -> Result<Parts, Error> {
    let mut b = Builder::new(src, options)?;
    events::parse_events(src, options, &mut b, warnings)?;
    b.finish(src)
}

impl Builder {
    /// A builder for a tree over `src`: feed it the events of `src` (from the
    /// strict grammar or another reader), then call [`Builder::finish`].
    pub(crate) fn new(src: &[u8], options: &ParseOptions) -> Result<Builder, Error> {
        if src.len() > MAX_SOURCE_LEN {
            return Err(Error::new(
                ErrorKind::TooLarge {
                    what: "the tree indexes at most 2 GiB of source",
                },
                0..0,
                src,
            ));
        }
        // Real games average about 8.4 bytes per node and 7.5 per property;
        // files with long comments need far fewer (see `finish`).
        Ok(Builder {
            parts: Parts {
                pool: Vec::new(),
                nodes: Vec::with_capacity(src.len() / 8 + 1),
                props: Vec::with_capacity(src.len() / 7 + 1),
                games: Vec::new(),
            },
            attach: Vec::new(),
            current: NIL,
            max_nodes: options.max_nodes,
            overflow: false,
        })
    }

    fn finish(mut self, src: &[u8]) -> Result<Parts, Error> {
        // Give back what the reservation overestimated (comment-heavy files),
        // so a tree costs what it holds.
        fn trim<T>(v: &mut Vec<T>) {
            if v.capacity() > v.len() + v.len() / 4 + 16 {
                v.shrink_to_fit();
            }
        }
        trim(&mut self.parts.nodes);
        trim(&mut self.parts.props);
        if self.overflow {
            return Err(Error::new(
                ErrorKind::TooLarge {
                    what: "more nodes than ParseOptions::max_nodes",
                },
                0..0,
                src,
            ));
        }
        Ok(self.parts)
    }

    /// Adds a property whose identifier and values text are not a slice of
    /// the source (a reader repaired them): both go to the edit pool.
    /// `ident` must be upper-case letters, `values_raw` `[..]` groups that the
    /// strict grammar reads back as they are; `span` is where the property
    /// stood in the source.
    pub(crate) fn property_repaired(
        &mut self,
        ident: &[u8],
        values_raw: &[u8],
        span: Range<usize>,
    ) {
        if self.overflow || self.parts.nodes.get(self.current as usize).is_none() {
            return;
        }
        let pool = &mut self.parts.pool;
        if pool.len() + ident.len() + values_raw.len() >= POOL_BIT as usize {
            self.overflow = true;
            return;
        }
        let ident_ref = TextRef {
            start: pool.len() as u32 | POOL_BIT,
            len: ident.len() as u32,
        };
        pool.extend_from_slice(ident);
        let values_ref = TextRef {
            start: pool.len() as u32 | POOL_BIT,
            len: values_raw.len() as u32,
        };
        pool.extend_from_slice(values_raw);
        self.parts.props.push(PropData {
            ident: ident_ref,
            values: values_ref,
            span_start: span.start as u32,
            span_end: span.end as u32,
        });
        if let Some(n) = self.parts.nodes.get_mut(self.current as usize) {
            n.props_len += 1;
        }
    }

    /// Finishes the tree over a source the collection borrows.
    pub(crate) fn finish_borrowed(self, src: &[u8]) -> Result<Collection<'_>, Error> {
        Ok(self.finish(src)?.with_source(Cow::Borrowed(src)))
    }
}

/// Builds a tree from events (see [`Handler`]); the events' offsets and
/// slices must come from the `src` given to [`Builder::new`].
pub(crate) struct Builder {
    parts: Parts,
    /// For each open game tree: the node its first node hangs from.
    attach: Vec<u32>,
    /// The node properties go to.
    current: u32,
    max_nodes: usize,
    overflow: bool,
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
        let nodes = &mut self.parts.nodes;
        if nodes.len() >= self.max_nodes {
            self.overflow = true;
            return;
        }
        let id = nodes.len() as u32;
        let parent = self.current;
        let root = if parent == NIL {
            id
        } else {
            nodes[parent as usize].root
        };
        nodes.push(NodeData {
            parent,
            root,
            first_child: NIL,
            last_child: NIL,
            next_sibling: NIL,
            props_start: self.parts.props.len() as u32,
            props_len: 0,
            offset: offset as u32,
        });
        if parent == NIL {
            self.parts.games.push(id);
        } else {
            let p = &mut nodes[parent as usize];
            let last = p.last_child;
            p.last_child = id;
            if last == NIL {
                p.first_child = id;
            } else {
                nodes[last as usize].next_sibling = id;
            }
        }
        self.current = id;
    }

    #[inline]
    fn property(&mut self, prop: RawProperty<'a>, span: Range<usize>) {
        if self.overflow {
            return;
        }
        let ident_len = prop.ident().len() as u32;
        let ident = if prop.has_lowercase() {
            let read = events::normalize_ident(prop.ident());
            let start = self.parts.pool.len() as u32 | POOL_BIT;
            self.parts.pool.extend_from_slice(read.as_bytes());
            TextRef {
                start,
                len: read.len() as u32,
            }
        } else {
            TextRef {
                start: span.start as u32,
                len: ident_len,
            }
        };
        let values_len = prop.values_raw().len() as u32;
        self.parts.props.push(PropData {
            ident,
            values: TextRef {
                start: span.end as u32 - values_len,
                len: values_len,
            },
            span_start: span.start as u32,
            span_end: span.end as u32,
        });
        if let Some(n) = self.parts.nodes.get_mut(self.current as usize) {
            n.props_len += 1;
        }
    }
}

#[cfg(test)]
mod tests;
