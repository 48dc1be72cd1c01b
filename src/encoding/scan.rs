//! Raw scanning of undecoded bytes: game-tree boundaries and the root
//! node's `CA`, read before any charset is known.

use super::*;

/// A `CA` property found in a root node.
#[derive(Debug, Clone)]
pub(super) struct CaHit {
    /// Range of the (first) value's content, inside the brackets.
    pub(super) value: Range<usize>,
}

/// Root-node facts from a raw scan.
#[derive(Debug, Clone, Default)]
pub(super) struct RootScan {
    /// Where the root's properties start (just after `;`, or after `(` when `;` is missing).
    pub(super) properties_start: Option<usize>,
    /// The `CA` properties of the root, in order.
    pub(super) cas: Vec<CaHit>,
    /// Where the scan stopped (the end of the root node, or of the input).
    pub(super) end: usize,
}

/// Scans the root node of the game tree starting at or after `start`.
/// With `escapes`, `\` protects the next byte inside values.
pub(super) fn scan_root(bytes: &[u8], start: usize, escapes: bool) -> RootScan {
    let mut scan = RootScan::default();
    // The root node starts after the first `(` (or at the first `;` when there is no `(`);
    // its `;` may be missing, as in some real files (`(TE[..]..;B[pd])`).
    let rest = &bytes[start.min(bytes.len())..];
    let mut i = match memchr::memchr(b'(', rest).or_else(|| memchr::memchr(b';', rest)) {
        Some(k) => start + k,
        None => {
            scan.end = bytes.len();
            return scan;
        }
    };
    if bytes[i] == b'(' {
        i += 1;
        while i < bytes.len() && bytes[i].is_ascii_whitespace() {
            i += 1;
        }
    }
    if i < bytes.len() && bytes[i] == b';' {
        i += 1;
    }
    scan.properties_start = Some(i);
    // The upper-case letters of the identifier being read, as far as they
    // spell `CA` (FF[1]-FF[3] identifiers may contain lower-case letters,
    // which are dropped): no letter yet, `C`, `CA`, or something else.
    #[derive(Clone, Copy, PartialEq)]
    enum Spelled {
        Nothing,
        C,
        Ca,
        Other,
    }
    let mut ident = Spelled::Nothing;
    let mut in_letters = false; // reading the letters of an identifier
    let mut has_ident = false; // the identifier applies to the values that follow
    while i < bytes.len() {
        let b = bytes[i];
        match b {
            b';' | b'(' | b')' => break,
            b'[' => {
                in_letters = false;
                let end = skip_value(bytes, i, escapes);
                if has_ident && ident == Spelled::Ca {
                    let close = if end > i + 1 && bytes[end - 1] == b']' {
                        end - 1
                    } else {
                        end
                    };
                    scan.cas.push(CaHit {
                        value: i + 1..close,
                    });
                    // Further values of the same CA are ignored.
                    has_ident = false;
                }
                i = end;
                continue;
            }
            b'A'..=b'Z' | b'a'..=b'z' => {
                if !in_letters {
                    ident = Spelled::Nothing;
                    in_letters = true;
                    has_ident = true;
                }
                if b.is_ascii_uppercase() {
                    ident = match (ident, b) {
                        (Spelled::Nothing, b'C') => Spelled::C,
                        (Spelled::C, b'A') => Spelled::Ca,
                        _ => Spelled::Other,
                    };
                }
            }
            b if b.is_ascii_whitespace() => in_letters = false,
            _ => {
                in_letters = false;
                has_ident = false;
            }
        }
        i += 1;
    }
    scan.end = i.min(bytes.len());
    scan
}

/// Given `bytes[open] == b'['`, returns the index just past the closing `]` (or the end).
/// With `escapes`, `\` protects the next byte, as in [`crate::grammar::value_end`].
#[inline]
pub(super) fn skip_value(bytes: &[u8], open: usize, escapes: bool) -> usize {
    let body = open + 1;
    let rest = bytes.get(body..).unwrap_or_default();
    let end = if escapes {
        crate::grammar::value_end(rest)
    } else {
        memchr::memchr(b']', rest)
    };
    end.map_or(bytes.len(), |e| body + e + 1)
}

/// Removes SGF escapes, trims, and makes a `String` (lossy).
pub(super) fn unescape_label(raw: &[u8]) -> String {
    let mut out = Vec::with_capacity(raw.len());
    let mut i = 0;
    while i < raw.len() {
        if raw[i] == b'\\' && i + 1 < raw.len() {
            i += 1;
        }
        out.push(raw[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).trim().to_string()
}

/// The top-level game trees of undecoded bytes, as the lenient reader will
/// find them ([`crate::scan`]; see its limits for Shift_JIS, Big5 and
/// GBK), so that each tree it reads was decoded on its
/// own. Input in which the scan finds none is taken as one tree when it
/// holds a `(` or a `;`, so that a damaged lone game (`;B[aa]`, `(B[aa])`)
/// is detected and rewritten like any other.
pub(super) fn game_trees(bytes: &[u8]) -> Vec<Range<usize>> {
    let mut trees = crate::scan::tree_ranges(bytes);
    if trees.is_empty() && memchr::memchr2(b'(', b';', bytes).is_some() {
        trees.push(0..bytes.len());
    }
    trees
}

/// Last resort for Shift_JIS/Big5/GBK input whose values confuse the node scan: the first
/// `CA[label]` (after `]` or whitespace, with a known label) before the first `;B[` or
/// `;W[`.
pub(super) fn find_ca_pattern(bytes: &[u8], start: usize) -> Option<CaHit> {
    let hay = &bytes[start.min(bytes.len())..];
    // Most trees have no `CA[` at all: say so before looking for the first move.
    memchr::memmem::find(hay, b"CA[")?;
    let limit = [&b";B["[..], b";W["]
        .iter()
        .filter_map(|p| memchr::memmem::find(hay, p))
        .min()
        .unwrap_or(hay.len());
    let hay = &hay[..limit];
    memchr::memmem::find_iter(hay, b"CA[").find_map(|k| {
        let before_ok = k > 0 && (hay[k - 1] == b']' || hay[k - 1].is_ascii_whitespace());
        let open = k + 2;
        let end = skip_value(hay, open, false);
        let close = if end > open + 1 && hay[end - 1] == b']' {
            end - 1
        } else {
            end
        };
        let label = unescape_label(&hay[open + 1..close]);
        (before_ok && encoding_for_label(&label).is_some()).then(|| CaHit {
            value: start + open + 1..start + close,
        })
    })
}

/// Whether `bytes` hold an upper-case `C` followed, after lower-case letters
/// only, by an upper-case `A`: what every `CA` identifier looks like (FF\[3\]
/// style ones included), and `CA[` too. Without one, no scan can find a `CA`;
/// most files have few `C`s, so this is a couple of `memchr` steps.
fn may_name_ca(bytes: &[u8]) -> bool {
    memchr::memchr_iter(b'C', bytes).any(|at| {
        bytes[at + 1..]
            .iter()
            .find(|b| !b.is_ascii_lowercase())
            .is_some_and(|&b| b == b'A')
    })
}

/// The first `CA` of the first game tree's root, from raw (ASCII-compatible) bytes:
/// `(value range, declared text, other differing CA offsets)`.
pub(super) fn root_ca(
    bytes: &[u8],
    start: usize,
) -> (Option<(Range<usize>, String)>, Vec<EncodingWarning>) {
    if !may_name_ca(&bytes[start.min(bytes.len())..]) {
        return (None, Vec::new());
    }
    let mut scan = scan_root(bytes, start, true);
    let scanned = scan
        .properties_start
        .map_or(0..0, |s| s.min(scan.end)..scan.end);
    if scan.cas.is_empty() && memchr::memchr(b'\\', &bytes[scanned]).is_some() {
        // In Shift_JIS/Big5/GBK a trailing 0x5C looks like an escape: retry without escapes.
        // (Without a backslash in the root the retry would read the same.)
        scan = scan_root(bytes, start, false);
    }
    if scan.cas.is_empty() {
        // A trailing 0x5D ends a value early, and what follows may look like the end of the
        // root node: look for a known `CA[...]` before the first move.
        scan.cas.extend(find_ca_pattern(bytes, start));
    }
    let mut warnings = Vec::new();
    let mut first: Option<(Range<usize>, String)> = None;
    for hit in scan.cas {
        let text = unescape_label(&bytes[hit.value.clone()]);
        match &first {
            None => first = Some((hit.value, text)),
            Some((_, t)) if !t.eq_ignore_ascii_case(&text) => warnings.push(EncodingWarning::new(
                hit.value.start,
                WarningKind::MultipleCa,
                format!("second CA value {text:?} differs from {t:?}; the first counts"),
            )),
            Some(_) => {}
        }
    }
    (first, warnings)
}
