//! Huge collections: a file above a size threshold is read one game tree
//! at a time ([`sgfkit::stream`]), so memory stays bounded by the largest
//! game tree and a batch of trees, and its game trees are processed on
//! every core, their output in file order. An archive (`*.sgf.gz`, zip,
//! tar, tar.gz, tar.bz2) is read member by member ([`sgfkit::archive`]),
//! a batch of members at a time, whatever its size; a `*.sgf.gz` above the
//! threshold one game tree at a time.

use crate::input::{self, Source};
use crate::run;
use sgfkit::stream::{Game, Games, StreamError};
use std::io;

/// Files above this size are streamed unless `--stream-above` says
/// otherwise: 64 MiB.
pub(crate) const DEFAULT_THRESHOLD: u64 = 64 << 20;

/// The game trees of one batch hold at most this many bytes.
const BATCH_BYTES: usize = 16 << 20;

/// When to read a file one game tree at a time.
#[derive(clap::Args, Debug, Clone)]
pub(crate) struct StreamArgs {
    /// Read files larger than this many bytes one game tree at a time, in
    /// bounded memory (about the largest game tree plus 16 MiB), on every
    /// core. On such files, checks that compare the game trees of a file
    /// (FF, GM and CA differing, one game per file) are not made, and text
    /// between game trees is skipped without a report (nodes written
    /// without their `(` are game trees, as in a whole file).
    #[arg(long, value_name = "BYTES", default_value_t = DEFAULT_THRESHOLD)]
    pub(crate) stream_above: u64,
}

/// One piece of work: a whole input, or one game tree of a streamed file.
pub(crate) enum Unit<'s> {
    /// A file or standard input, read whole.
    Whole(&'s Source),
    /// A game tree of a streamed file.
    Game(&'s Source, &'s Game),
}

/// Runs `work` on every input in order, `threads` at a time: small inputs
/// whole, big files (above `threshold`) game tree by game tree, archives
/// member by member. `emit` receives each result with the index of its
/// source, in input order; a member of an archive is an input of its own,
/// with an index past the sources' (never one of `sources`). A big file in
/// which no game tree can be framed (a Fox file with no `(`) is read
/// whole. Stream errors (a tree above the size limit), read errors of a
/// big file and errors of an archive are given to `emit` as
/// `Err(message)`.
pub(crate) fn drive<R: Send>(
    sources: &[Source],
    threads: usize,
    threshold: u64,
    work: impl Fn(Unit<'_>) -> R + Sync,
    emit: impl FnMut(usize, Result<R, String>) -> io::Result<()>,
) -> io::Result<()> {
    let one_at_a_time = Grouping {
        bytes: 0,
        files: 1,
        ahead: run::AHEAD,
    };
    drive_grouped(
        sources,
        threads,
        threshold,
        one_at_a_time,
        |group| match group {
            Group::Files(files) => work(Unit::Whole(&files[0])),
            Group::Game(source, game) => work(Unit::Game(source, game)),
        },
        emit,
    )
}

/// As [`drive`] for a command that needs each input whole (it rewrites
/// files, or reads what is outside the game trees): `work` gets every file
/// and every member of an archive read whole, whatever its size; no file
/// is streamed.
pub(crate) fn drive_whole<R: Send>(
    sources: &[Source],
    threads: usize,
    work: impl Fn(&Source) -> R + Sync,
    emit: impl FnMut(usize, Result<R, String>) -> io::Result<()>,
) -> io::Result<()> {
    // No file is larger than u64::MAX bytes: no game tree is streamed, and
    // a `Unit::Game` could only name its source (read whole again).
    drive(
        sources,
        threads,
        u64::MAX,
        |unit| match unit {
            Unit::Whole(source) | Unit::Game(source, _) => work(source),
        },
        emit,
    )
}

/// How many consecutive small inputs [`drive_grouped`] hands over at once.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Grouping {
    /// A group ends once its files hold at least this many bytes; a file
    /// of this size or more is a group of its own.
    pub(crate) bytes: u64,
    /// A group holds at most this many files (at least one).
    pub(crate) files: usize,
    /// Groups in flight or done and waiting for their turn, per thread
    /// ([`run::ordered_ahead`]): fewer for groups whose results are big.
    pub(crate) ahead: usize,
}

/// One piece of work of [`drive_grouped`]: consecutive small inputs read
/// whole, or one game tree of a streamed file.
pub(crate) enum Group<'s> {
    /// One or more consecutive inputs, none of them streamed.
    Files(&'s [Source]),
    /// A game tree of a streamed file.
    Game(&'s Source, &'s Game),
}

/// As [`drive`], with runs of consecutive small inputs handed to `work`
/// together ([`Group::Files`], cut by `grouping`), so that a command can
/// gather their output in one place; `emit` receives the index of the
/// first source of each group. A big file (read whole because no game tree
/// could be framed in it) comes as a group of its own.
pub(crate) fn drive_grouped<R: Send>(
    sources: &[Source],
    threads: usize,
    threshold: u64,
    grouping: Grouping,
    work: impl Fn(Group<'_>) -> R + Sync,
    mut emit: impl FnMut(usize, Result<R, String>) -> io::Result<()>,
) -> io::Result<()> {
    let big = |s: &Source| s.file_len().is_some_and(|len| len > threshold);
    let alone = |s: &Source| s.archive().is_some() || big(s);
    // The index of the next member of an archive (past the sources').
    let mut members = sources.len();
    let mut k = 0;
    while k < sources.len() {
        if let Some(archive) = sources[k].archive() {
            let how = How {
                threads,
                threshold,
                grouping,
            };
            stream_archive(k, &sources[k], archive, &mut members, how, &work, &mut emit)?;
            k += 1;
            continue;
        }
        if big(&sources[k]) {
            stream_file(k, &sources[k], threads, &work, &mut emit)?;
            k += 1;
            continue;
        }
        let end = (k..sources.len())
            .find(|&j| alone(&sources[j]))
            .unwrap_or(sources.len());
        let groups = groups(&sources[k..end], grouping);
        run::ordered_ahead(
            &groups,
            threads,
            grouping.ahead,
            |r| {
                (
                    r.start,
                    work(Group::Files(&sources[k + r.start..k + r.end])),
                )
            },
            |(start, result)| emit(k + start, Ok(result)),
        )?;
        k = end;
    }
    Ok(())
}

/// `sources` cut into runs of consecutive files as `grouping` says.
fn groups(sources: &[Source], grouping: Grouping) -> Vec<std::ops::Range<usize>> {
    let mut out = Vec::new();
    let (mut start, mut bytes) = (0, 0u64);
    for (i, s) in sources.iter().enumerate() {
        let len = s.file_len().unwrap_or(0);
        // A file of a group's size or more is a group of its own: the files
        // before it close theirs.
        if len >= grouping.bytes && start < i {
            out.push(start..i);
            (start, bytes) = (i, 0);
        }
        bytes += len;
        if bytes >= grouping.bytes || i + 1 - start >= grouping.files.max(1) {
            out.push(start..i + 1);
            (start, bytes) = (i + 1, 0);
        }
    }
    if start < sources.len() {
        out.push(start..sources.len());
    }
    out
}

fn stream_file<R: Send>(
    index: usize,
    source: &Source,
    threads: usize,
    work: &(impl Fn(Group<'_>) -> R + Sync),
    emit: &mut impl FnMut(usize, Result<R, String>) -> io::Result<()>,
) -> io::Result<()> {
    let name = source.name();
    let Some(path) = source.path() else {
        return emit(index, Ok(work(Group::Files(std::slice::from_ref(source)))));
    };
    let file = match std::fs::File::open(path) {
        Ok(f) => f,
        Err(e) => return emit(index, Err(format!("sgfkit: {name}: {e}"))),
    };
    if !stream_games(index, source, file, threads, work, emit)? {
        // Nothing framed: the lenient reader may still find a tree.
        emit(index, Ok(work(Group::Files(std::slice::from_ref(source)))))?;
    }
    Ok(())
}

/// Reads the game trees of `reader` (the bytes of `source`) a batch at a
/// time, each given to `work` on `threads` threads. Whether any game tree
/// was framed.
fn stream_games<R: Send>(
    index: usize,
    source: &Source,
    reader: impl io::Read,
    threads: usize,
    work: &(impl Fn(Group<'_>) -> R + Sync),
    emit: &mut impl FnMut(usize, Result<R, String>) -> io::Result<()>,
) -> io::Result<bool> {
    let name = source.name();
    let mut batch: Vec<Game> = Vec::new();
    let mut bytes = 0usize;
    let mut any = false;
    let flush = |batch: &mut Vec<Game>,
                 emit: &mut dyn FnMut(usize, Result<R, String>) -> io::Result<()>|
     -> io::Result<()> {
        let games = std::mem::take(batch);
        run::ordered(
            &games,
            threads,
            |g| work(Group::Game(source, g)),
            |r| emit(index, Ok(r)),
        )
    };
    for item in Games::new(reader) {
        match item {
            Ok(game) => {
                any = true;
                bytes += game.bytes().len();
                batch.push(game);
                if bytes >= BATCH_BYTES || batch.len() >= threads * 64 {
                    flush(&mut batch, emit)?;
                    bytes = 0;
                }
            }
            Err(e) => {
                flush(&mut batch, emit)?;
                bytes = 0;
                let fatal = matches!(e, StreamError::Io(_));
                emit(index, Err(format!("sgfkit: {name}: {e}")))?;
                if fatal {
                    return Ok(true);
                }
            }
        }
    }
    flush(&mut batch, emit)?;
    Ok(any)
}

/// How [`stream_archive`] runs the work of its members.
#[derive(Clone, Copy)]
struct How {
    threads: usize,
    threshold: u64,
    grouping: Grouping,
}

impl How {
    /// The most members a batch holds (besides [`BATCH_BYTES`]): 64 a
    /// thread, and at least four full groups a thread, so that every
    /// thread has groups to take: with 64 members a thread, a batch of
    /// small files would make a single group of export's (up to 256
    /// files), worked on by one thread while the others wait.
    fn batch_members(&self) -> usize {
        self.threads * 64.max(4 * self.grouping.files)
    }
}

/// Reads the archive `source` (at `path`, the `index`th input) member by
/// member, in batches of about [`BATCH_BYTES`] run on every core (grouped
/// as `how.grouping` says), the next batch read while one is worked on:
/// memory holds two batches, whatever the archive's size. Each member is an
/// input of its own for `emit`: its index is the next of `members` (past
/// the indices of the sources, so that no command takes two members for
/// one file). A `*.sgf.gz` whose file is above the threshold uncompressed
/// (its gzip trailer says) is read one game tree at a time, under the
/// archive's index, as a big file. A damaged archive is given to `emit`
/// under the archive's index, after the members read before the damage; a
/// damaged member under its own; an archive with no member to read is said on
/// stderr.
fn stream_archive<R: Send>(
    index: usize,
    source: &Source,
    (path, kind): (&std::path::Path, sgfkit::format::Archive),
    members: &mut usize,
    how: How,
    work: &(impl Fn(Group<'_>) -> R + Sync),
    emit: &mut impl FnMut(usize, Result<R, String>) -> io::Result<()>,
) -> io::Result<()> {
    let name = source.name();
    // A `*.sgf.gz` is streamed by its size uncompressed (or compressed,
    // should its trailer say less).
    let big = |n: Option<u64>| n.is_some_and(|n| n > how.threshold);
    if kind == sgfkit::format::Archive::Gzip
        && (big(source.file_len()) || big(sgfkit::archive::gzip_size(path).ok().flatten()))
    {
        return stream_gzip(index, &name, path, how.threads, work, emit);
    }
    // The members read and not yet run, and the index of each.
    let mut batch: Vec<Source> = Vec::new();
    let mut indices: Vec<usize> = Vec::new();
    let mut found = 0usize;
    let flush = |batch: &mut Vec<Source>,
                 indices: &mut Vec<usize>,
                 emit: &mut dyn FnMut(usize, Result<R, String>) -> io::Result<()>|
     -> io::Result<()> {
        let files = std::mem::take(batch);
        let at = std::mem::take(indices);
        let groups = groups(&files, how.grouping);
        run::ordered_ahead(
            &groups,
            how.threads,
            how.grouping.ahead,
            |r| (at[r.start], work(Group::Files(&files[r.clone()]))),
            |(i, r)| emit(i, Ok(r)),
        )
    };
    // The archive is read (decompressed) on a thread of its own, which
    // gathers the next batch while the one before it is worked on: memory
    // holds two batches at most.
    std::thread::scope(|scope| -> io::Result<()> {
        type Read = (String, io::Result<Vec<u8>>);
        let (tx, rx) = std::sync::mpsc::sync_channel::<Vec<Read>>(0);
        let archive = name.as_str();
        let reader = scope.spawn(move || {
            let mut next: Vec<Read> = Vec::new();
            let mut bytes = 0usize;
            let read = sgfkit::archive::for_each_member(path, input::sgf_only(), &mut |member| {
                let source = member.source(archive);
                // A damaged member is said; the archive goes on.
                let data = member.read_all();
                bytes += data.as_ref().map_or(0, Vec::len);
                next.push((source, data));
                if bytes >= BATCH_BYTES || next.len() >= how.batch_members() {
                    bytes = 0;
                    tx.send(std::mem::take(&mut next))
                        .map_err(|_| io::Error::other("the reading stopped"))?;
                }
                Ok(())
            });
            // The members read before the end, or before the damage.
            if !next.is_empty() {
                let _ = tx.send(next);
            }
            read
        });
        for members_read in rx.iter() {
            for (source, data) in members_read {
                found += 1;
                let at = *members;
                *members += 1;
                match data {
                    Ok(data) => {
                        batch.push(Source::Member(source, data));
                        indices.push(at);
                    }
                    Err(e) => {
                        flush(&mut batch, &mut indices, emit)?;
                        emit(at, Err(format!("sgfkit: {name}: {e}")))?;
                    }
                }
            }
            flush(&mut batch, &mut indices, emit)?;
        }
        // A panic of the reader is a bug: it goes on here.
        let read = reader
            .join()
            .unwrap_or_else(|e| std::panic::resume_unwind(e));
        match read {
            Err(e) => emit(index, Err(format!("sgfkit: {name}: {e}"))),
            Ok(()) if found == 0 => {
                let looked = sgfkit::format::read_patterns(input::sgf_only()).join(", ");
                crate::output::path_error(
                    &name,
                    &format!("warning: no game record inside (members named {looked})"),
                );
                Ok(())
            }
            Ok(()) => Ok(()),
        }
    })
}

/// The one file of the big `*.sgf.gz` `name` at `path`, read one game
/// tree at a time as a big file is.
fn stream_gzip<R: Send>(
    index: usize,
    name: &str,
    path: &std::path::Path,
    threads: usize,
    work: &(impl Fn(Group<'_>) -> R + Sync),
    emit: &mut impl FnMut(usize, Result<R, String>) -> io::Result<()>,
) -> io::Result<()> {
    let mut fatal: Option<io::Error> = None;
    let read = sgfkit::archive::for_each_member(path, input::sgf_only(), &mut |mut member| {
        let streamed = Source::Member(member.source(name), Vec::new());
        let step = match stream_games(index, &streamed, member.reader(), threads, work, emit) {
            Ok(true) => Ok(()),
            Ok(false) => {
                let why = "no game tree could be framed in this file larger than \
                           --stream-above: unpack it to read it whole";
                emit(index, Err(format!("sgfkit: {name}: {why}")))
            }
            Err(e) => Err(e),
        };
        step.map_err(|e| {
            fatal = Some(e);
            io::Error::other("output failed")
        })
    });
    if let Some(e) = fatal {
        return Err(e);
    }
    read.or_else(|e| emit(index, Err(format!("sgfkit: {name}: {e}"))))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn sized(lens: &[u64]) -> Vec<Source> {
        lens.iter()
            .enumerate()
            .map(|(i, &len)| Source::File(PathBuf::from(format!("{i}.sgf")), Some(len)))
            .collect()
    }

    #[test]
    fn groups_cut_by_bytes_and_files_with_big_files_alone() {
        let grouping = Grouping {
            bytes: 100,
            files: 3,
            ahead: 1,
        };
        // 10+10+10: three files; 60+50 reach 100; 200 alone after the 5
        // before it; 5 alone at the end.
        let got = groups(&sized(&[10, 10, 10, 60, 50, 5, 200, 5]), grouping);
        assert_eq!(got, [0..3, 3..5, 5..6, 6..7, 7..8]);
        assert_eq!(groups(&sized(&[100, 100]), grouping), [0..1, 1..2]);
        assert!(groups(&[], grouping).is_empty());
    }

    #[test]
    fn a_batch_of_small_members_makes_four_groups_a_thread() {
        for (threads, files) in [(1, 1), (2, 1), (2, 256), (2, 1024), (8, 64)] {
            let how = How {
                threads,
                threshold: DEFAULT_THRESHOLD,
                grouping: Grouping {
                    bytes: 256 << 10,
                    files,
                    ahead: 2,
                },
            };
            let batch = sized(&vec![100; how.batch_members()]);
            let made = groups(&batch, how.grouping).len();
            assert!(
                made >= 4 * threads,
                "{threads} threads, groups of {files}: {made}"
            );
        }
    }
}
