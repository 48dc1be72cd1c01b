//! The shape of a game tree as its text lays it out ([`Collection::shape`]):
//! its nodes in file order, and where each variation opens and closes. The
//! printer writes a tree from it.

use super::store::ListWalk;
use super::{Collection, Node, NodeId};

/// One step of [`Collection::shape`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Step {
    /// A node, in file order.
    Node(NodeId),
    /// A variation starts: the node that follows is its first.
    Open,
    /// The innermost open variation ends.
    Close,
}

impl Collection<'_> {
    /// The game tree of `root` as its text lays it out, step by step to
    /// `visit`: its nodes in file order, with where each variation opens
    /// and closes (not the tree's own parentheses). Linear in the tree's
    /// size, frozen or edited.
    pub(crate) fn shape(&self, root: NodeId, visit: impl FnMut(Step)) {
        if self.thawed {
            self.linked_shape(root, visit);
        } else {
            self.frozen_shape(root, visit);
        }
    }

    /// [`Collection::shape`] of a frozen tree. Ids are file order, so the
    /// walk goes through them in turn, reading the listed parents with a
    /// cursor: asking each node for its parent and next sibling would
    /// search the lists once a variation (n log n, the lists larger than
    /// the caches on a tree of many variations).
    fn frozen_shape(&self, root: NodeId, mut visit: impl FnMut(Step)) {
        let mut parents = ListWalk::from(&self.parents, root.0.saturating_add(1));
        // The node each open variation branches from, outermost first.
        let mut open: Vec<u32> = Vec::new();
        visit(Step::Node(root));
        let mut i = root.0.saturating_add(1);
        while let Some(n) = self.nodes.get(i as usize) {
            if n.listed_parent() {
                // A later sibling (a root is marked but not listed: the
                // next game tree).
                let Some(parent) = parents.get(i) else {
                    break;
                };
                // The variations still open, down to its previous
                // sibling's.
                while let Some(p) = open.pop() {
                    visit(Step::Close);
                    if p == parent {
                        break;
                    }
                }
                open.push(parent);
                visit(Step::Open);
            } else if n.listed_sibling() {
                // The first of several children.
                open.push(i - 1);
                visit(Step::Open);
            }
            visit(Step::Node(NodeId(i)));
            i += 1;
        }
        for _ in open {
            visit(Step::Close);
        }
    }

    /// [`Collection::shape`] of an edited tree, whose links give a node's
    /// parent, children and next sibling at once.
    fn linked_shape(&self, root: NodeId, mut visit: impl FnMut(Step)) {
        let root = self.node(root);
        let mut cur = root;
        loop {
            visit(Step::Node(cur.id()));
            let mut kids = cur.children();
            match (kids.next(), kids.next()) {
                (Some(only), None) => cur = only,
                (Some(first), Some(_)) => {
                    visit(Step::Open);
                    cur = first;
                }
                // Close the variations that end here.
                (None, _) => loop {
                    let start = sequence_start(cur);
                    if start == root {
                        return;
                    }
                    visit(Step::Close);
                    if let Some(sibling) = start.next_sibling() {
                        visit(Step::Open);
                        cur = sibling;
                        break;
                    }
                    match start.parent() {
                        Some(p) => cur = p,
                        None => return,
                    }
                },
            }
        }
    }
}

/// The first node of the sequence `node` is in: up through only children
/// to a variation's first node or the root.
fn sequence_start<'c, 'a>(node: Node<'c, 'a>) -> Node<'c, 'a> {
    let mut n = node;
    while let Some(p) = n.parent() {
        if p.first_child().and_then(|c| c.next_sibling()).is_some() {
            break;
        }
        n = p;
    }
    n
}
