//! [`tree()`]: the variation tree of a game as text, drawn as `git log
//! --graph` draws history.

use sgfkit::game::go::{Go, Move};
use sgfkit::game::{Game, GameType};
use sgfkit::tree::Node;
use std::fmt::Write;

/// How [`tree()`] draws.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TreeOptions {
    /// How many words of a comment to show.
    pub comment_words: usize,
    /// How many variation columns to draw; more are counted (`+N`).
    pub max_columns: usize,
}

impl Default for TreeOptions {
    fn default() -> Self {
        TreeOptions {
            comment_words: 6,
            max_columns: 16,
        }
    }
}

/// The variation tree of the game whose root is `root`, one line per run
/// of nodes, in file order (pre-order).
///
/// A run is a chain of nodes each with one child; it ends at a branch point,
/// a leaf, or a node with a comment (`C`) or a name (`N`), whose first words
/// it shows. Each line starts with the graph (`*` the run, `|` a variation
/// still to come, `|\` a branch, ` /` a variation ending), then the run's
/// node numbers (the root is 0, then file order: the numbers `sgfkit show
/// --node` takes), then its moves (`12 B Q16`; first and last of a longer
/// run).
///
/// ```
/// use sgfkit_render::{tree, TreeOptions};
/// let c = sgfkit::parse(b"(;SZ[9]C[Start];B[ee];W[cc](;B[gg]C[The main line])(;B[cg];W[gc]))")?;
/// let t = tree(c.games().next().unwrap(), &TreeOptions::default());
/// assert_eq!(
///     t,
///     "* 0        root  \"Start\"\n\
///      * 1-2      1 B E5 … 2 W C7\n\
///      |\\\n\
///      * | 3        3 B G3  \"The main line\"\n \
///       /\n\
///      * 4-5      3 B C3 … 4 W G7\n"
/// );
/// # Ok::<(), sgfkit::Error>(())
/// ```
pub fn tree(root: Node<'_, '_>, options: &TreeOptions) -> String {
    let (game, _) = root.game().unwrap_or_else(|e| e.read_as_go());
    let go_size = (game == GameType::Go)
        .then(|| root.board_size(game).ok().map(|(size, _)| size))
        .flatten();
    let mut out = String::new();
    // Pending runs, the next to draw last; each with the move number before it.
    let mut pending: Vec<(Node<'_, '_>, u32)> = Vec::new();
    let mut current = Some((root, 0u32));
    let cap = options.max_columns.max(1);
    while let Some((start, mut number)) = current.take() {
        // Walk the run.
        let mut node = start;
        let mut first_move: Option<String> = None;
        let mut last_move: Option<String> = None;
        loop {
            if let Some(m) = move_text(node, go_size) {
                number = match node
                    .get("MN")
                    .and_then(|v| std::str::from_utf8(v.value()).ok()?.trim().parse().ok())
                {
                    Some(k) => k,
                    None => number.saturating_add(1),
                };
                let m = format!("{number} {m}");
                if first_move.is_none() {
                    first_move = Some(m);
                } else {
                    last_move = Some(m);
                }
            }
            let stop =
                node.child_count() != 1 || node.get("C").is_some() || node.get("N").is_some();
            if stop {
                break;
            }
            match node.first_child() {
                Some(c) => node = c,
                None => break,
            }
        }
        let (a, b) = (start.number(), node.number());
        let nodes = if a == b {
            a.to_string()
        } else {
            format!("{a}-{b}")
        };
        let moves = match (first_move, last_move) {
            (None, _) if start.is_root() => "root".to_string(),
            (None, _) => "-".to_string(),
            (Some(f), None) => f,
            (Some(f), Some(l)) => format!("{f} … {l}"),
        };
        let graph = columns("*", pending.len(), cap);
        let _ = write!(out, "{graph}{nodes:<8} {moves}");
        let words = note(node, options.comment_words);
        if !words.is_empty() {
            let _ = write!(out, "  {words}");
        }
        out.push('\n');
        let children: Vec<Node<'_, '_>> = node.children().collect();
        if let Some((&first, rest)) = children.split_first() {
            for &c in rest.iter().rev() {
                let before = pending.len();
                pending.push((c, number));
                let _ = writeln!(out, "{}", connector("|\\", before, cap).trim_end());
            }
            current = Some((first, number));
        } else if let Some(next) = pending.pop() {
            let _ = writeln!(out, "{}", columns(" /", pending.len(), cap).trim_end());
            current = Some(next);
        }
    }
    out
}

/// The graph part of a line: `head`, then a `|` for each pending
/// variation (at most `cap`, then `+N`).
fn columns(head: &str, pending: usize, cap: usize) -> String {
    let mut s = String::from(head);
    if head == " /" {
        for _ in 0..pending.min(cap) {
            s.push_str(" /");
        }
    } else {
        for _ in 0..pending.min(cap) {
            s.push_str(" |");
        }
    }
    if pending > cap {
        let _ = write!(s, " +{}", pending - cap);
    }
    s.push(' ');
    s
}

/// A branch: the new variation's column, existing ones shifted right.
fn connector(head: &str, pending: usize, cap: usize) -> String {
    let mut s = String::from(head);
    for _ in 0..pending.min(cap) {
        s.push_str(" \\");
    }
    if pending > cap {
        let _ = write!(s, " +{}", pending - cap);
    }
    s
}

/// The node's move: GTP coordinates in Go, the value as written otherwise.
fn move_text(node: Node<'_, '_>, go_size: Option<sgfkit::game::BoardSize>) -> Option<String> {
    for color in ["B", "W"] {
        let Some(p) = node.get(color) else { continue };
        let value = p.value();
        let shown = match go_size.map(|size| (size, Go::read_move(value, size))) {
            Some((_, Ok(Move::Pass))) => "pass".to_string(),
            Some((size, Ok(m))) => m
                .to_gtp(size)
                .unwrap_or_else(|_| String::from_utf8_lossy(value).into_owned()),
            _ => String::from_utf8_lossy(value).into_owned(),
        };
        return Some(format!("{color} {shown}"));
    }
    None
}

/// The node's name in brackets and its comment's first words, quoted.
fn note(node: Node<'_, '_>, words: usize) -> String {
    let text = |ident: &str| {
        node.get(ident)
            .map(|p| {
                sgfkit::text::decode_str(p.value(), sgfkit::text::TextKind::SimpleText).into_owned()
            })
            .unwrap_or_default()
    };
    let mut out = String::new();
    let name = text("N");
    if !name.trim().is_empty() {
        let _ = write!(
            out,
            "[{}]",
            name.split_whitespace().collect::<Vec<_>>().join(" ")
        );
    }
    let comment = text("C");
    let all: Vec<&str> = comment.split_whitespace().collect();
    if !all.is_empty() && words > 0 {
        if !out.is_empty() {
            out.push(' ');
        }
        let shown = all[..all.len().min(words)].join(" ");
        let more = if all.len() > words { "…" } else { "" };
        let _ = write!(out, "\"{shown}{more}\"");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wide_and_deep_trees_stay_linear() {
        // 2,000 variations at the root, and one 20,000 moves deep.
        let mut src = String::from("(;SZ[19]");
        for _ in 0..2000 {
            src.push_str("(;B[aa])");
        }
        src.push('(');
        for _ in 0..20_000 {
            src.push_str(";B[bb]");
        }
        src.push_str("))");
        let c = sgfkit::parse(src.as_bytes()).unwrap();
        let t = tree(c.games().next().unwrap(), &TreeOptions::default());
        assert!(t.len() < 400_000, "{}", t.len());
        assert!(t.contains("+1984"));
        assert!(t.contains("2001-22000"));
    }

    #[test]
    fn names_and_other_games() {
        let c = sgfkit::parse(b"(;GM[11]N[Opening];B[c3]C[a b c d e f g h])").unwrap();
        let t = tree(c.games().next().unwrap(), &TreeOptions::default());
        assert_eq!(
            t,
            "* 0        root  [Opening]\n* 1        1 B c3  \"a b c d e f…\"\n"
        );
    }
}
