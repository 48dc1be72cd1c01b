//! Where a game comes from ([`Origin`]) and the quirks of its source read
//! as the source means them ([`SourceFix`]): Fox's komi in hundredths and
//! its `HA[1]` for even games, OGS's handicap stones without `HA`, GoGoD's
//! professional ranks written as `d`. [`GameInfo::read`](super::GameInfo::read)
//! applies the fixes; [`InfoOptions::source_fixes`] turns them off.
//!
//! docs/sources.md lists how each source is recognised and where each
//! quirk is documented.
//!
//! ```
//! use sgfkit::record::{GameInfo, InfoOptions, Origin, Quirk};
//! let c = sgfkit::parse(b"(;GM[1]KM[375]HA[0]RU[Chinese]AP[GNU Go:3.8]AP[foxwq];B[pd])")?;
//! let root = c.games().next().unwrap();
//! let info = GameInfo::read(root);
//! assert_eq!(info.origin, Some(Origin::Fox));
//! assert_eq!(info.komi.as_ref().unwrap().get(), Some(7.5));
//! assert_eq!(info.fixes[0].quirk, Quirk::FoxKomi);
//! let raw = GameInfo::read_with(root, &InfoOptions::default().source_fixes(false));
//! assert_eq!(raw.komi.unwrap().get(), Some(375.0));
//! assert!(raw.fixes.is_empty());
//! # Ok::<(), sgfkit::Error>(())
//! ```

use std::cell::OnceCell;
use std::fmt;

use super::info::{Fact, GameInfo};
use super::rank::RankKind;
use crate::game::go::Rules;
use crate::text::{TextKind, decode_str};
use crate::tree::Node;

/// The server or collection a game comes from, as its file shows it.
///
/// ```
/// use sgfkit::record::Origin;
/// let c = sgfkit::parse(b"(;PC[OGS: https://online-go.com/game/1234])")?;
/// let origin = Origin::of(c.games().next().unwrap());
/// assert_eq!(origin.map(Origin::name), Some("ogs"));
/// # Ok::<(), sgfkit::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Origin {
    /// The Fox (foxwq, 野狐) server.
    Fox,
    /// OGS, online-go.com.
    Ogs,
    /// KGS, the (Kiseido) KGS Go Server.
    Kgs,
    /// The Tygem server.
    Tygem,
    /// The WBaduk (Cyberoro) server.
    Wbaduk,
    /// The GoGoD (Games of Go on Disk) collection.
    Gogod,
}

impl Origin {
    /// The name the export's `origin` column uses: `"fox"`, `"ogs"`,
    /// `"kgs"`, `"tygem"`, `"wbaduk"` or `"gogod"`.
    ///
    /// ```
    /// assert_eq!(sgfkit::record::Origin::Gogod.name(), "gogod");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Origin::Fox => "fox",
            Origin::Ogs => "ogs",
            Origin::Kgs => "kgs",
            Origin::Tygem => "tygem",
            Origin::Wbaduk => "wbaduk",
            Origin::Gogod => "gogod",
        }
    }

    /// The origin of the tree of `node` (any node answers for its tree),
    /// read from its root, or `None` when the root names none of them:
    ///
    /// * Fox: an `AP` starting `foxwq`; or Fox's own time properties `TC`
    ///   and `TT` with `AP[GNU Go:3.8]` (Fox files saved without their
    ///   `AP[foxwq]`);
    /// * GoGoD: `US`, `CP` or `SO` naming GoGoD (`US[GoGoD95]`);
    /// * OGS: `PC`, `GN`, `SO` or `AP` with `online-go.com`, or a `PC` or
    ///   `AP` starting `OGS`;
    /// * KGS: `PC`, `SO` or `AP` with `gokgs.com`, `kgs.kiseido.com` or the
    ///   word `KGS` (`PC[The KGS Go Server at http://www.gokgs.com/]`);
    /// * Tygem, WBaduk: `PC`, `SO`, `GN` or `AP` naming the server
    ///   (`tygem`, `타이젬`; `wbaduk`, `cyberoro`, `사이버오로`).
    ///
    /// ```
    /// use sgfkit::record::Origin;
    /// let c = sgfkit::parse(
    ///     b"(;AP[foxwq])(;PC[The KGS Go Server at http://www.gokgs.com/])(;US[GoGoD95])(;PC[Tokyo])",
    /// )?;
    /// let origins: Vec<_> = c.games().map(Origin::of).collect();
    /// assert_eq!(origins, [Some(Origin::Fox), Some(Origin::Kgs), Some(Origin::Gogod), None]);
    /// # Ok::<(), sgfkit::Error>(())
    /// ```
    pub fn of(node: Node<'_, '_>) -> Option<Origin> {
        let root = node.game_root();
        // Every value of the properties that name a source (Fox roots
        // carry two AP), with its identifier: one pass over the root. Each
        // is decoded, trimmed and lower-cased once, when a rule first asks.
        let mut values: Vec<(&str, &[u8], OnceCell<String>)> = Vec::new();
        let (mut tc, mut tt) = (false, false);
        for p in root.properties() {
            let ident = p.ident();
            tc |= ident == "TC";
            tt |= ident == "TT";
            if NAMING.contains(&ident) {
                values.extend(p.values().map(|v| (ident, v, OnceCell::new())));
            }
        }
        let any = |idents: &[&str], hit: &dyn Fn(&str) -> bool| {
            values.iter().any(|(ident, raw, text)| {
                idents.contains(ident)
                    && hit(text.get_or_init(|| {
                        decode_str(raw, TextKind::SimpleText).trim().to_lowercase()
                    }))
            })
        };
        if any(&["AP"], &|t| t.starts_with("foxwq"))
            || (tc && tt && any(&["AP"], &|t| t == "gnu go:3.8"))
        {
            return Some(Origin::Fox);
        }
        if any(&["US", "CP", "SO"], &|t| t.contains("gogod")) {
            return Some(Origin::Gogod);
        }
        if any(&["PC", "GN", "SO", "AP"], &|t| t.contains("online-go.com"))
            || any(&["PC", "AP"], &|t| t.starts_with("ogs"))
        {
            return Some(Origin::Ogs);
        }
        if any(&["PC", "SO", "AP"], &|t| {
            t.contains("gokgs.com") || t.contains("kgs.kiseido.com") || has_word(t, "kgs")
        }) {
            return Some(Origin::Kgs);
        }
        let names = ["PC", "SO", "GN", "AP"];
        if any(&names, &|t| t.contains("tygem") || t.contains("타이젬")) {
            return Some(Origin::Tygem);
        }
        if any(&names, &|t| {
            t.contains("wbaduk") || t.contains("cyberoro") || t.contains("사이버오로")
        }) {
            return Some(Origin::Wbaduk);
        }
        None
    }
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The properties whose values [`Origin::of`] reads for a source's name.
const NAMING: [&str; 6] = ["AP", "US", "CP", "SO", "PC", "GN"];

/// `word` in `text` with no letter or digit on either side.
fn has_word(text: &str, word: &str) -> bool {
    text.match_indices(word).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + word.len()..].chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
    })
}

/// A quirk of a source that [`GameInfo::read`](super::GameInfo::read)
/// corrects.
///
/// ```
/// use sgfkit::record::Quirk;
/// assert_eq!(Quirk::FoxKomi.name(), "fox-komi");
/// assert!(Quirk::GogodProRank.why().contains("professional"));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Quirk {
    /// Fox writes `KM` as an integer in hundredths: of points under
    /// Japanese rules (`KM[650]` = 6.5), of stones under Chinese rules,
    /// where a stone counts two points (`KM[375]` = 3¾ stones = 7.5).
    FoxKomi,
    /// Fox writes `HA[1]` for an even game without komi.
    FoxEvenGame,
    /// OGS writes the handicap stones as `AB` in the root without `HA`.
    OgsHandicapStones,
    /// GoGoD writes professional ranks as `d` (`9d` = 9 dan professional).
    GogodProRank,
}

impl Quirk {
    /// A short name: `"fox-komi"`, `"fox-even-game"`,
    /// `"ogs-handicap-stones"`, `"gogod-pro-rank"`.
    ///
    /// ```
    /// assert_eq!(sgfkit::record::Quirk::OgsHandicapStones.name(), "ogs-handicap-stones");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Quirk::FoxKomi => "fox-komi",
            Quirk::FoxEvenGame => "fox-even-game",
            Quirk::OgsHandicapStones => "ogs-handicap-stones",
            Quirk::GogodProRank => "gogod-pro-rank",
        }
    }

    /// What the source means by what it writes.
    ///
    /// ```
    /// assert!(sgfkit::record::Quirk::FoxEvenGame.why().contains("HA[1]"));
    /// ```
    pub fn why(self) -> &'static str {
        match self {
            Quirk::FoxKomi => {
                "Fox writes komi in hundredths, of stones under Chinese rules (a stone is two points)"
            }
            Quirk::FoxEvenGame => "Fox writes HA[1] for an even game without komi",
            Quirk::OgsHandicapStones => {
                "OGS writes handicap stones as AB without HA (White plays first)"
            }
            Quirk::GogodProRank => "GoGoD writes professional ranks as d",
        }
    }
}

/// One correction of a source's quirk in a [`GameInfo`](super::GameInfo):
/// the property, its text as written, what it was read as and why.
///
/// ```
/// use sgfkit::record::{GameInfo, Origin, Quirk};
/// let c = sgfkit::parse(b"(;US[GoGoD95]PW[Honinbo Shusai]WR[9d])")?;
/// let info = GameInfo::read(c.games().next().unwrap());
/// let fix = &info.fixes[0];
/// assert_eq!((fix.origin, fix.quirk, fix.property), (Origin::Gogod, Quirk::GogodProRank, "WR"));
/// assert_eq!((fix.text.as_str(), fix.read_as.as_str()), ("9d", "9p"));
/// assert_eq!(fix.to_string(), "WR[9d] read as 9p: GoGoD writes professional ranks as d");
/// # Ok::<(), sgfkit::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourceFix {
    /// The source whose quirk this is.
    pub origin: Origin,
    /// The quirk.
    pub quirk: Quirk,
    /// The property the correction reads (`KM`, `HA`, `AB`, `BR`, `WR`).
    pub property: &'static str,
    /// Its text as written (for `AB`, the points as `[pd][dp]`).
    pub text: String,
    /// What it was read as (`7.5`, `handicap 0`, `9p`).
    pub read_as: String,
}

impl fmt::Display for SourceFix {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = if self.property == "AB" {
            format!("AB{}", self.text)
        } else {
            format!("{}[{}]", self.property, self.text)
        };
        write!(f, "{text} read as {}: {}", self.read_as, self.quirk.why())
    }
}

/// Options of [`GameInfo::read_with`](super::GameInfo::read_with). Build
/// with [`InfoOptions::default`] (source fixes on) and the builder methods.
///
/// ```
/// let opts = sgfkit::record::InfoOptions::default();
/// assert!(opts.source_fixes);
/// assert!(!opts.source_fixes(false).source_fixes);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct InfoOptions {
    /// Read the quirks of the game's [`Origin`] as the source means them
    /// (the default), each reported in [`GameInfo::fixes`](super::GameInfo::fixes).
    pub source_fixes: bool,
}

impl Default for InfoOptions {
    fn default() -> Self {
        InfoOptions { source_fixes: true }
    }
}

impl InfoOptions {
    /// Sets [`InfoOptions::source_fixes`].
    ///
    /// ```
    /// use sgfkit::record::{GameInfo, InfoOptions};
    /// let c = sgfkit::parse(b"(;AP[foxwq]HA[1]KM[0])")?;
    /// let root = c.games().next().unwrap();
    /// assert_eq!(GameInfo::read(root).handicap.unwrap().get(), Some(0));
    /// let raw = GameInfo::read_with(root, &InfoOptions::default().source_fixes(false));
    /// assert_eq!(raw.handicap.unwrap().get(), Some(1));
    /// # Ok::<(), sgfkit::Error>(())
    /// ```
    pub fn source_fixes(mut self, on: bool) -> Self {
        self.source_fixes = on;
        self
    }
}

/// A Fox komi read as Fox means it: `text` an integer (sign and digits,
/// white space around it aside) in hundredths of points, or of stones
/// under Chinese rules (`chinese`), where a stone counts two points. `None`
/// for any other text (`6.5` is already points). The one reading of
/// Fox's komi: [`GameInfo`](super::GameInfo) and `fix --fox-komi` share it.
pub(crate) fn fox_komi(text: &str, chinese: bool) -> Option<f64> {
    let t = text.trim();
    let digits = t.strip_prefix('-').unwrap_or(t);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let n: i64 = t.parse().ok()?;
    let points = n as f64 / 100.0;
    Some(if chinese { points * 2.0 } else { points })
}

/// Sets `info.origin` from the root of `node` and, when `options` say so,
/// corrects the quirks of that origin in `info`, each reported in
/// `info.fixes`.
pub(super) fn apply(info: &mut GameInfo, node: Node<'_, '_>, options: &InfoOptions) {
    let root = node.game_root();
    info.origin = Origin::of(root);
    let Some(origin) = info.origin.filter(|_| options.source_fixes) else {
        return;
    };
    let mut fix = |quirk: Quirk, property: &'static str, text: &str, read_as: String| {
        info.fixes.push(SourceFix {
            origin,
            quirk,
            property,
            text: text.to_string(),
            read_as,
        });
    };
    match origin {
        Origin::Fox => {
            let chinese = matches!(&info.rules, Some(r) if r.value == Ok(Rules::Chinese));
            if let Some(km) = &mut info.komi
                && let Some(points) = fox_komi(&km.text, chinese)
                && km.value != Ok(points)
            {
                km.value = Ok(points);
                fix(Quirk::FoxKomi, "KM", &km.text, points.to_string());
            }
            if let Some(ha) = &mut info.handicap
                && ha.value == Ok(1)
            {
                ha.value = Ok(0);
                fix(Quirk::FoxEvenGame, "HA", &ha.text, "handicap 0".into());
            }
        }
        Origin::Ogs => {
            if info.handicap.is_none()
                && let Some((text, stones)) = handicap_stones(root)
            {
                fix(
                    Quirk::OgsHandicapStones,
                    "AB",
                    &text,
                    format!("handicap {stones}"),
                );
                info.handicap = Some(Fact {
                    text,
                    value: Ok(stones),
                });
            }
        }
        Origin::Gogod => {
            for (player, property) in [(&mut info.black, "BR"), (&mut info.white, "WR")] {
                if let Some(Ok(rank)) = &mut player.rank
                    && rank.kind == RankKind::Dan
                    && !rank.text.to_lowercase().contains("ama")
                {
                    rank.kind = RankKind::Pro;
                    fix(Quirk::GogodProRank, property, &rank.text, rank.to_string());
                }
            }
        }
        Origin::Kgs | Origin::Tygem | Origin::Wbaduk => {}
    }
}

/// The root's black stones when they look like handicap stones: 2 to 9
/// single points in `AB`, no `AW`, no `HA`, and White to play first (the
/// first move is White's, or `PL[W]`). The points as written
/// (`[pd][dp]`) and their number.
fn handicap_stones(root: Node<'_, '_>) -> Option<(String, u32)> {
    if root.get("HA").is_some() || root.get("AW").is_some() {
        return None;
    }
    let ab = root.get("AB")?;
    let points: Vec<&[u8]> = ab.values().collect();
    if !(2..=9).contains(&points.len()) || points.iter().any(|p| p.len() != 2) {
        return None;
    }
    let white_first = root
        .get("PL")
        .is_some_and(|p| p.value().eq_ignore_ascii_case(b"W"))
        || root
            .first_child()
            .is_some_and(|c| c.get("W").is_some() && c.get("B").is_none());
    if !white_first {
        return None;
    }
    let text = points
        .iter()
        .map(|p| format!("[{}]", String::from_utf8_lossy(p)))
        .collect();
    Some((text, points.len() as u32))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn origin(sgf: &str) -> Option<Origin> {
        let c = crate::parse(sgf.as_bytes()).unwrap();
        Origin::of(c.games().next().unwrap())
    }

    fn info(sgf: &str) -> GameInfo {
        let c = crate::parse(sgf.as_bytes()).unwrap();
        GameInfo::read(c.games().next().unwrap())
    }

    #[test]
    fn origins_from_real_roots() {
        // fox-pro/Pro/7p/1570718600080010073.sgf (names left out)
        let fox = "(;GM[1]FF[4]SZ[19]GN[]DT[2019-10-10]KM[375]HA[0]RU[Chinese]AP[GNU Go:3.8]RE[B+R]TM[7200]TC[3]TT[15]AP[foxwq]RL[0];B[pd])";
        assert_eq!(origin(fox), Some(Origin::Fox));
        // fox-pro/Pro/7p/1456752906019999662.sgf: no AP[foxwq]
        let resaved = "(;GM[1]FF[4]SZ[19]GN[]DT[2016-02-29]KM[0]HA[0]RU[Japanese]AP[GNU Go:3.8]RE[B+R]TM[60]TC[3]TT[15];B[dp])";
        assert_eq!(origin(resaved), Some(Origin::Fox));
        // suite-katrain/tests/data/ogs.sgf
        assert_eq!(
            origin("(;FF[4]CA[UTF-8]GM[1]PC[OGS: https://online-go.com/game/1234]GN[blabla])"),
            Some(Origin::Ogs)
        );
        assert_eq!(
            origin("(;GN[https://online-go.com/game/7])"),
            Some(Origin::Ogs)
        );
        // fuego/regression/sgf/games/2011/…/pachi2-Fuego-2.sgf and gnugo's kgs games
        assert_eq!(
            origin("(;PC[The KGS Go Server at http://www.gokgs.com/])"),
            Some(Origin::Kgs)
        );
        assert_eq!(
            origin("(;PC[The Kiseido Go Server (KGS) at http://kgs.kiseido.com/])"),
            Some(Origin::Kgs)
        );
        assert_eq!(origin("(;US[GoGoD95]PW[Li He])"), Some(Origin::Gogod));
        assert_eq!(origin("(;PC[Tygem Baduk])"), Some(Origin::Tygem));
        assert_eq!(origin("(;PC[WBaduk])"), Some(Origin::Wbaduk));
    }

    #[test]
    fn roots_naming_no_source() {
        // GNU Go's own AP without Fox's TC/TT; CGoban 3 offline; NNGS; a word
        // that merely contains "kgs" or "ogs".
        for sgf in [
            "(;AP[GNU Go:3.8]KM[650])",
            "(;AP[CGoban:3]PC[Tokyo])",
            "(;PC[NNGS])",
            "(;PC[Hogsmeade])",
            "(;EV[online-go.com cup])",
        ] {
            assert_eq!(origin(sgf), None, "{sgf}");
        }
    }

    #[test]
    fn fox_komi_in_hundredths_and_stones() {
        let i = info("(;KM[650]HA[0]RU[Japanese]AP[GNU Go:3.8]AP[foxwq])");
        assert_eq!(i.komi.as_ref().unwrap().get(), Some(6.5));
        assert_eq!(i.komi.unwrap().text, "650");
        assert_eq!(i.fixes.len(), 1);
        assert_eq!(i.fixes[0].read_as, "6.5");
        let i = info("(;KM[325]HA[2]RU[Chinese]AP[GNU Go:3.8]AP[foxwq])");
        assert_eq!(i.komi.unwrap().get(), Some(6.5));
        let i = info("(;KM[50]HA[2]RU[Japanese]AP[foxwq])");
        assert_eq!(i.komi.unwrap().get(), Some(0.5));
        // Zero is zero in any unit: nothing to report.
        let i = info("(;KM[0]HA[0]RU[Japanese]AP[foxwq])");
        assert_eq!((i.komi.unwrap().get(), i.fixes.len()), (Some(0.0), 0));
        // A komi with a point is points already.
        let i = info("(;KM[6.5]AP[foxwq])");
        assert_eq!((i.komi.unwrap().get(), i.fixes.len()), (Some(6.5), 0));
    }

    #[test]
    fn no_fox_no_komi_fix() {
        let i = info("(;KM[375]RU[Chinese]AP[CGoban:3])");
        assert_eq!(i.komi.unwrap().get(), Some(375.0));
        assert!(i.fixes.is_empty());
        assert_eq!(i.origin, None);
    }

    #[test]
    fn fox_even_game() {
        // fox-pro/Pro/*: HA[1] only with KM[0], Black first, no stones.
        let i = info("(;KM[0]HA[1]RU[Japanese]AP[GNU Go:3.8]TC[3]TT[30];B[dp])");
        assert_eq!(i.origin, Some(Origin::Fox));
        let ha = i.handicap.unwrap();
        assert_eq!((ha.text.as_str(), ha.get()), ("1", Some(0)));
        assert_eq!(i.fixes[0].quirk, Quirk::FoxEvenGame);
        // HA[1] elsewhere is kept as written.
        assert_eq!(info("(;HA[1])").handicap.unwrap().get(), Some(1));
        // Fox's HA[3] is three stones.
        assert_eq!(info("(;HA[3]AP[foxwq])").handicap.unwrap().get(), Some(3));
    }

    #[test]
    fn ogs_handicap_stones() {
        let ogs = "(;PC[OGS: https://online-go.com/game/1]KM[0.5]AB[pd][dp][pp];W[dd])";
        let i = info(ogs);
        let ha = i.handicap.unwrap();
        assert_eq!((ha.get(), ha.text.as_str()), (Some(3), "[pd][dp][pp]"));
        assert_eq!(
            i.fixes[0].to_string(),
            "AB[pd][dp][pp] read as handicap 3: OGS writes handicap stones as AB without HA (White plays first)"
        );
        let off = GameInfo::read_with(
            crate::parse(ogs.as_bytes())
                .unwrap()
                .games()
                .next()
                .unwrap(),
            &InfoOptions::default().source_fixes(false),
        );
        assert_eq!(off.handicap, None);
        // Not handicap: Black plays first, White stones too, one stone, HA given,
        // no moves, or not OGS.
        for sgf in [
            "(;PC[OGS]AB[pd][dp];B[dd])",
            "(;PC[OGS]AB[pd][dp]AW[dd];W[pp])",
            "(;PC[OGS]AB[pd];W[dd])",
            "(;PC[OGS]AB[aa:bb];W[dd])",
            "(;PC[OGS]AB[pd][dp])",
            "(;AB[pd][dp];W[dd])",
        ] {
            let i = info(sgf);
            assert_eq!((i.handicap, i.fixes.len()), (None, 0), "{sgf}");
        }
        let i = info("(;PC[OGS]HA[2]AB[pd][dp];W[dd])");
        assert_eq!((i.handicap.unwrap().get(), i.fixes.len()), (Some(2), 0));
        // PL[W] says White plays first, too.
        assert_eq!(
            info("(;PC[OGS]PL[W]AB[pd][dp])").handicap.unwrap().get(),
            Some(2)
        );
    }

    #[test]
    fn gogod_pro_ranks() {
        let i = info("(;US[GoGoD95]PB[Go Seigen]BR[5d]PW[Honinbo Shusai]WR[9d])");
        let b = i.black.rank.unwrap().unwrap();
        assert_eq!((b.kind, b.level, b.text.as_str()), (RankKind::Pro, 5, "5d"));
        assert_eq!(i.fixes.len(), 2);
        // An amateur rank as GoGoD marks it stays amateur; a kyu stays kyu.
        let i = info("(;US[GoGoD95]BR[5d ama]WR[1k])");
        assert!(i.fixes.is_empty());
        // A `d` elsewhere is an amateur dan.
        let b = info("(;BR[5d])").black.rank.unwrap().unwrap();
        assert_eq!(b.kind, RankKind::Dan);
    }

    #[test]
    fn fox_komi_reading() {
        assert_eq!(fox_komi("375", true), Some(7.5));
        assert_eq!(fox_komi(" 750 ", false), Some(7.5));
        assert_eq!(fox_komi("-50", false), Some(-0.5));
        for t in ["6.5", "", "-", "x", "+650"] {
            assert_eq!(fox_komi(t, false), None, "{t}");
        }
    }
}
