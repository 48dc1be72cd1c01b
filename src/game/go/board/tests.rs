//! Tests of the board: hand-made positions, and random games against a
//! flood-fill reference.

use super::*;
use proptest::prelude::*;

fn board(rows: &[&str]) -> Board {
    let mut b = Board::new(BoardSize::new(rows[0].len() as u16, rows.len() as u16));
    for (y, r) in rows.iter().enumerate() {
        for (x, c) in r.bytes().enumerate() {
            let s = match c {
                b'X' => Some(Color::Black),
                b'O' => Some(Color::White),
                _ => None,
            };
            b.setup(Point::new(x as u16, y as u16), s).unwrap();
        }
    }
    b
}

fn play(b: &mut Board, c: Color, x: u16, y: u16) -> MoveOutcome {
    b.play(c, Move::Play(Point::new(x, y))).unwrap()
}

#[test]
fn single_capture() {
    let mut b = board(&[".....", "..X..", ".XO..", "..X..", "....."]);
    let o = play(&mut b, Color::Black, 3, 2);
    assert_eq!(o.captured, vec![Point::new(2, 2)]);
    assert!(o.is_legal());
    assert_eq!(b.get(Point::new(2, 2)), None);
    assert_eq!(b.captured(Color::White), 1);
    assert_eq!(b.captured(Color::Black), 0);
}

#[test]
fn group_and_edge_capture() {
    let mut b = board(&["OOX..", ".....", "....."]);
    let o = play(&mut b, Color::Black, 0, 1);
    assert!(o.captured.is_empty());
    assert_eq!(b.liberties(Point::new(0, 0)), Some(1));
    let mut b = board(&["OOX..", ".X...", "....."]);
    let o = play(&mut b, Color::Black, 0, 1);
    let mut c = o.captured.clone();
    c.sort();
    assert_eq!(c, vec![Point::new(0, 0), Point::new(1, 0)]);
    assert_eq!(b.captured(Color::White), 2);
    assert_eq!(b.stones().count(), 3);
}

#[test]
fn multiple_groups() {
    let mut b = board(&["O.OX.", "X.X..", "....."]);
    let o = play(&mut b, Color::Black, 1, 0);
    assert_eq!(o.captured.len(), 2);
    assert_eq!(b.captured(Color::White), 2);
    assert_eq!(b.liberties(Point::new(1, 0)), Some(3));
}

#[test]
fn suicide() {
    let mut b = board(&[".O...", "O....", "....."]);
    let o = play(&mut b, Color::Black, 0, 0);
    assert!(o.is_suicide());
    assert!(!o.is_legal());
    assert_eq!(o.suicide, vec![Point::new(0, 0)]);
    assert_eq!(b.get(Point::new(0, 0)), None);
    // A stone lost by suicide is no capture.
    assert_eq!(b.captured(Color::Black), 0);
    assert_eq!(b.captured(Color::White), 0);
    // group suicide
    let mut b = board(&["X.O..", "OO...", "....."]);
    let o = play(&mut b, Color::Black, 1, 0);
    assert_eq!(o.suicide.len(), 2);
    assert_eq!(b.captured(Color::Black), 0);
    // capturing first is not suicide
    let mut b = board(&[".OX..", "OX...", "....."]);
    let o = play(&mut b, Color::Black, 0, 0);
    assert!(!o.is_suicide());
    assert_eq!(o.captured, vec![Point::new(1, 0)]);
    assert_eq!(b.liberties(Point::new(0, 0)), Some(1));
}

#[test]
fn ko() {
    // .XO.
    // X.XO
    // .XO.
    let mut b = board(&[".XO.", "XO.O", ".XO."]);
    let o = play(&mut b, Color::Black, 2, 1);
    assert_eq!(o.captured, vec![Point::new(1, 1)]);
    let o = play(&mut b, Color::White, 1, 1);
    assert!(o.ko);
    assert!(!o.is_legal());
    assert_eq!(o.captured, vec![Point::new(2, 1)]);
    // after a move elsewhere the retake is fine
    let mut b = board(&[".XO.", "XO.O", ".XO."]);
    play(&mut b, Color::Black, 2, 1);
    b.play(Color::White, Move::Pass).unwrap();
    b.play(Color::Black, Move::Pass).unwrap();
    let o = play(&mut b, Color::White, 1, 1);
    assert!(!o.ko);
    assert!(o.is_legal());
}

#[test]
fn single_capture_that_is_not_ko() {
    // Black captures at (1,1) but its stone keeps two liberties: retaking is no ko
    // (and here it is not even possible without suicide).
    let mut b = board(&[".XO..", "XO.O.", ".XO..", "....."]);
    b.setup(Point::new(2, 1), None).unwrap();
    b.setup(Point::new(3, 1), None).unwrap();
    let o = play(&mut b, Color::Black, 2, 1);
    assert_eq!(o.captured, vec![Point::new(1, 1)]);
    assert_eq!(b.liberties(Point::new(2, 1)), Some(2));
    let o = play(&mut b, Color::White, 1, 1);
    assert!(!o.ko);
    assert!(o.is_suicide());
    // ko state is cleared by setup
    let mut b = board(&[".XO.", "XO.O", ".XO."]);
    play(&mut b, Color::Black, 2, 1);
    b.setup(Point::new(3, 2), Some(Color::Black)).unwrap();
    assert!(!play(&mut b, Color::White, 1, 1).ko);
}

#[test]
fn occupied_and_off_board() {
    let mut b = board(&["X..", "...", "..."]);
    let o = play(&mut b, Color::White, 0, 0);
    assert_eq!(o.occupied, Some(Color::Black));
    assert_eq!(b.get(Point::new(0, 0)), Some(Color::White));
    assert_eq!(
        b.play(Color::Black, Move::Play(Point::new(3, 0))),
        Err(OffBoard(Point::new(3, 0)))
    );
    assert_eq!(b.get(Point::new(7, 7)), None);
}

fn arb_point(size: u8) -> impl Strategy<Value = Point> {
    (0..size, 0..size).prop_map(|(x, y)| Point::new(x.into(), y.into()))
}

proptest! {
    #[test]
    fn random_games_keep_invariants(
        moves in proptest::collection::vec((any::<bool>(), arb_point(7)), 0..120)
    ) {
        let mut b = Board::new(BoardSize::square(7));
        for (black, pt) in moves {
            let color = if black { Color::Black } else { Color::White };
            let before = b.stones().count();
            let occupied = b.get(pt).is_some();
            let caps = b.captured(Color::Black) + b.captured(Color::White);
            let o = b.play(color, Move::Play(pt)).unwrap();
            let after = b.stones().count();
            // stones removed = captured + suicide; capture counts follow
            // the captures only
            let removed = o.captured.len() + o.suicide.len();
            prop_assert_eq!(before + usize::from(!occupied), after + removed);
            prop_assert_eq!(
                (b.captured(Color::Black) + b.captured(Color::White) - caps) as usize,
                o.captured.len()
            );
            for &c in &o.captured {
                prop_assert_eq!(b.get(c), None);
            }
            if o.is_suicide() {
                prop_assert_eq!(b.get(pt), None);
            } else {
                prop_assert_eq!(b.get(pt), Some(color));
            }
            // no group without liberties remains
            let stones: Vec<_> = b.stones().collect();
            for (s, _) in stones {
                prop_assert!(b.liberties(s).unwrap() > 0);
            }
        }
    }
}

/// The straightforward board: a flood fill per group, as the board did
/// before it kept chains. Kept here as the reference the board is compared
/// with.
#[derive(Debug, Clone)]
struct Reference {
    w: usize,
    h: usize,
    cells: Vec<Option<Color>>,
    captured: [u32; 2],
    ko: Option<(Point, Color, Point)>,
}

impl Reference {
    fn new(w: usize, h: usize) -> Self {
        Reference {
            w,
            h,
            cells: vec![None; w * h],
            captured: [0; 2],
            ko: None,
        }
    }

    /// Setup: the point takes `stone` (or is emptied), no captures, and
    /// any ko is gone.
    fn setup(&mut self, p: Point, stone: Option<Color>) {
        self.cells[usize::from(p.y) * self.w + usize::from(p.x)] = stone;
        self.ko = None;
    }

    fn neighbours(&self, k: usize) -> Vec<usize> {
        let (x, y) = (k % self.w, k / self.w);
        let mut v = Vec::new();
        if x > 0 {
            v.push(k - 1);
        }
        if x + 1 < self.w {
            v.push(k + 1);
        }
        if y > 0 {
            v.push(k - self.w);
        }
        if y + 1 < self.h {
            v.push(k + self.w);
        }
        v
    }

    fn group(&self, k: usize) -> (Vec<usize>, usize) {
        let colour = self.cells[k];
        let mut seen = vec![false; self.cells.len()];
        let mut liberty = vec![false; self.cells.len()];
        let (mut group, mut stack, mut libs) = (vec![k], vec![k], 0);
        seen[k] = true;
        while let Some(c) = stack.pop() {
            for n in self.neighbours(c) {
                if self.cells[n].is_none() {
                    if !liberty[n] {
                        liberty[n] = true;
                        libs += 1;
                    }
                } else if self.cells[n] == colour && !seen[n] {
                    seen[n] = true;
                    group.push(n);
                    stack.push(n);
                }
            }
        }
        (group, libs)
    }

    fn point(&self, k: usize) -> Point {
        Point::new((k % self.w) as u16, (k / self.w) as u16)
    }

    fn play(&mut self, colour: Color, m: Move) -> MoveOutcome {
        let Move::Play(p) = m else {
            self.ko = None;
            return MoveOutcome::default();
        };
        let k = usize::from(p.y) * self.w + usize::from(p.x);
        let mut out = MoveOutcome {
            occupied: self.cells[k],
            ..MoveOutcome::default()
        };
        self.cells[k] = Some(colour);
        let enemy = colour.opponent();
        for n in self.neighbours(k) {
            if self.cells[n] == Some(enemy) {
                let (g, libs) = self.group(n);
                if libs == 0 {
                    for s in g {
                        self.cells[s] = None;
                        out.captured.push(self.point(s));
                    }
                }
            }
        }
        let (own, libs) = self.group(k);
        if libs == 0 {
            for s in own {
                self.cells[s] = None;
                out.suicide.push(self.point(s));
            }
        }
        self.captured[usize::from(enemy == Color::White)] += out.captured.len() as u32;
        if let Some((ko_point, ko_colour, capturer)) = self.ko {
            out.ko = ko_point == p && ko_colour == colour && out.captured == [capturer];
        }
        self.ko = None;
        if out.captured.len() == 1 && out.suicide.is_empty() {
            let (own, libs) = self.group(k);
            if own.len() == 1 && libs == 1 {
                self.ko = Some((out.captured[0], enemy, p));
            }
        }
        out
    }
}

#[derive(Debug, Clone)]
enum Step {
    Setup(u8, u8, Option<Color>),
    Play(Color, Option<(u8, u8)>),
}

fn arb_colour() -> impl Strategy<Value = Color> {
    prop_oneof![Just(Color::Black), Just(Color::White)]
}

fn arb_step() -> impl Strategy<Value = Step> {
    prop_oneof![
        1 => (any::<u8>(), any::<u8>(), proptest::option::of(arb_colour()))
            .prop_map(|(x, y, s)| Step::Setup(x, y, s)),
        8 => (arb_colour(), proptest::option::weighted(0.97, (any::<u8>(), any::<u8>())))
            .prop_map(|(c, p)| Step::Play(c, p)),
    ]
}

/// A step's coordinates folded onto a `w`×`h` board.
fn on_board(x: u8, y: u8, w: usize, h: usize) -> Point {
    Point::new((usize::from(x) % w) as u16, (usize::from(y) % h) as u16)
}

/// The board holds the reference's stones on every point, and the same
/// capture counts.
fn same_stones(b: &Board, r: &Reference) -> Result<(), TestCaseError> {
    for k in 0..r.cells.len() {
        prop_assert_eq!(b.get(r.point(k)), r.cells[k]);
    }
    prop_assert_eq!(b.captured(Color::Black), r.captured[0]);
    prop_assert_eq!(b.captured(Color::White), r.captured[1]);
    Ok(())
}

/// One step on the board and on the reference, on a `w`×`h` board: the
/// same outcome of a move, then the same stones.
fn take_step(
    b: &mut Board,
    r: &mut Reference,
    step: &Step,
    (w, h): (usize, usize),
) -> Result<(), TestCaseError> {
    match *step {
        Step::Setup(x, y, stone) => {
            let p = on_board(x, y, w, h);
            b.setup(p, stone).unwrap();
            r.setup(p, stone);
        }
        Step::Play(colour, at) => {
            let m = at.map_or(Move::Pass, |(x, y)| Move::Play(on_board(x, y, w, h)));
            prop_assert_eq!(b.play(colour, m).unwrap(), r.play(colour, m));
        }
    }
    same_stones(b, r)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]
    /// Random setup and moves (captures, suicide, ko, moves onto stones) on
    /// random sizes: every outcome and every position equals the flood-fill
    /// reference's.
    #[test]
    fn same_as_the_flood_fill_reference(
        w in 1usize..=9,
        h in 1usize..=9,
        steps in proptest::collection::vec(arb_step(), 0..300),
    ) {
        let mut b = Board::new(BoardSize::new(w as u16, h as u16));
        let mut r = Reference::new(w, h);
        for step in &steps {
            take_step(&mut b, &mut r, step, (w, h))?;
            prop_assert!(b.chains.consistent(&b.cells));
            for k in 0..w * h {
                if r.cells[k].is_some() {
                    prop_assert_eq!(b.liberties(r.point(k)), Some(r.group(k).1));
                }
            }
        }
    }

    /// As above, with the checker's entry points mixed in: chains left
    /// stale before setup ([`Board::defer_groups`]) and moves that report
    /// count what they did ([`Board::play_counted`], and
    /// [`Board::play_stone_counted`] with its fast path for a stone that
    /// takes nothing).
    #[test]
    fn deferred_groups_and_noting_play_match_the_reference(
        w in 1usize..=9,
        h in 1usize..=9,
        steps in proptest::collection::vec((arb_step(), any::<bool>(), any::<bool>()), 0..300),
    ) {
        let mut b = Board::new(BoardSize::new(w as u16, h as u16));
        let mut r = Reference::new(w, h);
        for (step, flag, stone) in steps {
            match step {
                Step::Setup(x, y, stone) => {
                    if flag {
                        b.defer_groups();
                    }
                    let p = on_board(x, y, w, h);
                    b.setup(p, stone).unwrap();
                    r.setup(p, stone);
                }
                Step::Play(colour, at) => {
                    let m = at.map_or(Move::Pass, |(x, y)| Move::Play(on_board(x, y, w, h)));
                    let want = r.play(colour, m);
                    if let (true, Move::Play(p)) = (flag && stone, m) {
                        let got = b.play_stone_counted(colour, p).unwrap();
                        prop_assert_eq!(got, want.summary());
                    } else if flag {
                        prop_assert_eq!(b.play_counted(colour, m).unwrap(), want.summary());
                    } else {
                        prop_assert_eq!(b.play(colour, m).unwrap(), want);
                    }
                }
            }
            same_stones(&b, &r)?;
            prop_assert!(b.chains.consistent(&b.cells));
        }
    }

    /// A snapshot taken part way, restored after more play, onto the same
    /// board and onto a board of another size: both play the rest of the
    /// steps as the reference does from the position of the snapshot
    /// (captures, ko and whose turn included).
    #[test]
    fn a_restored_snapshot_plays_on_as_the_position_it_was_taken_of(
        w in 1usize..=9,
        h in 1usize..=9,
        steps in proptest::collection::vec(arb_step(), 0..200),
        cut in any::<prop::sample::Index>(),
    ) {
        let cut = cut.index(steps.len() + 1);
        let mut b = Board::new(BoardSize::new(w as u16, h as u16));
        let mut r = Reference::new(w, h);
        for s in &steps[..cut] {
            take_step(&mut b, &mut r, s, (w, h))?;
        }
        let (snapshot, at_cut, turn) = (b.snapshot(), r.clone(), b.to_move());
        for s in &steps[cut..] {
            take_step(&mut b, &mut r, s, (w, h))?;
        }
        let other = Board::new(BoardSize::new(w as u16 + 3, 2));
        for mut board in [b, other] {
            board.restore(&snapshot);
            prop_assert_eq!(board.size(), BoardSize::new(w as u16, h as u16));
            prop_assert_eq!(board.to_move(), turn);
            prop_assert_eq!(board.snapshot(), snapshot.clone());
            let mut r = at_cut.clone();
            for s in &steps[cut..] {
                take_step(&mut board, &mut r, s, (w, h))?;
                prop_assert!(board.chains.stale || board.chains.consistent(&board.cells));
            }
        }
    }

    /// Large boards filled by setup, then played on: the chains stay right
    /// after setup that splits a group.
    #[test]
    fn big_boards_after_setup(
        n in 19usize..=52,
        fill in proptest::collection::vec(proptest::option::of(arb_colour()), 52 * 52),
        moves in proptest::collection::vec((arb_colour(), any::<u8>(), any::<u8>()), 0..200),
    ) {
        let mut b = Board::new(BoardSize::square(n as u16));
        let mut r = Reference::new(n, n);
        for (k, &stone) in fill.iter().take(n * n).enumerate() {
            b.setup(r.point(k), stone).unwrap();
            r.cells[k] = stone;
        }
        for (colour, x, y) in moves {
            let m = Move::Play(Point::new((usize::from(x) % n) as u16, (usize::from(y) % n) as u16));
            prop_assert_eq!(b.play(colour, m).unwrap(), r.play(colour, m));
        }
        for k in 0..n * n {
            prop_assert_eq!(b.get(r.point(k)), r.cells[k]);
        }
    }
}

/// The bordered grid on thin and empty shapes: drawing, equality and the
/// stones' points are those of the board, never of its edge ring.
#[test]
fn thin_and_empty_boards() {
    assert_eq!(Board::new(BoardSize::new(0, 3)).to_string(), "");
    assert_eq!(Board::new(BoardSize::new(3, 0)).to_string(), "");
    let mut b = board(&["X", ".", "O"]);
    assert_eq!(b.to_string(), "X\n.\nO\n");
    let o = play(&mut b, Color::White, 0, 1);
    assert_eq!(o.captured, vec![Point::new(0, 0)]);
    assert_eq!(b.to_string(), ".\nO\nO\n");
    let mut row = board(&["XO.O."]);
    assert_eq!(
        play(&mut row, Color::Black, 2, 0).captured,
        vec![Point::new(1, 0)]
    );
    let stones: Vec<_> = row.stones().collect();
    assert_eq!(
        stones,
        [
            (Point::new(0, 0), Color::Black),
            (Point::new(2, 0), Color::Black),
            (Point::new(3, 0), Color::White)
        ]
    );
    // The capture is a ko shape; a pass ends it.
    assert!(row.play(Color::White, Move::Pass).unwrap().is_legal());
    let mut want = board(&["X.XO."]);
    want.captured = row.captured;
    assert_eq!(row, want);
    assert_ne!(board(&["X."]), board(&["X", "."]));
}
