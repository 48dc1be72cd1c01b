//! Typed access checks the game: Go values are never read from a tree of
//! another game, and each game still reads its own values.

use sgfkit::game::go::{self, Go};
use sgfkit::game::hex::{self, Hex};
use sgfkit::game::lines_of_action::{self as loa, LinesOfAction};
use sgfkit::game::raw::Othello;
use sgfkit::game::{GameType, Raw, RawValue};
use sgfkit::grammar::value::PointListItem;
use sgfkit::property::AnyProp;
use sgfkit::property::typed::Prop;
use sgfkit::record::{GoGame, PositionError, position_at};

/// The reason of an invalid property, or a panic naming what came instead.
fn reason<G: sgfkit::game::Game>(p: Option<Prop<G>>) -> String {
    match p {
        Some(Prop::Invalid { reason, .. }) => reason,
        other => panic!("expected an invalid property, got {other:?}"),
    }
}

#[test]
fn othello_read_as_go_says_so() {
    let c = sgfkit::parse(b"(;GM[2]SZ[8]PB[Anna]KM[0]AB[dd][ee];B[aa])").unwrap();
    let root = c.games().next().unwrap();
    let node = root.first_child().unwrap();
    let why = reason(node.prop::<Go>("B"));
    assert_eq!(why, "this game is Othello (GM[2]), not Go");
    assert_eq!(
        reason(root.prop::<Go>("AB")),
        "this game is Othello (GM[2]), not Go"
    );
    // Go's own properties are refused too; values every game shares are not.
    assert_eq!(
        reason(root.prop::<Go>("KM")),
        "this game is Othello (GM[2]), not Go"
    );
    assert_eq!(root.prop::<Go>("PB"), Some(Prop::PB("Anna".into())));
    assert_eq!(root.prop::<Go>("GM"), Some(Prop::GM(2)));
    assert_eq!(root.prop::<Go>("SZ"), Some(Prop::SZ((8, 8))));
    // The raw values are kept, so the property prints back unchanged.
    let Some(Prop::Invalid { values, .. }) = node.prop::<Go>("B") else {
        unreachable!()
    };
    assert_eq!(values, [b"aa".to_vec()]);
    // Read as Othello, the move is there.
    assert_eq!(
        node.prop::<Othello>("B"),
        Some(Prop::B(RawValue::from_raw(b"aa")))
    );
    assert!(matches!(
        node.any_prop("B"),
        Some(AnyProp::Othello(Prop::B(_)))
    ));
    assert!(node.require_game::<Othello>().is_ok());
    assert_eq!(
        node.require_game::<Go>().unwrap_err().to_string(),
        "this game is Othello (GM[2]), not Go"
    );
}

#[test]
fn lines_of_action_read_as_go_says_so() {
    // `ba` is a Go point, not a Lines of Action one; `b1` is the reverse.
    let c = sgfkit::parse(b"(;GM[9]AB[ba];W[b1-b3])(;GM[9]AB[b1][c1])").unwrap();
    let mut games = c.games();
    let first = games.next().unwrap();
    assert_eq!(
        reason(first.prop::<Go>("AB")),
        "this game is Lines of Action (GM[9]), not Go"
    );
    assert_eq!(
        reason(first.first_child().unwrap().prop::<Go>("W")),
        "this game is Lines of Action (GM[9]), not Go"
    );
    // Read as Lines of Action, `ba` is not a point: invalid for its own reason.
    let own = reason(first.prop::<LinesOfAction>("AB"));
    assert!(own.contains("not a stone"), "{own}");
    assert!(matches!(
        first.first_child().unwrap().prop::<LinesOfAction>("W"),
        Some(Prop::W(loa::Move::Normal { .. }))
    ));
    let second = games.next().unwrap();
    assert_eq!(
        second.prop::<LinesOfAction>("AB"),
        Some(Prop::AB(vec![
            PointListItem::Point(loa::Point::new(1, 0)),
            PointListItem::Point(loa::Point::new(2, 0)),
        ]))
    );
    assert_eq!(
        reason(second.prop::<Go>("AB")),
        "this game is Lines of Action (GM[9]), not Go"
    );
}

#[test]
fn hex_read_as_go_says_so() {
    let c = sgfkit::parse(b"(;GM[11]SZ[5]C[hex];B[c3])").unwrap();
    let root = c.games().next().unwrap();
    let node = root.first_child().unwrap();
    assert_eq!(
        reason(node.prop::<Go>("B")),
        "this game is Hex (GM[11]), not Go"
    );
    assert_eq!(
        node.prop::<Hex>("B"),
        Some(Prop::B(hex::Move::Cell(hex::Point::new(2, 2))))
    );
    // All at once: the move refused, the comment read.
    let props = root.props::<Go>();
    assert_eq!(props[2], Prop::C("hex".into()));
    let go_props = node.props::<Go>();
    assert!(matches!(&go_props[0], Prop::Invalid { reason, .. } if reason.contains("Hex")));
    assert_eq!(
        node.props::<Hex>(),
        [Prop::B(hex::Move::Cell(hex::Point::new(2, 2)))]
    );
    // Raw<0> reads every game, values raw.
    assert_eq!(
        node.prop::<Raw<0>>("B"),
        Some(Prop::B(RawValue::from_raw(b"c3")))
    );
}

#[test]
fn no_gm_is_go_and_unknown_numbers_are_not() {
    let c = sgfkit::parse(b"(;SZ[9];B[ee])(;GM[123];B[ee])(;GM[Go];B[ee])").unwrap();
    let moves: Vec<_> = c
        .games()
        .map(|g| g.first_child().unwrap().prop::<Go>("B").unwrap())
        .collect();
    let play = Prop::B(go::Move::Play(go::Point::new(4, 4)));
    assert_eq!(moves[0], play);
    assert!(
        matches!(&moves[1], Prop::Invalid { reason, .. } if reason == "this game is GM[123] (no game of FF[4]), not Go")
    );
    // A name for the number is tolerated.
    assert_eq!(moves[2], play);
    assert_eq!(
        c.games()
            .map(|g| g.game().map(|(game, _)| game).map_err(|e| e.number))
            .collect::<Vec<_>>(),
        [Ok(GameType::Go), Err(Some(123)), Ok(GameType::Go)]
    );
}

#[test]
fn go_records_of_other_games_are_refused() {
    let c = sgfkit::parse(b"(;GM[2];B[aa])(;GM[9]AB[ba])(;GM[11];B[c3])").unwrap();
    let errors: Vec<String> = c
        .games()
        .map(|g| {
            let e = GoGame::new(g).unwrap_err();
            assert!(matches!(e, PositionError::NotGo(_)));
            assert_eq!(position_at(g).unwrap_err(), e);
            e.to_string()
        })
        .collect();
    assert_eq!(
        errors,
        [
            "this game is Othello (GM[2]), not Go",
            "this game is Lines of Action (GM[9]), not Go",
            "this game is Hex (GM[11]), not Go",
        ]
    );
}
