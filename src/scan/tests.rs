//! The two forms of the scan held to each other and to a plain byte loop.

use super::*;
use proptest::prelude::*;

/// The rule as a byte-at-a-time loop.
fn reference(bytes: &[u8]) -> Vec<Range<usize>> {
    let mut trees = Vec::new();
    let (mut depth, mut start, mut i) = (0usize, 0usize, 0usize);
    while i < bytes.len() {
        match bytes[i] {
            b'[' if depth > 0 => {
                i += 1;
                while i < bytes.len() && bytes[i] != b']' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                i = (i + 1).min(bytes.len());
                continue;
            }
            b'(' if depth > 0 => depth += 1,
            b'(' => {
                let mut k = i + 1;
                while k < bytes.len() && b" \t\n\r\x0B\x0C".contains(&bytes[k]) {
                    k += 1;
                }
                if bytes.get(k) == Some(&b';') {
                    start = i;
                    depth = 1;
                }
            }
            b')' if depth > 0 => {
                depth -= 1;
                if depth == 0 {
                    trees.push(start..i + 1);
                }
            }
            _ => {}
        }
        i += 1;
    }
    if depth > 0 {
        trees.push(start..bytes.len());
    }
    trees
}

/// The trees a [`Framer`] finds when the input comes `piece` bytes at a time.
fn framed(bytes: &[u8], piece: usize) -> Vec<Range<usize>> {
    let mut framer = Framer::default();
    let (mut trees, mut start, mut pos) = (Vec::new(), 0, 0);
    let mut end = 0;
    while end < bytes.len() {
        end = (end + piece).min(bytes.len());
        while pos < end {
            match framer.scan(&bytes[..end], 0, &mut pos) {
                Some(Event::Start(at)) => start = at as usize,
                Some(Event::End(at)) => trees.push(start..at as usize),
                None => {}
            }
        }
    }
    if !matches!(framer.state, State::Junk | State::Opening { .. }) {
        trees.push(start..bytes.len());
    }
    trees
}

#[track_caller]
fn agree(input: &[u8], expected: &[Range<usize>]) {
    let shown = input.escape_ascii().to_string();
    assert_eq!(tree_ranges(input), expected, "{shown}");
    assert_eq!(reference(input), expected, "{shown}");
    for piece in [1, 2, 3, 7, input.len().max(1)] {
        assert_eq!(framed(input, piece), expected, "{shown}, pieces of {piece}");
    }
}

#[test]
fn a_tree_starts_at_a_paren_before_a_semicolon() {
    agree(b"", &[]);
    agree(b";B[aa]", &[]);
    agree(b"(;B[aa])", &[0..8]);
    agree(b"( \r\n\t;B[aa])", &[0..12]);
    // No `;` after the `(`: junk, up to the next `(`.
    agree(b"(B[aa])", &[]);
    agree(b"Subject: (not a tree) (;B[aa])", &[22..30]);
    agree(b"((;B[aa])", &[1..9]);
    agree(b"( x (;B[aa]) ] [ (\n;W[bb]))", &[4..12, 17..26]);
    // Inside a tree every `(` counts, and values hide parentheses.
    agree(b"(;C[a)b](B[aa]))x", &[0..16]);
    agree(b"(;)x(;C[\\)])", &[0..3, 4..12]);
    // Left open: the tree runs to the end; a value left open too.
    agree(b"(;B[aa](;W[bb])", &[0..15]);
    agree(b"(;C[x)", &[0..6]);
    agree(b"(;C[x\\", &[0..6]);
    // `(` then white space to the end: no tree.
    agree(b"(;B[aa]) (  ", &[0..8]);
}

#[test]
#[allow(clippy::single_range_in_vec_init)] // the expected trees: a one-tree list
fn the_lone_tree_shortcut_applies_only_when_it_cannot_matter() {
    // One `(`, a final `)`, no other `)`: the whole rest is the tree ...
    assert_eq!(lone_tree(b"junk(;B[pd];W[dd])"), Some(vec![4..18]));
    assert_eq!(lone_tree(b"(;C[x)"), Some(vec![0..6]));
    // ... or there is none, when the `(` does not open one.
    assert_eq!(lone_tree(b"junk(B[pd])"), Some(vec![]));
    // Each of these falls back to the scan, which finds something else.
    let cases: [(&[u8], Vec<Range<usize>>); 6] = [
        // Text after the `)`: the tree ends at the `)`.
        (b"(;B[pd])\n", vec![0..8]),
        // ... unless the `)` is in a value: then it runs to the end.
        (b"(;C[x)\n", vec![0..7]),
        // Another `)` before the last one ends the tree early.
        (b"(;B[pd]);C[)]x)", vec![0..8]),
        // A second `(`: two trees.
        (b"(;B[pd])(;W[dd])", vec![0..8, 8..16]),
        // A `(` inside a value still counts as a second `(`.
        (b"(;C[(])", vec![0..7]),
        // The only `)` comes before the `(`.
        (b")(;B[pd]", vec![1..8]),
    ];
    for (input, expected) in cases {
        assert_eq!(lone_tree(input), None);
        agree(input, &expected);
    }
}

#[test]
fn every_position_around_the_64_byte_steps() {
    // Escapes, two-byte values, tree ends and openings placed across each
    // lane boundary.
    let pieces: [&[u8]; 8] = [
        b"[pd]",
        b"[p\\]",
        b"[\\]]",
        b"[x\\]y]",
        b"(;C[a)b]",
        b")",
        b"])junk( \n",
        b"])junk(x(",
    ];
    for pad in 0..70 {
        for piece in pieces {
            let mut input = b"(;".to_vec();
            input.extend(std::iter::repeat_n(b'x', pad));
            input.extend_from_slice(piece);
            input.extend_from_slice(b"B[pd])(;W[dd])");
            let expected = reference(&input);
            assert_eq!(tree_ranges(&input), expected, "pad {pad}, piece {piece:?}");
            assert_eq!(framed(&input, 5), expected, "pad {pad}, piece {piece:?}");
        }
    }
}

/// Bytes rich in what the scan looks at, with long values now and then.
fn structured_bytes() -> impl Strategy<Value = Vec<u8>> {
    let piece = prop_oneof![
        Just(b"(".to_vec()),
        Just(b"(;".to_vec()),
        Just(b")".to_vec()),
        Just(b"[".to_vec()),
        Just(b"]".to_vec()),
        Just(b"\\".to_vec()),
        Just(b";".to_vec()),
        Just(b" ".to_vec()),
        Just(b"\n".to_vec()),
        Just(b"B".to_vec()),
        Just(b"x".repeat(40)),
        Just(b"\x95".to_vec()),
        Just(b"[pd]".to_vec()),
        Just(b"[p\\]".to_vec()),
    ];
    prop::collection::vec(piece, 0..60).prop_map(|v| v.concat())
}

proptest! {
    #[test]
    fn both_forms_agree_with_a_byte_loop(bytes in structured_bytes(), piece in 1usize..80) {
        let expected = reference(&bytes);
        prop_assert_eq!(tree_ranges(&bytes), expected.clone());
        prop_assert_eq!(framed(&bytes, piece), expected);
    }

    #[test]
    fn both_forms_agree_on_any_bytes(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        let expected = reference(&bytes);
        prop_assert_eq!(tree_ranges(&bytes), expected.clone());
        prop_assert_eq!(framed(&bytes, 13), expected);
    }
}
