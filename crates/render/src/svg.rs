//! [`svg()`]: a diagram as an SVG document.

use super::{Diagram, Mark, Shape, Stone};
use std::fmt::Write;

/// Colours of a diagram.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Theme {
    /// A wooden board.
    #[default]
    Light,
    /// A dark board for dark pages.
    Dark,
    /// Black on white, for print.
    Print,
}

impl Theme {
    /// Reads `light`, `dark` or `print`.
    ///
    /// ```
    /// use sgfkit_render::Theme;
    /// assert_eq!(Theme::parse("print"), Some(Theme::Print));
    /// assert_eq!(Theme::parse("sepia"), None);
    /// ```
    pub fn parse(name: &str) -> Option<Theme> {
        match name {
            "light" => Some(Theme::Light),
            "dark" => Some(Theme::Dark),
            "print" => Some(Theme::Print),
            _ => None,
        }
    }

    /// Board, lines and text, black stones, white stones, stone outline.
    const fn colors(self) -> Colors {
        match self {
            Theme::Light => Colors {
                board: "#dcb35c",
                line: "#000000",
                black: "#000000",
                white: "#ffffff",
                outline: "#000000",
                accent: "#c00000",
            },
            Theme::Dark => Colors {
                board: "#2b2b2b",
                line: "#a0a0a0",
                black: "#000000",
                white: "#e6e6e6",
                outline: "#a0a0a0",
                accent: "#ff6060",
            },
            Theme::Print => Colors {
                board: "#ffffff",
                line: "#000000",
                black: "#000000",
                white: "#ffffff",
                outline: "#000000",
                accent: "#000000",
            },
        }
    }
}

#[derive(Debug, Clone, Copy)]
struct Colors {
    board: &'static str,
    line: &'static str,
    black: &'static str,
    white: &'static str,
    outline: &'static str,
    accent: &'static str,
}

/// How [`svg()`] draws.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SvgOptions {
    /// Colours.
    pub theme: Theme,
    /// Coordinates around the board.
    pub coords: bool,
    /// Pixels from one line (or cell) to the next.
    pub spacing: u32,
}

impl Default for SvgOptions {
    fn default() -> Self {
        SvgOptions {
            theme: Theme::Light,
            coords: true,
            spacing: 24,
        }
    }
}

/// Where things go.
struct Layout {
    shape: Shape,
    s: f64,
    margin: f64,
    left: u16,
    top: u16,
}

impl Layout {
    fn center(&self, (x, y): (u16, u16)) -> (f64, f64) {
        let (dx, dy) = (f64::from(x - self.left), f64::from(y - self.top));
        match self.shape {
            Shape::Lines => (self.margin + dx * self.s, self.margin + dy * self.s),
            Shape::Squares => (
                self.margin + (dx + 0.5) * self.s,
                self.margin + (dy + 0.5) * self.s,
            ),
            Shape::Hexagons => (
                self.margin + (dx + 0.5 + dy / 2.0) * self.s,
                self.margin + self.s / 3f64.sqrt() + dy * self.s * 3f64.sqrt() / 2.0,
            ),
        }
    }
}

/// Formats a number with at most two decimals, without trailing zeros.
fn n(v: f64) -> String {
    let s = format!("{v:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" { "0".into() } else { s.into() }
}

fn escape(t: &str) -> String {
    t.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The diagram as an SVG document: board, grid (or squares, or hexagons),
/// star points, coordinates, stones, move numbers, markup, the last move
/// (a small circle on its stone), and the notes on moves not shown below
/// the board. Only the region is drawn; lines run on past the region's
/// edges where the board goes on.
///
/// Each stone is `<circle class="stone black|white|arrow" data-point="pd"
/// data-x="15" data-y="3" …>` (`data-point`: the SGF point in Go, the game's
/// coordinate otherwise), so tests and scripts can read the position back.
///
/// ```
/// use sgfkit_render::{Diagram, DiagramOptions, SvgOptions, svg};
/// let c = sgfkit::parse(b"(;SZ[9];B[ee])")?;
/// let last = c.games().next().unwrap().main_line().last().unwrap();
/// let d = Diagram::go(last, &DiagramOptions::default())?;
/// let doc = svg(&d, &SvgOptions::default());
/// assert!(doc.starts_with("<svg "));
/// assert_eq!(doc.matches("class=\"stone ").count(), 1);
/// assert!(doc.contains(r#"data-point="ee""#));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn svg(d: &Diagram, options: &SvgOptions) -> String {
    let c = options.theme.colors();
    let s = f64::from(options.spacing.max(4));
    let r = d.region;
    let (w, h) = (f64::from(r.width()), f64::from(r.height()));
    let margin = if options.coords { s * 1.5 } else { s * 0.6 };
    let lay = Layout {
        shape: d.shape,
        s,
        margin,
        left: r.left,
        top: r.top,
    };
    let (board_w, board_h) = match d.shape {
        Shape::Lines => ((w - 1.0) * s, (h - 1.0) * s),
        Shape::Squares => (w * s, h * s),
        Shape::Hexagons => (
            (w + (h - 1.0) / 2.0) * s,
            s * 2.0 / 3f64.sqrt() + (h - 1.0) * s * 3f64.sqrt() / 2.0,
        ),
    };
    let notes_h = if d.notes.is_empty() { 0.0 } else { s };
    let (width, height) = (board_w + 2.0 * margin, board_h + 2.0 * margin + notes_h);
    let mut o = String::new();
    let _ = writeln!(
        o,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="sans-serif">"#,
        w = n(width),
        h = n(height)
    );
    let _ = writeln!(
        o,
        r#"<rect class="board" x="0" y="0" width="{}" height="{}" fill="{}"/>"#,
        n(width),
        n(height),
        c.board
    );
    grid(&mut o, d, &lay, c);
    if options.coords {
        coords(&mut o, d, &lay, c, board_h);
    }
    overlays(&mut o, d, &lay, c);
    stones(&mut o, d, &lay, c);
    markup(&mut o, d, &lay, c);
    if !d.notes.is_empty() {
        let _ = writeln!(
            o,
            r#"<text class="notes" x="{}" y="{}" font-size="{}" fill="{}">{}</text>"#,
            n(margin * 0.5),
            n(board_h + 2.0 * margin + s * 0.3),
            n(s * 0.5),
            c.line,
            escape(&d.notes.join(", "))
        );
    }
    o.push_str("</svg>\n");
    o
}

fn grid(o: &mut String, d: &Diagram, lay: &Layout, c: Colors) {
    let r = d.region;
    let s = lay.s;
    let _ = writeln!(
        o,
        r#"<g class="grid" stroke="{}" stroke-width="1" fill="none">"#,
        c.line
    );
    match d.shape {
        Shape::Lines => {
            // Lines run half a spacing past the region's edge where the board goes on.
            let ext = |at_edge: bool| if at_edge { 0.0 } else { s * 0.4 };
            let (x0, _) = lay.center((r.left, r.top));
            let (x1, _) = lay.center((r.right, r.top));
            let (_, y0) = lay.center((r.left, r.top));
            let (_, y1) = lay.center((r.left, r.bottom));
            let (xa, xb) = (
                x0 - ext(r.left == 0),
                x1 + ext(r.right + 1 == d.size.columns),
            );
            let (ya, yb) = (y0 - ext(r.top == 0), y1 + ext(r.bottom + 1 == d.size.rows));
            for y in r.top..=r.bottom {
                let (_, cy) = lay.center((r.left, y));
                let _ = writeln!(
                    o,
                    r#"<line x1="{}" y1="{}" x2="{}" y2="{}"/>"#,
                    n(xa),
                    n(cy),
                    n(xb),
                    n(cy)
                );
            }
            for x in r.left..=r.right {
                let (cx, _) = lay.center((x, r.top));
                let _ = writeln!(
                    o,
                    r#"<line x1="{}" y1="{}" x2="{}" y2="{}"/>"#,
                    n(cx),
                    n(ya),
                    n(cx),
                    n(yb)
                );
            }
            o.push_str("</g>\n");
            let _ = writeln!(o, r#"<g class="star-points" fill="{}">"#, c.line);
            for &p in &d.star_points {
                if r.contains(p) {
                    let (cx, cy) = lay.center(p);
                    let _ = writeln!(
                        o,
                        r#"<circle cx="{}" cy="{}" r="{}"/>"#,
                        n(cx),
                        n(cy),
                        n(s / 9.0)
                    );
                }
            }
        }
        Shape::Squares => {
            for y in r.top..=r.bottom {
                for x in r.left..=r.right {
                    let (cx, cy) = lay.center((x, y));
                    let shade = if (x + y) % 2 == 1 {
                        r##" fill-opacity="0.18" fill="#000000""##
                    } else {
                        ""
                    };
                    let _ = writeln!(
                        o,
                        r#"<rect x="{}" y="{}" width="{}" height="{}"{shade}/>"#,
                        n(cx - s / 2.0),
                        n(cy - s / 2.0),
                        n(s),
                        n(s)
                    );
                }
            }
        }
        Shape::Hexagons => {
            for y in r.top..=r.bottom {
                for x in r.left..=r.right {
                    let _ = writeln!(
                        o,
                        r#"<polygon points="{}"/>"#,
                        hexagon(lay.center((x, y)), s)
                    );
                }
            }
        }
    }
    o.push_str("</g>\n");
}

/// The corners of a pointy-topped hexagon `s` wide centred on `c`.
fn hexagon((cx, cy): (f64, f64), s: f64) -> String {
    let radius = s / 3f64.sqrt();
    (0..6)
        .map(|k| {
            let a = std::f64::consts::PI / 3.0 * f64::from(k) + std::f64::consts::PI / 6.0;
            format!("{},{}", n(cx + radius * a.cos()), n(cy + radius * a.sin()))
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn coords(o: &mut String, d: &Diagram, lay: &Layout, c: Colors, board_h: f64) {
    let r = d.region;
    let s = lay.s;
    let fs = s * 0.45;
    let _ = writeln!(
        o,
        r#"<g class="coordinates" font-size="{}" fill="{}" text-anchor="middle">"#,
        n(fs),
        c.line
    );
    for x in r.left..=r.right {
        let (cx, _) = lay.center((x, r.top));
        let label = escape(&d.column_labels[usize::from(x)]);
        let top = lay.margin * 0.4 + fs * 0.35;
        let bottom = lay.margin + board_h + lay.margin * 0.6 + fs * 0.35;
        let _ = writeln!(o, r#"<text x="{}" y="{}">{label}</text>"#, n(cx), n(top));
        if d.shape != Shape::Hexagons {
            let _ = writeln!(o, r#"<text x="{}" y="{}">{label}</text>"#, n(cx), n(bottom));
        }
    }
    for y in r.top..=r.bottom {
        let (cx, cy) = lay.center((r.left, y));
        let (right, _) = lay.center((r.right, y));
        let label = escape(&d.row_labels[usize::from(y)]);
        let half = if d.shape == Shape::Lines {
            0.0
        } else {
            s / 2.0
        };
        let lx = cx - half - lay.margin * 0.6;
        let _ = writeln!(
            o,
            r#"<text x="{}" y="{}">{label}</text>"#,
            n(lx),
            n(cy + fs * 0.35)
        );
        let rx = right + half + lay.margin * 0.6;
        let _ = writeln!(
            o,
            r#"<text x="{}" y="{}">{label}</text>"#,
            n(rx),
            n(cy + fs * 0.35)
        );
    }
    o.push_str("</g>\n");
}

/// Territory, selection and dimming, under the stones' markup.
fn overlays(o: &mut String, d: &Diagram, lay: &Layout, c: Colors) {
    let s = lay.s;
    for y in d.region.top..=d.region.bottom {
        for x in d.region.left..=d.region.right {
            let Some(cell) = d.cell(x, y) else { continue };
            let (cx, cy) = lay.center((x, y));
            if cell.selected {
                cell_rect(o, (cx, cy), s, "selected", c.accent, "0.35");
            }
        }
    }
}

/// A translucent square over one cell, centred on `(cx, cy)` with side `s`:
/// the selection and dimming overlays.
fn cell_rect(o: &mut String, (cx, cy): (f64, f64), s: f64, class: &str, fill: &str, opacity: &str) {
    let _ = writeln!(
        o,
        r#"<rect class="{class}" x="{}" y="{}" width="{}" height="{}" fill="{fill}" fill-opacity="{opacity}"/>"#,
        n(cx - s / 2.0),
        n(cy - s / 2.0),
        n(s),
        n(s),
    );
}

fn stones(o: &mut String, d: &Diagram, lay: &Layout, c: Colors) {
    let s = lay.s;
    for ((x, y), stone) in d.stones() {
        if !d.region.contains((x, y)) {
            continue;
        }
        let (cx, cy) = lay.center((x, y));
        let point = if d.shape == Shape::Lines && x < 52 && y < 52 {
            sgfkit::game::go::Point::new(x, y).to_string()
        } else {
            d.coordinate((x, y))
        };
        let (fill, radius) = match stone {
            Stone::Black => (c.black, s * 0.47),
            Stone::White => (c.white, s * 0.47),
            Stone::Arrow => ("#808080", s * 0.3),
        };
        let dim = if d.cell(x, y).is_some_and(|c| c.dimmed) {
            r#" opacity="0.45""#
        } else {
            ""
        };
        let _ = writeln!(
            o,
            r#"<circle class="stone {}" data-point="{}" data-x="{x}" data-y="{y}" cx="{}" cy="{}" r="{}" fill="{fill}" stroke="{}" stroke-width="1"{dim}/>"#,
            stone.name(),
            escape(&point),
            n(cx),
            n(cy),
            n(radius),
            c.outline
        );
    }
}

/// The colour that shows on a cell: the contrast of its stone, or lines.
fn ink(stone: Option<Stone>, c: Colors) -> &'static str {
    match stone {
        Some(Stone::Black) => c.white,
        Some(Stone::White) => c.black,
        _ => c.line,
    }
}

fn markup(o: &mut String, d: &Diagram, lay: &Layout, c: Colors) {
    let s = lay.s;
    let r = d.region;
    for y in r.top..=r.bottom {
        for x in r.left..=r.right {
            let Some(cell) = d.cell(x, y) else { continue };
            let (cx, cy) = lay.center((x, y));
            let ink = ink(cell.stone, c);
            let empty = cell.stone.is_none();
            if let Some(t) = cell.territory {
                let fill = if t == Stone::Black { c.black } else { c.white };
                let q = s * 0.18;
                let _ = writeln!(
                    o,
                    r#"<rect class="territory {}" x="{}" y="{}" width="{}" height="{}" fill="{fill}" stroke="{}"/>"#,
                    t.name(),
                    n(cx - q),
                    n(cy - q),
                    n(2.0 * q),
                    n(2.0 * q),
                    c.outline
                );
            }
            let text = cell
                .number
                .map(|k| k.to_string())
                .or_else(|| cell.label.clone());
            if let Some(t) = text {
                let class = if cell.number.is_some() {
                    "number"
                } else {
                    "label"
                };
                if empty && d.shape == Shape::Lines {
                    // Hide the lines under a label on an empty point.
                    let _ = writeln!(
                        o,
                        r#"<circle cx="{}" cy="{}" r="{}" fill="{}"/>"#,
                        n(cx),
                        n(cy),
                        n(s * 0.38),
                        c.board
                    );
                }
                let chars = t.chars().count().max(1) as f64;
                let fs = (s * 0.55).min(s * 1.1 / chars);
                let _ = writeln!(
                    o,
                    r#"<text class="{class}" x="{}" y="{}" font-size="{}" text-anchor="middle" fill="{ink}">{}</text>"#,
                    n(cx),
                    n(cy + fs * 0.36),
                    n(fs),
                    escape(&t)
                );
            } else if let Some(m) = cell.mark {
                let k = s * 0.25;
                let style = format!(
                    r#"fill="none" stroke="{ink}" stroke-width="{}""#,
                    n(s / 16.0)
                );
                let _ = match m {
                    Mark::Circle => writeln!(
                        o,
                        r#"<circle class="mark circle" cx="{}" cy="{}" r="{}" {style}/>"#,
                        n(cx),
                        n(cy),
                        n(k)
                    ),
                    Mark::Square => writeln!(
                        o,
                        r#"<rect class="mark square" x="{}" y="{}" width="{}" height="{}" {style}/>"#,
                        n(cx - k * 0.85),
                        n(cy - k * 0.85),
                        n(k * 1.7),
                        n(k * 1.7)
                    ),
                    Mark::Triangle => writeln!(
                        o,
                        r#"<path class="mark triangle" d="M{} {}L{} {}L{} {}Z" {style}/>"#,
                        n(cx),
                        n(cy - k * 1.1),
                        n(cx + k * 0.95),
                        n(cy + k * 0.55),
                        n(cx - k * 0.95),
                        n(cy + k * 0.55)
                    ),
                    Mark::Cross => writeln!(
                        o,
                        r#"<path class="mark cross" d="M{a} {b}L{c} {e}M{a} {e}L{c} {b}" {style}/>"#,
                        a = n(cx - k * 0.8),
                        b = n(cy - k * 0.8),
                        c = n(cx + k * 0.8),
                        e = n(cy + k * 0.8)
                    ),
                };
            } else if d.last_move == Some((x, y)) && !empty {
                let _ = writeln!(
                    o,
                    r#"<circle class="last-move" cx="{}" cy="{}" r="{}" fill="none" stroke="{}" stroke-width="{}"/>"#,
                    n(cx),
                    n(cy),
                    n(s * 0.22),
                    if c.accent == c.black { ink } else { c.accent },
                    n(s / 12.0)
                );
            }
            if cell.dimmed {
                cell_rect(o, (cx, cy), s, "dimmed", c.board, "0.5");
            }
        }
    }
    for l in &d.lines {
        let (x1, y1) = lay.center(l.from);
        let (x2, y2) = lay.center(l.to);
        let class = if l.arrow { "arrow" } else { "line" };
        let _ = write!(
            o,
            r#"<path class="{class}" d="M{} {}L{} {}"#,
            n(x1),
            n(y1),
            n(x2),
            n(y2)
        );
        if l.arrow {
            // Two strokes for the head.
            let (dx, dy) = (x2 - x1, y2 - y1);
            let len = (dx * dx + dy * dy).sqrt().max(1.0);
            let (ux, uy) = (dx / len, dy / len);
            let k = s * 0.3;
            for sign in [1.0, -1.0] {
                let hx = x2 - k * ux + sign * k * 0.5 * uy;
                let hy = y2 - k * uy - sign * k * 0.5 * ux;
                let _ = write!(o, "M{} {}L{} {}", n(x2), n(y2), n(hx), n(hy));
            }
        }
        let _ = writeln!(
            o,
            r#"" fill="none" stroke="{}" stroke-width="{}" stroke-linecap="round"/>"#,
            c.accent,
            n(s / 12.0)
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::DiagramOptions;

    #[test]
    fn markup_and_numbers_in_svg() {
        let c = sgfkit::parse(
            b"(;SZ[5];B[aa];W[bb]TR[aa]SQ[cc]CR[dd]MA[ee]LB[ea:x]AR[ab:cb]LN[ad:cd]DD[bb]SL[ac])",
        )
        .unwrap();
        let last = c.games().next().unwrap().main_line().last().unwrap();
        let opts = DiagramOptions {
            numbers_from: Some(2),
            ..Default::default()
        };
        let d = Diagram::go(last, &opts).unwrap();
        let doc = svg(&d, &SvgOptions::default());
        for class in [
            "mark triangle",
            "mark square",
            "mark circle",
            "mark cross",
            "label",
            "arrow",
            "line",
            "dimmed",
            "selected",
            "number",
        ] {
            assert!(
                doc.contains(&format!(r#"class="{class}""#)),
                "{class} missing"
            );
        }
        // The number replaces the last-move circle.
        assert!(!doc.contains("last-move"));
        assert_eq!(n(1.0), "1");
        assert_eq!(n(2.456), "2.46");
        assert_eq!(escape("<a&\""), "&lt;a&amp;&quot;");
    }
}
