//! `sgfkit._sgfkit`: the native half of the `sgfkit` Python package.
//!
//! The Python package (`python/sgfkit/__init__.py`) re-exports everything
//! defined here; its type stubs are `python/sgfkit/_sgfkit.pyi`.
//!
//! * [`read`]: the one place bytes become a tree (with the GIL released);
//! * [`tree`]: `Collection`, `Node` and `Diagnostic`, cheap handles onto
//!   one shared, lockable [`sgfkit::Collection`]; [`properties`]: a node's
//!   `Properties` view;
//! * [`go`]: the Go conveniences (`moves()`, `board_at(n)`, `Board`, GTP);
//! * [`stream`]: `iter_games`, one game tree at a time;
//! * [`info`]: `Node.info`, the game-information facts (`GameInfo`);
//! * [`signature`]: `signature(game)`; [`merge`]: `merge(games)`; [`duplicates`]:
//!   `find_duplicates(paths)`: for collections.
//!
//! * [`export`]: the `games`, `moves` and `diagnostics` tables of many
//!   files as Arrow IPC streams (`sgfkit.arrow_tables`, the Spark job).

mod duplicates;
mod export;
mod go;
mod info;
mod merge;
mod properties;
mod read;
mod signature;
mod stream;
mod tree;

use pyo3::prelude::*;

/// The allocator of everything Rust allocates in the extension (trees,
/// decoded text, diagnostics): mimalloc, faster than the system malloc on
/// the many small short-lived allocations of reading many small files.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

pyo3::create_exception!(
    sgfkit,
    SgfError,
    pyo3::exceptions::PyValueError,
    "A syntax error in strict mode (`parse(data, lenient=False)`), with its\n\
     position: `line` and `column` (1-based, in the UTF-8 text the input was\n\
     decoded to), `offset` (bytes) and `message` (the error without its\n\
     position). `str(err)` is `LINE:COLUMN: MESSAGE`."
);

/// The module `sgfkit._sgfkit`.
#[pymodule]
fn _sgfkit(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("SgfError", m.py().get_type::<SgfError>())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_function(wrap_pyfunction!(read::parse, m)?)?;
    m.add_function(wrap_pyfunction!(read::read_file, m)?)?;
    m.add_function(wrap_pyfunction!(read::check, m)?)?;
    m.add_function(wrap_pyfunction!(stream::iter_games, m)?)?;
    m.add_function(wrap_pyfunction!(export::export_ipc, m)?)?;
    m.add_function(wrap_pyfunction!(export::export_arrow, m)?)?;
    m.add_function(wrap_pyfunction!(export::export_arrow_files, m)?)?;
    m.add_function(wrap_pyfunction!(duplicates::find_duplicates, m)?)?;
    m.add_function(wrap_pyfunction!(go::to_gtp, m)?)?;
    m.add_function(wrap_pyfunction!(go::from_gtp, m)?)?;
    m.add_function(wrap_pyfunction!(signature::signature, m)?)?;
    m.add_function(wrap_pyfunction!(merge::merge, m)?)?;
    m.add_class::<tree::Collection>()?;
    m.add_class::<tree::Node>()?;
    m.add_class::<properties::Properties>()?;
    m.add_class::<tree::Diagnostic>()?;
    m.add_class::<go::Board>()?;
    m.add_class::<info::GameInfo>()?;
    m.add_class::<info::Player>()?;
    m.add_class::<info::Rank>()?;
    m.add_class::<info::Rules>()?;
    m.add_class::<info::TimeControl>()?;
    m.add_class::<stream::GameIterator>()?;
    m.add_class::<export::ArrowStream>()?;
    m.add_class::<signature::Signature>()?;
    m.add_class::<merge::MergeConflict>()?;
    Ok(())
}
