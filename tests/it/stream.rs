//! `sgfkit::stream`: the streamed games are the games of a whole parse, and
//! a gigabyte streams in bounded memory.

use crate::roundtrip::{build, gen_game};
use proptest::prelude::*;
use proptest::test_runner::{Config, FileFailurePersistence};
use sgfkit::Position;
use sgfkit::stream::{Games, split_games, starts_lost_game};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Bytes between game trees: anything but `(`, or a `(` that opens no tree
/// (no `;` follows it).
fn junk() -> impl Strategy<Value = String> {
    "[a-z \n\r\t;:\\[\\]\\\\)]{0,12}|[a-z ]{0,4}\\([ 0-9]{0,3}\\)?"
}

fn config() -> Config {
    Config {
        cases: 128,
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource("regressions"))),
        ..Config::default()
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn streamed_games_are_the_games_of_a_whole_parse(
        games in prop::collection::vec(gen_game(), 1..5),
        junk in prop::collection::vec(junk(), 6),
        bom in any::<bool>(),
        crlf in any::<bool>(),
        chunk in 1usize..64,
    ) {
        // The printed games with junk around them, a BOM, CRLF line ends.
        let mut input = Vec::new();
        if bom {
            input.extend_from_slice(b"\xEF\xBB\xBF");
        }
        for (k, g) in games.iter().enumerate() {
            input.extend_from_slice(junk[k].as_bytes());
            input.extend(sgfkit::print::to_bytes(&build(std::slice::from_ref(g))));
        }
        input.extend_from_slice(junk[5].as_bytes());
        if crlf {
            input = String::from_utf8_lossy(&input).replace('\n', "\r\n").into_bytes();
        }

        let whole = sgfkit::parse(&input).map_err(|e| TestCaseError::fail(e.to_string()))?;
        // The framing's one exception: a variation that starts with `GM` or
        // `FF` starts the next game (see `sgfkit::stream`).
        prop_assume!(!whole.games().any(|g| g.descendants().any(starts_lost_game)));
        let streamed: Vec<_> = Games::new(&input[..])
            .chunk_size(chunk)
            .collect::<Result<_, _>>()
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(streamed.len(), whole.games().len());
        let mut printed = Vec::new();
        for (g, root) in streamed.iter().zip(whole.games()) {
            prop_assert!(g.is_complete());
            let one = g.parse().map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert_eq!(one.games().len(), 1);
            printed.extend(sgfkit::print::to_bytes(&one));
            // Where the game stands in the whole input.
            let at = g.offset() as usize;
            prop_assert_eq!(g.position(), Position::of(&input, at));
            prop_assert_eq!(&input[at..at + g.bytes().len()], g.bytes());
            let semicolon = root.offset().unwrap();
            prop_assert_eq!(g.offset_in_input(semicolon - at), semicolon as u64);
            prop_assert_eq!(
                g.position_in_input(semicolon - at),
                Position::of(&input, semicolon)
            );
        }
        prop_assert_eq!(printed, sgfkit::print::to_bytes(&whole));
        // split_games frames the same.
        let ranges: Vec<_> = split_games(&input).collect();
        let offsets: Vec<_> = streamed
            .iter()
            .map(|g| g.offset() as usize..g.offset() as usize + g.bytes().len())
            .collect();
        prop_assert_eq!(&ranges, &offsets);
        // And the grammar's own tree boundaries are the same.
        let mut trees = TopLevelTrees::default();
        sgfkit::events::parse_events(&input, &Default::default(), &mut trees, &mut ())
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(trees.ranges, ranges);
    }

    #[test]
    fn any_bytes_stream_without_panic(
        bytes in prop::collection::vec(prop_oneof![
            Just(b'('), Just(b')'), Just(b';'), Just(b'['), Just(b']'), Just(b'\\'),
            Just(b' '), Just(b'\r'), Just(b'\n'), Just(b'B'), any::<u8>()
        ], 0..200),
        chunk in 1usize..16,
        max in 1usize..64,
    ) {
        // Whatever the input: games in order, never past the limit by more
        // than the scan, and the same framing as in memory.
        let got: Vec<_> = Games::new(&bytes[..]).chunk_size(chunk).max_game_size(max).collect();
        let mut last = 0;
        for g in got.iter().flatten() {
            prop_assert!(g.offset() >= last);
            prop_assert!(g.bytes().len() <= max);
            last = g.offset() + g.bytes().len() as u64;
        }
        let unlimited: Vec<_> = Games::new(&bytes[..]).chunk_size(chunk).collect::<Result<_, _>>()
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        let ranges: Vec<_> = split_games(&bytes).collect();
        let offsets: Vec<_> = unlimited
            .iter()
            .map(|g| g.offset() as usize..g.offset() as usize + g.bytes().len())
            .collect();
        prop_assert_eq!(ranges, offsets);
    }
}

/// The byte ranges of the top-level game trees, as the grammar reads them.
#[derive(Default)]
struct TopLevelTrees {
    depth: usize,
    start: usize,
    ranges: Vec<std::ops::Range<usize>>,
}

impl sgfkit::events::Handler<'_> for TopLevelTrees {
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

// ---------------------------------------------------------------------------
// A gigabyte in bounded memory
// ---------------------------------------------------------------------------

/// Set in the child process: the file to stream.
const CHILD: &str = "SGFKIT_STREAM_1GB_CHILD";
const GIB: u64 = 1 << 30;

/// A directory deleted when dropped, even when the test fails.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("sgfkit-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("create the temporary directory");
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A block of about 4 MB of games like real ones, and how many game trees
/// it holds: professional games (moves and a few comments with brackets and
/// parentheses), a problem collection with variations, old FF[3] files with
/// CRLF and mail headers, and one 2 MB commented game (larger than a chunk).
fn realistic_block() -> (Vec<u8>, u64) {
    let mut out = Vec::new();
    let mut games = 0;
    let mut coords = (0..361u32)
        .map(|k| {
            let (x, y) = (b'a' + (k * 7 % 19) as u8, b'a' + (k * 11 % 19) as u8);
            [x, y]
        })
        .cycle();
    for k in 0..6000u32 {
        match k % 10 {
            0..=6 => {
                out.extend_from_slice(
                    b"(;GM[1]FF[4]CA[UTF-8]AP[Fox]SZ[19]KM[6.5]PB[Ke Jie]BR[9p]PW[Shin Jinseo]WR[9p]DT[2024-01-01]RE[W+R]\n",
                );
                for m in 0..220u32 {
                    let [x, y] = coords.next().unwrap();
                    let color = if m % 2 == 0 { b'B' } else { b'W' };
                    out.extend_from_slice(&[b';', color, b'[', x, y, b']']);
                    if m % 60 == 59 {
                        out.extend_from_slice(b"C[a (shoulder hit\\] \\\\ ) here [sic\\]:)]");
                    }
                    if m % 10 == 9 {
                        out.push(b'\n');
                    }
                }
                out.extend_from_slice(b")\n");
            }
            7..=8 => {
                out.extend_from_slice(
                    b"(;GM[1]FF[4]SZ[19]AB[dd][pd][dp]AW[pp][qq]C[Black to play (hard)]",
                );
                for v in 0..12u32 {
                    let [x, y] = coords.next().unwrap();
                    out.extend_from_slice(
                        format!(
                            "(;B[{}{}]C[variation {v}: (wrong\\]](;W[aa];B[bb])(;W[cc]))",
                            x as char, y as char
                        )
                        .as_bytes(),
                    );
                }
                out.extend_from_slice(b")\n");
            }
            _ => {
                out.extend_from_slice(b"From: someone\r\nSubject: a game (long)\r\n\r\n(;GaMe[1]SiZe[19]Comment[old\r\nstyle];B[pd];W[dp]\r\n;B[pp];W[dd])\r\n");
            }
        }
        games += 1;
    }
    out.extend_from_slice(b"(;GM[1]C[");
    for _ in 0..40_000 {
        out.extend_from_slice(b"a long comment (with parentheses) and \\] brackets \\\\ ");
    }
    out.extend_from_slice(b"];B[aa])\n");
    games += 1;
    (out, games)
}

/// The child: streams the file, parses some games, prints what it saw and
/// its peak resident memory.
fn stream_file(path: &Path) {
    let file = std::fs::File::open(path).expect("open");
    let (mut games, mut bytes, mut nodes, mut largest) = (0u64, 0u64, 0usize, 0usize);
    for (k, game) in Games::new(file).enumerate() {
        let game = game.expect("a game");
        assert!(game.is_complete());
        games += 1;
        bytes += game.bytes().len() as u64;
        // Parsing every game would dominate the test's time: parse a
        // sample, and the first of the largest.
        if k % 101 == 0 || game.bytes().len() > largest {
            nodes += game.parse().expect("parses").node_count();
        }
        largest = largest.max(game.bytes().len());
    }
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let hwm_kb = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        .unwrap_or(0);
    println!(
        "STREAM-CHILD games={games} bytes={bytes} nodes={nodes} largest={largest} hwm_kb={hwm_kb}"
    );
}

#[test]
fn stream_1gb_in_bounded_memory() {
    if let Some(path) = std::env::var_os(CHILD) {
        stream_file(Path::new(&path));
        return;
    }
    let dir = TempDir::new("stream-1gb");
    let path = dir.0.join("huge.sgf");
    let (block, per_block) = realistic_block();
    let blocks = GIB.div_ceil(block.len() as u64);
    let started = Instant::now();
    {
        let mut f = std::fs::File::create(&path).expect("create");
        for _ in 0..blocks {
            f.write_all(&block).expect("write");
        }
        f.flush().expect("flush");
    }
    let written = started.elapsed();
    let size = std::fs::metadata(&path).expect("metadata").len();
    assert!(size >= GIB);

    // Stream in a child process so that its peak memory is its own.
    let started = Instant::now();
    let out = std::process::Command::new(std::env::current_exe().expect("test binary"))
        .args([
            "stream::stream_1gb_in_bounded_memory",
            "--exact",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(CHILD, &path)
        .output()
        .expect("run the child");
    let streamed = started.elapsed();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "child failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let line = stdout
        .lines()
        .find_map(|l| Some(&l[l.find("STREAM-CHILD ")? + 13..]))
        .unwrap_or_else(|| panic!("no report from the child:\n{stdout}"));
    let field = |name: &str| -> u64 {
        line.split(' ')
            .find_map(|kv| kv.strip_prefix(name)?.strip_prefix('='))
            .and_then(|v| v.parse().ok())
            .unwrap_or_else(|| panic!("no {name} in {line}"))
    };
    eprintln!(
        "stream 1 GB: {size} bytes written in {written:.1?}, streamed in {streamed:.1?}: {line}"
    );
    assert_eq!(field("games"), blocks * per_block);
    assert!(field("largest") > 2_000_000);
    let hwm = field("hwm_kb") * 1024;
    assert!(hwm > 0, "no VmHWM in /proc/self/status");
    assert!(hwm < 200 << 20, "peak RSS {} MB", hwm >> 20);
}
