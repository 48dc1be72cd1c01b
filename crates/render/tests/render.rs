//! Diagrams (`sgfkit_render`): the ASCII board's stones equal
//! `position_at` at every 50th move of the Go games of half the corpus's
//! files, and the SVG's stones in half of those (for time); SVG snapshots
//! (`tests/render/*.svg`, rewritten with `SGFKIT_BLESS=1`); the PNG's size
//! and pixel colours.

use rayon::prelude::*;
use std::collections::BTreeSet;
use std::path::Path;

use sgfkit::game::go::Color;
use sgfkit::game::{BoardSize, GameType};
use sgfkit::record::position_at;
use sgfkit_render::{
    self as render, Diagram, DiagramOptions, Region, SvgOptions, TextOptions, Theme,
};

// The corpus finder of the core crate's tests (it walks up to ../shared).
#[path = "../../../tests/it/support.rs"]
mod support;

use support::{corpus_dir, files_below};

type Stones = BTreeSet<(u16, u16, char)>;

/// The stones of an ASCII board (`X`, `O`), read back from the text.
fn ascii_stones(text: &str, size: BoardSize) -> Stones {
    let mut out = Stones::new();
    // The header is indented by the row labels' width and a separator.
    let header = text.lines().next().unwrap_or("");
    let indent = header.len() - header.trim_start().len();
    for (y, line) in text
        .lines()
        .skip(1)
        .take(usize::from(size.rows))
        .enumerate()
    {
        // After the row label and a separator, one cell every two characters.
        let cells = line.get(indent..).unwrap_or("");
        for (x, c) in cells
            .chars()
            .step_by(2)
            .take(usize::from(size.columns))
            .enumerate()
        {
            if c == 'X' || c == 'O' {
                out.insert((x as u16, y as u16, c));
            }
        }
    }
    out
}

/// The stones of an SVG: its `class="stone …"` circles' data attributes.
fn svg_stones(svg: &str) -> Stones {
    let attr = |el: &str, name: &str| -> Option<String> {
        let start = el.find(&format!(" {name}=\""))? + name.len() + 3;
        let end = el[start..].find('"')? + start;
        Some(el[start..end].to_string())
    };
    svg.split('<')
        .filter(|el| el.starts_with("circle class=\"stone "))
        .map(|el| {
            let color = match attr(el, "class").as_deref() {
                Some("stone black") => 'X',
                Some("stone white") => 'O',
                other => panic!("stone class {other:?}"),
            };
            let x = attr(el, "data-x").unwrap().parse().unwrap();
            let y = attr(el, "data-y").unwrap().parse().unwrap();
            (x, y, color)
        })
        .collect()
}

#[test]
fn corpus_diagrams_equal_position_at() {
    let Some(corpus) = corpus_dir("corpus_diagrams_equal_position_at") else {
        return;
    };
    let files: Vec<_> = files_below(&corpus)
        .into_iter()
        .filter(|(name, _)| hash(name).is_multiple_of(2))
        .collect();
    let started = std::time::Instant::now();
    // Every file, spread over rayon's pool (as many threads as cores).
    let positions = files
        .par_iter()
        .map(|(name, path)| check_file(name, path, svg_sample(name)))
        .sum::<usize>();
    eprintln!(
        "render: {positions} positions of {} files drawn as ASCII (half of them as SVG too) in {:.1?}",
        files.len(),
        started.elapsed()
    );
    assert!(positions > 15_000, "only {positions} positions");
}

/// A hash of the file's name, to sample files the same way on every run.
fn hash(name: &str) -> u32 {
    name.bytes()
        .fold(0u32, |h, b| h.wrapping_mul(31).wrapping_add(u32::from(b)))
}

/// The SVG is checked on one file in four, the ASCII board on every other
/// file, which keeps the test's time within the test command's budget.
fn svg_sample(name: &str) -> bool {
    hash(name).is_multiple_of(4)
}

/// Checks every 50th move of each Go game of one file (the SVG too when
/// `with_svg`); returns how many positions.
fn check_file(name: &str, path: &Path, with_svg: bool) -> usize {
    let Ok(bytes) = std::fs::read(path) else {
        return 0;
    };
    let Ok(doc) = sgfkit::read(&bytes, &Default::default()) else {
        return 0;
    };
    let mut checked = 0;
    for root in doc.collection().games() {
        if root.game().map(|(game, _)| game) != Ok(GameType::Go) {
            continue;
        }
        let mut moves = 0;
        for node in root.main_line() {
            if node.get("B").is_none() && node.get("W").is_none() {
                continue;
            }
            moves += 1;
            if moves % 50 != 0 {
                continue;
            }
            let Ok((board, _)) = position_at(node) else {
                break;
            };
            let expected: Stones = board
                .stones()
                .map(|(p, c)| (p.x, p.y, if c == Color::Black { 'X' } else { 'O' }))
                .collect();
            let d = Diagram::go(node, &DiagramOptions::default()).unwrap();
            let text = render::text(&d, &TextOptions::ascii());
            assert_eq!(
                ascii_stones(&text, board.size()),
                expected,
                "{name} move {moves}: ASCII\n{text}"
            );
            if with_svg {
                let svg = render::svg(&d, &SvgOptions::default());
                assert_eq!(svg_stones(&svg), expected, "{name} move {moves}: SVG");
                // Numbered from move 1, by the diagram's own replay: the same
                // stones, each number on one stone at most (no MN in these files).
                let opts = DiagramOptions {
                    numbers_from: Some(1),
                    ..Default::default()
                };
                let n = Diagram::go(node, &opts).unwrap();
                let numbered: Stones = n
                    .stones()
                    .map(|((x, y), s)| (x, y, if s == render::Stone::Black { 'X' } else { 'O' }))
                    .collect();
                assert_eq!(numbered, expected, "{name} move {moves}: numbered diagram");
                let numbers: Vec<u32> = n.cells.iter().filter_map(|c| c.number).collect();
                let distinct: BTreeSet<u32> = numbers.iter().copied().collect();
                assert_eq!(
                    distinct.len(),
                    numbers.len(),
                    "{name} move {moves}: a number twice"
                );
            }
            checked += 1;
        }
    }
    checked
}

/// Compares `svg` with `tests/render/NAME.svg`, or writes it with `SGFKIT_BLESS=1`.
fn snapshot(name: &str, svg: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/render")
        .join(format!("{name}.svg"));
    if std::env::var_os("SGFKIT_BLESS").is_some() {
        std::fs::write(&path, svg).unwrap();
        return;
    }
    let expected =
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert_eq!(
        svg,
        expected,
        "{name}: the SVG differs from {}",
        path.display()
    );
}

fn last_node_diagram(src: &str, options: &DiagramOptions) -> Diagram {
    let c = sgfkit::parse(src.as_bytes()).unwrap();
    let node = c.games().next().unwrap().main_line().last().unwrap();
    Diagram::of(node, options).unwrap()
}

#[test]
fn svg_snapshots() {
    let go = "(;SZ[9];B[cc];W[gc];B[cg];W[gg];B[ee];W[dc];B[dd];W[ec]\
              ;B[cd]TR[gc]SQ[gg]CR[cg]MA[hh]LB[eg:a][fh:b]AR[ab:ae]LN[ia:ic]DD[aa:bi])";
    let numbered = DiagramOptions {
        numbers_from: Some(3),
        ..Default::default()
    };
    let d = last_node_diagram(go, &numbered);
    snapshot(
        "go-9x9-numbers-markup",
        &render::svg(&d, &SvgOptions::default()),
    );

    let corner = "(;SZ[19];B[pd];W[dp];B[pq];W[dd];B[fq];W[cn];B[jp];W[qo])";
    let range = DiagramOptions {
        region: Some(Region::parse("l19:t8", BoardSize::square(19)).unwrap()),
        ..Default::default()
    };
    let d = last_node_diagram(corner, &range);
    let dark = SvgOptions {
        theme: Theme::Dark,
        coords: true,
        ..Default::default()
    };
    snapshot("go-19x19-range-dark", &render::svg(&d, &dark));

    let rect = "(;SZ[13:7]AB[aa][mg]AW[ga];W[gd])";
    let d = last_node_diagram(rect, &DiagramOptions::default());
    let print = SvgOptions {
        theme: Theme::Print,
        coords: false,
        ..Default::default()
    };
    snapshot("go-13x7-print", &render::svg(&d, &print));

    let hex = "(;GM[11]SZ[5];B[c3];W[b4];B[d2])";
    let d = last_node_diagram(hex, &DiagramOptions::default());
    snapshot("hex-5x5", &render::svg(&d, &SvgOptions::default()));

    let loa = "(;GM[9];B[b1-b3];W[a2:b3])";
    let d = last_node_diagram(loa, &DiagramOptions::default());
    snapshot("lines-of-action", &render::svg(&d, &SvgOptions::default()));

    let amazons = "(;GM[18];W[djddgd])";
    let d = last_node_diagram(amazons, &DiagramOptions::default());
    snapshot("amazons", &render::svg(&d, &SvgOptions::default()));
}

#[test]
fn svg_sizes_up_to_52() {
    for (w, h) in [(1u16, 1u16), (2, 52), (52, 52), (25, 26)] {
        let d = last_node_diagram(&format!("(;SZ[{w}:{h}]AB[aa])"), &DiagramOptions::default());
        let svg = render::svg(&d, &SvgOptions::default());
        assert_eq!(svg_stones(&svg).len(), 1, "{w}x{h}");
        assert_eq!(svg.matches("<line ").count(), usize::from(w + h), "{w}x{h}");
    }
}

#[test]
fn png_size_and_stone_colours() {
    let d = last_node_diagram("(;SZ[9]AB[cc]AW[gg];B[ee])", &DiagramOptions::default());
    let options = SvgOptions {
        coords: false,
        ..Default::default()
    };
    let image = render::png(&d, &options).unwrap();
    let decoder = png::Decoder::new(std::io::Cursor::new(&image.data));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    // 8 spacings of 24 pixels and a margin of 0.6 spacing each side.
    assert_eq!((info.width, info.height), (221, 221));
    assert_eq!((image.width, image.height), (221, 221));
    let channels = info.line_size / info.width as usize;
    let pixel = |x: u32, y: u32| {
        let i = y as usize * info.line_size + x as usize * channels;
        (buf[i], buf[i + 1], buf[i + 2])
    };
    // Centre of point (x, y): the margin (14.4) plus 24 per line, inside
    // the last-move circle.
    let at = |x: u32, y: u32| pixel(14 + 24 * x + 1, 14 + 24 * y + 1);
    assert_eq!(at(2, 2), (0, 0, 0), "black stone");
    assert_eq!(at(6, 6), (255, 255, 255), "white stone");
    assert_eq!(at(4, 4), (0, 0, 0), "black stone of the last move");
    // Between lines: the wooden board, #dcb35c.
    assert_eq!(
        pixel(14 + 24 * 3 + 12, 14 + 24 * 5 + 12),
        (0xdc, 0xb3, 0x5c),
        "board"
    );
}
