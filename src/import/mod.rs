//! Game records of Go servers that do not write SGF, read into SGF: Tygem
//! GIB, WBaduk (Cyberoro) NGF and Pandanet UGF/UGI.
//!
//! [`import`] turns the bytes of such a record into the text of one FF\[4\]
//! game tree in UTF-8, with warnings for what it could not read; the crate's
//! [`read`](crate::read) calls it for any input [`sniff`](crate::format::sniff)
//! names as one of these formats, so every reader of the crate takes them
//! (the diagnostics' codes `I…`). The tree holds `GM`, `SZ`, the players and
//! their ranks, komi, handicap and its stones, the result, the date, time
//! settings and place where the record says, the moves (passes included),
//! and, from a UGI review, its variations and comments. `AP` names the
//! format read (`AP[Tygem GIB via sgfkit:0.1.0]`). Header fields without an SGF property are kept as private
//! properties (`XG[KEY=value]`), never dropped.
//!
//! None of the formats has a published specification; `docs/formats.md`
//! gives each rule this module follows and where it comes from.
//!
//! ```
//! use sgfkit::format::Format;
//! use sgfkit::import::import;
//!
//! let ngf = "Rated game\n19\nLee      9DP\nCho      9DP\nwww.cyberoro.com\n0\n0\n6\n\
//!            20170316 [09:37]\n5\nBlack wins by 0.5!\n2\nPMABBREER\nPMACWEEEE\n";
//! let imported = import(ngf.as_bytes(), Format::Ngf, &Default::default()).unwrap();
//! assert!(imported.warnings.is_empty());
//! let tree = sgfkit::parse(imported.sgf.as_bytes())?;
//! let root = tree.games().next().unwrap();
//! assert_eq!(root.get("PB").unwrap().value(), b"Cho");
//! assert_eq!(root.get("RE").unwrap().value(), b"B+0.5");
//! assert_eq!(root.first_child().unwrap().get("B").unwrap().value(), b"qd");
//! # Ok::<(), sgfkit::ParseError>(())
//! ```

mod gib;
mod ngf;
mod ugf;

use crate::encoding::{Charset, DecodeOptions, Reason, decode_value, detect, guess_text};
use crate::format::Format;
use crate::text::encode_into;
use std::fmt;

/// A record of another format read into SGF text.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct Imported {
    /// One game tree, canonical FF\[4\] in UTF-8 (`CA[UTF-8]`).
    pub sgf: String,
    /// The character set the record was decoded from.
    pub charset: &'static str,
    /// What could not be read, each with its place in the record.
    pub warnings: Vec<ImportWarning>,
}

/// Something in a record that [`import`] could not read as the format
/// means it; the rest of the record is still read.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct ImportWarning {
    /// What kind of problem.
    pub kind: ImportWarningKind,
    /// The 1-based line of the record.
    pub line: u32,
    /// The 1-based column, in characters.
    pub column: u32,
    /// What was found, and what was done.
    pub message: String,
}

/// The kinds of [`ImportWarning`], each with its diagnostic code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ImportWarningKind {
    /// A move or data line that cannot be read: skipped (code `I001`).
    BadLine,
    /// A header value that cannot be read or is out of range (an unknown
    /// result code, a board size of 0): the property is left out, the text
    /// kept as a private property (code `I002`).
    BadValue,
    /// A line the reader does not know what to do with, kept in the
    /// tree's comment (code `I003`).
    Unknown,
}

impl fmt::Display for ImportWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.message)
    }
}

/// Reads a record of `format` (GIB, NGF or UGF/UGI) into SGF text.
///
/// The text is decoded by the charset the record declares (GIB's
/// `GIBOKIND`, UGF's `Lang`), a charset forced in `options`, UTF-8 when the
/// bytes are valid UTF-8, and else the crate's guess
/// ([`detect`]).
///
/// # Errors
/// `format` itself, when it is not one of the three record formats.
pub fn import(bytes: &[u8], format: Format, options: &DecodeOptions) -> Result<Imported, Format> {
    let declared = match format {
        Format::Gib => gib::declared_charset(bytes),
        Format::Ngf => None,
        Format::Ugf => ugf::declared_charset(bytes),
        other => return Err(other),
    };
    let charset = charset_of(bytes, declared, options);
    let text = decode_value(bytes, charset);
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    let mut out = Reader::new(text);
    match format {
        Format::Gib => gib::read(&mut out),
        Format::Ngf => ngf::read(&mut out),
        _ => ugf::read(&mut out),
    }
    Ok(Imported {
        sgf: out.tree.to_sgf(),
        charset: charset.name(),
        warnings: out.warnings,
    })
}

/// The charset to decode a record with: forced, declared, UTF-8 when
/// valid, else the crate's guess.
fn charset_of(bytes: &[u8], declared: Option<Charset>, options: &DecodeOptions) -> Charset {
    let detection = detect(bytes, options);
    if matches!(
        detection.reason,
        Reason::Forced | Reason::Bom | Reason::WideAscii
    ) {
        return detection.charset;
    }
    let utf8 = std::str::from_utf8(bytes).is_ok();
    if let Some(c) = declared {
        // A record that says Global (UTF-8) but is not: the guess.
        if utf8 || c.name() != "UTF-8" {
            return c;
        }
    }
    if utf8 {
        return Charset::from(crate::encoding::encoding_rs::UTF_8);
    }
    Charset::from(guess_text(bytes))
}

/// The lines of a decoded record with their numbers, the tree being built
/// and the warnings.
pub(crate) struct Reader<'t> {
    lines: Vec<(u32, &'t str)>,
    pub(crate) tree: Tree,
    pub(crate) warnings: Vec<ImportWarning>,
}

impl<'t> Reader<'t> {
    fn new(text: &'t str) -> Reader<'t> {
        let lines = text
            .split('\n')
            .enumerate()
            .map(|(i, l)| {
                (
                    u32::try_from(i + 1).unwrap_or(u32::MAX),
                    l.trim_end_matches('\r'),
                )
            })
            .collect();
        Reader {
            lines,
            tree: Tree::new(),
            warnings: Vec::new(),
        }
    }

    /// The lines, numbered from 1.
    pub(crate) fn lines(&self) -> Vec<(u32, &'t str)> {
        self.lines.clone()
    }

    /// Reports a problem on `line`, at the first character of `at` (a
    /// slice of that line) or at the line's start.
    pub(crate) fn warn(
        &mut self,
        kind: ImportWarningKind,
        line: u32,
        at: Option<(&str, &str)>,
        message: String,
    ) {
        let column = at.map_or(1, |(line_text, part)| {
            let start = (part.as_ptr() as usize).saturating_sub(line_text.as_ptr() as usize);
            let start = start.min(line_text.len());
            u32::try_from(line_text[..start].chars().count() + 1).unwrap_or(u32::MAX)
        });
        self.warnings.push(ImportWarning {
            kind,
            line,
            column,
            message,
        });
    }
}

/// A game tree being built: nodes with their properties, in the order
/// they are added; node 0 is the root.
#[derive(Debug, Default)]
pub(crate) struct Tree {
    nodes: Vec<TreeNode>,
}

#[derive(Debug, Default)]
struct TreeNode {
    props: Vec<(String, Vec<String>)>,
    children: Vec<usize>,
}

impl Tree {
    fn new() -> Tree {
        Tree {
            nodes: vec![TreeNode::default()],
        }
    }

    /// Sets property `ident` of node `node` to `values` (replacing it).
    pub(crate) fn set(&mut self, node: usize, ident: &str, values: Vec<String>) {
        let props = &mut self.nodes[node].props;
        match props.iter_mut().find(|(i, _)| i == ident) {
            Some(p) => p.1 = values,
            None => props.push((ident.to_string(), values)),
        }
    }

    /// Sets a one-value property of the root, unless the value is empty.
    pub(crate) fn root(&mut self, ident: &str, value: &str) {
        let value = value.trim();
        if !value.is_empty() {
            self.set(0, ident, vec![value.to_string()]);
        }
    }

    /// Whether node `node` has property `ident`.
    pub(crate) fn has(&self, node: usize, ident: &str) -> bool {
        self.nodes[node].props.iter().any(|(i, _)| i == ident)
    }

    /// Adds a value to property `ident` of node `node`.
    pub(crate) fn push(&mut self, node: usize, ident: &str, value: String) {
        let props = &mut self.nodes[node].props;
        match props.iter_mut().find(|(i, _)| i == ident) {
            Some(p) => p.1.push(value),
            None => props.push((ident.to_string(), vec![value])),
        }
    }

    /// A new child of `parent` with one property; its number.
    pub(crate) fn child(&mut self, parent: usize, ident: &str, value: String) -> usize {
        let id = self.nodes.len();
        self.nodes.push(TreeNode {
            props: vec![(ident.to_string(), vec![value])],
            children: Vec::new(),
        });
        self.nodes[parent].children.push(id);
        id
    }

    /// A new child of `parent` without properties; its number.
    pub(crate) fn empty_child(&mut self, parent: usize) -> usize {
        let id = self.nodes.len();
        self.nodes.push(TreeNode::default());
        self.nodes[parent].children.push(id);
        id
    }

    /// Makes `child` the first child of `parent` (the main line).
    pub(crate) fn make_first(&mut self, parent: usize, child: usize) {
        let children = &mut self.nodes[parent].children;
        if let Some(i) = children.iter().position(|&c| c == child) {
            children[..=i].rotate_right(1);
        }
    }

    /// The tree as SGF text: `(;` root, each node's properties in the order
    /// set, each variation in parentheses. Written without recursion.
    fn to_sgf(&self) -> String {
        enum Step {
            Open,
            Node(usize),
            Close,
        }
        let mut out = Vec::new();
        out.push(b'(');
        let mut stack = vec![Step::Node(0)];
        while let Some(step) = stack.pop() {
            let id = match step {
                Step::Open => {
                    out.extend_from_slice(b"\n(");
                    continue;
                }
                Step::Close => {
                    out.push(b')');
                    continue;
                }
                Step::Node(id) => id,
            };
            let node = &self.nodes[id];
            out.push(b';');
            for (ident, values) in &node.props {
                out.extend_from_slice(ident.as_bytes());
                for v in values {
                    out.push(b'[');
                    encode_into(&mut out, v.as_bytes(), false);
                    out.push(b']');
                }
            }
            if id == 0 {
                out.push(b'\n');
            }
            match node.children.as_slice() {
                [] => {}
                [only] => stack.push(Step::Node(*only)),
                several => {
                    for &c in several.iter().rev() {
                        stack.push(Step::Close);
                        stack.push(Step::Node(c));
                        stack.push(Step::Open);
                    }
                }
            }
        }
        out.extend_from_slice(b")\n");
        String::from_utf8(out).unwrap_or_default()
    }
}

/// Tygem's placement of `count` handicap stones on a square board of
/// `size`, in the order Tygem puts them (as `@sabaki/go-board` places them
/// for Tygem files): the two corners on the diagonal from lower left to
/// upper right, the other two, then the sides and the centre. Columns and
/// rows from the upper left, 0-based; empty for fewer than 2 stones or a
/// board smaller than 7.
pub(crate) fn tygem_handicap(size: u16, count: u16) -> Vec<(u16, u16)> {
    if size <= 6 || count < 2 {
        return Vec::new();
    }
    let near = if size >= 13 { 3 } else { 2 };
    let far = size - near - 1;
    let middle = (size - 1) / 2;
    let mut points = vec![(near, far), (far, near), (near, near), (far, far)];
    if size % 2 == 1 && size != 7 {
        if count == 5 {
            points.push((middle, middle));
        }
        points.extend([(near, middle), (far, middle)]);
        if count == 7 {
            points.push((middle, middle));
        }
        points.extend([(middle, near), (middle, far), (middle, middle)]);
    }
    points.truncate(usize::from(count));
    points
}

/// `AP`: the format read, by sgfkit and its version
/// (`Tygem GIB via sgfkit:0.1.0`).
pub(crate) fn application(format: &str) -> String {
    format!("{format} via sgfkit:{}", env!("CARGO_PKG_VERSION"))
}

/// A Go point in SGF letters (columns and rows 0-based from the upper
/// left, below 52).
pub(crate) fn sgf_point(col: u16, row: u16) -> String {
    let mut out = Vec::with_capacity(2);
    crate::game::go::write_point(crate::game::go::Point::new(col, row), &mut out);
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests;
