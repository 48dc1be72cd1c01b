//! The rows as JSON Lines: one object a row, keys in schema order, strings
//! escaped by [`sgfkit::json`]'s one writer.

use super::walk::Walk;
use super::{DiagnosticRow, ExportOptions, GameRow, MoveRow, PropertyEntry};
use sgfkit::Document;
use std::io::Write as _;
use std::sync::Arc;

/// An object being written into a buffer.
struct Obj<'b> {
    out: &'b mut Vec<u8>,
    first: bool,
}

impl<'b> Obj<'b> {
    fn new(out: &'b mut Vec<u8>) -> Self {
        out.push(b'{');
        Obj { out, first: true }
    }

    /// The key `k`, one of the schema's column names: ASCII letters and
    /// `_`, written between quotes as it is (no escape to look for: every
    /// row writes a dozen of them).
    fn key(&mut self, k: &'static str) {
        debug_assert!(k.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_'));
        if !self.first {
            self.out.push(b',');
        }
        self.first = false;
        self.out.push(b'"');
        self.out.extend_from_slice(k.as_bytes());
        self.out.extend_from_slice(b"\":");
    }

    fn str(&mut self, k: &'static str, v: Option<&str>) -> &mut Self {
        self.key(k);
        match v {
            Some(v) => string(self.out, v),
            None => self.out.extend_from_slice(b"null"),
        }
        self
    }

    fn char(&mut self, k: &'static str, v: Option<char>) -> &mut Self {
        let mut buf = [0u8; 4];
        self.str(k, v.map(|c| &*c.encode_utf8(&mut buf)))
    }

    fn num(&mut self, k: &'static str, v: Option<impl itoa::Integer>) -> &mut Self {
        self.key(k);
        match v {
            Some(v) => self
                .out
                .extend_from_slice(itoa::Buffer::new().format(v).as_bytes()),
            None => self.out.extend_from_slice(b"null"),
        }
        self
    }

    fn float(&mut self, k: &'static str, v: Option<f64>) -> &mut Self {
        self.key(k);
        // JSON has no NaN or infinity. A finite f64's `Display` is the
        // shortest text that reads back as it, without an exponent.
        match v.filter(|f| f.is_finite()) {
            Some(v) => {
                let _ = write!(self.out, "{v}");
            }
            None => self.out.extend_from_slice(b"null"),
        }
        self
    }

    fn bool(&mut self, k: &'static str, v: Option<bool>) -> &mut Self {
        self.key(k);
        self.out.extend_from_slice(match v {
            Some(true) => b"true",
            Some(false) => b"false",
            None => b"null",
        });
        self
    }

    fn props(&mut self, k: &'static str, props: &[PropertyEntry]) -> &mut Self {
        self.key(k);
        self.out.push(b'{');
        for (i, (ident, values)) in props.iter().enumerate() {
            if i > 0 {
                self.out.push(b',');
            }
            string(self.out, ident);
            self.out.extend_from_slice(b":[");
            for (j, v) in values.iter().enumerate() {
                if j > 0 {
                    self.out.push(b',');
                }
                string(self.out, v);
            }
            self.out.push(b']');
        }
        self.out.push(b'}');
        self
    }

    fn end(&mut self) {
        self.out.extend_from_slice(b"}\n");
    }
}

/// A JSON string: `"`, `\` and control characters escaped.
fn string(out: &mut Vec<u8>, s: &str) {
    sgfkit::json::write_str(out, s);
}

pub(super) fn game(out: &mut Vec<u8>, g: &GameRow) {
    let date = g
        .first_date
        .map(|(y, m, d)| format!("{y:04}-{m:02}-{d:02}"));
    Obj::new(out)
        .str("source", Some(&g.source))
        .num("game", Some(g.game))
        .num("gm", Some(g.gm))
        .num("board_columns", g.board_columns)
        .num("board_rows", g.board_rows)
        .str("black", g.black.as_deref())
        .str("white", g.white.as_deref())
        .str("black_rank", g.black_rank.as_deref())
        .str("white_rank", g.white_rank.as_deref())
        .str("black_rank_kind", g.black_rank_kind)
        .num("black_rank_level", g.black_rank_level)
        .str("white_rank_kind", g.white_rank_kind)
        .num("white_rank_level", g.white_rank_level)
        .float("komi", g.komi)
        .num("handicap", g.handicap)
        .str("result", g.result.as_deref())
        .char("winner", g.winner)
        .float("margin", g.margin)
        .str("result_kind", g.result_kind)
        .str("date", g.date.as_deref())
        .str("first_date", date.as_deref())
        .str("rules", g.rules.as_deref())
        .str("ruleset", g.ruleset)
        .float("main_time_s", g.main_time_s)
        .str("overtime", g.overtime)
        .num("overtime_periods", g.overtime_periods)
        .float("overtime_period_s", g.overtime_period_s)
        .num("overtime_stones", g.overtime_stones)
        .float("fischer_increment_s", g.fischer_increment_s)
        .str("event", g.event.as_deref())
        .str("origin", g.origin)
        .num("move_count", g.move_count)
        .num("node_count", Some(g.node_count))
        .num("variation_count", Some(g.variation_count))
        .num("diagnostic_count", Some(g.diagnostic_count))
        .props("properties", &g.properties)
        .end();
}

pub(super) fn move_(out: &mut Vec<u8>, m: &MoveRow) {
    Obj::new(out)
        .str("source", Some(&m.source))
        .num("game", Some(m.game))
        .num("move_number", Some(m.move_number))
        .num("node_id", Some(m.node_id))
        .num("parent_id", m.parent_id)
        .char("color", m.color)
        .num("column", m.column)
        .num("row", m.row)
        .str("vertex", m.vertex)
        .bool("pass", Some(m.pass))
        .num("captures", m.captures)
        .bool("legal", m.legal)
        .float("time_left_s", m.time_left_s)
        .num("periods_left", m.periods_left)
        .str("comment", m.comment.as_deref())
        .props("properties", &m.properties)
        .end();
}

pub(super) fn diagnostic(out: &mut Vec<u8>, d: &DiagnosticRow) {
    Obj::new(out)
        .str("source", Some(&d.source))
        .num("game", d.game)
        .str("code", Some(d.code.as_str()))
        .str("severity", Some(d.severity))
        .num("line", Some(d.line))
        .num("column", Some(d.column))
        .str("message", Some(&d.message))
        .end();
}

/// Writes the rows of a document already read as JSON Lines into the
/// three writers, as [`Tables::of_document`](crate::Tables::of_document) then
/// [`Tables::write_ndjson`](crate::Tables::write_ndjson) would, without holding them: each move's line
/// is written as it is made, in pieces of 64 KiB. Gives the number of
/// rows of each table (games, moves, diagnostics).
///
/// ```
/// use sgfkit_export::{ExportOptions, Tables};
/// let options = ExportOptions::default();
/// let doc = sgfkit_export::read(b"(;PB[Ann];B[pd];W[dp])(;B[aa]", &options);
/// let (mut g, mut m, mut d) = (Vec::new(), Vec::new(), Vec::new());
/// let counts = sgfkit_export::write_ndjson(&doc, "x.sgf", &options, &mut g, &mut m, &mut d)?;
/// assert_eq!(counts[..2], [2, 3]);
/// let (mut g2, mut m2, mut d2) = (Vec::new(), Vec::new(), Vec::new());
/// Tables::of_document(&doc, "x.sgf", &options).write_ndjson(&mut g2, &mut m2, &mut d2)?;
/// assert_eq!((g, m, d), (g2, m2, d2));
/// # Ok::<(), std::io::Error>(())
/// ```
///
/// # Errors
/// The writers' errors.
pub fn write_ndjson(
    doc: &Document<'_>,
    source: &str,
    options: &ExportOptions,
    games: &mut impl std::io::Write,
    moves: &mut impl std::io::Write,
    diagnostics: &mut impl std::io::Write,
) -> std::io::Result<[usize; 3]> {
    const PIECE: usize = 1 << 16;
    let source: Arc<str> = Arc::from(source);
    let mut rows = Vec::new();
    let walk = Walk::new(doc, &source, options, &mut rows);
    let mut counts = [0, 0, rows.len()];
    let mut buf = Vec::with_capacity(PIECE);
    for d in rows {
        diagnostic(&mut buf, &d);
        if buf.len() > PIECE {
            diagnostics.write_all(&buf)?;
            buf.clear();
        }
    }
    diagnostics.write_all(&buf)?;
    buf.clear();
    let mut lines = Vec::with_capacity(PIECE);
    let mut game_rows = Vec::with_capacity(1);
    let mut failed = None;
    for i in 0..walk.games() {
        walk.game(i, true, &mut game_rows, &mut |m| {
            move_(&mut lines, &m.to_row(&source));
            counts[1] += 1;
            if lines.len() > PIECE && failed.is_none() {
                failed = moves.write_all(&lines).err();
                lines.clear();
            }
        });
        if let Some(e) = failed {
            return Err(e);
        }
        for g in game_rows.drain(..) {
            game(&mut buf, &g);
            counts[0] += 1;
        }
        if buf.len() > PIECE {
            games.write_all(&buf)?;
            buf.clear();
        }
    }
    moves.write_all(&lines)?;
    games.write_all(&buf)?;
    Ok(counts)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_are_escaped() {
        let mut out = Vec::new();
        string(&mut out, "a\"b\\c\nd\u{1}é");
        assert_eq!(String::from_utf8(out).unwrap(), r#""a\"b\\c\nd\u0001é""#);
    }
}
