//! Huge collections: a file above a size threshold is read one game tree
//! at a time ([`sgfkit::stream`]), so memory stays bounded by the largest
//! game tree and a batch of trees, and its game trees are processed on
//! every core, their output in file order. An archive (`*.sgf.gz`, zip,
//! tar, tar.gz, tar.bz2) is read member by member ([`sgfkit::archive`]),
//! a batch of members at a time, whatever its size; a `*.sgf.gz` above the
//! threshold one game tree at a time.

use crate::input::{self, Said, Source, Taken};
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
/// member by member. The inputs are taken from `inputs` as the work needs
/// them (a folder is walked as its files are read), and numbered as they
/// come: `emit` receives each result with the number of its input, in
/// input order; a member of an archive is an input of its own, numbered
/// right after its archive (and the members before it). What the walk says
/// ([`Taken::Said`]) is given to `emit` as an `Err` in its place among the
/// results, for the command to say where its output allows: a path that
/// could not be walked ([`Said::failed`]) under a number of its own, a
/// warning under `usize::MAX` (it is no input). A big file in which no
/// game tree can be framed (a Fox file with no `(`) is read whole. Stream
/// errors (a tree above the size limit), read errors of a big file and
/// errors of an archive are given to `emit` as failed `Err`s.
pub(crate) fn drive<R: Send>(
    inputs: impl IntoIterator<Item = impl Into<Taken>>,
    threads: usize,
    threshold: u64,
    work: impl Fn(Unit<'_>) -> R + Sync,
    emit: impl FnMut(usize, Result<R, Said>) -> io::Result<()>,
) -> io::Result<()> {
    let one_at_a_time = Grouping {
        bytes: 0,
        files: 1,
        ahead: run::AHEAD,
    };
    drive_grouped(
        inputs,
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
    inputs: impl IntoIterator<Item = impl Into<Taken>>,
    threads: usize,
    work: impl Fn(&Source) -> R + Sync,
    emit: impl FnMut(usize, Result<R, Said>) -> io::Result<()>,
) -> io::Result<()> {
    // No file is larger than u64::MAX bytes: no game tree is streamed, and
    // a `Unit::Game` could only name its source (read whole again).
    drive(
        inputs,
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
    /// ([`run::ordered_iter`]): fewer for groups whose results are big.
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
/// gather their output in one place; `emit` receives the number of the
/// first input of each group. A big file (read whole because no game tree
/// could be framed in it) comes as a group of its own.
pub(crate) fn drive_grouped<R: Send>(
    inputs: impl IntoIterator<Item = impl Into<Taken>>,
    threads: usize,
    threshold: u64,
    grouping: Grouping,
    work: impl Fn(Group<'_>) -> R + Sync,
    mut emit: impl FnMut(usize, Result<R, Said>) -> io::Result<()>,
) -> io::Result<()> {
    let big = |s: &Source| s.file_len().is_some_and(|len| len > threshold);
    let alone = |s: &Source| s.archive().is_some() || big(s);
    let mut groups = Groups::new(inputs.into_iter().map(Into::into), grouping, alone);
    loop {
        pipeline(&mut groups, threads, grouping.ahead, &work, &mut emit)?;
        let Some((index, source)) = groups.stopped.take() else {
            return Ok(());
        };
        match source.archive() {
            Some(archive) => {
                let how = How {
                    threads,
                    threshold,
                    grouping,
                };
                let members = &mut groups.next;
                stream_archive(index, &source, archive, members, how, &work, &mut emit)?
            }
            None => stream_file(index, &source, threads, &work, &mut emit)?,
        }
    }
}

/// What [`Groups`] cuts (`F`: the inputs of a group), and the same piece
/// worked on (`F`: the group's result): consecutive inputs read whole (the
/// number of the first), or a line of the walk (with its number when it
/// says a path failed), which the workers pass on.
enum Piece<F = Vec<Source>> {
    Files(usize, F),
    Said(Option<usize>, Said),
}

/// Runs `pieces` through the ordered pipeline ([`run::ordered_iter`]):
/// each group of files given to `work` on a worker thread, the results and
/// the lines of the walk given to `emit` (or said) in input order.
fn pipeline<R: Send>(
    pieces: impl Iterator<Item = Piece>,
    threads: usize,
    ahead: usize,
    work: &(impl Fn(Group<'_>) -> R + Sync),
    emit: &mut impl FnMut(usize, Result<R, Said>) -> io::Result<()>,
) -> io::Result<()> {
    run::ordered_iter(
        pieces,
        threads,
        ahead,
        |piece| match piece {
            Piece::Files(start, files) => Piece::Files(start, work(Group::Files(&files))),
            Piece::Said(at, said) => Piece::Said(at, said),
        },
        |done| match done {
            Piece::Files(start, result) => emit(start, Ok(result)),
            // A line that says a path failed has a number of its own; the
            // others are about the inputs around them.
            Piece::Said(at, said) => emit(at.unwrap_or(usize::MAX), Err(said)),
        },
    )
}

/// Cuts the inputs into the pieces of [`drive_grouped`], numbering them as
/// they come: runs of consecutive inputs as `grouping` says, the walk's
/// lines between them. It stops (gives `None`, with every input before it
/// given) at an input that goes `alone` (an archive, a big file): that
/// input waits in `stopped` with its number, and the cutting goes on after
/// it once `stopped` is taken.
struct Groups<I, A> {
    inputs: std::iter::Fuse<I>,
    grouping: Grouping,
    alone: A,
    /// The number of the next input (or failed path).
    next: usize,
    /// The group being cut: the number of its first input, its inputs and
    /// their bytes.
    start: usize,
    files: Vec<Source>,
    bytes: u64,
    /// Pieces cut and not yet given.
    ready: std::collections::VecDeque<Piece>,
    /// The input that goes alone, met after the pieces given.
    stopped: Option<(usize, Source)>,
}

impl<I: Iterator<Item = Taken>, A: Fn(&Source) -> bool> Groups<I, A> {
    fn new(inputs: I, grouping: Grouping, alone: A) -> Self {
        Groups::numbered_from(0, inputs, grouping, alone)
    }

    fn numbered_from(next: usize, inputs: I, grouping: Grouping, alone: A) -> Self {
        Groups {
            inputs: inputs.fuse(),
            grouping,
            alone,
            next,
            start: next,
            files: Vec::new(),
            bytes: 0,
            ready: std::collections::VecDeque::new(),
            stopped: None,
        }
    }

    /// The next number.
    fn number(&mut self) -> usize {
        self.next += 1;
        self.next - 1
    }

    /// Ends the group being cut, if it has an input.
    fn close(&mut self) {
        if !self.files.is_empty() {
            let files = std::mem::take(&mut self.files);
            self.ready.push_back(Piece::Files(self.start, files));
            self.bytes = 0;
        }
    }
}

impl<I: Iterator<Item = Taken>, A: Fn(&Source) -> bool> Iterator for Groups<I, A> {
    type Item = Piece;

    fn next(&mut self) -> Option<Piece> {
        loop {
            if let Some(piece) = self.ready.pop_front() {
                return Some(piece);
            }
            if self.stopped.is_some() {
                return None;
            }
            match self.inputs.next() {
                None => {
                    self.close();
                    return self.ready.pop_front();
                }
                Some(Taken::Said(said)) => {
                    self.close();
                    let at = said.failed.then(|| self.number());
                    self.ready.push_back(Piece::Said(at, said));
                }
                Some(Taken::Input(source)) => {
                    // A file named on the command line: its size looked up
                    // once, here.
                    let source = source.sized();
                    let at = self.number();
                    if (self.alone)(&source) {
                        self.close();
                        self.stopped = Some((at, source));
                        continue;
                    }
                    let len = source.file_len().unwrap_or(0);
                    // A file of a group's size or more is a group of its
                    // own: the files before it close theirs.
                    if len >= self.grouping.bytes {
                        self.close();
                    }
                    if self.files.is_empty() {
                        self.start = at;
                    }
                    self.files.push(source);
                    self.bytes += len;
                    if self.bytes >= self.grouping.bytes
                        || self.files.len() >= self.grouping.files.max(1)
                    {
                        self.close();
                    }
                }
            }
        }
    }
}

fn stream_file<R: Send>(
    index: usize,
    source: &Source,
    threads: usize,
    work: &(impl Fn(Group<'_>) -> R + Sync),
    emit: &mut impl FnMut(usize, Result<R, Said>) -> io::Result<()>,
) -> io::Result<()> {
    let name = source.name();
    let Some(path) = source.path() else {
        return emit(index, Ok(work(Group::Files(std::slice::from_ref(source)))));
    };
    let file = match std::fs::File::open(path) {
        Ok(f) => f,
        Err(e) => return emit(index, Err(Said::failed(&name, e))),
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
    emit: &mut impl FnMut(usize, Result<R, Said>) -> io::Result<()>,
) -> io::Result<bool> {
    let name = source.name();
    let mut batch: Vec<Game> = Vec::new();
    let mut bytes = 0usize;
    let mut any = false;
    let flush = |batch: &mut Vec<Game>,
                 emit: &mut dyn FnMut(usize, Result<R, Said>) -> io::Result<()>|
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
                emit(index, Err(Said::failed(&name, e)))?;
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
/// input of its own for `emit`, numbered from `members` on (right after
/// the archive, so that no command takes two members for one file), and
/// `members` is left at the number after the last. A `*.sgf.gz` whose file
/// is above the threshold uncompressed (its gzip trailer says) is read one
/// game tree at a time, under the archive's number, as a big file. A
/// damaged archive is given to `emit` under the archive's number, after
/// the members read before the damage; a
/// damaged member under its own; an archive with no member to read is said on
/// stderr.
fn stream_archive<R: Send>(
    index: usize,
    source: &Source,
    (path, kind): (&std::path::Path, sgfkit::format::Archive),
    members: &mut usize,
    how: How,
    work: &(impl Fn(Group<'_>) -> R + Sync),
    emit: &mut impl FnMut(usize, Result<R, Said>) -> io::Result<()>,
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
    let mut found = 0usize;
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
            found += members_read.len();
            // A damaged member is said under its own number; the others are
            // grouped, numbered in the order read.
            let taken = members_read.into_iter().map(|(source, data)| match data {
                Ok(data) => Taken::Input(Source::Member(source, data)),
                Err(e) => Taken::Said(Said::failed(&name, e)),
            });
            let mut groups =
                Groups::numbered_from(*members, taken, how.grouping, |_: &Source| false);
            pipeline(&mut groups, how.threads, how.grouping.ahead, work, emit)?;
            *members = groups.next;
        }
        // A panic of the reader is a bug: it goes on here.
        let read = reader
            .join()
            .unwrap_or_else(|e| std::panic::resume_unwind(e));
        match read {
            Err(e) => emit(index, Err(Said::failed(&name, e))),
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
    emit: &mut impl FnMut(usize, Result<R, Said>) -> io::Result<()>,
) -> io::Result<()> {
    let mut fatal: Option<io::Error> = None;
    let read = sgfkit::archive::for_each_member(path, input::sgf_only(), &mut |mut member| {
        let streamed = Source::Member(member.source(name), Vec::new());
        let step = match stream_games(index, &streamed, member.reader(), threads, work, emit) {
            Ok(true) => Ok(()),
            Ok(false) => {
                let why = "no game tree could be framed in this file larger than \
                           --stream-above: unpack it to read it whole";
                emit(index, Err(Said::failed(name, why)))
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
    read.or_else(|e| emit(index, Err(Said::failed(name, e))))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn sized(lens: &[u64]) -> Vec<Taken> {
        lens.iter()
            .enumerate()
            .map(|(i, &len)| {
                Taken::Input(Source::File(PathBuf::from(format!("{i}.sgf")), Some(len)))
            })
            .collect()
    }

    /// The pieces as (first number, how many files), a line as (number
    /// or usize::MAX, 0).
    fn cut(pieces: impl Iterator<Item = Piece>) -> Vec<(usize, usize)> {
        pieces
            .map(|p| match p {
                Piece::Files(start, files) => (start, files.len()),
                Piece::Said(at, _) => (at.unwrap_or(usize::MAX), 0),
            })
            .collect()
    }

    const GROUPING: Grouping = Grouping {
        bytes: 100,
        files: 3,
        ahead: 1,
    };

    #[test]
    fn groups_cut_by_bytes_and_files_with_big_files_alone() {
        let never = |_: &Source| false;
        // 10+10+10: three files; 60+50 reach 100; 200 alone after the 5
        // before it; 5 alone at the end.
        let got = cut(Groups::new(
            sized(&[10, 10, 10, 60, 50, 5, 200, 5]).into_iter(),
            GROUPING,
            never,
        ));
        assert_eq!(got, [(0, 3), (3, 2), (5, 1), (6, 1), (7, 1)]);
        let got = cut(Groups::new(sized(&[100, 100]).into_iter(), GROUPING, never));
        assert_eq!(got, [(0, 1), (1, 1)]);
        assert!(cut(Groups::new(Vec::new().into_iter(), GROUPING, never)).is_empty());
    }

    #[test]
    fn groups_stop_before_an_input_that_goes_alone_and_say_lines_in_place() {
        let mut inputs = sized(&[10, 10, 10, 10, 10]);
        // A line between the first two files, a failed path after them.
        inputs.insert(1, Taken::Said(Said::warning("dir", "skipped 1 file")));
        inputs.insert(3, Taken::Said(Said::failed("gone", "no such file")));
        // The fourth file goes alone.
        let alone = |s: &Source| s.name() == "3.sgf";
        let mut groups = Groups::new(inputs.into_iter(), GROUPING, alone);
        // 0.sgf, the line, 1.sgf, the failed path (number 2), 2.sgf (3),
        // then the stop at 3.sgf (number 4).
        let before = cut(groups.by_ref());
        assert_eq!(before, [(0, 1), (usize::MAX, 0), (1, 1), (2, 0), (3, 1)]);
        let (at, source) = groups.stopped.take().expect("stopped at 3.sgf");
        assert_eq!((at, source.name().as_str()), (4, "3.sgf"));
        // After the stop: 4.sgf, numbered 5; then nothing.
        assert_eq!(cut(groups.by_ref()), [(5, 1)]);
        assert!(groups.stopped.is_none());
        assert!(groups.next().is_none());
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
            let made = Groups::new(batch.into_iter(), how.grouping, |_: &Source| false).count();
            assert!(
                made >= 4 * threads,
                "{threads} threads, groups of {files}: {made}"
            );
        }
    }
}
