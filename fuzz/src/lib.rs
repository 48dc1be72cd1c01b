//! The properties the fuzz targets check, as plain functions, so that the
//! integration test `tests/it/fuzz_replay.rs` replays `fuzz/regressions/`
//! through exactly the same code (it includes this file with `#[path]`).
//!
//! Every function panics (with a message naming the broken property) when
//! sgfkit breaks one of its promises, and returns normally otherwise.

use sgfkit::check::{Code, Severity, parse_lenient};
use sgfkit::encoding::{DecodeOptions, encoding_for_label, to_utf8, to_utf8_per_tree};
use sgfkit::game::amazons::Amazons;
use sgfkit::game::backgammon::Backgammon;
use sgfkit::game::gess::Gess;
use sgfkit::game::go::Go;
use sgfkit::game::hex::Hex;
use sgfkit::game::lines_of_action::LinesOfAction;
use sgfkit::game::octi::Octi;
use sgfkit::game::raw::Othello;
use sgfkit::game::{BoardSize, Game, GameType};
use sgfkit::print::to_bytes;
use sgfkit::property::typed::Prop;
use sgfkit::stream::{Games, split_games};
use sgfkit::{Collection, ParseOptions, Warning, WarningKind};

/// Importer of other record formats: never panics, for any bytes read as
/// any of the three formats; the SGF it writes is strict FF\[4\] that
/// parses; each warning names a line of the input (or 0, for a comment
/// without its node).
pub fn check_import(data: &[u8]) {
    use sgfkit::format::Format;
    let lines = data.iter().filter(|&&b| b == b'\n').count() + 1;
    for format in [Format::Gib, Format::Ngf, Format::Ugf] {
        let out = sgfkit::import::import(data, format, &DecodeOptions::default())
            .expect("the three record formats are imported");
        if let Err(e) = sgfkit::parse(out.sgf.as_bytes()) {
            panic!(
                "import {format:?}: the SGF written does not parse: {e}\n{}",
                out.sgf
            );
        }
        for w in &out.warnings {
            assert!(
                (w.line as usize) <= lines,
                "import {format:?}: warning past the last line: {w}"
            );
        }
    }
}

/// Strict parser: never panics; a tree it accepts prints to text that reads
/// back to an equal tree, and printing is a fixed point from then on.
pub fn check_parse(data: &[u8]) {
    let mut warnings: Vec<Warning> = Vec::new();
    let parsed = Collection::parse_with(data, &ParseOptions::default(), &mut warnings);
    if let Ok(tree) = parsed {
        assert_print_fixed_point(&tree, &ParseOptions::default(), "strict parse");
    }
}

/// Lenient reader: never panics; what it returns prints to text the strict
/// parser accepts, reading back to an equal tree, printed the same again.
/// On input the strict parser accepts, it builds the same tree and reports
/// nothing worse than a warning.
pub fn check_roundtrip(data: &[u8]) {
    check_lenient_with(data, &ParseOptions::default());
}

fn check_lenient_with(data: &[u8], opts: &ParseOptions) {
    let (tree, diags) = parse_lenient(data, opts);
    if tree.games().len() == 0 {
        assert!(
            diags
                .iter()
                .any(|d| d.code == Code::L013 || d.code == Code::L017),
            "lenient: empty collection without L013/L017: {diags:?}"
        );
        return;
    }
    assert!(
        tree.node_count() <= opts.max_nodes,
        "lenient: {} nodes, more than max_nodes {}",
        tree.node_count(),
        opts.max_nodes
    );
    assert_print_fixed_point(&tree, opts, "lenient parse");
    let mut warnings: Vec<Warning> = Vec::new();
    if let Ok(strict) = Collection::parse_with(data, opts, &mut warnings) {
        // The strict parser refuses junk that holds tree content (a Fox
        // file `;GM[1]...` with no `(`, or `(M[0`): what it skips is text.
        assert!(
            !warnings.iter().any(|w| {
                matches!(w.kind(), WarningKind::SkippedJunk { .. })
                    && has_tree_content(&data[w.span()])
            }),
            "strict parser skipped tree content as junk: {warnings:?}"
        );
        assert!(
            strict == tree,
            "lenient and strict trees differ on strictly valid input"
        );
        let worst = diags.iter().map(|d| d.severity).max();
        assert!(
            worst.is_none_or(|s| s <= Severity::Warning),
            "lenient reported errors on strictly valid input: {diags:?}"
        );
    }
}

/// True if `src` has `(` or `;` followed (after whitespace) by `;` or a
/// property (letters with a capital, whitespace, `[`): content the lenient
/// reader recovers as a game tree.
fn has_tree_content(src: &[u8]) -> bool {
    let ws = |mut k: usize| {
        while src
            .get(k)
            .is_some_and(|&b| matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0B | 0x0C))
        {
            k += 1;
        }
        k
    };
    src.iter().enumerate().any(|(at, &b)| {
        if b != b'(' && b != b';' {
            return false;
        }
        let start = ws(at + 1);
        if b == b'(' && src.get(start) == Some(&b';') {
            return true;
        }
        let mut end = start;
        while src.get(end).is_some_and(u8::is_ascii_alphabetic) {
            end += 1;
        }
        src[start..end].iter().any(u8::is_ascii_uppercase) && src.get(ws(end)) == Some(&b'[')
    })
}

/// `print(tree)` is accepted by the strict parser (with `opts` and with the
/// defaults), reads back equal to `tree`, and prints the same again; the
/// lenient reader reads it as the same tree with no diagnostics.
fn assert_print_fixed_point(tree: &Collection<'_>, opts: &ParseOptions, what: &str) {
    let printed = to_bytes(tree);
    let back = match Collection::parse_with(&printed, opts, &mut ()) {
        Ok(b) => b,
        Err(e) => panic!(
            "{what}: printed text rejected by the strict parser: {e}\n{}",
            String::from_utf8_lossy(&printed)
        ),
    };
    assert!(
        back == *tree,
        "{what}: printed text reads back to a different tree\n{}",
        String::from_utf8_lossy(&printed)
    );
    let again = to_bytes(&back);
    assert!(
        again == printed,
        "{what}: print∘parse is not a fixed point\n{}\n---\n{}",
        String::from_utf8_lossy(&printed),
        String::from_utf8_lossy(&again)
    );
    let (lenient, diags) = parse_lenient(&printed, opts);
    assert!(
        lenient == *tree && diags.is_empty(),
        "{what}: the lenient reader reads the printed text differently: {diags:?}"
    );
    if opts != &ParseOptions::default() {
        let default = Collection::parse_with(&printed, &ParseOptions::default(), &mut ());
        assert!(
            default.is_ok_and(|d| d == *tree),
            "{what}: printed text not read back equal with default options"
        );
    }
}

const LABELS: [&str; 8] = [
    "UTF-8",
    "ISO-8859-1",
    "Shift_JIS",
    "GB2312",
    "Big5",
    "EUC-KR",
    "UTF-16LE",
    "UTF-32BE",
];

const SIZES: [BoardSize; 4] = [
    BoardSize::new(0, 0),
    BoardSize::new(1, 52),
    BoardSize::new(255, 255),
    BoardSize::new(u16::MAX, u16::MAX),
];

/// Options and input fuzzed together. The bits of `opts`:
///
/// * 0–1: `max_depth` 1, 2, 8 or the default;
/// * 2–3: `max_nodes` 1, 3 (with values of at most 8 bytes, 10 points a
///   property and 20 a file), 100 or the default;
/// * 4–6: the decoding options (a forced or default charset, no guessing,
///   UTF-8 over `CA`, a region hint);
/// * 7: [`to_utf8_per_tree`] instead of [`to_utf8`].
///
/// The input is framed by [`Games`], fed 1 to 16 bytes at a time (bits
/// 0–3), which must find the trees [`split_games`] finds. It is decoded to UTF-8 (which must be valid UTF-8), read
/// leniently with the limits (checked as in [`check_roundtrip`]), and every
/// property is read as a typed [`Prop`] of the game its `GM` names, with the
/// board size from `SZ` and with a size chosen by `opts`.
pub fn check_structured(opts: u8, input: &[u8]) {
    let mut popts = ParseOptions::default();
    popts = match opts & 3 {
        0 => popts.max_depth(1),
        1 => popts.max_depth(2),
        2 => popts.max_depth(8),
        _ => popts,
    };
    popts = match (opts >> 2) & 3 {
        0 => popts.max_nodes(1),
        1 => popts
            .max_nodes(3)
            .max_value_len(8)
            .max_points(10)
            .max_file_points(20),
        2 => popts.max_nodes(100),
        _ => popts,
    };
    let label = LABELS[usize::from(opts >> 3) % LABELS.len()];
    let charset = encoding_for_label(label);
    let mut dopts = DecodeOptions::new();
    if let Some(cs) = charset {
        dopts = match (opts >> 4) & 7 {
            0 => dopts.force(cs),
            1 => dopts.default_charset(cs),
            2 => dopts.default_charset(cs).guess(false),
            3 => dopts.prefer_utf8_over_ca(true),
            4 => dopts.region_hint("jp"),
            5 => dopts.region_hint("cn").guess(false),
            _ => dopts,
        };
    }
    let streamed: Vec<_> = Games::new(input)
        .chunk_size(usize::from(opts & 15) + 1)
        .map(|g| {
            let g = g.expect("reading a slice cannot fail");
            let at = usize::try_from(g.offset()).expect("an offset in the input");
            at..at + g.bytes().len()
        })
        .collect();
    let split: Vec<_> = split_games(input).collect();
    assert_eq!(streamed, split, "Games and split_games frame differently");
    let decoded = if opts & 0x80 != 0 {
        to_utf8_per_tree(input, &dopts)
    } else {
        to_utf8(input, &dopts)
    };
    assert!(
        std::str::from_utf8(&decoded.text).is_ok(),
        "to_utf8 gave invalid UTF-8"
    );
    let text: &[u8] = &decoded.text;
    check_lenient_with(text, &popts);
    let (tree, _) = parse_lenient(text, &popts);
    let fuzzed_size = SIZES[usize::from(opts) % SIZES.len()];
    for root in tree.games() {
        let (game, _) = root.game().unwrap_or_else(|e| e.read_as_go());
        match game {
            GameType::Go => typed_props::<Go>(&tree, root, fuzzed_size),
            GameType::Hex => typed_props::<Hex>(&tree, root, fuzzed_size),
            GameType::Amazons => typed_props::<Amazons>(&tree, root, fuzzed_size),
            GameType::Backgammon => typed_props::<Backgammon>(&tree, root, fuzzed_size),
            GameType::Gess => typed_props::<Gess>(&tree, root, fuzzed_size),
            GameType::LinesOfAction => typed_props::<LinesOfAction>(&tree, root, fuzzed_size),
            GameType::Octi => typed_props::<Octi>(&tree, root, fuzzed_size),
            _ => typed_props::<Othello>(&tree, root, fuzzed_size),
        }
    }
}

/// Every property of the game under `root` read as a typed [`Prop`] (the
/// tree's board size and `size`), and written back with `to_raw`: no panic.
/// A property that reads as a valid typed value writes back to raw values
/// that read as the same value.
fn typed_props<G: Game + std::fmt::Debug>(
    tree: &Collection<'_>,
    root: sgfkit::Node<'_, '_>,
    size: BoardSize,
) {
    let _ = tree;
    let tree_size = GameType::from_gm(G::GM)
        .and_then(|game| root.board_size(game).ok())
        .map_or_else(G::default_size, |(size, _)| size);
    for node in root.descendants() {
        for p in node.properties() {
            let values: Vec<&[u8]> = p.values().collect();
            for s in [tree_size, size] {
                let prop = Prop::<G>::parse(p.ident(), &values, s);
                let (ident, raw) = prop.to_raw(s);
                if matches!(prop, Prop::Unknown { .. } | Prop::Invalid { .. }) {
                    continue;
                }
                let raw_refs: Vec<&[u8]> = raw.iter().map(Vec::as_slice).collect();
                let again = Prop::<G>::parse(&ident, &raw_refs, s);
                assert!(
                    again == prop,
                    "typed value does not survive to_raw: {prop:?} -> {raw:?} -> {again:?}"
                );
            }
        }
        let _ = node.props::<G>();
    }
}

/// Deeply nested or very long input built from a small seed: byte 0 picks
/// the shape, bytes 1–2 the repeat count
/// (times 1 to 8 from the top bits of byte 0, at most 100,000), the rest (at most 64 bytes) is
/// put inside. Parsing, lenient reading and printing must not crash or
/// overflow the stack; a strict depth limit must be enforced.
pub fn check_deep(data: &[u8]) {
    let Some((&kind, rest)) = data.split_first() else {
        return;
    };
    let (count, tail) = match rest {
        [a, b, tail @ ..] => (usize::from(u16::from_le_bytes([*a, *b])), tail),
        _ => (usize::from(rest.first().copied().unwrap_or(0)), &[][..]),
    };
    let tail = &tail[..tail.len().min(64)];
    // At most about 100,000 repetitions (a few MB): deeper is tested once
    // in tests/it/robustness.rs, and the fuzzer needs many runs a second.
    let n = (count * (usize::from(kind >> 5) + 1)).min(100_000);
    let (buf, nesting) = build_deep(kind & 7, n, tail);
    check_parse(&buf);
    check_roundtrip(&buf);
    let limit = 1 + (kind as u32 & 0x1f);
    let opts = ParseOptions::default().max_depth(limit);
    if nesting > limit as usize && !tail.contains(&b')') && !tail.contains(&b'(') {
        assert!(
            Collection::parse_with(&buf, &opts, &mut ()).is_err(),
            "nesting {nesting} accepted with max_depth {limit}"
        );
    }
    check_lenient_with(&buf, &opts);
}

/// The input of shape `kind` with `n` repetitions around `tail`, and the
/// nesting depth of game trees it has.
fn build_deep(kind: u8, n: usize, tail: &[u8]) -> (Vec<u8>, usize) {
    let mut buf = Vec::new();
    let nesting = match kind {
        // Nested variations, each of one node, closed.
        0 => {
            buf.extend(b"(;".repeat(n));
            buf.extend_from_slice(tail);
            buf.extend(b")".repeat(n));
            n
        }
        // The same, never closed.
        1 => {
            buf.extend(b"(;B[aa]".repeat(n));
            buf.extend_from_slice(tail);
            n
        }
        // One long sequence.
        2 => {
            buf.extend_from_slice(b"(;FF[4]");
            buf.extend(b";B[aa]".repeat(n));
            buf.extend_from_slice(tail);
            buf.push(b')');
            1
        }
        // Nested variations, each with a sibling after it.
        3 => {
            buf.extend(b"(;W[bb]".repeat(n));
            buf.extend_from_slice(tail);
            buf.extend(b")(;C[x])".repeat(n));
            n
        }
        // Parentheses without nodes.
        4 => {
            buf.extend(b"(".repeat(n));
            buf.extend_from_slice(tail);
            buf.extend(b")".repeat(n));
            0
        }
        // A long run of escapes in one value.
        5 => {
            buf.extend_from_slice(b"(;C[");
            buf.extend(b"\\\\".repeat(n));
            buf.extend_from_slice(tail);
            buf.extend_from_slice(b"])");
            1
        }
        // Many values and many properties in one node.
        6 => {
            buf.extend_from_slice(b"(;AB");
            buf.extend(b"[aa]".repeat(n));
            buf.extend(b"C[]".repeat(n));
            buf.extend_from_slice(tail);
            buf.push(b')');
            1
        }
        // The tail repeated.
        _ => {
            let reps = if tail.is_empty() {
                0
            } else {
                n.min((1 << 20) / tail.len())
            };
            buf.extend(tail.repeat(reps));
            0
        }
    };
    (buf, nesting)
}

/// Lenient reader, then every repair, then the printer: the printed text is
/// accepted by the strict parser, reads back equal and prints the same
/// again; repairing the repaired tree a second time changes nothing, and
/// every repair diagnostic points inside the text it was made on.
pub fn check_repair(data: &[u8]) {
    use sgfkit::check::{RepairOptions, repair};
    let (mut tree, _) = parse_lenient(data, &ParseOptions::default());
    if tree.games().len() == 0 {
        return;
    }
    let options = RepairOptions::default()
        .fox_komi(data.first().is_some_and(|b| b & 1 == 1))
        .remove_empty_nodes(data.first().is_some_and(|b| b & 2 == 2));
    let len = tree.source().len();
    for d in repair(&mut tree, &options) {
        assert!(
            d.span.start <= len && d.span.end <= len.max(d.span.start),
            "repair: {} points outside the input: {:?}",
            d.code,
            d.span
        );
    }
    assert_print_fixed_point(&tree, &ParseOptions::default(), "repaired tree");
    let printed = to_bytes(&tree);
    let mut again = Collection::parse_with(&printed, &ParseOptions::default(), &mut ())
        .expect("checked by assert_print_fixed_point");
    let second = repair(&mut again, &options);
    assert!(
        to_bytes(&again) == printed,
        "repair is not idempotent: {second:?}\n{}",
        String::from_utf8_lossy(&printed)
    );
}

/// The semantic checker on whatever the lenient reader makes of `data`
/// (plain and `--strict`): no panic, and every diagnostic points inside the
/// input, at the line and column of its span.
pub fn check_check(data: &[u8]) {
    use sgfkit::check::{CheckOptions, check};
    let (tree, _) = parse_lenient(data, &ParseOptions::default());
    let src = tree.source();
    for strict in [false, true] {
        for d in check(&tree, &CheckOptions::default().strict(strict)) {
            assert!(
                d.span.start <= d.span.end && d.span.end <= src.len(),
                "check: {} span {:?} outside the input of {} bytes",
                d.code,
                d.span,
                src.len()
            );
            assert_eq!(
                d.position,
                sgfkit::Position::of(src, d.span.start),
                "check: {} position does not match its span",
                d.code
            );
        }
    }
}
