//! The game records inside archives, read as they are: `*.sgf.gz`,
//! `*.zip`, `*.tar`, `*.tar.gz` / `*.tgz` and `*.tar.bz2` (feature
//! `archive`; flate2, zip with deflate only, tar, bzip2).
//!
//! [`for_each_member`] gives the members of an archive one at a time, in
//! the archive's order, each with a reader of its bytes: memory stays
//! bounded by what the caller keeps, however large the archive. A member is
//! taken by the rule of the [walk](crate::walk) ([`is_read_name`]): its
//! last name component is `*.sgf` in any case or, unless `sgf_only`, a
//! record of another format the crate reads (`*.gib`, `*.ngf`, `*.ugf`,
//! `*.ugi`), and no component is hidden (starts with `.`, as macOS's
//! `__MACOSX/._game.sgf`; `.` and `..` are not hidden). Other members,
//! nested archives included, are skipped. A member is named
//! [`Member::source`] `ARCHIVE!/MEMBER` (`kgs-2019-01.zip!/2019/01/x.sgf`);
//! the one file of a `*.sgf.gz` is named as the archive.
//!
//! ```
//! use std::io::Write;
//!
//! let path = std::env::temp_dir().join(format!("sgfkit-archive-doc-{}.sgf.gz", std::process::id()));
//! let mut gz = flate2::write::GzEncoder::new(std::fs::File::create(&path)?, Default::default());
//! gz.write_all(b"(;GM[1];B[pd])")?;
//! gz.finish()?;
//!
//! let mut found = Vec::new();
//! sgfkit::archive::for_each_member(&path, false, &mut |member| {
//!     let source = member.source(&path.to_string_lossy());
//!     found.push((source, member.read_all()?));
//!     Ok(())
//! })?;
//! assert_eq!(found, [(path.to_string_lossy().into_owned(), b"(;GM[1];B[pd])".to_vec())]);
//! # std::fs::remove_file(&path)?;
//! # Ok::<(), std::io::Error>(())
//! ```

use crate::format::{Archive, is_read_name};
use std::io::{self, BufReader, Read};
use std::path::Path;

/// The largest member [`Member::read_all`] reads (4 GiB, what a tree can
/// index): a larger one, or a decompression bomb, is an error.
pub const MAX_MEMBER: u64 = 4 << 30;

/// One member of an archive, given by [`for_each_member`]: an SGF file or
/// a record of another format.
pub struct Member<'r> {
    kind: Archive,
    name: String,
    size: Option<u64>,
    reader: &'r mut dyn Read,
}

impl std::fmt::Debug for Member<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Member")
            .field("kind", &self.kind)
            .field("name", &self.name)
            .field("size", &self.size)
            .finish_non_exhaustive()
    }
}

impl Member<'_> {
    /// Its path inside the archive, `/`-separated (for a `*.sgf.gz`, the
    /// archive's file name without `.gz`).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Its size uncompressed, when the archive says it: zip and tar do, and
    /// a `*.sgf.gz` by its gzip trailer ([`gzip_size`]).
    pub fn size(&self) -> Option<u64> {
        self.size
    }

    /// What a message or a table's `source` calls it, in the archive named
    /// `archive`: `ARCHIVE!/MEMBER`, or the archive's name for a
    /// `*.sgf.gz` (its only file).
    ///
    /// Shown in the [module](self)'s example.
    pub fn source(&self, archive: &str) -> String {
        if self.kind == Archive::Gzip {
            archive.to_string()
        } else {
            format!("{archive}!/{}", self.name)
        }
    }

    /// The reader of its bytes (uncompressed), to read in pieces.
    pub fn reader(&mut self) -> &mut dyn Read {
        self.reader
    }

    /// Reads all its bytes.
    ///
    /// # Errors
    /// A damaged member (say so with its name), or one larger than
    /// [`MAX_MEMBER`].
    pub fn read_all(self) -> io::Result<Vec<u8>> {
        let mut bytes = Vec::new();
        if let Some(n) = self.size {
            let _ = bytes.try_reserve_exact(usize::try_from(n.min(MAX_MEMBER)).unwrap_or(0));
        }
        let name = self.name;
        self.reader
            .take(MAX_MEMBER + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| match self.kind {
                // The one file of a gzip: the archive itself is damaged.
                Archive::Gzip => damaged(self.kind, e),
                _ => member_error(&name, e),
            })?;
        if bytes.len() as u64 > MAX_MEMBER {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                format!("{name}: larger than {MAX_MEMBER} bytes uncompressed"),
            ));
        }
        Ok(bytes)
    }
}

/// The size uncompressed of the file at `path`, compressed by gzip, as
/// its trailer says: the size (modulo 4 GiB) of its last gzip member,
/// which is the whole file's when it was compressed in one go, as `gzip`
/// does. `None` for a file too short to be gzip.
///
/// ```
/// use std::io::Write;
///
/// let path = std::env::temp_dir().join(format!("sgfkit-gzip-size-{}.sgf.gz", std::process::id()));
/// let mut gz = flate2::write::GzEncoder::new(std::fs::File::create(&path)?, Default::default());
/// gz.write_all(&b"(;GM[1];B[pd])".repeat(1000))?;
/// gz.finish()?;
/// assert_eq!(sgfkit::archive::gzip_size(&path)?, Some(14_000));
/// # std::fs::remove_file(&path)?;
/// # Ok::<(), std::io::Error>(())
/// ```
///
/// # Errors
/// The file cannot be opened or read.
pub fn gzip_size(path: &Path) -> io::Result<Option<u64>> {
    use std::io::{Seek, SeekFrom};
    let mut file = std::fs::File::open(path)?;
    // A header of 10 bytes and a trailer of 8 at the least.
    if file.metadata()?.len() < 18 {
        return Ok(None);
    }
    file.seek(SeekFrom::End(-4))?;
    let mut isize = [0u8; 4];
    file.read_exact(&mut isize)?;
    Ok(Some(u64::from(u32::from_le_bytes(isize))))
}

/// Gives each member of the archive at `path` (its kind told by its name,
/// [`Archive::of_name`]) that is an SGF file or, unless `sgf_only`, a
/// record of another format to `f`, in the archive's order (see the
/// [module](self)). `f` may read the member or not; an error it returns
/// stops the reading and is returned as it is.
///
/// # Errors
/// The archive cannot be opened, is not of the kind its name says, or is
/// damaged: an error that names the kind of archive (and the member, for a
/// damaged member); or the first error of `f`.
pub fn for_each_member(
    path: &Path,
    sgf_only: bool,
    f: &mut dyn FnMut(Member<'_>) -> io::Result<()>,
) -> io::Result<()> {
    let Some(kind) = path.file_name().and_then(Archive::of_name) else {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "not named as an archive (*.sgf.gz, *.zip, *.tar, *.tar.gz, *.tgz, *.tar.bz2)",
        ));
    };
    let file = BufReader::new(std::fs::File::open(path)?);
    match kind {
        Archive::Gzip => {
            let name = path.file_name().map_or_else(String::new, |n| {
                let n = n.to_string_lossy();
                n[..n.len() - 3].to_string()
            });
            let size = gzip_size(path).ok().flatten();
            let mut reader = flate2::read::MultiGzDecoder::new(file);
            f(Member {
                kind,
                name,
                size,
                reader: &mut reader,
            })
        }
        Archive::Zip => zip_members(file, sgf_only, f),
        Archive::Tar => tar_members(kind, file, sgf_only, f),
        Archive::TarGz => {
            let reader = flate2::read::MultiGzDecoder::new(file);
            tar_members(kind, reader, sgf_only, f)
        }
        Archive::TarBz2 => {
            let reader = bzip2::read::MultiBzDecoder::new(file);
            tar_members(kind, reader, sgf_only, f)
        }
    }
}

/// The first member of the archive at `path` ([`for_each_member`] with
/// `sgf_only`), read whole, and how many members it has (the others not
/// read): what a reader of one file (`sgfkit fmt`, Python's `read_file`)
/// takes from an archive.
///
/// ```
/// use std::io::Write;
///
/// let path = std::env::temp_dir().join(format!("sgfkit-first-doc-{}.zip", std::process::id()));
/// let mut zip = zip::ZipWriter::new(std::fs::File::create(&path)?);
/// for name in ["a.sgf", "notes.txt", "b/c.sgf"] {
///     zip.start_file(name, zip::write::SimpleFileOptions::default())?;
///     zip.write_all(b"(;)")?;
/// }
/// zip.finish()?;
/// let (first, count) = sgfkit::archive::first_member(&path, false)?;
/// assert_eq!((first.as_deref(), count), (Some(&b"(;)"[..]), 2));
/// # std::fs::remove_file(&path)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// As [`for_each_member`].
pub fn first_member(path: &Path, sgf_only: bool) -> io::Result<(Option<Vec<u8>>, usize)> {
    let mut first = None;
    let mut count = 0usize;
    for_each_member(path, sgf_only, &mut |member| {
        count += 1;
        if count == 1 {
            first = Some(member.read_all()?);
        }
        Ok(())
    })?;
    Ok((first, count))
}

/// Is the member named `name` one to read: its last component an SGF file
/// or (unless `sgf_only`) a record of another format, and no component
/// hidden (`/` or `\` separated)? `.` and `..` are not hidden: `tar -C
/// games -czf games.tgz .` names every member `./…`.
fn is_read_member(name: &str, sgf_only: bool) -> bool {
    let mut parts = name
        .split(['/', '\\'])
        .filter(|p| !matches!(*p, "" | "." | ".."));
    let last = parts.next_back();
    last.is_some_and(|n| is_read_name(n, sgf_only)) && !parts.any(|p| p.starts_with('.'))
}

fn zip_members(
    file: BufReader<std::fs::File>,
    sgf_only: bool,
    f: &mut dyn FnMut(Member<'_>) -> io::Result<()>,
) -> io::Result<()> {
    let mut zip = zip::ZipArchive::new(file).map_err(|e| damaged(Archive::Zip, e))?;
    for i in 0..zip.len() {
        let name = match zip.name_for_index(i) {
            Some(n) if is_read_member(n, sgf_only) => n.to_string(),
            _ => continue,
        };
        let mut member = match zip.by_index(i) {
            Ok(m) => m,
            Err(e) => return Err(member_error(&name, io::Error::other(e))),
        };
        if !member.is_file() {
            continue;
        }
        let size = Some(member.size());
        f(Member {
            kind: Archive::Zip,
            name,
            size,
            reader: &mut member,
        })?;
    }
    Ok(())
}

fn tar_members(
    kind: Archive,
    reader: impl Read,
    sgf_only: bool,
    f: &mut dyn FnMut(Member<'_>) -> io::Result<()>,
) -> io::Result<()> {
    let mut tar = tar::Archive::new(reader);
    let entries = tar.entries().map_err(|e| damaged(kind, e))?;
    for entry in entries {
        let mut entry = entry.map_err(|e| damaged(kind, e))?;
        if !entry.header().entry_type().is_file() {
            continue;
        }
        let name = String::from_utf8_lossy(&entry.path_bytes()).into_owned();
        if !is_read_member(&name, sgf_only) {
            continue;
        }
        let size = Some(entry.size());
        f(Member {
            kind,
            name,
            size,
            reader: &mut entry,
        })?;
    }
    Ok(())
}

/// The archive is not what its name says, or is damaged.
fn damaged(kind: Archive, e: impl std::fmt::Display) -> io::Error {
    let what = match kind {
        Archive::Gzip => "gzip file",
        Archive::Zip => "zip archive",
        Archive::Tar => "tar archive",
        Archive::TarGz => "tar.gz archive",
        Archive::TarBz2 => "tar.bz2 archive",
    };
    io::Error::new(
        io::ErrorKind::InvalidData,
        format!("not a readable {what} ({e})"),
    )
}

/// A member that cannot be read, named.
fn member_error(name: &str, e: io::Error) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, format!("{name}: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;
    use std::path::PathBuf;

    /// The files of every archive below: SGF files in folders, a file of
    /// another kind, a hidden one, a nested archive, a Tygem record.
    const FILES: [(&str, &[u8]); 6] = [
        ("games/a.sgf", b"(;GM[1];B[pd])"),
        ("games/2019/b.SGF", b"(;GM[1];W[dd])(;GM[1])"),
        ("games/notes.txt", b"not a game"),
        ("__MACOSX/games/._a.sgf", b"\0\x05\x16\x07"),
        ("games/inner.zip", b"PK\x05\x06"),
        ("games/2020/c.GIB", b"\\HS\n\\HE\n"),
    ];

    fn temp(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("sgfkit-archive-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir.join(name)
    }

    fn tar_of(out: impl Write) -> impl Write {
        let mut tar = tar::Builder::new(out);
        for (name, bytes) in FILES {
            let mut h = tar::Header::new_gnu();
            h.set_size(bytes.len() as u64);
            h.set_mode(0o644);
            h.set_cksum();
            tar.append_data(&mut h, name, bytes).unwrap();
        }
        tar.into_inner().unwrap()
    }

    /// Writes an archive of [`FILES`] named `name` (its kind by the name).
    fn write_archive(name: &str) -> PathBuf {
        let path = temp(name);
        let file = std::fs::File::create(&path).unwrap();
        match Archive::of_name(name).unwrap() {
            Archive::Zip => {
                let mut zip = zip::ZipWriter::new(file);
                for (name, bytes) in FILES {
                    zip.start_file(name, zip::write::SimpleFileOptions::default())
                        .unwrap();
                    zip.write_all(bytes).unwrap();
                }
                zip.finish().unwrap();
            }
            Archive::Tar => drop(tar_of(file)),
            Archive::TarGz => {
                let gz = flate2::write::GzEncoder::new(file, Default::default());
                drop(tar_of(gz));
            }
            Archive::TarBz2 => {
                let bz = bzip2::write::BzEncoder::new(file, Default::default());
                drop(tar_of(bz));
            }
            Archive::Gzip => {
                let mut gz = flate2::write::GzEncoder::new(file, Default::default());
                gz.write_all(FILES[0].1).unwrap();
                gz.finish().unwrap();
            }
        }
        path
    }

    /// A member read: its source, size and bytes.
    type Got = (String, Option<u64>, Vec<u8>);

    fn members(path: &Path) -> io::Result<Vec<Got>> {
        members_of(path, false)
    }

    fn members_of(path: &Path, sgf_only: bool) -> io::Result<Vec<Got>> {
        let archive = path.to_string_lossy().into_owned();
        let mut out = Vec::new();
        for_each_member(path, sgf_only, &mut |m| {
            let (source, size) = (m.source(&archive), m.size());
            out.push((source, size, m.read_all()?));
            Ok(())
        })?;
        Ok(out)
    }

    #[test]
    fn every_kind_gives_its_sgf_members_in_order() {
        for name in ["t.zip", "t.tar", "t.tar.gz", "t.tgz", "t.tar.bz2"] {
            let path = write_archive(name);
            let got = members_of(&path, true).unwrap();
            let p = path.display();
            let sgf = [
                (format!("{p}!/games/a.sgf"), Some(14), FILES[0].1.to_vec()),
                (
                    format!("{p}!/games/2019/b.SGF"),
                    Some(22),
                    FILES[1].1.to_vec(),
                ),
            ];
            assert_eq!(got, sgf, "{name}");
            // With the records of other formats the crate reads, as the
            // walk takes them from a folder.
            let mut all = sgf.to_vec();
            if cfg!(feature = "encoding") {
                all.push((
                    format!("{p}!/games/2020/c.GIB"),
                    Some(8),
                    FILES[5].1.to_vec(),
                ));
            }
            assert_eq!(members(&path).unwrap(), all, "{name}");
        }
        let path = write_archive("one.sgf.gz");
        let name = path.to_string_lossy().into_owned();
        // The size its gzip trailer says.
        assert_eq!(
            members(&path).unwrap(),
            [(name, Some(14), FILES[0].1.to_vec())]
        );
        let zip = write_archive("f.zip");
        let records = if cfg!(feature = "encoding") { 3 } else { 2 };
        assert_eq!(first_member(&zip, false).unwrap().1, records);
        assert_eq!(first_member(&zip, true).unwrap().1, 2);
    }

    #[test]
    fn a_damaged_archive_says_what_it_is_not() {
        for (name, says) in [
            ("bad.zip", "not a readable zip archive"),
            ("bad.tar.gz", "not a readable tar.gz archive"),
            ("bad.tar.bz2", "not a readable tar.bz2 archive"),
            ("bad.sgf.gz", "not a readable gzip file"),
        ] {
            let path = temp(name);
            std::fs::write(&path, b"(;GM[1];B[pd]) is no archive").unwrap();
            let e = members(&path).unwrap_err();
            assert!(e.to_string().starts_with(says), "{name}: {e}");
        }
        // Cut short in a member: the member is named.
        let whole = std::fs::read(write_archive("cut.tar.gz")).unwrap();
        let path = temp("cut2.tar.gz");
        std::fs::write(&path, &whole[..whole.len() / 2]).unwrap();
        let e = members(&path).unwrap_err().to_string().to_lowercase();
        assert!(e.contains("tar.gz") || e.contains(".sgf"), "{e}");
        // A member is never read past MAX_MEMBER (checked on a small one).
        assert!(members(Path::new("/nonexistent/x.zip")).is_err());
        assert!(for_each_member(Path::new("x.sgf"), false, &mut |_| Ok(())).is_err());
    }

    #[test]
    fn the_callers_error_stops_the_reading() {
        let path = write_archive("stop.zip");
        let mut seen = 0;
        let e = for_each_member(&path, false, &mut |_| {
            seen += 1;
            Err(io::Error::other("enough"))
        })
        .unwrap_err();
        assert_eq!((seen, e.to_string().as_str()), (1, "enough"));
    }

    #[test]
    fn members_are_taken_by_the_walks_rule() {
        let is_sgf_member = |name| is_read_member(name, true);
        assert!(is_sgf_member("2019/01/x.sgf"));
        assert!(is_sgf_member("x.SGF"));
        assert!(!is_sgf_member("__MACOSX/2019/._x.sgf"));
        assert!(!is_sgf_member(".git/x.sgf"));
        assert!(is_sgf_member("./2019/x.sgf"));
        assert!(is_sgf_member("../games/./x.sgf"));
        assert!(!is_sgf_member("./.git/x.sgf"));
        assert!(!is_sgf_member("2019/"));
        assert!(!is_sgf_member("inner.zip"));
        assert!(!is_sgf_member("x.sgf.gz"));
        assert!(!is_sgf_member("x.gib"));
        let encoding = cfg!(feature = "encoding");
        assert_eq!(is_read_member("2019/x.gib", false), encoding);
        assert_eq!(is_read_member("x.UGI", false), encoding);
        assert!(!is_read_member("__MACOSX/._x.gib", false));
    }
}
