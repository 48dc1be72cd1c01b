//! Replaying Go games, point-list expansion and `check` on hostile input.
//!
//! * `replay-real` / `replay-dense`: every main line on a Go board, over the
//!   real games of ../shared/corpus (fox-pro and gnugo, one file each) and
//!   over the move-dense collection (every `.sgf` of gnugo and fuego
//!   concatenated into one buffer). `board` plays moves extracted
//!   beforehand on [`Board::play`]; `typed` replays each game through
//!   [`GoGame::replay`] (property lookup, move parsing, setup, reports).
//!   Throughput is moves.
//! * `point-list`: `AB[aa:ZZ]` on `SZ[52]` read as a typed property (2,704
//!   points; throughput is points).
//! * `check-hostile`: [`check`] on `(;FF[4]SZ[52]` followed by nodes
//!   `;AB[aa:ZZ]AW[aa:ZZ]` (throughput is bytes and, in `check-hostile-points`,
//!   points).
//!
//! Without ../shared/corpus the corpus groups are skipped. Files are read and
//! parsed outside the timed loops.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sgfkit::check::{CheckOptions, check};
use sgfkit::game::go::{Board, Color, Go, Move};
use sgfkit::game::{BoardSize, Game};
use sgfkit::grammar::value::{epoint_list, expand};
use sgfkit::property::typed::Prop;
use sgfkit::record::GoGame;
use std::hint::black_box;
use std::path::{Path, PathBuf};

mod support;

/// `shared/corpus` in an ancestor of the crate directory.
fn shared_corpus() -> Option<PathBuf> {
    support::corpus_dir()
}

/// The bytes of the `.sgf` files under `dir`, sorted by path.
fn sgf_files(dir: &Path) -> Vec<Vec<u8>> {
    support::sgf_files(dir)
        .iter()
        .filter_map(|p| std::fs::read(p).ok())
        .collect()
}

/// The main line of one game: board size, then the setup and moves to apply.
struct Line {
    size: BoardSize,
    steps: Vec<Step>,
}

enum Step {
    Setup(sgfkit::game::go::Point, Option<Color>),
    Play(Color, Move),
}

/// Every Go game of `collections` whose tree replays (`GoGame::new` accepts
/// it), as extracted main lines; and the number of moves.
fn lines(collections: &[sgfkit::Collection<'_>]) -> (Vec<Line>, u64) {
    let mut out = Vec::new();
    let mut moves = 0;
    for c in collections {
        for root in c.games() {
            let Ok(game) = GoGame::new(root) else {
                continue;
            };
            let size = game.size();
            let mut steps = Vec::new();
            for node in game.main_line() {
                for (ident, stone) in [
                    ("AE", None),
                    ("AB", Some(Color::Black)),
                    ("AW", Some(Color::White)),
                ] {
                    if let Some(Prop::AE(pts) | Prop::AB(pts) | Prop::AW(pts)) =
                        node.prop::<Go>(ident)
                    {
                        let points = expand(&pts).unwrap_or_default();
                        steps.extend(points.into_iter().map(|p| Step::Setup(p, stone)));
                    }
                }
                for (ident, colour) in [("B", Color::Black), ("W", Color::White)] {
                    if let Some(p) = node.get(ident)
                        && let Ok(m) = Go::read_move(p.value(), size)
                    {
                        steps.push(Step::Play(colour, m));
                        moves += 1;
                    }
                }
            }
            out.push(Line { size, steps });
        }
    }
    (out, moves)
}

fn play_lines(lines: &[Line]) -> u32 {
    let mut captured = 0;
    for line in lines {
        let mut board = Board::new(line.size);
        for step in &line.steps {
            match *step {
                Step::Setup(p, stone) => {
                    let _ = board.setup(p, stone);
                }
                Step::Play(colour, m) => {
                    let _ = black_box(board.play(colour, m));
                }
            }
        }
        captured += board.captured(Color::Black) + board.captured(Color::White);
    }
    captured
}

fn typed_replay(collections: &[sgfkit::Collection<'_>]) -> usize {
    let mut stones = 0;
    for c in collections {
        for root in c.games() {
            if let Ok(game) = GoGame::new(root) {
                let (board, reports) = game.replay();
                stones += board.stones().count() + reports.len();
            }
        }
    }
    stones
}

fn replay_group(c: &mut Criterion, name: &str, buffers: &[Vec<u8>]) {
    // The concatenated collection holds a few files that need the lenient
    // reader; read every buffer with it.
    let collections: Vec<sgfkit::Collection<'_>> = buffers
        .iter()
        .map(|b| sgfkit::check::parse_lenient(b, &Default::default()).0)
        .collect();
    let (lines, moves) = lines(&collections);
    let bytes: usize = buffers.iter().map(Vec::len).sum();
    eprintln!(
        "{name}: {} buffers, {bytes} bytes, {} games, {moves} main-line moves",
        buffers.len(),
        lines.len()
    );
    let mut g = c.benchmark_group(name);
    g.sample_size(10);
    g.throughput(Throughput::Elements(moves));
    g.bench_function("board", |b| b.iter(|| black_box(play_lines(&lines))));
    g.bench_function("typed", |b| {
        b.iter(|| black_box(typed_replay(&collections)))
    });
    g.finish();
}

fn replay(c: &mut Criterion) {
    let Some(corpus) = shared_corpus() else {
        eprintln!("../shared/corpus not found: replay benchmarks skipped");
        return;
    };
    let mut real = sgf_files(&corpus.join("fox-pro"));
    real.extend(sgf_files(&corpus.join("gnugo")));
    replay_group(c, "replay-real", &real);
    let mut dense = Vec::new();
    for src in ["gnugo", "fuego"] {
        for f in sgf_files(&corpus.join(src)) {
            dense.extend_from_slice(&f);
            dense.push(b'\n');
        }
    }
    replay_group(c, "replay-dense", &[dense]);
}

fn point_list(c: &mut Criterion) {
    let size = BoardSize::square(52);
    let values: [&[u8]; 1] = [b"aa:ZZ"];
    let mut g = c.benchmark_group("point-list");
    g.throughput(Throughput::Elements(52 * 52));
    g.bench_function("expand AB[aa:ZZ] on SZ[52]", |b| {
        b.iter(|| {
            let items = epoint_list(|i| sgfkit::game::go::point(i, size), black_box(&values))
                .expect("a point list");
            expand(&items).map_or(0, |p| p.len())
        })
    });
    g.bench_function("typed AB[aa:ZZ] on SZ[52]", |b| {
        b.iter(|| match Prop::<Go>::parse("AB", black_box(&values), size) {
            Prop::AB(items) => items.len(),
            _ => 0,
        })
    });
    g.finish();
}

/// `(;FF[4]SZ[52]` and `nodes` nodes `;AB[aa:ZZ]AW[aa:ZZ]`.
fn hostile(nodes: usize) -> Vec<u8> {
    let mut s = b"(;FF[4]SZ[52]".to_vec();
    for _ in 0..nodes {
        s.extend_from_slice(b";AB[aa:ZZ]AW[aa:ZZ]");
    }
    s.push(b')');
    s
}

fn check_hostile(c: &mut Criterion) {
    let src = hostile(200);
    let tree = sgfkit::parse(&src).expect("the hostile input is well-formed");
    let opts = CheckOptions::default();
    let mut g = c.benchmark_group("check-hostile");
    g.sample_size(10);
    g.throughput(Throughput::Bytes(src.len() as u64));
    g.bench_function("200 nodes AB[aa:ZZ]AW[aa:ZZ]", |b| {
        b.iter(|| check(black_box(&tree), &opts).len())
    });
    g.finish();
    let mut g = c.benchmark_group("check-hostile-points");
    g.sample_size(10);
    g.throughput(Throughput::Elements(200 * 2 * 52 * 52));
    g.bench_function("200 nodes AB[aa:ZZ]AW[aa:ZZ]", |b| {
        b.iter(|| check(black_box(&tree), &opts).len())
    });
    g.finish();
}

criterion_group!(benches, replay, point_list, check_hostile);
criterion_main!(benches);
