//! Game-info values checked and corrected where the intent is plain:
//! dates (`DT`), results (`RE`), komi (`KM`, with Fox's doubled komi) and
//! time limits (`TM`). Each `fix_*` says whether the text is already FF\[4\],
//! what it corrects to, or why it is left as it is.

use std::ops::Range;

use crate::grammar::value::is_real;
use crate::record::decimal_comma;
use crate::record::{Date, GameResult};

/// What a game-info value check found.
#[derive(Debug, PartialEq, Eq)]
pub(in crate::check) enum Fix {
    /// Already FF\[4\].
    Valid,
    /// Corrected to this.
    Fixed(String),
    /// Not FF\[4\] and not corrected: why.
    Unknown(&'static str),
}

fn all_digits(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

/// `YYYY-MM-DD` of a date the calendar has, with a four-digit year.
fn iso(y: u32, m: u32, d: u32) -> Option<String> {
    let y = u16::try_from(y).ok().filter(|y| *y >= 1000)?;
    let (m, d) = (u8::try_from(m).ok()?, u8::try_from(d).ok()?);
    Date::new(y, Some(m), Some(d)).map(|d| d.to_string())
}

/// A date read by [`Date::read_list`], the one reader of `DT`: valid when
/// it reads as given, corrected to the trimmed text or to `YYYY-MM-DD`
/// from `YYYY/MM/DD`, `YYYY.MM.DD`, `DD.MM.YYYY` and `YYYYMMDD`.
pub(in crate::check) fn fix_date(text: &str) -> Fix {
    if Date::read_list(text).is_ok() {
        return Fix::Valid;
    }
    let t = text.trim();
    if Date::read_list(t).is_ok() {
        return Fix::Fixed(t.to_string());
    }
    let small = |p: &str| (1..=2).contains(&p.len()) && all_digits(p);
    for sep in ['-', '/', '.'] {
        let parts: Vec<&str> = t.split(sep).collect();
        if let [a, b, c] = parts.as_slice() {
            let fixed = if a.len() == 4 && all_digits(a) && small(b) && small(c) {
                iso(
                    a.parse().unwrap_or(0),
                    b.parse().unwrap_or(0),
                    c.parse().unwrap_or(0),
                )
            } else if sep == '.' && small(a) && small(b) && c.len() == 4 && all_digits(c) {
                // Day first, as written with dots in Europe.
                iso(
                    c.parse().unwrap_or(0),
                    b.parse().unwrap_or(0),
                    a.parse().unwrap_or(0),
                )
            } else {
                None
            };
            if let Some(f) = fixed {
                return Fix::Fixed(f);
            }
        }
    }
    if t.len() == 8 && all_digits(t) {
        let n = |r: Range<usize>| t[r].parse::<u32>().unwrap_or(0);
        if let Some(f) = iso(n(0..4), n(4..6), n(6..8)) {
            return Fix::Fixed(f);
        }
    }
    Fix::Unknown("is not an FF[4] date (YYYY-MM-DD) that can be read without a guess")
}

/// A result read by [`GameResult`], the one reader of `RE`: corrected
/// when the reading says all the text says (`White resigns.` → `B+R`,
/// `black wins by 5 3/4 points` → `B+5.75`); kept, with the reason, when
/// the FF\[4\] form would lose part of it.
pub(super) fn fix_result(text: &str) -> Fix {
    let Some(r) = GameResult::read(text) else {
        return Fix::Unknown("is not an FF[4] result (B+R, W+3.5, 0, Void, ?)");
    };
    if r.ff4 && text.trim() == text {
        return Fix::Valid;
    }
    if r.ff4 {
        return Fix::Fixed(text.trim().to_string());
    }
    match r.ff4_text() {
        Some(f) if r.complete => Fix::Fixed(f),
        Some(_) => Fix::Unknown(
            "says more than an FF[4] result can hold (B+R, W+3.5, 0, Void, ?): \
             correcting it would lose the rest",
        ),
        None => Fix::Unknown(
            "names the winner, but with a reason FF[4] has no form for (R, T, F or a score): \
             B+ or W+ alone would lose it",
        ),
    }
}

/// Canonical text of a Real read from `s` (`6.` → `6`, `.5` → `0.5`), or
/// `None`.
fn real_text(s: &str) -> Option<String> {
    let (sign, body) = match s.strip_prefix('-') {
        Some(b) => ("-", b),
        None => ("", s.strip_prefix('+').unwrap_or(s)),
    };
    let (int, frac) = body.split_once('.').unwrap_or((body, ""));
    if int.is_empty() && frac.is_empty() {
        return None;
    }
    if !(int.is_empty() || all_digits(int)) || !(frac.is_empty() || all_digits(frac)) {
        return None;
    }
    let int = if int.is_empty() { "0" } else { int };
    Some(if frac.is_empty() {
        format!("{sign}{int}")
    } else {
        format!("{sign}{int}.{frac}")
    })
}

/// `KM[text]` as FF\[4\] writes it. With `fox` (`RepairOptions::fox_komi`),
/// an integer of 100 or more is Fox's komi in hundredths, read by
/// [`record::fox_komi`](crate::record::fox_komi) (of stones when the node's
/// `RU` names Chinese rules, `chinese`).
pub(super) fn fix_komi(text: &str, fox: bool, chinese: bool) -> Fix {
    let t = text.trim();
    if is_real(text.as_bytes()) {
        if fox
            && let Ok(n) = t.parse::<i64>()
            && (100..=10_000).contains(&n.unsigned_abs())
            && let Some(points) = crate::record::fox_komi(t, chinese)
        {
            return Fix::Fixed(points.to_string());
        }
        return Fix::Valid;
    }
    let mut s = decimal_comma(t);
    for (half, rep) in [(" 1/2", ".5"), ("1/2", ".5"), ("½", ".5")] {
        if let Some(w) = s.strip_suffix(half)
            && all_digits(w.trim())
        {
            s = format!("{}{rep}", w.trim());
        }
    }
    match real_text(&s) {
        Some(r) => Fix::Fixed(r),
        None => Fix::Unknown("is not a number"),
    }
}

pub(super) fn fix_time(text: &str) -> Fix {
    if is_real(text.as_bytes()) {
        return Fix::Valid;
    }
    let t = text.trim().to_ascii_lowercase();
    // A number with a decimal comma keeps its digits as written.
    if let Some(r) = real_text(&decimal_comma(&t)) {
        return Fix::Fixed(r);
    }
    match crate::record::seconds(&t) {
        Some(secs) => Fix::Fixed(format!("{secs}")),
        None => Fix::Unknown("is not a time in seconds"),
    }
}
