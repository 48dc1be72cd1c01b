//! Which game a tree records (`GM`) and on what board (`SZ`).
//!
//! A collection may mix games ("Different kind of games may appear within a collection"): each
//! game tree is read with the `GM` and `SZ` of its own root.
//!
//! ```
//! use sgfkit::game::{BoardSize, GameType, board_size, game_of};
//! let c = sgfkit::parse(b"(;GM[1]SZ[9];B[ee])(;GM[11]SZ[5];B[c3])(;FF[4])")?;
//! let games: Vec<_> = c
//!     .games()
//!     .map(|root| {
//!         let (game, _warning) = game_of(root);
//!         (game, board_size(root, game).unwrap())
//!     })
//!     .collect();
//! assert_eq!(
//!     games,
//!     [
//!         (GameType::Go, BoardSize::square(9)),
//!         (GameType::Hex, BoardSize::square(5)),
//!         (GameType::Go, BoardSize::square(19)),
//!     ]
//! );
//! # Ok::<(), sgfkit::Error>(())
//! ```

use super::{BoardSize, GameType};
use crate::text::find_unescaped;
use crate::tree::Node;

/// The game of the tree whose root is `root`, from its `GM` property, and a warning when `GM`
/// had to be guessed.
///
/// * No `GM`: Go (the FF\[4\] default), no warning.
/// * `GM[n]` with `n` in 1–40: that game, no warning.
/// * Whitespace around the number (`GM[ 1 ]`): the trimmed number, with a warning.
/// * A game's name instead of its number (`GM[Go]`, `GM[hex]`, case-insensitive): that game,
///   with a warning.
/// * Anything else (`GM[0]`, `GM[41]`, `GM[chess!]`): Go, with a warning saying so.
/// * Several values: the first is used, with a warning.
///
/// ```
/// use sgfkit::game::{GameType, game_of};
/// let c = sgfkit::parse(b"(;GM[11])(;GM[ 6 ])(;GM[Go])(;GM[99])")?;
/// let r: Vec<_> = c.games().map(game_of).collect();
/// assert_eq!(r[0], (GameType::Hex, None));
/// assert_eq!(r[1].0, GameType::Backgammon);
/// assert!(r[1].1.is_some());
/// assert_eq!(r[2].0, GameType::Go);
/// assert_eq!(r[3].0, GameType::Go);
/// assert!(r[3].1.as_deref().unwrap().contains("default"));
/// # Ok::<(), sgfkit::Error>(())
/// ```
pub fn game_of(root: Node<'_, '_>) -> (GameType, Option<String>) {
    let Some(prop) = root.get("GM") else {
        return (GameType::Go, None);
    };
    let mut values = prop.values();
    let raw = values.next().unwrap_or(&[]);
    let extra = values.next().is_some();
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
    if extra {
        let note = format!("GM has several values; using the first, GM[{shown}]");
        warning = Some(match warning {
            Some(w) => format!("{w}; {note}"),
            None => note,
        });
    }
    (game, warning)
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

/// The board size of the tree whose root is `root`, read as `game`: `SZ[n]` (square),
/// `SZ[columns:rows]`, or the game's default size when `SZ` is missing.
///
/// Surrounding whitespace in the numbers is tolerated. `SZ[n:n]` is accepted (FF\[4\] asks for
/// `SZ[n]` then); [`board_size_noted`] also returns a note about it.
///
/// # Errors
/// A message when the value is not a number or a pair of numbers, a dimension is 0, or, for
/// Go and the games written with Go points (Amazons, Gess), a dimension exceeds 52.
///
/// ```
/// use sgfkit::game::{BoardSize, GameType, board_size};
/// let c = sgfkit::parse(b"(;SZ[13])(;SZ[9:13])(;GM[11])(;SZ[x])(;SZ[53])")?;
/// let r: Vec<_> = c.games().map(|root| board_size(root, GameType::Go)).collect();
/// assert_eq!(r[0], Ok(BoardSize::square(13)));
/// assert_eq!(r[1], Ok(BoardSize::new(9, 13)));
/// assert_eq!(board_size(c.games().nth(2).unwrap(), GameType::Hex), Ok(BoardSize::square(11)));
/// assert!(r[3].is_err());
/// assert!(r[4].is_err());
/// # Ok::<(), sgfkit::Error>(())
/// ```
pub fn board_size(root: Node<'_, '_>, game: GameType) -> Result<BoardSize, String> {
    board_size_noted(root, game).map(|(size, _)| size)
}

/// As [`board_size`], with a note when the value was accepted but is not in canonical form
/// (`SZ[19:19]`, spaces around a number).
///
/// # Errors
/// As [`board_size`].
///
/// ```
/// use sgfkit::game::{BoardSize, GameType, board_size_noted};
/// let c = sgfkit::parse(b"(;SZ[19:19])")?;
/// let (size, note) = board_size_noted(c.games().next().unwrap(), GameType::Go).unwrap();
/// assert_eq!(size, BoardSize::square(19));
/// assert!(note.unwrap().contains("SZ[19]"));
/// # Ok::<(), sgfkit::Error>(())
/// ```
pub fn board_size_noted(
    root: Node<'_, '_>,
    game: GameType,
) -> Result<(BoardSize, Option<String>), String> {
    let Some(prop) = root.get("SZ") else {
        return Ok((game.default_size(), None));
    };
    let raw = prop.value();
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

#[cfg(test)]
mod tests {
    use super::*;

    fn roots(src: &[u8]) -> Vec<(GameType, Option<String>)> {
        crate::parse(src).unwrap().games().map(game_of).collect()
    }

    #[test]
    fn gm_values() {
        let r = roots(b"(;)(;GM[1])(;GM[20])(;GM[ 11 ])(;GM[Lines of Action])(;GM[])(;GM[0])(;GM[1][6])(;GM[123456])");
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
    }

    #[test]
    fn sizes() {
        let c = crate::parse(
            b"(;SZ[19])(;SZ[ 9 ])(;SZ[7:7])(;SZ[0])(;SZ[9:])(;SZ[70000])(;SZ[60])(;SZ[-1])",
        )
        .unwrap();
        let r: Vec<_> = c
            .games()
            .map(|g| board_size_noted(g, GameType::Go))
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
        let big = c.games().nth(6).unwrap();
        assert_eq!(board_size(big, GameType::Hex), Ok(BoardSize::square(60)));
    }

    #[test]
    fn mixed_collection() {
        let c = crate::parse(b"(;GM[6])(;GM[9]SZ[10])(;GM[19])(;GM[2]SZ[8])").unwrap();
        let r: Vec<_> = c
            .games()
            .map(|g| {
                let (game, w) = game_of(g);
                assert!(w.is_none());
                (game, board_size(g, game).unwrap())
            })
            .collect();
        assert_eq!(
            r,
            [
                (GameType::Backgammon, GameType::Backgammon.default_size()),
                (GameType::LinesOfAction, BoardSize::square(10)),
                (GameType::Octi, GameType::Octi.default_size()),
                (GameType::Othello, BoardSize::square(8)),
            ]
        );
    }
}
