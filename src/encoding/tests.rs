//! Tests of `sgfkit::encoding`: unit cases and a round-trip property here; fixtures and real
//! files in `corpus`; the fast scans against byte loops in `scans`.

use super::decode::{MAX_MALFORMED_WARNINGS, decode_into};
use super::detect::{UTF8_BOM, is_utf8, non_ascii_chars};
use super::scan::{game_trees, root_ca, skip_value};
use super::*;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use proptest::prelude::*;

mod corpus;
mod scans;

// ---------------------------------------------------------------------------------------------
// Helpers

/// `shared/corpus`, found by walking up from the crate root; `None` when absent.
fn corpus_dir() -> Option<PathBuf> {
    let mut dir = Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf();
    loop {
        let candidate = dir.join("shared").join("corpus");
        if candidate.is_dir() {
            return Some(candidate);
        }
        if !dir.pop() {
            return None;
        }
    }
}

/// The corpus directory, or a skip message.
fn corpus_or_skip(test: &str) -> Option<PathBuf> {
    let dir = corpus_dir();
    if dir.is_none() {
        eprintln!("{test}: SKIPPED, no shared/corpus directory above CARGO_MANIFEST_DIR");
    }
    dir
}

fn read(corpus: &Path, rel: &str) -> Vec<u8> {
    std::fs::read(corpus.join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

/// The (unescaped) values of every `ident[...]` in UTF-8 SGF text (simple scan for tests).
fn values_of(text: &str, ident: &str) -> Vec<String> {
    let bytes = text.as_bytes();
    let pat = format!("{ident}[");
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(k) = text[from..].find(&pat) {
        let at = from + k;
        let prev_is_letter = at > 0 && bytes[at - 1].is_ascii_uppercase();
        let open = at + ident.len();
        let end = skip_value(bytes, open, true);
        if !prev_is_letter {
            let close = if bytes.get(end - 1) == Some(&b']') {
                end - 1
            } else {
                end
            };
            let raw = &text[open + 1..close];
            let mut v = String::new();
            let mut chars = raw.chars();
            while let Some(c) = chars.next() {
                if c == '\\' {
                    if let Some(n) = chars.next() {
                        v.push(n);
                    }
                } else {
                    v.push(c);
                }
            }
            out.push(v);
        }
        from = end;
    }
    out
}

fn is_cjk(c: char) -> bool {
    matches!(c as u32,
        0x3040..=0x30FF | 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xAC00..=0xD7AF | 0xF900..=0xFAFF)
}

fn escape_sgf(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c == ']' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

// ---------------------------------------------------------------------------------------------
// Unit cases

#[test]
fn encoding_labels() {
    let cases: &[(&str, &str)] = &[
        ("UTF-8", "UTF-8"),
        ("utf8", "UTF-8"),
        ("UTF_8", "UTF-8"),
        ("GB2312", "GBK"),
        ("EUC-CN", "GBK"),
        ("cp936", "GBK"),
        ("GB18030", "gb18030"),
        ("Big5", "Big5"),
        ("Big5-HKSCS", "Big5"),
        ("Shift_JIS", "Shift_JIS"),
        ("Shift-JIS", "Shift_JIS"),
        ("SJIS", "Shift_JIS"),
        ("MS_KANJI", "Shift_JIS"),
        ("EUC-KR", "EUC-KR"),
        ("EUC_KR", "EUC-KR"),
        ("EUC-JP", "EUC-JP"),
        ("ISO-2022-JP", "ISO-2022-JP"),
        ("ISO-8859-1", "windows-1252"),
        ("ISO8859_1", "windows-1252"),
        ("iso-8859-1", "windows-1252"),
        ("ISO8859-1", "windows-1252"),
        ("latin-1", "windows-1252"),
        ("ASCII", "windows-1252"),
        ("US-ASCII", "windows-1252"),
        ("ISO-8859", "windows-1252"),
        ("ISO_8859-1:1987", "windows-1252"),
        ("ISO-8859-15", "ISO-8859-15"),
        ("ISO8859-2", "ISO-8859-2"),
        ("Windows-1251", "windows-1251"),
        ("cp1250", "windows-1250"),
        ("windows1253", "windows-1253"),
        ("KOI8-R", "KOI8-R"),
        ("macintosh", "macintosh"),
        ("MacRoman", "macintosh"),
        ("UTF-16BE", "UTF-16BE"),
        ("UTF16LE", "UTF-16LE"),
        (" U T F - 1 6 B E ", "UTF-16BE"),
        ("UTF-32", "UTF-32LE"),
        ("UTF-32BE", "UTF-32BE"),
    ];
    for (label, want) in cases {
        let got = encoding_for_label(label).map(Charset::name);
        assert_eq!(got, Some(*want), "label {label:?}");
    }
    for bad in [
        "",
        "foo",
        "unknownencoding",
        "HZ-GB-2312",
        "ISO-2022-KR",
        "UTF-7",
    ] {
        assert_eq!(encoding_for_label(bad), None, "label {bad:?}");
    }
}

#[test]
fn encoding_ascii_safety() {
    use encoding_rs as e;
    for safe in [
        e::UTF_8,
        e::WINDOWS_1252,
        e::ISO_8859_15,
        e::WINDOWS_1251,
        e::KOI8_R,
        e::MACINTOSH,
        e::EUC_JP,
        e::EUC_KR,
    ] {
        assert!(is_ascii_safe(safe), "{}", safe.name());
    }
    for unsafe_ in [
        e::SHIFT_JIS,
        e::BIG5,
        e::GBK,
        e::GB18030,
        e::ISO_2022_JP,
        e::UTF_16LE,
        e::UTF_16BE,
    ] {
        assert!(!is_ascii_safe(unsafe_), "{}", unsafe_.name());
    }
    assert!(!is_ascii_safe(Charset::Utf32Le));
}

#[test]
fn encoding_ca_found_anywhere_in_root() {
    let opts = DecodeOptions::default();
    // After a comment with escapes and brackets.
    let d = detect(b"(;C[a \\] [b] \\\\]GM[1]CA[Big5])", &opts);
    assert_eq!((d.charset.name(), d.reason), ("Big5", Reason::CaProperty));
    // FF[3] identifier with lower-case letters.
    let d = detect(b"(;GaMe[1]ChArset[EUC-KR]CharsetA[x])", &opts);
    assert_eq!(d.declared.as_deref(), Some("EUC-KR"));
    // `CharSet` (= CS after removing lower-case letters) is not CA.
    let d = detect(b"(;CharSet[Big5]C[x])", &opts);
    assert_eq!(d.declared, None);
    // Only the root node counts.
    let d = detect(b"(;GM[1];CA[Big5])", &opts);
    assert_eq!(d.declared, None);
    // Whitespace between identifier and value, and around the value.
    let d = detect(b"(\n ; FF[4] CA [ gb2312 ] )", &opts);
    assert_eq!(
        (d.charset.name(), d.declared.as_deref()),
        ("GBK", Some("gb2312"))
    );
    // Junk before the tree, a missing ';'.
    let d = detect(b"junk\n(CA[Shift_JIS]PB[x];B[aa])", &opts);
    assert_eq!(d.charset.name(), "Shift_JIS");
}

#[test]
fn encoding_ca_after_value_with_backslash_trail_byte() {
    // Shift_JIS "ソ" is 0x83 0x5C: a byte-level scanner takes the `\` as an escape.
    let input = b"(;PB[\x83\x5c]CA[SJIS]PW[\x8c\xe9])";
    let d = to_utf8(input, &DecodeOptions::default());
    assert_eq!(d.detection.reason, Reason::CaProperty);
    assert_eq!(d.as_str(), "(;PB[ソ]CA[SJIS]PW[碁])");
}

#[test]
fn encoding_ca_mismatch_and_multiple() {
    let d = detect(b"(;CA[GBK]CA[Big5]C[x])", &DecodeOptions::default());
    assert_eq!(d.charset.name(), "GBK");
    assert_eq!(d.warnings.len(), 1);
    assert_eq!(d.warnings[0].kind, WarningKind::MultipleCa);

    // Declared Shift_JIS, but the bytes are UTF-8.
    let input = "(;CA[Shift_JIS]PB[井山裕太])".as_bytes();
    let d = detect(input, &DecodeOptions::default());
    assert_eq!(d.reason, Reason::CaProperty);
    assert!(d.warnings.iter().any(|w| w.kind == WarningKind::CaMismatch));

    // Unknown CA: ignored, reported at the value's offset.
    let d = detect(b"(;CA[foo]C[x])", &DecodeOptions::default());
    assert_eq!((d.reason, d.warnings[0].offset), (Reason::ValidUtf8, 5));
}

#[test]
fn encoding_bom_and_wide() {
    let text = "(;CA[UTF-32]PB[柯洁]C[Go \\] 🀄])";
    for (charset, bom) in [
        (Charset::Utf32Le, &b"\xFF\xFE\x00\x00"[..]),
        (Charset::Utf32Be, &b"\x00\x00\xFE\xFF"[..]),
        (encoding_rs::UTF_16LE.into(), &b"\xFF\xFE"[..]),
        (encoding_rs::UTF_16BE.into(), &b"\xFE\xFF"[..]),
    ] {
        let body = encode_from_utf8(text, charset);
        // With BOM.
        let mut input = bom.to_vec();
        input.extend_from_slice(&body);
        let d = to_utf8(&input, &DecodeOptions::default());
        assert_eq!(d.detection.charset, charset);
        assert_eq!(d.detection.reason, Reason::Bom);
        assert_eq!(d.as_str(), text, "{charset} with BOM");
        assert_eq!(d.detection.declared.as_deref(), Some("UTF-32"));
        // Without BOM.
        let d = to_utf8(&body, &DecodeOptions::default());
        assert_eq!(d.detection.charset, charset, "{charset} without BOM");
        assert_eq!(d.detection.reason, Reason::WideAscii);
        assert_eq!(d.as_str(), text);
    }
    // UTF-16 CA with a UTF-32 BOM: a mismatch warning.
    let mut input = b"\xFF\xFE\x00\x00".to_vec();
    input.extend(encode_from_utf8("(;CA[UTF-16])", Charset::Utf32Le));
    let d = detect(&input, &DecodeOptions::default());
    assert_eq!(d.warnings[0].kind, WarningKind::CaMismatch);
}

#[test]
fn encoding_utf32_malformed() {
    let mut input = encode_from_utf8("(;C[", Charset::Utf32Le);
    input.extend_from_slice(&0x0011_0000u32.to_le_bytes());
    input.extend(encode_from_utf8("])", Charset::Utf32Le));
    input.push(0);
    let d = to_utf8(&input, &DecodeOptions::new().force(Charset::Utf32Le));
    assert_eq!(d.as_str(), "(;C[\u{FFFD}])\u{FFFD}");
    let offsets: Vec<usize> = d.warnings.iter().map(|w| w.offset).collect();
    assert_eq!(offsets, vec![16, 28]);
}

#[test]
fn encoding_utf8_borrowing_and_malformed_offsets() {
    let input = "\u{FEFF}(;C[é])".as_bytes();
    let d = to_utf8(input, &DecodeOptions::default());
    assert!(matches!(d.text, Cow::Borrowed(_)));
    assert_eq!(d.as_str(), "(;C[é])");
    assert_eq!(d.detection.reason, Reason::Bom);

    let d = to_utf8(
        b"(;CA[UTF-8]C[\xff\xfe ok \xe4\xb8])",
        &DecodeOptions::default(),
    );
    assert!(d.transcoded);
    assert_eq!(d.as_str(), "(;CA[UTF-8]C[\u{FFFD}\u{FFFD} ok \u{FFFD}])");
    // One warning for the value, counting its three sequences.
    let offsets: Vec<usize> = d.warnings.iter().map(|w| w.offset).collect();
    assert_eq!(offsets, vec![13]);
    assert_eq!(
        d.warnings[0].message,
        "3 malformed UTF-8 sequences in C from byte offset 13; replaced by U+FFFD"
    );
    assert_eq!(d.detection.warnings[0].kind, WarningKind::CaMismatch);
}

#[test]
fn encoding_malformed_warnings_are_capped() {
    // 200 values with one damaged byte each, and one with three: a
    // warning a value up to the cap, then one that counts the rest.
    let mut input = b"(;CA[UTF-8]".to_vec();
    for _ in 0..200 {
        input.extend_from_slice(b"AB[a\xff]");
    }
    input.extend_from_slice(b";B[aa]C[\xff\xff \xff])");
    let d = to_utf8(&input, &DecodeOptions::default());
    assert_eq!(d.warnings.len(), MAX_MALFORMED_WARNINGS + 1);
    assert!(
        d.warnings[0].message.contains(" in AB at byte offset 15;"),
        "{}",
        d.warnings[0].message
    );
    assert_eq!(
        d.warnings.last().unwrap().message,
        format!(
            "{} more malformed sequences not listed",
            200 - MAX_MALFORMED_WARNINGS + 3
        )
    );
}

/// The identifier is found for a value of a list and after white space,
/// and not for a byte outside any value.
#[test]
fn encoding_malformed_value_names_its_property() {
    let mut input = b"(;CA[UTF-8]LB[aa:x] [bb:".to_vec();
    input.push(0xFE);
    input.extend_from_slice(b"]\n\nGN [");
    input.push(0xFE);
    input.extend_from_slice(b"]");
    input.push(0xFE);
    input.extend_from_slice(b")");
    let d = to_utf8(&input, &DecodeOptions::default());
    let messages: Vec<&str> = d.warnings.iter().map(|w| w.message.as_str()).collect();
    assert_eq!(messages.len(), 3, "{messages:?}");
    assert!(messages[0].contains(" in LB at "), "{}", messages[0]);
    assert!(messages[1].contains(" in GN at "), "{}", messages[1]);
    assert!(!messages[2].contains(" in "), "{}", messages[2]);
}

#[test]
fn encoding_iso_2022_jp_without_ca() {
    let input = b"(;C[Go\x1b$B$O8EBe\x1b(B])";
    let d = to_utf8(input, &DecodeOptions::default());
    assert_eq!(d.detection.charset.name(), "ISO-2022-JP");
    assert_eq!(d.as_str(), "(;C[Goは古代])");
}

#[test]
fn encoding_damaged_utf8_is_read_as_utf8() {
    // A Fox-style name: one byte of a character replaced by `?`.
    let input = "(;PB[王元".as_bytes().iter().copied();
    let input: Vec<u8> = input.chain(*b"\xe5?\x87]PW[\xe6\xad\xbb])").collect();
    let d = to_utf8(&input, &DecodeOptions::default());
    assert_eq!(d.detection.reason, Reason::MostlyUtf8);
    assert_eq!(d.as_str(), "(;PB[王元\u{FFFD}?\u{FFFD}]PW[死])");
}

#[test]
fn encoding_guess_and_default() {
    // Chinese without CA (GBK): guessed.
    let input = "(;PB[古力]PW[柯洁]C[围棋是一种古老的游戏，从被遗忘的中国起源先传到东亚其他地区])";
    let bytes = encode_from_utf8(input, encoding_rs::GBK);
    let d = to_utf8(&bytes, &DecodeOptions::default());
    assert_eq!(d.detection.reason, Reason::Guessed);
    assert_eq!(d.as_str(), input);
    // Guessing off: the default.
    let d = detect(&bytes, &DecodeOptions::new().guess(false));
    assert_eq!(
        (d.charset.name(), d.reason),
        ("windows-1252", Reason::Default)
    );
    let opts = DecodeOptions::new()
        .guess(false)
        .default_charset(encoding_rs::GB18030);
    assert_eq!(detect(&bytes, &opts).charset.name(), "gb18030");
}

#[test]
fn encoding_decode_value_and_encode() {
    assert_eq!(decode_value(b"\xc6\xe5", encoding_rs::GBK), "棋");
    assert_eq!(decode_value(b"a\xffb", encoding_rs::UTF_8), "a\u{FFFD}b");
    assert_eq!(
        decode_value(b"A\x00\x00\x00", Charset::Utf32Le),
        Cow::<str>::Owned("A".into())
    );
    assert_eq!(
        encode_from_utf8("碁", encoding_rs::ISO_2022_JP),
        b"\x1b$B8k\x1b(B"
    );
    assert_eq!(encode_from_utf8("a碁b", encoding_rs::KOI8_R), b"a?b");
    assert_eq!(
        encode_from_utf8("碁€碁", encoding_rs::ISO_2022_JP),
        b"\x1b$B8k\x1b(B?\x1b$B8k\x1b(B"
    );
}

#[test]
fn encoding_split_and_per_tree() {
    // The trees of `crate::scan` (the lenient reader's rule); without any,
    // one over everything that holds a `(` or a `;`.
    assert!(game_trees(b"").is_empty());
    assert!(game_trees(b"no sgf here").is_empty());
    assert_eq!(game_trees(b";B[aa]"), vec![0..6]);
    assert_eq!(game_trees(b"x(b[aa])"), vec![0..8]);
    // A tree whose `;` is missing is one, as the lenient reader reads it.
    assert_eq!(game_trees(b"x(B[aa])(;W[bb])"), vec![1..8, 8..16]);
    assert_eq!(game_trees(b"(;C[x)]"), vec![0..7]);
    assert_eq!(game_trees(b"(;)x(;C[\\)])"), vec![0..3, 4..12]);
    assert_eq!(game_trees(b"(x)(;B[aa])"), vec![3..11]);

    let mut input = Vec::new();
    input.extend_from_slice(b"(;CA[UTF-8]PB[\xe6\xa3\x8b])\n");
    input.extend(encode_from_utf8("(;CA[Big5]PB[圍棋])\n", encoding_rs::BIG5));
    input.extend(encode_from_utf8(
        "(;CA[EUC-KR]PB[바둑])",
        encoding_rs::EUC_KR,
    ));
    let d = to_utf8_per_tree(&input, &DecodeOptions::default());
    let want = "(;CA[UTF-8]PB[棋])\n(;CA[Big5]PB[圍棋])\n(;CA[EUC-KR]PB[바둑])";
    assert_eq!(d.as_str(), want);
    let names: Vec<&str> = d.trees.iter().map(|t| t.detection.charset.name()).collect();
    assert_eq!(names, ["UTF-8", "Big5", "EUC-KR"]);
    for t in &d.trees {
        assert!(d.as_str()[t.output.clone()].starts_with("(;CA["));
        assert_eq!(input[t.input.start], b'(');
    }
    // Whole-file decoding gets only the first tree right.
    assert_ne!(to_utf8(&input, &DecodeOptions::default()).as_str(), want);

    // All UTF-8: borrowed, ranges shifted by the BOM.
    let input = "\u{FEFF}(;C[a])(;C[b])".as_bytes();
    let d = to_utf8_per_tree(input, &DecodeOptions::default());
    assert!(!d.transcoded);
    assert_eq!(d.trees[1].output, 7..14);
    assert_eq!(&d.as_str()[d.trees[1].output.clone()], "(;C[b])");
}

#[test]
fn encoding_per_tree_ascii_in_other_charsets_is_not_converted() {
    // Trees that declare charsets other than UTF-8 but hold ASCII alone
    // read as they are: the text is the input, borrowed, not transcoded.
    let input = b"\xEF\xBB\xBF(;CA[UTF-8]C[a])\n(;CA[ISO-8859-1]C[b])\n(;CA[ISO-8859-2]C[c])";
    let d = to_utf8_per_tree(input, &DecodeOptions::default());
    assert!(!d.transcoded);
    assert!(matches!(d.text, Cow::Borrowed(_)));
    assert_eq!(d.as_str().as_bytes(), &input[3..]);
    assert!(d.trees.iter().all(|t| !t.transcoded));
    assert_eq!(
        d.trees[2].detection.charset,
        Charset::Encoding(encoding_rs::ISO_8859_2)
    );
    let (text, owned) = to_utf8_per_tree_owned(input.to_vec(), &DecodeOptions::default());
    assert!(!owned.transcoded);
    assert_eq!(text, &input[3..]);
    // One byte that is not ASCII, and the text is converted.
    let input = b"(;CA[UTF-8]C[a])(;CA[ISO-8859-1]C[\xE9])";
    let d = to_utf8_per_tree(input, &DecodeOptions::default());
    assert!(d.transcoded && d.trees[1].transcoded && !d.trees[0].transcoded);
    assert_eq!(d.as_str(), "(;CA[UTF-8]C[a])(;CA[ISO-8859-1]C[é])");
}

#[test]
fn encoding_per_tree_wide_input_is_decoded_whole() {
    let mut input = b"\xFF\xFE".to_vec();
    input.extend(encode_from_utf8(
        "(;CA[UTF-16]PB[柯洁])\n(;PB[古力])",
        encoding_rs::UTF_16LE,
    ));
    let d = to_utf8_per_tree(&input, &DecodeOptions::default());
    assert_eq!(d.as_str(), "(;CA[UTF-16]PB[柯洁])\n(;PB[古力])");
    assert_eq!(d.trees.len(), 2);
    assert_eq!(&d.as_str()[d.trees[1].output.clone()], "(;PB[古力])");
    assert_eq!(d.trees[1].input, 0..input.len());
    assert!(d.trees.iter().all(|t| t.detection.reason == Reason::Bom));

    // Detection warnings of every tree show up in all_warnings().
    let d = to_utf8_per_tree(b"(;CA[nope])(;CA[GBK]CA[Big5])", &DecodeOptions::default());
    let kinds: Vec<WarningKind> = d.all_warnings().map(|w| w.kind).collect();
    assert_eq!(kinds, [WarningKind::UnknownCa, WarningKind::MultipleCa]);
    let offsets: Vec<usize> = d.all_warnings().map(|w| w.offset).collect();
    assert_eq!(offsets, [5, 23]);
}

#[test]
fn encoding_region_hint_is_accepted() {
    let bytes = encode_from_utf8("(;PB[古力]PW[柯洁])", encoding_rs::GBK);
    let d = detect(&bytes, &DecodeOptions::new().region_hint("cn"));
    assert_eq!(d.charset.name(), "GBK");
    // Invalid hints are ignored rather than passed on.
    let d = detect(&bytes, &DecodeOptions::new().region_hint("C.N"));
    assert_eq!(d.reason, Reason::Guessed);
}

#[test]
fn encoding_rewrite_ca() {
    assert_eq!(
        rewrite_ca_to_utf8(b"(;C[a]CA[Big5]\n;B[aa])").as_ref(),
        b"(;C[a]CA[UTF-8]\n;B[aa])"
    );
    assert_eq!(
        rewrite_ca_to_utf8(b"(TE[x];B[aa])").as_ref(),
        b"(CA[UTF-8]TE[x];B[aa])"
    );
    assert!(matches!(rewrite_ca_to_utf8(b"no sgf"), Cow::Borrowed(_)));
    assert_eq!(rewrite_ca_to_utf8(b"(;CA[])").as_ref(), b"(;CA[UTF-8])");
}

// ---------------------------------------------------------------------------------------------
// Round-trip property

fn roundtrip_charsets() -> Vec<Charset> {
    use encoding_rs as e;
    vec![
        Charset::UTF_8,
        e::UTF_16LE.into(),
        e::UTF_16BE.into(),
        Charset::Utf32Le,
        Charset::Utf32Be,
        e::WINDOWS_1252.into(),
        e::ISO_8859_2.into(),
        e::ISO_8859_7.into(),
        e::ISO_8859_15.into(),
        e::WINDOWS_1251.into(),
        e::KOI8_R.into(),
        e::MACINTOSH.into(),
        e::GBK.into(),
        e::GB18030.into(),
        e::BIG5.into(),
        e::SHIFT_JIS.into(),
        e::EUC_JP.into(),
        e::EUC_KR.into(),
        e::ISO_2022_JP.into(),
    ]
}

/// Characters drawn from the scripts the legacy charsets cover, plus SGF's special ones.
fn sgf_char() -> impl Strategy<Value = char> {
    prop_oneof![
        4 => any::<char>(),
        2 => prop::char::range(' ', '~'),
        1 => prop::sample::select(vec![']', '\\', '[', ';', '(', ')', ':', '\n', '?']),
        2 => prop::char::range('\u{4E00}', '\u{9FA5}'),
        1 => prop::char::range('\u{3041}', '\u{30FA}'),
        1 => prop::char::range('\u{AC00}', '\u{D7A3}'),
        1 => prop::char::range('\u{0400}', '\u{045F}'),
        1 => prop::char::range('\u{00A0}', '\u{017F}'),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn encoding_roundtrip_through_to_utf8(
        which in 0usize..19,
        values in prop::collection::vec(prop::collection::vec(sgf_char(), 0..24), 1..4),
        ca_first in any::<bool>(),
        label_style in 0usize..2,
    ) {
        let charsets = roundtrip_charsets();
        let charset = charsets[which % charsets.len()];
        let label = if label_style == 0 {
            charset.name().to_string()
        } else {
            charset.name().to_lowercase()
        };
        // Keep the characters the charset can write back identically; no NUL.
        let texts: Vec<String> = values
            .iter()
            .map(|v| {
                v.iter()
                    .filter(|c| **c != '\0' && **c != '\u{FEFF}')
                    .filter(|c| can_encode(c.encode_utf8(&mut [0u8; 4]), charset))
                    .collect()
            })
            .collect();
        let mut sgf = String::from("(;FF[4]");
        if ca_first {
            sgf.push_str(&format!("CA[{label}]"));
        }
        for (k, t) in texts.iter().enumerate() {
            let ident = ["PB", "C", "GN"][k % 3];
            sgf.push_str(&format!("{ident}[{}]", escape_sgf(t)));
        }
        if !ca_first {
            sgf.push_str(&format!("CA[{label}]"));
        }
        sgf.push_str(";B[pd])");
        let mut bytes = Vec::new();
        if !is_ascii_safe(charset) && charset.is_unicode() {
            // UTF-16/32 are only self-describing with a BOM (or mostly-ASCII starts).
            bytes.extend(encode_from_utf8("\u{FEFF}", charset));
        }
        bytes.extend(encode_from_utf8(&sgf, charset));
        let d = to_utf8(&bytes, &DecodeOptions::default());
        prop_assert_eq!(d.as_str(), sgf.as_str(), "charset {}", charset);
        prop_assert!(d.warnings.is_empty());
        let stripped_ok = d.detection.charset == charset
            || (charset.is_unicode() && d.detection.charset.same_family(charset))
            // pure-ASCII content in an ASCII-safe charset reads the same under any of them
            || sgf.is_ascii();
        prop_assert!(stripped_ok, "{} detected as {:?}", charset, d.detection);
    }
}

// ---------------------------------------------------------------------------------------------
// The text made in the input's own buffer

/// Game trees whose text grows (Latin-1, malformed bytes), shrinks (GB18030's four-byte
/// sequences for two-byte UTF-8 characters) or stays (UTF-8, ASCII) when decoded, and what
/// may stand between them.
const GROWS: &[u8] = b"(;CA[ISO-8859-1]PB[Ren\xe9 \xe9\xe9])";
const SHRINKS: &[u8] = b"(;CA[GB18030]C[\x81\x30\x81\x30\x81\x30\x81\x31\x81\x30\x81\x32])";
const STAYS: &[u8] = "(;CA[UTF-8]C[棋])".as_bytes();
const ASCII: &[u8] = b"(;C[plain];B[pd])";
const DAMAGED: &[u8] = b"(;C[caf\xc3\xa9 \xff\xfe])";

fn pieces_of_trees() -> impl Strategy<Value = Vec<u8>> {
    let tree = prop::sample::select(vec![GROWS, SHRINKS, STAYS, ASCII, DAMAGED]);
    let between = prop::sample::select(vec![&b""[..], b"\n", b"junk \xe9 ", b" \x81\x30\x81\x30 "]);
    (any::<bool>(), prop::collection::vec((tree, between), 0..8)).prop_map(|(bom, parts)| {
        let mut bytes = if bom { UTF8_BOM.to_vec() } else { Vec::new() };
        for (tree, between) in parts {
            bytes.extend_from_slice(tree);
            bytes.extend_from_slice(between);
        }
        bytes
    })
}

/// Decoding an input given away gives what decoding it borrowed gives, its text made
/// in the input's buffer.
fn owned_as_borrowed(bytes: &[u8]) -> Result<(), TestCaseError> {
    let opts = DecodeOptions::default();
    let borrowed = to_utf8_per_tree(bytes, &opts);
    let (text, owned) = to_utf8_per_tree_owned(bytes.to_vec(), &opts);
    prop_assert_eq!(
        String::from_utf8_lossy(&text),
        String::from_utf8_lossy(&borrowed.text)
    );
    prop_assert!(owned.text.is_empty());
    prop_assert_eq!(owned.transcoded, borrowed.transcoded);
    prop_assert_eq!(
        format!("{:?}", owned.trees),
        format!("{:?}", borrowed.trees)
    );
    prop_assert_eq!(
        format!("{:?}", owned.all_warnings().collect::<Vec<_>>()),
        format!("{:?}", borrowed.all_warnings().collect::<Vec<_>>())
    );
    Ok(())
}

#[test]
fn owned_input_is_decoded_in_its_own_buffer() {
    // Trees that grow and shrink in one collection, after a byte order mark: the
    // text is put together in the input's buffer.
    let mut bytes = UTF8_BOM.to_vec();
    for tree in [ASCII, SHRINKS, STAYS, GROWS, ASCII, SHRINKS, ASCII] {
        bytes.extend_from_slice(tree);
        bytes.push(b'\n');
    }
    owned_as_borrowed(&bytes).unwrap();
    let (text, d) = to_utf8_per_tree_owned(bytes.clone(), &DecodeOptions::default());
    assert!(d.transcoded);
    let text = String::from_utf8(text).unwrap();
    assert!(text.starts_with("(;C[plain];B[pd])\n(;CA[GB18030]C[\u{80}\u{81}\u{82}])\n"));
    assert!(text.contains("(;CA[ISO-8859-1]PB[René éé])\n(;C[plain]"));
    // With room for the text, the buffer is the input's.
    let mut roomy = Vec::with_capacity(bytes.len() * 2);
    roomy.extend_from_slice(&bytes);
    let at = roomy.as_ptr();
    let (text, _) = to_utf8_per_tree_owned(roomy, &DecodeOptions::default());
    assert_eq!(text.as_ptr(), at);
    // UTF-8 throughout: the input itself, past its byte order mark.
    let mut utf8 = UTF8_BOM.to_vec();
    utf8.extend_from_slice(STAYS);
    utf8.extend_from_slice(ASCII);
    let (text, d) = to_utf8_per_tree_owned(utf8.clone(), &DecodeOptions::default());
    assert!(!d.transcoded);
    assert_eq!(text, &utf8[UTF8_BOM.len()..]);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, ..ProptestConfig::default() })]

    #[test]
    fn owned_decoding_matches_borrowed(bytes in pieces_of_trees()) {
        owned_as_borrowed(&bytes)?;
    }
}
