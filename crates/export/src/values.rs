//! Reading the date (`DT`) of a game into a value a table can sort (the
//! result is read by [`GameResult`](sgfkit::record::GameResult)).

use sgfkit::record::Date;

/// The first full date (`YYYY-MM-DD`) of a date text (`DT`), as (year,
/// month, day): [`Date::first_full`], the core's reading of `DT`. FF\[4\]
/// writes `1996-05-06,07` or `1996-05,06-01`; older files write the date
/// among other words, where the first `YYYY-MM-DD` is taken. A month or day
/// out of range gives none.
///
/// ```
/// use sgfkit_export::first_date;
/// assert_eq!(first_date("1996-05-06,07"), Some((1996, 5, 6)));
/// assert_eq!(first_date("played 2017-11-30 19:00"), Some((2017, 11, 30)));
/// assert_eq!(first_date("1996-05"), None);
/// assert_eq!(first_date("2019-02-30"), None);
/// ```
pub fn first_date(text: &str) -> Option<(i32, u32, u32)> {
    let (y, m, d) = Date::first_full(text)?.full()?;
    Some((i32::from(y), u32::from(m), u32::from(d)))
}

/// Days from 1970-01-01 to a date of the proleptic Gregorian calendar
/// (Arrow's `Date32`).
#[cfg_attr(not(feature = "arrow"), allow(dead_code))]
pub(crate) fn days_since_epoch((y, m, d): (i32, u32, u32)) -> i32 {
    // Count years from March, so that the leap day ends a year.
    let y = i64::from(if m <= 2 { y - 1 } else { y });
    let era = y.div_euclid(400);
    let year_of_era = y - era * 400;
    let m = i64::from(m);
    let day_of_year = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(d) - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    // 719,468 days from 0000-03-01 to 1970-01-01.
    i32::try_from(era * 146_097 + day_of_era - 719_468).unwrap_or(i32::MIN)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        assert_eq!(first_date("2000-02-29"), Some((2000, 2, 29)));
        assert_eq!(first_date("1900-02-29"), None);
        assert_eq!(first_date("12019-01-01"), None);
        assert_eq!(first_date("2019-01-011"), None);
        assert_eq!(
            first_date("x2019-13-01 and 2018-12-31"),
            Some((2018, 12, 31))
        );
        assert_eq!(first_date("二〇一九"), None);
    }

    #[test]
    fn epoch_days() {
        assert_eq!(days_since_epoch((1970, 1, 1)), 0);
        assert_eq!(days_since_epoch((1970, 3, 1)), 59);
        assert_eq!(days_since_epoch((2000, 3, 1)), 11_017);
        assert_eq!(days_since_epoch((1969, 12, 31)), -1);
        assert_eq!(days_since_epoch((2024, 2, 29)), 19_782);
    }
}
