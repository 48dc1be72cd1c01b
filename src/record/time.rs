//! Time controls: the main time (`TM`) and the overtime (`OT`) read into
//! numbers, in the spellings servers write — `TM[1800]`, `TM[30:00]`,
//! `TM[1 hr]`, `TM[10:00(5x1:00)]`, `OT[5x30 byo-yomi]`,
//! `OT[25/600 Canadian]`, `OT[1 moves / 30 sec]`, `OT[30 fischer]` — and
//! [`seconds`], the one reader of a duration (`TM`, and the clocks `BL`,
//! `WL`, as the repairs write them in FF\[4\]'s form).
//!
//! ```
//! use sgfkit::record::{Overtime, TimeControl};
//! let t = TimeControl::read(Some("1800"), Some("5x30 byo-yomi"));
//! assert_eq!(t.main_s, Some(1800.0));
//! assert_eq!(t.overtime, Some(Overtime::ByoYomi { periods: 5, period_s: 30.0 }));
//! let t = TimeControl::read(Some("10:00(5x1:00)"), None);
//! assert_eq!((t.main_s, t.overtime), (Some(600.0), Some(Overtime::ByoYomi { periods: 5, period_s: 60.0 })));
//! assert!(t.problems.is_empty());
//! ```

use crate::game::go::Color;
use crate::grammar::value::Real;
use crate::tree::Node;

/// What happens when the main time is used up.
///
/// ```
/// use sgfkit::record::Overtime;
/// let o = Overtime::read("5x30 byo-yomi").unwrap();
/// assert_eq!(o, Overtime::ByoYomi { periods: 5, period_s: 30.0 });
/// assert_eq!(o.name(), "byo-yomi");
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
#[non_exhaustive]
pub enum Overtime {
    /// `periods` periods of `period_s` seconds; a move made within a period
    /// keeps it.
    ByoYomi {
        /// How many periods.
        periods: u32,
        /// The length of one period, in seconds.
        period_s: f64,
    },
    /// `stones` moves to be made in each period of `period_s` seconds.
    Canadian {
        /// Moves per period.
        stones: u32,
        /// The length of one period, in seconds.
        period_s: f64,
    },
    /// `increment_s` seconds added to the clock after each move.
    Fischer {
        /// Seconds added per move.
        increment_s: f64,
    },
    /// No overtime: the game is lost when the main time is up.
    Absolute,
}

impl Overtime {
    /// The name the export's tables use: `"byo-yomi"`, `"canadian"`,
    /// `"fischer"` or `"absolute"`.
    ///
    /// ```
    /// use sgfkit::record::Overtime;
    /// assert_eq!(Overtime::Fischer { increment_s: 10.0 }.name(), "fischer");
    /// ```
    pub fn name(&self) -> &'static str {
        match self {
            Overtime::ByoYomi { .. } => "byo-yomi",
            Overtime::Canadian { .. } => "canadian",
            Overtime::Fischer { .. } => "fischer",
            Overtime::Absolute => "absolute",
        }
    }

    /// Reads an overtime text (`OT`): `5x30 byo-yomi`, `25/600 Canadian`,
    /// `1 moves / 30 sec`, `30 fischer`, `absolute`; the periods' lengths as
    /// [`seconds`] reads them (`5x1:00`).
    ///
    /// ```
    /// use sgfkit::record::Overtime;
    /// assert_eq!(Overtime::read("25/600 Canadian"), Ok(Overtime::Canadian { stones: 25, period_s: 600.0 }));
    /// assert_eq!(Overtime::read("1 moves / 30 sec"), Ok(Overtime::Canadian { stones: 1, period_s: 30.0 }));
    /// assert_eq!(Overtime::read("Fischer +10"), Ok(Overtime::Fischer { increment_s: 10.0 }));
    /// assert!(Overtime::read("20, 30, 40 stones").is_err());
    /// ```
    ///
    /// # Errors
    /// A [`TimeError`] naming the text when it is none of these forms.
    pub fn read(text: &str) -> Result<Overtime, TimeError> {
        let unread = || TimeError::Overtime(text.trim().to_string());
        let t = text.trim().to_lowercase();
        if matches!(
            t.as_str(),
            "absolute" | "sudden death" | "none" | "no overtime"
        ) {
            return Ok(Overtime::Absolute);
        }
        // The kind after the numbers (`5x30 byo-yomi`) or before them
        // (`Fischer +10`, `byo-yomi 5x30`).
        let words = [
            ("byo-yomi", "byo-yomi"),
            ("byoyomi", "byo-yomi"),
            ("canadian", "canadian"),
            ("fischer", "fischer"),
        ];
        let (body, kind) = words
            .iter()
            .find_map(|&(word, kind)| {
                t.strip_suffix(word)
                    .or_else(|| t.strip_prefix(word))
                    .map(|b| (b, kind))
            })
            .unwrap_or((t.as_str(), ""));
        let body = body.trim();
        match kind {
            "fischer" => {
                let increment_s = seconds(body.trim_start_matches('+')).ok_or_else(unread)?;
                Ok(Overtime::Fischer { increment_s })
            }
            "byo-yomi" => {
                let (n, len) = body.split_once('x').ok_or_else(unread)?;
                Ok(Overtime::ByoYomi {
                    periods: count(n).ok_or_else(unread)?,
                    period_s: seconds(len).ok_or_else(unread)?,
                })
            }
            "canadian" => {
                let (n, len) = body.split_once('/').ok_or_else(unread)?;
                Ok(Overtime::Canadian {
                    stones: count(n).ok_or_else(unread)?,
                    period_s: seconds(len).ok_or_else(unread)?,
                })
            }
            // IGS: `1 moves / 30 sec`.
            _ => {
                let (n, len) = body.split_once('/').ok_or_else(unread)?;
                let n = n.trim();
                let n = n
                    .strip_suffix("moves")
                    .or_else(|| n.strip_suffix("move"))
                    .or_else(|| n.strip_suffix("stones"))
                    .ok_or_else(unread)?;
                Ok(Overtime::Canadian {
                    stones: count(n).ok_or_else(unread)?,
                    period_s: seconds(len).ok_or_else(unread)?,
                })
            }
        }
    }
}

/// A game's time control: the main time and the overtime, each `None`
/// when not given or not read (then [`TimeControl::problems`] says why).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct TimeControl {
    /// The main time of each player, in seconds.
    pub main_s: Option<f64>,
    /// The overtime, from `OT`, or written inside `TM` (`10:00(5x1:00)`,
    /// `30:00+30:00/25`).
    pub overtime: Option<Overtime>,
    /// What was given and could not be read.
    pub problems: Vec<TimeError>,
}

impl TimeControl {
    /// Reads the texts of `TM` and `OT` (either may be missing; an empty
    /// value or `-` gives no time).
    ///
    /// ```
    /// use sgfkit::record::{Overtime, TimeControl};
    /// let t = TimeControl::read(Some("30:00+30:00/25"), None);
    /// assert_eq!(t.main_s, Some(1800.0));
    /// assert_eq!(t.overtime, Some(Overtime::Canadian { stones: 25, period_s: 1800.0 }));
    /// let t = TimeControl::read(Some("soon"), Some("5x30 byo-yomi"));
    /// assert_eq!((t.main_s, t.problems.len()), (None, 1));
    /// ```
    pub fn read(tm: Option<&str>, ot: Option<&str>) -> TimeControl {
        let mut out = TimeControl::default();
        // `TM[-]` says there is no time limit, as an empty value does.
        let given = |t: &&str| !matches!(t.trim(), "" | "-");
        if let Some(tm) = tm.filter(given) {
            match main_time(tm) {
                Some((main, over)) => {
                    out.main_s = Some(main);
                    out.overtime = over;
                }
                None => out
                    .problems
                    .push(TimeError::MainTime(tm.trim().to_string())),
            }
        }
        if let Some(ot) = ot.filter(given) {
            match Overtime::read(ot) {
                Ok(over) => out.overtime = Some(over),
                Err(e) => out.problems.push(e),
            }
        }
        out
    }
}

/// What a player's clock shows after a move: the time left (`BL`, `WL`)
/// and the overtime periods or moves left (`OB`, `OW`), each `None` when
/// not given or not read.
///
/// ```
/// use sgfkit::game::go::Color;
/// use sgfkit::record::Clock;
/// let c = sgfkit::parse(b"(;TM[600];B[pd]BL[581.2];W[dd]WL[25]OW[3])")?;
/// let b = c.games().next().unwrap().first_child().unwrap();
/// assert_eq!(Clock::after(b, Color::Black), Clock { time_left_s: Some(581.2), periods_left: None });
/// let w = b.first_child().unwrap();
/// assert_eq!(Clock::after(w, Color::White), Clock { time_left_s: Some(25.0), periods_left: Some(3) });
/// // A clock that ran over, and one written as minutes and seconds:
/// let c = sgfkit::parse(b"(;TM[600];B[pd]BL[-3.5];W[dd]WL[4:30])")?;
/// let b = c.games().next().unwrap().first_child().unwrap();
/// assert_eq!(Clock::after(b, Color::Black).time_left_s, Some(-3.5));
/// assert_eq!(Clock::after(b.first_child().unwrap(), Color::White).time_left_s, Some(270.0));
/// # Ok::<(), sgfkit::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Clock {
    /// Seconds left: the value as a Real (FF\[4\]'s type; below zero when
    /// the player ran over the time), or a duration as [`seconds`] reads
    /// it (`4:30`).
    pub time_left_s: Option<f64>,
    /// Overtime periods (byo-yomi) or moves (Canadian) left.
    pub periods_left: Option<u32>,
}

impl Clock {
    /// The clock of `color` as `node` gives it.
    pub fn after(node: Node<'_, '_>, color: Color) -> Clock {
        let (left, periods) = match color {
            Color::Black => ("BL", "OB"),
            Color::White => ("WL", "OW"),
        };
        let text = |ident: &str| {
            node.get(ident)
                .and_then(|p| std::str::from_utf8(p.value()).ok())
        };
        Clock {
            // A Real, as FF[4] writes it (below zero when the clock ran
            // over), else a duration written another way (`4:30`).
            time_left_s: text(left).and_then(|t| {
                real(t.trim())
                    .filter(|v| v.is_finite())
                    .or_else(|| seconds(t))
            }),
            periods_left: text(periods).and_then(count),
        }
    }
}

/// A time value that could not be read.
///
/// ```
/// use sgfkit::record::{TimeControl, TimeError};
/// let t = TimeControl::read(Some("soon"), None);
/// assert_eq!(t.problems, [TimeError::MainTime("soon".into())]);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum TimeError {
    /// `TM` is not a duration (with an overtime beside it or not).
    #[error("TM[{0}] is not a time sgfkit reads (such as 1800, 30:00, 1 hr or 10:00(5x1:00))")]
    MainTime(String),
    /// `OT` is none of the overtime forms read.
    #[error(
        "OT[{0}] is not an overtime sgfkit reads (such as 5x30 byo-yomi, 25/600 Canadian or 30 fischer)"
    )]
    Overtime(String),
}

/// `TM`'s text: a duration, maybe with an overtime written beside it in
/// parentheses (`10:00(5x1:00)`) or after `+` (`30:00+30:00/25`: 25 moves
/// in 30 minutes).
fn main_time(text: &str) -> Option<(f64, Option<Overtime>)> {
    let t = text.trim();
    if let Some(s) = seconds(t) {
        return Some((s, None));
    }
    if let Some((main, rest)) = t.split_once('(')
        && let Some(over) = rest.trim_end().strip_suffix(')')
    {
        let (n, len) = over.split_once('x')?;
        let over = Overtime::ByoYomi {
            periods: count(n)?,
            period_s: seconds(len)?,
        };
        return Some((seconds(main)?, Some(over)));
    }
    if let Some((main, rest)) = t.split_once('+') {
        let (len, n) = rest.split_once('/')?;
        let over = Overtime::Canadian {
            stones: count(n)?,
            period_s: seconds(len)?,
        };
        return Some((seconds(main)?, Some(over)));
    }
    None
}

/// A count of periods or moves: digits, white space around allowed.
fn count(text: &str) -> Option<u32> {
    let t = text.trim();
    (!t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()))
        .then(|| t.parse().ok())
        .flatten()
}

/// A duration in seconds, as `TM`, `BL`, `WL` and overtime periods are
/// written: a number of seconds (`1800`, `300.0`, a decimal comma `6,5`), a
/// clock (`30:00`, `1:00:00`), or a number with a unit (`30m`, `30 min`,
/// `1 hr`, `2 hours`, `45s`, `1時間`, `30分`, `5분`, `10초`). `None` for
/// anything else, a negative duration included.
///
/// ```
/// use sgfkit::record::seconds;
/// assert_eq!(seconds("1800"), Some(1800.0));
/// assert_eq!(seconds("1:00:00"), Some(3600.0));
/// assert_eq!(seconds("1.5 hours"), Some(5400.0));
/// assert_eq!(seconds("1時間"), Some(3600.0));
/// assert_eq!(seconds("-"), None);
/// ```
pub fn seconds(text: &str) -> Option<f64> {
    let t = text.trim().to_lowercase();
    if let Some(v) = real(&decimal_comma(&t)) {
        return (v >= 0.0).then_some(v);
    }
    if let Some(s) = clock(&t) {
        return Some(s as f64);
    }
    let split = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.' || c == ','))
        .unwrap_or(t.len());
    let (num, unit) = t.split_at(split);
    let factor = match unit.trim() {
        "s" | "sec" | "secs" | "second" | "seconds" | "秒" | "초" => 1.0,
        "m" | "min" | "mins" | "minute" | "minutes" | "分" | "分钟" | "분" => 60.0,
        "h" | "hr" | "hrs" | "hour" | "hours" | "時間" | "小时" | "小時" | "시간" => 3600.0,
        _ => return None,
    };
    let v = real(&decimal_comma(num))?;
    (v.is_finite() && (0.0..1e9).contains(&v)).then(|| (v * factor * 1000.0).round() / 1000.0)
}

/// A `Real` as the grammar reads it.
fn real(t: &str) -> Option<f64> {
    t.parse::<Real>().ok().map(|r| r.value())
}

/// `6,5` → `6.5`: one comma followed by one or two digits is a decimal
/// comma (three digits could be a thousands separator: left alone).
pub(crate) fn decimal_comma(s: &str) -> String {
    match s.split_once(',') {
        Some((a, b)) if (1..=2).contains(&b.len()) && b.bytes().all(|c| c.is_ascii_digit()) => {
            format!("{a}.{b}")
        }
        _ => s.to_string(),
    }
}

/// `MM:SS` or `H:MM:SS` as seconds.
fn clock(t: &str) -> Option<u64> {
    let digits = |p: &str| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit());
    let sixty = |p: &str| {
        p.parse::<u64>()
            .ok()
            .filter(|&n| digits(p) && p.len() <= 2 && n < 60)
    };
    let parts: Vec<&str> = t.split(':').collect();
    match parts.as_slice() {
        [m, s] if m.len() <= 3 && digits(m) => Some(m.parse::<u64>().ok()? * 60 + sixty(s)?),
        [h, m, s] if h.len() <= 3 && digits(h) => {
            Some(h.parse::<u64>().ok()? * 3600 + sixty(m)? * 60 + sixty(s)?)
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations() {
        let cases: [(&str, Option<f64>); 14] = [
            ("60", Some(60.0)),
            (" 300.0 ", Some(300.0)),
            ("6,5", Some(6.5)),
            ("30:00", Some(1800.0)),
            ("5:00:00", Some(18000.0)),
            ("30m", Some(1800.0)),
            ("30 min", Some(1800.0)),
            ("1 hr", Some(3600.0)),
            ("10초", Some(10.0)),
            ("30分", Some(1800.0)),
            ("-5", None),
            ("-", None),
            ("1:75", None),
            ("soon", None),
        ];
        for (text, want) in cases {
            assert_eq!(seconds(text), want, "{text:?}");
        }
    }

    #[test]
    fn time_controls_of_the_corpus_forms() {
        let t = TimeControl::read(Some("5:00:00(5x1:00)"), None);
        assert_eq!(t.main_s, Some(18000.0));
        assert_eq!(
            t.overtime,
            Some(Overtime::ByoYomi {
                periods: 5,
                period_s: 60.0
            })
        );
        let t = TimeControl::read(Some("600"), Some("86400 fischer"));
        assert_eq!(
            t.overtime,
            Some(Overtime::Fischer {
                increment_s: 86400.0
            })
        );
        // OT wins over an overtime written in TM.
        let t = TimeControl::read(Some("10:00(5x1:00)"), Some("25/600 Canadian"));
        assert_eq!(t.overtime.map(|o| o.name()), Some("canadian"));
        // Empty values are not given; unread ones are said.
        let t = TimeControl::read(Some(" "), Some("A very long overtime text"));
        assert_eq!(t.main_s, None);
        assert_eq!(
            t.problems,
            [TimeError::Overtime("A very long overtime text".into())]
        );
        assert!(
            TimeControl::read(Some("1 hr/125 moves"), None)
                .main_s
                .is_none()
        );
    }
}
