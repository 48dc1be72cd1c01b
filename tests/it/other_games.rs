//! The corpus files of games other than Go, each tree read with the game of
//! its own root (`GM`) through `Node::any_props`: no panic, and a table of
//! what does not fit (invalid values per game, property and reason).

use std::collections::BTreeMap;

use sgfkit::ParseOptions;
use sgfkit::game::GameType;

use crate::support::{corpus_dir, files_below};

/// True when `bytes` has a `GM` value other than `1`.
fn mentions_other_game(bytes: &[u8]) -> bool {
    memchr::memmem::find_iter(bytes, b"GM[").any(|i| {
        let rest = &bytes[i + 3..];
        let end = memchr::memchr(b']', rest).unwrap_or(rest.len());
        rest[..end].trim_ascii() != b"1"
    })
}

#[test]
fn other_games_read_typed() {
    let Some(dir) = corpus_dir("other_games_read_typed") else {
        return;
    };
    // Candidates: index.tsv's GM column, plus any file naming another game
    // in a later tree.
    let mut from_index = std::collections::BTreeSet::new();
    if let Ok(index) = std::fs::read_to_string(dir.join("index.tsv")) {
        let mut lines = index.lines();
        let header: Vec<&str> = lines.next().unwrap_or_default().split('\t').collect();
        let gm = header.iter().position(|h| *h == "GM");
        for line in lines {
            let cols: Vec<&str> = line.split('\t').collect();
            if let Some(g) = gm.and_then(|k| cols.get(k))
                && !matches!(g.trim(), "1" | "-")
            {
                from_index.insert(cols[0].to_string());
            }
        }
    }
    let mut files = Vec::new();
    for (rel, path) in files_below(&dir) {
        if !rel.to_ascii_lowercase().ends_with(".sgf") {
            continue;
        }
        let Ok(bytes) = std::fs::read(&path) else {
            continue;
        };
        if from_index.contains(&rel) || mentions_other_game(&bytes) {
            files.push((rel, bytes));
        }
    }
    let mut trees: BTreeMap<String, usize> = BTreeMap::new();
    let mut props: BTreeMap<String, usize> = BTreeMap::new();
    let mut invalid: BTreeMap<(String, String, String), Vec<String>> = BTreeMap::new();
    let mut unknown: BTreeMap<(String, String), usize> = BTreeMap::new();
    let mut notes = Vec::new();
    let (mut strict, mut lenient) = (0, 0);
    for (rel, bytes) in &files {
        let coll = match sgfkit::parse(bytes) {
            Ok(c) => {
                strict += 1;
                c
            }
            Err(_) => {
                lenient += 1;
                sgfkit::check::parse_lenient(bytes, &ParseOptions::default()).0
            }
        };
        for root in coll.games() {
            let game = root.game();
            let (_, note) = game.clone().unwrap_or_else(|e| e.read_as_go());
            if let Some(note) = note {
                notes.push(format!("{rel}: {note}"));
            }
            let name = match game {
                Ok((GameType::Go, _)) => continue,
                Ok((game, _)) => game.name().to_string(),
                Err(unknown) => format!("GM[{}]", unknown.value),
            };
            *trees.entry(name.clone()).or_default() += 1;
            for node in root.descendants() {
                for p in node.any_props() {
                    *props.entry(name.clone()).or_default() += 1;
                    if let Some(reason) = p.invalid_reason() {
                        invalid
                            .entry((name.clone(), p.ident().to_string(), reason.to_string()))
                            .or_default()
                            .push(rel.clone());
                    } else if p.is_unknown() {
                        *unknown
                            .entry((name.clone(), p.ident().to_string()))
                            .or_default() += 1;
                    }
                }
            }
        }
    }
    eprintln!(
        "other games: {} files ({strict} strict, {lenient} lenient), trees {trees:?}, properties {props:?}",
        files.len()
    );
    for n in &notes {
        eprintln!("  GM note: {n}");
    }
    eprintln!("unknown identifiers: {unknown:?}");
    eprintln!(
        "{:<16} {:<4} {:>5}  reason [files]",
        "game", "prop", "count"
    );
    for ((game, ident, reason), where_) in &invalid {
        let mut f = where_.clone();
        f.dedup();
        eprintln!("{game:<16} {ident:<4} {:>5}  {reason} {f:?}", where_.len());
    }
    assert!(files.is_empty() || !trees.is_empty());
    // The other values that do not fit are in files written as GM[19] (Octi)
    // by authors who meant "not Go, keep the values raw": their points, stones
    // and moves are free text or Go points, not Octi's.
    const NOT_OCTI: [&str; 4] = [
        "suite-libsgfcplusplus/test/test-files/compressed-point-list.sgf",
        "suite-libsgfcplusplus/test/test-files/escaping.sgf",
        "suite-sgfc/test-files/escaping.sgf",
        "suite-sgfc/test-files/escaping-result.sgf",
    ];
    const SGFC_ERRORS: [&str; 2] = [
        "littlego/sgf/sgfc/test.sgf",
        "suite-sgfc/test-files/test.sgf",
    ];
    for ((game, ident, reason), where_) in &invalid {
        // A tree whose GM names no game (`GM[game of go]`) is read raw; the
        // one such tree is in SGFC's file of deliberate errors (its GM is no
        // number, its SZ is -10).
        let unknown_game =
            game.starts_with("GM[") && where_.iter().all(|f| SGFC_ERRORS.contains(&f.as_str()));
        assert!(
            unknown_game || game == "Octi" && where_.iter().all(|f| NOT_OCTI.contains(&f.as_str())),
            "unexpected invalid value: {game} {ident} {reason} in {where_:?}"
        );
    }
}
