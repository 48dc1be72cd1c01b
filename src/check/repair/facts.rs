//! One look at a node's properties before [`super::repair`] touches it:
//! which repairs can apply at all, and which properties the property-level
//! repairs read. Most nodes hold one move and need nothing; this look is
//! what they cost.

use super::Ctx;
use super::tidy::{repeats_a_value, spaced_go_point};
use super::values::{Fix, fix_date, fix_komi, fix_result, fix_time};
use crate::grammar::RawValues;
use crate::grammar::value::is_real;
use crate::property::{PropertyType, lookup};
use crate::tree::Node;

/// What one pass over a node's properties tells [`super::Repairer::game`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct Facts {
    /// A property-level repair ([`super::Repairer::node`]) may apply: one of
    /// the conditions its passes start with holds (KI, L, M,
    /// BM with TE, an identifier given twice, or a DT, RE, KM or TM value
    /// not in FF\[4\] form).
    /// `true` may be too cautious, never wrong. A pass `tt` alone sets
    /// [`Facts::tt`] instead.
    pub(super) repair: bool,
    /// A `B` or `W` with a value `tt` on a Go board up to 19×19, in a tree
    /// that becomes FF\[4\] (R001).
    pub(super) tt: bool,
    /// A move property (by the property table for the game).
    pub(super) moves: bool,
    /// A setup property.
    pub(super) setup: bool,
    /// A `B` property.
    pub(super) black: bool,
    /// A `W` property.
    pub(super) white: bool,
    /// No property at all.
    pub(super) empty: bool,
}

impl Facts {
    /// [`super::Repairer::split`] may split the node (a move beside setup
    /// properties, or a move in a root).
    pub(super) fn may_split(self, is_root: bool) -> bool {
        self.moves && (self.setup || is_root)
    }
}

/// Looks at every property of `node` once, on the raw identifier and
/// values text (no [`crate::tree::Property`] is built, no value decoded).
pub(super) fn facts(node: Node<'_, '_>, ctx: &Ctx) -> Facts {
    let mut props = node.raw_properties();
    // Most nodes hold one move, `B[pd]`: what `every_property` would find,
    // without its identifier matching.
    if let (1, Some((ident @ (b"B" | b"W"), raw @ [b'[', _, _, b']']))) =
        (props.len(), props.next())
    {
        let black = ident == b"B";
        let ty = if black { ctx.black } else { ctx.white };
        return Facts {
            tt: ctx.tt_pass && raw[1..3] == *b"tt",
            moves: ty == Some(PropertyType::Move),
            setup: ty == Some(PropertyType::Setup),
            black,
            white: !black,
            ..Facts::default()
        };
    }
    every_property(node, ctx)
}

/// [`facts`] the long way: each property's identifier matched.
fn every_property(node: Node<'_, '_>, ctx: &Ctx) -> Facts {
    const MANY: usize = 16;
    let mut f = Facts::default();
    // The identifiers seen so far, by `key` (no string comparison).
    let mut seen = [0u16; MANY];
    let (mut bm, mut te) = (false, false);
    f.empty = true;
    for (k, (ident, values_raw)) in node.raw_properties().enumerate() {
        f.empty = false;
        let key = key(ident);
        // An unusual identifier (no key) is taken as a possible duplicate:
        // too cautious, never wrong.
        if k >= MANY || key == 0 || seen[..k].contains(&key) {
            f.repair = true;
        } else {
            seen[k] = key;
        }
        // Comments are the long values, and never lists: not searched.
        f.repair |= !matches!(ident, b"C" | b"GC") && repeats_a_value(values_raw);
        let ty = match ident {
            b"B" => {
                f.black = true;
                f.tt |= ctx.tt_pass && is_pass(values_raw);
                f.repair |= spaced_move(values_raw, ctx);
                ctx.black
            }
            b"W" => {
                f.white = true;
                f.tt |= ctx.tt_pass && is_pass(values_raw);
                f.repair |= spaced_move(values_raw, ctx);
                ctx.white
            }
            _ => {
                match ident {
                    b"KI" | b"L" | b"M" => f.repair = true,
                    b"TM" | b"DT" | b"RE" | b"KM" | b"BL" | b"WL" => {
                        f.repair |= game_info_repair(ident, values_raw, ctx.fox_komi);
                    }
                    b"AP" => f.repair |= RawValues::new(values_raw).any(text_pair_without_colon),
                    b"BM" => bm = true,
                    b"TE" => te = true,
                    _ => {}
                }
                // As `Property::ident` reads it: text that is not UTF-8 is
                // no identifier.
                let ident = std::str::from_utf8(ident).unwrap_or("");
                lookup(ident, ctx.gm).map(|i| i.property_type)
            }
        };
        match ty {
            Some(PropertyType::Move) => f.moves = true,
            Some(PropertyType::Setup) => f.setup = true,
            _ => {}
        }
    }
    f.repair |= bm && te;
    f
}

/// True if `Repairer::game_info` or `Repairer::overtime` may report or
/// change the game-info property `ident` (`DT`, `RE`, `KM` or `TM`) with
/// the values text `raw`, left as it is by the other repairs: it has one
/// value, in UTF-8, that is not already FF\[4\] (or a `TM` with an
/// overtime part). Most files have valid values: their root nodes need no
/// copy of their properties.
fn game_info_repair(ident: &[u8], raw: &[u8], fox_komi: bool) -> bool {
    let mut values = RawValues::new(raw);
    let (Some(value), None) = (values.next(), values.next()) else {
        return false;
    };
    // Seconds left, in nearly every move node of a timed game: most are
    // already Reals (`34.` and `.5` are not: R023 writes them `34` and
    // `0.5`).
    if matches!(ident, b"BL" | b"WL") && is_real(value) {
        return false;
    }
    let Ok(text) = std::str::from_utf8(value) else {
        return false;
    };
    let fix = match ident {
        b"DT" => fix_date(text),
        b"RE" => fix_result(text),
        b"KM" => fix_komi(text, fox_komi, false),
        b"BL" | b"WL" => fix_time(text),
        _ => {
            if text.contains(['(', '+']) {
                return true;
            }
            fix_time(text)
        }
    };
    fix != Fix::Valid
}

/// True if the values text `raw` of a `B` or `W` is one Go move written
/// with white space that [`super::Repairer::tidy`] writes without it.
fn spaced_move(raw: &[u8], ctx: &Ctx) -> bool {
    ctx.game == crate::game::GameType::Go
        && raw.iter().any(u8::is_ascii_whitespace)
        && RawValues::new(raw).any(|v| spaced_go_point(v, ctx).is_some())
}

/// A number for an identifier of one or two capital letters (nearly all),
/// different for each; 0 for any other.
fn key(ident: &[u8]) -> u16 {
    let letter = |b: u8| {
        if b.is_ascii_uppercase() {
            u16::from(b - b'A' + 1)
        } else {
            0
        }
    };
    match *ident {
        [a] => letter(a),
        [a, b] if letter(a) != 0 && letter(b) != 0 => letter(a) * 32 + letter(b),
        _ => 0,
    }
}

/// True if a value of the values text `raw` is the pass `tt`. The common
/// single value `[xy]` is compared in place.
fn is_pass(raw: &[u8]) -> bool {
    match raw {
        [b'[', x, y, b']'] => [*x, *y] == *b"tt",
        _ => RawValues::new(raw).any(|v| v == b"tt"),
    }
}

/// True if the property-level repairs read the values of a property with
/// this identifier (besides identifiers given twice in a node, which
/// `merge` reads): the others are kept as they are, and their values need
/// not be copied out of the tree.
pub(super) fn values_read(ident: &str) -> bool {
    matches!(
        ident,
        "B" | "W" | "KI" | "KM" | "L" | "M" | "BM" | "TE" | "TM" | "DT" | "RE" | "AP" | "BL" | "WL"
    )
}

/// True for a value of a text pair (`AP`) that FF\[4\] writes
/// `name:version` but that has no unescaped `:` (and is not empty):
/// [`Repairer::text_pair`](super::Repairer) adds the `:`.
pub(super) fn text_pair_without_colon(value: &[u8]) -> bool {
    !value.is_empty() && crate::text::find_unescaped(value, b':').is_none()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::parse_lenient;

    /// The one-move shortcut of `facts` finds what the loop over every
    /// property finds, on a board where `tt` is a pass and on one where it
    /// is a point, in roots and in other nodes.
    #[test]
    fn the_lone_move_shortcut_agrees_with_the_loop() {
        for sz in ["9", "19", "21", "19:21"] {
            let text = format!(
                "(;SZ[{sz}];B[pd];W[tt];B[tt]C[x];W[pd][qd];B[aa]AB[bb];W[];B[p];KI[1];AB[cc];W[dd]W[ee])(;B[aa])"
            );
            let (c, _) = parse_lenient(text.as_bytes(), &crate::ParseOptions::default());
            for root in c.games() {
                let (game, _) = root.game().unwrap_or_else(|e| e.read_as_go());
                let gm = game.gm();
                let size = root.board_size(game).ok().map(|(size, _)| size);
                let ctx = Ctx {
                    gm,
                    game,
                    size,
                    tt_pass: game == crate::game::GameType::Go
                        && size.is_some_and(|s| s.columns <= 19 && s.rows <= 19),
                    black: lookup("B", gm).map(|i| i.property_type),
                    white: lookup("W", gm).map(|i| i.property_type),
                    fox_komi: false,
                };
                let mut seen = 0;
                for n in root.descendants() {
                    assert_eq!(
                        facts(n, &ctx),
                        every_property(n, &ctx),
                        "SZ[{sz}] node {:?}",
                        n.id()
                    );
                    seen += 1;
                }
                assert!(seen >= 1);
            }
        }
    }
}
