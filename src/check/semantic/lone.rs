//! Lone moves: nodes that hold one move on the board (`;B[pd]`) and
//! nothing else, nearly every node of a game record. The node checks find
//! nothing in them; only the board (S030, S048, S049) and the strict S035 look at them.

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
            && let Some((colour, point)) = lone_move_text(text)
        {
            // A move off the board is no lone move: the walk checks it.
            // (The board has the tree's size, on which
            // `values::lone_move_raw` wants the point.)
            let Ok(done) = board.play_stone_counted(colour, point) else {
                break;
            };
            let node = arena.node(child);
            if !done.is_legal() {
                self.lone_move_illegal(node, colour, point, done);
            }
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
        if let Ok(done) = board.play_stone_counted(colour, point)
            && !done.is_legal()
        {
            self.lone_move_illegal(node, colour, point, done);
        }
    }

    /// S030, S048, S049 for a lone move of `colour` on `point` in `node`
    /// that broke a rule, as `done` tells.
    #[cold]
    #[inline(never)]
    fn lone_move_illegal(
        &mut self,
        node: Node<'c, 'c>,
        colour: Color,
        point: Point,
        done: MoveSummary,
    ) {
        if let Some(p) = node.properties().next() {
            self.illegal_move(&node, &p, colour, point, done);
        }
    }
}

/// The colour and point of a lone property's source text (identifier and
/// values, as [`Preorder::lone_property`] gives it) that is `B` or `W` with
/// one value of two Go letters: on the board, what
/// [`values::lone_move_raw`] reads from the identifier and values apart.
#[inline]
pub(super) fn lone_move_text(text: &[u8]) -> Option<(Color, Point)> {
    let &[c, b'[', x, y, b']'] = text else {
        return None;
    };
    let colour = match c {
        b'B' => Color::Black,
        b'W' => Color::White,
        _ => return None,
    };
    Some((colour, Point::new(go_coord(x)?.into(), go_coord(y)?.into())))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The source text of a lone property, on the board, reads as its
    /// identifier and values read apart.
    #[test]
    fn lone_move_text_is_lone_move_raw() {
        let size = BoardSize::new(19, 13);
        let info = TreeInfo {
            game: GameType::Go,
            gm: 1,
            ff: 4,
            size,
            size_ok: true,
        };
        let texts: [&[u8]; 14] = [
            b"B[aa]", b"W[pd]", b"B[sm]", b"B[sn]", b"W[tm]", b"B[Aa]", b"W[a1]", b"X[aa]",
            b"b[aa]", b"B[a]", b"B[aaa]", b"BB[aa]", b"B[a]]", b"W[]",
        ];
        let mut on = 0;
        for text in texts {
            let k = text.iter().position(|&b| b == b'[').unwrap();
            let (ident, values) = text.split_at(k);
            let raw = values::lone_move_raw(ident, values, &info);
            let read = lone_move_text(text).filter(|(_, p)| p.is_on(size));
            assert_eq!(read, raw, "{}", String::from_utf8_lossy(text));
            on += usize::from(raw.is_some());
        }
        assert_eq!(on, 3);
    }
}
