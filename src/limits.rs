//! Resource limits: how deep, how many nodes, how long a value and how many
//! points a file may ask for before reading it stops with a positioned error.
//!
//! [`ParseOptions`] carries the limits; every reader that builds a tree
//! (the strict parser, [`crate::read`], the lenient reader, the streaming
//! reader) enforces them, so a hostile file is refused with a clear message
//! (`line:column: input too large: …`) instead of a slow run or an abort.
//! The defaults are far above every file of the test corpus
//! (`docs/limits.md` lists the measured maxima, and SGFC's limits for
//! comparison); [`measure`] tells how much of each limit a file uses.
//!
//! ```
//! use sgfkit::ParseOptions;
//! // A 9-byte value that asks for 2,704 points (a whole 52×52 board).
//! let src = b"(;AB[aa:ZZ])";
//! assert!(sgfkit::Collection::parse_with(src, &ParseOptions::default(), &mut ()).is_ok());
//! let tight = ParseOptions::default().max_points(1000);
//! let err = sgfkit::Collection::parse_with(src, &tight, &mut ()).unwrap_err();
//! assert_eq!(
//!     err.to_string(),
//!     "1:6: input too large: a property with more points than ParseOptions::max_points"
//! );
//! ```

use crate::ParseOptions;
use crate::error::ParseError;
use crate::events::{self, Handler, OffsetOf};
use crate::grammar::value::rectangle_area;
use crate::grammar::{RawProperty, RawValues};
use crate::table;
use std::ops::Range;

/// A limit crossed: what, and at which byte of the source.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct LimitHit {
    pub(crate) what: &'static str,
    pub(crate) offset: usize,
}

/// Counts what a tree being built asks for against the limits that are
/// not structural (value length, points); the tree builder holds one.
#[derive(Debug, Clone)]
pub(crate) struct Meter {
    max_value_len: usize,
    max_points: usize,
    max_file_points: u64,
    file_points: u64,
}

impl Meter {
    pub(crate) fn new(options: &ParseOptions) -> Meter {
        Meter {
            max_value_len: options.max_value_len,
            max_points: options.max_points,
            max_file_points: options.max_file_points,
            file_points: 0,
        }
    }

    /// Whether [`Meter::property`] lets through, without counting anything,
    /// a property whose identifier is one capital (never a point list) and
    /// whose values text is `len` bytes long.
    #[inline]
    pub(crate) fn short_value_fits(&self, len: usize) -> bool {
        len <= self.max_value_len
    }

    /// Takes in one property; `values_at` is the offset of `values_raw` in
    /// the source. The common case (short values, not a point list) costs
    /// two comparisons.
    #[inline]
    pub(crate) fn property(
        &mut self,
        ident: &[u8],
        values_raw: &[u8],
        values_at: usize,
    ) -> Result<(), LimitHit> {
        let points = is_point_list(ident);
        if values_raw.len() <= self.max_value_len && !points {
            return Ok(());
        }
        self.property_slow(values_raw, values_at, points)
    }

    #[cold]
    fn property_slow(
        &mut self,
        values_raw: &[u8],
        values_at: usize,
        points: bool,
    ) -> Result<(), LimitHit> {
        let mut in_property: u64 = 0;
        // Most values of a point list are one point, `[pd]`: counted
        // without the general loop while they last (same checks, same order).
        let mut k = 0;
        if points && self.max_value_len >= 2 {
            // As many as both limits allow: the general loop below says
            // which limit the next one crosses, and where.
            let allowed =
                (self.max_points as u64).min(self.max_file_points.saturating_sub(self.file_points));
            let plain = |c: u8| !matches!(c, b'\\' | b']' | b':');
            while in_property < allowed {
                let Some(&[b'[', x, y, b']']) = values_raw.get(k..k + 4) else {
                    break;
                };
                if !plain(x) || !plain(y) {
                    break;
                }
                in_property += 1;
                k += 4;
                if values_raw.get(k) != Some(&b'[') {
                    while values_raw
                        .get(k)
                        .is_some_and(|&b| b != b'[' && b.is_ascii_whitespace())
                    {
                        k += 1;
                    }
                }
            }
            self.file_points += in_property;
        }
        let values_at = values_at + k;
        let values_raw = &values_raw[k..];
        for body in value_bodies(values_raw) {
            let at = values_at + body.start;
            if body.len() > self.max_value_len {
                return Err(LimitHit {
                    what: "a value longer than ParseOptions::max_value_len",
                    offset: at,
                });
            }
            if points {
                let n = points_in(&values_raw[body]);
                in_property = in_property.saturating_add(n);
                self.file_points = self.file_points.saturating_add(n);
                if in_property > self.max_points as u64 {
                    return Err(LimitHit {
                        what: "a property with more points than ParseOptions::max_points",
                        offset: at,
                    });
                }
                if self.file_points > self.max_file_points {
                    return Err(LimitHit {
                        what: "more points than ParseOptions::max_file_points",
                        offset: at,
                    });
                }
            }
        }
        Ok(())
    }
}

/// The bodies (between `[` and `]`) of a values text `[..] [..]`, as ranges
/// of it: the values of [`RawValues`]. A truncated last value runs to the end.
fn value_bodies(values_raw: &[u8]) -> impl Iterator<Item = Range<usize>> + '_ {
    RawValues::new(values_raw).map(move |body| {
        let start = values_raw.offset_of(body);
        start..start + body.len()
    })
}

/// True when `ident` names a list of points or stones in the property
/// table (in any game), its FF\[3\] spelling (`AddBlack`) included.
fn is_point_list(ident: &[u8]) -> bool {
    match *ident {
        [a] if a.is_ascii_uppercase() => table::is_point_list(ident),
        [a, b] if a.is_ascii_uppercase() && b.is_ascii_uppercase() => table::is_point_list(ident),
        _ => is_point_list_spelled(ident),
    }
}

/// [`is_point_list`] for identifiers that are not one or two capitals
/// (kept out of line: FF\[3\] spellings are rare).
#[cold]
fn is_point_list_spelled(ident: &[u8]) -> bool {
    ident.iter().any(u8::is_ascii_lowercase)
        && table::is_point_list(events::normalize_ident(ident).as_bytes())
}

/// How many points one value of a point list stands for: 0 for an empty
/// value, the area of a rectangle `ul:lr` whose corners are points of a grid
/// (Go-style `aa`–`ZZ`, or Hex-style letters and a row number), else 1.
fn points_in(body: &[u8]) -> u64 {
    if body.is_empty() {
        return 0;
    }
    // Point values are short: a plain loop, not a memchr call.
    let colon = if body.len() <= 16 {
        body.iter().position(|&b| b == b':')
    } else {
        memchr::memchr(b':', body)
    };
    let Some(colon) = colon else {
        return 1;
    };
    let first = body[..colon].strip_suffix(b"\\").unwrap_or(&body[..colon]);
    match (grid_cell(first), grid_cell(&body[colon + 1..])) {
        (Some(a), Some(b)) => rectangle_area(a, b),
        _ => 1,
    }
}

/// A point's column and row on a grid: two letters (Go, `a`–`z` then
/// `A`–`Z`), or letters and a decimal row (Hex, `a1`, `aa12`).
fn grid_cell(p: &[u8]) -> Option<(u64, u64)> {
    let letters = p.iter().take_while(|b| b.is_ascii_alphabetic()).count();
    let (col, row) = p.split_at(letters);
    if letters == 0 {
        return None;
    }
    if row.is_empty() {
        let go = |c: u8| match c {
            b'a'..=b'z' => u64::from(c - b'a'),
            _ => u64::from(c.to_ascii_uppercase() - b'A') + 26,
        };
        return match col {
            [x, y] => Some((go(*x), go(*y))),
            _ => None,
        };
    }
    if !row.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let number = |s: &[u8], base: u64, digit: fn(u8) -> u64| {
        s.iter().fold(0u64, |n, &c| {
            n.saturating_mul(base).saturating_add(digit(c))
        })
    };
    Some((
        number(col, 26, |c| u64::from(c.to_ascii_lowercase() - b'a') + 1),
        number(row, 10, |c| u64::from(c - b'0')),
    ))
}

/// How much of each limit a collection uses: measured by [`measure`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Usage {
    /// The deepest nesting of game trees (1 for a tree without variations).
    pub depth: u32,
    /// The number of nodes.
    pub nodes: usize,
    /// The longest value, in bytes as written.
    pub longest_value: usize,
    /// The most points one property's point list expands to.
    pub points_in_a_property: u64,
    /// The points of all point lists together.
    pub points: u64,
}

/// Measures how much of each limit of [`ParseOptions`] the collection in
/// `src` uses (read with the strict grammar and no limits).
///
/// ```
/// let u = sgfkit::limits::measure(b"(;AB[aa:cc]C[hello](;B[aa])(;W[bb]))")?;
/// assert_eq!((u.depth, u.nodes, u.longest_value), (2, 3, 5));
/// assert_eq!((u.points_in_a_property, u.points), (9, 9));
/// # Ok::<(), sgfkit::ParseError>(())
/// ```
///
/// # Errors
/// What the strict parser reports: a syntax error, or no game tree.
pub fn measure(src: &[u8]) -> Result<Usage, ParseError> {
    struct Measure {
        usage: Usage,
        open: u32,
    }
    impl Handler<'_> for Measure {
        fn start_tree(&mut self, _: usize) {
            self.open += 1;
            self.usage.depth = self.usage.depth.max(self.open);
        }
        fn end_tree(&mut self, _: usize) {
            self.open -= 1;
        }
        fn start_node(&mut self, _: usize) {
            self.usage.nodes += 1;
        }
        fn property(&mut self, prop: RawProperty<'_>, _: Range<usize>) {
            let raw = prop.values_raw();
            let points = is_point_list(prop.ident());
            let mut in_property = 0u64;
            for body in value_bodies(raw) {
                self.usage.longest_value = self.usage.longest_value.max(body.len());
                if points {
                    in_property = in_property.saturating_add(points_in(&raw[body]));
                }
            }
            self.usage.points_in_a_property = self.usage.points_in_a_property.max(in_property);
            self.usage.points = self.usage.points.saturating_add(in_property);
        }
    }
    let unlimited = ParseOptions {
        max_depth: u32::MAX,
        max_nodes: usize::MAX,
        max_value_len: usize::MAX,
        max_points: usize::MAX,
        max_file_points: u64::MAX,
    };
    let mut m = Measure {
        usage: Usage::default(),
        open: 0,
    };
    events::parse_events(src, &unlimited, &mut m, &mut ())?;
    Ok(m.usage)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_of_values() {
        assert_eq!(points_in(b""), 0);
        assert_eq!(points_in(b"dd"), 1);
        assert_eq!(points_in(b"aa:ss"), 361);
        assert_eq!(points_in(b"aa\\:ss"), 361);
        assert_eq!(points_in(b"aa:ZZ"), 52 * 52);
        // Reversed corners count what they span (expand refuses them later).
        assert_eq!(points_in(b"ss:aa"), 361);
        // Hex cells: letters for the column, a number for the row.
        assert_eq!(points_in(b"a1:c3"), 9);
        assert_eq!(points_in(b"a1:a65535"), 65535);
        assert_eq!(
            points_in(b"a1:zzzzzzzzzzzzzzzz99999999999999999999999"),
            u64::MAX
        );
        // Found by fuzzing: a Go corner and a Hex corner whose row saturates.
        assert_eq!(points_in(b"Aa:a99999999999999999999999"), u64::MAX);
        // Not a grid point: one value.
        assert_eq!(points_in(b"x:y"), 1);
        assert_eq!(points_in(b"1:2"), 1);
    }

    #[test]
    fn point_list_identifiers_in_any_form() {
        assert!(is_point_list(b"AB"));
        assert!(is_point_list(b"AddBlack"));
        assert!(!is_point_list(b"B"));
        assert!(!is_point_list(b"LB"));
        assert!(!is_point_list(b"Comment"));
    }

    #[test]
    fn measure_saturates_on_hostile_rectangles() {
        let huge = b"(;AB[a1:zzzzzzzzzzzzzzzz99999999999999999999][a1:zzzzzzzzzzzzzzzz99999999999999999999])";
        let u = measure(huge).unwrap();
        assert_eq!((u.points_in_a_property, u.points), (u64::MAX, u64::MAX));
    }

    #[test]
    fn bodies_of_a_values_text() {
        let raw = b"[a\\]b] \n[][x";
        let bodies: Vec<&[u8]> = value_bodies(raw).map(|r| &raw[r]).collect();
        assert_eq!(bodies, [&b"a\\]b"[..], b"", b"x"]);
    }

    #[test]
    fn runs_of_single_points_count_like_the_general_loop() {
        // The meter's quick count of `[aa]` values against a plain
        // reference: each body counted in turn, the first limit crossed
        // reported at its body.
        let reference = |max_points: u64, max_file: u64, before: u64, raw: &[u8]| {
            let (mut in_property, mut file) = (0u64, before);
            for body in value_bodies(raw) {
                let n = points_in(&raw[body.clone()]);
                in_property += n;
                file += n;
                if in_property > max_points {
                    return Err((body.start + 7, "max_points"));
                }
                if file > max_file {
                    return Err((body.start + 7, "max_file_points"));
                }
            }
            Ok(file)
        };
        let values: [&[u8]; 4] = [
            b"[aa][bb][cc][dd][ee][ff]",
            b"[aa] [bb]\n[cc]\t\r\n[dd][ee:ff][gg]",
            b"[aa][b:][cc][d\\]][ee]",
            b"[aa][bb][cc]\x0b[dd][ee]",
        ];
        for raw in values {
            for max_points in 0..8 {
                for max_file in 0..10 {
                    for before in [0, 2] {
                        let opts = ParseOptions::default()
                            .max_points(max_points)
                            .max_file_points(max_file);
                        let mut m = Meter::new(&opts);
                        m.file_points = before;
                        let got = match m.property(b"AB", raw, 7) {
                            Ok(()) => Ok(m.file_points),
                            Err(hit) => Err((
                                hit.offset,
                                if hit.what.contains("max_file_points") {
                                    "max_file_points"
                                } else {
                                    "max_points"
                                },
                            )),
                        };
                        let want = reference(max_points as u64, max_file, before, raw);
                        assert_eq!(got, want, "{raw:?} {max_points} {max_file} {before}");
                    }
                }
            }
        }
    }

    #[test]
    fn meter_counts_each_limit() {
        let opts = ParseOptions::default()
            .max_value_len(4)
            .max_points(10)
            .max_file_points(12);
        let mut m = Meter::new(&opts);
        assert_eq!(m.property(b"C", b"[abcd]", 100), Ok(()));
        let hit = m.property(b"C", b"[ab][abcde]", 100).unwrap_err();
        assert_eq!(hit.offset, 105);
        let opts = opts.max_value_len(5);
        let mut m = Meter::new(&opts);
        assert_eq!(m.property(b"AB", b"[aa:cc]", 0), Ok(()));
        let hit = m.property(b"AW", b"[aa][aa:bb][ee:ff]", 10).unwrap_err();
        assert_eq!(
            (hit.offset, hit.what.contains("max_file_points")),
            (15, true)
        );
        let mut m = Meter::new(&opts);
        let hit = m.property(b"AE", b"[aa:ab][aa:cc]", 0).unwrap_err();
        assert_eq!((hit.offset, hit.what.contains("max_points")), (8, true));
    }
}
