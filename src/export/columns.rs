//! The `moves` table built as Arrow columns straight from the tree (feature
//! `arrow`): each move the walk of [`super::walk`] finds is appended to the
//! column builders, with no [`MoveRow`](super::MoveRow) in between (the
//! rows cost an allocation or more a move; a move-dense collection has a
//! move every 17 bytes).

use super::MoveView;
use super::arrow::{PropsBuilder, moves_schema, props_builder};
use crate::text::{TextKind, decode_str};
use arrow_array::builder::{BooleanBuilder, StringBuilder, UInt16Builder, UInt32Builder};
use arrow_array::{ArrayRef, RecordBatch, UInt32Array};
use arrow_schema::ArrowError;
use std::sync::Arc;

/// The columns of the `moves` table being built, in schema order.
pub(crate) struct MoveColumns {
    source: StringBuilder,
    game: Vec<u32>,
    move_number: Vec<u32>,
    node_id: Vec<u32>,
    parent_id: UInt32Builder,
    color: StringBuilder,
    column: UInt16Builder,
    row: UInt16Builder,
    pass: BooleanBuilder,
    comment: StringBuilder,
    properties: PropsBuilder,
}

impl MoveColumns {
    /// Empty columns with room for about `rows` rows.
    pub(crate) fn with_capacity(rows: usize) -> MoveColumns {
        MoveColumns {
            source: StringBuilder::with_capacity(rows, rows * 16),
            game: Vec::with_capacity(rows),
            move_number: Vec::with_capacity(rows),
            node_id: Vec::with_capacity(rows),
            parent_id: UInt32Builder::with_capacity(rows),
            color: StringBuilder::with_capacity(rows, rows),
            column: UInt16Builder::with_capacity(rows),
            row: UInt16Builder::with_capacity(rows),
            pass: BooleanBuilder::with_capacity(rows),
            comment: StringBuilder::new(),
            properties: props_builder(rows),
        }
    }

    /// Appends one row, `source` naming its file.
    pub(crate) fn push(
        &mut self,
        source: &str,
        m: &MoveView<'_, '_, '_>,
    ) -> Result<(), ArrowError> {
        self.source.append_value(source);
        self.game.push(m.game);
        self.move_number.push(m.move_number);
        self.node_id.push(m.node_id);
        self.parent_id.append_option(m.parent_id);
        match m.color {
            Some('B') => self.color.append_value("B"),
            Some('W') => self.color.append_value("W"),
            Some(c) => self.color.append_value(c.encode_utf8(&mut [0; 4])),
            None => self.color.append_null(),
        }
        self.column.append_option(m.column);
        self.row.append_option(m.row);
        self.pass.append_value(m.pass);
        self.comment.append_option(m.comment);
        for p in m.properties() {
            self.properties.keys().append_value(p.ident());
            let list = self.properties.values();
            for v in p.values() {
                list.values().append_value(decode_str(v, TextKind::Text));
            }
            list.append(true);
        }
        self.properties.append(true)
    }

    /// The batch of the rows appended.
    pub(crate) fn finish(mut self) -> Result<RecordBatch, ArrowError> {
        let u32s = |v: Vec<u32>| -> ArrayRef { Arc::new(UInt32Array::from(v)) };
        let columns: Vec<ArrayRef> = vec![
            Arc::new(self.source.finish()),
            u32s(self.game),
            u32s(self.move_number),
            u32s(self.node_id),
            Arc::new(self.parent_id.finish()),
            Arc::new(self.color.finish()),
            Arc::new(self.column.finish()),
            Arc::new(self.row.finish()),
            Arc::new(self.pass.finish()),
            Arc::new(self.comment.finish()),
            Arc::new(self.properties.finish()),
        ];
        RecordBatch::try_new(moves_schema(), columns)
    }
}
