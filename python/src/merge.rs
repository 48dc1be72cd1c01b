//! `sgfkit.merge(games)`: [`sgfkit::merge`] on the games of any
//! collections.

use crate::tree::{Collection, Node, Shared, read};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::sync::Arc;

/// A game-information value the records of a merge disagree on: `ident`
/// (`"RE"`), `kept` (the first record's value), `other` (the value set
/// aside, also written in the merged root's `GC`) and `record` (which
/// record said it, from 1 in the order given).
#[pyclass(frozen, get_all, module = "sgfkit")]
#[derive(Debug, Clone)]
pub(crate) struct MergeConflict {
    ident: String,
    kept: String,
    other: String,
    record: usize,
}

#[pymethods]
impl MergeConflict {
    fn __repr__(&self) -> String {
        format!(
            "MergeConflict(ident={:?}, kept={:?}, other={:?}, record={})",
            self.ident, self.kept, self.other, self.record
        )
    }

    fn __str__(&self) -> String {
        format!(
            "{}: kept `{}`, record {} says `{}`",
            self.ident, self.kept, self.record, self.other
        )
    }
}

/// The game trees of `games` (nodes of any collections; each one's game
/// root is taken) merged into one by FF[4]'s rule: the common moves once,
/// a variation where the records diverge, comments and markup of the same
/// node kept, game information reconciled (the first record's value kept,
/// each other value a `MergeConflict` and a line in the root's `GC`).
/// Returns `(collection, conflicts)`; the collection holds one game tree.
#[pyfunction]
pub(crate) fn merge(games: Vec<Bound<'_, Node>>) -> PyResult<(Collection, Vec<MergeConflict>)> {
    let games: Vec<&Node> = games.iter().map(Bound::get).collect();
    // One read lock per collection, however many of its games are given.
    let mut trees: Vec<Shared> = Vec::new();
    for g in games.iter() {
        if !trees.iter().any(|t| Arc::ptr_eq(t, &g.tree)) {
            trees.push(g.tree.clone());
        }
    }
    let guards: Vec<_> = trees.iter().map(read).collect();
    let roots: Vec<sgfkit::Node<'_, 'static>> = games
        .iter()
        .map(|g| {
            let k = trees
                .iter()
                .position(|t| Arc::ptr_eq(t, &g.tree))
                .unwrap_or(0);
            guards[k].node(g.id).game_root()
        })
        .collect();
    let merged = sgfkit::merge::merge(&roots).map_err(|e| PyValueError::new_err(e.to_string()))?;
    let conflicts = merged
        .conflicts
        .into_iter()
        .map(|c| MergeConflict {
            ident: c.ident,
            kept: c.kept,
            other: c.other,
            record: c.record,
        })
        .collect();
    Ok((Collection::of_tree(merged.collection), conflicts))
}
