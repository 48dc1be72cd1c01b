use super::*;
use proptest::prelude::*;

/// A game tree of moves from a small set (so that records share prefixes
/// and diverge), some with a comment, as SGF text.
fn game() -> impl Strategy<Value = String> {
    let node = (0..2u8, 0..3u8, prop::option::of(0..3u8)).prop_map(|(c, p, comment)| {
        let color = if c == 0 { "B" } else { "W" };
        let point = ["aa", "bb", "cc"][p as usize];
        let comment = comment.map_or(String::new(), |k| format!("C[note {k}]"));
        format!(";{color}[{point}]{comment}")
    });
    // Every variation starts with a node.
    let leaf = prop::collection::vec(node.clone(), 1..4).prop_map(|nodes| nodes.concat());
    let tree = leaf.prop_recursive(4, 40, 3, move |inner| {
        (
            prop::collection::vec(node.clone(), 1..3),
            prop::collection::vec(inner, 2..4),
        )
            .prop_map(|(nodes, vars)| {
                let vars: Vec<String> = vars.iter().map(|v| format!("({v})")).collect();
                format!("{}{}", nodes.concat(), vars.concat())
            })
    });
    tree.prop_map(|t| format!("(;GM[1]SZ[3]{t})"))
}

/// The tree in a form that ignores the order of variations and of the
/// paragraphs of comments: each node as its properties sorted, then its
/// children's forms sorted.
fn canonical(node: Node<'_, '_>) -> String {
    // Post-order without recursion: children's forms first.
    let mut forms: std::collections::HashMap<NodeId, String> = Default::default();
    let mut order: Vec<Node<'_, '_>> = node.descendants().collect();
    order.reverse();
    for n in order {
        let mut props: Vec<String> = n
            .properties()
            .map(|p| {
                let mut values: Vec<String> = p
                    .values()
                    .flat_map(|v| {
                        let v = String::from_utf8_lossy(v).into_owned();
                        v.split("\n\n").map(str::to_string).collect::<Vec<_>>()
                    })
                    .collect();
                values.sort();
                format!("{}{values:?}", p.ident())
            })
            .collect();
        props.sort();
        let mut kids: Vec<String> = n.children().map(|c| forms[&c.id()].clone()).collect();
        kids.sort();
        forms.insert(n.id(), format!("{props:?}{kids:?}"));
    }
    forms.remove(&node.id()).unwrap_or_default()
}

fn keys<'c>(line: impl Iterator<Item = Node<'c, 'c>>) -> Vec<Identity<'c>> {
    line.map(identity).collect()
}

proptest! {
    #[test]
    fn merging_a_game_with_itself_changes_nothing(a in game()) {
        let c = crate::parse(a.as_bytes()).unwrap();
        let root = c.games().next().unwrap();
        let merged = merge(&[root, root]).unwrap();
        prop_assert_eq!(merged.collection.to_string(), c.to_string());
        prop_assert!(merged.conflicts.is_empty());
    }

    #[test]
    fn merging_is_the_same_in_either_order_up_to_the_order_of_variations(a in game(), b in game()) {
        let (ca, cb) = (crate::parse(a.as_bytes()).unwrap(), crate::parse(b.as_bytes()).unwrap());
        let (ra, rb) = (ca.games().next().unwrap(), cb.games().next().unwrap());
        let ab = merge(&[ra, rb]).unwrap().collection;
        let ba = merge(&[rb, ra]).unwrap().collection;
        let (ab_root, ba_root) = (ab.games().next().unwrap(), ba.games().next().unwrap());
        prop_assert_eq!(canonical(ab_root), canonical(ba_root));
    }

    #[test]
    fn the_merged_tree_holds_each_main_line_as_a_path(a in game(), b in game(), c in game()) {
        let trees: Vec<Collection<'_>> =
            [&a, &b, &c].iter().map(|t| crate::parse(t.as_bytes()).unwrap()).collect();
        let roots: Vec<Node<'_, '_>> = trees.iter().map(|t| t.games().next().unwrap()).collect();
        let merged = merge(&roots).unwrap().collection;
        let root = merged.games().next().unwrap();
        prop_assert_eq!(root.descendants().filter(|n| n.is_root()).count(), 1);
        for r in &roots {
            let line = keys(r.main_line().skip(1));
            // Follow the line down the merged tree.
            let mut at = root;
            for key in &line {
                let next = at.children().find(|c| identity(*c) == *key);
                prop_assert!(next.is_some(), "{:?} not found under {:?}", key, identity(at));
                at = next.unwrap();
            }
        }
    }
}

#[test]
fn equal_variations_of_one_record_are_both_kept() {
    let a = crate::parse(b"(;GM[1](;B[aa];W[bb])(;B[aa];W[cc]))").unwrap();
    let b = crate::parse(b"(;GM[1];B[aa];W[cc]C[x])").unwrap();
    let (ra, rb) = (a.games().next().unwrap(), b.games().next().unwrap());
    let merged = merge(&[ra, rb]).unwrap().collection;
    // B's line joins the first B[aa]; W[cc] is a new variation there.
    assert_eq!(
        merged.to_string(),
        "(;GM[1]\n(;B[aa]\n(;W[bb])\n(;W[cc]C[x]))\n(;B[aa];W[cc]))\n"
    );
}

#[test]
fn setup_nodes_match_by_their_stones_and_markup_is_united() {
    let a = crate::parse(b"(;GM[1];AB[aa][bb]TR[aa]C[one];B[cc])").unwrap();
    let b = crate::parse(b"(;GM[1];AB[bb][aa]TR[bb]C[two]\n\n;B[cc]C[one])").unwrap();
    let (ra, rb) = (a.games().next().unwrap(), b.games().next().unwrap());
    let merged = merge(&[ra, rb]).unwrap().collection;
    assert_eq!(
        merged.to_string(),
        "(;GM[1]\n;AB[aa][bb]TR[aa][bb]C[one\n\ntwo];B[cc]C[one])\n"
    );
    // A comment already there as a paragraph is not added again.
    let again = merge(&[merged.games().next().unwrap(), rb])
        .unwrap()
        .collection;
    assert_eq!(again.to_string(), merged.to_string());
}

#[test]
fn conflicting_game_info_keeps_the_first_and_records_the_others_in_gc() {
    let a = crate::parse(b"(;FF[4]AP[x:1]GM[1]GC[from a]DT[2020];B[aa])").unwrap();
    let b = crate::parse(b"(;FF[3]AP[y:2]GM[1]DT[2021]KM[6.5];B[aa])").unwrap();
    let c = crate::parse(b"(;GM[1]DT[2022]KM[7];B[aa])").unwrap();
    let roots: Vec<_> = [&a, &b, &c]
        .iter()
        .map(|t| t.games().next().unwrap())
        .collect();
    let merged = merge(&roots).unwrap();
    assert_eq!(
        merged.collection.to_string(),
        "(;FF[4]AP[x:1]GM[1]GC[from a\n\nmerge: DT[2021\\] in record 2\nmerge: DT[2022\\] in record 3\nmerge: KM[7\\] in record 3]\
         DT[2020]KM[6.5]\n;B[aa])\n"
    );
    let said: Vec<String> = merged.conflicts.iter().map(ToString::to_string).collect();
    assert_eq!(
        said,
        [
            "DT: kept `2020`, record 2 says `2021`",
            "DT: kept `2020`, record 3 says `2022`",
            "KM: kept `6.5`, record 3 says `7`"
        ]
    );
    assert!(merge(&[]).unwrap().collection.games().next().is_none());
}

#[test]
fn the_root_texts_of_later_records_come_in_record_order() {
    let texts = [
        "(;GM[1]DT[1]C[root a];B[aa])",
        "(;GM[1]DT[2]GC[b says]KM[5]C[root b];B[aa])",
        "(;GM[1]DT[3]GC[c says]C[root a]RE[B+R];B[aa]C[x])",
        "(;GM[1]DT[4]GC[b says]PB[d];B[aa]C[y])",
    ];
    let trees: Vec<_> = texts
        .iter()
        .map(|t| crate::parse(t.as_bytes()).unwrap())
        .collect();
    let roots: Vec<_> = trees.iter().map(|t| t.games().next().unwrap()).collect();
    let merged = merge(&roots).unwrap();
    // GC takes its place among the root's properties when it first comes
    // (before KM, RE and PB, which later records bring); each record's
    // own text and its conflicts follow in turn.
    assert_eq!(
        merged.collection.to_string(),
        "(;GM[1]DT[1]C[root a\n\nroot b]GC[b says\n\nmerge: DT[2\\] in record 2\n\nc says\n\n\
         merge: DT[3\\] in record 3\nmerge: DT[4\\] in record 4]KM[5]RE[B+R]PB[d]\n;B[aa]C[x\n\ny])\n"
    );
}

/// Each record adds to the root's texts; they are written once, not once a
/// record (the old ones would stay in the collection: quadratic).
#[test]
fn many_records_write_the_root_texts_once() {
    let trees: Vec<_> = (0..2_000)
        .map(|k| {
            crate::parse(format!("(;GM[1]DT[{k}]C[note {k}];B[aa])").as_bytes())
                .unwrap()
                .into_owned()
        })
        .collect();
    let roots: Vec<_> = trees.iter().map(|t| t.games().next().unwrap()).collect();
    let merged = merge(&roots).unwrap();
    let root = merged.collection.games().next().unwrap();
    let gc = root.get("GC").unwrap().value();
    let c = root.get("C").unwrap().value();
    assert_eq!(gc.split(|&b| b == b'\n').count(), 1_999);
    assert!(gc.ends_with(b"merge: DT[1999\\] in record 2000"));
    assert_eq!(
        c.split(|&b| b == b'\n').filter(|l| l.is_empty()).count(),
        1_999
    );
    let texts = gc.len() + c.len();
    let heap = merged.collection.heap_size();
    assert!(
        heap < 4 * texts + (64 << 10),
        "{heap} bytes for {texts} bytes of text"
    );
}
