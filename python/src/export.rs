//! The export tables as Arrow, built in Rust (issue 13): [`export_ipc`]
//! gives the `games`, `moves` and `diagnostics` tables of many SGF files as
//! Arrow IPC streams, which `sgfkit.arrow_tables` opens with pyarrow. This
//! is what the Spark job (`examples/spark/`) calls on its executors.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedBytes;
use pyo3::types::PyBytes;
use sgfkit::export::arrow::{Batches, ipc_stream};
use sgfkit::export::{ExportOptions, Tables};

/// The three tables of `contents` (one SGF file's bytes each, named by the
/// matching `sources`) as Arrow IPC streams: `(games, moves, diagnostics)`.
/// Schemas and rows are those of `sgfkit export` (docs/export.md).
#[pyfunction]
#[pyo3(signature = (contents, sources, *, all_nodes = false))]
pub(crate) fn export_ipc<'py>(
    py: Python<'py>,
    contents: Vec<PyBackedBytes>,
    sources: Vec<String>,
    all_nodes: bool,
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
        let mut all = Tables::default();
        for (bytes, source) in contents.iter().zip(&sources) {
            let mut t = sgfkit::export::tables(bytes, source, &options);
            all.append(&mut t);
        }
        // Arrow fails only if a column does not fit its schema: a bug, reported.
        let b = Batches::from_tables(&all).map_err(|e| e.to_string())?;
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
