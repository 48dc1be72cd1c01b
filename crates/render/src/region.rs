//! [`Region`]: the part of a board a diagram draws.

use sgfkit::game::BoardSize;

/// A rectangle of cells, corners included: the part of the board a diagram
/// draws (`--range`).
///
/// ```
/// use sgfkit::game::BoardSize;
/// use sgfkit_render::Region;
/// let size = BoardSize::square(19);
/// // GTP corners (column letter without I, row from the bottom), either order…
/// let r = Region::parse("a1:k10", size)?;
/// assert_eq!((r.left, r.top, r.right, r.bottom), (0, 9, 9, 18));
/// // …or SGF points, as sgf-render writes them.
/// assert_eq!(Region::parse("aj-js", size)?, r);
/// assert!(Region::parse("a1:z30", size).is_err());
/// # Ok::<(), sgfkit_render::RegionError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Region {
    /// The leftmost column drawn.
    pub left: u16,
    /// The top row drawn.
    pub top: u16,
    /// The rightmost column drawn.
    pub right: u16,
    /// The bottom row drawn.
    pub bottom: u16,
}

/// Why a region cannot be read or used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("range `{text}`: {reason}")]
pub struct RegionError {
    /// The text given.
    pub text: String,
    /// What is wrong with it.
    pub reason: String,
}

impl Region {
    /// The whole board.
    pub const fn whole(size: BoardSize) -> Region {
        Region {
            left: 0,
            top: 0,
            right: size.columns.saturating_sub(1),
            bottom: size.rows.saturating_sub(1),
        }
    }

    /// Reads `A:B` or `A-B`, two opposite corners, each a GTP vertex (`a1`,
    /// `K10`: column letter without `I`, row counted from the bottom) or two
    /// SGF letters (`cc`).
    ///
    /// # Errors
    /// A corner that is neither, or lies off a board of `size`.
    pub fn parse(text: &str, size: BoardSize) -> Result<Region, RegionError> {
        let err = |reason: &str| RegionError {
            text: text.to_string(),
            reason: reason.to_string(),
        };
        let (a, b) = text
            .split_once(':')
            .or_else(|| text.split_once('-'))
            .ok_or_else(|| err("expected two corners as A:B, e.g. a1:k10 or cc:ff"))?;
        let a =
            corner(a.trim(), size).ok_or_else(|| err("a corner is off the board or unreadable"))?;
        let b =
            corner(b.trim(), size).ok_or_else(|| err("a corner is off the board or unreadable"))?;
        Ok(Region {
            left: a.0.min(b.0),
            top: a.1.min(b.1),
            right: a.0.max(b.0),
            bottom: a.1.max(b.1),
        })
    }

    /// True when every cell of the region lies on a board of `size`.
    pub const fn fits(self, size: BoardSize) -> bool {
        self.left <= self.right
            && self.top <= self.bottom
            && self.right < size.columns
            && self.bottom < size.rows
    }

    /// True when the cell is inside.
    pub const fn contains(self, (x, y): (u16, u16)) -> bool {
        x >= self.left && x <= self.right && y >= self.top && y <= self.bottom
    }

    /// Columns drawn.
    pub const fn width(self) -> u16 {
        self.right - self.left + 1
    }

    /// Rows drawn.
    pub const fn height(self) -> u16 {
        self.bottom - self.top + 1
    }
}

/// One corner: GTP (`k10`) or SGF letters (`cc`).
fn corner(t: &str, size: BoardSize) -> Option<(u16, u16)> {
    let bytes = t.as_bytes();
    let (x, y) = match bytes {
        [c, digits @ ..]
            if c.is_ascii_alphabetic()
                && !digits.is_empty()
                && digits.iter().all(u8::is_ascii_digit) =>
        {
            let c = c.to_ascii_uppercase();
            if c == b'I' {
                return None;
            }
            let x = u16::from(c - b'A') - u16::from(c > b'I');
            let row: u16 = t[1..].parse().ok()?;
            (x, size.rows.checked_sub(row)?)
        }
        [a, b] if a.is_ascii_alphabetic() && b.is_ascii_alphabetic() => {
            (sgf_letter(*a), sgf_letter(*b))
        }
        _ => return None,
    };
    (x < size.columns && y < size.rows).then_some((x, y))
}

/// `a`=0 … `z`=25, `A`=26 … `Z`=51.
fn sgf_letter(c: u8) -> u16 {
    if c.is_ascii_lowercase() {
        u16::from(c - b'a')
    } else {
        u16::from(c - b'A') + 26
    }
}
