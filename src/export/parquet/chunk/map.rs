//! The two leaves of a `map<utf8, list<utf8>>` column (the `properties`
//! maps): their repetition and definition levels, read off the Arrow
//! `MapArray`, and their values (keys, or the lists' items).

use super::{Kind, OwnColumn, general};
use arrow_array::Array;
use arrow_array::ArrayRef;
use arrow_array::cast::AsArray;
use arrow_buffer::ArrowNativeType;
use parquet::errors::ParquetError;

/// Repetition and definition levels of the two leaves of a
/// `map<utf8, list<utf8>>` as Arrow writes it to Parquet (a required map
/// of a repeated `key_value` group: required keys, an optional list of
/// optional items).
pub(super) mod levels {
    /// A row without entries (both leaves).
    pub(in crate::export::parquet::chunk) const EMPTY_ROW: u8 = 0;
    /// A key (the keys leaf's only other level).
    pub(in crate::export::parquet::chunk) const KEY: u8 = 1;
    /// An entry whose list is null.
    pub(in crate::export::parquet::chunk) const NULL_LIST: u8 = 1;
    /// An entry whose list is empty.
    pub(in crate::export::parquet::chunk) const EMPTY_LIST: u8 = 2;
    /// A null item.
    pub(in crate::export::parquet::chunk) const NULL_ITEM: u8 = 3;
    /// An item.
    pub(in crate::export::parquet::chunk) const ITEM: u8 = 4;
    /// The first level of a row.
    pub(in crate::export::parquet::chunk) const NEW_ROW: u8 = 0;
    /// The first level of another entry of the row.
    pub(in crate::export::parquet::chunk) const NEW_ENTRY: u8 = 1;
    /// Another item of the same list.
    pub(in crate::export::parquet::chunk) const NEXT_ITEM: u8 = 2;
}

impl OwnColumn {
    /// The rows of a `map<utf8, list<utf8>>` as one of its two leaves:
    /// their levels, and the keys (dictionary indices) or the items
    /// (`PLAIN`). A stretch of rows without entries is one run of levels.
    pub(super) fn put_map(&mut self, a: &ArrayRef) -> Result<(), ParquetError> {
        use levels::*;
        let m = a
            .as_map_opt()
            .ok_or_else(|| general("a map column takes a Map"))?;
        if m.null_count() > 0 {
            return Err(general("a null in a required map"));
        }
        let lists = m
            .values()
            .as_list_opt::<i32>()
            .ok_or_else(|| general("a map column's values are lists"))?;
        let items = lists
            .values()
            .as_string_opt::<i32>()
            .ok_or_else(|| general("a map column's lists hold Utf8"))?;
        let keys = m
            .keys()
            .as_string_opt::<i32>()
            .ok_or_else(|| general("a map column's keys are Utf8"))?;
        let (Some(mut defs), Some(mut reps)) =
            (self.page.levels.take(), self.page.repetitions.take())
        else {
            return Err(general(
                "a map leaf without repetition and definition levels",
            ));
        };
        let offsets = m.value_offsets();
        let mut levels = 0;
        let mut row = 0;
        while row < m.len() {
            let (from, to) = (offsets[row].as_usize(), offsets[row + 1].as_usize());
            if from == to {
                let empty = offsets[row + 1..]
                    .iter()
                    .take_while(|&&o| o.as_usize() == from)
                    .count();
                reps.put_run(u32::from(NEW_ROW), empty);
                defs.put_run(u32::from(EMPTY_ROW), empty);
                levels += empty;
                row += empty;
                continue;
            }
            for entry in from..to {
                let first = u32::from(if entry == from { NEW_ROW } else { NEW_ENTRY });
                if self.kind == Kind::MapKeys {
                    reps.put_run(first, 1);
                    defs.put_run(u32::from(KEY), 1);
                    levels += 1;
                    let k = keys.value(entry).as_bytes();
                    let index = self.text_index(k);
                    self.text_rows(k, index, 1);
                    continue;
                }
                if lists.is_null(entry) {
                    reps.put_run(first, 1);
                    defs.put_run(u32::from(NULL_LIST), 1);
                    levels += 1;
                    continue;
                }
                let list = lists.value_offsets();
                let (start, end) = (list[entry].as_usize(), list[entry + 1].as_usize());
                if start == end {
                    reps.put_run(first, 1);
                    defs.put_run(u32::from(EMPTY_LIST), 1);
                    levels += 1;
                    continue;
                }
                for item in start..end {
                    let r = if item == start {
                        first
                    } else {
                        u32::from(NEXT_ITEM)
                    };
                    reps.put_run(r, 1);
                    levels += 1;
                    if items.is_null(item) {
                        defs.put_run(u32::from(NULL_ITEM), 1);
                        self.nulls += 1;
                    } else {
                        defs.put_run(u32::from(ITEM), 1);
                        self.text_rows(items.value(item).as_bytes(), 0, 1);
                    }
                }
            }
            row += 1;
        }
        self.page.levels = Some(defs);
        self.page.repetitions = Some(reps);
        self.page.values += levels;
        Ok(())
    }
}
