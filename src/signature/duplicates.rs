//! [`GameSignature`] and [`find_duplicates`]: groups of records of one game.

use super::{Fnv, Line, Symmetry, fnv1a};
use crate::property::{PropertyType, lookup};
use crate::tree::Node;
use std::collections::HashMap;

/// The fewest moves a record needs to join a group by its moves (the same
/// moves, a symmetry or a prefix): two short records with the same moves
/// (the same opening) are often different games, so records shorter than
/// this group only as exact copies.
pub const MIN_MOVES: usize = 20;

/// What [`find_duplicates`] keeps of one game record: hashes and counts,
/// and for the prefix rule its moves in two bytes each.
///
/// ```
/// use sgfkit::signature::GameSignature;
/// let c = sgfkit::parse(b"(;SZ[19]PB[a]PW[b]C[hi];B[pd];W[dp])")?;
/// let sig = GameSignature::of(c.games().next().unwrap(), None).unwrap();
/// assert_eq!((sig.moves, sig.game_info, sig.comments), (2, 2, 1));
/// # Ok::<(), sgfkit::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameSignature {
    /// FNV-1a of the record's bytes, when the caller has them.
    pub bytes: Option<u64>,
    /// The hash of the whole main line as recorded
    /// ([`MainLine::hash`](super::MainLine::hash)).
    pub line: u64,
    /// The same under the board's symmetries
    /// ([`MainLine::symmetric`](super::MainLine::symmetric)).
    pub symmetric: u64,
    /// The moves of the main line.
    pub moves: usize,
    /// The game-information properties of the root.
    pub game_info: usize,
    /// The nodes with a comment (`C`), in the whole tree.
    pub comments: usize,
    /// The result (`RE`) says how the game ended: a win or a draw (not
    /// empty, `?` or `Void`). Such a record is not an unfinished one.
    pub finished: bool,
    /// Hashes of Black's and White's names and of the date, each as
    /// given (`None`: not given).
    pub people: [Option<u64>; 3],
    /// For a record of at least [`MIN_MOVES`] moves: its moves in the
    /// orientation its first [`MIN_MOVES`] moves choose.
    prefix: Option<Prefix>,
}

/// A record's moves in its canonical orientation: the symmetry under which
/// the hash of its first [`MIN_MOVES`] moves is smallest (the first such
/// in [`Symmetry::ALL`]), so that two records with the same first moves
/// choose the same one.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Prefix {
    /// The hash of the first [`MIN_MOVES`] moves.
    key: u64,
    /// The hasher after the setup.
    start: u64,
    /// The moves, packed.
    moves: Box<[u16]>,
}

impl Prefix {
    /// The hashes after each move, from [`MIN_MOVES`] on: `(moves, hash)`.
    fn hashes(&self) -> impl Iterator<Item = (usize, u64)> + '_ {
        let mut h = Fnv(self.start);
        self.moves.iter().enumerate().filter_map(move |(i, v)| {
            h.write(&v.to_le_bytes());
            (i + 1 >= MIN_MOVES).then_some((i + 1, h.finish()))
        })
    }

    fn full(&self) -> u64 {
        self.hashes().last().map_or(self.key, |(_, h)| h)
    }
}

impl GameSignature {
    /// The signature of the Go game at `root`; `bytes`, the record's bytes
    /// when known, makes exact copies known as such. `None` when the tree
    /// is not a Go game.
    pub fn of(root: Node<'_, '_>, bytes: Option<&[u8]>) -> Option<GameSignature> {
        let line = Line::of(root)?;
        let n = line.moves.len();
        let hashes: Vec<(Symmetry, u64)> = Symmetry::of(line.size)
            .iter()
            .map(|&s| (s, line.hash(s, n)))
            .collect();
        let symmetric = hashes.iter().map(|&(_, h)| h).min().unwrap_or(0);
        let prefix = (n >= MIN_MOVES).then(|| {
            let (key, s) = Symmetry::of(line.size)
                .iter()
                .map(|&s| (line.hash(s, MIN_MOVES), s))
                .min_by_key(|&(h, _)| h)
                .unwrap_or((0, Symmetry::Identity));
            Prefix {
                key,
                start: line.start(s).finish(),
                moves: line.packed(s).collect(),
            }
        });
        let game = crate::record::GoGame::new(root).ok()?;
        let finished = game.result().is_some_and(|r| {
            let r = r.trim();
            !(r.is_empty() || r == "?" || r.eq_ignore_ascii_case("void"))
        });
        let (black, white) = game.players();
        let text = |t: Option<String>| t.map(|t| fnv1a(t.trim().as_bytes()));
        let people = [text(black), text(white), text(game.date())];
        let root = root.game_root();
        let game_info = root
            .properties()
            .filter(|p| {
                lookup(p.ident(), 1).is_some_and(|i| i.property_type == PropertyType::GameInfo)
            })
            .count();
        let comments = root.descendants().filter(|n| n.get("C").is_some()).count();
        Some(GameSignature {
            bytes: bytes.map(fnv1a),
            line: hashes[0].1,
            symmetric,
            moves: n,
            game_info,
            comments,
            finished,
            people,
            prefix,
        })
    }

    /// Most moves, then most game information, then most comments.
    fn fullness(&self) -> (usize, usize, usize) {
        (self.moves, self.game_info, self.comments)
    }

    /// Whether this record can be the unfinished start of `longer`: it has
    /// no result, and the players and date that both give agree.
    fn may_start(&self, longer: &GameSignature) -> bool {
        !self.finished && self.agrees(longer)
    }

    /// Whether the players and the date that both records give agree.
    fn agrees(&self, other: &GameSignature) -> bool {
        self.people
            .iter()
            .zip(&other.people)
            .all(|(a, b)| a.is_none() || b.is_none() || a == b)
    }
}

/// Why a record belongs to its group, said of it and the group's fullest
/// record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Reason {
    /// The fullest record of the group: most moves, then most
    /// game-information properties, then most comments; the first of
    /// equals.
    Fullest,
    /// The same bytes.
    Exact,
    /// The same setup and moves, other bytes (other game information,
    /// comments, variations or encoding).
    SameMoves,
    /// The same setup and moves under a board symmetry.
    Symmetry,
    /// Its main line is the start of a longer one in the group (possibly
    /// under a symmetry): an unfinished record.
    Prefix,
}

impl Reason {
    /// The name the command line prints: `fullest`, `exact`, `same-moves`,
    /// `symmetry`, `prefix`.
    pub fn as_str(self) -> &'static str {
        match self {
            Reason::Fullest => "fullest",
            Reason::Exact => "exact",
            Reason::SameMoves => "same-moves",
            Reason::Symmetry => "symmetry",
            Reason::Prefix => "prefix",
        }
    }
}

/// A record of a [`Group`]: its index in the signatures given to
/// [`find_duplicates`], and why it is there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Member {
    /// The index in the slice of signatures.
    pub index: usize,
    /// Why it joined.
    pub reason: Reason,
}

/// Records of one game: two or more members in the order of the input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Group {
    /// The members, by index.
    pub members: Vec<Member>,
    /// The index of the fullest member.
    pub fullest: usize,
}

/// A union–find over the records.
struct Sets(Vec<usize>);

impl Sets {
    fn find(&mut self, mut i: usize) -> usize {
        while self.0[i] != i {
            self.0[i] = self.0[self.0[i]];
            i = self.0[i];
        }
        i
    }

    fn union(&mut self, a: usize, b: usize) {
        let (a, b) = (self.find(a), self.find(b));
        if a != b {
            self.0[a.max(b)] = a.min(b);
        }
    }

    /// Joins every record to the first with the same `key`.
    fn join_by(&mut self, keys: impl Iterator<Item = (usize, u64)>) {
        let mut first = HashMap::new();
        for (i, key) in keys {
            let f = *first.entry(key).or_insert(i);
            self.union(f, i);
        }
    }

    /// Joins every record to the first with the same `key` whose players
    /// and date agree with its own.
    fn join_agreeing(
        &mut self,
        signatures: &[GameSignature],
        keys: impl Iterator<Item = (usize, u64)>,
    ) {
        let mut firsts: HashMap<u64, Vec<usize>> = HashMap::new();
        for (i, key) in keys {
            let firsts = firsts.entry(key).or_default();
            match firsts
                .iter()
                .find(|&&f| signatures[f].agrees(&signatures[i]))
            {
                Some(&f) => self.union(f, i),
                None => firsts.push(i),
            }
        }
    }
}

/// Groups the records of one game among `signatures`, in time linear in
/// their number and moves (hashing, never comparing all pairs):
///
/// * the same bytes ([`Reason::Exact`]);
/// * the same setup and moves, at least [`MIN_MOVES`] of them
///   ([`Reason::SameMoves`]), when the players and the date that both
///   records give agree (Fox's archive holds games in which players
///   repeated the moves of a won game against the same program: other
///   games, other players or dates);
/// * the same under a board symmetry, on the same condition
///   ([`Reason::Symmetry`]);
/// * a main line of at least [`MIN_MOVES`] moves that is the start of a
///   longer one, in some orientation, in a record without a result whose
///   players and date agree with the longer one's where both give them
///   ([`Reason::Prefix`]; a finished game that another game's moves
///   continue is another game): records are
///   bucketed by their first [`MIN_MOVES`] moves, and within a bucket a
///   shorter line is looked up among the hashes of the longer lines'
///   starts of its length, then its moves compared. Two games that only
///   share an opening do not group, and a record that starts two such
///   games joins neither (which one it records cannot be told).
///
/// Groups come in the order of their first member.
///
/// ```
/// use sgfkit::signature::{GameSignature, Reason, find_duplicates};
/// let moves: String = (0..30u8).map(|i| {
///     let c = if i % 2 == 0 { 'B' } else { 'W' };
///     format!(";{c}[{}{}]", (b'a' + i % 19) as char, (b'a' + i / 19) as char)
/// }).collect();
/// let full = format!("(;SZ[19]PB[x]{moves})");
/// let short = format!("(;SZ[19]{})", &moves[..moves.len() - 6 * 5]); // 25 moves
/// let files = [full.clone(), short, full.clone(), "(;SZ[19];B[aa])".to_string()];
/// let sigs: Vec<GameSignature> = files.iter().map(|f| {
///     let c = sgfkit::parse(f.as_bytes()).unwrap();
///     GameSignature::of(c.games().next().unwrap(), Some(f.as_bytes())).unwrap()
/// }).collect();
/// let groups = find_duplicates(&sigs);
/// assert_eq!(groups.len(), 1);
/// let reasons: Vec<_> = groups[0].members.iter().map(|m| (m.index, m.reason)).collect();
/// assert_eq!(reasons, [(0, Reason::Fullest), (1, Reason::Prefix), (2, Reason::Exact)]);
/// ```
pub fn find_duplicates(signatures: &[GameSignature]) -> Vec<Group> {
    let mut sets = Sets((0..signatures.len()).collect());
    let by_moves = || {
        signatures
            .iter()
            .enumerate()
            .filter(|(_, s)| s.moves >= MIN_MOVES)
    };
    sets.join_by(
        signatures
            .iter()
            .enumerate()
            .filter_map(|(i, s)| Some((i, s.bytes?))),
    );
    sets.join_agreeing(signatures, by_moves().map(|(i, s)| (i, s.line)));
    sets.join_agreeing(signatures, by_moves().map(|(i, s)| (i, s.symmetric)));
    join_prefixes(signatures, &mut sets);

    let mut groups: Vec<Vec<usize>> = Vec::new();
    let mut slot: HashMap<usize, usize> = HashMap::new();
    let mut size = vec![0usize; signatures.len()];
    for i in 0..signatures.len() {
        let r = sets.find(i);
        size[r] += 1;
    }
    for i in 0..signatures.len() {
        let r = sets.find(i);
        if size[r] < 2 {
            continue;
        }
        let g = *slot.entry(r).or_insert_with(|| {
            groups.push(Vec::new());
            groups.len() - 1
        });
        groups[g].push(i);
    }
    groups
        .into_iter()
        .map(|members| {
            let fullest = members
                .iter()
                .copied()
                .rev()
                .max_by_key(|&i| signatures[i].fullness())
                .unwrap_or(members[0]);
            let best = &signatures[fullest];
            let members = members
                .into_iter()
                .map(|index| {
                    let s = &signatures[index];
                    let reason = if index == fullest {
                        Reason::Fullest
                    } else if s.bytes.is_some() && s.bytes == best.bytes {
                        Reason::Exact
                    } else if s.line == best.line && s.moves == best.moves {
                        Reason::SameMoves
                    } else if s.symmetric == best.symmetric && s.moves == best.moves {
                        Reason::Symmetry
                    } else {
                        Reason::Prefix
                    };
                    Member { index, reason }
                })
                .collect();
            Group { members, fullest }
        })
        .collect()
}

/// The prefix rule of [`find_duplicates`].
fn join_prefixes(signatures: &[GameSignature], sets: &mut Sets) {
    let mut buckets: HashMap<u64, Vec<usize>> = HashMap::new();
    for (i, s) in signatures.iter().enumerate() {
        if let Some(p) = &s.prefix {
            buckets.entry(p.key).or_default().push(i);
        }
    }
    let prefix = |i: usize| signatures[i].prefix.as_ref();
    for members in buckets.values().filter(|m| m.len() > 1) {
        // The lengths some member ends at; only the starts of those
        // lengths are looked up.
        let mut ends: HashMap<(usize, u64), Vec<usize>> = HashMap::new();
        for &i in members {
            if let Some(p) = prefix(i) {
                ends.entry((p.moves.len(), p.full())).or_default().push(i);
            }
        }
        // The longer records each shorter one starts.
        let mut starts: HashMap<usize, Vec<usize>> = HashMap::new();
        for &long in members {
            let Some(p) = prefix(long) else { continue };
            for (n, h) in p.hashes() {
                if n == p.moves.len() {
                    break;
                }
                let Some(shorter) = ends.get(&(n, h)) else {
                    continue;
                };
                for &short in shorter {
                    if signatures[short].may_start(&signatures[long])
                        && prefix(short).is_some_and(|s| s.moves[..] == p.moves[..n])
                    {
                        starts.entry(short).or_default().push(long);
                    }
                }
            }
        }
        // A record that starts two games which are not one another's
        // start (two games that share an opening) joins neither: which
        // game it records cannot be told, and a false group is worse than
        // a missed one.
        for (short, mut longs) in starts {
            longs.sort_by_key(|&l| prefix(l).map_or(0, |p| p.moves.len()));
            let chain = longs.windows(2).all(|w| {
                prefix(w[0]).zip(prefix(w[1])).is_some_and(|(a, b)| {
                    b.moves.len() >= a.moves.len() && b.moves[..a.moves.len()] == a.moves[..]
                })
            });
            if chain {
                for long in longs {
                    sets.union(short, long);
                }
            }
        }
    }
}
