//! Whether SGFC 2.0 would correct a faulty value or give up on it.
//!
//! SGFC numbers a value it corrects while reading 15 and one it cannot
//! correct 14 (33 for game-info values). sgfkit corrects nothing in `check`
//! (that is `fix`'s job), but it numbers its findings as SGFC does, so that
//! the two tools can be compared file by file. The rules here follow SGFC's
//! value parsers as its documentation and behaviour describe them: which
//! characters it drops, which shortcuts it expands, which spellings of a
//! result or a time it reads. They decide numbering only; the values are
//! never changed.

/// What SGFC makes of a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// Accepted as it is (or tidied without a message, like `+5` → `5`).
    Fine,
    /// Corrected, with SGFC's message 15.
    Corrected,
    /// Not correctable: SGFC's 14 (deleted) or 33 (game-info, kept).
    Faulty,
}

/// The outcome of one of SGFC's number parsers: corrected with a message,
/// faulty, accepted, or tidied silently.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Parsed {
    Corrected,
    Faulty,
    Fine,
    Tidied,
}

impl Parsed {
    fn verdict(self) -> Verdict {
        match self {
            Parsed::Corrected => Verdict::Corrected,
            Parsed::Faulty => Verdict::Faulty,
            Parsed::Fine | Parsed::Tidied => Verdict::Fine,
        }
    }
}

/// Drops the bytes `drop` selects; true if any was dropped.
fn drop_bytes(v: &mut Vec<u8>, drop: impl Fn(u8) -> bool) -> bool {
    let before = v.len();
    v.retain(|&c| !drop(c));
    v.len() != before
}

fn contains(v: &[u8], needle: &[u8]) -> bool {
    v.windows(needle.len()).any(|w| w == needle)
}

/// A real number: stray characters dropped, `,` read as `.`, a missing
/// `0` before the point or a point without digits after it corrected.
/// `signs`: whether `+` and `-` may appear (not in game-info values).
fn real(v: &mut Vec<u8>, signs: bool) -> Parsed {
    let allowed: &[u8] = if signs {
        b"0123456789+-.,"
    } else {
        b"0123456789.,"
    };
    let mut ret = if drop_bytes(v, |c| !allowed.contains(&c)) {
        Parsed::Corrected
    } else {
        Parsed::Fine
    };
    // Bits: 1 minus, 2 integer digits, 4 fraction digits, 8 point, 16 plus.
    let mut seen = 0u8;
    let mut out = Vec::with_capacity(v.len());
    for &c in v.iter() {
        match c {
            b'+' if seen != 0 => ret = Parsed::Corrected,
            b'+' => {
                seen = 16;
                ret = Parsed::Tidied;
            }
            b'-' if seen != 0 => ret = Parsed::Corrected,
            b'-' => {
                out.push(c);
                seen = 1;
            }
            b',' | b'.' => {
                if c == b',' {
                    ret = Parsed::Corrected;
                }
                if seen & 8 != 0 {
                    ret = Parsed::Corrected;
                } else {
                    out.push(b'.');
                    seen |= 8;
                }
            }
            _ => {
                seen |= if seen & 8 != 0 { 4 } else { 2 };
                out.push(c);
            }
        }
    }
    *v = out;
    if v.is_empty() || seen & 6 == 0 {
        return Parsed::Faulty;
    }
    if seen & 8 != 0 && seen & 2 == 0 {
        ret = Parsed::Corrected; // `.5` → `0.5`
    }
    if seen & 12 == 12 {
        let trimmed = v.iter().rposition(|&c| c != b'0').map_or(0, |k| k + 1);
        let mut tidy = trimmed != v.len();
        v.truncate(trimmed);
        if v.last() == Some(&b'.') {
            v.pop();
            tidy = true;
        }
        if ret == Parsed::Fine && tidy {
            ret = Parsed::Tidied;
        }
    }
    if seen & 8 != 0 && seen & 4 == 0 {
        ret = Parsed::Corrected; // `34.` → `34`
        v.pop();
    }
    ret
}

/// The quarter points a text names (`1/2`, `3/4`, `half`, `two`…), the
/// fraction itself blanked out of `v` as SGFC does.
fn quarters(v: &mut [u8]) -> i32 {
    let mut q = 0;
    for (text, n) in [(&b"1/2"[..], 2), (b"3/4", 3), (b"1/4", 1), (b"2/4", 2)] {
        if let Some(k) = v.windows(3).position(|w| w == text) {
            v[k..k + 3].copy_from_slice(b"   ");
            q = n;
            break;
        }
    }
    if contains(v, b"half") {
        q = 2;
    }
    for (word, n) in [
        (&b"one"[..], 4),
        (b"two", 8),
        (b"three", 12),
        (b"four", 16),
        (b"five", 20),
    ] {
        if contains(v, word) {
            q += n;
        }
    }
    q
}

/// An integer (`Number`).
pub(crate) fn number(v: &[u8]) -> Verdict {
    let mut v = v.to_vec();
    let mut ret = if drop_bytes(&mut v, |c| !b"+-0123456789".contains(&c)) {
        Verdict::Corrected
    } else {
        Verdict::Fine
    };
    if v.is_empty() {
        return Verdict::Faulty;
    }
    // The longest prefix that reads as a signed integer.
    let sign = usize::from(matches!(v[0], b'+' | b'-'));
    let digits = v[sign..].iter().take_while(|c| c.is_ascii_digit()).count();
    let read = if digits == 0 { 0 } else { sign + digits };
    if read < v.len() {
        ret = if read > 0 {
            Verdict::Corrected
        } else {
            Verdict::Faulty
        };
    }
    if read > 0 && std::str::from_utf8(&v[..read]).is_ok_and(|s| s.parse::<i64>().is_err()) {
        ret = Verdict::Corrected; // out of range: the largest number
    }
    ret
}

/// A real number (`Real`) outside game-info.
pub(crate) fn real_number(v: &[u8]) -> Verdict {
    real(&mut v.to_vec(), true).verdict()
}

/// A Go move or point on a `columns`×`rows` board: blanks and other
/// non-letters dropped, a value too long cut to two letters.
pub(crate) fn go_point(v: &[u8], columns: u8, rows: u8) -> Verdict {
    let mut v = v.to_vec();
    let mut ret = Verdict::Fine;
    if drop_bytes(&mut v, |c| c.is_ascii_whitespace()) {
        ret = Verdict::Corrected;
    }
    let blank = v.is_empty();
    if drop_bytes(&mut v, |c| !c.is_ascii_alphabetic()) {
        ret = Verdict::Corrected;
    }
    if v.is_empty() {
        return if blank { ret } else { Verdict::Faulty };
    }
    if v.len() < 2 {
        return Verdict::Faulty;
    }
    if v.len() > 2 {
        v.truncate(2);
        ret = Verdict::Corrected;
    }
    if v == b"tt" && columns <= 19 && rows <= 19 {
        return ret;
    }
    let coord = |c: u8| match c {
        b'a'..=b'z' => c - b'a' + 1,
        b'A'..=b'Z' => c - b'A' + 27,
        _ => 0,
    };
    let (x, y) = (coord(v[0]), coord(v[1]));
    if x == 0 || y == 0 || x > columns || y > rows {
        return Verdict::Faulty;
    }
    ret
}

/// Komi (`KM`): a real number, or a fraction in words.
pub(crate) fn komi(v: &[u8]) -> Verdict {
    let mut v = v.to_vec();
    let q = quarters(&mut v);
    let parsed = real(&mut v, true);
    if q != 0 {
        return Verdict::Corrected;
    }
    parsed.verdict()
}

/// Time (`TM`): seconds, or a number with `h`, `hr`, `hour`, `m`, `min`.
/// Byo-yomi written beside it (`:`, `/`, `;`, `+`) is not correctable.
pub(crate) fn time(v: &[u8]) -> Verdict {
    let mut v = v.to_vec();
    let mut ret = Verdict::Fine;
    if drop_bytes(&mut v, |c| c.is_ascii_whitespace()) {
        ret = Verdict::Corrected;
    }
    if v.is_empty() {
        return Verdict::Faulty;
    }
    if v.len() > 1 && v[1..].iter().any(|c| b":/;+".contains(c)) {
        return Verdict::Faulty;
    }
    if v.iter().any(u8::is_ascii_alphabetic) {
        let last = v.last().copied();
        let hour = contains(&v, b"hr") || contains(&v, b"hour") || last == Some(b'h');
        let min = contains(&v, b"min") || last == Some(b'm');
        if hour && min {
            return Verdict::Faulty;
        }
        return match real(&mut v, true) {
            Parsed::Faulty => Verdict::Faulty,
            _ => Verdict::Corrected,
        };
    }
    match real(&mut v, true) {
        Parsed::Faulty => Verdict::Faulty,
        Parsed::Corrected => Verdict::Corrected,
        Parsed::Fine | Parsed::Tidied => ret,
    }
}

/// Result (`RE`): `B+R`, `W+3.5`, `0`, `Draw`, `Void`, `?` and the many
/// spellings SGFC reads (`draw`, `jigo`, `B+Resign`, `white resigns`,
/// `black wins by 5 1/2 points`, Dutch `zwart`…).
pub(crate) fn result(v: &[u8]) -> Verdict {
    let mut v = v.to_vec();
    let mut err = Parsed::Fine;
    if drop_bytes(&mut v, |c| c.is_ascii_whitespace()) {
        err = Parsed::Corrected;
    }
    let Some(&first) = v.first() else {
        return Verdict::Faulty;
    };
    match first {
        b'0' | b'?' => {
            if v.len() > 1 {
                err = Parsed::Corrected;
            }
        }
        b'j' | b'J' | b'd' | b'D' => {
            if matches!(first, b'j' | b'J') && !v.to_ascii_lowercase().starts_with(b"jigo") {
                return Verdict::Faulty;
            }
            if first != b'D' || v != b"Draw" {
                err = Parsed::Corrected;
            }
        }
        b'v' | b'V' => {
            if first != b'V' || v != b"Void" {
                err = Parsed::Corrected;
            }
        }
        b'z' | b'Z' | b'b' | b'w' | b'B' | b'W' => {
            if matches!(first, b'z' | b'Z') {
                if !v.to_ascii_lowercase().starts_with(b"zwart") {
                    return Verdict::Faulty;
                }
                v[0] = b'B';
            }
            if !matches!(first, b'B' | b'W') {
                err = Parsed::Corrected;
                v[0] = v[0].to_ascii_uppercase();
            }
            let q = quarters(&mut v);
            if v.get(1) != Some(&b'+') {
                if let Some(plus) = v.iter().position(|&c| c == b'+') {
                    err = Parsed::Corrected;
                    v.drain(1..plus);
                } else {
                    return worded_result(&v, q);
                }
            }
            if v.len() > 2 {
                let rest = &v[2..];
                if matches!(rest, b"Resign" | b"Time" | b"Forfeit") {
                    return err.verdict();
                }
                match rest[0] {
                    b'r' | b't' | b'f' => err = Parsed::Corrected,
                    b'R' | b'T' | b'F' => {
                        if v.len() > 3 {
                            err = Parsed::Corrected;
                        }
                    }
                    _ => {
                        let mut score = v[2..].to_vec();
                        match real(&mut score, false) {
                            Parsed::Faulty | Parsed::Corrected => err = Parsed::Corrected,
                            Parsed::Fine => {}
                            Parsed::Tidied => {
                                if err == Parsed::Fine {
                                    err = Parsed::Tidied;
                                }
                            }
                        }
                        if q != 0 {
                            err = Parsed::Corrected;
                        }
                    }
                }
            }
        }
        _ => return Verdict::Faulty,
    }
    err.verdict()
}

/// A result in words without a `+` (`whiteresigns`, `blackwins`, `B5points`):
/// correctable when it says who won or lost and, for a score, how much.
fn worded_result(v: &[u8], q: i32) -> Verdict {
    let has = |w: &[u8]| contains(v, w);
    let resign = has(b"resign") || has(b"Resign") || has(b"opgave");
    let win = has(b"win") || has(b"won");
    let lose = has(b"lose") || has(b"loose") || has(b"lost");
    let by = has(b"with") || has(b"by");
    let point = has(b"point") || has(b"punt");
    if (!(resign || win || lose) && q == 0) || (win && lose) {
        return Verdict::Faulty;
    }
    if !resign && (by || point || q != 0) {
        let mut score = v[1..].to_vec();
        if real(&mut score, false) == Parsed::Faulty && q == 0 && point {
            return Verdict::Faulty; // the score would be lost
        }
    }
    Verdict::Corrected
}

#[cfg(test)]
mod tests {
    use super::*;
    use Verdict::*;

    #[test]
    fn results() {
        for (v, want) in [
            ("B+R", Fine),
            ("W+3.5", Fine),
            ("B+Resign", Fine),
            ("0", Fine),
            ("Draw", Fine),
            ("Void", Fine),
            ("?", Fine),
            ("B+", Fine),
            ("draw", Corrected),
            ("jigo", Corrected),
            ("B+Illegal", Corrected),
            ("b+r", Corrected),
            ("B+r", Corrected),
            ("White resigns.", Corrected),
            ("black wins by 5 3/4 points", Corrected),
            ("W+ 2.5", Corrected),
            ("john wins", Faulty),
            ("has adjourned.", Faulty),
            ("", Faulty),
        ] {
            assert_eq!(result(v.as_bytes()), want, "RE[{v}]");
        }
    }

    #[test]
    fn times_and_komi() {
        for (v, want) in [
            ("1800", Fine),
            ("+5", Fine),
            ("1 hour", Corrected),
            ("9 hours", Corrected),
            ("1800,0,30,5", Corrected),
            ("30:00", Faulty),
            ("10:00(5x1:00)", Faulty),
            ("-", Faulty),
            ("1 hr/125 moves", Faulty),
        ] {
            assert_eq!(time(v.as_bytes()), want, "TM[{v}]");
        }
        for (v, want) in [
            ("6.5", Fine),
            ("0", Fine),
            ("5 1/2", Corrected),
            ("6,5", Corrected),
            ("none", Corrected),
            ("x", Faulty),
        ] {
            assert_eq!(komi(v.as_bytes()), want, "KM[{v}]");
        }
    }

    #[test]
    fn numbers_reals_points() {
        assert_eq!(number(b"12"), Fine);
        assert_eq!(number(b"1 kk"), Corrected);
        assert_eq!(number(b"kk"), Faulty);
        assert_eq!(real_number(b"34."), Corrected);
        assert_eq!(real_number(b".5"), Corrected);
        assert_eq!(real_number(b"3.50"), Fine);
        assert_eq!(real_number(b"x"), Faulty);
        assert_eq!(go_point(b"c   c", 19, 19), Corrected);
        assert_eq!(go_point(b"cc", 19, 19), Fine);
        assert_eq!(go_point(b"zz", 19, 19), Faulty);
        assert_eq!(go_point(b"ccd", 19, 19), Corrected);
        assert_eq!(go_point(b"c", 19, 19), Faulty);
    }
}
