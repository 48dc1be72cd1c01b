//! Which game a tree records (`GM`) and on what board (`SZ`), read from the
//! raw values of those two properties.
//!
//! These functions take the values as the grammar gives them (escapes
//! intact), so they serve the event API as well as the tree. On a tree, the
//! [`record`](crate::record) functions [`game_of`](crate::record::game_of)
//! and [`board_size`](crate::record::board_size) read a root with them.
//!
//! ```
//! use sgfkit::game::{BoardSize, GameType};
//! assert_eq!(GameType::read_gm(&[b"11"]), (GameType::Hex, None));
//! assert_eq!(GameType::read_gm(&[]), (GameType::Go, None)); // no GM: Go
//! let (size, note) = BoardSize::read_sz(&[b"9:13"], GameType::Go).unwrap();
//! assert_eq!((size, note), (BoardSize::new(9, 13), None));
//! ```

use super::{BoardSize, GameType};
use crate::text::find_unescaped;

impl GameType {
    /// The game named by the raw values of a root's `GM` property (`values`
    /// empty when the root has no `GM`), and a warning when it had to be
    /// guessed.
    ///
    /// * No `GM`: Go (the FF\[4\] default), no warning.
    /// * `GM[n]` with `n` in 1–40: that game, no warning.
    /// * Whitespace around the number (`GM[ 1 ]`): the trimmed number, with a warning.
    /// * A game's name instead of its number (`GM[Go]`, `GM[hex]`, case-insensitive): that
    ///   game, with a warning.
    /// * Anything else (`GM[0]`, `GM[41]`, `GM[chess!]`): Go, with a warning saying so.
    /// * Several values: the first is used, with a warning.
    ///
    /// ```
    /// use sgfkit::game::GameType;
    /// assert_eq!(GameType::read_gm(&[b"11"]), (GameType::Hex, None));
    /// let (game, warning) = GameType::read_gm(&[b" 6 "]);
    /// assert_eq!(game, GameType::Backgammon);
    /// assert!(warning.unwrap().contains("spaces"));
    /// let (game, warning) = GameType::read_gm(&[b"99"]);
    /// assert_eq!(game, GameType::Go);
    /// assert!(warning.unwrap().contains("default"));
    /// ```
    pub fn read_gm(values: &[&[u8]]) -> (GameType, Option<String>) {
        let Some(&raw) = values.first() else {
            return (GameType::Go, None);
        };
        let shown = String::from_utf8_lossy(raw).into_owned();
        let (game, mut warning) = match exact_number(raw) {
            Some(n) => match GameType::from_gm(n) {
                Some(g) => (g, None),
                None => (
                    GameType::Go,
                    Some(format!(
                        "GM[{shown}] is not a game number of FF[4] (1-40); using the default, Go"
                    )),
                ),
            },
            None => guess_game(raw, &shown),
        };
        if values.len() > 1 {
            let note = format!("GM has several values; using the first, GM[{shown}]");
            warning = Some(match warning {
                Some(w) => format!("{w}; {note}"),
                None => note,
            });
        }
        (game, warning)
    }

    /// The game a tree records for typed access, from the raw values of its
    /// root's `GM` (empty when there is none): as [`GameType::read_gm`],
    /// except that a plain number outside 1–40 (`GM[123]`, `GM[0]`) is
    /// `Err(n)`, a game FF\[4\] does not number, rather than Go.
    ///
    /// ```
    /// use sgfkit::game::GameType;
    /// assert_eq!(GameType::read_gm_number(&[b"2"]), Ok(GameType::Othello));
    /// assert_eq!(GameType::read_gm_number(&[]), Ok(GameType::Go));
    /// assert_eq!(GameType::read_gm_number(&[b"123"]), Err(123));
    /// assert_eq!(GameType::read_gm_number(&[b"hex"]), Ok(GameType::Hex));
    /// ```
    ///
    /// # Errors
    /// The number, when it is not one of FF\[4\]'s games.
    pub fn read_gm_number(values: &[&[u8]]) -> Result<GameType, u32> {
        if let Some(first) = values.first() {
            let raw = first.trim_ascii();
            if !raw.is_empty()
                && raw.len() <= 9
                && raw.iter().all(u8::is_ascii_digit)
                && let Ok(n) = String::from_utf8_lossy(raw).parse::<u32>()
                && GameType::from_gm(n).is_none()
            {
                return Err(n);
            }
        }
        Ok(GameType::read_gm(values).0)
    }
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
        let Some(&raw) = values.first() else {
            return Ok((game.default_size(), None));
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
        let go_points = matches!(game, GameType::Go | GameType::Amazons | GameType::Gess);
        if go_points && !size.fits(super::go::MAX_SIZE, super::go::MAX_SIZE) {
            return Err(format!(
                "SZ[{shown}]: {} points can be written on boards up to 52x52 only",
                game.name()
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

/// `GM` values that are not a plain number.
fn guess_game(raw: &[u8], shown: &str) -> (GameType, Option<String>) {
    let trimmed = raw.trim_ascii();
    if let Some(g) = exact_number(trimmed).and_then(GameType::from_gm) {
        let w = format!(
            "GM[{shown}] has spaces around the number; read as GM[{}]",
            g.gm()
        );
        return (g, Some(w));
    }
    let name = String::from_utf8_lossy(trimmed);
    if let Some(g) = GameType::ALL
        .into_iter()
        .find(|g| g.name().eq_ignore_ascii_case(&name))
    {
        let w = format!(
            "GM[{shown}] names the game instead of numbering it; read as GM[{}] ({})",
            g.gm(),
            g.name()
        );
        return (g, Some(w));
    }
    (
        GameType::Go,
        Some(format!(
            "GM[{shown}] is not a game number; using the default, Go"
        )),
    )
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
        assert_eq!(r[0], (GameType::Go, None));
        assert_eq!(r[1], (GameType::Go, None));
        assert_eq!(r[2], (GameType::Gess, None));
        assert_eq!(r[3].0, GameType::Hex);
        assert!(r[3].1.as_deref().unwrap().contains("spaces"));
        assert_eq!(r[4].0, GameType::LinesOfAction);
        assert!(r[4].1.is_some());
        for k in [5, 6, 8] {
            assert_eq!(r[k].0, GameType::Go);
            assert!(r[k].1.as_deref().unwrap().contains("default, Go"), "{k}");
        }
        assert_eq!(r[7].0, GameType::Go);
        assert!(r[7].1.as_deref().unwrap().contains("several"));
        // The number reader keeps numbers FF[4] does not know apart.
        assert_eq!(GameType::read_gm_number(&[b" 0 "]), Err(0));
        assert_eq!(GameType::read_gm_number(&[b"123456"]), Err(123_456));
        assert_eq!(GameType::read_gm_number(&[b"1234567890"]), Ok(GameType::Go));
        assert_eq!(GameType::read_gm_number(&[b"x"]), Ok(GameType::Go));
        assert_eq!(
            GameType::read_gm_number(&[b"9"]),
            Ok(GameType::LinesOfAction)
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
