//! [`GameResult`]: a game's result (`RE`) read once, the way every part of
//! the crate reads it (the checker's FF\[4\] form, the tables' winner and
//! margin, [`GoGame::winner`](super::GoGame::winner)).

use crate::grammar::value::Color;

/// How a game ended, as its result says.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ResultKind {
    /// A win on points (`B+3.5`).
    Score,
    /// A win by resignation (`W+R`, `W+Resign`).
    Resign,
    /// A win on time (`B+T`, `B+Time`).
    Time,
    /// A win by forfeit (`W+F`, `W+Forfeit`).
    Forfeit,
    /// A win without a reason (`B+`).
    Win,
    /// A draw (`0`, `Draw`; `Jigo` read generously).
    Draw,
    /// No result (`Void`).
    Void,
    /// Unknown (`?`).
    Unknown,
    /// A winner, and after the `+` a text that is none of the above
    /// (`W+lots`): the winner is read, not how.
    Other,
}

impl ResultKind {
    /// The kind as the tables write it: `score`, `resign`, `time`,
    /// `forfeit`, `win`, `draw`, `void` or `unknown`; `None` for
    /// [`ResultKind::Other`].
    pub fn as_str(self) -> Option<&'static str> {
        Some(match self {
            ResultKind::Score => "score",
            ResultKind::Resign => "resign",
            ResultKind::Time => "time",
            ResultKind::Forfeit => "forfeit",
            ResultKind::Win => "win",
            ResultKind::Draw => "draw",
            ResultKind::Void => "void",
            ResultKind::Unknown => "unknown",
            ResultKind::Other => return None,
        })
    }
}

/// A result (`RE`) read: who won, how, and by how much.
///
/// ```
/// use sgfkit::game::go::Color;
/// use sgfkit::record::{GameResult, ResultKind};
/// let r = GameResult::read("B+12.5").unwrap();
/// assert_eq!((r.winner, r.kind, r.margin), (Some(Color::Black), ResultKind::Score, Some(12.5)));
/// assert!(r.ff4);
/// // Read generously, but not in FF[4]'s own form:
/// let r = GameResult::read(" w+resign ").unwrap();
/// assert_eq!((r.winner, r.kind, r.ff4), (Some(Color::White), ResultKind::Resign, false));
/// assert_eq!(r.ff4_text().as_deref(), Some("W+R"));
/// // The spellings SGFC corrects, in words:
/// let r = GameResult::read("black wins by 5 3/4 points").unwrap();
/// assert_eq!(r.ff4_text().as_deref(), Some("B+5.75"));
/// let r = GameResult::read("White resigns. W 6.5 B 157.0").unwrap();
/// assert_eq!((r.winner, r.kind, r.complete), (Some(Color::Black), ResultKind::Resign, false));
/// assert_eq!(GameResult::read("W+lots").unwrap().winner, Some(Color::White));
/// assert_eq!(GameResult::read("john wins"), None);
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
#[non_exhaustive]
pub struct GameResult {
    /// The winner; `None` for a draw, a void or unknown result.
    pub winner: Option<Color>,
    /// How the game ended.
    pub kind: ResultKind,
    /// The points, for a win on points.
    pub margin: Option<f64>,
    /// The text is exactly in one of FF\[4\]'s forms (`0`, `Draw`, `Void`,
    /// `?`, `B+`/`W+` followed by nothing, a score, `R`, `Resign`, `T`,
    /// `Time`, `F` or `Forfeit`), white space around it aside.
    pub ff4: bool,
    /// The reading accounts for the whole text: [`ff4_text`](Self::ff4_text)
    /// says all the text says (false for `W+lots` or `White resigns. W 6.5
    /// B 157.0`, whose scores FF\[4\]'s result cannot hold).
    pub complete: bool,
}

impl GameResult {
    /// Reads a result: FF\[4\]'s forms in any case, white space around
    /// ignored, `Jigo` for a draw, a decimal comma, and the results in
    /// words that SGFC corrects (`White resigns.`, `black wins by 5 1/2
    /// points`, `W+Time Over`, Dutch `zwart wint`), the results Korean,
    /// Chinese and Japanese servers write (`흑7집반승`, `백불계승`,
    /// `黑中盘胜`, `白3目半胜`, `黒中押し勝ち`); `B+` or `W+` before
    /// any other text gives the winner ([`ResultKind::Other`]); `None` for
    /// any other text.
    pub fn read(text: &str) -> Option<GameResult> {
        let t = text.trim();
        let plain = |kind, ff4| GameResult {
            winner: None,
            kind,
            margin: None,
            ff4,
            complete: true,
        };
        match t {
            "0" | "Draw" => return Some(plain(ResultKind::Draw, true)),
            "Void" => return Some(plain(ResultKind::Void, true)),
            "?" => return Some(plain(ResultKind::Unknown, true)),
            _ => {}
        }
        let lower = t.to_ascii_lowercase();
        match lower.trim_end_matches('.') {
            "draw" | "jigo" => return Some(plain(ResultKind::Draw, false)),
            "void" => return Some(plain(ResultKind::Void, false)),
            _ => {}
        }
        let (winner, rest) = match t.as_bytes() {
            [b'B' | b'b', b'+', ..] => (Color::Black, &t[2..]),
            [b'W' | b'w', b'+', ..] => (Color::White, &t[2..]),
            _ => return in_words(&lower).or_else(|| in_cjk(t)),
        };
        let upper_sign = t.as_bytes()[0].is_ascii_uppercase();
        let (kind, margin, exact) = match rest {
            "" => (ResultKind::Win, None, true),
            "R" | "Resign" => (ResultKind::Resign, None, true),
            "T" | "Time" => (ResultKind::Time, None, true),
            "F" | "Forfeit" => (ResultKind::Forfeit, None, true),
            _ => {
                let reason = rest.trim().to_ascii_lowercase();
                let reason = reason.trim_end_matches('.');
                match reason_word(reason) {
                    Some(kind) => (kind, None, false),
                    None => match score(reason) {
                        Some(margin) => {
                            let exact = is_score(rest) && rest.parse::<f64>().is_ok();
                            (ResultKind::Score, Some(margin), exact)
                        }
                        None => (ResultKind::Other, None, false),
                    },
                }
            }
        };
        Some(GameResult {
            winner: Some(winner),
            kind,
            margin,
            ff4: exact && upper_sign,
            complete: kind != ResultKind::Other,
        })
    }

    /// True for a win on points by nothing (`B+0`, `W+0.0`): a result that
    /// contradicts itself (a game won by no point is a draw).
    pub fn is_win_by_nothing(&self) -> bool {
        self.kind == ResultKind::Score && self.margin == Some(0.0)
    }

    /// The result in FF\[4\]'s form (`B+R`, `W+5.75`, `Draw`, `Void`,
    /// `?`); `None` for [`ResultKind::Other`], whose reason FF\[4\] has
    /// no form for. A result that is not [`complete`](Self::complete)
    /// loses what the reading left out.
    ///
    /// ```
    /// use sgfkit::record::GameResult;
    /// let ff4 = |s| GameResult::read(s).and_then(|r| r.ff4_text());
    /// assert_eq!(ff4("jigo").as_deref(), Some("Draw"));
    /// assert_eq!(ff4("b+3,5").as_deref(), Some("B+3.5"));
    /// assert_eq!(ff4("W+Time Over").as_deref(), Some("W+T"));
    /// assert_eq!(ff4("B+Illegal"), None);
    /// ```
    pub fn ff4_text(&self) -> Option<String> {
        let side = match self.winner {
            Some(c) => c.letter(),
            None => {
                return Some(
                    match self.kind {
                        ResultKind::Void => "Void",
                        ResultKind::Unknown => "?",
                        _ => "Draw",
                    }
                    .to_string(),
                );
            }
        };
        let reason = match (self.kind, self.margin) {
            (ResultKind::Score, Some(m)) => m.to_string(),
            (ResultKind::Resign, _) => "R".to_string(),
            (ResultKind::Time, _) => "T".to_string(),
            (ResultKind::Forfeit, _) => "F".to_string(),
            (ResultKind::Win, _) => String::new(),
            _ => return None,
        };
        Some(format!("{side}+{reason}"))
    }
}

/// How a game was won, in a word after `B+`/`W+` (lower case).
fn reason_word(reason: &str) -> Option<ResultKind> {
    Some(match reason {
        "r" | "res" | "resign" | "resigns" | "resigned" | "resignation" => ResultKind::Resign,
        "t" | "time" | "time over" | "timeout" | "time out" | "on time" => ResultKind::Time,
        "f" | "forfeit" => ResultKind::Forfeit,
        _ => return None,
    })
}

/// Digits with at most one `.` and at least one digit.
fn is_score(s: &str) -> bool {
    s.bytes().filter(|&b| b == b'.').count() <= 1
        && s.bytes().all(|b| b.is_ascii_digit() || b == b'.')
        && s.bytes().any(|b| b.is_ascii_digit())
}

/// A score: digits with one `.`, or one `,` before one or two digits
/// (a decimal comma; three could be a thousands separator).
fn score(s: &str) -> Option<f64> {
    let dotted;
    let s = match s.split_once(',') {
        Some((a, b)) if (1..=2).contains(&b.len()) && !b.contains(',') => {
            dotted = format!("{a}.{b}");
            dotted.as_str()
        }
        _ => s,
    };
    if !is_score(s) {
        return None;
    }
    s.parse().ok()
}

/// A result in words, lower case (`white resigns.`, `black wins by 5 1/2
/// points`, `zwart wint`): a colour, then what it did.
fn in_words(lower: &str) -> Option<GameResult> {
    let mut words = lower
        .split_ascii_whitespace()
        .map(|w| w.trim_end_matches(['.', ',', '!']))
        .filter(|w| !w.is_empty())
        .peekable();
    let color = match words.next()? {
        "black" | "b" | "zwart" => Color::Black,
        "white" | "w" | "wit" => Color::White,
        _ => return None,
    };
    let (winner, mut kind) = match words.next()? {
        "wins" | "won" | "win" | "wint" => (color, ResultKind::Win),
        "resigns" | "resigned" | "resign" => (color.opponent(), ResultKind::Resign),
        "loses" | "lost" | "lose" | "loose" | "verliest" => (color.opponent(), ResultKind::Win),
        _ => return None,
    };
    let mut margin = None;
    if kind == ResultKind::Win && matches!(words.peek(), Some(&("by" | "on" | "met"))) {
        words.next();
        match words.peek().copied() {
            Some("resignation" | "resign") => kind = ResultKind::Resign,
            Some("time") => kind = ResultKind::Time,
            Some("forfeit") => kind = ResultKind::Forfeit,
            Some(n) if score(n).is_some() => {
                let mut points = score(n).unwrap_or(0.0);
                words.next();
                match words.peek().copied() {
                    Some("1/4") => points += 0.25,
                    Some("1/2" | "2/4" | "half") => points += 0.5,
                    Some("3/4") => points += 0.75,
                    _ => {}
                }
                if points != score(n).unwrap_or(0.0) {
                    words.next();
                }
                if matches!(
                    words.peek(),
                    Some(&("point" | "points" | "pts" | "punt" | "punten"))
                ) {
                    words.next();
                }
                kind = ResultKind::Score;
                margin = Some(points);
            }
            _ => {}
        }
        if kind != ResultKind::Win && kind != ResultKind::Score {
            words.next();
        }
    }
    Some(GameResult {
        winner: Some(winner),
        kind,
        margin,
        ff4: false,
        complete: words.next().is_none(),
    })
}

/// A result as Korean, Chinese and Japanese servers write it: the winner
/// (`흑`/`黑`/`黒` Black, `백`/`白` White) before the word for a win
/// (`승`, `胜`, `勝`), and between them how: by resignation (`불계`,
/// `中盘`, `中押`), on time (`시간`, `超时`, `時間`), or by points (`7집`,
/// `3目`; `반`/`半` after them adds a half). Text around it (a move count
/// such as `250수` before it) is read past; the result is
/// [`complete`](GameResult::complete) when the text holds nothing else.
fn in_cjk(text: &str) -> Option<GameResult> {
    let win = text.find(['승', '胜', '勝'])?;
    let (side, color) = text[..win]
        .char_indices()
        .rev()
        .find_map(|(i, c)| match c {
            '흑' | '黑' | '黒' => Some((i, Color::Black)),
            '백' | '白' => Some((i, Color::White)),
            _ => None,
        })?;
    let how = &text[side..win];
    let (kind, margin) = if ["불계", "中盘", "中盤", "中押"]
        .iter()
        .any(|w| how.contains(w))
    {
        (ResultKind::Resign, None)
    } else if ["시간", "超时", "時間"].iter().any(|w| how.contains(w)) {
        (ResultKind::Time, None)
    } else if let Some(start) = how.find(|c: char| c.is_ascii_digit()) {
        let digits = how[start..]
            .find(|c: char| !c.is_ascii_digit() && c != '.')
            .map_or(&how[start..], |end| &how[start..start + end]);
        let after = &how[start + digits.len()..];
        let half = if after.starts_with("집반") || after.starts_with("目半") {
            0.5
        } else {
            0.0
        };
        match score(digits.trim_end_matches('.')) {
            Some(points) => (ResultKind::Score, Some(points + half)),
            None => (ResultKind::Other, None),
        }
    } else {
        (ResultKind::Win, None)
    };
    // Nothing but a move count before, the side, how, the win, and an
    // ending (`勝ち`, `!`) after.
    let side_len = text[side..].chars().next().map_or(0, char::len_utf8);
    let win_len = text[win..].chars().next().map_or(0, char::len_utf8);
    let head = text[..side].trim();
    let count = head.trim_end_matches(['수', '手']);
    let head_ok = head.is_empty() || (count.len() < head.len() && is_score(count));
    let middle = &text[side + side_len..win];
    let middle_ok = match kind {
        ResultKind::Resign => ["불계", "中盘", "中盤", "中押", "中押し"].contains(&middle),
        ResultKind::Time => ["시간", "超时", "時間", "時間切れ"].contains(&middle),
        ResultKind::Score => {
            let unit = middle.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
            ["집", "目", "집반", "目半"].contains(&unit)
        }
        _ => middle.is_empty(),
    };
    let tail_ok = ["", "ち", "!", "."].contains(&text[win + win_len..].trim());
    Some(GameResult {
        winner: Some(color),
        kind,
        margin,
        ff4: false,
        complete: head_ok && middle_ok && tail_ok,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_in_korean_chinese_and_japanese() {
        let ff4 = |s| GameResult::read(s).and_then(|r| r.ff4_text());
        for (text, want) in [
            ("250수 흑7집승", "B+7"),
            ("183수 백3집반승", "W+3.5"),
            ("백불계승", "W+R"),
            ("흑시간승", "B+T"),
            ("IDB[211] 黑中盘胜(现场消息)[EndTxt]", "B+R"),
            ("白3目半胜", "W+3.5"),
            ("黒中押し勝ち", "B+R"),
            ("白2目勝", "W+2"),
            ("黑胜", "B+"),
        ] {
            assert_eq!(ff4(text).as_deref(), Some(want), "{text}");
        }
        // Read, but with more than the result says: not complete (a fix
        // would lose the rest).
        for (text, complete) in [
            ("250수 흑7집승", true),
            ("黒中押し勝ち", true),
            ("백불계승!", true),
            ("IDB[211] 黑中盘胜(现场消息)[EndTxt]", false),
            ("흑7집승 (계가)", false),
            ("흑 잘 둬서 승", false),
        ] {
            let r = GameResult::read(text).unwrap();
            assert_eq!(r.complete, complete, "{text}");
        }
        // No side before the win, or no win: no result.
        for none in ["승", "흑", "250수", "黑白"] {
            assert_eq!(GameResult::read(none), None, "{none}");
        }
    }

    #[test]
    fn ff4_forms_and_generous_ones() {
        for ok in [
            "0",
            "Draw",
            "Void",
            "?",
            "B+R",
            "W+Resign",
            "B+3.5",
            "W+12",
            "B+",
            "W+T",
            "B+F",
            "W+Time",
            "B+Forfeit",
            " B+3 ",
            "B+.5",
            "W+3.",
        ] {
            let r = GameResult::read(ok).unwrap_or_else(|| panic!("{ok}"));
            assert!(r.ff4, "{ok}");
        }
        for generous in ["draw", "jigo", "b+r", "w+resign", "B+ 3.5", "b+3.5", "VOID"] {
            let r = GameResult::read(generous).unwrap_or_else(|| panic!("{generous}"));
            assert!(!r.ff4, "{generous}");
        }
        for other in ["B+x", "B+3.5.1", "W+.", "B+1e3", "W+-3", "W+inf", "W+lots"] {
            let r = GameResult::read(other).unwrap_or_else(|| panic!("{other}"));
            assert_eq!(
                (r.kind, r.margin, r.ff4),
                (ResultKind::Other, None, false),
                "{other}"
            );
            assert!(r.winner.is_some());
        }
        for bad in ["", "john wins", "B 3.5", "Black", "white is ahead"] {
            assert_eq!(GameResult::read(bad), None, "{bad}");
        }
        let kinds = |s| {
            let r = GameResult::read(s).unwrap();
            (r.winner, r.margin, r.kind.as_str())
        };
        assert_eq!(kinds(" B+R "), (Some(Color::Black), None, Some("resign")));
        assert_eq!(
            kinds("W+0.5"),
            (Some(Color::White), Some(0.5), Some("score"))
        );
        assert_eq!(kinds("B+F"), (Some(Color::Black), None, Some("forfeit")));
        assert_eq!(kinds("W+Time"), (Some(Color::White), None, Some("time")));
        assert_eq!(kinds("B+"), (Some(Color::Black), None, Some("win")));
        assert_eq!(kinds("Void"), (None, None, Some("void")));
        let r = GameResult::read("W+0.0").unwrap();
        assert!(r.is_win_by_nothing());
        assert!(!GameResult::read("W+0.5").unwrap().is_win_by_nothing());
        assert!(!GameResult::read("0").unwrap().is_win_by_nothing());
    }

    /// The spellings SGFC corrects, and what `fix` writes for each: the
    /// FF[4] text, and whether that says all the original said.
    #[test]
    fn results_in_words_and_their_ff4_text() {
        for (text, ff4, complete) in [
            ("White resigns.", Some("B+R"), true),
            ("Black resigns", Some("W+R"), true),
            ("black wins by 5 3/4 points", Some("B+5.75"), true),
            ("White wins by 2 1/2 point", Some("W+2.5"), true),
            ("white wins by 12.5", Some("W+12.5"), true),
            ("Black wins by resignation", Some("B+R"), true),
            ("white wins on time", Some("W+T"), true),
            ("Black wins", Some("B+"), true),
            ("white lost", Some("B+"), true),
            ("zwart wint", Some("B+"), true),
            ("W+Time Over", Some("W+T"), true),
            ("w+timeout", Some("W+T"), true),
            ("B+Resignation", Some("B+R"), true),
            ("b+3,5", Some("B+3.5"), true),
            ("B+ 3.5", Some("B+3.5"), true),
            ("jigo.", Some("Draw"), true),
            ("VOID", Some("Void"), true),
            ("White resigns. W 6.5 B 157.0", Some("B+R"), false),
            ("black wins by 5 points, a lucky game", Some("B+5"), false),
            ("B+Illegal", None, false),
            ("W+Repetition", None, false),
            ("B+1.5 ? W+timeout", None, false),
            ("B+3,500", None, false),
        ] {
            let r = GameResult::read(text).unwrap_or_else(|| panic!("{text}"));
            assert_eq!(r.ff4_text().as_deref(), ff4, "{text}");
            assert_eq!(r.complete, complete, "{text}");
            assert!(!r.ff4, "{text}");
        }
        // FF[4] texts say all they say, and write themselves back (up to
        // the tidy form of a score).
        for text in [
            "B+R", "W+T", "B+F", "W+", "Draw", "Void", "?", "B+3.5", "W+12",
        ] {
            let r = GameResult::read(text).unwrap();
            assert!(r.complete && r.ff4, "{text}");
            assert_eq!(r.ff4_text().as_deref(), Some(text));
        }
        assert_eq!(
            GameResult::read("W+Resign").unwrap().ff4_text().as_deref(),
            Some("W+R")
        );
        assert_eq!(
            GameResult::read("0").unwrap().ff4_text().as_deref(),
            Some("Draw")
        );
    }
}
