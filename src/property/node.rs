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

use super::typed::Prop;
use super::{ValueType, lookup};
use crate::game::{BoardSize, Game, GameMismatch, GameType, UnknownGame};
use crate::tree::{Collection, EditError, Node, NodeId, Properties, Property};

impl<'c, 'a> Node<'c, 'a> {
    /// The game this node's tree records: its root's `GM` as
    /// [`GameType::read_gm`] reads it, with a note when the value had to be
    /// read generously. No `GM` is Go, the FF\[4\] default; a name
    /// (`GM[Hex]`) or spaces around the number are read with a note.
    ///
    /// ```
    /// use sgfkit::game::GameType;
    /// let c = sgfkit::parse(b"(;GM[11])(;GM[123])(;)(;GM[hex])")?;
    /// let r: Vec<_> = c.games().map(|g| g.game()).collect();
    /// assert_eq!(r[0], Ok((GameType::Hex, None)));
    /// assert_eq!(r[1].as_ref().unwrap_err().number, Some(123));
    /// assert_eq!(r[2], Ok((GameType::Go, None)));
    /// assert_eq!(r[3].as_ref().unwrap().0, GameType::Hex);
    /// // Any node answers for its tree; a reader that goes on with an
    /// // unknown game says which game it takes instead.
    /// let (game, note) = c.games().nth(1).unwrap().game().unwrap_or_else(|e| e.read_as_go());
    /// assert_eq!(game, GameType::Go);
    /// assert!(note.unwrap().contains("GM[123]"));
    /// # Ok::<(), sgfkit::Error>(())
    /// ```
    ///
    /// # Errors
    /// An [`UnknownGame`] when `GM` names no game of FF\[4\] (`GM[123]`,
    /// `GM[chess!]`): [`Node::any_props`] reads such a tree raw, never as Go.
    pub fn game(&self) -> Result<(GameType, Option<String>), UnknownGame> {
        match self.game_root().get("GM") {
            Some(gm) => GameType::read_gm(&gm.values().collect::<Vec<_>>()),
            None => Ok((GameType::Go, None)),
        }
    }

    /// `Ok` when this node's tree records game `G` ([`Node::game`]), or
    /// when `G` is [`Raw<0>`](crate::game::Raw), which reads any tree raw.
    /// A program's own game (`G::GM` outside 1–40) matches a tree whose `GM`
    /// is that number.
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
        let tree = self.game().map(|(game, _)| game);
        let gm = match &tree {
            Ok(game) => Some(game.gm()),
            Err(unknown) => unknown.number,
        };
        if gm == Some(G::GM) {
            Ok(())
        } else {
            Err(GameMismatch {
                tree,
                asked: G::GM,
                asked_name: G::NAME,
            })
        }
    }

    /// The board this node's tree is played on, read as `game`: its root's
    /// `SZ[n]` (square) or `SZ[columns:rows]`, or the game's default size
    /// when `SZ` is missing, as [`BoardSize::read_sz`] reads it; with a note
    /// when the value was accepted but is not in FF\[4\]'s form
    /// (`SZ[19:19]`, spaces around a number).
    ///
    /// ```
    /// use sgfkit::game::{BoardSize, GameType};
    /// let c = sgfkit::parse(b"(;SZ[9:13];B[aa])(;GM[11])(;SZ[19:19])(;SZ[x])(;SZ[53])")?;
    /// let leaf = c.games().next().unwrap().first_child().unwrap();
    /// assert_eq!(leaf.board_size(GameType::Go), Ok((BoardSize::new(9, 13), None)));
    /// let r: Vec<_> = c.games().skip(1).map(|g| g.board_size(GameType::Go)).collect();
    /// assert_eq!(c.games().nth(1).unwrap().board_size(GameType::Hex), Ok((BoardSize::square(11), None)));
    /// assert!(r[1].as_ref().unwrap().1.as_deref().unwrap().contains("SZ[19]"));
    /// assert!(r[2].is_err());
    /// assert!(r[3].is_err()); // Go points reach 52 at most
    /// # Ok::<(), sgfkit::Error>(())
    /// ```
    ///
    /// # Errors
    /// A message when the value is not a number or a pair of numbers, a
    /// dimension is 0, or, for Go and the games written with Go points
    /// (Amazons, Gess), a dimension exceeds 52.
    pub fn board_size(&self, game: GameType) -> Result<(BoardSize, Option<String>), String> {
        let values: Vec<&[u8]> = self
            .game_root()
            .get("SZ")
            .map_or_else(Vec::new, |sz| sz.values().collect());
        BoardSize::read_sz(&values, game)
    }

    /// The board typed access reads the values of game `G` on: the root's
    /// `SZ` read as [`Node::board_size`] reads it, and `G`'s default size
    /// when `SZ` is missing or unreadable (values are then checked against
    /// the default board, and points off it come back
    /// [`Prop::Invalid`]). Read it once to type a whole tree's nodes with
    /// [`Node::props_on`].
    ///
    /// ```
    /// use sgfkit::game::{BoardSize, go::Go, hex::Hex};
    /// let t = sgfkit::parse(b"(;GM[1]SZ[13];B[cc])(;GM[11])")?;
    /// let mut games = t.games();
    /// assert_eq!(games.next().unwrap().typed_size::<Go>(), BoardSize::square(13));
    /// assert_eq!(games.next().unwrap().typed_size::<Hex>(), BoardSize::square(11));
    /// # Ok::<(), sgfkit::Error>(())
    /// ```
    pub fn typed_size<G: Game>(&self) -> BoardSize {
        let values: Vec<&[u8]> = self
            .game_root()
            .get("SZ")
            .map_or_else(Vec::new, |sz| sz.values().collect());
        let go_points = GameType::from_gm(G::GM)
            .filter(|g| matches!(g, GameType::Go | GameType::Amazons | GameType::Gess))
            .map(GameType::name);
        BoardSize::read_sz_as(&values, G::default_size(), go_points)
            .map_or_else(|_| G::default_size(), |(size, _)| size)
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
    /// ([`Node::game`]; no `GM` is Go, the FF\[4\] default). Asked for
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
        Some(typed(&p, &values, self.typed_size::<G>(), other.as_ref()))
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
        self.props_on::<G>(self.typed_size::<G>())
    }

    /// All properties of this node, typed for game `G` on a board of `size`
    /// (what [`Node::props`] does after finding the size at the root; walking
    /// a whole tree, find the size once and call this).
    ///
    /// ```
    /// use sgfkit::game::{GameType, go::Go};
    /// use sgfkit::property::typed::Prop;
    /// let t = sgfkit::parse(b"(;SZ[25];B[yy])")?;
    /// let root = t.games().next().unwrap();
    /// let size = root.board_size(GameType::Go).unwrap().0;
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
    /// use sgfkit::game::{GameType, go::{Go, Move, Point}};
    /// use sgfkit::property::typed::Prop;
    /// let t = sgfkit::parse(b"(;SZ[9];B[ee]C[hi])")?;
    /// let root = t.games().next().unwrap();
    /// let size = root.board_size(GameType::Go).unwrap().0;
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
            self.node(node).typed_size::<G>()
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

    #[test]
    fn game_and_board_of_each_tree() {
        let c = crate::parse(b"(;GM[6])(;GM[9]SZ[10];B[a1])(;GM[19])(;GM[2]SZ[8])").unwrap();
        let r: Vec<_> = c
            .games()
            .map(|g| {
                let (game, note) = g.game().unwrap();
                assert!(note.is_none());
                (game, g.board_size(game).unwrap().0)
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
        // Any node of a tree answers for its tree.
        let leaf = c.games().nth(1).unwrap().first_child().unwrap();
        assert_eq!(leaf.game().unwrap().0, GameType::LinesOfAction);
        assert_eq!(
            leaf.board_size(GameType::LinesOfAction),
            Ok((BoardSize::square(10), None))
        );
    }

    #[test]
    fn typed_access_reads_the_board_as_board_size_does() {
        // SZ with spaces: read (with a note) by board_size, and typed access
        // checks points against that board, not the default one.
        let c = crate::parse(b"(;SZ[ 5 ];B[ee];W[ff])(;SZ[x];B[ss])").unwrap();
        let mut games = c.games();
        let g = games.next().unwrap();
        let (size, note) = g.board_size(GameType::Go).unwrap();
        assert_eq!(size, BoardSize::square(5));
        assert!(note.unwrap().contains("spaces"));
        assert_eq!(g.typed_size::<Go>(), size);
        let b = g.first_child().unwrap();
        assert!(matches!(b.prop::<Go>("B"), Some(Prop::B(_))));
        let w = b.first_child().unwrap().prop::<Go>("W").unwrap();
        assert!(matches!(w, Prop::Invalid { .. }), "{w:?}");
        // Unreadable SZ: an error from board_size, the default for typed access.
        let g = games.next().unwrap();
        assert!(g.board_size(GameType::Go).is_err());
        assert_eq!(g.typed_size::<Go>(), BoardSize::square(19));
        assert!(matches!(
            g.first_child().unwrap().prop::<Go>("B"),
            Some(Prop::B(_))
        ));
    }

    #[test]
    fn a_programs_own_game_reads_its_own_board() {
        // Raw<50> is a game FF[4] does not number: its tree's GM and SZ hold.
        let c = crate::parse(b"(;GM[50]SZ[7:3])").unwrap();
        let root = c.games().next().unwrap();
        assert!(root.require_game::<Raw<50>>().is_ok());
        assert_eq!(root.typed_size::<Raw<50>>(), BoardSize::new(7, 3));
        let e = root.require_game::<Go>().unwrap_err();
        assert_eq!(
            e.to_string(),
            "this game is GM[50] (no game of FF[4]), not Go"
        );
    }
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
