//! Parquet's value encodings, as bytes of a page, for the columns the
//! export writes itself ([`super::chunk`]): the RLE / bit-packing hybrid
//! (dictionary indices, definition levels), `DELTA_BINARY_PACKED` (32-bit
//! integers) and `PLAIN` (dictionary pages, booleans, texts).
//!
//! Each is a plain function or a small state machine over integers; none
//! hashes, compares or allocates a value at a time, which is what the
//! general encoders of the parquet crate spend most of their time on for
//! these columns. The layouts follow the Parquet format's `Encodings.md`.

/// Appends `v` as an unsigned LEB128 varint.
pub(super) fn put_uleb(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push((v as u8) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

/// Appends `v` zigzag-encoded as a varint (signed values of small
/// magnitude in few bytes).
fn put_zigzag(out: &mut Vec<u8>, v: i64) {
    put_uleb(out, ((v << 1) ^ (v >> 63)) as u64);
}

/// Bits needed to write `max` (0 for 0).
pub(super) fn bit_width(max: u32) -> u32 {
    32 - max.leading_zeros()
}

/// Appends `values` bit-packed, `width` bits each, least significant bit
/// first (Parquet's bit-packed runs and miniblocks). Every value must fit
/// in `width` bits; the last byte is padded with zeros.
pub(super) fn pack(out: &mut Vec<u8>, values: &[u32], width: u32) {
    if width == 0 {
        return;
    }
    let groups = values.chunks_exact(8);
    let rest = groups.remainder();
    match width {
        1 => pack_groups::<1>(out, groups),
        2 => pack_groups::<2>(out, groups),
        3 => pack_groups::<3>(out, groups),
        4 => pack_groups::<4>(out, groups),
        5 => pack_groups::<5>(out, groups),
        6 => pack_groups::<6>(out, groups),
        7 => pack_groups::<7>(out, groups),
        8 => pack_groups::<8>(out, groups),
        _ => return pack_any(out, values, width),
    }
    pack_any(out, rest, width);
}

/// Groups of 8 values of at most `W` (≤ 8) bits: `W` bytes a group, one
/// word with the shifts known at compile time.
fn pack_groups<const W: u32>(out: &mut Vec<u8>, groups: std::slice::ChunksExact<'_, u32>) {
    out.reserve(groups.len() * W as usize);
    for g in groups {
        let mut acc = 0u64;
        for (k, &v) in g.iter().enumerate() {
            acc |= u64::from(v) << (k as u32 * W);
        }
        out.extend_from_slice(&acc.to_le_bytes()[..W as usize]);
    }
}

/// [`pack`] of any width, a value at a time.
fn pack_any(out: &mut Vec<u8>, values: &[u32], width: u32) {
    let mut acc: u64 = 0;
    let mut bits = 0u32;
    for &v in values {
        acc |= u64::from(v) << bits;
        bits += width;
        if bits >= 32 {
            out.extend_from_slice(&(acc as u32).to_le_bytes());
            acc >>= 32;
            bits -= 32;
        }
    }
    while bits > 0 {
        out.push(acc as u8);
        acc >>= 8;
        bits = bits.saturating_sub(8);
    }
}

/// Appends `values` (each of at most `width` bits) in the RLE /
/// bit-packing hybrid encoding: a run of 8 or more equal values (once the
/// values before it fill their group of 8) is one RLE run, the others are
/// bit-packed straight from the slice.
pub(super) fn hybrid(out: &mut Vec<u8>, values: &[u32], width: u32) {
    let n = values.len();
    // Values from `literal` on wait to be bit-packed.
    let mut literal = 0;
    let mut i = 0;
    while i < n {
        let v = values[i];
        let mut j = i + 1;
        while j < n && values[j] == v {
            j += 1;
        }
        let fill = (8 - (i - literal) % 8) % 8;
        if j - i >= fill + 8 {
            bit_packed_run(out, &values[literal..i + fill], width);
            rle_run(out, v, j - i - fill, width);
            literal = j;
        }
        i = j;
    }
    bit_packed_run(out, &values[literal..], width);
}

/// A bit-packed run of `values`, the last group of 8 padded with zeros
/// (none: nothing). Only the last run of a page may need the padding.
pub(super) fn bit_packed_run(out: &mut Vec<u8>, values: &[u32], width: u32) {
    if values.is_empty() {
        return;
    }
    let groups = values.len().div_ceil(8);
    put_uleb(out, (groups as u64) << 1 | 1);
    let end = out.len() + groups * width as usize;
    pack(out, values, width);
    out.resize(end, 0);
}

/// An RLE run: `n` times `v`.
fn rle_run(out: &mut Vec<u8>, v: u32, n: usize, width: u32) {
    put_uleb(out, n as u64 * 2);
    out.extend_from_slice(&v.to_le_bytes()[..width.div_ceil(8) as usize]);
}

/// The RLE / bit-packing hybrid encoding of values of `width` bits, fed
/// as runs (the definition levels: few runs, fed as the rows come): a run
/// of 8 or more equal values becomes one RLE run, shorter ones are
/// gathered into bit-packed groups of 8.
#[derive(Debug)]
pub(super) struct Hybrid {
    out: Vec<u8>,
    width: u32,
    /// Values waiting to be bit-packed (a bit-packed run holds a multiple
    /// of 8; only the last one of a page is padded).
    literals: Vec<u32>,
    /// The run being fed: its value and length (0: none).
    run: (u32, usize),
}

impl Hybrid {
    /// An encoder of values of `width` bits (at most 32).
    pub(super) fn new(width: u32) -> Hybrid {
        Hybrid {
            out: Vec::new(),
            width,
            literals: Vec::new(),
            run: (0, 0),
        }
    }

    /// Adds `n` times the value `v`.
    #[inline]
    pub(super) fn put_run(&mut self, v: u32, n: usize) {
        if self.run.0 == v {
            self.run.1 += n;
        } else {
            self.end_run();
            self.run = (v, n);
        }
    }

    /// Writes the run being fed: as an RLE run if 8 or more of it remain
    /// once the bit-packed values before it fill their last group of 8,
    /// else as bit-packed values.
    fn end_run(&mut self) {
        let (v, n) = std::mem::take(&mut self.run);
        if n == 0 {
            return;
        }
        let fill = (8 - self.literals.len() % 8) % 8;
        if n >= fill + 8 {
            self.literals.extend(std::iter::repeat_n(v, fill));
            self.flush_literals();
            rle_run(&mut self.out, v, n - fill, self.width);
        } else {
            self.literals.extend(std::iter::repeat_n(v, n));
        }
    }

    /// Writes the values waiting as one bit-packed run (padded with zeros
    /// to a multiple of 8).
    fn flush_literals(&mut self) {
        if self.literals.is_empty() {
            return;
        }
        bit_packed_run(&mut self.out, &self.literals, self.width);
        self.literals.clear();
    }

    /// The bytes of everything added.
    pub(super) fn finish(mut self) -> Vec<u8> {
        self.end_run();
        self.flush_literals();
        self.out
    }
}

/// Values in a block of `DELTA_BINARY_PACKED`, and miniblocks a block.
const BLOCK: usize = 128;
const MINIBLOCKS: usize = 4;
const MINI: usize = BLOCK / MINIBLOCKS;

/// Appends `values`, 32-bit integers (`u32` here, `INT32` in the file),
/// `DELTA_BINARY_PACKED`: the differences of neighbours, less their least
/// a block, bit-packed in miniblocks as wide as their largest. Differences
/// wrap around in 32 bits, as the format asks of `INT32`, so widths never
/// pass 32.
pub(super) fn delta_binary_packed(out: &mut Vec<u8>, values: &[u32]) {
    put_uleb(out, BLOCK as u64);
    put_uleb(out, MINIBLOCKS as u64);
    put_uleb(out, values.len() as u64);
    let Some((&first, _)) = values.split_first() else {
        put_zigzag(out, 0);
        return;
    };
    put_zigzag(out, i64::from(first as i32));
    let mut deltas = [0u32; BLOCK];
    let mut start = 1;
    while start < values.len() {
        let end = (start + BLOCK).min(values.len());
        let n = end - start;
        // Plain loops over slices, which the compiler vectorizes.
        let (next, prev) = (&values[start..end], &values[start - 1..end - 1]);
        for ((d, &a), &b) in deltas.iter_mut().zip(next).zip(prev) {
            *d = a.wrapping_sub(b);
        }
        let min = deltas[..n]
            .iter()
            .map(|&d| d as i32)
            .fold(i32::MAX, i32::min);
        for d in &mut deltas[..n] {
            *d = d.wrapping_sub(min as u32);
        }
        deltas[n..].fill(0);
        put_zigzag(out, i64::from(min));
        let used = n.div_ceil(MINI);
        let widths: [u32; MINIBLOCKS] = std::array::from_fn(|m| {
            if m < used {
                bit_width(
                    deltas[m * MINI..(m + 1) * MINI]
                        .iter()
                        .fold(0, |a, &d| a | d),
                )
            } else {
                0
            }
        });
        out.extend(widths.iter().map(|&w| w as u8));
        for (m, &w) in widths.iter().enumerate().take(used) {
            pack(out, &deltas[m * MINI..(m + 1) * MINI], w);
        }
        start = end;
    }
}

/// Appends `v` as a `PLAIN` byte array: its length (4 bytes) and bytes.
pub(super) fn plain_bytes(out: &mut Vec<u8>, v: &[u8]) {
    out.extend_from_slice(&(v.len() as u32).to_le_bytes());
    out.extend_from_slice(v);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn varints_and_widths() {
        let mut out = Vec::new();
        put_uleb(&mut out, 300);
        put_zigzag(&mut out, -1);
        put_zigzag(&mut out, 1);
        assert_eq!(out, [0xac, 0x02, 1, 2]);
        assert_eq!((bit_width(0), bit_width(1), bit_width(255)), (0, 1, 8));
        assert_eq!(bit_width(u32::MAX), 32);
    }

    #[test]
    fn packing_is_least_significant_bit_first() {
        // The format's own example: 0..8 in 3 bits.
        let mut out = Vec::new();
        pack(&mut out, &[0, 1, 2, 3, 4, 5, 6, 7], 3);
        assert_eq!(out, [0b1000_1000, 0b1100_0110, 0b1111_1010]);
        let mut wide = Vec::new();
        pack(&mut wide, &[u32::MAX, 1], 32);
        assert_eq!(wide, [255, 255, 255, 255, 1, 0, 0, 0]);
    }

    #[test]
    fn long_runs_are_rle_and_short_ones_bit_packed() {
        let mut h = Hybrid::new(1);
        h.put_run(1, 50);
        assert_eq!(h.finish(), [100, 1]);
        let mut h = Hybrid::new(2);
        h.put_run(1, 1);
        h.put_run(2, 1);
        h.put_run(3, 1);
        // One group of 8, padded with zeros.
        assert_eq!(h.finish(), [3, 0b11_10_01, 0]);
        let mut h = Hybrid::new(3);
        // 3 literals, then a run of 20: 5 of it fill the group, 15 are RLE.
        for v in [1, 2, 3] {
            h.put_run(v, 1);
        }
        h.put_run(4, 20);
        assert_eq!(h.finish()[4..], [30, 4]);
    }

    /// The slice encoder writes what the run encoder writes.
    #[test]
    fn slices_encode_as_runs_do() {
        let mut values = Vec::new();
        for (v, n) in [(1, 3), (4, 20), (2, 1), (3, 9), (0, 7), (5, 8), (6, 2)] {
            values.extend(std::iter::repeat_n(v, n));
        }
        for cut in 0..values.len() {
            let values = &values[cut..];
            let mut runs = Hybrid::new(3);
            for &v in values {
                runs.put_run(v, 1);
            }
            let mut out = Vec::new();
            hybrid(&mut out, values, 3);
            assert_eq!(out, runs.finish(), "from value {cut}");
        }
    }
}
