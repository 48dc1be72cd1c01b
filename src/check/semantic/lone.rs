//! Lone moves: nodes that hold one move on the board (`;B[pd]`) and
//! nothing else, nearly every node of a game record. The node checks find
//! nothing in them; only the board (S030) and the strict S035 look at them.

use super::*;
use crate::game::go::Point;
use crate::tree::{NodeId, Preorder};

impl<'c> Checker<'c> {
    /// Plays the run of lone moves below `at` on `board`: each node of it
    /// the only child of the one before and a lone move read from the
    /// arena, as [`Checker::tree`] would check them one by one. `last` is
    /// the colour of the last move up to `at`, `main_line` whether `at` is
    /// on the main line. Gives the last node played (`at` when the run is
    /// empty) and the colour of the last move up to it; the walk goes on
    /// from there.
    #[inline(never)]
    pub(super) fn lone_run(
        &mut self,
        arena: Preorder<'c, 'c>,
        at: NodeId,
        board: &mut Board,
        size: BoardSize,
        above: (Option<Color>, bool),
        options: &CheckOptions,
    ) -> (NodeId, Option<Color>) {
        let (mut last, main_line) = above;
        // S035 is looked for in the main line of a strict check only.
        let strict = options.strict && main_line;
        let mut at = at;
        self.set_phase(Phase::Go);
        while let Some(child) = arena.only_child(at)
            && let Some(text) = arena.lone_property(child)
            && let Some((colour, point)) = lone_move_text(text, size)
        {
            let node = arena.node(child);
            self.lone_move(node, board, colour, point);
            if strict {
                self.two_in_a_row(&node, colour, last, main_line, options);
            }
            last = Some(colour);
            at = child;
        }
        (at, last)
    }

    /// A lone move `colour` at `point` (on the board) in `node`, played on
    /// `board` (S030).
    #[inline(always)]
    pub(super) fn lone_move(
        &mut self,
        node: Node<'c, 'c>,
        board: &mut Board,
        colour: Color,
        point: Point,
    ) {
        if let Ok(Some(was)) = board.play_stone_noting_occupied(colour, point) {
            self.lone_move_occupied(node, colour, was);
        }
    }

    /// S030 for a lone move of `colour` in `node` played on a stone of
    /// colour `was`.
    #[cold]
    #[inline(never)]
    fn lone_move_occupied(&mut self, node: Node<'c, 'c>, colour: Color, was: Color) {
        if let Some(p) = node.properties().next() {
            self.occupied(&node, &p, colour, was);
        }
    }
}

/// The colour and point of a lone property's source text (identifier and
/// values, as [`Preorder::lone_property`] gives it) that is `B` or `W` with
/// one value of two Go letters naming a point on a board of `size`: what
/// [`values::lone_move_raw`] reads from the identifier and values apart.
#[inline]
pub(super) fn lone_move_text(text: &[u8], size: BoardSize) -> Option<(Color, Point)> {
    let &[c, b'[', x, y, b']'] = text else {
        return None;
    };
    let colour = match c {
        b'B' => Color::Black,
        b'W' => Color::White,
        _ => return None,
    };
    let point = Point::new(go_coord(x)?, go_coord(y)?);
    point.is_on(size).then_some((colour, point))
}
