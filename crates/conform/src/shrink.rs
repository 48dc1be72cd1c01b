//! Shrinking a file on which another program disagrees: removing game
//! trees, variations, nodes, properties, values and characters while the
//! file stays valid SGF and the disagreement remains.

use std::ops::Range;

/// The pieces of an SGF text that can be removed, as byte ranges.
#[derive(Debug, Default)]
struct Pieces {
    /// `(` … `)`, game trees and variations.
    trees: Vec<Range<usize>>,
    /// `;` and its properties.
    nodes: Vec<Range<usize>>,
    /// An identifier and its values.
    props: Vec<Range<usize>>,
    /// `[` … `]`.
    values: Vec<Range<usize>>,
    /// Runs of white space between tokens.
    spaces: Vec<Range<usize>>,
}

fn scan(b: &[u8]) -> Pieces {
    let mut p = Pieces::default();
    let mut open: Vec<usize> = Vec::new();
    let mut node: Option<usize> = None;
    let mut prop: Option<(usize, usize)> = None; // start, end of its last value
    let mut i = 0;
    let end_prop = |prop: &mut Option<(usize, usize)>, p: &mut Pieces| {
        if let Some((s, e)) = prop.take()
            && e > s
        {
            p.props.push(s..e);
        }
    };
    while i < b.len() {
        match b[i] {
            b'[' => {
                let mut j = i + 1;
                while j < b.len() && b[j] != b']' {
                    j += if b[j] == b'\\' { 2 } else { 1 };
                }
                let end = (j + 1).min(b.len());
                p.values.push(i..end);
                if let Some((_, e)) = prop.as_mut() {
                    *e = end;
                }
                i = end;
                continue;
            }
            c @ (b'(' | b')' | b';') => {
                end_prop(&mut prop, &mut p);
                if let Some(s) = node.take() {
                    p.nodes.push(s..i);
                }
                match c {
                    b'(' => open.push(i),
                    b')' => {
                        if let Some(s) = open.pop() {
                            p.trees.push(s..i + 1);
                        }
                    }
                    _ => node = Some(i),
                }
            }
            c if c.is_ascii_whitespace() => {
                let mut j = i;
                while j < b.len() && b[j].is_ascii_whitespace() {
                    j += 1;
                }
                p.spaces.push(i..j);
                i = j;
                continue;
            }
            c if c.is_ascii_alphabetic() && !(i > 0 && b[i - 1].is_ascii_alphabetic()) => {
                end_prop(&mut prop, &mut p);
                prop = Some((i, i));
            }
            _ => {}
        }
        i += 1;
    }
    p
}

/// True when every property's values fit its type in its tree's game.
fn all_values_fit(tree: &sgfkit::Collection<'_>) -> bool {
    tree.games()
        .flat_map(|g| g.descendants())
        .all(|n| n.any_props().iter().all(|p| p.invalid_reason().is_none()))
}

fn without(b: &[u8], r: &Range<usize>) -> Vec<u8> {
    let mut out = Vec::with_capacity(b.len());
    out.extend_from_slice(&b[..r.start]);
    out.extend_from_slice(&b[r.end..]);
    out
}

/// A smaller file for which `still_differs` stays true, found by removing
/// pieces of `sgf` (game trees, variations, nodes, properties, values, white
/// space between tokens, then runs of characters inside values) one at a time, keeping each removal
/// after which the file still parses, starts with `(` (and is still UTF-8,
/// if it was) and
/// `still_differs` says yes. `still_differs` is called at most `budget`
/// times; the input itself is not checked.
///
/// ```
/// // Shrink to a file that still has a node with `C` containing an `x`.
/// let sgf = b"(;GM[1]SZ[9]PB[Black];B[aa]C[abxcd];W[bb](;B[cc])(;B[dd]C[y]))";
/// let small = sgfkit_conform::shrink(sgf, |f| {
///     let c = sgfkit::parse(f).unwrap();
///     c.games().flat_map(|g| g.descendants()).any(|n| n.get("C").is_some_and(|p| p.value().contains(&b'x')))
/// }, 500);
/// assert_eq!(small, b"(;C[x])");
/// ```
pub fn shrink(sgf: &[u8], mut still_differs: impl FnMut(&[u8]) -> bool, budget: usize) -> Vec<u8> {
    let utf8 = std::str::from_utf8(sgf).is_ok();
    // A file whose values all fit their types stays so: a shrunk `AB[]`
    // would show another disagreement than the one being shrunk.
    let typed = sgfkit::parse(sgf).is_ok_and(|t| all_values_fit(&t));
    let mut cur = sgf.to_vec();
    let calls = std::cell::Cell::new(0usize);
    let mut attempt = |cand: Vec<u8>, cur: &mut Vec<u8>| -> bool {
        if calls.get() >= budget
            || (utf8 && std::str::from_utf8(&cand).is_err())
            || cand.iter().find(|b| !b.is_ascii_whitespace()) != Some(&b'(')
            || sgfkit::parse(&cand).map_or(true, |t| typed && !all_values_fit(&t))
        {
            return false;
        }
        calls.set(calls.get() + 1);
        if still_differs(&cand) {
            *cur = cand;
            true
        } else {
            false
        }
    };
    loop {
        let before = cur.len();
        for kind in 0..5 {
            let mut i = 0;
            loop {
                let pieces = scan(&cur);
                let mut list = match kind {
                    0 => pieces.trees,
                    1 => pieces.nodes,
                    2 => pieces.props,
                    3 => pieces.values,
                    _ => pieces.spaces,
                };
                // The biggest pieces first: one removal may save many.
                list.sort_by_key(|r| std::cmp::Reverse(r.len()));
                let Some(r) = list.get(i) else { break };
                if attempt(without(&cur, r), &mut cur) {
                    continue;
                }
                // A variation may also lose only its parentheses.
                let unwrapped = if kind == 0 {
                    let inner = r.start + 1..r.end - 1;
                    without(&without(&cur, &(inner.end..r.end)), &(r.start..inner.start))
                } else {
                    Vec::new()
                };
                if unwrapped.is_empty() || !attempt(unwrapped, &mut cur) {
                    i += 1;
                }
            }
        }
        // Characters inside values, in halving runs.
        let mut v = 0;
        loop {
            let values = scan(&cur).values;
            let Some(r) = values.get(v) else { break };
            let (start, end) = (r.start + 1, r.end.saturating_sub(1));
            let mut run = (end.saturating_sub(start) / 2).max(1);
            let mut at = start;
            while end > start && at < cur.len() {
                let value_end = scan(&cur)
                    .values
                    .get(v)
                    .map_or(0, |r| r.end.saturating_sub(1));
                if at + run > value_end {
                    if run == 1 {
                        break;
                    }
                    run /= 2;
                    at = start;
                    continue;
                }
                // Whole characters: the run ends on a character boundary.
                let mut stop = at + run;
                while stop < value_end && (cur[stop] & 0xC0) == 0x80 {
                    stop += 1;
                }
                if !attempt(without(&cur, &(at..stop)), &mut cur) {
                    at = stop;
                }
            }
            v += 1;
        }
        if cur.len() == before || calls.get() >= budget {
            return cur;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_are_found() {
        let p = scan(b"(;FF[4]C[a\\]b](;B[aa])(;W[bb][cc]))");
        assert_eq!(p.trees.len(), 3);
        assert_eq!(p.nodes.len(), 3);
        assert_eq!(p.props.len(), 4);
        assert_eq!(p.values.len(), 5);
        assert_eq!(p.values[1], 8..14);
    }

    #[test]
    fn the_budget_is_kept() {
        let calls = std::cell::Cell::new(0usize);
        let _ = shrink(
            b"(;B[aa];W[bb];B[cc];W[dd])",
            |_| {
                calls.set(calls.get() + 1);
                false
            },
            3,
        );
        assert_eq!(calls.get(), 3);
    }
}
