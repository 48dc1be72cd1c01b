//! Detection: which charset a game tree is in (BOM, `CA`, UTF-8, a guess).

use super::decode::decode_into;
use super::scan::{root_ca, skip_value};
use super::*;

pub(super) const UTF8_BOM: &[u8] = b"\xEF\xBB\xBF";

/// A BOM at the start: the charset and the BOM's length.
pub(super) fn sniff_bom(bytes: &[u8]) -> Option<(Charset, usize)> {
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
pub(super) fn sniff_wide(bytes: &[u8]) -> Option<Charset> {
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

/// Whether `bytes` is valid UTF-8, by `encoding_rs`'s validator (SIMD on
/// CPUs that have it, several times fewer instructions than `std`'s).
#[inline]
pub(super) fn is_utf8(bytes: &[u8]) -> bool {
    Encoding::utf8_valid_up_to(bytes) == bytes.len()
}

/// The malformed sequences of `bytes` as UTF-8, in order: where each starts
/// and ends, as `from_utf8` delimits them (`valid_up_to`, then `error_len` or,
/// for a sequence cut off by the end, the rest of the input).
pub(super) fn malformed_utf8(bytes: &[u8]) -> Vec<Range<usize>> {
    let mut found = Vec::new();
    let mut at = 0usize;
    // `from_utf8` stops at each malformed sequence and starts again after
    // it: one pass over the input in all.
    while let Err(e) = std::str::from_utf8(&bytes[at..]) {
        let start = at + e.valid_up_to();
        at = e.error_len().map_or(bytes.len(), |n| start + n);
        found.push(start..at);
    }
    found
}

/// UTF-8 with a few damaged characters, see [`Reason::MostlyUtf8`], given
/// its [`malformed_utf8`] sequences.
pub(super) fn looks_like_damaged_utf8(bytes: &[u8], malformed: &[Range<usize>]) -> bool {
    let mut next_to_question_mark = 0usize;
    // Characters that start with a byte of a malformed sequence: not
    // counted among the valid ones.
    let mut bad_leads = 0usize;
    for bad in malformed {
        let (start, end) = (bad.start, bad.end);
        bad_leads += non_ascii_chars(&bytes[start..end]);
        if bytes.get(end) == Some(&b'?') || (start > 0 && bytes[start - 1] == b'?') {
            next_to_question_mark += 1;
        }
    }
    let malformed = malformed.len();
    malformed > 0
        && (next_to_question_mark * 10 >= malformed * 8
            || non_ascii_chars(bytes) - bad_leads >= 2 * malformed)
}

/// The characters of `s` that are not ASCII: in UTF-8, the bytes that start
/// a multi-byte sequence (0xC0 and up), counted bytewise (in byte counters
/// per chunk of 128, a loop the compiler vectorizes).
pub(super) fn non_ascii_chars(s: &[u8]) -> usize {
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
pub(super) fn looks_like_iso_2022_jp(bytes: &[u8]) -> bool {
    memchr::memchr(0x1b, bytes).is_some()
        && bytes.is_ascii()
        && (memchr::memmem::find(bytes, b"\x1b$B").is_some()
            || memchr::memmem::find(bytes, b"\x1b$@").is_some())
}

/// Non-ASCII bytes needed before a single-byte guess other than windows-1252 is trusted.
pub(super) const MIN_SINGLE_BYTE_EVIDENCE: usize = 16;

/// The charset of plain text that is not valid UTF-8 and declares none
/// (the records [`crate::import`] reads): chardetng's guess from its
/// first 256 KiB, all of them fed.
///
/// ```
/// use sgfkit::encoding::{encoding_rs, guess_text};
/// // 韩国十段战 in GB2312 (GBK), and 이세돌 in EUC-KR.
/// assert_eq!(guess_text(b"GI\xba\xab\xb9\xfa\xca\xae\xb6\xce\xd5\xbd\n"), encoding_rs::GBK);
/// assert_eq!(guess_text(b"\xc0\xcc\xbc\xbc\xb5\xb9 9\xb4\xdc"), encoding_rs::EUC_KR);
/// ```
pub fn guess_text(bytes: &[u8]) -> &'static Encoding {
    let mut det = chardetng::EncodingDetector::new(chardetng::Iso2022JpDetection::Allow);
    det.feed(&bytes[..bytes.len().min(1 << 18)], true);
    det.guess(None, chardetng::Utf8Detection::Allow)
}

/// Feeds the non-ASCII property values to chardetng.
pub(super) fn guess_charset(bytes: &[u8], tld: Option<&[u8]>) -> Option<&'static Encoding> {
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
pub(super) fn first_malformed(bytes: &[u8], charset: Charset) -> Option<usize> {
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

/// Detects the charset of an SGF file (or of one game tree), see the [module](crate::encoding) docs for
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
    let mut detection = detect_sorted(bytes, opts);
    place(bytes, &mut detection.warnings);
    detection
}

/// [`detect`] before its warnings are placed (the decoders place every
/// warning of an input at once).
pub(super) fn detect_sorted(bytes: &[u8], opts: &DecodeOptions) -> Detection {
    let mut detection = detect_inner(bytes, opts, &mut Vec::new());
    detection.warnings.sort_by_key(|w| w.offset);
    // Handed over at its size (the messages and the list were built with
    // room to spare): a file of many trees keeps a detection per tree.
    for w in &mut detection.warnings {
        w.message.shrink_to_fit();
    }
    detection.warnings.shrink_to_fit();
    if let Some(declared) = &mut detection.declared {
        declared.shrink_to_fit();
    }
    detection
}

/// [`detect`] before sorting the warnings. For [`Reason::MostlyUtf8`],
/// `damage` receives the malformed sequences (see [`malformed_utf8`]), so
/// that decoding need not look for them again.
pub(super) fn detect_inner(
    bytes: &[u8],
    opts: &DecodeOptions,
    damage: &mut Vec<Range<usize>>,
) -> Detection {
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
                Some(c) => warnings.push(EncodingWarning::new(
                    0,
                    WarningKind::CaMismatch,
                    format!("CA[{label}] names {c} but the input is {charset}"),
                )),
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
    let utf8_ok = is_utf8(bytes);
    let declared = ca.as_ref().map(|(_, t)| t.clone());
    if let Some((range, label)) = &ca {
        match encoding_for_label(label) {
            Some(charset) if charset.is_wide() => warnings.push(EncodingWarning::new(
                range.start,
                WarningKind::CaMismatch,
                format!("CA[{label}] ignored: the file's structure is 8-bit, not {charset}"),
            )),
            Some(charset) => {
                let utf8_instead = charset != Charset::UTF_8 && utf8_ok && !bytes.is_ascii();
                if utf8_instead && opts.prefer_utf8_over_ca {
                    warnings.push(EncodingWarning::new(
                        range.start,
                        WarningKind::CaMismatch,
                        format!(
                            "CA[{label}] ignored: the input is valid UTF-8 with non-ASCII characters"
                        ),
                    ));
                    return Detection {
                        charset: Charset::UTF_8,
                        reason: Reason::ValidUtf8,
                        declared,
                        warnings,
                    };
                }
                if let Some(bad) = first_malformed(bytes, charset) {
                    warnings.push(EncodingWarning::new(
                        bad,
                        WarningKind::CaMismatch,
                        format!(
                            "CA[{label}] honoured, but the input is not valid {charset} (first malformed sequence at offset {bad})"
                        ),
                    ));
                } else if utf8_instead {
                    warnings.push(EncodingWarning::new(
                        range.start,
                        WarningKind::CaMismatch,
                        format!(
                            "CA[{label}] honoured, but the input is valid UTF-8 with non-ASCII characters"
                        ),
                    ));
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
    let malformed = malformed_utf8(bytes);
    if looks_like_damaged_utf8(bytes, &malformed) {
        *damage = malformed;
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

pub(super) fn unknown_ca(offset: usize, label: &str) -> EncodingWarning {
    EncodingWarning::new(
        offset,
        WarningKind::UnknownCa,
        format!("CA[{label}] names no supported charset; ignored"),
    )
}

/// The declared CA of input in a wide charset (decoded first) or of ASCII-compatible input.
pub(super) fn declared_in(bytes: &[u8], wide: Option<(Charset, usize)>) -> Option<String> {
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
