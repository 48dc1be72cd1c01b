//! Typed access to the properties of a tree: [`Node::prop`], [`Node::props`],
//! [`Node::typed_props`] and [`Collection::set_prop`], for a game named by
//! its type; the tree itself knows no game.
//!
//! Typed access checks the game: see [`Node::prop`].
//!
//! Building a game from scratch with typed values:
//!
//! ```
//! use sgfkit::Collection;
//! use sgfkit::game::go::{Go, Move, Point};
//! use sgfkit::grammar::value::PointListItem;
//! use sgfkit::property::typed::Prop;
//!
//! let mut c = Collection::new();
//! let root = c.add_game();
//! c.set_prop::<Go>(root, &Prop::GM(1))?;
//! c.set_prop::<Go>(root, &Prop::FF(4))?;
//! c.set_prop::<Go>(root, &Prop::SZ((9, 9)))?;
//! c.set_prop::<Go>(root, &Prop::KM("6.5".parse().unwrap()))?;
//! c.set_prop::<Go>(root, &Prop::PB("Go [Seigen]".into()))?;
//! c.set_prop::<Go>(root, &Prop::AB(vec![PointListItem::Point(Point::new(2, 2))]))?;
//! let m = c.add_child(root)?;
//! c.set_prop::<Go>(m, &Prop::W(Move::Play(Point::new(4, 4))))?;
//! c.set_prop::<Go>(m, &Prop::LB(vec![(Point::new(4, 4), "a:1".into())]))?;
//! assert_eq!(
//!     c.to_string(),
//!     "(;GM[1]FF[4]SZ[9]KM[6.5]PB[Go [Seigen\\]]AB[cc]\n;W[ee]LB[ee:a\\:1])\n"
//! );
//! // And back.
//! let node = c.node(m);
//! assert_eq!(node.prop::<Go>("W"), Some(Prop::W(Move::Play(Point::new(4, 4)))));
//! # Ok::<(), sgfkit::EditError>(())
//! ```

use super::typed::{Prop, Value};
use super::{ValueType, lookup};
use crate::game::{BoardSize, Game, GameMismatch, GameType};
use crate::tree::{Collection, EditError, Node, NodeId, Properties, Property};

impl<'c, 'a> Node<'c, 'a> {
    /// The game this node's tree records, from its root's `GM` as
    /// [`GameType::read_gm_number`] reads it: no `GM` is Go; a name
    /// (`GM[Hex]`) or spaces around the number are tolerated; a plain number
    /// outside 1–40 (`GM[123]`) is `Err(123)`, a game FF\[4\] does not know
    /// (read raw by [`Node::any_props`], never as Go).
    ///
    /// ```
    /// use sgfkit::game::GameType;
    /// let c = sgfkit::parse(b"(;GM[11])(;GM[123])(;)")?;
    /// let r: Vec<_> = c.games().map(|g| g.tree_game()).collect();
    /// assert_eq!(r, [Ok(GameType::Hex), Err(123), Ok(GameType::Go)]);
    /// # Ok::<(), sgfkit::Error>(())
    /// ```
    ///
    /// # Errors
    /// The `GM` number when FF\[4\] does not number such a game.
    pub fn tree_game(&self) -> Result<GameType, u32> {
        match self.game_root().get("GM") {
            // Only the first value names the game (the others only add a
            // warning, which is not asked for here).
            Some(gm) => GameType::read_gm_number(&[gm.value()]),
            None => Ok(GameType::Go),
        }
    }

    /// `Ok` when this node's tree records game `G` ([`Node::tree_game`]), or
    /// when `G` is [`Raw<0>`](crate::game::Raw), which reads any tree raw.
    ///
    /// ```
    /// use sgfkit::game::{go::Go, hex::Hex, Raw};
    /// let c = sgfkit::parse(b"(;GM[11];B[c3])")?;
    /// let node = c.games().next().unwrap().first_child().unwrap();
    /// assert!(node.require_game::<Hex>().is_ok());
    /// assert!(node.require_game::<Raw<0>>().is_ok());
    /// let e = node.require_game::<Go>().unwrap_err();
    /// assert_eq!(e.to_string(), "this game is Hex (GM[11]), not Go");
    /// # Ok::<(), sgfkit::Error>(())
    /// ```
    ///
    /// # Errors
    /// A [`GameMismatch`] naming both games.
    pub fn require_game<G: Game>(&self) -> Result<(), GameMismatch> {
        if G::GM == 0 {
            return Ok(());
        }
        let tree = self.tree_game().map_or_else(|n| n, GameType::gm);
        if tree == G::GM {
            Ok(())
        } else {
            Err(GameMismatch {
                tree,
                asked: G::GM,
                asked_name: G::NAME,
            })
        }
    }

    /// The board size of this node's game for game `G`: the root's `SZ`,
    /// or [`Game::default_size`] when it is absent or unreadable.
    ///
    /// ```
    /// use sgfkit::game::{BoardSize, go::Go};
    /// let t = sgfkit::parse(b"(;SZ[9:13];B[aa])")?;
    /// let leaf = t.games().next().unwrap().first_child().unwrap();
    /// assert_eq!(leaf.board_size::<Go>(), BoardSize::new(9, 13));
    /// # Ok::<(), sgfkit::Error>(())
    /// ```
    pub fn board_size<G: Game>(&self) -> BoardSize {
        let root = self.game_root();
        let Some(sz) = root.get("SZ") else {
            return G::default_size();
        };
        let values: Vec<&[u8]> = sz.values().collect();
        let vt = lookup("SZ", G::GM).map_or(ValueType::Unknown, |i| i.value_type);
        match Value::<G>::parse(&vt, &values, G::default_size()) {
            Ok(Value::Size((c, r))) => match (u16::try_from(c), u16::try_from(r)) {
                (Ok(c), Ok(r)) if c > 0 && r > 0 => BoardSize::new(c, r),
                _ => G::default_size(),
            },
            _ => G::default_size(),
        }
    }

    /// The first property `ident` of this node, typed for game `G` (see
    /// [`Prop::parse`]); `None` if the node has no such property.
    ///
    /// ```
    /// use sgfkit::game::go::{Go, Move, Point};
    /// use sgfkit::property::typed::Prop;
    /// let t = sgfkit::parse(b"(;GM[1]SZ[9]KM[6.5];B[ee])")?;
    /// let root = t.games().next().unwrap();
    /// assert_eq!(root.prop::<Go>("KM"), Some(Prop::KM("6.5".parse().unwrap())));
    /// let b = root.first_child().unwrap().prop::<Go>("B");
    /// assert_eq!(b, Some(Prop::B(Move::Play(Point::new(4, 4)))));
    /// # Ok::<(), sgfkit::Error>(())
    /// ```
    ///
    /// # Typed access checks the game
    ///
    /// A tree records one game, named by its root's `GM`
    /// ([`Node::tree_game`]; no `GM` is Go, the FF\[4\] default). Asked for
    /// the values of another game `G`, a property whose value depends on the
    /// game (points, moves, stones: `B`, `W`, `AB`, markup, `LB` …; or a
    /// property only `G` has, such as Go's `HA` and `KM`) is not misread: it
    /// comes back [`Prop::Invalid`] with its raw values and the reason, e.g.
    /// "this game is Othello (GM\[2\]), not Go". Properties that read the same
    /// in every game (`GM`, `SZ`, `PB`, `C` …) are read as usual, so any
    /// tree's `GM` and players can be read with any `G`.
    ///
    /// [`Node::require_game`] asks the question once, as a `Result`;
    /// [`Raw<0>`](crate::game::Raw) reads every tree, values kept raw; a
    /// collection that mixes games is read with [`Node::any_props`], which
    /// picks each tree's game.
    ///
    /// ```
    /// use sgfkit::game::go::Go;
    /// use sgfkit::property::typed::Prop;
    ///
    /// let c = sgfkit::parse(b"(;GM[2]PB[Anna];B[aa])")?;
    /// let root = c.games().next().unwrap();
    /// assert_eq!(root.prop::<Go>("PB"), Some(Prop::PB("Anna".into())));
    /// let b = root.first_child().unwrap().prop::<Go>("B").unwrap();
    /// assert!(matches!(b, Prop::Invalid { reason, .. } if reason == "this game is Othello (GM[2]), not Go"));
    /// assert_eq!(root.require_game::<Go>().unwrap_err().to_string(), "this game is Othello (GM[2]), not Go");
    /// # Ok::<(), sgfkit::Error>(())
    /// ```
    pub fn prop<G: Game>(&self, ident: &str) -> Option<Prop<G>> {
        let p = self.get(ident)?;
        let other = self.require_game::<G>().err();
        let values: Vec<&[u8]> = p.values().collect();
        Some(typed(&p, &values, self.board_size::<G>(), other.as_ref()))
    }

    /// All properties of this node, typed for game `G`, in file order
    /// (checked against the tree's game as [`Node::prop`] is).
    ///
    /// ```
    /// use sgfkit::game::go::Go;
    /// use sgfkit::property::typed::Prop;
    /// let t = sgfkit::parse(b"(;GM[1]XY[z]C[hi])")?;
    /// let props = t.games().next().unwrap().props::<Go>();
    /// assert_eq!(props[0], Prop::GM(1));
    /// assert!(matches!(props[1], Prop::Unknown { .. }));
    /// assert_eq!(props[2], Prop::C("hi".into()));
    /// # Ok::<(), sgfkit::Error>(())
    /// ```
    pub fn props<G: Game>(&self) -> Vec<Prop<G>> {
        self.props_on::<G>(self.board_size::<G>())
    }

    /// All properties of this node, typed for game `G` on a board of `size`
    /// (what [`Node::props`] does after finding the size at the root; walking
    /// a whole tree, find the size once and call this).
    ///
    /// ```
    /// use sgfkit::game::{BoardSize, go::Go};
    /// use sgfkit::property::typed::Prop;
    /// let t = sgfkit::parse(b"(;SZ[25];B[yy])")?;
    /// let root = t.games().next().unwrap();
    /// let size = root.board_size::<Go>();
    /// let b = &root.first_child().unwrap().props_on::<Go>(size)[0];
    /// assert!(matches!(b, Prop::B(_)));
    /// # Ok::<(), sgfkit::Error>(())
    /// ```
    pub fn props_on<G: Game>(&self, size: BoardSize) -> Vec<Prop<G>> {
        self.typed_props::<G>(size).collect()
    }

    /// The properties of this node, typed for game `G` on a board of `size`,
    /// one at a time: [`Node::props_on`] without the vector, so a node with
    /// millions of properties is read in constant memory. The values of each
    /// property are split into one buffer the iterator reuses.
    ///
    /// ```
    /// use sgfkit::game::go::{Go, Move, Point};
    /// use sgfkit::property::typed::Prop;
    /// let t = sgfkit::parse(b"(;SZ[9];B[ee]C[hi])")?;
    /// let root = t.games().next().unwrap();
    /// let size = root.board_size::<Go>();
    /// let node = root.first_child().unwrap();
    /// let mut props = node.typed_props::<Go>(size);
    /// assert_eq!(props.next(), Some(Prop::B(Move::Play(Point::new(4, 4)))));
    /// assert_eq!(props.next(), Some(Prop::C("hi".into())));
    /// assert_eq!(props.next(), None);
    /// # Ok::<(), sgfkit::Error>(())
    /// ```
    pub fn typed_props<G: Game>(&self, size: BoardSize) -> TypedProps<'c, 'a, G> {
        self.typed_props_in(size, self.require_game::<G>().err())
    }

    /// [`Node::typed_props`] with the answer of [`Node::require_game`]
    /// given, found once for the whole game tree.
    pub(crate) fn typed_props_in<G: Game>(
        &self,
        size: BoardSize,
        other: Option<GameMismatch>,
    ) -> TypedProps<'c, 'a, G> {
        TypedProps {
            props: self.properties(),
            size,
            other,
            values: Vec::new(),
            game: std::marker::PhantomData,
        }
    }
}

/// The typed properties of a node, one at a time; see [`Node::typed_props`].
pub struct TypedProps<'c, 'a, G: Game> {
    /// The properties not read yet.
    props: Properties<'c, 'a>,
    size: BoardSize,
    other: Option<GameMismatch>,
    /// The values of the current property, reused from one to the next.
    values: Vec<&'c [u8]>,
    game: std::marker::PhantomData<fn() -> G>,
}

impl<G: Game> std::fmt::Debug for TypedProps<'_, '_, G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TypedProps")
            .field("game", &G::NAME)
            .field("left", &self.props.len())
            .finish()
    }
}

impl<'c, G: Game> Iterator for TypedProps<'c, '_, G> {
    type Item = Prop<G>;

    fn next(&mut self) -> Option<Prop<G>> {
        let p = self.props.next()?;
        self.values.clear();
        self.values.extend(p.values());
        Some(typed(&p, &self.values, self.size, self.other.as_ref()))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.props.size_hint()
    }
}

impl<G: Game> ExactSizeIterator for TypedProps<'_, '_, G> {}

/// Reads `p`, whose values are `values`, for game `G`; with `other` (the
/// tree records another game), a value that depends on the game is refused
/// with the mismatch as reason.
fn typed<G: Game>(
    p: &Property<'_>,
    values: &[&[u8]],
    size: BoardSize,
    other: Option<&GameMismatch>,
) -> Prop<G> {
    if let Some(m) = other
        && depends_on_game::<G>(p.ident())
    {
        return Prop::Invalid {
            ident: p.ident().to_string(),
            values: values.iter().map(|v| v.to_vec()).collect(),
            reason: m.to_string(),
        };
    }
    Prop::parse(p.ident(), values, size)
}

/// True when property `ident` read for game `G` means something only in
/// `G`: its value holds points, moves or stones, or the table defines it for
/// `G` alone.
fn depends_on_game<G: Game>(ident: &str) -> bool {
    fn game_values(vt: &ValueType) -> bool {
        match vt {
            ValueType::Point | ValueType::Move | ValueType::Stone => true,
            ValueType::Compose(a, b) | ValueType::Either(a, b) => game_values(a) || game_values(b),
            ValueType::List(e) | ValueType::EList(e) => game_values(e),
            _ => false,
        }
    }
    lookup(ident, G::GM)
        .is_some_and(|info| info.game == Some(G::GM) || game_values(&info.value_type))
}

impl Collection<'_> {
    /// Sets a typed property on `node`: its canonical raw values (see
    /// [`Prop::to_raw`]) replace the first property with that identifier,
    /// or are appended. Points are written for the board size of the node's
    /// game.
    ///
    /// ```
    /// use sgfkit::game::go::Go;
    /// use sgfkit::property::typed::Prop;
    /// let mut c = sgfkit::parse(b"(;GM[1]SZ[19:19])")?.into_owned();
    /// let root = c.games().next().unwrap().id();
    /// c.set_prop::<Go>(root, &Prop::SZ((19, 19))).unwrap();
    /// c.set_prop::<Go>(root, &Prop::AP(("My:App".into(), "1".into()))).unwrap();
    /// assert_eq!(c.to_string(), "(;GM[1]SZ[19]AP[My\\:App:1])\n");
    /// # Ok::<(), sgfkit::Error>(())
    /// ```
    ///
    /// # Errors
    /// As [`Collection::set_property`].
    pub fn set_prop<G: Game>(&mut self, node: NodeId, prop: &Prop<G>) -> Result<(), EditError> {
        // An id out of range gets the default size; set_property refuses it.
        let size = if self.indexes(node) {
            self.node(node).board_size::<G>()
        } else {
            G::default_size()
        };
        let (ident, values) = prop.to_raw(size);
        self.set_property(node, &ident, values)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{
        amazons::Amazons, backgammon::Backgammon, gess::Gess, go::Go, hex::Hex,
        lines_of_action::LinesOfAction, octi::Octi, raw::Raw,
    };
    use std::collections::HashMap;
    use std::path::{Path, PathBuf};

    /// `shared/corpus` in an ancestor of the crate directory.
    fn corpus_dir() -> Option<PathBuf> {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .ancestors()
            .map(|d| d.join("shared/corpus"))
            .find(|d| d.is_dir())
    }

    fn sgf_files(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                sgf_files(&p, out);
            } else if p.extension().is_some_and(|x| x.eq_ignore_ascii_case("sgf")) {
                out.push(p);
            }
        }
    }

    #[derive(Default)]
    struct Tally {
        props: usize,
        unknown: usize,
        unknown_idents: HashMap<String, usize>,
        invalid: HashMap<(String, String), usize>,
        by_ident: HashMap<String, usize>,
    }

    fn tally<G: Game>(game: Node<'_, '_>, t: &mut Tally) {
        for n in game.descendants() {
            for p in n.props::<G>() {
                t.props += 1;
                match p {
                    Prop::Unknown { ident, .. } => {
                        t.unknown += 1;
                        *t.unknown_idents.entry(ident).or_default() += 1;
                    }
                    Prop::Invalid { ident, reason, .. } => {
                        *t.by_ident.entry(ident.clone()).or_default() += 1;
                        *t.invalid.entry((ident, reason)).or_default() += 1;
                    }
                    _ => {}
                }
            }
        }
    }

    // Typed trees of every game (Go included) print and parse back: see the
    // property tests in src/game/any.rs.

    #[test]
    fn corpus_reads_typed() {
        let Some(dir) = corpus_dir() else {
            eprintln!("SKIPPED corpus_reads_typed: shared/corpus not found");
            return;
        };
        let mut files = Vec::new();
        sgf_files(&dir, &mut files);
        files.sort();
        let (mut parsed, mut skipped, mut games) = (0, 0, 0);
        let mut t = Tally::default();
        for f in &files {
            let Ok(bytes) = std::fs::read(f) else {
                continue;
            };
            let Ok(coll) = crate::parse(&bytes) else {
                skipped += 1;
                continue;
            };
            parsed += 1;
            for g in coll.games() {
                games += 1;
                let gm = match g.prop::<Go>("GM") {
                    Some(Prop::GM(n)) => n,
                    _ => 1,
                };
                match gm {
                    1 => tally::<Go>(g, &mut t),
                    6 => tally::<Backgammon>(g, &mut t),
                    9 => tally::<LinesOfAction>(g, &mut t),
                    11 => tally::<Hex>(g, &mut t),
                    18 => tally::<Amazons>(g, &mut t),
                    19 => tally::<Octi>(g, &mut t),
                    20 => tally::<Gess>(g, &mut t),
                    _ => tally::<Raw<0>>(g, &mut t),
                }
            }
        }
        let invalid: usize = t.by_ident.values().sum();
        eprintln!(
            "typed corpus: {} files, {parsed} parsed, {skipped} skipped, {games} games, {} properties, {} unknown, {invalid} invalid",
            files.len(),
            t.props,
            t.unknown
        );
        let mut unknown: Vec<_> = t.unknown_idents.iter().collect();
        unknown.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
        unknown.truncate(15);
        eprintln!("most frequent unknown identifiers: {unknown:?}");
        let mut kinds: HashMap<(&str, &str), usize> = HashMap::new();
        for ((ident, reason), n) in &t.invalid {
            let kind = reason.split('`').next().unwrap_or(reason).trim_end();
            *kinds.entry((ident, kind)).or_default() += n;
        }
        let mut kinds: Vec<_> = kinds.into_iter().collect();
        kinds.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        eprintln!("invalid by identifier and kind of reason: {kinds:?}");
        let mut by_ident: Vec<_> = t.by_ident.into_iter().collect();
        by_ident.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        eprintln!("invalid by identifier: {by_ident:?}");
        let mut top: Vec<_> = t.invalid.into_iter().collect();
        top.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        for ((ident, reason), n) in top.iter().take(30) {
            eprintln!("{n:>7}  {ident}  {reason}");
        }
        assert!(parsed > 0 || files.is_empty());
    }
}
