//! The files read back by the parquet crate's own reader: the tables as
//! written, whatever the number of threads and the kind of batches, and the
//! encodings, statistics and pages [`properties`](super::properties) asks for.

use super::{PAGE_ROWS, ParquetFiles, ROW_GROUP_ROWS, properties};
use crate::arrow::{Batches, BatchesBuilder};
use arrow_array::{ArrayRef, RecordBatch, UInt32Array};
use arrow_schema::{DataType, Field, Schema};
use bytes::Bytes;
use parquet::arrow::ArrowWriter;
use parquet::arrow::arrow_reader::{ArrowReaderOptions, ParquetRecordBatchReaderBuilder};
use parquet::basic::{Compression, Encoding};
use parquet::file::metadata::{PageIndexPolicy, ParquetMetaData};
use std::sync::Arc;

/// Several files a builder: a pass, a move without a colour, comments,
/// other properties, variations.
const FILES: [(&[u8], &str); 3] = [
    (
        b"(;GM[1]FF[4]SZ[19]PB[Ann]RE[B+R];B[pd]C[hi];W[];B[dd]XX[1][2])",
        "a.sgf",
    ),
    (
        b"(;GM[1]SZ[9];AB[aa]C[setup];W[bb];B[cc](;W[dd])(;W[ee]))",
        "dir/b.sgf",
    ),
    (b"(;GM[1];B[tt];W[zz])", "c.sgf"),
];

fn builder(all_nodes: bool) -> BatchesBuilder {
    let options = crate::ExportOptions::default().all_nodes(all_nodes);
    let mut b = BatchesBuilder::default();
    for (sgf, source) in FILES {
        let doc = crate::read(sgf, &options);
        b.push_document(&doc, source, &options);
    }
    b
}

/// The three files of `batches`, their columns encoded on `threads`.
fn write(batches: &Batches, threads: usize) -> [Vec<u8>; 3] {
    let mut out = ParquetFiles::new(Vec::new(), Vec::new(), Vec::new())
        .unwrap()
        .threads(threads);
    out.write(batches).unwrap();
    out.finish().unwrap()
}

/// A file's rows, read back as one batch.
fn read_back(file: Vec<u8>) -> RecordBatch {
    let builder = ParquetRecordBatchReaderBuilder::try_new(Bytes::from(file)).unwrap();
    let schema = builder.schema().clone();
    let batches: Vec<RecordBatch> = builder.build().unwrap().map(Result::unwrap).collect();
    arrow_select::concat::concat_batches(&schema, &batches).unwrap()
}

fn metadata(file: &[u8]) -> Arc<ParquetMetaData> {
    let options = ArrowReaderOptions::new().with_page_index_policy(PageIndexPolicy::Required);
    let reader =
        ParquetRecordBatchReaderBuilder::try_new_with_options(Bytes::from(file.to_vec()), options)
            .unwrap();
    reader.metadata().clone()
}

/// Every table reads back as the batch it was written from: schema,
/// values, nulls, the properties map.
#[test]
fn tables_read_back_as_written() {
    for all_nodes in [false, true] {
        let batches = builder(all_nodes).finish().unwrap();
        let files = write(&batches, 1);
        for ((name, batch), file) in batches.each().zip(files) {
            assert!(batch.num_rows() > 0, "{name}");
            assert_eq!(read_back(file), *batch, "{name}, all_nodes {all_nodes}");
        }
    }
}

/// The files are the same byte for byte on one thread or several.
#[test]
fn threads_write_the_same_files() {
    let batches = builder(true).finish().unwrap();
    let one = write(&batches, 1);
    assert_eq!(write(&batches, 2), one);
    assert_eq!(write(&batches, 5), one);
}

/// The Parquet files of [`BatchesBuilder::finish_with_dictionaries`]'s
/// batches are byte for byte those of `finish`'s: the dictionaries are
/// read as the texts they stand for.
#[test]
fn dictionary_batches_write_the_same_files() {
    let plain = builder(false).finish().unwrap();
    let compact = builder(false).finish_with_dictionaries().unwrap();
    assert_ne!(plain.moves.schema(), compact.moves.schema());
    assert_eq!(plain.moves.num_rows(), 7);
    assert_eq!(write(&plain, 1), write(&compact, 2));
}

/// The `moves` columns are encoded as [`properties`] says: Snappy;
/// dictionaries for the columns of few values, delta encoding for the
/// counters, plain texts elsewhere; statistics only where they help.
#[test]
fn moves_columns_are_encoded_as_set() {
    let batches = builder(true).finish().unwrap();
    let [_, moves, _] = write(&batches, 1);
    let meta = metadata(&moves);
    let group = meta.row_group(0);
    let column = |name: &str| {
        (group.columns().iter())
            .find(|c| c.column_path().string() == name)
            .unwrap_or_else(|| panic!("a column {name}"))
    };
    let encodings = |name: &str| column(name).encodings().collect::<Vec<_>>();
    for c in group.columns() {
        assert_eq!(c.compression(), Compression::SNAPPY);
    }
    for name in [
        "source",
        "color",
        "vertex",
        "column",
        "properties.entries.keys",
    ] {
        assert!(
            encodings(name).contains(&Encoding::RLE_DICTIONARY),
            "{name}"
        );
    }
    for name in ["game", "move_number", "node_id", "parent_id"] {
        assert!(
            encodings(name).contains(&Encoding::DELTA_BINARY_PACKED),
            "{name}"
        );
        assert!(column(name).statistics().is_none(), "{name}");
    }
    for name in ["comment", "properties.entries.values.list.item"] {
        assert_eq!(encodings(name), [Encoding::PLAIN, Encoding::RLE], "{name}");
    }
    for name in ["color", "vertex", "comment", "legal"] {
        assert!(column(name).statistics().is_none(), "{name}");
    }
    let source = column("source").statistics().unwrap();
    assert_eq!(source.min_bytes_opt(), Some(&b"a.sgf"[..]));
    assert_eq!(source.max_bytes_opt(), Some(&b"dir/b.sgf"[..]));
}

/// The pages of a column hold [`PAGE_ROWS`] rows, each listed in the
/// offset index; a row group holds [`ROW_GROUP_ROWS`] at most.
#[test]
fn pages_are_cut_every_page_rows_and_indexed() {
    let n = PAGE_ROWS * 2 + 5;
    let all: ArrayRef = Arc::new(UInt32Array::from_iter_values(0..n as u32));
    let schema = Arc::new(Schema::new(vec![Field::new(
        "game",
        DataType::UInt32,
        false,
    )]));
    let batch = RecordBatch::try_new(schema.clone(), vec![all]).unwrap();
    let mut w = ArrowWriter::try_new(Vec::new(), schema, Some(properties("moves"))).unwrap();
    w.write(&batch).unwrap();
    let file = w.into_inner().unwrap();
    let meta = metadata(&file);
    assert_eq!(meta.num_row_groups(), 1);
    assert!(ROW_GROUP_ROWS > n);
    let starts: Vec<usize> = (meta.page_index_for_row_group(0).page_locations(0))
        .unwrap()
        .iter()
        .map(|p| p.first_row_index as usize)
        .collect();
    assert_eq!(starts, [0, PAGE_ROWS, 2 * PAGE_ROWS]);
    assert_eq!(read_back(file), batch);
}
