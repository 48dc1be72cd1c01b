//! `sgfkit show`: a board diagram of one node, in the terminal, as SVG or
//! as PNG (the crate `sgfkit-render`).

use crate::input::{self, EncodingArgs};
use crate::output::Context;
use crate::run::Status;
use sgfkit::Node;
use sgfkit::record::{GameInfo, Overtime, Player, TimeControl};
use sgfkit_render::{
    self as render, Diagram, DiagramOptions, Region, SvgOptions, TextOptions, Theme,
};
use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;

/// Draw the board at one node: on a terminal in Unicode and colours, with
/// the game's players, result and the node's comment below; as plain ASCII
/// (`X`, `O`, `.`, hoshi `+`, the last move in parentheses) with --ascii or
/// into a pipe; as SVG or PNG with --svg or --png.
///
/// Diagrams are drawn for Go, Hex, Amazons and Lines of Action; for another
/// game `show` says so and exits with 2. Node numbers are those `sgfkit
/// tree` prints: the root is 0, then file order (pre-order).
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// The file; `-` or nothing reads standard input.
    path: Option<PathBuf>,
    /// Which game tree of the file (1 is the first).
    #[arg(long, value_name = "N", default_value_t = 1)]
    game: usize,
    /// The position after move N of the main line (0: the root).
    #[arg(long = "move", value_name = "N", conflicts_with_all = ["node", "last"])]
    move_number: Option<usize>,
    /// The position at node N (as `sgfkit tree` numbers them).
    #[arg(long, value_name = "N", conflicts_with = "last")]
    node: Option<usize>,
    /// The position at the end of the main line (the default).
    #[arg(long)]
    last: bool,
    /// Write an SVG diagram to OUT (`-`: standard output).
    #[arg(long, value_name = "OUT", conflicts_with = "png")]
    svg: Option<PathBuf>,
    /// Write a PNG diagram to OUT.
    #[arg(long, value_name = "OUT")]
    png: Option<PathBuf>,
    /// Draw only this part of the board: two corners, GTP (a1:k10) or SGF
    /// points (aa:jj).
    #[arg(long, value_name = "A:B")]
    range: Option<String>,
    /// Number the stones of moves FROM and later (SVG and PNG; moves
    /// captured or played over are listed under the board, `12 at 5`).
    #[arg(long, value_name = "FROM")]
    numbers: Option<u32>,
    /// Coordinates around the SVG or PNG board (always on in the terminal).
    #[arg(long)]
    coords: bool,
    /// Colours of the SVG or PNG.
    #[arg(long, value_enum, default_value_t = ThemeArg::Light)]
    theme: ThemeArg,
    /// Plain ASCII in the terminal.
    #[arg(long)]
    ascii: bool,
    /// Leave out the node's markup (TR, SQ, CR, MA, SL, LB, DD, AR, LN, TB, TW).
    #[arg(long)]
    no_markup: bool,
    #[command(flatten)]
    encoding: EncodingArgs,
}

#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
enum ThemeArg {
    Light,
    Dark,
    Print,
}

/// A usage problem: said on stderr, exit 2.
fn usage(status: &mut Status, message: &str) -> io::Result<Status> {
    writeln!(io::stderr(), "sgfkit: {message}")?;
    status.failed_paths += 1;
    Ok(*status)
}

pub(crate) fn run(args: &Args, ctx: &Context) -> io::Result<Status> {
    let read = input::read_options(&args.encoding)?;
    let mut status = Status::default();
    let Some((name, bytes)) = input::read_single(args.path.as_deref(), &mut status)? else {
        return Ok(status);
    };
    let doc = input::read(&bytes, &read);
    let tree = doc.collection();
    if tree.games().len() == 0 {
        writeln!(io::stderr(), "{}", input::no_game_tree(&name, &doc))?;
        status.files_with_errors += 1;
        return Ok(status);
    }
    let Some(root) = args.game.checked_sub(1).and_then(|i| tree.games().nth(i)) else {
        let n = tree.games().len();
        return usage(
            &mut status,
            &format!("{name}: no game {} (the file has {n})", args.game),
        );
    };
    let node = match pick(root, args) {
        Ok(node) => node,
        Err(message) => return usage(&mut status, &format!("{name}: {message}")),
    };
    let (game, _) = root.game().unwrap_or_else(|e| e.read_as_go());
    let size = root.board_size(game).map(|(size, _)| size);
    let region = match (&args.range, size) {
        (Some(text), Ok(size)) => match Region::parse(text, size) {
            Ok(r) => Some(r),
            Err(e) => return usage(&mut status, &e.to_string()),
        },
        _ => None,
    };
    let options = DiagramOptions {
        numbers_from: args.numbers,
        region,
        no_markup: args.no_markup,
    };
    let diagram = match Diagram::of(node, &options) {
        Ok(d) => d,
        Err(e) => return usage(&mut status, &format!("{name}: {e}")),
    };
    let svg_options = SvgOptions {
        theme: match args.theme {
            ThemeArg::Light => Theme::Light,
            ThemeArg::Dark => Theme::Dark,
            ThemeArg::Print => Theme::Print,
        },
        coords: args.coords,
        ..SvgOptions::default()
    };
    if let Some(out) = &args.svg {
        let doc = render::svg(&diagram, &svg_options);
        if out.as_os_str() == "-" {
            io::stdout().lock().write_all(doc.as_bytes())?;
        } else if let Err(e) = std::fs::write(out, doc) {
            return usage(&mut status, &format!("{}: {e}", out.display()));
        }
        return Ok(status);
    }
    if let Some(out) = &args.png {
        return write_png(&diagram, &svg_options, out, &mut status);
    }
    let unicode = !args.ascii && io::stdout().is_terminal();
    let text_options = TextOptions {
        unicode,
        color: unicode && ctx.color,
        coords: true,
    };
    let mut out = io::stdout().lock();
    out.write_all(render::text(&diagram, &text_options).as_bytes())?;
    for line in info(root, node, &diagram) {
        writeln!(out, "{line}")?;
    }
    out.flush()?;
    Ok(status)
}

/// `--png OUT`.
#[cfg(feature = "png")]
fn write_png(
    diagram: &Diagram,
    options: &SvgOptions,
    out: &std::path::Path,
    status: &mut Status,
) -> io::Result<Status> {
    let image = match render::png(diagram, options) {
        Ok(image) => image,
        Err(e) => return usage(status, &e.to_string()),
    };
    if !image.text_drawn {
        writeln!(
            io::stderr(),
            "sgfkit: warning: no system font found: coordinates, numbers and labels are left out of the PNG"
        )?;
    }
    if let Err(e) = std::fs::write(out, &image.data) {
        return usage(status, &format!("{}: {e}", out.display()));
    }
    Ok(*status)
}

/// `--png OUT` in a build without the `png` feature.
#[cfg(not(feature = "png"))]
fn write_png(
    _: &Diagram,
    _: &SvgOptions,
    _: &std::path::Path,
    status: &mut Status,
) -> io::Result<Status> {
    usage(
        status,
        "this sgfkit was built without PNG output (cargo feature `png`)",
    )
}

/// The node asked for: `--node`, `--move` or the end of the main line.
fn pick<'c, 'a>(root: Node<'c, 'a>, args: &Args) -> Result<Node<'c, 'a>, String> {
    if let Some(n) = args.node {
        return root
            .descendants()
            .nth(n)
            .ok_or_else(|| format!("no node {n} (the game has {})", root.descendants().count()));
    }
    if let Some(m) = args.move_number {
        if m == 0 {
            return Ok(root);
        }
        let mut seen = 0;
        for node in root.main_line() {
            if node.get("B").is_some() || node.get("W").is_some() {
                seen += 1;
                if seen == m {
                    return Ok(node);
                }
            }
        }
        return Err(format!("no move {m} (the main line has {seen})"));
    }
    Ok(root.main_line().last().unwrap_or(root))
}

/// A property's text, decoded, on one line.
fn simple(node: Node<'_, '_>, ident: &str) -> Option<String> {
    let p = node.get(ident)?;
    let t = sgfkit::text::decode_str(p.value(), sgfkit::text::TextKind::SimpleText);
    let t = t.trim();
    (!t.is_empty()).then(|| t.to_string())
}

/// The lines under the board: players with their ranks, komi, result;
/// rules and time control; the node, captures, the comment.
fn info(root: Node<'_, '_>, node: Node<'_, '_>, d: &Diagram) -> Vec<String> {
    let mut lines = Vec::new();
    let facts = GameInfo::read(root);
    // The rank as read (`9p` for `P9段`), or its text when it gives none.
    let player = |p: &Player, rank: &str| {
        let name = p.name.clone()?;
        let rank = match &p.rank {
            Some(Ok(r)) => Some(r.to_string()),
            Some(Err(_)) => simple(root, rank),
            None => None,
        };
        Some(match rank {
            Some(r) => format!("{name} {r}"),
            None => name,
        })
    };
    let (b, w) = (player(&facts.black, "BR"), player(&facts.white, "WR"));
    if b.is_some() || w.is_some() {
        let mut line = format!(
            "Black: {}   White: {}",
            b.as_deref().unwrap_or("?"),
            w.as_deref().unwrap_or("?")
        );
        for (ident, label) in [("KM", "komi"), ("RE", "result")] {
            if let Some(v) = simple(root, ident) {
                line.push_str(&format!("   {label} {v}"));
            }
        }
        lines.push(line);
    }
    let mut rules_time = Vec::new();
    if let Some(r) = &facts.rules {
        // The rule set's name, or the text of rules sgfkit does not know.
        let name = r.get().map_or(r.text.as_str(), |r| r.name());
        rules_time.push(format!("Rules: {name}"));
    }
    if let Some(t) = time_control(&facts.time) {
        rules_time.push(format!("Time: {t}"));
    }
    if !rules_time.is_empty() {
        lines.push(rules_time.join("   "));
    }
    let mut here = format!("{} node {}", d.game, node.number());
    let moves = std::iter::successors(Some(node), Node::parent)
        .filter(|n| n.get("B").is_some() || n.get("W").is_some())
        .count();
    if moves > 0 {
        here.push_str(&format!(", move {moves}"));
    }
    if let Some(p) = d.last_move {
        let color = if node.get("B").is_some() { "B" } else { "W" };
        here.push_str(&format!(" ({color} {})", d.coordinate(p)));
    }
    if let Some((b, w)) = d.captures {
        here.push_str(&format!(", captured: {b} black, {w} white"));
    }
    lines.push(here);
    if let Some(name) = simple(node, "N") {
        lines.push(format!("[{name}]"));
    }
    if let Some(c) = node.get("C") {
        let text = sgfkit::text::decode_str(c.value(), sgfkit::text::TextKind::Text);
        if !text.trim().is_empty() {
            lines.push(String::new());
            lines.extend(text.trim_end().lines().map(str::to_string));
        }
    }
    lines
}

/// A time control in words: `1:00:00 + 5×30 s byo-yomi`,
/// `30:00 + 25 moves / 10:00 canadian`, `10:00 + 10 s fischer`; `None`
/// when neither the main time nor the overtime was read.
fn time_control(t: &TimeControl) -> Option<String> {
    let over = t.overtime.map(|o| match o {
        Overtime::ByoYomi { periods, period_s } => {
            format!("{periods}×{} byo-yomi", duration(period_s))
        }
        Overtime::Canadian { stones, period_s } => {
            format!("{stones} moves / {} canadian", duration(period_s))
        }
        Overtime::Fischer { increment_s } => format!("{} fischer", duration(increment_s)),
        other => other.name().to_string(),
    });
    match (t.main_s.map(duration), over) {
        (Some(main), Some(over)) => Some(format!("{main} + {over}")),
        (Some(main), None) => Some(main),
        (None, Some(over)) => Some(over),
        (None, None) => None,
    }
}

/// Seconds as a clock (`1:00:00`, `30:00`) from a minute up, else `30 s`
/// (a fraction kept: `2.5 s`).
fn duration(s: f64) -> String {
    if s < 60.0 || s.fract() != 0.0 {
        return format!("{s} s");
    }
    // Whole seconds of a read duration (below 10^9 s × 3600).
    let s = s as u64;
    let (h, m, s) = (s / 3600, s / 60 % 60, s % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}
