//! [`SourceLine`]: the line of a spot in the source, cut to a window
//! around it, with the carets that point at it. Lines of ASCII and of
//! valid UTF-8 take fast paths; the general path, character by character,
//! is what the tests hold them to.

use std::ops::Range;

/// About how many characters of a line are shown.
const WIDTH: usize = 100;

/// Where the line of a spot lies in the source, as [`SourceLine::around`]
/// finds it: the line's bytes `start..end`, the spot at `at`, the span's
/// end, and the start `lo` of the bytes looked at (the line may begin
/// before); `cut_after_window`: the line goes on past the bytes looked at.
#[derive(Debug, Clone, Copy)]
struct Window {
    start: usize,
    at: usize,
    end: usize,
    span_end: usize,
    lo: usize,
    cut_after_window: bool,
}

impl Window {
    /// The line starts before the bytes looked at.
    fn cut_before_window(&self) -> bool {
        self.start == self.lo && self.lo > 0
    }
}

/// The source line of a spot, cut to a window of about 100 characters
/// around it, with what lines a caret up under the spot: what
/// [`ParseError::render`](super::ParseError::render) shows, for tools that draw their own diagnostics.
///
/// However long the line (a whole file on one line), only a few hundred
/// bytes around the spot are looked at.
///
/// ```
/// use sgfkit::error::SourceLine;
/// let src = format!("(;C[{}", "x".repeat(1_000_000));
/// let s = SourceLine::around(src.as_bytes(), src.len()..src.len()).unwrap();
/// assert!(s.text.starts_with('…') && s.text.chars().count() < 110);
/// assert_eq!(s.carets, "^");
/// assert_eq!(s.pad.chars().count(), 51);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourceLine {
    /// The line (or a window of it, `…` where cut), control characters
    /// but tabs shown as spaces.
    pub text: String,
    /// Spaces (and the line's tabs) up to the spot.
    pub pad: String,
    /// One `^` per character of the span on that line (at least one).
    pub carets: String,
}

/// The bytes [`SourceLine::around`] looks at for a spot, kept so that its
/// line can be made later without the rest of the source (a decoding
/// warning's, once the input it points into is freed): a copy of at most
/// 8 × 100 bytes, the line made only when asked for.
///
/// ```
/// use sgfkit::error::{LineContext, SourceLine};
/// let src = format!("(;C[{}]\n;B[aa]C[café]\n;W[bb])", "x".repeat(5_000));
/// let at = src.find("caf").unwrap();
/// let kept = LineContext::of(src.as_bytes(), at).unwrap();
/// assert_eq!(kept.line(), SourceLine::around(src.as_bytes(), at..at));
/// assert_eq!(kept.line().unwrap().text, ";B[aa]C[café]");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineContext {
    /// The bytes looked at, and the one before them (which tells whether
    /// the source went on before).
    bytes: Box<[u8]>,
    /// The spot in `bytes`.
    at: usize,
}

impl LineContext {
    /// What [`SourceLine::around`] needs of `src` for the spot `at`;
    /// `None` for an empty source.
    pub fn of(src: &[u8], at: usize) -> Option<LineContext> {
        if src.is_empty() {
            return None;
        }
        let at = at.min(src.len());
        // From the byte before the window (so that a window that does not
        // start the source still does not) to the byte after it (which
        // says whether the line goes on); within the window, from the
        // line break before the line to the one after it (a file of short
        // lines keeps a line's worth, not the whole window).
        let lo = at.saturating_sub(4 * WIDTH);
        let hi = at.saturating_add(4 * WIDTH).min(src.len());
        let from = super::line_start(src, lo, at).map_or(lo.saturating_sub(1), |s| s - 1);
        let to = memchr::memchr2(b'\n', b'\r', &src[at..hi])
            .map_or((hi + 1).min(src.len()), |p| at + p + 1);
        Some(LineContext {
            bytes: src[from..to].into(),
            at: at - from,
        })
    }

    /// The line of the spot, as [`SourceLine::around`] makes it from the
    /// whole source.
    pub fn line(&self) -> Option<SourceLine> {
        SourceLine::around(&self.bytes, self.at..self.at)
    }
}

impl SourceLine {
    /// The line holding `span.start` in `src`, or `None` for an empty
    /// source.
    pub fn around(src: &[u8], span: Range<usize>) -> Option<SourceLine> {
        if src.is_empty() {
            return None;
        }
        let at = span.start.min(src.len());
        let lo = at.saturating_sub(4 * WIDTH);
        let hi = at.saturating_add(4 * WIDTH).min(src.len());
        let start = super::line_start(src, lo, at).unwrap_or_else(|| {
            // Start on a character boundary.
            let mut s = lo;
            while s < at && (src[s] & 0xC0) == 0x80 {
                s += 1;
            }
            s
        });
        let end = memchr::memchr2(b'\n', b'\r', &src[at..hi]).map_or(hi, |p| at + p);
        let cut_after_window = end == hi && hi < src.len() && !matches!(src[hi], b'\n' | b'\r');
        let window = Window {
            start,
            at,
            end,
            span_end: span.end,
            lo,
            cut_after_window,
        };
        if src[start..end].is_ascii() {
            // One character a byte: the same as below without decoding.
            return Some(Self::ascii(src, window));
        }
        if let (Ok(before), Ok(after)) = (
            std::str::from_utf8(&src[start..at]),
            std::str::from_utf8(&src[at..end]),
        ) {
            // Valid text: the same as below without a vector of characters.
            let cut_before_window = window.cut_before_window();
            let span_end = span.end.clamp(at, end);
            let inside = String::from_utf8_lossy(&src[at..span_end])
                .chars()
                .count()
                .max(1);
            return Some(Self::text(
                before,
                after,
                inside,
                cut_before_window,
                cut_after_window,
            ));
        }
        Self::chars(src, window)
    }

    /// The window of [`SourceLine::around`] when the line's text before
    /// and from the spot is valid UTF-8; `inside` is the span's number of
    /// characters on the line (at least 1).
    fn text(
        before: &str,
        after: &str,
        inside: usize,
        cut_before_window: bool,
        cut_after_window: bool,
    ) -> SourceLine {
        let before_chars = before.chars().count();
        let skip = before_chars.saturating_sub(WIDTH / 2);
        let from = before
            .char_indices()
            .nth(skip)
            .map_or(before.len(), |(i, _)| i);
        let shown_before = &before[from..];
        let room = WIDTH.saturating_sub(before_chars - skip).max(10);
        let to = after
            .char_indices()
            .nth(room)
            .map_or(after.len(), |(i, _)| i);
        let shown_after = &after[..to];
        Self::assemble(
            shown_before.chars(),
            shown_after.chars(),
            shown_before.len() + shown_after.len(),
            (
                skip > 0 || cut_before_window,
                to < after.len() || cut_after_window,
            ),
            inside.min(room),
        )
    }

    /// The window of [`SourceLine::around`] when the line's bytes
    /// `start..end` are all ASCII.
    fn ascii(src: &[u8], w: Window) -> SourceLine {
        let (before, after) = (&src[w.start..w.at], &src[w.at..w.end]);
        let inside = (w.span_end.clamp(w.at, w.end) - w.at).max(1);
        let skip = before.len().saturating_sub(WIDTH / 2);
        let shown_before = &before[skip..];
        let room = WIDTH.saturating_sub(before.len() - skip).max(10);
        let shown_after = &after[..after.len().min(room)];
        Self::assemble(
            shown_before.iter().map(|&b| char::from(b)),
            shown_after.iter().map(|&b| char::from(b)),
            shown_before.len() + shown_after.len(),
            (
                skip > 0 || w.cut_before_window(),
                after.len() > room || w.cut_after_window,
            ),
            inside.min(room),
        )
    }

    /// The window from the characters shown before and from the spot
    /// (about `len` bytes), `…` where `cut` says (before, after), control
    /// characters but tabs as spaces, and `carets` carets under the spot.
    fn assemble(
        before: impl Iterator<Item = char> + Clone,
        after: impl Iterator<Item = char>,
        len: usize,
        cut: (bool, bool),
        carets: usize,
    ) -> SourceLine {
        let clean = |c: char| if c.is_control() && c != '\t' { ' ' } else { c };
        let mut text = String::with_capacity(len + 6);
        if cut.0 {
            text.push('…');
        }
        text.extend(before.clone().chain(after).map(clean));
        if cut.1 {
            text.push('…');
        }
        let mut pad = String::with_capacity(len + 1);
        if cut.0 {
            pad.push(' ');
        }
        pad.extend(before.map(|c| if c == '\t' { '\t' } else { ' ' }));
        SourceLine {
            text,
            pad,
            carets: "^".repeat(carets),
        }
    }

    /// The window of [`SourceLine::around`], character by character.
    fn chars(src: &[u8], w: Window) -> Option<SourceLine> {
        let Window {
            start,
            at,
            end,
            span_end,
            cut_after_window,
            ..
        } = w;
        let before: Vec<char> = String::from_utf8_lossy(&src[start..at]).chars().collect();
        let span_end = span_end.clamp(at, end);
        let inside = String::from_utf8_lossy(&src[at..span_end])
            .chars()
            .count()
            .max(1);
        let after: Vec<char> = String::from_utf8_lossy(&src[at..end]).chars().collect();
        let skip = before.len().saturating_sub(WIDTH / 2);
        let shown_before: String = before[skip..].iter().collect();
        let room = WIDTH.saturating_sub(before.len() - skip).max(10);
        let shown_after: String = after.iter().take(room).collect();
        let clean = |s: &str| -> String {
            s.chars()
                .map(|c| if c.is_control() && c != '\t' { ' ' } else { c })
                .collect()
        };
        let cut_before = skip > 0 || w.cut_before_window();
        let text = format!(
            "{}{}{}{}",
            if cut_before { "…" } else { "" },
            clean(&shown_before),
            clean(&shown_after),
            if after.len() > room || cut_after_window {
                "…"
            } else {
                ""
            }
        );
        let mut pad: String = shown_before
            .chars()
            .map(|c| if c == '\t' { '\t' } else { ' ' })
            .collect();
        if cut_before {
            pad.insert(0, ' ');
        }
        let carets = "^".repeat(inside.min(room));
        Some(SourceLine { text, pad, carets })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// The ASCII window of `SourceLine::around` is the one found
        /// character by character, on lines of any length with tabs,
        /// control characters and both line ends, and spans past the line.
        #[test]
        fn ascii_window_agrees_with_chars(
            src in proptest::collection::vec(
                prop_oneof![Just(b'\n'), Just(b'\r'), Just(b'\t'), Just(0u8), Just(0x7Fu8), Just(b'a'), Just(b'['), Just(b' '), 0u8..0x80],
                1..1200,
            ),
            start in 0usize..1300,
            len in 0usize..200,
        ) {
            let (at, end) = (start.min(src.len()), start.saturating_add(len));
            let lo = at.saturating_sub(400);
            let hi = at.saturating_add(400).min(src.len());
            let from = super::super::line_start(&src, lo, at).unwrap_or(lo);
            let to = src[at..hi].iter().position(|&b| b == b'\n' || b == b'\r').map_or(hi, |p| at + p);
            let cut = to == hi && hi < src.len() && !matches!(src[hi], b'\n' | b'\r');
            let w = Window { start: from, at, end: to, span_end: end, lo, cut_after_window: cut };
            let fast = SourceLine::ascii(&src, w);
            let slow = SourceLine::chars(&src, w).unwrap();
            prop_assert_eq!(&fast, &slow);
            prop_assert_eq!(SourceLine::around(&src, start..end), Some(slow));
        }

        /// The window of valid UTF-8 text is the one found character by
        /// character, spots inside a character and broken bytes included.
        #[test]
        fn text_window_agrees_with_chars(
            parts in proptest::collection::vec(
                prop_oneof![Just("\n"), Just("\r"), Just("\t"), Just("\u{1}"), Just("a"), Just("é"), Just("中"), Just("\u{85}"), Just("[")],
                1..500,
            ),
            broken in any::<bool>(),
            start in 0usize..1600,
            len in 0usize..200,
        ) {
            let mut src = parts.concat().into_bytes();
            if broken {
                src.insert(src.len() / 2, 0xFF);
            }
            let (at, end) = (start.min(src.len()), start.saturating_add(len));
            let lo = at.saturating_sub(400);
            let hi = at.saturating_add(400).min(src.len());
            let from = super::super::line_start(&src, lo, at).unwrap_or_else(
                || (lo..at).find(|&s| (src[s] & 0xC0) != 0x80).unwrap_or(at),
            );
            let to = src[at..hi].iter().position(|&b| b == b'\n' || b == b'\r').map_or(hi, |p| at + p);
            let cut = to == hi && hi < src.len() && !matches!(src[hi], b'\n' | b'\r');
            let w = Window { start: from, at, end: to, span_end: end, lo, cut_after_window: cut };
            let slow = SourceLine::chars(&src, w).unwrap();
            prop_assert_eq!(SourceLine::around(&src, start..end), Some(slow));
        }

        /// A kept context gives the line the whole source gives, wherever
        /// the spot (near either end, in long lines, in broken text).
        #[test]
        fn a_kept_context_gives_the_sources_line(
            parts in proptest::collection::vec(
                prop_oneof![Just(&b"\n"[..]), Just(&b"\r"[..]), Just(&b"\t"[..]), Just(&b"a"[..]), Just("é".as_bytes()), Just("中".as_bytes()), Just(&b"\xff"[..]), Just(&b"[x]"[..])],
                0..700,
            ),
            at in 0usize..2200,
        ) {
            let src = parts.concat();
            let kept = LineContext::of(&src, at);
            prop_assert_eq!(kept.as_ref().and_then(LineContext::line), SourceLine::around(&src, at..at));
            prop_assert!(kept.as_ref().is_none_or(|k| k.bytes.len() <= 8 * WIDTH + 2));
            // No more than the line and the bytes on either side of it.
            let breaks = |b: &[u8]| b.iter().filter(|&&c| c == b'\n' || c == b'\r').count();
            prop_assert!(kept.is_none_or(|k| breaks(k.bytes.get(1..k.bytes.len().saturating_sub(1)).unwrap_or(&[])) <= 1));
        }
    }

    /// A line with a non-ASCII character is shown character by character
    /// (one caret per character, not per byte).
    #[test]
    fn non_ascii_line_falls_back_to_chars() {
        let src = "(;C[été]B[aa])".as_bytes();
        let s = SourceLine::around(src, 4..9).unwrap();
        assert_eq!(s.text, "(;C[été]B[aa])");
        assert_eq!(s.pad, "    ");
        assert_eq!(s.carets, "^^^");
        let s = SourceLine::around(src, 9..14).unwrap();
        assert_eq!(s.pad, "       ");
        assert_eq!(s.carets, "^^^^^");
        assert_eq!(SourceLine::around(b"", 0..0), None);
    }

    /// A spot at the LF of a CRLF is on the CR's line, one column after
    /// the CR (shown as a space), where its position puts it.
    #[test]
    fn lf_of_crlf_is_shown_on_the_line_of_its_cr() {
        let src = b"(;C[a]\r\n;B[aa])";
        let s = SourceLine::around(src, 7..8).unwrap();
        assert_eq!(s.text, "(;C[a] ");
        assert_eq!(s.pad.len() + 1, crate::Position::of(src, 7).column as usize);
        assert_eq!(s.carets, "^");
        let s = SourceLine::around(src, 8..9).unwrap();
        assert_eq!((s.text.as_str(), s.pad.as_str()), (";B[aa])", ""));
    }
}
