//! [`GoGame`]: a Go game tree seen as a game record.

use super::position::{MoveReport, PositionError, ReportKind, apply_numbered, go_size};
use crate::game::go::{Board, Color, Go, Move, Rules};
use crate::game::{BoardSize, Game};
use crate::property::typed::Prop;
use crate::tree::Node;

/// A Go game: the root of a game tree whose `GM` is Go, with its board size,
/// read as a record — who played, komi, result, the main line's moves and
/// the position after any of them.
///
/// The names follow sgfmill's `Sgf_game` without `get_` (`get_komi` is
/// [`komi`](GoGame::komi), `get_main_sequence` is
/// [`main_line`](GoGame::main_line)); game-information properties are read
/// from the root, texts decoded.
///
/// ```
/// use sgfkit::game::go::{Color, Move, Point};
/// use sgfkit::record::GoGame;
///
/// let c = sgfkit::parse(b"(;SZ[9]PB[Black]HA[2]AB[cc][gg]DT[2024-05-01];W[ee];B[];W[ce])")?;
/// let game = GoGame::new(c.games().next().unwrap())?;
/// assert_eq!(game.player_name(Color::Black).as_deref(), Some("Black"));
/// assert_eq!(game.player_name(Color::White), None);
/// assert_eq!((game.handicap(), game.date().as_deref()), (Some(2), Some("2024-05-01")));
/// let moves: Vec<_> = game.moves().collect::<Result<_, _>>()?;
/// assert_eq!(moves[0], (Color::White, Move::Play(Point::new(4, 4))));
/// assert_eq!(moves[1], (Color::Black, Move::Pass));
/// assert_eq!(game.board_after(0).stones().count(), 2); // the handicap stones
/// assert_eq!(game.final_position().to_string().lines().nth(4), Some("..O.O...."));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GoGame<'c, 'a> {
    root: Node<'c, 'a>,
    size: BoardSize,
}

impl<'c, 'a> GoGame<'c, 'a> {
    /// The Go game of the tree that holds `node` (usually its root).
    ///
    /// # Errors
    /// [`PositionError::NotGo`] when the tree's `GM` is not Go (no `GM` is
    /// Go, see [`Node::game`]), [`PositionError::BadSize`] when its `SZ`
    /// is unusable.
    pub fn new(node: Node<'c, 'a>) -> Result<Self, PositionError> {
        let root = node.game_root();
        let size = go_size(root)?;
        Ok(GoGame { root, size })
    }

    /// The root node (sgfmill's `get_root`).
    #[doc(alias = "get_root")]
    pub fn root(&self) -> Node<'c, 'a> {
        self.root
    }

    /// The board size: `SZ`, or 19×19 without it.
    #[doc(alias = "get_size")]
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// The names of Black and White (`PB`, `PW`), decoded.
    ///
    /// ```
    /// let c = sgfkit::parse(b"(;PB[Go Seigen]PW[Kitani \\] Minoru])")?;
    /// let game = sgfkit::record::GoGame::new(c.games().next().unwrap())?;
    /// assert_eq!(game.players(), (Some("Go Seigen".into()), Some("Kitani ] Minoru".into())));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn players(&self) -> (Option<String>, Option<String>) {
        (
            self.player_name(Color::Black),
            self.player_name(Color::White),
        )
    }

    /// The name of the player of `color` (`PB` or `PW`), decoded.
    #[doc(alias = "get_player_name")]
    pub fn player_name(&self, color: Color) -> Option<String> {
        match color {
            Color::Black => self.text("PB"),
            Color::White => self.text("PW"),
        }
    }

    /// The komi (`KM`) as written; `None` when it is missing or not a
    /// number. [`GameInfo::read`](super::GameInfo::read) gives it as the
    /// game's source means it (Fox's `KM[375]` under Chinese rules is 7.5).
    ///
    /// ```
    /// let c = sgfkit::parse(b"(;KM[6.5])(;KM[six])")?;
    /// let komi: Vec<_> = c
    ///     .games()
    ///     .map(|g| sgfkit::record::GoGame::new(g).unwrap().komi())
    ///     .collect();
    /// assert_eq!(komi, [Some(6.5), None]);
    /// # Ok::<(), sgfkit::Error>(())
    /// ```
    #[doc(alias = "get_komi")]
    pub fn komi(&self) -> Option<f64> {
        match self.root.prop::<Go>("KM")? {
            Prop::KM(k) => Some(k.value()),
            _ => None,
        }
    }

    /// The handicap (`HA`) as written; `None` when it is missing or not a
    /// number of stones. [`GameInfo::read`](super::GameInfo::read) gives it
    /// as the game's source means it (Fox's `HA[1]` is an even game).
    #[doc(alias = "get_handicap")]
    pub fn handicap(&self) -> Option<u32> {
        match self.root.prop::<Go>("HA")? {
            Prop::HA(n) => u32::try_from(n).ok(),
            _ => None,
        }
    }

    /// The result as written (`RE`, e.g. `B+R`, `W+2.5`, `0` for a draw),
    /// decoded.
    pub fn result(&self) -> Option<String> {
        self.text("RE")
    }

    /// The winner, from the result: `B+…` is Black, `W+…` White; `None` for
    /// a draw, no result or one that names no winner.
    ///
    /// ```
    /// use sgfkit::game::go::Color;
    /// let c = sgfkit::parse(b"(;RE[W+Resign])(;RE[0])")?;
    /// let w: Vec<_> = c.games().map(|g| sgfkit::record::GoGame::new(g).unwrap().winner()).collect();
    /// assert_eq!(w, [Some(Color::White), None]);
    /// # Ok::<(), sgfkit::Error>(())
    /// ```
    #[doc(alias = "get_winner")]
    pub fn winner(&self) -> Option<Color> {
        super::GameResult::read(&self.result()?)?.winner
    }

    /// The date (`DT`) as written, decoded; [`Date::read_list`](super::Date::read_list)
    /// reads it into the dates it names.
    pub fn date(&self) -> Option<String> {
        self.text("DT")
    }

    /// The nodes of the main line, root first (sgfmill's
    /// `get_main_sequence`).
    #[doc(alias = "get_main_sequence")]
    pub fn main_line(&self) -> impl Iterator<Item = Node<'c, 'a>> + use<'c, 'a> {
        self.root.main_line()
    }

    /// The last node of the main line.
    pub fn last_node(&self) -> Node<'c, 'a> {
        self.main_line().last().unwrap_or(self.root)
    }

    /// The moves of the main line in order: colour and move
    /// ([`Move::Pass`] for a pass). A node with both `B` and `W` gives two
    /// moves, Black's first. A value that is not a move on this board is an
    /// `Err` in its place ([`ReportKind::Invalid`], the node numbered), so
    /// that it is never lost without a word; the moves after it follow.
    ///
    /// ```
    /// use sgfkit::game::go::{Color, Move, Point};
    /// let c = sgfkit::parse(b"(;SZ[5];B[cc];W[zz];W[tt](;B[aa])(;B[bb]))")?;
    /// let game = sgfkit::record::GoGame::new(c.games().next().unwrap())?;
    /// let gtp: Vec<String> = game
    ///     .moves()
    ///     .map(|m| match m {
    ///         Ok((c, m)) => format!("{c} {}", m.to_gtp(game.size()).unwrap()),
    ///         Err(e) => e.to_string(),
    ///     })
    ///     .collect();
    /// assert_eq!(gtp[0], "B C3");
    /// assert!(gtp[1].starts_with("node 2: W: W[zz]"), "{}", gtp[1]);
    /// assert_eq!(gtp[2..], ["W pass", "B A5"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[doc(alias("get_move", "get_setup_and_moves"))]
    pub fn moves(&self) -> impl Iterator<Item = Result<(Color, Move), MoveReport>> + use<'c, 'a> {
        let size = self.size;
        self.main_line().enumerate().flat_map(move |(depth, node)| {
            [("B", Color::Black), ("W", Color::White)]
                .into_iter()
                .filter_map(move |(ident, color)| {
                    let value = node.get(ident)?.value();
                    Some(match Go::read_move(value, size) {
                        Ok(m) => Ok((color, m)),
                        Err(e) => Err(MoveReport {
                            node: depth,
                            property: ident,
                            kind: ReportKind::Invalid(format!(
                                "{ident}[{}]: {e}",
                                String::from_utf8_lossy(value)
                            )),
                        }),
                    })
                })
        })
    }

    /// The node of the main line that holds move `n` (1 for the first move,
    /// as [`GoGame::moves`] counts them; a node with both `B` and `W` holds
    /// two); `node_at_move(0)` is the root. `None` past the last move.
    ///
    /// ```
    /// let c = sgfkit::parse(b"(;SZ[9];B[ee];C[no move];W[cc];B[gg])")?;
    /// let game = sgfkit::record::GoGame::new(c.games().next().unwrap())?;
    /// assert_eq!(game.node_at_move(0), Some(game.root()));
    /// assert_eq!(game.node_at_move(2).unwrap().get("W").unwrap().value(), b"cc");
    /// assert_eq!(game.node_at_move(4), None);
    /// # Ok::<(), sgfkit::Error>(())
    /// ```
    pub fn node_at_move(&self, n: usize) -> Option<Node<'c, 'a>> {
        if n == 0 {
            return Some(self.root);
        }
        let mut played = 0;
        self.main_line().find(|node| {
            played += self.moves_in(*node);
            played >= n
        })
    }

    /// Every line of play of the game: the main line, then each variation's
    /// line, each from the root to a leaf (see [`Node::lines`]).
    pub fn lines(&self) -> crate::tree::Lines<'c, 'a> {
        self.root.lines()
    }

    /// The rules the root's `RU` names, when this crate knows them (see
    /// [`Rules::from_ru`]).
    ///
    /// ```
    /// use sgfkit::game::go::Rules;
    /// let c = sgfkit::parse(b"(;RU[Japanese])")?;
    /// let game = sgfkit::record::GoGame::new(c.games().next().unwrap())?;
    /// assert_eq!(game.rules(), Some(Rules::Japanese));
    /// # Ok::<(), sgfkit::Error>(())
    /// ```
    pub fn rules(&self) -> Option<Rules> {
        let ru = self.root.get("RU")?;
        Rules::from_ru(&crate::text::decode_str(
            ru.value(),
            crate::text::TextKind::SimpleText,
        ))
    }

    /// The position after the first `n` moves of the main line (as
    /// [`GoGame::moves`] counts them), with the setup (`AB`, `AW`, `AE`) of
    /// every node before the next move; `board_after(0)` is the setup before
    /// the first move. A node with both `B` and `W` is played whole. Past the
    /// last move, the final position.
    pub fn board_after(&self, n: usize) -> Board {
        let mut board = Board::new(self.size);
        let mut reports = Vec::new();
        let mut played = 0;
        for (depth, node) in self.main_line().enumerate() {
            let moves = self.moves_in(node);
            if moves > 0 && played >= n {
                break;
            }
            apply_numbered(&mut board, node, depth, &mut reports);
            played += moves;
        }
        board
    }

    /// The position after the last move of the main line.
    ///
    /// ```
    /// let c = sgfkit::parse(b"(;SZ[3];B[ba];W[aa];B[ab])")?;
    /// let game = sgfkit::record::GoGame::new(c.games().next().unwrap())?;
    /// let board = game.final_position();
    /// assert_eq!(board.to_string(), ".X.\nX..\n...\n");
    /// assert_eq!(board.captured(sgfkit::game::go::Color::White), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn final_position(&self) -> Board {
        self.replay().0
    }

    /// The final position of the main line, with a report of every illegal
    /// move (suicide, ko retaken at once, a stone played on a stone) and
    /// every value that is not a move or point on this board, in order. See
    /// [`position_at`](super::position_at) for the position at any node.
    pub fn replay(&self) -> (Board, Vec<MoveReport>) {
        let mut board = Board::new(self.size);
        let mut reports = Vec::new();
        for (depth, node) in self.main_line().enumerate() {
            apply_numbered(&mut board, node, depth, &mut reports);
        }
        (board, reports)
    }

    /// A game-information text of the root, decoded.
    fn text(&self, ident: &str) -> Option<String> {
        match self.root.prop::<Go>(ident)? {
            Prop::PB(s) | Prop::PW(s) | Prop::RE(s) | Prop::DT(s) => Some(s),
            _ => None,
        }
    }

    /// How many moves `node` holds that can be played, as
    /// [`GoGame::board_after`] counts them.
    fn moves_in(&self, node: Node<'_, '_>) -> usize {
        ["B", "W"]
            .into_iter()
            .filter(|ident| {
                node.get(ident)
                    .is_some_and(|p| Go::read_move(p.value(), self.size).is_ok())
            })
            .count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::go::Point;

    fn game_of<'c, 'a>(c: &'c crate::Collection<'a>) -> GoGame<'c, 'a> {
        GoGame::new(c.games().next().unwrap()).unwrap()
    }

    #[test]
    fn board_after_counts_moves_and_keeps_setup() {
        let c = crate::parse(b"(;SZ[5]AB[aa];B[bb];AW[ee];W[cc];B[dd]W[de];C[end])").unwrap();
        let g = game_of(&c);
        let count = |n| g.board_after(n).stones().count();
        assert_eq!(count(0), 1);
        // After B[bb], the setup AW[ee] of the next node comes too.
        assert_eq!(count(1), 3);
        assert_eq!(count(2), 4);
        // A node with B and W is played whole.
        assert_eq!(count(3), 6);
        assert_eq!(count(4), 6);
        assert_eq!(g.board_after(99), g.final_position());
        assert_eq!(g.moves().count(), 4);
        assert_eq!(g.node_at_move(3).unwrap().number(), 4);
        assert_eq!(g.node_at_move(4).unwrap().number(), 4);
        assert_eq!(g.node_at_move(5), None);
        assert_eq!(g.last_node().get("C").unwrap().value(), b"end");
    }

    #[test]
    fn reports_and_odd_values() {
        let c = crate::parse(b"(;SZ[3]KM[x]HA[-1]RE[ B+3];B[aa];W[aa];B[qq])").unwrap();
        let g = game_of(&c);
        assert_eq!((g.komi(), g.handicap()), (None, None));
        assert_eq!(g.winner(), Some(Color::Black));
        let (board, reports) = g.replay();
        assert_eq!(board.get(Point::new(0, 0)), Some(Color::White));
        let nodes: Vec<_> = reports.iter().map(|r| (r.node, r.property)).collect();
        assert_eq!(nodes, [(2, "W"), (3, "B")]);
        // The move off the board is an error in its place, not dropped.
        let moves: Vec<_> = g.moves().collect();
        assert_eq!(moves.len(), 3);
        assert!(moves[..2].iter().all(Result::is_ok));
        let e = moves[2].as_ref().unwrap_err();
        assert_eq!((e.node, e.property), (3, "B"));
    }

    #[test]
    fn other_games_are_refused() {
        let c =
            crate::parse(b"(;GM[2];B[aa])(;GM[9]AB[ba])(;GM[11];B[c3])(;GM[0])(;SZ[60])").unwrap();
        let msgs: Vec<String> = c
            .games()
            .map(|g| GoGame::new(g).unwrap_err().to_string())
            .collect();
        assert_eq!(msgs[0], "this game is Othello (GM[2]), not Go");
        assert_eq!(msgs[1], "this game is Lines of Action (GM[9]), not Go");
        assert_eq!(msgs[2], "this game is Hex (GM[11]), not Go");
        assert_eq!(msgs[3], "this game is GM[0] (no game of FF[4]), not Go");
        assert!(msgs[4].contains("52x52"), "{}", msgs[4]);
    }
}
