//! Expanding compressed point lists: the cell of each corner of a
//! rectangle, every cell between them, and the point each cell is written
//! as in the game's own notation.

use sgfkit::game::amazons::Amazons;
use sgfkit::game::backgammon::{self, Backgammon};
use sgfkit::game::gess::Gess;
use sgfkit::game::go::{Go, Point};
use sgfkit::game::hex::{self, Hex};
use sgfkit::game::lines_of_action::{self as loa, LinesOfAction};
use sgfkit::game::octi::{self, Octi};
use sgfkit::game::{BoardSize, Game, Raw, RawValue};
use sgfkit::grammar::value::{rectangle_area, rectangle_cells};

/// A game whose points (and, for games whose stones are points, stones)
/// can be found again from their cell on the board, so that a rectangle
/// `ul:lr` can be written out point by point.
pub(crate) trait Grid: Game {
    /// The point in cell (`col`, `row`), counted from the upper-left corner
    /// as [`Game::point_cell`] counts them; `None` off the game's grid.
    fn point_at(col: u16, row: u16, size: BoardSize) -> Option<Self::Point>;

    /// As [`Grid::point_at`] for a stone; `None` (the default) when the
    /// game's stones are not points.
    fn stone_at(col: u16, row: u16, size: BoardSize) -> Option<Self::Stone> {
        let _ = (col, row, size);
        None
    }

    /// The cell of a stone written as a point; `None` when stones are not
    /// points (the default is [`Game::stone_cell`]).
    fn stone_cell_of(s: &Self::Stone, size: BoardSize) -> Option<(u16, u16)> {
        Self::stone_cell(s, size)
    }
}

fn go_point(col: u16, row: u16) -> Option<Point> {
    (col < 52 && row < 52).then(|| Point::new(col, row))
}

impl Grid for Go {
    fn point_at(col: u16, row: u16, _size: BoardSize) -> Option<Point> {
        go_point(col, row)
    }
    fn stone_at(col: u16, row: u16, _size: BoardSize) -> Option<Point> {
        go_point(col, row)
    }
}

impl Grid for Gess {
    fn point_at(col: u16, row: u16, _size: BoardSize) -> Option<Point> {
        go_point(col, row)
    }
    fn stone_at(col: u16, row: u16, _size: BoardSize) -> Option<Point> {
        go_point(col, row)
    }
}

impl Grid for Amazons {
    fn point_at(col: u16, row: u16, _size: BoardSize) -> Option<Point> {
        go_point(col, row)
    }
}

impl Grid for Hex {
    fn point_at(col: u16, row: u16, _size: BoardSize) -> Option<hex::Point> {
        Some(hex::Point::new(col, row))
    }
    fn stone_at(col: u16, row: u16, _size: BoardSize) -> Option<hex::Point> {
        Some(hex::Point::new(col, row))
    }
}

impl Grid for LinesOfAction {
    fn point_at(col: u16, row: u16, size: BoardSize) -> Option<loa::Point> {
        let c = u8::try_from(col).ok().filter(|&c| c < 26)?;
        Some(loa::Point::new(c, size.rows.checked_sub(row + 1)?))
    }
    fn stone_at(col: u16, row: u16, size: BoardSize) -> Option<loa::Point> {
        Self::point_at(col, row, size)
    }
}

impl Grid for Backgammon {
    fn point_at(col: u16, row: u16, _size: BoardSize) -> Option<backgammon::Point> {
        if row != 0 {
            return None;
        }
        backgammon::Point::from_letter(b'a'.checked_add(u8::try_from(col).ok()?)?)
    }
    fn stone_at(col: u16, row: u16, size: BoardSize) -> Option<backgammon::Point> {
        Self::point_at(col, row, size)
    }
}

impl Grid for Octi {
    fn point_at(col: u16, row: u16, size: BoardSize) -> Option<octi::Point> {
        let x = u8::try_from(col + 1).ok().filter(|&x| x <= 9)?;
        let y = u8::try_from(size.rows.checked_sub(row)?)
            .ok()
            .filter(|&y| (1..=9).contains(&y))?;
        Some(octi::Point::new(x, y))
    }
}

/// The cell of a raw point written as a Go point (two letters).
fn raw_cell(v: &RawValue) -> Option<(u16, u16)> {
    let p = Go::read_point(v.as_raw(), BoardSize::square(52)).ok()?;
    Some((p.x, p.y))
}

fn raw_at(col: u16, row: u16) -> Option<RawValue> {
    let p = go_point(col, row)?;
    let mut raw = Vec::with_capacity(2);
    Go::write_point(&p, BoardSize::square(52), &mut raw);
    Some(RawValue::from_raw(&raw))
}

/// Raw games: a rectangle is expanded when both corners are written as Go
/// points (two letters), as Othello and Gomoku/Renju files write them.
impl<const GM: u32> Grid for Raw<GM> {
    fn point_at(col: u16, row: u16, _size: BoardSize) -> Option<RawValue> {
        raw_at(col, row)
    }
    fn stone_at(col: u16, row: u16, _size: BoardSize) -> Option<RawValue> {
        raw_at(col, row)
    }
    fn stone_cell_of(s: &RawValue, _size: BoardSize) -> Option<(u16, u16)> {
        raw_cell(s)
    }
}

/// The cell of a raw point, for [`Raw`] games (their [`Game::point_cell`]
/// is `None`).
pub(crate) fn point_cell<G: Grid>(p: &G::Point, size: BoardSize) -> Option<(u16, u16)> {
    G::point_cell(p, size).or_else(|| {
        // Only raw games have no cells of their own; their points are
        // `RawValue`s, written out to be read as Go letters.
        let mut out = Vec::new();
        G::write_point(p, size, &mut out);
        raw_cell(&RawValue::from_raw(&out))
    })
}

/// Every cell of the rectangle `a`–`b` (corners in any order), row by row;
/// `None` if it would hold more than `limit` cells.
pub(crate) fn rectangle(
    a: (u16, u16),
    b: (u16, u16),
    limit: usize,
) -> Option<impl Iterator<Item = (u16, u16)>> {
    let corner = |p: (u16, u16)| (u64::from(p.0), u64::from(p.1));
    (rectangle_area(corner(a), corner(b)) <= limit as u64).then(|| rectangle_cells(a, b))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip<G: Grid>(size: BoardSize) {
        for row in 0..size.rows.min(30) {
            for col in 0..size.columns.min(30) {
                if let Some(p) = G::point_at(col, row, size) {
                    assert_eq!(point_cell::<G>(&p, size), Some((col, row)), "{}", G::NAME);
                }
            }
        }
    }

    #[test]
    fn cells_and_points_agree() {
        round_trip::<Go>(BoardSize::new(52, 30));
        round_trip::<Gess>(Gess::default_size());
        round_trip::<Amazons>(Amazons::default_size());
        round_trip::<Hex>(BoardSize::new(30, 12));
        round_trip::<LinesOfAction>(BoardSize::new(26, 9));
        round_trip::<Backgammon>(BoardSize::new(26, 1));
        round_trip::<Octi>(Octi::default_size());
        round_trip::<Raw<2>>(BoardSize::square(8));
        assert_eq!(
            Backgammon::point_at(25, 0, BoardSize::new(26, 1)),
            Some(backgammon::Point::OFF)
        );
        assert_eq!(Go::point_at(52, 0, BoardSize::square(52)), None);
    }

    #[test]
    fn rectangles_are_bounded() {
        let cells: Vec<_> = rectangle((1, 0), (0, 1), 10).unwrap().collect();
        assert_eq!(cells, [(0, 0), (1, 0), (0, 1), (1, 1)]);
        assert!(rectangle((0, 0), (99, 99), 100).is_none());
    }
}
