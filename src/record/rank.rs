//! A player's rank (`BR`, `WR`) read into a kind and a level, in the
//! spellings servers and editors write: `5k`, `3d`, `9p`, `1 kyu`, `2 dan`,
//! `9 Dan Professional`, `3段`, `初段`, `P9段` (Fox's professionals), `5급`,
//! `1级`, `7단P`, GoGoD's `5a` and `5d ama`, with `?` or `*` for a rank the server
//! is not sure of; a title in place of a rank (`Meijin`) is named as such.
//!
//! ```
//! use sgfkit::record::{Rank, RankKind};
//! let r = Rank::read("P9段").unwrap();
//! assert_eq!((r.kind, r.level, r.uncertain), (RankKind::Pro, 9, false));
//! let r = Rank::read("11k*").unwrap();
//! assert_eq!((r.kind, r.level, r.uncertain), (RankKind::Kyu, 11, true));
//! assert_eq!(Rank::read("初段").unwrap().to_string(), "1d");
//! assert!(Rank::read("2042").is_err()); // a rating, not a rank
//! ```

use std::fmt;

/// What a rank counts: kyu (down to 1), amateur dan or professional dan
/// (up from 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RankKind {
    /// Kyu (`5k`, `5 kyu`, `5級`, `5级`, `5급`).
    Kyu,
    /// Amateur dan (`3d`, `3 dan`, `3段`, `3단`).
    Dan,
    /// Professional dan (`9p`, `P9段`, `9 Dan Professional`, `9단P`).
    Pro,
}

impl RankKind {
    /// The name the export's tables use: `"kyu"`, `"dan"` or `"pro"`.
    ///
    /// ```
    /// assert_eq!(sgfkit::record::RankKind::Pro.name(), "pro");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            RankKind::Kyu => "kyu",
            RankKind::Dan => "dan",
            RankKind::Pro => "pro",
        }
    }
}

/// A rank read from its text: the kind, the level (1 and up), whether the
/// text marks it uncertain (`?`, `*`), and the text as written.
///
/// ```
/// use sgfkit::record::{Rank, RankKind};
/// let r = Rank::read(" 5 kyu? ").unwrap();
/// assert_eq!((r.kind, r.level, r.uncertain, r.text.as_str()), (RankKind::Kyu, 5, true, "5 kyu?"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Rank {
    /// Kyu, amateur dan or professional dan.
    pub kind: RankKind,
    /// The number of kyu or dan, 1 and up.
    pub level: u8,
    /// The text marks the rank as not established (`5k?`, `11k*`).
    pub uncertain: bool,
    /// The text as written (trimmed).
    pub text: String,
}

/// Why a rank text gives no rank.
///
/// ```
/// use sgfkit::record::{Rank, RankError};
/// assert_eq!(Rank::read(""), Err(RankError::Empty));
/// assert_eq!(Rank::read("1500*").unwrap_err().to_string(), "`1500*` is a rating, not a rank");
/// assert_eq!(Rank::read("Meijin"), Err(RankError::Title("Meijin".into())));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum RankError {
    /// Empty, or only white space.
    #[error("no rank given")]
    Empty,
    /// A text that says the player has no rank: `NR`, `UR`, `-`, `?`,
    /// `insei`, `amateur` (an amateur of no given rank).
    #[error("`{0}` says the player has no rank")]
    Unranked(String),
    /// A rating (a number with no unit, as IGS and some clients write), not
    /// a rank.
    #[error("`{0}` is a rating, not a rank")]
    Rating(String),
    /// A professional title (`Meijin`, `Honinbo`, `Tianyuan`…) written in
    /// place of a rank: title holders are professionals, most but not all
    /// 9p, so no level is guessed (KataGo's training-data reader takes
    /// them as 9p).
    #[error("`{0}` names a title, not a rank")]
    Title(String),
    /// A form this crate does not read.
    #[error("`{0}` is not a rank sgfkit reads (such as 5k, 3d, 9p, 3段 or 5급)")]
    Unknown(String),
}

impl Rank {
    /// Reads a rank text (trimmed). Kyu levels run from 1 to 50, dan levels
    /// from 1 to 9 (10 for a professional: some lists write `10p` for
    /// honorary ranks); a decimal level (OGS's `12.2k`) is read as its whole
    /// part.
    ///
    /// ```
    /// use sgfkit::record::{Rank, RankError, RankKind};
    /// let read = |t: &str| Rank::read(t).map(|r| (r.kind, r.level));
    /// assert_eq!(read("9 Dan Professional"), Ok((RankKind::Pro, 9)));
    /// assert_eq!(read("5급"), Ok((RankKind::Kyu, 5)));
    /// assert_eq!(read("12.2k"), Ok((RankKind::Kyu, 12)));
    /// assert_eq!(Rank::read("NR"), Err(RankError::Unranked("NR".into())));
    /// ```
    ///
    /// # Errors
    /// A [`RankError`] saying why the text gives no rank.
    pub fn read(text: &str) -> Result<Rank, RankError> {
        let t = text.trim();
        if t.is_empty() {
            return Err(RankError::Empty);
        }
        let lower = t.to_lowercase();
        if matches!(
            lower.as_str(),
            "nr" | "ur"
                | "-"
                | "?"
                | "??"
                | "unranked"
                | "insei"
                | "none"
                | "ama"
                | "ama."
                | "amateur"
        ) {
            return Err(RankError::Unranked(t.to_string()));
        }
        if is_title(&lower) {
            return Err(RankError::Title(t.to_string()));
        }
        // Uncertainty marks at the end.
        let body = lower.trim_end_matches(['?', '*', '+']);
        let uncertain = body.len() < lower.len() && lower[body.len()..].contains(['?', '*']);
        let body = body.trim_end();
        let Some((level, kind)) = parse(body) else {
            let digits = body.trim_start_matches(|c: char| c.is_ascii_digit());
            if digits.is_empty() && !body.is_empty() {
                return Err(RankError::Rating(t.to_string()));
            }
            return Err(RankError::Unknown(t.to_string()));
        };
        let highest = match kind {
            RankKind::Kyu => 50,
            RankKind::Dan => 9,
            RankKind::Pro => 10,
        };
        if level == 0 || level > highest {
            return Err(RankError::Unknown(t.to_string()));
        }
        Ok(Rank {
            kind,
            level,
            uncertain,
            text: t.to_string(),
        })
    }
}

impl fmt::Display for Rank {
    /// The short form: `5k`, `3d`, `9p`, with `?` when uncertain.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let unit = match self.kind {
            RankKind::Kyu => 'k',
            RankKind::Dan => 'd',
            RankKind::Pro => 'p',
        };
        write!(f, "{}{unit}", self.level)?;
        if self.uncertain {
            f.write_str("?")?;
        }
        Ok(())
    }
}

/// The level and kind of a lower-cased rank text without its marks.
fn parse(body: &str) -> Option<(u8, RankKind)> {
    // Fox's professionals: `p9段`.
    if let Some(rest) = body.strip_prefix('p')
        && let Some((n, RankKind::Dan)) = parse(rest)
    {
        return Some((n, RankKind::Pro));
    }
    let (n, unit) = number(body)?;
    let unit = unit.trim();
    let kind = match unit {
        "k" | "kyu" | "級" | "级" | "급" | "k ama" => RankKind::Kyu,
        // GoGoD writes amateur dan as `5a` or `5d ama`.
        "d" | "dan" | "段" | "단" | "dan amateur" | "d amateur" | "d ama" | "a" => RankKind::Dan,
        "p" | "pro" | "dan pro" | "dan professional" | "d pro" | "段p" | "단p" | "단 프로"
        | "p段" => RankKind::Pro,
        _ => return None,
    };
    Some((n, kind))
}

/// Whether a lower-cased rank text is a professional title (the titles
/// KataGo's training-data reader knows, with its `holder` and `challenger`,
/// and the other big ones of Japan and China in their own script).
fn is_title(lower: &str) -> bool {
    matches!(
        lower,
        "meijin"
            | "honinbo"
            | "kisei"
            | "judan"
            | "oza"
            | "tengen"
            | "gosei"
            | "tianyuan"
            | "mingren"
            | "guoshou"
            | "holder"
            | "challenger"
            | "名人"
            | "本因坊"
            | "棋聖"
            | "棋圣"
            | "十段"
            | "王座"
            | "天元"
            | "碁聖"
            | "国手"
            | "國手"
    )
}

/// The number a rank text starts with and the rest: ASCII digits (a decimal
/// part dropped), `初` (1), or a Chinese numeral one to nine.
fn number(body: &str) -> Option<(u8, &str)> {
    if let Some(rest) = body.strip_prefix('初') {
        return Some((1, rest));
    }
    const NUMERALS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];
    if let Some(c) = body.chars().next()
        && let Some(k) = NUMERALS.iter().position(|n| *n == c)
    {
        return Some((k as u8 + 1, &body[c.len_utf8()..]));
    }
    let end = body
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(body.len());
    if end == 0 || end > 3 {
        return None;
    }
    let n: u8 = body[..end].parse().ok()?;
    let mut rest = &body[end..];
    // A decimal part (`12.2k`): the whole part is the level.
    if let Some(frac) = rest.strip_prefix('.') {
        let digits = frac
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(frac.len());
        if digits == 0 {
            return None;
        }
        rest = &frac[digits..];
    }
    Some((n, rest))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_spellings_of_servers_and_editors() {
        let cases: [(&str, RankKind, u8, bool); 25] = [
            ("5k", RankKind::Kyu, 5, false),
            ("30k", RankKind::Kyu, 30, false),
            ("17k ", RankKind::Kyu, 17, false),
            ("11k*", RankKind::Kyu, 11, true),
            ("5d?", RankKind::Dan, 5, true),
            ("11k+", RankKind::Kyu, 11, false),
            ("9 kyu", RankKind::Kyu, 9, false),
            ("6 Dan", RankKind::Dan, 6, false),
            ("9p", RankKind::Pro, 9, false),
            ("4 Dan Professional", RankKind::Pro, 4, false),
            ("9段", RankKind::Dan, 9, false),
            ("P9段", RankKind::Pro, 9, false),
            ("P1段", RankKind::Pro, 1, false),
            ("初段", RankKind::Dan, 1, false),
            ("三段", RankKind::Dan, 3, false),
            ("16级", RankKind::Kyu, 16, false),
            ("1級", RankKind::Kyu, 1, false),
            ("5급", RankKind::Kyu, 5, false),
            ("3단", RankKind::Dan, 3, false),
            ("7단P", RankKind::Pro, 7, false),
            ("12.2k", RankKind::Kyu, 12, false),
            ("13.0k", RankKind::Kyu, 13, false),
            ("5a", RankKind::Dan, 5, false),
            ("3d ama", RankKind::Dan, 3, false),
            ("2k ama", RankKind::Kyu, 2, false),
        ];
        for (text, kind, level, uncertain) in cases {
            let r = Rank::read(text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(
                (r.kind, r.level, r.uncertain),
                (kind, level, uncertain),
                "{text}"
            );
            assert_eq!(r.text, text.trim());
        }
    }

    #[test]
    fn texts_that_give_no_rank_say_why() {
        assert_eq!(Rank::read(" "), Err(RankError::Empty));
        for t in ["NR", "NR ", "UR", "-", "insei"] {
            assert!(matches!(Rank::read(t), Err(RankError::Unranked(_))), "{t}");
        }
        for t in ["2042", "1500*", "1799?"] {
            assert!(matches!(Rank::read(t), Err(RankError::Rating(_))), "{t}");
        }
        for t in ["Meijin", "Honinbo", "天元", "challenger"] {
            assert!(matches!(Rank::read(t), Err(RankError::Title(_))), "{t}");
        }
        for t in ["ama", "Amateur"] {
            assert!(matches!(Rank::read(t), Err(RankError::Unranked(_))), "{t}");
        }
        for t in [
            "0k",
            "51k",
            "10d",
            "11p",
            "Meijin 9p",
            "5x",
            "k5",
            "1.k",
            "d",
            "a",
        ] {
            assert!(matches!(Rank::read(t), Err(RankError::Unknown(_))), "{t}");
        }
    }

    #[test]
    fn display_is_the_short_form() {
        let shown: Vec<String> = ["5 kyu", "P9段", "1d*"]
            .iter()
            .map(|t| Rank::read(t).unwrap().to_string())
            .collect();
        assert_eq!(shown, ["5k", "9p", "1d?"]);
    }
}
