//! [`GameInfo`]: the game-information properties of a game tree read once
//! into typed values — players with their ranks, rules, time control,
//! komi, handicap, result, event — each keeping its text, and each value
//! that cannot be read kept as the reason why, never a guess.

use super::date::Date;
use super::rank::{Rank, RankError};
use super::result::GameResult;
use super::source::{self, InfoOptions, Origin, SourceFix};
use super::time::TimeControl;
use crate::game::go::Rules;
use crate::grammar::value::Real;
use crate::text::{TextKind, decode_str};
use crate::tree::Node;

/// One side of the game.
///
/// ```
/// let c = sgfkit::parse("(;PW[Cho Chikun]WR[9p]WT[Japan])".as_bytes())?;
/// let white = sgfkit::record::GameInfo::read(c.games().next().unwrap()).white;
/// assert_eq!(white.name.as_deref(), Some("Cho Chikun"));
/// assert_eq!(white.rank.unwrap().unwrap().to_string(), "9p");
/// assert_eq!(white.team.as_deref(), Some("Japan"));
/// # Ok::<(), sgfkit::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Player {
    /// `PB` / `PW`.
    pub name: Option<String>,
    /// `BR` / `WR`, read: the rank, or why the text gives none.
    pub rank: Option<Result<Rank, RankError>>,
    /// `BT` / `WT`.
    pub team: Option<String>,
}

/// A value given as text and read into `T`: the text as written (decoded,
/// trimmed) and the reading, or the reason it could not be read.
///
/// ```
/// let c = sgfkit::parse(b"(;KM[six])")?;
/// let komi = sgfkit::record::GameInfo::read(c.games().next().unwrap()).komi.unwrap();
/// assert_eq!(komi.text, "six");
/// assert_eq!(komi.value, Err("KM[six] is not a number".to_string()));
/// # Ok::<(), sgfkit::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Fact<T> {
    /// The text as written.
    pub text: String,
    /// The value, or why the text gives none.
    pub value: Result<T, String>,
}

impl<T: Copy> Fact<T> {
    /// The value, when the text was read.
    ///
    /// ```
    /// let c = sgfkit::parse(b"(;KM[6.5]HA[two])")?;
    /// let info = sgfkit::record::GameInfo::read(c.games().next().unwrap());
    /// assert_eq!(info.komi.as_ref().and_then(|k| k.get()), Some(6.5));
    /// assert_eq!(info.handicap.as_ref().and_then(|h| h.get()), None);
    /// # Ok::<(), sgfkit::Error>(())
    /// ```
    pub fn get(&self) -> Option<T> {
        self.value.as_ref().ok().copied()
    }
}

/// The game-information facts of a game tree, read from its root.
///
/// ```
/// use sgfkit::game::go::Rules;
/// use sgfkit::record::{GameInfo, Overtime, RankKind};
/// let c = sgfkit::parse(
///     "(;PB[Lee Sedol]BR[9p]PW[AlphaGo]RU[Chinese]KM[7.5]TM[7200]OT[3x60 byo-yomi]RE[W+R]EV[Google DeepMind Challenge Match]RO[1])"
///         .as_bytes(),
/// )?;
/// let info = GameInfo::read(c.games().next().unwrap());
/// assert_eq!(info.black.name.as_deref(), Some("Lee Sedol"));
/// let rank = info.black.rank.unwrap().unwrap();
/// assert_eq!((rank.kind, rank.level), (RankKind::Pro, 9));
/// assert_eq!(info.rules.unwrap().value, Ok(Rules::Chinese));
/// assert_eq!(info.time.main_s, Some(7200.0));
/// assert_eq!(info.time.overtime, Some(Overtime::ByoYomi { periods: 3, period_s: 60.0 }));
/// assert_eq!(info.result.unwrap().value.unwrap().ff4_text().as_deref(), Some("W+R"));
/// assert_eq!(info.round.as_deref(), Some("1"));
/// # Ok::<(), sgfkit::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Default)]
pub struct GameInfo {
    /// Black: `PB`, `BR`, `BT`.
    pub black: Player,
    /// White: `PW`, `WR`, `WT`.
    pub white: Player,
    /// `RU`: the rules, when this crate knows the name
    /// ([`Rules::from_ru`]). The [`Fact`]'s text is the name as written, so
    /// rules this crate does not know are kept there (with the reason as
    /// the value) rather than in a `Rules` variant holding text, which
    /// keeps [`Rules`] `Copy`.
    pub rules: Option<Fact<Rules>>,
    /// `TM` and `OT`.
    pub time: TimeControl,
    /// `KM`, read as FF\[4\]'s Real.
    pub komi: Option<Fact<f64>>,
    /// `HA`: the number of handicap stones.
    pub handicap: Option<Fact<u32>>,
    /// `RE`, read as [`GameResult::read`] reads it.
    pub result: Option<Fact<GameResult>>,
    /// `EV`.
    pub event: Option<String>,
    /// `RO`.
    pub round: Option<String>,
    /// `PC`.
    pub place: Option<String>,
    /// `DT`: every date the text names, read by [`Date::read_list`]; the
    /// reason, when the text is not a list of FF\[4\] dates.
    ///
    /// ```
    /// let c = sgfkit::parse(b"(;DT[1996-05-06,07])(;DT[May 1996])")?;
    /// let mut games = c.games().map(sgfkit::record::GameInfo::read);
    /// let dates = games.next().unwrap().dates.unwrap().value.unwrap();
    /// assert_eq!(dates[1].full(), Some((1996, 5, 7)));
    /// let unread = games.next().unwrap().dates.unwrap();
    /// assert_eq!(unread.text, "May 1996");
    /// assert!(unread.value.is_err());
    /// # Ok::<(), sgfkit::Error>(())
    /// ```
    pub dates: Option<Fact<Vec<Date>>>,
    /// Where the game comes from, as its root shows it ([`Origin::of`]).
    pub origin: Option<Origin>,
    /// The quirks of the origin read as it means them, one entry each
    /// (none when [`InfoOptions::source_fixes`] is off).
    pub fixes: Vec<SourceFix>,
}

impl GameInfo {
    /// Reads the root of the tree of `node` (any node answers for its tree),
    /// with the quirks of its [`Origin`] read as the source means them
    /// ([`InfoOptions::default`]). Properties that are missing or empty are
    /// `None`.
    pub fn read(node: Node<'_, '_>) -> GameInfo {
        GameInfo::read_with(node, &InfoOptions::default())
    }

    /// [`GameInfo::read`] with options: [`InfoOptions::source_fixes`] off
    /// reads every value as written.
    ///
    /// ```
    /// use sgfkit::record::{GameInfo, InfoOptions, Origin};
    /// let c = sgfkit::parse(b"(;KM[650]AP[foxwq])")?;
    /// let root = c.games().next().unwrap();
    /// let raw = GameInfo::read_with(root, &InfoOptions::default().source_fixes(false));
    /// assert_eq!((raw.origin, raw.komi.unwrap().get()), (Some(Origin::Fox), Some(650.0)));
    /// # Ok::<(), sgfkit::Error>(())
    /// ```
    pub fn read_with(node: Node<'_, '_>, options: &InfoOptions) -> GameInfo {
        let root = node.game_root();
        let text = |ident: &str| -> Option<String> {
            let p = root.get(ident)?;
            let t = decode_str(p.value(), TextKind::SimpleText);
            let t = t.trim();
            (!t.is_empty()).then(|| t.to_string())
        };
        let player = |name: &str, rank: &str, team: &str| Player {
            name: text(name),
            rank: text(rank).map(|t| Rank::read(&t)),
            team: text(team),
        };
        let mut info = GameInfo {
            black: player("PB", "BR", "BT"),
            white: player("PW", "WR", "WT"),
            rules: text("RU").map(|t| Fact {
                value: Rules::from_ru(&t).ok_or_else(|| unknown_rules(&t)),
                text: t,
            }),
            time: TimeControl::read(text("TM").as_deref(), text("OT").as_deref()),
            komi: text("KM").map(|t| Fact {
                value: read_komi(&t),
                text: t,
            }),
            handicap: text("HA").map(|t| Fact {
                value: read_handicap(&t),
                text: t,
            }),
            result: text("RE").map(|t| Fact {
                value: GameResult::read(&t)
                    .ok_or_else(|| format!("RE[{t}] is not a result sgfkit reads")),
                text: t,
            }),
            event: text("EV"),
            round: text("RO"),
            place: text("PC"),
            dates: text("DT").map(|t| Fact {
                value: Date::read_list(&t).map_err(|e| format!("DT[{t}]: {e}")),
                text: t,
            }),
            origin: None,
            fixes: Vec::new(),
        };
        source::apply(&mut info, root, options);
        info
    }
}

/// The komi of a `KM` text (decoded, trimmed): FF\[4\]'s Real, or why not.
pub(crate) fn read_komi(text: &str) -> Result<f64, String> {
    text.parse::<Real>()
        .map(|r| r.value())
        .map_err(|_| format!("KM[{text}] is not a number"))
}

/// The handicap of an `HA` text (decoded, trimmed): a number of stones, 0
/// and up, or why not.
pub(crate) fn read_handicap(text: &str) -> Result<u32, String> {
    text.parse::<u32>()
        .map_err(|_| format!("HA[{text}] is not a number of stones"))
}

/// Why an `RU` text gives no [`Rules`].
pub(crate) fn unknown_rules(text: &str) -> String {
    format!("RU[{text}] names rules sgfkit does not know")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::RankKind;

    #[test]
    fn unread_values_keep_their_text_and_reason() {
        let c = crate::parse(
            "(;BR[15k* IGS]WR[3段]RU[house]KM[six]HA[]RE[Black wins?]TM[soon]PB[ ])".as_bytes(),
        )
        .unwrap();
        let info = GameInfo::read(c.games().next().unwrap());
        assert!(matches!(info.black.rank, Some(Err(RankError::Unknown(_)))));
        let white = info.white.rank.unwrap().unwrap();
        assert_eq!((white.kind, white.level), (RankKind::Dan, 3));
        let rules = info.rules.unwrap();
        assert_eq!(rules.text, "house");
        assert!(rules.value.unwrap_err().contains("RU[house]"));
        assert!(info.komi.unwrap().value.is_err());
        assert_eq!(info.handicap, None); // empty: not given
        assert!(info.result.unwrap().value.is_err());
        assert_eq!(info.time.problems.len(), 1);
        assert_eq!(info.black.name, None); // only white space
    }

    #[test]
    fn any_node_answers_for_its_tree() {
        let c = crate::parse(b"(;HA[2]AB[dd][pp];W[qd])").unwrap();
        let leaf = c.games().next().unwrap().first_child().unwrap();
        assert_eq!(GameInfo::read(leaf).handicap.unwrap().get(), Some(2));
    }
}
