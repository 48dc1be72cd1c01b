//! Huge collections: a file above a size threshold is read one game tree
//! at a time ([`sgfkit::stream`]), so memory stays bounded by the largest
//! game tree and a batch of trees, and its game trees are processed on
//! every core, their output in file order.

use crate::input::Source;
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
    /// (FF, GM and CA differing, one game per file) are not made, and bytes
    /// between game trees are skipped without a report (nodes written
    /// outside any `(...)` included).
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
/// whole, big files (above `threshold`) game tree by game tree. `emit`
/// receives each result with the index of its source, in input order. A
/// big file in which no game tree can be framed (a Fox file with no `(`)
/// is read whole. Stream errors (a tree above the size limit) and read
/// errors of a big file are given to `emit` as `Err(message)`.
pub(crate) fn drive<R: Send>(
    sources: &[Source],
    threads: usize,
    threshold: u64,
    work: impl Fn(Unit<'_>) -> R + Sync,
    mut emit: impl FnMut(usize, Result<R, String>) -> io::Result<()>,
) -> io::Result<()> {
    let big = |s: &Source| s.file_len().is_some_and(|len| len > threshold);
    let mut k = 0;
    while k < sources.len() {
        if big(&sources[k]) {
            stream_file(k, &sources[k], threads, &work, &mut emit)?;
            k += 1;
            continue;
        }
        let end = (k..sources.len())
            .find(|&j| big(&sources[j]))
            .unwrap_or(sources.len());
        let indexed: Vec<usize> = (k..end).collect();
        // `ordered` hands the results back in input order: count them off.
        let mut next = k;
        run::ordered(
            &indexed,
            threads,
            |&j| work(Unit::Whole(&sources[j])),
            |r| {
                next += 1;
                emit(next - 1, Ok(r))
            },
        )?;
        k = end;
    }
    Ok(())
}

fn stream_file<R: Send>(
    index: usize,
    source: &Source,
    threads: usize,
    work: &(impl Fn(Unit<'_>) -> R + Sync),
    emit: &mut impl FnMut(usize, Result<R, String>) -> io::Result<()>,
) -> io::Result<()> {
    let name = source.name();
    let Some(path) = source.path() else {
        return emit(index, Ok(work(Unit::Whole(source))));
    };
    let file = match std::fs::File::open(path) {
        Ok(f) => f,
        Err(e) => return emit(index, Err(format!("sgfkit: {name}: {e}"))),
    };
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
            |g| work(Unit::Game(source, g)),
            |r| emit(index, Ok(r)),
        )
    };
    for item in Games::new(file) {
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
                    return Ok(());
                }
            }
        }
    }
    flush(&mut batch, emit)?;
    if !any {
        // Nothing framed: the lenient reader may still find a tree.
        emit(index, Ok(work(Unit::Whole(source))))?;
    }
    Ok(())
}
