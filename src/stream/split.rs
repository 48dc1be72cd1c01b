//! Splitting collections into files: names from game-info values, and the
//! game trees that lost their `)` set apart again.

use crate::grammar::is_ws;
use crate::scan::opens_lost_game;
use crate::text::{TextKind, decode};
use crate::tree::{Collection, EditError, Node, NodeId};
use std::fmt;

/// The longest file name [`NamePattern`] makes, in bytes, before a
/// collision number or an extension: well under the 255 bytes of common
/// file systems.
pub const MAX_NAME_LEN: usize = 100;

/// Digits of `{n}`, the game's number, zero-padded: `000042`.
const NUMBER_WIDTH: usize = 6;

/// A pattern for the file names of the games of a collection, as
/// `sgfkit split --name` takes it: text with placeholders in braces.
///
/// * `{n}`: the game's number in its input (from 1), zero-padded to six
///   digits;
/// * `{stem}`: the input file's name without its extension;
/// * `{XX}`: the value of the root's property `XX` (any identifier of
///   capital letters: `{PB}`, `{PW}`, `{DT}`, `{EV}`, `{RO}`, …), as
///   SimpleText; a property the root does not have, or whose value is
///   nothing once made safe, gives `unknown`.
///
/// The default is `{stem}-{n}`. Every name is made safe by
/// [`safe_file_name`]; a name that is empty after that is the default's.
///
/// ```
/// use sgfkit::stream::NamePattern;
/// let c = sgfkit::parse(b"(;GM[1]PB[Lee Sedol]PW[AlphaGo/2]DT[2016-03-13];B[pd])")?;
/// let root = c.games().next().unwrap();
/// let pattern: NamePattern = "{PB}-{PW}-{DT}-{RE}".parse()?;
/// assert_eq!(pattern.name(root, "seoul", 4), "Lee_Sedol-AlphaGo_2-2016-03-13-unknown");
/// assert_eq!(NamePattern::default().name(root, "seoul", 4), "seoul-000004");
/// assert!("{PB".parse::<NamePattern>().is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NamePattern {
    parts: Vec<Part>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Part {
    Text(String),
    Number,
    Stem,
    Property(String),
}

/// Why a [`NamePattern`] could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("name pattern: {0}")]
pub struct PatternError(String);

impl Default for NamePattern {
    fn default() -> Self {
        NamePattern {
            parts: vec![Part::Stem, Part::Text("-".into()), Part::Number],
        }
    }
}

impl std::str::FromStr for NamePattern {
    type Err = PatternError;

    fn from_str(s: &str) -> Result<Self, PatternError> {
        let mut parts = Vec::new();
        let mut rest = s;
        while let Some(open) = rest.find('{') {
            if open > 0 {
                parts.push(Part::Text(rest[..open].to_string()));
            }
            let after = &rest[open + 1..];
            let close = after
                .find('}')
                .ok_or_else(|| PatternError(format!("`{{` at byte {open} is not closed")))?;
            let name = &after[..close];
            parts.push(match name {
                "n" => Part::Number,
                "stem" => Part::Stem,
                _ if !name.is_empty() && name.bytes().all(|b| b.is_ascii_uppercase()) => {
                    Part::Property(name.to_string())
                }
                _ => {
                    return Err(PatternError(format!(
                        "unknown placeholder `{{{name}}}` (use {{n}}, {{stem}} or a property such as {{PB}})"
                    )));
                }
            });
            rest = &after[close + 1..];
        }
        if rest.contains('}') {
            return Err(PatternError("`}` without its `{`".into()));
        }
        if !rest.is_empty() {
            parts.push(Part::Text(rest.to_string()));
        }
        Ok(NamePattern { parts })
    }
}

impl fmt::Display for NamePattern {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for part in &self.parts {
            match part {
                Part::Text(t) => f.write_str(t)?,
                Part::Number => f.write_str("{n}")?,
                Part::Stem => f.write_str("{stem}")?,
                Part::Property(p) => write!(f, "{{{p}}}")?,
            }
        }
        Ok(())
    }
}

impl NamePattern {
    /// The file name (without extension) of the game tree at `root`, the
    /// `number`th of the input whose stem is `stem`: the pattern filled in
    /// and made safe ([`safe_file_name`]).
    pub fn name(&self, root: Node<'_, '_>, stem: &str, number: usize) -> String {
        let mut name = String::new();
        for part in &self.parts {
            match part {
                Part::Text(t) => name.push_str(t),
                Part::Number => name.push_str(&format!("{number:0NUMBER_WIDTH$}")),
                Part::Stem => name.push_str(&safe_file_name(stem)),
                Part::Property(ident) => {
                    // Each value made safe on its own, so that its ends
                    // are trimmed too.
                    let value = root.get(ident).map(|p| {
                        let text = decode(p.value(), TextKind::SimpleText);
                        safe_file_name(&String::from_utf8_lossy(&text))
                    });
                    match value.filter(|v| !v.is_empty()) {
                        Some(v) => name.push_str(&v),
                        None => name.push_str("unknown"),
                    }
                }
            }
        }
        let safe = safe_file_name(&name);
        if safe.is_empty() && *self != NamePattern::default() {
            NamePattern::default().name(root, stem, number)
        } else if safe.is_empty() {
            format!("game-{number:0NUMBER_WIDTH$}")
        } else {
            safe
        }
    }
}

/// `name` made safe as a file name on any common system: letters, digits
/// and `-`, `+`, `.`, `,`, `_` kept; every other character (`/`, `\`, `:`,
/// white space, control characters, …) a `_`; runs of `_` and of `.`
/// shortened to one; no `.`, `_` or `-` at either end (so never `..`, a
/// hidden file or an option); cut to [`MAX_NAME_LEN`] bytes on a
/// character boundary. It may be empty.
///
/// ```
/// use sgfkit::stream::safe_file_name;
/// assert_eq!(safe_file_name("../../etc/passwd"), "etc_passwd");
/// assert_eq!(safe_file_name("Lee Sedol 9p\u{7}:"), "Lee_Sedol_9p");
/// assert_eq!(safe_file_name("李世乭-2016"), "李世乭-2016");
/// assert_eq!(safe_file_name(".."), "");
/// assert_eq!(safe_file_name(&"x".repeat(500)).len(), 100);
/// ```
pub fn safe_file_name(name: &str) -> String {
    let mut out = String::with_capacity(name.len().min(MAX_NAME_LEN));
    for c in name.chars() {
        let c = if c.is_alphanumeric() || matches!(c, '-' | '+' | '.' | ',' | '_') {
            c
        } else {
            '_'
        };
        if (c == '_' || c == '.') && out.ends_with(c) {
            continue;
        }
        if out.len() + c.len_utf8() > MAX_NAME_LEN {
            break;
        }
        out.push(c);
    }
    out.trim_matches(|c| matches!(c, '.' | '_' | '-'))
        .to_string()
}

/// Whether `node` starts a game tree that lost its `)`: a node below a
/// root that opens a variation (its `;` follows a `(` in the source, white
/// space between) and holds `GM` or `FF`, properties only a root has. A
/// collection in which a game tree lacks its `)` reads (strictly or
/// leniently, as a whole) with the game trees after it as its variations;
/// each of them begins with such a node. A `GM` in a node within a
/// sequence (`;B[aa];GM[1]`) is no lost game.
///
/// The rule is the one by which [`Games`](super::Games) and
/// [`split_games`](super::split_games) end a tree that lost its `)`, read
/// from the node's source: the identifier is the capitals of a run of
/// letters (FF\[3\]'s `GaMe` is `GM`), and its `[` lies within 64 KiB
/// of the `(` (a `GM` after a longer comment in the same node starts no
/// game).
///
/// ```
/// use sgfkit::stream::starts_lost_game;
/// let tree = sgfkit::parse(b"(;GM[1];B[aa];GM[1]\n(;GM[1];W[bb])(;W[cc]))")?;
/// let lost: Vec<_> = tree.games().next().unwrap().descendants().map(starts_lost_game).collect();
/// assert_eq!(lost, [false, false, false, true, false, false]);
/// # Ok::<(), sgfkit::Error>(())
/// ```
pub fn starts_lost_game(node: Node<'_, '_>) -> bool {
    let source = node.collection().source();
    let paren = node.offset().and_then(|at| {
        let before = source.get(..at)?;
        let k = before.iter().rposition(|&b| !is_ws(b))?;
        (before[k] == b'(').then_some(k)
    });
    !node.is_root() && paren.is_some_and(|k| opens_lost_game(source, k))
}

/// `tree` with each game tree that lost its `)` ([`starts_lost_game`]) set
/// apart as a game tree of its own, after the tree it was found in (those
/// found in it after it): the games a collection held before its `)` went
/// missing. Also the position of each one set apart, as a node offset in
/// `tree`'s source (`None` for a node added by editing).
///
/// ```
/// use sgfkit::stream::separate_lost_games;
/// let tree = sgfkit::parse(b"(;GM[1]PB[a];B[aa]\n(;GM[1]PB[b];W[bb])\n(;GM[1]PB[c];B[cc]))")?;
/// assert_eq!(tree.games().len(), 1);
/// let (games, found) = separate_lost_games(&tree)?;
/// assert_eq!(games.to_string(), "(;GM[1]PB[a]\n;B[aa])\n(;GM[1]PB[b]\n;W[bb])\n(;GM[1]PB[c]\n;B[cc])\n");
/// assert_eq!(found, [Some(20), Some(40)]); // their `;`
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`EditError::TooLarge`] if the copy cannot grow further.
pub fn separate_lost_games(
    tree: &Collection<'_>,
) -> Result<(Collection<'static>, Vec<Option<usize>>), EditError> {
    let mut out = Collection::new();
    let mut found = Vec::new();
    for root in tree.games() {
        // The game, then each lost game found in the ones before.
        let mut queue: std::collections::VecDeque<NodeId> = [root.id()].into();
        while let Some(id) = queue.pop_front() {
            let node = tree.node(id);
            if !node.is_root() {
                found.push(node.offset());
            }
            out.copy_subtree(node, None, |n| {
                let lost = starts_lost_game(n);
                if lost {
                    queue.push_back(n.id());
                }
                lost
            })?;
        }
    }
    Ok((out, found))
}
