//! The structural bytes of SGF and the one scanner that finds them.
//!
//! Outside values, SGF is made of a few single bytes — `(`, `)`, `;`, `[`,
//! white space — and property identifiers (letters). Inside a value
//! (`[...]`) only two bytes matter: `]`, which ends it, and `\`, which
//! escapes the byte after it. Every part of the crate that reads SGF syntax
//! finds these bytes through this module: the grammar
//! ([`crate::grammar`], one function per rule, calls the token scanners
//! here) and the scan of tree boundaries (`crate::scan`, which frames
//! streams and finds the trees for charset detection).
//!
//! # How the bytes are found
//!
//! Real games are dense: a bracket every 3.4 bytes, values of 2.7 bytes on
//! average, identifiers of one or two capitals. The token scanners
//! ([`ws_end`], [`ident_end`], [`value_close`]) work on byte indices into
//! the whole input and read the first bytes of a token with plain
//! comparisons (a two-letter point in one test); the node of a move
//! (`;B[pd]` before the next node or tree), most of a real game, is
//! recognised whole in one test of seven bytes ([`move_node`]). Only a
//! value longer than 16 bytes, such as a comment, is handed to a memchr
//! search ([`find_value_byte`]), which costs more than a short value to
//! set up but runs through long ones with vector instructions. The scan
//! of tree boundaries over a whole buffer looks at *lanes* of 64 bytes,
//! the bytes it needs marked as the bits of a `u64` ([`tree_mask`]) and
//! taken in turn with `trailing_zeros`. Everything here is safe Rust.
//!
//! ```
//! use sgfkit::structural::{ident_len, value_end, ws_len};
//!
//! let src = b"AB \n[dd][p\\]p];W[aa]";
//! assert_eq!(ident_len(src), (2, true));
//! assert_eq!(ws_len(&src[2..]), 2);
//! assert_eq!(value_end(&src[5..]), Some(2)); // `dd`
//! assert_eq!(value_end(&src[9..]), Some(4)); // `p\]p`: the escaped `]` stays
//! ```

/// Bytes per lane: one bit each in a `u64`.
pub const LANE: usize = 64;

/// The bytes of `lane` that are `(`, `)`, `[`, `]` or `\`, as the bits of
/// a `u64`: what the scan of tree boundaries looks at (the parentheses
/// outside values, the brackets and escapes that delimit values).
///
/// ```
/// let mut lane = [b'.'; 64];
/// lane[..16].copy_from_slice(b"(;B[pd];W[dp]\\x)");
/// let mask = sgfkit::structural::tree_mask(&lane);
/// assert_eq!(mask, 1 << 0 | 1 << 3 | 1 << 6 | 1 << 9 | 1 << 12 | 1 << 13 | 1 << 15);
/// ```
#[inline]
pub fn tree_mask(lane: &[u8; LANE]) -> u64 {
    // `(` and `)` are 0x28 and 0x29; `[`, `\` and `]` are 0x5B to 0x5D.
    gather(lane, |b| (b | 1) == b')' || b.wrapping_sub(b'[') < 3)
}

/// The bits of the bytes of `lane` that `hit` picks: one 0/1 byte per lane
/// first (a loop the compiler vectorises), then 8 lanes gathered into 8
/// bits by one multiplication: the lanes' bits land, without carries, in
/// the top byte.
#[inline(always)]
fn gather(lane: &[u8; LANE], hit: impl Fn(u8) -> bool) -> u64 {
    let hits: [u8; LANE] = std::array::from_fn(|k| u8::from(hit(lane[k])));
    let mut mask = 0u64;
    for (k, eight) in hits.chunks_exact(8).enumerate() {
        let mut word = [0u8; 8];
        word.copy_from_slice(eight);
        let bits = u64::from_le_bytes(word).wrapping_mul(0x0102_0408_1020_4080) >> 56;
        mask |= bits << (8 * k);
    }
    mask
}

/// White space between tokens: space, tab, line feed, carriage return,
/// vertical tab and form feed.
///
/// ```
/// use sgfkit::structural::is_ws;
/// assert!(is_ws(b'\n') && is_ws(0x0B) && !is_ws(b';') && !is_ws(0xA0));
/// ```
#[inline(always)]
pub fn is_ws(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0B | 0x0C)
}

/// How many bytes of white space ([`is_ws`]) `bytes` starts with.
///
/// ```
/// assert_eq!(sgfkit::structural::ws_len(b" \r\n\t;B[aa]"), 4);
/// assert_eq!(sgfkit::structural::ws_len(b";B[aa]"), 0);
/// ```
#[inline(always)]
pub fn ws_len(bytes: &[u8]) -> usize {
    ws_end(bytes, 0)
}

/// The index of the first byte at or after `at` that is not white space
/// ([`is_ws`]), or the length of `bytes`.
///
/// ```
/// assert_eq!(sgfkit::structural::ws_end(b";B[aa] \n;W[bb]", 6), 8);
/// ```
#[inline(always)]
pub fn ws_end(bytes: &[u8], mut at: usize) -> usize {
    // Every white space byte is at most a space: most tokens are not
    // preceded by any, and the first comparison answers them.
    while let Some(&b) = bytes.get(at)
        && b <= b' '
        && is_ws(b)
    {
        at += 1;
    }
    at
}

/// The index of the `]` of a move node at `at`: `;`, one capital, one
/// value of two bytes, and then `;`, `(` or `)` (`;B[pd];W[dp]`), the
/// node that makes up most of a real game, read in one test of seven
/// bytes. Anything else (`;AB[..]`, `;B[pd]C[..]`, `;B[]`, an escape,
/// white space) is `None`, left to the token scanners.
///
/// ```
/// use sgfkit::structural::move_node;
/// assert_eq!(move_node(b";B[pd];W[dp])", 0), Some(5));
/// assert_eq!(move_node(b";B[pd]C[ok];W[dp])", 0), None);
/// assert_eq!(move_node(b";B[\\]];W[dp])", 0), None);
/// ```
#[inline(always)]
pub fn move_node(bytes: &[u8], at: usize) -> Option<usize> {
    match bytes.get(at..at + 7)? {
        &[b';', ident, b'[', a, b, b']', b';' | b'(' | b')']
            if ident.is_ascii_uppercase()
                && !matches!(a, b']' | b'\\')
                && !matches!(b, b']' | b'\\') =>
        {
            Some(at + 5)
        }
        _ => None,
    }
}

/// The property identifier `bytes` starts with: how many letters, and
/// whether a capital is among them (an identifier needs one; FF\[3\] also
/// has lower-case letters, `AddBlack`).
///
/// ```
/// use sgfkit::structural::ident_len;
/// assert_eq!(ident_len(b"B[aa]"), (1, true));
/// assert_eq!(ident_len(b"AddBlack[aa]"), (8, true));
/// assert_eq!(ident_len(b"ab[aa]"), (2, false));
/// assert_eq!(ident_len(b"[aa]"), (0, false));
/// ```
#[inline(always)]
pub fn ident_len(bytes: &[u8]) -> (usize, bool) {
    ident_end(bytes, 0)
}

/// [`ident_len`] for the identifier at `at`: the index after its last
/// letter, and whether a capital is among its letters.
#[inline(always)]
pub fn ident_end(bytes: &[u8], at: usize) -> (usize, bool) {
    // Identifiers are mostly capitals (`B`, `AB`, `KM`).
    let mut k = at;
    while let Some(b) = bytes.get(k)
        && b.is_ascii_uppercase()
    {
        k += 1;
    }
    match bytes.get(k) {
        Some(b) if b.is_ascii_lowercase() => mixed_ident_end(bytes, at, k),
        _ => (k, k > at),
    }
}

/// [`ident_end`] once a lower-case letter was found at `k` (FF\[3\]).
#[cold]
#[inline(never)]
fn mixed_ident_end(bytes: &[u8], at: usize, mut k: usize) -> (usize, bool) {
    while let Some(b) = bytes.get(k)
        && b.is_ascii_alphabetic()
    {
        k += 1;
    }
    (k, bytes[at..k].iter().any(u8::is_ascii_uppercase))
}

/// The index of the first `]` of `bytes` not escaped by `\`, if any: the
/// end of a value whose text `bytes` starts with.
///
/// Values are short (2.7 bytes on average in real games), so the first
/// bytes are read one by one; long values such as comments are searched
/// ([`find_value_byte`]).
///
/// ```
/// use sgfkit::structural::value_end;
/// assert_eq!(value_end(b"pd]"), Some(2));
/// assert_eq!(value_end(b"a\\]b\\\\]c"), Some(6));
/// assert_eq!(value_end(b"unclosed \\]"), None);
/// ```
#[inline(always)]
pub fn value_end(bytes: &[u8]) -> Option<usize> {
    value_close(bytes, 0)
}

/// [`value_end`] for the value whose text starts at `at`: the index of
/// its closing `]`.
///
/// ```
/// assert_eq!(sgfkit::structural::value_close(b";B[pd]", 3), Some(5));
/// ```
#[inline(always)]
pub fn value_close(bytes: &[u8], at: usize) -> Option<usize> {
    const SHORT: usize = 16;
    // The most common value of all, a two-letter point (`[pd]`).
    if let Some(&[a, b, b']']) = bytes.get(at..at + 3)
        && !matches!(a, b']' | b'\\')
        && !matches!(b, b']' | b'\\')
    {
        return Some(at + 2);
    }
    let mut i = at;
    let short = bytes.len().min(at + SHORT);
    while i < short {
        match bytes[i] {
            b']' => return Some(i),
            b'\\' => i += 2,
            _ => i += 1,
        }
    }
    long_value_end(bytes, i)
}

/// [`value_end`] from `i` on (not escaped): one search per `\` or `]`.
#[cold]
#[inline(never)]
fn long_value_end(bytes: &[u8], mut i: usize) -> Option<usize> {
    while i < bytes.len() {
        let at = i + find_value_byte(&bytes[i..])?;
        if bytes[at] == b']' {
            return Some(at);
        }
        // `\`: the byte after it is escaped, whatever it is.
        i = at + 2;
    }
    None
}

/// The index of the first `]` or `\` of `bytes`, if any: where a scan
/// inside a value stops next. A memchr search: long values are rare and
/// long, where its vector loop is fastest.
///
/// ```
/// assert_eq!(sgfkit::structural::find_value_byte(b"a comment \\] ends]"), Some(10));
/// assert_eq!(sgfkit::structural::find_value_byte(b"no end"), None);
/// ```
#[inline]
pub fn find_value_byte(bytes: &[u8]) -> Option<usize> {
    memchr::memchr2(b']', b'\\', bytes)
}
