//! The SGF grammar as nom 8 combinators, one function per EBNF rule.
//!
//! `grammar.ebnf` at the root of the repository is the reference; each rule
//! there names the function that implements it, and each function here quotes
//! its rule. The structural rules are:
//!
//! ```text
//! Collection = GameTree { GameTree }            (* fn collection *)
//! GameTree   = "(" Sequence { GameTree } ")"    (* fn game_tree *)
//! Sequence   = Node { Node }                    (* fn sequence *)
//! Node       = ";" { Property }                 (* fn node *)
//! Property   = PropIdent PropValue { PropValue }  (* fn property *)
//! PropIdent  = UcLetter { UcLetter }            (* fn prop_ident *)
//! PropValue  = "[" CValueType "]"               (* fn prop_value *)
//! CValueType = (ValueType | Compose)            (* fn c_value_type *)
//! ```
//!
//! # How the rules are written
//!
//! * **Complete mode.** Every rule works on a complete input; `Err::Incomplete`
//!   is never produced.
//! * **Generic input.** The rules are generic over [`SgfInput`], implemented
//!   for `&[u8]` (the fast path: byte offsets only) and for nom_locate's
//!   `LocatedSpan<&[u8]>` (where line and column are the product). Measured on
//!   this machine, `LocatedSpan` in the hot path costs about 4.7×, so the
//!   public parse functions use `&[u8]` and compute line and column only when
//!   an error is reported.
//! * **Events, not values.** The structural rules take a [`Visitor`] and
//!   report what they see (`(`, `;`, each property, `)`); they build nothing.
//!   Property values stay raw and borrowed, escapes intact.
//! * **No recursion on nesting.** `GameTree` is recursive in the EBNF; written
//!   naively, nom recursion overflows a 2 MiB stack at about 1,000 levels.
//!   [`game_tree`] keeps an explicit count of open trees instead, so nesting
//!   depth costs no stack at all, and enforces a depth limit.
//! * **One scanner.** The rules find their tokens through
//!   [`crate::structural`] (white space, identifiers, value ends), the
//!   scanner the scan of tree boundaries uses too. The structural rules walk
//!   byte indices into the input and make an `I` only where they return or
//!   fail, so a `LocatedSpan` counts lines once per rule, not per token.
//! * **`cut` after an opener.** Once `(`, `;` or `[` has been read, a failure
//!   is final (`Err::Failure`), so errors point at the real spot.
//! * **Whitespace** is accepted between all tokens, including between a
//!   property identifier and its first value (real files have it).
//! * **FF\[3\] identifiers** such as `AddBlack` are accepted by [`prop_ident`]
//!   (letters with at least one capital); the caller reads them as their
//!   capitals and warns.

pub mod value;

use crate::error::{Expected, JunkPlace};
pub(crate) use crate::structural::is_ws;
pub use crate::structural::value_end;
use crate::structural::{ident_end, ident_len, move_node, value_close, ws_end, ws_len};
use nom::error::{ErrorKind, ParseError};
use nom::{Err, IResult, Input, Offset};
use nom_locate::LocatedSpan;

/// The input the grammar reads: a byte slice, or a nom_locate span over one.
///
/// Both give access to the underlying bytes, which the visitor receives as
/// borrowed slices of the original input.
pub trait SgfInput<'a>: Clone + Input<Item = u8> + Offset {
    /// The bytes from the current position to the end.
    fn bytes(&self) -> &'a [u8];
}

impl<'a> SgfInput<'a> for &'a [u8] {
    #[inline(always)]
    fn bytes(&self) -> &'a [u8] {
        self
    }
}

impl<'a, X: Clone> SgfInput<'a> for LocatedSpan<&'a [u8], X> {
    #[inline(always)]
    fn bytes(&self) -> &'a [u8] {
        self.fragment()
    }
}

/// The grammar's internal error: where it stopped and what it expected.
///
/// It implements nom's [`ParseError`], so nom's own combinators can be used
/// with it. The grammar's public rules ([`collection`] and the others, for
/// programs that combine them) return it as it is; the crate's parse
/// functions ([`crate::parse`], [`Collection::parse_with`](crate::Collection::parse_with),
/// the events and the readers) convert it to [`crate::ParseError`], with
/// line and column.
#[derive(Debug, Clone, PartialEq)]
pub struct SyntaxError<I> {
    /// The input where the rule failed.
    pub input: I,
    /// What the rule expected there.
    pub expected: Expected,
    /// For an unclosed `[` or `(`: the input at the opener.
    pub opened: Option<I>,
    /// Set when a depth limit was exceeded, with the limit.
    pub depth_limit: Option<u32>,
}

impl<I> SyntaxError<I> {
    /// An error at `input` expecting `expected`.
    pub fn new(input: I, expected: Expected) -> Self {
        SyntaxError {
            input,
            expected,
            opened: None,
            depth_limit: None,
        }
    }
}

impl<I> ParseError<I> for SyntaxError<I> {
    fn from_error_kind(input: I, kind: ErrorKind) -> Self {
        let expected = match kind {
            ErrorKind::Eof => Expected::EndOfInput,
            _ => Expected::NodeOrTree,
        };
        SyntaxError::new(input, expected)
    }

    fn append(_: I, _: ErrorKind, other: Self) -> Self {
        other
    }

    fn from_char(input: I, c: char) -> Self {
        let byte = u8::try_from(c).unwrap_or(b'?');
        SyntaxError::new(input, Expected::Char(byte))
    }
}

/// The result type of every structural rule.
pub type PResult<I, O> = IResult<I, O, SyntaxError<I>>;

/// One property as the grammar sees it: its identifier and its values, all
/// borrowed from the input, escapes intact.
///
/// ```text
/// AB[dd] [pp]
/// --            ident
///   ---------   values_raw (from the first `[` to the last `]`)
/// ```
///
/// ```
/// use sgfkit::RawProperty;
/// let p = RawProperty::new(b"AB", b"[dd] [p\\]p]");
/// assert_eq!(p.ident(), b"AB");
/// let v: Vec<&[u8]> = p.values().collect();
/// assert_eq!(v, [&b"dd"[..], &b"p\\]p"[..]]);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RawProperty<'a> {
    ident: &'a [u8],
    values_raw: &'a [u8],
}

impl<'a> RawProperty<'a> {
    /// A property from its identifier as written and its raw values text
    /// (`[...]` groups, whitespace allowed between them).
    pub fn new(ident: &'a [u8], values_raw: &'a [u8]) -> Self {
        RawProperty { ident, values_raw }
    }

    /// The identifier as written (FF\[3\] files may have lower-case letters).
    pub fn ident(&self) -> &'a [u8] {
        self.ident
    }

    /// True when the identifier has lower-case letters (FF\[3\] style).
    pub fn has_lowercase(&self) -> bool {
        self.ident.iter().any(u8::is_ascii_lowercase)
    }

    /// The values text, from the first `[` to the last `]`.
    pub fn values_raw(&self) -> &'a [u8] {
        self.values_raw
    }

    /// The values, each the raw bytes between `[` and `]`, escapes intact.
    pub fn values(&self) -> RawValues<'a> {
        RawValues {
            rest: self.values_raw,
        }
    }
}

/// Iterator over the raw values of a `[..][..]` text; see [`RawProperty::values`].
#[derive(Debug, Clone)]
pub struct RawValues<'a> {
    rest: &'a [u8],
}

impl<'a> RawValues<'a> {
    /// Iterates over the values of a `[..][..]` text.
    pub fn new(values_raw: &'a [u8]) -> Self {
        RawValues { rest: values_raw }
    }
}

impl<'a> Iterator for RawValues<'a> {
    type Item = &'a [u8];
    fn next(&mut self) -> Option<&'a [u8]> {
        let start = self.rest.iter().position(|&b| b == b'[')?;
        let body = &self.rest[start + 1..];
        let end = value_end(body).unwrap_or(body.len());
        self.rest = body.get(end + 1..).unwrap_or(&[]);
        Some(&body[..end])
    }
}

/// What the structural rules report, in file order. Every slice is borrowed
/// from the input; its address tells where it stands.
pub trait Visitor<'a> {
    /// `(` opens a game tree; `at` starts at the `(`.
    fn start_tree(&mut self, at: &'a [u8]);
    /// `)` closes the innermost open game tree; `at` starts at the `)`.
    fn end_tree(&mut self, at: &'a [u8]);
    /// `;` starts a node; `at` starts at the `;`.
    fn start_node(&mut self, at: &'a [u8]);
    /// A property of the current node.
    fn property(&mut self, prop: RawProperty<'a>);
    /// Bytes that are not part of any game tree were skipped.
    fn junk(&mut self, skipped: &'a [u8], place: JunkPlace);
}

/// Limits the structural rules enforce.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The deepest nesting of game trees accepted.
    pub max_depth: u32,
}

// ---------------------------------------------------------------------------
// Structural rules
// ---------------------------------------------------------------------------

/// `Collection = GameTree { GameTree }`
///
/// Bytes before the first game tree, between game trees and after the last
/// are skipped and reported to [`Visitor::junk`] (mail headers, web pages and
/// trailing text are common). A game tree starts at `(` followed, after
/// optional whitespace, by `;`. An input with no game tree fails with
/// [`Expected::GameTree`].
///
/// Skipped bytes that hold tree content fail, because skipping them would
/// lose moves and give other games than the file records: a node (`;`
/// followed by a property, as in a file that starts `;GM[1]` without its
/// `(`) fails expecting `(`, and a `(` followed by a property (a tree
/// without its `;`) fails expecting `;` at the property. The lenient reader
/// (`check::parse_lenient`) repairs both.
pub fn collection<'a, I, V>(visitor: &mut V, limits: Limits) -> impl FnMut(I) -> PResult<I, ()>
where
    I: SgfInput<'a>,
    V: Visitor<'a>,
{
    move |input: I| {
        let mut i = input;
        let mut place = JunkPlace::Before;
        loop {
            let bytes = i.bytes();
            let start = ws_len(bytes);
            let Some(tree_at) = find_tree_start(bytes, start) else {
                if place == JunkPlace::Before {
                    return Err(Err::Error(SyntaxError::new(
                        i.take_from(start),
                        Expected::GameTree,
                    )));
                }
                if start < bytes.len() {
                    reject_tree_content(i.clone(), start, bytes.len())?;
                    visitor.junk(&bytes[start..], JunkPlace::After);
                }
                return Ok((i.take_from(bytes.len()), ()));
            };
            if tree_at > start {
                reject_tree_content(i.clone(), start, tree_at)?;
                visitor.junk(&bytes[start..tree_at], place);
            }
            let (rest, ()) = game_tree(visitor, limits)(i.take_from(tree_at))?;
            i = rest;
            place = JunkPlace::Between;
        }
    }
}

/// `GameTree = "(" Sequence { GameTree } ")"`
///
/// Written without recursion: the rule reads `(`, a sequence, and then either
/// a nested `(` (one level deeper) or a `)` (one level up) until the tree it
/// opened is closed. Nesting deeper than [`Limits::max_depth`] fails.
pub fn game_tree<'a, I, V>(visitor: &mut V, limits: Limits) -> impl FnMut(I) -> PResult<I, ()>
where
    I: SgfInput<'a>,
    V: Visitor<'a>,
{
    move |input: I| {
        let bytes = input.bytes();
        if bytes.first() != Some(&b'(') {
            return Err(Err::Error(SyntaxError::new(input, Expected::Char(b'('))));
        }
        visitor.start_tree(bytes);
        // The openers of the nested trees still open (the outermost one's
        // is at 0); only kept for error messages.
        let mut open: Vec<usize> = Vec::new();
        let mut k = 1;
        loop {
            // A sequence must follow every `(`.
            k = sequence_at(visitor, bytes, ws_end(bytes, k)).map_err(|stop| stop.fail(&input))?;
            k = ws_end(bytes, k);
            // Then nested trees and closing parentheses.
            loop {
                match bytes.get(k) {
                    Some(b'(') => {
                        if open.len() + 1 >= limits.max_depth as usize {
                            let mut e = SyntaxError::new(input.take_from(k), Expected::Char(b')'));
                            e.depth_limit = Some(limits.max_depth);
                            return Err(Err::Failure(e));
                        }
                        visitor.start_tree(&bytes[k..]);
                        open.push(k);
                        k += 1;
                        break;
                    }
                    Some(b')') => {
                        visitor.end_tree(&bytes[k..]);
                        k += 1;
                        if open.pop().is_none() {
                            return Ok((input.take_from(k), ()));
                        }
                        k = ws_end(bytes, k);
                    }
                    _ => {
                        let mut e = SyntaxError::new(input.take_from(k), Expected::Char(b')'));
                        e.opened = Some(input.take_from(open.pop().unwrap_or(0)));
                        return Err(Err::Failure(e));
                    }
                }
            }
        }
    }
}

/// `Sequence = Node { Node }`
pub fn sequence<'a, I, V>(visitor: &mut V) -> impl FnMut(I) -> PResult<I, ()>
where
    I: SgfInput<'a>,
    V: Visitor<'a>,
{
    move |input: I| match sequence_at(visitor, input.bytes(), 0) {
        Ok(end) => Ok((input.take_from(end), ())),
        Err(stop) => Err(stop.into_err(&input)),
    }
}

/// [`sequence`] over `bytes` from `at`: the index after its last node.
#[inline(always)]
fn sequence_at<'a, V: Visitor<'a>>(
    visitor: &mut V,
    bytes: &'a [u8],
    at: usize,
) -> Result<usize, Stop> {
    let mut k = node_at(visitor, bytes, at)?;
    loop {
        let next = ws_end(bytes, k);
        if bytes.get(next) != Some(&b';') {
            return Ok(k);
        }
        k = node_at(visitor, bytes, next)?;
    }
}

/// `Node = ";" { Property }`
///
/// After the properties, the next byte must be `;`, `(` or `)`; anything
/// else fails with [`Expected::NodeOrTree`].
pub fn node<'a, I, V>(visitor: &mut V) -> impl FnMut(I) -> PResult<I, ()>
where
    I: SgfInput<'a>,
    V: Visitor<'a>,
{
    move |input: I| match node_at(visitor, input.bytes(), 0) {
        Ok(end) => Ok((input.take_from(end), ())),
        Err(stop) => Err(stop.into_err(&input)),
    }
}

/// [`node`] over `bytes` from `at`: the index after the node's last
/// property, white space after it included.
#[inline(always)]
fn node_at<'a, V: Visitor<'a>>(visitor: &mut V, bytes: &'a [u8], at: usize) -> Result<usize, Stop> {
    if bytes.get(at) != Some(&b';') {
        return Err(Stop::error(at, Expected::Char(b';')));
    }
    visitor.start_node(&bytes[at..]);
    // A move node (`;B[pd]` before the next `;`, `(` or `)`) in one test.
    if let Some(close) = move_node(bytes, at) {
        visitor.property(RawProperty::new(
            &bytes[at + 1..at + 2],
            &bytes[at + 2..close + 1],
        ));
        return Ok(close + 1);
    }
    let mut k = ws_end(bytes, at + 1);
    loop {
        match bytes.get(k) {
            Some(b) if b.is_ascii_alphabetic() => {
                let (end, ident, values) = property_at(bytes, k).map_err(|stop| Stop {
                    failure: true,
                    ..stop
                })?;
                visitor.property(RawProperty::new(&bytes[k..ident], &bytes[values..end]));
                k = ws_end(bytes, end);
            }
            Some(b';' | b'(' | b')') | None => return Ok(k),
            _ => return Err(Stop::failure(k, Expected::NodeOrTree)),
        }
    }
}

/// `Property = PropIdent PropValue { PropValue }`
///
/// Whitespace is allowed between the identifier and the first value and
/// between values. The values are returned as one raw slice (see
/// [`RawProperty`]); nothing is allocated.
#[inline]
pub fn property<'a, I: SgfInput<'a>>(input: I) -> PResult<I, RawProperty<'a>> {
    let bytes = input.bytes();
    match property_at(bytes, 0) {
        Ok((end, ident, values)) => Ok((
            input.take_from(end),
            RawProperty::new(&bytes[..ident], &bytes[values..end]),
        )),
        Err(stop) => Err(stop.into_err(&input)),
    }
}

/// [`property`] over `bytes` from `at`: the indices after it, after its
/// identifier, and of its first `[`.
#[inline(always)]
fn property_at(bytes: &[u8], at: usize) -> Result<(usize, usize, usize), Stop> {
    let (ident, capital) = ident_end(bytes, at);
    if !capital {
        return Err(Stop::error(at, Expected::PropIdent));
    }
    let first = ws_end(bytes, ident);
    if bytes.get(first) != Some(&b'[') {
        return Err(Stop::error(first, Expected::Char(b'[')));
    }
    let mut open = first;
    loop {
        // `PropValue`: `[`, `CValueType`, `]`.
        let Some(close) = value_close(bytes, open + 1) else {
            let mut stop = Stop::failure(bytes.len(), Expected::Char(b']'));
            stop.opened = Some(open);
            return Err(stop);
        };
        let after = close + 1;
        open = ws_end(bytes, after);
        if bytes.get(open) != Some(&b'[') {
            return Ok((after, ident, first));
        }
    }
}

/// Where a rule working on byte indices stopped: the grammar's error
/// before it is turned into a [`SyntaxError`] at the input.
#[derive(Debug, Clone, Copy)]
struct Stop {
    /// Index of the byte where the rule failed.
    at: usize,
    expected: Expected,
    /// For an unclosed `[`: its index.
    opened: Option<usize>,
    /// A failure (after a `cut`), not an error.
    failure: bool,
}

impl Stop {
    #[inline(always)]
    fn error(at: usize, expected: Expected) -> Self {
        Stop {
            at,
            expected,
            opened: None,
            failure: false,
        }
    }

    #[inline(always)]
    fn failure(at: usize, expected: Expected) -> Self {
        Stop {
            failure: true,
            ..Stop::error(at, expected)
        }
    }

    /// The nom error at `input`, where the indices start.
    #[cold]
    fn into_err<'a, I: SgfInput<'a>>(self, input: &I) -> Err<SyntaxError<I>> {
        let mut e = SyntaxError::new(input.take_from(self.at), self.expected);
        e.opened = self.opened.map(|o| input.take_from(o));
        if self.failure {
            Err::Failure(e)
        } else {
            Err::Error(e)
        }
    }

    /// As [`Stop::into_err`], always a failure (after a `cut`).
    #[cold]
    fn fail<'a, I: SgfInput<'a>>(self, input: &I) -> Err<SyntaxError<I>> {
        to_failure(self.into_err(input))
    }
}

/// `PropIdent = UcLetter { UcLetter }`
///
/// Also accepts the FF\[3\] form with lower-case letters (`AddBlack`), as long
/// as there is at least one capital; the caller decides what to do with the
/// lower-case letters.
#[inline]
pub fn prop_ident<'a, I: SgfInput<'a>>(input: I) -> PResult<I, Ident<'a>> {
    let bytes = input.bytes();
    let (len, capital) = ident_len(bytes);
    if len == 0 || !capital {
        return Err(Err::Error(SyntaxError::new(input, Expected::PropIdent)));
    }
    Ok((input.take_from(len), Ident(&bytes[..len])))
}

/// A property identifier as written; see [`prop_ident`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ident<'a>(pub &'a [u8]);

/// `PropValue = "[" CValueType "]"`
///
/// Returns the raw value between the brackets. After `[` a failure is final
/// and names the opening bracket.
#[inline]
pub fn prop_value<'a, I: SgfInput<'a>>(input: I) -> PResult<I, I> {
    if input.bytes().first() != Some(&b'[') {
        return Err(Err::Error(SyntaxError::new(input, Expected::Char(b'['))));
    }
    let (rest, raw) = c_value_type(input.take_from(1))?;
    if rest.bytes().first() != Some(&b']') {
        let mut e = SyntaxError::new(rest, Expected::Char(b']'));
        e.opened = Some(input);
        return Err(Err::Failure(e));
    }
    Ok((rest.take_from(1), raw))
}

/// `CValueType = (ValueType | Compose)`
///
/// At this level every value type is the same: any bytes up to the first `]`
/// that is not escaped by `\`. The value is returned raw; the typed value
/// rules in [`value`] read it when a caller asks. Never fails: an unclosed
/// value is reported by [`prop_value`].
#[inline]
pub fn c_value_type<'a, I: SgfInput<'a>>(input: I) -> PResult<I, I> {
    let bytes = input.bytes();
    let end = value_end(bytes).unwrap_or(bytes.len());
    Ok(input.take_split(end))
}

// ---------------------------------------------------------------------------
// Tokens and helpers
// ---------------------------------------------------------------------------

/// Whitespace between tokens: space, tab, LF, CR, vertical tab, form feed.
#[inline]
pub fn skip_ws<'a, I: SgfInput<'a>>(input: I) -> I {
    let n = ws_len(input.bytes());
    if n == 0 { input } else { input.take_from(n) }
}

/// Whether the `(` at `paren` opens a game tree: `;` follows it, after
/// optional whitespace (the rule of [`collection`]).
#[inline]
pub(crate) fn opens_tree(bytes: &[u8], paren: usize) -> bool {
    let after = paren + 1;
    after <= bytes.len() && bytes.get(after + ws_len(&bytes[after..])) == Some(&b';')
}

/// Fails when `input`'s bytes `from..to`, about to be skipped as junk, hold
/// a node (`;` then a property) or a tree without its `;` (`(` then a
/// property); see [`collection`]. One pass over the junk.
fn reject_tree_content<'a, I: SgfInput<'a>>(input: I, from: usize, to: usize) -> PResult<I, ()> {
    let bytes = &input.bytes()[..to];
    let mut i = from;
    while let Some(k) = memchr::memchr2(b';', b'(', &bytes[i..]) {
        let at = i + k;
        let ident = at + 1 + ws_len(&bytes[at + 1..]);
        let name = bytes[ident..]
            .iter()
            .position(|b| !b.is_ascii_alphabetic())
            .unwrap_or(bytes.len() - ident);
        let after = ident + name + ws_len(&bytes[ident + name..]);
        let is_ident = bytes[ident..ident + name]
            .iter()
            .any(u8::is_ascii_uppercase);
        if is_ident && bytes.get(after) == Some(&b'[') {
            let (where_, expected) = match bytes[at] {
                b';' => (at, Expected::Char(b'(')),
                _ => (ident, Expected::Char(b';')),
            };
            return Err(Err::Failure(SyntaxError::new(
                input.take_from(where_),
                expected,
            )));
        }
        i = at + 1;
    }
    Ok((input, ()))
}

/// Where the next game tree starts at or after `from`: a `(` followed, after
/// optional whitespace, by `;`.
fn find_tree_start(bytes: &[u8], from: usize) -> Option<usize> {
    let mut i = from;
    while let Some(k) = memchr::memchr(b'(', &bytes[i..]) {
        let at = i + k;
        if opens_tree(bytes, at) {
            return Some(at);
        }
        i = at + 1;
    }
    None
}

fn to_failure<E>(e: Err<E>) -> Err<E> {
    match e {
        Err::Error(e) => Err::Failure(e),
        other => other,
    }
}

#[cfg(test)]
mod reference;
#[cfg(test)]
mod tests;
