//! Reading SGF bytes in any character encoding into a UTF-8 tree.
//!
//! [`read`] is the one call most programs want: it finds the encoding of each
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
//! # Ok::<(), sgfkit::Error>(())
//! ```
//!
//! To keep the original bytes untouched instead (tools that must not rewrite
//! files), parse them with [`crate::parse`] and decode single values with
//! [`crate::encoding::decode_value`] when you need their text.

use crate::check::{CheckOptions, Code, Diagnostic, check, parse_lenient};
use crate::encoding::{self, DecodeOptions, Decoded, EncodingWarning, TreeDecoding};
use crate::{Collection, Error, ParseOptions, Warning};
use std::borrow::Cow;

/// A collection read by [`read`], with how its bytes were decoded.
#[derive(Debug)]
pub struct Document<'a> {
    collection: Collection<'a>,
    trees: Vec<TreeDecoding>,
    transcoded: bool,
    encoding_warnings: Vec<EncodingWarning>,
    parse_warnings: Vec<Warning>,
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
    /// encoding was chosen (which charset, and why).
    pub fn trees(&self) -> &[TreeDecoding] {
        &self.trees
    }

    /// True when the input was converted to UTF-8.
    pub fn transcoded(&self) -> bool {
        self.transcoded
    }

    /// Decoding problems (malformed byte sequences, a `CA` that does not fit
    /// the bytes); offsets are in the original input.
    pub fn encoding_warnings(&self) -> &[EncodingWarning] {
        &self.encoding_warnings
    }

    /// Parser warnings (skipped junk, FF\[3\] identifiers); offsets are in the
    /// UTF-8 text the tree was parsed from ([`Collection::source`]).
    pub fn parse_warnings(&self) -> &[Warning] {
        &self.parse_warnings
    }

    /// What the lenient reader repaired ([`read_lenient`]; empty after
    /// [`read`]); positions are in the UTF-8 text the tree was parsed from.
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.diagnostics
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
    /// let doc = sgfkit::read_lenient(bytes, &Default::default(), &Default::default());
    /// let root = doc.collection().games().next().unwrap();
    /// assert_eq!(root.get("PB").unwrap().value(), "René".as_bytes());
    /// let found = doc.check(&Default::default());
    /// let codes: Vec<_> = found.iter().map(|d| (d.code.as_str(), d.severity)).collect();
    /// assert_eq!(codes, [("S030", Severity::Warning), ("L005", Severity::Error)]);
    /// assert_eq!(found[1].to_string(), "1:28: error[L005]: input ends with 1 game tree(s) still open: `)` assumed");
    /// ```
    pub fn check(&self, options: &CheckOptions) -> Vec<Diagnostic> {
        let mut all = self.diagnostics.clone();
        self.lower_case_in_old_formats(&mut all);
        all.extend(check(&self.collection, options));
        all.sort_by_key(|d| d.span.start);
        all
    }
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

/// Reads `bytes` in whatever encoding they are into a UTF-8 [`Collection`].
///
/// # Errors
/// A syntax error in the (decoded) text, with its position in that text.
pub fn read<'a>(bytes: &'a [u8], options: &DecodeOptions) -> Result<Document<'a>, Error> {
    if let Some(format) = crate::format::sniff(bytes) {
        return Err(Error::new(crate::ErrorKind::NotSgf(format), 0..0, bytes));
    }
    let (text, mut doc) = decode(bytes, options);
    let opts = ParseOptions::default();
    let mut warnings = Vec::new();
    let collection = match text {
        Cow::Borrowed(b) => Collection::parse_with(b, &opts, &mut warnings)?,
        Cow::Owned(v) => Collection::parse_owned(v, &opts, &mut warnings)?,
    };
    doc.parse_warnings = warnings;
    Ok(doc.with(collection))
}

/// Reads `bytes` as every `sgfkit` command does: the encoding is found as
/// [`read`] finds it, then the lenient reader
/// ([`parse_lenient`]) repairs whatever does not
/// follow the grammar, reporting each repair in
/// [`Document::diagnostics`]. It never fails: input with no game tree gives
/// an empty collection and a diagnostic saying so.
///
/// ```
/// // An unescaped `]` in a comment, the most common defect of real files.
/// let doc = sgfkit::read_lenient(b"(;C[foo [3d]: bar];B[aa])", &Default::default(), &Default::default());
/// let root = doc.collection().games().next().unwrap();
/// assert_eq!(root.get("C").unwrap().value(), b"foo [3d\\]: bar");
/// assert_eq!(doc.diagnostics()[0].code, sgfkit::check::Code::L008);
/// ```
pub fn read_lenient<'a>(
    bytes: &'a [u8],
    options: &DecodeOptions,
    parse: &ParseOptions,
) -> Document<'a> {
    let (text, mut doc) = decode(bytes, options);
    let (collection, diagnostics) = match text {
        Cow::Borrowed(b) => parse_lenient(b, parse),
        Cow::Owned(v) => {
            let (c, d) = parse_lenient(&v, parse);
            (c.into_owned(), d)
        }
    };
    doc.diagnostics = diagnostics;
    doc.with(collection)
}

/// Decodes `bytes` to UTF-8 and starts a document (its tree still empty).
/// A known format that is not SGF ([`crate::format::sniff`]) is left as it
/// is, for the reader to name.
fn decode<'a>(bytes: &'a [u8], options: &DecodeOptions) -> (Cow<'a, [u8]>, Document<'a>) {
    if crate::format::sniff(bytes).is_some() {
        let doc = Document {
            collection: Collection::new(),
            trees: Vec::new(),
            transcoded: false,
            encoding_warnings: Vec::new(),
            parse_warnings: Vec::new(),
            diagnostics: Vec::new(),
        };
        return (Cow::Borrowed(bytes), doc);
    }
    let Decoded {
        text,
        detection,
        transcoded,
        warnings,
        trees,
    } = encoding::to_utf8_per_tree(bytes, options);
    let mut encoding_warnings = detection.warnings;
    // A tree's own detection repeats the whole input's for a file of one
    // tree: each problem once.
    for t in &trees {
        for w in &t.detection.warnings {
            if !encoding_warnings.contains(w) {
                encoding_warnings.push(w.clone());
            }
        }
    }
    encoding_warnings.extend(warnings);
    let doc = Document {
        collection: Collection::new(),
        trees,
        transcoded,
        encoding_warnings,
        parse_warnings: Vec::new(),
        diagnostics: Vec::new(),
    };
    (text, doc)
}

impl<'a> Document<'a> {
    /// Puts the tree in, marking transcoded trees `CA[UTF-8]`.
    fn with(mut self, mut collection: Collection<'a>) -> Self {
        if self.transcoded {
            collection.mark_roots_utf8();
        }
        self.collection = collection;
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf8_input_is_borrowed_and_unchanged() {
        let src = "(;CA[UTF-8]PB[李昌镐])".as_bytes();
        let doc = read(src, &DecodeOptions::default()).unwrap();
        assert!(!doc.transcoded());
        assert_eq!(doc.collection().source().as_ptr(), src.as_ptr());
        assert_eq!(doc.collection().to_string(), "(;CA[UTF-8]PB[李昌镐])\n");
    }

    #[test]
    fn gbk_with_ca_is_transcoded_and_marked() {
        // 李昌镐 in GBK.
        let src = b"(;CA[GBK]PB[\xc0\xee\xb2\xfd\xb8\xe4];B[pd])";
        let doc = read(src, &DecodeOptions::default()).unwrap();
        assert!(doc.transcoded());
        assert_eq!(
            doc.collection().to_string(),
            "(;CA[UTF-8]PB[李昌镐]\n;B[pd])\n"
        );
        assert!(doc.encoding_warnings().is_empty());
    }

    #[test]
    fn shift_jis_second_byte_bracket_does_not_end_the_value() {
        // 表 in Shift_JIS is 0x95 0x5C: its second byte is a backslash.
        let src = b"(;CA[Shift_JIS]C[\x95\x5c];B[aa])";
        let doc = read(src, &DecodeOptions::default()).unwrap();
        let root = doc.collection().games().next().unwrap();
        assert_eq!(root.get("C").unwrap().value(), "表".as_bytes());
        assert_eq!(doc.collection().node_count(), 2);
    }

    #[test]
    fn syntax_errors_still_have_positions() {
        let err = read(b"(;CA[latin1]C[caf\xe9", &DecodeOptions::default()).unwrap_err();
        assert!(err.to_string().starts_with("1:19: expected `]`"), "{err}");
    }
}
