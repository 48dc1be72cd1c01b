//! The semantic checker: what a well-formed tree can still get wrong.
//!
//! [`check`] looks at a parsed [`Collection`] (from the strict parser or from
//! [`parse_lenient`](super::parse_lenient)) and reports, as [`Diagnostic`]s
//! with the stable codes of [`SEMANTIC_CODES`], everything the FF\[4\]
//! specification forbids or discourages above the grammar: properties in the
//! wrong kind of node, move and setup mixed, values that do not fit their
//! type, points off the board, duplicate points, version conflicts, unknown
//! and obsolete properties, contradicting annotations, differences between
//! the game trees of a collection, and, for Go, moves onto occupied points and
//! setup without effect. [`CheckOptions::strict`] adds the restrictive checks
//! of SGFC's `-r`.
//!
//! The checker never changes the tree, never panics and needs no stack per
//! level of nesting: it walks the trees with
//! [`Node::descendants`](crate::Node::descendants).
//!
//! ```
//! use sgfkit::check::{check, CheckOptions, Severity};
//!
//! let tree = sgfkit::parse(b"(;GM[1]FF[4]SZ[9]PB[x];B[ee]AB[aa];W[ee]PW[y])")?;
//! let diags = check(&tree, &CheckOptions::default());
//! let codes: Vec<&str> = diags.iter().map(|d| d.code).collect();
//! assert_eq!(codes, ["S003", "S030", "S002"]);
//! assert_eq!(diags[0].to_string(), "1:29: error[S003]: move and setup properties mixed in one node (B, AB)");
//! assert_eq!(diags[0].sgfc, Some(30));
//! assert!(diags.iter().all(|d| d.severity >= Severity::Warning));
//! # Ok::<(), sgfkit::Error>(())
//! ```

use std::collections::HashSet;
use std::ops::Range;
use std::rc::Rc;

use super::correctable::{self, Verdict};
use super::{Diagnostic, Severity};
use crate::game::go::{Board, Color, Go};
use crate::game::{BoardSize, Game, GameType};
use crate::property::typed::Prop;
use crate::property::{PropertyInfo, PropertyType, ValueType, lookup, lookup_any};
use crate::record;
use crate::text::find_unescaped;
use crate::tree::{Collection, Node, Property};

mod codes;
mod go;
mod node;
#[cfg(test)]
mod tests;
mod values;

pub use codes::SEMANTIC_CODES;
use go::{PointMarks, go_coord};
use values::{compose_missing_everywhere, is_point_list, leading_number};

/// Options of [`check`]. Build with [`CheckOptions::default`] and the
/// builder methods.
///
/// ```
/// let opts = sgfkit::check::CheckOptions::default().strict(true);
/// assert!(opts.strict);
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct CheckOptions {
    /// The restrictive checks of SGFC's `-r`: more than one game tree in a
    /// file, `HA` against the handicap stones, two moves of one colour in a
    /// row, setup in the main line after the root (Go only for the last
    /// three).
    pub strict: bool,
}

impl CheckOptions {
    /// Sets [`CheckOptions::strict`].
    ///
    /// ```
    /// use sgfkit::check::{check, CheckOptions};
    /// let t = sgfkit::parse(b"(;GM[1])(;GM[1])")?;
    /// assert!(check(&t, &CheckOptions::default()).is_empty());
    /// assert_eq!(check(&t, &CheckOptions::default().strict(true))[0].code, "S032");
    /// # Ok::<(), sgfkit::Error>(())
    /// ```
    pub fn strict(mut self, strict: bool) -> Self {
        self.strict = strict;
        self
    }
}

/// Checks every game tree of `collection` and returns the diagnostics in
/// source order (diagnostics without a source position, from edited trees,
/// come first).
///
/// Positions are computed in [`Collection::source`]; properties added by
/// editing are reported at their node, or at the start of the source.
///
/// ```
/// use sgfkit::check::{check, CheckOptions};
///
/// let tree = sgfkit::parse(b"(;SZ[5];B[cc];W[cc])")?;
/// let d = check(&tree, &CheckOptions::default());
/// assert_eq!(d.len(), 1);
/// assert_eq!(d[0].code, "S030");
/// assert_eq!(d[0].message, "W[cc] is played on a point that holds a black stone");
/// // Strict checks, as SGFC's -r.
/// let tree = sgfkit::parse(b"(;HA[2];B[cc];B[dd])")?;
/// let codes: Vec<_> = check(&tree, &CheckOptions::default().strict(true))
///     .into_iter()
///     .map(|d| d.code)
///     .collect();
/// assert_eq!(codes, ["S033", "S035"]);
/// # Ok::<(), sgfkit::Error>(())
/// ```
pub fn check(collection: &Collection<'_>, options: &CheckOptions) -> Vec<Diagnostic> {
    let mut ck = Checker {
        diags: Vec::new(),
        counts: Vec::new(),
        scratch: Scratch::default(),
    };
    let games: Vec<Node<'_, '_>> = collection.games().collect();
    if options.strict && games.len() > 1 {
        let at = games[1].offset().unwrap_or(0);
        ck.push(
            "S032",
            at..at,
            format!("the file holds {} game trees", games.len()),
        );
    }
    ck.collection_differences(&games);
    if let Some(first) = games.first() {
        ck.late_charset(collection.source(), first);
    }
    for root in &games {
        ck.tree(*root, options);
    }
    let mut diags = ck.diags;
    diags.sort_by_key(|d| d.span.start);
    fill_positions(collection.source(), &mut diags);
    diags
}

/// The most diagnostics of one code [`check`] keeps (memory stays bounded on
/// hostile input); further ones are counted in one last diagnostic.
const MAX_PER_CODE: usize = super::MAX_PER_CODE;

struct Checker<'c> {
    diags: Vec<Diagnostic>,
    /// Diagnostics pushed per code (a few dozen codes: a short list).
    counts: Vec<(&'static str, usize)>,
    /// Buffers reused from node to node.
    scratch: Scratch<'c>,
}

/// The buffers of [`Checker`], reused from node to node so that checking a
/// node allocates nothing in the common case.
#[derive(Default)]
struct Scratch<'c> {
    props: Vec<Property<'c>>,
    infos: Vec<Option<&'static PropertyInfo>>,
    seen: Vec<&'c str>,
    values: Vec<&'c [u8]>,
    marks: PointMarks,
    kids: Vec<Node<'c, 'c>>,
    /// Game information at or above a node: see [`Checker::tree`].
    gi_at: Vec<u32>,
    gi_stamp: u32,
}

/// What one game tree is read as.
struct TreeInfo {
    game: GameType,
    gm: u32,
    /// The root's FF; FF[1] when it has none, as FF[4] specifies.
    ff: u8,
    size: BoardSize,
    size_ok: bool,
}

impl<'c> Checker<'c> {
    /// True when diagnostics of `code` are no longer kept (more than
    /// [`MAX_PER_CODE`] were pushed): the caller may skip writing them.
    fn saturated(&self, code: &'static str) -> bool {
        self.counts
            .iter()
            .any(|&(c, n)| c == code && n > MAX_PER_CODE)
    }

    fn push(&mut self, code: &'static str, span: Range<usize>, message: String) {
        let k = match self.counts.iter().position(|&(c, _)| c == code) {
            Some(k) => k,
            None => {
                self.counts.push((code, 0));
                self.counts.len() - 1
            }
        };
        let n = &mut self.counts[k].1;
        *n += 1;
        if *n > MAX_PER_CODE {
            if *n == MAX_PER_CODE + 1 {
                self.diags.push(diag(
                    code,
                    span,
                    format!("more `{code}` diagnostics left out"),
                ));
            }
            return;
        }
        self.diags.push(diag(code, span, message));
    }

    /// S046: the first root's CA is not what a scan of the file's start
    /// finds (SGFC's fatal 73): the charset is announced too late for
    /// readers that sniff it.
    fn late_charset(&mut self, src: &[u8], root: &Node<'_, '_>) {
        // A CA without a span was set by the reader after transcoding.
        let Some(ca) = root.get("CA") else {
            return;
        };
        let Some(span) = ca.span() else {
            return;
        };
        let default = "ISO-8859-1";
        #[cfg(feature = "encoding")]
        let known = |name: &str| crate::encoding::encoding_for_label(name).is_some();
        #[cfg(not(feature = "encoding"))]
        let known = |_: &str| true;
        let label = String::from_utf8_lossy(ca.value()).trim().to_string();
        let announced = if known(&label) {
            label.as_str()
        } else {
            default
        };
        let scanned = super::charset_scan::scanned_charset(src);
        let found = scanned.as_deref().filter(|s| known(s)).unwrap_or(default);
        if !announced.eq_ignore_ascii_case(found) {
            self.push(
                "S046",
                span,
                format!(
                    "CA[{label}] is not where readers look for it (a `CA[` in the first 1,000 bytes): SGFC and other readers that sniff the start decode the file as {found}"
                ),
            );
        }
    }

    /// S022–S024: FF and GM differ between the trees (once each, at the
    /// first tree that differs from the first tree); CA differs (at each
    /// tree whose charset differs from the tree before it).
    fn collection_differences(&mut self, games: &[Node<'_, '_>]) {
        let Some(first) = games.first() else {
            return;
        };
        let raw = |n: &Node<'_, '_>, ident: &str, default: &str| -> String {
            n.get(ident).map_or(default.to_string(), |p| {
                String::from_utf8_lossy(p.value().trim_ascii()).into_owned()
            })
        };
        let ff = |n: &Node<'_, '_>| raw(n, "FF", "1");
        if let Some(g) = games[1..].iter().find(|g| ff(g) != ff(first)) {
            let msg = format!(
                "this game tree is FF[{}], the first one FF[{}] (one format for all trees is safer)",
                ff(g),
                ff(first)
            );
            self.push("S022", prop_span(g, "FF"), msg);
        }
        let gm = |n: &Node<'_, '_>| record::game_of(*n).0;
        if let Some(g) = games[1..].iter().find(|g| gm(g) != gm(first)) {
            let msg = format!(
                "this game tree records {} (GM[{}]), the first one {} (GM[{}])",
                gm(g).name(),
                gm(g).gm(),
                gm(first).name(),
                gm(first).gm()
            );
            self.push("S023", prop_span(g, "GM"), msg);
        }
        let ca = |n: &Node<'_, '_>| raw(n, "CA", "ISO-8859-1");
        for pair in games.windows(2) {
            let (before, now) = (ca(&pair[0]), ca(&pair[1]));
            if !before.eq_ignore_ascii_case(&now) {
                let msg = format!(
                    "this game tree's charset is {now}, the tree before's {before} (a file with one charset is safer)"
                );
                self.push("S024", prop_span(&pair[1], "CA"), msg);
            }
        }
    }

    /// The checks of one game tree.
    fn tree(&mut self, root: Node<'c, 'c>, options: &CheckOptions) {
        let info = self.root_info(root);
        // Whether a node at or above each node (by arena index) holds
        // game-info properties: `gi_at[k] == stamp` in this tree. The table
        // is kept from tree to tree (a new stamp each), so that it grows
        // once to the collection's size instead of once per tree.
        self.scratch.gi_stamp += 1;
        let stamp = self.scratch.gi_stamp;
        let mut gi_at = std::mem::take(&mut self.scratch.gi_at);
        let mut props = std::mem::take(&mut self.scratch.props);
        for node in root.descendants() {
            props.clear();
            props.extend(node.properties());
            let parent = node.parent();
            let above = parent.is_some_and(|p| gi_at.get(p.id().index()) == Some(&stamp));
            let mut own_gi = false;
            // Most nodes are a lone move on the board (`;B[pd]`) below the
            // root, or a move with its time left and a comment, where the
            // node checks find nothing.
            let quiet = parent.is_some()
                && match &props[..] {
                    [p] => values::quiet_move(p, &info),
                    ps => values::quiet_node(ps, &info),
                };
            if !quiet {
                self.node(node, &props, &info, above, &mut own_gi);
            }
            let k = node.id().index();
            if gi_at.len() <= k {
                gi_at.resize(k + 1, 0);
            }
            if own_gi || above {
                gi_at[k] = stamp;
            }
        }
        self.scratch.props = props;
        self.scratch.gi_at = gi_at;
        if info.game == GameType::Go && info.size_ok {
            self.go_positions(root, info.size, options);
        }
    }

    /// GM, FF and SZ of a root, with S025/S026/S029/S036 and S015.
    fn root_info(&mut self, root: Node<'_, '_>) -> TreeInfo {
        let (game, warning) = record::game_of(root);
        if let Some(w) = warning {
            let span = prop_span(&root, "GM");
            self.push("S025", span, w);
        }
        if game != GameType::Go {
            let span = prop_span(&root, "GM");
            self.push(
                "S029",
                span,
                format!(
                    "the game is {} (GM[{}]): moves and positions are not played out",
                    game.name(),
                    game.gm()
                ),
            );
        }
        let mut ff = 1u8;
        if let Some(p) = root.get("FF") {
            let v = p.value().trim_ascii();
            match std::str::from_utf8(v)
                .ok()
                .and_then(|s| s.parse::<u32>().ok())
            {
                Some(n @ 1..=4) => ff = n as u8,
                Some(n) if n > 4 => {
                    ff = 4;
                    self.push(
                        "S026",
                        p.span().unwrap_or(node_span(&root)),
                        format!("FF[{n}] is newer than FF[4]; read as FF[4]"),
                    );
                }
                _ => {
                    self.push(
                        "S025",
                        p.span().unwrap_or(node_span(&root)),
                        format!(
                            "FF[{}] is not a file format number; FF[1] assumed",
                            String::from_utf8_lossy(v)
                        ),
                    );
                }
            }
        }
        let (size, size_ok) = match record::board_size_noted(root, game) {
            Ok((size, note)) => {
                if let (Some(_), Some(p)) = (note, root.get("SZ")) {
                    let raw = p.value();
                    if let Some(k) = find_unescaped(raw, b':') {
                        let (a, b) = (raw[..k].trim_ascii(), raw[k + 1..].trim_ascii());
                        if a == b {
                            self.push(
                                "S015",
                                p.span().unwrap_or(node_span(&root)),
                                format!(
                                    "SZ[{}] is a square board: FF[4] writes it SZ[{}]",
                                    String::from_utf8_lossy(raw),
                                    String::from_utf8_lossy(a)
                                ),
                            );
                        }
                    }
                }
                (size, true)
            }
            Err(e) => {
                let span = prop_span(&root, "SZ");
                let code = if e.contains("52x52") { "S036" } else { "S025" };
                let default = game.default_size();
                self.push(
                    code,
                    span,
                    format!("{e}; {}x{} assumed", default.columns, default.rows),
                );
                (default, false)
            }
        };
        TreeInfo {
            game,
            gm: game.gm(),
            ff,
            size,
            size_ok,
        }
    }
}

/// The span of property `ident` of `node`, else of the node.
fn prop_span(node: &Node<'_, '_>, ident: &str) -> Range<usize> {
    node.get(ident)
        .and_then(|p| p.span())
        .unwrap_or_else(|| node_span(node))
}

/// The node's `;` (or the start of the source for an edited node).
fn node_span(node: &Node<'_, '_>) -> Range<usize> {
    match node.offset() {
        Some(at) => at..at + 1,
        None => 0..0,
    }
}

/// A diagnostic of `code` from [`SEMANTIC_CODES`]; its position is filled in
/// later.
fn diag(code: &'static str, span: Range<usize>, message: String) -> Diagnostic {
    Diagnostic::from_code(code, span, message, false)
}

/// Fills in every diagnostic's position (diagnostics sorted by span start),
/// in one pass over `src`.
fn fill_positions(src: &[u8], diags: &mut [Diagnostic]) {
    let mut cursor = crate::error::PositionCursor::new(src);
    for d in diags.iter_mut() {
        d.position = cursor.position(d.span.start);
    }
}
