//! Every reader of the workspace (the core crate's, the export tables, the
//! diagrams), on hostile shapes of input, at n and 8n repetitions: the time
//! must grow linearly (a ratio near 8), and the test fails when the ratio
//! passes [`MAX_RATIO`] at every size tried (n to 8n, then on to 512n; see
//! [`OCTAVES`]). A quadratic path shows a ratio near 64. It lives
//! in the command's package, the one that depends on every crate.
//!
//! Timings mean something only in an optimised build, so the test is ignored
//! in debug builds; `.ci/run` runs it with
//! `cargo test --profile scaling -p sgfkit-cli --test scaling`.
//! `SGFKIT_SCALING_FILTER=text` times only the readers and shapes whose names
//! contain `text`; `SGFKIT_SCALING_BYTES` sets the size at n (16 KiB);
//! `SGFKIT_SCALING_VERBOSE=1` prints every measurement (with `--nocapture`).
//!
//! A new hostile shape is one line of [`SHAPES`] (or of [`TAILS`], which
//! every shape of the `deep` fuzz target is combined with); a new reader is
//! one line of [`READERS`].

use cpu_time::ThreadTime;
use sgfkit::check::{CheckOptions, RepairOptions, check, parse_lenient, repair};
use sgfkit::encoding::DecodeOptions;
use sgfkit::events::{Handler, parse_events};
use sgfkit::record::GoGame;
use sgfkit::{Collection, ParseOptions, Warning};
use sgfkit_export::{ExportOptions, tables};
use sgfkit_render::{Diagram, DiagramOptions, TextOptions, TreeOptions};
use std::hint::black_box;
use std::time::{Duration, Instant};

/// The largest accepted ratio of the time at 8n to the time at n.
const MAX_RATIO: f64 = 12.0;

/// A ratio past the first octave that no cache step explains (a step
/// multiplies a linear reader's 8 by 1.2 to 1.8 on the machines tried):
/// the reader fails without going on to a larger input.
const SURE_RATIO: f64 = 32.0;

/// The size of an input at n, in bytes (8n is eight times larger);
/// `SGFKIT_SCALING_BYTES` sets another.
const BASE_BYTES: usize = 16 * 1024;

/// A hostile shape: `head`, `body` n times, `middle`, `tail` n times, `end`.
/// `middle` holds the tails of the `deep` fuzz target where `TAILED` is set.
struct Shape {
    name: &'static str,
    head: &'static [u8],
    body: &'static [u8],
    middle: &'static [u8],
    tail: &'static [u8],
    end: &'static [u8],
}

const fn shape(name: &'static str, head: &'static [u8], body: &'static [u8]) -> Shape {
    Shape {
        name,
        head,
        body,
        middle: b"",
        tail: b"",
        end: b"",
    }
}

/// The shapes of the `deep` fuzz target (`fuzz/src/lib.rs`, `build_deep`),
/// each of which is also tried with every one of [`TAILS`] as its middle.
const DEEP: &[Shape] = &[
    Shape {
        name: "nested",
        body: b"(;",
        tail: b")",
        ..shape("", b"", b"")
    },
    Shape {
        name: "nested-unclosed",
        body: b"(;B[aa]",
        ..shape("", b"", b"")
    },
    Shape {
        name: "long-sequence",
        head: b"(;FF[4]",
        body: b";B[aa]",
        end: b")",
        ..shape("", b"", b"")
    },
    Shape {
        name: "nested-siblings",
        body: b"(;W[bb]",
        tail: b")(;C[x])",
        ..shape("", b"", b"")
    },
    Shape {
        name: "bare-parentheses",
        body: b"(",
        tail: b")",
        ..shape("", b"", b"")
    },
    Shape {
        name: "escapes",
        head: b"(;C[",
        body: b"\\\\",
        end: b"])",
        ..shape("", b"", b"")
    },
    Shape {
        name: "values-and-properties",
        head: b"(;AB",
        body: b"[aa]",
        tail: b"C[]",
        end: b")",
        ..shape("", b"", b"")
    },
];

/// The tails the `deep` target puts inside its shapes.
const TAILS: &[&[u8]] = &[b"", b"x", b";", b"(;", b")", b"\n[", b"(;B[aa]\n"];

/// Shapes beyond the `deep` target's.
const SHAPES: &[Shape] = &[
    // The `deep` target's timeout (fuzz/regressions/deep-junk-between-trees):
    // junk that looks like a tree without `;`, before each tree.
    shape("junk-tree-junk", b"", b"(M[0(;)"),
    shape("junk-text-between-trees", b"", b"(;)x"),
    shape("junk-lines-between-trees", b"", b"(;)junk\n"),
    shape("junk-cr-between-trees", b"", b"(;)x\r"),
    shape("junk-node-before-trees", b"", b";B[aa](;)"),
    shape("tiny-trees", b"", b"(;)"),
    shape("tiny-games", b"", b"(;FF[4]GM[1]SZ[19];B[pd];W[dp])\n"),
    shape("tiny-games-gbk", b"", b"(;CA[GBK]PB[\xc0\xee];B[pd])"),
    // An encoding warning in every tree: each tree's detection is merged
    // with the whole input's.
    shape("unknown-charset-per-tree", b"", b"(;CA[bogus]B[aa])"),
    shape("bad-bytes-per-tree", b"", b"(;CA[UTF-8]C[\xff])"),
    shape("wide-variations", b"(;GM[1]", b"(;B[aa])"),
    shape("point-rectangles", b"(;AB", b"[aa:ss]"),
    shape("point-rectangles-large-board", b"(;SZ[52]AB", b"[aa:ZZ]"),
    shape("point-rectangles-out-of-range", b"(;AB", b"[aa:ZZ]"),
    shape("property-repeated", b"(;", b"AB[aa]"),
    shape("unknown-property-repeated", b"(;", b"XZ[1]"),
    shape("many-properties", b"(;", b"C[a]B[aa]W[bb]LB[cc:x]"),
    shape("lowercase-identifiers", b"(;", b";aB[aa]"),
    shape("moves-on-occupied-points", b"(;SZ[19]", b";B[aa];W[aa]"),
    shape("invalid-moves", b"(;SZ[19]", b";B[zz];W[ZZ]"),
    shape(
        "captures",
        b"(;SZ[3]",
        b";B[ab];W[aa];B[ba];W[bb];B[aa];W[ab]",
    ),
    Shape {
        name: "long-text",
        head: b"(;C[",
        body: b"ab \\] c\n",
        end: b"])",
        ..shape("", b"", b"")
    },
    Shape {
        name: "unclosed-value",
        head: b"(;C[",
        body: b"x(;B[aa]",
        ..shape("", b"", b"")
    },
    shape("unclosed-values", b"(;", b"C[x\n"),
    shape("unclosed-variations", b"(;GM[1]", b"(;B[aa]"),
    shape("empty-values", b"(;", b"C[]"),
    shape("only-opening-brackets", b"", b"["),
    shape("only-closing-parentheses", b"", b")"),
    shape("only-semicolons", b"(", b";"),
    shape("newlines", b"(;C[", b"\r\n"),
    shape("utf8-text", b"(;C[", "蔡文驰 ".as_bytes()),
];

/// A reader: its name, and what it does with one input.
type Run = fn(&Input<'_>);

struct Input<'a> {
    bytes: &'a [u8],
    /// What the lenient reader makes of `bytes`, for the readers that take a
    /// tree.
    tree: &'a Collection<'a>,
}

const READERS: &[(&str, Run)] = &[
    ("parse", |i| {
        let mut warnings: Vec<Warning> = Vec::new();
        let _ = black_box(Collection::parse_with(
            i.bytes,
            &ParseOptions::default(),
            &mut warnings,
        ));
    }),
    ("events", |i| {
        struct Count(usize);
        impl Handler<'_> for Count {
            fn start_node(&mut self, _: usize) {
                self.0 += 1;
            }
        }
        let mut count = Count(0);
        let mut warnings: Vec<Warning> = Vec::new();
        let _ = parse_events(i.bytes, &ParseOptions::default(), &mut count, &mut warnings);
        black_box(count.0);
    }),
    ("lenient", |i| {
        black_box(parse_lenient(i.bytes, &ParseOptions::default()));
    }),
    ("read-utf8", |i| {
        let _ = black_box(sgfkit::read(i.bytes, &sgfkit::ReadOptions::default()));
    }),
    ("read-gbk", |i| {
        let opts = sgfkit::ReadOptions::default()
            .decode(DecodeOptions::new().force(sgfkit::encoding::encoding_rs::GBK));
        let _ = black_box(sgfkit::read(i.bytes, &opts));
    }),
    ("read-latin1", |i| {
        let opts = sgfkit::ReadOptions::default()
            .decode(DecodeOptions::new().force(sgfkit::encoding::encoding_rs::WINDOWS_1252));
        let _ = black_box(sgfkit::read(i.bytes, &opts));
    }),
    ("read-lenient", |i| {
        let _ = black_box(sgfkit::read(i.bytes, &sgfkit::ReadOptions::lenient()));
    }),
    ("stream", |i| {
        for game in sgfkit::stream::Games::new(i.bytes)
            .chunk_size(4096)
            .flatten()
        {
            let _ = black_box(game.parse());
        }
    }),
    ("split-games", |i| {
        black_box(sgfkit::stream::split_games(i.bytes).count());
    }),
    ("check", |i| {
        black_box(check(i.tree, &CheckOptions::default()));
    }),
    ("check-strict", |i| {
        black_box(check(i.tree, &CheckOptions::default().strict(true)));
    }),
    ("repair", |i| {
        let mut tree = i.tree.clone();
        black_box(repair(&mut tree, &RepairOptions::default()));
    }),
    ("print", |i| {
        black_box(sgfkit::print::to_bytes(i.tree));
    }),
    ("json", |i| {
        let mut out = Vec::new();
        let _ = sgfkit::json::write_json(i.tree, &mut out);
        black_box(out);
    }),
    ("export", |i| {
        black_box(tables(i.bytes, "x.sgf", &ExportOptions::default()));
    }),
    ("record", |i| {
        for root in i.tree.games() {
            if let Ok(game) = GoGame::new(root) {
                black_box(game.moves().count());
                black_box(game.final_position());
            }
        }
    }),
    // The variation tree of every game, the numbered diagram of the main
    // line's end as text, and as SVG for the last game (an SVG costs about
    // 70 µs of fixed work, which would swamp the many-games shapes).
    ("render", |i| {
        let mut diagram = None;
        for root in i.tree.games() {
            black_box(sgfkit_render::tree(root, &TreeOptions::default()));
            if let Some(last) = root.main_line().last() {
                let opts = DiagramOptions {
                    numbers_from: Some(1),
                    ..Default::default()
                };
                if let Ok(d) = Diagram::go(last, &opts) {
                    black_box(sgfkit_render::text(&d, &TextOptions::default()));
                    diagram = Some(d);
                }
            }
        }
        if let Some(d) = diagram {
            black_box(sgfkit_render::svg(&d, &Default::default()));
        }
    }),
];

fn build(s: &Shape, middle: &[u8], n: usize) -> Vec<u8> {
    let mut buf = Vec::with_capacity(s.head.len() + (s.body.len() + s.tail.len()) * n + 64);
    buf.extend_from_slice(s.head);
    for _ in 0..n {
        buf.extend_from_slice(s.body);
    }
    buf.extend_from_slice(middle);
    for _ in 0..n {
        buf.extend_from_slice(s.tail);
    }
    buf.extend_from_slice(s.end);
    buf
}

/// The shortest CPU time of this thread for one run of `run` on `input`
/// (CPU time, not wall time: other processes on the machine do not count):
/// runs are repeated in samples of at least a millisecond, and the best of
/// three samples counts. A run of more than [`LONG_RUN`] is timed twice
/// only, which bounds the cost of a super-linear reader on a large input.
fn time(run: Run, input: &Input<'_>) -> Duration {
    let start = ThreadTime::now();
    run(input);
    let first = start.elapsed().max(Duration::from_micros(1));
    let start = ThreadTime::now();
    run(input);
    let once = start.elapsed().max(Duration::from_micros(1));
    if first.min(once) > LONG_RUN {
        return first.min(once);
    }
    let per_sample = (Duration::from_millis(1).as_nanos() / once.as_nanos()).clamp(1, 1000) as u32;
    (0..3)
        .map(|_| {
            let start = ThreadTime::now();
            for _ in 0..per_sample {
                run(input);
            }
            start.elapsed() / per_sample
        })
        .min()
        .unwrap_or(once)
}

/// A run long enough to be timed twice only (see [`time`]).
const LONG_RUN: Duration = Duration::from_millis(100);

/// A time at 8n above which a reader fails at once: a linear reader of
/// 128 KiB takes a few milliseconds.
const TOO_SLOW: Duration = Duration::from_millis(250);

/// A time at 64n (1 MiB) below which a ratio above [`MAX_RATIO`] is the
/// memory hierarchy, not the reader: a pass that costs 3 µs on 128 KiB
/// (held in the core's cache) and 40 µs on 1 MiB (read from the shared
/// cache or memory) is a scan at tens of GB/s, and a reader whose time
/// grows with the square of 1 MiB of repetitions takes milliseconds.
const BANDWIDTH_BOUND: Duration = Duration::from_micros(200);

/// One shape at n, 8n, 64n and 512n repetitions, each built when first
/// asked.
struct Octaves<'s> {
    shape: &'s Shape,
    middle: &'s [u8],
    n: usize,
    built: Vec<(Vec<u8>, Collection<'static>)>,
}

impl Octaves<'_> {
    /// The input at `8^k * n` repetitions, with its lenient tree.
    fn input(&mut self, k: usize) -> Input<'_> {
        while self.built.len() <= k {
            let reps = self.n * 8usize.pow(self.built.len() as u32);
            let bytes = build(self.shape, self.middle, reps);
            let tree = parse_lenient(&bytes, &ParseOptions::default())
                .0
                .into_owned();
            self.built.push((bytes, tree));
        }
        let (bytes, tree) = &self.built[k];
        Input { bytes, tree }
    }
}

/// How the time of a reader grew with its input.
struct Growth {
    /// The times at each size measured, smallest first.
    times: Vec<(usize, Duration)>,
    /// The ratio of the last two times (8x the input).
    ratio: f64,
    /// Measured past the first octave, and below [`BANDWIDTH_BOUND`] (times
    /// 8 for each further octave) at the larger size.
    bandwidth_bound: bool,
}

/// The octaves tried in turn, each until one passes: n to 8n twice (the
/// second for a busy machine), then 8n to 64n and 64n to 512n. A ratio
/// above the limit may be a one-time step, such as the data outgrowing a
/// cache; a super-linear reader's ratio stays high at every size (it grows),
/// while a cache step comes once, so the reader fails only when every octave
/// is above the limit. Machines differ in where their steps fall: the tree
/// of a 128 KiB shape outgrows one machine's second-level cache and fits
/// another's, and a shared last-level cache holds the tree of 1 MiB on some
/// machines, so the last octave goes to 8 MiB, past every cache.
const OCTAVES: [usize; 4] = [0, 0, 1, 2];

/// The ratio of the time at 8x the input to the time at x, on the octaves of
/// [`OCTAVES`] in turn, stopping at the first that passes; a time above
/// [`TOO_SLOW`] at 8n (times 8 for each further octave) is not taken on to
/// a larger input but may repeat its octave (a reader with a large cost per
/// game, such as the diagrams on many tiny trees, is slow and linear, and
/// one noisy pair of its two-run timings must not fail it), and a ratio
/// above [`SURE_RATIO`] past the first octave fails at once. The last
/// octave measured decides.
fn growth(run: Run, octaves: &mut Octaves<'_>) -> Growth {
    let mut last = None;
    for (i, &k) in OCTAVES.iter().enumerate() {
        let small = octaves.input(k);
        let (a, a_len) = (time(run, &small), small.bytes.len());
        let large = octaves.input(k + 1);
        let (b, b_len) = (time(run, &large), large.bytes.len());
        let bound = BANDWIDTH_BOUND * 8u32.pow(k.saturating_sub(1) as u32);
        let g = Growth {
            times: vec![(a_len, a), (b_len, b)],
            ratio: b.as_secs_f64() / a.as_secs_f64().max(1e-9),
            bandwidth_bound: k >= 1 && b < bound,
        };
        let too_slow = b > TOO_SLOW * 8u32.pow(k as u32);
        let sure = k >= 1 && g.ratio > SURE_RATIO;
        let repeats = OCTAVES.get(i + 1) == Some(&k);
        let done = g.ratio <= MAX_RATIO || (too_slow && !repeats) || sure || g.bandwidth_bound;
        last = Some(g);
        if done {
            break;
        }
    }
    last.expect("measured at least once")
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "timings need an optimised build: cargo test --profile scaling -p sgfkit-cli --test scaling"
)]
fn every_reader_scales_linearly_on_hostile_shapes() {
    let filter = std::env::var("SGFKIT_SCALING_FILTER").unwrap_or_default();
    let base = std::env::var("SGFKIT_SCALING_BYTES")
        .ok()
        .and_then(|b| b.parse().ok())
        .unwrap_or(BASE_BYTES);
    let verbose = std::env::var_os("SGFKIT_SCALING_VERBOSE").is_some();
    let mut cases: Vec<(String, &Shape, &[u8])> = Vec::new();
    for s in DEEP {
        for tail in TAILS {
            let name = format!("{}+{:?}", s.name, String::from_utf8_lossy(tail));
            cases.push((name, s, tail));
        }
    }
    for s in SHAPES {
        cases.push((s.name.to_string(), s, s.middle));
    }
    let mut failures = Vec::new();
    let mut slowest = (0.0, String::new());
    let started = Instant::now();
    for (name, s, middle) in &cases {
        let unit = (s.body.len() + s.tail.len()).max(1);
        let mut octaves = Octaves {
            shape: s,
            middle,
            n: (base / unit).max(1),
            built: Vec::new(),
        };
        for (reader, run) in READERS {
            let case = format!("{reader} on {name}");
            if !case.contains(&filter) {
                continue;
            }
            let g = growth(*run, &mut octaves);
            let times: Vec<String> = g
                .times
                .iter()
                .map(|(len, t)| format!("{t:?} at {len} bytes"))
                .collect();
            let line = format!("{case}: {}: ratio {:.2}", times.join(", "), g.ratio);
            if verbose {
                eprintln!("{line}");
            }
            if g.ratio > slowest.0 {
                slowest = (g.ratio, line.clone());
            }
            if g.ratio > MAX_RATIO && !g.bandwidth_bound {
                failures.push(line);
            }
        }
    }
    println!(
        "{} readers x {} shapes in {:.1?}; slowest: {}",
        READERS.len(),
        cases.len(),
        started.elapsed(),
        slowest.1
    );
    assert!(
        failures.is_empty(),
        "time grows faster than the input (8x input, ratio above {MAX_RATIO}):\n{}",
        failures.join("\n")
    );
}
