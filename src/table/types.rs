//! The kinds that describe a property table entry: its property type, value
//! type, the format versions that define it and the section it comes from.

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
/// live in the static [`PROPERTIES`](super::PROPERTIES) table.
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
    /// Backgammon, ...); the entry's [`game`](super::PropertyInfo::game) is set.
    GameSpecific,
    /// Defined in FF\[1\]–FF\[3\] and dropped from FF\[4\].
    Obsolete,
    /// Never part of the specification, but written by widespread
    /// applications.
    Private,
}

#[cfg(test)]
mod tests {
    use super::*;

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
