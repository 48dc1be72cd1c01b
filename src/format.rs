//! What a file is when it is not SGF, and which file names hold SGF.
//!
//! [`sniff`] names the known formats that are not SGF text — compressed
//! data and archives (gzip, zip, tar, bzip2, xz, zstd, 7z, RAR) and the
//! game records of Go servers (Tygem GIB, WBaduk NGF, Pandanet UGF/UGI) —
//! from the first bytes, so that reading such a file says what it is
//! instead of "no game tree". Every reader of the crate asks it:
//! [`read`](crate::read), strict or lenient, and the lenient reader ([`check::parse_lenient`](crate::check::parse_lenient)).
//!
//! [`Archive::of_name`] and [`is_sgf_name`] are the rules by which the
//! walk (`sgfkit::walk`, feature `walk`) and the `archive` module (feature `archive`) take a file
//! (or an archive's member) by its name.
//!
//! ```
//! use sgfkit::format::{Format, sniff};
//!
//! assert_eq!(sniff(b"\x1f\x8b\x08\x00\x00\x00\x00\x00"), Some(Format::Gzip));
//! assert_eq!(sniff(b"\\HS\n\\[GIBOKIND=Global\\]\n"), Some(Format::Gib));
//! assert_eq!(sniff(b"(;GM[1]SZ[19];B[pd])"), None);
//! assert_eq!(Format::Gib.to_string(), "a Tygem GIB record");
//! ```

use std::fmt;

/// A known file format that is not SGF text (see [`sniff`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Format {
    /// gzip-compressed data (`.gz`, `.tgz`).
    Gzip,
    /// A zip archive.
    Zip,
    /// A tar archive (uncompressed).
    Tar,
    /// bzip2-compressed data.
    Bzip2,
    /// xz-compressed data.
    Xz,
    /// Zstandard-compressed data.
    Zstd,
    /// A 7-Zip archive.
    SevenZip,
    /// A RAR archive.
    Rar,
    /// A Tygem game record (`.gib`).
    Gib,
    /// A WBaduk (Cyberoro) game record (`.ngf`).
    Ngf,
    /// A Pandanet (IGS) game record (`.ugf`, `.ugi`).
    Ugf,
    /// Binary data of no known format: many of its first bytes are control
    /// bytes, which no text holds (see [`sniff`]).
    Binary,
}

impl Format {
    /// Its usual name, as messages give it: `gzip`, `Tygem GIB`, …
    ///
    /// ```
    /// assert_eq!(sgfkit::format::Format::Ugf.name(), "Pandanet UGF/UGI");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Format::Gzip => "gzip",
            Format::Zip => "zip",
            Format::Tar => "tar",
            Format::Bzip2 => "bzip2",
            Format::Xz => "xz",
            Format::Zstd => "Zstandard",
            Format::SevenZip => "7-Zip",
            Format::Rar => "RAR",
            Format::Gib => "Tygem GIB",
            Format::Ngf => "WBaduk NGF",
            Format::Ugf => "Pandanet UGF/UGI",
            Format::Binary => "binary",
        }
    }

    /// What a reader says of a file in this format: `a Tygem GIB record,
    /// not SGF (…)`, with what to do about it.
    ///
    /// ```
    /// use sgfkit::format::Format;
    /// assert!(Format::Ngf.not_sgf().starts_with("a WBaduk NGF record, not SGF"));
    /// ```
    pub fn not_sgf(self) -> String {
        let advice = match self {
            Format::Gib | Format::Ngf | Format::Ugf => {
                "sgfkit::read and every sgfkit command read it into SGF; the SGF parser alone does not"
            }
            Format::Gzip | Format::Zip | Format::Tar | Format::Bzip2
                if Archive::Gzip.readable() =>
            {
                "sgfkit reads the SGF files inside archives named *.sgf.gz, *.zip, *.tar, \
                 *.tar.gz, *.tgz or *.tar.bz2: name it so, or unpack it"
            }
            // The words the lenient reader has always used for it.
            Format::Binary => return "binary data (NUL or control bytes), not SGF text".into(),
            _ => "unpack it first",
        };
        format!("{self}, not SGF ({advice})")
    }

    /// Is it compressed data or an archive (rather than another game
    /// record format)?
    ///
    /// ```
    /// use sgfkit::format::Format;
    /// assert!(Format::Zip.is_archive() && !Format::Gib.is_archive());
    /// ```
    pub fn is_archive(self) -> bool {
        !matches!(
            self,
            Format::Gib | Format::Ngf | Format::Ugf | Format::Binary
        )
    }
}

/// `a gzip-compressed file`, `a zip archive`, `a Tygem GIB record`, …
impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if *self == Format::Binary {
            return f.write_str("binary data");
        }
        let article = if matches!(self, Format::Xz) {
            "an"
        } else {
            "a"
        };
        let what = match self {
            Format::Gzip | Format::Bzip2 | Format::Xz | Format::Zstd => "-compressed file",
            Format::Zip | Format::Tar | Format::SevenZip | Format::Rar => " archive",
            Format::Gib | Format::Ngf | Format::Ugf | Format::Binary => " record",
        };
        write!(f, "{article} {}{what}", self.name())
    }
}

/// How many leading bytes [`sniff`] looks at.
const HEAD: usize = 4096;

/// The known non-SGF format of a file whose content starts with `bytes`
/// (its first 4 KiB are enough), or `None`: SGF, or nothing known.
///
/// Compressed data and archives are told by their magic bytes; Tygem GIB
/// by its `\HS` / `\[GIBOKIND=` header, Pandanet UGF/UGI by `[Header]`,
/// WBaduk NGF by its move lines (`PMABBREER`: `PM`, a move number in two
/// letters, the colour, the point twice in letters from `B`). Input that
/// starts with `(` (after white space and a byte order mark) is never
/// sniffed as another format, nor is a text whose first 4 KiB hold `(;`.
/// Other input is [`Format::Binary`] when more than one byte in 20 of its
/// first 4 KiB is a control byte that text does not hold (not a tab, line
/// break, form feed or escape), unless it is UTF-16 or UTF-32 (a byte order
/// mark, or zero bytes often at all places in two, or in four, but one),
/// whose zero bytes are text.
///
/// ```
/// use sgfkit::format::{Format, sniff};
///
/// assert_eq!(sniff(b"\x03\x9a\x00\x17x\x01\x02\xffabc\x10"), Some(Format::Binary));
/// assert_eq!(sniff("(;C[\u{1}\u{2}])".as_bytes()), None);
/// assert_eq!(sniff(b"\xff\xfe(\x00;\x00"), None);
/// assert_eq!(sniff(b"\x00(\x00;\x00G\x00M\x00[\x001\x00]\x00)"), None);
/// assert_eq!(sniff(b"\x00\x00\x00(\x00\x00\x00;\x00\x00\x00B\x00\x00\x00)"), None);
///
/// assert_eq!(sniff(b"PK\x03\x04\x14\x00"), Some(Format::Zip));
/// assert_eq!(sniff(b"[Header]\nVer=UGF3,200\n"), Some(Format::Ugf));
/// assert_eq!(sniff(b"Rated game\n19\nLQC 9DP\n\nPMABBREER\nPMACWEEEE\n"), Some(Format::Ngf));
/// assert_eq!(sniff(b"saved by X\n(;GM[1])"), None);
/// assert_eq!(sniff(b""), None);
/// ```
pub fn sniff(bytes: &[u8]) -> Option<Format> {
    let head = &bytes[..bytes.len().min(HEAD)];
    let magic: [(&[u8], Format); 9] = [
        (b"\x1f\x8b", Format::Gzip),
        (b"PK\x03\x04", Format::Zip),
        (b"PK\x05\x06", Format::Zip),
        (b"PK\x07\x08", Format::Zip),
        (b"\xFD7zXZ\x00", Format::Xz),
        (b"\x28\xB5\x2F\xFD", Format::Zstd),
        (b"7z\xBC\xAF\x27\x1C", Format::SevenZip),
        (b"Rar!\x1A\x07", Format::Rar),
        (b"BZh", Format::Bzip2),
    ];
    for (m, format) in magic {
        if head.starts_with(m)
            && (format != Format::Bzip2 || matches!(head.get(3), Some(b'1'..=b'9')))
        {
            return Some(format);
        }
    }
    let text = head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head);
    let start = text.iter().position(|b| !b.is_ascii_whitespace());
    let text = &text[start.unwrap_or(text.len())..];
    // Text that starts a game tree is SGF, whatever its values hold (a
    // value may hold `ustar` at byte 257).
    if text.first() == Some(&b'(') {
        return None;
    }
    // A tar header: `ustar` at 257 (POSIX `ustar\0`, GNU `ustar  `).
    if head.get(257..262) == Some(b"ustar") {
        return Some(Format::Tar);
    }
    if memchr::memmem::find(text, b"(;").is_some() {
        return None;
    }
    if text.starts_with(b"\\HS") || memchr::memmem::find(text, b"\\[GIBOKIND=").is_some() {
        return Some(Format::Gib);
    }
    if text.len() >= 8 && text[..8].eq_ignore_ascii_case(b"[Header]") {
        return Some(Format::Ugf);
    }
    if text.split(|&b| b == b'\n').any(is_ngf_move) {
        return Some(Format::Ngf);
    }
    if looks_binary(head) {
        return Some(Format::Binary);
    }
    None
}

/// More than one byte in 20 is a control byte text does not hold, and the
/// bytes are not UTF-16 or UTF-32 (see [`sniff`]).
fn looks_binary(head: &[u8]) -> bool {
    let wide_bom = [&b"\xFF\xFE"[..], b"\xFE\xFF", b"\x00\x00\xFE\xFF"];
    if head.is_empty() || wide_bom.iter().any(|bom| head.starts_with(bom)) {
        return false;
    }
    // Wide text: in UTF-16 (UTF-32) the bytes at one place in two (four)
    // are hardly ever zero, those at the other places often are (the high
    // bytes of the ASCII letters of SGF's markup).
    for stride in [2, 4] {
        let zeros: Vec<usize> = (0..stride)
            .map(|r| {
                head.iter()
                    .skip(r)
                    .step_by(stride)
                    .filter(|&&b| b == 0)
                    .count()
            })
            .collect();
        let at = head.len() / stride;
        if at > 0
            && zeros.iter().filter(|&&z| z * 20 < at).count() == 1
            && zeros.iter().filter(|&&z| z * 3 >= at).count() == stride - 1
        {
            return false;
        }
    }
    let control = head
        .iter()
        .filter(|&&b| (b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r' | 0x0C | 0x1B)) || b == 0x7F)
        .count();
    control * 20 > head.len()
}

/// An NGF move line: `PM`, two letters (the move number), `B` or `W`,
/// four letters from `B` (the point, twice), then only white space.
fn is_ngf_move(line: &[u8]) -> bool {
    let line = line.trim_ascii_end();
    line.len() == 9
        && line.starts_with(b"PM")
        && line[2..4].iter().all(u8::is_ascii_uppercase)
        && matches!(line[4], b'B' | b'W')
        && line[5..].iter().all(u8::is_ascii_uppercase)
}

/// An archive kind that the walk (`sgfkit::walk`) and the command line take
/// by its file name (see [`Archive::of_name`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Archive {
    /// One gzip-compressed SGF file: `*.sgf.gz`.
    Gzip,
    /// `*.zip`.
    Zip,
    /// `*.tar`.
    Tar,
    /// `*.tar.gz`, `*.tgz`.
    TarGz,
    /// `*.tar.bz2`, `*.tbz2`, `*.tbz`.
    TarBz2,
}

impl Archive {
    /// Every kind, with the name endings that make it, in any case.
    pub const ENDINGS: [(&'static str, Archive); 8] = [
        (".sgf.gz", Archive::Gzip),
        (".zip", Archive::Zip),
        (".tar", Archive::Tar),
        (".tar.gz", Archive::TarGz),
        (".tgz", Archive::TarGz),
        (".tar.bz2", Archive::TarBz2),
        (".tbz2", Archive::TarBz2),
        (".tbz", Archive::TarBz2),
    ];

    /// The archive kind a file name ends with, in any case (`None`: no
    /// archive, `.sgf` included).
    ///
    /// ```
    /// use sgfkit::format::Archive;
    ///
    /// assert_eq!(Archive::of_name("kgs-2019-01.ZIP"), Some(Archive::Zip));
    /// assert_eq!(Archive::of_name("games.sgf.gz"), Some(Archive::Gzip));
    /// assert_eq!(Archive::of_name("a.tgz"), Some(Archive::TarGz));
    /// assert_eq!(Archive::of_name("notes.gz"), None); // not known to hold SGF
    /// assert_eq!(Archive::of_name("a.sgf"), None);
    /// ```
    pub fn of_name(name: impl AsRef<std::ffi::OsStr>) -> Option<Archive> {
        Archive::ending(name.as_ref().as_encoded_bytes()).map(|&(_, kind)| kind)
    }

    /// The name of what an archive named `name` holds: a `*.sgf.gz` its
    /// one SGF file, without `.gz`; any other kind the folder of its
    /// members, without the ending. `None`: no archive's name.
    ///
    /// ```
    /// use sgfkit::format::Archive;
    ///
    /// assert_eq!(Archive::inner_name("kgs-2019-01.ZIP"), Some("kgs-2019-01"));
    /// assert_eq!(Archive::inner_name("games.sgf.gz"), Some("games.sgf"));
    /// assert_eq!(Archive::inner_name("a.tar.bz2"), Some("a"));
    /// assert_eq!(Archive::inner_name("a.sgf"), None);
    /// ```
    pub fn inner_name(name: &str) -> Option<&str> {
        let (end, kind) = Archive::ending(name.as_bytes())?;
        let cut = if *kind == Archive::Gzip { 3 } else { end.len() };
        name.get(..name.len() - cut)
    }

    /// The entry of [`Archive::ENDINGS`] `name` ends with, in any case.
    fn ending(name: &[u8]) -> Option<&'static (&'static str, Archive)> {
        Archive::ENDINGS
            .iter()
            .find(|(end, _)| ends_with_ignore_case(name, end.as_bytes()))
    }

    /// Can this build of sgfkit open it? All kinds with the `archive`
    /// feature, none without.
    pub fn readable(self) -> bool {
        cfg!(feature = "archive")
    }
}

/// Is `name` the name of an SGF file: `*.sgf` in any case, longer than
/// the ending, not hidden (starting with `.`)? (With the other formats,
/// [`is_read_name`]: the rule of the walk and of an archive's members.)
///
/// ```
/// use sgfkit::format::is_sgf_name;
///
/// assert!(is_sgf_name("game.SGF"));
/// assert!(!is_sgf_name(".sgf") && !is_sgf_name("._game.sgf") && !is_sgf_name("game.sgf.gz"));
/// ```
pub fn is_sgf_name(name: impl AsRef<std::ffi::OsStr>) -> bool {
    let name = name.as_ref().as_encoded_bytes();
    name.len() > 4 && !name.starts_with(b".") && ends_with_ignore_case(name, b".sgf")
}

/// The endings of the other record formats the crate reads
/// ([`crate::import`], feature `encoding`): Tygem `.gib`, WBaduk `.ngf`,
/// Pandanet `.ugf` and `.ugi`.
pub const RECORD_ENDINGS: [&str; 4] = [".gib", ".ngf", ".ugf", ".ugi"];

/// Is `name` the name of a record of another format the crate reads (one
/// of [`RECORD_ENDINGS`] in any case, longer than the ending, not hidden)?
/// Always false in a build without the `encoding` feature, which cannot
/// read them.
///
/// ```
/// use sgfkit::format::is_record_name;
/// assert_eq!(is_record_name("game.GIB"), cfg!(feature = "encoding"));
/// assert!(!is_record_name("game.sgf") && !is_record_name(".ugi"));
/// ```
pub fn is_record_name(name: impl AsRef<std::ffi::OsStr>) -> bool {
    let name = name.as_ref().as_encoded_bytes();
    cfg!(feature = "encoding")
        && name.len() > 4
        && !name.starts_with(b".")
        && RECORD_ENDINGS
            .iter()
            .any(|e| ends_with_ignore_case(name, e.as_bytes()))
}

/// Is `name` a file that the walk and archives take to read: an SGF file
/// ([`is_sgf_name`]) or, unless `sgf_only`, a record of another format
/// ([`is_record_name`])? The one rule of [`crate::walk`] (besides the
/// archives it opens) and of [`crate::archive`]'s members.
///
/// ```
/// use sgfkit::format::is_read_name;
/// assert!(is_read_name("game.sgf", true) && is_read_name("game.sgf", false));
/// assert_eq!(is_read_name("game.gib", false), cfg!(feature = "encoding"));
/// assert!(!is_read_name("game.gib", true) && !is_read_name("notes.txt", false));
/// ```
pub fn is_read_name(name: impl AsRef<std::ffi::OsStr>, sgf_only: bool) -> bool {
    let name = name.as_ref();
    is_sgf_name(name) || (!sgf_only && is_record_name(name))
}

/// The name patterns of the files [`is_read_name`] takes in this build:
/// `*.sgf` and, unless `sgf_only`, the other record formats it reads.
///
/// ```
/// assert_eq!(sgfkit::format::read_patterns(true), ["*.sgf"]);
/// ```
pub fn read_patterns(sgf_only: bool) -> Vec<String> {
    let mut out = vec!["*.sgf".to_string()];
    if cfg!(feature = "encoding") && !sgf_only {
        out.extend(RECORD_ENDINGS.iter().map(|e| format!("*{e}")));
    }
    out
}

/// The name patterns a walk looks for in this build: `*.sgf`, the other
/// record formats it reads (unless `sgf_only`), and the archives it can
/// open (for a message that says none was found).
///
/// ```
/// let looked = sgfkit::format::walked_patterns(false);
/// assert_eq!(looked[0], "*.sgf");
/// ```
pub fn walked_patterns(sgf_only: bool) -> Vec<String> {
    let mut out = read_patterns(sgf_only);
    out.extend(
        Archive::ENDINGS
            .iter()
            .filter(|(_, kind)| kind.readable())
            .map(|(end, _)| format!("*{end}")),
    );
    out
}

fn ends_with_ignore_case(name: &[u8], end: &[u8]) -> bool {
    name.len() > end.len() && name[name.len() - end.len()..].eq_ignore_ascii_case(end)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The real files of other formats in the corpus are named; no SGF file
    /// of the corpus is.
    #[test]
    #[cfg(feature = "walk")]
    fn corpus_files_of_other_formats_are_named_and_sgf_is_not() {
        let Some(dir) = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .ancestors()
            .map(|d| d.join("shared/corpus"))
            .find(|d| d.is_dir())
        else {
            eprintln!(
                "SKIPPED corpus_files_of_other_formats_are_named_and_sgf_is_not: ../shared/corpus not found"
            );
            return;
        };
        let other = dir.join("other-formats");
        let expect = [
            ("gib/utf8.gib", Format::Gib),
            ("gib/gb2312.gib", Format::Gib),
            ("gib/euc-kr.gib", Format::Gib),
            ("ngf/even.ngf", Format::Ngf),
            ("ngf/gb2312.ngf", Format::Ngf),
            ("ngf/handicap2.ngf", Format::Ngf),
            ("ugf/amateur.ugf", Format::Ugf),
            ("ugf/review.ugi", Format::Ugf),
        ];
        for (path, format) in expect {
            let bytes = std::fs::read(other.join(path)).unwrap();
            assert_eq!(sniff(&bytes), Some(format), "{path}");
        }
        let mut sgf = 0;
        for found in crate::walk::Walker::default().walk(&dir) {
            if let crate::walk::Found::File { path, .. } = found
                && is_sgf_name(path.file_name().unwrap_or_default())
            {
                let bytes = std::fs::read(&path).unwrap();
                assert_eq!(sniff(&bytes), None, "{}", path.display());
                sgf += 1;
            }
        }
        assert!(sgf > 20_000, "{sgf}");
    }

    /// Every reader says what the file is: the lenient reader (and so
    /// `check`, the export, Python) as its L013, the strict ones as the
    /// error.
    #[cfg(feature = "encoding")]
    #[test]
    fn every_reader_names_the_format() {
        let gib =
            b"\\HS\n\\[GIBOKIND=Global\\]\n\\[GAMEBLACKNAME=a\\]\n\\HE\n\\GS\nSTO 0 2 1 15 15\n";
        let gz = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03\xd3\xb0\xf6\xf5";
        // A record of another format is read into SGF (crate::import).
        let doc = crate::read(gib, &crate::ReadOptions::lenient()).unwrap();
        assert_eq!(doc.collection().games().len(), 1);
        assert_eq!(doc.diagnostics()[0].code, crate::check::Code::I004);
        let xz = b"\xFD7zXZ\x00\x00\x04\xe6\xd6\xb4\x46";
        for (bytes, says) in [
            (&gz[..], "a gzip-compressed file"),
            (&xz[..], "an xz-compressed file"),
        ] {
            let doc = crate::read(bytes, &crate::ReadOptions::lenient()).unwrap();
            assert_eq!(doc.collection().games().len(), 0);
            let codes: Vec<_> = doc.diagnostics().iter().map(|d| d.code).collect();
            assert_eq!(
                codes,
                [crate::check::Code::L013],
                "only the one line, no skipped junk"
            );
            let d = &doc.diagnostics()[0];
            assert!(d.message.contains(says), "{}", d.message);
            assert_eq!((d.position.line, d.position.column), (1, 1));
            assert!(doc.encoding_warnings().is_empty());
            let e = crate::read(bytes, &Default::default()).err().unwrap();
            assert!(matches!(e.kind(), crate::ErrorKind::NotSgf(_)), "{e}");
            assert!(e.to_string().contains(says), "{e}");
            let e = crate::parse(bytes).unwrap_err();
            assert!(e.to_string().contains(says), "{e}");
        }
    }

    #[test]
    fn magic_bytes_and_shapes() {
        assert_eq!(sniff(b"BZh91AY&SY"), Some(Format::Bzip2));
        assert_eq!(sniff(b"BZh"), None);
        assert_eq!(sniff(b"\xFD7zXZ\x00\x00"), Some(Format::Xz));
        assert_eq!(sniff(b"7z\xBC\xAF\x27\x1C\x00"), Some(Format::SevenZip));
        assert_eq!(sniff(b"Rar!\x1A\x07\x01\x00"), Some(Format::Rar));
        assert_eq!(sniff(b"\x28\xB5\x2F\xFD"), Some(Format::Zstd));
        let mut tar = vec![0u8; 512];
        tar[..5].copy_from_slice(b"a.sgf");
        tar[257..263].copy_from_slice(b"ustar\0");
        assert_eq!(sniff(&tar), Some(Format::Tar));
        // Text that only looks like the others somewhere after a game tree.
        assert_eq!(sniff(b"(;C[PMABBREER])"), None);
        assert_eq!(sniff(b"\xEF\xBB\xBF  (;C[\\HS])"), None);
        assert_eq!(sniff(b"hello\nPMAB\n"), None);
        assert_eq!(Format::Xz.to_string(), "an xz-compressed file");
        assert_eq!(Format::Zip.to_string(), "a zip archive");
    }
}
