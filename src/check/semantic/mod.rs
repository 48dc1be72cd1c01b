//! The semantic checker: what a well-formed tree can still get wrong.
//!
//! [`check`] looks at a parsed [`Collection`] (from the strict parser or from
//! [`parse_lenient`](super::parse_lenient)) and reports, as [`Diagnostic`]s
//! with the stable codes `S…` of [`all_codes`](super::all_codes), everything the FF\[4\]
//! specification forbids or discourages above the grammar: properties in the
//! wrong kind of node, move and setup mixed, values that do not fit their
//! type, points off the board, duplicate points, version conflicts, unknown
//! and obsolete properties, contradicting annotations, differences between
//! the game trees of a collection, and, for Go, moves onto occupied points and
//! setup without effect. [`CheckOptions::strict`] adds the restrictive checks
//! of SGFC's `-r`.
//!
//! The checker never changes the tree, never panics and needs no stack per
//! level of nesting: it walks each tree once, in pre-order, with a stack of
//! the variations still to visit. [`CheckOptions::threads`] checks the game
//! trees of a big collection on several threads, with the same result.
//!
//! ```
//! use sgfkit::check::{check, CheckOptions, Severity};
//!
//! let tree = sgfkit::parse(b"(;GM[1]FF[4]SZ[9]PB[x];B[ee]AB[aa];W[ee]PW[y])")?;
//! let diags = check(&tree, &CheckOptions::default());
//! let codes: Vec<&str> = diags.iter().map(|d| d.code.as_str()).collect();
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
use super::{Code, Diagnostic, Severity};
use crate::game::go::{Board, Color, Go, MoveSummary, Snapshot};
use crate::game::{BoardSize, Game, GameType};
use crate::property::typed::Prop;
use crate::property::{PropertyInfo, PropertyType, ValueType, lookup, lookup_any};
use crate::record;
use crate::text::find_unescaped;
use crate::tree::{Collection, Node, Property};

mod go;
mod lone;
mod node;
mod root;
mod scratch;
#[cfg(test)]
mod tests;
mod values;

use go::{PointMarks, go_coord};
#[cfg(feature = "encoding")]
pub(crate) use root::DEFAULT_CHARSET;
use root::TreeInfo;
pub(crate) use root::declared_charset;
use scratch::{Scratch, ident_slot};
use values::{compose_missing_everywhere, is_point_list, leading_number};

/// Options of [`check`]. Build with [`CheckOptions::default`] and the
/// builder methods.
///
/// ```
/// let opts = sgfkit::check::CheckOptions::default().strict(true);
/// assert!(opts.strict);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct CheckOptions {
    /// The restrictive checks of SGFC's `-r`: more than one game tree in a
    /// file, `HA` against the handicap stones, two moves of one colour in a
    /// row, setup in the main line after the root (Go only for the last
    /// three).
    pub strict: bool,
    /// The most threads [`check`] shares a big collection's game trees
    /// out to (0 and 1: none besides the caller's), as tasks of rayon's
    /// current pool (feature `parallel`; without it the trees are checked
    /// one after another). The diagnostics are the same as with one thread.
    pub threads: usize,
    /// Read the quirks of a game's source as the source means them and
    /// report each correction (S054), as
    /// [`GameInfo::read`](crate::record::GameInfo::read) does; on by
    /// default. Off, a Fox komi in hundredths is S052.
    pub source_fixes: bool,
}

impl Default for CheckOptions {
    fn default() -> Self {
        CheckOptions {
            strict: false,
            threads: 0,
            source_fixes: true,
        }
    }
}

impl CheckOptions {
    /// Sets [`CheckOptions::strict`].
    ///
    /// ```
    /// use sgfkit::check::{check, CheckOptions, Code};
    /// let t = sgfkit::parse(b"(;GM[1])(;GM[1])")?;
    /// assert!(check(&t, &CheckOptions::default()).is_empty());
    /// assert_eq!(check(&t, &CheckOptions::default().strict(true))[0].code, Code::S032);
    /// # Ok::<(), sgfkit::Error>(())
    /// ```
    pub fn strict(mut self, strict: bool) -> Self {
        self.strict = strict;
        self
    }

    /// Sets [`CheckOptions::threads`]. Collections of many thousand
    /// nodes in more than one game tree are checked on up to `threads`
    /// threads (feature `parallel`), with the same diagnostics in the same
    /// order.
    ///
    /// ```
    /// use sgfkit::check::{check, CheckOptions, Code};
    /// let games = "(;GM[1]SZ[9];B[ee];W[ee])".repeat(30_000);
    /// let t = sgfkit::parse(games.as_bytes())?;
    /// let one = check(&t, &CheckOptions::default());
    /// let two = check(&t, &CheckOptions::default().threads(2));
    /// assert_eq!(one, two);
    /// assert_eq!(one.len(), sgfkit::check::MAX_PER_CODE + 1);
    /// # Ok::<(), sgfkit::Error>(())
    /// ```
    pub fn threads(mut self, threads: usize) -> Self {
        self.threads = threads;
        self
    }

    /// Sets [`CheckOptions::source_fixes`].
    ///
    /// ```
    /// use sgfkit::check::{check, CheckOptions, Code};
    /// let t = sgfkit::parse(b"(;FF[4]GM[1]KM[650]AP[foxwq:1])")?;
    /// let codes = |o: &CheckOptions| -> Vec<Code> { check(&t, o).iter().map(|d| d.code).collect() };
    /// assert_eq!(codes(&CheckOptions::default()), [Code::S054]);
    /// assert_eq!(codes(&CheckOptions::default().source_fixes(false)), [Code::S052]);
    /// # Ok::<(), sgfkit::Error>(())
    /// ```
    pub fn source_fixes(mut self, on: bool) -> Self {
        self.source_fixes = on;
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
/// use sgfkit::check::{check, CheckOptions, Code};
///
/// let tree = sgfkit::parse(b"(;SZ[5];B[cc];W[cc])")?;
/// let d = check(&tree, &CheckOptions::default());
/// assert_eq!(d.len(), 1);
/// assert_eq!(d[0].code, Code::S030);
/// assert_eq!(d[0].message, "W[cc] is played on a point that holds a black stone");
/// // Strict checks, as SGFC's -r.
/// let tree = sgfkit::parse(b"(;HA[2];B[cc];B[dd])")?;
/// let codes: Vec<_> = check(&tree, &CheckOptions::default().strict(true))
///     .into_iter()
///     .map(|d| d.code.as_str())
///     .collect();
/// assert_eq!(codes, ["S033", "S035"]);
/// # Ok::<(), sgfkit::Error>(())
/// ```
pub fn check(collection: &Collection<'_>, options: &CheckOptions) -> Vec<Diagnostic> {
    check_after(collection, options, Vec::new(), None)
}

/// [`check`], the findings of the reader that read `collection` (`read`,
/// positioned already) put first at their positions: one vector of all,
/// sorted once, in place. `charsets` are the charsets the trees declared,
/// one per game, when the reader knows them better than the roots' `CA`
/// (which a transcoded tree has as `UTF-8`).
pub(crate) fn check_after(
    collection: &Collection<'_>,
    options: &CheckOptions,
    read: Vec<Diagnostic>,
    charsets: Option<Vec<String>>,
) -> Vec<Diagnostic> {
    let mut ck = Checker::new(false);
    // Key 0, which the checker's findings before the first tree share and
    // follow (the order sort keeps the order of equal keys).
    let read_len = read.len();
    ck.keys = vec![0; read_len];
    ck.diags = read;
    let games: Vec<Node<'_, '_>> = collection.games().collect();
    if options.strict && games.len() > 1 {
        let at = games[1].offset().unwrap_or(0);
        ck.push(
            Code::S032,
            at..at,
            format!("the file holds {} game trees", games.len()),
        );
    }
    if games.len() > 1 {
        let charsets = charsets.unwrap_or_else(|| games.iter().map(declared_charset).collect());
        ck.collection_differences(&games, &charsets);
    }
    if let Some(first) = games.first() {
        ck.late_charset(collection.source(), first);
    }
    let parts = split_games(collection, &games, options.threads);
    if parts.len() > 1 {
        // The diagnostics of the parts are taken in tree order as if
        // pushed by one checker.
        for (diags, keys) in check_parts(&games, &parts, options) {
            ck.absorb(diags, keys);
        }
    } else {
        for root in &games {
            ck.tree(*root, options);
        }
    }
    std::mem::take(&mut ck.scratch).keep();
    let (mut diags, placed) = ck.sorted(read_len);
    fill_positions(collection.source(), &mut diags, &placed);
    diags
}

/// The most diagnostics of one code [`check`] keeps (memory stays bounded on
/// hostile input); further ones are counted in one last diagnostic.
const MAX_PER_CODE: usize = super::MAX_PER_CODE;

/// The trees of `part` (indices into `games`) checked by a checker of their
/// own: its diagnostics and their keys, for [`Checker::absorb`].
fn check_part(
    games: &[Node<'_, '_>],
    part: &Range<usize>,
    options: &CheckOptions,
) -> (Vec<Diagnostic>, Vec<usize>) {
    let mut checker = Checker::new(true);
    checker.tree_seq = part.start;
    for root in &games[part.clone()] {
        checker.tree(*root, options);
    }
    (checker.diags, checker.keys)
}

/// Each part checked by [`check_part`]: as tasks of rayon's current pool
/// (the caller's `ThreadPool::install`, or the global pool) with the
/// `parallel` feature, in turn without it.
fn check_parts(
    games: &[Node<'_, '_>],
    parts: &[Range<usize>],
    options: &CheckOptions,
) -> Vec<(Vec<Diagnostic>, Vec<usize>)> {
    #[cfg(feature = "parallel")]
    use rayon::prelude::*;
    #[cfg(feature = "parallel")]
    let parts = parts.par_iter();
    #[cfg(not(feature = "parallel"))]
    let parts = parts.iter();
    parts.map(|part| check_part(games, part, options)).collect()
}

/// The least work (nodes and properties) a part of the collection has when
/// [`check`] shares the trees out among threads: below this, starting a
/// thread costs more than it saves.
const WORK_PER_THREAD: usize = 40_000;

/// The game trees of `games` as contiguous runs of indices, one per thread,
/// of about the same work ([`Collection::game_runs`]); one run (all trees)
/// when `threads` is 1 or the collection is small.
fn split_games(
    collection: &Collection<'_>,
    games: &[Node<'_, '_>],
    threads: usize,
) -> Vec<Range<usize>> {
    debug_assert_eq!(games.len(), collection.games().len());
    collection.game_runs(threads, WORK_PER_THREAD)
}

struct Checker<'c> {
    diags: Vec<Diagnostic>,
    /// Per diagnostic of `diags`, the tree and [`Phase`] that pushed it
    /// (see [`Checker::set_phase`]).
    keys: Vec<usize>,
    /// The game trees begun so far (0 before the first).
    tree_seq: usize,
    /// The key of diagnostics pushed now.
    phase: usize,
    /// A checker of some trees on a thread of its own: it keeps the first
    /// [`MAX_PER_CODE`]` + 1` diagnostics of each code as they are, for
    /// [`Checker::absorb`] to count and cut over the whole collection.
    part: bool,
    /// Diagnostics pushed per code (`code as usize`): asked for every
    /// diagnostic, and before most messages are written.
    counts: [usize; Code::COUNT],
    /// Buffers reused from node to node.
    scratch: Scratch<'c>,
    /// The rules the Go tree being checked names in `RU`, if known: they
    /// make a suicide or a ko retake (S048, S049) a warning.
    rules: Option<crate::game::go::Rules>,
}

/// A node [`Checker::tree`] has still to visit, with what it needs from
/// the path above it.
struct Pending<'c> {
    node: Node<'c, 'c>,
    /// The Go position before the node, shared by the siblings that wait
    /// (`None` when the walk goes on with the board in hand, and outside
    /// Go).
    board: Option<Rc<Snapshot>>,
    /// The colour of the last move on the path above.
    last: Option<Color>,
    /// The node is on the main line.
    main_line: bool,
    /// A node above holds game information.
    gi_above: bool,
}

/// The checks of a game tree, in the order the checker once ran them one
/// after the other (the reading of the root, the node checks of every
/// node, then playing the tree out). They now run node by node; the
/// diagnostics are sorted by position, then by this order, so that they
/// come out as before.
#[derive(Clone, Copy)]
enum Phase {
    Root = 1,
    Nodes = 2,
    Go = 3,
}

impl<'c> Checker<'c> {
    /// A checker; `part` for one that checks some trees of a collection
    /// on a thread of its own (see [`Checker::absorb`]).
    fn new(part: bool) -> Self {
        Checker {
            diags: Vec::new(),
            keys: Vec::new(),
            tree_seq: 0,
            phase: 0,
            counts: [0; Code::COUNT],
            part,
            scratch: Scratch::reused(),
            rules: None,
        }
    }

    /// Takes the diagnostics of a part checker (in the order it pushed
    /// them, with their keys) as if they were pushed here: the limit per
    /// code counts over the whole collection.
    fn absorb(&mut self, diags: Vec<Diagnostic>, keys: Vec<usize>) {
        for (d, key) in diags.into_iter().zip(keys) {
            self.phase = key;
            let Diagnostic {
                code,
                severity,
                span,
                message,
                ..
            } = d;
            self.push_as(code, severity, span, message);
        }
    }

    /// Diagnostics pushed from now on are of `phase` of the current tree
    /// (those pushed before the first tree, of the whole collection, come
    /// first among those at one position).
    fn set_phase(&mut self, phase: Phase) {
        self.phase = self.tree_seq * 4 + phase as usize;
    }

    /// The diagnostics in source order; at one position, in the order
    /// the trees and their phases were checked, then as pushed.
    /// With them, whether each is one of the first `read`, the reader's,
    /// whose positions are known.
    fn sorted(self, read: usize) -> (Vec<Diagnostic>, Vec<bool>) {
        let Checker {
            mut diags, keys, ..
        } = self;
        // The order as indices, then applied in place, cycle by cycle: a
        // word a diagnostic, not a second vector of them.
        let mut order: Vec<usize> = (0..diags.len()).collect();
        order.sort_by_key(|&i| (diags[i].span.start, keys[i]));
        let placed = order.iter().map(|&i| i < read).collect();
        const DONE: usize = usize::MAX;
        for start in 0..order.len() {
            let mut at = start;
            // Position `at` takes the diagnostic at `order[at]`.
            while order[at] != DONE {
                let from = std::mem::replace(&mut order[at], DONE);
                if from == start {
                    break;
                }
                diags.swap(at, from);
                at = from;
            }
        }
        (diags, placed)
    }

    /// True when diagnostics of `code` are no longer kept (more than
    /// [`MAX_PER_CODE`] were pushed): the caller may skip writing them.
    fn saturated(&self, code: Code) -> bool {
        self.counts[code as usize] > MAX_PER_CODE
    }

    /// The count of diagnostics of `code` pushed so far.
    fn count_of(&mut self, code: Code) -> &mut usize {
        &mut self.counts[code as usize]
    }

    /// [`Checker::push`] with a severity other than the code's own (S048 and
    /// S049 are warnings under rules that forbid what they report).
    fn push_as(&mut self, code: Code, severity: Severity, span: Range<usize>, message: String) {
        let before = self.diags.len();
        self.push(code, span, message);
        if let Some(d) = self.diags.get_mut(before) {
            d.severity = severity;
        }
    }

    fn push(&mut self, code: Code, span: Range<usize>, message: String) {
        let n = self.count_of(code);
        *n += 1;
        let n = *n;
        if self.part && n == MAX_PER_CODE + 1 {
            self.diags.push(diag(code, span, message));
            self.keys.push(self.phase);
            return;
        }
        if n > MAX_PER_CODE {
            if n == MAX_PER_CODE + 1 {
                self.diags.push(diag(
                    code,
                    span,
                    format!("more `{code}` diagnostics left out"),
                ));
                self.keys.push(self.phase);
            }
            return;
        }
        self.diags.push(diag(code, span, message));
        self.keys.push(self.phase);
    }

    /// The checks of one game tree, in one pre-order walk: the node checks
    /// of each node and, for Go, the position it is played on (S030, S031,
    /// S034, S035).
    ///
    /// Each pending variation waits on a stack with what its walk needs
    /// from the path above it (see [`Pending`]); the first child goes on
    /// with the node's board, the other children share one copy of it.
    fn tree(&mut self, root: Node<'c, 'c>, options: &CheckOptions) {
        self.tree_seq += 1;
        self.set_phase(Phase::Root);
        let info = self.root_info(root);
        let komi_fixed = options.source_fixes && self.source_fixes(&root);
        self.contradicting_facts(&root, &info, komi_fixed);
        self.unread_facts(&root, &info);
        let go = info.game == GameType::Go && info.size_ok;
        if go && options.strict {
            self.set_phase(Phase::Go);
            self.handicap(root);
        }
        let mut board = go.then(|| Board::new(info.size));
        self.rules = if go {
            root.get("RU").and_then(|ru| {
                let text = crate::text::decode_str(ru.value(), crate::text::TextKind::SimpleText);
                crate::game::go::Rules::from_ru(&text)
            })
        } else {
            None
        };
        let mut props = std::mem::take(&mut self.scratch.props);
        let mut stack = std::mem::take(&mut self.scratch.pending);
        let mut kids = std::mem::take(&mut self.scratch.kids);
        stack.clear();
        // The node being checked and what it needs from the path above it
        // (see [`Pending`]).
        let mut node = root;
        let (mut last, mut main_line, mut gi_above) = (None, true, false);
        let mut is_root = true;
        let arena = root.collection().preorder();
        loop {
            // Most nodes are a lone move on the board (`;B[pd]`) below the
            // root, seen here from the raw property, without building it;
            // the node checks find nothing in them.
            let fast = if is_root {
                None
            } else {
                let mut raw = node.raw_properties();
                match (raw.len(), raw.next()) {
                    (1, Some((ident, values))) => values::lone_move_raw(ident, values, &info),
                    _ => None,
                }
            };
            let (now_last, now_gi) = match fast {
                Some((colour, point)) => match board.as_mut() {
                    Some(board) => {
                        self.set_phase(Phase::Go);
                        self.lone_move(node, board, colour, point);
                        self.two_in_a_row(&node, colour, last, main_line, options);
                        (Some(colour), gi_above)
                    }
                    None => (None, gi_above),
                },
                None => {
                    props.clear();
                    props.extend(node.properties());
                    self.any_node(
                        node,
                        &props,
                        &info,
                        board.as_mut(),
                        (last, main_line, gi_above),
                        options,
                    )
                }
            };
            is_root = false;
            // Down the run of lone moves below (most of a game record),
            // read straight from the arena.
            let mut now_last = now_last;
            if let (Some(arena), Some(board)) = (arena, board.as_mut()) {
                let run = (now_last, main_line);
                let (end, end_last) = self.lone_run(arena, node.id(), board, run, options);
                node = arena.node(end);
                now_last = end_last;
            }
            // On to the first child; the other children wait, sharing one
            // snapshot of the position (its cells, without the groups).
            if let Some(first) = node.first_child() {
                if let Some(second) = first.next_sibling() {
                    kids.clear();
                    let mut c = Some(second);
                    while let Some(k) = c {
                        kids.push(k);
                        c = k.next_sibling();
                    }
                    let shared = board.as_ref().map(|b| Rc::new(b.snapshot()));
                    for &k in kids.iter().rev() {
                        stack.push(Pending {
                            node: k,
                            board: shared.clone(),
                            last: now_last,
                            main_line: false,
                            gi_above: now_gi,
                        });
                    }
                }
                node = first;
                (last, gi_above) = (now_last, now_gi);
                continue;
            }
            let Some(mut w) = stack.pop() else {
                break;
            };
            if let Some(s) = w.board.take() {
                board
                    .get_or_insert_with(|| Board::new(s.size()))
                    .restore(&s);
            }
            node = w.node;
            (last, main_line, gi_above) = (w.last, w.main_line, w.gi_above);
        }
        self.scratch.props = props;
        self.scratch.pending = stack;
        self.scratch.kids = kids;
    }

    /// The checks of a node other than a lone move below the root (its
    /// properties `props`), with `board` the Go position before it; `above`
    /// is the colour of the last move on the path above, whether the node
    /// is on the main line and whether a node above holds game
    /// information. Gives the colour of the last move at the node and
    /// whether game information is given at or above it.
    fn any_node(
        &mut self,
        node: Node<'c, 'c>,
        props: &[Property<'c>],
        info: &TreeInfo,
        board: Option<&mut Board>,
        above: (Option<Color>, bool, bool),
        options: &CheckOptions,
    ) -> (Option<Color>, bool) {
        let (last, main_line, gi_above) = above;
        let is_root = node.is_root();
        // A lone move on the board: what it plays, read once for the node
        // checks and the board.
        let lone = match props {
            [p] => values::lone_move(p, info),
            _ => None,
        };
        // Else a move with its time left and a comment, where the node
        // checks find nothing either.
        let quiet = !is_root
            && match props {
                [_] => lone.is_some(),
                ps => values::quiet_node(ps, info),
            };
        let mut own_gi = false;
        if !quiet {
            self.set_phase(Phase::Nodes);
            self.node(node, props, info, gi_above, &mut own_gi);
        }
        let last = match board {
            Some(board) => {
                self.set_phase(Phase::Go);
                match lone {
                    Some((colour, point)) => {
                        self.lone_move(node, board, colour, point);
                        self.two_in_a_row(&node, colour, last, main_line, options);
                        Some(colour)
                    }
                    None => self.go_node(node, props, board, last, main_line, options),
                }
            }
            None => None,
        };
        (last, own_gi || gi_above)
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

/// A diagnostic of `code` (an `S…` code); its position is filled in later.
fn diag(code: Code, span: Range<usize>, message: String) -> Diagnostic {
    Diagnostic::from_code(code, span, message, false)
}

/// Fills in the position of every diagnostic not `placed` yet (diagnostics
/// sorted by span start), in one pass over `src`.
fn fill_positions(src: &[u8], diags: &mut [Diagnostic], placed: &[bool]) {
    let mut cursor = crate::error::PositionCursor::new(src);
    for (d, _) in diags.iter_mut().zip(placed).filter(|(_, placed)| !**placed) {
        d.position = cursor.position(d.span.start);
    }
}
