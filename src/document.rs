//! Reading SGF bytes in any character encoding into a UTF-8 tree: the one
//! read path.
//!
//! [`read`] is the one call most programs want, and the one every reader of
//! the crate goes through (the command line, the Python package, the
//! tables): [`ReadOptions`] say how to decode, which limits hold, and
//! whether to read strictly (an error at the first fault of the grammar) or
//! leniently (repair and report, never fail). [`crate::parse`] stays as the
//! fast path for UTF-8 input read strictly, without a copy.
//!
//! [`read`] finds the encoding of each
//! game tree (BOM, `CA`, UTF-8, a guess; see [`crate::encoding`]), transcodes
//! to UTF-8 when needed, parses, and marks each transcoded tree `CA[UTF-8]` so
//! that printing it gives a correct file. Input that is already UTF-8 is
//! neither copied nor changed.
//!
//! ```
//! // Latin-1 bytes declared with CA: the name comes out as Unicode.
//! let bytes = b"(;CA[ISO-8859-1]PB[Ren\xe9])";
//! let doc = sgfkit::read(bytes, &Default::default())?;
//! let root = doc.collection().games().next().unwrap();
//! assert_eq!(root.get("PB").unwrap().value(), "René".as_bytes());
//! assert_eq!(root.get("CA").unwrap().value(), b"UTF-8");
//! assert!(doc.transcoded());
//! assert_eq!(doc.trees()[0].detection.declared.as_deref(), Some("ISO-8859-1"));
//! # Ok::<(), sgfkit::ParseError>(())
//! ```
//!
//! To keep the original bytes untouched instead (tools that must not rewrite
//! files), read them with [`ReadOptions::keep_bytes`] (or [`crate::parse`])
//! and decode single values with [`crate::encoding::decode_value`] when you
//! need their text.
//!
//! The steps of [`read`] are public too, for callers that hold one of them
//! already: [`crate::Collection::parse_with`] is its strict reading of text
//! already decoded (warnings to a sink of the caller's), and
//! [`crate::check::parse_lenient`] its lenient reading.

use crate::check::lenient::{BOM_MESSAGE, lowercase_ident_message, skipped_message};
use crate::check::{CheckOptions, Code, Diagnostic, parse_lenient};
use crate::encoding::{self, DecodeOptions, Decoded, EncodingWarning, TreeDecoding};
use crate::error::JunkPlace;
use crate::format::Format;
use crate::grammar::is_ws;
use crate::import::{self, ImportWarningKind};
use crate::{Collection, ParseError, ParseOptions, Position, Warning, WarningKind};
use std::borrow::Cow;

/// A collection read by [`read`], with how its bytes were decoded.
#[derive(Debug)]
pub struct Document<'a> {
    collection: Collection<'a>,
    trees: Vec<TreeDecoding>,
    transcoded: bool,
    text_is_input: bool,
    encoding_warnings: Vec<EncodingWarning>,
    diagnostics: Vec<Diagnostic>,
}

impl<'a> Document<'a> {
    /// The tree, in UTF-8.
    pub fn collection(&self) -> &Collection<'a> {
        &self.collection
    }

    /// The tree, for editing.
    pub fn collection_mut(&mut self) -> &mut Collection<'a> {
        &mut self.collection
    }

    /// Gives the tree away.
    pub fn into_collection(self) -> Collection<'a> {
        self.collection
    }

    /// One entry per game tree: its byte range in the input and how its
    /// encoding was chosen (which charset, and why). What its detection
    /// found wrong is in [`Document::encoding_warnings`], each problem
    /// once: the trees' own lists of warnings are empty here.
    ///
    /// ```
    /// let doc = sgfkit::read(b"(;CA[bogus]B[aa])(;CA[bogus]W[bb])", &Default::default())?;
    /// assert_eq!(doc.trees().len(), 2);
    /// assert!(doc.trees().iter().all(|t| t.detection.warnings.is_empty()));
    /// assert_eq!(doc.encoding_warnings().len(), 2);
    /// # Ok::<(), sgfkit::ParseError>(())
    /// ```
    pub fn trees(&self) -> &[TreeDecoding] {
        &self.trees
    }

    /// True when the input was converted to UTF-8.
    pub fn transcoded(&self) -> bool {
        self.transcoded
    }

    /// True when the tree's text ([`Collection::source`]) is the input
    /// byte for byte: not transcoded ([`Document::transcoded`]), no byte
    /// order mark dropped, not a record of another format read into SGF.
    /// A caller that writes a file back unchanged can then write the text
    /// it holds. (Edits, and the `CA[UTF-8]` the reader gives a transcoded
    /// tree, change the tree, not its text.)
    ///
    /// ```
    /// fn read(b: &[u8]) -> Result<sgfkit::Document<'_>, sgfkit::ParseError> {
    ///     sgfkit::read(b, &Default::default())
    /// }
    /// assert!(read(b"(;B[aa])")?.text_is_input());
    /// // A UTF-8 byte order mark is dropped: not transcoded, yet not the input.
    /// let bom = read(b"\xEF\xBB\xBF(;B[aa])")?;
    /// assert!(!bom.transcoded() && !bom.text_is_input());
    /// // GBK made UTF-8.
    /// assert!(!read(b"(;CA[GBK]PB[\xc0\xee])")?.text_is_input());
    /// // A Tygem record read into SGF.
    /// assert!(!read(b"\\HS\n\\[GAMEBLACKNAME=a\\]\n\\HE\n\\GS\nSTO 0 2 1 15 15\n")?.text_is_input());
    /// # Ok::<(), sgfkit::ParseError>(())
    /// ```
    pub fn text_is_input(&self) -> bool {
        self.text_is_input
    }

    /// Decoding problems (malformed byte sequences, a `CA` that does not fit
    /// the bytes); offsets, positions and lines are the original input's,
    /// which [`read_owned`] does not keep once it is decoded.
    ///
    /// ```
    /// let bad = sgfkit::read_owned(b"(;CA[UTF-8]\nC[caf\xc3])".to_vec(), &Default::default())?;
    /// let w = &bad.encoding_warnings()[0];
    /// assert_eq!((w.offset, w.position.to_string()), (17, "2:6".to_string()));
    /// assert_eq!(w.line().unwrap().text, "C[caf\u{fffd}])");
    /// # Ok::<(), sgfkit::ParseError>(())
    /// ```
    pub fn encoding_warnings(&self) -> &[EncodingWarning] {
        &self.encoding_warnings
    }

    /// What the reader reported, in either mode: the lenient reader's
    /// repairs, or the strict reader's warnings (skipped junk, FF\[3\]
    /// identifiers, a byte order mark) under the codes the lenient reader
    /// gives the same things (L001, L010, L015). Positions are in the UTF-8
    /// text the tree was parsed from ([`Collection::source`]).
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.diagnostics
    }

    /// The document of input of which nothing is read: an empty collection
    /// and one diagnostic (L017) that says why, from `error` (any error of
    /// [`read`]: a limit crossed, or the first syntax error of strict
    /// reading). For a caller of [`read`] that wants a document whatever
    /// the outcome; lenient reading gives the same for input it reads
    /// nothing of.
    ///
    /// ```
    /// use sgfkit::{Document, ParseOptions, ReadOptions};
    /// let strict = ReadOptions::default().limits(ParseOptions::default().max_nodes(1));
    /// let doc = sgfkit::read(b"(;B[aa];W[bb])", &strict).unwrap_or_else(|e| Document::unread(&e));
    /// assert_eq!(doc.collection().games().len(), 0);
    /// assert_eq!(doc.diagnostics()[0].code.as_str(), "L017");
    /// ```
    pub fn unread(error: &ParseError) -> Document<'static> {
        Document {
            collection: Collection::new(),
            trees: Vec::new(),
            transcoded: false,
            text_is_input: false,
            encoding_warnings: Vec::new(),
            diagnostics: vec![crate::check::lenient::unread_diagnostic(error)],
        }
    }

    /// The document with its tree owned (a copy of the text when it was
    /// borrowed from the input).
    pub fn into_owned(self) -> Document<'static> {
        Document {
            collection: self.collection.into_owned(),
            trees: self.trees,
            transcoded: self.transcoded,
            text_is_input: self.text_is_input,
            encoding_warnings: self.encoding_warnings,
            diagnostics: self.diagnostics,
        }
    }

    /// Everything wrong with the file, as `sgfkit check` reports it: what
    /// the lenient reader repaired, then what the tree gets wrong
    /// ([`check()`](crate::check::check())), in file order. (Encoding
    /// problems, positioned in the original bytes, are in
    /// [`Document::encoding_warnings`].)
    ///
    /// ```
    /// use sgfkit::check::Severity;
    /// // Latin-1 without `CA`, a missing `)`, and a move on an occupied point.
    /// let bytes = b"(;PB[Ren\xe9]SZ[9];B[aa];W[aa]";
    /// let doc = sgfkit::read(bytes, &sgfkit::ReadOptions::lenient())?;
    /// let root = doc.collection().games().next().unwrap();
    /// assert_eq!(root.get("PB").unwrap().value(), "René".as_bytes());
    /// let found = doc.check(&Default::default());
    /// let codes: Vec<_> = found.iter().map(|d| (d.code.as_str(), d.severity)).collect();
    /// assert_eq!(codes, [("S030", Severity::Warning), ("L005", Severity::Error)]);
    /// assert_eq!(found[1].to_string(), "1:28: error[L005]: input ends with 1 game tree(s) still open: `)` assumed");
    /// # Ok::<(), sgfkit::ParseError>(())
    /// ```
    pub fn check(&self, options: &CheckOptions) -> Vec<Diagnostic> {
        let mut read = self.diagnostics.clone();
        self.lower_case_in_old_formats(&mut read);
        // The reader's first at each position: the checker sorts them in
        // with its own findings, one vector of all.
        // A transcoded tree's root says `CA[UTF-8]` now: S024 compares the
        // charsets the file declared.
        let charsets = self.transcoded.then(|| {
            self.collection
                .games()
                .map(|root| match decoding_at(&self.trees, root.offset()) {
                    Some(t) if t.transcoded => t
                        .detection
                        .declared
                        .clone()
                        .unwrap_or_else(|| crate::check::semantic::DEFAULT_CHARSET.into()),
                    _ => crate::check::semantic::declared_charset(&root),
                })
                .collect()
        });
        crate::check::semantic::check_after(&self.collection, options, read, charsets)
    }
}

/// How the tree a root at byte `at` of the text stands in was decoded: the
/// last tree whose text starts at or before it (the bytes between trees
/// are decoded as the tree before them). `None` when there is no such
/// record (the input was not decoded per tree) or the root was added.
fn decoding_at(trees: &[TreeDecoding], at: Option<usize>) -> Option<&TreeDecoding> {
    let at = at?;
    let k = trees.partition_point(|t| t.output.start <= at);
    trees.get(k.saturating_sub(1))
}

impl Document<'_> {
    /// Lower-case letters in identifiers (L010) are how FF\[1\]–FF\[3\]
    /// wrote them: only in an FF\[4\] tree are they SGFC's 16.
    fn lower_case_in_old_formats(&self, diags: &mut [Diagnostic]) {
        let starts: Vec<(usize, bool)> = self
            .collection
            .games()
            .map(|root| {
                let ff = crate::record::file_format(root).read_as();
                (root.offset().unwrap_or(0), ff < 4)
            })
            .collect();
        for d in diags.iter_mut().filter(|d| d.code == Code::L010) {
            // The tree the identifier is in: the last one starting before it.
            let k = starts.partition_point(|(at, _)| *at <= d.span.start);
            let old = starts.get(k.saturating_sub(1)).is_none_or(|(_, old)| *old);
            if old {
                d.sgfc = None;
            }
        }
    }
}

/// How [`read`] reads: how the bytes are decoded, the limits that bound
/// what a file may ask for, and strict or lenient.
///
/// ```
/// use sgfkit::{ParseOptions, ReadOptions};
/// use sgfkit::encoding::DecodeOptions;
///
/// let strict = ReadOptions::default();
/// let lenient = ReadOptions::lenient()
///     .limits(ParseOptions::default().max_depth(100))
///     .decode(DecodeOptions::default().guess(false));
/// assert!(!strict.is_lenient() && lenient.is_lenient());
/// let err = sgfkit::read(b"(;B[aa](;W[bb](;B[cc])))", &ReadOptions::default().limits(ParseOptions::default().max_depth(2)));
/// assert!(err.is_err());
/// ```
#[derive(Debug, Clone, Default)]
pub struct ReadOptions {
    decode: DecodeOptions,
    keep_bytes: bool,
    limits: ParseOptions,
    lenient: bool,
}

impl ReadOptions {
    /// Strict reading (the default): an error at the first place the text
    /// leaves the grammar.
    pub fn strict() -> ReadOptions {
        ReadOptions::default()
    }

    /// Lenient reading, as every `sgfkit` command reads: what does not
    /// follow the grammar is repaired and reported in
    /// [`Document::diagnostics`]; [`read`] never fails (input with no game
    /// tree gives an empty collection and a diagnostic saying so).
    ///
    /// ```
    /// // An unescaped `]` in a comment, the most common defect of real files.
    /// let doc = sgfkit::read(b"(;C[foo [3d]: bar];B[aa])", &sgfkit::ReadOptions::lenient())?;
    /// let root = doc.collection().games().next().unwrap();
    /// assert_eq!(root.get("C").unwrap().value(), b"foo [3d\\]: bar");
    /// assert_eq!(doc.diagnostics()[0].code.as_str(), "L008");
    /// # Ok::<(), sgfkit::ParseError>(())
    /// ```
    pub fn lenient() -> ReadOptions {
        ReadOptions {
            lenient: true,
            ..ReadOptions::default()
        }
    }

    /// How the bytes are decoded (default: found from a byte order mark,
    /// `CA`, UTF-8 or a guess; see [`crate::encoding`]).
    pub fn decode(mut self, decode: DecodeOptions) -> Self {
        self.decode = decode;
        self.keep_bytes = false;
        self
    }

    /// Reads the bytes as they are, decoding nothing (UTF-8, or any
    /// byte-oriented text whose values the caller decodes): the tree
    /// borrows the input and prints it back byte for byte.
    ///
    /// ```
    /// let bytes = b"(;CA[ISO-8859-1]PB[Ren\xe9])";
    /// let doc = sgfkit::read(bytes, &sgfkit::ReadOptions::default().keep_bytes())?;
    /// let root = doc.collection().games().next().unwrap();
    /// assert_eq!(root.get("PB").unwrap().value(), b"Ren\xe9");
    /// assert!(!doc.transcoded() && doc.trees().is_empty());
    /// # Ok::<(), sgfkit::ParseError>(())
    /// ```
    pub fn keep_bytes(mut self) -> Self {
        self.keep_bytes = true;
        self
    }

    /// The limits on depth, nodes, value length and points.
    pub fn limits(mut self, limits: ParseOptions) -> Self {
        self.limits = limits;
        self
    }

    /// True for lenient reading.
    pub fn is_lenient(&self) -> bool {
        self.lenient
    }

    /// The limits (see [`ReadOptions::limits`]).
    pub fn parse_options(&self) -> &ParseOptions {
        &self.limits
    }

    /// The decoding options; `None` when the bytes are read as they are.
    ///
    /// ```
    /// use sgfkit::ReadOptions;
    /// assert!(ReadOptions::lenient().decode_options().is_some());
    /// assert!(ReadOptions::lenient().keep_bytes().decode_options().is_none());
    /// ```
    pub fn decode_options(&self) -> Option<&DecodeOptions> {
        (!self.keep_bytes).then_some(&self.decode)
    }
}

/// Reads `bytes` into a [`Document`]: decoded to UTF-8 (unless
/// [`ReadOptions::keep_bytes`]), parsed strictly or leniently within the
/// limits, as `options` say.
///
/// # Errors
/// Strict reading only: a syntax error in the (decoded) text, with its
/// position in that text, a limit exceeded, no game tree, or a file of
/// another format ([`crate::ErrorKind::NotSgf`]). Lenient reading never
/// fails.
pub fn read<'a>(bytes: &'a [u8], options: &ReadOptions) -> Result<Document<'a>, ParseError> {
    let limits = &options.limits;
    // What the bytes are, looked at once: a record of another format is
    // imported; other known formats are refused by the strict reader (the
    // lenient one says what they are, as its L013).
    let sniffed = crate::format::sniff(bytes);
    if let Some(format @ (Format::Gib | Format::Ngf | Format::Ugf)) = sniffed {
        return read_imported(bytes, format, options);
    }
    if options.lenient {
        let (text, mut doc) = decode(bytes, options);
        let (collection, diagnostics) = match text {
            Cow::Borrowed(b) => parse_lenient(b, limits),
            Cow::Owned(v) => {
                // The tree takes the decoded text it was read from, not a
                // copy of it.
                let (c, d) = parse_lenient(&v, limits);
                let c = if c.source().as_ptr() == v.as_ptr() {
                    c.detach().reattach(v)
                } else {
                    c.into_owned()
                };
                (c, d)
            }
        };
        doc.diagnostics = diagnostics;
        return Ok(doc.with(collection));
    }
    if let Some(format) = sniffed {
        return Err(ParseError::new(
            crate::ErrorKind::NotSgf(format),
            0..0,
            bytes,
        ));
    }
    let (text, mut doc) = decode(bytes, options);
    let mut warnings = Vec::new();
    let collection = match text {
        Cow::Borrowed(b) => Collection::parse_with(b, limits, &mut warnings)?,
        Cow::Owned(v) => Collection::parse_owned(v, limits, &mut warnings)?,
    };
    let src = collection.source();
    doc.diagnostics = warnings.iter().map(|w| as_diagnostic(w, src)).collect();
    Ok(doc.with(collection))
}

/// [`read`] of an input the document then owns: when its bytes are the
/// tree's text (UTF-8 as read) the tree takes them, with no copy; when they
/// are transcoded they are freed once decoded (the encoding warnings
/// carry their positions and lines in them). So memory holds one copy of
/// the text, not two, while the tree is built. Bytes of a record of
/// another format are read as [`read`] reads them.
///
/// ```
/// // 李昌镐 in GBK: the tree holds the UTF-8 text.
/// let doc = sgfkit::read_owned(b"(;CA[GBK]PB[\xc0\xee\xb2\xfd\xb8\xe4])".to_vec(), &Default::default())?;
/// assert_eq!(doc.collection().to_string(), "(;CA[UTF-8]PB[李昌镐])\n");
/// # Ok::<(), sgfkit::ParseError>(())
/// ```
///
/// # Errors
/// As [`read`].
pub fn read_owned(bytes: Vec<u8>, options: &ReadOptions) -> Result<Document<'static>, ParseError> {
    let sniffed = crate::format::sniff(&bytes);
    let imported = matches!(sniffed, Some(Format::Gib | Format::Ngf | Format::Ugf));
    if imported || (sniffed.is_some() && !options.lenient) {
        return read(&bytes, options).map(Document::into_owned);
    }
    let (text, doc) = decode_owned(bytes, options);
    let limits = &options.limits;
    if options.lenient {
        let (c, diagnostics) = parse_lenient(&text, limits);
        let c = if c.source().as_ptr() == text.as_ptr() {
            c.detach().reattach(text)
        } else {
            c.into_owned()
        };
        let mut doc = doc;
        doc.diagnostics = diagnostics;
        return Ok(doc.with(c));
    }
    let mut warnings = Vec::new();
    let collection = Collection::parse_owned(text, limits, &mut warnings)?;
    let src = collection.source();
    let mut doc = doc;
    doc.diagnostics = warnings.iter().map(|w| as_diagnostic(w, src)).collect();
    Ok(doc.with(collection))
}

/// Reads a record of another format ([`crate::import`]) into a document:
/// the SGF it becomes, the importer's warnings as `I…` diagnostics at
/// their line and column in the record, and an I004 saying what was read.
fn read_imported<'a>(
    bytes: &[u8],
    format: Format,
    options: &ReadOptions,
) -> Result<Document<'a>, ParseError> {
    let decode = options.decode_options().cloned().unwrap_or_default();
    let Ok(imported) = import::import(bytes, format, &decode) else {
        return Err(ParseError::new(
            crate::ErrorKind::NotSgf(format),
            0..0,
            bytes,
        ));
    };
    let mut diagnostics = vec![Diagnostic::from_code(
        Code::I004,
        0..0,
        format!("{format} ({}) read into SGF", imported.charset),
        false,
    )];
    diagnostics[0].position = Position { line: 1, column: 1 };
    for w in &imported.warnings {
        let code = match w.kind {
            ImportWarningKind::BadLine => Code::I001,
            ImportWarningKind::BadValue => Code::I002,
            _ => Code::I003,
        };
        let mut d = Diagnostic::from_code(code, 0..0, w.message.clone(), code == Code::I001);
        d.position = Position {
            line: w.line,
            column: w.column,
        };
        diagnostics.push(d);
    }
    let mut warnings = Vec::new();
    let collection =
        Collection::parse_owned(imported.sgf.into_bytes(), &options.limits, &mut warnings)?;
    Ok(Document {
        collection,
        trees: Vec::new(),
        transcoded: false,
        text_is_input: false,
        encoding_warnings: Vec::new(),
        diagnostics,
    })
}

/// A strict reader's warning (on the text `src`) as the diagnostic the
/// lenient reader gives the same thing, in the lenient reader's words: a
/// code reads the same whichever reader gave it.
fn as_diagnostic(w: &Warning, src: &[u8]) -> Diagnostic {
    let span = w.span();
    let (code, span, message) = match w.kind() {
        WarningKind::SkippedJunk { place } => {
            // The white space after the junk is not counted.
            let skipped = src.get(span.clone()).unwrap_or_default();
            let len = skipped.len() - skipped.iter().rev().take_while(|&&b| is_ws(b)).count();
            let place = match place {
                JunkPlace::Before => "before the first game tree",
                JunkPlace::Between => "between game trees",
                JunkPlace::After => "after the last game tree",
            };
            let message = skipped_message(place, &skipped[..len]);
            (Code::L001, span.start..span.start + len, message)
        }
        WarningKind::LowercaseIdent { read, .. } => {
            let ident = src.get(span.clone()).unwrap_or_default();
            (Code::L010, span, lowercase_ident_message(ident, read))
        }
        WarningKind::ByteOrderMark => (Code::L015, span, BOM_MESSAGE.into()),
    };
    let mut d = Diagnostic::from_code(code, span, message, false);
    d.position = w.position();
    d
}

/// A document without its tree, as read before decoding: nothing decoded.
fn as_they_are<'a>() -> Document<'a> {
    Document {
        collection: Collection::new(),
        trees: Vec::new(),
        transcoded: false,
        text_is_input: true,
        encoding_warnings: Vec::new(),
        diagnostics: Vec::new(),
    }
}

/// The decoding options for `bytes`: `None` when they are read as they
/// are, or are a known format that is not SGF ([`crate::format::sniff`]),
/// left for the reader to name.
fn decoding<'o>(bytes: &[u8], options: &'o ReadOptions) -> Option<&'o DecodeOptions> {
    options
        .decode_options()
        .filter(|_| crate::format::sniff(bytes).is_none())
}

/// Decodes `bytes` to UTF-8 and starts a document (its tree still empty).
fn decode<'a>(bytes: &'a [u8], options: &ReadOptions) -> (Cow<'a, [u8]>, Document<'a>) {
    match decoding(bytes, options) {
        Some(options) => {
            let (text, mut doc) = started(encoding::to_utf8_per_tree(bytes, options));
            // Borrowed and as long: the input itself.
            doc.text_is_input = matches!(&text, Cow::Borrowed(t) if t.len() == bytes.len());
            (text, doc)
        }
        None => (Cow::Borrowed(bytes), as_they_are()),
    }
}

/// [`decode`] of an input given away: the text is made in its buffer.
fn decode_owned(bytes: Vec<u8>, options: &ReadOptions) -> (Vec<u8>, Document<'static>) {
    match decoding(&bytes, options) {
        Some(options) => {
            let len = bytes.len();
            let (text, decoded) = encoding::to_utf8_per_tree_owned(bytes, options);
            let mut doc = started(decoded).1;
            // Not transcoded, so the input's buffer; as long: nothing cut.
            doc.text_is_input = !doc.transcoded && text.len() == len;
            (text, doc)
        }
        None => (bytes, as_they_are()),
    }
}

/// A document started from how its input was decoded, and its text.
fn started(decoded: Decoded<'_>) -> (Cow<'_, [u8]>, Document<'_>) {
    let Decoded {
        text,
        detection,
        transcoded,
        warnings,
        mut trees,
    } = decoded;
    // Each tree's warnings move to the document's list, each problem once.
    // A tree's detection is its own, inside its bytes, or the whole
    // input's, which also is the first tree's: a warning the whole input's
    // detection already lists (at the same offset, searched in that short
    // sorted list) is the same problem, and no two trees share one.
    let mut encoding_warnings = detection.warnings;
    encoding_warnings.sort_by_key(|w| w.offset);
    let whole = encoding_warnings.len();
    for t in &mut trees {
        for w in std::mem::take(&mut t.detection.warnings) {
            let from = encoding_warnings[..whole].partition_point(|x| x.offset < w.offset);
            let listed = encoding_warnings[from..whole]
                .iter()
                .take_while(|x| x.offset == w.offset)
                .any(|x| *x == w);
            if !listed {
                encoding_warnings.push(w);
            }
        }
    }
    encoding_warnings.extend(warnings);
    let doc = Document {
        collection: Collection::new(),
        trees,
        transcoded,
        // Set by the caller, which knows the input.
        text_is_input: false,
        encoding_warnings,
        diagnostics: Vec::new(),
    };
    (text, doc)
}

impl<'a> Document<'a> {
    /// Puts the tree in, marking transcoded trees `CA[UTF-8]`: a root is
    /// in the tree whose text starts at or before its `;` (the bytes
    /// between trees are decoded as the tree before them).
    fn with(mut self, mut collection: Collection<'a>) -> Self {
        if self.transcoded {
            let trees = &self.trees;
            collection.mark_roots_utf8(|at| {
                decoding_at(trees, Some(at as usize)).is_none_or(|t| t.transcoded)
            });
        }
        self.collection = collection;
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `text_is_input` says the same of each input whichever way it is
    /// read, and says true exactly when the tree's text is the input.
    #[test]
    fn the_text_is_the_input_only_when_nothing_was_changed() {
        let gib: &[u8] = b"\\HS\n\\[GAMEBLACKNAME=a\\]\n\\HE\n\\GS\nSTO 0 2 1 15 15\n";
        let cases: [&[u8]; 8] = [
            b"(;B[aa])",
            b"  (;GM[1]C[caf\xc3\xa9])\n",
            b"\xEF\xBB\xBF(;B[aa])",
            b"(;CA[GBK]PB[\xc0\xee])",
            b"(;CA[UTF-8]C[caf\xc3])",
            b"(;CA[UTF-8]C[a])(;CA[ISO-8859-1]C[b])",
            b"(;CA[UTF-8]C[a])(;CA[ISO-8859-1]C[\xe9])",
            gib,
        ];
        for options in [ReadOptions::lenient(), ReadOptions::strict()] {
            for bytes in cases {
                let Ok(borrowed) = read(bytes, &options) else {
                    continue;
                };
                let owned = read_owned(bytes.to_vec(), &options).unwrap();
                let is = borrowed.collection().source() == bytes;
                assert_eq!(borrowed.text_is_input(), is, "{bytes:?}");
                assert_eq!(owned.text_is_input(), is, "{bytes:?} owned");
                assert_eq!(borrowed.into_owned().text_is_input(), is);
            }
        }
        let kept = ReadOptions::lenient().keep_bytes();
        let doc = read(b"\xEF\xBB\xBF(;CA[GBK]PB[\xc0\xee])", &kept).unwrap();
        assert!(doc.text_is_input());
        let no = ParseError::new(crate::ErrorKind::NotSgf(Format::Zip), 0..0, b"");
        assert!(!Document::unread(&no).text_is_input());
    }

    #[test]
    fn utf8_input_is_borrowed_and_unchanged() {
        let src = "(;CA[UTF-8]PB[李昌镐])".as_bytes();
        let doc = read(src, &ReadOptions::default()).unwrap();
        assert!(!doc.transcoded());
        assert_eq!(doc.collection().source().as_ptr(), src.as_ptr());
        assert_eq!(doc.collection().to_string(), "(;CA[UTF-8]PB[李昌镐])\n");
    }

    #[test]
    fn gbk_with_ca_is_transcoded_and_marked() {
        // 李昌镐 in GBK.
        let src = b"(;CA[GBK]PB[\xc0\xee\xb2\xfd\xb8\xe4];B[pd])";
        let doc = read(src, &ReadOptions::default()).unwrap();
        assert!(doc.transcoded());
        assert_eq!(
            doc.collection().to_string(),
            "(;CA[UTF-8]PB[李昌镐]\n;B[pd])\n"
        );
        assert!(doc.encoding_warnings().is_empty());
    }

    /// Only the transcoded trees of a collection are marked `CA[UTF-8]`,
    /// so that reading the collection whole gives each tree as reading it
    /// alone does (as a file streamed one tree at a time is read).
    #[test]
    fn only_the_transcoded_trees_are_marked() {
        let trees: [&[u8]; 4] = [
            b"(;GM[1]PB[Lee];B[pd])",
            b"(;CA[GBK]PB[\xc0\xee\xb2\xfd\xb8\xe4];B[pd])",
            b"\n(;CA[ISO-8859-1]PB[Ren];W[dd])",
            b"\n(;PB[Ren\xe9];W[dd])\n",
        ];
        // As written, without declaring UTF-8 on the way out.
        fn sgf(node: crate::Node<'_, '_>) -> String {
            let config = crate::print::WriterConfig::default().declare_utf8(false);
            let mut out = Vec::new();
            crate::print::push_game(&mut out, node, &config);
            String::from_utf8(out).unwrap()
        }
        let all = trees.concat();
        let whole = read(&all, &ReadOptions::default()).unwrap();
        assert!(whole.transcoded());
        let roots: Vec<String> = whole.collection().games().map(sgf).collect();
        let alone: Vec<String> = trees
            .iter()
            .map(|t| {
                let doc = read(t, &ReadOptions::default()).unwrap();
                sgf(doc.collection().games().next().unwrap())
            })
            .collect();
        assert_eq!(roots, alone);
        let ca: Vec<Option<&[u8]>> = whole
            .collection()
            .games()
            .map(|g| g.get("CA").map(|p| p.value()))
            .collect();
        assert_eq!(
            ca,
            [
                None,
                Some(&b"UTF-8"[..]),
                Some(b"ISO-8859-1"),
                Some(b"UTF-8")
            ]
        );
    }

    /// S024 compares the charsets the trees declared, not the `CA[UTF-8]`
    /// the reader gives a tree it transcoded.
    #[test]
    fn different_charsets_are_the_declared_ones() {
        let trees: [&[u8]; 3] = [
            b"(;CA[GBK]PB[\xc0\xee\xb2\xfd\xb8\xe4])",
            b"(;CA[gbk]PB[Lee])",
            b"(;CA[UTF-8]PB[Lee])",
        ];
        let all = trees.concat();
        let doc = read(&all, &ReadOptions::default()).unwrap();
        let flags: Vec<bool> = doc.trees().iter().map(|t| t.transcoded).collect();
        // The GBK run is decoded as one; the UTF-8 tree is its bytes.
        assert_eq!(flags, [true, true, false]);
        let found: Vec<(String, usize)> = doc
            .check(&CheckOptions::default())
            .iter()
            .filter(|d| d.code == Code::S024)
            .map(|d| (d.message.clone(), d.span.start))
            .collect();
        let third = doc.collection().games().nth(2).unwrap();
        let at = third.get("CA").unwrap().span().unwrap().start;
        assert_eq!(
            found,
            [(
                "this game tree's charset is UTF-8, the tree before's gbk (a file with one charset is safer)"
                    .to_string(),
                at
            )]
        );
    }

    #[test]
    fn each_encoding_problem_is_reported_once() {
        // One tree: its own detection and the whole input's find the same
        // problem.
        let one = read(b"(;CA[bogus]B[aa])", &ReadOptions::default()).unwrap();
        assert_eq!(
            one.encoding_warnings().len(),
            1,
            "{:?}",
            one.encoding_warnings()
        );
        // Many trees: one a tree, in file order.
        let src = b"(;CA[bogus]B[aa])".repeat(3000);
        let many = read(&src, &ReadOptions::default()).unwrap();
        let offsets: Vec<usize> = many.encoding_warnings().iter().map(|w| w.offset).collect();
        assert_eq!(offsets.len(), 3000);
        assert!(offsets.windows(2).all(|w| w[0] < w[1]), "{offsets:?}");
        // Read as one (UTF-16): every tree's detection is the whole
        // input's, and its problem is listed once.
        let mut wide = vec![0xFF, 0xFE];
        for u in "(;CA[bogus]B[aa])(;W[bb])(;B[cc])".encode_utf16() {
            wide.extend(u.to_le_bytes());
        }
        let doc = read(&wide, &ReadOptions::default()).unwrap();
        assert_eq!(doc.trees().len(), 3);
        assert_eq!(
            doc.encoding_warnings().len(),
            1,
            "{:?}",
            doc.encoding_warnings()
        );
    }

    #[test]
    fn shift_jis_second_byte_bracket_does_not_end_the_value() {
        // 表 in Shift_JIS is 0x95 0x5C: its second byte is a backslash.
        let src = b"(;CA[Shift_JIS]C[\x95\x5c];B[aa])";
        let doc = read(src, &ReadOptions::default()).unwrap();
        let root = doc.collection().games().next().unwrap();
        assert_eq!(root.get("C").unwrap().value(), "表".as_bytes());
        assert_eq!(doc.collection().node_count(), 2);
    }

    /// A code reads the same whichever reader gave it: the strict reader's
    /// warnings (L001, L010, L015) are the lenient reader's diagnostics,
    /// message, span and position.
    #[test]
    fn strict_and_lenient_readers_say_a_code_alike() {
        let seen = |doc: &Document<'_>| -> Vec<(String, std::ops::Range<usize>, String)> {
            let d = doc.diagnostics().iter();
            d.map(|d| (d.to_string(), d.span.clone(), d.code.as_str().to_string()))
                .collect()
        };
        for (src, codes) in [
            ("\u{feff}(;B[aa])", &["L015"][..]),
            ("(;AddBlack[aa]B[bb]\n;whiteTime[5])", &["L010", "L010"]),
            (
                "Mail header \n\t(;B[aa]) between\r\n (;B[bb])\n after \x0b\n",
                &["L001", "L001", "L001"],
            ),
            (
                "x(;B[aa])(;W[bb])  an excerpt cut after twenty-four bytes\n",
                &["L001", "L001"],
            ),
        ] {
            for keep in [false, true] {
                let opts = |o: ReadOptions| if keep { o.keep_bytes() } else { o };
                let strict = read(src.as_bytes(), &opts(ReadOptions::strict())).unwrap();
                let lenient = read(src.as_bytes(), &opts(ReadOptions::lenient())).unwrap();
                if keep || !src.starts_with('\u{feff}') {
                    let got: Vec<String> = seen(&strict).into_iter().map(|t| t.2).collect();
                    assert_eq!(got, codes, "{src:?}");
                }
                assert_eq!(seen(&strict), seen(&lenient), "{src:?}");
            }
        }
    }

    /// `read_owned` reads as `read` does: the same tree, diagnostics,
    /// decoding and warnings, strict or lenient, whatever the encoding.
    #[test]
    fn read_owned_reads_as_read_does() {
        let inputs: [&[u8]; 10] = [
            b"(;CA[UTF-8]C[caf\xc3])(;B[aa])",
            b"\xef\xbb\xbf(;CA[UTF-8]C[caf\xc3])",
            b"(;GM[1]PB[Lee];B[pd](;W[dd])(;W[dp]))",
            b"\xef\xbb\xbf(;C[with a byte order mark];B[aa])",
            b"\xef\xbb\xbf(;CA[latin1]C[BOM and Latin-1 declared, bytes UTF-8 \xc3\xa9])",
            b"(;CA[GBK]PB[\xc0\xee\xb2\xfd\xb8\xe4];B[pd])",
            b"(;C[caf\xe9];B[aa])(;CA[UTF-8]C[caf\xc3\xa9])",
            b"(;C[bad \xc3 byte];B[aa])(;C[caf\xe9 foo [3d]: bar]",
            b"junk before (;B[aa]",
            b"",
        ];
        for bytes in inputs {
            for options in [
                ReadOptions::lenient(),
                ReadOptions::strict(),
                ReadOptions::lenient().keep_bytes(),
            ] {
                let borrowed = read(bytes, &options);
                let owned = read_owned(bytes.to_vec(), &options);
                let (a, b) = match (borrowed, owned) {
                    (Ok(a), Ok(b)) => (a, b),
                    (Err(a), Err(b)) => {
                        assert_eq!(a.to_string(), b.to_string());
                        continue;
                    }
                    (a, b) => panic!("{bytes:?}: {:?} / {:?}", a.err(), b.err()),
                };
                let shown = |d: &Document<'_>| {
                    (
                        d.collection().to_string(),
                        d.collection().source().to_vec(),
                        d.diagnostics()
                            .iter()
                            .map(|d| (d.to_string(), d.span.clone()))
                            .collect::<Vec<_>>(),
                        d.encoding_warnings().to_vec(),
                        d.transcoded(),
                        d.trees().len(),
                    )
                };
                assert_eq!(shown(&a), shown(&b), "{bytes:?}");
                // The warnings' places are the input's, which the owned
                // document no longer holds.
                for w in b.encoding_warnings() {
                    let at = w.offset..w.offset;
                    assert_eq!(
                        w.position,
                        crate::Position::of(bytes, w.offset),
                        "{bytes:?}"
                    );
                    assert_eq!(
                        w.line(),
                        crate::error::SourceLine::around(bytes, at),
                        "{bytes:?}"
                    );
                }
            }
        }
    }

    /// UTF-8 read by `read_owned` is the tree's text, not copied.
    #[test]
    fn read_owned_keeps_utf8_input_as_the_text() {
        for options in [ReadOptions::lenient(), ReadOptions::strict()] {
            let bytes = "(;GM[1]PB[李昌镐];B[aa];W[bb])".as_bytes().to_vec();
            let at = bytes.as_ptr();
            let doc = read_owned(bytes, &options).unwrap();
            assert_eq!(doc.collection().source().as_ptr(), at);
        }
    }

    #[test]
    fn syntax_errors_still_have_positions() {
        let err = read(b"(;CA[latin1]C[caf\xe9", &ReadOptions::default()).unwrap_err();
        assert!(err.to_string().starts_with("1:19: expected `]`"), "{err}");
    }
}
