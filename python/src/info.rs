//! `Node.info`: the game-information facts of a game tree as
//! [`sgfkit::record::GameInfo`] reads them, as small frozen objects
//! (`GameInfo`, `Player`, `Rank`, `Rules`, `TimeControl`). Every value
//! read keeps its text; a value that cannot be read is None, and its
//! reason is in `GameInfo.problems`.

use pyo3::prelude::*;
use sgfkit::record::{self, Fact, Overtime};

/// A player's rank read from its text (`BR`, `WR`): `kind` (`"kyu"`,
/// `"dan"` for amateur dan, `"pro"`), `level` (1 and up), `uncertain`
/// (the text marks it with `?` or `*`) and `text` as written. `str(rank)`
/// is the short form (`"9p"`, `"3d"`, `"5k?"`).
#[pyclass(frozen, module = "sgfkit")]
#[derive(Debug, Clone)]
pub(crate) struct Rank {
    #[pyo3(get)]
    kind: &'static str,
    #[pyo3(get)]
    level: u8,
    #[pyo3(get)]
    uncertain: bool,
    #[pyo3(get)]
    text: String,
    /// `str(rank)`.
    short: String,
}

#[pymethods]
impl Rank {
    fn __str__(&self) -> String {
        self.short.clone()
    }

    fn __repr__(&self) -> String {
        format!(
            "Rank(kind='{}', level={}, uncertain={}, text={:?})",
            self.kind,
            self.level,
            if self.uncertain { "True" } else { "False" },
            self.text
        )
    }
}

impl From<&record::Rank> for Rank {
    fn from(r: &record::Rank) -> Self {
        Rank {
            kind: r.kind.name(),
            level: r.level,
            uncertain: r.uncertain,
            text: r.text.clone(),
            short: r.to_string(),
        }
    }
}

/// One side of the game: `name` (`PB`/`PW`), `rank` (a `Rank`, or None
/// when the text gives none), `rank_text` (`BR`/`WR` as written, also when
/// unread) and `team` (`BT`/`WT`).
#[pyclass(frozen, get_all, module = "sgfkit")]
#[derive(Debug, Clone)]
pub(crate) struct Player {
    name: Option<String>,
    rank: Option<Rank>,
    rank_text: Option<String>,
    team: Option<String>,
}

#[pymethods]
impl Player {
    fn __repr__(&self) -> String {
        format!(
            "Player(name={}, rank={}, team={})",
            py_str(self.name.as_deref()),
            py_str(self.rank_text.as_deref()),
            py_str(self.team.as_deref())
        )
    }
}

impl Player {
    fn of(p: &record::Player, problems: &mut Vec<String>) -> Player {
        let (rank, rank_text) = match &p.rank {
            Some(Ok(r)) => (Some(Rank::from(r)), Some(r.text.clone())),
            Some(Err(e)) => {
                problems.push(e.to_string());
                (None, rank_error_text(e))
            }
            None => (None, None),
        };
        Player {
            name: p.name.clone(),
            rank,
            rank_text,
            team: p.team.clone(),
        }
    }
}

/// The text of a rank that could not be read, as its error names it.
fn rank_error_text(e: &record::RankError) -> Option<String> {
    use record::RankError;
    match e {
        RankError::Unranked(t)
        | RankError::Rating(t)
        | RankError::Title(t)
        | RankError::Unknown(t) => Some(t.clone()),
        _ => None,
    }
}

/// The rules (`RU`): `text` as written and `name`, the rule set as KataGo
/// names it (`"japanese"`, `"chinese"`, `"tromp-taylor"`, …), or None for
/// rules sgfkit does not know.
#[pyclass(frozen, get_all, module = "sgfkit")]
#[derive(Debug, Clone)]
pub(crate) struct Rules {
    text: String,
    name: Option<&'static str>,
}

#[pymethods]
impl Rules {
    fn __repr__(&self) -> String {
        format!("Rules(text={:?}, name={})", self.text, py_str(self.name))
    }
}

/// The time control (`TM`, `OT`): `main_s`, each player's main time in
/// seconds; `overtime`, `"byo-yomi"`, `"canadian"`, `"fischer"`,
/// `"absolute"` or None; `periods` (byo-yomi), `period_s` (the length of a
/// byo-yomi or Canadian period), `stones` (moves a Canadian period), and
/// `increment_s` (Fischer), each None where the overtime has none.
#[pyclass(frozen, get_all, module = "sgfkit")]
#[derive(Debug, Clone)]
pub(crate) struct TimeControl {
    main_s: Option<f64>,
    overtime: Option<&'static str>,
    periods: Option<u32>,
    period_s: Option<f64>,
    stones: Option<u32>,
    increment_s: Option<f64>,
}

#[pymethods]
impl TimeControl {
    fn __repr__(&self) -> String {
        format!(
            "TimeControl(main_s={}, overtime={})",
            self.main_s.map_or("None".to_string(), |s| s.to_string()),
            py_str(self.overtime)
        )
    }
}

impl From<&record::TimeControl> for TimeControl {
    fn from(t: &record::TimeControl) -> Self {
        let mut out = TimeControl {
            main_s: t.main_s,
            overtime: t.overtime.map(|o| o.name()),
            periods: None,
            period_s: None,
            stones: None,
            increment_s: None,
        };
        match t.overtime {
            Some(Overtime::ByoYomi { periods, period_s }) => {
                (out.periods, out.period_s) = (Some(periods), Some(period_s));
            }
            Some(Overtime::Canadian { stones, period_s }) => {
                (out.stones, out.period_s) = (Some(stones), Some(period_s));
            }
            Some(Overtime::Fischer { increment_s }) => out.increment_s = Some(increment_s),
            _ => {}
        }
        out
    }
}

/// The game-information facts of a game tree, read from its root
/// (`Node.info`): `black` and `white` (`Player`), `rules` (`Rules`, or None
/// without `RU`), `time` (`TimeControl`), `komi` (float), `handicap`
/// (int), `result` (`RE` as written), `event`, `round`, `place`; each None
/// when missing or not read. `problems` lists why each value given could
/// not be read (`"KM[six] is not a number"`).
#[pyclass(frozen, get_all, module = "sgfkit")]
#[derive(Debug, Clone)]
pub(crate) struct GameInfo {
    black: Player,
    white: Player,
    rules: Option<Rules>,
    time: TimeControl,
    komi: Option<f64>,
    handicap: Option<u32>,
    result: Option<String>,
    event: Option<String>,
    round: Option<String>,
    place: Option<String>,
    problems: Vec<String>,
}

#[pymethods]
impl GameInfo {
    fn __repr__(&self) -> String {
        format!(
            "GameInfo(black={}, white={}, result={})",
            py_str(self.black.name.as_deref()),
            py_str(self.white.name.as_deref()),
            py_str(self.result.as_deref())
        )
    }
}

impl GameInfo {
    /// The facts of the tree of `node`.
    pub(crate) fn read(node: sgfkit::Node<'_, '_>, options: &record::InfoOptions) -> GameInfo {
        let info = record::GameInfo::read_with(node, options);
        let mut problems = Vec::new();
        let black = Player::of(&info.black, &mut problems);
        let white = Player::of(&info.white, &mut problems);
        let rules = info.rules.as_ref().map(|r| Rules {
            text: r.text.clone(),
            name: value(r, &mut problems).map(|r| r.name()),
        });
        problems.extend(info.time.problems.iter().map(|e| e.to_string()));
        let komi = info.komi.as_ref().and_then(|k| value(k, &mut problems));
        let handicap = info.handicap.as_ref().and_then(|h| value(h, &mut problems));
        if let Some(r) = &info.result {
            value(r, &mut problems);
        }
        GameInfo {
            black,
            white,
            rules,
            time: TimeControl::from(&info.time),
            komi,
            handicap,
            result: info.result.map(|r| r.text),
            event: info.event,
            round: info.round,
            place: info.place,
            problems,
        }
    }
}

/// The value of a fact, its reason added to `problems` when unread.
fn value<T: Copy>(f: &Fact<T>, problems: &mut Vec<String>) -> Option<T> {
    if let Err(e) = &f.value {
        problems.push(e.clone());
    }
    f.get()
}

/// A Python literal of an optional text: `'x'` or `None`.
fn py_str(s: Option<&str>) -> String {
    s.map_or("None".to_string(), |s| format!("{s:?}"))
}
