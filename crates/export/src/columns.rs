//! The tables built as Arrow columns straight from the tree (feature
//! `arrow`): each move the walk of [`super::walk`] finds is appended to the
//! `moves` columns, with no [`MoveRow`](super::MoveRow) in between (the
//! rows cost an allocation or more a move; a move-dense collection has a
//! move every 17 bytes); games and diagnostics, a few a file, stay rows
//! until the batch is made, but for the roots' other properties, which go
//! straight into their map column (no `String` a value).
//!
//! The columns are plain vectors while they fill (one push of a 24-byte
//! struct a move for the fixed-width values, a push a text), made into
//! arrays once, at [`BatchesBuilder::finish`]: Arrow's builders cost
//! several times more a value, and plain vectors append to each other at
//! the speed of a copy, which is how the tables of many small files become
//! one batch. The `source` column, the same text on the rows of a file, is
//! kept as runs and written out only at the end, or not at all
//! ([`BatchesBuilder::finish_with_dictionaries`]: a dictionary array, a
//! value a run; `color` likewise, a dictionary of `B` and `W`). Text offsets are
//! kept in Arrow's 32 bits as they fill, and handed over without a copy.

use super::arrow::{
    Batches, diagnostics_batch, games_batch, moves_dictionary_schema, moves_schema,
    properties_field,
};
use super::texts::{Offsets, Texts, spread};
use super::{DiagnosticRow, ExportOptions, GameRow, MoveView, Parts, is_game_column};
use arrow_array::types::{Int8Type, Int16Type, Int32Type};
use arrow_array::{
    ArrayRef, BooleanArray, DictionaryArray, Float64Array, Int8Array, Int16Array, Int32Array,
    ListArray, MapArray, RecordBatch, StringArray, StructArray, UInt16Array, UInt32Array,
};
use arrow_buffer::{
    BooleanBuffer, BooleanBufferBuilder, Buffer, MutableBuffer, NullBuffer, OffsetBuffer,
    ScalarBuffer,
};
use arrow_schema::{ArrowError, DataType};
use sgfkit::game::go::Vertex;
use sgfkit::grammar::RawValues;
use sgfkit::record::Clock;
use sgfkit::text::TextKind;
use sgfkit::{Document, Position};
use std::sync::Arc;

/// The three tables of one or more documents, being built: `moves` as
/// columns, `games` and `diagnostics` as rows. Cheap to start for a small
/// file and to [`append`](BatchesBuilder::append) to another, so that the
/// tables of many small files become one batch, which
/// [`finish`](BatchesBuilder::finish) makes.
///
/// ```
/// use sgfkit_export::arrow::{Batches, BatchesBuilder};
/// let opts = Default::default();
/// let (a, b) = (sgfkit::read(b"(;B[aa])", &opts)?, sgfkit::read(b"(;B[bb];W[cc])", &opts)?);
/// let mut all = BatchesBuilder::default();
/// all.push_document(&a, "a.sgf", &Default::default());
/// let mut more = BatchesBuilder::default();
/// more.push_document(&b, "b.sgf", &Default::default());
/// all.append(&mut more);
/// assert_eq!(all.counts()[..2], [2, 3]); // games, moves (and diagnostics)
/// let batches = all.finish()?;
/// let one_by_one = Batches::concat(&[
///     Batches::of_document(&a, "a.sgf", &Default::default())?,
///     Batches::of_document(&b, "b.sgf", &Default::default())?,
/// ])?;
/// assert_eq!(batches, one_by_one);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Default)]
pub struct BatchesBuilder {
    /// The `games` rows, their `properties` empty: those are in
    /// `game_props`, a map a row.
    games: Vec<GameRow>,
    game_props: PropColumns,
    moves: MoveColumns,
    diagnostics: Vec<DiagnosticRow>,
}

impl BatchesBuilder {
    /// Adds the rows of a document already read (by [`sgfkit::read`], or
    /// [`super::read`] as the export reads), `source` naming it in every row: the rows
    /// of [`Tables::of_document`](super::Tables::of_document).
    ///
    /// Columns that outgrow Arrow's 32-bit offsets (2 GiB of text) are
    /// refused by [`BatchesBuilder::finish`].
    pub fn push_document(&mut self, doc: &Document<'_>, source: &str, options: &ExportOptions) {
        let shared: Arc<str> = Arc::from(source);
        // A move every ~10 bytes (the corpus) to ~17 bytes (move-dense
        // files): room for a move every 8 bytes, so that the columns of a
        // file seldom grow. Comments and other properties, on few moves
        // of most files, get room as they come: reserving it up front cost
        // more allocations than it saved.
        let len = doc.collection().source().len();
        self.moves.reserve(len / 8);
        let moves = &mut self.moves;
        let before = moves.rows();
        super::walk::walk(
            doc,
            &shared,
            options,
            false,
            &mut self.games,
            &mut self.diagnostics,
            &mut |m: &MoveView<'_, '_, '_>| moves.push(m),
        );
        let rows = self.moves.rows() - before;
        self.moves.name(&shared, rows);
        // The roots' other properties, straight into their columns (the
        // rows were made without them): a game row a root, in order; room
        // for all of them first (a value an entry, the bytes as in the
        // file), not grown entry by entry.
        let (mut entries, mut bytes) = (0, 0);
        for root in doc.collection().games() {
            for (ident, values) in root.raw_properties() {
                entries += 1;
                bytes += ident.len() + values.len();
            }
        }
        let roots = doc.collection().games().len();
        self.game_props.reserve(roots, entries, entries, bytes);
        for root in doc.collection().games() {
            self.game_props.push_row(|| {
                root.raw_properties()
                    .filter(|(ident, _)| !is_game_column(ident))
            });
        }
    }

    /// Adds the rows of the next part of `parts`, the rows that
    /// [`Parts`]' next [`Tables`](super::Tables) would hold, made straight
    /// into columns: whether there was a part left. For the columns of a
    /// big collection a part at a time.
    ///
    /// ```
    /// use sgfkit_export::{ExportOptions, Tables, arrow::{Batches, BatchesBuilder}};
    /// let options = ExportOptions::default();
    /// let doc = sgfkit_export::read(b"(;B[aa];W[bb])(;B[cc])(;B[dd])", &options);
    /// let mut parts = Tables::of_document_in_parts(&doc, "x.sgf", &options, 2);
    /// let mut each = Vec::new();
    /// loop {
    ///     let mut b = BatchesBuilder::default();
    ///     if !b.push_part(&mut parts) {
    ///         break;
    ///     }
    ///     each.push(b.finish()?);
    /// }
    /// assert!(each.len() > 1);
    /// assert_eq!(Batches::concat(&each)?, Batches::of_document(&doc, "x.sgf", &options)?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn push_part(&mut self, parts: &mut Parts<'_, '_>) -> bool {
        let diagnostics = parts.diagnostics.take();
        if diagnostics.is_none() && parts.next >= parts.walk.games() {
            return false;
        }
        let diagnosed = diagnostics.as_ref().map_or(0, Vec::len);
        if let Some(mut d) = diagnostics {
            self.diagnostics.append(&mut d);
        }
        let source = Arc::clone(&parts.walk.source);
        let (first, games, before) = (parts.next, self.games.len(), self.moves.rows());
        let mut rows = diagnosed;
        while parts.next < parts.walk.games() && rows < parts.rows {
            let moves = &mut self.moves;
            parts
                .walk
                .game(parts.next, false, &mut self.games, &mut |m| moves.push(m));
            parts.next += 1;
            rows = diagnosed + self.games.len() - games + self.moves.rows() - before;
        }
        let moved = self.moves.rows() - before;
        self.moves.name(&source, moved);
        for root in &parts.walk.roots[first..parts.next] {
            self.game_props.push_row(|| {
                root.raw_properties()
                    .filter(|(ident, _)| !is_game_column(ident))
            });
        }
        true
    }

    /// Moves the rows of `other` after these, leaving it empty.
    pub fn append(&mut self, other: &mut BatchesBuilder) {
        if self.counts() == [0; 3] {
            std::mem::swap(self, other);
            return;
        }
        self.games.append(&mut other.games);
        self.game_props.append(&mut other.game_props);
        self.moves.reserve_for([&other.moves]);
        self.moves.append(&mut other.moves);
        self.diagnostics.append(&mut other.diagnostics);
    }

    /// The rows of `parts` one after the other, in one builder: each
    /// column's room is reserved once, its values copied once.
    ///
    /// ```
    /// use sgfkit_export::arrow::BatchesBuilder;
    /// let parts: Vec<BatchesBuilder> = [&b"(;B[aa])"[..], b"(;W[bb];B[])"]
    ///     .iter()
    ///     .map(|sgf| {
    ///         let mut b = BatchesBuilder::default();
    ///         b.push_document(&sgfkit::read(sgf, &Default::default()).unwrap(), "x.sgf", &Default::default());
    ///         b
    ///     })
    ///     .collect();
    /// assert_eq!(BatchesBuilder::concat(parts).counts()[..2], [2, 3]);
    /// ```
    pub fn concat(parts: Vec<BatchesBuilder>) -> BatchesBuilder {
        let mut all = BatchesBuilder::default();
        all.games.reserve(parts.iter().map(|p| p.games.len()).sum());
        all.diagnostics
            .reserve(parts.iter().map(|p| p.diagnostics.len()).sum());
        all.moves.reserve_for(parts.iter().map(|p| &p.moves));
        all.game_props
            .reserve_for(parts.iter().map(|p| &p.game_props));
        for mut p in parts {
            all.games.append(&mut p.games);
            all.game_props.append(&mut p.game_props);
            all.moves.append(&mut p.moves);
            all.diagnostics.append(&mut p.diagnostics);
        }
        all
    }

    /// Room for the moves of about `bytes` more bytes of SGF (a move every
    /// 8 bytes, as [`BatchesBuilder::push_document`] reserves for one
    /// document): for documents pushed one after the other, their columns
    /// then grow once instead of doubling as they fill.
    ///
    /// ```
    /// use sgfkit_export::arrow::BatchesBuilder;
    /// let docs = [&b"(;B[aa];W[bb])"[..], b"(;B[cc])"];
    /// let mut b = BatchesBuilder::default();
    /// b.reserve_for_bytes(docs.iter().map(|d| d.len()).sum());
    /// for d in docs {
    ///     b.push_document(&sgfkit::read(d, &Default::default()).unwrap(), "x.sgf", &Default::default());
    /// }
    /// assert_eq!(b.counts()[1], 3);
    /// ```
    pub fn reserve_for_bytes(&mut self, bytes: usize) {
        self.moves.reserve(bytes / 8);
    }

    /// Rows of the three tables: games, moves, diagnostics.
    pub fn counts(&self) -> [usize; 3] {
        [self.games.len(), self.moves.rows(), self.diagnostics.len()]
    }

    /// The `diagnostics` rows so far.
    pub fn diagnostics(&self) -> &[DiagnosticRow] {
        &self.diagnostics
    }

    /// Moves the rows of one game tree of a streamed file to their place
    /// in the whole file, as [`Tables::place`](super::Tables::place) does.
    pub fn place(&mut self, first_game: u32, start: Position) {
        for g in &mut self.games {
            g.game = g.game.saturating_add(first_game);
        }
        for m in &mut self.moves.fixed {
            m.game = m.game.saturating_add(first_game);
        }
        for d in &mut self.diagnostics {
            super::place_diagnostic(d, first_game, start);
        }
    }

    /// The batches of the rows added.
    ///
    /// # Errors
    /// When a text column outgrows Arrow's 32-bit offsets (2 GiB).
    pub fn finish(self) -> Result<Batches, ArrowError> {
        self.finish_as(false)
    }

    /// The batches with the `moves` table's `source`, `color` and `vertex` as
    /// dictionary arrays ([`moves_dictionary_schema`]): a value a file and
    /// a key a row for `source`, `B` and `W` for `color`, the other columns
    /// as [`BatchesBuilder::finish`] makes them. Less work to make, and much
    /// less memory: on the corpus, a path on every move was 147 of the 242
    /// MB of [`finish`](BatchesBuilder::finish)'s tables. The Parquet writer
    /// reads a dictionary array as the texts it stands for (the files are
    /// the same as of `finish`'s batches), and so do pyarrow, polars
    /// (categorical) and DuckDB.
    ///
    /// ```
    /// use arrow_array::{cast::AsArray, types::Int32Type};
    /// use sgfkit_export::arrow::{BatchesBuilder, moves_dictionary_schema};
    /// let doc = sgfkit::read(b"(;B[aa];W[bb])", &Default::default()).unwrap();
    /// let mut b = BatchesBuilder::default();
    /// b.push_document(&doc, "a.sgf", &Default::default());
    /// b.push_document(&doc, "b.sgf", &Default::default());
    /// let moves = b.finish_with_dictionaries()?.moves;
    /// assert_eq!(moves.schema(), moves_dictionary_schema());
    /// let source = moves.column(0).as_dictionary::<Int32Type>();
    /// assert_eq!(source.keys().values(), &[0, 0, 1, 1]);
    /// assert_eq!(source.values().as_string::<i32>().value(1), "b.sgf");
    /// # Ok::<(), arrow_schema::ArrowError>(())
    /// ```
    ///
    /// # Errors
    /// As [`BatchesBuilder::finish`].
    pub fn finish_with_dictionaries(self) -> Result<Batches, ArrowError> {
        self.finish_as(true)
    }

    fn finish_as(self, dictionaries: bool) -> Result<Batches, ArrowError> {
        Ok(Batches {
            games: games_batch(&self.games, Some(Arc::new(self.game_props.finish()?)))?,
            moves: self.moves.finish(dictionaries)?,
            diagnostics: diagnostics_batch(&self.diagnostics)?,
        })
    }
}

/// The columns of the `moves` table being built, in schema order.
#[derive(Debug, Default)]
struct MoveColumns {
    /// The `source` column as runs: a text and the rows it names.
    sources: Vec<(Arc<str>, usize)>,
    /// The columns of fixed width, a row a value: one push a move (a store
    /// of 28 bytes), split into their columns at the end.
    fixed: Vec<Fixed>,
    /// The comments, of the rows in `comment_rows` only (most moves have
    /// none): a push a comment, not a row; the column is made whole at
    /// the end.
    comment: Texts,
    comment_rows: Vec<usize>,
    /// The other properties, of the rows in `prop_rows` only (a map a row
    /// there; the other rows' maps are empty).
    props: PropColumns,
    prop_rows: Vec<usize>,
    /// The clocks (`time_left_s`, `periods_left`) of the rows in
    /// `clock_rows` only (the rows of nodes that give one; a clock is a
    /// property besides the move, so never on a plain move).
    clocks: Vec<Clock>,
    clock_rows: Vec<usize>,
}

/// The fixed-width values of one `moves` row.
#[derive(Debug, Clone, Copy)]
struct Fixed {
    game: u32,
    move_number: u32,
    node_id: u32,
    /// 0 when null (see `flags`).
    parent_id: u32,
    /// 0 when null, as `row`: they are null together.
    column: u16,
    row: u16,
    /// 0 when null (see `flags`).
    captures: u16,
    vertex: Option<Vertex>,
    /// `B`, `W`, or 0 for none.
    color: u8,
    /// [`PARENT`], [`POINT`], [`PASS`], [`OUTCOME`], [`LEGAL`].
    flags: u8,
}

/// `Fixed::flags`: the parent id is valid.
const PARENT: u8 = 1;
/// `Fixed::flags`: the column and row are valid.
const POINT: u8 = 2;
/// `Fixed::flags`: the move is a pass.
const PASS: u8 = 4;
/// `Fixed::flags`: the captures and legality are valid (a move replayed).
const OUTCOME: u8 = 8;
/// `Fixed::flags`: the move is legal.
const LEGAL: u8 = 16;

impl MoveColumns {
    /// Room for `rows` more rows.
    fn reserve(&mut self, rows: usize) {
        self.fixed.reserve(rows);
    }

    /// Ends a run of `rows` rows named by `source` (the rows pushed for
    /// one document).
    fn name(&mut self, source: &Arc<str>, rows: usize) {
        if rows > 0 {
            self.sources.push((Arc::clone(source), rows));
        }
    }

    /// Rows so far.
    fn rows(&self) -> usize {
        self.fixed.len()
    }

    /// Appends one row (named by [`MoveColumns::name`] after).
    #[inline]
    fn push(&mut self, m: &MoveView<'_, '_, '_>) {
        let row = self.fixed.len();
        let flags = if m.parent_id.is_some() { PARENT } else { 0 }
            | if m.column.is_some() && m.row.is_some() {
                POINT
            } else {
                0
            }
            | if m.pass { PASS } else { 0 }
            | match m.legal {
                Some(true) => OUTCOME | LEGAL,
                Some(false) => OUTCOME,
                None => 0,
            };
        self.fixed.push(Fixed {
            game: m.game,
            move_number: m.move_number,
            node_id: m.node_id,
            parent_id: m.parent_id.unwrap_or(0),
            column: m.column.unwrap_or(0),
            row: m.row.unwrap_or(0),
            captures: m.captures.unwrap_or(0),
            vertex: m.vertex,
            color: match m.color {
                Some('B') => b'B',
                Some('W') => b'W',
                // The walk gives no other colour.
                _ => 0,
            },
            flags,
        });
        if m.comment.is_some() || m.others {
            self.push_texts(row, m);
        }
    }

    /// The comment and other properties of row `row`, if it has any: out of
    /// [`MoveColumns::push`], so that the push of a plain move (most of
    /// them) is small enough to be inlined in the walk.
    #[inline(never)]
    fn push_texts(&mut self, row: usize, m: &MoveView<'_, '_, '_>) {
        if let Some(c) = m.comment {
            self.comment_rows.push(row);
            self.comment.push_str(c);
        }
        if m.clock != Clock::default() {
            self.clock_rows.push(row);
            self.clocks.push(m.clock);
        }
        if m.others {
            self.prop_rows.push(row);
            self.props.push_row(|| m.raw_properties());
        }
    }

    /// Room for the rows of `parts` besides these.
    fn reserve_for<'p>(&mut self, parts: impl IntoIterator<Item = &'p MoveColumns> + Clone) {
        // Rows, runs, then (texts, bytes) of comment.
        let mut n = [0usize; 4];
        for p in parts.clone() {
            let counts = [
                p.rows(),
                p.sources.len(),
                p.comment.count(),
                p.comment.bytes.len(),
            ];
            for (sum, c) in n.iter_mut().zip(counts) {
                *sum += c;
            }
        }
        self.reserve(n[0]);
        self.sources.reserve(n[1]);
        self.comment.reserve(n[2], n[3]);
        self.comment_rows.reserve(n[2]);
        let parts: Vec<&MoveColumns> = parts.into_iter().collect();
        self.prop_rows
            .reserve(parts.iter().map(|p| p.prop_rows.len()).sum());
        let clocks = parts.iter().map(|p| p.clock_rows.len()).sum();
        self.clock_rows.reserve(clocks);
        self.clocks.reserve(clocks);
        self.props.reserve_for(parts.into_iter().map(|p| &p.props));
    }

    /// Adds the rows of `other` after these, leaving it empty.
    fn append(&mut self, other: &mut MoveColumns) {
        for (source, n) in other.sources.drain(..) {
            match self.sources.last_mut() {
                Some((last, m)) if Arc::ptr_eq(last, &source) || **last == *source => *m += n,
                _ => self.sources.push((source, n)),
            }
        }
        let shift = self.rows();
        self.fixed.append(&mut other.fixed);
        self.comment_rows
            .extend(other.comment_rows.drain(..).map(|r| r + shift));
        self.comment.append(&mut other.comment);
        self.prop_rows
            .extend(other.prop_rows.drain(..).map(|r| r + shift));
        self.props.append(&mut other.props);
        self.clock_rows
            .extend(other.clock_rows.drain(..).map(|r| r + shift));
        self.clocks.append(&mut other.clocks);
    }

    /// The `time_left_s` and `periods_left` columns of `n` rows: the
    /// clocks at their rows, null elsewhere (null arrays when no row has
    /// one, as in most files: no values written out).
    fn clock_columns(&self, n: usize) -> (ArrayRef, ArrayRef) {
        if self.clock_rows.is_empty() {
            // One buffer of zeros for both columns' values, and one of
            // null bits: no memory a column for what no row has.
            let zeros = Buffer::from(MutableBuffer::from_len_zeroed(n * 8));
            let nulls = NullBuffer::new_null(n);
            return (
                Arc::new(Float64Array::new(
                    ScalarBuffer::new(zeros.clone(), 0, n),
                    Some(nulls.clone()),
                )),
                Arc::new(UInt32Array::new(
                    ScalarBuffer::new(zeros, 0, n),
                    Some(nulls),
                )),
            );
        }
        let mut left = vec![0f64; n];
        let mut periods = vec![0u32; n];
        let none = || {
            let mut b = BooleanBufferBuilder::new(n);
            b.append_n(n, false);
            b
        };
        let (mut left_valid, mut periods_valid) = (none(), none());
        for (&row, c) in self.clock_rows.iter().zip(&self.clocks) {
            if let Some(s) = c.time_left_s {
                left[row] = s;
                left_valid.set_bit(row, true);
            }
            if let Some(p) = c.periods_left {
                periods[row] = p;
                periods_valid.set_bit(row, true);
            }
        }
        let nulls = |mut v: BooleanBufferBuilder| {
            let nulls = NullBuffer::new(v.finish());
            (nulls.null_count() > 0).then_some(nulls)
        };
        (
            Arc::new(Float64Array::new(
                ScalarBuffer::from(left),
                nulls(left_valid),
            )),
            Arc::new(UInt32Array::new(
                ScalarBuffer::from(periods),
                nulls(periods_valid),
            )),
        )
    }

    /// The batch of the rows appended.
    ///
    /// # Errors
    /// When a text column outgrows Arrow's 32-bit offsets (2 GiB).
    fn finish(self, dictionaries: bool) -> Result<RecordBatch, ArrowError> {
        let f = &self.fixed;
        let flags = Flags::of(f);
        let (source, color, vertex, schema): (ArrayRef, ArrayRef, ArrayRef, _) = if dictionaries {
            (
                Arc::new(runs_dictionary(&self.sources)?),
                Arc::new(colors_dictionary(f, flags.color)?),
                Arc::new(vertices_dictionary(f)?),
                moves_dictionary_schema(),
            )
        } else {
            (
                Arc::new(repeated(&self.sources)?),
                Arc::new(colors(f, flags.color)?),
                Arc::new(vertices(f)?),
                moves_schema(),
            )
        };
        let (time_left, periods_left) = self.clock_columns(f.len());
        let columns: Vec<ArrayRef> = vec![
            source,
            u32s(f, |m| m.game, None),
            u32s(f, |m| m.move_number, None),
            u32s(f, |m| m.node_id, None),
            u32s(f, |m| m.parent_id, flags.parent),
            color,
            u16s(f, |m| m.column, flags.point.clone()),
            u16s(f, |m| m.row, flags.point),
            vertex,
            Arc::new(BooleanArray::new(flags.pass, None)),
            u16s(f, |m| m.captures, flags.outcome.clone()),
            Arc::new(BooleanArray::new(flags.legal, flags.outcome)),
            time_left,
            periods_left,
            Arc::new(self.comment.finish_rows(f.len(), &self.comment_rows)?),
            Arc::new(self.props.finish_rows(f.len(), &self.prop_rows)?),
        ];
        RecordBatch::try_new(schema, columns)
    }
}

/// The flags of the fixed-width values as Arrow's bits, found in one pass:
/// which rows have a parent, a point, a colour (no buffer when every row
/// has one, as Arrow's builders make it), which are passes.
struct Flags {
    parent: Option<NullBuffer>,
    point: Option<NullBuffer>,
    color: Option<NullBuffer>,
    pass: BooleanBuffer,
    /// Which rows have `captures` and `legal`.
    outcome: Option<NullBuffer>,
    legal: BooleanBuffer,
}

impl Flags {
    fn of(f: &[Fixed]) -> Flags {
        let words = f.len().div_ceil(64);
        let mut bits = [(); 6].map(|_| Vec::<u64>::with_capacity(words));
        for chunk in f.chunks(64) {
            let mut w = [0u64; 6];
            for (i, m) in chunk.iter().enumerate() {
                w[0] |= u64::from(m.flags & PARENT != 0) << i;
                w[1] |= u64::from(m.flags & POINT != 0) << i;
                w[2] |= u64::from(m.color != 0) << i;
                w[3] |= u64::from(m.flags & PASS != 0) << i;
                w[4] |= u64::from(m.flags & OUTCOME != 0) << i;
                w[5] |= u64::from(m.flags & LEGAL != 0) << i;
            }
            for (b, w) in bits.iter_mut().zip(w) {
                b.push(w);
            }
        }
        let [parent, point, color, pass, outcome, legal] =
            bits.map(|b| BooleanBuffer::new(Buffer::from_vec(b), 0, f.len()));
        let valid = |b: BooleanBuffer| {
            let nulls = NullBuffer::new(b);
            (nulls.null_count() > 0).then_some(nulls)
        };
        Flags {
            parent: valid(parent),
            point: valid(point),
            color: valid(color),
            pass,
            outcome: valid(outcome),
            legal,
        }
    }
}

/// A `properties` column being filled: its offsets (entries a row,
/// without the leading 0), keys, the ends of the value lists (a list an
/// entry) and the values, decoded as text.
#[derive(Debug, Default)]
struct PropColumns {
    map_ends: Offsets,
    keys: Texts,
    list_ends: Offsets,
    values: Texts,
}

impl PropColumns {
    /// Room for `rows` more rows of `entries` entries and `values` values
    /// of `bytes` bytes in all.
    fn reserve(&mut self, rows: usize, entries: usize, values: usize, bytes: usize) {
        self.map_ends.reserve(rows);
        self.keys.reserve(entries, entries * 2);
        self.list_ends.reserve(entries);
        self.values.reserve(values, bytes);
    }

    /// Room for the rows of `parts` besides these.
    fn reserve_for<'p>(&mut self, parts: impl IntoIterator<Item = &'p PropColumns>) {
        let mut n = [0usize; 5];
        for p in parts {
            let counts = [
                p.map_ends.count(),
                p.list_ends.count(),
                p.keys.bytes.len(),
                p.values.count(),
                p.values.bytes.len(),
            ];
            for (sum, c) in n.iter_mut().zip(counts) {
                *sum += c;
            }
        }
        self.map_ends.reserve(n[0]);
        self.list_ends.reserve(n[1]);
        self.keys.reserve(n[1], n[2]);
        self.values.reserve(n[3], n[4]);
    }

    /// Appends a row: a map of the properties `props()` gives, each an
    /// identifier and its raw values text (as [`Node::raw_properties`](sgfkit::Node::raw_properties)
    /// gives them; the keys and values of [`Property::ident`](sgfkit::Property::ident) and
    /// [`Property::values`](sgfkit::Property::values), the values decoded as text).
    /// A key once: an identifier written more than once in the node is one
    /// entry with all its values, in file order (as sgfmill reads it).
    /// `props` is called twice for a row whose identifiers repeat (rare).
    fn push_row<'c, I>(&mut self, props: impl Fn() -> I)
    where
        I: Iterator<Item = (&'c [u8], &'c [u8])>,
    {
        if super::properties::idents_repeat(props().map(|(ident, _)| ident)) {
            self.push_merged(props());
        } else {
            for (ident, values) in props() {
                self.keys.push_str(super::properties::ident_key(ident));
                self.push_values(values);
                self.list_ends.push(self.values.count());
            }
        }
        self.push_empty();
    }

    /// The entries of a row whose identifiers repeat: each key once, at its
    /// first place, with the values of every property of that key.
    #[inline(never)]
    fn push_merged<'c>(&mut self, props: impl Iterator<Item = (&'c [u8], &'c [u8])>) {
        let mut entries: Vec<(&str, Vec<&[u8]>)> = Vec::new();
        let mut at: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
        for (ident, values) in props {
            let key = super::properties::ident_key(ident);
            let k = *at.entry(key).or_insert_with(|| {
                entries.push((key, Vec::new()));
                entries.len() - 1
            });
            entries[k].1.push(values);
        }
        for (key, raws) in entries {
            self.keys.push_str(key);
            for values in raws {
                self.push_values(values);
            }
            self.list_ends.push(self.values.count());
        }
    }

    /// Appends the values of a raw values text, decoded (the current
    /// entry's list).
    #[inline]
    fn push_values(&mut self, values: &[u8]) {
        for v in RawValues::new(values) {
            self.values.push_decoded(v, TextKind::Text);
        }
    }

    /// Ends a row: its entries are those pushed since the last row.
    #[inline]
    fn push_empty(&mut self) {
        self.map_ends.push(self.keys.count());
    }

    /// Adds the rows of `other` after these, leaving it empty.
    fn append(&mut self, other: &mut PropColumns) {
        let (keys, values) = (self.keys.count(), self.values.count());
        self.map_ends.append(&mut other.map_ends, keys);
        self.keys.append(&mut other.keys);
        self.list_ends.append(&mut other.list_ends, values);
        self.values.append(&mut other.values);
    }

    /// The map column of `n` rows whose rows `rows` (in order) are the
    /// maps pushed, the others empty.
    fn finish_rows(self, n: usize, rows: &[usize]) -> Result<MapArray, ArrowError> {
        let keys = self.keys.count();
        if i32::try_from(keys).is_err() {
            return Err(ArrowError::OffsetOverflowError(keys));
        }
        let map = OffsetBuffer::new(ScalarBuffer::from(spread(n, rows, &self.map_ends.0)));
        let values = self.values.count();
        properties(
            map,
            self.keys.finish()?,
            self.list_ends.finish(values)?,
            self.values.finish()?,
        )
    }

    /// The map column of the rows appended.
    fn finish(self) -> Result<MapArray, ArrowError> {
        let (keys, values) = (self.keys.count(), self.values.count());
        properties(
            self.map_ends.finish(keys)?,
            self.keys.finish()?,
            self.list_ends.finish(values)?,
            self.values.finish()?,
        )
    }
}

/// The `source` column of its runs.
fn repeated(runs: &[(Arc<str>, usize)]) -> Result<StringArray, ArrowError> {
    let rows: usize = runs.iter().map(|(_, n)| n).sum();
    let bytes: usize = runs
        .iter()
        .map(|(s, n)| s.len().saturating_mul(*n))
        .fold(0, usize::saturating_add);
    if i32::try_from(bytes).is_err() {
        return Err(ArrowError::OffsetOverflowError(bytes));
    }
    let mut offsets = Vec::with_capacity(rows + 1);
    let mut text = Vec::with_capacity(bytes);
    let mut at = 0i32;
    offsets.push(at);
    for (s, n) in runs {
        // Fits: the sum of all the runs' bytes does.
        let len = s.len() as i32;
        offsets.extend((0..*n).map(|_| {
            at += len;
            at
        }));
        // The text once, then copies of what is written, doubling.
        let start = text.len();
        if *n > 0 {
            text.extend_from_slice(s.as_bytes());
        }
        let mut have = 1;
        while have < *n {
            let more = have.min(*n - have);
            text.extend_from_within(start..start + more * s.len());
            have += more;
        }
    }
    StringArray::try_new(
        OffsetBuffer::new(ScalarBuffer::from(offsets)),
        Buffer::from_vec(text),
        None,
    )
}

/// A `u32` column of the fixed-width values (generic, so that `get` is
/// inlined in the loop).
fn u32s(f: &[Fixed], get: impl Fn(&Fixed) -> u32, nulls: Option<NullBuffer>) -> ArrayRef {
    let v: Vec<u32> = f.iter().map(get).collect();
    Arc::new(UInt32Array::new(ScalarBuffer::from(v), nulls))
}

/// A `u16` column of the fixed-width values.
fn u16s(f: &[Fixed], get: impl Fn(&Fixed) -> u16, nulls: Option<NullBuffer>) -> ArrayRef {
    let v: Vec<u16> = f.iter().map(get).collect();
    Arc::new(UInt16Array::new(ScalarBuffer::from(v), nulls))
}

/// The `source` column of its runs as a dictionary: a value a run, a key a
/// row. The same values as [`repeated`] without writing the text out for
/// every row (a path of 60 bytes on every move of a file).
fn runs_dictionary(runs: &[(Arc<str>, usize)]) -> Result<DictionaryArray<Int32Type>, ArrowError> {
    if i32::try_from(runs.len()).is_err() {
        return Err(ArrowError::DictionaryKeyOverflowError);
    }
    let rows: usize = runs.iter().map(|(_, n)| n).sum();
    let mut keys = Vec::with_capacity(rows);
    for (k, (_, n)) in runs.iter().enumerate() {
        // Fits: there are fewer runs than i32::MAX.
        keys.resize(keys.len() + n, k as i32);
    }
    let values: StringArray = runs.iter().map(|(s, _)| Some(&**s)).collect();
    DictionaryArray::try_new(Int32Array::from(keys), Arc::new(values))
}

/// The `color` column: `"B"`, `"W"`, or null for a 0 (`valid`, of
/// [`Flags`]).
fn colors(fixed: &[Fixed], valid: Option<NullBuffer>) -> Result<StringArray, ArrowError> {
    if i32::try_from(fixed.len()).is_err() {
        return Err(ArrowError::OffsetOverflowError(fixed.len()));
    }
    let mut offsets = Vec::with_capacity(fixed.len() + 1);
    let mut bytes = Vec::with_capacity(fixed.len());
    let mut end = 0i32;
    offsets.push(end);
    for m in fixed {
        if m.color != 0 {
            bytes.push(m.color);
            end += 1;
        }
        offsets.push(end);
    }
    StringArray::try_new(
        OffsetBuffer::new(ScalarBuffer::from(offsets)),
        Buffer::from_vec(bytes),
        valid,
    )
}

/// The `vertex` column: each row's GTP vertex, or null.
fn vertices(fixed: &[Fixed]) -> Result<StringArray, ArrowError> {
    if i32::try_from(fixed.len() * 3).is_err() {
        return Err(ArrowError::OffsetOverflowError(fixed.len()));
    }
    let mut offsets = Vec::with_capacity(fixed.len() + 1);
    let mut bytes = Vec::with_capacity(fixed.len() * 3);
    let mut valid = Vec::with_capacity(fixed.len());
    let mut end = 0i32;
    offsets.push(end);
    for m in fixed {
        let v = m.vertex.map_or(&[][..], Vertex::as_bytes);
        bytes.extend_from_slice(v);
        // At most 3 bytes.
        end += v.len() as i32;
        offsets.push(end);
        valid.push(m.vertex.is_some());
    }
    let nulls = NullBuffer::from(valid);
    StringArray::try_new(
        OffsetBuffer::new(ScalarBuffer::from(offsets)),
        Buffer::from_vec(bytes),
        (nulls.null_count() > 0).then_some(nulls),
    )
}

/// The `vertex` column as a dictionary of the GTP vertices its rows name,
/// in the order they first appear (a key a row, null where the row has
/// none), for the Parquet writer, which then looks up each vertex once, not
/// a text a row, and writes the file that [`vertices`] gives.
fn vertices_dictionary(fixed: &[Fixed]) -> Result<DictionaryArray<Int16Type>, ArrowError> {
    // The key of each vertex met so far, by its place among all vertices.
    let mut slots = vec![-1i16; Vertex::COUNT];
    let mut values: Vec<&str> = Vec::new();
    let mut valid = Vec::with_capacity(fixed.len());
    let keys: Vec<i16> = fixed
        .iter()
        .map(|m| {
            valid.push(m.vertex.is_some());
            let Some(v) = m.vertex else { return 0 };
            let slot = &mut slots[usize::from(v.index())];
            if *slot < 0 {
                // Fewer than 625 values: the key fits.
                *slot = values.len() as i16;
                values.push(v.as_str());
            }
            *slot
        })
        .collect();
    let nulls = NullBuffer::from(valid);
    DictionaryArray::try_new(
        Int16Array::new(
            ScalarBuffer::from(keys),
            (nulls.null_count() > 0).then_some(nulls),
        ),
        Arc::new(StringArray::from(values)),
    )
}

/// The `color` column as a dictionary of `"B"` and `"W"` (a key a row),
/// for the Parquet writer, which reads it as the texts it stands for: no
/// text a row to write out and check.
fn colors_dictionary(
    fixed: &[Fixed],
    valid: Option<NullBuffer>,
) -> Result<DictionaryArray<Int8Type>, ArrowError> {
    let keys: Vec<i8> = fixed.iter().map(|m| i8::from(m.color == b'W')).collect();
    let values = StringArray::from(vec!["B", "W"]);
    DictionaryArray::try_new(
        Int8Array::new(ScalarBuffer::from(keys), valid),
        Arc::new(values),
    )
}

/// The `properties` column of its parts: `map<utf8, list<utf8>>` as
/// [`properties_field`] describes it, no entry or list null.
fn properties(
    map_offsets: OffsetBuffer<i32>,
    keys: StringArray,
    list_offsets: OffsetBuffer<i32>,
    values: StringArray,
) -> Result<MapArray, ArrowError> {
    let field = properties_field();
    let DataType::Map(entries, ordered) = field.data_type() else {
        unreachable!("properties_field is a map")
    };
    let DataType::Struct(kv) = entries.data_type() else {
        unreachable!("map entries are a struct")
    };
    let DataType::List(item) = kv[1].data_type() else {
        unreachable!("a property's values are a list")
    };
    let lists = ListArray::try_new(item.clone(), list_offsets, Arc::new(values), None)?;
    let struct_ = StructArray::try_new(kv.clone(), vec![Arc::new(keys), Arc::new(lists)], None)?;
    MapArray::try_new(entries.clone(), map_offsets, struct_, None, *ordered)
}
