//! Octi (GM\[19\]).
//!
//! A point is two digits, horizontal then vertical, from `11` (south-west) to `99`
//! (north-east). A stone is a pod: its point and its prongs, letters `A` (north) to `H`
//! clockwise, e.g. `46CD`; the prongs may be omitted. Prongs are a set and print in `A`…`H`
//! order; a prong written twice is an error. A move is one or more pod actions separated by `,`:
//!
//! | written | meaning | [`Action`] |
//! |---|---|---|
//! | `73` | bring a new pod onto 73 | `NewPod` |
//! | `33+B`, `33+B!` | add a (super)prong to the pod on 33 | `AddProng` |
//! | `33+A-B` | reposition prong B to face A | `Reposition` |
//! | `84-86-68` | move / jump through 86 to 68 | `Move` |
//! | `84-86-68x`, `84-86x-68`, `84-86-68xDxAB` | … capturing the jumped stack, or the listed pods | `Move` |
//! | `46CD-56,46D-55` | several pods of a stack | two `Move`s |
//!
//! FF\[4\] names no default `SZ` for Octi; [`Octi::default_size`] is the full coordinate range 9×9.
//!
//! ```
//! use sgfkit::game::{Game, octi::{Octi, Action}};
//! let size = Octi::default_size();
//! let m = Octi::read_move(b"84-86-68xDxAB", size).unwrap();
//! let Action::Move { steps, .. } = &m.actions[0] else { unreachable!() };
//! assert_eq!(steps[1].captures.len(), 2);
//! let mut out = Vec::new();
//! Octi::write_move(&m, size, &mut out);
//! assert_eq!(out, b"84-86-68xDxAB");
//! ```

use super::util::{byte, fail};
use super::{BoardSize, Game, Reason, ValueResult};

/// Octi, GM\[19\].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Octi;

/// A point, 1-based as written: `x` horizontal (1 = west), `y` vertical (1 = south).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    /// Horizontal coordinate, 1–9.
    pub x: u8,
    /// Vertical coordinate, 1–9.
    pub y: u8,
}

impl Point {
    /// The point written `xy` (both 1–9).
    pub const fn new(x: u8, y: u8) -> Self {
        Point { x, y }
    }
}

/// A prong direction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Prong {
    /// North.
    A,
    /// North-east.
    B,
    /// East.
    C,
    /// South-east.
    D,
    /// South.
    E,
    /// South-west.
    F,
    /// West.
    G,
    /// North-west.
    H,
}

impl Prong {
    const ALL: [Prong; 8] = [
        Prong::A,
        Prong::B,
        Prong::C,
        Prong::D,
        Prong::E,
        Prong::F,
        Prong::G,
        Prong::H,
    ];

    /// The prong written with `letter` (`A`–`H`).
    pub fn from_letter(letter: u8) -> Option<Prong> {
        letter
            .checked_sub(b'A')
            .and_then(|k| Prong::ALL.get(usize::from(k)).copied())
    }

    /// The letter of this prong.
    pub const fn letter(self) -> u8 {
        b'A' + self as u8
    }
}

/// A set of prongs (possibly empty).
///
/// ```
/// use sgfkit::game::octi::{Prong, Prongs};
/// let p = Prongs::EMPTY.with(Prong::D).with(Prong::C);
/// assert!(p.contains(Prong::C));
/// assert_eq!(p.iter().collect::<Vec<_>>(), [Prong::C, Prong::D]);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Prongs(u8);

impl Prongs {
    /// No prongs.
    pub const EMPTY: Prongs = Prongs(0);

    /// The set with `p` added.
    pub const fn with(self, p: Prong) -> Prongs {
        Prongs(self.0 | 1 << p as u8)
    }

    /// True when `p` is in the set.
    pub const fn contains(self, p: Prong) -> bool {
        self.0 & (1 << p as u8) != 0
    }

    /// True when the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The prongs, `A` to `H`.
    pub fn iter(self) -> impl Iterator<Item = Prong> {
        Prong::ALL.into_iter().filter(move |&p| self.contains(p))
    }

    /// The set from its bits (bit 0 = `A`).
    pub const fn from_bits(bits: u8) -> Prongs {
        Prongs(bits)
    }
}

/// A stone: a pod on a point with its prongs (`46CD`; `46` when the prongs are omitted).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Stone {
    /// Where the pod is.
    pub point: Point,
    /// Its prongs (empty when omitted).
    pub prongs: Prongs,
}

/// One step of a move: the point reached and what is captured there.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Step {
    /// The point reached.
    pub to: Point,
    /// Captures recorded at this point, one per `x`: an empty set captures the whole jumped
    /// stack (`68x`); a non-empty one captures the pod with those prongs (`68xD`).
    pub captures: Vec<Prongs>,
}

/// What one pod does in a move.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Action {
    /// `73`: a new pod enters the board on this point.
    NewPod(Point),
    /// `33+B` (or `33+B!` for a superprong): a prong is added to a pod.
    AddProng {
        /// The pod.
        stone: Stone,
        /// The prong added.
        prong: Prong,
        /// Written with `!`: a superprong.
        superprong: bool,
    },
    /// `33+A-B`: a prong is turned to face another direction.
    Reposition {
        /// The pod.
        stone: Stone,
        /// The new direction (after `+`).
        to: Prong,
        /// The old direction (after `-`).
        from: Prong,
    },
    /// `84-86-68x`: a pod moves or jumps, step by step.
    Move {
        /// The pod.
        stone: Stone,
        /// At least one step.
        steps: Vec<Step>,
    },
}

/// An Octi move: one action per pod, written separated by `,`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Move {
    /// At least one action.
    pub actions: Vec<Action>,
}

impl Game for Octi {
    const GM: u32 = 19;
    const NAME: &'static str = "Octi";
    const STONE_IS_POINT: bool = false;
    type Point = Point;
    type Move = Move;
    type Stone = Stone;

    fn default_size() -> BoardSize {
        BoardSize::square(9)
    }

    fn parse_point(i: &[u8], size: BoardSize) -> ValueResult<'_, Point> {
        point(i, size)
    }

    fn parse_move(i: &[u8], size: BoardSize) -> ValueResult<'_, Move> {
        move_(i, size)
    }

    fn parse_stone(i: &[u8], size: BoardSize) -> ValueResult<'_, Stone> {
        stone(i, size)
    }

    fn write_point(p: &Point, _size: BoardSize, out: &mut Vec<u8>) {
        write_point(*p, out);
    }

    fn write_move(m: &Move, _size: BoardSize, out: &mut Vec<u8>) {
        for (k, a) in m.actions.iter().enumerate() {
            if k > 0 {
                out.push(b',');
            }
            write_action(a, out);
        }
    }

    /// `11` is the south-west (lower-left) corner: the north row is drawn first.
    fn point_cell(p: &Point, size: BoardSize) -> Option<(u16, u16)> {
        let col = u16::from(p.x).checked_sub(1)?;
        Some((col, size.rows.checked_sub(u16::from(p.y))?))
    }

    fn write_stone(s: &Stone, _size: BoardSize, out: &mut Vec<u8>) {
        write_stone(*s, out);
    }
}

/// `Point = Digit Digit` (Octi; each `"1".."9"`, horizontal then vertical, `11` south-west)
///
/// ```
/// use sgfkit::game::{Game, octi::{point, Octi, Point}};
/// assert_eq!(point(b"73", Octi::default_size()), Ok((&b""[..], Point::new(7, 3))));
/// assert!(point(b"07", Octi::default_size()).is_err());
/// ```
pub fn point(i: &[u8], size: BoardSize) -> ValueResult<'_, Point> {
    match i {
        [a, b, rest @ ..] if a.is_ascii_digit() && b.is_ascii_digit() => {
            let p = Point::new(a - b'0', b - b'0');
            if p.x == 0 || p.y == 0 || u16::from(p.x) > size.columns || u16::from(p.y) > size.rows {
                fail(i, Reason::OffBoard)
            } else {
                Ok((rest, p))
            }
        }
        _ => fail(i, Reason::BadSyntax),
    }
}

// Prongs = ("A".."H")*   (each at most once)
fn prongs(mut i: &[u8]) -> ValueResult<'_, Prongs> {
    let mut set = Prongs::EMPTY;
    while let Some(p) = i.first().and_then(|&c| Prong::from_letter(c)) {
        if set.contains(p) {
            return fail(i, Reason::BadSyntax);
        }
        set = set.with(p);
        i = &i[1..];
    }
    Ok((i, set))
}

fn prong(i: &[u8]) -> ValueResult<'_, Prong> {
    match i.first().and_then(|&c| Prong::from_letter(c)) {
        Some(p) => Ok((&i[1..], p)),
        None => fail(i, Reason::BadSyntax),
    }
}

/// `Stone = Point { Prong }` (Octi; `Prong = "A".."H"`, each at most once)
///
/// ```
/// use sgfkit::game::{Game, octi::{stone, Octi, Point}};
/// let (rest, s) = stone(b"46CD", Octi::default_size()).unwrap();
/// assert!(rest.is_empty());
/// assert_eq!(s.point, Point::new(4, 6));
/// ```
pub fn stone(i: &[u8], size: BoardSize) -> ValueResult<'_, Stone> {
    let (i, point) = point(i, size)?;
    let (i, prongs) = prongs(i)?;
    Ok((i, Stone { point, prongs }))
}

// Step = Point ("x" Prongs)*
fn step(i: &[u8], size: BoardSize) -> ValueResult<'_, Step> {
    let (mut i, to) = point(i, size)?;
    let mut captures = Vec::new();
    while let Ok((rest, _)) = byte(i, b'x') {
        let (rest, p) = prongs(rest)?;
        captures.push(p);
        i = rest;
    }
    Ok((i, Step { to, captures }))
}

// Action = Point                                   (new pod)
//        | Stone "+" Prong ("!" | "-" Prong)?      (add / reposition a prong)
//        | Stone ("-" Step)+                       (move, jumps, captures)
fn action(i: &[u8], size: BoardSize) -> ValueResult<'_, Action> {
    let (rest, stone) = stone(i, size)?;
    match rest.first() {
        Some(b'+') => {
            let (rest, added) = prong(&rest[1..])?;
            match rest.first() {
                Some(b'!') => Ok((
                    &rest[1..],
                    Action::AddProng {
                        stone,
                        prong: added,
                        superprong: true,
                    },
                )),
                Some(b'-') => {
                    let (rest, from) = prong(&rest[1..])?;
                    Ok((
                        rest,
                        Action::Reposition {
                            stone,
                            to: added,
                            from,
                        },
                    ))
                }
                _ => Ok((
                    rest,
                    Action::AddProng {
                        stone,
                        prong: added,
                        superprong: false,
                    },
                )),
            }
        }
        Some(b'-') => {
            let mut steps = Vec::new();
            let mut rest = rest;
            while let Ok((r, _)) = byte(rest, b'-') {
                let (r, s) = step(r, size)?;
                steps.push(s);
                rest = r;
            }
            Ok((rest, Action::Move { stone, steps }))
        }
        _ if stone.prongs.is_empty() => Ok((rest, Action::NewPod(stone.point))),
        _ => fail(rest, Reason::BadSyntax),
    }
}

/// `Move = Action { "," Action }` (Octi; `Action = Point | Stone "+" Prong [ "!" | "-" Prong ] | Stone ( "-" Step ) { "-" Step }`, `Step = Point { "x" { Prong } }`)
///
/// ```
/// use sgfkit::game::{Game, octi::{move_, Octi}};
/// let (rest, m) = move_(b"46CD-56,46D-55", Octi::default_size()).unwrap();
/// assert!(rest.is_empty());
/// assert_eq!(m.actions.len(), 2);
/// ```
pub fn move_(i: &[u8], size: BoardSize) -> ValueResult<'_, Move> {
    let (mut i, first) = action(i, size)?;
    let mut actions = vec![first];
    while let Ok((rest, _)) = byte(i, b',') {
        let (rest, a) = action(rest, size)?;
        actions.push(a);
        i = rest;
    }
    Ok((i, Move { actions }))
}

fn write_point(p: Point, out: &mut Vec<u8>) {
    out.push(b'0' + p.x.min(9));
    out.push(b'0' + p.y.min(9));
}

fn write_prongs(p: Prongs, out: &mut Vec<u8>) {
    out.extend(p.iter().map(Prong::letter));
}

fn write_stone(s: Stone, out: &mut Vec<u8>) {
    write_point(s.point, out);
    write_prongs(s.prongs, out);
}

fn write_action(a: &Action, out: &mut Vec<u8>) {
    match a {
        Action::NewPod(p) => write_point(*p, out),
        Action::AddProng {
            stone,
            prong,
            superprong,
        } => {
            write_stone(*stone, out);
            out.push(b'+');
            out.push(prong.letter());
            if *superprong {
                out.push(b'!');
            }
        }
        Action::Reposition { stone, to, from } => {
            write_stone(*stone, out);
            out.push(b'+');
            out.push(to.letter());
            out.push(b'-');
            out.push(from.letter());
        }
        Action::Move { stone, steps } => {
            write_stone(*stone, out);
            for s in steps {
                out.push(b'-');
                write_point(s.to, out);
                for c in &s.captures {
                    out.push(b'x');
                    write_prongs(*c, out);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const S9: BoardSize = BoardSize::square(9);

    fn round_trip(s: &str) -> Move {
        let m = Octi::read_move(s.as_bytes(), S9).unwrap();
        let mut out = Vec::new();
        Octi::write_move(&m, S9, &mut out);
        assert_eq!(String::from_utf8(out).unwrap(), s);
        m
    }

    #[test]
    fn spec_examples() {
        assert_eq!(round_trip("73").actions, [Action::NewPod(Point::new(7, 3))]);
        let plain = |x, y| Stone {
            point: Point::new(x, y),
            prongs: Prongs::EMPTY,
        };
        assert_eq!(
            round_trip("33+B").actions,
            [Action::AddProng {
                stone: plain(3, 3),
                prong: Prong::B,
                superprong: false
            }]
        );
        assert_eq!(
            round_trip("33+B!").actions,
            [Action::AddProng {
                stone: plain(3, 3),
                prong: Prong::B,
                superprong: true
            }]
        );
        assert_eq!(
            round_trip("33+A-B").actions,
            [Action::Reposition {
                stone: plain(3, 3),
                to: Prong::A,
                from: Prong::B
            }]
        );
        let m = round_trip("84-86-68");
        assert_eq!(
            m.actions,
            [Action::Move {
                stone: plain(8, 4),
                steps: vec![
                    Step {
                        to: Point::new(8, 6),
                        captures: vec![]
                    },
                    Step {
                        to: Point::new(6, 8),
                        captures: vec![]
                    }
                ]
            }]
        );
        round_trip("84-86-68x");
        let m = round_trip("84-86x-68");
        let Action::Move { steps, .. } = &m.actions[0] else {
            panic!()
        };
        assert_eq!(steps[0].captures, [Prongs::EMPTY]);
        let m = round_trip("84-86-68xDxAB");
        let Action::Move { steps, .. } = &m.actions[0] else {
            panic!()
        };
        assert_eq!(
            steps[1].captures,
            [
                Prongs::EMPTY.with(Prong::D),
                Prongs::EMPTY.with(Prong::A).with(Prong::B)
            ]
        );
        let m = round_trip("46CD-56,46D-55");
        assert_eq!(m.actions.len(), 2);
    }

    #[test]
    fn stones() {
        let s = Octi::read_stone(b"46CD", S9).unwrap();
        assert_eq!(s.point, Point::new(4, 6));
        assert_eq!(s.prongs, Prongs::EMPTY.with(Prong::C).with(Prong::D));
        assert_eq!(Octi::read_stone(b"46", S9).unwrap().prongs, Prongs::EMPTY);
        // prongs print in A..H order
        let s = Octi::read_stone(b"46DC", S9).unwrap();
        let mut out = Vec::new();
        Octi::write_stone(&s, S9, &mut out);
        assert_eq!(out, b"46CD");
        assert_eq!(
            Octi::read_stone(b"46CC", S9).unwrap_err().reason,
            Reason::BadSyntax
        );
    }

    #[test]
    fn invalid() {
        let r = |s: &[u8]| Octi::read_move(s, S9).unwrap_err().reason;
        assert_eq!(r(b"46CD"), Reason::BadSyntax);
        assert_eq!(r(b"40"), Reason::OffBoard);
        assert_eq!(r(b"4"), Reason::BadSyntax);
        assert_eq!(r(b"33+"), Reason::BadSyntax);
        assert_eq!(r(b"33+I"), Reason::BadSyntax);
        assert_eq!(r(b"33+A-"), Reason::BadSyntax);
        assert_eq!(r(b"84-"), Reason::BadSyntax);
        assert_eq!(r(b"84-86,"), Reason::BadSyntax);
        assert_eq!(r(b"84-86y"), Reason::TrailingInput);
        assert_eq!(r(b""), Reason::BadSyntax);
        assert_eq!(
            Octi::read_point(b"77", BoardSize::new(6, 7))
                .unwrap_err()
                .reason,
            Reason::OffBoard
        );
        assert_eq!(
            Octi::read_point(b"67", BoardSize::new(6, 7)),
            Ok(Point::new(6, 7))
        );
    }

    fn arb_point() -> impl Strategy<Value = Point> {
        (1u8..=9, 1u8..=9).prop_map(|(x, y)| Point::new(x, y))
    }

    fn arb_prong() -> impl Strategy<Value = Prong> {
        (0usize..8).prop_map(|k| Prong::ALL[k])
    }

    fn arb_stone() -> impl Strategy<Value = Stone> {
        (arb_point(), any::<u8>()).prop_map(|(point, b)| Stone {
            point,
            prongs: Prongs::from_bits(b),
        })
    }

    fn arb_action() -> impl Strategy<Value = Action> {
        let step =
            (arb_point(), proptest::collection::vec(any::<u8>(), 0..3)).prop_map(|(to, c)| Step {
                to,
                captures: c.into_iter().map(Prongs::from_bits).collect(),
            });
        prop_oneof![
            arb_point().prop_map(Action::NewPod),
            (arb_stone(), arb_prong(), any::<bool>()).prop_map(|(stone, prong, superprong)| {
                Action::AddProng {
                    stone,
                    prong,
                    superprong,
                }
            }),
            (arb_stone(), arb_prong(), arb_prong())
                .prop_map(|(stone, to, from)| Action::Reposition { stone, to, from }),
            (arb_stone(), proptest::collection::vec(step, 1..4))
                .prop_map(|(stone, steps)| Action::Move { stone, steps }),
        ]
    }

    proptest! {
        #[test]
        fn moves_round_trip(actions in proptest::collection::vec(arb_action(), 1..4)) {
            let m = Move { actions };
            let mut out = Vec::new();
            Octi::write_move(&m, S9, &mut out);
            prop_assert_eq!(Octi::read_move(&out, S9), Ok(m));
        }

        #[test]
        fn stones_round_trip(s in arb_stone()) {
            let mut out = Vec::new();
            Octi::write_stone(&s, S9, &mut out);
            prop_assert_eq!(Octi::read_stone(&out, S9), Ok(s));
            let mut out = Vec::new();
            Octi::write_point(&s.point, S9, &mut out);
            prop_assert_eq!(Octi::read_point(&out, S9), Ok(s.point));
        }
    }
}
