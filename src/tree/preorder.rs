//! [`Preorder`]: a parsed tree's arena read directly, for loops inside the
//! crate that visit millions of nodes (the checker's walk down a game's
//! moves).
//!
//! While a [`Collection`] is frozen (as parsed, see `store`), a node's first
//! child is the next id when that node's parent is this one, and its
//! properties end where the next node's start. [`Node`]'s methods derive
//! these for frozen and thawed trees alike, behind a test of which one the
//! tree is and an `Option` per step; a [`Preorder`] exists only for a frozen
//! tree, so it reads them with no such test, and its answers are only the
//! cases its callers have a quick path for (an only child, a lone property
//! stored as its span): anything else is `None`, to be read through
//! [`Node`].

use super::store::{NodeData, PropData};
use super::{Collection, Node, NodeId};

/// The arena of a frozen [`Collection`]; see the module docs. Made by
/// [`Collection::preorder`].
#[derive(Clone, Copy)]
pub(crate) struct Preorder<'c, 'a> {
    coll: &'c Collection<'a>,
    src: &'c [u8],
    nodes: &'c [NodeData],
    props: &'c [PropData],
}

impl<'a> Collection<'a> {
    /// The arena read directly, while the tree is frozen (no edit changed
    /// its shape); `None` once thawed.
    pub(crate) fn preorder(&self) -> Option<Preorder<'_, 'a>> {
        (!self.thawed).then(|| Preorder {
            coll: self,
            src: &self.src,
            nodes: &self.nodes,
            props: &self.props,
        })
    }
}

impl<'c, 'a> Preorder<'c, 'a> {
    /// The handle of node `id` (of this collection).
    #[inline]
    pub(crate) fn node(self, id: NodeId) -> Node<'c, 'a> {
        Node {
            coll: self.coll,
            id,
        }
    }

    /// The child of `id` when it has exactly one: what
    /// [`Node::first_child`] gives when [`Node::child_count`] is 1.
    #[inline]
    pub(crate) fn only_child(self, id: NodeId) -> Option<NodeId> {
        let next = id.0.checked_add(1)?;
        let n = self.nodes.get(next as usize)?;
        // Its parent is `id`, and it has no next sibling.
        (!n.listed_parent() && !n.listed_sibling()).then_some(NodeId(next))
    }

    /// The source text of the property of `id` when the node has exactly
    /// one and it is stored as its span (an identifier of capitals
    /// directly followed by its values, `B[pd]`): the identifier and the
    /// values text [`Node::raw_properties`] gives, joined. `None` for
    /// another node, or one whose property is a record.
    #[inline]
    pub(crate) fn lone_property(self, id: NodeId) -> Option<&'c [u8]> {
        let i = id.index();
        let start = self.nodes.get(i)?.props_start();
        let end = self
            .nodes
            .get(i + 1)
            .map_or(self.props.len(), |n| n.props_start());
        if end != start + 1 {
            return None;
        }
        let span = self.props.get(start)?.source_span()?;
        self.src.get(span)
    }
}

#[cfg(test)]
mod tests {
    use super::super::store::MAX_SOURCE_IDENT;
    use super::*;
    use proptest::prelude::*;

    /// For each node of `c` in pre-order (as [`Node::descendants`] visits
    /// them), what the arena gives and what [`Node`]'s methods give, both
    /// as text.
    fn both_ways(c: &Collection<'_>) -> (Vec<String>, Vec<String>) {
        let arena = c.preorder().expect("a parsed tree is frozen");
        let (mut raw, mut api) = (Vec::new(), Vec::new());
        for n in c.games().flat_map(|g| g.descendants()) {
            let id = n.id();
            let only = arena.only_child(id).map(NodeId::index);
            let lone = arena.lone_property(id).map(String::from_utf8_lossy);
            raw.push(format!(
                "{} only={only:?} lone={lone:?}",
                arena.node(id).id().index()
            ));
            // The only child, and the only property when the source holds
            // it as the identifier (at most 15 capitals) right before the
            // values text.
            let only = (n.child_count() == 1).then(|| n.first_child().unwrap().id().index());
            let props: Vec<_> = n.properties().collect();
            let lone = match &props[..] {
                [p] => {
                    let joined = [p.ident().as_bytes(), p.values_raw()].concat();
                    let plain = p.ident().len() <= MAX_SOURCE_IDENT
                        && p.ident().bytes().all(|b| b.is_ascii_uppercase())
                        && p.span().is_some_and(|s| c.source()[s] == joined[..]);
                    plain.then(|| String::from_utf8_lossy(&joined).into_owned())
                }
                _ => None,
            };
            api.push(format!("{} only={only:?} lone={lone:?}", id.index()));
        }
        (raw, api)
    }

    #[test]
    fn only_children_and_lone_properties_are_what_nodes_give() {
        let src = "(;GM[1];B[aa];W[bb](;B[cc];W[dd])(;B [ee];W[ff]C[x]))\n\
                   (;;AddBlack[aa];B[cc](;W[dd]))";
        let mut warnings = Vec::new();
        let t = Collection::parse_with(src.as_bytes(), &Default::default(), &mut warnings).unwrap();
        let (raw, api) = both_ways(&t);
        assert_eq!(raw, api);
        let arena = t.preorder().unwrap();
        let nodes: Vec<_> = t.games().flat_map(|g| g.descendants()).collect();
        let lone: Vec<_> = nodes
            .iter()
            .filter_map(|n| arena.lone_property(n.id()))
            .map(String::from_utf8_lossy)
            .collect();
        // `B [ee]` and `AddBlack[aa]` are records; `;` and `W[ff]C[x]`
        // hold no lone property.
        let want = [
            "GM[1]", "B[aa]", "W[bb]", "B[cc]", "W[dd]", "B[cc]", "W[dd]",
        ];
        assert_eq!(lone, want);
        // Only children: none at the variations (W[bb]) and the leaves.
        let only: Vec<_> = nodes
            .iter()
            .map(|n| arena.only_child(n.id()).is_some())
            .collect();
        let want = [
            true, true, false, true, false, true, false, //
            true, true, true, false,
        ];
        assert_eq!(only, want);
        // An edit of the shape thaws the tree: no arena then.
        let mut edited = t.clone();
        edited.move_child(nodes[2].id(), 1, 0).unwrap();
        assert!(edited.preorder().is_none());
    }

    /// A generated node: the forms of its properties (see [`FORMS`]) and
    /// its children.
    #[derive(Debug, Clone)]
    struct Gen {
        props: Vec<usize>,
        kids: Vec<Gen>,
    }

    /// Property forms: the first [`PLAIN`] stored as their spans, the
    /// others as records (an FF\[3\] identifier, blanks before the values,
    /// an identifier of 16 capitals).
    const FORMS: [&str; 8] = [
        "B[aa]",
        "W[sd]",
        "C[a\\]b]",
        "AB[aa][bb]",
        "W[ab]\n [cd]",
        "AddWhite[dd]",
        "B [cc]",
        "ABCDEFGHIJKLMNOP[x]",
    ];
    const PLAIN: usize = 5;

    fn gen_tree() -> impl Strategy<Value = Gen> {
        let props = proptest::collection::vec(0..FORMS.len(), 0..3);
        let leaf = props.clone().prop_map(|props| Gen {
            props,
            kids: vec![],
        });
        leaf.prop_recursive(6, 64, 3, move |inner| {
            (props.clone(), proptest::collection::vec(inner, 1..4))
                .prop_map(|(props, kids)| Gen { props, kids })
        })
    }

    /// The SGF of `g`'s subtree: a node, then its only child in the same
    /// sequence, or each child in parentheses.
    fn write(g: &Gen, out: &mut String) {
        out.push(';');
        for &f in &g.props {
            out.push_str(FORMS[f]);
        }
        match &g.kids[..] {
            [only] => write(only, out),
            kids => {
                for k in kids {
                    out.push('(');
                    write(k, out);
                    out.push(')');
                }
            }
        }
    }

    /// The expected lone property and only child flag of each node of
    /// `g`'s subtree, in pre-order.
    fn expected(g: &Gen, out: &mut Vec<(Option<&'static str>, bool)>) {
        let lone = match g.props[..] {
            [f] if f < PLAIN => Some(FORMS[f]),
            _ => None,
        };
        out.push((lone, g.kids.len() == 1));
        for k in &g.kids {
            expected(k, out);
        }
    }

    proptest! {
        /// On generated trees, the arena gives what the nodes give, for
        /// every node in the order the walk visits them, and what the
        /// generator wrote.
        #[test]
        fn the_arena_agrees_with_the_nodes(games in proptest::collection::vec(gen_tree(), 1..4)) {
            let mut src = String::new();
            let mut want = Vec::new();
            for g in &games {
                src.push('(');
                write(g, &mut src);
                src.push(')');
                expected(g, &mut want);
            }
            let mut warnings = Vec::new();
            let t = Collection::parse_with(src.as_bytes(), &Default::default(), &mut warnings).unwrap();
            let (raw, api) = both_ways(&t);
            prop_assert_eq!(raw, api);
            let arena = t.preorder().unwrap();
            let got: Vec<_> = t
                .games()
                .flat_map(|g| g.descendants())
                .map(|n| {
                    let lone = arena.lone_property(n.id()).map(|b| std::str::from_utf8(b).unwrap().to_string());
                    (lone, arena.only_child(n.id()).is_some())
                })
                .collect();
            let want: Vec<_> = want.into_iter().map(|(l, o)| (l.map(String::from), o)).collect();
            prop_assert_eq!(got, want);
        }
    }
}
