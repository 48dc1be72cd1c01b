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
    games: Mutex<Feed>,
    lenient: bool,
}

/// Where the game trees come from: one file or stream, or the members of
/// an archive one after another.
enum Feed {
    One(Source),
    Archive {
        pieces: Pieces,
        /// The game trees of the member being read.
        member: Option<Games<MemberReader>>,
    },
}

/// What the thread reading an archive sends: a member starts, its bytes
/// in pieces, its end; or the archive failed.
enum Piece {
    Start,
    Data(Vec<u8>),
    End,
    Failed(io::Error),
}

type Pieces = std::sync::Arc<Mutex<std::sync::mpsc::Receiver<Piece>>>;

/// The bytes of one member, as the archive's thread sends them.
struct MemberReader {
    pieces: Pieces,
    data: Vec<u8>,
    at: usize,
    done: bool,
}

impl Read for MemberReader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        while self.at == self.data.len() {
            if self.done {
                return Ok(0);
            }
            let next = self
                .pieces
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .recv();
            match next {
                Ok(Piece::Data(d)) => (self.data, self.at) = (d, 0),
                Ok(Piece::Failed(e)) => {
                    self.done = true;
                    return Err(e);
                }
                Ok(Piece::Start | Piece::End) | Err(_) => self.done = true,
            }
        }
        let n = buf.len().min(self.data.len() - self.at);
        buf[..n].copy_from_slice(&self.data[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

impl Feed {
    /// The members of the archive at `path`, read on a thread of its own
    /// that stays a few pieces of 64 KiB ahead (bounded memory) and stops
    /// when the iterator is dropped.
    fn archive(path: PathBuf) -> Feed {
        let (tx, rx) = std::sync::mpsc::sync_channel::<Piece>(4);
        std::thread::spawn(move || {
            let gone = || io::Error::other("iterator dropped");
            // SGF members only: game trees are framed in their bytes.
            let read = sgfkit::archive::for_each_member(&path, true, &mut |mut member| {
                tx.send(Piece::Start).map_err(|_| gone())?;
                let mut buf = vec![0u8; 64 * 1024];
                loop {
                    let n = member.reader().read(&mut buf)?;
                    if n == 0 {
                        break;
                    }
                    tx.send(Piece::Data(buf[..n].to_vec()))
                        .map_err(|_| gone())?;
                }
                tx.send(Piece::End).map_err(|_| gone())
            });
            if let Err(e) = read {
                let e = io::Error::new(e.kind(), format!("{}: {e}", path.display()));
                let _ = tx.send(Piece::Failed(e));
            }
        });
        Feed::Archive {
            pieces: std::sync::Arc::new(Mutex::new(rx)),
            member: None,
        }
    }

    fn next(&mut self) -> Option<Result<Game, StreamError>> {
        let (pieces, member) = match self {
            Feed::One(games) => return games.next(),
            Feed::Archive { pieces, member } => (pieces, member),
        };
        loop {
            if let Some(games) = member {
                if let Some(next) = games.next() {
                    return Some(next);
                }
                *member = None;
            }
            let next = pieces.lock().unwrap_or_else(PoisonError::into_inner).recv();
            match next {
                Ok(Piece::Start) => {
                    *member = Some(Games::new(MemberReader {
                        pieces: pieces.clone(),
                        data: Vec::new(),
                        at: 0,
                        done: false,
                    }));
                }
                Ok(Piece::Failed(e)) => return Some(Err(StreamError::Io(e))),
                // The rest of a member whose reading stopped early.
                Ok(Piece::Data(_) | Piece::End) => {}
                Err(_) => return None,
            }
        }
    }
}

/// One framed game tree read, positions moved to the whole input.
fn read_game(game: &Game, lenient: bool) -> Result<Parsed, SyntaxError> {
    match read_bytes(game.bytes(), lenient) {
        Ok(mut p) => {
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
/// time, in bounded memory, however large the input (an archive named
/// `*.sgf.gz`, `*.zip`, `*.tar`, `*.tar.gz`, `*.tgz` or `*.tar.bz2`: the game
/// trees of each SGF member in turn, positions in the member): each is yielded as
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
            let archive = path
                .file_name()
                .and_then(sgfkit::format::Archive::of_name)
                .is_some_and(sgfkit::format::Archive::readable);
            if archive {
                return Ok(GameIterator {
                    games: Mutex::new(Feed::archive(path)),
                    lenient,
                });
            }
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
        games: Mutex::new(Feed::One(Games::new(reader))),
        lenient,
    })
}
