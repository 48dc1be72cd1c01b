//! The first place where two meanings differ.

use std::collections::HashMap;

use super::json::write_items;
use super::{Meaning, PropMeaning};

/// Where two meanings first differ.
///
/// ```
/// use sgfkit_conform::meaning::{Meaning, Where};
/// let a = Meaning::of(&sgfkit::parse(b"(;B[aa](;W[bb])(;W[cc]))")?);
/// let b = Meaning::of(&sgfkit::parse(b"(;B[aa];W[bb])")?);
/// assert_eq!(a.first_difference(&b).unwrap().at, Where::Shape { game: 0, node: 0 });
/// # Ok::<(), sgfkit::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Where {
    /// A different number of game trees.
    Games,
    /// Node `node` (pre-order) of game `game` has a different number of
    /// children, or one side has no such node.
    Shape {
        /// The game, from 0.
        game: usize,
        /// The node, from 0 in pre-order.
        node: usize,
    },
    /// Property `ident` of a node: different values, or on one side only.
    Property {
        /// The game, from 0.
        game: usize,
        /// The node, from 0 in pre-order.
        node: usize,
        /// The identifier.
        ident: String,
    },
}

impl std::fmt::Display for Where {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Where::Games => write!(f, "number of game trees"),
            Where::Shape { game, node } => write!(f, "game {game}, node {node}: children"),
            Where::Property { game, node, ident } => write!(f, "game {game}, node {node}: {ident}"),
        }
    }
}

/// The first difference between two meanings: where, and what each side
/// reads there (as JSON, or `absent`).
///
/// ```
/// use sgfkit_conform::meaning::Meaning;
/// let a = Meaning::of(&sgfkit::parse(b"(;B[aa]C[x])")?);
/// let b = Meaning::of(&sgfkit::parse(b"(;B[aa])")?);
/// let d = a.first_difference(&b).unwrap();
/// assert_eq!(d.to_string(), "game 0, node 0: C: [\"x\"] / absent");
/// # Ok::<(), sgfkit::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Difference {
    /// Where.
    pub at: Where,
    /// What the first meaning says there.
    pub ours: String,
    /// What the second meaning says there.
    pub theirs: String,
}

impl std::fmt::Display for Difference {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {} / {}", self.at, self.ours, self.theirs)
    }
}

const ABSENT: &str = "absent";

fn values(p: &PropMeaning) -> String {
    let mut out = String::new();
    write_items(&mut out, &p.values);
    out
}

fn count(v: &[usize], i: usize) -> String {
    v.get(i)
        .map_or_else(|| ABSENT.to_string(), |n| n.to_string())
}

pub(super) fn first(ours: &Meaning, theirs: &Meaning) -> Option<Difference> {
    if ours.games.len() != theirs.games.len() {
        return Some(Difference {
            at: Where::Games,
            ours: ours.games.len().to_string(),
            theirs: theirs.games.len().to_string(),
        });
    }
    for (g, (a, b)) in ours.games.iter().zip(&theirs.games).enumerate() {
        let n = a.children.len().max(b.children.len());
        if let Some(node) = (0..n).find(|&i| a.children.get(i) != b.children.get(i)) {
            return Some(Difference {
                at: Where::Shape { game: g, node },
                ours: count(&a.children, node),
                theirs: count(&b.children, node),
            });
        }
        let empty = Vec::new();
        for node in 0..a.nodes.len().max(b.nodes.len()) {
            let pa = a.nodes.get(node).unwrap_or(&empty);
            let pb = b.nodes.get(node).unwrap_or(&empty);
            if let Some((ident, ours, theirs)) = node_difference(pa, pb) {
                return Some(Difference {
                    at: Where::Property {
                        game: g,
                        node,
                        ident,
                    },
                    ours,
                    theirs,
                });
            }
        }
    }
    None
}

/// The same values in any order: a list's order means nothing (FF\[4\]
/// lists are sets; `AR`, `LB` ... given twice are errors), and readers
/// that keep them in sets cannot give the file's order back.
fn same_values(a: &PropMeaning, b: &PropMeaning) -> bool {
    if a.values == b.values {
        return true;
    }
    let (mut x, mut y) = (a.values.clone(), b.values.clone());
    x.sort();
    y.sort();
    x == y
}

/// The first property of `a` (file order) that `b` lacks or reads
/// otherwise, then the first of `b` that `a` lacks.
fn node_difference(a: &[PropMeaning], b: &[PropMeaning]) -> Option<(String, String, String)> {
    let mut unmatched: HashMap<&str, Vec<usize>> = HashMap::new();
    for (i, p) in b.iter().enumerate().rev() {
        unmatched.entry(&p.ident).or_default().push(i);
    }
    for p in a {
        match unmatched.get_mut(p.ident.as_str()).and_then(Vec::pop) {
            Some(i) if same_values(&b[i], p) => {}
            Some(i) => return Some((p.ident.clone(), values(p), values(&b[i]))),
            None => return Some((p.ident.clone(), values(p), ABSENT.to_string())),
        }
    }
    let extra = b
        .iter()
        .enumerate()
        .filter(|(i, p)| {
            unmatched
                .get(p.ident.as_str())
                .is_some_and(|v| v.contains(i))
        })
        .map(|(_, p)| p)
        .next()?;
    Some((extra.ident.clone(), ABSENT.to_string(), values(extra)))
}
