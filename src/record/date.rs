//! The date of a game (`DT`) read into the list of dates it names: the one
//! reader of `DT` in the crate.
//!
//! FF\[4\] writes `YYYY-MM-DD`, may leave out the day or the month
//! (`1996-05`, `1996`), and joins dates with `,`, where a date after the
//! first may leave out what it shares with the date before:
//! `1996-05-06,07,08` (three days), `1996-05,06` (two months),
//! `1996-05-06,06-01` (May 6th and June 1st). A single two-digit item is a
//! month after a month (`YYYY-MM` or `MM`) and a day after a day, as SGFC
//! reads it.
//!
//! ```
//! use sgfkit::record::Date;
//! let dates = Date::read_list("1996-05-06,07,06-01")?;
//! let shown: Vec<String> = dates.iter().map(Date::to_string).collect();
//! assert_eq!(shown, ["1996-05-06", "1996-05-07", "1996-06-01"]);
//! # Ok::<(), sgfkit::record::DateError>(())
//! ```

use std::fmt;

/// A date as FF\[4\] writes it: a year, and maybe a month, and maybe a day
/// of that month (never a day without its month).
///
/// ```
/// use sgfkit::record::Date;
/// let d = Date::new(2024, Some(2), Some(29)).unwrap();
/// assert_eq!((d.year(), d.month(), d.day()), (2024, Some(2), Some(29)));
/// assert_eq!(d.full(), Some((2024, 2, 29)));
/// assert_eq!(d.to_string(), "2024-02-29");
/// assert_eq!(Date::new(2023, Some(2), Some(29)), None); // no such day
/// assert_eq!(Date::new(1996, Some(5), None).unwrap().to_string(), "1996-05");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Date {
    year: u16,
    month: Option<u8>,
    day: Option<u8>,
}

/// Why a `DT` text is not a list of FF\[4\] dates.
///
/// ```
/// use sgfkit::record::{Date, DateError};
/// assert_eq!(Date::read_list(""), Err(DateError::Empty));
/// assert_eq!(Date::read_list("2019-02-30"), Err(DateError::NoSuchDate("2019-02-30".into())));
/// assert_eq!(
///     Date::read_list("01,2024").unwrap_err().to_string(),
///     "`01` leaves out the year with no date before it to take it from"
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum DateError {
    /// No text.
    #[error("no date given")]
    Empty,
    /// An item that is not `YYYY`, `YYYY-MM`, `YYYY-MM-DD`, `MM-DD`, `MM`
    /// or `DD` in digits (`2024/05/01`, `May 1`, `24-05-01`, an empty item).
    #[error("`{0}` is not YYYY-MM-DD, YYYY-MM or YYYY (or MM-DD, MM, DD after a date)")]
    Form(String),
    /// A shortened item (`MM-DD`, `MM`, `DD`) with no date before it that
    /// gives the parts it leaves out: first in the list, `MM-DD` or `DD`
    /// after a year alone.
    #[error("`{0}` leaves out the year with no date before it to take it from")]
    Shortcut(String),
    /// A month that is not 1 to 12, or a day its month does not have
    /// (`2024-13`, `2019-02-30`); the item completed from the date before.
    #[error("`{0}` is no date of the calendar")]
    NoSuchDate(String),
}

/// What the item before gave, which says how a shortened item reads.
#[derive(Clone, Copy, PartialEq)]
enum Last {
    /// A year alone: the next item must give its year.
    Year,
    /// Ended with a month (`YYYY-MM`, `MM`): a lone `NN` is a month.
    Month,
    /// Ended with a day (`YYYY-MM-DD`, `MM-DD`, `DD`): a lone `NN` is a day.
    Day,
}

impl Date {
    /// The date of `year`, `month` and `day`, when the calendar has it:
    /// year 1 to 9999, month 1 to 12, a day its month has (leap years by
    /// the Gregorian rule); a day needs its month.
    ///
    /// ```
    /// use sgfkit::record::Date;
    /// assert!(Date::new(2000, Some(2), Some(29)).is_some());
    /// assert!(Date::new(1900, Some(2), Some(29)).is_none());
    /// assert!(Date::new(2024, None, Some(1)).is_none());
    /// assert!(Date::new(0, None, None).is_none());
    /// ```
    pub fn new(year: u16, month: Option<u8>, day: Option<u8>) -> Option<Date> {
        let month_ok = month.is_none_or(|m| (1..=12).contains(&m));
        let day_ok = match (month, day) {
            (_, None) => true,
            (Some(m), Some(d)) => (1..=days_in_month(year, m)).contains(&d),
            (None, Some(_)) => false,
        };
        ((1..=9999).contains(&year) && month_ok && day_ok).then_some(Date { year, month, day })
    }

    /// The year.
    ///
    /// ```
    /// assert_eq!(sgfkit::record::Date::new(1996, None, None).unwrap().year(), 1996);
    /// ```
    pub fn year(&self) -> u16 {
        self.year
    }

    /// The month (1 to 12), when given.
    ///
    /// ```
    /// assert_eq!(sgfkit::record::Date::new(1996, Some(5), None).unwrap().month(), Some(5));
    /// ```
    pub fn month(&self) -> Option<u8> {
        self.month
    }

    /// The day of the month, when given.
    ///
    /// ```
    /// assert_eq!(sgfkit::record::Date::new(1996, Some(5), Some(6)).unwrap().day(), Some(6));
    /// ```
    pub fn day(&self) -> Option<u8> {
        self.day
    }

    /// Year, month and day, when the date gives all three.
    ///
    /// ```
    /// use sgfkit::record::Date;
    /// assert_eq!(Date::new(1996, Some(5), Some(6)).unwrap().full(), Some((1996, 5, 6)));
    /// assert_eq!(Date::new(1996, Some(5), None).unwrap().full(), None);
    /// ```
    pub fn full(&self) -> Option<(u16, u8, u8)> {
        Some((self.year, self.month?, self.day?))
    }

    /// Reads a `DT` text into the dates it names, each shortened item
    /// completed from the one before it, as FF\[4\] and SGFC read it. The
    /// text is read as given: white space around it is an error (callers
    /// trim what they have decoded).
    ///
    /// ```
    /// use sgfkit::record::Date;
    /// let full = |t| Date::read_list(t).map(|l| l.iter().map(Date::to_string).collect::<Vec<_>>());
    /// assert_eq!(full("1996-05-06,07,08").unwrap(), ["1996-05-06", "1996-05-07", "1996-05-08"]);
    /// assert_eq!(full("1996-05,06").unwrap(), ["1996-05", "1996-06"]);
    /// assert_eq!(full("1996-05,06-01").unwrap(), ["1996-05", "1996-06-01"]);
    /// assert_eq!(full("1996,1997").unwrap(), ["1996", "1997"]);
    /// assert!(full("1996,05").is_err()); // after a year alone, a year
    /// assert!(full("2024/05/01").is_err());
    /// ```
    ///
    /// # Errors
    /// A [`DateError`] naming the first item that is not an FF\[4\] date.
    pub fn read_list(text: &str) -> Result<Vec<Date>, DateError> {
        if text.is_empty() {
            return Err(DateError::Empty);
        }
        let mut dates: Vec<Date> = Vec::new();
        let mut last = Last::Year;
        for item in text.split(',') {
            let form = || DateError::Form(item.to_string());
            let mut parts = item.split('-');
            let (a, b, c) = (parts.next(), parts.next(), parts.next());
            if parts.next().is_some() {
                return Err(form());
            }
            let num = |p: &str, len: usize| {
                (p.len() == len && p.bytes().all(|b| b.is_ascii_digit()))
                    .then(|| p.parse::<u16>().ok())
                    .flatten()
                    .ok_or_else(form)
            };
            let two = |p: &str| num(p, 2).map(|n| n as u8);
            // A shortened item takes its year (and month) from the date
            // before, which must not be a year alone.
            let before = || {
                dates
                    .last()
                    .copied()
                    .filter(|_| last != Last::Year)
                    .ok_or_else(|| DateError::Shortcut(item.to_string()))
            };
            let (year, month, day, ends) = match (a, b, c) {
                (Some(y), None, None) if y.len() == 4 => (num(y, 4)?, None, None, Last::Year),
                (Some(y), Some(m), None) if y.len() == 4 => {
                    (num(y, 4)?, Some(two(m)?), None, Last::Month)
                }
                (Some(y), Some(m), Some(d)) => {
                    (num(y, 4)?, Some(two(m)?), Some(two(d)?), Last::Day)
                }
                (Some(m), Some(d), None) => {
                    let (m, d) = (two(m)?, two(d)?);
                    (before()?.year, Some(m), Some(d), Last::Day)
                }
                (Some(n), None, None) => {
                    let n = two(n)?;
                    let prev = before()?;
                    if last == Last::Month {
                        (prev.year, Some(n), None, Last::Month)
                    } else {
                        (prev.year, prev.month, Some(n), Last::Day)
                    }
                }
                _ => return Err(form()),
            };
            let date = Date::new(year, month, day).ok_or_else(|| {
                let m = month.map(|m| format!("-{m:02}")).unwrap_or_default();
                let d = day.map(|d| format!("-{d:02}")).unwrap_or_default();
                DateError::NoSuchDate(format!("{year:04}{m}{d}"))
            })?;
            dates.push(date);
            last = ends;
        }
        Ok(dates)
    }

    /// The first full date (year, month and day) of a `DT` text: the first
    /// full date of its list when the text is FF\[4\] (`1996-05,06-01`
    /// gives June 1st); otherwise, for older files that write the date
    /// among other words, the first `YYYY-MM-DD` standing apart from other
    /// digits anywhere in the text, when the calendar has it.
    ///
    /// ```
    /// use sgfkit::record::Date;
    /// let first = |t| Date::first_full(t).and_then(|d| d.full());
    /// assert_eq!(first("1996-05-06,07"), Some((1996, 5, 6)));
    /// assert_eq!(first("1996-05,06-01"), Some((1996, 6, 1)));
    /// assert_eq!(first("played 2017-11-30 19:00"), Some((2017, 11, 30)));
    /// assert_eq!(first("1996-05"), None);
    /// assert_eq!(first("2019-02-30"), None);
    /// ```
    pub fn first_full(text: &str) -> Option<Date> {
        match Date::read_list(text.trim()) {
            Ok(list) => list.into_iter().find(|d| d.day.is_some()),
            Err(_) => first_full_among_words(text),
        }
    }
}

/// The first `YYYY-MM-DD` in `text` with no digit just before or after it
/// that the calendar has.
fn first_full_among_words(text: &str) -> Option<Date> {
    let b = text.as_bytes();
    (0..b.len().saturating_sub(9)).find_map(|i| {
        let starts_clean = i == 0 || !b[i - 1].is_ascii_digit();
        let ends_clean = b.get(i + 10).is_none_or(|c| !c.is_ascii_digit());
        if !(starts_clean && ends_clean) {
            return None;
        }
        let w = std::str::from_utf8(&b[i..i + 10]).ok()?;
        match Date::read_list(w) {
            Ok(list) => list.first().copied().filter(|d| d.day.is_some()),
            Err(_) => None,
        }
    })
}

/// The number of days of month `m` (1 to 12) of year `y`.
fn days_in_month(y: u16, m: u8) -> u8 {
    match m {
        2 if (y.is_multiple_of(4) && !y.is_multiple_of(100)) || y.is_multiple_of(400) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

impl fmt::Display for Date {
    /// The date in FF\[4\]'s form: `YYYY-MM-DD`, `YYYY-MM` or `YYYY`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}", self.year)?;
        if let Some(m) = self.month {
            write!(f, "-{m:02}")?;
        }
        if let Some(d) = self.day {
            write!(f, "-{d:02}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list(t: &str) -> Result<Vec<String>, DateError> {
        Date::read_list(t).map(|l| l.iter().map(Date::to_string).collect())
    }

    #[test]
    fn shortcuts_complete_from_the_item_before() {
        assert_eq!(
            list("2019-02-28,2020-02-29,2021-01-10,11,12,02-03").unwrap(),
            [
                "2019-02-28",
                "2020-02-29",
                "2021-01-10",
                "2021-01-11",
                "2021-01-12",
                "2021-02-03"
            ]
        );
        // After MM-DD a lone item is a day, after MM a month.
        assert_eq!(
            list("1996-05,06-01,02").unwrap(),
            ["1996-05", "1996-06-01", "1996-06-02"]
        );
        assert_eq!(
            list("1996-05,06,07").unwrap(),
            ["1996-05", "1996-06", "1996-07"]
        );
        assert_eq!(list("1996-05,06,07-08").unwrap()[2], "1996-07-08");
        assert_eq!(list("1996,1997-03").unwrap(), ["1996", "1997-03"]);
    }

    #[test]
    fn errors_name_the_item() {
        assert_eq!(list("2024,05"), Err(DateError::Shortcut("05".into())));
        assert_eq!(list("01,2024"), Err(DateError::Shortcut("01".into())));
        assert_eq!(list("2024,05-01"), Err(DateError::Shortcut("05-01".into())));
        assert_eq!(
            list("2024-13"),
            Err(DateError::NoSuchDate("2024-13".into()))
        );
        assert_eq!(
            list("2024-02-28,30"),
            Err(DateError::NoSuchDate("2024-02-30".into()))
        );
        assert_eq!(list("0000"), Err(DateError::NoSuchDate("0000".into())));
        for bad in [
            "24-05-01",
            "2024/05/01",
            "2024-5-1",
            "2024-05-01,",
            " 2024",
            "2024-05-01-02",
            "12024-01-01",
            "二〇一九",
            "2024-05-01 12:00",
        ] {
            assert!(matches!(list(bad), Err(DateError::Form(_))), "{bad}");
        }
    }

    #[test]
    fn first_full_date() {
        let first = |t| Date::first_full(t).and_then(|d| d.full());
        assert_eq!(first("2000-02-29"), Some((2000, 2, 29)));
        assert_eq!(first("1900-02-29"), None);
        assert_eq!(first("12019-01-01"), None);
        assert_eq!(first("2019-01-011"), None);
        assert_eq!(first("x2019-13-01 and 2018-12-31"), Some((2018, 12, 31)));
        assert_eq!(first("2004-10-27 16:01:54"), Some((2004, 10, 27)));
        assert_eq!(first("1996,1997-01-02"), Some((1997, 1, 2)));
        assert_eq!(first("二〇一九"), None);
    }
}
