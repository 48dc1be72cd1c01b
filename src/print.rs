//! The printer: canonical FF\[4\] text for a [`Collection`].
//!
//! # The canonical layout
//!
//! * Each game tree starts on a new line; the text ends with a newline.
//! * The root node stands alone on the first line of its game tree.
//! * The nodes of a sequence follow each other (`;B[pd];W[dp]`); a line is
//!   broken before a node that would pass the line width (80 by default),
//!   never inside a node.
//! * Each variation `(` starts on a new line.
//! * Properties are written in their order, each value in brackets with no
//!   whitespace between them: `AB[aa][bb]`.
//! * Values are written exactly as stored (their raw bytes, escapes intact):
//!   the printer never reinterprets a value, so unknown properties and values
//!   in any encoding survive byte for byte. Values read by the parser are
//!   already escaped; values written through the editing API are checked to
//!   be (`]` and `\` escaped).
//!
//! Printing walks the tree without recursion.
//!
//! ```
//! let t = sgfkit::parse(b" (;FF[4] AB [aa] [bb] ;B[cc] ( ;W[dd] ) ( ;W[ee] ) )")?;
//! assert_eq!(t.to_string(), "(;FF[4]AB[aa][bb]\n;B[cc]\n(;W[dd])\n(;W[ee]))\n");
//! # Ok::<(), sgfkit::Error>(())
//! ```

use crate::grammar::RawValues;
use crate::tree::{Collection, Node, Step};
use std::fmt;
use std::io;

/// How the printer lays out its text.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct WriterConfig {
    /// Break lines before a node that would pass this many bytes; 0 never
    /// breaks. Default 80.
    pub line_width: usize,
    /// Declare the text UTF-8: each game tree's root is written with
    /// `CA[UTF-8]` as its first property, in place of any `CA` it has.
    /// Default false: the printer writes values as they are stored, and
    /// only the caller knows whether they are UTF-8 (a tree from
    /// [`crate::read`] is; one from [`crate::parse`] holds the file's bytes).
    pub declare_utf8: bool,
}

impl Default for WriterConfig {
    fn default() -> Self {
        WriterConfig {
            line_width: 80,
            declare_utf8: false,
        }
    }
}

impl WriterConfig {
    /// Sets [`WriterConfig::line_width`].
    pub fn line_width(mut self, width: usize) -> Self {
        self.line_width = width;
        self
    }

    /// Sets [`WriterConfig::declare_utf8`]: what every writer of UTF-8 text
    /// does (`sgfkit fmt` and `fix` unless `--keep-encoding`, Python's
    /// `to_sgf` and `write_file`), so that readers that follow FF\[4\] (no
    /// `CA` means ISO-8859-1) and readers that sniff the start of a file
    /// decode it right.
    ///
    /// ```
    /// use sgfkit::print::{WriterConfig, push_sgf};
    /// // Read from GB2312 (and marked `CA[UTF-8]` at the end of the root),
    /// // then a UTF-8 tree without any `CA`.
    /// let doc = sgfkit::read(b"(;FF[4]CA[gb2312]PB[\xc0\xee])", &Default::default())?;
    /// let mut out = Vec::new();
    /// let utf8 = WriterConfig::default().declare_utf8(true);
    /// push_sgf(&mut out, doc.collection(), &utf8);
    /// push_sgf(&mut out, &sgfkit::parse("(;PB[李];B[aa])".as_bytes())?, &utf8);
    /// assert_eq!(String::from_utf8(out).unwrap(), "(;CA[UTF-8]FF[4]PB[李])\n(;CA[UTF-8]PB[李]\n;B[aa])\n");
    /// # Ok::<(), sgfkit::Error>(())
    /// ```
    pub fn declare_utf8(mut self, declare: bool) -> Self {
        self.declare_utf8 = declare;
        self
    }
}

/// Writes collections as canonical SGF into any byte sink.
///
/// ```
/// use sgfkit::print::{Writer, WriterConfig};
/// let t = sgfkit::parse(b"(;B[aa];W[bb];B[cc])")?;
/// let mut out = Vec::new();
/// Writer::new(&mut out, WriterConfig::default().line_width(10)).write(&t).unwrap();
/// assert_eq!(out, b"(;B[aa]\n;W[bb]\n;B[cc])\n");
/// # Ok::<(), sgfkit::Error>(())
/// ```
#[derive(Debug)]
pub struct Writer<W> {
    inner: W,
    config: WriterConfig,
}

impl<W: io::Write> Writer<W> {
    /// A writer into `inner` with `config`.
    pub fn new(inner: W, config: WriterConfig) -> Self {
        Writer { inner, config }
    }

    /// Writes `collection`, as it is printed: through one buffer, handed
    /// to the writer after the node that takes it past 64 KiB, so that
    /// memory holds a node's text and a little more, not a game tree's
    /// (one tree can be a whole dictionary of variations).
    ///
    /// # Errors
    /// Whatever the underlying writer returns.
    pub fn write(&mut self, collection: &Collection<'_>) -> io::Result<()> {
        const FLUSH_AT: usize = 64 << 10;
        // Room for the text up to the flush and the node that passes it,
        // mostly: no doubling of the buffer as it fills.
        let mut buf = Vec::with_capacity(FLUSH_AT + FLUSH_AT / 4);
        let mut p = Printer::new(&mut buf, &self.config);
        for root in collection.games() {
            p.game_to(root, &mut self.inner, FLUSH_AT)?;
        }
        p.hand_over(&mut self.inner)
    }

    /// Gives the inner writer back.
    pub fn into_inner(self) -> W {
        self.inner
    }
}

/// Appends the canonical text of `collection` to `out`.
pub fn push_sgf(out: &mut Vec<u8>, collection: &Collection<'_>, config: &WriterConfig) {
    // The canonical text is about as long as the source.
    out.reserve(collection.source().len() + 64);
    let mut p = Printer::new(out, config);
    for root in collection.games() {
        p.game(root);
    }
}

/// Appends the canonical text of one game tree to `out`: the tree that
/// `node` is in, from its root, as [`push_sgf`] writes it among the others.
///
/// ```
/// use sgfkit::print::{WriterConfig, push_game};
/// let c = sgfkit::parse(b"(;GM[1];B[aa])(;GM[1];W[bb])")?;
/// let second = c.games().nth(1).unwrap();
/// let mut out = Vec::new();
/// push_game(&mut out, second.first_child().unwrap(), &WriterConfig::default());
/// assert_eq!(out, b"(;GM[1]\n;W[bb])\n");
/// # Ok::<(), sgfkit::Error>(())
/// ```
pub fn push_game(out: &mut Vec<u8>, node: Node<'_, '_>, config: &WriterConfig) {
    Printer::new(out, config).game(node.game_root());
}

/// The canonical text of `collection` as bytes (values in whatever encoding
/// they were read).
pub fn to_bytes(collection: &Collection<'_>) -> Vec<u8> {
    let mut out = Vec::with_capacity(collection.source().len() + 64);
    push_sgf(&mut out, collection, &WriterConfig::default());
    out
}

/// Displays the canonical text. Values that are not UTF-8 are shown with
/// U+FFFD replacement characters; use [`to_bytes`] to keep them as they are.
impl fmt::Display for Collection<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&String::from_utf8_lossy(&to_bytes(self)))
    }
}

struct Printer<'o> {
    out: &'o mut Vec<u8>,
    /// Bytes handed over from `out` to a writer ([`Printer::hand_over`]):
    /// positions below count from the printer's first byte, `out[0]` is at
    /// `handed`.
    handed: usize,
    /// Where the current line starts.
    line_start: usize,
    width: usize,
    /// [`WriterConfig::declare_utf8`].
    declare_utf8: bool,
}

impl<'o> Printer<'o> {
    fn new(out: &'o mut Vec<u8>, config: &WriterConfig) -> Self {
        // Appending: the line so far is what follows the last line break.
        let line_start = memchr::memrchr(b'\n', out).map_or(0, |k| k + 1);
        Printer {
            out,
            handed: 0,
            line_start,
            width: config.line_width,
            declare_utf8: config.declare_utf8,
        }
    }

    /// The position of the next byte written.
    fn at(&self) -> usize {
        self.handed + self.out.len()
    }

    fn newline(&mut self) {
        self.out.push(b'\n');
        self.line_start = self.at();
    }

    fn open(&mut self) {
        if self.at() > self.line_start {
            self.newline();
        }
        self.out.push(b'(');
    }

    /// Writes the text so far to `w` and empties the buffer.
    fn hand_over(&mut self, w: &mut dyn io::Write) -> io::Result<()> {
        w.write_all(self.out)?;
        self.handed += self.out.len();
        self.out.clear();
        Ok(())
    }

    fn game(&mut self, root: Node<'_, '_>) {
        // Never handed over: the text stays in `out`.
        let _ = self.game_to(root, &mut io::sink(), usize::MAX);
    }

    /// Writes the game tree of `root`, handing the text over to `w` after
    /// each node that takes the buffer to `flush_at` bytes or more.
    fn game_to(
        &mut self,
        root: Node<'_, '_>,
        w: &mut dyn io::Write,
        flush_at: usize,
    ) -> io::Result<()> {
        let c = root.collection();
        let mut failed = None;
        self.open();
        c.shape(root.id(), |step| {
            if failed.is_some() {
                return;
            }
            match step {
                Step::Node(id) => {
                    self.tree_node(root, c.node(id));
                    // After a node, so that the line break the next one may
                    // put before itself is in the buffer.
                    if self.out.len() >= flush_at {
                        failed = self.hand_over(w).err();
                    }
                }
                Step::Open => self.open(),
                Step::Close => self.out.push(b')'),
            }
        });
        if let Some(e) = failed {
            return Err(e);
        }
        self.out.push(b')');
        self.newline();
        Ok(())
    }

    /// Writes `node` of the game tree of `root`, and a line break after a
    /// root with properties and children.
    fn tree_node(&mut self, root: Node<'_, '_>, node: Node<'_, '_>) {
        self.node(node, node == root && self.declare_utf8);
        let has_props = node.properties().len() > 0 || self.declare_utf8;
        if node == root && has_props && node.first_child().is_some() {
            self.newline();
        }
    }

    /// Writes `node`; with `utf8` (a root, [`WriterConfig::declare_utf8`])
    /// `CA[UTF-8]` first and no other `CA`.
    fn node(&mut self, node: Node<'_, '_>, utf8: bool) {
        // Write the node, then break the line before it if it passed the
        // width: its length is what was written, so the values are read
        // once.
        let start = self.out.len();
        // What is handed over never ends with `(`: it ends after a node.
        let breakable = self.width > 0 && self.at() > self.line_start && !self.out.ends_with(b"(");
        let column = self.at() - self.line_start;
        // One past the last line break inside a value of this node.
        let mut value_break = None;
        self.out.push(b';');
        if utf8 {
            self.out.extend_from_slice(b"CA[UTF-8]");
        }
        for (ident, values_raw) in node.raw_properties() {
            if utf8 && ident == b"CA" {
                continue;
            }
            match *ident_text(ident) {
                // No call to copy one or two bytes.
                [a] => self.out.push(a),
                [a, b] => self.out.extend_from_slice(&[a, b]),
                ref long => self.out.extend_from_slice(long),
            }
            // One value of two bytes (a move, a point: most properties),
            // with a store of known size rather than a call to memcpy.
            if let [b'[', x, y, b']'] = *values_raw
                && !special(x)
                && !special(y)
            {
                self.out.extend_from_slice(&[b'[', x, y, b']']);
                continue;
            }
            // Values written `[..][..]` with nothing between them (nearly
            // all) are copied as they are; the others value by value.
            if let Some(newline) = tight(values_raw) {
                if let Some(k) = newline {
                    value_break = Some(self.at() + k + 1);
                }
                self.out.extend_from_slice(values_raw);
                continue;
            }
            for v in RawValues::new(values_raw) {
                self.out.push(b'[');
                self.out.extend_from_slice(v);
                self.out.push(b']');
                if let Some(k) = v.iter().rposition(|&b| b == b'\n') {
                    value_break = Some(self.at() - (v.len() - k));
                }
            }
        }
        let len = self.out.len() - start;
        if breakable && column + len > self.width {
            self.out.insert(start, b'\n');
            self.line_start = value_break.map_or(self.handed + start + 1, |b| b + 1);
        } else if let Some(b) = value_break {
            self.line_start = b;
        }
    }
}

/// The identifier as [`crate::Property::ident`] gives it: one or two
/// capital letters as they are, other bytes only if they are UTF-8 (else
/// nothing).
#[inline]
fn ident_text(ident: &[u8]) -> &[u8] {
    match *ident {
        [a] if a.is_ascii_uppercase() => ident,
        [a, b] if a.is_ascii_uppercase() && b.is_ascii_uppercase() => ident,
        _ => std::str::from_utf8(ident).map_or(&[], str::as_bytes),
    }
}

/// `Some` if the values text `raw` is `[v1][v2]...`: at least one value,
/// each closed by an unescaped `]`, nothing before, between or after them,
/// so that writing the values one by one in brackets gives `raw` again.
/// Inside is where the last line break of `raw` is, if any. (One loop: a
/// call to `value_end` and `memrchr` per property costs more on values of
/// a few bytes, which nearly all are.)
#[inline]
fn tight(raw: &[u8]) -> Option<Option<usize>> {
    if raw.is_empty() {
        return None;
    }
    let mut newline = None;
    let mut i = 0;
    while i < raw.len() {
        if raw[i] != b'[' {
            return None;
        }
        i += 1;
        loop {
            // The next `]`, `\` or line break: searched byte by byte in
            // the next 16 bytes, then (long values: comments) with memchr.
            const SHORT: usize = 16;
            let rest = raw.get(i..)?;
            i += match rest[..rest.len().min(SHORT)]
                .iter()
                .position(|&b| special(b))
            {
                Some(k) => k,
                None => SHORT + memchr::memchr3(b']', b'\\', b'\n', rest.get(SHORT..)?)?,
            };
            match raw[i] {
                b']' => break,
                b'\\' => {
                    if raw.get(i + 1) == Some(&b'\n') {
                        newline = Some(i + 1);
                    }
                    i += 2;
                }
                _ => {
                    newline = Some(i);
                    i += 1;
                }
            }
        }
        i += 1;
    }
    Some(newline)
}

/// A byte that ends a value (`]`), escapes (a backslash) or breaks a line.
#[inline]
fn special(b: u8) -> bool {
    matches!(b, b']' | b'\\' | b'\n')
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Each value written in brackets, as the printer's slow path does.
    fn one_by_one(raw: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        for v in RawValues::new(raw) {
            out.push(b'[');
            out.extend_from_slice(v);
            out.push(b']');
        }
        out
    }

    #[test]
    fn tight_values_are_copied_as_writing_them_one_by_one_would() {
        let long = b"[a comment longer than sixteen bytes, \\] with an escape\\\\]";
        let cases: [&[u8]; 10] = [
            b"[pd]",
            b"[]",
            b"[aa][bb][cc]",
            b"[a\\]b]",
            b"[\\\\]",
            b"[line\nbreak][x]",
            b"[escaped\\\nbreak]",
            b"[a very long comment, past sixteen bytes\nwith two\nlines]",
            long,
            b"[0123456789abcdef]",
        ];
        for raw in cases {
            let newline = tight(raw);
            assert_eq!(one_by_one(raw), raw, "{}", String::from_utf8_lossy(raw));
            assert_eq!(newline, Some(raw.iter().rposition(|&b| b == b'\n')));
        }
    }

    #[test]
    fn values_with_anything_between_or_around_them_are_not_tight() {
        let cases: [&[u8]; 8] = [
            b"",
            b"[aa] [bb]",
            b"[aa]\n[bb]",
            b"[unclosed",
            b"[ends with an escaped bracket\\]",
            b"[\\",
            b"x[aa]",
            b"[aa]x",
        ];
        for raw in cases {
            assert_eq!(tight(raw), None, "{}", String::from_utf8_lossy(raw));
        }
    }

    #[test]
    fn declaring_utf8_puts_one_ca_first_in_every_root_only() {
        let t = crate::parse(b"(;)(;CA[GB2312]B[aa]CA[x];CA[ISO-8859-1])(;C[a];W[bb])").unwrap();
        let mut out = Vec::new();
        push_sgf(&mut out, &t, &WriterConfig::default().declare_utf8(true));
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "(;CA[UTF-8])\n(;CA[UTF-8]B[aa]\n;CA[ISO-8859-1])\n(;CA[UTF-8]C[a]\n;W[bb])\n"
        );
        // Off by default: the values and properties as stored.
        assert_eq!(
            t.to_string(),
            "(;)\n(;CA[GB2312]B[aa]CA[x]\n;CA[ISO-8859-1])\n(;C[a]\n;W[bb])\n"
        );
        // One game tree, from any of its nodes.
        let second = t.games().nth(1).unwrap().first_child().unwrap();
        let mut one = Vec::new();
        push_game(
            &mut one,
            second,
            &WriterConfig::default().declare_utf8(true),
        );
        assert_eq!(one, b"(;CA[UTF-8]B[aa]\n;CA[ISO-8859-1])\n");
    }

    /// A value: points, text with line breaks, long comments, escapes.
    fn value() -> impl Strategy<Value = String> {
        prop_oneof![
            6 => "[a-s]{2}",
            2 => "[a-z \n]{0,12}",
            1 => "[a-z ]{40,120}",
            1 => Just("a\\]b\\\\".to_string()),
        ]
    }

    /// A collection: game trees of nodes with a few properties each, and
    /// variations, with white space the printer does not keep.
    fn collection() -> impl Strategy<Value = String> {
        let prop = ("[A-Z]{1,2}", prop::collection::vec(value(), 1..3), "[ \n]?")
            .prop_map(|(id, vs, ws)| format!("{id}{ws}[{}]", vs.join("][")));
        let node = prop::collection::vec(prop, 0..3)
            .prop_map(|ps| format!(";{}", ps.concat()))
            .boxed();
        let leaf =
            prop::collection::vec(node.clone(), 1..6).prop_map(|ns| format!("({})", ns.concat()));
        let tree = leaf.prop_recursive(4, 40, 4, move |inner| {
            (
                prop::collection::vec(node.clone(), 1..4),
                prop::collection::vec(inner, 0..4),
            )
                .prop_map(|(ns, ts)| format!("({}{})", ns.concat(), ts.concat()))
        });
        prop::collection::vec(tree, 1..4).prop_map(|ts| ts.join("\n"))
    }

    proptest! {
        /// Text handed over to a writer as it is printed, after any node,
        /// is the text printed whole: the line breaks and widths carry
        /// over the hand-overs.
        #[test]
        fn text_handed_over_node_by_node_is_the_text_printed_whole(
            src in collection(),
            width in prop_oneof![Just(0usize), 1..100usize],
            utf8 in any::<bool>(),
            flush_at in 1..300usize,
        ) {
            let c = crate::parse(src.as_bytes()).unwrap();
            let config = WriterConfig::default().line_width(width).declare_utf8(utf8);
            let mut whole = Vec::new();
            push_sgf(&mut whole, &c, &config);
            let mut handed = Vec::new();
            let mut buf = Vec::new();
            let mut p = Printer::new(&mut buf, &config);
            for root in c.games() {
                p.game_to(root, &mut handed, flush_at).unwrap();
            }
            p.hand_over(&mut handed).unwrap();
            prop_assert_eq!(String::from_utf8_lossy(&handed), String::from_utf8_lossy(&whole));
            // And through the public writer, which hands over at 64 KiB.
            let mut written = Vec::new();
            Writer::new(&mut written, config).write(&c).unwrap();
            prop_assert_eq!(written, whole);
        }
    }

    #[test]
    fn a_line_break_in_a_value_starts_the_line_the_width_counts() {
        let comment = "x".repeat(70);
        let src = format!("(;GM[1];C[{comment}\nshort]B[aa];W[bb] ;B [cc]\n[dd])");
        let t = crate::parse(src.as_bytes()).unwrap();
        assert_eq!(
            t.to_string(),
            format!("(;GM[1]\n;C[{comment}\nshort]B[aa];W[bb];B[cc][dd])\n")
        );
        let mut out = Vec::new();
        push_sgf(&mut out, &t, &WriterConfig::default().line_width(12));
        assert_eq!(
            String::from_utf8(out).unwrap(),
            format!("(;GM[1]\n;C[{comment}\nshort]B[aa]\n;W[bb]\n;B[cc][dd])\n")
        );
    }
}
