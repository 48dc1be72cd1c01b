//! `find_duplicates`: groups of records of one Go game across files, over
//! [`sgfkit::signature::find_duplicates`].

use pyo3::exceptions::PyOSError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use sgfkit::signature::{GameSignature, Rules, find_duplicates as find};
use std::path::PathBuf;

/// The records of one game among the game trees of the files at `paths`:
/// a list of groups of two or more, each a dict with `members`, a list of
/// `(path, game_index, reason)` in input order (`game_index` from 0 in its
/// file; `reason` one of `"fullest"`, `"exact"`, `"same-moves"`,
/// `"symmetry"`, `"prefix"`, `"fuzzy"`), and `fullest`, the
/// `(path, game_index)` of the fullest record (most moves, then most
/// game information, then most comments). The rules are those of
/// `sgfkit dedupe`; `fuzzy=True` adds its `--fuzzy`. Files are read
/// leniently in any encoding, with the GIL released.
#[pyfunction]
#[pyo3(signature = (paths, *, fuzzy = false))]
pub(crate) fn find_duplicates<'py>(
    py: Python<'py>,
    paths: Vec<PathBuf>,
    fuzzy: bool,
) -> PyResult<Vec<Bound<'py, PyDict>>> {
    let found = py.detach(|| -> Result<_, String> {
        let mut places = Vec::new();
        let mut signatures = Vec::new();
        for (p, path) in paths.iter().enumerate() {
            let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
            let doc = sgfkit::read(&bytes, &sgfkit::ReadOptions::lenient())
                .map_err(|e| format!("{}: {e}", path.display()))?;
            let games: Vec<_> = doc.collection().games().collect();
            let ranges: Vec<_> = sgfkit::stream::split_games(&bytes).collect();
            let framed = ranges.len() == games.len();
            for (k, root) in games.iter().enumerate() {
                let own = framed.then(|| &bytes[ranges[k].clone()]);
                if let Some(sig) = GameSignature::of(*root, own) {
                    places.push((p, k));
                    signatures.push(sig);
                }
            }
        }
        Ok((places, find(&signatures, Rules { fuzzy })))
    });
    let (places, groups) = found.map_err(PyOSError::new_err)?;
    let name = |i: usize| {
        let (p, k) = places[i];
        (paths[p].to_string_lossy().into_owned(), k)
    };
    groups
        .iter()
        .map(|g| {
            let d = PyDict::new(py);
            let members: Vec<(String, usize, &str)> = g
                .members
                .iter()
                .map(|m| {
                    let (path, k) = name(m.index);
                    (path, k, m.reason.as_str())
                })
                .collect();
            d.set_item("members", members)?;
            d.set_item("fullest", name(g.fullest))?;
            Ok(d)
        })
        .collect()
}
