//! The lenient reader: recovers a [`Collection`] from damaged SGF.
//!
//! The reader is a hand-written state machine over the bytes (no recursion,
//! whatever the nesting depth) that feeds the same tree builder as the strict
//! grammar, so its result is an ordinary [`Collection`]. Each repair it makes
//! is reported as a [`Diagnostic`] with a stable code, one of the `L…`
//! codes of [`all_codes`].
//!
//! On an input the strict parser accepts, the lenient reader builds an equal
//! tree and reports nothing worse than [`Severity::Warning`] (skipped junk
//! around the game trees, FF\[3\] identifiers, a byte order mark) — except
//! where the junk the strict parser skips holds nodes (`;B[aa]` with no `(`
//! before it, as in Fox files with variations): the lenient reader recovers
//! them as game trees (`L003`), so its tree has more nodes; and where a
//! variation's first node holds `GM` or `FF`, root properties: that `(`
//! starts the next game, the tree before it having lost its `)` (`L005`),
//! as the stream frames it ([`crate::stream`]), not a variation.
//!
//! Whatever it returns prints (with [`Collection`]'s `Display`) to text that
//! the strict parser accepts and reads back to an equal tree — unless the
//! collection is empty, which happens only when the input has no game tree
//! content at all (reported as `L013`, an error) or crosses a limit of
//! [`ParseOptions`] (`L017`, an error at the place it was crossed).

use crate::ParseOptions;
use crate::check::{Code, all_codes};
use crate::events::{Handler, normalize_ident};
use crate::grammar::{RawProperty, is_ws, value_end};
use crate::property::{ValueType, lookup_any};
use crate::scan;
use crate::tree::{Builder, Collection};
use std::ops::Range;

mod diagnostic;
mod fast;

pub(crate) use diagnostic::fill_positions;
pub(crate) use diagnostic::{BOM_MESSAGE, lowercase_ident_message, skipped_message};
pub use diagnostic::{Diagnostic, MAX_PER_CODE, Severity};

/// How many `]` a text value may swallow before the reader gives up on the
/// unescaped-`]` heuristic (keeps the reader linear on hostile input).
const MAX_SWALLOWED: usize = 64;

/// Reads `src` like the strict parser, but repairs what it can instead of
/// failing, and reports each repair.
///
/// The result is always a [`Collection`]: it is empty only when the input has
/// no game tree content at all (no `(` or `;` followed by a node or a
/// property); then the diagnostics include `L013` (an error); or when it
/// crosses a limit of `options` other than the nesting depth (`L017`, at the
/// place it was crossed; nesting too deep is flattened, `L016`). A command-line
/// tool should treat an empty collection as a failure, and anything else as
/// readable.
///
/// Never panics; needs no stack per nesting level.
///
/// ```
/// use sgfkit::check::{parse_lenient, Code};
///
/// // A Fox-style file with no `(`, junk in front and a missing `)`.
/// let src = b"saved by X\n;GM[1]SZ[19];B[pd];W[dp]";
/// let (tree, diags) = parse_lenient(src, &Default::default());
/// assert_eq!(tree.to_string(), "(;GM[1]SZ[19]\n;B[pd];W[dp])\n");
/// let codes: Vec<&str> = diags.iter().map(|d| d.code.as_str()).collect();
/// assert_eq!(codes, ["L001", "L003"]);
///
/// // Nothing to read.
/// let (tree, diags) = parse_lenient(b"hello", &Default::default());
/// assert_eq!(tree.games().len(), 0);
/// assert_eq!(diags.last().unwrap().code, Code::L013);
///
/// // Another format, named.
/// let (_, diags) = parse_lenient(b"\x1f\x8b\x08\x00", &Default::default());
/// assert!(diags[0].message.starts_with("no game tree found: a gzip-compressed file, not SGF"));
/// ```
pub fn parse_lenient<'a>(
    src: &'a [u8],
    options: &ParseOptions,
) -> (Collection<'a>, Vec<Diagnostic>) {
    // A known format that is not SGF (gzip, a GIB record, …) is named, not
    // searched for game trees: its bytes hold none, whatever they look like.
    if let Some(format) = crate::format::sniff(src) {
        let what = format!("no game tree found: {}", format.not_sgf());
        return (
            Collection::new(),
            vec![raw_diag(Code::L013, 0..0, what, true)],
        );
    }
    let builder = match Builder::new(src, options) {
        Ok(b) => b,
        Err(e) => return (Collection::new(), vec![unread_diagnostic(&e)]),
    };
    let mut r = Reader {
        src,
        i: 0,
        b: builder,
        diags: Vec::new(),
        stack: Vec::new(),
        in_node: false,
        suppressed: 0,
        left_open: None,
        max_depth: options.max_depth.max(1) as usize,
        nodes: 0,
        counts: [0; Code::COUNT],
        last_dropped: [0; Code::COUNT],
        bodies: Vec::new(),
    };
    r.run();
    r.summarize_dropped();
    let Reader {
        b,
        mut diags,
        nodes,
        ..
    } = r;
    let coll = match b.finish_borrowed(src) {
        Ok(c) => c,
        Err(e) => return (Collection::new(), vec![unread_diagnostic(&e)]),
    };
    if nodes == 0 {
        let what = match what_is_there(src) {
            Nothing => "no game tree found: the input is empty (or only white space)".to_string(),
            Binary => {
                // The bytes skipped are no text: only this line is worth showing.
                diags.retain(|d| d.code != Code::L001);
                "no game tree found: binary data (NUL or control bytes), not SGF text".to_string()
            }
            Text => "no game tree found: no `(` or `;` followed by a node or a property".into(),
        };
        diags.push(raw_diag(Code::L013, src.len()..src.len(), what, false));
    }
    diags.sort_by_key(|d| d.span.start);
    fill_positions(src, &mut diags);
    (coll, diags)
}

/// What an input without a game tree holds, for the message saying so.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Content {
    Nothing,
    Binary,
    Text,
}
use Content::{Binary, Nothing, Text};

/// Nothing (white space, a byte order mark), binary data (a NUL byte, or
/// more than one control byte in eight among the first 4 KiB), or text.
fn what_is_there(src: &[u8]) -> Content {
    let src = src.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(src);
    if src.iter().all(|&b| is_ws(b)) {
        return Nothing;
    }
    let head = &src[..src.len().min(4096)];
    let control = head
        .iter()
        .filter(|&&b| b < 0x20 && !is_ws(b) || b == 0x7F)
        .count();
    if memchr::memchr(0, head).is_some() || control * 8 > head.len() {
        Binary
    } else {
        Text
    }
}

/// The diagnostic (L017) for input of which nothing is read, saying why
/// and where: `e` is a limit of [`ParseOptions`] crossed or the input too
/// large to index (the lenient reader), or any error of the strict reader
/// ([`crate::Document::unread`]).
pub(crate) fn unread_diagnostic(e: &crate::error::ParseError) -> Diagnostic {
    let span = e.span();
    let mut d = raw_diag(
        Code::L017,
        span,
        format!("{} (nothing read)", e.kind()),
        true,
    );
    d.position = e.position();
    d
}

/// A diagnostic whose position is filled in later.
fn raw_diag(code: Code, span: Range<usize>, message: String, data_lost: bool) -> Diagnostic {
    Diagnostic::from_code(code, span, message, data_lost)
}

/// A short, printable excerpt of `bytes` for a message.
pub(crate) fn excerpt(bytes: &[u8]) -> String {
    const MAX: usize = 24;
    let text = String::from_utf8_lossy(&bytes[..bytes.len().min(MAX)]);
    let mut s: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    if bytes.len() > MAX {
        s.push('…');
    }
    s
}

/// One open game tree.
#[derive(Debug, Clone, Copy, Default)]
struct Open {
    /// A node was read in it.
    has_node: bool,
    /// A variation inside it was closed.
    has_child: bool,
    /// Opened by the reader (`(` assumed), not by a `(` in the input.
    implicit: bool,
}

struct Reader<'a> {
    src: &'a [u8],
    i: usize,
    b: Builder,
    diags: Vec<Diagnostic>,
    stack: Vec<Open>,
    in_node: bool,
    /// `(` ignored beyond the depth limit and not yet closed.
    suppressed: usize,
    /// Whether the input leaves a game tree open at its end (see
    /// [`scan::leaves_a_tree_open`]), found when first needed.
    left_open: Option<bool>,
    max_depth: usize,
    nodes: usize,
    /// Diagnostics emitted per code (`code as usize`).
    counts: [usize; Code::COUNT],
    /// Where the last diagnostic not kept of each code starts.
    last_dropped: [usize; Code::COUNT],
    /// The value bodies of the property being read, a buffer reused by
    /// [`Reader::skip_values`].
    bodies: Vec<Range<usize>>,
}

impl<'a> Reader<'a> {
    fn diag(&mut self, code: Code, span: Range<usize>, message: String, data_lost: bool) {
        let k = code as usize;
        self.counts[k] += 1;
        if self.counts[k] > MAX_PER_CODE {
            self.last_dropped[k] = span.start;
            return;
        }
        self.diags.push(raw_diag(code, span, message, data_lost));
    }

    /// One diagnostic per code for those not kept beyond [`MAX_PER_CODE`].
    fn summarize_dropped(&mut self) {
        for (k, row) in all_codes().enumerate() {
            let n = self.counts[k];
            if n > MAX_PER_CODE {
                let at = self.last_dropped[k];
                let more = n - MAX_PER_CODE;
                let code = row.code;
                let lost = self.diags.iter().any(|d| d.code == code && d.data_lost);
                self.diags.push(raw_diag(
                    code,
                    at..at,
                    format!("{more} more like the above not listed (the last one starts here)"),
                    lost,
                ));
            }
        }
    }

    #[inline]
    fn ws_from(&self, k: usize) -> usize {
        scan::ws_from(self.src, k)
    }

    #[inline]
    fn letters_from(&self, mut k: usize) -> usize {
        while k < self.src.len() && self.src[k].is_ascii_alphabetic() {
            k += 1;
        }
        k
    }

    /// True if a property starts at `k` (see [`scan::property_at`]).
    #[inline]
    fn property_at(&self, k: usize) -> bool {
        scan::property_at(self.src, k)
    }

    fn run(&mut self) {
        if self.src.starts_with(b"\xEF\xBB\xBF") {
            self.diag(Code::L015, 0..3, BOM_MESSAGE.into(), false);
            self.i = 3;
        }
        let mut trees_seen = false;
        while self.i < self.src.len() {
            if self.stack.is_empty() {
                let Some(start) = scan::next_tree_start(self.src, self.i) else {
                    let junk = self.i..self.src.len();
                    self.junk(junk, trees_seen, true);
                    break;
                };
                self.junk(self.i..start, trees_seen, false);
                trees_seen = true;
                self.i = start;
                if self.src[start] == b'(' {
                    self.paren();
                } else {
                    self.diag(
                        Code::L003,
                        start..start + 1,
                        "node outside any game tree: `(` assumed before it".into(),
                        false,
                    );
                    self.open_tree(true);
                    self.start_node(start);
                    self.i = start + 1;
                }
            } else {
                self.inside();
            }
        }
        let missing = self.stack.iter().filter(|o| !o.implicit).count();
        if missing > 0 {
            let end = self.src.len();
            self.diag(
                Code::L005,
                end..end,
                format!("input ends with {missing} game tree(s) still open: `)` assumed"),
                false,
            );
        }
        while !self.stack.is_empty() {
            self.close_tree(self.src.len());
        }
    }

    /// Reports skipped bytes outside the game trees (whitespace is free).
    fn junk(&mut self, range: Range<usize>, trees_seen: bool, last: bool) {
        let start = self.ws_from(range.start).min(range.end);
        let mut end = range.end;
        while end > start && is_ws(self.src[end - 1]) {
            end -= 1;
        }
        if start >= end {
            return;
        }
        let place = match (trees_seen, last) {
            (false, _) => "before the first game tree",
            (true, false) => "between game trees",
            (true, true) => "after the last game tree",
        };
        // A point-like value (`[aa]`) in front of the first tree may be a
        // game record whose start was damaged: point at it.
        let sgf_at = (!trees_seen)
            .then(|| {
                self.src[start..end].windows(4).position(|w| {
                    w[0] == b'['
                        && w[1].is_ascii_lowercase()
                        && w[2].is_ascii_lowercase()
                        && w[3] == b']'
                })
            })
            .flatten();
        match sgf_at {
            Some(k) => self.diag(
                Code::L018,
                start + k..end,
                format!(
                    "{} byte(s) {place} skipped, some look like SGF data: `{}`",
                    end - start,
                    excerpt(&self.src[start + k..end])
                ),
                false,
            ),
            None => self.diag(
                Code::L001,
                start..end,
                skipped_message(place, &self.src[start..end]),
                false,
            ),
        }
    }

    fn close_node(&mut self) {
        if self.in_node {
            self.in_node = false;
            self.b.end_node();
        }
    }

    fn open_tree(&mut self, implicit: bool) {
        if self.stack.len() >= self.max_depth {
            if implicit {
                return;
            }
            self.suppressed += 1;
            if self.suppressed == 1 {
                let at = self.i;
                self.diag(
                    Code::L016,
                    at..at + 1,
                    format!(
                        "variation nested deeper than {} levels: read as part of its parent",
                        self.max_depth
                    ),
                    false,
                );
            }
            // The variation's nodes continue the enclosing sequence.
            return;
        }
        self.close_node();
        self.b.start_tree(self.i);
        self.stack.push(Open {
            implicit,
            ..Open::default()
        });
    }

    fn close_tree(&mut self, at: usize) {
        self.close_node();
        self.b.end_tree(at);
        self.stack.pop();
        if let Some(top) = self.stack.last_mut() {
            top.has_child = true;
        }
    }

    fn start_node(&mut self, at: usize) {
        self.close_node();
        self.b.start_node(at);
        self.in_node = true;
        self.nodes += 1;
        if let Some(top) = self.stack.last_mut() {
            top.has_node = true;
        }
    }

    /// At a `(`.
    fn paren(&mut self) {
        let at = self.i;
        let next = self.ws_from(at + 1);
        match self.src.get(next) {
            Some(b')') => {
                self.diag(
                    Code::L004,
                    at..next + 1,
                    "empty variation `()` ignored".into(),
                    false,
                );
                self.i = next + 1;
            }
            Some(b'(') => {
                self.diag(
                    Code::L014,
                    at..at + 1,
                    "`(` directly followed by another `(`: the first one ignored".into(),
                    false,
                );
                self.i = at + 1;
            }
            _ => {
                self.open_tree(false);
                self.i = at + 1;
            }
        }
    }

    /// At a `(` inside a game tree that starts a game of its own: `;` and a
    /// node with `GM` or `FF` follow it ([`scan::opens_lost_game`], the rule
    /// by which the stream and the charset detection frame the trees). The
    /// trees still open lost their `)`: it is assumed before the `(`, which
    /// then starts the next game tree.
    fn lost_game(&mut self, at: usize) {
        let missing = self.stack.iter().filter(|o| !o.implicit).count();
        if missing > 0 {
            self.diag(
                Code::L005,
                at..at,
                format!(
                    "{missing} game tree(s) still open where the next game starts \
                     (`(;` and a node with GM or FF): `)` assumed before it"
                ),
                false,
            );
        }
        while !self.stack.is_empty() {
            self.close_tree(at);
        }
        self.suppressed = 0;
    }

    /// Whether the input leaves a game tree open at its end: only then did
    /// a tree lose its `)`, and a `(` that starts a game inside a tree
    /// ([`Reader::lost_game`]) ends the tree before it. In input whose
    /// parentheses balance, such a `(` opens a variation, as the grammar
    /// reads it.
    fn left_open(&mut self) -> bool {
        *self
            .left_open
            .get_or_insert_with(|| scan::leaves_a_tree_open(self.src))
    }

    /// One step inside a game tree.
    fn inside(&mut self) {
        let src = self.src;
        let at = self.i;
        match src[at] {
            b if is_ws(b) => self.i = self.ws_from(at),
            b'(' if scan::opens_lost_game(src, at) && self.left_open() => self.lost_game(at),
            b'(' => self.paren(),
            b')' => {
                self.i = at + 1;
                if self.suppressed > 0 {
                    self.suppressed -= 1;
                } else {
                    self.close_tree(at);
                }
            }
            b';' => {
                if self.stack.last().is_some_and(|o| o.has_child) {
                    self.diag(
                        Code::L003,
                        at..at + 1,
                        "node after a variation: `(` assumed before it".into(),
                        false,
                    );
                    self.open_tree(true);
                }
                self.nodes_from(at);
            }
            b'[' => {
                let (_, end, _) = self.skip_values(at, None);
                let text = excerpt(&src[at..end]);
                self.diag(
                    Code::L007,
                    at..end,
                    format!("values without a property identifier deleted: `{text}`"),
                    true,
                );
                self.i = end;
            }
            b if b.is_ascii_alphabetic() => {
                if !self.plain_property() {
                    self.property();
                }
            }
            _ => {
                let mut end = at + 1;
                while end < src.len() && !Self::meaningful(src[end]) {
                    end += 1;
                }
                let text = excerpt(&src[at..end]);
                self.diag(
                    Code::L011,
                    at..end,
                    format!("stray bytes `{text}` inside a game tree (skipped)"),
                    true,
                );
                self.i = end;
            }
        }
    }

    fn meaningful(b: u8) -> bool {
        is_ws(b) || b.is_ascii_alphabetic() || matches!(b, b'(' | b')' | b';' | b'[')
    }

    /// Makes sure properties have a node to go to.
    fn ensure_node(&mut self, at: usize) {
        if self.in_node {
            return;
        }
        let top = self.stack.last().copied().unwrap_or_default();
        if top.has_child {
            self.diag(
                Code::L003,
                at..at + 1,
                "properties after a variation: `(;` assumed before them".into(),
                false,
            );
            self.open_tree(true);
        } else if self.stack.len() <= 1 {
            self.diag(
                Code::L019,
                at..at + 1,
                "`;` missing before the first property of a game tree: assumed".into(),
                false,
            );
        } else {
            self.diag(
                Code::L002,
                at..at + 1,
                "`;` missing before the first property of a variation: assumed".into(),
                false,
            );
        }
        self.start_node(at);
    }

    /// At a letter: an identifier and its values.
    fn property(&mut self) {
        let src = self.src;
        let start = self.i;
        let id_end = self.letters_from(start);
        let ident = &src[start..id_end];
        let first = self.ws_from(id_end);
        if src.get(first) != Some(&b'[') {
            self.diag(
                Code::L006,
                start..id_end,
                format!("property `{}` has no value (ignored)", excerpt(ident)),
                true,
            );
            self.i = id_end;
            return;
        }
        if !ident.iter().any(u8::is_ascii_uppercase) {
            let (_, end, _) = self.skip_values(first, None);
            self.diag(
                Code::L012,
                start..end,
                format!(
                    "identifier `{}` has no capital letter (property deleted)",
                    excerpt(ident)
                ),
                true,
            );
            self.i = end;
            return;
        }
        self.ensure_node(start);
        if ident.iter().any(u8::is_ascii_lowercase) {
            let read = normalize_ident(ident);
            self.diag(
                Code::L010,
                start..id_end,
                lowercase_ident_message(ident, &read),
                false,
            );
        }
        let (end, consumed, repaired) = self.skip_values(first, Some(ident));
        self.i = consumed;
        match repaired {
            None => self
                .b
                .property(RawProperty::new(ident, &src[first..end]), start..end),
            Some(values) => {
                self.b
                    .property_repaired(normalize_ident(ident).as_bytes(), &values, start..end)
            }
        }
    }

    /// Reads the `[..]` values from `open` (a `[`), reporting repairs.
    ///
    /// Returns where the values text ends (after the last `]`, or where a
    /// truncated value stops), where reading goes on, and, when a value had
    /// to be rewritten (an unescaped `]` kept inside it), the rewritten
    /// values text.
    ///
    /// `ident` is the property's identifier, or `None` for values that are
    /// deleted anyway (no unescaped-`]` heuristic for them).
    fn skip_values(
        &mut self,
        open: usize,
        ident: Option<&[u8]>,
    ) -> (usize, usize, Option<Vec<u8>>) {
        let src = self.src;
        let mut bodies = std::mem::take(&mut self.bodies);
        bodies.clear();
        let mut needs_repair = false;
        let mut k = open;
        let mut consumed = src.len();
        let end = loop {
            let body = k + 1;
            match self.value_close(body, ident) {
                Some((close, swallowed)) => {
                    if swallowed {
                        needs_repair = true;
                        self.diag(
                            Code::L008,
                            body..close,
                            "unescaped `]` inside a text value kept as part of the text".into(),
                            false,
                        );
                    }
                    bodies.push(body..close);
                    let next = self.ws_from(close + 1);
                    if src.get(next) == Some(&b'[') {
                        k = next;
                    } else {
                        consumed = close + 1;
                        break close + 1;
                    }
                }
                None => {
                    // Truncated: the value runs to the end of the input,
                    // without a dangling escape.
                    let mut stop = src.len();
                    if ends_in_escape(&src[body..]) {
                        stop -= 1;
                    }
                    self.diag(
                        Code::L009,
                        k..src.len(),
                        "value not closed by `]` before the end of the input (closed there)".into(),
                        true,
                    );
                    bodies.push(body..stop);
                    break stop;
                }
            }
        };
        let out = needs_repair.then(|| {
            let mut out = Vec::with_capacity(end - open + 8);
            for b in &bodies {
                out.push(b'[');
                escape_into(&mut out, &src[b.clone()]);
                out.push(b']');
            }
            out
        });
        self.bodies = bodies;
        (end, consumed, out)
    }

    /// The `]` that closes the value whose body starts at `body`, and whether
    /// unescaped `]` were kept inside it. `None` when no `]` closes it.
    fn value_close(&self, body: usize, ident: Option<&[u8]>) -> Option<(usize, bool)> {
        let src = self.src;
        let first = body + value_end(&src[body..])?;
        // Whether the property holds text is looked up only when needed.
        if self.closes_value(first + 1) || !ident.is_some_and(|i| is_text(&normalize_ident(i))) {
            return Some((first, false));
        }
        let mut k = first;
        for _ in 0..MAX_SWALLOWED {
            let Some(off) = value_end(&src[k + 1..]) else {
                break;
            };
            k = k + 1 + off;
            if self.closes_value(k + 1) {
                return Some((k, true));
            }
        }
        Some((first, false))
    }

    /// True if what follows a `]` at `k - 1` shows it ends the value: after
    /// whitespace, the end, `[`, `;`, `(`, `)` or a property.
    fn closes_value(&self, k: usize) -> bool {
        let next = self.ws_from(k);
        match self.src.get(next) {
            None | Some(b'[' | b';' | b'(' | b')') => true,
            Some(_) => self.property_at(next),
        }
    }
}

/// True for properties whose values are text, or unknown (which may be).
fn is_text(ident: &str) -> bool {
    fn texty(t: &ValueType) -> bool {
        match t {
            ValueType::Text | ValueType::SimpleText | ValueType::Unknown => true,
            ValueType::Compose(a, b) | ValueType::Either(a, b) => texty(a) || texty(b),
            ValueType::List(a) | ValueType::EList(a) => texty(a),
            _ => false,
        }
    }
    let mut infos = lookup_any(ident).peekable();
    infos.peek().is_none() || infos.any(|p| texty(&p.value_type))
}

/// True if `bytes` ends inside an escape (an odd `\` at the end).
fn ends_in_escape(bytes: &[u8]) -> bool {
    let mut k = 0;
    while k < bytes.len() {
        k += if bytes[k] == b'\\' { 2 } else { 1 };
    }
    k > bytes.len()
}

/// Copies a raw value body, escaping every unescaped `]`.
fn escape_into(out: &mut Vec<u8>, body: &[u8]) {
    let mut k = 0;
    while k < body.len() {
        match body[k] {
            b'\\' => {
                out.extend_from_slice(&body[k..(k + 2).min(body.len())]);
                k += 2;
            }
            b']' => {
                out.extend_from_slice(b"\\]");
                k += 1;
            }
            b => {
                out.push(b);
                k += 1;
            }
        }
    }
}

#[cfg(test)]
mod tests;
