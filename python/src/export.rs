//! The export tables as Arrow, built in Rust: the `games`,
//! `moves` and `diagnostics` tables of many SGF files, as
//! [`ArrowStream`]s that pyarrow (and any reader of the Arrow PyCapsule
//! interface) takes without a copy ([`export_arrow`], what
//! `sgfkit.arrow_tables` and so the Spark job of `examples/spark/` call), or
//! as Arrow IPC stream bytes ([`export_ipc`]).
//!
//! The files are read on `threads` threads, in groups of consecutive files
//! (about [`GROUP_BYTES`] each) that idle threads take in turn; each group
//! becomes record batches on the thread that read it, and the batches of a
//! table follow each other in input order: the tables are the same
//! whatever the number of threads (chunked a group a batch).

use std::borrow::Cow;
use std::ffi::CStr;
use std::ops::Range;
use std::path::PathBuf;

use arrow_array::ffi_stream::FFI_ArrowArrayStream;
use arrow_array::{RecordBatch, RecordBatchIterator};
use arrow_ipc::writer::StreamEncoder;
use arrow_schema::{ArrowError, SchemaRef};
use pyo3::exceptions::{
    PyFileNotFoundError, PyIsADirectoryError, PyOSError, PyPermissionError, PyValueError,
};
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedBytes;
use pyo3::types::{PyBytes, PyCapsule};
use rayon::prelude::*;
use sgfkit::check::CheckOptions;
use sgfkit::walk::{Found, Walker};
use sgfkit_export::ExportOptions;
use sgfkit_export::arrow::{
    Batches, BatchesBuilder, diagnostics_schema, games_schema, moves_dictionary_schema,
    moves_schema,
};

/// The SGF bytes a thread takes at a time (fewer for one file larger than
/// this): small enough that two threads share a few megabytes evenly,
/// large enough that a group's batches are thousands of rows.
const GROUP_BYTES: usize = 256 * 1024;

/// One table: its schema and its record batches, in order.
type Table = (SchemaRef, Vec<RecordBatch>);

/// Checks that `contents` and `sources` pair up, as inputs.
fn paired<'a>(contents: &'a [PyBackedBytes], sources: &'a [String]) -> PyResult<Vec<Input<'a>>> {
    if contents.len() != sources.len() {
        return Err(PyValueError::new_err(format!(
            "{} contents but {} sources: give one source a file",
            contents.len(),
            sources.len()
        )));
    }
    Ok(contents
        .iter()
        .zip(sources)
        .map(|(c, s)| Input::Bytes(c, s))
        .collect())
}

/// What the Python functions ask of [`tables`].
#[derive(Clone, Copy)]
struct Options {
    /// A `moves` row for every node, with its id and its parent's.
    all_nodes: bool,
    /// The threads that read (`None` or 0: one per core).
    threads: Option<usize>,
    /// `moves.source` and `moves.color` as dictionary arrays
    /// (`BatchesBuilder::finish_with_dictionaries`).
    dictionary: bool,
    /// The known mistakes of the server a record comes from mended in the
    /// tables' values (`sgfkit export` without `--no-source-fixes`).
    source_fixes: bool,
}

impl Options {
    fn new(all_nodes: bool, threads: Option<usize>, dictionary: bool, source_fixes: bool) -> Self {
        Options {
            all_nodes,
            threads,
            dictionary,
            source_fixes,
        }
    }
}

/// [`tables`] as [`ArrowStream`]s.
fn streams(
    py: Python<'_>,
    inputs: &[Input<'_>],
    options: Options,
) -> PyResult<(ArrowStream, ArrowStream, ArrowStream)> {
    let [g, m, d] = tables(py, inputs, options)?.map(ArrowStream::new);
    Ok((g, m, d))
}

/// The three tables of `inputs`: games, moves and diagnostics, with the
/// schemas and rows of `sgfkit export` (docs/export.md), read on
/// `options.threads` threads, without the GIL.
fn tables(py: Python<'_>, inputs: &[Input<'_>], options: Options) -> PyResult<[Table; 3]> {
    let parts = py.detach(|| {
        let threads = match options.threads {
            None | Some(0) => std::thread::available_parallelism().map_or(1, |n| n.get()),
            Some(n) => n,
        };
        read_all(inputs, &options, threads)
    })?;
    let moves = if options.dictionary {
        moves_dictionary_schema()
    } else {
        moves_schema()
    };
    let mut out: [Table; 3] = [games_schema(), moves, diagnostics_schema()]
        .map(|schema| (schema, Vec::with_capacity(parts.len())));
    for p in parts {
        for ((_, batches), batch) in out.iter_mut().zip([p.games, p.moves, p.diagnostics]) {
            if batch.num_rows() > 0 {
                batches.push(batch);
            }
        }
    }
    Ok(out)
}

/// The three tables of `contents` (one SGF file's bytes each, named by the
/// matching `sources`) as [`ArrowStream`]s: `(games, moves, diagnostics)`.
/// Schemas and rows are those of `sgfkit export` (docs/export.md).
///
/// `threads`: how many threads read the files (`None` or 0: one per core;
/// 1: this thread only, as a Spark executor wants it). `dictionary`: the
/// `moves` table's `source`, `color` and `vertex` as dictionary columns (a
/// value a file; `B` and `W`; the vertices met), which hold the same texts
/// in much less memory.
#[pyfunction]
#[pyo3(signature = (
    contents, sources, *, all_nodes = false, threads = None, dictionary = false, source_fixes = true
))]
pub(crate) fn export_arrow(
    py: Python<'_>,
    contents: Vec<PyBackedBytes>,
    sources: Vec<String>,
    all_nodes: bool,
    threads: Option<usize>,
    dictionary: bool,
    source_fixes: bool,
) -> PyResult<(ArrowStream, ArrowStream, ArrowStream)> {
    let inputs = paired(&contents, &sources)?;
    let options = Options::new(all_nodes, threads, dictionary, source_fixes);
    streams(py, &inputs, options)
}

/// As [`export_arrow`], of the files at `paths`: folders walked for SGF
/// files as the command line walks them (`sgfkit::walk`), files taken as
/// named, each read on the thread that parses it; archives (`*.sgf.gz`,
/// zip, tar, tar.gz, tar.bz2) read member by member (`sgfkit::archive`),
/// their SGF members held in memory until parsed. The `source` of each row
/// is the file's path, as `sgfkit export` names it (`ARCHIVE!/MEMBER` for
/// a member). A folder that cannot be walked, a file that cannot be read
/// or a damaged archive raises `OSError` (the first one). Finding no SGF
/// file at all warns (`UserWarning`), naming the patterns looked for.
#[pyfunction]
#[pyo3(signature = (
    paths, *, all_nodes = false, threads = None, follow_links = false, dictionary = false,
    source_fixes = true
))]
pub(crate) fn export_arrow_files(
    py: Python<'_>,
    paths: Vec<PathBuf>,
    all_nodes: bool,
    threads: Option<usize>,
    follow_links: bool,
    dictionary: bool,
    source_fixes: bool,
) -> PyResult<(ArrowStream, ArrowStream, ArrowStream)> {
    let inputs = py.detach(|| {
        let mut inputs = Vec::new();
        let mut walker = Walker::default().follow_links(follow_links);
        let mut failed = None;
        for p in paths {
            if !p.is_dir() {
                inputs.push(Input::File(p, None));
                continue;
            }
            for found in walker.walk(&p) {
                match found {
                    Found::File { path, len } => inputs.push(Input::File(path, len)),
                    Found::Error { path, message } => {
                        failed.get_or_insert((path, message));
                    }
                    // Files left out or reached twice are not read.
                    _ => {}
                }
            }
        }
        if let Some((path, message)) = failed {
            return Err(PyOSError::new_err(format!("{}: {message}", path.display())));
        }
        open_archives(inputs)
    })?;
    if inputs.is_empty() {
        let looked = sgfkit::format::walked_patterns(false).join(", ");
        let message = format!("read_tables: no SGF file found (looked for {looked})");
        PyErr::warn(
            py,
            &py.get_type::<pyo3::exceptions::PyUserWarning>(),
            &std::ffi::CString::new(message).unwrap_or_default(),
            2,
        )?;
    }
    let options = Options::new(all_nodes, threads, dictionary, source_fixes);
    streams(py, &inputs, options)
}

/// `inputs` with each archive among them replaced by its SGF members,
/// read (the first damaged archive raises `OSError`).
fn open_archives(inputs: Vec<Input<'_>>) -> PyResult<Vec<Input<'_>>> {
    use sgfkit::format::Archive;
    let mut out = Vec::with_capacity(inputs.len());
    for input in inputs {
        let path = match &input {
            Input::File(path, _)
                if path
                    .file_name()
                    .and_then(Archive::of_name)
                    .is_some_and(Archive::readable) =>
            {
                path.clone()
            }
            _ => {
                out.push(input);
                continue;
            }
        };
        let name = path.to_string_lossy().into_owned();
        sgfkit::archive::for_each_member(&path, false, &mut |member| {
            let source = member.source(&name);
            out.push(Input::Member(source, member.read_all()?));
            Ok(())
        })
        .map_err(|e| ReadError::Io(path.clone(), e))?;
    }
    Ok(out)
}

/// As [`export_arrow`], the tables as Arrow IPC stream bytes (to store
/// or send; each batch's buffers copied once, into the `bytes`).
#[pyfunction]
#[pyo3(signature = (
    contents, sources, *, all_nodes = false, threads = None, dictionary = false, source_fixes = true
))]
pub(crate) fn export_ipc<'py>(
    py: Python<'py>,
    contents: Vec<PyBackedBytes>,
    sources: Vec<String>,
    all_nodes: bool,
    threads: Option<usize>,
    dictionary: bool,
    source_fixes: bool,
) -> PyResult<(
    Bound<'py, PyBytes>,
    Bound<'py, PyBytes>,
    Bound<'py, PyBytes>,
)> {
    let encode = |(schema, batches): &Table| -> Result<Vec<_>, ArrowError> {
        let mut encoder = StreamEncoder::try_new(schema)?;
        let mut buffers = Vec::new();
        for b in batches {
            buffers.extend(encoder.encode(b)?);
        }
        buffers.extend(encoder.finish()?);
        Ok(buffers)
    };
    let inputs = paired(&contents, &sources)?;
    let options = Options::new(all_nodes, threads, dictionary, source_fixes);
    let [g, m, d] = tables(py, &inputs, options)?.map(|table| {
        let buffers = encode(&table).map_err(|e| PyValueError::new_err(e.to_string()))?;
        let len = buffers.iter().map(|b| b.len()).sum();
        PyBytes::new_with(py, len, |out| {
            let mut at = 0;
            for b in &buffers {
                out[at..at + b.len()].copy_from_slice(b.as_slice());
                at += b.len();
            }
            Ok(())
        })
    });
    Ok((g?, m?, d?))
}

/// The name the Arrow PyCapsule interface gives a stream's capsule.
const STREAM_CAPSULE: &CStr = c"arrow_array_stream";

/// One table of [`export_arrow`], built in Rust: an Arrow stream of record
/// batches that pyarrow (`pyarrow.table(s)`, `pyarrow.RecordBatchReader
/// .from_stream(s)`) and other readers of the Arrow PyCapsule interface
/// take without copying it. It can be read any number of times.
#[pyclass(frozen, module = "sgfkit")]
pub(crate) struct ArrowStream {
    schema: SchemaRef,
    batches: Vec<RecordBatch>,
}

impl ArrowStream {
    fn new((schema, batches): Table) -> Self {
        ArrowStream { schema, batches }
    }
}

#[pymethods]
impl ArrowStream {
    /// The rows of the table.
    #[getter]
    fn num_rows(&self) -> usize {
        self.batches.iter().map(RecordBatch::num_rows).sum()
    }

    /// The Arrow PyCapsule interface: a capsule holding an
    /// `ArrowArrayStream` of the table's batches (sharing their buffers).
    /// `requested_schema` is not followed: the table has one schema.
    #[pyo3(signature = (requested_schema = None))]
    fn __arrow_c_stream__<'py>(
        &self,
        py: Python<'py>,
        requested_schema: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyCapsule>> {
        let _ = requested_schema;
        let batches = self.batches.clone().into_iter().map(Ok);
        let reader = RecordBatchIterator::new(batches, self.schema.clone());
        let stream = FFI_ArrowArrayStream::new(Box::new(reader));
        PyCapsule::new_with_value(py, stream, STREAM_CAPSULE)
    }

    fn __repr__(&self) -> String {
        let names: Vec<&str> = self
            .schema
            .fields()
            .iter()
            .map(|f| f.name().as_str())
            .collect();
        format!(
            "<sgfkit.ArrowStream: {} rows in {} batches, columns {}>",
            self.num_rows(),
            self.batches.len(),
            names.join(", ")
        )
    }
}

/// One input of [`read_all`]: bytes in memory with their source, or a
/// file, read when its group is (its size as the walk saw it).
enum Input<'a> {
    Bytes(&'a [u8], &'a str),
    File(PathBuf, Option<u64>),
    /// A member of an archive, read, with its source (`ARCHIVE!/MEMBER`).
    Member(String, Vec<u8>),
}

impl Input<'_> {
    /// Its size in bytes, as far as known (to group the inputs).
    fn size(&self) -> usize {
        match self {
            Input::Bytes(b, _) => b.len(),
            Input::File(_, len) => len.map_or(0, |n| usize::try_from(n).unwrap_or(usize::MAX)),
            Input::Member(_, bytes) => bytes.len(),
        }
    }
}

/// Why [`read_all`] gave up.
enum ReadError {
    /// A text column past 2 GiB.
    Arrow(ArrowError),
    /// A file that could not be read.
    Io(PathBuf, std::io::Error),
}

impl From<ReadError> for PyErr {
    fn from(e: ReadError) -> PyErr {
        match e {
            ReadError::Arrow(e) => PyValueError::new_err(e.to_string()),
            ReadError::Io(path, e) => {
                let msg = format!("{}: {e}", path.display());
                match e.kind() {
                    std::io::ErrorKind::NotFound => PyFileNotFoundError::new_err(msg),
                    std::io::ErrorKind::PermissionDenied => PyPermissionError::new_err(msg),
                    std::io::ErrorKind::IsADirectory => PyIsADirectoryError::new_err(msg),
                    _ => PyOSError::new_err(msg),
                }
            }
        }
    }
}

/// The batches of `inputs`, a group of inputs a [`Batches`], read on
/// `threads` threads, in input order.
fn read_all(
    inputs: &[Input<'_>],
    options: &Options,
    threads: usize,
) -> Result<Vec<Batches>, ReadError> {
    let dictionary = options.dictionary;
    let options = ExportOptions::default()
        .all_nodes(options.all_nodes)
        .check(CheckOptions::default().source_fixes(options.source_fixes));
    let groups = groups(inputs, GROUP_BYTES);
    let read = |g: &Range<usize>| -> Result<Batches, ReadError> {
        let mut b = BatchesBuilder::default();
        b.reserve_for_bytes(inputs[g.clone()].iter().map(Input::size).sum());
        for input in &inputs[g.clone()] {
            let (bytes, source): (Cow<'_, [u8]>, Cow<'_, str>) = match input {
                Input::Bytes(bytes, source) => ((*bytes).into(), (*source).into()),
                Input::File(path, _) => {
                    let bytes = std::fs::read(path).map_err(|e| ReadError::Io(path.clone(), e))?;
                    (bytes.into(), path.to_string_lossy())
                }
                Input::Member(source, bytes) => (bytes.as_slice().into(), source.as_str().into()),
            };
            let doc = sgfkit_export::read(&bytes, &options);
            b.push_document(&doc, &source, &options);
        }
        if dictionary {
            b.finish_with_dictionaries()
        } else {
            b.finish()
        }
        .map_err(ReadError::Arrow)
    };
    let threads = threads.clamp(1, groups.len().max(1));
    if threads == 1 {
        return groups.iter().map(read).collect();
    }
    // A pool of the caller's `threads` (rayon's global one has a thread a
    // core); should the system refuse the threads, this one reads alone.
    match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool.install(|| groups.par_iter().map(read).collect()),
        Err(_) => groups.iter().map(read).collect(),
    }
}

/// `inputs` cut into runs of consecutive inputs of about `bytes` bytes
/// each (an input larger than that alone).
fn groups(inputs: &[Input<'_>], bytes: usize) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let (mut start, mut size) = (0, 0usize);
    for (k, input) in inputs.iter().enumerate() {
        let n = input.size();
        if size > 0 && size.saturating_add(n) > bytes {
            out.push(start..k);
            (start, size) = (k, 0);
        }
        size = size.saturating_add(n);
    }
    if start < inputs.len() {
        out.push(start..inputs.len());
    }
    out
}
