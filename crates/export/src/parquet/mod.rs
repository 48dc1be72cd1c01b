//! The tables as Parquet files (feature `parquet`): the schemas of
//! [`arrow`](super::arrow), Snappy-compressed, a row group every million
//! rows, written by the parquet crate's Arrow writer with
//! [`WriterProperties`] that keep the files small and quick to write:
//! dictionaries for the columns of few distinct values, delta encoding for
//! counters, pages of 98,304 rows, statistics only where a reader can skip
//! row groups by them (docs/export.md lists the columns).
//!
//! ```
//! use sgfkit_export::arrow::batches;
//! use sgfkit_export::parquet::ParquetFiles;
//!
//! let b = batches(b"(;PB[Ann];B[pd];W[dp])", "a.sgf", &Default::default())?;
//! let mut files = ParquetFiles::new(Vec::new(), Vec::new(), Vec::new())?;
//! files.write(&b)?;
//! let [games, moves, _] = files.finish()?;
//! assert_eq!(&moves[..4], b"PAR1");
//! assert!(games.len() > 100);
//! # Ok::<(), parquet::errors::ParquetError>(())
//! ```

#[cfg(test)]
mod tests;

use super::arrow::{Batches, BatchesBuilder, diagnostics_schema, games_schema, moves_schema};
use arrow_array::{ArrayRef, RecordBatch};
use arrow_schema::{FieldRef, SchemaRef};
use parquet::arrow::ArrowWriter;
use parquet::arrow::arrow_writer::{ArrowColumnWriter, ArrowRowGroupWriterFactory, compute_leaves};
use parquet::basic::{Compression, Encoding};
use parquet::errors::ParquetError;
use parquet::file::properties::{EnabledStatistics, WriterProperties};
use parquet::file::writer::SerializedFileWriter;
use parquet::schema::types::ColumnPath;
use rayon::prelude::*;
use std::io::Write;

/// Rows in a row group at most.
const ROW_GROUP_ROWS: usize = 1 << 20;

/// Three Parquet files, one a table, written batch by batch.
///
/// The columns of a batch are encoded one after the other, or on a pool of
/// [`ParquetFiles::threads`] threads (rayon) at once; each column is
/// encoded alone either way, so the files are the same byte for byte
/// whatever the number of threads.
pub struct ParquetFiles<W: Write + Send> {
    /// `games`, `moves`, `diagnostics`: the order of [`Batches::each`].
    files: [TableFile<W>; 3],
    /// The threads that encode the columns; none: the calling thread.
    pool: Option<rayon::ThreadPool>,
}

impl<W: Write + Send> std::fmt::Debug for ParquetFiles<W> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let threads = self.pool.as_ref().map_or(1, |p| p.current_num_threads());
        f.debug_struct("ParquetFiles")
            .field("threads", &threads)
            .finish_non_exhaustive()
    }
}

/// One Parquet file: what [`ArrowWriter`] keeps, with the row group's
/// column writers in our hands so they can run on several threads.
struct TableFile<W: Write + Send> {
    file: SerializedFileWriter<W>,
    factory: ArrowRowGroupWriterFactory,
    schema: SchemaRef,
    /// The row group being filled: a writer a leaf column, and its rows.
    group: Option<(Vec<ArrowColumnWriter>, usize)>,
    groups: usize,
}

impl<W: Write + Send> TableFile<W> {
    fn new(w: W, schema: SchemaRef, properties: WriterProperties) -> Result<Self, ParquetError> {
        // ArrowWriter sets the file up (Parquet schema, the Arrow schema in
        // the metadata) as every reader expects; we keep its parts.
        let (file, factory) =
            ArrowWriter::try_new(w, schema.clone(), Some(properties))?.into_serialized_writer()?;
        Ok(TableFile {
            file,
            factory,
            schema,
            group: None,
            groups: 0,
        })
    }

    /// The rows of `batch` from `offset` on that fit the row group being
    /// filled, as (writers of its leaves, column, array) a column.
    fn next_piece(
        &mut self,
        batch: &RecordBatch,
        offset: usize,
    ) -> Result<(Vec<Piece<'_>>, usize), ParquetError> {
        let group = match self.group.take() {
            Some(group) => group,
            None => (self.factory.create_column_writers(self.groups)?, 0),
        };
        let (writers, rows) = self.group.insert(group);
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

    /// Writes the row group being filled, its columns closed on `pool`.
    fn flush(&mut self, pool: Option<&rayon::ThreadPool>) -> Result<(), ParquetError> {
        let Some((writers, _)) = self.group.take() else {
            return Ok(());
        };
        let chunks = on(pool, writers, ArrowColumnWriter::close)?;
        let mut group = self.file.next_row_group()?;
        for chunk in chunks {
            chunk.append_to_row_group(&mut group)?;
        }
        group.close()?;
        self.groups += 1;
        Ok(())
    }
}

/// Leaf columns of a type in Parquet: one, or one a leaf of a nested type.
fn leaves(t: &arrow_schema::DataType) -> usize {
    use arrow_schema::DataType;
    match t {
        DataType::List(f) | DataType::LargeList(f) | DataType::Map(f, _) => leaves(f.data_type()),
        DataType::Struct(fields) => fields.iter().map(|f| leaves(f.data_type())).sum(),
        _ => 1,
    }
}

/// Rows of one column to encode into the writers of its leaves.
struct Piece<'w> {
    writers: &'w mut [ArrowColumnWriter],
    field: FieldRef,
    array: ArrayRef,
}

impl Piece<'_> {
    fn encode(self) -> Result<(), ParquetError> {
        let leaves = compute_leaves(&self.field, &self.array)?;
        for (w, leaf) in self.writers.iter_mut().zip(&leaves) {
            w.write(leaf)?;
        }
        Ok(())
    }
}

/// `f` on every item, on `pool` (or the calling thread); the results in
/// the order of `items`.
fn on<T: Send, R: Send>(
    pool: Option<&rayon::ThreadPool>,
    items: Vec<T>,
    f: impl Fn(T) -> Result<R, ParquetError> + Sync + Send,
) -> Result<Vec<R>, ParquetError> {
    match pool {
        None => items.into_iter().map(f).collect(),
        // One item a task: a column's cost varies a hundredfold.
        Some(pool) => pool.install(|| items.into_par_iter().with_max_len(1).map(f).collect()),
    }
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
    "black_rank_kind",
    "white_rank_kind",
    "ruleset",
    "overtime",
    "origin",
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

/// Rows in a data page: the pages of fixed-width values hold 98,304
/// (Parquet's default is 20,000), which costs less time a row and
/// compresses better. A multiple of the 1,024 values the parquet crate
/// encodes at a time, after which it checks the page's rows.
const PAGE_ROWS: usize = 96 * 1024;

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
                TableFile::new(games, games_schema(), properties("games"))?,
                TableFile::new(moves, moves_schema(), properties("moves"))?,
                TableFile::new(diagnostics, diagnostics_schema(), properties("diagnostics"))?,
            ],
            pool: None,
        })
    }

    /// Encodes the columns on a pool of `threads` threads (1, the default:
    /// on the calling thread). The files are the same whatever the number.
    /// Should the pool not start (the system refusing threads), the
    /// columns are encoded on the calling thread.
    ///
    /// ```
    /// use sgfkit_export::{arrow::batches, parquet::ParquetFiles};
    /// let b = batches(b"(;PB[Ann];B[pd];W[dp])", "a.sgf", &Default::default())?;
    /// let mut one = ParquetFiles::new(Vec::new(), Vec::new(), Vec::new())?;
    /// let mut four = ParquetFiles::new(Vec::new(), Vec::new(), Vec::new())?.threads(4);
    /// one.write(&b)?;
    /// four.write(&b)?;
    /// assert_eq!(one.finish()?, four.finish()?);
    /// # Ok::<(), parquet::errors::ParquetError>(())
    /// ```
    pub fn threads(mut self, threads: usize) -> Self {
        self.pool = (threads > 1)
            .then(|| {
                rayon::ThreadPoolBuilder::new()
                    .num_threads(threads)
                    .thread_name(|i| format!("sgfkit-parquet-{i}"))
                    .build()
                    .ok()
            })
            .flatten();
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
            on(self.pool.as_ref(), pieces, Piece::encode)?;
            for file in &mut self.files {
                if file.group_full() {
                    file.flush(self.pool.as_ref())?;
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
    /// use sgfkit_export::{arrow::BatchesBuilder, parquet::ParquetFiles};
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
            file.flush(self.pool.as_ref())?;
        }
        let [g, m, d] = self.files;
        Ok([
            g.file.into_inner()?,
            m.file.into_inner()?,
            d.file.into_inner()?,
        ])
    }
}
