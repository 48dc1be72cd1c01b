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

/// The most records that share players, date and length for
/// [`Rules::fuzzy`] to compare their moves pairwise: a bigger bucket (a
/// player's many games of one day, all of one length) is not looked at.
pub const FUZZY_BUCKET: usize = 64;

/// The most moves in which two records may differ for [`Rules::fuzzy`] to
/// group them.
pub const FUZZY_MOVES: usize = 2;

/// What [`find_duplicates`] keeps of one game record: hashes and counts,
/// and, for the rules that compare moves (the prefix rule and
/// [`Rules::fuzzy`]), its moves in two bytes each. Those moves are most of
/// its size (about 0.5 KB for a game of 250 moves): a caller holding
/// millions of signatures drops them ([`GameSignature::drop_moves`]) and
/// gives them back only to the records [`needs_moves`] names.
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
    /// For a record of at least [`MIN_MOVES`] moves: its hashes (and moves,
    /// unless dropped) in the orientation its first [`MIN_MOVES`] moves
    /// choose.
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
    /// The hash of the setup and all the moves.
    full: u64,
    /// The hashes of the first half of the moves and of the rest (each
    /// after the setup): one of them is the same in a record with a typo
    /// in the other half.
    halves: [u64; 2],
    /// The moves, packed (`None` once dropped).
    moves: Option<Box<[u16]>>,
}

impl Prefix {
    /// The hashes after each of `moves`, from [`MIN_MOVES`] on:
    /// `(moves, hash)`.
    fn hashes<'m>(&self, moves: &'m [u16]) -> impl Iterator<Item = (usize, u64)> + 'm {
        let mut h = Fnv(self.start);
        moves.iter().enumerate().filter_map(move |(i, v)| {
            h.write(&v.to_le_bytes());
            (i + 1 >= MIN_MOVES).then_some((i + 1, h.finish()))
        })
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
            let start = line.start(s);
            let half = |moves: &mut dyn Iterator<Item = u16>| {
                let mut h = start;
                moves.for_each(|v| h.write(&v.to_le_bytes()));
                h.finish()
            };
            Prefix {
                key,
                start: start.finish(),
                full: line.hash(s, n),
                halves: [
                    half(&mut line.packed(s).take(n / 2)),
                    half(&mut line.packed(s).skip(n / 2)),
                ],
                moves: Some(line.packed(s).collect()),
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

    /// Forgets the moves (most of the signature's memory): the rules that
    /// compare moves skip this record until they are given back
    /// ([`GameSignature::restore_moves`]).
    ///
    /// ```
    /// use sgfkit::signature::GameSignature;
    /// let moves: String = (0..30u8).map(|i| format!(";B[{}a]", (b'a' + i % 19) as char)).collect();
    /// let sgf = format!("(;SZ[19]{moves})");
    /// let c = sgfkit::parse(sgf.as_bytes())?;
    /// let mut sig = GameSignature::of(c.games().next().unwrap(), None).unwrap();
    /// let full = sig.clone();
    /// sig.drop_moves();
    /// assert!(!sig.has_moves() && full.has_moves());
    /// assert!(sig.restore_moves(full));
    /// assert!(sig.has_moves());
    /// # Ok::<(), sgfkit::Error>(())
    /// ```
    pub fn drop_moves(&mut self) {
        if let Some(p) = &mut self.prefix {
            p.moves = None;
        }
    }

    /// Whether the record's moves are kept (always for a record shorter
    /// than [`MIN_MOVES`], which the move rules never look at).
    pub fn has_moves(&self) -> bool {
        self.prefix.as_ref().is_none_or(|p| p.moves.is_some())
    }

    /// Takes the moves back from `full`, a signature of the same record
    /// read again: `false` (and nothing taken) when it is not the same
    /// record (other bytes or another main line).
    pub fn restore_moves(&mut self, full: GameSignature) -> bool {
        let same = full.bytes == self.bytes
            && full.line == self.line
            && full.moves == self.moves
            && full.has_moves();
        if same {
            self.prefix = full.prefix;
        }
        same
    }

    /// The moves in the canonical orientation, when kept.
    fn packed(&self) -> Option<&[u16]> {
        self.prefix.as_ref()?.moves.as_deref()
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
    /// The same players, date and length, at most [`FUZZY_MOVES`] moves
    /// differing ([`Rules::fuzzy`]): a typo.
    Fuzzy,
}

impl Reason {
    /// The name the command line prints: `fullest`, `exact`, `same-moves`,
    /// `symmetry`, `prefix`, `fuzzy`.
    pub fn as_str(self) -> &'static str {
        match self {
            Reason::Fullest => "fullest",
            Reason::Exact => "exact",
            Reason::SameMoves => "same-moves",
            Reason::Symmetry => "symmetry",
            Reason::Prefix => "prefix",
            Reason::Fuzzy => "fuzzy",
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

/// The rules [`find_duplicates`] applies beyond its default ones.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Rules {
    /// Also group records that differ in a few moves (a typo): the same
    /// players and date (all three given, equal), the same setup and
    /// length (at least [`MIN_MOVES`] moves), at most [`FUZZY_MOVES`] moves
    /// differing, compared in the orientation the first [`MIN_MOVES`]
    /// moves choose (a typo among those may change it: then missed).
    /// Records are bucketed by players, date, length and the hash of the
    /// first half of their moves, and again with the second half's, so
    /// that one typo always leaves them a bucket in common (two are found
    /// when both fall in one half); a bucket of more than [`FUZZY_BUCKET`]
    /// records is not looked at.
    pub fuzzy: bool,
}

/// The records among `signatures` whose moves [`find_duplicates`] compares
/// under `rules`, in increasing order: those of a bucket of the prefix rule
/// (the same first [`MIN_MOVES`] moves) that holds a record without a
/// result shorter than another, and with [`Rules::fuzzy`] those of a
/// bucket of that rule. Only these need their moves
/// ([`GameSignature::restore_moves`]) after [`GameSignature::drop_moves`];
/// a record left without them is skipped by the rules that compare moves
/// (a missed duplicate, never a false one).
///
/// ```
/// use sgfkit::signature::{GameSignature, Rules, needs_moves};
/// let moves: String = (0..30u8).map(|i| format!(";B[{}a]", (b'a' + i % 19) as char)).collect();
/// let full = format!("(;SZ[19]RE[B+R]{moves})");
/// let short = format!("(;SZ[19]{})", &moves[..25 * 6]);
/// let other = "(;SZ[19]RE[W+R];B[aa])".to_string();
/// let sigs: Vec<GameSignature> = [full, short, other].iter().map(|f| {
///     let c = sgfkit::parse(f.as_bytes()).unwrap();
///     GameSignature::of(c.games().next().unwrap(), None).unwrap()
/// }).collect();
/// assert_eq!(needs_moves(&sigs, Rules::default()), [0, 1]);
/// ```
pub fn needs_moves(signatures: &[GameSignature], rules: Rules) -> Vec<usize> {
    let mut out = Vec::new();
    for members in prefix_buckets(signatures).values() {
        let longest = members.iter().map(|&i| signatures[i].moves).max();
        let unfinished_shorter = members
            .iter()
            .any(|&i| !signatures[i].finished && Some(signatures[i].moves) < longest);
        if unfinished_shorter {
            out.extend_from_slice(members);
        }
    }
    if rules.fuzzy {
        for members in fuzzy_buckets(signatures).values() {
            out.extend_from_slice(members);
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// The records of at least [`MIN_MOVES`] moves by the hash of their first
/// [`MIN_MOVES`] moves (in their canonical orientation): buckets of two or
/// more.
fn prefix_buckets(signatures: &[GameSignature]) -> HashMap<u64, Vec<usize>> {
    let mut buckets: HashMap<u64, Vec<usize>> = HashMap::new();
    for (i, s) in signatures.iter().enumerate() {
        if let Some(p) = &s.prefix {
            buckets.entry(p.key).or_default().push(i);
        }
    }
    buckets.retain(|_, m| m.len() > 1);
    buckets
}

/// The records of at least [`MIN_MOVES`] moves that give both players and
/// the date, by those, their length and either half of their moves
/// (each record in two buckets): buckets of 2 to [`FUZZY_BUCKET`].
fn fuzzy_buckets(signatures: &[GameSignature]) -> HashMap<u64, Vec<usize>> {
    let mut buckets: HashMap<u64, Vec<usize>> = HashMap::new();
    for (i, s) in signatures.iter().enumerate() {
        let [Some(b), Some(w), Some(d)] = s.people else {
            continue;
        };
        let Some(p) = &s.prefix else {
            continue;
        };
        for (k, half) in p.halves.iter().enumerate() {
            let mut h = Fnv::new();
            for v in [b, w, d, s.moves as u64, k as u64, *half] {
                h.write(&v.to_le_bytes());
            }
            buckets.entry(h.finish()).or_default().push(i);
        }
    }
    buckets.retain(|_, m| m.len() > 1 && m.len() <= FUZZY_BUCKET);
    buckets
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
///   games joins neither (which one it records cannot be told); nor one
///   that starts a finished game and a longer one.
///
/// With [`Rules::fuzzy`], also records that differ in a few moves
/// ([`Reason::Fuzzy`]). The rules that compare moves skip records whose
/// moves were dropped ([`needs_moves`]).
///
/// Groups come in the order of their first member.
///
/// ```
/// use sgfkit::signature::{GameSignature, Reason, Rules, find_duplicates};
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
/// let groups = find_duplicates(&sigs, Rules::default());
/// assert_eq!(groups.len(), 1);
/// let reasons: Vec<_> = groups[0].members.iter().map(|m| (m.index, m.reason)).collect();
/// assert_eq!(reasons, [(0, Reason::Fullest), (1, Reason::Prefix), (2, Reason::Exact)]);
/// ```
pub fn find_duplicates(signatures: &[GameSignature], rules: Rules) -> Vec<Group> {
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
    if rules.fuzzy {
        join_fuzzy(signatures, &mut sets);
    }

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
                    } else if s.moves == best.moves {
                        Reason::Fuzzy
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
    // Only records whose moves are kept take part.
    let prefix = |i: usize| {
        let s = &signatures[i];
        Some((s.prefix.as_ref()?, s.packed()?))
    };
    for members in prefix_buckets(signatures).values() {
        // The lengths some member ends at; only the starts of those
        // lengths are looked up.
        let mut ends: HashMap<(usize, u64), Vec<usize>> = HashMap::new();
        for &i in members {
            if let Some((p, moves)) = prefix(i) {
                ends.entry((moves.len(), p.full)).or_default().push(i);
            }
        }
        // The longer records each shorter one starts.
        let mut starts: HashMap<usize, Vec<usize>> = HashMap::new();
        for &long in members {
            let Some((p, long_moves)) = prefix(long) else {
                continue;
            };
            for (n, h) in p.hashes(long_moves) {
                if n == long_moves.len() {
                    break;
                }
                let Some(shorter) = ends.get(&(n, h)) else {
                    continue;
                };
                for &short in shorter {
                    if signatures[short].may_start(&signatures[long])
                        && prefix(short).is_some_and(|(_, s)| s[..] == long_moves[..n])
                    {
                        starts.entry(short).or_default().push(long);
                    }
                }
            }
        }
        // A record that starts two games which are not one another's
        // unfinished start (two games that share an opening, or a finished
        // game and a longer one) joins neither: which
        // game it records cannot be told, and a false group is worse than
        // a missed one.
        for (short, mut longs) in starts {
            // The longer records must be one game: the same moves, or each
            // the unfinished start of the next (a finished game that
            // another continues is another game).
            longs.sort_by_key(|&l| signatures[l].moves);
            let chain = longs.windows(2).all(|w| {
                let same_game = |a: &[u16], b: &[u16]| {
                    let (x, y) = (&signatures[w[0]], &signatures[w[1]]);
                    (a.len() == b.len() && x.agrees(y)) || x.may_start(y)
                };
                prefix(w[0])
                    .zip(prefix(w[1]))
                    .is_some_and(|((_, a), (_, b))| {
                        b.len() >= a.len() && b[..a.len()] == a[..] && same_game(a, b)
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

/// The rule of [`Rules::fuzzy`].
fn join_fuzzy(signatures: &[GameSignature], sets: &mut Sets) {
    for members in fuzzy_buckets(signatures).values() {
        for (k, &a) in members.iter().enumerate() {
            for &b in &members[k + 1..] {
                let (sa, sb) = (&signatures[a], &signatures[b]);
                let (Some(pa), Some(pb)) = (&sa.prefix, &sb.prefix) else {
                    continue;
                };
                let (Some(ma), Some(mb)) = (sa.packed(), sb.packed()) else {
                    continue;
                };
                let differing = ma.iter().zip(mb).filter(|(x, y)| x != y).count();
                if pa.start == pb.start && ma.len() == mb.len() && differing <= FUZZY_MOVES {
                    sets.union(a, b);
                }
            }
        }
    }
}
