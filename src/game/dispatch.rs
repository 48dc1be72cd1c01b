//! Which game a tree records (`GM`) and on what board (`SZ`), read from the
//! raw values of those two properties: the one reader of each.
//!
//! These functions take the values as the grammar gives them (escapes
//! intact), so they serve the event API as well as the tree. On a tree,
//! [`Node::game`](crate::Node::game) and
//! [`Node::board_size`](crate::Node::board_size) read a root with them.
//!
//! ```
//! use sgfkit::game::{BoardSize, GameType};
//! assert_eq!(GameType::read_gm(&[b"11"]), Ok((GameType::Hex, None)));
//! assert_eq!(GameType::read_gm(&[]), Ok((GameType::Go, None))); // no GM: Go
//! let (size, note) = BoardSize::read_sz(&[b"9:13"], GameType::Go).unwrap();
//! assert_eq!((size, note), (BoardSize::new(9, 13), None));
//! ```

use super::{BoardSize, GameType};
use crate::text::find_unescaped;

impl GameType {
    /// The game named by the raw values of a root's `GM` property (`values`
    /// empty when the root has no `GM`), with a note when the value had to be
    /// read generously; the one reader of `GM` in the crate.
    ///
    /// * No `GM`: Go (the FF\[4\] default), no note.
    /// * `GM[n]` with `n` in 1–40: that game, no note.
    /// * Whitespace around the number (`GM[ 1 ]`): the trimmed number, with a note.
    /// * A game's name instead of its number (`GM[Go]`, `GM[hex]`, case-insensitive): that
    ///   game, with a note.
    /// * Several values: the first is used, with a note.
    ///
    /// ```
    /// use sgfkit::game::GameType;
    /// assert_eq!(GameType::read_gm(&[b"11"]), Ok((GameType::Hex, None)));
    /// let (game, note) = GameType::read_gm(&[b" 6 "]).unwrap();
    /// assert_eq!(game, GameType::Backgammon);
    /// assert!(note.unwrap().contains("spaces"));
    /// let unknown = GameType::read_gm(&[b"99"]).unwrap_err();
    /// assert_eq!(unknown.number, Some(99));
    /// // A reader that goes on with such a tree says which game it takes.
    /// let (game, note) = unknown.read_as_go();
    /// assert_eq!(game, GameType::Go);
    /// assert!(note.unwrap().contains("default"));
    /// ```
    ///
    /// # Errors
    /// An [`UnknownGame`] when the first value names no game of FF\[4\]
    /// (`GM[0]`, `GM[41]`, `GM[chess!]`, `GM[]`).
    pub fn read_gm(values: &[&[u8]]) -> Result<(GameType, Option<String>), UnknownGame> {
        let Some(&raw) = values.first() else {
            return Ok((GameType::Go, None));
        };
        let shown = String::from_utf8_lossy(raw).into_owned();
        let several = values.len() > 1;
        let read = match exact_number(raw) {
            Some(n) => GameType::from_gm(n).map(|g| (g, None)),
            None => guess_game(raw, &shown),
        };
        let Some((game, note)) = read else {
            return Err(UnknownGame {
                number: long_number(raw.trim_ascii()),
                value: shown,
                several,
            });
        };
        if !several {
            return Ok((game, note));
        }
        let several = several_note(&shown);
        Ok((
            game,
            Some(match note {
                Some(n) => format!("{n}; {several}"),
                None => several,
            }),
        ))
    }
}

/// A root's `GM` that names no game of FF\[4\] (see [`GameType::read_gm`]).
///
/// ```
/// use sgfkit::game::GameType;
/// let e = GameType::read_gm(&[b"123"]).unwrap_err();
/// assert_eq!(e.to_string(), "GM[123] is not a game number of FF[4] (1-40)");
/// assert_eq!((e.number, e.value.as_str()), (Some(123), "123"));
/// let e = GameType::read_gm(&[b"chess!"]).unwrap_err();
/// assert_eq!(e.to_string(), "GM[chess!] is not a game number");
/// assert_eq!(e.number, None);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct UnknownGame {
    /// The first value of `GM` as written (invalid UTF-8 replaced).
    pub value: String,
    /// The number the value gives, spaces around it allowed, when it is one
    /// (up to nine digits): a game FF\[4\] does not number, which a program
    /// may know as its own (see [`Raw`](super::Raw)).
    pub number: Option<u32>,
    /// `GM` has more values after the first.
    pub several: bool,
}

impl UnknownGame {
    /// Go, the FF\[4\] default, for a reader that goes on with such a tree,
    /// and the note that says so (the shape of [`GameType::read_gm`]'s answer).
    ///
    /// ```
    /// use sgfkit::game::GameType;
    /// let (game, note) = GameType::read_gm(&[b"0"]).unwrap_or_else(|e| e.read_as_go());
    /// assert_eq!(game, GameType::Go);
    /// assert_eq!(
    ///     note.as_deref(),
    ///     Some("GM[0] is not a game number of FF[4] (1-40); using the default, Go")
    /// );
    /// ```
    pub fn read_as_go(&self) -> (GameType, Option<String>) {
        let mut note = format!("{self}; using the default, Go");
        if self.several {
            note = format!("{note}; {}", several_note(&self.value));
        }
        (GameType::Go, Some(note))
    }
}

impl std::fmt::Display for UnknownGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if exact_number(self.value.as_bytes()).is_some() {
            write!(f, "GM[{}] is not a game number of FF[4] (1-40)", self.value)
        } else {
            write!(f, "GM[{}] is not a game number", self.value)
        }
    }
}

impl std::error::Error for UnknownGame {}

fn several_note(shown: &str) -> String {
    format!("GM has several values; using the first, GM[{shown}]")
}

/// A number of 1 to 9 ASCII digits and nothing else.
fn long_number(raw: &[u8]) -> Option<u32> {
    if raw.is_empty() || raw.len() > 9 || !raw.iter().all(u8::is_ascii_digit) {
        return None;
    }
    std::str::from_utf8(raw).ok()?.parse().ok()
}

impl BoardSize {
    /// The board size given by the raw values of a root's `SZ` property
    /// (`values` empty when there is none) for a tree of `game`: `SZ[n]`
    /// (square), `SZ[columns:rows]`, or the game's default size when `SZ` is
    /// missing; with a note when the value was accepted but is not in
    /// canonical form (`SZ[19:19]`, spaces around a number).
    ///
    /// Surrounding whitespace in the numbers is tolerated.
    ///
    /// # Errors
    /// A message when the value is not a number or a pair of numbers, a dimension is 0, or,
    /// for Go and the games written with Go points (Amazons, Gess), a dimension exceeds 52.
    ///
    /// ```
    /// use sgfkit::game::{BoardSize, GameType};
    /// assert_eq!(BoardSize::read_sz(&[b"13"], GameType::Go), Ok((BoardSize::square(13), None)));
    /// assert_eq!(BoardSize::read_sz(&[], GameType::Hex), Ok((BoardSize::square(11), None)));
    /// let (size, note) = BoardSize::read_sz(&[b"19:19"], GameType::Go).unwrap();
    /// assert_eq!(size, BoardSize::square(19));
    /// assert!(note.unwrap().contains("SZ[19]"));
    /// assert!(BoardSize::read_sz(&[b"53"], GameType::Go).is_err());
    /// assert!(BoardSize::read_sz(&[b"x"], GameType::Go).is_err());
    /// ```
    pub fn read_sz(
        values: &[&[u8]],
        game: GameType,
    ) -> Result<(BoardSize, Option<String>), String> {
        let go_points = matches!(game, GameType::Go | GameType::Amazons | GameType::Gess);
        Self::read_sz_as(
            values,
            game.default_size(),
            go_points.then_some(game.name()),
        )
    }

    /// [`BoardSize::read_sz`] for any game, FF\[4\]'s or a program's own:
    /// `default` when `SZ` is missing, and `go_points` the name of a game
    /// written with Go's letters, whose boards are at most 52 wide.
    pub(crate) fn read_sz_as(
        values: &[&[u8]],
        default: BoardSize,
        go_points: Option<&str>,
    ) -> Result<(BoardSize, Option<String>), String> {
        let Some(&raw) = values.first() else {
            return Ok((default, None));
        };
        let shown = String::from_utf8_lossy(raw).into_owned();
        let dim = |part: &[u8]| -> Result<(u16, bool), String> {
            let t = part.trim_ascii();
            match exact_number(t).map(u16::try_from) {
                Some(Ok(0)) => Err(format!(
                    "SZ[{shown}]: a board needs at least one row and column"
                )),
                Some(Ok(n)) => Ok((n, t.len() != part.len())),
                Some(Err(_)) => Err(format!("SZ[{shown}]: the size is too large")),
                None => Err(format!(
                    "SZ[{shown}] is not a number or a pair of numbers columns:rows"
                )),
            }
        };
        let (size, spaced, square_pair) = match find_unescaped(raw, b':') {
            None => {
                let (n, sp) = dim(raw)?;
                (BoardSize::square(n), sp, false)
            }
            Some(k) => {
                let (c, sp1) = dim(&raw[..k])?;
                let (r, sp2) = dim(&raw[k + 1..])?;
                (BoardSize::new(c, r), sp1 || sp2, c == r)
            }
        };
        if let Some(name) = go_points
            && !size.fits(super::go::MAX_SIZE, super::go::MAX_SIZE)
        {
            return Err(format!(
                "SZ[{shown}]: {name} points can be written on boards up to 52x52 only"
            ));
        }
        let mut notes = Vec::new();
        if square_pair {
            notes.push(format!(
                "SZ[{shown}] is a square board; FF[4] writes it SZ[{}]",
                size.columns
            ));
        }
        if spaced {
            notes.push(format!("SZ[{shown}] has spaces around a number"));
        }
        let note = (!notes.is_empty()).then(|| notes.join("; "));
        Ok((size, note))
    }
}

/// `GM` values that are not a plain number: a number with spaces around it,
/// or a game's name; with the note that says how it was read.
fn guess_game(raw: &[u8], shown: &str) -> Option<(GameType, Option<String>)> {
    let trimmed = raw.trim_ascii();
    if let Some(g) = exact_number(trimmed).and_then(GameType::from_gm) {
        let w = format!(
            "GM[{shown}] has spaces around the number; read as GM[{}]",
            g.gm()
        );
        return Some((g, Some(w)));
    }
    let name = String::from_utf8_lossy(trimmed);
    let g = GameType::ALL
        .into_iter()
        .find(|g| g.name().eq_ignore_ascii_case(&name))?;
    let w = format!(
        "GM[{shown}] names the game instead of numbering it; read as GM[{}] ({})",
        g.gm(),
        g.name()
    );
    Some((g, Some(w)))
}

/// A number made of 1 to 5 ASCII digits and nothing else.
fn exact_number(raw: &[u8]) -> Option<u32> {
    if raw.is_empty() || raw.len() > 5 || !raw.iter().all(u8::is_ascii_digit) {
        return None;
    }
    std::str::from_utf8(raw).ok()?.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gm_values() {
        let cases: [&[&[u8]]; 9] = [
            &[],
            &[b"1"],
            &[b"20"],
            &[b" 11 "],
            &[b"Lines of Action"],
            &[b""],
            &[b"0"],
            &[b"1", b"6"],
            &[b"123456"],
        ];
        let r: Vec<_> = cases.iter().map(|v| GameType::read_gm(v)).collect();
        assert_eq!(r[0], Ok((GameType::Go, None)));
        assert_eq!(r[1], Ok((GameType::Go, None)));
        assert_eq!(r[2], Ok((GameType::Gess, None)));
        let (g, note) = r[3].clone().unwrap();
        assert_eq!(g, GameType::Hex);
        assert!(note.unwrap().contains("spaces"));
        let (g, note) = r[4].clone().unwrap();
        assert_eq!(g, GameType::LinesOfAction);
        assert!(note.is_some());
        let unknown: Vec<_> = [5, 6, 8].map(|k| r[k].clone().unwrap_err()).into();
        assert_eq!(
            unknown.iter().map(|e| e.number).collect::<Vec<_>>(),
            [None, Some(0), Some(123_456)]
        );
        for e in &unknown {
            let (g, note) = e.read_as_go();
            assert_eq!(g, GameType::Go);
            assert!(note.unwrap().contains("default, Go"), "{e:?}");
        }
        let (g, note) = r[7].clone().unwrap();
        assert_eq!(g, GameType::Go);
        assert!(note.unwrap().contains("several"));
        // Numbers FF[4] does not know keep their number, spaces or not.
        let number = |v: &[u8]| GameType::read_gm(&[v]).map_err(|e| e.number);
        assert_eq!(number(b" 0 "), Err(Some(0)));
        assert_eq!(number(b"1234567890"), Err(None));
        assert_eq!(number(b"x"), Err(None));
        assert_eq!(number(b"9").map(|r| r.0), Ok(GameType::LinesOfAction));
        // Several values after an unknown first one: both said, in that order.
        let e = GameType::read_gm(&[b"99", b"1"]).unwrap_err();
        assert_eq!(
            e.read_as_go().1.as_deref(),
            Some(
                "GM[99] is not a game number of FF[4] (1-40); using the default, Go; \
                 GM has several values; using the first, GM[99]"
            )
        );
    }

    #[test]
    fn sizes() {
        let cases: [&[u8]; 8] = [b"19", b" 9 ", b"7:7", b"0", b"9:", b"70000", b"60", b"-1"];
        let r: Vec<_> = cases
            .iter()
            .map(|v| BoardSize::read_sz(&[v], GameType::Go))
            .collect();
        assert_eq!(r[0], Ok((BoardSize::square(19), None)));
        let (s, n) = r[1].clone().unwrap();
        assert_eq!(s, BoardSize::square(9));
        assert!(n.unwrap().contains("spaces"));
        let (s, n) = r[2].clone().unwrap();
        assert_eq!(s, BoardSize::square(7));
        assert!(n.unwrap().contains("SZ[7]"));
        for (k, e) in r.iter().enumerate().skip(3) {
            assert!(e.is_err(), "{k}: {e:?}");
        }
        // Games not written with Go points may be larger.
        assert_eq!(
            BoardSize::read_sz(&[b"60"], GameType::Hex),
            Ok((BoardSize::square(60), None))
        );
        assert_eq!(
            BoardSize::read_sz(&[], GameType::Octi).map(|s| s.0),
            Ok(GameType::Octi.default_size())
        );
    }
}
