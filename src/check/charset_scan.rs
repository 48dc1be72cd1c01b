//! The charset a reader finds by scanning the start of a file, as SGFC
//! does before it parses: a byte-order mark, else the first `CA[...]` in
//! the first 1,000 bytes that follows a `(` (at most two of them).
//!
//! sgfkit reads `CA` wherever the root holds it, but a file whose root
//! announces its charset after that window is decoded by SGFC with the
//! default (ISO-8859-1) and refused (its fatal message 73); other readers
//! that sniff the start of a file go wrong the same way. [`scanned_charset`]
//! lets the checker warn about such files.

/// How far the scan looks, in bytes.
const WINDOW: usize = 1000;

/// The charset named at the start of `src` (a byte-order mark, or the
/// first `CA[...]` value after a `(`), or `None` when the scan finds none
/// (the reader then assumes its default).
pub(crate) fn scanned_charset(src: &[u8]) -> Option<String> {
    if src.len() < 4 {
        return None;
    }
    match src {
        [0xFE, 0xFF, ..] => return Some("UTF-16BE".into()),
        [0xFF, 0xFE, 0, 0, ..] => return Some("UTF-32LE".into()),
        [0xFF, 0xFE, ..] => return Some("UTF-16LE".into()),
        [0, 0, 0xFE, 0xFF, ..] => return Some("UTF-32BE".into()),
        [0xEF, 0xBB, 0xBF, ..] => return Some("UTF-8".into()),
        _ => {}
    }
    let window = &src[..src.len().min(WINDOW)];
    // States: 1 before any `(`, 2 after one, 3 after `C`, 4 after `CA`,
    // 0 after `CA[`. Lower-case letters (old identifiers) and blanks after
    // `CA` keep the state; anything else goes back to 1 or 2.
    let (mut state, mut rest, mut parens) = (1u8, 1u8, 0usize);
    let mut at = 0;
    while at < window.len() && state != 0 {
        let c = window[at];
        state = match c {
            b'(' => {
                parens += 1;
                rest = 2;
                2
            }
            b'C' if state == 2 => 3,
            b'A' if state == 3 => 4,
            b'[' if state == 4 => 0,
            c if c.is_ascii_lowercase() => state,
            c if c.is_ascii_whitespace() && state == 4 => 4,
            _ => rest,
        };
        at += 1;
    }
    // Three `(` or more: the CA found may belong to a later tree.
    if state != 0 || parens >= 3 {
        return None;
    }
    let value = &window[at..];
    let end = value.iter().position(|&c| c == b']').unwrap_or(value.len());
    let name: String = value[..end]
        .iter()
        .filter(|c| c.is_ascii_alphanumeric() || b"-_:.".contains(c))
        .map(|&c| c as char)
        .collect();
    (!name.is_empty()).then_some(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scans_the_start() {
        assert_eq!(
            scanned_charset(b"(;GM[1]CA[UTF-8];B[aa])").as_deref(),
            Some("UTF-8")
        );
        assert_eq!(
            scanned_charset(b"\xEF\xBB\xBF(;GM[1])").as_deref(),
            Some("UTF-8")
        );
        assert_eq!(scanned_charset(b"(;GM[1];B[aa])"), None);
        // Past the window, or after three `(`: not found.
        let mut late = b"(;C[".to_vec();
        late.extend(std::iter::repeat_n(b'x', 1200));
        late.extend(b"]CA[UTF-8])");
        assert_eq!(scanned_charset(&late), None);
        assert_eq!(scanned_charset(b"(;B[aa](;W[bb])(;CA[UTF-8]))"), None);
    }
}
