//! The tables as Parquet files (feature `parquet`): the schemas of
//! [`arrow`](super::arrow), Snappy-compressed, a row group every million
//! rows. The `moves` columns, its property map included, are encoded by
//! sgfkit (`chunk`, `encode`: a few instructions a row where the parquet
//! crate's general writer hashes or loops per value), the `games` and
//! `diagnostics` tables by the parquet crate; every reader sees ordinary
//! pages and metadata.
//!
//! ```
//! use sgfkit::export::arrow::batches;
//! use sgfkit::export::parquet::ParquetFiles;
//!
//! let b = batches(b"(;PB[Ann];B[pd];W[dp])", "a.sgf", &Default::default())?;
//! let mut files = ParquetFiles::new(Vec::new(), Vec::new(), Vec::new())?;
//! files.write(&b)?;
//! let [games, moves, _] = files.finish()?;
//! assert_eq!(&moves[..4], b"PAR1");
//! assert!(games.len() > 100);
//! # Ok::<(), parquet::errors::ParquetError>(())
//! ```

mod chunk;
mod encode;
#[cfg(test)]
mod tests;

use super::arrow::{
    Batches, BatchesBuilder, diagnostics_schema, games_schema, moves_schema, properties_field,
};
use arrow_array::{ArrayRef, RecordBatch};
use arrow_schema::{DataType, Field, FieldRef, SchemaRef};
use bytes::Bytes;
use chunk::{Kind, OwnColumn};
use parquet::arrow::ArrowWriter;
use parquet::arrow::arrow_writer::{
    ArrowColumnChunk, ArrowColumnWriter, ArrowRowGroupWriterFactory, compute_leaves,
};
use parquet::basic::{Compression, Encoding};
use parquet::column::writer::ColumnCloseResult;
use parquet::errors::ParquetError;
use parquet::file::properties::{EnabledStatistics, WriterProperties};
use parquet::file::writer::SerializedFileWriter;
use parquet::schema::types::ColumnPath;
use std::io::Write;
use std::sync::Mutex;

/// Rows in a row group at most.
const ROW_GROUP_ROWS: usize = 1 << 20;

/// Three Parquet files, one a table, written batch by batch.
///
/// The columns of a batch are encoded one after the other, or on
/// [`ParquetFiles::threads`] threads at once; each column is encoded alone
/// either way, so the files are the same byte for byte whatever the number
/// of threads.
pub struct ParquetFiles<W: Write + Send> {
    /// `games`, `moves`, `diagnostics`: the order of [`Batches::each`].
    files: [TableFile<W>; 3],
    threads: usize,
}

impl<W: Write + Send> std::fmt::Debug for ParquetFiles<W> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ParquetFiles")
            .field("threads", &self.threads)
            .finish_non_exhaustive()
    }
}

/// One Parquet file: what [`ArrowWriter`] keeps, with the row group's
/// column writers in our hands so they can run on several threads.
struct TableFile<W: Write + Send> {
    file: SerializedFileWriter<W>,
    factory: ArrowRowGroupWriterFactory,
    schema: SchemaRef,
    /// How we encode the leaves of each field ourselves ([`own_kind`]),
    /// if we do.
    own: Vec<Option<Vec<Kind>>>,
    /// The row group being filled: a writer a leaf column, and its rows.
    group: Option<(Vec<Leaf>, usize)>,
    groups: usize,
}

/// The writer of a leaf column: the parquet crate's, or ours.
enum Leaf {
    Arrow(Box<ArrowColumnWriter>),
    Own(Box<OwnColumn>),
}

/// A leaf column's chunk, encoded.
enum Closed {
    Arrow(ArrowColumnChunk),
    Own(Bytes, ColumnCloseResult),
}

impl<W: Write + Send> TableFile<W> {
    fn new(
        w: W,
        table: &str,
        schema: SchemaRef,
        properties: WriterProperties,
    ) -> Result<Self, ParquetError> {
        // ArrowWriter sets the file up (Parquet schema, the Arrow schema in
        // the metadata) as every reader expects; we keep its parts.
        let (file, factory) =
            ArrowWriter::try_new(w, schema.clone(), Some(properties))?.into_serialized_writer()?;
        let own = schema.fields().iter().map(|f| own_kind(table, f)).collect();
        Ok(TableFile {
            file,
            factory,
            schema,
            own,
            group: None,
            groups: 0,
        })
    }

    /// The writers of a new row group's leaf columns.
    fn leaf_writers(&self) -> Result<Vec<Leaf>, ParquetError> {
        let mut writers: Vec<Leaf> = self
            .factory
            .create_column_writers(self.groups)?
            .into_iter()
            .map(|w| Leaf::Arrow(Box::new(w)))
            .collect();
        let mut leaf = 0;
        for (field, own) in self.schema.fields().iter().zip(&self.own) {
            let n = leaves(field.data_type());
            let descrs: Vec<_> = (leaf..leaf + n)
                .map(|i| self.file.schema_descr().column(i))
                .collect();
            if let Some(kinds) = own
                && kinds.len() == n
                && kinds.iter().zip(&descrs).all(|(k, d)| k.fits(d))
            {
                for (i, (kind, descr)) in kinds.iter().zip(descrs).enumerate() {
                    writers[leaf + i] =
                        Leaf::Own(Box::new(OwnColumn::new(descr, *kind, PAGE_ROWS)));
                }
            }
            leaf += n;
        }
        Ok(writers)
    }

    /// The rows of `batch` from `offset` on that fit the row group being
    /// filled, as (writers of its leaves, column, array) a column.
    fn next_piece(
        &mut self,
        batch: &RecordBatch,
        offset: usize,
    ) -> Result<(Vec<Piece<'_>>, usize), ParquetError> {
        if self.group.is_none() {
            self.group = Some((self.leaf_writers()?, 0));
        }
        let Some((writers, rows)) = &mut self.group else {
            unreachable!("a row group was started above")
        };
        let n = (batch.num_rows() - offset).min(ROW_GROUP_ROWS - *rows);
        *rows += n;
        let mut rest = &mut writers[..];
        let mut pieces = Vec::with_capacity(batch.num_columns());
        for (field, column) in self.schema.fields().iter().zip(batch.columns()) {
            let (mine, others) = rest.split_at_mut(leaves(field.data_type()));
            rest = others;
            pieces.push(Piece {
                writers: mine,
                field: field.clone(),
                array: column.slice(offset, n),
            });
        }
        Ok((pieces, n))
    }

    fn group_full(&self) -> bool {
        self.group
            .as_ref()
            .is_some_and(|(_, rows)| *rows >= ROW_GROUP_ROWS)
    }

    /// Writes the row group being filled, its columns closed on `threads`.
    fn flush(&mut self, threads: usize) -> Result<(), ParquetError> {
        let Some((writers, _)) = self.group.take() else {
            return Ok(());
        };
        let chunks = run(writers, threads, Leaf::close, |_| 1)?;
        let mut group = self.file.next_row_group()?;
        for chunk in chunks {
            match chunk {
                Closed::Arrow(chunk) => chunk.append_to_row_group(&mut group)?,
                Closed::Own(bytes, close) => group.append_column(&bytes, close)?,
            }
        }
        group.close()?;
        self.groups += 1;
        Ok(())
    }
}

/// Leaf columns of a type in Parquet: one, or one a leaf of a nested type.
fn leaves(t: &DataType) -> usize {
    match t {
        DataType::List(f) | DataType::LargeList(f) | DataType::Map(f, _) => leaves(f.data_type()),
        DataType::Struct(fields) => fields.iter().map(|f| leaves(f.data_type())).sum(),
        _ => 1,
    }
}

impl Leaf {
    fn close(self) -> Result<Closed, ParquetError> {
        match self {
            Leaf::Arrow(w) => w.close().map(Closed::Arrow),
            Leaf::Own(w) => w.close().map(|(bytes, close)| Closed::Own(bytes, close)),
        }
    }
}

/// Rows of one column to encode into its writers.
struct Piece<'w> {
    writers: &'w mut [Leaf],
    field: FieldRef,
    array: ArrayRef,
}

impl Piece<'_> {
    fn encode(self) -> Result<(), ParquetError> {
        if self.writers.iter().all(|w| matches!(w, Leaf::Own(_))) {
            // Each of our leaves takes the column's array whole.
            for w in self.writers.iter_mut() {
                if let Leaf::Own(w) = w {
                    w.write(&self.array)?;
                }
            }
            return Ok(());
        }
        let leaves = compute_leaves(&self.field, &self.array)?;
        for (w, leaf) in self.writers.iter_mut().zip(&leaves) {
            match w {
                Leaf::Arrow(w) => w.write(leaf)?,
                Leaf::Own(_) => {
                    return Err(ParquetError::General(
                        "a column's leaves encoded partly by sgfkit".into(),
                    ));
                }
            }
        }
        Ok(())
    }
}

/// `f` on every item, on up to `threads` threads (the costliest items, by
/// `cost`, first); the results in the order of `items`.
fn run<T: Send, R: Send>(
    items: Vec<T>,
    threads: usize,
    f: impl Fn(T) -> Result<R, ParquetError> + Sync,
    cost: impl Fn(&T) -> usize,
) -> Result<Vec<R>, ParquetError> {
    let threads = threads.min(items.len());
    if threads <= 1 {
        return items.into_iter().map(f).collect();
    }
    let mut queue: Vec<(usize, T)> = items.into_iter().enumerate().collect();
    // Popped from the end: cheapest first in the vector.
    queue.sort_by_key(|(_, t)| cost(t));
    let n = queue.len();
    let queue = Mutex::new(queue);
    let done: Mutex<Vec<(usize, Result<R, ParquetError>)>> = Mutex::new(Vec::with_capacity(n));
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                loop {
                    let next = queue.lock().ok().and_then(|mut q| q.pop());
                    let Some((i, item)) = next else { break };
                    let r = f(item);
                    if let Ok(mut d) = done.lock() {
                        d.push((i, r));
                    }
                }
            });
        }
    });
    let mut done = done
        .into_inner()
        .map_err(|_| ParquetError::General("a column encoder panicked".into()))?;
    if done.len() != n {
        return Err(ParquetError::General("a column encoder panicked".into()));
    }
    done.sort_by_key(|(i, _)| *i);
    done.into_iter().map(|(_, r)| r).collect()
}

/// Columns with few distinct values, dictionary-encoded; every other
/// column is written plain (or delta-encoded), which costs less time for
/// the same size after compression.
const DICTIONARY: &[&str] = &[
    "source",
    "color",
    "gm",
    "column",
    "row",
    "vertex",
    "winner",
    "result_kind",
    "rules",
    "black_rank",
    "white_rank",
    "code",
    "severity",
    "properties.entries.keys",
];

/// Counters that grow row by row, or stay the same for long runs (`game`):
/// delta-encoded (for `game`, smaller and cheaper than a dictionary).
const DELTA: &[&str] = &["game", "move_number", "node_id", "parent_id"];

/// Text columns whose minimum and maximum would tell a reader nothing it
/// could skip row groups by (`B` and `W`; free text; property identifiers
/// and values): written without statistics, which cost a comparison of
/// every value (no min, max nor null count in their metadata). The columns
/// of players, events, results, sources keep theirs.
const NO_STATISTICS: &[&str] = &[
    "color",
    "vertex",
    "comment",
    "properties.entries.keys",
    "properties.entries.values.list.item",
];

/// The `moves` columns whose minimum and maximum span about the same range
/// in every row group of a million moves (move numbers, points, node ids;
/// `game`, the index of a game in its file, mostly 0): written without
/// statistics, which cost a comparison of every value.
const MOVES_NO_STATISTICS: &[&str] = &[
    "game",
    "move_number",
    "node_id",
    "parent_id",
    "column",
    "row",
    "pass",
    "captures",
    "legal",
];

/// Rows in a data page at most: the `moves` pages of fixed-width values
/// hold 100,000 (Parquet's default is 20,000), which costs less time a row
/// and compresses better.
const PAGE_ROWS: usize = 100_000;

/// How the file of a table is written: Snappy, row groups of
/// [`ROW_GROUP_ROWS`], statistics per column chunk (but for
/// [`NO_STATISTICS`], and for `moves` [`MOVES_NO_STATISTICS`]).
fn properties(table: &str) -> WriterProperties {
    let mut b = WriterProperties::builder()
        .set_compression(Compression::SNAPPY)
        .set_max_row_group_row_count(Some(ROW_GROUP_ROWS))
        .set_data_page_row_count_limit(PAGE_ROWS)
        .set_statistics_enabled(EnabledStatistics::Chunk)
        .set_dictionary_enabled(false)
        .set_created_by(format!("sgfkit {}", env!("CARGO_PKG_VERSION")));
    for col in DICTIONARY {
        b = b.set_column_dictionary_enabled(path(col), true);
    }
    for col in DELTA {
        b = b.set_column_encoding(path(col), Encoding::DELTA_BINARY_PACKED);
    }
    let moves = if table == "moves" {
        MOVES_NO_STATISTICS
    } else {
        &[]
    };
    for col in NO_STATISTICS.iter().chain(moves) {
        b = b.set_column_statistics_enabled(path(col), EnabledStatistics::None);
    }
    b.build()
}

/// How we encode the `field` of `table` ourselves ([`chunk`]), if we do:
/// every `moves` column: texts (a dictionary for those of [`DICTIONARY`],
/// else `PLAIN`), small integers of [`DICTIONARY`], counters of [`DELTA`],
/// booleans, and the properties map (its keys a dictionary, its values'
/// items `PLAIN`); all but the texts only without statistics (left to the
/// parquet crate otherwise). A kind a leaf.
fn own_kind(table: &str, field: &Field) -> Option<Vec<Kind>> {
    let name = field.name().as_str();
    let moves = table == "moves";
    if !moves {
        // The other tables' columns, a row a game or diagnostic, cost the
        // crate's encoders less than a hashed text a row costs ours; and
        // their one row group can hold a whole collection's games, whose
        // chunks ours would copy whole once more when closed.
        return None;
    }
    let statistics =
        !(NO_STATISTICS.contains(&name) || moves && MOVES_NO_STATISTICS.contains(&name));
    let kind = match field.data_type() {
        DataType::UInt32 if DELTA.contains(&name) => Kind::Delta,
        DataType::UInt16 if DICTIONARY.contains(&name) => Kind::SmallDictionary,
        DataType::Boolean => Kind::Booleans,
        DataType::Utf8 => {
            let dictionary = DICTIONARY.contains(&name);
            return Some(vec![Kind::Texts {
                dictionary,
                statistics,
            }]);
        }
        DataType::Map(..) if *field == properties_field() => {
            return Some(vec![Kind::MapKeys, Kind::MapValues]);
        }
        _ => return None,
    };
    (!statistics).then_some(vec![kind])
}

fn path(dotted: &str) -> ColumnPath {
    ColumnPath::new(dotted.split('.').map(str::to_string).collect())
}

impl<W: Write + Send> ParquetFiles<W> {
    /// Starts the three files.
    ///
    /// # Errors
    /// The writers' errors.
    pub fn new(games: W, moves: W, diagnostics: W) -> Result<Self, ParquetError> {
        Ok(ParquetFiles {
            files: [
                TableFile::new(games, "games", games_schema(), properties("games"))?,
                TableFile::new(moves, "moves", moves_schema(), properties("moves"))?,
                TableFile::new(
                    diagnostics,
                    "diagnostics",
                    diagnostics_schema(),
                    properties("diagnostics"),
                )?,
            ],
            threads: 1,
        })
    }

    /// Encodes the columns on up to `threads` threads (1, the default:
    /// on the calling thread). The files are the same whatever the number.
    ///
    /// ```
    /// use sgfkit::export::{arrow::batches, parquet::ParquetFiles};
    /// let b = batches(b"(;PB[Ann];B[pd];W[dp])", "a.sgf", &Default::default())?;
    /// let mut one = ParquetFiles::new(Vec::new(), Vec::new(), Vec::new())?;
    /// let mut four = ParquetFiles::new(Vec::new(), Vec::new(), Vec::new())?.threads(4);
    /// one.write(&b)?;
    /// four.write(&b)?;
    /// assert_eq!(one.finish()?, four.finish()?);
    /// # Ok::<(), parquet::errors::ParquetError>(())
    /// ```
    pub fn threads(mut self, threads: usize) -> Self {
        self.threads = threads.max(1);
        self
    }

    /// Adds the batches' rows (kept in memory, encoded, until a row group
    /// is full).
    ///
    /// # Errors
    /// The writers' errors.
    pub fn write(&mut self, b: &Batches) -> Result<(), ParquetError> {
        let batches: Vec<&RecordBatch> = b.each().map(|(_, batch)| batch).collect();
        let mut offsets = [0usize; 3];
        loop {
            // Every table's rows that fit its row group, encoded together.
            let mut pieces = Vec::new();
            for ((file, batch), offset) in self.files.iter_mut().zip(&batches).zip(&mut offsets) {
                if *offset < batch.num_rows() {
                    let (p, n) = file.next_piece(batch, *offset)?;
                    pieces.extend(p);
                    *offset += n;
                }
            }
            if pieces.is_empty() {
                return Ok(());
            }
            run(pieces, self.threads, Piece::encode, |p| {
                p.array.get_array_memory_size()
            })?;
            for file in &mut self.files {
                if file.group_full() {
                    file.flush(self.threads)?;
                }
            }
        }
    }

    /// Adds the rows of a [`BatchesBuilder`]: the same files as
    /// `write(&b.finish()?)`, with less work (of
    /// [`BatchesBuilder::finish_with_dictionaries`]: the `source` column goes to
    /// the encoder as a value a file, not written out row by row first).
    ///
    /// ```
    /// use sgfkit::export::{arrow::BatchesBuilder, parquet::ParquetFiles};
    /// let doc = sgfkit::read(b"(;PB[Ann];B[pd];W[dp])", &Default::default()).unwrap();
    /// let mut b = BatchesBuilder::default();
    /// b.push_document(&doc, "a.sgf", &Default::default());
    /// let mut files = ParquetFiles::new(Vec::new(), Vec::new(), Vec::new())?;
    /// files.write_builder(b)?;
    /// let [_, moves, _] = files.finish()?;
    /// assert_eq!(&moves[..4], b"PAR1");
    /// # Ok::<(), parquet::errors::ParquetError>(())
    /// ```
    ///
    /// # Errors
    /// The writers' errors, and [`BatchesBuilder::finish`]'s.
    pub fn write_builder(&mut self, b: BatchesBuilder) -> Result<(), ParquetError> {
        let batches = b.finish_with_dictionaries()?;
        self.write(&batches)
    }

    /// Ends the three files (the last row groups and the footers written)
    /// and gives the writers back.
    ///
    /// # Errors
    /// The writers' errors.
    pub fn finish(mut self) -> Result<[W; 3], ParquetError> {
        for file in &mut self.files {
            file.flush(self.threads)?;
        }
        let [g, m, d] = self.files;
        Ok([
            g.file.into_inner()?,
            m.file.into_inner()?,
            d.file.into_inner()?,
        ])
    }
}
