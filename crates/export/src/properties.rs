//! The `properties` map of a row (`games`: the root's properties without
//! a column of their own; `moves`: the node's but `B`, `W`, `C`): a key an
//! identifier, its values decoded as text. An identifier written more than
//! once in a node (about 8,600 Fox roots have `AP[GNU Go:3.8]AP[foxwq]`)
//! is one entry with all its values in file order, as sgfmill reads it:
//! Arrow maps with a key twice are refused by DuckDB, and a JSON object
//! with a key twice keeps one of them in most readers.

use super::PropertyEntry;
use sgfkit::text::{TextKind, decode_str};
use sgfkit::{Node, Property};
use std::collections::HashMap;

pub(super) fn other_properties(
    node: Node<'_, '_>,
    skip: impl Fn(&str) -> bool,
) -> Vec<PropertyEntry> {
    property_entries(|| node.properties().filter(|p| !skip(p.ident())))
}

/// The entries of `props`: a key once, an identifier written more than
/// once in the node one entry with all its values in file order (as
/// sgfmill reads it; a table's map cannot hold a key twice). `props` is
/// called twice when identifiers repeat (rare).
pub(super) fn property_entries<'c, I>(props: impl Fn() -> I) -> Vec<PropertyEntry>
where
    I: Iterator<Item = Property<'c>>,
{
    if !idents_repeat(props().map(|p| p.ident().as_bytes())) {
        return props().map(property_entry).collect();
    }
    let mut out: Vec<PropertyEntry> = Vec::new();
    let mut at: HashMap<&str, usize> = HashMap::new();
    for p in props() {
        match at.get(p.ident()) {
            Some(&k) => out[k].1.extend(
                p.values()
                    .map(|v| decode_str(v, TextKind::Text).into_owned()),
            ),
            None => {
                at.insert(p.ident(), out.len());
                out.push(property_entry(p));
            }
        }
    }
    out
}

/// The key of an identifier in a `properties` map: the identifier, `""`
/// if it is not UTF-8 (what [`Property::ident`] gives).
#[cfg_attr(not(feature = "arrow"), allow(dead_code))]
pub(crate) fn ident_key(ident: &[u8]) -> &str {
    std::str::from_utf8(ident).unwrap_or_default()
}

/// Whether an identifier comes twice among `idents` (as map keys: any
/// identifier that is not one or two capital letters counts as a repeat,
/// for the caller's general path). Linear, with no allocation: a bit a
/// one- or two-letter identifier.
pub(crate) fn idents_repeat<'i>(idents: impl Iterator<Item = &'i [u8]>) -> bool {
    let mut seen = [0u64; 11];
    for ident in idents {
        let k = match *ident {
            [a] if a.is_ascii_uppercase() => usize::from(a - b'A'),
            [a, b] if a.is_ascii_uppercase() && b.is_ascii_uppercase() => {
                26 + 26 * usize::from(a - b'A') + usize::from(b - b'A')
            }
            _ => return true,
        };
        let (word, bit) = (k / 64, 1u64 << (k % 64));
        if seen[word] & bit != 0 {
            return true;
        }
        seen[word] |= bit;
    }
    false
}

pub(super) fn property_entry(p: Property<'_>) -> PropertyEntry {
    let values = p
        .values()
        .map(|v| decode_str(v, TextKind::Text).into_owned())
        .collect();
    (p.ident().to_string(), values)
}
