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

/// Every diagnostic code [`check`] emits: code, severity, summary, and the
/// SGFC message number that corresponds, if any. See
/// [`all_codes`](super::all_codes) for these and the lenient reader's.
///
/// ```
/// let (code, sev, _, sgfc) = sgfkit::check::SEMANTIC_CODES[0];
/// assert_eq!((code, sev, sgfc), ("S001", sgfkit::check::Severity::Error, Some(32)));
/// ```
pub static SEMANTIC_CODES: &[(&str, Severity, &str, Option<u32>)] = &[
    (
        "S001",
        Severity::Error,
        "root property outside the root node",
        Some(32),
    ),
    (
        "S002",
        Severity::Error,
        "game-info properties in a second node of one path",
        Some(44),
    ),
    (
        "S003",
        Severity::Error,
        "move and setup properties mixed in one node",
        Some(30),
    ),
    (
        "S004",
        Severity::Error,
        "black and white move in one node",
        Some(37),
    ),
    (
        "S005",
        Severity::Error,
        "property given twice in one node",
        Some(28),
    ),
    (
        "S006",
        Severity::Error,
        "move annotation in a node without a move",
        Some(43),
    ),
    (
        "S007",
        Severity::Error,
        "annotations that contradict each other in one node",
        Some(41),
    ),
    (
        "S008",
        Severity::Error,
        "BM and TE together in one node",
        Some(42),
    ),
    (
        "S009",
        Severity::Error,
        "value does not fit the property's type",
        Some(14),
    ),
    (
        "S010",
        Severity::Error,
        "several values for a single-value property",
        Some(13),
    ),
    (
        "S011",
        Severity::Error,
        "empty value where the type allows none",
        Some(17),
    ),
    ("S012", Severity::Error, "point outside the board", Some(14)),
    (
        "S013",
        Severity::Error,
        "point given more than once",
        Some(38),
    ),
    (
        "S014",
        Severity::Warning,
        "1x1 rectangle in a point list: write the point",
        None,
    ),
    (
        "S015",
        Severity::Warning,
        "square board written SZ[n:n]: write SZ[n]",
        Some(47),
    ),
    (
        "S016",
        Severity::Warning,
        "property not defined in the file's FF version",
        Some(40),
    ),
    (
        "S017",
        Severity::Warning,
        "obsolete FF[1]-FF[3] property",
        Some(40),
    ),
    (
        "S018",
        Severity::Warning,
        "obsolete integer komi KI",
        Some(59),
    ),
    ("S019", Severity::Info, "unknown property (kept)", Some(35)),
    (
        "S020",
        Severity::Warning,
        "identifier longer than two letters",
        Some(31),
    ),
    (
        "S021",
        Severity::Error,
        "KO without a move in the node",
        None,
    ),
    (
        "S022",
        Severity::Warning,
        "game trees of the collection have different FF",
        Some(45),
    ),
    (
        "S023",
        Severity::Warning,
        "game trees of the collection have different GM",
        Some(53),
    ),
    (
        "S024",
        Severity::Warning,
        "game trees of the collection have different CA",
        Some(74),
    ),
    (
        "S025",
        Severity::Error,
        "unusable GM or SZ: default assumed",
        Some(18),
    ),
    ("S026", Severity::Error, "file format above FF[4]", Some(46)),
    (
        "S027",
        Severity::Error,
        "FF[4] feature in an older file format",
        Some(51),
    ),
    (
        "S028",
        Severity::Error,
        "FF[4] pass `[]` in an older file format",
        Some(65),
    ),
    (
        "S029",
        Severity::Info,
        "game is not Go: no position checks",
        Some(19),
    ),
    (
        "S030",
        Severity::Warning,
        "move onto an occupied point",
        Some(58),
    ),
    ("S031", Severity::Warning, "setup without effect", Some(39)),
    (
        "S032",
        Severity::Warning,
        "strict: more than one game tree in the file",
        Some(60),
    ),
    (
        "S033",
        Severity::Warning,
        "strict: HA differs from the handicap stones",
        Some(61),
    ),
    (
        "S034",
        Severity::Warning,
        "strict: setup in the main line after the root",
        Some(62),
    ),
    (
        "S035",
        Severity::Warning,
        "strict: two moves of one colour in a row",
        Some(63),
    ),
    (
        "S036",
        Severity::Warning,
        "board larger than 52x52 for Go points",
        Some(50),
    ),
    (
        "S037",
        Severity::Error,
        "identifier longer than 100 letters",
        Some(11),
    ),
    (
        "S038",
        Severity::Error,
        "composed value `a:b` expected",
        Some(23),
    ),
    (
        "S039",
        Severity::Warning,
        "game-info value (RE, DT, KM, TM) not in the FF[4] format",
        Some(33),
    ),
    (
        "S040",
        Severity::Error,
        "VW values that do not make a view",
        Some(52),
    ),
    (
        // SGFC reports its 24 only when it moves the move (`-v`): that is
        // R007 of `sgfkit fix`.
        "S041",
        Severity::Info,
        "move in the root node",
        None,
    ),
    (
        "S042",
        Severity::Warning,
        "NUL byte in a value (kept)",
        Some(22),
    ),
    (
        "S043",
        Severity::Warning,
        "CA names no known charset",
        Some(72),
    ),
    (
        "S044",
        Severity::Warning,
        "empty text value (kept)",
        Some(17),
    ),
    (
        "S045",
        Severity::Error,
        "faulty value that SGFC corrects while reading (kept)",
        Some(15),
    ),
    (
        "S046",
        Severity::Warning,
        "CA too late for readers that sniff the charset at the start",
        Some(73),
    ),
    (
        "S047",
        Severity::Error,
        "point, move or stone that is not one of this game (not Go)",
        None,
    ),
];

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
        // game-info properties.
        let mut gi_at: Vec<bool> = Vec::new();
        let mut props = std::mem::take(&mut self.scratch.props);
        for node in root.descendants() {
            props.clear();
            props.extend(node.properties());
            let above = node
                .parent()
                .is_some_and(|p| gi_at.get(p.id().index()).copied().unwrap_or(false));
            let mut own_gi = false;
            self.node(node, &props, &info, above, &mut own_gi);
            let k = node.id().index();
            if gi_at.len() <= k {
                gi_at.resize(k + 1, false);
            }
            gi_at[k] = own_gi || above;
        }
        self.scratch.props = props;
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

    /// The checks of one node.
    fn node(
        &mut self,
        node: Node<'c, 'c>,
        props: &[Property<'c>],
        info: &TreeInfo,
        gi_above: bool,
        own_gi: &mut bool,
    ) {
        let nspan = node_span(&node);
        let mut seen = std::mem::take(&mut self.scratch.seen);
        seen.clear();
        let mut seen_many: HashSet<&str> = HashSet::new();
        let (mut any_move, mut any_setup) = (false, false);
        let has = |id: &str| props.iter().any(|p| p.ident() == id);
        let has_move = has("B") || has("W");
        let mut infos = std::mem::take(&mut self.scratch.infos);
        infos.clear();
        infos.extend(props.iter().map(|p| lookup(p.ident(), info.gm)));
        for (p, found) in props.iter().zip(&infos) {
            let ident = p.ident();
            let span = p.span().unwrap_or(nspan.clone());
            // A property whose every value lacks the `:` of its composed
            // type is reported by S038; SGFC drops it while reading, so it
            // makes no duplicate (Fox's second `AP[foxwq]`).
            let twice = if found.is_some_and(|pi| compose_missing_everywhere(p, pi)) {
                false
            } else if props.len() <= 16 {
                let t = seen.contains(&ident);
                seen.push(ident);
                t
            } else {
                !seen_many.insert(ident)
            };
            if twice {
                self.push(
                    "S005",
                    span.clone(),
                    format!("{ident} is given more than once in this node"),
                );
            }
            if p.values_raw().contains(&0) {
                self.push(
                    "S042",
                    span.clone(),
                    format!("{ident}: a value holds a NUL byte (binary data?)"),
                );
            }
            #[cfg(feature = "encoding")]
            if ident == "CA" {
                let label = String::from_utf8_lossy(p.value());
                if crate::encoding::encoding_for_label(label.trim()).is_none() {
                    self.push(
                        "S043",
                        span.clone(),
                        format!(
                            "CA[{label}] names no known charset; the text is read by detection"
                        ),
                    );
                }
            }
            if ident.len() > 100 {
                self.push(
                    "S037",
                    span.clone(),
                    format!(
                        "identifier of {} letters: not a property (kept)",
                        ident.len()
                    ),
                );
                continue;
            }
            if ident.len() > 2 {
                self.push(
                    "S020",
                    span.clone(),
                    format!("identifier {ident} has more than two letters"),
                );
            }
            let Some(pi) = *found else {
                let other: Vec<String> = lookup_any(ident)
                    .filter_map(|e| e.game)
                    .map(|g| g.to_string())
                    .collect();
                let msg = if other.is_empty() {
                    format!("unknown property {ident} (kept)")
                } else {
                    format!(
                        "{ident} is defined for GM[{}] only, not for this game (kept)",
                        other.join("], GM[")
                    )
                };
                self.push("S019", span, msg);
                continue;
            };
            match pi.property_type {
                PropertyType::Root if !node.is_root() => self.push(
                    "S001",
                    span.clone(),
                    format!("root property {ident} outside the root node"),
                ),
                PropertyType::GameInfo => {
                    *own_gi = true;
                    if gi_above {
                        self.push(
                            "S002",
                            span.clone(),
                            format!(
                                "game-info property {ident}, but a node above already holds game information"
                            ),
                        );
                    }
                }
                PropertyType::Move => any_move = true,
                PropertyType::Setup => any_setup = true,
                _ => {}
            }
            // SGFC drops a value without its `:` before it looks at the
            // version (aya.sgf: `AP[Aya 5.56]` in an FF[1] file is its 23
            // only).
            // Nor is a property a program added to a parsed node (the
            // reader's CA[UTF-8] after transcoding) the file's format.
            let added = p.span().is_none() && node.offset().is_some();
            if !compose_missing_everywhere(p, pi) && !added {
                self.versions(ident, pi, info, &span);
            }
            self.value(p, pi, info, &span);
        }
        self.scratch.seen = seen;
        if any_move && any_setup {
            // The lists of the message, as the loop above met them.
            let (mut move_props, mut setup_props): (Vec<&str>, Vec<&str>) = (vec![], vec![]);
            for (p, found) in props.iter().zip(&infos) {
                match found {
                    Some(pi) if p.ident().len() <= 100 => match pi.property_type {
                        PropertyType::Move => move_props.push(p.ident()),
                        PropertyType::Setup => setup_props.push(p.ident()),
                        _ => {}
                    },
                    _ => {}
                }
            }
            let at = props
                .iter()
                .filter(|p| {
                    lookup(p.ident(), info.gm).is_some_and(|i| {
                        matches!(i.property_type, PropertyType::Move | PropertyType::Setup)
                    })
                })
                .nth(1)
                .and_then(|p| p.span())
                .unwrap_or(nspan.clone());
            self.push(
                "S003",
                at,
                format!(
                    "move and setup properties mixed in one node ({}, {})",
                    move_props.join(", "),
                    setup_props.join(", ")
                ),
            );
        }
        if node.is_root() && has_move {
            let id = if has("B") { "B" } else { "W" };
            self.push(
                "S041",
                prop_span(&node, id),
                format!(
                    "{id} in the root node: many programs expect the first move in a child node"
                ),
            );
        }
        if has("B") && has("W") {
            let at = props
                .iter()
                .filter(|p| p.ident() == "B" || p.ident() == "W")
                .nth(1)
                .and_then(|p| p.span())
                .unwrap_or(nspan.clone());
            self.push("S004", at, "a black and a white move in one node".into());
        }
        if !has_move {
            for p in props {
                let id = p.ident();
                if matches!(id, "BM" | "TE" | "DO" | "IT") {
                    self.push(
                        "S006",
                        p.span().unwrap_or(nspan.clone()),
                        format!("move annotation {id} in a node without a move"),
                    );
                } else if id == "KO" {
                    self.push(
                        "S021",
                        p.span().unwrap_or(nspan.clone()),
                        "KO in a node without a move".into(),
                    );
                }
            }
        }
        // Contradicting annotations.
        let mut position_ann: Option<&str> = None;
        let mut move_ann: Option<&str> = None;
        for p in props {
            let id = p.ident();
            let span = p.span().unwrap_or(nspan.clone());
            if matches!(id, "DM" | "GB" | "GW" | "UC") {
                match position_ann {
                    Some(prev) if prev != id => self.push(
                        "S007",
                        span,
                        format!("{id} contradicts {prev} in the same node"),
                    ),
                    _ => position_ann = Some(id),
                }
            } else if matches!(id, "BM" | "TE" | "DO" | "IT") && has_move {
                match move_ann {
                    Some(prev) if matches!((prev, id), ("BM", "TE") | ("TE", "BM")) => self.push(
                        "S008",
                        span,
                        format!("{prev} and {id} together: FF[4] has DO or IT for this"),
                    ),
                    Some(prev) if prev != id => self.push(
                        "S007",
                        span,
                        format!("{id} contradicts {prev} in the same node"),
                    ),
                    _ => move_ann = Some(id),
                }
            }
        }
        self.duplicate_points(props, &infos, info, &nspan);
        self.scratch.infos = infos;
    }

    /// S016–S018: the property and the file's FF version.
    fn versions(&mut self, ident: &str, pi: &PropertyInfo, info: &TreeInfo, span: &Range<usize>) {
        if ident == "KI" {
            self.push(
                "S018",
                span.clone(),
                "KI (integer komi, twice the komi) is obsolete: FF[4] has KM".into(),
            );
            return;
        }
        if ident == "FF" || pi.versions.contains(info.ff) {
            return;
        }
        if info.ff == 4 {
            self.push(
                "S017",
                span.clone(),
                format!("{ident} is obsolete: FF[4] does not define it (kept)"),
            );
        } else {
            self.push(
                "S016",
                span.clone(),
                format!(
                    "{ident} is not defined in FF[{}], the file's format (defined in {})",
                    info.ff, pi.versions
                ),
            );
        }
    }

    /// S009–S012, S014, S027, S028: the values against the type.
    fn value(&mut self, p: &Property<'c>, pi: &PropertyInfo, info: &TreeInfo, span: &Range<usize>) {
        let mut values = std::mem::take(&mut self.scratch.values);
        values.clear();
        values.extend(p.values());
        self.value_in(p, pi, info, span, &mut values);
        self.scratch.values = values;
    }

    /// [`Checker::value`] with the values of `p` in `values` (a reused
    /// buffer, changed here).
    fn value_in(
        &mut self,
        p: &Property<'c>,
        pi: &PropertyInfo,
        info: &TreeInfo,
        span: &Range<usize>,
        values: &mut Vec<&'c [u8]>,
    ) {
        let ident = p.ident();
        let vt = pi.value_type;
        // GM, FF and SZ are read (and reported) by `root_info`.
        let typed_elsewhere = vt.is_unknown()
            || (pi.property_type == PropertyType::Root && matches!(ident, "GM" | "FF" | "SZ"));
        let shown = |v: &[u8]| String::from_utf8_lossy(v).into_owned();
        // VW: `[]` resets the view and stands alone; before FF[4] the view
        // was given by its two corner points.
        if ident == "VW" && values.len() > 1 {
            if values.iter().any(|v| v.is_empty()) {
                self.push(
                    "S040",
                    span.clone(),
                    "VW: `[]` (the whole board) must be the only value".into(),
                );
                return;
            }
            if info.ff < 4 && values.len() != 2 {
                self.push(
                    "S040",
                    span.clone(),
                    format!(
                        "VW with {} values: FF[{}] gives the view as two corner points",
                        values.len(),
                        info.ff
                    ),
                );
                return;
            }
        }
        // Compressed lists and SZ[a:b] are FF[4] features.
        if info.ff < 4 {
            let compressed =
                is_point_list(&vt) && values.iter().any(|v| find_unescaped(v, b':').is_some());
            let rect_size = ident == "SZ" && find_unescaped(p.value(), b':').is_some();
            if compressed || rect_size {
                self.push(
                    "S027",
                    span.clone(),
                    format!(
                        "{ident}: {} is an FF[4] feature, but the file is FF[{}]",
                        if rect_size {
                            "a rectangular board size"
                        } else {
                            "a compressed point list"
                        },
                        info.ff
                    ),
                );
            }
            if info.game == GameType::Go && matches!(ident, "B" | "W") && p.value().is_empty() {
                self.push(
                    "S028",
                    span.clone(),
                    format!(
                        "{ident}[] is the FF[4] pass; FF[{}] writes a pass as [tt]",
                        info.ff
                    ),
                );
                return;
            }
        }
        if typed_elsewhere {
            return;
        }
        // Single-value properties with several values.
        if !vt.is_list() && values.len() > 1 {
            self.push(
                "S010",
                span.clone(),
                format!(
                    "{ident} takes one value, found {}: [{}]",
                    values.len(),
                    values
                        .iter()
                        .map(|v| shown(v))
                        .collect::<Vec<_>>()
                        .join("][")
                ),
            );
            values.truncate(1);
        }
        // 1x1 rectangles `aa:aa`: read as their point.
        if is_point_list(&vt) {
            for v in values.iter_mut() {
                if let Some(k) = find_unescaped(v, b':')
                    && v[..k] == v[k + 1..]
                {
                    self.push(
                        "S014",
                        span.clone(),
                        format!(
                            "{ident}[{}] is a 1x1 rectangle: write [{}]",
                            shown(v),
                            shown(&v[..k])
                        ),
                    );
                    *v = &v[..k];
                }
            }
        }
        let values: &[&[u8]] = values;
        if self.game_info_value(ident, values, info, span) {
            return;
        }
        let empty_bad = values.iter().any(|v| v.is_empty()) && !vt.allows_empty();
        if matches!(vt, ValueType::Text | ValueType::SimpleText) {
            // An empty comment, name or game-info text says nothing; SGFC
            // warns (and deletes it), sgfkit warns and keeps it.
            if values.first().is_some_and(|v| blank_text(v)) {
                if empty_text_warned(ident) {
                    self.push(
                        "S044",
                        span.clone(),
                        format!("{ident}[] is empty: it says nothing (kept)"),
                    );
                }
                return;
            }
            // Any single value is a text; RE and DT have a format besides.
            let v = values.first().copied().unwrap_or_default();
            let (ok, form) = match ident {
                "RE" if info.game != GameType::Backgammon => (
                    result_ok(v),
                    "0, Draw, Void, ?, or B+ / W+ followed by nothing, a score, R, T or F",
                ),
                "DT" => (
                    date_ok(v),
                    "YYYY-MM-DD, with shortcuts such as 2024-05-01,02",
                ),
                _ => (true, ""),
            };
            if !ok {
                self.push(
                    "S039",
                    span.clone(),
                    format!("{ident}[{}] is not in the FF[4] format ({form})", shown(v)),
                );
            }
            return;
        }
        let text_pair = matches!(
            vt.element().unwrap_or(&vt),
            ValueType::Compose(ValueType::SimpleText, ValueType::SimpleText)
        );
        if text_pair && values.iter().all(|v| !v.is_empty()) {
            // FF[4] writes a text pair `name:version` (AP); SGFC drops a
            // value without its `:`, sgfkit reports it and keeps it.
            if values.iter().any(|v| find_unescaped(v, b':').is_none()) {
                let all = values.iter().map(|v| shown(v)).collect::<Vec<_>>();
                self.push(
                    "S038",
                    span.clone(),
                    format!(
                        "{ident}[{}]: FF[4] writes two parts joined by `:` ({vt}) (kept)",
                        all.join("][")
                    ),
                );
            }
            return;
        }
        let Some(reason) = invalid_reason(info.game, ident, values, info.size) else {
            return;
        };
        let all = values
            .iter()
            .map(|v| shown(v))
            .collect::<Vec<_>>()
            .join("][");
        // Like SGFC, a text pair (`AP[name:version]`) may be written without
        // its second part; other composed values may not.
        let compose_missing = match vt.element().unwrap_or(&vt) {
            ValueType::Compose(ValueType::SimpleText, ValueType::SimpleText) => {
                values.iter().any(|v| v.is_empty())
            }
            ValueType::Compose(..) => values.iter().any(|v| find_unescaped(v, b':').is_none()),
            _ => false,
        };
        if compose_missing {
            self.push(
                "S038",
                span.clone(),
                format!("{ident}[{all}]: each value must be two parts joined by `:` ({vt})"),
            );
        } else if empty_bad {
            self.push(
                "S011",
                span.clone(),
                format!("{ident}: an empty value is not a {vt}"),
            );
        } else if info.game != GameType::Go && holds_points(&vt) {
            // SGFC reads the points and moves of other games as text (its
            // 19): this check is sgfkit's own, without an SGFC number.
            self.push(
                "S047",
                span.clone(),
                format!("{ident}: {reason} (in {})", info.game),
            );
        } else if reason.contains("outside the board") {
            if info.size_ok {
                self.push(
                    "S012",
                    span.clone(),
                    format!(
                        "{ident}[{all}]: point outside the {}x{} board",
                        info.size.columns, info.size.rows
                    ),
                );
            }
        } else if reason.contains("already given") || reason.contains("1×1 rectangle") {
            // Reported with their own codes by the point checks (S013, S014).
        } else if correctable_by_sgfc(ident, &vt, values, info) {
            self.push(
                "S045",
                span.clone(),
                format!("{ident}: {reason}; SGFC corrects it while reading (kept)"),
            );
        } else {
            self.push("S009", span.clone(), format!("{ident}: {reason}"));
        }
    }

    /// RE, KM and TM (and DT) judged as SGFC judges them: a value it
    /// corrects is S045 (its 15), one it cannot is S039 (its 33). True when
    /// the value has been looked at here.
    fn game_info_value(
        &mut self,
        ident: &str,
        values: &[&[u8]],
        info: &TreeInfo,
        span: &Range<usize>,
    ) -> bool {
        let Some(v) = values.first().copied().filter(|v| !blank_text(v)) else {
            return false;
        };
        let (verdict, form) = match ident {
            "RE" if info.game != GameType::Backgammon => (
                correctable::result(v),
                "0, Draw, Void, ?, or B+ / W+ followed by nothing, a score, R, T or F",
            ),
            "KM" => (correctable::komi(v), "a real number"),
            "TM" => (correctable::time(v), "a real number of seconds"),
            "DT" if !date_ok(v) => (
                match super::repair::fix_date(&String::from_utf8_lossy(v)) {
                    super::repair::Fix::Fixed(_) => Verdict::Corrected,
                    _ => Verdict::Faulty,
                },
                "YYYY-MM-DD, with shortcuts such as 2024-05-01,02",
            ),
            "DT" => (Verdict::Fine, ""),
            _ => return false,
        };
        let shown = String::from_utf8_lossy(v);
        match verdict {
            Verdict::Fine => {}
            Verdict::Corrected => self.push(
                "S045",
                span.clone(),
                format!(
                    "{ident}[{shown}] is not in the FF[4] format ({form}); SGFC corrects it while reading, `sgfkit fix` where the intent is plain (kept)"
                ),
            ),
            Verdict::Faulty => self.push(
                "S039",
                span.clone(),
                format!("{ident}[{shown}] is not in the FF[4] format ({form})"),
            ),
        }
        true
    }

    /// S013: a point twice in one list, or in two setup (or two markup)
    /// properties of one node.
    fn duplicate_points(
        &mut self,
        props: &[Property<'c>],
        infos: &[Option<&'static PropertyInfo>],
        info: &TreeInfo,
        nspan: &Range<usize>,
    ) {
        let go_like = matches!(info.game, GameType::Go | GameType::Amazons | GameType::Gess);
        let mut marks = std::mem::take(&mut self.scratch.marks);
        marks.next_node();
        // Values that name no cell (not two letters, or another game's):
        // compared as bytes. Rare; nothing is allocated without them.
        let mut raw_groups: [HashSet<&[u8]>; 2] = Default::default();
        for (p, found) in props.iter().zip(infos) {
            let ident = p.ident();
            let Some(pi) = found else {
                continue;
            };
            if !is_point_list(&pi.value_type) {
                continue;
            }
            let group = match ident {
                "AB" | "AW" | "AE" => 1,
                "MA" | "TR" | "CR" | "SQ" | "SL" => 2,
                _ => 0,
            };
            marks.next_property();
            let mut raw_own: HashSet<&[u8]> = HashSet::new();
            let mut dups: Vec<String> = Vec::new();
            for v in p.values() {
                let rect = if go_like { go_rectangle(v) } else { None };
                if let Some((xs, ys)) = rect {
                    for x in xs.clone() {
                        for y in ys.clone() {
                            if marks.give(x, y, group) && dups.len() < 20 {
                                dups.push(letters(x, y).into_iter().map(char::from).collect());
                            }
                        }
                    }
                    continue;
                }
                let twice = match go_cell(v).filter(|_| go_like) {
                    Some((x, y)) => marks.give(x, y, group),
                    None => !raw_own.insert(v) || (group != 0 && raw_groups[group - 1].contains(v)),
                };
                if twice && dups.len() < 20 {
                    dups.push(String::from_utf8_lossy(v).into_owned());
                }
            }
            if group != 0 {
                raw_groups[group - 1].extend(raw_own);
            }
            if !dups.is_empty() {
                self.push(
                    "S013",
                    p.span().unwrap_or(nspan.clone()),
                    format!(
                        "{ident}: point{} [{}] given more than once in this node",
                        if dups.len() == 1 { "" } else { "s" },
                        dups.join("][")
                    ),
                );
            }
        }
        self.scratch.marks = marks;
    }

    /// Go only: plays the tree out (S030, S031 and the strict S033–S035).
    fn go_positions(&mut self, root: Node<'c, 'c>, size: BoardSize, options: &CheckOptions) {
        if options.strict {
            self.handicap(root);
        }
        // Pre-order walk: the first child goes on with the node's board; the
        // other children wait on a stack of (node, position before it,
        // colour of the last move on the path, on the main line), sharing
        // one copy of the position.
        let mut stack: Vec<(Node<'c, 'c>, Rc<Board>, Option<Color>, bool)> = Vec::new();
        let mut current = Some((root, Board::new(size), None, true));
        loop {
            let (node, mut board, last, on_main_line) = match current.take() {
                Some(c) => c,
                None => match stack.pop() {
                    Some((n, b, l, m)) => (
                        n,
                        Rc::try_unwrap(b).unwrap_or_else(|rc| (*rc).clone()),
                        l,
                        m,
                    ),
                    None => break,
                },
            };
            // AE, AB, AW, B, W of the node, found in one pass.
            let mut picked: [Option<Property<'_>>; 5] = Default::default();
            for p in node.properties() {
                let k = match p.ident() {
                    "AE" => 0,
                    "AB" => 1,
                    "AW" => 2,
                    "B" => 3,
                    "W" => 4,
                    _ => continue,
                };
                if picked[k].is_none() {
                    picked[k] = Some(p);
                }
            }
            let effect = self.redundant_setup(&node, &picked, &board);
            // Setup in the main line after the root (only setup that
            // changes something counts).
            // One report a node, as SGFC's 62.
            if options.strict && on_main_line && !node.is_root() {
                let ids: Vec<&str> = [(1, "AB"), (2, "AW"), (0, "AE")]
                    .into_iter()
                    .filter(|(k, _)| effect[*k])
                    .map(|(_, id)| id)
                    .collect();
                if let Some(first) = ids.first() {
                    self.push(
                        "S034",
                        prop_span(&node, first),
                        format!("{} in the main line after the root node", ids.join(", ")),
                    );
                }
            }
            // Setup, then moves, as `go::apply_node` does (which is not
            // used here: it numbers each node by walking to the root).
            // Every AE, AB and AW of the node (a property given twice is
            // S005; SGFC merges the values, and so does the board).
            for (k, stone) in [(0, None), (1, Some(Color::Black)), (2, Some(Color::White))] {
                if picked[k].is_none() {
                    continue;
                }
                let id = ["AE", "AB", "AW"][k];
                for p in node.properties().filter(|p| p.ident() == id) {
                    for v in p.values() {
                        each_go_point(v, size, |point| {
                            let _ = board.setup(point, stone);
                        });
                    }
                }
            }
            let mut moved = [false; 2];
            for (k, id, colour) in [(3, "B", Color::Black), (4, "W", Color::White)] {
                let Some(p) = &picked[k] else { continue };
                let Ok(m) = Go::read_move(p.value(), size) else {
                    continue;
                };
                moved[k - 3] = true;
                let Ok(outcome) = board.play(colour, m) else {
                    continue;
                };
                if let Some(was) = outcome.occupied {
                    let shown = String::from_utf8_lossy(p.value()).into_owned();
                    let was = if was == Color::Black {
                        "black"
                    } else {
                        "white"
                    };
                    self.push(
                        "S030",
                        p.span().unwrap_or(node_span(&node)),
                        format!("{id}[{shown}] is played on a point that holds a {was} stone"),
                    );
                }
            }
            // Moves with an unreadable value do not count.
            let mover = match (moved[0], moved[1]) {
                (true, false) => Some(Color::Black),
                (false, true) => Some(Color::White),
                _ => None,
            };
            if options.strict
                && on_main_line
                && let (Some(m), Some(l)) = (mover, last)
                && m == l
            {
                let id = if m == Color::Black { "B" } else { "W" };
                let colour = if m == Color::Black { "black" } else { "white" };
                self.push(
                    "S035",
                    prop_span(&node, id),
                    format!("two {colour} moves in a row"),
                );
            }
            let last = mover.or(last);
            let Some(first) = node.first_child() else {
                continue;
            };
            let mut kids = std::mem::take(&mut self.scratch.kids);
            kids.clear();
            let mut c = first.next_sibling();
            while let Some(k) = c {
                kids.push(k);
                c = k.next_sibling();
            }
            if !kids.is_empty() {
                let shared = Rc::new(board.clone());
                for &c in kids.iter().rev() {
                    stack.push((c, Rc::clone(&shared), last, false));
                }
            }
            self.scratch.kids = kids;
            current = Some((first, board, last, on_main_line));
        }
    }

    /// S031: AB, AW or AE points that already hold what they set.
    fn redundant_setup(
        &mut self,
        node: &Node<'_, '_>,
        picked: &[Option<Property<'_>>; 5],
        board: &Board,
    ) -> [bool; 3] {
        let size = board.size();
        // Whether AE, AB, AW change at least one point.
        let mut effect = [false; 3];
        for (k, id, want) in [
            (1, "AB", Some(Color::Black)),
            (2, "AW", Some(Color::White)),
            (0, "AE", None),
        ] {
            let Some(p) = &picked[k] else { continue };
            let mut useless: Vec<String> = Vec::new();
            // Past the limit of S031 (when pushing changes nothing) only the
            // effect counts.
            let saturated = self.saturated("S031");
            for v in p.values() {
                each_go_point(v, size, |point| {
                    if board.get(point) != want {
                        effect[k] = true;
                    } else if !saturated && useless.len() < 20 {
                        useless.push(letters(point.x, point.y).map(char::from).iter().collect());
                    }
                });
            }
            if !useless.is_empty() {
                self.push(
                    "S031",
                    p.span().unwrap_or(node_span(node)),
                    format!(
                        "{id}[{}] changes nothing: the point{} already {}",
                        useless.join("]["),
                        if useless.len() == 1 { "" } else { "s" },
                        match want {
                            Some(Color::Black) => "holds a black stone",
                            Some(Color::White) => "holds a white stone",
                            None => "is empty",
                        }
                    ),
                );
            }
        }
        effect
    }

    /// S033 (SGFC's 61): an AB without AW in the root is a handicap, and
    /// HA must count its values; without HA there must be no such AB.
    fn handicap(&mut self, root: Node<'_, '_>) {
        let setup = match root.get("AB") {
            Some(ab) if root.get("AW").is_none() => ab.values().count(),
            _ => 0,
        };
        let ha = root.get("HA");
        let ha_n = ha.as_ref().map(|p| leading_number(p.value()));
        let differs = match ha_n {
            Some(n) => n != setup as i64,
            None => setup != 0,
        };
        if !differs {
            return;
        }
        let span = prop_span(&root, if ha.is_some() { "HA" } else { "AB" });
        let ha_text = ha_n.map_or("no HA".to_string(), |n| format!("HA[{n}]"));
        self.push(
            "S033",
            span,
            format!("{ha_text}, but the root sets up {setup} handicap stone(s) (AB without AW)"),
        );
    }
}

/// A result in FF\[4\] form: `0`, `Draw`, `Void`, `?`, or `B+`/`W+`
/// followed by nothing, a score, `R`/`Resign`, `T`/`Time` or `F`/`Forfeit`.
fn result_ok(v: &[u8]) -> bool {
    let v = v.trim_ascii();
    match v {
        b"0" | b"Draw" | b"Void" | b"?" => return true,
        _ => {}
    }
    let Some(rest) = v.strip_prefix(b"B+").or_else(|| v.strip_prefix(b"W+")) else {
        return false;
    };
    matches!(
        rest,
        b"" | b"R" | b"Resign" | b"T" | b"Time" | b"F" | b"Forfeit"
    ) || (!rest.is_empty()
        && rest.iter().filter(|&&b| b == b'.').count() <= 1
        && rest.iter().all(|b| b.is_ascii_digit() || *b == b'.')
        && rest.iter().any(u8::is_ascii_digit))
}

/// A date list in FF\[4\] form: `YYYY[-MM[-DD]]` items separated by `,`,
/// where an item after the first may leave out the parts it shares with the
/// item before (`MM-DD`, `DD`, or `MM` after a `YYYY-MM`).
fn date_ok(v: &[u8]) -> bool {
    let Ok(text) = std::str::from_utf8(v.trim_ascii()) else {
        return false;
    };
    let num = |s: &str, len: usize| s.len() == len && s.bytes().all(|b| b.is_ascii_digit());
    let month = |s: &str| num(s, 2) && matches!(s.parse::<u8>(), Ok(1..=12));
    let day = |s: &str| num(s, 2) && matches!(s.parse::<u8>(), Ok(1..=31));
    // How many parts the item before had: 1 (year), 2 (month), 3 (day).
    let mut before = 0;
    for item in text.split(',') {
        let parts: Vec<&str> = item.split('-').collect();
        let full = num(parts[0], 4);
        let ok = match (full, parts.as_slice()) {
            (true, [_]) => true,
            (true, [_, m]) => month(m),
            (true, [_, m, d]) => month(m) && day(d),
            (false, [m, d]) if before >= 2 => month(m) && day(d),
            (false, [x]) if before == 3 => day(x),
            (false, [x]) if before == 2 => month(x),
            _ => false,
        };
        if !ok {
            return false;
        }
        before = if full {
            parts.len()
        } else {
            before.max(parts.len())
        };
    }
    !text.is_empty()
}

/// True for `list of point`, `elist of point` and `list of stone`.
/// Text properties whose empty value SGFC reports as saying nothing
/// (its message 17 as a warning): comments, names and game-info texts.
fn empty_text_warned(ident: &str) -> bool {
    matches!(
        ident,
        "N" | "C"
            | "GN"
            | "GC"
            | "PB"
            | "PW"
            | "BR"
            | "WR"
            | "PC"
            | "DT"
            | "RE"
            | "EV"
            | "RO"
            | "SO"
            | "US"
            | "BT"
            | "WT"
            | "RU"
            | "AN"
            | "OT"
            | "ON"
            | "CP"
            | "ID"
    )
}

/// The integer at the start of `v` (after blanks, with a sign), 0 when
/// there is none, as C's `atoi` reads it.
fn leading_number(v: &[u8]) -> i64 {
    let v = v.trim_ascii_start();
    let (neg, digits) = match v.first() {
        Some(b'-') => (true, &v[1..]),
        Some(b'+') => (false, &v[1..]),
        _ => (false, v),
    };
    let n = digits
        .iter()
        .take_while(|c| c.is_ascii_digit())
        .fold(0i64, |n, &d| {
            n.saturating_mul(10).saturating_add(i64::from(d - b'0'))
        });
    if neg { -n } else { n }
}

/// True for a text that holds nothing but blanks and soft line breaks
/// (`C[\\\n]`): SGFC reads it as empty.
fn blank_text(v: &[u8]) -> bool {
    let mut bytes = v.iter().peekable();
    while let Some(&c) = bytes.next() {
        match c {
            b'\\' if bytes.peek().is_some_and(|n| matches!(n, b'\n' | b'\r')) => {
                bytes.next();
            }
            c if c.is_ascii_whitespace() => {}
            _ => return false,
        }
    }
    true
}

/// True when `p`'s type is composed (`a:b`, not optionally) and no value
/// has its unescaped `:`.
fn compose_missing_everywhere(p: &Property<'_>, pi: &PropertyInfo) -> bool {
    matches!(
        pi.value_type.element().unwrap_or(&pi.value_type),
        ValueType::Compose(..)
    ) && p.values().all(|v| find_unescaped(v, b':').is_none())
}

fn is_point_list(vt: &ValueType) -> bool {
    matches!(vt.element(), Some(ValueType::Point | ValueType::Stone))
}

/// The coordinate of a Go letter (`a`=0 … `z`=25, `A`=26 … `Z`=51).
fn go_coord(b: u8) -> Option<u8> {
    match b {
        b'a'..=b'z' => Some(b - b'a'),
        b'A'..=b'Z' => Some(b - b'A' + 26),
        _ => None,
    }
}

/// The two letters of the cell `(x, y)` (both below 52).
fn letters(x: u8, y: u8) -> [u8; 2] {
    let letter = |n: u8| if n < 26 { b'a' + n } else { b'A' + n - 26 };
    [letter(x), letter(y)]
}

/// The cell of a raw value of two Go letters.
fn go_cell(v: &[u8]) -> Option<(u8, u8)> {
    match v {
        [a, b] => Some((go_coord(*a)?, go_coord(*b)?)),
        _ => None,
    }
}

/// The columns and rows of a raw Go rectangle `ab:cd` (corners in any
/// order), or `None` when `v` is not one.
fn go_rectangle(v: &[u8]) -> Option<(std::ops::RangeInclusive<u8>, std::ops::RangeInclusive<u8>)> {
    match v {
        [a, b, b':', c, d] => {
            let (x1, y1) = (go_coord(*a)?, go_coord(*b)?);
            let (x2, y2) = (go_coord(*c)?, go_coord(*d)?);
            Some((x1.min(x2)..=x1.max(x2), y1.min(y2)..=y1.max(y2)))
        }
        _ => None,
    }
}

/// Calls `f` with each point on a board of `size` of one raw Go
/// point-list value: the value itself when it is a point (two letters), or
/// each point of a rectangle `ab:cd` (column by column; corners in any
/// order), where [`Go::read_point`] would read it. Values that are no point
/// give nothing.
fn each_go_point(v: &[u8], size: BoardSize, mut f: impl FnMut(crate::game::go::Point)) {
    let (w, h) = (size.columns.min(52) as u8, size.rows.min(52) as u8);
    match go_rectangle(v) {
        Some((xs, ys)) => {
            if w == 0 || h == 0 {
                return;
            }
            // The part of the rectangle on the board.
            let ys = *ys.start()..=(*ys.end()).min(h - 1);
            for x in *xs.start()..=(*xs.end()).min(w - 1) {
                for y in ys.clone() {
                    f(crate::game::go::Point::new(x, y));
                }
            }
        }
        None => {
            if let Some((x, y)) = go_cell(v)
                && x < w
                && y < h
            {
                f(crate::game::go::Point::new(x, y));
            }
        }
    }
}

/// Stamps over the 52×52 cells that two Go letters can name, for S013:
/// which cells the current property gave, and which the node's setup
/// (group 1) and markup (group 2) properties gave; new stamps instead of
/// clearing between properties and nodes.
#[derive(Default)]
struct PointMarks {
    /// Per cell, the stamp of the property that last gave it.
    own: Vec<u32>,
    /// Per group and cell, the stamp of the node that last gave it.
    group: [Vec<u32>; 2],
    property: u32,
    node: u32,
}

impl PointMarks {
    const CELLS: usize = 52 * 52;

    fn next_node(&mut self) {
        if self.own.is_empty() {
            self.own = vec![0; Self::CELLS];
            self.group = [vec![0; Self::CELLS], vec![0; Self::CELLS]];
        }
        if self.node == u32::MAX {
            self.group.iter_mut().for_each(|g| g.fill(0));
            self.node = 0;
        }
        self.node += 1;
    }

    fn next_property(&mut self) {
        if self.property == u32::MAX {
            self.own.fill(0);
            self.property = 0;
        }
        self.property += 1;
    }

    /// Marks cell `(x, y)` (below 52 each) as given by the current property
    /// of `group` (0: none); true when it was given before.
    fn give(&mut self, x: u8, y: u8, group: usize) -> bool {
        let k = usize::from(y) * 52 + usize::from(x);
        let mut twice = self.own[k] == self.property;
        self.own[k] = self.property;
        if group != 0 {
            let g = &mut self.group[group - 1];
            twice |= g[k] == self.node;
            g[k] = self.node;
        }
        twice
    }
}

/// Why `values` do not fit property `ident` in `game`, if they do not.
/// True when SGFC would correct the single faulty value of `ident` (its
/// 15) rather than delete it (its 14): numbers, reals and Go points with
/// stray characters.
fn correctable_by_sgfc(ident: &str, vt: &ValueType, values: &[&[u8]], info: &TreeInfo) -> bool {
    let [v] = values else {
        return false;
    };
    let verdict = match vt {
        ValueType::Number => correctable::number(v),
        ValueType::Real => correctable::real_number(v),
        ValueType::Move | ValueType::Point if info.game == GameType::Go && ident != "VW" => {
            let (c, r) = (info.size.columns, info.size.rows);
            correctable::go_point(v, c.min(52) as u8, r.min(52) as u8)
        }
        _ => Verdict::Faulty,
    };
    verdict == Verdict::Corrected
}

/// True for a type whose values are points, moves or stones (alone, in a
/// list or composed).
fn holds_points(vt: &ValueType) -> bool {
    match vt {
        ValueType::Point | ValueType::Move | ValueType::Stone => true,
        ValueType::List(e) | ValueType::EList(e) => holds_points(e),
        ValueType::Compose(a, b) | ValueType::Either(a, b) => holds_points(a) || holds_points(b),
        _ => false,
    }
}

fn invalid_reason(
    game: GameType,
    ident: &str,
    values: &[&[u8]],
    size: BoardSize,
) -> Option<String> {
    fn reason<G: Game>(ident: &str, values: &[&[u8]], size: BoardSize) -> Option<String> {
        match Prop::<G>::parse(ident, values, size) {
            Prop::Invalid { reason, .. } => Some(reason),
            _ => None,
        }
    }
    use crate::game::{amazons, backgammon, gess, hex, lines_of_action, octi, raw};
    match game {
        GameType::Go => reason::<Go>(ident, values, size),
        GameType::Backgammon => reason::<backgammon::Backgammon>(ident, values, size),
        GameType::LinesOfAction => reason::<lines_of_action::LinesOfAction>(ident, values, size),
        GameType::Hex => reason::<hex::Hex>(ident, values, size),
        GameType::Amazons => reason::<amazons::Amazons>(ident, values, size),
        GameType::Octi => reason::<octi::Octi>(ident, values, size),
        GameType::Gess => reason::<gess::Gess>(ident, values, size),
        _ => reason::<raw::Raw<0>>(ident, values, size),
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
    let at = node.offset().unwrap_or(0);
    at..at + usize::from(node.offset().is_some())
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::Position;

    fn codes(src: &str) -> Vec<&'static str> {
        let t = crate::parse(src.as_bytes()).unwrap();
        check(&t, &CheckOptions::default())
            .into_iter()
            .map(|d| d.code)
            .collect()
    }

    fn strict_codes(src: &str) -> Vec<&'static str> {
        let t = crate::parse(src.as_bytes()).unwrap();
        check(&t, &CheckOptions::default().strict(true))
            .into_iter()
            .map(|d| d.code)
            .collect()
    }

    #[test]
    fn clean_files_are_clean() {
        assert!(
            codes("(;FF[4]GM[1]SZ[19]CA[UTF-8]PB[a]KM[6.5];B[pd]C[x];W[dp]BM[1](;B[dd])(;B[pp]))")
                .is_empty()
        );
        assert!(codes("(;FF[4]AB[aa:cc]AW[dd];B[ee])").is_empty());
    }

    #[test]
    fn one_per_code() {
        assert_eq!(codes("(;;B[aa];GM[1])"), ["S001"]);
        assert_eq!(codes("(;PB[x];B[aa];PW[y])"), ["S002"]);
        assert_eq!(codes("(;FF[4];B[aa]PL[W])"), ["S003"]);
        assert_eq!(codes("(;FF[4];B[aa]W[bb])"), ["S004"]);
        assert_eq!(codes("(;FF[4];B[aa]C[a]C[b])"), ["S005"]);
        assert_eq!(codes("(;FF[4];TE[1])"), ["S006"]);
        assert_eq!(codes("(;FF[4];GB[1]GW[1])"), ["S007"]);
        assert_eq!(codes("(;FF[4];B[aa]BM[1]TE[1])"), ["S008"]);
        assert_eq!(codes("(;FF[4];B[aa]BL[x])"), ["S009"]);
        assert_eq!(codes("(;FF[4];B[aa][bb])"), ["S010"]);
        assert_eq!(codes("(;FF[4];B[aa]BL[])"), ["S011"]);
        assert_eq!(codes("(;FF[4]SZ[9];B[jj])"), ["S012"]);
        assert_eq!(codes("(;FF[4]AB[aa][aa])"), ["S013"]);
        assert_eq!(codes("(;FF[4]MA[aa]TR[aa])"), ["S013"]);
        assert_eq!(codes("(;FF[4]AB[aa:bb]AW[bb])"), ["S013"]);
        assert_eq!(codes("(;FF[4]AB[aa:aa])"), ["S014"]);
        assert_eq!(codes("(;FF[4]SZ[9:9])"), ["S015"]);
        assert_eq!(codes("(;FF[3]AP[x:1])"), ["S016"]);
        assert_eq!(codes("(;FF[4];B[aa]CH[1])"), ["S017"]);
        assert_eq!(codes("(;FF[4]KI[13])"), ["S018"]);
        assert_eq!(codes("(;FF[4]XY[1])"), ["S019"]);
        assert_eq!(codes("(;FF[4]XYZ[1])"), ["S020", "S019"]);
        assert_eq!(codes("(;FF[4];KO[])"), ["S021"]);
        assert_eq!(codes("(;FF[4])(;FF[3])"), ["S022"]);
        assert_eq!(codes("(;GM[1])(;GM[1])(;GM[2])"), ["S023", "S029"]);
        assert_eq!(
            codes("(;FF[4]CA[UTF-8])(;FF[4]CA[utf-8])(;FF[4]CA[GB2312])"),
            ["S024"]
        );
        // Without FF the file is FF[1], as FF[4] specifies.
        assert_eq!(codes("(;CA[UTF-8])"), ["S016"]);
        assert_eq!(codes("(;GM[Go])"), ["S025"]);
        assert_eq!(codes("(;FF[5])"), ["S026"]);
        assert_eq!(codes("(;FF[3]AB[aa:bb])"), ["S027"]);
        assert_eq!(codes("(;FF[3]SZ[9:11])"), ["S027"]);
        assert_eq!(codes("(;FF[3];B[])"), ["S028"]);
        assert_eq!(codes("(;GM[2])"), ["S029"]);
        assert_eq!(codes("(;;B[aa];W[aa])"), ["S030"]);
        assert_eq!(codes("(;;B[aa];AB[aa])"), ["S031"]);
        assert_eq!(codes("(;AE[aa])"), ["S031"]);
        assert_eq!(strict_codes("(;)(;)"), ["S032"]);
        assert_eq!(strict_codes("(;HA[3]AB[aa][bb])"), ["S033"]);
        assert_eq!(strict_codes("(;AB[aa][bb])"), ["S033"]);
        assert!(strict_codes("(;HA[2]AB[aa][bb])").is_empty());
        assert_eq!(strict_codes("(;;B[aa];AB[bb])"), ["S034"]);
        assert!(strict_codes("(;;B[aa](;W[bb])(;AB[bb]))").is_empty());
        assert_eq!(strict_codes("(;;B[aa];B[bb])"), ["S035"]);
        assert_eq!(codes("(;SZ[53])"), ["S036"]);
        assert_eq!(codes(&format!("(;{}[1])", "X".repeat(101))), ["S037"]);
        assert_eq!(codes("(;FF[4]LB[aa])"), ["S038"]);
        assert_eq!(codes("(;FF[4]AP[])"), ["S038"]);
        assert_eq!(codes("(;FF[4]RE[john wins])"), ["S039"]);
        assert_eq!(codes("(;FF[4]VW[][aa])"), ["S040"]);
        assert_eq!(codes("(;FF[4]B[aa])"), ["S041"]);
        assert_eq!(codes("(;FF[4]C[a\u{0}b])"), ["S042"]);
        assert_eq!(codes("(;FF[4]CA[xyz-123])"), ["S043"]);
        assert_eq!(codes("(;FF[4]GN[])"), ["S044"]);
        assert_eq!(codes("(;FF[4]RE[draw])"), ["S045"]);
        assert_eq!(codes("(;FF[4]GM[11]SZ[5];B[zz])")[1..], ["S047"]); // after S029
        let late = format!("(;FF[4]C[{}]CA[UTF-8])", "x".repeat(1000));
        assert_eq!(codes(&late), ["S046"]);
        assert_eq!(codes("(;FF[4]TM[1 hour])"), ["S045"]);
        assert_eq!(codes("(;FF[4]TM[30:00(5x1:00)])"), ["S039"]);
        assert_eq!(codes("(;FF[4];B[c c])"), ["S045"]);
        assert_eq!(codes("(;FF[4];B[aa]BL[34.])"), ["S045"]);
        assert!(codes("(;FF[4]CA[ UTF-8 ])").is_empty());
        assert_eq!(codes("(;FF[3]VW[aa][bb][cc])"), ["S040"]);
        assert!(codes("(;FF[3]VW[aa][cc])").is_empty());
        assert_eq!(codes("(;FF[4]DT[last summer])"), ["S039"]);
        assert_eq!(codes("(;FF[4]AP[Sabaki])"), ["S038"]);
        assert!(
            codes("(;FF[4]AP[GNU Go:3.8]AP[foxwq])")
                .iter()
                .all(|c| *c == "S038")
        );
        assert!(strict_codes("(;;B[aa](;W[bb];W[cc])(;W[dd];B[ee];B[ff]))").contains(&"S035"));
        assert_eq!(
            strict_codes("(;;B[aa](;W[bb])(;W[dd];B[ee];B[ff]))"),
            ["S032"; 0]
        );
    }

    #[test]
    fn every_code_is_tested_above() {
        let src = include_str!("semantic.rs");
        for (code, ..) in SEMANTIC_CODES {
            assert!(
                src.matches(&format!("[\"{code}\"")).count() >= 1,
                "{code} has no test"
            );
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(300))]
        /// Whatever the lenient reader makes of any bytes, checking it does
        /// not panic, and positions agree with `Position::of`.
        #[test]
        fn never_panics(src in proptest::collection::vec(
            proptest::prop_oneof![
                proptest::prelude::Just(b'('), proptest::prelude::Just(b')'),
                proptest::prelude::Just(b';'), proptest::prelude::Just(b'['),
                proptest::prelude::Just(b']'), proptest::prelude::Just(b':'),
                proptest::prelude::Just(b'\n'), b'A'..=b'Z', b'a'..=b'f', proptest::prelude::any::<u8>()
            ],
            0..200,
        )) {
            let (tree, _) = crate::check::parse_lenient(&src, &Default::default());
            for strict in [false, true] {
                for d in check(&tree, &CheckOptions::default().strict(strict)) {
                    proptest::prop_assert_eq!(d.position, Position::of(&src, d.span.start));
                }
            }
        }
    }

    #[test]
    fn edited_trees_have_no_spans_but_are_checked() {
        let mut c = Collection::new();
        let root = c.add_game();
        let node = c.add_child(root).unwrap();
        c.set_property(node, "B", &[b"aa".to_vec()]).unwrap();
        c.set_property(node, "W", &[b"bb".to_vec()]).unwrap();
        let d = check(&c, &CheckOptions::default());
        assert_eq!(d.iter().map(|d| d.code).collect::<Vec<_>>(), ["S004"]);
    }

    #[test]
    fn results_and_dates() {
        for ok in [
            "0", "Draw", "Void", "?", "B+R", "W+Resign", "B+3.5", "W+12", "B+", "W+T", "B+F",
        ] {
            assert!(result_ok(ok.as_bytes()), "{ok}");
        }
        for bad in ["", "B+x", "Black wins", "B+3.5.1", "W+."] {
            assert!(!result_ok(bad.as_bytes()), "{bad}");
        }
        for ok in [
            "2024",
            "2024-05",
            "2024-05-01",
            "2024-05-01,02",
            "2024-05-01,06-02,03",
            "1996-05,06",
            "1996,1997",
        ] {
            assert!(date_ok(ok.as_bytes()), "{ok}");
        }
        for bad in [
            "",
            "24-05-01",
            "2024-13",
            "2024-05-32",
            "2024/05/01",
            "01,2024",
            "2024,05",
        ] {
            assert!(!date_ok(bad.as_bytes()), "{bad}");
        }
    }

    #[test]
    fn other_games_use_their_own_values() {
        // Hex points are letter + number.
        assert!(
            codes("(;GM[11]FF[4]SZ[5];B[c3])")
                .iter()
                .all(|c| *c == "S029")
        );
        assert!(codes("(;GM[11]FF[4]SZ[5];B[zz])").contains(&"S047"));
    }

    #[test]
    fn deep_and_wide_trees() {
        let deep = "(;B[aa]".repeat(20_000) + &")".repeat(20_000);
        let t = crate::parse(deep.as_bytes()).unwrap();
        let d = check(&t, &CheckOptions::default().strict(true));
        assert!(d.iter().all(|d| matches!(d.code, "S030" | "S035" | "S041")));
        let wide = format!("(;;B[aa]{})", "(;W[bb])".repeat(5_000));
        let t = crate::parse(wide.as_bytes()).unwrap();
        assert!(check(&t, &CheckOptions::default()).is_empty());
    }

    #[test]
    fn positions_count_lines() {
        let t = crate::parse(b"(;FF[4]\r\n;B[aa]\n;W[aa])").unwrap();
        let d = check(&t, &CheckOptions::default());
        assert_eq!(d[0].position, Position { line: 3, column: 2 });
        assert_eq!(d[0].position, Position::of(t.source(), d[0].span.start));
    }
}
