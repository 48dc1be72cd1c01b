//! Typed properties of a collection that mixes games: [`AnyProp`], what
//! [`Node::any_props`](crate::Node::any_props) and
//! [`Node::any_prop`](crate::Node::any_prop) (in [`record`](crate::record))
//! return.
//!
//! "Different kind of games may appear within a collection": each game tree
//! is read with the game of its own root (`GM`, see
//! [`Node::tree_game`](crate::Node::tree_game)), so a Hex tree gets Hex points
//! and a Go tree Go points.
//!
//! ```
//! use sgfkit::game::{go, hex};
//! use sgfkit::property::AnyProp;
//! use sgfkit::property::typed::Prop;
//!
//! let c = sgfkit::parse(b"(;GM[1];B[cc])(;GM[11];B[c3])(;GM[2];B[c3])")?;
//! let moves: Vec<AnyProp> = c
//!     .games()
//!     .map(|g| g.first_child().unwrap().any_prop("B").unwrap())
//!     .collect();
//! assert_eq!(moves[0], AnyProp::Go(Prop::B(go::Move::Play(go::Point::new(2, 2)))));
//! assert_eq!(moves[1], AnyProp::Hex(Prop::B(hex::Move::Cell(hex::Point::new(2, 2)))));
//! assert!(matches!(moves[2], AnyProp::Othello(Prop::B(_))));
//! # Ok::<(), sgfkit::Error>(())
//! ```

use super::typed::Prop;
use crate::game::amazons::Amazons;
use crate::game::backgammon::Backgammon;
use crate::game::gess::Gess;
use crate::game::go::Go;
use crate::game::hex::Hex;
use crate::game::lines_of_action::LinesOfAction;
use crate::game::octi::Octi;
use crate::game::raw::{GomokuRenju, Othello};
use crate::game::{GameType, Raw};

/// A typed property of any game: the [`Prop`] of the game its tree records.
///
/// Games without an FF\[4\] value format are [`AnyProp::Raw`], with values
/// kept byte for byte ([`Raw`]); Othello and Gomoku/Renju have variants of
/// their own because their stones are points (compressed lists).
///
/// ```
/// use sgfkit::game::GameType;
/// use sgfkit::property::AnyProp;
/// let c = sgfkit::parse(b"(;GM[6]C[hi])")?;
/// let p = c.games().next().unwrap().any_prop("C").unwrap();
/// assert_eq!(p.game(), Some(GameType::Backgammon));
/// assert_eq!(p.ident(), "C");
/// assert_eq!(p.invalid_reason(), None);
/// # Ok::<(), sgfkit::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum AnyProp {
    /// GM\[1\].
    Go(Prop<Go>),
    /// GM\[6\].
    Backgammon(Prop<Backgammon>),
    /// GM\[9\].
    LinesOfAction(Prop<LinesOfAction>),
    /// GM\[11\].
    Hex(Prop<Hex>),
    /// GM\[18\].
    Amazons(Prop<Amazons>),
    /// GM\[19\].
    Octi(Prop<Octi>),
    /// GM\[20\].
    Gess(Prop<Gess>),
    /// GM\[2\]: raw values, but stones are points, so `AB[aa:cc]` is a
    /// rectangle.
    Othello(Prop<Othello>),
    /// GM\[4\]: raw values, stones are points (as [`AnyProp::Othello`]).
    GomokuRenju(Prop<GomokuRenju>),
    /// Any other game, by its `GM` number (also numbers outside FF\[4\]'s
    /// 1–40, such as `GM[123]`): the property with raw points, moves and
    /// stones.
    Raw(u32, Prop<Raw<0>>),
}

/// Runs `$f` on the inner [`Prop`] whatever the game.
macro_rules! with_prop {
    ($self:expr, $p:ident => $f:expr) => {
        match $self {
            AnyProp::Go($p) => $f,
            AnyProp::Backgammon($p) => $f,
            AnyProp::LinesOfAction($p) => $f,
            AnyProp::Hex($p) => $f,
            AnyProp::Amazons($p) => $f,
            AnyProp::Octi($p) => $f,
            AnyProp::Gess($p) => $f,
            AnyProp::Othello($p) => $f,
            AnyProp::GomokuRenju($p) => $f,
            AnyProp::Raw(_, $p) => $f,
        }
    };
}

impl AnyProp {
    /// The `GM` number of the game this property was read for.
    ///
    /// ```
    /// use sgfkit::property::AnyProp;
    /// use sgfkit::property::typed::Prop;
    /// assert_eq!(AnyProp::Hex(Prop::FF(4)).gm(), 11);
    /// assert_eq!(AnyProp::Raw(123, Prop::FF(4)).gm(), 123);
    /// ```
    pub fn gm(&self) -> u32 {
        match self {
            AnyProp::Go(_) => 1,
            AnyProp::Backgammon(_) => 6,
            AnyProp::LinesOfAction(_) => 9,
            AnyProp::Hex(_) => 11,
            AnyProp::Amazons(_) => 18,
            AnyProp::Octi(_) => 19,
            AnyProp::Gess(_) => 20,
            AnyProp::Othello(_) => 2,
            AnyProp::GomokuRenju(_) => 4,
            AnyProp::Raw(gm, _) => *gm,
        }
    }

    /// The game this property was read for; `None` for a `GM` number
    /// outside FF\[4\]'s 1–40.
    ///
    /// ```
    /// use sgfkit::game::GameType;
    /// use sgfkit::property::AnyProp;
    /// use sgfkit::property::typed::Prop;
    /// assert_eq!(AnyProp::Hex(Prop::FF(4)).game(), Some(GameType::Hex));
    /// assert_eq!(AnyProp::Raw(123, Prop::FF(4)).game(), None);
    /// ```
    pub fn game(&self) -> Option<GameType> {
        GameType::from_gm(self.gm())
    }

    /// The identifier.
    ///
    /// ```
    /// use sgfkit::property::AnyProp;
    /// use sgfkit::property::typed::Prop;
    /// assert_eq!(AnyProp::Octi(Prop::FF(4)).ident(), "FF");
    /// ```
    pub fn ident(&self) -> &str {
        with_prop!(self, p => p.ident())
    }

    /// Why the values do not fit the property's type ([`Prop::Invalid`]),
    /// or `None`.
    ///
    /// ```
    /// let c = sgfkit::parse(b"(;GM[11]SZ[5]AB[z9])")?;
    /// let p = c.games().next().unwrap().any_prop("AB").unwrap();
    /// assert!(p.invalid_reason().unwrap().contains("outside the board"));
    /// # Ok::<(), sgfkit::Error>(())
    /// ```
    pub fn invalid_reason(&self) -> Option<&str> {
        with_prop!(self, p => match p {
            Prop::Invalid { reason, .. } => Some(reason.as_str()),
            _ => None,
        })
    }

    /// True for an identifier the table does not know ([`Prop::Unknown`]).
    ///
    /// ```
    /// use sgfkit::property::AnyProp;
    /// use sgfkit::property::typed::Prop;
    /// let p = AnyProp::Go(Prop::Unknown { ident: "XY".into(), values: vec![] });
    /// assert!(p.is_unknown());
    /// ```
    pub fn is_unknown(&self) -> bool {
        with_prop!(self, p => matches!(p, Prop::Unknown { .. }))
    }
}
