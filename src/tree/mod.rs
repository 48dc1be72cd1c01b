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
//! # Ok::<(), sgfkit::ParseError>(())
//! ```

mod build;
mod edit;
mod lines;
mod preorder;
mod runs;
mod shape;
mod store;

pub(crate) use build::Builder;
pub use edit::EditError;
pub(crate) use edit::NewProp;
pub use lines::Lines;
pub(crate) use preorder::Preorder;
pub(crate) use shape::Step;

use crate::ParseOptions;
use crate::error::{ParseError, WarningSink};
use crate::grammar::RawValues;
use std::borrow::Cow;
use std::fmt;
use std::ops::Range;
use store::{
    Links, ListWalk, NIL, NodeData, Overlay, POOL_BIT, PropData, TextRef, listed, parent_in,
    sibling_in,
};

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

/// A parsed (or built) SGF collection: one or more game trees.
///
/// Parse with [`crate::parse`] or [`Collection::parse_with`]; build one from
/// scratch with [`Collection::new`] and the editing methods.
#[derive(Clone)]
pub struct Collection<'a> {
    src: Cow<'a, [u8]>,
    pool: Vec<u8>,
    nodes: Vec<NodeData>,
    /// The nodes as parsed whose parent is not the node before them
    /// (roots aside), with their parent, by id (see `store`).
    parents: Vec<(u32, u32)>,
    /// The nodes as parsed that have a next sibling, with it, by id.
    siblings: Vec<(u32, u32)>,
    props: Vec<PropData>,
    /// The game roots in order; while not thawed, increasing.
    games: Vec<u32>,
    /// The nodes as parsed whose `;` is not right before their first
    /// property, with its offset, by id (see `store`).
    odd_offsets: Vec<(u32, u32)>,
    /// Empty while frozen; once thawed, the links of the nodes edits
    /// touched or added (see `store`).
    overlay: Overlay,
    /// True once the first edit that changes the shape or moves
    /// properties started the overlay.
    thawed: bool,
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
            parents: Vec::new(),
            siblings: Vec::new(),
            props: Vec::new(),
            games: Vec::new(),
            odd_offsets: Vec::new(),
            overlay: Overlay::default(),
            thawed: false,
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
    ) -> Result<Collection<'a>, ParseError> {
        build::build(src, options, warnings, Cow::Borrowed(src))
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
    ) -> Result<Collection<'static>, ParseError> {
        let parts = build::build_parts(&src, options, warnings)?;
        Ok(parts.with_source(Cow::Owned(src)))
    }

    /// The same collection owning its source bytes.
    pub fn into_owned(mut self) -> Collection<'static> {
        let src = std::mem::take(&mut self.src).into_owned();
        self.with_src(Cow::Owned(src))
    }

    /// The collection with no source (an empty one in its place), free of
    /// the borrow of its own: for [`Collection::reattach`], once the owner
    /// of the bytes it borrowed is free to move.
    #[cfg(feature = "encoding")]
    pub(crate) fn detach(self) -> Collection<'static> {
        self.with_src(Cow::Borrowed(&[]))
    }

    /// The same tree over `src` in place of its source.
    fn with_src<'b>(self, src: Cow<'b, [u8]>) -> Collection<'b> {
        Collection {
            src,
            pool: self.pool,
            nodes: self.nodes,
            parents: self.parents,
            siblings: self.siblings,
            props: self.props,
            games: self.games,
            odd_offsets: self.odd_offsets,
            overlay: self.overlay,
            thawed: self.thawed,
            edited: self.edited,
        }
    }

    /// A [`Collection::detach`]ed collection given back its source, owned:
    /// `src` must be the bytes it was read from (their owner), which are
    /// then not copied as [`Collection::into_owned`] copies them.
    #[cfg(feature = "encoding")]
    pub(crate) fn reattach(self, src: Vec<u8>) -> Collection<'static> {
        Collection {
            src: Cow::Owned(src),
            ..self
        }
    }

    /// The heap memory the tree itself holds, in bytes: its node and
    /// property arenas, its list of games and its pool of edited text (not
    /// the source it borrows or owns).
    ///
    /// A parsed tree costs 4 bytes a node, 8 a property and 4 a game, and
    /// 8 bytes more for each node where a variation branches off (the first
    /// node of a variation other than the main line, and the node it
    /// follows as a sibling); properties not written in plain FF\[4\] form
    /// (`AddBlack[aa]`, `B [aa]`, an identifier longer than 15 letters)
    /// cost 16 bytes more and their identifier, and nodes whose `;` is not
    /// right before their first property (`;` alone, `; B[aa]`) 8 bytes
    /// more. For real games that is 0.8 to 1.7 times the size of the file
    /// (Kogo's Joseki Dictionary; the Fox professional games), and 2.0 for
    /// the densest form, a file of bare moves (`;B[pd];W[dd]`). The reader
    /// sizes the arenas from a count of `;` and `[` and keeps spare room
    /// of less than an eighth (comments holding `;` or `[`), rather than
    /// reallocate them; an arena of 256 KiB or more also keeps a sixteenth
    /// more for a first edit to grow into, counted here but not resident
    /// until written (Kogo's tree then counts 0.82 times its file, the
    /// Fox games' 1.82). The first edit that changes the tree's shape
    /// reserves that room and a bit a node, and each node an edit touches
    /// or adds costs some 50 bytes (its links, stored).
    ///
    /// ```
    /// let t = sgfkit::parse(b"(;GM[1];B[aa];W[bb])")?;
    /// assert_eq!(t.heap_size(), 3 * 4 + 3 * 8 + 4);
    ///
    /// // A variation: its first node is listed with its parent, and the
    /// // node before it with its next sibling (8 bytes each).
    /// let t = sgfkit::parse(b"(;GM[1](;B[aa])(;B[bb]))")?;
    /// assert_eq!(t.heap_size(), 3 * 4 + 8 + 8 + 3 * 8 + 4);
    /// # Ok::<(), sgfkit::ParseError>(())
    /// ```
    pub fn heap_size(&self) -> usize {
        self.nodes.capacity() * size_of::<NodeData>()
            + (self.parents.capacity() + self.siblings.capacity()) * size_of::<(u32, u32)>()
            + self.props.capacity() * size_of::<PropData>()
            + self.pool.capacity()
            + self.games.capacity() * size_of::<u32>()
            + self.odd_offsets.capacity() * size_of::<(u32, u32)>()
            + self.overlay.heap_size()
    }

    /// True while node ids are in pre-order within each game tree (no edit
    /// changed the shape): then a node's number is its id minus its root's.
    /// Public for sgfkit-export, which numbers nodes by their ids.
    #[doc(hidden)]
    pub fn ids_in_preorder(&self) -> bool {
        !self.edited
    }

    /// The nodes and the leaves (nodes without a child) of the game tree
    /// at `root`, counted on the arena while ids are in pre-order
    /// ([`Collection::ids_in_preorder`]): the tree is the ids from its root
    /// to the next game's, and a node has a child when the next id is its
    /// child. `None` once edited (or for a `root` that is no game's root).
    /// Public for sgfkit-export, the one crate that counts shapes.
    #[doc(hidden)]
    pub fn shape_in_preorder(&self, root: NodeId) -> Option<(usize, usize)> {
        if self.edited {
            return None;
        }
        let k = self.games.partition_point(|&g| g < root.0);
        if self.games.get(k) != Some(&root.0) {
            return None;
        }
        let start = root.index();
        let end = self
            .games
            .get(k + 1)
            .map_or(self.nodes.len(), |&g| g as usize);
        let nodes = self.nodes.get(start..end)?;
        // Nodes that are the first child of the node before them.
        let first_children = nodes
            .iter()
            .skip(1)
            .zip(root.0..)
            .filter(|(n, _)| !n.listed_parent())
            .count();
        Some((nodes.len(), nodes.len() - first_children))
    }

    /// The bytes the collection was parsed from.
    pub fn source(&self) -> &[u8] {
        &self.src
    }

    /// The bytes the collection was parsed from, the tree dropped: no copy
    /// when the collection owns them. Edits never change the source (what
    /// they write is kept apart), so these are the bytes as read.
    ///
    /// ```
    /// let text = b"(;GM[1];B[aa])".to_vec();
    /// let mut c = sgfkit::read_owned(text, &Default::default())?.into_collection();
    /// let root = c.games().next().unwrap().id();
    /// c.set_property(root, "C", ["edited"]).unwrap();
    /// assert_eq!(c.into_source().as_ref(), b"(;GM[1];B[aa])");
    /// # Ok::<(), sgfkit::ParseError>(())
    /// ```
    pub fn into_source(self) -> Cow<'a, [u8]> {
        self.src
    }

    /// The root nodes of the game trees, in file order.
    pub fn games(&self) -> impl ExactSizeIterator<Item = Node<'_, 'a>> + '_ {
        self.games.iter().map(move |&i| Node {
            coll: self,
            id: NodeId(i),
        })
    }

    /// `id` indexes a node of this collection (one removed by an edit
    /// included): [`Collection::node`] gives its handle without panicking.
    pub(crate) fn indexes(&self, id: NodeId) -> bool {
        id.index() < self.nodes.len()
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
        if !self.edited {
            // Every node is in a game tree until an edit removes one.
            return self.nodes.len();
        }
        self.games().map(|g| g.descendants().count()).sum()
    }

    /// The number of properties in all game trees.
    pub fn property_count(&self) -> usize {
        if !self.edited {
            return (0..self.nodes.len() as u32)
                .map(|i| self.props_range(i).len())
                .sum();
        }
        self.games()
            .flat_map(|g| g.descendants())
            .map(|n| self.props_range(n.id.0).len())
            .sum()
    }

    /// The bytes `r` refers to (empty if out of range, which the builder and
    /// the editing methods never write).
    #[inline]
    fn text(&self, r: TextRef) -> &[u8] {
        let (buf, start) = if r.start & POOL_BIT != 0 {
            (&self.pool[..], r.start & !POOL_BIT)
        } else {
            (&self.src[..], r.start)
        };
        let start = start as usize;
        buf.get(start..start + r.len as usize).unwrap_or(&[])
    }

    /// The property `p`, read back.
    #[inline]
    fn property(&self, p: PropData) -> Property<'_> {
        if let Some(span) = p.source_span()
            && let Some(text) = self.src.get(span.clone())
        {
            let k = store::ident_len(text);
            return Property {
                ident: &text[..k],
                values_raw: &text[k..],
                span: Some(span),
            };
        }
        let d = p.decode(&self.src, &self.pool);
        Property {
            ident: self.text(d.ident),
            values_raw: self.text(d.values),
            span: d.span.map(|(s, e)| s as usize..e as usize),
        }
    }

    /// The identifier and values text of a property.
    #[inline]
    fn raw_property(&self, p: PropData) -> (&[u8], &[u8]) {
        if let Some(span) = p.source_span()
            && let Some(text) = self.src.get(span)
        {
            return text.split_at(store::ident_len(text));
        }
        let p = self.property(p);
        (p.ident, p.values_raw)
    }

    /// The first child of node `i`, or NIL.
    #[inline]
    fn first_child_of(&self, i: u32) -> u32 {
        if let Some(l) = self.touched(i) {
            return l.first_child;
        }
        // Pre-order: a first child comes right after its parent (a node
        // added by an edit is marked as listed: never a derived child).
        match self.nodes.get(i as usize + 1) {
            Some(n) if !n.listed_parent() => i + 1,
            _ => NIL,
        }
    }

    /// The parent of node `i`, or NIL.
    #[inline]
    fn parent_of(&self, i: u32) -> u32 {
        if let Some(l) = self.touched(i) {
            return l.parent;
        }
        parent_in(&self.nodes, i, |i| listed(&self.parents, i))
    }

    /// The next sibling of node `i`, or NIL.
    #[inline]
    fn next_sibling_of(&self, i: u32) -> u32 {
        if let Some(l) = self.touched(i) {
            return l.next_sibling;
        }
        sibling_in(&self.nodes, i, |i| listed(&self.siblings, i))
    }

    /// The indices of node `i`'s properties.
    #[inline]
    fn props_range(&self, i: u32) -> Range<usize> {
        let i = i as usize;
        let start = self.nodes.get(i).map_or(0, |n| n.props_start());
        let end = if let Some(l) = self.touched(i as u32) {
            l.props_end as usize
        } else if self.thawed {
            // As when the tree thawed.
            if i + 1 < self.overlay.nodes as usize {
                self.nodes[i + 1].props_start()
            } else {
                self.overlay.props as usize
            }
        } else {
            // Pre-order: a node's properties end where the next node's start.
            self.nodes
                .get(i + 1)
                .map_or(self.props.len(), |n| n.props_start())
        };
        start..end.max(start)
    }

    /// The offset of node `i`'s `;`, or NIL.
    fn offset_of(&self, i: u32) -> u32 {
        if let Some(l) = self.touched(i) {
            return l.offset;
        }
        self.frozen_offset(i, listed(&self.odd_offsets, i))
    }

    /// The offset of node `i`'s `;` in a frozen tree, given its entry in
    /// `odd_offsets` (if any): the offset listed there, or right before the
    /// node's first property.
    pub(super) fn frozen_offset(&self, i: u32, odd: Option<u32>) -> u32 {
        if let Some(o) = odd {
            return o;
        }
        let first = self.props.get(self.props_range(i).start);
        first
            .and_then(|&p| match p.source_span() {
                Some(r) => Some(r.start as u32),
                None => p.decode(&self.src, &self.pool).span.map(|(s, _)| s),
            })
            .map_or(NIL, |s| s.wrapping_sub(1))
    }

    /// The root of node `i`'s game tree.
    #[inline]
    fn root_of(&self, i: u32) -> u32 {
        if let Some(l) = self.touched(i) {
            return l.root;
        }
        // Pre-order: the games' roots are increasing and each game's nodes
        // follow its root (as they were when the tree thawed).
        let games = if self.thawed {
            &self.overlay.games
        } else {
            &self.games
        };
        let k = games.partition_point(|&g| g <= i);
        k.checked_sub(1).map_or(i, |k| games[k])
    }

    /// The links of node `i` if the tree is thawed and an edit touched or
    /// added the node.
    #[inline]
    fn touched(&self, i: u32) -> Option<&Links> {
        if self.thawed {
            self.overlay.get(i)
        } else {
            None
        }
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
        self.at(self.coll.parent_of(self.id.0))
    }

    /// True for the root node of a game tree.
    pub fn is_root(&self) -> bool {
        self.coll.parent_of(self.id.0) == NIL
    }

    /// The first child: the next move of the main line from here.
    pub fn first_child(&self) -> Option<Node<'c, 'a>> {
        self.at(self.coll.first_child_of(self.id.0))
    }

    /// The next sibling (the next variation at the same point).
    pub fn next_sibling(&self) -> Option<Node<'c, 'a>> {
        self.at(self.coll.next_sibling_of(self.id.0))
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
        let coll = self.coll;
        Descendants {
            top: *self,
            next: Some(*self),
            parents: (!coll.thawed).then(|| ListWalk::from(&coll.parents, self.id.0 + 1)),
        }
    }

    /// The root node of this node's game tree, found in O(log games).
    pub fn game_root(&self) -> Node<'c, 'a> {
        let root = self.coll.root_of(self.id.0);
        Node {
            coll: self.coll,
            id: if root == NIL { self.id } else { NodeId(root) },
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
    /// # Ok::<(), sgfkit::ParseError>(())
    /// ```
    pub fn number(&self) -> usize {
        let root = self.game_root();
        if self.coll.ids_in_preorder() {
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
        let o = self.coll.offset_of(self.id.0);
        (o != NIL).then_some(o as usize)
    }

    /// The properties, in file order. `nth(k)` goes straight to the k-th.
    ///
    /// ```
    /// let c = sgfkit::parse(b"(;FF[4]GM[1]SZ[9])")?;
    /// let root = c.games().next().unwrap();
    /// assert_eq!(root.properties().nth(2).unwrap().ident(), "SZ");
    /// assert_eq!(root.properties().len(), 3);
    /// # Ok::<(), sgfkit::ParseError>(())
    /// ```
    pub fn properties(&self) -> Properties<'c, 'a> {
        Properties {
            coll: self.coll,
            data: self.prop_data().iter(),
        }
    }

    /// This node's entries in the property arena, in file order.
    #[inline]
    fn prop_data(&self) -> &'c [PropData] {
        let coll = self.coll;
        coll.props.get(coll.props_range(self.id.0)).unwrap_or(&[])
    }

    /// The identifier and raw values text of each property, in file order,
    /// as [`Node::properties`] gives them ([`Property::ident`] and
    /// [`Property::values_raw`]: every value in its brackets, escapes left
    /// in place) but without building a [`Property`]: for loops that look
    /// at millions of nodes, such as reading the moves of a game.
    ///
    /// ```
    /// let tree = sgfkit::parse(b"(;B[pd]C[a\\]b]AB[dd][pp])").unwrap();
    /// let node = tree.games().next().unwrap();
    /// let raw: Vec<_> = node.raw_properties().collect();
    /// assert_eq!(raw[0], (&b"B"[..], &b"[pd]"[..]));
    /// assert_eq!(raw[1], (&b"C"[..], &br"[a\]b]"[..]));
    /// assert_eq!(raw[2], (&b"AB"[..], &b"[dd][pp]"[..]));
    /// ```
    #[inline]
    pub fn raw_properties(
        &self,
    ) -> impl ExactSizeIterator<Item = (&'c [u8], &'c [u8])> + use<'c, 'a> {
        let coll = self.coll;
        self.prop_data().iter().map(move |&p| coll.raw_property(p))
    }

    /// The first property with identifier `ident` (FF\[4\] form, e.g. `"AB"`).
    pub fn get(&self, ident: &str) -> Option<Property<'c>> {
        let coll = self.coll;
        let ident = ident.as_bytes();
        self.prop_data().iter().find_map(|&p| {
            // A property stored as its span is `IDENT[`: compare in place.
            if let Some(span) = p.source_span() {
                let text = coll.src.get(span)?;
                // One or two letters (what is nearly always asked for)
                // compared without a call.
                let hit = match (ident, text) {
                    ([a], [x, b'[', ..]) => a == x,
                    ([a, b], [x, y, b'[', ..]) => a == x && b == y,
                    ([_] | [_, _], _) => false,
                    _ => text.starts_with(ident) && text.get(ident.len()) == Some(&b'['),
                };
                return hit.then(|| coll.property(p));
            }
            let p = coll.property(p);
            (p.ident_bytes() == ident).then_some(p)
        })
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
    /// In a frozen tree, the walk along its list of parents: the nodes
    /// below `top` are the ids after it, up to the first whose parent is
    /// above `top` (or that is a root).
    parents: Option<ListWalk<'c>>,
}

impl<'c, 'a> Iterator for Descendants<'c, 'a> {
    type Item = Node<'c, 'a>;
    fn next(&mut self) -> Option<Node<'c, 'a>> {
        let cur = self.next?;
        if let Some(parents) = &mut self.parents {
            let coll = cur.coll;
            let i = cur.id.0 + 1;
            // In pre-order, node `i` is in the subtree when its parent is
            // not before `top` (a root has none).
            let parent = parent_in(&coll.nodes, i, |i| parents.get(i));
            let below = parent != NIL && parent >= self.top.id.0;
            self.next = below.then_some(Node {
                coll,
                id: NodeId(i),
            });
            return Some(cur);
        }
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

/// Every identifier of one or two capital letters as text, by the slot
/// [`ident_str`] computes: `A` at 0, `AA`…`AZ` at 1…26, `B` at 27, and so
/// on.
static IDENTS: [&str; 26 * 27] = {
    // The letters `A`…`Z`, then every pair `AA`…`ZZ`.
    const BYTES: [u8; 26 + 2 * 26 * 26] = {
        let mut b = [0u8; 26 + 2 * 26 * 26];
        let mut i = 0;
        while i < 26 {
            b[i] = b'A' + i as u8;
            i += 1;
        }
        let mut i = 0;
        while i < 26 * 26 {
            b[26 + 2 * i] = b'A' + (i / 26) as u8;
            b[26 + 2 * i + 1] = b'A' + (i % 26) as u8;
            i += 1;
        }
        b
    };
    const fn text(at: usize, len: usize) -> &'static str {
        match std::str::from_utf8(BYTES.split_at(at).1.split_at(len).0) {
            Ok(s) => s,
            Err(_) => "",
        }
    }
    let mut t = [""; 26 * 27];
    let mut a = 0;
    while a < 26 {
        t[a * 27] = text(a, 1);
        let mut b = 0;
        while b < 26 {
            t[a * 27 + b + 1] = text(26 + 2 * (26 * a + b), 2);
            b += 1;
        }
        a += 1;
    }
    t
};

/// `ident` as text: one or two capital letters (nearly every identifier)
/// come from a table, without a UTF-8 check; other bytes are checked
/// (invalid UTF-8 gives `""`).
#[inline]
fn ident_str(ident: &[u8]) -> &str {
    let slot = match *ident {
        [a @ b'A'..=b'Z'] => usize::from(a - b'A') * 27,
        [a @ b'A'..=b'Z', b @ b'A'..=b'Z'] => {
            usize::from(a - b'A') * 27 + usize::from(b - b'A') + 1
        }
        _ => return std::str::from_utf8(ident).unwrap_or(""),
    };
    IDENTS.get(slot).copied().unwrap_or("")
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
    #[inline]
    pub fn ident(&self) -> &'c str {
        ident_str(self.ident)
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

/// The properties of a node, in file order; see [`Node::properties`].
#[derive(Clone)]
pub struct Properties<'c, 'a> {
    coll: &'c Collection<'a>,
    data: std::slice::Iter<'c, PropData>,
}

impl<'c> Iterator for Properties<'c, '_> {
    type Item = Property<'c>;

    #[inline]
    fn next(&mut self) -> Option<Property<'c>> {
        self.data.next().map(|&p| self.coll.property(p))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.data.size_hint()
    }

    /// The k-th property from here, without building those before it.
    fn nth(&mut self, k: usize) -> Option<Property<'c>> {
        self.data.nth(k).map(|&p| self.coll.property(p))
    }
}

impl ExactSizeIterator for Properties<'_, '_> {}

impl std::iter::FusedIterator for Properties<'_, '_> {}

impl fmt::Debug for Properties<'_, '_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Properties")
            .field("left", &self.data.len())
            .finish()
    }
}

#[cfg(test)]
mod tests;
