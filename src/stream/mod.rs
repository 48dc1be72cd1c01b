//! Huge collections in bounded memory: one game tree at a time.
//!
//! [`Games`] reads any [`io::Read`] in chunks and yields each top-level game
//! tree as a [`Game`] that owns its bytes and knows where it stood in the
//! whole input (byte offset, line and column), so a diagnostic found in one
//! game can be pointed at in the big file. [`split_games`] frames the game
//! trees of bytes already in memory the same way (to parse them in
//! parallel, say).
//!
//! ```
//! use sgfkit::stream::Games;
//!
//! let file = b"(;GM[1]C[a (tricky\\] one)];B[aa])\r\n(;GM[1];W[bb])".as_slice();
//! let mut moves = 0;
//! for game in Games::new(file) {
//!     let game = game?;
//!     let tree = game.parse()?;
//!     moves += tree.node_count() - 1;
//!     println!("game at line {}", game.position().line);
//! }
//! assert_eq!(moves, 2);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Framing
//!
//! A quick byte scan finds the trees; it knows values (`[...]`, with `\`
//! escapes), so a `(` or `)` in a comment does not count, and nothing else
//! about the grammar. As in [`crate::parse`], a game tree starts at a `(`
//! followed (after optional white space) by `;`; bytes before, between and
//! after game trees (a UTF-8 byte order mark, mail headers, web pages) are
//! skipped. A tree ends at the `)` that balances its `(`, or where it lost
//! it (see [Damaged input](#damaged-input)). The games are then the same as
//! those `parse` reads from the whole input: a valid collection gives the
//! same games either way, unless a variation in it starts with `GM` or `FF`
//! (root properties, which FF\[4\] allows in root nodes only). Tree
//! content that the strict parser refuses to skip starts a game tree too,
//! as the lenient reader of a whole input reads it: a `(` followed by a
//! property (its `;` missing) and a `;` followed by a property (its `(`
//! missing, as in Fox's files), so no node is lost between the games.
//!
//! # Memory
//!
//! [`Games`] holds the current game tree and one chunk (1 MiB by default,
//! see [`Games::chunk_size`]) in a buffer that grows by half when a tree
//! needs more room and shrinks back after it; each yielded [`Game`] owns its
//! bytes, for as long as the caller keeps it. So reading a collection of any
//! size costs at most 1.5 times its largest game tree plus two chunks, and
//! a game tree larger than [`Games::max_game_size`] (256 MiB by default) is
//! skipped with [`StreamError::TooLarge`] without being held. Streaming
//! 1 GB of games (the largest tree 2 MB) peaks at 12 MB resident for the
//! whole process (the test `stream_1gb_in_bounded_memory` measures it).
//!
//! # Damaged input
//!
//! * A last tree cut short (a truncated download) is yielded with the
//!   bytes up to the end of the input and [`Game::is_complete`] false:
//!   [`Game::parse`] then fails with a positioned error, and lenient
//!   reading ([`Game::read`] with [`ReadOptions::lenient`](crate::ReadOptions::lenient))
//!   recovers what it can.
//! * A tree that lost its `)` ends where the next game starts: at a `(`
//!   followed by `;` and a node with a `GM` or `FF` property, root
//!   properties that no variation holds (the rule and its bounds:
//!   [`starts_lost_game`]). It is yielded with its bytes up to that `(` and
//!   [`Game::is_complete`] false, so it is reported (a strict parse fails at
//!   its end; the lenient reader closes it with `L005` there), and the games
//!   after it come one at a time as usual: memory stays bounded by the
//!   largest game, not by [`Games::max_game_size`].
//!   The lenient reader of the whole input frames it the same way (`L005`
//!   where the next game starts); a strict parse reads such a game as a
//!   variation of the tree before it (and fails for the missing `)`), and
//!   [`separate_lost_games`] sets those variations apart by the same rule.
//! * A tree whose brackets are damaged otherwise (a value that never
//!   closes: `C[path\]`) runs on into the trees after it, up to the end of
//!   the input or to [`Games::max_game_size`], as it would in a parse of
//!   the whole input: a `(` inside a value starts nothing.
//!   An unescaped `]` inside a value (`C[a ] b]`) only shortens that value:
//!   the framing is unaffected unless the rest of the value holds a `(`,
//!   `)` or `[`.

mod lines;
mod split;

use crate::error::{ParseError, Position};
use crate::scan::{Event, Framer, State};
use crate::{Collection, ParseOptions};
use lines::StreamLines;
pub use split::{
    MAX_NAME_LEN, NamePattern, PatternError, safe_file_name, separate_lost_games, starts_lost_game,
};
use std::fmt;
use std::io::{self, Read};
use std::ops::Range;

/// The default [`Games::chunk_size`]: 1 MiB.
pub const DEFAULT_CHUNK_SIZE: usize = 1 << 20;
/// The default [`Games::max_game_size`]: 256 MiB.
pub const DEFAULT_MAX_GAME_SIZE: usize = 256 << 20;

/// One top-level game tree of a larger input: its bytes (from its `(` to
/// its `)`; from its `;` for a tree whose `(` is missing), and where they
/// stood.
#[derive(Clone, PartialEq, Eq)]
pub struct Game {
    bytes: Vec<u8>,
    offset: u64,
    position: Position,
    complete: bool,
}

impl fmt::Debug for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Game")
            .field("offset", &self.offset)
            .field("position", &self.position)
            .field("len", &self.bytes.len())
            .field("complete", &self.complete)
            .finish()
    }
}

impl Game {
    /// The game tree's bytes, from where it starts to its `)`.
    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// The game tree's bytes, owned.
    pub fn into_bytes(self) -> Vec<u8> {
        self.bytes
    }

    /// The byte offset of the tree's `(` in the whole input.
    pub fn offset(&self) -> u64 {
        self.offset
    }

    /// The line and column of the tree's `(` in the whole input.
    pub fn position(&self) -> Position {
        self.position
    }

    /// False for a tree that lacks its `)`: a last tree that the input
    /// ended before closing, or one that lost its `)` before the next game
    /// (see [Damaged input](crate::stream#damaged-input)).
    pub fn is_complete(&self) -> bool {
        self.complete
    }

    /// Parses the game tree with the default options (a collection of one
    /// game tree, borrowing the bytes).
    ///
    /// # Errors
    /// As [`crate::parse`]; positions are within [`Game::bytes`], those in
    /// the error's kind too (see [`Game::position_in_input`]).
    pub fn parse(&self) -> Result<Collection<'_>, ParseError> {
        Collection::parse_with(&self.bytes, &ParseOptions::default(), &mut ())
    }

    /// Reads the game tree as [`crate::read`] reads a file, with the same
    /// [`ReadOptions`](crate::ReadOptions) (decoding, limits, strict or
    /// lenient); positions are within [`Game::bytes`] (see
    /// [`Game::place`]).
    ///
    /// ```
    /// use sgfkit::ReadOptions;
    /// use sgfkit::stream::Games;
    /// let input = b"(;CA[ISO-8859-1]PB[Ren\xe9])(;B[aa]".as_slice();
    /// let games: Vec<_> = Games::new(input).collect::<Result<_, _>>()?;
    /// let doc = games[0].read(&ReadOptions::default())?;
    /// assert_eq!(doc.collection().games().next().unwrap().get("PB").unwrap().value(), "René".as_bytes());
    /// let doc = games[1].read(&ReadOptions::lenient())?;
    /// assert_eq!(doc.diagnostics()[0].code.as_str(), "L005"); // the missing `)`
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`crate::read`].
    #[cfg(feature = "encoding")]
    pub fn read(&self, options: &crate::ReadOptions) -> Result<crate::Document<'_>, ParseError> {
        crate::read(&self.bytes, options)
    }

    /// The offset in the whole input of byte `local` of [`Game::bytes`].
    pub fn offset_in_input(&self, local: usize) -> u64 {
        self.offset + local as u64
    }

    /// The line and column in the whole input of byte `local` of
    /// [`Game::bytes`] (for an error or a warning of [`Game::parse`]).
    ///
    /// ```
    /// use sgfkit::stream::Games;
    /// let input = b"junk\n\n  (;B[aa]\n  ;C[open)".as_slice();
    /// let game = Games::new(input).next().unwrap()?;
    /// let err = game.parse().unwrap_err();
    /// assert_eq!(err.to_string(), "2:11: expected `]` to close the value opened at 2:5, found end of input");
    /// let at = game.position_in_input(err.offset());
    /// assert_eq!((at.line, at.column), (4, 11));
    /// # Ok::<(), sgfkit::stream::StreamError>(())
    /// ```
    pub fn position_in_input(&self, local: usize) -> Position {
        self.place(Position::of(&self.bytes, local))
    }

    /// A position counted in this game tree's bytes (a diagnostic's, say),
    /// as the position in the whole input: what
    /// [`position_in_input`](Self::position_in_input) gives for an offset,
    /// for a position already known.
    ///
    /// ```
    /// use sgfkit::Position;
    /// let mut games = sgfkit::stream::Games::new(&b"(;B[aa])\n  (;W[bb]\n;B[cc])"[..]);
    /// let _ = games.next();
    /// let game = games.next().unwrap()?;
    /// let on_first = game.place(Position { line: 1, column: 3 });
    /// assert_eq!((on_first.line, on_first.column), (2, 5));
    /// let below = game.place(Position { line: 2, column: 2 });
    /// assert_eq!((below.line, below.column), (3, 2));
    /// # Ok::<(), sgfkit::stream::StreamError>(())
    /// ```
    pub fn place(&self, local: Position) -> Position {
        if local.line == 1 {
            Position {
                line: self.position.line,
                column: self.position.column.saturating_add(local.column - 1),
            }
        } else {
            Position {
                line: self.position.line.saturating_add(local.line - 1),
                column: local.column,
            }
        }
    }
}

/// Why [`Games`] could not yield a game.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum StreamError {
    /// Reading the input failed; the iterator ends (after the game trees
    /// read before the failure, an unclosed one dropped).
    #[error("reading the input: {0}")]
    Io(#[from] io::Error),
    /// A game tree grew past [`Games::max_game_size`]; it is skipped (up to
    /// its `)`, if there is one) and reading goes on after it.
    #[error(
        "{position}: the game tree at byte {offset} is larger than the limit of {limit} bytes (skipped)"
    )]
    TooLarge {
        /// The byte offset of the tree's `(`.
        offset: u64,
        /// The line and column of the tree's `(`.
        position: Position,
        /// The limit in force.
        limit: usize,
    },
}

/// The game trees of an [`io::Read`], one at a time; see the [module
/// docs](self).
///
/// ```
/// use sgfkit::stream::Games;
/// let input = "\u{feff}(;GM[1];B[aa])\nsome junk (not a tree)\n(;GM[1];W[bb]".as_bytes();
/// let games: Vec<_> = Games::new(input).chunk_size(4).collect::<Result<_, _>>()?;
/// assert_eq!(games.len(), 2);
/// assert_eq!(games[0].bytes(), b"(;GM[1];B[aa])");
/// assert_eq!((games[0].position().line, games[0].position().column), (1, 1));
/// assert_eq!((games[1].offset(), games[1].position().line), (41, 3));
/// // The last tree is not closed: its bytes come anyway.
/// assert!(!games[1].is_complete());
/// assert!(games[1].parse().is_err());
/// # Ok::<(), sgfkit::stream::StreamError>(())
/// ```
#[derive(Debug)]
pub struct Games<R> {
    reader: R,
    chunk: usize,
    max_game: usize,
    /// Input not yet dropped: `buf[0]` is input byte `base`.
    buf: Vec<u8>,
    base: u64,
    /// How far the framer has scanned, in `buf`.
    pos: usize,
    framer: Framer,
    /// The current tree: the offset of its `(` and its position; `None`
    /// between trees and while skipping a tree that is too large.
    tree: Option<(u64, Position)>,
    /// A `(` followed by more white space than the limit: its position,
    /// while its bytes are not held.
    long_opening: Option<(u64, Position)>,
    lines: StreamLines,
    eof: bool,
    /// A read error, reported once the bytes read before it are framed.
    error: Option<io::Error>,
    done: bool,
}

impl<R: io::Read> Games<R> {
    /// Reads the game trees of `reader`, a chunk at a time (so a file needs
    /// no `BufReader`).
    pub fn new(reader: R) -> Games<R> {
        Games {
            reader,
            chunk: DEFAULT_CHUNK_SIZE,
            max_game: DEFAULT_MAX_GAME_SIZE,
            buf: Vec::new(),
            base: 0,
            pos: 0,
            framer: Framer::default(),
            tree: None,
            long_opening: None,
            lines: StreamLines::default(),
            eof: false,
            error: None,
            done: false,
        }
    }

    /// Sets how many bytes are read at a time (default
    /// [`DEFAULT_CHUNK_SIZE`]; at least 1).
    pub fn chunk_size(mut self, bytes: usize) -> Self {
        self.chunk = bytes.max(1);
        self
    }

    /// Sets the largest game tree held (default [`DEFAULT_MAX_GAME_SIZE`]);
    /// a larger one gives [`StreamError::TooLarge`] and is skipped.
    ///
    /// ```
    /// use sgfkit::stream::{Games, StreamError};
    /// let input = b"(;C[a long comment]) (;B[aa])".as_slice();
    /// let mut games = Games::new(input).max_game_size(10);
    /// assert!(matches!(games.next(), Some(Err(StreamError::TooLarge { offset: 0, .. }))));
    /// assert_eq!(games.next().unwrap()?.bytes(), b"(;B[aa])");
    /// assert!(games.next().is_none());
    /// # Ok::<(), StreamError>(())
    /// ```
    pub fn max_game_size(mut self, bytes: usize) -> Self {
        self.max_game = bytes;
        self
    }

    /// The reader.
    pub fn into_inner(self) -> R {
        self.reader
    }

    /// The input offset before which nothing is needed any more: the
    /// current tree's `(`, a `(` that may start one, or what is scanned.
    fn keep_from(&self) -> u64 {
        match (&self.tree, self.framer.state) {
            (Some((start, _)), _) => *start,
            (None, State::Opening { at, .. }) if !self.is_long_opening(at) => at,
            // A `(` that may start the next game (at most `MAX_PROBE` back).
            (None, State::Probing { paren, .. }) => paren,
            _ => self.base + self.pos as u64,
        }
    }

    /// The `(` at input offset `paren` is followed by more white space than
    /// the limit.
    fn is_long_opening(&self, paren: u64) -> bool {
        self.long_opening.is_some_and(|l| l.0 == paren)
    }

    /// Drops the input before [`Games::keep_from`] and reads a chunk.
    fn refill(&mut self) {
        let keep = self.keep_from();
        self.lines.advance(&self.buf, self.base, keep);
        let cut = (keep - self.base) as usize;
        self.buf.drain(..cut);
        self.base = keep;
        self.pos -= cut;
        // After a large tree, give the memory back.
        if self.buf.capacity() > 4 * self.chunk && self.buf.len() < self.chunk {
            self.buf.shrink_to(2 * self.chunk);
        }
        let len = self.buf.len();
        if self.buf.capacity() < len + self.chunk {
            // Grow by half (not double) for a large tree: still linear time.
            self.buf.reserve_exact(self.chunk.max(len / 2));
        }
        // Up to a chunk (`read_to_end` on `take` retries interruptions and
        // needs no zeroed buffer).
        match (&mut self.reader)
            .take(self.chunk as u64)
            .read_to_end(&mut self.buf)
        {
            Ok(n) => self.eof = n == 0,
            Err(e) => {
                // Frame what was read before, then report it.
                self.eof = true;
                self.error = Some(e);
            }
        }
    }

    /// If the current tree, scanned up to input offset `end`, is larger than
    /// the limit: the error, and the tree dropped.
    fn too_large(&mut self, end: u64) -> Option<StreamError> {
        let (start, position) = self.tree?;
        if end - start <= self.max_game as u64 {
            return None;
        }
        self.tree = None;
        Some(StreamError::TooLarge {
            offset: start,
            position,
            limit: self.max_game,
        })
    }

    /// The current tree, up to input offset `end`.
    fn take(&mut self, end: u64, complete: bool) -> Option<Game> {
        let (start, position) = self.tree.take()?;
        let from = (start - self.base) as usize;
        let to = (end - self.base) as usize;
        Some(Game {
            bytes: self.buf[from..to].to_vec(),
            offset: start,
            position,
            complete,
        })
    }
}

impl<R: io::Read> Iterator for Games<R> {
    type Item = Result<Game, StreamError>;

    fn next(&mut self) -> Option<Self::Item> {
        while !self.done {
            if self.pos == self.buf.len() {
                if self.eof {
                    self.done = true;
                    if let Some(e) = self.error.take() {
                        return Some(Err(e.into()));
                    }
                    // A tree still open is yielded as it is, if it is
                    // within the limit.
                    let end = self.base + self.buf.len() as u64;
                    if let Some(e) = self.too_large(end) {
                        return Some(Err(e));
                    }
                    return self.take(end, false).map(Ok);
                }
                self.refill();
                continue;
            }
            match self.framer.scan(&self.buf, self.base, &mut self.pos) {
                Some(Event::Start(at)) => {
                    if let Some((_, position)) = self.long_opening.take().filter(|l| l.0 == at) {
                        // Skip the tree: its bytes are gone already.
                        return Some(Err(StreamError::TooLarge {
                            offset: at,
                            position,
                            limit: self.max_game,
                        }));
                    }
                    self.lines.advance(&self.buf, self.base, at);
                    self.tree = Some((at, self.lines.position(&self.buf, self.base)));
                }
                Some(Event::End(end)) => {
                    if let Some(e) = self.too_large(end) {
                        return Some(Err(e));
                    }
                    if self.tree.is_some() {
                        return self.take(end, true).map(Ok);
                    }
                }
                Some(Event::Lost(at)) => {
                    // The tree ends without its `)` (or, too large, was
                    // being skipped); the next one starts at `at`.
                    let ended = match self.too_large(at) {
                        Some(e) => Some(Err(e)),
                        None => self.take(at, false).map(Ok),
                    };
                    self.lines.advance(&self.buf, self.base, at);
                    self.tree = Some((at, self.lines.position(&self.buf, self.base)));
                    if ended.is_some() {
                        return ended;
                    }
                }
                None => {
                    let at = self.base + self.pos as u64;
                    if let Some(e) = self.too_large(at) {
                        // Go on to its end holding nothing.
                        return Some(Err(e));
                    }
                    match self.framer.state {
                        State::Opening { at: start, .. }
                            if at - start > self.max_game as u64
                                && !self.is_long_opening(start) =>
                        {
                            self.lines.advance(&self.buf, self.base, start);
                            self.long_opening =
                                Some((start, self.lines.position(&self.buf, self.base)));
                        }
                        State::Opening { .. } => {}
                        _ => self.long_opening = None,
                    }
                }
            }
        }
        None
    }
}

impl<R: io::Read> std::iter::FusedIterator for Games<R> {}

/// Splits a collection in memory into its top-level game trees, framed as
/// [`Games`] does: each item is the byte range of one tree, `(` to `)`, in
/// input order. A last tree that `src` ends before closing runs to the end
/// of `src` (its parse reports where it stops).
///
/// The scan works on bytes: it is exact in UTF-8 and in every charset in
/// which the bytes `(`, `)`, `;`, `[`, `]` and `\` always stand for those
/// characters. In Shift_JIS, Big5 and GBK a two-byte character ending in
/// `0x5C` or `0x5D` can end a value early or late, so a split may be wrong
/// in such files; UTF-16 and UTF-32 input must be transcoded first (see
/// [`crate::encoding`]).
///
/// ```
/// let src = b"(;GM[1]C[a ) in a comment];B[aa])\njunk (not a tree)\n(;GM[1];W[bb])";
/// let games: Vec<_> = sgfkit::stream::split_games(src).collect();
/// assert_eq!(games, [0..33, 52..66]);
/// for range in games {
///     assert!(sgfkit::parse(&src[range]).is_ok());
/// }
/// ```
pub fn split_games(src: &[u8]) -> SplitGames {
    SplitGames {
        trees: crate::scan::tree_ranges(src).into_iter(),
    }
}

/// The iterator of [`split_games`].
#[derive(Debug, Clone)]
pub struct SplitGames {
    trees: std::vec::IntoIter<Range<usize>>,
}

impl Iterator for SplitGames {
    type Item = Range<usize>;

    fn next(&mut self) -> Option<Range<usize>> {
        self.trees.next()
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.trees.size_hint()
    }
}

impl ExactSizeIterator for SplitGames {}

impl std::iter::FusedIterator for SplitGames {}

#[cfg(test)]
mod tests;
