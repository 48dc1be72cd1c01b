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
/// assert_eq!(GameResult::read("W+lots").unwrap().winner, Some(Color::White));
/// assert_eq!(GameResult::read("Black wins"), None);
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
}

impl GameResult {
    /// Reads a result: FF\[4\]'s forms in any case, white space around
    /// ignored, and `Jigo` for a draw; `B+` or `W+` before any other text
    /// gives the winner ([`ResultKind::Other`]); `None` for any other text.
    pub fn read(text: &str) -> Option<GameResult> {
        let t = text.trim();
        let plain = |kind, ff4| GameResult {
            winner: None,
            kind,
            margin: None,
            ff4,
        };
        match t {
            "0" | "Draw" => return Some(plain(ResultKind::Draw, true)),
            "Void" => return Some(plain(ResultKind::Void, true)),
            "?" => return Some(plain(ResultKind::Unknown, true)),
            _ => {}
        }
        let lower = t.to_ascii_lowercase();
        match lower.as_str() {
            "draw" | "jigo" => return Some(plain(ResultKind::Draw, false)),
            "void" => return Some(plain(ResultKind::Void, false)),
            _ => {}
        }
        let (winner, rest) = match t.as_bytes() {
            [b'B', b'+', ..] => (Color::Black, &t[2..]),
            [b'W', b'+', ..] => (Color::White, &t[2..]),
            [b'b', b'+', ..] => (Color::Black, &t[2..]),
            [b'w', b'+', ..] => (Color::White, &t[2..]),
            _ => return None,
        };
        let upper_sign = t.as_bytes()[0].is_ascii_uppercase();
        let (kind, margin, exact) = match rest {
            "" => (ResultKind::Win, None, true),
            "R" | "Resign" => (ResultKind::Resign, None, true),
            "T" | "Time" => (ResultKind::Time, None, true),
            "F" | "Forfeit" => (ResultKind::Forfeit, None, true),
            _ => match rest.trim().to_ascii_lowercase().as_str() {
                "r" | "resign" => (ResultKind::Resign, None, false),
                "t" | "time" => (ResultKind::Time, None, false),
                "f" | "forfeit" => (ResultKind::Forfeit, None, false),
                points => {
                    let score = points.bytes().filter(|&b| b == b'.').count() <= 1
                        && points.bytes().all(|b| b.is_ascii_digit() || b == b'.')
                        && points.bytes().any(|b| b.is_ascii_digit());
                    match points.parse::<f64>() {
                        Ok(margin) if score => (ResultKind::Score, Some(margin), points == rest),
                        _ => (ResultKind::Other, None, false),
                    }
                }
            },
        };
        Some(GameResult {
            winner: Some(winner),
            kind,
            margin,
            ff4: exact && upper_sign,
        })
    }

    /// True for a win on points by nothing (`B+0`, `W+0.0`): a result that
    /// contradicts itself (a game won by no point is a draw).
    pub fn is_win_by_nothing(&self) -> bool {
        self.kind == ResultKind::Score && self.margin == Some(0.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        for bad in ["", "Black wins", "黑中盘胜", "B 3.5"] {
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
}
