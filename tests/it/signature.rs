//! Signatures: Dyer's against SGFC `-g` on the corpus, the symmetric forms
//! and hashes, and each rule of the duplicate finder on small generated
//! records.

use crate::support::{corpus_dir, files_below};
use sgfkit::signature::{
    GameSignature, Reason, Rules, Symmetry, dyer, dyer_symmetric, find_duplicates, line_hash,
};
use sgfkit::{ReadOptions, read};
use std::path::{Path, PathBuf};
use std::process::Command;

/// SGFC built by `scripts/sgfc-parity` (as CI does), if it is there.
fn sgfc() -> Option<PathBuf> {
    let exe = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/sgfc/src/sgfc");
    exe.is_file().then_some(exe)
}

/// SGFC's signature of each game tree of `path`: `None` for a tree it
/// cannot sign (not Go); an empty list when it did not read the file.
fn sgfc_signatures(exe: &Path, path: &Path) -> Vec<Option<String>> {
    let Ok(out) = Command::new(exe).arg("-g").arg(path).output() else {
        return Vec::new();
    };
    let stdout = String::from_utf8_lossy(&out.stdout);
    stdout
        .lines()
        .filter_map(|l| l.strip_prefix("Game signature - tree "))
        .map(|l| {
            let (_, rest) = l.split_once(": ")?;
            let sig = rest.strip_prefix('\'')?.strip_suffix('\'')?;
            Some(sig.to_string())
        })
        .collect()
}

/// Per file: (games compared, equal, the first difference).
fn compare(exe: &Path, rel: &str, path: &Path) -> (usize, usize, Option<String>) {
    let theirs = sgfc_signatures(exe, path);
    let Ok(bytes) = std::fs::read(path) else {
        return (0, 0, None);
    };
    let Ok(doc) = read(&bytes, &ReadOptions::lenient()) else {
        return (0, 0, None);
    };
    let ours: Vec<Option<String>> = doc.collection().games().map(dyer).collect();
    if ours.len() != theirs.len() {
        return (
            0,
            0,
            Some(format!(
                "{rel}: not compared, {} trees, SGFC {}",
                ours.len(),
                theirs.len()
            )),
        );
    }
    let (mut compared, mut equal, mut first) = (0, 0, None);
    for (k, (a, b)) in ours.iter().zip(&theirs).enumerate() {
        if let (Some(a), Some(b)) = (a, b) {
            compared += 1;
            if a == b {
                equal += 1;
            } else if first.is_none() {
                first = Some(format!("{rel} tree {}: ours {a:?}, SGFC {b:?}", k + 1));
            }
        }
    }
    (compared, equal, first)
}

/// Dyer's signature is byte for byte SGFC's on every game tree of the
/// corpus that both read as Go (the same number of trees, each signed by
/// both).
#[test]
fn dyer_equals_sgfc_on_the_corpus() {
    let Some(exe) = sgfc() else {
        eprintln!("SKIPPED dyer_equals_sgfc_on_the_corpus: run scripts/sgfc-parity to build SGFC");
        return;
    };
    let Some(dir) = corpus_dir("dyer_equals_sgfc_on_the_corpus") else {
        return;
    };
    let files: Vec<(String, PathBuf)> = files_below(&dir)
        .into_iter()
        .filter(|(rel, _)| rel.ends_with(".sgf"))
        .collect();
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    let chunk = files.len().div_ceil(threads).max(1);
    let results: Vec<(usize, usize, Vec<String>)> = std::thread::scope(|s| {
        let handles: Vec<_> = files
            .chunks(chunk)
            .map(|part| {
                let exe = &exe;
                s.spawn(move || {
                    let (mut c, mut e, mut diffs) = (0, 0, Vec::new());
                    for (rel, path) in part {
                        let (compared, equal, first) = compare(exe, rel, path);
                        c += compared;
                        e += equal;
                        diffs.extend(first);
                    }
                    (c, e, diffs)
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let compared: usize = results.iter().map(|r| r.0).sum();
    let equal: usize = results.iter().map(|r| r.1).sum();
    let (skipped, diffs): (Vec<&String>, Vec<&String>) = results
        .iter()
        .flat_map(|r| &r.2)
        .partition(|d| d.contains("not compared"));
    println!(
        "Dyer signatures: {compared} game trees compared with SGFC -g, {equal} equal, in {} files \
         ({} files not compared: the tree counts differ)",
        files.len(),
        skipped.len()
    );
    for d in skipped.iter().take(5) {
        println!("  {d}");
    }
    for d in diffs.iter().take(20) {
        println!("  {d}");
    }
    assert!(compared > 1000, "too few games compared: {compared}");
    assert_eq!(compared, equal, "first differences: {diffs:#?}");
}

/// A 19×19 game of `n` moves, Black first, the points from `point(i)`
/// (i from 0), `info` in the root.
fn game(info: &str, n: usize, point: impl Fn(usize) -> (usize, usize)) -> String {
    let mut sgf = format!("(;GM[1]FF[4]SZ[19]{info}");
    for i in 0..n {
        let (x, y) = point(i);
        let colour = if i % 2 == 0 { 'B' } else { 'W' };
        sgf.push_str(&format!(";{colour}[{}{}]", letter(x), letter(y)));
    }
    sgf + ")"
}

fn letter(v: usize) -> char {
    (b'a' + u8::try_from(v).unwrap()) as char
}

/// The `i`-th point of a line of distinct points (steps of 7 in row order,
/// 7 being prime to 361) that no board symmetry maps onto itself.
fn walk(i: usize) -> (usize, usize) {
    ((i * 7 + 3) % 19, (i * 7 + 3) / 19 % 19)
}

fn signatures(files: &[String]) -> Vec<GameSignature> {
    files
        .iter()
        .map(|f| {
            let c = sgfkit::parse(f.as_bytes()).unwrap();
            GameSignature::of(c.games().next().unwrap(), Some(f.as_bytes())).unwrap()
        })
        .collect()
}

/// Each group as (index, reason) pairs.
fn groups(files: &[String]) -> Vec<Vec<(usize, Reason)>> {
    find_duplicates(&signatures(files), Rules::default())
        .into_iter()
        .map(|g| g.members.iter().map(|m| (m.index, m.reason)).collect())
        .collect()
}

fn root_of(sgf: &str) -> sgfkit::Collection<'_> {
    sgfkit::parse(sgf.as_bytes()).unwrap()
}

#[test]
fn dyer_reads_moves_as_sgfc_does() {
    // Missing moves are `--`.
    let c = root_of("(;SZ[19];B[pd])");
    assert_eq!(dyer(c.games().next().unwrap()).unwrap(), "------ ------");
    // 71 moves: all six points, the first half then the second.
    let g = game("", 71, walk);
    let c = root_of(&g);
    let p = |i: usize| format!("{}{}", letter(walk(i - 1).0), letter(walk(i - 1).1));
    let expected = format!("{}{}{} {}{}{}", p(20), p(40), p(60), p(31), p(51), p(71));
    assert_eq!(dyer(c.games().next().unwrap()).unwrap(), expected);
    // A node with B and W is one move (B); a node without a move or with a
    // value off the board is none.
    let mut g = game("", 71, walk);
    g = g
        .replacen(";B[", ";C[x];W[aa]B[", 1)
        .replacen(";W[", ";W[zz];W[", 2);
    let c = root_of(&g);
    assert_eq!(dyer(c.games().next().unwrap()).unwrap(), expected);
    // A pass ends the string where it would be written.
    let g = game("", 71, walk);
    let at40 = format!(";W[{}]", &p(40));
    let passed = g.replacen(&at40, ";W[tt]", 1);
    let c = root_of(&passed);
    assert_eq!(dyer(c.games().next().unwrap()).unwrap(), p(20));
    // Not Go: no signature.
    let c = root_of("(;GM[2];B[aa])");
    assert_eq!(dyer(c.games().next().unwrap()), None);
}

#[test]
fn symmetries_map_points_as_documented() {
    let size = sgfkit::game::BoardSize::square(19);
    let p = sgfkit::game::go::Point::new(2, 5);
    let images: std::collections::BTreeSet<_> =
        Symmetry::ALL.iter().map(|s| s.apply(p, size)).collect();
    assert_eq!(images.len(), 8);
    assert!(images.iter().all(|q| q.is_on(size)));
    assert_eq!(
        Symmetry::Rotate180.apply(p, size),
        sgfkit::game::go::Point::new(16, 13)
    );
    assert_eq!(
        Symmetry::AntiTranspose.apply(p, size),
        sgfkit::game::go::Point::new(13, 16)
    );
}

#[test]
fn symmetric_forms_are_equal_under_all_8_symmetries_and_only_then() {
    let size = sgfkit::game::BoardSize::square(19);
    let base = game("", 80, walk);
    let c = root_of(&base);
    let root = c.games().next().unwrap();
    let (sig, line) = (
        dyer_symmetric(root).unwrap(),
        line_hash(root, None).unwrap(),
    );
    for s in Symmetry::ALL {
        let moved = game("", 80, |i| {
            let (x, y) = walk(i);
            let q = s.apply(sgfkit::game::go::Point::new(x as u16, y as u16), size);
            (q.x.into(), q.y.into())
        });
        let c = root_of(&moved);
        let r = c.games().next().unwrap();
        assert_eq!(dyer_symmetric(r).unwrap(), sig, "{s:?}");
        let l = line_hash(r, None).unwrap();
        assert_eq!(l.symmetric, line.symmetric, "{s:?}");
        assert_eq!(l.hash == line.hash, s == Symmetry::Identity, "{s:?}");
    }
    let other = game("", 80, |i| walk(i + 1));
    let c = root_of(&other);
    let l = line_hash(c.games().next().unwrap(), None).unwrap();
    assert_ne!(l.symmetric, line.symmetric);
    // The first n moves.
    let c = root_of(&base);
    let short = game("PB[x]", 30, walk);
    let short = root_of(&short);
    assert_eq!(
        line_hash(c.games().next().unwrap(), Some(30)).unwrap(),
        line_hash(short.games().next().unwrap(), None).unwrap()
    );
}

#[test]
fn exact_copies_group() {
    let a = game("PB[a]", 5, walk);
    assert_eq!(
        groups(&[a.clone(), game("PB[b]", 5, walk), a]),
        [[(0, Reason::Fullest), (2, Reason::Exact)]]
    );
}

#[test]
fn the_same_moves_with_other_metadata_or_encoding_group() {
    let a = game("PB[a]EV[x]", 40, walk);
    let b = game("PB[a]EV[y]RO[2]CA[latin1]C[hello]", 40, walk);
    assert_eq!(
        groups(&[a, b]),
        [[(0, Reason::SameMoves), (1, Reason::Fullest)]]
    );
}

#[test]
fn short_records_with_the_same_moves_do_not_group() {
    let a = game("PB[a]", 19, walk);
    let b = game("PB[b]", 19, walk);
    assert!(groups(&[a, b]).is_empty());
}

#[test]
fn a_game_under_a_symmetry_groups() {
    let size = sgfkit::game::BoardSize::square(19);
    let a = game("", 40, walk);
    let b = game("", 40, |i| {
        let (x, y) = walk(i);
        let q = Symmetry::Rotate90.apply(sgfkit::game::go::Point::new(x as u16, y as u16), size);
        (q.x.into(), q.y.into())
    });
    assert_eq!(
        groups(&[a, b]),
        [[(0, Reason::Fullest), (1, Reason::Symmetry)]]
    );
}

#[test]
fn a_prefix_groups_also_under_a_symmetry() {
    let size = sgfkit::game::BoardSize::square(19);
    let full = game("", 90, walk);
    let start = game("", 25, walk);
    let turned = game("", 50, |i| {
        let (x, y) = walk(i);
        let q = Symmetry::MirrorY.apply(sgfkit::game::go::Point::new(x as u16, y as u16), size);
        (q.x.into(), q.y.into())
    });
    assert_eq!(
        groups(&[start, full, turned]),
        [[
            (0, Reason::Prefix),
            (1, Reason::Fullest),
            (2, Reason::Prefix)
        ]]
    );
}

#[test]
fn games_that_share_only_their_first_20_moves_do_not_group() {
    // Both longer than 20 moves, equal up to move 20, then different.
    let a = game("", 60, walk);
    let b = game("", 60, |i| if i < 20 { walk(i) } else { walk(i + 100) });
    let c = game("", 20, walk); // a record of exactly those 20 moves
    assert!(groups(&[a.clone(), b.clone()]).is_empty());
    // The 20-move record starts both: which game it records cannot be
    // told, so it joins neither, and the two games stay apart.
    assert!(groups(&[a.clone(), b, c.clone()]).is_empty());
    // With only one of them, it is that game's unfinished record.
    assert_eq!(groups(&[a, c]).len(), 1);
}

#[test]
fn handicap_stones_as_setup_and_as_moves_do_not_group() {
    let moves = game("", 40, |i| walk(i + 2));
    let setup = moves.replace("SZ[19]", "SZ[19]HA[2]AB[dd][pp]");
    let as_moves = moves.replace("SZ[19]", "SZ[19];B[dd];B[pp]");
    assert!(groups(&[setup, as_moves]).is_empty());
}

#[test]
fn the_fullest_has_most_moves_then_game_info_then_comments() {
    let a = game("PB[a]", 40, walk);
    let b = game("PB[a]PW[b]", 40, walk);
    let c = game("PB[a]PW[b]C[x]", 40, walk);
    let fullest =
        |files: &[String]| find_duplicates(&signatures(files), Rules::default())[0].fullest;
    assert_eq!(fullest(&[a.clone(), b.clone()]), 1);
    assert_eq!(fullest(&[b.clone(), c.clone(), a.clone()]), 1);
    assert_eq!(fullest(&[c, game("", 41, walk)]), 1);
}

#[test]
fn a_finished_game_or_other_players_are_no_prefix() {
    let full = game("PB[a]PW[b]DT[2020-01-01]", 90, walk);
    let resigned = game("PB[a]PW[b]RE[W+R]", 30, walk);
    let others = game("PB[c]", 30, walk);
    let other_day = game("DT[2021-05-05]", 30, walk);
    let unfinished = game("PB[a]RE[?]", 30, walk);
    for start in [resigned, others, other_day] {
        assert!(groups(&[full.clone(), start]).is_empty());
    }
    assert_eq!(
        groups(&[full, unfinished]),
        [[(0, Reason::Fullest), (1, Reason::Prefix)]]
    );
}

/// A game as data: board size, sorted setup and moves, as `u16`s.
fn as_data(root: sgfkit::Node<'_, '_>, s: Symmetry) -> Option<Vec<u16>> {
    use sgfkit::game::go::{Color, Move};
    let game = sgfkit::record::GoGame::new(root).ok()?;
    let size = game.size();
    let code = |c: Color, m: Move| -> u16 {
        let p = match s.apply_move(m, size) {
            Move::Pass => 0xfff,
            Move::Play(p) => p.x * 64 + p.y,
        };
        p + if c == Color::White { 0x8000 } else { 0 }
    };
    let mut setup: Vec<u16> = game
        .board_after(0)
        .stones()
        .map(|(p, c)| code(c, Move::Play(p)))
        .collect();
    setup.sort_unstable();
    let mut data = vec![size.columns, size.rows];
    data.extend(setup);
    data.push(0xffff);
    data.extend(game.moves().filter_map(Result::ok).map(|(c, m)| code(c, m)));
    Some(data)
}

/// On the corpus's Go games: how many distinct games (setup and moves,
/// as recorded and up to symmetry) and how many distinct signatures of
/// each kind. The main-line hashes never collide; Dyer's signatures do
/// (every game shorter than 20 moves has `------ ------`).
#[test]
fn collision_rates_on_the_corpus() {
    use std::collections::{HashMap, HashSet};
    let Some(dir) = corpus_dir("collision_rates_on_the_corpus") else {
        return;
    };
    let mut games: HashSet<Vec<u16>> = HashSet::new();
    let mut games_sym: HashSet<Vec<u16>> = HashSet::new();
    let mut long_games: HashSet<Vec<u16>> = HashSet::new();
    // Signature → the distinct games that have it.
    let mut kinds: [HashMap<String, HashSet<Vec<u16>>>; 5] = Default::default();
    for (rel, path) in files_below(&dir) {
        if !rel.ends_with(".sgf") {
            continue;
        }
        let bytes = std::fs::read(&path).unwrap();
        let Ok(doc) = read(&bytes, &ReadOptions::lenient()) else {
            continue;
        };
        for root in doc.collection().games() {
            let Some(data) = as_data(root, Symmetry::Identity) else {
                continue;
            };
            let size = sgfkit::record::GoGame::new(root).unwrap().size();
            let sym = Symmetry::of(size)
                .iter()
                .filter_map(|&s| as_data(root, s))
                .min()
                .unwrap();
            let line = line_hash(root, None).unwrap();
            let long = sgfkit::record::GoGame::new(root).unwrap().moves().count() >= 71;
            let sigs = [
                (dyer(root).unwrap(), &data),
                (dyer_symmetric(root).unwrap(), &sym),
                (line.hash.to_string(), &data),
                (line.symmetric.to_string(), &sym),
                (
                    if long {
                        dyer(root).unwrap()
                    } else {
                        String::new()
                    },
                    &data,
                ),
            ];
            for (k, (sig, game)) in sigs.into_iter().enumerate() {
                if k < 4 || long {
                    kinds[k].entry(sig).or_default().insert(game.clone());
                }
            }
            if long {
                long_games.insert(data.clone());
            }
            games.insert(data);
            games_sym.insert(sym);
        }
    }
    let names = [
        "dyer (as SGFC -g)",
        "dyer_symmetric",
        "line_hash.hash",
        "line_hash.symmetric",
        "dyer, games of 71+ moves",
    ];
    let truth = [
        games.len(),
        games_sym.len(),
        games.len(),
        games_sym.len(),
        long_games.len(),
    ];
    println!(
        "| signature | distinct games | distinct signatures | signatures shared by 2+ games |"
    );
    for k in 0..5 {
        let shared = kinds[k].values().filter(|g| g.len() > 1).count();
        println!(
            "| {} | {} | {} | {shared} |",
            names[k],
            truth[k],
            kinds[k].len()
        );
    }
    assert_eq!(kinds[2].len(), games.len(), "a main-line hash collides");
    assert_eq!(kinds[3].len(), games_sym.len(), "a symmetric hash collides");
    assert!(kinds[0].len() < games.len());
}

#[test]
fn the_same_moves_by_other_players_or_on_another_day_do_not_group() {
    let a = game("PB[ascii]DT[2017-10-07]", 46, walk);
    let other_player = game("PB[wingosad]DT[2017-10-07]", 46, walk);
    let other_day = game("PB[ascii]DT[2017-10-12]", 46, walk);
    let unnamed = game("C[no names]", 46, walk);
    assert!(groups(&[a.clone(), other_player]).is_empty());
    assert!(groups(&[a.clone(), other_day]).is_empty());
    assert_eq!(
        groups(&[a, unnamed]),
        [[(0, Reason::Fullest), (1, Reason::SameMoves)]]
    );
}

/// Each group as (index, reason) pairs, under `rules`.
fn groups_with(files: &[String], rules: Rules) -> Vec<Vec<(usize, Reason)>> {
    find_duplicates(&signatures(files), rules)
        .into_iter()
        .map(|g| g.members.iter().map(|m| (m.index, m.reason)).collect())
        .collect()
}

#[test]
fn a_one_move_typo_groups_only_with_fuzzy() {
    let info = "PB[a]PW[b]DT[2020-01-01]";
    let a = game(info, 80, walk);
    // Move 50 on another point, as a typo would put it.
    let typo = game(info, 80, |i| if i == 49 { (18, 18) } else { walk(i) });
    let fuzzy = Rules { fuzzy: true };
    assert!(groups(&[a.clone(), typo.clone()]).is_empty());
    assert_eq!(
        groups_with(&[a.clone(), typo.clone()], fuzzy),
        [[(0, Reason::Fullest), (1, Reason::Fuzzy)]]
    );
    // A typo in the first half is found too.
    let early = game(info, 80, |i| if i == 25 { (18, 18) } else { walk(i) });
    assert_eq!(groups_with(&[a.clone(), early], fuzzy).len(), 1);
    // Without both players and the date, no typo is assumed.
    let unnamed = typo.replace(info, "PB[a]PW[b]");
    assert!(groups_with(&[a.clone(), unnamed], fuzzy).is_empty());
    // Three moves differing are another game; so is another length.
    let three = game(info, 80, |i| {
        if [30, 49, 70].contains(&i) {
            (18, 18 - i % 3)
        } else {
            walk(i)
        }
    });
    assert!(groups_with(&[a.clone(), three], fuzzy).is_empty());
    let longer = game(info, 81, |i| if i == 49 { (18, 18) } else { walk(i) });
    assert!(groups_with(&[a, longer], fuzzy).is_empty());
}

#[test]
fn two_games_of_the_same_players_on_one_day_do_not_group_with_fuzzy() {
    let info = "PB[a]PW[b]DT[2020-01-01]";
    let first = game(info, 120, walk);
    let second = game(info, 120, |i| walk(i + 5));
    assert!(groups_with(&[first, second], Rules { fuzzy: true }).is_empty());
}

#[test]
fn dropped_moves_are_needed_again_only_for_the_rules_that_compare_them() {
    let full = game("PB[a]RE[B+R]", 90, walk);
    let start = game("PB[a]", 30, walk);
    let same = game("PB[a]RE[B+R]C[copy]", 90, walk);
    let other = game("", 60, |i| walk(i + 200));
    let files = [full, start, same, other];
    let mut sigs = signatures(&files);
    let kept = sigs.clone();
    for s in &mut sigs {
        s.drop_moves();
    }
    // Without their moves, the prefix is missed and the copy found.
    let found = find_duplicates(&sigs, Rules::default());
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].members.len(), 2);
    // The bucket of the unfinished record needs them again, not the
    // other game.
    let needed = sgfkit::signature::needs_moves(&sigs, Rules::default());
    assert_eq!(needed, [0, 1, 2]);
    for &i in &needed {
        assert!(sigs[i].restore_moves(kept[i].clone()));
    }
    // Another record's moves are refused.
    assert!(!sigs[3].restore_moves(kept[0].clone()));
    assert_eq!(
        find_duplicates(&sigs, Rules::default()),
        find_duplicates(&kept, Rules::default())
    );
    assert_eq!(find_duplicates(&kept, Rules::default())[0].members.len(), 3);
}

#[test]
fn a_record_that_starts_a_finished_game_and_a_longer_one_joins_neither() {
    // Two records of the same players and day, both finished, one the
    // start of the other (the benchmark found such a pair in the corpus):
    // two games, which an unfinished start must not join.
    let info = "PB[a]PW[b]DT[2012-11-25]";
    let resigned = game(&format!("{info}RE[B+R]"), 33, walk);
    let longer = game(&format!("{info}RE[B+R]"), 36, walk);
    let start = game(info, 28, walk);
    assert!(groups(&[resigned.clone(), longer.clone()]).is_empty());
    assert!(groups(&[resigned.clone(), start.clone(), longer.clone()]).is_empty());
    // With the finished one alone, the start joins it.
    assert_eq!(
        groups(&[resigned, start]),
        [[(0, Reason::Fullest), (1, Reason::Prefix)]]
    );
}
