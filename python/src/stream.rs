//! `iter_games`: the game trees of a file of any size, one at a time
//! (`sgfkit::stream::Games`), each read and parsed with the GIL released.

use crate::read::{Parsed, SyntaxError, read_bytes};
use crate::tree::{Collection, Node};
use pyo3::exceptions::{PyOSError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};
use sgfkit::stream::{Game, Games, StreamError};
use std::io::{self, Read};
use std::path::PathBuf;
use std::sync::{Mutex, PoisonError};

/// A Python binary file object read as an [`io::Read`]: each read takes
/// the GIL for the call to its `read(n)`.
struct PyReader(Py<PyAny>);

impl Read for PyReader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        Python::attach(|py| {
            let chunk = self
                .0
                .bind(py)
                .call_method1("read", (buf.len(),))
                .map_err(io::Error::other)?;
            let bytes = chunk.cast::<PyBytes>().map_err(|_| {
                io::Error::other(
                    "the file must be opened in binary mode ('rb'): read() gave no bytes",
                )
            })?;
            let b = bytes.as_bytes();
            let n = b.len().min(buf.len());
            buf[..n].copy_from_slice(&b[..n]);
            Ok(n)
        })
    }
}

type Source = Games<Box<dyn Read + Send>>;

/// The iterator `iter_games` returns.
#[pyclass(module = "sgfkit")]
pub(crate) struct GameIterator {
    games: Mutex<Source>,
    lenient: bool,
}

/// One framed game tree read, positions moved to the whole input.
fn read_game(game: &Game, lenient: bool) -> Result<Parsed, SyntaxError> {
    match read_bytes(game.bytes(), lenient) {
        Ok(mut p) => {
            p.position_encoding(game.bytes());
            for d in &mut p.diagnostics {
                let at = game.position_in_input(d.offset);
                (d.line, d.column) = (at.line, at.column);
                d.offset = usize::try_from(game.offset_in_input(d.offset)).unwrap_or(usize::MAX);
            }
            Ok(p)
        }
        Err(mut e) => {
            e.position = game.position_in_input(e.offset);
            e.offset = usize::try_from(game.offset_in_input(e.offset)).unwrap_or(usize::MAX);
            Err(e)
        }
    }
}

enum Next {
    Done,
    // Boxed: a tree read is far larger than the other variants.
    Game(Box<Result<Parsed, SyntaxError>>),
    Failed(StreamError),
}

#[pymethods]
impl GameIterator {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<Node>> {
        let lenient = self.lenient;
        let next = py.detach(|| {
            let mut games = self.games.lock().unwrap_or_else(PoisonError::into_inner);
            match games.next() {
                None => Next::Done,
                Some(Ok(game)) => Next::Game(Box::new(read_game(&game, lenient))),
                Some(Err(e)) => Next::Failed(e),
            }
        });
        match next {
            Next::Done => Ok(None),
            Next::Game(read) => match *read {
                Ok(parsed) => {
                    let c = Collection::new(parsed);
                    Ok(c.games_vec().into_iter().next())
                }
                Err(e) => Err(e.into_py(py)),
            },
            Next::Failed(StreamError::Io(e)) => Err(PyOSError::new_err(e.to_string())),
            Next::Failed(e) => Err(PyValueError::new_err(e.to_string())),
        }
    }
}

/// The game trees of `source` (a path, or a binary file object) one at a
/// time, in bounded memory, however large the input: each is yielded as
/// its root `Node` (its `collection` holds that one tree and its
/// `diagnostics`; positions are in the whole input). Reading and parsing
/// happen with the GIL released. In strict mode (`lenient=False`) a
/// damaged game raises `SgfError`; iteration can go on after it.
#[pyfunction]
#[pyo3(signature = (source, *, lenient = true))]
pub(crate) fn iter_games(source: &Bound<'_, PyAny>, lenient: bool) -> PyResult<GameIterator> {
    let reader: Box<dyn Read + Send> =
        if source.is_instance_of::<PyString>() || source.hasattr("__fspath__")? {
            let path: PathBuf = source.extract()?;
            let file = std::fs::File::open(&path)
                .map_err(|e| PyOSError::new_err(format!("{}: {e}", path.display())))?;
            Box::new(file)
        } else if source.hasattr("read")? {
            Box::new(PyReader(source.clone().unbind()))
        } else {
            return Err(PyTypeError::new_err(
                "iter_games takes a path or a binary file object",
            ));
        };
    Ok(GameIterator {
        games: Mutex::new(Games::new(reader)),
        lenient,
    })
}
