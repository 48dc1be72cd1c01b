//! Games for which FF\[4\] defines no Point/Move format: values kept raw, byte-for-byte.
//!
//! Othello, chess, Gomoku/Renju, Nine Men's Morris, Chinese chess, Shogi and GM 10, 12–17, 21–40
//! are listed by FF\[4\] without a value format. [`Raw`] reads their values as [`RawValue`]s: the
//! bytes as they appear between the brackets, escapes intact, printed back unchanged.
//!
//! A raw point or stone ends before the first unescaped `:` (the separator of a compressed point
//! list or a composed value); a raw move takes the whole value.
//!
//! ```
//! use sgfkit::game::{Game, raw::{Chess, RawValue}};
//! let size = Chess::default_size();
//! let m = Chess::read_move(b"e2e4", size).unwrap();
//! assert_eq!(m, RawValue::from_raw(b"e2e4"));
//! let mut out = Vec::new();
//! Chess::write_move(&m, size, &mut out);
//! assert_eq!(out, b"e2e4");
//! ```

use super::{BoardSize, Game, GameType, ValueResult};

/// A game without an FF\[4\] value format, identified by its `GM` number.
///
/// `Raw<0>` (no game has number 0) is the reader for any game: typed access
/// ([`Node::prop`](crate::Node::prop)) never refuses it, whatever the tree's
/// `GM`, and it keeps every point, move and stone raw.
///
/// `NAME` comes from [`GameType`] (`"Unknown"` outside 1–40); `STONE_IS_POINT` is true for the
/// games §3.4 reduces (Othello, Gomoku/Renju). FF\[4\] gives a default `SZ` only for Go (19)
/// and chess (8): [`Raw::default_size`] is 8×8 for chess and a 19×19 placeholder otherwise. The
/// raw parsers ignore the size.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Raw<const GM: u32>;

/// Othello (GM\[2\]).
pub type Othello = Raw<2>;
/// Chess (GM\[3\]).
pub type Chess = Raw<3>;
/// Gomoku and Renju (GM\[4\]).
pub type GomokuRenju = Raw<4>;
/// Nine Men's Morris (GM\[5\]).
pub type NineMensMorris = Raw<5>;
/// Chinese chess (GM\[7\]).
pub type ChineseChess = Raw<7>;
/// Shogi (GM\[8\]).
pub type Shogi = Raw<8>;
/// TwixT (GM\[21\]); its format page is not part of the FF\[4\] pages, so it stays raw.
pub type Twixt = Raw<21>;

/// A value kept exactly as written between the brackets (escapes intact).
///
/// ```
/// use sgfkit::game::RawValue;
/// let v = RawValue::from_text("a]b");
/// assert_eq!(v.as_raw(), br"a\]b");
/// assert_eq!(v.decoded(), b"a]b");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct RawValue(Vec<u8>);

impl RawValue {
    /// Wrap bytes that are already in SGF form (escaped).
    pub fn from_raw(raw: &[u8]) -> Self {
        RawValue(raw.to_vec())
    }

    /// Escape plain text: `\`, `]` and `:` get a backslash.
    pub fn from_text(text: &str) -> Self {
        let mut v = Vec::with_capacity(text.len());
        for &c in text.as_bytes() {
            if matches!(c, b'\\' | b']' | b':') {
                v.push(b'\\');
            }
            v.push(c);
        }
        RawValue(v)
    }

    /// The bytes as written.
    pub fn as_raw(&self) -> &[u8] {
        &self.0
    }

    /// The bytes without escapes: `\x` becomes `x`, and a soft line break (`\` followed by a
    /// newline) is removed.
    pub fn decoded(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.0.len());
        let mut i = 0;
        while i < self.0.len() {
            let c = self.0[i];
            if c == b'\\' && i + 1 < self.0.len() {
                let n = self.0[i + 1];
                if n == b'\n' || n == b'\r' {
                    let pair = self.0.get(i + 2).copied();
                    i += if matches!((n, pair), (b'\n', Some(b'\r')) | (b'\r', Some(b'\n'))) {
                        3
                    } else {
                        2
                    };
                } else {
                    out.push(n);
                    i += 2;
                }
            } else {
                out.push(c);
                i += 1;
            }
        }
        out
    }
}

impl<const GM: u32> Game for Raw<GM> {
    const GM: u32 = GM;
    const NAME: &'static str = match GameType::from_gm(GM) {
        Some(g) => g.name(),
        None => "Unknown",
    };
    const STONE_IS_POINT: bool = match GameType::from_gm(GM) {
        Some(g) => g.stone_is_point(),
        None => false,
    };
    type Point = RawValue;
    type Move = RawValue;
    type Stone = RawValue;

    fn default_size() -> BoardSize {
        if GM == 3 {
            BoardSize::square(8)
        } else {
            BoardSize::square(19)
        }
    }

    fn parse_point(i: &[u8], size: BoardSize) -> ValueResult<'_, RawValue> {
        point(i, size)
    }

    fn parse_move(i: &[u8], size: BoardSize) -> ValueResult<'_, RawValue> {
        move_(i, size)
    }

    /// A point in the games whose stones are points (Othello, Gomoku/Renju: up to an
    /// unescaped `:`, so that `AB[aa:cc]` is a rectangle); otherwise FF\[4\] gives no stone
    /// format, and the stone is the whole value, as a move.
    fn parse_stone(i: &[u8], size: BoardSize) -> ValueResult<'_, RawValue> {
        if Self::STONE_IS_POINT {
            point(i, size)
        } else {
            move_(i, size)
        }
    }

    fn write_point(p: &RawValue, _size: BoardSize, out: &mut Vec<u8>) {
        out.extend_from_slice(&p.0);
    }

    fn write_move(m: &RawValue, _size: BoardSize, out: &mut Vec<u8>) {
        out.extend_from_slice(&m.0);
    }

    fn write_stone(s: &RawValue, _size: BoardSize, out: &mut Vec<u8>) {
        out.extend_from_slice(&s.0);
    }
}

/// `Point = { RawChar }` (games without a format; `RawChar` is any character but an unescaped ":", escapes kept)
///
/// Also the raw Stone. Everything up to the first unescaped `:` (or the end); the size is
/// ignored.
///
/// ```
/// use sgfkit::game::{BoardSize, raw::{point, RawValue}};
/// let size = BoardSize::square(8);
/// assert_eq!(point(b"e2:e4", size), Ok((&b":e4"[..], RawValue::from_raw(b"e2"))));
/// assert_eq!(point(br"a\:b", size), Ok((&b""[..], RawValue::from_raw(br"a\:b"))));
/// ```
pub fn point(i: &[u8], _size: BoardSize) -> ValueResult<'_, RawValue> {
    let mut k = 0;
    while k < i.len() {
        match i[k] {
            b'\\' => k += 2,
            b':' => break,
            _ => k += 1,
        }
    }
    let k = k.min(i.len());
    Ok((&i[k..], RawValue::from_raw(&i[..k])))
}

/// `Move = { any character }` (games without a format: the whole value, escapes kept)
///
/// ```
/// use sgfkit::game::{BoardSize, raw::{move_, RawValue}};
/// let size = BoardSize::square(8);
/// assert_eq!(move_(b"e2:e4", size), Ok((&b""[..], RawValue::from_raw(b"e2:e4"))));
/// ```
pub fn move_(i: &[u8], _size: BoardSize) -> ValueResult<'_, RawValue> {
    Ok((&i[i.len()..], RawValue::from_raw(i)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Reason;
    use proptest::prelude::*;

    fn size() -> BoardSize {
        BoardSize::square(19)
    }

    #[test]
    fn names_and_numbers() {
        assert_eq!(Othello::NAME, "Othello");
        assert_eq!(Othello::GM, 2);
        assert_eq!(Raw::<99>::NAME, "Unknown");
        const { assert!(GomokuRenju::STONE_IS_POINT) };
        const { assert!(!NineMensMorris::STONE_IS_POINT) };
        assert_eq!(Chess::default_size(), BoardSize::square(8));
    }

    #[test]
    fn point_stops_at_unescaped_colon() {
        let (rest, p) = Othello::parse_point(b"a1:c3", size()).unwrap();
        assert_eq!(p.as_raw(), b"a1");
        assert_eq!(rest, b":c3");
        let (rest, p) = Othello::parse_point(br"a\:1:c3", size()).unwrap();
        assert_eq!(p.as_raw(), br"a\:1");
        assert_eq!(rest, b":c3");
        assert_eq!(
            Othello::read_point(b"a1:c3", size()).unwrap_err().reason,
            Reason::TrailingInput
        );
    }

    #[test]
    fn move_takes_everything() {
        let m = ChineseChess::read_move(br"h2e2:x\]y", size()).unwrap();
        let mut out = Vec::new();
        ChineseChess::write_move(&m, size(), &mut out);
        assert_eq!(out, br"h2e2:x\]y");
        assert_eq!(m.decoded(), b"h2e2:x]y");
    }

    #[test]
    fn decode_soft_breaks() {
        let v = RawValue::from_raw(b"a\\\r\nb\\\nc");
        assert_eq!(v.decoded(), b"abc");
        assert_eq!(RawValue::from_raw(b"x\\").decoded(), b"x\\");
    }

    proptest! {
        #[test]
        fn moves_round_trip(bytes in proptest::collection::vec(any::<u8>(), 0..40)) {
            let m = Shogi::read_move(&bytes, size()).unwrap();
            let mut out = Vec::new();
            Shogi::write_move(&m, size(), &mut out);
            prop_assert_eq!(out, bytes);
        }

        #[test]
        fn text_points_round_trip(text in "[ -~]{0,20}") {
            let p = RawValue::from_text(&text);
            let mut out = Vec::new();
            Othello::write_point(&p, size(), &mut out);
            let back = Othello::read_point(&out, size()).unwrap();
            prop_assert_eq!(&back, &p);
            prop_assert_eq!(back.decoded(), text.as_bytes());
        }
    }
}
