//! A document walked into rows: its diagnostics first, then each game
//! tree's row and moves, whole ([`walk`]) or a part at a time ([`Parts`]).

use super::{DiagnosticRow, ExportOptions, GameRow, MoveView, Tables, game_row, move_rows};
use sgfkit::check::{Diagnostic, Severity};
use sgfkit::game::GameType;
use sgfkit::record::{GoGame, InfoOptions};
use sgfkit::{Document, Node};
use std::sync::Arc;

/// The rows of a document: the games and diagnostics as rows, each move
/// handed to `moves` as a view (the rows layer makes [`MoveRow`]s of them,
/// the Arrow layer appends them to its columns).
///
/// Generic over `moves` so that the append of each move is inlined in the
/// loop (a move every 17 bytes of a move-dense file). `root_properties`
/// false leaves the rows' [`GameRow::properties`] empty (see [`game_row`]).
pub(crate) fn walk(
    doc: &Document<'_>,
    source: &Arc<str>,
    options: &ExportOptions,
    root_properties: bool,
    games: &mut Vec<GameRow>,
    diagnostics: &mut Vec<DiagnosticRow>,
    moves: &mut impl FnMut(&MoveView<'_, '_, '_>),
) {
    let w = Walk::new(doc, source, options, diagnostics);
    games.reserve(w.games());
    for i in 0..w.games() {
        w.game(i, root_properties, games, moves);
    }
}

/// A document's rows, a game tree at a time: its diagnostics read (and
/// made rows) first, then each game's row and moves when asked.
pub(crate) struct Walk<'d, 'a> {
    pub(crate) roots: Vec<Node<'d, 'a>>,
    /// Diagnostics of each game tree.
    per_game: Vec<u32>,
    pub(crate) source: Arc<str>,
    options: &'d ExportOptions,
    info_options: InfoOptions,
}

impl<'d, 'a> Walk<'d, 'a> {
    /// Checks `doc` (as `options` say) and pushes its diagnostics rows.
    pub(crate) fn new(
        doc: &'d Document<'a>,
        source: &Arc<str>,
        options: &'d ExportOptions,
        diagnostics: &mut Vec<DiagnosticRow>,
    ) -> Self {
        let diags = if options.semantic_checks {
            doc.check(&options.check)
        } else {
            doc.diagnostics().to_vec()
        };
        let roots: Vec<Node<'d, 'a>> = doc.collection().games().collect();
        // The game of each diagnostic: the last tree starting at or before it.
        let starts: Vec<usize> = roots.iter().map(|r| r.offset().unwrap_or(0)).collect();
        let mut per_game = vec![0u32; roots.len()];
        diagnostics.reserve(diags.len());
        for d in diags {
            let game = (!roots.is_empty()).then(|| {
                starts
                    .partition_point(|&s| s <= d.span.start)
                    .saturating_sub(1)
            });
            if let Some(g) = game {
                per_game[g] += 1;
            }
            diagnostics.push(diagnostic_row(source, game, d));
        }
        Walk {
            roots,
            per_game,
            source: Arc::clone(source),
            options,
            info_options: InfoOptions::default().source_fixes(options.check.source_fixes),
        }
    }

    /// The document's game trees.
    pub(crate) fn games(&self) -> usize {
        self.roots.len()
    }

    /// Pushes the row of game tree `i` and hands its moves to `moves`.
    pub(crate) fn game(
        &self,
        i: usize,
        root_properties: bool,
        games: &mut Vec<GameRow>,
        moves: &mut impl FnMut(&MoveView<'_, '_, '_>),
    ) {
        let root = self.roots[i];
        let index = u32::try_from(i).unwrap_or(u32::MAX);
        // A tree whose GM names no game is tabled as Go, as the checker reads it.
        let (game_type, _) = root.game().unwrap_or_else(|e| e.read_as_go());
        let go = if game_type == GameType::Go {
            GoGame::new(root).ok()
        } else {
            None
        };
        let mut row = game_row(
            root,
            &self.source,
            index,
            game_type,
            go.as_ref(),
            root_properties,
            &self.info_options,
        );
        row.diagnostic_count = self.per_game[i];
        // `None` for a Go game whose `SZ` is no board (no `GoGame`).
        if let Some(go) = &go {
            row.move_count = Some(move_rows(root, go, index, self.options, moves));
        }
        games.push(row);
    }
}

/// The rows of a document in parts of about the same number of rows
/// (see [`Tables::of_document_in_parts`]).
pub struct Parts<'d, 'a> {
    pub(crate) walk: Walk<'d, 'a>,
    /// The diagnostics rows, until the first part takes them.
    pub(crate) diagnostics: Option<Vec<DiagnosticRow>>,
    /// The next game tree.
    pub(crate) next: usize,
    /// Rows a part holds at least (but for the last).
    pub(crate) rows: usize,
}

impl std::fmt::Debug for Parts<'_, '_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Parts")
            .field("games", &self.walk.games())
            .field("next", &self.next)
            .field("rows", &self.rows)
            .finish_non_exhaustive()
    }
}

impl<'d, 'a> Parts<'d, 'a> {
    /// The parts of `doc`'s rows, about `rows` rows each (at least one):
    /// see [`Tables::of_document_in_parts`](crate::Tables::of_document_in_parts).
    pub(crate) fn new(
        doc: &'d Document<'a>,
        source: &Arc<str>,
        options: &'d ExportOptions,
        rows: usize,
    ) -> Self {
        let mut diagnostics = Vec::new();
        let walk = Walk::new(doc, source, options, &mut diagnostics);
        Parts {
            walk,
            diagnostics: Some(diagnostics),
            next: 0,
            rows: rows.max(1),
        }
    }
}

impl Iterator for Parts<'_, '_> {
    type Item = Tables;

    fn next(&mut self) -> Option<Tables> {
        let diagnostics = self.diagnostics.take();
        if diagnostics.is_none() && self.next >= self.walk.games() {
            return None;
        }
        let mut t = Tables {
            diagnostics: diagnostics.unwrap_or_default(),
            ..Tables::default()
        };
        let source = &self.walk.source;
        while self.next < self.walk.games()
            && t.games.len() + t.moves.len() + t.diagnostics.len() < self.rows
        {
            let moves = &mut t.moves;
            self.walk.game(self.next, true, &mut t.games, &mut |m| {
                moves.push(m.to_row(source));
            });
            self.next += 1;
        }
        Some(t)
    }
}

fn diagnostic_row(source: &Arc<str>, game: Option<usize>, d: Diagnostic) -> DiagnosticRow {
    DiagnosticRow {
        source: Arc::clone(source),
        game: game.map(|g| u32::try_from(g).unwrap_or(u32::MAX)),
        code: d.code,
        severity: match d.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Info => "info",
        },
        line: d.position.line,
        column: d.position.column,
        message: d.message,
    }
}
