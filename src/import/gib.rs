//! Tygem GIB: a header of `\[KEY=value\]` lines between `\HS` and `\HE`,
//! then the game between `\GS` and `\GE`: `INI` (the handicap), `STO`
//! (a stone: move number, colour 1 black or 2 white, column and row from
//! the upper left, 0-based) and `SKI` (a pass).

use super::{ImportWarningKind as Kind, Reader, sgf_point, tygem_handicap};
use crate::encoding::{Charset, encoding_rs};

/// The board: GIB records have no size field; Tygem plays on 19×19.
const SIZE: u16 = 19;

/// The charset `GIBOKIND` declares: Korea EUC-KR, China GB18030 (GB2312
/// and GBK are subsets), Japan Shift_JIS, Global UTF-8.
pub(super) fn declared_charset(bytes: &[u8]) -> Option<Charset> {
    let key = b"GIBOKIND=";
    let at = memchr::memmem::find(bytes, key)? + key.len();
    let value = &bytes[at..];
    let end = value.iter().position(|&b| b == b'\\' || b == b'\n')?;
    let kind = std::str::from_utf8(&value[..end])
        .ok()?
        .trim()
        .to_ascii_lowercase();
    let encoding = match kind.as_str() {
        "korea" => encoding_rs::EUC_KR,
        "china" => encoding_rs::GB18030,
        "japan" => encoding_rs::SHIFT_JIS,
        "global" => encoding_rs::UTF_8,
        _ => return None,
    };
    Some(Charset::from(encoding))
}

/// `\[KEY=value\]` as (key, value).
fn header_line(line: &str) -> Option<(&str, &str)> {
    let inner = line.trim().strip_prefix("\\[")?.strip_suffix("\\]")?;
    inner.split_once('=')
}

/// The `KEY:value` fields of a compound header value (`GAMEINFOMAIN`,
/// `GAMEINFOSUB`, `GAMETAG` with one-letter keys).
fn field<'v>(value: &'v str, key: &str) -> Option<&'v str> {
    value.split(',').find_map(|part| {
        let (k, v) = part.trim().split_once(':')?;
        (k.trim() == key).then_some(v.trim())
    })
}

/// `name (rank)` or `name(rank)` as name and rank.
fn name_rank(text: &str) -> (&str, Option<&str>) {
    let text = text.trim();
    if let Some(inner) = text.strip_suffix(')')
        && let Some(open) = inner.rfind('(')
    {
        let (name, rank) = (inner[..open].trim(), inner[open + 1..].trim());
        if !name.is_empty() && !rank.is_empty() {
            return (name, Some(rank));
        }
    }
    (text, None)
}

/// A date `2016- 3-26-17-29-25` (GDATE, GAMEDATE) or `2016:03:26:17:29`
/// (GAMETAG's `C`) as `2016-03-26`.
fn date(text: &str) -> Option<String> {
    let mut parts = text.split(['-', ':']).map(str::trim);
    let y: u16 = parts.next()?.parse().ok()?;
    let m: u8 = parts.next()?.parse().ok()?;
    let d: u8 = parts.next()?.parse().ok()?;
    ((1..=12).contains(&m) && (1..=31).contains(&d) && y > 1900)
        .then(|| format!("{y:04}-{m:02}-{d:02}"))
}

/// The result from `GRLT` (the kind) and `ZIPSU` (the margin ×10):
/// 0 black wins by the margin, 1 white, 2 a draw, 3/4 black/white by
/// resignation, 5/6 black/white by forfeit, 7/8 black/white on time; 255
/// (an unfinished game) none.
fn result(grlt: &str, zipsu: Option<&str>) -> Result<Option<String>, ()> {
    let margin = || {
        zipsu
            .and_then(|z| z.parse::<u32>().ok())
            .filter(|&z| z > 0)
            .map(|z| format!("{}", f64::from(z) / 10.0))
            .unwrap_or_default()
    };
    Ok(Some(match grlt.trim() {
        "0" => format!("B+{}", margin()),
        "1" => format!("W+{}", margin()),
        "2" => "0".into(),
        "3" => "B+R".into(),
        "4" => "W+R".into(),
        "5" => "B+F".into(),
        "6" => "W+F".into(),
        "7" => "B+T".into(),
        "8" => "W+T".into(),
        "255" => return Ok(None),
        _ => return Err(()),
    }))
}

/// `GTIME:1200-30-3`: main time in seconds, then byo-yomi period seconds
/// and the number of periods.
fn time(gtime: &str) -> Option<(u32, Option<String>)> {
    let mut parts = gtime.split('-').map(|p| p.trim().parse::<u32>());
    let main = parts.next()?.ok()?;
    let period = parts.next().and_then(Result::ok);
    let periods = parts.next().and_then(Result::ok);
    let ot = match (period, periods) {
        (Some(s), Some(n)) if s > 0 && n > 0 => Some(format!("{n}x{s} byo-yomi")),
        _ => None,
    };
    Some((main, ot))
}

/// A move line: its colour when the line gives it (black: `true`), and its
/// point (none: a pass).
struct Move {
    black: Option<bool>,
    at: Option<(u16, u16)>,
}

pub(super) fn read(r: &mut Reader<'_>) {
    let mut header: Vec<(u32, &str, &str, &str)> = Vec::new();
    let mut used = Vec::new();
    let mut handicap = 0u16;
    let mut moves: Vec<Move> = Vec::new();
    for (n, line) in r.lines() {
        let t = line.trim();
        if let Some((key, value)) = header_line(t) {
            header.push((n, line, key.trim(), value));
            continue;
        }
        let word = t.split_whitespace().next().unwrap_or("");
        match word {
            "INI" => {
                let count = t.split_whitespace().nth(3);
                match count.and_then(|c| c.parse::<u16>().ok()) {
                    Some(c) => handicap = c,
                    None => r.warn(
                        Kind::BadLine,
                        n,
                        count.map(|c| (line, c)),
                        format!("`{t}`: no handicap count in the INI line; read as none"),
                    ),
                }
            }
            "STO" => {
                let f: Vec<&str> = t.split_whitespace().collect();
                let colour = f.get(3).and_then(|c| match *c {
                    "1" => Some(true),
                    "2" => Some(false),
                    _ => None,
                });
                let xy = f
                    .get(4)
                    .zip(f.get(5))
                    .and_then(|(x, y)| Some((x.parse::<u16>().ok()?, y.parse::<u16>().ok()?)))
                    .filter(|&(x, y)| x < SIZE && y < SIZE);
                match (colour, xy) {
                    (Some(c), Some(p)) => moves.push(Move {
                        black: Some(c),
                        at: Some(p),
                    }),
                    _ => r.warn(
                        Kind::BadLine,
                        n,
                        None,
                        format!(
                            "`{t}`: a stone line needs `STO 0 NUMBER COLOUR(1|2) X Y` on the 19×19 board; skipped"
                        ),
                    ),
                }
            }
            "SKI" => {
                let colour = t.split_whitespace().nth(3).and_then(|c| match c {
                    "1" => Some(true),
                    "2" => Some(false),
                    _ => None,
                });
                moves.push(Move {
                    black: colour,
                    at: None,
                });
            }
            "WIT" => r.warn(
                Kind::Unknown,
                n,
                None,
                format!(
                    "`{t}`: an undo line (WIT); its form is not known, so no move was taken back"
                ),
            ),
            "" | "\\HS" | "\\HE" | "\\GS" | "\\GE" => {}
            // The lines before INI: counts and flags of the game section.
            _ if t
                .split_whitespace()
                .all(|w| w.chars().all(|c| c.is_ascii_digit() || c == '&')) => {}
            _ => r.warn(
                Kind::Unknown,
                n,
                None,
                format!("`{t}`: a line of no known kind; skipped"),
            ),
        }
    }

    let get = |key: &str| header.iter().find(|h| h.2 == key).map(|h| h.3);
    let main = get("GAMEINFOMAIN").unwrap_or("");
    let sub = get("GAMEINFOSUB").unwrap_or("");
    let tag = get("GAMETAG").unwrap_or("");
    let tree = &mut r.tree;
    tree.root("GM", "1");
    tree.root("FF", "4");
    tree.root("CA", "UTF-8");
    tree.root("AP", &super::application("Tygem GIB"));
    tree.root("SZ", "19");
    for (key, prop, rank) in [("GAMEBLACKNAME", "PB", "BR"), ("GAMEWHITENAME", "PW", "WR")] {
        if let Some(v) = get(key) {
            let (name, r) = name_rank(v);
            tree.root(prop, name);
            tree.root(rank, r.unwrap_or(""));
            used.push(key);
        }
    }
    let komi = field(main, "GONGJE")
        .or_else(|| get("GAMEGONGJE"))
        .or_else(|| {
            field(tag, "G").or_else(|| tag.split(',').find_map(|p| p.trim().strip_prefix('G')))
        });
    if let Some(k) = komi.and_then(|k| k.trim().parse::<i32>().ok()) {
        tree.root("KM", &format!("{}", f64::from(k) / 10.0));
        used.push("GAMEGONGJE");
    }
    if handicap >= 2 {
        tree.root("HA", &handicap.to_string());
        for (x, y) in tygem_handicap(SIZE, handicap) {
            tree.push(0, "AB", sgf_point(x, y));
        }
    }
    if let Some(d) = [field(sub, "GDATE"), get("GAMEDATE"), field(tag, "C")]
        .into_iter()
        .flatten()
        .find_map(date)
    {
        tree.root("DT", &d);
        used.push("GAMEDATE");
    }
    if let Some(grlt) = field(main, "GRLT") {
        match result(grlt, field(main, "ZIPSU")) {
            Ok(Some(re)) => {
                tree.root("RE", &re);
                used.push("GAMERESULT");
            }
            Ok(None) => {}
            Err(()) => {
                let (n, line, ..) = header
                    .iter()
                    .find(|h| h.2 == "GAMEINFOMAIN")
                    .copied()
                    .unwrap_or_default();
                let at = line.find("GRLT").map(|i| (line, &line[i..]));
                r.warn(
                    Kind::BadValue,
                    n,
                    at,
                    format!(
                        "GRLT:{grlt} is no result code GIB is known to use (0–8); no RE written"
                    ),
                );
            }
        }
    }
    let tree = &mut r.tree;
    if let Some((main_s, ot)) = field(main, "GTIME").and_then(time) {
        tree.root("TM", &main_s.to_string());
        tree.root("OT", ot.as_deref().unwrap_or(""));
        used.push("GAMETIME");
    }
    if let Some(place) = get("GAMEPLACE").or_else(|| field(sub, "GPLC")) {
        tree.root("PC", place);
        used.push("GAMEPLACE");
    }
    if let Some(name) = get("GAMENAME").or_else(|| field(sub, "GNAME")) {
        tree.root("GN", name);
        used.push("GAMENAME");
    }
    if let Some(c) = get("GAMECOMMENT") {
        tree.root("GC", c);
        used.push("GAMECOMMENT");
    }
    // Every other field, kept as written.
    for &(_, _, key, value) in &header {
        if !used.contains(&key) && !value.trim().is_empty() {
            tree.push(0, "XG", format!("{key}={}", value.trim()));
        }
    }
    // The moves; a pass without its colour is the other player's turn.
    let mut black_next = handicap < 2;
    let mut node = 0;
    for Move {
        black: colour,
        at: point,
    } in moves
    {
        let black = colour.unwrap_or(black_next);
        let value = point.map_or_else(String::new, |(x, y)| sgf_point(x, y));
        node = tree.child(node, if black { "B" } else { "W" }, value);
        black_next = !black;
    }
}
