//! Framing, positions, limits and read errors.

use super::*;

/// What `Games` yields with chunks of `chunk` bytes: each game's bytes,
/// offset, line, column and completeness. Checks it against
/// `split_games` and `Position::of` on the way.
fn games(input: &[u8], chunk: usize) -> Vec<(String, u64, u32, u32, bool)> {
    let out: Vec<_> = Games::new(input)
        .chunk_size(chunk)
        .map(|g| {
            let g = g.unwrap();
            let p = g.position();
            assert_eq!(p, Position::of(input, g.offset() as usize));
            let text = String::from_utf8_lossy(g.bytes()).into_owned();
            (text, g.offset(), p.line, p.column, g.is_complete())
        })
        .collect();
    let split: Vec<_> = split_games(input).collect();
    let streamed: Vec<_> = out
        .iter()
        .map(|g| g.1 as usize..g.1 as usize + g.0.len())
        .collect();
    assert_eq!(split, streamed, "chunk {chunk}");
    out
}

/// The same games whatever the chunk size.
fn all_chunks(input: &[u8]) -> Vec<(String, u64, u32, u32, bool)> {
    let whole = games(input, DEFAULT_CHUNK_SIZE);
    for chunk in 1..=9 {
        assert_eq!(games(input, chunk), whole, "chunk {chunk}");
    }
    whole
}

fn game(text: &str, offset: u64, line: u32, column: u32) -> (String, u64, u32, u32, bool) {
    (text.to_string(), offset, line, column, true)
}

#[test]
fn parentheses_and_escapes_in_values_do_not_split() {
    let src = br"(;C[(]C[\](]C[\\](;B[aa])(;C[)\\\]]))(;W[bb])";
    assert_eq!(
        all_chunks(src),
        [
            game(r"(;C[(]C[\](]C[\\](;B[aa])(;C[)\\\]]))", 0, 1, 1),
            game("(;W[bb])", 37, 1, 38),
        ]
    );
    // The games are the ones parse reads from the whole input.
    let whole = crate::parse(src).unwrap();
    assert_eq!(whole.games().len(), 2);
}

#[test]
fn junk_is_skipped_as_parse_skips_it() {
    let src = b"Subject: (not a tree)\n( x (;B[aa]) junk ] [ ( \n ;W[bb]) )) ((;C[x])(";
    assert_eq!(
        all_chunks(src),
        [
            game("(;B[aa])", 26, 2, 5),
            game("( \n ;W[bb])", 44, 2, 23),
            game("(;C[x])", 60, 3, 14),
        ]
    );
    let mut warnings = Vec::new();
    let t = Collection::parse_with(src, &ParseOptions::default(), &mut warnings).unwrap();
    let offsets: Vec<_> = t.games().map(|g| g.offset().unwrap()).collect();
    assert_eq!(offsets, [27, 48, 61]);
}

#[test]
fn byte_order_mark_and_crlf_positions() {
    let src = "\u{feff}(;C[é]\r\n)\r\n\r(;B[aa])\n\r\n  é (;W[bb])".as_bytes();
    let got = all_chunks(src);
    assert_eq!(
        got.iter().map(|g| (g.2, g.3)).collect::<Vec<_>>(),
        [(1, 1), (4, 1), (6, 5)]
    );
    assert_eq!(got[0].0, "(;C[é]\r\n)");
}

#[test]
fn a_truncated_last_tree_comes_with_its_bytes() {
    for src in [
        &b"(;B[aa])\n(;W[bb](;B[cc"[..],
        b"(;B[aa])\n(;W[bb]C[\\",
        b"(;B[aa])\n(;",
    ] {
        let got = all_chunks(src);
        assert_eq!(got.len(), 2);
        assert!(got[0].4);
        assert!(!got[1].4);
        assert_eq!(got[1].1, 9);
        assert_eq!(got[1].0.len(), src.len() - 9);
        let g = Games::new(src).nth(1).unwrap().unwrap();
        let err = g.parse().unwrap_err();
        assert_eq!(g.position_in_input(err.offset()).line, 2);
    }
    // A `(` at the very end starts nothing.
    assert_eq!(all_chunks(b"(;B[aa]) ( \n").len(), 1);
    assert!(all_chunks(b"").is_empty());
    assert!(all_chunks(b"no games here (").is_empty());
}

#[test]
fn a_tree_larger_than_the_limit_is_skipped_and_reading_goes_on() {
    let big = format!("(;C[{}](;B[aa]))", "x".repeat(1000));
    let src = format!("(;B[aa])\n{big}\n(;W[bb])");
    for chunk in [1, 7, 64, 4096] {
        let got: Vec<_> = Games::new(src.as_bytes())
            .chunk_size(chunk)
            .max_game_size(100)
            .collect();
        assert_eq!(got.len(), 3, "chunk {chunk}");
        assert_eq!(got[0].as_ref().unwrap().bytes(), b"(;B[aa])");
        match &got[1] {
            Err(StreamError::TooLarge {
                offset,
                position,
                limit,
            }) => {
                assert_eq!((*offset, position.line, *limit), (9, 2, 100));
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(got[2].as_ref().unwrap().bytes(), b"(;W[bb])");
    }
    // A `(` and a run of white space as long as the limit.
    let src = format!("(;B[aa])\n({};B[aa](;W[bb]))(;W[cc])", " ".repeat(300));
    for chunk in [1, 7, 64, 4096] {
        let got: Vec<_> = Games::new(src.as_bytes())
            .chunk_size(chunk)
            .max_game_size(100)
            .collect();
        assert_eq!(got.len(), 3, "chunk {chunk}");
        match &got[1] {
            Err(StreamError::TooLarge {
                offset, position, ..
            }) => {
                assert_eq!((*offset, position.line, position.column), (9, 2, 1));
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(got[2].as_ref().unwrap().bytes(), b"(;W[cc])");
    }
    let src = format!("({}x(;W[cc])", " ".repeat(300));
    let got: Vec<_> = Games::new(src.as_bytes())
        .chunk_size(16)
        .max_game_size(100)
        .collect();
    assert_eq!(got.len(), 1);
    assert_eq!(got[0].as_ref().unwrap().offset(), 302);
    // A run-away tree (its `)` missing) ends the input after the error.
    let src = format!("(;B[aa](;W[bb]){}", "(;B[cc])".repeat(100));
    let got: Vec<_> = Games::new(src.as_bytes())
        .chunk_size(16)
        .max_game_size(200)
        .collect();
    assert_eq!(got.len(), 1);
    assert!(matches!(
        got[0],
        Err(StreamError::TooLarge { offset: 0, .. })
    ));
}

#[test]
fn memory_is_bounded_by_the_largest_tree_and_a_chunk() {
    let game = b"(;GM[1];B[aa];W[bb];B[cc];W[dd])\n";
    let mut src = game.repeat(1000);
    src.extend(format!("(;C[{}])\n", "y".repeat(10_000)).as_bytes());
    src.extend(game.repeat(1000));
    let mut g = Games::new(&src[..]).chunk_size(256);
    let mut most = 0;
    let mut n = 0;
    while let Some(game) = g.next() {
        game.unwrap();
        n += 1;
        most = most.max(g.buf.capacity());
    }
    assert_eq!(n, 2001);
    assert!(most <= 10_100 * 3 / 2 + 3 * 256, "{most}");
    // And shrinks back after the large tree.
    assert!(g.buf.capacity() <= 4 * 256, "{}", g.buf.capacity());
}

/// A reader that is interrupted before every read and then fails.
struct Flaky<'a> {
    data: &'a [u8],
    interrupted: bool,
}

impl io::Read for Flaky<'_> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        self.interrupted = !self.interrupted;
        if self.interrupted {
            return Err(io::ErrorKind::Interrupted.into());
        }
        if self.data.is_empty() {
            return Err(io::Error::other("disk on fire"));
        }
        let n = out.len().min(self.data.len()).min(5);
        out[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

#[test]
fn read_errors_end_the_stream_and_interruptions_are_retried() {
    let r = Flaky {
        data: b"(;B[aa])(;W[bb])(;B[c",
        interrupted: false,
    };
    let got: Vec<_> = Games::new(r).collect();
    assert_eq!(got.len(), 3);
    assert_eq!(got[1].as_ref().unwrap().bytes(), b"(;W[bb])");
    let err = got[2].as_ref().unwrap_err();
    assert_eq!(err.to_string(), "reading the input: disk on fire");
}

#[test]
fn deep_nesting_is_just_a_counter() {
    let depth = 100_000;
    let mut src = b"(;B[aa]".repeat(depth);
    src.extend(std::iter::repeat_n(b')', depth));
    src.extend(b"(;W[bb])");
    let got = games(&src, 4096);
    assert_eq!(got.len(), 2);
    assert_eq!(got[1].1 as usize, depth * 8);
}

#[test]
fn an_unclosed_tree_past_the_limit_is_refused_at_the_end() {
    // Found by the proptest: `(;` with a limit of one byte was yielded whole.
    let got: Vec<_> = Games::new(&b"(;"[..]).max_game_size(1).collect();
    assert_eq!(got.len(), 1);
    assert!(matches!(
        got[0],
        Err(StreamError::TooLarge { offset: 0, .. })
    ));
    let ok: Vec<_> = Games::new(&b"(;"[..]).max_game_size(2).collect();
    assert!(!ok[0].as_ref().unwrap().is_complete());
}

#[test]
fn a_game_that_lost_its_paren_ends_where_the_next_starts() {
    let src =
        b"(;GM[1]PB[a];B[aa])\n(;GM[1]PB[b];W[bb]\n;B[cc]\n(;GM[1]PB[c];B[dd])\n(;FF[4]PB[d])";
    let whole = all_chunks(src);
    for chunk in 10..=src.len() {
        assert_eq!(games(src, chunk), whole, "chunk {chunk}");
    }
    let starts: Vec<_> = whole.iter().map(|g| (g.1, g.2, g.3, g.4)).collect();
    assert_eq!(
        starts,
        [
            (0, 1, 1, true),
            (20, 2, 1, false),
            (46, 4, 1, true),
            (66, 5, 1, true)
        ]
    );
    assert_eq!(whole[1].0, "(;GM[1]PB[b];W[bb]\n;B[cc]\n");
    // Strictly, the broken game fails where its `)` is missing.
    let broken = Games::new(&src[..]).nth(1).unwrap().unwrap();
    let err = broken.parse().unwrap_err();
    let at = broken.position_in_input(err.offset());
    assert_eq!((at.line, at.column), (4, 1));
}

#[cfg(feature = "encoding")]
#[test]
fn the_lenient_reader_reports_the_lost_paren_at_its_place() {
    let src =
        b"(;GM[1]PB[a];B[aa])\n(;GM[1]PB[b];W[bb]\n;B[cc]\n(;GM[1]PB[c];B[dd])\n(;FF[4]PB[d])";
    for chunk in 1..=src.len() {
        let mut found = Vec::new();
        let mut players = Vec::new();
        for game in Games::new(&src[..]).chunk_size(chunk) {
            let game = game.unwrap();
            let doc = game.read(&crate::ReadOptions::lenient()).unwrap();
            let trees = doc.collection().games().collect::<Vec<_>>();
            assert_eq!(trees.len(), 1);
            players.push(trees[0].get("PB").unwrap().value().to_vec());
            for d in doc.diagnostics() {
                let at = game.place(d.position);
                found.push((d.code.as_str(), at.line, at.column));
            }
        }
        assert_eq!(players, [b"a", b"b", b"c", b"d"], "chunk {chunk}");
        assert_eq!(found, [("L005", 4, 1)], "chunk {chunk}");
    }
}

#[test]
fn tree_content_without_its_paren_or_semicolon_is_a_game() {
    // A Fox file without `(` between two games, then a tree without `;`.
    let src = b"(;GM[1];B[aa])\n;GM[1]PB[x];B[pd](;W[dd])(;W[dp]))\n(PB[y];B[cc])x";
    assert_eq!(
        all_chunks(src),
        [
            game("(;GM[1];B[aa])", 0, 1, 1),
            game(";GM[1]PB[x];B[pd](;W[dd])(;W[dp]))", 15, 2, 1),
            game("(PB[y];B[cc])", 50, 3, 1),
        ]
    );
}

#[cfg(feature = "encoding")]
#[test]
fn streamed_games_read_as_the_whole_input_reads() {
    let src = b"(;GM[1];B[aa])\n;GM[1]PB[x];B[pd](;W[dd])(;W[dp]))\n(PB[y];B[cc])x";
    let lenient = crate::ReadOptions::lenient();
    let whole = crate::read(src, &lenient).unwrap();
    // Each game as its nodes' properties, in file order.
    let text = |root: crate::Node<'_, '_>| -> Vec<String> {
        root.descendants()
            .flat_map(|n| {
                n.properties()
                    .map(|p| format!("{}{}", p.ident(), String::from_utf8_lossy(p.values_raw())))
                    .collect::<Vec<_>>()
            })
            .collect()
    };
    let mut printed = Vec::new();
    let mut codes = Vec::new();
    for game in Games::new(&src[..]).chunk_size(7) {
        let game = game.unwrap();
        let doc = game.read(&lenient).unwrap();
        printed.extend(doc.collection().games().map(text));
        codes.extend(doc.diagnostics().iter().map(|d| {
            let at = game.place(d.position);
            (d.code.as_str(), at.line, at.column)
        }));
    }
    let expected: Vec<_> = whole.collection().games().map(text).collect();
    assert_eq!(printed, expected);
    assert_eq!(expected.len(), 3);
    let whole_codes: Vec<_> = whole
        .diagnostics()
        .iter()
        .filter(|d| d.code.as_str() != "L001")
        .map(|d| (d.code.as_str(), d.position.line, d.position.column))
        .collect();
    assert_eq!(codes, whole_codes);
    assert_eq!(codes, [("L003", 2, 1), ("L019", 3, 2)]);
}

#[test]
fn games_that_lost_their_paren_are_held_one_at_a_time() {
    let game = b"(;GM[1];B[aa];W[bb](;B[cc];W[dd])(;B[ee]\n";
    let src = game.repeat(2000);
    let mut g = Games::new(&src[..]).chunk_size(256);
    let (mut most, mut n) = (0, 0);
    while let Some(game) = g.next() {
        let game = game.unwrap();
        assert_eq!(game.bytes(), b"(;GM[1];B[aa];W[bb](;B[cc];W[dd])(;B[ee]\n");
        assert!(!game.is_complete());
        n += 1;
        most = most.max(g.buf.capacity());
    }
    assert_eq!(n, 2000);
    // The largest tree and a chunk, not the run of trees (82 KB).
    assert!(most <= 3 * 256, "{most}");
}

#[test]
fn after_a_tree_too_large_that_lost_its_paren_the_next_game_is_found() {
    let src = format!(
        "(;GM[1]C[{}];B[aa]\n{}",
        "x".repeat(1000),
        "(;GM[1];W[bb])".repeat(3)
    );
    for chunk in [1, 7, 64, 4096] {
        let got: Vec<_> = Games::new(src.as_bytes())
            .chunk_size(chunk)
            .max_game_size(100)
            .collect();
        assert_eq!(got.len(), 4, "chunk {chunk}");
        assert!(matches!(
            got[0],
            Err(StreamError::TooLarge { offset: 0, .. })
        ));
        for g in &got[1..] {
            assert_eq!(g.as_ref().unwrap().bytes(), b"(;GM[1];W[bb])");
        }
    }
}
