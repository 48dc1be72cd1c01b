//! Which character set a `CA` value names, known from tables: the labels
//! of the WHATWG Encoding Standard and the names SGF files use. Nothing here
//! decodes, so the checker knows the same charsets with or without the
//! `encoding` feature; `encoding::encoding_for_label` turns the name into a
//! decoder.

/// The canonical name of the charset a `CA` value names (the WHATWG name,
/// or `UTF-32LE`/`UTF-32BE`): WHATWG labels (which cover most RFC 1345 /
/// IANA names), UTF-32, and names seen in SGF files (`UTF8`, `GB2312`,
/// `SJIS`, `CP949`, `ISO8859-1`, `Latin-1`, `MacRoman`, `UCS-2`...). Case,
/// surrounding spaces and the separators `-`, `_`, `.`, space do not
/// matter.
///
/// `None` for unknown names and for charsets that cannot be decoded
/// (HZ-GB-2312, ISO-2022-KR, ISO-2022-CN, UTF-7...).
pub(crate) fn charset_name(label: &str) -> Option<&'static str> {
    let trimmed = label.trim();
    if trimmed.is_empty() {
        return None;
    }
    let squashed: String = trimmed
        .chars()
        .filter(|c| !matches!(c, '-' | '_' | '.' | ' '))
        .flat_map(char::to_lowercase)
        .collect();
    let alias = match squashed.as_str() {
        "utf8" | "unicode11utf8" | "unicode20utf8" | "xunicode20utf8" => Some("UTF-8"),
        "utf16" | "utf16le" | "ucs2" | "ucs2le" | "unicode" | "unicodefeff" => Some("UTF-16LE"),
        "utf16be" | "ucs2be" | "unicodefffe" => Some("UTF-16BE"),
        "utf32" | "utf32le" | "ucs4" | "ucs4le" => Some("UTF-32LE"),
        "utf32be" | "ucs4be" => Some("UTF-32BE"),
        "gb2312" | "euccn" | "gb231280" | "cp936" | "ms936" | "windows936" | "gbk" | "xgbk"
        | "chinese" | "cngb" | "csgb2312" | "xeuccn" => Some("GBK"),
        "gb18030" | "gb180302000" | "gb180302005" => Some("gb18030"),
        "shiftjis" | "sjis" | "mskanji" | "cp932" | "ms932" | "windows31j" | "xsjis"
        | "shiftjisx0213" | "csshiftjis" | "xmssjis" => Some("Shift_JIS"),
        "euckr" | "ksc5601" | "ksc56011987" | "cp949" | "ms949" | "uhc" | "windows949"
        | "korean" | "cseuckr" | "xwindows949" => Some("EUC-KR"),
        "eucjp" | "ujis" | "xeucjp" | "cseucpkdfmtjapanese" => Some("EUC-JP"),
        "big5" | "big5hkscs" | "cp950" | "ms950" | "windows950" | "xxbig5" | "csbig5"
        | "cnbig5" | "big5et" => Some("Big5"),
        "iso88591" | "iso8859" | "latin1" | "l1" | "ascii" | "usascii" | "iso646us" | "cp1252"
        | "ansi" | "cp819" | "ibm819" => Some("windows-1252"),
        "macroman" | "macintosh" | "mac" | "xmacroman" | "csmacintosh" => Some("macintosh"),
        "maccyrillic" | "xmaccyrillic" | "xmacukrainian" => Some("x-mac-cyrillic"),
        "koi8r" | "koi8" => Some("KOI8-R"),
        "koi8u" | "koi8ru" => Some("KOI8-U"),
        "iso2022jp" | "jis" | "csiso2022jp" => Some("ISO-2022-JP"),
        "tis620" | "cp874" | "windows874" | "iso885911" => Some("windows-874"),
        "cp866" | "ibm866" => Some("IBM866"),
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
        .find_map(|l| whatwg_name(&l))
}

/// The name of the encoding a WHATWG label stands for, the way the
/// Encoding Standard's "get an encoding" matches labels: ASCII whitespace
/// around it trimmed, ASCII case ignored. `None` for the labels of the
/// "replacement" encoding (nothing to decode with).
fn whatwg_name(label: &str) -> Option<&'static str> {
    let key = label
        .trim_matches(|c| matches!(c, '\t' | '\n' | '\x0C' | '\r' | ' '))
        .to_ascii_lowercase();
    WHATWG_LABELS
        .binary_search_by(|(l, _)| (*l).cmp(key.as_str()))
        .ok()
        .map(|k| WHATWG_LABELS[k].1)
}

/// Every label of the WHATWG Encoding Standard (<https://encoding.spec.whatwg.org/#names-and-labels>)
/// with the name of its encoding, sorted by label; the labels of the
/// "replacement" encoding are left out.
const WHATWG_LABELS: &[(&str, &str)] = &[
    ("866", "IBM866"),
    ("ansi_x3.4-1968", "windows-1252"),
    ("arabic", "ISO-8859-6"),
    ("ascii", "windows-1252"),
    ("asmo-708", "ISO-8859-6"),
    ("big5", "Big5"),
    ("big5-hkscs", "Big5"),
    ("chinese", "GBK"),
    ("cn-big5", "Big5"),
    ("cp1250", "windows-1250"),
    ("cp1251", "windows-1251"),
    ("cp1252", "windows-1252"),
    ("cp1253", "windows-1253"),
    ("cp1254", "windows-1254"),
    ("cp1255", "windows-1255"),
    ("cp1256", "windows-1256"),
    ("cp1257", "windows-1257"),
    ("cp1258", "windows-1258"),
    ("cp819", "windows-1252"),
    ("cp866", "IBM866"),
    ("csbig5", "Big5"),
    ("cseuckr", "EUC-KR"),
    ("cseucpkdfmtjapanese", "EUC-JP"),
    ("csgb2312", "GBK"),
    ("csibm866", "IBM866"),
    ("csiso2022jp", "ISO-2022-JP"),
    ("csiso58gb231280", "GBK"),
    ("csiso88596e", "ISO-8859-6"),
    ("csiso88596i", "ISO-8859-6"),
    ("csiso88598e", "ISO-8859-8"),
    ("csiso88598i", "ISO-8859-8-I"),
    ("csisolatin1", "windows-1252"),
    ("csisolatin2", "ISO-8859-2"),
    ("csisolatin3", "ISO-8859-3"),
    ("csisolatin4", "ISO-8859-4"),
    ("csisolatin5", "windows-1254"),
    ("csisolatin6", "ISO-8859-10"),
    ("csisolatin9", "ISO-8859-15"),
    ("csisolatinarabic", "ISO-8859-6"),
    ("csisolatincyrillic", "ISO-8859-5"),
    ("csisolatingreek", "ISO-8859-7"),
    ("csisolatinhebrew", "ISO-8859-8"),
    ("cskoi8r", "KOI8-R"),
    ("csksc56011987", "EUC-KR"),
    ("csmacintosh", "macintosh"),
    ("csshiftjis", "Shift_JIS"),
    ("csunicode", "UTF-16LE"),
    ("cyrillic", "ISO-8859-5"),
    ("dos-874", "windows-874"),
    ("ecma-114", "ISO-8859-6"),
    ("ecma-118", "ISO-8859-7"),
    ("elot_928", "ISO-8859-7"),
    ("euc-jp", "EUC-JP"),
    ("euc-kr", "EUC-KR"),
    ("gb18030", "gb18030"),
    ("gb2312", "GBK"),
    ("gb_2312", "GBK"),
    ("gb_2312-80", "GBK"),
    ("gbk", "GBK"),
    ("greek", "ISO-8859-7"),
    ("greek8", "ISO-8859-7"),
    ("hebrew", "ISO-8859-8"),
    ("ibm819", "windows-1252"),
    ("ibm866", "IBM866"),
    ("iso-10646-ucs-2", "UTF-16LE"),
    ("iso-2022-jp", "ISO-2022-JP"),
    ("iso-8859-1", "windows-1252"),
    ("iso-8859-10", "ISO-8859-10"),
    ("iso-8859-11", "windows-874"),
    ("iso-8859-13", "ISO-8859-13"),
    ("iso-8859-14", "ISO-8859-14"),
    ("iso-8859-15", "ISO-8859-15"),
    ("iso-8859-16", "ISO-8859-16"),
    ("iso-8859-2", "ISO-8859-2"),
    ("iso-8859-3", "ISO-8859-3"),
    ("iso-8859-4", "ISO-8859-4"),
    ("iso-8859-5", "ISO-8859-5"),
    ("iso-8859-6", "ISO-8859-6"),
    ("iso-8859-6-e", "ISO-8859-6"),
    ("iso-8859-6-i", "ISO-8859-6"),
    ("iso-8859-7", "ISO-8859-7"),
    ("iso-8859-8", "ISO-8859-8"),
    ("iso-8859-8-e", "ISO-8859-8"),
    ("iso-8859-8-i", "ISO-8859-8-I"),
    ("iso-8859-9", "windows-1254"),
    ("iso-ir-100", "windows-1252"),
    ("iso-ir-101", "ISO-8859-2"),
    ("iso-ir-109", "ISO-8859-3"),
    ("iso-ir-110", "ISO-8859-4"),
    ("iso-ir-126", "ISO-8859-7"),
    ("iso-ir-127", "ISO-8859-6"),
    ("iso-ir-138", "ISO-8859-8"),
    ("iso-ir-144", "ISO-8859-5"),
    ("iso-ir-148", "windows-1254"),
    ("iso-ir-149", "EUC-KR"),
    ("iso-ir-157", "ISO-8859-10"),
    ("iso-ir-58", "GBK"),
    ("iso8859-1", "windows-1252"),
    ("iso8859-10", "ISO-8859-10"),
    ("iso8859-11", "windows-874"),
    ("iso8859-13", "ISO-8859-13"),
    ("iso8859-14", "ISO-8859-14"),
    ("iso8859-15", "ISO-8859-15"),
    ("iso8859-2", "ISO-8859-2"),
    ("iso8859-3", "ISO-8859-3"),
    ("iso8859-4", "ISO-8859-4"),
    ("iso8859-5", "ISO-8859-5"),
    ("iso8859-6", "ISO-8859-6"),
    ("iso8859-7", "ISO-8859-7"),
    ("iso8859-8", "ISO-8859-8"),
    ("iso8859-9", "windows-1254"),
    ("iso88591", "windows-1252"),
    ("iso885910", "ISO-8859-10"),
    ("iso885911", "windows-874"),
    ("iso885913", "ISO-8859-13"),
    ("iso885914", "ISO-8859-14"),
    ("iso885915", "ISO-8859-15"),
    ("iso88592", "ISO-8859-2"),
    ("iso88593", "ISO-8859-3"),
    ("iso88594", "ISO-8859-4"),
    ("iso88595", "ISO-8859-5"),
    ("iso88596", "ISO-8859-6"),
    ("iso88597", "ISO-8859-7"),
    ("iso88598", "ISO-8859-8"),
    ("iso88599", "windows-1254"),
    ("iso_8859-1", "windows-1252"),
    ("iso_8859-15", "ISO-8859-15"),
    ("iso_8859-1:1987", "windows-1252"),
    ("iso_8859-2", "ISO-8859-2"),
    ("iso_8859-2:1987", "ISO-8859-2"),
    ("iso_8859-3", "ISO-8859-3"),
    ("iso_8859-3:1988", "ISO-8859-3"),
    ("iso_8859-4", "ISO-8859-4"),
    ("iso_8859-4:1988", "ISO-8859-4"),
    ("iso_8859-5", "ISO-8859-5"),
    ("iso_8859-5:1988", "ISO-8859-5"),
    ("iso_8859-6", "ISO-8859-6"),
    ("iso_8859-6:1987", "ISO-8859-6"),
    ("iso_8859-7", "ISO-8859-7"),
    ("iso_8859-7:1987", "ISO-8859-7"),
    ("iso_8859-8", "ISO-8859-8"),
    ("iso_8859-8:1988", "ISO-8859-8"),
    ("iso_8859-9", "windows-1254"),
    ("iso_8859-9:1989", "windows-1254"),
    ("koi", "KOI8-R"),
    ("koi8", "KOI8-R"),
    ("koi8-r", "KOI8-R"),
    ("koi8-ru", "KOI8-U"),
    ("koi8-u", "KOI8-U"),
    ("koi8_r", "KOI8-R"),
    ("korean", "EUC-KR"),
    ("ks_c_5601-1987", "EUC-KR"),
    ("ks_c_5601-1989", "EUC-KR"),
    ("ksc5601", "EUC-KR"),
    ("ksc_5601", "EUC-KR"),
    ("l1", "windows-1252"),
    ("l2", "ISO-8859-2"),
    ("l3", "ISO-8859-3"),
    ("l4", "ISO-8859-4"),
    ("l5", "windows-1254"),
    ("l6", "ISO-8859-10"),
    ("l9", "ISO-8859-15"),
    ("latin1", "windows-1252"),
    ("latin2", "ISO-8859-2"),
    ("latin3", "ISO-8859-3"),
    ("latin4", "ISO-8859-4"),
    ("latin5", "windows-1254"),
    ("latin6", "ISO-8859-10"),
    ("logical", "ISO-8859-8-I"),
    ("mac", "macintosh"),
    ("macintosh", "macintosh"),
    ("ms932", "Shift_JIS"),
    ("ms_kanji", "Shift_JIS"),
    ("shift-jis", "Shift_JIS"),
    ("shift_jis", "Shift_JIS"),
    ("sjis", "Shift_JIS"),
    ("sun_eu_greek", "ISO-8859-7"),
    ("tis-620", "windows-874"),
    ("ucs-2", "UTF-16LE"),
    ("unicode", "UTF-16LE"),
    ("unicode-1-1-utf-8", "UTF-8"),
    ("unicode11utf8", "UTF-8"),
    ("unicode20utf8", "UTF-8"),
    ("unicodefeff", "UTF-16LE"),
    ("unicodefffe", "UTF-16BE"),
    ("us-ascii", "windows-1252"),
    ("utf-16", "UTF-16LE"),
    ("utf-16be", "UTF-16BE"),
    ("utf-16le", "UTF-16LE"),
    ("utf-8", "UTF-8"),
    ("utf8", "UTF-8"),
    ("visual", "ISO-8859-8"),
    ("windows-1250", "windows-1250"),
    ("windows-1251", "windows-1251"),
    ("windows-1252", "windows-1252"),
    ("windows-1253", "windows-1253"),
    ("windows-1254", "windows-1254"),
    ("windows-1255", "windows-1255"),
    ("windows-1256", "windows-1256"),
    ("windows-1257", "windows-1257"),
    ("windows-1258", "windows-1258"),
    ("windows-31j", "Shift_JIS"),
    ("windows-874", "windows-874"),
    ("windows-949", "EUC-KR"),
    ("x-cp1250", "windows-1250"),
    ("x-cp1251", "windows-1251"),
    ("x-cp1252", "windows-1252"),
    ("x-cp1253", "windows-1253"),
    ("x-cp1254", "windows-1254"),
    ("x-cp1255", "windows-1255"),
    ("x-cp1256", "windows-1256"),
    ("x-cp1257", "windows-1257"),
    ("x-cp1258", "windows-1258"),
    ("x-euc-jp", "EUC-JP"),
    ("x-gbk", "GBK"),
    ("x-mac-cyrillic", "x-mac-cyrillic"),
    ("x-mac-roman", "macintosh"),
    ("x-mac-ukrainian", "x-mac-cyrillic"),
    ("x-sjis", "Shift_JIS"),
    ("x-unicode20utf8", "UTF-8"),
    ("x-user-defined", "x-user-defined"),
    ("x-x-big5", "Big5"),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_are_sorted_lower_case_and_unique() {
        for pair in WHATWG_LABELS.windows(2) {
            assert!(pair[0].0 < pair[1].0, "{pair:?}");
        }
        for (label, _) in WHATWG_LABELS {
            assert_eq!(*label, label.to_ascii_lowercase());
        }
    }

    #[test]
    fn names_from_labels_aliases_and_spellings() {
        for (label, name) in [
            ("UTF-8", Some("UTF-8")),
            (" sjis ", Some("Shift_JIS")),
            ("GB2312", Some("GBK")),
            ("ISO8859_15", Some("ISO-8859-15")),
            ("cp1251", Some("windows-1251")),
            ("Windows1250", Some("windows-1250")),
            ("UTF-32", Some("UTF-32LE")),
            ("csISOLatin2", Some("ISO-8859-2")),
            ("iso_8859-8-i", Some("ISO-8859-8-I")),
            ("HZ-GB-2312", None),
            ("iso-2022-kr", None),
            ("klingon", None),
            ("", None),
            ("   ", None),
        ] {
            assert_eq!(charset_name(label), name, "{label:?}");
        }
    }

    /// Each alias names a charset of the table (or UTF-32).
    #[test]
    fn aliases_name_charsets_of_the_table() {
        for alias in [
            "utf8",
            "utf16",
            "utf16be",
            "utf32",
            "utf32be",
            "gb2312",
            "gb18030",
            "sjis",
            "cp949",
            "eucjp",
            "cp950",
            "latin1",
            "macroman",
            "maccyrillic",
            "koi8",
            "koi8u",
            "jis",
            "tis620",
            "cp866",
        ] {
            let name = charset_name(alias).unwrap();
            assert!(
                name.starts_with("UTF-32") || WHATWG_LABELS.iter().any(|(_, n)| *n == name),
                "{alias}: {name}"
            );
        }
    }

    /// With a decoder at hand: every label names what `encoding_rs` finds
    /// for it, and every name is a label of that same encoding (which
    /// `encoding_for_label` relies on).
    #[cfg(feature = "encoding")]
    #[test]
    fn the_table_agrees_with_encoding_rs() {
        use encoding_rs::Encoding;
        for (label, name) in WHATWG_LABELS {
            let found = Encoding::for_label_no_replacement(label.as_bytes()).map(Encoding::name);
            assert_eq!(found, Some(*name), "{label}");
            let named = Encoding::for_label_no_replacement(name.as_bytes()).map(Encoding::name);
            assert_eq!(named, Some(*name), "{name}");
        }
        for label in [
            "replacement",
            "hz-gb-2312",
            "iso-2022-kr",
            "iso-2022-cn",
            "csiso2022kr",
        ] {
            assert!(Encoding::for_label_no_replacement(label.as_bytes()).is_none());
            assert_eq!(whatwg_name(label), None);
        }
    }
}
