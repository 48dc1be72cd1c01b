//! The two forms of the scan held to each other and to a plain byte loop.
#![allow(clippy::single_range_in_vec_init)] // the expected trees: lists of one tree

use super::*;
use proptest::prelude::*;

/// The rule as a byte-at-a-time loop.
fn reference(bytes: &[u8], opening: Opening) -> Vec<Range<usize>> {
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
                let letters = bytes[k..]
                    .iter()
                    .take_while(|b| b.is_ascii_alphabetic())
                    .count();
                let mut bracket = k + letters;
                while bracket < bytes.len() && b" \t\n\r\x0B\x0C".contains(&bytes[bracket]) {
                    bracket += 1;
                }
                let property = bytes[k..k + letters].iter().any(u8::is_ascii_uppercase)
                    && bytes.get(bracket) == Some(&b'[');
                if bytes.get(k) == Some(&b';') || (opening == Opening::Lenient && property) {
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

/// All forms find `expected` by the grammar's rule, and the lenient rule
/// finds the same (the input holds no `(` before a property outside the
/// trees).
#[track_caller]
fn agree(input: &[u8], expected: &[Range<usize>]) {
    let shown = input.escape_ascii().to_string();
    for opening in [Opening::Grammar, Opening::Lenient] {
        assert_eq!(tree_ranges(input, opening), expected, "{shown}");
        assert_eq!(reference(input, opening), expected, "{shown}");
    }
    for piece in [1, 2, 3, 7, input.len().max(1)] {
        assert_eq!(framed(input, piece), expected, "{shown}, pieces of {piece}");
    }
}

/// The lenient rule finds `lenient`, the grammar's `grammar`.
#[track_caller]
fn differ(input: &[u8], grammar: &[Range<usize>], lenient: &[Range<usize>]) {
    let shown = input.escape_ascii().to_string();
    assert_eq!(tree_ranges(input, Opening::Grammar), grammar, "{shown}");
    assert_eq!(reference(input, Opening::Grammar), grammar, "{shown}");
    assert_eq!(framed(input, 3), grammar, "{shown}");
    assert_eq!(tree_ranges(input, Opening::Lenient), lenient, "{shown}");
    assert_eq!(reference(input, Opening::Lenient), lenient, "{shown}");
}

#[test]
fn a_tree_starts_at_a_paren_before_a_semicolon() {
    agree(b"", &[]);
    agree(b";B[aa]", &[]);
    agree(b"(;B[aa])", &[0..8]);
    agree(b"( \r\n\t;B[aa])", &[0..12]);
    // No `;` after the `(`: junk, up to the next `(`.
    agree(b"Subject: (not a tree) (;B[aa])", &[22..30]);
    agree(b"(b[aa]) (1) (GM 1)", &[]);
    // ... unless a property follows it, for the lenient reader.
    differ(b"(B[aa])", &[], &[0..7]);
    differ(b"x( GM [1];B[aa])(;W[bb])", &[16..24], &[1..16, 16..24]);
    differ(b"(AddBlack[aa](;W[bb]))", &[13..21], &[0..22]);
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
fn the_lone_tree_shortcut_applies_only_when_it_cannot_matter() {
    // One `(`, a final `)`, no other `)`: the whole rest is the tree ...
    let grammar = Opening::Grammar;
    assert_eq!(lone_tree(b"junk(;B[pd];W[dd])", grammar), Some(vec![4..18]));
    assert_eq!(lone_tree(b"(;C[x)", grammar), Some(vec![0..6]));
    // ... or there is none, when the `(` does not open one.
    assert_eq!(lone_tree(b"junk(B[pd])", grammar), Some(vec![]));
    assert_eq!(
        lone_tree(b"junk(B[pd])", Opening::Lenient),
        Some(vec![4..11])
    );
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
        assert_eq!(lone_tree(input, grammar), None);
        agree(input, &expected);
    }
}

#[test]
fn every_position_around_the_64_byte_steps() {
    // Escapes, two-byte values, tree ends and openings placed across each
    // lane boundary.
    let pieces: [&[u8]; 9] = [
        b"[pd]",
        b"[p\\]",
        b"[\\]]",
        b"[x\\]y]",
        b"(;C[a)b]",
        b")",
        b"])junk( \n",
        b"])junk(x(",
        b"])junk(C[x]",
    ];
    for pad in 0..70 {
        for piece in pieces {
            let mut input = b"(;".to_vec();
            input.extend(std::iter::repeat_n(b'x', pad));
            input.extend_from_slice(piece);
            input.extend_from_slice(b"B[pd])(;W[dd])");
            let expected = reference(&input, Opening::Grammar);
            assert_eq!(
                tree_ranges(&input, Opening::Grammar),
                expected,
                "pad {pad}, piece {piece:?}"
            );
            assert_eq!(framed(&input, 5), expected, "pad {pad}, piece {piece:?}");
            let lenient = reference(&input, Opening::Lenient);
            assert_eq!(
                tree_ranges(&input, Opening::Lenient),
                lenient,
                "pad {pad}, piece {piece:?}"
            );
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
        Just(b"(GM".to_vec()),
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
        let expected = reference(&bytes, Opening::Grammar);
        prop_assert_eq!(tree_ranges(&bytes, Opening::Grammar), expected.clone());
        prop_assert_eq!(framed(&bytes, piece), expected);
        let lenient = reference(&bytes, Opening::Lenient);
        prop_assert_eq!(tree_ranges(&bytes, Opening::Lenient), lenient);
    }

    #[test]
    fn both_forms_agree_on_any_bytes(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        let expected = reference(&bytes, Opening::Grammar);
        prop_assert_eq!(tree_ranges(&bytes, Opening::Grammar), expected.clone());
        prop_assert_eq!(framed(&bytes, 13), expected);
        let lenient = reference(&bytes, Opening::Lenient);
        prop_assert_eq!(tree_ranges(&bytes, Opening::Lenient), lenient);
    }
}

/// A game tree the grammar accepts, printed: nodes whose values hold
/// parentheses, brackets and escapes, and variations.
fn game_tree() -> impl Strategy<Value = String> {
    let value = "([a-z() ;]|\\\\[\\]\\\\])*";
    let node = prop::collection::vec(("[A-Z]{1,2}", value), 0..3).prop_map(|props| {
        let props: String = props.iter().map(|(id, v)| format!("{id}[{v}]")).collect();
        format!(";{props}")
    });
    let sequence = prop::collection::vec(node, 1..3).prop_map(|n| n.concat());
    let leaf = sequence.clone().prop_map(|s| format!("({s})"));
    leaf.prop_recursive(3, 12, 3, move |inner| {
        (sequence.clone(), prop::collection::vec(inner, 1..3))
            .prop_map(|(s, vars)| format!("({s}\n{})", vars.concat()))
    })
}

/// The top-level trees as the grammar's events give them.
#[derive(Default)]
struct TopLevel {
    depth: usize,
    start: usize,
    ranges: Vec<Range<usize>>,
}

impl crate::events::Handler<'_> for TopLevel {
    fn start_tree(&mut self, offset: usize) {
        if self.depth == 0 {
            self.start = offset;
        }
        self.depth += 1;
    }

    fn end_tree(&mut self, offset: usize) {
        self.depth -= 1;
        if self.depth == 0 {
            self.ranges.push(self.start..offset + 1);
        }
    }
}

proptest! {
    #[test]
    fn on_valid_input_both_rules_find_the_grammars_trees(
        trees in prop::collection::vec(game_tree(), 1..4),
        junk in prop::collection::vec("[a-z \n;:\\])]{0,6}|\\([ 0-9]{0,2}\\)?", 4),
    ) {
        let mut input = String::new();
        for (k, tree) in trees.iter().enumerate() {
            input.push_str(&junk[k]);
            input.push_str(tree);
        }
        input.push_str(&junk[3]);
        let bytes = input.as_bytes();
        let mut grammar = TopLevel::default();
        crate::events::parse_events(bytes, &Default::default(), &mut grammar, &mut ())
            .map_err(|e| TestCaseError::fail(format!("{e}: {input}")))?;
        prop_assert_eq!(tree_ranges(bytes, Opening::Grammar), grammar.ranges.clone());
        prop_assert_eq!(tree_ranges(bytes, Opening::Lenient), grammar.ranges.clone());
        prop_assert_eq!(framed(bytes, 4), grammar.ranges);
    }
}
