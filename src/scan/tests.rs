//! The two forms of the scan held to each other and to a plain byte loop.
#![allow(clippy::single_range_in_vec_init)] // the expected trees: lists of one tree

use super::*;
use proptest::prelude::*;

/// Whether a property starts at `k`, white space before it skipped: letters
/// with a capital among them, white space, `[`.
fn property_after(bytes: &[u8], mut k: usize) -> bool {
    let ws = |b: u8| b" \t\n\r\x0B\x0C".contains(&b);
    while k < bytes.len() && ws(bytes[k]) {
        k += 1;
    }
    let letters = bytes[k..]
        .iter()
        .take_while(|b| b.is_ascii_alphabetic())
        .count();
    let mut bracket = k + letters;
    while bracket < bytes.len() && ws(bytes[bracket]) {
        bracket += 1;
    }
    bytes[k..k + letters].iter().any(u8::is_ascii_uppercase) && bytes.get(bracket) == Some(&b'[')
}

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
            b'(' if depth > 0 && lost_game_at(bytes, i) => {
                trees.push(start..i);
                start = i;
                depth = 1;
            }
            b'(' if depth > 0 => depth += 1,
            b'(' => {
                let mut k = i + 1;
                while k < bytes.len() && b" \t\n\r\x0B\x0C".contains(&bytes[k]) {
                    k += 1;
                }
                if bytes.get(k) == Some(&b';') || property_after(bytes, k) {
                    start = i;
                    depth = 1;
                }
            }
            b';' if depth == 0 && property_after(bytes, i + 1) => {
                start = i;
                depth = 1;
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

/// The lost-game rule as a plain loop: after the `(` at `paren`, white
/// space, `;`, then a `[` whose identifier (the capitals of the letters
/// before it, white space between) is `GM` or `FF`, before the node ends
/// and within [`MAX_PROBE`] bytes.
fn lost_game_at(bytes: &[u8], paren: usize) -> bool {
    let limit = (paren + 1 + MAX_PROBE).min(bytes.len());
    let ws = |b: u8| b" \t\n\r\x0B\x0C".contains(&b);
    let mut k = paren + 1;
    while k < limit && ws(bytes[k]) {
        k += 1;
    }
    if k >= limit || bytes[k] != b';' {
        return false;
    }
    let node = k;
    k += 1;
    while k < limit {
        match bytes[k] {
            b';' | b'(' | b')' => return false,
            b'[' => {
                let mut j = k;
                while j > node && ws(bytes[j - 1]) {
                    j -= 1;
                }
                let end = j;
                while j > node && bytes[j - 1].is_ascii_alphabetic() {
                    j -= 1;
                }
                let ident: Vec<u8> = bytes[j..end]
                    .iter()
                    .copied()
                    .filter(u8::is_ascii_uppercase)
                    .collect();
                if ident == b"GM" || ident == b"FF" {
                    return true;
                }
                k += 1;
                while k < limit && bytes[k] != b']' {
                    k += if bytes[k] == b'\\' { 2 } else { 1 };
                }
            }
            _ => {}
        }
        k += 1;
    }
    false
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
                Some(Event::Lost(at)) => {
                    trees.push(start..at as usize);
                    start = at as usize;
                }
                None => {}
            }
        }
    }
    if !matches!(framer.state, State::Junk | State::Opening { .. }) {
        trees.push(start..bytes.len());
    }
    trees
}

/// Both forms and the byte loop find `expected`.
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
    agree(b"(;B[aa])", &[0..8]);
    agree(b"( \r\n\t;B[aa])", &[0..12]);
    // No `;` after the `(`: junk, up to the next `(`.
    agree(b"Subject: (not a tree) (;B[aa])", &[22..30]);
    agree(b"(b[aa]) (1) (GM 1) (G M[1]) (\x95[1])", &[]);
    // ... unless a property follows it: a tree without its `;`.
    agree(b"(B[aa])", &[0..7]);
    agree(b"x( GM [1];B[aa])(;W[bb])", &[1..16, 16..24]);
    agree(b"(AddBlack[aa](;W[bb]))", &[0..22]);
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
fn a_tree_starts_at_a_semicolon_before_a_property() {
    // Fox's files without `(`: the `)` after the variations closes the
    // tree the `;` opened.
    agree(b";B[aa]", &[0..6]);
    agree(b";GM[1];B[aa](;W[bb])(;W[cc]))", &[0..29]);
    agree(
        b";GM[1];B[aa](;W[bb])(;W[cc]))\n;GM[1];B[dd]",
        &[0..29, 30..42],
    );
    // Nodes after the last tree, and in the junk before the first.
    agree(b"(;B[aa]) ;W[bb] ;B[cc]", &[0..8, 9..22]);
    agree(b"junk; Re [1] (;B[aa])", &[4..21]);
    // No property after the `;`: junk.
    agree(b"a; b; ;; ;b[1] ;G M[1] (;B[aa])", &[23..31]);
    agree(b";\n;\tFF [4]", &[2..10]);
}

#[test]
fn a_game_inside_a_tree_ends_the_tree_that_lost_its_paren() {
    // The second game lost its `)`: the third starts at its `(`.
    agree(
        b"(;GM[1];B[aa])\n(;GM[1];W[bb]\n(;GM[1];B[cc])",
        &[0..14, 15..29, 29..43],
    );
    agree(b"(;FF[4]GM[1](;B[aa])( ;FF [4];W[bb])", &[0..20, 20..36]);
    // Nested: the tree lost several `)`; FF[3]'s long identifiers count.
    agree(b"(;GM[1](;B[aa](;W[bb](;GaMe[1])", &[0..21, 21..31]);
    agree(b"(;GM[1](;B[aa]C[x]\tFF\n[4];W[bb])", &[0..7, 7..32]);
    agree(b"(;GM[1](;FileFormat[4])", &[0..7, 7..23]);
    // No game: `GM` within a sequence, in a value, not after `(` and `;`,
    // or not an identifier of its own.
    agree(b"(;GM[1](;B[aa];GM[1]))", &[0..22]);
    agree(b"(;GM[1](;B[aa]\n;FileFormat[4]))", &[0..31]);
    agree(b"(;GM[1](;C[(;GM[1\\]\\](;FF[4\\]]))", &[0..32]);
    agree(b"(;GM[1](;C[x\\]GM[1]]))", &[0..22]);
    agree(b"(;GM[1](;XGM[1]B[aa])(;G M[1])(;G\x95M[1]))", &[0..40]);
    agree(b"(;GM[1](;gm[1]ff[4]))", &[0..21]);
    agree(b"(;GM[1](GM[1]))(;GM[1]((;B[aa]))", &[0..15, 15..32]);
    // A value left open in the look-ahead: the tree runs to the end.
    agree(b"(;GM[1](;C[x\\", &[0..13]);
}

#[test]
fn the_look_ahead_stops_after_max_probe_bytes() {
    for (len, lost) in [(MAX_PROBE - 7, true), (MAX_PROBE - 6, false)] {
        // `;C[`, the comment, `]GM[` after the `(`: the `[` is the
        // `len + 7`th byte after it.
        let mut input = b"(;GM[1];B[aa]".to_vec();
        let paren = input.len();
        input.extend_from_slice(b"(;C[");
        input.extend(std::iter::repeat_n(b'x', len));
        input.extend_from_slice(b"]GM[1];W[bb])");
        let expected = if lost {
            vec![0..paren, paren..input.len()]
        } else {
            vec![0..input.len()]
        };
        assert_eq!(reference(&input), expected, "{len}");
        assert_eq!(tree_ranges(&input), expected, "{len}");
        for piece in [1, 1000, input.len()] {
            assert_eq!(framed(&input, piece), expected, "{len}, pieces of {piece}");
        }
    }
}

#[test]
fn the_look_ahead_reads_each_byte_at_most_once() {
    // Many games that lost their `)`, each with variations whose first
    // node holds a long comment (with parentheses and escapes in it).
    let mut input = Vec::new();
    let comment = "a (;GM[1\\] b \\] ".repeat(300);
    for k in 0..200 {
        input.extend_from_slice(format!("(;GM[1]PB[p{k}];B[aa]").as_bytes());
        for _ in 0..3 {
            input.extend_from_slice(format!("(;C[{comment}];W[bb])").as_bytes());
        }
        input.extend_from_slice(b"(;C[");
        input.extend_from_slice(comment.as_bytes());
        input.extend_from_slice(b"]\n");
    }
    let probed = |scan: &dyn Fn() -> usize| {
        PROBED.with(|p| p.set(0));
        let trees = scan();
        (trees, PROBED.with(std::cell::Cell::get))
    };
    let (trees, work) = probed(&|| tree_ranges(&input).len());
    assert_eq!(trees, 200);
    assert!(
        work <= input.len(),
        "{work} bytes probed in {}",
        input.len()
    );
    for piece in [1, 7, 4096] {
        let (trees, work) = probed(&|| framed(&input, piece).len());
        assert_eq!(trees, 200);
        assert!(
            work <= input.len(),
            "pieces of {piece}: {work} bytes probed"
        );
    }
}

#[test]
fn the_lone_tree_shortcut_applies_only_when_it_cannot_matter() {
    // One `(`, a final `)`, no other `)`: the whole rest is the tree ...
    assert_eq!(lone_tree(b"junk(;B[pd];W[dd])"), Some(vec![4..18]));
    assert_eq!(lone_tree(b"(;C[x)"), Some(vec![0..6]));
    assert_eq!(lone_tree(b"junk(B[pd])"), Some(vec![4..11]));
    // ... or there is none, when nothing opens one.
    assert_eq!(lone_tree(b"junk(b[pd])"), Some(vec![]));
    assert_eq!(lone_tree(b"no tree"), Some(vec![]));
    // Each of these falls back to the scan, which finds something else.
    let cases: [(&[u8], Vec<Range<usize>>); 9] = [
        // Text after the `)`: the tree ends at the `)`.
        (b"(;B[pd])\n", vec![0..8]),
        // ... unless the `)` is in a value: then it runs to the end.
        (b"(;C[x)\n", vec![0..7]),
        // Another `)` before the last one ends the tree early (and the
        // node after it opens one of its own).
        (b"(;B[pd]);C[)]x)", vec![0..8, 8..15]),
        (b"(;B[pd])x[)]x)", vec![0..8]),
        // A second `(`: two trees.
        (b"(;B[pd])(;W[dd])", vec![0..8, 8..16]),
        // A `(` inside a value still counts as a second `(`.
        (b"(;C[(])", vec![0..7]),
        // The only `)` comes before the `(`.
        (b")(;B[pd]", vec![1..8]),
        // A tree whose `(` is missing comes first, and ends at the `)`.
        (b";B[aa](;W[bb])", vec![0..14]),
        (b";B[aa])(;W[bb])", vec![0..7, 7..15]),
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
        Just(b"(GM".to_vec()),
        Just(b"x".repeat(40)),
        Just(b"\x95".to_vec()),
        Just(b"[pd]".to_vec()),
        Just(b"[p\\]".to_vec()),
        Just(b"(;GM[1]".to_vec()),
        Just(b"( ;FF [4]".to_vec()),
        Just(b"(;B[aa]GaMe[".to_vec()),
        Just(b";GM[".to_vec()),
        Just(b"GM".to_vec()),
        Just(b"[(;GM[1]]".to_vec()),
        Just(b"[\\](;FF[4]]".to_vec()),
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

/// Games that begin with `GM`, their values holding what looks like a game
/// (`(;GM[1]` and escaped `\]`), some of which lost their last `)`; and
/// the offset of each game's `(`.
fn lost_collection() -> impl Strategy<Value = (String, Vec<usize>)> {
    let game = (game_tree(), "[ \n]{0,2}", any::<bool>(), any::<bool>()).prop_map(
        |(tree, junk, lose, ff)| {
            let root = if ff { "FF[4]" } else { "GM[1]C[(;GM[1]\\]]" };
            let mut text = format!("({junk};{root}{}", &tree[1..]);
            if lose {
                text.pop();
            }
            text
        },
    );
    prop::collection::vec((game, "[a-z \n]{0,3}"), 1..5).prop_map(|games| {
        let (mut text, mut starts) = (String::new(), Vec::new());
        for (game, junk) in games {
            starts.push(text.len());
            text.push_str(&game);
            text.push_str(&junk);
        }
        (text, starts)
    })
}

proptest! {
    #[test]
    fn each_game_that_lost_its_paren_ends_at_the_next(
        (input, starts) in lost_collection(),
        piece in 1usize..40,
    ) {
        let bytes = input.as_bytes();
        let expected = reference(bytes);
        let found: Vec<usize> = expected.iter().map(|r| r.start).collect();
        prop_assert_eq!(found, starts);
        prop_assert_eq!(tree_ranges(bytes), expected.clone());
        prop_assert_eq!(framed(bytes, piece), expected);
    }
}

/// A game tree the grammar accepts, printed: nodes whose values hold
/// parentheses, brackets and escapes, and variations.
fn game_tree() -> impl Strategy<Value = String> {
    let value = "([a-z() ;]|\\\\[\\]\\\\])*";
    // No `GM` or `FF`: in a variation they would start a game of its own.
    let ident = "[A-Z]{1,2}".prop_filter("a root property", |id| id != "GM" && id != "FF");
    let node = prop::collection::vec((ident, value), 0..3).prop_map(|props| {
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
        prop_assert_eq!(tree_ranges(bytes), grammar.ranges.clone());
        prop_assert_eq!(framed(bytes, 4), grammar.ranges);
    }
}

/// A tree is left open by more `(` than `)` outside values, or by a value
/// that never closes; parentheses inside values (escaped `]` included) do
/// not count.
#[test]
fn a_tree_left_open_is_found_outside_values() {
    for (src, open) in [
        (&b"(;B[aa](;W[bb])(;W[cc]))"[..], false),
        (b"(;GM[1];B[aa]\n(;GM[1];W[bb])", true),
        (b"(;C[(((]))", false),
        (b"(;C[a\\](]B[aa])", false),
        (b"(;C[a\\](]B[aa]", true),
        (b"(;C[never closed)", true),
        (b"))(;B[aa])", false),
        (b"(;(;GM[]))[", false),
        (b"(;B[aa])junk [( (x) (;W[bb]) [", false),
        (b"(;B[aa])junk (GM[1](;W[bb])", true),
        (b"", false),
    ] {
        assert_eq!(
            leaves_a_tree_open(src),
            open,
            "{:?}",
            String::from_utf8_lossy(src)
        );
    }
}
