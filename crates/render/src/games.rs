//! Diagrams of the games other than Go whose notation defines a board:
//! Hex, Amazons and Lines of Action, their positions replayed from setup
//! and moves.

use super::go::{cells_of_items, markup, set_region};
use super::{Diagram, DiagramError, DiagramOptions, Shape, Stone};
use sgfkit::game::amazons::{self, Amazons};
use sgfkit::game::hex::{self, Hex};
use sgfkit::game::lines_of_action::{self as loa, LinesOfAction};
use sgfkit::game::{BoardSize, Game, GameType};
use sgfkit::grammar::value::epoint_list;
use sgfkit::tree::Node;

impl Diagram {
    /// The diagram of `node` in whatever game its tree records: Go (see
    /// [`Diagram::go`]), Hex (a rhombus of hexagons, `a1` at the upper
    /// left), Amazons and Lines of Action (a chequerboard; their standard
    /// start when the root sets up no pieces on the standard board).
    ///
    /// # Errors
    /// [`DiagramError::NoDiagram`] for other games; as [`Diagram::go`]
    /// otherwise.
    ///
    /// ```
    /// use sgfkit_render::{Diagram, DiagramOptions, Shape, Stone};
    /// let c = sgfkit::parse(b"(;GM[11]SZ[5];B[c3];W[b2])(;GM[18];W[djddgd])(;GM[3])")?;
    /// let mut games = c.games();
    /// let hex = games.next().unwrap().main_line().last().unwrap();
    /// let d = Diagram::of(hex, &DiagramOptions::default())?;
    /// assert_eq!(d.shape, Shape::Hexagons);
    /// assert_eq!(d.cell(2, 2).unwrap().stone, Some(Stone::Black));
    /// let amazons = games.next().unwrap().main_line().last().unwrap();
    /// let d = Diagram::of(amazons, &DiagramOptions::default())?;
    /// assert_eq!(d.cell(3, 3).unwrap().stone, Some(Stone::White));
    /// assert_eq!(d.cell(6, 3).unwrap().stone, Some(Stone::Arrow));
    /// let chess = games.next().unwrap();
    /// assert!(Diagram::of(chess, &DiagramOptions::default()).unwrap_err().to_string().contains("Chess"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn of(node: Node<'_, '_>, options: &DiagramOptions) -> Result<Diagram, DiagramError> {
        // A tree whose GM names no game is drawn as Go, as the checker reads it.
        let (game, _) = node.game().unwrap_or_else(|e| e.read_as_go());
        let mut d = match game {
            GameType::Go => return Diagram::go(node, options),
            GameType::Hex => replay::<Hex>(node, game, Shape::Hexagons)?,
            GameType::Amazons => replay::<Amazons>(node, game, Shape::Squares)?,
            GameType::LinesOfAction => replay::<LinesOfAction>(node, game, Shape::Squares)?,
            other => {
                return Err(DiagramError::NoDiagram(format!(
                    "{other} (GM[{}])",
                    other as u32
                )));
            }
        };
        if !options.no_markup {
            match game {
                GameType::Hex => markup::<Hex>(node, d.size, &mut d),
                GameType::Amazons => markup::<Amazons>(node, d.size, &mut d),
                _ => markup::<LinesOfAction>(node, d.size, &mut d),
            }
        }
        set_region(&mut d, options.region)?;
        Ok(d)
    }
}

/// What each game needs to be replayed.
trait Replay: Game {
    /// The board's coordinates.
    fn labels(d: &mut Diagram);
    /// The pieces before any setup, on a board of `size`.
    fn start(_d: &mut Diagram) {}
    /// The cells of one setup value (`AB`, `AW`, `AE`).
    fn setup_cells(values: &[&[u8]], size: BoardSize) -> Vec<(u16, u16)>;
    /// Plays one move of `stone`'s player.
    fn play(d: &mut Diagram, stone: Stone, m: &Self::Move);
}

fn replay<G: Replay>(
    node: Node<'_, '_>,
    game: GameType,
    shape: Shape,
) -> Result<Diagram, DiagramError> {
    let (size, _) = node.board_size(game).map_err(DiagramError::BadSize)?;
    if !size.fits(52, 52) {
        return Err(DiagramError::TooLarge(size.columns, size.rows));
    }
    let mut d = Diagram::empty(G::NAME, shape, size);
    G::labels(&mut d);
    let root = node.game_root();
    let root_sets_up = ["AB", "AW"].iter().any(|i| root.get(i).is_some());
    if !root_sets_up && size == G::default_size() {
        G::start(&mut d);
    }
    let mut path: Vec<Node<'_, '_>> = std::iter::successors(Some(node), Node::parent).collect();
    path.reverse();
    for n in path {
        for (ident, stone) in [
            ("AE", None),
            ("AB", Some(Stone::Black)),
            ("AW", Some(Stone::White)),
        ] {
            let Some(prop) = n.get(ident) else { continue };
            let values: Vec<&[u8]> = prop.values().collect();
            for (x, y) in G::setup_cells(&values, size) {
                if let Some(c) = d.cell_mut(x, y) {
                    c.stone = stone;
                }
            }
        }
        d.last_move = None;
        for (ident, stone) in [("B", Stone::Black), ("W", Stone::White)] {
            let Some(prop) = n.get(ident) else { continue };
            if let Ok(m) = G::read_move(prop.value(), size) {
                G::play(&mut d, stone, &m);
            }
        }
    }
    Ok(d)
}

/// Cells of a list of points read by `point`, compressed lists expanded.
fn cells_of<P>(
    values: &[&[u8]],
    point: impl Fn(&[u8]) -> sgfkit::game::ValueResult<'_, P>,
    cell: impl Fn(&P) -> Option<(u16, u16)>,
    size: BoardSize,
) -> Vec<(u16, u16)> {
    epoint_list(point, values)
        .map(|items| cells_of_items(&items, cell, size))
        .unwrap_or_default()
}

/// Letters `a`…`z`, `aa`… for column `x` (0-based), as Hex writes columns.
fn letters(x: u16) -> String {
    let mut s = Vec::new();
    hex::write_column(u32::from(x), &mut s);
    String::from_utf8_lossy(&s).into_owned()
}

fn set(d: &mut Diagram, at: (u16, u16), stone: Option<Stone>) {
    if let Some(c) = d.cell_mut(at.0, at.1) {
        c.stone = stone;
    }
}

impl Replay for Hex {
    fn labels(d: &mut Diagram) {
        d.column_labels = (0..d.size.columns).map(letters).collect();
        d.row_labels = (1..=d.size.rows).map(|r| r.to_string()).collect();
    }

    fn setup_cells(values: &[&[u8]], size: BoardSize) -> Vec<(u16, u16)> {
        cells_of(
            values,
            |i| hex::point(i, size),
            |p| Hex::point_cell(p, size),
            size,
        )
    }

    fn play(d: &mut Diagram, stone: Stone, m: &hex::Move) {
        match m {
            hex::Move::Cell(p) => {
                let at = (p.column(), p.row());
                set(d, at, Some(stone));
                d.last_move = Some(at);
            }
            hex::Move::SwapPieces => {
                // Reflect in the long diagonal and exchange colours.
                let old = d.clone();
                for c in &mut d.cells {
                    c.stone = None;
                }
                for ((x, y), s) in old.stones() {
                    let swapped = match s {
                        Stone::Black => Stone::White,
                        Stone::White => Stone::Black,
                        Stone::Arrow => Stone::Arrow,
                    };
                    set(d, (y, x), Some(swapped));
                }
            }
            _ => {}
        }
    }
}

impl Replay for Amazons {
    fn labels(d: &mut Diagram) {
        let h = d.size.rows;
        d.column_labels = (0..d.size.columns).map(letters).collect();
        d.row_labels = (0..h).map(|y| (h - y).to_string()).collect();
    }

    /// White on d1, g1, a4, j4; Black on a7, j7, d10, g10.
    fn start(d: &mut Diagram) {
        for at in [(3, 9), (6, 9), (0, 6), (9, 6)] {
            set(d, at, Some(Stone::White));
        }
        for at in [(0, 3), (9, 3), (3, 0), (6, 0)] {
            set(d, at, Some(Stone::Black));
        }
    }

    fn setup_cells(values: &[&[u8]], size: BoardSize) -> Vec<(u16, u16)> {
        cells_of(
            values,
            |i| amazons::point(i, size),
            |p| Amazons::point_cell(p, size),
            size,
        )
    }

    fn play(d: &mut Diagram, stone: Stone, m: &amazons::Move) {
        let cell = |p: sgfkit::game::go::Point| (p.x, p.y);
        set(d, cell(m.from), None);
        set(d, cell(m.to), Some(stone));
        set(d, cell(m.arrow), Some(Stone::Arrow));
        d.last_move = Some(cell(m.to));
    }
}

impl Replay for LinesOfAction {
    fn labels(d: &mut Diagram) {
        let h = d.size.rows;
        d.column_labels = (0..d.size.columns).map(letters).collect();
        d.row_labels = (0..h).map(|y| (h - y).to_string()).collect();
    }

    /// Black on rows 1 and 8, White on columns a and h, corners empty.
    fn start(d: &mut Diagram) {
        for i in 1..7 {
            set(d, (i, 0), Some(Stone::Black));
            set(d, (i, 7), Some(Stone::Black));
            set(d, (0, i), Some(Stone::White));
            set(d, (7, i), Some(Stone::White));
        }
    }

    fn setup_cells(values: &[&[u8]], size: BoardSize) -> Vec<(u16, u16)> {
        cells_of(
            values,
            |i| loa::point(i, size),
            |p| LinesOfAction::point_cell(p, size),
            size,
        )
    }

    fn play(d: &mut Diagram, stone: Stone, m: &loa::Move) {
        if let loa::Move::Normal { from, to, .. } = m {
            let size = d.size;
            if let (Some(a), Some(b)) = (
                LinesOfAction::point_cell(from, size),
                LinesOfAction::point_cell(to, size),
            ) {
                set(d, a, None);
                set(d, b, Some(stone));
                d.last_move = Some(b);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn last(src: &str, f: impl FnOnce(Diagram)) {
        let c = sgfkit::parse(src.as_bytes()).unwrap();
        let n = c.games().next().unwrap().main_line().last().unwrap();
        f(Diagram::of(n, &DiagramOptions::default()).unwrap());
    }

    #[test]
    fn hex_swap_pieces_reflects_and_swaps() {
        last("(;GM[11]SZ[4];B[c1];W[swap-pieces];B[a2])", |d| {
            assert_eq!(d.cell(0, 2).unwrap().stone, Some(Stone::White));
            assert_eq!(d.cell(2, 0).unwrap().stone, None);
            assert_eq!(d.cell(0, 1).unwrap().stone, Some(Stone::Black));
            assert_eq!(d.column_labels, ["a", "b", "c", "d"]);
        });
        assert_eq!(letters(26), "aa");
        assert_eq!(letters(27 + 25), "ba");
    }

    #[test]
    fn lines_of_action_start_and_capture() {
        last("(;GM[9];B[b1-b3];W[a2:b3])", |d| {
            assert_eq!(d.stones().count(), 23);
            assert_eq!(d.cell(1, 5).unwrap().stone, Some(Stone::White));
            assert_eq!(d.cell(0, 6).unwrap().stone, None);
            assert_eq!(d.cell(1, 7).unwrap().stone, None);
            assert_eq!(d.last_move, Some((1, 5)));
        });
        // Setup in the root replaces the start.
        last("(;GM[9]AB[a1]AW[h8])", |d| {
            assert_eq!(d.stones().count(), 2)
        });
    }

    #[test]
    fn amazons_start() {
        last("(;GM[18])", |d| {
            assert_eq!(d.stones().count(), 8);
            assert_eq!(d.row_labels[0], "10");
        });
    }
}
