//! Replays the main line of every Go game in the corpus (gnugo, fuego, every 10th fox-pro
//! file) on a `go::Board`, checking that stone counts and capture counts agree.

use std::collections::BTreeMap;

use sgfkit::game::go::{self, Board, Go, Move};
use sgfkit::game::{Game, GameType};
use sgfkit::record::{self, ReportKind};

use crate::support::{corpus_dir, files_below};

#[derive(Default, Debug)]
struct Tally {
    files: usize,
    unparsed: usize,
    games: usize,
    skipped: usize,
    moves: usize,
    illegal_games: usize,
    invalid_games: usize,
    suicides: usize,
    ko_retakes: usize,
    occupied: usize,
}

/// Replays one game's main line; returns (had an illegal move, had an unusable value).
fn replay(root: sgfkit::Node<'_, '_>, t: &mut Tally, name: &str) -> Option<(bool, bool)> {
    if root.game().ok()?.0 != GameType::Go {
        return None;
    }
    let (size, _) = root.board_size(GameType::Go).ok()?;
    let mut board = Board::new(size);
    let mut reports = Vec::new();
    let caps = |b: &Board| b.captured(go::Color::Black) + b.captured(go::Color::White);
    let (mut base_stones, mut base_caps, mut placed, mut overwritten, mut lost) =
        (0usize, 0u32, 0usize, 0usize, 0usize);
    let mut last = root;
    for node in root.main_line() {
        last = node;
        let before = reports.len();
        let played = record::apply_node(&mut board, node, &mut reports);
        let new = &reports[before..];
        let stones = board.stones().count();
        if ["AB", "AW", "AE"].iter().any(|p| node.get(p).is_some()) {
            (base_stones, base_caps, placed, overwritten, lost) = (stones, caps(&board), 0, 0, 0);
            continue;
        }
        for ident in ["B", "W"] {
            if let Some(p) = node.get(ident)
                && let Ok(Move::Play(pt)) = Go::read_move(p.value(), size)
                && pt.is_on(board.size())
            {
                placed += 1;
                t.moves += 1;
            }
        }
        overwritten += new
            .iter()
            .filter(|r| matches!(r.kind, ReportKind::Occupied(..)))
            .count();
        // Stones lost by suicide are no capture: apply_node counts them.
        lost += played
            .iter()
            .map(|(_, _, s)| s.suicide as usize)
            .sum::<usize>();
        let captured = (caps(&board) - base_caps) as usize;
        assert_eq!(
            stones + captured + overwritten + lost,
            base_stones + placed,
            "{name}: node {} stones {stones}, captured {captured}",
            node.number()
        );
    }
    // The whole-path function agrees with the step-by-step replay.
    let (whole, whole_reports) = record::position_at(last).expect("Go game with a usable SZ");
    assert_eq!(whole, board, "{name}");
    assert_eq!(whole_reports, reports, "{name}");
    let mut illegal = false;
    let mut invalid = false;
    for r in &reports {
        match r.kind {
            ReportKind::Suicide(_) => t.suicides += 1,
            ReportKind::KoRetake(_) => t.ko_retakes += 1,
            ReportKind::Occupied(..) => t.occupied += 1,
            _ => {
                invalid = true;
                continue;
            }
        }
        illegal = true;
    }
    Some((illegal, invalid))
}

#[test]
fn corpus_go_games_replay_consistently() {
    let Some(corpus) = corpus_dir("corpus_go_games_replay_consistently") else {
        return;
    };
    let mut tallies: BTreeMap<&str, Tally> = BTreeMap::new();
    for (dir, step) in [("gnugo", 1), ("fuego", 1), ("fox-pro", 10)] {
        let t = tallies.entry(dir).or_default();
        let files = files_below(&corpus.join(dir));
        for (rel, path) in files
            .iter()
            .filter(|(r, _)| r.ends_with(".sgf"))
            .step_by(step)
        {
            t.files += 1;
            let bytes = std::fs::read(path).expect("read corpus file");
            let Ok(c) = sgfkit::parse(&bytes) else {
                t.unparsed += 1;
                continue;
            };
            for root in c.games() {
                match replay(root, t, rel) {
                    None => t.skipped += 1,
                    Some((illegal, invalid)) => {
                        t.games += 1;
                        t.illegal_games += usize::from(illegal);
                        t.invalid_games += usize::from(invalid);
                    }
                }
            }
        }
        eprintln!("{dir}: {t:?}");
    }
}
