//! Editing a [`Collection`] in place: games, nodes and properties.
//!
//! Values given to the editing methods are *raw*: SGF value text with its
//! escapes (`\]`, `\\`). [`crate::text`] turns plain text into raw values.
//! Removed nodes and replaced properties stay in the arena as unreachable
//! garbage until the collection is dropped; handles to them must not be used.
//!
//! The first edit that changes the shape of the tree or moves properties
//! *thaws* it (see `store`): room for a sixteenth more nodes and
//! properties, once, and a bit a node; then each parsed node an edit
//! touches stores its links (some 50 bytes, hashed by id) and each node an
//! edit adds its 28 (by id); the others derive them as before.

use super::Collection;
use super::NodeId;
use super::store::{
    Links, MAX_PROPS, NIL, NodeData, Overlay, PoolFull, PropData, edit_room, pool_text,
};
use crate::grammar::value_end;

/// Why an edit was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum EditError {
    /// A property identifier must be one or more letters `A`–`Z`.
    #[error("`{0}` is not a property identifier (one or more letters A-Z)")]
    BadIdent(String),
    /// A raw value has an unescaped `]` or ends with a lone `\`.
    #[error("raw value {0:?} has an unescaped `]` or a trailing `\\`")]
    BadValue(String),
    /// A property needs at least one value (`[]` is one empty value).
    #[error("a property needs at least one value")]
    NoValues,
    /// The node is not in the collection (removed, or out of range).
    #[error("node {0} is not in the collection")]
    NoSuchNode(usize),
    /// A child index is out of range.
    #[error("child index {index} out of range (the node has {count} children)")]
    BadChildIndex {
        /// The index given.
        index: usize,
        /// The number of children.
        count: usize,
    },
    /// The operation does not apply to the root of a game tree.
    #[error("node {0} is the root of a game tree")]
    IsRoot(usize),
    /// The collection grew past what 31-bit offsets can index.
    #[error("the collection is too large to edit further")]
    TooLarge,
}

/// One property for [`Collection::rebuild_properties`].
#[derive(Debug, Clone, Copy)]
pub(crate) enum NewProp<'v> {
    /// The node's property at this index, as it is.
    Keep(usize),
    /// A new property: identifier and raw values.
    New(&'v str, &'v [Vec<u8>]),
}

impl Collection<'_> {
    /// Adds a new game tree (an empty root node) at the end and returns its
    /// root.
    ///
    /// ```
    /// let mut c = sgfkit::Collection::new();
    /// let root = c.add_game();
    /// c.set_property(root, "GM", ["1"])?;
    /// c.set_property(root, "SZ", ["9"])?;
    /// let m = c.add_child(root)?;
    /// c.set_property(m, "B", ["ee"])?;
    /// assert_eq!(c.to_string(), "(;GM[1]SZ[9]\n;B[ee])\n");
    /// # Ok::<(), sgfkit::EditError>(())
    /// ```
    pub fn add_game(&mut self) -> NodeId {
        let id = self.new_node(NIL);
        self.games.push(id.0);
        self.edited = true;
        id
    }

    /// Appends a new, empty child to `parent` (a new variation if `parent`
    /// already has children).
    ///
    /// # Errors
    /// [`EditError::NoSuchNode`] if `parent` is not in the collection.
    pub fn add_child(&mut self, parent: NodeId) -> Result<NodeId, EditError> {
        self.check(parent)?;
        let id = self.new_node(parent.0);
        let p = self.links_mut(parent.0);
        let last = p.last_child;
        p.last_child = id.0;
        if last == NIL {
            p.first_child = id.0;
        } else {
            self.links_mut(last).next_sibling = id.0;
        }
        self.edited = true;
        Ok(id)
    }

    /// Copies `from` (a node of this or any other collection) and everything
    /// below it, except the subtrees of the nodes below `from` for which
    /// `leave_out` is true: a new last child of `parent`, or a new game tree
    /// at the end when `parent` is `None`. Properties, raw values and
    /// variations keep their order; the copy of `from` is returned. Deep
    /// trees are copied without recursion.
    ///
    /// ```
    /// let other = sgfkit::parse(b"(;GM[1];B[aa](;W[bb])(;W[cc]C[x\\]]))")?;
    /// let mut c = sgfkit::Collection::new();
    /// let move1 = other.games().next().unwrap().first_child().unwrap();
    /// c.copy_subtree(move1, None, |_| false)?; // as a game tree of its own
    /// c.copy_subtree(move1, None, |n| n.get("C").is_some())?; // without W[cc]
    /// assert_eq!(c.to_string(), "(;B[aa]\n(;W[bb])\n(;W[cc]C[x\\]]))\n(;B[aa]\n;W[bb])\n");
    /// # Ok::<(), sgfkit::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`EditError::NoSuchNode`] if `parent` is not in the collection;
    /// [`EditError::TooLarge`] if the collection cannot grow further.
    pub fn copy_subtree(
        &mut self,
        from: crate::Node<'_, '_>,
        parent: Option<NodeId>,
        mut leave_out: impl FnMut(crate::Node<'_, '_>) -> bool,
    ) -> Result<NodeId, EditError> {
        let top = match parent {
            Some(p) => self.add_child(p)?,
            None => self.add_game(),
        };
        // Nodes copied whose properties and children are still to come.
        let mut stack = vec![(from, top)];
        while let Some((src, dst)) = stack.pop() {
            for p in src.properties() {
                self.push_property(dst, p.ident(), p.values())?;
            }
            let mut kids = Vec::with_capacity(src.child_count());
            for child in src.children().filter(|&c| !leave_out(c)) {
                kids.push((child, self.add_child(dst)?));
            }
            stack.extend(kids.into_iter().rev());
        }
        Ok(top)
    }

    /// Detaches `node` and everything below it from its tree (a root is
    /// removed from the collection's games).
    ///
    /// # Errors
    /// [`EditError::NoSuchNode`] if `node` is not in the collection.
    pub fn remove_subtree(&mut self, node: NodeId) -> Result<(), EditError> {
        self.check(node)?;
        self.thaw();
        let parent = self.parent_of(node.0);
        if parent == NIL {
            self.games.retain(|&g| g != node.0);
        } else {
            let mut kids = self.child_ids(parent);
            kids.retain(|&k| k != node.0);
            self.relink(parent, &kids);
        }
        let l = self.links_mut(node.0);
        l.parent = NIL;
        l.next_sibling = NIL;
        l.root = NIL;
        self.edited = true;
        Ok(())
    }

    /// Moves the child at index `from` of `parent` to index `to` (index 0 is
    /// the main line).
    ///
    /// ```
    /// let mut c = sgfkit::parse(b"(;(;B[aa])(;B[bb]))")?.into_owned();
    /// let root = c.games().next().unwrap().id();
    /// c.move_child(root, 1, 0).unwrap();
    /// assert_eq!(c.to_string(), "(;\n(;B[bb])\n(;B[aa]))\n");
    /// # Ok::<(), sgfkit::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`EditError::BadChildIndex`] or [`EditError::NoSuchNode`].
    pub fn move_child(&mut self, parent: NodeId, from: usize, to: usize) -> Result<(), EditError> {
        self.check(parent)?;
        self.thaw();
        let mut kids = self.child_ids(parent.0);
        let count = kids.len();
        for index in [from, to] {
            if index >= count {
                return Err(EditError::BadChildIndex { index, count });
            }
        }
        let k = kids.remove(from);
        kids.insert(to, k);
        self.relink(parent.0, &kids);
        self.edited = true;
        Ok(())
    }

    /// Sets property `ident` of `node` to the given raw values, replacing the
    /// first property with that identifier in place, or appending it.
    ///
    /// # Errors
    /// A bad identifier or value, no values, or a node not in the collection.
    pub fn set_property<V: AsRef<[u8]>>(
        &mut self,
        node: NodeId,
        ident: &str,
        values: impl IntoIterator<Item = V>,
    ) -> Result<(), EditError> {
        self.check(node)?;
        let prop = self.new_prop(ident, values)?;
        let range = self.props_range(node.0);
        let existing = self.props[range.clone()]
            .iter()
            .position(|&p| self.property(p).ident == ident.as_bytes());
        match existing {
            Some(k) => {
                if k == 0 {
                    // The node's offset may follow from the first
                    // property's span, which the new one has not.
                    self.links_mut(node.0);
                }
                self.props[range.start + k] = prop;
            }
            None => self.append_prop(node, prop)?,
        }
        Ok(())
    }

    /// Sets `CA[UTF-8]` on the game roots whose `;` is at a byte offset
    /// `which` picks (the roots of the trees the readers transcoded), as
    /// [`Collection::set_property`] on each of them does, but in one pass
    /// over the properties that keeps a frozen tree frozen: setting a
    /// property one root at a time thaws the tree and moves each root's
    /// properties to the end. A root where the value cannot be stored
    /// (the pool is full) is left as it is, as `set_property` would.
    #[cfg(feature = "encoding")]
    pub(crate) fn mark_roots_utf8(&mut self, which: impl Fn(u32) -> bool) {
        let picked = |c: &Self, root: u32| which(c.offset_of(root));
        if self.thawed {
            let roots = self.games.clone();
            for root in roots {
                if picked(self, root) {
                    let _ = self.set_property(NodeId(root), "CA", ["UTF-8"]);
                }
            }
            return;
        }
        // A root with a `CA` gets the new value in its place; a root
        // without one gets it after its last property, which shifts the
        // properties of the nodes after it (done at the end, in one pass).
        let games = std::mem::take(&mut self.games);
        let mut inserts: Vec<(u32, usize, PropData)> = Vec::new();
        let mut new_odd: Vec<(u32, u32)> = Vec::new();
        for &root in &games {
            if !picked(self, root) {
                continue;
            }
            let Ok(ca) = self.new_prop("CA", ["UTF-8"]) else {
                continue;
            };
            let range = self.props_range(root);
            let existing = self.props[range.clone()]
                .iter()
                .position(|&p| self.property(p).ident == b"CA");
            match existing {
                Some(k) => {
                    // The node's offset followed from the first
                    // property's span, which the new one has not.
                    if k == 0 && super::store::listed(&self.odd_offsets, root).is_none() {
                        new_odd.push((root, self.offset_of(root)));
                    }
                    self.props[range.start + k] = ca;
                }
                None => inserts.push((root, range.end, ca)),
            }
        }
        if !new_odd.is_empty() {
            let old = std::mem::take(&mut self.odd_offsets);
            let mut merged = Vec::with_capacity(old.len() + new_odd.len());
            let mut new_odd = new_odd.into_iter().peekable();
            for o in old {
                while let Some(n) = new_odd.next_if(|n| n.0 < o.0) {
                    merged.push(n);
                }
                merged.push(o);
            }
            merged.extend(new_odd);
            self.odd_offsets = merged;
        }
        if self.props.len() + inserts.len() > MAX_PROPS {
            // No room for the new properties: the roots without a `CA`
            // are left as they are.
            inserts.clear();
        }
        if let Some(&(_, _, filler)) = inserts.first() {
            // In place, from the end: each run of properties moves up by
            // the inserts before it (no second vector: a transcoded file's
            // tree is not copied to mark it).
            let mut end = self.props.len();
            self.props.resize(end + inserts.len(), filler);
            let mut to = self.props.len();
            for &(_, at, ca) in inserts.iter().rev() {
                let run = end - at;
                self.props.copy_within(at..end, to - run);
                to -= run + 1;
                self.props[to] = ca;
                end = at;
            }
            // Node `j` starts later by the properties inserted for the
            // roots before it: `i + 1` for the nodes after the `i`th
            // insert's root up to the next one's (the roots ascend).
            for (i, &(root, _, _)) in inserts.iter().enumerate() {
                let from = root as usize + 1;
                let to = inserts
                    .get(i + 1)
                    .map_or(self.nodes.len(), |next| next.0 as usize + 1);
                let shift = i + 1;
                for node in self.nodes.get_mut(from..to).unwrap_or_default() {
                    node.set_props_start(node.props_start() + shift);
                }
            }
        }
        self.games = games;
    }

    /// Appends property `ident` with the given raw values to `node`, even if
    /// the node has one already.
    ///
    /// # Errors
    /// As [`Collection::set_property`].
    pub fn push_property<V: AsRef<[u8]>>(
        &mut self,
        node: NodeId,
        ident: &str,
        values: impl IntoIterator<Item = V>,
    ) -> Result<(), EditError> {
        self.check(node)?;
        let prop = self.new_prop(ident, values)?;
        self.append_prop(node, prop)
    }

    /// Removes every property `ident` of `node`; returns how many were
    /// removed. The order of the others is kept.
    ///
    /// # Errors
    /// [`EditError::NoSuchNode`].
    pub fn remove_property(&mut self, node: NodeId, ident: &str) -> Result<usize, EditError> {
        self.check(node)?;
        let range = self.props_range(node.0);
        let hit = |c: &Self, k: usize| c.property(c.props[k]).ident == ident.as_bytes();
        if !range.clone().any(|k| hit(self, k)) {
            return Ok(0);
        }
        // Its offset and end stored before its first property moves.
        self.links_mut(node.0);
        let mut kept = range.start;
        for k in range.clone() {
            if !hit(self, k) {
                self.props.swap(kept, k);
                kept += 1;
            }
        }
        self.links_mut(node.0).props_end = kept as u32;
        Ok(range.end - kept)
    }

    /// Inserts a new, empty node between `node` and its children: the new
    /// node becomes `node`'s only child and takes over all of its children.
    /// Returns the new node.
    ///
    /// ```
    /// let mut c = sgfkit::parse(b"(;GM[1]B[aa](;W[bb])(;W[cc]))")?.into_owned();
    /// let root = c.games().next().unwrap().id();
    /// let mid = c.insert_below(root).unwrap();
    /// c.set_property(mid, "C", ["here"]).unwrap();
    /// assert_eq!(c.to_string(), "(;GM[1]B[aa]\n;C[here]\n(;W[bb])\n(;W[cc]))\n");
    /// # Ok::<(), sgfkit::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`EditError::NoSuchNode`] if `node` is not in the collection.
    pub fn insert_below(&mut self, node: NodeId) -> Result<NodeId, EditError> {
        self.check(node)?;
        let kids = self.child_ids(node.0);
        let id = self.new_node(node.0);
        for &k in &kids {
            self.links_mut(k).parent = id.0;
        }
        self.relink(id.0, &kids);
        self.relink(node.0, &[id.0]);
        self.edited = true;
        Ok(id)
    }

    /// Removes the single node `node` (not a root): its children take its
    /// place among its parent's children, in order.
    ///
    /// ```
    /// let mut c = sgfkit::parse(b"(;GM[1];;B[aa](;W[bb])(;W[cc]))")?.into_owned();
    /// let empty = c.games().next().unwrap().first_child().unwrap().id();
    /// c.remove_node(empty).unwrap();
    /// assert_eq!(c.to_string(), "(;GM[1]\n;B[aa]\n(;W[bb])\n(;W[cc]))\n");
    /// # Ok::<(), sgfkit::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`EditError::NoSuchNode`] if `node` is not in the collection,
    /// [`EditError::IsRoot`] if it is the root of a game tree.
    pub fn remove_node(&mut self, node: NodeId) -> Result<(), EditError> {
        self.check(node)?;
        let parent = self.parent_of(node.0);
        if parent == NIL {
            return Err(EditError::IsRoot(node.index()));
        }
        let own = self.child_ids(node.0);
        for &k in &own {
            self.links_mut(k).parent = parent;
        }
        let mut kids = Vec::new();
        for k in self.child_ids(parent) {
            if k == node.0 {
                kids.extend_from_slice(&own);
            } else {
                kids.push(k);
            }
        }
        self.relink(parent, &kids);
        let l = self.links_mut(node.0);
        l.parent = NIL;
        l.next_sibling = NIL;
        l.first_child = NIL;
        l.last_child = NIL;
        l.root = NIL;
        self.edited = true;
        Ok(())
    }

    /// Renames every property `from` of `node` to `to`, keeping its values
    /// and its place; returns how many were renamed.
    ///
    /// ```
    /// let mut c = sgfkit::parse(b"(;GM[1];B[aa]KI[13])")?.into_owned();
    /// let n = c.games().next().unwrap().first_child().unwrap().id();
    /// assert_eq!(c.rename_property(n, "KI", "KM").unwrap(), 1);
    /// assert_eq!(c.to_string(), "(;GM[1]\n;B[aa]KM[13])\n");
    /// # Ok::<(), sgfkit::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`EditError::BadIdent`] if `to` is not an identifier,
    /// [`EditError::NoSuchNode`].
    pub fn rename_property(
        &mut self,
        node: NodeId,
        from: &str,
        to: &str,
    ) -> Result<usize, EditError> {
        self.check(node)?;
        if to.is_empty() || !to.bytes().all(|b| b.is_ascii_uppercase()) {
            return Err(EditError::BadIdent(to.to_string()));
        }
        let hits: Vec<usize> = self
            .props_range(node.0)
            .filter(|&k| self.property(self.props[k]).ident == from.as_bytes())
            .collect();
        for &k in &hits {
            let d = self.props[k].decode(&self.src, &self.pool);
            self.props[k] = PropData::record(&mut self.pool, to.as_bytes(), d.values, d.span)?;
        }
        Ok(hits.len())
    }

    /// Moves the properties of `from` whose index is in `which` (true) to
    /// the end of `to`, keeping their order, values and source spans.
    pub(crate) fn move_properties(
        &mut self,
        from: NodeId,
        to: NodeId,
        which: &[bool],
    ) -> Result<(), EditError> {
        self.check(from)?;
        self.check(to)?;
        // Its offset and end stored before its first property moves.
        self.links_mut(from.0);
        let range = self.props_range(from.0);
        let all: Vec<PropData> = self.props[range.clone()].to_vec();
        let mut kept = range.start;
        let mut moved = Vec::new();
        for (k, p) in all.into_iter().enumerate() {
            if which.get(k).copied().unwrap_or(false) {
                moved.push(p);
            } else {
                self.props[kept] = p;
                kept += 1;
            }
        }
        self.links_mut(from.0).props_end = kept as u32;
        for p in moved {
            self.append_prop(to, p)?;
        }
        Ok(())
    }

    /// Replaces the properties of `node` by `items`: kept ones (by index
    /// among the node's current properties, with their source span) and new
    /// ones (identifier and raw values).
    pub(crate) fn rebuild_properties(
        &mut self,
        node: NodeId,
        items: &[NewProp<'_>],
    ) -> Result<(), EditError> {
        self.check(node)?;
        self.links_mut(node.0);
        let range = self.props_range(node.0);
        let (start, len) = (range.start, range.len());
        let mut out = Vec::with_capacity(items.len());
        for item in items {
            match *item {
                NewProp::Keep(k) if k < len => out.push(self.props[start + k]),
                NewProp::Keep(_) => {}
                NewProp::New(ident, values) => out.push(self.new_prop(ident, values)?),
            }
        }
        let new_start = self.props.len();
        if new_start + out.len() > MAX_PROPS {
            return Err(EditError::TooLarge);
        }
        self.props.extend(out);
        self.set_props_start(node.0, new_start);
        self.links_mut(node.0).props_end = self.props.len() as u32;
        Ok(())
    }

    fn check(&self, node: NodeId) -> Result<(), EditError> {
        let ok = if self.thawed {
            node.index() < self.nodes.len() && self.root_of(node.0) != NIL
        } else {
            node.index() < self.nodes.len()
        };
        if ok {
            Ok(())
        } else {
            Err(EditError::NoSuchNode(node.index()))
        }
    }

    /// Starts the overlay of links (see `store`), so that the tree can
    /// change shape: the nodes keep deriving their links as they are until
    /// an edit touches them.
    pub(super) fn thaw(&mut self) {
        if self.thawed {
            return;
        }
        // Room for the nodes and properties edits add (a sixteenth more):
        // the vectors, sized to what the reader found, would otherwise
        // double at the first node or property added, the old and the
        // new one both held while the one is copied to the other.
        self.nodes.reserve_exact(edit_room(self.nodes.len()));
        self.props.reserve_exact(edit_room(self.props.len()));
        self.overlay = Overlay::new(self.nodes.len(), self.props.len(), self.games.clone());
        self.thawed = true;
    }

    /// The stored links of node `i` (not a new id), to change: the tree
    /// thawed and the node given its links as it derives them, if it has
    /// none yet.
    pub(super) fn links_mut(&mut self, i: u32) -> &mut Links {
        self.thaw();
        if self.overlay.get(i).is_none() {
            let first_child = self.first_child_of(i);
            let mut last_child = first_child;
            let mut k = first_child;
            while k != NIL {
                last_child = k;
                k = self.next_sibling_of(k);
            }
            let links = Links {
                parent: self.parent_of(i),
                next_sibling: self.next_sibling_of(i),
                first_child,
                last_child,
                props_end: self.props_range(i).end as u32,
                root: self.root_of(i),
                offset: self.offset_of(i),
            };
            self.overlay.touch(i, links);
        }
        self.overlay
            .get_mut(i)
            .expect("the node was just given its links")
    }

    /// Moves the start of node `i`'s properties to `start`. The node before
    /// it, if it derives where its properties end from this start, stores
    /// its end first; so does the node itself, whose `;` offset may follow
    /// from its first property.
    fn set_props_start(&mut self, i: u32, start: usize) {
        self.links_mut(i);
        if i > 0 && i < self.overlay.nodes {
            self.links_mut(i - 1);
        }
        self.nodes[i as usize].set_props_start(start);
    }

    fn new_node(&mut self, parent: u32) -> NodeId {
        self.thaw();
        let id = self.nodes.len() as u32;
        let root = if parent == NIL {
            id
        } else {
            self.root_of(parent)
        };
        let props_start = self.props.len() as u32;
        // Marked as listed: the node before it never derives it as its
        // first child.
        let mut data = NodeData::new(props_start as usize);
        data.mark_parent();
        self.nodes.push(data);
        self.overlay.add(Links {
            parent,
            next_sibling: NIL,
            first_child: NIL,
            last_child: NIL,
            props_end: props_start,
            root,
            offset: NIL,
        });
        NodeId(id)
    }

    fn child_ids(&self, parent: u32) -> Vec<u32> {
        let mut kids = Vec::new();
        let mut k = self.first_child_of(parent);
        while k != NIL {
            kids.push(k);
            k = self.next_sibling_of(k);
        }
        kids
    }

    /// Makes `kids` the children of `parent` (the tree is thawed).
    fn relink(&mut self, parent: u32, kids: &[u32]) {
        for w in kids.windows(2) {
            self.links_mut(w[0]).next_sibling = w[1];
        }
        if let Some(&last) = kids.last() {
            self.links_mut(last).next_sibling = NIL;
        }
        let p = self.links_mut(parent);
        p.first_child = kids.first().copied().unwrap_or(NIL);
        p.last_child = kids.last().copied().unwrap_or(NIL);
    }

    fn new_prop<V: AsRef<[u8]>>(
        &mut self,
        ident: &str,
        values: impl IntoIterator<Item = V>,
    ) -> Result<PropData, EditError> {
        if ident.is_empty() || !ident.bytes().all(|b| b.is_ascii_uppercase()) {
            return Err(EditError::BadIdent(ident.to_string()));
        }
        let mut raw = Vec::new();
        for v in values {
            let v = v.as_ref();
            if value_end(v).is_some() || ends_with_lone_backslash(v) {
                return Err(EditError::BadValue(String::from_utf8_lossy(v).into_owned()));
            }
            raw.push(b'[');
            raw.extend_from_slice(v);
            raw.push(b']');
        }
        if raw.is_empty() {
            return Err(EditError::NoValues);
        }
        let values = pool_text(&mut self.pool, &raw)?;
        Ok(PropData::record(
            &mut self.pool,
            ident.as_bytes(),
            values,
            None,
        )?)
    }

    /// Appends `prop` to the properties of `node`.
    ///
    /// # Errors
    /// [`EditError::TooLarge`] if the collection would hold more than
    /// [`MAX_PROPS`] properties.
    pub(super) fn append_prop(&mut self, node: NodeId, prop: PropData) -> Result<(), EditError> {
        let range = self.props_range(node.0);
        if self.props.len() + range.len() >= MAX_PROPS {
            return Err(EditError::TooLarge);
        }
        // Its offset and end stored before its properties move.
        self.links_mut(node.0);
        let range = self.props_range(node.0);
        if range.end != self.props.len() {
            // Move the node's properties to the end so they stay contiguous.
            let new_start = self.props.len();
            self.props.extend_from_within(range);
            self.set_props_start(node.0, new_start);
        }
        self.props.push(prop);
        self.links_mut(node.0).props_end = self.props.len() as u32;
        Ok(())
    }
}

impl From<PoolFull> for EditError {
    fn from(_: PoolFull) -> EditError {
        EditError::TooLarge
    }
}

fn ends_with_lone_backslash(v: &[u8]) -> bool {
    let trailing = v.iter().rev().take_while(|&&b| b == b'\\').count();
    trailing % 2 == 1
}
