//! What a parse reports: the error that stops it ([`ParseError`]), the
//! warnings it goes on after ([`Warning`]), and the line and column of a byte
//! offset ([`Position`]).
//!
//! Each error and warning carries a byte span into the input and the 1-based
//! line and column of its start, so a caller can point at the exact spot. No nom
//! type appears in these errors: the grammar's internal error is converted at
//! the boundary (see [`crate::grammar`]). nom types do appear where the crate
//! is a nom crate on purpose — the [`grammar`](crate::grammar) combinators and
//! a game's point parsers ([`game::ValueResult`](crate::game::ValueResult)) —
//! and the crate re-exports [`nom`] so that code written against
//! them uses the same version. Errors that are not about the input
//! (a refused edit, a tree of another game, a GTP coordinate) belong to their
//! layers; [`crate::Error`] gathers them all.

use std::fmt;
use std::ops::Range;

mod position;
mod source_line;
pub(crate) use position::{LineCounter, line_start};
pub use position::{Position, PositionCursor};
pub use source_line::{LineContext, SourceLine};

/// What the parser expected at the place where it stopped.
///
/// ```
/// use sgfkit::Expected;
/// assert_eq!(Expected::Char(b']').to_string(), "`]`");
/// assert_eq!(Expected::NodeOrTree.to_string(), "a property, `;`, `(` or `)`");
/// // Debug names the character too.
/// assert_eq!(format!("{:?}", Expected::Char(b']')), "Char(']')");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Expected {
    /// One particular byte, such as `(`, `;`, `[`, `]` or `)`.
    Char(u8),
    /// A game tree: `(` (at the start of the collection).
    GameTree,
    /// A property identifier (`A`–`Z`, FF\[3\] also allows lower-case letters).
    PropIdent,
    /// What may follow a property or node: another property, `;`, `(` or `)`.
    NodeOrTree,
    /// What may follow a sequence: `(` or `)`.
    TreeOrEnd,
    /// The end of the input after the last game tree.
    EndOfInput,
}

impl fmt::Debug for Expected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Expected::Char(c) => f.debug_tuple("Char").field(&char::from(*c)).finish(),
            Expected::GameTree => f.write_str("GameTree"),
            Expected::PropIdent => f.write_str("PropIdent"),
            Expected::NodeOrTree => f.write_str("NodeOrTree"),
            Expected::TreeOrEnd => f.write_str("TreeOrEnd"),
            Expected::EndOfInput => f.write_str("EndOfInput"),
        }
    }
}

impl fmt::Display for Expected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Expected::Char(c) => write!(f, "`{}`", char::from(*c)),
            Expected::GameTree => f.write_str("a game tree `(;`"),
            Expected::PropIdent => f.write_str("a property identifier"),
            Expected::NodeOrTree => f.write_str("a property, `;`, `(` or `)`"),
            Expected::TreeOrEnd => f.write_str("`(` or `)`"),
            Expected::EndOfInput => f.write_str("end of input"),
        }
    }
}

/// What the parser found where it stopped: a character, a byte that is not
/// UTF-8, or the end of the input.
///
/// ```
/// use sgfkit::Found;
/// assert_eq!(Found::from_input(b"").to_string(), "end of input");
/// assert_eq!(Found::from_input(b"x]").to_string(), "`x`");
/// assert_eq!(Found::from_input("é".as_bytes()).to_string(), "`é`");
/// assert_eq!(Found::from_input(b"\xff").to_string(), "byte 0xFF");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Found {
    /// The input ended.
    EndOfInput,
    /// A Unicode character (decoded from UTF-8).
    Char(char),
    /// A byte that does not start valid UTF-8.
    Byte(u8),
}

impl Found {
    /// Describes the first character of `rest`.
    pub fn from_input(rest: &[u8]) -> Found {
        let Some(&first) = rest.first() else {
            return Found::EndOfInput;
        };
        let len = match first {
            0x00..=0x7F => 1,
            0xC0..=0xDF => 2,
            0xE0..=0xEF => 3,
            0xF0..=0xF7 => 4,
            _ => return Found::Byte(first),
        };
        match rest.get(..len).and_then(|b| std::str::from_utf8(b).ok()) {
            Some(s) => s.chars().next().map_or(Found::Byte(first), Found::Char),
            None => Found::Byte(first),
        }
    }
}

impl fmt::Display for Found {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Found::EndOfInput => f.write_str("end of input"),
            Found::Char(c) if c.is_control() => write!(f, "{c:?}"),
            Found::Char(c) => write!(f, "`{c}`"),
            Found::Byte(b) => write!(f, "byte 0x{b:02X}"),
        }
    }
}

/// What went wrong in a parse, without the position (which [`ParseError`]
/// adds).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The input does not follow the grammar.
    Syntax {
        /// What the grammar expected here.
        expected: Expected,
        /// What was there instead.
        found: Found,
        /// For an unclosed value or tree: where its opening bracket stands.
        opened_at: Option<(usize, Position)>,
    },
    /// Game trees are nested deeper than [`crate::ParseOptions::max_depth`].
    DepthLimitExceeded {
        /// The limit in force.
        limit: u32,
    },
    /// The input is larger than the tree can index (4 GiB), or crosses a
    /// limit of [`crate::ParseOptions`] (nodes, value length, points).
    TooLarge {
        /// What overflowed.
        what: &'static str,
    },
    /// The input has no game tree at all.
    NoGameTree,
    /// The input is a known format that is not SGF (gzip, a Tygem GIB
    /// record, …; [`crate::format::sniff`]).
    NotSgf(crate::format::Format),
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ErrorKind::Syntax {
                expected,
                found,
                opened_at,
            } => {
                write!(f, "expected {expected}")?;
                if let Some((_, pos)) = opened_at {
                    let what = match expected {
                        Expected::Char(b']') => " to close the value opened at ",
                        _ => " to close the game tree opened at ",
                    };
                    write!(f, "{what}{pos}")?;
                }
                write!(f, ", found {found}")
            }
            ErrorKind::DepthLimitExceeded { limit } => {
                write!(f, "game trees nested deeper than the limit of {limit}")
            }
            ErrorKind::TooLarge { what } => write!(f, "input too large: {what}"),
            ErrorKind::NoGameTree => f.write_str("no game tree `(;` found in the input"),
            ErrorKind::NotSgf(format) => f.write_str(&format.not_sgf()),
        }
    }
}

/// An error about the input: what the parser found wrong, and where.
///
/// Every error of reading SGF is this one, with a byte span, a line and a
/// column. Errors of other layers are their own types, each in its module
/// ([`EditError`](crate::EditError) for edits of a tree,
/// [`GameMismatch`](crate::game::GameMismatch),
/// [`GtpError`](crate::game::go::GtpError),
/// [`PositionError`](crate::record::PositionError),
/// [`MoveReport`](crate::record::MoveReport)); [`crate::Error`] wraps them all
/// for `?`.
///
/// The `Display` is one line, `LINE:COL: MESSAGE`:
///
/// ```
/// let err = sgfkit::parse(b"(;B[aa]\n;C[open").unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "2:8: expected `]` to close the value opened at 2:3, found end of input"
/// );
/// assert_eq!(err.offset(), 15);
/// assert_eq!((err.position().line, err.position().column), (2, 8));
/// // Debug, as `unwrap` prints it, says the same in words.
/// assert_eq!(
///     format!("{err:?}"),
///     "ParseError(\"expected `]` to close the value opened at 2:3, found end of input\", line: 2, column: 8, offset: 15)"
/// );
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct ParseError {
    kind: ErrorKind,
    span: Range<usize>,
    position: Position,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.position, self.kind)
    }
}

impl std::error::Error for ParseError {}

impl fmt::Debug for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "ParseError({:?}, line: {}, column: {}, offset: {})",
            self.kind.to_string(),
            self.position.line,
            self.position.column,
            self.span.start
        )
    }
}

impl ParseError {
    /// Builds an error for `kind` at byte `span` of `src`.
    pub fn new(kind: ErrorKind, span: Range<usize>, src: &[u8]) -> ParseError {
        let position = Position::of(src, span.start);
        ParseError {
            kind,
            span,
            position,
        }
    }

    /// What went wrong.
    pub fn kind(&self) -> &ErrorKind {
        &self.kind
    }

    /// The byte range of the input the error points at.
    pub fn span(&self) -> Range<usize> {
        self.span.clone()
    }

    /// The byte offset where the error starts.
    pub fn offset(&self) -> usize {
        self.span.start
    }

    /// The line and column where the error starts.
    pub fn position(&self) -> Position {
        self.position
    }

    /// Renders the error with the source line and a caret under the spot:
    ///
    /// ```
    /// let src = b"(;B[aa]C)";
    /// let err = sgfkit::parse(src).unwrap_err();
    /// let shown = err.render(src).to_string();
    /// assert!(shown.contains("(;B[aa]C)\n"));
    /// assert!(shown.ends_with("        ^\n"));
    /// ```
    pub fn render<'s>(&'s self, src: &'s [u8]) -> impl fmt::Display + 's {
        Snippet {
            message: self,
            src,
            offset: self.span.start,
        }
    }
}

/// Something the parser accepted but that is not quite right; the parse goes on.
///
/// ```
/// let mut warnings = Vec::new();
/// let tree = sgfkit::Collection::parse_with(
///     b"junk(;AddBlack[aa])",
///     &sgfkit::ParseOptions::default(),
///     &mut warnings,
/// )
/// .unwrap();
/// assert_eq!(tree.games().len(), 1);
/// assert_eq!(warnings.len(), 2);
/// assert_eq!(warnings[0].to_string(), "1:1: skipped 4 bytes before the first game tree");
/// assert_eq!(warnings[1].to_string(), "1:7: FF[3] identifier `AddBlack` read as `AB`");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Warning {
    kind: WarningKind,
    span: Range<usize>,
    position: Position,
}

/// The kinds of [`Warning`].
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum WarningKind {
    /// Bytes before the first game tree, or between or after game trees,
    /// were skipped (mail headers, HTML, trailing text).
    SkippedJunk {
        /// Where the junk is: before, between or after the game trees.
        place: JunkPlace,
    },
    /// An FF\[3\] identifier with lower-case letters was read as its
    /// upper-case letters (`AddBlack` → `AB`).
    LowercaseIdent {
        /// The identifier as written.
        written: String,
        /// The identifier as read.
        read: String,
    },
    /// A UTF-8 byte order mark at the start was skipped.
    ByteOrderMark,
}

/// Where skipped junk stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JunkPlace {
    /// Before the first game tree.
    Before,
    /// Between two game trees.
    Between,
    /// After the last game tree.
    After,
}

impl Warning {
    /// Builds a warning for `kind` at byte `span` of `src`.
    pub fn new(kind: WarningKind, span: Range<usize>, src: &[u8]) -> Warning {
        let position = Position::of(src, span.start);
        Warning {
            kind,
            span,
            position,
        }
    }

    /// A warning for `kind` at byte `span` whose line and column are known
    /// (from a [`PositionCursor`] moving forward over many warnings).
    pub(crate) fn at(kind: WarningKind, span: Range<usize>, position: Position) -> Warning {
        Warning {
            kind,
            span,
            position,
        }
    }

    /// What the warning is about.
    pub fn kind(&self) -> &WarningKind {
        &self.kind
    }
    /// The byte range it points at.
    pub fn span(&self) -> Range<usize> {
        self.span.clone()
    }
    /// The line and column it points at.
    pub fn position(&self) -> Position {
        self.position
    }
    /// Renders the warning with its source line and a caret, like [`ParseError::render`].
    pub fn render<'s>(&'s self, src: &'s [u8]) -> impl fmt::Display + 's {
        Snippet {
            message: self,
            src,
            offset: self.span.start,
        }
    }
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", self.position)?;
        let len = self.span.len();
        match &self.kind {
            WarningKind::SkippedJunk { place } => {
                let place = match place {
                    JunkPlace::Before => "before the first game tree",
                    JunkPlace::Between => "between game trees",
                    JunkPlace::After => "after the last game tree",
                };
                write!(f, "skipped {len} bytes {place}")
            }
            WarningKind::LowercaseIdent { written, read } => {
                write!(f, "FF[3] identifier `{written}` read as `{read}`")
            }
            WarningKind::ByteOrderMark => f.write_str("skipped a UTF-8 byte order mark"),
        }
    }
}

impl std::error::Error for Warning {}

/// A place that receives warnings while a parse goes on.
///
/// Implemented for `Vec<Warning>` (collects them), `()` (drops them) and any
/// `FnMut(Warning)`.
pub trait WarningSink {
    /// Receives one warning.
    fn warn(&mut self, warning: Warning);
}

impl WarningSink for Vec<Warning> {
    fn warn(&mut self, warning: Warning) {
        self.push(warning);
    }
}

impl WarningSink for () {
    fn warn(&mut self, _: Warning) {}
}

impl<F: FnMut(Warning)> WarningSink for F {
    fn warn(&mut self, warning: Warning) {
        self(warning);
    }
}

struct Snippet<'s, M> {
    message: &'s M,
    src: &'s [u8],
    offset: usize,
}

impl<M: fmt::Display> fmt::Display for Snippet<'_, M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.message)?;
        if let Some(s) = SourceLine::around(self.src, self.offset..self.offset + 1) {
            writeln!(f, "{}", s.text)?;
            writeln!(f, "{}{}", s.pad, s.carets)?;
        }
        Ok(())
    }
}
