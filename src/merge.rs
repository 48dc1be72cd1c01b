//! Records of one game (or variations of one opening) merged into one tree,
//! by FF\[4\]'s rule: the common prefix once, a variation where the records
//! diverge.
//!
//! # Which nodes are the same
//!
//! Two nodes are the same node when they have the same parent in the merged
//! tree and the same *identity*:
//!
//! * a node with a move (`B` or `W`): its colour and its raw value
//!   (`B[pd]`; a pass is the value as written, `B[]` and `B[tt]` differ);
//! * a node with no move: its setup (`AB`, `AW`, `AE`), each as the set of
//!   its raw values (`AB[dd][pp]` and `AB[pp][dd]` are the same);
//! * a node with neither: the same as any other such node (a node with only
//!   a comment, say).
//!
//! The roots of the records are always the same node. A record's children
//! are matched in order, each to the first child of the merged node with
//! the same identity not matched yet for the same parent: a record with
//! two equal variations keeps both, and merging a record with itself
//! changes nothing.
//!
//! # Properties of the same node
//!
//! The properties of the record merged in are added to the node:
//!
//! * one the node does not have: added;
//! * the same raw values: kept once;
//! * text (`C`, `GC`): both kept, joined by a blank line (a text the node
//!   already holds as one of its paragraphs is not added again);
//! * lists (markup `TR`, `SQ`, `CR`, `MA`, `SL`, `AR`, `LN`, `LB`, `DD`,
//!   territory `TB`, `TW`, view `VW`, setup `AB`, `AW`, `AE`): the union
//!   of the values;
//! * anything else with other values (`BL`, `N`, game info such as `RE`):
//!   the first record's value is kept. At the root, each such difference
//!   is a [`Conflict`], and the value set aside is written in the root's
//!   `GC` as a line `merge: IDENT[value] in record N` (the value decoded as
//!   SimpleText, several joined by `][`; after a blank line when the root
//!   has a `GC` already), so that nothing a record says is lost. `CA`,
//!   `FF` and `AP`, which say how the file was written, are kept from the
//!   first record without a conflict.
//!
//! ```
//! use sgfkit::merge::merge;
//! let a = sgfkit::parse(b"(;GM[1]PB[Lee]RE[W+R];B[pd];W[dd]C[good];B[pp])")?;
//! let b = sgfkit::parse(b"(;GM[1]PB[Lee]RE[W+Resign];B[pd];W[dd]C[joseki];B[dp])")?;
//! let merged = merge(&[a.games().next().unwrap(), b.games().next().unwrap()])?;
//! assert_eq!(
//!     merged.collection.to_string(),
//!     "(;GM[1]PB[Lee]RE[W+R]GC[merge: RE[W+Resign\\] in record 2]\n;B[pd];W[dd]C[good\n\njoseki]\n(;B[pp])\n(;B[dp]))\n"
//! );
//! assert_eq!(merged.conflicts[0].to_string(), "RE: kept `W+R`, record 2 says `W+Resign`");
//! # Ok::<(), sgfkit::Error>(())
//! ```
//!
//! Trees of any depth are merged without recursion.

use crate::text::{TextKind, decode};
use crate::tree::{Collection, EditError, Node, NodeId};
use std::fmt;

/// Properties whose values are a set: merged as the union.
const LISTS: [&str; 15] = [
    "TR", "SQ", "CR", "MA", "SL", "AR", "LN", "LB", "DD", "TB", "TW", "VW", "AB", "AW", "AE",
];
/// Text properties: different texts are both kept.
const TEXTS: [&str; 2] = ["C", "GC"];
/// Root properties about the file, not the game: the first kept quietly.
const FILE_PROPS: [&str; 3] = ["CA", "FF", "AP"];

/// The merged tree and what the records disagreed on.
#[derive(Debug, Clone)]
pub struct Merged {
    /// One game tree: the records merged.
    pub collection: Collection<'static>,
    /// Each root property that records gave other values: the first kept.
    pub conflicts: Vec<Conflict>,
}

/// A root property the records disagree on (see the [module docs](self)).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Conflict {
    /// The property's identifier.
    pub ident: String,
    /// The value kept (the first record's) as SimpleText, several values
    /// joined by `][`.
    pub kept: String,
    /// The value set aside, as `kept`.
    pub other: String,
    /// The record (from 1, in the order given) that said `other`.
    pub record: usize,
}

impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: kept `{}`, record {} says `{}`",
            self.ident, self.kept, self.record, self.other
        )
    }
}

/// What makes two nodes the same node (see the [module docs](self)).
#[derive(Debug, Clone, PartialEq, Eq)]
enum Identity<'c> {
    Move(&'c str, &'c [u8]),
    Setup(Vec<(&'c str, Vec<&'c [u8]>)>),
    Other,
}

fn identity<'c>(node: Node<'c, '_>) -> Identity<'c> {
    for color in ["B", "W"] {
        if let Some(p) = node.get(color) {
            return Identity::Move(p.ident(), p.value());
        }
    }
    let setup: Vec<_> = ["AB", "AW", "AE"]
        .into_iter()
        .filter_map(|ident| {
            let mut values: Vec<&[u8]> = node
                .properties()
                .filter(|p| p.ident() == ident)
                .flat_map(|p| p.values())
                .collect();
            values.sort_unstable();
            values.dedup();
            (!values.is_empty()).then_some((ident, values))
        })
        .collect();
    if setup.is_empty() {
        Identity::Other
    } else {
        Identity::Setup(setup)
    }
}

/// The game trees under `roots` (of any collections) merged into one (see
/// the [module docs](self)): the first record's tree, each other record
/// merged in, in order. No roots: an empty collection.
///
/// # Errors
/// [`EditError::TooLarge`] if the merged tree grows past what a
/// [`Collection`] can hold.
pub fn merge(roots: &[Node<'_, '_>]) -> Result<Merged, EditError> {
    let mut out = Collection::new();
    let mut conflicts = Vec::new();
    let Some((first, rest)) = roots.split_first() else {
        return Ok(Merged {
            collection: out,
            conflicts,
        });
    };
    let root = out.copy_subtree(*first, None, |_| false)?;
    let mut texts = RootTexts::default();
    for (k, other) in rest.iter().enumerate() {
        let record = k + 2;
        unite(
            &mut out,
            root,
            *other,
            Some((record, &mut conflicts, &mut texts)),
        )?;
        // Pairs of (record's node, merged node), matched; no recursion.
        let mut stack = vec![(*other, root)];
        while let Some((src, dst)) = stack.pop() {
            let mut taken: Vec<NodeId> = Vec::new();
            for child in src.children() {
                let key = identity(child);
                let found = out
                    .node(dst)
                    .children()
                    .find(|c| !taken.contains(&c.id()) && identity(*c) == key)
                    .map(|c| c.id());
                match found {
                    Some(same) => {
                        taken.push(same);
                        unite(&mut out, same, child, None)?;
                        stack.push((child, same));
                    }
                    None => {
                        let copy = out.copy_subtree(child, Some(dst), |_| false)?;
                        taken.push(copy);
                    }
                }
            }
        }
    }
    texts.write(&mut out, root)?;
    Ok(Merged {
        collection: out,
        conflicts,
    })
}

/// The root's texts (`C`, `GC`) as records are merged into it: held here
/// and written once at the end, since each record may add to them (its
/// conflicts, its own texts), and writing a text again leaves the old one
/// in the collection's pool (many records made that quadratic: 2,336 into
/// one tree held 1.2 GB). A text is written when first changed, so that it
/// keeps its place among the root's properties.
#[derive(Default)]
struct RootTexts {
    texts: Vec<(&'static str, Vec<u8>)>,
}

impl RootTexts {
    /// The values of the root's `ident`, as changed so far.
    fn get(&self, out: &Collection<'_>, root: NodeId, ident: &str) -> Option<Vec<Vec<u8>>> {
        if let Some((_, text)) = self.texts.iter().find(|(i, _)| *i == ident) {
            return Some(vec![text.clone()]);
        }
        out.node(root)
            .get(ident)
            .map(|p| p.values().map(<[u8]>::to_vec).collect())
    }

    /// Sets the root's text `ident` (one of [`TEXTS`]) to `text`.
    fn set(
        &mut self,
        out: &mut Collection<'_>,
        root: NodeId,
        ident: &'static str,
        text: Vec<u8>,
    ) -> Result<(), EditError> {
        match self.texts.iter_mut().find(|(i, _)| *i == ident) {
            Some((_, held)) => *held = text,
            None => {
                out.set_property(root, ident, [&text])?;
                self.texts.push((ident, text));
            }
        }
        Ok(())
    }

    /// Writes the texts held to the root.
    fn write(self, out: &mut Collection<'_>, root: NodeId) -> Result<(), EditError> {
        for (ident, text) in self.texts {
            out.set_property(root, ident, [text])?;
        }
        Ok(())
    }
}

/// Adds the properties of `src` to the node `dst` of `out` (see the
/// [module docs](self)); at the root, `root` is the record's number, the
/// conflicts found so far and the root's texts as merged so far.
fn unite(
    out: &mut Collection<'static>,
    dst: NodeId,
    src: Node<'_, '_>,
    mut root: Option<(usize, &mut Vec<Conflict>, &mut RootTexts)>,
) -> Result<(), EditError> {
    let mut set_aside: Vec<u8> = Vec::new();
    for prop in src.properties() {
        let ident = prop.ident();
        let theirs: Vec<&[u8]> = prop.values().collect();
        let text = TEXTS.iter().find(|&&t| t == ident);
        let ours: Option<Vec<Vec<u8>>> = match (&root, text) {
            (Some((.., texts)), Some(_)) => texts.get(out, dst, ident),
            _ => out
                .node(dst)
                .get(ident)
                .map(|p| p.values().map(<[u8]>::to_vec).collect()),
        };
        let Some(ours) = ours else {
            out.push_property(dst, ident, &theirs)?;
            continue;
        };
        if ours.iter().map(Vec::as_slice).eq(theirs.iter().copied()) {
            continue;
        }
        if let Some(&text) = text {
            // A text has one value; a property edited to none has nothing
            // to join.
            if let (Some(o), Some(t)) = (ours.first(), theirs.first())
                && !has_paragraph(o, t)
            {
                let mut joined = o.clone();
                joined.extend_from_slice(b"\n\n");
                joined.extend_from_slice(t);
                match root.as_mut() {
                    Some((.., texts)) => texts.set(out, dst, text, joined)?,
                    None => out.set_property(dst, ident, [joined])?,
                }
            }
        } else if LISTS.contains(&ident) {
            let mut all = ours.clone();
            for v in &theirs {
                if !all.iter().any(|o| o == v) {
                    all.push(v.to_vec());
                }
            }
            out.set_property(dst, ident, &all)?;
        } else if let Some((record, conflicts, _)) = root.as_mut() {
            if FILE_PROPS.contains(&ident) {
                continue;
            }
            let join = |values: &mut dyn Iterator<Item = &[u8]>| {
                values
                    .map(|v| String::from_utf8_lossy(&decode(v, TextKind::SimpleText)).into_owned())
                    .collect::<Vec<_>>()
                    .join("][")
            };
            let other = join(&mut theirs.iter().copied());
            if !set_aside.is_empty() {
                set_aside.push(b'\n');
            }
            let line = format!("merge: {ident}[{other}] in record {record}");
            crate::text::encode_into(&mut set_aside, line.as_bytes(), false);
            conflicts.push(Conflict {
                ident: ident.to_string(),
                kept: join(&mut ours.iter().map(Vec::as_slice)),
                other,
                record: *record,
            });
        }
    }
    if let Some((.., texts)) = root.filter(|_| !set_aside.is_empty()) {
        let gc = match texts.get(out, dst, "GC").and_then(|v| v.into_iter().next()) {
            Some(mut text) => {
                // Below the lines of the records merged before, or after a
                // blank line below the record's own text.
                let last = text.rsplit(|&b| b == b'\n').next().unwrap_or_default();
                if last.starts_with(b"merge: ") {
                    text.push(b'\n');
                } else {
                    text.extend_from_slice(b"\n\n");
                }
                text.extend_from_slice(&set_aside);
                text
            }
            None => set_aside,
        };
        texts.set(out, dst, "GC", gc)?;
    }
    Ok(())
}

/// Whether the text `raw` holds the text `other` as one of its paragraphs
/// (parts between blank lines), or is it.
fn has_paragraph(raw: &[u8], other: &[u8]) -> bool {
    let text = decode(raw, TextKind::Text);
    let other = decode(other, TextKind::Text);
    let text = String::from_utf8_lossy(&text);
    let other = String::from_utf8_lossy(&other);
    text.split("\n\n").any(|p| p == other)
}

#[cfg(test)]
mod tests;
