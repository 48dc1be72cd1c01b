//! The structural rules as they were before the structural scanner
//! (`super::structural`): plain byte loops and one memchr call per long
//! value. The tests hold the grammar to this copy event for event and error
//! for error (`tests::same_events_as_reference`).

// The junk between trees is looked at by the grammar's own helpers, which
// the scanner left as they were.
use super::{Ident, Limits, PResult, RawProperty, SgfInput, SyntaxError, Visitor};
use super::{find_tree_start, reject_tree_content, to_failure};
use crate::error::{Expected, JunkPlace};
use nom::Err;

pub(super) fn collection<'a, I, V>(
    visitor: &mut V,
    limits: Limits,
) -> impl FnMut(I) -> PResult<I, ()>
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

pub(super) fn game_tree<'a, I, V>(
    visitor: &mut V,
    limits: Limits,
) -> impl FnMut(I) -> PResult<I, ()>
where
    I: SgfInput<'a>,
    V: Visitor<'a>,
{
    move |input: I| {
        if input.bytes().first() != Some(&b'(') {
            return Err(Err::Error(SyntaxError::new(input, Expected::Char(b'('))));
        }
        visitor.start_tree(input.bytes());
        // The openers of the trees still open; only kept for error messages.
        let mut open: Vec<I> = vec![input.clone()];
        let mut i = input.take_from(1);
        loop {
            // A sequence must follow every `(`.
            let (rest, ()) = sequence(visitor)(skip_ws(i)).map_err(to_failure)?;
            i = skip_ws(rest);
            // Then nested trees and closing parentheses.
            loop {
                match i.bytes().first() {
                    Some(b'(') => {
                        if open.len() >= limits.max_depth as usize {
                            let mut e = SyntaxError::new(i, Expected::Char(b')'));
                            e.depth_limit = Some(limits.max_depth);
                            return Err(Err::Failure(e));
                        }
                        visitor.start_tree(i.bytes());
                        open.push(i.clone());
                        i = i.take_from(1);
                        break;
                    }
                    Some(b')') => {
                        visitor.end_tree(i.bytes());
                        open.pop();
                        i = i.take_from(1);
                        if open.is_empty() {
                            return Ok((i, ()));
                        }
                        i = skip_ws(i);
                    }
                    _ => {
                        let mut e = SyntaxError::new(i, Expected::Char(b')'));
                        e.opened = open.pop();
                        return Err(Err::Failure(e));
                    }
                }
            }
        }
    }
}

pub(super) fn sequence<'a, I, V>(visitor: &mut V) -> impl FnMut(I) -> PResult<I, ()>
where
    I: SgfInput<'a>,
    V: Visitor<'a>,
{
    move |input: I| {
        let (mut i, ()) = node(visitor)(input)?;
        loop {
            let next = skip_ws(i.clone());
            if next.bytes().first() != Some(&b';') {
                return Ok((i, ()));
            }
            let (rest, ()) = node(visitor)(next)?;
            i = rest;
        }
    }
}

pub(super) fn node<'a, I, V>(visitor: &mut V) -> impl FnMut(I) -> PResult<I, ()>
where
    I: SgfInput<'a>,
    V: Visitor<'a>,
{
    move |input: I| {
        if input.bytes().first() != Some(&b';') {
            return Err(Err::Error(SyntaxError::new(input, Expected::Char(b';'))));
        }
        visitor.start_node(input.bytes());
        let mut i = skip_ws(input.take_from(1));
        loop {
            match i.bytes().first() {
                Some(b) if b.is_ascii_alphabetic() => {
                    let (rest, prop) = property(i).map_err(to_failure)?;
                    visitor.property(prop);
                    i = skip_ws(rest);
                }
                Some(b';' | b'(' | b')') | None => return Ok((i, ())),
                _ => return Err(Err::Failure(SyntaxError::new(i, Expected::NodeOrTree))),
            }
        }
    }
}

pub(super) fn property<'a, I: SgfInput<'a>>(input: I) -> PResult<I, RawProperty<'a>> {
    let (rest, ident) = prop_ident(input)?;
    let first = skip_ws(rest);
    let (mut i, _) = prop_value(first.clone())?;
    loop {
        let next = skip_ws(i.clone());
        if next.bytes().first() != Some(&b'[') {
            break;
        }
        let (rest, _) = prop_value(next)?;
        i = rest;
    }
    let values_len = first.offset(&i);
    let values_raw = &first.bytes()[..values_len];
    Ok((i, RawProperty::new(ident.0, values_raw)))
}

pub(super) fn prop_ident<'a, I: SgfInput<'a>>(input: I) -> PResult<I, Ident<'a>> {
    let bytes = input.bytes();
    let len = bytes
        .iter()
        .position(|b| !b.is_ascii_alphabetic())
        .unwrap_or(bytes.len());
    if len == 0 || !bytes[..len].iter().any(u8::is_ascii_uppercase) {
        return Err(Err::Error(SyntaxError::new(input, Expected::PropIdent)));
    }
    Ok((input.take_from(len), Ident(&bytes[..len])))
}

pub(super) fn prop_value<'a, I: SgfInput<'a>>(input: I) -> PResult<I, I> {
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

pub(super) fn c_value_type<'a, I: SgfInput<'a>>(input: I) -> PResult<I, I> {
    let bytes = input.bytes();
    let end = value_end(bytes).unwrap_or(bytes.len());
    Ok(input.take_split(end))
}

// ---------------------------------------------------------------------------
// Tokens and helpers
// ---------------------------------------------------------------------------

pub(super) fn skip_ws<'a, I: SgfInput<'a>>(input: I) -> I {
    let n = ws_len(input.bytes());
    if n == 0 { input } else { input.take_from(n) }
}

pub(super) fn is_ws(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0B | 0x0C)
}

fn ws_len(bytes: &[u8]) -> usize {
    bytes.iter().position(|&b| !is_ws(b)).unwrap_or(bytes.len())
}

pub(super) fn value_end(bytes: &[u8]) -> Option<usize> {
    const SHORT: usize = 16;
    // The most common value of all, a two-letter point (`[pd]`).
    if let [a, b, b']', ..] = *bytes
        && !matches!(a, b']' | b'\\')
        && !matches!(b, b']' | b'\\')
    {
        return Some(2);
    }
    let mut i = 0;
    let short = bytes.len().min(SHORT);
    while i < short {
        match bytes[i] {
            b']' => return Some(i),
            b'\\' => i += 2,
            _ => i += 1,
        }
    }
    while i < bytes.len() {
        let k = memchr::memchr2(b']', b'\\', &bytes[i..])?;
        let at = i + k;
        if bytes[at] == b']' {
            return Some(at);
        }
        i = at + 2;
    }
    None
}
