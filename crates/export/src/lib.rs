//! Game collections as tables: one row a game, one row a move, one row a
//! diagnostic, for Parquet, Arrow and JSON Lines.
//!
//! Two layers:
//!
//! * **rows**, always compiled and free of dependencies but `sgfkit`:
//!   [`Tables`] holds the [`GameRow`]s, [`MoveRow`]s and [`DiagnosticRow`]s
//!   of SGF bytes ([`tables`]) or of a [`Document`] already read
//!   ([`Tables::of_document`]), computed with sgfkit's own readers
//!   ([`GoGame`], [`Document::check`]);
//!   [`Tables::write_ndjson`] writes them as JSON Lines;
//! * **columns**, behind features: [`arrow`](mod@arrow) (feature `arrow`)
//!   builds Arrow record batches with fixed, documented schemas and writes
//!   Arrow IPC files; [`parquet`](mod@parquet) (feature `parquet`) writes the
//!   same tables as Parquet.
//!
//! Every game tree gets a `games` row, whatever its game (`GM`); only Go
//! games get `moves` rows (the moves of other games have no common
//! coordinates). The schema of each table is in `docs/export.md`.
//!
//! ```
//! use sgfkit_export::{ExportOptions, tables};
//!
//! let sgf = "(;GM[1]SZ[19]PB[李昌镐]PW[Cho Hunhyun]KM[6.5]RE[W+Resign]DT[1995-03-02,03]\
//!            ;B[pd];W[dp];B[])";
//! let t = tables(sgf.as_bytes(), "game.sgf", &ExportOptions::default());
//! let game = &t.games[0];
//! assert_eq!((game.black.as_deref(), game.komi), (Some("李昌镐"), Some(6.5)));
//! assert_eq!((game.winner, game.result_kind), (Some('W'), Some("resign")));
//! assert_eq!(game.first_date, Some((1995, 3, 2)));
//! assert_eq!(t.moves.len(), 3);
//! assert_eq!((t.moves[0].column, t.moves[0].row), (Some(15), Some(3)));
//! assert!(t.moves[2].pass);
//! # let mut out = Vec::new();
//! # t.write_ndjson(&mut out, &mut Vec::new(), &mut Vec::new()).unwrap();
//! # assert!(String::from_utf8(out).unwrap().starts_with("{\"source\":\"game.sgf\",\"game\":0,"));
//! ```

mod json;
mod moves;
mod properties;
mod values;
mod walk;
use walk::walk;

#[cfg(feature = "arrow")]
pub mod arrow;
#[cfg(feature = "arrow")]
mod columns;
#[cfg(feature = "parquet")]
pub mod parquet;
#[cfg(feature = "arrow")]
mod texts;

#[cfg(test)]
mod tests;

pub use json::write_ndjson;
pub use values::first_date;
pub use walk::Parts;

pub(crate) use moves::MoveView;
use moves::move_rows;
use properties::{other_properties, property_entries};
use sgfkit::check::CheckOptions;
use sgfkit::game::go::{Board, Color, Go, Move, MoveSummary, Vertex, quick_move};
use sgfkit::game::{BoardSize, Game, GameType};
use sgfkit::grammar::RawValues;
use sgfkit::record::{
    GameInfo, GoGame, InfoOptions, MoveReport, Origin, Overtime, Player, Rank, apply_numbered,
};
use sgfkit::text::{TextKind, decode_str};
use sgfkit::{Document, Node, Position, Property, ReadOptions};
use std::sync::Arc;

/// How SGF becomes rows.
///
/// ```
/// let opts = sgfkit_export::ExportOptions::default().all_nodes(true);
/// assert!(opts.all_nodes);
/// ```
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct ExportOptions {
    /// One `moves` row for every node of every variation (with its node id
    /// and parent id), not only the main line's moves.
    pub all_nodes: bool,
    /// How each file is read: its character encoding and limits. Leniently
    /// by default: a damaged file gives the rows of what could be read,
    /// and the repairs in `diagnostics`.
    pub read: ReadOptions,
    /// Run the semantic checker ([`check::check`](sgfkit::check::check()))
    /// for the `diagnostics` table, as `sgfkit check` does (the default).
    /// Without it the table holds only what the lenient reader repaired
    /// (codes `L…`), and export runs about twice as fast.
    pub semantic_checks: bool,
    /// The options of the semantic checker.
    pub check: CheckOptions,
}

impl Default for ExportOptions {
    fn default() -> Self {
        ExportOptions {
            all_nodes: false,
            read: ReadOptions::lenient(),
            semantic_checks: true,
            check: CheckOptions::default(),
        }
    }
}

impl ExportOptions {
    /// Sets [`ExportOptions::all_nodes`].
    pub fn all_nodes(mut self, yes: bool) -> Self {
        self.all_nodes = yes;
        self
    }

    /// Sets [`ExportOptions::read`].
    ///
    /// ```
    /// use sgfkit::{ParseOptions, ReadOptions};
    /// let read = ReadOptions::lenient().limits(ParseOptions::default().max_nodes(1));
    /// let opts = sgfkit_export::ExportOptions::default().read(read);
    /// let doc = sgfkit_export::read(b"(;B[aa];W[bb])", &opts);
    /// assert_eq!(doc.diagnostics()[0].code.as_str(), "L017");
    /// ```
    pub fn read(mut self, read: ReadOptions) -> Self {
        self.read = read;
        self
    }

    /// Sets [`ExportOptions::semantic_checks`].
    pub fn semantic_checks(mut self, yes: bool) -> Self {
        self.semantic_checks = yes;
        self
    }

    /// Sets [`ExportOptions::check`].
    pub fn check(mut self, check: CheckOptions) -> Self {
        self.check = check;
        self
    }
}

/// Reads `bytes` as the export reads every file: [`sgfkit::read`] with
/// [`ExportOptions::read`], a document whatever the bytes hold.
///
/// ```
/// let doc = sgfkit_export::read(b"(;B[aa]", &Default::default());
/// assert_eq!(doc.collection().games().len(), 1);
/// assert_eq!(doc.diagnostics()[0].code.as_str(), "L005");
/// ```
pub fn read<'a>(bytes: &'a [u8], options: &ExportOptions) -> Document<'a> {
    sgfkit::read(bytes, &options.read).unwrap_or_else(|e| Document::unread(&e))
}

/// A property of a node as a map entry: its identifier and its values,
/// each decoded as text (escapes and soft line breaks removed).
pub type PropertyEntry = (String, Vec<String>);

/// One row of the `games` table: a game tree.
#[derive(Debug, Clone, Default, PartialEq)]
#[non_exhaustive]
pub struct GameRow {
    /// Where the game came from (a path, a URL: what the caller names it).
    pub source: Arc<str>,
    /// The game tree's index in its file, from 0.
    pub game: u32,
    /// The game (`GM`; 1 is Go, also when `GM` is missing).
    pub gm: u32,
    /// Columns of the board (`SZ`, or the game's default), if it has a usable size.
    pub board_columns: Option<u16>,
    /// Rows of the board.
    pub board_rows: Option<u16>,
    /// Black's name (`PB`).
    pub black: Option<String>,
    /// White's name (`PW`).
    pub white: Option<String>,
    /// Black's rank (`BR`).
    pub black_rank: Option<String>,
    /// White's rank (`WR`).
    pub white_rank: Option<String>,
    /// Black's rank read ([`Rank`]): `"kyu"`, `"dan"`
    /// (amateur) or `"pro"`; `None` when `BR` gives no rank.
    pub black_rank_kind: Option<&'static str>,
    /// Black's kyu or dan level, 1 and up.
    pub black_rank_level: Option<u8>,
    /// White's rank kind, as [`GameRow::black_rank_kind`].
    pub white_rank_kind: Option<&'static str>,
    /// White's kyu or dan level.
    pub white_rank_level: Option<u8>,
    /// The komi (`KM`) as a number.
    pub komi: Option<f64>,
    /// The handicap (`HA`).
    pub handicap: Option<u32>,
    /// The result as written (`RE`).
    pub result: Option<String>,
    /// The winner read from the result: `'B'` or `'W'`.
    pub winner: Option<char>,
    /// The margin of a win on points (`W+2.5` gives 2.5).
    pub margin: Option<f64>,
    /// How the game ended, read from the result: `"score"`, `"resign"`,
    /// `"time"`, `"forfeit"`, `"win"` (a winner, no reason), `"draw"`,
    /// `"void"` or `"unknown"` (`?`).
    pub result_kind: Option<&'static str>,
    /// The date as written (`DT`).
    pub date: Option<String>,
    /// The first full date of `DT` (year, month, day).
    pub first_date: Option<(i32, u32, u32)>,
    /// The rules (`RU`) as written.
    pub rules: Option<String>,
    /// The rule set `RU` names, as KataGo names it
    /// ([`Rules::name`](sgfkit::game::go::Rules::name): `"japanese"`,
    /// `"chinese"`, `"tromp-taylor"`…); `None` for rules sgfkit does not know.
    pub ruleset: Option<&'static str>,
    /// Each player's main time in seconds (`TM`, read as
    /// [`TimeControl`](sgfkit::record::TimeControl) reads it).
    pub main_time_s: Option<f64>,
    /// The overtime (`OT`, or written in `TM`):
    /// [`Overtime::name`](sgfkit::record::Overtime::name), `"byo-yomi"`,
    /// `"canadian"`, `"fischer"` or `"absolute"`.
    pub overtime: Option<&'static str>,
    /// Byo-yomi periods.
    pub overtime_periods: Option<u32>,
    /// The length of a byo-yomi or Canadian period, in seconds.
    pub overtime_period_s: Option<f64>,
    /// Moves to play in each Canadian period.
    pub overtime_stones: Option<u32>,
    /// Seconds added to the clock after each move (Fischer).
    pub fischer_increment_s: Option<f64>,
    /// The event (`EV`).
    pub event: Option<String>,
    /// Where the game comes from, as [`Origin::of`] recognises it
    /// (`"fox"`, `"ogs"`, `"kgs"`, `"tygem"`, `"wbaduk"`, `"gogod"`).
    pub origin: Option<&'static str>,
    /// Moves of the main line (as [`GoGame::moves`] counts them); `None`
    /// for games other than Go, and for Go games whose `SZ` is unusable
    /// (`SZ[0]`, `SZ[99]`: no move can be placed).
    pub move_count: Option<u32>,
    /// Nodes of the game tree.
    pub node_count: u32,
    /// Variations: leaves of the tree beyond the first (0 for a tree
    /// without branches).
    pub variation_count: u32,
    /// Diagnostics of this game tree (rows of the `diagnostics` table).
    pub diagnostic_count: u32,
    /// Every other property of the root, in file order.
    pub properties: Vec<PropertyEntry>,
}

/// One row of the `moves` table: a move of a Go game (or, with
/// [`ExportOptions::all_nodes`], a node without a move too).
#[derive(Debug, Clone, Default, PartialEq)]
#[non_exhaustive]
pub struct MoveRow {
    /// The game's [`GameRow::source`].
    pub source: Arc<str>,
    /// The game's [`GameRow::game`].
    pub game: u32,
    /// Moves from the root to this one, this one included (1 for the first
    /// move); for a node without a move, the moves before it.
    pub move_number: u32,
    /// The node's number in its game tree, in file order (the root is 0).
    pub node_id: u32,
    /// The parent's [`MoveRow::node_id`] (`None` for the root).
    pub parent_id: Option<u32>,
    /// `'B'` or `'W'`; `None` for a node without a move.
    pub color: Option<char>,
    /// Column of the move, from 0 at the left (`a`); `None` for a pass.
    pub column: Option<u16>,
    /// Row of the move, from 0 at the top (`a`); `None` for a pass.
    pub row: Option<u16>,
    /// The move's GTP vertex (`Q16` for `B[pd]` on 19×19, see
    /// [`Point::to_gtp`](sgfkit::game::go::Point::to_gtp)); `None` for a
    /// pass, a node without a move, and boards wider or taller than 25.
    pub vertex: Option<&'static str>,
    /// True for a pass.
    pub pass: bool,
    /// The opponent's stones the move removed (0 for a pass); `None` for a
    /// node without a move. Setup and moves are replayed from the root
    /// ([`apply_node`](sgfkit::record::apply_node)).
    pub captures: Option<u16>,
    /// False for a suicide, an immediate ko retake or a stone on an
    /// occupied point ([`MoveOutcome::is_legal`](sgfkit::game::go::MoveOutcome::is_legal)),
    /// true for any other move and a pass; `None` for a node without a move.
    pub legal: Option<bool>,
    /// Seconds left on the mover's clock after the move (`BL`, `WL`, read
    /// as [`Clock::after`](sgfkit::record::Clock::after) reads them).
    pub time_left_s: Option<f64>,
    /// Overtime periods (byo-yomi) or moves (Canadian) the mover has left
    /// (`OB`, `OW`).
    pub periods_left: Option<u32>,
    /// The node's comment (`C`), decoded.
    pub comment: Option<String>,
    /// The node's other properties (all but `B`, `W` and `C`), in file order.
    pub properties: Vec<PropertyEntry>,
}

/// One row of the `diagnostics` table: something [`Document::check`]
/// found wrong.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct DiagnosticRow {
    /// The file's [`GameRow::source`].
    pub source: Arc<str>,
    /// The game tree the diagnostic is in (the last one starting before
    /// it; the first for what comes before any); `None` when the file has
    /// no game tree.
    pub game: Option<u32>,
    /// The stable code (`S012`, `L008`; `docs/diagnostics.md`).
    pub code: sgfkit::check::Code,
    /// `"error"`, `"warning"` or `"info"`.
    pub severity: &'static str,
    /// 1-based line.
    pub line: u32,
    /// 1-based column, in characters.
    pub column: u32,
    /// What is wrong, in words.
    pub message: String,
}

/// The rows of one or more files: the three tables.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Tables {
    /// One row a game tree.
    pub games: Vec<GameRow>,
    /// One row a move (or a node).
    pub moves: Vec<MoveRow>,
    /// One row a diagnostic.
    pub diagnostics: Vec<DiagnosticRow>,
}

/// Reads `bytes` as every `sgfkit` command does ([`read`]: any encoding,
/// damaged files repaired) and gives its rows, `source`
/// naming the file in every row. Never fails: a file with no game tree
/// gives diagnostics only.
///
/// ```
/// use sgfkit::check::Code;
/// let t = sgfkit_export::tables(b"(;GM[11]SZ[8]PB[Ann];B[c3])(;W[]", "x.sgf", &Default::default());
/// assert_eq!(t.games.len(), 2);
/// assert_eq!((t.games[0].gm, t.games[0].move_count), (11, None)); // Hex: no moves rows
/// assert_eq!(t.games[1].move_count, Some(1)); // `W[]`: a pass
/// assert_eq!((t.moves.len(), t.moves[0].game, t.moves[0].pass), (1, 1, true));
/// // The missing `)`, in the second game tree.
/// assert!(t.diagnostics.iter().any(|d| d.code == Code::L005 && d.game == Some(1)));
/// ```
pub fn tables(bytes: &[u8], source: &str, options: &ExportOptions) -> Tables {
    let doc = read(bytes, options);
    Tables::of_document(&doc, source, options)
}

impl Tables {
    /// The rows of a document already read (by [`sgfkit::read`], or
    /// [`read`] as the export reads).
    pub fn of_document(doc: &Document<'_>, source: &str, options: &ExportOptions) -> Tables {
        let mut t = Tables::default();
        let source: Arc<str> = Arc::from(source);
        let moves = &mut t.moves;
        walk(
            doc,
            &source,
            options,
            true,
            &mut t.games,
            &mut t.diagnostics,
            &mut |m: &MoveView<'_, '_, '_>| moves.push(m.to_row(&source)),
        );
        t
    }

    /// The rows of a document already read, a few game trees at a time:
    /// each part holds the rows of whole game trees, about `rows` rows or
    /// more (a game tree's moves are never split); the first part also
    /// holds every diagnostics row. The parts' tables, each appended to the
    /// last, are those of [`Tables::of_document`]. For a caller that writes
    /// each part before it asks for the next: the rows of a big collection
    /// are never all held at once. A document without a game tree gives
    /// one part, its diagnostics.
    ///
    /// ```
    /// use sgfkit_export::{ExportOptions, Tables};
    /// let options = ExportOptions::default();
    /// let doc = sgfkit_export::read(b"(;B[aa];W[bb])(;B[cc])(;B[dd]", &options);
    /// let parts: Vec<Tables> = Tables::of_document_in_parts(&doc, "x.sgf", &options, 3).collect();
    /// let games: Vec<usize> = parts.iter().map(|t| t.games.len()).collect();
    /// assert_eq!(games.iter().sum::<usize>(), 3);
    /// assert!(parts.len() > 1);
    /// // Every diagnostic in the first part: the last `)` missing among them.
    /// assert!(parts[0].diagnostics.iter().any(|d| d.code.as_str() == "L005"));
    /// assert!(parts[1..].iter().all(|t| t.diagnostics.is_empty()));
    /// let mut all = Tables::default();
    /// for mut t in parts {
    ///     all.append(&mut t);
    /// }
    /// assert_eq!(all, Tables::of_document(&doc, "x.sgf", &options));
    /// ```
    pub fn of_document_in_parts<'d, 'a>(
        doc: &'d Document<'a>,
        source: &str,
        options: &'d ExportOptions,
        rows: usize,
    ) -> Parts<'d, 'a> {
        Parts::new(doc, &Arc::from(source), options, rows)
    }

    /// Moves the rows of one game tree of a streamed file to their place in
    /// the whole file: game indexes start at `first_game`, and positions
    /// are shifted as if the tree's text started at `start` (the line and
    /// column of its first byte in the file; see
    /// [`stream::Game::position`](sgfkit::stream::Game::position)).
    ///
    /// ```
    /// use sgfkit::{Position, check::Code};
    /// let mut t = sgfkit_export::tables(b"(;B[aa]", "big.sgf", &Default::default());
    /// t.place(7, Position { line: 3, column: 5 });
    /// assert_eq!((t.games[0].game, t.moves[0].game), (7, 7));
    /// // The `)` missing at the end, 1:8 in the tree's text.
    /// let d = t.diagnostics.iter().find(|d| d.code == Code::L005).unwrap();
    /// assert_eq!((d.game, d.line, d.column), (Some(7), 3, 12));
    /// ```
    pub fn place(&mut self, first_game: u32, start: Position) {
        for g in &mut self.games {
            g.game = g.game.saturating_add(first_game);
        }
        for m in &mut self.moves {
            m.game = m.game.saturating_add(first_game);
        }
        for d in &mut self.diagnostics {
            place_diagnostic(d, first_game, start);
        }
    }

    /// Adds the rows of `other` after these.
    pub fn append(&mut self, other: &mut Tables) {
        self.games.append(&mut other.games);
        self.moves.append(&mut other.moves);
        self.diagnostics.append(&mut other.diagnostics);
    }

    /// True when no table has a row.
    pub fn is_empty(&self) -> bool {
        self.games.is_empty() && self.moves.is_empty() && self.diagnostics.is_empty()
    }

    /// Writes the three tables as JSON Lines, one object a row, into the
    /// three writers. Absent values are `null`; property maps are objects
    /// of arrays of strings; `first_date` is `"YYYY-MM-DD"`.
    ///
    /// # Errors
    /// The writers' errors.
    pub fn write_ndjson(
        &self,
        games: &mut impl std::io::Write,
        moves: &mut impl std::io::Write,
        diagnostics: &mut impl std::io::Write,
    ) -> std::io::Result<()> {
        let mut buf = Vec::with_capacity(1 << 16);
        for g in &self.games {
            json::game(&mut buf, g);
        }
        games.write_all(&buf)?;
        buf.clear();
        for m in &self.moves {
            json::move_(&mut buf, m);
            if buf.len() > 1 << 16 {
                moves.write_all(&buf)?;
                buf.clear();
            }
        }
        moves.write_all(&buf)?;
        buf.clear();
        for d in &self.diagnostics {
            json::diagnostic(&mut buf, d);
        }
        diagnostics.write_all(&buf)
    }
}

/// The identifiers that have columns of their own in `games`.
const GAME_COLUMNS: &[&str] = &[
    "GM", "SZ", "PB", "PW", "BR", "WR", "KM", "HA", "RE", "DT", "RU", "EV",
];

/// The identifiers of [`GAME_COLUMNS`] read as simple text.
const ROOT_TEXTS: [&str; 10] = ["PB", "PW", "BR", "WR", "KM", "HA", "RE", "DT", "RU", "EV"];

/// The `games` row of the tree at `root`, of the game `game_type`; `go`
/// is its [`GoGame`] (built once for the row and the moves) when it is one.
/// `properties` false leaves [`GameRow::properties`] empty, for a caller
/// that reads them from the root itself (the Arrow columns: no `String` a
/// value).
pub(crate) fn game_row(
    root: Node<'_, '_>,
    source: &Arc<str>,
    game: u32,
    game_type: GameType,
    go: Option<&GoGame<'_, '_>>,
    properties: bool,
    info: &InfoOptions,
) -> GameRow {
    // `go` read the size as `board_size` would: no need to read it again.
    let size = match go {
        Some(go) => Some(go.size()),
        None => root.board_size(game_type).ok().map(|(size, _)| size),
    };
    // The first value of the first property of each identifier with a
    // column, found in one pass over the root (what `Node::get` finds).
    let mut first: [Option<&[u8]>; ROOT_TEXTS.len()] = [None; ROOT_TEXTS.len()];
    for (ident, values) in root.raw_properties() {
        if let Some(k) = ROOT_TEXTS.iter().position(|t| t.as_bytes() == ident)
            && first[k].is_none()
        {
            first[k] = Some(first_value(values));
        }
    }
    let text = |ident: &str| {
        let k = ROOT_TEXTS.iter().position(|t| *t == ident)?;
        first[k].map(simple_text)
    };
    // The typed facts of the tree, read once: ranks, rules, time, and the
    // numbers and result read from their texts.
    // Komi and handicap as the game's source means them (Fox's KM[375]
    // under Chinese rules is 7.5), unless the checker's source fixes are
    // off: the same reading `sgfkit check` reports as S054.
    let info = GameInfo::read_with(root, info);
    let parsed = info.result.as_ref().and_then(|r| r.get());
    let date = text("DT");
    let (nodes, leaves) = tree_shape(root);
    let komi = info.komi.as_ref().and_then(|k| k.get());
    fn rank(p: &Player) -> Option<&Rank> {
        p.rank.as_ref().and_then(|r| r.as_ref().ok())
    }
    let (black_rank, white_rank) = (rank(&info.black), rank(&info.white));
    let time = &info.time;
    let (mut periods, mut period_s, mut stones, mut increment_s) = (None, None, None, None);
    match time.overtime {
        Some(Overtime::ByoYomi {
            periods: n,
            period_s: s,
        }) => (periods, period_s) = (Some(n), Some(s)),
        Some(Overtime::Canadian {
            stones: n,
            period_s: s,
        }) => (stones, period_s) = (Some(n), Some(s)),
        Some(Overtime::Fischer { increment_s: s }) => increment_s = Some(s),
        _ => {}
    }
    GameRow {
        source: Arc::clone(source),
        game,
        gm: game_type.gm(),
        board_columns: size.map(|s| s.columns),
        board_rows: size.map(|s| s.rows),
        black: text("PB"),
        white: text("PW"),
        black_rank: text("BR"),
        white_rank: text("WR"),
        black_rank_kind: black_rank.map(|r| r.kind.name()),
        black_rank_level: black_rank.map(|r| r.level),
        white_rank_kind: white_rank.map(|r| r.kind.name()),
        white_rank_level: white_rank.map(|r| r.level),
        komi,
        handicap: info.handicap.as_ref().and_then(|h| h.get()),
        first_date: date.as_deref().and_then(first_date),
        date,
        winner: parsed.and_then(|r| r.winner).map(|c| c.letter()),
        margin: parsed.and_then(|r| r.margin),
        result_kind: parsed.and_then(|r| r.kind.as_str()),
        result: text("RE"),
        rules: text("RU"),
        ruleset: info.rules.as_ref().and_then(|r| r.get()).map(|r| r.name()),
        main_time_s: time.main_s,
        overtime: time.overtime.map(|o| o.name()),
        overtime_periods: periods,
        overtime_period_s: period_s,
        overtime_stones: stones,
        fischer_increment_s: increment_s,
        event: text("EV"),
        origin: info.origin.map(Origin::name),
        move_count: None,
        node_count: nodes,
        variation_count: leaves.saturating_sub(1),
        diagnostic_count: 0,
        properties: if properties {
            other_properties(root, |ident| is_game_column(ident.as_bytes()))
        } else {
            Vec::new()
        },
    }
}

/// The identifiers that have columns of their own in `games`.
pub(crate) fn is_game_column(ident: &[u8]) -> bool {
    GAME_COLUMNS.iter().any(|c| c.as_bytes() == ident)
}

/// The nodes and the leaves of the game tree at `root`: counted on the
/// arena of a tree as parsed, walked otherwise (an edited tree).
fn tree_shape(root: Node<'_, '_>) -> (u32, u32) {
    let count = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
    if let Some((nodes, leaves)) = root.collection().shape_in_preorder(root.id()) {
        return (count(nodes), count(leaves));
    }
    let (mut nodes, mut leaves) = (0u32, 0u32);
    for n in root.descendants() {
        nodes = nodes.saturating_add(1);
        if n.first_child().is_none() {
            leaves += 1;
        }
    }
    (nodes, leaves)
}

/// The first value of a property's raw values text (what
/// [`Property::value`] gives).
fn first_value(values: &[u8]) -> &[u8] {
    RawValues::new(values).next().unwrap_or(&[])
}

fn simple_text(raw: &[u8]) -> String {
    decode_str(raw, TextKind::SimpleText).into_owned()
}

/// A diagnostic of a game tree moved to its place in the whole file (see
/// [`Tables::place`]).
fn place_diagnostic(d: &mut DiagnosticRow, first_game: u32, start: Position) {
    d.game = d.game.map(|g| g.saturating_add(first_game));
    if d.line == 1 {
        d.column = d.column.saturating_add(start.column.saturating_sub(1));
    }
    d.line = d.line.saturating_add(start.line.saturating_sub(1));
}

// The README's examples run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
