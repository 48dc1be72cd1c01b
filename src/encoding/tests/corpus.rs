//! The encoding tests on fixtures and real files: the libsgfc++ matrix, Sabaki's fixtures,
//! SGFC's mixed collection, a Fox sample and the whole corpus.

use super::*;

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
