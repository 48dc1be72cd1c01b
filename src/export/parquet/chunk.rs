//! Column chunks the export encodes itself: the `moves` columns, a row
//! each move (integers, booleans, texts, and the two leaves of the
//! properties map).
//!
//! The parquet crate's general writer spends, on these columns, most of
//! the export's Parquet time: it hashes every value of a dictionary column
//! (even one handed over as an Arrow dictionary, or a run of one file's
//! name), and its `DELTA_BINARY_PACKED` encoder costs about a hundred
//! instructions a value. Here each column knows its one shape and is
//! encoded in a few instructions a row ([`super::encode`]); the pages are
//! written with the crate's page writer and the chunk handed to its row
//! group writer with metadata built the way the crate builds its own
//! (encodings, page encoding statistics, offset index, chunk statistics
//! with byte arrays truncated to 64 bytes), so readers see an ordinary
//! file.

use super::encode::{Hybrid, bit_packed_run, bit_width, delta_binary_packed, hybrid, plain_bytes};
use arrow_array::cast::AsArray;
use arrow_array::types::{
    ArrowDictionaryKeyType, Int8Type, Int16Type, Int32Type, UInt16Type, UInt32Type,
};
use arrow_array::{Array, ArrayRef};
use arrow_buffer::{ArrowNativeType, BooleanBufferBuilder, NullBuffer};
use arrow_schema::DataType;
use bytes::Bytes;
use parquet::basic::{Compression, Encoding, EncodingMask, PageType};
use parquet::column::page::{CompressedPage, Page, PageWriter};
use parquet::column::writer::ColumnCloseResult;
use parquet::errors::ParquetError;
use parquet::file::metadata::{ColumnChunkMetaData, OffsetIndexBuilder, PageEncodingStats};
use parquet::file::writer::{SerializedPageWriter, TrackedWrite};
use parquet::schema::types::ColumnDescPtr;
use std::collections::{BTreeSet, HashMap};

mod map;
mod statistics;

use map::levels as map_levels;
use statistics::text_statistics;

/// How a column of ours is encoded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    /// `UInt32` values as `INT32`, `DELTA_BINARY_PACKED`; no statistics.
    Delta,
    /// `UInt16` values as `INT32`, a dictionary of them; no statistics.
    SmallDictionary,
    /// Texts (Arrow `Utf8`, or a dictionary of `Utf8`): with `dictionary`
    /// a dictionary of them until it passes [`DICTIONARY_BYTES`], `PLAIN`
    /// after (without, `PLAIN` from the start); chunk statistics (minimum,
    /// maximum, nulls) if `statistics`.
    Texts {
        /// Whether the texts are dictionary-encoded.
        dictionary: bool,
        /// Whether the chunk's metadata gets statistics.
        statistics: bool,
    },
    /// Booleans, `PLAIN`; no statistics.
    Booleans,
    /// The keys of a `map<utf8, list<utf8>>` (Arrow `Map`, required, of
    /// required keys), a dictionary of them; no statistics.
    MapKeys,
    /// The items of the lists that are that map's values, `PLAIN`; no
    /// statistics.
    MapValues,
}

impl Kind {
    /// Whether a leaf column of these levels is one this kind writes:
    /// flat columns have no repetition levels and at most one definition
    /// level; the map's leaves the levels of [`map_levels`].
    pub(super) fn fits(self, descr: &ColumnDescPtr) -> bool {
        let levels = (descr.max_rep_level(), descr.max_def_level());
        match self {
            Kind::MapKeys => levels == (1, i16::from(map_levels::KEY)),
            Kind::MapValues => levels == (2, i16::from(map_levels::ITEM)),
            _ => levels.0 == 0 && levels.1 <= 1,
        }
    }
}

/// A dictionary's `PLAIN` page bytes at most before a column's next pages
/// are written `PLAIN` (the parquet crate's default limit).
const DICTIONARY_BYTES: usize = 1 << 20;

/// A data page's encoded bytes at most (checked after each slice of rows).
const PAGE_BYTES: usize = 1 << 20;

/// Rows taken at a time, so that a page of texts passes [`PAGE_BYTES`] by
/// no more than the texts of this many rows.
const SLICE_ROWS: usize = 8192;

/// One column chunk being encoded: the page being filled, the pages done.
pub(super) struct OwnColumn {
    descr: ColumnDescPtr,
    kind: Kind,
    /// Bits of the definition levels, and of the repetition levels (0: the
    /// column has none).
    def_width: u32,
    rep_width: u32,
    page_rows: usize,
    page: PageState,
    /// Data pages done: the page, its rows, its texts' bytes.
    pages: Vec<(CompressedPage, usize, Option<i64>)>,
    /// Values with their nulls (levels) in the pages done: the rows but
    /// for columns with repetition levels, whose rows hold any number.
    values: u64,
    dictionary: Dictionary,
    rows: u64,
    nulls: u64,
    text_bytes: i64,
    min: Option<Vec<u8>>,
    max: Option<Vec<u8>>,
    snappy: snap::raw::Encoder,
    scratch: Vec<u8>,
}

/// The rows of the page being filled.
#[derive(Default)]
struct PageState {
    rows: usize,
    /// Levels: as many as rows but in columns with repetition levels.
    values: usize,
    /// Definition levels (nullable columns).
    levels: Option<Hybrid>,
    /// Repetition levels (columns nested in a list or map).
    repetitions: Option<Hybrid>,
    /// Values of a delta column, or dictionary indices.
    ints: Vec<u32>,
    /// Booleans.
    bits: Option<BooleanBufferBuilder>,
    /// Texts written `PLAIN` (a column without a dictionary, or after its
    /// dictionary grew too big).
    plain: Vec<u8>,
    text_bytes: i64,
}

/// The values of a dictionary column, each given the next index.
enum Dictionary {
    None,
    Small {
        /// Index + 1 of each value seen (0: not seen), a slot a `u16`.
        slots: Box<[u32; 1 << 16]>,
        values: Vec<i32>,
    },
    Texts {
        index: HashMap<Box<[u8]>, u32, ahash::RandomState>,
        /// The `PLAIN` bytes of the dictionary page.
        page: Vec<u8>,
        /// Past [`DICTIONARY_BYTES`]: later pages are `PLAIN`.
        full: bool,
    },
}

impl Dictionary {
    /// A dictionary of texts, or (not `used`) the mark of texts written
    /// `PLAIN` from the start.
    fn texts(used: bool) -> Dictionary {
        Dictionary::Texts {
            index: HashMap::default(),
            page: Vec::new(),
            full: !used,
        }
    }

    /// The dictionary page's bytes before compression.
    fn bytes(&self) -> usize {
        match self {
            Dictionary::None => 0,
            Dictionary::Small { values, .. } => values.len() * 4,
            Dictionary::Texts { page, .. } => page.len(),
        }
    }

    fn len(&self) -> usize {
        match self {
            Dictionary::None => 0,
            Dictionary::Small { values, .. } => values.len(),
            Dictionary::Texts { index, .. } => index.len(),
        }
    }
}

fn general(message: &str) -> ParquetError {
    ParquetError::General(message.to_string())
}

/// Calls `f` on each range of valid rows of `0..n`.
fn for_each_valid(nulls: Option<&NullBuffer>, n: usize, mut f: impl FnMut(usize, usize)) {
    match nulls {
        None if n > 0 => f(0, n),
        None => {}
        Some(nulls) => nulls.valid_slices().for_each(|(from, to)| f(from, to)),
    }
}

impl OwnColumn {
    /// A chunk of the column `descr`, pages of `page_rows` rows at most.
    pub(super) fn new(descr: ColumnDescPtr, kind: Kind, page_rows: usize) -> OwnColumn {
        let dictionary = match kind {
            Kind::SmallDictionary => Dictionary::Small {
                slots: Box::new([0; 1 << 16]),
                values: Vec::new(),
            },
            Kind::Texts { dictionary, .. } => Dictionary::texts(dictionary),
            Kind::MapKeys => Dictionary::texts(true),
            Kind::MapValues => Dictionary::texts(false),
            Kind::Delta | Kind::Booleans => Dictionary::None,
        };
        let def_width = bit_width(descr.max_def_level().max(0) as u32);
        let rep_width = bit_width(descr.max_rep_level().max(0) as u32);
        let mut column = OwnColumn {
            descr,
            kind,
            def_width,
            rep_width,
            page_rows: page_rows.max(1),
            page: PageState::default(),
            pages: Vec::new(),
            values: 0,
            dictionary,
            rows: 0,
            nulls: 0,
            text_bytes: 0,
            min: None,
            max: None,
            snappy: snap::raw::Encoder::new(),
            scratch: Vec::new(),
        };
        column.page = column.new_page(0);
        column
    }

    /// An empty page to fill: its level encoders ready, room for `ints`
    /// values or indices (the last page's count).
    fn new_page(&self, ints: usize) -> PageState {
        PageState {
            levels: (self.def_width > 0).then(|| Hybrid::new(self.def_width)),
            repetitions: (self.rep_width > 0).then(|| Hybrid::new(self.rep_width)),
            ints: Vec::with_capacity(ints),
            ..PageState::default()
        }
    }

    /// Adds the rows of `array`.
    ///
    /// # Errors
    /// If the array's type is not the column's, or a required column gets
    /// a null.
    pub(super) fn write(&mut self, array: &ArrayRef) -> Result<(), ParquetError> {
        let mut offset = 0;
        while offset < array.len() {
            let n = (array.len() - offset)
                .min(self.page_rows - self.page.rows)
                .min(SLICE_ROWS);
            self.put(&array.slice(offset, n))?;
            offset += n;
            if self.page.rows >= self.page_rows || self.page.plain.len() >= PAGE_BYTES {
                self.end_page()?;
            }
        }
        Ok(())
    }

    fn put(&mut self, a: &ArrayRef) -> Result<(), ParquetError> {
        let n = a.len();
        if matches!(self.kind, Kind::MapKeys | Kind::MapValues) {
            self.put_map(a)?;
            self.page.rows += n;
            self.rows += n as u64;
            return Ok(());
        }
        let nulls = a.logical_nulls().filter(|b| b.null_count() > 0);
        let null_count = nulls.as_ref().map_or(0, NullBuffer::null_count);
        match self.page.levels.as_mut() {
            Some(levels) => {
                let mut at = 0;
                for_each_valid(nulls.as_ref(), n, |from, to| {
                    if from > at {
                        levels.put_run(0, from - at);
                    }
                    levels.put_run(1, to - from);
                    at = to;
                });
                if n > at {
                    levels.put_run(0, n - at);
                }
            }
            None if null_count > 0 => return Err(general("a null in a required column")),
            None => {}
        }
        let nulls = nulls.as_ref();
        match self.kind {
            Kind::Delta => {
                let v = a
                    .as_primitive_opt::<UInt32Type>()
                    .ok_or_else(|| general("a delta column takes UInt32"))?
                    .values();
                let ints = &mut self.page.ints;
                for_each_valid(nulls, n, |from, to| ints.extend_from_slice(&v[from..to]));
            }
            Kind::SmallDictionary => {
                let v = a
                    .as_primitive_opt::<UInt16Type>()
                    .ok_or_else(|| general("a small dictionary column takes UInt16"))?
                    .values();
                let Dictionary::Small { slots, values } = &mut self.dictionary else {
                    return Err(general("a small dictionary column without its dictionary"));
                };
                let ints = &mut self.page.ints;
                for_each_valid(nulls, n, |from, to| {
                    ints.extend(v[from..to].iter().map(|&x| {
                        let slot = &mut slots[usize::from(x)];
                        if *slot == 0 {
                            values.push(i32::from(x));
                            *slot = values.len() as u32;
                        }
                        *slot - 1
                    }));
                });
            }
            Kind::Booleans => {
                let v = a
                    .as_boolean_opt()
                    .ok_or_else(|| general("a boolean column takes Boolean"))?;
                let bits = self
                    .page
                    .bits
                    .get_or_insert_with(|| BooleanBufferBuilder::new(self.page_rows));
                for_each_valid(nulls, n, |from, to| {
                    bits.append_buffer(&v.values().slice(from, to - from));
                });
            }
            Kind::Texts { .. } => self.put_texts(a, nulls)?,
            Kind::MapKeys | Kind::MapValues => unreachable!("maps are put above"),
        }
        self.page.values += n;
        self.page.rows += n;
        self.rows += n as u64;
        self.nulls += null_count as u64;
        Ok(())
    }

    fn put_texts(&mut self, a: &ArrayRef, nulls: Option<&NullBuffer>) -> Result<(), ParquetError> {
        match a.data_type() {
            DataType::Utf8 => {
                let s = a.as_string::<i32>();
                for_each_valid(nulls, a.len(), |from, to| {
                    let mut last: Option<(&[u8], u32)> = None;
                    for i in from..to {
                        let v = s.value(i).as_bytes();
                        let index = match last {
                            Some((w, index)) if w == v => index,
                            _ => self.text_index(v),
                        };
                        last = Some((v, index));
                        self.text_rows(v, index, 1);
                    }
                });
                Ok(())
            }
            DataType::Dictionary(key, value) if **value == DataType::Utf8 => match **key {
                DataType::Int8 => self.put_keyed::<Int8Type>(a, nulls),
                DataType::Int16 => self.put_keyed::<Int16Type>(a, nulls),
                DataType::Int32 => self.put_keyed::<Int32Type>(a, nulls),
                _ => Err(general(
                    "a text column takes dictionaries of Int8, Int16 or Int32 keys",
                )),
            },
            _ => Err(general("a text column takes Utf8 or a dictionary of Utf8")),
        }
    }

    /// The rows of a dictionary array: a lookup a key of its dictionary
    /// and a push a run of equal keys.
    fn put_keyed<K: ArrowDictionaryKeyType>(
        &mut self,
        a: &ArrayRef,
        nulls: Option<&NullBuffer>,
    ) -> Result<(), ParquetError> {
        let d = a.as_dictionary::<K>();
        let values = d
            .values()
            .as_string_opt::<i32>()
            .ok_or_else(|| general("a text column takes a dictionary of Utf8"))?;
        let keys = d.keys().values();
        if matches!(self.dictionary, Dictionary::Texts { full: false, .. }) {
            // Rows a key, then a lookup a key used, then an index a row.
            let mut rows = vec![0usize; values.len()];
            for_each_valid(nulls, a.len(), |from, to| {
                for k in &keys[from..to] {
                    rows[k.as_usize()] += 1;
                }
            });
            let ours: Vec<u32> = (rows.iter().enumerate())
                .map(|(k, &n)| {
                    if n == 0 {
                        return 0;
                    }
                    let v = values.value(k).as_bytes();
                    let bytes = (v.len() * n) as i64;
                    self.page.text_bytes += bytes;
                    self.text_bytes += bytes;
                    self.text_index(v)
                })
                .collect();
            let ints = &mut self.page.ints;
            for_each_valid(nulls, a.len(), |from, to| {
                ints.extend(keys[from..to].iter().map(|k| ours[k.as_usize()]));
            });
            return Ok(());
        }
        for_each_valid(nulls, a.len(), |from, to| {
            let mut i = from;
            while i < to {
                let k = keys[i];
                let run = keys[i..to].iter().take_while(|&&x| x == k).count();
                let v = values.value(k.as_usize()).as_bytes();
                self.text_index(v);
                self.text_rows(v, 0, run);
                i += run;
            }
        });
        Ok(())
    }

    /// The dictionary index of the text `v` (0 once the column is written
    /// `PLAIN`), the chunk's minimum and maximum updated.
    fn text_index(&mut self, v: &[u8]) -> u32 {
        if let Kind::Texts {
            statistics: true, ..
        } = self.kind
        {
            self.note_bounds(v);
        }
        let Dictionary::Texts { index, page, full } = &mut self.dictionary else {
            return 0;
        };
        if *full {
            return 0;
        }
        if let Some(&i) = index.get(v) {
            return i;
        }
        let i = index.len() as u32;
        index.insert(v.into(), i);
        plain_bytes(page, v);
        i
    }

    /// The chunk's minimum and maximum text, updated with `v`.
    fn note_bounds(&mut self, v: &[u8]) {
        if self.min.as_deref().is_none_or(|m| v < m) {
            self.min = Some(v.to_vec());
        }
        if self.max.as_deref().is_none_or(|m| v > m) {
            self.max = Some(v.to_vec());
        }
    }

    /// `n` rows of the text `v` (of dictionary index `index`).
    fn text_rows(&mut self, v: &[u8], index: u32, n: usize) {
        let plain = matches!(self.dictionary, Dictionary::Texts { full: true, .. });
        if plain {
            for _ in 0..n {
                plain_bytes(&mut self.page.plain, v);
            }
        } else {
            self.page.ints.extend(std::iter::repeat_n(index, n));
        }
        let bytes = (v.len() * n) as i64;
        self.page.text_bytes += bytes;
        self.text_bytes += bytes;
    }

    /// Encodes and compresses the page being filled, and starts the next.
    fn end_page(&mut self) -> Result<(), ParquetError> {
        let fresh = self.new_page(self.page.ints.len());
        let page = std::mem::replace(&mut self.page, fresh);
        self.values += page.values as u64;
        let mut body = Vec::with_capacity(page.ints.len() + page.plain.len() + 64);
        // Version 1 pages: repetition levels, then definition levels, each
        // after its length.
        for levels in [page.repetitions, page.levels].into_iter().flatten() {
            let levels = levels.finish();
            body.extend_from_slice(&(levels.len() as u32).to_le_bytes());
            body.extend_from_slice(&levels);
        }
        let plain_texts = matches!(self.dictionary, Dictionary::Texts { full: true, .. });
        let encoding = match self.kind {
            Kind::Delta => {
                delta_binary_packed(&mut body, &page.ints);
                Encoding::DELTA_BINARY_PACKED
            }
            Kind::Booleans => {
                if let Some(mut bits) = page.bits {
                    body.extend_from_slice(bits.finish().values());
                }
                Encoding::PLAIN
            }
            Kind::Texts { .. } | Kind::MapKeys | Kind::MapValues if plain_texts => {
                body.extend_from_slice(&page.plain);
                Encoding::PLAIN
            }
            Kind::Texts { .. } | Kind::MapKeys | Kind::MapValues | Kind::SmallDictionary => {
                let width = bit_width(self.dictionary.len().saturating_sub(1) as u32);
                body.push(width as u8);
                if self.kind == Kind::SmallDictionary {
                    // Points seldom repeat 8 times running: no runs to seek.
                    bit_packed_run(&mut body, &page.ints, width);
                } else {
                    hybrid(&mut body, &page.ints, width);
                }
                Encoding::RLE_DICTIONARY
            }
        };
        let size = body.len();
        let data = Page::DataPage {
            buf: self.compress(body)?,
            num_values: page.values as u32,
            encoding,
            def_level_encoding: Encoding::RLE,
            rep_level_encoding: Encoding::RLE,
            statistics: None,
        };
        let texts = matches!(
            self.kind,
            Kind::Texts { .. } | Kind::MapKeys | Kind::MapValues
        );
        let text_bytes = texts.then_some(page.text_bytes);
        self.pages
            .push((CompressedPage::new(data, size), page.rows, text_bytes));
        if let Dictionary::Texts { page, full, .. } = &mut self.dictionary {
            *full |= page.len() > DICTIONARY_BYTES;
        }
        Ok(())
    }

    /// `bytes` Snappy-compressed, into a buffer of the page's size (the
    /// codec's worst case, which is larger than the input, stays in the
    /// column's scratch buffer, reused page after page).
    fn compress(&mut self, bytes: Vec<u8>) -> Result<Bytes, ParquetError> {
        let most = snap::raw::max_compress_len(bytes.len());
        if self.scratch.len() < most {
            self.scratch.resize(most, 0);
        }
        let n = self
            .snappy
            .compress(&bytes, &mut self.scratch)
            .map_err(|e| ParquetError::External(Box::new(e)))?;
        Ok(Bytes::copy_from_slice(&self.scratch[..n]))
    }

    /// The dictionary page, `PLAIN`.
    fn dictionary_page(&mut self) -> Result<CompressedPage, ParquetError> {
        let (bytes, count) = match &self.dictionary {
            Dictionary::Small { values, .. } => (
                values.iter().flat_map(|v| v.to_le_bytes()).collect(),
                values.len(),
            ),
            Dictionary::Texts { page, index, .. } => (page.clone(), index.len()),
            Dictionary::None => (Vec::new(), 0),
        };
        let size = bytes.len();
        let page = Page::DictionaryPage {
            buf: self.compress(bytes)?,
            num_values: count as u32,
            encoding: Encoding::PLAIN,
            is_sorted: false,
        };
        Ok(CompressedPage::new(page, size))
    }

    /// The chunk's bytes, and what the row group writer needs to place
    /// them ([`parquet::file::writer::SerializedRowGroupWriter::append_column`]).
    ///
    /// # Errors
    /// The page writer's and the metadata builder's.
    pub(super) fn close(mut self) -> Result<(Bytes, ColumnCloseResult), ParquetError> {
        if self.page.rows > 0 || self.pages.is_empty() {
            self.end_page()?;
        }
        // Room for the pages and their headers (a few dozen bytes each).
        let room = self
            .pages
            .iter()
            .map(|(p, ..)| p.data().len() + 64)
            .sum::<usize>()
            + self.dictionary.bytes()
            + 1024;
        let mut sink = TrackedWrite::new(Vec::with_capacity(room));
        let mut writer = SerializedPageWriter::new(&mut sink);
        let mut encodings = BTreeSet::from([Encoding::RLE]);
        let mut stats: Vec<PageEncodingStats> = Vec::new();
        let (mut compressed, mut uncompressed) = (0u64, 0u64);
        let mut dictionary_offset = None;
        let pages = std::mem::take(&mut self.pages);
        if pages
            .iter()
            .any(|(p, ..)| p.encoding() == Encoding::RLE_DICTIONARY)
        {
            let page = self.dictionary_page()?;
            encodings.insert(page.encoding());
            stats.push(PageEncodingStats {
                page_type: PageType::DICTIONARY_PAGE,
                encoding: page.encoding(),
                count: 1,
            });
            let spec = writer.write_page(page)?;
            dictionary_offset = Some(spec.offset as i64);
            compressed += spec.compressed_size as u64;
            uncompressed += spec.uncompressed_size as u64;
        }
        let mut offsets = OffsetIndexBuilder::new();
        let mut data_offset = None;
        for (page, rows, text_bytes) in pages {
            let encoding = page.encoding();
            encodings.insert(encoding);
            match stats.last_mut() {
                Some(s) if s.page_type == PageType::DATA_PAGE && s.encoding == encoding => {
                    s.count += 1
                }
                _ => stats.push(PageEncodingStats {
                    page_type: PageType::DATA_PAGE,
                    encoding,
                    count: 1,
                }),
            }
            let spec = writer.write_page(page)?;
            data_offset.get_or_insert(spec.offset as i64);
            offsets.append_offset_and_size(spec.offset as i64, spec.compressed_size as i32);
            offsets.append_row_count(rows as i64);
            offsets.append_unencoded_byte_array_data_bytes(text_bytes);
            compressed += spec.compressed_size as u64;
            uncompressed += spec.uncompressed_size as u64;
        }
        writer.close()?;
        let bytes = Bytes::from(sink.into_inner()?);
        let mut metadata = ColumnChunkMetaData::builder(self.descr.clone())
            .set_compression(Compression::SNAPPY)
            .set_encodings_mask(EncodingMask::new_from_encodings(encodings.iter()))
            .set_page_encoding_stats(stats)
            .set_total_compressed_size(compressed as i64)
            .set_total_uncompressed_size(uncompressed as i64)
            .set_num_values(self.values as i64)
            .set_data_page_offset(data_offset.unwrap_or(0))
            .set_dictionary_page_offset(dictionary_offset);
        if let Kind::Texts {
            statistics: true, ..
        } = self.kind
        {
            metadata = metadata
                .set_statistics(text_statistics(
                    self.min.take(),
                    self.max.take(),
                    self.nulls,
                ))
                .set_unencoded_byte_array_data_bytes(Some(self.text_bytes));
        }
        let close = ColumnCloseResult {
            bytes_written: bytes.len() as u64,
            rows_written: self.rows,
            metadata: metadata.build()?,
            bloom_filter: None,
            column_index: None,
            offset_index: Some(offsets.build()),
        };
        Ok((bytes, close))
    }
}
