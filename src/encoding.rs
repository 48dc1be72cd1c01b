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
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EncodingWarning {
    /// Byte offset in the original input.
    pub offset: usize,
    /// What kind of problem.
    pub kind: WarningKind,
    /// A human-readable description.
    pub message: String,
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
}

/// How one game tree of a collection was decoded by [`to_utf8_per_tree`].
///
/// ```
/// use sgfkit::encoding::{to_utf8_per_tree, DecodeOptions};
/// let d = to_utf8_per_tree(b"(;CA[UTF-8])(;CA[GBK])", &DecodeOptions::default());
/// assert_eq!(d.trees[1].input, 12..22);
/// assert_eq!(d.trees[1].detection.charset.name(), "GBK");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeDecoding {
    /// The tree's byte range in the original input.
    pub input: Range<usize>,
    /// The tree's byte range in [`Decoded::text`].
    pub output: Range<usize>,
    /// How the tree's charset was chosen.
    pub detection: Detection,
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
    let trimmed = name.trim();
    if trimmed.is_empty() {
        return None;
    }
    let squashed: String = trimmed
        .chars()
        .filter(|c| !matches!(c, '-' | '_' | '.' | ' '))
        .flat_map(char::to_lowercase)
        .collect();
    use encoding_rs as e;
    let alias: Option<Charset> = match squashed.as_str() {
        "utf8" | "unicode11utf8" | "unicode20utf8" | "xunicode20utf8" => Some(e::UTF_8.into()),
        "utf16" | "utf16le" | "ucs2" | "ucs2le" | "unicode" | "unicodefeff" => {
            Some(e::UTF_16LE.into())
        }
        "utf16be" | "ucs2be" | "unicodefffe" => Some(e::UTF_16BE.into()),
        "utf32" | "utf32le" | "ucs4" | "ucs4le" => Some(Charset::Utf32Le),
        "utf32be" | "ucs4be" => Some(Charset::Utf32Be),
        "gb2312" | "euccn" | "gb231280" | "cp936" | "ms936" | "windows936" | "gbk" | "xgbk"
        | "chinese" | "cngb" | "csgb2312" | "xeuccn" => Some(e::GBK.into()),
        "gb18030" | "gb180302000" | "gb180302005" => Some(e::GB18030.into()),
        "shiftjis" | "sjis" | "mskanji" | "cp932" | "ms932" | "windows31j" | "xsjis"
        | "shiftjisx0213" | "csshiftjis" | "xmssjis" => Some(e::SHIFT_JIS.into()),
        "euckr" | "ksc5601" | "ksc56011987" | "cp949" | "ms949" | "uhc" | "windows949"
        | "korean" | "cseuckr" | "xwindows949" => Some(e::EUC_KR.into()),
        "eucjp" | "ujis" | "xeucjp" | "cseucpkdfmtjapanese" => Some(e::EUC_JP.into()),
        "big5" | "big5hkscs" | "cp950" | "ms950" | "windows950" | "xxbig5" | "csbig5"
        | "cnbig5" | "big5et" => Some(e::BIG5.into()),
        "iso88591" | "iso8859" | "latin1" | "l1" | "ascii" | "usascii" | "iso646us" | "cp1252"
        | "ansi" | "cp819" | "ibm819" => Some(e::WINDOWS_1252.into()),
        "macroman" | "macintosh" | "mac" | "xmacroman" | "csmacintosh" => Some(e::MACINTOSH.into()),
        "maccyrillic" | "xmaccyrillic" | "xmacukrainian" => Some(e::X_MAC_CYRILLIC.into()),
        "koi8r" | "koi8" => Some(e::KOI8_R.into()),
        "koi8u" | "koi8ru" => Some(e::KOI8_U.into()),
        "iso2022jp" | "jis" | "csiso2022jp" => Some(e::ISO_2022_JP.into()),
        "tis620" | "cp874" | "windows874" | "iso885911" => Some(e::WINDOWS_874.into()),
        "cp866" | "ibm866" => Some(e::IBM866.into()),
        _ => None,
    };
    if alias.is_some() {
        return alias;
    }
    // `iso8859N`, `windows125N`, `cp125N` written without separators.
    let rebuilt = if let Some(n) = squashed.strip_prefix("iso8859") {
        Some(format!("iso-8859-{n}"))
    } else if let Some(n) = squashed.strip_prefix("cp125") {
        Some(format!("windows-125{n}"))
    } else {
        squashed
            .strip_prefix("windows125")
            .map(|n| format!("windows-125{n}"))
    };
    let candidates = [
        Some(trimmed.to_string()),
        Some(trimmed.replace('_', "-")),
        rebuilt,
    ];
    candidates
        .into_iter()
        .flatten()
        .find_map(|label| Encoding::for_label_no_replacement(label.as_bytes()))
        .map(Charset::from)
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

// ---------------------------------------------------------------------------------------------
// Raw scanning

/// A `CA` property found in a root node.
#[derive(Debug, Clone)]
struct CaHit {
    /// Range of the (first) value's content, inside the brackets.
    value: Range<usize>,
}

/// Root-node facts from a raw scan.
#[derive(Debug, Clone, Default)]
struct RootScan {
    /// Where the root's properties start (just after `;`, or after `(` when `;` is missing).
    properties_start: Option<usize>,
    /// The `CA` properties of the root, in order.
    cas: Vec<CaHit>,
    /// Where the scan stopped (the end of the root node, or of the input).
    end: usize,
}

/// Scans the root node of the game tree starting at or after `start`.
/// With `escapes`, `\` protects the next byte inside values.
fn scan_root(bytes: &[u8], start: usize, escapes: bool) -> RootScan {
    let mut scan = RootScan::default();
    // The root node starts after the first `(` (or at the first `;` when there is no `(`);
    // its `;` may be missing, as in some real files (`(TE[..]..;B[pd])`).
    let rest = &bytes[start.min(bytes.len())..];
    let mut i = match memchr::memchr(b'(', rest).or_else(|| memchr::memchr(b';', rest)) {
        Some(k) => start + k,
        None => {
            scan.end = bytes.len();
            return scan;
        }
    };
    if bytes[i] == b'(' {
        i += 1;
        while i < bytes.len() && bytes[i].is_ascii_whitespace() {
            i += 1;
        }
    }
    if i < bytes.len() && bytes[i] == b';' {
        i += 1;
    }
    scan.properties_start = Some(i);
    // The upper-case letters of the identifier being read, as far as they
    // spell `CA` (FF[1]-FF[3] identifiers may contain lower-case letters,
    // which are dropped): no letter yet, `C`, `CA`, or something else.
    #[derive(Clone, Copy, PartialEq)]
    enum Spelled {
        Nothing,
        C,
        Ca,
        Other,
    }
    let mut ident = Spelled::Nothing;
    let mut in_letters = false; // reading the letters of an identifier
    let mut has_ident = false; // the identifier applies to the values that follow
    while i < bytes.len() {
        let b = bytes[i];
        match b {
            b';' | b'(' | b')' => break,
            b'[' => {
                in_letters = false;
                let end = skip_value(bytes, i, escapes);
                if has_ident && ident == Spelled::Ca {
                    let close = if end > i + 1 && bytes[end - 1] == b']' {
                        end - 1
                    } else {
                        end
                    };
                    scan.cas.push(CaHit {
                        value: i + 1..close,
                    });
                    // Further values of the same CA are ignored.
                    has_ident = false;
                }
                i = end;
                continue;
            }
            b'A'..=b'Z' | b'a'..=b'z' => {
                if !in_letters {
                    ident = Spelled::Nothing;
                    in_letters = true;
                    has_ident = true;
                }
                if b.is_ascii_uppercase() {
                    ident = match (ident, b) {
                        (Spelled::Nothing, b'C') => Spelled::C,
                        (Spelled::C, b'A') => Spelled::Ca,
                        _ => Spelled::Other,
                    };
                }
            }
            b if b.is_ascii_whitespace() => in_letters = false,
            _ => {
                in_letters = false;
                has_ident = false;
            }
        }
        i += 1;
    }
    scan.end = i.min(bytes.len());
    scan
}

/// Given `bytes[open] == b'['`, returns the index just past the closing `]` (or the end).
#[inline]
fn skip_value(bytes: &[u8], open: usize, escapes: bool) -> usize {
    // Most values are a few bytes (`[pd]`): a plain loop over the first
    // ones, then memchr over long values (comments).
    const SHORT: usize = 16;
    let mut i = open + 1;
    let short_end = bytes.len().min(i + SHORT);
    while i < short_end {
        match bytes[i] {
            b'\\' if escapes => i += 2,
            b']' => return i + 1,
            _ => i += 1,
        }
    }
    while i < bytes.len() {
        let hit = if escapes {
            memchr::memchr2(b']', b'\\', &bytes[i..])
        } else {
            memchr::memchr(b']', &bytes[i..])
        };
        match hit {
            None => return bytes.len(),
            Some(k) => {
                i += k;
                if bytes[i] == b']' {
                    return i + 1;
                }
                i += 2;
            }
        }
    }
    bytes.len()
}

/// Removes SGF escapes, trims, and makes a `String` (lossy).
fn unescape_label(raw: &[u8]) -> String {
    let mut out = Vec::with_capacity(raw.len());
    let mut i = 0;
    while i < raw.len() {
        if raw[i] == b'\\' && i + 1 < raw.len() {
            i += 1;
        }
        out.push(raw[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).trim().to_string()
}

/// Top-level game trees of a collection, as byte ranges (each from its `(` to just past its
/// `)`, or to the end of the input for an unterminated tree), from a tolerant raw scan that
/// skips bracketed values (honouring `\` escapes) and ignores junk between trees.
///
/// Limits: the scan works on bytes. It is exact for ASCII-safe charsets ([`is_ascii_safe`]).
/// In Shift_JIS, Big5 and GBK a two-byte character ending in `0x5C` or `0x5D` can end a value
/// early or late, so a split may be wrong in such files; UTF-16/UTF-32 input must be
/// transcoded first. Input without any `(` yields one range over everything, if it contains
/// a `;`.
///
/// ```
/// use sgfkit::encoding::split_game_trees;
/// let input = b"junk (;C[a)b]) \n(;B[aa](;W[bb]))";
/// let trees = split_game_trees(input);
/// assert_eq!(trees.len(), 2);
/// assert_eq!(&input[trees[0].clone()], b"(;C[a)b])");
/// assert_eq!(&input[trees[1].clone()], b"(;B[aa](;W[bb]))");
/// ```
pub fn split_game_trees(bytes: &[u8]) -> Vec<Range<usize>> {
    let mut trees = Vec::new();
    let n = bytes.len();
    let mut i = 0usize;
    // Outside the trees only `(` counts: jump to it.
    'trees: while let Some(k) = memchr::memchr(b'(', &bytes[i..]) {
        let start = i + k;
        let mut depth = 1usize;
        i = start + 1;
        loop {
            let next = bytes[i..]
                .iter()
                .position(|&b| matches!(b, b'[' | b'(' | b')'));
            let Some(off) = next else {
                // Unterminated: the tree runs to the end.
                trees.push(start..n);
                break 'trees;
            };
            i += off;
            match bytes[i] {
                b'[' => {
                    // Where the value's `]` is, as `skip_value` finds it
                    // (the grammar's scan, with its fast paths).
                    i = match crate::grammar::value_end(&bytes[i + 1..]) {
                        Some(e) => i + e + 2,
                        None => n,
                    };
                    continue;
                }
                b'(' => depth += 1,
                _ => {
                    depth -= 1;
                    if depth == 0 {
                        trees.push(start..i + 1);
                        i += 1;
                        continue 'trees;
                    }
                }
            }
            i += 1;
        }
    }
    if trees.is_empty() && memchr::memchr(b';', bytes).is_some() {
        trees.push(0..n);
    }
    trees
}

// ---------------------------------------------------------------------------------------------
// Detection

const UTF8_BOM: &[u8] = b"\xEF\xBB\xBF";

/// A BOM at the start: the charset and the BOM's length.
fn sniff_bom(bytes: &[u8]) -> Option<(Charset, usize)> {
    if bytes.starts_with(b"\xFF\xFE\x00\x00") {
        Some((Charset::Utf32Le, 4))
    } else if bytes.starts_with(b"\x00\x00\xFE\xFF") {
        Some((Charset::Utf32Be, 4))
    } else if bytes.starts_with(UTF8_BOM) {
        Some((Charset::UTF_8, 3))
    } else if bytes.starts_with(b"\xFF\xFE") {
        Some((encoding_rs::UTF_16LE.into(), 2))
    } else if bytes.starts_with(b"\xFE\xFF") {
        Some((encoding_rs::UTF_16BE.into(), 2))
    } else {
        None
    }
}

/// UTF-16/UTF-32 without BOM: ASCII characters padded with zero bytes.
fn sniff_wide(bytes: &[u8]) -> Option<Charset> {
    let prefix = &bytes[..bytes.len().min(256)];
    if prefix.len() < 4 || !prefix.contains(&0) {
        return None;
    }
    // For each unit width and endianness, count units whose padding bytes are all zero and
    // whose low byte is a non-zero ASCII byte.
    let score = |width: usize, big_endian: bool| -> (usize, usize) {
        let units = prefix.len() / width;
        let good = prefix
            .chunks_exact(width)
            .filter(|u| {
                let (low, pad) = if big_endian {
                    (u[width - 1], &u[..width - 1])
                } else {
                    (u[0], &u[1..])
                };
                low != 0 && low < 0x80 && pad.iter().all(|&b| b == 0)
            })
            .count();
        (good, units)
    };
    let candidates = [
        (4, false, Charset::Utf32Le),
        (4, true, Charset::Utf32Be),
        (2, false, Charset::from(encoding_rs::UTF_16LE)),
        (2, true, Charset::from(encoding_rs::UTF_16BE)),
    ];
    candidates.into_iter().find_map(|(w, be, c)| {
        let (good, units) = score(w, be);
        (units > 0 && good * 10 >= units * 8).then_some(c)
    })
}

/// Last resort for Shift_JIS/Big5/GBK input whose values confuse the node scan: the first
/// `CA[label]` (after `]` or whitespace, with a known label) before the first `;B[` or
/// `;W[`.
fn find_ca_pattern(bytes: &[u8], start: usize) -> Option<CaHit> {
    let hay = &bytes[start.min(bytes.len())..];
    // Most trees have no `CA[` at all: say so before looking for the first move.
    memchr::memmem::find(hay, b"CA[")?;
    let limit = [&b";B["[..], b";W["]
        .iter()
        .filter_map(|p| memchr::memmem::find(hay, p))
        .min()
        .unwrap_or(hay.len());
    let hay = &hay[..limit];
    memchr::memmem::find_iter(hay, b"CA[").find_map(|k| {
        let before_ok = k > 0 && (hay[k - 1] == b']' || hay[k - 1].is_ascii_whitespace());
        let open = k + 2;
        let end = skip_value(hay, open, false);
        let close = if end > open + 1 && hay[end - 1] == b']' {
            end - 1
        } else {
            end
        };
        let label = unescape_label(&hay[open + 1..close]);
        (before_ok && encoding_for_label(&label).is_some()).then(|| CaHit {
            value: start + open + 1..start + close,
        })
    })
}

/// The first `CA` of the first game tree's root, from raw (ASCII-compatible) bytes:
/// `(value range, declared text, other differing CA offsets)`.
fn root_ca(bytes: &[u8], start: usize) -> (Option<(Range<usize>, String)>, Vec<EncodingWarning>) {
    let mut scan = scan_root(bytes, start, true);
    let scanned = scan
        .properties_start
        .map_or(0..0, |s| s.min(scan.end)..scan.end);
    if scan.cas.is_empty() && memchr::memchr(b'\\', &bytes[scanned]).is_some() {
        // In Shift_JIS/Big5/GBK a trailing 0x5C looks like an escape: retry without escapes.
        // (Without a backslash in the root the retry would read the same.)
        scan = scan_root(bytes, start, false);
    }
    if scan.cas.is_empty() {
        // A trailing 0x5D ends a value early, and what follows may look like the end of the
        // root node: look for a known `CA[...]` before the first move.
        scan.cas.extend(find_ca_pattern(bytes, start));
    }
    let mut warnings = Vec::new();
    let mut first: Option<(Range<usize>, String)> = None;
    for hit in scan.cas {
        let text = unescape_label(&bytes[hit.value.clone()]);
        match &first {
            None => first = Some((hit.value, text)),
            Some((_, t)) if !t.eq_ignore_ascii_case(&text) => warnings.push(EncodingWarning {
                offset: hit.value.start,
                kind: WarningKind::MultipleCa,
                message: format!("second CA value {text:?} differs from {t:?}; the first counts"),
            }),
            Some(_) => {}
        }
    }
    (first, warnings)
}

/// UTF-8 with a few damaged characters, see [`Reason::MostlyUtf8`].
fn looks_like_damaged_utf8(bytes: &[u8]) -> bool {
    let mut malformed = 0usize;
    let mut next_to_question_mark = 0usize;
    // Characters that start with a byte of a malformed sequence: not
    // counted among the valid ones.
    let mut bad_leads = 0usize;
    let mut rest = bytes;
    let mut base = 0usize;
    while let Err(e) = std::str::from_utf8(rest) {
        let good = e.valid_up_to();
        let bad_len = e.error_len().unwrap_or(rest.len() - good);
        let start = base + good;
        let end = start + bad_len;
        malformed += 1;
        bad_leads += non_ascii_chars(&bytes[start..end]);
        if bytes.get(end) == Some(&b'?') || (start > 0 && bytes[start - 1] == b'?') {
            next_to_question_mark += 1;
        }
        base = end;
        rest = &bytes[end..];
    }
    malformed > 0
        && (next_to_question_mark * 10 >= malformed * 8
            || non_ascii_chars(bytes) - bad_leads >= 2 * malformed)
}

/// The characters of `s` that are not ASCII: in UTF-8, the bytes that start
/// a multi-byte sequence (0xC0 and up), counted bytewise (in byte counters
/// per chunk of 128, a loop the compiler vectorizes).
fn non_ascii_chars(s: &[u8]) -> usize {
    let mut chunks = s.chunks_exact(128);
    let mut n = 0usize;
    for c in &mut chunks {
        let k = c
            .iter()
            .fold(0u8, |acc, &b| acc.wrapping_add(u8::from(b >= 0xC0)));
        n += usize::from(k);
    }
    n + chunks.remainder().iter().filter(|&&b| b >= 0xC0).count()
}

/// Whether pure-ASCII input uses ISO-2022-JP escape sequences for two-byte characters.
fn looks_like_iso_2022_jp(bytes: &[u8]) -> bool {
    memchr::memchr(0x1b, bytes).is_some()
        && bytes.is_ascii()
        && (memchr::memmem::find(bytes, b"\x1b$B").is_some()
            || memchr::memmem::find(bytes, b"\x1b$@").is_some())
}

/// Non-ASCII bytes needed before a single-byte guess other than windows-1252 is trusted.
const MIN_SINGLE_BYTE_EVIDENCE: usize = 16;

/// Feeds the non-ASCII property values to chardetng.
fn guess_charset(bytes: &[u8], tld: Option<&[u8]>) -> Option<&'static Encoding> {
    const BUDGET: usize = 1 << 18;
    let mut det = chardetng::EncodingDetector::new(chardetng::Iso2022JpDetection::Allow);
    let mut fed = 0usize;
    let mut i = 0usize;
    let mut any = false;
    let mut non_ascii = 0usize;
    while i < bytes.len() && fed < BUDGET {
        match memchr::memchr(b'[', &bytes[i..]) {
            None => break,
            Some(k) => {
                let open = i + k;
                let end = skip_value(bytes, open, true);
                let content = &bytes[open + 1..end.max(open + 1)];
                if !content.is_ascii() {
                    non_ascii += content.iter().filter(|b| !b.is_ascii()).count();
                    det.feed(content, false);
                    det.feed(b"\n", false);
                    fed += content.len() + 1;
                    any = true;
                }
                i = end;
            }
        }
    }
    if !any {
        return None;
    }
    det.feed(b"", true);
    let guess = det.guess(tld, chardetng::Utf8Detection::Allow);
    // A few accented bytes say little: keep the SGF default (ISO-8859-1) for short samples
    // rather than trust, say, windows-1250 for one `£` (a CJK guess needs two bytes).
    let cjk = [
        encoding_rs::GBK,
        encoding_rs::GB18030,
        encoding_rs::BIG5,
        encoding_rs::SHIFT_JIS,
        encoding_rs::EUC_JP,
        encoding_rs::EUC_KR,
        encoding_rs::ISO_2022_JP,
    ];
    let needed = if cjk.contains(&guess) {
        2
    } else {
        MIN_SINGLE_BYTE_EVIDENCE
    };
    if guess != encoding_rs::WINDOWS_1252 && non_ascii < needed {
        return None;
    }
    Some(guess)
}

/// Offset of the first malformed sequence of `bytes` in `charset`, if any.
fn first_malformed(bytes: &[u8], charset: Charset) -> Option<usize> {
    if charset == Charset::UTF_8 {
        return std::str::from_utf8(bytes).err().map(|e| e.valid_up_to());
    }
    if charset.encoding().is_some_and(is_ascii_safe) && bytes.is_ascii() {
        return None;
    }
    let mut warnings = Vec::new();
    let _ = decode_into(bytes, 0, charset, &mut warnings, 1);
    warnings.first().map(|w| w.offset)
}

/// Detects the charset of an SGF file (or of one game tree), see the [module](self) docs for
/// the order of the steps. Never fails: the worst case is ISO-8859-1.
///
/// The `CA` of the first game tree's root node is read from the raw bytes; it may stand
/// anywhere in the root node (also after text values); `FF[3]`-style identifiers with
/// lower-case letters count (`ChArset` is not `CA`, `CA` with lower-case letters mixed in is).
/// A `CA` naming an unknown charset is reported ([`WarningKind::UnknownCa`]) and ignored, and
/// so is a `CA` naming UTF-16 or UTF-32 in a file whose structure is 8-bit (no BOM, no zero
/// bytes around the ASCII characters): such files (SGFC's `mixed-encoding.sgf`) hold UTF-16
/// only inside some values, which this module does not decode value by value.
///
/// ```
/// use sgfkit::encoding::{detect, DecodeOptions, Reason, WarningKind};
///
/// let d = detect(b"\xEF\xBB\xBF(;C[x])", &DecodeOptions::default());
/// assert_eq!((d.charset.name(), d.reason), ("UTF-8", Reason::Bom));
///
/// // CA says UTF-8 but the bytes are not: honoured, and reported.
/// let d = detect(b"(;CA[UTF-8]PB[\x8c\xe9])", &DecodeOptions::default());
/// assert_eq!((d.charset.name(), d.reason), ("UTF-8", Reason::CaProperty));
/// assert_eq!(d.warnings[0].kind, WarningKind::CaMismatch);
/// ```
pub fn detect(bytes: &[u8], opts: &DecodeOptions) -> Detection {
    let mut detection = detect_inner(bytes, opts);
    detection.warnings.sort_by_key(|w| w.offset);
    detection
}

fn detect_inner(bytes: &[u8], opts: &DecodeOptions) -> Detection {
    let wide = sniff_bom(bytes)
        .map(|(c, n)| (c, n, Reason::Bom))
        .or_else(|| sniff_wide(bytes).map(|c| (c, 0, Reason::WideAscii)));

    if let Some(charset) = opts.forced {
        let declared = declared_in(bytes, wide.map(|(c, n, _)| (c, n)));
        return Detection {
            charset,
            reason: Reason::Forced,
            declared,
            warnings: Vec::new(),
        };
    }

    if let Some((charset, skip, reason)) = wide {
        let mut warnings = Vec::new();
        let declared = declared_in(bytes, Some((charset, skip)));
        if let Some(label) = &declared {
            match encoding_for_label(label) {
                Some(c) if c.same_family(charset) => {}
                Some(c) => warnings.push(EncodingWarning {
                    offset: 0,
                    kind: WarningKind::CaMismatch,
                    message: format!("CA[{label}] names {c} but the input is {charset}"),
                }),
                None => warnings.push(unknown_ca(0, label)),
            }
        }
        return Detection {
            charset,
            reason,
            declared,
            warnings,
        };
    }

    let (ca, mut warnings) = root_ca(bytes, 0);
    let utf8_ok = std::str::from_utf8(bytes).is_ok();
    let declared = ca.as_ref().map(|(_, t)| t.clone());
    if let Some((range, label)) = &ca {
        match encoding_for_label(label) {
            Some(charset) if charset.is_wide() => warnings.push(EncodingWarning {
                offset: range.start,
                kind: WarningKind::CaMismatch,
                message: format!(
                    "CA[{label}] ignored: the file's structure is 8-bit, not {charset}"
                ),
            }),
            Some(charset) => {
                let utf8_instead = charset != Charset::UTF_8 && utf8_ok && !bytes.is_ascii();
                if utf8_instead && opts.prefer_utf8_over_ca {
                    warnings.push(EncodingWarning {
                        offset: range.start,
                        kind: WarningKind::CaMismatch,
                        message: format!(
                            "CA[{label}] ignored: the input is valid UTF-8 with non-ASCII characters"
                        ),
                    });
                    return Detection {
                        charset: Charset::UTF_8,
                        reason: Reason::ValidUtf8,
                        declared,
                        warnings,
                    };
                }
                if let Some(bad) = first_malformed(bytes, charset) {
                    warnings.push(EncodingWarning {
                        offset: bad,
                        kind: WarningKind::CaMismatch,
                        message: format!(
                            "CA[{label}] honoured, but the input is not valid {charset} (first malformed sequence at offset {bad})"
                        ),
                    });
                } else if utf8_instead {
                    warnings.push(EncodingWarning {
                        offset: range.start,
                        kind: WarningKind::CaMismatch,
                        message: format!(
                            "CA[{label}] honoured, but the input is valid UTF-8 with non-ASCII characters"
                        ),
                    });
                }
                return Detection {
                    charset,
                    reason: Reason::CaProperty,
                    declared,
                    warnings,
                };
            }
            None => warnings.push(unknown_ca(range.start, label)),
        }
    }

    if utf8_ok {
        if looks_like_iso_2022_jp(bytes) {
            return Detection {
                charset: encoding_rs::ISO_2022_JP.into(),
                reason: Reason::Guessed,
                declared,
                warnings,
            };
        }
        return Detection {
            charset: Charset::UTF_8,
            reason: Reason::ValidUtf8,
            declared,
            warnings,
        };
    }
    if looks_like_damaged_utf8(bytes) {
        return Detection {
            charset: Charset::UTF_8,
            reason: Reason::MostlyUtf8,
            declared,
            warnings,
        };
    }
    if let Some(enc) = opts
        .guess
        .then(|| guess_charset(bytes, opts.tld.as_deref()))
        .flatten()
    {
        return Detection {
            charset: enc.into(),
            reason: Reason::Guessed,
            declared,
            warnings,
        };
    }
    Detection {
        charset: opts
            .default
            .unwrap_or(Charset::Encoding(encoding_rs::WINDOWS_1252)),
        reason: Reason::Default,
        declared,
        warnings,
    }
}

fn unknown_ca(offset: usize, label: &str) -> EncodingWarning {
    EncodingWarning {
        offset,
        kind: WarningKind::UnknownCa,
        message: format!("CA[{label}] names no supported charset; ignored"),
    }
}

/// The declared CA of input in a wide charset (decoded first) or of ASCII-compatible input.
fn declared_in(bytes: &[u8], wide: Option<(Charset, usize)>) -> Option<String> {
    match wide {
        Some((charset, skip)) if charset != Charset::UTF_8 => {
            let limit = bytes.len().min(skip + (1 << 16));
            let mut sink = Vec::new();
            let text = decode_into(&bytes[skip..limit], skip, charset, &mut sink, 0);
            root_ca(&text, 0).0.map(|(_, t)| t)
        }
        Some((_, skip)) => root_ca(bytes, skip).0.map(|(_, t)| t),
        None => root_ca(bytes, 0).0.map(|(_, t)| t),
    }
}

// ---------------------------------------------------------------------------------------------
// Decoding

const MAX_MALFORMED_WARNINGS: usize = 64;

/// Decodes `bytes` (which start at `base` in the original input) to UTF-8, replacing
/// malformed sequences with U+FFFD and recording up to `max_warnings` of them.
fn decode_into(
    bytes: &[u8],
    base: usize,
    charset: Charset,
    warnings: &mut Vec<EncodingWarning>,
    max_warnings: usize,
) -> Vec<u8> {
    let mut malformed = 0usize;
    // `what` is the message's start, in pieces: files with thousands of
    // damaged characters make this a hot path, so no `format!`.
    let mut note = |offset: usize, what: &[&str], warnings: &mut Vec<EncodingWarning>| {
        malformed += 1;
        if malformed <= max_warnings {
            let mut message = String::with_capacity(64);
            for part in what {
                message.push_str(part);
            }
            message.push_str(" at byte offset ");
            push_decimal(&mut message, offset);
            message.push_str("; replaced by U+FFFD");
            warnings.push(EncodingWarning {
                offset,
                kind: WarningKind::Malformed,
                message,
            });
        }
    };
    let mut out: Vec<u8>;
    match charset {
        Charset::Utf32Le | Charset::Utf32Be => {
            out = Vec::with_capacity(bytes.len());
            let mut chunks = bytes.chunks_exact(4);
            let mut pos = 0usize;
            for u in &mut chunks {
                let arr = [u[0], u[1], u[2], u[3]];
                let v = if charset == Charset::Utf32Le {
                    u32::from_le_bytes(arr)
                } else {
                    u32::from_be_bytes(arr)
                };
                let c = char::from_u32(v).unwrap_or_else(|| {
                    note(base + pos, &["invalid UTF-32 code unit"], warnings);
                    char::REPLACEMENT_CHARACTER
                });
                let mut buf = [0u8; 4];
                out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
                pos += 4;
            }
            if !chunks.remainder().is_empty() {
                note(base + pos, &["truncated UTF-32 code unit"], warnings);
                out.extend_from_slice("\u{FFFD}".as_bytes());
            }
        }
        Charset::Encoding(enc) => {
            let mut decoder = enc.new_decoder_without_bom_handling();
            let cap = decoder
                .max_utf8_buffer_length_without_replacement(bytes.len())
                .unwrap_or(bytes.len().saturating_mul(3).saturating_add(16));
            out = vec![0u8; cap];
            let mut read_total = 0usize;
            let mut written_total = 0usize;
            loop {
                let (result, read, written) = decoder.decode_to_utf8_without_replacement(
                    &bytes[read_total..],
                    &mut out[written_total..],
                    true,
                );
                read_total += read;
                written_total += written;
                match result {
                    DecoderResult::InputEmpty => break,
                    DecoderResult::OutputFull => {
                        // Cannot happen with the worst-case capacity; grow to be safe.
                        out.resize(out.len() * 2 + 16, 0);
                    }
                    DecoderResult::Malformed(bad, after) => {
                        let end = read_total - usize::from(after);
                        let start = end.saturating_sub(usize::from(bad));
                        note(
                            base + start,
                            &["malformed ", enc.name(), " sequence"],
                            warnings,
                        );
                        let repl = "\u{FFFD}".as_bytes();
                        if out.len() < written_total + repl.len() {
                            out.resize(written_total + repl.len() + 16, 0);
                        }
                        out[written_total..written_total + repl.len()].copy_from_slice(repl);
                        written_total += repl.len();
                        // The decoder may need room for more output: keep the capacity
                        // ahead of the remaining input's worst case.
                        let need = written_total
                            + decoder
                                .max_utf8_buffer_length_without_replacement(
                                    bytes.len() - read_total,
                                )
                                .unwrap_or(0);
                        if out.len() < need {
                            out.resize(need, 0);
                        }
                    }
                }
            }
            out.truncate(written_total);
        }
    }
    if malformed > max_warnings && max_warnings > 1 {
        warnings.push(EncodingWarning {
            offset: base + bytes.len(),
            kind: WarningKind::Malformed,
            message: format!(
                "{} more malformed sequences not listed",
                malformed - max_warnings
            ),
        });
    }
    out
}

/// Appends `n` in decimal.
fn push_decimal(s: &mut String, mut n: usize) {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    loop {
        at -= 1;
        digits[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    s.extend(digits[at..].iter().map(|&d| char::from(d)));
}

/// Decodes a whole input to UTF-8 with an already chosen charset (BOM of that charset
/// stripped). Returns `(text, warnings)`; borrows when the input is valid UTF-8 already.
fn decode_with<'a>(bytes: &'a [u8], charset: Charset) -> (Cow<'a, [u8]>, Vec<EncodingWarning>) {
    let skip = match sniff_bom(bytes) {
        Some((c, n)) if c == charset => n,
        // A UTF-32LE BOM starts like a UTF-16LE one.
        Some((Charset::Utf32Le, _)) if charset == Charset::from(encoding_rs::UTF_16LE) => 2,
        _ => 0,
    };
    let body = &bytes[skip..];
    if charset == Charset::UTF_8 && std::str::from_utf8(body).is_ok() {
        return (Cow::Borrowed(body), Vec::new());
    }
    if charset.encoding().is_some_and(is_ascii_safe) && body.is_ascii() {
        return (Cow::Borrowed(body), Vec::new());
    }
    let mut warnings = Vec::new();
    let out = decode_into(body, skip, charset, &mut warnings, MAX_MALFORMED_WARNINGS);
    (Cow::Owned(out), warnings)
}

/// Detects the charset ([`detect`]) and converts the whole input to UTF-8.
///
/// Borrows the input when it is valid UTF-8 already (a UTF-8 BOM is sliced off) or pure
/// ASCII in an ASCII-safe charset. Malformed sequences become U+FFFD, each with a
/// [`WarningKind::Malformed`] warning naming its byte offset in the original input (at most
/// 64 are listed, then one summary warning). The `CA` value in the text is not changed.
///
/// ```
/// use sgfkit::encoding::{to_utf8, DecodeOptions, Reason};
///
/// // UTF-16LE with BOM.
/// let mut input = vec![0xFF, 0xFE];
/// for u in "(;PB[李昌镐])".encode_utf16() {
///     input.extend_from_slice(&u.to_le_bytes());
/// }
/// let d = to_utf8(&input, &DecodeOptions::default());
/// assert_eq!(d.detection.reason, Reason::Bom);
/// assert_eq!(d.as_str(), "(;PB[李昌镐])");
/// assert!(d.transcoded);
/// ```
pub fn to_utf8<'a>(bytes: &'a [u8], opts: &DecodeOptions) -> Decoded<'a> {
    let detection = detect(bytes, opts);
    let (text, warnings) = decode_with(bytes, detection.charset);
    let transcoded = matches!(text, Cow::Owned(_));
    Decoded {
        text,
        detection,
        transcoded,
        warnings,
        trees: Vec::new(),
    }
}

/// Like [`to_utf8`], but each top-level game tree gets its own detection, so that a
/// collection whose trees declare different `CA` values is read correctly.
///
/// Wide input (a UTF-16/UTF-32 BOM, or UTF-16/UTF-32 without BOM) and a forced charset are
/// decoded as a whole, and the trees are then found in the decoded text (their `input` range
/// is the whole input when the text was transcoded). Otherwise the trees come from
/// [`split_game_trees`] (see its limits for Shift_JIS, Big5 and GBK); each is detected
/// independently with the same options (a tree without `CA` is checked for UTF-8 and guessed
/// on its own bytes), and bytes between trees are decoded with the preceding tree's charset
/// (the first tree's for leading bytes). `detection` is the first tree's.
///
/// ```
/// use sgfkit::encoding::{to_utf8_per_tree, DecodeOptions};
/// let mut input = b"(;CA[Shift_JIS]PB[\x8c\xe9])\n".to_vec();
/// input.extend_from_slice(b"(;CA[GB2312]PB[\xc6\xe5])");
/// let d = to_utf8_per_tree(&input, &DecodeOptions::default());
/// assert_eq!(d.as_str(), "(;CA[Shift_JIS]PB[碁])\n(;CA[GB2312]PB[棋])");
/// assert_eq!(d.trees.len(), 2);
/// assert_eq!(d.trees[1].output.start, "(;CA[Shift_JIS]PB[碁])\n".len());
/// ```
pub fn to_utf8_per_tree<'a>(bytes: &'a [u8], opts: &DecodeOptions) -> Decoded<'a> {
    let utf8_bom = bytes.starts_with(UTF8_BOM);
    let whole = opts.forced.is_some()
        || (sniff_bom(bytes).is_some() && !utf8_bom)
        || sniff_wide(bytes).is_some();
    if whole {
        // One charset for everything; trees are found in the decoded text.
        let mut d = to_utf8(bytes, opts);
        let skip = sniff_bom(bytes).map_or(0, |(_, n)| n);
        d.trees = split_game_trees(&d.text)
            .into_iter()
            .map(|output| TreeDecoding {
                input: if d.transcoded {
                    0..bytes.len()
                } else {
                    output.start + skip..output.end + skip
                },
                output,
                detection: d.detection.clone(),
            })
            .collect();
        return d;
    }
    let skip = if utf8_bom { UTF8_BOM.len() } else { 0 };
    let ranges: Vec<Range<usize>> = split_game_trees(&bytes[skip..])
        .into_iter()
        .map(|r| r.start + skip..r.end + skip)
        .collect();
    if ranges.len() <= 1 {
        let mut d = to_utf8(bytes, opts);
        let input = ranges.first().cloned().unwrap_or(skip..bytes.len());
        let output = if d.transcoded {
            0..d.text.len()
        } else {
            input.start - skip..input.end - skip
        };
        d.trees.push(TreeDecoding {
            input,
            output,
            detection: d.detection.clone(),
        });
        return d;
    }

    let mut detections: Vec<Detection> = ranges
        .iter()
        .map(|r| {
            let mut det = detect(&bytes[r.clone()], opts);
            for w in &mut det.warnings {
                w.offset += r.start;
            }
            det
        })
        .collect();

    // Pieces: (input range, charset index)
    let mut pieces: Vec<(Range<usize>, usize, bool)> = Vec::new();
    let mut pos = skip;
    for (k, r) in ranges.iter().enumerate() {
        if pos < r.start {
            pieces.push((pos..r.start, k.saturating_sub(1), false));
        }
        pieces.push((r.clone(), k, true));
        pos = r.end;
    }
    if pos < bytes.len() {
        pieces.push((pos..bytes.len(), ranges.len() - 1, false));
    }

    let all_utf8 = detections.iter().all(|d| d.charset == Charset::UTF_8)
        && std::str::from_utf8(bytes).is_ok();
    let mut trees = Vec::with_capacity(ranges.len());
    let mut warnings = Vec::new();
    let text: Cow<'a, [u8]> = if all_utf8 {
        for (k, r) in ranges.iter().enumerate() {
            trees.push(TreeDecoding {
                input: r.clone(),
                output: r.start.saturating_sub(skip)..r.end - skip,
                detection: detections[k].clone(),
            });
        }
        Cow::Borrowed(&bytes[skip..])
    } else {
        let mut out = Vec::with_capacity(bytes.len() + bytes.len() / 2);
        for (range, k, is_tree) in pieces {
            let charset = detections[k].charset;
            let start_out = out.len();
            let piece = &bytes[range.clone()];
            if charset == Charset::UTF_8 && std::str::from_utf8(piece).is_ok() {
                out.extend_from_slice(piece);
            } else {
                let decoded = decode_into(
                    piece,
                    range.start,
                    charset,
                    &mut warnings,
                    MAX_MALFORMED_WARNINGS,
                );
                out.extend_from_slice(&decoded);
            }
            if is_tree {
                trees.push(TreeDecoding {
                    input: range,
                    output: start_out..out.len(),
                    detection: detections[k].clone(),
                });
            }
        }
        Cow::Owned(out)
    };
    let transcoded = matches!(text, Cow::Owned(_));
    let detection = detections.swap_remove(0);
    Decoded {
        text,
        detection,
        transcoded,
        warnings,
        trees,
    }
}

/// Decodes one raw property value (without brackets, escapes still in place) from an
/// ASCII-safe charset; malformed sequences become U+FFFD. Borrows when the value is valid
/// UTF-8 in UTF-8, or ASCII in any ASCII-safe charset.
///
/// Works for every charset, but for charsets that are not [`is_ascii_safe`] the raw value
/// boundaries themselves may be wrong: transcode the whole input with [`to_utf8`] instead.
///
/// ```
/// use sgfkit::encoding::decode_value;
/// assert_eq!(decode_value(b"Ho\xe0ng", encoding_rs::WINDOWS_1252), "Hoàng");
/// assert_eq!(decode_value(b"\xc0\xcc\xbc\xbc\xb5\xb9", encoding_rs::EUC_KR), "이세돌");
/// assert!(matches!(decode_value(b"plain", encoding_rs::KOI8_R), std::borrow::Cow::Borrowed(_)));
/// ```
pub fn decode_value(raw: &[u8], charset: impl Into<Charset>) -> Cow<'_, str> {
    let charset = charset.into();
    match charset {
        Charset::Encoding(enc) => {
            if enc == encoding_rs::UTF_8 {
                String::from_utf8_lossy(raw)
            } else {
                enc.decode_without_bom_handling(raw).0
            }
        }
        _ => {
            let mut sink = Vec::new();
            let out = decode_into(raw, 0, charset, &mut sink, 0);
            Cow::Owned(String::from_utf8(out).unwrap_or_default())
        }
    }
}

/// Whether `text` can be written in `charset` so that it reads back identically: every
/// character is representable, and none is silently mapped to a look-alike (the WHATWG
/// Shift_JIS and EUC-JP encoders write `¥` as `\`, ISO-2022-JP turns half-width katakana into
/// full-width ones...).
///
/// ```
/// use sgfkit::encoding::can_encode;
/// assert!(can_encode("碁", encoding_rs::SHIFT_JIS));
/// assert!(!can_encode("碁", encoding_rs::WINDOWS_1252));
/// assert!(!can_encode("¥", encoding_rs::SHIFT_JIS));
/// ```
pub fn can_encode(text: &str, charset: impl Into<Charset>) -> bool {
    let charset = charset.into();
    if charset.is_unicode() {
        return true;
    }
    let Some(enc) = charset.encoding() else {
        return true;
    };
    let mut encoder = enc.new_encoder();
    let mut buf = vec![
        0u8;
        encoder
            .max_buffer_length_from_utf8_without_replacement(text.len())
            .unwrap_or(text.len() * 8 + 16)
    ];
    let (result, _, written) = encoder.encode_from_utf8_without_replacement(text, &mut buf, true);
    if !matches!(result, EncoderResult::InputEmpty) {
        return false;
    }
    let (back, had_errors) = enc.decode_without_bom_handling(&buf[..written]);
    !had_errors && back == text
}

/// Encodes UTF-8 text in `charset` (no BOM), for writing a file back in its own charset.
/// Characters the charset cannot represent are written as `?` (check first with
/// [`can_encode`]). UTF-16 and UTF-32 are written by hand (`encoding_rs` has no encoder for
/// them).
///
/// ```
/// use sgfkit::encoding::{decode_value, encode_from_utf8};
/// let bytes = encode_from_utf8("碁 Go", encoding_rs::SHIFT_JIS);
/// assert_eq!(bytes, b"\x8c\xe9 Go");
/// assert_eq!(encode_from_utf8("a€b", encoding_rs::ISO_8859_2), b"a?b");
/// assert_eq!(encode_from_utf8("A", encoding_rs::UTF_16BE), b"\x00A");
/// ```
pub fn encode_from_utf8(text: &str, charset: impl Into<Charset>) -> Vec<u8> {
    let charset = charset.into();
    match charset {
        Charset::Utf32Le => text
            .chars()
            .flat_map(|c| u32::from(c).to_le_bytes())
            .collect(),
        Charset::Utf32Be => text
            .chars()
            .flat_map(|c| u32::from(c).to_be_bytes())
            .collect(),
        Charset::Encoding(enc) if enc == encoding_rs::UTF_16LE => {
            text.encode_utf16().flat_map(u16::to_le_bytes).collect()
        }
        Charset::Encoding(enc) if enc == encoding_rs::UTF_16BE => {
            text.encode_utf16().flat_map(u16::to_be_bytes).collect()
        }
        Charset::Encoding(enc) if enc == encoding_rs::UTF_8 => text.as_bytes().to_vec(),
        Charset::Encoding(enc) => {
            let mut encoder = enc.new_encoder();
            let mut out = Vec::with_capacity(text.len() + 16);
            let mut buf = [0u8; 1024];
            let mut rest = text;
            loop {
                let (result, read, written) =
                    encoder.encode_from_utf8_without_replacement(rest, &mut buf, false);
                out.extend_from_slice(&buf[..written]);
                rest = &rest[read..];
                match result {
                    EncoderResult::InputEmpty => break,
                    EncoderResult::OutputFull => {}
                    EncoderResult::Unmappable(_) => {
                        // Through the encoder, so that stateful charsets stay consistent.
                        let (_, _, w) =
                            encoder.encode_from_utf8_without_replacement("?", &mut buf, false);
                        out.extend_from_slice(&buf[..w]);
                    }
                }
            }
            // Flush (ISO-2022-JP returns to ASCII).
            let (_, _, w) = encoder.encode_from_utf8_without_replacement("", &mut buf, true);
            out.extend_from_slice(&buf[..w]);
            out
        }
    }
}

/// Sets `CA[UTF-8]` in the root node of every game tree of UTF-8 SGF text (for example
/// [`Decoded::text`]): an existing first `CA` value is replaced, a missing one is inserted
/// right after the root's `;`. Borrows when nothing had to change.
///
/// ```
/// use sgfkit::encoding::rewrite_ca_to_utf8;
/// assert_eq!(rewrite_ca_to_utf8(b"(;FF[4]CA[GB2312]C[x])").as_ref(), b"(;FF[4]CA[UTF-8]C[x])");
/// assert_eq!(rewrite_ca_to_utf8(b"(;FF[4])(;CA[utf-8])").as_ref(), b"(;CA[UTF-8]FF[4])(;CA[UTF-8])");
/// assert!(matches!(rewrite_ca_to_utf8(b"(;CA[UTF-8])"), std::borrow::Cow::Borrowed(_)));
/// ```
pub fn rewrite_ca_to_utf8(text: &[u8]) -> Cow<'_, [u8]> {
    let mut edits: Vec<(Range<usize>, &'static [u8])> = Vec::new();
    for tree in split_game_trees(text) {
        let scan = scan_root(text, tree.start, true);
        match scan.cas.first() {
            Some(hit) => {
                if &text[hit.value.clone()] != b"UTF-8" {
                    edits.push((hit.value.clone(), b"UTF-8"));
                }
            }
            None => {
                if let Some(at) = scan.properties_start {
                    edits.push((at..at, b"CA[UTF-8]"));
                }
            }
        }
    }
    if edits.is_empty() {
        return Cow::Borrowed(text);
    }
    let mut out = Vec::with_capacity(text.len() + 16 * edits.len());
    let mut pos = 0;
    for (range, with) in edits {
        out.extend_from_slice(&text[pos..range.start]);
        out.extend_from_slice(with);
        pos = range.end;
    }
    out.extend_from_slice(&text[pos..]);
    Cow::Owned(out)
}

#[cfg(test)]
mod tests;
