use super::*;
use crate::meaning::Meaning;

#[test]
fn every_profile_and_game_gives_valid_files() {
    for profile in PROFILES {
        for game in GAMES
            .map(GameChoice::One)
            .into_iter()
            .chain([GameChoice::Any])
        {
            let g = Generator::new(profile, game, 1);
            let n = if profile == Profile::Deep { 1 } else { 4 };
            for i in 0..n {
                let sgf = g.file(i);
                let tree = sgfkit::parse(&sgf).unwrap_or_else(|e| {
                    panic!(
                        "{profile} {game} {i}: {e}\n{}",
                        String::from_utf8_lossy(&sgf)
                    )
                });
                assert!(std::str::from_utf8(&sgf).is_ok());
                let m = Meaning::of(&tree);
                assert!(!m.games.is_empty());
            }
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_bytes() {
    for profile in PROFILES {
        let n = if profile == Profile::Deep { 1 } else { 5 };
        let a: Vec<Vec<u8>> = (0..n)
            .map(|i| Generator::new(profile, GameChoice::Any, 9).file(i))
            .collect();
        let b: Vec<Vec<u8>> = (0..n)
            .map(|i| Generator::new(profile, GameChoice::Any, 9).file(i))
            .collect();
        let c: Vec<Vec<u8>> = (0..n)
            .map(|i| Generator::new(profile, GameChoice::Any, 10).file(i))
            .collect();
        assert_eq!(a, b);
        assert_ne!(a, c);
    }
}

#[test]
fn profiles_exercise_what_they_promise() {
    let files = |p, n| -> String {
        (0..n)
            .map(|i| {
                String::from_utf8(Generator::new(p, GameChoice::default(), 3).file(i)).unwrap()
            })
            .collect()
    };
    let tricky = files(Profile::Tricky, 40);
    assert!(
        tricky.contains("\\\n") || tricky.contains("\\\r"),
        "soft line breaks"
    );
    assert!(tricky.contains(")(;"), "several games or variations");
    let legacy = files(Profile::Legacy, 20);
    assert!(legacy.contains("FF[3]") && legacy.contains("[tt]") && legacy.contains("Black["));
    let deep = files(Profile::Deep, 2);
    let depth = deep.bytes().fold((0i32, 0i32), |(d, m), b| match b {
        b'(' => (d + 1, m.max(d + 1)),
        b')' => (d - 1, m),
        _ => (d, m),
    });
    assert!(depth.1 >= 100, "nesting {}", depth.1);
}

#[test]
fn a_disagreement_shrinks_to_its_cause() {
    // A reader that drops the last node of each game: the shrunk file keeps
    // two nodes at most.
    let sgf = Generator::new(Profile::Plain, GameChoice::default(), 5).file(0);
    let drop_last = |f: &[u8]| {
        let ours = Meaning::of(&sgfkit::parse(f).unwrap());
        let mut theirs = ours.clone();
        for g in &mut theirs.games {
            g.nodes.pop();
        }
        ours.first_difference(&theirs).is_some()
    };
    let small = shrink(&sgf, drop_last, 1000);
    assert!(small.len() < sgf.len());
    // One node with one property is all it takes.
    let tree = sgfkit::parse(&small).unwrap();
    let root = tree.games().next().unwrap();
    let shape = (
        tree.games().len(),
        root.descendants().count(),
        root.properties().len(),
    );
    assert_eq!(shape, (1, 1, 1), "{small:?}");
}
