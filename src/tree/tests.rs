//! The storage of the tree: derived fields while frozen, records, thawing.

use super::*;
use crate::events::Handler;

fn idents(n: Node<'_, '_>) -> Vec<(String, String)> {
    n.properties()
        .map(|p| {
            (
                p.ident().to_string(),
                String::from_utf8_lossy(p.values_raw()).into_owned(),
            )
        })
        .collect()
}

/// Every node's parent, children, root, number and properties, in pre-order.
fn shape(c: &Collection<'_>) -> Vec<String> {
    let mut out = Vec::new();
    for g in c.games() {
        for n in g.descendants() {
            out.push(format!(
                "{} parent={:?} kids={:?} root={} no={} props={:?}",
                n.id().index(),
                n.parent().map(|p| p.id().index()),
                n.children().map(|k| k.id().index()).collect::<Vec<_>>(),
                n.game_root().id().index(),
                n.number(),
                idents(n)
            ));
        }
    }
    out
}

#[test]
fn frozen_tree_derives_children_properties_and_roots() {
    let t = crate::parse(b"(;A[1](;B[2];C[3](;D[4])(;;E[5]F[6]))(;G[7]))(;H[8];I[9])").unwrap();
    assert!(!t.thawed);
    assert_eq!(
        shape(&t),
        [
            "0 parent=None kids=[1, 6] root=0 no=0 props=[(\"A\", \"[1]\")]",
            "1 parent=Some(0) kids=[2] root=0 no=1 props=[(\"B\", \"[2]\")]",
            "2 parent=Some(1) kids=[3, 4] root=0 no=2 props=[(\"C\", \"[3]\")]",
            "3 parent=Some(2) kids=[] root=0 no=3 props=[(\"D\", \"[4]\")]",
            "4 parent=Some(2) kids=[5] root=0 no=4 props=[]",
            "5 parent=Some(4) kids=[] root=0 no=5 props=[(\"E\", \"[5]\"), (\"F\", \"[6]\")]",
            "6 parent=Some(0) kids=[] root=0 no=6 props=[(\"G\", \"[7]\")]",
            "7 parent=None kids=[8] root=7 no=0 props=[(\"H\", \"[8]\")]",
            "8 parent=Some(7) kids=[] root=7 no=1 props=[(\"I\", \"[9]\")]",
        ]
    );
    // Thawing keeps everything.
    let mut thawed = t.clone();
    thawed.thaw();
    assert!(thawed.thawed);
    assert_eq!(shape(&thawed), shape(&t));
    assert_eq!(t.odd_offsets, [(4, 25)]);
    // Only the nodes where a variation branches off are listed: the first
    // nodes of the second variations, and the nodes before them.
    assert_eq!(t.parents, [(4, 2), (6, 0)]);
    assert_eq!(t.siblings, [(1, 6), (3, 4)]);
    let marked: Vec<_> = t
        .nodes
        .iter()
        .map(|n| (n.listed_parent(), n.listed_sibling()))
        .collect();
    let (f, p, s) = ((false, false), (true, false), (false, true));
    assert_eq!(marked, [p, s, f, s, p, f, p, p, f]);
    // Thawed: no node stores its links until an edit touches it; then the
    // node and its children do (the node added too, apart), and the rest
    // derive theirs.
    assert_eq!(thawed.overlay.touched(), 0);
    let mid = thawed.insert_below(NodeId(2)).unwrap();
    assert_eq!(thawed.overlay.touched(), 3);
    assert_eq!(thawed.node(mid).parent().unwrap().id(), NodeId(2));
    let kids: Vec<_> = thawed
        .node(mid)
        .children()
        .map(|k| k.id().index())
        .collect();
    assert_eq!(kids, [3, 4]);
    let want = crate::parse(b"(;A[1](;B[2];C[3];(;D[4])(;;E[5]F[6]))(;G[7]))(;H[8];I[9])").unwrap();
    assert_eq!(thawed.to_string(), want.to_string());
}

/// One edit, picked by `op`, of the nodes picked by `a` and `b`, on `c`,
/// and what it returned.
fn edit(c: &mut Collection<'_>, op: u8, a: usize, b: usize) -> String {
    let n = c.nodes.len();
    let (x, y) = (NodeId((a % n) as u32), NodeId((b % n) as u32));
    let first = |c: &Collection<'_>| {
        let node = c.node(x);
        node.properties().next().map(|p| p.ident().to_string())
    };
    match op % 11 {
        0 => format!("{:?}", c.add_child(x)),
        1 => format!("{:?}", c.remove_subtree(x)),
        2 => format!("{:?}", c.move_child(x, a % 3, b % 3)),
        3 => format!("{:?}", c.set_property(x, "C", ["set"])),
        4 => match first(c) {
            Some(id) => format!("{:?}", c.set_property(x, &id, ["first"])),
            None => "none".into(),
        },
        5 => format!("{:?}", c.push_property(x, "GC", ["pushed"])),
        6 => match first(c) {
            Some(id) => format!("{:?}", c.remove_property(x, &id)),
            None => "none".into(),
        },
        7 => format!("{:?}", c.insert_below(x)),
        8 => format!("{:?}", c.remove_node(x)),
        9 => {
            let which: Vec<bool> = (0..4).map(|k| (b >> k) & 1 == 1).collect();
            format!("{:?}", c.move_properties(x, y, &which))
        }
        _ => format!("{:?}", c.add_game()),
    }
}

/// Every node's links as the accessors give them, removed nodes included.
fn all_links(c: &Collection<'_>) -> Vec<[u32; 6]> {
    (0..c.nodes.len() as u32)
        .map(|i| {
            let r = c.props_range(i);
            [
                c.parent_of(i),
                c.first_child_of(i),
                c.next_sibling_of(i),
                c.root_of(i),
                c.offset_of(i),
                (r.end - r.start) as u32,
            ]
        })
        .collect()
}

proptest::proptest! {
    /// A tree whose nodes store their links only once an edit touches
    /// them edits as one whose every node stores them from the start.
    #[test]
    fn a_tree_thawed_node_by_node_edits_as_one_thawed_whole(
        shape_of in proptest::collection::vec(0..4u8, 1..30),
        edits in proptest::collection::vec((0..11u8, 0..64usize, 0..64usize), 1..12),
    ) {
        // Nodes with a property or none, sequences and variations; after
        // a variation, only variations at its level.
        let mut src = String::from("(;GM[1]");
        // For each open level: whether a variation closed in it.
        let mut levels = vec![false];
        for (k, s) in shape_of.iter().enumerate() {
            let node = if *s == 0 {
                format!(";B[a{}]", (b'a' + k as u8 % 19) as char)
            } else {
                ";".to_string()
            };
            match s {
                1 => {
                    src += "(;W[bb]C[x]";
                    *levels.last_mut().unwrap() = true;
                    levels.push(false);
                }
                2 if levels.len() > 1 => {
                    src += ")";
                    levels.pop();
                }
                _ if *levels.last().unwrap() => {
                    src += "(";
                    src += &node;
                    levels.push(false);
                }
                _ => src += &node,
            }
        }
        src += &")".repeat(levels.len() - 1);
        src += ")(;GM[1];B[cc])";
        let mut lazy = crate::parse(src.as_bytes()).unwrap().into_owned();
        let mut whole = lazy.clone();
        for i in 0..whole.nodes.len() as u32 {
            whole.links_mut(i);
        }
        proptest::prop_assert_eq!(all_links(&whole), all_links(&lazy));
        for (op, a, b) in edits {
            let (l, w) = (edit(&mut lazy, op, a, b), edit(&mut whole, op, a, b));
            proptest::prop_assert_eq!(l, w);
            proptest::prop_assert_eq!(all_links(&lazy), all_links(&whole));
            proptest::prop_assert_eq!(lazy.to_string(), whole.to_string());
        }
    }
}

/// The ids below every node, by [`Node::descendants`].
fn subtrees(c: &Collection<'_>) -> Vec<Vec<usize>> {
    (0..c.node_count())
        .map(|i| {
            let n = c.node(NodeId(i as u32));
            n.descendants().map(|d| d.id().index()).collect()
        })
        .collect()
}

#[test]
fn frozen_and_thawed_trees_have_the_same_subtrees() {
    for src in [
        &b"(;A[1](;B[2];C[3](;D[4])(;;E[5]F[6]))(;G[7]))(;H[8];I[9])"[..],
        b"(;A[1](;B[1])(;B[2])(;B[3]))(;C[1](;D[1](;E[1])(;E[2]))(;D[2]))",
        b"(;(;(;(;)(;))(;(;)))(;;(;)(;)))(;)(;;;)",
    ] {
        let t = crate::parse(src).unwrap();
        let mut thawed = t.clone();
        thawed.thaw();
        assert!(!t.thawed && thawed.thawed);
        let frozen = subtrees(&t);
        assert_eq!(
            frozen,
            subtrees(&thawed),
            "{}",
            String::from_utf8_lossy(src)
        );
        // Each game's subtree is its nodes, in order, up to the next root.
        let mut games: Vec<usize> = t.games().map(|g| g.id().index()).collect();
        games.push(t.node_count());
        for w in games.windows(2) {
            assert_eq!(frozen[w[0]], (w[0]..w[1]).collect::<Vec<_>>());
        }
    }
}

#[test]
fn nodes_and_properties_are_small() {
    assert_eq!(size_of::<NodeData>(), 4);
    assert_eq!(size_of::<PropData>(), 8);
    let src = b"(;GM[1]SZ[19];B[pd];W[dd])";
    let t = crate::parse(src).unwrap();
    // Plain FF[4] properties need no pool, and nothing is over-reserved.
    assert_eq!(t.pool.capacity(), 0);
    assert_eq!(t.heap_size(), 3 * 4 + 4 * 8 + 4);
}

#[test]
fn unusual_properties_are_records_and_read_back_the_same() {
    let long = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    let src = format!("(;AddBlack[aa][bb]B [cc]\n\t[dd]{long}[x]ABCDEFGHIJKLMNO[y]C[a\\]b];W[ee])");
    let mut warnings = Vec::new();
    let t =
        Collection::parse_with(src.as_bytes(), &ParseOptions::default(), &mut warnings).unwrap();
    let root = t.games().next().unwrap();
    assert_eq!(
        idents(root),
        [
            ("AB".into(), "[aa][bb]".into()),
            ("B".into(), "[cc]\n\t[dd]".into()),
            (long.into(), "[x]".into()),
            ("ABCDEFGHIJKLMNO".into(), "[y]".into()),
            ("C".into(), "[a\\]b]".into()),
        ]
    );
    // Source spans are kept for records too.
    let spans: Vec<_> = root.properties().map(|p| p.span().unwrap()).collect();
    for (p, s) in root.properties().zip(&spans) {
        assert!(src.as_bytes()[s.clone()].ends_with(p.values_raw()));
    }
    assert_eq!(&src[spans[0].clone()], "AddBlack[aa][bb]");
    assert_eq!(root.get("B").unwrap().value(), b"cc");
    assert_eq!(root.get(long).unwrap().value(), b"x");
    assert_eq!(root.get("ABCDEFGHIJKLMNO").unwrap().value(), b"y");
    assert!(root.get("ABCDEFGHIJKLMN").is_none());
    assert!(root.get("A").is_none());
    // Three records (AddBlack, `B [cc]`, the 26-letter one): header and
    // identifier each; the 15-letter one is a bare span.
    assert_eq!(t.pool.len(), 3 * 16 + 2 + 1 + 26);
}

#[test]
fn get_compares_whole_identifiers() {
    let t = crate::parse(b"(;PB[x]P[y]PBX[z])").unwrap();
    let root = t.games().next().unwrap();
    assert_eq!(root.get("P").unwrap().value(), b"y");
    assert_eq!(root.get("PB").unwrap().value(), b"x");
    assert_eq!(root.get("PBX").unwrap().value(), b"z");
    assert!(root.get("").is_none());
    assert!(root.get("X").is_none());
}

#[test]
fn properties_for_an_earlier_node_are_kept() {
    // No reader in the crate does this, but a builder must not lose them.
    let src: &[u8] = b"(;A[1];B[2])";
    let mut b = Builder::new(src, &ParseOptions::default()).unwrap();
    b.start_tree(0);
    b.start_node(1);
    b.start_tree(99);
    b.start_node(6);
    b.property(crate::RawProperty::new(&src[7..8], &src[8..11]), 7..11);
    b.end_tree(99);
    // Back at the root, which is no longer the last node.
    b.property(crate::RawProperty::new(&src[2..3], &src[3..6]), 2..6);
    b.end_tree(11);
    let t = b.finish_borrowed(src).unwrap();
    let root = t.games().next().unwrap();
    assert_eq!(idents(root), [("A".to_string(), "[1]".to_string())]);
    assert_eq!(
        idents(root.first_child().unwrap()),
        [("B".to_string(), "[2]".to_string())]
    );
}

#[test]
fn edits_after_parsing_keep_the_rest_of_the_tree() {
    let src = b"(;GM[1]SZ[9](;B[aa];W[bb])(;B[cc]))(;GM[1];B[dd])";
    let mut c = crate::parse(src).unwrap();
    let before = shape(&c);
    let root = c.games().next().unwrap().id();
    // Changes in place do not thaw; a renamed property keeps its span, a
    // replaced one has none.
    assert_eq!(c.rename_property(root, "GM", "XX").unwrap(), 1);
    assert!(!c.thawed);
    assert_eq!(c.rename_property(root, "XX", "GM").unwrap(), 1);
    assert_eq!(shape(&c), before);
    assert_eq!(c.node(root).get("GM").unwrap().span(), Some(2..7));
    assert_eq!(c.node(root).offset(), Some(1));
    c.set_property(root, "SZ", ["9"]).unwrap();
    assert!(!c.thawed);
    assert_eq!(c.node(root).get("SZ").unwrap().span(), None);
    c.set_property(root, "GM", ["1"]).unwrap();
    assert!(c.thawed, "the first property has lost its span");
    assert_eq!(c.node(root).get("GM").unwrap().span(), None);
    assert_eq!(c.node(root).offset(), Some(1));
    assert_eq!(c.node(NodeId(2)).offset(), Some(19));
    assert_eq!(shape(&c), before);
    // Growing a node.
    c.push_property(root, "C", ["x"]).unwrap();
    let kid = c.add_child(NodeId(3)).unwrap();
    c.set_property(kid, "W", ["ee"]).unwrap();
    assert_eq!(c.node(kid).game_root().id(), root);
    assert_eq!(c.node(kid).number(), 4);
    assert_eq!(c.node(kid).offset(), None);
    let second = c.games().nth(1).unwrap().id();
    let n = c.add_child(second).unwrap();
    assert_eq!(c.node(n).game_root().id(), second);
    assert_eq!(
        c.to_string(),
        "(;GM[1]SZ[9]C[x]\n(;B[aa];W[bb])\n(;B[cc];W[ee]))\n(;GM[1]\n(;B[dd])\n(;))\n"
    );
    assert_eq!(c.remove_property(root, "C").unwrap(), 1);
    assert_eq!(c.remove_property(root, "C").unwrap(), 0);
    c.remove_subtree(NodeId(1)).unwrap();
    assert_eq!(c.add_child(NodeId(1)), Err(EditError::NoSuchNode(1)));
    c.remove_subtree(second).unwrap();
    assert_eq!(c.games().len(), 1);
    assert_eq!(c.to_string(), "(;GM[1]SZ[9]\n;B[cc];W[ee])\n");
}

#[test]
fn offsets_of_nodes_without_a_property_right_after_their_semicolon() {
    let src = b"(;GM[1];; B[aa];\n\tW[bb](;)(;C[x]))";
    let t = crate::parse(src).unwrap();
    let offsets: Vec<_> = t
        .games()
        .next()
        .unwrap()
        .descendants()
        .map(|n| n.offset())
        .collect();
    assert_eq!(
        offsets,
        [Some(1), Some(7), Some(8), Some(15), Some(24), Some(27)]
    );
    // Four nodes listed apart.
    assert_eq!(t.odd_offsets, [(1, 7), (2, 8), (3, 15), (4, 24)]);
    let mut thawed = t.clone();
    thawed.thaw();
    let again: Vec<_> = thawed
        .games()
        .next()
        .unwrap()
        .descendants()
        .map(|n| n.offset())
        .collect();
    assert_eq!(again, offsets);
    // The lenient reader starts a node at a property when `;` is missing.
    let (t, _) = crate::check::parse_lenient(b"(GM[1];B[aa](W[bb]))", &ParseOptions::default());
    let offsets: Vec<_> = t
        .games()
        .next()
        .unwrap()
        .descendants()
        .map(|n| n.offset())
        .collect();
    assert_eq!(offsets, [Some(1), Some(6), Some(13)]);
}

#[test]
fn game_roots_of_many_games_are_found_by_search() {
    let src = b"(;GM[1];B[aa])(;GM[1](;W[bb])(;W[cc]))\n".repeat(1000);
    let t = crate::parse(&src).unwrap();
    assert_eq!(t.games().len(), 2000);
    for (k, g) in t.games().enumerate() {
        for n in g.descendants() {
            assert_eq!(n.game_root().id(), g.id(), "game {k}");
        }
    }
}

#[test]
fn a_deep_tree_is_walked_in_linear_time() {
    // 200,000 levels, then 200,000 variations of the root: building links
    // each variation to the previous one by walking up closed subtrees.
    let mut src = b"(;C[r](;B[aa]".to_vec();
    for _ in 0..200_000 {
        src.extend_from_slice(b"(;B[aa]");
    }
    src.extend(std::iter::repeat_n(b')', 200_001));
    src.extend(b"(;W[bb])".repeat(200_000));
    src.push(b')');
    let t = crate::parse(&src).unwrap();
    let root = t.games().next().unwrap();
    assert_eq!(root.child_count(), 200_001);
    let last = root.children().last().unwrap();
    assert_eq!(last.number(), 400_001);
    assert_eq!(last.game_root().id(), root.id());
    assert_eq!(root.first_child().unwrap().descendants().count(), 200_001);
}

#[test]
fn identifiers_from_the_letter_table_are_the_source_text() {
    for a in b'A'..=b'Z' {
        assert_eq!(super::ident_str(&[a]).as_bytes(), [a]);
        for b in b'A'..=b'Z' {
            assert_eq!(super::ident_str(&[a, b]).as_bytes(), [a, b]);
        }
    }
    assert_eq!(super::ident_str(b"ABC"), "ABC");
    assert_eq!(super::ident_str(b"a"), "a");
    assert_eq!(super::ident_str(b"\xFF"), "");
    assert_eq!(super::ident_str(b""), "");
}

/// Every node's shape with its offset and each property's span.
fn shape_and_spans(c: &Collection<'_>) -> Vec<String> {
    let spans = c.games().flat_map(|g| g.descendants()).map(|n| {
        let props: Vec<_> = n.properties().map(|p| p.span()).collect();
        format!("offset={:?} spans={props:?}", n.offset())
    });
    shape(c)
        .into_iter()
        .zip(spans)
        .map(|(a, b)| format!("{a} {b}"))
        .collect()
}

#[cfg(feature = "encoding")]
#[test]
fn marking_roots_in_one_pass_is_setting_each_root() {
    for src in [
        "(;CA[x]B[aa];W[bb])(;GM[1]CA[y];B[cc])( ; ;W[dd])",
        "(;FF[4]  C[a] ;B[aa](;W[bb])(;W[cc]))\n( ;\n CA[GBK]GM[1]CA[z])",
        "(;)(;CA[a])(;C[x](;B[aa])(;CA[b]))",
        "(;",
        "",
    ] {
        let options = crate::ParseOptions::default();
        let c = crate::check::parse_lenient(src.as_bytes(), &options).0;
        let mut one_pass = c.clone();
        one_pass.mark_roots_utf8(|_| true);
        assert!(!one_pass.thawed, "{src}");
        let mut each = c.clone();
        let roots: Vec<NodeId> = each.games().map(|g| g.id()).collect();
        for root in roots {
            each.set_property(root, "CA", ["UTF-8"]).unwrap();
        }
        assert_eq!(shape_and_spans(&one_pass), shape_and_spans(&each), "{src}");
        assert_eq!(one_pass.to_string(), each.to_string());
        // A thawed tree takes the slow way, with the same result.
        let mut thawed = c.clone();
        thawed.thaw();
        thawed.mark_roots_utf8(|_| true);
        assert_eq!(shape_and_spans(&thawed), shape_and_spans(&each), "{src}");
        // Later edits see the same tree.
        for t in [&mut one_pass, &mut each] {
            let root = t.games().next().map(|g| g.id());
            if let Some(root) = root {
                t.set_property(root, "C", ["new"]).unwrap();
                let child = t.node(root).first_child().map(|n| n.id());
                if let Some(child) = child {
                    t.set_property(child, "CA", ["k"]).unwrap();
                }
            }
        }
        assert_eq!(shape_and_spans(&one_pass), shape_and_spans(&each), "{src}");
    }
}

#[test]
fn a_tree_past_its_properties_limit_is_refused_where_it_overflows() {
    // Four properties allowed: the fifth, `E[e]` at byte 21, is where the
    // tree could not go on.
    let src: &[u8] = b"(;A[a]B[b];C[c]\n;D[d]E[e]F[f])";
    let opts = ParseOptions::default();
    let build = |max: usize| {
        let mut b = Builder::new(src, &opts).unwrap().max_props(max);
        crate::events::parse_events(src, &opts, &mut b, &mut ()).unwrap();
        b.finish_borrowed(src)
    };
    let e = build(4).unwrap_err();
    assert!(
        matches!(e.kind(), crate::ErrorKind::TooLarge { what } if what.contains("2^30")),
        "{e}"
    );
    assert_eq!(e.span(), 21..22);
    assert_eq!((e.position().line, e.position().column), (2, 6));
    // At the limit exactly, the tree is whole.
    assert_eq!(
        build(6)
            .unwrap()
            .games()
            .next()
            .unwrap()
            .main_line()
            .count(),
        3
    );
}

/// The first edit of a big tree makes room once: a few nodes and
/// properties added cost what they add and the links of the thawed tree,
/// not a doubling of the vectors (the old and the new copy would both be
/// held while the one is copied to the other).
#[test]
fn a_few_edits_of_a_big_tree_do_not_double_it() {
    let mut src = b"(;GM[1]".to_vec();
    for k in 0..10_000 {
        src.extend_from_slice(if k % 2 == 0 { b";B[aa]" } else { b";W[bb]" });
    }
    src.push(b')');
    let mut c = crate::parse(&src).unwrap();
    let before = c.heap_size();
    let links = c.node_count() * size_of::<super::store::Links>();
    let root = c.games().next().unwrap().id();
    for _ in 0..10 {
        let n = c.add_child(root).unwrap();
        c.push_property(n, "C", ["x"]).unwrap();
    }
    c.push_property(root, "PB", ["x"]).unwrap();
    let after = c.heap_size();
    let bound = (before + links) * 115 / 100;
    assert!(
        after <= bound,
        "{before} + links {links} -> {after} (bound {bound})"
    );
}

/// The shape of every game of `c` as text: `;` a node, `(` and `)` the
/// variations ([`Collection::shape`]).
fn shape_text(c: &Collection<'_>) -> Vec<String> {
    c.games()
        .map(|root| {
            let mut s = String::new();
            c.shape(root.id(), |step| {
                s.push(match step {
                    Step::Node(_) => ';',
                    Step::Open => '(',
                    Step::Close => ')',
                })
            });
            s
        })
        .collect()
}

#[test]
fn shape_lays_out_frozen_and_edited_trees_alike() {
    let src = b"(;A[1];B[1](;C[1](;D[1])(;E[1];F[1]))(;G[1])(;H[1](;I[1])(;J[1])))(;K[1])(;L[1](;M[1])(;N[1]))";
    let mut c = crate::parse(src).unwrap();
    let frozen = shape_text(&c);
    assert_eq!(frozen, [";;(;(;)(;;))(;)(;(;)(;))", ";", ";(;)(;)"]);
    c.thaw();
    assert_eq!(shape_text(&c), frozen);
    // Nodes come in file order, each once.
    let root = c.games().next().unwrap().id();
    let mut ids = Vec::new();
    c.shape(root, |step| {
        if let Step::Node(id) = step {
            ids.push(id.index());
        }
    });
    assert_eq!(ids, (0..10).collect::<Vec<_>>());
}
