//! Game records: what a tree means as a game, above [`tree`](crate::tree)
//! and [`game`](crate::game).
//!
//! The [`game`](crate::game) modules know values (a Go point, a Hex cell)
//! and never see a tree; the [`tree`](crate::tree) knows nodes and raw
//! properties and no game. This module joins them, for the tasks a program
//! about games has:
//!
//! * [`GoGame`]: a Go game at a glance — players, komi, result, date,
//!   handicap, board size, the main line's moves, the position after any
//!   move (sgfmill's `Sgf_game` and `sgf_moves`);
//! * [`position_at`] and [`apply_node`]: the Go position at any node of any
//!   variation, with a [`MoveReport`] for each illegal move;
//! * [`game_of`], [`board_size`] and [`board_size_noted`]: which game a tree
//!   records (`GM`) and on what board (`SZ`), with a note where the file had
//!   to be read generously;
//! * [`Node::any_props`] and [`Node::any_prop`]: properties typed for
//!   whatever game each tree of a mixed collection records.
//!
//! In the flow of the crate, records sit with the typed values, after the
//! tree and before the checks: the checker uses them, and neither the tree
//! nor the game modules import them.
//!
//! ```
//! use sgfkit::record::GoGame;
//!
//! let sgf = "(;GM[1]SZ[19]PB[Shūsaku]PW[Gennan]KM[0]RE[B+2];B[qd];W[dc];B[pq];W[])";
//! let doc = sgfkit::read(sgf.as_bytes(), &Default::default())?;
//! let game = GoGame::new(doc.collection().games().next().unwrap())?;
//! assert_eq!(game.players(), (Some("Shūsaku".into()), Some("Gennan".into())));
//! assert_eq!((game.komi(), game.result().as_deref()), (Some(0.0), Some("B+2")));
//! let moves: Vec<String> = game
//!     .moves()
//!     .map(|m| m.map(|(color, m)| format!("{color} {}", m.to_gtp(game.size()).unwrap())))
//!     .collect::<Result<Vec<_>, _>>()?;
//! assert_eq!(moves, ["B R16", "W D17", "B Q3", "W pass"]);
//! assert_eq!(game.final_position().stones().count(), 3);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod any;
mod go;
mod position;
mod result;

pub use go::GoGame;
#[cfg(feature = "encoding")]
pub(crate) use position::apply_numbered;
pub use position::{MoveReport, NodeMoves, PositionError, ReportKind, apply_node, position_at};
pub use result::{GameResult, ResultKind};

use crate::game::{BoardSize, GameType};
use crate::tree::Node;

/// The file format (`FF`) of the tree of `node`, read from its root: the
/// one reading of `FF` in the crate.
///
/// ```
/// use sgfkit::record::{file_format, FileFormat};
/// let c = sgfkit::parse(b"(;FF[4])(;C[x])(;FF[ 3 ])(;FF[5])(;FF[four])")?;
/// let ff: Vec<FileFormat> = c.games().map(file_format).collect();
/// assert_eq!(ff[0], FileFormat::Given(4));
/// assert_eq!(ff[1], FileFormat::Missing);
/// assert_eq!(ff[2], FileFormat::Given(3));
/// assert_eq!(ff[3], FileFormat::Newer(5));
/// assert_eq!(ff[4], FileFormat::Unreadable("four".into()));
/// let read_as: Vec<u8> = ff.iter().map(FileFormat::read_as).collect();
/// assert_eq!(read_as, [4, 1, 3, 4, 1]);
/// # Ok::<(), sgfkit::Error>(())
/// ```
pub fn file_format(node: Node<'_, '_>) -> FileFormat {
    let Some(p) = node.game_root().get("FF") else {
        return FileFormat::Missing;
    };
    let v = p.value().trim_ascii();
    match std::str::from_utf8(v)
        .ok()
        .and_then(|s| s.parse::<u32>().ok())
    {
        Some(n @ 1..=4) => FileFormat::Given(n as u8),
        Some(n) if n > 4 => FileFormat::Newer(n),
        _ => FileFormat::Unreadable(String::from_utf8_lossy(v).into_owned()),
    }
}

/// What a root's `FF` says; see [`file_format`].
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum FileFormat {
    /// No `FF`: FF\[1\], as FF\[4\] specifies.
    Missing,
    /// `FF[1]` to `FF[4]` (white space around the number aside).
    Given(u8),
    /// A number above 4, read as FF\[4\].
    Newer(u32),
    /// A value that is no number (or 0), read as FF\[1\].
    Unreadable(String),
}

impl FileFormat {
    /// The format the tree is read as: 1 to 4.
    pub fn read_as(&self) -> u8 {
        match self {
            FileFormat::Given(n) => *n,
            FileFormat::Newer(_) => 4,
            FileFormat::Missing | FileFormat::Unreadable(_) => 1,
        }
    }
}

/// The game of the tree of `node` (its root's `GM`, as
/// [`GameType::read_gm`] reads it), and a warning when `GM` had to be
/// guessed: no `GM` is Go; a number outside 1–40 or a value that is no game
/// is Go with a warning. (For typed access, [`Node::tree_game`] keeps such
/// numbers apart instead.)
///
/// ```
/// use sgfkit::game::GameType;
/// use sgfkit::record::game_of;
/// let c = sgfkit::parse(b"(;GM[11])(;GM[ 6 ])(;GM[Go])(;GM[99])(;FF[4])")?;
/// let r: Vec<_> = c.games().map(game_of).collect();
/// assert_eq!(r[0], (GameType::Hex, None));
/// assert_eq!(r[1].0, GameType::Backgammon);
/// assert!(r[1].1.is_some());
/// assert_eq!(r[2].0, GameType::Go);
/// assert_eq!(r[3].0, GameType::Go);
/// assert!(r[3].1.as_deref().unwrap().contains("default"));
/// assert_eq!(r[4], (GameType::Go, None));
/// # Ok::<(), sgfkit::Error>(())
/// ```
pub fn game_of(node: Node<'_, '_>) -> (GameType, Option<String>) {
    match node.game_root().get("GM") {
        Some(gm) => GameType::read_gm(&gm.values().collect::<Vec<_>>()),
        None => (GameType::Go, None),
    }
}

/// The board size of the tree of `node` read as `game`: its root's `SZ[n]`
/// (square) or `SZ[columns:rows]`, or the game's default size when `SZ` is
/// missing (see [`BoardSize::read_sz`]).
///
/// # Errors
/// A message when the value is not a number or a pair of numbers, a dimension is 0, or, for
/// Go and the games written with Go points (Amazons, Gess), a dimension exceeds 52.
///
/// ```
/// use sgfkit::game::{BoardSize, GameType};
/// use sgfkit::record::board_size;
/// let c = sgfkit::parse(b"(;SZ[13])(;SZ[9:13])(;GM[11])(;SZ[x])(;SZ[53])")?;
/// let r: Vec<_> = c.games().map(|root| board_size(root, GameType::Go)).collect();
/// assert_eq!(r[0], Ok(BoardSize::square(13)));
/// assert_eq!(r[1], Ok(BoardSize::new(9, 13)));
/// assert_eq!(board_size(c.games().nth(2).unwrap(), GameType::Hex), Ok(BoardSize::square(11)));
/// assert!(r[3].is_err());
/// assert!(r[4].is_err());
/// # Ok::<(), sgfkit::Error>(())
/// ```
pub fn board_size(node: Node<'_, '_>, game: GameType) -> Result<BoardSize, String> {
    board_size_noted(node, game).map(|(size, _)| size)
}

/// As [`board_size`], with a note when the value was accepted but is not in canonical form
/// (`SZ[19:19]`, spaces around a number).
///
/// # Errors
/// As [`board_size`].
///
/// ```
/// use sgfkit::game::{BoardSize, GameType};
/// use sgfkit::record::board_size_noted;
/// let c = sgfkit::parse(b"(;SZ[19:19])")?;
/// let (size, note) = board_size_noted(c.games().next().unwrap(), GameType::Go).unwrap();
/// assert_eq!(size, BoardSize::square(19));
/// assert!(note.unwrap().contains("SZ[19]"));
/// # Ok::<(), sgfkit::Error>(())
/// ```
pub fn board_size_noted(
    node: Node<'_, '_>,
    game: GameType,
) -> Result<(BoardSize, Option<String>), String> {
    match node.game_root().get("SZ") {
        Some(sz) => BoardSize::read_sz(&sz.values().collect::<Vec<_>>(), game),
        None => Ok((game.default_size(), None)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mixed_collection() {
        let c = crate::parse(b"(;GM[6])(;GM[9]SZ[10];B[a1])(;GM[19])(;GM[2]SZ[8])").unwrap();
        let r: Vec<_> = c
            .games()
            .map(|g| {
                let (game, w) = game_of(g);
                assert!(w.is_none());
                (game, board_size(g, game).unwrap())
            })
            .collect();
        assert_eq!(
            r,
            [
                (GameType::Backgammon, GameType::Backgammon.default_size()),
                (GameType::LinesOfAction, BoardSize::square(10)),
                (GameType::Octi, GameType::Octi.default_size()),
                (GameType::Othello, BoardSize::square(8)),
            ]
        );
        // Any node of a tree answers for its tree.
        let leaf = c.games().nth(1).unwrap().first_child().unwrap();
        assert_eq!(game_of(leaf).0, GameType::LinesOfAction);
        assert_eq!(
            board_size(leaf, GameType::LinesOfAction),
            Ok(BoardSize::square(10))
        );
    }
}
