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
//! * [`GameResult`]: the result (`RE`), read once for every reader;
//! * [`Date`]: the dates a game was played on (`DT`), read once for
//!   every reader;
//! * [`GameInfo`]: the game-information properties of a tree read once
//!   into typed values, each keeping its text and, unread, its reason;
//! * [`Origin`]: where a game comes from, and [`SourceFix`]: a quirk of
//!   that source read as it means it ([`InfoOptions`] turns them off);
//! * [`Rank`]: a player's rank (`BR`, `WR`) in the spellings servers write;
//! * [`TimeControl`]: the main time and overtime (`TM`, `OT`), and
//!   [`seconds`], the one reader of a duration, and each move's [`Clock`];
//! * [`file_format`]: the file format a tree is written in (`FF`).
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

mod date;
mod go;
mod info;
mod position;
mod rank;
mod result;
mod source;
mod time;

pub use date::{Date, DateError};
pub use go::GoGame;
pub use info::{Fact, GameInfo, Player};
pub(crate) use info::{read_handicap, read_komi, unknown_rules};
#[doc(hidden)]
pub use position::apply_numbered;
pub use position::{MoveReport, NodeMoves, PositionError, ReportKind, apply_node, position_at};
pub use rank::{Rank, RankError, RankKind};
pub use result::{GameResult, ResultKind};
pub(crate) use source::fox_komi;
pub use source::{InfoOptions, Origin, Quirk, SourceFix};
pub(crate) use time::decimal_comma;
pub use time::{Clock, Overtime, TimeControl, TimeError, seconds};

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
