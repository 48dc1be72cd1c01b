//! The checks of a root and of a collection's roots: what a game tree is
//! read as (GM, FF, SZ), where its charset is announced, and how the trees
//! of a collection differ.

use super::*;

/// What one game tree is read as.
pub(super) struct TreeInfo {
    pub(super) game: GameType,
    pub(super) gm: u32,
    /// The root's FF; FF[1] when it has none, as FF[4] specifies.
    pub(super) ff: u8,
    pub(super) size: BoardSize,
    pub(super) size_ok: bool,
}

impl Checker<'_> {
    /// S046: the first root's CA is not what a scan of the file's start
    /// finds (SGFC's fatal 73): the charset is announced too late for
    /// readers that sniff it.
    pub(super) fn late_charset(&mut self, src: &[u8], root: &Node<'_, '_>) {
        // A CA without a span was set by the reader after transcoding.
        let Some(ca) = root.get("CA") else {
            return;
        };
        let Some(span) = ca.span() else {
            return;
        };
        let default = "ISO-8859-1";
        let known = |name: &str| crate::charset::charset_name(name).is_some();
        let label = String::from_utf8_lossy(ca.value()).trim().to_string();
        let announced = if known(&label) {
            label.as_str()
        } else {
            default
        };
        let scanned = crate::check::charset_scan::scanned_charset(src);
        let found = scanned.as_deref().filter(|s| known(s)).unwrap_or(default);
        if !announced.eq_ignore_ascii_case(found) {
            self.push(
                Code::S046,
                span,
                format!(
                    "CA[{label}] is not where readers look for it (a `CA[` in the first 1,000 bytes): SGFC and other readers that sniff the start decode the file as {found}"
                ),
            );
        }
    }

    /// S054: each quirk of the tree's source read as the source means it
    /// ([`record::GameInfo::fixes`]), at the property it reads. True when
    /// the komi was one of them (a Fox komi in hundredths: no S052 then).
    pub(super) fn source_fixes(&mut self, root: &Node<'_, '_>) -> bool {
        if record::Origin::of(*root).is_none() {
            return false;
        }
        let mut komi = false;
        for fix in record::GameInfo::read(*root).fixes {
            komi |= fix.property == "KM";
            let span = root
                .get(fix.property)
                .and_then(|p| p.span())
                .unwrap_or(node_span(root));
            self.push(Code::S054, span, fix.to_string());
        }
        komi
    }

    /// S051 and S052: game information that contradicts itself — a win on
    /// points by nothing (`W+0`), a Go komi no rules give (beyond ±100,
    /// what a Fox record in hundredths looks like: `KM[650]` is 6.5; not
    /// when `komi_fixed`, S054 having read it as Fox means it).
    pub(super) fn contradicting_facts(
        &mut self,
        root: &Node<'_, '_>,
        info: &TreeInfo,
        komi_fixed: bool,
    ) {
        let text = |ident: &str| {
            let p = root.get(ident)?;
            let text = crate::text::decode_str(p.value(), crate::text::TextKind::SimpleText);
            Some((p, text.trim().to_string()))
        };
        if info.game != GameType::Backgammon
            && let Some((p, re)) = text("RE")
            && record::GameResult::read(&re).is_some_and(|r| r.is_win_by_nothing())
        {
            self.push(
                Code::S051,
                p.span().unwrap_or(node_span(root)),
                format!("RE[{re}] is a win by nothing: a game won by no point is a draw (RE[0])"),
            );
        }
        // The komi as `GoGame::komi` reads it (the one reader of KM).
        if info.game == GameType::Go
            && !komi_fixed
            && let Some((p, km)) = text("KM")
            && let Some(komi) = record::GoGame::new(*root).ok().and_then(|g| g.komi())
            && komi.abs() > 100.0
        {
            let unfixed = record::InfoOptions::default().source_fixes(false);
            let raw = record::GameInfo::read_with(*root, &unfixed);
            let chinese =
                matches!(&raw.rules, Some(r) if r.value == Ok(crate::game::go::Rules::Chinese));
            let hint = match record::fox_komi(&km, chinese) {
                Some(points) if raw.origin == Some(record::Origin::Fox) => format!(
                    "; Fox writes komi in hundredths ({points}): `sgfkit fix --fox-komi` converts it"
                ),
                _ => String::new(),
            };
            self.push(
                Code::S052,
                p.span().unwrap_or(node_span(root)),
                format!("KM[{km}] is a komi no rules give (more than 100 points){hint}"),
            );
        }
    }

    /// S053: a rank (`BR`, `WR`), rules (`RU`, Go only), an overtime
    /// (`OT`), a komi (`KM`) or a handicap (`HA`) that the readers of
    /// [`record::GameInfo`] cannot read, with the reason. A text that says
    /// there is no rank (`NR`, a rating) is read. A `KM` or `HA` that is not
    /// FF\[4\]'s Real or Number is left to the value checks (S009, S011,
    /// S039, S045), so that it is reported once: S053 names a value FF\[4\]
    /// allows and the game cannot have (`HA[-1]`). Only these properties
    /// are read (not the whole record).
    pub(super) fn unread_facts(&mut self, root: &Node<'_, '_>, info: &TreeInfo) {
        let text = |ident: &str| {
            let p = root.get(ident)?;
            let t = crate::text::decode_str(p.value(), crate::text::TextKind::SimpleText);
            let span = p.span().unwrap_or(node_span(root));
            Some((t.trim().to_string(), span))
        };
        for ident in ["BR", "WR"] {
            if let Some((t, span)) = text(ident)
                && let Err(e @ record::RankError::Unknown(_)) = record::Rank::read(&t)
            {
                self.push(Code::S053, span, format!("{ident}: {e}"));
            }
        }
        if info.game == GameType::Go
            && let Some((t, span)) = text("RU")
            && !t.is_empty()
            && crate::game::go::Rules::from_ru(&t).is_none()
        {
            self.push(Code::S053, span, record::unknown_rules(&t));
        }
        if let Some((t, span)) = text("OT")
            && !matches!(t.as_str(), "" | "-")
            && let Err(e) = record::Overtime::read(&t)
        {
            self.push(Code::S053, span, e.to_string());
        }
        // The value checks report a KM or HA that is not FF[4]'s type.
        let raw = |ident: &str| root.get(ident).map(|p| p.value()).unwrap_or_default();
        if info.game == GameType::Go
            && let Some((t, span)) = text("KM")
            && crate::grammar::value::is_real(raw("KM"))
            && let Err(e) = record::read_komi(&t)
        {
            self.push(Code::S053, span, e);
        }
        if info.game == GameType::Go
            && let Some((t, span)) = text("HA")
            && crate::grammar::value::is_number(raw("HA"))
            && let Err(e) = record::read_handicap(&t)
        {
            self.push(Code::S053, span, e);
        }
    }

    /// S022–S024: FF and GM differ between the trees (once each, at the
    /// first tree that differs from the first tree); CA differs (at each
    /// tree whose charset, as `charsets` gives it for each tree, differs
    /// from the tree before it's).
    pub(super) fn collection_differences(&mut self, games: &[Node<'_, '_>], charsets: &[String]) {
        // One tree (most files) differs from no other.
        let [first, _, ..] = games else {
            return;
        };
        let raw = |n: &Node<'_, '_>, ident: &str, default: &str| -> String {
            n.get(ident).map_or(default.to_string(), |p| {
                String::from_utf8_lossy(p.value().trim_ascii()).into_owned()
            })
        };
        let ff = |n: &Node<'_, '_>| raw(n, "FF", "1");
        // The first tree's values read once.
        let ff_first = ff(first);
        if let Some((g, ff_g)) = games[1..]
            .iter()
            .map(|g| (g, ff(g)))
            .find(|(_, f)| *f != ff_first)
        {
            let msg = format!(
                "this game tree is FF[{ff_g}], the first one FF[{ff_first}] (one format for all trees is safer)"
            );
            self.push(Code::S022, prop_span(g, "FF"), msg);
        }
        let gm = |n: &Node<'_, '_>| n.game().unwrap_or_else(|e| e.read_as_go()).0;
        let gm_first = gm(first);
        if let Some((g, gm_g)) = games[1..]
            .iter()
            .map(|g| (g, gm(g)))
            .find(|(_, t)| *t != gm_first)
        {
            let msg = format!(
                "this game tree records {} (GM[{}]), the first one {} (GM[{}])",
                gm_g.name(),
                gm_g.gm(),
                gm_first.name(),
                gm_first.gm()
            );
            self.push(Code::S023, prop_span(g, "GM"), msg);
        }
        for (pair, g) in charsets.windows(2).zip(&games[1..]) {
            let [before, now] = pair else { continue };
            if !before.eq_ignore_ascii_case(now) {
                let msg = format!(
                    "this game tree's charset is {now}, the tree before's {before} (a file with one charset is safer)"
                );
                self.push(Code::S024, prop_span(g, "CA"), msg);
            }
        }
    }

    /// GM, FF and SZ of a root, with S025/S026/S029/S036 and S015.
    pub(super) fn root_info(&mut self, root: Node<'_, '_>) -> TreeInfo {
        // A GM that names no game: the tree is checked as Go, and S025 says so.
        let (game, warning) = root.game().unwrap_or_else(|e| e.read_as_go());
        if let Some(w) = warning {
            let span = prop_span(&root, "GM");
            self.push(Code::S025, span, w);
        }
        if game != GameType::Go {
            let span = prop_span(&root, "GM");
            self.push(
                Code::S029,
                span,
                format!(
                    "the game is {} (GM[{}]): moves and positions are not played out",
                    game.name(),
                    game.gm()
                ),
            );
        }
        let format = record::file_format(root);
        let ff = format.read_as();
        let ff_span = || prop_span(&root, "FF");
        match &format {
            record::FileFormat::Newer(n) => {
                self.push(
                    Code::S026,
                    ff_span(),
                    format!("FF[{n}] is newer than FF[4]; read as FF[4]"),
                );
            }
            record::FileFormat::Unreadable(v) => {
                self.push(
                    Code::S025,
                    ff_span(),
                    format!("FF[{v}] is not a file format number; FF[1] assumed"),
                );
            }
            record::FileFormat::Missing | record::FileFormat::Given(_) => {}
        }
        let (size, size_ok) = match root.board_size(game) {
            Ok((size, note)) => {
                if let (Some(_), Some(p)) = (note, root.get("SZ")) {
                    let raw = p.value();
                    if let Some(k) = find_unescaped(raw, b':') {
                        let (a, b) = (raw[..k].trim_ascii(), raw[k + 1..].trim_ascii());
                        if a == b {
                            self.push(
                                Code::S015,
                                p.span().unwrap_or(node_span(&root)),
                                format!(
                                    "SZ[{}] is a square board: FF[4] writes it SZ[{}]",
                                    String::from_utf8_lossy(raw),
                                    String::from_utf8_lossy(a)
                                ),
                            );
                        }
                    }
                }
                (size, true)
            }
            Err(e) => {
                let span = prop_span(&root, "SZ");
                let code = if e.contains("52x52") {
                    Code::S036
                } else {
                    Code::S025
                };
                let default = game.default_size();
                self.push(
                    code,
                    span,
                    format!("{e}; {}x{} assumed", default.columns, default.rows),
                );
                (default, false)
            }
        };
        TreeInfo {
            game,
            gm: game.gm(),
            ff,
            size,
            size_ok,
        }
    }
}

/// The charset a tree without `CA` declares: FF\[4\]'s default.
pub(crate) const DEFAULT_CHARSET: &str = "ISO-8859-1";

/// The charset a root declares: its `CA` as written, or
/// [`DEFAULT_CHARSET`]. What S024 compares, unless the reader says
/// what the file declared before transcoding
/// ([`Document::check`](crate::Document::check)).
pub(crate) fn declared_charset(root: &Node<'_, '_>) -> String {
    root.get("CA").map_or(DEFAULT_CHARSET.to_string(), |p| {
        String::from_utf8_lossy(p.value().trim_ascii()).into_owned()
    })
}
