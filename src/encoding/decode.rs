//! Decoding to UTF-8 (whole inputs, tree by tree, single values) and
//! encoding back.

use super::detect::{
    UTF8_BOM, detect_inner, detect_sorted, is_utf8, malformed_utf8, sniff_bom, sniff_wide,
};
use super::scan::{game_trees, scan_root};
use super::*;

pub(super) const MAX_MALFORMED_WARNINGS: usize = 64;

/// Decodes `bytes` (which start at `base` in the original input) to UTF-8, replacing
/// malformed sequences with U+FFFD and recording up to `max_warnings` of them.
pub(super) fn decode_into(
    bytes: &[u8],
    base: usize,
    charset: Charset,
    warnings: &mut Vec<EncodingWarning>,
    max_warnings: usize,
) -> Vec<u8> {
    decode_into_known(bytes, base, charset, warnings, max_warnings, None)
}

/// [`decode_into`], told the malformed sequences when `bytes` are UTF-8
/// whose [`malformed_utf8`] sequences detection found already.
fn decode_into_known(
    bytes: &[u8],
    base: usize,
    charset: Charset,
    warnings: &mut Vec<EncodingWarning>,
    max_warnings: usize,
    known_malformed: Option<&[Range<usize>]>,
) -> Vec<u8> {
    let mut notes = MalformedNotes::new(bytes, base, max_warnings);
    let mut note = |offset: usize, what: &[&str], warnings: &mut Vec<EncodingWarning>| {
        notes.note(offset, what, warnings);
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
        Charset::Encoding(enc) if enc == encoding_rs::UTF_8 => {
            let found;
            let malformed = match known_malformed {
                Some(m) => m,
                None => {
                    found = malformed_utf8(bytes);
                    &found
                }
            };
            out = replace_malformed_utf8(bytes, malformed, |at| {
                note(
                    base + at,
                    &["malformed ", enc.name(), " sequence"],
                    warnings,
                );
            });
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
    notes.finish(warnings);
    out
}

/// The malformed sequences of one decoding, noted one warning per value:
/// sequences with no `]` between them are in one property value (`PB[…]`),
/// so a name with five damaged characters is one warning that counts them
/// (`5 malformed UTF-8 sequences in PB from byte offset 28; replaced by
/// U+FFFD`), not five. At most `max` warnings are listed, then one that
/// counts the rest. The bytes between two sequences are looked at once, so
/// noting costs time linear in the input.
struct MalformedNotes<'b> {
    /// The bytes decoded, which start at `base` in the original input.
    bytes: &'b [u8],
    base: usize,
    max: usize,
    /// The warnings listed, the sequences they count, and the sequences
    /// in all.
    listed: usize,
    shown: usize,
    total: usize,
    /// The value being counted: its first sequence's offset in `bytes`,
    /// the end of its last one seen, how many, and the message's start.
    open: Option<(usize, usize, usize, String)>,
}

impl<'b> MalformedNotes<'b> {
    fn new(bytes: &'b [u8], base: usize, max: usize) -> Self {
        MalformedNotes {
            bytes,
            base,
            max,
            listed: 0,
            shown: 0,
            total: 0,
            open: None,
        }
    }

    /// A malformed sequence at `offset` in the original input; `what` is
    /// the message's start in pieces (`malformed `, `UTF-8`, ` sequence`).
    fn note(&mut self, offset: usize, what: &[&str], warnings: &mut Vec<EncodingWarning>) {
        self.total += 1;
        let at = offset - self.base;
        if let Some((_, end, count, _)) = &mut self.open {
            let gap = self.bytes.get(*end..at).unwrap_or_default();
            if !gap.contains(&b']') {
                *count += 1;
                *end = at + 1;
                return;
            }
        }
        self.flush(warnings);
        if self.listed < self.max {
            self.open = Some((at, at + 1, 1, what.concat()));
        }
    }

    /// Lists the value being counted, if any.
    fn flush(&mut self, warnings: &mut Vec<EncodingWarning>) {
        let Some((start, _, count, what)) = self.open.take() else {
            return;
        };
        self.listed += 1;
        self.shown += count;
        let mut message = String::with_capacity(80);
        if count > 1 {
            push_decimal(&mut message, count);
            message.push(' ');
        }
        message.push_str(&what);
        if count > 1 {
            message.push('s');
        }
        if let Some(ident) = value_ident(self.bytes, start) {
            message.push_str(" in ");
            message.push_str(ident);
        }
        message.push_str(if count > 1 { " from" } else { " at" });
        message.push_str(" byte offset ");
        push_decimal(&mut message, self.base + start);
        message.push_str("; replaced by U+FFFD");
        warnings.push(EncodingWarning::new(
            self.base + start,
            WarningKind::Malformed,
            message,
        ));
    }

    /// Lists the last value and counts what was not listed.
    fn finish(mut self, warnings: &mut Vec<EncodingWarning>) {
        self.flush(warnings);
        if self.total > self.shown {
            warnings.push(EncodingWarning::new(
                self.base + self.bytes.len(),
                WarningKind::Malformed,
                format!(
                    "{} more malformed sequences not listed",
                    self.total - self.shown
                ),
            ));
        }
    }
}

/// The identifier of the property whose value holds byte `at` of `bytes`
/// (`PB` for a byte inside `PB[…]`), looked for backwards from `at` to the
/// value's `[` over at most 4 KiB; `None` when there is none (a byte
/// outside a value, a value longer than that, a charset whose identifiers
/// are not ASCII bytes).
fn value_ident(bytes: &[u8], at: usize) -> Option<&str> {
    let from = at.saturating_sub(4096);
    let before = bytes.get(from..at)?;
    let open = before.iter().rposition(|&b| b == b'[' || b == b']')?;
    if before[open] != b'[' {
        return None;
    }
    // Values of a list (`AB[aa][bb]`) go back to the identifier.
    let mut end = open;
    loop {
        let head = before[..end].trim_ascii_end();
        match head.split_last() {
            Some((b']', rest)) => end = rest.iter().rposition(|&b| b == b'[')?,
            _ => break,
        }
    }
    let head = before[..end].trim_ascii_end();
    let start = head
        .iter()
        .rposition(|b| !b.is_ascii_alphabetic())
        .map_or(0, |k| k + 1);
    let ident = &head[start..];
    (!ident.is_empty() && ident.len() <= 8 && ident.iter().any(u8::is_ascii_uppercase))
        .then(|| std::str::from_utf8(ident).ok())
        .flatten()
}

/// UTF-8 with each of its `malformed` sequences ([`malformed_utf8`]) replaced
/// by U+FFFD (one per maximal malformed sequence, as the WHATWG decoder does),
/// calling `note` with each one's offset; the valid runs in between are copied
/// without being validated again.
fn replace_malformed_utf8(
    bytes: &[u8],
    malformed: &[Range<usize>],
    mut note: impl FnMut(usize),
) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len() + 2 * malformed.len());
    let mut pos = 0usize;
    for bad in malformed {
        out.extend_from_slice(&bytes[pos..bad.start]);
        note(bad.start);
        out.extend_from_slice("\u{FFFD}".as_bytes());
        pos = bad.end;
    }
    out.extend_from_slice(&bytes[pos..]);
    out
}

/// Appends `n` in decimal.
pub(super) fn push_decimal(s: &mut String, n: usize) {
    s.push_str(itoa::Buffer::new().format(n));
}

/// Decodes a whole input to UTF-8 with an already chosen charset (BOM of that charset
/// stripped). Returns `(text, warnings)`; borrows when the input is valid UTF-8 already.
pub(super) fn decode_with<'a>(
    bytes: &'a [u8],
    charset: Charset,
) -> (Cow<'a, [u8]>, Vec<EncodingWarning>) {
    let skip = match sniff_bom(bytes) {
        Some((c, n)) if c == charset => n,
        // A UTF-32LE BOM starts like a UTF-16LE one.
        Some((Charset::Utf32Le, _)) if charset == Charset::from(encoding_rs::UTF_16LE) => 2,
        _ => 0,
    };
    let body = &bytes[skip..];
    if charset == Charset::UTF_8 && is_utf8(body) {
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
    placed(bytes, whole_unplaced(bytes, opts))
}

/// Gives every warning of `d`, decoded from `bytes`, its position and line
/// ([`place`]).
fn placed<'a>(bytes: &[u8], mut d: Decoded<'a>) -> Decoded<'a> {
    let trees = d.trees.iter_mut().flat_map(|t| &mut t.detection.warnings);
    place(
        bytes,
        d.detection
            .warnings
            .iter_mut()
            .chain(&mut d.warnings)
            .chain(trees),
    );
    d
}

/// [`to_utf8`] before its warnings are placed.
fn whole_unplaced<'a>(bytes: &'a [u8], opts: &DecodeOptions) -> Decoded<'a> {
    let mut damage = Vec::new();
    let mut detection = detect_inner(bytes, opts, &mut damage);
    detection.warnings.sort_by_key(|w| w.offset);
    let (text, warnings) = if damage.is_empty() {
        decode_with(bytes, detection.charset)
    } else {
        // Damaged UTF-8 (no BOM, or the reason would be `Bom`): detection
        // found the malformed sequences already.
        let mut warnings = Vec::new();
        let out = decode_into_known(
            bytes,
            0,
            Charset::UTF_8,
            &mut warnings,
            MAX_MALFORMED_WARNINGS,
            Some(&damage),
        );
        (Cow::Owned(out), warnings)
    };
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
/// is the whole input when the text was transcoded). Otherwise the trees are found in the raw
/// bytes as [`crate::stream::split_games`] finds them (see its limits for Shift_JIS, Big5 and
/// GBK), a tree whose `;` is missing (`(GM[1]...`) included, as the lenient reader takes it
/// (input in which none is found is one tree if it holds a `(` or a `;`); each is detected
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
    placed(bytes, per_tree_unplaced(bytes, opts))
}

/// [`to_utf8_per_tree`] before its warnings are placed.
fn per_tree_unplaced<'a>(bytes: &'a [u8], opts: &DecodeOptions) -> Decoded<'a> {
    match per_tree_plan(bytes, opts) {
        Plan::Done(d) => d,
        Plan::Pieces(mut d, pieces) => {
            d.text = Cow::Owned(pieces.copied(bytes));
            d
        }
    }
}

/// [`to_utf8_per_tree`] of an input given away: the text is put together
/// in the input's own buffer where the trees are decoded one by one (only
/// the trees and the bytes between them that are not UTF-8 are decoded
/// apart first), so that a big collection with a few trees to transcode is
/// not held twice. The returned [`Decoded`]'s `text` is empty: the text
/// is the vector. Growing the buffer reallocates it unless it has the room
/// (its capacity): a reader that expects to transcode reserves some.
pub(crate) fn to_utf8_per_tree_owned(
    bytes: Vec<u8>,
    opts: &DecodeOptions,
) -> (Vec<u8>, Decoded<'static>) {
    let (text, d) = match per_tree_plan(&bytes, opts) {
        Plan::Done(d) => {
            let d = placed(&bytes, d);
            let text = match &d.text {
                Cow::Borrowed(b) => {
                    // A part of the input: all of it, or all past a UTF-8
                    // byte order mark.
                    let start = b.as_ptr() as usize - bytes.as_ptr() as usize;
                    Err(start..start + b.len())
                }
                Cow::Owned(_) => Ok(()),
            };
            let (d, owned) = d.without_text();
            match text {
                Err(part) => {
                    let mut bytes = bytes;
                    bytes.truncate(part.end);
                    bytes.drain(..part.start);
                    (bytes, d)
                }
                Ok(()) => (owned, d),
            }
        }
        Plan::Pieces(d, pieces) => {
            let (d, _) = placed(&bytes, d).without_text();
            (pieces.in_place(bytes), d)
        }
    };
    let mut text = text;
    // The room the reader left for the text to grow, when it was not
    // needed, goes back (a large block shrinks in place).
    if text.capacity() - text.len() > text.len() / 8 {
        text.shrink_to_fit();
    }
    (text, d)
}

/// How [`to_utf8_per_tree`] makes its text: a [`Decoded`] complete, or
/// one whose text is still to be put together from pieces of the input.
enum Plan<'a> {
    Done(Decoded<'a>),
    Pieces(Decoded<'a>, Pieces),
}

/// The pieces of the input that make up the text, in order and covering
/// it (past a UTF-8 byte order mark): each piece's input range, where it
/// starts in the text, and its text when decoded apart (`None`: taken as
/// it is). `len` is the text's length.
struct Pieces {
    pieces: Vec<(Range<usize>, usize, Option<Vec<u8>>)>,
    len: usize,
}

impl Pieces {
    /// The text in a new vector, allocated once at its size.
    fn copied(self, bytes: &[u8]) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.len);
        for (range, _, d) in self.pieces {
            match d {
                Some(d) => out.extend_from_slice(&d),
                None => out.extend_from_slice(&bytes[range]),
            }
        }
        out
    }

    /// The text put together in `buf`, the input the pieces were cut
    /// from. The pieces taken as they are move to where they go in the
    /// text: those that move towards the start first, from the first, then
    /// those that move towards the end, from the last; then the decoded
    /// pieces are copied in. No move overwrites bytes still to be moved:
    /// a piece going left lands on bytes before its own, which are the
    /// text's already or the input of a piece that went left before it or
    /// was decoded; a piece going right lands past its own end, on bytes
    /// of pieces after it, which have moved already (to the right, from
    /// the last) or went left or were decoded; and a piece going right
    /// lands at or past where each piece before it ends in the text, so
    /// past its input.
    fn in_place(self, mut buf: Vec<u8>) -> Vec<u8> {
        let len = self.len;
        if buf.len() < len {
            // Only what the text needs: no amortised doubling.
            buf.reserve_exact(len - buf.len());
            buf.resize(len, 0);
        }
        let moves = || self.pieces.iter().filter(|(.., d)| d.is_none());
        for (range, to, _) in moves() {
            if *to < range.start {
                buf.copy_within(range.clone(), *to);
            }
        }
        for (range, to, _) in moves().rev() {
            if *to > range.start {
                buf.copy_within(range.clone(), *to);
            }
        }
        for (_, to, d) in &self.pieces {
            if let Some(d) = d {
                buf[*to..*to + d.len()].copy_from_slice(d);
            }
        }
        buf.truncate(len);
        buf
    }
}

/// [`to_utf8_per_tree`]'s plan for `bytes`, before its warnings are placed.
fn per_tree_plan<'a>(bytes: &'a [u8], opts: &DecodeOptions) -> Plan<'a> {
    let utf8_bom = bytes.starts_with(UTF8_BOM);
    let whole = opts.forced.is_some()
        || (sniff_bom(bytes).is_some() && !utf8_bom)
        || sniff_wide(bytes).is_some();
    if whole {
        // One charset for everything; trees are found in the decoded text.
        let mut d = whole_unplaced(bytes, opts);
        let skip = sniff_bom(bytes).map_or(0, |(_, n)| n);
        d.trees = game_trees(&d.text)
            .into_iter()
            .map(|output| TreeDecoding {
                input: if d.transcoded {
                    0..bytes.len()
                } else {
                    output.start + skip..output.end + skip
                },
                output,
                detection: d.detection.clone(),
                transcoded: d.transcoded,
            })
            .collect();
        return Plan::Done(d);
    }
    let skip = if utf8_bom { UTF8_BOM.len() } else { 0 };
    let ranges: Vec<Range<usize>> = game_trees(&bytes[skip..])
        .into_iter()
        .map(|r| r.start + skip..r.end + skip)
        .collect();
    if ranges.len() <= 1 {
        let mut d = whole_unplaced(bytes, opts);
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
            transcoded: d.transcoded,
        });
        return Plan::Done(d);
    }

    let mut detections: Vec<Detection> = ranges
        .iter()
        .map(|r| {
            let mut det = detect_sorted(&bytes[r.clone()], opts);
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

    let all_utf8 = detections.iter().all(|d| d.charset == Charset::UTF_8) && is_utf8(bytes);
    let mut trees = Vec::with_capacity(ranges.len());
    let mut warnings = Vec::new();
    let detection = detections[0].clone();
    if all_utf8 {
        for (k, r) in ranges.iter().enumerate() {
            trees.push(TreeDecoding {
                input: r.clone(),
                output: r.start.saturating_sub(skip)..r.end - skip,
                detection: take_detection(&mut detections[k]),
                transcoded: false,
            });
        }
        return as_read(&bytes[skip..], detection, warnings, trees);
    }
    // The pieces that are not UTF-8 are decoded apart (a copy of those
    // alone), so that the text is put together once at its size.
    let mut parts = Vec::with_capacity(pieces.len());
    let mut at = 0;
    for (range, k, is_tree) in pieces {
        let charset = detections[k].charset;
        let piece = &bytes[range.clone()];
        // ASCII reads the same in UTF-8 and in every charset that keeps
        // ASCII as it is.
        let as_is = if charset == Charset::UTF_8 {
            is_utf8(piece)
        } else {
            is_ascii_safe(charset) && piece.is_ascii()
        };
        let decoded = (!as_is).then(|| {
            decode_into(
                piece,
                range.start,
                charset,
                &mut warnings,
                MAX_MALFORMED_WARNINGS,
            )
        });
        let len = decoded.as_ref().map_or(range.len(), Vec::len);
        if is_tree {
            trees.push(TreeDecoding {
                input: range.clone(),
                output: at..at + len,
                detection: take_detection(&mut detections[k]),
                transcoded: decoded.is_some(),
            });
        }
        parts.push((range, at, decoded));
        at += len;
    }
    if parts.iter().all(|(.., d)| d.is_none()) {
        // Every piece reads as it is (trees in other charsets holding
        // ASCII alone): the text is the input, nothing was converted.
        return as_read(&bytes[skip..], detection, warnings, trees);
    }
    Plan::Pieces(
        Decoded {
            text: Cow::Borrowed(&[]),
            detection,
            transcoded: true,
            warnings,
            trees,
        },
        Pieces {
            pieces: parts,
            len: at,
        },
    )
}

/// The plan of an input whose text is `text`, a part of it as it is:
/// nothing converted.
fn as_read<'a>(
    text: &'a [u8],
    detection: Detection,
    warnings: Vec<EncodingWarning>,
    trees: Vec<TreeDecoding>,
) -> Plan<'a> {
    Plan::Done(Decoded {
        text: Cow::Borrowed(text),
        detection,
        transcoded: false,
        warnings,
        trees,
    })
}

/// A tree's detection moved out of the list of detections, of which only
/// the charset is used after it (a copy would hold each tree's warnings
/// twice while the text is planned).
fn take_detection(d: &mut Detection) -> Detection {
    Detection {
        charset: d.charset,
        reason: d.reason,
        declared: d.declared.take(),
        warnings: std::mem::take(&mut d.warnings),
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
    for tree in game_trees(text) {
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
