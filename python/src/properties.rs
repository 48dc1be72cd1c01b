//! A node's properties as Python sees them: the `Properties` mapping
//! (ident → list of decoded values) and the decoding of values to `str`.

use crate::tree::Node;
use pyo3::exceptions::PyKeyError;
use pyo3::prelude::*;
use pyo3::types::PyList;
use sgfkit::property::{ValueType, lookup_any};
use sgfkit::text::{TextKind, decode_str};
use std::collections::{HashMap, HashSet};

/// How the values of `ident` are decoded: `SimpleText` for simple-text
/// properties (line breaks become spaces), `Text` for everything else
/// (escapes and soft line breaks removed, other bytes as written).
pub(crate) fn text_kind(ident: &str) -> TextKind {
    match lookup_any(ident).next().map(|p| p.value_type) {
        Some(ValueType::SimpleText) => TextKind::SimpleText,
        _ => TextKind::Text,
    }
}

/// The properties of `node` as (ident, decoded values), in file order, a
/// property written twice merged into the first.
pub(crate) fn decoded_props(node: sgfkit::Node<'_, '_>) -> Vec<(String, Vec<String>)> {
    let mut out: Vec<(String, Vec<String>)> = Vec::with_capacity(node.properties().len());
    // Where each ident's entry is: linear in the properties of a node of
    // any size.
    let mut at: HashMap<&str, usize> = HashMap::new();
    for p in node.properties() {
        let kind = text_kind(p.ident());
        let values = p.values().map(|v| decode_str(v, kind).into_owned());
        match at.get(p.ident()) {
            Some(&k) => out[k].1.extend(values),
            None => {
                at.insert(p.ident(), out.len());
                out.push((p.ident().to_string(), values.collect()));
            }
        }
    }
    out
}

/// The decoded values of `ident` at `node` (every property so named).
pub(crate) fn decoded_values(node: sgfkit::Node<'_, '_>, ident: &str) -> Option<Vec<String>> {
    let kind = text_kind(ident);
    let mut found: Option<Vec<String>> = None;
    for p in node.properties().filter(|p| p.ident() == ident) {
        found
            .get_or_insert_with(Vec::new)
            .extend(p.values().map(|v| decode_str(v, kind).into_owned()));
    }
    found
}

/// The properties of a node: a read-only mapping (registered as a
/// `collections.abc.Mapping`), ident → list of decoded values, in file
/// order. `dict(node.properties)` copies it.
#[pyclass(frozen, mapping, module = "sgfkit")]
#[derive(Debug)]
pub(crate) struct Properties {
    node: Node,
}

impl Properties {
    pub(crate) fn new(node: Node) -> Properties {
        Properties { node }
    }

    fn all(&self) -> Vec<(String, Vec<String>)> {
        self.node.with(decoded_props)
    }

    fn idents(&self) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        self.node.with(|n| {
            let mut seen: HashSet<&str> = HashSet::new();
            for p in n.properties() {
                if seen.insert(p.ident()) {
                    out.push(p.ident().to_string());
                }
            }
        });
        out
    }
}

#[pymethods]
impl Properties {
    fn __getitem__(&self, ident: &str) -> PyResult<Vec<String>> {
        self.node
            .with(|n| decoded_values(n, ident))
            .ok_or_else(|| PyKeyError::new_err(ident.to_string()))
    }

    fn __len__(&self) -> usize {
        self.idents().len()
    }

    fn __contains__(&self, ident: &str) -> bool {
        self.node
            .with(|n| n.properties().any(|p| p.ident() == ident))
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(PyList::new(py, self.idents())?
            .as_any()
            .try_iter()?
            .into_any())
    }

    /// The idents, in file order.
    fn keys(&self) -> Vec<String> {
        self.idents()
    }

    /// The value lists, in file order.
    fn values(&self) -> Vec<Vec<String>> {
        self.all().into_iter().map(|(_, v)| v).collect()
    }

    /// `(ident, values)` pairs, in file order.
    fn items(&self) -> Vec<(String, Vec<String>)> {
        self.all()
    }

    /// The values of `ident`, or `default`.
    #[pyo3(signature = (ident, default = None))]
    fn get<'py>(
        &self,
        py: Python<'py>,
        ident: &str,
        default: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        Ok(match self.node.with(|n| decoded_values(n, ident)) {
            Some(v) => Some(PyList::new(py, v)?.into_any()),
            None => default,
        })
    }

    fn __eq__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        if let Ok(o) = other.cast::<Properties>() {
            return Ok(self.all() == o.get().all());
        }
        let mine = pyo3::types::PyDict::new(py);
        for (k, v) in self.all() {
            mine.set_item(k, v)?;
        }
        mine.as_any().eq(other)
    }

    fn __repr__(&self) -> String {
        let body: Vec<String> = self
            .all()
            .iter()
            .map(|(k, v)| format!("{k:?}: {v:?}"))
            .collect();
        format!("Properties({{{}}})", body.join(", "))
    }
}
