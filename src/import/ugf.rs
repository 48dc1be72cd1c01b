//! Pandanet UGF and UGI: INI-like sections. `[Header]` holds `Key=value`
//! lines; `[Data]` one move a line, `QP,B1,1,0` (the point as two letters
//! from `A`, the colour, the move number — 0 for a handicap stone —, the
//! time); a UGI review adds `[ReviewNode]` (the tree: `NODE,id,colour,x,y`
//! with `x`, `y` from 1, variations as indented `VARIATION,` …
//! `VARIATIONEND,` blocks) and `[ReviewComment]` (`.Comment,id` then the
//! comment's lines). With `CoordinateType=IGS` rows count from the bottom,
//! as on IGS; a point off the board is a pass.

use super::{ImportWarningKind as Kind, Reader, sgf_point};
use crate::encoding::{Charset, encoding_rs};
use std::collections::HashMap;

/// The charset `Lang=` declares: `SJIS`/`JPN` Shift_JIS, `KOR` EUC-KR,
/// `CHN`/`GB` GB18030, `UTF8` UTF-8.
pub(super) fn declared_charset(bytes: &[u8]) -> Option<Charset> {
    let key = b"Lang=";
    let at = memchr::memmem::find(bytes, key)? + key.len();
    let value = &bytes[at..];
    let end = value
        .iter()
        .position(|&b| b == b'\r' || b == b'\n')
        .unwrap_or(value.len());
    let lang = std::str::from_utf8(&value[..end])
        .ok()?
        .trim()
        .to_ascii_uppercase();
    let encoding = if lang.contains("SJIS") || lang.contains("JP") {
        encoding_rs::SHIFT_JIS
    } else if lang.contains("KOR") || lang.contains("EUC") {
        encoding_rs::EUC_KR
    } else if lang.contains("CHN") || lang.contains("GB") {
        encoding_rs::GB18030
    } else if lang.contains("UTF") {
        encoding_rs::UTF_8
    } else {
        return None;
    };
    Some(Charset::from(encoding))
}

/// Rules as `RU` names them: `JPN` Japanese, `CHN` Chinese, `KOR` Korean.
fn rules(text: &str) -> &str {
    match text.trim().to_ascii_uppercase().as_str() {
        "JPN" => "Japanese",
        "CHN" => "Chinese",
        "KOR" => "Korean",
        _ => text.trim(),
    }
}

/// `Winner=B,7.50`: the winner and the margin or how the game ended (`C`
/// or `R` resignation, `T` time, `F` forfeit); `D` (or `0`) a draw.
fn winner(text: &str) -> Option<String> {
    let (who, how) = text.split_once(',').unwrap_or((text, ""));
    let who = match who.trim().to_ascii_uppercase().as_str() {
        "B" => 'B',
        "W" => 'W',
        "D" | "0" | "J" => return Some("0".into()),
        _ => return None,
    };
    let how = how.trim();
    let margin = match how.to_ascii_uppercase().as_str() {
        "C" | "R" => "R".to_string(),
        "T" => "T".to_string(),
        "F" => "F".to_string(),
        "" => String::new(),
        _ => format!("{}", how.parse::<f64>().ok()?),
    };
    Some(format!("{who}+{margin}"))
}

struct Board {
    size: u16,
    igs: bool,
}

impl Board {
    /// A `[Data]` point: two letters from `A`; `None` (a pass) off the board.
    fn letters(&self, p: &str) -> Option<(u16, u16)> {
        let b = p.as_bytes();
        let col = u16::from(b.first()?.to_ascii_uppercase().checked_sub(b'A')?);
        let row = u16::from(b.get(1)?.to_ascii_uppercase().checked_sub(b'A')?);
        self.cell(col, row)
    }

    /// A `[ReviewNode]` point: column and row from 1; `None` off the board.
    fn numbers(&self, x: u16, y: u16) -> Option<(u16, u16)> {
        self.cell(x.checked_sub(1)?, y.checked_sub(1)?)
    }

    fn cell(&self, col: u16, row: u16) -> Option<(u16, u16)> {
        if col >= self.size || row >= self.size {
            return None;
        }
        Some((col, if self.igs { self.size - 1 - row } else { row }))
    }
}

pub(super) fn read(r: &mut Reader<'_>) {
    let lines = r.lines();
    let mut section = "";
    let mut header: Vec<(&str, &str)> = Vec::new();
    let mut data = Vec::new();
    let mut review = Vec::new();
    let mut comments: Vec<(u32, String)> = Vec::new();
    for &(n, line) in &lines {
        let t = line.trim();
        if t.starts_with('[') && t.ends_with(']') {
            section = &t[1..t.len() - 1];
            if !matches!(
                section,
                "Header" | "Data" | "ReviewNode" | "ReviewComment" | "Figure"
            ) {
                r.warn(
                    Kind::Unknown,
                    n,
                    None,
                    format!("section [{section}] is not read"),
                );
            }
            continue;
        }
        if t.is_empty() {
            continue;
        }
        match section {
            "Header" => match t.split_once('=') {
                Some((k, v)) => header.push((k.trim(), v.trim())),
                None => r.warn(
                    Kind::BadLine,
                    n,
                    None,
                    format!("`{t}`: no `Key=value`; skipped"),
                ),
            },
            "Data" => data.push((n, line)),
            "ReviewNode" => review.push((n, line)),
            "ReviewComment" => {
                if let Some(id) = t.strip_prefix(".Comment,") {
                    match id.trim().parse::<u32>() {
                        Ok(id) => comments.push((id, String::new())),
                        Err(_) => r.warn(Kind::BadLine, n, None, format!("`{t}`: no node number")),
                    }
                } else if let Some((_, text)) = comments.last_mut() {
                    if !text.is_empty() {
                        text.push('\n');
                    }
                    text.push_str(t);
                }
            }
            _ => {}
        }
    }
    let get = |k: &str| header.iter().find(|h| h.0 == k).map(|h| h.1);
    let size: u16 = get("Size")
        .and_then(|s| s.parse().ok())
        .filter(|s| (2..=52).contains(s))
        .unwrap_or(19);
    let board = Board {
        size,
        igs: get("CoordinateType").is_some_and(|c| c.eq_ignore_ascii_case("IGS")),
    };
    let mut used = vec!["Size", "CoordinateType", "Lang"];
    let tree = &mut r.tree;
    tree.root("GM", "1");
    tree.root("FF", "4");
    tree.root("CA", "UTF-8");
    tree.root("AP", &super::application("Pandanet UGF"));
    tree.root("SZ", &size.to_string());
    for (key, name, rank) in [("PlayerB", "PB", "BR"), ("PlayerW", "PW", "WR")] {
        if let Some(v) = get(key) {
            let mut parts = v.split(',');
            tree.root(name, parts.next().unwrap_or(""));
            tree.root(rank, parts.next().unwrap_or(""));
            used.push(key);
        }
    }
    if let Some(h) = get("Hdcp") {
        let (ha, km) = h.split_once(',').unwrap_or((h, ""));
        if let Ok(ha) = ha.trim().parse::<u16>()
            && ha >= 2
        {
            tree.root("HA", &ha.to_string());
        }
        if let Ok(km) = km.trim().parse::<f64>() {
            tree.root("KM", &format!("{km:.2}"));
        }
        used.push("Hdcp");
    }
    if let Some(w) = get("Winner")
        && let Some(re) = winner(w)
    {
        tree.root("RE", &re);
        used.push("Winner");
    }
    if let Some(d) = get("Date") {
        let day = d.split(',').next().unwrap_or("").replace('/', "-");
        tree.root("DT", &day);
        used.push("Date");
    }
    for (key, prop) in [
        ("Place", "PC"),
        ("Copyright", "CP"),
        ("Title", "GN"),
        ("Comment", "GC"),
    ] {
        if let Some(v) = get(key) {
            tree.root(prop, v.trim_end_matches(','));
            used.push(key);
        }
    }
    if let Some(rule) = get("Rule") {
        tree.root("RU", rules(rule));
        used.push("Rule");
    }
    for &(k, v) in &header {
        if !used.contains(&k) && !v.is_empty() {
            tree.push(0, "XG", format!("{k}={v}"));
        }
    }

    // Handicap stones (move number 0) and, without a review tree, the moves.
    let mut node = 0;
    for &(n, line) in &data {
        let f: Vec<&str> = line.trim().split(',').map(str::trim).collect();
        let colour = f
            .get(1)
            .and_then(|c| c.chars().next())
            .map(|c| c.to_ascii_uppercase());
        let number = f.get(2).and_then(|m| m.parse::<u32>().ok());
        let (Some(p), Some(c @ ('B' | 'W')), Some(number)) = (f.first(), colour, number) else {
            r.warn(
                Kind::BadLine,
                n,
                None,
                format!(
                    "`{}`: a data line is `POINT,COLOUR,NUMBER,TIME`; skipped",
                    line.trim()
                ),
            );
            continue;
        };
        let point = board.letters(p);
        if number == 0 {
            if let Some((x, y)) = point {
                r.tree
                    .push(0, if c == 'B' { "AB" } else { "AW" }, sgf_point(x, y));
            }
        } else if review.is_empty() {
            let value = point.map_or_else(String::new, |(x, y)| sgf_point(x, y));
            node = r.tree.child(node, if c == 'B' { "B" } else { "W" }, value);
        }
    }
    let ids = review_tree(r, &review, &board);
    for (id, text) in comments {
        match ids.get(&id) {
            Some(&at) => {
                let mut all = text;
                if r.tree.has(at, "C") {
                    // Two comments for one node: both kept.
                    all = format!("\n{all}");
                }
                r.tree.push(at, "C", all);
            }
            None if id == 1 || ids.is_empty() => r.tree.push(0, "C", text),
            None => r.warnings.push(super::ImportWarning {
                kind: Kind::BadValue,
                line: 0,
                column: 0,
                message: format!(
                    "a comment for node {id}, which the review has not; kept on the root"
                ),
            }),
        }
    }
}

/// Builds the tree of a UGI review from its `[ReviewNode]` lines; the
/// tree's node for each review node number.
fn review_tree(r: &mut Reader<'_>, lines: &[(u32, &str)], board: &Board) -> HashMap<u32, usize> {
    // Frames: the indentation of a VARIATION line and the node its next
    // node follows.
    let mut frames: Vec<(usize, usize)> = vec![(0, 0)];
    let mut ids: HashMap<u32, usize> = HashMap::new();
    let mut first = true;
    for &(n, line) in lines {
        let indent = line.len() - line.trim_start().len();
        let t = line.trim();
        // Frames opened at this indentation or deeper are closed.
        let close = |frames: &mut Vec<(usize, usize)>| {
            while frames.len() > 1 && frames.last().is_some_and(|f| f.0 >= indent) {
                frames.pop();
            }
        };
        if t.starts_with("VARIATIONEND") {
            close(&mut frames);
            continue;
        }
        if t.starts_with("VARIATION") {
            close(&mut frames);
            // A variation is another move after the enclosing line's last
            // node: a sibling of the node that follows it there.
            let from = frames.last().map_or(0, |f| f.1);
            frames.push((indent, from));
            continue;
        }
        let f: Vec<&str> = t.split(',').map(str::trim).collect();
        let nums: Option<Vec<u32>> = f
            .get(1..5)
            .and_then(|v| v.iter().map(|x| x.parse().ok()).collect());
        let (Some("NODE"), Some(v)) = (f.first().copied(), nums) else {
            r.warn(
                Kind::BadLine,
                n,
                None,
                format!("`{t}`: a review line is `NODE,ID,COLOUR,X,Y`; skipped"),
            );
            continue;
        };
        let (id, colour, x, y) = (v[0], v[1], v[2], v[3]);
        while frames.len() > 1 && frames.last().is_some_and(|fr| fr.0 >= indent) {
            frames.pop();
        }
        let tail = frames.last().map_or(0, |fr| fr.1);
        if first && colour == 0 {
            // The review's first node is the game's root.
            ids.insert(id, 0);
            first = false;
            continue;
        }
        first = false;
        let at = match ids.get(&id) {
            // A node listed again (a variation that goes on from one
            // listed before): the same node.
            Some(&at) => at,
            None => {
                let ident = match colour {
                    1 => "B",
                    2 => "W",
                    _ => "",
                };
                let at = if ident.is_empty() {
                    r.tree.empty_child(tail)
                } else {
                    let p = u16::try_from(x)
                        .ok()
                        .zip(u16::try_from(y).ok())
                        .and_then(|(x, y)| board.numbers(x, y));
                    let value = p.map_or_else(String::new, |(x, y)| sgf_point(x, y));
                    r.tree.child(tail, ident, value)
                };
                if frames.len() == 1 {
                    // The game's own line comes first, before the review's
                    // variations listed ahead of it.
                    r.tree.make_first(tail, at);
                }
                ids.insert(id, at);
                at
            }
        };
        if let Some(fr) = frames.last_mut() {
            fr.1 = at;
        }
    }
    ids
}
