//! Source profiles on real files: how many corpus games each origin has
//! and how many each source fix changes (docs/sources.md quotes them),
//! and that with the fixes off every value is read as written.

use std::collections::BTreeMap;

use sgfkit::ReadOptions;
use sgfkit::record::{GameInfo, InfoOptions};

use crate::game_facts::each_corpus_game;
use crate::support::corpus_dir;

#[test]
fn corpus_origins_and_source_fixes() {
    let Some(dir) = corpus_dir("corpus_origins_and_source_fixes") else {
        return;
    };
    let options = ReadOptions::lenient();
    let off = InfoOptions::default().source_fixes(false);
    let mut origins: BTreeMap<&'static str, usize> = BTreeMap::new();
    let mut fixes: BTreeMap<&'static str, usize> = BTreeMap::new();
    let mut games = 0usize;
    each_corpus_game("corpus_origins_and_source_fixes", |rel, root| {
        games += 1;
        let fixed = GameInfo::read(root);
        let raw = GameInfo::read_with(root, &off);
        assert!(raw.fixes.is_empty(), "{rel}: fixes with the fixes off");
        assert_eq!(fixed.origin, raw.origin, "{rel}");
        if let Some(origin) = fixed.origin {
            *origins.entry(origin.name()).or_default() += 1;
        }
        if fixed.fixes.is_empty() {
            assert_eq!(fixed, raw, "{rel}: a value changed without a fix");
            return;
        }
        assert_ne!(fixed, raw, "{rel}: a fix that changes nothing");
        let mut quirks: Vec<&str> = fixed.fixes.iter().map(|f| f.quirk.name()).collect();
        quirks.dedup();
        for quirk in quirks {
            *fixes.entry(quirk).or_default() += 1;
        }
    });
    eprintln!("{games} games");
    for (origin, n) in &origins {
        eprintln!("origin {origin}: {n} games");
    }
    for (quirk, n) in &fixes {
        eprintln!("fix {quirk}: changes {n} games");
    }
    // The corpus holds Fox, KGS and OGS games (fox-pro, the KGS games of
    // gnugo and fuego, suite-katrain's ogs.sgf), Fox komi in hundredths
    // and Fox's HA[1]; no GoGoD, Tygem or WBaduk SGF and no OGS handicap
    // game.
    for origin in ["fox", "kgs", "ogs"] {
        assert!(
            origins.get(origin).is_some_and(|n| *n > 0),
            "no {origin} game"
        );
    }
    for quirk in ["fox-komi", "fox-even-game"] {
        assert!(fixes.get(quirk).is_some_and(|n| *n > 0), "no {quirk} fix");
    }
    // KataGo's own test reads its Fox-like file (KM[325]HA[2]RU[Chinese])
    // as komi 6.5 with handicap 2 (`runSgfFileTests`).
    let bytes = std::fs::read(dir.join("suite-katago/cpp/tests/data/foxlike.sgf")).unwrap();
    let doc = sgfkit::read(&bytes, &options).unwrap();
    let info = GameInfo::read(doc.collection().games().next().unwrap());
    assert_eq!(info.komi.unwrap().get(), Some(6.5));
    assert_eq!(info.handicap.unwrap().get(), Some(2));
}
