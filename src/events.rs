//! The event API: the SGF structure as a stream of callbacks, building nothing.
//!
//! This is the interface of the original SGF reference parser (a SAX-style
//! reader): a [`Handler`] is told where each game tree starts and ends, where
//! each node starts and ends, and each property with its raw values and byte
//! span. Nothing is allocated per property or value; the values stay borrowed
//! from the input, escapes intact.
//!
//! ```
//! use sgfkit::events::{parse_events, Handler};
//! use sgfkit::RawProperty;
//! use std::ops::Range;
//!
//! #[derive(Default)]
//! struct Moves(usize);
//! impl<'a> Handler<'a> for Moves {
//!     fn property(&mut self, prop: RawProperty<'a>, _span: Range<usize>) {
//!         if prop.ident() == b"B" || prop.ident() == b"W" {
//!             self.0 += 1;
//!         }
//!     }
//! }
//!
//! let mut moves = Moves::default();
//! parse_events(b"(;GM[1];B[pd];W[dp](;B[pp])(;B[dd]))", &Default::default(), &mut moves, &mut ())?;
//! assert_eq!(moves.0, 4);
//! # Ok::<(), sgfkit::ParseError>(())
//! ```
//!
//! `start_tree` and `end_tree` calls are always balanced when the parse
//! succeeds, and so are `start_node` and `end_node`.

use crate::ParseOptions;
use crate::error::{
    ErrorKind, Expected, Found, JunkPlace, ParseError, PositionCursor, Warning, WarningKind,
    WarningSink,
};
use crate::grammar::{self, Limits, RawProperty, SyntaxError, Visitor};
use std::ops::Range;

/// Receives the events of a parse. Every method has an empty default, so a
/// handler implements only what it needs.
pub trait Handler<'a> {
    /// A game tree opens; `offset` is the byte offset of its `(`.
    fn start_tree(&mut self, offset: usize) {
        let _ = offset;
    }
    /// The innermost open game tree closes at byte `offset` (its `)`).
    fn end_tree(&mut self, offset: usize) {
        let _ = offset;
    }
    /// A node starts at byte `offset` (its `;`).
    fn start_node(&mut self, offset: usize) {
        let _ = offset;
    }
    /// The current node ends (called before the next node, tree start or
    /// tree end).
    fn end_node(&mut self) {}
    /// A property of the current node, with the byte span from the first
    /// letter of its identifier to its last `]`.
    ///
    /// FF\[3\] identifiers with lower-case letters arrive as written
    /// (`AddBlack`); [`normalize_ident`] gives the FF\[4\] form, and a warning
    /// has been sent to the warning sink.
    fn property(&mut self, prop: RawProperty<'a>, span: Range<usize>) {
        let _ = (prop, span);
    }
}

/// Parses `src` and reports its structure to `handler`, warnings to
/// `warnings`.
///
/// A UTF-8 byte order mark is skipped with a warning; so are bytes before,
/// between and after the game trees.
///
/// # Errors
/// A syntax error, with its position; the nesting depth limit of
/// [`ParseOptions::max_depth`]; an input with no game tree.
pub fn parse_events<'a, H: Handler<'a>>(
    src: &'a [u8],
    options: &ParseOptions,
    handler: &mut H,
    warnings: &mut dyn WarningSink,
) -> Result<(), ParseError> {
    let mut input = src;
    if let Some(rest) = src.strip_prefix(b"\xEF\xBB\xBF") {
        warnings.warn(Warning::new(WarningKind::ByteOrderMark, 0..3, src));
        input = rest;
    }
    let mut adapter = Adapter {
        src,
        handler,
        warnings,
        positions: PositionCursor::new(src),
        in_node: false,
    };
    let limits = Limits {
        max_depth: options.max_depth,
    };
    match grammar::collection(&mut adapter, limits)(input) {
        Ok(_) => Ok(()),
        Err(nom::Err::Error(e) | nom::Err::Failure(e)) => Err(convert_error(src, e)),
        // Complete-mode rules never ask for more input; should one ever do,
        // it is reported as an unexpected end rather than escaping.
        Err(nom::Err::Incomplete(_)) => Err(ParseError::new(
            ErrorKind::Syntax {
                expected: Expected::EndOfInput,
                found: Found::EndOfInput,
                opened_at: None,
            },
            src.len()..src.len(),
            src,
        )),
    }
}

/// The FF\[4\] form of an identifier: its capital letters (`AddBlack` → `AB`).
///
/// ```
/// assert_eq!(sgfkit::events::normalize_ident(b"CoPyright"), "CP");
/// assert_eq!(sgfkit::events::normalize_ident(b"KM"), "KM");
/// ```
pub fn normalize_ident(ident: &[u8]) -> String {
    ident
        .iter()
        .filter(|b| b.is_ascii_uppercase())
        .map(|&b| char::from(b))
        .collect()
}

/// Turns the grammar's error into the public one, with line and column.
pub(crate) fn convert_error(src: &[u8], e: SyntaxError<&[u8]>) -> ParseError {
    let offset = src.offset_of(e.input);
    if let Some(limit) = e.depth_limit {
        return ParseError::new(
            ErrorKind::DepthLimitExceeded { limit },
            offset..offset + 1,
            src,
        );
    }
    if e.expected == Expected::GameTree {
        // No game tree: is it another format?
        return match crate::format::sniff(src) {
            Some(format) => ParseError::new(ErrorKind::NotSgf(format), 0..0, src),
            None => ParseError::new(ErrorKind::NoGameTree, offset..src.len(), src),
        };
    }
    let found = Found::from_input(e.input);
    let opened_at = e.opened.map(|o| {
        let at = src.offset_of(o);
        (at, crate::error::Position::of(src, at))
    });
    let end = if e.input.is_empty() {
        offset
    } else {
        offset + 1
    };
    ParseError::new(
        ErrorKind::Syntax {
            expected: e.expected,
            found,
            opened_at,
        },
        offset..end,
        src,
    )
}

/// Byte offset of a sub-slice within its source.
pub(crate) trait OffsetOf {
    fn offset_of(&self, part: &[u8]) -> usize;
}

impl OffsetOf for [u8] {
    #[inline(always)]
    fn offset_of(&self, part: &[u8]) -> usize {
        (part.as_ptr() as usize).wrapping_sub(self.as_ptr() as usize)
    }
}

struct Adapter<'s, 'a, H> {
    src: &'a [u8],
    handler: &'s mut H,
    warnings: &'s mut dyn WarningSink,
    /// Lines and columns of the warnings, counted forward once: warnings
    /// come in file order, so a file of many costs time linear in its size.
    positions: PositionCursor<'a>,
    in_node: bool,
}

impl<'a, H: Handler<'a>> Adapter<'_, 'a, H> {
    #[inline(always)]
    fn close_node(&mut self) {
        if self.in_node {
            self.in_node = false;
            self.handler.end_node();
        }
    }
}

impl<'a, H: Handler<'a>> Visitor<'a> for Adapter<'_, 'a, H> {
    #[inline(always)]
    fn start_tree(&mut self, at: &'a [u8]) {
        self.close_node();
        self.handler.start_tree(self.src.offset_of(at));
    }
    #[inline(always)]
    fn end_tree(&mut self, at: &'a [u8]) {
        self.close_node();
        self.handler.end_tree(self.src.offset_of(at));
    }
    #[inline(always)]
    fn start_node(&mut self, at: &'a [u8]) {
        self.close_node();
        self.in_node = true;
        self.handler.start_node(self.src.offset_of(at));
    }
    #[inline(always)]
    fn property(&mut self, prop: RawProperty<'a>) {
        let start = self.src.offset_of(prop.ident());
        let end = self.src.offset_of(prop.values_raw()) + prop.values_raw().len();
        if prop.has_lowercase() {
            self.lowercase_warning(prop, start);
        }
        self.handler.property(prop, start..end);
    }
    fn junk(&mut self, skipped: &'a [u8], place: JunkPlace) {
        let start = self.src.offset_of(skipped);
        self.warnings.warn(Warning::at(
            WarningKind::SkippedJunk { place },
            start..start + skipped.len(),
            self.positions.position(start),
        ));
    }
}

impl<'a, H: Handler<'a>> Adapter<'_, 'a, H> {
    #[cold]
    fn lowercase_warning(&mut self, prop: RawProperty<'a>, start: usize) {
        let written = String::from_utf8_lossy(prop.ident()).into_owned();
        let read = normalize_ident(prop.ident());
        self.warnings.warn(Warning::at(
            WarningKind::LowercaseIdent { written, read },
            start..start + prop.ident().len(),
            self.positions.position(start),
        ));
    }
}
