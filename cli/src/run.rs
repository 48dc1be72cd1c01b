//! Running a command over many inputs: on every core, with the output in
//! input order (byte for byte what `-j 1` prints), a progress bar on a
//! terminal, and the exit status.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use pariter::IteratorExt;
use std::io::{self, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// How a command ended.
#[derive(Debug, Default, Clone, Copy)]
pub(crate) struct Status {
    /// Paths that could not be read or walked.
    pub(crate) failed_paths: usize,
    /// Files with an error (a diagnostic of severity error, or no game tree).
    pub(crate) files_with_errors: usize,
}

impl Status {
    /// 2 when a path failed, else 1 when a file has errors, else 0.
    pub(crate) fn exit_code(self) -> ExitCode {
        if self.failed_paths > 0 {
            ExitCode::from(2)
        } else if self.files_with_errors > 0 {
            ExitCode::from(1)
        } else {
            ExitCode::SUCCESS
        }
    }
}

/// Calls `work` on every item, on `threads` threads, and hands the results
/// to `emit` in the order of `items`. The workers never wait for one
/// another: each takes the next item as soon as it is done, while `emit`
/// (on the calling thread) writes the results that are next in order.
/// At most a few items per thread are in flight or waiting for their turn,
/// so memory stays bounded whatever the number of items.
///
/// # Errors
/// The first error `emit` returns; the rest is not processed.
pub(crate) fn ordered<T, R>(
    items: &[T],
    threads: usize,
    work: impl Fn(&T) -> R + Sync,
    emit: impl FnMut(R) -> io::Result<()>,
) -> io::Result<()>
where
    T: Sync,
    R: Send,
{
    ordered_ahead(items, threads, AHEAD, work, emit)
}

/// Items per thread [`ordered`] lets be in flight or wait for their turn.
pub(crate) const AHEAD: usize = 8;

/// [`ordered`] with at most `ahead` items per thread in flight or waiting
/// (at least one): fewer for items whose results are big.
///
/// # Errors
/// As [`ordered`].
pub(crate) fn ordered_ahead<T, R>(
    items: &[T],
    threads: usize,
    ahead: usize,
    work: impl Fn(&T) -> R + Sync,
    emit: impl FnMut(R) -> io::Result<()>,
) -> io::Result<()>
where
    T: Sync,
    R: Send,
{
    ordered_iter(items.iter(), threads, ahead, work, emit)
}

/// The one ordered pipeline: [`ordered_ahead`] over items as an iterator
/// gives them, taken one by one on the calling thread as the workers need
/// more (a folder walked as its files are read: the walk runs here, a few
/// items a thread ahead of the work). A single item, or one thread, is
/// worked on here, with no thread started.
///
/// # Errors
/// As [`ordered`].
pub(crate) fn ordered_iter<T, R>(
    items: impl IntoIterator<Item = T>,
    threads: usize,
    ahead: usize,
    work: impl Fn(T) -> R + Sync,
    mut emit: impl FnMut(R) -> io::Result<()>,
) -> io::Result<()>
where
    T: Send,
    R: Send,
{
    let mut items = items.into_iter();
    let Some(first) = items.next() else {
        return Ok(());
    };
    let second = if threads > 1 { items.next() } else { None };
    let Some(second) = second else {
        emit(work(first))?;
        for item in items {
            emit(work(item))?;
        }
        return Ok(());
    };
    let items = [first, second].into_iter().chain(items);
    let work = &work;
    std::thread::scope(|scope| {
        let results = items.parallel_map_scoped_custom(
            scope,
            |how| how.threads(threads).buffer_size(threads * ahead.max(1)),
            work,
        );
        for r in results {
            emit(r)?;
        }
        Ok(())
    })
}

/// Output buffers lent to the worker threads and given back, emptied, by
/// the thread that writes once it has written them: the next item is
/// written into memory a worker has used before, instead of memory each
/// worker allocates and the writing thread frees (an allocator keeps such
/// frees from another thread for a while, and a worker meanwhile touches
/// fresh pages). A buffer that grew past [`Buffers::LARGEST`] is not kept.
#[derive(Debug, Default)]
pub(crate) struct Buffers<T>(std::sync::Mutex<Vec<T>>);

/// What [`Buffers`] lends: byte buffers.
pub(crate) trait Buffer: Default {
    /// Empties it, its room kept.
    fn empty(&mut self);
    /// The bytes it has room for.
    fn room(&self) -> usize;
}

impl Buffer for Vec<u8> {
    fn empty(&mut self) {
        self.clear();
    }
    fn room(&self) -> usize {
        self.capacity()
    }
}

impl Buffer for [Vec<u8>; 3] {
    fn empty(&mut self) {
        self.iter_mut().for_each(Vec::clear);
    }
    fn room(&self) -> usize {
        self.iter().map(Vec::capacity).sum()
    }
}

impl<T: Buffer> Buffers<T> {
    /// Buffers kept: as many as items in flight with [`AHEAD`] and two threads.
    const KEEP: usize = 2 * AHEAD;
    /// A buffer with room for more bytes than this is dropped when given back.
    pub(crate) const LARGEST: usize = 4 << 20;

    /// An empty buffer, one given back before when there is one.
    pub(crate) fn take(&self) -> T {
        let reused = self.0.lock().map(|mut kept| kept.pop());
        reused.ok().flatten().unwrap_or_default()
    }

    /// Gives a buffer back once its contents are written.
    pub(crate) fn give(&self, mut buffer: T) {
        if buffer.room() > Self::LARGEST {
            return;
        }
        if let Ok(mut kept) = self.0.lock()
            && kept.len() < Self::KEEP
        {
            buffer.empty();
            kept.push(buffer);
        }
    }
}

/// A progress bar on stderr for work on a terminal that takes more than a
/// second; hidden on a pipe, or when the caller says so (JSON output).
#[derive(Debug)]
pub(crate) struct Progress {
    bar: Option<ProgressBar>,
    started: Instant,
    shown: bool,
}

impl Progress {
    /// A bar counting `total` bytes, drawn only if `enabled` (stderr is a
    /// terminal and the output is for people) and the work lasts.
    pub(crate) fn bytes(total: u64, enabled: bool) -> Progress {
        let bar = enabled.then(|| {
            let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::hidden());
            if let Ok(style) = ProgressStyle::with_template(
                "{bar:30} {binary_bytes}/{binary_total_bytes} {binary_bytes_per_sec} ETA {eta}",
            ) {
                bar.set_style(style);
            }
            bar
        });
        Progress {
            bar,
            started: Instant::now(),
            shown: false,
        }
    }

    /// Counts `n` more bytes done.
    pub(crate) fn advance(&mut self, n: u64) {
        if let Some(bar) = &self.bar {
            bar.inc(n);
            if !self.shown && self.started.elapsed() > Duration::from_secs(1) {
                bar.set_draw_target(ProgressDrawTarget::stderr());
                self.shown = true;
            }
        }
    }

    /// Writes `text` to `out` without tearing the bar.
    pub(crate) fn write(&self, out: &mut impl Write, text: &[u8]) -> io::Result<()> {
        match &self.bar {
            Some(bar) if self.shown => {
                bar.suspend(|| out.write_all(text).and_then(|()| out.flush()))
            }
            _ => out.write_all(text),
        }
    }

    /// Removes the bar.
    pub(crate) fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ordered_keeps_input_order_on_many_threads() {
        let items: Vec<u64> = (0..1000).collect();
        let mut seen = Vec::new();
        ordered(
            &items,
            4,
            |&n| {
                // Later items finish first.
                std::thread::sleep(Duration::from_micros((1000 - n) % 7));
                n * 2
            },
            |r| {
                seen.push(r);
                Ok(())
            },
        )
        .unwrap();
        let want: Vec<u64> = items.iter().map(|n| n * 2).collect();
        assert_eq!(seen, want);
    }

    #[test]
    fn ordered_stops_at_the_first_error_of_emit() {
        let items: Vec<u64> = (0..10_000).collect();
        let worked = std::sync::atomic::AtomicUsize::new(0);
        let mut seen = Vec::new();
        let r = ordered(
            &items,
            2,
            |&n| {
                worked.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                n
            },
            |n| {
                if n == 3 {
                    return Err(io::Error::other("full disk"));
                }
                seen.push(n);
                Ok(())
            },
        );
        assert_eq!(r.unwrap_err().to_string(), "full disk");
        assert_eq!(seen, [0, 1, 2]);
        // Only the items in flight were worked on, not the rest.
        assert!(worked.into_inner() <= 4 + 2 * 8, "bounded");
    }

    #[test]
    fn buffers_lend_what_was_given_back_emptied_and_drop_the_rest() {
        let buffers: Buffers<Vec<u8>> = Buffers::default();
        let mut b = buffers.take();
        b.extend_from_slice(&[7; 1000]);
        let room = b.capacity();
        buffers.give(b);
        let again = buffers.take();
        assert!(again.is_empty());
        assert_eq!(again.capacity(), room);
        // Nothing kept: a new one.
        assert_eq!(buffers.take().capacity(), 0);
        // Too big to keep.
        buffers.give(Vec::with_capacity(Buffers::<Vec<u8>>::LARGEST + 1));
        assert_eq!(buffers.take().capacity(), 0);
        // At most KEEP kept.
        let many = Buffers::<Vec<u8>>::KEEP + 3;
        for _ in 0..many {
            buffers.give(Vec::with_capacity(10));
        }
        let lent: Vec<Vec<u8>> = (0..many).map(|_| buffers.take()).collect();
        let reused = lent.iter().filter(|b| b.capacity() >= 10).count();
        assert_eq!(reused, Buffers::<Vec<u8>>::KEEP);
        // Three texts at once (export's JSON Lines), emptied together.
        let texts: Buffers<[Vec<u8>; 3]> = Buffers::default();
        let mut t = texts.take();
        t[1].extend_from_slice(b"{}\n");
        texts.give(t);
        let t = texts.take();
        assert!(t.iter().all(Vec::is_empty) && t[1].capacity() >= 3);
    }

    #[test]
    fn exit_codes() {
        let s = |failed_paths, files_with_errors| Status {
            failed_paths,
            files_with_errors,
        };
        assert_eq!(s(0, 0).exit_code(), ExitCode::SUCCESS);
        assert_eq!(s(0, 3).exit_code(), ExitCode::from(1));
        assert_eq!(s(1, 3).exit_code(), ExitCode::from(2));
    }
}
