//! The FF\[4\] rules for `Text` and `SimpleText` values (sgf4 §3.2 and §3.3).
//!
//! A property value arrives from the grammar as the raw bytes between `[` and `]`, with its
//! escapes still in place. [`decode`] turns those bytes into the text they stand for;
//! [`encode`] and [`encode_into`] do the reverse for the printer.
//!
//! The rules, quoted from the spec:
//!
//! * "`\` is the escape character. Any char following `\` is inserted verbatim (exception:
//!   whitespaces still have to be converted to space!)."
//! * Soft line breaks, "linebreaks preceded by a `\`", "are converted to "", i.e. they are
//!   removed".
//! * Hard line breaks ("any other linebreaks") stay line breaks in `Text` (written as one
//!   `\n`) and become a space in `SimpleText`. A line break is one of LF, CR, LFCR or CRLF.
//! * Other white space (tab, vertical tab, form feed) becomes a space in both kinds.
//!
//! ```
//! use sgfkit::text::{decode, encode, TextKind};
//!
//! let raw = b"k4 is won\\\nderful\r\n[me\\] k4?";
//! assert_eq!(&*decode(raw, TextKind::Text), b"k4 is wonderful\n[me] k4?");
//! assert_eq!(&*decode(raw, TextKind::SimpleText), b"k4 is wonderful [me] k4?");
//! assert_eq!(encode("[me] k4?", false), "[me\\] k4?");
//! ```

use std::borrow::Cow;

/// Which of the two FF\[4\] text value types a value has.
///
/// They differ only in hard line breaks: `Text` keeps them (as `\n`), `SimpleText` turns them
/// into spaces.
///
/// ```
/// use sgfkit::text::{decode, TextKind};
///
/// assert_eq!(&*decode(b"a\nb", TextKind::Text), b"a\nb");
/// assert_eq!(&*decode(b"a\nb", TextKind::SimpleText), b"a b");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TextKind {
    /// `Text` (sgf4 §3.2): formatted text, hard line breaks are kept.
    Text,
    /// `SimpleText` (sgf4 §3.3): a single line, every white space character becomes a space.
    SimpleText,
}

/// Decodes the raw content of one `Text` or `SimpleText` value.
///
/// `raw` is everything between `[` and `]`, escapes intact. The result is borrowed from `raw`
/// when nothing has to change (no `\`, and no white space that has to be converted), and
/// owned otherwise.
///
/// * `\x` gives `x` for any byte `x`, except that escaped white space is still converted: an
///   escaped space, tab, vertical tab or form feed gives a space, and an escaped line break
///   (LF, CR, LFCR or CRLF) is a soft line break and is removed.
/// * A hard line break (LF, CR, LFCR or CRLF) gives `\n` in [`TextKind::Text`] and a space in
///   [`TextKind::SimpleText`].
/// * Tab, vertical tab and form feed give a space.
/// * A `\` at the very end of `raw`, with nothing left to escape, is dropped. (The grammar
///   cannot produce such a value, since `\]` does not end a value.)
///
/// Bytes are not interpreted as characters: the charset (`CA`) is the caller's business, and
/// non-ASCII bytes pass through unchanged.
///
/// ```
/// use std::borrow::Cow;
/// use sgfkit::text::{decode, TextKind};
///
/// // Nothing to do: the input is borrowed.
/// assert!(matches!(decode(b"plain text", TextKind::Text), Cow::Borrowed(b"plain text")));
/// // Soft line break, escaped `]`, hard CRLF line break, tab.
/// let raw = b"won\\\nderful [me\\]]\r\nnext\tline";
/// assert_eq!(&*decode(raw, TextKind::Text), b"wonderful [me]]\nnext line");
/// assert_eq!(&*decode(raw, TextKind::SimpleText), b"wonderful [me]] next line");
/// ```
pub fn decode(raw: &[u8], kind: TextKind) -> Cow<'_, [u8]> {
    let Some(mut first) = first_work(raw, kind) else {
        return Cow::Borrowed(raw);
    };
    // In `Text` a lone LF needs no work, but an LF followed by CR (LFCR) is one line break:
    // start at the LF so the pair is seen whole.
    if first > 0 && raw[first - 1] == b'\n' {
        first -= 1;
    }
    let mut out = Vec::with_capacity(raw.len());
    out.extend_from_slice(&raw[..first]);
    let mut i = first;
    while i < raw.len() {
        let b = raw[i];
        match b {
            b'\\' => match raw.get(i + 1) {
                None => i += 1,
                Some(&next) => match line_break_len(&raw[i + 1..]) {
                    // Soft line break: removed.
                    Some(len) => i += 1 + len,
                    None => {
                        out.push(if is_white(next) { b' ' } else { next });
                        i += 2;
                    }
                },
            },
            b'\n' | b'\r' => {
                // `line_break_len` is at least 1 here.
                i += line_break_len(&raw[i..]).unwrap_or(1);
                out.push(match kind {
                    TextKind::Text => b'\n',
                    TextKind::SimpleText => b' ',
                });
            }
            _ if is_white(b) => {
                out.push(b' ');
                i += 1;
            }
            _ => {
                // Copy the run of bytes that need no work in one go.
                let run = raw[i..]
                    .iter()
                    .position(|&c| needs_work(c, kind) || c == b'\n')
                    .unwrap_or(raw.len() - i);
                out.extend_from_slice(&raw[i..i + run]);
                i += run;
            }
        }
    }
    Cow::Owned(out)
}

/// [`decode`], then UTF-8 with invalid sequences replaced by U+FFFD.
///
/// Use this when the value's charset is UTF-8 (or ASCII). The result is borrowed when
/// [`decode`] borrows and the bytes are valid UTF-8.
///
/// ```
/// use sgfkit::text::{decode_str, TextKind};
///
/// assert_eq!(decode_str("Gō\\:\\]".as_bytes(), TextKind::SimpleText), "Gō:]");
/// assert_eq!(decode_str(b"bad \xff byte", TextKind::Text), "bad \u{fffd} byte");
/// ```
pub fn decode_str(raw: &[u8], kind: TextKind) -> Cow<'_, str> {
    match decode(raw, kind) {
        Cow::Borrowed(bytes) => String::from_utf8_lossy(bytes),
        Cow::Owned(bytes) => match String::from_utf8(bytes) {
            Ok(s) => Cow::Owned(s),
            Err(e) => Cow::Owned(String::from_utf8_lossy(e.as_bytes()).into_owned()),
        },
    }
}

/// Escapes `text` for writing between `[` and `]`.
///
/// `]` and `\` are always escaped, `:` only when `in_compose` is true (the text is one half of
/// a `Compose` value). Nothing else changes, so for a string `s` without CR and without white
/// space other than space and LF, `decode(encode(s, c), TextKind::Text) == s`; for a string
/// without white space other than space, the same holds for [`TextKind::SimpleText`].
/// The result is borrowed when nothing needs escaping.
///
/// ```
/// use std::borrow::Cow;
/// use sgfkit::text::encode;
///
/// assert_eq!(encode("a]b\\c:d", false), "a\\]b\\\\c:d");
/// assert_eq!(encode("My:App", true), "My\\:App");
/// assert!(matches!(encode("nothing to do: ok", false), Cow::Borrowed(_)));
/// ```
pub fn encode(text: &str, in_compose: bool) -> Cow<'_, str> {
    if !text.bytes().any(|b| needs_escape(b, in_compose)) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if c.is_ascii() && needs_escape(c as u8, in_compose) {
            out.push('\\');
        }
        out.push(c);
    }
    Cow::Owned(out)
}

/// Appends `text` to `out`, escaped as [`encode`] does.
///
/// Works on bytes, so it suits text in any ASCII-compatible charset.
///
/// ```
/// use sgfkit::text::encode_into;
///
/// let mut out = b"LB[aa:".to_vec();
/// encode_into(&mut out, b"1:2]", true);
/// out.push(b']');
/// assert_eq!(out, b"LB[aa:1\\:2\\]]");
/// ```
pub fn encode_into(out: &mut Vec<u8>, text: &[u8], in_compose: bool) {
    let mut rest = text;
    while let Some(pos) = rest.iter().position(|&b| needs_escape(b, in_compose)) {
        out.extend_from_slice(&rest[..pos]);
        out.push(b'\\');
        out.push(rest[pos]);
        rest = &rest[pos + 1..];
    }
    out.extend_from_slice(rest);
}

/// Finds the first `byte` in `raw` that is not escaped by a `\`.
///
/// `raw` is a raw value (escapes intact). A `\` escapes the byte after it, so in `a\\:b` the
/// `:` is found (the `\` before it is itself escaped) and in `a\:b:c` the second `:` is. Used
/// to split a `Compose` value on its `:`.
///
/// ```
/// use sgfkit::text::find_unescaped;
///
/// assert_eq!(find_unescaped(b"aa:bb", b':'), Some(2));
/// assert_eq!(find_unescaped(b"My\\:App:1.0", b':'), Some(7));
/// assert_eq!(find_unescaped(b"a\\\\:b", b':'), Some(3));
/// assert_eq!(find_unescaped(b"a\\:b", b':'), None);
/// ```
pub fn find_unescaped(raw: &[u8], byte: u8) -> Option<usize> {
    let mut i = 0;
    while i < raw.len() {
        let rest = &raw[i..];
        let pos = rest.iter().position(|&b| b == byte || b == b'\\')?;
        if rest[pos] == byte {
            return Some(i + pos);
        }
        // A `\`: skip it and the byte it escapes.
        i += pos + 2;
    }
    None
}

/// True for the white space bytes the spec converts: space, tab, LF, VT, FF and CR.
fn is_white(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r')
}

/// The index of the first byte [`decode`] cannot copy unchanged, if any.
///
/// The common case is a value with no escapes and no white space to convert, so check for
/// that first with `memchr` and a scan without early exit (which the compiler can
/// vectorize), and look for the exact position only when there is something to find.
fn first_work(raw: &[u8], kind: TextKind) -> Option<usize> {
    let white = raw
        .iter()
        .fold(false, |acc, &b| acc | (b != b'\\' && needs_work(b, kind)));
    if white {
        raw.iter().position(|&b| needs_work(b, kind))
    } else {
        memchr::memchr(b'\\', raw)
    }
}

/// True if `b` cannot be copied unchanged by [`decode`]. A LF alone is fine in `Text`; a LF
/// followed by CR is caught by the CR.
fn needs_work(b: u8, kind: TextKind) -> bool {
    match b {
        b'\\' | b'\t' | 0x0b | 0x0c | b'\r' => true,
        b'\n' => kind == TextKind::SimpleText,
        _ => false,
    }
}

/// The length (1 or 2) of the line break at the start of `s`: LF, CR, LFCR or CRLF.
fn line_break_len(s: &[u8]) -> Option<usize> {
    match s {
        [b'\n', b'\r', ..] | [b'\r', b'\n', ..] => Some(2),
        [b'\n' | b'\r', ..] => Some(1),
        _ => None,
    }
}

fn needs_escape(b: u8, in_compose: bool) -> bool {
    b == b']' || b == b'\\' || (in_compose && b == b':')
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    use TextKind::{SimpleText, Text};

    #[track_caller]
    fn t(raw: &[u8], kind: TextKind, expected: &[u8]) {
        let got = decode(raw, kind);
        assert_eq!(
            &*got,
            expected,
            "decode({:?}, {kind:?}) gave {:?}",
            String::from_utf8_lossy(raw),
            String::from_utf8_lossy(&got)
        );
    }

    #[test]
    fn spec_example() {
        let raw = b"Meijin NR: yeah, k4 is won\\\nderful\nsweat NR: thank you! :\\)\n\
dada NR: yup. I like this move too. It's a move only to be expected from a pro. I really like it :)\n\
jansteen 4d: Can anyone\\\n explain [me\\] k4?";
        let expected: &[u8] = b"Meijin NR: yeah, k4 is wonderful\nsweat NR: thank you! :)\n\
dada NR: yup. I like this move too. It's a move only to be expected from a pro. I really like it :)\n\
jansteen 4d: Can anyone explain [me] k4?";
        t(raw, Text, expected);
        let simple: Vec<u8> = expected
            .iter()
            .map(|&b| if b == b'\n' { b' ' } else { b })
            .collect();
        t(raw, SimpleText, &simple);
    }

    #[test]
    fn hard_line_breaks() {
        for br in ["\n", "\r", "\r\n", "\n\r"] {
            let raw = format!("a{br}b");
            t(raw.as_bytes(), Text, b"a\nb");
            t(raw.as_bytes(), SimpleText, b"a b");
        }
        // Two breaks in a row stay two breaks.
        for br in ["\n\n", "\r\r", "\r\n\r\n", "\n\r\n\r", "\r\n\n", "\n\r\r"] {
            t(br.as_bytes(), Text, b"\n\n");
            t(br.as_bytes(), SimpleText, b"  ");
        }
        // LF CR LF is LFCR then LF.
        t(b"\n\r\n", Text, b"\n\n");
        // Breaks at the ends.
        t(b"\r\nx\r", Text, b"\nx\n");
    }

    #[test]
    fn soft_line_breaks() {
        for br in ["\n", "\r", "\r\n", "\n\r"] {
            let raw = format!("won\\{br}derful");
            t(raw.as_bytes(), Text, b"wonderful");
            t(raw.as_bytes(), SimpleText, b"wonderful");
        }
        // Only one line break is soft; a second one is hard.
        t(b"a\\\n\nb", Text, b"a\nb");
        t(b"a\\\r\n\r\nb", Text, b"a\nb");
        t(b"a\\\n\r\nb", SimpleText, b"a b");
        // Soft break at the end of the value.
        t(b"end\\\r\n", Text, b"end");
    }

    #[test]
    fn other_white_space() {
        for ws in [b'\t', 0x0b, 0x0c] {
            t(&[b'a', ws, b'b'], Text, b"a b");
            t(&[b'a', ws, b'b'], SimpleText, b"a b");
        }
        // Spaces and non-ASCII bytes are left alone.
        t("a  \u{a0}é".as_bytes(), SimpleText, "a  \u{a0}é".as_bytes());
    }

    #[test]
    fn escapes() {
        t(b"\\]\\\\\\:\\a", Text, b"]\\:a");
        // Escaped white space is still converted.
        t(b"a\\\tb\\ c\\\x0bd", Text, b"a b c d");
        t(b"a\\\tb", SimpleText, b"a b");
        // An escaped backslash does not escape what follows.
        t(b"a\\\\\nb", Text, b"a\\\nb");
        t(b"a\\\\\nb", SimpleText, b"a\\ b");
        // Escaped NUL and non-ASCII bytes are inserted verbatim.
        t(b"\\\0\\\xc3\xa9", Text, b"\0\xc3\xa9");
    }

    #[test]
    fn trailing_backslash_is_dropped() {
        t(b"abc\\", Text, b"abc");
        t(b"\\", SimpleText, b"");
        t(b"\\\\\\", Text, b"\\");
    }

    #[test]
    fn borrows_when_nothing_changes() {
        assert!(matches!(decode(b"", Text), Cow::Borrowed(b"")));
        assert!(matches!(decode(b"a: b]", SimpleText), Cow::Borrowed(_)));
        assert!(matches!(decode(b"line\nline", Text), Cow::Borrowed(_)));
        assert!(matches!(decode(b"line\nline", SimpleText), Cow::Owned(_)));
        assert!(matches!(decode(b"cr\r", Text), Cow::Owned(_)));
        assert!(matches!(decode(b"tab\t", Text), Cow::Owned(_)));
        assert!(matches!(decode(b"esc\\a", Text), Cow::Owned(_)));
        assert!(matches!(decode_str(b"ok", Text), Cow::Borrowed("ok")));
        assert!(matches!(encode("ok:", false), Cow::Borrowed("ok:")));
        assert!(matches!(encode("ok:", true), Cow::Owned(_)));
    }

    #[test]
    fn decode_str_lossy() {
        assert_eq!(decode_str(b"\\\xff", Text), "\u{fffd}");
        assert_eq!(decode_str("日本\\]".as_bytes(), Text), "日本]");
    }

    #[test]
    fn encode_cases() {
        assert_eq!(encode("", true), "");
        assert_eq!(encode("]]", false), "\\]\\]");
        assert_eq!(encode("a:b", false), "a:b");
        assert_eq!(encode("a:b", true), "a\\:b");
        assert_eq!(encode("\\", true), "\\\\");
        assert_eq!(encode("é]", false), "é\\]");
        let mut out = Vec::new();
        encode_into(&mut out, b"x]\\:\xff", false);
        assert_eq!(out, b"x\\]\\\\:\xff");
    }

    #[test]
    fn find_unescaped_cases() {
        assert_eq!(find_unescaped(b"", b':'), None);
        assert_eq!(find_unescaped(b":", b':'), Some(0));
        assert_eq!(find_unescaped(b"\\", b':'), None);
        assert_eq!(find_unescaped(b"\\:", b':'), None);
        assert_eq!(find_unescaped(b"\\::", b':'), Some(2));
        assert_eq!(find_unescaped(b"\\\\\\::", b':'), Some(4));
        assert_eq!(find_unescaped(b"ab]", b']'), Some(2));
        assert_eq!(find_unescaped(b"a\\]b]", b']'), Some(4));
        // Looking for `\` itself finds the first escaping one.
        assert_eq!(find_unescaped(b"a\\\\", b'\\'), Some(1));
    }

    /// Strings that survive decode(encode(s)) unchanged for `kind`.
    fn canonical(kind: TextKind) -> impl Strategy<Value = String> {
        let pool = prop_oneof![
            4 => any::<char>(),
            1 => prop::sample::select(vec![']', '\\', ':', '\0', ' ', 'é', '囲', '[']),
            1 => Just('\n'),
        ];
        prop::collection::vec(pool, 0..40).prop_map(move |chars| {
            chars
                .into_iter()
                .map(|c| {
                    let keep = match c {
                        '\n' => kind == Text,
                        '\t' | '\x0b' | '\x0c' | '\r' => false,
                        _ => true,
                    };
                    if keep { c } else { ' ' }
                })
                .collect()
        })
    }

    proptest! {
        #[test]
        fn text_roundtrip(s in canonical(Text), in_compose in any::<bool>()) {
            let encoded = encode(&s, in_compose);
            prop_assert_eq!(decode_str(encoded.as_bytes(), Text), s.as_str());
            let mut bytes = Vec::new();
            encode_into(&mut bytes, s.as_bytes(), in_compose);
            prop_assert_eq!(&bytes, encoded.as_bytes());
            if in_compose {
                prop_assert_eq!(find_unescaped(&bytes, b':'), None);
            }
            prop_assert_eq!(find_unescaped(&bytes, b']'), None);
        }

        #[test]
        fn simple_text_roundtrip(s in canonical(SimpleText), in_compose in any::<bool>()) {
            let encoded = encode(&s, in_compose);
            prop_assert_eq!(decode_str(encoded.as_bytes(), SimpleText), s.as_str());
        }

        #[test]
        fn decode_never_panics(raw in prop::collection::vec(any::<u8>(), 0..64)) {
            let text = decode(&raw, Text);
            let simple = decode(&raw, SimpleText);
            // Never longer than the input; SimpleText has no line breaks or other
            // white space but spaces; Text has no CR.
            prop_assert!(text.len() <= raw.len());
            prop_assert!(simple.len() <= raw.len());
            prop_assert!(!simple.iter().any(|&b| is_white(b) && b != b' '));
            prop_assert!(!text.iter().any(|&b| is_white(b) && b != b' ' && b != b'\n'));
            // Decoding is idempotent on output without backslashes.
            if !raw.contains(&b'\\') {
                prop_assert_eq!(&*decode(&simple, SimpleText), &*simple);
                prop_assert_eq!(&*decode(&text, Text), &*text);
            }
        }

        #[test]
        fn decode_bytes_no_special(raw in prop::collection::vec(any::<u8>(), 0..64)) {
            // Bytes that are neither `\` nor white space are copied unchanged.
            let kept: Vec<u8> = raw.iter().copied().filter(|&b| b != b'\\' && !is_white(b)).collect();
            prop_assert_eq!(&*decode(&kept, Text), &kept[..]);
            prop_assert_eq!(&*decode(&kept, SimpleText), &kept[..]);
        }
    }
}
