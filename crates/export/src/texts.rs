//! Text columns and offsets being filled (feature `arrow`), for the
//! columns of [`columns`](super::columns): plain vectors while they fill,
//! handed to Arrow without a copy at the end.

use arrow_array::StringArray;
use arrow_buffer::{BooleanBuffer, Buffer, NullBuffer, OffsetBuffer, ScalarBuffer};
use arrow_schema::ArrowError;
use sgfkit::text::{TextKind, decode_str};

/// Which values of a column are valid (not null): a `bool` a value while
/// filling (a push is a store), packed into bits at the end.
#[derive(Debug, Default)]
pub(super) struct Validity {
    valid: Vec<bool>,
    nulls: usize,
}

impl Validity {
    pub(super) fn reserve(&mut self, n: usize) {
        self.valid.reserve(n);
    }

    #[inline]
    pub(super) fn push(&mut self, valid: bool) {
        self.valid.push(valid);
        self.nulls += usize::from(!valid);
    }

    pub(super) fn append(&mut self, other: &mut Validity) {
        self.valid.append(&mut other.valid);
        self.nulls += other.nulls;
    }

    /// No buffer when every value is valid, as Arrow's builders make it.
    pub(super) fn finish(self) -> Option<NullBuffer> {
        (self.nulls > 0).then(|| NullBuffer::new(bits(&self.valid)))
    }
}

/// `bool`s packed into Arrow's bits.
fn bits(b: &[bool]) -> BooleanBuffer {
    BooleanBuffer::collect_bool(b.len(), |i| b[i])
}

/// Arrow's offsets being filled, in 32 bits as the `Utf8`, `List` and
/// `Map` types store them: a leading 0 (pushed with the first end, so
/// that an empty column allocates nothing), then the end of each item.
/// Handed to Arrow as they are, without a copy.
///
/// An end past `i32::MAX` wraps; [`Offsets::finish`] refuses the column
/// then (ends never decrease, so the last is the largest).
#[derive(Debug, Default)]
pub(super) struct Offsets(pub(super) Vec<i32>);

impl Offsets {
    /// Items so far.
    pub(super) fn count(&self) -> usize {
        self.0.len().saturating_sub(1)
    }

    pub(super) fn reserve(&mut self, items: usize) {
        self.0.reserve(items + 1);
    }

    /// Ends an item at `end`.
    #[inline]
    pub(super) fn push(&mut self, end: usize) {
        if self.0.is_empty() {
            self.0.push(0);
        }
        // Wraps past i32::MAX: refused by `finish`.
        self.0.push(end as i32);
    }

    /// Adds the items of `other` after these, their ends moved by `shift`,
    /// leaving it empty.
    pub(super) fn append(&mut self, other: &mut Offsets, shift: usize) {
        if other.0.len() < 2 {
            other.0.clear();
            return;
        }
        if self.0.is_empty() {
            self.0.push(0);
        }
        let shift = shift as i32;
        self.0
            .extend(other.0.drain(1..).map(|e| e.wrapping_add(shift)));
        other.0.clear();
    }

    /// Arrow's offsets; `last` is the end of the last item, unwrapped.
    pub(super) fn finish(self, last: usize) -> Result<OffsetBuffer<i32>, ArrowError> {
        if i32::try_from(last).is_err() {
            return Err(ArrowError::OffsetOverflowError(last));
        }
        let mut v = self.0;
        if v.is_empty() {
            v.push(0);
        }
        Ok(OffsetBuffer::new(ScalarBuffer::from(v)))
    }
}

/// The offsets of `n` rows of which `rows` (ascending) hold the items
/// ending at `ends[1..]` (`ends` as [`Offsets`] keeps them: empty, or a
/// leading 0 and an end a row of `rows`), the other rows empty.
pub(super) fn spread(n: usize, rows: &[usize], ends: &[i32]) -> Vec<i32> {
    let mut out = Vec::with_capacity(n + 1);
    out.push(0);
    let mut last = 0;
    for (&r, &end) in rows.iter().zip(&ends[1.min(ends.len())..]) {
        // The rows before `r` end where the last item did: filled at once.
        out.resize(r + 1, last);
        last = end;
        out.push(last);
    }
    out.resize(n + 1, last);
    out
}

/// A text column being filled: the end of each text in its bytes, and
/// which are null.
#[derive(Debug, Default)]
pub(super) struct Texts {
    pub(super) ends: Offsets,
    pub(super) bytes: Vec<u8>,
    pub(super) valid: Validity,
}

impl Texts {
    /// Texts pushed so far.
    pub(super) fn count(&self) -> usize {
        self.ends.count()
    }

    pub(super) fn reserve(&mut self, texts: usize, bytes: usize) {
        self.ends.reserve(texts);
        self.valid.reserve(texts);
        self.bytes.reserve(bytes);
    }

    /// Appends a text that is not null.
    #[inline]
    pub(super) fn push_str(&mut self, text: &str) {
        self.push_bytes(text.as_bytes());
    }

    /// Appends the bytes of a text (UTF-8) that is not null.
    #[inline]
    fn push_bytes(&mut self, text: &[u8]) {
        self.bytes.extend_from_slice(text);
        self.valid.push(true);
        self.ends.push(self.bytes.len());
    }

    /// Appends `raw` decoded as `kind` (as [`decode_str`] does): copied as
    /// it is when it is printable ASCII without a backslash, which decodes to
    /// itself (most values: numbers, points, names), so that only the
    /// others pay for a decoding.
    #[inline]
    pub(super) fn push_decoded(&mut self, raw: &[u8], kind: TextKind) {
        if raw.iter().all(|&b| matches!(b, 0x20..=0x7e) && b != b'\\') {
            self.push_bytes(raw);
        } else {
            self.push_str(&decode_str(raw, kind));
        }
    }

    pub(super) fn append(&mut self, other: &mut Texts) {
        self.ends.append(&mut other.ends, self.bytes.len());
        self.bytes.append(&mut other.bytes);
        self.valid.append(&mut other.valid);
    }

    /// The column of `n` texts whose rows `rows` (in order) are the texts
    /// pushed, the others null.
    pub(super) fn finish_rows(self, n: usize, rows: &[usize]) -> Result<StringArray, ArrowError> {
        let bytes = self.bytes.len();
        if i32::try_from(bytes).is_err() {
            return Err(ArrowError::OffsetOverflowError(bytes));
        }
        let offsets = spread(n, rows, &self.ends.0);
        let nulls = (rows.len() < n).then(|| {
            let mut words = vec![0u64; n.div_ceil(64)];
            for &r in rows {
                words[r / 64] |= 1 << (r % 64);
            }
            NullBuffer::new(BooleanBuffer::new(Buffer::from_vec(words), 0, n))
        });
        StringArray::try_new(
            OffsetBuffer::new(ScalarBuffer::from(offsets)),
            Buffer::from_vec(self.bytes),
            nulls,
        )
    }

    pub(super) fn finish(self) -> Result<StringArray, ArrowError> {
        StringArray::try_new(
            self.ends.finish(self.bytes.len())?,
            Buffer::from_vec(self.bytes),
            self.valid.finish(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// A value pushed decoded is the text `decode_str` gives, whether
        /// it takes the copy of plain ASCII or the decoding.
        #[test]
        fn pushed_values_are_decoded_as_decode_str_does(
            values in proptest::collection::vec(
                proptest::collection::vec(
                    prop_oneof![Just(b'\\'), Just(b'\n'), Just(b'\r'), Just(b'\t'), Just(b' '), Just(b']'), Just(0xC3u8), Just(0xA9u8), Just(0x7Fu8), 0x20u8..0x7F, any::<u8>()],
                    0..12,
                ),
                0..8,
            ),
            simple in any::<bool>(),
        ) {
            let kind = if simple { TextKind::SimpleText } else { TextKind::Text };
            let mut texts = Texts::default();
            let mut want = Vec::new();
            for v in &values {
                texts.push_decoded(v, kind);
                want.extend_from_slice(decode_str(v, kind).as_bytes());
            }
            prop_assert_eq!(texts.count(), values.len());
            prop_assert_eq!(&texts.bytes, &want);
        }
    }
}
