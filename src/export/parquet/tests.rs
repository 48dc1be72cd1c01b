//! The columns we encode ourselves, read back by the parquet crate's own
//! reader: values, nulls, pages, dictionaries and their fallback, and the
//! chunk statistics.

use super::PAGE_ROWS;
use super::chunk::{Kind, OwnColumn};
use arrow_array::types::{Int8Type, Int32Type};
use arrow_array::{
    Array, ArrayRef, BooleanArray, DictionaryArray, RecordBatch, StringArray, UInt16Array,
    UInt32Array,
};
use arrow_schema::{DataType, Field, Schema};
use bytes::Bytes;
use parquet::arrow::ArrowWriter;
use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
use parquet::file::properties::{EnabledStatistics, WriterProperties};
use parquet::file::statistics::Statistics;
use proptest::prelude::*;
use std::sync::Arc;

/// A file of one column, `field`, its rows the `pieces` one after the
/// other, encoded by [`OwnColumn`] as `kind` with pages of `page_rows`.
fn file_of(field: Field, kind: Kind, pieces: &[ArrayRef], page_rows: usize) -> Bytes {
    file_of_leaves(field, &[kind], pieces, page_rows)
}

/// [`file_of`] for a column of several leaves, a kind each.
fn file_of_leaves(field: Field, kinds: &[Kind], pieces: &[ArrayRef], page_rows: usize) -> Bytes {
    let schema = Arc::new(Schema::new(vec![field]));
    let props = WriterProperties::builder()
        .set_statistics_enabled(EnabledStatistics::Chunk)
        .build();
    let (mut file, _) = ArrowWriter::try_new(Vec::new(), schema, Some(props))
        .unwrap()
        .into_serialized_writer()
        .unwrap();
    let mut columns: Vec<OwnColumn> = (kinds.iter().enumerate())
        .map(|(i, &kind)| {
            let descr = file.schema_descr().column(i);
            assert!(kind.fits(&descr));
            OwnColumn::new(descr, kind, page_rows)
        })
        .collect();
    for p in pieces {
        for c in &mut columns {
            c.write(p).unwrap();
        }
    }
    let mut group = file.next_row_group().unwrap();
    for c in columns {
        let (bytes, close) = c.close().unwrap();
        group.append_column(&bytes, close).unwrap();
    }
    group.close().unwrap();
    Bytes::from(file.into_inner().unwrap())
}

/// The one column of a file, read back whole.
fn read_back(file: Bytes) -> ArrayRef {
    let builder = ParquetRecordBatchReaderBuilder::try_new(file).unwrap();
    let schema = builder.schema().clone();
    let batches: Vec<RecordBatch> = builder.build().unwrap().map(Result::unwrap).collect();
    let all = arrow_select::concat::concat_batches(&schema, &batches).unwrap();
    all.column(0).clone()
}

/// The rows of `pieces` as one array of plain values (dictionaries
/// unpacked), to compare with what is read back.
fn expected(pieces: &[ArrayRef]) -> ArrayRef {
    let refs: Vec<&dyn Array> = pieces.iter().map(|p| p.as_ref()).collect();
    let all = arrow_select::concat::concat(&refs).unwrap();
    match all.data_type() {
        DataType::Dictionary(..) => {
            let d = arrow_array::cast::AsArray::as_any_dictionary(&all);
            if d.values().is_empty() {
                return arrow_array::new_null_array(&DataType::Utf8, all.len());
            }
            let keys = d.keys();
            let index: arrow_array::UInt64Array = (d.normalized_keys().into_iter().enumerate())
                .map(|(i, k)| keys.is_valid(i).then_some(k as u64))
                .collect();
            arrow_select::take::take(d.values(), &index, None).unwrap()
        }
        _ => all,
    }
}

fn slices(all: ArrayRef, cuts: &[usize]) -> Vec<ArrayRef> {
    let mut at = 0;
    let mut out = Vec::new();
    for &c in cuts {
        let c = c.min(all.len() - at);
        out.push(all.slice(at, c));
        at += c;
    }
    out.push(all.slice(at, all.len() - at));
    out
}

fn texts_statistics(file: &Bytes) -> Statistics {
    let reader = ParquetRecordBatchReaderBuilder::try_new(file.clone()).unwrap();
    let meta = reader.metadata().row_group(0).column(0);
    meta.statistics().unwrap().clone()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn delta_columns_read_back(
        values in prop::collection::vec(prop::option::weighted(0.9, prop_oneof![
            0u32..4, any::<u32>(), Just(u32::MAX), Just(0)]), 0..700),
        cuts in prop::collection::vec(0usize..300, 0..4),
        page_rows in 1usize..300,
    ) {
        let all: ArrayRef = Arc::new(UInt32Array::from(values));
        let pieces = slices(all, &cuts);
        let file = file_of(Field::new("n", DataType::UInt32, true), Kind::Delta, &pieces, page_rows);
        prop_assert_eq!(&read_back(file), &expected(&pieces));
    }

    #[test]
    fn required_delta_columns_read_back(
        values in prop::collection::vec(any::<u32>(), 1..400),
        page_rows in 1usize..200,
    ) {
        let all: ArrayRef = Arc::new(UInt32Array::from(values));
        let pieces = [all];
        let file = file_of(Field::new("n", DataType::UInt32, false), Kind::Delta, &pieces, page_rows);
        prop_assert_eq!(&read_back(file), &expected(&pieces));
    }

    #[test]
    fn small_dictionary_columns_read_back(
        values in prop::collection::vec(prop::option::weighted(0.9, prop_oneof![
            0u16..20, any::<u16>()]), 0..700),
        cuts in prop::collection::vec(0usize..300, 0..4),
        page_rows in 1usize..300,
    ) {
        let all: ArrayRef = Arc::new(UInt16Array::from(values));
        let pieces = slices(all, &cuts);
        let field = Field::new("c", DataType::UInt16, true);
        let file = file_of(field, Kind::SmallDictionary, &pieces, page_rows);
        prop_assert_eq!(&read_back(file), &expected(&pieces));
    }

    #[test]
    fn booleans_read_back(
        values in prop::collection::vec(any::<bool>(), 0..700),
        cuts in prop::collection::vec(0usize..300, 0..4),
        page_rows in 1usize..300,
    ) {
        let all: ArrayRef = Arc::new(BooleanArray::from(values));
        let pieces = slices(all, &cuts);
        let field = Field::new("p", DataType::Boolean, false);
        let file = file_of(field, Kind::Booleans, &pieces, page_rows);
        prop_assert_eq!(&read_back(file), &expected(&pieces));
    }

    #[test]
    fn texts_read_back_with_their_statistics(
        values in prop::collection::vec(prop::option::weighted(0.9, prop_oneof![
            Just("B".to_string()), Just("W".to_string()), "[a-zé]{0,3}", "[ab]{60,70}"]), 0..500),
        cuts in prop::collection::vec(0usize..300, 0..4),
        page_rows in 1usize..300,
        keyed in 0u8..3,
        dictionary in any::<bool>(),
    ) {
        // Int8 keys hold at most 128 distinct texts.
        let values = if keyed == 1 { values[..values.len().min(100)].to_vec() } else { values };
        let strings = StringArray::from(values.clone());
        let all: ArrayRef = match keyed {
            0 => Arc::new(strings),
            1 => Arc::new(values.iter().map(|v| v.as_deref()).collect::<DictionaryArray<Int8Type>>()),
            _ => Arc::new(values.iter().map(|v| v.as_deref()).collect::<DictionaryArray<Int32Type>>()),
        };
        let pieces = slices(all, &cuts);
        let field = Field::new("t", DataType::Utf8, true);
        let kind = Kind::Texts { dictionary, statistics: true };
        let file = file_of(field, kind, &pieces, page_rows);
        prop_assert_eq!(&read_back(file.clone()), &expected(&pieces));
        let Statistics::ByteArray(s) = texts_statistics(&file) else {
            panic!("texts have byte array statistics")
        };
        let present: Vec<&str> = values.iter().flatten().map(String::as_str).collect();
        prop_assert_eq!(s.null_count_opt(), Some((values.len() - present.len()) as u64));
        match (present.iter().min(), present.iter().max()) {
            (Some(min), Some(max)) => {
                let (lo, hi) = (s.min_opt().unwrap().data(), s.max_opt().unwrap().data());
                // Bounds, exact when no longer than 64 bytes.
                prop_assert!(lo <= min.as_bytes() && hi >= max.as_bytes());
                prop_assert_eq!(min.len() <= 64, lo == min.as_bytes());
                prop_assert_eq!(max.len() <= 64, hi == max.as_bytes());
                prop_assert!(lo.len() <= 64 && hi.len() <= 64);
            }
            _ => prop_assert!(s.min_opt().is_none() && s.max_opt().is_none()),
        }
    }
}

/// A `properties` map of `rows`: each row's entries (key, and a list or
/// null), each list's items (a text or null).
type MapRows = Vec<Vec<(String, Option<Vec<Option<String>>>)>>;

fn map_array(rows: &MapRows) -> ArrayRef {
    use arrow_array::builder::{ListBuilder, MapBuilder, StringBuilder};
    let field = crate::export::arrow::properties_field();
    let DataType::Map(entries, _) = field.data_type() else {
        unreachable!("properties are a map")
    };
    let DataType::Struct(parts) = entries.data_type() else {
        unreachable!("map entries are structs")
    };
    let names = arrow_array::builder::MapFieldNames {
        entry: entries.name().clone(),
        key: parts[0].name().clone(),
        value: parts[1].name().clone(),
    };
    let DataType::List(item) = parts[1].data_type() else {
        unreachable!("map values are lists")
    };
    let values = ListBuilder::new(StringBuilder::new()).with_field(item.clone());
    let mut b = MapBuilder::new(Some(names), StringBuilder::new(), values)
        .with_values_field(parts[1].clone());
    for row in rows {
        for (key, list) in row {
            b.keys().append_value(key);
            match list {
                Some(items) => {
                    for item in items {
                        b.values().values().append_option(item.as_deref());
                    }
                    b.values().append(true);
                }
                None => b.values().append(false),
            }
        }
        b.append(true).unwrap();
    }
    Arc::new(b.finish())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn property_maps_read_back(
        rows in prop::collection::vec(
            prop_oneof![
                3 => Just(Vec::new()),
                1 => prop::collection::vec(
                    ("[A-Z]{1,2}", prop::option::weighted(0.9, prop::collection::vec(
                        prop::option::weighted(0.9, "[a-z\\]]{0,4}"), 0..4))),
                    1..4),
            ],
            0..300),
        cuts in prop::collection::vec(0usize..150, 0..4),
        page_rows in 1usize..200,
    ) {
        let all = map_array(&rows);
        let pieces = slices(all, &cuts);
        let file = file_of_leaves(
            crate::export::arrow::properties_field(),
            &[Kind::MapKeys, Kind::MapValues],
            &pieces,
            page_rows,
        );
        prop_assert_eq!(&read_back(file), &expected(&pieces));
    }
}

/// Texts past a dictionary page of 1 MiB: the pages after it are `PLAIN`,
/// and the column still reads back whole.
#[test]
fn a_dictionary_too_big_falls_back_to_plain_pages() {
    // Runs of 3 of each text, as Utf8 and as a dictionary.
    let values: Vec<String> = (0..60_000).map(|i| format!("{:0>40}", i / 3)).collect();
    let plain: ArrayRef = Arc::new(StringArray::from(values.clone()));
    let keyed: ArrayRef =
        Arc::new((values.iter().map(String::as_str)).collect::<DictionaryArray<Int32Type>>());
    for all in [plain, keyed] {
        let pieces = slices(all, &[7_000, 7_000, 7_000]);
        let field = Field::new("t", DataType::Utf8, false);
        let file = file_of(
            field,
            Kind::Texts {
                dictionary: true,
                statistics: true,
            },
            &pieces,
            10_000,
        );
        let reader = ParquetRecordBatchReaderBuilder::try_new(file.clone()).unwrap();
        let meta = reader.metadata().row_group(0).column(0);
        let encodings: Vec<_> = meta.encodings().collect();
        assert!(encodings.contains(&parquet::basic::Encoding::RLE_DICTIONARY));
        assert!(encodings.contains(&parquet::basic::Encoding::PLAIN));
        let Statistics::ByteArray(s) = texts_statistics(&file) else {
            panic!("texts have byte array statistics")
        };
        let bounds = (s.min_opt().unwrap().data(), s.max_opt().unwrap().data());
        let (first, last) = (&values[0], &values[values.len() - 1]);
        assert_eq!(bounds, (first.as_bytes(), last.as_bytes()));
        assert_eq!(&read_back(file), &expected(&pieces));
    }
}

/// The `moves` table's pages hold [`PAGE_ROWS`] rows: a file of more has
/// several, each listed in the offset index.
#[test]
fn pages_are_cut_every_page_rows_and_indexed() {
    let n = PAGE_ROWS * 2 + 5;
    let all: ArrayRef = Arc::new(UInt32Array::from_iter_values(0..n as u32));
    let file = file_of(
        Field::new("n", DataType::UInt32, false),
        Kind::Delta,
        std::slice::from_ref(&all),
        PAGE_ROWS,
    );
    let options = parquet::arrow::arrow_reader::ArrowReaderOptions::new()
        .with_page_index_policy(parquet::file::metadata::PageIndexPolicy::Required);
    let reader =
        ParquetRecordBatchReaderBuilder::try_new_with_options(file.clone(), options).unwrap();
    let index = reader.metadata().page_index_for_row_group(0);
    let rows: Vec<i64> = index
        .page_locations(0)
        .unwrap()
        .iter()
        .map(|p| p.first_row_index)
        .collect();
    assert_eq!(rows, [0, PAGE_ROWS as i64, 2 * PAGE_ROWS as i64]);
    assert_eq!(&read_back(file), &all);
}

/// The Parquet files of [`BatchesBuilder::finish_with_dictionaries`]'s
/// batches are byte for byte those of `finish`'s: the dictionaries are
/// read as the texts they stand for (several files a builder, a pass, a
/// move without a colour, comments and other properties).
#[test]
fn dictionary_batches_write_the_same_files() {
    use crate::export::arrow::BatchesBuilder;
    use crate::export::parquet::ParquetFiles;
    let files: [(&[u8], &str); 3] = [
        (
            b"(;GM[1]FF[4]SZ[19]PB[Ann];B[pd]C[hi];W[];B[dd]XX[1][2])",
            "a.sgf",
        ),
        (
            b"(;GM[1]SZ[9];AB[aa]C[setup];W[bb];B[cc](;W[dd])(;W[ee]))",
            "dir/b.sgf",
        ),
        (b"(;GM[1];B[tt];W[zz])", "c.sgf"),
    ];
    let build = || {
        let mut b = BatchesBuilder::default();
        for (sgf, source) in files {
            let doc = crate::export::read(sgf, &Default::default());
            b.push_document(&doc, source, &Default::default());
        }
        b
    };
    let write = |batches| {
        let mut out = ParquetFiles::new(Vec::new(), Vec::new(), Vec::new()).unwrap();
        out.write(&batches).unwrap();
        out.finish().unwrap()
    };
    let plain = build().finish().unwrap();
    let compact = build().finish_with_dictionaries().unwrap();
    assert_ne!(plain.moves.schema(), compact.moves.schema());
    assert_eq!(plain.moves.num_rows(), 7);
    assert_eq!(write(plain), write(compact));
}
