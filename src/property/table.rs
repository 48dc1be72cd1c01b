//! The property table and the types that describe its entries.

use std::fmt;
use std::str::FromStr;

/// The property type of the SGF specification: it restricts the kind of node
/// a property may appear in.
///
/// ```
/// use sgfkit::property::{lookup, PropertyType};
///
/// assert_eq!(lookup("B", 1).unwrap().property_type, PropertyType::Move);
/// assert_eq!(lookup("SZ", 1).unwrap().property_type, PropertyType::Root);
/// assert_eq!(lookup("C", 1).unwrap().property_type, PropertyType::None);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PropertyType {
    /// Belongs to a move node; must not share a node with setup properties.
    Move,
    /// Belongs to a setup node; must not share a node with move properties.
    Setup,
    /// Allowed in the root node of a game tree only.
    Root,
    /// Game information; at most one node on any path from the root to a
    /// leaf may carry game-info properties.
    GameInfo,
    /// No placement restriction (the spec writes `-`).
    None,
}

impl PropertyType {
    /// The spelling the specification uses: `move`, `setup`, `root`,
    /// `game-info` or `-`.
    ///
    /// ```
    /// use sgfkit::property::PropertyType;
    ///
    /// assert_eq!(PropertyType::GameInfo.spec_name(), "game-info");
    /// assert_eq!(PropertyType::None.spec_name(), "-");
    /// ```
    pub const fn spec_name(self) -> &'static str {
        match self {
            PropertyType::Move => "move",
            PropertyType::Setup => "setup",
            PropertyType::Root => "root",
            PropertyType::GameInfo => "game-info",
            PropertyType::None => "-",
        }
    }
}

impl fmt::Display for PropertyType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.spec_name())
    }
}

/// The value type of a property, as a tree built from the basic types of the
/// specification.
///
/// The nested variants hold `&'static` references so that the whole tree can
/// live in the static [`PROPERTIES`] table.
///
/// [`Display`](fmt::Display) writes the type the way the specification does:
///
/// ```
/// use sgfkit::property::{lookup, ValueType};
///
/// let lb = lookup("LB", 1).unwrap();
/// assert_eq!(lb.value_type.to_string(), "list of composed point ':' simpletext");
/// let sz = lookup("SZ", 1).unwrap();
/// assert_eq!(sz.value_type.to_string(), "number | composed number ':' number");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ValueType {
    /// The empty value `[]`.
    None,
    /// An integer, optionally signed.
    Number,
    /// A decimal number, optionally signed.
    Real,
    /// Emphasis: `1` (normal) or `2` (emphasized).
    Double,
    /// `B` or `W`.
    Color,
    /// Single-line text (line breaks become spaces).
    SimpleText,
    /// Formatted text that may contain line breaks.
    Text,
    /// A board point; its syntax depends on the game.
    Point,
    /// A move; its syntax depends on the game.
    Move,
    /// A stone (a piece on a point); its syntax depends on the game.
    Stone,
    /// Two values joined by an unescaped `:` inside one `[...]`.
    Compose(&'static ValueType, &'static ValueType),
    /// One or more values, each in its own brackets.
    List(&'static ValueType),
    /// Like [`List`](ValueType::List), but a single empty value `[]` is
    /// also allowed.
    EList(&'static ValueType),
    /// Either of two value types (for example `SZ`: a number, or two
    /// numbers joined by `:`).
    Either(&'static ValueType, &'static ValueType),
    /// The value type is not given by the specification material (private
    /// or poorly documented properties). Treat the value as opaque.
    Unknown,
}

impl ValueType {
    /// True for `list of ...` and `elist of ...`.
    ///
    /// ```
    /// use sgfkit::property::lookup;
    ///
    /// assert!(lookup("AB", 1).unwrap().value_type.is_list());
    /// assert!(lookup("VW", 1).unwrap().value_type.is_list());
    /// assert!(!lookup("B", 1).unwrap().value_type.is_list());
    /// ```
    pub const fn is_list(&self) -> bool {
        matches!(self, ValueType::List(_) | ValueType::EList(_))
    }

    /// True for `elist of ...` only: a list that may also be given as a
    /// single empty value `[]`.
    ///
    /// ```
    /// use sgfkit::property::lookup;
    ///
    /// assert!(lookup("DD", 1).unwrap().value_type.is_elist());
    /// assert!(!lookup("AB", 1).unwrap().value_type.is_elist());
    /// ```
    pub const fn is_elist(&self) -> bool {
        matches!(self, ValueType::EList(_))
    }

    /// The element type of a list or elist, `None` for anything else.
    ///
    /// ```
    /// use sgfkit::property::{lookup, ValueType};
    ///
    /// let ar = lookup("AR", 1).unwrap();
    /// assert_eq!(
    ///     ar.value_type.element(),
    ///     Some(&ValueType::Compose(&ValueType::Point, &ValueType::Point))
    /// );
    /// assert_eq!(lookup("C", 1).unwrap().value_type.element(), None);
    /// ```
    pub const fn element(&self) -> Option<&'static ValueType> {
        match self {
            ValueType::List(e) | ValueType::EList(e) => Some(*e),
            _ => None,
        }
    }

    /// True if a composed value `a:b` is one of the forms this type allows
    /// (directly, as list element, or as one side of an
    /// [`Either`](ValueType::Either)). Parsers use this to decide whether
    /// an unescaped `:` separates two parts of a value.
    ///
    /// Compressed point lists are not counted here; see
    /// [`allows_compressed_points`](ValueType::allows_compressed_points).
    ///
    /// ```
    /// use sgfkit::property::lookup;
    ///
    /// assert!(lookup("LB", 1).unwrap().value_type.is_compose());
    /// assert!(lookup("SZ", 1).unwrap().value_type.is_compose());
    /// assert!(!lookup("C", 1).unwrap().value_type.is_compose());
    /// assert!(!lookup("AB", 1).unwrap().value_type.is_compose());
    /// ```
    pub const fn is_compose(&self) -> bool {
        match self {
            ValueType::Compose(_, _) => true,
            ValueType::List(e) | ValueType::EList(e) => e.is_compose(),
            ValueType::Either(a, b) => a.is_compose() || b.is_compose(),
            _ => false,
        }
    }

    /// True if a single empty value `[]` is a legal value of this type:
    /// `none`, an `elist`, or an [`Either`](ValueType::Either) with a `none`
    /// side (as `FG`).
    ///
    /// Game-specific empty values (such as the Go pass `B[]`) are not
    /// covered: they depend on the game's move syntax, not on the type.
    ///
    /// ```
    /// use sgfkit::property::lookup;
    ///
    /// assert!(lookup("KO", 1).unwrap().value_type.allows_empty());
    /// assert!(lookup("DD", 1).unwrap().value_type.allows_empty());
    /// assert!(lookup("FG", 1).unwrap().value_type.allows_empty());
    /// assert!(!lookup("AB", 1).unwrap().value_type.allows_empty());
    /// ```
    pub const fn allows_empty(&self) -> bool {
        match self {
            ValueType::None | ValueType::EList(_) => true,
            ValueType::Either(a, b) => a.allows_empty() || b.allows_empty(),
            _ => false,
        }
    }

    /// True if values may be written as compressed point lists
    /// (`AE[aa:cc]` for a rectangle), which the specification allows for
    /// `list of point` and `elist of point`.
    ///
    /// `list of stone` is not included: it may only be compressed in games
    /// where a stone is a point, see
    /// [`allows_compressed_points_in`](ValueType::allows_compressed_points_in).
    ///
    /// ```
    /// use sgfkit::property::lookup;
    ///
    /// assert!(lookup("AE", 1).unwrap().value_type.allows_compressed_points());
    /// assert!(lookup("VW", 1).unwrap().value_type.allows_compressed_points());
    /// assert!(!lookup("AB", 1).unwrap().value_type.allows_compressed_points());
    /// assert!(!lookup("AR", 1).unwrap().value_type.allows_compressed_points());
    /// ```
    pub const fn allows_compressed_points(&self) -> bool {
        matches!(
            self,
            ValueType::List(ValueType::Point) | ValueType::EList(ValueType::Point)
        )
    }

    /// Like [`allows_compressed_points`](ValueType::allows_compressed_points),
    /// but also true for lists of stones in games where a stone is written
    /// as a point (see [`stone_is_point`]).
    ///
    /// ```
    /// use sgfkit::property::lookup;
    ///
    /// let ab = lookup("AB", 1).unwrap();
    /// assert!(ab.value_type.allows_compressed_points_in(1)); // Go
    /// assert!(!ab.value_type.allows_compressed_points_in(19)); // Octi
    /// ```
    pub const fn allows_compressed_points_in(&self, gm: u32) -> bool {
        self.allows_compressed_points()
            || (stone_is_point(gm)
                && matches!(
                    self,
                    ValueType::List(ValueType::Stone) | ValueType::EList(ValueType::Stone)
                ))
    }

    /// True for [`ValueType::Unknown`].
    ///
    /// ```
    /// use sgfkit::property::lookup;
    ///
    /// assert!(lookup("CI", 1).unwrap().value_type.is_unknown());
    /// assert!(!lookup("KM", 1).unwrap().value_type.is_unknown());
    /// ```
    pub const fn is_unknown(&self) -> bool {
        matches!(self, ValueType::Unknown)
    }
}

impl fmt::Display for ValueType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ValueType::None => f.write_str("none"),
            ValueType::Number => f.write_str("number"),
            ValueType::Real => f.write_str("real"),
            ValueType::Double => f.write_str("double"),
            ValueType::Color => f.write_str("color"),
            ValueType::SimpleText => f.write_str("simpletext"),
            ValueType::Text => f.write_str("text"),
            ValueType::Point => f.write_str("point"),
            ValueType::Move => f.write_str("move"),
            ValueType::Stone => f.write_str("stone"),
            ValueType::Compose(a, b) => write!(f, "composed {a} ':' {b}"),
            ValueType::List(e) => write!(f, "list of {e}"),
            ValueType::EList(e) => write!(f, "elist of {e}"),
            ValueType::Either(a, b) => write!(f, "{a} | {b}"),
            ValueType::Unknown => f.write_str("unknown"),
        }
    }
}

/// True for the games whose specification pages say that a stone is written
/// exactly like a point: Go (`GM[1]`), Backgammon (`GM[6]`) and Gess
/// (`GM[20]`). In those games `list of stone` may be compressed like
/// `list of point`.
///
/// ```
/// use sgfkit::property::stone_is_point;
///
/// assert!(stone_is_point(1));
/// assert!(!stone_is_point(19)); // Octi: a stone carries prongs
/// ```
pub const fn stone_is_point(gm: u32) -> bool {
    matches!(gm, 1 | 6 | 20)
}

/// A set of file format versions `FF[1]` to `FF[4]`.
///
/// [`Display`](fmt::Display) and [`FromStr`] use the four-character notation
/// of the specification's property index: a digit for each version in the
/// set, `-` for each version that is not.
///
/// ```
/// use sgfkit::property::Versions;
///
/// let v = Versions::FF3 | Versions::FF4;
/// assert!(v.contains(4) && !v.contains(1));
/// assert_eq!(v.to_string(), "--34");
/// assert_eq!("--34".parse::<Versions>(), Ok(v));
/// assert_eq!(Versions::ALL.to_string(), "1234");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Versions(u8);

impl Versions {
    /// The empty set (used for private properties that belong to no
    /// version of the specification).
    pub const NONE: Versions = Versions(0);
    /// `FF[1]` only.
    pub const FF1: Versions = Versions(1);
    /// `FF[2]` only.
    pub const FF2: Versions = Versions(1 << 1);
    /// `FF[3]` only.
    pub const FF3: Versions = Versions(1 << 2);
    /// `FF[4]` only.
    pub const FF4: Versions = Versions(1 << 3);
    /// `FF[1]` to `FF[4]` (`1234`).
    pub const ALL: Versions = Versions(0b1111);
    /// `FF[1]` and `FF[2]` (`12--`).
    pub const FF1_2: Versions = Versions(0b0011);
    /// `FF[1]` to `FF[3]` (`123-`).
    pub const FF1_3: Versions = Versions(0b0111);
    /// `FF[2]` to `FF[4]` (`-234`).
    pub const FF2_4: Versions = Versions(0b1110);
    /// `FF[3]` and `FF[4]` (`--34`).
    pub const FF3_4: Versions = Versions(0b1100);

    /// The set of the single version `ff`; empty if `ff` is not 1 to 4.
    ///
    /// ```
    /// use sgfkit::property::Versions;
    ///
    /// assert_eq!(Versions::only(3), Versions::FF3);
    /// assert_eq!(Versions::only(5), Versions::NONE);
    /// ```
    pub const fn only(ff: u8) -> Versions {
        if ff >= 1 && ff <= 4 {
            Versions(1 << (ff - 1))
        } else {
            Versions::NONE
        }
    }

    /// True if `FF[ff]` is in the set; always false for `ff` outside 1 to 4.
    ///
    /// ```
    /// use sgfkit::property::Versions;
    ///
    /// assert!(Versions::FF1_3.contains(3));
    /// assert!(!Versions::FF1_3.contains(4));
    /// assert!(!Versions::ALL.contains(0));
    /// ```
    pub const fn contains(self, ff: u8) -> bool {
        let bit = Versions::only(ff).0;
        bit != 0 && self.0 & bit != 0
    }

    /// The union of two sets.
    pub const fn union(self, other: Versions) -> Versions {
        Versions(self.0 | other.0)
    }

    /// True if no version is in the set.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The raw bit set: bit 0 is `FF[1]`, ..., bit 3 is `FF[4]`.
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// Builds a set from [`bits`](Versions::bits); bits above bit 3 are
    /// dropped.
    pub const fn from_bits(bits: u8) -> Versions {
        Versions(bits & 0b1111)
    }
}

impl std::ops::BitOr for Versions {
    type Output = Versions;

    fn bitor(self, rhs: Versions) -> Versions {
        self.union(rhs)
    }
}

impl fmt::Display for Versions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for ff in 1..=4u8 {
            let c = if self.contains(ff) {
                char::from(b'0' + ff)
            } else {
                '-'
            };
            fmt::Write::write_char(f, c)?;
        }
        Ok(())
    }
}

/// The error of parsing a [`Versions`] from a string that is not four
/// characters of the form `1234`, `--3-`, ... .
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ParseVersionsError;

impl fmt::Display for ParseVersionsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("expected four characters, each its version digit (1-4) or '-'")
    }
}

impl std::error::Error for ParseVersionsError {}

impl FromStr for Versions {
    type Err = ParseVersionsError;

    fn from_str(s: &str) -> Result<Versions, ParseVersionsError> {
        let bytes = s.as_bytes();
        if bytes.len() != 4 {
            return Err(ParseVersionsError);
        }
        let mut v = Versions::NONE;
        for (i, &b) in bytes.iter().enumerate() {
            let ff = i as u8 + 1;
            if b == b'0' + ff {
                v = v.union(Versions::only(ff));
            } else if b != b'-' {
                return Err(ParseVersionsError);
            }
        }
        Ok(v)
    }
}

/// Where a property comes from: the section of the specification that
/// defines it, or why it is outside FF\[4\].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Category {
    /// Move properties (`B`, `W`, `KO`, `MN`).
    Move,
    /// Setup properties (`AB`, `AW`, `AE`, `PL`).
    Setup,
    /// Annotations of the node or position (`C`, `N`, `GB`, `V`, ...).
    NodeAnnotation,
    /// Annotations of the move in the node (`BM`, `DO`, `IT`, `TE`).
    MoveAnnotation,
    /// Board markup (`CR`, `LB`, `AR`, `DD`, ...).
    Markup,
    /// Root properties (`FF`, `GM`, `SZ`, ...).
    Root,
    /// Game information (`PB`, `DT`, `RE`, ...).
    GameInfo,
    /// Timing properties (`BL`, `WL`, `OB`, `OW`).
    Timing,
    /// Miscellaneous properties (`FG`, `PM`, `VW`).
    Misc,
    /// Defined on the page of one game (`KM` for Go, `CV` for
    /// Backgammon, ...); the entry's [`game`](PropertyInfo::game) is set.
    GameSpecific,
    /// Defined in FF\[1\]–FF\[3\] and dropped from FF\[4\].
    Obsolete,
    /// Never part of the specification, but written by widespread
    /// applications.
    Private,
}

/// One entry of the property table.
///
/// ```
/// use sgfkit::property::{lookup, Category, PropertyType, ValueType, Versions};
///
/// let km = lookup("KM", 1).unwrap();
/// assert_eq!(km.name, "Komi");
/// assert_eq!(km.category, Category::GameSpecific);
/// assert_eq!(km.property_type, PropertyType::GameInfo);
/// assert_eq!(km.value_type, ValueType::Real);
/// assert!(!km.inherit);
/// assert_eq!(km.versions, Versions::ALL);
/// assert_eq!(km.game, Some(1));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PropertyInfo {
    /// The identifier: uppercase ASCII letters only.
    pub ident: &'static str,
    /// The short English name of the property.
    pub name: &'static str,
    /// The section the property comes from.
    pub category: Category,
    /// Which kind of node the property belongs to.
    pub property_type: PropertyType,
    /// The type of the property's value.
    pub value_type: ValueType,
    /// True if the property's value stays in effect for the descendants of
    /// the node until it is set again (`DD`, `PM`, `VW`).
    pub inherit: bool,
    /// The file format versions that define the property.
    pub versions: Versions,
    /// `None` if the property applies to all games; `Some(gm)` if it is
    /// defined only for the game `GM[gm]`.
    pub game: Option<u32>,
}

impl PropertyInfo {
    /// True if FF\[4\] does not define the property: obsolete FF\[1\]–FF\[3\]
    /// properties and private ones.
    ///
    /// ```
    /// use sgfkit::property::lookup;
    ///
    /// assert!(lookup("CH", 1).unwrap().is_obsolete());
    /// assert!(lookup("KI", 1).unwrap().is_obsolete());
    /// assert!(!lookup("B", 1).unwrap().is_obsolete());
    /// ```
    pub const fn is_obsolete(&self) -> bool {
        !self.versions.contains(4)
    }

    /// True if the property was never part of the specification.
    ///
    /// ```
    /// use sgfkit::property::lookup;
    ///
    /// assert!(lookup("KI", 1).unwrap().is_private());
    /// assert!(!lookup("CH", 1).unwrap().is_private());
    /// ```
    pub const fn is_private(&self) -> bool {
        matches!(self.category, Category::Private)
    }

    /// True if the property is defined for one game only.
    ///
    /// ```
    /// use sgfkit::property::lookup;
    ///
    /// assert!(lookup("HA", 1).unwrap().is_game_specific());
    /// assert!(!lookup("PB", 1).unwrap().is_game_specific());
    /// ```
    pub const fn is_game_specific(&self) -> bool {
        self.game.is_some()
    }

    /// True if the property may be used in a game of type `GM[gm]`.
    ///
    /// ```
    /// use sgfkit::property::lookup_any;
    ///
    /// let km = lookup_any("KM").next().unwrap();
    /// assert!(km.applies_to(1));
    /// assert!(!km.applies_to(2));
    /// ```
    pub const fn applies_to(&self, gm: u32) -> bool {
        match self.game {
            None => true,
            Some(g) => g == gm,
        }
    }
}

/// Looks up the entry for `ident` in a game of type `GM[gm]`.
///
/// An entry defined for this game wins over a general one; an entry for
/// another game is never returned. The identifier must be given exactly as
/// FF\[4\] writes it (uppercase); removing the lowercase letters of old
/// long identifiers such as `CoPyright` is the caller's job. A game tree
/// without `GM` is Go (`GM[1]`, the default of the specification).
///
/// ```
/// use sgfkit::property::{lookup, ValueType};
///
/// // LOA redefines SE; elsewhere SE is the obsolete FF[3] selftest list.
/// assert_eq!(lookup("SE", 9).unwrap().value_type, ValueType::Point);
/// assert_eq!(lookup("SE", 1).unwrap().game, None);
/// // KM is a Go property.
/// assert!(lookup("KM", 1).is_some());
/// assert!(lookup("KM", 2).is_none());
/// assert!(lookup("km", 1).is_none());
/// ```
pub fn lookup(ident: &str, gm: u32) -> Option<&'static PropertyInfo> {
    let entries = entries_for(ident);
    entries
        .iter()
        .find(|p| p.game == Some(gm))
        .or_else(|| entries.iter().find(|p| p.game.is_none()))
}

/// All entries for `ident`, whatever game they belong to: the general entry
/// (if any) first, then the game-specific ones by ascending game number.
///
/// ```
/// use sgfkit::property::lookup_any;
///
/// let games: Vec<_> = lookup_any("AS").map(|p| p.game).collect();
/// assert_eq!(games, [Some(9), Some(19)]); // LOA and Octi
/// assert_eq!(lookup_any("QQ").count(), 0);
/// ```
pub fn lookup_any(ident: &str) -> impl Iterator<Item = &'static PropertyInfo> {
    entries_for(ident).iter()
}

/// The contiguous run of table entries with this identifier: one look-up
/// in [`SLOTS`], no string comparison.
#[inline]
fn entries_for(ident: &str) -> &'static [PropertyInfo] {
    match slot(ident.as_bytes()) {
        Some(k) => {
            let (start, len) = SLOTS[k];
            TABLE
                .get(start as usize..start as usize + len as usize)
                .unwrap_or(&[])
        }
        None => &[],
    }
}

/// The number of slots of [`SLOTS`]: one for each identifier of one or two
/// upper-case letters.
const SLOT_COUNT: usize = 26 * 27;

/// The slot of an identifier of one or two upper-case letters (every
/// identifier of the table is one); `None` for anything else.
#[inline]
const fn slot(ident: &[u8]) -> Option<usize> {
    match *ident {
        [a @ b'A'..=b'Z'] => Some((a - b'A') as usize * 27),
        [a @ b'A'..=b'Z', b @ b'A'..=b'Z'] => {
            Some((a - b'A') as usize * 27 + (b - b'A') as usize + 1)
        }
        _ => None,
    }
}

/// For each identifier slot, the run of [`TABLE`] entries with that
/// identifier (start and length; length 0 when the table has none): a
/// perfect hash of the table's identifiers, built at compile time.
static SLOTS: [(u8, u8); SLOT_COUNT] = {
    let mut slots = [(0u8, 0u8); SLOT_COUNT];
    let mut i = 0;
    while i < TABLE.len() {
        let Some(k) = slot(TABLE[i].ident.as_bytes()) else {
            panic!("a table identifier is not one or two upper-case letters");
        };
        if slots[k].1 == 0 {
            slots[k].0 = i as u8;
        } else if slots[k].0 as usize + slots[k].1 as usize != i {
            panic!("the table is not sorted by identifier");
        }
        slots[k].1 += 1;
        i += 1;
    }
    assert!(TABLE.len() <= u8::MAX as usize);
    slots
};

// Value types used by several entries.
const LIST_POINT: ValueType = ValueType::List(&ValueType::Point);
const ELIST_POINT: ValueType = ValueType::EList(&ValueType::Point);
const LIST_STONE: ValueType = ValueType::List(&ValueType::Stone);
const LIST_POINT_POINT: ValueType =
    ValueType::List(&ValueType::Compose(&ValueType::Point, &ValueType::Point));
const LIST_POINT_TEXT: ValueType = ValueType::List(&ValueType::Compose(
    &ValueType::Point,
    &ValueType::SimpleText,
));
const TEXT_PAIR: ValueType = ValueType::Compose(&ValueType::SimpleText, &ValueType::SimpleText);
const LIST_TEXT_PAIR: ValueType = ValueType::List(&TEXT_PAIR);
const LIST_STONE_POINT: ValueType =
    ValueType::List(&ValueType::Compose(&ValueType::Stone, &ValueType::Point));
const SIZE: ValueType = ValueType::Either(
    &ValueType::Number,
    &ValueType::Compose(&ValueType::Number, &ValueType::Number),
);
const FIGURE: ValueType = ValueType::Either(
    &ValueType::None,
    &ValueType::Compose(&ValueType::Number, &ValueType::SimpleText),
);

// Game numbers of the games that define their own properties.
const GO: u32 = 1;
const BACKGAMMON: u32 = 6;
const LOA: u32 = 9;
const HEX: u32 = 11;
const AMAZONS: u32 = 18;
const OCTI: u32 = 19;

/// Builds a general, non-inherited entry.
const fn prop(
    ident: &'static str,
    name: &'static str,
    category: Category,
    property_type: PropertyType,
    value_type: ValueType,
    versions: Versions,
) -> PropertyInfo {
    PropertyInfo {
        ident,
        name,
        category,
        property_type,
        value_type,
        inherit: false,
        versions,
        game: None,
    }
}

impl PropertyInfo {
    /// Marks a table entry as inherited.
    const fn inherited(self) -> PropertyInfo {
        PropertyInfo {
            inherit: true,
            ..self
        }
    }

    /// Restricts a table entry to one game.
    const fn only_in(self, gm: u32) -> PropertyInfo {
        PropertyInfo {
            game: Some(gm),
            ..self
        }
    }
}

use Category as C;
use PropertyType as P;
use ValueType as V;

/// Every property sgfkit knows, sorted by identifier (byte order); entries
/// with the same identifier are ordered general first, then by game number.
///
/// It holds all general FF\[4\] properties, the properties defined on the
/// game pages of the specification (Go, Backgammon, Lines of Action, Hex,
/// Amazons, Octi; Gess defines none), the FF\[1\]–FF\[3\] properties that
/// FF\[4\] dropped, and the private properties `KI` and `CI`.
///
/// Versions follow the specification's index of FF\[1\]–FF\[4\]
/// properties; properties from the game pages of Backgammon, LOA, Hex,
/// Amazons and Octi are FF\[4\] only, except where they refine a general
/// property (`RE`, `RU`), which keep the general property's versions.
///
/// ```
/// use sgfkit::property::{PROPERTIES, PropertyType};
///
/// let root: Vec<_> = PROPERTIES
///     .iter()
///     .filter(|p| p.property_type == PropertyType::Root && p.game.is_none())
///     .map(|p| p.ident)
///     .collect();
/// assert_eq!(root, ["AP", "CA", "FF", "GM", "ST", "SZ"]);
/// ```
pub static PROPERTIES: &[PropertyInfo] = TABLE;

/// The entries of [`PROPERTIES`], as a constant that [`SLOTS`] is built
/// from.
#[rustfmt::skip]
const TABLE: &[PropertyInfo] = &[
    prop("AA", "Add arrows", C::GameSpecific, P::Setup, LIST_POINT, Versions::FF4).only_in(AMAZONS),
    prop("AB", "Add Black", C::Setup, P::Setup, LIST_STONE, Versions::ALL),
    prop("AE", "Add Empty", C::Setup, P::Setup, LIST_POINT, Versions::ALL),
    prop("AN", "Annotation", C::GameInfo, P::GameInfo, V::SimpleText, Versions::FF3_4),
    prop("AP", "Application", C::Root, P::Root, TEXT_PAIR, Versions::FF4),
    prop("AR", "Arrow", C::Markup, P::None, LIST_POINT_POINT, Versions::FF4),
    prop("AS", "Who adds stones", C::GameSpecific, P::None, V::SimpleText, Versions::FF4).only_in(LOA),
    prop("AS", "Arrow stone", C::GameSpecific, P::None, LIST_STONE_POINT, Versions::FF4).only_in(OCTI),
    prop("AW", "Add White", C::Setup, P::Setup, LIST_STONE, Versions::ALL),
    prop("B", "Black", C::Move, P::Move, V::Move, Versions::ALL),
    prop("BL", "Black time left", C::Timing, P::Move, V::Real, Versions::ALL),
    prop("BM", "Bad move", C::MoveAnnotation, P::Move, V::Double, Versions::ALL),
    prop("BO", "Black octisquares", C::GameSpecific, P::GameInfo, LIST_POINT, Versions::FF4).only_in(OCTI),
    prop("BR", "Black rank", C::GameInfo, P::GameInfo, V::SimpleText, Versions::ALL),
    prop("BS", "Black species", C::Obsolete, P::GameInfo, V::Number, Versions::FF1_3),
    prop("BT", "Black team", C::GameInfo, P::GameInfo, V::SimpleText, Versions::FF3_4),
    prop("C", "Comment", C::NodeAnnotation, P::None, V::Text, Versions::ALL),
    prop("CA", "Charset", C::Root, P::Root, V::SimpleText, Versions::FF4),
    prop("CH", "Check mark", C::Obsolete, P::None, V::Double, Versions::FF1_3),
    // CI: "chinese handicap", dropped after FF[3] (changes.txt); no type is given.
    prop("CI", "Chinese handicap", C::Private, P::None, V::Unknown, Versions::FF3).only_in(GO),
    prop("CO", "Cube position", C::GameSpecific, P::Setup, V::SimpleText, Versions::FF4).only_in(BACKGAMMON),
    prop("CP", "Copyright", C::GameInfo, P::GameInfo, V::SimpleText, Versions::FF3_4),
    prop("CR", "Circle", C::Markup, P::None, LIST_POINT, Versions::FF3_4),
    prop("CS", "Circle stone", C::GameSpecific, P::None, LIST_STONE, Versions::FF4).only_in(OCTI),
    prop("CV", "Cube value", C::GameSpecific, P::Setup, V::Number, Versions::FF4).only_in(BACKGAMMON),
    prop("DD", "Dim points", C::Markup, P::None, ELIST_POINT, Versions::FF4).inherited(),
    prop("DI", "Dice", C::GameSpecific, P::Setup, V::Number, Versions::FF4).only_in(BACKGAMMON),
    prop("DM", "Even position", C::NodeAnnotation, P::None, V::Double, Versions::FF3_4),
    prop("DO", "Doubtful", C::MoveAnnotation, P::Move, V::None, Versions::FF3_4),
    prop("DT", "Date", C::GameInfo, P::GameInfo, V::SimpleText, Versions::ALL),
    prop("EL", "Eval. comp move", C::Obsolete, P::None, V::Number, Versions::FF1_2),
    prop("EV", "Event", C::GameInfo, P::GameInfo, V::SimpleText, Versions::ALL),
    prop("EX", "Expected move", C::Obsolete, P::None, V::Move, Versions::FF1_2),
    prop("FF", "Fileformat", C::Root, P::Root, V::Number, Versions::FF2_4),
    prop("FG", "Figure", C::Misc, P::None, FIGURE, Versions::ALL),
    prop("GB", "Good for Black", C::NodeAnnotation, P::None, V::Double, Versions::ALL),
    prop("GC", "Game comment", C::GameInfo, P::GameInfo, V::Text, Versions::ALL),
    prop("GM", "Game", C::Root, P::Root, V::Number, Versions::ALL),
    prop("GN", "Game name", C::GameInfo, P::GameInfo, V::SimpleText, Versions::ALL),
    prop("GW", "Good for White", C::NodeAnnotation, P::None, V::Double, Versions::ALL),
    prop("HA", "Handicap", C::GameSpecific, P::GameInfo, V::Number, Versions::ALL).only_in(GO),
    prop("HO", "Hotspot", C::NodeAnnotation, P::None, V::Double, Versions::FF3_4),
    prop("ID", "Game identifier", C::Obsolete, P::GameInfo, V::SimpleText, Versions::FF3),
    prop("IP", "Initial position", C::GameSpecific, P::GameInfo, V::SimpleText, Versions::FF4).only_in(LOA),
    prop("IP", "Initial position", C::GameSpecific, P::GameInfo, V::SimpleText, Versions::FF4).only_in(HEX),
    prop("IS", "Initial viewer settings", C::GameSpecific, P::Root, LIST_TEXT_PAIR, Versions::FF4).only_in(HEX),
    prop("IT", "Interesting", C::MoveAnnotation, P::Move, V::None, Versions::FF3_4),
    prop("IY", "Invert Y-axis", C::GameSpecific, P::GameInfo, V::SimpleText, Versions::FF4).only_in(LOA),
    // KI: SGB's integer komi, twice the komi (text-and-compat.md, checks.md).
    prop("KI", "Integer komi", C::Private, P::GameInfo, V::Number, Versions::NONE).only_in(GO),
    prop("KM", "Komi", C::GameSpecific, P::GameInfo, V::Real, Versions::ALL).only_in(GO),
    prop("KO", "Ko", C::Move, P::Move, V::None, Versions::FF3_4),
    prop("L", "Letters", C::Obsolete, P::None, LIST_POINT, Versions::FF1_2),
    prop("LB", "Label", C::Markup, P::None, LIST_POINT_TEXT, Versions::FF3_4),
    // LN, VW: changes.txt calls them new in FF[4]; versions follow proplist_ff.txt.
    prop("LN", "Line", C::Markup, P::None, LIST_POINT_POINT, Versions::FF3_4),
    prop("LT", "Lose on time", C::Obsolete, P::None, V::None, Versions::FF3),
    prop("M", "Simple markup", C::Obsolete, P::None, LIST_POINT, Versions::FF1_2),
    prop("MA", "Mark", C::Markup, P::None, LIST_POINT, Versions::FF3_4),
    prop("MI", "Match information", C::GameSpecific, P::GameInfo, LIST_TEXT_PAIR, Versions::FF4).only_in(BACKGAMMON),
    prop("MN", "Set move number", C::Move, P::Move, V::Number, Versions::FF3_4),
    prop("MS", "Mark stone", C::GameSpecific, P::None, LIST_STONE, Versions::FF4).only_in(OCTI),
    prop("N", "Nodename", C::NodeAnnotation, P::None, V::SimpleText, Versions::ALL),
    prop("NP", "Number of prongs", C::GameSpecific, P::GameInfo, V::Number, Versions::FF4).only_in(OCTI),
    prop("NR", "Number of reserve pods", C::GameSpecific, P::GameInfo, V::Number, Versions::FF4).only_in(OCTI),
    prop("NS", "Number of superprongs", C::GameSpecific, P::GameInfo, V::Number, Versions::FF4).only_in(OCTI),
    prop("OB", "OtStones Black", C::Timing, P::Move, V::Number, Versions::FF3_4),
    prop("OM", "Moves per overtime", C::Obsolete, P::None, V::Number, Versions::FF3),
    prop("ON", "Opening", C::GameInfo, P::GameInfo, V::SimpleText, Versions::FF3_4),
    prop("OP", "Overtime length", C::Obsolete, P::None, V::Real, Versions::FF3),
    prop("OT", "Overtime", C::GameInfo, P::GameInfo, V::SimpleText, Versions::FF4),
    prop("OV", "Operator overhead", C::Obsolete, P::None, V::Real, Versions::FF3),
    prop("OW", "OtStones White", C::Timing, P::Move, V::Number, Versions::FF3_4),
    prop("PB", "Player Black", C::GameInfo, P::GameInfo, V::SimpleText, Versions::ALL),
    prop("PC", "Place", C::GameInfo, P::GameInfo, V::SimpleText, Versions::ALL),
    prop("PL", "Player to play", C::Setup, P::Setup, V::Color, Versions::ALL),
    prop("PM", "Print move mode", C::Misc, P::None, V::Number, Versions::FF4).inherited(),
    prop("PW", "Player White", C::GameInfo, P::GameInfo, V::SimpleText, Versions::ALL),
    prop("RE", "Result", C::GameInfo, P::GameInfo, V::SimpleText, Versions::ALL),
    prop("RE", "Result", C::GameSpecific, P::GameInfo, V::SimpleText, Versions::ALL).only_in(BACKGAMMON),
    prop("RG", "Region", C::Obsolete, P::None, LIST_POINT, Versions::FF1_3).only_in(GO),
    prop("RO", "Round", C::GameInfo, P::GameInfo, V::SimpleText, Versions::ALL),
    prop("RP", "Remove pod", C::GameSpecific, P::Setup, LIST_STONE, Versions::FF4).only_in(OCTI),
    prop("RU", "Rules", C::GameInfo, P::GameInfo, V::SimpleText, Versions::FF3_4),
    prop("RU", "Rules", C::GameSpecific, P::GameInfo, V::SimpleText, Versions::FF3_4).only_in(BACKGAMMON),
    prop("RU", "Rules", C::GameSpecific, P::GameInfo, V::SimpleText, Versions::FF3_4).only_in(OCTI),
    prop("SC", "Secure stones", C::Obsolete, P::None, LIST_POINT, Versions::FF1_3),
    prop("SE", "Selftest moves", C::Obsolete, P::None, LIST_POINT, Versions::FF3),
    prop("SE", "Markup", C::GameSpecific, P::None, V::Point, Versions::FF4).only_in(LOA),
    prop("SI", "Sigma", C::Obsolete, P::None, V::Double, Versions::FF3),
    prop("SL", "Selected", C::Markup, P::None, LIST_POINT, Versions::ALL),
    prop("SO", "Source", C::GameInfo, P::GameInfo, V::SimpleText, Versions::ALL),
    prop("SQ", "Square", C::Markup, P::None, LIST_POINT, Versions::FF4),
    prop("SS", "Square stone", C::GameSpecific, P::None, LIST_STONE, Versions::FF4).only_in(OCTI),
    prop("ST", "Style", C::Root, P::Root, V::Number, Versions::FF4),
    prop("SU", "Setup type", C::GameSpecific, P::GameInfo, V::SimpleText, Versions::FF4).only_in(LOA),
    prop("SZ", "Size", C::Root, P::Root, SIZE, Versions::ALL),
    prop("TB", "Territory Black", C::GameSpecific, P::None, ELIST_POINT, Versions::ALL).only_in(GO),
    prop("TC", "Territory count", C::Obsolete, P::None, V::Number, Versions::FF3).only_in(GO),
    prop("TE", "Tesuji", C::MoveAnnotation, P::Move, V::Double, Versions::ALL),
    prop("TM", "Timelimit", C::GameInfo, P::GameInfo, V::Real, Versions::ALL),
    prop("TR", "Triangle", C::Markup, P::None, LIST_POINT, Versions::FF3_4),
    prop("TS", "Triangle stone", C::GameSpecific, P::None, LIST_STONE, Versions::FF4).only_in(OCTI),
    prop("TW", "Territory White", C::GameSpecific, P::None, ELIST_POINT, Versions::ALL).only_in(GO),
    prop("UC", "Unclear pos", C::NodeAnnotation, P::None, V::Double, Versions::FF3_4),
    prop("US", "User", C::GameInfo, P::GameInfo, V::SimpleText, Versions::ALL),
    prop("V", "Value", C::NodeAnnotation, P::None, V::Real, Versions::ALL),
    prop("VW", "View", C::Misc, P::None, ELIST_POINT, Versions::ALL).inherited(),
    prop("W", "White", C::Move, P::Move, V::Move, Versions::ALL),
    prop("WL", "White time left", C::Timing, P::Move, V::Real, Versions::ALL),
    prop("WO", "White octisquares", C::GameSpecific, P::GameInfo, LIST_POINT, Versions::FF4).only_in(OCTI),
    prop("WR", "White rank", C::GameInfo, P::GameInfo, V::SimpleText, Versions::ALL),
    prop("WS", "White species", C::Obsolete, P::GameInfo, V::Number, Versions::FF1_3),
    prop("WT", "White team", C::GameInfo, P::GameInfo, V::SimpleText, Versions::FF3_4),
];

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::{Path, PathBuf};

    /// The shared spec directory: the first `shared/spec` found while walking
    /// up from the crate directory (worktrees live next to `shared`).
    fn spec_dir() -> Option<PathBuf> {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .ancestors()
            .map(|d| d.join("shared").join("spec"))
            .find(|d| d.is_dir())
    }

    /// Reads a file below the spec directory, or explains why the test is
    /// skipped and returns `None`.
    fn read_spec(rel: &str) -> Option<String> {
        let Some(dir) = spec_dir() else {
            eprintln!(
                "SKIPPED: no shared/spec directory above {}; cannot read {rel}",
                env!("CARGO_MANIFEST_DIR")
            );
            return None;
        };
        let path = dir.join(rel);
        match std::fs::read_to_string(&path) {
            Ok(s) => Some(s),
            Err(e) => {
                eprintln!("SKIPPED: cannot read {}: {e}", path.display());
                None
            }
        }
    }

    fn parse_property_type(s: &str) -> PropertyType {
        match s.trim() {
            "move" => PropertyType::Move,
            "setup" => PropertyType::Setup,
            "root" => PropertyType::Root,
            "game-info" => PropertyType::GameInfo,
            "-" | "inherit" => PropertyType::None,
            other => panic!("unknown property type {other:?}"),
        }
    }

    /// Brings a value type as the spec writes it and as `Display` writes it
    /// to one comparable form.
    fn normalize_value_type(s: &str) -> String {
        let mut s = s.to_ascii_lowercase();
        if let Some(i) = s.find("(range") {
            s.truncate(i);
        }
        let s = s
            .replace("composition of", "composed")
            .replace(['\'', '"', '(', ')'], " ");
        s.split_whitespace().collect::<Vec<_>>().join(" ")
    }

    fn general(ident: &str) -> Option<&'static PropertyInfo> {
        lookup_any(ident).find(|p| p.game.is_none())
    }

    /// Splits a markdown table row into trimmed cells; `\|` inside a cell is
    /// kept as `|`.
    fn md_cells(line: &str) -> Vec<String> {
        let line = line.trim().replace("\\|", "\u{1}");
        line.trim_matches('|')
            .split('|')
            .map(|c| c.trim().replace('\u{1}', "|"))
            .collect()
    }

    #[test]
    fn properties_md_tables_agree_with_the_table() {
        let Some(md) = read_spec("properties.md") else {
            return;
        };
        #[derive(PartialEq)]
        enum Section {
            Other,
            General,
            Games,
        }
        let mut section = Section::Other;
        let mut general_checked = 0;
        let mut game_checked = 0;
        let mut game_numbers: Vec<(String, u32)> = Vec::new();
        for line in md.lines() {
            if !line.starts_with('|') {
                section = Section::Other;
                continue;
            }
            let cells = md_cells(line);
            if cells[0] == "ID" {
                section = Section::General;
                continue;
            }
            if cells[0] == "Game" {
                section = Section::Games;
                continue;
            }
            if cells[0].starts_with("---") {
                continue;
            }
            match section {
                Section::Other => {}
                Section::General => {
                    let id = &cells[0];
                    let p = general(id).unwrap_or_else(|| panic!("{id} missing"));
                    assert_eq!(p.property_type, parse_property_type(&cells[3]), "{id}");
                    assert_eq!(p.inherit, cells[4] == "yes", "{id} inherit");
                    assert!(!p.is_obsolete(), "{id}");
                    general_checked += 1;
                }
                Section::Games => {
                    let game_cell = &cells[0];
                    let name = game_cell.split_whitespace().next().unwrap().to_string();
                    let gm = match game_cell.find("GM") {
                        Some(i) => {
                            let gm: u32 = game_cell[i + 2..].trim().parse().unwrap();
                            game_numbers.push((name, gm));
                            gm
                        }
                        None => {
                            game_numbers
                                .iter()
                                .find(|(n, _)| *n == name)
                                .unwrap_or_else(|| panic!("no GM for {name}"))
                                .1
                        }
                    };
                    for id in cells[1].split(['/', ',']).map(str::trim) {
                        let p = lookup(id, gm).unwrap_or_else(|| panic!("{id} GM{gm} missing"));
                        assert_eq!(p.game, Some(gm), "{id} GM{gm}");
                        assert_eq!(p.property_type, parse_property_type(&cells[3]), "{id}");
                        assert!(!p.inherit, "{id}");
                        game_checked += 1;
                    }
                }
            }
        }
        assert_eq!(general_checked, 63, "general rows found in properties.md");
        assert!(game_checked >= 30, "only {game_checked} game rows found");
    }

    /// Checks one line of the red-bean property indexes (`proplist.txt`,
    /// `proplist_ff.txt`); returns false if the line is not a table row.
    ///
    /// The identifier, the versions and the description sit in fixed
    /// columns (a description may overflow its column by a word); property
    /// type and value type follow, separated by two or more blanks or a tab.
    fn check_index_line(line: &str, with_versions: bool) -> bool {
        let desc_start = if with_versions { 10 } else { 5 };
        let desc_end = desc_start + 16;
        if !line.is_ascii() || line.len() <= desc_end || line.contains("Description") {
            return false;
        }
        let id = line[..4].trim().trim_start_matches(['*', '!']);
        if id.is_empty() || id.len() > 2 || !id.bytes().all(|b| b.is_ascii_uppercase()) {
            return false;
        }
        let versions = if with_versions {
            match line[4..desc_start].trim().parse::<Versions>() {
                Ok(v) => Some(v),
                Err(_) => return false,
            }
        } else {
            None
        };
        let mut rest_start = desc_end;
        while rest_start < line.len() && line.as_bytes()[rest_start - 1] != b' ' {
            rest_start += 1;
        }
        let rest = line[rest_start..].replace('\t', "  ");
        let cols: Vec<&str> = rest
            .split("  ")
            .map(str::trim)
            .filter(|c| !c.is_empty())
            .collect();
        assert_eq!(cols.len(), 2, "{line:?}");
        let (ptype, value) = (cols[0], cols[1]);
        let game = if ptype.contains("(Go)") {
            Some(1)
        } else if ptype.contains("(LOA)") {
            Some(9)
        } else {
            None
        };
        let inherit = ptype.contains("(inherit)");
        let ptype = ptype.split_whitespace().next().unwrap();
        let p = lookup_any(id)
            .find(|p| p.game == game)
            .unwrap_or_else(|| panic!("{id} {game:?} missing"));
        if let Some(v) = versions {
            assert_eq!(p.versions, v, "{id} versions");
        } else {
            assert!(p.versions.contains(4), "{id} in FF[4] index");
        }
        assert_eq!(p.property_type, parse_property_type(ptype), "{id}");
        assert_eq!(p.inherit, inherit, "{id} inherit");
        assert_eq!(
            normalize_value_type(&p.value_type.to_string()),
            normalize_value_type(value),
            "{id} value type"
        );
        true
    }

    #[test]
    fn red_bean_indexes_agree_with_the_table() {
        let (Some(ff4), Some(all)) = (
            read_spec("red-bean/proplist.txt"),
            read_spec("red-bean/proplist_ff.txt"),
        ) else {
            return;
        };
        let n4 = ff4.lines().filter(|l| check_index_line(l, false)).count();
        let nall = all.lines().filter(|l| check_index_line(l, true)).count();
        assert_eq!(n4, 72, "rows of proplist.txt");
        assert_eq!(nall, 89, "rows of proplist_ff.txt");
    }

    /// The `Property:` / `Propvalue:` / `Propertytype:` blocks of a spec page.
    fn property_blocks(text: &str) -> Vec<(String, String, String)> {
        let mut out = Vec::new();
        let mut lines = text.lines();
        while let Some(line) = lines.next() {
            let Some(id) = line.strip_prefix("Property:") else {
                continue;
            };
            let id = id.split_whitespace().next().unwrap().to_string();
            let value = lines.next().unwrap().strip_prefix("Propvalue:").unwrap();
            let ptype = lines.next().unwrap().strip_prefix("Propertytype:").unwrap();
            out.push((id, value.trim().to_string(), ptype.trim().to_string()));
        }
        out
    }

    #[test]
    fn spec_pages_agree_with_the_table() {
        let pages = [
            ("red-bean/properties.txt", None, 63),
            ("red-bean/go.txt", Some(1), 4),
            ("red-bean/backgammon.txt", Some(6), 6),
            ("red-bean/loa.txt", Some(9), 5),
            ("red-bean/hex.txt", Some(11), 2),
            ("red-bean/amazons.txt", Some(18), 1),
            ("red-bean/octi.txt", Some(19), 12),
            ("red-bean/gess.txt", Some(20), 0),
        ];
        for (file, game, count) in pages {
            let Some(text) = read_spec(file) else {
                return;
            };
            let blocks = property_blocks(&text);
            assert_eq!(blocks.len(), count, "{file}");
            for (id, value, ptype) in blocks {
                let p = lookup_any(&id)
                    .find(|p| p.game == game)
                    .unwrap_or_else(|| panic!("{id} of {file} missing"));
                assert_eq!(p.property_type, parse_property_type(&ptype), "{id}");
                assert_eq!(p.inherit, ptype == "inherit", "{id}");
                assert_eq!(
                    normalize_value_type(&p.value_type.to_string()),
                    normalize_value_type(&value),
                    "{id} of {file}"
                );
            }
        }
    }

    #[test]
    fn table_is_sorted_and_unique_per_game() {
        for w in PROPERTIES.windows(2) {
            assert!(
                (w[0].ident, w[0].game) < (w[1].ident, w[1].game),
                "{} {:?} / {} {:?} out of order or duplicated",
                w[0].ident,
                w[0].game,
                w[1].ident,
                w[1].game
            );
        }
    }

    #[test]
    fn identifiers_are_uppercase_ascii() {
        for p in PROPERTIES {
            assert!(
                (1..=2).contains(&p.ident.len()) && p.ident.bytes().all(|b| b.is_ascii_uppercase()),
                "{:?}",
                p.ident
            );
            assert!(!p.name.is_empty(), "{}", p.ident);
        }
    }

    #[test]
    fn inherit_exactly_for_dd_pm_vw() {
        let inherited: Vec<_> = PROPERTIES
            .iter()
            .filter(|p| p.inherit)
            .map(|p| p.ident)
            .collect();
        assert_eq!(inherited, ["DD", "PM", "VW"]);
    }

    #[test]
    fn categories_are_consistent() {
        for p in PROPERTIES {
            match p.category {
                Category::GameSpecific => {
                    assert!(p.game.is_some(), "{}", p.ident);
                    assert!(!p.is_obsolete(), "{}", p.ident);
                }
                Category::Obsolete => {
                    assert!(p.is_obsolete(), "{}", p.ident);
                    assert!(!p.versions.is_empty(), "{}", p.ident);
                }
                Category::Private => assert!(p.is_obsolete(), "{}", p.ident),
                _ => {
                    assert!(p.game.is_none(), "{}", p.ident);
                    assert!(!p.is_obsolete(), "{}", p.ident);
                }
            }
            assert_eq!(p.value_type.is_unknown(), p.ident == "CI", "{}", p.ident);
        }
    }

    #[test]
    fn every_required_identifier_is_present() {
        let ff4 = "B KO MN W AB AE AW PL C DM GB GW HO N UC V BM DO IT TE AR CR DD LB LN MA SL \
                   SQ TR AP CA FF GM ST SZ AN BR BT CP DT EV GN GC ON OT PB PC PW RE RO RU SO \
                   TM US WR WT BL OB OW WL FG PM VW";
        for id in ff4.split_whitespace() {
            let p = general(id).unwrap_or_else(|| panic!("{id}"));
            assert!(p.versions.contains(4) && !p.is_obsolete(), "{id}");
        }
        assert_eq!(ff4.split_whitespace().count(), 63);
        let obsolete = "BS CH EL EX ID L LT M OM OP OV RG SC SE SI TC WS";
        for id in obsolete.split_whitespace() {
            let p = lookup(id, 1).unwrap_or_else(|| panic!("{id}"));
            assert_eq!(p.category, Category::Obsolete, "{id}");
            assert!(p.is_obsolete(), "{id}");
        }
        let games = [
            (1, "HA KM TB TW"),
            (6, "CO CV DI MI RE RU"),
            (9, "AS IP IY SE SU"),
            (11, "IS IP"),
            (18, "AA"),
            (19, "BO WO NP NR NS RU AS CS MS SS TS RP"),
        ];
        for (gm, ids) in games {
            for id in ids.split_whitespace() {
                let p = lookup(id, gm).unwrap_or_else(|| panic!("{id} GM{gm}"));
                assert_eq!(p.game, Some(gm), "{id}");
            }
        }
        for id in ["KI", "CI"] {
            assert!(lookup(id, 1).unwrap().is_private(), "{id}");
        }
    }

    #[test]
    fn table_size() {
        assert_eq!(PROPERTIES.len(), 112);
        assert_eq!(PROPERTIES.iter().filter(|p| p.game.is_none()).count(), 78);
    }

    #[test]
    fn lookup_precedence() {
        // A game-specific entry beats the general one.
        assert_eq!(lookup("SE", 9).unwrap().game, Some(9));
        assert_eq!(lookup("SE", 1).unwrap().game, None);
        assert_eq!(lookup("RE", 6).unwrap().game, Some(6));
        assert_eq!(lookup("RE", 1).unwrap().game, None);
        assert_eq!(lookup("RU", 19).unwrap().game, Some(19));
        // Entries of other games are never returned.
        assert_eq!(lookup("AS", 9).unwrap().value_type, ValueType::SimpleText);
        assert_eq!(
            lookup("AS", 19).unwrap().value_type,
            ValueType::List(&ValueType::Compose(&ValueType::Stone, &ValueType::Point))
        );
        assert!(lookup("AS", 1).is_none());
        assert!(lookup("HA", 6).is_none());
        assert!(lookup("IP", 1).is_none());
        assert_eq!(lookup("IP", 11).unwrap().game, Some(11));
        // Unknown and malformed identifiers.
        for id in ["", "A", "ZZ", "b", "Ab", "ABC", "KMX"] {
            assert!(lookup(id, 1).is_none(), "{id:?}");
        }
        // lookup_any: general entry first, then by game.
        let re: Vec<_> = lookup_any("RU").map(|p| p.game).collect();
        assert_eq!(re, [None, Some(6), Some(19)]);
        // Every entry is found by lookup for its own game.
        for p in PROPERTIES {
            let gm = p.game.unwrap_or(1);
            let found = lookup(p.ident, gm).unwrap();
            if p.game.is_some() || found.game.is_none() {
                assert_eq!(found, p);
            }
        }
    }

    #[test]
    fn value_types_from_the_brief() {
        let vt = |id: &str| lookup(id, 1).unwrap().value_type;
        assert_eq!(vt("AB"), ValueType::List(&ValueType::Stone));
        assert_eq!(vt("AE"), ValueType::List(&ValueType::Point));
        assert_eq!(vt("DD"), ValueType::EList(&ValueType::Point));
        assert_eq!(vt("VW"), ValueType::EList(&ValueType::Point));
        let pp = ValueType::List(&ValueType::Compose(&ValueType::Point, &ValueType::Point));
        assert_eq!(vt("AR"), pp);
        assert_eq!(vt("LN"), pp);
        assert_eq!(
            vt("LB"),
            ValueType::List(&ValueType::Compose(
                &ValueType::Point,
                &ValueType::SimpleText
            ))
        );
        assert_eq!(
            vt("AP"),
            ValueType::Compose(&ValueType::SimpleText, &ValueType::SimpleText)
        );
        assert_eq!(
            vt("SZ"),
            ValueType::Either(
                &ValueType::Number,
                &ValueType::Compose(&ValueType::Number, &ValueType::Number)
            )
        );
        assert_eq!(
            vt("FG"),
            ValueType::Either(
                &ValueType::None,
                &ValueType::Compose(&ValueType::Number, &ValueType::SimpleText)
            )
        );
        assert_eq!(vt("RE"), ValueType::SimpleText);
        assert_eq!(vt("KM"), ValueType::Real);
        assert_eq!(vt("HA"), ValueType::Number);
        assert_eq!(vt("KI"), ValueType::Number);
    }

    #[test]
    fn value_type_helpers() {
        let compressible: Vec<_> = PROPERTIES
            .iter()
            .filter(|p| p.value_type.allows_compressed_points())
            .map(|p| p.ident)
            .collect();
        assert_eq!(
            compressible,
            [
                "AA", "AE", "BO", "CR", "DD", "L", "M", "MA", "RG", "SC", "SE", "SL", "SQ", "TB",
                "TR", "TW", "VW", "WO"
            ]
        );
        let ab = lookup("AB", 1).unwrap().value_type;
        assert!(ab.allows_compressed_points_in(1));
        assert!(ab.allows_compressed_points_in(6));
        assert!(ab.allows_compressed_points_in(20));
        assert!(!ab.allows_compressed_points_in(19));
        assert!(
            !lookup("CS", 19)
                .unwrap()
                .value_type
                .allows_compressed_points_in(19)
        );
        assert!(lookup("MI", 6).unwrap().value_type.is_compose());
        assert!(lookup("FG", 1).unwrap().value_type.is_compose());
        assert!(!ValueType::Unknown.is_list());
        assert_eq!(ValueType::Text.element(), None);
        assert!(!lookup("PM", 1).unwrap().value_type.allows_empty());
        assert_eq!(ValueType::Unknown.to_string(), "unknown");
    }

    #[test]
    fn versions_notation_round_trips() {
        for bits in 0..16u8 {
            let v = Versions::from_bits(bits);
            assert_eq!(v.bits(), bits);
            assert_eq!(v.to_string().parse::<Versions>(), Ok(v));
        }
        assert_eq!(Versions::NONE.to_string(), "----");
        assert_eq!(Versions::FF3.to_string(), "--3-");
        assert_eq!(Versions::FF1_2.to_string(), "12--");
        assert_eq!(Versions::FF2_4.to_string(), "-234");
        assert_eq!(Versions::from_bits(0xff), Versions::ALL);
        for bad in ["", "123", "12345", "2---", "1a34", "4321"] {
            assert_eq!(bad.parse::<Versions>(), Err(ParseVersionsError), "{bad:?}");
        }
        for ff in [0, 5, 255] {
            assert!(!Versions::ALL.contains(ff));
            assert_eq!(Versions::only(ff), Versions::NONE);
        }
        assert_eq!(Versions::FF1 | Versions::FF2, Versions::FF1_2);
    }
}
