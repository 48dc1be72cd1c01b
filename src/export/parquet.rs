//! The tables as Parquet files (feature `parquet`): the schemas of
//! [`arrow`](super::arrow), Snappy-compressed, a row group every million
//! rows.
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

use super::arrow::{Batches, diagnostics_schema, games_schema, moves_schema};
use parquet::arrow::ArrowWriter;
use parquet::basic::{Compression, Encoding};
use parquet::errors::ParquetError;
use parquet::file::properties::{EnabledStatistics, WriterProperties};
use parquet::schema::types::ColumnPath;
use std::io::Write;

/// Rows in a row group at most.
const ROW_GROUP_ROWS: usize = 1 << 20;

/// Three Parquet files, one a table, written batch by batch.
#[derive(Debug)]
pub struct ParquetFiles<W: Write + Send> {
    games: ArrowWriter<W>,
    moves: ArrowWriter<W>,
    diagnostics: ArrowWriter<W>,
}

/// Columns with few distinct values, dictionary-encoded; every other
/// column is written plain (or delta-encoded), which costs less time for
/// the same size after compression.
const DICTIONARY: &[&str] = &[
    "source",
    "game",
    "gm",
    "color",
    "column",
    "row",
    "winner",
    "result_kind",
    "rules",
    "black_rank",
    "white_rank",
    "code",
    "severity",
    "properties.entries.keys",
];

/// Counters that grow row by row: delta-encoded.
const DELTA: &[&str] = &["move_number", "node_id", "parent_id"];

/// How the files are written: Snappy, row groups of [`ROW_GROUP_ROWS`],
/// statistics per column chunk.
fn properties() -> WriterProperties {
    let mut b = WriterProperties::builder()
        .set_compression(Compression::SNAPPY)
        .set_max_row_group_row_count(Some(ROW_GROUP_ROWS))
        .set_statistics_enabled(EnabledStatistics::Chunk)
        .set_dictionary_enabled(false)
        .set_created_by(format!("sgfkit {}", env!("CARGO_PKG_VERSION")));
    for col in DICTIONARY {
        b = b.set_column_dictionary_enabled(path(col), true);
    }
    for col in DELTA {
        b = b.set_column_encoding(path(col), Encoding::DELTA_BINARY_PACKED);
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
            games: ArrowWriter::try_new(games, games_schema(), Some(properties()))?,
            moves: ArrowWriter::try_new(moves, moves_schema(), Some(properties()))?,
            diagnostics: ArrowWriter::try_new(
                diagnostics,
                diagnostics_schema(),
                Some(properties()),
            )?,
        })
    }

    /// Adds the batches' rows (kept in memory until a row group is full).
    ///
    /// # Errors
    /// The writers' errors.
    pub fn write(&mut self, b: &Batches) -> Result<(), ParquetError> {
        for (w, batch) in [
            (&mut self.games, &b.games),
            (&mut self.moves, &b.moves),
            (&mut self.diagnostics, &b.diagnostics),
        ] {
            if batch.num_rows() > 0 {
                w.write(batch)?;
            }
        }
        Ok(())
    }

    /// Ends the three files (the last row groups and the footers written)
    /// and gives the writers back.
    ///
    /// # Errors
    /// The writers' errors.
    pub fn finish(self) -> Result<[W; 3], ParquetError> {
        Ok([
            self.games.into_inner()?,
            self.moves.into_inner()?,
            self.diagnostics.into_inner()?,
        ])
    }
}
