//! The property table: one entry per identifier and game, and the lookup
//! that finds an entry by identifier. It imports nothing else of the crate,
//! so every layer can read it, the parse limits under the tree included;
//! users reach it through [`property`](crate::property).

mod types;

pub use types::{Category, ParseVersionsError, PropertyType, ValueType, Versions, stone_is_point};

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

/// True when some entry of the table for `ident` is a list of points or
/// stones (`AB`, `MA`, `VW` …), whose values may be `ul:lr` rectangles that
/// stand for many points: what the parse limits count.
#[inline]
pub(crate) fn is_point_list(ident: &[u8]) -> bool {
    slot(ident).is_some_and(|k| POINT_LISTS[k])
}

/// For each identifier slot, whether an entry of [`TABLE`] with that
/// identifier is a list (or elist) of points or stones; built at compile
/// time.
static POINT_LISTS: [bool; SLOT_COUNT] = {
    let mut lists = [false; SLOT_COUNT];
    let mut i = 0;
    while i < TABLE.len() {
        let listed = match TABLE[i].value_type {
            ValueType::List(inner) | ValueType::EList(inner) => {
                matches!(*inner, ValueType::Point | ValueType::Stone)
            }
            _ => false,
        };
        if listed && let Some(k) = slot(TABLE[i].ident.as_bytes()) {
            lists[k] = true;
        }
        i += 1;
    }
    lists
};

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
mod tests;
