//! The chunk statistics of a text column: its least and greatest text,
//! cut to [`TRUNCATE`] bytes as the parquet crate cuts them, and its null
//! count.

use parquet::data_type::ByteArray;
use parquet::file::statistics::{Statistics, ValueStatistics};

/// Statistics of byte arrays are cut to this many bytes (the parquet
/// crate's default): the minimum at a character boundary, the maximum
/// there and then raised to stay an upper bound.
pub(super) const TRUNCATE: usize = 64;

/// The statistics of a chunk whose least and greatest texts are `min`
/// and `max` (none: no text but nulls) and which has `nulls` nulls.
pub(super) fn text_statistics(
    min: Option<Vec<u8>>,
    max: Option<Vec<u8>>,
    nulls: u64,
) -> Statistics {
    let min = min.map(|m| match truncate_min(&m) {
        Some(cut) => (cut, false),
        None => (m, true),
    });
    let max = max.map(|m| match truncate_max(&m) {
        Some(cut) => (cut, false),
        None => (m, true),
    });
    let min_exact = min.as_ref().is_none_or(|m| m.1);
    let max_exact = max.as_ref().is_none_or(|m| m.1);
    Statistics::ByteArray(
        ValueStatistics::new(
            min.map(|m| ByteArray::from(m.0)),
            max.map(|m| ByteArray::from(m.0)),
            None,
            Some(nulls),
            false,
        )
        .with_min_is_exact(min_exact)
        .with_max_is_exact(max_exact),
    )
}

/// `v` cut to at most [`TRUNCATE`] bytes at a character boundary (a
/// lower bound of it), if longer.
fn truncate_min(v: &[u8]) -> Option<Vec<u8>> {
    if v.len() <= TRUNCATE {
        return None;
    }
    match std::str::from_utf8(v) {
        Ok(s) => (1..=TRUNCATE)
            .rfind(|&i| s.is_char_boundary(i))
            .map(|i| v[..i].to_vec()),
        Err(_) => Some(v[..TRUNCATE].to_vec()),
    }
}

/// `v` cut to at most [`TRUNCATE`] bytes and its last character raised
/// (an upper bound of it), if longer and if some character can be raised
/// without growing.
fn truncate_max(v: &[u8]) -> Option<Vec<u8>> {
    if v.len() <= TRUNCATE {
        return None;
    }
    let Ok(s) = std::str::from_utf8(v) else {
        let mut cut = v[..TRUNCATE].to_vec();
        let last = cut.iter().rposition(|&b| b < u8::MAX)?;
        cut[last] += 1;
        cut.truncate(last + 1);
        return Some(cut);
    };
    let end = (TRUNCATE.saturating_sub(3)..=TRUNCATE).rfind(|&i| s.is_char_boundary(i))?;
    let s = &s[..end];
    s.char_indices().rev().find_map(|(i, c)| {
        let next = char::from_u32(c as u32 + 1).filter(|n| n.len_utf8() == c.len_utf8())?;
        let mut cut = v[..i + c.len_utf8()].to_vec();
        next.encode_utf8(&mut cut[i..]);
        Some(cut)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_texts_are_cut_to_bounds() {
        let short = "a".repeat(TRUNCATE);
        assert_eq!(
            (
                truncate_min(short.as_bytes()),
                truncate_max(short.as_bytes())
            ),
            (None, None)
        );
        let long = format!("{}é{}", "a".repeat(TRUNCATE - 1), "z");
        let min = truncate_min(long.as_bytes()).unwrap();
        let max = truncate_max(long.as_bytes()).unwrap();
        // 'é' is two bytes from byte 63 on: both cut before it, the
        // maximum's last 'a' raised to 'b'.
        assert_eq!(min, "a".repeat(TRUNCATE - 1).as_bytes());
        assert_eq!(max, format!("{}b", "a".repeat(TRUNCATE - 2)).as_bytes());
        assert!(min.as_slice() <= long.as_bytes() && max.as_slice() > long.as_bytes());
    }
}
