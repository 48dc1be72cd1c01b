//! What an SGF file says, in a form any SGF reader can print: the
//! *meaning* format of `docs/conformance.md`, the common ground on which
//! `sgfkit conform` compares another program's reading with sgfkit's.
//!
//! ```text
//! { "games": [ { "children": [1, 2, 0, 0],            // per node, pre-order
//!                "nodes": [ [ ["FF", ["4"]], ["GM", ["1"]] ],   // per node: properties
//!                           [ ["B", ["pd"]] ], ... ] } ] }      // in file order
//! ```
//!
//! A property is `[ident, values]`; a value is a string, or a pair of
//! strings for a composed value (`LB[dd:A]` is `["LB", [["dd", "A"]]]`):
//!
//! * texts (`text`, `simpletext`, and the text halves of composes) decoded:
//!   escapes removed, soft line breaks removed, hard line breaks `\n` in
//!   `text` and a space in `simpletext`, other white space a space;
//! * points, moves and stones in the game's own notation as sgfkit writes
//!   it (a Go pass is `""`, also when written `tt`);
//! * lists of points or stones expanded: every point of a rectangle, each
//!   point once, sorted by its text (byte order);
//! * numbers, reals, doubles, colours, `SZ` and the number of `FG` as
//!   written; `none` is `""`;
//! * unknown identifiers and values that do not fit their type: the raw
//!   values as written, escapes intact.
//!
//! ```
//! use sgfkit_conform::meaning::{Item, Meaning};
//!
//! let c = sgfkit::parse(b"(;GM[1]SZ[9]AB[aa:bb];B[ee]C[a\\]b\\\nc](;W[])(;W[tt]))")?;
//! let m = Meaning::of(&c);
//! let game = &m.games[0];
//! assert_eq!(game.children, [1, 2, 0, 0]);
//! assert_eq!(game.nodes[0][2].values, ["aa", "ab", "ba", "bb"].map(Item::from));
//! assert_eq!(game.nodes[1][1].values, [Item::from("a]bc")]);
//! assert_eq!(game.nodes[3][0].values, [Item::from("")]); // tt: a pass
//! assert_eq!(
//!     m.to_json(),
//!     r#"{"games":[{"children":[1,2,0,0],"nodes":[[["GM",["1"]],["SZ",["9"]],["AB",["aa","ab","ba","bb"]]],[["B",["ee"]],["C",["a]bc"]]],[["W",[""]]],[["W",[""]]]]}]}"#
//! );
//! # Ok::<(), sgfkit::Error>(())
//! ```

mod diff;
mod grid;
mod json;
mod value;

pub use diff::{Difference, Where};
pub use json::FormatError;

use grid::Grid;
use sgfkit::game::amazons::Amazons;
use sgfkit::game::backgammon::Backgammon;
use sgfkit::game::gess::Gess;
use sgfkit::game::go::Go;
use sgfkit::game::hex::Hex;
use sgfkit::game::lines_of_action::LinesOfAction;
use sgfkit::game::octi::Octi;
use sgfkit::game::raw::{GomokuRenju, Othello};
use sgfkit::game::{GameType, Raw};
use sgfkit::{Collection, Node};

/// What a collection says: each game tree's shape and its nodes'
/// properties (see the [module documentation](self)).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Meaning {
    /// The game trees in file order.
    pub games: Vec<GameMeaning>,
}

/// One game tree: the shape and the nodes, in pre-order (file order).
///
/// ```
/// let c = sgfkit::parse(b"(;C[root](;B[aa])(;B[bb];W[cc]))")?;
/// let game = &sgfkit_conform::meaning::Meaning::of(&c).games[0];
/// assert_eq!(game.children, [2, 0, 1, 0]);
/// assert_eq!(game.nodes.len(), 4);
/// # Ok::<(), sgfkit::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct GameMeaning {
    /// How many children each node has, node by node in pre-order.
    pub children: Vec<usize>,
    /// Each node's properties in file order.
    pub nodes: Vec<Vec<PropMeaning>>,
}

/// One property: its identifier and decoded values.
///
/// ```
/// use sgfkit_conform::meaning::{Item, Meaning};
/// let c = sgfkit::parse(b"(;GM[11]SZ[5]LB[c3:x\\:y])")?;
/// let lb = &Meaning::of(&c).games[0].nodes[0][2];
/// assert_eq!(lb.ident, "LB");
/// assert_eq!(lb.values, [Item::Pair("c3".into(), "x:y".into())]);
/// # Ok::<(), sgfkit::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PropMeaning {
    /// The identifier in FF\[4\] form (capitals only).
    pub ident: String,
    /// The values.
    pub values: Vec<Item>,
}

/// One value: a string, or the two halves of a composed value.
///
/// ```
/// use sgfkit_conform::meaning::Item;
/// assert_eq!(Item::from("pd"), Item::One("pd".to_string()));
/// assert_eq!(Item::Pair("aa".into(), "bb".into()).to_string(), r#"["aa","bb"]"#);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Item {
    /// A single value.
    One(String),
    /// A composed value `a:b`.
    Pair(String, String),
}

impl From<&str> for Item {
    fn from(s: &str) -> Item {
        Item::One(s.to_string())
    }
}

impl std::fmt::Display for Item {
    /// The item as JSON.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut out = String::new();
        json::write_item(&mut out, self);
        f.write_str(&out)
    }
}

impl Meaning {
    /// The meaning of every game tree of `collection`, each read with the
    /// game of its root's `GM` on the board of its `SZ`.
    ///
    /// ```
    /// let c = sgfkit::parse(b"(;GM[11]SZ[4];B[b2])(;FF[4];B[])")?;
    /// let m = sgfkit_conform::meaning::Meaning::of(&c);
    /// assert_eq!(m.games.len(), 2);
    /// assert_eq!(m.games[1].nodes[1][0].values, [sgfkit_conform::meaning::Item::from("")]);
    /// # Ok::<(), sgfkit::Error>(())
    /// ```
    pub fn of(collection: &Collection<'_>) -> Meaning {
        Meaning {
            games: collection.games().map(GameMeaning::of).collect(),
        }
    }

    /// The meaning as one line of JSON (no white space, no final newline).
    ///
    /// ```
    /// let c = sgfkit::parse(b"(;C[hi])")?;
    /// let m = sgfkit_conform::meaning::Meaning::of(&c);
    /// assert_eq!(m.to_json(), r#"{"games":[{"children":[0],"nodes":[[["C",["hi"]]]]}]}"#);
    /// # Ok::<(), sgfkit::Error>(())
    /// ```
    pub fn to_json(&self) -> String {
        json::write(self)
    }

    /// Reads the meaning JSON another program printed.
    ///
    /// ```
    /// use sgfkit_conform::meaning::Meaning;
    /// let m = Meaning::from_json(r#"{"games":[{"children":[0],"nodes":[[["C",["hi"]]]]}]}"#)?;
    /// assert_eq!(m, Meaning::of(&sgfkit::parse(b"(;C[hi])")?));
    /// assert!(Meaning::from_json(r#"{"games":[{"children":[0]}]}"#).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// Not JSON, or JSON of another shape; the error says where.
    pub fn from_json(text: &str) -> Result<Meaning, FormatError> {
        json::read(text)
    }

    /// The first place where `other` says something else, or `None` when
    /// both agree. A node's properties are compared as a set, and so are a
    /// property's values: their order does not matter (FF\[4\] gives it no
    /// meaning).
    ///
    /// ```
    /// use sgfkit_conform::meaning::{Meaning, Where};
    /// let a = Meaning::of(&sgfkit::parse(b"(;GM[1];B[aa]C[x])")?);
    /// let b = Meaning::of(&sgfkit::parse(b"(;GM[1];C[x]B[aa])")?);
    /// assert_eq!(a.first_difference(&b), None);
    /// let c = Meaning::of(&sgfkit::parse(b"(;GM[1];B[aa]C[y])")?);
    /// let d = a.first_difference(&c).unwrap();
    /// assert_eq!(d.at, Where::Property { game: 0, node: 1, ident: "C".into() });
    /// assert_eq!((d.ours.as_str(), d.theirs.as_str()), (r#"["x"]"#, r#"["y"]"#));
    /// # Ok::<(), sgfkit::Error>(())
    /// ```
    pub fn first_difference(&self, other: &Meaning) -> Option<Difference> {
        diff::first(self, other)
    }
}

impl GameMeaning {
    /// The meaning of the game tree under `root`.
    ///
    /// ```
    /// let c = sgfkit::parse(b"(;GM[1](;B[aa])(;B[bb]))")?;
    /// let g = sgfkit_conform::meaning::GameMeaning::of(c.games().next().unwrap());
    /// assert_eq!(g.children, [2, 0, 0]);
    /// # Ok::<(), sgfkit::Error>(())
    /// ```
    pub fn of(root: Node<'_, '_>) -> GameMeaning {
        match root.game().map(|(game, _)| game) {
            Ok(GameType::Go) => read::<Go>(root),
            Ok(GameType::Backgammon) => read::<Backgammon>(root),
            Ok(GameType::LinesOfAction) => read::<LinesOfAction>(root),
            Ok(GameType::Hex) => read::<Hex>(root),
            Ok(GameType::Amazons) => read::<Amazons>(root),
            Ok(GameType::Octi) => read::<Octi>(root),
            Ok(GameType::Gess) => read::<Gess>(root),
            Ok(GameType::Othello) => read::<Othello>(root),
            Ok(GameType::GomokuRenju) => read::<GomokuRenju>(root),
            _ => read::<Raw<0>>(root),
        }
    }
}

fn read<G: Grid>(root: Node<'_, '_>) -> GameMeaning {
    let size = root.typed_size::<G>();
    let mut game = GameMeaning::default();
    for node in root.descendants() {
        game.children.push(node.child_count());
        let props = node
            .properties()
            .map(|p| {
                let raw: Vec<&[u8]> = p.values().collect();
                PropMeaning {
                    ident: p.ident().to_string(),
                    values: value::items::<G>(p.ident(), &raw, size),
                }
            })
            .collect();
        game.nodes.push(props);
    }
    game
}

#[cfg(test)]
mod tests;
