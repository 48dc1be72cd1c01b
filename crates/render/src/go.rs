//! Go diagrams: the position of a node, its markup and move numbers, and
//! the markup of any game (shared with [`games`](super::games)).

use std::collections::HashMap;

use super::{Diagram, DiagramError, Line, Mark, Region, Shape, Stone};
use sgfkit::game::go::{Board, Go, Move};
use sgfkit::game::{BoardSize, Game};
use sgfkit::grammar::value::{PointListItem, expand};
use sgfkit::property::typed::Value;
use sgfkit::record::{apply_node, position_at};
use sgfkit::tree::Node;

/// What a [`Diagram`] shows besides the position.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DiagramOptions {
    /// Number the stones played by moves numbered this or later (see the
    /// module's documentation); `None` numbers nothing.
    pub numbers_from: Option<u32>,
    /// The part of the board to draw; `None` draws it all.
    pub region: Option<Region>,
    /// Leave out the node's markup (`TR`, `SQ`, `CR`, `MA`, `SL`, `LB`, `DD`,
    /// `AR`, `LN`, `TB`, `TW`).
    pub no_markup: bool,
}

impl Diagram {
    /// The diagram of a Go node: the position after its setup and moves
    /// (as [`position_at`] computes it), its markup, the last move, the
    /// captures, and move numbers if asked.
    ///
    /// # Errors
    /// [`DiagramError::NoDiagram`] when the tree is not Go, `BadSize` for an
    /// unusable `SZ`, `Region` when the region does not fit the board.
    ///
    /// ```
    /// use sgfkit_render::{Diagram, DiagramOptions, Stone};
    /// // White captures at aa; move 1 is gone, noted under the diagram.
    /// let c = sgfkit::parse(b"(;SZ[9];B[aa];W[ba];B[ee];W[ab])")?;
    /// let last = c.games().next().unwrap().main_line().last().unwrap();
    /// let opts = DiagramOptions { numbers_from: Some(1), ..Default::default() };
    /// let d = Diagram::go(last, &opts)?;
    /// assert_eq!(d.cell(0, 1).unwrap().number, Some(4));
    /// assert_eq!(d.cell(0, 0).unwrap().stone, None);
    /// assert_eq!(d.last_move, Some((0, 1)));
    /// assert_eq!(d.notes, ["1 at A9 (captured)"]);
    /// assert_eq!(d.captures, Some((1, 0)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn go(node: Node<'_, '_>, options: &DiagramOptions) -> Result<Diagram, DiagramError> {
        let (board, numbers) = match options.numbers_from {
            None => {
                let (board, _) = position_at(node).map_err(position_error)?;
                (board, None)
            }
            Some(from) => {
                let (board, numbers) = replay_numbered(node, from)?;
                (board, Some(numbers))
            }
        };
        let size = board.size();
        let mut d = Diagram::empty("Go", Shape::Lines, size);
        d.star_points = star_points(size);
        for (p, color) in board.stones() {
            if let Some(cell) = d.cell_mut(p.x, p.y) {
                cell.stone = Some(Stone::of(color));
            }
        }
        d.captures = Some((
            board.captured(sgfkit::game::go::Color::Black),
            board.captured(sgfkit::game::go::Color::White),
        ));
        if let Some(numbers) = numbers {
            numbers.apply(&mut d);
        }
        d.last_move = ["B", "W"].iter().find_map(|c| {
            let value = node.get(c)?.value();
            match Go::read_move(value, size).ok()? {
                Move::Play(p) => Some((p.x, p.y)),
                Move::Pass => None,
            }
        });
        if !options.no_markup {
            markup::<Go>(node, size, &mut d);
        }
        set_region(&mut d, options.region)?;
        Ok(d)
    }
}

/// Applies the region asked for, if any.
pub(super) fn set_region(d: &mut Diagram, region: Option<Region>) -> Result<(), DiagramError> {
    if let Some(r) = region {
        if !r.fits(d.size) {
            return Err(super::RegionError {
                text: format!(
                    "{}:{}",
                    d.coordinate((r.left, r.top)),
                    d.coordinate((r.right, r.bottom))
                ),
                reason: format!("does not fit a {}x{} board", d.size.columns, d.size.rows),
            }
            .into());
        }
        d.region = r;
    }
    Ok(())
}

fn position_error(e: sgfkit::record::PositionError) -> DiagramError {
    match e {
        sgfkit::record::PositionError::NotGo(m) => DiagramError::NoDiagram(m.to_string()),
        other => DiagramError::BadSize(other.to_string()),
    }
}

/// Move numbers along the path: which move put each stone there, and the
/// numbered moves no longer visible.
struct Numbers {
    from: u32,
    /// The number of the move whose stone stands on each cell.
    origin: HashMap<(u16, u16), u32>,
    /// Every move numbered `from` or later: number and point (`None`: pass).
    moves: Vec<(u32, Option<(u16, u16)>)>,
}

impl Numbers {
    fn apply(&self, d: &mut Diagram) {
        for (&(x, y), &n) in &self.origin {
            if n >= self.from
                && let Some(cell) = d.cell_mut(x, y)
                && cell.stone.is_some()
            {
                cell.number = Some(n);
            }
        }
        for &(n, at) in &self.moves {
            let Some(p) = at else {
                d.notes.push(format!("{n} pass"));
                continue;
            };
            let shown = d.cell(p.0, p.1).and_then(|c| c.number);
            match shown {
                Some(k) if k == n => {}
                Some(k) => d.notes.push(format!("{n} at {k}")),
                None => {
                    let at = d.coordinate(p);
                    d.notes.push(format!("{n} at {at} (captured)"));
                }
            }
        }
    }
}

/// Replays the path to `node` as [`position_at`] does, keeping move numbers.
fn replay_numbered(node: Node<'_, '_>, from: u32) -> Result<(Board, Numbers), DiagramError> {
    let (empty, _) = position_at(node.game_root()).map_err(position_error)?;
    let size = empty.size();
    let mut board = Board::new(size);
    let mut path: Vec<Node<'_, '_>> = std::iter::successors(Some(node), Node::parent).collect();
    path.reverse();
    let mut numbers = Numbers {
        from,
        origin: HashMap::new(),
        moves: Vec::new(),
    };
    let mut reports = Vec::new();
    let mut number: u32 = 0;
    for n in path {
        apply_node(&mut board, n, &mut reports);
        reports.clear();
        // Setup or captures may have emptied or refilled cells.
        numbers
            .origin
            .retain(|&(x, y), _| board.get(sgfkit::game::go::Point::new(x, y)).is_some());
        let has_setup = ["AB", "AW"].iter().any(|i| n.get(i).is_some());
        let played = ["B", "W"]
            .iter()
            .filter_map(|c| n.get(c))
            .map(|p| Go::read_move(p.value(), size).ok())
            .collect::<Vec<_>>();
        if has_setup {
            // A set-up stone has no number.
            setup_points(n, size, &mut numbers.origin);
        }
        for m in played {
            number = match n
                .get("MN")
                .and_then(|v| std::str::from_utf8(v.value()).ok()?.trim().parse().ok())
            {
                Some(k) => k,
                None => number.saturating_add(1),
            };
            let at = match m {
                Some(Move::Play(p)) => Some((p.x, p.y)),
                Some(Move::Pass) => None,
                None => continue,
            };
            if let Some(at) = at {
                if board
                    .get(sgfkit::game::go::Point::new(at.0, at.1))
                    .is_some()
                {
                    numbers.origin.insert(at, number);
                } else {
                    numbers.origin.remove(&at);
                }
            }
            if number >= from {
                numbers.moves.push((number, at));
            }
        }
    }
    Ok((board, numbers))
}

/// Forgets the move numbers of cells that `AB` or `AW` of `n` set up.
fn setup_points(n: Node<'_, '_>, size: BoardSize, origin: &mut HashMap<(u16, u16), u32>) {
    for prop in n.props_on::<Go>(size) {
        if matches!(prop.ident(), "AB" | "AW")
            && let Some(Value::Points(items)) = prop.value()
            && let Ok(points) = expand(&items)
        {
            for p in points {
                origin.remove(&(p.x, p.y));
            }
        }
    }
}

/// Go's star points: on each side 3 lines in (4 on boards of 13 and more),
/// the middle of a side on boards of 15 and more, and the centre of an odd
/// board of 9 and more.
fn star_points(size: BoardSize) -> Vec<(u16, u16)> {
    let axis = |n: u16| -> Vec<u16> {
        if n < 7 {
            return Vec::new();
        }
        let e = if n >= 13 { 3 } else { 2 };
        let mut v = vec![e, n - 1 - e];
        if n % 2 == 1 && n >= 15 {
            v.push(n / 2);
        }
        v
    };
    let (xs, ys) = (axis(size.columns), axis(size.rows));
    let mut points: Vec<(u16, u16)> = xs
        .iter()
        .flat_map(|&x| ys.iter().map(move |&y| (x, y)))
        .collect();
    let (w, h) = (size.columns, size.rows);
    if w % 2 == 1 && h % 2 == 1 && w >= 9 && h >= 9 && !points.contains(&(w / 2, h / 2)) {
        points.push((w / 2, h / 2));
    }
    points.sort_unstable();
    points
}

/// Adds the markup of `node` (read as game `G` on a board of `size`) to
/// `d`: `TR`, `SQ`, `CR`, `MA`, `SL`, `TB`, `TW`, `LB`, `AR`, `LN`, and the
/// `DD` in force (the nearest one on the path from the root).
pub(super) fn markup<G: Game>(node: Node<'_, '_>, size: BoardSize, d: &mut Diagram) {
    let cell = |p: &G::Point| G::point_cell(p, size);
    for prop in node.props_on::<G>(size) {
        let ident = prop.ident().to_string();
        match prop.value() {
            Some(Value::Points(items)) => {
                for (x, y) in cells_of_items(&items, cell, d.size) {
                    let Some(c) = d.cell_mut(x, y) else { continue };
                    match ident.as_str() {
                        "TR" => c.mark = Some(Mark::Triangle),
                        "SQ" => c.mark = Some(Mark::Square),
                        "CR" => c.mark = Some(Mark::Circle),
                        "MA" => c.mark = Some(Mark::Cross),
                        "SL" => c.selected = true,
                        "TB" => c.territory = Some(Stone::Black),
                        "TW" => c.territory = Some(Stone::White),
                        _ => {}
                    }
                }
            }
            Some(Value::Labels(labels)) if ident == "LB" => {
                for (p, text) in labels {
                    if let Some((x, y)) = cell(&p)
                        && let Some(c) = d.cell_mut(x, y)
                    {
                        c.label = Some(text);
                    }
                }
            }
            Some(Value::PointPairs(pairs)) if ident == "AR" || ident == "LN" => {
                for (a, b) in pairs {
                    if let (Some(from), Some(to)) = (cell(&a), cell(&b)) {
                        d.lines.push(Line {
                            from,
                            to,
                            arrow: ident == "AR",
                        });
                    }
                }
            }
            _ => {}
        }
    }
    let dd = std::iter::successors(Some(node), Node::parent).find(|n| n.get("DD").is_some());
    if let Some(dd) = dd {
        for prop in dd.props_on::<G>(size) {
            if prop.ident() == "DD"
                && let Some(Value::Points(items)) = prop.value()
            {
                for (x, y) in cells_of_items(&items, cell, d.size) {
                    if let Some(c) = d.cell_mut(x, y) {
                        c.dimmed = true;
                    }
                }
            }
        }
    }
}

/// The cells of a point list, rectangles filled in (within the board, so
/// hostile lists cost at most the board's size per item).
pub(super) fn cells_of_items<P>(
    items: &[PointListItem<P>],
    cell: impl Fn(&P) -> Option<(u16, u16)>,
    size: BoardSize,
) -> Vec<(u16, u16)> {
    let mut out = Vec::new();
    for item in items {
        match item {
            PointListItem::Point(p) => out.extend(cell(p)),
            PointListItem::Rectangle(a, b) => {
                let (Some(a), Some(b)) = (cell(a), cell(b)) else {
                    continue;
                };
                let right = a.0.max(b.0).min(size.columns.saturating_sub(1));
                let bottom = a.1.max(b.1).min(size.rows.saturating_sub(1));
                for y in a.1.min(b.1)..=bottom {
                    for x in a.0.min(b.0)..=right {
                        out.push((x, y));
                    }
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn star_points_by_size() {
        assert_eq!(star_points(BoardSize::square(19)).len(), 9);
        assert_eq!(star_points(BoardSize::square(13)).len(), 5);
        assert_eq!(
            star_points(BoardSize::square(9)),
            [(2, 2), (2, 6), (4, 4), (6, 2), (6, 6)]
        );
        assert!(star_points(BoardSize::square(5)).is_empty());
        assert_eq!(star_points(BoardSize::new(19, 9)).len(), 7);
    }

    #[test]
    fn numbers_replayed_point_and_markup() {
        // 1 B aa, 2 W ba, 3 B ee, 4 W ab captures aa, 5 B cc, 6 W aa (played again).
        let src = b"(;SZ[9];B[aa];W[ba];B[ee];W[ab];B[cc];W[aa]TR[ee]LB[cc:x]DD[ff]AR[aa:cc])";
        let c = sgfkit::parse(src).unwrap();
        let last = c.games().next().unwrap().main_line().last().unwrap();
        let opts = DiagramOptions {
            numbers_from: Some(2),
            ..Default::default()
        };
        let d = Diagram::go(last, &opts).unwrap();
        assert_eq!(d.cell(0, 0).unwrap().number, Some(6));
        assert_eq!(d.cell(0, 0).unwrap().stone, Some(Stone::White));
        assert_eq!(d.cell(4, 4).unwrap().number, Some(3));
        assert_eq!(d.cell(4, 4).unwrap().mark, Some(Mark::Triangle));
        assert_eq!(d.cell(2, 2).unwrap().label.as_deref(), Some("x"));
        assert!(d.cell(5, 5).unwrap().dimmed);
        assert_eq!(d.lines.len(), 1);
        // Move 1 is before 2: not numbered, not noted.
        assert!(d.notes.is_empty(), "{:?}", d.notes);
    }
}
