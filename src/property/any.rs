//! Typed properties of a collection that mixes games: [`AnyProp`], what
//! [`Node::any_props`] and [`Node::any_prop`] return.
//!
//! "Different kind of games may appear within a collection": each game tree
//! is read with the game of its own root (`GM`, see [`Node::game`]), so a
//! Hex tree gets Hex points and a Go tree Go points; a tree whose `GM` names
//! no game of FF\[4\] is read raw, never as Go.
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
use crate::game::{Game, GameType, Raw, UnknownGame};
use crate::tree::Node;

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

impl Node<'_, '_> {
    /// All properties of this node, typed for the game of its tree, in file
    /// order.
    ///
    /// ```
    /// use sgfkit::property::AnyProp;
    /// use sgfkit::property::typed::Prop;
    /// let c = sgfkit::parse(b"(;GM[9]AB[b1][c1])")?;
    /// let props = c.games().next().unwrap().any_props();
    /// assert_eq!(props[0], AnyProp::LinesOfAction(Prop::GM(9)));
    /// assert!(matches!(&props[1], AnyProp::LinesOfAction(Prop::AB(v)) if v.len() == 2));
    /// # Ok::<(), sgfkit::Error>(())
    /// ```
    pub fn any_props(&self) -> Vec<AnyProp> {
        fn all<G: Game>(n: &Node<'_, '_>, f: fn(Prop<G>) -> AnyProp) -> Vec<AnyProp> {
            n.props::<G>().into_iter().map(f).collect()
        }
        match self.game().map(|(game, _)| game) {
            Ok(GameType::Go) => all(self, AnyProp::Go),
            Ok(GameType::Backgammon) => all(self, AnyProp::Backgammon),
            Ok(GameType::LinesOfAction) => all(self, AnyProp::LinesOfAction),
            Ok(GameType::Hex) => all(self, AnyProp::Hex),
            Ok(GameType::Amazons) => all(self, AnyProp::Amazons),
            Ok(GameType::Octi) => all(self, AnyProp::Octi),
            Ok(GameType::Gess) => all(self, AnyProp::Gess),
            Ok(GameType::Othello) => all(self, AnyProp::Othello),
            Ok(GameType::GomokuRenju) => all(self, AnyProp::GomokuRenju),
            game => {
                let gm = raw_gm(game);
                self.props::<Raw<0>>()
                    .into_iter()
                    .map(|p| AnyProp::Raw(gm, p))
                    .collect()
            }
        }
    }

    /// The first property `ident` of this node, typed for the game of its
    /// tree; `None` if the node has no such property.
    ///
    /// ```
    /// use sgfkit::game::backgammon::Move;
    /// use sgfkit::property::AnyProp;
    /// use sgfkit::property::typed::Prop;
    /// let c = sgfkit::parse(b"(;GM[6];W[double])")?;
    /// let w = c.games().next().unwrap().first_child().unwrap().any_prop("W");
    /// assert_eq!(w, Some(AnyProp::Backgammon(Prop::W(Move::Double))));
    /// # Ok::<(), sgfkit::Error>(())
    /// ```
    pub fn any_prop(&self, ident: &str) -> Option<AnyProp> {
        self.get(ident)?;
        Some(match self.game().map(|(game, _)| game) {
            Ok(GameType::Go) => AnyProp::Go(self.prop(ident)?),
            Ok(GameType::Backgammon) => AnyProp::Backgammon(self.prop(ident)?),
            Ok(GameType::LinesOfAction) => AnyProp::LinesOfAction(self.prop(ident)?),
            Ok(GameType::Hex) => AnyProp::Hex(self.prop(ident)?),
            Ok(GameType::Amazons) => AnyProp::Amazons(self.prop(ident)?),
            Ok(GameType::Octi) => AnyProp::Octi(self.prop(ident)?),
            Ok(GameType::Gess) => AnyProp::Gess(self.prop(ident)?),
            Ok(GameType::Othello) => AnyProp::Othello(self.prop(ident)?),
            Ok(GameType::GomokuRenju) => AnyProp::GomokuRenju(self.prop(ident)?),
            game => AnyProp::Raw(raw_gm(game), self.prop(ident)?),
        })
    }
}

/// The `GM` number an [`AnyProp::Raw`] carries: the game's, or the number
/// of a game FF\[4\] does not number (0 when `GM` is not a number).
fn raw_gm(game: Result<GameType, UnknownGame>) -> u32 {
    match game {
        Ok(game) => game.gm(),
        Err(unknown) => unknown.number.unwrap_or(0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::amazons::Amazons;
    use crate::game::backgammon::Backgammon;
    use crate::game::gess::Gess;
    use crate::game::go::Go;
    use crate::game::hex::Hex;
    use crate::game::lines_of_action::LinesOfAction;
    use crate::game::octi::Octi;
    use crate::game::raw::Othello;

    #[test]
    fn mixed_collection_dispatches_per_tree() {
        let c = crate::parse(
            b"(;GM[1]SZ[9]AB[aa:bb];B[ee])(;GM[2]AB[aa:bb];B[ee])(;GM[11]SZ[5]AB[a1];B[e5])(;GM[19];B[73])\
              (;GM[18];B[djddgd])(;GM[20];B[cc:ee])(;GM[9];B[e1-e3])(;GM[6];B[31hefe])(;GM[3];B[e4])",
        )
        .unwrap();
        let games: Vec<GameType> = c
            .games()
            .map(|g| {
                g.first_child()
                    .unwrap()
                    .any_prop("B")
                    .unwrap()
                    .game()
                    .unwrap()
            })
            .collect();
        use GameType::*;
        assert_eq!(
            games,
            [
                Go,
                Othello,
                Hex,
                Octi,
                Amazons,
                Gess,
                LinesOfAction,
                Backgammon,
                Chess
            ]
        );
        for g in c.games() {
            for n in g.descendants() {
                for p in n.any_props() {
                    assert_eq!(p.invalid_reason(), None, "{p:?}");
                    assert!(!p.is_unknown());
                }
            }
        }
        // A Go move is not a Hex cell, and the other way round.
        let c = crate::parse(b"(;GM[11];B[ee])(;GM[1];B[e5])").unwrap();
        for g in c.games() {
            let b = g.first_child().unwrap().any_prop("B").unwrap();
            assert!(b.invalid_reason().is_some(), "{b:?}");
        }
        assert_eq!(c.games().next().unwrap().any_prop("XX"), None);
        // A GM number outside 1-40 is an unknown game, read raw, not Go.
        let c = crate::parse(b"(;GM[123];AB[f11:turtle]AE[g33:h44])(;GM[0]B[zz])").unwrap();
        let mut games = c.games();
        let node = games.next().unwrap().first_child().unwrap();
        for p in node.any_props() {
            assert_eq!(p.gm(), 123);
            assert_eq!(p.game(), None);
            assert_eq!(p.invalid_reason(), None, "{p:?}");
        }
        let b = games.next().unwrap().any_prop("B").unwrap();
        assert!(matches!(b, AnyProp::Raw(0, Prop::B(_))), "{b:?}");
    }

    mod trees {
        use super::*;
        use crate::game::raw::Chess;
        use crate::property::strategies::{self as st, GameStrategies};
        use crate::{Collection, NodeId};
        use proptest::prelude::*;
        use proptest::test_runner::TestCaseError;

        type Spec<G> = Vec<(usize, Vec<Prop<G>>)>;

        /// Node `i > 0` hangs from node `parent % i`; each node gets typed
        /// properties of game `G` (GM and SZ left out: the root's GM is set
        /// first and the board keeps the game's default size).
        fn tree<G: GameStrategies>() -> impl Strategy<Value = Spec<G>> {
            let size = G::default_size();
            prop::collection::vec(
                (
                    any::<usize>(),
                    prop::collection::vec(st::prop::<G>(size, &["GM", "SZ"]), 0..5),
                ),
                1..8,
            )
        }

        /// Builds the tree, checks the typed read-back, prints, parses and
        /// compares; returns the parsed text's typed props through
        /// [`Node::any_props`] for the caller to compare.
        fn round_trip<G: GameStrategies>(
            spec: &Spec<G>,
            any: fn(&Prop<G>) -> AnyProp,
        ) -> Result<(), TestCaseError> {
            let mut c = Collection::new();
            let mut ids: Vec<NodeId> = Vec::new();
            let mut expected = Vec::new();
            for (i, (parent, props)) in spec.iter().enumerate() {
                let id = if i == 0 {
                    c.add_game()
                } else {
                    c.add_child(ids[parent % i]).unwrap()
                };
                ids.push(id);
                let mut want: Vec<Prop<G>> = Vec::new();
                if i == 0 {
                    let gm = Prop::GM(i64::from(G::GM));
                    c.set_prop::<G>(id, &gm).unwrap();
                    want.push(gm);
                }
                for p in props {
                    c.set_prop(id, p).unwrap();
                    match want.iter_mut().find(|w| w.ident() == p.ident()) {
                        Some(w) => *w = p.clone(),
                        None => want.push(p.clone()),
                    }
                }
                expected.push(want);
            }
            for (id, want) in ids.iter().zip(&expected) {
                prop_assert_eq!(&c.node(*id).props::<G>(), want);
            }
            let text = c.to_string();
            let back = crate::parse(text.as_bytes()).unwrap();
            prop_assert!(back == c, "{}", text);
            let a = c.games().next().unwrap().descendants();
            let b = back.games().next().unwrap().descendants();
            for (x, y) in a.zip(b) {
                let k = ids.iter().position(|id| *id == x.id()).unwrap();
                let want = &expected[k];
                prop_assert_eq!(&y.props::<G>(), want);
                prop_assert_eq!(x.props::<G>(), y.props::<G>());
                let typed: Vec<AnyProp> = want.iter().map(any).collect();
                prop_assert_eq!(y.any_props(), typed);
            }
            Ok(())
        }

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(64))]

            #[test]
            fn go(spec in tree::<Go>()) { round_trip(&spec, |p| AnyProp::Go(p.clone()))?; }

            #[test]
            fn backgammon(spec in tree::<Backgammon>()) {
                round_trip(&spec, |p| AnyProp::Backgammon(p.clone()))?;
            }

            #[test]
            fn lines_of_action(spec in tree::<LinesOfAction>()) {
                round_trip(&spec, |p| AnyProp::LinesOfAction(p.clone()))?;
            }

            #[test]
            fn hex(spec in tree::<Hex>()) { round_trip(&spec, |p| AnyProp::Hex(p.clone()))?; }

            #[test]
            fn amazons(spec in tree::<Amazons>()) {
                round_trip(&spec, |p| AnyProp::Amazons(p.clone()))?;
            }

            #[test]
            fn octi(spec in tree::<Octi>()) { round_trip(&spec, |p| AnyProp::Octi(p.clone()))?; }

            #[test]
            fn gess(spec in tree::<Gess>()) { round_trip(&spec, |p| AnyProp::Gess(p.clone()))?; }

            #[test]
            fn othello(spec in tree::<Othello>()) {
                round_trip(&spec, |p| AnyProp::Othello(p.clone()))?;
            }

            #[test]
            fn raw_chess(spec in tree::<Chess>()) {
                // Chess is read as Raw<0>: the same bytes, typed the same way.
                round_trip(&spec, |p| {
                    let size = Chess::default_size();
                    let (ident, raw) = p.to_raw(size);
                    let refs: Vec<&[u8]> = raw.iter().map(|v| v.as_slice()).collect();
                    AnyProp::Raw(3, Prop::parse(&ident, &refs, size))
                })?;
            }
        }
    }
}
