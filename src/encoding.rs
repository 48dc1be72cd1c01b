//! Character encodings: detecting the charset of an SGF file and turning it into UTF-8.
//!
//! SGF keeps identifiers and most values in ASCII, but `SimpleText` and `Text` values are
//! written in the charset named by the root property `CA` (default ISO-8859-1). In practice
//! `CA` is often missing or wrong, so this module follows a detection pipeline:
//!
//! 1. a charset forced by the caller ([`DecodeOptions::force`]);
//! 2. a byte-order mark (UTF-8, UTF-16 LE/BE, UTF-32 LE/BE);
//! 3. UTF-16/UTF-32 without a BOM, recognised by the zero bytes around the ASCII structure;
//! 4. the `CA` value of the first game tree's root node, read from the raw bytes;
//! 5. valid UTF-8 (pure ASCII counts as valid UTF-8), or UTF-8 with a few damaged characters
//!    ([`Reason::MostlyUtf8`]);
//! 6. a statistical guess ([`chardetng`]) fed with the non-ASCII property values;
//! 7. the caller's default, else ISO-8859-1 as the specification says.
//!
//! # Why transcoding must come first for some charsets
//!
//! In Shift_JIS, Big5, GBK and GB18030 the second byte of a two-byte character may be `0x5C`
//! (`\`) or `0x5D` (`]`); in UTF-16, UTF-32 and ISO-2022-JP ASCII bytes occur inside
//! characters as well. A byte-level SGF grammar would end values at the wrong place, so such
//! input has to go through [`to_utf8`] before parsing. For ASCII-safe charsets (see
//! [`is_ascii_safe`]) values can be parsed on raw bytes and decoded one by one with
//! [`decode_value`].
//!
//! # Names
//!
//! `encoding_rs` follows the WHATWG Encoding Standard, where `ISO-8859-1` and `US-ASCII`
//! mean windows-1252 (a superset that gives meaning to bytes 0x80–0x9F) and `GB2312` means
//! GBK (a superset). UTF-32 is not part of that standard; this module decodes it by hand,
//! hence the [`Charset`] wrapper.
//!
//! # A `CA` that contradicts the bytes
//!
//! A known `CA` is honoured even when the bytes are malformed under it, or are valid UTF-8
//! declared as something else; [`Detection::warnings`] then holds a
//! [`WarningKind::CaMismatch`]. [`DecodeOptions::prefer_utf8_over_ca`] picks UTF-8 instead
//! when the input is valid UTF-8. Unknown labels are ignored with [`WarningKind::UnknownCa`].
//!
//! # Damaged UTF-8
//!
//! Most files of the Fox (foxwq) server collection are not GBK, as their bytes might suggest,
//! but UTF-8 in which some bytes were replaced by `?` on a trip through a legacy charset.
//! Decoding them as GBK would produce mojibake and even swallow `]`; they are recognised
//! ([`Reason::MostlyUtf8`]) and decoded as UTF-8 with U+FFFD where the damage is.
//!
//! # Writing back
//!
//! [`to_utf8`] leaves the `CA` value in the text as it was; [`rewrite_ca_to_utf8`] sets
//! `CA[UTF-8]`, and [`encode_from_utf8`] writes text in another charset.
//!
//! The `encoding_rs` crate is re-exported as `sgfkit::encoding::encoding_rs` for its
//! encoding constants.
//!
//! ```
//! use sgfkit::encoding::{to_utf8, DecodeOptions, Reason};
//!
//! // "Go" in Japanese written in Shift_JIS, with CA after the comment.
//! let input = b"(;C[\x8c\xe9]CA[Shift_JIS])";
//! let decoded = to_utf8(input, &DecodeOptions::default());
//! assert_eq!(decoded.detection.reason, Reason::CaProperty);
//! assert_eq!(decoded.text.as_ref(), "(;C[碁]CA[Shift_JIS])".as_bytes());
//! ```

use crate::Position;
use crate::error::{LineContext, PositionCursor, SourceLine};
use std::borrow::Cow;
use std::fmt;
use std::ops::Range;

pub use encoding_rs;
use encoding_rs::{DecoderResult, EncoderResult, Encoding};

/// A character encoding: one of `encoding_rs`'s encodings, or UTF-32 (decoded by this module).
///
/// Every function of this module that takes a charset accepts `impl Into<Charset>`, so an
/// `encoding_rs` constant can be passed directly.
///
/// ```
/// use sgfkit::encoding::Charset;
///
/// let c: Charset = encoding_rs::SHIFT_JIS.into();
/// assert_eq!(c.name(), "Shift_JIS");
/// assert_eq!(Charset::Utf32Le.name(), "UTF-32LE");
/// ```
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Charset {
    /// An encoding of the WHATWG Encoding Standard, as implemented by `encoding_rs`.
    Encoding(&'static Encoding),
    /// UTF-32, little-endian.
    Utf32Le,
    /// UTF-32, big-endian.
    Utf32Be,
}

impl Charset {
    /// UTF-8.
    ///
    /// ```
    /// assert_eq!(sgfkit::encoding::Charset::UTF_8.name(), "UTF-8");
    /// ```
    pub const UTF_8: Charset = Charset::Encoding(encoding_rs::UTF_8);

    /// The canonical name (the WHATWG name, or `UTF-32LE`/`UTF-32BE`).
    ///
    /// ```
    /// use sgfkit::encoding::Charset;
    /// assert_eq!(Charset::from(encoding_rs::GBK).name(), "GBK");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Charset::Encoding(e) => e.name(),
            Charset::Utf32Le => "UTF-32LE",
            Charset::Utf32Be => "UTF-32BE",
        }
    }

    /// The `encoding_rs` encoding, or `None` for UTF-32.
    ///
    /// ```
    /// use sgfkit::encoding::Charset;
    /// assert_eq!(Charset::Utf32Be.encoding(), None);
    /// assert_eq!(Charset::UTF_8.encoding(), Some(encoding_rs::UTF_8));
    /// ```
    pub fn encoding(self) -> Option<&'static Encoding> {
        match self {
            Charset::Encoding(e) => Some(e),
            _ => None,
        }
    }

    /// Whether this is a Unicode encoding (UTF-8, UTF-16, UTF-32): every character can be
    /// written in it.
    ///
    /// ```
    /// use sgfkit::encoding::Charset;
    /// assert!(Charset::Utf32Le.is_unicode());
    /// assert!(!Charset::from(encoding_rs::BIG5).is_unicode());
    /// ```
    pub fn is_unicode(self) -> bool {
        match self {
            Charset::Encoding(e) => {
                e == encoding_rs::UTF_8 || e == encoding_rs::UTF_16LE || e == encoding_rs::UTF_16BE
            }
            _ => true,
        }
    }

    /// Whether this is UTF-16 or UTF-32, where even ASCII characters take several bytes.
    ///
    /// ```
    /// use sgfkit::encoding::Charset;
    /// assert!(Charset::from(encoding_rs::UTF_16BE).is_wide());
    /// assert!(!Charset::UTF_8.is_wide());
    /// ```
    pub fn is_wide(self) -> bool {
        match self {
            Charset::Encoding(e) => e == encoding_rs::UTF_16LE || e == encoding_rs::UTF_16BE,
            _ => true,
        }
    }

    /// Same charset family for the purpose of comparing a declared `CA` with a BOM
    /// (UTF-16 LE and BE are one family, so are UTF-32 LE and BE).
    fn same_family(self, other: Charset) -> bool {
        let family = |c: Charset| match c {
            Charset::Encoding(e) if e == encoding_rs::UTF_16LE || e == encoding_rs::UTF_16BE => {
                "utf-16"
            }
            Charset::Utf32Le | Charset::Utf32Be => "utf-32",
            c => c.name(),
        };
        family(self) == family(other)
    }
}

impl From<&'static Encoding> for Charset {
    fn from(e: &'static Encoding) -> Self {
        Charset::Encoding(e)
    }
}

impl fmt::Debug for Charset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl fmt::Display for Charset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a charset was chosen.
///
/// ```
/// use sgfkit::encoding::{detect, DecodeOptions, Reason};
/// assert_eq!(detect(b"(;C[plain])", &DecodeOptions::default()).reason, Reason::ValidUtf8);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Reason {
    /// The caller forced it ([`DecodeOptions::force`]).
    Forced,
    /// A byte-order mark.
    Bom,
    /// UTF-16 or UTF-32 without a BOM, recognised by the zero bytes around ASCII characters.
    WideAscii,
    /// The root node's `CA` property.
    CaProperty,
    /// No usable `CA`, and the input is valid UTF-8 (or plain ASCII).
    ValidUtf8,
    /// No usable `CA`; the input is UTF-8 with a few damaged characters: most malformed
    /// sequences sit next to a `?` (bytes lost in a round trip through a legacy charset, as in
    /// many Fox/QQ server files), or valid multi-byte characters far outnumber malformed
    /// sequences. Decoded as UTF-8 with U+FFFD for the damage.
    MostlyUtf8,
    /// No usable `CA`, not UTF-8: a statistical guess over the property values.
    Guessed,
    /// Nothing better: the caller's default, else ISO-8859-1 (the SGF default). Also used when
    /// the guesser proposed a non-CJK single-byte charset from fewer than 16 non-ASCII bytes,
    /// or a CJK charset from a single non-ASCII byte.
    Default,
}

/// What a warning is about.
///
/// ```
/// use sgfkit::encoding::{detect, DecodeOptions, WarningKind};
/// let d = detect(b"(;CA[klingon])", &DecodeOptions::default());
/// assert_eq!(d.warnings[0].kind, WarningKind::UnknownCa);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WarningKind {
    /// `CA` names no charset this module knows (or one it cannot decode); it was ignored.
    UnknownCa,
    /// `CA` names a charset under which the bytes look wrong (malformed sequences, or valid
    /// UTF-8 declared as something else), or that contradicts a byte-order mark.
    CaMismatch,
    /// The root node has several `CA` properties with different values; the first counts.
    MultipleCa,
    /// A byte sequence that is malformed in the chosen charset; it became U+FFFD.
    Malformed,
}

/// A problem found while detecting or decoding.
///
/// ```
/// use sgfkit::encoding::{to_utf8, DecodeOptions, WarningKind};
/// let d = to_utf8(b"(;CA[UTF-8]C[a\xffb])", &DecodeOptions::default());
/// let w = &d.warnings[0];
/// assert_eq!((w.kind, w.offset), (WarningKind::Malformed, 14));
/// assert_eq!(w.position.to_string(), "1:15");
/// assert_eq!(w.line().unwrap().carets, "^");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EncodingWarning {
    /// Byte offset in the original input.
    pub offset: usize,
    /// What kind of problem.
    pub kind: WarningKind,
    /// A human-readable description.
    pub message: String,
    /// Line and column of `offset` in the input.
    pub position: Position,
    /// The bytes around `offset`, for [`EncodingWarning::line`]: with the
    /// position, they let the input go once it is decoded
    /// ([`read_owned`](crate::read_owned) keeps no copy of it).
    context: Option<LineContext>,
}

impl EncodingWarning {
    /// A warning at `offset`, not yet placed: [`place`] gives it its
    /// position and the bytes of its line once every warning of the input
    /// is known.
    fn new(offset: usize, kind: WarningKind, message: String) -> Self {
        EncodingWarning {
            offset,
            kind,
            message,
            position: Position { line: 1, column: 1 },
            context: None,
        }
    }

    /// The input's line at `offset` (a window of it), to show under the
    /// warning; `None` for an empty input.
    pub fn line(&self) -> Option<SourceLine> {
        self.context.as_ref().and_then(LineContext::line)
    }

    /// The bytes of the input around `offset` that [`EncodingWarning::line`]
    /// is made from, for a caller that makes the line later, if at all.
    pub fn context(&self) -> Option<&LineContext> {
        self.context.as_ref()
    }
}

/// Gives each of `warnings` its position in `bytes`, the input their
/// offsets count in, and the bytes its line is made from: one pass over
/// the input, up to the last one.
fn place<'w>(bytes: &[u8], warnings: impl IntoIterator<Item = &'w mut EncodingWarning>) {
    let mut all: Vec<&mut EncodingWarning> = warnings.into_iter().collect();
    all.sort_by_key(|w| w.offset);
    let mut cursor = PositionCursor::new(bytes);
    for w in all {
        w.position = cursor.position(w.offset);
        w.context = LineContext::of(bytes, w.offset);
    }
}

/// The outcome of [`detect`].
///
/// A `CA` that names a charset under which the bytes are clearly wrong is still honoured
/// (unless [`DecodeOptions::prefer_utf8_over_ca`] applies), with a
/// [`WarningKind::CaMismatch`] warning in `warnings`.
///
/// ```
/// use sgfkit::encoding::{detect, DecodeOptions, Reason};
/// let d = detect(b"(;FF[4]CA[euc-kr]PB[\xc0\xcc])", &DecodeOptions::default());
/// assert_eq!((d.charset.name(), d.reason), ("EUC-KR", Reason::CaProperty));
/// assert_eq!(d.declared.as_deref(), Some("euc-kr"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Detection {
    /// The chosen charset.
    pub charset: Charset,
    /// Why it was chosen.
    pub reason: Reason,
    /// The root `CA` value as written (escapes removed, trimmed), whether or not it was used.
    pub declared: Option<String>,
    /// Problems found while detecting (unknown or contradicted `CA`, ...).
    pub warnings: Vec<EncodingWarning>,
}

/// Options for [`detect`] and [`to_utf8`]; build with the methods, start from `default()`.
///
/// ```
/// use sgfkit::encoding::{detect, DecodeOptions, Reason};
/// let opts = DecodeOptions::new().force(encoding_rs::GBK);
/// assert_eq!(detect(b"(;CA[UTF-8])", &opts).reason, Reason::Forced);
/// ```
#[derive(Clone, Debug)]
pub struct DecodeOptions {
    forced: Option<Charset>,
    default: Option<Charset>,
    guess: bool,
    prefer_utf8_over_ca: bool,
    tld: Option<Vec<u8>>,
}

impl Default for DecodeOptions {
    fn default() -> Self {
        DecodeOptions {
            forced: None,
            default: None,
            guess: true,
            prefer_utf8_over_ca: false,
            tld: None,
        }
    }
}

impl DecodeOptions {
    /// The default options: detect everything, guess when needed, honour `CA`.
    ///
    /// ```
    /// let _ = sgfkit::encoding::DecodeOptions::new();
    /// ```
    pub fn new() -> Self {
        Self::default()
    }

    /// Use this charset whatever the input says (BOM and `CA` included).
    ///
    /// ```
    /// use sgfkit::encoding::{to_utf8, DecodeOptions};
    /// let d = to_utf8(b"(;C[\xe9])", &DecodeOptions::new().force(encoding_rs::WINDOWS_1252));
    /// assert_eq!(d.text.as_ref(), "(;C[é])".as_bytes());
    /// ```
    pub fn force(mut self, charset: impl Into<Charset>) -> Self {
        self.forced = Some(charset.into());
        self
    }

    /// The charset to use when nothing else decides (instead of ISO-8859-1). With guessing on,
    /// it is only used when the guesser had nothing to look at.
    ///
    /// ```
    /// use sgfkit::encoding::{detect, DecodeOptions, Reason};
    /// let opts = DecodeOptions::new().default_charset(encoding_rs::GBK).guess(false);
    /// let d = detect(b"(;PB[\xb9\xc5])", &opts);
    /// assert_eq!((d.charset.name(), d.reason), ("GBK", Reason::Default));
    /// ```
    pub fn default_charset(mut self, charset: impl Into<Charset>) -> Self {
        self.default = Some(charset.into());
        self
    }

    /// Whether to run the statistical guesser on input without a usable `CA` that is not
    /// UTF-8 (default `true`).
    ///
    /// ```
    /// use sgfkit::encoding::{detect, DecodeOptions, Reason};
    /// let d = detect(b"(;PB[\xb9\xc5])", &DecodeOptions::new().guess(false));
    /// assert_eq!((d.charset.name(), d.reason), ("windows-1252", Reason::Default));
    /// ```
    pub fn guess(mut self, on: bool) -> Self {
        self.guess = on;
        self
    }

    /// When `CA` names a charset other than UTF-8 but the input is valid UTF-8 containing
    /// non-ASCII characters, choose UTF-8 (reason [`Reason::ValidUtf8`]) instead of the
    /// declared charset. Default `false`: `CA` is honoured and a warning is reported.
    ///
    /// ```
    /// use sgfkit::encoding::{detect, DecodeOptions, Reason};
    /// let input = "(;CA[Shift_JIS]PB[碁])".as_bytes();
    /// assert_eq!(detect(input, &DecodeOptions::new()).reason, Reason::CaProperty);
    /// let d = detect(input, &DecodeOptions::new().prefer_utf8_over_ca(true));
    /// assert_eq!((d.charset.name(), d.reason), ("UTF-8", Reason::ValidUtf8));
    /// ```
    pub fn prefer_utf8_over_ca(mut self, on: bool) -> Self {
        self.prefer_utf8_over_ca = on;
        self
    }

    /// A top-level domain (lower-case ASCII, such as `"cn"`, `"jp"`, `"kr"`, `"tw"`) that
    /// tells the guesser which legacy charsets are likely.
    /// Anything that is not lower-case ASCII letters is ignored.
    ///
    /// ```
    /// use sgfkit::encoding::DecodeOptions;
    /// let _ = DecodeOptions::new().region_hint("cn");
    /// ```
    pub fn region_hint(mut self, tld: &str) -> Self {
        self.tld = if !tld.is_empty() && tld.bytes().all(|b| b.is_ascii_lowercase()) {
            Some(tld.as_bytes().to_vec())
        } else {
            None
        };
        self
    }
}

/// The input turned into UTF-8, with how it was done. See [`to_utf8`].
///
/// ```
/// use sgfkit::encoding::{to_utf8, DecodeOptions};
/// let d = to_utf8(b"(;C[ok])", &DecodeOptions::default());
/// assert!(!d.transcoded);
/// assert!(matches!(d.text, std::borrow::Cow::Borrowed(_)));
/// ```
#[derive(Clone, Debug)]
pub struct Decoded<'a> {
    /// The text, always valid UTF-8, without a BOM. The `CA` value inside is left as it was:
    /// use [`rewrite_ca_to_utf8`] before writing it out again.
    pub text: Cow<'a, [u8]>,
    /// How the charset was chosen (for [`to_utf8_per_tree`]: the first game tree's).
    pub detection: Detection,
    /// Whether the bytes were converted (`false` when `text` borrows the input).
    pub transcoded: bool,
    /// Decoding problems (malformed sequences); detection problems are in
    /// `detection.warnings` (and in each tree's detection).
    pub warnings: Vec<EncodingWarning>,
    /// One entry per game tree for [`to_utf8_per_tree`]; empty for [`to_utf8`].
    pub trees: Vec<TreeDecoding>,
}

impl Decoded<'_> {
    /// The text as `&str` (it is always valid UTF-8).
    ///
    /// ```
    /// use sgfkit::encoding::{to_utf8, DecodeOptions};
    /// assert_eq!(to_utf8(b"(;)", &DecodeOptions::default()).as_str(), "(;)");
    /// ```
    pub fn as_str(&self) -> &str {
        // `text` is built from `str` data or checked UTF-8; a failure here is a bug.
        std::str::from_utf8(&self.text).unwrap_or_default()
    }

    /// Every warning: detection warnings (of every tree) first, then decoding warnings.
    ///
    /// ```
    /// use sgfkit::encoding::{to_utf8, DecodeOptions};
    /// let d = to_utf8(b"(;CA[nope]C[x])", &DecodeOptions::default());
    /// assert_eq!(d.all_warnings().count(), 1);
    /// ```
    pub fn all_warnings(&self) -> impl Iterator<Item = &EncodingWarning> {
        let detection: Box<dyn Iterator<Item = &EncodingWarning>> = if self.trees.is_empty() {
            Box::new(self.detection.warnings.iter())
        } else {
            Box::new(self.trees.iter().flat_map(|t| t.detection.warnings.iter()))
        };
        detection.chain(self.warnings.iter())
    }

    /// The same without its text, which is given apart when it was owned
    /// (empty when it borrowed).
    pub(crate) fn without_text(self) -> (Decoded<'static>, Vec<u8>) {
        let text = match self.text {
            Cow::Owned(v) => v,
            Cow::Borrowed(_) => Vec::new(),
        };
        let d = Decoded {
            text: Cow::Borrowed(&[]),
            detection: self.detection,
            transcoded: self.transcoded,
            warnings: self.warnings,
            trees: self.trees,
        };
        (d, text)
    }
}

/// How one game tree of a collection was decoded by [`to_utf8_per_tree`].
///
/// ```
/// use sgfkit::encoding::{to_utf8_per_tree, DecodeOptions};
/// let d = to_utf8_per_tree(b"(;CA[UTF-8])(;CA[GBK])", &DecodeOptions::default());
/// assert_eq!(d.trees[1].input, 12..22);
/// assert_eq!(d.trees[1].detection.charset.name(), "GBK");
/// assert!(!d.trees[0].transcoded); // UTF-8 already: its text is its bytes
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeDecoding {
    /// The tree's byte range in the original input.
    pub input: Range<usize>,
    /// The tree's byte range in [`Decoded::text`].
    pub output: Range<usize>,
    /// How the tree's charset was chosen.
    pub detection: Detection,
    /// Whether the tree's bytes were converted: `false` when its text is
    /// its bytes (UTF-8 already, or ASCII in a charset that keeps ASCII).
    pub transcoded: bool,
}

// ---------------------------------------------------------------------------------------------
// Labels

/// The charset named by a `CA` value: WHATWG labels (which cover most RFC 1345 / IANA names),
/// UTF-32, and names seen in SGF files (`UTF8`, `GB2312`, `EUC-CN`, `CP936`, `SJIS`,
/// `Shift-JIS`, `MS_KANJI`, `CP932`, `EUC_KR`, `CP949`, `UHC`, `Big5-HKSCS`, `CP950`,
/// `ISO8859-1`, `Latin-1`, `ASCII`, `MacRoman`, `UTF16LE`, `UCS-2`...). Case, surrounding
/// spaces and the separators `-`, `_`, `.`, space do not matter.
///
/// Returns `None` for unknown names and for charsets that cannot be decoded here
/// (HZ-GB-2312, ISO-2022-KR, ISO-2022-CN, UTF-7...).
///
/// ```
/// use sgfkit::encoding::encoding_for_label;
/// assert_eq!(encoding_for_label("GB2312").unwrap().name(), "GBK");
/// assert_eq!(encoding_for_label(" sjis ").unwrap().name(), "Shift_JIS");
/// assert_eq!(encoding_for_label("ISO8859_15").unwrap().name(), "ISO-8859-15");
/// assert_eq!(encoding_for_label("UTF-32").unwrap().name(), "UTF-32LE");
/// assert!(encoding_for_label("HZ-GB-2312").is_none());
/// ```
pub fn encoding_for_label(name: &str) -> Option<Charset> {
    match crate::charset::charset_name(name)? {
        "UTF-32LE" => Some(Charset::Utf32Le),
        "UTF-32BE" => Some(Charset::Utf32Be),
        name => Encoding::for_label_no_replacement(name.as_bytes()).map(Charset::from),
    }
}

/// Whether `]`, `\` and the other ASCII bytes that SGF's grammar looks at only ever mean
/// themselves in this charset, so that values can be delimited on raw bytes and decoded
/// lazily with [`decode_value`].
///
/// True for UTF-8, the single-byte charsets (ISO-8859-x, windows-125x, KOI8, Mac), EUC-JP
/// and EUC-KR (whose Windows extension uses ASCII letters, never `]` or `\`, as second
/// bytes). False for Shift_JIS, Big5, GBK, GB18030, ISO-2022-JP, UTF-16 and UTF-32: such
/// input must be transcoded with [`to_utf8`] before parsing.
///
/// ```
/// use sgfkit::encoding::is_ascii_safe;
/// assert!(is_ascii_safe(encoding_rs::WINDOWS_1251));
/// assert!(is_ascii_safe(encoding_rs::EUC_KR));
/// assert!(!is_ascii_safe(encoding_rs::SHIFT_JIS));
/// assert!(!is_ascii_safe(encoding_rs::UTF_16LE));
/// ```
pub fn is_ascii_safe(charset: impl Into<Charset>) -> bool {
    match charset.into() {
        Charset::Encoding(e) => {
            use encoding_rs as r;
            e.is_ascii_compatible()
                && e != r::SHIFT_JIS
                && e != r::BIG5
                && e != r::GBK
                && e != r::GB18030
        }
        Charset::Utf32Le | Charset::Utf32Be => false,
    }
}

mod decode;
mod detect;
mod scan;

pub(crate) use decode::to_utf8_per_tree_owned;
pub use decode::{
    can_encode, decode_value, encode_from_utf8, rewrite_ca_to_utf8, to_utf8, to_utf8_per_tree,
};
pub use detect::{detect, guess_text};

#[cfg(test)]
mod tests;
