//! Bytes to a tree: `parse`, `read_file` and `check`. The work is done in
//! plain Rust ([`read_bytes`], [`check_bytes`]) with the GIL released.

use crate::SgfError;
use crate::tree::{Collection, DiagData};
use pyo3::exceptions::{PyOSError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyMemoryView, PyString};
use sgfkit::check::{CheckOptions, Code, Severity};
use sgfkit::{Document, Position, ReadOptions};
use std::path::PathBuf;

/// A tree read from bytes, owning its text, with what reading found.
pub(crate) struct Parsed {
    pub(crate) collection: sgfkit::Collection<'static>,
    /// Decoding problems, then the parser's warnings (strict reading) or
    /// the lenient reader's repairs, positioned.
    pub(crate) diagnostics: Vec<DiagData>,
    pub(crate) charsets: Vec<&'static str>,
}

/// A strict-mode syntax error, free of Python (made while detached).
pub(crate) struct SyntaxError {
    pub(crate) position: Position,
    pub(crate) offset: usize,
    pub(crate) message: String,
}

impl SyntaxError {
    pub(crate) fn into_py(self, py: Python<'_>) -> PyErr {
        let text = format!("{}: {}", self.position, self.message);
        let err = SgfError::new_err(text);
        let value = err.value(py);
        let set = || -> PyResult<()> {
            value.setattr("line", self.position.line)?;
            value.setattr("column", self.position.column)?;
            value.setattr("offset", self.offset)?;
            value.setattr("message", &self.message)?;
            Ok(())
        };
        match set() {
            Ok(()) => err,
            Err(e) => e,
        }
    }
}

impl Parsed {
    /// The tree of `doc`, owned, with everything reading found: decoding
    /// problems, then what the reader reported (the strict reader's
    /// warnings or the lenient reader's repairs), and each tree's charset.
    fn from_document(doc: sgfkit::Document<'_>) -> Parsed {
        let mut diagnostics = encoding_found(&doc);
        diagnostics.extend(doc.diagnostics().iter().map(DiagData::from_check));
        let charsets = doc
            .trees()
            .iter()
            .map(|t| t.detection.charset.name())
            .collect();
        Parsed {
            collection: doc.into_collection().into_owned(),
            diagnostics,
            charsets,
        }
    }
}

/// Reads `bytes` (any encoding) as `sgfkit::read` does, strict or
/// lenient. No Python here: called detached.
pub(crate) fn read_bytes(bytes: &[u8], lenient: bool) -> Result<Parsed, SyntaxError> {
    let doc = if lenient {
        // One pass for most files: the lenient reader, which on a file
        // that follows the grammar (nothing repaired, nothing to report)
        // builds the tree the strict reader would (the library's corpus
        // test `lenient_reader_over_the_corpus` holds the two to that) and
        // is the faster of the two.
        let doc =
            sgfkit::read(bytes, &ReadOptions::lenient()).unwrap_or_else(|e| Document::unread(&e));
        if doc.diagnostics().is_empty() {
            doc
        } else {
            // Something was repaired: as before, the strict reader's tree
            // when it reads the file without a warning, else the lenient
            // reader's (tests/test_corpus.py checks the reports).
            match sgfkit::read(bytes, &ReadOptions::strict()) {
                Ok(strict) if strict.diagnostics().is_empty() => strict,
                _ => doc,
            }
        }
    } else {
        match sgfkit::read(bytes, &ReadOptions::strict()) {
            Ok(doc) => doc,
            Err(e) => {
                return Err(SyntaxError {
                    position: e.position(),
                    offset: e.offset(),
                    message: e.kind().to_string(),
                });
            }
        }
    };
    Ok(Parsed::from_document(doc))
}

/// Decoding problems, positioned in the input, in offset order; none when
/// nothing was read (a binary file: one line says why, as in
/// `sgfkit check`).
fn encoding_found(doc: &sgfkit::Document<'_>) -> Vec<DiagData> {
    if doc.collection().games().len() == 0 {
        return Vec::new();
    }
    let mut found: Vec<DiagData> = doc
        .encoding_warnings()
        .iter()
        .map(|w| DiagData {
            code: Some(Code::from(w.kind).as_str()),
            severity: "warning",
            line: w.position.line,
            column: w.position.column,
            offset: w.offset,
            message: w.message.clone(),
            sgfc: None,
        })
        .collect();
    found.sort_by_key(|d| d.offset);
    found
}

/// Everything `sgfkit check` reports for one file, in its order.
pub(crate) fn check_bytes(bytes: &[u8], strict: bool) -> Vec<DiagData> {
    let doc = sgfkit::read(bytes, &ReadOptions::lenient()).unwrap_or_else(|e| Document::unread(&e));
    let mut out = encoding_found(&doc);
    let found = doc.check(&CheckOptions::default().strict(strict));
    let no_error = !found.iter().any(|d| d.severity == Severity::Error);
    out.extend(found.iter().map(DiagData::from_check));
    if doc.collection().games().len() == 0 && no_error {
        out.push(DiagData {
            code: None,
            severity: "error",
            line: 1,
            column: 1,
            offset: 0,
            message: "no game tree found".to_string(),
            sgfc: None,
        });
    }
    out
}

/// The bytes of `data`: `bytes` borrowed, `str` as UTF-8, `bytearray` and
/// other buffers copied.
enum Input<'py> {
    Bytes(Bound<'py, PyBytes>),
    Str(Bound<'py, PyString>),
    Owned(Vec<u8>),
}

fn input<'py>(data: &Bound<'py, PyAny>) -> PyResult<Input<'py>> {
    if let Ok(b) = data.cast::<PyBytes>() {
        return Ok(Input::Bytes(b.clone()));
    }
    if let Ok(s) = data.cast::<PyString>() {
        return Ok(Input::Str(s.clone()));
    }
    if let Ok(b) = data.cast::<PyByteArray>() {
        return Ok(Input::Owned(b.to_vec()));
    }
    if data.is_instance_of::<PyMemoryView>() {
        let b = data.py().get_type::<PyBytes>().call1((data,))?;
        return Ok(Input::Owned(b.cast::<PyBytes>()?.as_bytes().to_vec()));
    }
    Err(PyTypeError::new_err(format!(
        "expected bytes or str, not {}",
        data.get_type().name()?
    )))
}

impl Input<'_> {
    /// Runs `f` on the bytes with the GIL released.
    fn detached<T: Send>(&self, py: Python<'_>, f: impl FnOnce(&[u8]) -> T + Send) -> PyResult<T> {
        Ok(match self {
            Input::Bytes(b) => {
                let bytes = b.as_bytes();
                py.detach(|| f(bytes))
            }
            Input::Str(s) => {
                let text = s.to_cow()?;
                let bytes = text.as_bytes();
                py.detach(|| f(bytes))
            }
            Input::Owned(v) => py.detach(|| f(v)),
        })
    }
}

/// Runs `f` on the bytes of `data` with the GIL released.
fn with_bytes<T: Send>(
    py: Python<'_>,
    data: &Bound<'_, PyAny>,
    f: impl FnOnce(&[u8]) -> T + Send,
) -> PyResult<T> {
    input(data)?.detached(py, f)
}

/// The collection of `r`, or the syntax error.
fn finish(py: Python<'_>, r: Result<Parsed, SyntaxError>) -> PyResult<Collection> {
    match r {
        Ok(parsed) => Ok(Collection::new(parsed)),
        Err(e) => Err(e.into_py(py)),
    }
}

/// Reads SGF `data` (`bytes` in any encoding, or `str`) into a `Collection`.
///
/// The character set is found per game tree (byte order mark, `CA`, valid
/// UTF-8, a statistical guess) and every text comes out as `str`. With
/// `lenient=True` (the default) damaged files are repaired, each repair
/// listed in `Collection.diagnostics`, and parsing never fails; with
/// `lenient=False` a syntax error raises `SgfError` with its line and
/// column. The GIL is released while parsing, so threads parse in parallel.
#[pyfunction]
#[pyo3(signature = (data, *, lenient = true))]
pub(crate) fn parse(
    py: Python<'_>,
    data: &Bound<'_, PyAny>,
    lenient: bool,
) -> PyResult<Collection> {
    let input = input(data)?;
    let r = input.detached(py, |b| read_bytes(b, lenient))?;
    finish(py, r)
}

/// Reads the SGF file at `path` (`str` or `os.PathLike`) as `parse` does;
/// the file is read and parsed with the GIL released. An archive
/// (`*.sgf.gz`, `*.zip`, `*.tar`, `*.tar.gz`, `*.tgz`, `*.tar.bz2`) that holds
/// one SGF file is read as that file; one that holds several raises
/// `ValueError` (`iter_games` and `read_tables` read them all).
#[pyfunction]
#[pyo3(signature = (path, *, lenient = true))]
pub(crate) fn read_file(py: Python<'_>, path: PathBuf, lenient: bool) -> PyResult<Collection> {
    let r = py.detach(|| file_bytes(&path).map(|b| read_bytes(&b, lenient)));
    match r {
        Ok(r) => finish(py, r),
        Err(e) if e.kind() == std::io::ErrorKind::InvalidInput => {
            Err(PyValueError::new_err(format!("{}: {e}", path.display())))
        }
        Err(e) => Err(PyOSError::new_err(format!("{}: {e}", path.display()))),
    }
}

/// The bytes of the SGF file at `path`: the file's, or for an archive its
/// one SGF member's (an archive with none or several is an error of kind
/// `InvalidInput` that says so).
fn file_bytes(path: &std::path::Path) -> std::io::Result<Vec<u8>> {
    use std::io::{Error, ErrorKind};
    if !path
        .file_name()
        .and_then(sgfkit::format::Archive::of_name)
        .is_some_and(sgfkit::format::Archive::readable)
    {
        return std::fs::read(path);
    }
    match sgfkit::archive::first_member(path, false)? {
        (Some(bytes), 1) => Ok(bytes),
        (_, 0) => Err(Error::new(
            ErrorKind::InvalidInput,
            "holds no game record (members named *.sgf, *.gib, *.ngf, *.ugf or *.ugi)",
        )),
        (_, n) => Err(Error::new(
            ErrorKind::InvalidInput,
            format!("holds {n} game records: read them with iter_games() or read_tables()"),
        )),
    }
}

/// Everything `sgfkit check` reports for `data` (`bytes` or `str`), as a
/// list of `Diagnostic` in file order: decoding problems, what the lenient
/// reader repaired, then what the tree gets wrong (`strict=True` adds
/// SGFC's `-r` checks, as `sgfkit check --strict`).
#[pyfunction]
#[pyo3(signature = (data, *, strict = false))]
pub(crate) fn check(
    py: Python<'_>,
    data: &Bound<'_, PyAny>,
    strict: bool,
) -> PyResult<Vec<crate::tree::Diagnostic>> {
    let found = with_bytes(py, data, |b| check_bytes(b, strict))?;
    Ok(found
        .into_iter()
        .map(crate::tree::Diagnostic::from)
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strict_errors_carry_positions() {
        let Err(e) = read_bytes(b"(;B[aa]\n;W[bb", false) else {
            panic!("a missing `]` is an error in strict mode");
        };
        assert_eq!((e.position.line, e.position.column), (2, 6));
        assert!(e.message.starts_with("expected `]`"), "{}", e.message);
    }

    #[test]
    fn lenient_reading_repairs_and_reports() {
        let Ok(p) = read_bytes(b"(;B[aa]\n;W[bb", true) else {
            panic!("the lenient reader never fails");
        };
        assert_eq!(p.collection.node_count(), 2);
        assert!(p.diagnostics.iter().any(|d| d.severity == "error"));
    }
}
