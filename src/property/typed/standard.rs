//! [`Prop`]: one variant per standard property, read from and written to
//! raw values through [`Value`].

use super::*;

macro_rules! props {
    ($( $id:ident => $kind:ident $(($t:ty))?, $doc:literal; )*) => {
        /// A property with its value in its Rust type, for a game `G`.
        ///
        /// There is one variant per general FF\[4\] property and per Go
        /// property (`HA`, `KM`, `TB`, `TW`), named by its identifier.
        /// Other properties of the table (obsolete FF\[1\]–FF\[3\] ones,
        /// private ones, those of other games) are [`Prop::Other`] with a
        /// [`Value`]. Point lists keep their compressed items
        /// ([`PointListItem`]) in file order.
        ///
        /// ```
        /// use sgfkit::game::{BoardSize, go::Go};
        /// use sgfkit::property::typed::Prop;
        ///
        /// let size = BoardSize::square(19);
        /// let p: Prop<Go> = Prop::parse("PB", &[b"Go Seigen"], size);
        /// assert_eq!(p, Prop::PB("Go Seigen".to_string()));
        /// assert_eq!(p.ident(), "PB");
        /// let x: Prop<Go> = Prop::parse("XY", &[b"1"], size);
        /// assert_eq!(x, Prop::Unknown { ident: "XY".into(), values: vec![b"1".to_vec()] });
        /// ```
        #[allow(clippy::upper_case_acronyms)]
        #[non_exhaustive]
        pub enum Prop<G: Game> {
            $(
                #[doc = $doc]
                $id $(($t))?,
            )*
            /// A property of the table without a variant of its own (an
            /// obsolete, private or other-game property).
            Other {
                /// The identifier.
                ident: String,
                /// The typed value.
                value: Value<G>,
            },
            /// An identifier the table does not know: the raw values.
            Unknown {
                /// The identifier.
                ident: String,
                /// The raw values, escapes intact.
                values: Vec<Vec<u8>>,
            },
            /// A value that does not fit the property's type: the raw values
            /// and the reason.
            Invalid {
                /// The identifier.
                ident: String,
                /// The raw values, escapes intact.
                values: Vec<Vec<u8>>,
                /// Why the values do not fit.
                reason: String,
            },
        }

        impl<G: Game> Prop<G> {
            /// The identifier.
            ///
            /// ```
            /// use sgfkit::property::typed::Prop;
            /// assert_eq!(Prop::<sgfkit::game::go::Go>::KM("6.5".parse().unwrap()).ident(), "KM");
            /// ```
            pub fn ident(&self) -> &str {
                match self {
                    $( props!(@pat $id $kind $(($t))?) => stringify!($id), )*
                    Prop::Other { ident, .. }
                    | Prop::Unknown { ident, .. }
                    | Prop::Invalid { ident, .. } => ident,
                }
            }

            /// The typed value (`None` for [`Prop::Unknown`] and
            /// [`Prop::Invalid`]).
            ///
            /// ```
            /// use sgfkit::property::typed::{Prop, Value};
            /// let p = Prop::<sgfkit::game::go::Go>::HA(3);
            /// assert_eq!(p.value(), Some(Value::Number(3)));
            /// ```
            pub fn value(&self) -> Option<Value<G>> {
                match self {
                    $( props!(@bind $id x $(($t))?) => Some(props!(@wrap $kind x)), )*
                    Prop::Other { value, .. } => Some(value.clone()),
                    Prop::Unknown { .. } | Prop::Invalid { .. } => None,
                }
            }

            /// The typed value, moved out (`None` for [`Prop::Unknown`] and
            /// [`Prop::Invalid`]): [`Prop::value`] without the copy.
            ///
            /// ```
            /// use sgfkit::property::typed::{Prop, Value};
            /// let p = Prop::<sgfkit::game::go::Go>::PB("Anna".into());
            /// assert_eq!(p.into_value(), Some(Value::SimpleText("Anna".into())));
            /// ```
            pub fn into_value(self) -> Option<Value<G>> {
                match self {
                    $( props!(@bind $id x $(($t))?) => Some(props!(@move $kind x)), )*
                    Prop::Other { value, .. } => Some(value),
                    Prop::Unknown { .. } | Prop::Invalid { .. } => None,
                }
            }

            /// The property `ident` holding `value`: the inverse of
            /// [`Prop::into_value`]. A value of another type than the
            /// table gives `ident`, or an identifier the table does not
            /// know, makes a [`Prop::Other`].
            ///
            /// ```
            /// use sgfkit::game::go::Go;
            /// use sgfkit::property::typed::{Prop, Value};
            /// let p = Prop::<Go>::from_value("PB", Value::SimpleText("Anna".into()));
            /// assert_eq!(p, Prop::PB("Anna".into()));
            /// assert!(matches!(Prop::<Go>::from_value("PB", Value::Number(3)), Prop::Other { .. }));
            /// ```
            pub fn from_value(ident: &str, value: Value<G>) -> Prop<G> {
                match (ident, value) {
                    $( (stringify!($id), props!(@unwrap $kind x)) => props!(@build $id $kind x $(($t))?), )*
                    (ident, value) => Prop::Other { ident: ident.to_string(), value },
                }
            }
        }

        impl<G: Game> Clone for Prop<G> {
            fn clone(&self) -> Self {
                match self {
                    $( props!(@bind $id x $(($t))?) => props!(@bind $id (x.clone()) $(($t))?), )*
                    Prop::Other { ident, value } => Prop::Other { ident: ident.clone(), value: value.clone() },
                    Prop::Unknown { ident, values } => Prop::Unknown { ident: ident.clone(), values: values.clone() },
                    Prop::Invalid { ident, values, reason } => Prop::Invalid {
                        ident: ident.clone(),
                        values: values.clone(),
                        reason: reason.clone(),
                    },
                }
            }
        }

        impl<G: Game> PartialEq for Prop<G> {
            fn eq(&self, other: &Self) -> bool {
                match (self, other) {
                    $( (props!(@bind $id x $(($t))?), props!(@bind $id y $(($t))?)) => props!(@eq x y $(($t))?), )*
                    (Prop::Other { ident: a, value: x }, Prop::Other { ident: b, value: y }) => a == b && x == y,
                    (Prop::Unknown { ident: a, values: x }, Prop::Unknown { ident: b, values: y }) => a == b && x == y,
                    (
                        Prop::Invalid { ident: a, values: x, reason: r },
                        Prop::Invalid { ident: b, values: y, reason: q },
                    ) => a == b && x == y && r == q,
                    _ => false,
                }
            }
        }

        impl<G: Game> fmt::Debug for Prop<G> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                match self {
                    $( props!(@bind $id x $(($t))?) => props!(@dbg f $id x $(($t))?), )*
                    Prop::Other { ident, value } => f.debug_struct("Other").field("ident", ident).field("value", value).finish(),
                    Prop::Unknown { ident, values } => f
                        .debug_struct("Unknown")
                        .field("ident", ident)
                        .field("values", &values.iter().map(|v| String::from_utf8_lossy(v)).collect::<Vec<_>>())
                        .finish(),
                    Prop::Invalid { ident, values, reason } => f
                        .debug_struct("Invalid")
                        .field("ident", ident)
                        .field("values", &values.iter().map(|v| String::from_utf8_lossy(v)).collect::<Vec<_>>())
                        .field("reason", reason)
                        .finish(),
                }
            }
        }

        /// Every identifier with a variant of its own in [`Prop`].
        pub const TYPED_IDENTS: &[&str] = &[$(stringify!($id)),*];
    };
    (@pat $id:ident $kind:ident ($t:ty)) => { Prop::$id(_) };
    (@pat $id:ident $kind:ident) => { Prop::$id };
    (@bind $id:ident $x:ident ($t:ty)) => { Prop::$id($x) };
    (@bind $id:ident $x:ident) => { Prop::$id };
    (@bind $id:ident ($e:expr) ($t:ty)) => { Prop::$id($e) };
    (@bind $id:ident ($e:expr)) => { Prop::$id };
    (@eq $x:ident $y:ident ($t:ty)) => { $x == $y };
    (@eq $x:ident $y:ident) => { true };
    (@dbg $f:ident $id:ident $x:ident ($t:ty)) => { $f.debug_tuple(stringify!($id)).field($x).finish() };
    (@dbg $f:ident $id:ident $x:ident) => { $f.write_str(stringify!($id)) };
    (@wrap None $x:ident) => { Value::None };
    (@wrap $kind:ident $x:ident) => { Value::$kind($x.clone()) };
    (@move None $x:ident) => { Value::None };
    (@move $kind:ident $x:ident) => { Value::$kind($x) };
    (@unwrap None $x:ident) => { Value::None };
    (@unwrap $kind:ident $x:ident) => { Value::$kind($x) };
    (@build $id:ident None $x:ident) => { Prop::$id };
    (@build $id:ident $kind:ident $x:ident ($t:ty)) => { Prop::$id($x) };
}

props! {
    AB => Stones(Vec<PointListItem<G::Stone>>), "Add Black (setup): stones, compressed items kept.";
    AE => Points(Vec<PointListItem<G::Point>>), "Add Empty (setup).";
    AN => SimpleText(String), "Annotation: who commented the game.";
    AP => TextPair((String, String)), "Application: name and version.";
    AR => PointPairs(Vec<(G::Point, G::Point)>), "Arrows: from and to.";
    AW => Stones(Vec<PointListItem<G::Stone>>), "Add White (setup).";
    B => Move(G::Move), "Black's move.";
    BL => Real(Real), "Black time left, seconds.";
    BM => Double(Double), "Bad move.";
    BR => SimpleText(String), "Black rank.";
    BT => SimpleText(String), "Black team.";
    C => Text(String), "Comment.";
    CA => SimpleText(String), "Charset.";
    CP => SimpleText(String), "Copyright.";
    CR => Points(Vec<PointListItem<G::Point>>), "Circle markup.";
    DD => Points(Vec<PointListItem<G::Point>>), "Dim points (inherited; empty: undim all).";
    DM => Double(Double), "Even position.";
    DO => None, "Doubtful move.";
    DT => SimpleText(String), "Date.";
    EV => SimpleText(String), "Event.";
    FF => Number(i64), "File format.";
    FG => Figure(Option<(i64, String)>), "Figure: flags and name, or none.";
    GB => Double(Double), "Good for Black.";
    GC => Text(String), "Game comment.";
    GM => Number(i64), "Game type.";
    GN => SimpleText(String), "Game name.";
    GW => Double(Double), "Good for White.";
    HA => Number(i64), "Handicap (Go).";
    HO => Double(Double), "Hotspot.";
    IT => None, "Interesting move.";
    KM => Real(Real), "Komi (Go).";
    KO => None, "Execute an illegal move.";
    LB => Labels(Vec<(G::Point, String)>), "Labels.";
    LN => PointPairs(Vec<(G::Point, G::Point)>), "Lines.";
    MA => Points(Vec<PointListItem<G::Point>>), "Cross markup.";
    MN => Number(i64), "Set move number.";
    N => SimpleText(String), "Node name.";
    OB => Number(i64), "Overtime moves left, Black.";
    ON => SimpleText(String), "Opening.";
    OT => SimpleText(String), "Overtime method.";
    OW => Number(i64), "Overtime moves left, White.";
    PB => SimpleText(String), "Black player.";
    PC => SimpleText(String), "Place.";
    PL => Color(Color), "Player to move.";
    PM => Number(i64), "Print move mode (inherited).";
    PW => SimpleText(String), "White player.";
    RE => SimpleText(String), "Result.";
    RO => SimpleText(String), "Round.";
    RU => SimpleText(String), "Rules.";
    SL => Points(Vec<PointListItem<G::Point>>), "Selected points.";
    SO => SimpleText(String), "Source.";
    SQ => Points(Vec<PointListItem<G::Point>>), "Square markup.";
    ST => Number(i64), "Variation style.";
    SZ => Size((i64, i64)), "Board size: columns and rows (equal for `SZ[n]`).";
    TB => Points(Vec<PointListItem<G::Point>>), "Black territory (Go).";
    TE => Double(Double), "Tesuji.";
    TM => Real(Real), "Time limit, seconds.";
    TR => Points(Vec<PointListItem<G::Point>>), "Triangle markup.";
    TW => Points(Vec<PointListItem<G::Point>>), "White territory (Go).";
    UC => Double(Double), "Unclear position.";
    US => SimpleText(String), "User (who entered the game).";
    V => Real(Real), "Value (estimated score).";
    VW => Points(Vec<PointListItem<G::Point>>), "View (inherited; empty: whole board).";
    W => Move(G::Move), "White's move.";
    WL => Real(Real), "White time left, seconds.";
    WR => SimpleText(String), "White rank.";
    WT => SimpleText(String), "White team.";
}

impl<G: Game> Prop<G> {
    /// Reads property `ident` (FF\[4\] form) from its raw values (escapes
    /// intact) on a board of `size`, for game `G`.
    ///
    /// Never fails: see [`Prop::Unknown`] and [`Prop::Invalid`].
    ///
    /// ```
    /// use sgfkit::game::{BoardSize, go::Go};
    /// use sgfkit::property::typed::Prop;
    ///
    /// let size = BoardSize::square(19);
    /// assert_eq!(Prop::<Go>::parse("DD", &[b""], size), Prop::DD(vec![]));
    /// assert!(matches!(Prop::<Go>::parse("AB", &[b"aa:aa"], size), Prop::Invalid { .. }));
    /// ```
    pub fn parse(ident: &str, raw_values: &[&[u8]], size: BoardSize) -> Prop<G> {
        let raw = || raw_values.iter().map(|v| v.to_vec()).collect();
        let Some(info) = lookup(ident, G::GM) else {
            return Prop::Unknown {
                ident: ident.to_string(),
                values: raw(),
            };
        };
        match Value::parse(&info.value_type, raw_values, size) {
            Ok(value) => Prop::from_value(info.ident, value),
            Err(reason) => Prop::Invalid {
                ident: ident.to_string(),
                values: raw(),
                reason,
            },
        }
    }

    /// The identifier and canonical raw values (escapes in place, without
    /// brackets), ready for [`Collection::set_property`](crate::Collection::set_property).
    /// [`Prop::Unknown`] and [`Prop::Invalid`] give their raw values back
    /// unchanged.
    ///
    /// ```
    /// use sgfkit::game::{BoardSize, go::Go};
    /// use sgfkit::property::typed::Prop;
    ///
    /// let size = BoardSize::square(19);
    /// let c: Prop<Go> = Prop::C("a]b\\c:d".to_string());
    /// assert_eq!(c.to_raw(size), ("C".to_string(), vec![b"a\\]b\\\\c:d".to_vec()]));
    /// ```
    pub fn to_raw(&self, size: BoardSize) -> (String, Vec<Vec<u8>>) {
        let values = match self {
            Prop::Unknown { values, .. } | Prop::Invalid { values, .. } => values.clone(),
            _ => self.value().map(|v| v.to_raw(size)).unwrap_or_default(),
        };
        (self.ident().to_string(), values)
    }
}
