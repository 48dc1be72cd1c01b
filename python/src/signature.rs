//! `sgfkit.signature(game)`: the signatures of [`sgfkit::signature`] of a
//! Go game.

use crate::tree::Node;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// The signatures of a Go game, read from the root of its tree: `dyer`
/// (Dyer's signature as SGFC `-g` prints it: moves 20, 40, 60, 31, 51 and
/// 71 of the main line), `dyer_symmetric` (the smallest of it under the
/// board's symmetries), `line_hash` and `line_hash_symmetric` (64-bit
/// FNV-1a hashes of the board size, the setup stones and the moves of the
/// main line, as recorded and under the symmetries) and `moves` (how many
/// moves the hashes cover). Equal hashes: the same moves in the same order
/// (up to a rotation or reflection for the symmetric one). See
/// docs/signatures.md.
#[pyclass(frozen, get_all, eq, hash, module = "sgfkit")]
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct Signature {
    dyer: String,
    dyer_symmetric: String,
    line_hash: u64,
    line_hash_symmetric: u64,
    moves: usize,
}

#[pymethods]
impl Signature {
    fn __repr__(&self) -> String {
        format!(
            "Signature(dyer={:?}, line_hash=0x{:016x}, moves={})",
            self.dyer, self.line_hash, self.moves
        )
    }
}

/// The signatures of the Go game `game` is in (the root of its tree is
/// read; `moves` limits the line hashes to the first moves). ValueError
/// when the game is not Go (or its `SZ` is unusable).
#[pyfunction]
#[pyo3(signature = (game, moves = None))]
pub(crate) fn signature(game: &Node, moves: Option<usize>) -> PyResult<Signature> {
    game.with(|n| {
        let root = n.game_root();
        let not_go = || PyValueError::new_err("signature: not a Go game (or its SZ is unusable)");
        let dyer = sgfkit::signature::dyer(root).ok_or_else(not_go)?;
        let dyer_symmetric = sgfkit::signature::dyer_symmetric(root).ok_or_else(not_go)?;
        let line = sgfkit::signature::line_hash(root, moves).ok_or_else(not_go)?;
        Ok(Signature {
            dyer,
            dyer_symmetric,
            line_hash: line.hash,
            line_hash_symmetric: line.symmetric,
            moves: line.moves,
        })
    })
}
