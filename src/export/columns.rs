//! The `moves` table built as Arrow columns straight from the tree (feature
//! `arrow`): each move the walk of [`super::walk`] finds is appended to the
//! columns, with no [`MoveRow`](super::MoveRow) in between (the rows cost an
//! allocation or more a move; a move-dense collection has a move every 17
//! bytes).
//!
//! The columns are plain vectors while they fill (a push a value, the rare
//! nulls noted in a [`NullBufferBuilder`] that stays empty until the first
//! one), made into arrays once, at [`MoveColumns::finish`]: Arrow's
//! builders cost several times more a value. The `source` column, the same
//! text on every row, is written out only there.

use super::MoveView;
use super::arrow::{moves_schema, properties_field};
use crate::text::{TextKind, decode_str};
use arrow_array::{
    ArrayRef, BooleanArray, ListArray, MapArray, RecordBatch, StringArray, StructArray,
    UInt16Array, UInt32Array,
};
use arrow_buffer::{BooleanBufferBuilder, Buffer, NullBufferBuilder, OffsetBuffer, ScalarBuffer};
use arrow_schema::{ArrowError, DataType};
use std::sync::Arc;

/// The columns of the `moves` table being built, in schema order.
pub(crate) struct MoveColumns {
    /// The `source` of every row.
    source: Arc<str>,
    rows: usize,
    game: Vec<u32>,
    move_number: Vec<u32>,
    node_id: Vec<u32>,
    parent_id: Vec<u32>,
    parent_valid: NullBufferBuilder,
    /// `B`, `W`, or 0 for none.
    color: Vec<u8>,
    column: Vec<u16>,
    row: Vec<u16>,
    /// Where `column` and `row` are valid: they are null together.
    point_valid: NullBufferBuilder,
    pass: BooleanBufferBuilder,
    comment: Texts,
    /// The `properties` map: its offsets (entries a row), keys, and the
    /// offsets and items of the value lists (a list an entry).
    map_offsets: Vec<i32>,
    keys: Texts,
    list_offsets: Vec<i32>,
    values: Texts,
}

impl MoveColumns {
    /// Empty columns with room for about `rows` rows, every row's `source`
    /// being `source`.
    pub(crate) fn with_capacity(source: Arc<str>, rows: usize) -> MoveColumns {
        MoveColumns {
            source,
            rows: 0,
            game: Vec::with_capacity(rows),
            move_number: Vec::with_capacity(rows),
            node_id: Vec::with_capacity(rows),
            parent_id: Vec::with_capacity(rows),
            parent_valid: NullBufferBuilder::new(rows),
            color: Vec::with_capacity(rows),
            column: Vec::with_capacity(rows),
            row: Vec::with_capacity(rows),
            point_valid: NullBufferBuilder::new(rows),
            pass: BooleanBufferBuilder::new(rows),
            comment: Texts::new(rows, 0),
            map_offsets: {
                let mut v = Vec::with_capacity(rows + 1);
                v.push(0);
                v
            },
            keys: Texts::new(0, 0),
            list_offsets: vec![0],
            values: Texts::new(0, 0),
        }
    }

    /// Appends one row.
    ///
    /// # Errors
    /// When a text column outgrows Arrow's 32-bit offsets (2 GiB).
    pub(crate) fn push(&mut self, m: &MoveView<'_, '_, '_>) -> Result<(), ArrowError> {
        self.rows += 1;
        self.game.push(m.game);
        self.move_number.push(m.move_number);
        self.node_id.push(m.node_id);
        self.parent_id.push(m.parent_id.unwrap_or(0));
        self.parent_valid.append(m.parent_id.is_some());
        self.color.push(match m.color {
            Some('B') => b'B',
            Some('W') => b'W',
            // The walk gives no other colour; a row would say the same.
            _ => 0,
        });
        self.column.push(m.column.unwrap_or(0));
        self.row.push(m.row.unwrap_or(0));
        self.point_valid
            .append(m.column.is_some() && m.row.is_some());
        self.pass.append(m.pass);
        self.comment.push(m.comment)?;
        if m.others {
            for p in m.properties() {
                self.keys.push(Some(p.ident()))?;
                for v in p.values() {
                    self.values.push(Some(&*decode_str(v, TextKind::Text)))?;
                }
                self.list_offsets.push(offset(self.values.count())?);
            }
        }
        self.map_offsets.push(offset(self.keys.count())?);
        Ok(())
    }

    /// The batch of the rows appended.
    ///
    /// # Errors
    /// When a text column outgrows Arrow's 32-bit offsets (2 GiB).
    pub(crate) fn finish(mut self) -> Result<RecordBatch, ArrowError> {
        let u32s = |v: Vec<u32>| -> ArrayRef { Arc::new(UInt32Array::from(v)) };
        let points = self.point_valid.finish();
        let u16s = |v: Vec<u16>| -> ArrayRef {
            Arc::new(UInt16Array::new(ScalarBuffer::from(v), points.clone()))
        };
        let columns: Vec<ArrayRef> = vec![
            Arc::new(repeated(&self.source, self.rows)?),
            u32s(self.game),
            u32s(self.move_number),
            u32s(self.node_id),
            Arc::new(UInt32Array::new(
                ScalarBuffer::from(self.parent_id),
                self.parent_valid.finish(),
            )),
            Arc::new(colors(&self.color)?),
            u16s(self.column),
            u16s(self.row),
            Arc::new(BooleanArray::new(self.pass.finish(), None)),
            Arc::new(self.comment.finish()?),
            Arc::new(properties(
                self.map_offsets,
                self.keys.finish()?,
                self.list_offsets,
                self.values.finish()?,
            )?),
        ];
        RecordBatch::try_new(moves_schema(), columns)
    }
}

/// A text column being filled: its offsets, bytes and nulls.
struct Texts {
    offsets: Vec<i32>,
    bytes: Vec<u8>,
    valid: NullBufferBuilder,
}

impl Texts {
    fn new(rows: usize, bytes: usize) -> Texts {
        let mut offsets = Vec::with_capacity(rows + 1);
        offsets.push(0);
        Texts {
            offsets,
            bytes: Vec::with_capacity(bytes),
            valid: NullBufferBuilder::new(rows),
        }
    }

    /// Texts pushed so far.
    fn count(&self) -> usize {
        self.offsets.len() - 1
    }

    fn push(&mut self, text: Option<&str>) -> Result<(), ArrowError> {
        if let Some(t) = text {
            self.bytes.extend_from_slice(t.as_bytes());
        }
        self.valid.append(text.is_some());
        self.offsets.push(offset(self.bytes.len())?);
        Ok(())
    }

    fn finish(mut self) -> Result<StringArray, ArrowError> {
        StringArray::try_new(
            OffsetBuffer::new(ScalarBuffer::from(self.offsets)),
            Buffer::from_vec(self.bytes),
            self.valid.finish(),
        )
    }
}

/// An offset into a column's bytes or items, as Arrow's `Utf8`, `List`
/// and `Map` types store it.
fn offset(n: usize) -> Result<i32, ArrowError> {
    i32::try_from(n).map_err(|_| ArrowError::OffsetOverflowError(n))
}

/// `text` on each of `rows` rows.
fn repeated(text: &str, rows: usize) -> Result<StringArray, ArrowError> {
    let len = offset(text.len())?;
    offset(text.len().saturating_mul(rows))?;
    let offsets: Vec<i32> = (0..=rows)
        .scan(0, |at, _| {
            let o = *at;
            *at += len;
            Some(o)
        })
        .collect();
    StringArray::try_new(
        OffsetBuffer::new(ScalarBuffer::from(offsets)),
        Buffer::from_vec(text.repeat(rows).into_bytes()),
        None,
    )
}

/// The `color` column: `"B"`, `"W"`, or null for a 0.
fn colors(color: &[u8]) -> Result<StringArray, ArrowError> {
    let mut offsets = Vec::with_capacity(color.len() + 1);
    let mut bytes = Vec::with_capacity(color.len());
    let mut valid = NullBufferBuilder::new(color.len());
    offsets.push(0);
    for &c in color {
        if c != 0 {
            bytes.push(c);
        }
        valid.append(c != 0);
        offsets.push(offset(bytes.len())?);
    }
    StringArray::try_new(
        OffsetBuffer::new(ScalarBuffer::from(offsets)),
        Buffer::from_vec(bytes),
        valid.finish(),
    )
}

/// The `properties` column of its parts: `map<utf8, list<utf8>>` as
/// [`properties_field`] describes it, no entry or list null.
fn properties(
    map_offsets: Vec<i32>,
    keys: StringArray,
    list_offsets: Vec<i32>,
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
    let lists = ListArray::try_new(
        item.clone(),
        OffsetBuffer::new(ScalarBuffer::from(list_offsets)),
        Arc::new(values),
        None,
    )?;
    let struct_ = StructArray::try_new(kv.clone(), vec![Arc::new(keys), Arc::new(lists)], None)?;
    MapArray::try_new(
        entries.clone(),
        OffsetBuffer::new(ScalarBuffer::from(map_offsets)),
        struct_,
        None,
        *ordered,
    )
}
