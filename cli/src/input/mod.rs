//! Finding and reading the input: the PATHs of the command line (`-` for
//! standard input, folders walked for `*.sgf` in any case and for archives
//! of them), the encoding options, and the one way every command reads a
//! file.

use sgfkit::check::Code;
use sgfkit::encoding::DecodeOptions;
use sgfkit::format::Archive;
use sgfkit::{Document, ParseOptions, ReadOptions};
use std::collections::HashSet;
use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};

mod list;
pub(crate) use list::{Inputs, Said, Taken, WalkArgs, listed, sources, total_bytes};

/// One input: a file or standard input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Source {
    /// Standard input (`-`).
    Stdin,
    /// A file named on the command line or found in a folder, with its
    /// size when the walk that found it looked (`None`: looked up when
    /// asked).
    File(PathBuf, Option<u64>),
    /// A file compiled into the binary (the bundled examples).
    Bundled(&'static str, &'static [u8]),
    /// A member of an archive, read: its name (`ARCHIVE!/MEMBER`,
    /// [`sgfkit::archive::Member::source`]) and its bytes.
    Member(String, Vec<u8>),
}

/// The input of a command that reads one file (`-` or nothing: standard
/// input), read whole, with its name for messages. An input that cannot be
/// read is said on stderr and counted in `status` as a failed path: `None`.
pub(crate) fn read_single(
    path: Option<&Path>,
    status: &mut crate::run::Status,
) -> io::Result<Option<(String, Vec<u8>)>> {
    let source = match path {
        Some(p) if p.as_os_str() != "-" => Source::File(p.to_path_buf(), None),
        _ => Source::Stdin,
    };
    let name = source.name();
    match source.read() {
        Ok(bytes) => Ok(Some((name, bytes))),
        Err(e) => {
            use std::io::Write;
            writeln!(io::stderr(), "sgfkit: {name}: {e}")?;
            status.failed_paths += 1;
            Ok(None)
        }
    }
}

impl Source {
    /// The name used in messages.
    pub(crate) fn name(&self) -> String {
        match self {
            Source::Stdin => "<stdin>".to_string(),
            // As `display` writes it (invalid UTF-8 as U+FFFD), without
            // the formatter: a tenth of the instructions.
            Source::File(p, _) => p.to_string_lossy().into_owned(),
            Source::Bundled(name, _) => (*name).to_string(),
            Source::Member(name, _) => name.clone(),
        }
    }

    /// The archive this is (by its name, [`Archive::of_name`]), to be read
    /// member by member ([`crate::big`]).
    pub(crate) fn archive(&self) -> Option<(&Path, Archive)> {
        match self {
            Source::File(p, _) => p
                .file_name()
                .and_then(Archive::of_name)
                .filter(|a| a.readable())
                .map(|a| (p.as_path(), a)),
            _ => None,
        }
    }

    /// Reads the whole input. A folder named where a file is expected is
    /// an error that says so.
    pub(crate) fn read(&self) -> io::Result<Vec<u8>> {
        match self {
            Source::Stdin => {
                let mut buf = Vec::new();
                io::stdin().lock().read_to_end(&mut buf)?;
                Ok(buf)
            }
            // An archive read whole: its one SGF file.
            Source::File(p, _) if self.archive().is_some() => read_single_member(p),
            // A folder is refused by the read itself: no look-up of the
            // path before the open.
            Source::File(p, len) => read_file(p, *len).map_err(|e| {
                if e.kind() == io::ErrorKind::IsADirectory {
                    io::Error::new(
                        io::ErrorKind::InvalidInput,
                        "is a folder (give a file, or use a command that walks folders)",
                    )
                } else {
                    e
                }
            }),
            Source::Bundled(_, bytes) => Ok(bytes.to_vec()),
            Source::Member(_, bytes) => Ok(bytes.clone()),
        }
    }

    /// The size of a regular file of the file system: as the walk that
    /// found it saw it, or from its metadata (`None` for standard input, a
    /// bundled example, a folder, or a file that cannot be looked at).
    pub(crate) fn file_len(&self) -> Option<u64> {
        match self {
            Source::File(_, Some(len)) => Some(*len),
            Source::File(p, None) => regular_file_len(p),
            Source::Member(_, bytes) => Some(bytes.len() as u64),
            _ => None,
        }
    }

    /// The same input with its size looked up now, once, when it is a file
    /// named on the command line (the walk gives the sizes of the files it
    /// finds): [`Source::file_len`] then asks no more.
    pub(crate) fn sized(self) -> Source {
        match self {
            Source::File(p, None) => {
                let len = regular_file_len(&p);
                Source::File(p, len)
            }
            other => other,
        }
    }

    /// The input by which `-o` places what is made of it
    /// ([`Places::write`]): itself, or `None` for a member of an archive,
    /// placed by its name (its bytes are not copied).
    pub(crate) fn for_places(&self) -> Option<Source> {
        match self {
            Source::Member(..) => None,
            other => Some(other.clone()),
        }
    }

    /// Is this a file of the file system (something `--in-place` can
    /// rewrite: an archive is not)?
    pub(crate) fn path(&self) -> Option<&Path> {
        match self {
            Source::File(p, _) if self.archive().is_none() => Some(p),
            _ => None,
        }
    }
}

/// The size of the regular file at `path` (`None` for a folder, or a path
/// that cannot be looked at).
fn regular_file_len(path: &Path) -> Option<u64> {
    let m = path.metadata().ok()?;
    m.is_file().then_some(m.len())
}

/// The one SGF file of the archive at `path`, for a command that reads one
/// file whole (`fmt`, `fix`, `show`, `tree`): an archive that holds none
/// or several is an error that says so.
fn read_single_member(path: &Path) -> io::Result<Vec<u8>> {
    match sgfkit::archive::first_member(path, sgf_only())? {
        (Some(bytes), 1) => Ok(bytes),
        (_, 0) => Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "holds no game record (members named {})",
                sgfkit::format::read_patterns(sgf_only()).join(", ")
            ),
        )),
        (_, count) => Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!(
                "holds {count} game records: this command reads one file (check, fix, \
                 convert, json, stats, export, dedupe, split and join read every member of \
                 an archive)"
            ),
        )),
    }
}

/// The bytes of the file at `path`, `len` long when the walk looked (it
/// may have changed since: read to its end whatever `len` says), or as
/// the open file's metadata says.
fn read_file(path: &Path, len: Option<u64>) -> io::Result<Vec<u8>> {
    let file = std::fs::File::open(path)?;
    let len = match len {
        Some(len) => len,
        None => file.metadata().map_or(0, |m| m.len()),
    };
    // One byte more than expected: the read that finds it empty is the end.
    // And a quarter more: a text transcoded to UTF-8 is made in this buffer
    // (`sgfkit::read_owned`), a little longer than the input (by 8 % for
    // the gnugo and fuego games with their Latin-1 and GB18030 trees, 16 %
    // with 300 Fox games in GB18030 more). Room never written to is not
    // given pages by the system: a file read as it is costs no more.
    let room = usize::try_from(len).map_or(0, |n| n.saturating_add(n / 4 + 1));
    let mut bytes = Vec::new();
    // A size that cannot be had (the file shrank from a huge one) is no
    // reason to stop: the read grows the buffer as it goes.
    let _ = bytes.try_reserve_exact(room);
    // Through `Take`, which reads to the end without asking for the size.
    file.take(u64::MAX).read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// How to choose the character encoding of the input (as SGFC's options).
#[derive(clap::Args, Debug, Clone, Default)]
pub(crate) struct EncodingArgs {
    /// Read every file with this encoding, whatever it declares (e.g. GB18030, Shift_JIS).
    #[arg(long, value_name = "NAME")]
    pub(crate) encoding: Option<String>,
    /// The encoding of files that declare none (no CA) and are not UTF-8.
    #[arg(long, value_name = "NAME")]
    pub(crate) default_encoding: Option<String>,
}

impl EncodingArgs {
    /// The library's decoding options; an unknown encoding name is a usage
    /// error.
    fn options(&self) -> io::Result<DecodeOptions> {
        let mut opts = DecodeOptions::default();
        let label = |name: &str| {
            sgfkit::encoding::encoding_for_label(name).ok_or_else(|| {
                io::Error::new(
                    io::ErrorKind::InvalidInput,
                    format!("unknown encoding `{name}`"),
                )
            })
        };
        if let Some(name) = &self.encoding {
            opts = opts.force(label(name)?);
        }
        if let Some(name) = &self.default_encoding {
            opts = opts.default_charset(label(name)?);
        }
        Ok(opts)
    }
}

/// The resource limits every command reads files with (the library's
/// [`ParseOptions`]; defaults and SGFC's limits in docs/limits.md).
#[derive(clap::Args, Debug, Clone, Default)]
pub(crate) struct LimitArgs {
    /// Refuse game trees nested deeper than this (the lenient reader reads
    /// deeper variations as part of their parent) [default: 1048576]
    #[arg(long, global = true, value_name = "N")]
    pub(crate) max_depth: Option<u32>,
    /// Refuse a file (or a streamed game tree) with more nodes than this
    /// [default: 2147483647]
    #[arg(long, global = true, value_name = "N")]
    pub(crate) max_nodes: Option<usize>,
    /// Refuse a property value longer than this many bytes [default: 16777216]
    #[arg(long, global = true, value_name = "BYTES")]
    pub(crate) max_value_len: Option<usize>,
    /// Refuse a point list (AB, TR, …) that expands to more points than this
    /// (`AB[aa:ss]` is 361) [default: 1048576]
    #[arg(long, global = true, value_name = "N")]
    pub(crate) max_points: Option<usize>,
    /// Refuse a file whose point lists together expand to more points than
    /// this [default: 16777216]
    #[arg(long, global = true, value_name = "N")]
    pub(crate) max_file_points: Option<u64>,
}

impl LimitArgs {
    /// The library's options with the limits given on the command line.
    pub(crate) fn options(&self) -> ParseOptions {
        let mut o = ParseOptions::default();
        if let Some(n) = self.max_depth {
            o = o.max_depth(n);
        }
        if let Some(n) = self.max_nodes {
            o = o.max_nodes(n);
        }
        if let Some(n) = self.max_value_len {
            o = o.max_value_len(n);
        }
        if let Some(n) = self.max_points {
            o = o.max_points(n);
        }
        if let Some(n) = self.max_file_points {
            o = o.max_file_points(n);
        }
        o
    }
}

static LIMITS: OnceLock<ParseOptions> = OnceLock::new();

/// `--sgf-only` of the run, set by [`Inputs::new`]: the members an archive
/// gives are taken by the walk's rule ([`sgfkit::format::is_read_name`]).
static SGF_ONLY: AtomicBool = AtomicBool::new(false);

/// Whether archives give their SGF members only (`--sgf-only`), or the
/// records of other formats too, as a folder walked does.
pub(crate) fn sgf_only() -> bool {
    SGF_ONLY.load(Ordering::Relaxed)
}

/// Sets the limits for the whole run (once, from the command line).
pub(crate) fn set_limits(args: &LimitArgs) {
    let _ = LIMITS.set(args.options());
}

/// The limits every file is read with.
pub(crate) fn parse_options() -> &'static ParseOptions {
    LIMITS.get_or_init(ParseOptions::default)
}

/// How a command reads every file: leniently, decoded as `encoding` says,
/// within the limits of the run. Built once per command; an unknown
/// encoding name is a usage error.
pub(crate) fn read_options(encoding: &EncodingArgs) -> io::Result<ReadOptions> {
    Ok(ReadOptions::lenient()
        .decode(encoding.options()?)
        .limits(parse_options().clone()))
}

/// Reads `bytes` as every command does, with the command's
/// [`read_options`]: the encoding detected (or as the options say), then
/// the lenient reader, which repairs what does not follow the grammar and
/// says so in [`Document::diagnostics`].
pub(crate) fn read<'a>(bytes: &'a [u8], options: &ReadOptions) -> Document<'a> {
    sgfkit::read(bytes, options).unwrap_or_else(|e| Document::unread(&e))
}

/// [`read`] of an input given away: one copy of the text while the tree
/// is built, not two ([`sgfkit::read_owned`]).
pub(crate) fn read_owned(bytes: Vec<u8>, options: &ReadOptions) -> Document<'static> {
    sgfkit::read_owned(bytes, options).unwrap_or_else(|e| Document::unread(&e))
}

/// Reads `bytes` for writing them out again (`fmt`, `json`): as [`read`]
/// (or, with `keep_encoding`, the lenient reader on the bytes as they are:
/// see [`can_keep_encoding`]), with every encoding warning and repair as a
/// `PATH:LINE:COL: ...` line. The tree borrows `bytes` when they are its
/// text (UTF-8 as read): no second copy of the input.
pub(crate) fn read_to_write<'a>(
    name: &str,
    bytes: &'a [u8],
    options: &ReadOptions,
    keep_encoding: bool,
) -> (sgfkit::Collection<'a>, Vec<String>) {
    if keep_encoding {
        let as_they_are = ReadOptions::lenient()
            .keep_bytes()
            .limits(options.parse_options().clone());
        let doc = read(bytes, &as_they_are);
        let messages = doc
            .diagnostics()
            .iter()
            .map(|d| format!("{name}:{d}"))
            .collect();
        return (doc.into_collection(), messages);
    }
    let mut messages: Vec<String> = Vec::new();
    let tree = read_with_messages(name, bytes, options, |p| p, &mut messages);
    (tree, messages)
}

/// [`read_to_write`], the tree owned, for a command that keeps it past the
/// input (`merge`, `split`): a copy of the input when the tree borrowed it.
pub(crate) fn read_for_writing(
    name: &str,
    bytes: &[u8],
    options: &ReadOptions,
    keep_encoding: bool,
) -> (sgfkit::Collection<'static>, Vec<String>) {
    let (tree, messages) = read_to_write(name, bytes, options, keep_encoding);
    (tree.into_owned(), messages)
}

/// What [`read_for_fixing`] read.
pub(crate) struct ForFixing {
    /// The tree, which owns its text.
    pub(crate) tree: sgfkit::Collection<'static>,
    /// The lenient reader's diagnostics (spans in the tree's source).
    pub(crate) diagnostics: Vec<sgfkit::check::Diagnostic>,
    /// The file is to be written again for its encoding: its text is not
    /// its bytes ([`sgfkit::Document::text_is_input`]: transcoded to
    /// UTF-8, a UTF-8 byte order mark dropped, a record of another format
    /// read into SGF), or decoding found a problem. When false, the tree's
    /// source is the bytes.
    pub(crate) transcoded: bool,
}

/// Reads `bytes` as [`read_owned`] does, for `fix`, which also needs the
/// reader's diagnostics and whether the text is the bytes: given away, so
/// that a transcoded input is not held beside its text while the tree is
/// built and repaired.
pub(crate) fn read_for_fixing(
    name: &str,
    bytes: Vec<u8>,
    options: &ReadOptions,
) -> (ForFixing, Vec<String>) {
    let doc = read_owned(bytes, options);
    let mut messages = Vec::new();
    add_messages(name, &doc, |p| p, &mut messages);
    // Written again when its text is not the file's bytes, or when a
    // decoding problem was found (a `CA` that does not fit the bytes).
    let transcoded = !doc.text_is_input() || !doc.encoding_warnings().is_empty();
    let diagnostics = doc.diagnostics().to_vec();
    let read = ForFixing {
        tree: doc.into_collection(),
        diagnostics,
        transcoded,
    };
    (read, messages)
}

/// Whether `--keep-encoding` can keep `bytes` as they are: not when they
/// are UTF-16 or UTF-32, which cannot be read byte for byte (they are
/// written in UTF-8 as without --keep-encoding, and a warning in
/// `messages` says so).
pub(crate) fn can_keep_encoding(
    name: &str,
    bytes: &[u8],
    options: &ReadOptions,
    messages: &mut Vec<String>,
) -> bool {
    let wide = options
        .decode_options()
        .is_some_and(|decode| sgfkit::encoding::detect(bytes, decode).charset.is_wide());
    if wide {
        messages.push(format!(
            "{name}: warning: UTF-16/UTF-32 input written in UTF-8 (--keep-encoding keeps only byte-oriented encodings)"
        ));
    }
    !wide
}

/// Reads one game tree of a streamed file as [`read_for_writing`] reads a
/// file (without `--keep-encoding`), the positions of its messages in the
/// whole file.
pub(crate) fn read_game_for_writing(
    name: &str,
    game: &sgfkit::stream::Game,
    options: &ReadOptions,
) -> (sgfkit::Collection<'static>, Vec<String>) {
    let mut messages = Vec::new();
    let tree = read_with_messages(
        name,
        game.bytes(),
        options,
        |p| game.place(p),
        &mut messages,
    );
    (tree.into_owned(), messages)
}

/// [`read`], its encoding warnings and repairs added to `messages` as
/// `PATH:LINE:COL: ...` lines, each position passed through `place`.
fn read_with_messages<'a>(
    name: &str,
    bytes: &'a [u8],
    options: &ReadOptions,
    place: impl Fn(sgfkit::Position) -> sgfkit::Position,
    messages: &mut Vec<String>,
) -> sgfkit::Collection<'a> {
    let doc = read(bytes, options);
    add_messages(name, &doc, place, messages);
    doc.into_collection()
}

/// [`read_to_write`] of an input given away ([`read_owned`]): the tree
/// owned, with one copy of the text while it is built.
pub(crate) fn read_owned_to_write(
    name: &str,
    bytes: Vec<u8>,
    options: &ReadOptions,
) -> (sgfkit::Collection<'static>, Vec<String>) {
    let doc = read_owned(bytes, options);
    let mut messages = Vec::new();
    add_messages(name, &doc, |p| p, &mut messages);
    (doc.into_collection(), messages)
}

/// The encoding warnings (positioned in the input) and repairs of `doc` as
/// `PATH:LINE:COL: ...` lines in `messages`, each position passed through
/// `place`.
fn add_messages(
    name: &str,
    doc: &Document<'_>,
    place: impl Fn(sgfkit::Position) -> sgfkit::Position,
    messages: &mut Vec<String>,
) {
    // Nothing read (a binary file, say): the one line that says so is
    // enough, without a warning for each malformed byte sequence.
    let nothing = doc.collection().games().len() == 0;
    let shown = doc.encoding_warnings().iter().filter(|_| !nothing);
    messages.extend(shown.map(|w| {
        let p = place(w.position);
        format!("{name}:{p}: warning: {}", w.message)
    }));
    messages.extend(doc.diagnostics().iter().map(|d| {
        let p = place(d.position);
        format!("{name}:{p}: {}[{}]: {}", d.severity, d.code, d.message)
    }));
}

/// The line that says a file holds no game tree, and why (empty, binary,
/// no node), with its position: the lenient reader's L013 as `check`
/// prints it, or a plain line when the reader gave none.
pub(crate) fn no_game_tree(name: &str, doc: &Document<'_>) -> String {
    doc.diagnostics()
        .iter()
        .find(|d| d.code == Code::L013)
        .map_or_else(
            || format!("{name}: no game tree found"),
            |d| format!("{name}:{d}"),
        )
}

/// Where `-o DIR` writes what is read: a file at its path below the folder
/// named on the command line that holds it, or at its file name for a file
/// named directly; a record of another format as SGF, its name ending in
/// `.sgf` (`x.gib` → `x.sgf`). An archive's members go below a folder
/// named as the archive without its ending (`games.zip!/a/b.gib` →
/// `DIR/games/a/b.sgf`), a `*.sgf.gz` to its name without `.gz`. Each
/// place is given once: a second source for the same place has none.
pub(crate) struct Places {
    dir: PathBuf,
    folders: Vec<PathBuf>,
    /// The archives among the sources, in order: their names and where
    /// their members go (the archive's place without its ending).
    archives: Vec<(String, PathBuf)>,
    /// The archive whose members come now ([`Places::of_member`]).
    archive: usize,
    taken: HashSet<PathBuf>,
}

impl Places {
    pub(crate) fn new(dir: &Path, paths: &[PathBuf], sources: &[Source]) -> Places {
        let folders: Vec<PathBuf> = paths.iter().filter(|p| p.is_dir()).cloned().collect();
        let archives = sources
            .iter()
            .filter_map(|s| {
                let (path, _) = s.archive()?;
                let below = below(&folders, path)?;
                let inner = Archive::inner_name(below.file_name()?.to_str()?)?;
                Some((s.name(), dir.join(below.with_file_name(inner))))
            })
            .collect();
        Places {
            dir: dir.to_path_buf(),
            folders,
            archives,
            archive: 0,
            taken: HashSet::new(),
        }
    }

    /// The place of a file (`None`: no file of the file system, or a place
    /// already given). A member of an archive is placed by
    /// [`Places::of_member`].
    pub(crate) fn of(&mut self, source: &Source) -> Option<PathBuf> {
        let below = below(&self.folders, source.path()?)?;
        self.take(self.dir.join(below))
    }

    /// The place of the member named `name` (`ARCHIVE!/MEMBER`, or the
    /// archive's name for a `*.sgf.gz`), the members of the archives coming
    /// in the order of the sources. `None` for a member whose path inside
    /// its archive leaves its folder (`..`, `/`): nothing is written out of
    /// `DIR`.
    fn of_member(&mut self, name: &str) -> Option<PathBuf> {
        while let Some((archive, base)) = self.archives.get(self.archive) {
            if name == archive {
                let place = base.clone();
                return self.take(place);
            }
            if let Some(inner) = name
                .strip_prefix(archive.as_str())
                .and_then(|rest| rest.strip_prefix("!/"))
            {
                let inner = Path::new(inner);
                let inside = inner
                    .components()
                    .all(|c| matches!(c, std::path::Component::Normal(_)));
                let place = base.join(inner);
                return if inside { self.take(place) } else { None };
            }
            self.archive += 1;
        }
        None
    }

    /// Writes `bytes` at the place of `source`, or (`None`: a member of an
    /// archive) of the member named `member`, its folders made as needed.
    /// The place written, or, with the error, the place that was to be
    /// written (`None`: no place: a second input for the same place, or a
    /// member's path that leaves its archive).
    pub(crate) fn write(
        &mut self,
        source: Option<&Source>,
        member: &str,
        bytes: &[u8],
    ) -> Result<PathBuf, (Option<PathBuf>, io::Error)> {
        let place = match source {
            Some(s) => self.of(s),
            None => self.of_member(member),
        };
        let Some(place) = place else {
            let e = io::Error::other(
                "no place to write it under the -o folder (another input has the same place, or a \
                 member's path leaves its archive)",
            );
            return Err((None, e));
        };
        let written = match place.parent() {
            Some(dir) => std::fs::create_dir_all(dir).and_then(|()| std::fs::write(&place, bytes)),
            None => std::fs::write(&place, bytes),
        };
        match written {
            Ok(()) => Ok(place),
            Err(e) => Err((Some(place), e)),
        }
    }

    fn take(&mut self, mut target: PathBuf) -> Option<PathBuf> {
        if sgfkit::format::is_record_name(&target) {
            target.set_extension("sgf");
        }
        self.taken.insert(target.clone()).then_some(target)
    }
}

/// `path` below the first of `folders` that holds it, or its file name.
fn below(folders: &[PathBuf], path: &Path) -> Option<PathBuf> {
    folders
        .iter()
        .find_map(|f| path.strip_prefix(f).ok())
        .map(Path::to_path_buf)
        .or_else(|| path.file_name().map(PathBuf::from))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A file is read to its end whatever size the walk saw: it may have
    /// grown or shrunk since.
    #[test]
    fn a_file_is_read_whole_whatever_size_was_seen() {
        let path = std::env::temp_dir().join(format!("sgfkit-read-{}.sgf", std::process::id()));
        let text = b"(;GM[1];B[aa];W[bb])".repeat(1000);
        std::fs::write(&path, &text).unwrap();
        for seen in [
            None,
            Some(0),
            Some(3),
            Some(text.len() as u64),
            Some(1 << 40),
            Some(u64::MAX),
        ] {
            assert_eq!(read_file(&path, seen).unwrap(), text, "{seen:?}");
        }
        let source = Source::File(path.clone(), Some(7));
        assert_eq!(source.read().unwrap(), text);
        std::fs::remove_file(&path).unwrap();
        assert!(read_file(&path, Some(7)).is_err());
    }
}
