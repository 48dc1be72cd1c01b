//! Opt-in repairs of a [`Collection`]: old FF\[1\]–FF\[3\] properties
//! converted to FF\[4\], faulty game-info values corrected, nodes that mix
//! move and setup split, duplicate list properties merged, empty variations
//! removed.
//!
//! [`repair`] changes the collection in place and explains each change with a
//! [`Diagnostic`] whose code is a repair code (`R…`, see [`all_codes`](super::all_codes)). Nothing is changed
//! on a doubt: values that cannot be corrected with confidence are reported
//! (`R013`) and kept. Repairing twice changes nothing the second time.
//!
//! ```
//! use sgfkit::check::{parse_lenient, repair, RepairOptions};
//!
//! let src = b"(;FF[3]GM[1]SZ[19]KI[11]DT[2017-1-5];B[pd]TE[1]BM[1];W[tt])";
//! let (mut tree, _) = parse_lenient(src, &Default::default());
//! let diags = repair(&mut tree, &RepairOptions::default());
//! assert_eq!(
//!     tree.to_string(),
//!     "(;FF[4]GM[1]SZ[19]KM[5.5]DT[2017-01-05]\n;B[pd]IT[];W[])\n"
//! );
//! let codes: Vec<&str> = diags.iter().map(|d| d.code.as_str()).collect();
//! assert_eq!(codes, ["R017", "R002", "R009", "R005", "R001"]);
//! ```

use super::lenient::fill_positions;
use super::{Code, Diagnostic};
use crate::game::{BoardSize, GameType, go};
use crate::grammar::value::is_real;
use crate::property::{PropertyType, ValueType, lookup, lookup_any};
use crate::record::position_at;
use crate::tree::{Collection, NewProp, NodeId};
use facts::{Facts, facts, values_read};
pub use outside::keep_outside_text;
use std::borrow::Cow;
use std::ops::Range;
pub(super) use values::{Fix, fix_date};
use values::{fix_komi, fix_result, fix_time};

mod facts;
mod outside;
mod shape;
mod tidy;
mod values;

/// The codes that only report and change nothing: a second [`repair`] emits
/// them again.
///
/// ```
/// use sgfkit::check::{Code, REPORT_ONLY_CODES};
/// assert!(REPORT_ONLY_CODES.contains(&Code::R013));
/// ```
pub const REPORT_ONLY_CODES: &[Code] = &[Code::R013, Code::R018, Code::R021];

/// Which of the optional repairs [`repair`] makes. The default makes only
/// the repairs that are not guesses and keep every node.
///
/// ```
/// let opts = sgfkit::check::RepairOptions::default().fox_komi(true).remove_empty_nodes(true);
/// assert!(opts.fox_komi && opts.remove_empty_nodes);
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct RepairOptions {
    /// Read an integer komi of 100 or more as Fox's hundredths:
    /// `KM[650]` → `KM[6.5]`, and of stones when the node's `RU` names
    /// Chinese rules: `KM[375]RU[Chinese]` → `KM[7.5]` (`R014`). A guess,
    /// so off by default.
    pub fox_komi: bool,
    /// Remove nodes without properties (never a root); their children take
    /// their place (`R016`). Off by default.
    pub remove_empty_nodes: bool,
}

impl RepairOptions {
    /// Sets [`RepairOptions::fox_komi`].
    pub fn fox_komi(mut self, on: bool) -> Self {
        self.fox_komi = on;
        self
    }

    /// Sets [`RepairOptions::remove_empty_nodes`].
    pub fn remove_empty_nodes(mut self, on: bool) -> Self {
        self.remove_empty_nodes = on;
        self
    }
}

/// Applies the repairs of this module to every game tree of `collection`
/// and returns one diagnostic per change (or per value left alone that is
/// not FF\[4\]), in source order.
///
/// The repairs, by code (`R…`, see [`all_codes`](super::all_codes)):
/// `tt` → `[]` on Go boards up to 19×19 in a tree that becomes FF\[4\]
/// (R001); `KI` → `KM` (R002);
/// `L` → `LB` (R003); `M` → `MA`/`TR` (R004); `BM`+`TE` → `DO`/`IT` (R005);
/// nodes mixing move with setup or root properties split (R006, R007), and
/// nodes with both a black and a white move (R019);
/// duplicate list properties merged (R008); `DT`, `RE`, `KM`, `TM`
/// corrected where the intent is plain (R009–R012, else reported as R013;
/// Fox komi R014 behind [`RepairOptions::fox_komi`]); Go moves written with
/// white space and `BL`/`WL` not in seconds put in FF\[4\] form (R023);
/// one value given several times kept once and empty times dropped (R024);
/// empty leaf variations
/// removed (R015) and, behind [`RepairOptions::remove_empty_nodes`], empty
/// nodes (R016); `FF[4]` set when nothing of FF\[1\]–FF\[3\] remains (R017,
/// else R018).
///
/// Never panics; needs no stack per level of the tree.
///
/// ```
/// use sgfkit::check::{repair, Code, RepairOptions};
///
/// let mut tree = sgfkit::parse(b"(;GM[1]FF[4]AB[aa]B[bb]C[x]AB[cc])")?.into_owned();
/// let diags = repair(&mut tree, &RepairOptions::default());
/// assert_eq!(tree.to_string(), "(;GM[1]FF[4]AB[aa][cc]\n;B[bb]C[x])\n");
/// assert_eq!(diags[0].code, Code::R006);
/// assert_eq!(diags[1].code, Code::R008);
/// # Ok::<(), sgfkit::Error>(())
/// ```
pub fn repair(collection: &mut Collection<'_>, options: &RepairOptions) -> Vec<Diagnostic> {
    let mut r = Repairer {
        diags: Vec::new(),
        options,
        board_budget: BOARD_BUDGET,
    };
    let roots: Vec<NodeId> = collection.games().map(|g| g.id()).collect();
    for root in roots {
        r.game(collection, root);
    }
    r.diags.sort_by_key(|d| d.span.start);
    fill_positions(collection.source(), &mut r.diags);
    r.diags
}

/// A property copied out of the tree.
#[derive(Debug, Clone)]
struct P {
    /// The identifier: the table's own text for known ones (no copy).
    ident: Cow<'static, str>,
    /// The property table knows the identifier in the tree's game (looked
    /// up once, when the property is copied out). True for the properties
    /// the repairs write.
    known: bool,
    /// The values; left empty (and `copied` false) for a property no
    /// repair reads.
    values: Vec<Vec<u8>>,
    /// The values were copied out of the tree (always, for a new property).
    copied: bool,
    span: Option<Range<usize>>,
    /// Index among the node's properties when copied out.
    orig: Option<usize>,
}

impl P {
    fn new(ident: &'static str, values: Vec<Vec<u8>>) -> P {
        P {
            ident: Cow::Borrowed(ident),
            known: true,
            values,
            copied: true,
            span: None,
            orig: None,
        }
    }

    fn first(&self) -> &[u8] {
        self.values.first().map_or(&[][..], |v| &v[..])
    }
}

/// The identifier `ident` without a copy when the property table knows it
/// (in any game), and whether the table knows it in game `gm` (as
/// [`lookup`] finds it): one look-up.
fn ident_of(ident: &str, gm: u32) -> (Cow<'static, str>, bool) {
    let mut text = None;
    let mut known = false;
    for info in lookup_any(ident).filter(|info| info.ident == ident) {
        text = Some(info.ident);
        known |= info.game.is_none_or(|g| g == gm);
    }
    let text = text.map_or_else(|| Cow::Owned(ident.to_string()), Cow::Borrowed);
    (text, known)
}

/// Every property of `id` (in a tree of game `gm`), copied out.
fn snapshot(c: &Collection<'_>, id: NodeId, gm: u32) -> Vec<P> {
    snapshot_with(c, id, gm, |_, _| true)
}

/// Every property of `id` (in a tree of game `gm`), with the values of
/// those for which `copy` holds (given the identifier and whether the node
/// has it more than once).
fn snapshot_with(
    c: &Collection<'_>,
    id: NodeId,
    gm: u32,
    copy: impl Fn(&str, bool) -> bool,
) -> Vec<P> {
    let node = c.node(id);
    // Identifiers given twice: sorted once, so that a node with many
    // properties costs n log n, not n².
    let mut idents: Vec<&str> = node.properties().map(|p| p.ident()).collect();
    idents.sort_unstable();
    let twice = |ident: &str| {
        let k = idents.partition_point(|&i| i < ident);
        idents.get(k + 1) == Some(&ident)
    };
    node.properties()
        .enumerate()
        .map(|(k, p)| {
            let ident = p.ident();
            let copied = copy(ident, twice(ident));
            let (ident, known) = ident_of(ident, gm);
            P {
                ident,
                known,
                values: if copied {
                    p.values().map(<[u8]>::to_vec).collect()
                } else {
                    Vec::new()
                },
                copied,
                span: p.span(),
                orig: Some(k),
            }
        })
        .collect()
}

/// Copies the values of `p` (a property of `id`) out of the tree if they
/// were not.
fn copy_values(c: &Collection<'_>, id: NodeId, p: &mut P) {
    if p.copied {
        return;
    }
    if let Some(q) = p.orig.and_then(|k| c.node(id).properties().nth(k)) {
        p.values = q.values().map(<[u8]>::to_vec).collect();
    }
    p.copied = true;
}

/// Replaces all properties of `id` by `props`; those unchanged keep their
/// place in the source (and so their span).
fn rewrite(c: &mut Collection<'_>, id: NodeId, props: &[P]) {
    let node = c.node(id);
    let items: Vec<NewProp<'_>> = props
        .iter()
        .map(|p| match p.orig {
            // Not copied: no repair read it, so it is as it was.
            Some(k) if !p.copied => NewProp::Keep(k),
            Some(k)
                if node.properties().nth(k).is_some_and(|o| {
                    o.ident() == p.ident && o.values().eq(p.values.iter().map(|v| v.as_slice()))
                }) =>
            {
                NewProp::Keep(k)
            }
            _ => NewProp::New(&p.ident, &p.values),
        })
        .collect();
    // Values come from the tree or are built here: always valid raw text.
    let _ = c.rebuild_properties(id, &items);
}

struct Ctx {
    gm: u32,
    game: GameType,
    size: Option<BoardSize>,
    /// The types of `B` and `W` in this game (looked up once).
    black: Option<PropertyType>,
    white: Option<PropertyType>,
    /// [`RepairOptions::fox_komi`].
    fox_komi: bool,
    /// Go on a board up to 19×19, in a tree that becomes FF\[4\]: a move
    /// `tt` is a pass, written `[]` (R001). A tree that keeps
    /// FF\[1\]–FF\[3\] keeps its `tt`, as those formats write a pass.
    tt_pass: bool,
}

/// What R001 says of the pass `ident[tt]`.
fn pass_message(ident: &str) -> String {
    format!("{ident}[tt] is a pass: written as {ident}[]")
}

/// How many nodes the Go positions computed for `M` may replay in all
/// (keeps hostile input with `M` in every node of a deep tree linear); past
/// it, `M` becomes `MA` everywhere.
const BOARD_BUDGET: usize = 500_000;

struct Repairer<'o> {
    diags: Vec<Diagnostic>,
    options: &'o RepairOptions,
    board_budget: usize,
}

impl Repairer<'_> {
    fn push(&mut self, code: Code, span: Range<usize>, message: String, data_lost: bool) {
        self.diags
            .push(Diagnostic::from_code(code, span, message, data_lost));
    }

    fn game(&mut self, c: &mut Collection<'_>, root: NodeId) {
        // A tree whose GM names no game is repaired as Go, as it is checked.
        let (game, _) = c.node(root).game().unwrap_or_else(|e| e.read_as_go());
        let gm = game.gm();
        let size = c.node(root).board_size(game).ok().map(|(size, _)| size);
        // The obsolete properties of a tree not in FF[4], looked up once:
        // they decide how its passes are written and whether FF becomes 4.
        let old = shape::old_format(c, root, gm);
        let small_go =
            game == GameType::Go && size.is_some_and(|s| s.columns <= 19 && s.rows <= 19);
        let tt_pass = small_go && !old.as_deref().is_some_and(shape::stays_old);
        let ctx = Ctx {
            gm,
            game,
            size,
            tt_pass,
            black: lookup("B", gm).map(|i| i.property_type),
            white: lookup("W", gm).map(|i| i.property_type),
            fox_komi: self.options.fox_komi,
        };
        // One look at each node tells which repairs can apply; only the
        // nodes where one may (few) are kept, in file order. A node the
        // property-level repairs changed is looked at again.
        let mut todo: Vec<(NodeId, Facts)> = Vec::new();
        for n in c.node(root).descendants() {
            let f = facts(n, &ctx);
            if f.repair || f.tt || f.empty || f.may_split(n.is_root()) || (f.black && f.white) {
                todo.push((n.id(), f));
            }
        }
        for (id, f) in &mut todo {
            let changed = if f.repair {
                self.node(c, *id, &ctx)
            } else {
                f.tt && ctx.tt_pass && self.passes(c, *id)
            };
            if changed {
                *f = facts(c.node(*id), &ctx);
            }
        }
        for &(id, f) in &todo {
            if f.may_split(c.node(id).is_root()) {
                let moves = self.split(c, id, &ctx);
                self.split_colors(c, moves, gm);
            } else if f.black && f.white {
                self.split_colors(c, id, gm);
            }
        }
        // A node without properties now is one of these: the others were
        // not changed and have some.
        let ids: Vec<NodeId> = todo.iter().map(|&(id, _)| id).collect();
        self.empty(c, &ids);
        let stayed_old = !ctx.tt_pass;
        if self.ff(c, root, &ctx, old) && small_go && stayed_old {
            // The tree was thought to keep its old format, but the repairs
            // removed what kept it so: its passes are written as FF[4]
            // writes them after all.
            let ids: Vec<NodeId> = c.node(root).descendants().map(|n| n.id()).collect();
            for id in ids {
                self.passes(c, id);
            }
        }
    }

    /// Where a diagnostic about property `p` of node `id` points.
    fn span(c: &Collection<'_>, id: NodeId, p: Option<&P>) -> Range<usize> {
        Self::span_at(c, id, p.and_then(|p| p.span.clone()))
    }

    /// `span` if there is one, else where node `id` (or the nearest node
    /// above it read from the source) starts.
    fn span_at(c: &Collection<'_>, id: NodeId, span: Option<Range<usize>>) -> Range<usize> {
        if let Some(s) = span {
            return s;
        }
        let mut n = c.node(id);
        loop {
            if let Some(o) = n.offset() {
                return o..o + 1;
            }
            match n.parent() {
                Some(q) => n = q,
                None => return 0..0,
            }
        }
    }

    /// The property-level repairs of one node (one that [`facts`] says may
    /// need them). True if the node was changed.
    fn node(&mut self, c: &mut Collection<'_>, id: NodeId, ctx: &Ctx) -> bool {
        let mut props = snapshot_with(c, id, ctx.gm, |ident, twice| twice || values_read(ident));
        let mut changed = false;
        changed |= self.pass_tt(c, id, ctx, &mut props);
        changed |= self.ki(c, id, &mut props);
        changed |= self.letters(c, id, &mut props);
        changed |= self.markup(c, id, ctx, &mut props);
        changed |= self.bm_te(c, id, &mut props);
        changed |= self.merge(c, id, ctx, &mut props);
        // A merge can leave an `L` that `letters` passed over (`L[]` and
        // `L[][bb]` merge into `L[bb]`): convert it now, and merge what that
        // gives, so that a second repair finds nothing.
        if self.letters(c, id, &mut props) {
            self.merge(c, id, ctx, &mut props);
            changed = true;
        }
        if self.tidy(c, id, ctx, &mut props) {
            // `B[tt][tt]` kept once is a pass; `GM[1]GaMe[1][1]`: the value
            // kept once may equal a copy beside it.
            self.pass_tt(c, id, ctx, &mut props);
            self.merge(c, id, ctx, &mut props);
            changed = true;
        }
        changed |= self.overtime(c, id, &mut props);
        if self.game_info(c, id, &mut props) {
            // Values corrected alike are now the same (`DT[2017-1-5]` and
            // `DT[05.01.2017]`): one is kept.
            self.merge(c, id, ctx, &mut props);
            changed = true;
        }
        changed |= self.text_pair(c, id, &mut props);
        if changed {
            rewrite(c, id, &props);
        }
        changed
    }

    /// [`Repairer::pass_tt`] for a node that needs no other property-level
    /// repair (what [`Repairer::node`] would do there, without copying
    /// the node's properties out): the passes of thousands of nodes.
    fn passes(&mut self, c: &mut Collection<'_>, id: NodeId) -> bool {
        let to = [Vec::new()];
        let node = c.node(id);
        let mut items = Vec::with_capacity(node.properties().len());
        for (k, p) in node.properties().enumerate() {
            let ident = match p.ident() {
                "B" => "B",
                "W" => "W",
                _ => "",
            };
            let mut values = p.values();
            if ident.is_empty() || values.next() != Some(b"tt") || values.next().is_some() {
                items.push(NewProp::Keep(k));
                continue;
            }
            let span = Self::span_at(c, id, p.span());
            self.push(Code::R001, span, pass_message(ident), false);
            items.push(NewProp::New(ident, &to));
        }
        if items.iter().all(|i| matches!(i, NewProp::Keep(_))) {
            return false;
        }
        // `[]` and `[tt]` are valid raw values.
        let _ = c.rebuild_properties(id, &items);
        true
    }

    fn pass_tt(&mut self, c: &Collection<'_>, id: NodeId, ctx: &Ctx, props: &mut [P]) -> bool {
        if !ctx.tt_pass {
            return false;
        }
        let mut changed = false;
        for p in props.iter_mut() {
            if (p.ident == "B" || p.ident == "W") && p.values.len() == 1 && p.first() == b"tt" {
                let span = Self::span(c, id, Some(p));
                self.push(Code::R001, span, pass_message(&p.ident), false);
                p.values = vec![Vec::new()];
                changed = true;
            }
        }
        changed
    }

    fn ki(&mut self, c: &Collection<'_>, id: NodeId, props: &mut Vec<P>) -> bool {
        let Some(k) = props.iter().position(|p| p.ident == "KI") else {
            return false;
        };
        let ki = String::from_utf8_lossy(props[k].first()).trim().to_string();
        let span = Self::span(c, id, Some(&props[k]));
        if let Some(km) = props.iter().find(|p| p.ident == "KM") {
            let km_text = String::from_utf8_lossy(km.first()).trim().to_string();
            let same = ki.parse::<i64>().ok().map(half) == Some(km_text.clone());
            let msg = format!("KI[{ki}] deleted: the node has KM[{km_text}]");
            self.push(Code::R002, span, msg, !same);
            props.retain(|p| p.ident != "KI");
            return true;
        }
        let Ok(n) = ki.parse::<i64>() else {
            let msg = format!("KI[{ki}] is not an integer komi: kept");
            self.push(Code::R013, span, msg, false);
            return false;
        };
        let km = half(n);
        let msg = format!("KI[{ki}] (integer komi, doubled) converted to KM[{km}]");
        self.push(Code::R002, span, msg, false);
        props[k] = P::new("KM", vec![km.into_bytes()]);
        props.retain(|p| p.ident != "KI");
        true
    }

    fn letters(&mut self, c: &Collection<'_>, id: NodeId, props: &mut [P]) -> bool {
        let mut changed = false;
        for p in props.iter_mut().filter(|p| p.ident == "L") {
            if p.values.iter().any(|v| v.len() != 2) {
                continue;
            }
            let values: Vec<Vec<u8>> = p
                .values
                .iter()
                .enumerate()
                .map(|(i, v)| {
                    let mut out = v.clone();
                    out.push(b':');
                    out.extend_from_slice(letter(i).as_bytes());
                    out
                })
                .collect();
            let span = Self::span(c, id, Some(p));
            let shown: Vec<String> = values
                .iter()
                .map(|v| format!("[{}]", String::from_utf8_lossy(v)))
                .collect();
            let msg = format!("L (FF[1-2] letters) converted to LB{}", shown.concat());
            self.push(Code::R003, span, msg, false);
            *p = P::new("LB", values);
            changed = true;
        }
        changed
    }

    fn markup(&mut self, c: &Collection<'_>, id: NodeId, ctx: &Ctx, props: &mut Vec<P>) -> bool {
        let Some(k) = props.iter().position(|p| p.ident == "M") else {
            return false;
        };
        // Only values that read as `MA` values are moved there: none, a
        // point, or a rectangle of two points. Anything else (`a99999:ss`)
        // the reader would refuse in an `MA`, so such an `M` is kept as it
        // is, as `L` is.
        let fits = |v: &[u8]| v.is_empty() || v.len() == 2 || (v.len() == 5 && v[2] == b':');
        if !props
            .iter()
            .filter(|p| p.ident == "M")
            .all(|p| p.values.iter().all(|v| fits(v)))
        {
            return false;
        }
        let depth = c.node(id).depth() + 1;
        let board = if ctx.game == GameType::Go && depth <= self.board_budget {
            self.board_budget -= depth;
            position_at(c.node(id)).ok().map(|(b, _)| b)
        } else {
            None
        };
        let mut ma = Vec::new();
        let mut tr = Vec::new();
        for p in props.iter().filter(|p| p.ident == "M") {
            for v in &p.values {
                let stone = board.as_ref().is_some_and(
                    |b| matches!(go::point(v, b.size()), Ok(([], p)) if b.get(p).is_some()),
                );
                if stone { &mut tr } else { &mut ma }.push(v.clone());
            }
        }
        let span = Self::span(c, id, Some(&props[k]));
        let msg = match (ma.is_empty(), tr.is_empty()) {
            (false, true) => "M (FF[1-2] markup) converted to MA".to_string(),
            (true, false) => "M (FF[1-2] markup) on stones converted to TR".to_string(),
            _ => "M (FF[1-2] markup) converted to MA on empty points, TR on stones".to_string(),
        };
        self.push(Code::R004, span, msg, false);
        let mut new = Vec::new();
        if !ma.is_empty() {
            new.push(P::new("MA", ma));
        }
        if !tr.is_empty() {
            new.push(P::new("TR", tr));
        }
        props.retain(|p| p.ident != "M");
        let at = k.min(props.len());
        props.splice(at..at, new);
        true
    }

    fn bm_te(&mut self, c: &Collection<'_>, id: NodeId, props: &mut Vec<P>) -> bool {
        let bm = props.iter().position(|p| p.ident == "BM");
        let te = props.iter().position(|p| p.ident == "TE");
        let (Some(bm), Some(te)) = (bm, te) else {
            return false;
        };
        let (first, new) = if te < bm { (te, "IT") } else { (bm, "DO") };
        let span = Self::span(c, id, Some(&props[first]));
        let emphasis = props[bm].first() == b"2" || props[te].first() == b"2";
        let order = if te < bm { "TE then BM" } else { "BM then TE" };
        let msg = format!("{order} in one node converted to {new}[]");
        self.push(Code::R005, span, msg, emphasis);
        props[first] = P::new(new, vec![Vec::new()]);
        let mut k = 0;
        props.retain(|p| {
            k += 1;
            !((p.ident == "BM" || p.ident == "TE") && k - 1 != first)
        });
        true
    }

    /// Merges repeated list properties (values deduplicated) and repeated
    /// texts (`C`, `GC`: joined by an empty line, as SGFC does).
    fn merge(&mut self, c: &Collection<'_>, id: NodeId, ctx: &Ctx, props: &mut Vec<P>) -> bool {
        // Most nodes give each identifier once: nothing to merge.
        const FEW: usize = 16;
        let once = |k: usize| props[..k].iter().all(|q| q.ident != props[k].ident);
        if props.len() <= FEW && (0..props.len()).all(once) {
            return false;
        }
        let mut seen: std::collections::HashMap<&str, Vec<usize>> = Default::default();
        let mut order = Vec::new();
        for (k, p) in props.iter().enumerate() {
            let e = seen.entry(&*p.ident).or_default();
            if e.len() == 1 {
                order.push(p.ident.to_string());
            }
            e.push(k);
        }
        if order.is_empty() {
            return false;
        }
        let groups: Vec<Vec<usize>> = order.iter().map(|i| seen[i.as_str()].clone()).collect();
        let mut drop = vec![false; props.len()];
        for (ident, group) in order.iter().zip(groups) {
            // An identifier given once in the source may be given twice
            // now (`L` became `LB` beside an `LB`): its values are needed.
            for &k in &group {
                copy_values(c, id, &mut props[k]);
            }
            let vt = lookup(ident, ctx.gm).map(|i| i.value_type);
            let is_list = vt.is_some_and(|v| v.is_list() || v.is_elist());
            let is_text =
                vt == Some(ValueType::Text) && group.iter().all(|&k| props[k].values.len() == 1);
            if !is_list && !is_text {
                // `GM[1]GM[1]`: the copies say nothing more (R024); copies
                // that differ would need a choice (S005 stays).
                let first = &props[group[0]].values;
                if group[1..].iter().all(|&j| props[j].values == *first) {
                    let span = Self::span(c, id, props.get(group[1]));
                    let msg = format!(
                        "{ident} given {} times with the same value: one kept",
                        group.len()
                    );
                    self.push(Code::R024, span, msg, false);
                    for &j in &group[1..] {
                        drop[j] = true;
                    }
                }
                continue;
            }
            let span = Self::span(c, id, props.get(group[1]));
            let (k, rest) = (group[0], &group[1..]);
            let mut values = std::mem::take(&mut props[k].values);
            if is_list {
                let mut have: std::collections::HashSet<Vec<u8>> = values.iter().cloned().collect();
                for &j in rest {
                    for v in std::mem::take(&mut props[j].values) {
                        if have.insert(v.clone()) {
                            values.push(v);
                        }
                    }
                }
                // An elist's `[]` means "none": drop it beside real values,
                // and keep one when there are only `[]`s (a property needs
                // a value: `AW[][]` and `AW[]` merge into `AW[]`).
                if values.iter().any(|v| !v.is_empty()) {
                    values.retain(|v| !v.is_empty());
                } else {
                    values.truncate(1);
                }
            } else {
                let mut text = values.pop().unwrap_or_default();
                for &j in rest {
                    text.extend_from_slice(b"\n\n");
                    text.extend_from_slice(props[j].first());
                }
                values = vec![text];
            }
            props[k].values = values;
            for &j in rest {
                drop[j] = true;
            }
            let how = if is_list {
                "values merged into one"
            } else {
                "texts joined in one"
            };
            let msg = format!(
                "{ident} appears {} times in the node: {how} {ident}",
                group.len()
            );
            self.push(Code::R008, span, msg, false);
        }
        let mut j = 0;
        props.retain(|_| {
            j += 1;
            !drop[j - 1]
        });
        drop.contains(&true)
    }

    /// `TM[10:00(5x1:00)]` or `TM[30:00+30:00/25]`: main time and overtime
    /// in one value. The main time stays in `TM`, the overtime moves to `OT`
    /// (when the node has none).
    fn overtime(&mut self, c: &Collection<'_>, id: NodeId, props: &mut Vec<P>) -> bool {
        let Some(k) = props.iter().position(|p| p.ident == "TM") else {
            return false;
        };
        if props.iter().any(|p| p.ident == "OT") || props[k].values.len() != 1 {
            return false;
        }
        let Ok(text) = std::str::from_utf8(props[k].first()) else {
            return false;
        };
        let t = text.trim();
        let (main, over) = if let Some((m, o)) = t.split_once('(')
            && let Some(o) = o.strip_suffix(')')
        {
            (m.trim(), o.trim())
        } else if let Some((m, o)) = t.split_once('+') {
            (m.trim(), o.trim())
        } else {
            return false;
        };
        let secs = match fix_time(main) {
            Fix::Valid => main.to_string(),
            Fix::Fixed(s) => s,
            Fix::Unknown(_) => return false,
        };
        if over.is_empty() || over.contains(['\\', ']']) {
            return false;
        }
        let span = Self::span(c, id, Some(&props[k]));
        let msg = format!("TM[{text}] corrected to TM[{secs}], its overtime moved to OT[{over}]");
        let over = over.as_bytes().to_vec();
        self.push(Code::R012, span, msg, false);
        props[k] = P::new("TM", vec![secs.into_bytes()]);
        props.insert(k + 1, P::new("OT", vec![over]));
        true
    }

    /// R020: an `AP` value without its `:` (`AP[foxwq]`, S050) gets an
    /// empty version (`AP[foxwq:]`), which every FF\[4\] reader takes. Not
    /// in a node with a second `AP` (Fox writes `AP[GNU Go:3.8]AP[foxwq]`):
    /// readers drop the value without `:`, and with it the node would hold
    /// two `AP` (S005) — kept as it is, and R021 says so.
    fn text_pair(&mut self, c: &Collection<'_>, id: NodeId, props: &mut [P]) -> bool {
        let aps = props.iter().filter(|p| p.ident == "AP").count();
        let mut changed = false;
        for p in props.iter_mut().filter(|p| p.ident == "AP") {
            if !p.values.iter().any(|v| facts::text_pair_without_colon(v)) {
                continue;
            }
            let span = Self::span(c, id, Some(&*p));
            for v in p
                .values
                .iter_mut()
                .filter(|v| facts::text_pair_without_colon(v))
            {
                let text = String::from_utf8_lossy(v).into_owned();
                if aps > 1 {
                    let msg = format!(
                        "AP[{text}] kept as it is: with its `:` it would be a second AP in the node"
                    );
                    self.push(Code::R021, span.clone(), msg, false);
                    continue;
                }
                v.push(b':');
                let msg = format!("AP[{text}] written AP[{text}:]: FF[4] writes name:version");
                self.push(Code::R020, span.clone(), msg, false);
                changed = true;
            }
        }
        changed
    }

    fn game_info(&mut self, c: &Collection<'_>, id: NodeId, props: &mut [P]) -> bool {
        let mut changed = false;
        // Fox's komi is in stones under Chinese rules (`record::fox_komi`);
        // RU is read from the tree (its values are not copied out).
        let chinese = c.node(id).get("RU").is_some_and(|ru| {
            let text = crate::text::decode_str(ru.value(), crate::text::TextKind::SimpleText);
            crate::game::go::Rules::from_ru(&text) == Some(crate::game::go::Rules::Chinese)
        });
        for p in props.iter_mut() {
            let ident = p.ident.clone();
            let ident = &*ident;
            if !matches!(ident, "DT" | "RE" | "KM" | "TM") || p.values.len() != 1 {
                continue;
            }
            let raw = p.first().to_vec();
            let Ok(text) = std::str::from_utf8(&raw) else {
                continue;
            };
            let (fixed, code) = match ident {
                "DT" => (fix_date(text), Code::R009),
                "RE" => (fix_result(text), Code::R010),
                "KM" => match fix_komi(text, self.options.fox_komi, chinese) {
                    Fix::Fixed(s) if is_real(text.as_bytes()) => (Fix::Fixed(s), Code::R014),
                    f => (f, Code::R011),
                },
                _ => (fix_time(text), Code::R012),
            };
            let span = Self::span(c, id, Some(&*p));
            match fixed {
                Fix::Valid => {}
                Fix::Fixed(new) => {
                    let msg = format!("{ident}[{text}] corrected to {ident}[{new}]");
                    self.push(code, span, msg, false);
                    p.values = vec![new.into_bytes()];
                    changed = true;
                }
                Fix::Unknown(why) => {
                    let msg = format!("{ident}[{text}] {why}: kept as it is");
                    self.push(Code::R013, span, msg, false);
                }
            }
        }
        changed
    }
}

/// `n / 2` as canonical Real text.
fn half(n: i64) -> String {
    let a = n.unsigned_abs();
    let sign = if n < 0 { "-" } else { "" };
    if a.is_multiple_of(2) {
        format!("{sign}{}", a / 2)
    } else {
        format!("{sign}{}.5", a / 2)
    }
}

/// The label of the `i`-th letter: A..Z, then AA, AB, ...
fn letter(i: usize) -> String {
    let mut out = Vec::new();
    crate::game::hex::write_column(u32::try_from(i).unwrap_or(u32::MAX), &mut out);
    out.make_ascii_uppercase();
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests;
