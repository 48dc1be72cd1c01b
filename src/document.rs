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
}

/// Reads `bytes` in whatever encoding they are into a UTF-8 [`Collection`].
///
/// # Errors
/// A syntax error in the (decoded) text, with its position in that text.
pub fn read<'a>(bytes: &'a [u8], options: &DecodeOptions) -> Result<Document<'a>, Error> {
    let Decoded {
        text,
        detection,
        transcoded,
        warnings,
        trees,
    } = encoding::to_utf8_per_tree(bytes, options);
    let mut encoding_warnings = detection.warnings;
    for t in &trees {
        encoding_warnings.extend(t.detection.warnings.iter().cloned());
    }
    encoding_warnings.extend(warnings);
    let mut parse_warnings = Vec::new();
    let opts = ParseOptions::default();
    let mut collection = match text {
        Cow::Borrowed(b) => Collection::parse_with(b, &opts, &mut parse_warnings)?,
        Cow::Owned(v) => Collection::parse_owned(v, &opts, &mut parse_warnings)?,
    };
    if transcoded {
        let roots: Vec<_> = collection.games().map(|g| g.id()).collect();
        for root in roots {
            // A root node always exists; setting a valid value cannot fail.
            let _ = collection.set_property(root, "CA", ["UTF-8"]);
        }
    }
    Ok(Document {
        collection,
        trees,
        transcoded,
        encoding_warnings,
        parse_warnings,
    })
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
