//! Tests of `sgfkit::encoding`: unit cases, the libsgfc++ and Sabaki fixtures, a Fox sample,
//! a round-trip property, and a pass over the whole corpus.

use super::decode::{MAX_MALFORMED_WARNINGS, decode_into};
use super::detect::{is_utf8, non_ascii_chars};
use super::scan::{root_ca, skip_value};
use super::*;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use proptest::prelude::*;

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
    let offsets: Vec<usize> = d.warnings.iter().map(|w| w.offset).collect();
    assert_eq!(offsets, vec![13, 14, 19]);
    assert_eq!(d.detection.warnings[0].kind, WarningKind::CaMismatch);
}

#[test]
fn encoding_malformed_warnings_are_capped() {
    let mut input = b"(;CA[UTF-8]C[".to_vec();
    input.extend(std::iter::repeat_n(0xFFu8, 200));
    input.extend_from_slice(b"])");
    let d = to_utf8(&input, &DecodeOptions::default());
    assert_eq!(d.warnings.len(), MAX_MALFORMED_WARNINGS + 1);
    assert!(
        d.warnings
            .last()
            .is_some_and(|w| w.message.contains("136 more"))
    );
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
    assert!(split_game_trees(b"").is_empty());
    assert_eq!(split_game_trees(b";B[aa]"), vec![0..6]);
    assert_eq!(split_game_trees(b"(;C[x)]"), vec![0..7]);
    assert_eq!(split_game_trees(b"(;)x(;C[\\)])"), vec![0..3, 4..12]);

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
// libsgfc++ encoding matrix

const CN_SIMPLIFIED: &str =
    "围棋是一种古老的游戏，从被遗忘的中国起源先传到东亚其他地区，然后传到整个世界。";
const CN_TRADITIONAL: &str =
    "圍棋是一種古老的遊戲，從其被遺忘的中國起源開始，首先傳播到東亞其他地區，然後傳播到整個世界。";
const JAPANESE: &str = "Goは古代のゲームであり、中国での起源を忘れてから、最初に東アジアの他の地域に広がり、次に全世界に広がりました。";
const KOREAN: &str = "바둑은 중국에서 잊혀진 기원에서 처음에는 동아시아의 나머지 지역으로 퍼진 후 전 세계로 퍼진 고대 게임입니다.";
const CYRILLIC: &str = "Го - древняя игра, которая со времен ее забытого происхождения в Китае распространилась сначала на остальную часть Восточной Азии, а затем и на весь мир.";
const GREEK: &str = "Το Go είναι ένα αρχαίο παιχνίδι που, από την ξεχασμένη καταγωγή του στην Κίνα, εξαπλώθηκε πρώτα στην υπόλοιπη Ανατολική Ασία και μετά σε ολόκληρο τον κόσμο.";
const HINDI: &str = "गो एक प्राचीन खेल है, जो चीन में अपने भूले हुए उद्गम से, पहले पूर्वी एशिया के बाकी हिस्सों में और फिर पूरी दुनिया में फैल गया।";
const HEBREW: &str =
    "גו הוא משחק עתיק אשר ממקורותיו הנשכחים בסין התפשט תחילה לשאר מזרח אסיה, ואחר כך לכל העולם.";
const WESTERN: &str = "Ää Àà Ââ Åå Ææ Çç Èè Éé Êê Ëë Îî Ïï Ññ Öö Ôô Øø ß Üü Ùù Ûû ÿ ¿¡ «»";

#[test]
fn encoding_libsgfcplusplus_matrix() {
    let Some(corpus) = corpus_or_skip("encoding_libsgfcplusplus_matrix") else {
        return;
    };
    let multi = &[
        CYRILLIC,
        GREEK,
        JAPANESE,
        CN_SIMPLIFIED,
        CN_TRADITIONAL,
        KOREAN,
        HINDI,
        HEBREW,
    ][..];
    let cases: &[(&str, &str, Reason, &[&str])] = &[
        (
            "encoding-chinese-gb18030.sgf",
            "gb18030",
            Reason::CaProperty,
            &[CN_SIMPLIFIED],
        ),
        (
            "encoding-chinese-gbk.sgf",
            "GBK",
            Reason::CaProperty,
            &[CN_SIMPLIFIED],
        ),
        (
            "encoding-cyrillic-windows.sgf",
            "windows-1251",
            Reason::CaProperty,
            &[CYRILLIC],
        ),
        (
            "encoding-japanese-iso2022jp.sgf",
            "ISO-2022-JP",
            Reason::CaProperty,
            &[JAPANESE],
        ),
        (
            "encoding-japanese-macos.sgf",
            "Shift_JIS",
            Reason::CaProperty,
            &[JAPANESE],
        ),
        (
            "encoding-japanese-shiftjis.sgf",
            "Shift_JIS",
            Reason::CaProperty,
            &[JAPANESE],
        ),
        (
            "encoding-korean-macos.sgf",
            "EUC-KR",
            Reason::CaProperty,
            &[KOREAN],
        ),
        (
            "encoding-simplifiedchinese-gb2312.sgf",
            "GBK",
            Reason::CaProperty,
            &[CN_SIMPLIFIED],
        ),
        (
            "encoding-simplifiedchinese-macos.sgf",
            "GBK",
            Reason::CaProperty,
            &[CN_SIMPLIFIED],
        ),
        (
            "encoding-traditionalchinese-big5.sgf",
            "Big5",
            Reason::CaProperty,
            &[CN_TRADITIONAL],
        ),
        (
            "encoding-traditionalchinese-macos.sgf",
            "Big5",
            Reason::CaProperty,
            &[CN_TRADITIONAL],
        ),
        (
            "encoding-utf16-nobom.sgf",
            "UTF-16BE",
            Reason::WideAscii,
            multi,
        ),
        ("encoding-utf16-withbom.sgf", "UTF-16BE", Reason::Bom, multi),
        (
            "encoding-utf8-nobom.sgf",
            "UTF-8",
            Reason::CaProperty,
            multi,
        ),
        ("encoding-utf8-withbom.sgf", "UTF-8", Reason::Bom, multi),
        (
            "encoding-western-isolatin1.sgf",
            "windows-1252",
            Reason::CaProperty,
            &[WESTERN],
        ),
        (
            "encoding-western-isolatin9.sgf",
            "ISO-8859-15",
            Reason::CaProperty,
            &[WESTERN, "Ÿ Œœ €", "Šš Žž"],
        ),
        (
            "encoding-western-macosroman.sgf",
            "macintosh",
            Reason::CaProperty,
            &[WESTERN, "Ÿ Œœ €", "ƒ ‰ ™"],
        ),
        (
            "encoding-western-windowslatin1.sgf",
            "windows-1252",
            Reason::CaProperty,
            &[WESTERN, "Ÿ Œœ €", "Šš Žž", "ƒ ‰ ™"],
        ),
    ];
    for (file, charset, reason, expected) in cases {
        let rel = format!("suite-libsgfcplusplus/test/test-files/{file}");
        let bytes = read(&corpus, &rel);
        let d = to_utf8(&bytes, &DecodeOptions::default());
        assert_eq!(d.detection.charset.name(), *charset, "{file}");
        assert_eq!(d.detection.reason, *reason, "{file}");
        assert!(d.warnings.is_empty(), "{file}: {:?}", d.warnings);
        assert!(
            d.detection.warnings.is_empty(),
            "{file}: {:?}",
            d.detection.warnings
        );
        let comments = values_of(d.as_str(), "C");
        for want in *expected {
            assert!(
                comments.iter().any(|c| c == want),
                "{file}: missing {want:?} in {comments:?}"
            );
        }
        // Without CA the guess (or UTF-16 sniffing) must reach the same text for CJK,
        // Cyrillic and UTF-16 files; single-byte Latin files are ambiguous by nature.
        if !file.contains("western") {
            let stripped = strip_ca(&bytes);
            let g = to_utf8(&stripped, &DecodeOptions::default());
            let comments = values_of(g.as_str(), "C");
            for want in *expected {
                assert!(
                    comments.iter().any(|c| c == want),
                    "{file} without CA (detected {:?}): missing {want:?}",
                    g.detection
                );
            }
        }
    }
}

/// Removes `CA[...]` from ASCII-compatible raw bytes (test helper for guessing).
fn strip_ca(bytes: &[u8]) -> Vec<u8> {
    match memchr::memmem::find(bytes, b"CA[") {
        Some(k) => {
            let end = skip_value(bytes, k + 2, true);
            let mut out = bytes[..k].to_vec();
            out.extend_from_slice(&bytes[end..]);
            out
        }
        None => bytes.to_vec(),
    }
}

// ---------------------------------------------------------------------------------------------
// Sabaki fixtures

/// File, charset name, reason, expected `(property, first value)` pairs.
type FixtureCase = (
    &'static str,
    &'static str,
    Reason,
    &'static [(&'static str, &'static str)],
);

#[test]
fn encoding_sabaki_fixtures() {
    let Some(corpus) = corpus_or_skip("encoding_sabaki_fixtures") else {
        return;
    };
    let dir = "suite-sabaki-sgf/tests/sgf";
    let cases: &[FixtureCase] = &[
        (
            "chinese.sgf",
            "GBK",
            Reason::CaProperty,
            &[("PB", "古力"), ("PW", "柯洁"), ("C", "围棋 is fun")],
        ),
        (
            "japanese.sgf",
            "Shift_JIS",
            Reason::CaProperty,
            &[
                ("PB", "井山 裕太"),
                ("PW", "山下 敬吾"),
                ("C", "囲碁 is fun"),
            ],
        ),
        (
            "korean.sgf",
            "EUC-KR",
            Reason::CaProperty,
            &[("PB", "이세돌"), ("PW", "박정환"), ("C", "바둑 is fun")],
        ),
        (
            "no-ca.sgf",
            "GBK",
            Reason::Guessed,
            &[(
                "C",
                "【第三型】 黑先\n    这是从压长星定式演变而来的形。怎样攻击碰在黑壁上的白三子呢？\n\n",
            )],
        ),
        (
            "utf16le.sgf",
            "UTF-16LE",
            Reason::Bom,
            &[("PW", "Go Seigen"), ("PB", "Kitani Minoru")],
        ),
        (
            "utf8bom.sgf",
            "UTF-8",
            Reason::Bom,
            &[("PW", "Go Seigen"), ("PB", "Kitani Minoru")],
        ),
        (
            "encoding/nihon-kiin.sgf",
            "Shift_JIS",
            Reason::Guessed,
            &[
                ("PB", "申眞ソ"),
                ("PW", "党毅飛"),
                ("TE", "第1回ソパルコサノル世界最高棋士決定戦第9戦"),
                ("RE", "257手完, 黒中押し勝ち"),
            ],
        ),
    ];
    for (file, charset, reason, props) in cases {
        let bytes = read(&corpus, &format!("{dir}/{file}"));
        let d = to_utf8(&bytes, &DecodeOptions::default());
        assert_eq!(
            (d.detection.charset.name(), d.detection.reason),
            (*charset, *reason),
            "{file}"
        );
        assert!(d.warnings.is_empty(), "{file}: {:?}", d.warnings);
        for (ident, want) in *props {
            let got = values_of(d.as_str(), ident);
            assert_eq!(
                got.first().map(String::as_str),
                Some(*want),
                "{file} {ident}"
            );
        }
    }

    // japanese_bad: CA[MS_KANJI] but the file is UTF-8 (already holding U+FFFD from an
    // earlier bad conversion). Honoured by default, with a warning; UTF-8 on request.
    let bytes = read(&corpus, &format!("{dir}/japanese_bad.sgf"));
    let d = to_utf8(&bytes, &DecodeOptions::default());
    assert_eq!(
        (d.detection.charset.name(), d.detection.reason),
        ("Shift_JIS", Reason::CaProperty)
    );
    assert_eq!(d.detection.declared.as_deref(), Some("MS_KANJI"));
    assert!(
        d.detection
            .warnings
            .iter()
            .any(|w| w.kind == WarningKind::CaMismatch)
    );
    let d = to_utf8(&bytes, &DecodeOptions::new().prefer_utf8_over_ca(true));
    assert_eq!(d.detection.reason, Reason::ValidUtf8);
    assert!(matches!(d.text, Cow::Borrowed(_)));
    let pb = values_of(d.as_str(), "PB");
    assert_eq!(pb[0], "\u{FFFD}\u{FFFD}\u{FFFD}R \u{FFFD}T\u{FFFD}\u{FFFD}");

    // One `£` without CA: the SGF default, not a guess from one byte.
    let d = detect(b"(;FF[4]C[\xa3]GM[1])", &DecodeOptions::default());
    assert_eq!(
        (d.charset.name(), d.reason),
        ("windows-1252", Reason::Default)
    );

    // Sabaki's inline UTF-8 samples without CA.
    for (file, ident, want) in [
        ("tests__encoding.test__L0015.sgf", "PB", "井山裕太"),
        ("tests__encoding.test__L0026.sgf", "PW", "박정환"),
        ("tests__encoding.test__L0045.sgf", "PB", "Илья Шикшин"),
        ("tests__encoding.test__L0075.sgf", "PB", "신진서"),
    ] {
        let bytes = read(
            &corpus,
            &format!("suite-sabaki-sgf/extracted-inline/{file}"),
        );
        let d = to_utf8(&bytes, &DecodeOptions::new().prefer_utf8_over_ca(true));
        assert_eq!(values_of(d.as_str(), ident)[0], want, "{file}");
    }
}

#[test]
fn encoding_sgfc_mixed_collection_per_tree() {
    let Some(corpus) = corpus_or_skip("encoding_sgfc_mixed_collection_per_tree") else {
        return;
    };
    let bytes = read(&corpus, "suite-sgfc/test-files/mixed-encoding.sgf");
    let d = to_utf8_per_tree(&bytes, &DecodeOptions::default());
    assert_eq!(d.trees.len(), 5);
    let charsets: Vec<&str> = d.trees.iter().map(|t| t.detection.charset.name()).collect();
    assert_eq!(charsets[1], "ISO-8859-15");
    assert_eq!(charsets[3], "gb18030");
    assert_eq!(charsets[4], "Shift_JIS");
    // The first tree's CA[UTF-16LE] cannot apply to its 8-bit structure.
    assert!(
        d.trees[0]
            .detection
            .warnings
            .iter()
            .any(|w| w.kind == WarningKind::CaMismatch)
    );
    let tree = |k: usize| &d.as_str()[d.trees[k].output.clone()];
    assert_eq!(values_of(tree(1), "C"), ["hallö! DÜ! ßüper dich zu s€h€n-"]);
    assert!(tree(3).contains("Cho Chikun (Cho Chihun, Japanese: 趙 治勲, Korean: 조치훈)"));
    assert!(tree(3).contains("交通運\\輸"));
    assert_eq!(values_of(tree(4), "C"), ["Yen: \\"]);
    // Read as a whole, the file follows the first usable CA: the later trees come out wrong.
    let whole = to_utf8(&bytes, &DecodeOptions::default());
    assert!(!whole.as_str().contains("s€h€n"));
}

// ---------------------------------------------------------------------------------------------
// Fox games

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            walk(&path, out);
        } else {
            out.push(path);
        }
    }
}

#[test]
fn encoding_fox_sample() {
    let Some(corpus) = corpus_or_skip("encoding_fox_sample") else {
        return;
    };
    let mut files = Vec::new();
    walk(&corpus.join("fox-pro"), &mut files);
    files.sort();
    assert!(files.len() > 1000, "fox-pro has {} files", files.len());
    let step = files.len() / 24;
    let mut cjk_names = 0;
    let mut checked = 0;
    for path in files.iter().step_by(step) {
        let bytes = std::fs::read(path).unwrap();
        let d = to_utf8(&bytes, &DecodeOptions::default());
        let name = path.display();
        // Fox files are UTF-8 (some with characters damaged into `?`), never GBK.
        assert_eq!(
            d.detection.charset,
            Charset::UTF_8,
            "{name}: {:?}",
            d.detection
        );
        for ident in ["PB", "PW"] {
            let Some(value) = values_of(d.as_str(), ident).into_iter().next() else {
                continue;
            };
            let raw = values_of(&String::from_utf8_lossy(&bytes), ident);
            checked += 1;
            if raw.first().is_some_and(|r| !r.contains('\u{FFFD}')) {
                assert!(!value.contains('\u{FFFD}'), "{name} {ident}: {value}");
            }
            if value.chars().any(is_cjk) {
                cjk_names += 1;
            }
        }
    }
    assert!(checked >= 40, "only {checked} names checked");
    assert!(
        cjk_names * 2 >= checked,
        "{cjk_names} CJK names of {checked}"
    );

    // Spot checks: an intact file, and a damaged one whose damage stays visible.
    let intact = read(&corpus, "fox-pro/Pro/1p/1377954818019999562.sgf");
    let d = to_utf8(&intact, &DecodeOptions::default());
    assert_eq!(values_of(d.as_str(), "PB")[0], "蔡文驰");
    assert_eq!(values_of(d.as_str(), "PW")[0], "陈正勋");
    let damaged = read(&corpus, "fox-pro/Pro/7p/1475337029019999789.sgf");
    let d = to_utf8(&damaged, &DecodeOptions::default());
    assert_eq!(d.detection.reason, Reason::MostlyUtf8);
    assert_eq!(values_of(d.as_str(), "PB")[0], "死神永生");
    assert_eq!(values_of(d.as_str(), "PW")[0], "王元\u{FFFD}?\u{FFFD}");
}

// ---------------------------------------------------------------------------------------------
// The whole corpus

#[test]
fn encoding_whole_corpus_table() {
    let Some(corpus) = corpus_or_skip("encoding_whole_corpus_table") else {
        return;
    };
    let index = std::fs::read_to_string(corpus.join("index.tsv")).unwrap_or_default();
    let mut paths: Vec<String> = index
        .lines()
        .skip(1)
        .filter_map(|l| l.split('\t').next())
        .map(str::to_string)
        .collect();
    if paths.is_empty() {
        let mut files = Vec::new();
        walk(&corpus, &mut files);
        paths = files
            .iter()
            .filter(|p| p.extension().is_some_and(|e| e.eq_ignore_ascii_case("sgf")))
            .filter_map(|p| p.strip_prefix(&corpus).ok())
            .map(|p| p.to_string_lossy().into_owned())
            .collect();
    }
    let mut table: BTreeMap<(String, Reason), usize> = BTreeMap::new();
    let mut with_malformed = 0usize;
    let mut with_detection_warnings = 0usize;
    let mut transcoded = 0usize;
    let mut multi_tree_differs = 0usize;
    let mut notable = Vec::new();
    for rel in &paths {
        let bytes = read(&corpus, rel);
        let d = to_utf8(&bytes, &DecodeOptions::default());
        assert!(std::str::from_utf8(&d.text).is_ok(), "{rel}");
        *table
            .entry((d.detection.charset.name().to_string(), d.detection.reason))
            .or_default() += 1;
        if matches!(d.detection.reason, Reason::Guessed | Reason::Default)
            || !d.detection.warnings.is_empty()
        {
            notable.push(format!(
                "  {rel}: {} {:?} CA={:?} {}",
                d.detection.charset,
                d.detection.reason,
                d.detection.declared,
                d.detection
                    .warnings
                    .first()
                    .map_or(String::new(), |w| w.message.clone())
            ));
        }
        with_malformed += usize::from(!d.warnings.is_empty());
        with_detection_warnings += usize::from(!d.detection.warnings.is_empty());
        transcoded += usize::from(d.transcoded);
        let p = to_utf8_per_tree(&bytes, &DecodeOptions::default());
        assert!(
            !p.trees.is_empty() || bytes.is_empty() || !bytes.contains(&b';'),
            "{rel}"
        );
        if p.trees.len() > 1 && p.text != d.text {
            multi_tree_differs += 1;
        }
    }
    println!("files: {}", paths.len());
    println!("{:<14} {:<11} {:>6}", "charset", "reason", "files");
    for ((charset, reason), n) in &table {
        println!("{charset:<14} {:<11} {n:>6}", format!("{reason:?}"));
    }
    println!(
        "transcoded: {transcoded}; with malformed sequences: {with_malformed}; with detection warnings: {with_detection_warnings}; collections read differently tree by tree: {multi_tree_differs}"
    );
    println!("guessed, defaulted or warned ({}):", notable.len());
    for line in notable.iter().take(60) {
        println!("{line}");
    }
    assert_eq!(table.values().sum::<usize>(), paths.len());
    assert!(paths.len() > 20_000, "index lists {} files", paths.len());
}

// ---------------------------------------------------------------------------------------------
// The fast scans against plain byte loops (the way they were first written)

/// `split_game_trees` as a byte-at-a-time loop.
fn split_reference(bytes: &[u8]) -> Vec<Range<usize>> {
    let mut trees = Vec::new();
    let (mut depth, mut start, mut i) = (0usize, 0usize, 0usize);
    while i < bytes.len() {
        match bytes[i] {
            b'[' if depth > 0 => {
                i += 1;
                while i < bytes.len() && bytes[i] != b']' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                i = (i + 1).min(bytes.len());
                continue;
            }
            b'(' => {
                if depth == 0 {
                    start = i;
                }
                depth += 1;
            }
            b')' if depth > 0 => {
                depth -= 1;
                if depth == 0 {
                    trees.push(start..i + 1);
                }
            }
            _ => {}
        }
        i += 1;
    }
    if depth > 0 {
        trees.push(start..bytes.len());
    }
    if trees.is_empty() && bytes.contains(&b';') {
        trees.push(0..bytes.len());
    }
    trees
}

#[test]
#[allow(clippy::single_range_in_vec_init)] // the expected trees: a one-tree list
fn split_lone_tree_shortcut_applies_only_when_it_cannot_matter() {
    // One `(`, a final `)`, no other `)`: the whole rest is the tree.
    assert_eq!(split_game_trees(b"junk(;B[pd];W[dd])"), vec![4..18]);
    // The final `)` inside an unterminated value: unterminated, same range.
    assert_eq!(split_game_trees(b"(;C[x)"), vec![0..6]);
    // Each of these falls back to the scan, which finds something else.
    let cases: [(&[u8], Vec<Range<usize>>); 6] = [
        // Text after the `)`: the tree ends at the `)`.
        (b"(;B[pd])\n", vec![0..8]),
        // ... unless the `)` is in a value: then it runs to the end.
        (b"(;C[x)\n", vec![0..7]),
        // Another `)` before the last one ends the tree early.
        (b"(;B[pd]);C[)]x)", vec![0..8]),
        // A second `(`: two trees.
        (b"(;B[pd])(;W[dd])", vec![0..8, 8..16]),
        // A `(` inside a value still counts as a second `(`.
        (b"(;C[(])", vec![0..7]),
        // The only `)` comes before the `(`.
        (b")(;B[pd]", vec![1..8]),
    ];
    for (input, expected) in cases {
        assert_eq!(
            split_game_trees(input),
            expected,
            "{:?}",
            input.escape_ascii().to_string()
        );
        assert_eq!(split_game_trees(input), split_reference(input));
    }
}

#[test]
fn root_ca_shortcut_only_skips_inputs_without_a_ca() {
    // No `C[a-z]*A` anywhere: nothing to find, and no warnings.
    let (ca, warnings) = root_ca(b"(;GM[1]RU[Chinese]TC[3]C[cat];B[pd])", 0);
    assert!(ca.is_none() && warnings.is_empty());
    // Each of these still has its `CA` found.
    let cases: [(&[u8], &str); 4] = [
        (b"(;CA[GBK])", "GBK"),
        (b"(;CharsetA[UTF-8])", "UTF-8"),
        (b"(;C[x]CoA[latin1])", "latin1"),
        // Shift_JIS's trailing 0x5C defeats the escape-aware scan.
        (b"(;C[\x95\x5c]CA[Shift_JIS];B[aa])", "Shift_JIS"),
    ];
    for (input, label) in cases {
        let (ca, _) = root_ca(input, 0);
        assert_eq!(
            ca.map(|(_, l)| l).as_deref(),
            Some(label),
            "{:?}",
            input.escape_ascii().to_string()
        );
    }
    // A `C` then lower-case letters then something else is no `CA`.
    assert!(root_ca(b"(;Cx[1]Cb;A[2])", 0).0.is_none());
}

#[test]
fn split_handles_every_position_around_the_64_byte_steps() {
    // Escapes, two-byte values and tree ends placed across each lane boundary.
    let pieces: [&[u8]; 6] = [b"[pd]", b"[p\\]", b"[\\]]", b"[x\\]y]", b"(;C[a)b]", b")"];
    for pad in 0..70 {
        for piece in pieces {
            let mut input = b"(;".to_vec();
            input.extend(std::iter::repeat_n(b'x', pad));
            input.extend_from_slice(piece);
            input.extend_from_slice(b"B[pd])(;W[dd])");
            assert_eq!(
                split_game_trees(&input),
                split_reference(&input),
                "pad {pad}, piece {piece:?}"
            );
        }
    }
}

/// Bytes rich in what the scans look at, with long values now and then.
fn structured_bytes() -> impl Strategy<Value = Vec<u8>> {
    let piece = prop_oneof![
        Just(b"(".to_vec()),
        Just(b")".to_vec()),
        Just(b"[".to_vec()),
        Just(b"]".to_vec()),
        Just(b"\\".to_vec()),
        Just(b";".to_vec()),
        Just(b"CA".to_vec()),
        Just(b"CoA".to_vec()),
        Just(b"C".to_vec()),
        Just(b"A".to_vec()),
        Just(b"[UTF-8]".to_vec()),
        Just(b"[Shift_JIS]".to_vec()),
        Just(b" ".to_vec()),
        Just(b"x".repeat(40)),
        Just(b"\x95".to_vec()),
        Just(b"[pd]".to_vec()),
        Just(b"[p\\]".to_vec()),
    ];
    prop::collection::vec(piece, 0..40).prop_map(|v| v.concat())
}

proptest! {
    #[test]
    fn utf8_decoding_agrees_with_encoding_rs(bytes in prop::collection::vec(
        prop_oneof![Just(b'a'), Just(b'?'), 0x80u8..=0xFF, any::<u8>()], 0..200)) {
        // The one-pass UTF-8 path against `encoding_rs`'s WHATWG decoder:
        // same text, and one warning at the start of each malformed sequence.
        let mut warnings = Vec::new();
        let out = decode_into(&bytes, 7, Charset::UTF_8, &mut warnings, usize::MAX);
        let mut decoder = encoding_rs::UTF_8.new_decoder_without_bom_handling();
        let mut expected = vec![0u8; bytes.len() * 3 + 16];
        let mut offsets = Vec::new();
        let (mut read, mut written) = (0usize, 0usize);
        loop {
            let (r, n, w) = decoder.decode_to_utf8_without_replacement(&bytes[read..], &mut expected[written..], true);
            read += n;
            written += w;
            match r {
                encoding_rs::DecoderResult::Malformed(bad, after) => {
                    offsets.push(7 + read - usize::from(after) - usize::from(bad));
                    expected[written..written + 3].copy_from_slice("\u{FFFD}".as_bytes());
                    written += 3;
                }
                _ => break,
            }
        }
        expected.truncate(written);
        prop_assert_eq!(&out, &expected);
        prop_assert_eq!(warnings.iter().map(|w| w.offset).collect::<Vec<_>>(), offsets);
        prop_assert_eq!(is_utf8(&bytes), std::str::from_utf8(&bytes).is_ok());
    }

    #[test]
    fn split_agrees_with_a_byte_loop(bytes in structured_bytes()) {
        prop_assert_eq!(split_game_trees(&bytes), split_reference(&bytes));
    }

    #[test]
    fn skip_value_agrees_with_a_byte_loop(bytes in structured_bytes(), escapes in any::<bool>()) {
        for open in (0..bytes.len()).filter(|&k| bytes[k] == b'[') {
            let mut i = open + 1;
            let expected = loop {
                match bytes.get(i) {
                    None => break bytes.len(),
                    Some(b'\\') if escapes => i += 2,
                    Some(b']') => break i + 1,
                    Some(_) => i += 1,
                }
            };
            prop_assert_eq!(skip_value(&bytes, open, escapes), expected);
        }
    }
}

#[test]
fn non_ascii_characters_are_counted_by_lead_bytes() {
    for s in [
        "",
        "abc",
        "Ren\u{e9}",
        "\u{674e}\u{660c}\u{954e}",
        "a\u{1F600}b\u{e9}",
        // Longer than a chunk of the counting loop, with a remainder.
        "\u{674e}a\u{e9}".repeat(100).as_str(),
    ] {
        assert_eq!(
            non_ascii_chars(s.as_bytes()),
            s.chars().filter(|c| !c.is_ascii()).count(),
            "{s}"
        );
    }
}

#[test]
fn the_root_ca_is_found_in_ff3_spellings_and_after_backslashes() {
    // Lower-case letters inside the identifier are dropped: `CoA` is `CA`.
    let (ca, _) = root_ca(b"(;CoA[latin1]C[x])", 0);
    assert_eq!(ca.map(|(_, t)| t).as_deref(), Some("latin1"));
    // `CAB` and `AC` are not `CA`.
    assert!(root_ca(b"(;CAB[latin1]AC[x])", 0).0.is_none());
    // A Shift_JIS byte pair ending in 0x5C before CA: found by the retry without escapes.
    let (ca, _) = root_ca(b"(;C[\x95\\]CA[Shift_JIS];B[aa])", 0);
    assert_eq!(ca.map(|(_, t)| t).as_deref(), Some("Shift_JIS"));
}
