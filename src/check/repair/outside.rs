//! Text outside the game trees: what the lenient reader skips before the
//! first game tree, between game trees and after the last one (its `L001`
//! and `L018`), kept in a root's `GC` so that writing the collection out
//! loses none of it.

use super::super::lenient::fill_positions;
use super::{Code, Diagnostic};
use crate::tree::{Collection, NodeId};

/// Moves the text that the lenient reader skipped outside the game trees
/// into the game-info comment (`GC`) of a root, and returns one `R022`
/// diagnostic for each piece of text moved.
///
/// `read` is what the reader said about `collection` (its
/// [`Document::diagnostics`](crate::Document::diagnostics), or the
/// diagnostics of [`parse_lenient`](crate::check::parse_lenient)): the
/// skipped text is found by their `L001` and `L018` spans in
/// [`Collection::source`]. Text before a game tree (the header a server or
/// a program wrote above a game) goes at the start of that tree's root
/// `GC`, followed by a blank line and the `GC` the root had; text after
/// the last game tree goes at the end of the last root's `GC`, after a
/// blank line. Control characters (a DOS end-of-file byte, NULs) are not
/// text and are left out; a piece that holds nothing else is dropped, and
/// its diagnostic says so.
///
/// A collection written out after this and read again has nothing outside
/// its game trees: a second call finds nothing to move.
///
/// ```
/// use sgfkit::check::{keep_outside_text, parse_lenient, Code};
///
/// let src = b"Played on April 4.\n\n(;GM[1]GC[ladder game];B[aa])";
/// let (mut tree, read) = parse_lenient(src, &Default::default());
/// let kept = keep_outside_text(&mut tree, &read);
/// assert_eq!(kept[0].code, Code::R022);
/// assert_eq!(
///     tree.to_string(),
///     "(;GM[1]GC[Played on April 4.\n\nladder game]\n;B[aa])\n"
/// );
/// ```
pub fn keep_outside_text(collection: &mut Collection<'_>, read: &[Diagnostic]) -> Vec<Diagnostic> {
    let roots: Vec<(NodeId, usize)> = collection
        .games()
        .map(|g| (g.id(), g.offset().unwrap_or(usize::MAX)))
        .collect();
    let Some(&(last, _)) = roots.last() else {
        return Vec::new();
    };
    let src = collection.source();
    // For each root: the text to put before its GC, and after it.
    let mut before: Vec<(NodeId, Vec<u8>)> = Vec::new();
    let mut after: Vec<u8> = Vec::new();
    let mut diags = Vec::new();
    for d in read {
        let range = match d.code {
            Code::L001 => d.span.clone(),
            // Only ever before the first game tree; its span starts at the
            // part that looks like SGF: the text is all that precedes it.
            Code::L018 => 0..d.span.end,
            _ => continue,
        };
        let Some(raw) = src.get(range.clone()) else {
            continue;
        };
        let text = clean(raw);
        let (target, place) = match roots.iter().find(|(_, at)| *at >= range.end) {
            Some(&(id, _)) => (Some(id), "before its game tree"),
            None => (None, "after the last game tree"),
        };
        let message = if text.is_empty() {
            format!(
                "{} byte(s) {place} hold no text (control characters only): dropped",
                raw.len()
            )
        } else {
            format!(
                "{} byte(s) of text {place} kept at the {} of the root's GC",
                raw.len(),
                if target.is_some() { "start" } else { "end" }
            )
        };
        diags.push(Diagnostic::from_code(
            Code::R022,
            range,
            message,
            text.is_empty(),
        ));
        if text.is_empty() {
            continue;
        }
        match target {
            Some(id) => match before.iter_mut().find(|(r, _)| *r == id) {
                Some((_, t)) => {
                    t.extend_from_slice(b"\n\n");
                    t.extend_from_slice(&text);
                }
                None => before.push((id, text)),
            },
            None => {
                if !after.is_empty() {
                    after.extend_from_slice(b"\n\n");
                }
                after.extend_from_slice(&text);
            }
        }
    }
    if !after.is_empty() {
        before.push((last, Vec::new()));
    }
    for (id, head) in before {
        let old = collection
            .node(id)
            .get("GC")
            .map(|p| p.value().to_vec())
            .unwrap_or_default();
        let mut value = Vec::with_capacity(head.len() + old.len() + after.len() + 4);
        crate::text::encode_into(&mut value, &head, false);
        if !head.is_empty() && !old.is_empty() {
            value.extend_from_slice(b"\n\n");
        }
        value.extend_from_slice(&old);
        if id == last && !after.is_empty() {
            if !value.is_empty() {
                value.extend_from_slice(b"\n\n");
            }
            crate::text::encode_into(&mut value, &after, false);
        }
        // A valid identifier and an escaped value: cannot fail on a root of
        // this collection.
        let _ = collection.set_property(id, "GC", [value]);
    }
    fill_positions(collection.source(), &mut diags);
    diags
}

/// The text of `raw` without its control characters (tabs and line breaks
/// kept; `\r\n` and `\r` made `\n`), white space trimmed at both ends.
fn clean(raw: &[u8]) -> Vec<u8> {
    let text = String::from_utf8_lossy(raw);
    let text = text.replace("\r\n", "\n").replace('\r', "\n");
    let kept: String = text
        .chars()
        .filter(|&c| c == '\n' || c == '\t' || !c.is_control())
        .filter(|&c| c != '\u{FEFF}')
        .collect();
    kept.trim().as_bytes().to_vec()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::{RepairOptions, parse_lenient, repair};

    /// Lenient read, the outside text kept, repairs: the printed text and
    /// the codes of `keep_outside_text`.
    fn keep(src: &[u8]) -> (String, Vec<Code>) {
        let (mut tree, read) = parse_lenient(src, &Default::default());
        let diags = keep_outside_text(&mut tree, &read);
        repair(&mut tree, &RepairOptions::default());
        (tree.to_string(), diags.iter().map(|d| d.code).collect())
    }

    #[test]
    fn header_before_and_between_trees_goes_to_the_next_root() {
        let (out, codes) = keep(b"Header [1]\r\n(;GM[1]GC[old])\nmiddle\\ text\n(;GM[1])");
        assert_eq!(
            out,
            "(;GM[1]GC[Header [1\\]\n\nold]FF[4])\n(;GM[1]GC[middle\\\\ text]FF[4])\n"
        );
        assert_eq!(codes, [Code::R022, Code::R022]);
        // The text reads back as written.
        let tree = crate::parse(out.as_bytes()).unwrap();
        let gc = tree.games().next().unwrap().get("GC").unwrap();
        assert_eq!(
            crate::text::decode(gc.value(), crate::text::TextKind::Text).as_ref(),
            b"Header [1]\n\nold"
        );
    }

    #[test]
    fn text_after_the_last_tree_ends_its_gc_and_control_bytes_go() {
        let (out, codes) = keep(b"(;GM[1]GC[a])\n(;GM[1])the end\n");
        assert_eq!(out, "(;GM[1]GC[a]FF[4])\n(;GM[1]GC[the end]FF[4])\n");
        assert_eq!(codes, [Code::R022]);
        let (out, _) = keep(b"(;GM[1])\x1a");
        assert_eq!(out, "(;GM[1]FF[4])\n");
    }

    #[test]
    fn looks_like_sgf_before_the_first_tree_is_kept_whole() {
        let (out, codes) = keep(b"note bla[aa] (;GM[1];B[cc])");
        assert_eq!(out, "(;GM[1]GC[note bla[aa\\]]FF[4]\n;B[cc])\n");
        assert_eq!(codes, [Code::R022]);
    }

    #[test]
    fn a_second_pass_finds_nothing() {
        let (out, _) = keep(b"On April 4, 2002, GNU Go won.\n\n(;GM[1];B[aa])");
        let (again, codes) = keep(out.as_bytes());
        assert_eq!(again, out);
        assert!(codes.is_empty());
    }
}
