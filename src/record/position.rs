//! Replaying Go setup and moves on a [`Board`]: [`position_at`] and
//! [`apply_node`], with a [`MoveReport`] for every illegal move and unusable
//! value.

use crate::game::go::{Board, Color, Go, Move, MoveSummary, Point, point, quick_move, quick_point};
use crate::game::{BoardSize, Game, GameMismatch, GameType};
use crate::grammar::RawValues;
use crate::grammar::value::{epoint_list, expand};
use crate::tree::Node;

/// Something wrong that [`position_at`] or [`apply_node`] met in a node: an illegal move or a
/// value it could not use. The position is computed anyway.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveReport {
    /// The node's number in its game tree (root = 0, file order), see
    /// [`Node::number`](crate::Node::number).
    pub node: usize,
    /// The property concerned: `B`, `W`, `AB`, `AW` or `AE`.
    pub property: &'static str,
    /// What happened.
    pub kind: ReportKind,
}

/// `node 3: W[aa] is suicide (removes aa)`: the node, the property and what
/// happened, points as SGF letters.
impl std::fmt::Display for MoveReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "node {}: {}", self.node, self.property)?;
        let list = |points: &[Point]| {
            points
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        };
        match &self.kind {
            ReportKind::Suicide(points) => write!(
                f,
                "[{}] is suicide (removes {})",
                points.first().map(ToString::to_string).unwrap_or_default(),
                list(points)
            ),
            ReportKind::KoRetake(p) => write!(f, "[{p}] retakes a ko at once"),
            ReportKind::Occupied(p, c) => {
                let c = if *c == Color::Black { "black" } else { "white" };
                write!(f, "[{p}] is played on a {c} stone")
            }
            ReportKind::Invalid(why) => write!(f, ": {why}"),
        }
    }
}

impl std::error::Error for MoveReport {}

/// The kinds of [`MoveReport`].
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ReportKind {
    /// The move was suicide: these stones of the mover (the played one included) were removed.
    Suicide(Vec<Point>),
    /// The move retook a ko at once, on this point.
    KoRetake(Point),
    /// The move was played on a point that held a stone of this colour, which it replaced.
    Occupied(Point, Color),
    /// A value that is not a point or move on this board, or a malformed point list; it was
    /// skipped.
    Invalid(String),
}

/// Why a tree cannot be replayed as Go: the error of [`position_at`] and
/// [`GoGame::new`](super::GoGame::new).
///
/// ```
/// use sgfkit::record::{GoGame, PositionError};
/// let c = sgfkit::parse(b"(;GM[2]SZ[8];B[d3])(;SZ[x])")?;
/// let mut games = c.games();
/// let e = GoGame::new(games.next().unwrap()).unwrap_err();
/// assert_eq!(e.to_string(), "this game is Othello (GM[2]), not Go");
/// assert!(matches!(GoGame::new(games.next().unwrap()), Err(PositionError::BadSize(_))));
/// # Ok::<(), sgfkit::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PositionError {
    /// The tree's `GM` names another game ([`Node::game`]), or a number
    /// FF\[4\] does not know.
    #[error("{0}")]
    NotGo(GameMismatch),
    /// The root's `SZ` is unusable (see [`Node::board_size`]).
    #[error("{0}")]
    BadSize(String),
}

/// The size of a Go tree whose root is `root`, or why it cannot be replayed
/// as Go.
pub(crate) fn go_size(root: Node<'_, '_>) -> Result<BoardSize, PositionError> {
    root.require_game::<Go>().map_err(PositionError::NotGo)?;
    root.board_size(GameType::Go)
        .map(|(size, _)| size)
        .map_err(PositionError::BadSize)
}

/// The Go position at `node`: setup (`AB`, `AW`, `AE`, compressed point lists expanded) and
/// moves (`B`, `W`) applied on the path from the game's root to `node`, both included, with a
/// report of every illegal move (suicide, immediate ko retake, move onto a stone) and unusable
/// value, in order.
///
/// `GM` must be Go ([`Node::game`]: missing or `GM[1]`); the board size
/// comes from [`Node::board_size`]. To replay the
/// main line, [`GoGame`](super::GoGame) is shorter.
///
/// # Errors
/// [`PositionError::NotGo`] for another game, [`PositionError::BadSize`] for an unusable `SZ`.
///
/// ```
/// use sgfkit::game::go::{Color, Point};
/// use sgfkit::record::{position_at, ReportKind};
/// let c = sgfkit::parse(b"(;SZ[5]AB[ab:bb][ba];W[aa];B[aa])")?;
/// let last = c.games().next().unwrap().main_line().last().unwrap();
/// let (board, reports) = position_at(last).unwrap();
/// // W[aa] was suicide, B[aa] fine.
/// assert_eq!(reports.len(), 1);
/// assert_eq!(reports[0].node, 1);
/// assert_eq!(reports[0].kind, ReportKind::Suicide(vec![Point::new(0, 0)]));
/// assert_eq!(board.get(Point::new(0, 0)), Some(Color::Black));
/// assert_eq!(board.captured(Color::White), 0); // suicide is no capture
/// # Ok::<(), sgfkit::Error>(())
/// ```
pub fn position_at(node: Node<'_, '_>) -> Result<(Board, Vec<MoveReport>), PositionError> {
    let size = go_size(node.game_root())?;
    let mut path: Vec<Node<'_, '_>> = std::iter::successors(Some(node), Node::parent).collect();
    path.reverse();
    let mut board = Board::new(size);
    let mut reports = Vec::new();
    // Along first children from the root a node's number is its depth;
    // past the first node that is not a first child, ask the tree. (Asking
    // each node whether its own path is all first children would walk the
    // path again for every node: quadratic on a long main line.)
    let mut main_line = true;
    let mut parent: Option<Node<'_, '_>> = None;
    for (depth, n) in path.into_iter().enumerate() {
        main_line = main_line && parent.is_none_or(|p| p.first_child() == Some(n));
        let number = if main_line { depth } else { n.number() };
        apply_numbered(&mut board, n, number, &mut reports);
        parent = Some(n);
    }
    Ok((board, reports))
}

/// The moves one node held, as [`apply_node`] played them: colour, move and
/// what it did, Black's first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct NodeMoves {
    played: [Option<(Color, Move, MoveSummary)>; 2],
}

impl NodeMoves {
    /// The moves played, in order (none for a node without a move, two for
    /// a node with both `B` and `W`).
    pub fn iter(&self) -> impl Iterator<Item = (Color, Move, MoveSummary)> + '_ {
        self.played.iter().flatten().copied()
    }

    /// True when the node held no move that could be played.
    pub fn is_empty(&self) -> bool {
        self.played.iter().all(Option::is_none)
    }
}

/// Apply one node's setup and moves to `board`, pushing reports to `reports`: the step
/// [`position_at`] repeats along a path. Setup comes first (`AE`, then `AB`, then `AW`), then
/// `PL` (whose turn it is), then `B`, then `W`. Gives each move played and what it did.
///
/// ```
/// use sgfkit::game::{BoardSize, go::{Board, Color, Point}};
/// use sgfkit::record::apply_node;
/// let c = sgfkit::parse(b"(;AB[aa];W[ba];W[ab])")?;
/// let mut board = Board::new(BoardSize::square(9));
/// let mut reports = Vec::new();
/// let mut captures = Vec::new();
/// for n in c.games().next().unwrap().main_line() {
///     let played = apply_node(&mut board, n, &mut reports);
///     captures.extend(played.iter().map(|(_, _, s)| s.captured));
/// }
/// assert!(reports.is_empty());
/// assert_eq!(captures, [0, 1]);
/// assert_eq!(board.captured(Color::Black), 1);
/// assert_eq!(board.get(Point::new(0, 0)), None);
/// # Ok::<(), sgfkit::Error>(())
/// ```
pub fn apply_node(
    board: &mut Board,
    node: Node<'_, '_>,
    reports: &mut Vec<MoveReport>,
) -> NodeMoves {
    apply_numbered(board, node, node.number(), reports)
}

/// [`apply_node`] for a node whose number (for the reports) is known.
/// Public for sgfkit-export's replay, which counts the nodes itself.
#[doc(hidden)]
pub fn apply_numbered(
    board: &mut Board,
    node: Node<'_, '_>,
    number: usize,
    reports: &mut Vec<MoveReport>,
) -> NodeMoves {
    let size = board.size();
    let mut report = |property: &'static str, kind: ReportKind| {
        reports.push(MoveReport {
            node: number,
            property,
            kind,
        });
    };
    // AE, AB, AW, B and W (the first of each), found in one pass by their
    // identifiers' bytes: this is the inner loop of every replay. Each is
    // kept as its raw values text.
    let mut picked: [Option<&[u8]>; 6] = [None; 6];
    for (ident, values_raw) in node.raw_properties() {
        let k = match *ident {
            [b'B'] => 3,
            [b'W'] => 4,
            [b'A', b'E'] => 0,
            [b'A', b'B'] => 1,
            [b'A', b'W'] => 2,
            [b'P', b'L'] => 5,
            _ => continue,
        };
        if picked[k].is_none() {
            picked[k] = Some(values_raw);
        }
    }
    // Most nodes have no setup: skip the loop (and its array) for them.
    let setups = if picked[..3].iter().any(Option::is_some) {
        &[
            (0, "AE", None),
            (1, "AB", Some(Color::Black)),
            (2, "AW", Some(Color::White)),
        ][..]
    } else {
        &[]
    };
    for &(k, ident, stone) in setups {
        let Some(values_raw) = picked[k] else {
            continue;
        };
        // Plain points (`AB[dd][pp]`), none twice: set up straight from the
        // text, without the lists the general reader builds.
        if let Some(points) = quick_points(values_raw, size) {
            for p in points {
                let _ = board.setup(p, stone);
            }
            continue;
        }
        let values: Vec<&[u8]> = RawValues::new(values_raw).collect();
        let items = match epoint_list(|i| point(i, size), &values) {
            Ok(items) => items,
            Err(e) => {
                report(ident, ReportKind::Invalid(format!("{ident}: {e}")));
                continue;
            }
        };
        match expand(&items) {
            Ok(points) => {
                for p in points {
                    // Points come from `point`, so they are on the board.
                    let _ = board.setup(p, stone);
                }
            }
            Err(e) => report(ident, ReportKind::Invalid(format!("{ident}: {e}"))),
        }
    }
    if let Some(pl) = picked[5] {
        match RawValues::new(pl).next() {
            Some(b"B" | b"b") => board.set_to_move(Color::Black),
            Some(b"W" | b"w") => board.set_to_move(Color::White),
            _ => {}
        }
    }
    let mut played = NodeMoves::default();
    for (slot, &(k, ident, color)) in [(3, "B", Color::Black), (4, "W", Color::White)]
        .iter()
        .enumerate()
    {
        let Some(values_raw) = picked[k] else {
            continue;
        };
        // `[pd]` and `[]` directly; anything else through the value reader.
        let m = match quick_move(values_raw, size) {
            Some(m) => m,
            None => {
                let value = RawValues::new(values_raw).next().unwrap_or(&[]);
                match Go::read_move(value, size) {
                    Ok(m) => m,
                    Err(e) => {
                        let shown = String::from_utf8_lossy(value);
                        report(ident, ReportKind::Invalid(format!("{ident}[{shown}]: {e}")));
                        continue;
                    }
                }
            }
        };
        // No list of captured stones is built; the suicide list stays
        // unallocated unless the move is suicide.
        let mut suicide = Vec::new();
        let Ok(out) = board.play_noting_suicide(color, m, &mut suicide) else {
            continue;
        };
        played.played[slot] = Some((color, m, out));
        let Move::Play(p) = m else { continue };
        if let Some(was) = out.occupied {
            report(ident, ReportKind::Occupied(p, was));
        }
        if out.ko {
            report(ident, ReportKind::KoRetake(p));
        }
        if out.suicide > 0 {
            report(ident, ReportKind::Suicide(suicide));
        }
    }
    played
}

/// The points of a setup property whose raw values text is only plain
/// points on the board (`[dd][pp]`, no space between), none twice, in
/// order: what [`epoint_list`] and [`expand`] would give for it. `None` for
/// anything else (a rectangle, an escape, a point off the board, a
/// duplicate, `[]`), which the general reader handles and reports.
fn quick_points(values_raw: &[u8], size: BoardSize) -> Option<impl Iterator<Item = Point> + '_> {
    if values_raw.is_empty() || !values_raw.len().is_multiple_of(4) {
        return None;
    }
    // One bit per point of the largest board (52×52).
    let mut seen = [0u64; 52 * 52 / 64 + 1];
    for v in values_raw.chunks_exact(4) {
        let p = quick_point(v, size)?;
        let bit = usize::from(p.y) * 52 + usize::from(p.x);
        let word = seen.get_mut(bit / 64)?;
        let mask = 1u64 << (bit % 64);
        if *word & mask != 0 {
            return None;
        }
        *word |= mask;
    }
    Some(
        values_raw
            .chunks_exact(4)
            .filter_map(move |v| quick_point(v, size)),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reports_of(src: &str) -> (Board, Vec<MoveReport>) {
        let c = crate::parse(src.as_bytes()).unwrap();
        let last = c.games().next().unwrap().main_line().last().unwrap();
        position_at(last).unwrap()
    }

    #[test]
    fn position_setup_and_captures() {
        let (b, r) = reports_of("(;SZ[5]AB[aa:cb]AW[da][db][ac:cc];AE[aa];W[aa])");
        assert!(r.is_empty(), "{r:?}");
        assert_eq!(b.to_string(), "O..O.\n...O.\nOOO..\n.....\n.....\n");
        assert_eq!(b.captured(Color::Black), 5);
    }

    #[test]
    fn position_reports() {
        let src = "(;SZ[4]AB[ba][ab][bc]AW[ca][bb][db][cc];B[cb];W[bb];W[ca];W[zz];AB[aa:aa])";
        let (_, r) = reports_of(src);
        let summary: Vec<_> = r.iter().map(|m| (m.node, m.property)).collect();
        assert_eq!(summary, [(2, "W"), (3, "W"), (4, "W"), (5, "AB")], "{r:?}");
        assert_eq!(r[0].kind, ReportKind::KoRetake(Point::new(1, 1)));
        assert_eq!(
            r[1].kind,
            ReportKind::Occupied(Point::new(2, 0), Color::White)
        );
        assert!(matches!(r[2].kind, ReportKind::Invalid(_)));
        assert!(matches!(r[3].kind, ReportKind::Invalid(_)));
    }

    /// Setup read straight from plain points gives what the general
    /// reader gives, and every other form still goes through it.
    #[test]
    fn quick_setup_agrees_with_the_point_lists() {
        let size = BoardSize::square(19);
        let texts: [&[u8]; 10] = [
            b"[aa]",
            b"[dd][pp][dp]",
            b"[dd][dd]",
            b"[tt]",
            b"[aa:bb]",
            b"[]",
            b"[dd] [pp]",
            b"[d\\d]",
            b"[sS]",
            b"[ab][ba][ss][as][sa]",
        ];
        for text in texts {
            let values: Vec<&[u8]> = RawValues::new(text).collect();
            let general = epoint_list(|i| point(i, size), &values)
                .ok()
                .and_then(|items| expand(&items).ok());
            if let Some(quick) = quick_points(text, size) {
                let quick: Vec<Point> = quick.collect();
                assert_eq!(Some(quick), general, "{}", String::from_utf8_lossy(text));
            }
        }
        let quick = |t: &'static [u8]| quick_points(t, size).map(Iterator::count);
        assert_eq!(quick(b"[dd][pp][dp]"), Some(3));
        assert_eq!(quick(b"[dd][dd]"), None);
        assert_eq!(quick(b"[tt]"), None);
        assert_eq!(quick(b"[aa:bb]"), None);
        let big = quick_points(b"[ZZ][aa]", BoardSize::square(52)).map(Iterator::count);
        assert_eq!(big, Some(2));
    }

    #[test]
    fn position_on_a_variation_and_other_games() {
        let c =
            crate::parse(b"(;SZ[3];B[aa](;W[bb])(;W[ab];B[ba]))(;GM[11];B[a1])(;SZ[x])").unwrap();
        let g = c.games().next().unwrap();
        let last = g.descendants().last().unwrap();
        let (b, r) = position_at(last).unwrap();
        assert!(r.is_empty());
        assert_eq!(b.to_string(), "XX.\nO..\n...\n");
        let e = position_at(c.games().nth(1).unwrap()).unwrap_err();
        assert_eq!(e.to_string(), "this game is Hex (GM[11]), not Go");
        assert!(matches!(
            position_at(c.games().nth(2).unwrap()),
            Err(PositionError::BadSize(_))
        ));
    }

    #[test]
    fn position_at_the_end_of_a_long_line_is_linear() {
        // 200,000 nodes: walking the path again for each node (as this once
        // did) takes minutes; once, milliseconds.
        let mut src = b"(;SZ[19]".to_vec();
        src.extend(b";".repeat(200_000));
        src.extend(b";B[aa](;W[bb])(;W[cc];B[dd]))");
        let c = crate::parse(&src).unwrap();
        let last = c.games().next().unwrap().descendants().last().unwrap();
        let (b, r) = position_at(last).unwrap();
        assert!(r.is_empty());
        assert_eq!(b.stones().count(), 3);
        assert_eq!(last.number(), 200_004);
        // The reports still give the node's number, also past the fork.
        let bad = crate::parse(b"(;SZ[3];B[aa](;W[bb])(;W[aa];B[zz]))").unwrap();
        let last = bad.games().next().unwrap().descendants().last().unwrap();
        let nodes: Vec<usize> = position_at(last)
            .unwrap()
            .1
            .iter()
            .map(|m| m.node)
            .collect();
        assert_eq!(nodes, [3, 4]);
    }
}
