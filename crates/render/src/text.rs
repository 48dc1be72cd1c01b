//! [`text()`]: a diagram as lines of text, Unicode or plain ASCII.

use super::{Diagram, Shape, Stone};
use std::fmt::Write;

/// How [`text()`] draws.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TextOptions {
    /// Box-drawing lines and `●` `○` stones; otherwise ASCII (`X`, `O`, `.`,
    /// hoshi `+`, Amazons arrows `#`).
    pub unicode: bool,
    /// ANSI colours: a wooden board, the last move in red.
    pub color: bool,
    /// Column letters above and row numbers either side.
    pub coords: bool,
}

impl Default for TextOptions {
    fn default() -> Self {
        TextOptions {
            unicode: true,
            color: false,
            coords: true,
        }
    }
}

impl TextOptions {
    /// Plain ASCII with coordinates, no colours: for pipes, files and tests.
    pub const fn ascii() -> Self {
        TextOptions {
            unicode: false,
            color: false,
            coords: true,
        }
    }
}

const BOARD: &str = "\x1b[48;5;180m\x1b[38;5;236m";
const BLACK: &str = "\x1b[1;38;5;16m";
const WHITE: &str = "\x1b[1;38;5;231m";
const LAST: &str = "\x1b[1;38;5;160m";
const RESET: &str = "\x1b[0m";

/// The diagram as text, one line per row (the region only), the notes on
/// moves not shown below. The last move is put in parentheses, as GNU Go
/// prints it (`X(O)X`); labels (`LB`) show their first character on empty
/// points; the other markup and move numbers are drawn only in SVG.
///
/// Hex rows are shifted half a cell each, so the board is a rhombus.
///
/// ```
/// use sgfkit_render::{Diagram, DiagramOptions, TextOptions, text};
/// let c = sgfkit::parse(b"(;SZ[9];B[ee];W[ec])")?;
/// let last = c.games().next().unwrap().main_line().last().unwrap();
/// let d = Diagram::go(last, &DiagramOptions::default())?;
/// let t = text(&d, &TextOptions::ascii());
/// let lines: Vec<&str> = t.lines().collect();
/// assert_eq!(lines[0], "  A B C D E F G H J");
/// assert_eq!(lines[3], "7 . . + .(O). + . . 7");
/// assert_eq!(lines[5], "5 . . . . X . . . . 5");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn text(d: &Diagram, options: &TextOptions) -> String {
    let r = d.region;
    let cw = d
        .column_labels
        .iter()
        .map(|l| l.chars().count())
        .max()
        .unwrap_or(1)
        .max(1);
    let lw = d
        .row_labels
        .iter()
        .map(|l| l.chars().count())
        .max()
        .unwrap_or(1);
    let hex = d.shape == Shape::Hexagons;
    let mut out = String::new();
    if options.coords {
        out.push_str(&" ".repeat(lw + 1));
        let labels: Vec<String> = (r.left..=r.right)
            .map(|x| format!("{:<cw$}", d.column_labels[usize::from(x)]))
            .collect();
        out.push_str(labels.join(" ").trim_end());
        out.push('\n');
    }
    for y in r.top..=r.bottom {
        let label = &d.row_labels[usize::from(y)];
        if hex {
            out.push_str(&" ".repeat(usize::from(y - r.top) * (cw + 1) / 2));
        }
        if options.coords {
            let _ = write!(out, "{label:>lw$}");
        }
        if options.color {
            out.push_str(BOARD);
        }
        for x in r.left..=r.right {
            let sep = if d.last_move == Some((x, y)) {
                '('
            } else if x > r.left && d.last_move == Some((x - 1, y)) {
                ')'
            } else if options.unicode && !hex && d.shape == Shape::Lines && x > r.left {
                '─'
            } else {
                ' '
            };
            if options.coords || x > r.left {
                out.push(sep);
            }
            let (glyph, paint) = glyph(d, (x, y), options.unicode);
            let pad = cw.saturating_sub(glyph.chars().count());
            if options.color {
                let ink = if d.last_move == Some((x, y)) {
                    LAST
                } else {
                    paint
                };
                let _ = write!(out, "{ink}{glyph}{RESET}{BOARD}");
            } else {
                out.push_str(&glyph);
            }
            let filler = if options.unicode && d.shape == Shape::Lines {
                '─'
            } else {
                ' '
            };
            let filler = if x == r.right { ' ' } else { filler };
            out.extend(std::iter::repeat_n(filler, pad));
        }
        let close = if d.last_move == Some((r.right, y)) {
            ')'
        } else {
            ' '
        };
        if options.color {
            out.push(close);
            out.push_str(RESET);
        } else if options.coords || close == ')' {
            out.push(close);
        }
        if options.coords {
            out.push_str(label);
        }
        let trimmed = out.trim_end_matches(' ').len();
        out.truncate(trimmed);
        out.push('\n');
    }
    if !d.notes.is_empty() {
        out.push_str(&d.notes.join(", "));
        out.push('\n');
    }
    out
}

/// The character(s) of one cell, and the colour of a stone on it.
fn glyph(d: &Diagram, (x, y): (u16, u16), unicode: bool) -> (String, &'static str) {
    let Some(cell) = d.cell(x, y) else {
        return (" ".into(), "");
    };
    if let Some(stone) = cell.stone {
        let s = match (stone, unicode) {
            (Stone::Black, false) => "X",
            (Stone::White, false) => "O",
            (Stone::Arrow, false) => "#",
            (Stone::Black, true) => "●",
            (Stone::White, true) => "○",
            (Stone::Arrow, true) => "■",
        };
        let paint = match stone {
            Stone::Black => BLACK,
            Stone::White => WHITE,
            Stone::Arrow => "",
        };
        return (s.into(), paint);
    }
    if let Some(label) = &cell.label
        && let Some(c) = label.chars().find(|c| !c.is_whitespace())
    {
        return (c.to_string(), "");
    }
    let star = d.star_points.contains(&(x, y));
    if !unicode {
        return (if star { "+" } else { "." }.into(), "");
    }
    if d.shape != Shape::Lines {
        return ("·".into(), "");
    }
    if star {
        return ("╋".into(), "");
    }
    let (w, h) = (d.size.columns - 1, d.size.rows - 1);
    let c = match (x == 0, x == w, y == 0, y == h) {
        (true, _, true, _) => '┌',
        (_, true, true, _) => '┐',
        (true, _, _, true) => '└',
        (_, true, _, true) => '┘',
        (_, _, true, _) => '┬',
        (_, _, _, true) => '┴',
        (true, _, _, _) => '├',
        (_, true, _, _) => '┤',
        _ => '┼',
    };
    (c.to_string(), "")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::DiagramOptions;

    fn diagram(src: &str, opts: &DiagramOptions) -> Diagram {
        let c = sgfkit::parse(src.as_bytes()).unwrap();
        let n = c.games().next().unwrap().main_line().last().unwrap();
        Diagram::of(n, opts).unwrap()
    }

    #[test]
    fn unicode_edges_and_region() {
        let d = diagram("(;SZ[5]AB[aa];W[ee])", &DiagramOptions::default());
        let t = text(&d, &TextOptions::default());
        let lines: Vec<&str> = t.lines().collect();
        assert_eq!(lines[1], "5 ●─┬─┬─┬─┐ 5");
        assert_eq!(lines[5], "1 └─┴─┴─┴(○)1");
        let opts = DiagramOptions {
            region: Some(crate::Region::parse("a5:b4", d.size).unwrap()),
            ..Default::default()
        };
        let d = diagram("(;SZ[5]AB[aa];W[ee])", &opts);
        assert_eq!(text(&d, &TextOptions::ascii()), "  A B\n5 X . 5\n4 . . 4\n");
        let plain = TextOptions {
            coords: false,
            ..TextOptions::ascii()
        };
        assert_eq!(text(&d, &plain), "X .\n. .\n");
    }

    #[test]
    fn hex_is_a_rhombus() {
        let d = diagram("(;GM[11]SZ[3];B[b2])", &DiagramOptions::default());
        assert_eq!(
            text(&d, &TextOptions::ascii()),
            "  a b c\n1 . . . 1\n 2 .(X). 2\n  3 . . . 3\n"
        );
    }

    #[test]
    fn colours_only_when_asked() {
        let d = diagram("(;SZ[5];B[cc])", &DiagramOptions::default());
        assert!(!text(&d, &TextOptions::default()).contains('\x1b'));
        let c = TextOptions {
            color: true,
            ..Default::default()
        };
        assert!(text(&d, &c).contains(LAST));
    }
}
