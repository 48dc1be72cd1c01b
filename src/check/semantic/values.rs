//! The checks of property values against their types, and game-info values as SGFC judges them.

use super::*;
use crate::game::go::Point;

impl<'c> Checker<'c> {
    /// S009–S012, S014, S027, S028: the values against the type (`ident`
    /// is `p`'s identifier).
    pub(super) fn value(
        &mut self,
        p: &Property<'c>,
        ident: &str,
        pi: &PropertyInfo,
        info: &TreeInfo,
        span: &Range<usize>,
    ) {
        if quiet_single(ident, pi, info, p.values_raw()) {
            return;
        }
        let mut values = std::mem::take(&mut self.scratch.values);
        values.clear();
        values.extend(p.values());
        self.value_in(p, pi, info, span, &mut values);
        self.scratch.values = values;
    }

    /// [`Checker::value`] with the values of `p` in `values` (a reused
    /// buffer, changed here).
    pub(super) fn value_in(
        &mut self,
        p: &Property<'c>,
        pi: &PropertyInfo,
        info: &TreeInfo,
        span: &Range<usize>,
        values: &mut Vec<&'c [u8]>,
    ) {
        let ident = p.ident();
        let vt = pi.value_type;
        // GM, FF and SZ are read (and reported) by `root_info`.
        let typed_elsewhere = vt.is_unknown()
            || (pi.property_type == PropertyType::Root && matches!(ident, "GM" | "FF" | "SZ"));
        let shown = |v: &[u8]| String::from_utf8_lossy(v).into_owned();
        // VW: `[]` resets the view and stands alone; before FF[4] the view
        // was given by its two corner points.
        if ident == "VW" && values.len() > 1 {
            if values.iter().any(|v| v.is_empty()) {
                self.push(
                    Code::S040,
                    span.clone(),
                    "VW: `[]` (the whole board) must be the only value".into(),
                );
                return;
            }
            if info.ff < 4 && values.len() != 2 {
                self.push(
                    Code::S040,
                    span.clone(),
                    format!(
                        "VW with {} values: FF[{}] gives the view as two corner points",
                        values.len(),
                        info.ff
                    ),
                );
                return;
            }
        }
        // Compressed lists and SZ[a:b] are FF[4] features.
        if info.ff < 4 {
            let compressed =
                is_point_list(&vt) && values.iter().any(|v| find_unescaped(v, b':').is_some());
            let rect_size = ident == "SZ" && find_unescaped(p.value(), b':').is_some();
            if compressed || rect_size {
                self.push(
                    Code::S027,
                    span.clone(),
                    format!(
                        "{ident}: {} is an FF[4] feature, but the file is FF[{}]",
                        if rect_size {
                            "a rectangular board size"
                        } else {
                            "a compressed point list"
                        },
                        info.ff
                    ),
                );
            }
            if info.game == GameType::Go && matches!(ident, "B" | "W") && p.value().is_empty() {
                self.push(
                    Code::S028,
                    span.clone(),
                    format!(
                        "{ident}[] is the FF[4] pass; FF[{}] writes a pass as [tt]",
                        info.ff
                    ),
                );
                return;
            }
        }
        if typed_elsewhere {
            return;
        }
        // Single-value properties with several values.
        if !vt.is_list() && values.len() > 1 {
            self.push(
                Code::S010,
                span.clone(),
                format!(
                    "{ident} takes one value, found {}: [{}]",
                    values.len(),
                    values
                        .iter()
                        .map(|v| shown(v))
                        .collect::<Vec<_>>()
                        .join("][")
                ),
            );
            values.truncate(1);
        }
        // 1x1 rectangles `aa:aa`: read as their point.
        if is_point_list(&vt) {
            for v in values.iter_mut() {
                if let Some(k) = find_unescaped(v, b':')
                    && v[..k] == v[k + 1..]
                {
                    self.push(
                        Code::S014,
                        span.clone(),
                        format!(
                            "{ident}[{}] is a 1x1 rectangle: write [{}]",
                            shown(v),
                            shown(&v[..k])
                        ),
                    );
                    *v = &v[..k];
                }
            }
        }
        let values: &[&[u8]] = values;
        if self.game_info_value(ident, values, info, span) {
            return;
        }
        let empty_bad = values.iter().any(|v| v.is_empty()) && !vt.allows_empty();
        if matches!(vt, ValueType::Text | ValueType::SimpleText) {
            // An empty comment, name or game-info text says nothing; SGFC
            // warns (and deletes it), sgfkit warns and keeps it.
            if values.first().is_some_and(|v| blank_text(v)) {
                if empty_text_warned(ident) {
                    self.push(
                        Code::S044,
                        span.clone(),
                        format!("{ident}[] is empty: it says nothing (kept)"),
                    );
                }
                return;
            }
            // Any single value is a text; RE and DT have a format besides.
            let v = values.first().copied().unwrap_or_default();
            let (ok, form) = match ident {
                "RE" if info.game != GameType::Backgammon => (
                    result_ok(v),
                    "0, Draw, Void, ?, or B+ / W+ followed by nothing, a score, R, T or F",
                ),
                "DT" => (
                    date_ok(v),
                    "YYYY-MM-DD, with shortcuts such as 2024-05-01,02",
                ),
                _ => (true, ""),
            };
            if !ok {
                self.push(
                    Code::S039,
                    span.clone(),
                    format!("{ident}[{}] is not in the FF[4] format ({form})", shown(v)),
                );
            }
            return;
        }
        let text_pair = matches!(
            vt.element().unwrap_or(&vt),
            ValueType::Compose(ValueType::SimpleText, ValueType::SimpleText)
        );
        if text_pair && values.iter().all(|v| !v.is_empty()) {
            // FF[4] writes a text pair `name:version` (AP); SGFC drops a
            // value without its `:`, sgfkit reports it and keeps it.
            if values.iter().any(|v| find_unescaped(v, b':').is_none()) {
                let all = values.iter().map(|v| shown(v)).collect::<Vec<_>>();
                self.push(
                    Code::S050,
                    span.clone(),
                    format!(
                        "{ident}[{}]: FF[4] writes two parts joined by `:` ({vt}) (kept)",
                        all.join("][")
                    ),
                );
            }
            return;
        }
        // The common real (BL, WL) in its plain form is valid without
        // building its typed value.
        if info.game == GameType::Go
            && vt == ValueType::Real
            && let [v] = values
            && plain_real(v)
        {
            return;
        }
        if info.game == GameType::Go && surely_valid_go(&vt, values, info.size) {
            return;
        }
        let Some(reason) = invalid_reason(info.game, ident, values, info.size) else {
            return;
        };
        let all = values
            .iter()
            .map(|v| shown(v))
            .collect::<Vec<_>>()
            .join("][");
        // Like SGFC, a text pair (`AP[name:version]`) may be written without
        // its second part; other composed values may not.
        let compose_missing = match vt.element().unwrap_or(&vt) {
            ValueType::Compose(ValueType::SimpleText, ValueType::SimpleText) => {
                values.iter().any(|v| v.is_empty())
            }
            ValueType::Compose(..) => values.iter().any(|v| find_unescaped(v, b':').is_none()),
            _ => false,
        };
        if compose_missing {
            self.push(
                Code::S038,
                span.clone(),
                format!("{ident}[{all}]: each value must be two parts joined by `:` ({vt})"),
            );
        } else if empty_bad {
            self.push(
                Code::S011,
                span.clone(),
                format!("{ident}: an empty value is not a {vt}"),
            );
        } else if info.game != GameType::Go && holds_points(&vt) {
            // SGFC reads the points and moves of other games as text (its
            // 19): this check is sgfkit's own, without an SGFC number.
            self.push(
                Code::S047,
                span.clone(),
                format!("{ident}: {reason} (in {})", info.game),
            );
        } else if reason.contains("outside the board") {
            if info.size_ok {
                self.push(
                    Code::S012,
                    span.clone(),
                    format!(
                        "{ident}[{all}]: point outside the {}x{} board",
                        info.size.columns, info.size.rows
                    ),
                );
            }
        } else if reason.contains("already given") || reason.contains("1×1 rectangle") {
            // Reported with their own codes by the point checks (S013, S014).
        } else if correctable_by_sgfc(ident, &vt, values, info) {
            self.push(
                Code::S045,
                span.clone(),
                format!("{ident}: {reason}; SGFC corrects it while reading (kept)"),
            );
        } else {
            self.push(Code::S009, span.clone(), format!("{ident}: {reason}"));
        }
    }

    /// RE, KM and TM (and DT) judged as SGFC judges them: a value it
    /// corrects is S045 (its 15), one it cannot is S039 (its 33). True when
    /// the value has been looked at here.
    fn game_info_value(
        &mut self,
        ident: &str,
        values: &[&[u8]],
        info: &TreeInfo,
        span: &Range<usize>,
    ) -> bool {
        let Some(v) = values.first().copied().filter(|v| !blank_text(v)) else {
            return false;
        };
        let (verdict, form) = match ident {
            "RE" if info.game != GameType::Backgammon => (
                correctable::result(v),
                "0, Draw, Void, ?, or B+ / W+ followed by nothing, a score, R, T or F",
            ),
            "KM" => (correctable::komi(v), "a real number"),
            "TM" => (correctable::time(v), "a real number of seconds"),
            "DT" if !date_ok(v) => (
                match crate::check::repair::fix_date(&String::from_utf8_lossy(v)) {
                    crate::check::repair::Fix::Fixed(_) => Verdict::Corrected,
                    _ => Verdict::Faulty,
                },
                "YYYY-MM-DD, with shortcuts such as 2024-05-01,02",
            ),
            "DT" => (Verdict::Fine, ""),
            _ => return false,
        };
        let shown = String::from_utf8_lossy(v);
        match verdict {
            Verdict::Fine => {}
            Verdict::Corrected => self.push(
                Code::S045,
                span.clone(),
                format!(
                    "{ident}[{shown}] is not in the FF[4] format ({form}); SGFC corrects it while reading, `sgfkit fix` where the intent is plain (kept)"
                ),
            ),
            Verdict::Faulty => self.push(
                Code::S039,
                span.clone(),
                format!("{ident}[{shown}] is not in the FF[4] format ({form})"),
            ),
        }
        true
    }
}

/// True for the most common values of a Go game, in which
/// [`Checker::value_in`] finds nothing wrong, seen without splitting the
/// values text: `B` or `W` with a single point on the board, setup and
/// markup points on the board, a real in its plain form (`BL[2700.0]`)
/// outside game information, a plain number, and a single text without
/// escapes that is not blank, outside the formatted `RE` and `DT`.
pub(super) fn quiet_single(ident: &str, pi: &PropertyInfo, info: &TreeInfo, raw: &[u8]) -> bool {
    if info.game != GameType::Go {
        return false;
    }
    // One value, `[` body `]`; no `]` nor `\` in the bodies below.
    let [b'[', body @ .., b']'] = raw else {
        return false;
    };
    match pi.value_type {
        ValueType::Move => matches!(ident, "B" | "W") && go_point_on(body, info.size),
        // Setup and markup points (VW has rules of its own).
        ValueType::List(ValueType::Point | ValueType::Stone)
        | ValueType::EList(ValueType::Point | ValueType::Stone) => {
            ident != "VW" && go_points_on(raw, info.size)
        }
        // KM and TM are judged by `game_info_value`.
        ValueType::Real => !matches!(ident, "KM" | "TM") && plain_real(body),
        ValueType::Number => plain_number(body),
        // A text that says something, without escapes (one value); RE
        // and DT have formats, KM and TM are judged as reals.
        ValueType::Text | ValueType::SimpleText => {
            !matches!(ident, "RE" | "DT" | "KM" | "TM")
                && !has_bracket_or_escape(body)
                && !blank_text(body)
        }
        _ => false,
    }
}

/// True for a property `B` or `W` of a Go game whose single value is a
/// point on the board: alone in a node below the root, it gives the node
/// checks nothing to report.
pub(super) fn quiet_move(p: &Property<'_>, info: &TreeInfo) -> bool {
    lone_move(p, info).is_some()
}

/// The colour and point of a property `B` or `W` of a Go game whose single
/// value is a point on the board (see [`quiet_move`]).
pub(super) fn lone_move(p: &Property<'_>, info: &TreeInfo) -> Option<(Color, Point)> {
    lone_move_raw(p.ident().as_bytes(), p.values_raw(), info)
}

/// [`lone_move`] of a property given as its identifier and raw values
/// text (as [`Node::raw_properties`](crate::tree::Node) gives them).
#[inline]
pub(super) fn lone_move_raw(ident: &[u8], raw: &[u8], info: &TreeInfo) -> Option<(Color, Point)> {
    if info.game != GameType::Go {
        return None;
    }
    let colour = match ident {
        b"B" => Color::Black,
        b"W" => Color::White,
        _ => return None,
    };
    let &[b'[', x, y, b']'] = raw else {
        return None;
    };
    let point = Point::new(go_coord(x)?.into(), go_coord(y)?.into());
    point.is_on(info.size).then_some((colour, point))
}

/// True for a node below the root in which the node checks find nothing,
/// seen cheaply: at most four properties, each once, of which `B` or `W`
/// (not both) on the board, `BL` and `WL` as plain reals, and a single
/// comment `C` that is not blank and holds no NUL byte (all of them defined
/// in every FF version).
pub(super) fn quiet_node(props: &[Property<'_>], info: &TreeInfo) -> bool {
    if props.len() > 4 || info.game != GameType::Go {
        return false;
    }
    let mut seen = [false; 4];
    for p in props {
        let slot = match p.ident() {
            "B" | "W" if quiet_move(p, info) => 0,
            "BL" | "WL" => match p.values_raw() {
                [b'[', body @ .., b']'] if plain_real(body) => usize::from(p.ident() == "WL") + 1,
                _ => return false,
            },
            "C" => {
                let mut values = p.values();
                match (values.next(), values.next()) {
                    (Some(v), None) if !blank_text(v) && !has_nul(p.values_raw()) => 3,
                    _ => return false,
                }
            }
            _ => return false,
        };
        if seen[slot] {
            return false;
        }
        seen[slot] = true;
    }
    true
}

/// True when the values text `raw` (`[ab][cd]…`, blanks between values
/// allowed) is one or more values each of two Go letters naming a point on
/// a board of `size`: a point list in which [`Checker::value_in`] finds
/// nothing wrong (a point given twice is S013's, checked elsewhere).
fn go_points_on(raw: &[u8], size: BoardSize) -> bool {
    let mut rest = raw;
    let mut any = false;
    loop {
        match rest {
            [b'[', x, y, b']', tail @ ..] => {
                if !go_point_on(&[*x, *y], size) {
                    return false;
                }
                any = true;
                rest = tail;
            }
            [b, tail @ ..] if b.is_ascii_whitespace() => rest = tail,
            [] => return any,
            _ => return false,
        }
    }
}

/// True when `body` holds a `]` or a backslash.
fn has_bracket_or_escape(body: &[u8]) -> bool {
    // Most values are short: a loop costs less than the call.
    if body.len() <= 16 {
        return body.iter().any(|&b| b == b']' || b == b'\\');
    }
    memchr::memchr2(b']', b'\\', body).is_some()
}

/// True when a values text holds a NUL byte.
pub(super) fn has_nul(raw: &[u8]) -> bool {
    // Most values are short: a loop costs less than the call.
    if raw.len() <= 16 {
        return raw.contains(&0);
    }
    memchr::memchr(0, raw).is_some()
}

/// True when `v` is two Go letters naming a point on a board of `size`.
fn go_point_on(v: &[u8], size: BoardSize) -> bool {
    match *v {
        [x, y] => match (go_coord(x), go_coord(y)) {
            (Some(x), Some(y)) => crate::game::go::Point::new(x.into(), y.into()).is_on(size),
            _ => false,
        },
        _ => false,
    }
}

/// True when a Go value of type `vt` is certainly valid, as the typed
/// reading in [`invalid_reason`] would find, without building it: a plain
/// number, `B` or `W` for a colour, a point or move on the board, and a
/// list of points on the board (a point given twice is reported by S013,
/// not from here).
fn surely_valid_go(vt: &ValueType, values: &[&[u8]], size: BoardSize) -> bool {
    match vt {
        ValueType::Number => matches!(values, [v] if plain_number(v)),
        ValueType::Color => matches!(values, [b"B" | b"W"]),
        ValueType::Point | ValueType::Move => matches!(values, [v] if go_point_on(v, size)),
        ValueType::List(ValueType::Point | ValueType::Stone)
        | ValueType::EList(ValueType::Point | ValueType::Stone) => {
            !values.is_empty() && values.iter().all(|v| go_point_on(v, size))
        }
        _ => false,
    }
}

/// True for `[+-]digits` with at most 18 digits (no overflow).
fn plain_number(v: &[u8]) -> bool {
    let digits = match v {
        [b'+' | b'-', rest @ ..] => rest,
        _ => v,
    };
    (1..=18).contains(&digits.len()) && digits.iter().all(u8::is_ascii_digit)
}

/// A result in FF\[4\] form ([`GameResult::ff4`](record::GameResult)).
pub(super) fn result_ok(v: &[u8]) -> bool {
    std::str::from_utf8(v)
        .ok()
        .and_then(record::GameResult::read)
        .is_some_and(|r| r.ff4)
}

/// A date list in FF\[4\] form, white space around it aside, as
/// [`Date::read_list`](record::Date::read_list) reads it.
pub(super) fn date_ok(v: &[u8]) -> bool {
    std::str::from_utf8(v.trim_ascii()).is_ok_and(|t| record::Date::read_list(t).is_ok())
}

/// Text properties whose empty value SGFC reports as saying nothing
/// (its message 17 as a warning): comments, names and game-info texts.
fn empty_text_warned(ident: &str) -> bool {
    matches!(
        ident,
        "N" | "C"
            | "GN"
            | "GC"
            | "PB"
            | "PW"
            | "BR"
            | "WR"
            | "PC"
            | "DT"
            | "RE"
            | "EV"
            | "RO"
            | "SO"
            | "US"
            | "BT"
            | "WT"
            | "RU"
            | "AN"
            | "OT"
            | "ON"
            | "CP"
            | "ID"
    )
}

/// The integer at the start of `v` (after blanks, with a sign), 0 when
/// there is none, as C's `atoi` reads it.
pub(super) fn leading_number(v: &[u8]) -> i64 {
    let v = v.trim_ascii_start();
    let (neg, digits) = match v.first() {
        Some(b'-') => (true, &v[1..]),
        Some(b'+') => (false, &v[1..]),
        _ => (false, v),
    };
    let n = digits
        .iter()
        .take_while(|c| c.is_ascii_digit())
        .fold(0i64, |n, &d| {
            n.saturating_mul(10).saturating_add(i64::from(d - b'0'))
        });
    if neg { -n } else { n }
}

/// True for a text that holds nothing but blanks and soft line breaks
/// (`C[\\\n]`): SGFC reads it as empty.
fn blank_text(v: &[u8]) -> bool {
    let mut bytes = v.iter().peekable();
    while let Some(&c) = bytes.next() {
        match c {
            b'\\' if bytes.peek().is_some_and(|n| matches!(n, b'\n' | b'\r')) => {
                bytes.next();
            }
            c if c.is_ascii_whitespace() => {}
            _ => return false,
        }
    }
    true
}

/// True when `p`'s type is composed (`a:b`, not optionally) and no value
/// has its unescaped `:`.
pub(super) fn compose_missing_everywhere(p: &Property<'_>, pi: &PropertyInfo) -> bool {
    matches!(
        pi.value_type.element().unwrap_or(&pi.value_type),
        ValueType::Compose(..)
    ) && p.values().all(|v| find_unescaped(v, b':').is_none())
}

/// True for `list of point`, `elist of point` and `list of stone`.
pub(super) fn is_point_list(vt: &ValueType) -> bool {
    matches!(vt.element(), Some(ValueType::Point | ValueType::Stone))
}

/// True when SGFC would correct the single faulty value of `ident` (its
/// 15) rather than delete it (its 14): numbers, reals and Go points with
/// stray characters.
fn correctable_by_sgfc(ident: &str, vt: &ValueType, values: &[&[u8]], info: &TreeInfo) -> bool {
    let [v] = values else {
        return false;
    };
    let verdict = match vt {
        ValueType::Number => correctable::number(v),
        ValueType::Real => correctable::real_number(v),
        ValueType::Move | ValueType::Point if info.game == GameType::Go && ident != "VW" => {
            let (c, r) = (info.size.columns, info.size.rows);
            correctable::go_point(v, c.min(52) as u8, r.min(52) as u8)
        }
        _ => Verdict::Faulty,
    };
    verdict == Verdict::Corrected
}

/// True for a type whose values are points, moves or stones (alone, in a
/// list or composed).
fn holds_points(vt: &ValueType) -> bool {
    match vt {
        ValueType::Point | ValueType::Move | ValueType::Stone => true,
        ValueType::List(e) | ValueType::EList(e) => holds_points(e),
        ValueType::Compose(a, b) | ValueType::Either(a, b) => holds_points(a) || holds_points(b),
        _ => false,
    }
}

/// True for a real in its plain form, `[+-]digits[.digits]`: a part of what
/// the Real grammar accepts.
pub(super) fn plain_real(v: &[u8]) -> bool {
    let digits = |s: &[u8]| !s.is_empty() && s.iter().all(u8::is_ascii_digit);
    let v = match v {
        [b'+' | b'-', rest @ ..] => rest,
        _ => v,
    };
    match v.iter().position(|&b| b == b'.') {
        Some(k) => digits(&v[..k]) && digits(&v[k + 1..]),
        None => digits(v),
    }
}

/// Why `values` do not fit property `ident` in `game`, if they do not.
fn invalid_reason(
    game: GameType,
    ident: &str,
    values: &[&[u8]],
    size: BoardSize,
) -> Option<String> {
    fn reason<G: Game>(ident: &str, values: &[&[u8]], size: BoardSize) -> Option<String> {
        match Prop::<G>::parse(ident, values, size) {
            Prop::Invalid { reason, .. } => Some(reason),
            _ => None,
        }
    }
    // The common case first: a Go move on the board (what the typed
    // reading below would accept, without building its value).
    if game == GameType::Go
        && matches!(ident, "B" | "W")
        && let [v] = values
        && let [x, y] = **v
        && let (Some(x), Some(y)) = (go_coord(x), go_coord(y))
        && crate::game::go::Point::new(x.into(), y.into()).is_on(size)
    {
        return None;
    }
    use crate::game::{amazons, backgammon, gess, hex, lines_of_action, octi, raw};
    match game {
        GameType::Go => reason::<Go>(ident, values, size),
        GameType::Backgammon => reason::<backgammon::Backgammon>(ident, values, size),
        GameType::LinesOfAction => reason::<lines_of_action::LinesOfAction>(ident, values, size),
        GameType::Hex => reason::<hex::Hex>(ident, values, size),
        GameType::Amazons => reason::<amazons::Amazons>(ident, values, size),
        GameType::Octi => reason::<octi::Octi>(ident, values, size),
        GameType::Gess => reason::<gess::Gess>(ident, values, size),
        _ => reason::<raw::Raw<0>>(ident, values, size),
    }
}
