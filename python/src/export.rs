//! The export tables as Arrow, built in Rust (issue 13): [`export_ipc`]
//! gives the `games`, `moves` and `diagnostics` tables of many SGF files as
//! Arrow IPC streams, which `sgfkit.arrow_tables` opens with pyarrow. This
//! is what the Spark job (`examples/spark/`) calls on its executors.
//!
//! The files are read on `threads` threads, in groups of consecutive files
//! (about [`GROUP_BYTES`] each) that idle threads take in turn, each group
//! into its own [`BatchesBuilder`]; the groups are then joined in input
//! order, so the tables are the same whatever the number of threads.

use std::ops::Range;
use std::sync::atomic::{AtomicUsize, Ordering};

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedBytes;
use pyo3::types::PyBytes;
use sgfkit::export::ExportOptions;
use sgfkit::export::arrow::{BatchesBuilder, ipc_stream};

/// The SGF bytes a thread takes at a time (fewer for one file larger than
/// this): small enough that two threads share a few megabytes evenly,
/// large enough that joining the groups costs nothing next to reading.
const GROUP_BYTES: usize = 256 * 1024;

/// The three tables of `contents` (one SGF file's bytes each, named by the
/// matching `sources`) as Arrow IPC streams: `(games, moves, diagnostics)`.
/// Schemas and rows are those of `sgfkit export` (docs/export.md).
#[pyfunction]
///
/// `threads`: how many threads read the files (`None` or 0: one per core;
/// 1: this thread only, as a Spark executor wants it).
#[pyo3(signature = (contents, sources, *, all_nodes = false, threads = None))]
pub(crate) fn export_ipc<'py>(
    py: Python<'py>,
    contents: Vec<PyBackedBytes>,
    sources: Vec<String>,
    all_nodes: bool,
    threads: Option<usize>,
) -> PyResult<(
    Bound<'py, PyBytes>,
    Bound<'py, PyBytes>,
    Bound<'py, PyBytes>,
)> {
    if contents.len() != sources.len() {
        return Err(PyValueError::new_err(format!(
            "{} contents but {} sources: give one source a file",
            contents.len(),
            sources.len()
        )));
    }
    let streams = py.detach(|| {
        let options = ExportOptions::default().all_nodes(all_nodes);
        let files: Vec<(&[u8], &str)> = contents
            .iter()
            .map(|c| &c[..])
            .zip(sources.iter().map(String::as_str))
            .collect();
        let threads = match threads {
            None | Some(0) => std::thread::available_parallelism().map_or(1, |n| n.get()),
            Some(n) => n,
        };
        // Arrow refuses only a text column past 2 GiB: reported.
        let b = read_all(&files, &options, threads)
            .finish()
            .map_err(|e| e.to_string())?;
        let stream = |batch| ipc_stream(batch).map_err(|e| e.to_string());
        Ok::<_, String>([
            stream(&b.games)?,
            stream(&b.moves)?,
            stream(&b.diagnostics)?,
        ])
    });
    let [g, m, d] = streams.map_err(PyValueError::new_err)?;
    Ok((
        PyBytes::new(py, &g),
        PyBytes::new(py, &m),
        PyBytes::new(py, &d),
    ))
}

/// The rows of `files` (bytes and source) in one builder, read on
/// `threads` threads, in input order.
fn read_all(files: &[(&[u8], &str)], options: &ExportOptions, threads: usize) -> BatchesBuilder {
    let groups = groups(files, GROUP_BYTES);
    let read = |g: &Range<usize>| {
        let mut b = BatchesBuilder::default();
        b.reserve_for_bytes(files[g.clone()].iter().map(|(c, _)| c.len()).sum());
        for &(bytes, source) in &files[g.clone()] {
            let doc = sgfkit::read_lenient(bytes, &options.decode, &options.parse);
            b.push_document(&doc, source, options);
        }
        b
    };
    let threads = threads.clamp(1, groups.len().max(1));
    if threads == 1 {
        return read(&(0..files.len()));
    }
    let next = AtomicUsize::new(0);
    let mut parts: Vec<Option<BatchesBuilder>> = groups.iter().map(|_| None).collect();
    std::thread::scope(|s| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                s.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let k = next.fetch_add(1, Ordering::Relaxed);
                        let Some(g) = groups.get(k) else {
                            return done;
                        };
                        done.push((k, read(g)));
                    }
                })
            })
            .collect();
        for w in workers {
            // A worker panics only on a bug; its panic goes on here.
            let done = w.join().unwrap_or_else(|e| std::panic::resume_unwind(e));
            for (k, b) in done {
                parts[k] = Some(b);
            }
        }
    });
    BatchesBuilder::concat(parts.into_iter().flatten().collect())
}

/// `files` cut into runs of consecutive files of about `bytes` bytes each
/// (a file larger than that alone).
fn groups(files: &[(&[u8], &str)], bytes: usize) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let (mut start, mut size) = (0, 0);
    for (k, (c, _)) in files.iter().enumerate() {
        if size > 0 && size + c.len() > bytes {
            out.push(start..k);
            (start, size) = (k, 0);
        }
        size += c.len();
    }
    if start < files.len() {
        out.push(start..files.len());
    }
    out
}
