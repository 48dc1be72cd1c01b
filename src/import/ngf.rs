//! WBaduk (Cyberoro) NGF: a fixed list of header lines, then one `PM` line
//! a move: `PM`, the move number in two letters, the colour `B` or `W`,
//! the column and row as letters from `B` (`B` is the first line; `A` or a
//! letter past the board is a pass), then the same point mirrored.
//!
//! The header, by line: 1 the game's kind, 2 the board size, 3 white's
//! `name rank`, 4 black's, 5 the site, 6 the handicap, 7 (unknown), 8 the
//! komi (a whole number: half a point is added in an even game), 9 the
//! date, 10 (unknown), 11 the result in words, 12 the number of moves.
//! Older records write the header as `GI` lines in another order; their
//! fields are kept as written.

use super::{ImportWarningKind as Kind, Reader, sgf_point, tygem_handicap};
use crate::record::GameResult;

/// `9DP` → `9p`, `7D*` → `7d*`, `15K` → `15k`: the rank as SGF writers
/// spell it; `None` for text that is no rank.
fn rank(text: &str) -> Option<String> {
    let t = text.trim();
    let digits = t.chars().take_while(char::is_ascii_digit).count();
    if digits == 0 {
        return None;
    }
    let (n, rest) = t.split_at(digits);
    let (unit, star) = match rest.strip_suffix('*') {
        Some(u) => (u, "*"),
        None => (rest, ""),
    };
    let unit = match unit.to_ascii_uppercase().as_str() {
        "DP" | "P" => "p",
        "D" => "d",
        "K" => "k",
        _ => return None,
    };
    Some(format!("{n}{unit}{star}"))
}

/// `name     rank` (padded) as name and rank; the whole text as the name
/// when its last word is no rank.
fn player(text: &str) -> (String, Option<String>) {
    let t = text.trim();
    if let Some((name, last)) = t.rsplit_once(char::is_whitespace)
        && let Some(r) = rank(last)
    {
        return (name.trim().to_string(), Some(r));
    }
    (t.to_string(), None)
}

/// `20170316 [09:37]`, `2009-03-25` or `2006-9-5` as `YYYY-MM-DD`.
fn date(text: &str) -> Option<String> {
    let t = text.trim();
    let head = t.split_whitespace().next()?;
    let (y, m, d) = if head.len() == 8 && head.bytes().all(|b| b.is_ascii_digit()) {
        (
            head[..4].parse().ok()?,
            head[4..6].parse().ok()?,
            head[6..].parse().ok()?,
        )
    } else {
        let mut p = head.split(['-', '/', '.']);
        (
            p.next()?.parse::<u16>().ok()?,
            p.next()?.parse::<u8>().ok()?,
            p.next()?.parse::<u8>().ok()?,
        )
    };
    ((1..=12).contains(&m) && (1..=31).contains(&d)).then(|| format!("{y:04}-{m:02}-{d:02}"))
}

/// The result in words (`Black wins by 0.5!`, `White loses on time`,
/// `250수 흑7집승`, `백불계승`) in FF\[4\]'s form, read as every result is
/// ([`GameResult::read`]). `None` when the text names no winner.
fn result(text: &str) -> Option<String> {
    GameResult::read(text)
        .filter(|r| r.winner.is_some())
        .and_then(|r| r.ff4_text())
}

/// A point letter: `B` is 0; `None` for `A` or a letter past the board.
fn coordinate(c: u8, size: u16) -> Option<u16> {
    let v = u16::from(c.checked_sub(b'B')?);
    (c.is_ascii_uppercase() && v < size).then_some(v)
}

pub(super) fn read(r: &mut Reader<'_>) {
    let lines = r.lines();
    let header: Vec<(u32, &str)> = lines
        .iter()
        .take_while(|(_, l)| !l.trim_start().starts_with("PM"))
        .copied()
        .collect();
    let old_form = header.first().is_some_and(|(_, l)| l.starts_with("GI"));
    let field = |i: usize| header.get(i).map_or("", |(_, l)| l.trim());
    let size: u16 = if old_form {
        0
    } else {
        field(1).parse().unwrap_or(0)
    };
    let size = if (2..=52).contains(&size) { size } else { 19 };
    if !old_form && !field(1).is_empty() && field(1).parse::<u16>().ok() != Some(size) {
        let (n, _) = header[1];
        r.warn(
            Kind::BadValue,
            n,
            None,
            format!(
                "board size `{}` is not a size from 2 to 52; 19 read",
                field(1)
            ),
        );
    }
    let tree = &mut r.tree;
    tree.root("GM", "1");
    tree.root("FF", "4");
    tree.root("CA", "UTF-8");
    tree.root("AP", &super::application("WBaduk NGF"));
    tree.root("SZ", &size.to_string());
    if old_form {
        for (_, l) in &header {
            let v = l.trim().strip_prefix("GI").unwrap_or(l).trim();
            if !v.is_empty() {
                tree.push(0, "XG", format!("GI={v}"));
            }
        }
    } else {
        tree.root("GN", field(0));
        let (white, wr) = player(field(2));
        let (black, br) = player(field(3));
        tree.root("PW", &white);
        tree.root("WR", wr.as_deref().unwrap_or(""));
        tree.root("PB", &black);
        tree.root("BR", br.as_deref().unwrap_or(""));
        tree.root("PC", field(4));
        let handicap: u16 = field(5).parse().unwrap_or(0);
        if handicap >= 2 {
            tree.root("HA", &handicap.to_string());
            for (x, y) in tygem_handicap(size, handicap) {
                tree.push(0, "AB", sgf_point(x, y));
            }
        }
        if let Ok(k) = field(7).parse::<f64>() {
            let k = if handicap == 0 && k.fract() == 0.0 {
                k + 0.5
            } else {
                k
            };
            if k != 0.0 {
                tree.root("KM", &format!("{k}"));
            }
        }
        if let Some(d) = date(field(8)) {
            tree.root("DT", &d);
        }
        for i in [6, 9] {
            if !field(i).is_empty() {
                tree.push(0, "XG", format!("LINE{}={}", i + 1, field(i)));
            }
        }
    }
    let result_text = if old_form { "" } else { field(10) };
    let re = result(result_text);
    if let Some(re) = &re {
        tree.root("RE", re);
    } else if !result_text.is_empty() {
        tree.push(0, "XG", format!("RESULT={result_text}"));
    }
    let mut node = 0;
    for &(n, line) in &lines[header.len()..] {
        let t = line.trim();
        if t.is_empty() {
            continue;
        }
        let b = t.as_bytes();
        let colour = b.get(4).copied();
        if !t.starts_with("PM") {
            // Older records end with more `GI` lines and the result in
            // words (`IDB[211] 黑中盘胜(…)[EndTxt]`): kept, the result read.
            let found = result(t);
            if let (Some(re), false) = (&found, r.tree.has(0, "RE")) {
                r.tree.root("RE", re);
            }
            if found.is_some() || t.starts_with("GI") {
                let v = t.strip_prefix("GI").unwrap_or(t);
                r.tree.push(0, "XG", format!("GI={v}"));
            } else {
                r.warn(
                    Kind::Unknown,
                    n,
                    None,
                    format!("`{t}`: a line of no known kind after the moves; not read"),
                );
            }
            continue;
        }
        if b.len() < 7 || !matches!(colour, Some(b'B' | b'W')) {
            r.warn(
                Kind::BadLine,
                n,
                None,
                format!(
                    "`{t}`: a move line is `PM`, two letters, `B` or `W`, then the point; skipped"
                ),
            );
            continue;
        }
        let point = coordinate(b[5], size).zip(coordinate(b[6], size));
        let value = point.map_or_else(String::new, |(x, y)| sgf_point(x, y));
        let ident = if colour == Some(b'B') { "B" } else { "W" };
        node = r.tree.child(node, ident, value);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_in_words() {
        assert_eq!(result("Black wins by 0.5!").as_deref(), Some("B+0.5"));
        assert_eq!(result("White wins by  resign!").as_deref(), Some("W+R"));
        assert_eq!(result("White Win by Resign!").as_deref(), Some("W+R"));
        assert_eq!(result("White loses on time").as_deref(), Some("B+T"));
        assert_eq!(result("250수 흑7집승").as_deref(), Some("B+7"));
        assert_eq!(result("183수 백3집반승").as_deref(), Some("W+3.5"));
        assert_eq!(result("백불계승").as_deref(), Some("W+R"));
        assert_eq!(
            result("IDB[211] 黑中盘胜(现场消息)[EndTxt]").as_deref(),
            Some("B+R")
        );
        assert_eq!(result("白3目半胜").as_deref(), Some("W+3.5"));
        assert_eq!(result("unfinished"), None);
    }

    #[test]
    fn ranks_and_dates() {
        assert_eq!(player("LQC         9DP"), ("LQC".into(), Some("9p".into())));
        assert_eq!(
            player("ace550      7D*"),
            ("ace550".into(), Some("7d*".into()))
        );
        assert_eq!(
            player("Kim Lee 15K"),
            ("Kim Lee".into(), Some("15k".into()))
        );
        assert_eq!(player("nobody"), ("nobody".into(), None));
        assert_eq!(date("20170316 [09:37]").as_deref(), Some("2017-03-16"));
        assert_eq!(date("2006-9-5").as_deref(), Some("2006-09-05"));
        assert_eq!(date("soon"), None);
    }
}
